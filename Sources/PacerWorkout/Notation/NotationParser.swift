import PacerFoundation

/// A mistake in a line of notation: the column it is at (from 1, counting characters) and what
/// was expected there.
public struct NotationSyntaxError: Error, Sendable, Equatable {
    public let column: Int
    public let message: String
}

/// Reads the one-line notation (`10s prepare, 8x(20s Sprint, 10s rest), 2m cooldown`) into the
/// steps of a workout file, as the JSON values `WorkoutDecoder` reads, noting the column each
/// step came from.
///
/// The grammar (docs/workout-format.md, "One-line notation"):
///
///     line   = { note } items                                       notes of the workout: countdown, halfway, tags
///     items  = item { "," item }
///     item   = COUNT ["x"|"×"] "(" items ")" [ "/" DURATION ] [ "cap" DURATION ] { note }
///                                                                  a repeat, with a rest between rounds and a time cap
///            | "for" "(" NAME { "," NAME } ")" ( "(" items ")" [ "/" DURATION ] [ "cap" DURATION ] | item ) { note }
///                                                                  a block run once per item
///            | "every" DURATION ["x"|"×"] COUNT "(" items ")" { note }  an EMOM: COUNT rounds, one every DURATION
///            | "amrap" DURATION "(" items ")" { note }             as many rounds as possible in DURATION
///            | COUNTS ("reps"|"rep") NAME [ "@" WEIGHTS ] { note }  a rep step (reps in any case)
///            | DURATIONS [KIND] [NAME] [ "@" TARGETS ] { note }    a timed step
///            | "open" [KIND] [NAME] [ "@" TARGETS ] { note }       an open step, counted up until done
///     note   = "{" KEY ":" TEXT "}"                                 a cue at a time (`{50%: Switch sides}`) or a key
///                                                                  of the file (`{cue: …}`, `{cap: 2m}`, `{name: …}`)
///
/// where COUNTS, DURATIONS and WEIGHTS are one value or one per round of the repeat around the
/// step: `[21,15,9] reps`, `[10,20,30]s` or `[30s,1m]`, `@ [40,50,60] kg`, and TARGETS are told
/// apart by their units (`NotationTargets`).
///
/// Values are not judged here: a duration, a count or a name goes into the value as written, and
/// the decoder checks it by the rules (and with the messages) of every workout file. Only a
/// weight's number is, as it must read the same in every country (`62,5` and `1.000` are refused).
struct NotationParser {
    static let kinds = PhaseKind.timed.map(\.rawValue)
    /// Characters that end an unquoted name.
    static let nameEnds: Set<Character> = [",", ")"]
    /// Characters a name must be quoted to contain.
    static let special: Set<Character> = [",", "(", ")", "\""]

    let characters: [Character]
    var index = 0
    private var depth = 0
    /// The column of each JSON path written, for pointing the decoder's findings at the line.
    var columns: [String: Int] = [:]
    /// The workout's own keys the line's leading notes give (`"countdown": 5`), as JSON members.
    var workoutFields: [JSONValue.Member] = []

    init(_ line: String) {
        characters = Array(line)
    }

    /// The JSON array of steps the whole line stands for.
    mutating func parseLine() throws(NotationSyntaxError) -> JSONValue.Content {
        skipSpaces()
        guard index < characters.count else {
            throw error("the line is empty: expected a step such as 30s, 5 reps Squats or 8x(20s, 10s rest)")
        }
        workoutFields = try parseNotes(path: "", allowed: Self.workoutNotes)
        skipSpaces()
        let steps = try parseItems(path: "steps")
        if peek == ")" { throw error("unexpected ')': there is no '(' open to close") }
        return steps
    }

    // MARK: - Items

    private mutating func parseItems(path: String) throws(NotationSyntaxError) -> JSONValue.Content {
        var steps: [JSONValue] = []
        while true {
            skipSpaces()
            steps.append(try parseItem(path: "\(path)[\(steps.count)]"))
            skipSpaces()
            guard peek == "," else { break }
            index += 1
        }
        if index < characters.count, peek != ")" {
            throw error(
                "unexpected \(describeCurrent()): expected ',' before the next step\(depth > 0 ? " or ')' to close the repeat" : "")")
        }
        return .array(steps)
    }

