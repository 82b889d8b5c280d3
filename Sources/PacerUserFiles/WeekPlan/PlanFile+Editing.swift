import PacerSettingsFile
import PacerWeekPlan
import PacerWorkout

extension PlanFile {
    /// Adds `entry` to the plan, once its workout is known to run; the plan as it is now, and the
    /// workout's warnings as lines for standard error.
    @discardableResult
    public func add(_ entry: WeekPlan.Entry) throws(ConfigLoadError) -> (plan: WeekPlan, warnings: [String]) {
        let loaded: LoadedWorkout
        do throws(WorkoutLoadError) {
            loaded = try load(entry.workout)
        } catch {
            throw .unplannable(entry.workout, error)
        }
        let bytes = try bytes()
        return (try change { () throws(ConfigErrors) in try WeekPlan.text(adding: entry, to: bytes) }, loaded.warnings)
    }

    /// Removes entry `number` (from 1); the entry removed.
    public func remove(_ number: Int) throws(ConfigLoadError) -> WeekPlan.Entry {
        guard let bytes = try bytes() else {
            throw .noPlan(shown: shown)
        }
        let plan = try decoded(bytes)
        guard plan.entries.indices.contains(number - 1) else {
            throw .noEntry(number: number, count: plan.entries.count)
        }
        try change { () throws(ConfigErrors) in try WeekPlan.text(removing: number, from: bytes) ?? "" }
        return plan.entries[number - 1]
    }

    /// The problems of a plan file's text, as lines naming `file`: its own, then each workout that
    /// cannot be run. Empty when it may be saved.
    public func problems(of bytes: [UInt8], file: String) -> [String] {
        do throws(ConfigErrors) {
            let plan = try WeekPlan.decode(bytes)
            return unrunnable(plan, severity: .error, file: file)
        } catch {
            return error.diagnostics.map { $0.formatted(file: file) }
        }
    }

    /// Writes the text `edit` makes of the plan, checked; the plan it now is.
    @discardableResult
    private func change(_ edit: () throws(ConfigErrors) -> String) throws(ConfigLoadError) -> WeekPlan {
        let text: String
        do {
            text = try edit()
        } catch {
            throw .invalidPlan(file: shown, problems: error.diagnostics, unchanged: true)
        }
        try write(text)
        return try decoded(Array(text.utf8))
    }

    /// The plan in `bytes`, its problems as lines naming the file.
    private func decoded(_ bytes: [UInt8]) throws(ConfigLoadError) -> WeekPlan {
        do {
            return try WeekPlan.decode(bytes)
        } catch {
            throw .invalidPlan(file: shown, problems: error.diagnostics, unchanged: false)
        }
    }
}
