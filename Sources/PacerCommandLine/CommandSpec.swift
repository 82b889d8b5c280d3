import PacerFoundation
import PacerSystem
import TerminalRendering

/// One subcommand: its name, a one-line abstract, its usage and options, and what it does.
public struct CommandSpec: Sendable {
    public let name: String
    public let abstract: String
    public let usage: String
    /// What the command's arguments are, or nil when it takes none.
    public let arguments: ValueKind?
    public let options: [OptionSpec]
    public let run: @Sendable (Arguments, Environment) -> Int32
    /// Whether, asked with these arguments, the command runs something a signal must end cleanly (a
    /// session, a render, a watch): then `pacer` blocks the watched signals before it starts, so
    /// that each is handled where it can be, never lost.
    public let watchesSignals: @Sendable (Arguments) -> Bool
    /// Made only when the help or the man page is shown: a command that runs never pays for it.
    private let makeDetails: @Sendable () -> String

    public init(
        name: String, abstract: String, usage: String, arguments: ValueKind?, details: @autoclosure @escaping @Sendable () -> String,
        options: [OptionSpec], watchesSignals: @escaping @Sendable (Arguments) -> Bool = { _ in false },
        run: @escaping @Sendable (Arguments, Environment) -> Int32
    ) {
        self.name = name
        self.abstract = abstract
        self.usage = usage
        self.arguments = arguments
        makeDetails = details
        self.options = options
        self.run = run
        self.watchesSignals = watchesSignals
    }

    /// What the help says below the usage: what the arguments are, the defaults, examples.
    public var details: String { makeDetails() }

    public static let help = Flag("--help", help: "show this help")

    /// The options help, the man page and completions show: all but the hidden ones, and `--help`.
    public var visibleOptions: [OptionSpec] {
        options.filter { !$0.hidden } + [Self.help.spec]
    }

    /// The full help text for `pacer help NAME` and `pacer NAME --help`.
    public var helpText: String {
        var text = "\(abstract)\n\nUsage: \(usage)\n"
        let details = details
        if !details.isEmpty { text += "\n\(details)\n" }
        return text + "\nOptions:\n" + Self.optionTable(visibleOptions)
    }

    /// Options and their help in two columns, a line each.
    public static func optionTable(_ options: [OptionSpec]) -> String {
        var table = TextTable([.left, .left])
        for option in options {
            table.append([TerminalText(option.synopsis), TerminalText(option.help)])
        }
        return table.plainText(indent: "  ")
    }
}

/// Exit statuses, as the spec fixes them.
public enum ExitStatus {
    public static let success: Int32 = 0
    public static let failure: Int32 = 1
    public static let usage: Int32 = 2
}