    private mutating func parseItem(path: String) throws(NotationSyntaxError) -> JSONValue {
        let start = index
        columns[path] = start + 1
        if let keyword = peekWord()?.lowercased(), ["every", "amrap", "open", "for"].contains(keyword) {
            index += keyword.count
            switch keyword {
            case "every": return try parseEMOM(path: path, start: start)
            case "amrap": return try parseAMRAP(path: path, start: start)
            case "for": return try parseFor(path: path, start: start)
            default: return try parseTimed(duration: .string(WorkoutDecoder.openValue), path: path, start: start)
            }
        }
        if peek == "[" { return try parseStepWithValuesPerRound(path: path, start: start) }
        guard peek?.isASCIIDigit == true else {
            throw error("unexpected \(describeCurrent()): expected a step, such as 30s, 45s Burpees, 5 reps Squats or 8x(20s, 10s rest)")
        }
        while peek?.isASCIIDigit == true { index += 1 }
        let count = String(characters[start..<index])
        var look = index
        while look < characters.count, characters[look] == " " { look += 1 }
        if look < characters.count, characters[look] == "x" || characters[look] == "×" {
            let times = look
            look += 1
            while look < characters.count, characters[look] == " " { look += 1 }
            if look < characters.count, characters[look] == "(" {
                index = look
                return try parseRepeat(count: count, path: path, start: start)
            }
            try refuseRepeatWithoutBrackets(count: count, times: times)
        }
        skipSpaces()
        if let unit = peekWord()?.lowercased(), unit == "reps" || unit == "rep" {
            index += unit.count
            return try parseRepStep(count: Self.number(count), path: path, start: start)
        }
        index = start
        return try parseTimed(duration: .string(durationText(startingWith: word())), path: path, start: start)
    }

    /// `[21,15,9] reps Thrusters`, `[10,20,30]s Row` or `[30s,1m] Plank`: a step whose count or
    /// duration is one value per round of the repeat around it.
    private mutating func parseStepWithValuesPerRound(path: String, start: Int) throws(NotationSyntaxError) -> JSONValue {
        let values = try parseList(of: "a value per round")
        let unit = peekWord().flatMap { $0.count == 1 && "hms".contains($0) ? $0 : nil }
        if let unit { index += unit.count }
        skipSpaces()
        if unit == nil, let word = peekWord()?.lowercased(), word == "reps" || word == "rep" {
            guard let bad = values.first(where: { !$0.allSatisfy(\.isASCIIDigit) }) else {
                index += word.count
                return try parseRepStep(count: .array(values.map { Self.value(Self.number($0)) }), path: path, start: start)
            }
            index = start
            throw error("a count of reps is a whole number, not '\(bad)': write them as [21,15,9] reps")
        }
        let durations = values.map { value in value + (unit ?? "") }
        if let bad = durations.first(where: { !Self.isDurationPart($0) && !Self.isCompoundDuration($0) }) {
            index = start
            throw error("'\(bad)' is not a duration: write the durations as [10,20,30]s or [30s,1m,1m30s]")
        }
        return try parseTimed(duration: Self.strings(durations), path: path, start: start)
    }

    /// `1m30s`: duration parts written together.
    private static func isCompoundDuration(_ text: String) -> Bool {
        var parts: [String] = []
        var part = ""
        for character in text {
            part.append(character)
            if character.isLetter {
                parts.append(part)
                part = ""
            }
        }
        return part.isEmpty && parts.count > 1 && parts.allSatisfy(isDurationPart)
    }

