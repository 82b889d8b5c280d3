extension TerminalText {
    /// The cells the text takes on a line of `limit` cells; what does not fit whole is left out.
    /// Texts of more than 8 bytes are kept in `texts`.
    func cells(limit: Int, texts: inout LongCellTexts) -> [TerminalCell] {
        singleCells(limit: limit, texts: &texts) ?? characterCells(limit: limit, texts: &texts)
    }

    /// The cells of text whose every character is one scalar of one cell (`DisplayWidth.isSingleCell`),
    /// read straight from its bytes; nil for any other text.
    private func singleCells(limit: Int, texts: inout LongCellTexts) -> [TerminalCell]? {
        let cells = rendered.utf8.withContiguousStorageIfAvailable { bytes -> [TerminalCell]? in
            var cells: [TerminalCell] = []
            cells.reserveCapacity(min(limit, bytes.count))
            var style = StyleState()
            var index = 0
            while index < bytes.count, cells.count < limit {
                if bytes[index] == 0x1B {
                    let end = bytes[index...].firstIndex(of: UInt8(ascii: "m")) ?? bytes.count
                    style.apply(String(decoding: bytes[min(index + 2, end)..<end], as: UTF8.self), texts: &texts)
                    index = end + 1
                    continue
                }
                let length = bytes[index] < 0x80 ? 1 : bytes[index] < 0xE0 ? 2 : bytes[index] < 0xF0 ? 3 : 4
                guard index + length <= bytes.count else { return nil }
                var value = UInt32(bytes[index]) & (length == 1 ? 0x7F : 0xFF >> (length + 1))
                var packed = UInt64(bytes[index])
                for offset in 1..<length {
                    value = value << 6 | UInt32(bytes[index + offset] & 0x3F)
                    packed |= UInt64(bytes[index + offset]) << (8 * UInt64(offset))
                }
                guard let scalar = Unicode.Scalar(value), DisplayWidth.isSingleCell(scalar) else { return nil }
                cells.append(TerminalCell(text: CellBytes(packed: packed), style: style.bytes, width: 1))
                index += length
            }
            return cells
        }
        return cells ?? nil
    }

    /// The cells of any text, character by character.
    private func characterCells(limit: Int, texts: inout LongCellTexts) -> [TerminalCell] {
        var cells: [TerminalCell] = []
        var style = StyleState()
        var full = false
        forEachPart { part, isStyle in
            if isStyle {
                style.apply(String(part.dropFirst(2).dropLast()), texts: &texts)
                return
            }
            for character in part where !full {
                let width = DisplayWidth.of(character)
                if width == 0 {
                    if let lead = cells.lastIndex(where: { $0.width > 0 }) { cells[lead] = texts.adding(character, to: cells[lead]) }
                } else if cells.count + width > limit {
                    full = true
                } else {
                    cells.append(TerminalCell(text: texts.bytes(of: String(character)), style: style.bytes, width: width))
                    if width == 2 { cells.append(TerminalCell(text: .none, style: style.bytes, width: 0)) }
                }
            }
        }
        return cells
    }
}

/// The style in force along a text: the parameters of its style sequences since the last reset.
private struct StyleState {
    private var parameters = ""
    private(set) var bytes = CellBytes.none

    /// Takes the parameters of one `ESC [ … m`: `0` or none resets, the others add up.
    mutating func apply(_ added: String, texts: inout LongCellTexts) {
        parameters = added.isEmpty || added == "0" ? "" : parameters + (parameters.isEmpty ? "" : ";") + added
        bytes = texts.bytes(of: parameters)
    }
}
