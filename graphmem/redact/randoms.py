"""Values told random by the value alone, whatever syntax or name stands beside them.

Every other rule reads a name or a syntax, and every blind split brought names and syntaxes
nobody had written down. What a generator makes looks alike in any syntax: letters, digits and
base64's or URL-safe symbols, mixing cases and digits, with no words in it, and as varied as
random text is.

Decisions (the tests pin each one):

- A candidate is a whole run of ``A-Za-z0-9+/_~-`` (and base64's padding) of 20 to 200
  characters, sought only in blank-separated words that hold a digit. Longer runs are data (an
  image, a font, a minified file); a dot or an ``=`` inside ends a run, since generators make
  neither and names (``self._lib.X509_V_FLAG``, ``d1a2f3.cloudfront.net``, ``--id=h-0029``) do.
- It is random when it mixes upper case, lower case and digits (one case and digits in 24 or
  more), holds no words (vowel-rich runs of letters, CamelCase words, a constant's or a path's
  parts), and its characters are as varied as 19 in 20 random values are (Shannon entropy).
- Kept, as a reviewer keeps them: hex of any length (digests, git SHAs, UUIDs, C numbers), a
  value behind its own prefix (``sha256-``, ``ch_``, ``pk_live_``: the prefix rules decide), a
  piece of a URL, a path or a dotted name, a value glued to a tag (``h1:…``, ``ENC[…,data:…``),
  SSH public keys (after their type, or by their wire format) and DER ones, ULIDs, age
  recipients, extended public keys, examples, base64 of text that holds no secret (the text is
  redacted on its own), and a value whose label
  says it is public or an id (``id``, ``hash``, ``etag``, ``commit``, ``public``, ``nonce``,
  ``next``, ``cursor``, ``endpoint`` …).
- Redacted only beside some context, however weak: a label before it on its line, in any
  language or syntax (a name and ``:``, ``=``, a flag, a quote, a call's parenthesis, a word and
  a blank), but not a one-letter one (JWK's ``"x":``, DKIM's ``p=``, ``-P``); or alone on its
  line under a line ending with a colon, and not a block's first line.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from math import log2

from graphmem import patterns
from graphmem.redact.assignments import _encrypted, _hashed_here, _tokenised
from graphmem.redact.rule import _Found, _Words
from graphmem.redact.values import (
    _HAS_DIGIT,
    _public_der,
    _public_point,
    _said_public,
    _typed_filler,
    _wordy,
)

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re

# A run of value characters, whole (the lookbehind fails at once inside a run), and base64's
# padding. Not `=` inside (`--host-id=h-…`: a name and its value) nor `.`: generators do not make
# dots, and names do (`self._lib.X509_V_FLAG_CRL_CHECK`, `d1a2f3.cloudfront.net`).
_RUN = r"(?<![A-Za-z0-9+/_~-])[A-Za-z0-9+/_~-]{20,201}={0,2}"
_HEX = "0123456789abcdefABCDEF-"
# Shapes that are not random, or public: SSH wire-format public keys (`AAAA…`, length bytes), C's
# hex numbers (`0xB32E4CBE03A75F6Full`), a ULID, an age recipient, an extended public key, an
# example, a key id as gpg lists it (`cv25519/CFAEB5A9288F87B6`). (And a public key's DER or
# point: `_public_key`.)
_NOT_RANDOM = (
    r"AAAA|0x[0-9A-Fa-f]+[uUlL]*$|age1[02-9ac-hj-np-z]{58}$|[0-7][0-9A-HJKMNP-TV-Z]{25}$"
    r"|[xyzt]pub[1-9A-HJ-NP-Za-km-z]{100}|(?i:.*example)|[UNACOX][A-Z2-7]{55}$"  # NATS public nkey
    r"|(?:bc|tb|ltc)1[02-9ac-hj-np-z]{39,59}$"  # a SegWit address (BIP 173, 350): bech32
    r"|(?:rsa|dsa|elg|ed|cv|nistp|brainpoolP|secp)\d{3,5}(?:[rk]1)?/(?:0x)?[0-9A-F]{8,40}$"
)
_NOT_LETTERS = str.maketrans("", "", "0123456789+/=_~-")
_AFTER = frozenset(" \t\r\n\"'`,;:)]}>|\\")  # what may end a whole value
# A value behind its own prefix (`sha256-`, `nonce-`, `ch_`, `pk_live_`, `client-`): the prefix
# rules and the tables decide those. A leading dash: a flag.
_TAGGED = r"-|[a-z][a-z0-9]{0,11}[_-]|[A-Z][A-Z0-9]{0,7}[_-]"
# A tag that says what the value is, in the value itself (`app_token_…`, `key_…`, `user-secret-…`):
# a credential whatever its label says (`X-Client-Id: app_token_…`), when the rest is random.
# `sk` is a secret key's (`sk_`, `sk-` of a dozen vendors), `priv` a private one's (`sz_priv_…`,
# beside a public `sz_pub_…`); tags before it may say where it is from (`live_secret_key_…`,
# `egy_sk_…`). Its body, after the tag, is random, or hex of 24 or more
# (a UUID too): the tag says what the hex is, where alone it would be a digest or an id.
_SECRET_TAG = (
    r"(?i)((?:[a-z]{1,12}[_-]){0,2}?)"
    r"(?:(?:token|key|secret|apikey|passw(?:or)?d|sk|priv(?:ate)?)[_-]){1,2}"
)
_TAGGED_HEX = r"[0-9a-f]{24,}|[0-9A-F]{24,}|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}"
# Tags that say public, or an id: what the tag names is no secret (`public_key_…`, a cache's key).
_PUBLIC_TAGS = frozenset(
    "public pub publishable client site id kid cache idempotency partition sort row object "
    "lookup dedup".split()
)
# The label: the last name before the value on its line, and what separates them (a colon, an
# equals sign, a quote, a call's parenthesis, a flag's blank, a sentence's blank), and a list's
# bracket (`secrets: ["…"]`).
_LABEL = r"""([^\W\d_][^\s:=(,\[\]'"]{0,60})['"\]]?\s*(?:[:=(,\[]|=>|:=|\s)\s*[\[(]?['"]?$"""
# Words of a label that say its value is public, an id, a digest (or the function that made it:
# `Password_PBKDF2=…`), ciphertext or a nonce (OAuth's `state`, which the browser carries in
# the URL).
_PUBLIC_WORDS = frozenset(
    """public pub publishable client site id ids uuid guid puuid kid hash digest checksum sum
    md5 sha sha1 sha256 sha512 etag fingerprint integrity commit revision rev nonce salt iv
    version build object image ref cursor page serial accept signature sig secure encrypted
    enc cipher ciphertext sealed address peer node org project account customer user socket
    sitekey recipient recipients next marker continuation mac hmac prefix path dir file name
    endpoint domain host url uri md pubkey cuid ulid ksuid nanoid crt cert certificate
    state accessor request trace span correlation transaction txn invoice order tag
    hashed kdf pbkdf bcrypt scrypt argon""".split()
)
# Words naming a record a scheduler, a CI, a platform or a fleet runs or enrols (`execution …`,
# `job …`, `snapshot …`, `agent …`, `get-principal: …`): the value is the record's id when the
# word is the label itself, its last word; before another (`agent token`, `job token`) it says
# whose the credential is.
_RECORD_WORDS = frozenset(
    """execution activity run job task operation event deployment pipeline workflow attempt batch
    snapshot release ticket incident document folder drive upload agent principal device machine
    instance worker runner""".split()
)


# Base58 of a public key or its hash, as chains write an address (Solana's 32 bytes, XRPL's
# `r…` of 25 to 35 characters, Polkadot's and Kusama's SS58 of 47 or 48), and words of a chain
# beside it; secret keys are longer (Solana's 64 bytes, 87 or 88 characters; Bitcoin's WIF, 51),
# or an XRPL seed's `s…` (29).
_BASE58_ADDRESS = r"(?!s[1-9A-HJ-NP-Za-km-z]{28}$)[1-9A-HJ-NP-Za-km-z]{25,48}"
_CHAIN = (
    r"(?i)\b(?:sol|solana|devnet|testnet|mainnet|lamports?|wallet|address|airdrop|pubkey|spl"
    r"|xrpl?|ripple|destination|polkadot|kusama|ss58|substrate|treasury)\b"
)


class _RandomValues:
    """A rule (as `_Rule`: matches, then find) for random values beside any label.
    `text_without_secret(value)` says whether the value is base64 of text that holds no secret
    (the package redacts the text: a module it imports cannot call it)."""

    def __init__(self, text_without_secret: Callable[[str], bool]) -> None:
        self._text_without_secret = text_without_secret

    def matches(
        self, text: str, folded: str, done: list[int], words: _Words | None = None
    ) -> Iterator[re.Match[str]]:
        """Runs inside the text's long blank-separated words that hold a digit (as a random
        value does), each word found from where the last one ended: splitting costs a third of
        a regex scan of every position. (A word with a digit is never inside one without.)"""
        search = patterns.compile(_RUN).search
        at = 0
        for word in [w for w in text.split() if len(w) >= 20 and _HAS_DIGIT(w)]:
            start = text.find(word, at)
            at = start + len(word)
            if at <= done[0] or (len(word) < 24 and word.lower() == word):
                continue  # one case and digits: random only when long (see `_random`)
            found = search(text, max(start, done[0]), at)
            while found is not None:
                yield found
                found = search(text, found.end(), at) if at - found.end() >= 20 else None

    def find(self, m: re.Match[str]) -> _Found:
        run = m.group()
        value = run.rstrip("-_~")
        named = None
        signed = value.startswith("-") and patterns.search(
            r"[:=][ \t]*[\"']?$", m.string[max(0, m.start() - 4) : m.start()]
        )  # `name: -Lm…`: base64url's first character, right after a label's sign, not a flag
        if signed and _random(value[1:]):
            pass
        elif patterns.match(_TAGGED, value) and not _grouped(value):
            named = patterns.match(_SECRET_TAG, value)
            if named is not None and not _PUBLIC_TAGS.isdisjoint(
                patterns.split("[_-]", named.group(1).lower())
            ):
                named = None  # `public_key_…`, `client_key_…`
            if named is None or not (
                _random(value[named.end() :], one_case=20)
                or patterns.fullmatch(_TAGGED_HEX, value[named.end() :])
            ):
                return None
        elif not _random(value):
            return None
        text, start, end = m.string, m.start(), m.start() + len(value)
        if not (
            _labelled(text, start, end, named is None) or _named_after(text, start, end)
        ) or self._text_without_secret(value):
            return None
        if named is not None:
            return "secret", start, end  # the value says what it is, whatever its label says
        if patterns.fullmatch(_BASE58_ADDRESS, value) and patterns.search(
            _CHAIN, text[max(0, start - 120) : end + 120]
        ):
            return None  # a chain's address: a public key or its hash (a secret key is longer)
        if _said_public(text, start, end) or _hashed_here(text, start, end):
            return None  # `pwd=…,kdf=bcrypt`: a stored hash, beside its function's parameters
        return "secret", start, end


def _public_key(value: str) -> bool:
    return _public_der(value) or _public_point(value)


def _grouped(value: str) -> bool:
    """Four or more groups of one length, dashed (`PYN06-aOeNy-51aWh-…`: Nextcloud's app
    passwords, recovery codes): a first group in capitals is no tag then."""
    groups = value.split("-")
    return len(groups) >= 4 and 4 <= len(groups[0]) <= 8 and len(set(map(len, groups))) == 1


def _random(value: str, one_case: int = 24) -> bool:
    """Cheapest tests first, string methods rather than loops over characters: this runs on
    every long run of a text. `one_case`: the length from which one case and digits may be a
    generator's (after a tag that says secret, `live_sk_…`, from 20)."""
    if len(value) < 20 or not _HAS_DIGIT(value) or not value.strip(_HEX):
        return False  # no digit: a name or a path; hex (digests, SHAs, UUIDs): the common case
    upper, lower = value.lower() != value, value.upper() != value
    if not (upper and lower) and (len(value) < one_case or not (upper or lower)):
        return False  # one case and digits: a generator's only when long
    if sum(map(value.count, "0123456789abcdef-")) >= 0.8 * len(value):
        return False  # hex with a tag: `1be4404ae3765685-FRA`
    if "/" in value and patterns.search(r"(?:^|[/._-])[a-z]{3,}(?:$|[/._-])", value):
        return False  # a path: words between slashes, where base64 has none
    if (
        patterns.match(_NOT_RANDOM, value)
        or _words(value)
        or _typed_filler(value)
        or _public_key(value)
    ):
        return False
    if upper and lower and (_wordy(value) or _camel_words(value)):
        return False  # identifiers: letters in runs as long as words (`SQL2DBinaryWaveToText`)
    if _named_parts(value, "_") or _named_parts(value, "/"):
        return False  # a constant, a snake name, a list: `ISO2022CN_CHAR_LEN_TABLE`, `RSA/EC/SSH`
    return _entropy(value) >= _floor(len(value))


def _words(value: str) -> bool:
    """Whether the value holds words: runs of five letters or more, lower-case or capitalised
    (upper-case too in a constant's name, `_` between), as rich in vowels as words are (a third),
    two of them or one of seven. Random letters are a fifth vowels, and long runs are rare."""
    runs = patterns.findall(
        r"[A-Za-z][a-z]{4,}|[A-Z]{5,}" if "_" in value else r"[A-Za-z][a-z]{4,}", value
    )
    words = [r for r in runs if 3 * len(patterns.findall("[aeiouyAEIOUY]", r)) >= len(r)]
    return len(words) > 1 or any(len(w) >= 7 for w in words)


def _named_parts(value: str, separator: str) -> bool:
    """Three parts or more, none longer than ten, one a word (`CHAR`, `type`): a name's parts,
    where random text's separators fall further apart and between fragments."""
    parts = value.split(separator)
    return (
        len(parts) >= 3
        and all(len(p) <= 10 for p in parts)
        and any(
            patterns.search(r"(?=[A-Z]*[AEIOUY])[A-Z]{3,}|(?=[a-z]*[aeiouy])[a-z]{3,}", p)
            for p in parts
        )
    )


def _camel_words(value: str) -> bool:
    """Half its letters in capitalised words of three or more with a vowel
    (`SysLogHandlerTest`); random text makes few (`Irrlrn` has none)."""
    found = patterns.findall(r"[A-Z][a-z]{2,}", value)
    words = sum(len(w) for w in found if patterns.search("[aeiouyAEIOUY]", w))
    return 2 * words >= len(value.translate(_NOT_LETTERS))


def _entropy(value: str) -> float:
    n = len(value)
    return -sum(k / n * log2(k / n) for k in map(value.count, set(value)))


def _floor(n: int) -> float:
    """What 19 in 20 random base36 or base62 values of length n reach: a short sample's
    entropy is bounded by log2(n)."""
    return min(4.0, log2(n) - 0.85)


_C_DECLARATION = r"[ \t]*(?:#[ \t]*define|typedef)\b"


def _labelled(text: str, start: int, end: int, unless_public: bool = True) -> bool:
    """Some label before the value on its line, none saying public, and the value a whole
    word: not a piece of a URL, a path, a tagged or structured value (`h1:…`, `ENC[…,data:…`)."""
    if end < len(text) and text[end] not in _AFTER:
        return False  # a piece of a larger value, or of a run longer than 200: data
    if text.startswith(".", end) and text[end + 1 : end + 2].isalnum():
        return False
    reach = max(0, start - 120)
    before = text[text.rfind("\n", reach, start) + 1 or reach : start]
    if not before.strip():
        return _under_label(text, start - len(before), end)
    if before[-1:] not in "\"'" and patterns.match(_C_DECLARATION, before):
        return False  # `typedef void (APIENTRYP PFNGL…PROC)`, `#define x __x64`: code, unquoted
    word = before.rsplit(None, 1)[-1] if before[-1:].strip() else ""
    if patterns.search(r"[\w)\]]:$|://", word):
        return False  # glued to a tag (`h1:`, `data:`, `v1:…:`), or in a URL
    label = patterns.search(_LABEL, before)
    if label is None or _encrypted(text, start - len(before) + label.start()):
        return False
    # `"x":`, `p=`, `-P`: a public key's numbers (JWK, DKIM), a flag: no name; but a word elided
    # as Romance languages write them is one (`l'è`, `c'è`, `qu'é`)
    if len(label.group(1)) == 1 and not patterns.search(
        r"[^\W\d_]['\u2019]$", before[: label.start()]
    ):
        return False
    if patterns.fullmatch(r"(?:sk-)?(?:ssh|ecdsa)-[\w@.-]{2,40}", label.group(1)):
        return False  # `ssh-ed25519 …`: an SSH public key, after its type
    # the label and the word before it: `the public key …`
    return not unless_public or not _public(
        " ".join([*before[: label.start()].split()[-1:], label.group(1)])
    )


# What a sentence says a value is, after it: `` `…` is the live Maxio API key``, `… was our
# Twilio auth token`: a copula, at most three words, then a credential's noun (not its id, its
# name or its public half).
_NAMED_AFTER = (
    r"(?i)[`'\"]?[ \t]+(?:is|was|=)[ \t]+(?:(?:the|our|a|an|my|your|its|their)[ \t]+)?"
    r"(?!(?:[\w.-]+[ \t]+){0,3}?(?:public|publishable|test|example|sample)\b)"
    r"(?:[\w.-]+[ \t]+){0,3}?(?:api[ \t_-]?)?(?:key|token|secret|password|passphrase)s?\b"
    r"(?![ \t_-]*(?:id|ids|name|names|fingerprint|hash|prefix)\b)"
)


def _named_after(text: str, start: int, end: int) -> bool:
    """A value whose sentence names it after it (see `_NAMED_AFTER`), quoted or not, a whole
    word: the reverse of a label."""
    if start and text[start - 1] not in " \t`'\"(":
        return False
    return patterns.compile(_NAMED_AFTER).match(text, end) is not None


def _under_label(text: str, line_start: int, end: int) -> bool:
    """A value alone on its line, under a line ending with a colon (`here is the token:`), and
    not a block's first line (a certificate's, a public key's)."""
    line_end = text.find("\n", end, end + 200)
    after = text[end : line_end if line_end != -1 else end + 200]
    if after.strip() or line_start == 0:
        return False
    floor = max(0, line_start - 200)  # a longer line above is read no further back
    above = text[max(floor, text.rfind("\n", floor, line_start - 1) + 1) : line_start - 1]
    if not above.rstrip().endswith(":") or _public(" ".join(above.split()[-3:])):
        return False
    below = text[line_end + 1 : line_end + 41] if line_end != -1 else ""
    return patterns.match(r"\s*[A-Za-z0-9+/=_-]{20}", below) is None


def _public(named: str) -> bool:
    """Whether a word of the label (split at case, digits and symbols) says public or an id, or
    its last word names a record (see `_RECORD_WORDS`), or it names a card's token."""
    words = [
        w.lower()
        for w in patterns.split(
            r"[\W_]+|(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Za-z])(?=\d)|(?<=\d)(?=[A-Za-z])", named
        )
        if w
    ]
    return (
        any(w in _PUBLIC_WORDS for w in words)
        or (bool(words) and words[-1] in _RECORD_WORDS)
        or _tokenised(" ".join(words))  # `cardToken`: a card's stand-in
    )
