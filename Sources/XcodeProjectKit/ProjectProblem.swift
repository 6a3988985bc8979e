import IconSupport

/// Something wrong with a project file, workspace or xcconfig that the reader worked around.
/// The reader never stops at the first one: it collects them all and keeps every target it can.
public struct ProjectProblem: Sendable, Hashable {
    public enum Kind: String, Sendable, Hashable {
        /// project.pbxproj (or contents.xcworkspacedata) is missing or not a property list.
        case projectUnreadable = "project-unreadable"
        /// An object has a wrong type: `targets` not an array, a setting neither string nor array...
        case malformedObject = "malformed-object"
        /// An object id that names no object, or an object of an unexpected `isa`.
        case danglingReference = "dangling-reference"
        /// A group contains itself (directly or further down).
        case groupCycle = "group-cycle"
        /// A `baseConfigurationReference` or `#include` names a file that does not exist.
        case xcconfigMissing = "xcconfig-missing"
        /// A `baseConfigurationReference` or `#include` names a file that exists only under
        /// other letter case: read, as a default (case-insensitive) macOS volume does.
        case pathCaseMismatch = "path-case-mismatch"
        /// An .xcconfig file exists but cannot be read, or has a line that is no setting.
        case xcconfigMalformed = "xcconfig-malformed"
        /// `#include` chain that comes back to a file already being read.
        case xcconfigIncludeCycle = "xcconfig-include-cycle"
        /// contents.xcworkspacedata is not valid XML or names an unknown location kind.
        case workspaceUnreadable = "workspace-unreadable"
        /// Something the reader could not resolve and worked around (a work budget ran out, a
        /// file lies outside the linted folder): no defect of the project, but what depends on
        /// it was not checked. It reaches every reporter as a note, never as a finding.
        case unresolved = "unresolved"
    }

    public var kind: Kind
    public var message: String
    /// Root-relative file, with a 1-based line when known.
    public var location: Location
    /// The targets whose reading met it (an xcconfig one of their configurations includes);
    /// empty when the project's own reading did.
    public var targets: Set<String> = []

    public init(kind: Kind, message: String, location: Location) {
        self.kind = kind
        self.message = message
        self.location = location
    }
}

/// Collects problems while a reader works; local to one read, never shared.
package final class ProblemCollector {
    private var found: [ProjectProblem] = []
    private var seen: [ProjectProblem: Int] = [:]
    /// The target being read, if any: what is met meanwhile concerns it.
    var target: String?

    /// Root-relative file → the targets that read it (an xcconfig is read once, then cached).
    private var readers: [String: Set<String>] = [:]

    package init() {}

    /// Each problem once, with every target whose reading met it or read the file it is in.
    package var problems: [ProjectProblem] {
        found.map { problem in
            var problem = problem
            problem.targets.formUnion(readers[problem.location.file] ?? [])
            return problem
        }
    }

    /// The current target reads these files (from a cache or not): their problems concern it too.
    func reads(_ files: Set<String>) {
        guard let target else { return }
        for file in files { readers[file, default: []].insert(target) }
    }

    package func add(_ kind: ProjectProblem.Kind, _ message: String, file: String, line: Int? = nil) {
        let problem = ProjectProblem(kind: kind, message: message, location: Location(file: file, line: line))
        // The same xcconfig is read once per configuration; report each of its problems once.
        let index = seen[problem] ?? found.count
        if index == found.count {
            seen[problem] = index
            found.append(problem)
        }
        if let target { found[index].targets.insert(target) }
    }

    /// Runs `read` with what it meets counted as the target's.
    func reading<T>(target name: String, _ read: () -> T) -> T {
        let outer = target
        target = name
        defer { target = outer }
        return read()
    }
}
