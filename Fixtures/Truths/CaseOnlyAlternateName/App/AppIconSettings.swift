import UIKit

enum AppIconColor: String, CaseIterable {
    case red = "AppIcon"
    case blue = "AppIcon-blue"
    case green = "AppIcon-green"

    var isDefault: Bool {
        self == .red
    }
}

final class AppIconSettings {
    func apply(_ color: AppIconColor) {
        UIApplication.shared.setAlternateIconName(color.isDefault ? nil : color.rawValue) { error in
            if let error { print("Could not change the icon: \(error)") }
        }
    }
}
