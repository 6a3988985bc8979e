import Foundation
import IconSupport

struct ExpressionError: Error {
    var message: String
    /// Macro expansion stopped for the run; the engine reported that already.
    var stoppedExpansion = false
}

enum ExpressionToken: Equatable {
    case number(Int64)
    case identifier(String)
    case punct(String)

    static let punctuators = [
        "<<", ">>", "<=", ">=", "==", "!=", "&&", "||",
        "(", ")", "!", "~", "+", "-", "*", "/", "%", "<", ">", "&", "^", "|", "?", ":", ",",
    ]

    static func tokenize(_ bytes: [UInt8]) throws(ExpressionError) -> [ExpressionToken] {
        var tokens: [ExpressionToken] = []
        var i = 0
        while i < bytes.count {
            let byte = bytes[i]
            if ASCIIByte.isBlank(byte) {
                i += 1
                continue
            }
            if ASCIIByte.isDigit(byte) {
                var j = i
                while j < bytes.count, ASCIIByte.isIdentifierByte(bytes[j]) { j += 1 }
                tokens.append(.number(try number(String(decoding: bytes[i..<j], as: UTF8.self))))
                i = j
            } else if ASCIIByte.isIdentifierStart(byte) {
                var j = i
                while j < bytes.count, ASCIIByte.isIdentifierByte(bytes[j]) { j += 1 }
                tokens.append(.identifier(String(decoding: bytes[i..<j], as: UTF8.self)))
                i = j
            } else if byte == 0x27 {
                // A character literal: 'a' or a simple escape.
                var j = i + 1
                var value: Int64 = 0
                if j < bytes.count, bytes[j] == 0x5C, j + 1 < bytes.count {
                    let escapes: [UInt8: Int64] = [0x6E: 10, 0x74: 9, 0x72: 13, 0x30: 0, 0x5C: 92, 0x27: 39, 0x22: 34]
                    value = escapes[bytes[j + 1]] ?? Int64(bytes[j + 1])
                    j += 2
                } else if j < bytes.count {
                    value = Int64(bytes[j])
                    j += 1
                }
                guard j < bytes.count, bytes[j] == 0x27 else { throw ExpressionError(message: "unterminated character literal") }
                tokens.append(.number(value))
                i = j + 1
            } else {
                let rest = bytes[i...]
                guard let punct = punctuators.first(where: { rest.starts(with: $0.utf8) }) else {
                    throw ExpressionError(message: "unexpected '\(String(decoding: [byte], as: UTF8.self))'")
                }
                tokens.append(.punct(punct))
                i += punct.utf8.count
            }
        }
        return tokens
    }

    static func number(_ text: String) throws(ExpressionError) -> Int64 {
        var digits = Substring(text)
        while let last = digits.last, "uUlL".contains(last) { digits.removeLast() }
        var radix = 10
        if digits.hasPrefix("0x") || digits.hasPrefix("0X") {
            radix = 16
            digits = digits.dropFirst(2)
        } else if digits.hasPrefix("0b") || digits.hasPrefix("0B") {
            radix = 2
            digits = digits.dropFirst(2)
        } else if digits.hasPrefix("0"), digits.count > 1 {
            radix = 8
            digits = digits.dropFirst()
        }
        guard !digits.isEmpty, let value = UInt64(digits, radix: radix) else {
            throw ExpressionError(message: "invalid integer '\(text)'")
        }
        return Int64(bitPattern: value)
    }
}

/// Precedence climbing over C's operators; arithmetic wraps, division by zero is an error
/// where it is evaluated (`0 && 1/0` is fine, as in cpp). Nesting is bounded.
struct ExpressionParser {
    let tokens: [ExpressionToken]
    var position = 0
    var depth = 0

    init(tokens: [ExpressionToken]) { self.tokens = tokens }

    mutating func parse() throws(ExpressionError) -> Int64 {
        let value = try conditional(live: true)
        if position < tokens.count { throw ExpressionError(message: "unexpected \(describe(tokens[position]))") }
        return value
    }

    func describe(_ token: ExpressionToken) -> String {
        switch token {
        case .number(let value): "'\(value)'"
        case .identifier(let name): "'\(name)'"
        case .punct(let text): "'\(text)'"
        }
    }

