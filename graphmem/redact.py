"""Redaction of every text before graphmem writes it anywhere: store, outbox, server, dump, logs.

Two jobs, in this order:

1. ``<private>...</private>`` blocks are dropped entirely (case-insensitive, nested, multi-line).
   An unclosed ``<private>`` drops everything after it: losing a tail is better than leaking it.
2. Secrets are replaced by ``[REDACTED:<kind>]``. The patterns are precision-first: tokens whose
   prefix their provider documents (``_PREFIXED``: AWS, GitHub, GitLab, Slack, OpenAI,
   Anthropic, Stripe, Twilio, Vault, Docker, Databricks, Shopify, DigitalOcean, Atlassian …),
   JWTs, private key blocks (PEM and PGP with their armor headers, PuTTY, SSH2, base64-encoded
   PEM as in Kubernetes secrets, and a block cut in two, by the key lines above its END line), JWK
   private members, Ansible vault ciphertext, registry logins, passwords in URLs (``/``
   included), ``.pgpass`` and ``sasl_passwd`` lines, ``curl -u``, ``-auth user:token``,
   ``sshpass -p``, ``mysql -p…``, ``net user NAME PASSWORD``, ``gh secret set --body``, SQL
   ``IDENTIFIED BY``, Authorization headers of any scheme, Azure SAS signatures, Slack, Discord
   and Teams webhook URLs, and assignments whose *name* says secret in the syntaxes where secrets
   are written: env files and shells, JSON, YAML, code (``=``, ``:=``, ``=>``,
   ``$cfg["password"] =``), PHP ``define()``, XML elements (Maven ``<password>``), ``.netrc``,
   daemon directives (``requirepass``), and values named beside them (.NET ``<add key value>``,
   Android ``<string name>``, plist ``<key>``/``<string>``, Kubernetes and ECS env entries). For
   URLs, headers and assignments only the value is replaced, so the memory still says which
   variable or user was involved. Beside a telling name the syntax between does not matter (DSLs,
   directives, prose, setters, argv lists, calls given a password, defaults under their
   variable): the value decides. Tools' own password flags, commands that store a secret,
   session cookies, credential-looking header values, signed-URL signatures, unarmored DER and
   OpenSSH key bodies, and JSON secrets in base64 are found by their shape.

Decisions (the tests pin each one):

- Placeholders are kept, because they hold no secret and say something useful ("left at the
  default"): empty values, ``${VAR}``, ``$VAR``, ``$(cmd)``, ``%VAR%``, ``{{ tpl }}``,
  ``<your-key>``, ``xxx``/``***``/``...``, ``your_key_here``, the words changeme, example,
  placeholder, dummy, redacted, none, null, nil, undefined, true, false, todo, tbd, fixme,
  required, secret, password, token, api_key, and a value equal to its own name
  (``API_KEY=api-key``). Fixed-prefix tokens whose
  random part is filler (``AKIAXXXXXXXXXXXXXXXX``) are kept too.
- Code is not a value: in ``token = tokens[i]``, ``API_KEY = os.environ["API_KEY"]`` or
  ``password: str`` the right-hand side is an expression or a type, so it is kept; a quoted literal
  in code (``SECRET_KEY = "django-insecure-..."``) is redacted. A bare word is a literal only where
  shells and config files make it one: ``NAME=word`` with an upper-case name (env files, shells,
  Docker), ``--password word`` flags, and ``name: word`` alone on a YAML line.
- Names ending in KEY or TOKEN are often not secrets (``SORT_KEY=created_at``, ``MAX_TOKEN=4096``,
  ``KEY_LENGTH = 32`` does not even end in KEY). Their values are redacted only when they look
  generated (a letter and a digit, or long mixed case), and never when another word of the name
  makes it a lookup key (``_LOOKUP_WORDS``: ``IDEMPOTENCY_KEY``, ``CACHE_KEY``,
  ``NEXT_PAGE_TOKEN``, ``GPG_KEY`` …). lower/camelCase ``...Key`` names count only
  with a qualifier that makes them secret (``apiKey``, ``secretKey``, ``privateKey``...), never
  ``cacheKey``/``primaryKey``/``publicKey``. PASSWORD, SECRET and strong KEY names redact any
  literal value, numbers included (PINs).
- Values that are paths (``SSH_KEY=~/.ssh/id_rsa``, ``uploads/2024/a.png``) or URLs are kept; a
  password inside a URL is found by the URL rule.
- Every quantifier that can meet an attacker's text is bounded, and no trigger inside a finished
  redaction is tried again, so no input makes redaction quadratic (tests/test_redact.py has one
  adversarial input per pattern family).

Redaction is idempotent: markers are never matched again, and a value already holding a marker is
left alone. Only the standard library is imported, because this runs inside every hook process;
user patterns alone load google-re2 (see Redactor).
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cache, cached_property, lru_cache

from graphmem.errors import Exit, GraphmemError
from graphmem.record import record

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    from typing import Any

__all__ = ["Redaction", "RedactionTimeout", "Redactor", "redact"]

MARKER_PREFIX = "[REDACTED:"
_MARKER = re.compile(r"\[REDACTED:[a-z_]+\]")

# A finder turns a regex match into (kind, start, end) of the secret to replace (or a list of
# them, in order, for a match that holds several: a cookie header), or None to keep it.
_Span = tuple[str, int, int]
_Found = _Span | list[_Span] | None
_Finder = Callable[[re.Match[str]], _Found]


@record(frozen=True)
class Redaction:
    text: str
    counts: dict[str, int]  # kind -> number replaced, e.g. {"aws_access_key": 1, "private": 2}


@record(frozen=True)
class _Rule:
    """A regex whose every match starts at one of its literal triggers.

    Finding the triggers with `str.find` and matching only there is what keeps ordinary text cheap:
    a regex scan would try every position. The regex is compiled on first use, so a hook process
    pays only for the rules its text triggers.
    """

    regex: str
    find: _Finder
    triggers: tuple[str, ...]
    fold: bool = False  # case-insensitive: triggers are lower-case and sought in lowered text
    needs: str = ""  # a rarer string the text must hold, sought once before many short triggers

    @cached_property
    def pattern(self) -> re.Pattern[str]:
        return re.compile(self.regex, re.IGNORECASE if self.fold else 0)

    @cached_property
    def _gated(self) -> tuple[str, tuple[tuple[str, str], ...]]:
        return _gate(self.needs), tuple((t, _gate(t)) for t in self.triggers)

    def matches(
        self, text: str, folded: str, done: list[int], words: str | None = None
    ) -> Iterator[re.Match[str]]:
        """Matches at the triggers; `done[0]` is where the caller's last redaction ended, and
        no match is tried inside it (a text of back-to-back secrets costs one pass, not one per
        trigger). Given `words` (see `_Words`), a trigger that cannot occur is not sought: a
        find there costs a fraction of one in the text, and most rules end there."""
        haystack = folded if self.fold else text
        triggers = self.triggers
        if words is not None:
            needs, gated = self._gated
            if needs not in words:
                return
            triggers = tuple(t for t, gate in gated if gate in words)
        if self.needs not in haystack:
            return
        starts = sorted({i for t in triggers for i in _occurrences(haystack, t)})
        if not starts:
            return
        if len(haystack) != len(text):  # lower() grew a character: positions do not carry over
            yield from self.pattern.finditer(text)
            return
        for start in starts:
            if start < done[0]:
                continue
            match = self.pattern.match(text, start)
            if match is not None:
                yield match


def _gate(trigger: str) -> str:
    """The longest piece of `trigger` with no whitespace in it, lower-cased: wherever the trigger
    occurs, this piece lies inside one of the text's whitespace-separated words."""
    return max(trigger.lower().split() or [""], key=len)


class _Words:
    """The text's distinct whitespace-separated words, lower-cased, one a line: what rule gates
    are sought in. Ordinary text repeats its words, so this is a fraction of the text, and
    finding ~150 triggers there costs less than finding them in the text. A redaction keeps it a
    superset: the lines that now hold a marker are added (a word is never cut by a line break),
    and when that would outgrow the text, the text itself serves."""

    def __init__(self, folded: str) -> None:
        self.words = "\n".join(set(folded.split()))

    def redacted(self, text: str, folded: str, markers: list[int]) -> None:
        """`text` is the new text, `folded` its lowered form, `markers` where its markers start."""
        if len(folded) != len(text):  # lower() grew a character: positions do not carry over
            self.words = folded
            return
        lines = []
        line_end = -1
        for at in markers:
            if at > line_end:
                line_end = folded.find("\n", at) % (len(folded) + 1)  # -1: the text's end
                lines.append(folded[folded.rfind("\n", 0, at) + 1 : line_end])
        size = len(self.words) + sum(map(len, lines))
        self.words = folded if size >= len(folded) else "\n".join((self.words, *lines))


def _occurrences(haystack: str, needle: str) -> Iterator[int]:
    at = haystack.find(needle)
    while at != -1:
        yield at
        at = haystack.find(needle, at + 1)


# --------------------------------------------------------------------------- <private> blocks

_PRIVATE_TAG = re.compile(r"<\s*(/\s*)?private(?=[\s/>])([^<>]*)>", re.IGNORECASE)


def _drop_private(text: str) -> tuple[str, int]:
    """Remove <private> blocks, counting top-level blocks; repeat because removal can join the
    halves of a tag (``<pri<private>x</private>vate>``) into a new one."""
    total = 0
    while True:
        text, removed, open_left = _drop_private_once(text)
        total += removed
        if not open_left:
            return text, total


def _drop_private_once(text: str) -> tuple[str, int, bool]:
    pieces: list[str] = []
    depth = removed = 0
    keep_from = 0
    for tag in _PRIVATE_TAG.finditer(text):
        closing = tag.group(1) is not None
        if not closing and tag.group(2).rstrip().endswith("/"):  # <private/> holds nothing
            if depth == 0:
                pieces.append(text[keep_from : tag.start()])
                keep_from = tag.end()
            continue
        if not closing:
            if depth == 0:
                pieces.append(text[keep_from : tag.start()])
                removed += 1
            depth += 1
        elif depth > 0:  # a stray </private> outside any block is harmless text: keep it
            depth -= 1
            if depth == 0:
                keep_from = tag.end()
    if depth == 0:
        pieces.append(text[keep_from:])
    out = "".join(pieces)
    joined = len(out) != len(text)  # only a removal can join the halves of a new tag
    open_left = joined and any(t.group(1) is None for t in _PRIVATE_TAG.finditer(out))
    return out, removed, open_left


# --------------------------------------------------------------------------- value judgements

