/// The 44-byte header of the files `pacer render` writes: PCM, mono, 16 bits a sample.
public enum WAVHeader {
    /// The most samples one file can hold: its sizes are 32-bit.
    public static let maximumSamples = (Int(UInt32.max) - 36) / 2

    /// The header for `sampleCount` samples at `sampleRate`.
    public static func bytes(sampleRate: Int, sampleCount: Int) -> [UInt8] {
        let dataSize = UInt32(sampleCount * 2)
        var header: [UInt8] = Array("RIFF".utf8)
        append(36 + dataSize, to: &header)
        header += Array("WAVEfmt ".utf8)
        append(UInt32(16), to: &header)
        append(UInt16(1), to: &header) // PCM
        append(UInt16(1), to: &header) // mono
        append(UInt32(sampleRate), to: &header)
        append(UInt32(sampleRate * 2), to: &header) // bytes a second
        append(UInt16(2), to: &header) // bytes a frame
        append(UInt16(16), to: &header) // bits a sample
        header += Array("data".utf8)
        append(dataSize, to: &header)
        return header
    }

    private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
