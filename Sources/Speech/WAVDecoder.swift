/// Reads the WAV files speech engines write: RIFF chunks in any order (the sizes of a streamed
/// file may be wrong), PCM of 8, 16, 24 or 32 bits or 32-bit float, any number of channels, mixed
/// down to mono 16-bit.
public enum WAVDecoder {
    /// The sound in `bytes`, or an error saying what is wrong with them.
    public static func decode(_ bytes: [UInt8]) throws(SpeechError) -> Audio {
        guard bytes.count >= 12, tag(bytes, 0) == "RIFF", tag(bytes, 8) == "WAVE" else {
            throw .invalidWAV("not a WAV file (\(bytes.count) bytes without a RIFF/WAVE header)")
        }
        var format: Format?
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = Int(uint32(bytes, offset + 4))
            let body = offset + 8..<min(bytes.count, offset + 8 + size)
            switch tag(bytes, offset) {
            case "fmt ":
                format = try Format(bytes, body)
            case "data":
                guard let format else { throw .invalidWAV("WAV data comes before its format") }
                return Audio(samples: format.mono(bytes, body), sampleRate: format.sampleRate)
            default:
                break
            }
            offset = body.upperBound + (size & 1)
        }
        throw .invalidWAV(format == nil ? "WAV file without a format" : "WAV file without data")
    }

    /// How the samples are stored.
    private struct Format {
        enum Encoding {
            case integer, float
        }

        let encoding: Encoding
        let channels: Int
        let sampleRate: Int
        let bytesPerSample: Int

        init(_ bytes: [UInt8], _ body: Range<Int>) throws(SpeechError) {
            guard body.count >= 16 else { throw .invalidWAV("WAV format chunk too short") }
            var code = uint16(bytes, body.lowerBound)
            // WAVE_FORMAT_EXTENSIBLE names the real format in the first two bytes of its sub-format GUID.
            if code == 0xFFFE, body.count >= 26 { code = uint16(bytes, body.lowerBound + 24) }
            channels = Int(uint16(bytes, body.lowerBound + 2))
            sampleRate = Int(uint32(bytes, body.lowerBound + 4))
            let bits = Int(uint16(bytes, body.lowerBound + 14))
            switch (code, bits) {
            case (1, 8), (1, 16), (1, 24), (1, 32): encoding = .integer
            case (3, 32): encoding = .float
            default: throw .invalidWAV("WAV format \(code) with \(bits) bits a sample is not PCM that pacer reads")
            }
            guard (1...16).contains(channels), (1_000...768_000).contains(sampleRate) else {
                throw .invalidWAV("WAV file with \(channels) channels at \(sampleRate) Hz")
            }
            bytesPerSample = bits / 8
        }

        /// The frames in `body`, each mixed down to one 16-bit sample.
        func mono(_ bytes: [UInt8], _ body: Range<Int>) -> [Int16] {
            let frameSize = channels * bytesPerSample
            let frames = body.count / frameSize
            var samples = [Int16](repeating: 0, count: frames)
            for frame in 0..<frames {
                var sum = 0
                for channel in 0..<channels {
                    sum += sample(bytes, body.lowerBound + frame * frameSize + channel * bytesPerSample)
                }
                samples[frame] = Int16(sum / channels)
            }
            return samples
        }

        /// One sample at `offset`, scaled to 16 bits.
        private func sample(_ bytes: [UInt8], _ offset: Int) -> Int {
            switch (encoding, bytesPerSample) {
            case (.integer, 1): return (Int(bytes[offset]) - 128) << 8
            case (.integer, 2): return Int(Int16(bitPattern: uint16(bytes, offset)))
            case (.integer, 3): return Int(Int32(bitPattern: UInt32(bytes[offset]) << 8 | UInt32(uint16(bytes, offset + 1)) << 16) >> 16)
            case (.integer, _): return Int(Int32(bitPattern: uint32(bytes, offset)) >> 16)
            case (.float, _):
                let value = Float(bitPattern: uint32(bytes, offset))
                return value.isFinite ? Int((min(1, max(-1, value)) * 32_767).rounded()) : 0
            }
        }
    }

    private static func tag(_ bytes: [UInt8], _ offset: Int) -> String {
        String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
    }

    private static func uint16(_ bytes: [UInt8], _ offset: Int) -> UInt16 {
        UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
    }

    private static func uint32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        UInt32(uint16(bytes, offset)) | UInt32(uint16(bytes, offset + 2)) << 16
    }
}
