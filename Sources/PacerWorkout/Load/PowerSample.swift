/// One second of planned power (or the part of a second a plan ends with): the average target
/// over it, on its profile's scale.
public struct PowerSample: Sendable, Equatable {
    public let value: Double
    /// How long it lasts: 1, or less for the last.
    public let seconds: Double

    public init(value: Double, seconds: Double) {
        self.value = value
        self.seconds = seconds
    }
}
