import PacerFoundation
import PacerSettingsFile
import PacerTestSupport
import PacerWeekPlan
import Testing

/// plan.json is checked as strictly as the config: every problem with its line and column, and
/// what a misspelt key or day was probably meant to be.
@Suite("week plan file")
struct WeekPlanFileTests {
    static func decode(_ text: String) -> Result<WeekPlan, ConfigErrors> {
        do throws(ConfigErrors) {
            return .success(try WeekPlan.decode(Array(text.utf8)))
        } catch {
            return .failure(error)
        }
    }

    static func problems(_ text: String) -> [String] {
        guard case .failure(let errors) = decode(text) else { return [] }
        return errors.diagnostics.map(\.description)
    }

    @Test func everyKeyIsRead() throws {
        let plan = try Self.decode(
            """
            {"$schema": "x", "$comment": "mine",
             "entries": [{"days": ["fri", "Monday", "WED"], "time": "7:05", "workout": "seven-minute", "since": "2026-11-30"},
                         {"$comment": "weekend", "days": ["sat"], "workout": "~/w/long.json"}],
             "reminders": {"lead": "1h30m", "untimed": "17:45"}}
            """
        ).get()
        #expect(
            plan.entries == [
                WeekPlan.Entry(
                    days: [.monday, .wednesday, .friday], time: TimeOfDay("07:05"), workout: PlannedWorkout("seven-minute"),
                    since: CalendarDay(iso: "2026-11-30")),
                WeekPlan.Entry(days: [.saturday], time: nil, workout: PlannedWorkout("~/w/long.json")),
            ])
        #expect(plan.reminders == ReminderSettings(lead: 90, untimed: TimeOfDay("17:45")!))
        #expect(try Self.decode("{}").get() == WeekPlan(), "an empty plan plans nothing, with the default reminders")
        #expect(WeekPlan().reminders == ReminderSettings(lead: 15, untimed: TimeOfDay("18:00")!))
    }

    @Test func everyProblemIsReportedWithItsLineAndColumnAndAGuess() {
        let problems = Self.problems(
            """
            {
              "entires": [],
              "entries": [
                {"days": ["mno", "tue", "tue", 3], "time": "7pm", "workout": "tabata"},
                {"days": [], "workout": ""},
                {"days": "mon", "tiem": "07:00", "workout": 12, "since": "30.11.2026"},
                {"time": "07:00"},
                "tabata"
              ],
              "reminders": {"lead": "90s", "untimed": "24:00", "led": "5m"}
            }
            """)
        #expect(
            problems == [
                #"2:14: error: unknown key "entires" (did you mean "entries"?)"#,
                #"4:15: error: "mno" is not a day of the week (did you mean "mon"?); the days are mon, tue, wed, thu, fri, sat, sun"#,
                #"4:29: error: Tuesday is named twice in "days""#,
                "4:36: error: a number is not a day of the week; the days are mon, tue, wed, thu, fri, sat, sun",
                #"4:48: error: "time" must be a time of day as HH:MM on the 24-hour clock, such as "07:00" or "18:30", not "7pm""#,
                #"5:14: error: "days" is empty: name at least one day, such as ["mon", "thu"]"#,
                #"5:29: error: "workout" must name a workout: its name (seven-minute), a file (~/w/hills.json) or a line of notation, not """#,
                #"6:14: error: "days" must be an array of days of the week such as ["mon", "thu"], not a string"#,
                #"6:29: error: unknown key "tiem" (did you mean "time"?)"#,
                #"6:49: error: "workout" must name a workout: its name (seven-minute), a file (~/w/hills.json) or a line of notation, not a number"#,
                #"6:62: error: "since" must be a date as YYYY-MM-DD, such as "2026-11-30", not "30.11.2026""#,
                #"7:5: error: an entry needs "days": the days of the week it plans, such as ["mon", "thu"]"#,
                #"7:5: error: an entry needs "workout": a workout's name, a file or a line of notation"#,
                #"8:5: error: each entry is a JSON object like {"days": ["mon", "thu"], "time": "07:00", "workout": "seven-minute"}, not a string"#,
                #"10:25: error: "lead" is how long before a planned time the reminder comes: whole minutes up to 12h, such as "15m", "1h" or "0", not "90s""#,
                #"10:43: error: "untimed" must be a time of day as HH:MM on the 24-hour clock, such as "07:00" or "18:30", not "24:00""#,
                #"10:59: error: unknown key "led" (did you mean "lead"?)"#,
            ])
    }

    @Test func syntaxErrorsOtherShapesAndHostileTextAreClear() {
        #expect(Self.problems(#"{"entries": [}"#) == ["1:14: error: unexpected '}': expected a value"])
        #expect(Self.problems("") == ["1:1: error: the file is empty: expected a JSON object"])
        #expect(
            Self.problems(#"[{"days": ["mon"]}]"#)
                == [
                    #"1:1: error: the plan is a JSON object like {"entries": [{"days": ["mon", "thu"], "time": "07:00", "workout": "seven-minute"}]}, not an array"#
                ])
        #expect(Self.problems(#"{"week": []}"#) == [#"1:10: error: unknown key "week"; expected one of entries, reminders"#])
        let escape = Self.problems(#"{"entries": [{"days": ["mon"], "workout": "tab\u001b[31mata"}]}"#)
        #expect(
            escape == [
                #"1:43: error: "workout" holds control characters ("tab\u001b[31mata"): its name (seven-minute), a file (~/w/hills.json) or a line of notation, on one line"#
            ])
        #expect(escape.allSatisfy { !$0.contains("\u{1B}") }, "the message never carries the escape itself")
        let long = String(repeating: "x", count: WeekPlan.maximumReference + 1)
        #expect(
            Self.problems(#"{"entries": [{"days": ["mon"], "workout": "\#(long)"}]}"#)
                == [#"1:43: error: "workout" is 4097 characters long; at most 4096"#])
        let many = Array(repeating: #"{"days": ["mon"], "workout": "tabata"}"#, count: WeekPlan.maximumEntries + 1).joined(separator: ",")
        #expect(Self.problems(#"{"entries": [\#(many)]}"#) == ["1:13: error: the plan has 101 entries; at most 100 are read"])
        #expect(Self.problems(String(repeating: "[", count: 100_000)).first?.contains("nest deeper than 256 levels") == true)
    }

    @Test func aLeadIsWholeMinutesUpToTwelveHours() throws {
        #expect(try ReminderSettings.lead(from: "15m").get() == 15 && ReminderSettings.lead(from: "0").get() == 0)
        #expect(try ReminderSettings.lead(from: "1h").get() == 60 && ReminderSettings.lead(from: "12h").get() == 720)
        for text in ["90s", "13h", "-5m", "soon", "", "1e400"] {
            #expect(throws: LeadError.self, "\(text)") { try ReminderSettings.lead(from: text).get() }
        }
    }

    /// The decoder and docs/plan.schema.json agree on every example the schema check uses.
    @Test func theDecoderAgreesWithTheSchemaExamples() throws {
        let examples = try SchemaExamples.all("plan")
        #expect(examples.contains { $0.valid } && examples.contains { !$0.valid })
        for example in examples {
            let accepted = if case .success = Self.decode(example.text) { true } else { false }
            #expect(accepted == example.valid, "\(example.name)")
        }
    }

    @Test func addingAndRemovingKeepTheRestOfTheFileAndLayItOut() throws {
        let original = """
            {"$comment": "mine", "entries": [{"days": ["mon"], "workout": "tabata", "$comment": "keep me"}], "reminders": {"lead": "5m"}}
            """
        let entry = WeekPlan.Entry(
            days: [.wednesday, .friday], time: TimeOfDay("07:00"), workout: PlannedWorkout("seven-minute"),
            since: CalendarDay(iso: "2026-12-02"))
        let added = try WeekPlan.text(adding: entry, to: Array(original.utf8))
        #expect(
            added == """
                {
                  "$comment": "mine",
                  "entries": [
                    { "days": ["mon"], "workout": "tabata", "$comment": "keep me" },
                    { "days": ["wed", "fri"], "time": "07:00", "workout": "seven-minute", "since": "2026-12-02" }
                  ],
                  "reminders": { "lead": "5m" }
                }

                """)
        let removed = try #require(try WeekPlan.text(removing: 1, from: Array(added.utf8)))
        #expect(try WeekPlan.decode(Array(removed.utf8)).entries == [entry])
        #expect(removed.contains("\"$comment\": \"mine\"") && removed.contains("\"lead\": \"5m\""))
        #expect(try WeekPlan.text(removing: 3, from: Array(added.utf8)) == nil, "there is no third entry")
        #expect(try WeekPlan.text(removing: 0, from: Array(added.utf8)) == nil)

        let fresh = try WeekPlan.text(adding: entry, to: nil)
        #expect(try WeekPlan.decode(Array(fresh.utf8)).entries == [entry], "a new file holds the one entry")
        #expect(throws: ConfigErrors.self, "an invalid file is never edited") {
            try WeekPlan.text(adding: entry, to: Array(#"{"entries": [{"days": ["mno"], "workout": "x"}]}"#.utf8))
        }
    }
}
