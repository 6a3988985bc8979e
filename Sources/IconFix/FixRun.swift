import Foundation
import IconGenerate
import IconLintCore
import IconSupport
import PNGKit

/// What `iconlint fix` is asked to do.
public struct FixOptions: Sendable {
    public var lint: LintOptions
    /// `--only`: the rules whose findings are corrected (nil: every correctable rule).
    public var only: Set<RuleID>?
    /// `--background`: the colour a transparent App Store image is flattened onto.
    public var background: RGBColor?
    /// `--dry-run`: resolve every edit, write nothing.
    public var dryRun = false

    public init(lint: LintOptions, only: Set<RuleID>? = nil, background: RGBColor? = nil) {
        self.lint = lint
        self.only = only
        self.background = background
    }
}

/// Why a fix run stopped before writing anything (or took back what it wrote).
public enum FixError: Error, Equatable, CustomStringConvertible {
    /// The request itself: a path not found, no app, a built product.
    case request(String)
    /// A file read for the plan changed on disk before the write: nothing was written.
    case changed(path: String)
    /// The transaction failed: what it wrote was taken back.
    case write(String)

    public var description: String {
        switch self {
        case .request(let message): message
        case .changed(let path): "\(path) changed on disk while fix ran; nothing was written: run fix again"
        case .write(let message): "\(message); nothing was written"
        }
    }
}

/// What a run did: the corrections made (or, with --dry-run, that would be), those left
/// with their reasons, the files it wrote, and the lint of the result.
public struct FixOutcome: Sendable {
    public var root: String
    public var applied: [Correction] = []
    public var left: [(correction: Correction, reason: String)] = []
    public var changes: [FileChange] = []
    /// The lint after the run (before it, with --dry-run).
    public var after: LintResult
}

/// One file a run writes: a text file's old and new bytes (for the diff), an image, a
/// rename, each root-relative.
public struct FileChange: Sendable, Hashable {
    public enum Kind: Sendable, Hashable {
        case text(old: [UInt8]?, new: [UInt8])
        /// An image: its side, and the file it was made from (itself when replaced in place).
        case image(size: Int, from: String, replaced: Bool)
        case rename(from: String)
    }

    public var path: String
    public var kind: Kind
}

/// Lints, plans every correction, resolves each edit to bytes (images through generate's
/// resampler, Info.plists through InfoPlistEditor), checks that nothing it read changed,
/// and writes everything in one FileTransaction inside the root (no link followed; an
/// interruption takes it all back); then lints again.
public final class Fixer: @unchecked Sendable {
    public let options: FixOptions
    /// Test seam: runs after every edit is resolved and before the files read are checked
    /// and the transaction writes (a test changes a file here).
    @_spi(Testing) public var beforeWrite: (() -> Void)?

    public init(options: FixOptions) {
        self.options = options
    }

    public func run() throws(FixError) -> FixOutcome {
        let background = options.background
        let plan: CorrectionPlanner.Plan
        do {
            plan = try CorrectionPlanner.plan(options.lint, only: options.only, request: CorrectionRequest(background: background))
        } catch {
            throw .request(error.description)
        }
        var resolver = EditResolver(root: plan.root, limits: options.lint.limits)
        var applied: [Correction] = []
        var left: [(Correction, String)] = []
        for correction in plan.corrections {
            switch correction.outcome {
            case .left(let reason): left.append((correction, reason))
            case .planned(let edits):
                do throws(EditResolver.Refusal) {
                    try resolver.add(edits)
                    applied.append(correction)
                } catch {
                    left.append((correction, error.reason))
                }
            }
        }
        let changes = resolver.changes
        if !options.dryRun, !changes.isEmpty {
            beforeWrite?()
            if let changed = resolver.changedSinceRead() { throw .changed(path: changed) }
            let transaction = FileTransaction(force: true, createsFolders: false)
            do throws(AtomicFileError) {
                try transaction.write(resolver.outputs, removing: resolver.removals, replace: true, inside: plan.root)
            } catch {
                transaction.rollBack()
                throw .write("\(error)")
            }
            transaction.finish()
        }
        let after: LintResult
        do {
            after = try Linter.lint(options.lint)
        } catch {
            throw .request(error.description)
        }
        return FixOutcome(root: plan.root, applied: applied, left: left, changes: changes, after: after)
    }
}
