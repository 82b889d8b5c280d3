import PacerCommandLine
import PacerSystem
import PacerUserFiles

/// The pacer(1) man page in roff, written from the command table, so it says what `--help` says.
struct ManualPage {
    let commands: [CommandSpec]
    let options: [OptionSpec]

    var roff: String {
        var lines = [
            #".\" pacer(1), made by 'pacer help --man' from pacer's command table."#,
            #".TH PACER 1 "" "pacer \#(Pacer.version)" "User Commands""#,
            ".nh", ".ad l",
            ".SH NAME",
            #"pacer \- "# + Roff.line(Pacer.tagline),
            ".SH SYNOPSIS",
            synopsis("pacer COMMAND [OPTIONS] [ARGUMENTS]"), ".br",
            synopsis("pacer " + options.map(\.name).joined(separator: " | ")),
            ".SH DESCRIPTION",
        ]
        lines += Roff.paragraphs(ManualText.description(builtIns: builtInWorkouts))
        lines.append(".SH COMMANDS")
        for command in commands {
            lines += [".SS", synopsis(command.usage), Roff.line(sentence(command.abstract))]
            if !command.details.isEmpty { lines += [".PP"] + Roff.paragraphs(command.details) }
            lines += command.visibleOptions.flatMap(item)
        }
        lines += [".SH OPTIONS"] + options.flatMap(item)
        lines += section("ENVIRONMENT", ManualText.environment)
        lines += section("FILES", ManualText.files)
        lines += section("EXIT STATUS", ManualText.exitStatus)
        lines.append(".SH EXAMPLES")
        for (command, text) in ManualText.examples {
            lines += [".PP", Roff.line(text), ".RS 2", ".nf", Roff.line(command), ".fi", ".RE"]
        }
        lines += [".SH SEE ALSO"] + Roff.paragraphs(ManualText.seeAlso)
        return lines.joined(separator: "\n") + "\n"
    }

    /// A usage line: the command's words in bold, placeholders (upper case) in italics, the rest as it is.
    private func synopsis(_ usage: String) -> String {
        usage.split(separator: " ").map { word in
            let core = word.drop { "[|".contains($0) }.prefix { !"].".contains($0) }
            guard !core.isEmpty else { return Roff.line(String(word)) }
            let styled = core.first?.isUppercase == true ? Roff.italic(String(core)) : Roff.bold(String(core))
            return Roff.line(String(word.prefix(upTo: core.startIndex))) + styled + Roff.line(String(word[core.endIndex...]))
        }.joined(separator: " ")
    }

    /// An option as a tagged paragraph: `--log FILE`, then what it does.
    private func item(_ option: OptionSpec) -> [String] {
        [".TP", Roff.bold(option.name) + (option.value.map { " " + Roff.italic($0) } ?? ""), Roff.line(sentence(option.help))]
    }

    private func section(_ title: String, _ entries: [ManualText.Entry]) -> [String] {
        [".SH \(title)"] + entries.flatMap { [".TP", Roff.bold($0.term), Roff.line($0.text)] }
    }

    /// Help text as a sentence: a capital letter and a full stop.
    private func sentence(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst() + (text.hasSuffix(".") ? "" : ".")
    }

    /// The names of the workouts built into pacer.
    private var builtInWorkouts: [String] {
        WorkoutLibrary(environment: Environment([:])).all().filter { !$0.isFile }.map(\.name)
    }
}
