import PacerFoundation
import Speech
import Testing

/// The bytes of a WAV file with a format chunk and a data chunk (and chunks before them).
private func wav(
    format: UInt16 = 1, channels: UInt16 = 1, rate: UInt32 = 22_050, bits: UInt16 = 16, data: [UInt8],
    dataSize: UInt32? = nil, extra: [UInt8] = [], extensible: Bool = false
) -> [UInt8] {
    func le<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] { withUnsafeBytes(of: value.littleEndian) { Array($0) } }
    let frame = UInt16(channels) * bits / 8
    var fmt = le(extensible ? 0xFFFE : format) + le(channels) + le(rate) + le(rate * UInt32(frame)) + le(frame) + le(bits)
    if extensible { fmt += le(UInt16(22)) + le(bits) + le(UInt32(4)) + le(format) + Array(repeating: 0, count: 14) }
    let body =
        Array("WAVE".utf8) + extra + Array("fmt ".utf8) + le(UInt32(fmt.count)) + fmt
        + Array("data".utf8) + le(dataSize ?? UInt32(data.count)) + data
    return Array("RIFF".utf8) + le(UInt32(body.count)) + body
}

private func bytes(_ samples: [Int16]) -> [UInt8] {
    samples.flatMap { sample in withUnsafeBytes(of: sample.littleEndian) { Array($0) } }
}

@Suite("WAV")
struct WAVTests {
    @Test func theHeaderWeWriteIsTheCanonicalOne() throws {
        let header = WAVHeader.bytes(sampleRate: 22_050, sampleCount: 100)
        #expect(header.count == 44)
        #expect(
            header == Array("RIFF".utf8) + [236, 0, 0, 0] + Array("WAVEfmt ".utf8) + [16, 0, 0, 0, 1, 0, 1, 0]
                + [0x22, 0x56, 0, 0, 0x44, 0xAC, 0, 0, 2, 0, 16, 0] + Array("data".utf8) + [200, 0, 0, 0])
        let file = header + bytes(Array(repeating: 1000, count: 100))
        let audio = try WAVDecoder.decode(file)
        #expect(audio.sampleRate == 22_050 && audio.samples == Array(repeating: 1000, count: 100))
        #expect(audio.duration == .nanoseconds(100 * 1_000_000_000 / 22_050))
        #expect(WAVHeader.maximumSamples == 2_147_483_629)
    }

    @Test func readsWhatEnginesWrite() throws {
        let samples: [Int16] = [0, 1000, -1000, 32_767, -32_768]
        // espeak-ng --stdout: sizes it cannot know are written as 0x7ffff000.
        #expect(try WAVDecoder.decode(wav(data: bytes(samples), dataSize: 0x7FFF_F000)).samples == samples)
        // Other chunks first, one of odd length (padded).
        let list = Array("LIST".utf8) + [3, 0, 0, 0] + [1, 2, 3, 0]
        #expect(try WAVDecoder.decode(wav(data: bytes(samples), extra: list)).samples == samples)
        // Stereo is mixed down.
        let stereo = bytes([1000, 3000, -2000, -4000])
        #expect(try WAVDecoder.decode(wav(channels: 2, data: stereo)).samples == [2000, -3000])
        // 8-bit unsigned, 24-bit and 32-bit integers, 32-bit float, WAVE_FORMAT_EXTENSIBLE.
        #expect(try WAVDecoder.decode(wav(bits: 8, data: [128, 255, 0])).samples == [0, 32_512, -32_768])
        #expect(try WAVDecoder.decode(wav(bits: 24, data: [0xFF, 0x34, 0x12, 0x00, 0x00, 0x80])).samples == [0x1234, -32_768])
        #expect(try WAVDecoder.decode(wav(bits: 32, data: [0, 0, 0x34, 0x12])).samples == [0x1234])
        let floats = [Float(0.5), -1, 2, .nan].flatMap { value in withUnsafeBytes(of: value.bitPattern.littleEndian) { Array($0) } }
        #expect(try WAVDecoder.decode(wav(format: 3, bits: 32, data: floats)).samples == [16_384, -32_767, 32_767, 0])
        #expect(try WAVDecoder.decode(wav(format: 1, data: bytes(samples), extensible: true)).samples == samples)
        // A data chunk cut short keeps its whole frames.
        #expect(try WAVDecoder.decode(wav(data: bytes(samples) + [7])).samples == samples)
    }

    @Test func refusesWhatIsNotAWAVFile() {
        let cases: [([UInt8], String)] = [
            ([], "not a WAV file (0 bytes without a RIFF/WAVE header)"),
            (Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVX".utf8), "not a WAV file (12 bytes without a RIFF/WAVE header)"),
            (Array(wav(data: [1, 2]).prefix(12)), "WAV file without a format"),
            (Array(wav(data: [1, 2]).prefix(20)), "WAV format chunk too short"),
            (Array(wav(data: [1, 2]).prefix(36)), "WAV file without data"),
            (wav(format: 2, data: []), "WAV format 2 with 16 bits a sample is not PCM that pacer reads"),
            (wav(bits: 12, data: []), "WAV format 1 with 12 bits a sample is not PCM that pacer reads"),
            (wav(channels: 0, data: []), "WAV file with 0 channels at 22050 Hz"),
            (Array("RIFF\u{4}\u{0}\u{0}\u{0}WAVEdata\u{2}\u{0}\u{0}\u{0}\u{1}\u{2}".utf8), "WAV data comes before its format"),
        ]
        for (bytes, message) in cases {
            let error = #expect(throws: SpeechError.self) { try WAVDecoder.decode(bytes) }
            #expect(error?.description == message)
            guard case .invalidWAV? = error else {
                Issue.record("not .invalidWAV: \(String(describing: error))")
                continue
            }
        }
        // Random bytes after a valid header never crash.
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let noise = (0..<Int.random(in: 0...64, using: &generator)).map { _ in UInt8.random(in: 0...255, using: &generator) }
            _ = try? WAVDecoder.decode(Array("RIFF\u{0}\u{0}\u{0}\u{0}WAVE".utf8) + noise)
        }
    }

    @Test func resamplesAndTrims() {
        let ramp = Audio(samples: (0..<441).map { Int16($0 * 10) }, sampleRate: 44_100)
        let half = ramp.resampled(to: 22_050)
        #expect(half.sampleRate == 22_050 && half.samples.count == 221)
        #expect(half.samples.prefix(3) == [0, 20, 40] && half.duration == ramp.duration + .nanoseconds(22_675))
        let double = Audio(samples: [0, 100, 200], sampleRate: 11_025).resampled(to: 22_050)
        #expect(double.samples == [0, 50, 100, 150, 200, 200])
        #expect(ramp.resampled(to: 44_100) == ramp)

        let phrase = Audio(samples: [0, 3, -5] + [1000, -1000, 500] + Array(repeating: 2, count: 100), sampleRate: 100)
        #expect(phrase.trimmed(tail: .milliseconds(50)).samples == [1000, -1000, 500, 2, 2, 2, 2, 2])
        #expect(phrase.trimmed(tail: .zero).samples == [1000, -1000, 500])
        #expect(Audio(samples: [1, 2, 3], sampleRate: 100).trimmed(tail: .seconds(1)).samples.isEmpty)
    }
}

