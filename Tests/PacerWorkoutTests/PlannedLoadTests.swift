import Foundation
import PacerTestSupport
import Testing

@testable import PacerWorkout

private typealias F = WorkoutFixture

/// Issue 35, item 5: the planned load from the power targets, each figure against a hand-worked
/// example (docs/training-load.md); every expected value is worked out here, not read back.
@Suite("planned training load")
struct PlannedLoadTests {
    let ftp200 = TargetThresholds(ftp: 200)

    func load(_ steps: String, _ thresholds: TargetThresholds = .none) throws -> PlannedLoad {
        try #require(PlannedLoad(plan: try F.plan(steps: steps).with(thresholds)))
    }

    /// Coggan's NP worked from the 30-second rolling means themselves, as a reader does by hand.
    func normalized(rollingMeans: [Double]) -> Double {
        pow(rollingMeans.map { pow($0, 4) }.reduce(0, +) / Double(rollingMeans.count), 0.25)
    }

    func close(_ a: Double?, _ b: Double, within tolerance: Double = 1e-9) -> Bool {
        a.map { abs($0 - b) <= tolerance } ?? false
    }

    func close(_ a: [Double?], _ b: [Double?]) -> Bool {
        a.count == b.count
            && zip(a, b).allSatisfy { pair in
                switch pair {
                case (nil, nil): true
                case (let x?, let y?): abs(x - y) < 1e-9
                default: false
                }
            }
    }

