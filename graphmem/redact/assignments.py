"""``NAME = value`` in any syntax where secrets are written: env files, shells, JSON, YAML, code,
XML elements, .netrc, directives, setters, argv lists, prose. The name says secret (see names);
the syntax and the value decide whether the right-hand side is a literal.

Decisions (the tests pin each one):

- Code is not a value: in ``token = tokens[i]``, ``API_KEY = os.environ["API_KEY"]`` or
  ``password: str`` the right-hand side is an expression or a type, so it is kept; a quoted literal
  in code (``SECRET_KEY = "django-insecure-..."``) is redacted. A bare word is a literal only where
  shells and config files make it one: ``NAME=word`` with an upper-case name (env files, shells,
  Docker), ``--password word`` flags, and ``name: word`` alone on a YAML line.
"""

from __future__ import annotations

from functools import lru_cache

from graphmem import patterns
from graphmem.redact import languages
from graphmem.redact.names import (
    _FOREIGN_KEYS,
    _FOREIGN_PASSWORDS,
    _KEY_QUALIFIERS,
    _LOOKUP_WORDS,
    _PHRASES,
    _classify_name,
    _secret_kind,
)
from graphmem.redact.rule import _Found, _line_start, _name_start, _Rule
from graphmem.redact.values import (
    _CODE_REFERENCE,
    _HAS_DIGIT,
    _PUBLIC_PREFIX,
    _REFERENCE,
    _TYPE_NAMES,
    _in_web_config,
    _is_placeholder,
    _looks_generated,
    _looks_random,
    _name_words,
    _names_code,
    _said_default,
    _said_private,
    _said_public,
    _said_public_key,
    _squash,
    _user_beside,
    _wordy,
)

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re

# The regex matches from the *last word* of the name; the rest of the name is read backwards in
# Python, because a leading `[\w.-]*` would make the engine try every identifier in the text.
_NAME_END = r"""(?x)
    (?:key(?:_base|s|_id|[_-]?hex)?|secret(?:s|[ _-]?id|[_-]?hex)?|token(?:s|_name)?
      |pass(?:e|wort|[_-]?(?:words?|phrase|code)|[a-z]{2,5})?|pasw[a-z]{2,5}  # and `passwrd`
      |passwd|pwd|auth(?:[_-]?tok)?|psk|salt|pepper|eap|xauth|mnemonic|phrase|bearer|creds
      |credentials|pw|pin|puk|signer|b64|base64|pfx|p12|keystore|seed(?:[_-]?hex)?|_pat|encrypt
      |-ak|-sk|macaroon|[_-]iv)"""
# The words for password and key in other languages, inflected (`Passordet`): a rule of their
# own, so that English names, which most texts hold, never try them.
# Longest first, then in order: one pattern text in every process (a set's order changes with
# each process's string hashing), so its compiled code is kept (graphmem/patterns.py).
_FOREIGN_WORDS = sorted(
    {*_FOREIGN_PASSWORDS, *(p.lower() for p in _PHRASES), *_FOREIGN_KEYS, *languages.TOKENS},
    key=lambda word: (-len(word), word),
)
# A joiner may follow an Indic virama (`పాస్\u200cవర్డ్`): such a word is sought up to its first
# virama, and read without joiners.
_VIRAMAS = "\u094d\u09cd\u0a4d\u0acd\u0bcd\u0c4d\u0ccd\u0d4d"


def _to_first_virama(word: str) -> str:
    cut = min((at for at in map(word.find, _VIRAMAS) if at != -1), default=len(word) - 1)
    return word[: cut + 1]


_TRIGGER_OF = {word: _to_first_virama(word) for word in _FOREIGN_WORDS}
_FOREIGN_TRIGGERS = tuple(sorted(set(_TRIGGER_OF.values())))
_FOREIGN_ALTERNATIVES = "|".join(_FOREIGN_WORDS).replace(" ", "[ ]")  # verbose: blanks a class
for _virama in _VIRAMAS:
    _FOREIGN_ALTERNATIVES = _FOREIGN_ALTERNATIVES.replace(_virama, _virama + "[\u200c\u200d]?")
_FOREIGN_NAME_END = (
    "(?:" + _FOREIGN_ALTERNATIVES + r")[^\W\d_\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]{0,4}"
)
_VALUE = r"""
    (?:__)?                                               # a build's `__API_TOKEN__` (dunder)
    (?P<q>\\?["'`][\]})]|\\?["'`]?)                      # `$cfg["password"] =`, `[\"pw\"]`, `name`
    (?P<annot>[ \t]*:[ \t]*[&A-Za-z_][\w\[\].,|&' ]{0,40}?  # `password: &str = "..."`, and a
      (?:\(\d{1,5}\))?(?=[ \t]*:?=)                     # size: `sKey : STRING(40) := '…'`
      |[ \t]+(?:string|String|securestring|secureString|str|\[\]byte)(?=[ \t]*=))?  # Go's, Bicep's
    (?:(?P<xsep>(?:[ \t]+[\w:.-]{1,40}=(?:"[^"<>\n]{0,100}"|'[^'<>\n]{0,100}')){0,4}>)
       (?P<xml>[^<>\n]{1,256})(?=</)                                  # <password a="b">value</
    |(?P<sep>[ \t]*(?::=|::(?=[ \t]*["'])|\?=|\|\|=|=>|=|:|[\uff1a\u055d\u1366]|<<?-(?!-))
       [ \t]*                          # Odin's `::` before a literal; R's <-; CJK's full-width,
                                       # Armenian's and Ethiopic's colons
       |[ \t]*,[ \t]*                                                  # `,`: setters
       |(?:[ \t]+|(?<=[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af])(?=[^\x00-\x7f\s]{1,4}[ \t]))
                                      # CJK puts no blank before its "is": `密碼是 x`
        (?P<loose>(?:(?:[A-Za-z\u00c0-\u1fff]{1,24}[ \t]+){0,4}?
                           [A-Za-z\u00c0-\u1fff]{1,24}:[ \t]+  # a colon first: a word in
                         |(?:[A-Za-z\u00c0-\u1fff]{1,24}[ \t]+){0,7}?  # Greek ("for") is no "is"
                           (?:is|was|es|és|est|este|ist|é|è|er|är|jest|je|là|adalah|ialah|ay
                             |ni|on|ir|yra|\u0435|\u0454|\u0458\u0435|\u044d\u0442\u043e|είναι
                             |[^\x00-\x7f\s\u0370-\u03ff\u0400-\u04ff]{1,4})[ \t]+
                         |\d[ \t]+
                         |\#?\d{1,3}:[ \t]+
                         |(?:--?[A-Za-z][\w-]{0,20}[ \t]+){1,2}))?)
                                       # `password for the db is x`, `key you asked for: x`,
                                       # `API Key 是 x`: "is" in other languages and scripts,
                                       # Cisco's `secret 0 x`, kickstart's `rootpw --plaintext x`,
                                       # a numbered label: `Unseal Key 1: x`, `Password #2: x`
    (?:(?<==)\\\r?\n[ \t]{0,40})?          # `NAME=\` and the value on the next line (shells)
    (?P<list>\[[ \t]{0,4}(?=["']))?                        # a list: Keycloak's `[ "…" ]`
    (?P<seq>(?<=:)[ \t]*\r?\n[ \t]{0,40}-[ \t]+(?![^\n]{0,80}:(?:[ \t]|$)))?  # YAML: `name:\n  - …`
    (?:(?:@|(?P<sp>[bBrRuUfF]{1,2}))?"(?P<dq>(?:[^"\\\n]|\\.){0,512})"  # @"…": Objective-C; b"…"
      |(?P<bq>["'])(?P<blob>[A-Za-z0-9+/]{500,20000}={0,2})(?P=bq)  # a key (store) in base64
      |(?P<sp2>[bBrRuUfF]{1,2})?'(?P<sq>(?:[^'\\\n]|\\.){0,512})'
      |\\"(?P<eq>(?:[^"\\\n]|\\[^"\n]){0,512})\\"     # inside a JSON string: \"value\"
      |(?P<bare>[^\s"'`,;&)}\\=][^\s"'`,;&)}]{0,511}             # not `==`: a comparison
        (?:&(?=[^\s&])(?![\w.-]{1,40}=|amp;)[^\s"'`,;&)}]{1,511}){0,8})))  # `&` but a query's
"""

