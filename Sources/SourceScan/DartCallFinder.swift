import Foundation

/// Finding the Dart calls that set an alternate icon (flutter_dynamic_icon).
extension AlternateIconResolver {
    /// `FlutterDynamicIcon.setAlternateIconName(x, showAlert: …)` (flutter_dynamic_icon).
    func dartCalls() -> [PendingCallSite] {
        var result: [PendingCallSite] = []
        for index in 0..<stream.count where stream[index].isIdentifier("setAlternateIconName") {
            guard stream.isPunctuation(index + 1, "("), stream.isPunctuation(index - 1, "."),
                stream.isIdentifier(index - 2, "FlutterDynamicIcon")
            else { continue }
            let argument = stream.firstArgument(openedAt: index + 1, limit: Self.maxArgumentTokens)
            guard !argument.isEmpty else { continue }
            if argument.count >= 2, stream[argument.lowerBound].kind == .identifier,
                stream[argument.lowerBound + 1].isPunctuation(":")
            {
                continue
            }
            result.append(site(.flutterDynamicIcon, at: index, value: resolve(argument, at: index)))
        }
        return result
    }
}
