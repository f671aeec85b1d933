"""
TWENTY-FIRST held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before any measurement of it. Its author read only: the first 95
lines of `redaction_corpus.py` (the `SecretCase` format); the module docstrings of
`redaction_heldout.py` and `redaction_heldout2.py` to `redaction_heldout20.py`, printed alone
through `ast.get_docstring` (to stay clear of their contexts; candidate tool, vendor and language
names were grepped in them before use); `fake_secrets.py`; lines 88-328 of
`redaction_heldout20.py` (its imports and helpers, up to and including its first case, a lazygit
`customCommands` entry holding a GitHub token), located by an `ast` listing of that module's
top-level statements that printed only node types and line ranges, no text; and the first 45
lines of `tests/test_redact_gate.py` (the loader). Its author never read the rules (graphmem/),
their description (docs/, README.md, CHANGELOG.md, CONTRIBUTING.md), the benchmark (benchmarks/),
the messages or diffs of any commit, nor any other case of another split. Nothing was run on it
but an import printing the two list sizes, self-written checks that call no graphmem code (each
secret occurs in its text, each `keep` occurs and does not overlap a secret, kind names are the
listed ones, no duplicate texts or secrets, no secret inside a look-alike) and `ruff check --fix`
/ `ruff format`; no redaction, test or benchmark saw a case while it was written, so no case was
kept or dropped for what the rules do with it. The helpers are split 20's, with a new seed and
word list. The first draft (216 secrets, 169 look-alikes) was cut to size mechanically, without
any run: every seventh config entry (9), every eighth prose entry (5) and every sixth look-alike
(28, dropped by the last statement of this module).

Families: prefixed provider tokens 30, private keys 20, connection strings 35, config syntaxes
and prose 91 (56 config, code and tool output, 35 prose), authorization and API-key headers 26;
141 look-alikes. A natural share of the secrets appears without a telling name beside it: a
token as a CLI positional argument (`export_channels.py`, `akaunting-stripe-sync`, a
`peertube-object-storage-sync` key pair, `cachet-sync.py`, `kimai:user:create`, `murmurd -supw`),
a token piped into `gh auth login --with-token`, a bare line in a settings page (Semgrep
Assistant), a row of a printed table (`st2 key list`, `dkron job ls`, a Kimai Markdown table, a
WP Engine user list, a Sezzle key row), an item of a HedgeDoc note's list, or a secret in a
sentence of chat, a ticket, a PR review or a voice memo. Passwords mix generated ones,
passphrases, leetspeak and human-chosen words.

Contexts, in forms no earlier split lists: Zellij layouts and `config.kdl`, atuin and Nushell
history, xonsh rc, justfiles; job runners and automation (Dkron, StackStorm `st2`, Cronicle,
OneDev, Keptn, Argo Workflows, Vela); self-hosted apps (Cachet, Snipe-IT, BookStack, Outline,
Wiki.js, HedgeDoc, Mealie, Grocy, Firefly III, Kimai, Invoice Ninja, Akaunting, Dolibarr, Mumble,
PeerTube, Funkwhale, Navidrome, Audiobookshelf, Kavita, Komga, Calibre-web, FreshRSS, Wallabag,
Linkding, Shiori, Wekan, Focalboard, Huly, Leantime, Tuleap, Zammad tickets); database GUIs
(Adminer, Beekeeper Studio, TablePlus, HeidiSQL, Azure Data Studio, Navicat, SQL Developer, Toad,
MySQL Workbench, Robo3T, Studio3T, RedisInsight, Another Redis Desktop Manager, Postico); app
platforms (StackBlitz, Qovery, Sealos, Platform.sh, WP Engine, Acquia, Kamatera); security
vendors (Imperva, Sucuri, Checkmarx, Veracode, Semgrep, Mend, Aqua, Lacework, Orca, Tenable,
Qualys, Rapid7); billing, tax and payments (Zuora, Avalara, TaxJar, Maxio, Paysafe, Worldline,
Nexi, Sezzle, Tap Payments, Orange Money, Peach Payments) and MessageBird; code in languages no
earlier split lists (AutoIt, Unison, Koka, Inko, X++, Clarion, Harbour, MQL5, EasyLanguage,
NetLogo, Modelica, Papyrus, SQF, SourcePawn, UnrealScript config, LSL, GameMaker GML, Power
Query M, KQL, PromQL rule files, Vector VRL, Cairo/Starknet, Hy, G-code, OpenSCAD presets).
Prose secrets (approximate phrasing, romanised where noted) in Karelian, Veps, Kabardian,
Lezgian, Altai, Kalmyk, Evenki, Nenets, Ingush, Adyghe, Moksha, Walser German, Dungan, Wakhi,
Burushaski, Balti, Ladakhi, Lepcha, Tamang, Khasi, Garo, Saraiki, Pothwari, Hindko, Chakma,
Zhuang, Ainu, Chuukese, Pohnpeian, Tuvaluan, Gilbertese, Tokelauan, Norfuk, Pitkern and
Chittagonian (one note), next to English chat, Jira, email, standup and PR text. Its
look-alikes are commit ids and build, execution and job ids (git, OneDev, Argo Workflows,
Keptn, Vela, Dkron, StackStorm, Cronicle), digests and checksums (image digests, release
checksums, npm integrity, file hashes, Semgrep fingerprints), public keys, certificates and
fingerprints, client keys and ids documented as public (Stripe and Tap publishable keys, Sezzle
widget ids, Peach entity ids, Avalara account ids), ETags, trace ids, request ids, cursors and
payment references, stored password hashes (bcrypt `$2a$`/`$2b$`/`$2y$`, sha512-crypt, Werkzeug
pbkdf2, Mumble salted hashes, an encrypted Navidrome column), placeholders, masked values and
secret references (`secretKeyRef`, `@secret:...@`, `st2kv`, `%env()%`, `op read`,
`/run/secrets`), base64 of harmless data, versions, file and object ids told in sentences,
on-chain public identifiers, AWS's documented example keys, an RFC 4648 test vector, and notes in
the languages above saying where a password is kept.

Every secret is generated at import from a fixed seed of its own (fake, never a real
credential), so no token-shaped string is committed.
"""

# ruff: noqa: RUF001  (prose cases in other scripts carry their own punctuation)

from __future__ import annotations

import base64
import json
from collections.abc import Callable

from tests.data.fake_secrets import (
    AN,
    B64,
    DIGITS,
    HEX,
    LOWER_AN,
    UPPER_AN,
    URLSAFE,
    Fakes,
    basic,
    escaped,
)
from tests.data.redaction_corpus import SecretCase, _case

_WORDS = (
    "anchor bramble cinder drumlin egret fjord gannet hazel ibex jasper kestrel lichen marten "
    "nettle osprey pewter quartz rowan sorrel tamarind umber vetch wagtail yew zinnia "
    "bobbin caraway dulse fescue gorse hemlock inkcap juniper kumquat loquat"
).split()
_F = Fakes(21_0421_2026, _WORDS)
_r = _F.r
_pick = _F.rng.choice

SECRETS: list[SecretCase] = []
LOOKALIKES: list[str] = []


def _s(text: str, secrets: str | tuple[str, ...], kinds: str | tuple[str, ...], *keep: str) -> None:
    SECRETS.append(_case(text, secrets, kinds, *keep))


def _l(text: str) -> None:
    LOOKALIKES.append(text)


_FAMILIES: dict[str, int] = {}


def _family(name: str) -> None:
    _FAMILIES[name] = len(SECRETS)


# ---------------------------------------------------------------------------------------------
# Prefixed provider tokens (documented prefixes and shapes, random bodies)
# ---------------------------------------------------------------------------------------------
_family("prefixed")

