import History
import PacerFoundation
import PacerWeekPlan

/// `pacer stats --json`: `{"weeks": […], "streak": {…}, "load": {…}, "workouts": […], "exercises": […],
/// "open": […], "weight": {…}, "plan": {…}}` (load null without TSS, weight without readings, plan
/// without a plan).
public enum StatsJSON {
    /// The statistics as one JSON object, ending in a line break.
    public static func json(_ statistics: Statistics) -> String {
        let string = HistoryExport.string
        let object = HistoryExport.object
        let weeks = statistics.weeks.map { week in
            object([
                ("week", string(week.week.description)), ("sessions", String(week.sessions)),
                ("active", HistoryExport.seconds(week.active)), ("tss", StatsReport.number(week.stress)),
                ("tss_planned", StatsReport.number(week.plannedStress)),
            ])
        }
        let shownDays = statistics.weeks.first.map { first in statistics.load.days.filter { $0.day.isoWeek >= first.week } } ?? []
        let load = statistics.load.today.map { today in
            object([
                ("ctl", StatsReport.number(today.fitness)), ("atl", StatsReport.number(today.fatigue)),
                ("tsb", StatsReport.number(today.form)),
                (
                    "days",
                    array(
                        shownDays.map { day in
                            object([
                                ("date", string(day.day.description)), ("tss", StatsReport.number(day.stress)),
                                ("ctl", StatsReport.number(day.fitness)), ("atl", StatsReport.number(day.fatigue)),
                                ("tsb", StatsReport.number(day.form)),
                            ])
                        })
                ),
            ])
        }
        let streak = object([("current", String(statistics.streak.current)), ("longest", String(statistics.streak.longest))])
        let workouts = statistics.workouts.map { workout in
            object([
                ("name", string(workout.name)), ("sessions", String(workout.sessions)), ("completed", String(workout.completed)),
                ("running", String(workout.running)),
                ("completion", workout.completionRate.map { JSONText.number(($0 * 1000).rounded() / 1000) } ?? "null"),
            ])
        }
        let exercises = statistics.exercises.map { curve in
            object([
                ("name", string(curve.name)), ("unit", curve.unit.map(string) ?? "null"),
                (
                    "sets",
                    array(
                        curve.points.map { point in
                            object([
                                ("date", string(point.day.description)), ("reps", String(point.reps)),
                                ("weight", JSONText.number(point.weight)), ("unit", point.unit.map(string) ?? "null"),
                                ("e1rm", StatsReport.number(point.e1rm)),
                            ])
                        })
                ),
            ])
        }
        let open = statistics.open.map { times in
            object([
                ("exercise", string(times.exercise)), ("distance", times.distance.map(string) ?? "null"),
                ("best", HistoryExport.seconds(times.best)), ("latest", HistoryExport.seconds(times.latest)),
            ])
        }
        let weight = statistics.weight.map { curve in
            object([
                ("unit", string(curve.unit.rawValue)),
                (
                    "days",
                    array(
                        curve.points.map { point in
                            object([
                                ("date", string(point.day.description)), ("weight", StatsReport.number(point.weight)),
                                ("average", StatsReport.number(point.average)),
                            ])
                        })
                ),
            ])
        }
        let plan = statistics.plan.map { plan in
            object([
                (
                    "weeks",
                    array(
                        plan.weeks.map { week in
                            object([
                                ("week", string(week.week.description)), ("planned", String(week.planned)), ("done", String(week.done)),
                            ])
                        })
                ), ("kept", object([("current", String(plan.currentRun)), ("longest", String(plan.longestRun))])),
            ])
        }
        return object([
            ("weeks", array(weeks)), ("streak", streak), ("load", load ?? "null"), ("workouts", array(workouts)),
            ("exercises", array(exercises)),
            ("open", array(open)), ("weight", weight ?? "null"), ("plan", plan ?? "null"),
        ]) + "\n"
    }

    private static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
