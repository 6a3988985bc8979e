import UIKit

enum AppIconChoice {
    static func apply(_ name: String?) {
        UIApplication.shared.setAlternateIconName(name) { _ in }
    }

    static func useNamed() {
        UIApplication.shared.setAlternateIconName("Midnight")
    }
}
