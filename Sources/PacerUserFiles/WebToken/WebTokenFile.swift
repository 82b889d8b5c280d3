import Glibc
import PacerFoundation
import PacerSystem

/// The web screen's stable token (`--sink web:token=stable`): one per user, kept in a file only
/// the user can read, so a bookmarked page works for every session.
public struct WebTokenFile: Sendable {
    /// `$XDG_STATE_HOME/pacer/web-token`, where the web plugin reads the token (and makes it at first use).
    public let path: String

    /// Characters a token is made of: URL-safe base64's, as the plugin's own tokens.
    static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_")
    /// 22 characters: 132 random bits, as many as the plugin's fresh tokens.
    static let length = 22

    public init(environment: Environment) {
        path = environment.stateFolder + "/web-token"
    }

    /// Whether there is anything at the path (a symbolic link too: the plugin refuses one).
    public var exists: Bool { FileSystem.entryExists(path) }

    /// What the web plugin does with the file at the path, as it decides it.
    public enum Status: Sendable, Equatable {
        /// There is none: the first session with a stable token makes it.
        case missing
        /// Every session with a stable token uses it.
        case usable
        /// The plugin refuses it, for this reason (in the plugin's words, with what to do).
        case refused(String)
    }

    /// The file checked as the web plugin checks it before using it (`read_token_file` in
    /// Plugins/web/pacer-sink-web): not a link, a regular file, the user's own, closed to others,
    /// and holding a token of 16 to 128 letters, digits, `-` or `_`, with or without a line break.
    public var status: Status {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            return errno == ENOENT ? .missing : .refused("cannot read \(path): \(String(cString: strerror(errno)))")
        }
        if let refusal = Self.refusal(path, status) { return .refused(refusal) }
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return .refused("cannot read \(path): \(String(cString: strerror(errno)))") }
        defer { close(descriptor) }
        var opened = stat()
        guard fstat(descriptor, &opened) == 0, opened.st_dev == status.st_dev, opened.st_ino == status.st_ino else {
            return .refused("\(path) was replaced while it was read; start the session again")
        }
        if let refusal = Self.refusal(path, opened) { return .refused(refusal) }
        guard let content = try? FileSystem.readAll(descriptor, name: path, limit: Self.maximumFileSize), Self.holdsToken(content) else {
            return .refused(
                "\(path) does not hold a token (16 to 128 letters, digits, '-' or '_'): run 'pacer web-token --rotate' to write a new one")
        }
        return .usable
    }

    /// The most of the file the plugin reads: more is not a token.
    static let maximumFileSize = 4096

    /// Why the plugin refuses a file of this `lstat` or `fstat`, or nil when it does not.
    private static func refusal(_ path: String, _ status: stat) -> String? {
        let rotate = "run 'pacer web-token --rotate' to replace it, and bookmark the new link"
        switch status.st_mode & S_IFMT {
        case S_IFLNK:
            return "\(path) is a symbolic link, not a token file pacer made; remove it (rm \(path.shellQuoted)) and pacer makes a new one"
        case S_IFREG: break
        default: return "\(path) is not a regular file; remove it and pacer makes a new token file"
        }
        if status.st_uid != geteuid() { return "\(path) belongs to another user (uid \(status.st_uid)), who may know the token: \(rotate)" }
        let mode = status.st_mode & 0o777
        if mode & 0o077 != 0 {
            let octal = String(mode, radix: 8)
            return "\(path) can be read or changed by other users (mode \(String(repeating: "0", count: 4 - octal.count) + octal)), "
                + "so the link may not be secret any more: \(rotate)"
        }
        return nil
    }

    /// Whether `content` is one token and at most a line break after it.
    static func holdsToken(_ content: [UInt8]) -> Bool {
        let token = content.last == UInt8(ascii: "\n") ? content.dropLast() : content[...]
        let allowed = Set(alphabet.compactMap(\.asciiValue))
        return (16...128).contains(token.count) && token.allSatisfy(allowed.contains)
    }

    /// Replaces the token with a new random one, atomically, in a file of mode 0600 (whatever the
    /// umask or the old file's mode); the folder is made 0700 if it is not there. A symbolic link
    /// there is replaced, not written through, as the plugin refuses a token read through a link.
    public func rotate() throws(FileError) {
        try FileSystem.createDirectories(String(path[..<path.lastIndex(of: "/")!]), mode: 0o700)
        let file = try ReplacementFile(replacing: path, mode: 0o600, replacingLink: true)
        do throws(FileError) {
            try FileSystem.writeAll(file.descriptor, Array((Self.newToken() + "\n").utf8))
        } catch {
            file.discard()
            throw error
        }
        try file.commit()
    }

    /// A new token from the system's cryptographic random source.
    static func newToken() -> String {
        var random = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in alphabet.randomElement(using: &random)! })
    }
}
