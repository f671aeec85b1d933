"""Passwords in URLs, Authorization headers of any scheme, header lists and request headers,
session cookies, and signed URLs' signatures."""

from __future__ import annotations

from graphmem import patterns
from graphmem.redact.names import _SESSION_NAME
from graphmem.redact.rule import _Found, _line_start, _Rule, _rule
from graphmem.redact.values import (
    _HAS_DIGIT,
    _PUBLIC_PREFIX,
    _filler_words,
    _has_entropy,
    _is_placeholder,
    _looks_credential,
    _looks_generated,
    _looks_random,
    _names_field,
    _placeholder_login,
    _squash,
    _wordy,
)

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re


def _find_url_password(m: re.Match[str]) -> _Found:
    password = m.group("pw")
    if not password:  # `https://TOKEN@host`, `https://TOKEN:@host`: the user is the credential
        user = m.group("user")
        if not _looks_random(user) or _is_placeholder(user):
            return None
        if patterns.compile(r"@[\w.-]{0,80}\.sentry\.io\b").match(m.string, m.end("user")):
            return None  # a Sentry DSN's key: public by design, as Sentry documents
        return "secret", m.start("user"), m.end("user")
    if _squash(password) == _squash(m.group("user")) != "" and _random_or_uuid(password):
        return [
            ("secret", m.start("user"), m.end("user")),
            ("password", m.start("pw"), m.end("pw")),
        ]
    user, written = m.group("user"), _unquoted(password)
    # An API key given as the user (`https://KEY:@`, `KEY:options@` as scraping proxies take it,
    # `SID_KEY:TOKEN@`): key material, whatever the password beside it.
    key = [("secret", m.start("user"), m.end("user"))] if _key_material(user) else []
    if _placeholder_login(user, written) or (
        not _HAS_DIGIT(written.rstrip("!?.*0123456789"))  # words, the URL's too (`redispw`)
        and _filler_words(written, f"{user} {_url_words(m)}")
    ):
        return key or None  # `guest:guest@`, `user:pass@`, `scott:tiger@`: a default
    # A password may hold `/`, but `host:8080/path@x` is a port and a path, not a password.
    if "/" in password and password.split("/", 1)[0].isdigit():
        return key or None
    if key and patterns.search(r"[=&]", written):
        return key  # a proxy's options in the password's place: `KEY:js_render=true@`
    return [*key, ("password", m.start("pw"), m.end("pw"))]


def _key_material(user: str) -> bool:
    """Hex of 32 or more (a key, not a name), or a random value of 20 or more."""
    return patterns.fullmatch(r"[0-9a-f]{32,128}|[0-9A-F]{32,128}", user) is not None or (
        len(user) >= 20 and _looks_random(user)
    )


def _unquoted(value: str) -> str:
    """A URL's part as written before percent-encoding (`%3Cpassword%3E`: `<password>`)."""
    if "%" not in value:
        return value
    return patterns.sub(r"%([0-9A-Fa-f]{2})", lambda h: chr(int(h.group(1), 16)), value)


def _url_words(m: re.Match[str]) -> str:
    """The scheme, host and database of the URL whose password `m` found."""
    text = m.string
    scheme = patterns.search(r"[\w+.-]{0,30}$", text[max(0, m.start() - 30) : m.start()])
    rest = patterns.compile(r"[\w.-]{0,100}(?::\d{1,5})?(?:/[\w.-]{0,60})?").match(text, m.end())
    return f"{scheme.group() if scheme else ''} {rest.group() if rest else ''}"


def _random_or_uuid(value: str) -> bool:
    """A server token given as both user and password (Postmark's SMTP: `<uuid>:<uuid>@`)."""
    return _looks_random(value) or patterns.fullmatch(_UUID, value, patterns.IGNORECASE) is not None


_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"


# scheme://user:PASSWORD@host, or scheme://TOKEN@host (Gemfury, GitHub): the scheme is
# irrelevant, so the match starts at `://`.
_URL_RULE = _rule(
    r"://(?P<user>[^\s:/?#@\"'<>\[\]]{0,256})(?::(?P<pw>[^\s\"'<>@]{0,256}))?@(?=[\w\[])",
    _find_url_password,
    "://",
)


