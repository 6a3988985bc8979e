/// A small option parser: declared flags and valued options, positionals, one-line errors.
struct Arguments {
    var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` against the allowed names. `--name=value` and `--name value` both work;
    /// `--` ends options.
    init(_ arguments: [String], command: String, flags allowedFlags: Set<String>, options allowedOptions: Set<String>) throws(CLIError) {
        var index = 0
        var onlyPositionals = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            if onlyPositionals || !argument.hasPrefix("-") || argument == "-" {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if let equals = argument.firstIndex(of: "="), argument.hasPrefix("--") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            if allowedFlags.contains(name) {
                guard inlineValue == nil else { throw CLIError(message: "\(name) takes no value") }
                flags.insert(name)
            } else if allowedOptions.contains(name) {
                if let inlineValue {
                    values[name, default: []].append(inlineValue)
                } else {
                    guard index < arguments.count else { throw CLIError(message: "\(name) needs a value") }
                    values[name, default: []].append(arguments[index])
                    index += 1
                }
            } else {
                throw CLIError(message: "unknown option '\(name)' for \(command); see `iconlint help \(command)`")
            }
        }
    }

    func flag(_ name: String) -> Bool { flags.contains(name) }
    func value(_ name: String) -> String? { values[name]?.last }
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// A valued option restricted to an enum's cases.
    func choice<T: RawRepresentable & CaseIterable>(_ name: String, default fallback: T) throws(CLIError) -> T
    where T.RawValue == String {
        guard let raw = value(name) else { return fallback }
        guard let parsed = T(rawValue: raw) else {
            throw CLIError(message: "\(name) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", ")); got '\(raw)'")
        }
        return parsed
    }
}
