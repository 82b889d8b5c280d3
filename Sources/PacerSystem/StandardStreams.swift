import Glibc

/// A text stream over a file descriptor; each `write` is one system call, so lines stay whole.
public struct DescriptorOutput: TextOutputStream, Sendable {
    public let descriptor: Int32

    public init(_ descriptor: Int32) {
        self.descriptor = descriptor
    }

    public static let standardOutput = DescriptorOutput(STDOUT_FILENO)
    public static let standardError = DescriptorOutput(STDERR_FILENO)

    public func write(_ string: String) {
        try? FileSystem.writeAll(descriptor, Array(string.utf8))
    }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(descriptor) == 1 }
}

/// Keeps standard input, output and error open.
public enum StandardStreams {
    /// Opens /dev/null on any of descriptors 0, 1 and 2 that is closed (`pacer run >&-`), so that
    /// no file Pacer opens later lands there and receives what was meant for the terminal.
    public static func ensureOpen() {
        for descriptor: Int32 in 0...2 where fcntl(descriptor, F_GETFD) < 0 && errno == EBADF {
            let opened = open("/dev/null", O_RDWR)
            if opened >= 0 && opened != descriptor {
                dup2(opened, descriptor)
                close(opened)
            }
        }
    }

    /// Puts the controlling terminal on standard input once standard input has been used up (it
    /// held the workout), so the prompt can read from it; returns false, with /dev/null there
    /// instead, when the process has no terminal.
    public static func reattachInputToTerminal() -> Bool {
        let terminal = open("/dev/tty", O_RDWR | O_CLOEXEC)
        let replacement = terminal >= 0 ? terminal : open("/dev/null", O_RDONLY)
        guard replacement >= 0 else { return false }
        dup2(replacement, STDIN_FILENO)
        close(replacement)
        return terminal >= 0
    }
}
