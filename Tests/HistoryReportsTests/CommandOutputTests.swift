import Foundation
import HistoryTestSupport
import PacerEngine
import PacerFoundation
import Testing

@testable import History
@testable import HistoryReports

/// The text and data `pacer history` and `pacer stats` print, from a real history file.
@Suite("history and stats output")
struct CommandOutputTests {
    let folder: TemporaryFolder
    let store: HistoryStore

    init() throws {
        folder = try TemporaryFolder()
        store = try HistoryStore(path: folder.file("history.sqlite3"))
        try store.record("Tabata", at: "2026-11-27T07:00:00+01:00", phases: [work(1), work(2, seconds: 10)])
        try store.record(
            "Strength", at: "2026-11-29T18:30:00+01:00",
            phases: [
                set(1, "Squat", reps: 5, weight: "75 kg"), set(2, "Squat", reps: 8, weight: "60 kg"),
                set(3, "Push-ups, wide", reps: 12, weight: "bodyweight"),
            ], paused: 12)
        try store.record("Tabata", at: "2026-11-30T07:15:00+01:00", phases: [work(1, outcome: .skipped)], outcome: .quit)
        try store.record("Evil\u{1B}[31m \"quoted\"", at: "2026-11-30T08:00:00+01:00", phases: [work(1, "Line\nbreak")], outcome: nil)
    }

    private func jsonObject(_ text: String) throws -> Any {
        try JSONSerialization.jsonObject(with: Data(text.utf8))
    }

