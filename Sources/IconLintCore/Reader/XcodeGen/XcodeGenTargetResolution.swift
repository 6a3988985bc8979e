import Foundation

/// XcodeGen's resolution of `targets` before it reads them: a target whose `platform` is a
/// list becomes one target per platform (`Name_iOS`, or `platformPrefix`/`platformSuffix`,
/// `${platform}` replaced, PRODUCT_NAME kept), and `templates` merge the `targetTemplates`
/// they name (nested templates first, each once) under the target, with `${target_name}`
/// and the target's `templateAttributes` replaced. Multi-platform targets are split again
/// afterwards, as XcodeGen does, so a template can bring a platform list.
enum XcodeGenTargetResolution {
    static func resolve(_ root: YAMLNode, work: inout XcodeGenWork) throws(XcodeGenSpec.Failure) -> YAMLNode {
        var root = root
        root = try splitPlatforms(root, work: &work)
        root = try applyTemplates(root, work: &work)
        root = try splitPlatforms(root, work: &work)
        return root
    }

    private static func replacing(_ root: YAMLNode, key: String, with value: YAMLNode) -> YAMLNode {
        guard var pairs = root.pairs else { return root }
        if let index = pairs.lastIndex(where: { $0.key == key }) {
            pairs[index].value = value
        } else {
            pairs.append(.init(key: key, keyLine: value.line, value: value))
        }
        return YAMLNode(.mapping(pairs), file: root.file, line: root.line)
    }

    static func splitPlatforms(_ root: YAMLNode, work: inout XcodeGenWork) throws(XcodeGenSpec.Failure) -> YAMLNode {
        guard let targets = root["targets"], let pairs = targets.pairs else { return root }
        var result: [YAMLNode.Pair] = []
        for pair in pairs {
            guard pair.value.pairs != nil, let platforms = pair.value["platform"]?.items else {
                result.append(pair)
                continue
            }
            for platformNode in platforms {
                guard let platform = platformNode.string else { continue }
                try work.spend(pair.value.weight, at: pair.value.file)
                var target = expanding(pair.value, ["platform": platform])
                target = replacing(target, key: "platform", with: YAMLNode(.scalar(platform, plain: false), file: platformNode.file, line: platformNode.line))
                let suffix = target["platformSuffix"]?.string ?? "_\(platform)"
                let prefix = target["platformPrefix"]?.string ?? ""
                target = withProductName(target, pair.key)
                result.append(.init(key: prefix + pair.key + suffix, keyLine: pair.keyLine, value: target))
            }
        }
        return replacing(root, key: "targets", with: YAMLNode(.mapping(result), file: targets.file, line: targets.line))
    }

    /// PRODUCT_NAME = the target's name unless its settings set one.
    private static func withProductName(_ target: YAMLNode, _ name: String) -> YAMLNode {
        let settings = target["settings"] ?? YAMLNode(.mapping([]), file: target.file, line: target.line)
        let nameNode = YAMLNode(.scalar(name, plain: false), file: target.file, line: target.line)
        let structured = settings["configs"] != nil || settings["groups"] != nil || settings["base"] != nil
        var updated = settings
        if structured {
            let base = settings["base"] ?? YAMLNode(.mapping([]), file: settings.file, line: settings.line)
            if base["PRODUCT_NAME"] == nil { updated = replacing(settings, key: "base", with: replacing(base, key: "PRODUCT_NAME", with: nameNode)) }
        } else if settings["PRODUCT_NAME"] == nil {
            updated = replacing(settings, key: "PRODUCT_NAME", with: nameNode)
        }
        return replacing(target, key: "settings", with: updated)
    }

    static func applyTemplates(_ root: YAMLNode, work: inout XcodeGenWork) throws(XcodeGenSpec.Failure) -> YAMLNode {
        guard let targets = root["targets"], let pairs = targets.pairs else { return root }
        let templates = root["targetTemplates"]
        var result: [YAMLNode.Pair] = []
        for pair in pairs {
            var names: [String] = []
            var index = 0
            collect(pair.value, templates: templates, into: &names, at: &index, depth: 0)
            guard !names.isEmpty else {
                result.append(pair)
                continue
            }
            var merged = YAMLNode(.mapping([]), file: pair.value.file, line: pair.value.line)
            for name in names {
                if let template = templates?[name], template.pairs != nil { merged = try XcodeGenMerge.merged(template, onto: merged, work: &work) }
            }
            var target = try XcodeGenMerge.merged(pair.value, onto: merged, work: &work)
            try work.spend(target.weight, at: target.file)
            target = expanding(target, ["target_name": pair.key])
            if let attributes = target["templateAttributes"]?.pairs {
                var values: [String: String] = [:]
                for attribute in attributes { if let text = attribute.value.string { values[attribute.key] = text } }
                try work.spend(target.weight, at: target.file)
                target = expanding(target, values)
            }
            result.append(.init(key: pair.key, keyLine: pair.keyLine, value: target))
        }
        return replacing(root, key: "targets", with: YAMLNode(.mapping(result), file: targets.file, line: targets.line))
    }

    /// Template names in XcodeGen's order: each template's own templates before it.
    private static func collect(_ node: YAMLNode, templates: YAMLNode?, into names: inout [String], at index: inout Int, depth: Int) {
        guard depth < 32, let list = node["templates"]?.items else { return }
        for name in list.compactMap(\.string) where !names.contains(name) {
            guard let template = templates?[name] else { continue }
            names.insert(name, at: index)
            collect(template, templates: templates, into: &names, at: &index, depth: depth + 1)
            index += 1
        }
    }

    /// The node with each `${name}` of `variables` replaced in its strings and keys.
    static func expanding(_ node: YAMLNode, _ variables: [String: String]) -> YAMLNode {
        guard !variables.isEmpty else { return node }
        switch node.kind {
        case .scalar(let text, let plain):
            guard text.contains("${") else { return node }
            return YAMLNode(.scalar(substitute(text, variables), plain: plain), file: node.file, line: node.line)
        case .sequence(let items):
            return YAMLNode(.sequence(items.map { expanding($0, variables) }), file: node.file, line: node.line)
        case .mapping(let pairs):
            let expanded = pairs.map { pair in
                YAMLNode.Pair(
                    key: pair.key.contains("${") ? substitute(pair.key, variables) : pair.key, keyLine: pair.keyLine,
                    value: expanding(pair.value, variables))
            }
            return YAMLNode(.mapping(expanded), file: node.file, line: node.line)
        }
    }

    /// `${name}` replaced where `variables` has the name; others stay as written.
    static func substitute(_ text: String, _ variables: [String: String]) -> String {
        var result = ""
        var rest = Substring(text)
        while let open = rest.range(of: "${") {
            result += rest[..<open.lowerBound]
            guard let close = rest[open.upperBound...].firstIndex(of: "}") else {
                rest = rest[open.lowerBound...]
                break
            }
            let name = String(rest[open.upperBound..<close])
            result += variables[name] ?? String(rest[open.lowerBound...close])
            rest = rest[rest.index(after: close)...]
        }
        return result + rest
    }

    /// Names of the `${name}` references in a text.
    static func references(_ text: String) -> [String] {
        var names: [String] = []
        var rest = Substring(text)
        while let open = rest.range(of: "${"), let close = rest[open.upperBound...].firstIndex(of: "}") {
            names.append(String(rest[open.upperBound..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return names
    }
}