_t = _F.ghp()
_s(
    '// ~/.config/zellij/layouts/release.kdl\nlayout {\n    pane command="bash" {\n'
    '        args "-c" "GITHUB_TOKEN=' + _t + ' goreleaser release --clean"\n    }\n}\n',
    _t,
    "github_token",
    "goreleaser release --clean",
)
_t = _F.github_pat()
_s(
    '{\n  "name": "mirror-repos",\n  "schedule": "@every 6h",\n  "executor": "shell",\n'
    '  "executor_config": {\n    "command": "git clone https://x-access-token:' + _t + "@github.com"
    '/acme/platform.git /srv/mirror"\n  }\n}\n# dkron job definition, POST /v1/jobs',
    _t,
    "github_token",
    "mirror-repos",
)
_t = "gho_" + _r(36)
_s(
    "$ st2 key list\n+------------------+----------------------------------------------+--------+\n"
    "| name             | value                                        | secret |\n"
    "+------------------+----------------------------------------------+--------+\n"
    "| gh_bot_login     | release-bot                                  | False  |\n"
    "| gh_oauth         | " + _t + " | False  |\n"
    "+------------------+----------------------------------------------+--------+",
    _t,
    "github_token",
    "release-bot",
)
_t = _F.glpat()
_s(
    "Cronicle event 'nightly-tag' (plugin: Shell Script)\nScript:\n#!/bin/sh\n"
    "curl -sf --request POST --header 'PRIVATE-TOKEN: " + _t + "' \\\n"
    "  'https://gitlab.corp.example/api/v4/projects/412/repository/tags?tag_name=nightly&ref=main'",
    _t,
    "gitlab_token",
    "nightly-tag",
)
_t = _F.glpat()
_s(
    "onedev> Job 'push-to-gitlab' failed\n  Step 'mirror' command:\n"
    "    git push --mirror https://oauth2:" + _t + "@gitlab.com/acme/portal.git\n"
    "  remote: HTTP Basic: Access denied",
    _t,
    "gitlab_token",
    "push-to-gitlab",
)
_t = _F.xoxb()
_s(
    "# Healthcheck alert hook for Cachet incidents\n"
    "cachet_slack_notify() {\n  curl -s -X POST https://slack.com/api/chat.postMessage \\\n"
    '    -d channel=C04STATUS -d text="$1" -d token=' + _t + "\n}\n",
    _t,
    "slack_token",
    "cachet_slack_notify",
)
_t = _F.xoxp()
_s(
    "Ticket #4471 (Zammad) - 'Slack export script fails'\nCustomer wrote:\n"
    "> I ran python export_channels.py " + _t + " --since 2025-01-01 and it just prints\n"
    "> 'missing_scope'. Can you check what scopes the token needs?",
    _t,
    "slack_token",
    "export_channels.py",
)
_t = _F.xoxb()
_s(
    "keptn:\n  integrations:\n    - name: slack-notify\n      type: webhook\n"
    "      request: |\n        curl -X POST -H 'Authorization: Bearer " + _t + "' \\\n"
    '          -d \'{"channel":"#deploys","text":"{{.data.project}} done"}\' \\\n'
    "          https://slack.com/api/chat.postMessage\n",
    _t,
    "slack_token",
    "slack-notify",
)
_t = _F.sk_proj()
_s(
    "Wiki.js > Administration > Search Engine > (custom) 'semantic'\n"
    "Embedding provider: OpenAI\nModel: text-embedding-3-small\nKey: " + _t + "\nDimensions: 1536",
    _t,
    "openai_key",
    "text-embedding-3-small",
)
_t = _F.sk_proj()
_s(
    '; AutoIt helper: summarise clipboard\nLocal $sKey = "' + _t + '"\n'
    'Local $oHTTP = ObjCreate("WinHttp.WinHttpRequest.5.1")\n'
    '$oHTTP.Open("POST", "https://api.openai.com/v1/chat/completions", False)\n'
    '$oHTTP.SetRequestHeader("Authorization", "Bearer " & $sKey)\n',
    _t,
    "openai_key",
    "WinHttp.WinHttpRequest.5.1",
)
_t = _F.sk_ant()
_s(
    "HedgeDoc note 'llm-eval-setup' (last edited 2 days ago)\n\n## keys\n\n"
    "- anthropic: " + _t + "\n- rate limit: 50 rpm on tier 2\n- ask Priya before rotating",
    _t,
    "anthropic_key",
    "llm-eval-setup",
)
_t = _F.sk_ant()
_s(
    '(* Unison scratch file *)\nclaude.key : Text\nclaude.key = "' + _t + '"\n\n'
    "claude.ask : Text ->{IO, Exception} Text\n",
    _t,
    "anthropic_key",
    "claude.ask",
)
_t = _F.aiza()
_s(
    "# Mealie .env\nBASE_URL=https://recipes.home.example\nALLOW_SIGNUP=false\n"
    "OPENAI_BASE_URL=\nGOOGLE_MAPS_KEY_SERVER=" + _t + "\nTZ=Europe/Tallinn\n",
    _t,
    "google_api_key",
    "ALLOW_SIGNUP",
)
_t = _F.aiza()
_s(
    "GET /maps/api/geocode/json?address=Tartu&key=" + _t + " HTTP/1.1\n"
    "Host: maps.googleapis.com\nUser-Agent: Grocy/4.2 (product-location lookup)",
    _t,
    "google_api_key",
    "maps.googleapis.com",
)
_t = _F.aiza()
_s(
    "Audiobookshelf server log\n[2025-06-02 07:41:10] INFO: [BookFinder] Google Books query "
    "https://www.googleapis.com/books/v1/volumes?q=isbn:9780141439600&key=" + _t + "\n"
    "[2025-06-02 07:41:11] INFO: [BookFinder] 1 result",
    _t,
    "google_api_key",
    "BookFinder",
)
_t = _F.stripe()
_s(
    "Invoice Ninja > Settings > Payment Gateways > Stripe\n  Publishable Key: (set)\n"
    "  Secret Key: " + _t + "\n  Webhook: enabled\n  Accepted cards: Visa, Mastercard, Amex",
    _t,
    "stripe_key",
    "Accepted cards",
)
_t = _F.stripe("rk_live_")
_s(
    "$ akaunting-stripe-sync --account 3 " + _t + "\nFetching balance transactions since 2025-05-01"
    "...\n  412 transactions, 9 payouts imported",
    _t,
    "stripe_key",
    "akaunting-stripe-sync",
)
_t = _F.stripe()
_s(
    "-- Dolibarr llx_const dump\nINSERT INTO llx_const (name, value, type, entity) VALUES "
    "('STRIPE_LIVE_SECRET_KEY', '" + _t + "', 'chaine', 1);\n"
    "INSERT INTO llx_const (name, value, type, entity) VALUES ('STRIPE_LIVE', '1', 'chaine', 1);",
    _t,
    "stripe_key",
    "llx_const",
)
_a, _k = _F.akia(), _F.aws_secret()
_s(
    "Kimai > Plugins > Invoice export > S3 archive\n| Setting | Value |\n|---|---|\n"
    "| Bucket | acme-kimai-invoices |\n| Region | eu-north-1 |\n| Access key | " + _a + " |\n"
    "| Secret | " + _k + " |",
    (_a, _k),
    ("aws_access_key", "aws_secret_key"),
    "acme-kimai-invoices",
)
_a, _k = _F.akia(), _F.aws_secret()
_s(
    "$ rclone-less backup for PeerTube: ran\n  peertube-object-storage-sync "
    + _a
    + " "
    + _k
    + " s3://peertube-videos-prod\n  uploaded 311 files",
    (_a, _k),
    ("aws_access_key", "aws_secret_key"),
    "peertube-videos-prod",
)
_a, _k = _F.akia(), _F.aws_secret()
_s(
    "# Navidrome backup sidecar (Argo Workflows template)\n  - name: upload\n    container:\n"
    "      image: amazon/aws-cli:2.17\n      env:\n        - {name: AWS_ACCESS_KEY_ID, value: "
    + _a
    + "}\n        - {name: AWS_SECRET_ACCESS_KEY, value: "
    + _k
    + "}\n"
    "      args: [s3, cp, /data/navidrome.db, s3://music-backups/]\n",
    (_a, _k),
    ("aws_access_key", "aws_secret_key"),
    "music-backups",
)
_t = "npm_" + _r(36)
_s(
    "StackBlitz project settings > Environment\n  NPM_TOKEN   " + _t + "\n  NODE_ENV    "
    "development\n(used by the private @acme/ui package in package.json)",
    _t,
    "secret",
    "@acme/ui",
)
_t = "hf_" + _r(34)
_s(
    "MQL5 EA log 2025.06.03 09:12:44.118 SentimentEA (EURUSD,H1) "
    "WebRequest POST https://api-inference.huggingface.co/models/ProsusAI/finbert "
    "headers=Authorization: Bearer " + _t,
    _t,
    "authorization",
    "SentimentEA",
)
_t = f"SG.{_r(22, URLSAFE)}.{_r(43, URLSAFE)}"
_s(
    "Listmonk-like settings moved to Mautic: Configuration > Email Settings\n"
    "  Mailer transport: SendGrid API\n  API key: " + _t + "\n  From: news@acme.example",
    _t,
    "secret",
    "news@acme.example",
)
_t = _F.ghp()
_s(
    "Qovery > Environment variables > Secrets\n"
    "  KEY                  VALUE                                       SCOPE\n"
    "  RENOVATE_TOKEN       " + _t + "    ENVIRONMENT\n"
    "  LOG_LEVEL            info                                        PROJECT",
    _t,
    "github_token",
    "RENOVATE_TOKEN",
)
_t = _F.github_pat()
_s(
    "Sealos devbox terminal\n$ echo " + _t + " | gh auth login --with-token\n"
    "$ gh repo clone acme/billing\nCloning into 'billing'...",
    _t,
    "github_token",
    "acme/billing",
)
_t = _F.sk_proj()
_s(
    "Semgrep Assistant setup (Settings > Integrations)\n  Provider: OpenAI (bring your own key)\n"
    "  " + _t + "\n  Status: connected",
    _t,
    "openai_key",
    "Semgrep Assistant",
)
_t = "pypi-AgEIcHlwaS5vcmc" + _r(60, URLSAFE)
_s(
    "Platform.sh build hook output\n    W: + twine upload --repository pypi -u __token__ -p "
    + _t
    + " dist/*\n    Uploading acme_tools-2.4.0-py3-none-any.whl",
    _t,
    "secret",
    "acme_tools-2.4.0-py3-none-any.whl",
)
_t = _F.jwt({"iss": "wpengine", "sub": "acme-prod", "scope": "sites:deploy", "exp": 1767225600})
_s(
    "WP Engine deploy (.github/workflows/deploy.yml copied into a ticket):\n"
    "  - run: wpe-deploy --site acme-prod --token " + _t,
    _t,
    "jwt",
    "acme-prod",
)
_t = _F.xoxb()
_s(
    "Rapid7 InsightConnect workflow step 'Notify SOC'\n  plugin: slack 4.1.2\n  connection:\n"
    "    bot_token: " + _t + "\n  action: post_message\n  channel: soc-alerts\n",
    _t,
    "slack_token",
    "soc-alerts",
)


# ---------------------------------------------------------------------------------------------
# Private keys in many wrappers
# ---------------------------------------------------------------------------------------------
_family("private_key")

