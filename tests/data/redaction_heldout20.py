"""TWENTIETH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before any measurement of it. Its author read only: the first 95
lines of `redaction_corpus.py` (the `SecretCase` format); the module docstrings of
`redaction_heldout.py` and `redaction_heldout2.py` to `redaction_heldout19.py`, printed alone
through `ast.get_docstring` (to stay clear of their contexts; every candidate tool, vendor and
language name was grepped in them before use); `fake_secrets.py`; lines 92-299 of
`redaction_heldout19.py` (its imports and helpers; the last lines are its first case, a `direnv
export json` listing holding a GitHub token), located by an `ast` listing of that module's first
60 top-level statements that printed only their node types, line ranges and the names assigned
or called (`_s`, `_t`), no text; and the first 45 lines of `tests/test_redact_gate.py` (the
loader). Its author never read the rules (graphmem/), their description (docs/, README.md,
CHANGELOG.md, CONTRIBUTING.md), the benchmark (benchmarks/), the messages or diffs of any commit,
nor any other case of another split. Nothing was run on it but an import printing the two list
sizes, self-written checks that call no graphmem code (each secret occurs in its text, each
`keep` occurs and does not overlap a secret, kind names are the listed ones, no duplicate texts
or secrets, no secret inside a look-alike) and `ruff check --fix` / `ruff format`; no redaction,
test or benchmark saw a case while it was written, so no case was kept or dropped for what the
rules do with it. The first draft (261 secrets, 213 look-alikes) was cut to size mechanically,
without any run: every sixth config entry (15), every sixth prose entry (6) and every fifth
look-alike (42).

Families: prefixed provider tokens 35, private keys 24, connection strings 41, config syntaxes
and prose 109 (75 config, code and tool output, 34 prose), authorization and API-key headers 31;
171 look-alikes. A natural share of the secrets appears without a telling name beside it: a
token as a CLI positional argument (`ipinfo init`, `anypoint-cli-v4 conf token`, `openfaas`
`--from-literal`, `isql-vt`, `observium adduser.php`, `mydumper -p`, `gh auth login` from a
here-string), a token alone on a line of a saved note (100ms), a row of a printed table
(Schoology keys, a Markdown table of AKHQ settings), a `hopen` handle in kdb+/q, a password in a
`rqlite -u user:pass`, an error message quoting a key (OpenAI 401 under `dapr run`), or a secret
in a sentence of chat. Passwords mix generated ones, passphrases, leetspeak and human-chosen
words.

Contexts a coding agent meets daily, in forms no earlier split lists: lazygit `customCommands`,
`.tigrc` bindings, k9s screen dumps, Kargo promotion logs, Flagger, Kyverno and Knative `func`,
k0sctl, kind, microk8s and k0s, Crossplane ProviderConfigs and packages, `clusterctl`, Dapr
components, trust bundles and `dapr run`, OpenFaaS secrets, Strimzi KafkaUsers, AKHQ, Kafka UI
(provectus), Kafdrop and Conduktor, Memphis, KubeMQ, Amazon MQ, Thanos `objstore.yml`, Sensu
handlers and `sensuctl`, LibreNMS, Observium, OpenNMS datasources and `users.xml`, Beszel, Dozzle,
Jaeger span tags, Huginn agents, Flyte (`secret_requests`, notifications), Kedro
`credentials.yml`, dlt `.dlt/secrets.toml`, Census and Hightouch syncs, Conductor workflows;
schema and migration tools (Flyway, Liquibase, Sqitch, dbmate, golang-migrate, skeema,
orchestrator, gh-ost, Percona `pt-online-schema-change`, `sysbench`, `mydumper`, Vitess vtgate
static auth); ORMs and drivers (Drizzle, MikroORM, Peewee, Tortoise, SeaORM, jOOQ codegen,
Exposed, Slick, Doobie, EF Core scaffolding, Dapper); databases (kdb+/q, IoTDB, DolphinDB,
Stardog, GraphDB, Virtuoso `isql-vt`, AllegroGraph, TerminusDB, FerretDB, eXist-db, BaseX,
Infinispan Hot Rod, Coherence, GBase 8s, MaxDB, InterSystems IRIS, HSQLDB, Derby `ij`, rqlite,
NuoDB, Actian Zen ODBC, FileMaker Server, Tembo); identity (Kanidm, LLDAP, Pocket ID, FreeIPA
`ipa-server-install`, PingOne, LoginRadius, Gigya, Signicat and Criipto JWKS, BankID test
certificates); enterprise integration (Apigee, MuleSoft Anypoint, Boomi, Informatica, Talend,
Workato, Acumatica, Dynamics 365 via PowerShell); code and templates in languages no earlier
split lists (CFML/ColdFusion, LotusScript, REXX, RPG IV, MUMPS, PL/I, Modula-2,
Visual FoxPro, PowerBuilder, Xojo, Eiffel, Forth, Idris, Chapel, Red, Wren, Squirrel,
AngelScript, IEC 61131-3 Structured Text, SystemVerilog, Liquid, Twig, Blade, Handlebars,
Velocity, FreeMarker). Vendors: MaxMind,
ipinfo, Geoapify, LocationIQ, Tomorrow.io, WeatherAPI.com, Twelve Data, Tiingo, Marketstack,
CoinGecko, Bitstamp, Bitfinex, Deribit, Gate.io, Upbit, Zerodha Kite Connect, Gusto, Rippling, Deel,
HiBob, Workable, Ashby, Phrase, Smartling, POEditor, Weblate, Tolgee, Whereby, Dyte, 100ms,
SoundCloud, Deezer, Musixmatch, Garmin Connect, Blackboard, Schoology, Brightspace, Lambda Cloud,
Mixedbread, PromptLayer, Infracost, Atatus, Highlight.io, Shopware, Billbee, Sendcloud,
Mangopay, Lemonway, Sellsy, Buckaroo, MultiSafepay, Pay.nl, Pin Payments, Tyro, Basiq, Sendle,
Airwallex, Stone, PicPay, Iugu, Vindi, Korapay, Squad, Interswitch, Remita, Hubtel, Fawry,
CinetPay, freee, DATEV and Fiken. Prose secrets, and notes saying where one is kept, in
Singlish, Hinglish, Hawaiian Pidgin, Gullah, Iraqi, Gulf (notes only) and Sudanese Arabic,
Cypriot Greek, Latgalian, Kven, Meänkieli, Balochi, Sherpa, Meitei, Madurese, Buginese,
Marshallese (notes only), Rarotongan, Hiri Motu, Ojibwe, Cherokee, Isthmus Zapotec, Garifuna,
Fon, Dagbani, Ga, Tachelhit, Nogai, Khakas, Jeju, Rohingya, Marwari, Kodava, Assyrian
Neo-Aramaic, Acholi and Runyankole. Its look-alikes are commit ids and change ids (lazygit,
tig, Sqitch plans, Kargo freight, Talend builds), migration versions and checksums (Liquibase
MD5SUM, Flyway, dbmate, golang-migrate), digests (buildah, ctr, Crossplane packages, wheel
`RECORD`, npm integrity), public keys, certificates and fingerprints (public JWKS of Signicat and
Criipto, FreeIPA and Apigee CA certificates, `ssh-keyscan`, a GPG listing, an `openssl x509`
fingerprint), client keys documented as public (Shopware `sw-access-key`, Gigya site keys,
Zerodha `api_key` in the login URL, Korapay and Stripe publishable keys, Atatus and Highlight.io
browser ids, LoginRadius API keys, Deezer app ids), payment, order and record ids, trace ids,
ETags and cursors (Ashby, Workable, Rippling), stored password hashes (Sensu and Dozzle bcrypt,
LibreNMS `$2y$`, OpenNMS salted hashes, FreeIPA `{PBKDF2_SHA256}`, BaseX salted SHA-256), secret
references (Kedro `${oc.env:...}`, Dapr `secretKeyRef`, Crossplane `secretRef`, Flyte secret
requests, `${env.X}`, `/run/secrets` files, environment lookups in CFML, LotusScript, RPG, Idris,
Lean, Twig, Blade, FreeMarker, Forth, Wren and Squirrel), masked values, placeholders, a FIPS-197
test vector, AWS's documented example keys, error messages naming secrets, connection strings
without a password, base64 of harmless text, versions and settings named like secrets, all from
the same tools.

Every secret is generated at import from a fixed seed of its own (fake, never a real
credential), so no token-shaped string is committed.
"""

# ruff: noqa: RUF001  (prose cases in other scripts carry their own punctuation)

from __future__ import annotations

import base64

from tests.data.fake_secrets import (
    AN,
    B64,
    DIGITS,
    HEX,
    LOWER_AN,
    UPPER_AN,
    URLSAFE,
    Fakes,
    b64url_json,
    basic,
    escaped,
)
from tests.data.redaction_corpus import SecretCase, _case

_WORDS = (
    "basalt cobalt juniper marzipan otter paprika quill rhubarb sparrow thistle walrus yarrow "
    "alpaca biscuit cactus dormouse ember fennel glacier heron iris jackal kelp lantern "
    "meadow nutmeg opal puffin radish saffron tundra velvet willow zephyr"
).split()
_F = Fakes(20_0420_2026, _WORDS)
_r = _F.r
_pick = _F.rng.choice

SECRETS: list[SecretCase] = []
LOOKALIKES: list[str] = []


def _s(text: str, secrets: str | tuple[str, ...], kinds: str | tuple[str, ...], *keep: str) -> None:
    SECRETS.append(_case(text, secrets, kinds, *keep))


def _l(text: str) -> None:
    LOOKALIKES.append(text)


# ---------------------------------------------------------------------------------------------
# Prefixed provider tokens (documented prefixes and shapes, random bodies)
# ---------------------------------------------------------------------------------------------

