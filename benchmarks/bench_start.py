"""What starting graphmem costs: the lines hosts run per event, and the common commands.

    python -m benchmarks.bench_start

Prints medians (ms) of whole processes, each as a ratio to `python -S -c pass` and to
`python -c pass` measured in the same run, on an empty store in a throwaway GRAPHMEM_HOME/HOME:

- the shell lines `graphmem setup claude-code` writes (a personal file: this install's launcher
  while it exists; the project's shared file: the `graphmem` on PATH), against the bare launcher
  they wrap, and what each costs once graphmem is gone;
- `graphmem search`, `add`, `status` and `--version` (issue 17: under 10x `python -c pass`).

    python -m benchmarks.bench_start --against OTHER_VENV/bin/python

runs the commands under this interpreter and another, in turns (as `python -m graphmem`, with
`python -c pass` of each for the ratios): e.g. Typer 0.28 against 0.29.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from benchmarks.timing import graphmem_argv, process_ms, report
from graphmem.hosts.claude_code import install as claude_code
from graphmem.paths import hook_argv


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        env = {"GRAPHMEM_HOME": str(Path(tmp, "gm")), "HOME": str(Path(tmp, "home"))}
        Path(env["HOME"]).mkdir()
        floor = process_ms([sys.executable, "-S", "-c", "pass"], env=env, repeat=31)
        with_site = process_ms([sys.executable, "-c", "pass"], env=env, repeat=31)
        report("process: python -S -c pass (floor, no site)", floor)
        report("process: python -c pass (with site)", with_site)

        def line(name: str, ms: float) -> None:
            report(name, ms)
            report("  ratio to python -S -c pass", ms / floor, "x")
            report("  ratio to python -c pass", ms / with_site, "x")

        hooks(env, line)
        commands(env, line)


def hooks(env: dict[str, str], line: Callable[[str, float], None]) -> None:
    """A SessionEnd with nothing to capture: the event whose work is least, so start-up shows."""
    payload = json.dumps({"session_id": "s", "cwd": env["HOME"]}).encode()
    bin_dir = os.path.dirname(sys.executable)
    on_path = {**env, "PATH": os.pathsep.join([bin_dir, "/usr/bin", "/bin"])}
    off_path = {**env, "PATH": os.pathsep.join(["/usr/bin", "/bin"])}
    personal = claude_code.command("SessionEnd")
    shared = claude_code.command("SessionEnd", shared=True)
    gone = personal.replace(hook_argv()[2], "/uninstalled/graphmem/hooks/launch.py")
    cases = [
        ("hook: bare launcher, no shell (0.1's command)", [*hook_argv(), "SessionEnd"], env),
        ("hook: personal line (sh, guard, launcher)", _sh(personal), env),
        ("hook: personal line, graphmem uninstalled", _sh(gone), env),
        ("hook: shared line (sh, `graphmem hook` on PATH)", _sh(shared), on_path),
        ("hook: shared line, no graphmem on PATH", _sh(shared), off_path),
    ]
    for name, argv, case_env in cases:
        line(name, process_ms(argv, payload, case_env))


def _sh(command: str) -> list[str]:
    return ["/bin/sh", "-c", command]


def commands(env: dict[str, str], line: Callable[[str, float], None]) -> None:
    for args in (["search", "deploy"], ["add", "a note"], ["status"], ["--version"]):
        ms = process_ms(graphmem_argv(*args), env=env)
        line(f"command: graphmem {' '.join(args)}", ms)


def against(other: str, runs: int = 21) -> None:
    """The common commands under this interpreter and `other` (another environment, e.g. one
    with another Typer), in turns so that the machine's load falls on both alike."""
    import statistics
    import subprocess
    import time

    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "GRAPHMEM_HOME": str(Path(tmp, "gm"))}
        pythons = {"this": sys.executable, "other": other}
        probe = "import typer; print(typer.__version__)"
        for name, python in pythons.items():
            version = subprocess.run([python, "-c", probe], capture_output=True, text=True, env=env)
            print(f"{name}: {python} (typer {version.stdout.strip()})")
        cases = {"python -c pass": ["-c", "pass"]}
        for args in (["search", "deploy"], ["add", "a note"], ["status"], ["--version"]):
            cases[f"graphmem {' '.join(args)}"] = ["-m", "graphmem", *args]
        for label, args in cases.items():
            samples: dict[str, list[float]] = {name: [] for name in pythons}
            for _ in range(runs):
                for name, python in pythons.items():
                    start = time.perf_counter()
                    subprocess.run([python, *args], capture_output=True, env=env, check=False)
                    samples[name].append((time.perf_counter() - start) * 1000)
            medians = {name: statistics.median(ms) for name, ms in samples.items()}
            if label == "python -c pass":
                floors = medians
            ratios = "  ".join(f"{n} {m:7.1f} ms {m / floors[n]:5.2f}x" for n, m in medians.items())
            print(f"{label:<26} {ratios}", flush=True)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--against"]:
        against(sys.argv[2])
    else:
        main()
