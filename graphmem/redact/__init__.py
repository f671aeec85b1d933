"""Redaction of every text before graphmem writes it anywhere: store, outbox, server, dump, logs.

Two jobs, in this order:

1. ``<private>...</private>`` blocks are dropped entirely (case-insensitive, nested, multi-line).
   An unclosed ``<private>`` drops everything after it: losing a tail is better than leaking it.
2. Secrets are replaced by ``[REDACTED:<kind>]``. The patterns are precision-first: tokens whose
   prefix their provider documents (``_PREFIXED``: AWS, GitHub, GitLab, Slack, OpenAI, Anthropic,
   Stripe, Twilio, Vault, Docker, Databricks, Shopify, DigitalOcean, Atlassian …) and, by shape, a
   random token behind a prefix no table lists, JWTs and JWEs, private key blocks (PEM and PGP with
   their armor headers, PuTTY, SSH2, base64-encoded PEM as in Kubernetes secrets, and a block cut in
   two, by the key lines above its END line), JWK private members, Ansible vault ciphertext,
   registry logins, passwords in URLs (``/`` included), ``.pgpass`` and ``sasl_passwd`` lines,
   ``curl -u``, ``-auth user:token``, ``sshpass -p``, ``mysql -p…``, ``net user NAME PASSWORD``,
   ``gh secret set --body``, SQL ``IDENTIFIED BY``, Authorization headers of any scheme, Azure SAS
   signatures, Slack, Discord and Teams webhook URLs (any webhook's key, by its URL), and
   assignments whose *name* says secret in the syntaxes where secrets are written: env files and
   shells, JSON, YAML, code (``=``, ``:=``, ``=>``, ``$cfg["password"] =``), PHP ``define()``, XML
   elements (Maven ``<password>``), ``.netrc``, daemon directives (``requirepass``), and values
   named beside them (.NET ``<add key value>``, Android ``<string name>``, plist
   ``<key>``/``<string>``, Kubernetes and ECS env entries). For URLs, headers and assignments only
   the value is replaced, so the memory still says which variable or user was involved. Beside a
   telling name the syntax between does not matter (DSLs, directives, prose, setters, argv lists,
   calls given a password, defaults under their variable): the value decides. Tools' own password
   flags, commands that store a secret, session cookies, credential-looking header values,
   signed-URL signatures, unarmored DER and OpenSSH key bodies, and JSON secrets in base64 are found
   by their shape.

The rules live by kind, each module stating the decisions it makes (the tests pin each one):
``rule`` (a regex tried only at its literal triggers, and the gate that skips absent ones),
``private``, ``values`` (placeholders, references, paths, what looks generated or random),
``names`` (which names say secret, and how strongly), ``keys`` (key blocks), ``tokens``
(fixed-prefix formats), ``web`` (URLs, headers, cookies, signed URLs), ``calls`` (arguments of
calls that take a secret), ``structures`` (values named by an enclosing key), ``syntaxes`` (command
lines and fixed config syntaxes), ``assignments`` (NAME=value in any syntax), ``shapes`` (a
password a person chose, by its shape alone), ``randoms`` (a value a generator made, by the value
alone beside any label: last, as the weakest evidence) and ``user_patterns`` (the user's own, on
a linear-time engine). ``names`` and ``values`` are the judge the others
share: a name by its words (in several languages, plurals, abbreviations), a value by its shape
(kept: placeholders, references, ciphertext, paths, code, typed examples; redacted: what looks
generated, random or like a password). The order of ``_BUILTIN_RULES`` below matters: key
material first, shapes and random values last.

Every quantifier that can meet an attacker's text is bounded, and no trigger inside a finished
redaction is tried again, so no input makes redaction quadratic (tests/test_redact.py has one
adversarial input per pattern family).

Redaction is idempotent: markers are never matched again, and a value already holding a marker is
left alone. Only the standard library is imported, because this runs inside every hook process;
user patterns alone load google-re2 (see Redactor).
"""

from __future__ import annotations

import time
from collections.abc import Iterable, Sequence
from functools import lru_cache

