import HistorySink
import PacerCore

/// `pacer stats --json`: `{"weeks": […], "streak": {…}, "workouts": […], "exercises": […], "open": […]}`.
public enum StatsJSON {
    /// The statistics as one JSON object, ending in a line break.
    public static func json(_ statistics: Statistics) -> String {
        let string = HistoryExport.string, object = HistoryExport.object
        let weeks = statistics.weeks.map { week in
            object([("week", string(week.week.description)), ("sessions", String(week.sessions)),
                    ("active", HistoryExport.seconds(week.active))])
        }
        let streak = object([("current", String(statistics.streak.current)), ("longest", String(statistics.streak.longest))])
        let workouts = statistics.workouts.map { workout in
            object([("name", string(workout.name)), ("sessions", String(workout.sessions)), ("completed", String(workout.completed)),
                    ("running", String(workout.running)),
                    ("completion", workout.completionRate.map { JSONText.number(($0 * 1000).rounded() / 1000) } ?? "null")])
        }
        let exercises = statistics.exercises.map { curve in
            object([("name", string(curve.name)), ("unit", curve.unit.map(string) ?? "null"),
                    ("sets", array(curve.points.map { point in
                        object([("date", string(point.day.description)), ("reps", String(point.reps)),
                                ("weight", JSONText.number(point.weight)), ("unit", point.unit.map(string) ?? "null"),
                                ("e1rm", StatsReport.number(point.e1rm))])
                    }))])
        }
        let open = statistics.open.map { times in
            object([("exercise", string(times.exercise)), ("distance", times.distance.map(string) ?? "null"),
                    ("best", HistoryExport.seconds(times.best)), ("latest", HistoryExport.seconds(times.latest))])
        }
        return object([("weeks", array(weeks)), ("streak", streak), ("workouts", array(workouts)), ("exercises", array(exercises)),
                       ("open", array(open))]) + "\n"
    }

    private static func array(_ items: [String]) -> String { "[" + items.joined(separator: ",") + "]" }
}
