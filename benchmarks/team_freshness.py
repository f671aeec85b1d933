"""How fresh team memory is: from machine A's `graphmem add` to machine B's recall showing it.

On the real stack (graphiti-core + FalkorDB + the offline LLM stub of tests/support, whose
extraction costs graphiti-core's and FalkorDB's work, never a model's latency): A adds and runs
`spool drain` (as the detached drain `add` starts does); B runs `spool drain` every `--every`
seconds (cron, or the drain its hooks start at most once a minute) and asks its recall after each.
Prints, per trial: A's add to the episode's arrival on the server (get_episodes shows it), and A's
add to B's recall showing it. The delay a team sees is the first plus up to one sync interval.

python -m benchmarks.team_freshness [--trials 5] [--every 2]
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import uuid
from pathlib import Path

from benchmarks.timing import report


def _use(root: Path, name: str) -> Path:
    clone = root / name / "shop-api"
    (clone / ".git").mkdir(parents=True, exist_ok=True)
    (clone / ".git" / "config").write_text('[remote "origin"]\n\turl = git@ex.com:acme/shop.git\n')
    os.environ["GRAPHMEM_HOME"] = str(root / name / "home")
    os.chdir(clone)
    return clone


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--trials", type=int, default=5)
    parser.add_argument("--every", type=float, default=2.0, help="B's sync interval, seconds")
    args = parser.parse_args()
    from graphmem import sync
    from graphmem.service import Memory
    from tests.support.graphiti_stack import RawMcpClient, start_stack

    sync._spawn_drain = lambda cwd, placeholder: None  # this script drains, on its clock
    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        _use(root, "a")
        group = Memory.open().project.group_id
        os.environ.update({"GRAPHMEM_BACKEND": "graphiti", "GRAPHMEM_TIMEOUT": "30"})
        stack = start_stack(root / "stack", group_id=group)
        os.environ["GRAPHMEM_URL"] = stack.url
        raw = RawMcpClient(stack.url)
        arrived, recalled = [], []
        try:
            for trial in range(args.trials):
                text = f"Service {uuid.uuid4().hex[:8]} pages on-call after seven retries."
                _use(root, "a")
                start = time.monotonic()
                memory = Memory.open()
                memory.remember(text)
                memory.spool.drain(force=True)
                memory.close()
                on_server = None
                _use(root, "b")
                while True:
                    shown = raw.call("get_episodes", group_ids=[group], max_episodes=20)
                    if on_server is None and any(e["content"] == text for e in shown["episodes"]):
                        on_server = time.monotonic() - start
                    memory = Memory.open()
                    memory.spool.drain(force=True)
                    found = memory.search(text.split()[1], scope="project", limit=3)
                    memory.close()
                    if any(h.episode.body == text for h in found):
                        break
                    time.sleep(args.every)
                arrived.append(on_server or time.monotonic() - start)
                recalled.append(time.monotonic() - start)
                print(f"trial {trial}: on server {arrived[-1]:.1f} s, in B {recalled[-1]:.1f} s")
        finally:
            stack.stop()
        report("add on A -> on the server (median)", statistics.median(arrived), "s")
        report(
            f"add on A -> B recalls it, B syncing every {args.every:g} s",
            statistics.median(recalled),
            "s",
        )


if __name__ == "__main__":
    main()
