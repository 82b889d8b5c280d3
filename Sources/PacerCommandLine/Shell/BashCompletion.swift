import PacerFoundation
import PacerWorkout

/// The bash completion script, written from the command table; names are asked of pacer as you type.
struct BashCompletion {
    let commands: [CommandSpec]
    let options: [OptionSpec]

    var script: String {
        #"""
        # bash completion for pacer, made by 'pacer completions bash' from pacer's command table.
        # Workout and sink names come from 'pacer list --names' and 'pacer plugins --names' as you type.

        # Runs the pacer being completed (the one on PATH unless a path to one was typed), quietly.
        _pacer_call() {
            local pacer=pacer
            [[ ${COMP_WORDS[0]} == */* && -x ${COMP_WORDS[0]} ]] && pacer=${COMP_WORDS[0]}
            command "$pacer" "$@" 2>/dev/null
        }

        # Offers the words after the first that start with it: compared and kept literally, never expanded.
        _pacer_offer() {
            local word=$1 candidate
            shift
            for candidate; do
                [[ $candidate == "$word"* ]] && COMPREPLY+=("$prefix$candidate")
            done
            return 0
        }

        # Leaves paths to the shell's own file name completion, which quotes them, expands ~ and marks folders.
        _pacer_files() {
            compopt -o default 2>/dev/null
        }

        # Offers the workout names on the search path that start with $1, or else file names.
        _pacer_workouts() {
            local names
            mapfile -t names < <(_pacer_call list --names)
            _pacer_offer "$1" "${names[@]}"
            ((${#COMPREPLY[@]})) || _pacer_files
        }

        # Offers the sinks (built-in ones and plugins found), and exec: followed by a path.
        _pacer_sinks() {
            if [[ $1 == exec:* ]]; then
                _pacer_files
                return
            fi
            local names
            mapfile -t names < <(_pacer_call plugins --names)
            _pacer_offer "$1" "${names[@]}" exec:
        }

        # The word as the shell will read it: quotes and backslashes taken away, nothing expanded.
        _pacer_unquote() {
            local word=$1 plain= quote= char i
            for ((i = 0; i < ${#word}; i++)); do
                char=${word:i:1}
                if [[ $char == "$quote" ]]; then
                    quote=
                elif [[ -z $quote && ( $char == "'" || $char == '"' ) ]]; then
                    quote=$char
                elif [[ $char == '\' && $quote != "'" ]]; then
                    ((++i))
                    plain+=${word:i:1}
                else
                    plain+=$char
                fi
            done
            printf '%s' "$plain"
        }

        # Offers the options of command $1 that start with $2.
        _pacer_options() {
            case $1 in
        \#(optionCases)
            esac
        }

        # Offers values for option $2 of command $1 that start with $3; fails if the option takes none.
        _pacer_value() {
            case "$1 $2" in
        \#(valueCases)
                *) return 1 ;;
            esac
            return 0
        }

        # Offers arguments of command $1 that start with $2.
        _pacer_arguments() {
            case $1 in
        \#(argumentCases)
            esac
        }

        _pacer() {
            local words=() word i prefix= arguments_only=
            # Bash splits "--color=WHEN" and "exec:PATH" into three words: join them again.
            for ((i = 0; i <= COMP_CWORD; i++)); do
                if ((i > 2)) && [[ ${COMP_WORDS[i]} == [:=] || ${COMP_WORDS[i-1]} == [:=] ]]; then
                    words[-1]+=${COMP_WORDS[i]}
                else
                    words+=("${COMP_WORDS[i]}")
                fi
            done
            for word in "${words[@]:2:${#words[@]}-3}"; do
                [[ $word == -- ]] && arguments_only=1
            done
            word=$(_pacer_unquote "${words[-1]}")
            COMPREPLY=()
            if ((${#words[@]} == 2)); then
                _pacer_offer "$word" \#(words(options.map(\.name) + commands.map(\.name)))
            elif [[ -z $arguments_only && $word == --*=* ]]; then
                prefix=${word%%=*}=
                _pacer_value "${words[1]}" "${word%%=*}" "${word#*=}"
            elif [[ -z $arguments_only ]] && _pacer_value "${words[1]}" "${words[-2]}" "$word"; then
                :
            elif [[ -z $arguments_only && $word == -* ]]; then
                _pacer_options "${words[1]}" "$word"
            else
                _pacer_arguments "${words[1]}" "$word"
            fi
            # "exec:" is the start of a word (exec:PATH): no space after it.
            [[ ${#COMPREPLY[@]} == 1 && $COMPREPLY == *: ]] && compopt -o nospace 2>/dev/null
            # Readline replaces only what follows the last ':' or '=' that splits words: drop what precedes it.
            local breaks=${COMP_WORDBREAKS//[^:=]/}
            if [[ -n $breaks && $word == *[$breaks]* ]]; then
                local gone=${word%"${word##*[$breaks]}"}
                COMPREPLY=("${COMPREPLY[@]#"$gone"}")
            fi
            _pacer_quote "${words[-1]:0:1}"
            return 0
        }

        # Quotes each reply as shell text, as the word was begun ($1: its first character), for readline
        # inserts replies as they are: a workout name may hold spaces, quotes, $( or `, and stays one word.
        _pacer_quote() {
            local i reply
            for i in "${!COMPREPLY[@]}"; do
                reply=${COMPREPLY[i]}
                case $1 in
                    "'") COMPREPLY[i]=${reply//"'"/"'\''"}"'" ;;
                    '"')
                        reply=${reply//'\'/'\\'}
                        reply=${reply//'"'/'\"'}
                        reply=${reply//'$'/'\$'}
                        COMPREPLY[i]=${reply//'`'/'\`'}'"' ;;
                    *) printf -v 'COMPREPLY[i]' %q "$reply" ;;
                esac
            done
        }

        complete -F _pacer pacer

        """#
    }

    private var optionCases: String {
        lines(commands.map { "\($0.name.shellQuoted)) _pacer_offer \"$2\" \(words($0.visibleOptions.map(\.name))) ;;" })
    }

    private var valueCases: String {
        let cases = commands.flatMap { command in
            command.visibleOptions.filter { $0.value != nil }.map { option in
                "\("\(command.name) \(option.name)".shellQuoted)) \(offer(option.kind, word: "$3")) ;;"
            }
        }
        return lines(cases)
    }

    private var argumentCases: String {
        lines(
            commands.compactMap { command in
                command.arguments.map { "\(command.name.shellQuoted)) \(offer($0, word: "$2")) ;;" }
            })
    }

    /// The call that offers values of this kind starting with `word`.
    private func offer(_ kind: ValueKind, word: String) -> String {
        switch kind {
        case .free: ":"
        case .file: "_pacer_files \"\(word)\""
        case .choice(let choices): "_pacer_offer \"\(word)\" \(words(choices))"
        case .workout: "_pacer_workouts \"\(word)\""
        case .sink: "_pacer_sinks \"\(word)\""
        case .command: "_pacer_offer \"\(word)\" \(words(commands.map(\.name)))"
        }
    }

    private func words(_ words: [String]) -> String {
        words.map(\.shellQuoted).joined(separator: " ")
    }

    private func lines(_ cases: [String]) -> String {
        cases.map { "        " + $0 }.joined(separator: "\n")
    }
}
