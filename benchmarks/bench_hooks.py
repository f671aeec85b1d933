"""Process time of a hook per event, as hosts pay it: a new process each time, started the way
`graphmem setup` installs it (`python -S graphmem/hooks/launch.py <Event>`).

    python -m benchmarks.bench_hooks

Capture events run against a session with a real-shaped transcript; recall events against
stores of 10,000 and 100,000 episodes of realistic text (benchmarks/corpus.py), each also printed
as a ratio to `python -S -c pass` measured in the same run. The user config is the one `graphmem
setup --yes` writes. Targets (docs/architecture.md): capture p50 <= 25 ms, recall <= 60 ms and
within 4x `python -S -c pass` (issue 15).

    python -m benchmarks.bench_hooks            # 10k, then the recall hooks at 100k
    python -m benchmarks.bench_hooks 10000      # one size only

With the first size it also splits a hook's time: the interpreter (the floor), the standard
library a hook needs, graphmem's modules, and the work itself, timed in process after imports.

    python -m benchmarks.bench_hooks --against DIR [N...]   # this checkout vs another, in turns

`--against` runs the recall hooks, PostToolUse and an idle Stop of this checkout, of the graphmem
checkout in DIR (a `git worktree add DIR <older commit>`) and `python -S -c pass` in turns, each
checkout with the same user config, and a pattern cache as a user's holds (`used_patterns`).
"""

from __future__ import annotations

import functools
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from benchmarks.bench_core import COMMON_QUERY, rare_word
from benchmarks.corpus import GROUP, Vocabulary, body_chars, install_store
from benchmarks.timing import (
    clock,
    compile_package,
    graphmem_argv,
    median_ms,
    process_ms,
    report,
)
from graphmem import paths
from graphmem.paths import hook_argv
from tests.support.transcripts import assistant, call, result, text, user, write


def baseline() -> float:
    report(
        "process: python -c pass (interpreter floor)", process_ms([sys.executable, "-c", "pass"])
    )
    floor = process_ms([sys.executable, "-S", "-c", "pass"], repeat=31)
    report("process: python -S -c pass (floor, no site)", floor)
    return floor


# What every hook that opens the store imports from the standard library (`_json`: JSON's C
# half, without `json` and its `re`; graphmem/fastjson.py), and the modules of graphmem it loads.
STDLIB_IMPORTS = "import _json, sqlite3"
GRAPHMEM_IMPORTS = "import graphmem.hooks.dispatch, graphmem.hooks.handlers"


def startup(floor: float) -> None:
    """A hook's start-up beyond the interpreter: the standard library, then graphmem's modules."""
    root = str(Path(__file__).resolve().parents[1])
    stdlib = process_ms([sys.executable, "-S", "-c", STDLIB_IMPORTS], repeat=31)
    code = f"import sys; sys.path.append({root!r}); {STDLIB_IMPORTS}; {GRAPHMEM_IMPORTS}"
    modules = process_ms([sys.executable, "-S", "-c", code], repeat=31)
    report("start-up: standard library a hook needs (_json, sqlite3)", stdlib - floor)
    report("start-up: graphmem's modules a capture loads", modules - stdlib)


def main(sizes: list[int]) -> None:
    floor = baseline()
    startup(floor)
    for n in sizes:
        run(n, floor, capture=n == sizes[0])


def user_config() -> None:
    """What `graphmem setup --yes` writes, in $GRAPHMEM_HOME, dated as a user's file is: hooks
    parse a file changed in the last 2 s each time (config.SETTLED_NS, `tomllib`'s ~5 ms), and
    keep it in the parse cache only once it is older."""
    from graphmem import config

    config.update_user_file(
        {
            "backend": "sqlite",
            "reprompt": "substantive",
            "injection_interval": 10,
            "global_group": "global",
        }
    )
    settled = time.time_ns() - 60 * 1_000_000_000
    os.utime(paths.user_config_file(), ns=(settled, settled))


# What a user's compiled-pattern cache holds after weeks of turns: what the tuning split's texts
# needed (~225 patterns). A new $GRAPHMEM_HOME would hold only what the timed hooks compiled, and
# a capture that reads the cache whole would look cheaper than it is for a user.
_USED_PATTERNS = """
from graphmem.redact import redact
from tests.data import redaction_corpus, redaction_kinds
for case in redaction_corpus.SECRETS:
    redact(case.text)
for text in redaction_corpus.LOOKALIKES:
    redact(text)
for _, text, *_ in (*redaction_kinds.SECRETS, *redaction_kinds.LOOKALIKES):
    redact(text)
"""


