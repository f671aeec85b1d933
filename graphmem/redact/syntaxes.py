"""Fixed syntaxes that make a value a credential: tools' own password flags, commands that store
a secret, SQL, .pgpass, sasl_passwd, Oracle connect strings, Redis ACLs, and values named by an
attribute or entry beside them (XML, plist, Kubernetes and ECS env lists)."""

from __future__ import annotations

from graphmem import patterns
from graphmem.redact.keys import _find_keypair_bytes, _find_wallet_keys, _find_xml_rsa_key
from graphmem.redact.names import _SESSION_NAME, _secret_kind
from graphmem.redact.prose import _made
from graphmem.redact.rule import _MARKER, _Finder, _Found, _line_start, _Rule, _rule, _WordRule
from graphmem.redact.values import (
    _is_placeholder,
    _looks_credential,
    _looks_generated,
    _looks_random,
    _placeholder_login,
    _user_beside,
    _wordy,
)

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re


def _find_user_colon_secret(m: re.Match[str]) -> _Found:
    """A value that is `user:password` (the password is replaced) or a token alone (replaced
    when it looks generated): Bundler's BUNDLE_<HOST>, HTTPie's -a."""
    value = m.group("v")
    if _is_placeholder(value) or value.startswith(("$", "`")):
        return None
    user, colon, password = value.partition(":")
    if not colon:
        return ("secret", m.start("v"), m.end("v")) if _looks_generated(value) else None
    if password.startswith("$") or _placeholder_login(user, password):
        return None
    return "password", m.start("v") + len(user) + 1, m.end("v")


def _literal(kind: str) -> _Finder:
    """Finder for a value a syntax makes a credential (`sshpass -p`, `IDENTIFIED BY`): the first
    value group that matched, unless it is a placeholder or a variable."""

    def find(m: re.Match[str]) -> _Found:
        groups = m.groupdict()
        group = next(g for g in ("dq", "sq", "v") if groups.get(g) is not None)
        value = m.group(group)
        if _is_placeholder(value.rstrip("`,.;)")) or value.startswith(("$", "`")):
            return None  # `--body …`, in Markdown: an example, not a value
        if groups.get("user") and _placeholder_login(m.group("user"), value):
            return None  # `scott/tiger@`: a published login
        shown = m.start(group) + len(value.rstrip("`,.;)"))  # as Markdown quotes it
        if kind == "password" and _user_beside(m.string, m.start(group), shown):
            return None  # a throwaway login: mysql's `-u root -proot`
        return kind, m.start(group), m.end(group)

    return find


_ARGUMENT = r"\"[^\"\n]{0,512}\"|'[^'\n]{0,512}'|[^\s\"']{1,512}"


def _find_htpasswd_password(m: re.Match[str]) -> _Found:
    """`htpasswd -b [-c -B -C 12 …] FILE USER PASSWORD`, or with -n no FILE: the flags, apart or
    together, decide which argument the password is."""
    flags = ""
    positional: list[re.Match[str]] = []
    arguments = list(patterns.finditer(_ARGUMENT, m.group()[8:]))
    for i, arg in enumerate(arguments):
        word = arg.group()
        if word.startswith("-") and not positional:
            flags += word[1:]
        elif not (word.isdigit() and arguments[i - 1].group() in ("-C", "-r")):
            positional.append(arg)  # not -C's cost, -r's rounds
    at = 1 if "n" in flags else 2
    if "b" not in flags or len(positional) <= at:
        return None
    arg = positional[at]
    start, end = m.start() + 8 + arg.start(), m.start() + 8 + arg.end()
    if arg.group()[0] in "\"'":
        start, end = start + 1, end - 1
    value = m.string[start:end]
    if not value or _is_placeholder(value) or value.startswith(("$", "`")):
        return None
    return "password", start, end


def _find_dsn_password(m: re.Match[str]) -> _Found:
    """Go's MySQL DSN, `user:password@tcp(host:3306)/db`: the password is before the trigger."""
    text, end = m.string, m.start()
    start = end
    while start > 0 and end - start < 300 and text[start - 1] not in " \t\r\n\"'`=/()@":
        start -= 1
    user, colon, password = text[start:end].partition(":")
    if not colon or not user or "%" in password or _placeholder_login(user, password):
        return None  # `%s:%s@tcp(%s)`: a format string
    return "password", end - len(password), end


def _find_user_password(m: re.Match[str]) -> _Found:
    """`curl -u user:password`; in `docker run -u 1000:1000` or `-u app:app` a user and a group.
    An API key given as the user, with an empty or a dummy password (`-u KEY:X`), is the key."""
    user, password = m.group("user"), m.group("v")
    if password.startswith("//"):
        return None  # `redis-cli -u redis://host:6379`: a URL, whose password the URL rule finds
    if (not password or password == "_" or _is_placeholder(password)) and _looks_random(user):
        return "secret", m.start("user"), m.end("user")  # `-u TOKEN:X`: the user is the key
    if user.startswith("$") or _placeholder_login(user, password):
        return None
    if password.isdigit() and (user.isdigit() or not user):
        return None
    return "password", m.start("v"), m.end("v")


def _find_prompt_answer(m: re.Match[str]) -> _Found:
    """The answer a script sends to a password prompt it waited for (expect's `expect
    "password:"` then `send "…\\r"`, pexpect's `expect('Password:')` then `sendline('…')`): the
    answer, unless a variable or a placeholder."""
    text = m.string
    before = text[max(0, m.start() - 200) : m.start()]
    if not patterns.search(_PASSWORD_PROMPT, before):
        return None
    value = m.group("v")
    if not value or value[0] in "$[{%" or _is_placeholder(value):
        return None  # `send "$pw\r"`: Tcl's variable, `[exec …]`: a command's output
    return "password", m.start("v"), m.end("v")


# A wait for a password prompt, on one of the lines above the answer (`expect "assword:"`,
# `child.expect('Password:')`, `expect -re "(P|p)assword"`).
_PASSWORD_PROMPT = (
    r"(?i)expect(?:_exact)?\b[^\n]{0,60}(?:assword|passphrase|passcode|\bpin\b)[^\n]{0,40}\n"
    r"(?:(?![^\n]*(?:expect|send))[^\n]*\n){0,2}[^\n]{0,40}$"  # the first answer after it
)


def _find_config_user_password(m: re.Match[str]) -> _Found:
    """`user = "name:password"` as curl's config file writes `--user`: a password that looks
    made, not a word (`user = root:wheel` elsewhere is an owner and a group)."""
    value = m.group("v")
    made = len(value) >= 8 and not patterns.fullmatch(r"[a-z][a-z0-9_.-]*|\d+", value)
    return _find_user_password(m) if made else None


def _find_proxy_or_ab_user(m: re.Match[str]) -> _Found:
    """`--proxy-user` anywhere; `-A`/`-P` only in an `ab` command (elsewhere `-A` is curl's
    user agent, ssh's agent forwarding)."""
    if m.group().startswith("--"):
        return _find_user_password(m)
    before = m.string[_line_start(m.string, m.start()) : m.start()]
    return _find_user_password(m) if patterns.search(r"(?:^|[\s;|&(>$])ab[ \t]", before) else None


def _find_auth_directive(m: re.Match[str]) -> _Found:
    """Only as a directive: at most two words (`stats`, `http-request`) before it on its line."""
    before = m.string[_line_start(m.string, m.start()) : m.start()]
    return (
        _find_user_password(m)
        if patterns.fullmatch(r"[ \t]*(?:[\w-]+[ \t]+){0,2}", before)
        else None
    )


