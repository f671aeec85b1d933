"""Shared timing helpers: every benchmark prints medians, never asserts on them.

`GRAPHMEM_BENCH_CLOCK=cpu` times CPU (user + system, this process and its children) instead of
wall time: on a machine shared with other work, wall time swings 2-3x with the load while CPU time
barely moves. It leaves out waits (an fsync, a lock), so report wall time on a quiet machine and
CPU time, as ratios to `python -S -c pass` on the same clock, when the machine is busy.
"""

from __future__ import annotations

import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence


def compile_package(package_dir: str | None = None) -> None:
    """Byte-compile graphmem (this one, or the one in `package_dir`) as an installed wheel would
    be. Editable installs with PYTHONDONTWRITEBYTECODE set (as on these machines) otherwise
    recompile every module in every process, which would make start-up look 3-5x slower."""
    import compileall

    if package_dir is None:
        import graphmem

        package_dir = os.path.dirname(graphmem.__file__)
    compileall.compile_dir(package_dir, quiet=1)


compile_package()


CLOCK = os.environ.get("GRAPHMEM_BENCH_CLOCK", "wall")


def _cpu_s() -> float:
    own, children = (
        resource.getrusage(who) for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN)
    )
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


clock = _cpu_s if CLOCK == "cpu" else time.perf_counter  # seconds, on the chosen clock


def median_ms(fn: Callable[[], object], repeat: int = 21, warmup: int = 2) -> float:
    for _ in range(warmup):
        fn()
    samples = []
    for _ in range(repeat):
        start = clock()
        fn()
        samples.append((clock() - start) * 1000)
    return statistics.median(samples)


def process_ms(
    argv: Sequence[str], stdin: bytes = b"", env: dict[str, str] | None = None, repeat: int = 15
) -> float:
    """Median wall time of a whole process, as a host would pay it per event."""
    full_env = {**os.environ, **(env or {})}

    def once() -> None:
        subprocess.run(argv, input=stdin, capture_output=True, env=full_env, check=False)

    return median_ms(once, repeat=repeat)


def graphmem_argv(*args: str) -> list[str]:
    """The installed console script when present (what hosts run), else `python -m graphmem`."""
    script = os.path.join(os.path.dirname(sys.executable), "graphmem")
    return [script, *args] if os.path.exists(script) else [sys.executable, "-m", "graphmem", *args]


def report(name: str, value: float, unit: str = "ms", target: str = "") -> None:
    if unit == "ms" and CLOCK == "cpu":
        unit = "ms cpu"
    suffix = f"   (target {target})" if target else ""
    print(f"{name:<52} {value:10.2f} {unit}{suffix}", flush=True)
