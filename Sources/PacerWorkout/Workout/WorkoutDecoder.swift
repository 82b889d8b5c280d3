import PacerFoundation

/// Turns the bytes of a workout file into a validated `Workout`, reporting every problem at once.
///
/// Where a value is (`steps[3].cues[0].at`) is passed down as an autoclosure: its text is written
/// only when a problem there is reported, not for every field of 100,000 steps.
public struct WorkoutDecoder {
    /// The only format version there is.
    public static let formatVersion = 1
    /// Repeats and circuits may nest at most this deep.
    public static let maximumNesting = 32
    /// Workout files larger than this are refused before they are read.
    public static let maximumFileSize = 16 << 20

    static let kindKeys = StepKind.all.map(\.key)
    static let topLevelKeys = ["$schema", "pacer", "name", "description", "tags", "countdown", "halfway", "steps"]
    static let timedKeys = ["name", "exercise", "cue", "cues", "halfway", "target", "distance"] + WrittenTargets.keys
    /// The keys a timed step of each kind may have: its kind key, then `timedKeys`.
    static let timedStepKeys = Dictionary(uniqueKeysWithValues: PhaseKind.timed.map { ($0, [$0.rawValue] + timedKeys) })
    /// The value of a timed kind key that makes an open step, counting up until `done`.
    static let openValue = "open"
    static let repKeys = ["reps", "name", "exercise", "weight", "cue", "cap", "cues"]
    static let repeatKeys = ["repeat", "steps", "name", "rest_between_rounds", "time_cap"]
    static let forKeys = ["for", "steps", "name", "rest_between_rounds", "time_cap"]
    static let amrapKeys = ["amrap", "steps", "name"]
    static let openRepeatKeys = ["repeat", "steps", "name"]
    static let circuitKeys = ["circuit", "work", "rest", "rounds", "rest_between_rounds"]
    static let emomKeys = ["every", "rounds", "steps", "name"]
    static let exerciseKeys = ["name", "exercise", "work", "cue", "cues", "halfway"] + WrittenTargets.keys
    static let cueKeys = ["at", "text", "round"]
    /// A phase longer than this written as a number of `m` is probably a distance in metres.
    static let longestLikelyMinutes = WorkoutDuration.seconds(2 * 3600)
    /// Allowed on every object and ignored, as in JSON Schema.
    static let commentKey = "$comment"
    static let allStepKeys = Array(Set(kindKeys + timedKeys + repKeys + repeatKeys + forKeys + circuitKeys + emomKeys + amrapKeys)).sorted()

    private var diagnostics: [Diagnostic] = []
    /// The workout's `halfway`, which a step's own overrides.
    private var workoutHalfway = false

    /// Decodes and validates a workout, including the limits on its expanded plan.
    public static func decode(_ bytes: [UInt8]) throws(WorkoutErrors) -> Workout {
        try decodeWithWarnings(bytes).workout
    }

    /// Decodes and validates a workout, and says what about it is probably a mistake.
    public static func decodeWithWarnings(_ bytes: [UInt8]) throws(WorkoutErrors) -> DecodedWorkout {
        guard bytes.count <= maximumFileSize else {
            throw WorkoutErrors([
                Diagnostic(.file, "the file is \(bytes.count) bytes; workout files are limited to \(maximumFileSize >> 20) MiB")
            ])
        }
        if let encoding = FileSniffing.utf16Encoding(of: bytes) {
            throw WorkoutErrors([
                Diagnostic(
                    .file, "the file is \(encoding); workout files are UTF-8: save it as UTF-8 (in most editors: Save As, Encoding UTF-8)")
            ])
        }
        let root: JSONValue
        do {
            root = try JSONParser.parse(bytes)
        } catch {
            var diagnostics = [Diagnostic(.source(error.position), error.message)]
            if FileSniffing.looksLikeYAML(bytes) {
                diagnostics.append(
                    Diagnostic(
                        .file,
                        #"this file looks like YAML, but workout files are JSON: write it as {"name": "My workout", "steps": [{"work": "30s"}]} (see docs/workout-format.md)"#
                    ))
            }
            throw WorkoutErrors(diagnostics)
        }
        return try decodeWithWarnings(root)
    }

    /// Decodes and validates a workout file's parsed value (or one made in memory, as an import
    /// makes one), and says what about it is probably a mistake; findings are at JSON paths.
    public static func decodeWithWarnings(_ root: JSONValue) throws(WorkoutErrors) -> DecodedWorkout {
        var decoder = WorkoutDecoder()
        let workout = decoder.decodeWorkout(root)
        if let workout, !decoder.hasErrors {
            decoder.checkLimits(of: workout)
        }
        guard let workout, !decoder.hasErrors else { throw WorkoutErrors(decoder.diagnostics) }
        return DecodedWorkout(workout: workout, warnings: decoder.diagnostics)
    }

    private var hasErrors: Bool {
        diagnostics.contains { $0.severity == .error }
    }

    // MARK: - The workout

