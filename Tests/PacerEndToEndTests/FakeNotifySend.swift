import Foundation
import Glibc

/// A `notify-send` in a sandbox's `bin/` that writes down each call, for the notify plugin's tests.
struct FakeNotifySend {
    /// A notification as notify-send was asked to show it: `notify-send OPTIONS -- SUMMARY BODY`.
    struct Notification {
        let options: [String]
        let summary: String
        let body: String
    }

    /// Where the calls are written: each call's arguments separated by US (0x1F), calls by RS (0x1E), one write each.
    let calls: String

    init(in sandbox: Sandbox) throws {
        calls = sandbox.path("calls")
        let fake = try sandbox.write(
            "bin/notify-send",
            """
            #!/bin/sh
            record=""
            for argument; do record="$record$argument$(printf '\\037')"; done
            printf '%s\\036' "$record" >> '\(calls)'

            """)
        chmod(fake, 0o755)
    }

    /// The environment that finds it first on PATH.
    static func path(in sandbox: Sandbox) -> [String: String] {
        ["PATH": sandbox.path("bin") + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
    }

    /// Everything written so far.
    func read() -> String { (try? String(contentsOfFile: calls, encoding: .utf8)) ?? "" }

    /// How many calls were made.
    var count: Int { read().filter { $0 == "\u{1E}" }.count }

    /// Each call's arguments.
    var records: [[String]] {
        read().split(separator: "\u{1E}").map {
            $0.split(separator: "\u{1F}", omittingEmptySubsequences: false).dropLast().map(String.init)
        }
    }

    /// The calls that were notifications, in order.
    var notifications: [Notification] {
        records.compactMap { arguments in
            guard let end = arguments.firstIndex(of: "--"), arguments.count == end + 3 else { return nil }
            return Notification(options: Array(arguments[..<end]), summary: arguments[end + 1], body: arguments[end + 2])
        }
    }
}
