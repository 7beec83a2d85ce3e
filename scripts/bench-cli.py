#!/usr/bin/env python3
"""CLI benchmark: quickdo vs Taskwarrior, whole processes, at 1, 50, 1,000 and 10,000 pending todos.

Times `--version` (the floor: a process that starts and exits), `add`, `list --json`, `list`
and `done` (quickdo) against `task --version`, `task add`, `task export`, `task list` and
`task done` (Taskwarrior 2.x) in the same run, alternately, on scratch data, and prints
medians, ratios and peak RSS. `--alone` sizes are timed for quickdo only, each with as
many done todos as pending (`--alone 50000`: 100,000 todos, 50,000 pending), a size
Taskwarrior takes minutes to import.
Usage: scripts/bench-cli.py [--runs N] [--sizes 1,50,1000,10000] [--alone 50000] [--quickdo PATH]
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


def run_timed(argv, env):
    """Wall time of one run. The child is started with posix_spawn (vfork-like): Python's
    fork copies the page tables of this process, which holds 10,000 seeded todos, and cost
    2-3 ms per run that belonged to neither tool."""
    program = shutil.which(argv[0], path=env.get("PATH")) if "/" not in argv[0] else argv[0]
    devnull = os.open(os.devnull, os.O_RDWR)
    start = time.perf_counter()
    pid = os.posix_spawn(program, argv, env, file_actions=[
        (os.POSIX_SPAWN_DUP2, devnull, 0), (os.POSIX_SPAWN_DUP2, devnull, 1),
        (os.POSIX_SPAWN_DUP2, devnull, 2)])
    _, status, _ = os.wait4(pid, 0)
    elapsed = time.perf_counter() - start
    os.close(devnull)
    if os.waitstatus_to_exitcode(status) != 0:
        sys.exit(f"bench: {' '.join(argv)} exited {os.waitstatus_to_exitcode(status)}")
    return elapsed


def peak_rss_mib(argv, env):
    """Peak RSS of one run, through GNU time. A child of this process would report this
    process's size instead when that is bigger: the kernel keeps the high-water mark of
    the memory a child had before its exec (Python's, 20+ MB with 10,000 seeded todos)."""
    proc = subprocess.run(["/usr/bin/time", "-f", "%M", *argv], env=env,
                          capture_output=True, stdin=subprocess.DEVNULL)
    if proc.returncode != 0:
        sys.exit(f"bench: {' '.join(argv)} failed ({proc.returncode}): {proc.stderr.decode()[:300]}")
    return int(proc.stderr.decode().strip().splitlines()[-1]) / 1024.0


def interleaved(q_argvs, t_argvs, env):
    """Times quickdo and Taskwarrior alternately, so that a change in the machine's speed
    during the run (this VM's drifts by up to 1.7x within an hour) affects both alike."""
    q, t = [], []
    for q_argv, t_argv in zip(q_argvs, t_argvs):
        q.append(run_timed(q_argv, env))
        if t_argv:  # None: quickdo alone
            t.append(run_timed(t_argv, env))
    return q, t or None


def seed_todos(n, done=0):
    """`n` pending todos, then `done` completed ones."""
    base = datetime(2026, 11, 1, tzinfo=timezone.utc)
    def stamp(i):
        return (base + timedelta(seconds=i)).strftime("%Y-%m-%dT%H:%M:%SZ")
    return [{"id": str(uuid.uuid4()), "title": f"seeded todo {i}", "notes": "",
             "priority": ["low", "normal", "high"][i % 3], "isComplete": i >= n,
             "createdAt": stamp(i), "completedAt": stamp(i + 1) if i >= n else None,
             "due": None, "url": None, "snoozedUntil": None}
            for i in range(n + done)]


def seed_tasks(todos):
    return [{"uuid": t["id"], "description": t["title"], "status": "pending",
             "entry": t["createdAt"].replace("-", "").replace(":", ""),
             "priority": {"low": "L", "normal": "M", "high": "H"}[t["priority"]]} for t in todos]


def machine():
    """The CPU's model name and count, and the kernel: what the table was measured on."""
    model = "unknown CPU"
    with open("/proc/cpuinfo") as f:
        for line in f:
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    return f"{os.cpu_count()} x {model}, Linux {os.uname().release}"


def median_ms(samples):
    return statistics.median(samples) * 1000


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--sizes", default="1,50,1000,10000")
    parser.add_argument("--alone", default="", help="pending counts timed for quickdo only, with as many done")
    parser.add_argument("--quickdo", default=".build/release/quickdo")
    args = parser.parse_args()
    if not shutil.which("task"):
        sys.exit("bench: Taskwarrior ('task') is not installed: apt-get install taskwarrior")
    quickdo = os.path.abspath(args.quickdo)
    rows = []
    sizes = [(int(s), False) for s in args.sizes.split(",") if s] + [(int(s), True) for s in args.alone.split(",") if s]
    for size, alone in sizes:
        scratch = tempfile.mkdtemp(prefix="quickdo-bench-")
        env = dict(os.environ)
        env["QUICKDO_DB"] = os.path.join(scratch, "todos.sqlite")
        taskdata = os.path.join(scratch, "task")
        os.makedirs(taskdata)
        taskrc = os.path.join(scratch, "taskrc")
        with open(taskrc, "w") as f:
            f.write(f"data.location={taskdata}\nconfirmation=off\ngc=on\nverbose=nothing\nhooks=off\n")
        env["TASKRC"] = taskrc
        env["TASKDATA"] = taskdata
        todos = seed_todos(size, done=size if alone else 0)
        seed = os.path.join(scratch, "seed.json")
        with open(seed, "w") as f:
            json.dump(todos, f)
        run([quickdo, "import", seed], env)
        peer = not alone
        if peer:
            with open(seed, "w") as f:
                json.dump(seed_tasks(todos), f)
            run(["task", "rc.confirmation=off", "import", seed], env)
        # Ids to complete: extra todos added for the purpose, so `done` always has work.
        targets_q = []
        for i in range(args.runs + 1):  # one more for the RSS run
            _, out = run([quickdo, "add", f"to finish {i}"], env)
            targets_q.append(out.decode().strip())
            if peer:
                run(["task", "add", f"to finish {i}"], env)
        targets_t = [None] * (args.runs + 1)
        if peer:
            _, out = run(["task", "rc.verbose=nothing", "description.startswith:to", "export"], env)
            targets_t = [t["uuid"] for t in json.loads(out) if t["description"].startswith("to finish")]

        # `--version` is the floor of a command: the process starts and exits, and opens no
        # database. At one pending todo, `list` adds opening the database to it.
        cases = {
            "--version": ([quickdo, "--version"], ["task", "--version"]),
            "add": ([quickdo, "add", "benchmark todo"], ["task", "add", "benchmark todo"]),
            "list --json": ([quickdo, "list", "--json"], ["task", "status:pending", "export"]),
            "list": ([quickdo, "list"], ["task", "list"]),
        }
        for name, (q_argv, t_argv) in cases.items():
            t_argv = t_argv if peer else None
            q, t = interleaved([q_argv] * args.runs, [t_argv] * args.runs, env)
            rows.append((size, name, q, t, peak_rss_mib(q_argv, env), t_argv and peak_rss_mib(t_argv, env)))
        q, t = interleaved([[quickdo, "done", ident] for ident in targets_q[1:]],
                           [ident and ["task", ident, "done"] for ident in targets_t[1 : args.runs + 1]], env)
        rows.append((size, "done", q, t, peak_rss_mib([quickdo, "done", targets_q[0]], env),
                     targets_t[0] and peak_rss_mib(["task", targets_t[0], "done"], env)))
        shutil.rmtree(scratch)

    print(f"quickdo vs Taskwarrior {subprocess.run(['task', '--version'], capture_output=True, text=True).stdout.strip()}, "
          f"median of {args.runs} interleaved runs, whole processes; peak RSS of one run (GNU time)")
    print(f"{datetime.now(timezone.utc):%Y-%m-%d}, {machine()}")
    print(f"| pending | command | quickdo ms | task ms | task / quickdo | quickdo peak RSS MiB | task peak RSS MiB |")
    print(f"| ---: | --- | ---: | ---: | ---: | ---: | ---: |")
    for size, name, q, t, q_rss, t_rss in rows:
        qm = median_ms(q)
        if t is None:
            print(f"| {size:,} (+{size:,} done) | {name} | {qm:.1f} | | | {q_rss:.1f} | |")
            continue
        tm = median_ms(t)
        print(f"| {size:,} | {name} | {qm:.1f} | {tm:.1f} | {tm / qm:.1f}x | {q_rss:.1f} | {t_rss:.1f} |")


if __name__ == "__main__":
    main()