_ASSIGNMENT = _NAME_END + _VALUE


# An attribute of a password's element that says it holds a hash or ciphertext.
_HASH_ATTRIBUTE = (
    r"(?i)\b(?:salt(?:ed)?|hash(?:ed)?|encrypted|digest|crypt|algorithm)[ \t]*=[ \t]*[\"']"
    r"(?!(?:false|no|0|none|plain(?:text)?)[\"'])"
)
_SQL_ACCOUNT = r"\b(?:create|alter)\s+(?:user|role|login|group)\b"


def _beside_its_hash(text: str, start: int, end: int) -> bool:
    """Whether a password's hash is named in the same record as a salt (the 300 characters
    around it, on its line or the three around): a user table's row or an export, where the salt
    is a parameter of the hash beside it, not a secret of its own (a service's `PASSWORD_SALT`
    setting stands alone)."""
    top = max(0, start - 300)
    lines = text[top:start].split("\n")[-4:] + text[start : end + 300].split("\n")[:4]
    return patterns.search(_HASH_MEMBER, "\n".join(lines)) is not None


def _hashed_here(text: str, start: int, end: int) -> bool:
    """Whether a password's value is its stored hash: a digest's shape (hex of 32 or more,
    base64 of 16 bytes or more) on a line that names the hash's salt or its function's
    parameters (`salt=…`, `pbkdf2`, `rounds`): a user table's row, an export. A digest's name
    alone (`HASH_ALGO=md5`) says nothing of the value beside it."""
    if end - start < 22 or not patterns.fullmatch(_DIGEST_SHAPE, text[start:end]):
        return False  # cheap, first: most passwords are no digest
    line_end = text.find("\n", end, end + 300)  # bounded both ways: a long line is read near
    line = text[_line_start(text, start, 300) : line_end if line_end != -1 else end + 300]
    return patterns.search(_HASH_PARAMETER, line) is not None


_DIGEST_SHAPE = r"[0-9a-fA-F]{32,}|[A-Za-z0-9+/]{22,}={0,2}"
_HASH_PARAMETER = (
    r"(?i)(?<![\w-])(?:salt[\"']?[ \t]*[:=]|pbkdf2\w*|bcrypt|scrypt|argon2\w*|kdf|iterations"
    r"|rounds)(?![\w-])"
)


_HASH_MEMBER = (  # `hash: …`, or the word and a digest after it (`salt … hash 9f3c…`)
    r"""(?i)(?:password_?hash|hashed_?password|pass_?hash|(?<![\w-])hash)"""
    r"""(?:["']?[ \t]*[:=]|[ \t]+[0-9a-f]{32})"""
    # or the hash function's other parameters: `salt=…|kdf=8000`, `"salt": …, "rounds": 12`
    r"""|(?<![\w-])(?:kdf|iterations|rounds|work_?factor|pbkdf2\w*|argon2\w*|scrypt|bcrypt)"""
    r"""["']?[ \t]*[:=][ \t]*["']?\d"""
)


# Daemon config directives written `name value` (redis.conf), whose value is a literal.
_DIRECTIVES = frozenset(("requirepass", "masterauth"))
_LINE_REST_EMPTY = r"(?m)[ \t]*(?:#.*)?$"
# .netrc: `machine HOST login USER password PASSWORD`, on one line or several.
_NETRC_CONTEXT = r"(?:^|\s)(?:machine|login|default)\s"
_NETRC_REST = r"[ \t]*(?:$|\n|(?:machine|login|account|macdef|default)\s)"


# How the public prefixes (values._PUBLIC_PREFIX) start, but NATS' public nkeys.
_PUBLIC_STARTS = tuple("pk pub phc client sub-c- sq0idp- FLWPUBK sb_ appl_ goog_ amzn_".split())
_MODEL_MEMBER = r"\.[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*(?:\[|$)|\$[A-Za-z_]{1,20}\{"


def _bare_value_is_literal(m: re.Match[str], name: str, name_start: int) -> bool:
    """Whether an unquoted value is a literal (shell, env file, YAML) rather than code."""
    value, sep, text = m.group("bare"), m.group("sep"), m.string
    if value[0] in "{[(" or _names_reference(value) or patterns.search("[<>]", value):
        return False  # <T extends MetadataBearer = MetadataBearer>(…): generics, markup
    if (value[0] in ".$" and patterns.match(_MODEL_MEMBER, value)) or (
        value[0] == "%" and _names_reference(value[1:])
    ):
        return False  # FreeMarker's `.data_model["…"]`, Go templates' `.Values.x`: the model's;
        # Perl's `$ENV{…}`, SAS's `%sysget(NAME)`: a variable's member, a macro's call
    if sep.strip() == ":" and patterns.compile(r"[ \t]*[|=\])]").match(text, m.end("bare")):
        return False  # a type annotation: `key: Ed25519PrivateKey | None`
    if (
        name.startswith("-")
        or (sep == "=" and name.isupper())
        or _is_directive(m, name, name_start)
    ):
        return True
    line_start = text.rfind("\n", max(0, name_start - 200), name_start) + 1  # bounded
    prefix = text[max(line_start, name_start - 200) : name_start].strip(" \t\"'")
    yaml_line = (
        sep.strip() == ":"
        and prefix in ("", "-")
        and patterns.compile(_LINE_REST_EMPTY).match(text, m.end("bare")) is not None
    )
    if yaml_line:
        return value.lower() not in _TYPE_NAMES
    return not _names_code(value)


