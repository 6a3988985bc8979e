import ProjectDescription

extension Project {
    public static func feature(_ name: String, isApp: Bool) -> Project {
        if isApp {
            return Project(name: name, targets: [])
        }
        return Project(name: name)
    }
}
