"""Values named by the structure around them rather than beside them: a default under its
variable or parameter, a fallback under the name it is assigned to, a YAML group of secrets,
a Kubernetes Secret's data, a CSV column, a table's column under a commented header, a hash
printed as numbered name and value lines (redis-cli), tokens keyed by host."""

from __future__ import annotations

from itertools import islice

from graphmem import patterns
from graphmem.redact.names import _classify_name, _secret_kind
from graphmem.redact.rule import MARKER_PREFIX, _Found, _line_start, _name_start, _Rule
from graphmem.redact.values import (
    _is_placeholder,
    _looks_generated,
    _looks_random,
    _names_code,
    _wordy,
)

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re


def _find_default(m: re.Match[str]) -> _Found:
    """A default named by what it is the default of: an HCL `variable "db_password" {`, or the
    YAML key one level up (CloudFormation parameters, action inputs)."""
    text = m.string
    before = text[max(0, m.start() - 600) : m.start()]
    hcl = patterns.search(r'variable[ \t]+"([\w-]{1,128})"[ \t]*\{[^{}]*$', before)
    if hcl is not None:
        parent = hcl.group(1)
    else:
        lines = before.split("\n")
        indent = len(lines[-1]) - len(lines[-1].lstrip())
        parent = ""
        for line in reversed(lines[-12:-1]):
            key = patterns.fullmatch(r"([ \t]*)([\w.-]{1,128}):[ \t]*", line)
            if key is not None and len(key.group(1)) < indent:
                parent = key.group(2)
                break
    group = m.lastgroup or "v"
    kind = _secret_kind(parent, m.group(group).strip()) if parent else None
    return None if kind is None else (kind, m.start(group), m.end(group))


def _find_grouped_secrets(m: re.Match[str]) -> _Found:
    """`secrets:`, `tokens:`, `passwords:`, `keys:`, `credentials:` over a YAML block (or `tokens
    {` over an HCL one): each value under it is one, judged as the singular would be (`tokens:`
    then `slack: …`)."""
    text, start = m.string, m.end()
    indent = m.start() - _line_start(text, m.start())
    name = {"secrets": "secret", "tokens": "token", "passwords": "password", "keys": "key"}.get(
        m.group("group").lower(), "credentials"
    )
    sep = r"[\w.-]{1,64}[ \t]*=[ \t]*" if m.group().endswith("{") else r"[\w.-]{1,64}:[ \t]+"
    spans = []
    for line in patterns.finditer(r"\n([ \t]*)([^\r\n]*)", text[start : start + 3000]):
        pair = patterns.fullmatch(sep + r"([^\s#]{1,512})[ \t]*", line.group(2))
        if len(line.group(1)) <= indent or pair is None:
            break  # the block ends at its first line that is not an indented `name: value`
        value = pair.group(1).strip("\"'")
        kind = _secret_kind(name, value)
        if kind is not None and not (name in ("secret", "password") and _names_code(value)):
            at = start + line.start(2) + pair.start(1) + pair.group(1).index(value)
            spans.append((kind, at, at + len(value)))
    return spans or None


