import PacerFoundation

/// A line's cells, and where in the line's bytes each ends when the line was read byte by byte.
struct LineCells: Sendable {
    var cells: [TerminalCell]
    /// For each cell, the offset just past its bytes in the line's UTF-8; nil when the line was
    /// read character by character (then nothing of it can be taken over).
    var ends: [Int]?
    /// How many cells from the start were taken over from the line read before (so are equal to its).
    var takenOver = 0
}

extension TerminalText {
    /// The cells the text takes on a line of `limit` cells; what does not fit whole is left out.
    /// Texts of more than 8 bytes are kept in `texts`. The cells `previous` (a line read before,
    /// on a line as long) made of the bytes before the first where its text and this one differ
    /// are taken over.
    func lineCells(limit: Int, texts: inout LongCellTexts, after previous: (text: TerminalText, line: LineCells)? = nil) -> LineCells {
        let resume = previous.flatMap { resumePoint(in: $0.line, of: $0.text, texts: texts) }
        if let cells = singleCells(limit: limit, texts: &texts, resume: resume) { return cells }
        return LineCells(cells: characterCells(limit: limit, texts: &texts), ends: nil)
    }

    /// Where reading may start again: after the last of `previous`'s cells whose bytes are all
    /// in the bytes the two texts share from the start, with the cells up to it and its style.
    private func resumePoint(in previous: LineCells, of previousText: TerminalText, texts: LongCellTexts) -> Resume? {
        guard let ends = previous.ends, !ends.isEmpty else { return nil }
        let shared = sharedPrefixLength(with: previousText)
        // The cells are in order and so are their ends: the last one that ends within `shared`.
        var low = 0
        var high = ends.count
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] <= shared { low = middle + 1 } else { high = middle }
        }
        // A blank holds no style (`TerminalCell.blank`), so the style in force is read after the last cell that is not one.
        while low > 0, previous.cells[low - 1] == .blank { low -= 1 }
        guard low > 0 else { return nil }
        return Resume(cells: previous.cells[..<low], ends: ends[..<low], style: texts.string(previous.cells[low - 1].style))
    }

    /// A place to go on reading a line from: after `cells` (whose `ends` these are, at least
    /// one), in the style in force there.
    private struct Resume {
        let cells: ArraySlice<TerminalCell>
        let ends: ArraySlice<Int>
        let style: String

        var byte: Int { ends[ends.endIndex - 1] }
    }

    /// The cells of text whose every character is one scalar of one cell (`DisplayWidth.isSingleCell`),
    /// read straight from its bytes, from `resume` when it is given; nil for any other text.
    private func singleCells(limit: Int, texts: inout LongCellTexts, resume: Resume?) -> LineCells? {
        let cells = rendered.utf8.withContiguousStorageIfAvailable { bytes -> LineCells? in
            var cells: [TerminalCell] = []
            var ends: [Int] = []
            cells.reserveCapacity(min(limit, bytes.count))
            ends.reserveCapacity(min(limit, bytes.count))
            var style = StyleState()
            var index = 0
            if let resume {
                cells += resume.cells
                ends += resume.ends
                style.resume(resume.style, texts: &texts)
                index = resume.byte
            }
            while index < bytes.count, cells.count < limit {
                if bytes[index] == 0x1B {
                    let end = bytes[index...].firstIndex(of: UInt8(ascii: "m")) ?? bytes.count
                    style.apply(String(decoding: bytes[min(index + 2, end)..<end], as: UTF8.self), texts: &texts)
                    index = end + 1
                    continue
                }
                guard let (text, length) = CellBytes.singleCell(in: bytes, at: index) else { return nil }
                cells.append(TerminalCell(text: text, style: style.cell.bytes(for: text), width: 1))
                index += length
                ends.append(index)
            }
            return LineCells(cells: cells, ends: ends, takenOver: resume?.cells.count ?? 0)
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
                    let text = texts.bytes(of: String(character))
                    cells.append(TerminalCell(text: text, style: style.cell.bytes(for: text), width: width))
                    if width == 2 { cells.append(TerminalCell(text: .none, style: style.cell.bytes, width: 0)) }
                }
            }
        }
        return cells
    }
}

/// The style in force along a text: the parameters of its style sequences since the last reset.
private struct StyleState {
    private var parameters = ""
    private(set) var cell = CellStyle.none

    /// Starts from the style in force at some place: its parameters as they add up there.
    mutating func resume(_ parameters: String, texts: inout LongCellTexts) {
        self.parameters = parameters
        cell = CellStyle(bytes: texts.bytes(of: parameters), parameters: parameters)
    }

    /// Takes the parameters of one `ESC [ … m`: `0` or none resets, the others add up.
    mutating func apply(_ added: String, texts: inout LongCellTexts) {
        resume(added.isEmpty || added == "0" ? "" : parameters + (parameters.isEmpty ? "" : ";") + added, texts: &texts)
    }
}
