"""Key material: PEM, PGP, PuTTY and SSH2 blocks (whole, truncated, or cut in two), base64 PEM,
unarmored DER and OpenSSH bodies, JWK private members, wallets and keypairs.
Found first: the token formats must see a key block already replaced."""

from __future__ import annotations

from graphmem import patterns
from graphmem.redact.names import _classify_name
from graphmem.redact.rule import _B, MARKER_PREFIX, _Found, _line_start, _Rule, _rule, _whole
from graphmem.redact.values import _holds_no_key, _looks_generated, _looks_random, _wordy

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re

# Any key but a public one: PRIVATE KEY, PGP PRIVATE KEY BLOCK, SECRET KEY, OpenVPN Static key V1.
_KEY_LABEL = r"([A-Za-z0-9 _.-]{0,60}?(?:KEY|[Kk]ey)(?: BLOCK| V\d)?)"
# Armor headers (`Comment: "Jane's key"`, `Proc-Type: 4,ENCRYPTED`) may hold any character; each
# ends at a newline, real or escaped inside a JSON string.
_ARMOR_HEADERS = r"(?:(?:\s|\\[nr])*[A-Za-z][A-Za-z0-9-]{1,30}: (?:[^\n\\]|\\(?![nr]))*)*"
_KEY_LINE = r"[A-Za-z0-9+/=]{16,}|=[A-Za-z0-9+/]{4}|[A-Za-z][A-Za-z0-9-]{1,30}: .*"


def _find_key_block(m: re.Match[str]) -> _Found:
    """A key block, not a public one, holding key material: `'-----BEGIN RSA PRIVATE KEY-----'
    markers` in prose or code constants hold none, nor an example's `...` or `<your key>`."""
    if "PUBLIC" in m.group(1).upper() or m.string.startswith(MARKER_PREFIX, m.end()):
        return None  # cut by a marker: the text read before it was no key (idempotence)
    body = m.group()[m.end(1) - m.start() + 5 :]
    if not body.endswith("-----"):  # cut at a character no key holds: its line is judged whole
        line_end = m.string.find("\n", m.end(), m.end() + 200)
        body += m.string[m.end() : line_end if line_end != -1 else m.end() + 200]
    return None if _holds_no_key(body) else ("private_key", m.start(), m.end())


def _find_key_tail(m: re.Match[str]) -> _Found:
    """A key block cut in two keeps its END line: the base64 lines just above it are the key.
    Lines end with a newline or, inside a JSON string, an escaped one."""
    if "PUBLIC" in m.group(1).upper():
        return None
    text = m.string
    start = m.start()
    while True:
        end = start
        while end > 0 and text[end - 1] in " \t":
            end -= 1
        if text.startswith("\\n", end - 2):
            end -= 2
        elif end > 0 and text[end - 1] in "\r\n":
            end -= 1
        else:
            break
        # The escaped newline is sought only after the real one: each line costs its own length.
        newline = text.rfind("\n", 0, end)
        escaped = text.rfind("\\n", newline + 1, end)
        line_start = escaped + 2 if escaped != -1 else newline + 1
        if not patterns.fullmatch(_KEY_LINE, text[line_start:end].strip()):
            break
        start = line_start
    if start == m.start() or _holds_no_key(text[start : m.start()]):
        return None
    return "private_key", start, m.end()