# These patterns judge a value that already looks like a secret, so most texts never need them:
# they stay source text, compiled on first use through re's own cache (`re.match(_PLACEHOLDER,
# ...)`), which spares every hook ~2 ms of compiling them up front.
_PLACEHOLDER = r"""(?ix)^(?:
        \$\{[^}]*\}? | \$\(.*\)? | \$[A-Za-z_]\w* | %[A-Za-z_]\w*% | \{\{.*\}\} | \#\{[^}]*\}\#?
      | \$\d+ | \? | @[A-Za-z_]\w*                      # SQL parameters: $1, ?, @password
      | <[^<>]*> | [x*.#•_-]{3,} | x+ | …
      | your[-_ ].* | your[a-z]*(?:key|token|secret|password) | .*[-_ ]here
      | change[-_]?me | replace[-_]?me | example | placeholder | dummy | redacted
      | none | null | nil | undefined | true | false | todo | tbd | fixme | required
      | secret | password | passwd | token | api[-_]?key | env | stdin | prompt
    )$"""
# `os.environ.get`, `self.token`, `os.environ[`, `getpass(`: code that computes a value.
_CODE_REFERENCE = (  # `std::env::var(`, `Config::get(`: Rust, C++, PHP and Ruby paths too
    r"[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)+|[A-Za-z_$][\w$.:]*!?[(\[].*"  # env!(
)
# A secret kept elsewhere, named by reference: YAML tags (`!secret name`, `!Ref X`), Symfony
# parameters, Grafana's `$__file{…}`, SOPS ciphertext, ARNs, and `store:` references (vault, SSM,
# keychain, TeamCity's `credentialsJSON:<uuid>`, any `word:/path`).
_REFERENCE = r"""(?ix)(?:
        ![A-Za-z]\w*$ | %[\w.()-]+%$ | \$__\w+\{ | ENC\[ | arn:aws[\w-]*:
      | (?:credentials\w*|secretsmanager|ssm|vault|keyvault|keychain|keyring|kms|sops|env|file
          |secret|secrets|op|ref)[:+]
      | [a-z][\w.+-]{1,40}:(?:/|[0-9a-f]{8}-[0-9a-f]{4}-)
    )"""
_NON_ALNUM = r"[^a-z0-9]+"
_BARE_WORD = r"[A-Za-z_]\w*"
_PATH = (
    r"(?:~|\.{1,2})?/[\w.@+-]*(?:/[\w.@+-]*)+|(?:~|\.{1,2})/[\w.@+-]+"
    r"|[\w-]+(?:/[\w.@+-]+)+\.[A-Za-z][A-Za-z0-9]{0,5}"  # uploads/2024/a.png: no base64 has a dot
    # resource names of secrets kept elsewhere (projects/p/secrets/db-password/versions/3,
    # secret/data/prod): words and numbers, where base64 mixes cases within a segment
    r"|[a-z][a-z0-9-]*(?:/(?:[a-z][a-z0-9_-]*|[a-z]+(?:[A-Z][a-z]+)+|\d+)){2,}"
)
_CAMEL_WORDS = r"[a-z]+(?:[._]?[A-Z][a-z]+)+|[A-Z][a-z]+(?:[._]?[A-Z][a-z]+)+"  # Token.Name.Builtin
_TYPE_NAMES = frozenset(
    "str string int integer bool boolean bytes float number any object optional secretstr "
    "secretbytes unknown char".split()
)


def _is_placeholder(value: str, name: str = "") -> bool:
    bare = value.strip()
    if not bare or re.match(_PLACEHOLDER, bare):
        return True
    return bool(name) and len(bare) <= 2 * len(name) and _squash(bare) == _squash(name)


def _squash(word: str) -> str:
    return re.sub(_NON_ALNUM, "", word.lower())


_HAS_DIGIT = re.compile(r"\d").search  # tiny: compiled at import for ~20 µs
_HAS_LETTER = re.compile(r"[^\W\d_]").search


def _looks_generated(value: str) -> bool:
    """True for values that look machine-made (keys, tokens), false for words and numbers.
    (Searches, not loops over characters: a value can be 512 characters, at every trigger.)"""
    if len(value) < 8 or len(value.split(None, 1)) != 1:  # a blank inside
        return False
    if not (value.isalpha() or value.isdigit()) and _HAS_DIGIT(value) and _HAS_LETTER(value):
        return True
    mixed = value.lower() != value and value.upper() != value
    return len(value) >= 20 and mixed and not re.fullmatch(_CAMEL_WORDS, value)


def _has_entropy(body: str) -> bool:
    """Fixed-prefix tokens whose random part is filler (AKIAXXXXXXXXXXXXXXXX) are placeholders."""
    return len(set(body.lower())) > 4


# --------------------------------------------------------------------------- fixed-format tokens


def _whole(kind: str) -> _Finder:
    return lambda m: (kind, m.start(), m.end())


def _token(kind: str, group: int = 0) -> _Finder:
    """Finder replacing `group`, unless the token's random part (its last matched group) is
    filler."""

    def find(m: re.Match[str]) -> _Found:
        if not _has_entropy(m.group(m.lastindex or group)):
            return None
        return kind, m.start(group), m.end(group)

    return find


def _generated(kind: str) -> _Finder:
    """Finder for prefixes that also start ordinary words (`sk-`): the match must look generated."""

    def find(m: re.Match[str]) -> _Found:
        if _is_placeholder(m.group()) or not _looks_generated(m.group()):
            return None
        return kind, m.start(), m.end()

    return find


def _rule(regex: str, find: _Finder, *triggers: str) -> _Rule:
    return _Rule(regex, find, triggers)


_B = r"(?<![A-Za-z0-9_-])"  # a token starts at a boundary: `sk-` inside `task-list` is no key
_E = r"(?![A-Za-z0-9_-])"