@lru_cache(maxsize=1)
def _mentions_encrypted(text: str) -> bool:
    return "ncrypted" in text or "NCRYPTED" in text


def _encrypted(text: str, name_start: int) -> bool:
    """Whether the name is a member of an `encryptedData` (Sealed Secrets) or `encrypted`
    mapping, whose values are ciphertext: in JSON before its `}`, in YAML indented under it."""
    if not _mentions_encrypted(text):  # the common case, decided once per text
        return False
    before = text[max(0, name_start - 3000) : name_start]  # bounded: no rescan to the start
    parents = list(
        patterns.finditer(r"(?i)[\"']?encrypted(?:data)?[\"']?[ \t]*:[ \t]*(\{)?", before)
    )
    if not parents:
        return False
    parent = parents[-1]
    inside = before[parent.end() :]
    if parent.group(1):
        return "}" not in inside
    indent = parent.start() - before.rfind("\n", 0, parent.start()) - 1
    lines = inside.split("\n")[1:]
    return bool(lines) and all(
        len(line) - len(line.lstrip(" ")) > indent for line in lines if line.strip()
    )


def _yaml_value_end(m: re.Match[str], name_start: int) -> int | None:
    """Where a YAML value that a bare value stops short of (at `&`, `;`, `,`, `)` or `}`) ends:
    alone on its line after `name:`, the value is the rest of it, up to a comment."""
    text, end = m.string, m.end("bare")
    if m.group("sep").strip() != ":" or text[end : end + 1] not in ("&", ";", ",", ")", "}"):
        return None
    if patterns.match(_CODE_REFERENCE, m.group("bare")):  # `"SALT": random.uuid4().hex,`
        return None
    line_start = text.rfind("\n", max(0, name_start - 200), name_start) + 1  # bounded
    if text[max(line_start, name_start - 200) : name_start].strip(" \t\"'") not in ("", "-"):
        return None
    rest = patterns.compile(r"[^\s#]{0,512}(?=[ \t]*(?:#[^\n]*)?(?:\r?\n|\Z))").match(text, end)
    if rest is None or not patterns.search("[A-Za-z0-9]", rest.group()):
        return None  # `password: str,` `"SECRET_KEY": None,`: code, whose punctuation ends it
    return rest.end()


# Words that follow a flag a sentence is about (`the --username and --password options`,
# `--password requires --user`), not its value; and words before one (`the new --password`).
_FLAG_TALK = frozenset(
    "option options flag flags argument arguments parameter parameters switch switches value "
    "command commands description respectively support syntax usage when with then "
    "is are was must should can will may requires required instead only also".split()
)
_FLAG_NAMED = frozenset("the a an and or of new its their with via use using option".split())


def _flag_named(text: str, name: str, name_start: int) -> bool:
    """Whether the plain word after a flag (`--password options.`) is the sentence's, not the
    flag's value: a word that talks about flags or says what became of it, or any lower-case
    word when the flag is quoted or follows an article or a conjunction."""
    if not name.startswith("-"):
        return False
    after = text[name_start + len(name) : name_start + len(name) + 80].split(None, 1)  # bounded
    word = after[0].rstrip(".,;:!?)'\"`") if after else ""
    if word in _FLAG_TALK or patterns.fullmatch(_STATE, word):
        return True
    return bool(word.isalpha() and word.islower()) and (
        text[name_start - 1 : name_start] in ("'", '"', "`")
        or _word_before(text, name_start) in _FLAG_NAMED
    )


# What a sentence says "password" of (`the password field`), where .netrc's `password` is followed
# by the password.
_PASSWORD_NOUNS = frozenset(
    "field fields support prompt prompts manager managers policy policies reset change changes "
    "hash hashes file files length strength protection authentication command commands option "
    "options entry input box dialog form rule rules requirement requirements expiry expiration "
    "history store storage database prompting handling login logins".split()
)
# What a sentence says a secret is (`… is required`, `… was rotated`), not what it holds.
_STATE = (
    r"[a-z]{2,}ed|optional|missing|invalid|valid|empty|blank|wrong|correct|unset|mandatory"
    r"|necessary|needed"
)
# A type's name, as an annotation gives it (`x25519.X25519PublicKey`, `HTTPPasswordMgr`): words
# run together that end as types are named. (A secret would go on: `MySecretKey7`.)
_TYPE = (
    r"(?:[a-z_][a-z0-9_]*\.)*[A-Z][A-Za-z0-9]*(?:Type|Types|Key|Keys|Secret|Secrets|Token|Tokens"
    r"|Mgr|Manager|Handler|Provider|Client|Config|Settings|Params|Param|Options|Bytes|Str|Dict"
    r"|Callable|Protocol|Model|Schema|Info|Credential|Credentials|Factory|Error|Enum|Class|Spec"
    r"|Store|Context|Policy|Request|Response|Field|Data|Object|Interface|Service|Session)"
)


# What C's preprocessor defines a name as, unquoted: a number or another name (a string would be
# quoted, and a key in hex is longer than any integer).
_C_VALUE = r"(?:0[xX][0-9a-fA-F]{1,16}|\d+)[uUlL]{0,3}|[A-Za-z_]\w*(?:[,(][^\s]*)?"


def _c_define(text: str, name_start: int) -> bool:
    line = text[_line_start(text, name_start, 40) : name_start]
    return patterns.fullmatch(r"[ \t]*#[ \t]*define[ \t]+", line) is not None


def _test_result(text: str, name_start: int) -> bool:
    """Whether an upper-case `PASS` opens its line (after Go's `--- `): a test run's report."""
    line = text[_line_start(text, name_start, 20) : name_start]
    return line.strip(" \t-") == ""


