"""Tokens told by their form: fixed prefixes that providers document (one table, one pass), a
random body behind a prefix the table lacks (in the same pass), and formats with a fixed piece
inside (webhook URLs, JWTs, Telegram, Mailchimp, Entra …)."""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from graphmem import patterns
from graphmem.redact.rule import (
    _B,
    _E,
    _Finder,
    _Found,
    _line_start,
    _Rule,
    _rule,
    _whole,
    _Words,
)
from graphmem.redact.values import (
    _HAS_DIGIT,
    _has_entropy,
    _in_web_config,
    _is_placeholder,
    _looks_generated,
    _looks_random,
)

TYPE_CHECKING = False  # not typing's: hooks do without importing it (CONTRIBUTING.md)
if TYPE_CHECKING:
    import re


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


_UUID = r"[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}"
# Tokens whose prefix their provider documents (the prefixes secret scanners key on): kind,
# prefixes, and the shape of the random part. Each prefix is a literal trigger, so a text that
# holds none of them costs one `str.find` per prefix.
_PREFIXED: tuple[tuple[str, str, str], ...] = (
    ("aws_access_key", "AKIA ASIA ABIA ACCA", r"[A-Z0-9]{16}"),
    ("aws_bedrock_key", "ABSK", r"[A-Za-z0-9+/]{109,269}={0,2}"),
    ("aws_bedrock_key", "bedrock-api-key-", r"YmVkcm9jay5hbWF6b25hd3MuY29t[A-Za-z0-9+/%=_-]{20,}"),
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
        r"[A-Za-z0-9%_-]{10,}",  # `_`: the `d` cookie's xoxd-, in base64url
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
    ("render_key", "rnd_", r"[A-Za-z0-9]{24,40}"),
    ("honeycomb_key", "hcaik_ hcxik_ hcamk_ hcxmk_", r"[a-z0-9]{50,}"),
    ("google_client_secret", "GOCSPX-", r"[A-Za-z0-9_-]{28}"),
    ("google_refresh_token", "1//0", r"[A-Za-z0-9_-]{40,}"),
    ("airtable_token", "pat", r"[A-Za-z0-9]{14}\.[0-9a-f]{64}"),
    ("fireworks_key", "fw_", r"[A-Za-z0-9]{24,}"),
    ("elevenlabs_key", "sk_", r"[0-9a-f]{48}"),
    ("pinecone_key", "pcsk_", r"[A-Za-z0-9_]{40,}"),
    ("plaid_token", "access-sandbox- access-development- access-production-", _UUID),
    ("adyen_key", "AQE", r"[A-Za-z0-9+/=_.-]{100,}"),
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
    ("launchdarkly_key", "sdk- api-", _UUID),
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
    ("adobe_client_secret", "p8e-", r"[A-Za-z0-9]{32}"),
    ("clickhouse_key", "4b1d", r"[A-Za-z0-9]{38}"),
    ("grafana_key", "eyJrIjoi", r"[A-Za-z0-9+/]{70,400}={0,3}"),  # base64 of {"k":"…
    ("harness_token", "pat. sat.", r"[A-Za-z0-9_-]{22}\.[A-Za-z0-9]{24}\.[A-Za-z0-9]{20}"),
    ("intra42_secret", "s-s4t2ud- s-s4t2af-", r"[0-9a-f]{64}"),
    ("octopus_key", "API-", r"[A-Z0-9]{26}"),
    ("openshift_token", "sha256~", r"[A-Za-z0-9_-]{43}"),  # not a digest: an OAuth token
    ("settlemint_token", "sm_aat_ sm_pat_ sm_sat_", r"[A-Za-z0-9]{16}"),
    ("slack_token", "xoxe.xoxb- xoxe.xoxp-", r"[A-Za-z0-9-]{60,}"),
    ("instagram_token", "IGQV IGAA", r"[A-Za-z0-9_-]{100,}"),
    ("trello_token", "ATTA", r"[0-9a-fA-F]{64,72}"),
    ("stytch_secret", "secret-live- secret-test-", r"[A-Za-z0-9_=-]{30,}"),
    (
        "onepassword_secret_key",
        "A3-",
        r"[A-Z0-9]{6}-(?:[A-Z0-9]{11}|[A-Z0-9]{6}-[A-Z0-9]{5})-[A-Z0-9]{5}-[A-Z0-9]{5}-[A-Z0-9]{5}",
    ),
    # Bitcoin private keys in wallet import format (uncompressed 5H/5J/5K, compressed K/L)
    ("crypto_private_key", "5H 5J 5K", r"[1-9A-HJ-NP-Za-km-z]{49}"),
    ("crypto_private_key", "Kw Kx Ky Kz L1 L2 L3 L4 L5", r"[1-9A-HJ-NP-Za-km-z]{50}"),
)


