import Foundation
import IconSupport

/// Macro expansion, in the text and in `#if` expressions, charged to the run's steps.
extension PreprocessorEngine {
    /// Replaces defined object-like macros in text: whole identifiers, not inside quoted runs
    /// or numbers (`60x60`, `2x` are numbers to cpp), each macro not again inside itself.
    mutating func expand(_ text: [UInt8]) -> [UInt8] {
        var hidden: [String] = []
        return expand(text, hidden: &hidden)
    }

    /// Takes one expansion of `macro` off the run's steps; false when they ran out: then
    /// expansion stops for the rest of the run, with one problem naming `name` (the macro
    /// written in the text, whose expansion this is part of).
    private mutating func charge(_ name: String, _ macro: PreprocessorMacro) -> Bool {
        guard !expansionStopped else { return false }
        stepsLeft -= InfoPlistPreprocessor.stepsPerExpansion + macro.body.count
        if stepsLeft < 0 {
            expansionStopped = true
            problem(
                "expanding macro \(name) takes more than \(InfoPlistPreprocessor.maxExpansionSteps) steps (macros that expand "
                    + "to each other over and over, like `#define A1 A0 A0`)",
                exceedsBudget: true)
            return false
        }
        return true
    }

    /// `hidden`: the macros being expanded around this text (at most `maxNesting`).
    private mutating func expand(_ text: [UInt8], hidden: inout [String]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(text.count)
        var i = 0
        while i < text.count {
            let byte = text[i]
            if byte == 0x22 || byte == 0x27 {
                // A quoted run ends at its quote or the end of the line.
                var j = i + 1
                while j < text.count, text[j] != byte {
                    if text[j] == 0x5C { j += 1 }
                    j += 1
                }
                let end = min(j + 1, text.count)
                out += text[i..<end]
                i = end
            } else if ASCIIByte.isDigit(byte) || (byte == 0x2E && i + 1 < text.count && ASCIIByte.isDigit(text[i + 1])) {
                var j = i + 1
                while j < text.count {
                    let c = text[j]
                    if (c == 0x2B || c == 0x2D), [0x65, 0x45, 0x70, 0x50].contains(text[j - 1]) {
                        j += 1
                        continue
                    }
                    guard ASCIIByte.isIdentifierByte(c) || c == 0x2E else { break }
                    j += 1
                }
                out += text[i..<j]
                i = j
            } else if ASCIIByte.isIdentifierStart(byte) {
                var j = i + 1
                while j < text.count, ASCIIByte.isIdentifierByte(text[j]) { j += 1 }
                let name = String(decoding: text[i..<j], as: UTF8.self)
                if let macro = macros[name], macro.parameters == nil, !hidden.contains(name), charge(hidden.first ?? name, macro) {
                    if hidden.count >= Self.maxNesting {
                        if !nestingReported { problem("expanding macro \(hidden.first ?? name) nests more than \(Self.maxNesting) macros deep") }
                        nestingReported = true
                        out += text[i..<j]
                    } else {
                        hidden.append(name)
                        out += expand(macro.body, hidden: &hidden)
                        hidden.removeLast()
                    }
                } else {
                    out += text[i..<j]
                }
                i = j
            } else {
                out.append(byte)
                i += 1
            }
        }
        return out
    }

    // MARK: #if expressions

    mutating func evaluate(_ bytes: [UInt8], directive: String) -> Bool {
        var tokens: [ExpressionToken]
        do {
            tokens = try ExpressionToken.tokenize(bytes)
            var hidden: [String] = []
            tokens = try expandTokens(tokens, hidden: &hidden)
        } catch {
            // Once expansion stopped (the problem says so), later `#if`s are false without another.
            if !error.stoppedExpansion { problem("\(directive): \(error.message)") }
            return false
        }
        guard !tokens.isEmpty else {
            problem("\(directive) with no expression")
            return false
        }
        var parser = ExpressionParser(tokens: tokens)
        parser.definedNames = Set(macros.keys)
        do {
            let value = try parser.parse()
            return value != 0
        } catch {
            problem("\(directive): \(error.message)")
            return false
        }
    }

    /// Expands macros in an expression, leaving `defined X` and `defined(X)` alone; each
    /// expansion is charged to the run's steps. `hidden`: the macros being expanded around.
    mutating func expandTokens(_ tokens: [ExpressionToken], hidden: inout [String]) throws(ExpressionError) -> [ExpressionToken] {
        var out: [ExpressionToken] = []
        var i = 0
        while i < tokens.count {
            let token = tokens[i]
            guard case .identifier(let name) = token else {
                out.append(token)
                i += 1
                continue
            }
            if name == "defined" {
                out.append(token)
                i += 1
                if i < tokens.count, tokens[i] == .punct("(") {
                    let end = min(i + 3, tokens.count)
                    out += tokens[i..<end]
                    i = end
                } else if i < tokens.count {
                    out.append(tokens[i])
                    i += 1
                }
                continue
            }
            if let macro = macros[name], !hidden.contains(name) {
                if macro.parameters != nil {
                    throw ExpressionError(message: "function-like macro \(name) is not supported here")
                }
                guard charge(hidden.first ?? name, macro) else {
                    throw ExpressionError(message: "macro expansion stopped", stoppedExpansion: true)
                }
                guard hidden.count < Self.maxExpressionNesting else {
                    throw ExpressionError(message: "macros nested too deeply")
                }
                let body = try ExpressionToken.tokenize(macro.body)
                hidden.append(name)
                out += try expandTokens(body, hidden: &hidden)
                hidden.removeLast()
                guard out.count < 100_000 else { throw ExpressionError(message: "macro expansion too large") }
            } else {
                out.append(token)
            }
            i += 1
        }
        return out
    }
}
