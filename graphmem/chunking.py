"""Split a document into episodes of at most `cap` characters.

Paragraphs (split on blank lines) are packed together up to the cap, because each episode costs
an LLM extraction on a graph server and one per paragraph is wasteful. A paragraph over the cap is
split into sentences packed the same way; a sentence still over it is hard-cut.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator

_PARAGRAPH_BREAK = re.compile(r"\n[ \t]*\n+")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+")
_PARAGRAPH_JOIN = "\n\n"


def _pack(pieces: Iterable[str], cap: int, joiner: str) -> Iterator[str]:
    current = ""
    for piece in pieces:
        candidate = f"{current}{joiner}{piece}" if current else piece
        if len(candidate) <= cap:
            current = candidate
            continue
        if current:
            yield current
        current = piece
    if current:
        yield current


def _hard_cut(text: str, cap: int) -> Iterator[str]:
    for start in range(0, len(text), cap):
        yield text[start : start + cap]


def _fit(paragraph: str, cap: int) -> Iterator[str]:
    """A paragraph as pieces of at most `cap`: itself, its sentences, or cuts of a sentence."""
    if len(paragraph) <= cap:
        yield paragraph
        return
    for sentence in _SENTENCE_END.split(paragraph):
        yield from _hard_cut(sentence, cap) if len(sentence) > cap else [sentence]


def chunk(text: str, cap: int) -> list[str]:
    if cap <= 0:
        raise ValueError("chunk size must be positive")
    paragraphs = (p.strip() for p in _PARAGRAPH_BREAK.split(text.replace("\r\n", "\n")))
    chunks: list[str] = []
    short: list[str] = []  # consecutive paragraphs that fit, waiting to be packed together
    for paragraph in filter(None, paragraphs):
        if len(paragraph) <= cap:
            short.append(paragraph)
            continue
        chunks.extend(_pack(short, cap, _PARAGRAPH_JOIN))
        short = []
        chunks.extend(_pack(_fit(paragraph, cap), cap, " "))
    chunks.extend(_pack(short, cap, _PARAGRAPH_JOIN))
    return chunks
