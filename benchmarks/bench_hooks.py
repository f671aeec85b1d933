"""Process time of a hook per event, as hosts pay it: a new process each time, started the way
`graphmem setup` installs it (`python -S graphmem/hooks/launch.py <Event>`).

    python -m benchmarks.bench_hooks

Capture events run against a session with a real-shaped transcript; recall events against a
store of 10,000 episodes. The user config is the one `graphmem setup --yes` writes. Targets
(docs/architecture.md): capture p50 <= 25 ms, recall <= 60 ms.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

from benchmarks.bench_core import fill
from benchmarks.timing import graphmem_argv, median_ms, process_ms, report
from graphmem.paths import hook_argv
from tests.support.transcripts import assistant, call, result, text, user, write


def baseline() -> None:
    report(
        "process: python -c pass (interpreter floor)", process_ms([sys.executable, "-c", "pass"])
    )
    report(
        "process: python -S -c pass (floor, no site)",
        process_ms([sys.executable, "-S", "-c", "pass"]),
    )


def main() -> None:
    baseline()
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        project = Path(tmp) / "project"
        project.mkdir()
        env = {"GRAPHMEM_HOME": str(home)}
        os.environ.update(env)
        from graphmem import config
        from graphmem.service import Memory

        config.update_user_file(  # what `graphmem setup --yes` writes
            {
                "backend": "sqlite",
                "reprompt": "substantive",
                "injection_interval": 10,
                "global_group": "global",
            }
        )
        memory = Memory.open(project)
        fill(memory, 10_000, memory.project.group_id)
        memory.close()

        transcript = Path(tmp) / "t.jsonl"
        for i in range(200):  # a long session already captured up to its end
            write(transcript, user(f"prompt {i}"), assistant(text("answer " * 50)), mode="ab")

        def event(name: str, **fields: object) -> bytes:
            payload = {
                "session_id": "bench",
                "cwd": str(project),
                "hook_event_name": name,
                "transcript_path": str(transcript),
                **fields,
            }
            return json.dumps(payload).encode()

        cases = [
            ("SessionStart", event("SessionStart", source="startup"), "<= 60 ms"),
            (
                "UserPromptSubmit (first: recall)",
                event("UserPromptSubmit", prompt="tenant billing"),
                "<= 60 ms",
            ),
            (
                "UserPromptSubmit (no injection due)",
                event("UserPromptSubmit", prompt="more"),
                "<= 60 ms",
            ),
            ("PostToolUse", event("PostToolUse", tool_name="Bash"), "<= 25 ms"),
            ("Stop (nothing new)", event("Stop", stop_hook_active=True), "<= 25 ms"),
            ("PreCompact", event("PreCompact", trigger="auto"), "<= 25 ms"),
            ("SessionEnd", event("SessionEnd", reason="other"), "<= 25 ms"),
        ]
        for label, payload, target in cases:
            name = label.split()[0]
            report(
                f"hook {label}, 10k episodes",
                process_ms([*hook_argv(), name], payload, env, repeat=31),
                target=target,
            )

        # Stop with a fresh turn to capture each time: append one before every run.
        def stop_with_new_turn() -> None:
            write(
                transcript,
                user("Add retries"),
                assistant(text("Done."), call("t", "Edit", file_path="src/a.py")),
                result("t", "ok"),
                mode="ab",
            )
            subprocess.run(
                [*hook_argv(), "Stop"],
                input=event("Stop", stop_hook_active=True),
                capture_output=True,
                env={**os.environ, **env},
                check=False,
            )

        report(
            "hook Stop (captures a new turn), 10k episodes",
            median_ms(stop_with_new_turn, 31),
            target="<= 25 ms",
        )
        report(
            "PostToolUse as `graphmem hook` (console script)",
            process_ms(graphmem_argv("hook", "PostToolUse"), event("PostToolUse"), env),
        )


if __name__ == "__main__":
    main()
