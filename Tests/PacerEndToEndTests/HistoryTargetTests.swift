import Foundation
import Testing

/// Issue 35, item 6: a run of the shipped sweet-spot ride records each phase's targets, which
/// `pacer history show` and `--json` give back; a target another program made unreadable leaves
/// its phase in, without it, named on standard error.
@Suite("history of targets, end to end")
struct HistoryTargetTests {
    @Test func aRideRecordsItsTargetsAndHistoryShowsThem() async throws {
        let sandbox = try Sandbox()
        let path = sandbox.path("history.sqlite3")
        let environment = ["PACER_HISTORY": path]
        let run = try await PacerProcess.run(["run", "sweet-spot", "--speed", "1000"], in: sandbox, environment: environment, timeout: 60)
        #expect(run.status == 0 && run.summaryLine?.hasPrefix("Workout complete.") == true, "\(run)")

        let shown = try await PacerProcess.run(["history", "show", "1"], in: sandbox, environment: environment)
        #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown)")
        let rows = shown.stdoutLines.filter { $0.contains("completed") && !$0.contains("ended") }
        #expect(rows.count == 8 && rows.allSatisfy { !$0.contains("Rest") || !$0.contains("@") }, "\(shown)")
        #expect(
            rows.first?.hasSuffix("@ ramp 50–75 % FTP, 85–95 rpm") == true && rows.last?.hasSuffix("@ ramp 60–40 % FTP") == true, "\(shown)"
        )
        #expect(rows.filter { $0.contains("Sweet spot") }.allSatisfy { $0.hasSuffix("@ 88–94 % FTP, 85–95 rpm") }, "\(shown)")

        let exported = try await PacerProcess.run(["history", "--json"], in: sandbox, environment: environment)
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(exported.stdout.utf8)) as? [[String: Any]], "\(exported)")
        let phases = try #require(sessions.first?["phases"] as? [[String: Any]], "\(exported)")
        let power = try #require(phases[2]["power"] as? [String: Any], "\(exported)")
        #expect(power["unit"] as? String == "ftp" && power["start"] as? [Double] == [0.88, 0.94], "\(exported)")

        try UnreadableHistoryTests.sqlite3(path, "UPDATE phases SET targets = '{\"power\":{\"unit\":\"kJ\"}}' WHERE id = 3")
        let damaged = try await PacerProcess.run(["history", "show", "1"], in: sandbox, environment: environment)
        #expect(damaged.status == 0, "\(damaged)")
        #expect(
            damaged.stderrLines == [
                "pacer: shown without its targets: phase row 3 of session #1: targets is \"{\\\"power\\\":{\\\"unit\\\":\\\"kJ\\\"}}\", "
                    + "not targets pacer can read (power.unit \"kJ\" is not one of ftp, watts, zone)",
                "pacer: such values come from another program or a damaged file: correct or delete that row with sqlite3 \(path)",
            ], "\(damaged)")
        let damagedRows = damaged.stdoutLines.filter { $0.contains("Sweet spot") && $0.contains("completed") }
        #expect(
            damagedRows.count == 3 && !damagedRows[0].contains("@") && damagedRows[1].hasSuffix("@ 88–94 % FTP, 85–95 rpm"), "\(damaged)")
    }
}
