import Foundation
import Testing

/// Each command's own usage errors, in-process: arguments it does not take, values it refuses, and
/// options that contradict each other, each with exit status 2 before anything is read or written.
@Suite("Command usage errors, in-process")
struct CommandUsageTests {
    @Test(arguments: [
        (["history", "--since", "2026-13-01"], "--since takes a date as YYYY-MM-DD, not '2026-13-01'"),
        (["history", "--limit", "0"], "--limit takes a whole number above 0, not '0'"),
        (["history", "--json", "--csv"], "choose one of --json and --csv"),
        (["history", "everything"], "history takes no arguments, 'show ID' or 'export ID'"),
        (["history", "show", "x"], "history show takes a session number, as 'pacer history' lists them"),
        (["stats", "--color", "pink"], "--color takes auto, always or never, not 'pink'"),
        (["stats", "now"], "stats takes no arguments"),
    ])
    func historyAndStatsUsageErrorsExitTwo(arguments: [String], message: String) throws {
        let result = try PacerCall(arguments)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.split(separator: "\n").first.map(String.init) == "pacer: \(message)", "\(result)")
    }

    @Test func helpListsHistoryAndStats() throws {
        let result = try PacerCall(["--help"])
        #expect(result.stdoutLines.contains { $0.hasPrefix("  history ") } && result.stdoutLines.contains { $0.hasPrefix("  stats ") }, "\(result)")
    }

    @Test func renderUsageErrors() throws {
        let home = try CommandLineHome()
        let wav = home.file("x.wav")
        let cases: [([String], String)] = [
            (["render", "tabata", "-o", wav, "--speed", "10"], "render has no --speed: the file is the workout at real speed"),
            (["render", "tabata"], "render needs an output file: -o FILE.wav"),
            (["render", "-o", wav], "render needs a workout"),
            (["render", "tabata", "-o", wav, "--rate", "fast"], "speech rate takes a whole number from 80 to 500, not 'fast'"),
            (["render", "tabata", "-o", wav, "--voice", "--x"], "'--x' is not a voice name"),
            (["render", "tabata", "-o", wav, "--no-speech", "--voice", "en"], "--no-speech renders tones only"),
        ]
        for (arguments, message) in cases {
            let result = home.call(arguments)
            #expect(result.status == 2 && result.stderr.contains(message) && result.stderr.contains("pacer render --help"), "\(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: wav))
    }

    @Test func catNeedsAWorkoutAndSchemaTakesNone() throws {
        let none = try PacerCall(["cat"])
        #expect(none.status == 2 && none.stderr.contains("cat needs a workout"), "\(none)")
        let extra = try PacerCall(["schema", "workout"])
        #expect(extra.status == 2 && extra.stderr.contains("schema takes no arguments"), "\(extra)")
    }

    @Test func exportNamesTheFormatsItWrites() throws {
        let badFormat = try PacerCall(["export", "tabata", "--to", "tcx"])
        #expect(badFormat.status == 2 && badFormat.stderr.contains("--to takes zwo, erg, mrc, icu or fit"), "\(badFormat)")
    }

    @Test func todayTakesNoWorkoutAndChecksRunsOptions() throws {
        let extra = try PacerCall(["today", "tabata"])
        #expect(extra.status == 2 && extra.stderr.contains("today takes no workout"), "\(extra)")
        let bad = try PacerCall(["today", "--speed", "fast"])
        #expect(bad.status == 2 && bad.stderr.contains("--speed takes a number"), "run's options are checked as run checks them: \(bad)")
    }

    @Test func listOfNamesTakesNoArgument() throws {
        let extra = try PacerCall(["list", "--names", "tabata"])
        #expect(extra.status == 2 && extra.stdout.isEmpty, "\(extra)")
    }
}
