import PacerCore

/// The live display of the current phase, laid out for a terminal of a given size.
struct LiveView {
    let start: Event.PhaseStart
    let cue: String?
    let snapshot: Snapshot?
    /// Whether the clock is stopped.
    let paused: Bool
    let planned: WorkoutDuration
    let palette: Palette
    /// The lines kept from the frames before, which change only with the phase.
    let memo: LiveViewMemo

    /// Lines of the full display besides the digits: the headline, two blank lines, the two bars,
    /// the cue and what is next.
    private static let linesBesideDigits = 7
    /// Rows the screen keeps under the full display: a blank row and the prompt's line with the
    /// smallest digits, as always; with bigger ones, room for the longest reply (`help`) as well.
    private static func rowsUnder(_ digits: BigDigits) -> Int {
        digits == BigDigits.sizes[0] ? 2 : 2 + helpLines
    }

    private static let helpLines = CommandGrammar.help.utf8.split(separator: UInt8(ascii: "\n")).count

    private var phase: Phase { start.phase }
    private var elapsed: WorkoutDuration { snapshot?.elapsed ?? .zero }
    private var limit: WorkoutDuration? { snapshot?.limit ?? phase.limit }
    private var remaining: WorkoutDuration? { limit.map { max(.zero, $0 - elapsed) } }

    /// The clock shown big: time left in a timed phase; a rep step or an open step counts up in whole seconds.
    private var clock: String {
        guard !phase.endsWithDone else { return WorkoutDuration(milliseconds: elapsed.milliseconds / 1000 * 1000).clock }
        return (remaining ?? elapsed).clock
    }

    /// The clock's text at its widest in this phase (a countdown starts at its limit), so that
    /// the digits keep one size while it counts.
    private func widest(_ clock: String) -> String {
        guard let limitClock = limit?.clock, limitClock.utf8.count > clock.utf8.count else { return clock }
        return limitClock
    }

    func lines(columns: Int, rows: Int) -> [TerminalText] {
        let width = max(1, columns - 1)
        let clock = self.clock
        guard let digits = digits(width: width, rows: rows, widestClock: widest(clock)) else { return compact(width: width) }
        return full(width: width, digits: digits, clock: clock)
    }

    /// The largest digits that fit `width` columns, with the rest of the display and the rows kept
    /// under it in `rows`; nil when even the smallest do not, or the terminal is narrow.
    private func digits(width: Int, rows: Int, widestClock: String) -> BigDigits? {
        guard width >= 40 else { return nil }
        return BigDigits.sizes.last { digits in
            digits.width(of: widestClock) + 4 <= width && digits.height + Self.linesBesideDigits + Self.rowsUnder(digits) <= rows
        }
    }

    private func full(width: Int, digits: BigDigits, clock: String) -> [TerminalText] {
        let color = palette.kind(phase.kind)
        let fixed = memo.lines(for: LiveViewMemo.Key(phase: start.index, paused: paused, cue: cue, width: width)) {
            LiveViewMemo.FixedLines(headline: headline(width: width), cue: cueText.truncated(toWidth: width),
                                    next: nextText.truncated(toWidth: width))
        }
        var lines = [fixed.headline, .empty]
        let indent = max(0, (width - digits.width(of: clock)) / 2)
        lines += memo.clock.rows(of: clock, digits: digits, style: paused ? palette.dim : color, indent: indent, palette: palette) ?? []
        lines.append(.empty)
        let sessionTrailing = "\(sessionRemaining.clock) left"
        // Both bars as long, so that their fills compare; the longer text beside them decides.
        let room = max(phaseTrailing.utf8.count, sessionTrailing.utf8.count)
        lines.append(bar(label: "phase  ", fraction: phaseFraction, trailing: phaseTrailing, room: room, width: width, style: color))
        lines.append(bar(label: "session", fraction: sessionFraction, trailing: sessionTrailing, room: room, width: width, style: palette.bold))
        lines.append(fixed.cue)
        lines.append(fixed.next)
        return lines
    }

