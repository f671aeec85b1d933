"""Builders for synthetic Claude Code transcript lines (JSONL), shaped like the real ones."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any


def user(content: Any, **extra: Any) -> dict[str, Any]:
    return {"type": "user", "message": {"role": "user", "content": content}, **extra}


def assistant(*blocks: dict[str, Any], **extra: Any) -> dict[str, Any]:
    return {"type": "assistant", "message": {"role": "assistant", "content": list(blocks)}, **extra}


def text(value: str) -> dict[str, Any]:
    return {"type": "text", "text": value}


def call(call_id: str, tool: str, **args: Any) -> dict[str, Any]:
    return {"type": "tool_use", "id": call_id, "name": tool, "input": args}


def result(call_id: str, content: Any, is_error: bool = False) -> dict[str, Any]:
    block = {"type": "tool_result", "tool_use_id": call_id, "content": content}
    return user([{**block, "is_error": is_error}])


def line(entry: Any) -> bytes:
    return json.dumps(entry, separators=(",", ":"), ensure_ascii=False).encode() + b"\n"


def write(path: Path, *entries: Any, mode: str = "wb") -> None:
    with open(path, mode) as fh:
        for entry in entries:
            fh.write(entry if isinstance(entry, bytes) else line(entry))
