import SwiftUI

struct IconVariant: Identifiable {
    let id: String
    let title: String
    let iconName: String?
}

struct IconSelector: View {
    static let variants = [
        IconVariant(id: "default", title: "Default", iconName: nil),
        IconVariant(id: "ocean", title: "Ocean", iconName: "Ocean"),
        IconVariant(id: "night", title: "Night", iconName: "NightIcon"),
        IconVariant(id: "retro", title: "Retro", iconName: "Retro"),
    ]

    let classic: [[String: Any]] = [
        ["title": "Ocean", "iconName": "Ocean"],
        ["title": "Forest", "iconName": "Forest"],
    ]

    @State var extra: [[String: String]] = [["iconName": "Ocean"]]

    var body: some View {
        List {
            ForEach(Self.variants) { variant in
                Button(variant.title) { choose(variant.id) }
            }
        }
    }

    func choose(_ id: String) {
        for variant in Self.variants where variant.id == id {
            UIApplication.shared.setAlternateIconName(variant.iconName)
        }
    }

    func chooseClassic(_ index: Int) {
        let item = classic[index]
        UIApplication.shared.setAlternateIconName(item["iconName"] as? String)
    }

    func chooseExtra(_ index: Int) {
        let item = extra[index]
        UIApplication.shared.setAlternateIconName(item["iconName"])
    }

    mutating func load() {
        extra.append(["iconName": "Downloaded"])
    }
}