def _find_nested_secrets(m: re.Match[str]) -> _Found:
    """A JSON object under a secret's name (`"secret": { "inbox": { "string": "…" } }`): each
    string in it, at any depth, that looks generated, judged as the name's own value would be;
    not one a member's name calls an id, a name, a reference or a setting."""
    text = m.string
    name_start = text.rfind('"', max(0, m.start() - 64), m.start()) + 1
    name = text[name_start : m.end("w")]
    if not name_start or _classify_name(name) is None:
        return None
    spans, depth = [], 1
    for token in islice(patterns.finditer(_JSON_TOKEN, text[m.end() : m.end() + 3000]), 64):
        if token.group() in "{}":
            depth += 1 if token.group() == "{" else -1
            if depth == 0:
                break
            continue
        member, value = token.group("member"), token.group("value")
        words = [w.lower() for w in patterns.split(r"[\W_]+|(?<=[a-z0-9])(?=[A-Z])", member) if w]
        if not _ENCRYPTED_WORDS.isdisjoint(words):
            return None  # ciphertext (Chef's encrypted data bag items): the key is elsewhere
        own = words == ["value"] and depth == 1 and not value.startswith("[")
        if not own and (
            not words or words[-1] in _NOT_A_SECRET_MEMBER or not _random_or_hex(value)
        ):
            continue  # and not a date, a regex, a title: what a schema nests under `Secret`
            # (but a parameter's `{"value": …}` is the name's own value, as ARM's parameter files
            # write it, judged as the name judges; `[parameters('…')]` is an expression)
        kind = _secret_kind(name, value)
        if kind is not None:
            at = m.end() + token.start("value")
            spans.append((kind, at, at + len(value)))
    return spans or None


def _random_or_hex(value: str) -> bool:
    """Key material's alphabet and shape: hex, or random letters and digits (no words, no
    date, no regex)."""
    if patterns.fullmatch(r"[0-9a-fA-F]{32,}", value):
        return True
    return (
        patterns.fullmatch(r"[A-Za-z0-9+/=_-]{16,}", value) is not None
        and not patterns.search(r"\d{4}-\d\d-\d\d", value)
        and _looks_random(value)
        and not _wordy(value)
    )


# A brace, or a member whose value is a string (`"string": "…"`).
_JSON_TOKEN = r'[{}]|"(?P<member>[^"\n]{1,64})"[ \t]*:[ \t]*"(?P<value>[^"\\\n]{1,512})"'
# A member's last word naming an id, a reference, a setting or a cipher's public parameter, not
# the secret's value (`contentHash` of a package named `…Tokens` in a NuGet lock file).
_NOT_A_SECRET_MEMBER = frozenset(
    "id name namespace arn ref path file url uri type kind version header in alg algorithm "
    "scheme format description label hash digest checksum integrity sha256 sha512 iv tag "
    "cipher salt nonce resolved requested".split()
)
_ENCRYPTED_WORDS = frozenset(("encrypted", "ciphertext"))
_NESTED_SECRETS_RULE = _Rule(
    r'(?P<w>secret|token|password|passwd|key|credentials)s?"[ \t]*:[ \t]*\{',
    _find_nested_secrets,
    (
        'secret"',
        'secrets"',
        'token"',
        'tokens"',
        'password"',
        'passwd"',
        'key"',
        'keys"',
        'credentials"',
    ),
    fold=True,
)


def _find_host_tokens(m: re.Match[str]) -> _Found:
    """Tokens by host under a name that says token (composer's auth.json: `"github-oauth":
    {"github.com": "…"}`): each value whose name is a host."""
    before = m.string[max(0, m.start() - 41) : m.start()]
    if not patterns.search(r"\"[\w-]{0,40}$" if m.group().lower()[0] != "b" else r"\"$", before):
        return None
    spans = []
    for pair in patterns.finditer(
        r"\"[\w-]+\.[\w.-]+\"[ \t]*:[ \t]*\"([^\"\\\n]{1,512})\"", m.group("body")
    ):
        if _secret_kind("token", pair.group(1)) is not None:
            spans.append(("secret", m.start("body") + pair.start(1), m.start("body") + pair.end(1)))
    return spans or None


_HOST_TOKENS_RULE = _Rule(
    r"(?:oauth|token|bearer)\"[ \t]*:[ \t]*\{(?P<body>[^{}]{1,3000})\}",
    _find_host_tokens,
    ('oauth"', 'token"', 'bearer"'),
    fold=True,
)


