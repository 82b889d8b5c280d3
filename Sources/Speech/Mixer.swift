/// Sounds laid on a timeline and mixed into 16-bit samples a block at a time, so that even a
/// long workout never has to fit in memory: only the sounds and one block do.
public struct Mixer: Sendable {
    /// A sound placed at a sample of the output.
    public struct Clip: Sendable {
        public let start: Int
        public let sound: Audio
        /// How many of its samples are heard; fewer than it has when it was cut off.
        public let count: Int
        /// Loudness in 1/256ths (256 is as it is).
        public let gain: Int32

        /// The last samples of a cut clip fade out over this many milliseconds, so the cut does not click.
        static let fadeMilliseconds = 5

        public init(start: Int, sound: Audio, count: Int? = nil, gain: Int32 = 256) {
            self.start = start
            self.sound = sound
            self.count = min(count ?? sound.samples.count, sound.samples.count)
            self.gain = gain
        }

        var end: Int { start + count }
        var isCut: Bool { count < sound.samples.count }
    }

    /// The clips in order of their start.
    private let clips: [Clip]
    /// The output's length in samples.
    public let length: Int

    public init(clips: [Clip], length: Int) {
        self.clips = clips.filter { $0.count > 0 && $0.start < length && $0.start >= 0 }.sorted { $0.start < $1.start }
        self.length = length
    }

    /// Mixes the whole output, handing each block of at most `blockSize` samples to `write` in order.
    public func mix<Failure: Error>(blockSize: Int = 1 << 16, _ write: ([Int16]) throws(Failure) -> Void) throws(Failure) {
        var next = 0
        var active: [Clip] = []
        var sum = [Int32](repeating: 0, count: blockSize)
        var block = [Int16](repeating: 0, count: blockSize)
        var blockStart = 0
        while blockStart < length {
            let blockEnd = min(length, blockStart + blockSize)
            while next < clips.count, clips[next].start < blockEnd {
                active.append(clips[next])
                next += 1
            }
            sum.withUnsafeMutableBufferPointer { sum in
                for index in 0..<(blockEnd - blockStart) { sum[index] = 0 }
                for clip in active { add(clip, into: sum, from: blockStart, to: blockEnd) }
            }
            active.removeAll { $0.end <= blockEnd }
            let count = blockEnd - blockStart
            if block.count != count { block = [Int16](repeating: 0, count: count) }
            sum.withUnsafeBufferPointer { sum in
                block.withUnsafeMutableBufferPointer { block in
                    for index in 0..<count { block[index] = Int16(clamping: sum[index]) }
                }
            }
            try write(block)
            blockStart = blockEnd
        }
    }

    /// Adds the part of `clip` that falls in the block `[from, to)`.
    private func add(_ clip: Clip, into sum: UnsafeMutableBufferPointer<Int32>, from: Int, to: Int) {
        let first = max(clip.start, from)
        let last = min(clip.end, to)
        guard first < last else { return }
        let fade = clip.isCut ? min(clip.count, clip.sound.sampleRate * Clip.fadeMilliseconds / 1000) : 0
        let fadeFrom = clip.end - fade
        clip.sound.samples.withUnsafeBufferPointer { samples in
            for position in first..<last {
                var value = Int32(samples[position - clip.start]) * clip.gain
                if position >= fadeFrom { value = value / Int32(fade) * Int32(clip.end - position) }
                sum[position - from] += value >> 8
            }
        }
    }
}
