/* sqlite-floor DATABASE: what SQLite alone costs for what pacer's history does in a session of one
 * phase, on this thread's CPU clock: open, the first statement (the schema read; the WAL and its
 * shared memory made), the session's row and a phase's row (each a BEGIN IMMEDIATE transaction;
 * the first writes the WAL's header and syncs it and the folder), and the close (the checkpoint
 * into the database, two syncs, the WAL and shared memory removed). Prints milliseconds. */
#include <sqlite3.h>
#include <stdio.h>
#include <time.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_THREAD_CPUTIME_ID, &t);
    return t.tv_sec * 1e3 + t.tv_nsec / 1e6;
}

static int run(sqlite3 *db, const char *sql) {
    char *error = NULL;
    if (sqlite3_exec(db, sql, NULL, NULL, &error) != SQLITE_OK) {
        fprintf(stderr, "sqlite-floor: %s\n", error);
        return 1;
    }
    return 0;
}

int main(int argc, char **argv) {
    if (argc != 2) return 2;
    sqlite3 *db;
    double t0 = now();
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READWRITE, NULL) != SQLITE_OK) return 1;
    double t1 = now();
    if (run(db, "PRAGMA journal_mode")) return 1;
    double t2 = now();
    if (run(db, "PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA user_version")) return 1;
    if (run(db, "BEGIN IMMEDIATE; INSERT INTO sessions (workout, file, started, started_at, utc_offset, planned, speed) "
                "VALUES ('Two seconds', 'two.json', '2026-12-02T03:00:00Z', 1796180400, 0, 2, 1); COMMIT")) return 1;
    double t3 = now();
    if (run(db, "BEGIN IMMEDIATE; INSERT INTO phases (session, idx, kind, name, planned, active, outcome, is_open) "
                "VALUES (last_insert_rowid(), 1, 'work', 'Squats', 2, 2, 'completed', 0); COMMIT")) return 1;
    double t4 = now();
    sqlite3_close(db);
    double t5 = now();
    printf("%.3f %.3f %.3f %.3f %.3f %.3f\n", t1 - t0, t2 - t1, t3 - t2, t4 - t3, t5 - t4, t5 - t0);
    return 0;
}
