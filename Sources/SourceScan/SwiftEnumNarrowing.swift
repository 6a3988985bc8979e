import Foundation

/// Swift `String` enum members a name is read from, narrowed by the conditions around the call.
extension AlternateIconResolver {
    /// `a.b.c` (with `?.` allowed), or `.dark.rawValue`: the identifiers, nil for anything else.
    func memberChain(_ range: Range<Int>) -> [String]? {
        var names: [String] = []
        var index = range.lowerBound
        if stream[index].isPunctuation(".") { index += 1 }
        var expectName = true
        while index < range.upperBound {
            let token = stream[index]
            if expectName {
                guard token.kind == .identifier else { return nil }
                names.append(token.text)
            } else {
                guard token.isPunctuation(".") || token.isPunctuation("?.") || token.isPunctuation("?") else { return nil }
                if token.isPunctuation("?") {
                    guard stream.isPunctuation(index + 1, ".") else { return nil }
                    index += 1
                }
            }
            expectName.toggle()
            index += 1
        }
        return names.count >= 2 && !expectName ? names : nil
    }

    /// `icon.iconName`, `AppIcon.dark.rawValue`, `self.iconName`: an enum reference, resolved
    /// once every file's enums are known.
    func enumMember(_ chain: [String], at call: Int) -> ResolvedValue {
        let property = chain[chain.count - 1]
        let base = Array(chain.dropLast())
        var reference = EnumReference(typeName: nil, caseName: nil, property: property)
        if base == ["self"] {
            guard let enclosing = enclosingEnum(of: call) else { return .dynamic }
            reference.typeName = enclosing
        } else if base.count >= 2 {
            // `AppIcon.dark.x` (or `Module.AppIcon.dark.x`): the type and the case.
            reference.typeName = base[base.count - 2]
            reference.caseName = base[base.count - 1]
        } else if let (type, caseName) = declaredType(of: base[0], before: call) {
            reference.typeName = type
            reference.caseName = caseName
        } else if base[0].first?.isUppercase == true {
            return .dynamic
        }
        if base.count == 1 && base != ["self"] { reference.variable = base[0] }
        var value = ResolvedValue()
        value.enumReferences = [reference]
        if let variable = reference.variable {
            for condition in enclosingConditions(of: call) where condition.variable == variable {
                narrow(&value, condition)
            }
            narrowBySwitchClauses(&value, variable: variable, at: call)
        }
        return value
    }

    /// Inside `switch icon { case .a, .b: … default: … }`: a clause's own cases, or for
    /// `default` every case the other clauses do not take.
    func narrowBySwitchClauses(_ value: inout ResolvedValue, variable: String, at call: Int) {
        let start = functionStart(enclosing: call)
        var brace = stream.enclosingBrace[call]
        var levels = 0
        while brace >= start && brace >= 0 && levels < 64 && stream.meter.charge() {
            levels += 1
            defer { brace = stream.enclosingBrace[brace] }
            guard stream.isIdentifier(brace - 2, "switch"), stream.isIdentifier(brace - 1, variable),
                stream.partner[brace] > brace
            else { continue }
            // The clauses: `case`/`default` at the top level of the body, with their cases.
            var clauses: [SwitchClause] = []
            var index = brace + 1
            while index < stream.partner[brace], stream.meter.charge() {
                if stream.isOpener(index) && stream.partner[index] > index {
                    index = stream.partner[index] + 1
                    continue
                }
                if stream[index].isIdentifier("default") {
                    clauses.append(SwitchClause(start: index, kind: .otherwise))
                } else if stream[index].isIdentifier("case"),
                    let colon = stream.topLevelIndex(in: index..<stream.partner[brace], where: { $0.isPunctuation(":") })
                {
                    clauses.append(SwitchClause(start: index, kind: switchCases((index + 1)..<colon).map { .cases($0) } ?? .unknown))
                    index = colon + 1
                    continue
                }
                index += 1
            }
            guard let clause = clauses.last(where: { $0.start < call }) else { continue }
            switch clause.kind {
            case .cases(let names):
                narrow(&value, variable: variable, toAnyOf: names)
            case .otherwise:
                // Every case the other clauses take, when each of them names plain cases.
                var taken: Set<String> = []
                var known = true
                for other in clauses {
                    switch other.kind {
                    case .cases(let names): taken.formUnion(names)
                    case .otherwise: break
                    case .unknown: known = false
                    }
                }
                if known {
                    for name in taken { narrowExcluding(&value, variable: variable, name) }
                }
            case .unknown:
                break
            }
        }
    }

