"""`graphmem ingest`: chunking, file discovery, and the manifest that makes re-runs cheap."""

from __future__ import annotations

import json
import re
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.chunking import chunk
from tests.conftest import Cli


def words(text: str) -> list[str]:
    return re.findall(r"\S+", text)


@given(st.text(alphabet=st.sampled_from("ab .!?\n\t"), max_size=3000), st.integers(5, 300))
@settings(max_examples=300)
def test_chunks_fit_the_cap_and_keep_every_character(text: str, cap: int) -> None:
    chunks = chunk(text, cap)
    assert all(0 < len(c) <= cap for c in chunks)
    assert "".join("".join(words(c)) for c in chunks) == "".join(words(text))


def test_small_paragraphs_are_packed_long_ones_split_by_sentence() -> None:
    text = "Short one.\n\nShort two.\n\n" + "A long sentence here. " * 20 + "\n\nTail."
    chunks = chunk(text, 100)
    assert chunks[0] == "Short one.\n\nShort two."
    assert all(c.startswith("A long") and c.endswith("here.") for c in chunks[1:-1])
    assert chunks[-1] == "Tail."


def test_a_sentence_longer_than_the_cap_is_hard_cut() -> None:
    assert chunk("x" * 250, 100) == ["x" * 100, "x" * 100, "x" * 50]


def make_docs(root: Path) -> Path:
    docs = root / "docs"
    (docs / "guide").mkdir(parents=True)
    (docs / "index.md").write_text("# Index\n\nWelcome to the shop API.\n")
    (docs / "guide" / "auth.md").write_text("# Auth\n\nTokens expire after 15 minutes.\n")
    (docs / "logo.png").write_bytes(b"\x89PNG\r\n\x1a\n\0\0")
    (docs / "data.bin2").write_bytes(b"abc\0def")
    (docs / "latin1.txt").write_bytes("caf\xe9".encode("latin-1"))
    (docs / "empty.md").write_text("")
    for skipped in ("node_modules", ".git", "build", "__pycache__"):
        (docs / skipped).mkdir()
        (docs / skipped / "x.md").write_text("should not be ingested")
    return docs


def test_directories_are_walked_skipping_vcs_build_and_binaries(project: Path, cli: Cli) -> None:
    make_docs(project)
    report = cli.json("ingest", "docs")
    actions = {f["path"]: (f["action"], f["reason"]) for f in report["files"]}
    assert actions["docs/index.md"][0] == "added"
    assert actions["docs/guide/auth.md"][0] == "added"
    skipped = {Path(p).name: reason for p, (a, reason) in actions.items() if a == "skipped"}
    assert skipped == {
        "logo.png": "binary file",
        "data.bin2": "binary file",
        "latin1.txt": "not UTF-8 text (byte 3)",
        "empty.md": "empty",
    }
    assert not any("should not" in h["snippet"] for h in cli.json("search", "ingested"))
    hits = cli.json("search", "tokens expire")
    assert [h["name"] for h in hits] == ["docs/guide/auth.md"]


def test_rerun_skips_unchanged_replaces_changed_and_prunes_deleted(project: Path, cli: Cli) -> None:
    docs = make_docs(project)
    cli.json("ingest", "docs")
    second = cli.json("ingest", "docs")
    assert second["summary"]["unchanged"] == 2 and second["chunks_written"] == 0

    (docs / "guide" / "auth.md").write_text("# Auth\n\nTokens now expire after 60 minutes.\n")
    (docs / "index.md").unlink()
    third = cli.json("ingest", "docs")
    assert {f["path"]: f["action"] for f in third["files"]}["docs/guide/auth.md"] == "replaced"
    assert cli.json("search", "15") == []
    assert cli.json("search", "60 minutes")[0]["name"] == "docs/guide/auth.md"
    assert cli.json("search", "welcome shop")  # deleted file kept until --prune

    pruned = cli.json("ingest", "docs", "--prune")
    assert [f["path"] for f in pruned["files"] if f["action"] == "pruned"] == ["docs/index.md"]
    assert cli.json("search", "welcome shop") == []


