import PacerCore

/// A line of text a format times from the start of one of its elements (a Zwift step or
/// IntervalsT block, or an ERG file's whole course), to become a cue of the step it falls in.
struct TimedText {
    let offset: WorkoutDuration
    let text: String
    let position: SourcePosition
    /// The flat steps of the element it belongs to: it is timed from the first.
    let steps: Range<Int>

    /// Puts each text on the step it falls in: at the step's start as its `cue`, or later as a timed
    /// cue. A text past its element's end moves on to the step then running, one past the
    /// workout's end is dropped, and one that falls in a step measured by distance is said at that
    /// step's start; each of those with a warning.
    static func place(_ texts: [TimedText], in steps: inout [FlatStep], notes: inout ImportNotes) {
        for text in texts {
            var index = text.steps.lowerBound
            var offset = text.offset
            while index < steps.count, let length = steps[index].length, offset >= length {
                offset = offset - length
                index += 1
            }
            guard index < steps.count else {
                notes.warn(text.position, "the text \"\(text.text)\" comes \(text.offset.spoken) in, after the workout has ended: dropped")
                continue
            }
            if index >= text.steps.upperBound {
                notes.warn(text.position, "the text \"\(text.text)\" comes \(text.offset.spoken) in, past the end of its step: moved to the step after it, \(offset.spoken) into that one")
            }
            if steps[index].length == nil, offset > .zero {
                notes.warn(text.position, "the text \"\(text.text)\" comes during a step measured by distance, which pacer cannot time: said at the step's start")
                offset = .zero
            }
            if offset == .zero {
                let cue = steps[index].step.cue.map { $0.value(inRound: nil) + " " + text.text } ?? text.text
                steps[index].step.cue = .same(cue)
            } else {
                steps[index].step.cues.append(WrittenCue(at: .afterStart(offset), text: text.text))
            }
        }
    }
}