_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
# Tokens whose prefix their provider documents (the prefixes secret scanners key on): kind,
# prefixes, and the shape of the random part. Each prefix is a literal trigger, so a text that
# holds none of them costs one `str.find` per prefix.
_PREFIXED: tuple[tuple[str, str, str], ...] = (
    ("aws_access_key", "AKIA ASIA", r"[A-Z0-9]{16}"),
    ("github_token", "ghp_ gho_ ghu_ ghs_ ghr_", r"[A-Za-z0-9]{36,251}"),
    ("github_token", "github_pat_", r"[A-Za-z0-9_]{40,251}"),
    (
        "gitlab_token",
        "glpat- gldt- glrt- glptt- glft- glsoat- glagent- glcbt- glffct- glimt- gloas- GR1348941",
        r"[A-Za-z0-9_-]{20,}",
    ),
    (
        "slack_token",
        "xoxa- xoxb- xoxc- xoxd- xoxe- xoxo- xoxp- xoxr- xoxs- xapp-",
        r"[A-Za-z0-9%-]{10,}",
    ),
    ("stripe_key", "sk_live_ rk_live_ sk_test_ rk_test_ sk_prod_ rk_prod_", r"[A-Za-z0-9]{16,}"),
    ("stripe_key", "whsec_", r"[A-Za-z0-9]{24,}"),
    ("google_api_key", "AIza", r"[0-9A-Za-z_-]{35}"),
    ("npm_token", "npm_", r"[A-Za-z0-9]{36}"),
    ("pypi_token", "pypi-", r"AgE[A-Za-z0-9_-]{50,}"),
    ("huggingface_token", "hf_ api_org_", r"[A-Za-z0-9]{34,}"),
    ("sendgrid_key", "SG.", r"[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{43}"),
    # Discord bot: base64 of the bot's numeric id, a timestamp, an HMAC
    (
        "discord_token",
        "MT Mj Mz ND NT Nj Nz OD OT",
        r"[A-Za-z0-9_-]{22,24}\.[A-Za-z0-9_-]{6}\.[A-Za-z0-9_-]{27,38}",
    ),
    ("twilio_key", "SK", r"[0-9a-f]{32}"),
    ("databricks_token", "dapi", r"[0-9a-f]{32}(?:-\d)?"),
    ("databricks_token", "dose", r"[0-9a-f]{32}"),  # service principals' OAuth secrets
    ("shopify_token", "shpat_ shpca_ shppa_ shpss_", r"[0-9a-fA-F]{32}"),
    ("digitalocean_token", "dop_v1_ doo_v1_ dor_v1_", r"[0-9a-f]{64}"),
    ("google_oauth_token", "ya29.", r"[A-Za-z0-9_-]{30,}"),
    ("vault_token", "hvs. hvb. hvr.", r"[A-Za-z0-9_-]{24,}"),
    ("docker_token", "dckr_pat_ dckr_oat_", r"[A-Za-z0-9_-]{20,}"),
    ("age_key", "AGE-SECRET-KEY-1", r"[0-9A-Z]{58}"),
    ("atlassian_token", "ATATT3 ATCTT3", r"[A-Za-z0-9_=-]{100,}"),
    ("bitbucket_token", "ATBB", r"[A-Za-z0-9]{32}"),
    ("mailgun_key", "key-", r"[0-9a-f]{32}"),
    ("linear_token", "lin_api_ lin_oauth_", r"[A-Za-z0-9]{40}"),
    ("postman_key", "PMAK-", r"[0-9a-f]{24}-[0-9a-f]{34}"),
    ("sentry_token", "sntryu_ sntrys_", r"[A-Za-z0-9_=+/-]{50,}"),
    ("grafana_token", "glsa_ glc_", r"[A-Za-z0-9_=+/-]{32,}"),
    ("newrelic_key", "NRAK- NRII- NRJS-", r"[A-Za-z0-9_-]{19,}"),
    ("doppler_token", "dp.pt. dp.st. dp.sa. dp.ct. dp.scim. dp.audit.", r"[A-Za-z0-9_.-]{40,}"),
    ("pulumi_token", "pul-", r"[0-9a-f]{40}"),
    ("supabase_token", "sbp_", r"[0-9a-f]{40}"),
    ("square_token", "sq0atp- sq0csp- EAAA", r"[A-Za-z0-9_-]{22,}"),
    ("contentful_token", "CFPAT-", r"[A-Za-z0-9_-]{43}"),
    ("dynatrace_token", "dt0c01.", r"[A-Z0-9]{24}\.[A-Z0-9]{64}"),
    ("mapbox_token", "sk.eyJ", r"[A-Za-z0-9_-]{20,}\.[A-Za-z0-9_-]{20,}"),
    ("alibaba_key", "LTAI", r"[A-Za-z0-9]{12,20}"),
    ("rubygems_token", "rubygems_", r"[0-9a-f]{48}"),
    ("nuget_key", "oy2", r"[a-z0-9]{43}"),
    ("planetscale_token", "pscale_tkn_ pscale_pw_ pscale_oauth_", r"[A-Za-z0-9_=.-]{32,}"),
    ("tailscale_key", "tskey-", r"[A-Za-z0-9-]{30,}"),
    ("groq_key", "gsk_", r"[A-Za-z0-9]{52}"),
    ("replicate_token", "r8_", r"[A-Za-z0-9]{37}"),
    ("perplexity_key", "pplx-", r"[A-Za-z0-9]{48}"),
    ("xai_key", "xai-", r"[A-Za-z0-9]{80}"),
    ("langsmith_key", "lsv2_pt_ lsv2_sk_", r"[0-9a-f]{32}_[0-9a-f]{10}"),
    ("notion_token", "ntn_", r"[A-Za-z0-9]{40,}"),
    ("figma_token", "figd_", r"[A-Za-z0-9_-]{40}"),
    ("buildkite_token", "bkua_", r"[0-9a-f]{40}"),
    ("circleci_token", "CCIPAT_ CCIPRJ_", r"[A-Za-z0-9]{22}_[0-9a-f]{40}"),
    ("jfrog_token", "AKCp cmVmdGtu", r"[A-Za-z0-9]{56,}"),
    ("frameio_token", "fio-u-", r"[A-Za-z0-9_=-]{64}"),
    ("adafruit_key", "aio_", r"[A-Za-z0-9]{28}"),
    ("prefect_key", "pnu_", r"[A-Za-z0-9]{36}"),
    ("readme_key", "rdme_", r"[a-z0-9]{70}"),
    ("scalingo_token", "tk-us-", r"[A-Za-z0-9_-]{48}"),
    ("flutterwave_key", "FLWSECK_TEST- FLWSECK-", r"[a-h0-9]{32}-X"),
    ("easypost_key", "EZAK EZTK", r"[A-Za-z0-9]{54}"),
    ("typeform_token", "tfp_", r"[A-Za-z0-9_.=-]{59}"),
    ("clojars_token", "CLOJARS_", r"[a-z0-9]{60}"),
    ("duffel_token", "duffel_test_ duffel_live_", r"[A-Za-z0-9_=-]{43}"),
    ("heroku_key", "HRKU-AA", r"[A-Za-z0-9_-]{58}"),
    ("brevo_key", "xkeysib-", r"[a-f0-9]{64}-[A-Za-z0-9]{16}"),
    ("infracost_key", "ico-", r"[A-Za-z0-9]{32}"),
    ("sourcegraph_token", "sgp_", r"[A-Za-z0-9_]{40,}"),
    ("shippo_token", "shippo_live_ shippo_test_", r"[a-f0-9]{40}"),
    ("fly_token", "fo1_ fm1r_ fm2_", r"[A-Za-z0-9_=+/-]{40,}"),
    ("facebook_token", "EAAC EAAB EAAM EAAG", r"[A-Za-z0-9]{100,}"),
    ("twitter_token", "AAAAAAAAAAAAAAAAAAAAA", r"[A-Za-z0-9%]{30,}"),
    ("netlify_token", "nfp_ nfc_ nfo_", r"[A-Za-z0-9]{36,}"),
    ("vercel_token", "vcp_ vci_ vca_ vcr_ vck_", r"[A-Za-z0-9]{24,}"),
    ("render_key", "rnd_", r"[A-Za-z0-9]{32}"),
    ("honeycomb_key", "hcaik_ hcxik_ hcamk_ hcxmk_", r"[a-z0-9]{50,}"),
    ("google_client_secret", "GOCSPX-", r"[A-Za-z0-9_-]{28}"),
    ("google_refresh_token", "1//0", r"[A-Za-z0-9_-]{40,}"),
    ("airtable_token", "pat", r"[A-Za-z0-9]{14}\.[0-9a-f]{64}"),
    ("fireworks_key", "fw_", r"[A-Za-z0-9]{24,}"),
    ("elevenlabs_key", "sk_", r"[0-9a-f]{48}"),
    ("pinecone_key", "pcsk_", r"[A-Za-z0-9_]{40,}"),
    ("plaid_token", "access-sandbox- access-development- access-production-", _UUID),
    ("adyen_key", "AQE", r"[A-Za-z0-9+/=_.-]{100,}"),
    ("razorpay_key", "rzp_live_ rzp_test_", r"[A-Za-z0-9]{14}"),
    ("supabase_key", "sb_secret_", r"[A-Za-z0-9_-]{20,}"),
    ("sonarqube_token", "squ_ sqp_ sqa_", r"[0-9a-f]{40}"),
    ("onepassword_token", "ops_eyJ", r"[A-Za-z0-9_=-]{100,}"),
    ("dropbox_token", "sl.", r"[A-Za-z0-9._-]{130,}"),
    ("asana_token", "1/ 2/", r"\d{14,16}(?:/\d{14,16})?:[0-9a-f]{32}"),
    ("hubspot_token", "pat-na1- pat-na2- pat-eu1- pat-ap1-", _UUID),
    ("intercom_token", "dG9rOj", r"[A-Za-z0-9+/=_-]{40,}"),
    ("mailersend_token", "mlsn.", r"[0-9a-f]{64}"),
    ("posthog_key", "phx_", r"[A-Za-z0-9]{40,}"),
    ("woocommerce_key", "ck_ cs_", r"[0-9a-f]{40}"),
    ("riot_key", "RGAPI-", _UUID),
    ("lichess_token", "lip_", r"[A-Za-z0-9]{20}"),
    ("tencent_key", "AKID", r"[A-Za-z0-9]{32}"),
    ("yandex_token", "AQVN y0_", r"[A-Za-z0-9_-]{35,}"),
    ("clickup_token", "pk_", r"\d{6,10}_[A-Z0-9]{32}"),
    ("dbt_token", "dbtc_ dbtu_", r"[A-Za-z0-9_-]{40,}"),
    ("anyscale_key", "esecret_", r"[A-Za-z0-9]{20,}"),
    ("cerebras_key", "csk-", r"[A-Za-z0-9]{40,}"),
    ("launchdarkly_key", "sdk-", _UUID),
    ("cloudflare_ca_key", "v1.0-", r"[0-9a-f]{24}-[0-9a-f]{146}"),
    ("crypto_private_key", "xprv tprv yprv zprv", r"[1-9A-HJ-NP-Za-km-z]{100,108}"),
    ("nostr_key", "nsec1", r"[02-9ac-hj-np-z]{58}"),
    ("lnd_macaroon", "0201036c6e64", r"[0-9a-f]{100,}"),
    ("notion_token", "secret_", r"[A-Za-z0-9]{43}"),
    ("resend_key", "re_", r"[A-Za-z0-9]{8}_[A-Za-z0-9]{24}"),
    ("jina_key", "jina_", r"[A-Za-z0-9_-]{40,}"),
    ("tavily_key", "tvly-", r"[A-Za-z0-9_-]{24,}"),
    ("firecrawl_key", "fc-", r"[0-9a-f]{32}"),
    ("browserbase_key", "bb_live_ bb_test_", r"[A-Za-z0-9_-]{20,}"),
    ("e2b_key", "e2b_", r"[0-9a-f]{40}"),
    ("runway_key", "key_", r"[0-9a-f]{128}"),
    ("jenkins_token", "11", r"(?=[0-9]{0,31}[a-f])[0-9a-f]{32}"),  # not a number
    ("akamai_token", "akab-", r"[a-z0-9]{16}-[a-z0-9]{16}"),
    ("paddle_key", "pdl_live_apikey_ pdl_sdbx_apikey_", r"[A-Za-z0-9_]{20,}"),
    ("matrix_token", "syt_", r"[A-Za-z0-9_]{30,}"),
    ("klaviyo_key", "pk_", r"[0-9a-f]{34}"),
    ("statsig_key", "secret-", r"[A-Za-z0-9]{40,}"),
    ("crates_token", "cio", r"[A-Za-z0-9]{32}"),
    ("fauna_key", "fnA fnE", r"[A-Za-z0-9_-]{36,}"),
    ("elastic_key", "essu_", r"[A-Za-z0-9_=-]{40,}"),
    ("metabase_key", "mb_", r"[A-Za-z0-9+/=]{40,}"),
    ("retool_token", "retool_", r"[A-Za-z0-9]{32,}"),
    ("deepsource_token", "dsp_", r"[0-9a-f]{40,}"),
    ("gitpod_token", "gitpod_pat_", r"[A-Za-z0-9_.-]{40,}"),
    ("iex_key", "sk_ Tsk_", r"[0-9a-f]{32}"),
    ("neon_key", "napi_", r"[A-Za-z0-9]{40,}"),
    ("xata_key", "xau_", r"[A-Za-z0-9]{30,}"),
    ("axiom_token", "xaat- xapt-", _UUID),
    ("together_key", "tgp_v1_", r"[A-Za-z0-9_-]{30,}"),
    ("bitwarden_token", "0.", _UUID + r"\.[A-Za-z0-9]{20,}:[A-Za-z0-9+/=]{20,}"),
    ("aws_session_token", "IQoJb3JpZ2lu FwoGZXIvYXdz", r"[A-Za-z0-9+/=]{100,}"),
    # Bitcoin private keys in wallet import format (uncompressed 5H/5J/5K, compressed K/L)
    ("crypto_private_key", "5H 5J 5K", r"[1-9A-HJ-NP-Za-km-z]{49}"),
    ("crypto_private_key", "Kw Kx Ky Kz L1 L2 L3 L4 L5", r"[1-9A-HJ-NP-Za-km-z]{50}"),
)


# Where a token may start: a boundary, then 16 token characters (the shortest format's length).
_TOKEN_START = r"(?<![A-Za-z0-9_-])[A-Za-z0-9](?=[A-Za-z0-9_.+/=%~-]{15})"


class _PrefixTable:
    """Every fixed-prefix format as one rule. Seeking each of ~150 prefixes would cost a pass over
    the text apiece; instead one regex pass finds where a token could start, and only the
    formats whose prefix begins with the two characters found there are tried. `shaped`
    formats are told by what follows their prefix, so each has its own finder."""

    def __init__(
        self,
        entries: Iterable[tuple[str, str, str]],
        shaped: Iterable[tuple[str, str, _Finder]] = (),
    ) -> None:
        self._by_head: dict[str, list[str]] = {}
        self._kind: dict[str, str] = {}
        self._find: dict[str, _Finder] = {}
        for kind, prefixes, body in entries:
            for prefix in prefixes.split():
                regex = f"{re.escape(prefix)}({body})" + _E
                self._by_head.setdefault(prefix[:2], []).append(regex)
                self._kind[regex] = kind
        for prefixes, body, find in shaped:
            for prefix in prefixes.split():
                regex = f"{re.escape(prefix)}{body}"
                self._by_head.setdefault(prefix[:2], []).append(regex)
                self._find[regex] = find

    def matches(
        self, text: str, folded: str, done: list[int], words: str | None = None
    ) -> Iterator[re.Match[str]]:
        heads = self._by_head
        for start in re.finditer(_TOKEN_START, text):
            at = start.start()
            if at < done[0]:
                continue
            for regex in heads.get(text[at : at + 2], ()):
                match = _compiled(regex).match(text, at)
                if match is not None:
                    yield match
                    break

    def find(self, m: re.Match[str]) -> _Found:
        shaped = self._find.get(m.re.pattern)
        if shaped is not None:
            return shaped(m)
        if not _has_entropy(m.group(1)):
            return None
        return self._kind[m.re.pattern], m.start(), m.end()


@cache
def _compiled(regex: str) -> re.Pattern[str]:
    """A table format's regex, compiled the first time a text holds its prefix."""
    return re.compile(regex)


