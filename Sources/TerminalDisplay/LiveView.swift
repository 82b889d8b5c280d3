import PacerEngine
import PacerFoundation
import PacerWorkout
import TerminalRendering

/// The live display of the current phase, laid out for a terminal of a given size.
public struct LiveView {
    let start: Event.PhaseStart
    let cue: String?
    let snapshot: Snapshot?
    /// Whether the clock is stopped.
    let paused: Bool
    let planned: WorkoutDuration
    /// What the sensors said this session; nil when nothing was measured.
    let readings: Readings?
    /// The whole workout's profile in a row, with a mark at now; nil when it has no power target.
    let profile: ProfileRow?
    let palette: Palette
    /// The lines kept from the frames before, which change only with the phase.
    let memo: LiveViewMemo

    /// The display of `start`'s phase with the cue shown last, the latest snapshot if any, and
    /// whether the clock is stopped; the readings and the workout's profile row if any; drawn
    /// with `palette`, keeping what it can in `memo`.
    public init(
        start: Event.PhaseStart, cue: String?, snapshot: Snapshot?, paused: Bool, planned: WorkoutDuration, readings: Readings? = nil,
        profile: ProfileRow? = nil, palette: Palette, memo: LiveViewMemo
    ) {
        self.start = start
        self.cue = cue
        self.snapshot = snapshot
        self.paused = paused
        self.planned = planned
        self.readings = readings
        self.profile = profile
        self.palette = palette
        self.memo = memo
    }

    /// Lines of the full display besides the digits: the headline, two blank lines, the two bars,
    /// the cue and what is next.
    private static let linesBesideDigits = 7
    /// Lines the ride panel adds under its digits: the captions and the other readings.
    private static let panelLines = 2
    /// Columns between the clock, the target and the reading in `digits`: more with bigger
    /// digits, so that three numbers read as three.
    private static func panelGap(_ digits: BigDigits) -> Int {
        max(4, digits.digitWidth / 2)
    }
    /// Rows the screen keeps under the full display: a blank row and the prompt's line with the
    /// smallest digits, as always; with bigger ones, room for the longest reply (`help`, folded
    /// to a fixed number of lines whatever the table of commands holds) as well.
    private static func rowsUnder(_ digits: BigDigits) -> Int {
        digits == BigDigits.sizes[0] ? 2 : 2 + CommandGrammar.helpLines
    }

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

    public func lines(columns: Int, rows: Int) -> [TerminalText] {
        lines(for: tick(columns: columns, rows: rows), columns: columns)
    }

    /// The lines of the full display laid out as `tick` says, or of the compact one when it is nil.
    public func lines(for tick: Tick?, columns: Int) -> [TerminalText] {
        guard let tick else { return compact(width: max(1, columns - 1)) }
        return full(tick)
    }

