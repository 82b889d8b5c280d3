import PacerFoundation

/// A command line split into positionals and options, checked against a command's options in
/// one place: an unknown option, a value missing or malformed, an option given twice that does
/// not repeat. Options are read back typed, by the `Flag` or `Option` that declares them.
public struct Arguments: Sendable {
    public private(set) var positionals: [String] = []
    private var values: [String: [any Sendable]] = [:]

    public init(_ arguments: [String], options: [OptionSpec]) throws(UsageError) {
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
                let hint = Self.suggestion(for: name, among: options).map { " (did you mean '\($0)'?)" } ?? ""
                throw UsageError(message: "unknown option '\(name)'\(hint)")
            }
            let text: String
            if let placeholder = spec.value {
                guard let value = inlineValue ?? remaining.popFirst() else {
                    throw UsageError(message: "option '\(name)' needs a value (\(placeholder))")
                }
                text = value
            } else {
                guard inlineValue == nil else { throw UsageError(message: "option '\(name)' takes no value") }
                text = ""
            }
            values[name, default: []].append(try spec.parse(text))
        }
        for spec in options where !spec.repeats {
            if let given = values[spec.name], given.count > 1 {
                throw UsageError(message: "\(spec.name) is given \(given.count) times; give it once")
            }
        }
    }

    /// The option meant by the unknown `name`, spelled as it is declared (`--o` is `-o`): the
    /// closest by its letters, but for a single letter only the option of that letter.
    static func suggestion(for name: String, among options: [OptionSpec]) -> String? {
        let word = String(name.drop { $0 == "-" })
        let bare = options.map { String($0.name.drop { $0 == "-" }) }
        let match = word.count > 1 ? Suggestion.closest(to: word, among: bare) : bare.first { $0 == word }
        return match.flatMap { bare.firstIndex(of: $0) }.map { options[$0].name }
    }

    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    /// Whether the flag was given.
    public subscript(flag: Flag) -> Bool {
        values[flag.spec.name] != nil
    }

    /// The option's value, or nil when it was not given.
    public subscript<Value>(option: Option<Value>) -> Value? {
        values[option.spec.name]?.last as? Value
    }

    /// Every value given for a repeatable option, in order.
    public func all<Value>(_ option: Option<Value>) -> [Value] {
        (values[option.spec.name] ?? []).compactMap { $0 as? Value }
    }
}
