/// A `--help` text read back into its parts, so the man page and the shell completions come
/// from the very text the CLI prints instead of from a second description that could drift.
///
/// Every help text follows one layout:
///
///     Usage: iconlint lint [PATH...] [options]     usage, continued by indented lines
///            iconlint [PATH...] [options]
///
///     A paragraph at column 0, hard-wrapped.        paragraphs
///
///     Options:                                      a heading (a short line ending in ':')
///       --reporter FORMAT   Report format:          items: a term, two or more spaces, a description
///         text     For people.                      deeper lines not at the description's column: a nested list
///       --output FILE       Write the report to     lines at the description's column continue it
///                           FILE instead of stdout.
struct HelpText {
    /// A term and what the text says about it, in order: text runs and nested lists.
    struct Item: Equatable {
        var term: String
        var body: [Part]

        /// The description's prose: every text run, joined (nested lists left out).
        var text: String {
            body.compactMap {
                if case .text(let text) = $0 { return text }
                return nil
            }.joined(separator: " ")
        }

        /// The first sentence of the description (for a completion's one-line hint): up to the
        /// first ". " or "; " outside parentheses, brackets and braces ("e.g. " ends none).
        var firstSentence: String {
            let text = Array(self.text)
            var depth = 0
            for index in text.indices {
                let character = text[index]
                if "([{".contains(character) { depth += 1 }
                if ")]}".contains(character) { depth = max(depth - 1, 0) }
                guard depth == 0, character == "." || character == ";", index + 1 < text.count, text[index + 1] == " " else { continue }
                let word = text[..<index].reversed().prefix { $0 != " " }
                if character == "." && word.contains(".") { continue }
                return String(text[..<index])
            }
            return text.last == "." ? String(text.dropLast()) : String(text)
        }
    }

    enum Part: Equatable {
        /// Wrapped lines joined into one line of prose.
        case text(String)
        case items([Item])
    }

    enum Block: Equatable {
        /// The synopsis lines, without `Usage:`.
        case usage([String])
        case paragraph(String)
        /// A heading (without its colon; nil for an indented list under no heading) and its items.
        case section(String?, [Item])
    }

    var blocks: [Block]

    init(_ text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(Line.init)
        var blocks: [Block] = []
        var index = 0
        // The lines from `index` on that are indented (the body of a usage or a section).
        func indentedRun() -> [Line] {
            var run: [Line] = []
            while index < lines.count, !lines[index].isBlank, lines[index].indent > 0 {
                run.append(lines[index])
                index += 1
            }
            return run
        }
        while index < lines.count {
            let line = lines[index]
            if line.isBlank {
                index += 1
            } else if line.indent > 0 {
                blocks.append(.section(nil, Self.items(indentedRun())))
            } else if line.text.hasPrefix("Usage:") {
                index += 1
                let first = line.text.dropFirst("Usage:".count).trimmingLeadingSpaces
                blocks.append(.usage([first] + indentedRun().map(\.text)))
            } else if Self.isHeading(line.text) {
                index += 1
                blocks.append(.section(String(line.text.dropLast()), Self.items(indentedRun())))
            } else {
                var paragraph: [String] = []
                while index < lines.count, !lines[index].isBlank, lines[index].indent == 0 {
                    paragraph.append(lines[index].text)
                    index += 1
                }
                blocks.append(.paragraph(paragraph.joined(separator: " ")))
            }
        }
        self.blocks = blocks
    }

    /// The items of the section with this heading (`Options`), or none.
    func items(under heading: String) -> [Item] {
        blocks.flatMap { block -> [Item] in
            guard case .section(let name, let items) = block, name == heading else { return [] }
            return items
        }
    }

    /// The synopsis lines.
    var usage: [String] {
        blocks.flatMap { block -> [String] in
            if case .usage(let lines) = block { return lines }
            return []
        }
    }

    /// "Options:", "Exit status:": a short line at column 0 that ends in a colon.
    private static func isHeading(_ text: String) -> Bool {
        text.hasSuffix(":") && !text.dropLast().contains(":") && text.split(separator: " ").count <= 3
    }

    private struct Line {
        var indent: Int
        var text: String
        var isBlank: Bool { text.isEmpty }

        init(_ raw: Substring) {
            let trimmed = raw.drop { $0 == " " }
            indent = raw.count - trimmed.count
            text = String(trimmed.reversed().drop { $0 == " " }.reversed())
        }
    }

    /// Items at the lines' smallest indent; the deeper lines after an item belong to it.
    private static func items(_ lines: [Line]) -> [Item] {
        guard let base = lines.map(\.indent).min() else { return [] }
        var items: [Item] = []
        var index = 0
        while index < lines.count {
            let (term, description, column) = split(lines[index])
            var body: [Part] = description.isEmpty ? [] : [.text(description)]
            var descriptionColumn = column
            index += 1
            var deeper: [Line] = []
            while index < lines.count, lines[index].indent > base {
                deeper.append(lines[index])
                index += 1
            }
            var position = 0
            while position < deeper.count {
                // A description that starts on the next line sets its column there.
                let column = descriptionColumn ?? deeper[position].indent
                descriptionColumn = column
                if deeper[position].indent == column {
                    if case .text(let text)? = body.last {
                        body[body.count - 1] = .text(text + " " + deeper[position].text)
                    } else {
                        body.append(.text(deeper[position].text))
                    }
                    position += 1
                } else {
                    var nested: [Line] = []
                    while position < deeper.count, deeper[position].indent != column {
                        nested.append(deeper[position])
                        position += 1
                    }
                    body.append(.items(Self.items(nested)))
                }
            }
            items.append(Item(term: term, body: body))
        }
        return items
    }

    /// A term, its description, and the column the description starts at (nil when the line
    /// holds only a term): they are separated by the first run of two or more spaces.
    private static func split(_ line: Line) -> (String, String, Int?) {
        guard let gap = line.text.range(of: "  ") else { return (line.text, "", nil) }
        let term = String(line.text[..<gap.lowerBound])
        let description = line.text[gap.lowerBound...].trimmingLeadingSpaces
        return (term, description, line.indent + line.text.count - description.count)
    }
}

extension Substring {
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " }) }
}
