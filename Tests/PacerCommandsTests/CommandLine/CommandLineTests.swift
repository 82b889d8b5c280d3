import Foundation
import PacerCommandLine
import Testing

@testable import PacerCommands

/// The command line itself, in-process: version, help, and usage errors (exit status 2, message on
/// stderr with a hint, and what was meant when it is close).
@Suite("Command line, in-process")
struct CommandLineTests {
    static let commands = Pacer.commands.map(\.name)

    @Test func versionPrintsOneLineAndExitsZero() throws {
        for flag in ["--version", "-V"] {
            let result = try PacerCall([flag])
            #expect(result.status == 0, "\(result)")
            #expect(result.stdout.wholeMatch(of: /pacer \d+\.\d+\.\d+\n/) != nil, "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
        }
    }

    @Test func helpListsEveryCommand() throws {
        for arguments in [["--help"], ["-h"], ["help"]] {
            let result = try PacerCall(arguments)
            #expect(result.status == 0, "\(result)")
            #expect(result.stderr.isEmpty, "\(result)")
            #expect(result.stdout.contains("Usage: pacer COMMAND"), "\(result)")
            for command in Self.commands {
                #expect(result.stdoutLines.contains { $0.hasPrefix("  \(command) ") }, "no '\(command)' line in: \(result)")
            }
            #expect(result.stdout.contains("--version"), "\(result)")
        }
    }

    @Test func runHelpDescribesItsOptions() throws {
        let result = try PacerCall(["help", "run"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty)
        #expect(result.stdout.contains("Usage: pacer run"), "\(result)")
        for option in ["--speed X", "--log FILE", "--sink SPEC", "--no-bell", "--no-prompt", "--help"] {
            #expect(result.stdout.contains(option), "'help run' does not mention \(option): \(result)")
        }
    }

    @Test(arguments: Pacer.commands.map(\.name))
    func commandHelpIsTheSameBothWays(command: String) throws {
        let viaHelp = try PacerCall(["help", command])
        let viaFlag = try PacerCall([command, "--help"])
        #expect(viaHelp.status == 0, "\(viaHelp)")
        #expect(viaFlag.status == 0, "\(viaFlag)")
        #expect(viaFlag.stdout.contains("Usage: pacer \(command)"), "\(viaFlag)")
        #expect(viaHelp.stdout == viaFlag.stdout)
        #expect(viaHelp.stderr.isEmpty && viaFlag.stderr.isEmpty, "\(viaHelp)\n\(viaFlag)")
    }

    @Test(arguments: Pacer.commands)
    func everyCommandsHelpSaysWhatItIsAndListsEveryOption(command: CommandSpec) throws {
        let help = try PacerCall([command.name, "--help"])
        #expect(!command.abstract.isEmpty, "\(command.name) has no abstract")
        #expect(help.stdout.hasPrefix(command.abstract + "\n\nUsage: \(command.usage)\n"), "\(help)")
        #expect(help.stdout.contains("\nOptions:\n"), "\(help)")
        for option in command.visibleOptions {
            #expect(help.stdoutLines.contains { $0.hasPrefix("  \(option.synopsis) ") }, "\(option.name) is not in: \(help)")
        }
        for option in command.options where option.hidden {
            #expect(!help.stdout.contains(option.name), "the hidden \(option.name) is shown: \(help)")
        }
    }

    @Test func noArgumentsIsAUsageError() throws {
        let result = try PacerCall([])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("Usage: pacer"), "\(result)")
    }

    @Test func unknownCommandSuggestsTheClosestOne() throws {
        let result = try PacerCall(["lsit"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("unknown command 'lsit'"), "\(result)")
        #expect(result.stderr.contains("did you mean 'list'"), "\(result)")
        #expect(result.stderr.contains("pacer --help"), "\(result)")

        let far = try PacerCall(["frobnicate"])
        #expect(far.status == 2, "\(far)")
        #expect(far.stderr.contains("unknown command 'frobnicate'"), "\(far)")
        #expect(!far.stderr.contains("did you mean"), "no command is close to 'frobnicate': \(far)")

        let help = try PacerCall(["help", "shwo"])
        #expect(help.status == 2, "\(help)")
        #expect(help.stderr.contains("did you mean 'show'"), "\(help)")
    }

    @Test(arguments: [
        ["run", "--bogus", "tabata"], ["list", "--all"], ["show", "--speed", "2", "tabata"], ["validate", "-x", "a.json"],
    ])
    func unknownOptionIsAUsageError(arguments: [String]) throws {
        let result = try PacerCall(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("unknown option '\(arguments[1])'"), "\(result)")
        #expect(result.stderr.contains("pacer \(arguments[0]) --help"), "the hint should name the command's help: \(result)")
    }

    @Test func completionsNeedsAShellItKnows() throws {
        for arguments in [["completions"], ["completions", "bash", "zsh"], ["completions", "tcsh"]] {
            let result = try PacerCall(arguments)
            #expect(result.status == 2 && result.stdout.isEmpty, "\(result)")
            #expect(result.stderr.contains("bash, zsh"), "\(result)")
        }
        let typo = try PacerCall(["completions", "bsh"])
        #expect(typo.status == 2 && typo.stderr.contains("did you mean 'bash'"), "\(typo)")
    }

    @Test func optionMissingItsValueIsAUsageError() throws {
        let result = try PacerCall(["run", "tabata", "--speed"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("--speed"), "\(result)")
    }

    @Test func runWithoutAWorkoutIsAUsageError() throws {
        let result = try PacerCall(["run"])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("workout"), "\(result)")
        #expect(result.stderr.contains("pacer run --help"), "\(result)")

        let two = try PacerCall(["run", "tabata", "pyramid"])
        #expect(two.status == 2, "\(two)")
    }

    // Issue 7, item 21: hexadecimal (0x10) and other forms Double(_:) takes were accepted.
    @Test(arguments: ["0", "abc", "-5", "5000", "0.01", "nan", "", "0x10", "0x1p3", "1e2", "+5", " 5", "1_0", "inf"])
    func badSpeedIsAUsageError(speed: String) throws {
        let home = try CommandLineHome()
        let log = home.file("session.log")
        let result = home.call(["run", "tabata", "--speed", speed, "--log", log])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("--speed"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: log), "no session may start with a bad --speed")
    }

    // Issue 7, item 12: `--log a --log b` silently never created a.
    @Test func aSecondLogIsAUsageError() throws {
        let home = try CommandLineHome()
        let first = home.file("a.log")
        let second = home.file("b.log")
        let result = home.call(["run", "tabata", "--speed", "100", "--log", first, "--log", second])
        #expect(result.status == 2, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("--log is given 2 times"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: first) && !FileManager.default.fileExists(atPath: second), "no session may start")
    }

    @Test func runningAMissingWorkoutFails() throws {
        let result = try PacerCall(["run", "tabtaa", "--speed", "100"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("no workout named \"tabtaa\""), "\(result)")
        #expect(result.stderr.contains("did you mean \"tabata\""), "\(result)")
    }
}
