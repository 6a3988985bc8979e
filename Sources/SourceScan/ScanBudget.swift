import Foundation

// Bounded work for the code scan: anyone can commit a source file, and a chain of 20,000
// `self != .a ? nil :` or a line of 500,000 `(/` costs the evaluator or the lexer quadratic
// time (and the recursive evaluator its stack) unless every step is counted. Past the
// bound, what the file can pass is unknown: its calls say nothing, and a note names it.

/// The steps one file may take: tokens visited by the evaluators, bytes a lexer re-reads
/// after a wrong guess, and how deep the evaluators recurse.
package final class WorkMeter {
    private(set) var remaining: Int
    package private(set) var isExhausted = false
    private var depth = 0

    /// Steps for one file: eight times what a heavy real one takes (7,900 lines, 200
    /// functions with 400 calls through locals, switches and a 40-case enum: 247,000 steps).
    package static let stepsPerFile = 2_000_000
    /// How deep an evaluation may nest (a ternary in a ternary, an `if` in an `if`): real
    /// code stays under 20, and each level is a stack frame on a worker thread.
    package static let maxDepth = 64

    package init(steps: Int = stepsPerFile) {
        remaining = steps
    }

    /// Counts `steps`; false once the budget is spent (and from then on).
    @discardableResult
    package func charge(_ steps: Int = 1) -> Bool {
        guard !isExhausted else { return false }
        remaining -= steps
        if remaining < 0 { isExhausted = true }
        return !isExhausted
    }

    /// One level deeper; false (and the file given up) past `maxDepth` or the budget.
    package func enter() -> Bool {
        depth += 1
        if depth > Self.maxDepth { isExhausted = true }
        return charge()
    }

    package func leave() { depth -= 1 }

    /// Steps taken so far out of `budget`.
    func used(of budget: Int) -> Int { budget - max(remaining, 0) }
}

/// The steps a whole lint may spend on code, shared by the apps scanned in parallel.
package final class ScanBudget: @unchecked Sendable {
    private let lock = NSLock()
    private var remaining: Int

    /// Sixteen files' worth: a repository of many apps pays per file, not per app, and real
    /// code uses a small part of its files' budget.
    package static let stepsPerLint = 16 * WorkMeter.stepsPerFile

    package init(steps: Int = stepsPerLint) {
        remaining = steps
    }

    /// A meter for one file: the per-file budget, or what is left of the lint's when less.
    package func meter() -> (meter: WorkMeter, budget: Int) {
        lock.lock()
        defer { lock.unlock() }
        let budget = max(0, min(WorkMeter.stepsPerFile, remaining))
        remaining -= budget
        return (WorkMeter(steps: budget), budget)
    }

    /// Hands back what a file's meter did not use.
    package func settle(_ meter: WorkMeter, budget: Int) {
        lock.lock()
        defer { lock.unlock() }
        remaining += budget - meter.used(of: budget)
    }
}
