import Foundation
import IconSupport

/// Holds the byte-level OpenStep reader to `PropertyListSerialization` (through `PropertyListFile`): both must accept a
/// text with equal values, or both reject it with the same message and line. Used by the
/// differential tests and the `pbxproj-differential` fuzz target.
public enum OpenStepPlistCheck {
    /// Nil when the two readers agree on `data`, else what differs. Inputs that the reader
    /// hands to Foundation anyway (XML, binary, UTF-16) agree by construction.
    public static func disagreement(_ data: Data) -> String? {
        let bytes = [UInt8](data)
        if OpenStepPlist.needsFoundation(bytes) { return nil }
        let ours = OpenStepPlist.parse(bytes)
        let theirs: Result<Any, OpenStepPlist.ParseError>
        do throws(PropertyListFile.Failure) {
            theirs = .success(try PropertyListFile.parse(data, limit: OpenStepPlist.byteLimit).value)
        } catch {
            theirs = .failure(OpenStepPlist.parseError(error))
        }
        switch (ours, theirs) {
        case (.success(let plist), .success(let value)):
            let mine = Canonical(plist.foundationValue(plist.root))
            let foundation = Canonical(value)
            return mine == foundation ? nil : "values differ:\n  ours:       \(mine)\n  Foundation: \(foundation)"
        case (.failure(let mine), .failure(let foundation)):
            return mine == foundation ? nil : "errors differ:\n  ours:       \(mine)\n  Foundation: \(foundation)"
        case (.success(let plist), .failure(let foundation)):
            return "only Foundation rejects it (\(foundation)); ours: \(Canonical(plist.foundationValue(plist.root)))"
        case (.failure(let mine), .success(let value)):
            return "only ours rejects it (\(mine)); Foundation: \(Canonical(value))"
        }
    }

    /// A property list value compared exactly: strings by their UTF-16 units, not by
    /// Unicode equivalence as Swift's `==` would.
    indirect enum Canonical: Equatable, CustomStringConvertible {
        case string([UInt16])
        case data(Data)
        case array([Canonical])
        case dictionary([[UInt16]: Canonical])
        case other(String)

        init(_ value: Any) {
            if let string = value as? String {
                self = .string(Array(string.utf16))
            } else if let data = value as? Data {
                self = .data(data)
            } else if let array = value as? [Any] {
                self = .array(array.map(Canonical.init))
            } else if let dictionary = value as? [AnyHashable: Any] {
                var result: [[UInt16]: Canonical] = [:]
                for (key, value) in dictionary {
                    result[Array((key.base as? String ?? "\(key)").utf16)] = Canonical(value)
                }
                self = .dictionary(result)
            } else {
                self = .other("\(type(of: value)): \(value)")
            }
        }

        var description: String {
            switch self {
            case .string(let units): return "\"\(String(decoding: units, as: UTF16.self))\""
            case .data(let data): return "<\(data.map { String(format: "%02x", $0) }.joined())>"
            case .array(let elements): return "(" + elements.map(\.description).joined(separator: ", ") + ")"
            case .dictionary(let entries):
                let sorted = entries.sorted { $0.key.lexicographicallyPrecedes($1.key) }
                return "{" + sorted.map { "\(String(decoding: $0.key, as: UTF16.self)) = \($0.value)" }.joined(separator: "; ") + "}"
            case .other(let text): return text
            }
        }
    }
}
