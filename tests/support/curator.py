"""A scripted curator, for `curate_command` and for the model stub answering a curation prompt.

`answer(prompt, template)` fills the template's `<<T:words>>` and `<<M:words>>` with the handle
the prompt gave the session entry or memory holding those words, as a real curator would cite
them. Run as a script: `curator.py ANSWER_FILE [PROMPT_COPY]` reads the prompt on stdin, keeps a
copy, and prints the filled answer.
"""

from __future__ import annotations

import re
import sys
from pathlib import Path


def handle_of(prompt: str, kind: str, words: str) -> str:
    if kind == "M":
        for line in prompt.splitlines():
            found = re.match(r"\[(M\d+)\] (.*)", line)
            if found and words in found.group(2):
                return found.group(1)
    else:
        for found in re.finditer(r"^\[(T\d+)\]\n(.*?)(?=^\[T\d+\]\n|\Z)", prompt, re.M | re.S):
            if words in found.group(2):
                return found.group(1)
    return f"{kind}404"  # not shown: graphmem must refuse the answer


def answer(prompt: str, template: str) -> str:
    return re.sub(
        r"<<([TM]):(.*?)>>", lambda m: handle_of(prompt, m.group(1), m.group(2)), template
    )


if __name__ == "__main__":
    text = sys.stdin.read()
    if len(sys.argv) > 2:
        Path(sys.argv[2]).write_text(text)
    sys.stdout.write(answer(text, Path(sys.argv[1]).read_text()))