def test_prune_only_touches_the_paths_given(project: Path, cli: Cli) -> None:
    make_docs(project)
    (project / "notes.md").write_text("Release notes: version 2 ships soon.\n")
    cli.json("ingest", "docs", "notes.md")
    cli.json("ingest", "docs", "--prune")
    assert cli.json("search", "release notes")


def test_dry_run_writes_nothing(project: Path, cli: Cli) -> None:
    make_docs(project)
    plan = cli.json("ingest", "docs", "--dry-run")
    assert plan["dry_run"] and plan["summary"]["added"] == 2
    assert cli.json("status")["episodes"] == {}


def test_globs_names_groups_and_chunk_size(project: Path, cli: Cli) -> None:
    make_docs(project)
    long = project / "docs" / "long.md"
    long.write_text("\n\n".join(f"Paragraph {i} " + "word " * 60 for i in range(10)))
    report = cli.json(
        "ingest",
        "docs/**/*.md",
        "--group",
        "docs-site",
        "--name",
        "Handbook",
        "--chunk-chars",
        "700",
    )
    assert report["summary"]["added"] == 3
    status = cli.json("status")["episodes"]
    assert list(status) == ["docs_site"] and status["docs_site"] > 3
    dumped = cli("dump", "--group", "docs_site", "--format", "jsonl").stdout.splitlines()[1:]
    names = [json.loads(line)["name"] for line in dumped]
    long_names = [n for n in names if "long.md" in n]
    assert len(long_names) > 1
    assert all(n.startswith("Handbook: docs/long.md [") for n in long_names)
    assert "Handbook: docs/index.md" in names


def test_json_source_keeps_each_file_whole(project: Path, cli: Cli) -> None:
    (project / "a.json").write_text('{"service": "billing", "owner": "team-payments"}')
    (project / "bad.json").write_text("{not json")
    report = cli.json("ingest", "a.json", "bad.json", "--source", "json")
    actions = {f["path"]: f for f in report["files"]}
    assert actions["a.json"]["chunks"] == 1
    assert actions["bad.json"]["reason"].startswith("not valid JSON")


def test_huge_file_is_chunked(project: Path, cli: Cli) -> None:
    big = project / "big.md"
    big.write_text(("Lorem ipsum dolor sit amet. " * 30 + "\n\n") * 2000)  # ~1.7 MB
    report = cli.json("ingest", "big.md")
    assert report["chunks_written"] >= 200


def test_missing_path_is_an_input_error(project: Path, cli: Cli) -> None:
    result = cli("ingest", "nope/")
    assert result.exit_code == 6 and "no such file" in result.stderr


def test_plain_progress_lines_in_ci(project: Path, cli: Cli) -> None:
    make_docs(project)
    result = cli("ingest", "docs")
    assert "added     docs/index.md (1 chunks)" in result.stderr
    assert "2 added" in result.stdout


def test_a_changed_file_keeps_the_episodes_of_its_unchanged_chunks(project: Path, cli: Cli) -> None:
    doc = project / "guide.md"
    paragraphs = [f"Section {i}: " + f"detail{i} " * 60 for i in range(4)]
    doc.write_text("\n\n".join(paragraphs))
    cli.json("ingest", "guide.md", "--chunk-chars", "500")

    def chunks() -> dict[str, str]:
        lines = cli("dump", "--format", "jsonl").stdout.splitlines()[1:]
        return {json.loads(x)["body"]: json.loads(x)["uuid"] for x in lines}

    before = chunks()
    assert len(before) == 4
    paragraphs[2] = "Section 2 was rewritten entirely. " * 10
    doc.write_text("\n\n".join(paragraphs))
    report = cli.json("ingest", "guide.md", "--chunk-chars", "500")
    assert report["summary"] == {"replaced": 1}
    after = chunks()
    assert len(after) == 4
    unchanged = [p.strip() for i, p in enumerate(paragraphs) if i != 2]
    assert all(after[body] == before[body] for body in unchanged)  # same episodes, not re-sent
    assert "Section 2 was rewritten entirely." in next(b for b in after if b not in before)