    /// What the full display shows in the places a second changes, and where those are, on a
    /// terminal `columns` × `rows`; nil when the display is compact there.
    public func tick(columns: Int, rows: Int) -> Tick? {
        let width = max(1, columns - 1)
        let clock = self.clock
        let panel = RidePanel(targets: phase.targets, at: rampFraction ?? 0, readings: readings)
        guard let arrangement = arrange(width: width, rows: rows, widestClock: widest(clock), panel: panel) else { return nil }
        let digits = arrangement.digits
        var indent = max(0, (width - digits.width(of: clock)) / 2)
        var ride = panel.map { RideLayout(panel: $0, placement: .line) }
        var panelRows = 0
        switch arrangement {
        case .clock:
            break
        case .beside(_, let slots):
            let clockSlot = digits.width(of: widest(clock))
            let left = max(0, (width - clockSlot - slots.gap - slots.width) / 2)
            indent = left + (clockSlot - digits.width(of: clock)) / 2
            let target = left + clockSlot + slots.gap
            ride = panel.map {
                RideLayout(panel: $0, placement: .beside(target: target, reading: target + slots.target + slots.gap, slots: slots))
            }
            panelRows = Self.panelLines
        case .under(_, let slots):
            let target = max(0, (width - slots.width) / 2)
            ride = panel.map {
                RideLayout(panel: $0, placement: .under(target: target, reading: target + slots.target + slots.gap, slots: slots))
            }
            panelRows = digits.height + Self.panelLines
        }
        let phaseTrailing = self.phaseTrailing
        let sessionTrailing = "\(sessionRemaining.clock) left"
        // Both bars as long, so that their fills compare; the longer text beside them decides.
        let room = max(phaseTrailing.utf8.count, sessionTrailing.utf8.count)
        let barWidth = max(4, width - Self.barLabelWidth - room - 4)
        // Labels and times of ASCII are as wide as they are long: a bar is measured by sum.
        let barsFit = [phaseTrailing, sessionTrailing].allSatisfy { trailing in
            trailing.utf8.allSatisfy { $0 < 0x80 } && Self.barLabelWidth + barWidth + trailing.utf8.count + 3 <= width
        }
        let layout = Tick.Layout(
            key: LiveViewMemo.Key(
                phase: start.index, paused: paused, cue: cue, width: width,
                rampSecond: rampFraction.map { _ in elapsed.milliseconds / 1000 }),
            rows: rows, digits: digits,
            indent: indent, clockStyle: paused ? palette.dim : palette.kind(phase.kind),
            clockLength: clock.utf8.count, barWidth: barWidth, phaseTrailingLength: phaseTrailing.utf8.count,
            sessionTrailingLength: sessionTrailing.utf8.count, barsFit: barsFit, ride: ride,
            barsRow: Self.clockTop + digits.height + panelRows + 1,
            profileMarker: profile?.column(phase: start.index, elapsed: elapsed, duration: phase.duration, width: width))
        return Tick(
            layout: layout, clock: clock, phaseFilled: Self.filled(phaseFraction, of: barWidth),
            sessionFilled: Self.filled(sessionFraction, of: barWidth), phaseTrailing: phaseTrailing, sessionTrailing: sessionTrailing)
    }

    /// How the full display is laid out: the clock and a step's target in the largest digits
    /// that fit them, beside each other or one under the other; else the clock alone.
    private enum Arrangement {
        case clock(BigDigits)
        case beside(BigDigits, Slots)
        case under(BigDigits, Slots)

        var digits: BigDigits {
            switch self {
            case .clock(let digits), .beside(let digits, _), .under(let digits, _): digits
            }
        }
    }

    /// The largest digits that fit `width` columns, with the rest of the display and the rows kept
    /// under it in `rows`: with a target, the target's and the reading's digits as big as the
    /// clock's, beside it or under it; else the clock alone. Nil when even the smallest clock does
    /// not fit, or the terminal is narrow.
    private func arrange(width: Int, rows: Int, widestClock: String, panel: RidePanel?) -> Arrangement? {
        guard width >= 40 else { return nil }
        let profileRows = profile == nil ? 0 : 2
        let clockFits = { (digits: BigDigits) in digits.width(of: widestClock) + 4 <= width }
        if let panel, let target = panel.target {
            for digits in BigDigits.sizes.reversed() where clockFits(digits) {
                let slots = Self.slots(target: target, reading: panel.reading, digits: digits)
                let fixed = Self.linesBesideDigits + Self.panelLines + profileRows + Self.rowsUnder(digits)
                if digits.height + fixed <= rows, digits.width(of: widestClock) + slots.gap + slots.width <= width {
                    return .beside(digits, slots)
                }
                if 2 * digits.height + fixed <= rows, slots.width + 4 <= width { return .under(digits, slots) }
            }
        }
        return BigDigits.sizes.last { digits in
            clockFits(digits) && digits.height + Self.linesBesideDigits + profileRows + Self.rowsUnder(digits) <= rows
        }.map(Arrangement.clock)
    }

