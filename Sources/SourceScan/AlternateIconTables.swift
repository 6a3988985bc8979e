import Foundation

/// Names read from a table of literals.
extension AlternateIconResolver {
    /// The token range of a table's rows: `[row, row]` (Swift, JavaScript) or `@[row, row]`
    /// (Objective-C); nil for anything else.
    func arrayLiteral(_ range: Range<Int>) -> Int? {
        let range = stream.trimmed(range)
        guard !range.isEmpty else { return nil }
        var open = range.lowerBound
        if language == .objectiveC {
            guard stream[open].isPunctuation("@") else { return nil }
            open += 1
        }
        guard stream.isPunctuation(open, "["), stream.partner[open] == range.upperBound - 1 else { return nil }
        return open
    }

    /// `x["key"]`, `x[@"key"]`, `[x objectForKey:@"key"]` (a dictionary row) or `x.key` (a
    /// struct or object row): the variable and the key; nil for anything else.
    func rowLookup(_ range: Range<Int>) -> (variable: String, key: String, isMember: Bool)? {
        let low = range.lowerBound
        if range.count == 4, stream[low].kind == .identifier, stream.isPunctuation(low + 1, "["), stream.partner[low + 1] == low + 3,
            stream[low + 2].kind == .string, stream[low + 2].isStatic
        {
            return (stream[low].text, stream[low + 2].text, false)
        }
        if language == .objectiveC, range.count == 6, stream[low].isPunctuation("["), stream.partner[low] == low + 5,
            stream[low + 1].kind == .identifier, stream.isIdentifier(low + 2, "objectForKey") || stream.isIdentifier(low + 2, "valueForKey"),
            stream.isPunctuation(low + 3, ":"), stream[low + 4].kind == .string, stream[low + 4].isStatic
        {
            return (stream[low + 1].text, stream[low + 4].text, false)
        }
        if language != .objectiveC, language != .dart, range.count == 3, stream[low].kind == .identifier,
            stream.isPunctuation(low + 1, "."), stream[low + 2].kind == .identifier
        {
            return (stream[low].text, stream[low + 2].text, true)
        }
        return nil
    }

