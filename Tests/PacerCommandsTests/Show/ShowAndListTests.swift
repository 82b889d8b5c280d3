import Foundation
import Glibc
import Testing

/// `pacer show`, `pacer list` and the workout search path, built-in workouts included.
@Suite("show, list and the search path")
struct ShowAndListTests {
    static let builtIns = [
        "amrap-12", "circuit-rounds", "emom-20", "emom-reps", "fran", "pyramid", "seven-minute", "strength-ramp", "strength", "sweet-spot",
        "tabata-four", "tabata", "track-400",
    ]

    @Test func showSevenMinuteListsTheTimelineAndTotals() async throws {
        let home = try CommandLineHome()
        let result = home.call(["show", "seven-minute"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        #expect(result.stdoutLines.first == "7-Minute Workout  (<built-in>/seven-minute.json)", "\(result)")

        let timeline = ShownTimeline(result.stdout)
        try #require(timeline.rows.count == 24, "\(result)")
        #expect(timeline.rows.map(\.index) == Array(1...24))
        #expect(timeline.rows[0].kind == "prepare" && timeline.rows[0].name == "Get ready" && timeline.rows[0].start == 0)
        #expect(timeline.rows[1].start == 10, "phase 2 starts at 0:10")
        #expect(timeline.rows[1].kind == "work" && timeline.rows[1].name == "Jumping jacks" && timeline.rows[1].duration == 30)
        #expect(timeline.rows[2].kind == "rest" && timeline.rows[2].start == 40 && timeline.rows[2].duration == 10)
        #expect(timeline.rows[23].name == "Side plank" && timeline.rows[23].start == 450, "the last phase starts at 7:30")
        // Every phase starts where the one before ends; work and rest alternate after the prepare phase.
        for (previous, row) in zip(timeline.rows, timeline.rows.dropFirst()) {
            #expect(row.start == previous.start + (previous.duration ?? 0), "phase \(row.index)")
            #expect(row.kind == (row.index % 2 == 0 ? "work" : "rest"), "phase \(row.index)")
        }
        #expect(timeline.rows.filter { $0.kind == "rest" }.allSatisfy { $0.duration == 10 })

        #expect(timeline.totals["work"]?.count == 12 && timeline.totals["work"]?.time == "6m", "\(result)")
        #expect(timeline.totals["rest"]?.count == 11 && timeline.totals["rest"]?.time == "1m 50s", "\(result)")
        #expect(timeline.totals["prepare"]?.count == 1 && timeline.totals["prepare"]?.time == "10s", "\(result)")
        #expect(timeline.totalPhases == 24 && timeline.totalTime == "8m", "\(result)")
    }

    // Issue 7, item 19: the totals read "work 12 × 6m", which reads as 72 minutes.
    @Test func showWritesNoEscapeCodesUnlessAskedTo() async throws {
        let home = try CommandLineHome()
        // Standard output is a pipe: no colour, with or without NO_COLOR.
        let plain = home.call(["show", "seven-minute"])
        let noColor = home.call(["show", "seven-minute"], environment: ["NO_COLOR": "1"])
        let never = home.call(["show", "seven-minute", "--color", "never"])
        for result in [plain, noColor, never] {
            #expect(result.status == 0, "\(result)")
            #expect(!result.stdout.contains("\u{1B}"), "escape codes in: \(result)")
            #expect(result.stdout.contains("Jumping jacks"))
        }
        #expect(plain.stdout == noColor.stdout)
        // The control: asked for colour, it is there.
        let always = home.call(["show", "seven-minute", "--color", "always"])
        #expect(always.status == 0, "\(always)")
        #expect(always.stdout.contains("\u{1B}["), "--color always should colour the output")
    }

    @Test func showCountsRepStepsApart() async throws {
        let home = try CommandLineHome()
        let lift = try home.write(
            "lift.json",
            """
            {"name": "Lift", "steps": [{"warmup": "2m"},
              {"repeat": 2, "name": "Set", "rest_between_rounds": "90s",
               "steps": [{"reps": 5, "name": "Squat {round}/{rounds}", "weight": "100 kg"}]}]}
            """)
        let result = home.call(["show", lift])
        #expect(result.status == 0, "\(result)")
        let timeline = ShownTimeline(result.stdout)
        #expect(timeline.rows.map(\.kind) == ["warmup", "reps", "rest", "reps"], "\(result)")
        #expect(timeline.rows.map(\.start) == [0, 120, 120, 210], "rep steps add no time: \(result)")
        #expect(timeline.rows[1].name.hasPrefix("Squat 1/2"), "\(result)")
        #expect(timeline.rows[3].name.hasPrefix("Squat 2/2"), "\(result)")
        #expect(timeline.rows[1].round == "1/2" && timeline.rows[3].round == "2/2", "\(result)")
        #expect(timeline.totals["reps"]?.count == 2 && timeline.totals["reps"]?.time == "untimed", "\(result)")
        #expect(timeline.totalPhases == 4 && timeline.totalTime == "3m 30s", "\(result)")
    }

    @Test func showOfAnUnknownWorkoutSuggestsOne() async throws {
        let home = try CommandLineHome()
        let result = home.call(["show", "tabta"])
        #expect(result.status == 1, "\(result)")
        #expect(result.stdout.isEmpty, "\(result)")
        #expect(result.stderr.contains("did you mean \"tabata\""), "\(result)")
    }

    @Test func listShowsTheBuiltInWorkoutsFromAnEmptyFolder() async throws {
        let home = try CommandLineHome()
        #expect(!FileManager.default.fileExists(atPath: home.file("workouts")))
        let result = home.call(["list"])
        #expect(result.status == 0, "\(result)")
        #expect(result.stderr.isEmpty, "\(result)")
        let rows = result.stdoutLines.dropFirst()
        #expect(result.stdoutLines.first?.hasPrefix("NAME") == true, "\(result)")
        #expect(rows.map { String($0.prefix { $0 != " " }) } == Self.builtIns, "\(result)")
        #expect(rows.allSatisfy { $0.hasSuffix("built in") }, "\(result)")
        #expect(rows.first { $0.hasPrefix("tabata ") }?.contains(" 17 ") == true, "\(result)")
        #expect(rows.first { $0.hasPrefix("seven-minute ") }?.contains("8:00") == true, "\(result)")
    }

    // Issue 36: another app's file on the search path is a workout like any other, by its name.
    @Test func anotherAppsFileInTheWorkoutsFolderIsListedAndFoundByName() async throws {
        let home = try CommandLineHome()
        try home.write(
            "workouts/over-unders.zwo",
            """
            <workout_file><name>Over-unders</name><workout>
            <SteadyState Duration="120" Power="0.95"/><SteadyState Duration="60" Power="1.05"/>
            </workout></workout_file>
            """)
        try home.write("workouts/notes.txt", "- not a workout to list\n")
        let list = home.call(["list"])
        let row = list.stdoutLines.first { $0.hasPrefix("over-unders ") }
        #expect(list.status == 0 && row?.contains(" 2 ") == true && row?.contains("3:00") == true, "\(list)")
        #expect(!list.stdout.contains("notes"), "a .txt says no format by its name: \(list)")
        let show = home.call(["show", "over-unders"])
        #expect(show.status == 0 && show.stdout.contains("@ 105 % FTP"), "\(show)")
    }

    // Issue 41, item 4: `list` read every text event of a `.zwo` (and every row of an ERG's course
    // text) to show a file's phases and time. It now skips them; what it shows is what a full read gives.
    @Test func aFileOfThousandsOfTextsIsListedAsAFullReadShowsIt() async throws {
        let home = try CommandLineHome()
        let texts = { (step: Int) in (0..<10).map { #"<textevent timeoffset="\#($0 * 6)" message="Step \#(step), cue \#($0)"/>"# }.joined()
        }
        let steps = (0..<300).map { #"<SteadyState Duration="60" Power="0.7">\#(texts($0))</SteadyState>"# }.joined(separator: "\n")
        try home.write(
            "pacer-path/texts.zwo",
            """
            <workout_file><name>Texts</name><sportType>bike</sportType><workout>
            \(steps)
            <IntervalsT Repeat="3" OnDuration="30" OffDuration="30" OnPower="1.2" OffPower="0.5">\(texts(300))</IntervalsT>
            </workout></workout_file>
            """)
        let rows = (0...200).map { "\($0)\t\(100 + $0 % 50)\n" }.joined()
        let lines = (0..<2000).map { "\($0 * 6)\tCue \($0)\t5\n" }.joined()
        try home.write("pacer-path/course.erg", "[COURSE DATA]\n\(rows)[END COURSE DATA]\n[COURSE TEXT]\n\(lines)[END COURSE TEXT]\n")
        let list = home.call(["list"])
        #expect(list.status == 0, "\(list)")
        let row = { (name: String) in list.stdoutLines.first { $0.hasPrefix(name + " ") }?.split(separator: " ").map(String.init) }
        #expect(row("texts") == ["texts", "306", "5:03:00", "bike", "$PACER_PATH"], "\(list)")
        #expect(row("course") == ["course", "200", "3:20:00", "$PACER_PATH"], "\(list)")
        for (name, phases, seconds) in [("texts", 306, 18180), ("course", 200, 12000)] {
            let show = home.call(["show", name, "--json"])
            #expect(
                show.status == 0 && show.stdout.hasPrefix(#"{"name":"#) && show.stdout.contains(#""planned":\#(seconds),"#),
                "\(show.stderr)")
            #expect(show.stdoutLines.filter { $0.hasPrefix(#"{"index":"#) }.count == phases, "the full read has the phases list shows")
            #expect(
                show.stdout.contains(#""text":"Step 300, cue 9""#) || show.stdout.contains(#""text":"Cue 1999""#),
                "the full read has the texts")
        }
    }

    @Test func listReportsABrokenFileAndStillSucceeds() async throws {
        let home = try CommandLineHome()
        try home.write("pacer-path/broken.json", #"{"name": "Broken", "steps": [{"wrok": 5}"#)
        try home.write("pacer-path/fine.json", #"{"name": "Fine", "tags": ["short"], "steps": [{"work": 5}]}"#)
        try home.write("pacer-path/notes.txt", "not a workout")
        let result = home.call(["list"])
        #expect(result.status == 0, "\(result)")
        let broken = try #require(result.stdoutLines.first { $0.hasPrefix("broken ") }, "\(result)")
        #expect(broken.contains("broken"), "\(broken)")
        #expect(broken.contains("pacer validate"), "\(broken)")
        #expect(broken.hasSuffix("$PACER_PATH"), "\(broken)")
        let fine = try #require(result.stdoutLines.first { $0.hasPrefix("fine ") }, "\(result)")
        #expect(fine.contains("0:05") && fine.contains("short") && fine.hasSuffix("$PACER_PATH"), "\(fine)")
        #expect(!result.stdout.contains("notes"), "only .json files are workouts: \(result)")
        for name in Self.builtIns {
            #expect(result.stdoutLines.contains { $0.hasPrefix(name + " ") && $0.hasSuffix("built in") }, "\(name) missing: \(result)")
        }
    }

    @Test func listNamesPrintsEachNameOnceInSearchOrderAndNothingElse() async throws {
        let home = try CommandLineHome()
        let workout = #"{"name": "W", "steps": [{"work": 1}]}"#
        try home.write("pacer-path/tabata.json", Self.shadow)
        try home.write("pacer-path/zeta.json", workout)
        try home.write("pacer-path/broken.json", "{")
        try home.write("pacer-path/bad\u{1B}[2Jname.json", workout)
        try home.write("pacer-path/two\nlines.json", workout)
        try home.write("workouts/alpha.json", workout)
        try home.write("workouts/zeta.json", workout)
        let result = home.call(["list", "--names"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        // Broken files are names too (pacer run says what is wrong); a name that cannot be one line,
        // or would reach a terminal escaped, is left out.
        let expected = ["broken", "tabata", "zeta", "alpha"] + Self.builtIns.filter { $0 != "tabata" }
        #expect(result.stdout == expected.map { $0 + "\n" }.joined(), "\(result)")
    }

    static let shadow = #"{"name": "My Tabata", "steps": [{"work": 2, "name": "Mine"}, {"rest": 1}]}"#

    @Test func aWorkoutInPacerPathShadowsTheBuiltInOne() async throws {
        let home = try CommandLineHome()
        let file = try home.write("pacer-path/tabata.json", Self.shadow)

        let list = home.call(["list"])
        #expect(list.status == 0, "\(list)")
        let tabatas = list.stdoutLines.filter { $0.hasPrefix("tabata ") }
        #expect(tabatas.count == 2, "\(list)")
        #expect(tabatas.first?.hasSuffix("$PACER_PATH") == true, "the $PACER_PATH one comes first: \(list)")
        #expect(tabatas.last?.contains("built in") == true && tabatas.last?.contains("hidden") == true, "\(list)")

        let show = home.call(["show", "tabata"])
        #expect(show.status == 0, "\(show)")
        #expect(show.stdoutLines.first == "My Tabata  (\(file))", "\(show)")
        #expect(ShownTimeline(show.stdout).rows.map(\.name) == ["Mine", "Rest"], "\(show)")

    }

    @Test func searchOrderIsPacerPathThenWorkoutsThenConfig() async throws {
        let home = try CommandLineHome()
        func workout(_ name: String) -> String { #"{"name": "\#(name)", "steps": [{"work": 1}]}"# }
        try home.write("pacer-path/a.json", workout("A from PACER_PATH"))
        try home.write("workouts/a.json", workout("A from ./workouts"))
        try home.write("workouts/b.json", workout("B from ./workouts"))
        try home.write("config/pacer/workouts/b.json", workout("B from config"))
        try home.write("config/pacer/workouts/c.json", workout("C from config"))
        for (name, expected) in [("a", "A from PACER_PATH"), ("b", "B from ./workouts"), ("c", "C from config")] {
            let show = home.call(["show", name])
            #expect(show.status == 0, "\(show)")
            #expect(show.stdoutLines.first?.hasPrefix(expected + "  (") == true, "\(name): \(show)")
        }
        let list = home.call(["list"])
        #expect(list.status == 0, "\(list)")
        let wheres = list.stdoutLines.filter { $0.hasPrefix("a ") || $0.hasPrefix("b ") || $0.hasPrefix("c ") }
        #expect(wheres.count == 5, "\(list)")
        #expect(list.stdout.contains("./workouts"), "\(list)")
        #expect(list.stdout.contains("~/config/pacer/workouts"), "the config folder is shown under ~: \(list)")
    }

}

/// `pacer show --json`: the plan for scripts (its shape is tested in PacerWorkoutTests' PlanJSONTests).
@Suite("show --json")
struct ShowJSONTests {
    @Test func showJSONPrintsThePlanOfABuiltInAndNothingElse() async throws {
        let home = try CommandLineHome()
        let result = home.call(["show", "--json", "seven-minute"])
        #expect(result.status == 0 && result.stderr.isEmpty, "\(result)")
        let document = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        let phases = try #require(document["phases"] as? [[String: Any]])
        #expect(document["name"] as? String == "7-Minute Workout" && document["planned"] as? Double == 480, "\(result)")
        #expect(phases.count == 24 && phases[23]["name"] as? String == "Side plank" && phases[23]["start"] as? Double == 450, "\(result)")
    }

    // Issue 33, items 16 and 25: the timeline and the notation showed no warnings.
    @Test(arguments: [[String](), ["--json"], ["--notation"]])
    func everyFormatShowsTheWarningsOnce(format: [String]) async throws {
        let home = try CommandLineHome()
        let result = home.call(["show"] + format + ["400m Run"])
        #expect(result.status == 0 && result.stderr.components(separatedBy: #""m" means minutes, not metres"#).count == 2, "\(result)")
    }
}
