"""Recall ranking: what the model is shown for a prompt, from a real store, through the real
UserPromptSubmit path (the hook handler, as `graphmem hook` runs it)."""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from graphmem.hooks.dispatch import handle
from graphmem.service import Memory
from graphmem.store import episodes as ep
from graphmem.store.episodes import Episode

FILLER = "We went over the build output and the logs once more and nothing stood out there. "


def stamp(days_ago: float) -> str:
    return (datetime.now(UTC) - timedelta(days=days_ago)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def store(project: Path, *episodes: Episode) -> None:
    memory = Memory.open(project)
    with memory.transaction():
        memory.write(episodes, {})
    memory.close()


def turn(project: Path, body: str, days_ago: float = 1, session: str = "s1", **kw: str) -> Episode:
    group = Memory.open(project).project.group_id
    return Episode(
        group_id=group,
        name=kw.pop("name", body[:40]),
        body=body,
        kind=kw.pop("kind", "turn"),
        session_id=session,
        created_at=stamp(days_ago),
        **kw,
    )


_questions = iter(range(10_000))


def ask(project: Path, prompt: str, window: int = 200_000) -> str:
    """The block the model is shown for `prompt`, the first of a new session."""
    payload = {
        "session_id": f"q{next(_questions)}",
        "cwd": str(project),
        "hook_event_name": "UserPromptSubmit",
        "prompt": prompt,
    }
    out = handle("UserPromptSubmit", json.dumps(payload).encode())
    return str(json.loads(out)["hookSpecificOutput"]["additionalContext"]) if out else ""


@pytest.fixture
def window(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("GRAPHMEM_CONTEXT_WINDOW", "10000")  # a 2,000-char block


def test_a_long_turn_shows_the_part_that_answers(project: Path) -> None:
    fact = "The API listens on port 8431 in development."
    store(project, turn(project, "User: tidy up\nAssistant: " + FILLER * 12 + fact + FILLER * 12))
    block = ask(project, "Which port does the API use in development?")
    assert fact in block


def words_of(found: ep.Terms) -> tuple[Sequence[str], Sequence[str]]:
    return found.rare, found.common


def test_words_in_many_episodes_rank_but_do_not_find(project: Path) -> None:
    episodes = [turn(project, f"Deploy step {i} ran the deploy script again.") for i in range(40)]
    episodes.append(turn(project, "The canary went first.", name="canary plain"))
    episodes.append(turn(project, "Deploy the canary to one node first.", name="canary deploy"))
    store(project, *episodes)
    memory = Memory.open(project)
    found = ep.terms(memory.conn, "canary deploy")
    assert words_of(found) == (["canary"], ["deploy"])
    # Only the two episodes with the rare word are candidates, the one with both words first.
    assert [h.episode.name for h in memory.search("canary deploy")] == [
        "canary deploy",
        "canary plain",
    ]


def test_a_prompt_of_common_words_still_finds_recent_memory(project: Path) -> None:
    store(project, *[turn(project, f"Deploy step {i} ran the deploy script.") for i in range(40)])
    memory = Memory.open(project)
    assert ep.terms(memory.conn, "deploy script").rare == []
    assert len(memory.search("deploy script", limit=5)) == 5


def test_words_next_to_each_other_in_the_prompt_rank_as_a_phrase(project: Path) -> None:
    store(
        project,
        turn(project, "The session ended, then the cache went cold.", name="scattered"),
        turn(
            project,
            "We keep the session cache in Redis from now on, replacing the old in-process dict "
            "that every worker had its own copy of.",
            name="phrase",
        ),
        *[turn(project, f"Unrelated note {i} about the build.") for i in range(30)],
    )
    hits = Memory.open(project).search("Which backend holds the session cache?")
    assert [h.episode.name for h in hits] == ["phrase", "scattered"]


def test_the_turn_after_the_best_match_comes_with_it(project: Path, window: None) -> None:
    """The question names the problem; the answer is in the next turn of that session."""
    lead = "User: The nightly export to the reporting bucket timed out again."
    fix = "User: go on\nAssistant: It paged with keyset pagination now and finishes in minutes."
    store(
        project,
        turn(project, lead, days_ago=3, session="a"),
        turn(project, "User: unrelated\nAssistant: other session", days_ago=2.9, session="b"),
        turn(project, fix, days_ago=2.8, session="a"),
        turn(project, "User: later\nAssistant: the same session, later", days_ago=2, session="a"),
        *[turn(project, FILLER + str(i), days_ago=1, session="c") for i in range(30)],
    )
    block = ask(project, "Why did the nightly export time out?")
    assert "keyset pagination" in block
