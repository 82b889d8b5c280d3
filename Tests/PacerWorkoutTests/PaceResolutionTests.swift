import PacerFoundation
import Testing

@testable import PacerWorkout

/// Issue 42, item 13: with threshold pace known, a pace written as a share of it or as a zone is
/// shown as a time per distance beside it, and a distance step with a pace has an estimated time.
@Suite("Pace shown as pace")
struct PaceResolutionTests {
    private static let perKilometre = TargetThresholds(thresholdPace: 270)
    private static let perMile = TargetThresholds(thresholdPace: 435 / 1.609344, thresholdPaceUnit: .perMile)

    private static func pace(_ text: String) throws -> PaceTarget { try PaceTarget(parsing: text) }

    @Test func aShareOfThresholdPaceResolvesToATimePerTheThresholdsDistance() throws {
        // 95 % of 4:30 /km as speed: 270 / 0.95 = 284.2 s, 4:44 /km.
        let share = try #require(try Self.pace("95%").resolved(with: Self.perKilometre))
        #expect(share.unit == .perKilometre && abs(share.span.start.low - 270 / 0.95) < 1e-9)
        #expect(share.description == "4:44 /km")
        // 7:15 /mi is 4:30 /km; shown per mile as the athlete gave it: 435 / 0.95 = 457.9 s, 7:38 /mi.
        #expect(try Self.pace("95%").resolved(with: Self.perMile)?.description == "7:38 /mi")
        #expect(try Self.pace("90-95%").resolved(with: Self.perKilometre)?.description == "4:44–5:00 /km", "the faster pace first")
    }

    @Test func aZoneResolvesToItsRangeOfPaces() throws {
        // Z2 is 77.5–87.7 % of threshold speed: 270 / 0.877 = 307.9 s and 270 / 0.775 = 348.4 s.
        #expect(try Self.pace("Z2").resolved(with: Self.perKilometre)?.description == "5:08–5:48 /km")
        #expect(try Self.pace("Z1").resolved(with: Self.perKilometre)?.description == "5:48 /km or slower")
        #expect(try Self.pace("Z5").resolved(with: Self.perKilometre)?.description == "4:30 /km or faster")
        #expect(try Self.pace("Z4").resolved(with: Self.perMile)?.description == "7:15–7:41 /mi")
    }

    @Test func withoutThresholdPaceNothingIsInvented() throws {
        for text in ["95%", "Z2", "Z1", "Z5"] {
            #expect(try Self.pace(text).resolved(with: .none) == nil, "\(text)")
            #expect(try Self.pace(text).resolved(with: TargetThresholds(thresholdPace: 0)) == nil, "\(text)")
        }
        #expect(try Self.pace("95%").description(with: .none) == "95 % threshold pace")
        #expect(try Self.pace("Z2").description(with: TargetThresholds(ftp: 250)) == "Z2 pace")
        let absolute = try Self.pace("4:20-4:40/km")
        #expect(absolute.resolved(with: .none) == absolute, "a time per distance is one already")
    }