_k, _ks = _F.rsa()
_s(
    "Snipe-IT > Admin > SAML\n  IdP metadata: https://idp.acme.example/metadata\n"
    "  SP private key:\n" + _k + "\n  Sign requests: yes",
    _ks,
    "private_key",
    "Sign requests",
)
_k, _ks = _F.openssh()
_s(
    "BookStack page 'Break-glass access to bastion' (revision 7)\n\n"
    "Paste this into ~/.ssh/bastion_ed25519 and chmod 600:\n\n" + _k + "\n\nThen ssh -i "
    "~/.ssh/bastion_ed25519 ops@bastion.acme.example",
    _ks,
    "private_key",
    "ops@bastion.acme.example",
)
_k, _ks = _F.ec()
_s(
    "Outline document 'Apple Pay merchant setup' > code block:\n```\n" + _k + "\n```\n"
    "Merchant id merchant.example.acme, created by finance",
    _ks,
    "private_key",
    "merchant.example.acme",
)
_k, _kb = _F.ed25519()
_s(
    "Firefly III importer: enable bank API signing\n$ cat keys/signing.pem\n" + _k + "\n"
    "$ firefly-iii-importer --config import.json",
    _kb,
    "private_key",
    "import.json",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    '{\n  "type": "service_account",\n  "project_id": "wallabag-ocr",\n'
    '  "private_key": "' + escaped(_k) + '",\n  "client_email": '
    '"ocr@wallabag-ocr.iam.gserviceaccount.com"\n}',
    _ks,
    "private_key",
    "wallabag-ocr",
)
_k, _ks = _F.pgp(comment="Comment: FreshRSS release signing")
_s(
    "$ gpg --export-secret-keys --armor releases@freshrss.example\n" + _k,
    _ks,
    "private_key",
    "releases@freshrss.example",
)
_k, _ks = _F.rsa()
_s(
    "HeidiSQL session export (SSH tunnel tab), pasted by a colleague:\n"
    "SSHtunnelPrivateKey<|||>1<|||>" + escaped(_k) + "\nSSHtunnelHost<|||>1<|||>jump.acme.example",
    _ks,
    "private_key",
    "SSHtunnelHost",
)
_k, _ks = _F.ec()
_s(
    '// SourcePawn plugin: sign match reports\nchar g_sSigningKey[] = "' + escaped(_k) + '";\n'
    'public void OnPluginStart() { RegServerCmd("sm_signreport", Cmd_Sign); }',
    _ks,
    "private_key",
    "sm_signreport",
)
_k, _ks = _F.openssh(400)
_s(
    "Adminer was behind an SSH tunnel; the key the tunnel container uses (docker logs tunnel):\n"
    + _k
    + "\nWarning: Permanently added 'db-prod' (ED25519) to the list of known hosts.",
    _ks,
    "private_key",
    "db-prod",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    "Tenable.sc scan credential export (type: SSH, auth: publicKey)\n"
    "username: nessus-scan\nprivateKey: |\n  " + _k.replace("\n", "\n  ") + "\nescalation: sudo",
    _ks,
    "private_key",
    "nessus-scan",
)
_k, _kb = _F.ed25519()
_s(
    'Veracode pipeline scan signing step:\n  echo "'
    + _k.replace("\n", "\\n")
    + '" > /tmp/sign.pem && cosign-free-sign --key /tmp/sign.pem results.json',
    _kb,
    "private_key",
    "results.json",
)
_k, _ks = _F.pgp(1400)
_s(
    "Kavita backup bundle README:\nThe archive is encrypted to the ops key below; the private half "
    "is included so restores work offline.\n\n" + _k,
    _ks,
    "private_key",
    "restores work offline",
)
_k, _ks = _F.rsa()
_s(
    'PowerQuery M (Power BI) connector, SnowflakeKeyPair:\nlet\n    Key = "'
    + escaped(_k)
    + '",\n    Source = Snowflake.Databases("acme.snowflakecomputing.com", "BI_WH")\nin Source',
    _ks,
    "private_key",
    "BI_WH",
)
_k, _ks = _F.ec()
_s(
    "Lacework agent bootstrap (Ansible vars, unencrypted by mistake):\nlw_mtls_key: |\n  "
    + _k.replace("\n", "\n  ")
    + "\nlw_server_url: https://api.fra.lacework.net",
    _ks,
    "private_key",
    "lw_server_url",
)
_k, _ks = _F.openssh()
_s(
    "Navicat NCX export is encrypted, but the SSH key file it points to was attached to ticket "
    "HELP-220:\n\n" + _k,
    _ks,
    "private_key",
    "HELP-220",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    '# X++ class AcmeBankSigner (Dynamics AX 2012)\nstatic str privateKeyPem()\n{\n    return @"'
    + _k
    + '";\n}',
    _ks,
    "private_key",
    "AcmeBankSigner",
)
_k, _kb = _F.ed25519()
_s(
    "Komga plugin keystore dump:\n$ cat data/plugin-signing.key\n" + _k,
    _kb,
    "private_key",
    "plugin-signing.key",
)
_k, _ks = _F.ec()
_s(
    "Qualys Cloud Agent proxy mTLS: Chittagonian note from the on-call, 'key ta ekhane rakhsi':\n"
    + _k,
    _ks,
    "private_key",
    "Qualys Cloud Agent",
)
_k, _ks = _F.rsa()
_s(
    "Modelica/OpenModelica FMU export tool config (fmu-sign.toml)\n[signing]\nalgorithm = "
    "\"RS256\"\nkey = '''\n" + _k + "\n'''\n",
    _ks,
    "private_key",
    "fmu-sign.toml",
)
_k, _ks = _F.openssh()
_s(
    "TablePlus connection 'prod-readonly' > Over SSH > Private key (pasted as text):\n" + _k,
    _ks,
    "private_key",
    "prod-readonly",
)


# ---------------------------------------------------------------------------------------------
# Connection strings, DSNs and URLs with credentials
# ---------------------------------------------------------------------------------------------
_family("connection")

_CONN = [
    (
        "Beekeeper Studio > Import from URL\n  postgresql://beekeeper:{p}@pg-analytics.acme.interna"
        "l:5432/"
        "warehouse?sslmode=require\n  [Connect]",
        "pg-analytics.acme.internal",
    ),
    (
        "RedisInsight > Add database > Connection URL\n  rediss://default:{p}@cache-7.acme.example:"
        "6380/0",
        "cache-7.acme.example",
    ),
    (
        "Another Redis Desktop Manager export (connections.json):\n  "
        '{{"name":"queue","host":"10.4.0.12","port":6379,"auth":"{p}","username":""}}',
        "10.4.0.12",
    ),
    (
        "Studio3T connection string pasted into chat:\nmongodb+srv://appuser:{p}@cluster1.abcde.mon"
        "godb.net/"
        "orders?retryWrites=true&w=majority",
        "cluster1.abcde.mongodb.net",
    ),
    (
        "Robo3T 1.4 log: Connecting to mongodb://admin:{p}@127.0.0.1:27017/?authSource=admin ...",
        "authSource=admin",
    ),
    (
        "MySQL Workbench > Manage Server Connections > 'legacy-erp'\n  Connection Method: Standard "
        "TCP/IP\n"
        "  Hostname: erp-db.acme.local  Port: 3306  Username: erp_ro\n"
        "  URI copied: mysql://erp_ro:{p}@erp-db.acme.local:3306/erp",
        "erp-db.acme.local",
    ),
    (
        "Azure Data Studio > Connection string (ADO.NET)\nServer=tcp:sql-acme.database.windows.net,"
        "1433;"
        "Initial Catalog=billing;User ID=ads_admin;Password={p};Encrypt=True;",
        "sql-acme.database.windows.net",
    ),
    (
        'SQL Developer connections.json:\n  {{"name": "HR_PROD", "type": "jdbc", "info": {{\n'
        '    "customUrl": "jdbc:oracle:thin:hr_app/{p}@//ora-prod.acme.local:1521/HRPDB"}}}}',
        "ora-prod.acme.local",
    ),
    (
        "Toad for Oracle ConnectionString (Tools > Options > Login):\n  "
        "User Id=FIN_BATCH;Password={p};Data Source=finprod",
        "FIN_BATCH",
    ),
    (
        "Postico favorites (exported plist, key 'url'):\n  <string>postgres://postico:{p}@localhost"
        ":5433/"
        "blog_dev</string>",
        "blog_dev",
    ),
    (
        "$ dkron agent --server --data-dir=/var/dkron \\\n    --config=/etc/dkron/dkron.yml\n"
        "dkron.yml: storage: postgres://dkron:{p}@pg.dkron.svc:5432/dkron",
        "pg.dkron.svc",
    ),
    (
        "StackStorm st2.conf\n[database]\nhost = mongodb://st2:{p}@mongo-0.st2.svc:27017/st2\n[mess"
        "aging]\n"
        "url = amqp://guest:guest@localhost:5672/",
        "mongo-0.st2.svc",
    ),
    (
        'Cronicle config.json:\n  "Storage": {{"engine": "S3", "S3": {{"connectTimeout": '
        "5000}}}},\n"
        '  "mail_options": {{"host": "smtp.acme.example", "auth": {{"user": "cronicle", "pass": '
        '"{p}"}}}}',
        "smtp.acme.example",
    ),
    (
        "Bookstack .env\nDB_HOST=mariadb\nDB_DATABASE=bookstack\nDB_USERNAME=bookstack\nDB_PASSWORD"
        "={p}\n"
        "MAIL_DRIVER=smtp",
        "DB_DATABASE",
    ),
    (
        "Wiki.js config.yml\ndb:\n  type: postgres\n  host: db\n  port: 5432\n  user: wikijs\n"
        "  pass: {p}\n  db: wiki",
        "wikijs",
    ),
    (
        "HedgeDoc CMD_DB_URL in docker-compose.yml:\n      - CMD_DB_URL=postgres://hedgedoc:{p}@dat"
        "abase:5432/hedgedoc",
        "hedgedoc",
    ),
    (
        "Mealie logs: sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to "
        "server at "
        '"postgres" failed\n[SQL: connect postgresql://mealie:{p}@postgres:5432/mealie]',
        "OperationalError",
    ),
    (
        "Grocy is SQLite, but the sync job uses: mysql://grocy_sync:{p}@nas.local/grocy_mirror",
        "grocy_mirror",
    ),
    (
        "Firefly III .env\nDB_CONNECTION=pgsql\nDB_HOST=fireflydb\nDB_PORT=5432\nDB_DATABASE=firefl"
        "y\n"
        "DB_USERNAME=firefly\nDB_PASSWORD={p}",
        "fireflydb",
    ),
    (
        "Invoice Ninja: MAIL_MAILER=smtp MAIL_HOST=smtp.zoho.eu MAIL_USERNAME=billing@acme.example "
        "MAIL_PASSWORD={p} MAIL_PORT=465",
        "smtp.zoho.eu",
    ),
    (
        "PeerTube production.yaml\ndatabase:\n  hostname: 'postgres'\n  port: 5432\n  username: "
        "'peertube'\n"
        "  password: '{p}'\nredis:\n  hostname: 'redis'",
        "peertube",
    ),
    (
        "Funkwhale .env: DATABASE_URL=postgresql://funkwhale:{p}@postgres:5432/funkwhale\n"
        "CACHE_URL=redis://redis:6379/0",
        "CACHE_URL",
    ),
    (
        "Navidrome ND_LASTFM_SECRET is set; the scrobble relay uses amqp://relay:{p}@mq.home:5672/s"
        "crobbles",
        "mq.home",
    ),
    (
        "Linkding LD_DB_ENGINE=postgres LD_DB_USER=linkding LD_DB_PASSWORD={p} LD_DB_HOST=pg.home",
        "LD_DB_HOST",
    ),
    (
        "Shiori: $ shiori serve --db postgres://shiori:{p}@db.lan:5432/shiori --port 8080",
        "shiori serve",
    ),
    ("Wekan MONGO_URL=mongodb://wekan:{p}@wekandb:27017/wekan?replicaSet=rs0", "replicaSet=rs0"),
    (
        "Leantime config/.env\nLEAN_DB_HOST='mysql_leantime'\nLEAN_DB_USER='lean'\nLEAN_DB_PASSWORD"
        "='{p}'\n"
        "LEAN_DB_DATABASE='leantime'",
        "mysql_leantime",
    ),
    (
        "Tuleap: $ tuleap-cfg setup:mysql --host=db.tuleap.lan --user=tuleapadm --password={p} "
        "tuleap.example.com",
        "tuleap.example.com",
    ),
    (
        "Huly docker-compose: MONGO_URL: mongodb://huly:{p}@mongodb:27017  # TODO move to secret",
        "TODO move to secret",
    ),
    (
        'Focalboard config.json\n{{\n  "dbtype": "postgres",\n  "dbconfig": '
        '"postgres://boardsuser:{p}@'
        'localhost/boards?sslmode=disable&connect_timeout=10"\n}}',
        "boardsuser",
    ),
    (
        "Akaunting installer CLI: php artisan install --db-host=127.0.0.1 --db-name=akaunting "
        "--db-username=akaunting --db-password={p} --admin-email=admin@acme.example",
        "admin@acme.example",
    ),
    (
        "Dolibarr conf.php\n$dolibarr_main_db_host='localhost';\n$dolibarr_main_db_name='dolibarr';"
        "\n"
        "$dolibarr_main_db_user='dolibarr';\n$dolibarr_main_db_pass='{p}';",
        "dolibarr_main_db_name",
    ),
    (
        "Mumble murmur.ini\ndatabase=murmur\ndbDriver=QMYSQL\ndbUsername=murmur\ndbPassword={p}\n"
        "dbHost=127.0.0.1",
        "QMYSQL",
    ),
    (
        "Calibre-web behind Authelia-free proxy; SMTP in app.db: smtp://calibre%40acme.example:{p}@"
        "mail.acme.example:587",
        "mail.acme.example",
    ),
    (
        "Audiobookshelf podcast feed with creds in the URL, from the UI 'Copy RSS' button:\n"
        "https://listener:{p}@pods.home.example/feed/podcast-42.xml",
        "podcast-42.xml",
    ),
]
for _tmpl, _keep in _CONN:
    _p = _pick((_F.url_password, _F.url_password, _F.phrase))()
    _s(_tmpl.format(p=_p), _p, "password", _keep)


