"""dump -> load round-trips exactly, in both formats; loading twice adds nothing."""

from __future__ import annotations

import io
import json
import stat
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from graphmem import transfer
from graphmem.errors import GraphmemError
from graphmem.store.episodes import Episode
from tests.conftest import Cli

TRICKY_BODIES = [
    "# Heading inside\n\n## group_id: fake (9 episodes)\n### fake (2020)\n",
    "```python\nprint('fence')\n```\n````\nlonger fence\n````",
    '<!-- episode {"uuid": "evil"} -->\n<!-- graphmem dump v1 -->',
    "trailing newline\n",
    "\n\nleading blank lines",
    "crlf\r\nline\rcr only",
    "unicode: 日本語 🎉 café \u200b zero-width, RTL \u202e",
    "",
]


def episodes_for(bodies: list[str]) -> list[Episode]:
    return [
        Episode(
            group_id=f"g{i % 3}",
            name=f"name {i}\nwith newline -->",
            body=body,
            source="message" if i % 2 else "text",
            session_id=None if i % 2 else "s1",
        )
        for i, body in enumerate(bodies)
    ]


def roundtrip(episodes: list[Episode], fmt: str) -> list[Episode]:
    by_group: dict[str, list[Episode]] = {}
    for episode in episodes:
        by_group.setdefault(episode.group_id, []).append(episode)
    out = io.StringIO(newline="")
    writer = transfer.write_markdown if fmt == "markdown" else transfer.write_jsonl
    writer(out, list(by_group.items()))
    return transfer.read(out.getvalue())


@pytest.mark.parametrize("fmt", ["markdown", "jsonl"])
def test_tricky_bodies_survive(fmt: str) -> None:
    episodes = episodes_for(TRICKY_BODIES)
    assert sorted(roundtrip(episodes, fmt), key=lambda e: e.uuid) == sorted(
        episodes, key=lambda e: e.uuid
    )


@given(
    bodies=st.lists(st.text(), min_size=1, max_size=6),
    fmt=st.sampled_from(["markdown", "jsonl"]),
)
@settings(max_examples=300, suppress_health_check=[HealthCheck.too_slow])
def test_arbitrary_episodes_roundtrip(bodies: list[str], fmt: str) -> None:
    episodes = episodes_for(bodies)
    assert sorted(roundtrip(episodes, fmt), key=lambda e: e.uuid) == sorted(
        episodes, key=lambda e: e.uuid
    )


def test_dump_load_through_the_cli_into_a_fresh_store(
    project: Path, cli: Cli, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    for body in TRICKY_BODIES[:-1]:
        cli.json("add", body)
    cli.json("add", "--scope", "global", "a global preference")
    dump_file = tmp_path / "backup.md"
    assert cli("dump", str(dump_file)).exit_code == 0
    assert stat.S_IMODE(dump_file.stat().st_mode) == 0o600
    before = cli("dump", "--format", "jsonl").stdout

    monkeypatch.setenv("GRAPHMEM_HOME", str(tmp_path / "other-home"))
    first = cli.json("load", str(dump_file))
    assert first["added"] == len(TRICKY_BODIES) and first["skipped"] == 0
    again = cli.json("load", str(dump_file))
    assert again == {"added": 0, "skipped": len(TRICKY_BODIES), "groups": {}}
    assert cli("dump", "--format", "jsonl").stdout == before


def test_dump_group_filter_and_stdin_load(
    project: Path, cli: Cli, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    cli.json("add", "project only")
    cli.json("add", "--scope", "global", "global only")
    text = cli("dump", "--group", "global", "--format", "jsonl").stdout
    assert [json.loads(line)["body"] for line in text.splitlines()[1:]] == ["global only"]
    monkeypatch.setenv("GRAPHMEM_HOME", str(tmp_path / "fresh"))
    assert cli.json("load", "-", input=text)["groups"] == {"global": 1}


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("hello\n", "not a graphmem dump"),
        ("", "not a graphmem dump"),
        ('{"graphmem_dump": 1}\n{broken\n', "line 2: not JSON"),
        ('{"graphmem_dump": 1}\n{"uuid": "x"}\n', "line 2: episode field `group_id` is missing"),
        (
            '{"graphmem_dump": 1}\n'
            + json.dumps(
                {
                    **{
                        k: "x"
                        for k in (
                            "uuid",
                            "group_id",
                            "name",
                            "body",
                            "source_description",
                            "kind",
                            "origin",
                            "created_at",
                        )
                    },
                    "session_id": None,
                    "source": "video",
                }
            )
            + "\n",
            "line 2: episode field `source` input should be 'text', 'message' or 'json'",
        ),
        ("<!-- graphmem dump v1 -->\n<!-- episode {} -->\nno fence\n", "fence missing"),
        ("<!-- graphmem dump v1 -->\n<!-- episode {} -->\n````text\nunclosed\n", "not closed"),
    ],
)
def test_bad_dumps_are_refused_and_load_nothing(
    project: Path, cli: Cli, tmp_path: Path, content: str, message: str
) -> None:
    bad = tmp_path / "bad.md"
    bad.write_text(content)
    result = cli("load", str(bad))
    assert result.exit_code == 6
    assert message in result.stderr
    assert cli.json("status")["episodes"] == {}


