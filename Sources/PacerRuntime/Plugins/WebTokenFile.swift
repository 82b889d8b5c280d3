import Glibc
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
