"""Redaction of every text before graphmem writes it anywhere: store, outbox, server, dump, logs.

Two jobs, in this order:

1. ``<private>...</private>`` blocks are dropped entirely (case-insensitive, nested, multi-line).
   An unclosed ``<private>`` drops everything after it: losing a tail is better than leaking it.
2. Secrets are replaced by ``[REDACTED:<kind>]``. The patterns are precision-first: fixed-prefix
   tokens (AWS, GitHub, GitLab, Slack, OpenAI, Anthropic, Stripe, Google, npm, PyPI, Hugging Face,
   SendGrid), JWTs, PEM private key blocks, passwords in URLs, Authorization headers and
   assignments whose *name* says secret (``DB_PASSWORD=...``, ``"apiKey": "..."``). For the last
   three only the value is replaced, so the memory still says which variable or user was involved.

Decisions (the tests pin each one):

- Placeholders are kept, because they hold no secret and say something useful ("left at the
  default"): empty values, ``${VAR}``, ``$VAR``, ``$(cmd)``, ``%VAR%``, ``{{ tpl }}``,
  ``<your-key>``, ``xxx``/``***``/``...``, ``your_key_here``, the words changeme, example,
  placeholder, dummy, redacted, none, null, nil, undefined, true, false, todo, tbd, fixme,
  required, secret, password, token, api_key, and a value equal to its own name
  (``API_KEY=api-key``). Fixed-prefix tokens whose
  random part is filler (``AKIAXXXXXXXXXXXXXXXX``) are kept too.
- Code is not a value: in ``token = tokens[i]``, ``API_KEY = os.environ["API_KEY"]`` or
  ``password: str`` the right-hand side is an expression or a type, so it is kept; a quoted literal
  in code (``SECRET_KEY = "django-insecure-..."``) is redacted. A bare word is a literal only where
  shells and config files make it one: ``NAME=word`` with an upper-case name (env files, shells,
  Docker), ``--password word`` flags, and ``name: word`` alone on a YAML line.
- Names ending in KEY or TOKEN are often not secrets (``SORT_KEY=created_at``, ``MAX_TOKEN=4096``,
  ``KEY_LENGTH = 32`` does not even end in KEY). Their values are redacted only when they look
  generated (a letter and a digit, or long mixed case). lower/camelCase ``...Key`` names count only
  with a qualifier that makes them secret (``apiKey``, ``secretKey``, ``privateKey``...), never
  ``cacheKey``/``primaryKey``/``publicKey``. PASSWORD, SECRET and strong KEY names redact any
  literal value, numbers included (PINs).
- Values that are paths (``SSH_KEY=~/.ssh/id_rsa``) or URLs are kept; a password inside a URL is
  found by the URL rule.

Redaction is idempotent: markers are never matched again, and a value already holding a marker is
left alone. Only the standard library is imported, because this runs inside every hook process;
user patterns alone load google-re2 (see Redactor).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cached_property, lru_cache

from graphmem.errors import Exit, GraphmemError
from graphmem.record import record

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Redaction", "RedactionTimeout", "Redactor", "redact"]

MARKER_PREFIX = "[REDACTED:"
_MARKER = re.compile(r"\[REDACTED:[a-z_]+\]")

# A finder turns a regex match into (kind, start, end) of the secret to replace, or None to keep it.
_Found = tuple[str, int, int] | None
_Finder = Callable[[re.Match[str]], _Found]


@record(frozen=True)
class Redaction:
    text: str
    counts: dict[str, int]  # kind -> number replaced, e.g. {"aws_access_key": 1, "private": 2}


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

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        return re.compile(self.regex, re.IGNORECASE if self.fold else 0)

    def matches(self, text: str, folded: str) -> Iterator[re.Match[str]]:
        haystack = folded if self.fold else text
        starts = sorted({i for t in self.triggers for i in _occurrences(haystack, t)})
        if not starts:
            return
        if len(haystack) != len(text):  # lower() grew a character: positions do not carry over
            yield from self.pattern.finditer(text)
            return
        for start in starts:
            match = self.pattern.match(text, start)
            if match is not None:
                yield match


def _occurrences(haystack: str, needle: str) -> Iterator[int]:
    at = haystack.find(needle)
    while at != -1:
        yield at
        at = haystack.find(needle, at + 1)


# --------------------------------------------------------------------------- <private> blocks

_PRIVATE_TAG = re.compile(r"<\s*(/\s*)?private(?=[\s/>])([^<>]*)>", re.IGNORECASE)


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


# --------------------------------------------------------------------------- value judgements

# These patterns judge a value that already looks like a secret, so most texts never need them:
# they stay source text, compiled on first use through re's own cache (`re.match(_PLACEHOLDER,
# ...)`), which spares every hook ~2 ms of compiling them up front.
_PLACEHOLDER = r"""(?ix)^(?:
        \$\{[^}]*\}? | \$\(.*\)? | \$[A-Za-z_]\w* | %[A-Za-z_]\w*% | \{\{.*\}\}
      | <[^<>]*> | [x*.#•_-]{3,} | x+
      | your[-_ ].* | your[a-z]*(?:key|token|secret|password) | .*[-_ ]here
      | change[-_]?me | replace[-_]?me | example | placeholder | dummy | redacted
      | none | null | nil | undefined | true | false | todo | tbd | fixme | required
      | secret | password | passwd | token | api[-_]?key
    )$"""
# `os.environ.get`, `self.token`, `os.environ[`, `getpass(`: code that computes a value.
_CODE_REFERENCE = r"[A-Za-z_$][\w$]*(?:\.[A-Za-z_$][\w$]*)+|[A-Za-z_$][\w$.]*[(\[].*"
_NON_ALNUM = r"[^a-z0-9]+"
_BARE_WORD = r"[A-Za-z_]\w*"
_PATH = r"(?:~|\.{1,2})?/[\w.@+-]*(?:/[\w.@+-]*)+|(?:~|\.{1,2})/[\w.@+-]+"
_CAMEL_WORDS = r"[a-z]+(?:[A-Z][a-z]+)+|[A-Z][a-z]+(?:[A-Z][a-z]+)+"
_TYPE_NAMES = frozenset(
    "str string int integer bool boolean bytes float number any object optional secretstr "
    "secretbytes unknown char".split()
)


def _is_placeholder(value: str, name: str = "") -> bool:
    bare = value.strip()
    if not bare or re.match(_PLACEHOLDER, bare):
        return True
    return bool(name) and _squash(bare) == _squash(name)


def _squash(word: str) -> str:
    return re.sub(_NON_ALNUM, "", word.lower())


def _looks_generated(value: str) -> bool:
    """True for values that look machine-made (keys, tokens), false for words and numbers."""
    if len(value) < 8 or any(c.isspace() for c in value):
        return False
    has_digit = any(c.isdigit() for c in value)
    has_alpha = any(c.isalpha() for c in value)
    if has_digit and has_alpha:
        return True
    mixed = any(c.isupper() for c in value) and any(c.islower() for c in value)
    return len(value) >= 20 and mixed and not re.fullmatch(_CAMEL_WORDS, value)


def _has_entropy(body: str) -> bool:
    """Fixed-prefix tokens whose random part is filler (AKIAXXXXXXXXXXXXXXXX) are placeholders."""
    return len(set(body.lower())) > 4


# --------------------------------------------------------------------------- fixed-format tokens


def _whole(kind: str) -> _Finder:
    return lambda m: (kind, m.start(), m.end())


def _token(kind: str, group: int = 0) -> _Finder:
    """Finder replacing `group`, unless the token's random part (its last matched group) is
    filler."""

    def find(m: re.Match[str]) -> _Found:
        if not _has_entropy(m.group(m.lastindex or group)):
            return None
        return kind, m.start(group), m.end(group)

    return find


def _generated(kind: str) -> _Finder:
    """Finder for prefixes that also start ordinary words (`sk-`): the match must look generated."""

    def find(m: re.Match[str]) -> _Found:
        if _is_placeholder(m.group()) or not _looks_generated(m.group()):
            return None
        return kind, m.start(), m.end()

    return find


def _rule(regex: str, find: _Finder, *triggers: str) -> _Rule:
    return _Rule(regex, find, triggers)


_B = r"(?<![A-Za-z0-9_-])"  # a token starts at a boundary: `sk-` inside `task-list` is no key
_E = r"(?![A-Za-z0-9_-])"

_TOKEN_RULES: tuple[_Rule, ...] = (
    _rule(
        # The body stops at the next `-----`, so a truncated block (no END) still loses its key
        # material but never swallows a later block and the text between.
        r"-----BEGIN ((?:[A-Z0-9]+ )*PRIVATE KEY(?: BLOCK)?)-----"
        r"(?:(?!-----)[A-Za-z0-9+/=\s\\:,.-])*(?:-----END \1-----)?",
        _whole("private_key"),
        "-----BEGIN ",
    ),
    _rule(
        _B + r"(?:AKIA|ASIA)([A-Z0-9]{16})" + _E,
        _token("aws_access_key"),
        "AKIA",
        "ASIA",
    ),
    _Rule(
        r"secret_?access_?key[\"']?\s*[:=]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        _token("aws_secret_key", 1),
        ("secret",),
        fold=True,
    ),
    _rule(
        _B + r"(?:gh[pousr]_([A-Za-z0-9]{36,251})|github_pat_([A-Za-z0-9_]{40,251}))" + _E,
        _token("github_token"),
        "ghp_",
        "gho_",
        "ghu_",
        "ghs_",
        "ghr_",
        "github_pat_",
    ),
    _rule(
        _B + r"gl(?:pat|dt|rt|ptt|ft|soat)-([A-Za-z0-9_-]{20,})" + _E,
        _token("gitlab_token"),
        *("glpat-", "gldt-", "glrt-", "glptt-", "glft-", "glsoat-"),
    ),
    _rule(
        _B + r"(?:xox[abprs]|xapp)-([A-Za-z0-9-]{10,})" + _E,
        _token("slack_token"),
        "xox",
        "xapp-",
    ),
    _rule(
        r"hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9_/-]{20,})",
        _token("slack_webhook", 1),
        "hooks.slack.com",
    ),
    _rule(_B + r"sk-ant-[A-Za-z0-9_-]{20,}" + _E, _generated("anthropic_key"), "sk-ant-"),
    _rule(_B + r"sk-(?!ant-)[A-Za-z0-9_-]{20,}" + _E, _generated("openai_key"), "sk-"),
    _rule(
        _B + r"(?:(?:sk|rk)_(?:live|test)_([A-Za-z0-9]{16,})|whsec_([A-Za-z0-9]{24,}))" + _E,
        _token("stripe_key"),
        *("sk_live_", "rk_live_", "sk_test_", "rk_test_", "whsec_"),
    ),
    _rule(_B + r"AIza([0-9A-Za-z_-]{35})" + _E, _token("google_api_key"), "AIza"),
    _rule(
        _B + r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*" + _E,
        _whole("jwt"),
        "eyJ",
    ),
    _rule(_B + r"npm_([A-Za-z0-9]{36})" + _E, _token("npm_token"), "npm_"),
    _rule(_B + r"pypi-(AgE[A-Za-z0-9_-]{50,})" + _E, _token("pypi_token"), "pypi-"),
    _rule(_B + r"hf_([A-Za-z0-9]{34,})" + _E, _token("huggingface_token"), "hf_"),
    _rule(
        _B + r"SG\.([A-Za-z0-9_-]{22})\.[A-Za-z0-9_-]{43}" + _E,
        _token("sendgrid_key"),
        "SG.",
    ),
)

# --------------------------------------------------------------------------- URLs and headers


def _find_url_password(m: re.Match[str]) -> _Found:
    if _is_placeholder(m.group("pw")):
        return None
    return "password", m.start("pw"), m.end("pw")


# scheme://user:PASSWORD@host: the scheme is irrelevant, so the match starts at `://`.
_URL_RULE = _rule(
    r"://(?P<user>[^\s:/?#@\"'<>\[\]]*):(?P<pw>[^\s/\"'<>]+)@(?=[\w\[])",
    _find_url_password,
    "://",
)


def _find_authorization(m: re.Match[str]) -> _Found:
    value = m.group("v")
    if _is_placeholder(value):
        return None
    # After an explicit Authorization header anything is a credential; a bare "Bearer x" in prose
    # needs to look generated.
    if m.group("header") is None and not _looks_generated(value):
        return None
    return "authorization", m.start("v"), m.end("v")


_AUTH_RULE = _Rule(
    r"(?<!\w)(?:(?P<header>authorization[\"']?[ \t]*[:=][ \t]*[\"']?)"
    r"(?:(?:bearer|basic|token|bot|digest)[ \t]+)?|(?:bearer|basic)[ \t]+)"
    r"(?P<v>[A-Za-z0-9._~+/-]{8,}=*)",
    _find_authorization,
    ("bearer", "basic", "authorization"),
    fold=True,
)

# --------------------------------------------------------------------------- NAME=value assignments

# The regex matches from the *last word* of the name; the rest of the name is read backwards in
# Python, because a leading `[\w.-]*` would make the engine try every identifier in the text.
_ASSIGNMENT = r"""(?x)
    (?:key|secret|token|passw(?:or)?d|passphrase|pass|pwd|auth)
    (?P<q>\\?["']?)
    (?P<annot>[ \t]*:[ \t]*[A-Za-z_][\w\[\].,| ]{0,40}?(?=[ \t]*=))?   # `password: str = "..."`
    (?P<sep>[ \t]*(?::=|\?=|=|:)[ \t]*|[ \t]+)
    (?:"(?P<dq>(?:[^"\\\n]|\\.)*)"
      |'(?P<sq>(?:[^'\\\n]|\\.)*)'
      |\\"(?P<eq>(?:[^"\\\n]|\\[^"\n])*)\\"     # inside a JSON string: \"value\"
      |(?P<bare>[^\s"'`,;&)}\\][^\s"'`,;&)}]*))
"""
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_NAME_WORDS = r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])"  # source text, as the judgements above
_KEY_QUALIFIERS = frozenset(
    "api secret private access master signing encryption auth client app service license "
    "subscription account admin webhook consumer deploy session shared hmac jwt cookie".split()
)
_LINE_REST_EMPTY = r"(?m)[ \t]*(?:#.*)?$"


@lru_cache(maxsize=512)  # the same few names (token, api_key, PASSWORD) recur all through a text
def _classify_name(name: str) -> tuple[str, str] | None:
    """(kind, strength) for a secret-bearing name, else None. Strength is "strong" (any literal
    value is a secret) or "weak" (only values that look generated)."""
    words = [w.lower() for w in re.split(_NAME_WORDS, name) if w]
    if not words:
        return None
    last = words[-1]
    if last.endswith(("password", "passwd", "passphrase")) or last == "pwd":
        return "password", "strong"
    if last == "pass":
        return ("password", "strong") if len(words) > 1 else None
    if last.endswith(("secret", "apikey")):
        return "secret", "strong"
    if last.endswith(("token", "auth")):
        return "secret", "weak"
    if last != "key" or len(words) < 2 or words[-2] in ("public", "publishable"):
        return None
    if words[-2] in _KEY_QUALIFIERS:
        return "secret", "strong"
    return ("secret", "weak") if name.isupper() else None


def _name_start(text: str, end: int) -> int:
    start = end
    while start > 0 and text[start - 1] in _NAME_CHARS:
        start -= 1
    return start


def _bare_value_is_literal(m: re.Match[str], name: str, name_start: int) -> bool:
    """Whether an unquoted value is a literal (shell, env file, YAML) rather than code."""
    value, sep, text = m.group("bare"), m.group("sep"), m.string
    if value[0] in "{[(" or re.fullmatch(_CODE_REFERENCE, value):
        return False
    if name.startswith("--") or (sep == "=" and name.isupper()):
        return True
    line_start = text.rfind("\n", 0, name_start) + 1
    prefix = text[line_start:name_start].strip(" \t\"'")
    yaml_line = (
        sep.strip() == ":"
        and prefix in ("", "-")
        and re.compile(_LINE_REST_EMPTY).match(text, m.end("bare")) is not None
    )
    if yaml_line:
        return value.lower() not in _TYPE_NAMES
    return not (re.fullmatch(_BARE_WORD, value) and not any(c.isdigit() for c in value))


def _find_assignment(m: re.Match[str]) -> _Found:
    text = m.string
    name_start = _name_start(text, m.start())
    name = text[name_start : m.start("q")]
    flag = name.startswith("--")
    classified = _classify_name(name.lstrip("-"))
    if classified is None or (not m.group("sep").strip() and not flag):
        return None
    kind, strength = classified
    group = next(g for g in ("dq", "sq", "eq", "bare") if m.group(g) is not None)
    value = m.group(group)
    if _is_placeholder(value, name) or re.fullmatch(_PATH, value) or "://" in value:
        return None
    if group == "bare" and not _bare_value_is_literal(m, name, name_start):
        return None
    if strength == "weak" and not _looks_generated(value):
        return None
    return kind, m.start(group), m.end(group)


_ASSIGNMENT_RULE = _Rule(
    _ASSIGNMENT, _find_assignment, ("key", "secret", "token", "pass", "pwd", "auth"), fold=True
)

_BUILTIN_RULES: tuple[_Rule, ...] = (*_TOKEN_RULES, _URL_RULE, _AUTH_RULE, _ASSIGNMENT_RULE)


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
        self._custom = tuple(
            _compile_user(p, "extra pattern", i) for i, p in enumerate(extra_patterns)
        )
        self._allow = tuple(
            _compile_user(p, "allowlist pattern", i) for i, p in enumerate(allowlist)
        )
        self._seconds = REDACT_SECONDS if seconds is None else seconds

    def redact(self, text: str) -> Redaction:
        counts: dict[str, int] = {}
        deadline = time.monotonic() + self._seconds
        size = len(text)
        folded = text.lower()
        if "private" in folded:
            text, blocks = _drop_private(text)
            folded = text.lower()
            if blocks:
                counts["private"] = blocks
        for rule in _BUILTIN_RULES:
            if time.monotonic() > deadline:
                raise RedactionTimeout(size, self._seconds)
            redacted = self._apply(rule.matches(text, folded), rule.find, text, counts)
            if redacted is not text:  # a redaction shifted positions: lower the new text
                text, folded = redacted, redacted.lower()
        if self._custom:
            text = self._apply_custom(text, counts, deadline, size)
        return Redaction(text, counts)

    def _apply(
        self, matches: Iterable[Any], find: _Finder, text: str, counts: dict[str, int]
    ) -> str:
        pieces: list[str] = []
        done = 0
        for match in matches:
            found = find(match)
            if found is None:
                continue
            kind, start, end = found
            secret = text[start:end]
            if start == end or start < done or MARKER_PREFIX in secret or self._allowed(secret):
                continue
            pieces += (text[done:start], MARKER_PREFIX, kind, "]")
            done = end
            counts[kind] = counts.get(kind, 0) + 1
        if not pieces:
            return text
        pieces.append(text[done:])
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


def _linear_engine() -> Any:
    """google-re2, imported only for user patterns (~2 ms)."""
    try:
        import re2
    except ImportError:
        # A hook runs without `site` (graphmem/hooks/launch.py). Installed by pip or pipx, re2
        # sits beside graphmem and is found above; in an editable install it is in a
        # site-packages folder that is not on the path: add the one that holds it (after the
        # standard library, as `site` would), without paying for `site` and its .pth files.
        import sys

        sys.path += [d for d in _site_packages() if os.path.isdir(os.path.join(d, "re2"))]
        try:
            import re2
        except ImportError:
            raise ValueError(
                "redaction patterns need the google-re2 package: pip install google-re2"
            ) from None
    return re2


def _site_packages() -> list[str]:
    import sys

    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    dirs = []
    for prefix in dict.fromkeys((sys.prefix, sys.base_prefix)):
        dirs += [os.path.join(prefix, lib, version, "site-packages") for lib in ("lib", "lib64")]
        dirs.append(os.path.join(prefix, "Lib", "site-packages"))  # Windows
    dirs.append(os.path.join(os.path.expanduser("~"), ".local", "lib", version, "site-packages"))
    return dirs


def _compile_user(pattern: str, what: str, index: int) -> Any:
    re2 = _linear_engine()
    options = re2.Options()
    options.log_errors = False  # RE2 would log to stderr; the error is reported once, below
    try:
        return re2.compile(pattern, options)
    except re2.error as err:
        reason = err.args[0].decode() if isinstance(err.args[0], bytes) else str(err)
        raise ValueError(f"invalid redaction {what} #{index + 1}: {reason}") from None


@lru_cache(maxsize=1)
def _default_redactor() -> Redactor:
    return Redactor()


def redact(text: str) -> Redaction:
    """Redact with the built-in rules only (no config)."""
    return _default_redactor().redact(text)