def _find_assignment(m: re.Match[str]) -> _Found:
    text = m.string
    group = m.lastgroup or ""  # xml, dq, sq, eq or bare: the value groups close last
    value = m.group(group)
    blank = m.group("sep") is not None and (m.group("loose") or not m.group("sep").strip())
    prose = blank and group == "bare" and not _looks_generated(value)
    name_start = _name_start(text, m.start())
    name = text[name_start : m.start("q")]
    if prose and not name.startswith("--") and name.lower() not in _BARE_WORD_NAMES:
        return None  # the common case in prose (`the token budget`), decided first
    if prose and (patterns.fullmatch(r"[a-z]{1,3}", value) or _flag_named(text, name, name_start)):
        return None  # `requires --password or "Password" in …`: a flag named in a sentence
    if group == "bare" and m.group("sep").strip() == ":" and patterns.fullmatch(_TYPE, value):
        return None  # `private_key: PKCS7PrivateKeyTypes,`: an annotation names a type
    if name_start and text[name_start - 1] in "+/|" and _looks_generated(name):
        return None  # `|1|…e0v4Pw= ssh-ed25519` (known_hosts): base64 and its padding, no name
    if group == "bare" and value.rstrip(":") == "lambda":
        return None  # `password=lambda: "…"`: a function gives the value
    if group == "bare" and (
        value.startswith("--") or (blank and name[0] == "-" == value[0] and value[1:2].isalpha())
    ):
        return None  # `--password --gzip`, `--ask-password -user=foo`: the next flag (the tool
        # will prompt; it would read any value starting with `-` as a flag)
    if group == "bare" and patterns.fullmatch(_STATE, value.rstrip(".,;!").lower()):
        return None  # `secret: REMOVED`, `token: optional`, `--secret is deprecated`: a state
    if prose and name.lower() in _BARE_WORD_NAMES and value.rstrip(".,;:!?") in _PASSWORD_NOUNS:
        return None  # `the empty password field.`: a sentence about passwords
    if text[name_start - 1 : name_start] == "@" and m.group("sep") == ":" and value[-1] == "@":
        return None  # OneDev's `@secret:registry-password@`: a sigil's reference, named
    if group == "bare" and value[0] == "#" and text[m.start(group) - 1] in " \t":
        return None  # `password: Y2hhbmdlbWU=  # base64`: a comment, read after `=` as a value
    classified = _classify_name(name)
    if classified is None:
        return None
    if "{{" in text[max(0, name_start - 80) : name_start] and _in_template_action(text, name_start):
        return None  # consul-template's `{{ with secret "kv/app" }}`: a function given a path
    if group == "bare" and (
        (patterns.fullmatch(_C_VALUE, value) and _c_define(text, name_start))
        or (value.endswith("=") and _names_code(value[:-1]))
    ):
        return None  # `#define TOKENS 0x0100000`, `OBJ_X509,35L`; `password= scmVersion=`: names
    if group == "bare" and patterns.fullmatch(r"0x[0-9a-f]{4,16}", value):
        pointed = patterns.compile(r' "([^"\n]{1,512})"').match(text, m.end(group))
        if pointed:  # gdb prints a `char *` as its address, then the string: the value
            kind = _secret_kind(name, pointed.group(1))
            return None if kind is None else (kind, pointed.start(1), pointed.end(1))
    if name == "PASS" and _test_result(text, name_start):
        return None  # `PASS: addr2line -f option`, Go's `--- PASS: TestSign (0.01s)`
    if group == "bare" and text.endswith("${", 0, name_start) and value[0] in "-?+":
        # a shell's `${NAME:-default}`: the default is the value; `:?` and `:+` give none
        kind = _secret_kind(name, value[1:]) if value[0] == "-" else None
        return None if kind is None else (kind, m.start(group) + 1, m.end(group))
    if (
        group in ("dq", "sq")
        and text.startswith(".", m.end())
        and not patterns.compile(_CONVERSION).match(text, m.end())
        and patterns.compile(r"\.[A-Za-z_$]").match(text, m.end())
    ):
        return None  # `pw = "\n".join(parts)`: a method of the literal, not the value (COBOL's
        # `VALUE '…'.` ends a sentence)
    if group in ("dq", "sq") and patterns.compile(r"[ \t]*[*%+][ \t]*[\w(]").match(text, m.end()):
        return None  # `b'a' * 1024`, `"%s" % pw`, `"x" + pw`: an expression
    if group == "bare" and text[name_start - 1 : name_start] == "$" and not value.isdigit():
        return None  # `$pw = Read-Host`: PowerShell, PHP and Perl quote their literals
    if not _separates(m, name, name_start, group):
        return None
    if (
        group == "xml"
        and "=" in m.group("xsep")
        and patterns.search(_HASH_ATTRIBUTE, m.group("xsep"))
    ):
        return None  # `<password salt="true">…`, `hashed="yes"`: the stored hash, not the password
    if (
        group == "bare"
        and value[0] == "{"
        and text.startswith("}", m.end())
        and m.group("sep") == "="
        and ";" in text[max(0, name_start - 200) : m.end() + 2].rsplit("\n", 1)[-1]
    ):
        value = value[1:]  # ODBC: PWD={…};, braces quote the value
        kind = _secret_kind(name, value)
        return None if kind is None else (kind, m.start(group) + 1, m.end(group))
    if "f" in (m.group("sp") or m.group("sp2") or "").lower() and "{" in value:
        return None  # an f-string: computed
    if group == "bare" and value[0] in "[{":
        end = _key_bytes_end(text, m.start(group))
        if end is not None:
            return classified[0], m.start(group), end
    shaped, found = _shaped_bare_value(m, name) if group == "bare" else (False, None)
    if shaped:
        if (
            isinstance(found, tuple)
            and classified[1] != "strong"
            and _said_public(text, *found[1:])
        ):
            return None  # `key = bytes.fromhex("2b7e…")  # FIPS-197 example key`
        return found
    if group == "bare" and patterns.fullmatch(r"[|>][-+]?", value):  # YAML block scalar
        line = patterns.compile(r"[ \t]*\r?\n[ \t]+([^\s][^\r\n]{0,511})").match(text, m.end(group))
        kind = _secret_kind(name, line.group(1).rstrip()) if line else None
        return None if kind is None or line is None else (kind, line.start(1), line.end(1))
    yaml_end = _yaml_value_end(m, name_start) if group == "bare" else None
    if yaml_end is not None and classified[1] != "random":  # `db_pass: Blue)Sky21`
        kind = _secret_kind(name, text[m.start(group) : yaml_end])
        return None if kind is None else (kind, m.start(group), yaml_end)
    if group == "bare" and not _bare_value_is_literal(m, name, name_start):
        return None
    loose = m.group("loose") or ""
    if classified[1] == "random" and (
        group == "xml"
        or _word_before(text, name_start) in _NOT_SECRET_KEYS
        or (
            group == "bare"
            and m.group("sep").strip() == ":"
            and patterns.compile(_LINE_REST_EMPTY).match(text, m.end("bare")) is None
        )
    ):
        return None  # <key>Name</key>, public key AAAA…, primary key …, `key: Type | None`
    typed = patterns.fullmatch(r"\d[ \t]+", loose) is not None  # Cisco's type digit, not a label's
    kind = _secret_kind(name, value, typed=typed)
    if (
        kind is None
        and value.startswith(_PUBLIC_STARTS)  # cheap, before the prefixes' regex
        and patterns.match(_PUBLIC_PREFIX, value)
        and _looks_generated(value)
        and _said_private(text, m.start(group), m.end(group))
    ):
        kind = classified[0]  # `token: pk.…  # server-side key, not the browser one`
    if (
        kind is None
        and name.lower().endswith(("creds", "credentials"))
        and not patterns.match(_REFERENCE, value)  # `dword:0`: a registry number
    ):
        return _user_password(value, m.start(group))  # --dest-creds user:password
    if kind is None or _encrypted(text, name_start):
        return None
    if blank and group == "bare" and _column_says_public(text, m.start(group)):
        return None  # a listing's DIGEST, ID or FINGERPRINT column (`fly secrets list`)
    if kind == "secret" and _names_its_object(text, m.start(group), m.end(group)):
        return None  # `KafkaUser orders-consumer: … status.secret=orders-consumer`: a Secret's name
    if classified[1] != "strong" and _tags_its_object(text, name, name_start, value):
        return None  # `charge token ch_…`, `customer_token: cus_…`, `card token …`: the object's
    if (
        classified[1] != "strong"
        or _said_public_key(text, m.end(group), m.start(group) if kind == "secret" else None)
    ) and _said_public(text, m.start(group), m.end(group)):
        return None  # `token: 'live_…', // client-side token, public by design`
    if _in_web_config(text, m.start(group), m.end(group)):
        return None  # a Firebase web app's `apiKey`, public by design
    if name.lower().endswith("salt") and _beside_its_hash(text, name_start, m.end(group)):
        return None  # a stored password's salt, public as its hash is: `"hash": …, "salt": …`
    if kind == "password" and _hashed_here(text, m.start(group), m.end(group)):
        return None  # `passwd=<hex> salt=… (pbkdf2, 10000 rounds)`: a user table's stored hash
    if _said_default(text, m.start(group), m.end(group)):
        return None  # `Password=passw0rd` then `# the documented default …`
    if kind == "password" and _user_beside(text, m.start(group), m.end(group)):
        return None  # `POSTGRES_USER: app` and `POSTGRES_PASSWORD: app`: a throwaway login
    if name.lower() == "token" and patterns.search(
        r"pkcs11:[^\s\"']{0,200}$", text[name_start - 210 : name_start]
    ):
        return None  # a PKCS #11 URI's `token=`: the label of a hardware token (RFC 7512)
    end = m.end(group)
    if group == "bare" and value.endswith("\\"):
        more = patterns.compile(r"\r?\n([^\s\"'`,;&)}\\]{1,512})").match(text, end)
        end = more.end() if more else end  # cut by `\` and a newline: the value goes on there
    if kind == "private_key":  # a key store longer than a value's 512 characters
        end = patterns.compile(r"[A-Za-z0-9+/=]*").match(text, end).end()  # type: ignore[union-attr]
    if group == "bare" and m.group("sep")[:1] in " \t" and _starts_line(text, name_start):
        more = patterns.compile(_MORE_WORDS).match(text, end)  # main.cf: `name = host:587 user:pw`
        end = more.end() if more else end
        if loose.startswith("-"):  # after flags, a directive's value runs to the next blank
            end = patterns.compile(r"\S{0,512}").match(text, end).end()  # type: ignore[union-attr]
    if group == "bare" and name.lower().endswith(_PLURAL_ENDS) and text.startswith(",", end):
        items = patterns.compile(r"(?:,[^\s,;\"'`]{1,512}){1,32}").match(
            text, end
        )  # APP_KEYS=a,b,c
        end = items.end() if items else end
    if m.group("list") or m.group("seq"):
        return [(kind, m.start(group), end), *_more_items(m, name, end)]
    return kind, m.start(group), end


