import Foundation
import Glibc
import Testing

/// `pacer run`'s command line where it needs a process: a log that is the workout, a FIFO log, a sink
/// name checked only as the session is set up (a mistake there would otherwise start a session in the
/// test), a dumb terminal. Version, help, usage errors and option parsing are tested in-process
/// (PacerCommandsTests' CommandLineTests).
@Suite("Command line")
struct CommandLineTests {
    // Issue 7, item 13: `pacer run self.json --log self.json` appended the log to the workout.
    @Test func aLogThatIsTheWorkoutFileItselfIsRefused() async throws {
        let sandbox = try Sandbox()
        let workout = #"{"name": "Self", "steps": [{"work": 1}]}"#
        let path = try sandbox.write("self.json", workout)
        try FileManager.default.createSymbolicLink(atPath: sandbox.path("link.log"), withDestinationPath: path)
        let shelved = try sandbox.write("pacer-path/shelved.json", workout)
        // The same file by the same name, another name, a link, and a workout found by name on the search path.
        for (reference, log) in [
            ("self.json", "self.json"), ("self.json", "./self.json"), ("self.json", path), ("self.json", "link.log"), ("shelved", shelved),
        ] {
            let result = try await PacerProcess.run(["run", reference, "--speed", "100", "--log", log], in: sandbox)
            #expect(result.status == 1, "\(result)")
            #expect(result.stderr.contains("the workout file and the log would be one file"), "\(result)")
            #expect(result.stdout.isEmpty, "the session must not start: \(result)")
        }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == workout, "the workout file is untouched")
        #expect(try String(contentsOfFile: shelved, encoding: .utf8) == workout, "the workout file is untouched")
    }

    // Issue 7, item 17: a FIFO log with no reader blocked before the session started, saying nothing.
    @Test func aLogFIFOWithoutAReaderIsRefusedAtOnce() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "steps": [{"work": 1}]}"#)
        let fifo = sandbox.path("log.fifo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let result = try await PacerProcess.run(["run", "short.json", "--speed", "100", "--log", fifo], in: sandbox, timeout: 5)
        #expect(result.status == 1, "\(result)")
        #expect(result.stderr.contains("cannot write the log \(fifo): it is a FIFO that nobody is reading"), "\(result)")
        #expect(result.secondsUnstalled < 2, "\(result)")
    }

    @Test func unknownSinkIsAUsageError() async throws {
        let sandbox = try Sandbox()
        let result = try await PacerProcess.run(["run", "tabata", "--sink", "lgo"], in: sandbox)
        #expect(result.status == 2, "\(result)")
        #expect(result.stderr.contains("did you mean 'log'"), "\(result)")
    }

    // Issue 15, item 19: with TERM=dumb, ESC[0m ESC[?25h was still written at exit.
    @Test func aDumbTerminalGetsNoEscapeSequenceEvenOnTheWayOut() async throws {
        let sandbox = try Sandbox()
        try sandbox.write("short.json", #"{"name": "Short", "countdown": 0, "steps": [{"work": 1}]}"#)
        let pacer = try PacerBinary.require().path
        // `script` gives pacer a terminal and passes on every byte written to it.
        let result = try await PacerProcess.run(
            ["-qec", "TERM=dumb '\(pacer)' run short.json --speed 10 --no-history", "/dev/null"], in: sandbox,
            executable: URL(fileURLWithPath: "/usr/bin/script"))
        #expect(result.status == 0, "\(result)")
        #expect(result.stdout.contains("Workout complete."), "\(result)")
        #expect(!result.stdout.contains("\u{1B}"), "\(result.stdout.debugDescription)")
    }
}