# Prefixes that also start ordinary words: the table tries them (before a prefix it does not
# list), and the whole token must look generated.
def _find_encoded_jwt(m: re.Match[str]) -> _Found:
    """A JWT in base64 (`ZXlK…`: a Kubernetes Secret's token, a config's blob): still one."""
    import binascii

    head = m.group()[:120]
    try:
        decoded = binascii.a2b_base64(head[: len(head) // 4 * 4]).decode("ascii")
    except (binascii.Error, ValueError):
        return None
    return ("jwt", m.start(), m.end()) if patterns.match(r"eyJ[\w-]{8,}\.eyJ", decoded) else None


_SHAPED: tuple[tuple[str, str, _Finder], ...] = (
    ("ZXlK", r"[A-Za-z0-9+/]{40,20000}={0,2}" + _E, _find_encoded_jwt),
    ("sk-ant-", r"[A-Za-z0-9_-]{20,}" + _E, _generated("anthropic_key")),
    ("sk-", r"(?!ant-)[A-Za-z0-9_-]{20,}" + _E, _generated("openai_key")),
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
                regex = f"{patterns.escape(prefix)}({body})" + _E
                self._by_head.setdefault(prefix[:2], []).append(regex)
                self._kind[regex] = kind
        for prefixes, body, find in shaped:
            for prefix in prefixes.split():
                regex = f"{patterns.escape(prefix)}{body}"
                self._by_head.setdefault(prefix[:2], []).append(regex)
                self._find[regex] = find

    def matches(
        self, text: str, folded: str, done: list[int], words: _Words | None = None
    ) -> Iterator[re.Match[str]]:
        heads = self._by_head
        unlisted = patterns.compile(_UNLISTED).match
        for start in patterns.finditer(_TOKEN_START, text):
            at = start.start()
            if at < done[0]:
                continue
            for regex in heads.get(text[at : at + 2], ()):
                match = patterns.compile(regex).match(text, at)
                if match is not None:
                    yield match
                    break
            else:
                if text[at].islower():  # no documented prefix: perhaps one no table lists
                    match = unlisted(text, at)
                    if match is not None:
                        yield match

    def find(self, m: re.Match[str]) -> _Found:
        if m.re.pattern == _UNLISTED:
            return _find_unlisted(m)
        shaped = self._find.get(m.re.pattern)
        if shaped is not None:
            return shaped(m)
        body = m.group(1)
        if (
            not _has_entropy(body)
            or "EXAMPLE" in body
            or (not _HAS_DIGIT(body) and _is_placeholder(body))
        ):
            return None  # filler, an example (`AKIAIOSFODNN7EXAMPLE`), `xoxb-your-bot-token`
        if _in_web_config(m.string, m.start(), m.end()):
            return None  # a Firebase web app's config: its key identifies the app, in every page
        return self._kind[m.re.pattern], m.start(), m.end()


# A provider's prefix that the table lacks: one to three short lower-case words, each followed by
# `_` or `-` (`xnd_production_`, `sig_`), then a long random body. Found by shape, so it takes
# no name: prose, code and logs alike.
_UNLISTED = r"[a-z]{2,8}+(?:[_-][a-z]{2,12}+){0,2}[_-]([A-Za-z0-9]{24,200})" + _E
# Prefixes that say the token is public, as providers document them: publishable and
# client-side keys (`pk_`, PostHog's `phc_`), site keys, ids.
_PUBLIC_WORDS = frozenset("pk pub public publishable client site id anon phc".split())
# Words that say a secret, or the environment a key is issued for (`xnd_production_`): an
# object id (`cus_`, `price_`, `evt_`, `prj_`) says neither, so it must be longer than ids are.
_SECRET_WORDS = frozenset(
    "sk secret key token tok pat api apikey sig signing auth private priv access refresh session "
    "pw pass live prod production dev development staging sandbox".split()
)


def _find_unlisted(m: re.Match[str]) -> _Found:
    """A body no person typed: upper and lower case and digits, ~4 bits of entropy a character,
    nothing of words (not `test_parseHttp2ResponseHeaders`), behind a prefix that does not say
    public; 40 characters or more unless the prefix says secret (ids run to ~32)."""
    body, text = m.group(1), m.string
    words = patterns.split(r"[_-]", m.group()[: m.start(1) - m.start()].lower())
    if not _PUBLIC_WORDS.isdisjoint(words) or not _looks_random(body):
        return None
    if patterns.search("example|sample|dummy|fake", body, patterns.IGNORECASE):
        return None  # `ls-9EXAMPLE8ad86…`: says it is an example
    before = text[_line_start(text, m.start(), 40) : m.start()].lower()
    if patterns.search(r"(?:sha\d*|md5|blake2\w?|digest|hash)[=:-]$", before):
        return None  # `sha256=<base64url>` (a wheel's RECORD): a digest, read from inside
    if patterns.search(
        r"(?:client|public|publishable)[\W_]{0,3}(?:side[\W_]{0,3})?(?:key|id)", before
    ):
        return None  # `clientKey: live_…`: named public
    if len(body) < 40 and _SECRET_WORDS.isdisjoint(words):
        return None
    if body.lower() == body or body.upper() == body or sum(c.isdigit() for c in body) < 2:
        return None
    return ("token", m.start(), m.end()) if _entropy(body) >= 3.8 else None


def _entropy(text: str) -> float:
    """Shannon entropy in bits a character: random base62 of 24+ characters has ~4.2 and up."""
    from math import log2

    size = len(text)
    return -sum(n / size * log2(n / size) for n in map(text.count, set(text)))


def _decoded_header(token: str) -> str:
    import binascii

    header = token.split(".", 1)[0][:400]
    try:
        raw = binascii.a2b_base64(header.translate(_URLSAFE) + "=" * (-len(header) % 4))
    except (binascii.Error, ValueError):
        return ""
    return raw.decode("utf-8", "replace")


def _find_jwt(m: re.Match[str]) -> _Found:
    """A JWT, but not one its issuer documents as public: Supabase's anon key (`"role":
    "anon"`), which every browser holding the site gets; nor an example the standard or jwt.io
    publishes."""
    import binascii

    if m.group("jwe") is not None:  # encrypted: a header that names its content encryption
        return ("jwt", m.start(), m.end()) if '"enc"' in _decoded_header(m.group()) else None
    payload = m.group("payload")[:400]
    try:
        claims = binascii.a2b_base64(payload.translate(_URLSAFE) + "=" * (-len(payload) % 4))
    except (binascii.Error, ValueError):
        return "jwt", m.start(), m.end()
    read = claims.decode("latin-1")  # byte for byte; (?a): `\s` is ASCII's, as in bytes
    if patterns.search(r'(?a)"role"\s*:\s*"anon"', read) or patterns.search(_EXAMPLE_CLAIMS, read):
        return None
    return "jwt", m.start(), m.end()


# The claims of the JWTs the standard and jwt.io publish as examples (RFC 7519's `joe`,
# jwt.io's `John Doe`), whatever key signed them: everyone's, in every tutorial.
_EXAMPLE_CLAIMS = r'(?a)"sub"\s*:\s*"1234567890",\s*"name"\s*:\s*"John Doe"|example\.com/is_root"'


_URLSAFE = str.maketrans("-_", "+/")


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


def _find_aws_pair(m: re.Match[str]) -> _Found:
    """The 40 characters after an AWS access key id, on its line or the next, as consoles, CSVs
    and notes give the pair: base64 mixing cases and digits (not hex: a commit, a digest)."""
    text, at = m.string, m.end()
    line_end = text.find("\n", at, at + 100)
    if line_end != -1:
        next_end = text.find("\n", line_end + 1, line_end + 101)
        stop = next_end if next_end != -1 else line_end + 101
    else:
        stop = at + 100
    found = patterns.compile(_AWS_PAIR_VALUE).search(text, at, stop)
    if found is None:
        return None
    value = found.group()
    if (
        patterns.fullmatch(r"[0-9a-fA-F]{40}", value)
        or value.lower() == value
        or value.upper() == value
    ):
        return None
    return "aws_secret_key", found.start(), found.end()


_AWS_PAIR_VALUE = r"(?<![A-Za-z0-9/+])[A-Za-z0-9/+]{40}(?![A-Za-z0-9/+=])"


_TOKEN_RULES: tuple[_Rule, ...] = (
    _rule(  # an access key id (the table above redacted it), its secret on its line or the next
        r"\[REDACTED:aws_access_key\]",
        _find_aws_pair,
        "[REDACTED:aws_access_key]",
    ),
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
    _rule(  # a JWT (its payload is JSON too), or a JWE: five parts, the key's may be empty
        _B
        + r"eyJ[A-Za-z0-9_-]{8,}\.(?:(?P<payload>eyJ[A-Za-z0-9_-]{8,})\.[A-Za-z0-9_-]*"
        + r"|(?P<jwe>[A-Za-z0-9_-]{0,4096}(?:\.[A-Za-z0-9_-]{8,20000}){3}))"
        + _E,
        _find_jwt,
        "eyJ",
    ),
    _rule(r":AA[A-Za-z0-9_-]{33}" + _E, _digits_before("telegram_token", 8, 10), ":AA"),
    _Rule(  # a password in an encoding any reader reverses, not a hash: Jetty's `OBF:`,
        # WebSphere's `{xor}`, Apache's `{base64}`
        r"(?<![\w-])(?:OBF:[0-9a-z]{8,512}|\{(?:xor|base64)\}[A-Za-z0-9+/]{4,512}={0,2})"
        r"(?![\w+/=-])",
        _whole("password"),
        ("obf:", "{xor}", "{base64}"),
        fold=True,
    ),
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
    _rule(  # MaxMind license keys: 6 chars, `_`, 29 chars, then `_mmk`
        r"(?<=[A-Za-z0-9]{6}_[A-Za-z0-9]{29})_mmk" + _E, _chars_before("maxmind_key", 36), "_mmk"
    ),
    _rule(  # Terraform Cloud / Enterprise: 14 chars, `.atlasv1.`, 60-70 chars
        r"\.atlasv1\.[A-Za-z0-9_=-]{60,70}" + _E, _chars_before("terraform_token", 14), ".atlasv1."
    ),
)
