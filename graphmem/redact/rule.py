"""A rule: a regex tried only where one of its literal triggers occurs, and the gate that skips
rules whose triggers a text cannot hold. Also the pieces every family shares: markers, finders,
token boundaries, and bounded looks at the line or name before a match."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from functools import cached_property
from itertools import islice

from graphmem import patterns
from graphmem.record import record

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re

MARKER_PREFIX = "[REDACTED:"
_MARKER = patterns.compile(r"\[REDACTED:[a-z_]+\]")

# A finder turns a regex match into (kind, start, end) of the secret to replace (or a list of
# them, in order, for a match that holds several: a cookie header), or None to keep it.
_Span = tuple[str, int, int]
_Found = _Span | list[_Span] | None
_Finder = Callable[["re.Match[str]"], _Found]
_Gates = tuple[tuple[str, tuple[str, ...]], ...]  # (trigger, its gate: see `_gate`)


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
    # secrets those grow, and a vocabulary's hundreds of gates would scan them all).
    stable: bool = False
    # A regex one of the text's distinct words (lower-cased, a word a line) must match, for a rule
    # whose value is one word of a shape (`-p <random>`): sought once, after the triggers' gates,
    # so that a text of triggers and no such value costs no match at each of them.
    word: str = ""

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        return patterns.compile(self.regex, patterns.IGNORECASE if self.fold else 0)

    @cached_property
    def _framed_gates(self) -> tuple[tuple[str, ...], _Gates, _Gates]:
        return self._gates(framed=True)

    @cached_property
    def _plain_gates(self) -> tuple[tuple[str, ...], _Gates, _Gates]:
        return self._gates(framed=False)  # rarely: only once the words outgrew the text

    def _gates(self, framed: bool) -> tuple[tuple[str, ...], _Gates, _Gates]:
        """With the words framed or not (see `_Words`): the gate of `needs`, and each
        trigger's: all of them, and the ASCII ones (an ASCII text, which `str.isascii` tells at
        once, cannot hold the others)."""
        gated = tuple((t, _gate(t, framed)) for t in self.triggers)
        ascii_gated = tuple(g for g in gated if all(map(str.isascii, g[1])))
        return _gate(self.needs, framed), gated, ascii_gated

    def matches(
        self, text: str, folded: str, done: list[int], words: _Words | None = None
    ) -> Iterator[re.Match[str]]:
        """Matches at the triggers; `done[0]` is where the caller's last redaction ended, and
        no match is tried inside it (a text of back-to-back secrets costs one pass, not one per
        trigger). Given the text's `words`, a trigger that cannot occur is not sought: a find
        there costs a fraction of one in the text, and most rules end there."""
        haystack = folded if self.fold else text
        triggers = self.triggers
        if words is not None:
            known = words.first if self.stable else words.words
            framed = self.stable or words.framed
            needs, gated, ascii_gated = self._framed_gates if framed else self._plain_gates
            holds = known.__contains__
            if not all(map(holds, needs)):
                return
            triggers = tuple(
                t
                for t, gate in (ascii_gated if known.isascii() else gated)
                if all(map(holds, gate))
            )
        if self.needs not in haystack:
            return
        if (
            self.word
            and words is not None
            and words.framed  # else the words are the whole text, its lines no words
            and triggers
            and patterns.search(self.word, words.words) is None
        ):
            return
        if words is None:
            starts = sorted({i for t in triggers for i in _occurrences(haystack, t)})
        else:
            starts = sorted(
                {i for t in triggers for i in words.occurrences(haystack, t, self.fold)}
            )
        if not starts:
            return
        if len(haystack) != len(text):  # lower() grew a character: back to the text's positions
            origin = [i for i, c in enumerate(text) for _ in c.lower()]
            starts = sorted({origin[i] for i in starts})
        before = self.before
        for start in starts:
            if start < done[0] or (before is not None and not before(text, start)):
                continue
            match = self.pattern.match(text, start)
            if match is not None:
                yield match


@record(frozen=True)
class _WordRule:
    """A rule whose every match lies inside one word (no blank in it: `host:port:user:pw`), and
    whose literal start is too common to be a trigger (`:` and a digit, as every time has): the
    text's distinct words are searched with `word` first, and the text is scanned with `regex`
    only when one of them holds such a match."""

    regex: str
    find: _Finder
    word: str  # sought in `_Words.words` (lower-cased, a word a line)

    def matches(
        self, text: str, folded: str, done: list[int], words: _Words | None = None
    ) -> Iterator[re.Match[str]]:
        """Given the text's words, the regex is tried only inside the words that hold a match
        of `word` (a URL's word costs no scan of the whole text); many such words, or a text
        whose lowering changed its length, are scanned whole; so is a text ungated, or whose
        words outgrew it (`_Words.framed` false)."""
        pattern = patterns.compile(self.regex)
        if words is None or not words.framed:  # ungated, or the words are the whole text
            yield from (m for m in pattern.finditer(text) if m.start() >= done[0])
            return
        haystack = words.words
        found = [m.span() for m in islice(patterns.finditer(self.word, haystack), 33)]
        if not found:
            return
        if len(found) > 32 or len(folded) != len(text):
            yield from (m for m in pattern.finditer(text) if m.start() >= done[0])
            return
        spans: set[tuple[int, int]] = set()
        for start, end in found:  # the whole word (a line of `words.words`) holding each
            first = haystack.rfind("\n", 0, start) + 1
            word = haystack[first : haystack.find("\n", end)]
            at = folded.find(word)
            while at != -1:
                after = at + len(word)
                if (at == 0 or folded[at - 1].isspace()) and (
                    after == len(folded) or folded[after].isspace()
                ):
                    spans.update(m.span() for m in pattern.finditer(text, at, after))
                at = folded.find(word, after)
        for start, end in sorted(spans):
            if start >= done[0]:
                match = pattern.match(text, start, end)
                if match is not None:
                    yield match


def _gate(trigger: str, framed: bool) -> tuple[str, ...]:
    """What the words must hold wherever `trigger` occurs. Framed (see `_Words`): each
    whitespace-free piece of it, lower-cased, with the line breaks that stand for the whitespace
    beside it, since a piece before a blank ends a word (`" +` needs a word ending in a quote and
    one starting with `+`: far rarer than the two anywhere in a word). In the text: its longest
    piece, lower-cased."""
    lowered = trigger.lower()
    pieces = lowered.split()
    if len(pieces) == 1 and len(pieces[0]) == len(lowered):  # no blank in or beside it: most
        return (lowered,)
    if not framed:
        return (max(pieces, key=len),) if pieces else ()
    last = len(pieces) - 1
    return tuple(
        "\n" * (i > 0 or trigger[0].isspace()) + piece + "\n" * (i < last or trigger[-1].isspace())
        for i, piece in enumerate(pieces)
    )


class _Words:
    """The text's distinct whitespace-separated words, lower-cased, each on a line of its own
    (the text's first and last too, so that a gate can say where a word starts or ends): what
    rule gates are sought in. Ordinary text repeats its words, so this is a fraction of the
    text, and finding ~150 triggers there costs less than finding them in the text. A redaction
    keeps it a superset: the new words of the lines that now hold a marker are added (a word is
    never cut by a line break), and when that would outgrow the text, the lowered text serves
    (`framed` is then False: gates are sought unframed). It also keeps where each trigger was
    found until a redaction changes the text: several rules seek `key`, `secret`, `token`."""

    def __init__(self, folded: str) -> None:
        self._seen = set(folded.split())
        self.words = self.first = "\n" + "\n".join(self._seen) + "\n"
        self.framed = True
        self._found: dict[tuple[bool, str], list[int]] = {}

    def occurrences(self, haystack: str, trigger: str, folded: bool) -> list[int]:
        """Where `trigger` occurs in `haystack`, the text as it is now (`folded`: lowered)."""
        found = self._found.get((folded, trigger))
        if found is None:
            found = self._found[folded, trigger] = list(_occurrences(haystack, trigger))
        return found

    def redacted(self, text: str, folded: str, markers: list[int]) -> None:
        """`text` is the new text, `folded` its lowered form, `markers` where its markers start."""
        self._found = {}
        # the text serves already, or lower() grew a character (positions do not carry over)
        if not self.framed or len(folded) != len(text):
            self.words, self.framed = folded, False
            return
        lines = []
        line_end = -1
        for at in markers:
            if at > line_end:
                line_end = folded.find("\n", at) % (len(folded) + 1)  # -1: the text's end
                lines.append(folded[folded.rfind("\n", 0, at) + 1 : line_end])
        new = set("\n".join(lines).split()) - self._seen
        self._seen |= new
        added = "\n".join(new) + "\n" if new else ""
        if len(self.words) + len(added) >= len(folded):
            self.words, self.framed = folded, False
        else:
            self.words += added


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
