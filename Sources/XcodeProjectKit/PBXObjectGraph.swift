import Foundation

/// One object of project.pbxproj's `objects` dictionary: a dictionary node of the parsed
/// file, with its id, its `isa` and the line where it is defined.
package struct PBXObject {
    /// Position in the graph's object table: the identity used for sets and caches.
    let ordinal: Int32
    /// The id's string node (`PBXObjectGraph.id(of:)` decodes it, for messages).
    let idNode: Int32
    package let isa: String
    /// The object's dictionary node.
    package let node: Int32
    /// 1-based line of `ID = {`; nil when unknown (a project that is not OpenStep text).
    let line: Int?
}

/// Typed, checked access to the objects of a parsed project.pbxproj. Every wrong type and
/// dangling id becomes a problem (with the line of the object or key) and a nil/empty
/// answer. Strings are decoded from the file's bytes only when a caller asks for them;
/// references are resolved through a table keyed by the packed 96-bit id Xcode writes.
package final class PBXObjectGraph {
    let plist: OpenStepPlist
    let file: String
    let problems: ProblemCollector

    /// Objects that are dictionaries with an `isa` string, by ordinal: where they are in the
    /// parse. `PBXObject` values (with the id as a String) are made only for objects looked up.
    private var objects: [(key: Int32, node: Int32, isa: Int32)] = []
    /// The kinds of object the project has; a few dozen.
    private var isaNames: [String] = []
    /// Ordinals of objects by id: Xcode's 24 upper-case hex digits packed, others by text.
    private var packed: [PackedID: Int32] = [:]
    private var named: [String: Int32] = [:]
    /// Ids whose object is not a dictionary with an `isa`: reported once, not again as dangling.
    private var malformedPacked: Set<PackedID> = []
    private var malformedNamed: Set<String> = []

    /// - Parameter objects: the `objects` dictionary node.
    package init(plist: OpenStepPlist, objects objectsNode: Int32, file: String, problems: ProblemCollector) {
        self.plist = plist
        self.file = file
        self.problems = problems
        var pairs = plist.pairs(objectsNode)
        var malformed = load(pairs)
        if malformed == nil {
            // An id defined twice (never by Xcode): the last definition is the object, as in
            // CoreFoundation's dictionary, and the earlier ones count for nothing.
            var last: [String: Int] = [:]
            for (index, pair) in pairs.enumerated() { last[plist.string(pair.key) ?? ""] = index }
            pairs = pairs.indices.filter { last[plist.string(pairs[$0].key) ?? ""] == $0 }.map { pairs[$0] }
            objects = []
            packed = [:]
            named = [:]
            malformedPacked = []
            malformedNamed = []
            malformed = load(pairs)
        }
        for problem in (malformed ?? []).sorted(by: { $0.id < $1.id }) {
            problems.add(.malformedObject, problem.message, file: file, line: problem.line)
        }
    }

    /// Fills the object table from the `objects` pairs; returns the malformed objects' problems,
    /// or nil at the first id written twice.
    private func load(_ pairs: [(key: Int32, value: Int32)]) -> [(id: String, message: String, line: Int?)]? {
        var malformed: [(id: String, message: String, line: Int?)] = []
        objects.reserveCapacity(pairs.count)
        packed.reserveCapacity(pairs.count)
        for (keyNode, valueNode) in pairs {
            // The usual id is never decoded here; others (and every id in a problem) are.
            var key = PackedID(plist, keyNode)
            var id = ""
            if key == nil {
                id = plist.string(keyNode) ?? ""
                key = PackedID(id)
            }
            if let key {
                if packed[key] != nil || malformedPacked.contains(key) { return nil }
            } else if named[id] != nil || malformedNamed.contains(id) {
                return nil
            }
            let isMalformed: String?
            if plist[valueNode].kind != .dictionary {
                isMalformed = "is not a dictionary"
            } else if let isaNode = plist.value(forKey: "isa", in: valueNode), plist.isString(isaNode) {
                isMalformed = nil
                // A project has a few dozen kinds: one String per kind.
                let isa: Int
                if let known = isaNames.firstIndex(where: { plist.stringEquals(isaNode, $0) }) {
                    isa = known
                } else {
                    isa = isaNames.count
                    isaNames.append(plist.string(isaNode)!)
                }
                let ordinal = Int32(objects.count)
                objects.append((keyNode, valueNode, Int32(isa)))
                if let key { packed[key] = ordinal } else { named[id] = ordinal }
            } else {
                isMalformed = "has no `isa` string"
            }
            if let isMalformed {
                if let key { malformedPacked.insert(key) } else { malformedNamed.insert(id) }
                let id = plist.string(keyNode) ?? ""
                malformed.append((id, "object \(id) \(isMalformed)", Self.line(plist[keyNode].line)))
            }
        }
        return malformed
    }

    private static func line(_ value: Int32) -> Int? { value > 0 ? Int(value) : nil }

    private func object(_ ordinal: Int32) -> PBXObject {
        let entry = objects[Int(ordinal)]
        return PBXObject(
            ordinal: ordinal, idNode: entry.key, isa: isaNames[Int(entry.isa)],
            node: entry.node, line: Self.line(plist[entry.key].line))
    }

    /// Every well-formed object of one kind, in file order.
    package func objects(withISA isa: String) -> [PBXObject] {
        guard let kind = isaNames.firstIndex(of: isa) else { return [] }
        return objects.indices.filter { objects[$0].isa == kind }.map { object(Int32($0)) }
    }

    /// The object with that id, without any problem when there is none.
    package func object(withID id: String) -> PBXObject? {
        let ordinal = PackedID(id).flatMap { packed[$0] } ?? named[id]
        return ordinal.map(object)
    }

    /// The object a string node names, looked up without decoding the string when it is a packed id.
    private func lookup(_ node: Int32) -> (object: PBXObject?, malformed: Bool) {
        // Straight from the bytes for the usual id; other strings (escaped, from XML) decoded first.
        var id = ""
        var key = PackedID(plist, node)
        if key == nil {
            id = plist.string(node) ?? ""
            key = PackedID(id)
        }
        if let key {
            if let ordinal = packed[key] { return (object(ordinal), false) }
            return (nil, malformedPacked.contains(key))
        }
        if let ordinal = named[id] { return (object(ordinal), false) }
        return (nil, malformedNamed.contains(id))
    }

    // MARK: - Lines

    /// 1-based line where the object is defined.
    func line(_ object: PBXObject) -> Int? { object.line }

    /// 1-based line of `key = ...` in the object, or the object's own line when it has no such key.
    func line(_ object: PBXObject, _ key: String) -> Int? {
        guard let entry = plist.entry(forKey: key, in: object.node) else { return object.line }
        return Self.line(plist[entry.key].line) ?? object.line
    }

    /// The object's id as written.
    package func id(of object: PBXObject) -> String { plist.string(object.idNode) ?? "" }

    private func describe(_ object: PBXObject) -> String {
        for key in ["name", "path"] {
            if let node = plist.value(forKey: key, in: object.node), let text = plist.string(node) {
                return "\(object.isa) \(id(of: object)) (\(text))"
            }
        }
        return "\(object.isa) \(id(of: object))"
    }

    // MARK: - Fields

    /// Whether the object has the key at all, whatever its type.
    func has(_ key: String, _ object: PBXObject) -> Bool {
        plist.entry(forKey: key, in: object.node) != nil
    }

    /// The object a string node names, when it exists and has one of the expected isa's (any when nil).
    private func object(node: Int32, isa expected: Set<String>?, from owner: PBXObject, key: String) -> PBXObject? {
        let (found, malformed) = lookup(node)
        guard let object = found else {
            if malformed { return nil }
            problems.add(
                .danglingReference,
                "\(describe(owner)): `\(key)` names object \(plist.string(node) ?? ""), which does not exist",
                file: file, line: line(owner, key))
            return nil
        }
        guard let expected, !expected.contains(object.isa) else { return object }
        problems.add(
            .danglingReference,
            "\(describe(owner)): `\(key)` names \(describe(object)), expected "
                + expected.sorted().joined(separator: " or "),
            file: file, line: line(owner, key))
        return nil
    }

    /// The object named by the string field `key`, if present.
    package func object(at key: String, of owner: PBXObject, isa expected: Set<String>, required: Bool = true) -> PBXObject? {
        guard let node = stringNode(key, of: owner, required: required) else { return nil }
        return object(node: node, isa: expected, from: owner, key: key)
    }

    /// The objects named by the id-array field `key`, skipping (and reporting) bad ids.
    /// `isa` nil accepts any kind.
    package func objects(at key: String, of owner: PBXObject, isa expected: Set<String>?) -> [PBXObject] {
        stringNodes(key, of: owner).compactMap { object(node: $0, isa: expected, from: owner, key: key) }
    }

    /// The string node of field `key`; a problem when it has another type, or is missing and required.
    private func stringNode(_ key: String, of owner: PBXObject, required: Bool) -> Int32? {
        guard let entry = plist.entry(forKey: key, in: owner.node) else {
            if required {
                problems.add(.malformedObject, "\(describe(owner)) has no `\(key)`", file: file, line: owner.line)
            }
            return nil
        }
        guard plist.isString(entry.value) else {
            problems.add(
                .malformedObject, "\(describe(owner)): `\(key)` should be a string", file: file,
                line: Self.line(plist[entry.key].line) ?? owner.line)
            return nil
        }
        return entry.value
    }

    /// Reports a field that is present but not a string, without decoding anything.
    func checkString(_ key: String, of owner: PBXObject) {
        _ = stringNode(key, of: owner, required: false)
    }

    /// A string field; a problem when it has another type, or is missing and required.
    package func string(_ key: String, of owner: PBXObject, required: Bool = false) -> String? {
        stringNode(key, of: owner, required: required).flatMap { plist.string($0) }
    }

    /// Whether a string field is present and equals `text` (no problem when it is not a string).
    func field(_ key: String, of owner: PBXObject, equals text: String) -> Bool {
        guard let node = plist.value(forKey: key, in: owner.node) else { return false }
        return plist.stringEquals(node, text)
    }

    /// String nodes of an array-of-strings field; missing is empty, wrong types are problems.
    private func stringNodes(_ key: String, of owner: PBXObject) -> [Int32] {
        guard let entry = plist.entry(forKey: key, in: owner.node) else { return [] }
        let keyLine = Self.line(plist[entry.key].line) ?? owner.line
        guard plist[entry.value].kind == .array else {
            problems.add(.malformedObject, "\(describe(owner)): `\(key)` should be a list", file: file, line: keyLine)
            return []
        }
        var result: [Int32] = []
        for element in plist.elements(entry.value) {
            if plist.isString(element) {
                result.append(element)
            } else {
                problems.add(
                    .malformedObject, "\(describe(owner)): `\(key)` should hold only strings", file: file,
                    line: keyLine)
            }
        }
        return result
    }

    /// An array-of-strings field; missing is empty, wrong types are problems.
    package func strings(_ key: String, of owner: PBXObject) -> [String] {
        stringNodes(key, of: owner).compactMap { plist.string($0) }
    }

    /// A dictionary field's node; missing is nil, a wrong type is a problem.
    package func dictionary(_ key: String, of owner: PBXObject) -> Int32? {
        guard let entry = plist.entry(forKey: key, in: owner.node) else { return nil }
        guard plist[entry.value].kind == .dictionary else {
            problems.add(
                .malformedObject, "\(describe(owner)): `\(key)` should be a dictionary", file: file,
                line: Self.line(plist[entry.key].line) ?? owner.line)
            return nil
        }
        return entry.value
    }

    /// The line of a key node, falling back to the object's line.
    func line(ofKeyNode node: Int32, in owner: PBXObject) -> Int? {
        Self.line(plist[node].line) ?? owner.line
    }
}

