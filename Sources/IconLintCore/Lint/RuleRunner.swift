/// Runs the catalogue's rules over app models: the one place rules run, for source projects,
/// built apps and in-memory inputs alike. Each app is checked by the enabled rules that apply
/// to it (a built app by those that check built products). Reading findings reach the report
/// through one channel, the rules: a reader puts an app's reading problems in its model's
/// `readingFindings` and the rule of each id reports them; a reader's findings of no app (a
/// folder that cannot be listed) are handed to `run` as they are.
struct RuleRunner: Sendable {
    let configuration: LintConfiguration
    /// The enabled rules, in the catalogue's order.
    let rules: [any Rule]

    init(configuration: LintConfiguration) {
        self.configuration = configuration
        rules = RuleCatalog.rules.filter { configuration.isEnabled($0.description) }.map { $0.init() }
    }

    /// The enabled rules that check `app`.
    func rules(for app: AppModel) -> [any Rule] {
        rules.filter { type(of: $0).description.applies(to: app.built) }
    }

    /// The findings of every rule that checks `app`.
    func check(_ app: AppModel) -> [Finding] {
        rules(for: app).flatMap { $0.check(app) }
    }

    /// What could not be checked in `app`: the upload checks a build that is never uploaded
    /// (or was thinned by the App Store) skips, then each rule's own notes.
    func notes(_ app: AppModel) -> [String] {
        var notes: [String] = []
        if let built = app.built, let reason = built.uploadChecksSkipped {
            let skipped = RuleCatalog.all.filter { $0.builtProducts == .uploads }.map(\.id.rawValue).joined(separator: ", ")
            notes.append(
                "\(built.appName) is \(reason), so the upload checks (\(skipped)) were skipped; lint the .xcarchive or the .ipa you upload for those"
            )
        }
        return notes + rules(for: app).flatMap { $0.notes(app) }
    }

    /// The diagnostics of a run: `findingsOfNoApp` and every app's findings (apps are checked
    /// concurrently), merged over configurations, configured and sorted.
    func run(_ apps: [AppModel], findingsOfNoApp: [Finding] = []) -> [Diagnostic] {
        let perApp = ConcurrentWork.map(apps) { check($0) }
        var diagnostics = findingsOfNoApp.filter { configuration.isEnabled(RuleCatalog.description($0.rule)) }
            .map { Diagnostic($0, app: nil) }
        for (app, findings) in zip(apps, perApp) {
            diagnostics += findings.map { Diagnostic($0, app: app) }
        }
        return Self.finalize(diagnostics, apps: apps, configuration: configuration)
    }

    /// Merges a finding that holds in several configurations of one app into one naming them,
    /// applies the configuration (rules, severities, excluded paths), sorts.
    static func finalize(_ diagnostics: [Diagnostic], apps: [AppModel], configuration: LintConfiguration) -> [Diagnostic] {
        var allConfigurations: [AppModel.Identity: Set<String>] = [:]
        for app in apps { allConfigurations[app.identity, default: []].formUnion(app.allConfigurations) }
        var merged: [Diagnostic: Set<String>] = [:]
        var order: [Diagnostic] = []
        for diagnostic in diagnostics {
            var key = diagnostic
            key.configurations = []
            if merged[key] == nil { order.append(key) }
            merged[key, default: []].formUnion(diagnostic.configurations)
        }
        var result: [Diagnostic] = []
        for key in order {
            var diagnostic = key
            let configurations = merged[key] ?? []
            let all = key.app.flatMap { allConfigurations[$0] } ?? []
            if !configurations.isEmpty, configurations != all {
                diagnostic.configurations = configurations.sorted()
            }
            if let applied = configuration.apply(diagnostic) { result.append(applied) }
        }
        return result.sorted(by: Diagnostic.reportOrder)
    }
}
