import Foundation

/// The builds a .NET project declares, each evaluated on its own: every configuration its
/// conditions name (`'$(Configuration)|$(Platform)'=='Debug|iPhone'`, `'$(Configuration)' ==
/// 'Release'`), and Debug and Release, which every project has. Where the project pairs
/// configurations with platforms (Xamarin.iOS: `Debug|iPhoneSimulator`, `Release|iPhone`),
/// each pair is a build of its own.
struct DotNetBuild: Sendable, Hashable {
    /// "Release", or "Release|iPhone" where the project names platforms.
    var name: String
    var configuration: String
    /// The platforms this build stands for (any of them makes `==` true).
    var platforms: [String]

    /// Builds evaluated at the most: a project names a handful; a hostile one could name
    /// thousands, each evaluated over every condition. The rest are counted in `omitted`.
    static let maxBuilds = 32

    /// The builds `project` declares, in the order written (Debug and Release first).
    static func declared(in project: MSBuildProjectFile) -> [DotNetBuild] {
        var omitted: [String] = []
        return declared(in: project, omitted: &omitted)
    }

    /// The builds `project` declares, at most `maxBuilds`; the names of the others in `omitted`.
    static func declared(in project: MSBuildProjectFile, omitted: inout [String]) -> [DotNetBuild] {
        var configurations = ["Debug", "Release"]
        var known: Set<String> = ["debug", "release"]
        var pairs: [(String, String)] = []
        let written = project.properties.flatMap(\.conditions) + project.items.flatMap(\.conditions)
        for condition in Set(written).sorted() {
            for part in MSBuildCondition.split(condition, on: "and") + MSBuildCondition.split(condition, on: "or") {
                for (name, value) in assignments(in: part) where name == "configuration" {
                    if !value.isEmpty, known.insert(value.lowercased()).inserted {
                        configurations.append(value)
                    }
                }
                let found = assignments(in: part)
                if let configuration = found.first(where: { $0.name == "configuration" })?.value,
                    let platform = found.first(where: { $0.name == "platform" })?.value, !configuration.isEmpty, !platform.isEmpty
                {
                    pairs.append((configuration, platform))
                }
            }
        }
        var platformsOf: [String: [String]] = [:]
        var seenPairs: Set<String> = []
        for (paired, platform) in pairs where seenPairs.insert(paired.lowercased() + "|" + platform).inserted {
            platformsOf[paired.lowercased(), default: []].append(platform)
        }
        var builds: [DotNetBuild] = []
        for configuration in configurations {
            let platforms = platformsOf[configuration.lowercased()] ?? []
            if platforms.isEmpty {
                builds.append(DotNetBuild(name: configuration, configuration: configuration, platforms: ["iPhone", "AnyCPU"]))
            } else {
                builds += platforms.map { DotNetBuild(name: configuration + "|" + $0, configuration: configuration, platforms: [$0]) }
            }
        }
        if builds.count > maxBuilds {
            omitted = builds[maxBuilds...].map(\.name)
            builds.removeSubrange(maxBuilds...)
        }
        return builds
    }

    /// What a comparison `'$(A)|$(B)' == 'a|b'` sets each property to: [(a-name, a), (b-name, b)];
    /// empty for anything else.
    static func assignments(in comparison: String) -> [(name: String, value: String)] {
        let sides = comparison.components(separatedBy: "==")
        guard sides.count == 2, let left = MSBuildCondition.quoted(Substring(sides[0])),
            let right = MSBuildCondition.quoted(Substring(sides[1]))
        else { return [] }
        let names = left.split(separator: "|", omittingEmptySubsequences: false)
        let values = right.split(separator: "|", omittingEmptySubsequences: false)
        guard names.count == values.count else { return [] }
        return zip(names, values).compactMap { name, value in
            let trimmed = name.trimmingCharacters(in: .whitespaces)
            guard trimmed.hasPrefix("$("), trimmed.hasSuffix(")") else { return nil }
            return (String(trimmed.dropFirst(2).dropLast()).lowercased(), value.trimmingCharacters(in: .whitespaces))
        }
    }

    /// The condition evaluator for this build of `project`: its configuration and platforms,
    /// the project's iOS target framework, and the properties it sets unconditionally.
    func evaluation(for project: MSBuildProjectFile) -> MSBuildCondition {
        var condition = MSBuildCondition(values: [
            "configuration": [configuration], "platform": platforms,
            "targetframework": Self.iOSFrameworks(of: project),
        ])
        for property in project.properties where property.conditions.isEmpty && !property.value.contains("$(") {
            let key = property.name.lowercased()
            if condition.values[key] == nil { condition.values[key] = [property.value] }
        }
        return condition
    }

    /// The iOS target frameworks the project names (`net8.0-ios`), unconditionally or under a
    /// condition (`$([MSBuild]::IsOSPlatform('osx'))`): the iOS build is one of them.
    static func iOSFrameworks(of project: MSBuildProjectFile) -> [String] {
        let declared = project.properties.filter { ["targetframework", "targetframeworks"].contains($0.name.lowercased()) }
        var frameworks: [String] = []
        for property in declared.sorted(by: { $0.conditions.count < $1.conditions.count }) {
            for framework in property.value.split(separator: ";").map({ $0.trimmingCharacters(in: .whitespaces) })
            where framework.lowercased().contains("-ios") && !frameworks.contains(framework) {
                frameworks.append(framework)
            }
        }
        return frameworks
    }
}
