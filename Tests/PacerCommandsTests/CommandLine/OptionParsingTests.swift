import PacerCommandLine
import Testing

@testable import PacerCommands

/// Every option of every command, read as the command table declares it: a value left out, a value
/// given to a flag, a flag given twice, and a misspelt name are usage errors, each said the same way
/// with the command's help as the hint, before the command does anything.
@Suite("Option parsing, in-process")
struct OptionParsingTests {
    /// The usage error `pacer` writes for `command`.
    static func usageError(_ message: String, command: String) -> String {
        "pacer: \(message)\nTry 'pacer \(command) --help'.\n"
    }

    @Test(arguments: Pacer.commands.map(\.name))
    func anOptionWithoutItsValueIsAUsageError(command: String) throws {
        let spec = try #require(Pacer.commands.first { $0.name == command })
        for option in spec.options where option.value != nil {
            let result = try PacerCall([command, option.name])
            #expect(result.status == 2 && result.stdout.isEmpty, "\(result)")
            #expect(
                result.stderr == Self.usageError("option '\(option.name)' needs a value (\(option.value ?? ""))", command: command),
                "\(result)")
        }
    }

    @Test(arguments: Pacer.commands.map(\.name))
    func aFlagTakesNoValueAndIsGivenOnce(command: String) throws {
        let spec = try #require(Pacer.commands.first { $0.name == command })
        // `--flag=VALUE` gives a long flag a value; `-w=yes` is an unknown option.
        for flag in spec.options + [CommandSpec.help.spec] where flag.value == nil && flag.name.hasPrefix("--") {
            let valued = try PacerCall([command, flag.name + "=yes"])
            #expect(valued.status == 2 && valued.stdout.isEmpty, "\(valued)")
            #expect(valued.stderr == Self.usageError("option '\(flag.name)' takes no value", command: command), "\(valued)")
        }
        for flag in spec.options where flag.value == nil && !flag.repeats {
            let twice = try PacerCall([command, flag.name, flag.name])
            #expect(twice.status == 2 && twice.stdout.isEmpty, "\(twice)")
            #expect(twice.stderr == Self.usageError("\(flag.name) is given 2 times; give it once", command: command), "\(twice)")
        }
    }

    @Test(arguments: Pacer.commands.map(\.name))
    func aMisspeltOptionIsAUsageErrorThatNamesTheOption(command: String) throws {
        let spec = try #require(Pacer.commands.first { $0.name == command })
        for option in spec.options where option.name.hasPrefix("--") && option.name.count > 5 {
            let misspelt = option.name + "x"
            let result = try PacerCall([command, misspelt])
            #expect(result.status == 2 && result.stdout.isEmpty, "\(result)")
            let message = "unknown option '\(misspelt)' (did you mean '\(option.name)'?)"
            #expect(result.stderr == Self.usageError(message, command: command), "\(result)")
        }
        let unknown = try PacerCall([command, "--frobnicate-everything"])
        #expect(unknown.status == 2 && unknown.stdout.isEmpty, "\(unknown)")
        #expect(unknown.stderr == Self.usageError("unknown option '--frobnicate-everything'", command: command), "\(unknown)")
    }
}
