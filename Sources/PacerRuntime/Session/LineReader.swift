#if canImport(Glibc)
import Glibc
#endif
import Dispatch

/// Reads lines from a file descriptor that is not a terminal (a pipe, a file, a plugin's output)
/// without blocking, and hands each complete line to `handler`. End of input just stops reading.
public final class LineReader: @unchecked Sendable {
    // `buffer` is touched only on the source's queue.
    private let source: any DispatchSourceRead
    private var buffer: [UInt8] = []
    private let handler: @Sendable (String) -> Void

    public init(descriptor: Int32, queue: DispatchQueue, handler: @escaping @Sendable (String) -> Void) {
        self.handler = handler
        source = DispatchSource.makeReadSource(fileDescriptor: descriptor, queue: queue)
        source.setEventHandler { [unowned self] in readAvailable(descriptor) }
    }

    public func start() { source.activate() }

    public func stop() { source.cancel() }

    private func readAvailable(_ descriptor: Int32) {
        var chunk = [UInt8](repeating: 0, count: 4096)
        let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        if count < 0 && (errno == EINTR || errno == EAGAIN) { return }
        guard count > 0 else {
            if !buffer.isEmpty { handler(String(decoding: buffer, as: UTF8.self)) }
            buffer = []
            source.cancel()
            return
        }
        buffer += chunk[..<count]
        while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
            var line = Array(buffer[..<newline])
            if line.last == UInt8(ascii: "\r") { line.removeLast() }
            buffer.removeSubrange(...newline)
            handler(String(decoding: line, as: UTF8.self))
        }
    }
}
