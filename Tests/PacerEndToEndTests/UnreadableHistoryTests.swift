import Foundation
import PacerFoundation
import PacerWorkout
import Testing

@testable import History

/// A history with a row another program wrote (through the sqlite3 command), holding a value no
/// session can have: every report and the end of a run leave the row out and name it, never trap.
@Suite("a history with rows pacer cannot read")
struct UnreadableHistoryTests {
    /// Runs `statement` on the database at `path` with the sqlite3 command, as another program would.
    static func sqlite3(_ path: String, _ statement: String) throws {
        let sqlite3 = try #require(
            ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first { FileManager.default.isExecutableFile(atPath: $0) },
            "these tests need the sqlite3 command (scripts/test installs it)")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: sqlite3)
        process.arguments = [path, statement]
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        process.waitUntilExit()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(process.terminationStatus == 0 && message.isEmpty, "sqlite3 \(statement): \(message)")
    }

    /// Two sessions today, the first with a set of squats at a numeric weight (so statistics read
    /// it), then `statement` run on them.
    static func history(in sandbox: Sandbox, _ statement: String) throws -> String {
        let path = sandbox.path("history.sqlite3")
        let store = try HistoryStore(path: path)
        let now = WallTime.now()
        // Today's even in the first minutes after midnight, so the standing counts them as today's.
        let midnight = now.epochSeconds - (now.epochSeconds + Int64(now.utcOffset)) % 86_400
        let first = max(now.epochSeconds - 600, midnight)
        for (number, workout) in ["Strength", "Tabata"].enumerated() {
            let started = WallTime(epochSeconds: first + Int64(number) * 60, utcOffset: now.utcOffset)
            let id = try store.startSession(
                SessionStart(workout: workout, file: "/w/\(workout).json", started: started, planned: .seconds(60), speed: 1))
            try store.recordPhase(
                PhaseRecord(
                    index: 1, kind: .reps, name: "Squat", exercise: "Squat", planned: nil, active: .seconds(30),
                    outcome: .completed, reps: 5, weight: LoggedWeight(text: "80 kg")), session: id)
            try store.endSession(id, SessionEnd(ended: started, outcome: .completed, active: .seconds(30), paused: .zero))
        }
        try sqlite3(path, statement)
        return path
    }

    /// Each statement leaves session #1, or its set, unreadable, as `note` says.
    static let rows: [(statement: String, note: String)] = [
        ("UPDATE sessions SET active = 9e999 WHERE id = 1", "session #1: active is inf"),
        ("UPDATE sessions SET active = -1e300 WHERE id = 1", "session #1: active is -1e+300"),
        ("UPDATE sessions SET active = 1e19 WHERE id = 1", "session #1: active is 1e+19"),
        ("UPDATE sessions SET started_at = -9223372036854775808 WHERE id = 1", "session #1: started_at is -9223372036854775808"),
        ("UPDATE sessions SET active = 'an hour' WHERE id = 1", "session #1: active is \"an hour\""),
        ("UPDATE phases SET reps = 9223372036854775807 WHERE id = 1", "phase row 1 of session #1: reps is 9223372036854775807"),
        ("UPDATE phases SET weight_value = 9e999 WHERE id = 1", "phase row 1 of session #1: weight_value is inf"),
    ]

    /// Each report as it reads the history: the sessions' rows alone, or their phases too.
    static let reports: [(arguments: [String], readsPhases: Bool)] = [
        (["history"], false), (["history", "--json"], true), (["history", "--csv"], true), (["history", "show", "1"], true),
        (["stats"], true), (["stats", "--json"], true), (["plan"], false), (["today"], false),
    ]

    @Test(arguments: rows)
    func everyReportLeavesTheRowOutAndNamesIt(statement: String, note: String) async throws {
        let sandbox = try Sandbox()
        let path = try Self.history(in: sandbox, statement)
        let isSession = !note.hasPrefix("phase")
        for (arguments, readsPhases) in Self.reports {
            let result = try await PacerProcess.run(arguments, in: sandbox, environment: ["PACER_HISTORY": path])
            let shownAlone = arguments == ["history", "show", "1"] && isSession
            #expect(result.status == (shownAlone ? 1 : 0), "\(result)")
            if isSession || readsPhases {
                #expect(result.stderrLines.first?.hasPrefix("pacer: left out \(note), not ") == true, "\(result)")
                #expect(result.stderrLines.count == 2 && result.stderrLines.last?.hasSuffix("with sqlite3 \(path)") == true, "\(result)")
            } else {
                #expect(result.stderr.isEmpty, "\(result)")
            }
            if arguments.contains("--json") {
                #expect((try? JSONSerialization.jsonObject(with: Data(result.stdout.utf8))) != nil, "still JSON: \(result)")
            }
        }
        let listing = try await PacerProcess.run(["history"], in: sandbox, environment: ["PACER_HISTORY": path])
        #expect(
            listing.stdout.contains("Tabata") && listing.stdout.contains("Strength") != isSession, "the rest reads as before: \(listing)")

        // A session run now ends as ever, and says that its standing left a row out: any but a
        // session started long before its week, which the standing does not read.
        let run = try await PacerProcess.run(
            ["run", "5 reps Squat @ 80 kg", "--speed", "20"], in: sandbox, environment: ["PACER_HISTORY": path],
            stdin: .text("done\n"))
        #expect(run.status == 0, "\(run)")
        let standing = isSession ? "2nd session this week" : "3rd session this week"
        let leftOut = "history: left out 1 row that cannot be read ('pacer stats' names them)"
        #expect(
            Array(run.stdoutLines.drop { !$0.hasPrefix("Workout complete") }.dropFirst())
                == (statement.contains("started_at") ? [standing] : [standing, leftOut]), "\(run)")
    }
}
