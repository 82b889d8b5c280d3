import Glibc
import PacerSystem
import PacerTestSupport
import PacerUserFiles
import Testing

@Suite("ReplacementFile")
struct ReplacementFileTests {
    private static func text(_ path: String) throws -> String {
        String(decoding: try FileSystem.read(path, limit: 1 << 20), as: UTF8.self)
    }

    private static func linkTarget(_ path: String) -> String? {
        var buffer = [CChar](repeating: 0, count: 4096)
        let length = readlink(path, &buffer, buffer.count - 1)
        guard length >= 0 else { return nil }
        return String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    // Issue 33, item 5: fmt -w, edit and plan add made a symlinked file a copy.
    @Test func aLinkIsWrittenThroughToItsTargetInTheTargetsFolder() throws {
        let folder = try Folder()
        try #require(mkdir(folder.file("dotfiles"), 0o700) == 0)
        try ReplacementFile.write(Array("old".utf8), to: folder.file("dotfiles/plan.json"))
        chmod(folder.file("dotfiles/plan.json"), 0o640)
        try #require(symlink("dotfiles/plan.json", folder.file("middle.json")) == 0)
        try #require(symlink(folder.file("middle.json"), folder.file("plan.json")) == 0)
        try ReplacementFile.write(Array("new".utf8), to: folder.file("plan.json"))
        #expect(Self.linkTarget(folder.file("plan.json")) == folder.file("middle.json"), "a chain of links stays as it was")
        #expect(Self.linkTarget(folder.file("middle.json")) == "dotfiles/plan.json")
        #expect(try Self.text(folder.file("dotfiles/plan.json")) == "new")
        var status = stat()
        #expect(stat(folder.file("dotfiles/plan.json"), &status) == 0 && status.st_mode & 0o7777 == 0o640, "the target's mode is kept")
        #expect(FileSystem.contents(of: folder.file("dotfiles")) == ["plan.json"], "no temporary file is left")

        try #require(symlink("made.json", folder.file("dangling.json")) == 0)
        try ReplacementFile.write(Array("made".utf8), to: folder.file("dangling.json"))
        #expect(try Self.text(folder.file("made.json")) == "made" && Self.linkTarget(folder.file("dangling.json")) == "made.json")

        try #require(symlink("loop.json", folder.file("loop.json")) == 0)
        #expect(throws: FileError.self) { try ReplacementFile.write([], to: folder.file("loop.json")) }
    }

    // The web plugin refuses a token read through a link, so rotating puts a private file there instead.
    @Test func rotatingTheWebTokenReplacesALinkAndLeavesItsTargetAlone() throws {
        let folder = try Folder()
        let token = WebTokenFile(environment: Environment(["HOME": folder.path, "XDG_STATE_HOME": folder.path]))
        try #require(mkdir(folder.file("pacer"), 0o700) == 0)
        try ReplacementFile.write(Array("elsewhere\n".utf8), to: folder.file("elsewhere"))
        try #require(symlink(folder.file("elsewhere"), token.path) == 0)
        try token.rotate()
        #expect(Self.linkTarget(token.path) == nil)
        #expect(try Self.text(folder.file("elsewhere")) == "elsewhere\n")
        var status = stat()
        #expect(lstat(token.path, &status) == 0 && status.st_mode & 0o7777 == 0o600)
        #expect(try Self.text(token.path).count == 23)
    }
}
