import Foundation
import Glibc
import PacerFoundation
import PacerRuntime
import Testing

@testable import History

/// `pacer history` and `pacer stats` as a user runs them: the default file in the home,
/// the `--history` option, and every way a history can be missing or broken.
@Suite("history and stats commands")
struct HistoryCommandTests {
    /// Where pacer looks by default in the home: `$XDG_DATA_HOME/pacer/history.sqlite3`.
    static func defaultPath(_ home: CommandLineHome) -> String {
        home.file("data/pacer/history.sqlite3")
    }

    /// A history with three sessions: a strength session yesterday, a Tabata session today, and
    /// one today whose end was never written.
    static func recordSessions(at path: String) throws {
        let store = try HistoryStore(path: path)
        let now = WallTime.now()
        let yesterday = WallTime(epochSeconds: now.epochSeconds - 86_400, utcOffset: now.utcOffset)
        let strength = try store.startSession(
            SessionStart(
                workout: "Strength", file: "/w/strength.json", started: yesterday,
                planned: .seconds(300), speed: 1))
        try store.recordPhase(
            PhaseRecord(
                index: 1, kind: .reps, name: "Squat", exercise: "Squat", planned: nil, active: .seconds(50), outcome: .completed,
                reps: 5, weight: LoggedWeight(text: "80 kg")), session: strength)
        try store.endSession(strength, SessionEnd(ended: yesterday, outcome: .completed, active: .seconds(50), paused: .zero))
        let tabata = try store.startSession(
            SessionStart(workout: "Tabata", file: "/w/tabata.json", started: now, planned: .seconds(240), speed: 10))
        try store.recordPhase(
            PhaseRecord(
                index: 1, kind: .work, name: "Sprint", exercise: "Sprint", planned: .seconds(20), active: .seconds(20),
                outcome: .completed), session: tabata)
        try store.endSession(tabata, SessionEnd(ended: now, outcome: .quit, active: .seconds(20), paused: .seconds(3)))
        try store.startSession(
            SessionStart(workout: "Evil\u{1B}]0;title\u{7}", file: "/w/evil.json", started: now, planned: .seconds(60), speed: 1))
    }

    @Test func noHistoryYetIsAFriendlyMessageOrEmptyData() throws {
        let home = try CommandLineHome()
        for command in [["history"], ["stats"]] {
            let result = home.call(command)
            #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
            #expect(result.stdout == "No sessions recorded yet: finish a workout with 'pacer run' and it will show up here.\n", "\(result)")
        }
        #expect(home.call(["history", "--json"]).stdout == "[]\n")
        #expect(home.call(["history", "--csv"]).stdout.hasPrefix("session,workout,file,"))
        let stats = home.call(["stats", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any], "\(stats)")
        #expect((object["weeks"] as? [Any])?.count == 12 && (object["exercises"] as? [Any])?.isEmpty == true)
        #expect(!FileManager.default.fileExists(atPath: Self.defaultPath(home)), "reading creates nothing")
    }

    @Test func sessionsAreListedShownAndExported() throws {
        let home = try CommandLineHome()
        try FileManager.default.createDirectory(
            atPath: (Self.defaultPath(home) as NSString).deletingLastPathComponent,
            withIntermediateDirectories: true)
        try Self.recordSessions(at: Self.defaultPath(home))

        let listing = home.call(["history"])
        #expect(listing.status == 0 && listing.stderr.isEmpty, "\(listing)")
        #expect(listing.stdoutLines.first == "Today", "\(listing)")
        #expect(listing.stdoutLines.contains("Yesterday"), "\(listing)")
        #expect(listing.stdout.contains("Evil\\u{1b}]0;title\\u{7}") && !listing.stdout.contains("\u{1B}"), "\(listing)")
        #expect(
            listing.stdoutLines.contains { $0.contains("Strength") && $0.contains("completed") && $0.hasSuffix(" 1 set") }, "\(listing)")
        #expect(listing.stdoutLines.contains { $0.contains("Tabata") && $0.contains("20s") && $0.hasSuffix("quit") }, "\(listing)")
        #expect(listing.stdoutLines.contains { $0.contains("interrupted") }, "\(listing)")

