import Foundation
import HistoryTestSupport
import PacerFoundation
import Testing

@testable import History
@testable import HistoryReports

/// What `pacer weight` and `pacer stats` print of body weight, and how it is exported.
@Suite("weight output")
struct WeightReportTests {
    static func readings(_ list: [(String, String)]) throws -> [WeighIn] {
        try list.enumerated().map { index, reading in
            WeighIn(id: Int64(index + 1), day: day(reading.0), weight: try BodyWeight.parse(reading.1).get())
        }
    }

    @Test func theCurveAndTheLastReadingsBesideTheirAverage() throws {
        let weighIns = try Self.readings([
            ("2026-11-24", "84 kg"), ("2026-11-26", "83 kg"), ("2026-11-28", "181 lb"), ("2026-11-30", "82 kg"),
        ])
        let text = WeightReport(weighIns: weighIns, limit: 3, style: HistoryStyle(colored: false), columns: 80).text
        #expect(
            text == """
                Body weight (kg): • a day's reading, · the average of its seven days
                  84 ┤•
                     │  ·
                     │  • ·
                     │      ·
                     │
                  82 ┤    • •
                      2026-11-24 2026-11-30

                  day              weight  seven-day average
                  Mon 30 Nov 2026   82 kg            82.8 kg
                  Sat 28 Nov 2026  181 lb              83 kg
                  Thu 26 Nov 2026   83 kg            83.5 kg
                  … and 1 earlier (--limit N shows more)

                """, "181 lb is drawn as 82.1 kg, and listed as written")
        #expect(
            WeightReport(weighIns: [], limit: 10, style: HistoryStyle(colored: false), columns: 80).text
                == "No body weight recorded yet: 'pacer weight 82.5 kg' records one.\n")
        #expect(
            WeightReport.recorded(weighIns[3].weight, day: day("2026-11-30"), weighIns: weighIns).plain
                == "recorded 82 kg for Mon 30 Nov 2026, seven-day average 82.8 kg")
        #expect(
            WeightReport.recorded(weighIns[0].weight, day: day("2026-11-24"), weighIns: [weighIns[0]]).plain
                == "recorded 84 kg for Tue 24 Nov 2026")
    }

    @Test func statsDrawTheCurveBesideTheStrengthCurves() throws {
        let folder = try TemporaryFolder()
        let store = try HistoryStore(path: folder.file("history.sqlite3"))
        try store.record("Strength", at: "2026-11-29T18:30:00+01:00", phases: [set(1, "Squat", reps: 5, weight: "75 kg")])
        for (date, text) in [("2026-11-28", "83 kg"), ("2026-11-30", "82.5 kg")] {
            try store.recordWeighIn(try BodyWeight.parse(text).get(), day: day(date), at: wall("\(date)T07:00:00+01:00"))
        }
        let statistics = try store.statistics(today: day("2026-11-30"))
        let lines = StatsReport(statistics: statistics, style: HistoryStyle(colored: false), columns: 80).text.components(separatedBy: "\n")
        let strength = try #require(lines.firstIndex(of: "Strength: estimated one-rep max (Epley), best set per day"))
        let weight = try #require(lines.firstIndex(of: "Body weight (kg): • a day's reading, · the average of its seven days"))
        #expect(weight > strength, "after the strength curves")
        #expect(lines.contains("  latest 82.5 kg on 2026-11-30, seven-day average 82.8 kg"), "\(lines)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(StatsJSON.json(statistics).utf8)) as? [String: Any])
        let curve = try #require(json["weight"] as? [String: Any])
        #expect(curve["unit"] as? String == "kg")
        #expect((curve["days"] as? [[String: Any]])?.map { $0["average"] as? Double } == [83, 82.8], "\(curve)")
    }

    @Test func readingsAreExportedAsWritten() throws {
        let weighIns = try Self.readings([("2026-11-28", "181 lb"), ("2026-11-30", "82.5 kg")])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(WeightExport.json(weighIns).utf8)) as? [[String: Any]])
        #expect(
            json.count == 2 && json[0]["date"] as? String == "2026-11-28" && json[0]["weight"] as? Int == 181
                && json[0]["unit"] as? String == "lb")
        #expect(Set(json[1].keys) == ["id", "date", "weight", "unit"] && json[1]["weight"] as? Double == 82.5)
        #expect(WeightExport.json([]) == "[]\n")
        #expect(WeightExport.csv(weighIns, visible: false) == "id,date,weight,unit\r\n1,2026-11-28,181,lb\r\n2,2026-11-30,82.5,kg\r\n")
        #expect(WeightExport.csv([], visible: false) == "id,date,weight,unit\r\n")
    }
}
