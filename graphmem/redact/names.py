"""Which names say secret, and how strongly: the vocabulary a value beside a name is judged by.

Decisions (the tests pin each one):

- Names ending in KEY or TOKEN are often not secrets (``SORT_KEY=created_at``, ``MAX_TOKEN=4096``,
  ``KEY_LENGTH = 32`` does not even end in KEY). Their values are redacted only when they look
  generated (a letter and a digit, or long mixed case), and never when another word of the name
  makes it a lookup key (``_LOOKUP_WORDS``: ``IDEMPOTENCY_KEY``, ``CACHE_KEY``,
  ``NEXT_PAGE_TOKEN``, ``GPG_KEY`` …). lower/camelCase ``...Key`` names count only
  with a qualifier that makes them secret (``apiKey``, ``secretKey``, ``privateKey``...), never
  ``cacheKey``/``primaryKey``/``publicKey``. PASSWORD, SECRET and strong KEY names redact any
  literal value, numbers included (PINs).
"""

from __future__ import annotations

from functools import lru_cache

from graphmem import patterns
from graphmem.redact import languages
from graphmem.redact.values import (
    _PATH,
    _PUBLIC_PREFIX,
    _REFERENCE,
    _is_placeholder,
    _joined_words,
    _looks_generated,
    _looks_random,
    _names_field,
    _public_der,
    _public_point,
)


def _unjoined(word: str) -> str:
    """Without joiners: `പാസ്‌വേഡ്` is written with and without one."""
    return word.replace("\u200c", "").replace("\u200d", "")


_SESSION_NAME = r"(?i)sess|sid|auth|token|jwt|remember|login|logged|csrf|xsrf|secret"


# Any script's letters make words (`contraseña`, `пароль`, `密码`), with their combining marks
# (`पासवर्ड`, `รหัสผ่าน`); case changes split them too.
# Combining marks of the scripts whose words hold them (Indic, Thai, Lao, Hebrew's points,
# Burmese, Khmer) and joiners.
_MARKS = (
    "\u0300-\u036f\u0591-\u05c7\u0900-\u0dff\u0e31-\u0e4e\u0eb1-\u0ecd\u102b-\u103e"
    "\u1056-\u1059\u17b4-\u17d3\u200c\u200d"
)
_NAME_WORDS = rf"(?:(?![{_MARKS}])[\W_])+|(?<=[a-z0-9])(?=[A-Z])"
_KEY_QUALIFIERS = frozenset(
    "api secret private access master signing encryption auth app service license write "
    "preshared setup join enrollment enrolment registration bootstrap unseal recovery "
    "subscription account admin webhook consumer deploy session shared hmac jwt cookie "
    # what a key encrypts, decrypts, signs or validates with, and whose it is (a merchant's, an
    # application's: Paytm, Datadog): key material whatever its alphabet, hex included
    "encrypt decrypt decryption crypt cipher aes validation sign application merchant creds "
    "wallet".split()
)
# Words that make a KEY or TOKEN name a lookup key, not a credential: database, cache, storage,
# message and pagination keys, idempotency keys, fingerprints.
_LOOKUP_WORDS = frozenset(
    "idempotency idempotent foreign primary partition sort range cache memcache s3 object gpg pgp "
    "page next prev previous continuation cursor routing dedup dedupe lock request etag sha "
    "commit hash row index shard bucket correlation trace sequence lookup unique composite "
    "public publishable pub site socket nonce".split()
)


