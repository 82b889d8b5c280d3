import PacerFoundation
import PacerWorkout

/// The history's schema, as the steps that build it: version N is what the first N migrations
/// make, recorded in `PRAGMA user_version`. A new version is a new step at the end, never an edit.
enum HistorySchema {
    /// The version this build writes and reads.
    static let current = 8

    /// Takes a database from `version - 1` to `version`, inside the caller's transaction.
    static func migrate(_ database: SQLiteDatabase, to version: Int) throws(SQLiteError) {
        switch version {
        case 1: try version1(database)
        case 2: try version2(database)
        case 3: try version3(database)
        case 4: try version4(database)
        case 5: try version5(database)
        case 6: try version6(database)
        case 7: try version7(database)
        case 8: try version8(database)
        default: preconditionFailure("no migration to schema version \(version)")
        }
    }

    /// Version 1: sessions with their local start and end as ISO text, phases with a weight as text.
    private static func version1(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.run(
            """
            CREATE TABLE sessions (
                id      INTEGER PRIMARY KEY,
                workout TEXT NOT NULL,
                file    TEXT NOT NULL,
                started TEXT NOT NULL,
                planned REAL NOT NULL,
                ended   TEXT,
                outcome TEXT,
                active  REAL,
                paused  REAL
            )
            """)
        try database.run(
            """
            CREATE TABLE phases (
                id      INTEGER PRIMARY KEY,
                session INTEGER NOT NULL REFERENCES sessions(id),
                idx     INTEGER NOT NULL,
                kind    TEXT NOT NULL,
                name    TEXT NOT NULL,
                planned REAL,
                active  REAL NOT NULL,
                outcome TEXT NOT NULL,
                reps    INTEGER,
                weight  TEXT
            )
            """)
    }

    /// Version 2: start and end as UTC epoch seconds plus the local offset, so days and weeks are
    /// computed without parsing text; the speed; a weight's number and unit; the indexes that keep
    /// `pacer history` and `pacer stats` fast.
    private static func version2(_ database: SQLiteDatabase) throws(SQLiteError) {
        for column in [
            "started_at INTEGER NOT NULL DEFAULT 0", "utc_offset INTEGER NOT NULL DEFAULT 0",
            "ended_at INTEGER", "speed REAL NOT NULL DEFAULT 1",
        ] {
            try database.run("ALTER TABLE sessions ADD COLUMN \(column)")
        }
        // Read in Swift, not by SQLite's date functions, which refuse `+0100` and fail the whole step:
        // every row a v1 file can hold migrates, a start that cannot be read falls back on the end.
        let times = try database.query("SELECT id, started, ended FROM sessions") { row in
            (row.integer(0) ?? 0, row.text(1).flatMap(WallTime.init(iso8601:)), row.text(2).flatMap(WallTime.init(iso8601:)))
        }
        for (id, started, ended) in times {
            let start = started ?? ended ?? WallTime(epochSeconds: 0, utcOffset: 0)
            try database.run(
                "UPDATE sessions SET started_at = ?, utc_offset = ?, ended_at = ? WHERE id = ?",
                [
                    .integer(start.epochSeconds), .integer(Int64(start.utcOffset)),
                    ended.map { .integer($0.epochSeconds) } ?? .null, .integer(id),
                ])
        }
        try database.run("ALTER TABLE phases RENAME COLUMN weight TO weight_text")
        try database.run("ALTER TABLE phases ADD COLUMN weight_value REAL")
        try database.run("ALTER TABLE phases ADD COLUMN weight_unit TEXT")
        try readWeights(database)
        try database.run("CREATE INDEX sessions_by_start ON sessions(started_at, id)")
        try database.run("CREATE INDEX sessions_by_workout ON sessions(workout, started_at)")
        try database.run("CREATE INDEX phases_by_session ON phases(session, idx)")
        try database.run(
            """
            CREATE INDEX phases_sets ON phases(session, name, reps, weight_value, weight_unit)
            WHERE reps > 0 AND weight_value > 0
            """)
    }

    /// Version 3: the process that records a session (pid, start time after boot, boot id), so a
    /// reader tells a session still running from one whose recorder was killed; and every weight's
    /// number read again by the rule that refuses `1,000` and `1.000` (earlier ones took them for 1).
    private static func version3(_ database: SQLiteDatabase) throws(SQLiteError) {
        for column in ["runner_pid INTEGER", "runner_start INTEGER", "runner_boot TEXT"] {
            try database.run("ALTER TABLE sessions ADD COLUMN \(column)")
        }
        try readWeights(database)
    }

