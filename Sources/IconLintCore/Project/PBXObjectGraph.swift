import Foundation

/// One object of project.pbxproj's `objects` dictionary.
struct PBXObject {
    let id: String
    let isa: String
    let fields: [String: Any]
}

/// Typed, checked access to the objects of a parsed project.pbxproj. Every wrong type and
/// dangling id becomes a problem (with the line of the object) and a nil/empty answer.
struct PBXObjectGraph {
    let objects: [String: PBXObject]
    /// Ids whose object is not a dictionary with an `isa`: reported once, not again as dangling.
    let malformed: Set<String>
    let file: String
    let locator: PBXLineLocator
    let problems: ProblemCollector

    init(objects raw: [String: Any], file: String, locator: PBXLineLocator, problems: ProblemCollector) {
        var objects: [String: PBXObject] = [:]
        var malformed: Set<String> = []
        for (id, value) in raw.sorted(by: { $0.key < $1.key }) {
            guard let fields = value as? [String: Any] else {
                malformed.insert(id)
                problems.add(.malformedObject, "object \(id) is not a dictionary", file: file, line: locator.line(ofObject: id))
                continue
            }
            guard let isa = fields["isa"] as? String else {
                malformed.insert(id)
                problems.add(.malformedObject, "object \(id) has no `isa` string", file: file, line: locator.line(ofObject: id))
                continue
            }
            objects[id] = PBXObject(id: id, isa: isa, fields: fields)
        }
        self.objects = objects
        self.malformed = malformed
        self.file = file
        self.locator = locator
        self.problems = problems
    }

    func line(_ object: PBXObject, _ key: String) -> Int? {
        locator.line(ofKey: key, inObject: object.id)
    }

    private func describe(_ object: PBXObject) -> String {
        if let name = object.fields["name"] as? String { return "\(object.isa) \(object.id) (\(name))" }
        if let path = object.fields["path"] as? String { return "\(object.isa) \(object.id) (\(path))" }
        return "\(object.isa) \(object.id)"
    }

    /// The object an id names, when it exists and has one of the expected isa's (any when nil).
    func object(_ id: String, isa expected: Set<String>?, from owner: PBXObject, key: String) -> PBXObject? {
        guard let object = objects[id] else {
            if malformed.contains(id) { return nil }
            problems.add(.danglingReference, "\(describe(owner)): `\(key)` names object \(id), which does not exist",
                         file: file, line: line(owner, key))
            return nil
        }
        guard let expected, !expected.contains(object.isa) else { return object }
        problems.add(.danglingReference,
                     "\(describe(owner)): `\(key)` names \(describe(object)), expected "
                        + expected.sorted().joined(separator: " or "),
                     file: file, line: line(owner, key))
        return nil
    }

    /// The object named by the string field `key`, if present.
    func object(at key: String, of owner: PBXObject, isa expected: Set<String>, required: Bool = true) -> PBXObject? {
        guard let id = string(key, of: owner, required: required) else { return nil }
        return object(id, isa: expected, from: owner, key: key)
    }

    /// The objects named by the id-array field `key`, skipping (and reporting) bad ids.
    func objects(at key: String, of owner: PBXObject, isa expected: Set<String>) -> [PBXObject] {
        strings(key, of: owner).compactMap { object($0, isa: expected, from: owner, key: key) }
    }

    /// A string field; a problem when it has another type, or is missing and required.
    func string(_ key: String, of owner: PBXObject, required: Bool = false) -> String? {
        guard let value = owner.fields[key] else {
            if required {
                problems.add(.malformedObject, "\(describe(owner)) has no `\(key)`", file: file,
                             line: locator.line(ofObject: owner.id))
            }
            return nil
        }
        guard let string = value as? String else {
            problems.add(.malformedObject, "\(describe(owner)): `\(key)` should be a string", file: file,
                         line: line(owner, key))
            return nil
        }
        return string
    }

    /// An array-of-strings field; missing is empty, wrong types are problems.
    func strings(_ key: String, of owner: PBXObject) -> [String] {
        guard let value = owner.fields[key] else { return [] }
        guard let array = value as? [Any] else {
            problems.add(.malformedObject, "\(describe(owner)): `\(key)` should be a list", file: file,
                         line: line(owner, key))
            return []
        }
        var result: [String] = []
        for element in array {
            if let string = element as? String {
                result.append(string)
            } else {
                problems.add(.malformedObject, "\(describe(owner)): `\(key)` should hold only strings", file: file,
                             line: line(owner, key))
            }
        }
        return result
    }

    /// A dictionary field; missing is nil, a wrong type is a problem.
    func dictionary(_ key: String, of owner: PBXObject) -> [String: Any]? {
        guard let value = owner.fields[key] else { return nil }
        guard let dictionary = value as? [String: Any] else {
            problems.add(.malformedObject, "\(describe(owner)): `\(key)` should be a dictionary", file: file,
                         line: line(owner, key))
            return nil
        }
        return dictionary
    }
}