    /// Two lines for small terminals. The clock is the one thing that must always show: the
    /// position and round go first, then the name is shortened, then the label.
    private func compact(width: Int) -> [TerminalText] {
        let clockText = palette.paint(TerminalText(clock), palette.bold)
        var extras: [TerminalText] = ["[\(start.index + 1)/\(start.count)]"]
        if let round = phase.roundLabel { extras.insert(TerminalText(round), at: 0) }
        var first = compactLine(label: styledLabel, name: TerminalText(phase.name), clock: clockText, extras: extras)
        while first.width > width, !extras.isEmpty {
            extras.removeLast()
            first = compactLine(label: styledLabel, name: TerminalText(phase.name), clock: clockText, extras: extras)
        }
        if first.width > width {
            let room = width - styledLabel.width - clockText.width - 3
            first = room >= 2
                ? compactLine(label: styledLabel, name: TerminalText(phase.name).truncated(toWidth: room), clock: clockText, extras: [])
                : (styledLabel.width + clockText.width + 1 <= width ? styledLabel + " " + clockText : clockText)
        }
        var second = nextText
        if let cue { second = "» \(cue)   " + second }
        return [first, second.truncated(toWidth: width)]
    }

    private func compactLine(label: TerminalText, name: TerminalText, clock: TerminalText, extras: [TerminalText]) -> TerminalText {
        .joined([label + " " + name, clock] + extras, separator: "  ")
    }

    private var label: String { paused ? "PAUSED" : phase.kind.rawValue.uppercased() }

    private var styledLabel: TerminalText {
        palette.paint(TerminalText(label), paused ? palette.paused : palette.kind(phase.kind))
    }

    private func headline(width: Int) -> TerminalText {
        var right: TerminalText = "\(start.index + 1)/\(start.count)"
        if let label = phase.roundLabel { right = "\(label)  ·  " + right }
        var left = styledLabel + "  " + TerminalText(phase.name)
        if let reps = phase.reps { left += "  ×\(reps)" + TerminalText(phase.weight.map { " @ \($0)" } ?? "") }
        if let distance = phase.distance { left += "  · " + TerminalText(distance) }
        if paused { left += "  (Enter or resume to go on)" }
        let gap = width - left.width - right.width
        return (gap >= 2 ? left.padded(to: width - right.width) + right : left).truncated(toWidth: width)
    }

    private var cueText: TerminalText {
        cue.map { "» \($0)" } ?? .empty
    }

    private var nextText: TerminalText {
        guard let next = start.next else { return "next: the end" }
        return "next: \(next.name)"
    }

    private var phaseFraction: Double {
        guard let limit = limit ?? phase.target, limit > .zero else { return 0 }
        return min(1, elapsed.seconds / limit.seconds)
    }

    /// What the phase bar says beside it; nothing for a countdown, whose time left the big clock shows.
    private var phaseTrailing: String {
        if phase.isOpen {
            guard let target = phase.target else { return "say done when finished" }
            return elapsed > target ? "\((elapsed - target).clock) over the \(target.clock) target" : "target \(target.clock)"
        }
        if phase.kind == .reps {
            return limit.map { "cap \($0.clock)" } ?? "say done when finished"
        }
        return ""
    }

    private var sessionRemaining: WorkoutDuration { snapshot?.sessionRemaining ?? (start.plannedAfter + (phase.duration ?? .zero)) }

    private var sessionFraction: Double {
        guard planned > .zero else { return Double(start.index) / Double(max(1, start.count)) }
        return min(1, max(0, 1 - sessionRemaining.seconds / planned.seconds))
    }

    /// `label`, a bar filled to `fraction` that leaves `room` characters and two spaces for
    /// `trailing`, and `trailing`.
    private func bar(label: String, fraction: Double, trailing: String, room: Int, width: Int, style: String) -> TerminalText {
        let barWidth = max(4, width - label.utf8.count - room - 4)
        let filled = Int((fraction * Double(barWidth)).rounded(.down))
        // Built in place, each piece appended once: the bars change every second.
        var fill = TerminalText.repeating("█", count: filled)
        fill.append(.repeating("░", count: barWidth - filled), styled: palette.dim)
        var line = TerminalText(label)
        line.reserveCapacity(label.utf8.count + fill.rendered.utf8.count + style.utf8.count + trailing.utf8.count + 12)
        line += " "
        line.append(fill, styled: style)
        if !trailing.isEmpty {
            line += "  "
            line += TerminalText(trailing)
        }
        // Label and trailing text of ASCII are as wide as they are long: the line is measured by sum.
        let ascii = label.utf8.allSatisfy { $0 < 0x80 } && trailing.utf8.allSatisfy { $0 < 0x80 }
        return ascii && label.utf8.count + barWidth + trailing.utf8.count + 3 <= width ? line : line.truncated(toWidth: width)
    }
}
