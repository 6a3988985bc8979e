import Foundation
import IconSupport

/// Where a preprocessed Info.plist depends on names that an `#include` (or prefix header) that
/// is not there could define as macros: what the build makes of those lines is unknown.
///
/// After a missing include, a name left as written in the plist's text could be one of its
/// macros: the tracker records, per plist line, the undefined names in element text (not in
/// markup, quoted runs or numbers, which cpp never expands) that are written as macros are
/// (`ICON_NAME`, `BUILD_NUMBER`, `kBrandIcon`), and the names a conditional tests (`#ifdef
/// BETA`), for every line the conditional keeps.
package struct UnknownMacroTracker {
    /// A conditional whose branch depends on a name a missing include could define.
    package struct Conditional: Sendable, Equatable {
        /// The plist line of the directive (of the `#include` when it is in an included file).
        package var line: Int
        /// `#ifdef BETA`, as written.
        package var directive: String
        package var names: [String]
    }

    /// Plist line (1-based) → names its text depends on.
    private(set) var lines: [Int: Set<String>] = [:]
    private(set) var conditionals: [Conditional] = []
    /// The text being scanned is inside `<…>` (markup spans lines in a DOCTYPE or a comment).
    private var inMarkup = false

    /// The lines with their names, sorted.
    var result: [Int: [String]] { lines.mapValues { $0.sorted() } }

    /// Records the names a plist line's expanded `text` leaves as written and could be macros.
    mutating func scan(_ text: [UInt8], line: Int, isDefined: (String) -> Bool) {
        var i = 0
        while i < text.count {
            let byte = text[i]
            if inMarkup {
                if byte == 0x3E { inMarkup = false }
                i += 1
            } else if byte == 0x3C {
                inMarkup = true
                i += 1
            } else if byte == 0x22 || byte == 0x27 {
                // A quoted run (to its quote or the end of the line) is never expanded.
                var j = i + 1
                while j < text.count, text[j] != byte {
                    if text[j] == 0x5C { j += 1 }
                    j += 1
                }
                i = min(j + 1, text.count)
            } else if ASCIIByte.isDigit(byte) {
                var j = i + 1
                while j < text.count, ASCIIByte.isIdentifierByte(text[j]) || text[j] == 0x2E { j += 1 }
                i = j
            } else if ASCIIByte.isIdentifierStart(byte) {
                var j = i + 1
                while j < text.count, ASCIIByte.isIdentifierByte(text[j]) { j += 1 }
                let name = String(decoding: text[i..<j], as: UTF8.self)
                if Self.looksLikeMacro(name), !isDefined(name) { lines[line, default: []].insert(name) }
                i = j
            } else {
                i += 1
            }
        }
    }

    /// Records names a conditional around a line tests.
    mutating func record(_ names: [String], line: Int) {
        guard !names.isEmpty else { return }
        lines[line, default: []].formUnion(names)
    }

    mutating func add(_ conditional: Conditional) {
        if !conditionals.contains(conditional) { conditionals.append(conditional) }
    }

    /// Written as C macros are: capitals, digits and underscores (`ICON_NAME`, `BUILD_2`), or
    /// Apple's `k` constants (`kBrandIcon`). Words of plist text (`Dark`, `AppIcon`,
    /// `CFBundleIconFiles`) are not; no one defines those.
    static func looksLikeMacro(_ name: String) -> Bool {
        let bytes = Array(name.utf8)
        guard bytes.count >= 2 else { return false }
        if bytes[0] == 0x6B, bytes[1] >= 0x41, bytes[1] <= 0x5A { return true }
        return bytes.contains { $0 >= 0x41 && $0 <= 0x5A } && !bytes.contains { $0 >= 0x61 && $0 <= 0x7A }
    }

    /// The identifiers a `#if` expression names, less `defined`.
    static func identifiers(in expression: [UInt8]) -> [String] {
        var names: [String] = []
        var i = 0
        while i < expression.count {
            if ASCIIByte.isDigit(expression[i]) {
                while i < expression.count, ASCIIByte.isIdentifierByte(expression[i]) { i += 1 }
            } else if ASCIIByte.isIdentifierStart(expression[i]) {
                var j = i + 1
                while j < expression.count, ASCIIByte.isIdentifierByte(expression[j]) { j += 1 }
                let name = String(decoding: expression[i..<j], as: UTF8.self)
                if name != "defined", !names.contains(name) { names.append(name) }
                i = j
            } else {
                i += 1
            }
        }
        return names
    }
}