        let filtered = home.call(["history", "--workout", "Tabata", "--limit", "5"])
        #expect(filtered.stdoutLines.count == 2 && filtered.stdout.contains("#2"), "\(filtered)")
        let since = home.call(["history", "--since", WallTime.now().localDay.description])
        #expect(since.stdoutLines.count == 3 && !since.stdout.contains("Strength"), "\(since)")

        let shown = home.call(["history", "show", "1"])
        #expect(shown.status == 0, "\(shown)")
        #expect(shown.stdoutLines.last == "  1  reps  Squat  Squat           -    0:50  completed  5 × 80 kg", "\(shown)")
        let missing = home.call(["history", "show", "99"])
        #expect(
            missing.status == 1 && missing.stderrLines == ["pacer: there is no session #99 in the history \(Self.defaultPath(home))"],
            "\(missing)")

        let json = home.call(["history", "--json"])
        let sessions = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        #expect(sessions.map { $0["outcome"] as? String } == ["interrupted", "quit", "completed"])
        #expect(sessions[1]["speed"] as? Int == 10 && sessions[1]["paused"] as? Int == 3)
        #expect(!json.stdout.contains("\u{1B}") && !json.stdout.contains("\u{7}"))

        let csv = home.call(["history", "--csv"])
        #expect(csv.stdout.components(separatedBy: "\r\n").count == 1 + 2 + 1, "a header and two phases: \(csv)")

        let stats = home.call(["stats"])
        #expect(stats.status == 0 && stats.stdout.contains("Squat (kg)  best 93.3") && !stats.stdout.contains("\u{1B}"), "\(stats)")
    }

    @Test func theHistoryOptionAndVariableChooseTheFile() throws {
        let home = try CommandLineHome()
        try Self.recordSessions(at: home.file("mine.sqlite3"))
        let byOption = home.call(["history", "--history", home.file("mine.sqlite3")])
        let byVariable = home.call(
            ["stats", "--json"], environment: ["PACER_HISTORY": home.file("mine.sqlite3")])
        #expect(byOption.status == 0 && byOption.stdout.contains("Tabata"), "\(byOption)")
        #expect(byVariable.status == 0 && byVariable.stdout.contains("\"name\":\"Squat\""), "\(byVariable)")
    }

    @Test func aCorruptHistoryIsOneLineAndExitOne() throws {
        let home = try CommandLineHome()
        let path = try home.write("garbage.sqlite3", Data((0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 7919) }))
        for command in [["history"], ["history", "--json"], ["history", "show", "1"], ["stats"], ["stats", "--json"]] {
            let result = home.call(command + ["--history", path])
            #expect(result.status == 1 && result.stdout.isEmpty, "\(result)")
            #expect(result.stderrLines == ["pacer: cannot use the history \(path): file is not a database"], "\(result)")
        }
    }

    @Test func aLockedHistoryIsOneLineAndExitOne() throws {
        let home = try CommandLineHome()
        let path = home.file("history.sqlite3")
        try Self.recordSessions(at: path)
        // In rollback-journal mode an exclusive lock keeps readers out too (in WAL mode they read on).
        let holder = try SQLiteDatabase(path: path, create: false, busyTimeout: 0)
        try holder.run("PRAGMA journal_mode = DELETE")
        try holder.run("BEGIN EXCLUSIVE")
        try holder.run("UPDATE sessions SET workout = workout")
        let result = home.call(["history", "--history", path])
        try holder.run("ROLLBACK")
        #expect(result.status == 1 && result.stdout.isEmpty, "\(result)")
        #expect(result.stderrLines == ["pacer: cannot use the history \(path): database is locked"], "\(result)")
    }
}