# ---------------------------------------------------------------------------------------------
# Config syntaxes, code and tool output (named and unnamed values)
# ---------------------------------------------------------------------------------------------
_family("config")

# (template, kind, generator, keep); {v} is the secret
_CONFIG: list[tuple[str, str, Callable[[], str], str]] = [
    (
        '// Zellij config.kdl\nenv {{\n    RESTIC_PASSWORD "{v}"\n    EDITOR "hx"\n}}\n',
        "password",
        _F.phrase,
        "EDITOR",
    ),
    (
        "# justfile\ndeploy:\n    sshpass-free deploy.sh --vault-pass {v} --env prod\n",
        "password",
        _F.password,
        "--env prod",
    ),
    (
        "$ atuin search --cmd-only mysql\nmysql -h db.lan -u kimai -p{v} kimai2\n",
        "password",
        _F.password,
        "kimai2",
    ),
    (
        "Nushell history (sqlite) row: {{cmd: 'psql-wrapper --user report --password {v}', exit: "
        "0}}",
        "password",
        _F.human,
        "psql-wrapper",
    ),
    (
        "# xonsh rc\n$FIREFLY_TOKEN_PAT = '{v}'\n$PATH.append('~/bin')\n",
        "secret",
        lambda: _r(40, URLSAFE),
        "$PATH.append",
    ),
    (
        '(* Koka *)\nval smtp-pass = "{v}"\nfun main() println("mailer ready")\n',
        "password",
        _F.leet,
        "mailer ready",
    ),
    (
        "; Clarion source\nSmtpPassword  STRING('{v}')\n  CODE\n  SendReport(SmtpPassword)\n",
        "password",
        _F.human,
        "SendReport",
    ),
    (
        '// Harbour\nLOCAL cPass := "{v}"\nLOCAL oConn := TOleAuto():New("ADODB.Connection")\n',
        "password",
        _F.password,
        "ADODB.Connection",
    ),
    (
        '// MQL5 EA inputs\ninput string InpBrokerApiSecret = "{v}"; // Bybit-like bridge\ninput '
        "int "
        "InpMagic = 20250603;\n",
        "secret",
        lambda: _r(36),
        "InpMagic",
    ),
    (
        '// EasyLanguage strategy (TradeStation)\nvars: string AlertWebhookKey("{v}");\n'
        'if Close > Average(Close, 50) then Alert("Cross");\n',
        "secret",
        lambda: _r(32, HEX),
        "Average(Close, 50)",
    ),
    (
        "; NetLogo extension config (netlogo-db.ini)\n[db]\nuser = sim\npassword = {v}\n",
        "password",
        _F.phrase,
        "netlogo-db.ini",
    ),
    (
        '// Papyrus (Skyrim mod) debug\nString Property BackendKey = "{v}" Auto\n',
        "secret",
        lambda: _r(40),
        "BackendKey",
    ),
    (
        "// UnrealScript DefaultGame.ini section\n[AcmeGame.StatsUploader]\nUploadSecret={v}\n"
        "UploadURL=https://stats.acme.example/ingest\n",
        "secret",
        lambda: _r(44, B64),
        "UploadURL",
    ),
    (
        '// LSL (Second Life) vendor script\nstring API_KEY = "{v}";\ndefault {{ '
        "touch_start(integer n) "
        "{{ llHTTPRequest(URL, [], API_KEY); }} }}\n",
        "secret",
        lambda: _r(32, HEX),
        "touch_start",
    ),
    (
        '/// GameMaker GML\nglobal.leaderboard_secret = "{v}";\nhttp_post_string(url, body);\n',
        "secret",
        lambda: _r(40, LOWER_AN),
        "http_post_string",
    ),
    (
        "// KQL in an Azure workbook, pasted from a support chat\nexternaldata(x:string)"
        '[@"https://acmelogs.blob.core.windows.net/x/y.csv?sv=2024-11-04&ss=b&srt=o&sp=r&sig={v}"]'
        "\n",
        "secret",
        lambda: _F.b64(32).replace("+", "%2B").replace("/", "%2F"),
        "externaldata",
    ),
    (
        "# PromQL recording rule file with a remote read block\nremote_read:\n  - url: "
        "https://prom.acme.example/"
        "api/v1/read\n    basic_auth:\n      username: reader\n      password: {v}\n",
        "password",
        _F.password,
        "remote_read",
    ),
    (
        '# Vector VRL transform\n.headers.x_shared_secret = "{v}"\ndel(.password)\n',
        "secret",
        lambda: _r(32),
        "del(.password)",
    ),
    (
        '; Hy (Lisp on Python)\n(setv DB-PASSWORD "{v}")\n(defn connect [] (psycopg.connect '
        ":password "
        "DB-PASSWORD))\n",
        "password",
        _F.human,
        "psycopg.connect",
    ),
    (
        "' AutoIt / Windows autologon helper\nRegWrite(\"HKLM\\SOFTWARE\\Microsoft\\Windows "
        "NT\\Current"
        'Version\\Winlogon", "DefaultPassword", "REG_SZ", "{v}")\n',
        "password",
        _F.leet,
        "Winlogon",
    ),
    (
        '// Modelica record\nrecord HistorianLogin\n  parameter String user = "plant";\n  '
        "parameter String "
        'password = "{v}";\nend HistorianLogin;\n',
        "password",
        _F.phrase,
        "HistorianLogin",
    ),
    (
        "; G-code header written by a print farm tool\n; farm_api_key: {v}\nG28 ; home all\nM104 "
        "S215\n",
        "secret",
        lambda: _r(32, HEX),
        "G28 ; home all",
    ),
    (
        '// OpenSCAD customizer preset (json)\n{{"parameterSets": {{"shop": {{"uploadToken": '
        '"{v}", '
        '"wall": "2"}}}}}}\n',
        "secret",
        lambda: _r(40, URLSAFE),
        "parameterSets",
    ),
    (
        "$ dkron job ls --output table\nNAME          SCHEDULE     COMMAND\nbackup-db     @daily   "
        "    "
        "pg_dumpall -h db -U postgres -W {v}\nrotate-logs   @hourly      logrotate -f "
        "/etc/lr.conf\n",
        "password",
        _F.password,
        "rotate-logs",
    ),
    (
        "Argo Workflows UI > Workflow 'etl-7xk2p' > Inputs > Parameters\n  source-url   "
        "sftp://etl@files.acme"
        ".example\n  sftp-pass    {v}\n  batch-date   2025-06-01\n",
        "password",
        _F.human,
        "batch-date",
    ),
    (
        "Vela pipeline (.vela.yml)\nsteps:\n  - name: publish\n    image: plugins/docker\n    "
        "parameters:\n"
        "      registry: registry.acme.example\n      username: vela\n      password: {v}\n",
        "password",
        _F.password,
        "registry.acme.example",
    ),
    (
        "OneDev job secret is fine, but buildspec has a literal:\n  - !CommandStep\n    commands:\n"
        "      - 'docker login -u ci -p {v} registry.acme.example'\n",
        "password",
        _F.password,
        "CommandStep",
    ),
    (
        "Keptn shipyard secret creation (bash history):\n  keptn create secret dynatrace "
        "--scope=dt "
        '--from-literal="DT_API_TOKEN={v}"\n',
        "secret",
        lambda: "dt0c01." + _r(24, UPPER_AN) + "." + _r(64, UPPER_AN),
        "--scope=dt",
    ),
    (
        "Imperva (Incapsula) API call in a runbook:\n  curl 'https://my.imperva.com/api/prov/v1/sit"
        "es/list'"
        " --data 'api_id=51234&api_key={v}'\n",
        "secret",
        lambda: _F.uuid(),
        "api_id=51234",
    ),
    (
        "Sucuri WAF purge from cron:\n0 4 * * * curl -s 'https://waf.sucuri.net/api?v2' --data "
        "'k=8a7b2f&s={v}"
        "&a=clear_cache'\n",
        "secret",
        lambda: _r(32, HEX),
        "clear_cache",
    ),
    (
        "# MessageBird (Bird) SMS fallback\nMESSAGEBIRD_ACCESS_KEY={v}\nMESSAGEBIRD_ORIGINATOR=ACME"
        "\n",
        "secret",
        lambda: _r(25),
        "MESSAGEBIRD_ORIGINATOR",
    ),
    (
        "Checkmarx One CLI in a Jenkinsfile (copied to a PR description):\n  sh 'cx scan create "
        "--project-name"
        " portal --apikey {v}'\n",
        "secret",
        lambda: _F.jwt({"iss": "checkmarx", "tenant": "acme"}, "HS256"),
        "portal",
    ),
    (
        "Mend unified agent wss-unified-agent.config\napiKey=\nuserKey={v}\nproductName=portal\n",
        "secret",
        lambda: _r(64, HEX),
        "productName",
    ),
    (
        "Aqua scanner run: docker run aquasec/scanner scan --host https://aqua.acme.example --user "
        "scanner --password {v} --local acme/api:1.9\n",
        "password",
        _F.password,
        "acme/api:1.9",
    ),
    (
        "Orca Security CLI config ~/.orca/cli.yaml\nproject_key: portal\napi_token: {v}\n",
        "secret",
        lambda: _r(48, URLSAFE),
        "project_key",
    ),
    (
        "Qovery CLI: $ qovery env var create --key DJANGO_SECRET_KEY --value '{v}' --secret\n",
        "secret",
        lambda: _r(50, AN + "!@#%^*(-_=+)"),
        "DJANGO_SECRET_KEY",
    ),
    (
        "WP Engine SFTP user list (wp-admin > Users):\nacme-prod-deploy   {v}   /sites/acmeprod\n",
        "password",
        _F.password,
        "/sites/acmeprod",
    ),
    (
        "Acquia Cloud: $ acli auth:login --key=7f1a2c3d-0000-4000-8000-000000000000 --secret={v}\n",
        "secret",
        lambda: _r(44, B64),
        "auth:login",
    ),
    (
        'Zuora sandbox OAuth in Postman env export:\n{{"key": "zuora_client_secret", "value": '
        '"{v}",'
        ' "enabled": true}}\n',
        "secret",
        lambda: _r(32, AN + "=+/"),
        "zuora_client_secret",
    ),
    (
        "Avalara AvaTax: new AvaTaxClient('acme-erp', '3.2', 'erp01', 'production').withSecurity("
        "'2000123456', '{v}')\n",
        "secret",
        lambda: _r(16, UPPER_AN),
        "AvaTaxClient",
    ),
    (
        "TaxJar in a Rails console:\n>> client = Taxjar::Client.new(api_key: '{v}')\n=> "
        "#<Taxjar::Client>\n",
        "secret",
        lambda: _r(32, HEX),
        "Taxjar::Client",
    ),
    (
        "Maxio (Chargify) webhook verification in PHP:\n$sharedKey = '{v}';\n$sig = "
        "hash_hmac('sha256', "
        "$body, $sharedKey);\n",
        "secret",
        lambda: _r(20),
        "hash_hmac",
    ),
    (
        "Worldline (Direct) SDK config in Java:\nCommunicatorConfiguration cfg = new "
        "CommunicatorConfiguration()"
        '\n    .withApiKeyId("5e45c937b9db33ae")\n    .withSecretApiKey("{v}");\n',
        "secret",
        lambda: _r(44, B64),
        "CommunicatorConfiguration",
    ),
    (
        "Nexi XPay terminal config (config.ini)\n[xpay]\nalias = ALIAS_WEB_00012345\nmac_key = "
        "{v}\n",
        "secret",
        lambda: _r(32, UPPER_AN),
        "ALIAS_WEB_00012345",
    ),
    (
        "Sezzle merchant dashboard > API Keys (copied row)\nPrivate key    {v}    Created "
        "2025-03-02\n",
        "secret",
        lambda: "sz_priv_" + _r(40, HEX),
        "Created 2025-03-02",
    ),
    (
        "Tap Payments Node:\nconst tap = require('tap-payments')('{v}');\n",
        "secret",
        lambda: "sk_live_" + _r(24),
        "tap-payments",
    ),
    (
        "Orange Money Web Payment: curl -X POST https://api.orange.com/oauth/v3/token -d "
        "grant_type=client_credentials -H 'Authorization: Basic {v}'\n",
        "authorization",
        lambda: basic("om_client_" + _r(6, DIGITS), _r(24)),
        "grant_type=client_credentials",
    ),
    (
        "Peach Payments (Laravel .env)\nPEACH_ENTITY_ID=8ac7a4c7961768c301961b14272d05ed\n"
        "PEACH_ACCESS_TOKEN={v}\n",
        "secret",
        lambda: "OGFj" + _r(60, AN + "="),
        "PEACH_ENTITY_ID",
    ),
    (
        "Snipe-IT: $ php artisan passport:client --personal\nPersonal access client created "
        "successfully.\n"
        "Client ID: 3\nClient secret: {v}\n",
        "secret",
        lambda: _r(40),
        "Personal access client",
    ),
    (
        "Outline .env\nSECRET_KEY={v}\nUTILS_SECRET=generate_a_new_key\nURL=https://wiki.acme.examp"
        "le\n",
        "secret",
        lambda: _r(64, HEX),
        "UTILS_SECRET",
    ),
    (
        "Kimai: bin/console kimai:user:create reporting reporting@acme.example ROLE_USER {v}\n",
        "password",
        _F.human,
        "ROLE_USER",
    ),
    (
        "Akaunting: sudo -u www-data php artisan user:reset admin@acme.example --password='{v}'\n",
        "password",
        _F.leet,
        "user:reset",
    ),
    (
        "FreshRSS CLI: ./cli/create-user.php --user alice --password '{v}' --api-password '{v}x'\n",
        "password",
        _F.phrase,
        "create-user.php",
    ),
    (
        "Calibre server users (calibre-server --manage-users):\n  1) Add user\n  Username: kids\n"
        "  Password: {v}\n  User kids added successfully!\n",
        "password",
        _F.human,
        "added successfully",
    ),
    (
        "Mumble SuperUser password set during setup:\n$ murmurd -ini /etc/murmur.ini -supw {v}\n"
        "<W>2025-06-01 12:00:01.004 Superuser password set on server 1\n",
        "password",
        _F.password,
        "Superuser password set",
    ),
    (
        "Komga application.yml\nkomga:\n  remember-me:\n    key: {v}\n    validity: 2592000\n",
        "secret",
        lambda: _r(32),
        "validity",
    ),
]
for _tmpl, _kind, _gf, _keep in _CONFIG:
    _v = _gf()
    _s(_tmpl.format(v=_v), _v, _kind, _keep)