from graphmem import patterns
from graphmem.errors import Exit, GraphmemError
from graphmem.record import record
from graphmem.redact.assignments import _ASSIGNMENT_RULE, _FOREIGN_ASSIGNMENT_RULE
from graphmem.redact.calls import (
    _CALL_PASSWORD_RULE,
    _CALL_RULE,
    _CLIENT_RULE,
    _NAMED_CALL_RULE,
    _PASSWORD_AFTER_DATABASE_URL_RULE,
    _PASSWORD_AFTER_USER_RULE,
)
from graphmem.redact.keys import _KEY_RULES, _find_der_key
from graphmem.redact.private import _drop_private
from graphmem.redact.prose import (
    _PREDICATE_VALUES,
    _SIGNED_IN_RULE,
    _SLASHED_LOGIN_RULE,
    _TOLD_KEY_AFTER_RULE,
    _TOLD_KEY_RULE,
    _TOLD_PASSWORD_RULE,
    _PredicateValues,
)
from graphmem.redact.protocols import _PROTOCOL_RULES
from graphmem.redact.randoms import _RandomValues
from graphmem.redact.rule import (
    _MARKER,
    MARKER_PREFIX,
    _Finder,
    _Found,
    _line_start,
    _Rule,
    _whole,
    _WordRule,
    _Words,
)
from graphmem.redact.shapes import _PASSWORD_SHAPES, _PasswordShapes
from graphmem.redact.structures import (
    _BLOCK_RULE,
    _DEFAULT_RULE,
    _FALLBACK_RULE,
    _GROUPED_RULE,
    _HOST_TOKENS_RULE,
    _NAMED_ROW_RULE,
    _NESTED_SECRETS_RULE,
    _NESTED_VALUE_RULE,
    _NUMBERED_PAIR_RULE,
    _SECRET_DATA_RULE,
    _SIBLING_VALUE_RULE,
    _TABLE_RULE,
)
from graphmem.redact.syntaxes import _OTHER_RULES
from graphmem.redact.tokens import _PREFIXED, _SHAPED, _TOKEN_RULES, _PrefixTable
from graphmem.redact.values import _looks_random
from graphmem.redact.web import (
    _AUTH_RULE,
    _COOKIE_CALL_RULE,
    _COOKIE_RULE,
    _ENCODED_PAIR_RULE,
    _HEADERS_RULE,
    _PATH_KEY_RULE,
    _REQUEST_HEADER_RULE,
    _SAS_RULE,
    _SESSION_PARAMETER_RULE,
    _UNC_URL_RULE,
    _URL_RULE,
    _WEBHOOK_RULE,
)

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re
    from typing import Any


__all__ = ["Redaction", "RedactionTimeout", "Redactor", "redact"]


@record(frozen=True)
class Redaction:
    text: str
    counts: dict[str, int]  # kind -> number replaced, e.g. {"aws_access_key": 1, "private": 2}


