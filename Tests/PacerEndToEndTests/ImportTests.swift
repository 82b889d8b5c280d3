import Foundation
import PacerTestSupport
import Testing

/// `pacer import` where a process is the point: a run of another app's file, a FIFO and standard
/// input (the rest of import, and show and validate reading such files, is tested in PacerCommandsTests).
@Suite("import")
struct ImportTests {

    @Test func anImportableFileRunsAsItsImportReadsIt() async throws {
        let sandbox = try Sandbox()
        let path = try sandbox.write("short.zwo", OverUnders.zwo)
        let log = sandbox.path("run.log")
        let run = try await PacerProcess.run(["run", "--speed", "100", "--log", log, path], in: sandbox)
        #expect(run.status == 0, "\(run)")
        let starts = try String(contentsOfFile: log, encoding: .utf8).split(separator: "\n").filter { $0.contains("\"phase.start\"") }
        #expect(
            starts.count == 1 + 2 * OverUnders.repeats && starts[1].contains("\"power\":{\"unit\":\"ftp\",\"start\":[1.2,1.2]"), "\(starts)"
        )
    }

    @Test func aHugeFileALinkLoopAndAFIFOAreHandledAsForWorkoutFiles() async throws {
        let sandbox = try Sandbox()
        let huge = sandbox.path("huge.zwo")
        try #require(FileManager.default.createFile(atPath: huge, contents: Data("<workout_file>".utf8)))
        try #require(truncate(huge, 100 << 20) == 0)
        let big = try await PacerProcess.run(["import", huge], in: sandbox)
        #expect(
            big.status == 1
                && big.stderr.contains("\(huge): error: it is \(100 << 20) bytes, more than the 16 MiB a workout file may have"), "\(big)")

        let (one, two) = (sandbox.path("one.zwo"), sandbox.path("two.zwo"))
        try FileManager.default.createSymbolicLink(atPath: one, withDestinationPath: two)
        try FileManager.default.createSymbolicLink(atPath: two, withDestinationPath: one)
        let loop = try await PacerProcess.run(["show", one], in: sandbox)
        #expect(loop.status == 1 && loop.stderr.contains("\(one): error:") && loop.stderr.contains("symbolic links"), "\(loop)")

        let fifo = sandbox.path("pipe.zwo")
        try #require(mkfifo(fifo, 0o600) == 0)
        let writer = Task.detached {
            try await Task.sleep(for: .milliseconds(200))
            let handle = try #require(FileHandle(forWritingAtPath: fifo))
            handle.write(Data(OverUnders.zwo.utf8))
            try handle.close()
        }
        let piped = try await PacerProcess.run(["validate", fifo], in: sandbox)
        try await writer.value
        #expect(piped.status == 0 && piped.stdout.contains("\(OverUnders.seconds)s"), "\(piped)")
        let standardInput = try await PacerProcess.run(["import", "-"], in: sandbox, stdin: .text(OverUnders.erg))
        #expect(
            standardInput.status == 0 && standardInput.stderr.hasPrefix("<stdin>: \"Imported workout\", 2 steps (2 phases)"),
            "\(standardInput)")
    }

}
