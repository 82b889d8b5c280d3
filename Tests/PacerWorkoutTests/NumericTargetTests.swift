import PacerFoundation
import Testing

@testable import PacerWorkout

/// Targets made from numbers are the targets their text reads, and are refused with its messages.
@Suite struct NumericTargetTests {
    @Test func aTargetMadeFromNumbersIsTheOneItsTextReads() throws {
        #expect(try PowerTarget(ftpShare: 0.88...0.94) == PowerTarget(parsing: "88-94%"))
        #expect(try PowerTarget(ftpShare: 0.333...0.333) == PowerTarget(parsing: "33.3%"))
        #expect(try PowerTarget(ftpPercent: 90...90) == PowerTarget(parsing: "90%"))
        #expect(try PowerTarget(ftpPercentFrom: 60, to: 40) == PowerTarget(parsing: "ramp 60-40%"))
        #expect(try PowerTarget(ftpPercentFrom: 60, to: 60) == PowerTarget(parsing: "60%"))
        #expect(try PowerTarget(watts: 200...220) == PowerTarget(parsing: "200-220 W"))
        #expect(try PowerTarget(wattsFrom: 150, to: 250) == PowerTarget(parsing: "ramp 150-250 W"))
        #expect(try PowerTarget(zone: 3) == PowerTarget(parsing: "Z3"))
        #expect(try HeartRateTarget(bpm: 140...150) == HeartRateTarget(parsing: "140-150 bpm"))
        #expect(try HeartRateTarget(lthrPercent: 85...90) == HeartRateTarget(parsing: "85-90% LTHR"))
        #expect(try HeartRateTarget(maxPercent: 75...75) == HeartRateTarget(parsing: "75% max"))
        #expect(try HeartRateTarget(zone: 2) == HeartRateTarget(parsing: "Z2"))
        #expect(try PaceTarget(secondsPerKilometre: 260...280) == PaceTarget(parsing: "4:20-4:40/km"))
        #expect(try PaceTarget(secondsPerMile: 420...420) == PaceTarget(parsing: "7:00/mi"))
        #expect(try PaceTarget(secondsPer100Metres: 105...105) == PaceTarget(parsing: "1:45/100m"))
        #expect(try PaceTarget(thresholdPercent: 95...95) == PaceTarget(parsing: "95%"))
        #expect(try PaceTarget(zone: 3) == PaceTarget(parsing: "Z3"))
        #expect(try CadenceTarget(rpm: 85...95) == CadenceTarget(parsing: "85-95 rpm"))
    }

    @Test func aTargetOutOfLimitsIsRefusedAsItsTextIs() {
        let cases: [(String, TargetError?, TargetError?)] = [
            (
                "1500%", Self.refusal { () throws(TargetError) in try PowerTarget(ftpPercent: 1500...1500) },
                Self.refusal { () throws(TargetError) in try PowerTarget(parsing: "1500%") }
            ),
            (
                "0-90%", Self.refusal { () throws(TargetError) in try PowerTarget(ftpShare: 0...0.9) },
                Self.refusal { () throws(TargetError) in try PowerTarget(parsing: "0-90%") }
            ),
            (
                "ramp 50-1200%", Self.refusal { () throws(TargetError) in try PowerTarget(ftpPercentFrom: 50, to: 1200) },
                Self.refusal { () throws(TargetError) in try PowerTarget(parsing: "ramp 50-1200%") }
            ),
            (
                "3001 W", Self.refusal { () throws(TargetError) in try PowerTarget(watts: 3001...3001) },
                Self.refusal { () throws(TargetError) in try PowerTarget(parsing: "3001 W") }
            ),
            (
                "ramp 0-250 W", Self.refusal { () throws(TargetError) in try PowerTarget(wattsFrom: 0, to: 250) },
                Self.refusal { () throws(TargetError) in try PowerTarget(parsing: "ramp 0-250 W") }
            ),
            (
                "Z8", Self.refusal { () throws(TargetError) in try PowerTarget(zone: 8) },
                Self.refusal { () throws(TargetError) in try PowerTarget(parsing: "Z8") }
            ),
            (
                "20 bpm", Self.refusal { () throws(TargetError) in try HeartRateTarget(bpm: 20...20) },
                Self.refusal { () throws(TargetError) in try HeartRateTarget(parsing: "20 bpm") }
            ),
            (
                "151% LTHR", Self.refusal { () throws(TargetError) in try HeartRateTarget(lthrPercent: 151...151) },
                Self.refusal { () throws(TargetError) in try HeartRateTarget(parsing: "151% LTHR") }
            ),
            (
                "0% max", Self.refusal { () throws(TargetError) in try HeartRateTarget(maxPercent: 0...0) },
                Self.refusal { () throws(TargetError) in try HeartRateTarget(parsing: "0% max") }
            ),
            (
                "Z6 HR", Self.refusal { () throws(TargetError) in try HeartRateTarget(zone: 6) },
                Self.refusal { () throws(TargetError) in try HeartRateTarget(parsing: "Z6") }
            ),
            (
                "0:00-4:00/km", Self.refusal { () throws(TargetError) in try PaceTarget(secondsPerKilometre: 0...240) },
                Self.refusal { () throws(TargetError) in try PaceTarget(parsing: "0:00-4:00/km") }
            ),
            (
                "60:00/mi", Self.refusal { () throws(TargetError) in try PaceTarget(secondsPerMile: 3600...3600) },
                Self.refusal { () throws(TargetError) in try PaceTarget(parsing: "60:00/mi") }
            ),
            (
                "0:00/100m", Self.refusal { () throws(TargetError) in try PaceTarget(secondsPer100Metres: 0...0) },
                Self.refusal { () throws(TargetError) in try PaceTarget(parsing: "0:00/100m") }
            ),
            (
                "200%", Self.refusal { () throws(TargetError) in try PaceTarget(thresholdPercent: 200...200) },
                Self.refusal { () throws(TargetError) in try PaceTarget(parsing: "200%") }
            ),
            (
                "Z9 pace", Self.refusal { () throws(TargetError) in try PaceTarget(zone: 9) },
                Self.refusal { () throws(TargetError) in try PaceTarget(parsing: "Z9") }
            ),
            (
                "300 rpm", Self.refusal { () throws(TargetError) in try CadenceTarget(rpm: 300...300) },
                Self.refusal { () throws(TargetError) in try CadenceTarget(parsing: "300 rpm") }
            ),
        ]
        for (text, made, parsed) in cases {
            #expect(made != nil, "\(text)")
            #expect(made == parsed, "\(text)")
        }
    }

    /// What `make` refuses with; nil when it makes a target.
    private static func refusal(_ make: () throws(TargetError) -> some Equatable) -> TargetError? {
        do throws(TargetError) {
            _ = try make()
            return nil
        } catch {
            return error
        }
    }
}