_GROUPED_RULE = _Rule(
    r"(?P<group>secrets|tokens|passwords|keys|credentials|api_keys|apikeys)"
    r"(?::|[ \t]*=?[ \t]*\{)[ \t]*(?=\r?\n)",  # YAML `tokens:`, HCL `tokens {`
    _find_grouped_secrets,
    ("secrets", "tokens", "passwords", "keys", "credentials"),
    fold=True,
)


def _find_block_value(m: re.Match[str]) -> _Found:
    """A block that returns a literal, under a telling name: RSpec's `let(:api_secret) { '…' }`,
    Swift's computed `var apiToken: String { "…" }`, Kotlin's `val apiKey by lazy { "…" }`,
    Ruby's `define_method(:token) { '…' }`. The name is read back from the block's brace
    over what may stand between: `)`, `!`, a type, `by lazy`, `->`."""
    text = m.string
    head = text[max(0, m.start() - 120) : m.start()]
    named = patterns.search(
        r"[:@$]?(?P<name>[A-Za-z_][\w]{0,60})[!?]?\)?(?:[ \t]*:[ \t]*[A-Z][\w.<>?]{0,40})?"
        r"(?:[ \t]+by[ \t]+lazy)?[ \t]*(?:->)?[ \t]*$",
        head,
    )
    if named is None:
        return None
    kind = _secret_kind(named.group("name"), m.group("v"))
    return None if kind is None else (kind, m.start("v"), m.end("v"))


_BLOCK_RULE = _Rule(  # a block returning a literal (see _find_block_value)
    r"\{[ \t]*(?:return[ \t]+)?(?P<q>[\"'])(?P<v>[^\"'\\\n]{1,512})(?P=q)[ \t]*\}",
    _find_block_value,
    ("{ '", '{ "'),  # a blank inside the brace, as these languages write it: compact JSON
    # (`{"tool": …}`), which transcripts are full of, never tries the rule
    needs=" }",  # and its closing brace: one search for a text with none
)
_DEFAULT_RULE = _Rule(
    r"default[\"']?[ \t]*[:=][ \t]*(?:\"(?P<dq>[^\"\n]{1,512})\"|'(?P<sq>[^'\n]{1,512})'"
    r"|(?P<v>[^\s\"'#][^\r\n#]{0,511}))",
    _find_default,
    ("default",),
    fold=True,
)


def _find_fallback(m: re.Match[str]) -> _Found:
    """A literal after `??`, `||` or `or`, the fallback of an assignment on its line
    (`const dbPassword = PRIVATE_DB_URL ?? '…'`): the value of the name assigned."""
    line = m.string[_line_start(m.string, m.start(), 300) : m.start()]
    target = patterns.match(
        r"[ \t]*(?:(?:const|let|var|export|my|local)[ \t]+)*([\w$.]{1,128})[\"']?[ \t]*[:=]"
        r"[ \t]*[\w$.]{1,128}(?:\([^()\n]{0,128}\)|\[[^\[\]\n]{0,128}\])?[ \t]*$",
        line,
    )  # the fallback of the whole value: a name, or a call or a lookup that reads one
    group = m.lastgroup or "sq"
    kind = _secret_kind(target.group(1).split(".")[-1], m.group(group)) if target else None
    return None if kind is None else (kind, m.start(group), m.end(group))


_FALLBACK_RULE = _Rule(
    r"""(?:\?\?|\|\|| or)[ \t]*(?:"(?P<dq>[^"\n]{1,512})"|'(?P<sq>[^'\n]{1,512})')""",
    _find_fallback,
    ("??", "||", " or "),
)


