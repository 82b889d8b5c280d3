import Foundation
import Testing

/// `pacer completions bash`, driven as bash drives it: the completion function is called with the words
/// of a command line, and what it offers (and asks of readline with `compopt`) is read back.
@Suite("bash completion")
struct BashCompletionTests {
    /// What the completion function offered for a command line.
    struct Offer: CustomStringConvertible {
        let replies: [String]
        /// Each `compopt` call's arguments, such as `-o default` (the shell's own file name completion).
        let compopts: [String]
        let stderr: String

        var description: String { "replies \(replies), compopt \(compopts), stderr \(stderr.debugDescription)" }
    }

    /// Calls `_pacer` as bash would for `pacer LINE` (the cursor at the end), with `pacer` the path of `executable`.
    static func complete(
        _ line: String, in sandbox: Sandbox, executable: String = PacerBinary.path,
        environment: [String: String] = [:], sourceLocation: SourceLocation = #_sourceLocation
    ) async throws -> Offer {
        let script = sandbox.path("pacer.bash")
        if !FileManager.default.fileExists(atPath: script) {
            let generated = try await PacerProcess.run(["completions", "bash"], in: sandbox, sourceLocation: sourceLocation)
            try #require(generated.status == 0, "\(generated)", sourceLocation: sourceLocation)
            try sandbox.write("pacer.bash", generated.stdout)
        }
        let harness = #"""
            source "$1"
            shift
            compopt() { compopts+=("$*"); }
            COMP_WORDS=("$@")
            COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
            COMP_LINE="${COMP_WORDS[*]}"
            COMP_POINT=${#COMP_LINE}
            _pacer
            ((${#COMPREPLY[@]})) && printf 'reply %s\n' "${COMPREPLY[@]}"
            ((${#compopts[@]})) && printf 'compopt %s\n' "${compopts[@]}"
            exit 0
            """#
        let bash = try #require(Tool.find("bash"), sourceLocation: sourceLocation)
        let result = try await Tool.run(
            bash, ["-c", harness, "harness", script, executable] + words(line), in: sandbox,
            environment: environment, sourceLocation: sourceLocation)
        try #require(result.status == 0, "\(result)", sourceLocation: sourceLocation)
        func lines(_ kind: String) -> [String] {
            result.stdout.split(separator: "\n").filter { $0.hasPrefix(kind + " ") }.map { String($0.dropFirst(kind.count + 1)) }
        }
        return Offer(replies: lines("reply"), compopts: lines("compopt"), stderr: result.stderr)
    }

    /// The words bash makes of a command line: split at blanks outside quotes and backslashes, and at `:` and `=`
    /// (in `COMP_WORDBREAKS`), each of which becomes a word of its own. The last is the one completed.
    static func words(_ line: String) -> [String] {
        var words: [String] = []
        var current = ""
        var quote: Character?
        func endWord() {
            if !current.isEmpty { words.append(current) }
            current = ""
        }
        var escaped = false
        for character in line {
            if escaped || character == "\\" {
                current.append(character)
                escaped.toggle()
                continue
            }
            if let open = quote {
                current.append(character)
                if character == open { quote = nil }
                continue
            }
            switch character {
            case "'", "\"":
                quote = character
                current.append(character)
            case " ":
                endWord()
            case ":", "=":
                endWord()
                words.append(String(character))
            default:
                current.append(character)
            }
        }
        if !current.isEmpty || line.isEmpty || line.last == " " { words.append(current) }
        return words
    }

    @Test func theScriptIsValidBash() async throws {
        let sandbox = try Sandbox()
        let generated = try await PacerProcess.run(["completions", "bash"], in: sandbox)
        #expect(generated.status == 0 && generated.stderr.isEmpty, "\(generated)")
        let script = try sandbox.write("pacer.bash", generated.stdout)
        let check = try await Tool.run(try #require(Tool.find("bash")), ["-n", script], in: sandbox)
        #expect(check.status == 0 && check.stderr.isEmpty, "\(check)")
    }

    @Test func wordsAreSplitAsBashSplitsThem() {
        #expect(Self.words("ru") == ["ru"])
        #expect(Self.words("run ") == ["run", ""])
        #expect(Self.words("run --color=al") == ["run", "--color", "=", "al"])
        #expect(Self.words("run --color=") == ["run", "--color", "="])
        #expect(Self.words("run --sink exec:/us") == ["run", "--sink", "exec", ":", "/us"])
        #expect(Self.words("run 'a b") == ["run", "'a b"])
        #expect(Self.words(#"run a\ b\"c"#) == ["run", #"a\ b\"c"#])
    }

    @Test(arguments: [
        ("ru", ["run"]),
        ("s", ["show", "stats", "schema"]),
        ("run --sp", ["--speed"]),
        ("run --no-", ["--no-bell", "--no-history", "--no-prompt"]),
        ("run tab", ["tabata-four", "tabata"]),
        ("run --speed 2 se", ["seven-minute"]),
        ("run -- se", ["seven-minute"]),
        ("run --color ", ["auto", "always", "never"]),
        ("run --color=al", ["always"]),
        ("show --color n", ["never"]),
        ("list --n", ["--names"]),
        ("help co", ["completions"]),
        ("we", ["weight", "web-token"]),
        ("plan ", ["add", "remove", "edit"]),
        ("remind ", ["install", "uninstall"]),
        ("remind install --c", ["--cron"]),
        ("today --sp", ["--speed"]),
        ("web-token --r", ["--rotate"]),
        ("completions ", ["bash", "zsh", "fish"]),
        ("run --speed ", []),
        ("list ", []),
    ])
    func completes(line: String, expected: [String]) async throws {
        let sandbox = try Sandbox()
        let offer = try await Self.complete(line, in: sandbox)
        #expect(offer.replies == expected, "pacer \(line)<TAB>: \(offer)")
        #expect(offer.stderr.isEmpty, "\(offer)")
    }

    @Test func offersPacersOptionsAndCommandsFirst() async throws {
        let sandbox = try Sandbox()
        let table = try await HelpTable(in: sandbox)
        let offer = try await Self.complete("", in: sandbox)
        #expect(offer.replies == ["--help", "--version"] + table.commands, "\(offer)")
    }

    @Test func offersEveryOptionTheCommandsHelpLists() async throws {
        let sandbox = try Sandbox()
        let table = try await HelpTable(in: sandbox)
        for command in table.commands {
            // `--` offers the long options; a short one (`render -o`) is offered after `-`.
            let offer = try await Self.complete("\(command) --", in: sandbox)
            #expect(offer.replies == table.options[command]?.filter { $0.hasPrefix("--") }, "pacer \(command) --<TAB>: \(offer)")
            for short in table.options[command] ?? [] where !short.hasPrefix("--") {
                #expect(
                    try await Self.complete("\(command) -", in: sandbox).replies.contains(short), "pacer \(command) -<TAB> offers \(short)")
            }
        }
    }

    @Test func pathsAreLeftToTheShellsFileNameCompletion() async throws {
        let sandbox = try Sandbox()
        for line in [
            "run --log ", "run --log=/tm", "run --sink exec:", "run --sink exec:/us", "run --sink=exec:./", "validate ./my",
            "run nothing-like-this",
        ] {
            let offer = try await Self.complete(line, in: sandbox)
            #expect(offer.replies.isEmpty && offer.compopts.contains("-o default"), "pacer \(line)<TAB>: \(offer)")
        }
    }

    @Test func sinkNamesComeFromPacerPluginsAndExecTakesNoSpace() async throws {
        let sandbox = try Sandbox()
        let stub = try sandbox.write(
            "bin/pacer",
            """
            #!/bin/sh
            [ "$1 $2" = "plugins --names" ] && printf 'terminal\\nlog\\nbell\\nnotify\\n'
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stub)
        let all = try await Self.complete("run --sink ", in: sandbox, executable: stub)
        #expect(all.replies == ["terminal", "log", "bell", "notify", "exec:"], "\(all)")
        let notify = try await Self.complete("run --sink=no", in: sandbox, executable: stub)
        #expect(notify.replies == ["notify"], "\(notify)")
        let exec = try await Self.complete("run --sink ex", in: sandbox, executable: stub)
        #expect(exec.replies == ["exec:"] && exec.compopts.contains("-o nospace"), "\(exec)")

        // A pacer without 'plugins' (or a failing one) still offers exec:, and says nothing.
        let real = try await Self.complete("run --sink ", in: sandbox)
        #expect(real.replies.contains("exec:") && real.stderr.isEmpty, "\(real)")
        let missing = try await Self.complete(
            "run --sink ", in: sandbox, executable: "pacer-nowhere",
            environment: ["PATH": sandbox.path("empty")])
        #expect(missing.replies == ["exec:"] && missing.stderr.isEmpty, "\(missing)")
    }

    /// Workout names are files' names: whatever they hold, what completion inserts is read back by
    /// the shell as that one name, and nothing in it runs.
    @Test func aWorkoutNameCannotBreakOrInjectIntoTheCommandLine() async throws {
        let sandbox = try Sandbox()
        let marker = "injected"
        // Each name, and a start of it that no other workout shares. (pacer and bash run in the sandbox's folder.)
        let names = [
            ("a b", "a "), ("$(touch \(marker))", "$("), ("`touch \(marker)`", "`"), ("q'uote", "q"), ("d\"q", "d\""),
            ("semi;touch \(marker)", "semi"), ("star*", "star"), ("x:y", "x"), ("~tilde", "~"), ("{brace,es}", "{"),
            ("back\\slash", "back"), ("bang!", "bang"), ("pipe|&>", "pipe"),
        ]
        for (name, _) in names {
            try sandbox.write("pacer-path/\(name).json", #"{"name": "x", "steps": [{"work": 1}]}"#)
        }
        let bash = try #require(Tool.find("bash"))
        for (name, start) in names {
            // The start as typed: escaped with backslashes, or after an opening ' or ".
            let typings: [(String, String?)] = [
                ("", start.map { $0.isLetter || $0.isNumber ? String($0) : "\\\($0)" }.joined()),
                ("'", start.contains("'") ? nil : start),
                ("\"", start.map { "\\\"$`".contains($0) ? "\\\($0)" : String($0) }.joined()),
            ]
            for case (let opening, let typed?) in typings {
                let offer = try await Self.complete("run \(opening)\(typed)", in: sandbox)
                guard offer.replies.count == 1, let reply = offer.replies.first else {
                    Issue.record("pacer run \(opening)\(typed)<TAB> should offer \(name.debugDescription) alone: \(offer)")
                    continue
                }
                // Readline puts the reply in place of the word, after its opening quote if it has one; the
                // shell then reads the line: `set --` shows the words it made.
                let inserted = opening + reply
                let read = try await Tool.run(bash, ["-c", #"eval "set -- $1"; printf '%s\n' "$#" "$1""#, "read", inserted], in: sandbox)
                #expect(
                    read.stdout == "1\n\(name)\n",
                    "\(name.debugDescription) typed as \((opening + typed).debugDescription) was inserted as \(inserted.debugDescription): \(read)"
                )
            }
        }
        #expect(!FileManager.default.fileExists(atPath: sandbox.path(marker)), "completing a workout name ran a command")
    }
}