# The next item of a list (`, "…"`) or of a YAML sequence (a line `  - …`).
_NEXT_ITEM = r"""[ \t]*,\s{0,40}(?P<q>["'])(?P<v>(?:(?!(?P=q))[^\\\n]|\\.){1,512})(?P=q)"""
_NEXT_YAML_ITEM = r"[ \t]*\r?\n[ \t]{0,40}-[ \t]+(?P<v>[^\s#]{1,512})[ \t]*(?=\r?\n|$)"


def _more_items(m: re.Match[str], name: str, end: int) -> list[tuple[str, int, int]]:
    """The other items of a list or a YAML sequence under a secret's name (Koa's `app.keys =
    ['…', '…']`, `secretKeys:\n  - …\n  - …`) that look generated, as the first one did."""
    text, found = m.string, []
    item = patterns.compile(_NEXT_YAML_ITEM if m.group("seq") else _NEXT_ITEM)
    for _ in range(32):
        nxt = item.match(text, end + (0 if m.group("seq") else 1))
        if nxt is None:
            break
        end = nxt.end("v")
        value = nxt.group("v")
        kind = _secret_kind(name, value) if _looks_generated(value) else None
        if kind is not None:
            found.append((kind, nxt.start("v"), nxt.end("v")))
    return found


# A key written as its bytes: a list of 16 to 64 numbers of 0-255 (`network_key: [148, 27, …]`,
# `{0x2b, 0x7e, …}`).
_BYTE = r"(?:0x[0-9a-fA-F]{1,2}|\d{1,3})"
_KEY_BYTES = rf"[\[{{][ \t]*(?:{_BYTE}[ \t]*,[ \t]*){{15,63}}{_BYTE}[ \t]*,?[ \t]*[\]}}]"


# A column header (the upper-case line above a listing) that says its values are public.
_PUBLIC_COLUMNS = frozenset(
    "digest hash sha sha256 fingerprint checksum id keyid etag version revision commit".split()
)
_CELLS = r"[ \t]{2,}|\t"  # a listing's columns: tabs, or two blanks and more


def _column_says_public(text: str, start: int) -> bool:
    """Whether the value at `start` sits in a listing's column whose header says digest or id:
    the nearest line above (of the last 20) made of upper-case cells names its column."""
    line_start = text.rfind("\n", max(0, start - 300), start) + 1
    if line_start == 0:  # first, or a line too long to be a listing's: no header above
        return False
    before = text[line_start:start].strip()
    if not before:
        return False
    column = len(patterns.split(_CELLS, before))
    above = text[max(0, line_start - 3000) : line_start - 1].split("\n")[-20:]
    for line in reversed(above):
        cells = patterns.split(_CELLS, line.strip())
        if len(cells) > column and all(
            patterns.fullmatch(r"[A-Z][A-Z0-9 _./()-]*", c) for c in cells
        ):
            words = patterns.findall(r"[a-z0-9]+", cells[column].lower())
            return not _PUBLIC_COLUMNS.isdisjoint(words)
    return False


def _key_bytes_end(text: str, start: int) -> int | None:
    """Where a list of key bytes that starts at `start` ends: 16 to 64 numbers, all bytes and
    not all alike (`[0, 0, …]` is a default)."""
    found = patterns.compile(_KEY_BYTES).match(text, start)
    if found is None:
        return None
    numbers = [int(n, 0) for n in patterns.findall(r"0x[0-9a-fA-F]+|\d+", found.group())]
    if max(numbers) > 255 or len(set(numbers)) < 6:
        return None
    return found.end()


