import Foundation
import Testing

/// `pacer show --watch`: redrawn when the file (or a link's target) is saved, once for a burst of
/// saves, and ended by Ctrl-C at once whatever a drawing is waiting for.
@Suite("show --watch")
struct ShowWatchTests {
    static func workout(_ name: String, seconds: Int) -> String {
        #"{"name": "\#(name)", "steps": [{"work": \#(seconds)}]}"#
    }

    /// Saves as editors do: a new file renamed over the old one.
    static func save(_ text: String, to path: String) throws {
        try text.write(toFile: path + ".new", atomically: false, encoding: .utf8)
        try #require(rename(path + ".new", path) == 0)
    }

    static func draws(_ output: String) -> Int {
        output.components(separatedBy: "Watching ").count - 1
    }

    static func watch(_ path: String, in sandbox: Sandbox) async throws -> PacerProcess {
        try await PacerProcess(["show", "--watch", path], environment: sandbox.environment(), directory: sandbox.directory)
    }

    // Issue 33, item 18: a link's target saved, or its folder deleted and made again, was never seen.
    @Test func aLinksTargetIsWatchedAndAFolderMadeAgainIsWatchedAgain() async throws {
        let sandbox = try Sandbox()
        let target = try sandbox.write("dotfiles/w.json", Self.workout("First", seconds: 5))
        try FileManager.default.createDirectory(atPath: sandbox.path("workouts"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("workouts/w.json"), withDestinationPath: "../dotfiles/w.json")
        let watching = try await Self.watch("workouts/w.json", in: sandbox)
        #expect(await eventually { watching.outputSoFar.contains("First") }, "\(watching.outputSoFar)")

        try Self.save(Self.workout("Second", seconds: 6), to: target)
        #expect(await eventually { watching.outputSoFar.contains("Second") }, "the target's save is seen: \(watching.outputSoFar)")

        try FileManager.default.removeItem(atPath: sandbox.path("dotfiles"))
        #expect(await eventually { watching.outputSoFar.contains("No such file") }, "\(watching.outputSoFar)")
        try sandbox.write("dotfiles/w.json", Self.workout("Third", seconds: 7))
        #expect(
            await eventually { watching.outputSoFar.contains("Third") }, "the folder made again is watched again: \(watching.outputSoFar)")

        watching.send(SIGINT)
        let result = await watching.finish()
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
    }

    /// Puts a FIFO in the file's place (also named `held`, to write to once the file is replaced
    /// again) and waits until pacer has it open for a drawing, which then waits for a writer.
    static func blockDrawing(_ watching: PacerProcess, at path: String, held: String) async throws {
        try FileManager.default.removeItem(atPath: path)
        try #require(mkfifo(path, 0o600) == 0 && link(path, held) == 0)
        let opened = await eventually {
            let fds = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(watching.pid)/fd")) ?? []
            return fds.contains { (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(watching.pid)/fd/\($0)")) == path }
        }
        try #require(opened, "pacer opens the FIFO to draw it")
    }

    // Issue 33, item 4: every save queued a whole drawing, and Ctrl-C waited behind them all.
    @Test func aBurstOfSavesIsDrawnOnceAndCtrlCDoesNotWaitForADrawing() async throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write("w.json", Self.workout("First", seconds: 5))
        let watching = try await Self.watch("w.json", in: sandbox)
        #expect(await eventually { Self.draws(watching.outputSoFar) == 1 }, "\(watching.outputSoFar)")

        try await Self.blockDrawing(watching, at: path, held: sandbox.path("held"))
        for save in 1...20 {
            try Self.save(Self.workout("Save \(save)", seconds: save), to: path)
            try await Task.sleep(for: .milliseconds(60))
        }
        let writer = open(sandbox.path("held"), O_WRONLY | O_NONBLOCK)
        try #require(writer >= 0, "pacer still reads the FIFO")
        close(writer)
        #expect(await eventually { watching.outputSoFar.contains("Save 20") }, "\(watching.outputSoFar)")
        try await Task.sleep(for: .milliseconds(500))
        #expect(
            Self.draws(watching.outputSoFar) <= 4,
            "20 saves while a drawing waited are drawn once, not 20 times: \(Self.draws(watching.outputSoFar))")

        try await Self.blockDrawing(watching, at: path, held: sandbox.path("held again"))
        let interrupted = Date()
        watching.send(SIGINT)
        let result = await watching.finish(timeout: 30)
        let seconds = try #require(watching.secondsToExit(after: interrupted))
        #expect(result.status == 0 && seconds < 2, "Ctrl-C ends it at once, not after the drawing's 10 s wait (\(seconds) s)")
    }

    // An ERG's FTP note came again with every drawing of a pipe: it is said once.
    @Test func theFilesFTPIsNotedOnceWhateverTheDrawings() async throws {
        let sandbox = try Sandbox()
        let course = { (high: Int) in
            "[COURSE HEADER]\nFTP = 250\nMINUTES PERCENT\n[END COURSE HEADER]\n[COURSE DATA]\n0 50\n10 50\n10 \(high)\n20 \(high)\n[END COURSE DATA]\n"
        }
        let path = try sandbox.write("ride.erg", course(100))
        let watching = try await Self.watch("./ride.erg", in: sandbox)
        #expect(await eventually { watching.outputSoFar.contains("250 W") }, "\(watching.outputSoFar)")
        try Self.save(course(110), to: path)
        #expect(await eventually { watching.outputSoFar.contains("275 W") }, "drawn again: \(watching.outputSoFar)")
        watching.send(SIGINT)
        let result = await watching.finish()
        #expect(Self.draws(result.stdout) >= 2, "\(result)")
        #expect(result.stdout.components(separatedBy: "using the file's FTP of 250 W").count == 2, "said once: \(result.stdout)")
    }
}
