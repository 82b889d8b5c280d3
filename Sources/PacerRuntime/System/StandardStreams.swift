#if canImport(Glibc)
import Glibc
#endif

/// A text stream over a file descriptor; each `write` is one system call, so lines stay whole.
public struct DescriptorOutput: TextOutputStream, Sendable {
    public let descriptor: Int32

    public init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    public static let standardOutput = DescriptorOutput(STDOUT_FILENO)
    public static let standardError = DescriptorOutput(STDERR_FILENO)

    public mutating func write(_ string: String) {
        try? FileSystem.writeAll(descriptor, Array(string.utf8))
    }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(descriptor) == 1 }
}