    /// The table a row variable comes from, by its name: `for row in table`, `for (const row of
    /// table)`, `for (NSDictionary
    /// *row in table)`, `let row = table[i]`, `NSDictionary *row = self.table[i]`, `[table
    /// objectAtIndex:i]`; in JavaScript also a parameter that receives a row (see
    /// `javaScriptRowTable`, which `followHandlers` passes on). nil when the variable is bound
    /// otherwise (a parameter), "" when it is bound to something that is not a plain table name.
    func tableName(of variable: String, at call: Int, followHandlers: Bool = true) -> String? {
        let start = functionStart(enclosing: call)
        var found: String?
        for position in stream.occurrences(of: variable, in: start..<call) {
            guard stream.meter.charge() else { return "" }
            if stream.isPunctuation(position - 1, ".") || stream.isPunctuation(position - 1, "?.") { continue }
            var source: Range<Int>?
            if stream.isIdentifier(position + 1, "in") || (isJavaScript && stream.isIdentifier(position + 1, "of")),
                stream.isIdentifier(position - 1, "for") || stream.isIdentifier(position - 1, "const") || stream.isIdentifier(position - 1, "let")
                    || (language == .objectiveC && (stream.isPunctuation(position - 1, "*") || stream[position - 1].kind == .identifier))
            {
                // `for row in table {`, `for (id row in table)`.
                let end = stream.expressionEnd(from: position + 2, limit: min(call, position + 2 + 8))
                var cursor = position + 2
                while cursor < end, stream.meter.charge(), !stream.isPunctuation(cursor, "{"), !stream.isPunctuation(cursor, ")"),
                    !stream.isIdentifier(cursor, "where")
                {
                    cursor += 1
                }
                // Only the loop whose body holds the call (`for row in table where … {`).
                var body = stream.isPunctuation(cursor, ")") ? cursor + 1 : cursor
                if stream.isIdentifier(cursor, "where"),
                    let open = stream.topLevelIndex(in: cursor..<call, where: { $0.isPunctuation("{") })
                {
                    body = open
                }
                guard body < call, stream.isPunctuation(body, "{"), stream.partner[body] > call, encloses(body, call) else { continue }
                source = (position + 2)..<cursor
            } else if isDeclaring(position), stream.isPunctuation(position + 1, "=") {
                guard encloses(stream.enclosingBrace[position], call) else { continue }
                let end = stream.expressionEnd(from: position + 2, limit: call)
                source = (position + 2)..<end
                // `table[i]`, `[table objectAtIndex:i]`: the table.
                if let range = source, let last = Optional(range.upperBound - 1), range.count >= 3, stream.isPunctuation(last, "]"),
                    stream.partner[last] > range.lowerBound
                {
                    source = range.lowerBound..<stream.partner[last]
                } else if let range = source, range.count >= 5, stream[range.lowerBound].isPunctuation("["),
                    stream.partner[range.lowerBound] == range.upperBound - 1,
                    let selector = stream.topLevelIndex(
                        in: (range.lowerBound + 1)..<(range.upperBound - 1), where: { $0.isIdentifier("objectAtIndex") })
                {
                    source = (range.lowerBound + 1)..<selector
                } else {
                    return ""
                }
            } else if stream.isPunctuation(position + 1, "=") {
                return ""
            }
            guard var range = source else { continue }
            // `self.table`, `Self.table`, `Picker.table` (a static table).
            if range.count == 3, stream.isPunctuation(range.lowerBound + 1, "."),
                stream.isIdentifier(range.lowerBound, "self") || stream[range.lowerBound].text.first?.isUppercase == true
            {
                range = (range.lowerBound + 2)..<range.upperBound
            }
            guard range.count == 1, stream[range.lowerBound].kind == .identifier else { return "" }
            let name = stream[range.lowerBound].text
            if let found, found != name { return "" }
            found = name
        }
        if found == nil, isJavaScript { return javaScriptRowTable(of: variable, at: call, followHandlers: followHandlers) }
        return found
    }

    /// The rows of the table `name` from every place the file defines it (`let name = [...]`,
    /// `self.name = @[...]`, `_name = @[...]`, `var name: [T] { [...] }`, `- (NSArray *)name {
    /// return @[...]; }`); nil when a definition is no literal, the table is changed
    /// (`append`, `addObject:`, `+=`), or no definition is found.
    func tableRows(_ name: String) -> [Range<Int>]? {
        var rows: [Range<Int>] = []
        var defined = false
        let names = language == .objectiveC ? [name, "_" + name] : [name]
        for each in names {
            for position in stream.occurrences[each] ?? [] {
                guard stream.meter.charge() else { return nil }
                if stream.isPunctuation(position + 1, "."),
                    ["append", "insert", "remove", "removeAll", "push", "unshift", "splice"].contains(
                        position + 2 < stream.count ? stream[position + 2].text : "")
                {
                    return nil
                }
                if position + 1 < stream.count, stream[position + 1].kind == .punctuation,
                    ["+=", "-="].contains(stream[position + 1].text)
                {
                    return nil
                }
                if position + 1 < stream.count, stream[position + 1].kind == .identifier,
                    stream[position + 1].text.hasPrefix("addObject") || stream[position + 1].text.hasPrefix("insertObject")
                        || stream[position + 1].text.hasPrefix("removeObject")
                {
                    return nil
                }
                var value: Range<Int>?
                var next = position + 1
                if stream.isPunctuation(next, ":"),
                    isDeclaring(position) || stream.isIdentifier(position - 1, "let")
                        || stream.isIdentifier(position - 1, "var")
                {
                    // `let name: [Row] = …`, `var name: [Row] { … }`.
                    while next < stream.count, next < position + 24, stream.meter.charge(), !stream.isPunctuation(next, "="),
                        !stream.isPunctuation(next, "{")
                    {
                        if stream.isOpener(next), stream.partner[next] > next { next = stream.partner[next] }
                        next += 1
                    }
                }
                if stream.isPunctuation(next, "=") {
                    value = (next + 1)..<stream.expressionEnd(from: next + 1, limit: stream.count)
                } else if stream.isPunctuation(next, "{"), stream.partner[next] > next,
                    next > position + 1 || (language == .objectiveC && stream.isPunctuation(position - 1, ")"))
                {
                    // A computed property or an Objective-C getter: its one returned literal.
                    var body = (next + 1)..<stream.partner[next]
                    if stream.isIdentifier(body.lowerBound, "return") { body = (body.lowerBound + 1)..<body.upperBound }
                    if body.count > 0, stream.isPunctuation(body.upperBound - 1, ";") { body = body.lowerBound..<(body.upperBound - 1) }
                    value = body
                } else {
                    continue
                }
                guard let value, let open = arrayLiteral(value) else { return nil }
                defined = true
                rows += stream.arguments(openedAt: open).filter { !$0.isEmpty }
            }
        }
        return defined ? rows : nil
    }

