"""Secrets given to calls: an SDK's set-up arguments and a client's constructor's
(`DataAPIClient("…")`), the password of a login or connect call, a one-argument call named like
a secret (`setAccessToken("…")`)."""

from __future__ import annotations

from graphmem import patterns
from graphmem.redact.names import _secret_kind
from graphmem.redact.rule import _Found, _name_start, _Rule
from graphmem.redact.values import (
    _PUBLIC_PREFIX,
    _is_placeholder,
    _looks_generated,
    _looks_random,
    _said_public,
    _squash,
)

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re


def _find_call_keys(m: re.Match[str]) -> _Found:
    """SDK set-up calls take their keys as positional arguments: `Parse.initialize(this, "…",
    "…")`, and so do clients' constructors (`DataAPIClient("…")`, `mercadopago.SDK("…")`,
    `StreamChat.getInstance(key, "…")`). Only arguments that look random count, so no name,
    digest or UUID; a token of parts (`Tag:random:hex`) by its random part."""
    spans = []
    for arg in patterns.finditer(r"\"([\w:-]{16,200})\"|'([\w:-]{16,200})'", m.group("args")):
        group = 1 if arg.group(1) is not None else 2
        value = arg.group(group)
        if patterns.search(r"[\w\"'][ \t]*[:=][ \t]*$", m.group("args")[: arg.start()]):
            continue  # an options object's member (`clientId: '…'`): its name judges it
        random = _looks_random(value) if ":" not in value else _random_part(value)
        if random and patterns.search(r"(?:^|[-_])[a-z]{4,}(?:$|[-_])", value):
            continue  # `"0198c1a2-release"`: a label, a word between its separators
        if patterns.fullmatch(r"[A-Z]{1,4}[0-9a-f]{24,}", value):
            continue  # hex behind a type's capitals: an id (Twilio's `AC…` account SID)
        if random and not (_is_placeholder(value) or patterns.match(_PUBLIC_PREFIX, value)):
            at = m.start("args")
            start, end = at + arg.start(group), at + arg.end(group)
            if not _said_public(m.string, start, end):
                spans.append(("secret", start, end))
    return spans or None


def _random_part(value: str) -> bool:
    """A token of colon-separated parts (a tag, then a random part, then more), not a path or
    a namespace (`urn:…`, `arn:aws:…`, `scheme:host`): one part a generator's."""
    parts = value.split(":")
    return len(parts) <= 4 and any(len(p) >= 20 and _looks_random(p) for p in parts[1:])


_CLIENT_RULE = _Rule(  # a client's constructor given its key: `DataAPIClient("…")`, `SDK("…")`
    r"(?:client|sdk|getinstance)[ \t]*\((?P<args>(?:[^()]|\([^()\n]{0,80}\)){1,600})\)",
    _find_call_keys,
    ("client(", "sdk(", "getinstance("),
    fold=True,
)
_CALL_RULE = _Rule(  # a method of an SDK object: `GameAnalytics.Initialize(`, `Flurry…build(`
    r"(?<=\.)(?:init|initiali[sz]e|setup|configure|start|build)[ \t]*"
    r"\((?P<args>(?:[^()\n]|\([^()\n]{0,80}\)){1,400})\)",
    _find_call_keys,
    ("init", "setup", "configure", "start", "build"),
    fold=True,
)


def _find_call_password(m: re.Match[str]) -> _Found:
    """The password a call is given: `smtp.login(user, '…')`, `HTTPBasicAuth('u', '…')`,
    `NetworkCredential("u", "…")` (the second argument), `MySQLdb.connect(host, user, '…')`,
    `getConnection(url, user, '…')` (the third), `set_password('…')` (the last)."""
    text = m.string
    function = text[_name_start(text, m.start()) : m.end("fn")].lower()
    last = function.rsplit(".", 1)[-1]
    if last == "basic" and "credential" not in function:  # OkHttp's Credentials.basic(u, pw)
        return None
    if not (
        patterns.fullmatch(_PASSWORD_CALL, last) or function.endswith("credentials.create")
    ) or any(w in function for w in _NOT_SETTING_PASSWORDS):
        return None
    args = list(patterns.finditer(r"[^,]+", m.group("args")))
    # sbt's and Ivy's Credentials(realm, host, user, password): the last of four
    at = -1 if "pass" in last or ("credential" in last and len(args) == 4) else 1
    at = 2 if "connect" in last or last.startswith(_DATABASE_CLIENTS) else at
    if not -len(args) <= at < len(args):
        return None
    pick = args[at]
    literal = patterns.fullmatch(r"[ \t]*([\"'])([^\"'\s]{1,256})\1[ \t]*", pick.group())
    if literal is None:
        return None
    value, user = literal.group(2), args[0].group().strip(" \t\"'") if len(args) > 1 else ""
    if (
        _is_placeholder(value)
        or _squash(value) == _squash(user)
        or patterns.fullmatch(_WORD, value)
    ):
        return None
    at = m.start("args") + pick.start() + literal.start(2)
    return "password", at, at + len(value)