    private mutating func decodeWorkout(_ root: JSONValue) -> Workout? {
        guard case .object(let members) = root.content else {
            report("", "a workout is a JSON object like {\"name\": …, \"steps\": […]}, not \(root.typeName)")
            return nil
        }
        let fields = Fields(members)
        checkKeys(fields, allowed: Self.topLevelKeys, path: "")
        if let version = fields["pacer"] {
            if case .number(let number) = version.content, number == Double(Self.formatVersion) {
            } else {
                report("pacer", "this file is format \(describe(version)), but this pacer reads format \(Self.formatVersion) only")
            }
        }
        let name = requiredText(fields, "name", path: "")
        let description = fields["description"].flatMap { text($0, path: "description") }
        var tags: [String] = []
        if let value = fields["tags"] {
            if case .array(let elements) = value.content {
                for (index, element) in elements.enumerated() {
                    if let tag = text(element, path: "tags[\(index)]") { tags.append(tag) }
                }
            } else {
                report("tags", "must be an array of strings, not \(value.typeName)")
            }
        }
        let countdown = fields["countdown"].flatMap { integer($0, path: "countdown", in: 0...10) } ?? 3
        let halfway = fields["halfway"].flatMap { flag($0, path: "halfway") } ?? false
        workoutHalfway = halfway
        guard let stepsValue = fields["steps"] else {
            report("", "missing required key \"steps\": the list of steps to run")
            return nil
        }
        let steps = decodeSteps(stepsValue, path: "steps", nesting: 0, scope: Scope())
        guard let name, let steps else { return nil }
        return Workout(name: name, description: description, tags: tags, countdown: countdown, halfway: halfway, steps: steps)
    }

    /// A non-empty array whose every element `read` accepts; nil (with the problems reported) otherwise.
    private mutating func nonEmptyArray<Element>(
        _ value: JSONValue, path: @autoclosure () -> String, of things: String, example: String = "",
        read: (inout WorkoutDecoder, JSONValue, () -> String) -> Element?
    ) -> [Element]? {
        guard case .array(let elements) = value.content else {
            report(path(), "must be an array of \(things)\(example), not \(value.typeName)")
            return nil
        }
        guard !elements.isEmpty else {
            report(path(), "must not be empty: give at least one \(things.dropLast())")
            return nil
        }
        var decoded: [Element] = []
        decoded.reserveCapacity(elements.count)
        // A closure parameter such as `read` may not be handed a non-escaping `path` as it is.
        withoutActuallyEscaping(path) { path in
            for (index, element) in elements.enumerated() {
                if let one = read(&self, element, { "\(path())[\(index)]" }) { decoded.append(one) }
            }
        }
        return decoded.count == elements.count ? decoded : nil
    }

    private mutating func decodeSteps(_ value: JSONValue, path: @autoclosure () -> String, nesting: Int, scope: Scope) -> [Step]? {
        guard
            let steps = nonEmptyArray(
                value, path: path(), of: "steps", read: { $0.decodeStep($1, path: $2(), nesting: nesting, scope: scope) })
        else {
            return nil
        }
        for index in steps.indices.dropFirst() where steps[index - 1].endsWithRest && steps[index].startsWithRest {
            warn(
                "\(path())[\(index)]",
                "two rests back to back: this rest follows the one that ends \(path())[\(index - 1)]; make them one rest")
        }
        return steps
    }

    // MARK: - Steps

    private mutating func decodeStep(_ value: JSONValue, path: @autoclosure () -> String, nesting: Int, scope: Scope) -> Step? {
        guard case .object(let members) = value.content else {
            report(path(), "a step is an object like {\"work\": \"30s\"}, not \(value.typeName)")
            return nil
        }
        let fields = Fields(members)
        let kinds = StepKind.kinds(among: fields.keys)
        guard kinds.count == 1, let kind = kinds.first, let value = fields[kind.key] else {
            if let last = kinds.last {
                let quoted = kinds.dropLast().map { "\"\($0.key)\"" }
                report(
                    path(),
                    "this step has \(kinds.count) kinds, \(quoted.joined(separator: ", ")) and \"\(last.key)\": a step is exactly one of them, so split it into separate steps"
                )
            } else {
                let suggestions = checkKeys(fields, allowed: Self.allStepKeys, path: path())
                if !suggestions.contains(where: Self.kindKeys.contains) {
                    report(path(), "this step has no kind: give it one of \(Self.kindKeys.joined(separator: ", "))")
                }
            }
            return nil
        }
        guard !kind.nests || nesting < Self.maximumNesting else {
            report(path(), "repeats and circuits nest more than \(Self.maximumNesting) levels deep here, the limit")
            return nil
        }
        switch kind {
        case .timed(let phaseKind):
            return decodeTimedStep(fields, kind: phaseKind, value: value, path: path(), scope: scope).map(Step.timed)
        case .reps: return decodeRepStep(fields, path: path(), scope: scope).map(Step.reps)
        case .circuit: return decodeCircuit(fields, exercises: value, path: path(), scope: scope).map(Step.circuit)
        case .emom: return decodeEMOM(fields, every: value, path: path(), nesting: nesting + 1, scope: scope).map(Step.emom)
        case .amrap: return decodeAMRAP(fields, length: value, path: path(), nesting: nesting + 1, scope: scope).map(Step.amrap)
        case .repeated where Self.isOpen(value):
            return decodeOpenRepeat(fields, path: path(), nesting: nesting + 1, scope: scope).map(Step.amrap)
        case .repeated, .forEach:
            return decodeRepeat(fields, isFor: kind == .forEach, value: value, path: path(), nesting: nesting + 1, scope: scope).map(
                Step.repeated)
        }
    }

