import Foundation

/// Finding the JavaScript and TypeScript calls that set an alternate icon: only names bound
/// by an import of the plugin's package.
extension AlternateIconResolver {
    enum Binding {
        case function(AlternateIconAPI)
        case namespace(AlternateIconAPI)
        case capacitorObject
    }

    static let packages: [String: AlternateIconAPI] = [
        "react-native-change-icon": .reactNativeChangeIcon,
        "expo-alternate-app-icons": .expoAlternateAppIcons,
        "@capacitor-community/app-icon": .capacitorAppIcon,
        "expo-dynamic-app-icon": .expoDynamicAppIcon,
        "@mozzius/expo-dynamic-app-icon": .expoDynamicAppIcon,
        "@bsky.app/expo-dynamic-app-icon": .expoDynamicAppIcon,
        "@howincodes/expo-dynamic-app-icon": .expoDynamicAppIconPrefixed,
    ]

    static func exportedName(_ api: AlternateIconAPI) -> String {
        switch api {
        case .reactNativeChangeIcon: return "changeIcon"
        case .expoAlternateAppIcons: return "setAlternateAppIcon"
        case .expoDynamicAppIcon, .expoDynamicAppIconPrefixed: return "setAppIcon"
        default: return "AppIcon"
        }
    }

    /// Local names bound to the plugins' functions: `import { changeIcon as set } from
    /// 'react-native-change-icon'`, `import * as Icons from …`, `const { AppIcon } =
    /// require('@capacitor-community/app-icon')`, `const Icons = require(…)`, `const { changeIcon }
    /// = await import('react-native-change-icon')`.
    func javaScriptBindings() -> [String: Binding] {
        var bindings: [String: Binding] = [:]
        func bind(specifiers: Range<Int>, api: AlternateIconAPI) {
            // `{ a, b as c }` or `{ a, b: c }`.
            var index = specifiers.lowerBound
            while index < specifiers.upperBound, stream.meter.charge() {
                let token = stream[index]
                if token.kind == .identifier && token.text != "type" {
                    var local = token.text
                    if index + 2 < specifiers.upperBound, stream[index + 1].isIdentifier("as") || stream[index + 1].isPunctuation(":"),
                        stream[index + 2].kind == .identifier
                    {
                        local = stream[index + 2].text
                        index += 2
                    }
                    if token.text == Self.exportedName(api) {
                        bindings[local] = api == .capacitorAppIcon ? .capacitorObject : .function(api)
                    }
                }
                index += 1
            }
        }
        for index in 0..<stream.count {
            let token = stream[index]
            guard token.kind == .string, token.isStatic, let api = Self.packages[token.text] else { continue }
            if stream.isIdentifier(index - 1, "from") {
                // Walk back to `import`.
                // Back to `import`, not past the previous statement (`export { x } from` binds nothing).
                var start = index - 2
                while start >= 0 && !stream[start].isIdentifier("import") && index - start < 200
                    && !stream[start].isPunctuation(";") && stream[start].kind != .string && !stream[start].isIdentifier("export")
                {
                    start -= 1
                }
                guard start >= 0, stream[start].isIdentifier("import") else { continue }
                var cursor = start + 1
                while cursor < index - 1, stream.meter.charge() {
                    if stream[cursor].isPunctuation("{"), stream.partner[cursor] > cursor {
                        bind(specifiers: (cursor + 1)..<stream.partner[cursor], api: api)
                        cursor = stream.partner[cursor] + 1
                        continue
                    }
                    if stream[cursor].isPunctuation("*"), stream.isIdentifier(cursor + 1, "as"), cursor + 2 < index - 1,
                        stream[cursor + 2].kind == .identifier
                    {
                        bindings[stream[cursor + 2].text] = .namespace(api)
                        cursor += 3
                        continue
                    }
                    cursor += 1
                }
            } else if stream.isPunctuation(index - 1, "("), stream.isPunctuation(index + 1, ")"),
                (stream.isIdentifier(index - 2, "require") && stream.isPunctuation(index - 3, "="))
                    || (stream.isIdentifier(index - 2, "import") && stream.isIdentifier(index - 3, "await")
                        && stream.isPunctuation(index - 4, "="))
            {
                // `… = require('pkg')`, `… = await import('pkg')` (a plugin loaded on demand).
                let target = stream.isIdentifier(index - 2, "import") ? index - 5 : index - 4
                if target >= 0, stream[target].isPunctuation("}"), stream.partner[target] >= 0 {
                    bind(specifiers: (stream.partner[target] + 1)..<target, api: api)
                } else if target >= 0, stream[target].kind == .identifier {
                    bindings[stream[target].text] = .namespace(api)
                }
            }
        }
        return bindings
    }

