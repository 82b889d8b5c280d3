import Foundation
import Glibc
import Testing

/// `pacer plan` as a user runs it: adding, showing and removing entries (editing, a hostile plan file
/// and one that cannot be written are tested end to end).
@Suite("plan command")
struct PlanCommandTests {
    /// The plan file in the home.
    static func planPath(_ home: CommandLineHome) -> String {
        home.file("config/pacer/plan.json")
    }

    @Test func entriesAreAddedShownAndRemoved() throws {
        let home = try CommandLineHome()
        let empty = home.call(["plan"])
        #expect(empty.status == 0 && empty.stdout.hasPrefix("Nothing is planned yet"), "\(empty)")

        let added = home.call(["plan", "add", "mon,wed,fri", "07:00", "seven-minute"])
        #expect(added.status == 0 && added.stdout == "added to ~/config/pacer/plan.json: 1  Mon, Wed, Fri 07:00 seven-minute\n", "\(added)")
        let daily = home.call(["plan", "add", "daily", "10s prepare, 3x(20s Sprint, 10s rest)"])
        #expect(daily.status == 0 && daily.stdout.hasSuffix(": 2  daily 10s prepare, 3x(20s Sprint, 10s rest)\n"), "\(daily)")

        let shown = home.call(["plan"])
        #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown)")
        #expect(shown.stdoutLines.first?.hasPrefix("This week, ") == true, "\(shown)")
        #expect(shown.stdoutLines.contains { $0.contains("10s prepare, 3x(20s Sprint, 10s rest)") && $0.hasSuffix("today") }, "\(shown)")
        #expect(shown.stdoutLines.contains { $0.hasPrefix("Next week: Mon ") && $0.hasSuffix(" 07:00, seven-minute") }, "\(shown)")
        #expect(shown.stdoutLines.contains("  1  Mon, Wed, Fri  07:00  seven-minute"), "\(shown)")
        #expect(shown.stdoutLines.contains("  2  daily                 10s prepare, 3x(20s Sprint, 10s rest)"), "\(shown)")

        let removed = home.call(["plan", "remove", "1"])
        #expect(
            removed.status == 0 && removed.stdout == "removed from ~/config/pacer/plan.json: Mon, Wed, Fri 07:00 seven-minute\n",
            "\(removed)")
        let beyond = home.call(["plan", "remove", "2"])
        #expect(beyond.status == 1 && beyond.stderr.contains("the plan has 1 entry; remove takes a number from 1 to 1"), "\(beyond)")
        let text = try String(contentsOfFile: Self.planPath(home), encoding: .utf8)
        #expect(text.contains("\"daily\"") == false && text.contains("\"mon\", \"tue\"") && !text.contains("seven-minute"), "\(text)")
    }

    @Test func aMissingWorkoutOrBadNotationIsRefused() throws {
        let home = try CommandLineHome()
        let missing = home.call(["plan", "add", "sat", "tabbata"])
        #expect(
            missing.status == 1 && missing.stderr.contains(#"cannot plan "tabbata": no workout named "tabbata""#)
                && missing.stderr.contains(#"did you mean "tabata"?"#), "\(missing)")
        let notation = home.call(["plan", "add", "sat", "10s, x"])
        #expect(notation.status == 1 && notation.stderr.contains("<notation>:1:6: error:"), "\(notation)")
        #expect(!FileManager.default.fileExists(atPath: Self.planPath(home)), "nothing was written")
        let none = home.call(["plan", "remove", "1"])
        #expect(none.status == 1 && none.stderr.contains("there is no plan yet"), "\(none)")
    }

    @Test func aPlanThatNamesAWorkoutGoneMissingIsShownWithAWarning() throws {
        let home = try CommandLineHome()
        try home.write(
            "config/pacer/plan.json", #"{"entries": [{"days": ["mon", "tue", "wed", "thu", "fri", "sat", "sun"], "workout": "gone"}]}"#
        )
        let shown = home.call(["plan"])
        #expect(shown.status == 0 && shown.stdoutLines.contains { $0.hasSuffix("gone  today") }, "\(shown)")
        #expect(shown.stderr.hasPrefix(#"~/config/pacer/plan.json: warning: entry 1: no workout named "gone""#), "\(shown)")
    }
}
