import Synchronization

/// The signal that is ending the session, once one has come: shared by the runner, which acts
/// on it, and the job control, which stops taking the terminal back once the session is ending.
final class EndingSignal: Sendable {
    /// 128 + the signal, or 0.
    private let status = Atomic<Int32>(0)

    /// Records the exit status of the first signal to end the session; false if one already did.
    func claim(_ exitStatus: Int32) -> Bool {
        status.compareExchange(expected: 0, desired: exitStatus, ordering: .relaxed).exchanged
    }

    /// 128 + the signal that is ending the session, or 0 while none is.
    var exitStatus: Int32 { status.load(ordering: .relaxed) }

    var isEnding: Bool { exitStatus != 0 }
}
