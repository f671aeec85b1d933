"""Claude Code's Auto Memory folder: where it is, what it holds, and what graphmem reads of it."""

from __future__ import annotations

import json
import os
import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.hosts.claude_code import automemory as am
from tests.conftest import Cli
from tests.support.transcripts import assistant, call, result, text
from tests.test_hooks import Session, edit_turn, stored
from tests.test_hooks_opencode import ShimSession


def _note(folder: Path, file: str, *, name: str, type_: str, body: str, desc: str = "") -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / file
    path.write_text(f"---\nname: {name}\ndescription: {desc}\ntype: {type_}\n---\n\n{body}\n")
    return path


def test_folder_is_derived_from_the_cwd_as_claude_code_does(tmp_path: Path) -> None:
    env = {"CLAUDE_CONFIG_DIR": str(tmp_path / "cfg")}
    place = am.place("/home/ana/src/shop.api v2_new", env)
    expected = tmp_path / "cfg" / "projects" / "-home-ana-src-shop-api-v2-new" / "memory"
    assert place.folder == str(expected)
    assert place.enabled


def test_a_moved_folder_and_the_switches_are_read_from_the_settings(tmp_path: Path) -> None:
    cfg = tmp_path / "cfg"
    cfg.mkdir()
    (cfg / "settings.json").write_text(json.dumps({"autoMemoryDirectory": "~/notes/mem"}))
    env = {"CLAUDE_CONFIG_DIR": str(cfg)}
    assert am.place(str(tmp_path), env).folder == os.path.expanduser("~/notes/mem")
    local = tmp_path / ".claude"
    local.mkdir()
    (local / "settings.local.json").write_text(json.dumps({"autoMemoryEnabled": False}))
    off = am.place(str(tmp_path), env)
    assert not off.enabled and "autoMemoryEnabled" in off.why
    assert not am.place("/x", {**env, "CLAUDE_CODE_DISABLE_AUTO_MEMORY": "1"}).enabled
    assert am.place("/x", {**env, "CLAUDE_CODE_DISABLE_AUTO_MEMORY": "0"}).enabled


def test_notes_are_read_with_their_front_matter_and_mapped_to_kinds(tmp_path: Path) -> None:
    _note(
        tmp_path,
        "feedback_pnpm.md",
        name="Use pnpm",
        type_="feedback",
        body="Use pnpm here, not npm: the lockfile is pnpm-lock.yaml.",
        desc="package manager",
    )
    note = am.read(str(tmp_path), "feedback_pnpm.md")
    assert note is not None
    assert (note.name, note.type, note.kind) == ("Use pnpm", "feedback", "correction")
    assert note.text() == (
        "Use pnpm: package manager\n\nUse pnpm here, not npm: the lockfile is pnpm-lock.yaml."
    )


def test_the_front_matter_claude_code_rewrites_is_read(tmp_path: Path) -> None:
    # As Claude Code 2.1.332 leaves a note its model wrote with the Write tool.
    (tmp_path / "feedback_pnpm.md").write_text(
        "---\nname: use-pnpm\ndescription: package manager\nmetadata:\n  node_type: memory\n"
        "  type: feedback\n  originSessionId: ec3bf587\n  modified: 2026-11-30T14:55:37.097Z\n"
        "---\n\nUse pnpm in this repository, never npm.\n"
    )
    note = am.read(str(tmp_path), "feedback_pnpm.md")
    assert note is not None
    assert (note.name, note.description, note.kind) == ("use-pnpm", "package manager", "correction")
    assert note.body == "Use pnpm in this repository, never npm."


def test_a_broken_file_is_a_plain_memory_and_an_empty_one_is_nothing(tmp_path: Path) -> None:
    (tmp_path / "half.md").write_text("---\nname: never closed\nThe deploy runs on Fridays.\n")
    (tmp_path / "empty.md").write_text("---\nname: x\n---\n\n")
    half = am.read(str(tmp_path), "half.md")
    assert half is not None and half.kind == "memory" and "Fridays" in half.body
    assert am.read(str(tmp_path), "empty.md") is None
    assert am.read(str(tmp_path), "gone.md") is None


def test_stamps_skip_the_index_links_and_oversized_files(tmp_path: Path) -> None:
    folder = tmp_path / "memory"
    _note(folder, "a.md", name="A", type_="project", body="alpha")
    (folder / am.INDEX).write_text("- [A](a.md) — alpha\n")
    secret = tmp_path / "secret.md"
    secret.write_text("outside the folder")
    (folder / "link.md").symlink_to(secret)
    (folder / "huge.md").write_text("x" * (am.MAX_FILE_BYTES + 1))
    (folder / "notes.txt").write_text("not markdown")
    assert set(am.stamps(str(folder))) == {"a.md", am.INDEX}
    assert am.stamps(str(tmp_path / "missing")) == {}