# //user:PASSWORD@host/share with no scheme: SMB as mount_smbfs and Finder's "Connect to
# Server" write it (a scheme's `://` is the rule above's).
_UNC_URL_RULE = _rule(
    r"(?<![\w:/])//(?P<user>[\w.$-]{1,64})(?::(?P<pw>[^\s\"'<>@/]{1,256}))@(?=[\w\[])",
    _find_url_password,
    "//",
)


def _find_path_key(m: re.Match[str]) -> _Found:
    v = m.group("v")
    return ("secret", m.start("v"), m.end("v")) if _looks_random(v) and not _wordy(v) else None


# A key as a URL's last path segment after its API version (Alchemy's, QuickNode's RPC URLs:
# `https://eth-mainnet.g.alchemy.com/v2/<key>`): random, where resource paths hold names and ids.
_PATH_KEY_RULE = _Rule(
    r"://[\w.-]{1,253}(?::\d{1,5})?/v\d{1,2}/(?P<v>[A-Za-z0-9_-]{24,64})/?(?![^\s\"'<>)\]},;])",
    _find_path_key,
    ("://",),
    needs="/v",
)


_URL_PIECE = r"[^/?&=]{20,256}"


def _find_webhook_key(m: re.Match[str]) -> _Found:
    """The random part of a webhook's URL: a path segment or query value, 20 characters or more,
    random or a UUID (`/send?key=<uuid>`, `hook.eu2.make.com/<key>`)."""
    if "hook" not in m.group("where").lower():
        return None
    found = []
    for piece in patterns.compile(_URL_PIECE).finditer(m.string, m.start("path"), m.end()):
        value = piece.group()
        if _looks_random(value) or patterns.fullmatch(_UUID, value, patterns.IGNORECASE):
            found.append(("webhook", piece.start(), piece.end()))
    return found or None


# Anyone who holds a webhook's URL can post to it: its key is in the path or the query, under
# a host or path that says hook (`hook.eu2.make.com`, `/cgi-bin/webhook/send?key=`), from any
# provider: Slack's, Discord's and Teams' have rules of their own.
_WEBHOOK_RULE = _Rule(
    r"://(?P<where>[\w.-]{1,253}(?::\d{1,5})?(?P<path>/[^\s\"'<>?#]{0,400})"
    r"(?:\?[^\s\"'<>#]{0,400})?)",
    _find_webhook_key,
    ("://",),
    needs="hook",
)


def _find_session_parameter(m: re.Match[str]) -> _Found:
    """A session id in a query string authenticates whoever holds the URL (elsewhere a session
    id names a session: AWS's, an SDK's): random values after `?` or `&` only."""
    if m.string[m.start() - 1 : m.start()] not in ("?", "&") or not _looks_random(m.group("v")):
        return None
    return "session", m.start("v"), m.end("v")


_SESSION_PARAMETER_RULE = _Rule(
    r"(?:session[_-]?id|sessid)=(?P<v>[^&\s\"'#<>]{8,256})",
    _find_session_parameter,
    ("session_id=", "sessionid=", "session-id=", "sessid="),
    fold=True,
)


_KNOWN_SCHEMES = frozenset(("bearer", "basic", "token", "bot", "digest"))
_BASE64 = r"[A-Za-z0-9+/]{4,}={0,2}"  # what Basic's `user:password` is sent as


