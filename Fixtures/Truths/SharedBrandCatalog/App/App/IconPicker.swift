import UIKit

final class IconPicker {
    enum Choice {
        case standard, dark, sunset, midnight
    }

    func apply(_ choice: Choice) {
        switch choice {
        case .standard: UIApplication.shared.setAlternateIconName(nil)
        case .dark: UIApplication.shared.setAlternateIconName("Dark")
        case .sunset: UIApplication.shared.setAlternateIconName("Sunset")
        case .midnight: UIApplication.shared.setAlternateIconName("Midnight")
        }
    }
}
