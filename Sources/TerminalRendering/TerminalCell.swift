import PacerFoundation

/// One cell of a terminal's screen: the character drawn there and the style it is drawn in.
struct TerminalCell: Equatable, Sendable {
    /// The character with its combining marks; nothing in the right half of a wide character.
    let text: CellBytes
    /// The SGR parameters in force, in the order they were given (`1;31;2`); nothing for none.
    let style: CellBytes
    /// The width, in one byte: a cell is 24 bytes, and each frame copies and compares rows of them.
    private let storedWidth: UInt8

    /// 1; 2 for a wide character, whose right half is a cell of width 0.
    var width: Int { Int(storedWidth) }

    init(text: CellBytes, style: CellBytes, width: Int) {
        self.text = text
        self.style = style
        storedWidth = UInt8(truncatingIfNeeded: width)
    }

    /// A space with no style. A space is always held so in a style where it shows nothing
    /// (bold, a foreground colour), as a terminal shows it: so a frame compares it with a blank
    /// as the eye does, writes it in any such style, and may erase it.
    static let blank = TerminalCell(text: CellBytes(packed: UInt64(UInt8(ascii: " "))), style: .none, width: 1)
}

/// A style as the cells drawn in it take it: a space takes none where it shows nothing in the
/// style (`TerminalCell.blank`), every other character the style itself.
struct CellStyle {
    /// The style's parameters as a cell holds them.
    let bytes: CellBytes
    private let blankBytes: CellBytes

    static let none = CellStyle(bytes: .none, parameters: "")

    /// The style of these `parameters`, held as `bytes`.
    init(bytes: CellBytes, parameters: String) {
        self.bytes = bytes
        blankBytes = bytes == .none || SGRAttributes(parameters: parameters)?.showsOnBlank == false ? .none : bytes
    }

    /// The style a cell showing `text` takes.
    func bytes(for text: CellBytes) -> CellBytes {
        text == TerminalCell.blank.text ? blankBytes : bytes
    }
}

/// A few bytes of UTF-8, compared as the bytes a terminal gets (no Unicode equivalence). Up to 8
/// are held in one number; longer ones (a letter with several marks, an emoji sequence) are kept
/// once in the frame's `LongCellTexts` and held by their place there. So a cell is plain numbers:
/// copied, compared and freed with no reference counting, which is most of what a frame does.
struct CellBytes: Equatable, Sendable {
    /// The bytes from the lowest up (text never holds a NUL, so no two texts pack alike); or, for a
    /// longer text, its place in its `LongCellTexts` above a lowest byte of 0xFF, which UTF-8
    /// never has (nor the ASCII of a style), so no packed text reads as a place.
    fileprivate let value: UInt64

    static let none = CellBytes(packed: 0)

    /// Bytes already packed from the lowest up.
    init(packed: UInt64) {
        value = packed
    }

    fileprivate init(place: Int) {
        value = UInt64(place) << 8 | 0xFF
    }

    fileprivate var isLong: Bool { value & 0xFF == 0xFF }

    /// The place of a long text in its `LongCellTexts`.
    fileprivate var place: Int { Int(value >> 8) }

    /// The character that begins at `index` of the UTF-8 `bytes` when it is one scalar one cell
    /// wide (`DisplayWidth.isSingleCell`): its bytes packed, and how many there are; nil for any
    /// other character, or one cut off by the end.
    static func singleCell(in bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (bytes: CellBytes, length: Int)? {
        let length = bytes[index] < 0x80 ? 1 : bytes[index] < 0xE0 ? 2 : bytes[index] < 0xF0 ? 3 : 4
        guard index + length <= bytes.count else { return nil }
        var value = UInt32(bytes[index]) & (length == 1 ? 0x7F : 0xFF >> (length + 1))
        var packed = UInt64(bytes[index])
        for offset in 1..<length {
            value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
            packed |= UInt64(bytes[index + offset]) << (8 * UInt64(offset))
        }
        guard let scalar = Unicode.Scalar(value), DisplayWidth.isSingleCell(scalar) else { return nil }
        return (CellBytes(packed: packed), length)
    }

    /// `text` packed, or nil when it is longer than 8 bytes.
    init?(packing text: some StringProtocol) {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for byte in text.utf8 {
            guard shift < 64 else { return nil }
            value |= UInt64(byte) << shift
            shift += 8
        }
        self.init(packed: value)
    }
}

/// The texts of more than 8 bytes that one frame's cells hold, each kept once. Such texts are
/// rare (combining marks, emoji sequences, long styles) and a workout has few distinct ones.
struct LongCellTexts: Sendable {
    private var texts: [[UInt8]] = []
    private var places: [[UInt8]: Int] = [:]

    /// Whether no text is kept.
    var isEmpty: Bool { texts.isEmpty }

    /// The cell bytes of `text`: packed, or its place here (kept the first time it is seen).
    mutating func bytes(of text: some StringProtocol) -> CellBytes {
        if let packed = CellBytes(packing: text) { return packed }
        let bytes = Array(text.utf8)
        if let place = places[bytes] { return CellBytes(place: place) }
        texts.append(bytes)
        places[bytes] = texts.count - 1
        return CellBytes(place: texts.count - 1)
    }

    /// The text of `bytes`.
    func string(_ bytes: CellBytes) -> String {
        guard !bytes.isLong else { return String(decoding: texts[bytes.place], as: UTF8.self) }
        // At most 8 bytes: the string is made in place, with no buffer of its own.
        let value = bytes.value
        let count = (64 - value.leadingZeroBitCount + 7) / 8
        return String(unsafeUninitializedCapacity: count) { buffer in
            for index in 0..<count { buffer[index] = UInt8(truncatingIfNeeded: value >> (8 * UInt64(index))) }
            return count
        }
    }

    /// Appends the bytes of `bytes` to `output`.
    func append(_ bytes: CellBytes, to output: inout [UInt8]) {
        guard !bytes.isLong else {
            output.append(contentsOf: texts[bytes.place])
            return
        }
        var rest = bytes.value
        while rest != 0 {
            output.append(UInt8(truncatingIfNeeded: rest))
            rest >>= 8
        }
    }

    /// Whether `cell` is one Unicode scalar one column wide: a character every terminal places
    /// as it is counted here, and after which the cursor is where it is counted.
    func isNarrowScalar(_ cell: TerminalCell) -> Bool {
        cell.width == 1 && isOneScalar(cell.text)
    }

    /// Whether `bytes` are one Unicode scalar (one lead byte and its continuation bytes).
    func isOneScalar(_ bytes: CellBytes) -> Bool {
        guard !bytes.isLong else { return string(bytes).unicodeScalars.count == 1 }
        var scalars = 0
        var rest = bytes.value
        while rest != 0 {
            if rest & 0xC0 != 0x80 { scalars += 1 }
            rest >>= 8
        }
        return scalars == 1
    }

    /// The cell with `mark` (a character of no width) added to its character.
    mutating func adding(_ mark: Character, to cell: TerminalCell) -> TerminalCell {
        TerminalCell(text: bytes(of: string(cell.text) + String(mark)), style: cell.style, width: cell.width)
    }
}
