"""A password told in a sentence, in any language and word order: the word for password, then a
few other words, then the value (`the password for the db is X`, `Il-password tas-server hija
X`, `Kalmar sirri ta uwar garken ita ce X`), or the value right after it with the verb last
(`ਪਾਸਵਰਡ X ਹੈ`, `パスワード X です`).

Decisions (the tests pin each one):

- The name is a word of prose: a strong name for a password (names.py: any language), standing
  as a word (`Il-password`, `l'mot de passe`) or as a gloss in parentheses (`… (password): X`),
  never inside an identifier (`DB_PASSWORD`, `resetPassword`) or a path; no list of copulas, so
  that a language nobody listed still works.
- The value is one of the next eight words of the same sentence and line, and only a value
  that looks made, not written: upper and lower case with a digit or a symbol inside, and not
  CamelCase words (`Upper+Lower`, `Python3.11`, `PasswordEncoder`); or twelve random letters
  and digits of one case (`i9weqs3jnhv3sult`). Never a path, URL, e-mail, expression, flag,
  variable, placeholder or digest (hex of 32 or more: `password hash is 5f4d…`), and never
  the word after a user, login, host or account word (`password for user Admin7Xk9 reset`).
  A `=` inside a made value is its own (not `name=value`, not base64's padding), and so is a
  generator's `-` first (a word of a flag's shape is a flag).
- A made value told last in a clause, with no word for password at all (`… es X.`, `… li X.`),
  or before the one word that ends it (a copula put last: `… X kachkan,`): after three words of
  prose and another before them (in a script other than Latin the three suffice, unless a colon
  makes them a label), before a stop, comma, dash or the line's end, and only in a shape
  no word of prose has (a long word run into a four-digit number, a generator's passphrase,
  random letters and digits of both cases); not a tagged id, hex, or a name ending in a word.
- A login told as `user / password` after a word that says it is one (`login`, `credentials`,
  `typed`): the password when it is made (a digit among letters), the user in lower case, and
  not a menu's path of steps (`Settings / Security`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from functools import lru_cache
from itertools import islice, pairwise

from graphmem import patterns
from graphmem.redact.assignments import _TRIGGER_OF
from graphmem.redact.names import (
    _FOREIGN_KEYS,
    _FOREIGN_PASSWORDS,
    _MARKS,
    _PHRASES,
    _classify_name,
)
from graphmem.redact.rule import MARKER_PREFIX, _Found, _line_start, _Rule, _Words
from graphmem.redact.shapes import _class
from graphmem.redact.values import _encodes_prose, _is_placeholder, _looks_random, _wordy

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re

# The word holding the name: letters (and the marks of Indic and Thai scripts), a hyphen or an
# apostrophe (`Il-password`, `l'password`), up to the blank, a colon or the line's end.
_WORD = rf"(?:[^\W\d_]|[{_MARKS}'\u2019\u02bb-]){{1,40}}"
_NAME = rf"(?P<name>{_WORD})"
# Words that name what the next word is: a user, a host (`password for user admin7 …`).
_NAMING = frozenset(
    "user username login account host server email mail for-user benutzer utilisateur "
    "usuario utente usuário gebruiker użytkownik пользователь".split()
)
# Words after which the value is something else: a digest, a rule, a reference.
_ELSEWHERE = frozenset(
    "hash hashed digest md5 sha1 sha256 bcrypt argon2 id policy length hint file path field "
    "variable env column manager managers vault reset expiry expires expired rotation".split()
)
# Scripts that write no blanks between words: their word for password is read as a prefix.
_UNSPACED_SCRIPTS = (
    ("\u0e00", "\u0fff"),  # Thai, Lao, Tibetan
    ("\u1000", "\u109f"),  # Burmese
    ("\u1780", "\u17ff"),  # Khmer
    ("\u3040", "\u9fff"),  # Japanese, Chinese
    ("\uac00", "\ud7af"),  # Korean (its particles glue on)
)
_SYMBOLS = frozenset("!#$%&*+?@^~")
# A generator's passphrase: three words or more, capitalised alike, joined by one separator,
# and a number (`Canyon-Otter-Cobalt-Otter-63`, `maple.drizzle.otter.7`), as password managers make.
_PASSPHRASE = (
    r"(?:[A-Z][a-z]{2,9}([-_.])(?:[A-Z][a-z]{2,9}\1){2,7}|[a-z]{3,10}([-_.])(?:[a-z]{3,10}\2){2,7})"
    r"\d{1,4}"
)
_STRIP = "\"'`*_,;:.!?)]}\u00bb\u201d\u2019"


def _unwrap(raw: str) -> str:
    """A word without its punctuation and emphasis (`**X**`, `_X_`); an underscore or a star
    only at its start is the value's own (`_+*My6…`)."""
    value = raw.strip(_STRIP)
    lead = raw[: len(raw) - len(raw.lstrip(_STRIP))]
    kept = lead.lstrip("\"'`([{\u00ab\u201c\u2018")
    if kept and kept[0] in "_*" and not raw.rstrip(_STRIP + ".,;:!?").endswith(kept[0]):
        return kept + value
    return value


