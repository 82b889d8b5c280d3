import Testing

@testable import PacerFoundation
@testable import PacerWorkout

/// The message a target's parser refuses `text` with, or nil when it reads it.
private func refusal<T>(_ parse: (String) throws(TargetError) -> T, _ text: String) -> String? {
    do {
        _ = try parse(text)
        return nil
    } catch {
        return error.message
    }
}

private func power(_ text: String) throws(TargetError) -> PowerTarget { try PowerTarget(parsing: text) }
private func heartRate(_ text: String) throws(TargetError) -> HeartRateTarget { try HeartRateTarget(parsing: text) }
private func pace(_ text: String) throws(TargetError) -> PaceTarget { try PaceTarget(parsing: text) }
private func cadence(_ text: String) throws(TargetError) -> CadenceTarget { try CadenceTarget(parsing: text) }

private func steady(_ low: Double, _ high: Double? = nil) -> TargetSpan { TargetSpan(TargetRange(low, high ?? low)) }

@Suite("Targets: power")
struct PowerTargetTests {
    @Test(arguments: [
        ("90%", PowerTarget.target(.ftp, steady(90))),
        ("90 %", .target(.ftp, steady(90))),
        ("62.5%", .target(.ftp, steady(62.5))),
        ("88-94%", .target(.ftp, steady(88, 94))),
        ("88 - 94 %", .target(.ftp, steady(88, 94))),
        ("88–94%", .target(.ftp, steady(88, 94))),
        ("250 W", .target(.watts, steady(250))),
        ("250W", .target(.watts, steady(250))),
        ("250 w", .target(.watts, steady(250))),
        ("200-220 W", .target(.watts, steady(200, 220))),
        ("Z3", .target(.zone, steady(3))),
        ("z7", .target(.zone, steady(7))),
        ("ramp 50-75%", .target(.ftp, TargetSpan(start: TargetRange(50), end: TargetRange(75)))),
        ("Ramp 75-50%", .target(.ftp, TargetSpan(start: TargetRange(75), end: TargetRange(50)))),
        ("ramp 150-250 W", .target(.watts, TargetSpan(start: TargetRange(150), end: TargetRange(250)))),
        ("free", .freeRide),
        (" Free ", .freeRide),
    ])
    func readsEachSpelling(text: String, expected: PowerTarget) throws {
        #expect(try PowerTarget(parsing: text) == expected)
    }

