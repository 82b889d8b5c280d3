/// The FIT profile's numbers an activity file uses (Garmin FIT SDK profile 21.x): its messages,
/// their events and the field types their values need.
enum ActivityFITProfile {
    /// Global message numbers.
    enum Message {
        static let fileID = FITProfile.Message.fileID.rawValue, workout = FITProfile.Message.workout.rawValue
        static let workoutStep = FITProfile.Message.workoutStep.rawValue
        static let session: UInt16 = 18, lap: UInt16 = 19, record: UInt16 = 20, event: UInt16 = 21, activity: UInt16 = 34, set: UInt16 = 225
    }

    /// The `event` enumeration.
    enum Event {
        static let timer: UInt8 = 0, session: UInt8 = 8, lap: UInt8 = 9, activity: UInt8 = 26
    }

    /// The `event_type` enumeration.
    enum EventType {
        static let start: UInt8 = 0, stop: UInt8 = 1, stopAll: UInt8 = 4
    }

    /// `file` type activity.
    static let activityFile: UInt8 = 4
    /// `manufacturer` development.
    static let development: UInt16 = 255
    /// `wkt_step_duration` time and open.
    static let durationTime: UInt8 = 0, durationOpen: UInt8 = 5
    /// `wkt_step_target` open.
    static let targetOpen: UInt8 = 2
    /// `lap_trigger` manual and time.
    static let lapManual: UInt8 = 0, lapTime: UInt8 = 1
    /// `set_type` rest and active.
    static let setRest: UInt8 = 0, setActive: UInt8 = 1
    /// `fit_base_unit` kilogram and pound.
    static let kilogram: UInt16 = 1, pound: UInt16 = 2
    /// FIT's epoch, 1989-12-31T00:00:00Z, in seconds since 1970.
    static let epoch: Int64 = 631_065_600

    /// Where the session and lap messages keep each summary value: they hold the same values under
    /// different field numbers.
    struct SummaryFields {
        let distance: UInt8, calories: UInt8
        let averageSpeed: UInt8, maximumSpeed: UInt8, averageHeartRate: UInt8, maximumHeartRate: UInt8
        let averageCadence: UInt8, maximumCadence: UInt8, averagePower: UInt8, maximumPower: UInt8
        let normalizedPower: UInt8, work: UInt8

        static let lap = SummaryFields(
            distance: 9, calories: 11, averageSpeed: 13, maximumSpeed: 14, averageHeartRate: 15, maximumHeartRate: 16,
            averageCadence: 17, maximumCadence: 18, averagePower: 19, maximumPower: 20, normalizedPower: 33, work: 41)
        static let session = SummaryFields(
            distance: 9, calories: 11, averageSpeed: 14, maximumSpeed: 15, averageHeartRate: 16, maximumHeartRate: 17,
            averageCadence: 18, maximumCadence: 19, averagePower: 20, maximumPower: 21, normalizedPower: 34, work: 48)
    }
}

extension FITEncoding.Field {
    static func enumeration(_ number: UInt8, _ value: UInt8) -> Self { Self(number: number, type: .enumeration, bytes: [value]) }
    static func uint8(_ number: UInt8, _ value: UInt8) -> Self { Self(number: number, type: .uint8, bytes: [value]) }
    static func uint16(_ number: UInt8, _ value: UInt16) -> Self {
        Self(number: number, type: .uint16, bytes: FITEncoding.little(UInt32(value), count: 2))
    }
    static func uint32(_ number: UInt8, _ value: UInt32) -> Self {
        Self(number: number, type: .uint32, bytes: FITEncoding.little(value, count: 4))
    }

    /// A string, NUL-terminated, cut at a character boundary to fit FIT's 255-byte field.
    static func string(_ number: UInt8, _ text: String) -> Self {
        Self(number: number, type: .string, bytes: Array(FITEncoding.fitting(text).utf8) + [0])
    }
    static func uint32z(_ number: UInt8, _ value: UInt32) -> Self {
        Self(number: number, type: .uint32z, bytes: FITEncoding.little(value, count: 4))
    }

    /// `value × scale` rounded, as an unsigned field of `type`, kept from 0 to just under the
    /// type's invalid value (its maximum); nil for no value, a value below zero or one that is not
    /// a number.
    static func measured(_ number: UInt8, _ type: FITEncoding.BaseType, _ value: Double?, scale: Double = 1) -> Self? {
        guard let value, value.isFinite, value >= 0 else { return nil }
        let size: Int
        switch type {
        case .uint8, .enumeration: size = 1
        case .uint16: size = 2
        default: size = 4
        }
        let highest = Double((UInt64(1) << (8 * size)) - 2)
        let scaled = min(max((value * scale).rounded(), 0), highest)
        return Self(number: number, type: type, bytes: FITEncoding.little(UInt32(scaled), count: size))
    }
}
