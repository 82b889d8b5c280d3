import PacerFoundation
import PacerWorkout

/// Reads a Zwift workout (`.zwo`) into a workout: each block a step, ramps in either direction,
/// IntervalsT a `repeat`, text events timed cues, shares of FTP kept as percentages; a run's
/// intensities become pace targets, and a file measured in metres open steps with a distance.
/// Nothing is written out round by round: an IntervalsT is one block of its rounds, and the
/// phases are counted before any step past the plan's limit is built.
struct ZwiftReader {
    private var notes = ImportNotes()
    private var flat: [FlatStep] = []
    private var phases = PhaseCount()
    private var texts: [TimedText] = []
    private var blocks = 0
    private var isRun = false
    private var byDistance = false
    private var warnedPaceReference = false
    private let readsTexts: Bool

    /// Whether a file starts as Zwift's XML does: a tag first, and a `<workout_file>` in it.
    static func looksLikeZwift(_ head: FileHead) -> Bool {
        head.start.hasPrefix("<") && head.text.lowercased().contains("<workout_file")
    }

    static func read(_ bytes: [UInt8], name fallback: String, texts: ImportedTexts) throws(WorkoutErrors) -> ImportedDraft {
        let root: XMLElement
        do {
            root = try XMLDocument.parse(bytes)
        } catch {
            throw importError(error.position, error.message)
        }
        guard root.key == "workout_file" else {
            throw importError(root.position, "this is not a Zwift workout: its root element is <\(root.name)>, not <workout_file>")
        }
        var reader = ZwiftReader(readsTexts: texts == .kept)
        return try reader.read(root, fallback: fallback)
    }

    private init(readsTexts: Bool) {
        self.readsTexts = readsTexts
    }

    private mutating func read(_ root: XMLElement, fallback: String) throws(WorkoutErrors) -> ImportedDraft {
        let setting = { (key: String) in root.children.first { $0.key == key }?.text.trimmingSpaces().lowercased() }
        isRun = setting("sporttype") == "run"
        byDistance = setting("durationtype") == "distance"
        var name: String?
        var description: String?
        var author: String?
        var tags: [String] = []
        var workout: XMLElement?
        for child in root.children {
            switch child.key {
            case "name", "n": name = ImportedValues.label(child.text)
            case "description": description = ImportedValues.paragraphs(child.text)
            case "author": author = ImportedValues.label(child.text)
            case "sporttype", "category", "subcategory": tags += ImportedValues.label(child.text).map { [$0] } ?? []
            case "tags": tags += child.children.compactMap { $0.key == "tag" ? $0.attribute("name").flatMap(ImportedValues.label) : nil }
            case "workout" where workout == nil: workout = child
            case "workout":
                notes.warn(
                    child.position,
                    "a second <workout>: Zwift runs the first one only, and so does pacer: this one's \(child.children.count) elements are dropped"
                )
            case "durationtype": break
            default: notes.warn(child.position, "<\(child.name)> is not something pacer keeps: dropped")
            }
        }
        guard let workout else {
            throw importError(root.position, "the file has no <workout> element, so no steps to run")
        }
        for element in workout.children {
            try read(step: element)
        }
        try phases.check(at: workout.position, "the <workout>")
        guard !flat.isEmpty else {
            throw importError(
                workout.position,
                "the <workout> has no step pacer can run (Warmup, SteadyState, IntervalsT, Ramp, FreeRide, MaxEffort, Cooldown)")
        }
        TimedText.place(texts, in: &flat, notes: &notes)
        if let author { description = (description.map { $0 + "\n\n" } ?? "") + "By \(author)." }
        var seen = Set<String>()
        let folded = RepeatFolding.fold(flat)
        let workoutValue = Workout(
            name: name ?? fallback, description: description, tags: tags.filter { seen.insert($0).inserted }, steps: folded.steps)
        return ImportedDraft(workout: workoutValue, notes: notes, sources: SourceMap(steps: folded.sources))
    }

    // MARK: - Steps

    private mutating func read(step element: XMLElement) throws(WorkoutErrors) {
        let first = flat.count
        switch element.key {
        case "warmup", "cooldown", "ramp":
            let kind: PhaseKind = element.key == "warmup" ? .warmup : element.key == "cooldown" ? .cooldown : .work
            var (start, end) = (
                element.attribute("powerlow") ?? element.attribute("power"), element.attribute("powerhigh") ?? element.attribute("power")
            )
            // Zwift rides a Cooldown down whichever way its powers are written (GoldenCheetah reads it so too).
            if kind == .cooldown, let low = start?.decimalValue, let high = end?.decimalValue, low < high { (start, end) = (end, start) }
            let targets = self.targets(element, low: start, high: end, ramp: true, cadence: "cadence")
            try add(element, kind: kind, targets: targets)
        case "steadystate":
            let targets = self.targets(
                element, low: element.attribute("power") ?? element.attribute("powerlow"),
                high: element.attribute("power") ?? element.attribute("powerhigh"), ramp: false, cadence: "cadence")
            try add(element, kind: Self.kind(of: targets), targets: targets)
        case "intervalst":
            try readIntervals(element)
        case "freeride":
            var targets = WrittenTargets(cadence: cadence(element, "cadence"))
            if !isRun { targets.power = .same(.freeRide) }
            var name: String?
            if element.attribute("ftptest").map({ $0 != "0" }) ?? false {
                name = "FTP test"
                notes.warn(
                    element.position,
                    "this free ride is Zwift's FTP test: pacer runs it as a free ride and does not work out an FTP from it")
            }
            try add(element, kind: .work, targets: targets, name: name)
        case "maxeffort":
            try add(element, kind: .work, targets: WrittenTargets(cadence: cadence(element, "cadence")), name: "Max effort")
        default:
            notes.warn(element.position, "<\(element.name)> is not a step pacer knows: dropped")
            return
        }
        if readsTexts { readTexts(of: element, steps: first..<flat.count) }
    }

