"""Curation's parts that know nothing of the store: the prompt, the curator, its answer.

The curator is the user's own agent run headless (or any command set as `curate_command`): it is
shown the prompt in curate_prompt.md and answers with strict JSON, validated here with pydantic.
An answer that does not validate in full is refused in full: nothing of it is applied.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import subprocess
from collections.abc import Sequence
from importlib import resources
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError

from graphmem.detach import CURATING_ENV
from graphmem.errors import Exit, GraphmemError

MAX_OPERATIONS = 12
MAX_FACT_CHARS = 400
MAX_ANSWER_BYTES = 256 * 1024  # more than any honest answer: the rest is not read
MAX_PROMPT_CHARS = 100_000  # one argv string may hold 128 KiB on Linux

# Each host run headless with only what curation needs: no tools, no MCP servers, no plugins,
# nothing saved as a session of the user's. The prompt is the last argument.
HOST_COMMANDS = {
    "claude-code": [
        "claude",
        "-p",
        "--tools",
        "",
        "--strict-mcp-config",
        "--disable-slash-commands",
        "--no-session-persistence",
    ],
    "opencode": ["opencode", "run", "--pure"],
    "pi": ["pi", "-p", "--no-tools", "--no-extensions", "--no-session"],
}

# Markup that could open or close recall's fence, or pass for the host's own framing.
_MARKUP = re.compile(r"</?\s*[a-z][\w-]*[^>]*>|```|<!--", re.IGNORECASE)
_HANDLE = re.compile(r"[TM][0-9]{1,4}")


def _one_line(text: str) -> str:
    if "\n" in text or "\r" in text:
        raise ValueError("a fact is one line")
    if _MARKUP.search(text):
        raise ValueError("a fact holds no markup")
    return text


Fact = Annotated[
    str, StringConstraints(strip_whitespace=True, min_length=3, max_length=MAX_FACT_CHARS)
]
Handle = Annotated[str, StringConstraints(pattern=_HANDLE.pattern)]


class _Op(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    text: Fact
    scope: Literal["project", "global"] = "project"
    turns: list[Handle] = Field(min_length=1, max_length=50)

    def model_post_init(self, _: object) -> None:
        _one_line(self.text)


class Add(_Op):
    op: Literal["add"]


class Supersede(_Op):
    op: Literal["supersede"]
    memory: Handle


class Answer(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)

    operations: list[Annotated[Add | Supersede, Field(discriminator="op")]] = Field(
        max_length=MAX_OPERATIONS
    )


class Refused(GraphmemError):
    """The curator's answer is not one graphmem applies; nothing of it was."""

    def __init__(self, message: str) -> None:
        super().__init__(message, Exit.INPUT)


def template() -> str:
    return resources.files("graphmem").joinpath("curate_prompt.md").read_text(encoding="utf-8")


def prompt(
    memories: Sequence[tuple[str, str]], turns: Sequence[tuple[str, str]]
) -> tuple[str, list[str]]:
    """The prompt, with (handle, text) of each existing memory and each session entry, and the
    handles of the entries shown: those past MAX_PROMPT_CHARS wait for the next run."""
    mem = "\n".join(f"[{h}] {t}" for h, t in memories) or "(none)"
    head = template().replace("<<MEMORIES>>", mem)
    room = MAX_PROMPT_CHARS - len(head)
    entries: list[str] = []
    shown: list[str] = []
    for handle, text in turns:
        entry = f"[{handle}]\n{text}\n"
        if shown and room < len(entry):
            break
        entries.append(entry[: max(room, 200)])
        shown.append(handle)
        room -= len(entry)
    return head.replace("<<TURNS>>", "\n".join(entries)), shown


def parse(raw: str, turns: set[str], memories: set[str]) -> Answer:
    """The curator's output as a validated answer, or Refused saying why."""
    text = raw.strip()
    fenced = re.fullmatch(r"```(?:json)?\s*(.*?)\s*```", text, re.DOTALL)
    if fenced:  # the one wrapping models add despite being asked not to
        text = fenced.group(1)
    start, end = text.find("{"), text.rfind("}")
    if start < 0 or end < start:
        raise Refused("the curator's answer holds no JSON object")
    try:
        answer = Answer.model_validate_json(text[start : end + 1])
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(p) for p in first["loc"])
        raise Refused(
            f"the curator's answer is not valid ({exc.error_count()} errors; {where}: "
            f"{first['msg']})"
        ) from None
    for op in answer.operations:
        unknown = set(op.turns) - turns
        if isinstance(op, Supersede) and op.memory not in memories:
            unknown.add(op.memory)
        if unknown:
            raise Refused(f"the curator's answer names ids it was not shown: {sorted(unknown)}")
    return answer


def command(configured: str, host: str) -> tuple[list[str], bool]:
    """The curator's argv, and whether the prompt goes on stdin (a configured command) rather
    than as the last argument (a host run headless)."""
    if configured:
        argv = shlex.split(configured)
        if not argv:
            raise GraphmemError("curate_command is empty")
        return argv, True
    if host not in HOST_COMMANDS:
        raise GraphmemError(
            f"no curator for host {host or 'unknown'!r}: set curate_command (docs/curation.md)"
        )
    return list(HOST_COMMANDS[host]), False


def run(argv: Sequence[str], text: str, *, stdin: bool, timeout: float, cwd: str) -> str:
    """Run the curator on `text`; its stdout. It runs in its own process group, killed whole at
    `timeout`, with CURATING_ENV set so graphmem's hooks inside it do nothing."""
    args = list(argv) if stdin else [*argv, text]
    try:
        proc = subprocess.Popen(
            args,
            cwd=cwd,
            env={**os.environ, CURATING_ENV: "1"},
            stdin=subprocess.PIPE if stdin else subprocess.DEVNULL,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
        )
    except FileNotFoundError:
        raise GraphmemError(f"the curator {argv[0]!r} is not installed (or not on PATH)") from None
    except OSError as exc:
        raise GraphmemError(f"the curator {argv[0]!r} could not start: {exc}") from None
    try:
        out, err = proc.communicate(text.encode() if stdin else None, timeout=timeout)
    except subprocess.TimeoutExpired:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.communicate()
        raise GraphmemError(
            f"the curator {argv[0]!r} ran over {timeout:g} s and was killed"
        ) from None
    if proc.returncode != 0:
        why = err.decode(errors="replace").strip().splitlines()[-1:] or ["no message"]
        raise GraphmemError(f"the curator {argv[0]!r} failed (exit {proc.returncode}): {why[0]}")
    return out[:MAX_ANSWER_BYTES].decode(errors="replace")