# A name before `=`: lower case, CamelCase words or a constant's capitals, digits after letters.
_NAME_BEFORE_EQUALS = r"(?:[A-Za-z_][a-z0-9_.-]*(?:[A-Z][a-z0-9_.-]+)*|[A-Z][A-Z0-9_.-]*)="


def _made(value: str) -> bool:
    """Whether a word of a sentence looks made, not written (see the module's decisions)."""
    if not 8 <= len(value) <= 64 or value[0] in "$%{@#-&<([":
        return False
    if value.isalpha():
        return False  # a word: every shape below holds a digit or a symbol (cheap, first)
    if "=" in value and (value.endswith("=") or patterns.match(_NAME_BEFORE_EQUALS, value)):
        return False  # `name=value`, base64's padding: `=` inside a made value only (`Et=r*Yg`,
        # `icHMgHZ=6ov…`: no name has its case changing at random)
    if patterns.search(r"[/\\(){}\[\]<>|:]|^\d{4}-\d\d-\d\d", value) or _is_placeholder(value):
        return False
    if patterns.fullmatch(r"[^@\s]+@[\w.-]+\.[A-Za-z]{2,}", value):  # an e-mail
        return False
    if patterns.fullmatch(r"(?:0x)?[0-9a-fA-F]{32,}|[0-9a-fA-F-]{36}", value):  # a digest, a UUID
        return False
    upper = any(c.isupper() for c in value)
    lower = any(c.islower() for c in value)
    digit = any(c.isdigit() for c in value)
    symbol = not _SYMBOLS.isdisjoint(value)
    if (
        patterns.fullmatch(_PASSPHRASE, value)
        or patterns.fullmatch(_COMPOUND_YEAR, value)
        or (digit and patterns.fullmatch(_COMPOUND_NUMBER, value))
    ):
        return True
    if upper and lower:
        if digit and symbol:
            return True
        inner_digit = patterns.search(r"\d(?=.*[A-Za-z])", value) is not None  # not `KeePassXC2`
        return not _wordy(value) and (symbol or inner_digit)
    if (upper or lower) and digit and len(value) >= 12:  # one case: random, not a version
        return patterns.fullmatch(r"[A-Za-z0-9]+", value) is not None and _looks_random(value)
    return False


