import PacerFoundation
import PacerWorkout

/// What was measured over a phase or a session as the history keeps it: each channel's average
/// and maximum, the power's normalised value and work, and the seconds each targeted channel spent
/// inside, below and above its target; stored as the `measured` and `in_target` fields of
/// `phase.end` and `session.end` (docs/events.md), in one JSON object.
public struct MeasuredRecord: Sendable, Equatable {
    /// One channel's average and maximum, in its unit.
    public struct Channel: Sendable, Equatable {
        public var average: Double
        public var maximum: Double

        public init(average: Double, maximum: Double) {
            self.average = average
            self.maximum = maximum
        }
    }

    public var channels: [MeasuredChannel: Channel]
    /// Watts; nil without power.
    public var normalizedPower: Double?
    /// Nil without power.
    public var kilojoules: Double?
    /// Only for the channels that had a target.
    public var adherence: [MeasuredChannel: TargetAdherence]
    /// The JSON as stored: `{"measured":{…},"in_target":{…}}`.
    public let json: String

    /// What `summary` says, as the history stores it (to a tenth); nil when nothing was measured.
    public init?(_ summary: MeasuredSummary) {
        var object = JSONObjectWriter()
        summary.add(to: &object)
        guard !summary.isEmpty, case .success(let record) = Self.read(object.text) else { return nil }
        self = record
    }

    private init(json: String) {
        self.json = json
        channels = [:]
        adherence = [:]
    }

    /// The `measured` and `in_target` fields as `phase.end` writes them (the latter only with a
    /// target), for `history --json`.
    public var fields: [(key: String, json: String)] {
        var measured = JSONObjectWriter()
        var inTarget = JSONObjectWriter()
        for channel in MeasuredChannel.allCases {
            if let statistics = channels[channel] {
                var object = JSONObjectWriter()
                object.add("avg", raw: JSONText.number(statistics.average))
                object.add("max", raw: JSONText.number(statistics.maximum))
                if channel == .power {
                    if let normalizedPower { object.add("np", raw: JSONText.number(normalizedPower)) }
                    if let kilojoules { object.add("kj", raw: JSONText.number(kilojoules)) }
                }
                measured.add(channel.rawValue, raw: object.text)
            }
            if let seconds = adherence[channel] {
                inTarget.add(channel.rawValue, raw: "{\"inside\":\(seconds.inside),\"below\":\(seconds.below),\"above\":\(seconds.above)}")
            }
        }
        return [("measured", measured.text)] + (adherence.isEmpty ? [] : [("in_target", inTarget.text)])
    }

    /// The record in `text`, or why it cannot be read.
    static func read(_ text: String) -> Result<MeasuredRecord, MeasuredRecordError> {
        let value: JSONValue
        do throws(JSONSyntaxError) {
            value = try JSONParser.parse(Array(text.utf8))
        } catch {
            return .failure(MeasuredRecordError(expected: "JSON (\(error.message) at \(error.position))"))
        }
        var record = MeasuredRecord(json: text)
        guard case .object(let members) = value.content else {
            return .failure(MeasuredRecordError("it is \(value.typeName), not an object"))
        }
        for member in members {
            switch member.key {
            case "measured":
                if let problem = record.readChannels(member.value) { return .failure(MeasuredRecordError(problem)) }
            case "in_target":
                guard record.readAdherence(member.value) else {
                    return .failure(MeasuredRecordError("in_target holds no whole seconds per channel"))
                }
            default: continue
            }
        }
        return .success(record)
    }

    /// Reads `{"power":{"avg":…,"max":…,"np":…,"kj":…},…}`; what is wrong when a value cannot be a
    /// measurement (`measured.power holds avg -5, which no sensor gives`).
    private mutating func readChannels(_ value: JSONValue) -> String? {
        guard case .object(let members) = value.content else { return "measured is \(value.typeName), not an object" }
        for member in members {
            guard let channel = MeasuredChannel(rawValue: member.key) else { continue }
            guard let fields = Self.numbers(member.value), let average = fields["avg"], let maximum = fields["max"] else {
                return "measured.\(channel.rawValue) has no number avg and max"
            }
            let limits = ["avg": channel.maximum, "max": channel.maximum, "np": channel.maximum, "kj": Self.maximumKilojoules]
            for (key, number) in fields.sorted(by: { $0.key < $1.key }) where !(0...(limits[key] ?? .infinity)).contains(number) {
                return "measured.\(channel.rawValue) holds \(key) \(JSONText.number(number)), which no sensor gives"
            }
            channels[channel] = Channel(average: average, maximum: maximum)
            if channel == .power { (normalizedPower, kilojoules) = (fields["np"], fields["kj"]) }
        }
        return nil
    }

    /// Reads `{"power":{"inside":…,"below":…,"above":…},…}`; false when a count cannot be seconds.
    private mutating func readAdherence(_ value: JSONValue) -> Bool {
        guard case .object(let members) = value.content else { return false }
        for member in members {
            guard let channel = MeasuredChannel(rawValue: member.key) else { continue }
            guard let fields = Self.numbers(member.value) else { return false }
            let counts = ["inside", "below", "above"].map { fields[$0].flatMap { Self.seconds.contains($0) ? Int(exactly: $0) : nil } }
            guard let inside = counts[0], let below = counts[1], let above = counts[2] else { return false }
            adherence[channel] = TargetAdherence(inside: inside, below: below, above: above)
        }
        return true
    }

    /// The number fields of an object; nil when it is no object or a field is no finite number.
    private static func numbers(_ value: JSONValue) -> [String: Double]? {
        guard case .object(let members) = value.content else { return nil }
        var numbers: [String: Double] = [:]
        for member in members {
            guard case .number(let number) = member.value.content, number.isFinite else { return nil }
            numbers[member.key] = number
        }
        return numbers
    }

    /// Seconds of a session: 366 days at most, as the history reads any time.
    private static let seconds = 0.0...(366 * 86_400)
    /// The most work a session can hold: the most power for the longest session.
    private static let maximumKilojoules = MeasuredChannel.power.maximum * seconds.upperBound / 1000
}

/// Why a stored measured summary cannot be read.
struct MeasuredRecordError: Error {
    /// What the value is not.
    let expected: String

    init(expected: String) {
        self.expected = expected
    }

    init(_ reason: String) {
        expected = "what was measured (\(reason))"
    }
}
