import Foundation
import PacerFoundation
import PacerSystem
import PacerUserFiles
import PacerWorkout
import Testing

@testable import PacerCommands

/// `pacer show`'s timeline, made in-process from a line of notation.
@Suite("show's timeline")
struct TimelineTests {
    /// The timeline's lines for a workout name, a path or a line of notation.
    func lines(_ reference: String, colored: Bool = false, columns: Int = 80, thresholds: TargetThresholds = .none) throws -> [String] {
        try styledLines(reference, colored: colored, columns: columns, thresholds: thresholds).map(\.plain)
    }

    /// The timeline's lines as they are written, styles and all.
    func styledLines(_ reference: String, colored: Bool = false, columns: Int = 80, thresholds: TargetThresholds = .none) throws
        -> [TerminalText]
    {
        let library = WorkoutLibrary(environment: Environment(["HOME": "/nonexistent"]), notationName: nil)
        let loaded = try WorkoutLoader.load(reference, library: library).with(thresholds)
        return Timeline(loaded: loaded, colored: colored, columns: columns).lines
    }

    /// The timeline of a workout file holding `json`.
    func lines(ofFile json: String, columns: Int = 80, thresholds: TargetThresholds = .none) throws -> [String] {
        let path = NSTemporaryDirectory() + "pacer-timeline-\(UUID().uuidString).json"
        try json.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try lines(path, columns: columns, thresholds: thresholds).map { $0.replacingOccurrences(of: path, with: "FILE") }
    }

    /// The rows after "Totals:", their spaces squeezed.
    func totals(_ lines: [String]) -> [String] {
        lines.drop { $0 != "Totals:" }.dropFirst().map { $0.split(separator: " ").joined(separator: " ") }
    }

    @Test func theTotalsSayHowManyPhasesAndTheirTime() throws {
        let text = try lines("seven-minute")
        #expect(totals(text) == ["work 12 phases 6m", "rest 11 phases 1m 50s", "prepare 1 phase 10s", "total 24 phases 8m"])
        #expect(!text.joined().contains("×"))
    }

