"""What starting graphmem costs: the lines hosts run per event, and the common commands.

    python -m benchmarks.bench_start
    python -m benchmarks.bench_start --against OTHER_VENV/bin/python

Whole processes on an empty store in a throwaway GRAPHMEM_HOME, run in turns (each round runs
every case once) so that the machine's load falls on all alike; medians, each as a ratio to
`python -S -c pass` and `python -c pass` of the same rounds:

- the shell lines `graphmem setup claude-code` writes, for a SessionEnd with nothing to capture
  (the least work, so start-up shows): a personal file's (this install's launcher while it
  exists) against 0.1's line (the launcher alone), a project's shared file's (the `graphmem`
  on PATH), and what each costs once graphmem is gone;
- `graphmem search`, `add`, `status` and `--version` (issue 17: under 10x `python -c pass`).

With `--against`, the commands run under this interpreter and another in turns (as `python -m
graphmem`, each with its own `python -c pass`): e.g. Typer 0.28 against 0.29.
"""

from __future__ import annotations

import json
import os
import shlex
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Mapping, Sequence
from pathlib import Path

from benchmarks.timing import graphmem_argv
from graphmem.hosts.claude_code import install as claude_code
from graphmem.paths import hook_argv

Case = tuple[Sequence[str], Mapping[str, str]]  # argv, environment
COMMANDS = (["search", "deploy"], ["add", "a note"], ["status"], ["--version"])


def in_turns(cases: dict[str, Case], stdin: bytes = b"", runs: int = 21) -> dict[str, float]:
    """Median ms of each case's process, the cases run in turns `runs` times (2 warm-ups)."""
    samples: dict[str, list[float]] = {name: [] for name in cases}
    for _ in range(runs + 2):
        for name, (argv, env) in cases.items():
            start = time.perf_counter()
            subprocess.run(argv, input=stdin, capture_output=True, env=dict(env), check=False)
            samples[name].append((time.perf_counter() - start) * 1000)
    return {name: statistics.median(ms[2:]) for name, ms in samples.items()}


def show(medians: dict[str, float]) -> None:
    floor, with_site = medians["python -S -c pass"], medians["python -c pass"]
    for name, ms in medians.items():
        print(f"{name:<52} {ms:8.1f} ms {ms / floor:6.2f}x -S {ms / with_site:6.2f}x site")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GRAPHMEM_HOME": str(Path(tmp, "gm"))}
        on_path = {**env, "PATH": os.pathsep.join([os.path.dirname(sys.executable), "/usr/bin"])}
        off_path = {**env, "PATH": "/usr/bin:/bin"}
        bare = shlex.join([*hook_argv(), "SessionEnd"])  # Claude Code runs a hook through sh
        personal = claude_code.command("SessionEnd")
        shared = claude_code.command("SessionEnd", shared=True)
        gone = personal.replace(hook_argv()[2], "/uninstalled/graphmem/hooks/launch.py")
        floors: dict[str, Case] = {
            "python -S -c pass": ([sys.executable, "-S", "-c", "pass"], env),
            "python -c pass": ([sys.executable, "-c", "pass"], env),
        }
        hooks: dict[str, Case] = {
            **floors,
            "hook: 0.1's line (sh, launcher, no guard)": (["/bin/sh", "-c", bare], env),
            "hook: personal line (sh, guard, launcher)": (["/bin/sh", "-c", personal], env),
            "hook: personal line, graphmem uninstalled": (["/bin/sh", "-c", gone], env),
            "hook: shared line (sh, `graphmem hook` on PATH)": (["/bin/sh", "-c", shared], on_path),
            "hook: shared line, no graphmem on PATH": (["/bin/sh", "-c", shared], off_path),
        }
        payload = json.dumps({"session_id": "s", "cwd": tmp}).encode()
        show(in_turns(hooks, payload))
        commands: dict[str, Case] = dict(floors)
        for args in COMMANDS:
            commands[f"command: graphmem {' '.join(args)}"] = (graphmem_argv(*args), env)
        show(in_turns(commands))


def against(other: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GRAPHMEM_HOME": str(Path(tmp, "gm"))}
        pythons = {"this": sys.executable, "other": other}
        probe = "import typer; print(typer.__version__)"
        cases: dict[str, Case] = {}
        for name, python in pythons.items():
            version = subprocess.run([python, "-c", probe], capture_output=True, text=True, env=env)
            print(f"{name}: {python} (typer {version.stdout.strip()})")
            cases[f"{name}: python -c pass"] = ([python, "-c", "pass"], env)
            for args in COMMANDS:
                argv = [python, "-m", "graphmem", *args]
                cases[f"{name}: graphmem {' '.join(args)}"] = (argv, env)
        medians = in_turns(cases)
        for label, ms in medians.items():
            floor = medians[f"{label.split(':')[0]}: python -c pass"]
            print(f"{label:<34} {ms:8.1f} ms {ms / floor:6.2f}x its python -c pass", flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--against"]:
        against(sys.argv[2])
    else:
        main()
