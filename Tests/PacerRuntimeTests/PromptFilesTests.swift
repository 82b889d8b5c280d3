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
        let huge = open(folder.file("huge"), O_WRONLY | O_CREAT, 0o600)
        try #require(huge >= 0 && ftruncate(huge, 2 << 20) == 0)
        close(huge)
        let asHuge = PromptFiles(environment: Self.environment(folder, ["INPUTRC": folder.file("huge")]))
        #expect(!asHuge.readsInputrc && asHuge.notices.first?.contains("is larger than 1 MB") == true)
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