_t = _F.ghp()
_s(
    "# ~/.config/lazygit/config.yml\ngit:\n  paging:\n    colorArg: always\nservices:\n"
    "  github.acme.internal: github:github.acme.internal\nos:\n  editPreset: nvim\n"
    "customCommands:\n  - key: 'P'\n    context: 'localBranches'\n"
    "    command: 'GH_TOKEN=" + _t + " gh pr create --fill --head {{.SelectedLocalBranch.Name}}'\n",
    _t,
    "github_token",
    "localBranches",
)
_t = "github_pat_" + _r(22) + "_" + _r(59)
_s(
    "$ tig --version\ntig version 2.5.8\n$ cat ~/.tigrc | tail -3\nbind main P !git push "
    "https://x-access-token:" + _t + "@github.com/orbital-kiln/firmware.git %(branch)\n"
    "set main-view = id date author commit-title:graph=yes,refs=yes\n",
    _t,
    "github_token",
    "orbital-kiln/firmware",
)
_t = "ghs_" + _r(36)
_s(
    "2026-03-02T11:04:19Z [kargo-controller] INFO promotion step git-clone freight=7c1d stage=uat "
    "repoURL=https://x-access-token:" + _t + "@github.com/lattice-pay/deploy-config.git\n",
    _t,
    "github_token",
    "lattice-pay/deploy-config",
)
_t = _F.ghp()
_s(
    '$ flagger-loadtester curl -sd \'{"name":"podinfo"}\' hooks/approve\n'
    "$ history | tail -n 2\n  812  gh auth login --with-token <<< " + _t + "\n"
    "  813  gh repo clone quartz-hollow/flagger-canaries\n",
    _t,
    "github_token",
    "quartz-hollow/flagger-canaries",
)
_t = "gho_" + _r(36)
_s(
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: kyverno-git-creds\n  namespace: kyverno\n"
    "stringData:\n  username: oauth2\n  password: " + _t + "\n",
    _t,
    "github_token",
    "kyverno-git-creds",
)
_t = "ghu_" + _r(36)
_s(
    "k9s screen dump (ctx: dev-euw1)\n  NAME                     READY  STATUS   AGE\n"
    "  gitui-sync-7d5b9c-x2lqz  1/1    Running  4h\n"
    "<d> describe > env:\n      GIT_ASKPASS_TOKEN:  " + _t + "\n      SYNC_INTERVAL: 300\n",
    _t,
    "github_token",
    "gitui-sync-7d5b9c-x2lqz",
)
_t = _F.glpat()
_s(
    "$ sqitch deploy db:pg://sqitch@db.internal/ledger\n"
    "$ git clone https://oauth2:" + _t + "@gitlab.fahrwerk.de/finance/ledger-migrations.git\n"
    "Cloning into 'ledger-migrations'...\n",
    _t,
    "gitlab_token",
    "finance/ledger-migrations",
)
_t = "glrt-" + _r(20, URLSAFE)
_s(
    "# k0sctl.yaml (worker bootstrap)\nspec:\n  hosts:\n  - role: worker\n    ssh: {address: 10.4"
    ".0.21, user: core}\n"
    "    files:\n    - name: gitlab-runner-token\n      data: "
    + _t
    + "\n      dstDir: /etc/gitlab-runner/\n",
    _t,
    "gitlab_token",
    "gitlab-runner-token",
)
_t = "gldt-" + _r(20, URLSAFE)
_s(
    "$ buildah login -u gitlab+deploy-token-118 -p " + _t + " registry.gitlab.nordhavn.dk\n"
    "Login Succeeded!\n",
    _t,
    "gitlab_token",
    "gitlab+deploy-token-118",
)
_t = _F.glpat()
_s(
    "-- Liquibase changelog runner, liquibase.properties\n"
    "changeLogFile: changelog/db.changelog-master.yaml\n"
    "# changelogs are fetched from the private GitLab project\n"
    "liquibase.hub.mode: off\nremoteChangelogToken: " + _t + "\n",
    _t,
    "gitlab_token",
    "remoteChangelogToken",
)
_t = _F.xoxb()
_s(
    "# flyte propeller notifications (flyte-notify-values.yaml)\nnotifications:\n  type: slack\n"
    "  slack:\n    channel: '#ml-pipelines'\n    botToken: " + _t + "\n",
    _t,
    "slack_token",
    "#ml-pipelines",
)
_t = f"https://hooks.slack.com/services/T{_r(10, UPPER_AN)}/B{_r(10, UPPER_AN)}/{_r(24)}"
_s(
    "# sensu handler definition\ntype: Handler\napi_version: core/v2\nmetadata:\n  name: slack-op"
    "s\n"
    "spec:\n  type: pipe\n  command: sensu-slack-handler --channel '#ops' --webhook-url "
    + _t
    + "\n",
    _t,
    "slack_token",
    "sensu-slack-handler",
)
_t = f"xoxp-{_r(12, DIGITS)}-{_r(12, DIGITS)}-{_r(13, DIGITS)}-{_r(32, HEX)}"
_s(
    "[2026-02-11 08:14:55] huginn.1 | Agent 'standup reminder' (SlackAgent) options: "
    '{"channel":"#standup","username":"huginn","token":"' + _t + '"}\n',
    _t,
    "slack_token",
    "standup reminder",
)
_t = "xapp-1-" + _r(11, UPPER_AN) + "-" + _r(13, DIGITS) + "-" + _r(64, HEX)
_s(
    "$ kubectl -n kargo logs deploy/kargo-slackbridge | head -4\nbooting slackbridge v0.9.2\n"
    "socket mode: app_token=" + _t + "\nconnected to wss://wss-primary.slack.com\n",
    _t,
    "slack_token",
    "kargo-slackbridge",
)
_t = _F.sk_proj()
_s(
    "# catalog/credentials.yml (Kedro)\nopenai:\n  api_key: " + _t + "\n"
    "postgres_local:\n  con: postgresql://kedro@localhost/dev\n",
    _t,
    "openai_key",
    "postgres_local",
)
_t = "sk-svcacct-" + _r(74, URLSAFE) + "T3BlbkFJ" + _r(74, URLSAFE)
_s(
    "$ dapr run --app-id summarizer -- python app.py\n"
    "== APP == openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API "
    "key provided: " + _t + ". You can find your API key at https://platform.openai.com/account/"
    "api-keys.'}}\n",
    _t,
    "openai_key",
    "summarizer",
)
_t = _F.sk_proj()
_s(
    '<!--- CFML: Application.cfc --->\n<cfset this.name = "helpdesk-ai">\n'
    '<cfset application.openaiKey = "' + _t + '">\n',
    _t,
    "openai_key",
    "helpdesk-ai",
)
_t = _F.sk_ant()
_s(
    '# .dlt/secrets.toml\n[sources.anthropic_usage]\napi_key = "' + _t + '"\n\n'
    '[destination.duckdb]\ncredentials = "usage.duckdb"\n',
    _t,
    "anthropic_key",
    "anthropic_usage",
)
_t = _F.sk_ant()
_s(
    "$ openfaas-cli secret create claude-key --from-literal " + _t + "\n"
    "Creating secret: claude-key.\n",
    _t,
    "anthropic_key",
    "claude-key",
)
_t = "sk-ant-admin01-" + _r(93, URLSAFE) + "AA"
_s(
    'Flyte task failed:\n  File "/root/workflows/billing.py", line 41, in fetch_usage\n'
    '    client = Admin(key="' + _t + '")\nhttpx.HTTPStatusError: 403 Forbidden\n',
    _t,
    "anthropic_key",
    "fetch_usage",
)
_t = "sk_live_" + _r(99)
_s(
    "# Shopware 6 plugin config dump (bin/console system:config:get StripePayment)\n"
    "StripePayment.config.secretKey  " + _t + "\n"
    "StripePayment.config.sendStripeReceipts  true\n",
    _t,
    "stripe_key",
    "StripePayment.config.sendStripeReceipts",
)
_t = "rk_live_" + _r(99)
_s(
    "Hightouch sync 'stripe-customers' failed: destination returned 401. Destination config:\n"
    "  type: stripe\n  restricted_key: " + _t + "\n  object: customers\n",
    _t,
    "stripe_key",
    "stripe-customers",
)
_t = "whsec_" + _r(32)
_s(
    '(Xojo) Const kWebhookSecret As String = "' + _t + '"\n'
    'Var sig As String = request.Header("Stripe-Signature")\n',
    _t,
    "stripe_key",
    "Stripe-Signature",
)
_t = "sk_test_" + _r(99)
_s(
    "$ census sync run 4418 --debug\n[debug] destination=stripe mode=upsert "
    "api_key=" + _t + "\n[debug] 312 records staged\n",
    _t,
    "stripe_key",
    "mode=upsert",
)
_a, _b = _F.akia(), _F.aws_secret()
_s(
    "# thanos objstore.yml\ntype: S3\nconfig:\n  bucket: thanos-metrics-euc1\n"
    "  endpoint: s3.eu-central-1.amazonaws.com\n  access_key: "
    + _a
    + "\n  secret_key: "
    + _b
    + "\n",
    (_a, _b),
    ("aws_access_key", "aws_secret_key"),
    "thanos-metrics-euc1",
)
_a, _b = _F.akia(), _F.aws_secret()
_s(
    "$ clusterctl init --infrastructure aws\nexport AWS_B64ENCODED_CREDENTIALS=...\n"
    "[default]\naws_access_key_id = "
    + _a
    + "\naws_secret_access_key = "
    + _b
    + "\nregion = us-west-2\n",
    (_a, _b),
    ("aws_access_key", "aws_secret_key"),
    "us-west-2",
)
_a, _b, _c = "ASIA" + _r(16, UPPER_AN), _F.aws_secret(), _F.b64(180)
_s(
    "Crossplane ProviderConfig secret (decoded):\n[default]\naws_access_key_id=" + _a + "\n"
    "aws_secret_access_key=" + _b + "\naws_session_token=" + _c + "\n",
    (_a, _b, _c),
    ("aws_access_key", "aws_secret_key"),
    "ProviderConfig",
)
_a, _b = _F.akia(), _F.aws_secret()
_s(
    "| Key                  | Value |\n|----------------------|-------|\n"
    "| akhq.s3.access-key   | " + _a + " |\n| akhq.s3.secret-key   | " + _b + " |\n",
    (_a, _b),
    ("aws_access_key", "aws_secret_key"),
    "akhq.s3.access-key",
)
_t = _F.aiza()
_s(
    "# LotusScript agent 'GeocodeContacts'\nConst GMAPS_KEY = \"" + _t + '"\n'
    'url$ = "https://maps.googleapis.com/maps/api/geocode/json?address=" & addr$ & "&key=" & GMAP'
    "S_KEY\n",
    _t,
    "google_api_key",
    "GeocodeContacts",
)
_t = _F.aiza()
_s(
    "$ curl -s 'https://generativelanguage.googleapis.com/v1beta/models/gemini-2.0-flash:generate"
    "Content?key=" + _t + "' -d @prompt.json | jq .candidates[0]\n",
    _t,
    "google_api_key",
    "prompt.json",
)
_t = _F.jwt({"iss": "https://auth.mulesoft.example", "sub": "svc-orders", "exp": 1775000000})
_s(
    "MuleSoft Anypoint CLI\n$ anypoint-cli-v4 conf token " + _t + "\nconfiguration updated\n",
    _t,
    "jwt",
    "anypoint-cli-v4",
)
_t = _F.jwt({"sub": "management", "type": "management", "iat": 1760000000}, "HS256")
_s(
    "100ms management token for the recording bot (do not commit):\n" + _t + "\n",
    _t,
    "jwt",
    "recording bot",
)
_t = _F.jwt({"aud": "https://org4711.crm4.dynamics.com", "appid": _F.uuid(), "exp": 1771234567})
_s(
    "PS> $resp = Invoke-WebRequest https://org4711.crm4.dynamics.com/api/data/v9.2/accounts\n"
    "PS> $resp.BaseResponse.RequestMessage.Headers\nKey           Value\n---           -----\n"
    "Authorization {Bearer " + _t + "}\n",
    _t,
    "jwt",
    "org4711.crm4.dynamics.com",
)
_t = _F.ghp()
_s(
    "REXX exec PUSHDOC:\n/* REXX */\ntoken = '" + _t + "'\n"
    "'curl -s -H \"Authorization: token' token'\" https://api.github.com/repos/zos-tools/pushdoc'\n",
    _t,
    "github_token",
    "zos-tools/pushdoc",
)
_t = _F.sk_proj()
_s(
    "{% comment %} Liquid snippet in theme, never render {% endcomment %}\n"
    "{% assign ai_key = '" + _t + "' %}\n",
    _t,
    "openai_key",
    "ai_key",
)


# ---------------------------------------------------------------------------------------------
# Private keys (PEM, OpenSSH, PGP, JWK and escaped forms)
# ---------------------------------------------------------------------------------------------

_ks: str | tuple[str, ...]  # a key's secret strings, or an Ed25519 key's one
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    "$ cat config/jwt/private.pem   # Shopware 6 admin API signing key\n" + _k + "\n",
    _ks,
    "private_key",
    "config/jwt/private.pem",
)
_k, _ks = _F.rsa()
_s(
    "# Strimzi: kubectl get secret orders-consumer -o jsonpath='{.data.user\\.key}' | base64 -d\n"
    + _k
    + "\n",
    _ks,
    "private_key",
    "orders-consumer",
)
_k, _ks = _F.ec()
_s(
    "Dapr sentry bootstrap (dapr-trust-bundle) issuer.key:\n" + _k + "\n",
    _ks,
    "private_key",
    "dapr-trust-bundle",
)
_k, _ks = _F.openssh()
_s(
    "$ cat ~/.ssh/id_ed25519_fileMaker_backup\n" + _k + "\n$ rsync -e 'ssh -i "
    "~/.ssh/id_ed25519_fileMaker_backup' fms@10.2.0.5:/Library/FileMaker\\ Server/Data/Backups .\n",
    _ks,
    "private_key",
    "fms@10.2.0.5",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    '{\n  "type": "service_account",\n  "project_id": "crossplane-infra-4821",\n'
    '  "private_key_id": "' + _F.hex(40) + '",\n  "private_key": "' + escaped(_k) + '",\n'
    '  "client_email": "crossplane@crossplane-infra-4821.iam.gserviceaccount.com"\n}\n',
    _ks,
    "private_key",
    "crossplane@crossplane-infra-4821.iam.gserviceaccount.com",
)
_k, _ks = _F.pgp(comment="Comment: Kanidm backup signing (ops)")
_s(
    "$ gpg --armor --export-secret-keys backups@kanidm.lan > /tmp/k.asc && cat /tmp/k.asc\n"
    + _k
    + "\n",
    _ks,
    "private_key",
    "backups@kanidm.lan",
)
_k, _ks = _F.ed25519()
_s(
    "# microk8s: /var/snap/microk8s/current/certs/front-proxy-client.key (copied into ticket OPS-"
    "2291)\n" + _k + "\n",
    _ks,
    "private_key",
    "OPS-2291",
)
_d = _F.urlb64(32)
_s(
    "Signicat client JWKS (private, for private_key_jwt):\n"
    '{"keys":[{"kty":"EC","crv":"P-256","kid":"sig-2026-01","use":"sig",'
    '"x":"' + _F.urlb64(32) + '","y":"' + _F.urlb64(32) + '","d":"' + _d + '"}]}\n',
    _d,
    "private_key",
    "sig-2026-01",
)
_k, _ks = _F.rsa()
_s(
    "kind: Secret\napiVersion: v1\nmetadata: {name: apigee-mtls, namespace: apigee}\n"
    "type: kubernetes.io/tls\nstringData:\n  tls.key: |\n"
    + "\n".join("    " + x for x in _k.split("\n"))
    + "\n",
    _ks,
    "private_key",
    "apigee-mtls",
)
_k, _ks = _F.ec()
_s(
    "freeipa-client: ipa-getcert request failed; dumping key for debugging\n"
    "/etc/pki/tls/private/web01.key:\n" + _k + "\n",
    _ks,
    "private_key",
    "web01.key",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    '-- PowerBuilder: n_cst_signer.of_init()\nls_key = "' + escaped(_k) + '"\n'
    "lnv_crypto.of_loadkey(ls_key)\n",
    _ks,
    "private_key",
    "n_cst_signer.of_init",
)
_k, _ks = _F.openssh(400)
_s(
    "kind: cluster (kind-config.yaml) extraMounts hostPath ~/.ssh was copied into the image:\n"
    "$ docker exec kind-control-plane cat /root/.ssh/id_rsa\n" + _k + "\n",
    _ks,
    "private_key",
    "kind-control-plane",
)
_k, _ks = _F.rsa()
_s(
    "* ColdFusion Administrator > Security > keystore import log\n"
    "Imported PEM for alias 'payplug-mtls':\n" + _k + "\n",
    _ks,
    "private_key",
    "payplug-mtls",
)
_k, _ks = _F.ed25519()
_s(
    "Kedro credentials.yml:\nsnowpark_service:\n  account: xy12345.eu-west-1\n  user: KEDRO_SVC\n"
    "  private_key: |\n" + "\n".join("    " + x for x in _k.split("\n")) + "\n",
    _ks,
    "private_key",
    "KEDRO_SVC",
)
_k, _ks = _F.ec()
_s(
    "Airwallex webhook mTLS client, client.key committed by mistake (diff):\n"
    + "\n".join("+" + x for x in _k.split("\n"))
    + "\n",
    _ks,
    "private_key",
    "Airwallex",
)
_k, _ks = _F.pgp()
_s(
    "Sensu asset signing key, pasted in #sensu-ops by accident:\n```\n" + _k + "\n```\n",
    _ks,
    "private_key",
    "#sensu-ops",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    "# Zerodha Kite Connect postback verifier, Eiffel class\nfeature -- key\n"
    '\tsigning_key: STRING = "' + escaped(_k) + '"\n',
    _ks,
    "private_key",
    "signing_key",
)
_k, _ks = _F.openssh()
_s(
    "k0s backup: contents of k0s_backup_2026-02-01.tar.gz:/var/lib/k0s/pki/sa.key was rotated, but "
    "~/.ssh/k0s_admin is still:\n" + _k + "\n",
    _ks,
    "private_key",
    "k0s_admin",
)
_k, _ks = _F.rsa()
_s(
    "$ knative func deploy --build\n"
    "Error: cannot parse GIT_SSH_KEY: got RSA key, want OpenSSH: " + escaped(_k) + "\n",
    _ks,
    "private_key",
    "GIT_SSH_KEY",
)
_d = _F.urlb64(32)
_s(
    '{"kty":"OKP","crv":"Ed25519","kid":"criipto-verify-ci","x":"' + _F.urlb64(32) + '",'
    '"d":"' + _d + '"}\n',
    _d,
    "private_key",
    "criipto-verify-ci",
)
_k, _ks = _F.ec()
_s(
    "infinispan-server.xml <key-store> could not read server.pem; file begins:\n" + _k + "\n",
    _ks,
    "private_key",
    "infinispan-server.xml",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    "BankID test RP cert (FPTestcert5) extracted with openssl pkcs12 -nodes:\nBag Attributes\n"
    "    friendlyName: FPTestcert5_20240610\nKey Attributes: <No Attributes>\n" + _k + "\n",
    _ks,
    "private_key",
    "FPTestcert5_20240610",
)
_k, _ks = _F.ed25519()
_s(
    "Virtuoso WebID key, stored in the Xojo app's constants:\nConst kWebIDKey = \""
    + escaped(_k)
    + '"\n',
    _ks,
    "private_key",
    "kWebIDKey",
)
_k, _ks = _F.openssh(360)
_s(
    "# gh-ost runs from bastion; key for the bastion hop (ansible var)\n"
    "ghost_bastion_key: |\n" + "\n".join("  " + x for x in _k.split("\n")) + "\n",
    _ks,
    "private_key",
    "ghost_bastion_key",
)


