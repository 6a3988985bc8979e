import Foundation

/// How much build-setting expansion may cost, counted in steps: a byte of a value scanned or
/// copied is one, a reference resolved or an operator applied a few more. One budget per
/// project, shared by all its targets and configurations, drawn from one per lint run.
///
/// Memoisation keeps honest projects far below it: the real projects measured take a few
/// hundred steps in all, a white-label project of 100 apps × 4 configurations about
/// 600,000. A committed xcconfig of under 1 KB can still ask for 2^40 steps
/// (`V1 = $(V0)$(V0)`, `V2 = $(V1)$(V1)`...); the budget stops it, and the settings whose
/// expansion it stopped are unknown, never guessed.
public final class ExpansionBudget: @unchecked Sendable {
    /// Steps one setting's value may take: a thousand times the costliest real one.
    public static let settingSteps = 250_000
    /// Steps one project may take (about a tenth of a second on one core of a release build).
    public static let projectSteps = 4_000_000
    /// Steps one lint run may take over all its projects.
    public static let lintSteps = 4 * projectSteps

    private let lock = NSLock()
    private var left: Int
    private let parent: ExpansionBudget?

    /// A budget of `steps`, drawn from `parent` as well when there is one.
    public init(steps: Int = ExpansionBudget.projectSteps, parent: ExpansionBudget? = nil) {
        left = steps
        self.parent = parent
    }

    private var stepsLeft: Int {
        let own = lock.withLock { left }
        return min(own, parent?.stepsLeft ?? own)
    }

    /// Steps the next query may take.
    var allowance: Int { min(stepsLeft, Self.settingSteps) }

    /// Takes `steps` off what is left here and in the parent (never below zero).
    func spend(_ steps: Int) {
        lock.withLock { left = max(0, left - steps) }
        parent?.spend(steps)
    }
}

/// Why a setting's value is unknown.
public enum ExpansionFailure: Sendable, Hashable {
    /// The setting's share or the project's `ExpansionBudget` ran out.
    case steps
    /// References nest deeper than `BuildSettings.maximumDepth`.
    case depth
}

/// What one configuration's queries share: the project's budget, the values of assignments
/// expanded so far that are the same whoever asks (no cycle was cut in them), and the keys it
/// could not expand. Queries are otherwise free of side effects.
final class ExpansionWork: @unchecked Sendable {
    let budget: ExpansionBudget
    private let lock = NSLock()
    private var keys: [(key: String, reason: ExpansionFailure)] = []
    private var recorded: Set<String> = []
    private var values: [Int: String] = [:]

    init(budget: ExpansionBudget) {
        self.budget = budget
    }

    var unresolved: [(key: String, reason: ExpansionFailure)] { lock.withLock { keys } }

    /// Expanded values by assignment index.
    var known: [Int: String] { lock.withLock { values } }

    func learn(_ learned: [Int: String]) {
        guard !learned.isEmpty else { return }
        lock.withLock { values.merge(learned) { old, _ in old } }
    }

    func record(_ key: String, _ reason: ExpansionFailure) {
        lock.withLock {
            if recorded.insert(key).inserted { keys.append((key, reason)) }
        }
    }
}