    struct SwitchClause {
        enum Kind {
            case cases(Set<String>)
            case otherwise
            /// A binding, a guard, anything but plain `.case` patterns.
            case unknown
        }

        var start: Int
        var kind: Kind
    }

    /// `.a, .b` → ["a", "b"]; nil for any other pattern.
    func switchCases(_ patterns: Range<Int>) -> Set<String>? {
        var names: Set<String> = []
        var start = patterns.lowerBound
        while start < patterns.upperBound, stream.meter.charge() {
            let end = stream.topLevelIndex(in: start..<patterns.upperBound, where: { $0.isPunctuation(",") }) ?? patterns.upperBound
            guard end - start == 2, stream[start].isPunctuation("."), stream[start + 1].kind == .identifier else { return nil }
            names.insert(stream[start + 1].text)
            start = end + 1
        }
        return names.isEmpty ? nil : names
    }

    func narrow(_ value: inout ResolvedValue, variable: String, toAnyOf cases: Set<String>) {
        for index in value.enumReferences.indices { value.enumReferences[index].narrow(variable, toAnyOf: cases) }
    }

    func narrowExcluding(_ value: inout ResolvedValue, variable: String, _ name: String) {
        for index in value.enumReferences.indices { value.enumReferences[index].narrow(variable, to: name, equal: false) }
    }

    // MARK: Narrowing by conditions on an enum value

    func narrow(_ value: inout ResolvedValue, _ variable: String, _ caseName: String, equal: Bool) {
        for index in value.enumReferences.indices {
            value.enumReferences[index].narrow(variable, to: caseName, equal: equal)
        }
    }

    func narrow(_ value: inout ResolvedValue, _ condition: EnumCondition) {
        switch condition.test {
        case .caseName(let name): narrow(&value, condition.variable, name, equal: condition.holds)
        case .flag(let flag):
            for index in value.enumReferences.indices {
                value.enumReferences[index].narrow(condition.variable, flag: flag, holds: condition.holds)
            }
        }
    }

    /// `v == .c`, `v != .c`, `v == Type.c`, `.c == v` (in parentheses or not); a Bool member
    /// `v.isDefault`, `!v.isDefault`, `v.isDefault == false`.
    func caseCondition(_ range: Range<Int>) -> EnumCondition? {
        let range = stream.trimmed(range)
        if let flag = flagCondition(range) { return flag }
        guard let operatorIndex = stream.topLevelIndex(in: range, where: { $0.isPunctuation("==") || $0.isPunctuation("!=") }) else {
            return nil
        }
        let equal = stream[operatorIndex].isPunctuation("==")
        func variable(_ side: Range<Int>) -> String? {
            side.count == 1 && stream[side.lowerBound].kind == .identifier ? stream[side.lowerBound].text : nil
        }
        func caseName(_ side: Range<Int>) -> String? {
            guard side.count == 2 || side.count == 3, stream[side.upperBound - 1].kind == .identifier,
                stream[side.upperBound - 2].isPunctuation(".")
            else { return nil }
            return stream[side.upperBound - 1].text
        }
        let left = range.lowerBound..<operatorIndex, right = (operatorIndex + 1)..<range.upperBound
        if let name = variable(left), let value = caseName(right) { return EnumCondition(variable: name, test: .caseName(value), holds: equal) }
        if let name = variable(right), let value = caseName(left) { return EnumCondition(variable: name, test: .caseName(value), holds: equal) }
        return nil
    }

