/// Prints help blocks as `--help` shows them. The layout:
///
///     Usage: iconlint lint [PATH...] [options]     synopsis lines, the rest under the first
///            iconlint [PATH...] [options]
///
///     A paragraph at column 0, hard-wrapped.        paragraph lines as given
///
///     Options:                                      a section: its heading and a list
///       --reporter FORMAT   Report format:          items: the term at the list's indent, the
///         text     For people.                      description at its column, a nested list
///       --output FILE       Write the report to     under it; a term too long for the column
///                           FILE instead of stdout. stands on a line of its own
enum HelpText {
    static func render(_ blocks: [HelpBlock]) -> String {
        blocks.map { lines($0).joined(separator: "\n") }.joined(separator: "\n\n")
    }

    static func lines(_ block: HelpBlock) -> [String] {
        switch block {
        case .synopsis(let usage):
            guard let first = usage.first else { return [] }
            return ["Usage: " + first] + usage.dropFirst().map { "       " + $0 }
        case .paragraph(let lines, let list): return lines + (list.map(Self.lines) ?? [])
        case .section(let heading, let list): return [heading + ":"] + lines(list)
        // Filled in by CommandSpec.resolvedBlocks.
        case .usage, .options: return []
        }
    }

    static func lines(_ list: HelpList) -> [String] {
        list.items.flatMap { item -> [String] in
            let head = String(repeating: " ", count: list.indent) + item.term
            let column = list.column ?? head.count + 2
            var lines: [String] = []
            var description = item.lines[...]
            if let first = description.first, head.count + 2 <= column {
                lines.append(head + String(repeating: " ", count: column - head.count) + first)
                description = description.dropFirst()
            } else {
                lines.append(head)
            }
            lines += description.map { String(repeating: " ", count: column) + $0 }
            if let nested = item.list { lines += Self.lines(nested) }
            return lines
        }
    }
}
