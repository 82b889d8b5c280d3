import Foundation
import PacerFoundation
import PacerWorkout
import Testing

@testable import History

/// The history knows each phase's exercise: sets named per round ("Back squat (set 2/5)") make one
/// strength curve, in histories recorded before the exercise was stored and in new sessions alike.
@Suite("history by exercise")
struct HistoryExerciseTests {
    /// `pacer stats --json` on the sandbox's history (or `path`): each curve's name with its points' weights.
    static func curves(in sandbox: Sandbox, history path: String? = nil) async throws -> [String: [Double]] {
        let result = try await PacerProcess.run(["stats", "--json"] + (path.map { ["--history", $0] } ?? []), in: sandbox)
        #expect(result.status == 0, "\(result)")
        let object = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any], "\(result)")
        let exercises = try #require(object["exercises"] as? [[String: Any]], "\(result)")
        var curves: [String: [Double]] = [:]
        for curve in exercises {
            let sets = try #require(curve["sets"] as? [[String: Any]])
            curves[try #require(curve["name"] as? String)] = sets.compactMap { $0["weight"] as? Double }
        }
        return curves
    }

    /// The first column of each row of `statement` on the history at `path`, as text.
    static func sql(_ path: String, _ statement: String) throws -> [String] {
        try SQLiteDatabase(path: path, create: false, busyTimeout: 1000).query(statement) { $0.text(0) ?? "NULL" }
    }

    /// A history as schema version 3 wrote it: five days of the old strength workout, whose sets were
    /// named "Back squat (set 1/5)" … "(set 5/5)", with rests and a warm-up between.
    static func versionThree(at path: String) throws {
        let database = try SQLiteDatabase(path: path, create: true, busyTimeout: 1000)
        try database.transaction { () throws(SQLiteError) in
            for version in 1...3 { try HistorySchema.migrate(database, to: version) }
            try database.run("PRAGMA user_version = 3")
        }
        for day in 1...5 {
            let started = 1_796_000_000 + Int64(day) * 86_400
            try database.run(
                """
                INSERT INTO sessions (workout, file, started, planned, started_at, utc_offset, speed, ended, ended_at, outcome, active, paused)
                VALUES ('Strength', '<built-in>/strength.json', ?, 600, ?, 0, 1, ?, ?, 'completed', 600, 0)
                """,
                [
                    .text(WallTime(epochSeconds: started, utcOffset: 0).iso8601), .integer(started),
                    .text(WallTime(epochSeconds: started + 600, utcOffset: 0).iso8601), .integer(started + 600),
                ])
            let session = database.lastInsertedRowID
            try database.run(
                "INSERT INTO phases (session, idx, kind, name, planned, active, outcome) VALUES (?, 1, 'warmup', 'Warm up', 300, 300, 'completed')",
                [.integer(session)])
            for set in 1...5 {
                let weight = 70 + Double(day * 2 + set)
                try database.run(
                    """
                    INSERT INTO phases (session, idx, kind, name, active, outcome, reps, weight_text, weight_value, weight_unit)
                    VALUES (?, ?, 'reps', ?, 40, 'completed', 5, ?, ?, 'kg')
                    """,
                    [
                        .integer(session), .integer(Int64(set * 2)), .text("Back squat (set \(set)/5)"),
                        .text(JSONText.number(weight) + " kg"), .real(weight),
                    ])
                try database.run(
                    "INSERT INTO phases (session, idx, kind, name, planned, active, outcome) VALUES (?, ?, 'rest', 'Rest', 120, 120, 'completed')",
                    [.integer(session), .integer(Int64(set * 2 + 1))])
            }
        }
    }

    @Test func aVersionThreeHistoryGetsOneCurvePerLift() async throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("history.sqlite3")
        try Self.versionThree(at: path)

        #expect(try await Self.curves(in: sandbox, history: path) == ["Back squat": [77, 79, 81, 83, 85]], "each day's best set")
        #expect(try Self.sql(path, "PRAGMA user_version") == ["\(HistorySchema.current)"])
        #expect(
            try Self.sql(path, "SELECT DISTINCT kind || ': ' || ifnull(exercise, 'NULL') FROM phases ORDER BY kind") == [
                "reps: Back squat", "rest: NULL", "warmup: NULL",
            ])
        #expect(
            try Self.sql(path, "SELECT count(*) FROM phases WHERE name LIKE 'Back squat (set _/5)'") == ["25"], "the names stay as shown")
        #expect(try Self.sql(path, "PRAGMA integrity_check") == ["ok"])

        let csv = try await PacerProcess.run(["history", "--csv", "--exercise", "Back squat", "--history", path], in: sandbox)
        let rows = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
        // Schema 8 adds what was measured after the target: nothing, for these old rows.
        #expect(rows.first?.contains(",weight,unit,exercise,distance,open,target,phase_started,") == true && rows.count == 1 + 25, "\(csv)")
        #expect(rows.dropFirst().allSatisfy { $0.contains(",reps,Back squat (set ") && $0.contains(",kg,Back squat,,0,") }, "\(csv)")
    }

    @Test func theShippedStrengthWorkoutRecordsOneCurvePerLift() async throws {
        let sandbox = try Sandbox()
        // Skip each timed phase (warm-up, rests, cool-down) and log every set: 5 squats, 5 bench presses, 3 pull-ups.
        let sets =
            Array(repeating: "done 5 @ 80 kg", count: 5) + Array(repeating: "done 5 @ 60 kg", count: 5)
            + Array(repeating: "done 8 @ 10 kg", count: 3)
        let script = (["skip"] + sets.flatMap { [$0, "skip"] }).joined(separator: "\n") + "\n"
        let run = try await PacerProcess.run(["run", "strength", "--speed", "50"], in: sandbox, stdin: .text(script), timeout: 30)
        #expect(run.status == 0 && run.summaryLine?.hasPrefix("Workout complete.") == true, "\(run)")

        #expect(try await Self.curves(in: sandbox) == ["Back squat": [80], "Bench press": [60], "Pull-ups": [10]])
        let json = try await PacerProcess.run(["history", "--json", "--exercise", "Bench press"], in: sandbox)
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        let phases = try #require(sessions.first?["phases"] as? [[String: Any]], "\(json)")
        #expect(phases.map { $0["name"] as? String } == (1...5).map { "Bench press (set \($0)/5)" }, "\(json)")
        #expect(phases.allSatisfy { $0["exercise"] as? String == "Bench press" }, "\(json)")
    }
}
