import PacerCore
import PacerSystem

/// One subcommand: its name, a one-line abstract, its usage and options, and what it does.
struct CommandSpec: Sendable {
    let name: String
    let abstract: String
    let usage: String
    let details: String
    let options: [OptionSpec]
    let run: @Sendable (Arguments, Environment) -> Int32

    static let helpOption = OptionSpec(name: "--help", value: nil, help: "show this help")

    /// The full help text for `pacer help NAME` and `pacer NAME --help`.
    var help: String {
        var text = "\(abstract)\n\nUsage: \(usage)\n"
        if !details.isEmpty { text += "\n\(details)\n" }
        var table = TextTable([.left, .left])
        for option in options + [Self.helpOption] {
            table.append([TerminalText(option.value.map { "\(option.name) \($0)" } ?? option.name), TerminalText(option.help)])
        }
        text += "\nOptions:\n" + table.lines(indent: "  ").map { $0.plain + "\n" }.joined()
        return text
    }
}

/// Exit statuses, as the spec fixes them.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
}

extension OptionSpec {
    /// `--color WHEN`, shared by every command that colours its output.
    static let color = OptionSpec(name: "--color", value: "WHEN", help: "colour the output: auto (default), always or never; NO_COLOR is respected")
}

extension Arguments {
    /// The `--color` choice, `auto` when not given.
    func colorChoice() throws(UsageError) -> ColorChoice {
        guard let choice = ColorChoice(rawValue: value("--color") ?? "auto") else {
            throw UsageError(message: "--color takes auto, always or never, not '\(value("--color") ?? "")'")
        }
        return choice
    }
}