# ---------------------------------------------------------------------------------------------
# Connection strings (URIs, DSNs, JDBC and driver strings)
# ---------------------------------------------------------------------------------------------

_p = _F.url_password()
_s(
    "# flyway.conf\nflyway.url=jdbc:postgresql://pg-ledger.internal:5432/ledger\n"
    "flyway.user=flyway_migrator\nflyway.password=" + _p + "\nflyway.schemas=public,audit\n",
    _p,
    "password",
    "flyway_migrator",
)
_p = _F.password()
_s(
    'liquibase --url="jdbc:oracle:thin:@//ora-fin01:1521/FINPDB" --username=LB_DEPLOY '
    "--password='" + _p + "' update\n",
    _p,
    "password",
    "LB_DEPLOY",
)
_p = _F.url_password()
_s(
    '# sqitch.conf\n[target "prod"]\n\turi = db:pg://sqitch:' + _p + "@pg-prod-2.internal/orders\n"
    '[engine "pg"]\n\ttarget = prod\n',
    _p,
    "password",
    "pg-prod-2.internal",
)
_p = _F.url_password(24)
_s(
    '$ cat .env\nDATABASE_URL="postgres://dbmate:'
    + _p
    + '@127.0.0.1:5432/shop_dev?sslmode=disable"\n'
    "$ dbmate up\nApplying: 20260211093012_add_refunds.sql\n",
    _p,
    "password",
    "shop_dev",
)
_p = _F.url_password()
_s(
    '$ migrate -path ./migrations -database "mysql://app:'
    + _p
    + '@tcp(10.0.3.7:3306)/billing" up 2\n'
    "20260102101500/u add_invoice_number (41.2ms)\n",
    _p,
    "password",
    "add_invoice_number",
)
_p = _F.url_password()
_s(
    "// drizzle.config.ts\nexport default defineConfig({\n  dialect: 'postgresql',\n"
    "  dbCredentials: { url: 'postgresql://drizzle:"
    + _p
    + "@ep-cool.eu-central-1.aws.tembo.io:5432/app' },\n});\n",
    _p,
    "password",
    "ep-cool.eu-central-1.aws.tembo.io",
)
_p = _F.password(16)
_s(
    "// MikroORM config\nexport default defineConfig({\n  clientUrl: 'mysql://mikro:"
    + _p.replace("#", "%23")
    + "@db-analytics:3306/events',\n  entities: ['./dist/entities'],\n});\n",
    _p.replace("#", "%23"),
    "password",
    "db-analytics:3306/events",
)
_p = _F.any_password()
_s(
    "# peewee\ndb = PostgresqlDatabase('inventory', user='peewee_rw', password='" + _p + "',\n"
    "                          host='pg-inv.lan', port=5432)\n",
    _p,
    "password",
    "peewee_rw",
)
_p = _F.url_password()
_s(
    'TORTOISE_ORM = {\n    "connections": {"default": "asyncpg://tortoise:'
    + _p
    + '@db:5432/quiz"},\n'
    '    "apps": {"models": {"models": ["app.models", "aerich.models"]}},\n}\n',
    _p,
    "password",
    "aerich.models",
)
_p = _F.url_password()
_s(
    "$ sea-orm-cli generate entity -u postgres://seaorm:" + _p + "@localhost/bakery -o src/entity\n"
    "Generating bakery.rs\nGenerating cake.rs\n",
    _p,
    "password",
    "src/entity",
)
_p = _F.password()
_s(
    "<!-- jooq-codegen.xml -->\n<jdbc>\n  <driver>org.mariadb.jdbc.Driver</driver>\n"
    "  <url>jdbc:mariadb://mdb01:3306/catalog</url>\n  <user>jooq</user>\n"
    "  <password>" + _p + "</password>\n</jdbc>\n",
    _p,
    "password",
    "jdbc:mariadb://mdb01:3306/catalog",
)
_p = _F.human()
_s(
    'Database.connect("jdbc:postgresql://localhost:5432/kanban", driver = "org.postgresql.Driver"'
    ",\n"
    '    user = "exposed", password = "' + _p + '")\n',
    _p,
    "password",
    "jdbc:postgresql://localhost:5432/kanban",
)
_p = _F.url_password()
_s(
    'slick.dbs.default {\n  profile = "slick.jdbc.PostgresProfile$"\n  db.url = '
    '"jdbc:postgresql://pg:5432/play?user=slick&password=' + _p + '"\n}\n',
    _p,
    "password",
    "slick.dbs.default",
)
_p = _F.password()
_s(
    'val xa = Transactor.fromDriverManager[IO](\n  "org.postgresql.Driver", "jdbc:postgresql:worl'
    'd", '
    '"doobie", "' + _p + '", None)\n',
    _p,
    "password",
    "jdbc:postgresql:world",
)
_p = _F.password(20)
_s(
    'PM> dotnet ef dbcontext scaffold "Server=sql-crm.corp;Database=Crm;User Id=ef_scaffold;'
    "Password="
    + _p
    + ';TrustServerCertificate=True" Microsoft.EntityFrameworkCore.SqlServer -o Models\n',
    _p,
    "password",
    "ef_scaffold",
)
_p = _F.any_password()
_s(
    'using var conn = new SqlConnection("Data Source=10.9.0.4;Initial Catalog=Payroll;'
    "User ID=dapper_ro;Password="
    + _p
    + '");\nvar rows = conn.Query<Employee>("select * from Employees");\n',
    _p,
    "password",
    "dapper_ro",
)
_p = _F.password()
_s(
    "$ sysbench oltp_read_write --mysql-host=10.1.4.20 --mysql-user=sbtest --mysql-password='"
    + _p
    + "' "
    "--tables=16 --table-size=1000000 prepare\n",
    _p,
    "password",
    "sbtest",
)
_p = _F.url_password()
_s(
    "$ mydumper -h mysql-legacy -u backup -p " + _p + " -B crm -o /backups/crm-$(date +%F) -t 8\n",
    _p,
    "password",
    "mysql-legacy",
)
_p = _F.password()
_s(
    "gh-ost --host=db-orders-replica --user=gh-ost --password='" + _p + "' --database=orders "
    "--table=line_items --alter='ADD COLUMN tax_code VARCHAR(8)' --execute\n",
    _p,
    "password",
    "line_items",
)
_p = _F.url_password()
_s(
    "$ pt-online-schema-change --alter 'ADD INDEX idx_created (created_at)' "
    "D=shop,t=orders,h=10.20.0.8,u=ptosc,p=" + _p + " --execute\n",
    _p,
    "password",
    "idx_created",
)
_p = _F.password()
_s(
    '{\n  "MySQLTopologyUser": "orchestrator",\n  "MySQLTopologyPassword": "' + _p + '",\n'
    '  "MySQLOrchestratorHost": "127.0.0.1",\n  "RecoverMasterClusterFilters": ["*"]\n}\n',
    _p,
    "password",
    "RecoverMasterClusterFilters",
)
_p = _F.human()
_s(
    "# .skeema (schema repo)\n[production]\nhost=mysql-main.internal\nuser=skeema\npassword="
    + _p
    + "\n"
    "schema=storefront\n",
    _p,
    "password",
    "storefront",
)
_p = _F.url_password()
_s(
    "q)h:hopen `:kdb-tick.lan:5010:tickuser:" + _p + '\nq)h"count trade"\n3841207\n',
    _p,
    "password",
    "kdb-tick.lan",
)
_p = _F.password()
_s(
    "$ stardog-admin --server http://stardog.lab:5820 --username admin --passwd '" + _p + "' "
    "db create -n kg_products data/products.ttl\n",
    _p,
    "password",
    "kg_products",
)
_p = _F.any_password()
_s(
    "$ isql-vt 1111 dba '" + _p + '\' exec="SPARQL SELECT COUNT(*) WHERE { ?s ?p ?o };"\n',
    _p,
    "password",
    "isql-vt",
)
_p = _F.url_password()
_s(
    "from franz.openrdf.connect import ag_connect\n"
    "conn = ag_connect('people', host='ag.lan', port=10035, user='agadmin', password='"
    + _p
    + "')\n",
    _p,
    "password",
    "agadmin",
)
_p = _F.url_password()
_s(
    "MONGO_URL=mongodb://ferret:" + _p + "@ferretdb.internal:27017/notes?authMechanism=PLAIN\n",
    _p,
    "password",
    "ferretdb.internal",
)
_p = _F.url_password()
_s(
    "xmldb:exist://admin:" + _p + "@exist.lib.lan:8080/exist/xmlrpc/db/apps/catalog\n",
    _p,
    "password",
    "exist.lib.lan",
)
_p = _F.url_password()
_s(
    "# infinispan hotrod-client.properties\ninfinispan.client.hotrod.uri=hotrod://app:"
    + _p
    + "@ispn-0.ispn:11222,ispn-1.ispn:11222?sasl_mechanism=SCRAM-SHA-512\n",
    _p,
    "password",
    "ispn-0.ispn",
)
_p = _F.password()
_s(
    "jdbc:sapdb://maxdb01/PROD?user=DBADMIN&password=" + _p + "&sqlmode=ORACLE\n",
    _p,
    "password",
    "maxdb01",
)
_p = _F.url_password()
_s(
    "Connecting: jdbc:IRIS://iris-hc.lan:1972/USER?user=_SYSTEM&password=" + _p + "\n",
    _p,
    "password",
    "iris-hc.lan",
)
_p = _F.url_password()
_s(
    "db.url=jdbc:hsqldb:hsql://localhost:9001/legacydb;user=SA;password=" + _p + "\n",
    _p,
    "password",
    "legacydb",
)
_p = _F.any_password()
_s(
    "ij> connect 'jdbc:derby://derby.test:1527/timesheets;user=tsadmin;password=" + _p + "';\n"
    "ij> show tables;\n",
    _p,
    "password",
    "timesheets",
)
_p = _F.url_password()
_s(
    "$ rqlite -H rqlite-0 -u 'ops:" + _p + "'\nrqlite-0:4001> .nodes\n",
    _p,
    "password",
    "rqlite-0",
)
_p = _F.url_password()
_s(
    "BROKER_URL=amqps://mq_app:" + _p + "@b-7f1e2a9c-0d3b-4c1e.mq.eu-west-1.amazonaws.com:5671\n",
    _p,
    "password",
    "mq_app",
)
_p = _F.url_password()
_s(
    "# dapr component statestore.yaml\nspec:\n  type: state.redis\n  version: v1\n  metadata:\n"
    "  - name: redisHost\n    value: redis-master:6379\n  - name: redisPassword\n    value: "
    + _p
    + "\n",
    _p,
    "password",
    "redis-master:6379",
)
_p = _F.url_password()
_s(
    "KAFKA_CLUSTERS_0_PROPERTIES_SASL_JAAS_CONFIG=org.apache.kafka.common.security.scram.ScramLog"
    "inModule "
    'required username="kafka-ui" password="' + _p + '";\n',
    _p,
    "password",
    "kafka-ui",
)
_p = _F.url_password()
_s(
    "$ memphis connect --host broker.memphis.lan --user etl --password " + _p + "\nconnected.\n",
    _p,
    "password",
    "broker.memphis.lan",
)
_p = _F.password()
_s(
    "Vitess: vtgate flags from ps -ef\n/vt/bin/vtgate --mysql_auth_server_impl static "
    '--mysql_auth_server_static_string \'{"app":[{"Password":"' + _p + "\"}]}' --cell zone1\n",
    _p,
    "password",
    "zone1",
)
_p = _F.url_password()
_s(
    "[ODBC] Zen (Actian PSQL) DSN: Driver={Pervasive ODBC Interface};ServerName=zen01.1583;"
    "DBQ=INVENTORY;UID=zenreport;PWD=" + _p + "\n",
    _p,
    "password",
    "zenreport",
)
_p = _F.url_password()
_s(
    "$ nuodb-sql test@nuo-admin.lan --user dba --password "
    + _p
    + "\nSQL> select count(*) from orders;\n",
    _p,
    "password",
    "nuo-admin.lan",
)


