import UIKit

enum IconSwitcher {
    static func apply(golden: Bool) {
        UIApplication.shared.setAlternateIconName(golden ? "Golden" : nil)
    }

    static func applySilver() {
        UIApplication.shared.setAlternateIconName("AppIconSilver")
    }
}
