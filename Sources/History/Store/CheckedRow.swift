import PacerFoundation
import PacerWorkout

/// A history row whose numbers are checked before pacer computes with them: a value no session
/// can have (infinite, negative, years away, text where a number belongs), as another program or
/// a damaged file may leave, is named in `problems` and read as nil, never trusted.
struct CheckedRow {
    let row: SQLiteRow
    /// What cannot be read, one entry per value, naming its column: the row is left out.
    private(set) var problems: [String] = []
    /// The phase's targets when they cannot be read, naming the column: the phase is read without them.
    private(set) var targetProblem: String?
    /// What was measured when it cannot be read, naming the column: the row is read without it.
    private(set) var measuredProblem: String?

    /// The longest duration the history reads: 366 days, far past any session (7 days at most,
    /// plus its extensions), and far from overflowing when durations are added up.
    private static let maximumSeconds = 366.0 * 86_400
    /// Starts from 1900-01-01 to 9999-12-31 (UTC): every date with a four-digit year.
    private static let epochSeconds: ClosedRange<Int64> = -2_208_988_800...253_402_300_799
    /// Offsets of local time from UTC, in seconds: less than a day either way.
    private static let utcOffsets: ClosedRange<Int64> = -86_399...86_399
    /// Reps at a rep step: as many as a workout file may ask for.
    private static let reps: ClosedRange<Int64> = 0...Int64(Phase.maximumReps)
    /// A logged weight's number: no lift weighs more, and its estimated one-rep max stays finite.
    private static let weights: ClosedRange<Double> = 0...1_000_000
    /// A session's speed factor: above 0, and no further from 1 than a number pacer can show.
    private static let speeds: ClosedRange<Double> = Double.leastNonzeroMagnitude...1_000_000

    /// An athlete's FTP in watts: as much as a power target may ask for.
    private static let ftps: ClosedRange<Double> = 1...3000
    /// A session's TSS: an hour at threshold is 100, and no session is near a million.
    private static let stressScores: ClosedRange<Double> = 0...1_000_000

    init(_ row: SQLiteRow) {
        self.row = row
    }

    /// A number of seconds from 0 to `maximumSeconds` as a duration; nil for NULL or a value that
    /// cannot be read.
    mutating func duration(_ column: Int32, _ name: String) -> WorkoutDuration? {
        number(column, name, in: 0...Self.maximumSeconds, what: "a number of seconds")
            .map { WorkoutDuration(milliseconds: Int64(($0 * 1000).rounded())) }
    }

    /// A moment of a session, in real seconds from its start (a phase's start, a pause's start or
    /// end, a sample's `t`); nil for NULL or a value that cannot be read.
    mutating func seconds(_ column: Int32, _ name: String) -> Double? {
        number(column, name, in: 0...Self.maximumSeconds, what: "a number of seconds")
    }

    /// The athlete's FTP in watts, in column `ftp`.
    mutating func ftp(_ column: Int32) -> Double? {
        number(column, "ftp", in: Self.ftps, what: "an FTP in watts")
    }

    /// A training stress score, in column `name`.
    mutating func stress(_ column: Int32, _ name: String) -> Double? {
        number(column, name, in: Self.stressScores, what: "a TSS")
    }

    /// A rep step's reps logged, in column `reps`.
    mutating func reps(_ column: Int32) -> Int? {
        integer(column, "reps", in: Self.reps, what: "a number of reps").map { Int($0) }
    }

    /// A logged weight's number, in column `weight_value`.
    mutating func weight(_ column: Int32) -> Double? {
        number(column, "weight_value", in: Self.weights, what: "a weight")
    }

    /// A session's speed factor, in column `speed`.
    mutating func speed(_ column: Int32) -> Double? {
        number(column, "speed", in: Self.speeds, expected: "a speed factor above 0 and up to 1000000")
    }

