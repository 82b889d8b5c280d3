import Foundation
import PacerFormats
import Testing

/// Each command's own usage errors, in-process: arguments it does not take, values it refuses, and
/// options that contradict each other, each with exit status 2 before anything is read or written.
@Suite("Command usage errors, in-process")
struct CommandUsageTests {
    /// The date `offset` days from today, as YYYY-MM-DD.
    static func day(_ offset: Int) throws -> String {
        let date = try #require(Calendar.current.date(byAdding: .day, value: offset, to: Date()))
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }

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
        #expect(
            result.stdoutLines.contains { $0.hasPrefix("  history ") } && result.stdoutLines.contains { $0.hasPrefix("  stats ") },
            "\(result)")
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
        let badFormat = try PacerCall(["export", "tabata", "--to", "nonesuch"])
        let written = WorkoutFormat.writable
        #expect(written.map(\.name).starts(with: ["zwo", "erg", "mrc", "icu"]), "\(written.map(\.name))")
        #expect(badFormat.status == 2 && badFormat.stderr.contains("--to takes \(WorkoutFormat.names(of: written))"), "\(badFormat)")
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

    @Test func badPlanWordsAreUsageErrorsAndWriteNothing() throws {
        let home = try CommandLineHome()
        let day = home.call(["plan", "add", "mon,thrusday", "tabata"])
        #expect(day.status == 2 && day.stderr.contains("'thrusday' is not a day of the week (did you mean 'thursday'?)"), "\(day)")
        let time = home.call(["plan", "add", "mon", "7pm", "tabata"])
        #expect(time.status == 2 && time.stderr.contains("'7pm' is not a time"), "\(time)")
        let unquoted = home.call(["plan", "add", "sat", "07:00", "10s", "prepare"])
        #expect(unquoted.status == 2 && unquoted.stderr.contains("quote a line of notation"), "\(unquoted)")
        for words in [["plan", "remove", "x"], ["plan", "remove", "0"], ["plan", "frobnicate"], ["plan", "edit", "now"]] {
            let result = home.call(words)
            #expect(result.status == 2, "\(result)")
        }
        #expect(!FileManager.default.fileExists(atPath: home.file("config/pacer/plan.json")), "nothing was written")
    }

    @Test func aNewWorkoutsNameIsNoPath() throws {
        let home = try CommandLineHome()
        let slash = home.call(["new", "a/b"])
        #expect(slash.status == 2, "\(slash)")
    }

    @Test func showGivesOneFormAndAThresholdItCanUse() throws {
        let both = try PacerCall(["show", "--notation", "--json", "tabata"])
        #expect(both.status == 2, "\(both)")
        let home = try CommandLineHome()
        let ride = try home.write(
            "ride.json",
            #"{"name": "Ride", "steps": [{"work": 2, "name": "Sweet spot", "power": "88-94%"}, {"rest": 1, "heart_rate": "Z2"}]}"#)
        let flag = home.call(["show", "--ftp", "0", ride])
        #expect(
            flag.status == 2 && flag.stdout.isEmpty
                && flag.stderr.contains("--ftp is your functional threshold power in watts, from 1 to 3000"), "\(flag)")
    }

    @Test func importTakesAFormatItReadsAndOneFileWithoutAFolder() throws {
        let home = try CommandLineHome()
        let text = try home.write("course.txt", "[COURSE DATA]\n0 80\n2 80\n")
        let unknown = home.call(["import", "--from", "nonesuch", text])
        let read = WorkoutFormat.readable
        #expect(read.map(\.name).starts(with: ["zwo", "erg", "mrc", "icu", "yaml", "fit"]), "\(read.map(\.name))")
        #expect(
            unknown.status == 2 && unknown.stderr.contains("--from takes \(read.map(\.name).joined(separator: ", ")), not 'nonesuch'"),
            "\(unknown)")
        let two = home.call(["import", text, text])
        #expect(two.status == 2 && two.stderr.contains("-d DIR"), "\(two)")
    }

    @Test func fmtWritesOrChecksNotBoth() throws {
        let home = try CommandLineHome()
        let bad = #"{"name": "Bad", "steps": [{"wrok": "20s"}]}"#
        let path = try home.write("bad.json", bad)
        let usage = home.call(["fmt", "-w", "--check", path])
        #expect(usage.status == 2, "\(usage)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == bad, "the file is left as it is")
    }

    @Test func whatIsNoBodyWeightIsRefusedAndNothingIsRecorded() throws {
        let home = try CommandLineHome()
        // The last year a date option takes.
        let nextYear = Calendar.current.component(.year, from: Date()) + 1
        let cases: [([String], String)] = [
            (["weight", "-5", "kg"], "'-5 kg' is not a body weight"),
            (["weight", "1e400", "kg"], "'1e400 kg' is not a body weight"),
            (["weight", "nan", "kg"], "'nan kg' is not a body weight"),
            (["weight", "0", "kg"], "a body weight is above 0"),
            (["weight", "1,000", "lb"], "1,000 means 1000 in some countries and 1 in others"),
            (["weight", "82.5"], "give the unit of '82.5'"),
            (["weight", "12", "stone"], "'stone' is not a unit of body weight"),
            (["weight", "82", "kg", "extra"], "weight takes one weight and its unit"),
            (["weight", "82", "kg", "--date", "2026-02-30"], "--date takes a date as YYYY-MM-DD"),
            (["weight", "82", "kg", "--date", try Self.day(2)], "is after today"),
            (["weight", "82", "kg", "--date", "0026-12-01"], "--date takes a date from 1900 to \(nextYear), not '0026-12-01'"),
            (["weight", "82", "kg", "--date", "1899-12-31"], "--date takes a date from 1900 to \(nextYear), not '1899-12-31'"),
            (["history", "--since", "0026-12-01"], "--since takes a date from 1900 to \(nextYear), not '0026-12-01'"),
            (["history", "--since", "\(nextYear + 1)-01-01"], "--since takes a date from 1900 to \(nextYear)"),
            (["weight", "82", "kg", "--json"], "give them without a weight"),
            (["weight", "--json", "--csv"], "choose one of --json and --csv"),
            (["weight", "--limit", "0"], "--limit takes a whole number above 0"),
        ]
        for (arguments, message) in cases {
            let result = home.call(arguments)
            #expect(result.status == 2 && result.stderr.contains(message), "\(result)")
        }
        let listed = home.call(["weight", "--json"])
        #expect(listed.stdout == "[]\n", "nothing was recorded: \(listed)")
        #expect(!FileManager.default.fileExists(atPath: home.file("data/pacer/history.sqlite3")), "not even an empty history was made")
    }
}