def _find_told_password(m: re.Match[str]) -> _Found:
    text, start = m.string, m.start("name")
    before = text[max(0, start - 6) : start]  # bounded: names back to back cost no rescan
    cut = max(before.rfind(" "), before.rfind("\n"), before.rfind("\t"))
    if not patterns.fullmatch(
        r"(?:[^\W\d_]{1,4}['\u2019-]|\()?", before[cut + 1 :] if cut != -1 or start <= 6 else before
    ):
        return None  # inside an identifier, a flag, a path (`--new-password`); not `Il-`, `l'`,
        # nor a gloss in parentheses (`… (password): X` in a sentence of another language)
    line_end = text.find("\n", start, start + 300)
    rest = text[start : line_end if line_end != -1 else start + 300]
    tokens = list(islice(patterns.finditer(r"\S+", rest), 11))
    skip = _named_words(m.group("name"), [t.group() for t in tokens[:3]])
    if skip is None:
        return None
    told = MARKER_PREFIX + "password]"
    if any(told in t.group() for t in tokens[: skip + 8]):
        return None  # told already, and redacted: a second pass takes nothing more
    previous = ""
    for at, token in enumerate(tokens[skip : skip + 8], skip):
        raw = token.group()
        value = _unwrap(raw)
        lowered = value.lower()
        if lowered in _ELSEWHERE or _flag(raw):
            return None  # a digest, a rule; a flag: a command line, which other rules read
        if previous not in _NAMING and (_made(value) or _made_after_dash(value)):
            begin = start + token.start() + raw.find(value)
            return "password", begin, begin + len(value)
        if raw[:1].isupper() and raw.isascii() and previous not in _TITLED:
            spaced = _spaced_passphrase(tokens, at)
            if spaced is not None:
                return "password", start + spaced[0], start + spaced[1]
        if raw.endswith((".", "!", "?", ";")) and value == raw.rstrip(".!?;"):
            return None  # the sentence ends
        previous = lowered
    return None


# Words after which capitalised words are a title (`in the Security Handbook Volume 2`).
_TITLED = frozenset("the a an in of from see at on to by under per via".split())


def _capitalised(word: str) -> bool:
    """`Nimbus`: an ASCII word of three to ten letters, its first a capital."""
    return (
        3 <= len(word) <= 10
        and word.isascii()
        and word[0].isupper()
        and word[1:].islower()
        and word.isalpha()
    )


def _spaced_passphrase(tokens: list[re.Match[str]], at: int) -> tuple[int, int] | None:
    """Where a passphrase written apart starts and ends, from the token at `at`: three
    capitalised words or more and a small number last, before its clause ends (`the temporary
    password is Nimbus Almond Marram 87;`), as generators and people make them."""
    words = 0
    for token in tokens[at : at + 9]:
        raw = token.group()
        if _capitalised(raw):
            words += 1
            continue
        value = raw.rstrip(".,;:!?)")
        if words >= 3 and value.isdigit() and len(value) <= 3 and value.isascii():
            return tokens[at].start(), token.start() + len(value)
        return None
    return None


def _flag(raw: str) -> bool:
    """A command line's flag (`-p`, `--password=…`, `-Xmx2g`), not a value whose first character
    is a generator's `-` (`-mqosBvRBl7r!*Q0T7`, with symbols no flag has)."""
    return raw.startswith("-") and (
        patterns.fullmatch(r"--?[A-Za-z0-9][\w.-]*(?:=\S*)?[.,;:!?)]*", raw) is not None
        or not _made_after_dash(raw.rstrip(".,;:!?)"))
    )


def _made_after_dash(value: str) -> bool:
    return value.startswith("-") and not value.startswith("--") and _made(value[1:])


