import PacerFoundation
import PacerWorkout

/// The phases a file's steps expand to, counted (rounds × steps, as `PlanSize` counts) while a
/// reader reads them, so that a file past the plan's limit is refused with its count before a
/// step past the limit is built.
struct PhaseCount {
    private var size = PlanSize(phases: 0, planned: .zero)

    /// Whether the steps counted so far fit in a plan.
    var fits: Bool { size.phases <= Plan.maximumPhases }

    /// Counts `steps` steps run `rounds` times; says whether the total still fits.
    mutating func add(_ steps: Int, rounds: Int = 1) -> Bool {
        size = size.adding(PlanSize(phases: Int64(steps), planned: .zero).times(rounds))
        return fits
    }

    /// The refusal of a file whose steps do not fit, at `position`, with their count.
    func check(at position: SourcePosition, _ what: String) throws(WorkoutErrors) {
        guard !fits else { return }
        let count = size.phases == .max ? "more than \(Int64.max)" : String(size.phases)
        throw importError(
            position, "\(what) expands to \(count) phases; a workout has at most \(Plan.maximumPhases): split it into shorter workouts")
    }
}
