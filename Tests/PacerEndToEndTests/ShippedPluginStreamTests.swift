import Foundation
import Testing

/// The shipped plugins fed a stream by hand: what they show comes from the fields the events carry
/// (the phase's clock on pause and extend, the engine's summary in `session.end`), not from sums
/// of their own, so the numbers here agree with no such sum.
@Suite("shipped plugins take the stream at its word")
struct ShippedPluginStreamTests {
    static let start = #"{"event":"session.start","t":0.000,"due":0.000,"workout":"Word","file":"w.json","phases":9,"planned":60,"wall":"2026-11-30T07:00:00+01:00","speed":1}"#
    static let hold = #"{"event":"phase.start","t":0.000,"due":0.000,"index":1,"count":9,"kind":"work","name":"Hold","duration":60,"next":null,"planned_after":0}"#

    /// Starts a shipped plugin by itself with `options`, its standard input open for events.
    static func plugin(_ name: String, _ options: [String], in sandbox: Sandbox, environment: [String: String] = [:]) async throws -> PacerProcess {
        try await PacerProcess(options, environment: sandbox.environment(environment), directory: sandbox.directory, stdin: .open,
                               executable: URL(fileURLWithPath: ShippedPluginTests.pluginPath(name)))
    }

    @Test func statuslineShowsTheTimeLeftThatPauseAndExtendSay() async throws {
        let sandbox = try Sandbox()
        let file = sandbox.path("line")
        let plugin = try await Self.plugin("statusline", ["file=\(file)"], in: sandbox)
        func line() -> String? { try? String(contentsOfFile: file, encoding: .utf8) }

        // A second after the phase began, the pause says 17.5 s were spent: 42.5 left, shown as 0:43.
        plugin.write([Self.start, Self.hold, #"{"event":"pause","t":1.000,"index":1,"elapsed":17.5,"remaining":42.5}"#]
            .joined(separator: "\n") + "\n")
        #expect(await eventually { line() == "work: Hold 0:43 paused\n" }, "\(String(describing: line()))")
        plugin.write(#"{"event":"extend","t":2.000,"index":1,"by":30,"elapsed":17.5,"remaining":72.5}"# + "\n")
        #expect(await eventually { line() == "work: Hold 1:13 paused\n" }, "\(String(describing: line()))")

        try plugin.closeInput()
        let result = await plugin.finish()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func notifySaysWhatSessionEndCounted() async throws {
        let sandbox = try Sandbox()
        let fake = try FakeNotifySend(in: sandbox)
        let plugin = try await Self.plugin("notify", [], in: sandbox, environment: FakeNotifySend.path(in: sandbox))
        // No phase.end at all: the phases done and skipped are the ones session.end gives.
        plugin.write([Self.start, #"{"event":"session.end","t":40.000,"outcome":"quit","active":30,"paused":10,"wall":"2026-11-30T07:01:00+01:00","worked":20,"rested":10,"warmed_up":0,"cooled_down":0,"completed":7,"skipped":2,"skipped_time":15,"sets":[]}"#]
            .joined(separator: "\n") + "\n")
        try plugin.closeInput()
        let result = await plugin.finish()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(fake.notifications.map(\.summary) == ["Word ended early"], "\(fake.records)")
        #expect(fake.notifications.first?.body == "30s active · paused 10s · 7 of 9 phases done, 2 skipped", "\(fake.records)")
    }
}