    /// `[a, b, c]` at the current column: its values, as written, without spaces. The brackets hold
    /// digits, points and unit letters only, so a comma in them separates values, never steps.
    private mutating func parseList(of what: String) throws(NotationSyntaxError) -> [String] {
        let open = index
        index += 1
        var values: [String] = []
        while true {
            skipSpaces()
            let valueStart = index
            while let character = peek, character.isASCIIDigit || character == "." || (character.isASCII && character.isLetter) {
                index += 1
            }
            guard index > valueStart else {
                throw error(
                    peek == nil
                        ? "the '[' at column \(open + 1) is not closed: expected ']'"
                        : "unexpected \(describeCurrent()): expected \(what), such as [21,15,9]")
            }
            values.append(String(characters[valueStart..<index]))
            skipSpaces()
            if peek == "]" {
                index += 1
                break
            }
            guard peek == "," else {
                throw error(
                    peek == nil
                        ? "the '[' at column \(open + 1) is not closed: expected ']'"
                        : "unexpected \(describeCurrent()): expected ',' or ']' in the values per round")
            }
            index += 1
        }
        return values
    }

    /// `8 x 20s` is not a step named "x 20s" lasting 8 s but a repeat without its brackets: the
    /// count and an `x` (at `times`) followed by a space, a digit or the end of the line.
    private mutating func refuseRepeatWithoutBrackets(count: String, times: Int) throws(NotationSyntaxError) {
        let after = times + 1
        guard after == characters.count || characters[after] == " " || characters[after] == "\t" || characters[after].isASCIIDigit else {
            return
        }
        let rest = characters[after...].prefix { !"(),\"".contains($0) }
        let steps = String(rest).trimmingSpaces()
        index = times
        throw error("a repeat puts its steps in brackets: write \(count)x(\(steps.isEmpty ? "20s, 10s rest" : steps))")
    }

    private mutating func parseRepeat(count: String, path: String, start: Int) throws(NotationSyntaxError) -> JSONValue {
        let steps = try parseBracketed(path: path, start: start)
        columns["\(path).repeat"] = start + 1
        return try parseRestAndCap(fields: [Self.member("repeat", Self.number(count)), Self.member("steps", steps)], path: path)
    }

    /// `for(Squats, Push-ups)(8x(20s {item}) / 10s) / 1m`: the steps in brackets once per item, with
    /// a rest between items and a cap as a repeat has; or `for(Squats, Push-ups) 8x(20s {item})`,
    /// one step once per item (a `/` after it is that step's).
    private mutating func parseFor(path: String, start: Int) throws(NotationSyntaxError) -> JSONValue {
        skipSpaces()
        guard peek == "(" else { throw error("expected '(' and the items after 'for', as in for(Squats, Push-ups)(20s {item})") }
        columns["\(path).for"] = index + 1
        index += 1
        let items = try parseNames(closing: ")", path: "\(path).for", what: "an item", example: "for(Squats, Push-ups)(20s {item})")
        let head = Self.member("for", Self.strings(items))
        skipSpaces()
        if peek == "(" {
            return try parseRestAndCap(fields: [head, Self.member("steps", try parseBracketed(path: path, start: start))], path: path)
        }
        guard peek != nil, peek != ",", peek != ")" else {
            throw error(
                "expected the steps to run for each item: in brackets, as in for(Squats, Push-ups)(20s {item}, 10s rest), or one step")
        }
        try enterBlock(start: start)
        let step = try parseItem(path: "\(path).steps[0]")
        depth -= 1
        skipSpaces()
        return Self.object([head, Self.member("steps", .array([step]))] + (try parseNotes(path: path, allowed: Self.blockNotes)))
    }

    /// The end of a repeat or for: `/ DURATION`, `cap DURATION` and notes, after its steps.
    private mutating func parseRestAndCap(fields: [JSONValue.Member], path: String) throws(NotationSyntaxError) -> JSONValue {
        var fields = fields
        skipSpaces()
        if peek == "/" {
            index += 1
            skipSpaces()
            columns["\(path).rest_between_rounds"] = index + 1
            fields.append(
                Self.member("rest_between_rounds", .string(try durationAfter("'/'", expected: "the rest between rounds", example: "10s"))))
            skipSpaces()
        }
        if peekWord()?.lowercased() == "cap" {
            index += 3
            skipSpaces()
            columns["\(path).time_cap"] = index + 1
            fields.append(Self.member("time_cap", .string(try durationAfter("'cap'", expected: "the time cap", example: "15m"))))
            skipSpaces()
        }
        fields += try parseNotes(path: path, allowed: Self.blockNotes)
        return Self.object(fields)
    }

