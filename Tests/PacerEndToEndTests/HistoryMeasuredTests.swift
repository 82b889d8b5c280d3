import Foundation
import History
import Testing

/// Issue 44, item 4: a ride measured through `measure` lines on standard input is recorded, every
/// sample and each phase's averages, and `pacer history show` gives target and actual.
@Suite("history of what was measured, end to end")
struct HistoryMeasuredTests {
    static let ride = #"{"name": "Ride", "steps": [{"work": 60, "name": "Threshold", "power": "90%"}, {"rest": 20}]}"#

    @Test func aRideMeasuredOnStandardInputIsRecordedAndShownBesideItsTargets() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("ride.json", Self.ride)
        let log = sandbox.path("ride.log")
        let path = sandbox.path("history.sqlite3")
        let environment = ["PACER_HISTORY": path]
        let process = try await PacerProcess.startSession(
            ["run", "ride.json", "--speed", "10", "--ftp", "250", "--log", log], in: sandbox,
            log: log, environment: environment)
        // A sensor sending four times a (real) second until the session is over.
        let ended = await eventually(timeout: 60) {
            _ = process.write("measure power=225 heart_rate=150 cadence=90\n")
            usleep(250_000)
            return EventLog.ifPresent(log)?.of("session.end").count == 1
        }
        #expect(ended, "the session did not end")
        let run = await process.finish(timeout: 10)
        #expect(run.status == 0 && run.stdout.contains("Measured: "), "\(run)")

        let samples = try #require(EventLog.ifPresent(log)?.of("sample").count)
        #expect(samples > 0 && samples <= 80, "a sample a second of session time while fresh")
        #expect(
            try HistoryStore.existing(at: path)?.samples(ofSession: 1).count == samples, "every sample the session gave is in the history")

        let shown = try await PacerProcess.run(["history", "show", "1"], in: sandbox, environment: environment)
        #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown)")
        let threshold = try #require(shown.stdoutLines.first { $0.contains("Threshold") }, "\(shown)")
        #expect(
            threshold.hasSuffix("@ 90 % FTP  225 W (100 % in target) · 150 bpm · 90 rpm")
                && threshold.hasSuffix("225 W (100 % in target) · 150 bpm · 90 rpm"), "\(shown)")
        #expect(shown.stdoutLines.contains { $0.hasPrefix("  load     TSS ") && $0.contains(" measured (FTP 250 W)") }, "\(shown)")
    }
}
