import Foundation
import PacerFoundation
import Testing

@testable import PacerFormats

/// TCX activities valid against Garmin's published schemas (xmllint), and read back with the
/// formats' own XML reader: laps, trackpoints, names.
@Suite struct TCXWriterTests {
    static func document(_ activity: Activity) throws -> (text: String, root: XMLElement) {
        let text = String(decoding: ActivityExport.write(activity, as: .tcx), as: UTF8.self)
        let validation = try ActivityReadback.validate(text)
        #expect(validation.status == 0, "xmllint (Debian libxml2-utils; scripts/test installs it): \(validation.stderr)")
        return (text, try XMLDocument.parse(Array(text.utf8)))
    }

    static func laps(_ root: XMLElement) throws -> [XMLElement] {
        let activity = try #require(root.children.first { $0.name == "Activities" }?.children.first { $0.name == "Activity" })
        return activity.children.filter { $0.name == "Lap" }
    }

    static func child(_ element: XMLElement, _ path: String...) -> XMLElement? {
        path.reduce(element) { found, name in found?.children.first { $0.name == name } }
    }

    @Test func aRideIsValidWithItsLapsAndTrackpoints() throws {
        let (_, root) = try Self.document(ActivityFixtures.ride())
        let activity = try #require(Self.child(root, "Activities", "Activity"))
        #expect(activity.attribute("sport") == "Biking")
        #expect(Self.child(activity, "Id")?.text == "2026-12-07T17:00:00Z")
        let laps = try Self.laps(root)
        #expect(laps.map { $0.attribute("starttime") } == ["2026-12-07T17:00:00Z", "2026-12-07T17:01:00Z", "2026-12-07T17:03:20Z"])
        #expect(laps.map { Self.child($0, "TotalTimeSeconds")?.text } == ["60", "120", "60"])
        #expect(laps.map { Self.child($0, "DistanceMeters")?.text } == ["480", "960", "480"])
        #expect(laps.map { Self.child($0, "Notes")?.text } == ["Warm up", "Threshold", "Cool down"])
        #expect(laps.map { Self.child($0, "Intensity")?.text } == ["Active", "Active", "Resting"])
        #expect(laps.map { Self.child($0, "TriggerMethod")?.text } == ["Time", "Time", "Manual"])
        #expect(laps.map { Self.child($0, "Extensions", "ax:LX", "ax:AvgWatts")?.text } == ["150", "260", "150"])
        let points = laps.flatMap { Self.child($0, "Track")?.children ?? [] }
        #expect(points.count == 240)
        let first = try #require(points.first)
        #expect(Self.child(first, "Time")?.text == "2026-12-07T17:00:00Z")
        #expect(Self.child(first, "HeartRateBpm", "Value")?.text == "120")
        #expect(Self.child(first, "Cadence")?.text == "90")
        #expect(Self.child(first, "DistanceMeters")?.text == "8")
        #expect(Self.child(first, "Extensions", "ax:TPX", "ax:Watts")?.text == "150")
        #expect(Self.child(first, "Extensions", "ax:TPX", "ax:Speed")?.text == "8")
    }

    @Test func aSessionWithNothingMeasuredIsValidWithItsLaps() throws {
        let (_, root) = try Self.document(ActivityFixtures.tabata())
        let laps = try Self.laps(root)
        #expect(laps.count == 16)
        #expect(laps.allSatisfy { Self.child($0, "Track") == nil && Self.child($0, "Calories")?.text == "0" })
        #expect(Self.child(root, "Activities", "Activity")?.attribute("sport") == "Other")
    }

    @Test func aStrengthSessionIsValid() throws {
        let (_, root) = try Self.document(ActivityFixtures.strength())
        #expect(try Self.laps(root).map { Self.child($0, "Notes")?.text } == ["Squat", "Rest", "Squat", "Rest", "Curl"])
    }

    @Test func aTreadmillRunKeepsItsCadenceAsRunCadence() throws {
        var run = ActivityFixtures.ride()
        run.sport = .treadmillRunning
        let (_, root) = try Self.document(run)
        let lap = try #require(try Self.laps(root).first)
        #expect(Self.child(root, "Activities", "Activity")?.attribute("sport") == "Running")
        #expect(Self.child(lap, "Cadence") == nil)
        #expect(Self.child(lap, "Extensions", "ax:LX", "ax:AvgRunCadence")?.text == "90")
        let point = try #require(Self.child(lap, "Track")?.children.first)
        #expect(Self.child(point, "Extensions", "ax:TPX", "ax:RunCadence")?.text == "90")
    }

    @Test func hostileNamesAreEscapedAndTheFileStaysValid() throws {
        let (text, root) = try Self.document(ActivityFixtures.hostile())
        #expect(!text.contains("<b>") && !text.contains("]]>"))
        let kept = String(
            String.UnicodeScalarView(
                ActivityFixtures.hostileName.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F || $0 == "\n" || $0 == "\t" }))
        #expect(try Self.laps(root).first.flatMap { Self.child($0, "Notes")?.text } == kept)
        #expect(Self.child(root, "Activities", "Activity", "Notes")?.text == kept)
    }

    @Test func aStartNoCalendarHoldsIsKeptInRange() throws {
        var late = ActivityFixtures.ride()
        late.start = WallTime(epochSeconds: .max, utcOffset: 0)
        let (_, root) = try Self.document(late)
        #expect(Self.child(root, "Activities", "Activity", "Id")?.text == "9999-12-31T23:59:59Z")
        late.start = WallTime(epochSeconds: .min, utcOffset: 0)
        #expect(Self.child(try Self.document(late).root, "Activities", "Activity", "Id")?.text == "1970-01-01T00:00:00Z")
        let fit = try ActivityReadback.fit(ActivityExport.write(late, as: .fit))
        #expect(try fit.one("file_id")["time_created"] as? Int == 0, "before FIT's epoch: its first second")
    }

    @Test func theSchemaCheckRefusesWattsThatAreNotANumber() throws {
        let text = String(decoding: ActivityExport.write(ActivityFixtures.ride(), as: .tcx), as: UTF8.self)
        let broken = text.replacingOccurrences(of: "<ax:Watts>150</ax:Watts>", with: "<ax:Watts>many</ax:Watts>")
        #expect(broken != text)
        #expect(try ActivityReadback.validate(broken).status != 0, "the extension's schema is loaded and checked")
    }
}