def _find_told_key(m: re.Match[str]) -> _Found:
    """A key or token told in a sentence, in any language, when the sentence says whose or what
    for (`API key`, `la clave de la API … ye X`, `access token`): the first of the next ten
    words of the sentence that looks made, or is a key in hex (no digest's word before it)."""
    text, start = m.string, m.start("name")
    line_start = _line_start(text, start, 60)  # bounded: keys back to back cost no rescan
    if (
        start
        and (text[start - 1].isalnum() or text[start - 1] in "_-./$")
        and not patterns.search(_QUALIFIED_HYPHEN, text[line_start:start])
    ):
        return None  # inside an identifier, a flag, a path (`api_key`, `--access-token`)
    if patterns.search(_DIGEST_WORDS, text[line_start:start]):
        return None  # `the commit that added the API key was 9f2c…`: the value is a digest
    line_end = text.find("\n", start, start + 300)
    rest = text[start : line_end if line_end != -1 else start + 300]
    tokens = list(islice(patterns.finditer(r"\S+", rest), 12))
    first = m.group("name").lower()
    qualified = (  # `API key` (the rule's English triggers start at the qualifier), `API-key`
        first
        if first.split("-")[0] in _QUALIFIER_WORDS
        else _KEY_QUALIFIER.search(text, max(line_start, start - 30), start)
    )
    previous = ""
    for token in tokens[2:12] if first in _QUALIFIER_WORDS else tokens[1:11]:
        raw = token.group()
        value = _unwrap(raw)
        lowered = value.lower()
        if qualified is None and patterns.fullmatch(_KEY_QUALIFIER_WORD, lowered):
            qualified = token
            continue
        if lowered in _ELSEWHERE or lowered in _NOT_THE_KEY or raw.startswith("-"):
            return None
        if qualified is not None and previous not in _NAMING and _told_key(value):
            begin = start + token.start() + raw.find(value)
            return "secret", begin, begin + len(value)
        if raw.endswith((".", "!", "?", ";")) and value == raw.rstrip(".!?;"):
            return None  # the sentence ends
        previous = lowered
    return None


def _told_key(value: str) -> bool:
    if len(value) > 64:  # a long token: base64 or URL-safe, random (hex that long: a key's
        # published test value, a digest; in hex, keys are told up to 128)
        return (
            patterns.fullmatch(r"[A-Za-z0-9+/_-]{65,512}={0,2}", value) is not None
            and patterns.fullmatch(r"(?:0x)?[0-9a-fA-F]+", value) is None
            and _looks_random(value)
        )
    return (
        _made(value) or patterns.fullmatch(r"[0-9a-f]{32,128}|[0-9A-F]{32,128}", value) is not None
    )


# What makes a key or a token a credential: whose it is, what it opens (`API`, `secret`,
# `access`), before it (`API key`) or after it (`la clave de la API`).
_KEY_QUALIFIER_WORD = r"(?:api|secret|private|access|auth|bot|bearer|app|service|license)"
_KEY_QUALIFIER = patterns.compile(
    rf"(?i)(?<![\w-]){_KEY_QUALIFIER_WORD}(?:[ \t]+(?:\S+[ \t]+)?|-)(?=\S*$)"
)
_QUALIFIED_HYPHEN = rf"(?i)(?:^|\s){_KEY_QUALIFIER_WORD}-$"  # German's `API-Schlüssel`
_DIGEST_WORDS = r"(?i)\b(?:commit|sha\d*|hash|digest|checksum|fingerprint|revision)\b"
# Words after which the value is the key's name, id or public half, not the key.
_NOT_THE_KEY = frozenset(
    "name named called label alias public publishable pub fingerprint kid ids prefix".split()
)


def _named_words(name: str, words: list[str]) -> int | None:
    """How many of the first words the name for a password takes (one, or two and three for
    a phrase: `kalmar sirri`), or None when they do not name one. A word of a script that
    writes no blanks (Thai, Lao, Khmer, Burmese, Chinese, Japanese, Korean's particles) names
    one when it starts with one."""
    if not words or not words[0].lower().startswith(name.lower()):
        return None
    if not words[0].rstrip(":\uff1a").removesuffix(")").endswith(name):
        return None  # the word goes on with something else: `password_hash`, `pass/word`
    for size in (3, 2, 1):
        if len(words) >= size and _classify_name(" ".join(words[:size]).rstrip(":\uff1a")) == (
            "password",
            "strong",
        ):
            return size
    if patterns.fullmatch(_PASSW_WORD, words[0].rstrip(":\uff1a")):
        return 1  # `Passwatt`, `Passwurd`: the Germanic languages' spellings, listed or not
    particle = patterns.fullmatch(r"(.+)-[^\W\d_]{1,4}:?", words[0])
    if particle and _classify_name(particle.group(1)) == ("password", "strong"):
        return 1  # a particle or a case ending joined by a hyphen: `password-po`, `password-ga`
    return 1 if name.lower().startswith(_unspaced()) else None


