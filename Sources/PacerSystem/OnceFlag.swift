import Synchronization

/// A flag that is set once and stays set, shared across threads: "told the user already",
/// "closing now".
public final class OnceFlag: Sendable {
    private let value = Atomic<Bool>(false)

    public init() {}

    public var isSet: Bool { value.load(ordering: .relaxed) }

    public func set() {
        value.store(true, ordering: .relaxed)
    }

    /// Sets the flag; true only for the caller that set it first.
    public func setFirst() -> Bool {
        !value.exchange(true, ordering: .relaxed)
    }
}
