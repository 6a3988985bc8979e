import Foundation

/// Finding the Objective-C messages that set an alternate icon.
extension AlternateIconResolver {
    /// `[app setAlternateIconName:x completionHandler:…]`; not a method declaration
    /// (`- (void)setAlternateIconName:(NSString *)name`) or `@selector(setAlternateIconName:…)`.
    func objectiveCCalls() -> [PendingCallSite] {
        var result: [PendingCallSite] = []
        for index in 0..<stream.count where stream[index].isIdentifier("setAlternateIconName") {
            guard stream.isPunctuation(index + 1, ":") else { continue }
            if stream.isPunctuation(index - 1, "("), stream.isIdentifier(index - 2, "selector") { continue }
            if stream.isPunctuation(index - 1, ")"), stream.partner[index - 1] > 0 {
                let open = stream.partner[index - 1]
                if stream.isPunctuation(open - 1, "-") || stream.isPunctuation(open - 1, "+") { continue }
            }
            // The argument runs to the next selector part (`completionHandler:`) or the `]`;
            // a `:` after a `?` belongs to a ternary.
            var end = index + 2
            var pendingTernaries = 0
            while end < stream.count && end < index + 2 + Self.maxArgumentTokens {
                if stream.isOpener(end) && stream.partner[end] > end {
                    end = stream.partner[end] + 1
                    continue
                }
                let token = stream[end]
                if stream.isCloser(end) || token.isPunctuation(";") { break }
                if token.isPunctuation("?") { pendingTernaries += 1 }
                if token.isPunctuation(":") && pendingTernaries > 0 { pendingTernaries -= 1 }
                if token.kind == .identifier && stream.isPunctuation(end + 1, ":") && pendingTernaries == 0 && end > index + 2 { break }
                end += 1
            }
            guard end > index + 2 else { continue }
            result.append(site(.uiKit, at: index, value: resolve((index + 2)..<end, at: index)))
        }
        return result
    }
}