def _find_secret_data(m: re.Match[str]) -> _Found:
    """The values of a Kubernetes Secret's `data:` (base64) or `stringData:` (plain) in YAML,
    each on a line indented under it, when `kind: Secret` is in the same document; not a
    user name, a host or a port, nor a certificate (public)."""
    text, start = m.string, m.end()
    before = text[max(0, m.start() - 3000) : m.start()]
    document = before[before.rfind("\n---") + 1 :] + text[start : start + 3000].split("\n---")[0]
    if patterns.search(r"(?m)^kind:[ \t]*[\"']?Secret[\"']?[ \t]*\r?$", document) is None:
        return None
    head = text[_line_start(text, m.start()) : m.start()]
    indent = len(head) - len(head.lstrip())
    plain = head.lower().endswith("string")
    spans, at = [], start
    for line in text[start : start + 20000].split("\n")[:200]:
        pair = patterns.fullmatch(
            r"([ \t]+)([\w.-]{1,253}):[ \t]+([\"']?)([^\s\"'#]{1,4000})\3[ \t]*\r?", line
        )
        if pair is None or len(pair.group(1)) <= indent:
            break  # the block ends at its first line that is not an indented `name: value`
        value = pair.group(4)
        if (
            not _is_placeholder(value)
            and (plain or patterns.fullmatch(r"[A-Za-z0-9+/]{4,}={0,2}", value))
            and not patterns.search(_PUBLIC_DATA, pair.group(2).lower())
        ):
            spans.append(("secret", at + pair.start(4), at + pair.end(4)))
        at += len(line) + 1
    return spans or None


_PUBLIC_DATA = r"(?:^|[._-])(?:user|username|login|host|hostname|port|crt|cert|ca|pub)$"
_SECRET_DATA_RULE = _Rule(
    r"data:[ \t]*\r?\n", _find_secret_data, ("data:",), fold=True, needs="secret"
)


def _find_nested_value(m: re.Match[str]) -> _Found:
    """`<AdministratorPassword><Value>…</Value>`: a value element named by its parent (Windows
    answer files, .NET settings)."""
    before = m.string[max(0, m.start() - 300) : m.start()]
    parent = patterns.search(r"<([\w.:-]{1,128})(?:\s[^<>]{0,200})?>\s*$", before)
    kind = _secret_kind(parent.group(1), m.group("v")) if parent else None
    return None if kind is None else (kind, m.start("v"), m.end("v"))


_NESTED_VALUE_RULE = _Rule(
    r"<value>(?P<v>[^<>\n]{1,512})</value>", _find_nested_value, ("<value>",), fold=True
)


def _find_sibling_value(m: re.Match[str]) -> _Found:
    """A value element named by the element before it, whose tag or attributes say name or key
    (Hadoop's `<property><name>fs.s3a.secret.key</name><value>…`, Jenkins' parameters,
    JMeter's `<stringProp name="Header.name">X-Api-Key</stringProp>` then `…Header.value">`)."""
    before = m.string[max(0, m.start() - 400) : m.start()]
    sibling = patterns.search(_NAMING_ELEMENT, before)
    opening = sibling.group("tag") + (sibling.group("attrs") or "") if sibling else ""
    if sibling is None or not patterns.search(r"(?i)name|key", opening):
        return None  # `<title>Token</title>`: a label, not the name of what follows
    kind = _secret_kind(sibling.group("n").strip(), m.group("v"))
    return None if kind is None else (kind, m.start("v"), m.end("v"))


# An element holding a name, then the opening of the next one (whose text is the value).
_NAMING_ELEMENT = (
    r"<(?P<tag>[\w.:-]{1,64})(?P<attrs>\s[^<>]{0,200})?>(?P<n>[^<>\n]{1,128})</(?P=tag)>"
    r"\s{0,200}<(?!/)[^<>]{0,200}$"
)
_SIBLING_VALUE_RULE = _Rule(
    r'value(?:"[^<>\n]{0,100})?>(?P<v>[^<>\n]{1,512})</',
    _find_sibling_value,
    ("value>", 'value"'),
    fold=True,
)


