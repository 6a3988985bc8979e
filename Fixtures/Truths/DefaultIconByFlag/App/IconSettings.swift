import UIKit

final class IconSettings {
    var prefersDefault = false

    func apply(_ icon: AppIconChoice) {
        UIApplication.shared.setAlternateIconName(icon.isDefault ? nil : icon.rawValue) { error in
            if let error { print(error) }
        }
    }

    func reset(_ icon: AppIconChoice) {
        let name: String? = icon != AppIconChoice.defaultIcon ? icon.rawValue : nil
        UIApplication.shared.setAlternateIconName(name)
    }

    func applyFree(_ icon: AppIconChoice) {
        guard !icon.isPremium else { return }
        UIApplication.shared.setAlternateIconName(icon.isDefault ? nil : icon.rawValue)
    }

    func restore(_ icon: AppIconChoice) {
        let black = AppIconChoice.black
        UIApplication.shared.setAlternateIconName(prefersDefault ? nil : black.rawValue)
    }
}
