import Glibc

/// Reads a file descriptor to its end as lines of text.
public enum LineSplitter {
    /// Calls `handle` with each line, without its `\n` or `\r\n`, until end of input or until
    /// `handle` returns false; a last line without a newline counts too. A line longer than
    /// `maximumLength` bytes is cut there and the rest of it skipped. Blocks while it waits for input.
    public static func read(_ descriptor: Int32, maximumLength: Int, _ handle: (String) -> Bool) {
        var line: [UInt8] = []
        let chunk = ReadChunk(capacity: 65_536)
        while true {
            let count = chunk.read(from: descriptor)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            for byte in chunk.bytes(count) {
                if byte == UInt8(ascii: "\n") {
                    if line.last == UInt8(ascii: "\r") { line.removeLast() }
                    guard handle(String(decoding: line, as: UTF8.self)) else { return }
                    line.removeAll(keepingCapacity: true)
                } else if line.count < maximumLength {
                    line.append(byte)
                }
            }
        }
        if !line.isEmpty { _ = handle(String(decoding: line, as: UTF8.self)) }
    }
}