    /// The columns of the target's digits and of the reading's in `digits`, each at least as
    /// wide as its caption; the reading's as wide as its widest value, so that it keeps its place.
    private static func slots(target: RideTarget, reading: RidePanel.Reading?, digits: BigDigits) -> Slots {
        let targetSlot = max(digits.width(of: target.digits), TerminalText(targetCaption(target)).width)
        guard let reading else { return Slots(target: targetSlot, reading: 0, gap: panelGap(digits)) }
        let readingDigits = max(digits.width(of: target.readingTemplate), digits.width(of: reading.digits))
        return Slots(target: targetSlot, reading: max(readingDigits, TerminalText(reading.caption).width), gap: panelGap(digits))
    }

    /// What is written under the target's digits: `target W · 80 % FTP`.
    private static func targetCaption(_ target: RideTarget) -> String {
        "target " + target.unit
    }

    /// What changed from `previous` (the tick the block shown was drawn for) to `tick`, as spans
    /// over the block shown: the rows of each character of the clock that changed, the ends of
    /// the bars that moved, the times beside them that changed. Nil when the layout changed (the
    /// phase, the size, the digits or where anything is), so the block must be drawn anew.
    public func spans(from previous: Tick, to tick: Tick) -> [TerminalSpan]? {
        let layout = tick.layout
        guard layout == previous.layout, layout.barsFit else { return nil }
        let clock = Array(tick.clock.utf8)
        let before = Array(previous.clock.utf8)
        var changed: [(column: Int, rows: [TerminalPiece])] = []
        var column = layout.indent
        for (index, byte) in clock.enumerated() {
            guard let width = layout.digits.width(ofGlyph: byte) else { return nil }
            if byte != before[index] {
                guard let rows = memo.clock.glyphRows(of: byte, digits: layout.digits, style: layout.clockStyle) else { return nil }
                changed.append((column, rows))
            }
            column += width + layout.digits.gap
        }
        var spans: [TerminalSpan] = []
        for row in 0..<layout.digits.height {
            for glyph in changed {
                spans.append(TerminalSpan(row: Self.clockTop + row, column: glyph.column, piece: glyph.rows[row]))
            }
        }
        let phaseRow = layout.barsRow
        spans += barSpans(
            row: phaseRow, filled: (previous.phaseFilled, tick.phaseFilled), trailing: (previous.phaseTrailing, tick.phaseTrailing),
            layout: layout, style: palette.kind(phase.kind))
        spans += barSpans(
            row: phaseRow + 1, filled: (previous.sessionFilled, tick.sessionFilled),
            trailing: (previous.sessionTrailing, tick.sessionTrailing), layout: layout, style: palette.bold)
        return spans
    }

    /// The spans of one bar's row: the cells between its old and new ends, and the text beside it
    /// when that changed (it is as long: the layout is the same).
    private func barSpans(
        row: Int, filled: (old: Int, new: Int), trailing: (old: String, new: String), layout: Tick.Layout,
        style: String
    ) -> [TerminalSpan] {
        var spans: [TerminalSpan] = []
        if filled.old != filled.new {
            // The cells between the two ends are all filled when the bar grew, all empty when it shrank.
            let cell = memo.barCells(style: style) {
                (TerminalPiece(fill(cells: 0..<1, filled: 1, style: style)), TerminalPiece(fill(cells: 0..<1, filled: 0, style: style)))
            }
            let piece = (filled.new > filled.old ? cell.filled : cell.empty).repeated(abs(filled.new - filled.old))
            spans.append(TerminalSpan(row: row, column: Self.barLabelWidth + 1 + min(filled.old, filled.new), piece: piece))
        }
        if trailing.old != trailing.new {
            spans.append(TerminalSpan(row: row, column: Self.barLabelWidth + 1 + layout.barWidth + 2, text: TerminalText(trailing.new)))
        }
        return spans
    }