def _find_table_column(m: re.Match[str]) -> _Found:
    """A table whose header names a secret column (`USERNAME  TYPE  PASSWORD`, `| user | token
    |`): each row's cell in that column, when it looks generated. Columns are told by `|`, or
    by where the header's cell starts (aligned output: psql, CLIs' lists), or by commas (CSV)."""
    text = m.string
    line_start = _line_start(text, m.start(), 1000)
    header_end = text.find("\n", m.end(), m.end() + 1000)
    if header_end == -1:  # a table's header is a line, and a short one
        return None
    header = text[line_start:header_end].rstrip("\r")
    if m.group("csv") or ("," in header and not patterns.search(r"\||\t| {2}", header)):
        return _find_csv_column(m)
    if MARKER_PREFIX in header:
        return None  # a row (`api_token|[REDACTED:secret]`), no header: its cells are names
    piped = "|" in header
    cells = _cells(header, piped)
    column = next((i for i, (a, b) in enumerate(cells) if a <= m.start() - line_start < b), -1)
    if len(cells) < 2 or column < 0:
        return None
    name = header[cells[column][0] : cells[column][1]].strip()
    commented = header.lstrip().startswith("#")
    spans = []
    at = header_end + 1
    for _ in range(64):
        end = text.find("\n", at)
        row = text[at : end if end != -1 else len(text)].rstrip("\r")
        if not row.strip() or len(row) > 1000:
            break
        if not patterns.fullmatch(r"[\s|:=+-]+", row):  # not a rule under the header
            row_cells = _cells(row, True) if piped else []
            fields = [] if piped or not commented else _fields(row)
            if piped and len(row_cells) == len(cells):
                a, b = row_cells[column]
            elif len(fields) == len(cells):  # a commented header over rows it does not align
                a, b = fields[column]  # with (chap-secrets, davfs2's secrets): cell by cell
            elif not piped and row[cells[column][0] - 1 : cells[column][0]] in (" ", "\t"):
                a = cells[column][0]
                b = a + len(row[a:].split(None, 1)[0]) if row[a:].strip() else a
            else:
                break
            value = row[a:b].strip()
            start = at + a + row[a:b].index(value) if value else at
            if value and _random_but_symbols(value) and _secret_kind(name, value) is not None:
                spans.append(
                    ("password" if "pass" in name.lower() else "secret", start, start + len(value))
                )
        if end == -1:
            break
        at = end + 1
    return spans or None


def _random_but_symbols(value: str) -> bool:
    """Random letters and digits, with a generator's symbols among them or not (Paytm's keys
    end in `&`, `#`, `@`)."""
    return _looks_random(value) or (
        _looks_generated(value) and _looks_random(patterns.sub(r"[^A-Za-z0-9]", "", value))
    )


def _find_csv_column(m: re.Match[str]) -> _Found:
    """CSV whose header names a secret column (`account,api_user,api_password`): that cell of
    each row with as many cells, when the name's judge takes it and it looks generated."""
    text = m.string
    line_start = _line_start(text, m.start(), 1000)
    header_end = text.find("\n", m.start(), m.start() + 1000)
    if header_end == -1 or text[line_start:header_end].count(",") > 64:
        return None  # a header is a line, a short one
    names = text[line_start:header_end].rstrip("\r").split(",")
    if len(names) < 3 or not all(patterns.fullmatch(_CSV_NAME, n) for n in names):
        return None
    column = text.count(",", line_start, m.start())
    name = names[column].strip().strip("\"'")
    spans, at = [], header_end + 1
    for row in text[at : at + 64000].split("\n")[:64]:
        cells = row.rstrip("\r").split(",")
        if len(cells) != len(names):
            break
        start = at + sum(len(c) + 1 for c in cells[:column])
        value = cells[column].strip().strip("\"'")
        kind = _secret_kind(name, value) if value and _looks_generated(value) else None
        if kind is not None:
            offset = cells[column].index(value)
            spans.append((kind, start + offset, start + offset + len(value)))
        at += len(row) + 1
    return spans or None


_CSV_NAME = r"[ \t]*[\"']?[A-Za-z][\w.-]{0,40}[\"']?[ \t]*"


