import PacerRuntime

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
        let all = options + [Self.helpOption]
        let labels = all.map { option in option.value.map { "\(option.name) \($0)" } ?? option.name }
        let width = labels.map(\.count).max() ?? 0
        text += "\nOptions:\n"
        for (label, option) in zip(labels, all) {
            text += "  \(label)\(String(repeating: " ", count: width - label.count))  \(option.help)\n"
        }
        return text
    }
}

/// Exit statuses, as the spec fixes them.
enum ExitStatus {
    static let success: Int32 = 0
    static let failure: Int32 = 1
    static let usage: Int32 = 2
}