    /// `every 1m x10 (steps)`: an EMOM of 10 rounds, one starting every minute.
    private mutating func parseEMOM(path: String, start: Int) throws(NotationSyntaxError) -> JSONValue {
        skipSpaces()
        columns["\(path).every"] = index + 1
        let every = try durationAfter("'every'", expected: "how often a round starts", example: "1m, as in every 1m x10 (12 reps Swings)")
        skipSpaces()
        guard peek == "x" || peek == "×" else {
            throw error("unexpected \(describeCurrent()): expected x and the number of rounds, as in every 1m x10 (12 reps Swings)")
        }
        index += 1
        skipSpaces()
        columns["\(path).rounds"] = index + 1
        guard peek?.isASCIIDigit == true else {
            throw error("expected the number of rounds after 'x', as in every 1m x10 (12 reps Swings)")
        }
        let rounds = word()
        skipSpaces()
        guard peek == "(" else { throw error("unexpected \(describeCurrent()): expected '(' and the steps of each round") }
        let steps = try parseBracketed(path: path, start: start)
        skipSpaces()
        let fields =
            [Self.member("every", .string(every)), Self.member("rounds", Self.number(rounds)), Self.member("steps", steps)]
            + (try parseNotes(path: path, allowed: Self.blockNotes))
        return Self.object(fields)
    }

    /// `amrap 12m (steps)`: the steps, round after round, until 12 minutes have passed.
    private mutating func parseAMRAP(path: String, start: Int) throws(NotationSyntaxError) -> JSONValue {
        skipSpaces()
        columns["\(path).amrap"] = index + 1
        let length = try durationAfter("'amrap'", expected: "how long it lasts", example: "12m, as in amrap 12m (5 reps Pull-ups)")
        skipSpaces()
        guard peek == "(" else { throw error("unexpected \(describeCurrent()): expected '(' and the steps of a round") }
        let steps = try parseBracketed(path: path, start: start)
        skipSpaces()
        let fields =
            [Self.member("amrap", .string(length)), Self.member("steps", steps)] + (try parseNotes(path: path, allowed: Self.blockNotes))
        return Self.object(fields)
    }

    /// The steps between `(` (at the current column) and its `)`, as a JSON array.
    private mutating func parseBracketed(path: String, start: Int) throws(NotationSyntaxError) -> JSONValue.Content {
        let open = index
        try enterBlock(start: start)
        index += 1
        skipSpaces()
        if peek == ")" { throw error("expected a step inside the brackets: a block holds at least one") }
        let steps = try parseItems(path: "\(path).steps")
        guard peek == ")" else {
            throw error("the line ends here, but the '(' at column \(open + 1) is not closed: expected ')'")
        }
        index += 1
        depth -= 1
        return steps
    }

    /// One level deeper into blocks, refused past the limit at the block's start.
    private mutating func enterBlock(start: Int) throws(NotationSyntaxError) {
        depth += 1
        guard depth <= WorkoutDecoder.maximumNesting else {
            index = start
            throw error("repeats nest more than \(WorkoutDecoder.maximumNesting) levels deep here, the limit")
        }
    }

    /// The duration that must come after `what`, as written.
    private mutating func durationAfter(_ what: String, expected: String, example: String) throws(NotationSyntaxError) -> String {
        guard peek?.isASCIIDigit == true else { throw error("expected \(expected) after \(what), a duration such as \(example)") }
        return durationText(startingWith: word())
    }