    var peek: ExpressionToken? { position < tokens.count ? tokens[position] : nil }

    mutating func expect(_ text: String) throws(ExpressionError) {
        guard peek == .punct(text) else {
            throw ExpressionError(message: "expected '\(text)'" + (peek.map { " before \(describe($0))" } ?? " at the end"))
        }
        position += 1
    }

    mutating func conditional(live: Bool) throws(ExpressionError) -> Int64 {
        depth += 1
        defer { depth -= 1 }
        guard depth < 200 else { throw ExpressionError(message: "expression nested too deeply") }
        let condition = try binary(0, live: live)
        guard peek == .punct("?") else { return condition }
        position += 1
        let whenTrue = try conditional(live: live && condition != 0)
        try expect(":")
        let whenFalse = try conditional(live: live && condition == 0)
        return condition != 0 ? whenTrue : whenFalse
    }

    static let levels: [[String]] = [
        ["||"], ["&&"], ["|"], ["^"], ["&"], ["==", "!="], ["<", ">", "<=", ">="],
        ["<<", ">>"], ["+", "-"], ["*", "/", "%"],
    ]

    mutating func binary(_ level: Int, live: Bool) throws(ExpressionError) -> Int64 {
        guard level < Self.levels.count else { return try unary(live: live) }
        var left = try binary(level + 1, live: live)
        while case .punct(let op)? = peek, Self.levels[level].contains(op) {
            position += 1
            let rightLive = live && !(op == "&&" && left == 0) && !(op == "||" && left != 0)
            let right = try binary(level + 1, live: rightLive)
            left = try apply(op, left, right, live: rightLive)
        }
        return left
    }

    func apply(_ op: String, _ a: Int64, _ b: Int64, live: Bool) throws(ExpressionError) -> Int64 {
        switch op {
        case "||": return (a != 0 || b != 0) ? 1 : 0
        case "&&": return (a != 0 && b != 0) ? 1 : 0
        case "|": return a | b
        case "^": return a ^ b
        case "&": return a & b
        case "==": return a == b ? 1 : 0
        case "!=": return a != b ? 1 : 0
        case "<": return a < b ? 1 : 0
        case ">": return a > b ? 1 : 0
        case "<=": return a <= b ? 1 : 0
        case ">=": return a >= b ? 1 : 0
        case "<<": return b < 0 || b >= 64 ? 0 : a << b
        case ">>": return b < 0 || b >= 64 ? (a < 0 ? -1 : 0) : a >> b
        case "+": return a &+ b
        case "-": return a &- b
        case "*": return a &* b
        default:
            guard b != 0 else {
                if live { throw ExpressionError(message: "division by zero") }
                return 0
            }
            let result = op == "/" ? a.dividedReportingOverflow(by: b) : a.remainderReportingOverflow(dividingBy: b)
            return result.partialValue
        }
    }

    mutating func unary(live: Bool) throws(ExpressionError) -> Int64 {
        depth += 1
        defer { depth -= 1 }
        guard depth < 200 else { throw ExpressionError(message: "expression nested too deeply") }
        guard let token = peek else { throw ExpressionError(message: "expression ends too early") }
        position += 1
        switch token {
        case .number(let value):
            return value
        case .identifier("defined"):
            var parenthesised = false
            if peek == .punct("(") {
                parenthesised = true
                position += 1
            }
            guard case .identifier(let name)? = peek else { throw ExpressionError(message: "defined needs a macro name") }
            position += 1
            if parenthesised { try expect(")") }
            return definedNames.contains(name) ? 1 : 0
        case .identifier:
            // An identifier that is no macro is 0 in #if, as in cpp.
            return 0
        case .punct("("):
            let value = try conditional(live: live)
            try expect(")")
            return value
        case .punct("!"): return try unary(live: live) == 0 ? 1 : 0
        case .punct("~"): return ~(try unary(live: live))
        case .punct("-"): return 0 &- (try unary(live: live))
        case .punct("+"): return try unary(live: live)
        case .punct(let text):
            throw ExpressionError(message: "unexpected '\(text)'")
        }
    }

    /// Names defined when the expression was expanded (set by the engine).
    var definedNames: Set<String> = []
}
