"""Secrets told by their shape alone, wherever they stand, with no name or syntax beside them.

Decisions (the tests pin each one):

- A password a person chose, as password rules make people choose it: upper- and lower-case
  letters, digits and a symbol between them (``Harbor22%pepper4``, ``K5zAYLnAT#dWEVomj!clf``),
  8 to 40 characters standing alone (between blanks, quotes or the separators of CSV, argv and
  directive lists). A reviewer needs no name to see one in any language or syntax (prose,
  ``/p:'…'``, ``IDENTIFY nick …``, ``login=user:…``, a registry value). Code and markup rarely
  hold such a word: their symbols come in pairs and operators (``!=``, ``&&``, ``a=1&b=2``),
  beside dots, slashes, dashes and underscores (paths, hosts, identifiers), at a word's start
  (``#define``, ``$var``, ``@decorator``) or as URL escapes (``%2F``; not ``%35``, a digit,
  which no URL escapes), and none of those is taken. A word, a symbol, a number and a word
  (``Harbor#27willow``) is one too, although its first piece reads like a class name: code puts
  a number after a word, not before.
- What a generator makes is one too, whatever its symbols (``H8jsBM8-FJ1b4F~VMfF``,
  ``sV9vZEY_ZcI2UN#ngF5``, ``hBBmPc4*6iAkDm?UBgl``): dashes, underscores, ``+`` and ``?``
  beside ``~#*!…``, when its letters and digits change class at most neighbours, as random
  characters do and identifiers (``MyClass_Test#method2``, ``Content-Type?charset``) do not.
- And what password policies make people append: words, a number and a closing symbol
  (``Sparrowjuniper555!``, ``Harborcopper525!``), standing alone, so that a password told in
  any language (``Passordet … er X``, ``密碼是 X``, ``پاس ورڈ X ہے``) is found by itself.
- A word may stand between backticks or emphasis (``*svc* / *X*``) and before any non-ASCII
  character (a CJK comma, an Urdu verb).
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import pairwise

from graphmem import patterns
from graphmem.redact.rule import _Found, _Words
from graphmem.redact.values import _wordy

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re

# Where a candidate may be: a symbol before a letter or digit (the one before it is checked in
# Python: a lookbehind would cost this pass, the rule's whole cost on most texts, 10 times more).
# `=` is not sought: code is full of `name=value`, and a password holding `=` holds another
# symbol too (a lone `=` makes an assignment), which is.
_INNER_SYMBOL = r"[!#$%&*@^~](?=[A-Za-z0-9])"
# Or closing a word after its number (`Harborcopper525!`): checked in Python, as above.
# And `?` or `+` before a digit: a policy's suffix (`_POLICY_SUFFIX`). One class, then lookbehinds:
# an alternation of two classes would scan the text four times slower.
_CLOSING_SYMBOL = (
    r"""[!#$%&*@^~?+](?:(?<=[?+])(?=\d)|(?<![?+])(?=[A-Za-z0-9\s"'`,;)\]]|[^\x00-\x7f]|$))"""
)
_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_RUN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&*@^~=")
# The whole word around it, which must stand alone: a sentence's end may follow it.
_END = r"""(?=[\s"'`,;)\]]|[^\x00-\x7f]|[.!?](?:\s|$)|$)"""
_WORD = r"[A-Za-z0-9!#$%&*@^~=]{8,40}" + _END
# A generator's alphabet is wider: dashes, underscores, `+` and `?` too.
_WIDE_CHARS = _RUN_CHARS | frozenset("-_+?")
_WIDE_WORD = r"[A-Za-z0-9!#$%&*@^~=?+_-]{12,40}" + _END
# Separators on either side: blanks, quotes, and those of CSV, argv, directives and lists. Not
# `;{<>|` before it nor `|}<>` after it, which sit between the symbols of base85 and of code.
_BEFORE = frozenset(" \t\r\n\"',:=([`")
# A generator's word, whose alphabet base85 shares, stands after a blank, a quote or a label's
# sign: not after `(` or `[`, which base85 holds too.
_WIDE_BEFORE = _BEFORE - frozenset("([")
_SYMBOLS = "!#$%&*@^~="
_CODE_NAME = r"[A-Z]?[a-z]{2,}(?:[A-Z][a-z]+)*"
# What password policies and passphrase generators make of words: a capitalised word, a symbol, a
# number leading a second word. Code puts numbers after words (`Reader#int64`), not before.
_PASSPHRASE = r"[A-Z][a-z]{2,}[!#$%&*@^~]\d{1,4}[a-z]{3,}"
# Two words at least (`Harborcopper525!`): a word and a year (`Release2024!`) is a headline too.
_APPENDED = r"(?=[A-Za-z]{9})[A-Z][a-z]{2,}(?:[A-Z]?[a-z]{2,}){0,3}\d{2,4}[!#$%&*@^~]"


