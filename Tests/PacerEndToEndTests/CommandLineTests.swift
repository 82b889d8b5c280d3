import Foundation
import Testing

/// The command line itself: version, help, and usage errors (exit status 2, message on stderr).
@Suite("Command line")
struct CommandLineTests {
    static let commands = ["run", "render", "validate", "show", "list", "help"]

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

    @Test(arguments: ["0", "abc", "-5", "5000", "0.01", "nan", ""])
    func badSpeedIsAUsageError(speed: String) async throws {
        let sandbox = try Sandbox()
        let log = sandbox.path("session.log")
        let result = try await PacerProcess.run(["run", "tabata", "--speed", speed, "--log", log], in: sandbox)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("--speed"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: log), "no session may start with a bad --speed")
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
}
