"""Host conversations -> Turns: real Claude Code transcripts and opencode probes, plus synthetic
transcripts for the edge cases a growing file produces."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from graphmem.hosts.claude_code.transcript import read as read_claude
from graphmem.hosts.opencode.messages import turn as opencode_turn
from graphmem.hosts.pi.messages import turn as pi_turn
from graphmem.hosts.turns import SUBSTANTIVE_CHARS, ReadResult, ToolUse, Turn, render_turns
from tests.support.transcripts import assistant, call, line, result, text, user, write

# Scrubbed captures of real Claude Code and opencode runs against the local stub model.
PAYLOADS = Path(__file__).resolve().parent / "data" / "payloads"
TRANSCRIPTS = PAYLOADS / "claude-code" / "transcripts"


def read_all(path: Path, **kw: Any) -> ReadResult:
    got = read_claude(str(path), 0, **kw)
    assert got.offset == path.stat().st_size
    return got


@pytest.fixture
def transcript(tmp_path: Path) -> Path:
    return tmp_path / "session.jsonl"


# --- real transcripts ------------------------------------------------------------------------


def hook_payloads() -> list[dict[str, Any]]:
    lines = (PAYLOADS / "claude-code" / "hook-stdin.jsonl").read_text().splitlines()
    return [json.loads(x) for x in lines if x.strip()]


def real_sessions() -> Iterator[tuple[Path, list[dict[str, Any]]]]:
    events = hook_payloads()
    for path in sorted(TRANSCRIPTS.glob("*.jsonl")):
        mine = [e for e in events if e["session_id"] == path.stem]
        if mine:
            yield path, mine


def test_real_transcripts_give_one_turn_with_the_prompt_and_every_answer() -> None:
    checked = 0
    for path, events in real_sessions():
        got = read_all(path)
        prompts = [e["prompt"] for e in events if e["hook_event_name"] == "UserPromptSubmit"]
        answers = [e["last_assistant_message"] for e in events if e["hook_event_name"] == "Stop"]
        assert [t.prompt for t in got.turns] == prompts, path.name
        # Both Stops (the second after the Stop hook's re-prompt) are one logical turn.
        assert got.turns[0].answer == "\n\n".join(answers), path.name
        checked += 1
    assert checked >= 3


def test_real_tool_turn_and_manual_compaction() -> None:
    path = TRANSCRIPTS / "33620345-52bd-432e-848b-7a06e9985b32.jsonl"
    got = read_all(path)
    assert len(got.turns) == 1  # `/compact focus on graphmem facts` is not a turn
    turn = got.turns[0]
    assert turn.tools == [
        ToolUse("Bash", "echo stub-tool-ran > stub_tool_out.txt && cat stub_tool_out.txt", ok=True)
    ]
    assert not turn.edited and not turn.kept_memory and not turn.substantive
    assert "This session is being continued" not in turn.prompt + turn.answer


def test_real_transcript_read_across_two_stop_calls(transcript: Path) -> None:
    raw = (TRANSCRIPTS / "33620345-52bd-432e-848b-7a06e9985b32.jsonl").read_bytes()
    first_stop = raw.index(b"STUB_DONE: tool finished.")
    split = raw.index(b"\n", first_stop) + 1  # the transcript as the first Stop hook saw it
    transcript.write_bytes(raw[:split])

    first = read_claude(str(transcript), 0)
    assert first.offset == split
    assert [(t.prompt, t.answer) for t in first.turns] == [
        ("please USE_TOOL now", "STUB_DONE: tool finished.")
    ]
    assert first.turns[0].tools[0].ok is True

    write(transcript, raw[split:], mode="ab")
    second = read_claude(str(transcript), first.offset)
    assert second.offset == len(raw)
    # The re-prompted continuation: same logical turn, its prompt was read the first time.
    assert [(t.prompt, t.answer, t.tools) for t in second.turns] == [("", "STUB_REPLY 1", [])]


def test_every_line_type_in_the_real_transcripts_is_handled() -> None:
    """A new line type in a future capture should be looked at deliberately, not by accident."""
    known = {
        "user", "assistant", "system", "attachment", "queue-operation", "last-prompt",
        "atis-latch", "api-request", "api-request-blob", "api-request-shape", "tools-used",
        "cost-state", "mode",
    }  # fmt: skip
    seen = {
        json.loads(x).get("type")
        for path in TRANSCRIPTS.glob("*.jsonl")
        for x in path.read_text().splitlines()
    }
    assert seen <= known


# --- synthetic: file handling ----------------------------------------------------------------


def test_half_written_last_line_is_left_for_next_time(transcript: Path) -> None:
    whole = line(assistant(text("done")))
    write(transcript, user("fix the bug"), whole[:10])
    first = read_claude(str(transcript), 0)
    assert first.offset == len(line(user("fix the bug")))
    assert [(t.prompt, t.answer) for t in first.turns] == [("fix the bug", "")]

    write(transcript, whole[10:], mode="ab")
    second = read_claude(str(transcript), first.offset)
    assert second.offset == transcript.stat().st_size
    assert [(t.prompt, t.answer) for t in second.turns] == [("", "done")]


def test_nothing_new_keeps_the_offset(transcript: Path) -> None:
    write(transcript, user("hi"), assistant(text("hello")))
    size = transcript.stat().st_size
    assert read_claude(str(transcript), size) == ReadResult([], size)


def test_invalid_utf8_and_garbage_lines_are_tolerated(transcript: Path) -> None:
    bad = line(user("caf\u00e9 order")).replace("\u00e9".encode(), b"\xff")
    write(
        transcript,
        b"not json at all\n",
        b'["a", "list"]\n',
        b'"user"\n',
        b"\xff\xfe\x00garbage\n",
        bad,
        assistant(text("ok")),
    )
    got = read_all(transcript)
    assert [(t.prompt, t.answer) for t in got.turns] == [("caf\ufffd order", "ok")]


def test_huge_line_is_stepped_over(transcript: Path) -> None:
    huge = assistant(text("x" * 5000))
    write(transcript, user("first"), huge, assistant(text("after")))
    got = read_all(transcript, max_line=1000)
    assert [(t.prompt, t.answer) for t in got.turns] == [("first", "after")]


def test_unfinished_line_filling_the_window_is_not_reread_forever(transcript: Path) -> None:
    start = b'{"type":"assistant","message":'
    write(transcript, start + b"x" * (1000 - len(start)))
    assert read_claude(str(transcript), 0, max_bytes=1000) == ReadResult([], 1000)


def test_backlog_over_max_bytes_reads_the_recent_end_from_a_line_start(transcript: Path) -> None:
    old = [e for i in range(200) for e in (user(f"old {i}"), assistant(text("y" * 50)))]
    write(transcript, *old, user("latest"), assistant(text("newest answer")))
    got = read_all(transcript, max_bytes=2000)
    assert got.turns[-1].prompt == "latest"
    assert got.turns[-1].answer == "newest answer"
    assert 1 < len(got.turns) < 20
    assert all(t.prompt.startswith(("old", "latest")) or t.prompt == "" for t in got.turns)


def test_backlog_window_ending_in_a_half_written_line(transcript: Path) -> None:
    old = [user(f"old {i}") for i in range(100)]
    whole = line(assistant(text("finished")))
    write(transcript, *old, user("latest"), whole[:20])
    first = read_claude(str(transcript), 0, max_bytes=500)
    assert first.offset == transcript.stat().st_size - 20  # the start of the unfinished line
    assert first.turns[-1].prompt == "latest"

    write(transcript, whole[20:], mode="ab")
    second = read_claude(str(transcript), first.offset, max_bytes=500)
    assert second.offset == transcript.stat().st_size
    assert [(t.prompt, t.answer) for t in second.turns] == [("", "finished")]


def test_backlog_window_inside_one_huge_line_is_skipped(transcript: Path) -> None:
    write(transcript, user("first"), b'{"type":"assistant","message":' + b"x" * 5000)
    got = read_claude(str(transcript), 0, max_bytes=1000)
    assert got == ReadResult([], transcript.stat().st_size)


def test_truncated_file_is_read_from_the_start(transcript: Path) -> None:
    write(transcript, user("new session"), assistant(text("hi")))
    got = read_claude(str(transcript), 10_000_000)
    assert [t.prompt for t in got.turns] == ["new session"]


@pytest.mark.parametrize("kind", ["missing", "directory", "fifo", "dev-zero"])
def test_paths_that_are_not_transcripts(tmp_path: Path, kind: str) -> None:
    path = tmp_path / "x"
    if kind == "directory":
        path.mkdir()
    elif kind == "fifo":
        os.mkfifo(path)  # opening it for a blocking read would hang the hook
    elif kind == "dev-zero":
        path = Path("/dev/zero")
    assert read_claude(str(path), 42) == ReadResult([], 42)


# --- synthetic: turn grouping ----------------------------------------------------------------


def test_multi_turn_with_tools_results_and_errors(transcript: Path) -> None:
    write(
        transcript,
        user("add a health endpoint"),
        assistant(text("Looking.")),
        assistant(call("t1", "Read", file_path="/repo/app.py")),
        result("t1", "def app(): ..."),
        assistant(call("t2", "Edit", file_path="/repo/app.py", old_string="a", new_string="b")),
        result("t2", "ok"),
        assistant(call("t3", "Bash", command="make lint\nmake test")),
        result("t3", "Exit code 2\nmake: *** [lint] Error 1\nE501 line too long", is_error=True),
        assistant(call("t4", "Bash", command="pytest -q")),
        result("t4", [{"type": "text", "text": "3 passed"}]),
        assistant(text("Added /health.")),
        user("now document it"),
        assistant(call("t5", "Write", file_path="/repo/README.md", content="...")),
        result("t5", "written"),
        assistant(text("Documented.")),
    )
    first, second = read_all(transcript).turns
    assert first.prompt == "add a health endpoint"
    assert first.answer == "Looking.\n\nAdded /health."
    assert [(t.name, t.summary, t.ok) for t in first.tools] == [
        ("Read", "/repo/app.py", True),
        ("Edit", "/repo/app.py", True),
        ("Bash", "make lint\nmake test", False),
        ("Bash", "pytest -q", True),
    ]
    assert first.tools[2].error == "Exit code 2\nmake: *** [lint] Error 1\nE501 line too long"
    assert "ran `make lint …` (error: Exit code 2 … E501 line too long)" in render_turns(
        [first], 10_000
    )
    assert first.edited and first.substantive
    assert (second.prompt, second.answer) == ("now document it", "Documented.")
    assert render_turns([second], 10_000) == (
        "User: now document it\nAssistant: Documented.\nTools: edited /repo/README.md"
    )


def test_error_text_of_a_huge_output_is_its_two_ends_capped(transcript: Path) -> None:
    stderr = "Traceback (most recent call last):\n" + "  frame\n" * 100_000 + "KeyError: 'id'\n"
    write(
        transcript,
        user("p"),
        assistant(call("b", "Bash", command="app")),
        result("b", stderr, True),
    )
    (turn,) = read_all(transcript).turns
    assert len(turn.tools[0].error) < 10_000  # only the two ends are kept
    shown = "(error: Traceback (most recent call last): … KeyError: 'id')"
    assert render_turns([turn], 1000).endswith(shown)
    one_long_line = "x" * 10_000
    write(transcript, user("p"), assistant(call("c", "Bash", command="app")))
    write(transcript, result("c", one_long_line, True), mode="ab")
    (turn,) = read_all(transcript).turns
    shown = render_turns([turn], 1000).split("(error: ", 1)[1]
    assert len(shown) == 161 and shown.endswith("x…)")


def test_stop_hook_reprompt_continues_the_same_turn(transcript: Path) -> None:
    write(
        transcript,
        user("refactor the parser"),
        assistant(text("Refactored.")),
        {"type": "system", "subtype": "stop_hook_summary", "hookErrors": ["persist memory"]},
        user("Stop hook feedback:\npersist memory", isMeta=True),
        {"type": "attachment", "attachment": {"type": "hook_blocking_error"}},
        assistant(call("m1", "mcp__graphiti__add_memory", name="parser", episode_body="...")),
        result("m1", '{"message": "Episode \'parser\' queued for processing"}'),
        assistant(text("Saved to memory.")),
    )
    (turn,) = read_all(transcript).turns
    assert turn.prompt == "refactor the parser"
    assert turn.answer == "Refactored.\n\nSaved to memory."
    assert turn.kept_memory


def test_compaction_summary_is_not_a_turn(transcript: Path) -> None:
    write(
        transcript,
        user("long task"),
        assistant(text("step one")),
        {"type": "system", "subtype": "compact_boundary", "content": "Conversation compacted"},
        user("This session is being continued… summary text", isCompactSummary=True),
        assistant(text("step two")),  # auto-compaction mid-turn: the same turn goes on
        user("<local-command-caveat>Caveat…</local-command-caveat>", isMeta=True),
        user("<command-name>/compact</command-name><command-args>keep facts</command-args>"),
        user("<local-command-stdout>Compacted</local-command-stdout>"),
        user("<command-name>/review</command-name>\n<command-args>src/</command-args>"),
        user("Review src/ for bugs and report.", isMeta=True),  # the command's expansion
        assistant(text("Found two bugs.")),
    )
    got = read_all(transcript)
    assert [(t.prompt, t.answer) for t in got.turns] == [
        ("long task", "step one\n\nstep two"),
        ("/review src/", "Found two bugs."),
    ]


def test_lines_that_are_not_conversation_are_ignored(transcript: Path) -> None:
    write(
        transcript,
        {"type": "file-history-snapshot", "snapshot": {"user": "x"}},
        {"type": "summary", "summary": "old session", "leafUuid": "u"},
        {"type": "queue-operation", "operation": "enqueue", "content": "queued prompt"},
        {"type": "api-request-blob", "message": {"role": "user", "content": "copy"}},
        user("real prompt"),
        user("subagent prompt", isSidechain=True),
        assistant(text("subagent answer"), isSidechain=True),
        user([{"type": "text", "text": "[Request interrupted by user]"}]),
        user("<bash-input>ls</bash-input>"),
        user("<system-reminder>context</system-reminder>"),
        assistant(text("API Error: 500"), isApiErrorMessage=True),
        {
            "type": "assistant",
            "message": {"role": "assistant", "model": "<synthetic>", "content": [text("No resp")]},
        },
        assistant(text("real answer"), {"type": "thinking", "thinking": "hmm"}),
        {"type": "user", "message": "not a dict"},
        {"type": "assistant"},
    )
    got = read_all(transcript)
    assert [(t.prompt, t.answer, t.tools) for t in got.turns] == [
        ("real prompt", "real answer", [])
    ]


def test_prompt_with_text_blocks_and_image(transcript: Path) -> None:
    image = {"type": "image", "source": {"type": "base64", "data": "AAAA"}}
    write(transcript, user([text("what is in"), image, text("this screenshot?")]))
    assert read_all(transcript).turns[0].prompt == "what is in\nthis screenshot?"


def test_chunk_starting_mid_turn_has_no_prompt_and_ignores_foreign_results(
    transcript: Path,
) -> None:
    write(transcript, result("earlier", "x", is_error=True), assistant(text("continuing")))
    (turn,) = read_all(transcript).turns
    assert (turn.prompt, turn.answer, turn.tools) == ("", "continuing", [])


@pytest.mark.parametrize(
    ("command", "kept"),
    [
        ("graphmem add 'we use pnpm'", True),
        ("cd /repo && ~/.local/bin/graphmem add --scope project 'x'", True),
        ("python3 -m graphmem add 'x'", True),
        ("/usr/bin/python3.11 -m graphmem add x", True),
        ("grep -r graphmem add.py", False),
        ("pip install graphmem", False),
        ("graphmem search add", False),
    ],
)
def test_kept_memory_from_a_graphmem_add_command(
    transcript: Path, command: str, kept: bool
) -> None:
    write(transcript, user("p"), assistant(call("b", "Bash", command=command)), result("b", "ok"))
    assert read_all(transcript).turns[0].kept_memory is kept


def test_a_failed_memory_call_is_not_kept_memory(transcript: Path) -> None:
    write(
        transcript,
        user("p"),
        assistant(call("b", "Bash", command="graphmem add x")),
        result("b", "graphmem: command not found", is_error=True),
        assistant(call("m", "mcp__graphiti__add_memory", name="n", episode_body="b")),
        result("m", '{"error": "Error adding episode: bad group"}'),
    )
    turn = read_all(transcript).turns[0]
    assert not turn.kept_memory
    assert [t.ok for t in turn.tools] == [False, False]


def test_edit_tools_and_substantive(transcript: Path) -> None:
    write(
        transcript,
        user("a"),
        assistant(call("e1", "MultiEdit", file_path="m.py", edits=[])),
        user("b"),
        assistant(call("e2", "NotebookEdit", notebook_path="n.ipynb")),
        user("c"),
        assistant(call("e3", "Edit", file_path="x.py")),
        result("e3", "String to replace not found", is_error=True),
        user("d"),
        assistant(text("z" * (SUBSTANTIVE_CHARS + 1))),
    )
    turns = read_all(transcript).turns
    assert [(t.edited, t.substantive) for t in turns] == [
        (True, True),
        (True, True),
        (False, False),  # a failed edit changed nothing
        (False, True),
    ]
    assert turns[1].tools[0].summary == "n.ipynb"


# --- rendering -------------------------------------------------------------------------------


def test_render_lists_edits_commands_and_other_tools() -> None:
    turn = Turn(
        "fix lint",
        "Fixed.",
        [
            ToolUse("Edit", "a.py", ok=True),
            ToolUse("Write", "b.py"),
            ToolUse("Edit", "a.py", ok=True),
            ToolUse("Bash", "pytest", ok=True),
            ToolUse("Bash", "make", ok=False, error="Exit code 2"),
            ToolUse("Grep", "TODO", ok=True),
        ],
    )
    assert render_turns([turn], 1000) == (
        "User: fix lint\nAssistant: Fixed.\nTools: edited b.py, a.py; "
        "ran `pytest` (ok), `make` (error: Exit code 2); used Grep TODO (ok)"
    )


def test_render_over_cap_keeps_the_recent_end_from_a_line_start() -> None:
    turn = Turn("old prompt", "\n".join(f"line {i}" for i in range(100)), [ToolUse("Bash", "ls")])
    body = render_turns([turn], 120)
    assert len(body) <= 120
    assert body.startswith("[… earlier part cut …]\nline ")
    assert body.endswith("line 99\nTools: ran `ls`")
    assert "old prompt" not in body


def test_render_of_one_long_line_cuts_at_a_word() -> None:
    body = render_turns([Turn("p", " ".join(["word"] * 500))], 100)
    assert len(body) <= 100
    assert body.split("\n", 1)[1].startswith("word word")


def test_render_many_tools_keeps_the_newest() -> None:
    tools = [ToolUse("Read", f"f{i}.py", ok=True) for i in range(30)]
    line_ = render_turns([Turn(tools=tools)], 10_000)
    assert line_.startswith("Tools: used (+18 earlier) Read f18.py (ok),")
    assert line_.endswith("Read f29.py (ok)")


def test_render_turns_joins_turns() -> None:
    body = render_turns([Turn("a", "b"), Turn("", "c")], 1000)
    assert body == "User: a\nAssistant: b\n\nAssistant: c"


# --- opencode and pi -------------------------------------------------------------------------


def opencode_messages_at_idles(probe: Path) -> list[list[dict[str, Any]]]:
    """Rebuild `client.session.messages()` as it stood at each session.idle of a probe log."""
    infos: dict[str, dict[str, Any]] = {}
    parts: dict[str, dict[str, dict[str, Any]]] = {}
    snapshots = []
    for raw in probe.read_text().splitlines():
        record = json.loads(raw)
        event = record.get("input") if record.get("hook") == "event" else None
        if not isinstance(event, dict):
            continue
        props = event.get("properties", {})
        if event["type"] == "message.updated":
            infos[props["info"]["id"]] = props["info"]
        elif event["type"] == "message.part.updated":
            part = props["part"]
            parts.setdefault(part["messageID"], {})[part["id"]] = part
        elif event["type"] == "session.idle":
            snapshots.append(
                [
                    {"info": info, "parts": list(parts.get(mid, {}).values())}
                    for mid, info in infos.items()
                ]
            )
    return snapshots


def test_opencode_tool_turn_from_the_probe() -> None:
    first_idle = opencode_messages_at_idles(PAYLOADS / "opencode" / "plugin-probe-run-tool.jsonl")[
        0
    ]
    turn = opencode_turn(first_idle)
    assert turn is not None
    assert turn.prompt == '"please USE_TOOL now"'  # the synthetic injected context is not prompt
    assert turn.answer == "STUB_DONE: tool finished."
    assert turn.tools == [ToolUse("bash", "echo stub-tool-ran", ok=True)]


def test_opencode_serve_probe_reprompt_and_compaction() -> None:
    idles = opencode_messages_at_idles(PAYLOADS / "opencode" / "plugin-probe-serve.jsonl")
    first, second, compacted = idles
    assert opencode_turn(first) == Turn("serve mode hello", "STUB_REPLY 5")
    # This probe's shim re-prompted with a plain part: it reads as a new prompt ...
    assert opencode_turn(second) == Turn("GRAPHMEM_OC_REPROMPT: persist memory now", "STUB_REPLY 6")
    # ... sent with synthetic: true (what the shim should do) it continues the turn.
    for message in second:
        for part in message["parts"]:
            if part.get("text", "").startswith("GRAPHMEM_OC_REPROMPT"):
                part["synthetic"] = True
    assert opencode_turn(second) == Turn("serve mode hello", "STUB_REPLY 5\n\nSTUB_REPLY 6")
    # The idle that ends a manual compaction is not a finished turn.
    assert opencode_turn(compacted) is None


def test_opencode_tool_error_and_edit() -> None:
    messages: list[dict[str, Any]] = [
        {"info": {"role": "user"}, "parts": [{"type": "text", "text": "rename it"}]},
        {
            "info": {"role": "assistant"},
            "parts": [
                {"type": "step-start"},
                {"type": "reasoning", "text": "thinking"},
                {
                    "type": "tool",
                    "tool": "edit",
                    "callID": "c1",
                    "state": {
                        "status": "completed",
                        "input": {"filePath": "/r/a.ts"},
                        "output": "",
                    },
                },
                {
                    "type": "tool",
                    "tool": "bash",
                    "callID": "c2",
                    "state": {
                        "status": "error",
                        "input": {"command": "npm test"},
                        "error": "exit 1",
                    },
                },
                {"type": "tool", "tool": "read", "callID": "c3", "state": {"status": "running"}},
                {"type": "text", "text": "Renamed."},
            ],
        },
    ]
    turn = opencode_turn(messages)
    assert turn is not None
    assert turn.edited
    assert [(t.name, t.summary, t.ok, t.error) for t in turn.tools] == [
        ("edit", "/r/a.ts", True, ""),
        ("bash", "npm test", False, "exit 1"),
        ("read", "", None, ""),
    ]


def test_pi_agent_end_messages() -> None:
    messages: list[dict[str, Any]] = [
        {"role": "user", "content": [{"type": "text", "text": "old prompt"}], "timestamp": 1},
        {"role": "assistant", "content": [{"type": "text", "text": "old answer"}]},
        {"role": "user", "content": [{"type": "text", "text": "hello pi probe"}], "timestamp": 2},
        {"role": "custom", "customType": "graphmem", "content": "INJECTED", "display": False},
        {
            "role": "assistant",
            "content": [
                {"type": "thinking", "thinking": "…"},
                {"type": "toolCall", "id": "k1", "name": "write", "arguments": {"path": "a.md"}},
                {
                    "type": "toolCall",
                    "id": "k2",
                    "name": "bash",
                    "arguments": {"command": "graphmem add x"},
                },
            ],
        },
        {
            "role": "toolResult",
            "toolCallId": "k1",
            "toolName": "write",
            "content": [],
            "isError": False,
        },
        {
            "role": "toolResult",
            "toolCallId": "k2",
            "toolName": "bash",
            "content": [{"type": "text", "text": "stored"}],
            "isError": False,
        },
        {"role": "assistant", "content": [{"type": "text", "text": "STUB_REPLY 10"}]},
        {"role": "custom", "customType": "graphmem", "content": "re-prompt", "display": False},
        {"role": "assistant", "content": [{"type": "text", "text": "persisted"}]},
    ]
    turn = pi_turn(messages)
    assert turn is not None
    assert (turn.prompt, turn.answer) == ("hello pi probe", "STUB_REPLY 10\n\npersisted")
    assert turn.edited and turn.kept_memory


def test_messages_without_a_prompt_or_empty() -> None:
    assert pi_turn([]) is None
    assert pi_turn([{"role": "custom", "content": "x"}, "junk"]) is None  # type: ignore[list-item]
    mid = pi_turn([{"role": "assistant", "content": "plain string answer"}])
    assert mid == Turn("", "plain string answer")


def test_cuts_never_split_a_redaction_marker() -> None:
    def clean(text: str) -> str:
        return text.replace("SECRET", "[REDACTED:secret]")

    command = "x" * 70 + " SECRET tail"  # the marker would straddle the 80-char cut
    body = render_turns([Turn(tools=[ToolUse("Bash", command, ok=True)])], 1000, clean)
    assert body == "Tools: ran `" + "x" * 70 + " …` (ok)"
    cut_mark = "[… earlier part cut …]\n"
    tail = render_turns([Turn(answer="SECRET" + "y" * 50)], len(cut_mark) + 54, clean)
    assert tail == cut_mark + "y" * 50  # not "ED:secret] yyy…"
