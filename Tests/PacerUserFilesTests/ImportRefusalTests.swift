import Glibc
import PacerFormats
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWorkout
import Testing

/// A file pacer cannot tell the format of is refused with the list of every format it reads,
/// made from the table (the list once left FIT out).
@Suite struct ImportRefusalTests {
    @Test func aFileOfNoKnownFormatIsToldEveryFormatPacerReads() throws {
        let path = "/tmp/pacer-notes-\(getpid())-\(UInt64.random(in: 0...UInt64.max)).txt"
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        try #require(descriptor >= 0)
        defer { unlink(path) }
        try FileSystem.writeAll(descriptor, Array("notes, not a workout\n".utf8))
        close(descriptor)
        let error = try #require(throws: WorkoutLoadError.self) {
            try WorkoutLoader.imported(path, as: nil, library: WorkoutLibrary(environment: Environment([:])))
        }
        let line = try #require(error.lines.first)
        #expect(line.hasPrefix("\(path): error: this is neither a Zwift workout (.zwo), "), "\(line)")
        for format in WorkoutFormat.readable {
            #expect(line.contains(format.title), "\(format.title) is missing from: \(line)")
        }
        #expect(line.hasSuffix("(--from \(WorkoutFormat.readable.map(\.name).joined(separator: "|")) says what a file is)"), "\(line)")
    }
}
