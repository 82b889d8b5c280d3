import HistoryTestSupport
import PacerFoundation
import Testing

@testable import History

/// Body weight: read as written (the same in every country or not at all), kept in its unit in
/// the history, and drawn as one curve with a seven-day average.
@Suite("body weight")
struct WeightTests {
    static func parsed(_ text: String, unit: BodyWeight.Unit? = nil) -> String {
        switch BodyWeight.parse(text, unit: unit) {
        case .success(let weight): weight.description
        case .failure(let error): "error: \(error)"
        }
    }

    @Test func aWeightIsANumberAndAUnitAsWritten() {
        #expect(Self.parsed("82.5 kg") == "82.5 kg" && Self.parsed("82.5kg") == "82.5 kg" && Self.parsed("  82,5 kg ") == "82.5 kg")
        #expect(Self.parsed("181 lbs") == "181 lb" && Self.parsed("181 pounds") == "181 lb" && Self.parsed("80 Kilos") == "80 kg")
        #expect(Self.parsed("82.5", unit: .lb) == "82.5 lb", "without a unit, the one given")
        #expect(Self.parsed("1,000.5 lb") == "1000.5 lb")
    }

    @Test func whatIsNoBodyWeightIsRefusedWithAReason() {
        #expect(Self.parsed("-5 kg") == "error: '-5 kg' is not a body weight: write a number and its unit, such as 82.5 kg or 181 lb")
        #expect(Self.parsed("1e400 kg") == "error: '1e400 kg' is not a body weight: write a number and its unit, such as 82.5 kg or 181 lb")
        #expect(Self.parsed("nan kg").hasPrefix("error: 'nan kg' is not a body weight"))
        #expect(Self.parsed("inf").hasPrefix("error: 'inf' is not a body weight"))
        #expect(Self.parsed("0 kg") == "error: a body weight is above 0 and at most 1000 kg, not 0 kg")
        #expect(Self.parsed("1001 kg") == "error: a body weight is above 0 and at most 1000 kg, not 1001 kg")
        #expect(Self.parsed("2205 lb") == "error: a body weight is above 0 and at most 2204 lb, not 2205 lb")
        #expect(Self.parsed("1,000 lb") == "error: 1,000 means 1000 in some countries and 1 in others: write 1000 or 1")
        #expect(Self.parsed("82.5") == "error: give the unit of '82.5': 82.5 kg or 181 lb")
        #expect(Self.parsed("12 stone") == "error: 'stone' is not a unit of body weight: write kg or lb, as in 82.5 kg or 181 lb")
        #expect(Self.parsed("").hasPrefix("error: '' is not a body weight"))
        #expect(Self.parsed("82.5 kg\u{1B}[2J").hasPrefix("error: "), "no escape sequence is a unit")
    }

    /// Why a text is no body weight is a case to switch on, with what was written.
    @Test func whatIsNoBodyWeightIsACase() {
        func failure(_ text: String, unit: BodyWeight.Unit? = nil) -> BodyWeightError? {
            guard case .failure(let error) = BodyWeight.parse(text, unit: unit) else { return nil }
            return error
        }
        #expect(failure("-5 kg") == .notAWeight("-5 kg"))
        #expect(failure("12 stone") == .notAUnit("stone"))
        #expect(failure("82.5") == .noUnit("82.5"))
        #expect(failure("82.5", unit: .lb) == nil)
        #expect(failure("2205 lb") == .outOfRange("2205 lb", unit: .lb))
        guard case .ambiguous? = failure("1,000 lb") else {
            Issue.record("1,000 is not .ambiguous")
            return
        }
    }

    @Test func readingsAreKeptInTheirUnitAndReadBackByDay() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        let recorded = wall("2026-11-30T07:00:00+01:00")
        try store.recordWeighIn(try BodyWeight.parse("180 lb").get(), day: day("2026-11-29"), at: recorded)
        try store.recordWeighIn(try BodyWeight.parse("82.5 kg").get(), day: day("2026-11-30"), at: recorded)
        try store.recordWeighIn(try BodyWeight.parse("81.9 kg").get(), day: day("2026-11-28"), at: recorded)
        #expect(try store.weighIns().map { "\($0.day) \($0.weight)" } == ["2026-11-28 81.9 kg", "2026-11-29 180 lb", "2026-11-30 82.5 kg"])
        #expect(
            try sql(store.path, "SELECT value || ' ' || unit FROM weigh_ins ORDER BY id") == ["180.0 lb", "82.5 kg", "81.9 kg"],
            "as written")
        // A row another program broke is left out, not misread.
        _ = try sql(
            store.path, "INSERT INTO weigh_ins (day, value, unit, recorded_at, utc_offset) VALUES ('yesterday', 'x', 'stone', 0, 0)")
        #expect(try store.weighIns().count == 3)
    }

    @Test func theCurveIsInTheLatestUnitWithASevenDayAverage() throws {
        var id: Int64 = 0
        func reading(_ date: String, _ text: String) throws -> WeighIn {
            id += 1
            return WeighIn(id: id, day: day(date), weight: try BodyWeight.parse(text).get())
        }
        let readings = [
            try reading("2026-11-20", "84 kg"), try reading("2026-11-24", "83 kg"), try reading("2026-11-26", "82 kg"),
            try reading("2026-11-26", "83 kg"), try reading("2026-11-27", "82 kg"),
        ]
        let curve = try #require(WeightCurve(readings))
        #expect(curve.unit == .kg)
        #expect(curve.points.map(\.day.description) == ["2026-11-20", "2026-11-24", "2026-11-26", "2026-11-27"])
        #expect(curve.points.map(\.weight) == [84, 83, 82.5, 82], "a day with two readings is their mean")
        #expect(curve.points.map(\.average) == [84, 83.5, 83, 82.5], "the 20th is out of the 27th's seven days")
        let mixed = try #require(WeightCurve(readings + [try reading("2026-11-28", "180 lb")]))
        #expect(mixed.unit == .lb && mixed.points.first.map { ($0.weight * 100).rounded() / 100 } == 185.19, "84 kg drawn in pounds")
        #expect(WeightCurve([]) == nil)
    }

    @Test func statisticsCarryTheCurve() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        #expect(try store.statistics(today: day("2026-11-30")).weight == nil)
        try store.recordWeighIn(try BodyWeight.parse("82.5 kg").get(), day: day("2026-11-30"), at: wall("2026-11-30T07:00:00+01:00"))
        #expect(try store.statistics(today: day("2026-11-30")).weight?.points.map(\.weight) == [82.5])
    }
}