# ---------------------------------------------------------------------------------------------
# Prose: chat, tickets, notes, in English and in languages no earlier split lists
# ---------------------------------------------------------------------------------------------
_family("prose")

_PROSE = [
    (
        "Karelian (chat): Tervehys! Uuzi salasana serveril on {v}, älä anna sidä nikelle.",
        "password",
        _F.human,
        "Tervehys",
    ),
    (
        "Veps (note): Kodvuine sana ofisan Wi-Fi:ha om {v} - kirjutadud seinäle.",
        "password",
        _F.phrase,
        "Wi-Fi",
    ),
    ("Kabardian (message): Сэ уэстэ пароль: {v}. Ар зыми жумыІэ.", "password", _F.leet, "пароль"),
    (
        "Lezgian (chat): Чна цІийи пароль эцигна: {v}, админ панелдиз.",
        "password",
        _F.password,
        "админ",
    ),
    ("Altai (note): Серверге кирер сӧс: {v}", "password", _F.human, "Серверге"),
    ("Kalmyk (message): Шин пароль - {v}. Кенд чигн бичә келтн.", "password", _F.phrase, "Шин"),
    ("Evenki (note): Пароль ЭВМ-ду: {v}, дяндыкэл.", "password", _F.leet, "ЭВМ-ду"),
    ("Ingush (message): Керда пароль {v} я, цхьанне а ма дийца.", "password", _F.password, "Керда"),
    ("Adyghe (note): Пароль кӀэр: {v}; сервер нэужым зэблэхъу.", "password", _F.phrase, "сервер"),
    ("Moksha (chat): Од пароляц {v}, кирдтеде эсь прясот.", "password", _F.human, "Од"),
    (
        "Walser German (note): ds nüw Passwort fer ds NAS isch {v}, nit wiitersäge.",
        "password",
        _F.leet,
        "NAS",
    ),
    ("Dungan (chat): Мими ф сывый җонзы: {v}", "password", _F.password, "Мими"),
    (
        "Wakhi (note, romanised): sak mimi-i server: {v}, yaw-ar ma rakh.",
        "password",
        _F.phrase,
        "server",
    ),
    (
        "Burushaski (note, romanised): server-e mimi {v} bilá, gusé ka maí sénin.",
        "password",
        _F.human,
        "bilá",
    ),
    (
        "Ladakhi (note, romanised): password-po {v} inok, lobpon-la ma zer.",
        "password",
        _F.password,
        "lobpon",
    ),
    (
        "Lepcha (chat, romanised): password {v} a-re, kum-sa ma lyang.",
        "password",
        _F.phrase,
        "kum-sa",
    ),
    (
        "Tamang (note, romanised): server-ri password {v} mula, khamgye ma pim.",
        "password",
        _F.human,
        "khamgye",
    ),
    (
        "Khasi (chat): Ka password jong ka server ka long {v}, wat ai ia uwei uwei.",
        "password",
        _F.leet,
        "uwei uwei",
    ),
    (
        "Garo (note): Server-ni password {v} ong·a, sakgipa-na agangbeea.",
        "password",
        _F.password,
        "sakgipa",
    ),
    (
        "Saraiki (chat): Navaan password {v} hai, kaihen kon na dassin.",
        "password",
        _F.phrase,
        "kaihen",
    ),
    (
        "Pothwari (note): api wali chaabi {v} ae, group ich na paaeen.",
        "secret",
        lambda: _r(40),
        "group ich",
    ),
    (
        "Chakma (note, romanised): server-or password {v}, kaarehh na koiyo.",
        "password",
        _F.human,
        "koiyo",
    ),
    (
        "Zhuang (chat): Gij password moq dwg {v}, mboujmiz naeuz bouxwnq.",
        "password",
        _F.leet,
        "bouxwnq",
    ),
    (
        "Ainu (note, romanised): pasuwado {v} ne, nen ka eyaykopuntek somo ki.",
        "password",
        _F.phrase,
        "eyaykopuntek",
    ),
    (
        "Chuukese (chat): Ewe password fo {v}, ousap ouronga ngeni emon.",
        "password",
        _F.human,
        "ouronga",
    ),
    (
        "Pohnpeian (note): Password kapw: {v}. Dehr padahkiong emen.",
        "password",
        _F.password,
        "padahkiong",
    ),
    (
        "Tuvaluan (chat): Te password fou ko {v}, sa fai atu ki se tino.",
        "password",
        _F.phrase,
        "se tino",
    ),
    (
        "Gilbertese (note): Te password ae boou bon {v}, tai tuangnga temanna.",
        "password",
        _F.leet,
        "temanna",
    ),
    ("Norfuk (note): Dem nyuu password es {v}, no tal eniwan.", "password", _F.password, "eniwan"),
    ("Pitkern (chat): Dem password es {v}, du tull nobody.", "password", _F.phrase, "nobody"),
    (
        "Slack thread #ops-homelab: 'anyone know the Navidrome admin pw?' -> 'it's {v}, change it "
        "after'",
        "password",
        _F.human,
        "#ops-homelab",
    ),
    (
        "Jira comment on SEC-311: I rotated the Dolibarr API key, new one is {v} and it's in the "
        "vault "
        "too.",
        "secret",
        lambda: _r(32),
        "SEC-311",
    ),
    (
        "Email from IT: Your temporary Mumble server password is {v}. You will be asked to change "
        "it on "
        "first login.",
        "password",
        _F.password,
        "first login",
    ),
    (
        "Standup notes 03/06: Wallabag API client created (client id 4_abcde), secret {v} shared "
        "in DM "
        "with Tomas.",
        "secret",
        lambda: _r(50, LOWER_AN),
        "Tomas",
    ),
    (
        "PR review comment: Please don't hardcode this - `{v}` is the live Maxio API key, I just "
        "checked.",
        "secret",
        lambda: _r(40),
        "live Maxio API key",
    ),
]
for _tmpl, _kind, _gf, _keep in _PROSE:
    _v = _gf()
    _s(_tmpl.format(v=_v), _v, _kind, _keep)