def _fields(row: str) -> list[tuple[int, int]]:
    """(start, end) of each field of a row of blank-separated fields, quoted ones inside their
    quotes (`"dsl-0001@isp"  *  "p…"  *`)."""
    return [
        f.span(f.lastindex or 0)
        for f in patterns.finditer(r'"([^"\n]*)"|\'([^\'\n]*)\'|(\S+)', row)
    ]


def _cells(line: str, piped: bool) -> list[tuple[int, int]]:
    """(start, end) of each cell: between `|`, or runs apart by a tab or two blanks."""
    splitter = r"[^|]+" if piped else r"\S+(?: \S+)*"
    return [c.span() for c in patterns.finditer(splitter, line) if c.group().strip()]


_TABLE_RULE = _Rule(  # a header cell that names a secret, between column separators; the
    # cell's whole name decides (`merchant_key`, `app_key`), read back from its last word
    r"(?<![^\s|_.-])(?:password|passwd|secret|token|api[ _-]?key|secret[ _-]?key|key)"
    r"(?=[ \t]*\||\t| {2}|[ \t]*\r?\n)"
    r"|(?P<csv>(?<![^\s,_\"'])(?:password|passwd|secret|token|api[_-]?key|key)[\w.-]{0,40}[\"']?)"
    r"(?=,|\r?\n)",  # a CSV header's cell
    _find_table_column,
    ("password", "passwd", "secret", "token", "api key", "key"),
    fold=True,
)


def _find_named_row(m: re.Match[str]) -> _Found:
    """A row of two cells, a secret's name and its value, as a settings table prints them
    (`sqlite3`, `psql -A`: `api_token|…`; `mysql -B`: tab-separated; a markdown table's `| name
    | value |`): the value, when the name's judge takes it and it looks generated. Sought at
    the separator (rarer than the name's words), the name read back from it."""
    text = m.string
    name_end = m.start()
    while name_end > 0 and text[name_end - 1] in " \t":
        name_end -= 1
    name_start = _name_start(text, name_end)
    if name_start == name_end or not patterns.search(
        r"(?i)key|secret|token|pass|pwd|auth", text[name_start:name_end]
    ):
        return None
    if text[_line_start(text, name_start, 200) : name_start].strip() not in ("", "|"):
        return None
    value = m.group("v")
    name = text[name_start:name_end]
    kind = _secret_kind(name, value) if _looks_generated(value) else None
    return None if kind is None else (kind, m.start("v"), m.end("v"))


_NAMED_ROW_RULE = _Rule(
    r"(?P<sep>\|[ \t]*|\t)(?P<v>[^\s|]{1,512})[ \t]*\|?[ \t]*(?=\r?\n|$)",
    _find_named_row,
    ("|", "\t"),
)


def _find_numbered_pair(m: re.Match[str]) -> _Found:
    """A hash printed as numbered lines, each field's name above its value (redis-cli's
    `HGETALL`, `CONFIG GET`: `3) "client_secret"` then `4) "…"`): the value, judged as the
    name judges its own."""
    number = patterns.search(r"(?:^|[\s>])(\d{1,4})$", m.string[max(0, m.start() - 5) : m.start()])
    if (
        number is None
        or int(m.group("j")) != int(number.group(1)) + 1
        or number.group(1)[-1] in "02468"
    ):
        return None  # a name stands at an odd number, its value at the next
    kind = _secret_kind(m.group("n"), m.group("v"))
    return None if kind is None else (kind, m.start("v"), m.end("v"))


_NUMBERED_PAIR_RULE = _Rule(
    r'\) "(?P<n>[^"\n]{1,128})"\r?\n[ \t]{0,40}(?P<j>\d{1,4})\) "(?P<v>[^"\n]{1,512})"',
    _find_numbered_pair,
    (') "',),
    needs='1) "',  # the first field's line: rarer than a parenthesis before a quote
)
