import Foundation

/// One node of a YAML document as `YAMLParser` builds it: a scalar, a sequence or a mapping,
/// with the file and 1-based line it was written on. Aliases are resolved to the node their
/// anchor names (shared, not copied) and merge keys (`<<: *base`) to the pairs they bring,
/// so a reader never meets either.
///
/// `weight` is the node's size with every alias expanded (1 + its children's weights). The
/// parser refuses a document whose weight passes its budget, so any walk over a node that was
/// read costs at most that many steps, however its aliases repeat each other.
struct YAMLNode: Sendable {
    enum Kind: Sendable {
        /// The text as written; `plain` when unquoted and untagged (then `yes`, `12`, `~` are
        /// not strings: see `scalar`).
        case scalar(String, plain: Bool)
        case sequence([YAMLNode])
        /// Pairs in document order; a key written twice keeps its later value, in the earlier place.
        case mapping([Pair])
    }

    /// A key (always a scalar's text) and its value.
    struct Pair: Sendable {
        var key: String
        var keyLine: Int
        var value: YAMLNode
    }

    var kind: Kind
    /// Root-relative path of the file the node was written in.
    var file: String
    var line: Int
    var weight: Int

    init(_ kind: Kind, file: String, line: Int) {
        self.kind = kind
        self.file = file
        self.line = line
        switch kind {
        case .scalar: weight = 1
        case .sequence(let items): weight = items.reduce(1) { YAMLNode.add($0, $1.weight) }
        case .mapping(let pairs): weight = pairs.reduce(1) { YAMLNode.add($0, $1.value.weight) }
        }
    }

    /// Weights add up without overflowing (a bomb's sizes are refused long before).
    static func add(_ a: Int, _ b: Int) -> Int {
        let (sum, overflow) = a.addingReportingOverflow(b)
        return overflow ? Int.max : sum
    }

    // MARK: Reading

    /// The pairs of a mapping; nil for anything else.
    var pairs: [Pair]? {
        if case .mapping(let pairs) = kind { return pairs }
        return nil
    }

    /// The items of a sequence; nil for anything else.
    var items: [YAMLNode]? {
        if case .sequence(let items) = kind { return items }
        return nil
    }

    /// The value of `key` in a mapping.
    subscript(key: String) -> YAMLNode? {
        pairs?.last { $0.key == key }?.value
    }

    /// The pair of `key` in a mapping (for the key's line).
    func pair(_ key: String) -> Pair? {
        pairs?.last { $0.key == key }
    }

    /// A scalar's value as YAML 1.1 resolves it (as XcodeGen's YAML library does): a plain
    /// `yes`/`no`/`true`/`off`... is a Bool, a plain decimal an Int, `1.5` a Double, `~`,
    /// `null` or nothing is null; quoted text is always a string. Nil for collections.
    var scalar: YAMLScalar? {
        guard case .scalar(let text, let plain) = kind else { return nil }
        return plain ? YAMLScalar.resolve(text) : .string(text)
    }

    /// The text of a scalar as XcodeGen turns it into a build setting or a path: a Bool
    /// becomes YES or NO, a number its decimal form, anything else its text. Nil for
    /// collections and null.
    var settingText: String? {
        switch scalar {
        case .string(let text): text
        case .bool(let value): value ? "YES" : "NO"
        case .int(let value): String(value)
        case .double(let value): String(value)
        case .null, nil: nil
        }
    }

    /// A scalar's text as a string value: what a `String` field of XcodeGen's spec accepts
    /// (a number written unquoted is not a string there either, but names never are numbers).
    var string: String? {
        if case .scalar(let text, _) = kind, scalar != .null { return text }
        return nil
    }

    /// A Bool as XcodeGen reads one: YAML's booleans, or a string NSString reads as true.
    var bool: Bool? {
        switch scalar {
        case .bool(let value): value
        case .string(let text): ["yes", "true", "y", "1"].contains(text.lowercased()) || Int(text).map { $0 != 0 } == true
        case .int(let value): value != 0
        default: nil
        }
    }

    /// Strings of a sequence of scalars, or of one scalar ("a list or a single value").
    var stringList: [String]? {
        if let items { return items.compactMap(\.string) }
        return string.map { [$0] }
    }

    /// The node as a property-list value (String, Bool, Int, Double, arrays, dictionaries);
    /// null becomes nil and is left out of collections.
    var propertyListValue: Any? {
        switch kind {
        case .scalar:
            switch scalar {
            case .string(let text): return text
            case .bool(let value): return value
            case .int(let value): return value
            case .double(let value): return value
            case .null, nil: return nil
            }
        case .sequence(let items):
            return items.compactMap(\.propertyListValue)
        case .mapping(let pairs):
            var dictionary: [String: Any] = [:]
            for pair in pairs { dictionary[pair.key] = pair.value.propertyListValue }
            return dictionary
        }
    }
}

/// A scalar's resolved value.
enum YAMLScalar: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case double(Double)
    case null

    /// YAML 1.1's resolution of a plain scalar, as far as a spec uses it.
    static func resolve(_ text: String) -> YAMLScalar {
        switch text {
        case "", "~", "null", "Null", "NULL": return .null
        case "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON": return .bool(true)
        case "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF": return .bool(false)
        default: break
        }
        let digits = text.hasPrefix("-") || text.hasPrefix("+") ? text.dropFirst() : Substring(text)
        if !digits.isEmpty, digits.allSatisfy({ $0.isASCII && $0.isNumber }), digits == "0" || !digits.hasPrefix("0"),
            let value = Int(text)
        {
            return .int(value)
        }
        if text.contains("."), text.first.map({ $0.isNumber || $0 == "." || $0 == "-" || $0 == "+" }) == true,
            text.allSatisfy({ $0.isASCII && ($0.isNumber || "+-.eE".contains($0)) }), let value = Double(text)
        {
            return .double(value)
        }
        return .string(text)
    }
}