@Suite("Mixer")
struct MixerTests {
    private func mixed(_ mixer: Mixer, blockSize: Int) -> [Int16] {
        var samples: [Int16] = []
        mixer.mix(blockSize: blockSize) { samples += $0 }
        return samples
    }

    @Test func addsClipsAtTheirPlacesAndClampsTheSum() {
        let sound = Audio(samples: [100, 200, 300], sampleRate: 10)
        let loud = Audio(samples: [30_000, 30_000], sampleRate: 10)
        let mixer = Mixer(
            clips: [
                Mixer.Clip(start: 1, sound: sound),
                Mixer.Clip(start: 2, sound: sound, gain: 128),
                Mixer.Clip(start: 6, sound: loud),
                Mixer.Clip(start: 6, sound: loud),
                Mixer.Clip(start: 9, sound: sound),
                Mixer.Clip(start: 50, sound: sound),
            ], length: 10)
        let expected: [Int16] = [0, 100, 250, 400, 150, 0, 32_767, 32_767, 0, 100]
        #expect(mixed(mixer, blockSize: 1 << 16) == expected)
        // Blocks of any size give the same samples.
        for size in 1...11 { #expect(mixed(mixer, blockSize: size) == expected, "block size \(size)") }
    }

    @Test func aCutClipFadesOutInsteadOfClicking() {
        let sound = Audio(samples: Array(repeating: 10_000, count: 4000), sampleRate: 1000)
        let samples = mixed(Mixer(clips: [Mixer.Clip(start: 0, sound: sound, count: 1000)], length: 1200), blockSize: 256)
        #expect(samples.count == 1200)
        #expect(samples[0..<995].allSatisfy { $0 == 10_000 })
        #expect(samples[995..<1000] == [10_000, 8_000, 6_000, 4_000, 2_000])
        #expect(samples[1000...].allSatisfy { $0 == 0 })
    }

    @Test func tonesStartAtTheirFirstSample() {
        for signal in SessionScore.Signal.allCases {
            let tone = Tone.sound(of: signal, sampleRate: 22_050)
            #expect(tone.samples[0] == 0)
            #expect(tone.samples[1...22].contains { abs(Int($0)) > 100 }, "\(signal) is heard within 1 ms")
            #expect(abs(Int(tone.samples.last ?? 1000)) < 100, "\(signal) ends quietly")
            #expect(tone.samples.allSatisfy { abs(Int($0)) <= 9_831 })
        }
        #expect(Tone.sound(of: .tick, sampleRate: 22_050).duration < Tone.sound(of: .workStart, sampleRate: 22_050).duration)
    }
}
