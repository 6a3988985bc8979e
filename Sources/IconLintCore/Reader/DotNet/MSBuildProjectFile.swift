import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The parts of an MSBuild project (`App.csproj`) the icon rules need: its properties and
/// its items, each with the conditions that guard it and the line it is written at.
///
/// Read with XMLParser, bounded as every linted file is (docs/security.md): at most `limit`
/// bytes, `maxElements` elements and `maxDepth` levels; a document type declaration (where
/// entities would be declared) is refused before the parser sees it, and external entities
/// are never resolved. Real projects stay far below: .NET MAUI's templates have about 40
/// elements, large apps' projects a few hundred.
struct MSBuildProjectFile: Sendable, Hashable {
    /// A property of a PropertyGroup (`<IncludeAllAppIcons>true</IncludeAllAppIcons>`).
    struct Property: Sendable, Hashable {
        var name: String
        var value: String
        /// The group's and the property's own Condition, as written (empty ones left out).
        var conditions: [String]
        var line: Int
    }

    /// An item of an ItemGroup (`<AlternateAppIcon Include="Dark" />`), with its metadata
    /// from attributes and from child elements.
    struct Item: Sendable, Hashable {
        var type: String
        var include: String
        var metadata: [String: String]
        var conditions: [String]
        var line: Int
    }

    var properties: [Property] = []
    var items: [Item] = []
    /// An SDK-style project (`<Project Sdk="Microsoft.NET.Sdk">`, .NET 6 and later), whose
    /// default items include every asset catalog and `Resources` file; an old-style Xamarin.iOS
    /// project lists each file as an item.
    var isSDKStyle = false

    static let limit = 4 << 20
    static let maxElements = 100_000
    static let maxDepth = 64

    enum Failure: Error, CustomStringConvertible {
        case unreadable(String)
        case refused(String)
        case malformed(String)

        var description: String {
            switch self {
            case .unreadable(let why), .refused(let why), .malformed(let why): why
            }
        }
    }

    /// Reads the project at root-relative `path`.
    static func read(_ path: String, root: String) -> Result<MSBuildProjectFile, Failure> {
        switch ProjectFile.read(root + "/" + path, root: root, limit: limit) {
        case .failure(let failure): return .failure(.unreadable("\(failure)"))
        case .success(let data): return parse(data)
        }
    }

    static func parse(_ data: Data) -> Result<MSBuildProjectFile, Failure> {
        // Entities are declared in a DOCTYPE; MSBuild projects never have one.
        if data.range(of: Data("<!DOCTYPE".utf8)) != nil || data.range(of: Data("<!ENTITY".utf8)) != nil {
            return .failure(.refused("it declares a document type (entities are not read)"))
        }
        let parser = XMLParser(data: data)
        parser.shouldResolveExternalEntities = false
        let collector = Collector()
        parser.delegate = collector
        let parsed = parser.parse()
        if let refusal = collector.refusal { return .failure(.refused(refusal)) }
        // (FoundationXML on Linux can report success for a mismatched end tag: the elements
        // left open, or the error it reported, say the document is not whole.)
        guard parsed, !collector.failed, collector.isBalanced else {
            return .failure(.malformed("it is not well-formed XML (line \(parser.lineNumber))"))
        }
        return .success(collector.project)
    }

    /// Builds the project while XMLParser walks it; stops at the first bound passed.
    private final class Collector: NSObject, XMLParserDelegate {
        var project = MSBuildProjectFile()
        var refusal: String?
        private var stack: [(name: String, condition: String?)] = []
        private var elements = 0
        private var text = ""
        /// The item or property being read (index into `project`), and its metadata element.
        private var openItem: Int?
        private var openProperty: Int?
        private var metadataName: String?
        /// An error the parser reported, and whether every element seen was closed.
        var failed = false
        var isBalanced: Bool { elements > 0 && stack.isEmpty }

        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) { failed = true }

        func parser(
            _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            elements += 1
            if elements > MSBuildProjectFile.maxElements || stack.count >= MSBuildProjectFile.maxDepth {
                refusal =
                    elements > MSBuildProjectFile.maxElements
                    ? "it has more than \(MSBuildProjectFile.maxElements) elements"
                    : "it nests elements more than \(MSBuildProjectFile.maxDepth) deep"
                parser.abortParsing()
                return
            }
            let parent = stack.last?.name
            if parent == nil, elementName == "Project", attributes["Sdk"] != nil { project.isSDKStyle = true }
            if parent == "Project", elementName == "Sdk" || elementName == "Import", attributes["Sdk"] != nil || elementName == "Sdk" {
                project.isSDKStyle = true
            }
            let conditions = (stack.compactMap(\.condition) + [attributes["Condition"]].compactMap { $0 }).filter {
                !$0.trimmingCharacters(in: .whitespaces).isEmpty
            }
            stack.append((elementName, attributes["Condition"]))
            text = ""
            if openItem != nil {
                metadataName = elementName
            } else if parent == "ItemGroup", let include = attributes["Include"] ?? attributes["Update"] {
                var metadata = attributes
                metadata["Include"] = nil
                metadata["Condition"] = nil
                project.items.append(
                    Item(type: elementName, include: include, metadata: metadata, conditions: conditions, line: parser.lineNumber))
                openItem = project.items.count - 1
            } else if parent == "PropertyGroup" {
                project.properties.append(Property(name: elementName, value: "", conditions: conditions, line: parser.lineNumber))
                openProperty = project.properties.count - 1
            }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard text.utf8.count < 1 << 16 else { return }
            text += string
        }

        func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
            guard !stack.isEmpty else {
                failed = true
                return
            }
            stack.removeLast()
            let value = text.trimmingCharacters(in: .whitespacesAndNewlines)
            if let item = openItem {
                if let name = metadataName, name == elementName {
                    project.items[item].metadata[name] = value
                    metadataName = nil
                } else if project.items[item].type == elementName {
                    openItem = nil
                }
            } else if let property = openProperty, project.properties[property].name == elementName {
                project.properties[property].value = value
                openProperty = nil
            }
            text = ""
        }
    }
}