def test_the_index_names_the_files_claude_code_shows_up_to_its_cap(tmp_path: Path) -> None:
    lines = [f"- [Note {i}](note_{i}.md) — hook {i}" for i in range(am.INDEX_LINES + 5)]
    (tmp_path / am.INDEX).write_text("# Memory\n" + "\n".join(lines) + "\n")
    shown = am.index(str(tmp_path))
    assert "note_0.md" in shown and f"note_{am.INDEX_LINES - 2}.md" in shown
    assert f"note_{am.INDEX_LINES - 1}.md" not in shown  # line 201: past what is loaded
    long = [f"- [N{i}](n_{i}.md) — " + "x" * 300 for i in range(100)]
    (tmp_path / am.INDEX).write_text("\n".join(long))
    assert len(am.index(str(tmp_path))) < 100  # cut at 25,000 bytes
    assert am.read(str(tmp_path), am.INDEX) is None
    assert am.index(str(tmp_path / "missing")) == set()


def test_an_edit_changes_the_stamp(tmp_path: Path) -> None:
    path = _note(tmp_path, "a.md", name="A", type_="project", body="alpha")
    before = am.stamps(str(tmp_path))
    path.write_text(path.read_text() + "more\n")
    assert am.stamps(str(tmp_path)) != before


@pytest.mark.parametrize(
    ("path", "inside"),
    [("{f}/feedback.md", True), ("{f}/../other/x.md", False), ("{f}", False), ("", False)],
)
def test_a_write_into_the_folder_is_recognised(tmp_path: Path, path: str, inside: bool) -> None:
    folder = str(tmp_path / "memory")
    assert am.is_inside(path.format(f=folder), folder) is inside


# -- through the hooks: Claude Code writes its memory, graphmem carries it ------------------------


PNPM = "Use pnpm in this repository, never npm: the lockfile is pnpm-lock.yaml."


@pytest.fixture
def session(project: Path) -> Session:
    return Session(project)


def auto_folder(project: Path) -> Path:
    return Path(am.place(str(project)).folder)


def write_note_turn(session: Session, folder: Path, body: str = PNPM) -> Path:
    """The model corrects itself, keeps an auto memory with the Write tool, edits a file."""
    path = _note(folder, "feedback_pnpm.md", name="Use pnpm", type_="feedback", body=body)
    (folder / am.INDEX).write_text("- [Use pnpm](feedback_pnpm.md) — package manager\n")
    session.turn(
        "No, use pnpm here, not npm",
        assistant(call("w1", "Write", file_path=str(path), content=path.read_text())),
        result("w1", "File created successfully"),
        assistant(call("e1", "Edit", file_path="package.json")),
        result("e1", "ok"),
        assistant(text("Switched the scripts to pnpm and noted it for next time.")),
    )
    return path


def test_a_turn_that_kept_an_auto_memory_is_not_reprompted_and_the_note_is_imported(
    session: Session, project: Path, cli: Cli
) -> None:
    write_note_turn(session, auto_folder(project))
    assert session.send("Stop", stop_hook_active=False, prompt_id="p1") is None
    (note,) = [e for e in stored(cli) if e["origin"] == "auto-memory"]
    assert note["kind"] == "correction" and note["name"] == "Use pnpm"
    assert PNPM in note["body"]
    assert note["uuid"] in [h["uuid"] for h in cli.json("search", "lockfile pnpm")]


def test_without_a_note_the_reprompt_names_both_ways(session: Session, project: Path) -> None:
    edit_turn(session)
    answer = session.send("Stop", stop_hook_active=False, prompt_id="p1")
    assert isinstance(answer, dict) and answer["decision"] == "block"
    assert " add " in answer["reason"]
    assert f"as a memory file in {auto_folder(project)}" in answer["reason"]