_PLURAL_ENDS = ("keys", "tokens", "secrets", "passwords")
# Verilog's sized literal after its width (`128'h6b69…`): the hex digits, `_` between them.
_SIZED_LITERAL = r"'[sS]?(?:[hH]([0-9a-fA-F_]{16,512})(?![\w\[])|[hHdDbBoO])"
# A number with a unit is a size or a limit: `password:  16 bytes` (kubectl describe secret).
_UNIT = r"[ \t]+(?:bytes?|[kmgt]i?b|chars?|characters|bits?|days?|hours?|minutes?|words?|digits?)\b"
# A call that wraps a literal (`SecretStr("…")`, `unsafe_plain_text("…")`) or gives a default
# after a name (`env('CLIENT_SECRET', '…')`, `os.getenv("TOKEN", "…")`), possibly nested.
# A decoder around it (`Buffer.from('…', 'hex')`, Rust's `Key::from(&base64::decode(\n "…"`,
# Kotlin's `Base64.getDecoder().decode("…")`) may take more arguments and span lines.
_CALL_VALUE = r"""(?x)
    (?P<fn>[A-Za-z_$%][\w.$:!]{0,80}(?:\(\)[\w.$:!]{1,40}){0,3})[ \t]*\(\s{0,40}
    (?P<first>(?:[bBrRuU]{0,2}"[^"\n]{0,128}"|[bBrRuU]{0,2}'[^'\n]{0,128}'|[\w.$]{1,80})
              [ \t]*,[ \t]*)??
    (?:&?(?P<inner>[A-Za-z_$][\w.$:!]{0,80}(?:\(\)[\w.$:!]{1,40}){0,3})[ \t]*\(\s{0,40})?
    (?P<p>[bBrRuUfF]{0,2})(?P<qq>["'])(?P<v>[^"'\n]{1,512})(?P=qq)
    \s{0,40}(?:,\s{0,40}(?:["'](?:hex|base64|base64url|b64|utf-?8|ascii|latin-?1|binary)["'])
    \s{0,40})?,?\s{0,40}\)                                         # an encoding's name after
"""
# A function that turns text into a key's bytes: what it is given is the key.
_DECODER = r"(?i)decode|from(?:hex|base64)?$|unhexlify|hex2bin|getbytes|^(?:a2b_)?(?:hex|b64)"
_KEY_BYTES_TEXT = r"(?:0x)?[0-9a-fA-F]{32,}|[A-Za-z0-9+/_-]{22,}={0,2}"
_GETTER = r"(?i)get|fetch|read|load|env|config|setting|option|param|lookup|require|has|find"
# Words of prose, which a passphrase of random words does not hold.
_PROSE_WORDS = frozenset(
    "the a an to of in on for from is are be see ask use your my our with and or not no set by at "
    "as it this that stored kept same above below in".split()
)


def _shaped_bare_value(m: re.Match[str], name: str) -> tuple[bool, _Found]:
    """(True, what it holds) for a bare value whose shape tells: a size, a call wrapping a
    literal or giving a default, Go's printed map (`Name:[value]`), a passphrase of several
    words; (False, None) when no shape does."""
    text, value, start = m.string, m.group("bare"), m.start("bare")
    if value.isdigit():  # a size (`16 bytes`), or Verilog's width: `128'h<hex>`, the hex judged
        if patterns.compile(_UNIT).match(text, m.end("bare")):
            return True, None
        sized = patterns.compile(_SIZED_LITERAL).match(text, m.end("bare"))
        if sized is None:
            return False, None
        literal = sized.group(1)  # None after `'d`, `'b` or a marker (read again): no key's
        kind = _secret_kind(name, literal) if literal else None
        return True, None if kind is None else (kind, sized.start(1), sized.end(1))
    if "(" in value:
        call = patterns.compile(_CALL_VALUE).match(text, start)
        if call is None:
            return False, None
        literal, fn = call.group("v"), patterns.split(r"[.:$]", call.group("fn"))[-1]
        if "f" in call.group("p").lower() and "{" in literal:
            return True, None
        if call.group("first") is None and patterns.match(_GETTER, fn) and not call.group("inner"):
            return True, None  # `getenv("API_TOKEN")`: the literal is a name
        named = next((n for n in (call.group("inner"), fn) if n and _classify_name(n)), name)
        kind = _secret_kind(named, literal) if _looks_generated(literal) else None
        if kind is None and _decodes_key(call, literal):
            kind = _secret_kind(named, literal, typed=True)  # `key: Buffer.from('<hex>', 'hex')`
        return True, None if kind is None else (kind, call.start("v"), call.end("v"))
    if value.startswith("[") and m.group("sep") == ":":
        inner = patterns.fullmatch(r"\[([^\[\]\s]{1,510})\]\]*", value)  # Go: map[X-Token:[value]]
        kind = _secret_kind(name, inner.group(1)) if inner else None
        return True, None if kind is None or inner is None else (
            kind,
            start + 1,
            start + inner.end(1),
        )
    if name.lower().endswith(("phrase", "mnemonic")):
        words = patterns.compile(
            r"[a-z]{2,12}(?:[ \t]+[a-z]{2,12}){2,23}(?=[ \t]*[.,;]?[ \t]*(?:\r?\n|$))"
        ).match(text, start)
        if words is not None and _is_placeholder(words.group()):
            return True, None  # `test test … test junk`: a typed filler, published
        if words is not None and _PROSE_WORDS.isdisjoint(words.group().split()):
            return True, ("password", start, words.end())  # `passphrase: tempo pixel ember …`
    return False, None


def _decodes_key(call: re.Match[str], literal: str) -> bool:
    """Whether a call turns the literal into a key's bytes: a decoder given hex or base64 of
    16 bytes or more (not a word, not a sentence)."""
    decoder = (call.group("inner") or call.group("fn")).replace("()", ".")
    return (
        patterns.search(_DECODER, patterns.split(r"[.:&]+", decoder)[-1]) is not None
        and patterns.fullmatch(_KEY_BYTES_TEXT, literal) is not None
        and _looks_generated(literal)
    )


def _user_password(value: str, start: int) -> _Found:
    """`user:password` as a credentials value: the password is replaced."""
    pair = patterns.fullmatch(r"([\w.@+-]{1,128}):([^\s:]{1,256})", value)  # not arn:aws:iam::…
    if pair is None or _is_placeholder(pair.group(2)) or pair.group(2).startswith("$"):
        return None
    if _squash(pair.group(1)) == _squash(pair.group(2)):
        return None
    return "password", start + pair.start(2), start + pair.end(2)


# A literal converted (Rust's `.into()`, Java's `.toCharArray()`, Ruby's `.freeze`) is still it.
_CONVERSION = (
    r"\.(?:into|to_(?:string|owned|vec)|as_bytes|as_str|encode|freeze|to(?:CharArray|ByteArray"
    r"|String)|getBytes|bytes)(?![\w$])"
)
# The rest of a config line whose value has several words, when nothing in it is code.
_MORE_WORDS = r"(?:[ \t]+[^\s#;\"'()=|&<>\[\]{}]{1,256}){1,8}(?=[ \t]*(?:\r?\n|$))"


def _starts_line(text: str, at: int) -> bool:
    return not text[max(0, at - 200) : at].rsplit("\n", 1)[-1].strip()


_NOT_SECRET_KEYS = _LOOKUP_WORDS | {"host"}
_BARE_WORD_NAMES = _DIRECTIVES | {"password", "passwd"}  # .netrc: `password word`


