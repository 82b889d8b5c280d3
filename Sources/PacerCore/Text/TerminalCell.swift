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

    init(_ scalar: Unicode.Scalar) {
        var value: UInt64 = 0
        var shift: UInt64 = 0
        for byte in UTF8.encode(scalar)! {
            value |= UInt64(byte) << shift
            shift += 8
        }
        self = .short(value)
    }

    var string: String {
        switch self {
        case .long(let text):
            return text
        case .short(var value):
            var bytes: [UInt8] = []
            while value != 0 {
                bytes.append(UInt8(truncatingIfNeeded: value))
                value >>= 8
            }
            return String(decoding: bytes, as: UTF8.self)
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

extension TerminalText {
    /// The cells the text takes on a line of `limit` cells; what does not fit whole is left out.
    func cells(limit: Int) -> [TerminalCell] {
        var cells: [TerminalCell] = []
        cells.reserveCapacity(min(limit, rendered.utf8.count))
        var parameters = ""
        var style = CellBytes.none
        var full = false
        forEachPart { part, isStyle in
            if isStyle {
                // A style sequence is `ESC [ parameters m`; `0` or nothing resets, the rest adds up.
                let added = part.dropFirst(2).dropLast()
                parameters = added.isEmpty || added == "0" ? "" : parameters + (parameters.isEmpty ? "" : ";") + added
                style = CellBytes(parameters)
                return
            }
            guard !full else { return }
            if part.unicodeScalars.allSatisfy(DisplayWidth.isSingleCell) {
                for scalar in part.unicodeScalars {
                    guard cells.count < limit else {
                        full = true
                        return
                    }
                    cells.append(TerminalCell(text: CellBytes(scalar), style: style, width: 1))
                }
                return
            }
            for character in part where !full {
                let width = DisplayWidth.of(character)
                if width == 0 {
                    if let lead = cells.lastIndex(where: { $0.width > 0 }) { cells[lead] = cells[lead].adding(character) }
                } else if cells.count + width > limit {
                    full = true
                } else {
                    cells.append(TerminalCell(text: CellBytes(String(character)), style: style, width: width))
                    if width == 2 { cells.append(TerminalCell(text: .none, style: style, width: 0)) }
                }
            }
        }
        return cells
    }
}
