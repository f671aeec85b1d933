"""Every text graphmem shortens is redacted whole first: a cut never keeps part of a secret.

Each test puts a secret across one cut (the turn's tail cut, episode names, tool summaries, error
lines, ingest chunks) and checks what was stored.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import Cli
from tests.support.transcripts import assistant, call, result, text
from tests.test_hooks import Session, stored


@pytest.fixture
def session(project: Path) -> Session:
    return Session(project)


PASSWORD = "Zq7-Wv9xK2mP4e"
_KEY_LINES = [("MIIEow" + "AbCdEfGhIjKlMnOpQrStUvWxYz0123456789+/" * 2)[:64]] * 30
PEM = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    + "\n".join(f"{line[:60]}{i:04d}" for i, line in enumerate(_KEY_LINES))
    + "\n-----END RSA PRIVATE KEY-----"
)
KEY_BODY = PEM.splitlines()[1:-1]


def _leaks(body: str, secret_lines: list[str]) -> list[str]:
    return [line for line in secret_lines if line in body]


def test_turn_tail_cut_keeps_no_key_body_after_dropping_the_begin_line(
    session: Session, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_EPISODE_CHARS", "2000")
    # The BEGIN line lies before the last 2,000 chars, most of the body after them.
    answer = "Here is the key you asked for:\n" + PEM + "\n" + "Done, stored it. " * 20
    prompt = "show me the deploy key. " + "Some background on the deploy. " * 100
    session.turn(prompt, assistant(text(answer)))
    session.send("Stop", stop_hook_active=True)
    (episode,) = stored(cli)
    assert episode["body"].startswith("[… earlier part cut …]")
    assert _leaks(episode["body"], KEY_BODY) == []
    assert "Done, stored it." in episode["body"]


def test_turn_tail_cut_never_keeps_what_an_opening_private_tag_protects(
    session: Session, cli: Cli, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("GRAPHMEM_EPISODE_CHARS", "1000")
    hidden = "\n".join(f"customer {i}: Jane Roe, 12 Elm St" for i in range(60))
    answer = "Noted.\n<private>\n" + hidden + "\n</private>\nThe import works now."
    session.turn("import the customer list", assistant(text(answer)))
    session.send("Stop", stop_hook_active=True)
    (episode,) = stored(cli)
    assert "Jane Roe" not in episode["body"]
    assert episode["body"].endswith("The import works now.")


def _url(password_at: int, prefix: str = "postgres://") -> str:
    """A URL with no spaces whose password starts `password_at` chars into it."""
    user = "u" * (password_at - len(prefix) - 1)
    return f"{prefix}{user}:{PASSWORD}@db.internal:5432/shop"


def test_turn_name_is_cut_after_the_url_password_is_redacted(session: Session, cli: Cli) -> None:
    # A first line without spaces is cut hard at 80 chars, inside the password.
    session.turn(
        _url(74) + "\nplease migrate it",
        assistant(text("Connected and migrated the shop database, all fine.")),
    )
    session.send("Stop", stop_hook_active=True)
    (episode,) = stored(cli)
    assert PASSWORD[:4] not in episode["name"] and PASSWORD[:4] not in episode["body"]
    assert "postgres://uuu" in episode["name"]


def test_correction_name_is_cut_after_redaction(session: Session, cli: Cli) -> None:
    prompt = _url(74) + "\nNo, don't use that database, I told you to use the replica."
    session.context("UserPromptSubmit", prompt=prompt)
    (episode,) = stored(cli)
    assert episode["kind"] == "correction"
    assert PASSWORD[:4] not in episode["name"] and PASSWORD[:4] not in episode["body"]


def test_bash_summary_is_cut_after_redaction(session: Session, cli: Cli) -> None:
    command = "psql " + _url(65, "postgresql://") + " -c 'select 1'"
    session.turn(
        "check the database",
        assistant(text("Checking."), call("b1", "Bash", command=command)),
        result("b1", "1 row"),
        assistant(text("The database answers; one row came back as expected.")),
    )
    session.send("Stop", stop_hook_active=True)
    (episode,) = stored(cli)
    assert PASSWORD[:4] not in episode["body"]
    assert "ran `psql postgresql://uuu" in episode["body"]


def test_multi_line_command_is_redacted_whole_before_its_first_line_is_kept(
    session: Session, cli: Cli
) -> None:
    command = "cat > key.pem <<'EOF'\n" + PEM + "\nEOF"
    session.turn(
        "write the key file",
        assistant(text("Writing it."), call("b1", "Bash", command=command)),
        result("b1", ""),
        assistant(text("The key file is written and chmod 600 is next on the list.")),
    )
    session.send("Stop", stop_hook_active=True)
    (episode,) = stored(cli)
    assert "ran `cat > key.pem <<'EOF' …` (ok)" in episode["body"]
    assert _leaks(episode["body"], KEY_BODY) == []


def test_tool_argument_is_cut_after_redaction(session: Session, cli: Cli) -> None:
    url = _url(50, "https://")
    session.turn(
        "fetch the page",
        assistant(text("Fetching."), call("w1", "WebFetch", url=url, prompt="summarize")),
        result("w1", "a page"),
        assistant(text("Fetched the page; it lists the three endpoints we need to wrap.")),
    )
    session.send("Stop", stop_hook_active=True)
    body = stored(cli)[0]["body"]
    assert PASSWORD[:4] not in body and "used WebFetch https://uuu" in body


def test_error_line_is_cut_after_redaction(session: Session, cli: Cli) -> None:
    error = "fatal: could not connect to " + _url(150 - len("fatal: could not connect to "))
    session.turn(
        "deploy",
        assistant(text("Deploying."), call("b1", "Bash", command="./deploy.sh")),
        result("b1", error + "\nexit 1", is_error=True),
        assistant(text("The deploy failed because the registry refused the credentials.")),
    )
    session.send("Stop", stop_hook_active=True)
    body = stored(cli)[0]["body"]
    assert PASSWORD[:4] not in body
    assert "(error: fatal: could not connect to postgres://uuu" in body


def test_ingest_redacts_a_json_file_before_hard_cutting_it(project: Path, cli: Cli) -> None:
    # One long line: the chunker hard-cuts it at 8,000 chars, inside the key.
    pem = PEM + "\n"
    padding = "x" * (8_000 - 200)
    data = {"type": "service_account", "notes": padding, "private_key": pem}
    (project / "sa.json").write_text(json.dumps(data))
    assert json.dumps(data).index("-----BEGIN") < 8_000 < json.dumps(data).index("-----END")
    report = cli.json("ingest", "sa.json")
    assert report["chunks_written"] >= 1
    bodies = "\n".join(e["body"] for e in stored(cli))
    assert _leaks(bodies, KEY_BODY) == []
    assert "[REDACTED:private_key]" in bodies and "service_account" in bodies


def test_ingest_redacts_before_splitting_paragraphs(project: Path, cli: Cli) -> None:
    paragraphs = ["Intro paragraph about the deploy.", "<private>", PEM, "</private>", "Outro."]
    (project / "notes.md").write_text("\n\n".join(paragraphs))
    cli.json("ingest", "notes.md", "--chunk-chars", "300")
    bodies = "\n".join(e["body"] for e in stored(cli))
    assert _leaks(bodies, KEY_BODY) == [] and "BEGIN" not in bodies
    assert "Intro paragraph" in bodies and "Outro." in bodies