def _names_its_object(text: str, start: int, end: int) -> bool:
    """Whether a secret's value is a resource's name, told again in the same record: words
    joined by dashes (a Kubernetes name, no digit) that the 200 characters around also hold
    (`KafkaUser orders-consumer: … status.secret=orders-consumer`): the Secret named for it."""
    value = text[start:end]
    if "-" not in value or not value.islower() or not value.replace("-", "").isalpha():
        return False  # cheap, first: most values are no words joined by dashes
    if not patterns.fullmatch(r"[a-z]{2,}(?:-[a-z]{2,}){1,4}", value):
        return False
    around = " " + text[max(0, start - 200) : start] + " " + text[end : end + 200] + " "
    at = around.find(value)
    while at != -1:  # as a whole word: not inside `orders-consumer-v2`
        if not (around[at - 1].isalnum() or around[at - 1] in "_-") and not (
            around[at + len(value)].isalnum() or around[at + len(value)] in "_-"
        ):
            return True
        at = around.find(value, at + 1)
    return False


# Words that make a token a credential, whatever its tag abbreviates (`session token sess_…`).
_CREDENTIAL_WORDS = _KEY_QUALIFIERS | frozenset(
    "session refresh bearer bot user personal id oauth login password pass".split()
)


# What payment APIs tokenise: a token named for a card or a payment method stands in its place
# (Lithic's and Marqeta's `card token`, Helcim's `cardToken`, a vault's `payment_method_token`),
# a reference to it, no credential.
_TOKENISED = frozenset(("card", "cards", "pan", "instrument", "method"))


def _in_template_action(text: str, name_start: int) -> bool:
    """Whether a name stands inside a template's action (`{{ … }}`: Go's, consul-template's,
    Nomad's, Handlebars'), opened on its line before it and not closed: a function or a
    variable of the template, whose arguments are names and paths, not values."""
    before = text[_line_start(text, name_start, 200) : name_start]
    return before.rfind("{{") > before.rfind("}}")


def _tags_its_object(text: str, name: str, name_start: int, value: str) -> bool:
    """Whether the value is an object's id, tagged with an abbreviation of the word naming the
    object before the token's name (`charge token ch_…`, `customer_token cus_…`, `transfer token
    trf_…`): payment APIs' ids, which their tokens are called in logs, not credentials; or a
    token named for what payment APIs tokenise (see `_TOKENISED`), whatever its shape."""
    tag = patterns.match(r"([a-z]{2,5})_[A-Za-z0-9]", value) if "_" in value[2:6] else None
    if tag is None and not name.lower().endswith("token"):
        return False  # cheap, first: no tag, and no token's name
    words = [w for w in _name_words(name)[:-1] if w] or _words_before(text, name_start)
    if (
        tag is not None
        and words[-1] not in _CREDENTIAL_WORDS
        and _abbreviates(tag.group(1), words[-1])
    ):
        return True
    return name.lower().endswith("token") and _tokenised(" ".join([*words, "token"]))


def _tokenised(named: str) -> bool:
    """Whether words (lower-case, the last `token`) name a token of what payment APIs tokenise
    (see `_TOKENISED`): a payment method's only after `payment`."""
    words = named.split()
    return (
        len(words) > 1
        and words[-1] == "token"
        and words[-2] in _TOKENISED
        and (words[-2] != "method" or words[-3:-2] == ["payment"])
    )


def _abbreviates(tag: str, word: str) -> bool:
    """`ch` of charge, `cus` of customer, `evt` of event: the word's first letter, then some of
    its others in order, shorter than it."""
    if len(tag) >= len(word) or not word.isalpha() or tag[0] != word[0]:
        return False
    at = 0
    for letter in tag[1:]:
        at = word.find(letter, at + 1)
        if at == -1:
            return False
    return True


def _words_before(text: str, name_start: int) -> list[str]:
    """The two words before a name, lower-case (`payment method` before `token`)."""
    before = text[max(0, name_start - 40) : name_start].rstrip(" \t\"'-")
    return [w.lower() for w in patterns.split(r"[^A-Za-z0-9]+", before)[-2:]]


def _word_before(text: str, name_start: int) -> str:
    before = text[max(0, name_start - 40) : name_start].rstrip(" \t\"'-")
    return patterns.split(r"[^A-Za-z0-9]", before)[-1].lower()


def _is_directive(m: re.Match[str], name: str, name_start: int) -> bool:
    """`requirepass value` at the start of a line of a daemon's config file."""
    if name.lower() not in _DIRECTIVES or m.group("sep").strip():
        return False
    before = m.string[max(0, name_start - 200) : name_start]  # bounded: no rescan to the start
    return not before.rsplit("\n", 1)[-1].strip() and ("\n" in before or name_start <= 200)


def _separates(m: re.Match[str], name: str, name_start: int, group: str) -> bool:
    """Whether the separator between name and value makes an assignment in that syntax."""
    text = m.string
    if group == "xml":  # <password>value</password>
        return text[name_start - 1 : name_start] == "<"
    sep = "" if m.group("loose") else m.group("sep").strip()
    if not sep and "`" in m.group("q"):
        return False  # a name quoted in prose (`` `--password` / `password` ``): no assignment
    if sep == ":" and text[name_start - 1 : name_start] == "$":  # `$PWD:/src`: an expansion
        return False
    if m.group("sep") == ":" and text[name_start - 1 : name_start] == ":":  # `arn:…:secret:x`
        return False
    if (
        sep == ":"
        and text[max(0, name_start - 3) : name_start].rstrip().endswith("?")
        and not patterns.search(
            r"(?:^|\n)[ \t]*\?[ \t]*$", text[max(0, name_start - 40) : name_start]
        )
    ):
        return False  # a ternary: `typeof apiKey === 'string' ? apiKey : 'Missing Key'` (a `?`
        # first on its line is a prompt's: `? Password: …`, as inquirer's prompts echo answers)
    if sep == ",":  # define('DB_PASSWORD', 'value'), setItem('token', 'value')
        return _is_pair(text, name, name_start, m.end("q"))
    if sep:
        return True
    if name.startswith("--") or _is_directive(m, name, name_start):  # --password value
        return True
    if group in ("sq", "dq") and name.lower() == "password":  # CREATE ROLE r PASSWORD 'value'
        statement = text[max(0, name_start - 200) : name_start]  # not `BY PASSWORD '*hash'`
        if patterns.search(r"\bby\s*$", statement, patterns.IGNORECASE):
            return False
        if patterns.search(_SQL_ACCOUNT, statement, patterns.IGNORECASE):
            return True
    netrc = (
        name.lower() in ("password", "passwd")
        and group == "bare"
        and patterns.compile(_NETRC_REST).match(text, m.end(group))
        is not None  # no copy of the rest
        and patterns.search(_NETRC_CONTEXT, text[max(0, name_start - 200) : name_start]) is not None
    )
    return netrc or _loose_pair(m, name_start, group)


