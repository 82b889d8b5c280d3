/// The messages of an activity file that pacer writes (`session`, `lap`, `record`, `event`,
/// `activity`, `set`), their fields as the profile names them, and the enums their values take.
extension FITProfile {
    /// The summary values `session` and `lap` both hold, each under its own field numbers.
    protocol SummaryField: Field {
        static var totalDistance: Self { get }
        static var totalCalories: Self { get }
        static var avgSpeed: Self { get }
        static var maxSpeed: Self { get }
        static var avgHeartRate: Self { get }
        static var maxHeartRate: Self { get }
        static var avgCadence: Self { get }
        static var maxCadence: Self { get }
        static var avgPower: Self { get }
        static var maxPower: Self { get }
        static var normalizedPower: Self { get }
        static var totalWork: Self { get }
    }

    /// The fields of `session`.
    enum SessionField: UInt8, SummaryField, CaseIterable {
        case messageIndex = 254, timestamp = 253, event = 0, eventType = 1, startTime = 2, sport = 5, subSport = 6
        case totalElapsedTime = 7, totalTimerTime = 8, totalDistance = 9, totalCalories = 11
        case avgSpeed = 14, maxSpeed = 15, avgHeartRate = 16, maxHeartRate = 17, avgCadence = 18, maxCadence = 19
        case avgPower = 20, maxPower = 21, firstLapIndex = 25, numLaps = 26, trigger = 28
        case normalizedPower = 34, trainingStressScore = 35, intensityFactor = 36, thresholdPower = 45, totalWork = 48

        static let message = Message.session

        var baseType: FITEncoding.BaseType {
            switch self {
            case .event, .eventType, .sport, .subSport, .trigger: .enumeration
            case .avgHeartRate, .maxHeartRate, .avgCadence, .maxCadence: .uint8
            case .messageIndex, .totalCalories, .avgSpeed, .maxSpeed, .avgPower, .maxPower, .firstLapIndex, .numLaps, .normalizedPower,
                .trainingStressScore, .intensityFactor, .thresholdPower:
                .uint16
            case .timestamp, .startTime, .totalElapsedTime, .totalTimerTime, .totalDistance, .totalWork: .uint32
            }
        }

        var scale: Double {
            switch self {
            case .totalElapsedTime, .totalTimerTime: Scale.time
            case .totalDistance: Scale.distance
            case .avgSpeed, .maxSpeed: Scale.speed
            case .trainingStressScore: Scale.trainingStressScore
            case .intensityFactor: Scale.intensityFactor
            default: 1
            }
        }
    }

    /// The fields of `lap`.
    enum LapField: UInt8, SummaryField, CaseIterable {
        case messageIndex = 254, timestamp = 253, event = 0, eventType = 1, startTime = 2
        case totalElapsedTime = 7, totalTimerTime = 8, totalDistance = 9, totalCalories = 11
        case avgSpeed = 13, maxSpeed = 14, avgHeartRate = 15, maxHeartRate = 16, avgCadence = 17, maxCadence = 18
        case avgPower = 19, maxPower = 20, intensity = 23, lapTrigger = 24, sport = 25, normalizedPower = 33, subSport = 39
        case totalWork = 41, wktStepIndex = 71

        static let message = Message.lap

        var baseType: FITEncoding.BaseType {
            switch self {
            case .event, .eventType, .intensity, .lapTrigger, .sport, .subSport: .enumeration
            case .avgHeartRate, .maxHeartRate, .avgCadence, .maxCadence: .uint8
            case .messageIndex, .totalCalories, .avgSpeed, .maxSpeed, .avgPower, .maxPower, .normalizedPower, .wktStepIndex: .uint16
            case .timestamp, .startTime, .totalElapsedTime, .totalTimerTime, .totalDistance, .totalWork: .uint32
            }
        }

        var scale: Double {
            switch self {
            case .totalElapsedTime, .totalTimerTime: Scale.time
            case .totalDistance: Scale.distance
            case .avgSpeed, .maxSpeed: Scale.speed
            default: 1
            }
        }
    }

    /// The fields of `record`.
    enum RecordField: UInt8, Field, CaseIterable {
        case timestamp = 253, heartRate = 3, cadence = 4, distance = 5, speed = 6, power = 7

        static let message = Message.record

        var baseType: FITEncoding.BaseType {
            switch self {
            case .heartRate, .cadence: .uint8
            case .speed, .power: .uint16
            case .timestamp, .distance: .uint32
            }
        }

        var scale: Double {
            switch self {
            case .distance: Scale.distance
            case .speed: Scale.speed
            default: 1
            }
        }
    }

    /// The fields of `event`.
    enum EventField: UInt8, Field, CaseIterable {
        case timestamp = 253, event = 0, eventType = 1

        static let message = Message.event

        var baseType: FITEncoding.BaseType { self == .timestamp ? .uint32 : .enumeration }
    }

    /// The fields of `activity`.
    enum ActivityField: UInt8, Field, CaseIterable {
        case timestamp = 253, totalTimerTime = 0, numSessions = 1, type = 2, event = 3, eventType = 4, localTimestamp = 5

        static let message = Message.activity

        var baseType: FITEncoding.BaseType {
            switch self {
            case .type, .event, .eventType: .enumeration
            case .numSessions: .uint16
            case .timestamp, .totalTimerTime, .localTimestamp: .uint32
            }
        }

        var scale: Double { self == .totalTimerTime ? Scale.time : 1 }
    }

    /// The fields of `set`, whose timestamp is field 254.
    enum SetField: UInt8, Field, CaseIterable {
        case timestamp = 254, duration = 0, repetitions = 3, weight = 4, setType = 5, startTime = 6, weightDisplayUnit = 9
        case messageIndex = 10, wktStepIndex = 11

        static let message = Message.set

        var baseType: FITEncoding.BaseType {
            switch self {
            case .setType: .uint8
            case .repetitions, .weight, .weightDisplayUnit, .messageIndex, .wktStepIndex: .uint16
            case .timestamp, .duration, .startTime: .uint32
            }
        }

        var scale: Double {
            switch self {
            case .duration: Scale.time
            case .weight: Scale.weight
            default: 1
            }
        }
    }

    /// `event`: what an event is about.
    enum Event: UInt8 {
        case timer = 0, session = 8, lap = 9, activity = 26
    }

    /// `event_type`: what happened to it.
    enum EventType: UInt8 {
        case start = 0, stop = 1, stopAll = 4
    }

    /// `lap_trigger`: what ended a lap.
    enum LapTrigger: UInt8 {
        case manual = 0, time = 1
    }

    /// `session_trigger`: what ended a session.
    enum SessionTrigger: UInt8 {
        case activityEnd = 0
    }

    /// `activity`, the enum of the `activity` message's `type`: how its sessions were started.
    enum ActivityType: UInt8 {
        case manual = 0
    }

    /// `set_type`: a set of reps or the rest after it.
    enum SetType: UInt8 {
        case rest = 0, active = 1
    }

    /// `fit_base_unit`: the unit a weight is shown in.
    enum FitBaseUnit: UInt16 {
        case kilogram = 1, pound = 2
    }
}
