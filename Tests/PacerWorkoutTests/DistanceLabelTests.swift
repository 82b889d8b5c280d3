import Testing

@testable import PacerWorkout

/// Issue 35, item 8: a distance label read as metres for `show --json` and `phase.start`.
@Suite("distance labels")
struct DistanceLabelTests {
    @Test(arguments: [
        ("400 m", 400.0), ("400m", 400), ("1.5 km", 1500), ("1 mi", 1609.344), ("100 yd", 91.44), ("5 KM", 5000), (" 800 metres ", 800),
    ])
    func aNumberAndAUnitIsALength(label: String, metres: Double) {
        #expect(DistanceLabel.metres(in: label) == metres)
    }

    @Test(arguments: ["400 m fast", "1,5 km", "km", "400", "0 m", "1.2.3 km", ".5 km", "400 parsecs", ""])
    func anythingElseIsALabelOnly(label: String) {
        #expect(DistanceLabel.metres(in: label) == nil)
    }

    @Test func showJSONAndPhaseStartCarryOpenAndTheDistance() throws {
        let decoded = try WorkoutDecoder.decode(
            Array(
                #"{"name": "Track", "steps": [{"work": "open", "name": "Lap", "distance": "400 m", "target": "1:30"}, {"rest": 60}]}"#.utf8)
        )
        let plan = Plan(decoded)
        let json = PlanJSON(plan).phase(0)
        #expect(json.contains(#""open":true,"target":90,"distance":"400 m","distance_m":400"#), "\(json)")
        #expect(!PlanJSON(plan).phase(1).contains("open"))
    }
}