    /// A phase's targets, in column `targets` (the JSON `HistoryStore.json` writes); none for NULL,
    /// and none, with `targetProblem` saying why, for a value that cannot be read (the column is
    /// TEXT, so SQLite stores any other value in it as text).
    mutating func targets(_ column: Int32) -> Targets {
        guard let text = row.text(column) else { return Targets() }
        let value = SQLiteValue.text(text)
        do throws(JSONSyntaxError) {
            let json = try JSONParser.parse(Array(text.utf8))
            do throws(TargetError) {
                return try Targets(contract: json)
            } catch {
                targetProblem = Self.problem("targets", value, "targets pacer can read (\(error.message))")
            }
        } catch {
            targetProblem = Self.problem("targets", value, "JSON (\(error.message) at \(error.position))")
        }
        return Targets()
    }

    /// What was measured, in column `measured` (the JSON `MeasuredRecord.json`); nil for NULL, and
    /// nil, with `measuredProblem` saying why, for a value that cannot be read.
    mutating func measured(_ column: Int32) -> MeasuredRecord? {
        guard let text = row.text(column) else { return nil }
        switch MeasuredRecord.read(text) {
        case .success(let record): return record
        case .failure(let error):
            measuredProblem = Self.problem("measured", .text(text), error.expected)
            return nil
        }
    }

    /// A measured value of `channel` (a sample's), from 0 to the most a sensor can report.
    mutating func measurement(_ column: Int32, _ channel: MeasuredChannel) -> Double? {
        number(column, channel.rawValue, in: 0...channel.maximum, what: "a measurement in \(channel.unit)")
    }

    /// The moment in the columns `seconds` (UTC epoch seconds) and `offset`; nil when either is
    /// NULL or cannot be read.
    mutating func wallTime(seconds: Int32, offset: Int32, _ name: String) -> WallTime? {
        let epoch = integer(seconds, "\(name)_at", in: Self.epochSeconds, expected: "a time from 1900 to 9999 (seconds since 1970, UTC)")
        let offset = integer(offset, "utc_offset", in: Self.utcOffsets, expected: "an offset from UTC of less than a day (in seconds)")
        guard let epoch, let offset else { return nil }
        return WallTime(epochSeconds: epoch, utcOffset: Int(offset))
    }

    /// A whole number within `range`; nil for NULL or a value that cannot be read (a real with
    /// no fraction is read as the integer it is), which is described as `what` from the range's
    /// bounds, or as `expected` when given.
    mutating func integer(
        _ column: Int32, _ name: String, in range: ClosedRange<Int64>, what: String = "a whole number",
        expected: String? = nil
    ) -> Int64? {
        let value = row.value(column)
        switch value {
        case .null: return nil
        case .integer(let number) where range.contains(number): return number
        case .real(let number) where number.rounded() == number && Double(range.lowerBound) <= number && number <= Double(range.upperBound):
            return Int64(number)
        default:
            note(name, value, expected ?? "\(what) from \(range.lowerBound) to \(range.upperBound)")
            return nil
        }
    }

    /// A finite number within `range`; nil for NULL or a value that cannot be read, which is
    /// described as `what` from the range's bounds, or as `expected` when given.
    mutating func number(
        _ column: Int32, _ name: String, in range: ClosedRange<Double>, what: String = "a number",
        expected: String? = nil
    ) -> Double? {
        let value = row.value(column)
        switch value {
        case .null: return nil
        case .integer(let number) where range.contains(Double(number)): return Double(number)
        case .real(let number) where range.contains(number): return number
        default:
            note(name, value, expected ?? "\(what) from \(JSONText.number(range.lowerBound)) to \(JSONText.number(range.upperBound))")
            return nil
        }
    }

    /// Notes that column `name` holds `value`, which is not the `expected` kind of value.
    mutating func note(_ name: String, _ value: SQLiteValue, _ expected: String) {
        problems.append(Self.problem(name, value, expected))
    }

    /// `active is inf, not a number of seconds from 0 to 31622400`.
    private static func problem(_ name: String, _ value: SQLiteValue, _ expected: String) -> String {
        let shown =
            switch value {
            case .null: "NULL"
            case .integer(let number): "\(number)"
            case .real(let number): JSONText.number(number)
            case .text(let text): JSONText.quoted(text.count > 40 ? String(text.prefix(40)) + "…" : text)
            }
        return "\(name) is \(shown), not \(expected)"
    }
}