class _PasswordShapes:
    """A rule (as `_Rule`: matches, then find) for passwords told by their shape."""

    def matches(
        self, text: str, folded: str, done: list[int], words: _Words | None = None
    ) -> Iterator[re.Match[str]]:
        word, wide = patterns.compile(_WORD), patterns.compile(_WIDE_WORD)
        covered = 0
        for hit in patterns.finditer(_CLOSING_SYMBOL, text):
            at = hit.start()
            if at < covered or at < done[0] or text[at - 1 : at] not in _ALNUM:
                continue
            closing = not text[at + 1 : at + 2].isalnum()
            if closing and not text[at - 1].isdigit():
                continue  # `Done!`, `foo# `: only a number closes a password
            found = _word_at(text, at, word, _RUN_CHARS, _BEFORE, done[0])
            if found is not None and _chosen_password(found.group(), closing):
                covered = found.end()
                yield found
                continue
            found = (
                None if closing else _word_at(text, at, wide, _WIDE_CHARS, _WIDE_BEFORE, done[0])
            )
            if found is not None and _generated_password(found.group()):
                covered = found.end()
                yield found
                continue
            covered = at + 1

    def find(self, m: re.Match[str]) -> _Found:
        if m.string.startswith(";", m.end()) and patterns.search(r"&[a-z]{2,8}$", m.group()):
            return None  # `pEp008&nbsp;`: an HTML entity
        return "password", m.start(), m.end()


def _word_at(
    text: str,
    at: int,
    word: re.Pattern[str],
    chars: frozenset[str],
    separators: frozenset[str],
    done: int,
) -> re.Match[str] | None:
    """The whole word around the symbol at `at` (at most 40 characters back), when it stands
    alone: after a separator, the text's start or a non-ASCII character."""
    start = at
    while start > 0 and at - start < 40 and text[start - 1] in chars:
        start -= 1
    before = text[start - 1 : start]
    if start > 0 and before not in separators and before.isascii():
        return None
    if start < done:
        return None
    found = word.match(text, start)
    if found is not None and (before == "`") != text.startswith("`", found.end()):
        return None  # backticks quote a word in pairs; one alone sits inside base85 (`a=b*c`d`)
    return found


def _chosen_password(word: str, closing: bool = False) -> bool:
    """Upper, lower, a digit and a symbol inside; pieces of letters and digits of three or more,
    one of at least five mixing both, none a word or a CamelCase name of five or more
    (`Reader#int64`, `Schema$Outbound`: code); no operator or URL escape; not a word's start or
    a `key=value` pair."""
    if closing:  # the symbol closes it: words, a number, a symbol
        return len(word) >= 10 and patterns.fullmatch(_APPENDED, word) is not None
    core = word.rstrip("!.")
    if len(core) > 2 and core[-1] in _SYMBOLS and core[-2].isdigit():
        core = core[:-1]  # a policy's closing symbol after its number (`Goph3rja$p3r2023#`)
    if len(core) < 8 or core[0] in _SYMBOLS:
        return False
    if not (any(c.isupper() for c in core) and any(c.islower() for c in core)):
        return False
    pieces = patterns.split(r"[!#$%&*@^~=]", core)
    if any(len(piece) < 3 for piece in pieces) or len(pieces) > 4:  # `!=`, `&&`, `I*sigma2`
        return False
    if patterns.fullmatch(_PASSPHRASE, core) and not _url_escaped(core):
        return True  # Lantern$30lantern: a word, a symbol, a number, a word
    if any(len(p) >= 5 and patterns.fullmatch(_CODE_NAME, p) for p in pieces):
        return False
    if not any(len(p) >= 5 and not p.isalpha() and not p.isdigit() for p in pieces):
        return False  # id=5&name=foo, Issue#1234: no piece that mixes letters and digits
    if {c for c in core if c in _SYMBOLS} == {"="} or _url_escaped(core):
        return False  # NAME=Value1 is an assignment, not a password; %2F is a URL escape
    return not patterns.fullmatch(r"[a-z][a-z0-9]*@[^@]+", core)  # root@Server01: a user at a host


