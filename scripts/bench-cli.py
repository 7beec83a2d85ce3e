#!/usr/bin/env python3
"""CLI benchmark: quickdo vs Taskwarrior, whole processes, at 0, 1,000 and 10,000 pending todos.

Times `add`, `list --json` and `done` (quickdo) against `task add`, `task export` and
`task done` (Taskwarrior 2.x) in the same run, on scratch data, and prints medians, ratios and
peak RSS. Usage: scripts/bench-cli.py [--runs N] [--sizes 0,1000,10000] [--quickdo PATH]
Build first: swift build -c release --product quickdo --static-swift-stdlib
"""
import argparse, json, os, shutil, statistics, subprocess, sys, tempfile, time, uuid
from datetime import datetime, timezone, timedelta


def run(argv, env):
    """Runs a set-up process; returns (seconds, stdout). Exits on failure."""
    start = time.perf_counter()
    proc = subprocess.run(argv, env=env, capture_output=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed ({proc.returncode}): {proc.stderr.decode()[:300]}")
    return time.perf_counter() - start, proc.stdout


def run_measured(argv, env):
    """Like run, but reads the child's peak RSS through wait4."""
    start = time.perf_counter()
    pid = os.fork()
    if pid == 0:
        devnull = os.open(os.devnull, os.O_RDWR)
        os.dup2(devnull, 0); os.dup2(devnull, 1); os.dup2(devnull, 2)
        try:
            os.execvpe(argv[0], argv, env)
        finally:
            os._exit(127)
    _, status, usage = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench: {' '.join(argv)} exited {os.waitstatus_to_exitcode(status)}")
    return elapsed, usage.ru_maxrss / 1024.0


def seed_todos(n):
    base = datetime(2026, 11, 1, tzinfo=timezone.utc)
    return [{"id": str(uuid.uuid4()), "title": f"seeded todo {i}", "notes": "",
             "priority": ["low", "normal", "high"][i % 3], "isComplete": False,
             "createdAt": (base + timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%SZ"),
             "completedAt": None, "due": None, "url": None, "snoozedUntil": None}
            for i in range(n)]


def seed_tasks(todos):
    return [{"uuid": t["id"], "description": t["title"], "status": "pending",
             "entry": t["createdAt"].replace("-", "").replace(":", ""),
             "priority": {"low": "L", "normal": "M", "high": "H"}[t["priority"]]} for t in todos]


def median_ms(samples):
    return statistics.median(samples) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--sizes", default="0,1000,10000")
    parser.add_argument("--quickdo", default=".build/release/quickdo")
    args = parser.parse_args()
    if not shutil.which("task"):
        sys.exit("bench: Taskwarrior ('task') is not installed: apt-get install taskwarrior")
    quickdo = os.path.abspath(args.quickdo)
    rows = []
    for size in [int(s) for s in args.sizes.split(",")]:
        scratch = tempfile.mkdtemp(prefix="quickdo-bench-")
        env = dict(os.environ)
        env["QUICKDO_DB"] = os.path.join(scratch, "todos.sqlite")
        taskdata = os.path.join(scratch, "task")
        os.makedirs(taskdata)
        taskrc = os.path.join(scratch, "taskrc")
        with open(taskrc, "w") as f:
            f.write(f"data.location={taskdata}\nconfirmation=off\nverbose=nothing\nhooks=off\n")
        env["TASKRC"] = taskrc
        env["TASKDATA"] = taskdata
        todos = seed_todos(size)
        seed = os.path.join(scratch, "seed.json")
        with open(seed, "w") as f:
            json.dump(todos, f)
        run([quickdo, "import", seed], env)
        with open(seed, "w") as f:
            json.dump(seed_tasks(todos), f)
        run(["task", "rc.confirmation=off", "import", seed], env)
        # Ids to complete: extra todos added for the purpose, so `done` always has work.
        targets_q = []
        for i in range(args.runs):
            _, out = run([quickdo, "add", f"to finish {i}"], env)
            targets_q.append(out.decode().strip())
            run(["task", "add", f"to finish {i}"], env)
        _, out = run(["task", "rc.verbose=nothing", "description.startswith:to", "export"], env)
        targets_t = [t["uuid"] for t in json.loads(out) if t["description"].startswith("to finish")]

        cases = {
            "add": ([quickdo, "add", "benchmark todo"], ["task", "add", "benchmark todo"]),
            "list --json": ([quickdo, "list", "--json"], ["task", "status:pending", "export"]),
        }
        for name, (q_argv, t_argv) in cases.items():
            q = [run_measured(q_argv, env) for _ in range(args.runs)]
            t = [run_measured(t_argv, env) for _ in range(args.runs)]
            rows.append((size, name, q, t))
        q = [run_measured([quickdo, "done", ident], env) for ident in targets_q]
        t = [run_measured(["task", ident, "done"], env) for ident in targets_t[: args.runs]]
        rows.append((size, "done", q, t))
        shutil.rmtree(scratch)

    print(f"quickdo vs Taskwarrior {subprocess.run(['task', '--version'], capture_output=True, text=True).stdout.strip()}, "
          f"median of {args.runs} runs, whole processes")
    print(f"| pending | command | quickdo ms | task ms | task / quickdo | quickdo peak RSS MiB | task peak RSS MiB |")
    print(f"| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for size, name, q, t in rows:
        qm, tm = median_ms([s for s, _ in q]), median_ms([s for s, _ in t])
        print(f"| {size:,} | {name} | {qm:.1f} | {tm:.1f} | {tm / qm:.1f}x | "
              f"{max(r for _, r in q):.1f} | {max(r for _, r in t):.1f} |")


if __name__ == "__main__":
    main()
