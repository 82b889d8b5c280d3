import Foundation
import Glibc
import Testing

/// The remote and statusline plugins with several sessions at once, sessions killed with kill -9,
/// and runtime folders planted by another user.
@Suite("shipped plugins across sessions")
struct ShippedPluginSessionTests {
    /// Hours long: a session must outlive a test however long a busy machine makes it wait.
    static let long =
        #"{"name": "Long", "steps": [{"work": "1h", "name": "One"}, {"work": "1h", "name": "Two"}, {"work": "1h", "name": "Three"}]}"#

    /// The runtime folder the plugins share.
    static func folder(_ sandbox: Sandbox) -> String {
        sandbox.runtime.appendingPathComponent("pacer").path
    }

    /// Where the link `name` in the folder points, or nil.
    static func link(_ name: String, in sandbox: Sandbox) -> String? {
        try? FileManager.default.destinationOfSymbolicLink(atPath: folder(sandbox) + "/" + name)
    }

    /// The processes a process started (its plugins), from /proc.
    static func children(of pid: Int32) -> [Int32] {
        let tasks = "/proc/\(pid)/task"
        return ((try? FileManager.default.contentsOfDirectory(atPath: tasks)) ?? []).flatMap { task in
            ((try? String(contentsOfFile: "\(tasks)/\(task)/children", encoding: .utf8)) ?? "").split(separator: " ").compactMap {
                Int32($0)
            }
        }
    }

    /// Starts a session; a second one starts `.beside` the first, at once, rather than waiting for a free place.
    static func start(_ name: String, sinks: [String], in sandbox: Sandbox, load: Load = .ordinary) async throws -> (
        process: PacerProcess, log: String
    ) {
        let log = sandbox.path("\(name).log")
        let process = try await PacerProcess.startSession(
            ["run", "long.json", "--log", log] + sinks.flatMap { ["--sink", $0] },
            in: sandbox, log: log, load: load)
        return (process, log)
    }

    @Test func ctlSteersTheNewestLiveSessionSaysWhichAndPassesOverAKilledOne() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("long.json", Self.long)
        let older = try await Self.start("older", sinks: ["remote"], in: sandbox)
        #expect(await eventually { Self.link("remote", in: sandbox) == "remote-\(older.process.pid)" }, "the FIFO is named for pacer's pid")
        let newer = try await Self.start("newer", sinks: ["remote"], in: sandbox, load: .beside)
        #expect(await eventually { Self.link("remote", in: sandbox) == "remote-\(newer.process.pid)" })
        func count(_ event: String, in log: String) -> Int { EventLog.ifPresent(log)?.of(event).count ?? 0 }

