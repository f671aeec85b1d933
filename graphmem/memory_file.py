"""`memory_file`: the curated project facts in a file of the project, for teammates without
graphmem. graphmem owns only the section between its markers; the rest of the file is the user's.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

BEGIN = "<!-- graphmem:begin: curated facts, rewritten by `graphmem curate`; edit outside -->"
END = "<!-- graphmem:end -->"
HEADING = "## Project memory (curated by graphmem)"


def section(facts: Sequence[str]) -> str:
    lines = [f"- {' '.join(f.split())}" for f in facts] or ["(nothing curated yet)"]
    return "\n".join([BEGIN, HEADING, "", *lines, END])


def target(root: str, name: str) -> str:
    """The file `name` inside the project `root`; ValueError when it would be elsewhere."""
    path = os.path.normpath(os.path.join(root, name))
    if os.path.isabs(name) or os.path.relpath(path, root).startswith(os.pardir):
        raise ValueError(f"memory_file must be a path inside the project, not {name!r}")
    return path


def update(path: str, facts: Sequence[str]) -> None:
    """Replace graphmem's section of `path` (appended when absent; the file created when
    missing). Never follows a symlink: a repository could point one anywhere."""
    if os.path.islink(path):
        raise ValueError(f"{path} is a symlink; graphmem writes only a regular file")
    try:
        with open(path, encoding="utf-8") as fh:
            text = fh.read()
    except FileNotFoundError:
        text = ""
    start, end = text.find(BEGIN), text.find(END)
    if start >= 0 and end > start:
        text = text[:start] + section(facts) + text[end + len(END) :]
    else:
        text = (text.rstrip("\n") + "\n\n" if text.strip() else "") + section(facts) + "\n"
    temp = f"{path}.graphmem-{os.getpid()}"
    with open(temp, "w", encoding="utf-8") as fh:
        fh.write(text)
    os.replace(temp, path)