    @Test func tenMinutesAtFTPMake120kJAndTSS16Point7() throws {
        let load = try load(#"{"work": "10m", "power": "100%"}"#, ftp200)
        // 200 W × 600 s = 120,000 J; every rolling mean is 200 W; IF 200/200; TSS 600 × 200 × 1 / (200 × 3600) × 100.
        #expect(close(load.kilojoules, 120) && close(load.normalizedPower, 200) && close(load.intensityFactor, 1))
        let tss: Double = 600 * 200 * 1 / (200 * 3600) * 100
        #expect(close(load.stressScore, tss) && abs(tss - 16.67) < 0.01)
        #expect(load.zones == [.init(zone: 4, seconds: 600)] && load.seconds == 600 && load.leftOutSeconds == 0)
    }

    @Test func halfThenFullPowerIsNormalisedThroughTheThirtySecondWindow() throws {
        let load = try load(#"{"work": 60, "power": "50%"}, {"work": 60, "power": "100%"}"#, ftp200)
        // 100 W for 60 s, then 200 W for 60 s: windows ending at seconds 30–60 hold only 100 W (31),
        // the next 29 hold k seconds of 200 W (k = 1…29), the last 31 only 200 W.
        let rising = (1...29).map { (k: Int) -> Double in 100 + 100 * Double(k) / 30 }
        let means = [Double](repeating: 100, count: 31) + rising + [Double](repeating: 200, count: 31)
        let np = normalized(rollingMeans: means)
        #expect(close(load.normalizedPower, np) && abs(np - 166.81) < 0.01, "NP \(np)")
        #expect(close(load.kilojoules, (100.0 * 60 + 200 * 60) / 1000))
        let tss: Double = 120 * np * (np / 200) / (200 * 3600) * 100
        #expect(close(load.intensityFactor, np / 200) && close(load.stressScore, tss))
        #expect(load.zones == [.init(zone: 1, seconds: 60), .init(zone: 4, seconds: 60)])
    }

    @Test func aRampSpreadsOverTheZonesItCrossesSecondBySecond() throws {
        let load = try load(#"{"warmup": "10m", "power": "ramp 50-75%"}"#, ftp200)
        // 100 → 150 W, linear: 600 s at an average of 125 W. It passes 55 % (the top of Z1) a
        // fifth of the way up (5 of its 25 points): second 120 holds 50 + 25 × 120.5 / 600 = 55.02 %,
        // which is 55.0 % to the tenth a zone is decided by, so 121 s in Z1, 479 s in Z2.
        #expect(close(load.kilojoules, 600.0 * 125 / 1000))
        #expect(load.zones == [.init(zone: 1, seconds: 121), .init(zone: 2, seconds: 479)])
        // Second i holds 100 + 50 (i + ½) / 600 W; a window's mean is its middle second's value.
        let means = (29..<600).map { (second: Int) -> Double in 100 + 50 * Double(second - 14) / 600 }
        #expect(close(load.normalizedPower, normalized(rollingMeans: means)), "\(String(describing: load.normalizedPower))")
    }

    @Test func aWorkoutShorterThanTheWindowIsOneWindowOfAllItHas() throws {
        let load = try load(#"{"work": 10, "power": "50%"}, {"work": 10, "power": "100%"}"#, TargetThresholds(ftp: 250))
        // 10 s at 125 W and 10 s at 250 W: one mean of 187.5 W, so NP is the average.
        #expect(close(load.normalizedPower, 187.5) && close(load.intensityFactor, 0.75))
        #expect(NormalizedPower.of([]) == nil && NormalizedPower.of([80]) == 80)
    }

    @Test func stepsWithoutAPowerTargetAreLeftOut() throws {
        let load = try load(
            #"""
            {"warmup": "5m"}, {"work": "10m", "power": "100%"}, {"rest": "5m", "power": "free"},
            {"reps": 5, "name": "Squat"}, {"work": "open", "name": "Lap"}, {"cooldown": "2m", "heart_rate": "Z1"}
            """#, ftp200)
        // Only the 10 minutes at FTP count: the same figures as ten minutes alone.
        #expect(load.seconds == 600 && load.leftOutSeconds == 12 * 60)
        #expect(close(load.kilojoules, 120) && close(load.normalizedPower, 200) && close(load.stressScore, 100.0 / 6))
        #expect(PlannedLoad(plan: try F.plan(steps: #"{"work": 60, "power": "free"}, {"rest": 60}"#).with(ftp200)) == nil)
    }

    @Test func aZoneCountsAsTheMiddleOfItsRange() throws {
        let load = try load(#"{"work": "10m", "power": "Z2"}"#)
        // Z2 is 56–75 % FTP: 65.5 %.
        #expect(load.zones == [.init(zone: 2, seconds: 600)] && close(load.normalizedPercent, 65.5))
        // Z1 is taken as wide as Z2 (19 points, 36–55), Z7 as wide as Z6 (29, 151–180).
        #expect(TargetZones.power.middle(ofZone: 1) == 45.5 && TargetZones.power.middle(ofZone: 7) == 165.5)
        #expect(
            TargetZones.power.middle(ofZone: 4) == 98 && TargetZones.power.middle(ofZone: 8) == nil
                && TargetZones.power.middle(ofZone: 1.5) == nil)
    }

    @Test func wattsNeedNoFTPForKilojoulesButDoForIFAndZones() throws {
        let watts = try load(#"{"work": "10m", "power": "200 W"}"#)
        #expect(close(watts.kilojoules, 120) && close(watts.normalizedPower, 200))
        #expect(watts.intensityFactor == nil && watts.stressScore == nil && watts.zones.isEmpty)
        let known = try load(#"{"work": "10m", "power": "200 W"}"#, TargetThresholds(ftp: 250))
        // 200 W of 250 is 80 %, Z3; TSS 600 × 200 × 0.8 / (250 × 3600) × 100.
        #expect(known.zones == [.init(zone: 3, seconds: 600)] && close(known.intensityFactor, 0.8))
        let tss: Double = 600 * 200 * 0.8 / (250 * 3600) * 100
        #expect(close(known.stressScore, tss))
    }

    @Test func sharesOfFTPGiveIFAndTSSWithoutFTPButNoWatts() throws {
        let load = try load(#"{"work": "10m", "power": "100%"}"#)
        #expect(load.kilojoules == nil && load.normalizedPower == nil)
        #expect(close(load.normalizedPercent, 100) && close(load.intensityFactor, 1) && close(load.stressScore, 100.0 / 6))
        #expect(PlannedLoad(plan: try F.plan(steps: #"{"work": "10m", "power": "100%"}"#).with(TargetThresholds(ftp: 0))) == load)
    }

    @Test func wattsBesideSharesOfFTPWaitForFTP() throws {
        let plan = try F.plan(steps: #"{"work": "10m", "power": "100%"}, {"work": "10m", "power": "200 W"}"#)
        #expect(PowerProfile(plan: plan).wattsNeedFTP && !PowerProfile(plan: plan.with(ftp200)).wattsNeedFTP)
        let load = try #require(PlannedLoad(plan: plan))
        #expect(load.seconds == 600 && load.leftOutSeconds == 600)
        #expect(try #require(PlannedLoad(plan: plan.with(ftp200))).seconds == 1200)
    }

    @Test func aPartSecondCountsItsLength() throws {
        let load = try load(#"{"work": 1.5, "power": "100%"}"#, ftp200)
        #expect(close(load.kilojoules, 0.3) && close(load.normalizedPower, 200) && load.zones == [.init(zone: 4, seconds: 1.5)])
    }

    @Test func slicesAverageWhatTheyCoverAndCountWhatHasNoTarget() throws {
        let profile = PowerProfile(
            plan: try F.plan(
                steps: #"""
                    {"work": 60, "power": "50%"}, {"rest": 60}, {"work": 60, "power": "ramp 100-130%"}, {"reps": 5, "name": "Squat"}, {"rest": 60, "power": "free"}
                    """#))
        let slices = profile.slices(count: 8)
        // 240 s in 8 slices of 30 s: the ramp's halves average 107.5 and 122.5 % (their middles).
        #expect(close(slices.map(\.average), [50, 50, nil, nil, 107.5, 122.5, nil, nil]), "\(slices)")
        #expect(
            slices.map(\.noTargetSeconds) == [0, 0, 30, 30, 0, 0, 0, 0] && slices.map(\.freeRideSeconds) == [0, 0, 0, 0, 0, 0, 30, 30])
        #expect(profile.untimed == [.seconds(180)])
        // Slices of 80 s average what has a target: 60 s at 50 %; the ramp's first 40 s (middle at
        // 20 of 60 s: 110 %); its last 20 s (middle at 50 s: 125 %).
        #expect(close(profile.slices(count: 3).map(\.average), [50, 110, 125]))
    }

    @Test func aCappedBlockCutsItsPhasesAtTheCap() throws {
        let profile = PowerProfile(plan: try F.plan(steps: #"{"repeat": 3, "time_cap": "90s", "steps": [{"work": 60, "power": "100%"}]}"#))
        #expect(profile.segments.map(\.length) == [.seconds(60), .seconds(30)] && profile.length == .seconds(90))
    }

    @Test func showJSONCarriesTheLoad() throws {
        let plan = try F.plan(steps: #"{"work": "10m", "power": "100%"}"#)
        #expect(
            PlanJSON(plan.with(ftp200)).text.contains(#""load":{"seconds":600,"kj":120,"np":200,"if":1,"tss":16.7,"zones":{"Z4":600}}"#))
        #expect(PlanJSON(plan).text.contains(#""load":{"seconds":600,"if":1,"tss":16.7,"zones":{"Z4":600}}"#))
        #expect(!PlanJSON(try F.plan(steps: #"{"work": 60}"#)).text.contains("load"))
    }
}
