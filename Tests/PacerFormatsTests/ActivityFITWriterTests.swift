import Foundation
import PacerFoundation
import PacerWorkout
import Testing

@testable import PacerFormats

/// FIT activity files as Garmin's SDK and fitdecode read them back: laps, records, pauses, load,
/// step names, strength sets, hostile text, and a file `pacer import` still refuses.
@Suite struct ActivityFITWriterTests {
    static func number(_ value: Any?) -> Double? { (value as? NSNumber)?.doubleValue }

    /// FIT's time of `seconds` after the fixtures' start.
    static func fitTime(_ seconds: Int) -> Double { Double(ActivityFixtures.start.epochSeconds - 631_065_600 + Int64(seconds)) }

    @Test func aRideComesBackWithItsLapsRecordsAndPauses() throws {
        let ride = ActivityFixtures.ride()
        let fit = try ActivityReadback.fit(ActivityExport.write(ride, as: .fit))
        let fileID = try fit.one("file_id")
        #expect(fileID["type"] as? String == "activity")
        #expect(Self.number(fileID["time_created"]) == Self.fitTime(0))
        #expect(Self.number(fileID["serial_number"]).map { $0 > 0 } == true)

        let laps = fit.all("lap")
        #expect(laps.map { Self.number($0["start_time"]) } == [0, 60, 200].map(Self.fitTime))
        #expect(laps.map { Self.number($0["total_elapsed_time"]) } == [60, 140, 60])
        #expect(laps.map { Self.number($0["total_timer_time"]) } == [60, 120, 60], "the pause is in the second lap's elapsed time only")
        #expect(laps.map { $0["intensity"] as? String } == ["warmup", "active", "cooldown"])
        #expect(laps.map { $0["lap_trigger"] as? String } == ["time", "time", "manual"])
        #expect(laps.map { Self.number($0["avg_power"]) } == [150, 260, 150], "259.5 W rounds to 260")
        #expect(laps.map { Self.number($0["max_power"]) } == [150, 269, 150])
        #expect(laps.map { Self.number($0["total_distance"]) } == [480, 960, 480])
        #expect(laps.map { Self.number($0["max_heart_rate"]) } == [159, 159, 159])

        let records = fit.all("record")
        #expect(records.count == ride.records.count)
        #expect(records.map { Self.number($0["timestamp"]) } == ride.records.map { Self.fitTime(Int($0.time)) })
        #expect(records.map { Self.number($0["power"]) } == ride.records.map(\.power))
        #expect(records.map { Self.number($0["heart_rate"]) } == ride.records.map(\.heartRate))
        #expect(records.map { Self.number($0["cadence"]) } == ride.records.map(\.cadence))
        #expect(records.map { Self.number($0["speed"]) } == ride.records.map(\.speed))
        #expect(records.map { Self.number($0["distance"]) } == ride.records.map(\.distance))

        let events = fit.all("event").filter { $0["event"] as? String == "timer" }
        #expect(events.map { $0["event_type"] as? String } == ["start", "stop_all", "start", "stop_all"])
        #expect(events.map { Self.number($0["timestamp"]) } == [0, 120, 140, 260].map(Self.fitTime))
        #expect(
            fit.counts == [
                "file_id": 1, "workout": 1, "workout_step": 3, "event": 4, "record": 240, "lap": 3, "session": 1, "activity": 1,
            ],
            "fitdecode reads the same messages")
    }

    @Test func theSessionCarriesItsSportTotalsAndLoad() throws {
        let ride = ActivityFixtures.ride()
        let fit = try ActivityReadback.fit(ActivityExport.write(ride, as: .fit))
        let session = try fit.one("session")
        #expect(session["sport"] as? String == "cycling")
        #expect(session["sub_sport"] as? String == "indoor_cycling")
        #expect(Self.number(session["total_elapsed_time"]) == 260)
        #expect(Self.number(session["total_timer_time"]) == 240)
        #expect(Self.number(session["num_laps"]) == 3)
        #expect(Self.number(session["threshold_power"]) == 250)
        let powers = ride.records.compactMap(\.power)
        let normalized = try #require(NormalizedPower.of(powers))
        #expect(Self.number(session["normalized_power"]) == normalized.rounded())
        #expect(Self.number(session["avg_power"]) == (powers.reduce(0, +) / Double(powers.count)).rounded())
        #expect(Self.number(session["max_power"]) == 269)
        #expect(Self.number(session["total_work"]) == powers.reduce(0, +), "a joule per watt-second")
        let factor = normalized / 250
        #expect(Self.number(session["intensity_factor"]) == (factor * 1000).rounded() / 1000)
        #expect(Self.number(session["training_stress_score"]) == (240 * normalized * factor / (250 * 3600) * 1000).rounded() / 10)
        #expect(Self.number(session["total_distance"]) == 1920)
        let activity = try fit.one("activity")
        #expect(Self.number(activity["num_sessions"]) == 1)
        #expect(Self.number(activity["total_timer_time"]) == 240)
        #expect(Self.number(activity["timestamp"]) == Self.fitTime(260))
        #expect(Self.number(activity["local_timestamp"]) == Self.fitTime(260) + 3600, "local time is an hour east of UTC")
    }

    @Test func everyLapIsNamedByTheWorkoutStepItPointsAt() throws {
        let fit = try ActivityReadback.fit(ActivityExport.write(ActivityFixtures.ride(), as: .fit))
        let names = Dictionary(
            uniqueKeysWithValues: try fit.all("workout_step").map {
                (try #require(Self.number($0["message_index"])), $0["wkt_step_name"] as? String)
            })
        #expect(try fit.all("lap").map { names[try #require(Self.number($0["wkt_step_index"]))] } == ["Warm up", "Threshold", "Cool down"])
        #expect(try fit.one("workout")["wkt_name"] as? String == "Sweet spot")
        #expect(fit.all("workout_step").map { $0["duration_type"] as? String } == ["time", "time", "open"])
    }

    @Test func aSessionWithNothingMeasuredStillHasItsLaps() throws {
        let fit = try ActivityReadback.fit(ActivityExport.write(ActivityFixtures.tabata(), as: .fit))
        let laps = fit.all("lap")
        #expect(laps.count == 16)
        #expect(laps.map { Self.number($0["total_timer_time"]) } == Array(repeating: [20.0, 10.0], count: 8).flatMap { $0 })
        #expect(laps.map { $0["intensity"] as? String }.prefix(2) == ["active", "rest"])
        #expect(fit.all("record").isEmpty)
        let session = try fit.one("session")
        #expect(session["sport"] as? String == "hiit")
        #expect(session["sub_sport"] as? String == "hiit")
        #expect(Self.number(session["total_timer_time"]) == 240)
        #expect(session["avg_power"] == nil && session["training_stress_score"] == nil && session["total_calories"] == nil)
        #expect(fit.counts["lap"] == 16 && fit.counts["record"] == nil)
    }

    @Test func aStrengthSessionWritesASetPerLap() throws {
        let fit = try ActivityReadback.fit(ActivityExport.write(ActivityFixtures.strength(), as: .fit))
        let session = try fit.one("session")
        #expect(session["sport"] as? String == "training")
        #expect(session["sub_sport"] as? String == "strength_training")
        let sets = fit.all("set")
        #expect(sets.map { $0["set_type"] as? String } == ["active", "rest", "active", "rest", "active"])
        #expect(sets.map { Self.number($0["repetitions"]) } == [5, nil, 5, nil, 12])
        #expect(sets.map { Self.number($0["weight"]) } == [100, nil, 100, nil, 13.625], "30 lb is 13.6 kg, in sixteenths")
        #expect(sets.map { $0["weight_display_unit"] as? String } == ["kilogram", nil, "kilogram", nil, "pound"])
        #expect(sets.map { Self.number($0["duration"]) } == [40, 90, 35, 90, 30])
        #expect(sets.map { Self.number($0["start_time"]) } == [0, 40, 130, 165, 255].map(Self.fitTime))
        #expect(sets.map { Self.number($0["timestamp"]) } == [40, 130, 165, 255, 285].map(Self.fitTime))
        #expect(fit.counts["set"] == 5)
    }

    @Test func aSessionWithNoPhasesIsOneLap() throws {
        var ride = ActivityFixtures.ride()
        ride.laps = []
        let fit = try ActivityReadback.fit(ActivityExport.write(ride, as: .fit))
        let lap = try fit.one("lap")
        #expect(Self.number(lap["total_elapsed_time"]) == 260)
        #expect(Self.number(lap["total_timer_time"]) == 240)
        #expect(try fit.one("workout_step")["wkt_step_name"] as? String == "Sweet spot")
    }

    @Test func hostileTextAndValuesMakeAFileBothReadersRead() throws {
        let fit = try ActivityReadback.fit(ActivityExport.write(ActivityFixtures.hostile(), as: .fit))
        let name = try #require(try fit.one("workout")["wkt_name"] as? String)
        #expect(name.hasPrefix("<b>]]>& "), "control characters are spaces")
        #expect(name.utf8.count < 255 && name.hasSuffix("é"), "cut at a character, inside FIT's 255 bytes")
        let records = fit.all("record")
        #expect(records.map { Self.number($0["power"]) } == [nil, 65534], "not a number left out, too much held at the most FIT holds")
        #expect(records.map { Self.number($0["heart_rate"]) } == [nil, 254], "below zero left out")
        #expect(fit.all("lap").count == 2)
    }

    @Test func theSameSessionGetsTheSameSerialNumberAndAnotherADifferentOne() throws {
        let ride = ActivityFixtures.ride()
        var other = ride
        other.id += 1
        let serials = try [ride, ride, other].map {
            try ActivityReadback.fit(ActivityExport.write($0, as: .fit)).one("file_id")["serial_number"] as? Int
        }
        #expect(serials[0] == serials[1])
        #expect(serials[0] != serials[2])
    }

    @Test func anActivityIsNotAWorkoutToImport() {
        #expect(throws: WorkoutErrors.self) {
            try WorkoutImport.read(ActivityExport.write(ActivityFixtures.ride(), as: .fit), format: .fit, name: "ride")
        }
    }

    @Test func anHourOfRecordsDefinesTheRecordOnceAndStaysSmall() {
        let records = (0..<3600).map {
            ActivityRecord(time: Double($0), power: 200, heartRate: 140, cadence: 90, speed: 9, distance: Double($0) * 9)
        }
        let ride = Activity(
            id: 1, name: "Hour", sport: .indoorCycling, start: ActivityFixtures.start, elapsed: 3600,
            laps: [ActivityLap(name: "Ride", kind: .work, start: 0, elapsed: 3600, timerTime: 3600, trigger: .time)], records: records)
        let bytes = ActivityExport.write(ride, as: .fit)
        #expect(bytes.count < 3600 * 16 + 1000, "a record is 15 bytes of data; its definition is not repeated: \(bytes.count) bytes")
    }
}
