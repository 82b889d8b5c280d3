import PacerFoundation
import PacerWorkout

/// The fish completion script, written from the command table; names are asked of pacer as you type.
struct FishCompletion {
    let commands: [CommandSpec]
    let options: [OptionSpec]

    var script: String {
        #"""
        # fish completion for pacer, made by 'pacer completions fish' from pacer's command table.
        # Workout and sink names come from 'pacer list --names' and 'pacer plugins --names' as you type.

        # Runs the pacer being completed (the one on PATH unless a path to one was typed), quietly.
        function __pacer_call
            set -l pacer (commandline -opc)[1]
            string match -q -- '*/*' $pacer; and test -x $pacer; or set pacer pacer
            command -q -- $pacer; and command $pacer $argv 2>/dev/null
        end

        # Whether no command has been typed yet.
        function __pacer_needs_command
            test (count (commandline -opc)) -eq 1
        end

        # Whether the command typed is one of the arguments.
        function __pacer_using
            set -l words (commandline -opc)
            test (count $words) -ge 2; and contains -- $words[2] $argv
        end

        # The sinks (built-in ones and plugins found), and exec: followed by a path.
        function __pacer_sinks
            set -l token (commandline -ct | string replace -r -- '^--[^=]*=' '')
            if string match -q -- 'exec:*' $token
                __fish_complete_path (string replace -- exec: '' $token) | string replace -r -- '^' exec:
            else
                __pacer_call plugins --names
                echo exec:
            end
        end

        complete -c pacer -f
        \#(lines)

        """#
    }

    private var lines: String {
        var lines = options.map { "complete -c pacer -n __pacer_needs_command \(flags($0))" }
        lines += commands.map { "complete -c pacer -n __pacer_needs_command -a \($0.name.fishQuoted) -d \($0.abstract.fishQuoted)" }
        for command in commands {
            let condition = "-n \("__pacer_using \(command.name)".fishQuoted)"
            lines += command.visibleOptions.map { "complete -c pacer \(condition) \(flags($0))" }
            if let arguments = command.arguments {
                lines.append("complete -c pacer \(condition) \(values(arguments))")
            }
        }
        return lines.joined(separator: "\n")
    }

    /// The flags that describe an option: `-l log -r -F -d '…'`, or `-s o …` for a short one.
    private func flags(_ option: OptionSpec) -> String {
        let long = option.name.hasPrefix("--")
        var flags = (long ? "-l " : "-s ") + String(option.name.dropFirst(long ? 2 : 1)).fishQuoted
        // A workout's values may also be paths; -r says that the value is the option's, not a word of its own.
        if option.value != nil { flags += (option.kind == .workout ? " -r " : " ") + values(option.kind) }
        return flags + " -d \(option.help.fishQuoted)"
    }

    /// The flags that complete a value of this kind.
    private func values(_ kind: ValueKind) -> String {
        switch kind {
        case .free: "-x"
        case .file: "-r -F"
        case .choice(let choices): "-x -a \(choices.joined(separator: " ").fishQuoted)"
        case .workout: "-a '(__pacer_call list --names)' -F"
        case .sink: "-x -a '(__pacer_sinks)'"
        case .command: "-x -a \(commands.map(\.name).joined(separator: " ").fishQuoted)"
        }
    }
}
