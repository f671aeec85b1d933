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


# -- what a walk or a glob may read (issue 13.4) -----------------------------------------------


def ingested(cli: Cli) -> str:
    lines = cli("dump", "--format", "jsonl").stdout.splitlines()[1:]
    return "\n".join(json.loads(line)["name"] + "\n" + json.loads(line)["body"] for line in lines)


def test_symlinks_leading_out_of_the_tree_are_not_followed(
    project: Path, cli: Cli, tmp_path: Path
) -> None:
    outside = tmp_path / "elsewhere"
    (outside / "dir").mkdir(parents=True)
    (outside / "shadow").write_text("root:OUTSIDE-SHADOW-LINE:19000:0:99999:7:::\n")
    (outside / "dir" / "inner.md").write_text("OUTSIDE-DIR-TEXT\n")
    docs = project / "docs"
    docs.mkdir()
    (docs / "real.md").write_text("The real notes about the release process.\n")
    (docs / "notes.md").symlink_to(outside / "shadow")
    (docs / "linked-dir").symlink_to(outside / "dir")
    (docs / "alias.md").symlink_to(docs / "real.md")  # stays inside: read
    report = cli.json("ingest", "docs")
    actions = {f["path"]: (f["action"], f["reason"]) for f in report["files"]}
    assert actions["docs/notes.md"] == ("skipped", "symlink to outside docs (not followed)")
    assert actions["docs/linked-dir"][0] == "skipped"
    assert "outside" in actions["docs/linked-dir"][1]
    assert actions["docs/real.md"][0] == "added"
    text = ingested(cli)
    assert "OUTSIDE" not in text and str(outside) not in json.dumps(report)
    plain = cli("ingest", "docs", "--dry-run")
    assert "docs/notes.md (symlink to outside docs (not followed))" in plain.stderr


def test_globs_do_not_follow_symlinks_out_of_their_directory(
    project: Path, cli: Cli, tmp_path: Path
) -> None:
    (tmp_path / "netrc").write_text("machine api.example.com login me password OUTSIDE-PW\n")
    (project / "docs").mkdir()
    (project / "docs" / "a.md").write_text("Alpha notes.\n")
    (project / "docs" / "b.md").symlink_to(tmp_path / "netrc")
    report = cli.json("ingest", "docs/*.md")
    actions = {f["path"]: f["action"] for f in report["files"]}
    assert actions == {"docs/a.md": "added", "docs/b.md": "skipped"}
    assert "OUTSIDE-PW" not in ingested(cli)


SECRET_FILES = [
    ".env",
    ".env.local",
    ".env.production",
    "server.pem",
    "tls/server.key",
    "id_rsa",
    "id_ed25519",
    ".ssh/id_ecdsa",
    ".netrc",
    ".npmrc",
    ".pypirc",
    ".pgpass",
    ".git-credentials",
    "infra/terraform.tfstate",
    "infra/terraform.tfstate.backup",
    "credentials",
    "credentials.json",
    ".aws/credentials",
    "gcp/service-account-credentials.json",
    ".kube/config",
    ".docker/config.json",
    "store.p12",
    "release.jks",
    ".bash_history",
]
HARMLESS_FILES = ["id_rsa.pub", "identity.md", "keys.md", "environment.md", "tokens.py", "env.md"]


def test_files_that_are_secrets_by_name_are_skipped_unless_named(project: Path, cli: Cli) -> None:
    root = project / "repo"
    for name in SECRET_FILES + HARMLESS_FILES:
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(f"content of <{name}>\n")
    (root / "notes.md").symlink_to(root / ".env")  # an innocent name for a secret file
    report = cli.json("ingest", "repo")
    actions = {f["path"].removeprefix("repo/"): (f["action"], f["reason"]) for f in report["files"]}
    for name in [*SECRET_FILES, "notes.md"]:
        assert actions[name] == ("skipped", "secret by name (name the file itself to ingest it)")
    for name in HARMLESS_FILES:
        assert actions[name][0] == "added", name
    text = ingested(cli)
    assert not [n for n in SECRET_FILES if f"<{n}>" in text]
    assert cli.json("ingest", "repo/**/*")["summary"].get("added", 0) == 0  # globs skip them too
    named = cli.json("ingest", "repo/.env", "repo/id_rsa")
    assert [f["action"] for f in named["files"]] == ["added", "added"]
    assert "<.env>" in ingested(cli)
