/// The part of Garmin's FIT profile (21.40) that pacer reads and writes: message and field numbers,
/// fields' base types, enums, and the scales and offsets of values, shared by the workout reader
/// and writer and the activity writer so that no number of the profile is written twice. The
/// activity file's messages are in `FITProfile+Activity`.
enum FITProfile {
    /// A field of a message: its number, the base type the profile gives it, and the scale its
    /// value is written at (1 unless the profile says otherwise).
    protocol Field: RawRepresentable where RawValue == UInt8 {
        /// The message the field is in.
        static var message: Message { get }
        var baseType: FITEncoding.BaseType { get }
        var scale: Double { get }
    }

    /// Global message numbers.
    enum Message: UInt16 {
        case fileID = 0
        case session = 18
        case lap = 19
        case record = 20
        case event = 21
        case workout = 26
        case workoutStep = 27
        case activity = 34
        case set = 225

        /// The numbers of the message's fields that pacer knows.
        var fields: Set<UInt8> {
            switch self {
            case .fileID: Self.numbers(FileIDField.self)
            case .session: Self.numbers(SessionField.self)
            case .lap: Self.numbers(LapField.self)
            case .record: Self.numbers(RecordField.self)
            case .event: Self.numbers(EventField.self)
            case .workout: Self.numbers(WorkoutField.self)
            case .workoutStep: Self.numbers(WorkoutStepField.self)
            case .activity: Self.numbers(ActivityField.self)
            case .set: Self.numbers(SetField.self)
            }
        }

        private static func numbers<Fields: Field & CaseIterable>(_: Fields.Type) -> Set<UInt8> {
            Set(Fields.allCases.map(\.rawValue))
        }
    }

    /// The fields of `file_id`.
    enum FileIDField: UInt8, Field, CaseIterable {
        case type = 0, manufacturer = 1, product = 2, serialNumber = 3, timeCreated = 4

        static let message = Message.fileID

        var baseType: FITEncoding.BaseType {
            switch self {
            case .type: .enumeration
            case .manufacturer, .product: .uint16
            case .serialNumber: .uint32z
            case .timeCreated: .uint32
            }
        }
    }

    /// The fields of `workout` (`name` is the profile's `wkt_name`, `numberOfValidSteps` its
    /// `num_valid_steps`).
    enum WorkoutField: UInt8, Field, CaseIterable {
        case sport = 4, numberOfValidSteps = 6, name = 8, subSport = 11

        static let message = Message.workout

        var baseType: FITEncoding.BaseType {
            switch self {
            case .sport, .subSport: .enumeration
            case .numberOfValidSteps: .uint16
            case .name: .string
            }
        }
    }

    /// The fields of `workout_step` (`name` is the profile's `wkt_step_name`, `customTargetLow`
    /// its `custom_target_value_low`, and so on). `durationValue` is scaled as its duration type
    /// says (`DurationType.scale`).
    enum WorkoutStepField: UInt8, Field, CaseIterable {
        case messageIndex = 254
        case name = 0, durationType = 1, durationValue = 2, targetType = 3, targetValue = 4, customTargetLow = 5, customTargetHigh = 6
        case intensity = 7, notes = 8
        case secondaryTargetType = 19, secondaryTargetValue = 20, secondaryCustomTargetLow = 21, secondaryCustomTargetHigh = 22

        static let message = Message.workoutStep

        var baseType: FITEncoding.BaseType {
            switch self {
            case .messageIndex: .uint16
            case .name, .notes: .string
            case .durationType, .targetType, .intensity, .secondaryTargetType: .enumeration
            case .durationValue, .targetValue, .customTargetLow, .customTargetHigh, .secondaryTargetValue, .secondaryCustomTargetLow,
                .secondaryCustomTargetHigh:
                .uint32
            }
        }
    }

    /// Where a step's target is: its type, its zone (or, on a repeat step, its count or bound) and a
    /// custom range. A step has a primary target and a secondary one.
    struct TargetFields {
        let type: WorkoutStepField
        let value: WorkoutStepField
        let low: WorkoutStepField
        let high: WorkoutStepField

        static let primary = TargetFields(type: .targetType, value: .targetValue, low: .customTargetLow, high: .customTargetHigh)
        static let secondary = TargetFields(
            type: .secondaryTargetType, value: .secondaryTargetValue, low: .secondaryCustomTargetLow,
            high: .secondaryCustomTargetHigh)
        static let both = [primary, secondary]
    }

