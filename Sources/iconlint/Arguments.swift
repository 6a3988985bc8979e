/// A small option parser: the flags and valued options a command's spec declares, positionals,
/// one-line errors.
struct Arguments {
    var positionals: [String] = []
    private var values: [String: [String]] = [:]
    private var flags: Set<String> = []

    /// Parses `arguments` against the options `spec` declares. `--name=value` and `--name value`
    /// both work; `--` ends options. A short name counts as its option's long name.
    init(_ arguments: [String], spec: CommandSpec) throws(CLIError) {
        var declared: [String: OptionSpec] = [:]
        for option in spec.options {
            for name in option.names { declared[name] = option }
        }
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
            guard let option = declared[name] else {
                throw CLIError(message: "unknown option '\(name)' for \(spec.name); see `iconlint help \(spec.name)`")
            }
            if option.isFlag {
                guard inlineValue == nil else { throw CLIError(message: "\(name) takes no value") }
                flags.insert(option.name)
            } else if let inlineValue {
                values[option.name, default: []].append(inlineValue)
            } else {
                guard index < arguments.count else { throw CLIError(message: "\(name) needs a value") }
                values[option.name, default: []].append(arguments[index])
                index += 1
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