def _find_encoded_key(m: re.Match[str]) -> _Found:
    """A PEM block in base64 (Kubernetes `tls.key:`, kubeconfig `client-key-data:`): a key only
    when it decodes to a PRIVATE KEY header and key material, so certificates stay."""
    import binascii

    head = m.group()[:600]  # the header and a few lines: enough to judge the body
    try:
        decoded = binascii.a2b_base64(head[: len(head) // 4 * 4])
    except (binascii.Error, ValueError):
        return None
    if b"PRIVATE KEY" not in decoded[:60] or _holds_no_key(decoded.decode("latin-1")):
        return None  # a certificate, or an example's `...` encoded
    return "private_key", m.start(), m.end()


def _find_der_key(m: re.Match[str]) -> _Found:
    """Key material without its armor: base64 DER whose ASN.1 starts as a private key does (a
    SEQUENCE, then version 0, 1 or 3: PKCS#1, PKCS#8, SEC1, PKCS#12), where certificates and
    public keys start with a second SEQUENCE; or the body of an OpenSSH private key."""
    import binascii

    raw = binascii.a2b_base64(m.group())  # 32 base64 characters: always decodes
    version = 2 if raw[1] < 0x80 else 2 + (raw[1] & 0x7F)  # after the SEQUENCE's length
    der = raw[0] == 0x30 and raw[version : version + 3] in (b"\2\1\0", b"\2\1\1", b"\2\1\3")
    if not (der or raw.startswith(b"openssh-key-v1\0")):
        return None  # the head alone was read: a rejected trigger costs 32 characters
    body = patterns.compile(_KEY_BODY).match(m.string, m.end())
    end = body.end() if body else m.end()
    if end - m.start() < 60 or _holds_no_key(m.string[m.start() : end + 6]):
        return None  # a head, then `...`: an example's first line
    return "private_key", m.start(), end


_KEY_BODY = r"(?:[A-Za-z0-9+/]|\r?\n|\\n){0,16000}={0,2}"  # lines, real or escaped in JSON


_JWK_MEMBERS = ("d", "k", "p", "q", "dp", "dq", "qi")


def _find_jwk_member(m: re.Match[str]) -> _Found:
    """`"d": "…"` is a JWK's private exponent only when `kty` is a member of the same object,
    before or after it (some tools sort the members), in JSON, in code (`{ kty: 'OKP', d: … }`)
    or in YAML (`- kty: OKP` and `d: …` at the item's indent, as `kubectl -o yaml` prints)."""
    text, start, end = m.string, m.start(), m.end()
    if text.startswith("(", m.end("v")):
        return None  # `"d": to_base64url_uint(numbers.d)`: the code that encodes it
    found = "private_key", m.start("v"), m.end("v")
    before = text[max(0, start - 4000) : start]
    after = text[end : end + 4000]
    line = before[before.rfind("\n") + 1 :]
    if not m.group("m") and patterns.fullmatch(r"[ \t]*(?:-[ \t]+)?", line):  # a YAML mapping's key
        return found if _same_yaml_item(before, after, len(line)) else None
    kty = before.rfind("kty")  # a member `"kty"`, `'kty'` or `kty:`, of the same object
    if kty != -1 and "}" not in before[kty:]:
        return found
    kty = after.find("kty")
    if kty != -1 and "{" not in after[:kty] and "}" not in after[:kty]:
        return found
    return None


def _same_yaml_item(before: str, after: str, indent: int) -> bool:
    """Whether `kty:` is a key of the YAML mapping a member at `indent` belongs to: on a line
    above or below at that indent (or opening the item, `- kty:`), no shallower line between."""
    before, after = before[-1600:], after[:1600]  # bounded: a member's lines, not the text's
    if "kty:" not in before and "kty:" not in after:
        return False
    above, below = before.split("\n")[-40:-1], after.split("\n")[1:40]
    for lines in (reversed(above), below):
        for line in lines:
            depth = len(line) - len(line.lstrip(" -"))
            if depth < indent and line.strip():
                break
            if depth == indent and patterns.match(r"[ -]*kty:", line):
                return True
    return False


def _find_printed_secret(m: re.Match[str]) -> _Found:
    """What a command that prints a secret printed: `$ borg key export …`, `root@h:~# base64
    …secret_key`, `$ cat …/node-token`, `$ openssl rand -hex 32`, then a random blob ending one
    of the next three lines. The command follows a prompt (`_is_prompt`, tried before the regex),
    names a secret and prints no public half (`pub`, `fingerprint`); the blob is a key's length
    at least, and no digest a hash word or `commit` names."""
    text, cmd = m.string, m.group("cmd")
    if patterns.search(_PRINTS_ONE_SECRET, cmd):
        return _printed_alone(text, m.end())
    lowered = cmd.lower()
    printing = any(word in lowered for word in _PRINT_WORDS)
    named = _named_secret_printed(cmd) if printing else None
    found = None if named is None else _printed_alone(text, m.end(), named)
    if isinstance(found, tuple):  # and the lines of a block it begins (base64 wrapped at 60)
        more = patterns.compile(_BLOCK_LINES).match(text, found[2])
        return found[0], found[1], more.end() if more else found[2]
    names = patterns.search(_PRINTS_SECRET, cmd) is not None or (
        "key" in lowered  # a key's command word, or a key pair's maker (`curve_keygen`)
        and (patterns.search(_NAMES_KEY, cmd) or patterns.search(_MAKES_KEY_PAIR, cmd)) is not None
    )
    if (
        not (names or patterns.search(_CREATES, cmd))
        or patterns.search(_PRINTS_PUBLIC, cmd) is not None
    ):
        return None
    if "key" in lowered and patterns.search(_MAKES_KEY_PAIR, cmd):
        found = _labelled_private_half(text, m.end())
        if found is not None:
            return found
    newline = text.find("\n", m.end())
    for _ in range(3):
        if newline == -1:
            return None
        end = text.find("\n", newline + 1)
        line = text[newline + 1 : len(text) if end == -1 else end].rstrip()
        value = line.rsplit(None, 1)[-1] if line else ""
        if names and len(value) >= 32 and patterns.fullmatch(_BLOB, value):
            if patterns.search(_PRINTED_PUBLIC, text[m.end() : newline + 1 + len(line)]):
                return None  # `gpg --export-key`, `… get secret … ca.crt`: a public block
            label = line[: len(line) - len(value)]
            found = _printed_key(text, label, value, newline + 1 + len(label))
            if found is not None:
                return found
        names = names or patterns.search(_SECRET_LABEL, line) is not None  # `API key for 'x':`
        newline = end
    return None


def _labelled_private_half(text: str, end: int) -> _Found:
    """What a key pair's maker prints under a label saying secret or private (`Private key:
    ed25519-private/…`, `== CURVE SECRET KEY ==` and the line below), whatever its alphabet
    (Z85, hex, base64, an algorithm's prefix), on the next eight lines; never the public half,
    nor where a half was saved (a path, a sentence)."""
    lines = text[end : end + 1600].split("\n")[1:9]
    for i, line in enumerate(lines):
        lowered = line.lower()
        if ("secret" not in lowered and "private" not in lowered) or "public" in lowered:
            continue  # the common case: no label says so, told without a regex
        label = patterns.search(_PRIVATE_LABEL, line)
        if label is None:
            continue
        after = line[label.end() :].strip()
        value = after if after else lines[i + 1].strip() if i + 1 < len(lines) else ""
        if value.startswith(MARKER_PREFIX):
            return []  # found before: the rest of the output is not read again (idempotence)
        if len(value) >= 32 and patterns.fullmatch(r"[!-~]+", value) and _looks_generated(value):
            at = text.find(value, end)
            return "private_key", at, at + len(value)
    return None


_MAKES_KEY_PAIR = r"(?i)key-?gen|key-?pair|genkey"
# The words of `_PRINTER`, sought first without a regex (most prompts print nothing named).
_PRINT_WORDS = (
    *("echo", "print", "cat", "bat", "type", "more", "head", "tail", "get-content", "write-"),
    *("puts", "pp", "repr", "console", "var_dump"),
)
# A label of a key pair's private half, ending its line or followed by a colon and the value.
_PRIVATE_LABEL = (
    r"(?i)\b(?:secret|private)(?:[ _-]?key)?\b[^\w\n]{0,12}(?:\([\w ]{1,20}\))?[ \t]*"
    r"(?::|=+[ \t]*$|$)"
)


def _printed_alone(text: str, end: int, kind: str = "password") -> _Found:
    """The line after a command that prints one stored secret, when it holds one word that
    looks made (not a user's or a folder's name), quoted or not (Python's `repr`): the secret,
    whatever its length (an error or a listing has blanks)."""
    line = patterns.compile(_ALONE_ON_ITS_LINE).match(text, end)
    if line is None or line.group("v")[0] in "$#%>" or not _looks_generated(line.group("v")):
        return None
    return kind, line.start("v"), line.end("v")


_ALONE_ON_ITS_LINE = r"\r?\n[ \t]*(?P<q>[\"']?)(?P<v>[^\s\"'`]{1,512})(?P=q)[ \t]*(?:\r?\n|$)"


def _named_secret_printed(cmd: str) -> str | None:
    """The kind of secret a command prints by its name, and nothing made of it: `echo
    $DB_PASSWORD`, `printenv API_TOKEN`, `cat /run/secrets/jwt_secret`, `puts
    Rails.application.secret_key_base`, `console.log(process.env.X_SECRET)`; not a count or a
    digest of it (`| wc -c`, `| sha256sum`), not its length (`${#TOKEN}`)."""
    printer = patterns.search(_PRINTER, cmd)
    if printer is None or "${#" in cmd:
        return None
    printed = patterns.split(r"[|;>]|&&", cmd[printer.end() :], maxsplit=1)
    if len(printed) > 1 and patterns.match(_COUNTS_OR_DIGESTS, printed[1]):
        return None
    words = patterns.findall(r"[A-Za-z_][\w.-]*", printed[0].replace("/", " "))
    classified = _classify_name(words[-1].rstrip(".-")) if words else None
    return None if classified is None else classified[0]


# A command that prints: at a command's start (after `sudo`, a container's `exec`), or as a call.
_PRINTER = (
    r"(?i)(?:^|[;&|(]\s*|\bsudo\s+|\bexec\s+(?:-\S+\s+)*\S+\s+)"
    r"(?:echo|printf|printenv|cat|bat|type|more|head|tail|get-content|write-output|write-host)\s"
    r"|\b(?:print(?:ln)?|puts|pp|repr|console\.log|var_dump|fmt\.Print(?:ln)?)[ \t(]"
)
_COUNTS_OR_DIGESTS = r"\s*(?:wc|\w*sum|md5|sha\d*|xxd|od|hexdump|file|stat|ls|grep|head -c)\b"


def _printed_key(text: str, label: str, value: str, at: int) -> _Found:
    """A printed blob that is key material: hex, or random and not made of words."""
    end = at + len(value)
    typed = patterns.match(r"[A-Za-z0-9]{2,8}:", value)  # chrony's `HEX:…`: the key follows
    if typed:
        value, at, label = value[typed.end() :], at + typed.end(), label + typed.group()
    if patterns.search(_DIGEST_LABEL, label):
        return None
    alphabet = set(value)
    hexadecimal = alphabet <= set("0123456789abcdefABCDEF:")
    digits = sum(c.isdigit() for c in value)
    # lower case and digits all through (conjur's keys): letter runs read long, as words do
    lowered = value.islower() and digits >= len(value) / 8
    if len(alphabet) < 12 or not (
        hexadecimal or (_looks_random(value) and (lowered or not _wordy(value)))
    ):
        return None  # names (`GetCredentialsForIdentityCommand`), words in capitals
    more = patterns.compile(_BLOCK_LINES).match(text, end)
    return "secret", at, more.end() if more else end  # the block's other lines too


_BLOCK_LINES = r"(?:\r?\n[A-Za-z0-9+/=]{16,200}(?![^\r\n])){0,400}"


_BLOB = r"[A-Za-z0-9+/=_:.-]{32,4096}"
# A public half, a checksum, git's objects, or a listing (`gpg --list-secret-keys`, `vault kv
# list`, `ls`), which prints names, ids and fingerprints of secrets, not the secrets.
_PRINTS_PUBLIC = (
    r"(?i)pub|dnskey|fingerprint|finger|sum\b|\bgit(?![\w-])|\blist|\bls\b"  # not git-crypt
)
_PRINTS_SECRET = (
    r"(?i)genkey|genpsk|rand[ \t]|urandom|key[ \t]+export|export-secret|secret|private|token"
    r"|passw|credential|[._/]key(?:file|s)?\b"  # `.key`, `api_key`, mongod's `keyfile`
    r"|export-login|\btickets?\b"  # snapcraft's and charmcraft's login; Perforce's tickets
)
# Commands that print one stored secret alone, as their output's line: the keychain's and
# password stores' (`security find-generic-password -w`, `pass show`, `op read`, `bw get
# password`, `secret-tool lookup`), a vault's field, a cloud's secret value as text.
_PRINTS_ONE_SECRET = (
    r"(?i)\bsecurity[ \t]+find-(?:generic|internet)-password\b[^\n]{0,200}[ \t]-w\b"
    r"|\b(?:pass|gopass)[ \t]+show\b|\bop[ \t]+read\b|\bbw[ \t]+get[ \t]+password\b"
    r"|\blpass[ \t]+show\b[^\n]{0,200}--password|\bsecret-tool[ \t]+lookup\b|\bkeyring[ \t]+get\b"
    r"|\bvault[ \t]+(?:kv[ \t]+)?(?:get|read)\b[^\n]{0,200}[ \t]-field[ \t=]"
    r"|\bgcloud[ \t]+secrets[ \t]+versions[ \t]+access\b"
    r"|\b(?:get-secret-value|get-parameters?\b[^\n]{0,200}--with-decryption)"
    r"[^\n]{0,200}--output[ \t=]+text"
)
# A command word that names a key (`get-key`, `apikeys`, `rotate-api-key`, `keystore`), not a
# flag (`--key 2024/app.log`: an object's); sought only in commands that hold "key".
_NAMES_KEY = r"(?i)keystore|(?:(?<![\w-])[a-z]{0,12}|(?<=\w[_-]))keys?(?![a-z])"
# A command that makes something: what it prints is a secret when its output says so (`cscli
# bouncers add x` prints `API key for 'x':`, then the key).
_CREATES = r"(?i)\b(?:add|create|new|generate|gen|issue|register|rotate|regenerate|reset|enroll)\b"
_SECRET_LABEL = r"(?i)\b(?:api[ _-]?)?(?:key|token|secret|password|passphrase|credentials?)\b"
# What a public half's or a certificate's block says before its lines.
_PRINTED_PUBLIC = r"(?i)public key|certificate|ssh-(?:rsa|ed25519|dss)|ecdsa-sha2"


def _is_prompt(text: str, at: int) -> bool:
    r"""Whether the `$`, `#` or `%` at `at` ends a shell prompt that starts its line (`$ `,
    `% `, `user@host:~# `), or PowerShell's `PS C:\> ` starts there; not a bare `# ` (a
    comment)."""
    before = text[_line_start(text, at, 200) : at + 1]
    if text.startswith(("PS ", "Run "), at):  # PowerShell; a GitHub Actions step's command
        return not before[:-1].strip()
    return patterns.fullmatch(_PROMPT, before) is not None


_PROMPT = r"[ \t]*(?:[^\s$#%]*[@:][^\s$#%]*[ \t]?[$#%]|[$%])"


# A digest's label: `sha256:`, `md5=` glued to it, or a word before it (`commit 3f2a…`); not a
# key's type (chrony's `1 SHA1 HEX:…`).
_DIGEST_LABEL = r"(?i)(?:(?:sha\d*|md5)[=:-]|\b(?:digest|hash|commit|id)[=:\s-]*)$"


# Key material first: the token formats below must see a key block already replaced, or a
# second pass could find a token that the first one saw glued to the block.
_KEY_RULES: tuple[_Rule, ...] = (
    _Rule(  # `openssl rsa|ec|pkey -text`: the private numbers, as indented lines of hex pairs
        r"(?:privateexponent|prime[12]|exponent[12]|coefficient|priv):[ \t]*\r?\n"
        r"(?:[ \t]+[0-9a-f]{2}(?::[0-9a-f]{2}){0,31}:?[ \t]*(?:\r?\n|$)){1,200}",
        _whole("private_key"),
        (
            "privateexponent:",
            "prime1:",
            "prime2:",
            "exponent1:",
            "exponent2:",
            "coefficient:",
            "priv:",
        ),
        fold=True,
    ),
    _rule(
        # The body stops at the next `-----`, so a truncated block (no END) still loses its key
        # material but never swallows a later block and the text between.
        r"-----BEGIN "
        + _KEY_LABEL
        + r"-----"
        + _ARMOR_HEADERS
        # `>`: a block quoted in an e-mail or a chat; `<br>`, `&#10;`: newlines in HTML, XML;
        # `'||char(10)||'`: newlines in SQL, a dump's lines joined
        + r"(?:(?!-----)(?:[A-Za-z0-9+/=\s\\:,.\"'>-]|<br ?/?>|&\#(?:1[03]|x[aAdD]);"
        + r"|\|\|[ \t]*(?:char|chr|CHAR|CHR|nchar|NCHAR)\(1[03]\)[ \t]*\|\|))*"
        + r"(?:-----END \1-----)?",
        _find_key_block,
        "-----BEGIN ",
    ),
    _rule(r"-----END " + _KEY_LABEL + r"-----", _find_key_tail, "-----END "),
    _rule(  # PuTTY .ppk: the private half follows its line count
        r"Private-Lines: ?\d+(?:\r?\n|\\n)(?:[A-Za-z0-9+/=]+(?:\r?\n|\\n|$))+",  # \\n: in JSON
        _whole("private_key"),
        "Private-Lines:",
    ),
    _rule(_B + r"LS0tLS1CRUdJTi[A-Za-z0-9+/=]{20,}", _find_encoded_key, "LS0tLS1CRUdJTi"),
    _rule(  # a registry login: base64 of {"auths": ...} (.dockerconfigjson, .dockercfg)
        _B + r"eyJhdXRocyI[A-Za-z0-9+/=]{20,}", _whole("docker_auth"), "eyJhdXRocyI"
    ),
    _rule(  # RFC 4716 (SSH2, as ssh.com and PuTTY write it); the body stops at the next `----`
        r"---- BEGIN SSH2 (?:ENCRYPTED )?PRIVATE KEY ----"
        + _ARMOR_HEADERS
        + r"(?:(?!----)[A-Za-z0-9+/=\s\\])*(?:---- END SSH2 (?:ENCRYPTED )?PRIVATE KEY ----)?",
        _whole("private_key"),
        "---- BEGIN SSH2 ",
    ),
    _Rule(  # a JSON Web Key's private members (RFC 7518): secret only inside a JWK, in JSON,
        # code or YAML
        r"""(?<![\w"'-])(?P<m>["']?)(?:d|k|p|q|dp|dq|qi)(?P=m)[ \t]*:[ \t]*"""
        r"""(?P<q>["']?)(?P<v>[A-Za-z0-9_-]{16,4096})(?P=q)(?![\w-])""",
        _find_jwk_member,
        tuple(f"{q}{n}{q}{c}" for n in _JWK_MEMBERS for q, c in (("", ":"), ('"', ""), ("'", ""))),
        needs="kty",
    ),
    _Rule(  # a secret a command printed (see _find_printed_secret)
        r"(?:[$#%]|PS [^>\n]{0,80}>|Run)[ \t]+(?P<cmd>[^\n]{0,300})",
        _find_printed_secret,
        ("$ ", "# ", "% ", "PS ", "Run "),
        before=_is_prompt,
    ),
)


def _find_xml_rsa_key(m: re.Match[str]) -> _Found:
    return ("private_key", m.start(), m.end()) if "<D>" in m.group() else None


def _find_wallet_keys(m: re.Match[str]) -> _Found:
    if m.group("v") is not None:
        return "private_key", m.start("v"), m.end("v")
    keys = patterns.finditer(r"[\"'`]((?:0x)?[0-9a-fA-F]{64})[\"'`]", m.group("list"))
    at = m.start("list")
    return [("private_key", at + k.start(1), at + k.end(1)) for k in keys] or None


def _find_keypair_bytes(m: re.Match[str]) -> _Found:
    """64 bytes that vary as random ones do: not a range, not padding."""
    values = [int(v) for v in patterns.findall(r"\d+", m.group("v"))]
    if max(values) > 255 or len(set(values)) < 24 or values == sorted(values):
        return None
    return "private_key", m.start("v"), m.end("v")
