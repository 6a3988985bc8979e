import UIKit

func setIcon(_ name: String?) {
    UIApplication.shared.setAlternateIconName(name)
}
