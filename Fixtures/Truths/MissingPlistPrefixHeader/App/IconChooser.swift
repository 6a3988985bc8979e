import UIKit

enum IconChooser {
    static func pride() {
        UIApplication.shared.setAlternateIconName("Pride")
    }

    static func seasonal() {
        UIApplication.shared.setAlternateIconName("Seasonal")
    }
}
