import PacerFoundation
import TerminalRendering

/// The time axis under the profile: a tick every round interval that leaves room for its label
/// (`0:00`, `15:00`, `1:00:00`), and a mark where each untimed step falls.
struct ProfileAxis {
    /// The plan's planned time, in seconds.
    let seconds: Double
    /// The chart's columns.
    let width: Int

    /// Round intervals between ticks, in seconds, shortest first.
    private static let intervals: [Int64] = [
        1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1200, 1800, 3600, 7200, 10_800, 21_600, 43_200, 86_400,
    ]

    /// The shortest round interval whose ticks are far enough apart for their labels.
    private var interval: Int64 {
        let room = Double(WorkoutDuration.seconds(Int64(seconds)).clock.count + 2)
        return Self.intervals.first { Double($0) / seconds * Double(width) >= room } ?? Self.intervals[Self.intervals.count - 1]
    }

    /// The column time `at` falls in (seconds from the start), within the chart.
    func column(at: Double) -> Int {
        min(width - 1, max(0, Int(at / seconds * Double(width))))
    }

    /// The ticks, first to last: their columns and labels.
    private var ticks: [(column: Int, label: String)] {
        let step = interval
        return stride(from: Int64(0), through: Int64(seconds), by: Int(step)).map {
            (column(at: Double($0)), WorkoutDuration.seconds($0).clock)
        }
    }

    /// The axis line from its corner, with `marks` (glyph, style) at their columns, and the line
    /// of labels under it, each starting under its tick; a label that would run past the chart
    /// or into the one before is left out.
    func lines(marks: [(column: Int, glyph: Character, style: String)]) -> [TerminalText] {
        var axis = [Character](repeating: "─", count: width)
        for tick in ticks { axis[tick.column] = "┬" }
        var line = TerminalText("└")
        var next = 0
        for mark in marks.sorted(by: { $0.column < $1.column }) where mark.column >= next {
            line += TerminalText(String(axis[next..<mark.column]))
            line.append(TerminalText(String(mark.glyph)), styled: mark.style)
            next = mark.column + 1
        }
        line += TerminalText(String(axis[next...]))
        var labels = ""
        for tick in ticks {
            // The corner takes the first place: column c is at place 1 + c.
            let place = 1 + tick.column
            guard labels.isEmpty || labels.count < place, place + tick.label.count <= 1 + width else { continue }
            labels += String(repeating: " ", count: place - labels.count) + tick.label
        }
        return [line, TerminalText(labels)]
    }
}
