import Foundation

/// The values of an OpenStep plist: strings, data, arrays and dictionaries.
extension OpenStepParser {
    mutating func object(required: Bool, depth: Int) throws(InvalidUTF8) -> Int32? {
        if depth > Self.maxDepth {
            error = PendingError(kind: .tooDeep, position: position)
            return nil
        }
        guard try skipSpace() else {
            if required { error = PendingError(kind: .endOfFile, position: position) }
            return nil
        }
        let byte = buffer[position]
        switch byte {
        case UInt8(ascii: "{"):
            position += 1
            return try dictionary(depth: depth)
        case UInt8(ascii: "("):
            position += 1
            return try array(depth: depth)
        case UInt8(ascii: "<"):
            position += 1
            return try data()
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            position += 1
            return try quoted(byte)
        default:
            if Self.isUnquoted(byte) { return unquoted() }
            if required { error = PendingError(kind: .unexpectedCharacter(try unit(at: position)), position: position) }
            return nil
        }
    }

    /// A dictionary key: quoted or unquoted, nothing else (and no error when neither).
    mutating func key() throws(InvalidUTF8) -> Int32? {
        guard try skipSpace() else { return nil }
        let byte = buffer[position]
        if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
            position += 1
            return try quoted(byte)
        }
        return Self.isUnquoted(byte) ? unquoted() : nil
    }

    mutating func unquoted() -> Int32 {
        let start = position
        while position < end, Self.isUnquoted(buffer[position]) { position += 1 }
        nodes.append(OpenStepPlist.Node(kind: .string, line: line, start: Int32(start), count: Int32(position - start)))
        recordSpan(from: start)
        return Int32(nodes.count - 1)
    }

    mutating func quoted(_ quote: UInt8) throws(InvalidUTF8) -> Int32? {
        let start = position
        let startLine = line
        var units: [UInt16]?
        var mark = position
        while position < end {
            let byte = buffer[position]
            if byte == quote { break }
            if byte == UInt8(ascii: "\\") {
                if units == nil { units = [] }
                try appendUnits(from: mark, to: position, into: &units!)
                position += 1
                if position == end {
                    error = PendingError(kind: .unterminatedBackslash, position: position)
                    return nil
                }
                try units!.append(contentsOf: escaped())
                mark = position
            } else if byte < 0x80 {
                if byte == 0x0A { line += 1 }
                position += 1
            } else {
                position += try sequenceLength(at: position)
            }
        }
        if position >= end {
            position = start
            line = startLine
            error = PendingError(kind: .unterminatedQuote, position: position)
            return nil
        }
        if var collected = units {
            try appendUnits(from: mark, to: position, into: &collected)
            decodedStrings.append(String(decoding: collected, as: UTF16.self))
            nodes.append(
                OpenStepPlist.Node(
                    kind: .decodedString, line: startLine,
                    start: Int32(decodedStrings.count - 1), count: 0))
        } else {
            nodes.append(
                OpenStepPlist.Node(
                    kind: .string, line: startLine, start: Int32(start),
                    count: Int32(position - start)))
        }
        position += 1
        recordSpan(from: start - 1)
        error = nil
        return Int32(nodes.count - 1)
    }

    func appendUnits(from start: Int, to stop: Int, into units: inout [UInt16]) throws(InvalidUTF8) {
        var index = start
        while index < stop {
            let (value, length) = try scalar(at: index)
            if value > 0xFFFF {
                units.append(UInt16(0xD800 + ((value - 0x10000) >> 10)))
                units.append(UInt16(0xDC00 + ((value - 0x10000) & 0x3FF)))
            } else {
                units.append(UInt16(value))
            }
            index += length
        }
    }

    /// The character after a backslash (the cursor is past the backslash).
    mutating func escaped() throws(InvalidUTF8) -> [UInt16] {
        let byte = buffer[position]
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "7"):
            position += 1
            // At most three octal digits, kept in one byte as CoreFoundation does, then NeXTSTEP Latin.
            var number = byte - UInt8(ascii: "0")
            for _ in 0..<2 {
                guard position < end, (UInt8(ascii: "0")...UInt8(ascii: "7")).contains(buffer[position]) else { break }
                number = number &<< 3 &+ (buffer[position] - UInt8(ascii: "0"))
                position += 1
            }
            return [NeXTSTEPLatin.unit(number)]
        case UInt8(ascii: "U"):
            position += 1
            var number: UInt16 = 0
            var digits = 0
            while position < end, digits < 4, let digit = Self.hexValue(buffer[position]) {
                number = number << 4 | UInt16(digit)
                position += 1
                digits += 1
            }
            return [number]
        case UInt8(ascii: "a"):
            position += 1
            return [0x07]
        case UInt8(ascii: "b"):
            position += 1
            return [0x08]
        case UInt8(ascii: "f"):
            position += 1
            return [0x0C]
        case UInt8(ascii: "n"):
            position += 1
            return [0x0A]
        case UInt8(ascii: "r"):
            position += 1
            return [0x0D]
        case UInt8(ascii: "t"):
            position += 1
            return [0x09]
        case UInt8(ascii: "v"):
            position += 1
            return [0x0B]
        default:
            if byte == 0x0A { line += 1 }
            var units: [UInt16] = []
            let length = byte < 0x80 ? 1 : try sequenceLength(at: position)
            try appendUnits(from: position, to: position + length, into: &units)
            position += length
            return units
        }
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// `begin`: the offset of the opening bracket; the span ends at the cursor (a dictionary's
    /// is moved past its `}` by `dictionary(depth:)`).
    mutating func finishContainer(_ kind: OpenStepPlist.Kind, line: Int32, from mark: Int, count: Int, begin: Int) -> Int32 {
        let start = Int32(links.count)
        links.append(contentsOf: pending[mark...])
        pending.removeSubrange(mark...)
        nodes.append(OpenStepPlist.Node(kind: kind, line: line, start: start, count: Int32(count)))
        recordSpan(from: begin)
        return Int32(nodes.count - 1)
    }

    mutating func array(depth: Int) throws(InvalidUTF8) -> Int32? {
        let startLine = line
        let begin = position - 1
        let mark = pending.count
        defer { if pending.count > mark { pending.removeSubrange(mark...) } }
        var count = 0
        var element = try object(required: false, depth: depth + 1)
        while let value = element {
            pending.append(value)
            count += 1
            guard try skipSpace() else {
                error = PendingError(kind: .expectedComma, position: position)
                return nil
            }
            if buffer[position] != UInt8(ascii: ",") {
                element = nil
            } else {
                position += 1
                element = try object(required: false, depth: depth + 1)
            }
        }
        guard try skipSpace(), buffer[position] == UInt8(ascii: ")") else {
            error = PendingError(kind: .expectedParenthesis, position: position)
            return nil
        }
        error = nil
        position += 1
        return finishContainer(.array, line: startLine, from: mark, count: count, begin: begin)
    }

    mutating func dictionary(depth: Int) throws(InvalidUTF8) -> Int32? {
        let startLine = line
        let begin = position - 1
        guard let content = try dictionaryContent(depth: depth) else { return nil }
        guard try skipSpace(), buffer[position] == UInt8(ascii: "}") else {
            error = PendingError(kind: .expectedBrace, position: position)
            return nil
        }
        position += 1
        nodes[Int(content)].line = startLine
        if recordsSpans {
            spans[2 * Int(content)] = Int32(begin)
            spans[2 * Int(content) + 1] = Int32(position)
        }
        return content
    }

    mutating func dictionaryContent(depth: Int) throws(InvalidUTF8) -> Int32? {
        let startLine = line
        let contentBegin = position
        let mark = pending.count
        defer { if pending.count > mark { pending.removeSubrange(mark...) } }
        var count = 0
        var nextKey = try key()
        while let key = nextKey {
            guard try skipSpace() else {
                error = PendingError(kind: .missingSemicolon, position: position)
                return nil
            }
            let value: Int32
            if buffer[position] == UInt8(ascii: ";") {
                // `key;` is short for `key = key;` (strings files).
                value = key
            } else if buffer[position] == UInt8(ascii: "=") {
                position += 1
                guard let parsed = try object(required: true, depth: depth + 1) else { return nil }
                value = parsed
            } else {
                error = PendingError(kind: .expectedSemicolonOrEquals, position: position)
                return nil
            }
            pending.append(key)
            pending.append(value)
            count += 1
            if try skipSpace(), buffer[position] == UInt8(ascii: ";") {
                position += 1
                nextKey = try self.key()
            } else {
                error = PendingError(kind: .missingSemicolon, position: position)
                return nil
            }
        }
        error = nil
        return finishContainer(.dictionary, line: startLine, from: mark, count: count, begin: contentBegin)
    }

    /// `<0fbe 12>`: hex digit pairs and white space up to `>`. CoreFoundation looks at the low
    /// byte of each UTF-16 unit when it wants a hex digit, and so does this.
    mutating func data() throws(InvalidUTF8) -> Int32? {
        let startLine = line
        let begin = position - 1
        var bytes: [UInt8] = []
        var first: UInt8?
        func lowHex(_ unit: UInt16) -> UInt8? {
            let low = UInt8(truncatingIfNeeded: unit)
            switch low {
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"),
                UInt8(ascii: "A")...UInt8(ascii: "F"):
                return Self.hexValue(low)
            default: return nil
            }
        }
        while position < end {
            let (value, length) = try scalar(at: position)
            let units: [UInt16] =
                value > 0xFFFF
                ? [UInt16(0xD800 + ((value - 0x10000) >> 10)), UInt16(0xDC00 + ((value - 0x10000) & 0x3FF))]
                : [UInt16(value)]
            for unit in units {
                if let high = first {
                    guard let low = lowHex(unit) else {
                        error = PendingError(kind: .oddHex, position: position)
                        return nil
                    }
                    bytes.append(high << 4 | low)
                    first = nil
                    continue
                }
                if unit == UInt16(UInt8(ascii: ">")) {
                    position += 1
                    error = nil
                    datas.append(Data(bytes))
                    nodes.append(OpenStepPlist.Node(kind: .data, line: startLine, start: Int32(datas.count - 1), count: 0))
                    recordSpan(from: begin)
                    return Int32(nodes.count - 1)
                }
                if let digit = lowHex(unit) {
                    first = digit
                } else if unit == 0x20 || unit == 0x0A || unit == 0x09 || unit == 0x0D || unit == 0x2028 || unit == 0x2029 {
                    if unit == 0x0A { line += 1 }
                } else {
                    error = PendingError(kind: .invalidHex, position: position)
                    return nil
                }
            }
            position += length
        }
        if first != nil {
            error = PendingError(kind: .oddHex, position: position)
            return nil
        }
        error = PendingError(kind: .expectedGreater, position: position)
        return nil
    }
}

/// NeXTSTEP Latin, the encoding of octal escapes in OpenStep strings.
enum NeXTSTEPLatin {
    /// UTF-16 unit of each byte; bytes Foundation cannot convert give 0, as in CoreFoundation.
    static let table: [UInt16] = (0...255).map { byte in
        if byte < 0x80 { return UInt16(byte) }
        return String(data: Data([UInt8(byte)]), encoding: .nextstep)?.utf16.first ?? 0
    }

    static func unit(_ byte: UInt8) -> UInt16 { table[Int(byte)] }
}
