import Foundation
import Testing

/// `pacer weight` as a user runs it: readings recorded as written, listed, drawn, exported, and shown
/// by `pacer stats` beside the strength curves (what is no body weight is refused in CommandUsageTests).
@Suite("weight command")
struct WeightCommandTests {
    static func day(_ offset: Int) -> String {
        let date = Calendar.current.date(byAdding: .day, value: offset, to: Date())!
        let parts = Calendar.current.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!)
    }

    @Test func readingsAreRecordedListedDrawnAndExported() throws {
        let home = try CommandLineHome()
        let none = home.call(["weight"])
        #expect(none.status == 0 && none.stdout == "No body weight recorded yet: 'pacer weight 82.5 kg' records one.\n", "\(none)")
        #expect(home.call(["weight", "--json"]).stdout == "[]\n")

        for (text, offset) in [("84", -9), ("83,5", -6), ("83.1kg", -3), ("182 lb", -1)] {
            let arguments =
                offset == -9 ? ["weight", text, "kg", "--date", Self.day(offset)] : ["weight", text, "--date", Self.day(offset)]
            let recorded = home.call(arguments)
            #expect(recorded.status == 0 && recorded.stdout.hasPrefix("recorded "), "\(recorded)")
        }
        let today = home.call(["weight", "181"])
        #expect(today.status == 0 && today.stdout.hasPrefix("recorded 181 lb for "), "without a unit, the last reading's: \(today)")
        let kilos = home.call(["weight", "82.4", "kg"])
        #expect(
            kilos.status == 0 && kilos.stdout.hasPrefix("recorded 82.4 kg for ") && kilos.stdout.contains(", seven-day average "),
            "\(kilos)")

        let shown = home.call(["weight"], environment: ["COLUMNS": "60"])
        #expect(shown.status == 0 && shown.stderr.isEmpty, "\(shown)")
        #expect(
            shown.stdoutLines.first == "Body weight (kg): • a day's reading, · the average of its seven days",
            "the latest reading's unit: \(shown)")
        #expect(shown.stdoutLines.contains { $0.contains("┤") && $0.contains("•") }, "\(shown)")
        #expect(shown.stdoutLines.contains { $0.contains("·") }, "the average is drawn too: \(shown)")
        #expect(
            shown.stdoutLines.contains { $0.hasSuffix("182 lb") || $0.contains("  182 lb  ") }, "a reading is listed as written: \(shown)")
        #expect(shown.stdoutLines.contains { $0.contains("83.5 kg") }, "82,5 is 82.5, 83,5 is 83.5: \(shown)")

        let json = home.call(["weight", "--json"])
        let readings = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [[String: Any]], "\(json)")
        #expect(readings.count == 6 && readings.map { $0["unit"] as? String } == ["kg", "kg", "kg", "lb", "lb", "kg"], "\(readings)")
        #expect(
            readings.first?["date"] as? String == Self.day(-9) && readings[3]["weight"] as? Int == 182, "kept in its own unit: \(readings)")
        let csv = home.call(["weight", "--csv"])
        let rows = csv.stdout.components(separatedBy: "\r\n")
        #expect(rows.first == "id,date,weight,unit" && rows.count == 8 && rows[4].hasSuffix(",182,lb"), "\(csv)")

        let stats = home.call(["stats"], environment: ["COLUMNS": "80"])
        #expect(
            stats.status == 0 && stats.stdout.contains("Body weight (kg)") && stats.stdout.contains("latest 82.3 kg on "),
            "weight alone is worth showing; today's 181 lb and 82.4 kg make 82.3 kg: \(stats)")
        let statsJSON = home.call(["stats", "--json"])
        let object = try #require(try JSONSerialization.jsonObject(with: Data(statsJSON.stdout.utf8)) as? [String: Any], "\(statsJSON)")
        let weight = try #require(object["weight"] as? [String: Any], "\(object)")
        #expect(weight["unit"] as? String == "kg" && (weight["days"] as? [[String: Any]])?.count == 5, "\(weight)")
        #expect(object["plan"] is NSNull, "no plan: \(object)")
    }
}
