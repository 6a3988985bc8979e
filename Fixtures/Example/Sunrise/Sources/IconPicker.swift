import SwiftUI
import UIKit

/// The icons a user can pick; the raw value is the name iOS knows the icon by.
enum AppIcon: String, CaseIterable {
    case standard = "AppIcon"
    case classic = "Classic"
    case midnight = "Midnight"

    var iconName: String? { self == .standard ? nil : rawValue }
}

struct IconPicker: View {
    var body: some View {
        List {
            ForEach(AppIcon.allCases, id: \.self) { icon in
                Button(icon.rawValue) { UIApplication.shared.setAlternateIconName(icon.iconName) }
            }
            Button("Retro") { UIApplication.shared.setAlternateIconName("Retor") }
        }
    }
}