# ---------------------------------------------------------------------------------------------
# Authorization headers and schemes (HTTP dumps, client code, CLI traces)
# ---------------------------------------------------------------------------------------------
_family("authorization")

_AUTH = [
    (
        "GET /api/v1/jobs HTTP/1.1\nHost: dkron.acme.internal:8080\nAuthorization: Bearer {v}\n"
        "Accept: application/json",
        lambda: _r(40, URLSAFE),
        "dkron.acme.internal:8080",
    ),
    (
        "$ curl -sk -H 'St2-Api-Key: {v}' https://st2.acme.internal/api/v1/executions?limit=5",
        lambda: _r(64, HEX),
        "executions?limit=5",
    ),
    (
        "POST /api/app/job/run_event HTTP/1.1\nHost: cronicle.lan:3012\nX-API-Key: "
        "{v}\nContent-Type: "
        "application/json",
        lambda: _r(32, HEX),
        "run_event",
    ),
    (
        "> GET /api/v1/components HTTP/2\n> Host: status.acme.example\n> X-Cachet-Token: {v}\n"
        "< HTTP/2 200",
        lambda: _r(20),
        "api/v1/components",
    ),
    (
        "Snipe-IT API from PowerShell:\nInvoke-WebRequest -Uri https://assets.acme.example/api/v1/h"
        "ardware "
        "-Headers @{{Authorization = 'Bearer {v}'; Accept = 'application/json'}}",
        lambda: _F.jwt({"aud": "1", "jti": _r(20, HEX), "sub": "7", "scopes": []}),
        "api/v1/hardware",
    ),
    (
        "BookStack API trace:\nGET /api/books HTTP/1.1\nAuthorization: Token {v}\nHost: "
        "docs.acme.example",
        lambda: _r(32) + ":" + _r(32),
        "api/books",
    ),
    (
        "Outline API from httpx log:\nDEBUG httpx: POST https://wiki.acme.example/api/documents.sea"
        "rch "
        "headers={{'authorization': 'Bearer {v}'}}",
        lambda: "ol_api_" + _r(38),
        "documents.search",
    ),
    (
        "Wiki.js GraphQL (browser devtools > Copy as cURL):\ncurl 'https://wiki.acme.example/graphq"
        "l' -H "
        "'authorization: Bearer {v}' --data-raw '{{\"query\":\"{{pages{{list{{id}}}}}}\"}}'",
        lambda: _F.jwt(
            {"api": 1, "grp": 1, "iat": 1717400000, "aud": "urn:wiki.js", "iss": "urn:wiki.js"}
        ),
        "graphql",
    ),
    (
        'Mealie API via Home-Assistant-free script:\nrequests.get(f"{{MEALIE}}/api/recipes", '
        "headers="
        '{{"Authorization": "Bearer {v}"}})',
        lambda: _F.jwt({"long_token": True, "id": 2}, "HS256"),
        "api/recipes",
    ),
    (
        "Grocy REST: curl -H 'GROCY-API-KEY: {v}' http://grocy.lan/api/stock",
        lambda: _r(50),
        "api/stock",
    ),
    (
        "Firefly III: GET /api/v1/accounts\nAuthorization: Bearer {v}\nAccept: "
        "application/vnd.api+json",
        lambda: _F.jwt({"aud": "9", "jti": _r(16, HEX), "scopes": []}),
        "vnd.api+json",
    ),
    (
        "Invoice Ninja API (v5): curl -H 'X-API-TOKEN: {v}' -H 'X-Requested-With: XMLHttpRequest' "
        "https://invoicing.co/api/v1/clients",
        lambda: _r(64),
        "X-Requested-With",
    ),
    (
        "Kimai API: X-AUTH-USER: reporting\nX-AUTH-TOKEN: {v}\nGET /api/timesheets?begin=2025-06-01"
        "T00:00:00",
        lambda: _r(25),
        "X-AUTH-USER",
    ),
    (
        "Dolibarr REST call from n8n-free bash:\ncurl -H 'DOLAPIKEY: {v}' https://erp.acme.example/"
        "api/"
        "index.php/thirdparties",
        lambda: _r(32),
        "thirdparties",
    ),
    (
        "PeerTube upload with yt-dlp-free script:\nAuthorization: Bearer {v}\nPOST "
        "/api/v1/videos/upload"
        "-resumable",
        lambda: _r(40, HEX),
        "upload-resumable",
    ),
    (
        "Navidrome Subsonic API URL in a player log:\nGET /rest/ping.view?u=alice&t={v}&s=c19b2d&v="
        "1.16.1"
        "&c=substreamer",
        lambda: _r(32, HEX),
        "substreamer",
    ),
    (
        "FreshRSS Google Reader API:\nGET /api/greader.php/reader/api/0/stream/contents\nAuthorizat"
        "ion: "
        "GoogleLogin auth=alice/{v}",
        lambda: _r(40, HEX),
        "greader.php",
    ),
    (
        'Wallabag OAuth response printed by the CLI:\n{{"access_token":"{v}","expires_in":3600,'
        '"token_type":"bearer","scope":null}}',
        lambda: _r(86, AN + "_-"),
        "expires_in",
    ),
    (
        "Linkding API: curl -H 'Authorization: Token {v}' https://links.lan/api/bookmarks/?limit=1"
        "0",
        lambda: _r(40, HEX),
        "api/bookmarks",
    ),
    (
        'Vikunja-free, Wekan REST login result:\n{{"id":"u7Hk2","token":"{v}","tokenExpires":'
        '"2025-08-30T10:00:00.000Z"}}',
        lambda: _r(43, URLSAFE),
        "tokenExpires",
    ),
    (
        "Tenable.io API from Python:\nheaders = {{'X-ApiKeys': 'accessKey={a};secretKey={v}'}}",
        lambda: _r(64, HEX),
        "X-ApiKeys",
    ),
    (
        "Qualys API: curl -u 'acme_qa2:{v}' -H 'X-Requested-With: curl' "
        "'https://qualysapi.qg2.apps.qualys.eu/api/2.0/fo/scan/?action=list'",
        _F.password,
        "fo/scan",
    ),
    (
        "Rapid7 InsightVM: X-Api-Key: {v}\nGET https://eu.api.insight.rapid7.com/validate",
        lambda: _F.uuid(),
        "insight.rapid7.com",
    ),
    (
        'Semgrep App API: curl -H "Authorization: Bearer {v}" https://semgrep.dev/api/v1/deployment'
        "s",
        lambda: _r(64, HEX),
        "api/v1/deployments",
    ),
    (
        "Acquia Cloud API (acli --debug):\n> GET /api/applications HTTP/1.1\n> Host: "
        "cloud.acquia.com\n"
        "> Authorization: Bearer {v}",
        lambda: _F.jwt({"aud": "acquia", "scope": ["api"], "sub": "7"}),
        "cloud.acquia.com",
    ),
    (
        "Lacework API token exchange:\nPOST /api/v2/access/tokens\nX-LW-UAKS: {v}\nContent-Type: "
        "application/json",
        lambda: _r(30, UPPER_AN),
        "access/tokens",
    ),
]
for _tmpl, _gf, _keep in _AUTH:
    _v = _gf()
    if "{a}" in _tmpl:
        _a = _r(64, HEX)
        _s(_tmpl.format(v=_v, a=_a), (_a, _v), "authorization", _keep)
    else:
        _s(_tmpl.format(v=_v), _v, "authorization", _keep)