    /// `v.flag`, `!v.flag`, `v.flag == true`, `v.flag != false` (Swift only: a Bool member of
    /// the enum, read once every file's enums are known).
    func flagCondition(_ range: Range<Int>) -> EnumCondition? {
        guard language == .swift, !range.isEmpty, range.count <= 8 else { return nil }
        var range = range
        var holds = true
        if stream[range.lowerBound].isPunctuation("!") {
            holds = false
            range = stream.trimmed((range.lowerBound + 1)..<range.upperBound)
        }
        if range.count == 5, stream[range.upperBound - 2].isPunctuation("==") || stream[range.upperBound - 2].isPunctuation("!="),
            stream[range.upperBound - 1].isIdentifier("true") || stream[range.upperBound - 1].isIdentifier("false")
        {
            let equal = stream[range.upperBound - 2].isPunctuation("==")
            holds = holds == (equal == stream[range.upperBound - 1].isIdentifier("true"))
            range = range.lowerBound..<(range.upperBound - 2)
        }
        guard range.count == 3, stream[range.lowerBound].kind == .identifier, stream[range.lowerBound + 1].isPunctuation("."),
            stream[range.lowerBound + 2].kind == .identifier, stream[range.lowerBound].text.first?.isLowercase == true
        else { return nil }
        return EnumCondition(variable: stream[range.lowerBound].text, test: .flag(stream[range.lowerBound + 2].text), holds: holds)
    }

    /// The conditions that hold where `call` runs, from the blocks around it up to its
    /// function: `if c {` (c holds), `if c { } else {` (c fails), and `guard c else`
    /// before the call in an enclosing block (c holds).
    func enclosingConditions(of call: Int) -> [EnumCondition] {
        var result: [EnumCondition] = []
        let start = functionStart(enclosing: call)
        var brace = stream.enclosingBrace[call]
        var levels = 0
        while brace >= start && brace >= 0 && levels < 64 && stream.meter.charge() {
            levels += 1
            if stream.isIdentifier(brace - 1, "else"), stream.isPunctuation(brace - 2, "}"), stream.partner[brace - 2] >= 0 {
                // Not (a and b) says nothing about a or b alone.
                let conditions = ifConditions(openedAt: stream.partner[brace - 2])
                if conditions.count == 1 { result.append(conditions[0].negated) }
            } else {
                result += ifConditions(openedAt: brace)
            }
            brace = stream.enclosingBrace[brace]
        }
        for index in stream.occurrences(of: "guard", in: max(start, 0)..<call) {
            guard stream.meter.charge() else { break }
            // Only a guard in a block that still encloses the call.
            var enclosing = stream.enclosingBrace[call]
            while enclosing >= 0 && enclosing != stream.enclosingBrace[index] && stream.meter.charge() {
                enclosing = stream.enclosingBrace[enclosing]
            }
            guard enclosing == stream.enclosingBrace[index],
                let elseIndex = stream.topLevelIndex(in: (index + 1)..<call, where: { $0.isIdentifier("else") })
            else { continue }
            result += caseConditions((index + 1)..<elseIndex)
        }
        return result
    }

    /// The conditions of `if a, b && c {` whose block opens at `brace` (each holds inside).
    func ifConditions(openedAt brace: Int) -> [EnumCondition] {
        var index = brace - 1
        while index >= 0 && brace - index < 24 && stream.meter.charge() {
            if stream[index].isIdentifier("if") { return caseConditions((index + 1)..<brace) }
            if stream[index].kind == .punctuation && ["{", "}", ";"].contains(stream[index].text) { return [] }
            index -= 1
        }
        return []
    }

