import PacerCore

/// An option a command accepts.
struct OptionSpec: Sendable {
    let name: String
    /// The value's placeholder (`X`, `FILE`), or nil for a flag.
    let value: String?
    let help: String
    /// What the value is, for completions.
    let kind: ValueKind
    /// Whether the option may be given more than once.
    let repeats: Bool
    /// A hidden option works but is left out of help, the man page and completions.
    let hidden: Bool

    init(name: String, value: String?, help: String, kind: ValueKind = .free, repeats: Bool = false, hidden: Bool = false) {
        self.name = name
        self.value = value
        self.help = help
        self.kind = kind
        self.repeats = repeats
        self.hidden = hidden
    }
}

/// A command line split into positionals and options, checked against a command's options.
struct Arguments {
    private(set) var positionals: [String] = []
    private var values: [String: [String]] = [:]

    /// A bad command line, with what to say and which help to point to.
    struct UsageError: Error {
        let message: String
    }

    init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
        var remaining = arguments[...]
        var onlyPositionals = false
        while let argument = remaining.popFirst() {
            // `-10` is an amount (pacer ctl -10), not an option.
            guard !onlyPositionals, argument.hasPrefix("-"), argument != "-", argument.dropFirst().first?.isNumber != true else {
                positionals.append(argument)
                continue
            }
            if argument == "--" {
                onlyPositionals = true
                continue
            }
            let (name, inlineValue) = Self.split(argument)
            guard let spec = options.first(where: { $0.name == name }) else {
                let bare = options.map { String($0.name.drop { $0 == "-" }) }
                let hint = Suggestion.closest(to: String(name.drop { $0 == "-" }), among: bare).map { " (did you mean '--\($0)'?)" } ?? ""
                throw UsageError(message: "unknown option '\(name)'\(hint)")
            }
            if spec.value == nil {
                guard inlineValue == nil else { throw UsageError(message: "option '\(name)' takes no value") }
                values[name, default: []].append("")
            } else if let value = inlineValue ?? remaining.popFirst() {
                values[name, default: []].append(value)
            } else {
                throw UsageError(message: "option '\(name)' needs a value (\(spec.value!))")
            }
        }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    func has(_ name: String) -> Bool { values[name] != nil }

    /// The last value given for an option.
    func value(_ name: String) -> String? { values[name]?.last }

    /// Every value given for a repeatable option, in order.
    func all(_ name: String) -> [String] { values[name] ?? [] }

    /// The same options with `positionals` instead: how `pacer today` hands `run` its workout.
    func replacingPositionals(with positionals: [String]) -> Arguments {
        var arguments = self
        arguments.positionals = positionals
        return arguments
    }
}