    @Test func theListingGroupsByDayNewestFirst() throws {
        let text = HistoryListing(sessions: try store.sessions(), today: day("2026-11-30"), style: HistoryStyle(colored: false)).text
        #expect(
            text == """
                Today
                  #4  08:00  Evil\\u{1b}[31m "quoted"  20s  interrupted
                  #3  07:15  Tabata                   20s  quit

                Yesterday
                  #2  18:30  Strength                  2m  completed    3 sets

                Fri 27 Nov 2026
                  #1  07:00  Tabata                   30s  completed

                """)
        #expect(!text.contains("\u{1B}"), "control characters from the workout are made visible")
    }

    @Test func colourIsOnlyWrittenWhenAskedFor() throws {
        let colored = HistoryListing(sessions: try store.sessions(), today: day("2026-11-30"), style: HistoryStyle(colored: true)).text
        #expect(colored.contains("\u{1B}[1mToday\u{1B}[0m"))
        #expect(colored.contains("\u{1B}[31minterrupted\u{1B}[0m"))
    }

    @Test func oneSessionInFull() throws {
        let session = try #require(try store.session(id: 2))
        let text = SessionDetail(session: session, style: HistoryStyle(colored: false)).text
        #expect(
            text == """
                #2  Strength
                  file     /w/Strength.json
                  started  Sun 29 Nov 2026 18:30:00 +01:00
                  ended    Sun 29 Nov 2026 18:32:12 +01:00, completed
                  time     active 2m, paused 12s, planned 4m

                  #  kind  name            exercise        planned  active  outcome    logged
                  1  reps  Squat           Squat                 -    0:40  completed  5 × 75 kg
                  2  reps  Squat           Squat                 -    0:40  completed  8 × 60 kg
                  3  reps  Push-ups, wide  Push-ups, wide        -    0:40  completed  12 × bodyweight

                """)
        let interrupted = SessionDetail(session: try #require(try store.session(id: 4)), style: HistoryStyle(colored: false)).text
        #expect(interrupted.contains("  ended    never recorded: interrupted\n"))
        #expect(interrupted.contains("Line\\u{a}break"))
    }

    @Test func jsonIsAnArrayOfSessionsWithTheirPhases() throws {
        var text = ""
        HistoryExport.json(try store.sessions(withPhases: true), to: &text)
        let sessions = try #require(try jsonObject(text) as? [[String: Any]])
        #expect(sessions.count == 4)
        #expect(!text.contains("\u{1B}"))
        let strength = sessions[2]
        #expect(
            Set(strength.keys) == [
                "id", "workout", "file", "started", "ended", "outcome", "planned", "active", "paused", "speed", "ftp", "tss",
                "tss_planned", "pauses", "phases",
            ])
        #expect(
            strength["tss"] is NSNull && strength["ftp"] is NSNull && strength["pauses"] as? [Any] != nil,
            "nothing measured, no plan's load")
        #expect(strength["workout"] as? String == "Strength")
        #expect(strength["started"] as? String == "2026-11-29T18:30:00+01:00")
        #expect(strength["ended"] as? String == "2026-11-29T18:32:12+01:00")
        #expect(strength["outcome"] as? String == "completed")
        #expect(strength["planned"] as? Int == 240 && strength["active"] as? Int == 120 && strength["paused"] as? Int == 12)
        let phases = try #require(strength["phases"] as? [[String: Any]])
        #expect(phases.count == 3)
        #expect(phases[0]["kind"] as? String == "reps" && phases[0]["name"] as? String == "Squat")
        #expect(phases[0]["planned"] is NSNull && phases[0]["active"] as? Int == 40)
        #expect(phases[0]["reps"] as? Int == 5 && phases[0]["weight"] as? Double == 75 && phases[0]["unit"] as? String == "kg")
        #expect(phases[2]["weight"] as? String == "bodyweight" && phases[2]["unit"] is NSNull)
        let interrupted = sessions[0]
        #expect(interrupted["workout"] as? String == "Evil\u{1B}[31m \"quoted\"", "JSON carries the text exactly")
        #expect(interrupted["outcome"] as? String == "interrupted" && interrupted["ended"] is NSNull && interrupted["paused"] is NSNull)
        var empty = ""
        HistoryExport.json([], to: &empty)
        #expect(empty == "[]\n")
    }

    @Test func csvHasAHeaderAndOneRowPerPhaseQuotedAsRFC4180Says() throws {
        var text = ""
        HistoryExport.csv(try store.sessions(withPhases: true), visible: false, to: &text)
        let lines = text.components(separatedBy: "\r\n")
        #expect(
            lines.first
                == "session,workout,file,started,ended,outcome,index,kind,name,planned,active,phase_outcome,reps,weight,unit,exercise,distance,open,target,"
                + "phase_started,actual,avg_power,max_power,np,kj,avg_heart_rate,max_heart_rate,avg_cadence,avg_speed")
        #expect(lines.last == "", "every row ends in CRLF")
        #expect(
            lines.contains(
                "2,Strength,/w/Strength.json,2026-11-29T18:30:00+01:00,2026-11-29T18:32:12+01:00,completed,1,reps,Squat,,40,completed,5,75,kg,Squat,,0,"
                    + unmeasuredCells))
        #expect(
            lines.contains(
                "2,Strength,/w/Strength.json,2026-11-29T18:30:00+01:00,2026-11-29T18:32:12+01:00,completed,3,reps,\"Push-ups, wide\",,40,completed,12,bodyweight,,\"Push-ups, wide\",,0,"
                    + unmeasuredCells))
        #expect(text.contains("4,\"Evil\u{1B}[31m \"\"quoted\"\"\",\"/w/Evil\u{1B}[31m \"\"quoted\"\".json\","), "raw into a file or pipe")
        #expect(
            text.contains(",\"Line\nbreak\",20,20,completed,,,,\"Line\nbreak\",,0,\(unmeasuredCells)\r\n"), "a line break inside quotes")
        #expect(lines.count == 1 + 6 + 1 + 1, "header, six phases (one with a line break), and the final empty string")

        var onScreen = ""
        HistoryExport.csv(try store.sessions(withPhases: true), visible: true, to: &onScreen)
        #expect(!onScreen.contains("\u{1B}") && onScreen.contains("Evil\\u{1b}[31m"))
    }

    @Test func csvNeutralisesFormulasInTextFromTheUsersDataAndLeavesItsOwnNumbers() throws {
        let path = folder.file("hostile.sqlite3")
        let hostile = try HistoryStore(path: path)
        let formulas = [
            "=HYPERLINK(\"http://evil\",\"x\")", "=cmd|' /C calc'!A0", "+1+1", "-5 kg", "@SUM(A1)", "\tTab", "\rReturn", "\u{FF1D}1+1",
        ]
        try hostile.record(
            formulas[0], at: "2026-11-30T08:00:00+01:00",
            phases: formulas.indices.map { index in
                set(index + 1, formulas[index], reps: 5, weight: formulas[index])
            })
        var text = ""
        HistoryExport.csv(try hostile.sessions(withPhases: true), visible: false, to: &text)
        let rows = text.components(separatedBy: "\r\n").dropFirst().filter { !$0.isEmpty }
        #expect(rows.count == formulas.count, "\(text)")
        #expect(rows.first?.hasPrefix("1,\"'=HYPERLINK(\"\"http://evil\"\",\"\"x\"\")\",\"/w/=HYPERLINK") == true, "\(text)")
        for (row, formula) in zip(rows, formulas) {
            // A field that still begins with a formula character, quoted or not, is a formula.
            let cells = row.split(separator: ",", omittingEmptySubsequences: false).map { $0.hasPrefix("\"") ? $0.dropFirst() : $0 }
            #expect(!cells.contains { $0.unicodeScalars.first.map(CSVField.formulaStarts.contains) == true }, "\(row)")
            #expect(row.contains("'" + formula) || row.contains("\"'" + formula.replacingOccurrences(of: "\"", with: "\"\"")), "\(row)")
        }
        #expect(rows.allSatisfy { $0.contains(",40,completed,5,") }, "Pacer's own numbers stay numbers: \(text)")

        var json = ""
        HistoryExport.json(try hostile.sessions(withPhases: true), to: &json)
        let sessions = try #require(try jsonObject(json) as? [[String: Any]])
        #expect(sessions.first?["workout"] as? String == formulas[0], "JSON keeps the text exactly")
        #expect((sessions.first?["phases"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == formulas)
        #expect((sessions.first?["phases"] as? [[String: Any]])?.compactMap { $0["exercise"] as? String } == formulas)
    }

    @Test func statsJSONHasTheShapeOfTheIssue() throws {
        let text = StatsJSON.json(try store.statistics(today: day("2026-11-30")))
        let stats = try #require(try jsonObject(text) as? [String: Any])
        #expect(Set(stats.keys) == ["weeks", "streak", "load", "workouts", "exercises", "open", "weight", "plan"])
        #expect(stats["weight"] is NSNull && stats["plan"] is NSNull && stats["load"] is NSNull, "no readings, no plan, no TSS")
        #expect(stats["open"] as? [Any] != nil)
        let weeks = try #require(stats["weeks"] as? [[String: Any]])
        #expect(weeks.count == 12)
        #expect(weeks.last?["week"] as? String == "2026-W49" && weeks.last?["sessions"] as? Int == 2 && weeks.last?["active"] as? Int == 40)
        #expect(weeks.dropLast().last?["week"] as? String == "2026-W48" && weeks.dropLast().last?["sessions"] as? Int == 2)
        #expect(stats["streak"] as? [String: Int] == ["current": 2, "longest": 2])
        let workouts = try #require(stats["workouts"] as? [[String: Any]])
        #expect(workouts.first?["name"] as? String == "Tabata" && workouts.first?["sessions"] as? Int == 2)
        #expect(workouts.first?["completed"] as? Int == 1 && workouts.first?["completion"] as? Double == 0.5)
        let exercises = try #require(stats["exercises"] as? [[String: Any]])
        #expect(exercises.count == 1 && exercises[0]["name"] as? String == "Squat")
        let sets = try #require(exercises[0]["sets"] as? [[String: Any]])
        #expect(sets.count == 1)
        #expect(sets[0]["date"] as? String == "2026-11-29" && sets[0]["reps"] as? Int == 5 && sets[0]["weight"] as? Int == 75)
        #expect(sets[0]["unit"] as? String == "kg" && sets[0]["e1rm"] as? Double == 87.5)
    }

    @Test func statsTextDrawsWeeksStreaksWorkoutsAndCurves() throws {
        try store.record("Strength", at: "2026-11-30T18:00:00+01:00", phases: [set(1, "Squat", reps: 5, weight: "80 kg")])
        let text = StatsReport(statistics: try store.statistics(today: day("2026-11-30")), style: HistoryStyle(colored: false), columns: 80)
            .text
        let lines = text.components(separatedBy: "\n")
        #expect(lines.first == "Time trained per week")
        #expect(lines.contains("  2026-W48  ██████████████████████████████████████████  2m 30s  2 sessions"))
        #expect(lines.contains("  2026-W49  ██████████████████████▍                     1m 20s  3 sessions"))
        #expect(lines.contains("  2026-W38                                                  0s"))
        #expect(lines.contains("Streak  2 days (longest 2 days)"))
        #expect(lines.contains("  Tabata                          2        50%"))
        #expect(lines.contains("  Evil\\u{1b}[31m \"quoted\"         1         0%"))
        #expect(lines.contains("  Squat (kg)  best 93.3 on 2026-11-30: 80 kg × 5, 2 days"))
        #expect(lines.contains("  93.3 ┤ •") && lines.contains("  87.5 ┤•") && lines.contains("        2026-11-29 2026-11-30"))
        #expect(!text.contains("\u{1B}"))
    }
}