    @Test func theDisplayGivesTheShareAndThePace() throws {
        #expect(try Self.pace("95%").description(with: Self.perKilometre) == "95 % threshold pace · 4:44 /km")
        #expect(try Self.pace("Z2").description(with: Self.perKilometre) == "Z2 pace · 77.5–87.7 % threshold pace · 5:08–5:48 /km")
        #expect(try Self.pace("Z1").description(with: Self.perKilometre) == "Z1 pace · up to 77.5 % threshold pace · 5:48 /km or slower")
        #expect(try Self.pace("Z5").description(with: Self.perMile) == "Z5 pace · from 100 % threshold pace · 7:15 /mi or faster")
        #expect(
            Targets(pace: try Self.pace("Z3"), thresholds: Self.perKilometre).label
                == "@ Z3 pace · 87.7–94.3 % threshold pace · 4:46–5:08 /km")
    }

    @Test func theContractCarriesThePaceOfAShareOrAZone() throws {
        #expect(
            try Self.pace("95%").json(with: Self.perKilometre)
                == #"{"unit":"threshold","start":[0.95,0.95],"end":[0.95,0.95],"paces":{"unit":"s/km","start":[284,284],"end":[284,284]}}"#)
        #expect(
            try Self.pace("Z2").json(with: Self.perMile)
                == #"{"unit":"zone","start":[2,2],"end":[2,2],"paces":{"unit":"s/mi","start":[496,561],"end":[496,561]}}"#)
        #expect(
            try Self.pace("Z1").json(with: Self.perKilometre) == #"{"unit":"zone","start":[1,1],"end":[1,1]}"#, "an open end has no number")
        #expect(try Self.pace("95%").json() == #"{"unit":"threshold","start":[0.95,0.95],"end":[0.95,0.95]}"#)
        #expect(try Self.pace("4:30/km").json(with: Self.perKilometre) == #"{"unit":"s/km","start":[270,270],"end":[270,270]}"#)
    }

    @Test func thresholdPaceKeepsTheDistanceItWasGivenPer() throws {
        let mile = try TargetThresholds.thresholdPace(parsing: "7:15/mi", named: "x")
        #expect(mile.thresholdPaceUnit == .perMile && abs((mile.thresholdPace ?? 0) - 270.3) < 0.1)
        #expect(
            TargetThresholds(ftp: 250).overridden(by: mile)
                == TargetThresholds(ftp: 250, thresholdPace: mile.thresholdPace, thresholdPaceUnit: .perMile))
        #expect(mile.overridden(by: TargetThresholds(ftp: 250)).thresholdPaceUnit == .perMile, "a threshold not given keeps its unit")
        #expect(mile.overridden(by: try TargetThresholds.thresholdPace(parsing: "4:00", named: "x")).thresholdPaceUnit == .perKilometre)
    }

    @Test func aZoneOfPaceIsJudgedBySpeed() throws {
        let targets = Targets(pace: try Self.pace("Z2"), thresholds: Self.perKilometre)
        let speed = try #require(targets.measuredRange(of: .speed, at: 0))
        #expect(abs(speed.low - 1000 * 0.775 / 270) < 1e-9 && abs(speed.high - 1000 * 0.877 / 270) < 1e-9)
        #expect(Targets(pace: try Self.pace("Z2")).measuredRange(of: .speed, at: 0) == nil)
    }

    private static func open(_ distance: String?, pace: String, thresholds: TargetThresholds = .none, isOpen: Bool = true) throws -> Phase {
        var phase = Phase(kind: .work, name: "Fast", duration: isOpen ? nil : .seconds(60), isOpen: isOpen, distance: distance)
        phase.targets = Targets(pace: try Self.pace(pace), thresholds: thresholds)
        return phase
    }

    @Test func aDistanceStepWithAPaceHasAnEstimatedTime() throws {
        #expect(try Self.open("1 km", pace: "5:00/km").estimatedDuration == .seconds(300))
        #expect(try Self.open("1 km", pace: "4:50-5:10/km").estimatedDuration == .seconds(300), "the middle of a range")
        #expect(try Self.open("1 mi", pace: "7:00/mi").estimatedDuration == .seconds(420))
        #expect(try Self.open("400 m", pace: "1:45/100m").estimatedDuration == .seconds(420))
        // 400 m at 95 % of 4:30 /km: 0.4 × 284.2 s = 113.7 s.
        #expect(try Self.open("400 m", pace: "95%", thresholds: Self.perKilometre).estimatedDuration == .seconds(114))
        #expect(try Self.open("1 km", pace: "Z2", thresholds: Self.perMile).estimatedDuration != nil)
    }

    @Test func noEstimateWithoutADistanceAPaceOrAnEnd() throws {
        #expect(try Self.open("400 m", pace: "95%").estimatedDuration == nil, "no threshold pace")
        #expect(try Self.open("1 km", pace: "Z1", thresholds: Self.perKilometre).estimatedDuration == nil, "no slower end")
        #expect(try Self.open("1 km", pace: "Z5", thresholds: Self.perKilometre).estimatedDuration == nil, "no faster end")
        #expect(try Self.open("400 m fast", pace: "4:00/km").estimatedDuration == nil, "a label, not a length")
        #expect(try Self.open(nil, pace: "4:00/km").estimatedDuration == nil)
        #expect(try Self.open("1 km", pace: "4:00/km", isOpen: false).estimatedDuration == nil, "a timed step has its time")
        #expect(try Self.open("99999999999999999999 km", pace: "4:00/km").estimatedDuration == nil, "past a step's longest")
        #expect(try Self.open("1 m", pace: "0:01/km").estimatedDuration == nil, "under a second")
    }
}
