#!/usr/bin/env python3
"""CPU of starting pacer (`pacer --version`), against the language's floor.

    bench/startup.py [--runs N] NAME=PACER...

Each NAME=PACER is a pacer binary to measure, shown as `pacer --version (NAME)`: the install's
build and one with the libraries linked otherwise, say, or an earlier commit's.

Builds three Swift programs that print a line (one linked against the shared standard library,
one with --static-swift-stdlib, which is the floor issue 19 measures against, and one linked the
way scripts/install links pacer: a static PIE by lld, everything in it) and a C program that
exits, then runs every program N times (default 300), interleaved round by round so that the
machine's noise falls on all alike, and prints each one's median CPU (user + system, from wait4's
rusage) and its ratios to the two static Swift programs'. (Peak memory is measured by bench/vs-termdown.sh: a child's ru_maxrss here
would include the Python image it was spawned from.)
"""
import os
import statistics
import subprocess
import sys
import tempfile


def build_floor(folder):
    """The reference programs: Swift hello world, dynamic and static, and C's `return 0`."""
    source = os.path.join(folder, "hello.swift")
    with open(source, "w") as file:
        file.write('print("hello")\n')
    programs = {}
    static_pie = ["-static-executable", "-use-ld=lld", "-Xclang-linker", "-static-pie"]
    for name, flags in (("swift hello (dynamic)", []), ("swift hello (static stdlib)", ["-static-stdlib"]),
                        ("swift hello (static PIE)", static_pie)):
        out = os.path.join(folder, name.split()[-1].strip("()"))
        subprocess.run(["swiftc", "-O", *flags, source, "-o", out], check=True)
        programs[name] = [out]
    c_source = os.path.join(folder, "exit.c")
    with open(c_source, "w") as file:
        file.write("int main(void) { return 0; }\n")
    subprocess.run(["cc", "-O2", c_source, "-o", os.path.join(folder, "exit")], check=True)
    programs["C exit"] = [os.path.join(folder, "exit")]
    return programs


def measure(command):
    """CPU seconds of one run."""
    pid = os.posix_spawn(command[0], command, os.environ, file_actions=[(os.POSIX_SPAWN_OPEN, 1, os.devnull, os.O_WRONLY, 0)])
    _, _, usage = os.wait4(pid, 0)
    return usage.ru_utime + usage.ru_stime


def main():
    arguments = sys.argv[1:]
    runs = 300
    if arguments[:1] == ["--runs"] and len(arguments) > 1:
        runs, arguments = int(arguments[1]), arguments[2:]
    if not arguments or not all("=" in argument for argument in arguments):
        sys.exit(__doc__)
    with tempfile.TemporaryDirectory() as folder:
        programs = {}
        for argument in arguments:
            name, path = argument.split("=", 1)
            programs[f"pacer --version ({name})"] = [path, "--version"]
        programs.update(build_floor(folder))
        results = {name: [] for name in programs}
        for _ in range(runs):
            for name, command in programs.items():
                results[name].append(measure(command))
        floor = statistics.median(results["swift hello (static stdlib)"])
        pie_floor = statistics.median(results["swift hello (static PIE)"])
        print(f"{'program':34} {'median CPU ms':>14} {'/ static-stdlib hello':>22} {'/ static-PIE hello':>19}")
        for name, cpus in results.items():
            cpu = statistics.median(cpus)
            print(f"{name:34} {cpu * 1000:14.2f} {cpu / floor:22.2f} {cpu / pie_floor:19.2f}")


if __name__ == "__main__":
    main()