    @Test(arguments: [
        ("90 %FTP", #"write 90% without "FTP": a power percentage is of FTP"#),
        ("90% FTP", #"write 90% without "FTP": a power percentage is of FTP"#),
        ("ramp 50%", "a ramp goes from one value to another: write ramp 50-75%"),
        ("ramp 150 W", "a ramp goes from one value to another: write ramp 150-250 W"),
        ("ramp", "a ramp goes from one value to another: write ramp 50-75% or ramp 150-250 W"),
        ("94-88%", "94 is above 88: write the lower value first, 88-94%"),
        ("220-200 W", "220 is above 200: write the lower value first, 200-220 W"),
        ("0%", "0% is out of range: a power target is 1–1000 % of FTP"),
        ("1001%", "1001% is out of range: a power target is 1–1000 % of FTP"),
        ("1,000%", "1,000 means 1000 in some countries and 1 in others: write 1000 or 1"),
        ("4000 W", "4000 W is out of range: a power target is 1–3000 W"),
        ("62,5%", "write 62,5 as 62.5: a target takes a decimal point and no commas"),
        ("Z9", "there is no power zone Z9: Coggan's power zones are Z1 to Z7"),
        ("Z0", "there is no power zone Z0: Coggan's power zones are Z1 to Z7"),
        ("Z3 HR", #""Z3 HR": write a power zone alone, as Z3"#),
        ("90", "say what 90 is: write 90% (of FTP) or 90 W"),
        ("250 watts", #"unknown power unit "watts": write 250% (of FTP) or 250 W"#),
        ("fre", #"unknown power target "fre" (did you mean "free"?)"#),
        ("free ride", #"unknown power target "free ride" (did you mean "free"?)"#),
        ("hard", #""hard" does not start with a number: write a target such as 90%, 88-94%, 250 W, 200-220 W, Z3, ramp 50-75% or free"#),
        ("", "write a power target such as 90%, 88-94%, 250 W, 200-220 W, Z3, ramp 50-75% or free"),
        ("1.2.3%", #""1.2.3" is not a number: write a target such as 90%, 88-94%, 250 W, 200-220 W, Z3, ramp 50-75% or free"#),
    ])
    func refusesEachMistakeWithTheFix(text: String, message: String) {
        #expect(refusal(power, text) == message)
    }

    @Test func describesAsWrittenAndInBothFormsWithFTP() throws {
        let ftp = TargetThresholds(ftp: 250)
        #expect(try power("88-94%").description == "88–94 % FTP")
        #expect(try power("88-94%").description(with: ftp) == "88–94 % FTP · 220–235 W")
        #expect(try power("88-94%").description(with: .none) == "88–94 % FTP")
        #expect(try power("62.5%").description == "62.5 % FTP")
        #expect(try power("ramp 50-75%").description == "ramp 50–75 % FTP")
        #expect(try power("ramp 50-75%").description(with: ftp) == "ramp 50–75 % FTP · 125–188 W")
        #expect(try power("250 W").description == "250 W")
        #expect(try power("200-220 W").description(with: ftp) == "200–220 W · 80–88 % FTP")
        #expect(try power("ramp 150-250 W").description == "ramp 150–250 W")
        #expect(try power("free").description(with: ftp) == "free ride")
    }

    @Test func namesAZonesRange() throws {
        #expect(try power("Z2").description == "Z2")
        #expect(try power("Z2").description(with: .none) == "Z2 · 56–75 % FTP")
        #expect(try power("Z2").description(with: TargetThresholds(ftp: 250)) == "Z2 · 56–75 % FTP · 140–188 W")
        #expect(try power("Z1").description(with: .none) == "Z1 · up to 55 % FTP")
        #expect(try power("Z7").description(with: TargetThresholds(ftp: 200)) == "Z7 · from 151 % FTP · from 302 W")
    }

    @Test func writesTheJSONContract() throws {
        #expect(try power("88-94%").json() == #"{"unit":"ftp","start":[0.88,0.94],"end":[0.88,0.94]}"#)
        #expect(try power("62.5%").json() == #"{"unit":"ftp","start":[0.625,0.625],"end":[0.625,0.625]}"#)
        #expect(try power("ramp 50-75%").json() == #"{"unit":"ftp","start":[0.5,0.5],"end":[0.75,0.75]}"#)
        #expect(try power("200-220 W").json() == #"{"unit":"watts","start":[200,220],"end":[200,220]}"#)
        #expect(try power("Z3").json() == #"{"unit":"zone","start":[3,3],"end":[3,3]}"#)
        #expect(try power("free").json() == nil)
        let ftp = TargetThresholds(ftp: 250)
        #expect(
            try power("ramp 50-75%").json(with: ftp)
                == #"{"unit":"ftp","start":[0.5,0.5],"end":[0.75,0.75],"watts":{"start":[125,125],"end":[188,188]}}"#)
        #expect(
            try power("250 W").json(with: ftp)
                == #"{"unit":"watts","start":[250,250],"end":[250,250],"watts":{"start":[250,250],"end":[250,250]}}"#)
        #expect(try power("Z3").json(with: ftp) == #"{"unit":"zone","start":[3,3],"end":[3,3]}"#)
    }

    @Test func aRampMovesFromItsStartToItsEnd() throws {
        let ramp = try #require(try power("ramp 50-75%").span)
        #expect(ramp.isRamp)
        #expect(ramp.at(fraction: 0) == TargetRange(50))
        #expect(ramp.at(fraction: 0.5) == TargetRange(62.5))
        #expect(ramp.at(fraction: 1) == TargetRange(75))
        #expect(ramp.at(fraction: -1) == TargetRange(50))
        #expect(ramp.at(fraction: 2) == TargetRange(75))
        #expect(ramp.at(fraction: .nan) == TargetRange(50))
        let down = try #require(try power("ramp 250-150 W").span)
        #expect(down.at(fraction: 0.5) == TargetRange(200))
        let ranges = TargetSpan(start: TargetRange(50, 60), end: TargetRange(70, 80))
        #expect(ranges.at(fraction: 0.5) == TargetRange(60, 70))
        #expect(PowerTarget.target(.ftp, ranges).description == "ramp 50–60 → 70–80 % FTP")
        let held = try #require(try power("88-94%").span)
        #expect(!held.isRamp)
        #expect(held.at(fraction: 0.5) == TargetRange(88, 94))
        #expect(PowerTarget.freeRide.span == nil)
    }

    @Test func aTargetBuiltOutOfRangeIsShownWithoutCrashing() {
        #expect(PowerTarget.target(.zone, steady(9)).description(with: TargetThresholds(ftp: 250)) == "Z9")
        #expect(HeartRateTarget(unit: .zone, span: steady(.nan)).description(with: TargetThresholds(lthr: 170)) == "Z? HR")
        #expect(
            PaceTarget(unit: .threshold, span: steady(0)).description(with: TargetThresholds(thresholdPace: 240))
                == "0 % threshold pace · ? /km")
        #expect(PowerTarget.target(.watts, steady(200)).description(with: TargetThresholds(ftp: 0)) == "200 W")
    }

    @Test func findsTheZoneOfAPercentage() {
        #expect(
            [40, 55, 55.5, 56, 75, 76, 90, 105, 120, 150, 151, 300].map(TargetZones.power.zone(ofPercent:)) == [
                1, 1, 2, 2, 2, 3, 3, 4, 5, 6, 7, 7,
            ])
        #expect([70, 84, 85, 89, 94, 99, 100, 120].map(TargetZones.heartRate.zone(ofPercent:)) == [1, 1, 2, 2, 3, 4, 5, 5])
    }

    // Issue 42, item 14: each edge belongs to the zone below, whatever floating-point noise a
    // computed value carries; a tenth of a percent above it is the next zone.
    @Test(arguments: [(55.0, 1), (75, 2), (90, 3), (105, 4), (120, 5), (150, 6)])
    func aZoneEdgeIsExact(edge: Double, zone: Int) {
        let noisy = [
            edge, edge.nextUp, edge.nextDown, edge * (1 + 1e-12), edge * (1 - 1e-12), (edge / 100 * 3 / 3) * 100,
            (0..<600).reduce(0.0) { total, _ in total + edge / 600 },
        ]
        #expect(noisy.map(TargetZones.power.zone(ofPercent:)) == Array(repeating: zone, count: noisy.count), "\(noisy)")
        #expect(TargetZones.power.zone(ofPermille: Int(edge) * 10) == zone)
        #expect(TargetZones.power.zone(ofPermille: Int(edge) * 10 + 1) == zone + 1)
        #expect(TargetZones.power.zone(ofPercent: edge + 0.1) == zone + 1)
    }

    @Test func aZoneOfNoNumberIsAtAnEnd() {
        #expect([Double.nan, -.infinity, .infinity, -5, 1e300].map(TargetZones.power.zone(ofPercent:)) == [1, 1, 7, 1, 7])
    }
}

@Suite("Targets: heart rate")
struct HeartRateTargetTests {
    @Test(arguments: [
        ("Z2", HeartRateTarget(unit: .zone, span: steady(2))),
        ("z5", HeartRateTarget(unit: .zone, span: steady(5))),
        ("Z2 HR", HeartRateTarget(unit: .zone, span: steady(2))),
        ("140-150 bpm", HeartRateTarget(unit: .bpm, span: steady(140, 150))),
        ("140-150BPM", HeartRateTarget(unit: .bpm, span: steady(140, 150))),
        ("145 bpm", HeartRateTarget(unit: .bpm, span: steady(145))),
        ("85-90% LTHR", HeartRateTarget(unit: .lthr, span: steady(85, 90))),
        ("85 - 90 %lthr", HeartRateTarget(unit: .lthr, span: steady(85, 90))),
        ("75% max", HeartRateTarget(unit: .max, span: steady(75))),
        ("75% Max HR", HeartRateTarget(unit: .max, span: steady(75))),
    ])
    func readsEachSpelling(text: String, expected: HeartRateTarget) throws {
        #expect(try HeartRateTarget(parsing: text) == expected)
    }

    @Test(arguments: [
        ("Z6", "there is no heart-rate zone Z6: Friel's heart-rate zones are Z1 to Z5"),
        ("Z2 bpm", #""Z2 bpm": write a heart-rate zone alone, as Z2"#),
        ("85%", "say 85% of what: write 85% LTHR or 85% max"),
        ("140", "say what 140 is: write 140 bpm"),
        (
            "140 bmp",
            #"unknown heart-rate unit "bmp" (did you mean "bpm"?): write a target such as 140-150 bpm, 85-90% LTHR, 75% max or Z2"#
        ),
        ("20 bpm", "20 bpm is out of range: a heart rate is 30–250 bpm"),
        ("160% LTHR", "160% LTHR is out of range: a heart-rate percentage is 1–150"),
        ("0% max", "0% max is out of range: a heart-rate percentage is 1–150"),
        ("150-140 bpm", "150 is above 140: write the lower value first, 140-150 bpm"),
        ("ramp 120-150 bpm", "only a power target ramps: write a steady heart-rate target such as 140-150 bpm, 85-90% LTHR, 75% max or Z2"),
        ("142,5 bpm", "write 142,5 as 142.5: a target takes a decimal point and no commas"),
        ("easy", #""easy" does not start with a number: write a target such as 140-150 bpm, 85-90% LTHR, 75% max or Z2"#),
    ])
    func refusesEachMistakeWithTheFix(text: String, message: String) {
        #expect(refusal(heartRate, text) == message)
    }

    @Test func describesAsWrittenAndInBothForms() throws {
        let athlete = TargetThresholds(lthr: 170, maxHeartRate: 190)
        #expect(try heartRate("Z2").description == "Z2 HR")
        #expect(try heartRate("Z2").description(with: .none) == "Z2 HR · 85–89 % LTHR")
        #expect(try heartRate("Z2").description(with: athlete) == "Z2 HR · 85–89 % LTHR · 145–151 bpm")
        #expect(try heartRate("Z5").description(with: .none) == "Z5 HR · from 100 % LTHR")
        #expect(try heartRate("85-90% LTHR").description == "85–90 % LTHR")
        #expect(try heartRate("85-90% LTHR").description(with: athlete) == "85–90 % LTHR · 145–153 bpm")
        #expect(try heartRate("75% max").description(with: athlete) == "75 % max HR · 143 bpm")
        #expect(try heartRate("75% max").description(with: TargetThresholds(lthr: 170)) == "75 % max HR")
        #expect(try heartRate("140-150 bpm").description(with: athlete) == "140–150 bpm · 82–88 % LTHR")
    }

    @Test func writesTheJSONContract() throws {
        #expect(try heartRate("Z2").json == #"{"unit":"zone","start":[2,2],"end":[2,2]}"#)
        #expect(try heartRate("140-150 bpm").json == #"{"unit":"bpm","start":[140,150],"end":[140,150]}"#)
        #expect(try heartRate("85-90% LTHR").json == #"{"unit":"lthr","start":[0.85,0.9],"end":[0.85,0.9]}"#)
        #expect(try heartRate("75% max").json == #"{"unit":"max","start":[0.75,0.75],"end":[0.75,0.75]}"#)
    }
}

@Suite("Targets: pace and cadence")
struct PaceAndCadenceTargetTests {
    @Test(arguments: [
        ("4:30/km", PaceTarget(unit: .perKilometre, span: steady(270))),
        ("4:30 /KM", PaceTarget(unit: .perKilometre, span: steady(270))),
        ("4:20-4:40/km", PaceTarget(unit: .perKilometre, span: steady(260, 280))),
        ("7:00/mi", PaceTarget(unit: .perMile, span: steady(420))),
        ("1:45/100m", PaceTarget(unit: .per100Metres, span: steady(105))),
        ("Z3", PaceTarget(unit: .zone, span: steady(3))),
        ("Z3 Pace", PaceTarget(unit: .zone, span: steady(3))),
        ("95%", PaceTarget(unit: .threshold, span: steady(95))),
        ("95-100 %", PaceTarget(unit: .threshold, span: steady(95, 100))),
        ("95 % threshold pace", PaceTarget(unit: .threshold, span: steady(95))),
        ("4:20–4:40 /km", PaceTarget(unit: .perKilometre, span: steady(260, 280))),
    ])
    func readsEachPaceSpelling(text: String, expected: PaceTarget) throws {
        #expect(try PaceTarget(parsing: text) == expected)
    }

    @Test(arguments: [
        ("0:00/km", "a pace of 0:00 would take no time: write minutes:seconds per unit, such as 4:30/km"),
        ("60:00/km", "60:00/km is out of range: a pace is above 0:00 and below 60:00"),
        ("4:5/km", "write a pace as minutes:seconds per unit, such as 4:30/km (not 4:5/km)"),
        ("4,30/km", "write a pace as minutes:seconds per unit, such as 4:30/km (not 4,30/km)"),
        ("4.5/mi", "write a pace as minutes:seconds per unit, such as 4:30/mi (not 4.5/mi)"),
        ("4:75/km", "4:75/km has 75 seconds: write seconds below 60, such as 5:15/km"),
        ("4:60/km", "4:60/km has 60 seconds: write seconds below 60, such as 5:00/km"),
        ("4:40-4:20/km", "4:40 is above 4:20: write the lower value first, 4:20-4:40/km"),
        ("4:30", "say per what: write 4:30/km, 4:30/mi or 4:30/100m"),
        (
            "4:30/mile",
            #"unknown pace unit "/mile" (did you mean "/mi"?): write a pace such as 4:30/km, 4:20-4:40/km, 7:00/mi, 1:45/100m, 95% or Z3"#
        ),
        ("Z6", "there is no pace zone Z6: pace zones are Z1 to Z5"),
        ("0%", "0% is out of range: a pace is 1–150 % of threshold pace"),
        (
            "ramp 5:00-4:00/km",
            "only a power target ramps: write a steady pace target such as 4:30/km, 4:20-4:40/km, 7:00/mi, 1:45/100m, 95% or Z3"
        ),
    ])
    func refusesEachPaceMistakeWithTheFix(text: String, message: String) {
        #expect(refusal(pace, text) == message)
    }

    @Test func describesPaceAsWrittenAndInBothForms() throws {
        let athlete = TargetThresholds(thresholdPace: 240)
        #expect(try pace("4:20-4:40/km").description == "4:20–4:40 /km")
        // 7:00 per mile is 420 / 1.609344 = 260.98 s per km: 240 / 260.98 = 92 % of threshold speed.
        #expect(try pace("7:00/mi").description(with: athlete) == "7:00 /mi · 92 % threshold pace")
        #expect(try pace("1:45/100m").description == "1:45 /100m")
        #expect(try pace("Z3").description(with: athlete) == "Z3 pace · 87.7–94.3 % threshold pace · 4:15–4:34 /km")
        #expect(try pace("95%").description == "95 % threshold pace")
        #expect(try pace("95%").description(with: athlete) == "95 % threshold pace · 4:13 /km")
        #expect(try pace("4:00/km").description(with: athlete) == "4:00 /km · 100 % threshold pace")
    }

    @Test func writesThePaceJSONContract() throws {
        #expect(try pace("4:20-4:40/km").json() == #"{"unit":"s/km","start":[260,280],"end":[260,280]}"#)
        #expect(try pace("7:00/mi").json() == #"{"unit":"s/mi","start":[420,420],"end":[420,420]}"#)
        #expect(try pace("1:45/100m").json() == #"{"unit":"s/100m","start":[105,105],"end":[105,105]}"#)
        #expect(try pace("95%").json() == #"{"unit":"threshold","start":[0.95,0.95],"end":[0.95,0.95]}"#)
        #expect(try pace("Z3").json() == #"{"unit":"zone","start":[3,3],"end":[3,3]}"#)
    }

    @Test(arguments: [
        ("90 rpm", steady(90)), ("90rpm", steady(90)), ("90 RPM", steady(90)), ("85-95 rpm", steady(85, 95)),
        ("85 - 95 rpm", steady(85, 95)),
    ])
    func readsEachCadenceSpelling(text: String, expected: TargetSpan) throws {
        #expect(try CadenceTarget(parsing: text) == CadenceTarget(span: expected))
    }

    @Test(arguments: [
        ("90", "say what 90 is: write 90 rpm"),
        ("90 spm", #"unknown cadence unit "spm": write 90 rpm"#),
        ("0 rpm", "0 rpm is out of range: a cadence is 1–250 rpm"),
        ("300 rpm", "300 rpm is out of range: a cadence is 1–250 rpm"),
        ("95-85 rpm", "95 is above 85: write the lower value first, 85-95 rpm"),
        ("ramp 80-100 rpm", "only a power target ramps: write a steady cadence target such as 90 rpm or 85-95 rpm"),
        ("fast", #""fast" does not start with a number: write a target such as 90 rpm or 85-95 rpm"#),
    ])
    func refusesEachCadenceMistakeWithTheFix(text: String, message: String) {
        #expect(refusal(cadence, text) == message)
    }

    @Test func describesAndWritesCadence() throws {
        #expect(try cadence("85-95 rpm").description == "85–95 rpm")
        #expect(try cadence("90 rpm").description == "90 rpm")
        #expect(try cadence("85-95 rpm").json == #"{"start":[85,95],"end":[85,95]}"#)
    }
}

@Suite("Targets: together")
struct TargetsTests {
    @Test(arguments: ["Z2", "140-150 bpm", "85-90% LTHR", "75% max"])
    func theDisplaysHeartRateTextReadsBack(text: String) throws {
        #expect(try heartRate(heartRate(text).description) == heartRate(text))
    }

    @Test(arguments: ["Z3", "4:20-4:40/km", "7:00/mi", "1:45/100m", "95%"])
    func theDisplaysPaceTextReadsBack(text: String) throws {
        #expect(try pace(pace(text).description) == pace(text))
    }

    @Test func theDisplaysPowerTextIsRefusedWithTheFileSpelling() throws {
        #expect(refusal(power, try power("88-94%").description) == #"write 88-94% without "FTP": a power percentage is of FTP"#)
        #expect(try cadence(cadence("85-95 rpm").description) == cadence("85-95 rpm"))
        #expect(try power(power("200-220 W").description) == power("200-220 W"))
    }

    @Test func aRampIsDescribedAsItsTargetNowAndWhereItIsHeading() throws {
        let ramp = try power("ramp 50-75%")
        #expect(ramp.description(at: 0, with: .none) == "50 % → 75 % FTP")
        #expect(ramp.description(at: 0.5, with: .none) == "63 % → 75 % FTP")
        #expect(ramp.description(at: 1, with: TargetThresholds(ftp: 240)) == "75 % → 75 % FTP · 180 → 180 W")
        #expect(try power("ramp 150-250 W").description(at: 0.25, with: TargetThresholds(ftp: 250)) == "175 W → 250 W · 70 → 100 % FTP")
        #expect(
            try power("88-94%").description(at: 0.5, with: TargetThresholds(ftp: 250)) == "88–94 % FTP · 220–235 W",
            "a steady target does not move")
        #expect(Targets(power: ramp).label(at: 0.2) == "@ 55 % → 75 % FTP" && Targets(power: ramp).label == "@ ramp 50–75 % FTP")
    }

    @Test func thresholdsAreReadAndCheckedAndTheCommandLineWins() throws {
        #expect(try TargetThresholds.thresholdPace(parsing: "4:30", named: "x") == TargetThresholds(thresholdPace: 270))
        #expect(
            try TargetThresholds.thresholdPace(parsing: "8:03/mi", named: "x")
                == TargetThresholds(thresholdPace: 483 / 1.609344, thresholdPaceUnit: .perMile))
        #expect(throws: TargetError.self) { try TargetThresholds.thresholdPace(parsing: "4:20-4:40", named: "x") }
        #expect(throws: TargetError.self) { try TargetThresholds.thresholdPace(parsing: "1:45/100m", named: "x") }
        #expect(throws: TargetError.self) { try TargetThresholds.checkedFTP(0, named: "x") }
        #expect(throws: TargetError.self) { try TargetThresholds.checkedFTP(.infinity, named: "x") }
        #expect(throws: TargetError.self) { try TargetThresholds.checkedHeartRate(300, named: "x") }
        let config = TargetThresholds(ftp: 200, lthr: 160)
        #expect(
            config.overridden(by: TargetThresholds(ftp: 250, maxHeartRate: 190)) == TargetThresholds(ftp: 250, lthr: 160, maxHeartRate: 190)
        )
    }

    @Test func aPlanWithThresholdsShowsEveryTargetInBothForms() throws {
        var ride = Phase(kind: .work, name: "Ride", duration: .seconds(60))
        ride.targets = Targets(power: try power("90%"))
        let plan = Plan(name: "P", phases: [ride, Phase(kind: .rest, name: "Rest", duration: .seconds(10))]).with(
            TargetThresholds(ftp: 300))
        #expect(plan.phases[0].targets.label == "@ 90 % FTP · 270 W")
        #expect(plan.phases[1].targets.isEmpty && plan.planned == .seconds(70))
        var object = JSONObjectWriter()
        plan.phases[0].targets.add(to: &object)
        #expect(object.text.contains(#""watts":{"start":[270,270],"end":[270,270]}"#))
    }

    @Test func addsEachSetTargetToAPhasesJSON() throws {
        let all = Targets(
            power: try power("ramp 50-75%"), heartRate: try heartRate("Z2"), pace: try pace("4:30/km"), cadence: try cadence("90 rpm"))
        var object = JSONObjectWriter()
        all.add(to: &object)
        #expect(
            object.text
                == #"{"power":{"unit":"ftp","start":[0.5,0.5],"end":[0.75,0.75]},"heart_rate":{"unit":"zone","start":[2,2],"end":[2,2]},"pace":{"unit":"s/km","start":[270,270],"end":[270,270]},"cadence":{"start":[90,90],"end":[90,90]}}"#
        )
        var withFTP = JSONObjectWriter()
        Targets(power: try power("90%"), thresholds: TargetThresholds(ftp: 200)).add(to: &withFTP)
        #expect(withFTP.text == #"{"power":{"unit":"ftp","start":[0.9,0.9],"end":[0.9,0.9],"watts":{"start":[180,180],"end":[180,180]}}}"#)
    }

    @Test func aFreeRideIsSaidSo() {
        var object = JSONObjectWriter()
        Targets(power: .freeRide, cadence: CadenceTarget(span: steady(90))).add(to: &object)
        #expect(object.text == #"{"free_ride":true,"cadence":{"start":[90,90],"end":[90,90]}}"#)
    }

    @Test func describesEachTargetPowerFirst() throws {
        let targets = Targets(power: try power("88-94%"), cadence: try cadence("90 rpm"))
        #expect(targets.description == "88–94 % FTP, 90 rpm")
        #expect(
            Targets(power: targets.power, cadence: targets.cadence, thresholds: TargetThresholds(ftp: 250)).descriptions() == [
                "88–94 % FTP · 220–235 W", "90 rpm",
            ])
        #expect(Targets().isEmpty && Targets().description.isEmpty && !targets.isEmpty)
        var nothing = JSONObjectWriter()
        Targets().add(to: &nothing)
        #expect(nothing.text == "{}")
    }
}
