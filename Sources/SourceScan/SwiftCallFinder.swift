import Foundation

/// Finding the Swift calls that set an alternate icon.
extension AlternateIconResolver {
    /// `setAlternateIconName(x, …)`, `setAlternateIconName(x) { … }`, `try await
    /// ….setAlternateIconName(x)`; not a declaration (`func setAlternateIconName(`), not a
    /// selector (`#selector(setAlternateIconName(_:completionHandler:))`), not a wrapper with
    /// an argument label.
    func swiftCalls() -> [PendingCallSite] {
        var result: [PendingCallSite] = []
        for index in 0..<stream.count where stream[index].isIdentifier("setAlternateIconName") {
            guard stream.isPunctuation(index + 1, "("), !stream.isIdentifier(index - 1, "func") else { continue }
            let argument = stream.firstArgument(openedAt: index + 1, limit: Self.maxArgumentTokens)
            guard !argument.isEmpty else { continue }
            if argument.count >= 2, stream[argument.lowerBound].kind == .identifier,
                stream[argument.lowerBound + 1].isPunctuation(":")
            {
                continue
            }
            result.append(site(.uiKit, at: index, value: resolve(argument, at: index)))
        }
        return result
    }
}