    private mutating func parseRepStep(count: JSONValue.Content, path: String, start: Int) throws(NotationSyntaxError) -> JSONValue {
        columns["\(path).reps"] = start + 1
        skipSpaces()
        columns["\(path).name"] = index + 1
        guard let name = try parseStepName(path: path) else {
            throw error("expected the exercise after 'reps': a rep step is N reps NAME, such as 5 reps Back squat")
        }
        var fields = [Self.member("reps", count), Self.member("name", name)]
        if peek == "@" {
            index += 1
            skipSpaces()
            columns["\(path).weight"] = index + 1
            if peek == "[" {
                fields.append(Self.member("weight", try parseWeightsPerRound()))
                skipSpaces()
                return Self.object(fields + (try parseNotes(path: path, allowed: Self.repNotes)))
            }
            let isQuoted = peek == "\""
            let weightStart = index
            guard let weight = try parseName(stoppingAt: nil) else {
                throw error("expected a weight after '@', such as 80 kg or 60")
            }
            if !isQuoted { try refuseLocaleNumber(in: weight, at: weightStart, what: "weight") }
            if !isQuoted, NotationTargets.isTargetOnly(weight) {
                index = weightStart
                throw error(
                    "a rep step takes no power, heart rate, pace or cadence target, as it counts reps, not time (give \(weight) to a timed or open step); "
                        + "after @ a rep step takes a weight, such as 80 kg")
            }
            let number = isQuoted ? nil : weight.decimalValue
            fields.append(Self.member("weight", number.map(JSONValue.Content.number) ?? .string(weight)))
        }
        return Self.object(fields + (try parseNotes(path: path, allowed: Self.repNotes)))
    }

    /// `@ [40,50,60] kg` (texts `"40 kg"`, …) or `@ [40,50,60]` (numbers): a weight per round.
    private mutating func parseWeightsPerRound() throws(NotationSyntaxError) -> JSONValue.Content {
        let start = index
        let values = try parseList(of: "a weight per round")
        for value in values {
            if let hint = WeightNumber(value.unicodeScalars).ambiguityHint {
                index = start
                throw error(hint)
            }
            guard value.decimalValue != nil else {
                index = start
                throw error("'\(value)' is not a number: write the weights as [40,50,60] kg")
            }
        }
        let unit = try parseName(stoppingAt: nil)
        return .array(values.map { value in Self.value(unit.map { .string("\(value) \($0)") } ?? .number(value.decimalValue ?? 0)) })
    }

    /// A weight reads the same in every country or not at all: `@ 62,5 kg` is not 62 and then a
    /// step `5 kg`, and `@ 1.000` is neither 1 nor 1000 until written as one of them.
    private mutating func refuseLocaleNumber(in weight: String, at start: Int, what: String) throws(NotationSyntaxError) {
        if let hint = WeightNumber(weight.unicodeScalars).ambiguityHint {
            index = start
            throw error(hint)
        }
        guard peek == ",", characters[index - 1].isASCIIDigit, index + 1 < characters.count, characters[index + 1].isASCIIDigit else {
            return
        }
        var first = index - 1
        while first > start, characters[first - 1].isASCIIDigit || characters[first - 1] == "." { first -= 1 }
        var written = String(characters[first...].prefix { $0.isASCIIDigit || $0 == "." || $0 == "," })
        while written.last?.isASCIIDigit == false { written.removeLast() }
        index = first
        let number = WeightNumber(written.unicodeScalars)
        if let hint = number.ambiguityHint { throw error("a comma separates steps, and \(hint)") }
        guard case .number(let value, let length) = number, length == written.unicodeScalars.count else {
            throw error("a comma separates steps: write the \(what) \(written) without commas, with a point before any decimals")
        }
        throw error(
            "a comma separates steps: write the \(what) \(written) as \(JSONText.number(value)) (or put a space after the comma to start a step)"
        )
    }