    /// A timed phase; `value` is its kind key's: a duration, one per round, or `"open"`.
    private mutating func decodeTimedStep(
        _ fields: Fields, kind: PhaseKind, value: JSONValue, path: @autoclosure () -> String, scope: Scope
    ) -> TimedStep? {
        checkKeys(
            fields, allowed: Self.timedStepKeys[kind] ?? [kind.rawValue] + Self.timedKeys, path: path(),
            hints: [
                "cap":
                    "unknown key \"cap\": only rep steps have a cap; a \(kind.rawValue) phase ends when its time is up (for a step you end yourself, write {\"reps\": N, \"name\": …, \"cap\": …})"
            ])
        let isOpen = Self.isOpen(value)
        let duration =
            isOpen
            ? nil
            : perRound(value, path: "\(path()).\(kind.rawValue)", scope: scope) {
                (decoder: inout WorkoutDecoder, value: JSONValue, path: () -> String) -> WorkoutDuration? in
                if Self.isOpen(value) {
                    decoder.report(path(), "a step is open in every round or in none: write \"\(kind.rawValue)\": \"open\" alone")
                    return nil
                }
                return decoder.phaseDuration(value, path: path())
            }
        let name = fields["name"].flatMap { perRound($0, path: "\(path()).name", scope: scope) { $0.label($1, path: $2(), scope: scope) } }
        let cue = fields["cue"].flatMap { perRound($0, path: "\(path()).cue", scope: scope) { $0.label($1, path: $2(), scope: scope) } }
        let halfway = fields["halfway"].flatMap { flag($0, path: "\(path()).halfway") }
        let cues = decodeCues(
            fields, path: path(), scope: scope, rounds: scope.rounds, lengths: isOpen ? nil : duration?.values ?? [], kind: kind,
            halfway: halfway)
        let exercise = fields["exercise"].flatMap {
            perRound($0, path: "\(path()).exercise", scope: scope) { $0.label($1, path: $2(), scope: scope) }
        }
        let distance = fields["distance"].flatMap {
            perRound($0, path: "\(path()).distance", scope: scope) { $0.label($1, path: $2(), scope: scope) }
        }
        var target: WorkoutDuration?
        if let value = fields["target"] {
            target = self.duration(value, path: "\(path()).target")
            if !isOpen {
                report(
                    "\(path()).target",
                    "only an open step has a target: write \"\(kind.rawValue)\": \"open\" for a step that counts up until you say done")
            }
        }
        if isOpen, halfway == true { report("\(path()).halfway", "an open step has no halfway point: it lasts until you say done") }
        let targets = decodeTargets(fields, path: path(), scope: scope)
        guard isOpen || duration != nil, let cues else { return nil }
        return TimedStep(
            kind: kind, duration: duration, name: name, cue: cue, cues: cues, exercise: exercise, halfway: halfway, target: target,
            distance: distance, targets: targets)
    }

    /// `"power"`, `"heart_rate"`, `"pace"` and `"cadence"`, each a target as written or one per round.
    private mutating func decodeTargets(_ fields: Fields, path: @autoclosure () -> String, scope: Scope) -> WrittenTargets {
        var targets = WrittenTargets()
        targets.power = fields["power"].flatMap {
            perRound($0, path: "\(path()).power", scope: scope) { $0.target($1, path: $2(), parse: PowerTarget.init(parsing:)) }
        }
        targets.heartRate = fields["heart_rate"].flatMap {
            perRound($0, path: "\(path()).heart_rate", scope: scope) { $0.target($1, path: $2(), parse: HeartRateTarget.init(parsing:)) }
        }
        targets.pace = fields["pace"].flatMap {
            perRound($0, path: "\(path()).pace", scope: scope) { $0.target($1, path: $2(), parse: PaceTarget.init(parsing:)) }
        }
        targets.cadence = fields["cadence"].flatMap {
            perRound($0, path: "\(path()).cadence", scope: scope) { $0.target($1, path: $2(), parse: CadenceTarget.init(parsing:)) }
        }
        return targets
    }

    /// A target written as text (`"88-94%"`), read by `parse`; its mistake reported at `path`.
    private mutating func target<Target>(_ value: JSONValue, path: @autoclosure () -> String, parse: (String) throws(TargetError) -> Target)
        -> Target?
    {
        guard let text = text(value, path: path()) else { return nil }
        do throws(TargetError) {
            return try parse(text)
        } catch {
            report(path(), error.message)
            return nil
        }
    }

    private mutating func decodeRepStep(_ fields: Fields, path: @autoclosure () -> String, scope: Scope) -> RepStep? {
        checkKeys(
            fields, allowed: Self.repKeys, path: path(),
            hints: [
                "halfway": "unknown key \"halfway\": only timed phases have a halfway point; a rep step lasts until you say done",
                "power":
                    "unknown key \"power\": a rep step takes no power, heart rate, pace or cadence target, as it counts reps, not time (give the target to a timed or open step)",
                "heart_rate":
                    "unknown key \"heart_rate\": a rep step takes no power, heart rate, pace or cadence target, as it counts reps, not time (give the target to a timed or open step)",
                "pace":
                    "unknown key \"pace\": a rep step takes no power, heart rate, pace or cadence target, as it counts reps, not time (give the target to a timed or open step)",
                "cadence":
                    "unknown key \"cadence\": a rep step takes no power, heart rate, pace or cadence target, as it counts reps, not time (give the target to a timed or open step)",
            ])
        let reps = fields["reps"].flatMap {
            perRound($0, path: "\(path()).reps", scope: scope) { $0.integer($1, path: $2(), in: 1...Phase.maximumReps) }
        }
        var name: PerRound<String>?
        if let value = fields["name"] {
            name = perRound(value, path: "\(path()).name", scope: scope) { $0.label($1, path: $2(), scope: scope) }
        } else {
            report(path(), "a rep step needs a \"name\", the exercise to do")
        }
        let weight = fields["weight"].flatMap { perRound($0, path: "\(path()).weight", scope: scope) { $0.weight($1, path: $2()) } }
        let cue = fields["cue"].flatMap { perRound($0, path: "\(path()).cue", scope: scope) { $0.label($1, path: $2(), scope: scope) } }
        let cap = fields["cap"].flatMap { phaseDuration($0, path: "\(path()).cap") }
        let cues = decodeCues(
            fields, path: path(), scope: scope, rounds: scope.rounds, lengths: fields["cap"] == nil ? nil : cap.map { [$0] } ?? [],
            kind: .reps)
        let exercise = fields["exercise"].flatMap {
            perRound($0, path: "\(path()).exercise", scope: scope) { $0.label($1, path: $2(), scope: scope) }
        }
        guard let reps, let name, let cues else { return nil }
        return RepStep(reps: reps, name: name, weight: weight, cue: cue, cap: cap, cues: cues, exercise: exercise)
    }

