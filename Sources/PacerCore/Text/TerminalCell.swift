/// One cell of a terminal's screen: the character drawn there and the style it is drawn in.
struct TerminalCell: Equatable, Sendable {
    /// The character with its combining marks; nothing in the right half of a wide character.
    let text: CellBytes
    /// The SGR parameters in force, in the order they were given (`1;31;2`); nothing for none.
    let style: CellBytes
    /// 1; 2 for a wide character, whose right half is a cell of width 0.
    let width: Int

    static let blank = TerminalCell(text: CellBytes(" "), style: .none, width: 1)

    /// The same cell with `mark` (a character of no width) added to its character.
    func adding(_ mark: Character) -> TerminalCell {
        TerminalCell(text: CellBytes(text.string + String(mark)), style: style, width: width)
    }
}

/// A few bytes of UTF-8, compared as the bytes a terminal gets (no Unicode equivalence): up to 8
/// held in one number, so that a cell is copied and compared without touching memory, more in a
/// string.
enum CellBytes: Equatable, Sendable {
    /// The bytes from the lowest up; text never holds a NUL, so no two texts pack alike.
    case short(UInt64)
    case long(String)

    static let none = CellBytes.short(0)

    init(_ text: some StringProtocol) {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for byte in text.utf8 {
            guard shift < 64 else {
                self = .long(String(text))
                return
            }
            value |= UInt64(byte) << shift
            shift += 8
        }
        self = .short(value)
    }

    var string: String {
        switch self {
        case .long(let text):
            return text
        case .short(let value):
            // At most 8 bytes: the string is made in place, with no buffer of its own.
            let count = (64 - value.leadingZeroBitCount + 7) / 8
            return String(unsafeUninitializedCapacity: count) { buffer in
                for index in 0..<count { buffer[index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
                return count
            }
        }
    }

    /// Whether the bytes are one Unicode scalar (one lead byte and its continuation bytes).
    var isOneScalar: Bool {
        switch self {
        case .long(let text):
            return text.unicodeScalars.count == 1
        case .short(var value):
            var scalars = 0
            while value != 0 {
                if value & 0xC0 != 0x80 { scalars += 1 }
                value >>= 8
            }
            return scalars == 1
        }
    }

    static func == (lhs: CellBytes, rhs: CellBytes) -> Bool {
        switch (lhs, rhs) {
        case (.short(let left), .short(let right)): left == right
        case (.long(let left), .long(let right)): left.utf8.elementsEqual(right.utf8)
        default: false
        }
    }
}
