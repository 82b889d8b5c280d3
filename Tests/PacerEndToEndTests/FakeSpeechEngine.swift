import Foundation

/// A speech engine for tests: a shell script that appends each thing it is asked to say to a file,
/// with the time on the monotonic clock (`/proc/uptime`, 10 ms steps), then "speaks" for
/// `FAKE_SPEECH_SECONDS` (default 0.05) and exits with `FAKE_SPEECH_STATUS` (default 0). Cut off
/// with SIGTERM, it records that too.
struct FakeSpeechEngine {
    /// The folder holding the script, to be the whole of `PATH`: no real engine is found.
    let folder: String
    let log: String

    /// One line of the script's record.
    struct Record: CustomStringConvertible {
        /// `start`, `end` or `cut`.
        let kind: String
        /// Seconds on the monotonic clock.
        let time: Double
        /// The text: the last argument.
        let text: String
        /// Every argument, space-separated.
        let arguments: String

        var description: String { "\(kind) \(time) \(text)" }
    }

    init(in sandbox: Sandbox, name: String = "espeak-ng") throws {
        folder = sandbox.path("speech-bin")
        log = sandbox.path("spoken.log")
        try sandbox.write(
            "speech-bin/\(name)",
            """
            #!/bin/sh
            PATH=/usr/bin:/bin
            for text in "$@"; do :; done
            record() { kind=$1; shift; read now rest < /proc/uptime; printf '%s\\t%s\\t%s\\t%s\\n' "$kind" "$now" "$text" "$*" >> '\(log)'; }
            record start "$@"
            trap 'record cut; exit 143' TERM
            sleep "${FAKE_SPEECH_SECONDS:-0.05}" &
            wait $!
            record end
            exit "${FAKE_SPEECH_STATUS:-0}"
            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: folder + "/" + name)
    }

    /// The environment that puts this engine, and nothing else, on `PATH`.
    func environment(seconds: Double? = nil, status: Int? = nil) -> [String: String] {
        var variables = ["PATH": folder]
        if let seconds { variables["FAKE_SPEECH_SECONDS"] = String(seconds) }
        if let status { variables["FAKE_SPEECH_STATUS"] = String(status) }
        return variables
    }

    /// Everything recorded so far.
    var records: [Record] {
        guard let text = try? String(contentsOfFile: log, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 4, let time = Double(fields[1]) else { return nil }
            return Record(kind: fields[0], time: time, text: fields[2], arguments: fields[3])
        }
    }

    /// What was started, in order.
    var spoken: [Record] { records.filter { $0.kind == "start" } }
}
