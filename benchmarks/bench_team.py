"""Team memory: what a pull of teammates' memories costs when the server lists 10,000 episodes.

The server is the stand-in of tests/support/fake_mcp.py (in this process, over real HTTP) holding
10,000 episodes another machine kept (~150 bytes each, graphmem's tag on each). Three figures,
each the median of whole `spool drain --force` runs in this process (probe, pull, store):
- first pull of 10,000: pull_limit 10000, every episode new, stored in one transaction;
- again, all known: the same 10,000 listed again, none new (dedupe only);
- default settings: pull_limit 200 against a server that lists all 10,000 whatever it is asked
  (the pull keeps the newest 200).
Printed as milliseconds and as ratios to `python -S -c pass` measured in the same run.

python -m benchmarks.bench_team
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import uuid
from datetime import UTC, datetime, timedelta
from typing import Any

from benchmarks.timing import median_ms, report

EPISODES = 10_000


def _server_episodes(group: str) -> list[dict[str, Any]]:
    start = datetime.now(UTC) - timedelta(days=1)
    return [
        {
            "uuid": str(uuid.uuid4()),
            "name": f"note {i} [gm:{uuid.uuid4().hex[:12]}]",
            "content": f"Service {i} retries its webhooks {i % 9 + 1} times before paging.",
            "created_at": (start + timedelta(seconds=i)).isoformat(),
            "source": "text",
            "source_description": "[gm memory by bob@laptop/0badc0de]",
            "group_id": group,
        }
        for i in range(EPISODES)
    ]


def _drain(home: str, overrides: dict[str, Any]) -> int:
    os.environ["GRAPHMEM_HOME"] = home
    from graphmem.service import Memory

    memory = Memory.open(overrides=overrides)
    try:
        return memory.spool.drain(force=True).pulled.stored
    finally:
        memory.close()


def main() -> None:
    from tests.support.fake_mcp import FakeMcp

    python_s = median_ms(
        lambda: subprocess.run([sys.executable, "-S", "-c", "pass"], check=True), repeat=11
    )
    report("python -S -c pass", python_s)
    with tempfile.TemporaryDirectory() as tmp, FakeMcp(answer="json") as fake:
        os.chdir(tmp)
        base = {"backend": "graphiti", "url": fake.url, "pull_max_bytes": 64 * 1024 * 1024}
        os.environ["GRAPHMEM_HOME"] = os.path.join(tmp, "probe")
        from graphmem.service import Memory

        group = Memory.open(overrides=base).project.group_id
        episodes = _server_episodes(group)
        fake.graph.episodes = episodes
        homes = iter(range(1_000))

        def first() -> None:
            stored = _drain(os.path.join(tmp, f"h{next(homes)}"), {**base, "pull_limit": EPISODES})
            assert stored == EPISODES, stored

        first_ms = median_ms(first, repeat=5, warmup=1)
        report(f"first pull of {EPISODES} (all new)", first_ms)
        known = os.path.join(tmp, "known")
        _drain(known, {**base, "pull_limit": EPISODES})
        again_ms = median_ms(lambda: _drain(known, {**base, "pull_limit": EPISODES}), repeat=5)
        report(f"pull of {EPISODES} again (all known)", again_ms)

        # A server that ignores max_episodes and lists everything.
        original = type(fake).run_tool

        def lists_all(self: Any, name: str, args: dict[str, Any], fault: Any = None) -> Any:
            if name == "get_episodes":
                args = {**args, "max_episodes": EPISODES}
            return original(self, name, args, fault)

        type(fake).run_tool = lists_all  # type: ignore[method-assign]
        try:
            default = os.path.join(tmp, "default")
            default_ms = median_ms(lambda: _drain(default, base), repeat=5)
        finally:
            type(fake).run_tool = original  # type: ignore[method-assign]
        report(f"pull_limit 200, server lists {EPISODES}", default_ms)
        for name, value in (
            ("first pull", first_ms),
            ("again", again_ms),
            ("default", default_ms),
        ):
            report(f"  ratio {name} / python -S", value / python_s, "x")


if __name__ == "__main__":
    main()
