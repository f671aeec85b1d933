"""A rule: a regex tried only where one of its literal triggers occurs, and the gate that skips
rules whose triggers a text cannot hold. Also the pieces every family shares: markers, finders,
token boundaries, and bounded looks at the line or name before a match."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from functools import cached_property

from graphmem import patterns
from graphmem.record import record

MARKER_PREFIX = "[REDACTED:"
_MARKER = re.compile(r"\[REDACTED:[a-z_]+\]")

# A finder turns a regex match into (kind, start, end) of the secret to replace (or a list of
# them, in order, for a match that holds several: a cookie header), or None to keep it.
_Span = tuple[str, int, int]
_Found = _Span | list[_Span] | None
_Finder = Callable[[re.Match[str]], _Found]


@record(frozen=True)
class _Rule:
    """A regex whose every match starts at one of its literal triggers.

    Finding the triggers with `str.find` and matching only there is what keeps ordinary text cheap:
    a regex scan would try every position. The regex is compiled on first use, so a hook process
    pays only for the rules its text triggers.
    """

    regex: str
    find: _Finder
    triggers: tuple[str, ...]
    fold: bool = False  # case-insensitive: triggers are lower-case and sought in lowered text
    needs: str = ""  # a rarer string the text must hold, sought once before many short triggers
    # A cheap test of (text, trigger position), tried before the regex: a rule whose triggers are
    # common (a prompt's `$ `) and whose regex is long runs it only where the test passes.
    before: Callable[[str, int], bool] | None = None
    # Triggers of letters alone (a vocabulary): a redaction never makes one, so the text's first
    # words gate them, not the words grown by the lines redactions changed (on text dense with
    # secrets those grow to the text, and a vocabulary's hundreds of gates would scan it all).
    stable: bool = False

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        return patterns.compile(self.regex, re.IGNORECASE if self.fold else 0)

    @cached_property
    def _gated(self) -> tuple[str, tuple[tuple[str, str], ...], tuple[tuple[str, str], ...]]:
        """The gate of `needs`, and each trigger's: all of them, and the ASCII ones (an ASCII
        text, which `str.isascii` tells at once, cannot hold the others)."""
        gated = tuple((t, _gate(t)) for t in self.triggers)
        return _gate(self.needs), gated, tuple(g for g in gated if g[1].isascii())

    def matches(
        self, text: str, folded: str, done: list[int], words: str | None = None
    ) -> Iterator[re.Match[str]]:
        """Matches at the triggers; `done[0]` is where the caller's last redaction ended, and
        no match is tried inside it (a text of back-to-back secrets costs one pass, not one per
        trigger). Given `words` (see `_Words`), a trigger that cannot occur is not sought: a
        find there costs a fraction of one in the text, and most rules end there."""
        haystack = folded if self.fold else text
        triggers = self.triggers
        if words is not None:
            needs, gated, ascii_gated = self._gated
            if needs not in words:
                return
            triggers = tuple(
                t for t, gate in (ascii_gated if words.isascii() else gated) if gate in words
            )
        if self.needs not in haystack:
            return
        starts = sorted({i for t in triggers for i in _occurrences(haystack, t)})
        if not starts:
            return
        before = self.before
        if len(haystack) != len(text):  # lower() grew a character: positions do not carry over
            for found in self.pattern.finditer(text):
                if before is None or before(text, found.start()):
                    yield found
            return
        for start in starts:
            if start < done[0] or (before is not None and not before(text, start)):
                continue
            match = self.pattern.match(text, start)
            if match is not None:
                yield match


def _gate(trigger: str) -> str:
    """The longest piece of `trigger` with no whitespace in it, lower-cased: wherever the trigger
    occurs, this piece lies inside one of the text's whitespace-separated words."""
    return max(trigger.lower().split() or [""], key=len)


class _Words:
    """The text's distinct whitespace-separated words, lower-cased, one a line: what rule gates
    are sought in. Ordinary text repeats its words, so this is a fraction of the text, and
    finding ~150 triggers there costs less than finding them in the text. A redaction keeps it a
    superset: the lines that now hold a marker are added (a word is never cut by a line break),
    and when that would outgrow the text, the text itself serves."""

    def __init__(self, folded: str) -> None:
        self.words = self.first = "\n".join(set(folded.split()))

    def redacted(self, text: str, folded: str, markers: list[int]) -> None:
        """`text` is the new text, `folded` its lowered form, `markers` where its markers start."""
        if len(folded) != len(text):  # lower() grew a character: positions do not carry over
            self.words = folded
            return
        lines = []
        line_end = -1
        for at in markers:
            if at > line_end:
                line_end = folded.find("\n", at) % (len(folded) + 1)  # -1: the text's end
                lines.append(folded[folded.rfind("\n", 0, at) + 1 : line_end])
        size = len(self.words) + sum(map(len, lines))
        self.words = folded if size >= len(folded) else "\n".join((self.words, *lines))


def _occurrences(haystack: str, needle: str) -> Iterator[int]:
    at = haystack.find(needle)
    while at != -1:
        yield at
        at = haystack.find(needle, at + 1)


def _whole(kind: str) -> _Finder:
    return lambda m: (kind, m.start(), m.end())


def _rule(regex: str, find: _Finder, *triggers: str) -> _Rule:
    return _Rule(regex, find, triggers)


_B = r"(?<![A-Za-z0-9_-])"  # a token starts at a boundary: `sk-` inside `task-list` is no key
_E = r"(?![A-Za-z0-9_-])"


def _line_start(text: str, at: int, most: int = 300) -> int:
    """Where the line holding `at` starts, looking back `most` characters at most: a text of
    many triggers on one line must not cost a scan to its start per trigger."""
    floor = max(0, at - most)
    newline = text.rfind("\n", floor, at)
    return newline + 1 if newline != -1 else floor


# Every quantifier above is bounded: a value is at most 512 characters, so a text made of
# thousands of triggers costs each of them a bounded scan, never one to the end of the text.
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")


def _name_start(text: str, end: int) -> int:
    start = end
    while start > 0 and text[start - 1] in _NAME_CHARS:
        start -= 1
    return start
