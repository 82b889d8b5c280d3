@testable import PacerFormats

/// Fields by their raw profile numbers, for FIT files a test writes byte by byte (as a stranger's
/// encoder, or a hostile one, would).
extension FITEncoding.Field {
    static func enumeration(_ number: UInt8, _ value: UInt8) -> Self { Self(number: number, type: .enumeration, bytes: [value]) }
    static func uint16(_ number: UInt8, _ value: UInt16) -> Self {
        Self(number: number, type: .uint16, bytes: FITEncoding.little(UInt32(value), count: 2))
    }
    static func uint32(_ number: UInt8, _ value: UInt32) -> Self {
        Self(number: number, type: .uint32, bytes: FITEncoding.little(value, count: 4))
    }
    static func string(_ number: UInt8, _ text: String) -> Self { Self(number: number, type: .string, bytes: Array(text.utf8) + [0]) }
}