# ---------------------------------------------------------------------------------------------
# Look-alikes: must come back unchanged
# ---------------------------------------------------------------------------------------------

# commit ids, change ids, build ids
for _ in range(1):
    _l(
        "$ git log --oneline -3 (Tuleap mirror)\n"
        + "\n".join(
            f"{_F.hex(7)} {m}"
            for m in ("Fix tracker export", "Bump jquery", "Merge branch 'release'")
        )
    )
_l("OneDev build #1182 finished: commit " + _F.hex(40) + " on branch main, duration 4m12s")
_l(
    "Argo Workflows: workflow etl-"
    + _r(5, LOWER_AN)
    + " Succeeded, node id etl-"
    + _r(5, LOWER_AN)
    + "-"
    + _r(10, DIGITS)
    + ", uid "
    + _F.uuid()
)
_l(
    "Keptn event: shkeptncontext="
    + _F.uuid()
    + " triggeredid="
    + _F.uuid()
    + " type=sh.keptn.event."
    "deployment.finished"
)
_l("Vela build 412 (repo acme/portal): commit " + _F.hex(40) + ", event push, status success")
_l(
    "Zellij session list:\nwarm-ukulele [Created 2h ago]\nnimble-dolphin [Created 4d ago]\n"
    "(session ids are names, not secrets)"
)
_l("atuin: history id " + _r(32, HEX) + " session " + _r(32, HEX) + " exit 0 duration 212ms")
_l(
    "Dkron execution " + _r(20, DIGITS) + "-" + _r(26, UPPER_AN) + " of job backup-db finished "
    "with success=true"
)
_l("StackStorm execution " + _r(24, HEX) + " (action core.local) succeeded in 0.4s")
_l("Cronicle job id: j" + _r(10, LOWER_AN) + "  event: nightly-tag  result: 0 (success)")
for _i in range(6):
    _l(
        f"[{_i}] deploy-bot: released acme/portal@"
        + _F.hex(40)
        + " to prod (tag v3."
        + str(_i)
        + ".0)"
    )

# digests, hashes, checksums
_l("Image: registry.acme.example/mealie@sha256:" + _F.sha256() + " (pulled 3 minutes ago)")
_l(
    "Navidrome release checksums.txt\n"
    + _F.sha256()
    + "  navidrome_0.53.3_linux_amd64.tar.gz\n"
    + _F.sha256()
    + "  navidrome_0.53.3_linux_arm64.tar.gz"
)
_l("PeerTube video file " + _F.uuid() + "-1080-fragmented.mp4 sha256 " + _F.sha256())
_l("Audiobookshelf library item " + _r(20, LOWER_AN) + " cover hash " + _F.hex(40))
_l("Calibre-web book 412 format EPUB md5 " + _F.hex(32) + " size 2.1 MB")
_l("Funkwhale upload " + _F.uuid() + " checksum sha256:" + _F.sha256() + " (mp3, 320 kbps)")
_l("Grocy barcode 4006381333931 product 'Stift' (EAN-13, not a secret)")
_l("Kavita scan: file hash " + _F.hex(16) + " for 'Volume 01.cbz'")
_l("Komga book " + _r(13, UPPER_AN) + " fileHash " + _F.hex(32))
_l("integrity sha512-" + base64.b64encode(_F.raw(64)).decode() + " for package left-pad@1.3.0")
for _ in range(6):
    _l("Semgrep finding fingerprint " + _F.hex(128)[:128] + " rule python.lang.security.audit")

# public keys, certificates, fingerprints
_l("Snipe-IT SAML SP certificate (public, safe to share with the IdP):\n" + _F.cert())
_l("BookStack bastion known_hosts line:\nbastion.acme.example " + _F.ssh_pub())
_l(
    "$ ssh-keygen -lf ~/.ssh/bastion_ed25519.pub\n256 "
    + _F.ssh_fingerprint()
    + " ops@bastion (ED25519)"
)
_l("Wiki.js public key for JWT verification (GET /.well-known/jwks.json) as PEM:\n" + _F.pub_pem())
_l(
    "FreshRSS release signing key (public):\npub   ed25519 2024-01-10 [SC]\n      "
    + _F.hex(40).upper()
    + "\nuid           [ultimate] FreshRSS releases <releases@freshrss.example>"
)
_l("Tenable.sc CA bundle entry:\n" + _F.cert(700))
_l("Qualys scanner appliance public key fingerprint: " + ":".join(_F.hex(2) for _ in range(20)))
_l("Kavita plugin verification key: " + _F.ssh_pub() + " kavita-plugins")
_l(
    "authorized_keys on nas.lan:\n"
    + _F.ssh_pub()
    + " alice@laptop\n"
    + _F.ssh_pub()
    + " backup@nas"
)
_l(
    "$ openssl x509 -noout -fingerprint -sha256 -in peertube.crt\nsha256 Fingerprint="
    + ":".join(_F.hex(2).upper() for _ in range(32))
)
for _ in range(5):
    _l("TablePlus trusted host: db-prod.acme.internal ED25519 " + _F.ssh_fingerprint())

# public client keys documented as public
_l("Invoice Ninja Stripe publishable key (client-side, fine in HTML): pk_live_" + _r(24))
_l(
    "Mealie frontend: GOOGLE_MAPS_BROWSER_KEY is restricted by referrer; see console, key id "
    + _F.uuid()
)
_l(
    'Sezzle widget snippet: <script src="https://widget.sezzle.com/v1/javascript/price-widget?uuid='
    + _F.uuid()
    + '"></script>'
)
_l("Tap Payments checkout: Tap.init('pk_test_" + _r(24) + "') // publishable test key")
_l("Peach Payments entityId 8ac7a4c" + _F.hex(25) + " is an identifier, not a credential")
_l("Avalara AvaTax account id 2000" + _r(6, DIGITS) + " and company code ACME-EU (no license key)")
_l("Imperva site id 51234 / account id 1180022 in the WAF dashboard URL")
_l("Paysafe account-id 1001" + _r(6, DIGITS) + " (merchant account number, shown on receipts)")