# ---------------------------------------------------------------------------------------------
# Config syntaxes, code and tool output
# ---------------------------------------------------------------------------------------------

_p = _r(32, LOWER_AN)
_s(
    "# /etc/GeoIP.conf\nAccountID 918273\nLicenseKey "
    + _p
    + "\nEditionIDs GeoLite2-ASN GeoLite2-City\n",
    _p,
    "secret",
    "GeoLite2-City",
)
_p = _r(14, LOWER_AN)
_s(
    "$ ipinfo init "
    + _p
    + "\nchecking token... done\n$ ipinfo 8.8.8.8 -f org\nAS15169 Google LLC\n",
    _p,
    "secret",
    "AS15169 Google LLC",
)
_p = _r(32, HEX)
_s(
    '// Squirrel (Electric Imp agent)\nconst GEOAPIFY_KEY = "' + _p + '";\n'
    'http.get("https://api.geoapify.com/v1/ipinfo?apiKey=" + GEOAPIFY_KEY).sendasync(cb);\n',
    _p,
    "secret",
    "GEOAPIFY_KEY",
)
_p = "pk." + _r(32, HEX)
_s(
    "    locationiq:\n      # server-side reverse geocoding (not the browser key)\n      token: "
    + _p
    + "\n",
    _p,
    "secret",
    "locationiq",
)
_p = _r(32)
_s(
    '-- Wren (DOME game) config\nvar Config = {\n  "tomorrowIoKey": "'
    + _p
    + '",\n  "units": "metric"\n}\n',
    _p,
    "secret",
    "tomorrowIoKey",
)
_p = _r(32, HEX)
_s(
    '{{! Handlebars partial weather-widget.hbs }}\n<div data-src="https://api.weatherapi.com/v1/'
    "current.json?key=" + _p + '&q={{city}}"></div>\n',
    _p,
    "secret",
    "weather-widget.hbs",
)
_p = _r(32, HEX)
_s(
    "twelvedata:\n  base_url: https://api.twelvedata.com\n  apikey: "
    + _p
    + "\n  symbols: [AAPL, EUR/USD]\n",
    _p,
    "secret",
    "EUR/USD",
)
_p = _r(40, HEX)
_s(
    "$ tiingo-cli config set token " + _p + "\n$ tiingo-cli eod MSFT --start 2026-01-02\n",
    _p,
    "secret",
    "tiingo-cli",
)
_p = _r(32, HEX)
_s(
    '* FoxPro: get quotes\nlcKey = "' + _p + '"\n'
    'lcUrl = "http://api.marketstack.com/v1/eod?access_key=" + lcKey + "&symbols=ERIC"\n',
    _p,
    "secret",
    "lcUrl",
)
_p = "CG-" + _r(24)
_s(
    "COINGECKO_PRO_API_KEY=" + _p + "\nCOINGECKO_BASE=https://pro-api.coingecko.com/api/v3\n",
    _p,
    "secret",
    "COINGECKO_BASE",
)
_a, _b = _r(43), _r(43)
_s(
    "BITFINEX_API_KEY=" + _a + "\nBITFINEX_API_SECRET=" + _b + "\n",
    (_a, _b),
    "secret",
    "BITFINEX_API_KEY",
)
_a, _b = _r(8), _r(43, URLSAFE)
_s(
    "deribit:\n  testnet: false\n  client_id: " + _a + "\n  client_secret: " + _b + "\n",
    _b,
    "secret",
    "testnet: false",
)
_a, _b = _r(32, HEX), _r(64, HEX)
_s(
    "$ gate-cli configure\nAPI Key: "
    + _a
    + "\nAPI Secret: "
    + _b
    + "\nSaved to ~/.gate/config.json\n",
    (_a, _b),
    "secret",
    "~/.gate/config.json",
)
_a, _b = _r(40), _r(40)
_s(
    "const upbit = { accessKey: '" + _a + "', secretKey: '" + _b + "' }; // 업비트 봇\n",
    (_a, _b),
    "secret",
    "upbit",
)
_p = _r(6, DIGITS) + ":" + _r(32, LOWER_AN)
_s(
    "# kite.ini (Zerodha Kite Connect)\n[kite]\napi_key = "
    + _r(16, LOWER_AN)
    + "\naccess_token = "
    + _p
    + "\n",
    _p,
    "secret",
    "[kite]",
)
_p = _r(43, URLSAFE)
_s(
    "GUSTO_CLIENT_SECRET=" + _p + "\nGUSTO_CLIENT_ID=" + _r(43, URLSAFE) + "\n",
    _p,
    "secret",
    "GUSTO_CLIENT_ID",
)
_p = _r(60)
_s(
    "rippling:\n  base_url: https://api.rippling.com/platform/api\n  api_token: " + _p + "\n",
    _p,
    "secret",
    "rippling",
)
_p = _r(24) + "." + _r(40, URLSAFE)
_s(
    "$ deel-sync --token " + _p + " --since 2026-01-01\nsynced 42 contracts\n",
    _p,
    "secret",
    "deel-sync",
)
_a, _p = "SERVICE-" + _r(5, DIGITS), _r(40)
_s(
    "hibob:\n  service_user_id: " + _a + "\n  service_user_token: " + _p + "\n",
    _p,
    "secret",
    _a,
)
_p = _r(64, HEX)
_s(
    "# workable.rb initializer\nWorkable::Client.new(api_key: '"
    + _p
    + "', subdomain: 'nordlicht')\n",
    _p,
    "secret",
    "nordlicht",
)
_p = _r(20, LOWER_AN) + _r(12, DIGITS)
_s(
    "# smartling-cli: smartling.yml\nproject_id: "
    + _F.hex(9)
    + "\nuser_id: "
    + _r(30, LOWER_AN)
    + "\n"
    "secret: " + _p + "\n",
    _p,
    "secret",
    "smartling.yml",
)
_p = _r(32, HEX)
_s(
    "# .github/poeditor.sh\npoeditor_upload() {\n  curl -s -X POST https://api.poeditor.com/v2/pr"
    "ojects/upload "
    '-F api_token="' + _p + '" -F id=712233 -F updating=terms_translations -F file=@en.json\n}\n',
    _p,
    "secret",
    "poeditor_upload",
)
_p = "wlu_" + _r(40)
_s(
    "[weblate]\nurl = https://hosted.weblate.org/api/\n\n[keys]\nhttps://hosted.weblate.org/api/ = "
    + _p
    + "\n",
    _p,
    "secret",
    "hosted.weblate.org",
)
_p = "tgpak_" + _r(52, LOWER_AN)
_s(
    "$ tolgee --api-key " + _p + " pull --path ./i18n\n✔ Pulled 14 languages\n",
    _p,
    "secret",
    "./i18n",
)
_p = _r(48, URLSAFE)
_s(
    '(* Modula-2 *)\nMODULE WHEREBYROOM;\nCONST\n  ApiKey = "' + _p + '";\n'
    'BEGIN\n  CreateRoom(ApiKey, "standup")\nEND WHEREBYROOM.\n',
    _p,
    "secret",
    "WHEREBYROOM",
)
_p = _r(32)
_s(
    "[soundcloud]\nclient_id = "
    + _r(32)
    + "\nclient_secret = "
    + _p
    + "\nredirect = http://localhost:8976/cb\n",
    _p,
    "secret",
    "http://localhost:8976/cb",
)
_p = _r(32, HEX)
_s(
    '@ Forth: musixmatch lookup\nS" '
    + _p
    + '" 2CONSTANT MXM-KEY\n: LYRICS ( addr u -- ) MXM-KEY QUERY ;\n',
    _p,
    "secret",
    "MXM-KEY",
)
_p = _F.any_password()
_s(
    "garmin:\n  email: runner.kobayashi@fastmail.jp\n  password: "
    + _p
    + "\n  tokenstore: ~/.garminconnect\n",
    _p,
    "password",
    "runner.kobayashi@fastmail.jp",
)
_p = _r(32, HEX)
_s(
    "# Blackboard Learn REST app (b2 settings.properties)\napplication.key=" + _F.uuid() + "\n"
    "application.secret=" + _p + "\n",
    _p,
    "secret",
    "application.key",
)
_a, _b = _r(38, LOWER_AN), _r(32, LOWER_AN)
_s(
    'Schoology API ("consumer" pair) for the gradebook sync\nkey    '
    + _a
    + "\nsecret "
    + _b
    + "\n",
    (_a, _b),
    "secret",
    "gradebook sync",
)
_p = _r(32)
_s(
    "# pocket-id .env\nAPP_URL=https://id.home.arpa\nENCRYPTION_KEY=" + _p + "\nTRUST_PROXY=true\n",
    _p,
    "secret",
    "https://id.home.arpa",
)
_p = _F.phrase()
_s(
    '$ kanidm recover-account idm_admin\nnew_password: "' + _p + '"\n',
    _p,
    "password",
    "idm_admin",
)
_p = _F.password(22)
_s(
    "$ ipa-server-install --unattended --realm LAB.EXAMPLE --ds-password '" + _p + "' "
    "--admin-password '" + _p + "' --setup-dns --no-forwarders\n",
    _p,
    "password",
    "LAB.EXAMPLE",
)
_p = _F.uuid()
_s(
    "LOGINRADIUS_API_KEY=" + _F.uuid() + "\nLOGINRADIUS_API_SECRET=" + _p + "\n",
    _p,
    "secret",
    "LOGINRADIUS_API_KEY",
)
_p = _r(24, URLSAFE)
_s(
    "gigya.apiKey=3_"
    + _r(64, URLSAFE)
    + "\ngigya.userKey="
    + _r(12, URLSAFE)
    + "\ngigya.secret="
    + _p
    + "\n",
    _p,
    "secret",
    "gigya.userKey",
)
_p = _F.human()
_s(
    "$ observium/adduser.php ops '" + _p + "' 10\nUser ops added successfully.\n",
    _p,
    "password",
    "adduser.php",
)
_p = _F.password()
_s(
    '<!-- opennms-datasources.xml -->\n<jdbc-data-source name="opennms" database-name="opennms" '
    'url="jdbc:postgresql://localhost:5432/opennms" user-name="opennms" password="' + _p + '" />\n',
    _p,
    "password",
    "opennms-datasources.xml",
)
_p = _r(16)
_s(
    "beszel-agent:\n  image: henrygd/beszel-agent\n  environment:\n    LISTEN: 45876\n"
    "    KEY: 'ssh-ed25519 AAAAC3Nz...hub'\n    TOKEN: " + _p + "\n",
    _p,
    "secret",
    "henrygd/beszel-agent",
)
_p = _F.password()
_s(
    "# dozzle users.yml\nusers:\n  admin:\n    name: Admin\n    password: "
    + _p
    + "\n    email: ops@strand.io\n",
    _p,
    "password",
    "ops@strand.io",
)
_p = _r(36, LOWER_AN)
_s(
    "ATATUS_LICENSE_KEY=lic_apm_" + _p + "\nATATUS_APP_NAME=checkout-api\n",
    "lic_apm_" + _p,
    "secret",
    "checkout-api",
)
_p = "secret_" + _r(8, LOWER_AN) + "_" + _r(32, HEX) + "." + _r(32)
_s(
    "$ lambda-cloud instances list --api-key " + _p + "\nID        TYPE          REGION\n",
    _p,
    "secret",
    "lambda-cloud",
)
_p = "mxb_" + _r(30)
_s(
    'from mixedbread import Mixedbread\nmxbai = Mixedbread(api_key="' + _p + '")\n',
    _p,
    "secret",
    "Mixedbread",
)
_p = "pl_" + _r(32, HEX)
_s(
    "PROMPTLAYER_API_KEY=" + _p + "\nPROMPTLAYER_TAGS=search,prod\n",
    _p,
    "secret",
    "PROMPTLAYER_TAGS",
)
_p = "ico-" + _r(32)
_s(
    "$ infracost configure set api_key "
    + _p
    + "\nSaved api_key to /home/runner/.config/infracost/credentials.yml\n",
    _p,
    "secret",
    "infracost configure set api_key",
)
_p = _r(32)
_s(
    '"Boomi Atom" container.properties\ncom.boomi.container.cloudlet.clusterConfigHeadless=true\n'
    "com.boomi.container.sharedServer.auth.password=" + _p + "\n",
    _p,
    "password",
    "container.properties",
)
_p = _F.human()
_s(
    "# Talend job context (Default.properties)\nmysql_host=10.0.0.12\nmysql_login=talend\nmysql_p"
    "wd=" + _p + "\n",
    _p,
    "password",
    "mysql_login=talend",
)
_p, _a = _r(40, HEX), _F.password()
_s(
    "workato recipe connection 'ERP (Acumatica)': password=" + _a + " ; Workato API token for "
    "CI export: " + _p + "\n",
    (_a, _p),
    ("password", "secret"),
    "ERP (Acumatica)",
)
_p = _r(40, URLSAFE)
_s(
    "freee:\n  company_id: 1234567\n  refresh_token: " + _p + "\n",
    _p,
    "secret",
    "company_id: 1234567",
)
_p = _r(32, HEX)
_s(
    "# RPG IV (IBM i) - call Billbee\n     D apiKey          S             64A   inz('"
    + _p
    + "')\n",
    _p,
    "secret",
    "apiKey",
)
_p = _F.password()
_s(
    '$ mumps -run ^%XCMD \'set ^CONFIG("SENDCLOUD","SECRET")="' + _p + "\"'\n",
    _p,
    "secret",
    "^CONFIG",
)
_a, _b = "ac_" + _r(8, LOWER_AN), _r(50)
_s(
    "MANGOPAY_CLIENT_ID="
    + _a
    + "\nMANGOPAY_API_KEY="
    + _b
    + "\nMANGOPAY_BASE_URL=https://api.mangopay.com\n",
    _b,
    "secret",
    _a,
)
_p, _a = _r(64, HEX), _r(40, HEX)
_s(
    "  Sellsy: consumer token  " + _a + "\n          consumer secret " + _p + "\n",
    (_a, _p),
    "secret",
    "consumer token",
)
_p = _r(32, UPPER_AN)
_s(
    "/* PL/I */\n DCL BUCKAROO_SECRET CHAR(32) INIT('" + _p + "');\n",
    _p,
    "secret",
    "BUCKAROO_SECRET",
)
_p = _r(40, HEX)
_s(
    "multisafepay:\n  environment: live\n  api_key: " + _p + "\n",
    _p,
    "secret",
    "environment: live",
)
_p = _r(40, HEX)
_s(
    "$ pin-payments charges list --secret-key "
    + _p
    + "\n┌──────────┬────────┐\n│ token    │ amount │\n",
    _p,
    "secret",
    "pin-payments",
)
_p = _r(32, LOWER_AN)
_s(
    '# iugu.rb\nIugu.api_key = "'
    + _p
    + '"\nIugu::Invoice.create(email: cliente.email, due_date: hoje + 3)\n',
    _p,
    "secret",
    "Iugu::Invoice.create",
)
_p = _r(48, URLSAFE)
_s(
    "vindi:\n  ambiente: producao\n  chave_privada: " + _p + "\n",
    _p,
    "secret",
    "ambiente: producao",
)
_p = "sk_live_" + _r(40)
_s(
    "KORAPAY_SECRET_KEY=" + _p + "\nKORAPAY_ENCRYPTION_KEY=" + _r(32) + "\n",
    _p,
    "secret",
    "KORAPAY_SECRET_KEY",
)
_a, _b = _F.uuid(), _r(44, B64)
_s(
    "interswitch:\n  client_id: IKIA"
    + _r(36, UPPER_AN)
    + "\n  secret: "
    + _b
    + "\n  terminal: 3PBL0001\n",
    _b,
    "secret",
    "3PBL0001",
)
_p = _r(32, LOWER_AN)
_s(
    "!! Structured Text (CODESYS) - POU FB_HubtelSms\nVAR CONSTANT\n    sClientSecret : STRING(40"
    ") := '" + _p + "';\nEND_VAR\n",
    _p,
    "secret",
    "FB_HubtelSms",
)
_p = _F.password()
_s(
    "{# Twig: templates/emails/base.html.twig, debugging left in #}\n{% set smtp_pass = '"
    + _p
    + "' %}\n",
    _p,
    "password",
    "smtp_pass",
)
_p = _F.any_password()
_s(
    "{{-- resources/views/admin/debug.blade.php --}}\n@php($dbPassword = '" + _p + "')\n",
    _p,
    "password",
    "dbPassword",
)
_p = _r(40, HEX)
_s(
    '## Velocity template for the Jira webhook bridge\n#set( $token = "' + _p + '" )\n'
    "Authorization header is built from $token\n",
    _p,
    "secret",
    "Jira webhook bridge",
)
_p = _F.password()
_s(
    '<#-- FreeMarker: mail.ftl -->\n<#assign mailPassword = "' + _p + '">\n',
    _p,
    "password",
    "mailPassword",
)
_p = _F.leet()
_s(
    '-- Idris\nadminPassword : String\nadminPassword = "' + _p + '"\n',
    _p,
    "password",
    "adminPassword : String",
)
_p = _F.url_password(28)
_s(
    '// Chapel\nconfig const dbPass = "' + _p + '";\nwriteln("connecting as ", dbUser);\n',
    _p,
    "password",
    "dbUser",
)
_p = _F.human()
_s(
    'Red [Title: "deploy"]\nftp-pass: "'
    + _p
    + '"\nwrite ftp://deploy@ftp.hyttene.no/index.html read %index.html\n',
    _p,
    "password",
    "ftp.hyttene.no",
)
_p = _F.password()
_s(
    '// AngelScript server plugin\nconst string RCON_PASS = "' + _p + '";\n',
    _p,
    "password",
    "RCON_PASS",
)
_p = _r(32, HEX)
_s(
    "// SystemVerilog testbench, tb_otp.sv\nlocalparam logic [127:0] OTP_KEY = 128'h" + _p + ";\n",
    _p,
    "secret",
    "tb_otp.sv",
)
_p = _F.password()
_s(
    "KubeMQ: kubemqctl set cluster auth --token-secret " + _p + " --cluster kubemq-cluster\n",
    _p,
    "secret",
    "kubemq-cluster",
)
_p = _F.password()
_s(
    "iotdb:\n  host: 10.7.1.4\n  port: 6667\n  username: root\n  password: " + _p + "\n",
    _p,
    "password",
    "port: 6667",
)
_p = _F.human()
_s(
    '// DolphinDB script\nlogin("admin", "' + _p + '")\nt = loadTable("dfs://ticks", "quotes")\n',
    _p,
    "password",
    "dfs://ticks",
)
_p = _F.password()
_s(
    "$ curl -u admin:" + _p + " http://graphdb.lab:7200/rest/repositories\n",
    _p,
    "password",
    "graphdb.lab:7200",
)
_p = _F.any_password()
_s(
    "$ basexclient -U admin -P '" + _p + "' -c 'LIST'\n",
    _p,
    "password",
    "basexclient",
)
_p = _F.url_password()
_s(
    "# GBase 8s sqlhosts / env\nGBASEDBTSERVER=gbase01\nDB_LOCALE=zh_CN.utf8\nGBASE_PWD="
    + _p
    + "\n",
    _p,
    "password",
    "gbase01",
)