    /// `file`: what a FIT file holds.
    enum FileType: UInt8 {
        case activity = 4, workout = 5, course = 6
    }

    /// `manufacturer`: pacer writes as a development manufacturer.
    enum Manufacturer: UInt16 {
        case development = 255
    }

    /// `sport`, the ones pacer writes and reads back.
    enum Sport: UInt8 {
        case generic = 0, running = 1, cycling = 2, swimming = 5, training = 10, walking = 11, rowing = 15, hiit = 62
    }

    /// `sub_sport`, the ones pacer writes.
    enum SubSport: UInt8 {
        case generic = 0, treadmill = 1, indoorCycling = 6, strengthTraining = 20, cardioTraining = 26, hiit = 70
    }

    /// `intensity` of a workout step.
    enum Intensity: UInt8 {
        case active = 0, rest = 1, warmup = 2, cooldown = 3, recovery = 4, interval = 5, other = 6
    }

    /// `wkt_step_duration`: what ends a workout step, or how a repeat step repeats.
    enum DurationType: UInt8 {
        case time = 0, distance = 1, heartRateLessThan = 2, heartRateGreaterThan = 3, calories = 4, open = 5
        case repeatUntilStepsComplete = 6, repeatUntilTime = 7, repeatUntilDistance = 8, repeatUntilCalories = 9
        case repeatUntilHeartRateLessThan = 10, repeatUntilHeartRateGreaterThan = 11
        case repeatUntilPowerLessThan = 12, repeatUntilPowerGreaterThan = 13
        case powerLessThan = 14, powerGreaterThan = 15, trainingPeaksTSS = 16
        case repeatUntilPowerLastLapLessThan = 17, repeatUntilMaxPowerLastLapLessThan = 18
        case repeatUntilTrainingPeaksTSS = 27

        /// Whether the step is a repeat step: it ends no phase of its own, it sends the workout back.
        var repeats: Bool {
            switch self {
            case .repeatUntilStepsComplete, .repeatUntilTime, .repeatUntilDistance, .repeatUntilCalories, .repeatUntilHeartRateLessThan,
                .repeatUntilHeartRateGreaterThan, .repeatUntilPowerLessThan, .repeatUntilPowerGreaterThan, .repeatUntilPowerLastLapLessThan,
                .repeatUntilMaxPowerLastLapLessThan, .repeatUntilTrainingPeaksTSS:
                true
            default:
                false
            }
        }

        /// The scale of `duration_value` for this type: milliseconds for a time, centimetres for
        /// a distance, the value itself for the rest.
        var scale: Double {
            switch self {
            case .time: Scale.time
            case .distance: Scale.distance
            default: 1
            }
        }

        /// The repeat steps' numbers, which the profile lists beyond this enum's cases too: any of
        /// them is a repeat, whatever its condition.
        static func isRepeat(_ number: UInt64) -> Bool {
            DurationType(rawValue: UInt8(clamping: number)).map(\.repeats) ?? false
        }
    }

    /// `wkt_step_target`: what a target measures.
    enum TargetType: UInt8 {
        case speed = 0, heartRate = 1, open = 2, cadence = 3, power = 4
    }

    /// Scales and offsets of values, as the profile gives them.
    enum Scale {
        /// A duration's milliseconds per second (`duration_time`, `repeat_time`: scale 1000).
        static let time = 1000.0
        /// A distance's centimetres per metre (`duration_distance`, `repeat_distance`: scale 100).
        static let distance = 100.0
        /// A speed's millimetres per second per metre per second (scale 1000).
        static let speed = 1000.0
        /// An intensity factor's thousandths (`intensity_factor`: scale 1000).
        static let intensityFactor = 1000.0
        /// A training stress score's tenths (`training_stress_score`: scale 10).
        static let trainingStressScore = 10.0
        /// A weight's sixteenths of a kilogram (`set.weight`: scale 16).
        static let weight = 16.0
        /// A custom heart rate above this is bpm + 100; up to it, percent of maximum.
        static let heartRateOffset: UInt64 = 100
        /// A custom power from this up is watts + 1000; below it, percent of FTP.
        static let powerOffset: UInt64 = 1000
        /// FIT's epoch, 1989-12-31 00:00 UTC, in seconds after the Unix epoch (`date_time`).
        static let epochInUnixSeconds: Int64 = 631_065_600
    }
}

extension FITProfile.Field {
    var scale: Double { 1 }
}
