/// The bytes of a FIT file: a 14-byte header, definition and data messages, and the CRC that
/// ends the file, as Garmin's FIT protocol lays them out (little-endian throughout).
struct FITEncoding {
    /// A FIT base type: its number in a field definition and its size in bytes.
    enum BaseType: UInt8 {
        case enumeration = 0x00
        case sint8 = 0x01
        case uint8 = 0x02
        case string = 0x07
        case sint16 = 0x83
        case uint16 = 0x84
        case sint32 = 0x85
        case uint32 = 0x86
        case uint32z = 0x8C

        /// How many bytes a value of the type takes (a string: as many as it has).
        var size: Int {
            switch self {
            case .enumeration, .sint8, .uint8, .string: 1
            case .sint16, .uint16: 2
            case .sint32, .uint32, .uint32z: 4
            }
        }
    }

    /// The longest text a string field holds, in UTF-8 bytes: FIT's 255, less the NUL that ends it.
    static let longestString = 254

    /// A field of a message: its number in the profile, its type and its value.
    struct Field {
        let number: UInt8
        let type: BaseType
        let bytes: [UInt8]

        /// A whole number as the field's base type holds it (1, 2 or 4 bytes), little-endian.
        static func number(_ field: some FITProfile.Field, _ value: UInt32) -> Field {
            Field(number: field.rawValue, type: field.baseType, bytes: FITEncoding.little(value, count: field.baseType.size))
        }

        /// A count or an index, kept from 0 to the largest value the field's base type holds.
        static func number(_ field: some FITProfile.Field, clamping value: Int) -> Field {
            number(field, UInt32(min(max(value, 0), (1 << (8 * field.baseType.size)) - 1)))
        }

        /// An enum value of the profile.
        static func enumeration<Value: RawRepresentable>(_ field: some FITProfile.Field, _ value: Value) -> Field
        where Value.RawValue: FixedWidthInteger {
            number(field, UInt32(truncatingIfNeeded: value.rawValue))
        }

        /// `value` at the field's scale (or `scale`), rounded, kept from 0 to just under the base
        /// type's invalid value (its maximum); nil for no value, a value below zero or one that is
        /// not a number.
        static func measured(_ field: some FITProfile.Field, _ value: Double?, scale: Double? = nil) -> Field? {
            guard let value, value.isFinite, value >= 0 else { return nil }
            let highest = Double((UInt64(1) << (8 * field.baseType.size)) - 2)
            return number(field, UInt32(min(max((value * (scale ?? field.scale)).rounded(), 0), highest)))
        }

        /// A string, NUL-terminated, cut at a character boundary to fit FIT's 255-byte field.
        static func string(_ field: some FITProfile.Field, _ text: String) -> Field {
            Field(number: field.rawValue, type: .string, bytes: Array(FITEncoding.fitting(text).utf8) + [0])
        }
    }

    /// `text` cut at a character boundary to `longestString` bytes of UTF-8.
    static func fitting(_ text: String) -> String {
        guard text.utf8.count > longestString else { return text }
        var kept = ""
        var bytes = 0
        for character in text {
            bytes += character.utf8.count
            guard bytes <= longestString else { break }
            kept.append(character)
        }
        return kept
    }

    /// The FIT protocol (2.0) and profile (21.40) versions the file says it follows.
    static let protocolVersion: UInt8 = 0x20
    static let profileVersion: UInt16 = 2140

    private var records: [UInt8] = []
    /// The definition local message 0 has now: a message with the same one is not defined again.
    private var definition: [UInt8] = []

    /// Appends a message: its definition (as local message 0, redefined whenever it differs from
    /// the last message's, so every message may have its own fields and string lengths), then its data.
    mutating func append(message global: FITProfile.Message, _ fields: [Field]) {
        var definition: [UInt8] = [0x40, 0, 0] + Self.little(UInt32(global.rawValue), count: 2) + [UInt8(fields.count)]
        for field in fields { definition += [field.number, UInt8(field.bytes.count), field.type.rawValue] }
        if definition != self.definition {
            records += definition
            self.definition = definition
        }
        records.append(0x00)
        for field in fields { records += field.bytes }
    }

    /// Appends the messages of `other`, after these.
    mutating func append(contentsOf other: FITEncoding) {
        records += other.records
    }

    /// A 32-bit digest of the messages so far (FNV-1a), which two different workouts are unlikely to share.
    var digest: UInt32 {
        records.reduce(2_166_136_261 as UInt32) { ($0 ^ UInt32($1)) &* 16_777_619 }
    }

    /// The whole file: header, messages and CRC.
    var bytes: [UInt8] {
        var header: [UInt8] =
            [14, Self.protocolVersion] + Self.little(UInt32(Self.profileVersion), count: 2)
            + Self.little(UInt32(records.count), count: 4) + Array(".FIT".utf8)
        header += Self.little(UInt32(Self.crc(header)), count: 2)
        let file = header + records
        return file + Self.little(UInt32(Self.crc(file)), count: 2)
    }

    static func little(_ value: UInt32, count: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
    }

    private static let crcTable: [UInt16] = [
        0x0000, 0xCC01, 0xD801, 0x1400, 0xF001, 0x3C00, 0x2800, 0xE401,
        0xA001, 0x6C00, 0x7800, 0xB401, 0x5000, 0x9C01, 0x8801, 0x4400,
    ]

    /// FIT's CRC-16, a nibble at a time.
    static func crc(_ bytes: [UInt8]) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            for nibble in [byte & 0x0F, byte >> 4] {
                let low = crcTable[Int(crc & 0x0F)]
                crc = (crc >> 4) & 0x0FFF
                crc = crc ^ low ^ crcTable[Int(nibble)]
            }
        }
        return crc
    }
}
