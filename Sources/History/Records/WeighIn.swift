import PacerFoundation

/// One body weight reading in the history: the local day it is for and the weight as written.
public struct WeighIn: Sendable, Equatable {
    public let id: Int64
    public let day: CalendarDay
    public let weight: BodyWeight

    public init(id: Int64, day: CalendarDay, weight: BodyWeight) {
        self.id = id
        self.day = day
        self.weight = weight
    }
}
