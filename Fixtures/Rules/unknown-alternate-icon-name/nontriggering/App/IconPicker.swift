import UIKit

func useDarkIcon() {
    UIApplication.shared.setAlternateIconName("Dark") { _ in }
}
