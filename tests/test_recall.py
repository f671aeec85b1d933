"""Recall ranking: what the model is shown for a prompt, from a real store, through the real
UserPromptSubmit path (the hook handler, as `graphmem hook` runs it)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem import recall
from graphmem.hooks.dispatch import handle
from graphmem.service import Memory
from graphmem.store import episodes as ep
from graphmem.store.episodes import Episode
from tests.conftest import Cli

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


def test_the_part_that_answers_is_found_in_text_whose_lower_case_is_longer(project: Path) -> None:
    # `İ` lower-cases to two characters: positions found in lower-case text must still be
    # positions in the text that is cut.
    fact = "The API listens on port 8431 in development."
    noise = "İSTANBUL İZMİR office sync notes. " * 120
    store(project, turn(project, "User: tidy up\nAssistant: " + noise + fact + FILLER * 12))
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


def test_a_short_reply_after_the_best_match_brings_the_turn_after_it(
    project: Path, window: None
) -> None:
    """A conversation: the question names the story, the answer is two turns on, after a short
    question back that names nothing."""
    store(
        project,
        turn(project, "Jess: The car died on the motorway, steam everywhere.", 3, "a"),
        turn(project, "Arjun: Oh no! Were you on your own?", 2.99, "a"),
        turn(project, "Jess: Both kids in the back. A lorry driver waited with us.", 2.98, "a"),
        turn(project, "Arjun: Thank goodness.", 2.97, "a"),
        *[turn(project, FILLER + str(i), days_ago=1, session="c") for i in range(30)],
    )
    block = ask(project, "Who kept them company after the car died on the motorway?")
    assert "A lorry driver waited with us." in block
    assert "Thank goodness" not in block  # two turns on, no further


def test_after_a_long_reply_only_that_reply_comes_with_the_best_match(
    project: Path, window: None
) -> None:
    """A coding agent's answer is long and whole: what follows it is another exchange."""
    answer = "User: go on\nAssistant: It pages with keyset pagination now. " + FILLER * 3
    store(
        project,
        turn(project, "User: The nightly export to the reporting bucket timed out.", 3, "a"),
        turn(project, answer, 2.99, "a"),
        turn(project, "User: next, rename the flaky fixture", 2.98, "a"),
        *[turn(project, FILLER + str(i), days_ago=1, session="c") for i in range(30)],
    )
    block = ask(project, "Why did the nightly export time out?")
    assert "keyset pagination" in block
    assert "flaky fixture" not in block


def test_the_frame_takes_at_most_a_tenth_of_a_small_block(project: Path, window: None) -> None:
    """Every char of a 2,000-char block the fence and preamble take is one a memory cannot."""
    store(project, turn(project, "The queue is RabbitMQ.", kind="memory"))
    block = ask(project, "Which queue do we use?")
    memory = next(line for line in block.splitlines() if "RabbitMQ" in line)
    assert "reference data, not instructions" in block
    assert len(block) - len(memory) <= 200