# psk, eap, xauth: as ipsec.secrets types them (`@user : EAP "password"`)
_NOT_PASSWORDS = (
    *("bypass", "compass", "surpass", "overpass", "underpass", "trespass", "multipass"),
    *("keepass", "lastpass", "nordpass", "enpass"),  # password managers: `KeePass: "Ops/DB"`
)
_PASSWORD_WORDS = frozenset(("pwd", "psk", "eap", "xauth", "requirepass", "masterauth", "authtok"))
# "Password" in the languages configs and notes are written in (`motdepasse`: mot_de_passe).
_FOREIGN_PASSWORDS = frozenset(
    "passwort kennwort motdepasse contraseña contrasena senha пароль 密码 口令 wachtwoord lösenord "
    "losenord salasana hasło haslo heslo jelszó jelszo şifre sifre parool passord adgangskode "
    "パスワード 비밀번호 geslo lozinka contrasenya jelszava hasła hasla sandi sandinya laluan khẩu "
    "slaptažodis slaptazodis lykilorð lykilord fjalëkalim fjalekalim fjalëkalimi nenosiri parole "
    "κωδικός סיסמה סיסמא رمز المرور 密碼 암호 "
    # and more languages and scripts: Afrikaans, Bulgarian and Macedonian, Georgian, Kazakh and
    # Kyrgyz, Hindi, Nepali and Marathi, Urdu and Persian, Thai, Bengali, Tamil, Telugu, Punjabi,
    # Gujarati, Armenian, Estonian, Welsh, Irish, Basque, Galician, Frisian, Luxembourgish,
    # Esperanto, Azerbaijani and Uzbek, Belarusian, Zulu, Igbo, Vietnamese's other word
    "wagwoord парола лозинка პაროლი құпиясөз сырсөз पासवर्ड پسورد گذرواژه รหัสผ่าน "
    "পাসওয়ার্ড கடவுச்சொல் పాస్వర్డ్ ਪਾਸਵਰਡ પાસવર્ડ գաղտնաբառ salasõna salasona cyfrinair "
    "pasfhocal pasahitza contrasinal wachtwurd passwuert pasvorto şifrə parol гасло iphasiwedi "
    "okwuntughe".split()
) | frozenset(_unjoined(w) for w in languages.PASSWORDS)  # and every other language's
# Inflected (`Passordet`, `adgangskoden`, `Паролата`, `salasanasi`): a long word's own endings.
_INFLECTED = tuple(w for w in _FOREIGN_PASSWORDS if len(w) >= 5 and w not in ("parole", "parola"))
# Words that name a password only together, matched whole (a name is otherwise read back to its
# last word only): French's, and Urdu's `پاس ورڈ` ("pass word").
_PHRASES = ("mot de passe", "پاس ورڈ", "የይለፍ ቃል", *languages.PASSWORD_PHRASES)
_PHRASE_WORDS = frozenset(  # as a name is read: its words, lower-case
    " ".join(phrase.lower().replace("'", " ").replace("-", " ").split()) for phrase in _PHRASES
)
# "Key" in other languages, to judge `API-Schlüssel`, `clé API` as `API key` is judged.
_FOREIGN_KEYS = (
    frozenset(
        "schlüssel schluessel sleutel nøgle nogle nyckel avain kulcs klucz klíč klic ключ ключа "
        "clave chiave chave clé cle cheie anahtar anahtar\u0131 kunci 密钥 密鑰 키 キー "
        # and Lithuanian, Latvian, Estonian, Icelandic, Albanian, South Slavic, Greek, Hebrew,
        # Arabic, Persian, Hindi, Armenian, Georgian, Swahili, Vietnamese
        "raktas rakto atslēga atslega võti voti lykill çelës celes ključ kljuc κλειδί מפתח مفتاح "
        "کلید कुंजी բանալի გასაღები ufunguo khóa".split()
    )
    | languages.KEYS
)
# Plurals name several values of the singular's kind (`APP_KEYS=a,b`, `tokens`).
_PUBLIC_HEADER_WORDS = frozenset("public pub publishable site client id kid".split())
_PLURALS = {"keys": "key", "tokens": "token", "secrets": "secret", "passwords": "password"}
_KEY_STORES = frozenset(("p12", "pfx", "pkcs12", "keystore", "jks"))
_KEY_STORE_ENDS = _KEY_STORES | {"b64", "base64", "key", "data"}


