import PacerCommandLine
import PacerFoundation
import PacerUserFiles
import PacerWeekPlan

/// `pacer plan edit`: the plan in the editor, saved only when it is valid and its workouts run.
public enum PlanEdit {
    /// What the plan starts as when there is none yet.
    static let template = #"""
        {
          "$comment": "Your week: each entry plans a workout on some days, at a time if you like; see docs/plan.md.",
          "entries": [
            { "days": ["mon", "wed", "fri"], "time": "07:00", "workout": "seven-minute" }
          ],
          "reminders": { "lead": "15m", "untimed": "18:00" }
        }

        """#

    public static func run(_ file: PlanFile) -> Int32 {
        let original: [UInt8]?
        do throws(ConfigLoadError) {
            original = try file.bytes()
            try file.makeFolder()
        } catch {
            error.lines.forEach { Output.problem(TerminalText($0)) }
            return ExitStatus.failure
        }
        let edit = CheckedEdit(
            path: file.path, original: original, template: Array(template.utf8), command: "pacer plan edit",
            limit: WeekPlan.maximumFileSize, problems: file.problems,
            saved: { _ in
                PlanChange.remindersNeedRewriting(file.environment)
                return "saved \(file.shown)"
            })
        do throws(CommandFailure) {
            return try edit.run(environment: file.environment)
        } catch {
            error.lines.forEach { Output.problem(TerminalText($0)) }
            return ExitStatus.failure
        }
    }
}
