import Foundation

/// JSON as Xcode writes asset catalogs: keys sorted, `"key" : value`, two-space indent.
/// Strings are escaped by JSONEncoder; nothing is pasted unescaped.
indirect enum XcodeJSON: Sendable {
    case string(String)
    case int(Int)
    case array([XcodeJSON])
    case object([(String, XcodeJSON)])

    func rendered(indent: String = "") -> String {
        let inner = indent + "  "
        switch self {
        case .string(let text): return XcodeJSON.quote(text)
        case .int(let value): return String(value)
        case .array(let items):
            guard !items.isEmpty else { return "[\n\n\(indent)]" }
            return "[\n" + items.map { inner + $0.rendered(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
        case .object(let members):
            guard !members.isEmpty else { return "{\n\n\(indent)}" }
            let sorted = members.sorted { $0.0 < $1.0 }
            return "{\n"
                + sorted.map { inner + XcodeJSON.quote($0.0) + " : " + $0.1.rendered(indent: inner) }
                .joined(separator: ",\n") + "\n\(indent)}"
        }
    }

    static func quote(_ text: String) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.withoutEscapingSlashes]
        guard let data = try? encoder.encode(text) else { return "\"\"" }
        return String(decoding: data, as: UTF8.self)
    }
}