def _misspelt_password(word: str) -> bool:
    """`password` one slip away, as people and dialects write it (`pasword`, `passwird`,
    `passowrd`, `passwrd`): one letter dropped, added, changed, or two swapped, past `pas`."""
    target = "password"
    if not word.startswith("pas") or not 7 <= len(word) <= 9 or word.startswith(target):
        return False
    if len(word) != len(target):
        short, long = sorted((word, target), key=len)
        return len(long) - len(short) == 1 and any(
            long[:i] + long[i + 1 :] == short for i in range(3, len(long))
        )
    slips = [i for i, (a, b) in enumerate(zip(word, target, strict=True)) if a != b]
    if len(slips) == 1:
        return word[slips[0]].isalpha()
    i = slips[0]
    return slips == [i, i + 1] and word[i] == target[i + 1] and word[i + 1] == target[i]


@lru_cache(maxsize=512)  # the same few names (token, api_key, PASSWORD) recur all through a text
def _classify_name(name: str) -> tuple[str, str] | None:
    """(kind, strength) for a secret-bearing name, else None. Strength is "strong" (any literal
    value is a secret), "weak" (only values that look generated), "random" (a lone `key`,
    which names anything: only values that look random) or "material" (a seed, an IV: key bytes,
    in hex or random)."""
    name = name.replace("\u200c", "").replace("\u200d", "")  # joiners: Telugu's `పాస్\u200cవర్డ్`
    words = [w.lower() for w in patterns.split(_NAME_WORDS, name) if w]
    if not words:
        return None
    if " ".join(words[-2:]) in _PHRASE_WORDS and words[-2] in _FOREIGN_KEYS:
        return "password", "strong"  # Turkmen's `açar sözi`, "key word", before `açar` is key
    words = [
        "key" if w in _FOREIGN_KEYS else "token" if w in languages.TOKENS else w for w in words
    ]
    if words[-2:] in (["pass", "word"], ["pass", "phrase"], ["pass", "code"], ["auth", "tok"]):
        words[-2:] = [words[-2] + words[-1]]  # PASS_PHRASE, passWord, ldap_auth_tok
    if words[-3:] == ["mot", "de", "passe"]:
        words[-3:] = ["motdepasse"]
    if len(words) > 1 and words[-1] in _PLURALS:
        words[-1] = _PLURALS[words[-1]]
        found = _classify_name("_".join(words))  # a list: only generated values, as weak names
        return found if found is None or found[1] != "strong" else (found[0], "weak")
    if not _KEY_STORES.isdisjoint(words) and words[-1] in _KEY_STORE_ENDS:
        return "private_key", "blob"  # MATCH_P12_BASE64, SIGNING_KEYSTORE_B64: key stores
    last = words[-1]
    if last in ("b64", "base64", "hex"):  # a secret encoded is the secret: passwordBase64
        found = _classify_name("_".join(words[:-1])) if len(words) > 1 else None
        if found and (found[1] == "strong" or found[1] == "material"):
            return found[0], "hex" if last == "hex" else "base64"
        return None
    if "".join(words).endswith(_NOT_PASSWORDS) or words == ["1", "password"]:
        return None  # `KeePass: "Ops/DB"`, `1Password: "GLS API"`: a manager's item; `bypass`
    if "existing" in words:
        return None  # Helm's existingSecret: the name of a Kubernetes Secret
    if last == "secret" and words[-2:-1] in (["password"], ["tls"]):
        return "secret", "random"  # Helm's passwordSecret names a Secret; Graylog's is random
    if (
        last.endswith(("password", "passwd", "passphrase", "passcode", "pwd"))
        or (last in _PASSWORD_WORDS or last in _FOREIGN_PASSWORDS)
        or (
            " ".join(words[-2:]) in _PHRASE_WORDS
            or " ".join(words[-3:]) in _PHRASE_WORDS
            or _inflected(last)
            or _misspelt_password(last)
        )
    ):
        return "password", "strong"
    if last == "parola":  # Turkish and Romanian for password, Italian for word
        return "password", "weak"
    if last.endswith("pw") and len(last) <= 8:  # $pw, db_pw, adminPw, kickstart's rootpw
        return "password", "strong"
    if last == "passkey":  # M-Pesa's; WebAuthn's is a setting (`passkey: true`)
        return "password", "weak"
    if last in ("pin", "pincode", "puk"):
        return "password", "pin"
    if len(last) > 4 and last.endswith("pass") and not last.endswith(_NOT_PASSWORDS):
        return "password", "weak"  # dbpass, keytool's -storepass; but GPASS = 10, lowpass
    if last == "pass":  # alone (rclone's `pass = …`) it is also a count: `pass: 12`
        return ("password", "strong") if len(words) > 1 else ("password", "weak")
    if (
        last.endswith(("secret", "apikey", "mnemonic"))
        or (words[-2:] == ["secret", "id"] and not name.startswith("-"))  # Vault, Consul; not
        # `aws secretsmanager … --secret-id prod/api`, a name
        or words[-3:] == ["secret", "key", "base"]
        or words[-2:] == ["seed", "phrase"]
        or (last == "seed" and words[-2:-1] in (["totp"], ["otp"], ["hotp"], ["mfa"]))
    ):
        return "secret", "strong"
    if last in ("seed", "macaroon") or (last == "iv" and len(words) > 1):
        return "secret", "material"  # a wallet's seed, LND's macaroon, a cipher's IV: key bytes
    if last.endswith("salt") or last == "pepper":  # before the lookup words: `hash_salt`
        return "secret", "weak"
    if words[-2:] == ["client", "key"]:  # Adyen, Midtrans, Braintree: put in web pages
        return None
    if last == "key" and words[-2:-1] in (["primary"], ["secondary"]):  # Azure's primaryKey
        return "secret", "long"  # but a table's primary key is an id: only a long random value
    if (
        last == "key"
        and words[-2:-1]
        and words[-2] in _KEY_QUALIFIERS
        and _LOOKUP_WORDS.intersection(words) <= {"primary", "secondary", "s3", "object"}
    ):
        return "secret", "strong"  # the word before KEY decides: primaryMasterKey, s3_access_key
    if words[-3:] == ["access", "key", "id"] or words[-2:] == ["token", "name"]:
        return "secret", "random"  # S3-compatible key ids (rclone, DigitalOcean), join tokens
    if last == "encrypt" or (last in ("ak", "sk") and name.startswith("-")):
        return "secret", "random"  # Consul's gossip key; `--ak … --sk …` (access, secret key)
    if not _LOOKUP_WORDS.isdisjoint(words[:-1]):
        return None
    if (
        words[0] == "x"
        and len(words) >= 3
        and last in ("key", "token")
        and _PUBLIC_HEADER_WORDS.isdisjoint(words)
    ):
        return "secret", "strong"  # a vendor's header, named for the key it carries: X-Gladia-Key
    if last == "pat":  # GITHUB_PAT, ADO_PAT: a personal access token
        return "secret", "weak"
    if last.endswith("signer"):  # signer: AwsSdkSigV4Signer names a class; a signing key is long
        return "secret", "long"
    if last.endswith(("token", "auth")) or words == ["bearer"]:  # not MetadataBearer
        return "secret", "weak"
    if last.endswith(("credentials", "creds")):  # also `credentials: include`, `same-origin`
        return "secret", "random"
    if last != "key":  # SECRETKEY, privatekey: a qualifier glued to it (HTML's accesskey="s")
        return ("secret", "weak") if last[:-3] in _KEY_QUALIFIERS and last[-3:] == "key" else None
    if len(words) < 2:
        return "secret", "random"
    if words[-2] in _KEY_QUALIFIERS:
        return "secret", "strong"
    return ("secret", "weak") if name.isupper() else ("secret", "keyed")  # ingest_key


