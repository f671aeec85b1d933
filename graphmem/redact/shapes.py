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
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from graphmem.redact.rule import _Found

# Where a candidate may be: a symbol before a letter or digit (the one before it is checked in
# Python: a lookbehind would cost this pass, the rule's whole cost on most texts, 10 times more).
# `=` is not sought: code is full of `name=value`, and a password holding `=` holds another
# symbol too (a lone `=` makes an assignment), which is.
_INNER_SYMBOL = r"[!#$%&*@^~](?=[A-Za-z0-9])"
_ALNUM = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789")
_RUN_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789!#$%&*@^~=")
# The whole word around it, which must stand alone: a sentence's end may follow it.
_WORD = r"""[A-Za-z0-9!#$%&*@^~=]{8,40}(?=[\s"',;)\]]|[.!?](?:\s|$)|$)"""
# Separators on either side: blanks, quotes, and those of CSV, argv, directives and lists. Not
# `;{<>|` before it nor `|}<>` after it, which sit between the symbols of base85 and of code.
_BEFORE = frozenset(" \t\r\n\"',:=([")
_SYMBOLS = "!#$%&*@^~="
_CODE_NAME = r"[A-Z]?[a-z]{2,}(?:[A-Z][a-z]+)*"
# What password policies and passphrase generators make of words: a capitalised word, a symbol, a
# number leading a second word. Code puts numbers after words (`Reader#int64`), not before.
_PASSPHRASE = r"[A-Z][a-z]{2,}[!#$%&*@^~]\d{1,4}[a-z]{3,}"


class _PasswordShapes:
    """A rule (as `_Rule`: matches, then find) for passwords told by their shape."""

    def matches(
        self, text: str, folded: str, done: list[int], words: str | None = None
    ) -> Iterator[re.Match[str]]:
        word = re.compile(_WORD)
        covered = 0
        for hit in re.finditer(_INNER_SYMBOL, text):
            at = hit.start()
            if at < covered or at < done[0] or text[at - 1 : at] not in _ALNUM:
                continue
            start = at
            while start > 0 and at - start < 40 and text[start - 1] in _RUN_CHARS:
                start -= 1
            if start > 0 and text[start - 1] not in _BEFORE:
                covered = at + 1
                continue
            match = word.match(text, start)
            covered = match.end() if match else at + 1
            if match is not None and start >= done[0]:
                yield match

    def find(self, m: re.Match[str]) -> _Found:
        if not _chosen_password(m.group()):
            return None
        if m.string.startswith(";", m.end()) and re.search(r"&[a-z]{2,8}$", m.group()):
            return None  # `pEp008&nbsp;`: an HTML entity
        return "password", m.start(), m.end()


def _chosen_password(word: str) -> bool:
    """Upper, lower, a digit and a symbol inside; pieces of letters and digits of three or more,
    one of at least five mixing both, none a word or a CamelCase name of five or more
    (`Reader#int64`, `Schema$Outbound`: code); no operator or URL escape; not a word's start or
    a `key=value` pair."""
    core = word.rstrip("!.")
    if len(core) < 8 or core[0] in _SYMBOLS:
        return False
    if not (any(c.isupper() for c in core) and any(c.islower() for c in core)):
        return False
    pieces = re.split(r"[!#$%&*@^~=]", core)
    if any(len(piece) < 3 for piece in pieces) or len(pieces) > 4:  # `!=`, `&&`, `I*sigma2`
        return False
    if re.fullmatch(_PASSPHRASE, core) and not _url_escaped(core):
        return True  # Lantern$30lantern: a word, a symbol, a number, a word
    if any(len(p) >= 5 and re.fullmatch(_CODE_NAME, p) for p in pieces):
        return False
    if not any(len(p) >= 5 and not p.isalpha() and not p.isdigit() for p in pieces):
        return False  # id=5&name=foo, Issue#1234: no piece that mixes letters and digits
    if {c for c in core if c in _SYMBOLS} == {"="} or _url_escaped(core):
        return False  # NAME=Value1 is an assignment, not a password; %2F is a URL escape
    return not re.fullmatch(r"[a-z][a-z0-9]*@[^@]+", core)  # root@Server01: a user at a host


# What a URL escapes: blanks, controls a text holds (tab, newline), ASCII punctuation, and the
# lead byte of a UTF-8 character followed by its continuation. Never a letter or a digit, which
# need no escape: `Quartz%35puffin` is a password holding `%`, `Hello%20world` an escape.
_URL_ESCAPE = (
    r"%(?:0[9AaDd]|2[0-9A-Fa-f]|3[A-Fa-f]|40|5[B-Fb-f]|60|7[B-Eb-e]|[C-Fc-f][0-9A-Fa-f]%[89ABab])"
)


def _url_escaped(word: str) -> bool:
    return re.search(_URL_ESCAPE, word) is not None


_PASSWORD_SHAPES = _PasswordShapes()
