import Foundation
import IconLintCore
import IconSupport

/// The text `iconlint fix` prints: each correction made (and the files it wrote), each left
/// with its reason, and what the lint of the result still reports. With --dry-run, a unified
/// diff of every text file and a line for each image instead of the files written. Every
/// path and name from the tree is made safe to print.
public enum FixReport {
    public static func text(_ outcome: FixOutcome, dryRun: Bool) -> String {
        var lines: [String] = []
        let verb = dryRun ? "would fix" : "fixed"
        // Each file under the first correction that writes it (with its final bytes).
        var shown: Set<String> = []
        for correction in outcome.applied {
            lines.append("\(verb) \(correction.rule.rawValue): \(SafeText.inline(correction.subject))")
            let paths = Set(correction.edits.map(\.path))
            // A build-setting correction may land in an .xcconfig (only such corrections write one).
            let settings = correction.edits.contains { if case .buildSettings = $0 { true } else { false } }
            for change in outcome.changes
            where (paths.contains(change.path) || settings && change.path.hasSuffix(".xcconfig")) && shown.insert(change.path).inserted {
                lines.append(contentsOf: describe(change, dryRun: dryRun))
            }
        }
        for (correction, reason) in outcome.left {
            lines.append("left \(correction.rule.rawValue): \(SafeText.inline(correction.subject)): \(SafeText.inline(reason))")
        }
        let leftRules = Set(outcome.left.map(\.correction.rule))
        let correctable = Set(CorrectionPlanner.correctableRules)
        let remaining = outcome.after.diagnostics
        if outcome.applied.isEmpty && outcome.left.isEmpty && remaining.isEmpty {
            lines.append("nothing to fix")
        } else if !dryRun {
            lines.append(
                remaining.isEmpty ? "lint after fix: no findings" : "lint after fix: \(remaining.count) finding\(remaining.count == 1 ? "" : "s") left")
            for diagnostic in remaining {
                let place = diagnostic.location.line.map { "\(diagnostic.location.file):\($0)" } ?? diagnostic.location.file
                let why =
                    leftRules.contains(diagnostic.rule)
                    ? "left above" : correctable.contains(diagnostic.rule) ? "fix could not settle it" : "no automatic correction"
                lines.append("  \(diagnostic.severity.rawValue) \(diagnostic.rule.rawValue) \(SafeText.inline(place)) (\(why))")
            }
        }
        // What lint could not settle is said here as lint says it: a note each.
        lines += outcome.after.notes.map { "note: " + SafeText.inline($0) }
        return SafeText.text(lines.joined(separator: "\n"))
    }

    /// UTF-8 without NUL bytes: a file a unified diff can show.
    static func isText(_ bytes: [UInt8]) -> Bool {
        !bytes.contains(0) && String(validating: bytes, as: UTF8.self) != nil
    }

    static func describe(_ change: FileChange, dryRun: Bool) -> [String] {
        let path = SafeText.inline(change.path)
        switch change.kind {
        case .text(let old, let new):
            guard dryRun else { return ["  \(old == nil ? "wrote" : "updated") \(path)"] }
            // A binary plist is no text to diff: a line, as for an image.
            guard isText(new), old.map(isText) ?? true else {
                return ["  would \(old == nil ? "write" : "update") \(path) (binary, \(new.count) bytes)"]
            }
            // Every line is printed through SafeText by UnifiedDiff.
            return UnifiedDiff.text(path: change.path, old: old, new: new).split(separator: "\n").map(String.init)
        case .image(let size, let from, let replaced):
            let what = replaced ? "\(size)×\(size), rewritten in place" : "\(size)×\(size) from \(SafeText.inline(from))"
            return ["  \(dryRun ? "would write" : "wrote") \(path) (\(what))"]
        case .rename(let from):
            return ["  \(dryRun ? "would rename" : "renamed") \(SafeText.inline(from)) to \(path)"]
        }
    }
}