# A word that starts as `password` does and ends its own way (Kölsch's `Passwatt`, Plautdietsch's
# `Passwurd`), an elided article before it (`S'Passwatt`): in a sentence, a word for password.
_PASSW_WORD = r"(?i)(?:[^\W\d_]{1,4}['\u2019-])?passw[^\W\d_]{1,5}"


@lru_cache(maxsize=1)
def _unspaced() -> tuple[str, ...]:
    """The words for password of scripts that write no blanks (read as prefixes)."""
    return tuple(
        word
        for word in _FOREIGN_PASSWORDS
        if any(low <= word[0] <= high for low, high in _UNSPACED_SCRIPTS)
    )


def _may_tell(text: str, at: int) -> bool:
    """Cheap test before the regex: a made value holds a digit or a capital, so the rest of the
    line must (`the password reset flow is untouched` ends here)."""
    return patterns.compile(_TELLING_REST).match(text, at + 5) is not None


_TELLING_REST = r"[^\n]{0,300}?[A-Z0-9]"


def _may_tell_key(text: str, at: int) -> bool:
    """Cheap test before the regex: a key told in a sentence is one whose sentence says whose or
    what for, near it (`API key`, `clave de la API`), and the rest of its line holds a digit or
    a capital (`the episode key before trimming` ends here)."""
    near = text[max(0, at - 30) : at + 80].lower()
    return any(word in near for word in _QUALIFIER_WORDS) and _may_tell(text, at)


_QUALIFIER_WORDS = _KEY_QUALIFIER_WORD.strip("(?:)").split("|")
_KEYS = ("key", "token")  # each trigger costs a pass over the text: the common qualifiers only


def _may_tell_key_after(text: str, at: int) -> bool:
    """As `_may_tell_key`, for `Token API`: the qualifier a word of its own (not `API-key`,
    whose own trigger reads it)."""
    end = text.find(" ", at) + 4
    return (end >= len(text) or not (text[end].isalnum() or text[end] in "-_")) and _may_tell_key(
        text, at
    )


_TOLD_KEY_AFTER_RULE = _Rule(  # `Token API`: the qualifier after, as French puts it
    _NAME,
    _find_told_key,
    ("token api",),  # not `key api`: `API-key API-key …` holds it at every key
    fold=True,
    before=_may_tell_key_after,
    stable=True,
)
_TOLD_KEY_RULE = _Rule(
    _NAME,
    _find_told_key,
    (  # in English, the qualifier and the word: "key" alone is everywhere in prose and code
        *(f"{q} {k}" for q in ("api", "secret", "private", "access", "auth", "bot") for k in _KEYS),
        *sorted(_FOREIGN_KEYS - {"key"}),
    ),
    fold=True,
    before=_may_tell_key,
    stable=True,
)
_TOLD_PASSWORD_RULE = _Rule(
    _NAME,
    _find_told_password,
    (
        "passw",
        "pasw",  # one `s`: `pasword`, as dialects and hurried hands write it
        "passphrase",
        "passcode",
        *sorted({_TRIGGER_OF[w.lower()] for w in (*_FOREIGN_PASSWORDS, *_PHRASES)}),
    ),
    fold=True,
    before=_may_tell,
    stable=True,
)


def _find_slashed_login(m: re.Match[str]) -> _Found:
    """A login told as `user / password` after a word that says so (`the admin login is admin /
    …`, `credentials: ops / …`, `then typed: billing / …`): the password, when it is made (a
    digit among letters, eight or more), not a word, a path or a version."""
    text = m.string
    line_start = _line_start(text, m.start(), 160)
    before = text[line_start : m.start()]
    user = patterns.search(r"(?:^|[\s:(\"'`])([a-z][\w.@+-]{1,63})$", before)  # users: lower case
    if user is None or not patterns.search(_LOGIN_WORDS, before[: user.start(1)]):
        return None
    if patterns.match(r"[ \t]+/[ \t]", text[m.end() : m.end() + 3]) or patterns.search(
        r"/[ \t]*$", before[: user.start(1)]
    ):
        return None  # a path of more steps: a menu's (`Settings / Security / Keys`)
    raw = m.group("v")
    value = raw.rstrip(".,;:!?)\"'`")
    if not patterns.fullmatch(
        r"(?=[^\d]*\d)(?=.*[A-Za-z])[^\s/\\<>]{8,64}", value
    ) or _is_placeholder(value):
        return None
    if patterns.fullmatch(r"v?\d+(?:\.\d+)+\w*|[\w.+-]+@[\w.-]+|\d{4}-\d\d-\d\d\S*", value):
        return None  # a version, an e-mail, a date
    return "password", m.start("v"), m.start("v") + len(value)


