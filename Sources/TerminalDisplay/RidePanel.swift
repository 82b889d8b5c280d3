import PacerWorkout

/// What the ride screen shows beside the clock: the step's main target, the reading of the channel
/// that measures it (coloured and marked by where it stands), and the other channels heard.
struct RidePanel: Equatable {
    /// A channel's reading as the panel shows it.
    struct Reading: Equatable {
        /// For the big digits: `210`, `4:32`, `-` when the channel is stale.
        let digits: String
        /// Under them: `power W ▲ high`, `power –`.
        let caption: String
        let standing: TargetStanding?
        /// On one line: `power 210 W ▲ high`, `power –`.
        let line: String
    }

    let target: RideTarget?
    /// The reading of the target's channel; nil when nothing was measured this session.
    let reading: Reading?
    /// The other channels heard this session, on one line: `heart rate 150 bpm   cadence 90 rpm`.
    let others: String

    /// The panel for a step's `targets` `fraction` of the way through it, with what the sensors said;
    /// nil when there is neither a target nor a reading to show.
    init?(targets: Targets, at fraction: Double, readings: Readings?) {
        let target = RideTarget(targets, at: fraction)
        guard target != nil || !(readings?.heard.isEmpty ?? true) else { return nil }
        self.target = target
        reading = target.flatMap { target in readings.map { Self.reading(of: target, in: $0) } }
        let shown: Set<MeasuredChannel> = target.map { [$0.channel] } ?? []
        others =
            readings.map { readings in
                Self.listed.filter { !shown.contains($0) && readings.heard.contains($0) }
                    .map { Self.line(for: $0, value: readings.fresh[$0]) }
                    .joined(separator: "   ")
            } ?? ""
    }

    /// The channels the line of others lists, in order.
    private static let listed: [MeasuredChannel] = [.power, .heartRate, .cadence]

    private static func reading(of target: RideTarget, in readings: Readings) -> Reading {
        let value = readings.fresh[target.channel]
        let standing = target.standing(of: value)
        let name = target.paceMetres == nil ? name(of: target.channel) : "pace"
        let digits = target.digits(of: value)
        let mark = standing.map { " " + $0.mark(pace: target.paceMetres != nil) } ?? ""
        guard value != nil, digits != "-" else { return Reading(digits: "-", caption: name + " –", standing: nil, line: name + " –") }
        let unit = target.paceUnit ?? unit(of: target.channel)
        return Reading(digits: digits, caption: name + " " + unit + mark, standing: standing, line: name + " " + digits + " " + unit + mark)
    }

    /// `heart rate 150 bpm`, or `heart rate –` when the channel is stale.
    static func line(for channel: MeasuredChannel, value: Double?) -> String {
        guard let value, let whole = Int(exactly: value.rounded()) else { return name(of: channel) + " –" }
        return name(of: channel) + " \(whole) " + unit(of: channel)
    }

    private static func name(of channel: MeasuredChannel) -> String {
        switch channel {
        case .power: "power"
        case .heartRate: "heart rate"
        case .cadence: "cadence"
        case .speed: "speed"
        case .distance: "distance"
        }
    }

    private static func unit(of channel: MeasuredChannel) -> String {
        switch channel {
        case .power: "W"
        case .heartRate: "bpm"
        case .cadence: "rpm"
        case .speed: "m/s"
        case .distance: "m"
        }
    }
}
