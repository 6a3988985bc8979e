import Foundation
import IconSupport
import PlistKit

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The projects an `.xcworkspace` lists.
public struct XcodeWorkspace: Sendable {
    /// Root-relative path of the `.xcworkspace` folder.
    public var path: String
    /// Root-relative `.xcodeproj` paths in the order of contents.xcworkspacedata, without repeats.
    public var projects: [String]
    public var problems: [ProjectProblem]
}

/// Reads `contents.xcworkspacedata`. `FileRef` locations are `group:` (relative to the
/// enclosing `Group`, or the workspace's folder at the top), `container:` (relative to the
/// folder holding the workspace), `absolute:`, and `self:` (inside an .xcodeproj, that
/// project); `developer:` points into Xcode and is skipped. Only `.xcodeproj` entries are
/// returned; whether they exist is the caller's check.
public enum WorkspaceReader {
    /// The `.xcodeproj` paths of the workspace (relative to `root`, or absolute), root-relative.
    public static func projects(inWorkspace path: String, root: String) -> [String] {
        read(workspacePath: path, root: root).projects
    }

    /// XMLParser's error codes carry no text on Linux; name the common ones.
    static func describeXMLError(_ code: Int?) -> String {
        switch code {
        case 4?: "the file is empty or does not start like XML"
        case 5?: "it ends before every element is closed"
        case 73?, 76?: "an element is closed with the wrong tag"
        case let code?: "XMLParser error \(code)"
        case nil: "unknown error"
        }
    }

    public static func read(workspacePath path: String, root: String) -> XcodeWorkspace {
        let absoluteRoot = ProjectPath.absolute(root)
        let absoluteWorkspace = ProjectPath.normalize(ProjectPath.join(absoluteRoot, path))
        let dataPath = ProjectPath.join(absoluteWorkspace, "contents.xcworkspacedata")
        let dataFile = ProjectPath.relative(dataPath, to: absoluteRoot)
        var workspace = XcodeWorkspace(
            path: ProjectPath.relative(absoluteWorkspace, to: absoluteRoot), projects: [],
            problems: [])
        let data: Data
        switch ProjectFile.read(dataPath, root: absoluteRoot, limit: 16 << 20) {
        case .success(let read):
            data = read
        case .failure(let failure):
            workspace.problems.append(
                ProjectProblem(
                    kind: .workspaceUnreadable,
                    message: "cannot read contents.xcworkspacedata: \(failure)",
                    location: Location(file: dataFile)))
            return workspace
        }
        guard XMLKeyLines.isSafeForXMLParser(data) else {
            // FoundationXML's XMLParser traps on some non-UTF-8 input (see XMLKeyLines).
            workspace.problems.append(
                ProjectProblem(
                    kind: .workspaceUnreadable,
                    message: "contents.xcworkspacedata is not UTF-8 text",
                    location: Location(file: dataFile, line: 1)))
            return workspace
        }
        let container = ProjectPath.parent(absoluteWorkspace)
        let delegate = WorkspaceParserDelegate(container: container, file: dataFile)
        let parser = XMLParser(data: data)
        parser.delegate = delegate
        // Linux's XMLParser can return true and still set parserError, so check both.
        let succeeded = parser.parse()
        if !succeeded || parser.parserError != nil {
            let code = (parser.parserError as NSError?)?.code
            delegate.problems.append(
                ProjectProblem(
                    kind: .workspaceUnreadable, message: "contents.xcworkspacedata is not valid XML: \(Self.describeXMLError(code))",
                    location: Location(file: dataFile, line: max(1, delegate.errorLine ?? parser.lineNumber))))
        }
        for absolute in delegate.references where absolute.lowercased().hasSuffix(".xcodeproj") {
            let relative = ProjectPath.relative(absolute, to: absoluteRoot)
            if !workspace.projects.contains(relative) { workspace.projects.append(relative) }
        }
        workspace.problems += delegate.problems
        return workspace
    }
}

private final class WorkspaceParserDelegate: NSObject, XMLParserDelegate {
    let container: String
    let file: String
    /// Absolute folders of the enclosing `Group` elements; nil for a group that points nowhere on disk.
    var groups: [String?] = []
    var references: [String] = []
    var problems: [ProjectProblem] = []
    /// Line of the first parse error, as the parser reports it while failing.
    var errorLine: Int?

    init(container: String, file: String) {
        self.container = container
        self.file = file
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        guard elementName == "FileRef" || elementName == "Group" else { return }
        let resolved = attributes["location"].flatMap { resolve($0, line: parser.lineNumber) }
        if elementName == "Group" {
            groups.append(resolved ?? (attributes["location"] == nil ? currentGroup : nil))
        } else if let resolved {
            references.append(resolved)
        }
    }

    func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
        if errorLine == nil { errorLine = parser.lineNumber }
    }

    func parser(_ parser: XMLParser, didEndElement elementName: String, namespaceURI: String?, qualifiedName: String?) {
        if elementName == "Group", !groups.isEmpty { groups.removeLast() }
    }

    private var currentGroup: String? {
        groups.isEmpty ? container : groups[groups.count - 1]
    }

    private func resolve(_ location: String, line: Int) -> String? {
        guard let colon = location.firstIndex(of: ":") else {
            problems.append(
                ProjectProblem(
                    kind: .workspaceUnreadable, message: "location \"\(location)\" has no kind",
                    location: Location(file: file, line: line)))
            return nil
        }
        let kind = location[..<colon]
        let path = String(location[location.index(after: colon)...])
        switch kind {
        case "group":
            return currentGroup.map { ProjectPath.normalize(ProjectPath.join($0, path)) }
        case "container":
            return ProjectPath.normalize(ProjectPath.join(container, path))
        case "absolute":
            return ProjectPath.normalize(path)
        case "self":
            // project.xcworkspace inside an .xcodeproj names its project as `self:` (older Xcode: `self:Name.xcodeproj`).
            if container.lowercased().hasSuffix(".xcodeproj") { return container }
            return ProjectPath.normalize(ProjectPath.join(container, path))
        case "developer":
            return nil
        default:
            problems.append(
                ProjectProblem(
                    kind: .workspaceUnreadable, message: "location kind \"\(kind)\" is unknown",
                    location: Location(file: file, line: line)))
            return nil
        }
    }
}