    /// A `repeat`, or a `for`, which is a repeat of one round per item; `value` is the count of
    /// rounds, or the items.
    private mutating func decodeRepeat(
        _ fields: Fields, isFor: Bool, value: JSONValue, path: @autoclosure () -> String, nesting: Int, scope: Scope
    ) -> RepeatStep? {
        checkKeys(fields, allowed: isFor ? Self.forKeys : Self.repeatKeys, path: path())
        let items = isFor ? decodeItems(value, path: "\(path()).for") : nil
        let count = isFor ? items?.count : repeatCount(value, path: "\(path()).repeat")
        let inner = scope.insideRounds(count: count ?? 0, forItems: isFor)
        let name = fields["name"].flatMap { label($0, path: "\(path()).name", scope: scope.insideRounds(count: nil)) }
        let rest = fields["rest_between_rounds"].flatMap { phaseDuration($0, path: "\(path()).rest_between_rounds") }
        let timeCap = fields["time_cap"].flatMap { phaseDuration($0, path: "\(path()).time_cap") }
        if fields["time_cap"] != nil { checkNotInsideATimeLimit(scope, path: "\(path()).time_cap") }
        var steps: [Step]?
        if let value = fields["steps"] {
            steps = decodeSteps(
                value, path: "\(path()).steps", nesting: nesting, scope: fields["time_cap"] == nil ? inner : inner.insideTimeLimit())
        } else {
            report(
                path(), isFor ? "a for needs \"steps\", the steps to run for each item" : "a repeat needs \"steps\", the steps to repeat")
        }
        guard let count, let steps else { return nil }
        if rest != nil, count > 1,
            let edge = steps.first?.startsWithRest == true ? "starts" : steps.last?.endsWithRest == true ? "ends" : nil
        {
            warn(
                "\(path()).rest_between_rounds",
                "two rests back to back: every round \(edge) with a rest, and rest_between_rounds adds another between rounds; drop one of them"
            )
        }
        return RepeatStep(count: count, steps: steps, name: name, restBetweenRounds: rest, items: items, timeCap: timeCap)
    }

    /// An AMRAP: steps repeated until a time has passed. It adds no level of rounds of its own.
    private mutating func decodeAMRAP(
        _ fields: Fields, length value: JSONValue, path: @autoclosure () -> String, nesting: Int, scope: Scope
    ) -> AMRAPStep? {
        checkKeys(fields, allowed: Self.amrapKeys, path: path())
        checkNotInsideATimeLimit(scope, path: path())
        let length = phaseDuration(value, path: "\(path()).amrap")
        let name = fields["name"].flatMap { label($0, path: "\(path()).name", scope: scope) }
        var steps: [Step]?
        if let value = fields["steps"] {
            steps = decodeSteps(value, path: "\(path()).steps", nesting: nesting, scope: scope.insideTimeLimit())
        } else {
            report(path(), "an AMRAP needs \"steps\", the steps of each round")
        }
        guard let length, let steps else { return nil }
        return AMRAPStep(length: length, steps: steps, name: name)
    }

    /// Whether a kind key's value is `"open"`: an open step, or an open repeat.
    private static func isOpen(_ value: JSONValue) -> Bool {
        if case .string(let text) = value.content { text.trimmingSpaces() == openValue } else { false }
    }

    /// An open repeat (`{"repeat": "open", …}`): steps repeated until the user says done on one of
    /// its timed steps. Like an AMRAP, it adds no level of rounds of its own.
    private mutating func decodeOpenRepeat(_ fields: Fields, path: @autoclosure () -> String, nesting: Int, scope: Scope) -> AMRAPStep? {
        checkKeys(fields, allowed: Self.openRepeatKeys, path: path())
        checkNotInsideATimeLimit(scope, path: path())
        let name = fields["name"].flatMap { label($0, path: "\(path()).name", scope: scope) }
        guard let value = fields["steps"] else {
            report(path(), "an open repeat needs \"steps\", the steps of each round")
            return nil
        }
        guard let steps = decodeSteps(value, path: "\(path()).steps", nesting: nesting, scope: scope.insideTimeLimit()) else { return nil }
        guard steps.contains(where: \.hasTimedPhase) else {
            report(
                "\(path()).steps",
                "an open repeat ends when you say done on one of its timed steps, and these are all rep or open steps (which done finishes): add a timed step, or give the repeat a number of rounds"
            )
            return nil
        }
        return AMRAPStep(length: nil, steps: steps, name: name)
    }

    /// A repeat's count of rounds, a whole number; a word that is nearly `"open"` (`"Open"`,
    /// `"opne"`) is told how the open repeat is written.
    private mutating func repeatCount(_ value: JSONValue, path: @autoclosure () -> String) -> Int? {
        if case .string(let text) = value.content, Suggestion.closest(to: text.trimmingSpaces(), among: [Self.openValue]) != nil {
            report(
                path(),
                "the open repeat is written \"repeat\": \"\(Self.openValue)\", not \(describe(value)); else give a whole number of rounds from 1 to \(Int32.max)"
            )
            return nil
        }
        return integer(value, path: path(), in: 1...Int(Int32.max))
    }

    /// AMRAPs, EMOMs and capped blocks each keep their own clock, so none may be inside another.
    private mutating func checkNotInsideATimeLimit(_ scope: Scope, path: @autoclosure () -> String) {
        if scope.inTimeLimit {
            report(path(), "an AMRAP, an EMOM or a block with a time_cap cannot be inside another one: each keeps its own clock")
        }
    }

