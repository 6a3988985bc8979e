import CLibYAML
import Foundation

/// Reads one YAML document into a `YAMLNode` tree through libyaml's event parser, with
/// anchors, aliases and merge keys (`<<: *base`, `<<: [*a, *b]`) resolved.
///
/// A linted tree is hostile, so the work is bounded, and a document past a bound is refused
/// with one sentence rather than read in part: at most `maximumEvents` parser events, nesting
/// at most `maximumDepth` deep (the builder keeps its own stack, so depth costs no recursion),
/// a document whose aliases expand to more than `maximumWeight` nodes (an alias bomb, "billion
/// laughs", is a few hundred bytes), and merge keys that copy more than `maximumMergedPairs`
/// pairs in all. Real specs are far below each: a large project.yml is a few thousand nodes.
enum YAMLParser {
    static let maximumEvents = 2_000_000
    static let maximumDepth = 128
    static let maximumWeight = 1_000_000
    static let maximumMergedPairs = 1_000_000

    /// Why a document was not read: a sentence and the 1-based line, when there is one.
    struct Failure: Error, Sendable, Equatable {
        var message: String
        var line: Int?
    }

    /// The document's root node; an empty document is an empty mapping.
    static func parse(_ data: Data, file: String) -> Result<YAMLNode, Failure> {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return .failure(Failure(message: "libyaml could not start", line: nil)) }
        defer { yaml_parser_delete(&parser) }
        return data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) -> Result<YAMLNode, Failure> in
            // libyaml wants a pointer even for no input.
            var empty: UInt8 = 0
            let base = buffer.baseAddress?.assumingMemoryBound(to: UInt8.self) ?? withUnsafeMutablePointer(to: &empty) { UnsafePointer($0) }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var builder = Builder(file: file)
            return builder.run(&parser)
        }
    }

    /// Turns events into nodes with an explicit stack.
    private struct Builder {
        let file: String
        var stack: [Frame] = []
        var anchors: [String: YAMLNode] = [:]
        var root: YAMLNode?
        var documents = 0
        var events = 0
        var mergedPairs = 0

        init(file: String) { self.file = file }

        enum Collection {
            case sequence([YAMLNode])
            case mapping(pairs: [YAMLNode.Pair], index: [String: Int], pendingKey: (String, Int)?, merges: [YAMLNode])
        }

        struct Frame {
            var collection: Collection
            var line: Int
            var anchor: String?
            var weight = 1
        }

        mutating func run(_ parser: inout yaml_parser_t) -> Result<YAMLNode, Failure> {
            var event = yaml_event_t()
            while true {
                guard yaml_parser_parse(&parser, &event) == 1 else {
                    let problem = parser.problem.map { String(cString: $0) } ?? "unreadable YAML"
                    let context = parser.context.map { String(cString: $0) + ": " } ?? ""
                    return .failure(Failure(message: "not valid YAML: \(context)\(problem)", line: Int(parser.problem_mark.line) + 1))
                }
                defer { yaml_event_delete(&event) }
                events += 1
                if events > YAMLParser.maximumEvents {
                    return .failure(
                        Failure(message: "the YAML has more than \(YAMLParser.maximumEvents) parts; a project spec has a few thousand", line: line(event)))
                }
                if event.type == YAML_STREAM_END_EVENT { break }
                if let failure = handle(event) { return .failure(failure) }
            }
            return .success(root ?? YAMLNode(.mapping([]), file: file, line: 1))
        }

        func line(_ event: yaml_event_t) -> Int { Int(event.start_mark.line) + 1 }

        static func text(_ pointer: UnsafeMutablePointer<yaml_char_t>?, length: Int? = nil) -> String? {
            guard let pointer else { return nil }
            let count = length ?? strlen(UnsafeRawPointer(pointer).assumingMemoryBound(to: CChar.self))
            return String(decoding: UnsafeBufferPointer(start: pointer, count: count), as: UTF8.self)
        }

        mutating func handle(_ event: yaml_event_t) -> Failure? {
            let line = line(event)
            switch event.type {
            case YAML_DOCUMENT_START_EVENT:
                documents += 1
                if documents > 1 { return Failure(message: "the file holds more than one YAML document (`---`); a spec is one", line: line) }
            case YAML_SCALAR_EVENT:
                let scalar = event.data.scalar
                let value = Self.text(scalar.value, length: scalar.length) ?? ""
                let plain = scalar.style == YAML_PLAIN_SCALAR_STYLE && scalar.tag == nil
                return finish(YAMLNode(.scalar(value, plain: plain), file: file, line: line), anchor: Self.text(scalar.anchor))
            case YAML_ALIAS_EVENT:
                let name = Self.text(event.data.alias.anchor) ?? ""
                guard let node = anchors[name] else { return Failure(message: "alias *\(name) names no anchor defined before it", line: line) }
                return finish(node, anchor: nil)
            case YAML_SEQUENCE_START_EVENT:
                guard stack.count < YAMLParser.maximumDepth else { return depthFailure(line) }
                stack.append(Frame(collection: .sequence([]), line: line, anchor: Self.text(event.data.sequence_start.anchor)))
            case YAML_MAPPING_START_EVENT:
                guard stack.count < YAMLParser.maximumDepth else { return depthFailure(line) }
                stack.append(
                    Frame(
                        collection: .mapping(pairs: [], index: [:], pendingKey: nil, merges: []), line: line,
                        anchor: Self.text(event.data.mapping_start.anchor)))
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                guard let frame = stack.popLast() else { return nil }
                switch frame.collection {
                case .sequence(let items):
                    return finish(YAMLNode(.sequence(items), file: file, line: frame.line), anchor: frame.anchor)
                case .mapping(var pairs, var index, _, let merges):
                    if let failure = applyMerges(merges, to: &pairs, index: &index) { return failure }
                    return finish(YAMLNode(.mapping(pairs), file: file, line: frame.line), anchor: frame.anchor)
                }
            default:
                break
            }
            return nil
        }

        func weightFailure(_ line: Int) -> Failure {
            Failure(message: "the YAML expands to more than \(YAMLParser.maximumWeight) nodes (aliases that repeat each other: an alias bomb)", line: line)
        }

        func depthFailure(_ line: Int) -> Failure {
            Failure(message: "the YAML nests more than \(YAMLParser.maximumDepth) levels deep", line: line)
        }

        /// A complete node: remembered under its anchor, then placed in its parent.
        mutating func finish(_ node: YAMLNode, anchor: String?) -> Failure? {
            if node.weight > YAMLParser.maximumWeight { return weightFailure(node.line) }
            if let anchor { anchors[anchor] = node }
            guard var frame = stack.popLast() else {
                root = node
                return nil
            }
            frame.weight = YAMLNode.add(frame.weight, node.weight)
            if frame.weight > YAMLParser.maximumWeight { return weightFailure(node.line) }
            switch frame.collection {
            case .sequence(var items):
                frame.collection = .sequence([])
                items.append(node)
                frame.collection = .sequence(items)
            case .mapping(var pairs, var index, let pending, var merges):
                frame.collection = .sequence([])
                if let (key, keyLine) = pending {
                    if key == "<<" {
                        merges.append(node)
                    } else if let existing = index[key] {
                        pairs[existing].value = node
                    } else {
                        index[key] = pairs.count
                        pairs.append(YAMLNode.Pair(key: key, keyLine: keyLine, value: node))
                    }
                    frame.collection = .mapping(pairs: pairs, index: index, pendingKey: nil, merges: merges)
                } else {
                    guard case .scalar(let key, let plain) = node.kind else {
                        stack.append(frame)
                        return Failure(message: "a mapping key is a sequence or a mapping; a spec's keys are names", line: node.line)
                    }
                    // `<<` is a merge key only when written plain; a quoted "<<" is a key like any other.
                    let name = key == "<<" && !plain ? "\"<<\"" : key
                    frame.collection = .mapping(pairs: pairs, index: index, pendingKey: (name, node.line), merges: merges)
                }
            }
            stack.append(frame)
            return nil
        }

        /// `<<: *base` (or a list of mappings) adds the keys the mapping does not set itself;
        /// of a list, an earlier mapping wins.
        mutating func applyMerges(_ merges: [YAMLNode], to pairs: inout [YAMLNode.Pair], index: inout [String: Int]) -> Failure? {
            for merge in merges {
                let sources = merge.items ?? [merge]
                for source in sources {
                    guard let brought = source.pairs else {
                        return Failure(message: "a merge key (`<<`) names something other than a mapping", line: source.line)
                    }
                    mergedPairs += brought.count
                    if mergedPairs > YAMLParser.maximumMergedPairs {
                        return Failure(message: "the YAML's merge keys (`<<`) copy more than \(YAMLParser.maximumMergedPairs) entries", line: source.line)
                    }
                    for pair in brought where index[pair.key] == nil {
                        index[pair.key] = pairs.count
                        pairs.append(pair)
                    }
                }
            }
            return nil
        }
    }
}
