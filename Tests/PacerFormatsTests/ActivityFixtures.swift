import PacerFoundation
import PacerWorkout

@testable import PacerFormats

/// Activities built by hand for the writers' tests: a measured ride with a pause, a Tabata with
/// nothing measured, a strength session, and names a workout author could write to do harm.
enum ActivityFixtures {
    /// 2026-12-07T18:00:00+01:00.
    static let start = WallTime(epochSeconds: 1_796_662_800, utcOffset: 3600)

    /// A ride: a 60-s warm-up at 150 W, 120 s of work at 250–269 W paused for 20 s after 60 s (140 s
    /// elapsed), a 60-s cool-down; heart rate, cadence, speed and distance each second; FTP 250.
    static func ride() -> Activity {
        let laps = [
            ActivityLap(name: "Warm up", kind: .warmup, start: 0, elapsed: 60, timerTime: 60, trigger: .time),
            ActivityLap(name: "Threshold", kind: .work, start: 60, elapsed: 140, timerTime: 120, trigger: .time),
            ActivityLap(name: "Cool down", kind: .cooldown, start: 200, elapsed: 60, timerTime: 60, trigger: .manual),
        ]
        var records: [ActivityRecord] = []
        var distance = 0.0
        for second in 0..<260 where !(120..<140).contains(second) {
            let power = (60..<200).contains(second) ? 250 + Double(second % 20) : 150
            distance += 8
            records.append(
                ActivityRecord(
                    time: Double(second), power: power, heartRate: 120 + Double(second % 40), cadence: 90, speed: 8, distance: distance))
        }
        return Activity(
            id: 42, name: "Sweet spot", sport: .indoorCycling, start: start, elapsed: 260, laps: laps, records: records,
            pauses: [ActivityPause(start: 120, end: 140)], thresholdPower: 250)
    }

    /// A Tabata with nothing measured: 8 × (20 s work, 10 s rest).
    static func tabata() -> Activity {
        var laps: [ActivityLap] = []
        for round in 0..<8 {
            let start = Double(round * 30)
            laps.append(ActivityLap(name: "Work", kind: .work, start: start, elapsed: 20, timerTime: 20, trigger: .time))
            laps.append(ActivityLap(name: "Rest", kind: .rest, start: start + 20, elapsed: 10, timerTime: 10, trigger: .time))
        }
        return Activity(id: 7, name: "Tabata", sport: .hiit, start: start, elapsed: 240, laps: laps)
    }

    /// Three sets of squats, 5 reps at 100 kg, with 90-s rests, and a set of curls in pounds.
    static func strength() -> Activity {
        let laps = [
            ActivityLap(
                name: "Squat", kind: .reps, start: 0, elapsed: 40, timerTime: 40, trigger: .manual, reps: 5,
                weight: ActivityWeight(kilograms: 100, inPounds: false)),
            ActivityLap(name: "Rest", kind: .rest, start: 40, elapsed: 90, timerTime: 90, trigger: .time),
            ActivityLap(
                name: "Squat", kind: .reps, start: 130, elapsed: 35, timerTime: 35, trigger: .manual, reps: 5,
                weight: ActivityWeight(kilograms: 100, inPounds: false)),
            ActivityLap(name: "Rest", kind: .rest, start: 165, elapsed: 90, timerTime: 90, trigger: .time),
            ActivityLap(
                name: "Curl", kind: .reps, start: 255, elapsed: 30, timerTime: 30, trigger: .manual, reps: 12,
                weight: ActivityWeight(kilograms: 30 * ActivityWeight.kilogramsPerPound, inPounds: true)),
        ]
        return Activity(id: 9, name: "Legs", sport: .strength, start: start, elapsed: 285, laps: laps)
    }

    /// A name made to break a file: markup, a CDATA end, control characters, a NUL, emoji, and
    /// 400 bytes more than a FIT string holds.
    static let hostileName = "<b>]]>&\u{0}\u{1B}[31m\n\t\"'\u{7F}\u{85}🏋️" + String(repeating: "é", count: 200)

    /// A session whose every text is hostile, with values a damaged history could hold.
    static func hostile() -> Activity {
        let laps = [
            ActivityLap(name: hostileName, kind: .work, start: 0, elapsed: 30, timerTime: 30, trigger: .time),
            ActivityLap(name: "", kind: .rest, start: 30, elapsed: .infinity, timerTime: .nan, trigger: .manual),
        ]
        let records = [
            ActivityRecord(time: 1, power: .nan, heartRate: -5, cadence: 1e9, speed: .infinity, distance: -1),
            ActivityRecord(time: 2, power: 1e12, heartRate: 300, cadence: 300, speed: 1e6, distance: 1e15),
        ]
        return Activity(
            id: .max, name: hostileName, sport: .hiit, start: WallTime(epochSeconds: 0, utcOffset: -43200), elapsed: 60, laps: laps,
            records: records, pauses: [ActivityPause(start: 40, end: nil)], thresholdPower: 0)
    }
}