    /// An IntervalsT: one round, on then off, as a block of its rounds.
    private mutating func readIntervals(_ element: XMLElement) throws(WorkoutErrors) {
        let written = element.attribute("repeat") ?? "1"
        guard let repeats = Int(written.trimmingSpaces()), repeats >= 1 else {
            throw importError(element.position, "Repeat=\"\(written)\" is not a number of rounds: write a whole number of 1 or more")
        }
        let on = try length(element, "onduration")
        let off = try length(element, "offduration")
        let onTargets = targets(
            element, low: element.attribute("poweronlow") ?? element.attribute("onpower"),
            high: element.attribute("poweronhigh") ?? element.attribute("onpower"), ramp: false, cadence: "cadence")
        let offTargets = targets(
            element, low: element.attribute("powerofflow") ?? element.attribute("offpower"),
            high: element.attribute("poweroffhigh") ?? element.attribute("offpower"), ramp: false, cadence: "cadenceresting")
        let round = [on.map { timed(.work, $0, onTargets, name: nil) }, off.map { timed(.rest, $0, offTargets, name: nil) }].compactMap {
            $0
        }
        guard phases.add(round.count, rounds: repeats) else { return }
        blocks += 1
        let block = FlatStep.Block(id: blocks, rounds: repeats)
        flat += round.map { FlatStep(step: $0, position: element.position, block: block) }
    }

    private mutating func add(_ element: XMLElement, kind: PhaseKind, targets: WrittenTargets, name: String? = nil) throws(WorkoutErrors) {
        guard let length = try length(element, "duration"), phases.add(1) else { return }
        flat.append(FlatStep(step: timed(kind, length, targets, name: name), position: element.position))
    }

    private func timed(_ kind: PhaseKind, _ length: Length, _ targets: WrittenTargets, name: String?) -> TimedStep {
        switch length {
        case .time(let duration): TimedStep(kind: kind, duration: .same(duration), name: name.map(PerRound.same), targets: targets)
        case .distance(let label):
            TimedStep(kind: kind, duration: nil, name: name.map(PerRound.same), distance: .same(label), targets: targets)
        }
    }

    /// How long a step lasts, in seconds or (in a file measured by distance) metres.
    private enum Length {
        case time(WorkoutDuration)
        case distance(String)
    }

    /// The length an attribute gives; nil (with a warning) for a length of zero, which Zwift skips.
    private mutating func length(_ element: XMLElement, _ attribute: String) throws(WorkoutErrors) -> Length? {
        let unit = byDistance ? "metres" : "seconds"
        guard let written = element.attribute(attribute) else {
            throw importError(element.position, "<\(element.name)> has no \(Self.spelled(attribute)): say how long it lasts, in \(unit)")
        }
        guard let value = written.trimmingSpaces().decimalValue else {
            throw importError(element.position, "\(Self.spelled(attribute))=\"\(written)\" is not a number of \(unit)")
        }
        if value == 0 {
            notes.warn(element.position, "<\(element.name)> lasts no time (\(Self.spelled(attribute))=\"\(written)\"): dropped")
            return nil
        }
        if byDistance { return .distance(ImportedValues.distance(metres: value)) }
        do {
            return .time(try WorkoutDuration.fromSeconds(value))
        } catch .notPositive where value > 0 {
            notes.warn(
                element.position,
                "<\(element.name)> lasts less than a millisecond (\(Self.spelled(attribute))=\"\(written)\"), too short for a step: dropped"
            )
            return nil
        } catch {
            throw importError(
                element.position, "\(Self.spelled(attribute))=\"\(written)\" \(ImportedValues.lengthProblem(seconds: value, error))")
        }
    }

    // MARK: - Targets

