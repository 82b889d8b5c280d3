import PacerSystem
import PacerUserFiles

/// What a changed plan means for what was made from it.
public enum PlanChange {
    /// After the plan changed: installed reminders still follow the old one until rewritten.
    public static func remindersNeedRewriting(_ environment: Environment) {
        guard ReminderInstaller(environment: environment).isInstalled else { return }
        Output.problem("pacer: the reminders follow the plan as it was: 'pacer remind install' rewrites them")
    }
}
