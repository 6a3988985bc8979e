import UIKit

func useDarkIcon() {
    UIApplication.shared.setAlternateIconName("Drak") { _ in }
}
