import PacerCore

/// The live display of the current phase, laid out for a terminal of a given size.
struct LiveView {
    let index: Int
    let count: Int
    let phase: Phase
    let next: String?
    let cue: String?
    let snapshot: Snapshot?
    /// Whether the clock is stopped.
    let paused: Bool
    let planned: WorkoutDuration
    let palette: Palette

    /// Rows needed for the full display with big digits; below this the compact form is used.
    static let fullHeight = 14

    private var elapsed: WorkoutDuration { snapshot?.elapsed ?? .zero }
    private var limit: WorkoutDuration? { snapshot?.limit ?? phase.limit }
    private var remaining: WorkoutDuration? { limit.map { max(.zero, $0 - elapsed) } }

    /// The clock shown big: time left in a timed phase; a rep step counts up in whole seconds.
    private var clock: String {
        guard phase.kind != .reps else { return WorkoutDuration(milliseconds: elapsed.milliseconds / 1000 * 1000).clock }
        return (remaining ?? elapsed).clock
    }

    func lines(columns: Int, rows: Int) -> [String] {
        let width = max(20, columns - 1)
        if rows >= Self.fullHeight, BigDigits.width(of: clock) + 4 <= width {
            return full(width: width)
        }
        return compact(width: width)
    }

    private func full(width: Int) -> [String] {
        let color = palette.kind(phase.kind)
        var lines = [headline(width: width), ""]
        let digits = BigDigits.render(clock) ?? []
        let indent = String(repeating: " ", count: max(0, (width - BigDigits.width(of: clock)) / 2))
        lines += digits.map { indent + palette.paint($0, paused ? palette.dim : color) }
        lines.append("")
        lines.append(bar(label: "phase  ", fraction: phaseFraction, trailing: phaseTrailing, width: width, style: color))
        lines.append(bar(label: "session", fraction: sessionFraction, trailing: "\(sessionRemaining.clock) left", width: width, style: palette.bold))
        lines.append(fit(cue.map { "» \($0)" } ?? "", width))
        lines.append(fit(nextText, width))
        return lines
    }

    private func compact(width: Int) -> [String] {
        var first = "\(label) \(phase.name)  \(clock)"
        if let label = phase.roundLabel { first += "  \(label)" }
        first += "  [\(index)/\(count)]"
        var second = nextText
        if let cue { second = "» \(cue)   " + second }
        return [fit(first, width, painted: styledLabel), fit(second, width)]
    }

    private var label: String { paused ? "PAUSED" : phase.kind.rawValue.uppercased() }

    private var styledLabel: (plain: String, painted: String) {
        let style = paused ? palette.paused : palette.kind(phase.kind)
        return (label, palette.paint(label, style))
    }

    private func headline(width: Int) -> String {
        var right = "\(index)/\(count)"
        if let label = phase.roundLabel { right = "\(label)  ·  " + right }
        var left = "\(label)  \(phase.name)"
        if let reps = phase.reps { left += "  ×\(reps)" + (phase.weight.map { " @ \($0)" } ?? "") }
        if paused { left += "  (Enter or resume to go on)" }
        let gap = width - left.count - right.count
        let line = gap >= 2 ? left + String(repeating: " ", count: gap) + right : left
        return fit(line, width, painted: styledLabel)
    }

    private var nextText: String {
        guard let next else { return "next: the end" }
        return "next: \(next)"
    }

    private var phaseFraction: Double {
        guard let limit, limit > .zero else { return 0 }
        return min(1, elapsed.seconds / limit.seconds)
    }

    private var phaseTrailing: String {
        if phase.kind == .reps {
            return limit.map { "cap \($0.clock)" } ?? "say done when finished"
        }
        return "\(clock) left"
    }

    private var sessionRemaining: WorkoutDuration { snapshot?.sessionRemaining ?? planned }

    private var sessionFraction: Double {
        guard planned > .zero else { return Double(index - 1) / Double(max(1, count)) }
        return min(1, max(0, 1 - sessionRemaining.seconds / planned.seconds))
    }

    private func bar(label: String, fraction: Double, trailing: String, width: Int, style: String) -> String {
        let barWidth = max(4, width - label.count - trailing.count - 4)
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        let bar = String(repeating: "█", count: filled) + palette.paint(String(repeating: "░", count: barWidth - filled), palette.dim)
        return "\(label) " + palette.paint(bar, style) + "  \(trailing)"
    }

    /// Cuts a line to `width` characters; `painted` recolours its leading label after cutting.
    private func fit(_ line: String, _ width: Int, painted: (plain: String, painted: String)? = nil) -> String {
        let cut = line.count > width ? String(line.prefix(width - 1)) + "…" : line
        guard let painted, cut.hasPrefix(painted.plain) else { return cut }
        return painted.painted + cut.dropFirst(painted.plain.count)
    }
}