    /// A step's intensity from fractions of FTP (or of a run's pace), and its cadence.
    private mutating func targets(_ element: XMLElement, low: String?, high: String?, ramp: Bool, cadence attribute: String)
        -> WrittenTargets
    {
        var targets = WrittenTargets(cadence: cadence(element, attribute))
        guard let (low, high) = bothEnds(element, low, high, "power") else { return targets }
        guard let start = ImportedValues.number(low), let end = ImportedValues.number(high) else {
            notes.warn(
                element.position,
                "the power \(low == high ? low : low + " to " + high) is not a fraction of FTP pacer can use: the step has no target")
            return targets
        }
        let (first, last) = (ImportedValues.percent(start), ImportedValues.percent(end))
        guard isRun else {
            targets.power = ImportedValues.target(
                ImportedValues.targetText(start: first, end: last, unit: "%", range: !ramp), at: element.position, notes: &notes,
                kind: "power"
            ) { () throws(TargetError) in
                try ramp ? PowerTarget(ftpPercentFrom: first, to: last) : PowerTarget(ftpPercent: min(first, last)...max(first, last))
            }.map(PerRound.same)
            return targets
        }
        let range = ImportedValues.targetText(start: first, end: last, unit: "%", range: true)
        if ramp, first != last {
            notes.warn(element.position, "pacer ramps only power, and this run step ramps its pace: it keeps the range \(range) instead")
        }
        targets.pace = ImportedValues.target(range, at: element.position, notes: &notes, kind: "pace") { () throws(TargetError) in
            try PaceTarget(thresholdPercent: min(first, last)...max(first, last))
        }.map(PerRound.same)
        if !warnedPaceReference, let reference = element.attribute("pace") {
            warnedPaceReference = true
            notes.warn(
                element.position,
                "Zwift times a run's intensity as a share of one of your race paces (pace=\"\(reference)\"); pacer reads it as a share of your threshold pace"
            )
        }
        return targets
    }

    private mutating func cadence(_ element: XMLElement, _ attribute: String) -> PerRound<CadenceTarget>? {
        let low = element.attribute(attribute + "low") ?? element.attribute(attribute)
        let high = element.attribute(attribute + "high") ?? element.attribute(attribute)
        guard let (low, high) = bothEnds(element, low, high, "cadence") else { return nil }
        guard let start = ImportedValues.number(low), let end = ImportedValues.number(high) else {
            notes.warn(
                element.position,
                "the cadence \(low == high ? low : low + " to " + high) is not a number of rpm pacer can use: the step has no cadence target"
            )
            return nil
        }
        return ImportedValues.target(
            ImportedValues.targetText(start: start, end: end, unit: " rpm", range: true), at: element.position, notes: &notes,
            kind: "cadence"
        ) { () throws(TargetError) in try CadenceTarget(rpm: min(start, end)...max(start, end)) }.map(PerRound.same)
    }

    /// The two ends of a range; a range with one end written holds that value, with a warning.
    private mutating func bothEnds(_ element: XMLElement, _ low: String?, _ high: String?, _ what: String) -> (String, String)? {
        guard let value = low ?? high else { return nil }
        guard let low, let high else {
            notes.warn(
                element.position,
                "<\(element.name)> gives one end of its \(what) range only (\(low == nil ? "the high" : "the low") end, \(value)): the step holds \(value)"
            )
            return (value, value)
        }
        return (low, high)
    }

    /// A steady step below Zwift's grey zone (or, in a run, below 80 % of threshold pace) is a
    /// rest (`Targets.asksForRecovery`); anything else is work.
    private static func kind(of targets: WrittenTargets) -> PhaseKind {
        targets.value(inRound: nil).asksForRecovery ? .rest : .work
    }

    // MARK: - Text events

    private mutating func readTexts(of element: XMLElement, steps: Range<Int>) {
        for child in element.children {
            guard child.key == "textevent" else {
                notes.warn(child.position, "<\(child.name)> inside <\(element.name)> is not something pacer keeps: dropped")
                continue
            }
            guard let text = ImportedValues.label(child.attribute("message") ?? child.text) else {
                notes.warn(child.position, "the text event has no message: dropped")
                continue
            }
            if let distance = child.attribute("distoffset"), distance.trimmingSpaces().decimalValue != 0 {
                notes.warn(
                    child.position, "the text \"\(text)\" comes \(distance) m into its step, and pacer times cues, not distances: dropped")
                continue
            }
            let written = child.attribute("timeoffset") ?? "0"
            guard let seconds = written.trimmingSpaces().decimalValue else {
                notes.warn(child.position, "timeoffset=\"\(written)\" is not a number of seconds: the text \"\(text)\" is dropped")
                continue
            }
            if byDistance, seconds > 0 {
                notes.warn(
                    child.position,
                    "the text \"\(text)\" comes \(written) s into a step measured by distance, which pacer cannot time: dropped")
                continue
            }
            texts.append(TimedText(offset: ImportedValues.offset(seconds: seconds), text: text, position: child.position, steps: steps))
        }
    }

    /// An attribute's name as Zwift writes it, for messages.
    private static func spelled(_ attribute: String) -> String {
        ["duration": "Duration", "onduration": "OnDuration", "offduration": "OffDuration"][attribute] ?? attribute
    }
}