def _generated_password(word: str) -> bool:
    """A generator's password (`H8jsBM8-FJ1b4F~VMfF`, `jyZGwao_lWKhr!xxsN`): upper and lower
    case, a symbol of those password rules ask for, no two symbols together (`?.`, `--`, `&&`:
    code), two pieces of four or more between the symbols, none of them words (`MyClass_Test#x`)
    nor, with no digit, CamelCase (`UserId#getById`), and letters and digits that change class."""
    if len(word) > 2 and word[0] == "*" == word[-1]:
        word = word[1:-1]  # emphasis: *X*
    if patterns.fullmatch(_POLICY_SUFFIX, word):
        return _random_run(word.rstrip("0123456789")[:-1])
    if not (any(c.isupper() for c in word) and any(c.islower() for c in word)):
        return False
    if patterns.search(r"[!#$%&*@^~?]", word) is None or patterns.search(r"[^A-Za-z0-9]{2}", word):
        return False
    if len(set(patterns.sub("[A-Za-z0-9]+", "", word))) > 2:
        return False  # three kinds of symbol: base85 (`cXxL#aCvlSZ*DGca%T`), not a generator's
    pieces = patterns.split(r"[^A-Za-z0-9]+", word)
    long = [p for p in pieces if len(p) >= 4]
    if len(pieces) > 5 or len(long) < 2 or _url_escaped(word):
        return False
    digits = any(c.isdigit() for c in word)  # random CamelCase-like runs (`ufgCt`) beside them
    if any(_made_of_words(p) or (not digits and patterns.fullmatch(_CAMEL, p)) for p in long):
        return False
    return sum(_class(a) != _class(b) for p in pieces for a, b in pairwise(p)) >= 5


_CAMEL = r"[A-Z]?[a-z]+(?:[A-Z][a-z]+)+"
# A generator's run with what a password policy asks for appended: a symbol and a digit
# (`q7WfLx2mRk9T#4`). Not `-` nor `_`, which ids put before a counter (`build_7`, `a1B2…-2`).
_POLICY_SUFFIX = r"[A-Za-z0-9]{10,38}[!#$%&*@^~?+]\d{1,2}"


def _random_run(run: str) -> bool:
    """Letters and digits as a generator makes them: both cases and a digit, no words, and a
    class change at most neighbours (`Copper2Marble` changes at three)."""
    if not (any(c.isupper() for c in run) and any(c.islower() for c in run)):
        return False
    if not any(c.isdigit() for c in run) or _made_of_words(run):
        return False
    return sum(_class(a) != _class(b) for a, b in pairwise(run)) * 3 >= len(run)


def _made_of_words(piece: str) -> bool:
    """`MyClass`, `method2`, `isProto3Optional`: words, digits aside; not `6ugec6` (one short
    run of lower case) nor `LJYC` (capitals)."""
    letters = patterns.sub(r"\d+", "", piece)
    runs = patterns.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", letters)
    return _wordy(letters) and not letters.isupper() and (len(runs) >= 2 or len(letters) >= 5)


def _class(c: str) -> int:
    return 0 if c.isdigit() else 1 if c.isupper() else 2


# What a URL escapes: blanks, controls a text holds (tab, newline), ASCII punctuation, and the
# lead byte of a UTF-8 character followed by its continuation. Never a letter or a digit, which
# need no escape: `Quartz%35puffin` is a password holding `%`, `Hello%20world` an escape.
_URL_ESCAPE = (
    r"%(?:0[9AaDd]|2[0-9A-Fa-f]|3[A-Fa-f]|40|5[B-Fb-f]|60|7[B-Eb-e]|[C-Fc-f][0-9A-Fa-f]%[89ABab])"
)


def _url_escaped(word: str) -> bool:
    return patterns.search(_URL_ESCAPE, word) is not None


_PASSWORD_SHAPES = _PasswordShapes()