_LOGIN_WORDS = (
    r"(?i)\b(?:login|logins|log[ -]in|sign[ -]?in|credentials?|creds|user(?:name)?[ ]?/[ ]?pass"
    r"(?:word)?|typed|auth)\b"
)


def _find_signed_in_as(m: re.Match[str]) -> _Found:
    """`log in as USER with VALUE` (`using`, `and`): the value, when made (see `_made`); not
    `with SSO`, `using the admin key`."""
    raw = m.group("v")
    value = _unwrap(raw)
    if not (_made(value) or _made_after_dash(value)):
        return None
    begin = m.start("v") + raw.find(value)
    return "password", begin, begin + len(value)


# Signing in told in a sentence: as whom, then with what (a ticket's steps, a hand-over mail).
_SIGNED_IN_RULE = _Rule(
    r"(?:log(?:ged|ging)?|sign(?:ed|ing)?)[ \t-]?(?:in|on)[ \t]+as[ \t]+[^\s,;]{1,64},?[ \t]+"
    r"(?:with|using|and)[ \t]+(?P<v>\S{1,64})",
    _find_signed_in_as,
    tuple(
        f"{verb}{join}{to} as "
        for verb in ("log", "logged", "logging", "sign", "signed", "signing")
        for join in ("", " ", "-")
        for to in ("in", "on")
    ),
    fold=True,
)


_SLASHED_LOGIN_RULE = _Rule(
    r"[ \t]/[ \t]+(?P<v>[^\s/]{8,128})",
    _find_slashed_login,
    (" / ",),
)


# A made value standing where a sentence puts what it tells, in any language: after three words of
# prose or more (letters alone, any script, an elided article included: `ch'est`, `qu'ei`), last
# in its clause (a stop, a comma, a dash or the line's end after it), or before one word that
# ends it (the copula of a language that puts it last: Meitei's, Quechua's, Tigrinya's). No word
# for password is needed (`la pasovorto … esas X.`, `nimi open … li X.`): the value's shape says
# it, and only
# shapes no word of prose has: a word of eight letters or more run into a four-digit number
# (`Kettleharbour8832`), a generator's passphrase, or random letters and digits of both cases
# changing class at most neighbours, with the symbols generators add (`UWfnXoyu3-lx?O5xa_`).
_TOLD_AT_END = (
    r"(?<!\S)[`'\"*\u00ab\u201c]?(?=[^\s\d]{0,64}\d)"
    r"(?P<value>[A-Za-z0-9!#$%&*+?@^~_=-]{10,64})"
    r"[`'\"*\u00bb\u201d]?(?:[ \t]+[^\W\d_][^\s\d.,;!?\u060c\u2026\u0964\u1362]{0,24})?"
    r"(?:[.,;!?\u060c\u2026\u0964\u1362]+(?=\s|$)"
    r"|(?=[ \t]*(?:\n|$)|[ \t]+[\u2014\u2013\u060c-](?:\s|$)))"
)
# The same, sought among the text's distinct words (lower-cased, one a line): what may be one.
_CANDIDATE = (
    r"(?m)^[`'\"*\u00ab\u201c]?(?=[^\n\d]{0,64}\d)[a-z0-9!#$%&*+?@^~_=-]{10,64}"
    r"[`'\"*\u00bb\u201d]?[.,;!?\u060c\u2026]*$"
)
_MOST_CANDIDATES = 64
_PROSE_WORD = r"[^\W\d_](?:[^\W\d_]|['\u2019])*|[^\W\d_]+['\u2019]"