def _loose_pair(m: re.Match[str], name_start: int, group: str) -> bool:
    """`name value` with only blanks between (or a few words and `is` or `:`, or Cisco's type
    digit): DSLs (Gradle's `storePassword '…'`, Clojure's `:password "…"`), daemon and network
    directives, prose. With no punctuation to say so, the value must say it: a quoted literal
    that is not a word, or a bare one that looks generated (random, after words and a colon);
    and a quoted name is an HCL label (`"aws_…_secret" "db"`)."""
    text, value = m.string, m.group(group)
    name = text[name_start : m.start("q")].lower()
    if (m.group("loose") or "").startswith("-") and not _starts_line(text, name_start):
        return False  # flags between: only a directive's (`rootpw --plaintext x`), not argv's
    if text[name_start - 1 : name_start] in ("'", '"', "`") or name in ("pass", "auth"):  # verbs
        return False
    if patterns.fullmatch(r"#?\d{1,3}:[ \t]+", m.group("loose") or ""):
        return True  # a numbered label says what follows as a colon does
    if (m.group("loose") or "").rstrip().endswith(":"):  # `… key you asked for: x`, but not
        if _classify_name(name) == ("password", "strong") and " " not in value:  # `secret scan
            return _looks_generated(value) and not _names_reference(value)  # finished for repo:
        return _looks_random(value)  # acme/api-v2`; a password need not be random (`yppB8^v?`)
    if group != "bare":
        return not any(c.isspace() for c in value) and not patterns.fullmatch(r"[A-Za-z_-]*", value)
    return (
        _looks_generated(value)
        and patterns.search(r"[()\[\]<>{}]", value) is None  # OAuth Tokens](#oauth-tokens)
        and not _names_reference(value.rstrip(":.,"))  # token is Token.Name:
    )


def _names_reference(value: str) -> bool:
    """`Token.Name`, `x25519.X25519PrivateKey`: code naming a value. Not an id and a secret
    joined by a dot (`<32 hex>.<random>`, `CzoXzTPH0M.x3Croh46`): a name's parts are words,
    not random, and hold no digit between letters of both cases."""
    return bool(patterns.fullmatch(_CODE_REFERENCE, value)) and not any(
        (_looks_random(part) or _digits_between_cases(part)) and not _wordy(part)
        for part in value.split(".")
    )


def _digits_between_cases(part: str) -> bool:
    """Digits in two runs or more among letters of both cases (`x3Croh46`): typed at random;
    a name's one number marks a version or a size (`OAuth2Client`, `ipv4Address`). Or, in ten
    characters or more, one run of digits among letters of both cases where no word is (the
    caller asks `_wordy`: `RFbMZ8TTErrzl`, a generator's, beside `X509Certificate`, a name's)."""
    if len(part) < 8 or part.lower() == part or part.upper() == part:
        return False
    return (len(part) >= 10 and _HAS_DIGIT(part) is not None) or (
        len(patterns.findall(r"\d+", part)) >= 2
    )


# `define('NAME', …)`, `setItem('name', …)`, `os.Setenv("NAME", …)`: a call that stores, not
# one that reads (`getenv("NAME", "default")`) or logs.
_SETTER_WORDS = ("set", "put", "define", "store", "save", "add", "write", "export", "header")
_GETTER_WORDS = ("get", "fetch", "pop", "read", "has", "del", "remove", "reset", "log", "print")


def _is_pair(text: str, name: str, name_start: int, end: int) -> bool:
    """`name, value` pairs: a setter's arguments, an argv list (`["--token", "…"]`), a literal
    tuple (`("x-api-key", "…")`), Capistrano's `set :password, '…'`."""
    before = text[max(0, name_start - 80) : name_start]
    quoted = before[-1:] in ("'", '"')
    if quoted and name.startswith("--"):
        return True
    call = patterns.search(
        r"([\w$]*)[ \t]*[(\[][ \t]*[\"']$|\{[ \t]*:?$", before
    )  # {password, "…"}
    if call is None:
        return patterns.search(r"(?:^|\s)set[ \t]+:$", before) is not None
    function = (call.group(1) or "").lower()
    if not function:  # a tuple or a list, not a call: a pair (`["a", "b", "c"]` is a list)
        pair = patterns.compile(r"\s*,\s*[\"']([^\"'\n]*)[\"']\s*[)\]}]").match(text, end)
        value = pair.group(1) if pair else ""  # and not a pair of names: ['secret_key', 'token']
        return bool(value) and (
            (_looks_generated(value) and not _names_code(value))
            or not patterns.fullmatch(r"[A-Za-z_][\w.-]*", value)
        )
    return any(w in function for w in _SETTER_WORDS) and not any(
        w in function for w in _GETTER_WORDS
    )


# The rest of a name, then blanks and a word: the only shape `_may_assign` rejects.
_THEN_A_WORD = r"[A-Za-z0-9_]{0,40}[ \t]+[A-Za-z]"


def _may_assign(text: str, at: int) -> bool:
    """Cheap test before the regex: false only where `_find_assignment` would call the match
    prose. A name followed by a blank and a word (`the token budget is applied`) gives a value
    only if one looks generated (a digit or an upper-case letter on the rest of the line), or
    follows `--password` / `password`. Most triggers in ordinary text end here, and
    the long regex of the value never runs."""
    word = patterns.compile(_THEN_A_WORD).match(text, at)
    if word is None:
        return True  # an operator, a quote, a value glued on: the regex decides
    after = word.end() - 1
    line_end = text.find("\n", after, after + 800)
    rest = text[after : line_end if line_end != -1 else after + 800]
    if rest != rest.lower() or _HAS_DIGIT(rest) or "=" in rest:
        return True  # a generated-looking word, or an XML element's attribute
    name = text[_name_start(text, at) : after].rstrip(" \t")
    return name.startswith("--") or name.lower() in _BARE_WORD_NAMES


_ASSIGNMENT_RULE = _Rule(
    _ASSIGNMENT,
    _find_assignment,
    (
        "key",
        "secret",
        "token",
        "pass",
        "pasw",  # `pasword`: one slip (names.py decides)
        "pwd",
        "auth",
        "psk",
        "salt",
        "pepper",
        "eap",
        "xauth",
        "mnemonic",
        "phrase",
        "bearer",
        "creds",
        "credentials",
        "pw",
        "pin",
        "puk",
        "signer",
        "b64",
        "base64",
        "pfx",
        "p12",
        "keystore",
        "seed",
        "_pat",
        "encrypt",
        "-ak",
        "-sk",
        "macaroon",
        "_iv",
        "-iv",
    ),
    fold=True,
    before=_may_assign,
)
_FOREIGN_ASSIGNMENT_RULE = _Rule(
    "(?x)" + _FOREIGN_NAME_END + _VALUE, _find_assignment, _FOREIGN_TRIGGERS, fold=True, stable=True
)
