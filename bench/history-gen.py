#!/usr/bin/env python3
"""Writes a pacer history database with N sessions in the current schema (version 8).

    bench/history-gen.py FILE [N] [--seed S] [--days D] [--rides R]

Sessions are spread over the last D days (default N / 2, about two a day) up to now, in the
local time zone: a mix of timed workouts (about 20 phases each, the track repeats open steps over
400 m) and strength sessions (sets of
squat, bench press and deadlift with reps and a weight, slowly getting heavier). Outcomes are
mostly completed, some quit or aborted, a few interrupted (no end written); timed work phases aim at 105 % of FTP; and a body weight
reading every third day, in kg, slowly going down. With --rides, R of the sessions (the first R of
every N / R) are instead one-hour rides measured once a second (power, heart rate, cadence: 3,600
sample rows each), with each phase's and the session's measured summary, FTP and TSS as the
history sink writes them. Deterministic for a given seed. The schema below must match Plugins/HistorySink/Store/HistorySchema.swift.
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
    runner_pid INTEGER, runner_start INTEGER, runner_boot TEXT,
    measured TEXT, ftp REAL, tss REAL, planned_tss REAL);
CREATE TABLE phases (
    id INTEGER PRIMARY KEY, session INTEGER NOT NULL REFERENCES sessions(id), idx INTEGER NOT NULL,
    kind TEXT NOT NULL, name TEXT NOT NULL, planned REAL, active REAL NOT NULL, outcome TEXT NOT NULL,
    reps INTEGER, weight_text TEXT, weight_value REAL, weight_unit TEXT, exercise TEXT,
    is_open INTEGER NOT NULL DEFAULT 0, distance TEXT, targets TEXT, started REAL, measured TEXT);
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
CREATE TABLE samples (
    session INTEGER NOT NULL REFERENCES sessions(id), t REAL NOT NULL, active REAL NOT NULL, phase INTEGER NOT NULL,
    power REAL, heart_rate REAL, cadence REAL, speed REAL, distance REAL);
CREATE INDEX samples_by_session ON samples(session, t);
CREATE TABLE pauses (session INTEGER NOT NULL REFERENCES sessions(id), started REAL NOT NULL, ended REAL);
CREATE INDEX pauses_by_session ON pauses(session, started);
PRAGMA user_version = 8;
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
# A measured ride: (kind, name, seconds, power target as a share of FTP: (start, end) of a ramp or a range).
RIDE = [("warmup", "Warm up", 600, "ramp", (0.50, 0.75))] + [
    phase for number in range(1, 4) for phase in [("work", f"Sweet spot {number}/3", 600, "range", (0.88, 0.94)),
                                                  ("rest", "Rest", 300, "range", (0.50, 0.55))]] + [
    ("cooldown", "Cool down", 300, "ramp", (0.60, 0.40))]
RIDE_FTP = 250.0
LIFTS = [("Squat", 60.0), ("Bench press", 45.0), ("Deadlift", 80.0)]


def normalized_power(powers):
    """Coggan's normalised power: the 30-second rolling mean to the fourth power, averaged, its fourth root."""
    window = min(30, len(powers))
    total, rolling = 0.0, sum(powers[:window])
    means = [rolling / window]
    for index in range(window, len(powers)):
        rolling += powers[index] - powers[index - window]
        means.append(rolling / window)
    return (sum(mean ** 4 for mean in means) / len(means)) ** 0.25


def measured_json(powers, heart_rates, cadences, adherence):
    """`{"measured":{...},"in_target":{...}}` as phase.end and session.end give them (docs/events.md)."""
    def channel(values, extra=""):
        return f'{{"avg":{sum(values) / len(values):.1f},"max":{max(values):g}{extra}}}'
    power = channel(powers, f',"np":{normalized_power(powers):.1f},"kj":{sum(powers) / 1000:.1f}')
    text = f'{{"measured":{{"power":{power},"heart_rate":{channel(heart_rates)},"cadence":{channel(cadences)}}}'
    if adherence:
        text += ',"in_target":{{"power":{{"inside":{},"below":{},"above":{}}}}}'.format(*adherence)
    return text + "}"