def _find_authorization(m: re.Match[str]) -> _Found:
    if m.group("pw") is not None:
        return _authorization_pair(m)
    value = m.group("v")
    if _is_placeholder(value) or m.string.startswith("(", m.end("v")):
        return None  # `authorization = base64.decodebytes(…)`: a call, not its value
    header = m.group("header") or ""
    if "," in header and patterns.match(r"[\"'][ \t]*,", m.string[m.end("v") : m.end("v") + 3]):
        return None  # `("authorization", "x-amz-date", …)`: a list of header names, not a call's
    if patterns.fullmatch(r"[a-z_][a-z0-9_-]{0,20}=", value) and m.string[
        m.end("v") : m.end("v") + 1
    ] in (
        '"',
        "'",
    ):
        return None  # a parameter list (`Token token="…"`, `Digest username="…"`), where base64
        # padding (`Basic dXNlcjo=`) ends a value
    # After an Authorization header with a well-known scheme anything is a credential. Any other
    # scheme (ApiKey, SSWS …), no scheme, or a bare "Bearer x" in prose needs to look generated.
    scheme = (m.group("scheme") or "").lower()
    if (m.group("header") is None or scheme not in _KNOWN_SCHEMES) and not _looks_generated(value):
        return None
    basic = "basic" in m.string[m.start() : m.start("v")].lower()
    if basic and m.group("header") is None and not patterns.fullmatch(_BASE64, value):
        return None  # `a basic HTTP/1.1 client`, `basic 16bit-cielab support`: a word
    if basic and _placeholder_pair(value):
        return None  # base64 of `username:password`: the RFC's example, no credential
    return "authorization", m.start("v"), m.end("v")


def _authorization_pair(m: re.Match[str]) -> _Found:
    """`Authorization: <scheme> user:secret` (cPanel's `cpanel`, WHM's `whm`, GoDaddy's
    `sso-key KEY:SECRET`): the secret. Only after a header and a scheme, not Basic's (base64,
    no colon), and not an example's."""
    user, secret = m.group("user"), m.group("pw")
    scheme = (m.group("scheme") or "").lower()
    if m.group("header") is None or not scheme or scheme == "basic" or "EXAMPLE" in user:
        return None
    if _is_placeholder(secret) or not _looks_generated(secret):
        return None
    return "authorization", m.start("pw"), m.end("pw")  # a generated key as user: randoms'


