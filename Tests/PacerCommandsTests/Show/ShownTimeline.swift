import Foundation

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