def _marked_word(word: str) -> bool:
    """A word of a script whose letters take marks no list here holds (Meetei Mayek's vowel
    signs, Cherokee's, Tifinagh's …): letters first, then letters and combining marks."""
    import unicodedata

    return (
        len(word) <= 40
        and word[0].isalpha()
        and all(c.isalpha() or unicodedata.category(c)[0] == "M" for c in word)
    )


# A long word run into a year (`Sunflower2024!`), one of its letters perhaps a digit in disguise
# (`Mart3nfjord2023`: a person's password, as a word of prose never is).
_COMPOUND_YEAR = r"[A-Z](?:[a-z]{7,}|[a-z]{2,}[0-9][a-z]{2,}(?<=[A-Za-z0-9]{8}))\d{4}[!#$%&*@^~?]?"
# Told as a password (`_made`, after its word): a long word run into any number of three to five
# digits (`Onyxcobalt938`), its letters perhaps digits in disguise (`Alm0nddelt42024`), as people
# pick them; a word of prose has no number glued to it, a version (`Python311`) has a short word.
_COMPOUND_NUMBER = r"[A-Z](?:[a-z]|\d(?=[a-z])){6,}[a-z]\d{3,5}[!#$%&*@^~?]?"
_GENERATOR_SYMBOLS = "!#$%&*+?@^~_-="


@lru_cache(maxsize=512)  # ordinary text repeats its words: a value is judged once
def _predicate_made(value: str) -> bool:
    """A value no word of prose is (see `_TOLD_AT_END`)."""
    if patterns.fullmatch(_COMPOUND_YEAR, value):
        return True
    if patterns.fullmatch(_PASSPHRASE, value):  # not snake_case, not an IETF draft: names
        return patterns.fullmatch(r"[a-z0-9_]+|draft-[a-z0-9-]+", value) is None
    if patterns.search(r"[A-Z][a-z]{3,}$", value):
        return False  # `GLiNER2Client`: a name ends in a word, as a random value rarely does
    core = value.strip(_GENERATOR_SYMBOLS)
    if len(value) < 12 or not core or _is_placeholder(value):
        return False
    if patterns.match(r"[a-z][a-z0-9]{0,11}[_-]|[A-Z]{2,}[0-9]*[_-]", value):
        return False  # tagged: an object's id (`sub_1OqX…`, `evt_…`), a vendor's token
    run = "".join(c for c in value if c.isalnum())
    if len(run) < 10 or not (any(c.isupper() for c in run) and any(c.islower() for c in run)):
        return False
    if not any(c.isdigit() for c in run) or patterns.fullmatch(r"[0-9a-fA-F-]+", value):
        return False
    if patterns.fullmatch(r"[A-Za-z][0-9a-f]{7,}", value):
        return False  # a commit told with its tag: Gerrit's `I<40 hex>`, git describe's `g…`
    pieces = [p for p in patterns.split(r"[^A-Za-z0-9]+", value) if p]
    if any(sum(c.isalpha() for c in p) >= 6 and _wordy(p) for p in pieces) or _of_words(pieces):
        return False  # `Build-Server-2024x`, `MyClass_Test2`: words and identifiers
    # a generator's symbols are a class of their own: `Rr?rijRPY^~J^?3DUl` changes at each
    kept = [p for p in patterns.split(r"[^A-Za-z0-9!#$%&*+?@^~]+", value) if p]
    changes = sum(_symbol_class(a) != _symbol_class(b) for p in kept for a, b in pairwise(p))
    return changes * 3 >= sum(map(len, kept))


def _symbol_class(c: str) -> int:
    return _class(c) if c.isalnum() else 3


