import Testing

@testable import PacerFoundation
@testable import PacerWorkout

/// Targets read back from the `show --json` / `phase.start` contract, as the history stores them:
/// every target a file can hold comes back the same, and what no file can hold is refused.
@Suite("Targets: read back from the contract JSON")
struct TargetContractTests {
    /// The contract JSON of `targets`, as `add(to:)` writes it.
    private static func contract(_ targets: Targets, _ thresholds: TargetThresholds = .none) -> String {
        var object = JSONObjectWriter()
        var targets = targets
        targets.thresholds = thresholds
        targets.add(to: &object)
        return object.text
    }

    /// The targets read from `text`, or the refusal's message.
    private static func read(_ text: String) throws -> Result<Targets, TargetError> {
        let json = try JSONParser.parse(Array(text.utf8))
        do throws(TargetError) {
            return .success(try Targets(contract: json))
        } catch {
            return .failure(error)
        }
    }

    @Test(
        arguments: [
            ("90%", nil, nil, nil), ("62.5%", nil, nil, nil), ("88-94%", nil, nil, "85-95 rpm"), ("33.3-66.7%", nil, nil, nil),
            ("250 W", nil, nil, nil), ("200-220 W", nil, nil, nil), ("Z3", nil, nil, nil), ("ramp 50-75%", nil, nil, "90 rpm"),
            ("ramp 60-40%", nil, nil, nil), ("ramp 150-250 W", nil, nil, nil), ("free", nil, nil, nil), ("1%", nil, nil, nil),
            ("500%", nil, nil, nil),
            (nil, "Z2", nil, nil), (nil, "140-150 bpm", nil, nil), (nil, "85-90% LTHR", nil, nil), (nil, "75% max", nil, nil),
            (nil, nil, "4:30/km", nil), (nil, nil, "4:20-4:40/km", nil), (nil, nil, "7:00/mi", nil), (nil, nil, "1:45/100m", nil),
            (nil, nil, "Z3", nil), (nil, nil, "95%", nil), (nil, nil, "59:59/km", nil), ("free", "Z2", nil, "85-95 rpm"),
            // Percentages whose fraction times 100 is not the number again (0.07 * 100 is 7.000000000000001).
            ("55-56%", nil, nil, nil), ("ramp 7-110%", nil, nil, nil), (nil, "57-58% LTHR", nil, nil), (nil, "115% max", nil, nil),
            (nil, nil, "113%", nil),
        ] as [(String?, String?, String?, String?)])
    func everyTargetAFileCanHoldComesBackTheSame(power: String?, heartRate: String?, pace: String?, cadence: String?) throws {
        let targets = Targets(
            power: try power.map(PowerTarget.init(parsing:)), heartRate: try heartRate.map(HeartRateTarget.init(parsing:)),
            pace: try pace.map(PaceTarget.init(parsing:)), cadence: try cadence.map(CadenceTarget.init(parsing:)))
        #expect(try Self.read(Self.contract(targets)) == .success(targets))
        let withFTP = Self.contract(targets, TargetThresholds(ftp: 250))
        #expect(try Self.read(withFTP) == .success(targets), "the watts FTP adds are derived, and not read: \(withFTP)")
        let withThresholdPace = Self.contract(targets, TargetThresholds(thresholdPace: 270))
        #expect(
            try Self.read(withThresholdPace) == .success(targets),
            "the paces threshold pace adds are derived, and not read: \(withThresholdPace)")
    }

    @Test func anEmptyObjectIsNoTarget() throws {
        #expect(try Self.read("{}") == .success(Targets()))
    }

    @Test(arguments: [
        ("[]", "the targets are an array, not an object"),
        (#"{"power": "90%"}"#, "power is a string, not an object"),
        (#"{"power": {"unit": "kJ", "start": [1, 1], "end": [1, 1]}}"#, "power.unit \"kJ\" is not one of ftp, watts, zone"),
        (#"{"power": {"start": [1, 1]}}"#, "power has no unit (one of ftp, watts, zone)"),
        (#"{"power": {"unit": 3, "start": [1, 1]}}"#, "power.unit is a number, not a string"),
        (#"{"power": {"unit": "ftp"}}"#, "power has no start"),
        (#"{"power": {"unit": "ftp", "start": [0.9]}}"#, "power.start is not [low, high]"),
        (#"{"power": {"unit": "ftp", "start": [0.9, "x"]}}"#, "power.start holds a string, not a number"),
        (#"{"power": {"unit": "zone", "start": [-3, -3]}}"#, "power.start holds -3, which no target can be"),
        (#"{"heart_rate": {"unit": "lthr", "start": [1e300, 1e300]}}"#, "heart_rate.start holds 1e+300, which no target can be"),
        (#"{"power": {"unit": "ftp", "start": [12, 12], "end": [12, 12]}}"#, "1200% is out of range: a power target is 1–1000 % of FTP"),
        (#"{"power": {"unit": "ftp", "start": [0.94, 0.88], "end": [0.94, 0.88]}}"#, "94 is above 88: write the lower value first, 88-94%"),
        (
            #"{"power": {"unit": "ftp", "start": [0.5, 0.55], "end": [0.7, 0.75]}}"#,
            "power ramps from one range to another: a ramp goes from one value to another"
        ),
        (#"{"power": {"unit": "zone", "start": [9, 9], "end": [9, 9]}}"#, "there is no power zone Z9: Coggan's power zones are Z1 to Z7"),
        (#"{"power": {"unit": "zone", "start": [2, 3], "end": [2, 3]}}"#, "power is a zone, so its start and end are one number"),
        (#"{"power": {"unit": "ftp", "start": [0.9, 0.9], "joules": 1}}"#, "power has an unknown field \"joules\""),
        (
            #"{"heart_rate": {"unit": "bpm", "start": [120, 120], "end": [150, 150]}}"#,
            "only a power target ramps: write a steady heart-rate target such as 140-150 bpm, 85-90% LTHR, 75% max or Z2"
        ),
        (#"{"pace": {"unit": "s/km", "start": [270.5, 270.5], "end": [270.5, 270.5]}}"#, "pace holds 270.5, not a whole number of seconds"),
        (
            #"{"pace": {"unit": "s/km", "start": [0, 0], "end": [0, 0]}}"#,
            "a pace of 0:00 would take no time: write minutes:seconds per unit, such as 4:30/km"
        ),
        (#"{"cadence": {"unit": "rpm", "start": [90, 90]}}"#, "cadence has an unknown field \"unit\""),
        (#"{"cadence": {"start": [300, 300], "end": [300, 300]}}"#, "300 rpm is out of range: a cadence is 1–250 rpm"),
        (#"{"free_ride": 1}"#, "free_ride is a number, not true"),
        (#"{"free_ride": true, "power": {"unit": "watts", "start": [250, 250], "end": [250, 250]}}"#, "a free ride has no power target"),
        (#"{"speed": 3}"#, "unknown field \"speed\""),
    ])
    func whatNoFileCanHoldIsRefusedSayingWhy(json: String, message: String) throws {
        #expect(try Self.read(json) == .failure(TargetError(message)))
    }
}
