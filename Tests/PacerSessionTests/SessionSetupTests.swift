import Foundation
import PacerSession
import PacerSystem
import PacerUserFiles
import PacerWorkout
import SinkKit
import Testing

/// `SessionSetup`'s rules, in-process: which sinks a request gets, and every refusal, each said
/// before anything starts.
@Suite("assembling a session")
struct SessionSetupTests {
    /// A home of its own: a config folder, a data folder for the history, nothing else.
    struct Home {
        let folder: String

        init() throws {
            folder = NSTemporaryDirectory() + "pacer-setup-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: folder + "/config/pacer", withIntermediateDirectories: true)
            try FileManager.default.createDirectory(atPath: folder + "/data", withIntermediateDirectories: true)
        }

        var environment: Environment {
            Environment([
                "HOME": folder, "XDG_CONFIG_HOME": folder + "/config", "XDG_DATA_HOME": folder + "/data",
                "PATH": "/usr/bin:/bin", "TERM": "dumb",
            ])
        }

        func writeConfig(_ text: String) throws {
            try text.write(toFile: folder + "/config/pacer/config.json", atomically: true, encoding: .utf8)
        }

        func remove() {
            try? FileManager.default.removeItem(atPath: folder)
        }
    }

    /// The sinks the session gets, or the refusal, for `request` in `home`.
    func assemble(_ request: SessionRequest, in home: Home, isTerminal: Bool = false) -> Result<[String], SessionSetupError> {
        Result { () throws(SessionSetupError) in
            try SessionSetup(environment: home.environment)
                .configuration(for: request, isTerminal: isTerminal) { _ in }
                .sinks.map(\.name)
        }
    }

    func request(_ workout: String = "tabata", sinks: [String] = [], _ settings: (inout SinkSettingValues) -> Void = { _ in }) throws
        -> SessionRequest
    {
        var request = SessionRequest(workout: workout)
        request.noPrompt = true
        request.sinks = try sinks.map { try SinkSpec(parsing: $0) }
        settings(&request.sinkSettings)
        return request
    }

    static let bellSetting = SinkRegistry.standard.settings.first { $0.key == "bell" }!
    static let historySetting = SinkRegistry.standard.settings.first { $0.key == "history" }!
    static let logSetting = SinkRegistry.standard.settings.first { $0.key == "log" }!

    func usage(_ result: Result<[String], SessionSetupError>) -> String? {
        if case .failure(.usage(let message)) = result { return message }
        return nil
    }

    func failure(_ result: Result<[String], SessionSetupError>) -> String? {
        if case .failure(.failure(let lines)) = result { return lines.joined(separator: "\n") }
        return nil
    }

    @Test func withoutSinksTheRegistrationsSayWhichRun() throws {
        let home = try Home()
        defer { home.remove() }
        #expect(try assemble(request(), in: home).get() == ["terminal", "history"])
        #expect(try assemble(request(), in: home, isTerminal: true).get() == ["terminal", "bell", "history"])
        let log = home.folder + "/events.jsonl"
        #expect(try assemble(request { $0[Self.logSetting] = .file(log) }, in: home).get() == ["terminal", "log", "history"])
        #expect(try assemble(request { $0[Self.historySetting] = .enabled(false) }, in: home).get() == ["terminal"])
    }

    @Test func aSinkAndTheFlagThatTurnsItOffAreAContradiction() throws {
        let home = try Home()
        defer { home.remove() }
        let message = usage(assemble(try request(sinks: ["terminal", "bell"]) { $0[Self.bellSetting] = .enabled(false) }, in: home))
        #expect(message == "--sink bell and --no-bell ask for opposite things; give one of them")
    }

    // Issue 7, item 12: `--sink log --sink log` wrote every event twice.
    @Test(arguments: [["log", "log"], ["terminal", "terminal"], ["log", "terminal", "log"]])
    func aSinkNamedTwiceIsRefused(sinks: [String]) throws {
        let home = try Home()
        defer { home.remove() }
        let log = home.folder + "/session.log"
        let message = usage(assemble(try request(sinks: sinks) { $0[Self.logSetting] = .file(log) }, in: home))
        #expect(message?.contains("sink is named twice") == true, "\(message ?? "assembled")")
        #expect(!FileManager.default.fileExists(atPath: log), "nothing is opened before the refusal")
    }