    /// The case conditions of a conjunction (`a, b`, `a && b`); the others are left out.
    func caseConditions(_ range: Range<Int>) -> [EnumCondition] {
        var result: [EnumCondition] = []
        var start = range.lowerBound
        while start < range.upperBound, stream.meter.charge() {
            let end =
                stream.topLevelIndex(in: start..<range.upperBound, where: { $0.isPunctuation(",") || $0.isPunctuation("&&") })
                ?? range.upperBound
            if let condition = caseCondition(start..<end) { result.append(condition) }
            start = end + 1
        }
        return result
    }

    func enclosingEnum(of index: Int) -> String? {
        stream.meter.charge(localEnums.count)
        return localEnums.filter { $0.body.contains(index) }.min { $0.body.count < $1.body.count }?.name
    }

    /// The type of a variable from its declaration: a parameter or local `icon: AppIcon`,
    /// `let icon = AppIcon.dark` (the case too), `for icon in AppIcon.allCases`, a closure
    /// over `AppIcon.allCases` (`ForEach(AppIcon.allCases) { icon in`), or a property of the
    /// file `var selected: AppIcon = .dark`.
    func declaredType(of name: String, before call: Int) -> (String, String?)? {
        var found: (String, String?)?
        for index in stream.occurrences[name] ?? [] {
            guard stream.meter.charge() else { return nil }
            if stream.isPunctuation(index + 1, ":"), index + 2 < stream.count, stream[index + 2].kind == .identifier,
                stream[index + 2].text.first?.isUppercase == true
            {
                var type = stream[index + 2].text
                var cursor = index + 3
                while stream.isPunctuation(cursor, "."), cursor + 1 < stream.count, stream[cursor + 1].kind == .identifier,
                    stream.meter.charge()
                {
                    type = stream[cursor + 1].text
                    cursor += 2
                }
                if type != "String" { found = found ?? (type, nil) }
            } else if stream.isPunctuation(index + 1, "="), index > 0, stream[index - 1].kind == .identifier,
                Self.declarationWords.contains(stream[index - 1].text), index + 4 < stream.count,
                stream[index + 2].kind == .identifier, stream[index + 2].text.first?.isUppercase == true,
                stream[index + 3].isPunctuation("."), stream[index + 4].kind == .identifier,
                stream.expressionEnd(from: index + 2, limit: stream.count) == index + 5
            {
                return (stream[index + 2].text, stream[index + 4].text == "allCases" ? nil : stream[index + 4].text)
            } else if stream.isIdentifier(index - 1, "for"), stream.isIdentifier(index + 1, "in"), index + 4 < stream.count,
                stream[index + 2].kind == .identifier, stream.isPunctuation(index + 3, "."), stream.isIdentifier(index + 4, "allCases")
            {
                return (stream[index + 2].text, nil)
            } else if stream.isIdentifier(index + 1, "in"), index > 0,
                stream[index - 1].isPunctuation("{") || stream[index - 1].isPunctuation("(") || stream[index - 1].isPunctuation(","),
                let type = closureSubject(before: index)
            {
                return (type, nil)
            }
        }
        return found
    }

    /// `X.allCases` in the statement before the closure that declares the parameter at `index`.
    func closureSubject(before index: Int) -> String? {
        let brace = stream.enclosingBrace[index]
        guard brace > 0 else { return nil }
        var cursor = brace - 1
        while cursor >= 2 && brace - cursor < 24 {
            if stream[cursor].isIdentifier("allCases"), stream.isPunctuation(cursor - 1, "."), stream[cursor - 2].kind == .identifier {
                return stream[cursor - 2].text
            }
            if stream[cursor].isPunctuation(";") || stream[cursor].isPunctuation("{") || stream[cursor].isPunctuation("}") { return nil }
            cursor -= 1
        }
        return nil
    }
}

/// A condition on an enum value where a name is read: `icon == .dark` (`holds`: the case
/// is `.dark`) or `icon.isDefault` (`holds`: the Bool member is true); false for the negation.
struct EnumCondition {
    enum Test {
        case caseName(String)
        case flag(String)
    }

    var variable: String
    var test: Test
    var holds: Bool

    var negated: EnumCondition { EnumCondition(variable: variable, test: test, holds: !holds) }
}