_WORD = r"[A-Z]?[a-z]+|[A-Z]+|[a-z_]+"
# Database clients whose constructor takes (dsn or host, user, password, …): PHP's PDO (and its
# `PDO->__construct(…)` in a stack trace), mysqli, Sequelize; and every `*_connect(host, user,
# password)` (mysqli_connect, mysql_connect).
_DATABASE_CLIENTS = ("pdo", "mysqli", "sequelize")
_PASSWORD_CALL = (
    r"login|auth|authenticate|(?:http)?(?:basic|digest|proxy)auth|\w*pass(?:word|wd)"
    r"|\w*connect|getconnection|\w*credentials?|basic|pdo(?:->__construct)?|mysqli|sequelize"
)
_NOT_SETTING_PASSWORDS = (
    "check",
    "verify",
    "valid",
    "compare",
    "match",
    "reset",
    "forgot",
    "split",
    "parse",
    "disconnect",
)
_CALL_PASSWORD_RULE = _Rule(
    r"(?P<fn>login|auth|password|passwd|getconnection|connect|credentials?(?:\.create)?|basic"
    r"|pdo(?:->__construct)?|mysqli|sequelize)"
    r"[ \t]*=?[ \t]*\((?P<args>[^()\n]{1,300})\)",  # =: requests' auth=('user', 'pw')
    _find_call_password,
    (
        *("login", "auth", "password(", "passwd(", "connect(", "getconnection(", "credential"),
        *("basic(", "pdo(", "pdo->__construct(", "mysqli(", "sequelize("),
    ),
    fold=True,
)


def _find_named_call(m: re.Match[str]) -> _Found:
    """A one-argument call named like a secret: `.api_key("…")`, `setAccessToken("…")`,
    `withClientSecret("…")`, given a generated-looking literal (`apikey("ApiKeyId")` names one);
    not a getter (`getToken("Authorization")`)."""
    text = m.string
    function = patterns.split(r"[.:]", text[_name_start(text, m.start()) : m.end("fn")])[-1]
    name = patterns.sub(r"^(?:set|with)(?=[A-Z_])_?", "", function)
    if patterns.match(_GETTER_NAME, name) or patterns.match(_GETTER_NAME, function):
        return None
    group = m.lastgroup or "dq"
    kind = _secret_kind(name, m.group(group)) if _looks_generated(m.group(group)) else None
    return None if kind is None else (kind, m.start(group), m.end(group))


_GETTER_NAME = (
    r"(?i)get|fetch|read|load|has|find|lookup|parse|decode|verify|validate|check|is_|sort"
)
_NAMED_CALL_RULE = _Rule(
    r"(?P<fn>key|token|secret)[ \t]*\([ \t]*"
    r"(?:\"(?P<dq>[^\"\\\n]{1,512})\"|'(?P<sq>[^'\\\n]{1,512})')[ \t]*\)",
    _find_named_call,
    ("key(", "token(", "secret("),
    fold=True,
)


def _find_password_after_user(m: re.Match[str]) -> _Found:
    """Any call given a user then a password (`database("dw", "etl_user", "…")`,
    `from_password("admin", SecretValue.unsafe_plain_text("…"))`): the literal after a quoted
    argument naming a user, when it is shaped like a password (random, or letters, digits and
    a symbol)."""
    text = m.string
    quote = text[m.end("user")]
    opening = text.rfind(quote, max(0, m.start() - 128), m.start())
    if opening == -1 or not patterns.search(r"[(,][ \t]*$", text[max(0, opening - 20) : opening]):
        return None  # the user is not an argument
    value = m.group("v")
    shaped = (
        patterns.search(r"[A-Za-z]", value)
        and patterns.search(r"\d", value)
        and patterns.search(r"[^\w]", value)
    )
    if _is_placeholder(value) or not (shaped or _looks_random(value)):
        return None
    return "password", m.start("v"), m.end("v")


_PASSWORD_AFTER_USER_RULE = _Rule(
    r"(?P<user>user|admin|root)[\"'][ \t]*,[ \t]*(?:[A-Za-z_][\w.]{0,80}\([ \t]*)?"
    r"(?P<q>[\"'])(?P<v>[^\"'\s]{6,256})(?P=q)[ \t]*[),]",
    _find_password_after_user,
    ('user"', "user'", 'admin"', "admin'", 'root"', "root'"),
    fold=True,
)


def _find_password_after_database_url(m: re.Match[str]) -> _Found:
    """A call given a database's URL, then a user and a password as its next two literals
    (`Sql.newInstance('jdbc:…', 'user', '…', driver)`, `DriverManager.getConnection("jdbc:…",
    "u", "…")`, Perl's `DBI->connect("dbi:Pg:…", "u", "…")`), the arguments on one line or
    several."""
    value, user = m.group("v"), m.group("user")
    if _is_placeholder(value, user) or _squash(value) == _squash(user):
        return None
    return "password", m.start("v"), m.end("v")


_PASSWORD_AFTER_DATABASE_URL_RULE = _Rule(
    r"(?i:jdbc|dbi):[^\"'\s]{1,300}(?P<q>[\"'])[ \t]*,\s{0,40}[\"'](?P<user>[^\"'\s]{0,64})[\"']"
    r"[ \t]*,\s{0,40}[\"'](?P<v>[^\"'\s]{1,256})[\"']",
    _find_password_after_database_url,
    ("jdbc:", "dbi:", "JDBC:", "DBI:"),
)