    private func full(_ tick: Tick) -> [TerminalText] {
        let layout = tick.layout
        let width = layout.key.width
        let fixed = memo.lines(for: layout.key) {
            LiveViewMemo.FixedLines(
                headline: headline(width: width), cue: cueText.truncated(toWidth: width),
                next: nextText.truncated(toWidth: width))
        }
        var lines = [fixed.headline, .empty]
        let clockRows =
            memo.clock.rows(of: tick.clock, digits: layout.digits, style: layout.clockStyle, indent: layout.indent, palette: palette) ?? []
        if let ride = layout.ride {
            switch ride.placement {
            case .beside(let target, let reading, let slots):
                lines += panel(ride.panel, digits: layout.digits, columns: (target, reading), slots: slots, beside: clockRows, width: width)
            case .under(let target, let reading, let slots):
                lines += clockRows
                lines += panel(ride.panel, digits: layout.digits, columns: (target, reading), slots: slots, beside: [], width: width)
            case .line:
                lines += clockRows
            }
        } else {
            lines += clockRows
        }
        // Under the clock alone, the readings take the blank line.
        if let ride = layout.ride, ride.placement == .line, let text = readingsText(ride.panel)?.truncated(toWidth: width) {
            lines.append(.spaces((width - text.width) / 2) + text)
        } else {
            lines.append(.empty)
        }
        lines.append(
            bar(label: "phase  ", filled: tick.phaseFilled, trailing: tick.phaseTrailing, layout: layout, style: palette.kind(phase.kind)))
        lines.append(bar(label: "session", filled: tick.sessionFilled, trailing: tick.sessionTrailing, layout: layout, style: palette.bold))
        if let profile, let marker = layout.profileMarker {
            lines.append(profile.row(width: width, palette: palette))
            lines.append(profile.marker(column: marker, palette: palette))
        }
        lines.append(fixed.cue)
        lines.append(fixed.next)
        return lines
    }

    /// The ride panel's rows: the target's and the reading's digits at `columns` (after the
    /// clock's rows in `beside`, if any), their captions under them, then the other readings.
    private func panel(
        _ panel: RidePanel, digits: BigDigits, columns: (target: Int, reading: Int), slots: Slots, beside clockRows: [TerminalText],
        width: Int
    ) -> [TerminalText] {
        guard let target = panel.target else { return clockRows }
        let targetRows = digits.render(target.digits) ?? []
        let readingRows = panel.reading.flatMap { digits.render($0.digits) } ?? []
        let readingStyle = palette.standing(panel.reading?.standing)
        let targetLeft = columns.target + (slots.target - digits.width(of: target.digits)) / 2
        let readingLeft = columns.reading + (slots.reading - digits.width(of: panel.reading?.digits ?? "")) / 2
        var lines: [TerminalText] = (0..<digits.height).map { row in
            var line = row < clockRows.count ? clockRows[row] : .empty
            line = line.padded(to: targetLeft) + palette.paint(TerminalText(targetRows[row]), palette.bold)
            if row < readingRows.count { line = line.padded(to: readingLeft) + palette.paint(TerminalText(readingRows[row]), readingStyle) }
            return line
        }
        let targetCaption = TerminalText(Self.targetCaption(target))
        var captions = TerminalText.spaces(columns.target + (slots.target - targetCaption.width) / 2) + targetCaption
        if let reading = panel.reading {
            let caption = TerminalText(reading.caption)
            captions = captions.padded(to: columns.reading + (slots.reading - caption.width) / 2) + palette.paint(caption, readingStyle)
        }
        lines.append(captions.truncated(toWidth: width))
        lines.append((TerminalText.spaces(columns.target) + TerminalText(panel.others)).truncated(toWidth: width))
        return lines
    }