# ---------------------------------------------------------------------------------------------
# Prose: chat, tickets and notes in other languages
# ---------------------------------------------------------------------------------------------

_p = _F.human()
_s(
    "[WhatsApp-style export, #sg-ops] 09:14 Wei Ling: eh the staging wifi password change already "
    "ah, now is " + _p + " lah, don't share outside can?\n",
    _p,
    "password",
    "Wei Ling",
)
_p = _F.password()
_s(
    "Bhai prod DB ka password " + _p + " hai, abhi ke liye use kar lo, kal rotate kar denge. "
    "Jira mein mat daalna please.\n",
    _p,
    "password",
    "Jira",
)
_p = _F.leet()
_s(
    "Eh brah, da router admin password stay " + _p + " now, no tell nobody k? Kainoa wen change um "
    "last week.\n",
    _p,
    "password",
    "Kainoa",
)
_p = _F.phrase()
_s(
    "Oonuh gwine need de new passphrase fuh de backup drive: " + _p + " . Uh write um down fuh "
    "Miss Hattie.\n",
    _p,
    "password",
    "Miss Hattie",
)
_p = _F.password()
_s(
    "ياغاتي، باسوورد السيرفر الجديد " + _p + " ، لا تنطيه لأحد. (بغداد - فريق العمليات)\n",
    _p,
    "password",
    "بغداد",
)
_p = _F.human()
_s(
    "يا جماعة، كلمة السر بتاعة الراوتر بقت " + _p + " ، ما تكتبوها في القروب. (الخرطوم)\n",
    _p,
    "password",
    "الخرطوم",
)
_p = _F.password()
_s(
    "Ρε, ο κωδικός του admin εν " + _p + " τωρά, μεν τον γράψεις στο Slack. — Λευκωσία\n",
    _p,
    "password",
    "Λευκωσία",
)
_p = _F.any_password()
_s(
    "Servera jauna parole ir " + _p + ", naruodi nikam cytam. Ilze (Rēzekne)\n",
    _p,
    "password",
    "Rēzekne",
)
_p = _F.password()
_s(
    "Tunnussana palvelimhelle oon nyt " + _p + ", älä pane sitä chathiin. — Pörtö, Pyssyjoki\n",
    _p,
    "password",
    "Pyssyjoki",
)
_p = _F.phrase(" ")
_s(
    'Passorti serverhiin on nyt "' + _p + '", elä kirjota sitä mihinkhään. (Pajala)\n',
    _p,
    "password",
    "Pajala",
)
_p = _F.human()
_s(
    "برات، سرورءِ نوکیں پاسورڈ " + _p + " اِنت، کسّءَ مدئے۔ (کوئٹہ)\n",
    _p,
    "password",
    "کوئٹہ",
)
_p = _F.password()
_s(
    "Ingsel: Wifi password " + _p + " yin, shingla kyobma dosa. — Pasang (Namche ops)\n",
    _p,
    "password",
    "Namche ops",
)
_p = _F.password()
_s(
    "ꯁꯔꯚꯔꯒꯤ ꯄꯥꯁꯋꯥꯔꯗ ꯑꯅꯧꯕ " + _p + " ꯑꯣꯏꯔꯦ, ꯀꯅꯥꯒꯨꯝꯕꯥ ꯑꯃꯠꯇꯥ ꯄꯤꯒꯅꯨ। — Imphal NOC\n",
    _p,
    "password",
    "Imphal NOC",
)
_p = _F.human()
_s(
    "Kacong, password server se anyar " + _p + ", ja' kabala ka oreng laen. (Sumenep)\n",
    _p,
    "password",
    "Sumenep",
)
_p = _r(40)
_s(
    "Iyé token API-é baru " + _p + ", aja' mupassabbiangngi. — Ambo (Makassar ops)\n",
    _p,
    "secret",
    "Makassar ops",
)
_p = _F.human()
_s(
    "Kia orana! Ko te kupu huna ou no te wifi: " + _p + ". Auraka e tuatua atu. — Avarua office\n",
    _p,
    "password",
    "Avarua office",
)
_p = _F.password()
_s(
    "Server ena password matamata be " + _p + ". Ta ma ta ena ia hamaoroa lasi. (Port Moresby)\n",
    _p,
    "password",
    "Port Moresby",
)
_p = _F.phrase()
_s(
    "Boozhoo, oshki-giimoodaaj-ikidowin (password) " + _p + " aawan. Gego awiya wiindamaawaaken. "
    "— Bemidji office\n",
    _p,
    "password",
    "Bemidji office",
)
_p = _F.password()
_s(
    "ᎣᏏᏲ! ᎢᏤ ᎦᏂᏴᏓ (password): " + _p + " — ᏞᏍᏗ ᏱᏣᏃᏁᎵ ᎩᎶ. Tahlequah IT\n",
    _p,
    "password",
    "Tahlequah IT",
)
_p = _F.human()
_s(
    "Nuu contraseña cubi de servidor: " + _p + " , cadi gabi laa ti binni. — Juchitán\n",
    _p,
    "password",
    "Juchitán",
)
_p = _F.leet()
_s(
    "Buiti binafi! Password le wifi: " + _p + ". Mama bu lanigi luma aban. — Dangriga\n",
    _p,
    "password",
    "Dangriga",
)
_p = _r(32, HEX)
_s(
    "Token API yɔyɔ ɔ ɖo " + _p + "; ma na mɛ ɖevo ó. — Kɔtɔnu ops\n",
    _p,
    "secret",
    "Kɔtɔnu ops",
)
_p = _F.human()
_s(
    "Server password palli nyɛla " + _p + ". Di wuhi so. (Tamale)\n",
    _p,
    "password",
    "Tamale",
)
_p = _F.password()
_s(
    "Server lɛ password hee ji " + _p + ". Kaatsɔɔ mɔ ko. — Accra NOC\n",
    _p,
    "password",
    "Accra NOC",
)
_p = _F.human()
_s(
    "ⴰⵡⴰⵍ ⵏ ⵓⵣⵔⴰⴳ (password) ⵏ ⵓⵙⵉⵔⴼⵉⵔ: " + _p + " — ⵓⵔ ⵜⵙⴽⵏⵜ ⵉ ⵢⴰⵏ. (Agadir)\n",
    _p,
    "password",
    "Agadir",
)
_p = _F.human()
_s(
    "Серверди янъы паролы: " + _p + ". Эшкимге айтпа. — Терекли-Мектеп\n",
    _p,
    "password",
    "Терекли-Мектеп",
)
_p = _F.password()
_s(
    "Серверның чаа пароль: " + _p + ". Кемге дее пирбе. (Абакан)\n",
    _p,
    "password",
    "Абакан",
)
_p = _F.human()
_s(
    "이녁 서버 비밀번호 바꿨수다: " + _p + " 아무신디 골지 맙서. (제주 운영팀)\n",
    _p,
    "password",
    "제주 운영팀",
)
_p = _r(40)
_s(
    "Bhai, API token ibá " + _p + " ase, hóttolé share no gorízo. (Cox's Bazar)\n",
    _p,
    "secret",
    "Cox's Bazar",
)
_p = _F.password()
_s(
    "सा, सर्वर रो नवो पासवर्ड " + _p + " है, किणी नै मत बताजो। (जोधपुर)\n",
    _p,
    "password",
    "जोधपुर",
)
_p = _F.password()
_s(
    "Server-da pudiya password " + _p + " and, yark-um parayadhe. — Madikeri team\n",
    _p,
    "password",
    "Madikeri team",
)
_p = _F.password()
_s(
    "ܫܠܡܐ، password ܚܕܬܐ ܕserver: " + _p + " ܠܐ ܡܚܘܝܬ ܠܐܢܫ. — Qamishli\n",
    _p,
    "password",
    "Qamishli",
)
_p = _F.human()
_s(
    "Password manyen me server tye " + _p + ". Pe i nyut ki ngat mukene. (Gulu)\n",
    _p,
    "password",
    "Gulu",
)
_p = _F.password()
_s(
    "Password ensya ya server ni " + _p + ". Otakagambira muntu weena. — Mbarara\n",
    _p,
    "password",
    "Mbarara",
)


