#!/usr/bin/env python3
"""Writes a pacer history database with N sessions in the current schema (version 7).

    bench/history-gen.py FILE [N] [--seed S] [--days D]

Sessions are spread over the last D days (default N / 2, about two a day) up to now, in the
local time zone: a mix of timed workouts (about 20 phases each, the track repeats open steps over
400 m) and strength sessions (sets of
squat, bench press and deadlift with reps and a weight, slowly getting heavier). Outcomes are
mostly completed, some quit or aborted, a few interrupted (no end written); timed work phases aim at 105 % of FTP; and a body weight
reading every third day, in kg, slowly going down. Deterministic for a given seed. The schema below must match Plugins/HistorySink/Store/HistorySchema.swift.
"""
import argparse
import datetime
import os
import random
import sqlite3

SCHEMA = """
CREATE TABLE sessions (
    id INTEGER PRIMARY KEY, workout TEXT NOT NULL, file TEXT NOT NULL, started TEXT NOT NULL,
    planned REAL NOT NULL, ended TEXT, outcome TEXT, active REAL, paused REAL,
    started_at INTEGER NOT NULL DEFAULT 0, utc_offset INTEGER NOT NULL DEFAULT 0,
    ended_at INTEGER, speed REAL NOT NULL DEFAULT 1,
    runner_pid INTEGER, runner_start INTEGER, runner_boot TEXT);
CREATE TABLE phases (
    id INTEGER PRIMARY KEY, session INTEGER NOT NULL REFERENCES sessions(id), idx INTEGER NOT NULL,
    kind TEXT NOT NULL, name TEXT NOT NULL, planned REAL, active REAL NOT NULL, outcome TEXT NOT NULL,
    reps INTEGER, weight_text TEXT, weight_value REAL, weight_unit TEXT, exercise TEXT,
    is_open INTEGER NOT NULL DEFAULT 0, distance TEXT, targets TEXT);
CREATE INDEX sessions_by_start ON sessions(started_at, id);
CREATE INDEX sessions_by_workout ON sessions(workout, started_at);
CREATE INDEX phases_by_session ON phases(session, idx);
CREATE INDEX phases_sets ON phases(session, exercise, reps, weight_value, weight_unit)
    WHERE reps > 0 AND weight_value > 0;
CREATE INDEX phases_open ON phases(session, exercise, distance, active) WHERE is_open = 1;
CREATE TABLE weigh_ins (
    id INTEGER PRIMARY KEY, day TEXT NOT NULL, value REAL NOT NULL, unit TEXT NOT NULL,
    recorded_at INTEGER NOT NULL, utc_offset INTEGER NOT NULL);
CREATE INDEX weigh_ins_by_day ON weigh_ins(day, id);
PRAGMA user_version = 7;
"""

# The targets of a timed work phase, as the history stores them (the JSON of phase.start's target fields).
WORK_TARGETS = '{"power":{"unit":"ftp","start":[1.05,1.05],"end":[1.05,1.05]}}'