        let both = try await PacerProcess.run(["ctl", "pause"], in: sandbox, load: .beside)
        #expect(
            both.status == 0 && both.stderr.hasPrefix("pacer: sent to session \(newer.process.pid) (pacer run long.json --log"), "\(both)")
        #expect(
            both.stderr.contains("the newest of 2; to steer another, add --session PID: \(older.process.pid) (pacer run long.json"),
            "\(both)")
        #expect(await eventually { count("pause", in: newer.log) == 1 }, "the newest session was not paused")

        let chosen = try await PacerProcess.run(["ctl", "--session", "\(older.process.pid)", "skip"], in: sandbox, load: .beside)
        #expect(chosen.status == 0 && chosen.stderr.isEmpty, "\(chosen)")
        #expect(await eventually { count("phase.start", in: older.log) == 2 }, "--session did not steer the older session")
        let absent = try await PacerProcess.run(["ctl", "--session", "1", "skip"], in: sandbox, load: .beside)
        #expect(
            absent.status == 1 && absent.stderr.contains("no session with pid 1 takes commands; these do: \(newer.process.pid) ("),
            "\(absent)")

        // The newer session's plugin and its pacer killed outright: its FIFO, and `remote` pointing at it, stay.
        let plugin = try #require(Self.children(of: newer.process.pid).first, "the remote plugin of pid \(newer.process.pid)")
        kill(plugin, SIGKILL)
        newer.process.send(SIGKILL)
        _ = await newer.process.finish()
        #expect(Self.link("remote", in: sandbox) == "remote-\(newer.process.pid)", "the situation this test is about")
        let left = try await PacerProcess.run(["ctl", "+30"], in: sandbox, load: .beside)
        #expect(left.status == 0 && left.stderr.isEmpty, "\(left)")
        #expect(await eventually { count("extend", in: older.log) == 1 }, "the living session did not get the command")

        older.process.write("quit\n")
        let result = await older.process.finish()
        #expect(result.status == 0, "\(result)")
    }

    @Test(.enabled(if: getuid() == 0, "planting a folder of another user needs root"))
    func ctlSendsNothingToAFolderOrFIFOOfAnotherUser() async throws {
        let sandbox = try Sandbox()
        let folder = Self.folder(sandbox)
        let fifo = folder + "/remote-4242"
        let nobody: uid_t = 65534
        #expect(mkdir(folder, 0o777) == 0 && chmod(folder, 0o777) == 0 && chown(folder, nobody, nobody) == 0)
        #expect(mkfifo(fifo, 0o666) == 0 && chmod(fifo, 0o666) == 0 && chown(fifo, nobody, nobody) == 0)
        // A reader, as the planter would keep: without the checks, the command would go through.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        func received() -> String {
            var buffer = [UInt8](repeating: 0, count: 256)
            let count = read(reader, &buffer, buffer.count)
            return count > 0 ? String(decoding: buffer[..<count], as: UTF8.self) : ""
        }
        let refusals: [(change: () -> Void, why: String)] = [
            ({}, "\(folder) belongs to another user (uid 65534)"),
            ({ _ = chown(folder, getuid(), getgid()) }, "\(folder) may be written by others (mode 777)"),
            ({ _ = chmod(folder, 0o700) }, "\(fifo) belongs to another user (uid 65534)"),
            ({ _ = chown(fifo, getuid(), getgid()) }, "\(fifo) may be written by others (mode 666)"),
        ]
        for (change, why) in refusals {
            change()
            let refused = try await PacerProcess.run(["ctl", "skip"], in: sandbox)
            #expect(
                refused.status == 1 && refused.stderr.hasPrefix("pacer: \(why)") && refused.stderr.contains("the command was not sent"),
                "\(refused)")
            #expect(received() == "", "a command went into an untrusted FIFO")
        }
        // Made as the plugin makes it, the same FIFO takes the command.
        chmod(fifo, 0o600)
        let sent = try await PacerProcess.run(["ctl", "skip"], in: sandbox)
        #expect(sent.status == 0, "\(sent)")
        #expect(received() == "skip\n")
    }

    @Test func statuslineGivesEachSessionItsOwnFileAndPointsAtTheNewest() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("long.json", Self.long)
        let folder = Self.folder(sandbox)
        func line(_ name: String) -> String? { try? String(contentsOfFile: folder + "/" + name, encoding: .utf8) }
        let older = try await Self.start("older", sinks: ["statusline:format={name} {left}"], in: sandbox)
        let olderFile = "statusline-\(older.process.pid)"
        #expect(await eventually { line(olderFile)?.hasPrefix("One ") == true }, "no \(olderFile)")
        older.process.write("skip\n")
        #expect(await eventually { line("statusline")?.hasPrefix("Two ") == true }, "\(String(describing: line("statusline")))")

        let newer = try await Self.start("newer", sinks: ["statusline:format={name} {left}"], in: sandbox, load: .beside)
        let newerFile = "statusline-\(newer.process.pid)"
        #expect(await eventually { Self.link("statusline", in: sandbox) == newerFile && line("statusline")?.hasPrefix("One ") == true })
        #expect(line(olderFile)?.hasPrefix("Two ") == true, "the sessions share a file")

        newer.process.write("quit\n")
        #expect(await newer.process.finish().status == 0)
        #expect(
            line(newerFile) == nil && Self.link("statusline", in: sandbox) == olderFile, "the link does not go back to the running session")
        older.process.write("quit\n")
        #expect(await older.process.finish().status == 0)
        #expect(
            FileManager.default.subpaths(atPath: folder) == [],
            "left behind: \(String(describing: FileManager.default.subpaths(atPath: folder)))")
    }

    @Test func theShippedPluginsTidyUpWhenPacerIsKilled() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("long.json", Self.long)
        let folder = Self.folder(sandbox)
        let session = try await Self.start("killed", sinks: ["statusline", "remote"], in: sandbox)
        let mine = ["remote", "remote-\(session.process.pid)", "statusline", "statusline-\(session.process.pid)"]
        #expect(
            await eventually { Set(FileManager.default.subpaths(atPath: folder) ?? []) == Set(mine) },
            "\(String(describing: FileManager.default.subpaths(atPath: folder)))")
        session.process.send(SIGKILL)
        _ = await session.process.finish()
        // The plugins tidy up in processes of their own, which a loaded machine may keep waiting.
        #expect(
            await eventually(timeout: 20) { FileManager.default.subpaths(atPath: folder) == [] },
            "a killed session's status line or FIFO stays: \(String(describing: FileManager.default.subpaths(atPath: folder)))")
    }
}
