#!/usr/bin/env python3
"""CPU time of `pacer import`, end to end (start-up, read, parse, fold, write, check, write out).

    bench/import.py [--runs N] [PACER]

PACER is the binary to measure (default $PACER, else .build/install/release/pacer, the build
scripts/install makes). Cases, each run N times (default 30) side by side, the median and the
fastest of the process's own user + system CPU (wait4) printed:
  erg-300   an ERG file of 300 segments (steps and ramps, few alike), to a file
  zwo-70    a .zwo of 70 steps (warm-up, steady states with text events, IntervalsT, free
            ride, cool-down), to a file
  dir-150   150 files (75 .zwo like zwo-70 and 75 .erg like erg-300) in one `pacer import -d`
Targets (issue 36): under 20 ms of CPU per file, under 2 s for 150.
"""
import os
import pathlib
import statistics
import subprocess
import sys
import tempfile


def erg(segments):
    rows, minute = [], 0.0
    for index in range(segments):
        length = 0.5 + (index % 7) * 0.25
        start = 100 + (index * 37) % 200
        end = start if index % 3 else start + 40
        rows += [f"{minute:.2f}\t{start}", f"{minute + length:.2f}\t{end}"]
        minute += length
    return ("[COURSE HEADER]\nVERSION = 2\nUNITS = ENGLISH\nDESCRIPTION = Bench\nFTP = 250\nMINUTES WATTS\n"
            "[END COURSE HEADER]\n[COURSE DATA]\n" + "\n".join(rows) + "\n[END COURSE DATA]\n"
            "[COURSE TEXT]\n60\tGo\t10\n600\tHold\t10\n[END COURSE TEXT]\n")


def zwo(steps):
    body = ['<Warmup Duration="600" PowerLow="0.4" PowerHigh="0.75" Cadence="85"/>']
    for index in range(steps - 3):
        if index % 5 == 4:
            body.append(f'<IntervalsT Repeat="{2 + index % 4}" OnDuration="{30 + index}" OffDuration="60" OnPower="1.{index % 9 + 1}" OffPower="0.5"/>')
        else:
            body.append(f'<SteadyState Duration="{60 + index * 3}" Power="0.{55 + index % 40}">'
                        f'<textevent timeoffset="10" message="Step {index}, settle in"/></SteadyState>')
    body += ['<FreeRide Duration="300"/>', '<Cooldown Duration="420" PowerLow="0.7" PowerHigh="0.3"/>']
    return ("<workout_file>\n<author>Bench</author>\n<name>Seventy</name>\n<description>A long one</description>\n"
            "<sportType>bike</sportType>\n<tags><tag name=\"BENCH\"/></tags>\n<workout>\n"
            + "\n".join(body) + "\n</workout>\n</workout_file>\n")


def cpu(command):
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(process.pid, 0)
    if status != 0:
        sys.exit(f"failed ({status}): {' '.join(command)}")
    return (usage.ru_utime + usage.ru_stime) * 1000


def main():
    arguments = sys.argv[1:]
    runs = 30
    if arguments[:1] == ["--runs"]:
        runs, arguments = int(arguments[1]), arguments[2:]
    root = pathlib.Path(__file__).resolve().parent.parent
    pacer = arguments[0] if arguments else os.environ.get("PACER", str(root / ".build/install/release/pacer"))
    if not os.access(pacer, os.X_OK):
        sys.exit(f"no pacer binary at {pacer} (give its path, or run scripts/install)")
    with tempfile.TemporaryDirectory() as work:
        work = pathlib.Path(work)
        (work / "erg-300.erg").write_text(erg(300))
        (work / "zwo-70.zwo").write_text(zwo(70))
        folder = work / "many"
        folder.mkdir()
        for index in range(75):
            (folder / f"ride-{index}.zwo").write_text(zwo(70 - index % 10))
            (folder / f"course-{index}.erg").write_text(erg(300 - index))
        files = sorted(str(path) for path in folder.iterdir())
        cases = {
            "erg-300": [pacer, "import", "--force", "-o", str(work / "out.json"), str(work / "erg-300.erg")],
            "zwo-70": [pacer, "import", "--force", "-o", str(work / "out.json"), str(work / "zwo-70.zwo")],
            "dir-150": [pacer, "import", "--force", "-d", str(work / "out")] + files,
        }
        (work / "out").mkdir()
        times = {name: [] for name in cases}
        for _ in range(runs):
            for name, command in cases.items():
                times[name].append(cpu(command))
        print(f"pacer: {pacer}; {runs} runs each; load average {os.getloadavg()[0]:.2f}")
        for name, values in times.items():
            print(f"{name:8} median {statistics.median(values):8.1f} ms CPU   fastest {min(values):8.1f} ms")


if __name__ == "__main__":
    main()