    private mutating func parseTimed(duration: JSONValue.Content, path: String, start: Int) throws(NotationSyntaxError) -> JSONValue {
        skipSpaces()
        if peek == "(" {
            throw error("unexpected '(': a repeat is written N x (steps), such as 8x(20s, 10s rest)")
        }
        var kind = "work"
        if let word = peekWord(), let known = Self.kinds.first(where: { $0 == word.lowercased() }) {
            kind = known
            index += word.count
            skipSpaces()
        }
        columns["\(path).\(kind)"] = start + 1
        var fields = [Self.member(kind, duration)]
        columns["\(path).name"] = index + 1
        if let name = try parseStepName(path: path) {
            fields.append(Self.member("name", name))
        }
        if peek == "@" {
            index += 1
            fields += try parseTargets(path: path)
        }
        fields += try parseNotes(path: path, allowed: Self.timedNotes)
        return Self.object(fields)
    }

    /// The targets after `@` on a timed or open step, up to the next step or note, each under its
    /// file key at its column; a decimal comma is refused, as it would start the next step, while
    /// inside brackets (`[100,105]%`, one per round) a comma separates values.
    private mutating func parseTargets(path: String) throws(NotationSyntaxError) -> [JSONValue.Member] {
        skipSpaces()
        let start = index
        var words: [(text: String, column: Int)] = []
        while let character = peek, character != ",", character != ")", !startsNote(at: index) {
            if character == " " || character == "\t" {
                index += 1
                continue
            }
            let wordStart = index
            var inList = false
            while let character = peek,
                inList || (character != " " && character != "\t" && character != "," && character != ")" && !startsNote(at: index))
            {
                if character == "[" { inList = true } else if character == "]" { inList = false }
                index += 1
            }
            words.append((String(characters[wordStart..<index]), wordStart + 1))
        }
        for word in words { try refuseLocaleNumber(in: word.text, at: word.column - 1, what: "target") }
        guard !words.isEmpty else {
            index = start
            throw error("expected a target after '@', such as \(NotationTargets.examples)")
        }
        return try NotationTargets(words: words).targets.map { target in
            columns["\(path).\(target.key)"] = target.column
            return Self.member(target.key, target.isPerRound ? Self.strings(target.texts) : .string(target.texts[0]))
        }
    }

    /// `A, "B, C", D` up to `closing`, after its opening character: names separated by commas, each
    /// noted at its column under `path`.
    mutating func parseNames(closing: Character, path: String, what: String, example: String) throws(NotationSyntaxError) -> [String] {
        let open = index - 1
        var names: [String] = []
        while true {
            skipSpaces()
            columns["\(path)[\(names.count)]"] = index + 1
            guard let name = try parseName(stoppingAt: nil, ends: [",", ")", closing]) else {
                throw error(
                    peek == nil
                        ? "the '\(characters[open])' at column \(open + 1) is not closed: expected '\(closing)'"
                        : "expected \(what) here, as in \(example)")
            }
            names.append(name)
            if peek == closing {
                index += 1
                return names
            }
            guard peek == "," else {
                throw error(
                    peek == nil
                        ? "the '\(characters[open])' at column \(open + 1) is not closed: expected '\(closing)'"
                        : "unexpected \(describeCurrent()): expected ',' or '\(closing)'")
            }
            index += 1
        }
    }

    // MARK: - Words and names