def _find_httpie_auth(m: re.Match[str]) -> _Found:
    """After `http`, `https`, `xh` or `xhs` earlier on the line (the flag is the rarer trigger)."""
    before = m.string[_line_start(m.string, m.start()) : m.start()]
    if patterns.search(r"(?:^|[\s;|&(])(?:https?|xhs?)[ \t]", before) is None:
        return None
    return _find_user_colon_secret(m)


def _find_generated_value(m: re.Match[str]) -> _Found:
    value = m.group("v")
    if _is_placeholder(value) or not _looks_generated(value):
        return None
    return "secret", m.start("v"), m.end("v")


def _find_snmp_user(m: re.Match[str]) -> _Found:
    spans = [
        ("password", m.start(g), m.end(g))
        for g in ("a", "p")
        if m.group(g) is not None and not _is_placeholder(m.group(g))
    ]
    return spans or None


def _find_pgpass(m: re.Match[str]) -> _Found:
    """`host:port:database:user:password` (.pgpass): the host before the trigger starts the line
    or follows a space or quote."""
    text, start = m.string, m.start()
    host = start
    while (
        host > 0 and start - host <= 253 and (text[host - 1].isalnum() or text[host - 1] in "*.-_")
    ):
        host -= 1
    if host == start or (host > 0 and text[host - 1] not in " \t\r\n\"'"):
        return None
    if m.group("v") == "*" or _placeholder_login(m.group("user"), m.group("v")):  # `*`: a template
        return None
    return "password", m.start("v"), m.end("v")


_HOST_PORT_LOGIN = r":\d{1,5}:(?P<user>[^\s:\"'`]{1,64}):(?P<v>[^\s\"'`:]{6,256})(?=[\s\"'`]|$)"


def _find_host_port_login(m: re.Match[str]) -> _Found:
    """`host:port:user:password`, as proxy lists, kdb+'s handles (`` `:host:5010:user:pw ``) and
    other tools write a login: the password, when it looks made or generated. The host before the
    trigger starts the line or follows a blank, a quote, `=` or q's `` `: ``."""
    text, start = m.string, m.start()
    host = start
    while (
        host > 0 and start - host <= 253 and (text[host - 1].isalnum() or text[host - 1] in ".-_")
    ):
        host -= 1
    if host == start or (host > 0 and text[host - 1] not in " \t\r\n\"'`=(:"):
        return None
    if text[host - 1 : host] == ":" and text[host - 2 : host - 1] != "`":
        return None  # a longer run of colons: a time, an IPv6 address, a pgpass line's tail
    user, value = m.group("user"), m.group("v")
    if user.isdigit() or not (_looks_generated(value) or _made(value)):
        return None
    if _placeholder_login(user, value):
        return None
    return "password", m.start("v"), m.end("v")


def _find_dsn_pairs_password(m: re.Match[str]) -> _Found:
    """Percona Toolkit's DSN (`h=host,u=user,p=password,D=db`): one-letter keys joined by commas,
    `p` after `u` the password."""
    before = m.string[_line_start(m.string, m.start(), 300) : m.start()]
    if not patterns.search(r"(?:^|[\s\"'])(?:[A-Za-z]=[^\s,=]{0,256},)*u=[^\s,=]{1,256}$", before):
        return None
    value = m.group("v")
    if _is_placeholder(value) or value.startswith(("$", "`")):
        return None
    return "password", m.start("v"), m.end("v")


# A typed declaration's initialiser and its literal: PL/I's `DCL NAME CHAR(32) INIT('…')`, RPG's
# `D name S 64A inz('…')`, COBOL's `01 NAME PIC X(20) VALUE '…'` (sought at its picture: `value`
# is a word of every text).
_DECLARED = (
    r"(?i)[ \t](?:(?:inz|init(?:ial)?)[ \t]*\([ \t]*|x\(\d{1,5}\)[ \t]+value(?:[ \t]+is)?[ \t]+"
    r"|initial[ \t]+|(?P<call>c?string)\()"  # ABL's `INITIAL "…"`, Clarion's `STRING('…')`
    r"(?:'(?P<sq>[^'\n]{1,512})'|\"(?P<dq>[^\"\n]{1,512})\")"
)
_TYPE_WORD = r"[\w()*,.-]{1,16}"  # `S`, `64A`, `CHAR(32)`, `PIC`, `X(20)`, `STATIC`


def _find_declared(m: re.Match[str]) -> _Found:
    """The literal a typed declaration gives a secret's name: the name is one of the four words
    before the initialiser on its line (the type's words between), the nearest that names a
    secret, and judges the literal as its value; the word just before a type that holds the
    literal (Clarion's `SmtpPassword STRING('…')`)."""
    text = m.string
    words = text[_line_start(text, m.start(), 200) : m.start()].split()
    if m.group("call") is not None:  # the type holds the literal: the name is the word before
        words = words[-1:]
    for back in range(1 if m.group("call") else 2, min(5, len(words)) + 1):
        if not all(patterns.fullmatch(_TYPE_WORD, w) for w in words[1 - back :]):
            return None  # not a type's words between: `… key has the value '…'` in prose
        kind = _secret_kind(words[-back], m.group("sq") or m.group("dq") or "")
        if kind is not None:
            group = "sq" if m.group("sq") is not None else "dq"
            return kind, m.start(group), m.end(group)
    return None


# A registry value's data, after its type or its data's flag, in any tool that writes one:
# AutoIt's `RegWrite(key, "Name", "REG_SZ", "…")`, winreg's `SetValueEx(k, "Name", 0, REG_SZ,
# "…")`, reg.exe's `/v Name /t REG_SZ /d "…"`, PowerShell's `-Name Name … -Value "…"`, Inno
# Setup's `ValueName: "Name"; ValueData: "…"`. The value's name is given before, on its line.
_REGISTRY_DATA = (
    r"(?i)(?:reg_(?:expand_)?sz[\"']?[ \t]*,[ \t]*|/d[ \t]+|-value[ \t]+|valuedata:[ \t]*)"
    r"(?:\"(?P<dq>[^\"\n]{1,256})\"|'(?P<sq>[^'\n]{1,256})'|(?P<bare>[^\s\"';,)]{1,256}))"
)
_REGISTRY_SECRET_WORDS = ("pass", "pw", "key", "secret", "token", "auth", "cred")
_REGISTRY_NAME = r"""(?i)(?:/v|-name)[ \t]+["']?([\w.-]{1,64})|["']([\w .-]{1,64})["']"""


def _find_registry_data(m: re.Match[str]) -> _Found:
    """A registry value's data, judged as the value of the name given last before it on its
    line (a quoted name, or one after `/v` or `-Name`): `DefaultPassword`'s is a password."""
    text = m.string
    before = text[_line_start(text, m.start(), 160) : m.start()]
    lowered = before[-100:].lower()
    if not any(word in lowered for word in _REGISTRY_SECRET_WORDS):
        return None  # no name of a secret near: most data (`-Value 1`) ends here, unscanned
    names = patterns.findall(_REGISTRY_NAME, before)
    if not names:
        return None
    name = names[-1][0] or names[-1][1]
    group = m.lastgroup or "bare"
    kind = _secret_kind(name, m.group(group))
    return None if kind is None else (kind, m.start(group), m.end(group))