    func javaScriptCalls() -> [PendingCallSite] {
        let bindings = javaScriptBindings()
        guard !bindings.isEmpty else { return [] }
        var result: [PendingCallSite] = []
        for index in 0..<stream.count {
            let token = stream[index]
            guard token.kind == .identifier, let binding = bindings[token.text],
                !stream.isPunctuation(index - 1, "."), !stream.isPunctuation(index - 1, "?.")
            else { continue }
            switch binding {
            case .function(let api):
                if stream.isPunctuation(index + 1, "("), !stream.isIdentifier(index - 1, "function") {
                    result.append(pluginCall(api, nameAt: index, open: index + 1))
                }
            case .capacitorObject:
                if stream.isPunctuation(index + 1, "."), stream.isIdentifier(index + 2, "change"), stream.isPunctuation(index + 3, "(") {
                    result.append(pluginCall(.capacitorAppIcon, nameAt: index + 2, open: index + 3))
                }
            case .namespace(let api):
                guard stream.isPunctuation(index + 1, ".") else { continue }
                if api == .capacitorAppIcon {
                    if stream.isIdentifier(index + 2, "AppIcon"), stream.isPunctuation(index + 3, "."),
                        stream.isIdentifier(index + 4, "change"), stream.isPunctuation(index + 5, "(")
                    {
                        result.append(pluginCall(.capacitorAppIcon, nameAt: index + 4, open: index + 5))
                    }
                } else if stream.isIdentifier(index + 2, Self.exportedName(api)), stream.isPunctuation(index + 3, "(") {
                    result.append(pluginCall(api, nameAt: index + 2, open: index + 3))
                }
            }
        }
        return result
    }

    /// What each plugin hands to `setAlternateIconName` (read from their sources):
    /// - react-native-change-icon 5: the name unchanged; no name, "" and "Default" mean the
    ///   primary (its iOS module passes nil then).
    /// - expo-alternate-app-icons: the name unchanged; null means the primary.
    /// - @capacitor-community/app-icon: `change({ name })`, the name unchanged; an empty name
    ///   is refused before iOS is asked.
    /// - expo-dynamic-app-icon (and forks): `setAppIcon(name)`, the name unchanged (the
    ///   @howincodes fork prefixes `AppIcon-`, see `AlternateIconAPI.nameReachingIOS`); null
    ///   or "" mean the primary.
    func pluginCall(_ api: AlternateIconAPI, nameAt index: Int, open: Int) -> PendingCallSite {
        let argument = stream.firstArgument(openedAt: open, limit: Self.maxArgumentTokens)
        var value: ResolvedValue
        switch api {
        case .capacitorAppIcon:
            value = capacitorName(argument, at: index)
        default:
            if !argument.isEmpty {
                value = resolve(argument, at: index)
            } else {
                value = .primary
            }
        }
        if api == .reactNativeChangeIcon {
            let primary = value.names.filter { $0.name.isEmpty || $0.name == "Default" }
            if !primary.isEmpty {
                value.names.removeAll { $0.name.isEmpty || $0.name == "Default" }
                value.canBePrimary = true
            }
        }
        if api == .capacitorAppIcon { value.names.removeAll { $0.name.isEmpty } }
        // The dynamic-app-icon modules pass nil for null or "" (the primary).
        if api == .expoDynamicAppIcon || api == .expoDynamicAppIconPrefixed, value.names.contains(where: { $0.name.isEmpty }) {
            value.names.removeAll { $0.name.isEmpty }
            value.canBePrimary = true
        }
        return site(api, at: index, value: value)
    }

    /// The `name` of `{ name: 'x', suppressNotification: true }` (also `{ name }`).
    func capacitorName(_ argument: Range<Int>, at call: Int) -> ResolvedValue {
        guard argument.count >= 2, argument.count <= Self.maxArgumentTokens, stream[argument.lowerBound].isPunctuation("{"),
            stream.partner[argument.lowerBound] == argument.upperBound - 1
        else { return .dynamic }
        for property in stream.arguments(openedAt: argument.lowerBound) where !property.isEmpty {
            let key = stream[property.lowerBound]
            if key.isPunctuation("...") { return .dynamic }
            guard (key.kind == .identifier || (key.kind == .string && key.isStatic)) && key.text == "name" else { continue }
            if property.count == 1 { return resolve(property, at: call) }
            guard stream[property.lowerBound + 1].isPunctuation(":") else { return .dynamic }
            return resolve((property.lowerBound + 2)..<property.upperBound, at: call)
        }
        return .dynamic
    }
}