def _of_words(pieces: list[str]) -> bool:
    """Whether two thirds of a value's letters are in words of three or more (`readUint16BE`,
    `VP8LAddGreenToBlueAndRed_C`, `ChaCha20-Poly1305`), as a name's are: a generator's letters
    change case every one or two, and its capitals run as long as they like."""
    runs = [r for p in pieces for r in patterns.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", p)]
    long = [r for r in runs if len(r) >= 3 and not r.isupper()]
    return len(long) >= 2 and sum(map(len, long)) * 3 >= sum(map(len, runs)) * 2


class _PredicateValues:
    """A rule (as `_Rule`: matches, then find) for made values told last in a clause of prose."""

    def matches(
        self, text: str, folded: str, done: list[int], words: _Words | None = None
    ) -> Iterator[re.Match[str]]:
        told = patterns.compile(_TOLD_AT_END)
        # A scan of every word would cost a third of all rules: the distinct words first, each
        # sought in the text; when there are many (a text of made values), one scan, bounded.
        candidates = [] if words is None else patterns.compile(_CANDIDATE).findall(words.first)
        if words is None or len(folded) != len(text) or len(candidates) > _MOST_CANDIDATES:
            found_all: Iterable[re.Match[str]] = told.finditer(text)
        else:
            found_all = sorted(self._at_words(text, folded, candidates, told), key=_start)
        for found in found_all:
            if found.start() >= done[0]:
                yield found

    @staticmethod
    def _at_words(
        text: str, folded: str, candidates: list[str], told: re.Pattern[str]
    ) -> Iterator[re.Match[str]]:
        for word in candidates:
            rejected = set()  # as written (the words are lower-cased): judged once each
            at = folded.find(word)
            while at != -1:
                written = text[at : at + len(word)]
                if (at == 0 or folded[at - 1].isspace()) and written not in rejected:
                    found = told.match(text, at)
                    value = found.group("value") if found is not None else ""
                    if found is not None and (
                        _predicate_made(value) or _predicate_made(value.rstrip("?!"))
                    ):
                        yield found
                    else:
                        rejected.add(written)
                at = folded.find(word, at + len(word))

    def find(self, m: re.Match[str]) -> _Found:
        text, start = m.string, m.start()
        value, end = m.group("value"), m.end("value")
        if value[-1] in "?!" and not text.startswith((".", ",", ";"), end):
            value = value.rstrip("?!")  # the sentence's own mark, not the value's
            end = m.start("value") + len(value)
        if not _predicate_made(value):
            return None
        line_start = _line_start(text, start, 200)
        before = text[line_start:start].split()
        if len(before) < 3 or (
            len(before) == 3 and (" ".join(before).isascii() or any(":" in w for w in before))
        ):
            return None  # three words: of a script code is not written in (`from x import Y,`),
            # not a label's (`password policy: see …`)
        last = [w.strip(",:;\u060c") for w in before[-3:]]
        if not all(
            patterns.fullmatch(_PROSE_WORD, w) or (not w.isascii() and _marked_word(w))
            for w in last
        ) and not (
            ("-" in value or "." in value or "_" in value)  # a generator's passphrase after
            and patterns.fullmatch(_PASSPHRASE, value)  # them: `Wi-Fi:ha`, `mimi-i` are words
            and _prose_words([patterns.sub(_JOINED, "", w) for w in last])
        ):
            return None
        if any(w.lower() in _ELSEWHERE for w in before[-4:]):
            return None
        if patterns.search(_DIGEST_WORDS, " ".join(before[-4:])):
            return None
        if _encodes_prose(value):
            return None  # `base64 of the greeting: V2VsY29tZS…`: a sentence encoded
        return "password", m.start("value"), end


# What joins a word's parts in prose: a hyphen (`Wi-Fi`, Wakhi's `mimi-i`), a colon before a case
# ending on an abbreviation (Finnic's `Wi-Fi:ha`, `USB:llä`).
_JOINED = r"(?<=[^\W\d_])(?:-|:(?=[^\W\d_]{1,4}$))(?=[^\W\d_])"


def _prose_words(words: list[str]) -> bool:
    return all(
        patterns.fullmatch(_PROSE_WORD, w) or (not w.isascii() and _marked_word(w)) for w in words
    )


def _start(m: re.Match[str]) -> int:
    return m.start()


_PREDICATE_VALUES = _PredicateValues()
