import Foundation
import Glibc
import Testing

/// The web screen's stable token (`--sink web:token=stable,port=N`) and `pacer web-token`, with real
/// sessions: the shipped web plugin reads, makes and refuses the token file.
@Suite("web token")
struct WebTokenTests {
    /// Two seconds of session at --speed 4: time for the plugin to start and print its link, on a busy machine too.
    static let workout = #"{"name": "Hold", "steps": [{"work": 8, "name": "Plank"}]}"#

    static func tokenFile(_ sandbox: Sandbox) -> String { sandbox.state.path + "/pacer/web-token" }

    /// A port no one listens on now.
    static func freePort() throws -> Int {
        let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(socket) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
            }
        }
        try #require(bound, "cannot find a free port")
        return Int(UInt16(bigEndian: address.sin_port))
    }

    /// Runs a session with the web plugin given `options` (or none: then the config names it).
    static func session(_ sandbox: Sandbox, options: String?) async throws -> PacerResult {
        try sandbox.write("hold.json", workout)
        let sink = options.map { ["--sink", "web:" + $0] } ?? []
        return try await PacerProcess.run(
            ["run", "hold.json", "--speed", "4", "--no-prompt", "--no-history"] + sink,
            in: sandbox, timeout: 20)
    }

    /// The token in the link the plugin printed for `port`.
    static func printedToken(_ result: PacerResult, port: Int) -> String? {
        let prefix = "http://127.0.0.1:\(port)/"
        guard let start = result.stderr.range(of: prefix) else { return nil }
        return String(result.stderr[start.upperBound...].prefix { $0 != "/" })
    }

    static func mode(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    static func contents(_ path: String) -> String? {
        (try? String(contentsOfFile: path, encoding: .utf8))?.trimmingCharacters(in: .newlines)
    }

    @Test func theStableTokenIsMadeOnce0600AndReused() async throws {
        let sandbox = try Sandbox()
        let port = try Self.freePort()
        let file = Self.tokenFile(sandbox)
        let before = try await PacerProcess.run(["web-token"], in: sandbox)
        #expect(before.stdoutLines.first == file && before.stdout.contains("does not exist yet"), "\(before)")

        let first = try await Self.session(sandbox, options: "token=stable,port=\(port)")
        let token = try #require(Self.printedToken(first, port: port), "\(first)")
        #expect(first.status == 0 && Self.contents(file) == token, "\(first)")
        #expect(Self.mode(file) == 0o600 && Self.mode(sandbox.state.path + "/pacer") == 0o700)

        try sandbox.write("home/config/pacer/config.json", #"{"sinks": ["web:token=stable,port=\#(port)"], "history": false}"#)
        let second = try await Self.session(sandbox, options: nil)
        #expect(Self.printedToken(second, port: port) == token, "the config's sink, the same link: \(second)")
        let after = try await PacerProcess.run(["web-token"], in: sandbox)
        #expect(after.status == 0 && after.stdout.contains("It holds a token"), "\(after)")

        let fresh = try await Self.session(sandbox, options: "port=\(port)")
        let other = try #require(Self.printedToken(fresh, port: port), "\(fresh)")
        #expect(other != token && Self.contents(file) == token, "the default stays a fresh token: \(fresh)")
    }

    @Test func rotatingMakesANew0600TokenThatTheNextSessionUses() async throws {
        let sandbox = try Sandbox()
        let port = try Self.freePort()
        let file = Self.tokenFile(sandbox)
        let made = try await PacerProcess.run(["web-token", "--rotate"], in: sandbox)
        #expect(made.status == 0 && made.stdout.contains("bookmark"), "\(made)")
        let old = try #require(Self.contents(file))
        #expect(Self.mode(file) == 0o600 && old.count == 22, "\(old)")

        chmod(file, 0o644) // a replaced file's mode is not kept: the new one is 0600 whatever it was
        let rotated = try await PacerProcess.run(["web-token", "--rotate"], in: sandbox)
        let new = try #require(Self.contents(file))
        #expect(rotated.status == 0 && new != old && Self.mode(file) == 0o600, "\(rotated)")

        let session = try await Self.session(sandbox, options: "token=stable,port=\(port)")
        #expect(Self.printedToken(session, port: port) == new, "\(session)")
    }

    /// What is planted at the token's path, and words of the refusal.
    static let unsafeFiles: [(String, String)] = [
        ("symlink", "symbolic link"), ("world-readable", "mode 0644"), ("other user's", "another user"),
        ("junk", "does not hold a token"), ("fifo", "not a regular file"),
    ]

    @Test(arguments: unsafeFiles)
    func anUnsafeTokenFileIsRefused(planted: String, refusal: String) async throws {
        let sandbox = try Sandbox()
        let port = try Self.freePort()
        let file = Self.tokenFile(sandbox)
        try sandbox.write("home/state/pacer/web-token", "Abcdefghijklmnopqrstuv\n")
        chmod(file, 0o600)
        switch planted {
        case "symlink":
            unlink(file)
            try sandbox.write("secret", "Abcdefghijklmnopqrstuv\n")
            chmod(sandbox.path("secret"), 0o600)
            symlink(sandbox.path("secret"), file)
        case "world-readable": chmod(file, 0o644)
        case "other user's": chown(file, 65534, 65534)
        case "junk":
            try sandbox.write("home/state/pacer/web-token", "<script>alert(1)</script>\n")
            chmod(file, 0o600)
        default:
            unlink(file)
            mkfifo(file, 0o600)
        }
        let result = try await Self.session(sandbox, options: "token=stable,port=\(port)")
        #expect(result.stderr.contains(refusal) && Self.printedToken(result, port: port) == nil, "\(result)")
        #expect(result.status == 0, "the session goes on without the page: \(result)")
        // pacer web-token says so too, in the plugin's words.
        let plugin = try #require(result.stderrLines.first { $0.contains(refusal) }, "\(result)")
        let told = try await PacerProcess.run(["web-token"], in: sandbox)
        #expect(told.status == 1 && told.stdoutLines == [file], "\(told)")
        #expect(told.stderrLines.count == 1 && told.stderr.contains("the web plugin refuses it"), "\(told)")
        let reason = try #require(told.stderrLines.first?.components(separatedBy: "goes on without the page: ").last, "\(told)")
        #expect(reason.contains(refusal) && plugin.hasSuffix(reason), "the plugin's own reason: \(told) \(plugin)")
    }

    @Test func aStableTokenNeedsAPort() async throws {
        let sandbox = try Sandbox()
        let result = try await Self.session(sandbox, options: "token=stable")
        #expect(result.stderr.contains("token=stable needs a port"), "\(result)")
        #expect(!FileManager.default.fileExists(atPath: Self.tokenFile(sandbox)), "no token file is made")
    }
}