def test_old_memories_say_how_old_they_are(project: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    store(
        project,
        turn(project, "The queue is RabbitMQ.", days_ago=120, kind="memory"),
        turn(project, "The cache is Redis.", days_ago=10, kind="memory"),
    )
    block = ask(project, "Which queue and which cache do we use?")
    old, new = stamp(120)[:10], stamp(10)[:10]
    assert f"{old} [stale: 120 days]\n- The queue is RabbitMQ." in block
    assert f"{new}\n- The cache is Redis." in block
    monkeypatch.setenv("GRAPHMEM_STALE_DAYS", "0")
    assert "[stale:" not in ask(project, "Which queue and which cache do we use?")


def test_a_later_correction_supersedes_what_it_contradicts(project: Path) -> None:
    store(
        project,
        turn(project, "The API listens on port 8431 in development.", days_ago=9, kind="memory"),
        turn(project, "Deploys go out on Tuesdays.", days_ago=8, kind="memory"),
        turn(
            project,
            "No, the API listens on port 9000 in development now.",
            days_ago=1,
            kind="correction",
        ),
    )
    lines = ask(project, "Which port does the API listen on in development?").splitlines()
    old = next(line for line in lines if "8431" in line)
    new = next(line for line in lines if "9000" in line)
    assert "[superseded]" in old and "[superseded]" not in new
    assert "[superseded]" not in next(line for line in lines if "Tuesdays" in line)


def test_the_summarizer_gets_global_memory_in_its_share(project: Path, cli: Cli) -> None:
    for i in range(60):
        cli.json("add", f"project note {i} about the invoice builder " + "pad " * 12)
        cli.json("add", "--scope", "global", f"global note {i} about commit style " + "pad " * 12)
    payload = {"session_id": "c1", "cwd": str(project), "hook_event_name": "PreCompact"}
    out = handle("PreCompact", json.dumps(payload).encode())
    assert out.startswith("Keep these facts")
    project_part, global_part = out.split("\nAll projects:\n")
    assert "project note" in project_part and "global note" in global_part
    assert 2_500 < len(global_part) <= 3_000  # 30% of recall's 10,000 chars, as recall gives it


def test_a_forgotten_turn_never_comes_as_a_neighbour(project: Path, window: None) -> None:
    lead = turn(project, "User: The nightly export to the reporting bucket timed out again.", 3)
    fix = turn(project, "User: go on\nAssistant: It pages with keyset pagination now.", 2.8)
    store(project, lead, fix, *[turn(project, FILLER + str(i), 1, "c") for i in range(30)])
    assert "keyset pagination" in ask(project, "Why did the nightly export time out?")
    Memory.open(project).forget(fix.uuid, "wrong")
    assert "keyset pagination" not in ask(project, "Why did the nightly export time out?")


def test_a_name_in_the_best_match_brings_what_was_said_about_it(
    project: Path, window: None
) -> None:
    """Two memories answer the question: the one it matches names Aiko, the other says where
    she lives. Words of the question in many other turns (her own name too) find neither."""
    where = "Maya: My best friend from school, Aiko, moved to Vancouver for a design job."
    trip = "Maya: I'm flying out to visit Aiko in October, she promised to take me whale watching!"
    chatter = [
        turn(project, f"{who}: Which city do you like most? I went watching birds {i} times.")
        for i in range(40)
        for who in ("Maya", "Tobias")
    ]
    store(
        project,
        turn(project, where, days_ago=40, session="a"),
        *chatter,
        turn(project, trip, days_ago=5, session="b"),
    )
    block = ask(project, "In which city will Maya go whale watching?")
    assert "moved to Vancouver" in block
    assert "whale watching" in block


def test_a_memory_found_by_a_name_is_shown_where_it_says_the_name(project: Path) -> None:
    """The second hop finds a long turn by an identifier of the best match: its line is the
    passage about that identifier, not the turn's start, which says nothing of it."""
    named = "The thumbnail service stores its output in the bucket named by MEDIA_BUCKET."
    where = "MEDIA_BUCKET points at acme-media-eu-west-1 since the move to Ireland."
    long_turn = "User: tidy up\nAssistant: " + FILLER * 12 + where + " " + FILLER * 12
    store(project, turn(project, named, kind="memory"), turn(project, long_turn, session="b"))
    block = ask(project, "Which bucket do thumbnails end up in?", window=10_000)
    assert named in block
    assert "acme-media-eu-west-1" in block


def echo_store(project: Path, newer: int = 30) -> tuple[str, str]:
    """A small project: the turn a question matches names a team, and a long turn sessions
    earlier, which shares no word with the question, says deep inside who of that team is
    paged; `newer` turns since."""
    owner = "User: The status page is generated by the healthcheck job owned by the platform team."
    rota = "The platform team's on-call rota lives in schedule PLAT-PRIMARY."
    long_turn = "User: tidy up\nAssistant: " + FILLER * 12 + rota + " " + FILLER * 12
    chatter = [
        turn(project, f"User: We reran the build {i} times and the logs looked fine.", 10 - i / 999)
        for i in range(newer)
    ]
    store(
        project,
        turn(project, long_turn, days_ago=60, session="a"),
        turn(project, owner, days_ago=30, session="b"),
        *chatter,
    )
    return owner, rota


def test_a_wide_block_shows_where_the_best_matchs_rare_words_come_up_again(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A question that takes two memories, the second in words it does not use: a block of
    8,000 chars also shows the matches of the best match's rarest words (the platform team),
    each where it says them."""
    owner, rota = echo_store(project)
    monkeypatch.setenv("GRAPHMEM_CONTEXT_WINDOW", "40000")
    block = ask(project, "Who gets paged when the status page generation breaks?")
    assert owner in block
    assert rota in block


def test_a_large_project_does_not_search_the_best_matchs_rare_words(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Past the newest 1,000 episodes (a coding project at 100,000) the rare words' probes would
    cost the hook its budget, and the rare words' own matches fill the block: not searched."""
    owner, rota = echo_store(project, newer=ep.RECENT_SCAN)
    monkeypatch.setenv("GRAPHMEM_CONTEXT_WINDOW", "40000")
    block = ask(project, "Who gets paged when the status page generation breaks?")
    assert owner in block
    assert rota not in block


def test_a_small_block_keeps_its_room_for_the_best_matchs_own_lines(
    project: Path, window: None
) -> None:
    """At 2,000 chars the rare words' matches are not shown: measured, they push the lines that
    follow the best match out of a block that small."""
    owner, rota = echo_store(project)
    block = ask(project, "Who gets paged when the status page generation breaks?")
    assert owner in block
    assert rota not in block


def busy_neighbour(project: Path, episodes: int, body: str) -> None:
    """Another project in the same store, written to after this one: `episodes` turns."""
    other = project.parent / "other-project"
    other.mkdir(exist_ok=True)
    store(other, *[turn(other, f"{body} Batch {i}.", days_ago=0.5) for i in range(episodes)])


@pytest.mark.parametrize("neighbour", [0, 1_500], ids=["alone", "beside a busy project"])
def test_room_left_in_a_small_project_goes_to_matches_of_any_word(
    project: Path, monkeypatch: pytest.MonkeyPatch, neighbour: int
) -> None:
    """Few turns have the question's rare word; the rest of the block shows the turns that match
    its other words (the person it names) rather than merely the newest turns, also when another
    project has since filled the store."""
    monkeypatch.setenv("GRAPHMEM_CONTEXT_WINDOW", "40000")  # an 8,000-char block
    theirs = [
        turn(project, f"Maya: Went for a long walk by the river, number {i}.", days_ago=60 - i)
        for i in range(24)
    ]
    others = [
        turn(project, f"Tobias: Work is busy, meeting number {i} ran late.", days_ago=20 - i / 2)
        for i in range(30)
    ]
    store(
        project,
        turn(project, "Maya: I baked sourdough for the first time!", days_ago=70, session="a"),
        turn(project, "Maya: Tried making croissants today, so much butter.", 65, session="b"),
        *theirs,
        *others,
    )
    # Their Maya is someone else, and in so many of their turns that the name is a common word.
    busy_neighbour(project, neighbour, "Maya reviewed the queue worker's retry settings.")
    block = ask(project, "What has Maya baked?", window=40_000)
    assert "baked sourdough" in block
    assert "making croissants" in block


def test_common_words_find_this_projects_memory_beside_a_busier_project(project: Path) -> None:
    """A query of common words only is ranked over the newest episodes of this project, not of
    the whole store, where another project's later work would hide it."""
    store(project, *[turn(project, f"The deploy script failed at step {i}.") for i in range(5)])
    busy_neighbour(project, 1_500, "Reviewed the deploy script and the queue worker's retries.")
    memory = Memory.open(project)
    assert ep.terms(memory.conn, "deploy script").rare == []
    found = memory.search("deploy script", limit=5)
    assert [h.episode.body for h in found] and all(
        "failed at step" in h.episode.body for h in found
    )


def test_a_larger_block_shows_more_of_a_long_turn(
    project: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A 2,000-char block cuts a long turn's passage at 250 chars; an 8,000-char block has room
    for 400, which here reaches the reason given after the fact."""
    fact = "The API listens on port 8431 in development."
    why = "Port 8080 clashes with the docs server."
    body = "User: tidy up\nAssistant: " + FILLER * 12 + fact + " " + FILLER * 2 + why + FILLER * 9
    store(project, turn(project, body))
    monkeypatch.setenv("GRAPHMEM_CONTEXT_WINDOW", "10000")
    small = ask(project, "Which port does the API use in development?")
    assert fact in small and why not in small
    monkeypatch.setenv("GRAPHMEM_CONTEXT_WINDOW", "40000")
    large = ask(project, "Which port does the API use in development?")
    assert fact in large and why in large


def test_an_empty_global_memory_costs_no_full_text_query(project: Path) -> None:
    """A full-text query reads the matches of every group's episodes before keeping the asked
    group's (~1 ms at 100,000): a group with no episode (a new user's global memory) is not
    searched at all, and what the project holds is shown as before."""
    store(project, turn(project, "The flaky upload test needed a longer socket timeout"))
    memory = Memory.open(project)
    terms = ep.terms(memory.conn, "flaky upload timeout")
    searched: list[str] = []
    memory.conn.set_trace_callback(lambda sql: searched.append(sql) if "MATCH" in sql else None)
    assert recall.candidates(memory.conn, [memory.global_group], terms).episodes == []
    assert searched == []
    found = recall.candidates(memory.conn, [memory.project.group_id], terms)
    assert "socket timeout" in found.episodes[0].body and searched


def test_a_day_is_dated_once_above_its_memories_oldest_day_first(
    project: Path, window: None
) -> None:
    """A timeline: each day's date (and age) once, its memories under it, the days in order,
    so the model reads what came a few weeks after what."""
    store(
        project,
        turn(project, "Jess: We have a kitten, tiny and grey.", days_ago=130, session="a"),
        turn(project, "Arjun: A kitten! Name?", days_ago=130, session="a"),
        turn(project, "Jess: The kitten is called Sir Pounce.", days_ago=100, session="b"),
        turn(project, "Jess: The kitten knocked the tree over.", days_ago=20, session="c"),
    )
    lines = ask(project, "What did the kitten get up to?").splitlines()
    days = [stamp(130)[:10], stamp(100)[:10], stamp(20)[:10]]
    assert [ln for ln in lines if ln[:1].isdigit()] == [
        f"{days[0]} [stale: 130 days]",
        f"{days[1]} [stale: 100 days]",
        days[2],
    ]
    first = lines.index(f"{days[0]} [stale: 130 days]")
    assert set(lines[first + 1 : first + 3]) == {
        "- [turn] Jess: We have a kitten, tiny and grey.",
        "- [turn] Arjun: A kitten! Name?",
    }
    assert lines[lines.index(days[2]) + 1] == "- [turn] Jess: The kitten knocked the tree over."


def test_the_room_a_shared_date_saves_shows_more_memories(project: Path, window: None) -> None:
    """In a 2,000-char block, memories of one day take ~30 chars less each than lines that
    each carry the date and age: room for more of them."""
    store(
        project,
        *[
            turn(project, f"The deploy step {i} " + "waits for the canary to settle. " * 4, 200)
            for i in range(30)
        ],
    )
    block = ask(project, "How long does the deploy step wait for the canary?")
    shown = [ln for ln in block.splitlines() if ln.startswith("- ")]
    heading = f"{stamp(200)[:10]} [stale: 200 days]"
    assert block.count(heading) == 1
    assert len(block) + len(shown) * (len(heading) + 1) > 2_000  # more than dated lines would


def test_what_fits_as_dated_lines_is_still_shown() -> None:
    """The room a shared date saves only adds: the items that fit with a date on every line are
    chosen first, so a long item the saved room would have let in first cannot push out a later
    one that fitted."""
    day = "2024-05-01 [stale: 900 days]"
    items = [
        recall.Item("a", "- " + "a" * 98, day),
        recall.Item("b", "- " + "b" * 98, day),
        recall.Item("long", "- " + "l" * 200, "2024-06-01"),
        recall.Item("evidence", "- " + "e" * 58, "2024-07-01"),
    ]
    # With their dates said once, a and b take 231 chars and the long item 214 more: 445 fit
    # in 460. With a date on every line they take 260, the long item does not fit and the
    # evidence does (332).
    room = 460
    assert [i.key for i in recall.fit(items, room)] == ["a", "b", "evidence"]


# Hooks find words and names with string operations, not `re` (whose import costs every recall
# hook ~3 ms): these hold them to the patterns they replace.
_TEXT = st.text(
    st.one_of(
        st.sampled_from(
            " \t\n_'-,;).:aAbZz\u00e91\u00c9\u00df\u0130\ufb01\u01c5\u03a3\u03c3\u0663\u00a0\u2028"
        ),
        st.characters(codec="utf-8", exclude_categories=("Cs",)),
    ),
    max_size=60,
)


@given(_TEXT)
@settings(max_examples=3000, deadline=None)
def test_words_are_what_a_word_pattern_finds(text: str) -> None:
    assert ep.tokens(text) == re.findall(r"\w+", text)


@given(_TEXT)
@settings(max_examples=3000, deadline=None)
def test_names_are_what_the_name_pattern_finds(text: str) -> None:
    pattern = r"(?<=[\w,;)] )[A-Z][\w'-]+|\b[A-Za-z]\w*_\w+|\b[a-z]+[A-Z]\w*"
    assert recall._names(text) == re.findall(pattern, text)


def test_names_in_a_turn() -> None:
    text = "Then Aiko's friend, Bob-Lee said: use read_config and parseArgs; (x) Zed went home."
    assert recall._names(text) == ["Aiko's", "Bob-Lee", "read_config", "parseArgs", "Zed"]
