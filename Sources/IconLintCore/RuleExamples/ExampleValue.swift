import Foundation

/// A property-list or JSON value of a rule example, with its keys in the order written (Xcode
/// keeps them as the author wrote them, and the recorded reports carry line numbers).
public indirect enum ExampleValue: Sendable, Equatable {
    case string(String)
    case bool(Bool)
    case int(Int)
    case array([ExampleValue])
    case dictionary([(String, ExampleValue)])

    public static func == (a: ExampleValue, b: ExampleValue) -> Bool {
        switch (a, b) {
        case (.string(let x), .string(let y)): x == y
        case (.bool(let x), .bool(let y)): x == y
        case (.int(let x), .int(let y)): x == y
        case (.array(let x), .array(let y)): x == y
        case (.dictionary(let x), .dictionary(let y)): x.map(\.0) == y.map(\.0) && x.map(\.1) == y.map(\.1)
        default: false
        }
    }

    /// The value under `key` of a dictionary.
    public subscript(key: String) -> ExampleValue? {
        get {
            guard case .dictionary(let pairs) = self else { return nil }
            return pairs.first { $0.0 == key }?.1
        }
        set {
            guard case .dictionary(var pairs) = self else { return }
            if let index = pairs.firstIndex(where: { $0.0 == key }) {
                if let newValue { pairs[index].1 = newValue } else { pairs.remove(at: index) }
            } else if let newValue {
                pairs.append((key, newValue))
            }
            self = .dictionary(pairs)
        }
    }

    /// The value as an XML property list, indented with tabs as Xcode writes it.
    public var xmlPlist: String {
        var text = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">

            """
        xml(into: &text, depth: 0)
        return text + "</plist>\n"
    }

    private func xml(into text: inout String, depth: Int) {
        let indent = String(repeating: "\t", count: depth)
        switch self {
        case .string(let value): text += "\(indent)<string>\(Self.escaped(value))</string>\n"
        case .bool(let value): text += "\(indent)<\(value)/>\n"
        case .int(let value): text += "\(indent)<integer>\(value)</integer>\n"
        case .array(let values):
            guard !values.isEmpty else { return text += "\(indent)<array/>\n" }
            text += "\(indent)<array>\n"
            for value in values { value.xml(into: &text, depth: depth + 1) }
            text += "\(indent)</array>\n"
        case .dictionary(let pairs):
            guard !pairs.isEmpty else { return text += "\(indent)<dict/>\n" }
            text += "\(indent)<dict>\n"
            for (key, value) in pairs {
                text += "\(indent)\t<key>\(Self.escaped(key))</key>\n"
                value.xml(into: &text, depth: depth + 1)
            }
            text += "\(indent)</dict>\n"
        }
    }

    private static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }

    /// The value as JSON indented by two spaces, as Xcode writes Contents.json.
    public var json: String {
        var text = ""
        json(into: &text, depth: 0)
        return text + "\n"
    }

    private func json(into text: inout String, depth: Int) {
        let inner = String(repeating: "  ", count: depth + 1)
        let outer = String(repeating: "  ", count: depth)
        switch self {
        case .string(let value):
            let escaped = value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"")
            text += "\"\(escaped)\""
        case .bool(let value): text += "\(value)"
        case .int(let value): text += "\(value)"
        case .array(let values):
            guard !values.isEmpty else { return text += "[]" }
            text += "[\n"
            for (offset, value) in values.enumerated() {
                text += inner
                value.json(into: &text, depth: depth + 1)
                text += offset == values.count - 1 ? "\n" : ",\n"
            }
            text += outer + "]"
        case .dictionary(let pairs):
            guard !pairs.isEmpty else { return text += "{}" }
            text += "{\n"
            for (offset, (key, value)) in pairs.enumerated() {
                text += inner + "\"\(key)\": "
                value.json(into: &text, depth: depth + 1)
                text += offset == pairs.count - 1 ? "\n" : ",\n"
            }
            text += outer + "}"
        }
    }

    /// The value as Foundation objects (a built app's binary Info.plist).
    public var foundation: Any {
        switch self {
        case .string(let value): value
        case .bool(let value): value
        case .int(let value): value
        case .array(let values): values.map(\.foundation)
        case .dictionary(let pairs): Dictionary(pairs.map { ($0.0, $0.1.foundation) }, uniquingKeysWith: { first, _ in first })
        }
    }
}

extension ExampleValue: ExpressibleByStringLiteral, ExpressibleByBooleanLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByArrayLiteral, ExpressibleByDictionaryLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(arrayLiteral elements: ExampleValue...) { self = .array(elements) }
    public init(dictionaryLiteral elements: (String, ExampleValue)...) { self = .dictionary(elements) }
}