    /// The readings on one line: the target's channel in the colour of where it stands, then the
    /// others (`power 210 W ▲ high   heart rate 150 bpm`); nil when there are none.
    private func readingsText(_ panel: RidePanel) -> TerminalText? {
        let parts = [
            panel.reading.map { palette.paint(TerminalText($0.line), palette.standing($0.standing)) },
            panel.others.isEmpty ? nil : TerminalText(panel.others),
        ].compactMap { $0 }
        return parts.isEmpty ? nil : .joined(parts, separator: "   ")
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
            first =
                room >= 2
                ? compactLine(label: styledLabel, name: TerminalText(phase.name).truncated(toWidth: room), clock: clockText, extras: [])
                : (styledLabel.width + clockText.width + 1 <= width ? styledLabel + " " + clockText : clockText)
        }
        let readings = RidePanel(targets: phase.targets, at: rampFraction ?? 0, readings: readings).flatMap(readingsText)
        let second = [targetText, readings, cue.map { "» " + TerminalText($0) }, nextText].compactMap { $0 }
        return [first, TerminalText.joined(second, separator: "   ").truncated(toWidth: width)]
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
        if let targets = targetText { left += "  " + targets }
        if paused { left += "  (Enter or resume to go on)" }
        let gap = width - left.width - right.width
        return (gap >= 2 ? left.padded(to: width - right.width) + right : left).truncated(toWidth: width)
    }

    /// How far through its planned time a phase with a power ramp is (0 to 1; the ramp holds its
    /// last value through time added with `+N`); nil for any other phase.
    private var rampFraction: Double? {
        guard phase.targets.power?.span?.isRamp == true, let duration = phase.duration, duration > .zero else { return nil }
        return min(1, elapsed.seconds / duration.seconds)
    }

    /// The phase's targets in its colour, a ramp's as its target now (`@ 62 % → 75 % FTP`).
    private var targetText: TerminalText? {
        phase.targets.label(at: rampFraction).map { palette.paint(TerminalText($0), palette.kind(phase.kind)) }
    }

    private var cueText: TerminalText {
        cue.map { "» \($0)" } ?? .empty
    }

    private var nextText: TerminalText {
        guard let next = start.next else { return "next: the end" }
        return "next: \(next.name)" + TerminalText(next.targets.label.map { " " + $0 } ?? "")
    }

    private var phaseFraction: Double {
        guard let limit = limit ?? phase.target ?? phase.estimatedDuration, limit > .zero else { return 0 }
        return min(1, elapsed.seconds / limit.seconds)
    }

    /// What the phase bar says beside it; nothing for a countdown, whose time left the big clock shows.
    /// An open step with a distance and a pace gives the time that pace takes, and its bar fills to it.
    private var phaseTrailing: String {
        if phase.isOpen {
            guard let target = phase.target else {
                return phase.estimatedDuration.map { "~\($0.clock) at target pace" } ?? "say done when finished"
            }
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

    /// Columns of a bar's label ("phase  ", "session"); the bar starts a space after it.
    private static let barLabelWidth = 7
    /// The row of the clock's first.
    private static let clockTop = 2

    /// The cells of a bar `barWidth` long filled to `fraction`.
    private static func filled(_ fraction: Double, of barWidth: Int) -> Int {
        Int((fraction * Double(barWidth)).rounded(.down))
    }

    /// `label`, a bar filled `filled` cells of its width, and `trailing` two spaces after it.
    private func bar(label: String, filled: Int, trailing: String, layout: Tick.Layout, style: String) -> TerminalText {
        // Built in place, each piece appended once: the bars change every second.
        var line = TerminalText(label)
        line.reserveCapacity(label.utf8.count + 3 * layout.barWidth + 2 * style.utf8.count + trailing.utf8.count + 20)
        line += " "
        appendFill(to: &line, cells: 0..<layout.barWidth, filled: filled, style: style)
        if !trailing.isEmpty {
            line += "  "
            line += TerminalText(trailing)
        }
        return layout.barsFit ? line : line.truncated(toWidth: layout.key.width)
    }

    /// Appends the `cells` of a bar filled `filled` cells: those filled, then the others dimmed, in `style`.
    private func appendFill(to line: inout TerminalText, cells: Range<Int>, filled: Int, style: String) {
        let full = cells.clamped(to: cells.lowerBound..<max(cells.lowerBound, filled)).count
        var fill = TerminalText.repeating("█", count: full)
        fill.append(.repeating("░", count: cells.count - full), styled: palette.dim)
        line.append(fill, styled: style)
    }

    /// The `cells` of a bar filled `filled` cells, as `appendFill` appends them.
    private func fill(cells: Range<Int>, filled: Int, style: String) -> TerminalText {
        var text = TerminalText.empty
        appendFill(to: &text, cells: cells, filled: filled, style: style)
        return text
    }
}
