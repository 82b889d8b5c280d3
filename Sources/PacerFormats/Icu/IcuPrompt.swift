import PacerFoundation
import PacerWorkout

/// The prompt of an intervals.icu step, the words before its length: `Hard 0^Stay seated
/// 60^Sprint!`. The text before the first timed prompt is the step's name; `0^Text` its cue, said
/// as it starts; `N^Text` a cue said N seconds in. An `RPE 7` among the words is kept in the cue.
struct IcuPrompt {
    private(set) var name: String?
    private(set) var cue: String?
    private(set) var cues: [WrittenCue] = []

    init(_ words: ArraySlice<IcuStepLine.Word>, line: Int, notes: inout ImportNotes) {
        var nameWords: [String] = []
        var rpe: [String] = []
        var timed: [(seconds: Double, words: [String], word: IcuStepLine.Word)] = []
        var index = words.startIndex
        while index < words.endIndex {
            let word = words[index]
            index += 1
            if word.text == "," {
                // A comma the line's words stand apart from is the prompt's own.
                if timed.isEmpty, !nameWords.isEmpty {
                    nameWords[nameWords.count - 1] += ","
                } else if !timed.isEmpty, !timed[timed.count - 1].words.isEmpty {
                    timed[timed.count - 1].words[timed[timed.count - 1].words.count - 1] += ","
                }
            } else if let (seconds, text) = Self.timedPrompt(word.text) {
                timed.append((seconds, text.isEmpty ? [] : [text], word))
            } else if word.text.lowercased().hasPrefix("rpe"),
                let value = String(word.text.dropFirst(3)).decimalValue
                    ?? (word.text.count == 3 && index < words.endIndex ? words[index].text.decimalValue : nil)
            {
                if word.text.count == 3 { index += 1 }
                rpe.append("RPE " + JSONText.number(value))
            } else if timed.isEmpty {
                nameWords.append(word.text)
            } else {
                timed[timed.count - 1].words.append(word.text)
            }
        }
        while nameWords.first == "-" { nameWords.removeFirst() }
        while nameWords.last == "-" { nameWords.removeLast() }
        name = ImportedValues.label(nameWords.joined(separator: " "))
        var atStart = rpe
        for prompt in timed {
            guard let text = ImportedValues.label(prompt.words.joined(separator: " ")) else {
                notes.warn(
                    SourcePosition(line: line, column: prompt.word.column), "\(prompt.word.text) is a timed prompt with no text: dropped")
                continue
            }
            guard prompt.seconds > 0 else {
                atStart.append(text)
                continue
            }
            cues.append(WrittenCue(at: .afterStart(ImportedValues.offset(seconds: prompt.seconds)), text: text))
        }
        cue = ImportedValues.label(atStart.joined(separator: " "))
    }

    /// `33^Text` (or `33^` before the text's words) as its seconds and the text in the word; nil for any other word.
    static func timedPrompt(_ word: String) -> (seconds: Double, text: String)? {
        guard let caret = word.firstIndex(of: "^"), let seconds = String(word[..<caret]).decimalValue, seconds >= 0 else { return nil }
        return (seconds, String(word[word.index(after: caret)...]))
    }
}
