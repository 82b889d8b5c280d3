import PacerFoundation
import PacerWorkout

/// The zsh completion script, written from the command table; names are asked of pacer as you type.
struct ZshCompletion {
    let commands: [CommandSpec]
    let options: [OptionSpec]
    let workoutExtensions: [String]

    var script: String {
        #"""
        #compdef pacer
        # zsh completion for pacer, made by 'pacer completions zsh' from pacer's command table.
        # Workout and sink names come from 'pacer list --names' and 'pacer plugins --names' as you type.

        # Runs the pacer being completed (the one on PATH unless a path to one was typed), quietly.
        _pacer_call() {
          local pacer=pacer
          [[ $_pacer_typed == */* && -x $_pacer_typed ]] && pacer=$_pacer_typed
          command $pacer "$@" 2>/dev/null
        }

        # The workout names on the search path, and workout files. Names are added as data, never evaluated.
        _pacer_workouts() {
          local -a names
          names=(${(f)"$(_pacer_call list --names)"})
          _alternative 'workouts:workout:compadd -a names' 'files:workout file:_files -g "*.(\#(workoutExtensions.joined(separator: "|")))(-.)"'
        }

        # The sinks (built-in ones and plugins found), and exec: followed by a path.
        _pacer_sinks() {
          if compset -P 'exec:'; then
            _files
            return
          fi
          local -a names
          names=(${(f)"$(_pacer_call plugins --names)"})
          _alternative 'sinks:sink:compadd -a names' 'exec:plugin by path:compadd -S "" exec:'
        }

        _pacer_commands() {
          local -a commands
          commands=(
        \#(commandList)
          )
          _describe -t commands command commands
        }

        _pacer() {
          local _pacer_typed=$words[1] curcontext=$curcontext state state_descr line ret=1
          typeset -A opt_args
          _arguments -C \
        \#(topLevel)
            '1:command:_pacer_commands' \
            '*::argument:->argument' && ret=0
          [[ $state == argument ]] || return ret
          curcontext=${curcontext%:*:*}:pacer-$words[1]:
          case $words[1] in
        \#(commandCases)
          esac
          return ret
        }

        if [[ $zsh_eval_context[-1] == loadautofunc ]]; then
          _pacer "$@"
        else
          compdef _pacer pacer
        fi

        """#
    }

    private var commandList: String {
        commands.map { "    " + "\(escaped($0.name)):\($0.abstract)".shellQuoted }.joined(separator: "\n")
    }

    /// pacer's own options each stand alone: nothing may follow them.
    private var topLevel: String {
        options.map { "    " + "(- *)\(spec($0))".shellQuoted + " \\" }.joined(separator: "\n")
    }

    private var commandCases: String {
        commands.map { command in
            var specs = command.visibleOptions.map { ($0.repeats ? "*" : "") + spec($0) }
            if let arguments = command.arguments {
                specs.append("*:\(description(of: arguments)):\(action(arguments))")
            }
            let lines = specs.map { "        " + $0.shellQuoted }.joined(separator: " \\\n")
            return "    \(command.name.shellQuoted))\n      _arguments \\\n\(lines) && ret=0\n      ;;"
        }.joined(separator: "\n")
    }

    /// An `_arguments` spec: `--log=[append the events to FILE]:FILE:_files`.
    private func spec(_ option: OptionSpec) -> String {
        guard let value = option.value else { return "\(option.name)[\(escaped(option.help))]" }
        return "\(option.name)=[\(escaped(option.help))]:\(escaped(value)):\(action(option.kind))"
    }

    /// What completes a value of this kind.
    private func action(_ kind: ValueKind) -> String {
        switch kind {
        case .free: " "
        case .file: "_files"
        case .choice(let choices): "(\(choices.map(\.shellQuoted).joined(separator: " ")))"
        case .workout: "_pacer_workouts"
        case .sink: "_pacer_sinks"
        case .command: "_pacer_commands"
        }
    }

    private func description(of kind: ValueKind) -> String {
        switch kind {
        case .free, .choice: "value"
        case .file: "file"
        case .workout: "workout"
        case .sink: "sink"
        case .command: "command"
        }
    }

    /// Text safe inside an `_arguments` spec, where `[`, `]` and `:` have meanings.
    private func escaped(_ text: String) -> String {
        var result = ""
        for character in text {
            if "\\[]:".contains(character) { result.append("\\") }
            result.append(character)
        }
        return result
    }
}