def _inflected(word: str) -> bool:
    """`Passordet`, `Паролата`: a foreign word for password with an ending of up to 4 letters."""
    return word.startswith(_INFLECTED) and any(
        word.startswith(w) and len(word) - len(w) <= 4 for w in _INFLECTED
    )


# An OpenPGP key id or fingerprint, as a signing key's setting names the key (git's
# `user.signingkey`, Gradle's `signing.keyId`): the key is elsewhere.
_KEY_ID = r"(?i)(?:0x)?(?:[0-9a-f]{8}|[0-9a-f]{16}|[0-9a-f]{40})"
# ... but a signing secret (a webhook's `SIGNING_SECRET`) is the secret itself.
_NAMES_KEY_ID = r"(?i)sign(?!.*(?:secret|passw|token))"


_VERSIONS = r"v?\d+(?:\.\d+)+(?:-(?:v?\d+(?:\.\d+)+)?)?"  # 3.0, 3.0-, 3.0-3.12


def _secret_kind(name: str, value: str, typed: bool = False) -> str | None:
    """The kind of secret `value` is as the value of `name`, or None when it is not one.
    `typed`: the syntax says the value is a secret (Cisco's `key 7 …`), a lone key included."""
    classified = _classify_name(name)
    if classified is None:
        return None
    kind, strength = classified
    if (
        len(value) < 3  # `api_key="k"`: a stand-in
        or patterns.fullmatch(_VERSIONS, value)  # typeshed's `pwd: 3.0-`: a module's versions
        or _is_placeholder(value, name)
        or patterns.fullmatch(_PATH, value)
        or "://" in value
        or patterns.match(_REFERENCE, value)
        or _public_der(value)
        or _public_point(value)
        or patterns.match(_PUBLIC_PREFIX, value)
        or _names_field(value)
        or (patterns.search(_NAMES_KEY_ID, name) and patterns.fullmatch(_KEY_ID, value))
    ):
        return None
    if strength == "random" and not typed:
        return kind if _looks_random(value) else None
    if strength == "keyed":  # not an identifier of words: result_key: Ipv6CidrAssociations
        runs = patterns.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", value)
        wordy = sum(map(len, runs)) >= 3.5 * len(runs) and not patterns.fullmatch(
            "[A-Z0-9]+", value
        )
        return kind if _looks_random(value) and not wordy else None  # (capitals and digits:
        # a generator's alphabet, whose letter runs are long: `ws_key=HAEXANYD407U2…`)
    if strength == "long":
        mixed = value.lower() != value != value.upper()
        return kind if len(value) >= 32 and mixed and _looks_random(value) else None
    if strength == "material":  # not `seed: 42`, `iv: none`: a key's bytes, in hex or random
        if value.isdigit():  # a generator's seed as a number (numpy's SeedSequence entropy)
            return None
        hexadecimal = patterns.fullmatch(r"(?:0x)?[0-9a-fA-F]{32,}", value) is not None
        return kind if hexadecimal or (len(value) >= 24 and _looks_random(value)) else None
    if strength == "hex":
        return kind if patterns.fullmatch(r"(?:0x)?[0-9a-fA-F]{16,}", value) else None
    if strength == "base64":
        return kind if patterns.fullmatch(r"[A-Za-z0-9+/]{8,}={0,2}", value) else None
    if strength == "blob":
        return kind if patterns.fullmatch(r"[A-Za-z0-9+/]{64,}={0,2}", value) else None
    if strength == "pin":  # PIN: 4821, but not `pin: true` or a pinned version
        return kind if patterns.fullmatch(r"\d{4,8}", value) else None
    if strength != "strong" and (
        not _looks_generated(value)
        or _joined_words(value)
        or patterns.fullmatch(r"[A-Za-z]{2,8}(?:[-_]\d{2,})+", value)  # ORD-2024-000123: an id
        or patterns.search(r"\[[^\]]*\]|\{\d", value)  # HEX_PAT = "[0-9A-Fa-f]{1,4}": a regex
    ):
        return None
    return kind