TIMED = {
    "7-Minute Workout": ("seven-minute", [("prepare", "Get ready", 10)] + [
        (kind, name, seconds) for exercise in ["Jumping jacks", "Wall sit", "Push-ups", "Crunches", "Step-ups",
                                               "Squats", "Triceps dips", "Plank", "High knees", "Lunges"]
        for kind, name, seconds in [("work", exercise, 30), ("rest", "Rest", 10)]]),
    "Tabata": ("tabata", [("prepare", "Get ready", 10)] + [
        (kind, name, seconds) for round in range(8) for kind, name, seconds in [("work", "Sprint", 20), ("rest", "Rest", 10)]]),
    "EMOM 20": ("emom-20", [("work", "Minute", 60)] * 20),
    # An open step has no planned time: it counts up until done.
    "Track repeats": ("track", [("warmup", "Warm up", 300)] + [
        (kind, name, seconds) for _ in range(6) for kind, name, seconds in [("work", "400 m fast", None), ("rest", "Rest", 90)]]),
}
OPEN_DISTANCE = "400 m"
LIFTS = [("Squat", 60.0), ("Bench press", 45.0), ("Deadlift", 80.0)]


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("count", nargs="?", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--days", type=int)
    options = parser.parse_args()
    rng = random.Random(options.seed)
    days = options.days or max(1, options.count // 2)
    if os.path.exists(options.file):
        os.remove(options.file)
    database = sqlite3.connect(options.file)
    database.executescript(SCHEMA)
    database.execute("PRAGMA journal_mode = WAL")
    now = datetime.datetime.now().astimezone()
    first = now - datetime.timedelta(days=days)
    starts = sorted(first + datetime.timedelta(seconds=rng.uniform(0, days * 86400 - 7200)) for _ in range(options.count))
    with database:
        for number, start in enumerate(starts):
            start = start.replace(microsecond=0).astimezone()
            strength = rng.random() < 0.3
            if strength:
                workout, file = "Strength", "strength"
                progress = number / max(1, options.count)
                phases = []
                for lift, base in LIFTS:
                    for _ in range(3):
                        weight = round((base * (1 + progress) + rng.choice([-5, 0, 0, 5])) / 2.5) * 2.5
                        phases.append(("reps", lift, None, rng.choice([3, 5, 5, 8]), f"{weight:g} kg"))
                        phases.append(("rest", "Rest", 90, None, None))
            else:
                workout = rng.choice(sorted(TIMED))
                file, timed = TIMED[workout]
                phases = [(kind, name, seconds, None, None) for kind, name, seconds in timed]
            roll = rng.random()
            outcome = "completed" if roll < 0.85 else "quit" if roll < 0.93 else "aborted" if roll < 0.97 else None
            if outcome != "completed":
                phases = phases[: rng.randrange(1, len(phases) + 1)]
            planned = sum(phase[2] or 0 for phase in phases)
            cursor = database.execute(
                "INSERT INTO sessions (workout, file, started, started_at, utc_offset, planned, speed) VALUES (?, ?, ?, ?, ?, ?, 1)",
                (workout, f"<built-in>/{file}.json", start.isoformat(timespec="seconds"), int(start.timestamp()),
                 int(start.utcoffset().total_seconds()), planned))
            session = cursor.lastrowid
            active = 0.0
            for index, (kind, name, seconds, reps, weight) in enumerate(phases, 1):
                is_open = kind != "reps" and seconds is None
                spent = float(seconds) if seconds else rng.randint(800, 1000) / 10 if is_open else float(rng.randint(20, 90))
                active += spent
                value, unit = (float(weight.split()[0]), "kg") if weight else (None, None)
                database.execute(
                    "INSERT INTO phases (session, idx, kind, name, planned, active, outcome, reps, weight_text, weight_value, weight_unit, exercise,"
                    " is_open, distance, targets) VALUES (?, ?, ?, ?, ?, ?, 'completed', ?, ?, ?, ?, ?, ?, ?, ?)",
                    (session, index, kind, name, seconds, spent, reps, weight, value, unit, name if kind in ("work", "reps") else None,
                     int(is_open), OPEN_DISTANCE if is_open else None, WORK_TARGETS if kind == "work" and seconds else None))
            if outcome:
                paused = float(rng.choice([0, 0, 0, 15, 40]))
                end = start + datetime.timedelta(seconds=active + paused)
                database.execute(
                    "UPDATE sessions SET ended = ?, ended_at = ?, outcome = ?, active = ?, paused = ? WHERE id = ?",
                    (end.isoformat(timespec="seconds"), int(end.timestamp()), outcome, active, paused, session))
        for back in range(0, days, 3):
            moment = (now - datetime.timedelta(days=back)).replace(microsecond=0)
            weight = round(85 - 3 * (days - back) / days + rng.uniform(-0.6, 0.6), 1)
            database.execute(
                "INSERT INTO weigh_ins (day, value, unit, recorded_at, utc_offset) VALUES (?, ?, 'kg', ?, ?)",
                (moment.date().isoformat(), weight, int(moment.timestamp()), int(moment.utcoffset().total_seconds())))
    database.close()


if __name__ == "__main__":
    main()