def _find_forth_constant(m: re.Match[str]) -> _Found:
    """Forth's `S" …" 2CONSTANT NAME` (and `2VALUE`): the literal before the defining word,
    named by the word after it, which judges it as its value."""
    text = m.string
    line_start = _line_start(text, m.start(), 600)
    literal = patterns.search(_FORTH_LITERAL, text[line_start : m.start()])
    if literal is None:
        return None
    kind = _secret_kind(m.group("name"), literal.group("v"))
    return (
        None
        if kind is None
        else (kind, line_start + literal.start("v"), line_start + literal.end("v"))
    )


_FORTH_LITERAL = r"""(?:^|\s)[SCZsz.]?"[ \t](?P<v>[^"\n]{1,512})"[ \t]+2?$"""


def _find_subcommand_token(m: re.Match[str]) -> _Found:
    """A token given to a tool's sign-in subcommand, last on its command line (`wandb login
    <key>`, `ipinfo init <token>`, `snyk auth <uuid>`): when generated, not a project's name or
    a shell's (`git init project2024b`, `conda init bash`), a path, a URL or a host."""
    text, value = m.string, m.group("v")
    before = text[_line_start(text, m.start(), 200) : m.start()]
    if not patterns.fullmatch(_SUBCOMMAND_BEFORE, before):
        return None  # not a command line's start: `… the login page2024x …` in a sentence
    if not _looks_generated(value) or not (
        len(patterns.findall(r"\d+", value)) >= 2 or _looks_random(value)
    ):
        return None  # one number in words: a name (`project2024b`), not a generator's run
    return "secret", m.start("v"), m.end("v")


# A prompt (or none), a tool's name, and at most one word more (`auth`, `config`) before it.
_SUBCOMMAND_BEFORE = (
    r"[ \t]*(?:[^\s$#%>][^\n$#%>]{0,80}?[$#%>][ \t]+|[$#%>][ \t]+)?"  # `PS C:\src> `, `me@h:~$ `
    r"[\w.-]{2,40}(?:[ \t]+[\w.-]{2,20})?[ \t]+"
)


def _find_relay_login(m: re.Match[str]) -> _Found:
    """Postfix sasl_passwd: `[smtp.host]:587 user:password`."""
    user, password = m.group("user"), m.group("v")
    if _is_placeholder(password) or not ("@" in user or any(c.isdigit() for c in password)):
        return None
    return "password", m.start("v"), m.end("v")


def _find_named_value(m: re.Match[str]) -> _Found:
    """A value whose name is given beside it: `<add key="ApiSecret" value="…"/>`, Kubernetes and
    ECS environment entries (`name: DB_PASSWORD` then `value: …`), a HAR file's cookies."""
    group = "v" if m.group("v") is not None else "t"
    name, value = m.group("name"), m.group(group)
    kind = _secret_kind(name, value)
    if kind is None and patterns.search(_SESSION_NAME, name) and _looks_credential(value):
        kind = "session"  # {"name": "PHPSESSID", "value": "…"}
    return None if kind is None else (kind, m.start(group), m.end(group))


_QUOTED_VALUE = r"""(?:"(?P<dq>[^"\n]{1,512})"|'(?P<sq>[^'\n]{1,512})'"""  # open: more may follow
_SECRET_VALUE_FLAG = r"(?:--(?:body|value|data|secret-string|secret-value)(?![\w-])|-b)"


def _find_herestring_secret(m: re.Match[str]) -> _Found:
    line = m.string[_line_start(m.string, m.start()) : m.start()]
    line = _MARKER.sub("", line)  # a marker's kind (`[REDACTED:password]`) is no command
    return None if patterns.search(_STORES_SECRET, line) is None else _literal("password")(m)


def _find_piped_secret(m: re.Match[str]) -> _Found:
    """`echo VALUE | a command that stores it`, or `echo VALUE` as the command a tool runs to get
    its password (`password_cmd`, `PassCmd`, `passwordeval`, `--ldap_password_cmd=`)."""
    rest = m.group("rest")
    if rest is not None:  # a comment is no command: `| graphmem add -  # from stdin`
        rest = patterns.sub(r"(?:^|[ \t])#[^\n]*", "", rest)
    if rest is not None and patterns.search(_STORES_SECRET, _MARKER.sub("", rest)):
        return _literal("password")(m)
    before = m.string[_line_start(m.string, m.start(), 120) : m.start()]
    return _literal("password")(m) if patterns.search(_PASSWORD_COMMAND, before) else None


# A name for the command a tool runs to get a secret, and what stands between it and the command.
_PASSWORD_COMMAND = (
    r"(?i)(?:pass(?:word|wd)?|secret|token|cred(?:ential)?s?|auth)[_-]?(?:cmd|command|eval|exec)"
    r"[\"']?[ \t]*(?:[=:][ \t]*)?[\"']?$"
)


_STORES_SECRET = (  # and what reads a password from its input: `sudo -S`, kinit, LUKS, ZFS
    r"(?i)secret|passw|passphrase|stdin|login|token|vault|keyring|credential"
    r"|\bsudo(?:[ \t]+-[A-Za-z]{1,6}){0,8}[ \t]+-[A-Za-z]{0,5}S|\bkinit\b|cryptsetup|load-key"
)


def _cli_password(tool: str, flag: str, *triggers: str, glued: bool = False) -> _Rule:
    """A tool whose `flag` takes a password, later on the same command line. Glued (`-pVALUE`)
    where a bare flag prompts (mysql); otherwise apart, and not a number (`-p 2222` is a port
    in a `login` line that also names ssh)."""
    if glued:
        value = _QUOTED_VALUE + r"|(?P<v>[^\s\"';|&]{1,256}))"
        after = flag
    else:
        value = _QUOTED_VALUE + r"|(?P<v>[^\s\"';|&-][^\s\"';|&]{0,255}))"
        after = flag + r"(?:[ \t]+|=)"
    return _rule(
        rf"(?<![\w-])(?:{tool})(?:[ \t]+(?!{flag}(?:[ \t=]|$)){'(?!' + flag + ')' if glued else ''}"
        rf"[^\s;|&]{{1,256}}){{0,16}}[ \t]+{after}" + value,
        _literal("password") if glued else _not_a_number(_literal("password")),
        *triggers,
    )


# Four capitalised words or more and a small number, written apart (`Orchid Echo Zinnia Anchor 22`):
# a passphrase a generator or a person made, not a title (whose number is a year or leads it).
_SPACED_PASSPHRASE = (
    r"(?:[A-Z][a-z]{2,9} ){4,8}\d{1,3}|(?:[A-Z][a-z]{2,9} ){3,8}[A-Z][a-z]{2,9}\d{1,3}"
)


def _find_quoted_short_p(m: re.Match[str]) -> _Found:
    """Any tool's `-p` with a quoted value (`-p'…'`, `-p "…"`): mysql's, sshpass', git-secret's,
    transcrypt's and many more tools' password, but a port, a path, a prompt or a patch in others
    (`docker run -p '8080:80'`, `mkdir -p 'Q3 reports'`, `read -p 'Name: '`, `kubectl patch -p
    '{…}'`): only a value that looks made (as in a sentence: `_made`) or a spaced passphrase."""
    value = m.group("dq") if m.group("dq") is not None else m.group("sq")
    if not (patterns.fullmatch(_SPACED_PASSPHRASE, value) or (" " not in value and _made(value))):
        return None
    return _literal("password")(m)