    /// The value of `key` in one row: a dictionary literal (`["key": v]`, `@{ @"key": v }`;
    /// an absent key is nil), a struct (`Row(key: v)`, `.init(key: v)`) or an object literal
    /// (`{ key: v }`; an absent key is undefined); nil for any other row.
    func rowValue(_ row: Range<Int>, key: String, isMember: Bool) -> (found: Range<Int>?, absentIsNil: Bool)? {
        let row = stream.trimmed(row)
        guard !row.isEmpty else { return nil }
        var open = row.lowerBound
        let close = row.upperBound - 1
        if language == .objectiveC, stream[open].isPunctuation("@") { open += 1 }
        let isDictionary = !isMember && (stream.isPunctuation(open, "[") || (language == .objectiveC && stream.isPunctuation(open, "{")))
        let isObject = isMember && isJavaScript && stream.isPunctuation(open, "{")
        var isStruct = false
        if isMember && language == .swift && stream.isPunctuation(close, ")") && stream.partner[close] > row.lowerBound {
            // `Row(…)`, `.init(…)`, `Row.init(…)`.
            let callee = row.lowerBound..<stream.partner[close]
            isStruct =
                (callee.count == 1 && stream[callee.lowerBound].kind == .identifier) || memberChain(callee) != nil
                || (callee.count == 2 && stream.isPunctuation(callee.lowerBound, ".") && stream.isIdentifier(callee.lowerBound + 1, "init"))
            open = stream.partner[close]
        }
        guard isDictionary || isObject || isStruct, stream.partner[open] == close else { return nil }
        for entry in stream.arguments(openedAt: open) where !entry.isEmpty {
            guard stream.meter.charge() else { return nil }
            let first = stream[entry.lowerBound]
            if first.isPunctuation("...") { return nil }
            let keyMatches =
                isDictionary ? first.kind == .string && first.isStatic : (first.kind == .identifier || (first.kind == .string && first.isStatic))
            guard keyMatches else {
                if isDictionary { return nil }
                continue
            }
            guard entry.count >= 2, stream.isPunctuation(entry.lowerBound + 1, ":") else {
                // JavaScript's `{ iconName }` shorthand: a variable.
                if first.text == key { return nil }
                continue
            }
            if first.text == key { return ((entry.lowerBound + 2)..<entry.upperBound, true) }
        }
        return (nil, !isStruct)
    }

    /// A row's `key` read from a table of literals: the union over every row.
    func tableValue(_ range: Range<Int>, at call: Int, budget: Int, lookup: (Range<Int>, Int) -> ResolvedValue) -> ResolvedValue? {
        guard let (variable, key, isMember) = rowLookup(range), let table = tableName(of: variable, at: call) else { return nil }
        guard !table.isEmpty, let rows = tableRows(table), !rows.isEmpty else { return isMember && language == .swift ? nil : .dynamic }
        var value = ResolvedValue()
        for row in rows {
            guard let (found, absentIsNil) = rowValue(row, key: key, isMember: isMember) else { return .dynamic }
            if let found {
                value.formUnion(lookup(found, budget - 1))
            } else if absentIsNil {
                value.canBePrimary = true
            } else {
                return .dynamic
            }
        }
        return value
    }
}