    @Test func aOnePhaseWorkoutShowsItsDescriptionAndOneRow() throws {
        let text = try lines(
            ofFile: #"{"name": "Plank", "description": "Hold it.", "steps": [{"work": "1m30s", "name": "Plank", "cue": "Straight back"}]}"#)
        #expect(Array(text.prefix(2)) == ["Plank  (FILE)", "Hold it."])
        #expect(text.last == "  total   1 phase   1m 30s")
    }

    @Test func eachPhasesCuesAreListedUnderIt() throws {
        let text = try lines(
            ofFile: #"""
                {"name": "Plank", "halfway": true, "steps": [
                  {"work": 40, "name": "Side plank", "cue": "Left side", "cues": [{"at": "50%", "text": "Switch sides"}, {"at": "-5s", "text": "Hold"}]},
                  {"rest": 10}]}
                """#
        ).map { $0.trimmingCharacters(in: .whitespaces) }
        let first = try #require(text.firstIndex { $0.hasSuffix("Side plank") })
        #expect(Array(text[(first + 1)...(first + 3)]) == ["» Left side", "» 0:20  Halfway. Switch sides", "» 0:35  Hold"])
        #expect(text[first + 4].hasPrefix("2 ") && text[first + 4].hasSuffix("Rest"))
    }

    // Issue 35: each phase's targets under its row, after @.
    @Test func aPhasesTargetsAreUnderItsRow() throws {
        let text = try lines(
            ofFile:
                #"{"name": "Ride", "steps": [{"warmup": "10m", "power": "ramp 50-75%", "cadence": "90 rpm"}, {"rest": 60, "power": "free"}]}"#
        )
        .map { $0.trimmingCharacters(in: .whitespaces) }
        let warmup = try #require(text.firstIndex { $0.hasSuffix("Warmup") })
        #expect(text[warmup + 1] == "@ ramp 50–75 % FTP, 90 rpm")
        #expect(text[warmup + 3] == "@ free ride", "\(text)")
    }

    @Test func anAMRAPAndABlockForTimeAreMarked() throws {
        let amrap = try lines("amrap-12")
        #expect(amrap.contains { $0.hasSuffix("AMRAP 12:00: the next 3 phases, round after round, until the time is up") })
        #expect(
            totals(amrap).last?.hasPrefix("total ") == true && totals(amrap).last?.hasSuffix(" 18m") == true,
            "an AMRAP counts as its time: \(totals(amrap))")
        #expect(try lines("fran").contains { $0.hasSuffix("For time, capped at 15:00: the next 6 phases") })
    }

    // Issue 41, item 10: an open repeat's phases are shown once, under a heading that says how it ends.
    @Test func anOpenRepeatIsMarkedAndCountedAsOneRound() throws {
        let text = try lines(ofFile: #"{"name": "O", "steps": [{"repeat": "open", "steps": [{"work": 20}, {"rest": 10}]}]}"#)
        #expect(text.contains { $0.hasSuffix("Open repeat: the next 2 phases, round after round, until you end it (done)") }, "\(text)")
        #expect(totals(text).last?.hasSuffix(" 30s") == true, "one round: \(totals(text))")
    }

    @Test func everyPhaseHasItsStartKindDurationAndRound() throws {
        let text = try lines("2x(20s Squat, 10s rest)")
        #expect(text[0] == "2x(20s Squat, 10s rest)  (<notation>)")
        #expect(text.contains { $0.hasSuffix("3   0:30  work      0:20    2/2  Squat") })
        #expect(text.contains { $0.contains("total") && $0.contains("4 phases") && $0.contains("1m") })
    }

    @Test func aBlockHeadingAndARepCountSayOneInTheSingular() throws {
        // The first line is the workout's name, here the notation itself.
        let text = try lines("amrap 1m (1 reps Burpee)").dropFirst()
        #expect(text.contains { $0.contains("AMRAP 1:00: the next phase, round after round, until the time is up") })
        #expect(text.contains { $0.contains(" 1 rep ") })
        #expect(!text.contains { $0.contains("1 reps") || $0.contains("next 1 phases") })
    }

    @Test func colourAddsTheProfileBarAndNoneLeavesPlainText() throws {
        let plain = try lines("30s work, 10s rest")
        let colored = try lines("30s work, 10s rest", colored: true)
        #expect(colored.count == plain.count + 2)
    }
}

/// Issue 35, item 8: an open step is counted as open in the totals, never as 0s.
@Suite("open steps in show's totals")
struct OpenStepTotalsTests {
    func totals(_ notation: String) throws -> [String] {
        let loaded = try WorkoutLoader.load(notation, library: WorkoutLibrary(environment: Environment(["HOME": "/nonexistent"])))
        return Timeline(loaded: loaded, colored: false, columns: 80).lines.map(\.plain)
            .drop { $0 != "Totals:" }.dropFirst().map { $0.split(separator: " ").joined(separator: " ") }
    }

    @Test func openStepsAreCountedAsOpen() throws {
        #expect(
            try totals("30s work, open 400 m Run, 10s rest") == [
                "work 2 phases 30s + 1 open", "rest 1 phase 10s", "total 3 phases 40s + 1 open",
            ])
        #expect(try totals("open Run") == ["work 1 phase open", "total 1 phase open"])
        #expect(try totals("30s work, 5 reps Squat") == ["work 1 phase 30s", "reps 1 phase untimed", "total 2 phases 30s"])
    }
}

/// Issue 42, item 13: with threshold pace, `show` gives a share of it or a pace zone as a pace,
/// and a distance step with a pace its estimated time, in its row and in the totals.
@Suite("pace in show's timeline")
struct PaceTimelineTests {
    /// A track session: 4 × (open 1 km at 95 %, 2 min in Z1), 10 min in Z2, an open 400 m at 4:50–5:10 /km.
    static let track = #"""
        {"name": "Track", "steps": [
          {"repeat": 4, "steps": [{"work": "open", "name": "Fast", "distance": "1 km", "pace": "95%"}, {"rest": "2m", "pace": "Z1"}]},
          {"work": "10m", "pace": "Z2"}, {"work": "open", "name": "Strides", "distance": "400 m", "pace": "4:50-5:10/km"},
          {"cooldown": "open", "pace": "Z1"}]}
        """#

    @Test func withThresholdPaceEachPaceIsGivenAsATimePerKilometre() throws {
        let text = try TimelineTests().lines(ofFile: Self.track, columns: 120, thresholds: TargetThresholds(thresholdPace: 270))
            .map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(text.contains("@ 95 % threshold pace · 4:44 /km"), "\(text)")
        #expect(text.contains("@ Z1 pace · up to 77.5 % threshold pace · 5:48 /km or slower"), "\(text)")
        #expect(text.contains("@ Z2 pace · 77.5–87.7 % threshold pace · 5:08–5:48 /km"), "\(text)")
        // 1 km at 4:44 /km; 400 m at 5:00 /km, the middle of its range, is 2:00; a Z1 cooldown has no pace to reach.
        let rows = text.map { $0.split(separator: " ").joined(separator: " ") }
        #expect(rows.contains("1 0:00 work open ~4:44 1/4 Fast · 1 km"), "\(rows)")
        #expect(rows.contains("10 18:00 work open ~2:00 Strides · 400 m"), "\(rows)")
        #expect(rows.contains("11 18:00 cooldown open Cooldown"), "\(rows)")
        // 10 m + 4 × 4:44 + 2:00 = 30m 56s of work; with the rests 38m 56s, the cooldown still open.
        #expect(
            TimelineTests().totals(text) == [
                "work 6 phases 10m + 5 open, ~30m 56s", "rest 4 phases 8m", "cooldown 1 phase open",
                "total 11 phases 18m + 6 open, ~38m 56s + 1 open",
            ], "\(TimelineTests().totals(text))")
    }

    @Test func perMileWhenThresholdPaceIsPerMile() throws {
        let text = try TimelineTests().lines(
            ofFile: Self.track, columns: 120, thresholds: TargetThresholds(thresholdPace: 435 / 1.609344, thresholdPaceUnit: .perMile))
        #expect(text.contains { $0.hasSuffix("@ 95 % threshold pace · 7:38 /mi") }, "\(text)")
        #expect(text.contains { $0.hasSuffix("@ Z2 pace · 77.5–87.7 % threshold pace · 8:16–9:21 /mi") }, "\(text)")
    }

    @Test func withoutThresholdPaceTheSharesAreShownAsWritten() throws {
        let text = try TimelineTests().lines(ofFile: Self.track, columns: 120).map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(text.contains("@ 95 % threshold pace") && text.contains("@ Z2 pace") && text.contains("@ Z1 pace"), "\(text)")
        #expect(!text.contains { $0.contains("/km") && $0.contains("threshold pace ·") }, "no pace is invented: \(text)")
        // Only the strides, in /km, have a time.
        #expect(text.filter { $0.contains("~") }.count == 3, "\(text)")
        #expect(TimelineTests().totals(text).first == "work 6 phases 10m + 5 open, ~12m + 4 open", "\(TimelineTests().totals(text))")
    }
}
