/// A target that cannot be read, with a message saying what is wrong and how to write it.
public struct TargetError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
