import SinkKit

/// An option as the command table lists it: its name, its value's placeholder, its help, what
/// completions offer for it, and how its text becomes a value. Commands declare options as
/// `Flag` or `Option<Value>` and read them back typed from `Arguments`.
public struct OptionSpec: Sendable {
    public let name: String
    /// The value's placeholder (`X`, `FILE`), or nil for a flag.
    public let value: String?
    public let help: String
    /// What the value is, for completions.
    public let kind: ValueKind
    /// Whether the option may be given more than once.
    public let repeats: Bool
    /// A hidden option works but is left out of help, the man page and completions.
    public let hidden: Bool
    /// Turns the text given into the option's value, or says what is wrong with it.
    let parse: @Sendable (String) throws(UsageError) -> any Sendable

    init(
        name: String, value: String?, help: String, kind: ValueKind, repeats: Bool, hidden: Bool,
        parse: @escaping @Sendable (String) throws(UsageError) -> any Sendable
    ) {
        self.name = name
        self.value = value
        self.help = help
        self.kind = kind
        self.repeats = repeats
        self.hidden = hidden
        self.parse = parse
    }

    /// The option as help shows it: `--speed X`, `--no-bell`.
    public var synopsis: String {
        value.map { "\(name) \($0)" } ?? name
    }
}

/// An option without a value (`--json`), read back as whether it was given.
public struct Flag: Sendable {
    public let spec: OptionSpec

    public init(_ name: String, help: String, hidden: Bool = false) {
        spec = OptionSpec(name: name, value: nil, help: help, kind: .free, repeats: false, hidden: hidden) { _ in true }
    }
}

/// An option with a value (`--speed X`), checked and converted when the command line is read, and
/// read back as a `Value`.
public struct Option<Value: Sendable>: Sendable {
    public let spec: OptionSpec

    /// - Parameter parse: the value from its text, or a usage error saying what it must be.
    public init(
        _ name: String, value: String, help: String, kind: ValueKind = .free, repeats: Bool = false, hidden: Bool = false,
        parse: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        spec = OptionSpec(name: name, value: value, help: help, kind: kind, repeats: repeats, hidden: hidden) { text throws(UsageError) in
            try parse(text)
        }
    }
}

extension Option where Value == String {
    /// An option whose value is its text.
    public init(_ name: String, value: String, help: String, kind: ValueKind = .free, repeats: Bool = false, hidden: Bool = false) {
        self.init(name, value: value, help: help, kind: kind, repeats: repeats, hidden: hidden) { $0 }
    }
}

/// A bad command line, with what to say.
public struct UsageError: Error, Sendable {
    public let message: String

    public init(message: String) {
        self.message = message
    }
}

extension UsageError {
    /// The value `body` makes, with a sink's setup error told as a usage error.
    public static func rephrasing<Value>(_ body: () throws(SinkSetupError) -> Value) throws(UsageError) -> Value {
        do throws(SinkSetupError) {
            return try body()
        } catch {
            throw UsageError(message: error.description)
        }
    }
}
