import PacerWorkout

extension TargetStanding {
    /// The mark beside the value: `▼ low`, `● on target`, `▲ high`; a pace says `slow` and `fast`.
    func mark(pace: Bool) -> String {
        switch self {
        case .below: pace ? "▼ slow" : "▼ low"
        case .inside: "● on target"
        case .above: pace ? "▲ fast" : "▲ high"
        }
    }
}
