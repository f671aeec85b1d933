"""What one curation costs: model calls and tokens per session on the stub, and wall time.

The example session of docs/curation.md (a decision, a correction of a kept memory) is run in the
real Claude Code offline against the scripted model stub; then `graphmem curate --dry-run` runs
with Claude Code as the curator (`claude -p`, as a session end starts it) and with a scripted
curator (a Python script printing the answer: graphmem's own share of the time).

python -m benchmarks.bench_curate          # prints medians; needs the host CLIs (.cache/hosts)
python -m benchmarks.bench_curate hook     # only what curation adds to the SessionEnd hook
"""

from __future__ import annotations

import json
import os
import shlex
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from benchmarks.timing import median_ms, process_ms, report
from tests.hosts.test_curation import ANSWER, CORRECTION, CURATING, DECISION, curates
from tests.support.hosts import CLAUDE_ENV, host_env, run_claude
from tests.support.model_stubs import model_stub

REPEAT = 5
CURATOR = Path(__file__).resolve().parents[1] / "tests" / "support" / "curator.py"


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp, model_stub(curates) as stub:
        root = Path(tmp)
        home, project = root / "home", root / "project"
        home.mkdir()
        project.mkdir()
        os.environ["GRAPHMEM_HOME"] = str(root / "graphmem-home")
        env = host_env(home, project, {**CLAUDE_ENV, "CLAUDE_CONFIG_DIR": str(home / ".claude")})
        env["ANTHROPIC_BASE_URL"] = stub.url

        def graphmem(*args: str, extra: dict[str, str] | None = None) -> str:
            done = subprocess.run(
                [sys.executable, "-m", "graphmem", *args],
                cwd=project,
                env={**env, **(extra or {})},
                capture_output=True,
                text=True,
                timeout=300,
            )
            if done.returncode:
                raise SystemExit(f"graphmem {' '.join(args)}: {done.stderr}")
            return done.stdout

        graphmem("setup", "claude-code", "--project")
        graphmem("add", "Indent Python files with 4 spaces in this project.")
        first = run_claude(DECISION, project, home, stub.url).check()
        run_claude(CORRECTION, project, home, stub.url, resume=first.session_id).check()
        session_calls = len(stub.requests)

        before = len(stub.requests)
        started = time.perf_counter()
        ops = json.loads(graphmem("curate", "--dry-run", "--json"))["operations"]
        one_ms = (time.perf_counter() - started) * 1000
        asked = stub.requests[before:]
        curating = [r for r in asked if CURATING in r.user_text]
        tokens_in = sum(len(r.seen_text) // 4 for r in curating)
        tokens_out = len(ANSWER) // 4

        claude_ms = median_ms(lambda: graphmem("curate", "--dry-run"), repeat=REPEAT, warmup=0)
        answer = root / "answer.json"
        answer.write_text(ANSWER)
        scripted = shlex.join([sys.executable, str(CURATOR), str(answer)])
        scripted_ms = median_ms(
            lambda: graphmem("curate", "--dry-run", extra={"GRAPHMEM_CURATE_COMMAND": scripted}),
            repeat=REPEAT,
            warmup=1,
        )
        baseline = process_ms([sys.executable, "-S", "-c", "pass"])

    print(f"the example session: {session_calls} model calls in 2 Claude Code runs")
    print(
        f"one curation ({len(ops)} operations): {len(asked)} model calls, {len(curating)} of them"
    )
    print(f"  the curation prompt; ~{tokens_in} tokens in, ~{tokens_out} tokens out (chars / 4)")
    report("curate, Claude Code as curator (first run)", one_ms)
    report("curate --dry-run, Claude Code as curator", claude_ms)
    report("curate --dry-run, scripted curator", scripted_ms)
    report("python -S -c pass", baseline)
    print(f"ratios to python -S -c pass: claude {claude_ms / baseline:.0f}x, ", end="")
    print(f"scripted {scripted_ms / baseline:.0f}x")


def session_end() -> None:
    """The SessionEnd hook with curation off, and on but capped (it counts what waits and the
    day's runs, and starts nothing): what deciding costs the hook."""
    from graphmem.paths import hook_argv
    from graphmem.service import Memory

    with tempfile.TemporaryDirectory() as tmp:
        root = Path(tmp)
        os.environ["GRAPHMEM_HOME"] = str(root / "graphmem-home")
        project = root / "project"
        project.mkdir()
        memory = Memory.open(project)
        turn = "User: we paginate with cursors\nAssistant: done, the endpoint takes one\n" * 5
        memory.remember(turn, kind="turn", origin="hook:claude-code", session_id="s1")
        memory.close()
        (root / "t.jsonl").write_text("")
        event = {"session_id": "s1", "cwd": str(project), "hook_event_name": "SessionEnd"}
        payload = json.dumps({**event, "transcript_path": str(root / "t.jsonl")}).encode()
        argv = [*hook_argv(), "SessionEnd"]
        baseline = process_ms([sys.executable, "-S", "-c", "pass"])
        off = process_ms(argv, payload, {"GRAPHMEM_CURATE": "off"})
        capped = {"GRAPHMEM_CURATE": "on", "GRAPHMEM_CURATE_DAILY_MAX": "0"}
        on = process_ms(argv, payload, capped)
    report("hook SessionEnd, curate off", off)
    report("hook SessionEnd, curate on, capped (decides only)", on)
    report("python -S -c pass", baseline)
    print(f"ratios to python -S -c pass: off {off / baseline:.2f}x, on {on / baseline:.2f}x")


if __name__ == "__main__":
    if sys.argv[1:] == ["hook"]:
        session_end()
    else:
        session_end()
        main()