def _find_encoded_json(m: re.Match[str]) -> _Found:  # here: it redacts what it decodes
    """JSON in base64 (a Kubernetes secret's `config.json:`, GOOGLE_CREDENTIALS): a secret
    when the JSON itself holds one. Not JWTs: their parts are shorter and end at a dot."""
    import binascii

    if m.string.startswith(".", m.end()):
        return None
    blob = m.group()
    try:
        decoded = binascii.a2b_base64(blob[: len(blob) // 4 * 4]).decode("utf-8", "replace")
    except (binascii.Error, ValueError):
        return None
    if not decoded.lstrip().startswith("{") or MARKER_PREFIX in decoded:
        return None
    return ("encoded_secret", m.start(), m.end()) if redact(decoded).counts else None


# Literals joined into one string (`"a" + \`, Python's and C's literals on following lines,
# PHP's `.`, Lua's `..`, VB's `&`): read as the string they make, a secret may be cut anywhere.
_JOINER = r"[ \t]*(?:\+|\.\.?|&|\|\|)?[ \t]*\\?[ \t]*(?:\r?\n[ \t]{0,80}(?:(?:\+|\.\.?|&)[ \t]*)?)?"
_NEXT_PIECE = r"[^\n\\]{0,512}?(?<!\\)"  # up to the quote that closes it, unescaped
_PIECE_ENDS = r"[ \t]*(?:[,)\]};+&.|]|\\?\r?\n|$)"  # then code goes on, not `: value`
_SECRET_HINT = r"(?i)key|secret|token|pass|pwd|auth|cred|://"
_JOINED_BEFORE = "[\"']" + _JOINER + "$"


def _find_joined_literals(m: re.Match[str]) -> _Found:  # here: it redacts what it joins
    """The pieces of a string written as literals joined, where the string they make holds a
    secret (`TOKEN = 'abc' + \\ 'def'`, a URL cut after its user): each piece it touches."""
    text, quote = m.string, m.group("q")
    line_start = _line_start(text, m.start(), 200)
    opening = text.rfind(quote, line_start, m.start())
    if opening == -1 or patterns.search(_JOINED_BEFORE, text[max(0, opening - 100) : opening]):
        return None  # not the run's first piece: that one reads the run, once
    if patterns.search(r"(?:^|\s)(?://|#|--|/\*)", text[line_start:opening]):
        return None  # quoted in a comment (`// "Patience is the key"`), then a literal below
    pieces = [(opening + 1, m.start())]
    at = m.start()
    for _ in range(16):
        joined = patterns.compile(_JOINER + quote + "(" + _NEXT_PIECE + ")" + quote).match(
            text, at + 1
        )
        if joined is None or not patterns.compile(_PIECE_ENDS).match(text, joined.end()):
            break
        pieces.append(joined.span(1))
        at = joined.end(1)
    if len(pieces) < 2:
        return None
    prefix = text[line_start : opening + 1]
    if line_start > 1:  # a name on the line above, opening the run: `TOKEN = (`, `KEY = \`
        above = text[_line_start(text, line_start - 1, 200) : line_start - 1].rstrip()
        if patterns.search(r"(?:=|:|=>)[ \t]*[(\\]$", above):
            prefix = above[:-1] + prefix.lstrip()
    whole = prefix + "".join(text[a:b] for a, b in pieces) + quote
    if MARKER_PREFIX in whole or not patterns.search(_SECRET_HINT, whole):
        return None
    spans = _replaced(whole, redact(whole).text)
    if not spans:
        return None
    found, offset = [], len(prefix)
    for a, b in pieces:  # what a secret covers of each piece
        for kind, start, end in spans:
            if start < offset + b - a and end > offset:
                found.append((kind, a + max(0, start - offset), a + min(b - a, end - offset)))
        offset += b - a
    return found or None


def _replaced(before: str, after: str) -> list[tuple[str, int, int]] | None:
    """(kind, start, end) in `before` of each span that redaction replaced to give `after`."""
    markers = list(_MARKER.finditer(after))
    spans, at, copied = [], 0, 0
    for i, marker in enumerate(markers):
        at += marker.start() - copied
        last = i + 1 == len(markers)
        following = after[marker.end() : len(after) if last else markers[i + 1].start()]
        if not last and not following:
            return None  # markers back to back: where one ends is not known
        end = len(before) - len(following) if last else before.find(following, at + 1)
        if end < at:
            return None
        spans.append((marker.group()[len(MARKER_PREFIX) : -1], at, end))
        at, copied = end, marker.end()
    return spans


_JOINED_RULE = _Rule(
    r"""(?P<q>["'])(?=""" + _JOINER + r"""(?P=q))""",
    _find_joined_literals,
    # a quote, then `+`, ` .` (PHP, Lua), a newline or a quote; each trigger costs a pass over
    # the text, so the rarer joiners (VB's `&`, `.` unspaced) are left out
    tuple(q + j for q in "\"'" for j in ("+", " +", " .", "\n", " " + q)),
)


# A command line written as its argv: a list of literals (`["sshpass", "-p", "…"]`, exec.Command's
# arguments, a Dockerfile's CMD) or an audit record's `a0="…" a1="…"`. Read as the command line
# it stands for, so that every rule for command lines reads it; each literal the command line's
# secrets cover is redacted.
_ARGV_ITEM = (
    r"""[ \t]*(?:\r?\n[ \t]{0,80})?(?:"((?:[^"\\\n]|\\.){0,512})"|'((?:[^'\\\n]|\\.){0,512})')"""
)
_ARGV_NEXT = r"[ \t]*(?:,|(?=[ \t]*(?:\r?\n[ \t]{0,80})?[\])]))"
_AUDIT_ARG = r'(?<![\w])a\d{1,3}="([^"\n]{0,512})"'
# How many argv lists one text's pass reads (each costs a redaction of the command line, a third
# of a millisecond): past that, a text of lists back to back would hold a hook for seconds.
_ARGV_READS = 200
_ARGV_READ: list[Any] = [None, 0]  # the text being read, and how many lists it has had read
_ARGV_SECRET_HINT = r"[^\s-]{6}(?<![a-z./_-]{6})"  # six characters, not all a word's or a path's
_SHELL_SAFE = r"[^\s\"'`;&|<>$()\\]+"  # as people type them unquoted


def _find_argv(m: re.Match[str]) -> _Found:  # here: it redacts the command line it makes
    text, at = m.string, m.start()
    if m.group().startswith('" a'):  # auditd's EXECVE record: the arguments of its line
        start = _line_start(text, at, 200)
        if text.find('" a1="', start, at) != -1:
            return None  # not the record's: a value that holds one
        end = text.find("\n", at, at + 4000)
        items = [
            i.span(1)
            for i in patterns.compile(_AUDIT_ARG).finditer(
                text, start, end if end != -1 else at + 4000
            )
        ]
    else:
        items = _argv_items(text, at)
    if len(items) < 2 or any(MARKER_PREFIX in text[a:b] for a, b in items):
        return None
    if sum(b - a for a, b in items) > 4000:
        return None  # data, not a command line
    if not any(patterns.search(_ARGV_SECRET_HINT, text[a:b]) for a, b in items):
        return None  # cheap: no argument a secret could be (`["git", "log", "-n", "5"]`)
    if _ARGV_READ[0] is not text:
        _ARGV_READ[:] = [text, 0]
    _ARGV_READ[1] += 1
    if _ARGV_READ[1] > _ARGV_READS:
        return None  # each read costs a redaction: a text of thousands is read in part
    pieces, offsets, length = [], [], 0
    for a, b in items:
        item = text[a:b]
        quoted = (
            item if patterns.fullmatch(_SHELL_SAFE, item) else "'" + item.replace("'", "") + "'"
        )
        offsets.append(length + (quoted != item))
        pieces.append(quoted)
        length += len(quoted) + 1
    line = " ".join(pieces)
    spans = _replaced(line, redact(line).text)
    if not spans:
        return None
    found = []
    for (a, b), offset in zip(items, offsets, strict=True):
        for kind, start, end in spans:
            if start < offset + b - a and end > offset:
                found.append((kind, a + max(0, start - offset), a + min(b - a, end - offset)))
    return found or None


def _argv_items(text: str, at: int) -> list[tuple[int, int]]:
    """The literals of the list or call holding the one that ends at `at`: read from its
    opening bracket or parenthesis (the nearest before, on its line or the few above)."""
    floor = max(0, at - 600)
    for opening in (text.rfind("[", floor, at), text.rfind("(", floor, at)):
        if opening == -1:
            continue
        items, pos = [], opening + 1
        for _ in range(64):
            item = patterns.compile(_ARGV_ITEM).match(text, pos)
            if item is None:
                break
            group = 1 if item.group(1) is not None else 2
            items.append(item.span(group))
            after = patterns.compile(_ARGV_NEXT).match(text, item.end())
            if after is None:
                break
            pos = after.end()
        here = next((i for i, (a, b) in enumerate(items) if a <= at + 1 < b + 2), None)
        if here is None:
            continue
        if any(text.startswith("-", a) for a, _ in items[: here + 1]):
            return []  # a flag before: the list was read at that flag, once
        return items
    return []


_ARGV_RULE = _Rule(
    r"""["'][ \t]*,[ \t]*["']-|" a1=""",
    _find_argv,
    ('", "-', "', '-", '","-', "','-", '" a1="'),
)


_BLANKS = str.maketrans("", "", "\n\t\r")
_HEX = "0123456789abcdef"


@lru_cache(maxsize=64)  # a blob is often printed again (a tool's output read twice)
def _text_without_secret(value: str) -> bool:  # here: it redacts what it decodes
    """Base64 of text (a script, a sentence, an env file) is no random value: the text
    decides, redacted on its own. Base64 of one generated word is the word: random."""
    import binascii

    try:
        decoded = binascii.a2b_base64(value[: len(value) // 4 * 4]).decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    if not decoded.translate(_BLANKS).isprintable():
        return False  # bytes: a key, a digest
    word = decoded.strip()
    if (
        len(decoded.split()) == 1
        and _looks_random(word)
        and sum(map(word.count, _HEX)) < 0.8 * len(word)
    ):
        return False  # a random word encoded (a Kubernetes Secret's password), not an id in hex
    return not redact(decoded).counts


_RANDOM_VALUES = _RandomValues(_text_without_secret)

_BUILTIN_RULES: tuple[
    _Rule | _WordRule | _PrefixTable | _PasswordShapes | _PredicateValues | _RandomValues, ...
] = (
    *_KEY_RULES,
    # DER and OpenSSH key bodies start like tokens: the table's one pass finds their heads too
    _PrefixTable(
        _PREFIXED,
        (
            ("MI MH MC", "[A-Za-z0-9+/]{30}", _find_der_key),
            ("b3BlbnNzaC1rZXktdjE", "[A-Za-z0-9+/]{13}", _find_der_key),
            ("eyJ ewog ewoi ew0K", "[A-Za-z0-9+/]{40,20000}={0,2}", _find_encoded_json),
            *_SHAPED,
        ),
    ),
    *_TOKEN_RULES,
    _JOINED_RULE,
    _ARGV_RULE,
    _URL_RULE,
    _UNC_URL_RULE,
    _PATH_KEY_RULE,
    _WEBHOOK_RULE,
    _SESSION_PARAMETER_RULE,
    _AUTH_RULE,
    _ENCODED_PAIR_RULE,
    _COOKIE_RULE,
    _HEADERS_RULE,
    _REQUEST_HEADER_RULE,
    _CALL_PASSWORD_RULE,
    _NAMED_CALL_RULE,
    _DEFAULT_RULE,
    _BLOCK_RULE,
    _FALLBACK_RULE,
    _GROUPED_RULE,
    _NESTED_SECRETS_RULE,
    _SECRET_DATA_RULE,
    _HOST_TOKENS_RULE,
    _CALL_RULE,
    _CLIENT_RULE,
    _SAS_RULE,
    *_OTHER_RULES,
    *_PROTOCOL_RULES,
    _NESTED_VALUE_RULE,
    _SIBLING_VALUE_RULE,
    _NUMBERED_PAIR_RULE,
    _NAMED_ROW_RULE,  # before tables: its rows have two cells, as a header has
    _TABLE_RULE,
    _PASSWORD_AFTER_USER_RULE,
    _PASSWORD_AFTER_DATABASE_URL_RULE,
    _COOKIE_CALL_RULE,
    _ASSIGNMENT_RULE,
    _FOREIGN_ASSIGNMENT_RULE,
    _TOLD_PASSWORD_RULE,
    _TOLD_KEY_RULE,
    _TOLD_KEY_AFTER_RULE,
    _SLASHED_LOGIN_RULE,
    _SIGNED_IN_RULE,
    _PASSWORD_SHAPES,  # a name beside the value says more, and its kind
    _PREDICATE_VALUES,
    _RANDOM_VALUES,  # last: the value alone
)


# Redaction gives up (and nothing is stored) rather than hold a hook, and the store's write lock,
# for as long as the host lets it. Ordinary text redacts at ~30 MB/s, so only a pathological input
# comes near this.
REDACT_SECONDS = 10.0


class RedactionTimeout(GraphmemError):
    def __init__(self, chars: int, seconds: float) -> None:
        super().__init__(
            f"redacting {chars:,} characters took over {seconds:g} s, so nothing was stored; "
            "store smaller pieces, or simplify redact_patterns",
            Exit.INPUT,
        )


class Redactor:
    """Built-in rules plus the user's own patterns (kind "custom") and allowlist from config.

    User patterns can come from a repository's config file, so they run on RE2, whose matching
    time is linear in the text: no pattern (`(a+)+$`) can hang a hook. Every redaction is also
    bounded by `seconds`, checked between rules.
    """

    def __init__(
        self,
        extra_patterns: Sequence[str] = (),
        allowlist: Sequence[str] = (),
        seconds: float | None = None,
    ) -> None:
        self._custom: tuple[Any, ...] = ()
        self._allow: tuple[Any, ...] = ()
        if extra_patterns or allowlist:  # their engine, and the module that loads it, only then
            from graphmem.redact.user_patterns import _compile_user

            self._custom = tuple(
                _compile_user(p, "extra pattern", i) for i, p in enumerate(extra_patterns)
            )
            self._allow = tuple(
                _compile_user(p, "allowlist pattern", i) for i, p in enumerate(allowlist)
            )
        self._seconds = REDACT_SECONDS if seconds is None else seconds

    def redact(self, text: str, gated: bool = True) -> Redaction:
        """`gated=False` tries every rule, even those whose triggers the text lacks: the same
        output, slower (tests prove the two equal)."""
        counts: dict[str, int] = {}
        deadline = time.monotonic() + self._seconds
        size = len(text)
        folded = text.lower()
        if "private" in folded:
            text, blocks = _drop_private(text)
            folded = text.lower()
            if blocks:
                counts["private"] = blocks
        words = _Words(folded) if gated else None
        for rule in _BUILTIN_RULES:
            if time.monotonic() > deadline:
                raise RedactionTimeout(size, self._seconds)
            done = [0]
            markers: list[int] = []
            found = rule.matches(text, folded, done, words)
            redacted = self._apply(found, rule.find, text, counts, done, markers)
            if redacted is not text:  # a redaction shifted positions: lower the new text
                text, folded = redacted, redacted.lower()
                if words is not None:
                    words.redacted(text, folded, markers)
        if self._custom:
            text = self._apply_custom(text, counts, deadline, size)
        return Redaction(text, counts)

    def _apply(
        self,
        matches: Iterable[Any],
        find: _Finder,
        text: str,
        counts: dict[str, int],
        done: list[int] | None = None,
        markers: list[int] | None = None,
    ) -> str:
        """`text` with what `find` accepts among `matches` replaced by markers; `done[0]` follows
        the end of the last replacement (the matches' source skips what lies before it), and
        `markers` gets where each marker starts in the new text."""
        pieces: list[str] = []
        done = [0] if done is None else done
        written = 0
        for match in matches:
            found = find(match)
            if found is None:
                continue
            for kind, start, end in found if isinstance(found, list) else (found,):
                secret = text[start:end]
                if (
                    start == end
                    or start < done[0]
                    or MARKER_PREFIX in secret
                    or text.startswith(MARKER_PREFIX, start)  # cut short at the marker's colon
                    or _inside_marker(text, start)
                    or self._allowed(secret)
                    or not any(map(str.isalnum, secret))  # `"secret": "㊙"`, `AUTH *name(`
                ):
                    continue
                pieces += (text[done[0] : start], MARKER_PREFIX, kind, "]")
                written += start - done[0]
                if markers is not None:
                    markers.append(written)
                written += len(MARKER_PREFIX) + len(kind) + 1
                done[0] = end
                counts[kind] = counts.get(kind, 0) + 1
        if not pieces:
            return text
        pieces.append(text[done[0] :])
        return "".join(pieces)

    def _apply_custom(self, text: str, counts: dict[str, int], deadline: float, size: int) -> str:
        """User patterns see only the text between markers, so they can never match a marker."""
        pieces: list[str] = []
        done = 0
        for marker in (*_MARKER.finditer(text), None):
            if time.monotonic() > deadline:
                raise RedactionTimeout(size, self._seconds)
            end = len(text) if marker is None else marker.start()
            segment = text[done:end]
            for pattern in self._custom:
                found = pattern.finditer(segment)
                segment = self._apply(found, _whole("custom"), segment, counts)
            pieces.append(segment)
            if marker is not None:
                pieces.append(marker.group())
                done = marker.end()
        return "".join(pieces)

    def _allowed(self, secret: str) -> bool:
        return any(allowed.fullmatch(secret) for allowed in self._allow)


def _inside_marker(text: str, at: int) -> bool:
    """Whether `at` falls inside a marker (`user:[REDACTED:password]` read again as `user:[…`
    `:password]`): redaction must change nothing the second time."""
    # A marker that starts before `at` and reaches it, even by less than its prefix (Go's
    # `Name:[value]` read again at `[REDACTED:…]`'s second character).
    opening = text.rfind(MARKER_PREFIX, max(0, at - 40), at + len(MARKER_PREFIX) - 1)
    return opening != -1 and text.find("]", opening, at) == -1


@lru_cache(maxsize=1)
def _default_redactor() -> Redactor:
    return Redactor()


def redact(text: str) -> Redaction:
    """Redact with the built-in rules only (no config)."""
    return _default_redactor().redact(text)
