"""Judgements of a value on its own: a placeholder, a reference to a secret kept elsewhere, a path,
code, or something that looks generated or random.

Decisions (the tests pin each one):

- Placeholders are kept, because they hold no secret and say something useful ("left at the
  default"): empty values, ``${VAR}``, ``$VAR``, ``$(cmd)``, ``%VAR%``, ``{{ tpl }}``,
  ``<your-key>``, ``xxx``/``***``/``...``, a masked listing's ``****ornZ``, a prefix
  then filler (``waka_xxxxxxxx-xxxx``), ``your_key_here``, the words changeme, example,
  placeholder, dummy, redacted, none, null, nil, undefined, true, false, todo, tbd, fixme,
  required, secret, password, token, api_key, and a value equal to its own name
  (``API_KEY=api-key``). Fixed-prefix tokens whose
  random part is filler (``AKIAXXXXXXXXXXXXXXXX``) are kept too. So is a password made of the
  words people type in a password's place (``mysecretpassword``, ``dbpass``, ``foobar``; with
  the user's or the URL's own words: ``redis://default:redispw@``), a login its vendor
  publishes (``scott:tiger``), base64 of a placeholder (a Kubernetes Secret's
  ``cGFzc3dvcmQ=``), and a key block holding no key (``...``, ``<your key here>``, filler, or
  one line and an ellipsis).
- Values that are paths (``SSH_KEY=~/.ssh/id_rsa``, ``uploads/2024/a.png``) or URLs are kept; a
  password inside a URL is found by the URL rule.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from functools import lru_cache

from graphmem import patterns

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re

# These patterns judge a value that already looks like a secret, so most texts never need them:
# they stay source text, compiled on first use through re's own cache (`patterns.match(_PLACEHOLDER,
# ...)`), which spares every hook ~2 ms of compiling them up front.
_PLACEHOLDER = r"""(?ix)^(?:
        \$\{[^}]*\}? | \$\(.*\)? | \$[A-Za-z_]\w* | %[A-Za-z_]\w*% | \{\{.*\}\} | \#\{[^}]*\}\#?
      | [?%@]\{(?:[^{}\s]{1,200}\}|[\w.:/|()'"\#\[\]@-]{1,200})  # Hiera's %{…}, any sigil's
      | \$\d+ | \? | @[A-Za-z_][\w.]*@?                 # SQL parameters: $1, ?, @pw; Maven: @db.pw@
      | `[^`]*` | -                                      # a command's output; `-`: none (reg)
      | \{[a-z]+[ \t][^{}]*\}                            # borgmatic's {credential systemd x}
      | <[^<>]*> | [x.#_-]{3,} | [*•]{2,} | x+ | …        # `amqps://u:**@`: masked
      | \{[A-Za-z_][\w.]*\} | \{\d*\}                    # format fields: {DB_PASSWORD}, {0}
      | \{env:[A-Za-z_]\w*(?::[^{}]*)?\}                  # tox's and Hatch's {env:NAME:default}
      | :{1,2}                                           # a piece of syntax: Odin's `X :: #config`
      | :[A-Za-z_]\w{0,40}                               # a bind variable, a symbol: `=> :pk`
      | \d{1,2}                                          # a flag, a count: `{password: 1}`
      | %\([\w.]+\)[sdr] | \[[A-Za-z][\w .-]*\]          # %(password)s; [YOUR-PASSWORD]
      | \([A-Za-z][A-Za-z .,'-]*[ ][A-Za-z .,'-]*\)       # what a tool shows: (stored in Keychain)
      | &[A-Za-z_]\w*\.?                                 # SAS and SQL*Plus macros: &dbpass
      | [\w-]{0,16}(?:\.{3,}|…|\*{3,}|•{3,})\w{0,6}        # elided, masked: sk_..., ****ornZ
      | (?:[a-z0-9]{1,12}[_.-]){1,3}[x*•._-]{8,}           # a prefix, then filler: waka_xxxx-xx
      | (?:[a-z]+[-_])*(?:fake|dummy|example|sample|mock|test)(?:[-_][a-z]+)*  # fake-signing-key
      | (?:fake|dummy|example|sample)[a-z]{0,12}\d{0,3}        # examplekey1, samplesecret2
      | not[-_]?a[-_]?real[-_]?\w*
      | (?-i:[\w/+]{0,40}EXAMPLE(?:KEY)?)              # AWS's documented example keys
      | your[-_ ].* | your[a-z]*(?:key|token|secret|password) | .*[-_ ]here
      | change[-_]?me | replace[-_]?me | example | value\d{0,2}
      | .*@[A-Z][A-Z0-9_]{2,}@.*                        # configure_file's @CPACK_VENDOR@ in it
      # an instruction in the value's place: replace-with-a-long-random-string, set-in-vault
      | (?:generate|replace|change|set|put|paste|insert|fill|enter|add|use|create|provide)
        [-_](?:with|me|this|it|your|a|an|the|in|to|by|using|via|from|before|here|later|at)
        (?:[-_][a-z0-9]+){0,12} | placeholder | dummy | redacted
      | none | null | nil | undefined | true | false | todo | tbd | fixme | required
      | secret | password | passwd | token | api[-_]?key | env | stdin | prompt
    )$"""
_TEMPLATE = r"(?i)[\w.:+/-]{1,40}<[a-z0-9]+(?:[ _-][a-z0-9]+)+>[\w.-]{0,20}"
# `os.environ.get`, `self.token`, `os.environ[`, `getpass(`: code that computes a value.
_CODE_REFERENCE = (  # `std::env::var(`, `Config::get(`: Rust, C++, PHP and Ruby paths too
    r"[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)+|[A-Za-z_$][\w$.:]*!?[(\[].*"  # env!(
)
# A secret kept elsewhere, named by reference: YAML tags (`!secret name`, `!Ref X`), Symfony
# parameters, Grafana's `$__file{…}`, ARNs, and `store:` references (vault, SSM, keychain,
# TeamCity's `credentialsJSON:<uuid>`, any `word:/path`, after `@` too). Or kept here
# encrypted, which is no secret either: SOPS `ENC[…]`, Jasypt `ENC(…)`, Spring's `{cipher}…`,
# Halyard's `encrypted:…` (or the word before the blob: `Encrypted 2be9…`, `Hashed …`),
# Pulumi's versioned ciphertext `v1:<nonce>:…`, EJSON's `EJ[1:…]`, Jenkins' `{AQAAAB…}`, an
# armored PGP message; and a password hashed as Django stores it (`pbkdf2_sha256$…`).
_REFERENCE = r"""(?ix)(?:
        ![A-Za-z][\w/.:-]*$ | %[\w.()-]+%$ | \$__\w+\{ | ENC[\[(] | arn:aws[\w-]*:
      | \{cipher\} | (?:encrypted|hashed)(?::|[ \t]+(?=[A-Za-z0-9+/]{16}))
      | v\d:[A-Za-z0-9+/=]{8,32}:[A-Za-z0-9+/=] | EJ\[\d:  # EJSON
      | \{AQAAAB[A-Za-z0-9+/]{16}                      # Jenkins' Secret, encrypted: `{AQAAAB…}`
      | -----BEGIN[ ](?:PGP[ ]MESSAGE|AGE[ ]ENCRYPTED)        # armored ciphertext's first line
      | (?:pbkdf2(?:_sha\d+)?|argon2|bcrypt(?:_sha256)?|scrypt)\$  # Django's, Gitea's hashes
      | \$[PHS]\$[./0-9A-Za-z]{30,56}(?![\w./])  # phpass's (WordPress, phpBB), Drupal 7's
      | \$(?:[1256]|2[abxy]|g?y|md5|sha1|argon2(?:id|i|d)|pbkdf2(?:-sha\d+)?)\$  # a crypt(3) hash
      | \$[789]\$                                      # scrypt's, and Cisco's type 8 and 9
      | (?:sha(?:1|224|256|384|512)|md5)[#$:]          # a digest tagged with its algorithm
      | \{S?(?:SHA|SSHA|MD5|SMD5|CRYPT|PBKDF2)\w*\}     # LDAP's {SSHA}: a hash again
      | (?:dword|qword|hex(?:\(\d\))?):               # a registry value's type: a number
      | @{0,2}(?:credentials\w*|secretsmanager|ssm|vault|keyvault|keychain|keyring|kms|sops|env
          |file|secret|secrets|op|ref)[:+]  # and behind a sigil: OneDev's `@secret:name@`
      | @Microsoft\.KeyVault\(                         # Azure App Service's Key Vault reference
      | [a-z][\w.+-]{1,40}:(?:/|[0-9a-f]{8}-[0-9a-f]{4}-)
      # Secret Manager's name:version, as `gcloud run deploy --set-secrets=ENV=name:version,…`
      | (?-i:(?:[A-Z_][A-Z0-9_]{0,64}=)?(?:[a-z][a-z0-9]*[-_]){1,8}[a-z0-9]+
        :(?:latest|\d{1,4}))(?:,|$)
    )"""
_NON_ALNUM = r"[^a-z0-9]+"
_BARE_WORD = r"[A-Za-z_]\w*"
_PATH = (
    r"(?:~|\.{1,2})?/[\w.@+-]*(?:/[\w.@+-]*)+|(?:~|\.{1,2})/[\w.@+-]+"
    r"|[\w-]+(?:/[\w.@+-]+)+\.[A-Za-z][A-Za-z0-9]{0,5}"  # uploads/2024/a.png: no base64 has a dot
    # resource names of secrets kept elsewhere (projects/p/secrets/db-password/versions/3,
    # secret/data/prod): words and numbers, where base64 mixes cases within a segment
    r"|[a-z][a-z0-9-]*(?:/(?:[a-z][a-z0-9_-]*|[a-z]+(?:[A-Z][a-z]+)+|\d+)){2,}"
    r"(?:[:#][\w.-]{1,64})?"  # and a field of it: Vault's `kv/data/db:password`
)
_CAMEL_WORDS = r"[a-z]+(?:[._]?[A-Z][a-z]+)+|[A-Z][a-z]+(?:[._]?[A-Z][a-z]+)+"  # Token.Name.Builtin
_TYPE_NAMES = frozenset(
    "str string int integer bool boolean bytes float number any object optional secretstr "
    "secretbytes unknown char".split()
)


# Keys published as everyone's: the Azure storage emulator's (Azurite's) account key, and the
# first development account of Hardhat and Anvil, which `npx hardhat node` prints.
_PUBLISHED = frozenset(
    (
        "Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==",
        "0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80",
    )
)


# Logins their vendors publish, in every manual: Oracle's demo schema, Raspberry Pi OS's first
# user, Dell iDRAC's and Kali's root.
_PUBLISHED_LOGINS = frozenset(("scott:tiger", "pi:raspberry", "root:calvin", "root:toor"))


def _placeholder_login(user: str, password: str) -> bool:
    """Whether `user`'s `password` is no secret: a placeholder (its words may be the user's:
    `postgres:postgrespass`), the user's name again (`guest:guest`), a login its vendor
    publishes (`scott:tiger`), or anonymous FTP's (RFC 1635: an address, by custom)."""
    login = user.lower()
    return (
        _squash(password) == _squash(user) != ""
        or _is_placeholder(password, user)
        or f"{login}:{password}" in _PUBLISHED_LOGINS
        or login == "anonymous"
    )


# Password managers and secret stores by name: what a sentence about a password often names.
_PASSWORD_STORES = frozenset(
    "1password keepass keepassxc keepassx lastpass bitwarden vaultwarden dashlane "
    "nordpass enpass keeper passbolt psono roboform protonpass doppler infisical".split()
)


_PEM_B64 = "LS0tLS1CRUdJTi"  # `-----BEGIN` in base64
_ASCII_HEADS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdef")


def _encodes_placeholder(value: str, name: str) -> bool:
    """Base64 of a placeholder (`cGFzc3dvcmQ=`, `Y2hhbmdlbWU=`), as a Kubernetes Secret's data
    holds every value: the encoding hides nothing."""
    import binascii

    if len(value) < 8 or not set(value[::4]) <= _ASCII_HEADS:
        return False  # each 4 characters' first: an ASCII byte's top bits, below 32
    if not patterns.fullmatch(r"[A-Za-z0-9+/]+={0,2}", value):
        return False
    try:
        decoded = binascii.a2b_base64(value).decode("ascii").strip()
    except (binascii.Error, ValueError):
        return False
    return "".join(decoded.split()).isprintable() and _is_placeholder(decoded, name)


def _repeats(value: str) -> bool:
    """Four words or more, half of them one word: a typed filler (`test test … test junk`, the
    development mnemonic Hardhat and Anvil publish), never a generator's passphrase."""
    if value.count(" ") < 3:
        return False  # the common case, decided without splitting
    words = value.split()
    return len(words) >= 4 and 2 * Counter(words).most_common(1)[0][1] > len(words)


def _random_part(name: str) -> bool:
    """A part of an identifier of 20 or more characters mixing upper and lower case and digits,
    no word among them: a generator's run, which no programmer names a variable."""
    return any(
        len(part) >= 20
        and part.lower() != part
        and part.upper() != part
        and _HAS_DIGIT(part)
        and not _wordy(part)
        for part in name.split("_")
    )


def _is_placeholder(value: str, name: str = "") -> bool:
    bare = value.strip()
    if not bare or bare in _PUBLISHED or _repeats(bare):
        return True
    if patterns.match(_PLACEHOLDER, bare):
        # `$` before a generator's run is the value's own first character, no variable's sigil:
        # names are words (`$DB_PASSWORD`), a 24-character random run is not
        return not (bare[0] == "$" and _random_part(bare[1:]))
    if "<" in bare and patterns.fullmatch(_TEMPLATE, bare):
        return True  # a prefix, then what goes there: `ed25519-0x<64 hex chars>`
    if bare.startswith("-----BEGIN ") and _holds_no_key(bare):
        return True  # a key block's frame around `...` or `<your key>`
    if bare.lower() in _PASSWORD_STORES:
        return True  # where the password is kept, by product: `password: 1Password, "DB"`
    # Neither words nor base64 at a token's length or holding a marker (`[REDACTED:…]`, judged
    # again); words hold no digit but a tail, base64 comes in fours: most values end here.
    judged = (len(bare) <= 64 or bare.startswith(_PEM_B64)) and "[" not in bare
    if judged and not _HAS_DIGIT(bare.rstrip("!?.*0123456789")) and _filler_words(bare, name):
        return True  # `mysecretpassword`
    if judged and _describes_length(bare, name):
        return True  # `SomeRandomStringWith32Characters`, `at-least-32-chars-long`: an instruction
    if judged and len(bare) % 4 == 0 and _encodes_placeholder(bare, name):
        return True  # a Kubernetes Secret's `password: cGFzc3dvcmQ=`
    if not name:
        return False
    if len(bare) <= 2 * len(name) and _squash(bare) == _squash(name):
        return True
    # A word of the name again (`POSTGRES_PASSWORD: postgres`, `RABBITMQ_DEFAULT_PASS=rabbitmq`):
    # a service's documented default, as `postgres:postgres@` is in a URL.
    # Or such a word with a default's tail: MinIO's `MINIO_ROOT_PASSWORD: minioadmin`.
    words = _name_words(name)
    low = bare.lower()
    return len(bare) >= 4 and any(
        low == word or (len(word) >= 4 and low.startswith(word) and low[len(word) :] in _TAILS)
        for word in words
    )


_TAILS = frozenset(("admin", "root", "pass"))  # documented defaults, not a weak password


# What a form or a message catalog calls a secret field, in the languages configs are written
# in: a value made of these words is the field's label (`"login.password": "Passwort"`,
# `"API-Schlüssel"`, `"Mot de passe oublié ?"`), not its content.
_FIELD_WORDS = frozenset(
    """password passwords pass pwd pw passwort kennwort passwd passe contraseña contrasena
    contrasenya senha пароль пароля 密码 口令 wachtwoord lösenord losenord salasana hasło haslo
    heslo jelszó jelszava şifre sifre parola parool passord adgangskode パスワード 비밀번호 geslo
    lozinka key keys schlüssel schluessel clé cle clave chave chiave sleutel nyckel avain klucz klíč
    ключ 密钥 token tokens secret geheimnis secreto segredo segreto credentials pin""".split()
)


# Words a person types in a password's place, in documentation, examples and throwaway configs
# (`mysecretpassword`, `supersecret`, `dbpass`, `yourStrong(!)Password`, `foobar`): at least one
# that says so (`_FILLER_MARKS`, or a secret field's name in some language), the others
# `_FILLER_WORDS` or words of the value's own name (or user), a `123` tail at most. A generator
# never makes one, and a person's real password holds some other word or digit
# (`Copper$Marble43`, `Secret2024!`, `correct-horse-battery-staple`), or disguises the word
# (`s3cret`, `Passw0rd!`: chosen to pass for a password, so taken for one).
_FILLER_MARKS = _FIELD_WORDS | frozenset(
    "changeme example sample dummy fake test testing demo mock placeholder foo bar baz qux "
    "foobar qwerty abc passphrase secrets".split()
)
_FILLER_WORDS = _FILLER_MARKS | frozenset(
    "my your our the some super very top strong secure safe long random new old default db "
    "database user username admin root app local dev access personal here value string private "
    "auth login sql service account master me change it this".split()
)
_FILLER_HEADS = frozenset(word[:2] for word in _FILLER_WORDS)


def _filler_words(value: str, name: str = "") -> bool:
    words = value.rstrip("!?.*0123456789")
    if len(value) > 48 or not "1234567890".startswith(value[len(words) :].rstrip("!?.*")):
        return False  # a tail but `123`
    if words.isalpha():
        pieces = [words.lower()]
    elif patterns.fullmatch(r"[\w!?.*()-]+", words):  # not a symbol words are not joined by (`$`)
        pieces = [p for p in patterns.split(r"[\W_]+", words.lower()) if p]
        if not pieces or not all(p.isalpha() for p in pieces):
            return False
    else:
        return False
    found = [_segment(p) for p in pieces]
    if None in found and name:  # the name's words too, only when needed
        more = _more_words(name)
        if more[0]:
            found = [_segment(p, *more) for p in pieces]
    return None not in found and any(not _FILLER_MARKS.isdisjoint(f or ()) for f in found)


# A length told in the value (`32Characters`, `_64_chars_`, `-16-bytes`), and the words that
# describe one: a value that says how long the real one must be is an instruction, not a value.
_LENGTH_SPEC = (
    r"(?<![0-9])[0-9]{1,3}[_-]?(?:[Cc]har(?:acter)?s?|[Bb]ytes?|[Dd]igits|[Ll]etters"
    r"|CHAR(?:ACTER)?S?|BYTES?)(?![a-z])"  # not `32ByteString`'s `S`
)
_LENGTH_WORDS = frozenset(
    "a an with of at least exactly long characters chars hex min minimum".split()
)
_LENGTH_HEADS = frozenset(word[:2] for word in _LENGTH_WORDS)


def _describes_length(value: str, name: str = "") -> bool:
    """Filler words around a length (`SomeRandomStringOf32CharsExactly`): only words, once the
    length is taken out, and the length is the mark (`_filler_words` asks for one)."""
    low = value.lower()  # string tests first: every value with a digit comes here
    if "char" not in low and "byte" not in low and "digit" not in low and "letter" not in low:
        return False
    spec = patterns.search(_LENGTH_SPEC, value)
    if spec is None:
        return False
    rest = f"{value[: spec.start()]}_{value[spec.end() :]}".strip("_-")
    if _HAS_DIGIT(rest) or not patterns.fullmatch(r"[A-Za-z_-]*", rest):
        return False
    pieces = [p for p in patterns.split(r"[\W_]+", _split_camel(rest).lower()) if p]
    return all(_segment(p, _LENGTH_WORDS, _LENGTH_HEADS) is not None for p in pieces)


def _split_camel(name: str) -> str:
    return patterns.sub(r"(?<=[a-z0-9])(?=[A-Z])", "_", name)


@lru_cache(maxsize=256)  # names come back: the same variables, users and hosts
def _name_words(name: str) -> tuple[str, ...]:
    return tuple(patterns.split(r"[\W_]+", _split_camel(name).lower()))


@lru_cache(maxsize=256)
def _more_words(name: str) -> tuple[frozenset[str], frozenset[str]]:
    """The words of `name` that `_FILLER_WORDS` lacks, and their first two letters."""
    more = frozenset(w for w in _name_words(name) if len(w) >= 2) - _FILLER_WORDS
    return more, frozenset(w[:2] for w in more)


def _segment(
    piece: str, more: frozenset[str] = frozenset(), heads: frozenset[str] = frozenset()
) -> list[str] | None:
    """`piece` as a run of `_FILLER_WORDS` and `more` words (`mysecretpassword`: my, secret,
    password), or None; `heads`: the first two letters of `more`'s."""
    ends: dict[int, list[str]] = {0: []}
    for start in range(len(piece)):
        if start > max(ends):
            return None  # no word reaches here
        head = piece[start : start + 2]
        if start not in ends or (head not in _FILLER_HEADS and head not in heads):
            continue  # most pieces end here: no word starts as they do
        for end in range(min(len(piece), start + 16), start, -1):
            word = piece[start:end]
            if end not in ends and (word in _FILLER_WORDS or word in more):
                ends[end] = [*ends[start], word]
    return ends.get(len(piece))


_LABEL = r"[^\W\d_]+(?:[ _.'\u2019-]+[^\W\d_]+){0,5}[ ?!:.…]*"  # \u2019: an apostrophe


def _names_field(value: str) -> bool:
    """A label, no content: up to six words of letters (blanks, dashes, dots, `_` between; a
    question or a colon after), one of them a secret field's name in some language. Also a
    secret's name given as the value (`from_secret: npm_token`)."""
    if len(value) > 80 or not patterns.fullmatch(_LABEL, value):
        return False
    return not _FIELD_WORDS.isdisjoint(patterns.findall(r"[^\W\d_]+", value.lower()))


def _squash(word: str) -> str:
    return patterns.sub(_NON_ALNUM, "", word.lower())


_HAS_DIGIT = patterns.compile(r"\d").search  # tiny: compiled at import for ~20 µs
_HAS_LETTER = patterns.compile(r"[^\W\d_]").search


def _looks_generated(value: str) -> bool:
    """True for values that look machine-made (keys, tokens), false for words and numbers.
    (Searches, not loops over characters: a value can be 512 characters, at every trigger.)"""
    if len(value) < 8 or len(value.split(None, 1)) != 1:  # a blank inside
        return False
    if not (value.isalpha() or value.isdigit()) and _HAS_DIGIT(value) and _HAS_LETTER(value):
        return not _typed_filler(value)
    mixed = value.lower() != value and value.upper() != value
    return (
        len(value) >= 20
        and mixed
        and not patterns.fullmatch(_CAMEL_WORDS, value)
        and not _typed_filler(value)
    )


_RUNS = tuple(
    alphabet[i : i + 6]
    for alphabet in ("abcdefghijklmnopqrstuvwxyz", "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "0123456789")
    for i in range(len(alphabet) - 5)
)


def _typed_filler(value: str) -> bool:
    """A run of one character or of an alphabet (`0000000`, `ABCDEFGH…0123456789`) in a short
    value: an example typed by a person, which a generator makes about never (long base64 blobs
    do hold `AAAAAAA`, from zero bytes)."""
    if any(run in value for run in _RUNS):
        return True
    return len(value) <= 64 and patterns.search(r"([A-Za-z0-9])\1{6}", value) is not None


# What stands for a key's lines in documentation and examples: an ellipsis, `<snip>`, `(truncated)`.
_ELIDED = r"(?i)\.{3}|…|\b(?:snip(?:ped)?|truncated|omitted|elided|redacted)\b"
# Heads of private keys whose secret scalar is within their first line: SEC1's P-256, secp256k1
# and P-384, PKCS#8's Ed25519 (after those, a key's first line is its structure and public part).
_SCALAR_HEADS = ("MHcCAQEE", "MHQCAQEE", "MIGkAgEBBD", "MC4CAQAwBQYDK2Vw")


def _holds_no_key(body: str) -> bool:
    """Whether a key block's body (or the block) holds no key: no run of base64 that could be
    key material (not filler `XXXX…`, not words `PLACEHOLDER`, `<your key here>`), nor a short
    line of it, or, elided, one line of it at most (`MIIEvQIBADANBgkqhkiG9w0B...`: a header and
    the start of the public modulus, the rest cut)."""
    body = body.replace("\\n", "\n").replace("\\r", "\n")  # escaped in a string
    runs, size = [], 0
    for run in patterns.finditer(r"[A-Za-z0-9+/]{16,}", body):
        if _key_material(run.group()):
            runs.append(run.group())
            size += len(run.group())
            if size > 76:  # more than a line: PEM's are 64 characters, OpenSSH's 70
                return False
    if not runs:  # a short line alone (the last of a key), if no word
        lines = patterns.findall(r"(?m)^[ \t\"',>]*([A-Za-z0-9+/]{4,15})=*[ \t\"',+]*$", body)
        return not any(map(_key_material, lines))
    return patterns.search(_ELIDED, body) is not None and not runs[0].startswith(_SCALAR_HEADS)


def _key_material(run: str) -> bool:
    """Base64 that varies as random bytes do: digits or both cases, no filler, no word."""
    if not (_HAS_DIGIT(run) or not (run.islower() or run.isupper())):
        return False
    return len(set(run)) >= min(8, len(run) // 2) and (len(run) >= 16 or not _wordy(run))


def _has_entropy(body: str) -> bool:
    """Fixed-prefix tokens whose random part is filler (AKIAXXXXXXXXXXXXXXXX) are placeholders."""
    return len(set(body.lower())) > 4 and "EXAMPLE" not in body  # AWS's documented examples


def _looks_credential(value: str) -> bool:
    return (
        len(value) >= 16
        and "://" not in value
        and not _is_placeholder(value)
        and _looks_generated(value)
    )


# Values a lone `key` also names: digests, key ids and fingerprints, UUIDs.
_DIGEST = (
    r"(?i)(?:0x)?(?:[0-9a-f]{8}|[0-9a-f]{16}|[0-9a-f]{40})|[0-9a-f]{64}"
    r"|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|(?:sha|md)\d*:.*"
    r"|[0-9a-f]{24}"  # a 12-byte object id: MongoDB's, LaunchDarkly's client-side id
)


# Prefixes that say a key is public, as providers document them: publishable and client-side
# keys (Stripe's and Paystack's `pk_`, Mapbox's `pk.`, PostHog's `phc_`, Statsig's `client-`),
# PubNub's subscribe keys (`sub-c-`; its secret is `sec-c-`), Square's application ids
# (`sq0idp-`), Flutterwave's public keys, Supabase's publishable keys, public keys, RevenueCat's
# public SDK keys (`appl_`, `goog_`, `amzn_`), NATS public nkeys (`U…`; a seed is `SU…`).
_PUBLIC_PREFIX = (
    r"(?:pk|pub|public|publishable|phc|client)[_.-]|sub-c-|sq0idp-|FLWPUBK|sb_publishable_"
    r"|(?:appl|goog|amzn)_|[UNACOX][A-Z2-7]{55}(?![A-Z2-7])"
)


def _public_der(value: str) -> bool:
    """Base64 DER that starts as a public key or a certificate does (a SEQUENCE holding a
    SEQUENCE, where a private key holds its version number first): Chrome's manifest `key`,
    an SPKI pin. See keys._find_der_key, which takes the other branch."""
    import binascii

    if (
        len(value) < 64
        or not value.startswith("M")  # a SEQUENCE, its length in long form (MI) or short
        or patterns.fullmatch(r"[A-Za-z0-9+/]+=*", value) is None
    ):
        return False
    raw = binascii.a2b_base64(value[:32])
    inner = 2 if raw[1] < 0x80 else 2 + (raw[1] & 0x7F)
    return raw[0] == 0x30 and raw[inner : inner + 1] == b"0"


def _public_point(value: str) -> bool:
    """An uncompressed elliptic-curve point (65 bytes, the first 4), in base64url, base64 or hex:
    a public key by its form (a VAPID `applicationServerKey`, an Ethereum or P-256 public key);
    a private scalar is 32 bytes."""
    import binascii

    if len(value) == 130:
        return value[:2] == "04" and patterns.fullmatch(r"[0-9a-fA-F]+", value) is not None
    if not 86 <= len(value) <= 88 or value[0] != "B":  # 0x04 in base64's first character
        return False
    try:
        raw = binascii.a2b_base64(value.replace("-", "+").replace("_", "/") + "==")
    except (binascii.Error, ValueError):
        return False
    return len(raw) == 65 and raw[0] == 4


def _case_flips(value: str) -> int:
    """Upper/lower changes between neighbours: about one in two in random letters, one a word
    in CamelCase (`CloudFormationModule`)."""
    return len(patterns.findall(r"(?<=[a-z])[A-Z]|(?<=[A-Z])[a-z]", value))


def _looks_random(value: str) -> bool:
    """Stricter than `_looks_generated`: no digest, key id or UUID, and not words joined by
    dashes around one (`deps-v3-<sha>`, `build-cache-3b2f1c0d`)."""
    value = value.rstrip(":.")  # gpg: key 75B9F7DD13E61703: public key …
    if len(value) < 16 or not _looks_generated(value) or patterns.fullmatch(_DIGEST, value):
        return False
    if patterns.fullmatch(r"[\w+/=.~:-]+", value) is None:
        return False
    if not any(c.isdigit() for c in value) and not _case_flips(value) * 3 >= len(value):
        return False
    parts = patterns.split(r"[-_./:]+", value)
    if any(len(p) >= 32 and patterns.fullmatch(_DIGEST, p) for p in parts):
        return False
    if patterns.fullmatch(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)+", value) and any(
        len(p) >= 4 and p.isalpha() for p in parts
    ):
        return False  # a snake_case identifier: pkcs7_encrypted_st
    return sum(len(p) >= 3 and p.isalpha() and p.islower() for p in parts) < 2


def _names_code(value: str) -> bool:
    """A bare word a program or a sentence would use (`new_password`, `newPassword`, `OAuth`,
    `IVs`, `SSHCertPrivateKeyTypes`), not one typed at random (`zCueQpBenQtY`): random letters
    change case at about every other letter, words at their starts."""
    if not patterns.fullmatch(_BARE_WORD, value) or any(c.isdigit() for c in value):
        return False
    flips = _case_flips(value)
    return bool(
        flips <= 2
        or flips * 3 < len(value)
        or patterns.fullmatch(
            r"[a-z]*(?:[A-Z][a-z]{2,}|[A-Z]{2,4}(?=[A-Z][a-z]{2}|$))+(?:[A-Z][a-z])?", value
        )
    )


def _joined_words(value: str) -> bool:
    """`auth.token.v2`, `deps-v3-cache`: words joined into a name, not a generated value; but a
    random part makes words its prefix (`apify_api_<random>`, `ddp_<random>`)."""
    parts = patterns.split(r"[-_./:]+", value)
    if any(
        (len(p) >= 20 and _looks_random(p)) or patterns.fullmatch("[0-9a-f]{32,}", p) for p in parts
    ):
        return False  # and a key in hex after words (`depot_project_<64 hex>`, `web_<hex>`)
    words = sum(bool(patterns.fullmatch(r"[a-z]{3,}(?:[A-Z][a-z]+)*|[A-Z]{2,5}", p)) for p in parts)
    return words * 2 >= len(parts)  # fs.s3.consistent.retryCount


def _wordy(part: str) -> bool:
    """Runs of letters as long as words (`X25519PrivateKey`, `SignatureV4a`), where random
    text breaks case every few letters."""
    runs = patterns.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", part)
    return bool(runs) and sum(map(len, runs)) >= 3.5 * len(runs)


# A key that every page or browser is sent: `embedded in gigya.js on every page`, `shipped in
# the bundle to every visitor`, `every browser sends it`.
_EVERY_PAGE = (
    r"(?i)\b(?:embedded|shipped|served|loaded|sent|bundled|included)\b[^;\n]{0,40}?"
    r"\b(?:on|in|to|with|by|from)[ \t]+(?:every|each|all)[ \t]+(?:web[ \t]?)?"
    r"(?:pages?|browsers?|visitors?|clients?)\b"
    r"|\bevery[ \t]+(?:(?:visitor|user)(?:'?s)?[ \t]+)?browser[ \t]+(?:sends|gets|loads|receives)\b"
)
# What says a value is public where it stands: a comment after it on its line or on one of the
# three lines above (`// public key, safe in the page`, `<!-- write key is public -->`), not
# denied; or its own label (`publicKey:`, `NEXT_PUBLIC_…=`, `publishableKey`).
_SAID_PUBLIC = (
    r"(?i)\b(?:public|publishable|client[- ]side|browser[- ](?:api[ -])?(?:key|token)"
    r"|test vectors?|known[- ]answer|test case"
    r"|(?:example|sample|published|documented) (?:key|secret|token|value|vector)s?"
    r"|safe (?:to|in) (?:commit|share|expose|the "
    r"(?:page|browser|client))|(?:ships|sent|goes) to (?:every|the) browser)\b"
)
_DENIED = r"(?i)\b(?:not|never|no|non)\b|n't\b"
_COMMENT = r"(?://|#|<!--|/\*|--|\*)[ \t]?([^\n]{0,200})"
_PUBLIC_LABEL = (
    r"(?i)(?:^|[^a-z])(?:public|publishable)[\w$]{0,40}[\"'\]]?[ \t]*(?:[:=(,]|=>)[ \t]*[\"'`]?$"
)


# A DNS record that publishes key material (DKIM's `v=DKIM1; … p=`, DNSSEC's, DANE's, SSHFP,
# OPENPGPKEY) before the value on its line: `dig` prints a long one as several strings.
_PUBLIC_RECORD = (
    r"v=DKIM1\b|\bIN[ \t]+(?:C?DNSKEY|C?DS|TLSA|SMIMEA|SSHFP|OPENPGPKEY|IPSECKEY|CERT|KEY)[ \t]"
)


# A browser analytics SDK's set-up call, the last call opened before the value and not ended
# (no `;` between): its key ships in every page (Segment's and RudderStack's write keys,
# Mixpanel's project token, Amplitude's API key, Datadog's RUM and logs client tokens,
# LogRocket's app id).
_PUBLIC_SDK = (
    r"\b(?:analytics|rudderanalytics|mixpanel|amplitude|datadogRum|datadogLogs|DD_RUM|DD_LOGS"
    r"|LogRocket)$"
)


def _given_to_sdk(text: str, start: int) -> bool:
    before = text[max(0, start - 400) : start]
    call = max(before.rfind(".load("), before.rfind(".init("))
    return (
        call != -1
        and ";" not in before[call:]
        and bool(patterns.search(_PUBLIC_SDK, before[:call]))
    )


def _said_default(text: str, start: int, end: int) -> bool:
    """Whether a comment beside the value, on one of the three lines above or on the line below,
    calls it a documented default (a vendor's published factory password) or a published test
    value (`# public test cert from the Swish docs`, `// test key from the integration guide`),
    and none denies it: what everyone can read in the manual is no secret, whatever its name."""
    newline = text.rfind("\n", max(0, start - 400), start)
    line_end = text.find("\n", end, end + 300)
    below = text.find("\n", line_end + 1, line_end + 300) if line_end != -1 else -1
    top = max(0, newline - 600) if newline != -1 else end
    bottom = end + 300 if line_end == -1 else below if below != -1 else line_end + 300
    spots = _documented_spots(text)
    if spots is not None:
        at = bisect_left(spots, top)
        if at == len(spots) or spots[at] >= bottom:
            return False  # cheap: these lines say nothing of it, as beside most values
    elif _documented_words().search(text, top, bottom) is None:
        return False
    lines = text[top:newline].split("\n")[-3:] if newline != -1 else []
    lines.append(text[end : line_end if line_end != -1 else end + 300])
    if line_end != -1:
        lines.append(text[line_end + 1 : bottom])
    comments = [c.group(1) for c in (patterns.search(_INI_COMMENT, line) for line in lines) if c]
    return any(
        patterns.search(_DOCUMENTED_DEFAULT, c) and not patterns.search(_DENIED_DEFAULT, c)
        for c in comments
    )


def _user_beside(text: str, start: int, end: int) -> bool:
    """Whether a user named beside the value, on its line or the three around, is the value
    again: a throwaway login (`POSTGRES_USER: app` above `POSTGRES_PASSWORD: app`, `mysql -u
    root -proot`), as `guest:guest@` is in a URL. (A generated value given as both, a server
    token as Postmark's SMTP takes it, is still found by its shape.)"""
    value, first = text[start:end], max(0, start - 600)
    if text.find(value, first, start) == -1 and text.find(value, end, end + 600) == -1:
        return False  # the common case: the value appears once, told without a split
    lines = text[first:start].split("\n")[-4:] + text[end : end + 600].split("\n")[:4]
    low = value.lower()
    named = [line for line in lines if low in line.lower()]  # where a user could be the value
    if not named:
        return False
    users = (user for line in named for user in patterns.finditer(_USER_NAMED, line))
    return any(user.group(1).rstrip("`.;)").lower() == low for user in users)


# A user named (`POSTGRES_USER: app`, `username = "app"`, `-u root`), after a word's start or
# an escaped newline (`\\nuser = …` in a string), then the name.
_USER_NAMED = (
    r"(?i)(?:(?<![A-Za-z0-9])|(?<=\\n))(?:user(?:name)?|login|uid|-u)[\"']?[ \t]*[:= ][ \t]*"
    r"[\"']?([^\s\"',&]+)"
)


_DOCUMENTED_DEFAULT = (
    r"(?i)\b(?:documented|published|factory|vendor'?s|well[- ]known|manual'?s)[ -]"
    r"(?:[a-z]{2,12}[ -]){0,2}default"  # `documented local default`, `published admin default`
    # the default its project ships, in its sample or example config (`default in the sample
    # config.toml`, `the example .env's default`)
    r"|\bdefault\b[^.;\n]{0,12}\b(?:in|from|of)[ ](?:the[ ])?(?:sample|example|shipped|stock)\b"
    r"|\b(?:sample|example|shipped|stock)[ ](?:config|configuration|\.env|env)\S{0,12}[ ]default"
    # a value published for tests: `published sandbox merchant`, `public test cert`, a test
    # key `from the integration guide` (a dashboard's key is no manual's)
    r"|\b(?:documented|published)[ -](?:sandbox|test|demo)\b|\bpublic[ -](?:sandbox|test|demo)\b"
    r"|\b(?:test|sandbox|demo)\b[^.;\n]{0,40}\bfrom the\b[^.;\n]{0,30}"
    r"\b(?:docs|documentation|guide|manual|readme|quickstart)\b"
)


@lru_cache(maxsize=1)
def _documented_words() -> re.Pattern[str]:
    return patterns.compile(r"(?i)default|publi(?:shed|c)|documented|from the")


@lru_cache(maxsize=4)
def _documented_spots(text: str) -> list[int] | None:
    """Where the text, lowered, holds a word a documented value's comment needs, found once per
    text (a rule judges hundreds of values in one): None when lowering moves positions."""
    low = text.lower()
    if len(low) != len(text):
        return None
    spots = []
    for word in ("default", "publi", "documented", "from the"):
        at = low.find(word)
        while at != -1:
            spots.append(at)
            at = low.find(word, at + 1)
    return sorted(spots)


_INI_COMMENT = _COMMENT.replace("(?:", "(?:;|", 1)  # and an INI file's `;`
_DENIED_DEFAULT = (
    r"(?i)\b(?:not|never|no longer|isn't|wasn't|changed|rotated|replaced|instead of)\b[^.;\n]{0,20}"
    r"\b(?:default|documented|published|public|test|sandbox|demo|from)\b"
)


def _said_public_key(text: str, end: int, start: int | None = None) -> bool:
    """Whether the comment after the value on its line (or, given the value's `start`, a comment
    line of the three above) says the value itself is public (a strong name needs that: `#
    remove before the repo goes public` says nothing of it): a browser's or a client's key, `key,
    public`, `public by design`, `# public;` first, a key every page embeds."""
    line_end = text.find("\n", end, end + 300)
    after = patterns.search(_COMMENT, text[end : line_end if line_end != -1 else end + 300])
    if after is not None and _says_public_key(after.group(1)):
        return True
    if start is None or not _may_say_public(text):
        return False
    end_above = text.rfind("\n", max(0, start - 400), start)
    floor = max(0, end_above - 600)
    for _ in range(3):  # the three lines above: most are no comment
        if end_above <= floor:
            return False
        line_start = text.rfind("\n", floor, end_above) + 1 or floor
        first = line_start
        while first < end_above and text[first] in " \t":
            first += 1
        if text.startswith(_COMMENT_STARTS, first):
            said = patterns.compile(_COMMENT).match(text, first, end_above)
            if said is not None and _says_public_key(said.group(1)):
                return True
        end_above = line_start - 1
    return False


_COMMENT_STARTS = ("//", "#", "<!--", "/*", "--", "*")


# The words `_PUBLIC_KEY_SAID`, `_PUBLIC_FIRST` and `_EVERY_PAGE` need, lower-cased.
_PUBLIC_SAID_WORDS = (
    "publi",
    "browser",
    "client-side",
    "client side",
    "front",
    "every",
    "each",
    " all ",
)


@lru_cache(maxsize=16)  # the text, and the few a nested redaction reads between its values
def _may_say_public(text: str) -> bool:
    """Whether the text holds a word a comment calling a key public needs: most texts do not,
    and their values need no look at the lines above them."""
    low = text.lower()
    return any(word in low for word in _PUBLIC_SAID_WORDS)


_PUBLIC_KEY_SAID = (
    r"(?i)\b(?:browser|client[- ]side|front[- ]?end|publishable)[ -](?:api[ -])?(?:key|token)\b"
    r"|\b(?:key|token)\b[,:]?[ \t]+(?:is[ \t]+)?public\b(?![ \t]+(?:repo|repository))"
    r"|\bpublic[ \t]+by[ \t]+design\b"
)
_PUBLIC_FIRST = r"(?i)[ \t]*public\b(?![ \t]+(?:repo|repository|repositories|release|launch)\b)"


def _says_public_key(comment: str) -> bool:
    """Whether a comment says the value beside it is public (see `_said_public_key`): also
    `# public;` first, and a key every page embeds (sought only when its words are there)."""
    if patterns.search(_PUBLIC_KEY_SAID, comment) or patterns.match(_PUBLIC_FIRST, comment):
        return True
    return _every_page(comment)


def _every_page(comment: str) -> bool:
    low = comment.lower()
    return ("every" in low or "each" in low or " all " in low) and bool(
        patterns.search(_EVERY_PAGE, comment)
    )


def _in_web_config(text: str, start: int, end: int) -> bool:
    """Whether the value is a Google API key (`AIza…`) in a Firebase web app's config, beside
    the members only that config has: Firebase documents that key as public, the browser gets it
    with every page (the database's rules guard the data)."""
    return text.startswith("AIza", start) and (
        patterns.search(_FIREBASE_CONFIG, text[max(0, start - 400) : end + 400]) is not None
    )


_FIREBASE_CONFIG = r"(?i)authDomain|messagingSenderId|firebaseapp\.com|storageBucket"


def _said_public(text: str, start: int, end: int) -> bool:
    """Whether a comment, the value's label, its DNS record or the analytics SDK it is given to
    says the value at `start:end` is public."""
    # Only the 400 chars before the value: a longer line (minified code) is read no further
    # back, or each value on it would re-read all the line before it.
    if _in_web_config(text, start, end):
        return True
    newline = text.rfind("\n", max(0, start - 400), start)
    line_start = newline + 1 if newline != -1 else max(0, start - 400)
    if patterns.search(_PUBLIC_LABEL, text[max(line_start, start - 80) : start]):
        return True
    if patterns.search(_PUBLIC_RECORD, text[line_start:start]):
        return True
    line_end = text.find("\n", end, end + 300)
    after = patterns.search(_COMMENT, text[end : line_end if line_end != -1 else end + 300])
    above = text[max(0, newline - 600) : newline].split("\n")[-3:] if newline != -1 else []
    comments = [after.group(1)] if after else []
    comments += [
        c.group(1) for c in (patterns.match(r"[ \t]*" + _COMMENT, line) for line in above) if c
    ]
    if _given_to_sdk(text, start):  # unless a comment denies it
        return not any(patterns.search(_DENIED, comment) for comment in comments)
    return any(
        (patterns.search(_SAID_PUBLIC, comment) or _every_page(comment))
        and not patterns.search(_DENIED, comment)
        for comment in comments
    )


# What says a value with a public prefix is not public: a server's key, not the browser's.
_SAID_PRIVATE = (
    r"(?i)\bserver[- ]side\b|\bback[- ]?end[- ]only\b"
    r"|\bnot[ \t]+(?:(?:the|a)[ \t]+)?(?:browser|public|publishable|client[- ]side|front[- ]?end)\b"
)


def _said_private(text: str, start: int, end: int) -> bool:
    """Whether a comment after the value on its line, or a comment line of the three above,
    says it is a server's key (`# server-side key, not the browser one`): a public prefix
    (`pk.`, LocationIQ's and Mapbox's alike) says nothing then."""
    newline = text.rfind("\n", max(0, start - 400), start)
    line_end = text.find("\n", end, end + 300)
    after = patterns.search(_COMMENT, text[end : line_end if line_end != -1 else end + 300])
    above = text[max(0, newline - 600) : newline].split("\n")[-3:] if newline != -1 else []
    comments = [after.group(1)] if after else []
    comments += [
        c.group(1) for c in (patterns.match(r"[ \t]*" + _COMMENT, line) for line in above) if c
    ]
    return any(patterns.search(_SAID_PRIVATE, comment) for comment in comments)


def _encodes_prose(value: str) -> bool:
    """Base64 of a sentence (three words or more, printable): a greeting, a banner, a fixture's
    body encoded, which hides no secret by being encoded. (A secret word, or `user:password`,
    is one word.)"""
    import binascii

    if len(value) < 16 or len(value) % 4 or not value.rstrip("=").replace("+", "").isalnum():
        return False  # cheap, first: not base64 (`/` too: base64 of text rarely holds one)
    try:
        decoded = binascii.a2b_base64(value).decode("utf-8")
    except (binascii.Error, ValueError):
        return False
    words = decoded.split()
    return (
        len(words) >= 3
        and decoded.isprintable()
        and sum(patterns.fullmatch(r"[^\W\d_]{2,}[,.!?:]?", w) is not None for w in words) >= 3
    )