    /// An EMOM: rounds of timed and rep steps, each round starting `every` after the one before.
    private mutating func decodeEMOM(_ fields: Fields, every value: JSONValue, path: @autoclosure () -> String, nesting: Int, scope: Scope)
        -> EMOMStep?
    {
        checkKeys(fields, allowed: Self.emomKeys, path: path())
        checkNotInsideATimeLimit(scope, path: path())
        let every = phaseDuration(value, path: "\(path()).every")
        var rounds: Int?
        if let value = fields["rounds"] {
            rounds = integer(value, path: "\(path()).rounds", in: 1...Int(Int32.max))
        } else {
            report(path(), "an EMOM needs \"rounds\", how many times its window of \"every\" comes round")
        }
        let name = fields["name"].flatMap { label($0, path: "\(path()).name", scope: scope.insideRounds(count: nil)) }
        var steps: [Step]?
        if let value = fields["steps"] {
            steps = decodeSteps(
                value, path: "\(path()).steps", nesting: nesting, scope: scope.insideRounds(count: rounds ?? 0).insideTimeLimit())
        } else {
            report(path(), "an EMOM needs \"steps\", the steps of each round")
        }
        guard let every, let rounds, let steps else { return nil }
        for (index, step) in steps.enumerated() {
            if case .timed = step { continue }
            if case .reps = step { continue }
            report("\(path()).steps[\(index)]", "an EMOM's steps are timed phases and rep steps; a block cannot be fitted into its window")
        }
        let block = EMOMStep(every: every, rounds: rounds, steps: steps, name: name)
        let varies = steps.contains { if case .timed(let timed) = $0 { timed.duration?.variesByRound ?? false } else { false } }
        for round in varies ? Array(1...rounds) : [1] {
            let length = block.timedLength(inRound: round)
            guard length > every else { continue }
            report(
                "\(path()).steps",
                "the timed steps\(varies ? " of round \(round)" : "") take \(length.spoken), longer than the \(every.spoken) window of \"every\": shorten them or lengthen every"
            )
            break
        }
        return block
    }

    /// The items of a `for`: a non-empty array of one-line strings.
    private mutating func decodeItems(_ value: JSONValue, path: @autoclosure () -> String) -> [String]? {
        nonEmptyArray(value, path: path(), of: "items", example: #" such as ["Squats", "Push-ups"]"#) {
            $0.label($1, path: $2(), scope: Scope(inRounds: true, inItems: true))
        }
    }

    /// A circuit; `value` is its list of exercises.
    private mutating func decodeCircuit(_ fields: Fields, exercises value: JSONValue, path: @autoclosure () -> String, scope: Scope)
        -> CircuitStep?
    {
        checkKeys(fields, allowed: Self.circuitKeys, path: path())
        var work: WorkoutDuration?
        if let value = fields["work"] {
            work = phaseDuration(value, path: "\(path()).work")
        } else {
            report(path(), "a circuit needs \"work\", how long each exercise lasts")
        }
        let rest = fields["rest"].flatMap { phaseDuration($0, path: "\(path()).rest") }
        let rounds = fields["rounds"].flatMap { integer($0, path: "\(path()).rounds", in: 1...Int(Int32.max)) } ?? 1
        let restBetweenRounds = fields["rest_between_rounds"].flatMap { phaseDuration($0, path: "\(path()).rest_between_rounds") }
        let exercises = decodeExercises(value, path: "\(path()).circuit", work: work, scope: scope.insideRounds(count: nil))
        guard let work, let exercises else { return nil }
        return CircuitStep(exercises: exercises, work: work, rest: rest, rounds: rounds, restBetweenRounds: restBetweenRounds)
    }

    private mutating func decodeExercises(
        _ value: JSONValue, path: @autoclosure () -> String, work circuitWork: WorkoutDuration?, scope: Scope
    ) -> [Exercise]? {
        guard case .array(let elements) = value.content else {
            report(path(), "must be an array of exercises, not \(value.typeName)")
            return nil
        }
        guard !elements.isEmpty else {
            report(path(), "must not be empty: name at least one exercise")
            return nil
        }
        var exercises: [Exercise] = []
        for (index, element) in elements.enumerated() {
            let elementPath = "\(path())[\(index)]"
            switch element.content {
            case .string:
                if let name = label(element, path: elementPath, scope: scope) { exercises.append(Exercise(name: name)) }
            case .object(let members):
                let fields = Fields(members)
                checkKeys(fields, allowed: Self.exerciseKeys, path: elementPath)
                var name: String?
                if let value = fields["name"] {
                    name = label(value, path: "\(elementPath).name", scope: scope)
                } else {
                    report(elementPath, "an exercise needs a \"name\"")
                }
                let work = fields["work"].flatMap { phaseDuration($0, path: "\(elementPath).work") }
                let cue = fields["cue"].flatMap { label($0, path: "\(elementPath).cue", scope: scope) }
                let exercise = fields["exercise"].flatMap { label($0, path: "\(elementPath).exercise", scope: scope) }
                let halfway = fields["halfway"].flatMap { flag($0, path: "\(elementPath).halfway") }
                let length = work ?? circuitWork
                let cues = decodeCues(
                    fields, path: elementPath, scope: scope, rounds: nil, lengths: length.map { [$0] } ?? [], kind: .work, halfway: halfway)
                let targets = decodeTargets(fields, path: elementPath, scope: scope)
                if let name, let cues {
                    exercises.append(
                        Exercise(name: name, work: work, cue: cue, cues: cues, exercise: exercise, halfway: halfway, targets: targets))
                }
            default:
                report(
                    elementPath, "an exercise is a name or an object like {\"name\": \"Plank\", \"work\": \"45s\"}, not \(element.typeName)"
                )
            }
        }
        return exercises.count == elements.count ? exercises : nil
    }

