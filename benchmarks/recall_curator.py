"""A scripted curator for the recall benchmark: a deterministic stand-in for the user's model.

Run as `curate_command`: it reads graphmem's curation prompt on stdin and prints the JSON answer.
Its one rule: a sentence of the user's prompt or the agent's answer that is specific (it holds a
digit, a capital past its first letter, or , ; : # ( ) = " %) is kept, word for word, as a
project fact; a kept sentence the correction detector flags supersedes the memory shown that
shares the most words with it (two at least). It reads only the prompt's entries and memories,
never the benchmark's questions or evidence. The generator's filler has none of those marks, so
the rule finds the planted sentences (and the lead-ins around them) as a model that reads well
would; docs/curation.md says what that means for the figure.
"""

from __future__ import annotations

import json
import re
import sys

from graphmem.curation import MAX_FACT_CHARS, MAX_OPERATIONS
from graphmem.hooks.corrections import classify_prompt

_ENTRY = re.compile(r"^\[(T\d+)\]\n(.*?)(?=^\[T\d+\]\n|\Z)", re.M | re.S)
_MEMORY = re.compile(r"^\[(M\d+)\] (.*)$", re.M)
_SENTENCE = re.compile(r"(?<=[.!?])\s+(?=[A-Z])")
_SPECIFIC = re.compile(r"[0-9,;:#=\"%]|.[A-Z]")
_WORD = re.compile(r"[a-z0-9_]{4,}")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def answer(prompt: str) -> dict[str, list[dict[str, object]]]:
    memories = {h: _words(t) for h, t in _MEMORY.findall(prompt.split("[T1]\n", 1)[0])}
    seen: set[str] = set()
    ops: list[dict[str, object]] = []
    for handle, entry in _ENTRY.findall(prompt):
        said = (ln.removeprefix("User: ").removeprefix("Assistant: ") for ln in entry.splitlines())
        for line in said:
            if line.startswith("Tools: "):
                continue
            for sentence in _SENTENCE.split(line.strip()):
                fact = re.sub(r"[<>`]", "", sentence).strip()
                if fact in seen or not _SPECIFIC.search(fact) or len(fact) > MAX_FACT_CHARS:
                    continue
                seen.add(fact)
                op: dict[str, object] = {"op": "add", "text": fact, "turns": [handle]}
                if classify_prompt(fact) == "correction" and memories:
                    shared, best = max((len(_words(fact) & w), h) for h, w in memories.items())
                    if shared >= 2:
                        op.update(op="supersede", memory=best)
                ops.append(op)
    return {"operations": ops[:MAX_OPERATIONS]}


if __name__ == "__main__":
    sys.stdout.write(json.dumps(answer(sys.stdin.read())))