def _digits_before(kind: str, least: int, most: int) -> _Finder:
    """Finder for tokens that start with `least`-`most` digits before their trigger (Telegram's
    `<bot id>:AA…`, which the Bot API writes after `bot` in its URLs)."""

    def find(m: re.Match[str]) -> _Found:
        text, end = m.string, m.start()
        start = end
        while start > 0 and text[start - 1].isdigit() and end - start <= most:
            start -= 1
        if not least <= end - start <= most:
            return None
        if start > 0 and text[start - 1].isalnum() and text[start - 3 : start] != "bot":
            return None
        return kind, start, m.end()

    return find


def _chars_before(kind: str, count: int) -> _Finder:
    """Finder for tokens whose trigger sits `count` token characters in."""

    def find(m: re.Match[str]) -> _Found:
        text, start = m.string, m.start() - count
        head = text[max(start, 0) : m.start()]
        if start < 0 or len(head) != count or not all(c.isalnum() or c in "_~.-" for c in head):
            return None
        if start > 0 and (text[start - 1].isalnum() or text[start - 1] in "_-"):
            return None
        return (kind, start, m.end()) if _has_entropy(m.group() + head) else None

    return find


# Any key but a public one: PRIVATE KEY, PGP PRIVATE KEY BLOCK, SECRET KEY, OpenVPN Static key V1.
_KEY_LABEL = r"([A-Za-z0-9 _.-]{0,60}?(?:KEY|[Kk]ey)(?: BLOCK| V\d)?)"
# Armor headers (`Comment: "Jane's key"`, `Proc-Type: 4,ENCRYPTED`) may hold any character; each
# ends at a newline, real or escaped inside a JSON string.
_ARMOR_HEADERS = r"(?:(?:\s|\\[nr])*[A-Za-z][A-Za-z0-9-]{1,30}: (?:[^\n\\]|\\(?![nr]))*)*"
_KEY_LINE = r"[A-Za-z0-9+/=]{16,}|=[A-Za-z0-9+/]{4}|[A-Za-z][A-Za-z0-9-]{1,30}: .*"


# A line of base64 (quoted or not, real or escaped newlines), as key blocks are made of.
_KEY_MATERIAL = (
    r"(?:^|\n|\\n)[ \t\"',]*[A-Za-z0-9+/=]{4,}[ \t\"',+]*(?=\r?\n|\\n|$)|[A-Za-z0-9+/=]{40}"
)


def _find_key_block(m: re.Match[str]) -> _Found:
    """A key block, not a public one, holding key material: `'-----BEGIN RSA PRIVATE KEY-----'
    markers` in prose or code constants hold none."""
    if "PUBLIC" in m.group(1).upper():
        return None
    body = m.group()[m.end(1) - m.start() + 5 :]
    if re.search(_KEY_MATERIAL, body) is None:
        return None
    return "private_key", m.start(), m.end()


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
        if not re.fullmatch(_KEY_LINE, text[line_start:end].strip()):
            break
        start = line_start
    return None if start == m.start() else ("private_key", start, m.end())


