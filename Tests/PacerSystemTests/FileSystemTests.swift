import Glibc
import PacerSystem
import PacerTestSupport
import Testing

@Suite("FileSystem")
struct FileSystemTests {
    private static func readError(_ path: String) -> String? {
        do {
            _ = try FileSystem.read(path, limit: 1 << 20)
            return nil
        } catch {
            return error.description
        }
    }

    // Issue 7, item 17: `pacer validate fifo.json` and `pacer list` hung on a FIFO.
    @Test func aFIFOADeviceOrAFolderIsRefusedAtOnce() throws {
        let folder = try Folder()
        let fifo = folder.file("fifo.json")
        try #require(mkfifo(fifo, 0o600) == 0)
        let started = monotonicSeconds()
        #expect(Self.readError(fifo) == "cannot read \(fifo): it is a FIFO, not a regular file")
        #expect(monotonicSeconds() - started < 1, "nobody writes to the FIFO: reading it must not wait")
        #expect(Self.readError("/dev/zero") == "cannot read /dev/zero: it is a device, not a regular file")
        #expect(Self.readError(folder.path) == "cannot read \(folder.path): it is a folder, not a regular file")
    }

    // Issue 7, item 21: a symlink loop was reported as "no such file".
    @Test func aSymlinkLoopSaysSo() throws {
        let folder = try Folder()
        let loop = folder.file("loop.json")
        try #require(symlink("loop.json", loop) == 0)
        #expect(Self.readError(loop) == "cannot read \(loop): Too many levels of symbolic links")
        #expect(Self.readError(folder.file("missing.json")) == "cannot read \(folder.file("missing.json")): No such file or directory")
    }

    // Issue 7, item 13: a log naming the workout file is recognised however it is spelt.
    @Test func identityTellsTheSameFileByAnyName() throws {
        let folder = try Folder()
        let workout = folder.file("self.json")
        let other = folder.file("other.json")
        for path in [workout, other] {
            let descriptor = open(path, O_WRONLY | O_CREAT, 0o644)
            try #require(descriptor >= 0)
            close(descriptor)
        }
        try #require(symlink("self.json", folder.file("link.log")) == 0)
        let identity = try #require(FileSystem.identity(workout))
        #expect(FileSystem.identity(folder.path + "/./self.json") == identity)
        #expect(FileSystem.identity(folder.file("link.log")) == identity)
        #expect(FileSystem.identity(other) != identity)
        #expect(FileSystem.identity(folder.file("missing.json")) == nil)
    }
    // Issue 15, item 17: a relative XDG_DATA_HOME was honoured; the XDG spec says to ignore it.
    @Test func relativeXDGFoldersAreIgnored() {
        let relative = Environment([
            "HOME": "/home/u", "XDG_DATA_HOME": "data", "XDG_CONFIG_HOME": "./c", "XDG_STATE_HOME": "s", "XDG_RUNTIME_DIR": "r",
        ])
        #expect(relative.dataFolder == "/home/u/.local/share/pacer")
        #expect(relative.configFolder == "/home/u/.config/pacer")
        #expect(relative.stateFolder == "/home/u/.local/state/pacer")
        #expect(relative.runtimeFolder.hasPrefix("/tmp/pacer-"))
        let absolute = Environment(["HOME": "/home/u", "XDG_DATA_HOME": "/d"])
        #expect(absolute.dataFolder == "/d/pacer")
    }

    /// Read only: the environment is not changed while other tests run beside this one.
    @Test func theProcessEnvironmentIsEveryVariableAsTheCLibraryReadsIt() throws {
        let current = Environment.current
        var pointer = environ
        var count = 0
        while let entry = pointer.pointee {
            let text = String(cString: entry)
            let name = try #require(text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init))
            #expect(current.variables[name] == getenv(name).map { String(cString: $0) }, "\(name)")
            count += 1
            pointer += 1
        }
        #expect(count > 0 && current.variables.count <= count)
    }

    @Test func aFileTooLargeIsATypedErrorThatTheCallerWords() throws {
        let folder = try Folder()
        let big = folder.file("big.json")
        let descriptor = open(big, O_WRONLY | O_CREAT, 0o600)
        try #require(descriptor >= 0)
        try FileSystem.writeAll(descriptor, [UInt8](repeating: 0x20, count: (1 << 20) + 1))
        close(descriptor)
        let error = try #require(throws: FileError.self) { try FileSystem.read(big, limit: 1 << 20) }
        #expect(error.action == "read" && error.file == big && error.reason == .tooLarge(size: (1 << 20) + 1, limit: 1 << 20))
        #expect(error.why(kind: "the config file") == "it is 1048577 bytes, more than the 1 MiB the config file may have")
        #expect(
            error.message(kind: "a workout file", shown: "~/big.json")
                == "cannot read ~/big.json: it is 1048577 bytes, more than the 1 MiB a workout file may have")
    }

    @Test func aFileOfManyChunksIsReadWholeByEitherWayIn() throws {
        let folder = try Folder()
        let path = folder.file("long.json")
        let content = (0..<200_003).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ $0 / 7) }
        let descriptor = open(path, O_WRONLY | O_CREAT, 0o600)
        try #require(descriptor >= 0)
        try FileSystem.writeAll(descriptor, content)
        close(descriptor)
        #expect(try FileSystem.read(path, limit: 1 << 20) == content)
        #expect(try FileSystem.readNamed(path, limit: 1 << 20, timeout: 1) == content)
    }

    @Test func aFileThatSaysItIsEmptyIsStillReadToItsEnd() throws {
        // /proc files report a size of 0 and are read until read(2) says the end.
        var status = stat()
        try #require(stat("/proc/self/status", &status) == 0 && status.st_size == 0)
        let text = String(decoding: try FileSystem.read("/proc/self/status", limit: 1 << 20), as: UTF8.self)
        #expect(text.hasPrefix("Name:") && text.contains("\nPid:\t\(getpid())\n") && text.hasSuffix("\n"))
    }

    @Test func linesAreSplitAcrossTheChunksTheyArriveIn() throws {
        var ends: [Int32] = [0, 0]
        try #require(pipe(&ends) == 0)
        let long = String(repeating: "x", count: 70_000)
        let writer = ends[1]
        // More than a pipe holds: the writer waits for the reader, on a thread of its own, and closes at the end.
        BackgroundThread.start {
            try? FileSystem.writeAll(writer, Array("first\r\n\(long)\nlast".utf8))
            close(writer)
        }
        var lines: [String] = []
        LineSplitter.read(ends[0], maximumLength: 100_000) {
            lines.append($0)
            return true
        }
        close(ends[0])
        #expect(lines == ["first", long, "last"])
    }
}