def test_invalid_utf8_dump_is_refused(project: Path, cli: Cli, tmp_path: Path) -> None:
    bad = tmp_path / "bad.md"
    bad.write_bytes(b"<!-- graphmem dump v1 -->\n\xff\xfe")
    result = cli("load", str(bad))
    assert result.exit_code == 6 and "not UTF-8" in result.stderr


def test_loaded_group_ids_are_sanitized(project: Path, cli: Cli, tmp_path: Path) -> None:
    episode = Episode(group_id="team-a/../../etc", name="n", body="b")
    out = io.StringIO()
    transfer.write_jsonl(out, [(episode.group_id, [episode])])
    path = tmp_path / "d.jsonl"
    path.write_text(out.getvalue())
    assert cli.json("load", str(path))["groups"] == {"team_a_etc": 1}


def test_read_rejects_wrong_types() -> None:
    with pytest.raises(GraphmemError, match="field `uuid` input should be a valid string"):
        transfer.read(
            '{"graphmem_dump": 1}\n'
            + json.dumps(
                {
                    k: 1
                    for k in (
                        "uuid",
                        "group_id",
                        "name",
                        "source",
                        "source_description",
                        "kind",
                        "origin",
                        "session_id",
                        "created_at",
                        "body",
                    )
                }
            )
        )


SECRET = "ghp_16C7e42F292c6912E7710c838347Ae178B4a"


def jsonl_dump(path: Path, **fields: object) -> Path:
    record = {
        "uuid": "0b6e8a52-5f7e-4d5e-9a57-2f0c8e3c1a11",
        "group_id": "g",
        "name": "n",
        "body": "b",
        "source": "text",
        "source_description": "",
        "kind": "memory",
        "origin": "load",
        "session_id": None,
        "created_at": "2026-01-02T03:04:05.000000Z",
        **fields,
    }
    path.write_text(json.dumps(transfer.JSONL_HEADER) + "\n" + json.dumps(record) + "\n")
    return path


def test_load_redacts_every_text_field(project: Path, cli: Cli, tmp_path: Path) -> None:
    dump = jsonl_dump(
        tmp_path / "d.jsonl",
        name=f"token {SECRET}",
        source_description=f"from {SECRET}",
        origin=f"cli {SECRET}",
        session_id=SECRET,
        body="the body",
    )
    assert cli.json("load", str(dump))["added"] == 1
    stored = cli("dump", "--all", "--format", "jsonl").stdout
    assert SECRET not in stored and "[REDACTED:github_token]" in stored


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"kind": "correction", "created_at": "9999-01-01T00:00:00Z"}, "must not be in the future"),
        ({"kind": "pinned"}, "field `kind`"),
        ({"created_at": "yesterday"}, "iso 8601"),
        ({"forgotten_at": "9999-01-01T00:00:00Z"}, "field `forgotten_at`"),
    ],
)
def test_load_refuses_made_up_kinds_and_dates(
    project: Path, cli: Cli, tmp_path: Path, fields: dict[str, object], message: str
) -> None:
    result = cli("load", str(jsonl_dump(tmp_path / "d.jsonl", **fields)))
    assert result.exit_code == 6 and message in result.stderr
    assert cli.json("status")["episodes"] == {}