# ids, ETags, trace ids, cursors, request ids
_l(
    'HTTP/1.1 200 OK\nETag: W/"' + _F.hex(32) + '"\nContent-Type: application/json\n'
    "X-Request-Id: " + _F.uuid()
)
_l("traceparent: 00-" + _F.hex(32) + "-" + _F.hex(16) + "-01")
_l("Zuora subscription " + _F.hex(32) + " renewed; invoice INV000" + _r(5, DIGITS))
_l(
    'Maxio API page: {"meta":{"next_cursor":"'
    + base64.b64encode(json.dumps({"id": 4412, "after": "2025-06-01"}).encode()).decode()
    + '"}}'
)
_l("Worldline payment id 3066019730_0 status CAPTURED, merchant reference ORD-" + _r(8, DIGITS))
_l("Nexi codTrans 'ORD" + _r(12, DIGITS) + "' esito OK, idOperazione " + _r(10, DIGITS))
_l(
    "Orange Money pay_token "
    + "MP"
    + _r(6, DIGITS)
    + ".0000."
    + _r(5, UPPER_AN)
    + " (payment reference shown to the payer)"
)
_l("Qovery environment id " + _F.uuid() + " cluster id " + _F.uuid())
_l(
    "Platform.sh project id "
    + _r(13, LOWER_AN)
    + ", environment main, activity "
    + _r(26, LOWER_AN)
)
_l("WP Engine install id " + _r(8, DIGITS) + " (acmeprod), backup id " + _F.uuid())
_l("Acquia application UUID " + _F.uuid() + " environment 12345-" + _F.uuid())
_l("Sealos devbox id devbox-" + _r(8, LOWER_AN) + " namespace ns-" + _r(8, LOWER_AN))
_l("Checkmarx scan id " + _F.uuid() + " project portal, 0 high, 3 medium")
_l("Veracode app GUID " + _F.uuid() + " sandbox 'feature-x' policy: passed")
_l("Rapid7 investigation rrn:investigation:eu:" + _F.uuid() + ":investigation:" + _r(12, UPPER_AN))
_l("Lacework alert 18233, event id " + _r(12, DIGITS) + ", MID " + _r(19, DIGITS))
_l("Tenable plugin 19506 output: scan uuid " + _F.uuid() + "-" + _F.hex(16))
for _ in range(8):
    _l("Jaeger-less span: trace_id=" + _F.hex(32) + " span_id=" + _F.hex(16) + " service=kimai-api")
for _ in range(6):
    _l(
        "Kimai timesheet export row: "
        + _r(6, DIGITS)
        + ";2025-06-0"
        + _r(1, "123456789")
        + ";Client A;"
        + _F.uuid()
    )

# stored password hashes
_l("Snipe-IT users table: admin | $2y$10$" + _r(53, AN + "./") + " | 2025-05-30")
_l("Wiki.js users.password (bcrypt, stored hash): $2a$12$" + _r(53, AN + "./"))
_l("Dolibarr llx_user.pass_crypted = '$2y$10$" + _r(53, AN + "./") + "'")
_l("FreshRSS data/users/alice/config.php: 'passwordHash' => '$2a$09$" + _r(53, AN + "./") + "',")
_l("Mumble murmur.sqlite users: 0|SuperUser|" + _F.hex(40) + "|salt=" + _F.hex(32) + "|kdf=8000")
_l(
    "Navidrome DB users.password is encrypted at rest (AES-GCM): "
    + _F.b64(48)
    + " (decryptable only with ND_PASSWORDENCRYPTIONKEY, not present here)"
)
_l(
    "/etc/shadow line copied from a Kamatera VM:\nqa:$6$"
    + _r(16, AN + "./")
    + "$"
    + _r(86, AN + "./")
    + ":19876:0:99999:7:::"
)
_l("Calibre-web app.db user row: 1|admin|pbkdf2:sha256:600000$" + _r(16) + "$" + _F.hex(64))
_l("PeerTube user.password: $2b$10$" + _r(53, AN + "./"))
_l("Mealie users.password: $2b$12$" + _r(53, AN + "./") + "  (auth_method=Mealie)")

# placeholders, masked values, references
_l(
    "Bookstack .env.example\nDB_PASSWORD=database_user_password\nMAIL_PASSWORD=null\n"
    "APP_KEY=SomeRandomStringWith32Characters"
)
_l("Wiki.js config.sample.yml:\n  pass: wikijsrocks  # change me (documented sample)")
_l(
    "Firefly III .env.example: DB_PASSWORD=secret_firefly_password\nAPP_KEY=SomeRandomStringOf32"
    "CharsExactly"
)
_l("Qovery env var DJANGO_SECRET_KEY = ******** (secret, value hidden)")
_l("Platform.sh: env:SMTP_PASSWORD  | env | [sensitive value hidden]")
_l("Argo Workflows: valueFrom: {secretKeyRef: {name: sftp-creds, key: password}}")
_l("Vela: secrets: [docker_username, docker_password]  # pulled from the Vela secret store")
_l("OneDev: password: @secret:registry-password@")
_l('Keptn: --from-literal="DT_API_TOKEN=${DT_API_TOKEN}"')
_l("StackStorm: api_key: '{{ st2kv.system.gh_oauth | decrypt_kv }}'")
_l('Zellij: env { RESTIC_PASSWORD_COMMAND "pass show backup/restic" }')
_l("justfile: deploy: deploy.sh --vault-pass-file ~/.vault_pass --env prod")
_l("Mend config: userKey=${WS_USERKEY}\napiKey=${WS_APIKEY}")
_l("Acquia: acli auth:login --key=$ACLI_KEY --secret=$ACLI_SECRET")
_l('Avalara: withSecurity(accountId, System.getenv("AVATAX_LICENSE_KEY"))')
_l("Wallabag: client_secret: '%env(WALLABAG_CLIENT_SECRET)%'")
_l("Outline: SECRET_KEY=generate_a_new_key  # openssl rand -hex 32")
_l('Invoice Ninja: MAIL_PASSWORD=""  # set in the admin UI, not here')
_l("Tuleap: --password=$(cat /run/secrets/tuleap_db_password)")
_l("Kimai API: X-AUTH-TOKEN: <your-api-token>")
_l("Grocy REST: curl -H 'GROCY-API-KEY: YOUR_API_KEY' http://grocy.lan/api/stock")
_l("Linkding docs: Authorization: Token <Token>  (find it under Settings > Integrations)")
_l("Semgrep: export SEMGREP_APP_TOKEN=$(op read op://ci/semgrep/token)")
_l("Mumble: dbPassword=  ; empty, SQLite backend")
_l("Cachet: X-Cachet-Token: xxxxxxxxxxxxxxxxxxxx (redacted in the docs)")
_l("Sucuri: k=YOUR_API_KEY&s=YOUR_API_SECRET&a=clear_cache")
_l('Kamatera: --password "$KAMATERA_ROOT_PW" (exported from the CI secret store)')
_l("Wiki.js GraphQL: authorization: Bearer ${WIKIJS_TOKEN}")
_l("Tenable: X-ApiKeys: accessKey={ACCESS_KEY};secretKey={SECRET_KEY}")

# base64 of harmless data, versions, random-looking file ids in sentences
_l(
    "Cronicle plugin params (base64 of the JSON): "
    + base64.b64encode(
        json.dumps({"script": "#!/bin/sh\necho hello", "annotate": 0}).encode()
    ).decode()
)
_l(
    'Kavita reading progress cookie (base64 of {"page":12}): '
    + base64.b64encode(b'{"page":12,"chapterId":4412}').decode()
)
_l("data:image/png;base64," + base64.b64encode(b"\x89PNG\r\n\x1a\n" + b"\x00" * 24).decode())
_l("Audiobookshelf ebook file id " + _r(20, LOWER_AN) + " was moved to /books/Tolkien/")
_l(
    "The PeerTube object "
    + _r(32, HEX)
    + ".m3u8 was deleted from the bucket by the lifecycle rule."
)
_l("Funkwhale 1.4.0, Navidrome 0.53.3, Komga 1.11.1, Kavita 0.8.1.0 (versions in the homelab doc)")
_l("I moved attachment " + _r(40, LOWER_AN) + ".pdf out of the Snipe-IT uploads folder.")
_l("Wekan card id " + _r(17, AN) + " moved to Done by alice")
_l("Focalboard board id b" + _r(26, LOWER_AN) + " and view id v" + _r(26, LOWER_AN))
_l("Huly issue ACME-" + _r(3, DIGITS) + " object id " + _r(24, HEX))
_l("Leantime ticket #412 attachment hash " + _F.hex(32) + ".png")
_l("MQL5 order ticket " + _r(9, DIGITS) + " position " + _r(9, DIGITS) + " magic 20250603")
_l("G-code file farm/" + _F.uuid() + ".gcode sliced with PrusaSlicer 2.8.1")
_l("Cairo class hash 0x" + _F.hex(63) + " declared on Sepolia (public on-chain identifier)")
_l("Starknet account address 0x0" + _F.hex(63) + " (public)")
_l("UnrealScript build id ++Acme+Release-5.4-CL-" + _r(8, DIGITS))
for _ in range(6):
    _l(
        "Dkron job backup-db ran on node dkron-"
        + _r(1, "012")
        + ", execution group "
        + _r(19, DIGITS)
    )
for _ in range(5):
    _l("Bookstack image gallery/" + _r(4, DIGITS) + "-06/" + _r(40, AN) + ".png uploaded by alice")
for _ in range(5):
    _l("Wallabag entry " + _r(4, DIGITS) + " uid " + _r(13, LOWER_AN) + " (public share link id)")
for _ in range(5):
    _l("Firefly III transaction journal " + _r(5, DIGITS) + " external_id " + _F.uuid())
_l('Known test vector (RFC 4648): base64("foobar") = Zm9vYmFy')
_l(
    "AWS docs example key id AKIAIOSFODNN7EXAMPLE with the documented example secret "
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
)
_l("Mumble: murmurd -supw   (prints usage: -supw <password> [srv])")
_l("Karelian note: salasana on holvissa, en kirjuta sidä tänne.")
_l("Khasi chat: Ka password ka don ha ka vault, ym lah ban thoh hangne.")
_l("Ingush note: пароль хранилище чу ба, кхуза яздац.")
_l("Tuvaluan chat: Te password e i loto i te vault, sa tusi i konei.")

# Mechanical cut of the draft to size: every sixth look-alike is dropped, whatever its content.
LOOKALIKES[:] = [_text for _i, _text in enumerate(LOOKALIKES) if _i % 6 != 5]