def _find_named_flag_value(m: re.Match[str]) -> _Found:
    group = next(g for g in ("dq", "sq", "v") if m.group(g) is not None)
    name = m.group("name").rsplit("/", 1)[-1]  # an SSM parameter's path: its last part
    kind = _secret_kind(name, m.group(group))
    return None if kind is None else (kind, m.start(group), m.end(group))


# What is compared: a name, a member (`cfg.WebhookSecret`), a subscript or a getter's key
# (`headers["x-api-key"]`, `params[:token]`, `.get("X-Admin-Token")`), last before the operator.
_COMPARED = (
    r"(?:\[[ \t]*:?[\"']?|\([ \t]*[\"'])?(?P<name>[A-Za-z_][\w-]{0,80})"
    r"(?:[\"']?[ \t]*\]|[\"'][ \t]*\))?[ \t]*$"
)


def _find_compared_literal(m: re.Match[str]) -> _Found:
    """A literal compared with what a secret's name holds: the secret, judged as the name judges
    its own value (`if password == ""`, `token_type == "Bearer"`, a placeholder: none)."""
    before = m.string[max(_line_start(m.string, m.start(), 200), m.start() - 200) : m.start()]
    named = patterns.search(_COMPARED, before)
    if named is None or before[: named.start()].rstrip().endswith("typeof"):
        return None  # `typeof apiKey === 'string'`: its type, not its value
    value = m.group("v")
    if not (_looks_generated(value) or _made(value)):
        return None  # `user_pass == "git"`, `tags["shared_key"] == "child_value"`: a test's
    kind = _secret_kind(named.group("name").replace("-", "_"), value)
    return None if kind is None else (kind, m.start("v"), m.end("v"))


def _find_user_then_password(m: re.Match[str]) -> _Found:
    line = m.string[_line_start(m.string, m.start()) : m.start()]
    if patterns.search(_MYSQL_CLIENT, line):  # `mysql -u root -p shop`: -p prompts, shop is a db
        return None
    return _not_a_number(_literal("password"))(m)


# MySQL's and MariaDB's own clients, as the command (not a host named `mysql-legacy`), whose `-p`
# apart from its value prompts: the next word is a database.
_MYSQL_CLIENT = (
    r"(?i)(?:^|[\s;|&/\"'])(?:mysql|mariadb)(?:dump|admin|check|import|show|slap|-dump)?"
    r"(?:\.exe)?(?=[ \t])"
)


# A command that adds or registers an account (`filebrowser users add NAME PW`, `mc admin user
# add ALIAS NAME PW`, `prosodyctl register NAME HOST PW`), or is given the administrator's
# (`install admin PW`): the arguments after it, up to six, flags between them.
_ACCOUNT_VERBS = (
    *("users add", "user add", "users create", "user create", "account add", "account create"),
    *("adduser ", "add-user ", "add_user ", "createuser ", "create-user ", "register "),
    *("install admin ", "install root ", "setup admin ", "init admin "),
)
_ACCOUNT_COMMAND = (
    r"(?i)(?<![\w-])(?:(?:users?|account)[ \t]{1,8}(?:add|create)|add[-_]?user|create[-_]?user"
    r"|register|(?:install|setup|init)(?=[ \t]{1,8}(?:admin|root)[ \t]))"
    r"(?P<args>(?:[ \t]{1,8}(?:\"[^\"\n]{1,256}\"|'[^'\n]{1,256}'|[^\s\"';|&]{1,256})){2,6})"
)
_ARG = r"\"(?P<dq>[^\"\n]{1,256})\"|'(?P<sq>[^'\n]{1,256})'|(?P<v>[^\s\"';|&]{1,256})"


def _find_account_password(m: re.Match[str]) -> _Found:
    """The first argument after the account's that is made (see `_made`: a generator's run, a
    passphrase, a word run into a number), not a flag's value, a host, an e-mail, a path: the
    account's password. The account is the first argument that is no flag, URL or host."""
    start = m.start("args")
    args = list(patterns.finditer(_ARG, m.group("args")))
    account = False
    flag = False
    for arg in args:
        group = next(g for g in ("dq", "sq", "v") if arg.group(g) is not None)
        value = arg.group(group)
        if value.startswith("-"):
            flag = "=" not in value  # `--role admin`: its value next
            continue
        if flag:
            flag = False
            continue
        if not account:
            account = "://" not in value
            continue
        if _account_made("", value):
            return "password", start + arg.start(group), start + arg.end(group)
    return None


# `user:password` as one word: a credentials file's line (Deluge's `auth`: `name:pw:level`,
# chpasswd's input) or a short flag's argument (`transmission-remote -n 'user:pw'`).
_ACCOUNT_PAIR = (
    r"(?<!\S)(?P<q>[\"']?)(?P<user>[A-Za-z_][\w.@-]{0,63}):(?P<v>[^\s:\"'`/]{6,128})"
    r"(?::\d{1,3})?(?P=q)(?=\s|$)"
)


def _find_account_pair(m: re.Match[str]) -> _Found:
    """A login written `user:password` (see `_ACCOUNT_PAIR`): the password, when made."""
    user, value, text = m.group("user"), m.group("v"), m.string
    before = text[_line_start(text, m.start(), 60) : m.start()]
    if before.strip():  # after a short flag, or alone on its line
        if not patterns.search(r"(?<![\w-])-[A-Za-z][ \t]{1,8}$", before):
            return None
    elif not patterns.compile(r"[ \t]*(?:\r?\n|$)").match(text, m.end()):
        return None  # a line's word with more after it: not a credentials file's line
    return None if not _account_made(user, value) else ("password", m.start("v"), m.end("v"))


def _account_made(user: str, value: str) -> bool:
    """Whether an account's value is its password: made (see `_made`), not a snake_case name
    (`gdk_pixbuf_xlib_2_info:gdk_pixbuf_xlib_2`, a table's), nor a symbol of a library's table
    (`FUNC:_ZNKSt9bad_alloc4whatEv@@GLIBCXX_3.4`: C++'s mangling, ELF's version), nor a
    placeholder login's."""
    return (
        _made(value)
        and not patterns.fullmatch(r"[a-z0-9_]+", value)
        and not patterns.search(r"^_Z|@@?[A-Z][A-Z0-9_]*[0-9._]*$", value)
        and not _placeholder_login(user, value)
    )


def _find_account_entries(m: re.Match[str]) -> _Found:
    """A section or a mapping of accounts (`[users]`, `users:`): its entries, `name = value` or
    `name: value`, up to the next section or a line less indented; each made value is a
    password (a hash, `$2y$…`, a reference or a setting's word is not made)."""
    text, found = m.string, []
    if text[_line_start(text, m.start(), 200) : m.start()].strip():
        return None  # not a line's start: `allowed users: …` in a sentence
    at = m.end()
    for _ in range(64):
        line = patterns.compile(
            r"(?P<indent>[ \t]{0,40})(?P<name>[\w.@-]{1,64})[ \t]{0,8}[:=][ \t]{0,8}(?P<q>[\"']?)"
            r"(?P<v>[^\s\"']{1,256})(?P=q)[ \t]{0,8}(?:\r?\n|$)"
        ).match(text, at)
        if line is None or (m.group().strip().endswith(":") and not line.group("indent")):
            break  # a section's end, or YAML's mapping's
        value = line.group("v")
        if (_account_made(line.group("name"), value) or _looks_generated(value)) and not (
            _placeholder_login(line.group("name"), value) or value[0] in "$%{"
        ):
            found.append(("password", line.start("v"), line.end("v")))
        at = line.end()
    return found or None


