import UIKit

enum AppIconChoice: String, CaseIterable, Identifiable {
    case black = "BlackIcon"
    case white = "WhiteIcon"
    case gold = "GoldIcon"

    static let defaultIcon: AppIconChoice = .black

    var id: String { rawValue }

    var isDefault: Bool {
        self == .black
    }

    var isPremium: Bool {
        switch self {
        case .gold: return true
        case .black, .white: return false
        }
    }
}