    @Test func aFileSinkNeedsItsFileAndAGivenFileAddsItsSink() throws {
        let home = try Home()
        defer { home.remove() }
        #expect(usage(assemble(try request(sinks: ["terminal", "log"]), in: home)) == "the log sink needs --log FILE")
        let log = home.folder + "/events.jsonl"
        #expect(try assemble(request(sinks: ["terminal"]) { $0[Self.logSetting] = .file(log) }, in: home).get() == ["terminal", "log"])
    }

    @Test func twoOutputsThatAreOneFileAreRefused() throws {
        let home = try Home()
        defer { home.remove() }
        let workout = home.folder + "/w.json"
        try #"{"name": "W", "steps": [{"work": "5s"}]}"#.write(toFile: workout, atomically: true, encoding: .utf8)
        let result = assemble(try request(workout) { $0[Self.logSetting] = .file(workout) }, in: home)
        #expect(failure(result)?.contains("the workout file and the log would be one file") == true, "\(result)")
    }

    // Issue 15, item 12: `--log` at the history database was accepted, and SQLite then destroyed
    // the events appended to it. The database by its path, by a link, its journal by name.
    @Test func theLogAndTheHistoryCannotBeOneFile() throws {
        let home = try Home()
        defer { home.remove() }
        let history = home.folder + "/history.sqlite3"
        try FileManager.default.createSymbolicLink(atPath: home.folder + "/log-link", withDestinationPath: history)
        for log in [history, home.folder + "/log-link", history + "-wal"] {
            let result = assemble(try request(sinks: ["history:file=\(history)", "log"]) { $0[Self.logSetting] = .file(log) }, in: home)
            let message = failure(result) ?? ""
            #expect(
                message.contains("would be one file") && message.contains("the history") && message.contains("the log"), "\(log): \(result)"
            )
        }
        #expect(!FileManager.default.fileExists(atPath: history), "the history is not touched")
    }

    @Test func theConfigsSinksAreCheckedAndATurnedOffSinkLeftOut() throws {
        let home = try Home()
        defer { home.remove() }
        try home.writeConfig(#"{"sinks": ["terminal", "history"]}"#)
        #expect(try assemble(request { $0[Self.historySetting] = .enabled(false) }, in: home).get() == ["terminal"])
        try home.writeConfig(#"{"sinks": ["terminal", "nosuchsink"]}"#)
        #expect(usage(assemble(try request(), in: home))?.hasPrefix("in the config's \"sinks\": ") == true)
    }

    @Test func aBrokenConfigStopsTheRunAndSaysWhatToFix() throws {
        let home = try Home()
        defer { home.remove() }
        try home.writeConfig(#"{"bell": "loud"}"#)
        let message = failure(assemble(try request(), in: home))
        #expect(message?.contains("config.json") == true)
        #expect(message?.contains("(see docs/config.md) and run again") == true, "\(message ?? "")")
    }

    @Test func aWorkoutThatCannotBeFoundIsAFailureWithItsMessage() throws {
        let home = try Home()
        defer { home.remove() }
        #expect(failure(assemble(try request("no-such-workout"), in: home))?.contains("no-such-workout") == true)
    }

    // Issue 42, item 5: a run of an ERG that gives its FTP, when the athlete gave none.
    @Test func anERGsFTPStandsInForTheRunAndIsSaidOnce() throws {
        let home = try Home()
        defer { home.remove() }
        let path = home.folder + "/ride.erg"
        try "[COURSE HEADER]\nFTP = 250\nMINUTES PERCENT\n[END COURSE HEADER]\n[COURSE DATA]\n0 50\n1 50\n[END COURSE DATA]\n"
            .write(toFile: path, atomically: true, encoding: .utf8)
        var notices: [String] = []
        let fileFTP = try SessionSetup(environment: home.environment).configuration(for: try request(path), isTerminal: false) {
            notices.append($0)
        }
        #expect(fileFTP.workout.plan.thresholds.ftp == 250)
        #expect(fileFTP.workout.plan.phases.first?.targets.power?.description(with: fileFTP.workout.plan.thresholds) == "50 % FTP · 125 W")
        #expect(notices == ["\(path): note: using the file's FTP of 250 W (--ftp W or \"ftp\" in config.json gives yours)"])

        try home.writeConfig(#"{"ftp": 300}"#)
        notices = []
        let configFTP = try SessionSetup(environment: home.environment).configuration(for: try request(path), isTerminal: false) {
            notices.append($0)
        }
        #expect(configFTP.workout.plan.thresholds.ftp == 300 && notices.isEmpty, "\(notices)")
    }
}