    /// A name up to the next `,` or `)` (or `stop`, or a note), or a quoted one; nil when there is none.
    private mutating func parseName(stoppingAt stop: Character?, ends: Set<Character> = nameEnds) throws(NotationSyntaxError) -> String? {
        skipSpaces()
        if peek == "\"" {
            let name = try quoted()
            skipSpaces()
            return name
        }
        let start = index
        while let character = peek, !ends.contains(character), character != stop, !startsNote(at: index) {
            if character == "(" || character == "\"" {
                throw error(
                    "a name with \(character == "(" ? "a bracket" : "a quote") in it is written in double quotes, such as 30s \"Plank (elbows)\""
                )
            }
            index += 1
        }
        let name = String(characters[start..<index]).trimmingSpaces()
        return name.isEmpty ? nil : name
    }

    /// A step's name up to `@` as JSON, or `[Swings, Burpees]`, a name per round of the repeat
    /// around the step, as an array; nil when there is none.
    private mutating func parseStepName(path: String) throws(NotationSyntaxError) -> JSONValue.Content? {
        guard peek == "[" else { return try parseName(stoppingAt: "@").map(JSONValue.Content.string) }
        index += 1
        let names = try parseNames(closing: "]", path: "\(path).name", what: "a name per round", example: "[Swings, Burpees]")
        skipSpaces()
        return Self.strings(names)
    }

    /// A name in double quotes, where `\"` is a quote and `\\` a backslash.
    mutating func quoted() throws(NotationSyntaxError) -> String {
        let open = index
        index += 1
        var text = ""
        while let character = peek {
            index += 1
            switch character {
            case "\"": return text
            case "\\" where peek == "\"" || peek == "\\":
                text.append(characters[index])
                index += 1
            default: text.append(character)
            }
        }
        index = open
        throw error("this quoted name is not closed: end it with \"")
    }

    /// A duration as written, joining a following part of it (`1m 30s`).
    private mutating func durationText(startingWith first: String) -> String {
        var text = first
        skipSpaces()
        while text.last?.isLetter == true, let next = peekWord(allowingDigits: true), Self.isDurationPart(next) {
            index += next.count
            text += " " + next
            skipSpaces()
        }
        return text
    }

    /// `30s`, `5m`, `1h`: a number and a unit letter, the second half of `1m 30s`.
    static func isDurationPart(_ word: String) -> Bool {
        guard let unit = word.last, "hms".contains(unit) else { return false }
        return String(word.dropLast()).decimalValue != nil
    }

    /// The characters up to the next space, `,`, `(`, `)`, `/`, `"` or `@`.
    private mutating func word() -> String {
        let start = index
        while let character = peek, !Self.breaksWord(character) { index += 1 }
        return String(characters[start..<index])
    }

    /// The word that starts here, without moving past it: letters only unless `allowingDigits`.
    private func peekWord(allowingDigits: Bool = false) -> String? {
        var end = index
        while end < characters.count, !Self.breaksWord(characters[end]), allowingDigits || characters[end].isLetter { end += 1 }
        guard end > index, end == characters.count || Self.breaksWord(characters[end]) else { return nil }
        return String(characters[index..<end])
    }

    static func breaksWord(_ character: Character) -> Bool {
        character == " " || character == "\t" || "(),/\"@".contains(character)
    }

    /// A count as written: digits as a number; anything else, or digits too many for a number, as
    /// text, which the decoder refuses as it refuses any count that is no whole number.
    static func number(_ digits: String) -> JSONValue.Content {
        guard !digits.isEmpty, digits.allSatisfy(\.isASCIIDigit), let number = Double(digits), number.isFinite else {
            return .string(digits)
        }
        return .number(number)
    }

    // MARK: - Values

    /// A value of the workout file the line stands for; the line is not JSON, so its offset is 0
    /// and its place is in `columns`.
    static func value(_ content: JSONValue.Content) -> JSONValue {
        JSONValue(content: content, offset: 0)
    }

    static func member(_ key: String, _ content: JSONValue.Content) -> JSONValue.Member {
        JSONValue.Member(key: key, value: value(content))
    }

    static func object(_ members: [JSONValue.Member]) -> JSONValue {
        value(.object(members))
    }

    static func strings(_ texts: [String]) -> JSONValue.Content {
        .array(texts.map { value(.string($0)) })
    }

    // MARK: - Scanning

    var peek: Character? {
        index < characters.count ? characters[index] : nil
    }

    mutating func skipSpaces() {
        while let character = peek, character == " " || character == "\t" { index += 1 }
    }

    func describeCurrent() -> String {
        guard let character = peek else { return "the end of the line" }
        return "'\(TerminalText.visible(String(character), keepingLineBreaks: false))'"
    }

    func error(_ message: String) -> NotationSyntaxError {
        NotationSyntaxError(column: index + 1, message: message)
    }
}