# ---------------------------------------------------------------------------------------------
# Authorization and API-key headers
# ---------------------------------------------------------------------------------------------

_p = basic("918273", _r(32, LOWER_AN))
_s(
    "> GET /geoip/v2.1/city/81.2.69.160 HTTP/1.1\n> Host: geoip.maxmind.com\n> Authorization: Bas"
    "ic " + _p + "\n> User-Agent: geoip2-python/4.8\n",
    _p,
    "authorization",
    "geoip.maxmind.com",
)
_p = _r(14, LOWER_AN)
_s(
    "requests.get('https://ipinfo.io/batch', headers={'Authorization': 'Bearer " + _p + "'})\n",
    _p,
    "authorization",
    "ipinfo.io/batch",
)
_p = _r(32)
_s(
    "GET /v4/weather/forecast?location=59.91,10.75 HTTP/2\nhost: api.tomorrow.io\napikey: "
    + _p
    + "\n"
    "accept-encoding: gzip\n",
    _p,
    "authorization",
    "api.tomorrow.io",
)
_p = _r(32, HEX)
_s(
    "curl -H 'Authorization: apikey " + _p + "' 'https://api.twelvedata.com/time_series?symbol=AAPL"
    "&interval=1min'\n",
    _p,
    "authorization",
    "interval=1min",
)
_p = _r(40, HEX)
_s(
    "Request headers:\n  Content-Type: application/json\n  Authorization: Token " + _p + "\n"
    "URL: https://api.tiingo.com/iex/?tickers=spy\n",
    _p,
    "authorization",
    "tickers=spy",
)
_p = "CG-" + _r(24)
_s(
    "fetch('https://pro-api.coingecko.com/api/v3/coins/markets?vs_currency=eur', {\n"
    "  headers: { 'x-cg-pro-api-key': '" + _p + "' }\n})\n",
    _p,
    "authorization",
    "vs_currency=eur",
)
_p = _r(43)
_s(
    "POST /v2/auth/r/wallets HTTP/1.1\nbfx-nonce: 1771234567000000\nbfx-apikey: " + _p + "\n"
    "bfx-signature: " + _F.hex(96) + "\n",
    _p,
    "authorization",
    "/v2/auth/r/wallets",
)
_p = _F.jwt({"access_key": _r(40), "nonce": _F.uuid()}, "HS256")
_s(
    "GET /v1/accounts HTTP/1.1\nHost: api.upbit.com\nAuthorization: Bearer " + _p + "\n",
    _p,
    "jwt",
    "api.upbit.com",
)
_p = _r(43, URLSAFE)
_s(
    "DEBUG gusto_client: -> GET /v1/companies/7756/employees\nDEBUG gusto_client:    Authorizatio"
    "n: Bearer " + _p + "\nDEBUG gusto_client:    X-Gusto-API-Version: 2024-04-01\n",
    _p,
    "authorization",
    "X-Gusto-API-Version",
)
_p = basic("SERVICE-" + _r(5, DIGITS), _r(40))
_s(
    "http --print=H GET https://api.hibob.com/v1/people 'Authorization: Basic " + _p + "'\n",
    _p,
    "authorization",
    "api.hibob.com",
)
_p = basic(_r(40, HEX), "")
_s(
    "Ashby expects the key as the username with an empty password:\n"
    "Authorization: Basic " + _p + "\n",
    _p,
    "authorization",
    "empty password",
)
_p = _r(64, HEX)
_s(
    "GET /v2/projects/8812/locales HTTP/1.1\nHost: api.phrase.com\nAuthorization: token "
    + _p
    + "\n",
    _p,
    "authorization",
    "api.phrase.com",
)
_p = "wlu_" + _r(40)
_s(
    'curl -H "Authorization: Token ' + _p + '" https://weblate.gnome-ish.org/api/projects/\n',
    _p,
    "authorization",
    "weblate.gnome-ish.org",
)
_p = "tgpak_" + _r(52, LOWER_AN)
_s(
    "X-API-Key: " + _p + "\nContent-Type: application/json\n",
    _p,
    "authorization",
    "application/json",
)
_p = _r(40)
_s(
    "> GET /me HTTP/1.1\n> Host: api.soundcloud.com\n> Authorization: OAuth " + _p + "\n",
    _p,
    "authorization",
    "api.soundcloud.com",
)
_p = basic(_F.uuid(), _r(20, LOWER_AN))
_s(
    "dyte-sdk debug: POST https://api.dyte.io/v2/meetings headers={'Authorization': 'Basic "
    + _p
    + "'}\n",
    _p,
    "authorization",
    "api.dyte.io/v2/meetings",
)
_p = _F.jwt({"iss": "https://auth.pingone.eu/" + _F.uuid() + "/as", "scope": "p1:read:user"})
_s(
    "Jaeger span tags (http.request.header.authorization was not filtered):\n"
    "  http.method = GET\n  http.url = https://api.pingone.eu/v1/environments\n"
    "  http.request.header.authorization = Bearer " + _p + "\n",
    _p,
    "jwt",
    "api.pingone.eu",
)
_p = _F.uuid()
_s(
    "POST /identity/v2/manage/account HTTP/1.1\nX-LoginRadius-ApiKey: " + _F.uuid() + "\n"
    "X-LoginRadius-ApiSecret: " + _p + "\n",
    _p,
    "authorization",
    "X-LoginRadius-ApiKey",
)
_p = _r(40, HEX)
_s(
    "sensuctl: GET /api/core/v2/namespaces/default/checks\nAuthorization: Key " + _p + "\n",
    _p,
    "authorization",
    "/api/core/v2/namespaces/default/checks",
)
_p = _r(32, HEX)
_s(
    "$ curl -H 'X-Auth-Token: "
    + _p
    + "' https://nms.corp/api/v0/devices | jq '.devices|length'\n87\n",
    _p,
    "authorization",
    "/api/v0/devices",
)
_p = basic("admin", _F.password())
_s(
    "OpenNMS ReST call from the provisioning script:\nGET /opennms/rest/nodes?limit=0\nAuthorizat"
    "ion: Basic " + _p + "\n",
    _p,
    "authorization",
    "/opennms/rest/nodes",
)
_p = _r(64, HEX)
_s(
    "Apigee trace: request headers\n  x-apikey: " + _p + "\n  x-forwarded-for: 10.2.3.4\n",
    _p,
    "authorization",
    "x-forwarded-for",
)
_p = _F.jwt({"sub": "svc-workato", "iss": "boomi", "exp": 1772345678})
_s(
    "[Boomi process log] HTTP Client Send: Authorization=Bearer "
    + _p
    + "; Content-Type=application/xml\n",
    _p,
    "jwt",
    "HTTP Client Send",
)
_p = _r(40, HEX)
_s(
    "x-user-email: integrations@korvhus.se\nx-user-token: " + _p + "\n",
    _p,
    "authorization",
    "integrations@korvhus.se",
)
_p = _r(16, LOWER_AN) + ":" + _r(32)
_s(
    "curl https://api.kite.trade/portfolio/holdings -H 'X-Kite-Version: 3' -H 'Authorization: tok"
    "en " + _p + "'\n",
    _p,
    "authorization",
    "X-Kite-Version",
)
_p, _a = _r(32), basic("shop@lindenhof.de", _F.any_password())
_s(
    "POST /api/v1/orders HTTP/1.1\nX-Billbee-Api-Key: "
    + _p
    + "\nAuthorization: Basic "
    + _a
    + "\n",
    (_p, _a),
    "authorization",
    "/api/v1/orders",
)
_p = basic(_r(32, HEX), _r(32, HEX))
_s(
    "Sendcloud request (Guzzle middleware log): GET https://panel.sendcloud.sc/api/v2/parcels\n"
    "Authorization: Basic " + _p + "\n",
    _p,
    "authorization",
    "panel.sendcloud.sc",
)
_p = _r(64)
_s(
    "Lemonway: Authorization: Bearer " + _p + "  PSU-IP-Address: 192.0.2.10\n",
    _p,
    "authorization",
    "PSU-IP-Address",
)
_p = _r(40) + "." + _r(20)
_s(
    'headers = {"x-picpay-token": "' + _p + '", "Content-Type": "application/json"}\n',
    _p,
    "authorization",
    "x-picpay-token",
)
_p = "sk_" + _r(40, LOWER_AN)
_s(
    "--> POST https://api-d.squadco.com/transaction/initiate\nAuthorization: Bearer " + _p + "\n",
    _p,
    "authorization",
    "api-d.squadco.com",
)
_p = _F.jwt({"aud": "https://api.acumatica.example", "sub": "erp-sync"})
_s(
    'ColdFusion cfhttp debug:\n<cfhttpparam type="header" name="Authorization" value="Bearer '
    + _p
    + '">\n',
    _p,
    "jwt",
    "cfhttpparam",
)


# ---------------------------------------------------------------------------------------------
# Look-alikes: ids, digests, public keys, hashes, references and placeholders, same contexts
# ---------------------------------------------------------------------------------------------

