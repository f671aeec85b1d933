"""Credentials as protocols carry them, wherever a dump prints them: an `AUTH` or `LOGIN` command
(Redis, SMTP, POP3, IMAP), as typed, as `MONITOR` quotes it (`"AUTH" "user" "pw"`) or as RESP
frames it (`*3\\r\\n$4\\r\\nAUTH\\r\\n$4\\r\\nuser\\r\\n$2\\r\\npw`, in `strace` or `tcpdump`); and
SASL PLAIN's `authzid NUL user NUL password` (AMQP, XMPP, SMTP, Kafka), its NULs printed as
`\\x00`, `\\u0000` or `^@`.

Decisions (the tests pin each one):

- The command is upper case and its own word; its last argument (of two at most) is the
  password. A SASL mechanism first (`AUTH PLAIN …`) makes the next argument the base64 of the
  credentials, which is redacted; a mechanism alone (`AUTH LOGIN`) holds nothing.
- Typed (not quoted, not framed), a lone word in lower case is prose (`AUTH failed`,
  `LOGIN page`), and `LOGIN` needs its two arguments (`a1 LOGIN user pw`).
- In SASL PLAIN the password is the last part, and what follows it is no third NUL (a list of
  NUL-separated strings, as Windows' multi-strings, is not credentials); tcpdump's dots for
  the bytes after it end it.
"""

from __future__ import annotations

from graphmem import patterns
from graphmem.redact.rule import _Found, _Rule
from graphmem.redact.values import _is_placeholder

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re

_MECHANISMS = frozenset(
    "PLAIN LOGIN CRAM-MD5 DIGEST-MD5 XOAUTH2 OAUTHBEARER SCRAM-SHA-1 SCRAM-SHA-256 NTLM GSSAPI "
    "EXTERNAL ANONYMOUS".split()
)
_FRAME = r"(?:\\r\\n|\r\n)"  # RESP's line end, escaped (strace) or not
_ARGS = rf"""(?x)(?:{_FRAME}\$\d{{1,3}}{_FRAME}(?P<framed>[^\s\\"]{{1,256}})
        |[ \t]+(?:"(?P<quoted>[^"\s]{{1,256}})"|(?P<typed>[^\s"'\\),;]{{1,256}})))"""


def _find_auth(m: re.Match[str]) -> _Found:
    text, command = m.string, m.group("cmd")
    args: list[tuple[str, int, int]] = []
    at = m.end()
    while len(args) < 3:
        arg = patterns.compile(_ARGS).match(text, at)
        if arg is None:
            break
        group = arg.lastgroup or "typed"
        args.append((group, arg.start(group), arg.end(group)))
        at = arg.end()
    if not args:
        return None
    if command == "AUTH" and text[args[0][1] : args[0][2]] in _MECHANISMS:
        if len(args) < 2 or not patterns.fullmatch(
            r"[A-Za-z0-9+/]{8,}={0,2}", _span(text, args[1])
        ):
            return None
        return "password", args[1][1], args[1][2]  # the credentials, in base64
    if len(args) == 3 or (command == "LOGIN" and len(args) != 2):
        return None  # not a command line of its own
    form = "quoted" if text[m.end() - 1] == '"' else args[0][0]
    if any(how != form for how, _, _ in args):
        return None  # `command "AUTH" not recognized`, `AUTH = ("u", "pw")`: not one form
    if form == "typed" and any(
        patterns.match(r"[=(\[{:'<]|[A-Z][A-Z0-9-]*$", _span(text, arg)) for arg in args
    ):
        return None  # code (`AUTH = …`), a protocol's keywords (`AUTH TLS`, `AUTH ENABLE`)
    how, start, end = args[-1]
    value = text[start:end]
    if _is_placeholder(value) or value.startswith(("$", "<", "[", "%", "{")) or "***" in value:
        return None
    typed = [text[a[1] : a[2]] for a in args if a[0] == "typed"]
    if any(word.endswith((":", ",", ".", ";")) for word in typed) or (
        how == "typed" and (value.isalpha() or (len(args) == 1 and len(value) < 6))
    ):
        return None  # prose: `AUTH failed: WRONGPASS`, `LOGIN page`
    return "password", start, end


def _span(text: str, arg: tuple[str, int, int]) -> str:
    return text[arg[1] : arg[2]]


_NUL = r"(?:\x00|\\x00|\\u0000|\^@)"


def _find_sasl_plain(m: re.Match[str]) -> _Found:
    value = m.group("pw").split("..", 1)[0]  # tcpdump prints the bytes after it as dots
    if patterns.match(_NUL, m.string[m.end("pw") :]) or len(value) < 6 or _is_placeholder(value):
        return None
    if value.isalpha() and value.islower():
        return None  # a word: a label, not a password
    return "password", m.start("pw"), m.start("pw") + len(value)


_PROTOCOL_RULES: tuple[_Rule, ...] = (
    _Rule(
        r'(?:(?<![\w-])|(?<=\\n))(?P<cmd>AUTH|LOGIN)"?(?=[ \t]|\\r\\n|\r\n)',
        _find_auth,
        ("AUTH", "LOGIN"),
    ),
    _Rule(
        _NUL + r"(?P<user>[^\x00\\\s^\"']{1,128})" + _NUL + r"(?P<pw>[^\x00\\\s\"']{1,256})",
        _find_sasl_plain,
        ("\x00", "\\x00", "\\u0000", "^@"),
    ),
)
