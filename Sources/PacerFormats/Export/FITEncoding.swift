/// The bytes of a FIT file: a 14-byte header, definition and data messages, and the CRC that
/// ends the file, as Garmin's FIT protocol lays them out (little-endian throughout).
struct FITEncoding {
    /// A FIT base type: its number in a field definition and its size in bytes.
    enum BaseType: UInt8 {
        case enumeration = 0x00
        case uint8 = 0x02
        case string = 0x07
        case uint16 = 0x84
        case uint32 = 0x86
        case uint32z = 0x8C
    }

    /// A field of a message: its number in the profile, its type and its value.
    struct Field {
        let number: UInt8
        let type: BaseType
        let bytes: [UInt8]

        static func enumeration(_ number: UInt8, _ value: UInt8) -> Field { Field(number: number, type: .enumeration, bytes: [value]) }
        static func uint16(_ number: UInt8, _ value: UInt16) -> Field { Field(number: number, type: .uint16, bytes: FITEncoding.little(UInt32(value), count: 2)) }
        static func uint32(_ number: UInt8, _ value: UInt32) -> Field { Field(number: number, type: .uint32, bytes: FITEncoding.little(value, count: 4)) }

        /// A string, NUL-terminated, cut at a character boundary to fit FIT's 255-byte field.
        static func string(_ number: UInt8, _ text: String) -> Field {
            var bytes: [UInt8] = []
            for character in text {
                let utf8 = Array(String(character).utf8)
                guard bytes.count + utf8.count < 255 else { break }
                bytes += utf8
            }
            return Field(number: number, type: .string, bytes: bytes + [0])
        }
    }

    /// The FIT protocol (2.0) and profile (21.40) versions the file says it follows.
    static let protocolVersion: UInt8 = 0x20
    static let profileVersion: UInt16 = 2140

    private var records: [UInt8] = []
    /// The definition local message 0 has now: a message with the same one is not defined again.
    private var definition: [UInt8] = []

    /// Appends a message: its definition (as local message 0, redefined whenever it differs from
    /// the last message's, so every message may have its own fields and string lengths), then its data.
    mutating func append(message global: UInt16, _ fields: [Field]) {
        var definition: [UInt8] = [0x40, 0, 0] + Self.little(UInt32(global), count: 2) + [UInt8(fields.count)]
        for field in fields { definition += [field.number, UInt8(field.bytes.count), field.type.rawValue] }
        if definition != self.definition {
            records += definition
            self.definition = definition
        }
        records.append(0x00)
        for field in fields { records += field.bytes }
    }

    /// The whole file: header, messages and CRC.
    var bytes: [UInt8] {
        var header: [UInt8] = [14, Self.protocolVersion] + Self.little(UInt32(Self.profileVersion), count: 2)
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
