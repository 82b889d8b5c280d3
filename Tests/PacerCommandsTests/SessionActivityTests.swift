import PacerEngine
import PacerFormats
import PacerFoundation
import PacerWorkout
import Testing

@testable import History
@testable import PacerCommands

/// A recorded session read as an activity: its laps, their triggers, its sport and its sets' weights.
@Suite struct SessionActivityTests {
    static func phase(
        _ index: Int, _ kind: PhaseKind, _ name: String, planned: Int64?, active: Int64, outcome: PhaseOutcome = .completed,
        reps: Int? = nil, weight: String? = nil, isOpen: Bool = false, targets: Targets = Targets()
    ) -> PhaseRecord {
        PhaseRecord(
            index: index, kind: kind, name: name, exercise: nil, planned: planned.map { WorkoutDuration(milliseconds: $0 * 1000) },
            active: WorkoutDuration(milliseconds: active * 1000), outcome: outcome, reps: reps,
            weight: weight.map(LoggedWeight.init(text:)),
            isOpen: isOpen, targets: targets)
    }

    static func session(_ phases: [PhaseRecord], paused: Int64 = 0) -> SessionRecord {
        let active = phases.reduce(0) { $0 + $1.active.milliseconds }
        return SessionRecord(
            id: 3, workout: "Mixed", file: "/w/mixed.json", started: WallTime(epochSeconds: 1_796_662_800, utcOffset: 3600),
            ended: nil, outcome: .completed, isRunning: false, planned: .zero, active: WorkoutDuration(milliseconds: active),
            paused: WorkoutDuration(milliseconds: paused * 1000), speed: 1, setsLogged: 0, phases: phases)
    }

    @Test func eachPhaseIsALapStartingWhereTheOneBeforeEnded() {
        let activity = Activity(
            Self.session(
                [
                    Self.phase(1, .work, "Hard", planned: 30, active: 30),
                    Self.phase(2, .rest, "Easy", planned: 20, active: 12, outcome: .skipped),
                    Self.phase(3, .work, "Open", planned: nil, active: 45, isOpen: true),
                ], paused: 5))
        #expect(activity.laps.map(\.name) == ["Hard", "Easy", "Open"])
        #expect(activity.laps.map(\.start) == [0, 30, 42])
        #expect(activity.laps.map(\.timerTime) == [30, 12, 45])
        #expect(activity.laps.map(\.trigger) == [.time, .manual, .manual], "only a phase whose time ran out ended by time")
        #expect(activity.elapsed == 92, "87 s active and 5 s paused")
        #expect(activity.name == "Mixed" && activity.id == 3)
    }

    @Test func aMeasuredSessionAtSpeedIsWrittenInWorkoutTime() {
        var phases = [Self.phase(1, .work, "Hard", planned: 60, active: 60), Self.phase(2, .rest, "Easy", planned: 30, active: 30)]
        phases[0].started = 0
        phases[1].started = 8
        var session = Self.session(phases, paused: 20)
        session.speed = 10
        session.ftp = 250
        session.pauses = [PauseRecord(started: 3, ended: 5)]
        let samples = (0..<9).map {
            SampleRecord(
                t: Double($0), active: Double($0 * 10), phase: $0 < 8 ? 0 : 1, values: MeasuredValues([.power: 240, .heartRate: 150]))
        }
        let activity = Activity(session, samples: samples)
        #expect(activity.laps.map(\.start) == [0, 80], "the second phase started 8 real seconds in, 80 at --speed 10")
        #expect(activity.laps.map(\.elapsed) == [80, 30], "the first lap holds the 20-s pause")
        #expect(activity.laps.map(\.timerTime) == [60, 30])
        #expect(activity.pauses == [ActivityPause(start: 30, end: 50)])
        #expect(activity.elapsed == 110)
        #expect(activity.timerTime == 90)
        #expect(activity.records.map(\.time) == (0..<9).map { Double($0 * 10) })
        #expect(activity.records.allSatisfy { $0.power == 240 && $0.heartRate == 150 && $0.cadence == nil })
        #expect(activity.thresholdPower == 250)
    }

    @Test func theSportIsWhatThePhasesAimedAtAndLogged() throws {
        let power = Targets(power: try PowerTarget(parsing: "250 W"))
        let pace = Targets(pace: try PaceTarget(parsing: "4:30/km"))
        let cases: [([PhaseRecord], ActivitySport)] = [
            (
                [
                    Self.phase(1, .work, "Run", planned: 60, active: 60, targets: pace),
                    Self.phase(2, .work, "Ride", planned: 60, active: 60, targets: power),
                ], .indoorCycling
            ),
            ([Self.phase(1, .work, "Run", planned: 60, active: 60, targets: pace)], .treadmillRunning),
            ([Self.phase(1, .reps, "Squat", planned: nil, active: 40, reps: 5)], .strength),
            ([Self.phase(1, .work, "Sprint", planned: 20, active: 20), Self.phase(2, .rest, "Rest", planned: 10, active: 10)], .hiit),
            ([], .hiit),
        ]
        for (phases, sport) in cases { #expect(Activity(Self.session(phases)).sport == sport, "\(phases.map(\.name))") }
    }

    @Test func aWeightIsKeptInKilogramsWithTheUnitItWasLoggedIn() {
        let weights = ["80 kg", "135 lb", "60", "bodyweight", "3 plates"].map {
            Activity(Self.session([Self.phase(1, .reps, "Lift", planned: nil, active: 30, reps: 5, weight: $0)])).laps[0].weight
        }
        #expect(weights[0] == ActivityWeight(kilograms: 80, inPounds: false))
        #expect(weights[1] == ActivityWeight(kilograms: 135 * ActivityWeight.kilogramsPerPound, inPounds: true))
        #expect(weights[2] == ActivityWeight(kilograms: 60, inPounds: false), "a bare number is kilograms")
        #expect(weights[3] == nil && weights[4] == nil, "a weight in words is no weight to a logbook")
    }
}
