import Foundation
import PacerWorkout
import Testing

@testable import PacerCommands

/// Issue 35, item 5: the power profile and the planned load under `pacer show`'s timeline.
extension TimelineTests {
    /// The lines from the profile's heading to the end.
    func profile(_ lines: [String]) -> [String] {
        Array(lines.drop { !$0.hasPrefix("  Power profile") })
    }

    @Test func theProfileIsABarPerSliceAsHighAsItsShareOfFTP() throws {
        // 29 columns: 2 of indent, 5 of labels, 2 of axis and a last one left empty: 20 slices of a minute.
        let text = try lines(
            ofFile: #"{"name": "Two", "steps": [{"warmup": "10m", "power": "50%"}, {"work": "10m", "power": "100%"}]}"#, columns: 29)
        // 50 % of a 100 % chart is 4 of its 8 rows; a tick every 10 minutes; 20:00 has no room.
        #expect(
            Array(profile(text).prefix(12)) == [
                "  Power profile (% FTP):",
                "  100% ┤          ██████████",
                "       │          ██████████",
                "       │          ██████████",
                "       │          ██████████",
                "   50% ┤████████████████████",
                "       │████████████████████",
                "       │████████████████████",
                "       │████████████████████",
                "       └┬─────────┬────────┬",
                "        0:00      10:00",
                "",
            ])
    }

