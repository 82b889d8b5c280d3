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

/// The parsed output of `pacer show`: the timeline rows and the totals.
struct ShownTimeline {
    struct Row {
        let index: Int
        let start: Double
        let kind: String
        /// Seconds, nil for a rep step.
        let duration: Double?
        let round: String?
        let name: String
    }

    var rows: [Row] = []
    /// Per kind: (count, the spoken total such as `1m 50s`).
    var totals: [String: (count: Int, time: String)] = [:]
    var totalPhases: Int?
    var totalTime: String?

    init(_ output: String) {
        var inTotals = false
        for line in output.split(separator: "\n").map(String.init) {
            if line == "Totals:" {
                inTotals = true
                continue
            }
            let cells = line.split(separator: "  ").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            if inTotals {
                // "work", "12 phases", "6m" and "total", "24 phases", "8m"
                if cells.count >= 3, let count = Int(cells[1].split(separator: " ")[0]) {
                    if cells[0] == "total" {
                        totalPhases = count
                        totalTime = cells[2]
                    } else {
                        totals[cells[0]] = (count, cells[2])
                    }
                }
                continue
            }
            guard cells.count >= 5, let index = Int(cells[0]), let start = clockSeconds(cells[1]) else { continue }
            let hasRound = cells.count >= 6
            rows.append(
                Row(
                    index: index, start: start, kind: cells[2], duration: clockSeconds(cells[3]),
                    round: hasRound ? cells[4] : nil, name: cells[hasRound ? 5 : 4]))
        }
    }
}

/// `0:45`, `12:05`, `1:02:03` in seconds.
func clockSeconds(_ text: String) -> Double? {
    let parts = text.split(separator: ":").map { Int($0) }
    guard parts.count >= 2, parts.count <= 3, !parts.contains(nil) else { return nil }
    return Double(parts.reduce(0) { $0 * 60 + $1! })
}

/// `45s`, `1m 30s`, `7m`, `1h 5m`, `2.5s` in seconds.
func spokenSeconds(_ text: String) -> Double? {
    var total = 0.0
    for part in text.split(separator: " ") {
        guard let unit = part.last, let value = Double(part.dropLast()) else { return nil }
        switch unit {
        case "d": total += value * 86_400
        case "h": total += value * 3600
        case "m": total += value * 60
        case "s": total += value
        default: return nil
        }
    }
    return total
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
