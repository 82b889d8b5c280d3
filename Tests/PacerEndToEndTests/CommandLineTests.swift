import Glibc
import Foundation
import Testing

/// The command line itself: version, help, and usage errors (exit status 2, message on stderr).
@Suite("Command line")
struct CommandLineTests {
    static let commands = ["run", "today", "render", "validate", "show", "cat", "list", "ctl", "plan", "remind", "weight", "schema", "help", "completions", "web-token"]

    @Test func versionPrintsOneLineAndExitsZero() async throws {
        let sandbox = try Sandbox()
        for flag in ["--version", "-V"] {
            let result = try await PacerProcess.run([flag], in: sandbox)
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.wholeMatch(of: /pacer \d+\.\d+\.\d+\n/) != nil, "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
        }
    }

    @Test func helpListsEveryCommand() async throws {
        let sandbox = try Sandbox()
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = try await PacerProcess.run(arguments, in: sandbox)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
            #expect(result.stdout.contains("Usage: pacer COMMAND"), "\(result)")
            for command in Self.commands {
                #expect(result.stdoutLines.contains { $0.hasPrefix("  \(command) ") }, "no '\(command)' line in: \(result)")
            }
            #expect(result.stdout.contains("--version"), "\(result)")
        }
    }

    @Test func runHelpDescribesItsOptions() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["help", "run"], in: sandbox)
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("Usage: pacer run"), "\(result)")
        for option in ["--speed X", "--log FILE", "--sink SPEC", "--no-bell", "--no-prompt", "--help"] {
            #expect(result.stdout.contains(option), "'help run' does not mention \(option): \(result)")
        }
    }

    @Test(arguments: commands)
    func commandHelpIsTheSameBothWays(command: String) async throws {
        let sandbox = try Sandbox()
        let viaHelp = try await PacerProcess.run(["help", command], in: sandbox)
        let viaFlag = try await PacerProcess.run([command, "--help"], in: sandbox)
        #expect(viaHelp.status == 0, "\(viaHelp)")
        #expect(viaFlag.status == 0, "\(viaFlag)")
        #expect(viaFlag.stdout.contains("Usage: pacer \(command)"), "\(viaFlag)")
        #expect(viaHelp.stdout == viaFlag.stdout)
    }

    @Test func noArgumentsIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run([], in: sandbox)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("Usage: pacer"), "\(result)")
    }

    @Test func unknownCommandSuggestsTheClosestOne() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["lsit"], in: sandbox)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("unknown command 'lsit'"), "\(result)")
        #expect(result.stderr.contains("did you mean 'list'"), "\(result)")
        #expect(result.stderr.contains("pacer --help"), "\(result)")

        let far = try await PacerProcess.run(["frobnicate"], in: sandbox)
        #expect(far.status == 2, "\(far)")
        #expect(far.stderr.contains("unknown command 'frobnicate'"), "\(far)")
        #expect(!far.stderr.contains("did you mean"), "no command is close to 'frobnicate': \(far)")

        let help = try await PacerProcess.run(["help", "shwo"], in: sandbox)
        #expect(help.status == 2, "\(help)")
        #expect(help.stderr.contains("did you mean 'show'"), "\(help)")
    }

    @Test(arguments: [["run", "--bogus", "tabata"], ["list", "--all"], ["show", "--speed", "2", "tabata"], ["validate", "-x", "a.json"]])
    func unknownOptionIsAUsageError(arguments: [String]) async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(arguments, in: sandbox)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("unknown option '\(arguments[1])'"), "\(result)")
        #expect(result.stderr.contains("pacer \(arguments[0]) --help"), "the hint should name the command's help: \(result)")
    }

    @Test func completionsNeedsAShellItKnows() async throws {
        let sandbox = try Sandbox()
        for arguments in [["completions"], ["completions", "bash", "zsh"], ["completions", "tcsh"]] {
            let result = try await PacerProcess.run(arguments, in: sandbox)
            #expect(result.status == 2 && result.stdout.isEmpty, "\(result)")
            #expect(result.stderr.contains("bash, zsh"), "\(result)")
        }
        let typo = try await PacerProcess.run(["completions", "bsh"], in: sandbox)
        #expect(typo.status == 2 && typo.stderr.contains("did you mean 'bash'"), "\(typo)")
    }

    @Test func optionMissingItsValueIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["run", "tabata", "--speed"], in: sandbox)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--speed"), "\(result)")
    }

    @Test func runWithoutAWorkoutIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["run"], in: sandbox)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("workout"), "\(result)")
        #expect(result.stderr.contains("pacer run --help"), "\(result)")

        let two = try await PacerProcess.run(["run", "tabata", "pyramid"], in: sandbox)
        #expect(two.status == 2, "\(two)")
    }

    // Issue 7, item 21: hexadecimal (0x10) and other forms Double(_:) takes were accepted.
    @Test(arguments: ["0", "abc", "-5", "5000", "0.01", "nan", "", "0x10", "0x1p3", "1e2", "+5", " 5", "1_0", "inf"])
    func badSpeedIsAUsageError(speed: String) async throws {
        let sandbox = try Sandbox()
        let log = sandbox.path("session.log")
        let result = try await PacerProcess.run(["run", "tabata", "--speed", speed, "--log", log], in: sandbox)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("--speed"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: log), "no session may start with a bad --speed")
    }

    // Issue 7, item 12: `--log a --log b` silently never created a.
    @Test func aSecondLogIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let first = sandbox.path("a.log"), second = sandbox.path("b.log")
        let result = try await PacerProcess.run(["run", "tabata", "--speed", "100", "--log", first, "--log", second], in: sandbox)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("--log is given 2 times"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: first) && !FileManager.default.fileExists(atPath: second), "no session may start")
    }

    // Issue 7, item 13: `pacer run self.json --log self.json` appended the log to the workout.
    @Test func aLogThatIsTheWorkoutFileItselfIsRefused() async throws {
        let sandbox = try Sandbox()
        let workout = #"{"name": "Self", "steps": [{"work": 1}]}"#
        let path = try sandbox.write("self.json", workout)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("link.log"), withDestinationPath: path)
        let shelved = try sandbox.write("pacer-path/shelved.json", workout)
        // The same file by the same name, another name, a link, and a workout found by name on the search path.
        for (reference, log) in [("self.json", "self.json"), ("self.json", "./self.json"), ("self.json", path), ("self.json", "link.log"), ("shelved", shelved)] {
            let result = try await PacerProcess.run(["run", reference, "--speed", "100", "--log", log], in: sandbox)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("the workout file and the log would be one file"), "\(result)")
            #expect(result.stdout.isEmpty, "the session must not start: \(result)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == workout, "the workout file is untouched")
        #expect(try String(contentsOfFile: shelved, encoding: .utf8) == workout, "the workout file is untouched")
    }

    // Issue 7, item 17: a FIFO log with no reader blocked before the session started, saying nothing.
    @Test func aLogFIFOWithoutAReaderIsRefusedAtOnce() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "steps": [{"work": 1}]}"#)
        let fifo = sandbox.path("log.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let result = try await PacerProcess.run(["run", "short.json", "--speed", "100", "--log", fifo], in: sandbox, timeout: 5)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("cannot write the log \(fifo): it is a FIFO that nobody is reading"), "\(result)")
        #expect(result.secondsUnstalled < 2, "\(result)")
    }

    @Test func unknownSinkIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["run", "tabata", "--sink", "lgo"], in: sandbox)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("did you mean 'log'"), "\(result)")
    }

    @Test func runningAMissingWorkoutFails() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["run", "tabtaa", "--speed", "100"], in: sandbox)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("no workout named \"tabtaa\""), "\(result)")
        #expect(result.stderr.contains("did you mean \"tabata\""), "\(result)")
    }
    // Issue 15, item 19: with TERM=dumb, ESC[0m ESC[?25h was still written at exit.
    @Test func aDumbTerminalGetsNoEscapeSequenceEvenOnTheWayOut() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "countdown": 0, "steps": [{"work": 1}]}"#)
        let pacer = try PacerBinary.require().path
        // `script` gives pacer a terminal and passes on every byte written to it.
        let result = try await PacerProcess.run(["-qec", "TERM=dumb '\(pacer)' run short.json --speed 10 --no-history", "/dev/null"], in: sandbox,
                                                executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Workout complete."), "\(result)")
        #expect(!result.stdout.contains("\u{1B}"), "\(result.stdout.debugDescription)")
    }
}