    @Test func aRampIsASlope() throws {
        let text = profile(try lines(ofFile: #"{"name": "Ramp", "steps": [{"warmup": "10m", "power": "ramp 10-90%"}]}"#, columns: 29))
        // A column's height in eighths, from its glyphs in the 8 rows.
        let eighths: [Character: Int] = [" ": 0, "▁": 1, "▂": 2, "▃": 3, "▄": 4, "▅": 5, "▆": 6, "▇": 7, "█": 8]
        let rows = text[1...8].map { Array($0.dropFirst(8)) }
        let heights = (0..<20).map { column in rows.reduce(0) { $0 + (column < $1.count ? eighths[$1[column]] ?? 0 : 0) } }
        // Slice c averages 10 + 80 (c + ½) / 20 %: 12 % is 7.7 eighths of 64, 88 % is 56.3.
        #expect(heights.first == 8 && heights.last == 56, "\(heights)")
        #expect(zip(heights, heights.dropFirst()).allSatisfy { $0 < $1 }, "\(heights)")
    }

    @Test func freeRidesStepsWithoutPowerAndUntimedStepsAreMarkedApart() throws {
        let text = profile(
            try lines(
                ofFile: #"""
                    {"name": "Marks", "steps": [{"work": "2m", "power": "100%"}, {"work": "2m", "power": "free"}, {"rest": "2m"},
                      {"reps": 5, "name": "Squat"}, {"work": "2m", "power": "100%"}]}
                    """#, columns: 29))
        // 8 minutes over 20 columns, 5 a step; the rep step at 6:00 is on the axis, at column 15.
        #expect(text[8] == "       │█████░░░░░·····█████")
        // A tick every 5 minutes: 300 s of 480 is column 12.
        #expect(text[9] == "       └┬───────────┬──◆────")
        #expect(text[11] == "  ░ free ride   · no power target   ◆ rep or open step (untimed)")
        #expect(text.contains("  4m without a power target (free rides, rests, ...) left out."))
    }

    @Test func theLoadIsGivenInWattsWithFTP() throws {
        let text = profile(
            try lines(ofFile: #"{"name": "FTP", "steps": [{"work": "10m", "power": "100%"}]}"#, thresholds: TargetThresholds(ftp: 200)))
        let zone = try #require(text.first { $0.contains("Z4") }).split(separator: " ").joined(separator: " ")
        #expect(zone == "Z4 · 91–105 % FTP · 182–210 W Threshold 10m 100 %")
        // 200 W × 600 s = 120 kJ; TSS 600 × 200 × 1 / (200 × 3600) × 100 = 16.7.
        #expect(text.last == "  Planned load: 120 kJ · NP 200 W (100 % FTP) · IF 1.00 · TSS 16.7")
    }

    @Test func withoutFTPTheLoadSaysWhatItNeeds() throws {
        let percent = profile(try lines(ofFile: #"{"name": "P", "steps": [{"work": "10m", "power": "100%"}]}"#))
        #expect(
            Array(percent.suffix(2)) == [
                "  Planned load: NP 100 % FTP · IF 1.00 · TSS 16.7",
                #"  Give your FTP (--ftp W, or "ftp" in config.json) for kJ and NP in watts."#,
            ])
        let watts = profile(try lines(ofFile: #"{"name": "W", "steps": [{"work": "10m", "power": "200 W"}]}"#))
        #expect(watts.first == "  Power profile (watts):" && watts[1].hasPrefix("   200 W ┤"))
        #expect(!watts.contains("  Time in power zones:"))
        #expect(
            Array(watts.suffix(2)) == [
                "  Planned load: 120 kJ · NP 200 W", #"  Give your FTP (--ftp W, or "ftp" in config.json) for time in zones, IF and TSS."#,
            ])
        let mixed = profile(
            try lines(ofFile: #"{"name": "M", "steps": [{"work": "10m", "power": "100%"}, {"work": "1m", "power": "200 W"}]}"#))
        #expect(mixed.contains("  Steps in watts are left out: with your FTP they are compared with the shares of FTP."))
    }

    @Test func theProfileFitsTheTerminalAndUsesItsWidth() throws {
        for columns in [80, 100, 220] {
            let chart = profile(try lines("sweet-spot", columns: columns)).prefix { !$0.isEmpty }
            #expect(chart.allSatisfy { $0.count < columns }, "\(columns): \(chart)")
            #expect(chart.map(\.count).max() ?? 0 > columns - 5, "\(columns): \(chart)")
        }
    }

    @Test func aTerminalClaimingAnyWidthGetsAChartOfAtMostAThousandColumns() throws {
        let lines = try styledLines("sweet-spot", colored: true, columns: Int.max).map(\.plain)
        #expect(profile(lines).prefix { !$0.isEmpty }.map(\.count).max() == Timeline.widestTerminal - 1)
        #expect(lines.contains { $0.count == Timeline.widestTerminal - 1 && $0.allSatisfy { $0 == "█" } }, "the kinds' bar too")
    }

    @Test func aWorkoutWithoutPowerTargetsHasNoProfile() throws {
        #expect(profile(try lines("seven-minute")).isEmpty)
        #expect(
            profile(try lines(ofFile: #"{"name": "HR", "steps": [{"work": "10m", "heart_rate": "Z2"}, {"work": "1m", "power": "free"}]}"#))
                .isEmpty)
    }

    @Test func barsAreColouredByZoneAndMarksDimOnlyWithColour() throws {
        let file =
            #"{"name": "C", "steps": [{"work": "5m", "power": "100%"}, {"work": "5m", "power": "free"}, {"work": "5m", "power": "Z2"}]}"#
        let path = NSTemporaryDirectory() + "pacer-profile-colour.json"
        try file.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let colored = try styledLines(path, colored: true, columns: 29).map(\.rendered).joined(separator: "\n")
        // Z4 yellow, Z2 blue, the free ride dim.
        #expect(colored.contains("\u{1B}[33m██████") && colored.contains("\u{1B}[34m") && colored.contains("\u{1B}[2m░"))
        #expect(!(try styledLines(path, columns: 29)).contains { $0.rendered.contains("\u{1B}") })
    }

    /// Issue 41, item 3: a target far above FTP trapped on a label wider than its room.
    @Test func aTargetManyTimesFTPWidensTheLabelsInsteadOfTrapping() throws {
        let chart = profile(
            try lines(
                ofFile: #"{"name": "Sprint", "steps": [{"work": "1m", "power": "3000 W"}]}"#, columns: 80,
                thresholds: TargetThresholds(ftp: 250)))
        #expect(chart[1] == "  1200% ┤" + String(repeating: "█", count: 70))
        #expect(chart[5] == "   600% ┤" + String(repeating: "█", count: 70))
        #expect(chart[9].hasPrefix("        └┬"))
        let lowest = profile(
            try lines(
                ofFile: #"{"name": "Sprint", "steps": [{"work": "1m", "power": "3000 W"}]}"#, columns: 1,
                thresholds: TargetThresholds(ftp: 1)))
        #expect(lowest[1].hasPrefix("  300000% ┤"))
    }

    // Issue 42, item 14: a steady target at a zone's edge is one colour across its bars, the
    // zone its percentage names, however the slices' averages come out in floating point.
    @Test(arguments: [(55, "90"), (75, "34"), (90, "32"), (105, "33"), (120, "38;5;208"), (150, "31")])
    func aSteadyTargetAtAZoneEdgeIsOneColour(percent: Int, colour: String) throws {
        let path = NSTemporaryDirectory() + "pacer-profile-edge-\(UUID().uuidString).json"
        try #"{"name": "Edge", "steps": [{"work": "10m", "power": "\#(percent)%"}]}"#.write(toFile: path, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bars = profile(try styledLines(path, colored: true, columns: 60).map(\.rendered)).dropFirst().prefix(8)
        let colours = Set(bars.flatMap { $0.split(separator: "\u{1B}[").dropFirst().map { String($0.prefix { $0 != "m" }) } })
        #expect(colours.subtracting(["0", ""]) == [colour], "\(percent) %: \(Array(bars))")
    }
}