    /// The timed cues of a step whose phase lasts one of `lengths` (one per round; empty when the
    /// length could not be read, nil for a step without an end), warning about those said as one.
    /// Inside a repeat of `rounds` rounds a cue may name the one round it is said in.
    private mutating func decodeCues(
        _ fields: Fields, path: @autoclosure () -> String, scope: Scope, rounds: Int?, lengths: [WorkoutDuration]?, kind: PhaseKind,
        halfway: Bool? = nil
    ) -> [WrittenCue]? {
        guard let value = fields["cues"] else { return [] }
        guard case .array(let elements) = value.content else {
            report("\(path()).cues", "must be an array like [{\"at\": \"15s\", \"text\": \"Switch sides\"}], not \(value.typeName)")
            return nil
        }
        var cues: [WrittenCue] = []
        for (index, element) in elements.enumerated() {
            let cuePath = "\(path()).cues[\(index)]"
            guard case .object(let members) = element.content else {
                report(cuePath, "a cue is an object like {\"at\": \"15s\", \"text\": \"Switch sides\"}, not \(element.typeName)")
                continue
            }
            let cueFields = Fields(members)
            checkKeys(cueFields, allowed: Self.cueKeys, path: cuePath)
            let round = cueFields["round"].flatMap { cueRound($0, path: "\(cuePath).round", rounds: rounds) }
            let roundLengths =
                round.flatMap { round in lengths.map { $0.count > 1 && round <= $0.count ? [$0[round - 1]] : $0 } } ?? lengths
            let at = cueFields["at"].flatMap { value in
                round != nil && Self.isZero(value)
                    ? CueTime.afterStart(.zero) : cueTime(value, path: "\(cuePath).at", lengths: roundLengths)
            }
            let text = cueFields["text"].flatMap { label($0, path: "\(cuePath).text", scope: scope) }
            if cueFields["at"] == nil { report(cuePath, "a cue needs \"at\", the time after the phase starts") }
            if cueFields["text"] == nil { report(cuePath, "a cue needs \"text\", what to announce") }
            if let at, let text, cueFields["round"] == nil || round != nil { cues.append(WrittenCue(at: at, text: text, round: round)) }
        }
        guard cues.count == elements.count else { return nil }
        warnAboutCuesSaidAsOne(cues, path: path(), lengths: lengths ?? [nil], kind: kind, halfway: halfway)
        return cues
    }

    /// The round a cue is said in: a whole number from 1 to the innermost repeat's rounds.
    private mutating func cueRound(_ value: JSONValue, path: @autoclosure () -> String, rounds: Int?) -> Int? {
        guard let rounds else {
            report(path(), "a cue names its round only inside a repeat or for (not in a circuit's exercise): remove \"round\"")
            return nil
        }
        guard case .number(let number) = value.content, number == number.rounded(), number >= 1, number <= Double(max(rounds, 1)) else {
            report(path(), "must be a round of the repeat around the step, a whole number from 1 to \(rounds), not \(describe(value))")
            return nil
        }
        return Int(number)
    }

    /// Whether a cue's `at` is zero (`0`, `"0s"`, `"0:00"`): the start of the phase, where only a cue of one round may be.
    private static func isZero(_ value: JSONValue) -> Bool {
        switch value.content {
        case .number(let number): return number == 0
        case .string(let text):
            let trimmed = text.trimmingSpaces()
            guard !trimmed.hasPrefix("-"), !trimmed.hasSuffix("%") else { return false }
            do {
                _ = try WorkoutDuration.parse(trimmed)
                return false
            } catch {
                return error == .notPositive
            }
        default: return false
        }
    }

    /// When a cue is said: a duration after the start, `"50%"` of the phase, or `"-10s"` before its end;
    /// always after the start and before the end of the shortest of `lengths` (nil: the step has no end).
    private mutating func cueTime(_ value: JSONValue, path: @autoclosure () -> String, lengths: [WorkoutDuration]?) -> CueTime? {
        let text = if case .string(let text) = value.content { text.trimmingSpaces() } else { "" }
        let at: CueTime
        if text.hasSuffix("%") {
            guard let percent = String(text.dropLast()).trimmingSpaces().decimalValue, percent > 0, percent < 100 else {
                report(
                    path(), "\(describe(value)) is not a share of the phase: write a percentage above 0% and below 100%, such as \"50%\"")
                return nil
            }
            at = .share(percent / 100)
        } else if text.hasPrefix("-") {
            guard let before = duration(JSONValue(content: .string(String(text.dropFirst())), offset: value.offset), path: path()) else {
                return nil
            }
            at = .beforeEnd(before)
        } else {
            guard let after = duration(value, path: path()) else { return nil }
            at = .afterStart(after)
        }
        guard let lengths else {
            guard case .afterStart = at else {
                report(
                    path(),
                    "\(describe(value)) needs a step with an end, and this one lasts until you say done: say when after its start (or give a rep step a cap)"
                )
                return nil
            }
            return at
        }
        switch (at, lengths.min()) {
        case (.afterStart(let offset), let shortest?) where offset >= shortest:
            report(path(), "\(offset.spoken) is not before the end of the phase (\(shortest.spoken)), so the cue would never be announced")
        case (.beforeEnd(let before), let shortest?) where before >= shortest:
            report(
                path(),
                "\(before.spoken) before the end is not after the start of the phase (\(shortest.spoken)), so the cue would never be announced"
            )
        default:
            return at
        }
        return nil
    }

