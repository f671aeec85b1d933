"""Values named by the structure around them rather than beside them: a default under its
variable or parameter, a YAML group of secrets, tokens keyed by host."""

from __future__ import annotations

import re

from graphmem.redact.names import _secret_kind
from graphmem.redact.rule import _Found, _line_start, _Rule
from graphmem.redact.values import _names_code


def _find_default(m: re.Match[str]) -> _Found:
    """A default named by what it is the default of: an HCL `variable "db_password" {`, or the
    YAML key one level up (CloudFormation parameters, action inputs)."""
    text = m.string
    before = text[max(0, m.start() - 600) : m.start()]
    hcl = re.search(r'variable[ \t]+"([\w-]{1,128})"[ \t]*\{[^{}]*$', before)
    if hcl is not None:
        parent = hcl.group(1)
    else:
        lines = before.split("\n")
        indent = len(lines[-1]) - len(lines[-1].lstrip())
        parent = ""
        for line in reversed(lines[-12:-1]):
            key = re.fullmatch(r"([ \t]*)([\w.-]{1,128}):[ \t]*", line)
            if key is not None and len(key.group(1)) < indent:
                parent = key.group(2)
                break
    group = m.lastgroup or "v"
    kind = _secret_kind(parent, m.group(group).strip()) if parent else None
    return None if kind is None else (kind, m.start(group), m.end(group))


def _find_grouped_secrets(m: re.Match[str]) -> _Found:
    """`secrets:`, `tokens:`, `passwords:`, `keys:`, `credentials:` over a YAML block: each value
    under it is one, judged as the singular would be (`tokens:` then `slack: …`)."""
    text, start = m.string, m.end()
    indent = m.start() - _line_start(text, m.start())
    name = {"secrets": "secret", "tokens": "token", "passwords": "password", "keys": "key"}.get(
        m.group("group").lower(), "credentials"
    )
    spans = []
    for line in re.finditer(r"\n([ \t]*)([^\r\n]*)", text[start : start + 3000]):
        pair = re.fullmatch(r"[\w.-]{1,64}:[ \t]+([^\s#]{1,512})[ \t]*", line.group(2))
        if len(line.group(1)) <= indent or pair is None:
            break  # the block ends at its first line that is not an indented `name: value`
        value = pair.group(1).strip("\"'")
        kind = _secret_kind(name, value)
        if kind is not None and not (name in ("secret", "password") and _names_code(value)):
            at = start + line.start(2) + pair.start(1) + pair.group(1).index(value)
            spans.append((kind, at, at + len(value)))
    return spans or None


def _find_host_tokens(m: re.Match[str]) -> _Found:
    """Tokens by host under a name that says token (composer's auth.json: `"github-oauth":
    {"github.com": "…"}`): each value whose name is a host."""
    before = m.string[max(0, m.start() - 41) : m.start()]
    if not re.search(r"\"[\w-]{0,40}$" if m.group().lower()[0] != "b" else r"\"$", before):
        return None
    spans = []
    for pair in re.finditer(
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
    r"(?P<group>secrets|tokens|passwords|keys|credentials|api_keys|apikeys):[ \t]*(?=\r?\n)",
    _find_grouped_secrets,
    ("secrets:", "tokens:", "passwords:", "keys:", "credentials:"),
    fold=True,
)
_DEFAULT_RULE = _Rule(
    r"default[\"']?[ \t]*[:=][ \t]*(?:\"(?P<dq>[^\"\n]{1,512})\"|'(?P<sq>[^'\n]{1,512})'"
    r"|(?P<v>[^\s\"'#][^\r\n#]{0,511}))",
    _find_default,
    ("default",),
    fold=True,
)
