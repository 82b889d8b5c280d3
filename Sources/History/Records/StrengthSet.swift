/// A set logged at a rep step with its reps and a numeric weight: what strength curves are made of.
public struct StrengthSet: Sendable, Equatable {
    public var session: Int64
    /// The rep step's exercise.
    public var exercise: String
    public var reps: Int
    public var weight: Double
    public var unit: String?

    public init(session: Int64, exercise: String, reps: Int, weight: Double, unit: String?) {
        self.session = session
        self.exercise = exercise
        self.reps = reps
        self.weight = weight
        self.unit = unit
    }

    /// The estimated one-rep max by Epley, `weight × (1 + reps / 30)`; the weight itself for a single rep.
    public var estimatedOneRepMax: Double {
        reps == 1 ? weight : weight * (1 + Double(reps) / 30)
    }

    /// `80 kg × 5`.
    public var text: String {
        LoggedWeight(text: "", value: weight, unit: unit).description + " × \(reps)"
    }
}