    /// Warns about cues said together with another cue or the halfway call, in any round.
    private mutating func warnAboutCuesSaidAsOne(
        _ cues: [WrittenCue], path: @autoclosure () -> String, lengths: [WorkoutDuration?], kind: PhaseKind, halfway: Bool?
    ) {
        var warned = Set<Int>()
        var seen = Set<WorkoutDuration?>()
        // Each length with the cues of every round, then each round that has cues of its own.
        let every = cues.indices.filter { cues[$0].round == nil }
        let own = Dictionary(grouping: cues.indices.filter { cues[$0].round != nil }) { cues[$0].round ?? 0 }
        let ownRounds = own.keys.sorted().compactMap { round in
            (lengths.count > 1 && round <= lengths.count ? lengths[round - 1] : lengths.first).map { ($0, Optional(round)) }
        }
        for (length, round) in lengths.filter({ seen.insert($0).inserted }).map({ ($0, nil as Int?) }) + ownRounds {
            let indices = (every + (round.flatMap { own[$0] } ?? [])).sorted()
            let phase = Phase(
                kind: kind, name: "", duration: kind == .reps ? nil : length,
                cues: indices.map { Cue(at: cues[$0].at.offset(in: length), text: cues[$0].text) }, halfway: halfway)
            let all = phase.unmergedAnnouncements(workoutHalfway: workoutHalfway)
            for merged in Announcement.merged(all).groups where merged.count > 1 {
                // Back to the index of each cue as written; the halfway call past them all.
                let group = merged.map { $0 < indices.count ? indices[$0] : cues.count }
                guard let last = group.filter({ $0 < cues.count }).max(), warned.insert(last).inserted else { continue }
                let others = group.filter { $0 != last }.sorted().map { $0 < cues.count ? "cues[\($0)]" : "the halfway call" }
                let said = Announcement.merged(merged.map { all[$0] }).announcements[0].text
                warn(
                    "\(path()).cues[\(last)]",
                    "less than a second from \(others.joined(separator: " and ")), so they are said as one cue: \"\(said)\"")
            }
        }
    }

    // MARK: - Values

    /// One value, or inside a repeat an array of one value per round; each value is read by `read`.
    private mutating func perRound<Value>(
        _ value: JSONValue, path: @autoclosure () -> String, scope: Scope, read: (inout WorkoutDecoder, JSONValue, () -> String) -> Value?
    ) -> PerRound<Value>? {
        guard case .array(let elements) = value.content else {
            return withoutActuallyEscaping(path) { read(&self, value, $0) }.map(PerRound.same)
        }
        switch scope.rounds {
        case nil:
            report(path(), "one value per round works only inside a repeat: give a single value here")
            return nil
        case let rounds? where rounds > 0 && elements.count != rounds:
            let block =
                scope.inFor
                ? "the for has \(rounds) item\(rounds == 1 ? "" : "s")" : "the repeat has \(rounds) round\(rounds == 1 ? "" : "s")"
            report(path(), "has \(elements.count) value\(elements.count == 1 ? "" : "s") but \(block): give one value per round")
        case _ where elements.isEmpty:
            report(path(), "must not be empty: give one value per round")
        default:
            break
        }
        var values: [Value] = []
        withoutActuallyEscaping(path) { path in
            for (index, element) in elements.enumerated() {
                if let decoded = read(&self, element, { "\(path())[\(index)]" }) { values.append(decoded) }
            }
        }
        return values.count == elements.count && !values.isEmpty ? .perRound(values) : nil
    }

    private mutating func flag(_ value: JSONValue, path: @autoclosure () -> String) -> Bool? {
        guard case .bool(let flag) = value.content else {
            report(path(), "must be true or false, not \(value.typeName)")
            return nil
        }
        return flag
    }

    private mutating func weight(_ value: JSONValue, path: @autoclosure () -> String) -> Weight? {
        switch value.content {
        case .number(let number) where number >= 0 && number.isFinite: return .number(number)
        case .string(let text) where !text.isBlank && text.isOneLine: return .text(text)
        default:
            report(path(), "must be a number of 0 or more or a text such as \"20 kg\", not \(describe(value))")
            return nil
        }
    }

    private mutating func duration(_ value: JSONValue, path: @autoclosure () -> String) -> WorkoutDuration? {
        do {
            switch value.content {
            case .number(let seconds): return try WorkoutDuration.fromSeconds(seconds)
            case .string(let text): return try WorkoutDuration.parse(text)
            default:
                report(path(), "must be a duration such as 30, \"45s\", \"1m30s\" or \"1:30\", not \(value.typeName)")
            }
        } catch {
            let shown = describe(value)
            switch error {
            case .malformed:
                report(path(), "\(shown) is not a duration: write seconds (45), \"45s\", \"2m\", \"1m30s\", \"1:30\" or \"1:02:03\"")
            case .notPositive:
                report(path(), "\(shown) is not a duration greater than zero")
            case .tooLong:
                report(path(), "\(shown) is longer than 24 hours, the limit for one duration")
            }
        }
        return nil
    }

    /// A duration that a phase lasts, with a warning when a long one was probably meant as a distance.
    private mutating func phaseDuration(_ value: JSONValue, path: @autoclosure () -> String) -> WorkoutDuration? {
        let result = duration(value, path: path())
        if let result, result > Self.longestLikelyMinutes, case .string(let text) = value.content, text.isMinutesOnly {
            warn(
                path(),
                "\(describe(value)) is \(result.spoken): \"m\" means minutes, not metres (a distance is not a duration: give an open step a \"distance\")"
            )
        }
        return result
    }

    private mutating func integer(_ value: JSONValue, path: @autoclosure () -> String, in range: ClosedRange<Int>) -> Int? {
        guard case .number(let number) = value.content, number.rounded() == number, number.isFinite else {
            report(path(), "must be a whole number from \(range.lowerBound) to \(range.upperBound), not \(describe(value))")
            return nil
        }
        guard number >= Double(range.lowerBound), number <= Double(range.upperBound) else {
            let written = path()
            let key = (written.split(separator: ".").last ?? Substring(written)).prefix { $0 != "[" }
            report(written, "\(key) must be from \(range.lowerBound) to \(range.upperBound), not \(JSONText.number(number))")
            return nil
        }
        return Int(number)
    }

