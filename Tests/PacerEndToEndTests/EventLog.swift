import Foundation
import Testing

/// One line of the event stream, parsed with JSONSerialization.
struct LogEvent: CustomStringConvertible, @unchecked Sendable {
    let line: String
    let fields: [String: Any]

    var type: String { fields["event"] as? String ?? "" }
    var t: Double { number("t") ?? .nan }
    var due: Double? { number("due") }

    func string(_ key: String) -> String? { fields[key] as? String }
    func number(_ key: String) -> Double? { (fields[key] as? NSNumber)?.doubleValue }
    func int(_ key: String) -> Int? { (fields[key] as? NSNumber)?.intValue }
    func isNull(_ key: String) -> Bool { fields[key] is NSNull }

    var description: String { line }
}

/// A log file written by `--log`: every line must be one complete JSON object.
struct EventLog: CustomStringConvertible, @unchecked Sendable {
    let text: String
    let events: [LogEvent]
    /// Lines that are not a complete JSON object, and other framing problems.
    let problems: [String]

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        text = String(decoding: data, as: UTF8.self)
        var events: [LogEvent] = []
        var problems: [String] = []
        if !text.isEmpty, !text.hasSuffix("\n") { problems.append("the log does not end with a newline") }
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
            let line = String(line)
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)),
                let fields = object as? [String: Any]
            else {
                problems.append("not a JSON object: \(line)")
                continue
            }
            events.append(LogEvent(line: line, fields: fields))
        }
        self.events = events
        self.problems = problems
    }

    /// The log, or nil while the file does not exist yet.
    static func ifPresent(_ path: String) -> EventLog? {
        FileManager.default.fileExists(atPath: path) ? try? EventLog(path: path) : nil
    }

    func of(_ type: String) -> [LogEvent] { events.filter { $0.type == type } }

    var description: String { text }
}

/// Runs `body` on a thread of its own and waits for it: heavy work (reading a log of 200,000
/// lines) then does not hold one of the few threads that Swift Testing runs every test on.
func offThePool<Result: Sendable>(_ body: @escaping @Sendable () throws -> Result) async throws -> Result {
    try await withCheckedThrowingContinuation { continuation in
        Thread.detachNewThread {
            continuation.resume(with: Swift.Result { try body() })
        }
    }
}
