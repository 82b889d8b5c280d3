import Foundation
import Testing

/// `pacer today` with nothing, one and two sessions planned today, each run as `pacer run` would
/// run it, on the real clock (the plan names today's weekday).
@Suite("today command")
struct TodayCommandTests {
    /// The weekday `offset` days from today as the plan writes it (`mon`), in this machine's time zone.
    static func weekday(_ offset: Int = 0) -> String {
        let day = Calendar.current.date(byAdding: .day, value: offset, to: Date())!
        return ["sun", "mon", "tue", "wed", "thu", "fri", "sat"][Calendar.current.component(.weekday, from: day) - 1]
    }

    /// The weekday `offset` days from today as pacer says it (`Wednesday`).
    static func weekdayName(_ offset: Int) -> String {
        let day = Calendar.current.date(byAdding: .day, value: offset, to: Date())!
        return ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"][
            Calendar.current.component(.weekday, from: day) - 1]
    }

    static func plan(_ sandbox: Sandbox, _ entries: String) throws {
        try sandbox.write("home/config/pacer/plan.json", #"{"entries": [\#(entries)]}"#)
    }

    @Test func withNothingPlannedTodayItSaysWhatComesNext() async throws {
        let sandbox = try Sandbox()
        let empty = try await PacerProcess.run(["today"], in: sandbox)
        #expect(empty.status == 0 && empty.stdout.hasPrefix("nothing planned today: the plan is empty"), "\(empty)")
        try Self.plan(sandbox, #"{"days": ["\#(Self.weekday(2))"], "time": "07:00", "workout": "seven-minute"}"#)
        let later = try await PacerProcess.run(["today"], in: sandbox)
        #expect(
            later.status == 0 && later.stdout == "nothing planned today; next: \(Self.weekdayName(2)) 07:00, seven-minute\n", "\(later)")
    }

    @Test func theOneWorkoutPlannedTodayRunsWithRunsOptionsAndCounts() async throws {
        let sandbox = try Sandbox()
        try Self.plan(sandbox, #"{"days": ["\#(Self.weekday())"], "workout": "1s prepare, 2s Sprint"}"#)
        let log = sandbox.path("today.jsonl")
        let ran = try await PacerProcess.run(["today", "--speed", "20", "--log", log, "--no-bell"], in: sandbox)
        #expect(ran.status == 0 && ran.summaryLine?.hasPrefix("Workout complete.") == true, "\(ran)")
        #expect(ran.stdoutLines.last?.contains("1 of 1 planned this week") == true, "the end of session line counts the plan: \(ran)")
        let events = try EventLog(path: log)
        #expect(events.of("session.start").first?.string("workout") == "1s prepare, 2s Sprint", "\(events)")
        let again = try await PacerProcess.run(["today"], in: sandbox)
        #expect(
            again.status == 0 && again.stdout.hasPrefix("today's plan is done (1s prepare, 2s Sprint at ")
                && again.stdout.contains(", completed); next: "),
            "\(again)")
    }

    @Test func twoPlannedTodayRunInTheOrderOfTheDayEachOnce() async throws {
        let sandbox = try Sandbox()
        let day = Self.weekday()
        try Self.plan(
            sandbox, #"{"days": ["\#(day)"], "workout": "2s Evening"}, {"days": ["\#(day)"], "time": "00:00", "workout": "2s Morning"}"#)
        var ran: [String] = []
        for _ in 0..<2 {
            let log = sandbox.path("today-\(ran.count).jsonl")
            let result = try await PacerProcess.run(["today", "--speed", "20", "--log", log], in: sandbox)
            #expect(result.status == 0, "\(result)")
            ran.append(try EventLog(path: log).of("session.start").first?.string("workout") ?? "")
        }
        #expect(ran == ["2s Morning", "2s Evening"], "the one with a time first, then the one without")
        let done = try await PacerProcess.run(["today"], in: sandbox)
        #expect(
            done.status == 0 && done.stdout.hasPrefix("today's plan is done (2s Morning at ") && done.stdout.contains("; 2s Evening at "),
            "\(done)")
        let plan = try await PacerProcess.run(["plan"], in: sandbox)
        #expect(plan.stdoutLines.filter { $0.contains("done at ") && $0.hasSuffix(", completed") }.count == 2, "\(plan)")
    }

    /// A workout planned today that cannot be run is reported, and the next one planned today runs.
    @Test func anUnrunnableWorkoutIsReportedAndTheNextOneRuns() async throws {
        let sandbox = try Sandbox()
        let day = Self.weekday()
        try Self.plan(
            sandbox,
            #"{"days": ["\#(day)"], "time": "00:00", "workout": "no-such-workout"}, {"days": ["\#(day)"], "workout": "2s Evening"}"#)
        let log = sandbox.path("today.jsonl")
        let ran = try await PacerProcess.run(["today", "--speed", "20", "--log", log], in: sandbox)
        #expect(ran.status == 0 && ran.summaryLine?.hasPrefix("Workout complete.") == true, "\(ran)")
        #expect(
            ran.stderrLines.first?.hasPrefix("~/config/pacer/plan.json: error: entry 1, planned today, cannot be run: ") == true
                && ran.stderr.contains("no-such-workout"), "\(ran)")
        #expect(ran.stderr.contains("pacer: running the next workout planned today instead: 2s Evening\n"), "\(ran)")
        #expect(try EventLog(path: log).of("session.start").first?.string("workout") == "2s Evening")

        try Self.plan(sandbox, #"{"days": ["\#(day)"], "workout": "no-such-workout"}, {"days": ["\#(day)"], "workout": "{\"name\": 1}"}"#)
        let none = try await PacerProcess.run(["today", "--speed", "20"], in: sandbox)
        #expect(none.status == 1 && none.stdout.isEmpty, "\(none)")
        #expect(none.stderrLines.filter { $0.contains("planned today, cannot be run") }.count == 2, "\(none)")
        #expect(
            none.stderrLines.last
                == "pacer: nothing planned today can be run: fix the plan ('pacer plan edit'), or run a workout with 'pacer run WORKOUT'",
            "\(none)")
    }

    @Test func aQuitSessionCountsAndSaysSo() async throws {
        let sandbox = try Sandbox()
        try Self.plan(sandbox, #"{"days": ["\#(Self.weekday())"], "workout": "1s prepare, 30s Sprint"}"#)
        let quit = try await PacerProcess.run(["today", "--speed", "20"], in: sandbox, stdin: .text("quit\n"))
        #expect(quit.status == 0 && quit.summaryLine?.hasPrefix("Session ended early.") == true, "\(quit)")
        let done = try await PacerProcess.run(["today"], in: sandbox)
        #expect(done.stdout.contains(", quit); next: "), "\(done)")
    }
}