def planned_stress():
    """The ride's planned TSS, as PlannedLoad works it: the planned share of FTP second by second, a range at its midpoint."""
    shares = [first + (last - first) * (second + 0.5) / seconds if shape == "ramp" else (first + last) / 2
              for _, _, seconds, shape, (first, last) in RIDE for second in range(seconds)]
    intensity = normalized_power(shares)
    return len(shares) * intensity * intensity / 3600 * 100


def record_ride(database, rng, session):
    """A one-hour ride measured every second: its phases, samples, and measured summaries. Returns its active seconds."""
    t = 0
    everything = ([], [], [])
    samples = []
    for index, (kind, name, seconds, shape, (first, last)) in enumerate(RIDE):
        powers, heart_rates, cadences = [], [], []
        adherence = [0, 0, 0]
        started = t
        for second in range(seconds):
            share = first + (last - first) * (second + 0.5) / seconds if shape == "ramp" else (first + last) / 2
            low, high = (share * 0.97, share * 1.03) if shape == "ramp" else (first, last)
            power = max(0.0, round(RIDE_FTP * share + rng.gauss(0, 12)))
            heart_rate = float(round(100 + 70 * share + rng.gauss(0, 2)))
            cadence = float(round(90 + rng.gauss(0, 3)))
            adherence[0 if RIDE_FTP * low <= power <= RIDE_FTP * high else 1 if power < RIDE_FTP * low else 2] += 1
            powers.append(power), heart_rates.append(heart_rate), cadences.append(cadence)
            samples.append((session, float(t), float(t), index, power, heart_rate, cadence))
            t += 1
        for values, phase_values in zip(everything, (powers, heart_rates, cadences)):
            values.extend(phase_values)
        targets = (f'{{"power":{{"unit":"ftp","start":[{first},{first}],"end":[{last},{last}]}}}}' if shape == "ramp"
                   else f'{{"power":{{"unit":"ftp","start":[{first},{last}],"end":[{first},{last}]}}}}')
        database.execute(
            "INSERT INTO phases (session, idx, kind, name, planned, active, outcome, exercise, is_open, targets, started, measured)"
            " VALUES (?, ?, ?, ?, ?, ?, 'completed', ?, 0, ?, ?, ?)",
            (session, index + 1, kind, name, seconds, float(seconds), name.split(" ")[0] if kind == "work" else None, targets,
             float(started), measured_json(powers, heart_rates, cadences, adherence)))
    database.executemany("INSERT INTO samples (session, t, active, phase, power, heart_rate, cadence) VALUES (?, ?, ?, ?, ?, ?, ?)", samples)
    power = normalized_power(everything[0])
    tss = t * power * power / (RIDE_FTP * RIDE_FTP * 3600) * 100
    database.execute("UPDATE sessions SET measured = ?, ftp = ?, tss = ?, planned_tss = ? WHERE id = ?",
                     (measured_json(*everything, None), RIDE_FTP, round(tss, 1), round(planned_stress(), 1), session))
    return float(t)


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("file")
    parser.add_argument("count", nargs="?", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--days", type=int)
    parser.add_argument("--rides", type=int, default=0, help="how many of the sessions are measured one-hour rides")
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
            ride = options.rides and number % max(1, options.count // options.rides) == 0 \
                and number // max(1, options.count // options.rides) < options.rides
            strength = not ride and rng.random() < 0.3
            if ride:
                workout, file, phases = "Sweet spot 3×10", "sweet-spot", []
            elif strength:
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
            outcome = "completed" if ride or roll < 0.85 else "quit" if roll < 0.93 else "aborted" if roll < 0.97 else None
            if outcome != "completed":
                phases = phases[: rng.randrange(1, len(phases) + 1)]
            planned = sum(phase[2] for phase in RIDE) if ride else sum(phase[2] or 0 for phase in phases)
            cursor = database.execute(
                "INSERT INTO sessions (workout, file, started, started_at, utc_offset, planned, speed) VALUES (?, ?, ?, ?, ?, ?, 1)",
                (workout, f"<built-in>/{file}.json", start.isoformat(timespec="seconds"), int(start.timestamp()),
                 int(start.utcoffset().total_seconds()), planned))
            session = cursor.lastrowid
            active = record_ride(database, rng, session) if ride else 0.0
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
