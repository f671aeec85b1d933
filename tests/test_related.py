"""Related words (graphmem/store/related.py, made by the semantic extra off the hook path): a
prompt's recall finds a memory told in other words than the prompt's, without a hook loading a
model; `graphmem index` and session ends make them, each word once."""

from __future__ import annotations

import json
import sqlite3
import time
from pathlib import Path

import pytest

from graphmem import detach, paths, semantic
from graphmem.store import db, related

if not semantic.available():  # under CI (which installs the extra) a skip fails the run
    pytest.skip("needs the semantic extra: pip install -e '.[semantic]'", allow_module_level=True)

from tests.conftest import Cli
from tests.support.transcripts import assistant, text
from tests.test_hooks import Session, run_hook

TARGET = "Maya finally started guitar lessons, every Tuesday after work."
PROMPT = "Any music news?"  # not one word in common with any turn
FILLER = [
    f"Maya says the {thing} in the {place} needs another look before {day}."
    for thing in ("boiler", "gutter", "fence", "roof", "window", "drain")
    for place in ("garden", "attic", "garage", "cellar", "porch")
    for day in ("Friday",)
]


def capture(project: Path, prompts: list[str]) -> None:
    session = Session(project, "capture")
    for prompt in prompts:
        session.turn(prompt, assistant(text("Noted.")))
        session.send("Stop", stop_hook_active=False)


def words_of(word: str) -> list[str]:
    conn = db.connect(paths.store_file())
    try:
        return related.near(conn, [word], 8)
    finally:
        conn.close()


def related_words_of_store() -> list[str]:
    conn = sqlite3.connect(paths.store_file())
    try:
        return [w for (w,) in conn.execute("SELECT word FROM related_done")]
    finally:
        conn.close()


def test_a_prompt_finds_a_turn_told_in_other_words_once_its_words_are_related(
    project: Path, cli: Cli
) -> None:
    capture(project, [TARGET, *FILLER])  # the target is older than the newest turns shown
    before = Session(project, "before").context("UserPromptSubmit", prompt=PROMPT)
    assert "drain" in before and "guitar" not in before  # the newest turns, not the target
    assert cli.json("index")["related_words"] > 0
    assert "guitar" in words_of("music")
    after = Session(project, "after").context("UserPromptSubmit", prompt=PROMPT)
    assert "guitar lessons" in after


def test_a_small_block_is_left_to_the_prompts_own_words(
    project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 2,000 chars related words' matches pushed better ones out (docs/benchmarks.md)."""
    capture(project, [TARGET, *FILLER])
    cli.json("index")
    monkeypatch.setenv("GRAPHMEM_CONTEXT_WINDOW", "10000")  # a 2,000-char block
    block = Session(project, "small").context("UserPromptSubmit", prompt=PROMPT)
    assert block and "guitar" not in block


def test_each_word_is_related_once_and_new_episodes_only_add_theirs(
    project: Path, cli: Cli
) -> None:
    cli.json("add", TARGET)
    first = cli.json("index")["related_words"]
    assert first >= 5 and cli.json("index") == {"embedded": 0, "related_words": 0}
    cli.json("add", "Maya plays the guitar at the pub quiz now.")  # new: plays, pub, quiz
    assert cli.json("index")["related_words"] == 3
    done = related_words_of_store()
    assert len(done) == len(set(done)) == first + 3


def test_without_the_extra_index_says_what_to_do(
    project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_SEMANTIC", "false")
    done = cli("index")
    assert done.exit_code != 0 and "pip install 'graphmem[semantic]'" in done.output


@pytest.mark.parametrize(
    ("turns", "semantic_on", "started"), [(25, True, True), (5, True, False), (25, False, False)]
)
def test_a_session_end_starts_indexing_detached_when_enough_words_wait(
    project: Path,
    monkeypatch: pytest.MonkeyPatch,
    turns: int,
    semantic_on: bool,
    started: bool,
) -> None:
    runs: list[list[str]] = []
    monkeypatch.setattr(detach, "start", lambda args, cwd, env: runs.append(args))
    if not semantic_on:
        monkeypatch.setenv("GRAPHMEM_SEMANTIC", "false")
    capture(project, FILLER[:turns])
    Session(project, "capture").send("SessionEnd", reason="exit")
    assert (["index", "--background"] in runs) is started


def test_clearing_a_project_leaves_no_word_of_it_and_the_rest_is_related_again(
    project: Path, cli: Cli
) -> None:
    cli.json("add", "--scope", "global", "The user tunes a ukulele before every standup.")
    cli.json("add", TARGET)
    cli.json("index")
    assert "guitar" in words_of("music")
    assert cli("clear", "--yes").exit_code == 0  # this project's memory: the guitar lessons
    assert words_of("music") == [] and related_words_of_store() == []
    cli.json("index")
    assert "guitar" not in related_words_of_store() and "ukulele" in related_words_of_store()


def test_a_session_end_hook_starts_the_index_that_relates_its_words(project: Path) -> None:
    """As hosts run it (no `site`): the hook only starts `graphmem index`, which loads the model
    in its own process and relates the session's words."""
    capture(project, FILLER[:25])
    payload = {"session_id": "capture", "cwd": str(project), "reason": "exit"}
    done = run_hook("SessionEnd", json.dumps(payload).encode(), project)
    assert done.code == 0 and done.stderr == ""
    deadline = time.monotonic() + 60
    while "boiler" not in related_words_of_store() and time.monotonic() < deadline:
        time.sleep(0.2)
    assert "boiler" in related_words_of_store()


def test_status_says_how_far_related_words_are_made(project: Path, cli: Cli) -> None:
    cli.json("add", TARGET)
    assert cli.json("status")["semantic"] == {"on": True, "related_words": 0, "episodes_waiting": 1}
    assert "1 episode waiting for `graphmem index`" in cli("status").output
    related_now = cli.json("index")["related_words"]
    assert cli.json("status")["semantic"]["related_words"] == related_now > 0
    assert "waiting" not in cli("status").output
