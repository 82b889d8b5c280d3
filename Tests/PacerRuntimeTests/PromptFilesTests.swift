import Glibc
import PacerRuntime
import PacerSystem
import PacerTestSupport
import Testing

/// The files readline reads at the first key, checked before the session: one it would wait on
/// is left unread, and the user is told.
@Suite("PromptFiles")
struct PromptFilesTests {
    /// An environment whose home and state folder are in `folder`.
    private static func environment(_ folder: borrowing Folder, _ more: [String: String] = [:]) -> Environment {
        Environment(["HOME": folder.path, "XDG_STATE_HOME": folder.file("state")].merging(more) { $1 })
    }

    private static func makeStateFolder(_ folder: borrowing Folder) throws {
        try FileSystem.createDirectories(folder.file("state/pacer"), mode: 0o700)
    }

    @Test func plainFilesAndMissingOnesAreRead() throws {
        let folder = try Folder()
        try Self.makeStateFolder(folder)
        let files = PromptFiles(environment: Self.environment(folder))
        #expect(files.history == folder.file("state/pacer/history"))
        #expect(files.readsInputrc)
        #expect(files.notices.isEmpty)
        #expect(creat(folder.file("state/pacer/history"), 0o600) >= 0)
        #expect(creat(folder.file(".inputrc"), 0o600) >= 0)
        let again = PromptFiles(environment: Self.environment(folder))
        #expect(again.history != nil && again.readsInputrc && again.notices.isEmpty)
    }

    // Found in issue 19's ninth pass: INPUTRC naming a FIFO nobody writes to froze the prompt and
    // the display at the first key, and SIGTERM could not end pacer.
    @Test func aFIFOAsTheInputrcIsLeftUnread() throws {
        let folder = try Folder()
        try #require(mkfifo(folder.file("rc"), 0o600) == 0)
        let files = PromptFiles(environment: Self.environment(folder, ["INPUTRC": folder.file("rc")]))
        #expect(!files.readsInputrc)
        #expect(files.notices == ["pacer: the inputrc ~/rc is a FIFO, not a file: the prompt takes readline's own settings instead"])
        // Without INPUTRC, readline reads ~/.inputrc when anything is there: a FIFO too.
        try #require(mkfifo(folder.file(".inputrc"), 0o600) == 0)
        #expect(!PromptFiles(environment: Self.environment(folder)).readsInputrc)
        // INPUTRC starting with ~ is the home's, as readline expands it.
        #expect(!PromptFiles(environment: Self.environment(folder, ["INPUTRC": "~/rc"])).readsInputrc)
    }

    /// Writes `text` to `path`.
    private static func write(_ text: String, to path: String) throws {
        let file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        try #require(file >= 0)
        defer { close(file) }
        try FileSystem.writeAll(file, Array(text.utf8))
    }

    @Test func whatAnInputrcIncludesIsCheckedToo() throws {
        let folder = try Folder()
        try #require(mkfifo(folder.file("fifo"), 0o600) == 0)
        try Self.write("set bell-style none\n", to: folder.file("plain"))
        try Self.write("$include \(folder.file("plain"))\n  $Include\t~/middle\n", to: folder.file("rc"))
        let environment = Self.environment(folder, ["INPUTRC": folder.file("rc")])
        // Plain files all the way down are read.
        try Self.write("$include ~/plain\n", to: folder.file("middle"))
        #expect(PromptFiles(environment: environment).readsInputrc)
        // A FIFO two includes deep is not, and is named.
        try Self.write("$if term=xterm\n$include ~/fifo\n$endif\n", to: folder.file("middle"))
        let files = PromptFiles(environment: environment)
        #expect(!files.readsInputrc)
        #expect(
            files.notices == [
                "pacer: ~/fifo, which the inputrc ~/rc includes, is a FIFO, not a file: the prompt takes readline's own settings instead"
            ])
    }

    // An inputrc that includes itself made readline recurse until pacer crashed (SIGSEGV) at the
    // first key typed.
    @Test func anInputrcThatIncludesItselfOrTooManyFilesIsLeftUnread() throws {
        let folder = try Folder()
        try Self.write("$include ~/rc\n", to: folder.file("rc"))
        let itself = PromptFiles(environment: Self.environment(folder, ["INPUTRC": "~/rc"]))
        #expect(!itself.readsInputrc)
        #expect(itself.notices == ["pacer: the inputrc ~/rc includes itself: the prompt takes readline's own settings instead"])
        // Each file including the next, further than anyone writes: checking stops, and says so.
        for number in 0..<70 { try Self.write("$include ~/rc\(number + 1)\n", to: folder.file("rc\(number)")) }
        let many = PromptFiles(environment: Self.environment(folder, ["INPUTRC": "~/rc0"]))
        #expect(!many.readsInputrc)
        #expect(many.notices.first?.hasPrefix("pacer: the inputrc ~/rc0 includes more than 64 files") == true)
    }

    @Test func aFolderOrAHugeFileAsTheInputrcIsLeftUnread() throws {
        let folder = try Folder()
        try #require(mkdir(folder.file("rc.d"), 0o700) == 0)
        let asFolder = PromptFiles(environment: Self.environment(folder, ["INPUTRC": folder.file("rc.d")]))
        #expect(!asFolder.readsInputrc && asFolder.notices.first?.contains("is a folder, not a file") == true)
        try Self.makeFile(folder.file("huge"), size: 2 << 20)
        let asHuge = PromptFiles(environment: Self.environment(folder, ["INPUTRC": folder.file("huge")]))
        #expect(!asHuge.readsInputrc && asHuge.notices.first?.contains("is larger than 1 MB") == true)
    }

    /// Makes `path` a sparse file of `size` bytes.
    private static func makeFile(_ path: String, size: Int) throws {
        let file = open(path, O_WRONLY | O_CREAT, 0o600)
        try #require(file >= 0 && ftruncate(file, off_t(size)) == 0)
        close(file)
    }

    @Test func aLongHistoryIsUsedAndOneFarTooBigIsNot() throws {
        let folder = try Folder()
        try Self.makeStateFolder(folder)
        let history = folder.file("state/pacer/history")
        try Self.makeFile(history, size: 2 << 20)
        #expect(PromptFiles(environment: Self.environment(folder)).history == history)
        try Self.makeFile(history, size: 65 << 20)
        let files = PromptFiles(environment: Self.environment(folder))
        #expect(files.history == nil)
        #expect(files.notices == ["pacer: ~/state/pacer/history is larger than 64 MB: the prompt keeps no history this session"])
    }

    @Test func aFIFOAsTheHistoryIsLeftUnused() throws {
        let folder = try Folder()
        try Self.makeStateFolder(folder)
        try #require(mkfifo(folder.file("state/pacer/history"), 0o600) == 0)
        let files = PromptFiles(environment: Self.environment(folder))
        #expect(files.history == nil)
        #expect(files.readsInputrc)
        #expect(files.notices == ["pacer: ~/state/pacer/history is a FIFO, not a file: the prompt keeps no history this session"])
    }
}