def _find_encoded_key(m: re.Match[str]) -> _Found:
    """A PEM block in base64 (Kubernetes `tls.key:`, kubeconfig `client-key-data:`): a key only
    when it decodes to a PRIVATE KEY header, so certificates stay."""
    import binascii

    head = m.group()[:80]
    try:
        decoded = binascii.a2b_base64(head[: len(head) // 4 * 4])
    except (binascii.Error, ValueError):
        return None
    return ("private_key", m.start(), m.end()) if b"PRIVATE KEY" in decoded else None


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
    body = re.compile(_KEY_BODY).match(m.string, m.end())
    end = body.end() if body else m.end()
    return ("private_key", m.start(), end) if end - m.start() >= 60 else None


_KEY_BODY = r"(?:[A-Za-z0-9+/]|\r?\n|\\n){0,16000}={0,2}"  # lines, real or escaped in JSON


def _find_encoded_json(m: re.Match[str]) -> _Found:
    """JSON in base64 (a Kubernetes secret's `config.json:`, GOOGLE_CREDENTIALS): a secret
    when the JSON itself holds one. Not JWTs: their parts are shorter and end at a dot."""
    import binascii

    if m.string.startswith(".", m.end()):
        return None
    blob = m.group()
    try:
        decoded = binascii.a2b_base64(blob[: len(blob) // 4 * 4]).decode("utf-8", "replace")
    except (binascii.Error, ValueError):
        return None
    if not decoded.lstrip().startswith("{") or MARKER_PREFIX in decoded:
        return None
    return ("encoded_secret", m.start(), m.end()) if redact(decoded).counts else None


def _find_jwk_member(m: re.Match[str]) -> _Found:
    """`"d": "…"` is a JWK's private exponent only when `"kty"` is a member of the same object,
    before or after it (some tools sort the members)."""
    text, start, end = m.string, m.start(), m.end()
    before = text[max(0, start - 4000) : start]
    after = text[end : end + 4000]
    kty = before.rfind('"kty"')
    if kty != -1 and "}" not in before[kty:]:
        return "private_key", m.start("v"), m.end("v")
    kty = after.find('"kty"')
    if kty != -1 and "{" not in after[:kty] and "}" not in after[:kty]:
        return "private_key", m.start("v"), m.end("v")
    return None


# Key material first: the token formats below must see a key block already replaced, or a
# second pass could find a token that the first one saw glued to the block.
_KEY_RULES: tuple[_Rule, ...] = (
    _rule(
        # The body stops at the next `-----`, so a truncated block (no END) still loses its key
        # material but never swallows a later block and the text between.
        r"-----BEGIN "
        + _KEY_LABEL
        + r"-----"
        + _ARMOR_HEADERS
        + r"(?:(?!-----)(?:[A-Za-z0-9+/=\s\\:,.\"'-]|<br ?/?>))*(?:-----END \1-----)?",
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
    _Rule(  # a JSON Web Key's private members (RFC 7518): secret only inside a JWK
        r'"(?:d|k|p|q|dp|dq|qi)"[ \t]*:[ \t]*"(?P<v>[A-Za-z0-9_-]{16,4096})"',
        _find_jwk_member,
        ('"d"', '"k"', '"p"', '"q"', '"dp"', '"dq"', '"qi"'),
        needs='"kty"',
    ),
    _rule(  # ansible-vault ciphertext: its header, then lines of hex
        r"\$ANSIBLE_VAULT;[0-9.]{1,8};AES256(?:;[\w.-]{1,64})?"
        r"(?:[ \t]*(?:\r?\n|\\n)[ \t]*[0-9a-f]{1,200})+",
        _whole("ansible_vault"),
        "$ANSIBLE_VAULT;",
    ),
)

_TOKEN_RULES: tuple[_Rule, ...] = (
    _Rule(
        r"secret_?access_?key[\"']?\s*[:=]\s*[\"']?([A-Za-z0-9/+]{40})(?![A-Za-z0-9/+=])",
        _token("aws_secret_key", 1),
        ("secret",),
        fold=True,
    ),
    _rule(
        r"hooks\.slack\.com/(?:services|workflows|triggers)/([A-Za-z0-9_/-]{20,})",
        _token("slack_webhook", 1),
        "hooks.slack.com",
    ),
    _rule(  # Azure Functions: the function key in its URL's `code=`
        r"azurewebsites\.net/api/[^\s?\"']{1,256}\?(?:[^\s&\"']{0,256}&){0,8}code=([A-Za-z0-9_=/-]{20,})",
        _token("azure_function_key", 1),
        "azurewebsites.net/api/",
    ),
    _rule(  # Zapier catch hooks, IFTTT maker keys, Mattermost incoming hooks
        r"(?:hooks\.zapier\.com/hooks/catch/\d{3,12}/|maker\.ifttt\.com/(?:trigger/[\w-]{1,100}/with/)?"
        r"(?:key|use)/|/hooks/(?=[a-z0-9]{26}(?![\w-])))([A-Za-z0-9_-]{6,64})",
        _token("webhook", 1),
        "hooks.zapier.com",
        "maker.ifttt.com",
        "/hooks/",
    ),
    _rule(  # the token after the webhook's numeric id
        r"discord(?:app)?\.com/api/(?:v\d{1,2}/)?webhooks/\d{15,22}/([A-Za-z0-9_-]{40,100})",
        _token("discord_webhook", 1),
        "discord",
    ),
    _rule(  # Microsoft Teams incoming webhooks, new (`*.webhook.office.com/webhookb2/`) and old
        r"office\.com/webhook(?:b2)?/([A-Za-z0-9@/_-]{40,400})",
        _token("teams_webhook", 1),
        "office.com/webhook",
    ),
    _rule(_B + r"sk-ant-[A-Za-z0-9_-]{20,}" + _E, _generated("anthropic_key"), "sk-ant-"),
    _rule(_B + r"sk-(?!ant-)[A-Za-z0-9_-]{20,}" + _E, _generated("openai_key"), "sk-"),
    _rule(
        _B + r"eyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*" + _E,
        _whole("jwt"),
        "eyJ",
    ),
    _rule(r":AA[A-Za-z0-9_-]{33}" + _E, _digits_before("telegram_token", 8, 10), ":AA"),
    _rule(  # Firebase Cloud Messaging legacy server key: 11 chars, `:APA91b`, 134 chars
        r":APA91b[A-Za-z0-9_-]{134}" + _E, _chars_before("fcm_server_key", 11), ":APA91b"
    ),
    _rule(  # Mailchimp: 32 hex digits and the datacenter (`-us21`)
        r"(?<=[0-9a-f]{32})-us\d{1,2}" + _E, _chars_before("mailchimp_key", 32), "-us"
    ),
    _rule(  # Microsoft Entra (Azure AD) client secret: 3 chars, a digit, `Q~`, 31-34 chars
        r"(?<=\d)Q~[A-Za-z0-9_~.-]{31,34}" + _E, _chars_before("azure_client_secret", 4), "Q~"
    ),
    _rule(  # Salesforce session id: the org id (00D…), `!`, the session
        _B + r"00D[A-Za-z0-9]{12,15}![A-Za-z0-9_.]{80,}" + _E, _whole("salesforce_token"), "00D"
    ),
    _rule(  # Braintree / PayPal access tokens
        r"access_token\$(?:production|sandbox)\$[0-9a-z]{16}\$[0-9a-f]{32}",
        _whole("braintree_token"),
        "access_token$",
    ),
    _rule(  # Java keystores in base64 (JKS magic FEEDFEED, JCEKS CECECECE): private keys inside
        r"(?:/u3\+7QAAAA|zs7OzgAAAA)[A-Za-z0-9+/=]{60,}", _whole("private_key"), "/u3+7Q", "zs7Ozg"
    ),
    _rule(  # minisign and signify secret keys: a comment line, then the key
        r"untrusted comment: [^\n]{0,100}secret key[^\n]{0,100}\r?\n[A-Za-z0-9+/=]{40,}",
        _whole("private_key"),
        "untrusted comment:",
    ),
    _rule(  # Terraform Cloud / Enterprise: 14 chars, `.atlasv1.`, 60-70 chars
        r"\.atlasv1\.[A-Za-z0-9_=-]{60,70}" + _E, _chars_before("terraform_token", 14), ".atlasv1."
    ),
)

# --------------------------------------------------------------------------- URLs and headers


def _find_url_password(m: re.Match[str]) -> _Found:
    password = m.group("pw")
    if _is_placeholder(password):
        return None
    # A password may hold `/`, but `host:8080/path@x` is a port and a path, not a password.
    if "/" in password and password.split("/", 1)[0].isdigit():
        return None
    return "password", m.start("pw"), m.end("pw")


# scheme://user:PASSWORD@host: the scheme is irrelevant, so the match starts at `://`.
_URL_RULE = _rule(
    r"://(?P<user>[^\s:/?#@\"'<>\[\]]{0,256}):(?P<pw>[^\s\"'<>@]{1,256})@(?=[\w\[])",
    _find_url_password,
    "://",
)


_KNOWN_SCHEMES = frozenset(("bearer", "basic", "token", "bot", "digest"))


def _find_authorization(m: re.Match[str]) -> _Found:
    value = m.group("v")
    if _is_placeholder(value):
        return None
    if value.endswith("=") and m.string[m.end("v") : m.end("v") + 1] in ('"', "'"):
        return None  # a parameter list (`Token token="…"`, `Digest username="…"`): not the value
    # After an Authorization header with a well-known scheme anything is a credential. Any other
    # scheme (ApiKey, SSWS …), no scheme, or a bare "Bearer x" in prose needs to look generated.
    scheme = (m.group("scheme") or "").lower()
    if (m.group("header") is None or scheme not in _KNOWN_SCHEMES) and not _looks_generated(value):
        return None
    return "authorization", m.start("v"), m.end("v")


def _find_cookie_secrets(m: re.Match[str]) -> _Found:
    """The values of session-like cookies (PHPSESSID, laravel_session, auth_token …) in a Cookie
    or Set-Cookie header, `document.cookie` or `curl -b`."""
    base, spans = m.start("pairs"), []
    for pair in re.finditer(r"([^=;,\s]{1,128})=([^;,\s]{1,4096})", m.group("pairs")):
        value = pair.group(2)
        if re.search(_SESSION_NAME, pair.group(1)) and _looks_credential(value):
            spans.append(("session", base + pair.start(2), base + pair.end(2)))
    return spans or None


_SESSION_NAME = r"(?i)sess|sid|auth|token|jwt|remember|login|csrf|xsrf|secret"


def _looks_credential(value: str) -> bool:
    return (
        len(value) >= 16
        and "://" not in value
        and not _is_placeholder(value)
        and _looks_generated(value)
    )


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
        for line in re.finditer(r"\n([ \t]*)[^\n]*", text[start : start + 2000]):
            if len(line.group(1)) <= indent or not line.group().strip():
                break
            block_end = start + line.end()
        region = (start, block_end)
    else:  # up to a blank, a quote or the next trigger: no rescans
        value = re.compile(r"[\"']?((?:(?!_HEADERS=)[^\s\"']){1,1000})").match(text, start)
        region = value.span(1) if value else (start, start)
    spans = []
    pairs = r"([A-Za-z][\w.-]{1,60})[\"']?[ \t]*%s[ \t]*[\"']?([\w.~+/%%-]{1,512}=*)(?![^\s,\"'])"
    for pair in re.compile(pairs % ("=" if m.group("env") else ":")).finditer(text, *region):
        if not re.search(_PLAIN_HEADER, pair.group(1)) and _looks_random(pair.group(2)):
            spans.append(("authorization", pair.start(2), pair.end(2)))
    return spans or None


_PLAIN_HEADER = (
    r"(?i)id$|trace|parent|span|correlation|request|etag|match|type|length|agent|accept"
    r"|encoding|language|version|date|host|origin|referer|cache|endpoint|url|region|sha|digest"
    r"|hash|forwarded|ip$|^sec-|^if-|range|upgrade|connection|priority|ua$|via|signature"
    r"|^content-|md5|crc|checksum|nonce"
)


_AUTH_RULE = _Rule(
    r"(?<!\w)(?:(?P<header>authorization[\"']?[ \t]*[:=][ \t]*[\"'`]?)"
    r"(?:(?P<scheme>[a-z][a-z0-9_-]{1,20})(?:[ \t]+|%20))?|(?:bearer|basic)[ \t]+)"
    r"(?P<v>[A-Za-z0-9._~+/-]{8,}=*)",
    _find_authorization,
    ("bearer", "basic", "authorization"),
    fold=True,
)


def _find_call_keys(m: re.Match[str]) -> _Found:
    """SDK set-up calls take their keys as positional arguments: `Parse.initialize(this, "…",
    "…")`. Only arguments that look random count, so no name, digest or UUID."""
    spans = []
    for arg in re.finditer(r"\"([\w-]{16,200})\"|'([\w-]{16,200})'", m.group("args")):
        group = 1 if arg.group(1) is not None else 2
        if _looks_random(arg.group(group)) and not _is_placeholder(arg.group(group)):
            at = m.start("args")
            spans.append(("secret", at + arg.start(group), at + arg.end(group)))
    return spans or None


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
    if not (re.fullmatch(_PASSWORD_CALL, last) or function.endswith("credentials.create")) or any(
        w in function for w in _NOT_SETTING_PASSWORDS
    ):
        return None
    args = list(re.finditer(r"[^,]+", m.group("args")))
    # sbt's and Ivy's Credentials(realm, host, user, password): the last of four
    at = -1 if "pass" in last or ("credential" in last and len(args) == 4) else 1
    at = 2 if "connect" in last else at
    if not -len(args) <= at < len(args):
        return None
    pick = args[at]
    literal = re.fullmatch(r"[ \t]*([\"'])([^\"'\s]{1,256})\1[ \t]*", pick.group())
    if literal is None:
        return None
    value, user = literal.group(2), args[0].group().strip(" \t\"'") if len(args) > 1 else ""
    if _is_placeholder(value) or _squash(value) == _squash(user) or re.fullmatch(_WORD, value):
        return None
    at = m.start("args") + pick.start() + literal.start(2)
    return "password", at, at + len(value)


_WORD = r"[A-Z]?[a-z]+|[A-Z]+|[a-z_]+"
_PASSWORD_CALL = (
    r"login|auth|authenticate|(?:http)?(?:basic|digest|proxy)auth|\w*pass(?:word|wd)"
    r"|connect|getconnection|\w*credentials?|basic"
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
)
_CALL_PASSWORD_RULE = _Rule(
    r"(?P<fn>login|auth|password|passwd|getconnection|connect|credentials?(?:\.create)?|basic)"
    r"[ \t]*=?[ \t]*\((?P<args>[^()\n]{1,300})\)",  # =: requests' auth=('user', 'pw')
    _find_call_password,
    ("login", "auth", "password(", "passwd(", "connect(", "getconnection(", "credential", "basic("),
    fold=True,
)


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


def _find_user_colon_secret(m: re.Match[str]) -> _Found:
    """A value that is `user:password` (the password is replaced) or a token alone (replaced
    when it looks generated): Bundler's BUNDLE_<HOST>, HTTPie's -a."""
    value = m.group("v")
    if _is_placeholder(value) or value.startswith(("$", "`")):
        return None
    user, colon, password = value.partition(":")
    if not colon:
        return ("secret", m.start("v"), m.end("v")) if _looks_generated(value) else None
    if _is_placeholder(password) or password.startswith("$") or _squash(user) == _squash(password):
        return None
    return "password", m.start("v") + len(user) + 1, m.end("v")


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


def _find_named_call(m: re.Match[str]) -> _Found:
    """A one-argument call named like a secret: `.api_key("…")`, `setAccessToken("…")`,
    `withClientSecret("…")`, given a generated-looking literal (`apikey("ApiKeyId")` names one);
    not a getter (`getToken("Authorization")`)."""
    text = m.string
    function = re.split(r"[.:]", text[_name_start(text, m.start()) : m.end("fn")])[-1]
    name = re.sub(r"^(?:set|with)(?=[A-Z_])_?", "", function)
    if re.match(_GETTER_NAME, name) or re.match(_GETTER_NAME, function):
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
_COOKIE_RULE = _Rule(
    r"(?:cookie[\"']?(?:[ \t]*[:=][ \t]*|[ \t]+)[\"']?|-b[ \t]+[\"'])"
    r"(?P<pairs>(?:(?!cookie|-b )[^\n\"'`]){1,2000})",  # up to the next trigger: no rescans
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
        if not re.match(r"[A-Z]{3,7} \S", text[line_start : m.start()]):  # not a response
            return None
        head = re.compile(r"([A-Za-z][\w-]{0,60}):[ \t]*([^\r\n]{0,512})\r?\n")
        lines, at = [], m.end()
        while len(lines) < 64 and (header := head.match(text, at)) is not None:
            lines.append((header.group(1), header.start(2), header.end(2)))
            at = header.end()
    spans = [
        ("authorization", start, end)
        for name, start, end in lines
        if not re.search(_PLAIN_HEADER, name) and _looks_random(text[start:end].strip())
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

# --------------------------------------------------------------------------- other syntaxes


def _literal(kind: str) -> _Finder:
    """Finder for a value a syntax makes a credential (`sshpass -p`, `IDENTIFIED BY`): the first
    value group that matched, unless it is a placeholder or a variable."""

    def find(m: re.Match[str]) -> _Found:
        groups = m.groupdict()
        group = next(g for g in ("dq", "sq", "v") if groups.get(g) is not None)
        value = m.group(group)
        if _is_placeholder(value.rstrip("`,.;)")) or value.startswith(("$", "`")):
            return None  # `--body …`, in Markdown: an example, not a value
        return kind, m.start(group), m.end(group)

    return find


def _find_dsn_password(m: re.Match[str]) -> _Found:
    """Go's MySQL DSN, `user:password@tcp(host:3306)/db`: the password is before the trigger."""
    text, end = m.string, m.start()
    start = end
    while start > 0 and end - start < 300 and text[start - 1] not in " \t\r\n\"'`=/()@":
        start -= 1
    user, colon, password = text[start:end].partition(":")
    if not colon or not user or _is_placeholder(password) or "%" in password:
        return None  # `%s:%s@tcp(%s)`: a format string
    return "password", end - len(password), end


def _find_xml_rsa_key(m: re.Match[str]) -> _Found:
    return ("private_key", m.start(), m.end()) if "<D>" in m.group() else None


def _find_user_password(m: re.Match[str]) -> _Found:
    """`curl -u user:password`; in `docker run -u 1000:1000` or `-u app:app` a user and a group."""
    user, password = m.group("user"), m.group("v")
    if _is_placeholder(password) or user.startswith("$") or _squash(password) == _squash(user):
        return None
    if password.isdigit() and (user.isdigit() or not user):
        return None
    return "password", m.start("v"), m.end("v")


def _find_auth_directive(m: re.Match[str]) -> _Found:
    """Only as a directive: at most two words (`stats`, `http-request`) before it on its line."""
    before = m.string[_line_start(m.string, m.start()) : m.start()]
    return _find_user_password(m) if re.fullmatch(r"[ \t]*(?:[\w-]+[ \t]+){0,2}", before) else None


def _find_wallet_keys(m: re.Match[str]) -> _Found:
    if m.group("v") is not None:
        return "private_key", m.start("v"), m.end("v")
    keys = re.finditer(r"[\"'`]((?:0x)?[0-9a-fA-F]{64})[\"'`]", m.group("list"))
    at = m.start("list")
    return [("private_key", at + k.start(1), at + k.end(1)) for k in keys] or None


def _find_keypair_bytes(m: re.Match[str]) -> _Found:
    """64 bytes that vary as random ones do: not a range, not padding."""
    values = [int(v) for v in re.findall(r"\d+", m.group("v"))]
    if max(values) > 255 or len(set(values)) < 24 or values == sorted(values):
        return None
    return "private_key", m.start("v"), m.end("v")


def _find_httpie_auth(m: re.Match[str]) -> _Found:
    """After `http`, `https`, `xh` or `xhs` earlier on the line (the flag is the rarer trigger)."""
    before = m.string[_line_start(m.string, m.start()) : m.start()]
    if re.search(r"(?:^|[\s;|&(])(?:https?|xhs?)[ \t]", before) is None:
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
    if m.group("v") == "*" or _is_placeholder(m.group("v")):  # `*`: a template line
        return None
    return "password", m.start("v"), m.end("v")


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
    if kind is None and re.search(_SESSION_NAME, name) and _looks_credential(value):
        kind = "session"  # {"name": "PHPSESSID", "value": "…"}
    return None if kind is None else (kind, m.start(group), m.end(group))


_QUOTED_VALUE = r"""(?:"(?P<dq>[^"\n]{1,512})"|'(?P<sq>[^'\n]{1,512})'"""  # open: more may follow
_SECRET_VALUE_FLAG = r"(?:--(?:body|value|data|secret-string|secret-value)(?![\w-])|-b)"


def _line_start(text: str, at: int, most: int = 300) -> int:
    """Where the line holding `at` starts, looking back `most` characters at most: a text of
    many triggers on one line must not cost a scan to its start per trigger."""
    floor = max(0, at - most)
    newline = text.rfind("\n", floor, at)
    return newline + 1 if newline != -1 else floor


def _find_herestring_secret(m: re.Match[str]) -> _Found:
    line = m.string[_line_start(m.string, m.start()) : m.start()]
    line = _MARKER.sub("", line)  # a marker's kind (`[REDACTED:password]`) is no command
    return None if re.search(_STORES_SECRET, line) is None else _literal("password")(m)


def _find_piped_secret(m: re.Match[str]) -> _Found:
    if re.search(_STORES_SECRET, _MARKER.sub("", m.group("rest"))) is None:  # `echo x | tee`
        return None
    return _literal("password")(m)


_STORES_SECRET = r"(?i)secret|passw|passphrase|stdin|login|token|vault|keyring|credential"


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


def _find_user_then_password(m: re.Match[str]) -> _Found:
    line = m.string[_line_start(m.string, m.start()) : m.start()]
    if re.search(r"(?i)mysql|mariadb", line):  # `mysql -u root -p shop`: -p prompts, shop is a db
        return None
    return _not_a_number(_literal("password"))(m)


def _not_a_number(find: _Finder) -> _Finder:
    def not_number(m: re.Match[str]) -> _Found:
        found = find(m)
        if isinstance(found, tuple) and re.fullmatch(r"[\d.:/-]+", m.string[found[1] : found[2]]):
            return None  # a port, or a port mapping (docker run -u app -p 8080:80)
        return found

    return not_number


# Tools whose password flag is not `--password` (which the assignment rule reads everywhere).
_CLI_PASSWORD_RULES = (
    _cli_password("mysql[a-z]{0,6}", "-p", "mysql", glued=True),  # mysqldump, mysqladmin …
    _cli_password("redis-cli", "-a", "redis-cli"),
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
    _cli_password("7z|7za|7zz", "-p", "7z", glued=True),
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
_OTHER_RULES: tuple[_Rule, ...] = (
    _Rule(  # MySQL/Oracle: IDENTIFIED [WITH plugin] BY 'password'
        r"identified(?:[ \t]+with[ \t]+[\"'`]?[\w$]{1,64}[\"'`]?)?[ \t]+by[ \t]+"
        + _QUOTED_VALUE
        + r"|(?!values\b)(?P<v>[A-Za-z0-9_$#]{1,128}))",
        _literal("password"),
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
        r"(?P<user>[^\s:\"'@]{0,256}):(?P<v>[^\s\"']{1,256})",
        _find_user_password,
        "-u ",
        "-u=",
        "--user",
        "-auth",  # jenkins-cli -auth, httpie --auth
    ),
    *_CLI_PASSWORD_RULES,
    _rule(  # Oracle: sqlplus user/password@db, jdbc:oracle:thin:user/password@host
        r"(?:sqlplus(?:[ \t]+-[A-Za-z]{1,2})*[ \t]+|thin:|(?:CONNECT|connect|CONN|conn)[ \t]+)"
        r"[\"']?[A-Za-z][\w$#]{0,29}/(?P<v>[^\s/@\"']{1,128})@",
        _literal("password"),
        "sqlplus",
        "thin:",
        "CONN ",
        "CONNECT ",
        "conn ",
        "connect ",
    ),
    _rule(  # positional passwords: htpasswd -b FILE USER PW, rabbitmqctl add_user U PW, poetry
        r"(?:htpasswd[ \t]+-[A-Za-z]*b[A-Za-z]*(?:[ \t]+\S{1,256}){2}"
        r"|rabbitmqctl[ \t]+(?:add_user|change_password)[ \t]+\S{1,256}"
        r"|(?:poetry|composer)[ \t]+config(?:[ \t]+--\w{1,20})*[ \t]+http-basic\.\S{1,256}"
        r"[ \t]+\S{1,256})[ \t]+" + _QUOTED_VALUE + r"|(?P<v>[^\s\"';|&]{1,256}))",
        _literal("password"),
        "htpasswd",
        "rabbitmqctl",
        "poetry config",
        "composer config",
    ),
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
        + r"|(?P<v>[^\s\"'|;&$][^\s\"'|;&]{0,255}))[ \t]*\|(?P<rest>[^\n;&]{1,200})",
        _find_piped_secret,
        "echo",
        "printf",
    ),
    _rule(
        r":(?:\d{1,5}|\*):[^\s:]{1,63}:[^\s:]{1,63}:(?P<v>[^\s\"':]{1,256})(?=[\s\"']|$)",
        _find_pgpass,
        ":543",
        ":*:",
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
)

# --------------------------------------------------------------------------- NAME=value assignments

# The regex matches from the *last word* of the name; the rest of the name is read backwards in
# Python, because a leading `[\w.-]*` would make the engine try every identifier in the text.
_ASSIGNMENT = r"""(?x)
    (?:key(?:_base)?|secret(?:[ _-]?id)?|token|pass(?:[_-]?(?:word|phrase|code))?|passwd|pwd
      |auth(?:[_-]?tok)?|psk|salt|pepper|eap|xauth|mnemonic|phrase|bearer|creds|credentials|pw
      |pin|puk|signer|b64|base64|pfx|p12|keystore|seed|_pat)
    (?P<q>\\?["'][\]}]|\\?["']?)                               # `$cfg["password"] =`, `[\"pw\"]`
    (?P<annot>[ \t]*:[ \t]*[&A-Za-z_][\w\[\].,|&' ]{0,40}?(?=[ \t]*=))?  # `password: &str = "..."`
    (?:(?P<xsep>(?:[ \t]+[\w:.-]{1,40}=(?:"[^"<>\n]{0,100}"|'[^'<>\n]{0,100}')){0,4}>)
       (?P<xml>[^<>\n]{1,256})(?=</)                                  # <password a="b">value</
    |(?P<sep>[ \t]*(?::=|\?=|\|\|=|=>|=|:|<<?-(?!-))[ \t]*|[ \t]*,[ \t]*  # `,`: setters; R's <-
       |[ \t]+(?P<loose>(?:(?:[A-Za-z]{1,12}[ \t]+){0,5}?(?:is|was)[ \t]+
                         |(?:[A-Za-z]{1,12}[ \t]+){0,4}?[A-Za-z]{1,12}:[ \t]+|\d[ \t]+))?)
                                       # `password for the db is x`, `key you asked for: x`,
                                       # Cisco's `secret 0 x`
    (?:@?"(?P<dq>(?:[^"\\\n]|\\.){0,512})"                          # `@"…"`: Objective-C
      |"(?P<blob>[A-Za-z0-9+/]{500,20000}={0,2})"                    # a key store in base64
      |'(?P<sq>(?:[^'\\\n]|\\.){0,512})'
      |\\"(?P<eq>(?:[^"\\\n]|\\[^"\n]){0,512})\\"     # inside a JSON string: \"value\"
      |(?P<bare>[^\s"'`,;&)}\\=][^\s"'`,;&)}]{0,511})))    # not `==`: a comparison
"""
# Every quantifier above is bounded: a value is at most 512 characters, so a text made of
# thousands of triggers costs each of them a bounded scan, never one to the end of the text.
_NAME_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_.-")
_NAME_WORDS = r"[^A-Za-z0-9]+|(?<=[a-z0-9])(?=[A-Z])"  # source text, as the judgements above
_KEY_QUALIFIERS = frozenset(
    "api secret private access master signing encryption auth client app service license write "
    "preshared "
    "subscription account admin webhook consumer deploy session shared hmac jwt cookie".split()
)
# Words that make a KEY or TOKEN name a lookup key, not a credential: database, cache, storage,
# message and pagination keys, idempotency keys, fingerprints.
_LOOKUP_WORDS = frozenset(
    "idempotency idempotent foreign primary partition sort range cache memcache s3 object gpg pgp "
    "page next prev previous continuation cursor routing dedup dedupe lock request etag sha "
    "commit hash row index shard bucket correlation trace sequence lookup unique composite "
    "public publishable pub site".split()
)
_SQL_ACCOUNT = r"\b(?:create|alter)\s+(?:user|role|login|group)\b"
# psk, eap, xauth: as ipsec.secrets types them (`@user : EAP "password"`)
_NOT_PASSWORDS = ("bypass", "compass", "surpass", "overpass", "underpass", "trespass", "multipass")
_PASSWORD_WORDS = frozenset(("pwd", "psk", "eap", "xauth", "requirepass", "masterauth", "authtok"))
_KEY_STORES = frozenset(("p12", "pfx", "pkcs12", "keystore", "jks"))
_KEY_STORE_ENDS = _KEY_STORES | {"b64", "base64", "key", "data"}
# Daemon config directives written `name value` (redis.conf), whose value is a literal.
_DIRECTIVES = frozenset(("requirepass", "masterauth"))
_LINE_REST_EMPTY = r"(?m)[ \t]*(?:#.*)?$"
# .netrc: `machine HOST login USER password PASSWORD`, on one line or several.
_NETRC_CONTEXT = r"(?:^|\s)(?:machine|login|default)\s"
_NETRC_REST = r"[ \t]*(?:$|\n|(?:machine|login|account|macdef|default)\s)"


@lru_cache(maxsize=512)  # the same few names (token, api_key, PASSWORD) recur all through a text
def _classify_name(name: str) -> tuple[str, str] | None:
    """(kind, strength) for a secret-bearing name, else None. Strength is "strong" (any literal
    value is a secret), "weak" (only values that look generated) or "random" (a lone `key`,
    which names anything: only values that look random)."""
    words = [w.lower() for w in re.split(_NAME_WORDS, name) if w]
    if not words:
        return None
    if words[-2:] in (["pass", "word"], ["pass", "phrase"], ["pass", "code"], ["auth", "tok"]):
        words[-2:] = [words[-2] + words[-1]]  # PASS_PHRASE, passWord, ldap_auth_tok
    if not _KEY_STORES.isdisjoint(words) and words[-1] in _KEY_STORE_ENDS:
        return "private_key", "blob"  # MATCH_P12_BASE64, SIGNING_KEYSTORE_B64: key stores
    last = words[-1]
    if last in ("b64", "base64"):
        return None
    if "existing" in words or (last == "secret" and words[-2:-1] in (["password"], ["tls"])):
        return None  # Helm's existingSecret, passwordSecret: the name of a Kubernetes Secret
    if last.endswith(("password", "passwd", "passphrase", "passcode", "pwd")) or (
        last in _PASSWORD_WORDS
    ):
        return "password", "strong"
    if last == "pw":  # $pw, db_pw, adminPw
        return "password", "strong"
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
    if last.endswith("salt") or last == "pepper":  # before the lookup words: `hash_salt`
        return "secret", "weak"
    if last == "key" and words[-2:-1] in (["primary"], ["secondary"]):  # Azure's primaryKey
        return "secret", "long"  # but a table's primary key is an id: only a long random value
    if not _LOOKUP_WORDS.isdisjoint(words[:-1]):
        return None
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


# Values a lone `key` also names: digests, key ids and fingerprints, UUIDs.
_DIGEST = (
    r"(?i)[0-9a-f]{8}|[0-9a-f]{16}|[0-9a-f]{40}|[0-9a-f]{64}"
    r"|[0-9a-f]{8}(?:-[0-9a-f]{4}){3}-[0-9a-f]{12}|(?:sha|md)\d*:.*"
)


def _case_flips(value: str) -> int:
    """Upper/lower changes between neighbours: about one in two in random letters, one a word
    in CamelCase (`CloudFormationModule`)."""
    return len(re.findall(r"(?<=[a-z])[A-Z]|(?<=[A-Z])[a-z]", value))


def _looks_random(value: str) -> bool:
    """Stricter than `_looks_generated`: no digest, key id or UUID, and not words joined by
    dashes around one (`deps-v3-<sha>`, `build-cache-3b2f1c0d`)."""
    value = value.rstrip(":.")  # gpg: key 75B9F7DD13E61703: public key …
    if len(value) < 16 or not _looks_generated(value) or re.fullmatch(_DIGEST, value):
        return False
    if re.fullmatch(r"[\w+/=.~:-]+", value) is None:
        return False
    if not any(c.isdigit() for c in value) and not _case_flips(value) * 3 >= len(value):
        return False
    parts = re.split(r"[-_./:]+", value)
    if any(len(p) >= 32 and re.fullmatch(_DIGEST, p) for p in parts):
        return False
    return sum(len(p) >= 3 and p.isalpha() and p.islower() for p in parts) < 2


def _name_start(text: str, end: int) -> int:
    start = end
    while start > 0 and text[start - 1] in _NAME_CHARS:
        start -= 1
    return start


def _bare_value_is_literal(m: re.Match[str], name: str, name_start: int) -> bool:
    """Whether an unquoted value is a literal (shell, env file, YAML) rather than code."""
    value, sep, text = m.group("bare"), m.group("sep"), m.string
    if value[0] in "{[(" or re.fullmatch(_CODE_REFERENCE, value) or re.search("[<>]", value):
        return False  # <T extends MetadataBearer = MetadataBearer>(…): generics, markup
    if sep.strip() == ":" and re.compile(r"[ \t]*[|=\])]").match(text, m.end("bare")):
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
        and re.compile(_LINE_REST_EMPTY).match(text, m.end("bare")) is not None
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
    parents = list(re.finditer(r"(?i)[\"']?encrypted(?:data)?[\"']?[ \t]*:[ \t]*(\{)?", before))
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
    if re.match(_CODE_REFERENCE, m.group("bare")):  # `"SALT": random.uuid4().hex,`
        return None
    line_start = text.rfind("\n", max(0, name_start - 200), name_start) + 1  # bounded
    if text[max(line_start, name_start - 200) : name_start].strip(" \t\"'") not in ("", "-"):
        return None
    rest = re.compile(r"[^\s#]{0,512}(?=[ \t]*(?:#[^\n]*)?(?:\r?\n|\Z))").match(text, end)
    if rest is None or not re.search("[A-Za-z0-9]", rest.group()):
        return None  # `password: str,` `"SECRET_KEY": None,`: code, whose punctuation ends it
    return rest.end()


def _names_code(value: str) -> bool:
    """A bare word a program or a sentence would use (`new_password`, `newPassword`, `OAuth`,
    `IVs`, `SSHCertPrivateKeyTypes`), not one typed at random (`zCueQpBenQtY`): random letters
    change case at about every other letter, words at their starts."""
    if not re.fullmatch(_BARE_WORD, value) or any(c.isdigit() for c in value):
        return False
    flips = _case_flips(value)
    return bool(
        flips <= 2
        or flips * 3 < len(value)
        or re.fullmatch(
            r"[a-z]*(?:[A-Z][a-z]{2,}|[A-Z]{2,4}(?=[A-Z][a-z]{2}|$))+(?:[A-Z][a-z])?", value
        )
    )


def _secret_kind(name: str, value: str, typed: bool = False) -> str | None:
    """The kind of secret `value` is as the value of `name`, or None when it is not one.
    `typed`: the syntax says the value is a secret (Cisco's `key 7 …`), a lone key included."""
    classified = _classify_name(name)
    if classified is None:
        return None
    kind, strength = classified
    if (
        _is_placeholder(value, name)
        or re.fullmatch(_PATH, value)
        or "://" in value
        or re.match(_REFERENCE, value)
    ):
        return None
    if strength == "random" and not typed:
        return kind if _looks_random(value) else None
    if strength == "keyed":  # not an identifier of words: result_key: Ipv6CidrAssociations
        runs = re.findall(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])", value)
        wordy = sum(map(len, runs)) >= 3.5 * len(runs)
        return kind if _looks_random(value) and not wordy else None
    if strength == "long":
        mixed = value.lower() != value != value.upper()
        return kind if len(value) >= 32 and mixed and _looks_random(value) else None
    if strength == "blob":
        return kind if re.fullmatch(r"[A-Za-z0-9+/]{64,}={0,2}", value) else None
    if strength == "pin":  # PIN: 4821, but not `pin: true` or a pinned version
        return kind if re.fullmatch(r"\d{4,8}", value) else None
    if strength != "strong" and (
        not _looks_generated(value)
        or _joined_words(value)
        or re.fullmatch(r"[A-Za-z]{2,8}(?:[-_]\d{2,})+", value)  # ORD-2024-000123: an id
        or re.search(r"\[[^\]]*\]|\{\d", value)  # HEX_PAT = "[0-9A-Fa-f]{1,4}": a regex
    ):
        return None
    return kind


def _joined_words(value: str) -> bool:
    """`auth.token.v2`, `deps-v3-cache`: words joined into a name, not a generated value."""
    parts = re.split(r"[-_./:]+", value)
    words = sum(bool(re.fullmatch(r"[a-z]{3,}(?:[A-Z][a-z]+)*", p)) for p in parts)
    return words * 2 >= len(parts)  # fs.s3.consistent.retryCount


def _find_assignment(m: re.Match[str]) -> _Found:
    text = m.string
    group = m.lastgroup or ""  # xml, dq, sq, eq or bare: the value groups close last
    blank = m.group("sep") is not None and (m.group("loose") or not m.group("sep").strip())
    prose = blank and group == "bare" and not _looks_generated(m.group(group))
    name_start = _name_start(text, m.start())
    name = text[name_start : m.start("q")]
    if prose and not name.startswith("--") and name.lower() not in _BARE_WORD_NAMES:
        return None  # the common case in prose (`the token budget`), decided first
    classified = _classify_name(name)
    if classified is None:
        return None
    if (
        group in ("dq", "sq")
        and text.startswith(".", m.end())
        and not re.compile(_CONVERSION).match(text, m.end())
    ):
        return None  # `pw = "\n".join(parts)`: a method of the literal, not the value
    if (
        group == "bare"
        and text[name_start - 1 : name_start] == "$"
        and not m.group(group).isdigit()
    ):
        return None  # `$pw = Read-Host`: PowerShell, PHP and Perl quote their literals
    if not _separates(m, name, name_start, group):
        return None
    if (
        group == "bare"
        and m.group(group)[0] == "{"
        and text.startswith("}", m.end())
        and m.group("sep") == "="
        and ";" in text[max(0, name_start - 200) : m.end() + 2].rsplit("\n", 1)[-1]
    ):
        value = m.group(group)[1:]  # ODBC: PWD={…};, braces quote the value
        kind = _secret_kind(name, value)
        return None if kind is None else (kind, m.start(group) + 1, m.end(group))
    if group == "bare" and re.fullmatch(r"[|>][-+]?", m.group(group)):  # YAML block scalar
        line = re.compile(r"[ \t]*\r?\n[ \t]+([^\s][^\r\n]{0,511})").match(text, m.end(group))
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
            and re.compile(_LINE_REST_EMPTY).match(text, m.end("bare")) is None
        )
    ):
        return None  # <key>Name</key>, public key AAAA…, primary key …, `key: Type | None`
    kind = _secret_kind(name, m.group(group), typed=loose[:1].isdigit())
    if kind is None or _encrypted(text, name_start):
        return None
    end = m.end(group)
    if kind == "private_key":  # a key store longer than a value's 512 characters
        end = re.compile(r"[A-Za-z0-9+/=]*").match(text, end).end()  # type: ignore[union-attr]
    if group == "bare" and m.group("sep")[:1] in " \t" and _starts_line(text, name_start):
        more = re.compile(_MORE_WORDS).match(text, end)  # main.cf: `name = host:587 user:pw`
        end = more.end() if more else end
    return kind, m.start(group), end


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


def _word_before(text: str, name_start: int) -> str:
    before = text[max(0, name_start - 40) : name_start].rstrip(" \t\"'-")
    return re.split(r"[^A-Za-z0-9]", before)[-1].lower()


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
    if sep == ":" and text[name_start - 1 : name_start] == "$":  # `$PWD:/src`: an expansion
        return False
    if m.group("sep") == ":" and text[name_start - 1 : name_start] == ":":  # `arn:…:secret:x`
        return False
    if sep == ":" and text[max(0, name_start - 3) : name_start].rstrip().endswith("?"):
        return False  # a ternary: `typeof apiKey === 'string' ? apiKey : 'Missing Key'`
    if sep == ",":  # define('DB_PASSWORD', 'value'), setItem('token', 'value')
        return _is_pair(text, name, name_start, m.end("q"))
    if sep:
        return True
    if name.startswith("--") or _is_directive(m, name, name_start):  # --password value
        return True
    if group in ("sq", "dq") and name.lower() == "password":  # CREATE ROLE r PASSWORD 'value'
        statement = text[max(0, name_start - 200) : name_start]  # not `BY PASSWORD '*hash'`
        if re.search(r"\bby\s*$", statement, re.IGNORECASE):
            return False
        if re.search(_SQL_ACCOUNT, statement, re.IGNORECASE):
            return True
    netrc = (
        name.lower() in ("password", "passwd")
        and group == "bare"
        and re.compile(_NETRC_REST).match(text, m.end(group)) is not None  # no copy of the rest
        and re.search(_NETRC_CONTEXT, text[max(0, name_start - 200) : name_start]) is not None
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
    if text[name_start - 1 : name_start] in ("'", '"') or name in ("pass", "auth"):  # verbs
        return False
    if (m.group("loose") or "").rstrip().endswith(":"):  # `… key you asked for: x`, but not
        return _looks_random(value)  # `secret scan finished for repo: acme/api-v2`
    if group != "bare":
        return not any(c.isspace() for c in value) and not re.fullmatch(r"[A-Za-z_-]*", value)
    return (
        _looks_generated(value)
        and re.search(r"[()\[\]<>{}]", value) is None  # OAuth Tokens](#oauth-tokens)
        and not re.fullmatch(_CODE_REFERENCE, value.rstrip(":.,"))  # token is Token.Name:
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
    call = re.search(r"([\w$]*)[ \t]*[(\[][ \t]*[\"']$|\{[ \t]*:?$", before)  # {password, "…"}
    if call is None:
        return re.search(r"(?:^|\s)set[ \t]+:$", before) is not None
    function = (call.group(1) or "").lower()
    if not function:  # a tuple or a list, not a call: a pair (`["a", "b", "c"]` is a list)
        pair = re.compile(r"\s*,\s*[\"']([^\"'\n]*)[\"']\s*[)\]}]").match(text, end)
        value = pair.group(1) if pair else ""  # and not a pair of names: ['secret_key', 'token']
        return bool(value) and (
            _looks_generated(value) or not re.fullmatch(r"[A-Za-z_][\w.-]*", value)
        )
    return any(w in function for w in _SETTER_WORDS) and not any(
        w in function for w in _GETTER_WORDS
    )


_ASSIGNMENT_RULE = _Rule(
    _ASSIGNMENT,
    _find_assignment,
    (
        "key",
        "secret",
        "token",
        "pass",
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
    ),
    fold=True,
)

_BUILTIN_RULES: tuple[_Rule | _PrefixTable, ...] = (
    *_KEY_RULES,
    # DER and OpenSSH key bodies start like tokens: the table's one pass finds their heads too
    _PrefixTable(
        _PREFIXED,
        (
            ("MI MH MC", "[A-Za-z0-9+/]{30}", _find_der_key),
            ("b3BlbnNzaC1rZXktdjE", "[A-Za-z0-9+/]{13}", _find_der_key),
            ("eyJ ewog ewoi ew0K", "[A-Za-z0-9+/]{40,20000}={0,2}", _find_encoded_json),
        ),
    ),
    *_TOKEN_RULES,
    _URL_RULE,
    _AUTH_RULE,
    _COOKIE_RULE,
    _HEADERS_RULE,
    _REQUEST_HEADER_RULE,
    _CALL_PASSWORD_RULE,
    _NAMED_CALL_RULE,
    _DEFAULT_RULE,
    _GROUPED_RULE,
    _HOST_TOKENS_RULE,
    _CALL_RULE,
    _SAS_RULE,
    *_OTHER_RULES,
    _ASSIGNMENT_RULE,
)


# Redaction gives up (and nothing is stored) rather than hold a hook, and the store's write lock,
# for as long as the host lets it. Ordinary text redacts at ~30 MB/s, so only a pathological input
# comes near this.
REDACT_SECONDS = 10.0


class RedactionTimeout(GraphmemError):
    def __init__(self, chars: int, seconds: float) -> None:
        super().__init__(
            f"redacting {chars:,} characters took over {seconds:g} s, so nothing was stored; "
            "store smaller pieces, or simplify redact_patterns",
            Exit.INPUT,
        )


class Redactor:
    """Built-in rules plus the user's own patterns (kind "custom") and allowlist from config.

    User patterns can come from a repository's config file, so they run on RE2, whose matching
    time is linear in the text: no pattern (`(a+)+$`) can hang a hook. Every redaction is also
    bounded by `seconds`, checked between rules.
    """

    def __init__(
        self,
        extra_patterns: Sequence[str] = (),
        allowlist: Sequence[str] = (),
        seconds: float | None = None,
    ) -> None:
        self._custom = tuple(
            _compile_user(p, "extra pattern", i) for i, p in enumerate(extra_patterns)
        )
        self._allow = tuple(
            _compile_user(p, "allowlist pattern", i) for i, p in enumerate(allowlist)
        )
        self._seconds = REDACT_SECONDS if seconds is None else seconds

    def redact(self, text: str, gated: bool = True) -> Redaction:
        """`gated=False` tries every rule, even those whose triggers the text lacks: the same
        output, slower (tests prove the two equal)."""
        counts: dict[str, int] = {}
        deadline = time.monotonic() + self._seconds
        size = len(text)
        folded = text.lower()
        if "private" in folded:
            text, blocks = _drop_private(text)
            folded = text.lower()
            if blocks:
                counts["private"] = blocks
        words = _Words(folded) if gated else None
        for rule in _BUILTIN_RULES:
            if time.monotonic() > deadline:
                raise RedactionTimeout(size, self._seconds)
            done = [0]
            markers: list[int] = []
            found = rule.matches(text, folded, done, None if words is None else words.words)
            redacted = self._apply(found, rule.find, text, counts, done, markers)
            if redacted is not text:  # a redaction shifted positions: lower the new text
                text, folded = redacted, redacted.lower()
                if words is not None:
                    words.redacted(text, folded, markers)
        if self._custom:
            text = self._apply_custom(text, counts, deadline, size)
        return Redaction(text, counts)

    def _apply(
        self,
        matches: Iterable[Any],
        find: _Finder,
        text: str,
        counts: dict[str, int],
        done: list[int] | None = None,
        markers: list[int] | None = None,
    ) -> str:
        """`text` with what `find` accepts among `matches` replaced by markers; `done[0]` follows
        the end of the last replacement (the matches' source skips what lies before it), and
        `markers` gets where each marker starts in the new text."""
        pieces: list[str] = []
        done = [0] if done is None else done
        written = 0
        for match in matches:
            found = find(match)
            if found is None:
                continue
            for kind, start, end in found if isinstance(found, list) else (found,):
                secret = text[start:end]
                if (
                    start == end
                    or start < done[0]
                    or MARKER_PREFIX in secret
                    or _inside_marker(text, start)
                    or self._allowed(secret)
                ):
                    continue
                pieces += (text[done[0] : start], MARKER_PREFIX, kind, "]")
                written += start - done[0]
                if markers is not None:
                    markers.append(written)
                written += len(MARKER_PREFIX) + len(kind) + 1
                done[0] = end
                counts[kind] = counts.get(kind, 0) + 1
        if not pieces:
            return text
        pieces.append(text[done[0] :])
        return "".join(pieces)

    def _apply_custom(self, text: str, counts: dict[str, int], deadline: float, size: int) -> str:
        """User patterns see only the text between markers, so they can never match a marker."""
        pieces: list[str] = []
        done = 0
        for marker in (*_MARKER.finditer(text), None):
            if time.monotonic() > deadline:
                raise RedactionTimeout(size, self._seconds)
            end = len(text) if marker is None else marker.start()
            segment = text[done:end]
            for pattern in self._custom:
                found = pattern.finditer(segment)
                segment = self._apply(found, _whole("custom"), segment, counts)
            pieces.append(segment)
            if marker is not None:
                pieces.append(marker.group())
                done = marker.end()
        return "".join(pieces)

    def _allowed(self, secret: str) -> bool:
        return any(allowed.fullmatch(secret) for allowed in self._allow)


def _inside_marker(text: str, at: int) -> bool:
    """Whether `at` falls inside a marker (`user:[REDACTED:password]` read again as `user:[…`
    `:password]`): redaction must change nothing the second time."""
    opening = text.rfind(MARKER_PREFIX, max(0, at - 40), at)
    return opening != -1 and text.find("]", opening, at) == -1


def _linear_engine() -> Any:
    """google-re2, imported only for user patterns (~2 ms)."""
    try:
        import re2
    except ImportError:
        # A hook runs without `site` (graphmem/hooks/launch.py). Installed by pip or pipx, re2
        # sits beside graphmem and is found above; in an editable install it is in a
        # site-packages folder that is not on the path: add the one that holds it (after the
        # standard library, as `site` would), without paying for `site` and its .pth files.
        import sys

        sys.path += [d for d in _site_packages() if os.path.isdir(os.path.join(d, "re2"))]
        try:
            import re2
        except ImportError:
            raise ValueError(
                "redaction patterns need the google-re2 package: pip install google-re2"
            ) from None
    return re2


def _site_packages() -> list[str]:
    import sys

    version = f"python{sys.version_info[0]}.{sys.version_info[1]}"
    dirs = []
    for prefix in dict.fromkeys((sys.prefix, sys.base_prefix)):
        dirs += [os.path.join(prefix, lib, version, "site-packages") for lib in ("lib", "lib64")]
        dirs.append(os.path.join(prefix, "Lib", "site-packages"))  # Windows
    dirs.append(os.path.join(os.path.expanduser("~"), ".local", "lib", version, "site-packages"))
    return dirs


def _compile_user(pattern: str, what: str, index: int) -> Any:
    re2 = _linear_engine()
    options = re2.Options()
    options.log_errors = False  # RE2 would log to stderr; the error is reported once, below
    try:
        return re2.compile(pattern, options)
    except re2.error as err:
        reason = err.args[0].decode() if isinstance(err.args[0], bytes) else str(err)
        raise ValueError(f"invalid redaction {what} #{index + 1}: {reason}") from None


@lru_cache(maxsize=1)
def _default_redactor() -> Redactor:
    return Redactor()


def redact(text: str) -> Redaction:
    """Redact with the built-in rules only (no config)."""
    return _default_redactor().redact(text)
