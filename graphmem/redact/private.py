"""``<private>...</private>`` blocks, dropped whole before any secret is sought."""

from __future__ import annotations

from graphmem import patterns

_PRIVATE_TAG = patterns.compile(r"<\s*(/\s*)?private(?=[\s/>])([^<>]*)>", patterns.IGNORECASE)


def _drop_private(text: str) -> tuple[str, int]:
    """Remove <private> blocks, counting top-level blocks; repeat because removal can join the
    halves of a tag (``<pri<private>x</private>vate>``) into a new one."""
    total = 0
    while True:
        text, removed, open_left = _drop_private_once(text)
        total += removed
        if not open_left:
            return text, total


def _drop_private_once(text: str) -> tuple[str, int, bool]:
    pieces: list[str] = []
    depth = removed = 0
    keep_from = 0
    for tag in _PRIVATE_TAG.finditer(text):
        closing = tag.group(1) is not None
        if not closing and tag.group(2).rstrip().endswith("/"):  # <private/> holds nothing
            if depth == 0:
                pieces.append(text[keep_from : tag.start()])
                keep_from = tag.end()
            continue
        if not closing:
            if depth == 0:
                pieces.append(text[keep_from : tag.start()])
                removed += 1
            depth += 1
        elif depth > 0:  # a stray </private> outside any block is harmless text: keep it
            depth -= 1
            if depth == 0:
                keep_from = tag.end()
    if depth == 0:
        pieces.append(text[keep_from:])
    out = "".join(pieces)
    joined = len(out) != len(text)  # only a removal can join the halves of a new tag
    open_left = joined and any(t.group(1) is None for t in _PRIVATE_TAG.finditer(out))
    return out, removed, open_left
