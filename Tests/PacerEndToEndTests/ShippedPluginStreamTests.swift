import Foundation
import Testing

/// The shipped plugins fed a stream by hand: what they show comes from the fields the events carry
/// (the phase's clock on pause and extend, the engine's summary in `session.end`), not from sums
/// of their own, so the numbers here agree with no such sum.
@Suite("shipped plugins take the stream at its word")
struct ShippedPluginStreamTests {
    static let start =
        #"{"event":"session.start","t":0.000,"due":0.000,"workout":"Word","file":"w.json","phases":9,"planned":60,"wall":"2026-11-30T07:00:00+01:00","speed":1}"#
    static let hold =
        #"{"event":"phase.start","t":0.000,"due":0.000,"index":1,"count":9,"kind":"work","name":"Hold","duration":60,"next":null,"planned_after":0}"#

    /// Starts a shipped plugin by itself with `options`, its standard input open for events.
    static func plugin(_ name: String, _ options: [String], in sandbox: Sandbox, environment: [String: String] = [:]) async throws
        -> PacerProcess
    {
        try await PacerProcess(
            options, environment: sandbox.environment(environment), directory: sandbox.directory, stdin: .open,
            executable: URL(fileURLWithPath: ShippedPluginTests.pluginPath(name)))
    }

    /// Feeds the statusline `opening` (ending in a pause), then `extension`, and expects the line to read
    /// `paused`, then `extended`; the file goes when the stream ends.
    static func statusline(_ opening: [String], shows paused: String, then extending: String, shows extended: String) async throws {
        let sandbox = try Sandbox()
        let file = sandbox.path("line")
        let plugin = try await Self.plugin("statusline", ["file=\(file)"], in: sandbox)
        func line() -> String? { try? String(contentsOfFile: file, encoding: .utf8) }

        plugin.write(opening.joined(separator: "\n") + "\n")
        #expect(await eventually { line() == paused + "\n" }, "\(String(describing: line()))")
        plugin.write(extending + "\n")
        #expect(await eventually { line() == extended + "\n" }, "\(String(describing: line()))")

        try plugin.closeInput()
        let result = await plugin.finish()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(!FileManager.default.fileExists(atPath: file))
    }

    @Test func statuslineShowsTheTimeLeftThatPauseAndExtendSay() async throws {
        // A second after the phase began, the pause says 17.5 s were spent: 42.5 left, shown as 0:43.
        try await Self.statusline(
            [Self.start, Self.hold, #"{"event":"pause","t":1.000,"index":1,"elapsed":17.5,"remaining":42.5}"#],
            shows: "work: Hold 0:43 paused",
            then: #"{"event":"extend","t":2.000,"index":1,"by":30,"elapsed":17.5,"remaining":72.5}"#,
            shows: "work: Hold 1:13 paused")
    }

    // Issue 35, item 3: the targets beside the phase's name, a ramp's as it is now.
    static let ride =
        #"{"event":"session.start","t":0.000,"due":0.000,"workout":"Ride","file":"r.json","phases":2,"planned":120,"wall":"2026-11-30T07:00:00+01:00","speed":1,"profile":[{"start":0,"duration":60,"kind":"warmup","power":{"unit":"ftp","start":[0.5,0.5],"end":[0.75,0.75]},"cadence":{"start":[85,95],"end":[85,95]}},{"start":60,"duration":60,"kind":"rest","free_ride":true}]}"#
    static let rampUp =
        #"{"event":"phase.start","t":0.000,"due":0.000,"index":1,"count":2,"kind":"warmup","name":"Warm up","duration":60,"power":{"unit":"ftp","start":[0.5,0.5],"end":[0.75,0.75]},"cadence":{"start":[85,95],"end":[85,95]},"next":"Spin","planned_after":60}"#

    @Test func statuslineShowsTheTargetAndWhereARampIsNow() async throws {
        // Halfway through 60 s, the ramp from 50 to 75 % is at 62.5 %; lengthened to 90 s, it
        // keeps to its planned 60 s, as pacer's display does: still 62.5 % now, 75 % from 60 s on.
        try await Self.statusline(
            [Self.ride, Self.rampUp, #"{"event":"pause","t":1.000,"index":1,"elapsed":30,"remaining":30}"#],
            shows: "warmup: Warm up @ 63 % → 75 % FTP, 85–95 rpm 0:30 paused",
            then: #"{"event":"extend","t":2.000,"index":1,"by":30,"elapsed":30,"remaining":60}"#,
            shows: "warmup: Warm up @ 63 % → 75 % FTP, 85–95 rpm 1:00 paused")
    }

    @Test func notifySaysTheTargetAndTheNextOne() async throws {
        let sandbox = try Sandbox()
        let fake = try FakeNotifySend(in: sandbox)
        let plugin = try await Self.plugin("notify", ["kinds=all"], in: sandbox, environment: FakeNotifySend.path(in: sandbox))
        plugin.write([Self.ride, Self.rampUp].joined(separator: "\n") + "\n")
        try plugin.closeInput()
        let result = await plugin.finish()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(fake.notifications.first?.summary == "Warm up @ ramp 50–75 % FTP, 85–95 rpm", "\(fake.records)")
        #expect(fake.notifications.first?.body == "1m\nNext: Spin @ free ride", "\(fake.records)")
    }

    @Test func notifySaysWhatSessionEndCounted() async throws {
        let sandbox = try Sandbox()
        let fake = try FakeNotifySend(in: sandbox)
        let plugin = try await Self.plugin("notify", [], in: sandbox, environment: FakeNotifySend.path(in: sandbox))
        // No phase.end at all: the phases done and skipped are the ones session.end gives.
        plugin.write(
            [
                Self.start,
                #"{"event":"session.end","t":40.000,"outcome":"quit","active":30,"paused":10,"wall":"2026-11-30T07:01:00+01:00","worked":20,"rested":10,"warmed_up":0,"cooled_down":0,"completed":7,"skipped":2,"skipped_time":15,"sets":[]}"#,
            ]
            .joined(separator: "\n") + "\n")
        try plugin.closeInput()
        let result = await plugin.finish()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        #expect(fake.notifications.map(\.summary) == ["Word ended early"], "\(fake.records)")
        #expect(fake.notifications.first?.body == "30s active · paused 10s · 7 of 9 phases done, 2 skipped", "\(fake.records)")
    }
}
