import Glibc
import PacerRuntime
import PacerSystem
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