# A file printed (`cat`, `type`, `Get-Content`, `head`), then its contents on the next line: a
# private key's file name (`id_ed25519`, `privatekey`, `server.key`) makes a bare base64 line
# under it the key (WireGuard's, RustDesk's, an ed25519 seed).
_PRINTED_FILE = (
    r"(?i)(?<![\w-])(?:cat|type|get-content|gc|more|less|head|tail)(?:[ \t]{1,8}-[\w-]{1,20}){0,4}"
    r"[ \t]{1,8}[\"']?(?P<path>[^\s\"';|&]{1,256})[\"']?[ \t]{0,8}\r?\n"
    r"(?P<v>[A-Za-z0-9+/]{40,8000}={0,2})[ \t]{0,8}(?=\r?\n|$)"
)
_KEY_FILE = (
    r"(?i)(?:^|[/\\])(?:id_(?:rsa|dsa|ecdsa|ed25519)(?:_sk)?|[\w.-]*priv(?:ate)?[-_]?key[\w.-]*"
    r"|privkey[\w.-]*|[\w.-]+\.key)$"
)


def _find_printed_key(m: re.Match[str]) -> _Found:
    """The line printed under a private key's file name, when generated (see `_PRINTED_FILE`)."""
    if patterns.search(_KEY_FILE, m.group("path")) is None or not _looks_generated(m.group("v")):
        return None  # `cat id_ed25519.pub`, `cat notes.txt`: another file's contents
    return "private_key", m.start("v"), m.end("v")


def _find_unquoted_short_p(m: re.Match[str]) -> _Found:
    """Any tool's `-p` followed by a run a generator made, unquoted (`mydumper … -p <random>`,
    `rabbitmqadmin -p <random>`): letters of both cases and digits, no word in it. Not a
    port, a path, a plugin or a project's name (`-p no:cacheprovider`, `-p MyProject2`), nor
    after MySQL's own client, whose `-p` apart prompts."""
    value = m.group("v")
    if not (
        patterns.search("[a-z]", value)
        and patterns.search("[A-Z]", value)
        and patterns.search("[0-9]", value)
        and _looks_random(value)
        and not _wordy(value)
    ):
        return None
    line = m.string[_line_start(m.string, m.start()) : m.start()]
    return None if patterns.search(_MYSQL_CLIENT, line) else ("password", m.start("v"), m.end("v"))


def _not_a_number(find: _Finder) -> _Finder:
    def not_number(m: re.Match[str]) -> _Found:
        found = find(m)
        if isinstance(found, tuple) and patterns.fullmatch(
            r"[\d.:/-]+", m.string[found[1] : found[2]]
        ):
            return None  # a port, or a port mapping (docker run -u app -p 8080:80)
        return found

    return not_number


# Tools whose password flag is not `--password` (which the assignment rule reads everywhere).
_CLI_PASSWORD_RULES = (
    _cli_password("mysql[a-z]{0,6}", "-p", "mysql", glued=True),  # mysqldump, mysqladmin …
    _cli_password(  # and their benchmarks, and Redis's forks'
        "(?:redis|valkey|keydb)-(?:cli|benchmark)|memtier_benchmark",
        "-a",
        "redis-",
        "valkey-",
        "keydb-",
        "memtier_",
    ),
    _cli_password("vsce|ovsx", "-p", "vsce", "ovsx"),  # extension marketplaces' tokens
    _cli_password("sqlcmd|bcp", "-P", "sqlcmd", "bcp"),
    _cli_password("ldap[a-z]{2,12}", "-w", "ldap"),
    _cli_password("mosquitto_[a-z]{2,4}", "-P", "mosquitto_"),
    _cli_password("mongo(?:sh|dump|restore|import|export)?", "-p", "mongo"),
    _cli_password("login", "-p", "login"),  # docker, podman, oc, cf, az … login -p
    _cli_password("auth", "-t", "auth"),  # glab auth login -t, doctl auth init -t
    _cli_password("psexec", "-p", "psexec"),
    _cli_password("schtasks", "/RP", "schtasks"),
    _cli_password("ssh-keygen", "-[NP]", "ssh-keygen"),
    _cli_password("zip|unzip", "-P", "zip", "unzip"),
    _cli_password(  # 7-Zip and RAR, as `7z.exe` from PowerShell's `& '…\\7z.exe'` too; RAR's -hp
        r"(?:7z[arz]?|(?:un)?rar)(?:\.exe)?[\"']?", "-h?p", "7z", "rar", "unrar", glued=True
    ),
    _cli_password("cqlsh", "-p", "cqlsh"),
    _cli_password("security", "-w", "security"),  # macOS keychain: add-*-password -w
    _cli_password("ncftp[a-z]{0,4}", "-p", "ncftp"),
    _cli_password("openssl", "-k", "openssl"),
    _cli_password("snmp[a-z]{2,12}", "-A", "snmp"),  # SNMPv3 auth and privacy passphrases
    _cli_password("snmp[a-z]{2,12}", "-X", "snmp"),
    _rule(  # any tool: -u USER, then -p PASSWORD a few arguments on (mysql's bare -p prompts)
        r"-([uU])[ \t]+[^\s-][^\s;|&]{0,255}(?:[ \t]+(?!-[pP](?:[ \t]|$))[^\s;|&]{1,256}){0,4}"
        r"[ \t]+-(?:p|P)[ \t]+" + _QUOTED_VALUE + r"|(?P<v>[^\s\"';|&-][^\s\"';|&]{0,255}))",
        _find_user_then_password,
        "-u ",
        "-U ",
    ),
)


def _find_session_pass(m: re.Match[str]) -> _Found:
    """Only in a session that sent its `USER` (not Jest's `PASS src/app.test.js`)."""
    before = m.string[max(0, m.start() - 300) : m.start()]
    if patterns.search(r"(?m)^USER[ \t]+\S", before) is None:
        return None
    return _literal("password")(m)


def _find_imap_login(m: re.Match[str]) -> _Found:
    """After a command tag alone (`a1`, `A001`) at the start of the line."""
    before = m.string[_line_start(m.string, m.start()) : m.start()]
    return _literal("password")(m) if patterns.fullmatch(r"[\w.]{1,12}", before) else None


def _find_acl_password(m: re.Match[str]) -> _Found:
    """Redis ACL: `user NAME … >password` in an ACL file or after `ACL SETUSER`."""
    before = m.string[_line_start(m.string, m.start(), 200) : m.start()]
    if m.group()[0] != "\n" and patterns.search(r"(?i)acl[ \t]+$", before) is None:
        return None  # `setuser` without ACL before it
    if (
        patterns.search(
            r"[ \t](?:on|off|nopass|reset\w*|all\w+|~\S*|[+-]@?\w+)(?=[ \t])", m.group()
        )
        is None
    ):
        return None  # no ACL rule beside it: `user = expected >> 6`
    value = m.group("v")
    return None if _is_placeholder(value) else ("password", m.start("v"), m.end("v"))


_password_literal = _literal("password")


def _find_identified_by(m: re.Match[str]) -> _Found:
    """SQL's `IDENTIFIED BY 'pw'`, upper-case, or in a statement that names a user, a role or a
    link first (`create user scott identified by tiger`): prose says "identified by 'name'"."""
    if not m.group().startswith("IDENTIFIED"):
        before = m.string[_line_start(m.string, m.start(), 200) : m.start()]
        if patterns.search(r"(?i)\b(?:user|role|link|grant|connect)\b", before) is None:
            return None
    return _password_literal(m)


