#!/usr/bin/env python3
"""A CLI command in the user's language against the same command in C, whole processes,
alternately: `quickdo list` over 50 pending todos with due dates and repeat rules, once with
LANG=de_DE.UTF-8 (the catalog read, dates in German words and glibc's de_DE order) and once
with LC_ALL=C (English, ISO dates). Budget: the translated command costs at most 1 ms more.
Usage: scripts/bench-language.py --quickdo PATH [--runs N]
"""
import argparse, importlib.util, os, statistics, subprocess, sys, tempfile

# Whole processes timed as bench-cli.py times them (posix_spawn, output to /dev/null).
_spec = importlib.util.spec_from_file_location("bench_cli", os.path.join(os.path.dirname(__file__), "bench-cli.py"))
bench_cli = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(bench_cli)
timed = bench_cli.run_timed


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--quickdo", required=True)
    parser.add_argument("--runs", type=int, default=41)
    args = parser.parse_args()
    work = tempfile.mkdtemp(prefix="quickdo-bench-language-")
    # A German desktop has its locale installed; here it is made for this run (LOCPATH).
    subprocess.run(["localedef", "-i", "de_DE", "-f", "UTF-8", "-c", f"{work}/de_DE.UTF-8"], check=True)
    base = {"PATH": "/usr/bin:/bin", "HOME": work, "QUICKDO_DB": f"{work}/todos.sqlite",
            "XDG_CONFIG_HOME": f"{work}/config", "LOCPATH": work}
    c = dict(base, LC_ALL="C")
    german = dict(base, LANG="de_DE.UTF-8")
    for i in range(50):
        due = ["tomorrow 9:00", "in 3h", "2030-01-02 17:00"][i % 3]
        argv = [args.quickdo, "add", f"todo {i}", "--due", due] + (["--repeat", "weekdays"] if i % 5 == 0 else [])
        subprocess.run(argv, env=c, check=True, capture_output=True)
    sample = subprocess.run([args.quickdo, "list"], env=german, capture_output=True, text=True).stdout
    print("German `list`, first lines:\n  " + "\n  ".join(sample.splitlines()[:3]))
    command = [args.quickdo, "list"]
    for _ in range(3):  # warm the page cache for both
        timed(command, c), timed(command, german)
    in_c, in_german = [], []
    for _ in range(args.runs):
        in_c.append(timed(command, c))
        in_german.append(timed(command, german))
    c_ms, de_ms = statistics.median(in_c) * 1000, statistics.median(in_german) * 1000
    differences = sorted((g - x) * 1000 for g, x in zip(in_german, in_c))
    print(f"`quickdo list`, 50 todos, median of {args.runs} alternated runs: C {c_ms:.2f} ms, "
          f"de_DE {de_ms:.2f} ms; pairwise difference median {statistics.median(differences):+.2f} ms "
          f"(budget: at most +1 ms)")


if __name__ == "__main__":
    main()