/// An object id of 24 upper-case hex digits, as Xcode writes them, in 96 bits: hashing and
/// comparing it costs less than a String, and it is read straight from the file's bytes.
struct PackedID: Hashable {
    var high: UInt64
    var low: UInt32

    init?(_ id: String) {
        var id = id
        guard let value = id.withUTF8({ Self.pack($0) }) else { return nil }
        self = value
    }

    init?(_ plist: OpenStepPlist, _ node: Int32) {
        let node = plist[node]
        guard node.kind == .string, node.count == 24 else { return nil }
        guard
            let value = plist.bytes.withUnsafeBufferPointer({ buffer in
                Self.pack(UnsafeBufferPointer(rebasing: buffer[Int(node.start)..<Int(node.start) + 24]))
            })
        else { return nil }
        self = value
    }

    private init(high: UInt64, low: UInt32) {
        self.high = high
        self.low = low
    }

    private static func pack(_ bytes: UnsafeBufferPointer<UInt8>) -> PackedID? {
        guard bytes.count == 24 else { return nil }
        var high: UInt64 = 0
        var low: UInt32 = 0
        for index in 0..<24 {
            let byte = bytes[index]
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: return nil
            }
            if index < 16 { high = high << 4 | UInt64(digit) } else { low = low << 4 | UInt32(digit) }
        }
        return PackedID(high: high, low: low)
    }
}