def test_with_auto_memory_off_nothing_is_imported_and_the_reprompt_is_graphmems(
    session: Session, project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("CLAUDE_CODE_DISABLE_AUTO_MEMORY", "1")
    write_note_turn(session, auto_folder(project))
    answer = session.send("Stop", stop_hook_active=False, prompt_id="p1")
    assert isinstance(answer, dict) and answer["decision"] == "block"
    assert "as a memory file in" not in answer["reason"]
    assert not [e for e in stored(cli) if e["origin"] == "auto-memory"]


def test_an_edited_note_supersedes_and_a_deleted_one_is_forgotten(
    session: Session, project: Path, cli: Cli
) -> None:
    folder = auto_folder(project)
    path = write_note_turn(session, folder)
    session.send("Stop", prompt_id="p1")
    edited = PNPM.replace("never npm", "never npm or yarn")
    _note(folder, "feedback_pnpm.md", name="Use pnpm", type_="feedback", body=edited)
    os.utime(path, ns=(1, 1))  # a new stamp even within the file system's time resolution
    session.send("SessionEnd", reason="exit")
    notes = {e["body"].split("\n\n")[-1]: e for e in stored(cli) if e["origin"] == "auto-memory"}
    old, new = notes[PNPM], notes[edited]
    assert old["forgotten_at"] and old["superseded_by"] == new["uuid"]
    assert "forgotten_at" not in new
    found = [h["uuid"] for h in cli.json("search", "pnpm lockfile")]
    assert new["uuid"] in found and old["uuid"] not in found
    path.unlink()
    session.send("SessionEnd", reason="exit")
    gone = next(e for e in stored(cli) if e["uuid"] == new["uuid"])
    assert gone["forgotten_at"] and "deleted" in gone["forgotten_reason"]
    assert new["uuid"] not in [h["uuid"] for h in cli.json("search", "pnpm lockfile")]


def test_user_memories_are_global_and_travel_to_other_hosts(project: Path, cli: Cli) -> None:
    folder = auto_folder(project)
    _note(folder, "user_role.md", name="Ana", type_="user", body="Ana is a data engineer.")
    Session(project).send("Stop", prompt_id="p1")
    (note,) = [e for e in stored(cli) if e["origin"] == "auto-memory"]
    assert note["kind"] == "preference" and note["group_id"].startswith("global")
    pi = ShimSession(project, "pi", "01a22846-c2c6-75f9-8790-4d4a61b0fc1b")
    assert "Ana is a data engineer." in pi.send("SessionStart", source="startup")["context"]


def test_claude_code_is_not_shown_what_its_index_shows_unless_the_prompt_asks(
    session: Session, project: Path, cli: Cli
) -> None:
    cli.json("add", "Deploys go out on Tuesdays.")
    write_note_turn(session, auto_folder(project))
    session.send("Stop", prompt_id="p1")
    start = session.context("SessionStart", source="startup")
    assert "Tuesdays" in start and PNPM not in start
    fresh = Session(project, "sess-2")
    assert PNPM in fresh.context("UserPromptSubmit", prompt="Which lockfile does pnpm use?")
    other = Session(project, "sess-3")
    assert PNPM not in other.context("UserPromptSubmit", prompt="When do deploys go out?")


def test_a_note_past_the_index_cap_is_shown_like_any_memory(
    session: Session, project: Path, cli: Cli
) -> None:
    folder = auto_folder(project)
    write_note_turn(session, folder)
    filler = "".join(f"- [n{i}](n{i}.md) — filler\n" for i in range(am.INDEX_LINES))
    (folder / am.INDEX).write_text(filler + "- [Use pnpm](feedback_pnpm.md) — package manager\n")
    session.send("Stop", prompt_id="p1")
    assert PNPM in Session(project, "sess-2").context("SessionStart", source="startup")


def test_a_store_cleared_imports_the_notes_again(session: Session, project: Path, cli: Cli) -> None:
    write_note_turn(session, auto_folder(project))
    session.send("Stop", prompt_id="p1")
    assert cli("clear", "--yes").exit_code == 0
    session.send("SessionEnd", reason="exit")
    assert [e["name"] for e in stored(cli) if e["origin"] == "auto-memory"] == ["Use pnpm"]


def test_setup_and_status_say_whether_auto_memory_is_on_and_where(
    project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = auto_folder(project)
    _note(folder, "project_ci.md", name="CI", type_="project", body="CI runs on every push.")
    Session(project).send("Stop", prompt_id="p1")
    setup = cli("setup", "claude-code")
    assert setup.exit_code == 0, setup.output
    said = " ".join(setup.output.split())
    assert (
        f"Auto Memory is on (Claude Code's default); graphmem imports its notes from {folder}"
        in said
    )
    own = cli.json("status")["own_memory"]["claude-code"]
    assert own["enabled"] and own["folder"] == str(folder) and own["imported"] == 1
    monkeypatch.setenv("CLAUDE_CODE_DISABLE_AUTO_MEMORY", "true")
    assert "Auto Memory is off (CLAUDE_CODE_DISABLE_AUTO_MEMORY is set)" in " ".join(
        cli("status").output.split()
    )


@given(
    st.text(
        st.one_of(st.sampled_from("[]() .md\t\u00a0x/"), st.characters(codec="utf-8")),
        max_size=40,
    )
)
@settings(max_examples=3000, deadline=None)
def test_links_are_what_the_link_pattern_finds(line: str) -> None:
    assert am.linked(line) == re.findall(r"\]\(([^()\s]+\.md)\)", line)