_OTHER_RULES: tuple[_Rule | _WordRule, ...] = (
    _Rule(  # Redis ACL rules: `>` adds a password to the user (an ACL file's line, ACL SETUSER)
        r"(?:\n[ \t]*|set)user[ \t]+[\w.@-]{1,64}(?:[ \t]+[^\s>]{1,200}){0,30}?[ \t]+"
        r">(?P<v>[^\s>]{1,256})",
        _find_acl_password,
        ("\nuser ", "setuser "),
        fold=True,
    ),
    _Rule(  # MySQL/Oracle: IDENTIFIED [WITH plugin] BY 'password'
        r"identified(?:[ \t]+with[ \t]+[\"'`]?[\w$]{1,64}[\"'`]?)?[ \t]+by[ \t]+"
        + _QUOTED_VALUE
        + r"|(?!values\b)(?P<v>[A-Za-z0-9_$#]{1,128}))",
        _find_identified_by,
        ("identified",),
        fold=True,
    ),
    _Rule(
        r"convertto-securestring[ \t]+(?:-string[ \t]+)?" + _QUOTED_VALUE + ")",
        _literal("password"),
        ("convertto-securestring",),
        fold=True,
    ),
    _rule(
        r"sshpass(?:[ \t]+-[A-Za-oq-z]\S{0,256}){0,8}[ \t]+-p[ \t]*"
        + _QUOTED_VALUE
        + r"|(?P<v>[^\s\"']{1,256}))",
        _literal("password"),
        "sshpass",
    ),
    _rule(  # Bundler's credentials by host: BUNDLE_RUBYGEMS__PKG__GITHUB__COM=user:token
        r"BUNDLE_(?:[A-Z0-9-]+__)+[A-Z0-9-]+[\"']?[ \t]*[:=][ \t]*[\"']?(?P<v>[^\s\"']{1,512})",
        _find_user_colon_secret,
        "BUNDLE_",
    ),
    _rule(  # HTTPie: -a user:password, or a token with -A bearer
        r"(?:-a|--auth)(?:[ \t]+|=)[\"']?(?P<v>[^\s\"']{1,512})",
        _find_httpie_auth,
        "-a ",
        "-a=",
        "--auth ",
        "--auth=",
    ),
    _rule(  # `auth user:password` directives: HAProxy's `stats auth`, `http-request auth`
        r"(?<![\w-])auth[ \t]+(?P<user>[\w.@-]{1,64}):(?P<v>[^\s\"']{1,256})(?=[ \t]*(?:\r?\n|$))",
        _find_auth_directive,
        "auth ",
    ),
    _Rule(  # wallets: 0x and 64 hex digits in an account list or given to a wallet
        r"accounts[\"']?[ \t]*:[ \t]*\[(?P<list>[^\]]{1,4000})\]"
        r"|(?:wallet|privatekeytoaccount|fromprivatekey)\([ \t]*"
        r"[\"'`](?P<v>(?:0x)?[0-9a-f]{64})[\"'`]",
        _find_wallet_keys,
        ("accounts", "wallet(", "privatekeytoaccount(", "fromprivatekey("),
        fold=True,
    ),
    _rule(  # a keypair written as its 64 bytes: Solana's id.json, Keypair.fromSecretKey([…])
        r"\[(?P<v>(?:\d{1,3}\s{0,4},\s{0,4}){63}\d{1,3})\s{0,4},?\s{0,4}\]",
        _find_keypair_bytes,
        *(f"[{digit}" for digit in range(10)),
    ),
    _rule(  # Vault (and OpenBao): `vault login TOKEN`, but not `vault login -method=… user=…`
        r"(?<![\w-])(?:vault|bao)[ \t]+login(?:[ \t]+-[\w-]{1,40}(?:=\S{1,256})?){0,8}[ \t]+"
        r"(?P<v>[^\s=-][^\s=]{7,255})(?=[ \t]*(?:\r?\n|$|[;|&]))",
        _find_generated_value,
        "vault",
        "bao",
    ),
    _rule(  # Twilio's clients: the auth token after the account SID
        r"AC[0-9a-f]{32}([\"'])[ \t]*,[ \t]*([\"'])(?P<v>[0-9a-f]{32})\2",
        _find_generated_value,
        "AC",
    ),
    _rule(  # net-snmp's snmpd.conf: createUser NAME SHA AUTHPASS [AES PRIVPASS]
        r"createUser[ \t]+(?:-e[ \t]+\S{1,64}[ \t]+)?\S{1,64}[ \t]+(?:MD5|SHA[\w-]{0,8})[ \t]+"
        r"(?P<a>[^\s\"']{1,256})(?:[ \t]+(?:DES|AES[\w-]{0,8})[ \t]+(?P<p>[^\s\"']{1,256}))?",
        _find_snmp_user,
        "createUser ",
    ),
    _rule(  # curl, wget, httpie: -u / --user user:password
        r"(?<![\w-])(?:-u|--user|-auth|--auth)(?:[ \t]+|=)[\"']?"
        r"(?P<user>[^\s:\"'@]{0,256}):[\"']?(?P<v>[^\s\"']{0,256})",  # `user:'p…'`: shell quoting
        _find_user_password,
        "-u ",
        "-u=",
        "--user",
        "-auth",  # jenkins-cli -auth, httpie --auth
    ),
    _rule(  # expect's and pexpect's answer to a password prompt
        r"send(?:line)?(?:[ \t]+--)?[ \t]*\(?[ \t]*[bru]?([\"'])(?P<v>[^\"'\\\n]{1,256})"
        r"(?:\\[rn])*\1",
        _find_prompt_answer,
        "send",
    ),
    _rule(  # curl's config file (.curlrc, `curl -K`): its flags' long names without dashes
        r"\n(?:proxy-)?user(?:[ \t]*=[ \t]*|[ \t]+)[\"']?"
        r"(?P<user>[^\s:\"'@]{1,256}):(?P<v>[^\s\"']{1,256})",
        _find_config_user_password,
        *("\nuser =", "\nuser=", '\nuser "', "\nuser '"),  # `user name:pw` bare: too common
        *("\nproxy-user =", "\nproxy-user=", '\nproxy-user "', "\nproxy-user "),
    ),
    _rule(  # curl's --proxy-user, ApacheBench's -A and -P (its proxy's): user, colon, password
        r"(?<![\w-])(?:--proxy-user|-A|-P)(?:[ \t]+|=)[\"']?"
        r"(?P<user>[^\s:\"'@]{1,256}):[\"']?(?P<v>[^\s\"']{1,256})",
        _find_proxy_or_ab_user,
        "--proxy-user",
        "-A ",
        "-P ",
    ),
    *_CLI_PASSWORD_RULES,
    _rule(  # any tool's `-p` (or `-P`: rspamc's, sqlcmd's), quoted: a password when it looks
        # made (see `_find_quoted_short_p`)
        r"(?<![\w-])-[pP](?:[ \t]+|=)?" + _QUOTED_VALUE + ")",
        _find_quoted_short_p,
        *("-p'", "-p '", '-p"', '-p "', "-P'", "-P '", '-P"', '-P "'),
    ),
    _Rule(  # an account, then its password, given to a command that adds or registers it
        _ACCOUNT_COMMAND,
        _find_account_password,
        _ACCOUNT_VERBS,
        fold=True,
    ),
    _WordRule(  # a login as one word, `user:password` (see `_find_account_pair`)
        _ACCOUNT_PAIR,
        _find_account_pair,
        r"(?m)^[\"']?[a-z_][\w.@-]{0,63}:[^\s:\"'`/]{6,128}(?::\d{1,3})?[\"']?$",
    ),
    _Rule(  # a section or a mapping of accounts: `[users]`, then `name = password` lines
        r"(?:\[(?:users|accounts|logins|credentials|passwords)\]|users:)[ \t]{0,8}\r?\n",
        _find_account_entries,
        ("[users]", "[accounts]", "[logins]", "[credentials]", "[passwords]", "users:"),
        fold=True,
    ),
    _Rule(  # a private key file's contents, printed by the command before them
        _PRINTED_FILE,
        _find_printed_key,
        ("cat ", "type ", "get-content ", "gc ", "more ", "less ", "head ", "tail "),
        fold=True,
        word=r"(?m)^[a-z0-9+/]{40,8000}={0,2}$",  # the contents: a line of base64 alone
    ),
    _Rule(  # any tool's `-p`, unquoted: a password when random (see `_find_unquoted_short_p`)
        r"(?<![\w-])-p[ \t]+(?P<v>[A-Za-z0-9][\w.~+!@#%^*=-]{11,63})(?=[ \t]|$)",
        _find_unquoted_short_p,
        ("-p ",),
        word=r"(?m)^(?=[^\n]{0,63}\d)[a-z0-9][\w.~+!@#%^*=-]{11,63}$",
    ),
    _rule(  # Oracle: sqlplus user/password@db, jdbc:oracle:thin:user/password@host
        r"(?:sqlplus(?:[ \t]+-[A-Za-z]{1,2})*[ \t]+|thin:|(?:CONNECT|connect|CONN|conn)[ \t]+)"
        r"[\"']?(?P<user>[A-Za-z][\w$#]{0,29})/(?P<v>[^\s/@\"']{1,128})@",
        _literal("password"),
        "sqlplus",
        "thin:",
        "CONN ",
        "CONNECT ",
        "conn ",
        "connect ",
    ),
    _rule(  # positional passwords: htpasswd -b FILE USER PW, rabbitmqctl add_user U PW, poetry
        r"(?:rabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S{1,256}"
        r"|(?:poetry|composer)[ \t]+config(?:[ \t]+--\w{1,20})*[ \t]+http-basic\.\S{1,256}"
        r"[ \t]+\S{1,256})[ \t]+" + _QUOTED_VALUE + r"|(?P<v>[^\s\"';|&]{1,256}))",
        _literal("password"),
        "rabbitmqctl",
        "poetry config",
        "composer config",
    ),
    _rule(r"htpasswd[ \t]+-[^\n;|&]{1,512}", _find_htpasswd_password, "htpasswd"),
    _rule(  # smbclient, rpcclient, smbmap: -U 'DOMAIN\user%password'
        r"-U[ \t]+[\"']?[^\s%\"']{1,256}%(?P<v>[^\s\"']{1,256})", _literal("password"), "-U "
    ),
    _rule(r"@(?:tcp|unix)\(", _find_dsn_password, "@tcp(", "@unix("),  # Go: user:pw@tcp(host)/db
    _Rule(  # Windows: net user NAME PASSWORD [/add …]; `*` prompts
        r"(?<![\w-])net[ \t]+user[ \t]+(?:\"[^\"\n]{1,128}\"|[^\s\"/]{1,128})[ \t]+"
        + _QUOTED_VALUE
        + r"|(?P<v>[^\s\"'/*][^\s\"']{0,255}))(?=[ \t]+/|[ \t]*(?:\r?\n|$))",
        _literal("password"),
        ("net user",),
        fold=True,
    ),
    _rule(  # commands that store a secret (gh secret set --body, drone secret add --data, az
        # keyvault secret set --value, aws secretsmanager --secret-string): whatever its name
        r"(?:secrets?[\w-]{0,20}|put-parameter(?=[^\n]{0,300}SecureString))(?:[ \t]+(?!"
        + _SECRET_VALUE_FLAG
        + r")\S{1,256}){0,16}[ \t]+"
        + _SECRET_VALUE_FLAG
        + r"[ \t]*=?[ \t]*"
        + _QUOTED_VALUE
        + r"|(?P<v>[^\s\"']{1,512}))",
        _literal("secret"),
        "secret",
        "put-parameter",
    ),
    _rule(  # a variable's name in one flag, its value in the next (`--key DB_PASSWORD --value …`,
        # `--name API_TOKEN --value …`): judged as the name judges its own value
        r"(?<![\w-])--(?:key|name|variable|var|param(?:eter)?)(?:[ \t]+|=)[\"']?"
        r"(?P<name>[A-Za-z_][\w./-]{0,127})[\"']?(?:[ \t]+\\?\n?[ \t]*)"
        r"(?:--)?value(?:[ \t]+|=)" + _QUOTED_VALUE + r"|(?P<v>[^\s\"'-][^\s\"']{0,511}))",
        _find_named_flag_value,
        "--key",
        "--name",
        "--var",
        "--param",
    ),
    _rule(  # code comparing a secret's name to a literal: `if token == "…"`, `!==`, Lua's `~=`
        # `==` after a blank: base64's padding (`…eA=="`) is none
        r"(?:(?<=[ \t])===?|!==?|~=)[ \t]*[bfr]?(?P<q>[\"'`])(?P<v>[^\"'`\n\\]{1,512})(?P=q)",
        _find_compared_literal,
        "==",
        "!=",
        "~=",
    ),
    _rule(  # a here-string into such a command: wrangler secret put NAME <<< 'VALUE'
        r"<<<[ \t]*" + _QUOTED_VALUE + r"|(?P<v>[^\s\"'|;&$][^\s\"'|;&]{0,255}))",
        _find_herestring_secret,
        "<<<",
    ),
    _rule(  # Windows: net use \\server\share PASSWORD /user:NAME (or after /user:)
        r"(?<![\w-])net[ \t]+use[ \t]+(?:[A-Za-z]:[ \t]+)?\\\\\S{1,256}[ \t]+"
        r"(?:/user:\S{1,256}[ \t]+)?(?P<v>[^\s/*\"'][^\s\"']{0,255})",
        _literal("password"),
        "net use",
    ),
    _rule(  # lftp -u user,password; bundler: bundle config set HOST user:password
        r"(?:lftp(?:[ \t]+(?!-u[ \t])\S{1,256}){0,8}[ \t]+-u[ \t]+[\"']?[^\s,\"']{1,256},"
        r"|bundle[ \t]+config(?:[ \t]+set)?(?:[ \t]+--\w{1,20})*[ \t]+[\w.-]{1,256}[ \t]+"
        r"[^\s:]{1,256}:)(?P<v>[^\s\"']{1,256})",
        _literal("password"),
        "lftp",
        "bundle config",
    ),
    _rule(  # echo VALUE | a command that stores it or logs in with it
        r"(?:echo|printf)(?:[ \t]+-[neE]{1,3})*(?:[ \t]+(?:'%s(?:\\n)?'|\"%s(?:\\n)?\"))?[ \t]+"
        + _QUOTED_VALUE
        + r"|(?P<v>[^\s\"'|;&$][^\s\"'|;&]{0,255}))(?:[ \t]*\|(?P<rest>[^\n;&]{1,200}))?",
        _find_piped_secret,
        "echo",
        "printf",
    ),
    _rule(
        r":(?:\d{1,5}|\*):[^\s:]{1,63}:(?P<user>[^\s:]{1,63}):(?P<v>[^\s\"':]{1,256})(?=[\s\"']|$)",
        _find_pgpass,
        ":543",
        ":*:",
    ),
    _WordRule(  # a login as `host:port:user:password` (proxy lists, kdb+'s handles)
        _HOST_PORT_LOGIN,
        _find_host_port_login,
        "(?m)" + _HOST_PORT_LOGIN,
    ),
    _rule(  # Forth: `S" …" 2CONSTANT NAME`
        r"(?i)constant[ \t]+(?P<name>[^\s]{1,64})",
        _find_forth_constant,
        "constant ",
        "CONSTANT ",
    ),
    _Rule(  # a token given to a tool's sign-in subcommand (see `_find_subcommand_token`)
        r"(?:login|auth|init|activate|authenticate)[ \t]+"
        r"(?P<v>[A-Za-z0-9][A-Za-z0-9_-]{11,127})(?=[ \t]*(?:\r?\n|$|[;&|#]))",
        _find_subcommand_token,
        ("login ", "auth ", "init ", "activate ", "authenticate "),  # as CLIs spell them
        word=r"(?m)^(?=[^\n]{0,127}\d)[a-z0-9][a-z0-9_-]{11,127}$",
    ),
    _Rule(  # a typed declaration's initialiser (see `_find_declared`)
        _DECLARED,
        _find_declared,
        # COBOL's at its picture: `X(20) VALUE`; ABL's `INITIAL "…"`, Clarion's `STRING('…')`
        (
            *(" inz(", " init(", " init (", " initial(", " x(", ' initial "', " initial '"),
            *(" string('", ' string("', " cstring('", ' cstring("'),
        ),
        fold=True,
    ),
    _Rule(  # a registry value's data (see `_find_registry_data`)
        _REGISTRY_DATA,
        _find_registry_data,
        # PowerShell's `-Value` quoted only: `$Env:A -Value $x` is common, and a variable
        ("reg_sz", "reg_expand_sz", "/d ", '-value "', "-value '", "valuedata:"),
        fold=True,
    ),
    _rule(  # Percona Toolkit's DSN: `…,u=user,p=password`
        r",p=(?P<v>[^\s,\"']{1,256})",
        _find_dsn_pairs_password,
        ",p=",
    ),
    _rule(
        r"\]:(?:25|465|587|2525)[ \t]+(?P<user>[^\s:\[\]]{1,256}):(?P<v>\S{1,256})",
        _find_relay_login,
        "]:",
    ),
    _Rule(  # <add key="ApiSecret" value="…"/>, <property name="…password" value="…"/>, and
        # elements named by an attribute: <entry key="password">…</entry>, <parameter name=…>
        r"(?:key|name)[ \t]*=[ \t]*([\"'])(?P<name>[^\"'<>\n]{1,128})\1"
        r"(?:[ \t]+value[ \t]*=[ \t]*([\"'])(?P<v>[^\"'<>\n]{1,512})\3"
        r"|[^<>\n]{0,200}>(?P<t>[^<>\n]{1,512})</)",
        _find_named_value,
        ('key="', "key='", 'name="', "name='"),
        fold=True,
    ),
    _rule(  # .NET's XML RSA keys: private when they hold the private exponent <D>
        r"<RSAKeyValue>(?:(?!<RSAKeyValue>)[\s\S]){0,8000}?</RSAKeyValue>",
        _find_xml_rsa_key,
        "<RSAKeyValue>",
    ),
    _rule(  # property lists: <key>ClientSecret</key> <string>…</string>
        r"<key>(?P<name>[\w.-]{1,128})</key>\s{0,40}<string>(?P<v>[^<>\n]{1,512})</string>",
        _find_named_value,
        "<key>",
    ),
    _rule(  # PowerShell: Set-Item -Path Env:API_KEY -Value '…'
        r"[Ee]nv:(?P<name>[\w.-]{1,128})[ \t]+-Value[ \t]+([\"']?)(?P<v>[^\s\"']{1,512})\2",
        _find_named_value,
        "Env:",
        "env:",
    ),
    _rule(  # Kubernetes container env, and Compose/Helm lists of the same shape
        r"-[ \t]+(?:name|key):[ \t]+([\"']?)(?P<name>[\w.-]{1,128})\1[ \t]*\r?\n[ \t]{1,40}"
        r"value:[ \t]+([\"']?)(?P<v>[^\s\"']{1,512})\3[ \t]*(?=\r?\n|$)",
        _find_named_value,
        "- name:",
        "- key:",
    ),
    _Rule(  # ECS, Lambda, HAR {"name": "DB_PASSWORD", "value": "…"}; Postman; AWS {"Key", "Value"}
        r"\"(?:name|key|parameterkey)\"[ \t]*:[ \t]*\"(?P<name>[\w.-]{1,128})\"\s{0,40},\s{0,40}"
        r"\"(?:value|parametervalue)\"[ \t]*:[ \t]*\"(?P<v>[^\"\\\n]{1,512})\"",
        _find_named_value,
        ('"name"', '"key"', '"parameterkey"'),
        fold=True,
    ),
    _Rule(  # cloud CLIs' key lists: az … keys list prints {"keyName": "key1", …, "value": "…"}
        r"\"keyname\"[ \t]*:[ \t]*\"[\w.-]{1,64}\"[^{}]{0,300}?\"value\"[ \t]*:[ \t]*"
        r"\"(?P<v>[^\"\\\n]{1,512})\"",
        _find_generated_value,
        ('"keyname"',),
        fold=True,
    ),
    _rule(  # CloudFormation on the command line: ParameterKey=DbPassword,ParameterValue=…
        r"ParameterKey=(?P<name>[\w.-]{1,128}),ParameterValue=(?P<v>[^\s,\"']{1,512})",
        _find_named_value,
        "ParameterKey=",
    ),
    _rule(  # an FTP or POP3 session: `PASS secret` after the `USER` line
        r"(?<![^\n])PASS[ \t]+(?P<v>[^\s]{1,256})(?=[ \t]*\r?(?:\n|$))", _find_session_pass, "PASS "
    ),
    _rule(  # an IMAP session: `a1 LOGIN user secret`
        r" LOGIN[ \t]+(?:\"[^\"\n]{1,128}\"|[^\s\"]{1,128})[ \t]+"
        + _QUOTED_VALUE
        + r"|(?P<v>[^\s\"]{1,256}))(?=[ \t]*\r?(?:\n|$))",
        _find_imap_login,
        " LOGIN ",
    ),
    _rule(  # Dovecot's passwd-file: `user:{PLAIN}password:…`, the schemes that keep it in clear
        r"\{(?:PLAIN|CLEARTEXT|CLEAR)\}(?P<v>[^\s:]{1,256})",
        _literal("password"),
        "{PLAIN}",
        "{CLEARTEXT}",
        "{CLEAR}",
    ),
    _rule(  # Exim's SQL servers: host/database/user/password
        r"(?:mysql|pgsql|oracle|redis)_servers[ \t]*=[ \t]*[^/\s]{1,253}/[^/\s]{0,128}/"
        r"[^/\s]{1,128}/(?P<v>[^\s/:]{1,256})",
        _literal("password"),
        "mysql_servers",
        "pgsql_servers",
        "oracle_servers",
        "redis_servers",
    ),
)