_l(
    "lazygit > Commits\n  "
    + _F.hex(8)
    + " feat(kite): retry on 429\n  "
    + _F.hex(8)
    + " chore: bump "
    "sqitch to 1.4.1\n  " + _F.hex(8) + " fix: flyway baseline\n"
)
_l("$ tig log -1 --format=%H\n" + _F.hex(40) + "\n")
_l(
    "$ sqitch plan\n# Project: ledger\n@v1.3 2026-02-01T09:14:22Z Sanne <sanne@fahrwerk.de>\n"
    "add_refunds [add_invoices] 2026-02-04T10:02:11Z Sanne <sanne@fahrwerk.de> # change_id "
    + _F.hex(40)
    + "\n"
)
_l(
    "$ liquibase status --verbose\n1 changeset has not been applied to LB_DEPLOY@jdbc:oracle:thin:"
    "@//ora-fin01:1521/FINPDB\n     changelog/2026/02-add-ledger.yaml::7::sanne  MD5SUM 9:"
    + _F.hex(32)
    + "\n"
)
_l(
    "$ dbmate status\n[X] 20260211093012_add_refunds.sql\n[ ] 20260214120000_add_payouts.sql\n\nA"
    "pplied: 1\nPending: 1\n"
)
_l('$ migrate -path ./migrations -database "$DATABASE_URL" version\n20260102101500\n')
_l(
    "Kargo freight promoted: freight=" + _F.hex(40) + " alias=witty-otter stage=uat "
    "commit=" + _F.hex(40) + "\n"
)
_l(
    "$ kubectl get canary podinfo -n test\nNAME      STATUS      WEIGHT   LASTTRANSITIONTIME\n"
    "podinfo   Succeeded   0        2026-02-11T10:21:33Z\n  lastAppliedSpec: " + _F.hex(10) + "\n"
)
_l(
    "$ buildah images --digests\nREPOSITORY                        TAG     DIGEST                "
    "                                                   IMAGE ID\nregistry.gitlab.nordhavn.dk/app"
    "  1.9.2   "
    "sha256:" + _F.sha256() + "  " + _F.hex(12) + "\n"
)
_l(
    "$ ctr -n k8s.io images ls -q | head -2\ndocker.io/library/redis:7.2@sha256:"
    + _F.sha256()
    + "\n"
    "docker.io/kindest/node:v1.31.0@sha256:" + _F.sha256() + "\n"
)
_l("$ k0s version\nv1.31.2+k0s.0\n$ microk8s version\nMicroK8s v1.31.3 revision 7449\n")
_l(
    "apiVersion: pkg.crossplane.io/v1\nkind: Provider\nmetadata:\n  name: provider-aws-s3\nspec:\n"
    "  package: xpkg.upbound.io/upbound/provider-aws-s3:v1.16.0@sha256:" + _F.sha256() + "\n"
)
_l(
    "functions:\n  summarizer:\n    image: ghcr.io/acme/summarizer:0.4.1\n    secrets:\n      - c"
    "laude-key\n"
    "      - openai-key\n"
)
_l(
    "spec:\n  type: state.redis\n  metadata:\n  - name: redisPassword\n    secretKeyRef:\n"
    "      name: redis\n      key: redis-password\nauth:\n  secretStore: kubernetes\n"
)
_l(
    "== APP == traceparent: 00-"
    + _F.hex(32)
    + "-"
    + _F.hex(16)
    + "-01\n== APP == dapr-app-id: summarizer\n"
)
_l(
    "# catalog/credentials.yml (Kedro, committed template)\nopenai:\n  api_key: ${oc.env:OPENAI_A"
    "PI_KEY}\n"
    "postgres_local:\n  con: ${oc.env:DATABASE_URL}\n"
)
_l(
    '@task(secret_requests=[Secret(group="anthropic", key="admin_key")])\ndef fetch_usage() -> in'
    "t:\n"
    '    key = current_context().secrets.get("anthropic", "admin_key")\n'
)
_l(
    "Flyte execution: flyte://v1/ml/production/"
    + _r(20, LOWER_AN)
    + " phase=SUCCEEDED duration=4m12s\n"
)
_l(
    "kedro run --pipeline=features  Run id: "
    + _r(20, LOWER_AN)
    + "  Session id: 2026-02-11T10.14.22.118Z\n"
)
_l(
    'Conductor workflow started: {"workflowId":"' + _F.uuid() + '","name":"refund_flow",'
    '"version":3,"correlationId":"order-88213"}\n'
)
_l("Census sync run 4418 finished: 312 records, 0 rejected, run_id=" + _F.uuid() + "\n")
_l(
    "Hightouch sync 'stripe-customers' (id 88412) completed in 41s, 1,204 rows, sync_run_id="
    + _r(8, DIGITS)
    + "\n"
)
_l(
    "# thanos objstore.yml (committed)\ntype: S3\nconfig:\n  bucket: thanos-metrics-euc1\n"
    "  endpoint: s3.eu-central-1.amazonaws.com\n  aws_sdk_auth: true  # IRSA, no static keys\n"
)
_l(
    "Jaeger: trace "
    + _F.hex(32)
    + " (14 spans)  summarizer: POST /v1/summaries 812ms  span "
    + _F.hex(16)
    + "\n"
)
_l(
    "# sensu user (sensuctl dump core/v2.User)\ntype: User\napi_version: core/v2\nspec:\n  userna"
    "me: ops\n"
    "  password_hash: $2a$10$" + _r(53, AN + "./") + "\n  disabled: false\n"
)
_l(
    "# /opt/librenms/.env.example\nAPP_URL=\nDB_HOST=localhost\nDB_DATABASE=librenms\nDB_USERNAME"
    "=librenms\n"
    "DB_PASSWORD=\n"
)
_l(
    "MariaDB [librenms]> select username, password from users;\n+----------+--------------------"
    "------------------------------------------+\n| admin    | $2y$10$" + _r(53, AN + "./") + " |\n"
)
_l(
    "<!-- users.xml (OpenNMS) -->\n<user>\n  <user-id>admin</user-id>\n  <full-name>Administrator"
    "</full-name>\n"
    '  <password salt="true">' + _F.b64(48) + "</password>\n</user>\n"
)
_l(
    "dn: uid=svc-backup,cn=users,cn=accounts,dc=lab,dc=example\nuserPassword: {PBKDF2_SHA256}"
    + _F.b64(96)
    + "\n"
)
_l(
    '<!-- BaseX users.xml -->\n<user name="admin" permission="admin">\n  <password algorithm="sal'
    'ted-sha256">\n'
    "    <salt>"
    + _r(10, DIGITS)
    + "</salt>\n    <hash>"
    + _F.sha256()
    + "</hash>\n  </password>\n</user>\n"
)
_l(
    "Signicat client JWKS (public half, published at /.well-known/jwks.json):\n"
    '{"keys":[{"kty":"EC","crv":"P-256","kid":"sig-2026-01","use":"sig","x":"'
    + _F.urlb64(32)
    + '","y":"'
    + _F.urlb64(32)
    + '"}]}\n'
)
_l('{"kty":"OKP","crv":"Ed25519","kid":"criipto-verify-ci","x":"' + _F.urlb64(32) + '"}\n')
_l(
    "$ ssh-keyscan -t ed25519 10.2.0.5 | ssh-keygen -lf -\n256 "
    + _F.ssh_fingerprint()
    + " 10.2.0.5 (ED25519)\n"
)
_l(
    "$ gpg --list-keys backups@kanidm.lan\npub   ed25519 2025-11-02 [SC]\n      "
    + _F.hex(40).upper()
    + "\nuid           [ultimate] Kanidm Backups <backups@kanidm.lan>\n"
)
_l("FreeIPA CA (/etc/ipa/ca.crt):\n" + _F.cert())
_l("Apigee truststore, apigee-mtls ca.crt:\n" + _F.cert(700))
_l(
    "$ kubectl get secret orders-consumer -o jsonpath='{.data.user\\.crt}' | base64 -d | openssl "
    "x509 "
    "-noout -fingerprint -sha256\nsha256 Fingerprint="
    + ":".join(_F.hex(2).upper() for _ in range(32))
    + "\n"
)
_l(
    "Dapr trust bundle (ca.crt) is public; issuer key stays in the dapr-trust-bundle Secret.\n"
    "$ dapr mtls expiry\nRoot certificate expires in 8759 hours. Certificate expiry: 2027-02-11 0"
    "9:12:44\n"
)
_l(
    "# Shopware storefront (Store API) key, public by design: every browser sends it\n"
    "sw-access-key: SWSC" + _r(22, UPPER_AN) + "\n"
)
_l("gigya.apiKey=3_" + _r(64, URLSAFE) + "  # site API key, embedded in gigya.js on every page\n")
_l("KORAPAY_PUBLIC_KEY=pk_live_" + _r(40) + "  # used by the checkout widget in the browser\n")
_l(
    '<script src="https://checkout.squadco.com/widget/squad.min.js"></script>\n<script>const squa'
    'd = new squad({key: "pk_' + _r(40, LOWER_AN) + '", amount: 500000});</script>\n'
)
_l("MANGOPAY_CLIENT_ID=ac_" + _r(8, LOWER_AN) + "  # client id, not the API key\n")
_l("AIRWALLEX_CLIENT_ID=" + _r(22, URLSAFE) + "\nAIRWALLEX_ENV=demo\n")
_l('<meta name="deezer-app-id" content="' + _r(6, DIGITS) + '">\n')
_l(
    "H.init({ projectID: '"
    + _r(6, LOWER_AN)
    + "', serviceName: 'checkout-web' })  // Highlight.io, public\n"
)
_l(
    "atatus.config('"
    + _r(32, HEX)
    + "').install();  // Atatus browser (RUM) API key, shipped to clients\n"
)
_l("dyte:\n  org_id: " + _F.uuid() + "\n  api_key: ${DYTE_API_KEY}\n")
_l(
    "maxmind:\n  account_id: 918273\n  license_key_file: /run/secrets/maxmind_license\n  edition:"
    " GeoLite2-City\n"
)
_l(
    "# /etc/GeoIP.conf (template)\nAccountID YOUR_ACCOUNT_ID_HERE\nLicenseKey YOUR_LICENSE_KEY_HE"
    "RE\nEditionIDs GeoLite2-Country\n"
)
_l(
    "$ ipinfo 1.1.1.1\nCore\n- IP           1.1.1.1\n- Anycast      true\n- Hostname     one.one."
    "one.one\n- Org          AS13335 Cloudflare, Inc.\n"
)
_l(
    'geoapify: {"query":{"text":"Karl Johans gate 1"},"features":[{"properties":{"place_id":"'
    + _F.hex(86)
    + '"}}]}\n'
)
_l(
    'HTTP/2 304\netag: "'
    + _F.hex(40)
    + '"\nx-request-id: '
    + _F.uuid()
    + "\nserver: tomorrow-api\n"
)
_l(
    '{"data":[...],"meta":{"next_cursor":"'
    + b64url_json({"id": 88213, "dir": "next"})
    + '"}}  # Ashby candidate.list\n'
)
_l(
    '"paging": {"next": "https://nordlicht.workable.com/spi/v3/candidates?limit=50&since_id='
    + _r(9, LOWER_AN)
    + '"}\n'
)
_l("Rippling: GET /platform/api/employees?cursor=" + b64url_json({"offset": 400}) + "&limit=100\n")
_l(
    "Gusto company_uuid="
    + _F.uuid()
    + " employee_uuid="
    + _F.uuid()
    + " payroll_uuid="
    + _F.uuid()
    + "\n"
)
_l("HiBob: employee id " + _r(19, DIGITS) + " (Åsa Lindqvist), site Stockholm\n")
_l("Upbit order placed: uuid=" + _F.uuid() + " market=KRW-BTC side=bid state=wait\n")
_l(
    "Bitfinex order: ["
    + _r(12, DIGITS)
    + ",null,"
    + _r(13, DIGITS)
    + ',"tBTCUSD",1771234567000,1771234567000,0.01,0.01,"EXCHANGE LIMIT"]\n'
)
_l(
    'gate-cli: {"id":"'
    + _r(11, DIGITS)
    + '","text":"t-'
    + _r(8, DIGITS)
    + '","currency_pair":"ETH_USDT","status":"closed"}\n'
)
_l(
    "Bitstamp withdrawal: id "
    + _r(8, DIGITS)
    + ", transaction_id "
    + _F.hex(64)
    + ", network ethereum\n"
)
_l(
    "kite: order_id 2602110"
    + _r(11, DIGITS)
    + " exchange_order_id 1100000"
    + _r(9, DIGITS)
    + " status COMPLETE\n"
)
_l(
    "Sendcloud: parcel 3"
    + _r(8, DIGITS)
    + " tracking_number 3SYZXG"
    + _r(9, DIGITS)
    + " carrier postnl\n"
)
_l("Iugu invoice id " + _F.hex(32).upper() + " status paid\n")
_l(
    "Interswitch: transactionRef=FBN|WEB|MX"
    + _r(5, DIGITS)
    + "|"
    + _r(8, DIGITS)
    + " responseCode=00\n"
)
_l("Korapay charge: reference KPY-CA-" + _r(12, AN) + " status success\n")
_l("Pin Payments charge token ch_" + _r(22, URLSAFE) + " success=true amount=4500 currency=AUD\n")
_l("Fiken: faktura nr 10442, kunde 2003, KID 0001044" + _r(3, DIGITS) + "\n")
_l(
    'FileMaker Data API: {"response":{"recordId":"'
    + _r(5, DIGITS)
    + '","modId":"3"},"messages":[{"code":"0","message":"OK"}]}\n'
)
_l(
    "IoTDB> show timeseries root.plant1.**\nroot.plant1.line2.temp  root.plant1  FLOAT  GORILLA  "
    "LZ4\n"
)
_l("q)meta trade\nc    | t f a\n-----| -----\ntime | n\nsym  | s   g\nprice| f\nsize | j\n")
_l("TerminusDB: commit " + _r(32, LOWER_AN) + " on admin/people/local/branch/main by admin\n")
_l(
    "Infinispan cluster view: [ispn-0-"
    + _r(5, DIGITS)
    + ", ispn-1-"
    + _r(5, DIGITS)
    + "] (2) id="
    + _r(2, DIGITS)
    + "\n"
)
_l(
    "Coherence: Member(Id=2, Timestamp=2026-02-11 10:14:22.118, Address=10.0.0.12:7574, MachineId="
    + _r(5, DIGITS)
    + ", Location=site:fra1)\n"
)
_l(
    "hotrod-client.properties (template)\ninfinispan.client.hotrod.uri=hotrod://ispn-0.ispn:11222"
    "\ninfinispan.client.hotrod.auth_username=app\ninfinispan.client.hotrod.auth_password=${env.I"
    "SPN_PASSWORD}\n"
)
_l(
    'DATABASE_URL="postgres://dbmate@127.0.0.1:5432/shop_dev?sslmode=disable"  # trust auth on de'
    "v\n"
)
_l("liquibase.properties:\nurl: jdbc:h2:mem:test\nusername: sa\npassword:\n")
_l(
    'sqitch.conf:\n[target "prod"]\n\turi = db:pg://sqitch@pg-prod-2.internal/orders   # password'
    " comes from ~/.pgpass\n"
)
_l(
    '$ sysbench oltp_read_write --mysql-host=10.1.4.20 --mysql-user=sbtest --mysql-password="$SB_'
    'PASS" run\n'
)
_l(
    'orchestrator.conf.json: "MySQLTopologyCredentialsConfigFile": "/etc/mysql/orchestrator-topol'
    'ogy.cnf"\n'
)
_l("xmldb:exist://exist.lib.lan:8080/exist/xmlrpc/db/apps/catalog  (guest access, read only)\n")
_l("jdbc:IRIS://iris-hc.lan:1972/USER  -- credentials from the IRIS wallet\n")
_l(
    "kafka-ui: KAFKA_CLUSTERS_0_PROPERTIES_SASL_MECHANISM=SCRAM-SHA-512 KAFKA_CLUSTERS_0_PROPERTI"
    "ES_SECURITY_PROTOCOL=SASL_SSL\n"
)
_l(
    "Strimzi KafkaUser orders-consumer: authentication.type=tls, status.secret=orders-consumer, s"
    "tatus.username=CN=orders-consumer\n"
)
_l("AKHQ: topic orders.v1 partition 3 offset " + _r(7, DIGITS) + " key=" + _F.uuid() + "\n")
_l("Kafdrop: consumer group billing-service lag 0, coordinator 2, state Stable\n")
_l("Conduktor gateway virtual cluster: vcluster=orders, token_ttl_seconds=3600, auth=sasl_plain\n")
_l(
    "minikube: registry-creds addon enabled; credentials stored in secret registry-creds-dpr (kub"
    "e-system)\n"
)
_l(
    "k9s: <d> describe > env:\n      GIT_ASKPASS_TOKEN:  <set to the key 'token' in secret 'gitui"
    "-sync'>\n      SYNC_INTERVAL: 300\n"
)
_l(
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: kyverno-git-creds\ndata:\n  username: b2F1d"
    "Ggy\n  password: PHJlZGFjdGVkPg==\n"
)
_l(
    "$ kubectl get secret gitlab-runner-token -o json | jq '.data | map_values(length)'\n{\n  \"t"
    'oken": 40\n}\n'
)
_l(
    "Contour HTTPProxy status: valid, currentStatus=valid, description=Valid HTTPProxy, generatio"
    "n 12\n"
)
_l(
    "$ kind get clusters\ndev\n$ docker ps --format '{{.ID}} {{.Names}}'\n"
    + _F.hex(12)
    + " dev-control-plane\n"
)
_l(
    "$ clusterctl describe cluster capi-quickstart\nNAME                READY  SEVERITY  REASON  "
    "SINCE  MESSAGE\nCluster/capi-quickstart  True  10m\n"
)
_l(
    "gh auth status\ngithub.com\n  ✓ Logged in to github.com account orbital-kiln (keyring)\n  - "
    "Token: ghp_************************************\n"
)
_l(
    "Slack app manifest (public fields):\n  app_id: A0"
    + _r(9, UPPER_AN)
    + "\n  team_id: T0"
    + _r(9, UPPER_AN)
    + "\n  bot_user_id: U0"
    + _r(9, UPPER_AN)
    + "\n"
)
_l("sensu handler slack-ops: --webhook-url ${SLACK_WEBHOOK_URL} --channel '#ops'\n")
_l(
    'OpenAI: {"id":"chatcmpl-'
    + _r(29)
    + '","object":"chat.completion","system_fingerprint":"fp_'
    + _F.hex(10)
    + '"}\n'
)
_l(
    'anthropic: {"id":"msg_01'
    + _r(22)
    + '","type":"message","model":"claude-sonnet-4-5","stop_reason":"end_turn"}\n'
)
_l(
    '<script src="https://js.stripe.com/v3"></script> Stripe(\'pk_live_'
    + _r(99)
    + "')  // publishable key\n"
)
_l(
    'aws sts get-caller-identity\n{\n    "UserId": "AIDA'
    + _r(17, UPPER_AN)
    + '",\n    "Account": "'
    + _r(12, DIGITS)
    + '",\n    "Arn": "arn:aws:iam::'
    + _r(12, DIGITS)
    + ':user/clusterctl"\n}\n'
)
_l(
    "AWS documentation example: aws_access_key_id = AKIAIOSFODNN7EXAMPLE\naws_secret_access_key ="
    " wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n"
)
_l("upstream request id: " + _r(26, UPPER_AN) + "  (ULID)\n")
_l("Boomi execution: execution-" + _F.uuid() + "-2026.02.11 status COMPLETE\n")
_l(
    "Informatica: workflow wf_load_ledger run id "
    + _r(6, DIGITS)
    + ", session s_m_ledger succeeded, 40122 rows\n"
)
_l("Talend build: job load_customers_0.1.zip sha1 " + _F.hex(40) + "\n")
_l(
    "Workato job "
    + _r(10, DIGITS)
    + " succeeded for recipe 'ERP (Acumatica) -> Slack' (recipe id "
    + _r(7, DIGITS)
    + ")\n"
)
_l("PowerBuilder build: pbautobuild220 /pbc /d payroll.pbproj version 22.2.0.3356\n")
_l(
    "ColdFusion: Application.cfc sessionTimeout=#createTimeSpan(0,0,30,0)# cfid="
    + _r(6, DIGITS)
    + " cftoken=0\n"
)
_l("<cfset application.openaiKey = server.system.environment.OPENAI_API_KEY>\n")
_l(
    "'LotusScript: Dim session As New NotesSession\nkey$ = session.GetEnvironmentString(\"GMAPS_K"
    'EY", True)\n'
)
_l(
    "     D apiKey          S             64A   inz(*blanks)\n     C                   eval      "
    "apiKey = %trim(getenv('BILLBEE_KEY'))\n"
)
_l(
    "DCL BUCKAROO_SECRET CHAR(32) INIT(' ');  /* filled from RACF-protected dataset at run time *"
    "/\n"
)
_l(
    '-- Idris\nadminPassword : IO String\nadminPassword = getEnv "ADMIN_PASSWORD" >>= maybe (pure'
    ' "") pure\n'
)
_l('-- Lean 4\ndef apiSecret : IO String := do return (← IO.getEnv "API_SECRET").getD ""\n')
_l("{% set smtp_pass = app.request.server.get('SMTP_PASSWORD') %}\n")
_l("@php($dbPassword = config('database.connections.mysql.password'))\n")
_l('<#assign mailPassword = .data_model["MAIL_PASSWORD"]!"">\n')
_l(
    '// SystemVerilog: OTP key comes from the plusarg +otp_key=<hex>\nif (!$value$plusargs("otp_k'
    'ey=%h", otp_key)) $fatal(1, "no key");\n'
)
_l(
    "localparam logic [127:0] AES_TEST_KEY = 128'h000102030405060708090a0b0c0d0e0f;  // FIPS-197 "
    "C.1 test vector\n"
)
_l('Forth: S" MXM-KEY" GETENV 2CONSTANT MXM-KEY\n')
_l('Wren: var key = Platform.environment["TOMORROW_IO_KEY"]\n')
_l('Squirrel: const GEOAPIFY_KEY = @""; // set in the imp impCentral environment variables\n')
_l(
    "base64 of the fixture greeting: "
    + base64.b64encode("Velkommen til Nordlys bakeri! Åpent 07-17.".encode()).decode()
    + "\n"
)
_l('Upbit JWT header (decoded, no secret in it): {"alg":"HS256","typ":"JWT"}\n')
_l(
    "graphdb settings: graphdb.auth.token.secret=${GDB_TOKEN_SECRET} graphdb.auth.token.validity="
    "1d\n"
)
_l(
    "Kanidm: idm_admin password reset token expires in 3600 seconds; ask the on-call to run `kani"
    "dmd recover-account` again if it lapses\n"
)
_l(
    'lldap_config.toml: ldap_user_pass_file = "/run/secrets/lldap_admin"\njwt_secret_file = "/run'
    '/secrets/lldap_jwt"\n'
)
_l("LOGINRADIUS_API_KEY=" + _F.uuid() + "  # public; used by the JS SDK on the login page\n")
_l("PingOne: environment id " + _F.uuid() + ", application id " + _F.uuid() + "\n")
_l(
    "Schoology: section id "
    + _r(10, DIGITS)
    + " (Biology 2B), grading period "
    + _r(6, DIGITS)
    + "\n"
)
_l("Blackboard: course _" + _r(5, DIGITS) + "_1 (CHEM-101-S26), externalId CHEM101S26\n")
_l("Garmin activity " + _r(11, DIGITS) + ": 10.02 km, 52:14, avg HR 151\n")
_l(
    "Musixmatch: track_id "
    + _r(9, DIGITS)
    + ", commontrack_id "
    + _r(8, DIGITS)
    + ", lyrics_id "
    + _r(8, DIGITS)
    + "\n"
)
_l("Whereby room: https://nordlicht.whereby.com/standup-" + _F.hex(32) + "\n")
_l("Phrase: project_id " + _F.hex(32) + ", locale nb-NO id " + _F.hex(32) + "\n")
_l("Smartling file URI: /strings/app/en.json, fileType json, hash " + _F.hex(32) + "\n")
_l("POEditor: project 712233, 1,482 terms, 97% translated (nb)\n")
_l(
    'tolgee.config.json: {"apiUrl":"https://app.tolgee.io","projectId":4211,"apiKey":"${TOLGEE_AP'
    'I_KEY}"}\n'
)
_l(
    "MultiSafepay: order_id shop-"
    + _r(6, DIGITS)
    + ", transaction_id "
    + _r(10, DIGITS)
    + ", status completed\n"
)
_l(
    "pay.nl: orderId "
    + _r(10, DIGITS)
    + "X"
    + _r(6, HEX)
    + ", serviceId SL-"
    + _r(4, DIGITS)
    + "-"
    + _r(4, DIGITS)
    + "\n"
)
_l("Tyro terminal: mid 200, tid 2, transactionReference 1771234567, authorisationCode 654321\n")
_l("Basiq user id " + _F.uuid() + ", connection id " + _F.uuid() + "\n")
_l("PicPay: referenceId pedido-" + _r(6, DIGITS) + ", authorizationId " + _F.hex(24) + "\n")
_l(
    "Vindi: bill "
    + _r(8, DIGITS)
    + " paid, charge "
    + _r(8, DIGITS)
    + ", gateway_transaction_id "
    + _r(10, DIGITS)
    + "\n"
)
_l("Hubtel SMS: MessageId " + _F.uuid() + ", Status 0, NetworkId 62001\n")
_l(
    "Remita: RRR "
    + _r(4, DIGITS)
    + "-"
    + _r(4, DIGITS)
    + "-"
    + _r(4, DIGITS)
    + ", status 00 (Transaction Completed Successfully)\n"
)
_l("CinetPay: transaction_id CP" + _r(12, DIGITS) + ", code 00, message SUCCES\n")
_l(
    "DATEV export: EXTF_Buchungsstapel_20260211_"
    + _r(6, DIGITS)
    + ".csv, Beraternummer 29098, Mandantennummer 55003\n"
)
_l("BankID order: orderRef " + _F.uuid() + ", status pending, hintCode outstandingTransaction\n")
_l("Criipto: x-correlation-id " + _F.uuid() + ", acr_values urn:grn:authn:se:bankid:same-device\n")
_l("ldap: olcPasswordHash {ARGON2}\nolcPPolicyDefault: cn=default,ou=policies,dc=lab,dc=example\n")
_l(
    "Error: Incorrect API key provided: sk-proj-****...****. You can find your API key at https:/"
    "/platform.openai.com/account/api-keys.\n"
)
_l(
    "SlackApiError: invalid_auth (the token in SLACK_BOT_TOKEN was revoked); set a new one with `"
    "kubectl -n kargo edit secret slackbridge`\n"
)
_l('Error 401 from api.tiingo.com: {"detail":"Invalid token."}\n')
_l("# Hinglish note: bhai, prod DB ka password Vault mein hai (kv/prod/db), wahi se lena\n")
_l("Wei Ling: the wifi password is on the whiteboard in the pantry lah, don't paste here\n")
_l("يا شباب، التوكن محفوظ في الـ vault تحت kv/doha/api، لا تنسخوه هنا\n")
_l('Ρε, ο κωδικός εν στο 1Password, στο vault "Ops Λευκωσία".\n')
_l("ᎣᏏᏲ! password ᎠᏂ ᏗᎪᏪᎵ: Bitwarden > Tahlequah IT > router\n")
_l("Server password palli be Vaultwarden 'Tamale NOC' folder la.\n")
_l("이녁 비밀번호는 금고(Vault) kv/jeju/ops에 이수다.\n")
_l("सा, सर्वर रो पासवर्ड Vault में kv/jodhpur/ops में राखियोड़ो है।\n")
_l("Iọkwe, password eo ej ilo Bitwarden, folder 'Majuro IT'.\n")
_l("Version: graphmem-bench 2.14.0+" + _F.hex(7) + " (build " + _r(5, DIGITS) + ")\n")
_l("npm notice package.json version 3.2.1; integrity sha512-" + _F.b64(64) + "\n")
_l("wheel RECORD: kedro/__init__.py,sha256=" + _F.urlb64(32) + ",1542\n")
_l("password_min_length: 12\npassword_require_symbol: true\nsecret_rotation_days: 90\n")
_l("api_key_header: X-API-Key\napi_key_query_param: apikey\n")
_l("max_tokens: 4096\ntoken_budget: 120000\ntokenizer: cl100k_base\n")