    private mutating func text(_ value: JSONValue, path: @autoclosure () -> String) -> String? {
        guard case .string(let text) = value.content else {
            report(path(), "must be a string, not \(value.typeName)")
            return nil
        }
        return text
    }

    private mutating func requiredText(_ fields: Fields, _ key: String, path: @autoclosure () -> String) -> String? {
        guard let value = fields[key] else {
            report(path(), "missing required key \"\(key)\"")
            return nil
        }
        return label(value, path: key, scope: Scope())
    }

    /// A name or cue: a non-empty single line, using `{round}` tokens only where there are rounds.
    private mutating func label(_ value: JSONValue, path: @autoclosure () -> String, scope: Scope) -> String? {
        guard let text = text(value, path: path()) else { return nil }
        guard !text.isBlank else {
            report(path(), "must not be empty")
            return nil
        }
        guard text.isOneLine else {
            report(path(), "must be one line: remove the line break")
            return nil
        }
        if !scope.inRounds, text.mentionsRound {
            report(path(), "{round} and {rounds} only mean something inside a repeat, for or circuit")
            return nil
        }
        if !scope.inItems, text.mentionsItem {
            report(path(), "{item} only means something inside a for")
            return nil
        }
        return text
    }

    private func describe(_ value: JSONValue) -> String {
        switch value.content {
        case .string(let text): "\"\(text)\""
        case .number(let number): JSONText.number(number)
        default: value.typeName
        }
    }

    /// Reports keys not in `allowed`, suggesting the closest allowed key (or saying what `hints` has
    /// to say about that key); returns the suggestions made. Every object may also carry a `$comment`
    /// string, which is ignored. `hints` is made only when a key is not allowed: most steps have
    /// none, and a file may have 100,000 steps.
    @discardableResult
    private mutating func checkKeys(
        _ fields: Fields, allowed: [String], path: @autoclosure () -> String, hints: @autoclosure () -> [String: String] = [:]
    ) -> [String] {
        if let comment = fields[Self.commentKey] {
            _ = text(comment, path: path().isEmpty ? Self.commentKey : "\(path()).\(Self.commentKey)")
        }
        let unknownKeys = fields.keys.filter { !allowed.contains($0) && $0 != Self.commentKey }
        let hints = unknownKeys.isEmpty ? [:] : hints()
        var suggestions: [String] = []
        for key in unknownKeys {
            if let hint = hints[key] {
                report(path(), hint)
                continue
            }
            let unknown = UnknownKey(key, allowed: allowed)
            suggestions += unknown.suggestion.map { [$0] } ?? []
            report(path(), unknown.message)
        }
        return suggestions
    }

    private mutating func report(_ path: String, _ message: String) {
        diagnostics.append(Diagnostic(.path(path), message))
    }

    private mutating func warn(_ path: String, _ message: String) {
        diagnostics.append(.warning(at: path, message))
    }

    // MARK: - Limits of the plan

    private mutating func checkLimits(of workout: Workout) {
        let size = PlanSize(of: workout)
        if size.phases > Plan.maximumPhases {
            report(
                "steps",
                "the workout expands to \(size.phases == .max ? "more than \(Int64(Int32.max))" : String(size.phases)) phases; the limit is \(Plan.maximumPhases): lower a repeat or rounds count"
            )
        }
        if size.planned > WorkoutDuration.maximumWorkout {
            report(
                "steps",
                size.planned.milliseconds == .max
                    ? "the workout lasts far more than 7 days, the limit"
                    : "the workout lasts \(size.planned.spoken); the limit is 7 days")
        }
    }
}

/// The members of a JSON object, looked up by key.
struct Fields {
    let members: [JSONValue.Member]

    init(_ members: [JSONValue.Member]) {
        self.members = members
    }

    /// The keys in source order, read in place.
    var keys: LazyMapCollection<[JSONValue.Member], String> { members.lazy.map(\.key) }

    subscript(key: String) -> JSONValue? {
        members.first { $0.key == key }?.value
    }
}

extension String {
    /// Whether the text is a number of minutes in the short spelling alone, such as `"400m"` or `"150 m"`.
    fileprivate var isMinutesOnly: Bool {
        let trimmed = trimmingSpaces()
        guard trimmed.hasSuffix("m") else { return false }
        let number = String(trimmed.dropLast()).trimmingSpaces()
        return !number.isEmpty && number.allSatisfy { $0.isASCII && ($0.isNumber || $0 == ".") }
    }
}

/// What surrounds a step: whether `{round}` and `{item}` mean something, and the round count
/// per-round arrays must match.
struct Scope {
    /// Inside a repeat, for or circuit.
    var inRounds = false
    /// Inside a for, at any depth.
    var inItems = false
    /// Inside a repeat or for: its round count (0 when it could not be read); nil outside any.
    var rounds: Int?
    /// Whether the innermost repeat is a for.
    var inFor = false
    /// Inside an AMRAP, an EMOM or a block with a time cap.
    var inTimeLimit = false

    /// The scope of the steps of a repeat (or for) of `count` rounds, or of a circuit's exercises (`count` nil).
    func insideRounds(count: Int?, forItems: Bool = false) -> Scope {
        Scope(
            inRounds: true, inItems: inItems || forItems, rounds: count ?? rounds, inFor: count == nil ? inFor : forItems,
            inTimeLimit: inTimeLimit)
    }

    /// The scope of the steps of a block that keeps its own clock.
    func insideTimeLimit() -> Scope {
        var scope = self
        scope.inTimeLimit = true
        return scope
    }
}
