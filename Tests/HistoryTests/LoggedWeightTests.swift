import PacerWorkout
import Testing

@testable import History

@Suite("Logged weights")
struct LoggedWeightTests {
    @Test(
        arguments: [
            ("30kg", 30.0, "kg"), ("22.5 kg", 22.5, "kg"), ("22,5 kg", 22.5, "kg"), ("135 lb", 135, "lb"), ("135 lbs", 135, "lb"),
            ("20 KG", 20, "kg"), (" 60 ", 60, nil), ("60", 60, nil), ("2 pounds", 2, "lb"), ("12 plates", 12, "plates"),
            ("1,000,000 lb", 1_000_000, "lb"), ("1,000.5 lb", 1000.5, "lb"), ("1.000,5 kg", 1000.5, "kg"), ("0,125 kg", 0.125, "kg"),
        ] as [(String, Double, String?)])
    func aNumberAndAUnitAreParsed(text: String, value: Double, unit: String?) {
        let weight = LoggedWeight(text: text)
        #expect(weight.text == text)
        #expect(weight.value == value)
        #expect(weight.unit == unit)
    }

    @Test(arguments: [
        "bodyweight", "", "kg", "20 kg + band", "2x20kg", "-5 kg", "1e5 kg", "20 kg kg", "1.2.3 kg", "twenty kilos",
        // Thousands one place, one another: kept as text, never a wrong number.
        "1,000 lb", "1.000 kg", "12,500", "2.500 kg",
    ])
    func anythingElseKeepsOnlyItsText(text: String) {
        #expect(LoggedWeight(text: text) == LoggedWeight(text: text, value: nil, unit: nil))
    }

    @Test func workoutWeightsConvert() {
        #expect(LoggedWeight(.number(62.5)) == LoggedWeight(text: "62.5", value: 62.5, unit: nil))
        #expect(LoggedWeight(.text("20 kg")) == LoggedWeight(text: "20 kg", value: 20, unit: "kg"))
        #expect(LoggedWeight(text: "22,5 KG").description == "22.5 kg")
        #expect(LoggedWeight(text: "bodyweight").description == "bodyweight")
    }
}
