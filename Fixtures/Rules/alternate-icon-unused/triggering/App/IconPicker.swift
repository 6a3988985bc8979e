import UIKit

func resetIcon() {
    UIApplication.shared.setAlternateIconName(nil)
}
