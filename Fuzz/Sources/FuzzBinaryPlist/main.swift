import Foundation
import FuzzSupport
import IconSupport

/// The objects of a value Foundation read, counted as the walk counts them (a dictionary:
/// itself, each key and what each value holds).
func objects(_ value: Any) -> Int {
    if let dictionary = value as? [AnyHashable: Any] { return 1 + dictionary.values.reduce(0) { $0 + 1 + objects($1) } }
    if let array = value as? [Any] { return 1 + array.reduce(0) { $0 + objects($1) } }
    return 1
}

// A binary plist (`bplist00` is put in front of inputs without it) through BinaryPlistWalk,
// then, when the walk accepts it below a small bound (so each input stays fast), through
// PropertyListFile.parse and Foundation: a crash there, or a value with more objects than
// the walk counted, is a finding.
runFuzzer { input in
    var bytes = Array(input)
    if !bytes.starts(with: Array("bplist0".utf8)) { bytes = Array("bplist00".utf8) + bytes }
    guard case .success(let counted) = BinaryPlistWalk.expandedCount(bytes, limit: 20_000) else { return }
    guard let (value, format) = try? PropertyListFile.parse(Data(bytes), limit: 1 << 20) else { return }
    if format != .binary { return }
    let read = objects(value)
    if read > counted { fatalError("Foundation read \(read) objects where the walk counted \(counted)") }
}