def used_patterns(checkout: str) -> None:
    """Fill $GRAPHMEM_HOME's pattern cache as a user's is, with the code of `checkout`."""
    subprocess.run([sys.executable, "-c", _USED_PATTERNS], cwd=checkout, env=os.environ, check=True)


def run(n: int, floor: float, capture: bool) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        home = Path(tmp) / "home"
        project = Path(tmp) / "project"
        project.mkdir()
        env = {
            "GRAPHMEM_HOME": str(home),
            "GRAPHMEM_PROJECT_GROUP": GROUP,
            "CLAUDE_CONFIG_DIR": str(Path(tmp) / "claude"),
        }
        os.environ.update(env)
        install_store(n, str(home))
        user_config()
        used_patterns(str(Path(__file__).resolve().parents[1]))
        transcript = Path(tmp) / "t.jsonl"
        vocab, rng = Vocabulary(n), random.Random(n)
        for _ in range(200):  # a long session already captured up to its end
            prompt, answer = vocab.sentence(rng), vocab.text(rng, body_chars(rng))
            write(transcript, user(prompt), assistant(text(answer)), mode="ab")

        def event(name: str, **fields: object) -> bytes:
            payload = {
                "session_id": "bench",
                "cwd": str(project),
                "hook_event_name": name,
                "transcript_path": str(transcript),
                **fields,
            }
            return json.dumps(payload).encode()

        size = f"{n // 1000}k episodes"
        sessions = iter(range(1_000_000))

        def recall_ms(name: str, **fields: object) -> float:
            """A new session each run: only a session's first prompt recalls."""

            def once() -> None:
                payload = json.loads(event(name, **fields))
                payload["session_id"] = f"bench-{next(sessions)}"
                subprocess.run(
                    [*hook_argv(), name],
                    input=json.dumps(payload).encode(),
                    capture_output=True,
                    env={**os.environ, **env},
                    check=False,
                )

            return median_ms(once, 31)

        for label, name, fields in (
            ("SessionStart", "SessionStart", {"source": "startup"}),
            ("first UserPromptSubmit, common words", "UserPromptSubmit", {"prompt": COMMON_QUERY}),
            ("first UserPromptSubmit, a rare word", "UserPromptSubmit", {"prompt": rare_word(n)}),
        ):
            ms = recall_ms(name, **fields)
            report(f"hook {label}, {size}", ms, target="<= 60 ms")
            report("  as a ratio to python -S -c pass", ms / floor, "x", target="<= 4x")
        if not capture:
            return
        cases = [
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
                f"hook {label}, {size}",
                process_ms([*hook_argv(), name], payload, env, repeat=31),
                target=target,
            )
        work_in_process(cases, event, size)

        # Claude Code's Auto Memory with 20 notes, imported once: what each Stop then pays to
        # learn that none changed.
        write_auto_memory(project, Path(env["CLAUDE_CONFIG_DIR"]), 20)
        stop = event("Stop", stop_hook_active=True)
        process_ms([*hook_argv(), "Stop"], stop, env, repeat=1)  # imports them
        report(
            f"hook Stop (nothing new, 20 unchanged Auto Memory notes), {size}",
            process_ms([*hook_argv(), "Stop"], stop, env, repeat=31),
            target="<= 25 ms",
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
            f"hook Stop (captures a new turn), {size}",
            median_ms(stop_with_new_turn, 31),
            target="<= 25 ms",
        )
        report(
            "PostToolUse as `graphmem hook` (console script)",
            process_ms(graphmem_argv("hook", "PostToolUse"), event("PostToolUse"), env),
        )


def write_auto_memory(project: Path, claude_dir: Path, notes: int) -> None:
    """`notes` notes and their index where Claude Code keeps them for `project`."""
    from graphmem.hosts.claude_code import automemory

    folder = Path(automemory.place(str(project), {"CLAUDE_CONFIG_DIR": str(claude_dir)}).folder)
    folder.mkdir(parents=True)
    index = []
    for i in range(notes):
        (folder / f"project_{i}.md").write_text(
            f"---\nname: note {i}\ndescription: fact {i}\ntype: project\n---\n\n"
            f"The service number {i} retries failed webhooks {i} times before paging.\n"
        )
        index.append(f"- [note {i}](project_{i}.md) — fact {i}")
    (folder / automemory.INDEX).write_text("\n".join(index) + "\n")


