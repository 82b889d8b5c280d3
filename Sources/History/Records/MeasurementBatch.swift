/// What a session measured since its last write to the history: its samples and the pauses that
/// ended (or the one it ended in), written together in one transaction.
public struct MeasurementBatch: Sendable, Equatable {
    public var samples: [SampleRecord]
    public var pauses: [PauseRecord]

    public init(samples: [SampleRecord] = [], pauses: [PauseRecord] = []) {
        self.samples = samples
        self.pauses = pauses
    }
}
