import PacerFoundation

/// What a step aims at: any of power, heart rate, pace and cadence.
public struct Targets: Sendable, Equatable, CustomStringConvertible {
    public var power: PowerTarget?
    public var heartRate: HeartRateTarget?
    public var pace: PaceTarget?
    public var cadence: CadenceTarget?
    /// The athlete's thresholds the plan was made with: every description and the JSON give each
    /// target in both forms with them (`88–94 % FTP · 220–235 W`).
    public var thresholds: TargetThresholds

    public init(
        power: PowerTarget? = nil, heartRate: HeartRateTarget? = nil, pace: PaceTarget? = nil, cadence: CadenceTarget? = nil,
        thresholds: TargetThresholds = .none
    ) {
        self.power = power
        self.heartRate = heartRate
        self.pace = pace
        self.cadence = cadence
        self.thresholds = thresholds
    }

    /// Whether the step has no target at all.
    public var isEmpty: Bool { power == nil && heartRate == nil && pace == nil && cadence == nil }

    /// Each target for the display, power first: `["88–94 % FTP · 220–235 W", "90 rpm"]`. A ramp
    /// reads as written (`ramp 50–75 % FTP`) or, `fraction` of the way through its step, as the
    /// target now and where it is heading (`62 % → 75 % FTP`).
    public func descriptions(at fraction: Double? = nil) -> [String] {
        let power = power.map { power in fraction.map { power.description(at: $0, with: thresholds) } ?? power.description(with: thresholds)
        }
        return [power, heartRate?.description(with: thresholds), pace?.description(with: thresholds), cadence?.description].compactMap {
            $0
        }
    }

    /// The targets as written, joined: `88–94 % FTP, 90 rpm`.
    public var description: String { descriptions().joined(separator: ", ") }

    /// The targets as a phase's line gives them after its name, `@ 88–94 % FTP, 90 rpm`; nil when
    /// there are none.
    public var label: String? { label(at: nil) }

    /// The label with a ramp's target `fraction` of the way through its step (`@ 62 % → 75 % FTP`).
    public func label(at fraction: Double?) -> String? {
        isEmpty ? nil : "@ " + descriptions(at: fraction).joined(separator: ", ")
    }

    /// Adds the fields of the `show --json` and `phase.start` contract that are set: `"power"`,
    /// `"heart_rate"`, `"pace"`, `"cadence"`, or `"free_ride": true` for a free ride.
    public func add(to object: inout JSONObjectWriter) {
        if power == .freeRide { object.add("free_ride", raw: "true") }
        if let power = power?.json(with: thresholds) { object.add("power", raw: power) }
        if let heartRate { object.add("heart_rate", raw: heartRate.json) }
        if let pace { object.add("pace", raw: pace.json(with: thresholds)) }
        if let cadence { object.add("cadence", raw: cadence.json) }
    }
}
