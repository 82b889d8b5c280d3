import Glibc

/// A file-system failure: what was being done, to which file, and why, each apart, so that a
/// message can name the file as its reader knows it and say what kind of file it is.
public struct FileError: Error, Sendable, CustomStringConvertible {
    /// Why it failed.
    public enum Reason: Sendable, Equatable {
        /// The system's reason (`No space left on device`), with a hint after it when there is one.
        case system(String)
        /// The file is not a regular file: what it is instead (`a FIFO`).
        case notRegular(String)
        /// The file holds more than `limit` bytes: `size` of them, when that was known before reading.
        case tooLarge(size: Int?, limit: Int)
        /// A stream had not ended after `seconds`, having sent `received` bytes.
        case stalled(seconds: Int, received: Int)
        /// A stopping signal came (its number) while the stream was still being waited for.
        case interrupted(signal: Int32)
        /// Only part of what was to be written could be.
        case partlyWritten
        /// What the file holds cannot be used: why, in words.
        case unusable(String)
    }

    /// What was being done: `read`, `write to`, `create the folder`.
    public let action: String
    /// The file: its path, or what it is when it has none (`a pipe`, `<stdin>`).
    public let file: String
    public let reason: Reason

    public init(_ action: String, _ file: String, _ reason: Reason) {
        self.action = action
        self.file = file
        self.reason = reason
    }

    /// The failure of a system call, from its `errno`.
    public init(_ action: String, _ file: String, errno code: Int32) {
        self.init(action, file, .system(String(cString: strerror(code))))
    }

    /// Why, in words; `kind` says what the file is for a limit on its size (`a workout file`).
    public func why(kind: String = "a file Pacer reads") -> String {
        switch reason {
        case .system(let text), .unusable(let text): text
        case .notRegular(let what): "it is \(what), not a regular file"
        case .tooLarge(let size?, let limit): "it is \(size) bytes, more than the \(limit >> 20) MiB \(kind) may have"
        case .tooLarge(nil, let limit): "it is more than the \(limit >> 20) MiB \(kind) may have"
        case .stalled(let seconds, let received):
            "it did not end within \(seconds) s (\(received) byte\(received == 1 ? "" : "s") came); is anything writing to it?"
        case .interrupted(let number): "\(HeldSignals.name(of: number)) came before it ended, so it was not read"
        case .partlyWritten: "only part of it was written"
        }
    }

    /// `cannot ACTION FILE: WHY`, naming the file as `shown` when given (`~/.config/…`).
    public func message(kind: String = "a file Pacer reads", shown: String? = nil) -> String {
        "cannot \(action) \(shown ?? file): \(why(kind: kind))"
    }

    public var description: String { message() }
}
