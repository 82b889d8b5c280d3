import Foundation

/// A WAV file `pacer render` wrote, read back: its format and its samples.
struct RenderedWAV {
    let sampleRate: Int
    let channels: Int
    let bitsPerSample: Int
    let samples: [Int16]

    struct Malformed: Error, CustomStringConvertible {
        let description: String
    }

    init(path: String) throws {
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        func uint(_ offset: Int, _ size: Int) -> Int {
            (0..<size).reduce(0) { $0 | Int(bytes[offset + $1]) << (8 * $1) }
        }
        guard bytes.count >= 12, String(decoding: bytes[0..<4], as: UTF8.self) == "RIFF",
            String(decoding: bytes[8..<12], as: UTF8.self) == "WAVE"
        else { throw Malformed(description: "no RIFF/WAVE header") }
        guard uint(4, 4) == bytes.count - 8 else { throw Malformed(description: "RIFF size \(uint(4, 4)) for \(bytes.count) bytes") }
        var offset = 12
        var format: (rate: Int, channels: Int, bits: Int)?
        while offset + 8 <= bytes.count {
            let id = String(decoding: bytes[offset..<offset + 4], as: UTF8.self)
            let size = uint(offset + 4, 4)
            if id == "fmt " {
                guard uint(offset + 8, 2) == 1 else { throw Malformed(description: "not PCM") }
                format = (uint(offset + 12, 4), uint(offset + 10, 2), uint(offset + 22, 2))
            } else if id == "data", let format {
                guard offset + 8 + size == bytes.count else { throw Malformed(description: "data size \(size) does not reach the end") }
                sampleRate = format.rate
                channels = format.channels
                bitsPerSample = format.bits
                samples = stride(from: offset + 8, to: offset + 8 + size - 1, by: 2).map { Int16(bitPattern: UInt16(uint($0, 2))) }
                return
            }
            offset += 8 + size + (size & 1)
        }
        throw Malformed(description: "no data chunk")
    }

    var duration: Double { Double(samples.count) / Double(sampleRate) }

    /// The time of the first sample louder than `threshold` within `window` seconds of
    /// `seconds`, if the 20 ms before it are quiet: where a sound starts.
    func onset(near seconds: Double, window: Double = 0.05, threshold: Int = 500) -> Double? {
        let first = max(0, Int((seconds - window) * Double(sampleRate)))
        let last = min(samples.count, Int((seconds + window) * Double(sampleRate)))
        guard first < last, let index = (first..<last).first(where: { abs(Int(samples[$0])) > threshold }) else { return nil }
        let quietFrom = max(0, index - sampleRate / 50)
        guard samples[quietFrom..<index].allSatisfy({ abs(Int($0)) <= threshold }) else { return nil }
        return Double(index) / Double(sampleRate)
    }

    /// The root mean square of the samples between two times, as a fraction of full scale.
    func loudness(from start: Double, to end: Double) -> Double {
        let slice = samples[Int(start * Double(sampleRate))..<min(samples.count, Int(end * Double(sampleRate)))]
        guard !slice.isEmpty else { return 0 }
        return (slice.reduce(0.0) { $0 + Double($1) * Double($1) } / Double(slice.count)).squareRoot() / 32_768
    }
}

/// Where a program is on the test's `PATH`, if anywhere.
func programOnPath(_ name: String) -> String? {
    let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return path.split(separator: ":").map { "\($0)/\(name)" }.first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The length in seconds that sox's `soxi -D` reads from a sound file.
func soxiSeconds(_ path: String) throws -> Double? {
    guard let soxi = programOnPath("soxi") else { return nil }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: soxi)
    process.arguments = ["-D", path]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Double(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
}
