import PacerFoundation
import PacerWorkout

/// A line of text a format times from the start of one of its elements (a Zwift step or
/// IntervalsT block, or an ERG file's whole course), to become a cue of the step it falls in.
struct TimedText {
    let offset: WorkoutDuration
    let text: String
    let position: SourcePosition
    /// The flat steps of the element it belongs to: it is timed from the first.
    let steps: Range<Int>

    /// Puts each text on the step it falls in: at the step's start as its `cue`, or later as a timed
    /// cue; in a block of several rounds, as a cue of the round it falls in. A text past its
    /// element's end moves on to the step then running, one past the workout's end is dropped, and
    /// one that falls in a step measured by distance is said at that step's start; each of those
    /// with a warning. Each text is found by a binary search, so placing them all takes
    /// O(texts × log steps).
    static func place(_ texts: [TimedText], in steps: inout [FlatStep], notes: inout ImportNotes) {
        guard !texts.isEmpty else { return }
        let timeline = StepTimeline(steps)
        for text in texts {
            guard let spot = timeline.spot(from: text.steps.lowerBound, after: text.offset) else {
                notes.warn(text.position, "the text \"\(text.text)\" comes \(text.offset.spoken) in, after the workout has ended: dropped")
                continue
            }
            var offset = spot.offset
            if spot.index >= text.steps.upperBound {
                notes.warn(
                    text.position,
                    "the text \"\(text.text)\" comes \(text.offset.spoken) in, past the end of its step: moved to the step after it, \(offset.spoken) into that one"
                )
            }
            if steps[spot.index].length == nil, offset > .zero {
                notes.warn(
                    text.position,
                    "the text \"\(text.text)\" comes during a step measured by distance, which pacer cannot time: said at the step's start")
                offset = .zero
            }
            if let round = spot.round {
                steps[spot.index].step.cues.append(WrittenCue(at: .afterStart(offset), text: text.text, round: round))
            } else if offset == .zero {
                let cue = steps[spot.index].step.cue.map { $0.value(inRound: nil) + " " + text.text } ?? text.text
                steps[spot.index].step.cue = .same(cue)
            } else {
                steps[spot.index].step.cues.append(WrittenCue(at: .afterStart(offset), text: text.text))
            }
        }
    }
}

/// When each flat step starts, a block's steps standing for all its rounds, to find the step a
/// time falls in. Time does not pass through a step measured by distance: a text reaches it and
/// stops there.
private struct StepTimeline {
    /// Where a time falls: the step, how far into it, and in a block of several rounds the round (from 1).
    struct Spot {
        let index: Int
        let offset: WorkoutDuration
        let round: Int?
    }

    private let steps: [FlatStep]
    /// When each step starts, in milliseconds; a block's steps as in its first round.
    private var starts: [Int64] = []
    /// When each step's span ends: the step's own end, or for a step of a block the end of its last round.
    private var ends: [Int64] = []
    /// The first step at or after each that is measured by distance (`steps.count` if none).
    private var nextOpen: [Int] = []
    /// For a step of a block, the block's first step and the length of one round.
    private var blocks: [(first: Int, round: Int64)?] = []

    init(_ steps: [FlatStep]) {
        self.steps = steps
        var time: Int64 = 0
        var index = 0
        while index < steps.count {
            guard let block = steps[index].block else {
                starts.append(time)
                time += steps[index].length?.milliseconds ?? 0
                ends.append(time)
                blocks.append(nil)
                index += 1
                continue
            }
            let end = steps[index...].firstIndex { $0.block != block } ?? steps.count
            let round = steps[index..<end].reduce(Int64(0)) { $0 + ($1.length?.milliseconds ?? 0) }
            let blockEnd = time + round * Int64(block.rounds)
            var start = time
            for member in steps[index..<end] {
                starts.append(start)
                start += member.length?.milliseconds ?? 0
                ends.append(blockEnd)
                blocks.append((index, round))
            }
            time = blockEnd
            index = end
        }
        nextOpen = Array(repeating: steps.count, count: steps.count)
        for index in steps.indices.reversed() {
            nextOpen[index] = steps[index].length == nil ? index : index + 1 < steps.count ? nextOpen[index + 1] : steps.count
        }
    }

    /// The spot `offset` after the start of step `first`; nil past the workout's end.
    func spot(from first: Int, after offset: WorkoutDuration) -> Spot? {
        guard first < steps.count else { return nil }
        let time = starts[first] + offset.milliseconds
        let stop = nextOpen[first]
        var (low, high) = (first, stop)
        while low < high {
            let middle = (low + high) / 2
            if ends[middle] > time { high = middle } else { low = middle + 1 }
        }
        guard low < steps.count else { return nil }
        guard let block = blocks[low], low < stop, block.round > 0, let rounds = steps[low].block?.rounds else {
            return Spot(index: low, offset: WorkoutDuration(milliseconds: max(0, time - starts[low])), round: nil)
        }
        let within = time - starts[block.first]
        let round = within / block.round
        var rest = within - round * block.round
        var index = block.first
        while let length = steps[index].length?.milliseconds, rest >= length, index + 1 < steps.count,
            steps[index + 1].block == steps[index].block
        {
            rest -= length
            index += 1
        }
        return Spot(index: index, offset: WorkoutDuration(milliseconds: rest), round: rounds > 1 ? Int(round) + 1 : nil)
    }
}