def _placeholder_pair(value: str) -> bool:
    """Whether Basic credentials decode to a pair whose password is a placeholder or the user's
    own name (`username:password`, `admin:admin`)."""
    import binascii

    try:
        decoded = binascii.a2b_base64(value[: len(value) // 4 * 4]).decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    user, _, password = decoded.partition(":")
    if not password:
        return False  # `token:`: the user is the credential
    if patterns.fullmatch(r"[xX]|_|-", password) and (
        _looks_random(user) or patterns.fullmatch(r"[0-9a-fA-F]{32,}", user)
    ):
        return False  # an API key as the user, a dummy password beside it (as Basic APIs ask)
    return _placeholder_login(user, password)


def _find_encoded_pair(m: re.Match[str]) -> _Found:
    """Basic credentials built in code (`btoa('user:pw')`, `Buffer.from(KEY + ':')`,
    `base64.b64encode(b"user:pw")`): the password, or the user when it is the key (an API key
    with an empty or dummy password, as Basic auth APIs ask)."""
    user, password = m.group("user"), m.group("v")
    if not password or patterns.fullmatch(r"[xX]|_", password):
        keyed = _looks_random(user) or patterns.fullmatch(r"[0-9a-f]{32,}", user) is not None
        return ("secret", m.start("user"), m.end("user")) if keyed else None
    if len(password) < 4 or _is_placeholder(password) or _names_field(password):
        return None  # `btoa("a:b")`, `user:pass`: an example
    if _squash(password) == _squash(user):
        return None  # `admin:admin`: a documented default
    return "password", m.start("v"), m.end("v")


_ENCODED_PAIR_RULE = _Rule(
    r"(?:btoa|buffer\.from|b64encode|base64_encode|encode64|encodetostring)\([ \t]*[bf]?"
    r"(?P<q>[\"'`])(?P<user>[^\s:\"'`]{1,256}):(?P<v>[^\s\"'`]{0,256})(?P=q)",
    _find_encoded_pair,
    ("btoa(", "buffer.from(", "b64encode(", "base64_encode(", "encode64(", "encodetostring("),
    fold=True,
)


def _find_cookie_secrets(m: re.Match[str]) -> _Found:
    """The values of session-like cookies (PHPSESSID, laravel_session, auth_token …) in a Cookie
    or Set-Cookie header, `document.cookie` or `curl -b`."""
    base, spans = m.start("pairs"), []
    for pair in patterns.finditer(r"([^=;,\s]{1,128})=([^;,\s]{1,4096})", m.group("pairs")):
        value = pair.group(2)
        if patterns.search(_SESSION_NAME, pair.group(1)) and _looks_credential(value):
            spans.append(("session", base + pair.start(2), base + pair.end(2)))
    return spans or None


def _find_header_secrets(m: re.Match[str]) -> _Found:
    """Header lists (an OTLP exporter's `headers:` block or `*_HEADERS=` variable, `-H`):
    a credential-looking value of any header but the ones that carry ids, traces and types."""
    text, start = m.string, m.end()
    if m.group("env") and text[m.start() - 1 : m.start() + 7] != "_HEADERS":
        return None  # OTEL_EXPORTER_OTLP_HEADERS=…, not code's `headers = …`
    if not m.group("env"):
        block_end = start  # a YAML block: the lines indented under `headers:`
        line_start = _line_start(text, m.start())
        indent = m.start() - line_start
        if text[line_start : m.start()].strip(" \t-"):  # `if "p2c" not in headers:` is code
            return None
        for line in patterns.finditer(r"\n([ \t]*)[^\n]*", text[start : start + 2000]):
            if len(line.group(1)) <= indent or not line.group().strip():
                break
            block_end = start + line.end()
        region = (start, block_end)
    else:  # up to a blank, a quote or the next trigger: no rescans
        value = patterns.compile(r"[\"']?((?:(?!_HEADERS=)[^\s\"']){1,1000})").match(text, start)
        region = value.span(1) if value else (start, start)
    spans = []
    pairs = r"([A-Za-z][\w.-]{1,60})[\"']?[ \t]*%s[ \t]*[\"']?([\w.~+/%%-]{1,512}=*)(?![^\s,\"'])"
    for pair in patterns.compile(pairs % ("=" if m.group("env") else ":")).finditer(text, *region):
        if not patterns.search(_PLAIN_HEADER, pair.group(1)) and _secret_header_value(
            pair.group(2)
        ):
            spans.append(("authorization", pair.start(2), pair.end(2)))
    return spans or None


def _secret_header_value(value: str) -> bool:
    """Random, and not behind a prefix that says public (Statsig's `client-` key)."""
    return _looks_random(value) and patterns.match(_PUBLIC_PREFIX, value) is None


_PLAIN_HEADER = (
    r"(?i)id$|trace|parent|span|correlation|request|etag|match|type|length|agent|accept"
    r"|encoding|language|version|date|host|origin|referer|cache|endpoint|url|region|sha|digest"
    r"|hash|forwarded|ip$|^sec-|^if-|range|upgrade|connection|priority|ua$|via|signature"
    r"|^content-|md5|crc|checksum|nonce"
)


_AUTH_RULE = _Rule(
    # the header's name and its value as a call's arguments too (`Header.Set("Authorization", …)`)
    r"(?<!\w)(?:(?P<header>authorization(?:[\"']?[ \t]*[:=]|[\"'][ \t]*,)"
    r"[ \t]*(?:[bfr]?[\"'`]|\[)?)"
    r"(?:(?P<scheme>[a-z][a-z0-9_-]{1,20})(?:[ \t]+|%20|:))?|(?:bearer|basic)[ \t]+)"
    r"(?:(?P<user>[\w.@+-]{1,64}):(?P<pw>[A-Za-z0-9._~+/=-]{8,512})|(?P<v>[A-Za-z0-9._~+/-]{8,}=*))",
    _find_authorization,
    ("bearer", "basic", "authorization"),
    fold=True,
)


_COOKIE_RULE = _Rule(
    r"(?:(?<!\w)cookie[\"']?(?:[ \t]*[:=][ \t]*|[ \t]+)[\"']?|-b[ \t]+[\"'])"
    # up to the next trigger that can start a match (a cookie's own name may hold the word, and
    # then cannot): no rescans
    r"(?P<pairs>(?:(?!(?<!\w)cookie|-b )[^\n\"'`]){1,2000})",
    _find_cookie_secrets,
    ("cookie", "-b "),
    fold=True,
)


def _find_request_headers(m: re.Match[str]) -> _Found:
    """`curl -H "Name: value"`, and the header lines of an HTTP request (`GET / HTTP/1.1`)."""
    text = m.string
    if m.group("hname") is not None:
        lines = [(m.group("hname"), m.start("hval"), m.end("hval"))]
    else:
        line_start = _line_start(text, m.start())
        if not patterns.match(r"[A-Z]{3,7} \S", text[line_start : m.start()]):  # not a response
            return None
        head = patterns.compile(r"([A-Za-z][\w-]{0,60}):[ \t]*([^\r\n]{0,512})\r?\n")
        lines, at = [], m.end()
        while len(lines) < 64 and (header := head.match(text, at)) is not None:
            lines.append((header.group(1), header.start(2), header.end(2)))
            at = header.end()
    spans = [
        ("authorization", start, end)
        for name, start, end in lines
        if not patterns.search(_PLAIN_HEADER, name)
        and _secret_header_value(text[start:end].strip())
    ]
    return spans or None


_REQUEST_HEADER_RULE = _Rule(
    r"(?:-h|--header)[ \t]+[\"']?(?P<hname>[A-Za-z][\w-]{0,60}):[ \t]*(?P<hval>[^\s\"']{1,512})"
    r"| http/[12](?:\.[01])?\r?\n",
    _find_request_headers,
    ("-h ", "--header", " http/"),
    fold=True,
)
_HEADERS_RULE = _Rule(
    r"headers(?:(?P<env>=)|:[ \t]*(?=\r?\n))", _find_header_secrets, ("headers",), fold=True
)


# Azure storage shared access signatures: the `sig=` of a SAS URL or token.
def _find_signature(m: re.Match[str]) -> _Found:
    """A signed URL's signature: Azure SAS `sig=`, S3 `X-Amz-Signature=`, GCS
    `X-Goog-Signature=`, CloudFront `Signature=`; a parameter of a query, so after `?` or `&`."""
    before = m.string[max(0, m.start() - 7) : m.start()].lower()
    query = before.endswith(("?", "&", "?x-amz-", "&x-amz-", "x-goog-"))
    header = before.endswith(", ") and m.group().lower().startswith("signature=")  # SigV4 header
    if not (query or header) or not _has_entropy(m.group("v")):
        return None
    if patterns.search(
        r"[Cc]redential=\w{0,30}EXAMPLE", m.string[max(0, m.start() - 600) : m.start()]
    ):
        return None  # signed with a documented example key (AWS's AKIAIOSFODNN7EXAMPLE)
    return (
        ("azure_sas" if m.group().lower().startswith("sig=") else "url_signature"),
        m.start("v"),
        m.end("v"),
    )


_SAS_RULE = _Rule(
    r"(?:sig|signature)=(?P<v>[A-Za-z0-9%+/=_~.-]{20,})",
    _find_signature,
    ("sig=", "signature="),
    fold=True,
)


def _find_cookie_value(m: re.Match[str]) -> _Found:
    if patterns.search(_SESSION_NAME, m.group("name")) is None or not _looks_credential(
        m.group("v")
    ):
        return None
    return "session", m.start("v"), m.end("v")


_COOKIE_CALL_RULE = _Rule(  # new Cookie("JSESSIONID", "…"), System.Net.Cookie("sessionid", "…")
    r"cookie[ \t]*\([ \t]*[\"'](?P<name>[^\"'\n]{1,128})[\"'][ \t]*,[ \t]*"
    r"[\"'](?P<v>[^\"'\n]{1,4096})[\"']",
    _find_cookie_value,
    ("cookie(",),
    fold=True,
)
