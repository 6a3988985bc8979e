import UIKit

func useDusk() {
    UIApplication.shared.setAlternateIconName("Dusk")
}

func useDawn() {
    UIApplication.shared.setAlternateIconName("Dawn")
}