    /// Version 4: each phase's exercise, what statistics group by. Work phases and rep steps recorded
    /// before get the one a new recording gives them, read from the name as shown ("Back squat
    /// (set 3/5)" → "Back squat"); other phases have none, as a new recording gives them none.
    private static func version4(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.run("ALTER TABLE phases ADD COLUMN exercise TEXT")
        let names = try database.query("SELECT id, name FROM phases WHERE kind IN ('work', 'reps')") { row in
            (row.integer(0) ?? 0, row.text(1) ?? "")
        }
        for (id, name) in names {
            try database.run("UPDATE phases SET exercise = ? WHERE id = ?", [.text(ExerciseName.derived(fromShown: name)), .integer(id)])
        }
        try database.run("DROP INDEX phases_sets")
        try database.run(
            """
            CREATE INDEX phases_sets ON phases(session, exercise, reps, weight_value, weight_unit)
            WHERE reps > 0 AND weight_value > 0
            """)
    }

    /// Version 5: whether a phase was an open step (counted up until `done`, its `active` the time
    /// taken) and the distance it covered, for the best and latest time per exercise and distance.
    /// Phases recorded before were not open and have no distance.
    private static func version5(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.run("ALTER TABLE phases ADD COLUMN is_open INTEGER NOT NULL DEFAULT 0")
        try database.run("ALTER TABLE phases ADD COLUMN distance TEXT")
        try database.run("CREATE INDEX phases_open ON phases(session, exercise, distance, active) WHERE is_open = 1")
    }

    /// Version 6: body weight readings (`pacer weight`), each for a local day, its number and unit
    /// as written, and when it was recorded. A history before had none.
    private static func version6(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.run(
            """
            CREATE TABLE weigh_ins (
                id          INTEGER PRIMARY KEY,
                day         TEXT NOT NULL,
                value       REAL NOT NULL,
                unit        TEXT NOT NULL,
                recorded_at INTEGER NOT NULL,
                utc_offset  INTEGER NOT NULL
            )
            """)
        try database.run("CREATE INDEX weigh_ins_by_day ON weigh_ins(day, id)")
    }

    /// Version 7: each phase's targets as the session ran them (power, heart rate, pace, cadence),
    /// as the JSON object of `phase.start`'s target fields; NULL for none. Phases recorded before
    /// have none.
    private static func version7(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.run("ALTER TABLE phases ADD COLUMN targets TEXT")
    }

    /// Version 8: what was measured (power, heart rate, cadence, speed, distance). Each sample (one
    /// a second of session time), the pauses, when each phase started, what was measured over each
    /// phase and the session (`phase.end`'s and `session.end`'s `measured` and `in_target`, as one
    /// JSON object), and the session's FTP and TSS, measured and planned, for the training load.
    /// Sessions recorded before have none of these, and their phases no start.
    private static func version8(_ database: SQLiteDatabase) throws(SQLiteError) {
        try database.run("ALTER TABLE phases ADD COLUMN started REAL")
        try database.run("ALTER TABLE phases ADD COLUMN measured TEXT")
        for column in ["measured TEXT", "ftp REAL", "tss REAL", "planned_tss REAL"] {
            try database.run("ALTER TABLE sessions ADD COLUMN \(column)")
        }
        try database.run(
            """
            CREATE TABLE samples (
                session    INTEGER NOT NULL REFERENCES sessions(id),
                t          REAL NOT NULL,
                active     REAL NOT NULL,
                phase      INTEGER NOT NULL,
                power      REAL,
                heart_rate REAL,
                cadence    REAL,
                speed      REAL,
                distance   REAL
            )
            """)
        try database.run("CREATE INDEX samples_by_session ON samples(session, t)")
        try database.run(
            """
            CREATE TABLE pauses (
                session INTEGER NOT NULL REFERENCES sessions(id),
                started REAL NOT NULL,
                ended   REAL
            )
            """)
        try database.run("CREATE INDEX pauses_by_session ON pauses(session, started)")
    }

    /// Sets every phase's weight number and unit from the weight as logged.
    private static func readWeights(_ database: SQLiteDatabase) throws(SQLiteError) {
        let weights = try database.query("SELECT id, weight_text FROM phases WHERE weight_text IS NOT NULL") { row in
            (row.integer(0) ?? 0, LoggedWeight(text: row.text(1) ?? ""))
        }
        for (id, weight) in weights {
            try database.run(
                "UPDATE phases SET weight_value = ?, weight_unit = ? WHERE id = ?",
                [weight.value.map(SQLiteValue.real) ?? .null, weight.unit.map(SQLiteValue.text) ?? .null, .integer(id)])
        }
    }
}