def work_in_process(
    cases: list[tuple[str, bytes, str]], event: Callable[..., bytes], size: str
) -> None:
    """What a hook does once its imports are done: `dispatch.handle` in this process, which
    reads the config, opens the store, answers and closes it, as the hook process does."""
    from graphmem.hooks.dispatch import handle

    fresh = iter(range(1_000_000))

    def first_prompt() -> None:  # a new session each run: only a session's first prompt recalls
        handle(
            "UserPromptSubmit",
            event("UserPromptSubmit", prompt=COMMON_QUERY, session_id=f"w{next(fresh)}"),
        )

    report(f"work in process: first UserPromptSubmit, {size}", median_ms(first_prompt, 31))
    for label, payload, _ in cases:
        name = label.split()[0]
        ms = median_ms(functools.partial(handle, name, payload), 31)
        report(f"work in process: {label}", ms)


# What a coding agent's turn says: prose about tokens, keys and passwords that are not secrets,
# so redaction's assignment rules are tried (and compiled, in a new process) as in real work.
_TURN = (
    "The token budget is now read once per session, and the password reset flow is untouched. "
    "I moved the cache key into config.py (CACHE_KEY = f'deps-{version}') and the secret "
    "scanner's patterns into redact/. Tests: 214 passed. See docs/recall.md for the API key "
    "rotation notes; the session token is no longer logged. "
) * 4


def _turn(path: Path) -> str:
    write(path, user("Where does the token budget get read?"), assistant(text(_TURN)))
    return str(path)


def compare(n: int, against: str, runs: int = 31) -> None:
    """The hooks of this checkout and of the graphmem checkout at `against` (e.g. a `git
    worktree` of an older commit), and `python -S -c pass`, run in turns, so that the load of a
    shared machine falls on all three alike; each checkout on its own copy of one store."""
    compile_package(os.path.join(against, "graphmem"))  # a fair start for the other checkout too
    with tempfile.TemporaryDirectory() as tmp:
        argvs = {
            "this": hook_argv(),
            "before": [sys.executable, "-S", os.path.join(against, "graphmem/hooks/launch.py")],
        }
        project = Path(tmp) / "project"
        project.mkdir()
        transcript = Path(tmp) / "t.jsonl"
        transcript.touch()
        envs = {}
        for name in argvs:
            home = str(Path(tmp) / name)
            install_store(n, home)
            os.environ["GRAPHMEM_HOME"] = home  # where user_config writes
            user_config()
            used_patterns(against if name == "before" else str(Path(__file__).resolve().parents[1]))
            envs[name] = {**os.environ, "GRAPHMEM_HOME": home, "GRAPHMEM_PROJECT_GROUP": GROUP}
        sessions = iter(range(1_000_000))
        for label, event, fields in (
            ("SessionStart", "SessionStart", {"source": "startup"}),
            ("first UserPromptSubmit, common words", "UserPromptSubmit", {"prompt": COMMON_QUERY}),
            ("first UserPromptSubmit, a rare word", "UserPromptSubmit", {"prompt": rare_word(n)}),
            ("PostToolUse", "PostToolUse", {"tool_name": "Bash"}),
            ("Stop (nothing new)", "Stop", {"transcript_path": str(transcript)}),
            ("Stop, captures a turn", "Stop", {}),
        ):
            samples: dict[str, list[float]] = {"floor": [], "this": [], "before": []}
            for i in range(runs + 2):
                order = ["floor", *argvs] if i % 2 else [*argvs, "floor"][::-1]
                for name in order:
                    session = f"c{next(sessions)}"
                    payload = {"session_id": session, "cwd": str(project)}
                    payload.update({"hook_event_name": event, **fields})
                    if label == "Stop, captures a turn":  # a new session's one turn: all new
                        payload["transcript_path"] = _turn(Path(tmp) / f"{session}.jsonl")
                    argv = [sys.executable, "-S", "-c", "pass"]
                    if name != "floor":
                        argv = [*argvs[name], event]
                    start = clock()
                    subprocess.run(
                        argv,
                        input=json.dumps(payload).encode(),
                        capture_output=True,
                        env=envs.get(name, os.environ),
                        check=False,
                    )
                    if i >= 2:
                        samples[name].append((clock() - start) * 1000)
            floor = statistics.median(samples["floor"])
            for name in argvs:
                ms = statistics.median(samples[name])
                report(f"hook {label}, {n // 1000}k, {name}", ms)
                report("  as a ratio to python -S -c pass (same turns)", ms / floor, "x")


if __name__ == "__main__":
    if sys.argv[1:2] == ["--against"]:  # python -m benchmarks.bench_hooks --against DIR [N...]
        for size in [int(a) for a in sys.argv[3:]] or [10_000]:
            compare(size, sys.argv[2])
    else:
        main([int(a) for a in sys.argv[1:]] or [10_000, 100_000])
