"""NINETEENTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on
it.

Written blind, in one sitting, before any measurement of it. Its author read only: the first 95
lines of `redaction_corpus.py` (the `SecretCase` format); the module docstrings of
`redaction_heldout.py` and `redaction_heldout2.py` to `redaction_heldout18.py`, printed alone
through `ast.get_docstring` (to stay clear of their contexts, and grepped for every candidate
tool, vendor and language name before it was used); `fake_secrets.py`; lines 69-219 of
`redaction_heldout18.py` (its imports and helpers; the last lines are its first case, a `pstree
-a` line holding a GitHub token), plus a grep of its lines 200-300 for `def`, `_s(` and section
comments, run to find where that first case ends, which also printed the token-variable lines (a
prefix and a length) of its next dozen prefixed-token cases; and the first 45 lines of
`tests/test_redact_gate.py` (the loader). To use split 18's kind names, one import of split 18
printed nothing but its two list sizes and the counts of its kind names (no text, secret or
case). Its author never read the rules (graphmem/), their description (docs/, README.md,
CHANGELOG.md, CONTRIBUTING.md), the benchmark (benchmarks/), the messages or diffs of any
commit, nor any case of another split. Nothing was run on it but an import printing the two list
sizes, self-written checks that call no graphmem code (each secret occurs in its text, each
`keep` occurs and does not overlap a secret, kind names are split 18's, no duplicate texts or
secrets, no secret inside a look-alike) and `ruff check --fix` / `ruff format`; no redaction,
test or benchmark saw a case while it was written, so no case was kept or dropped for what the
rules do with it. The first draft (250 secrets, 169 look-alikes) was cut to size mechanically,
without any run: every eighth config entry (10) and every 42nd look-alike (4).

Families: prefixed provider tokens 36, private keys 24, connection strings 42, config syntaxes
and prose 107 (72 config, code and tool output, 35 prose), authorization and API-key headers 31;
165 look-alikes. A natural share of the secrets appears without a telling name beside it: a
token as a CLI positional argument (`mirror-wiki.sh`, `zed context set`), a line printed by
`gopass show -o`, `berglas access` or `keyring get`, a row of `az containerapp secret list
--show-values` or `hashcat --show`, worker passwords passed positionally in Buildbot, an
`access_pair` list in Spack, an SDK key as a constructor argument (DevCycle, Split), a raw
`Authorization` value, a password in `CONNECT ... admin <pw>`, or a token in a sentence.
Passwords mix generated ones, passphrases, leetspeak and human-chosen words.

Contexts a coding agent meets daily, in forms no earlier split lists: `direnv export json`,
`release-please` and `semantic-release` logs, WezTerm Lua, Warp workflows, elvish `rc.elv`, Lima
and Colima VM configs, `nerdctl`, `notation`, `regctl`, `docker-credential-pass`, `helmfile`
(repositories, rendered values, `ref+vault://`), Terragrunt, Codefresh, Buildbot `master.cfg`,
Appcircle, `s5cmd`, Spack mirrors and `spack find`, `duplicity`, `lakectl`, `gopass`, `berglas`,
Python `keyring`, `transcrypt`, `git secret`, `pixi auth` (prefix.dev), `corepack`, `maturin`,
`rye`, `git bisect log`, `git notes`, `git worktree list`, Sapling and Darcs logs, dnf `.repo`
files, zypper `credentials.d`, `cookiecutter` replay files, Jekyll, Hugo, Gatsby and Eleventy
sites, Slumber, ATAC, curlie, verb.el, `lwp-request` (`GET`), Charles session exports,
`tcpflow`, Chrome DevTools Protocol events, Puppeteer and Selenium Wire request dumps, KrakenD,
APISIX, YARP and Pomerium header injection, Gravitee, WSO2 API Manager, Rego policies, Power
Query M, VBScript (ADO, MSXML2), Vala/libsoup, Pharo Smalltalk, OpenResty Lua, Rust `ureq`,
Elixir Finch, Spring `WebClient`, superagent, httpx, urllib3, MassTransit, StackExchange.Redis
(Azure Cache for Redis), ioredis, Jedis, mysql2, asyncpg tracebacks, GORM panics, Ecto, sqlx,
R2DBC, Hibernate and MyBatis XML, PgCat, PostgREST, pgweb, FreeTDS `tsql`, unixODBC `odbc.ini`,
WinSCP scripts, Kodi `sources.xml` and `advancedsettings.xml`, Flink SQL JDBC sinks, `openssl
genpkey`, `mkcert`, `cfssl`, `gpg --export-secret-keys`, Sequoia `sq`, CFEngine ppkeys, tinc,
Dehydrated, Mercure (Symfony), AWX credentials, SimpleSAMLphp, OpenZiti identities, VyOS `show
pki`, `gspread`, Qlik Sense exported certificates, PowerShell `Get-Content` of an SSH key,
`pdftk`, `qpdf`, `veracrypt`, `steghide`, `rar -hp`, Rundeck `rd.conf`, AWX CLI login, Metaflow,
BentoML, Letta, Portkey, text-generation-inference, Shuttle `Secrets.toml`, Fermyon Spin,
`.replit`, AWS Lightsail, Amplify `team-provider-info.json`, App Runner `apprunner.yaml`, App
Engine `app.yaml`, Azure Container Apps secrets, Static Web Apps `swa deploy`, Encore secrets,
Chainlit. Vendors: Payload CMS, Medusa, Prismic, Hygraph, DatoCMS, Jotform, Tally, Formspree,
SurveyMonkey, Qualtrics, Capsule, Apollo.io, Gong, Fireflies, Loom, Mailgun, Campaign Monitor,
Constant Contact, GetResponse, Drip, Omnisend, Sendy, Clickatell, SignalWire, Bandwidth,
RingCentral, Aircall, Genesys Cloud, Afterpay, Affirm, Skrill, BitPay, NOWPayments, OpenNode,
PagSeguro, CCAvenue, Instamojo, Kagi, Serper, Clarifai, Pingdom, Optimizely, ConfigCat, Split,
GrowthBook, DevCycle, Magic, Privy, Casdoor, Permit.io, Cerbos, AuthZed/SpiceDB, Nhost, Vespa
Cloud, Braintrust, Arize, Humanloop, Paperspace, Leonardo, Nebius, AppDynamics, Chronosphere,
Skylight, AppSignal, Instabug, Zapier, Soketi, WarpStream, CloudAMQP, ActiveMQ Artemis, Azure
Event Hubs (Kafka endpoint), AlloyDB, TDengine, VictoriaMetrics, OceanBase, PolarDB, Dameng,
KingbaseES, openGauss, MariaDB MaxScale, MarkLogic, Netezza, Memgraph, NebulaGraph, OrientDB,
Dgraph, KeyDB, Garnet, Riak, CrateDB, Tarantool, RisingWave, OpenBao, Akkoma, Misskey,
GoToSocial and Lemmy (Hjson). Chat and tickets: Threema, Keybase, Campfire, Twist, osTicket,
Request Tracker, Bugzilla and an XMPP room. Prose secrets, and notes saying where one is kept,
in Ladino, Ladin, Picard, Gascon, Arpitan, Extremaduran, Leonese, Emilian (Bolognese), Jèrriais
(notes only), Moroccan Darija, Egyptian, Levantine and Tunisian Arabic, Interlingua, Ido, Toki
Pona, Interslavic, Dholuo, Acehnese, Betawi, Tausug, Pangasinan, Awadhi, Haryanvi, Sylheti,
Mizo, Romani and Kumyk. Its look-alikes are commit ids and build ids (bisect logs, notes,
worktrees, Sapling, Darcs, lakeFS, Buildbot, Codefresh), digests (`nerdctl`, `regctl`,
`notation`, Spin, Spack hashes, wheel `RECORD`, Hugo integrity, webpack chunk hashes, S3 ETags,
model revisions), public keys, certificates and fingerprints (tinc and CFEngine public keys,
VyOS and OpenZiti certificates, Pomerium JWKS, SAML metadata, `sq` fingerprints, WinSCP host
keys), client keys documented as public (Affirm, Split browser keys, GrowthBook, Optimizely,
DevCycle client keys, Magic publishable keys, Privy app ids, AppSignal front-end keys, Pingdom
RUM ids, Casdoor client ids, Instabug tokens, Formspree, Tally and Jotform form ids), payment
and record ids, trace ids, ETags and cursors, stored password hashes (bcrypt in Casdoor, Nhost,
Lemmy, GoToSocial and Misskey, openGauss `sha256`, KingbaseES `md5`, OceanBase `*`, Rundeck
`MD5:`, Tarantool `chap-sha1`, WordPress `$P$`, OrientDB PBKDF2), secret references, masked
values, placeholders, settings named like secrets, error messages naming secrets, connection
strings without a password, base64 of harmless data and version strings, all from the same
tools.

Every secret is generated at import from a fixed seed of its own (fake, never a real
credential), so no token-shaped string is committed.
"""

# ruff: noqa: RUF001  (Arabic, Devanagari and Bengali punctuation is part of the prose cases)

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
    pem,
)
from tests.data.redaction_corpus import SecretCase, _case

_WORDS = (
    "harbour lilac pretzel comet anchor tangerine brook falafel mosaic prairie kettle lynx "
    "orchid pebble quasar saddle truffle umber voyage wombat yodel zinnia acorn bramble "
    "cinder dune echo fjord gopher hazel igloo jasper koala lemur nectar oyster"
).split()
_F = Fakes(19_0419_2026, _WORDS)
_r = _F.r
_pick = _F.rng.choice

SECRETS: list[SecretCase] = []
LOOKALIKES: list[str] = []


def _s(text: str, secrets: str | tuple[str, ...], kinds: str | tuple[str, ...], *keep: str) -> None:
    SECRETS.append(_case(text, secrets, kinds, *keep))


def _l(text: str) -> None:
    LOOKALIKES.append(text)


_RSA8 = b"\x30\x82\x04\xbe\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00"


# ---------------------------------------------------------------------------------------------
# Prefixed provider tokens (documented prefixes and shapes, random bodies)
# ---------------------------------------------------------------------------------------------

_t = "ghp_" + _r(36)
_s(
    "$ direnv export json\ndirenv: loading ~/src/infra-bot/.envrc\n{\n"
    '  "GH_REPO": "acme-ops/infra-bot",\n  "GITHUB_TOKEN": "' + _t + '",\n'
    '  "VIRTUAL_ENV": "/home/lior/src/infra-bot/.venv"\n}\n',
    _t,
    "github_token",
    "acme-ops/infra-bot",
)
_t = f"github_pat_{_r(22)}_{_r(59)}"
_s(
    "$ npx release-please release-pr --token=" + _t + " \\\n"
    "    --repo-url=quill-labs/quill-sdk --release-type=node --target-branch=main\n"
    "✔ Considering: 14 commits\n✔ Opened pull request #482\n",
    _t,
    "github_token",
    "quill-labs/quill-sdk",
)
_t = "ghs_" + _r(36)
_s(
    "-- ~/.config/wezterm/wezterm.lua\nlocal wezterm = require 'wezterm'\nlocal config = "
    "wezterm.config_builder()\n"
    "config.font = wezterm.font 'JetBrains Mono'\nconfig.set_environment_variables = {\n"
    "  GH_TOKEN = '" + _t + "',\n  EDITOR = 'hx',\n}\nreturn config\n",
    _t,
    "github_token",
    "set_environment_variables",
)
_t = "gho_" + _r(36)
_s(
    "# master.cfg\nfrom buildbot.plugins import reporters, util\n\n"
    "c['services'].append(reporters.GitHubStatusPush(\n"
    "    token='" + _t + "',\n"
    "    context=util.Interpolate('buildbot/%(prop:buildername)s'),\n    verbose=True,\n))\n",
    _t,
    "github_token",
    "GitHubStatusPush",
)
_t = "ghu_" + _r(36)
_s(
    "kat@build-07:~/wiki$ ./scripts/mirror-wiki.sh " + _t + " acme/handbook --dry-run\n"
    "mirroring acme/handbook.wiki -> s3://acme-wiki-mirror (dry run)\n"
    "  312 pages, 41 attachments\n",
    _t,
    "github_token",
    "scripts/mirror-wiki.sh",
)
_t, _t2 = "ghu_" + _r(36), "ghr_" + _r(76)
_s(
    "$ ./build/ghdevice --client-id Iv23li8Xq2\nOpen https://github.com/login/device and enter "
    "4C1D-9F0A\nwaiting... authorized\n{\n"
    '  "access_token": "' + _t + '",\n  "expires_in": 28800,\n'
    '  "refresh_token": "' + _t2 + '",\n  "refresh_token_expires_in": 15811200,\n'
    '  "scope": "",\n  "token_type": "bearer"\n}\n'
    "(ghdevice is our small Vala tool: Soup.Session + Json.Parser, see src/device.vala)\n",
    (_t, _t2),
    ("github_token", "github_token"),
    "login/device",
)
_t = "ghp_" + _r(36)
_s(
    "$ gopass show -o github/ci-bot\n" + _t + "\n$ gopass show github/ci-bot | tail -n +2\n"
    "user: acme-ci-bot\nscopes: repo, workflow\n",
    _t,
    "github_token",
    "github/ci-bot",
)
_t = f"github_pat_{_r(22)}_{_r(59)}"
_s(
    "# ~/.lima/dev/lima.yaml\nimages:\n  - location: "
    "https://cloud-images.ubuntu.com/releases/24.04/"
    "release/ubuntu-24.04-server-cloudimg-arm64.img\n    arch: aarch64\ncpus: 4\nmemory: 8GiB\n"
    "env:\n  GH_TOKEN: " + _t + "\n  GOPRIVATE: github.com/acme-ops/*\n",
    _t,
    "github_token",
    "GOPRIVATE",
)
_t = "glpat-" + _r(20, URLSAFE)
_s(
    "# codefresh.yml\nversion: '1.0'\nsteps:\n  publish_chart:\n    image: alpine/helm:3.14.4\n"
    "    environment:\n      - CHART_REPO=https://gitlab.example.org/api/v4/projects/311/packages"
    "/helm/stable\n"
    "      - GITLAB_TOKEN=" + _t + "\n    commands:\n"
    '      - helm cm-push ./chart "$CHART_REPO" --username ci --password "$GITLAB_TOKEN"\n',
    _t,
    "gitlab_token",
    "publish_chart",
)
_t = "glpat-" + _r(20, URLSAFE)
_s(
    "# helmfile.yaml\nrepositories:\n  - name: platform\n"
    "    url: https://gitlab.example.org/api/v4/projects/88/packages/helm/stable\n"
    "    username: helmfile\n    password: " + _t + "\n\nreleases:\n  - name: ingress\n"
    "    chart: platform/ingress\n    version: 2.7.1\n",
    _t,
    "gitlab_token",
    "platform/ingress",
)
_t = "glpat-" + _r(20, URLSAFE)
_s(
    "# ~/.warp/workflows/retry-pipeline.yaml\nname: Retry failed GitLab pipeline\n"
    'command: |-\n  curl --request POST --header "PRIVATE-TOKEN: ' + _t + '" \\\n'
    '    "https://gitlab.example.org/api/v4/projects/{{project_id}}/pipelines/{{pipeline_id}}/ret'
    'ry"\n'
    "arguments:\n  - name: project_id\n  - name: pipeline_id\n",
    _t,
    "gitlab_token",
    "{{pipeline_id}}",
)
_t = f"xoxb-{_r(12, DIGITS)}-{_r(13, DIGITS)}-{_r(24)}"
_t2 = _F.hex(32)
_s(
    "# .env  (chainlit run app.py --port 8080)\nCHAINLIT_URL=https://assist.example.net\n"
    "SLACK_BOT_TOKEN=" + _t + "\nSLACK_SIGNING_SECRET=" + _t2 + "\nLITERAL_DISABLE=true\n",
    (_t, _t2),
    ("slack_token", "secret"),
    "CHAINLIT_URL",
)
_t = f"xoxp-{_r(12, DIGITS)}-{_r(12, DIGITS)}-{_r(13, DIGITS)}-{_r(32, HEX)}"
_s(
    "$ zapier env:set 1.4.0 SLACK_USER_TOKEN=" + _t + "\n"
    'The environment variable "SLACK_USER_TOKEN" has been set for version 1.4.0.\n',
    _t,
    "slack_token",
    "1.4.0",
)
_t = f"xoxb-{_r(12, DIGITS)}-{_r(13, DIGITS)}-{_r(24)}"
_s(
    "$ berglas access sm://acme-prod/slack-alerts-bot\n" + _t + "\n$ echo $?\n0\n",
    _t,
    "slack_token",
    "sm://acme-prod/slack-alerts-bot",
)
_t = f"sk-proj-{_r(74, URLSAFE)}T3BlbkFJ{_r(74, URLSAFE)}"
_s(
    "curl https://api.portkey.ai/v1/virtual-keys \\\n  -H 'x-portkey-api-key: "
    "$PORTKEY_ADMIN_KEY' \\\n"
    "  -H 'Content-Type: application/json' \\\n"
    '  -d \'{"name": "openai-prod", "provider": "openai", "key": "' + _t + "\"}'\n",
    _t,
    "openai_key",
    "openai-prod",
)
_t = f"sk-proj-{_r(74, URLSAFE)}T3BlbkFJ{_r(74, URLSAFE)}"
_s(
    "from metaflow import FlowSpec, step, environment, kubernetes\n\n\nclass TagFlow(FlowSpec):\n"
    "    @kubernetes(cpu=2)\n"
    '    @environment(vars={"OPENAI_API_KEY": "' + _t + '", "BATCH": "64"})\n'
    "    @step\n    def start(self):\n        self.next(self.end)\n",
    _t,
    "openai_key",
    "TagFlow",
)
_t = "sk-" + _r(48)
_s(
    "# ~/.config/elvish/rc.elv\nset paths = [~/.local/bin $@paths]\n"
    "set-env OPENAI_API_KEY " + _t + "\nset-env PAGER 'less -R'\n",
    _t,
    "openai_key",
    "rc.elv",
)
_t = f"sk-ant-api03-{_r(93, URLSAFE)}AA"
_s(
    "# bentofile.yaml\nservice: 'service:Summarizer'\nlabels:\n  owner: ml-platform\n"
    "include:\n  - '*.py'\npython:\n  requirements_txt: ./requirements.txt\nenvs:\n"
    "  - name: ANTHROPIC_API_KEY\n    value: "
    + _t
    + "\n  - name: MAX_INPUT_CHARS\n    value: '48000'\n",
    _t,
    "anthropic_key",
    "service:Summarizer",
)
_t = f"sk-ant-api03-{_r(93, URLSAFE)}AA"
_s(
    "  502  pip install -U letta\n  503  ANTHROPIC_API_KEY=" + _t + " letta server --port 8283\n"
    "  504  letta list agents\n",
    _t,
    "anthropic_key",
    "letta server --port 8283",
)
_t = "sk_live_" + _r(24)
_s(
    "// payload.config.ts\nimport { stripePlugin } from '@payloadcms/plugin-stripe'\n\n"
    "export default buildConfig({\n  plugins: [\n    stripePlugin({\n"
    "      stripeSecretKey: '" + _t + "',\n      isTestKey: false,\n"
    "      stripeWebhooksEndpointSecret: process.env.STRIPE_WEBHOOKS_SECRET,\n    }),\n  ],\n})\n",
    _t,
    "stripe_key",
    "stripeSecretKey",
)
_t = "rk_live_" + _r(24)
_s(
    "// medusa-config.js\nmodule.exports = defineConfig({\n  modules: [{\n"
    "    resolve: '@medusajs/payment',\n    options: { providers: [{\n"
    "      resolve: '@medusajs/payment-stripe', id: 'stripe',\n"
    "      options: { apiKey: '" + _t + "', capture: true },\n    }] },\n  }],\n})\n",
    _t,
    "stripe_key",
    "@medusajs/payment-stripe",
)
_t = "sk_live_" + _r(24)
_s(
    "PS C:\\shop> keyring get stripe live-secret\n"
    + _t
    + "\nPS C:\\shop> keyring get stripe test-secret\n"
    "PS C:\\shop>\n",
    _t,
    "stripe_key",
    "live-secret",
)
_ak, _sk = "AKIA" + _r(16, UPPER_AN), _r(40, B64)
_s(
    "mina@etl-2:~$ AWS_ACCESS_KEY_ID=" + _ak + " AWS_SECRET_ACCESS_KEY=" + _sk + " \\\n"
    "> s5cmd --numworkers 64 cp 's3://acme-raw/events/2024/05/*' /data/events/\n"
    "cp s3://acme-raw/events/2024/05/part-0000.parquet /data/events/part-0000.parquet\n",
    (_ak, _sk),
    ("aws_access_key", "aws_secret_key"),
    "s3://acme-raw/events/2024/05/*",
)
_ak, _sk = "AKIA" + _r(16, UPPER_AN), _r(40, B64)
_s(
    "# ~/.spack/mirrors.yaml\nmirrors:\n  acme-cache:\n    url: s3://acme-spack-buildcache\n"
    "    signed: false\n    access_pair: [" + _ak + ", " + _sk + "]\n    profile: null\n",
    (_ak, _sk),
    ("aws_access_key", "aws_secret_key"),
    "acme-spack-buildcache",
)
_ak, _sk, _pp = "AKIA" + _r(16, UPPER_AN), _r(40, B64), _F.phrase(" ")
_s(
    "#!/bin/sh\n# /etc/cron.daily/duplicity-home\nexport AWS_ACCESS_KEY_ID=" + _ak + "\n"
    "export AWS_SECRET_ACCESS_KEY=" + _sk + "\nexport PASSPHRASE='" + _pp + "'\n"
    "duplicity --full-if-older-than 1M /home boto3+s3://acme-backups/home >> /var/log/dup.log "
    "2>&1\n",
    (_ak, _sk, _pp),
    ("aws_access_key", "aws_secret_key", "password"),
    "duplicity-home",
)
_t = "AIza" + _r(35, URLSAFE)
_s(
    "# _config.yml (Jekyll)\ntitle: Acme Engineering\nplugins:\n  - jekyll-youtube-playlists\n"
    "youtube:\n  api_key: " + _t + "\n  channel: UCx9acmeEngTalks\n",
    _t,
    "google_api_key",
    "jekyll-youtube-playlists",
)
_t = "AIza" + _r(35, URLSAFE)
_s(
    '"Pharo Playground"\n| response |\nresponse := ZnClient new\n'
    "    url: 'https://www.googleapis.com/youtube/v3/search';\n"
    "    queryAt: 'part' put: 'snippet';\n    queryAt: 'q' put: 'smalltalk';\n"
    "    queryAt: 'key' put: '" + _t + "';\n    get.\n(STONJSON fromString: response) inspect.\n",
    _t,
    "google_api_key",
    "ZnClient",
)
_t = _F.jwt(
    {
        "owner": "acme",
        "name": "ops-bot",
        "tag": "staff",
        "iss": "https://door.acme.io",
        "aud": ["c0a8f3e1b2d44d"],
        "exp": 1767225600,
    },
    "RS256",
)
_s(
    "$ curl -s -X POST https://door.acme.io/api/login/oauth/access_token -d "
    'grant_type=client_credentials | jq .\n{\n  "access_token": "' + _t + '",\n'
    '  "token_type": "Bearer",\n  "expires_in": 604800,\n  "scope": "read"\n}\n'
    "# door.acme.io is our Casdoor\n",
    _t,
    "jwt",
    "door.acme.io",
)
_t = _F.jwt({"sub": "svc-reports", "role": "admin", "iat": 1716000000}, "HS256")
_s(
    "# slumber.yml\nprofiles:\n  prod:\n    data:\n      host: https://reports.acme.io\n"
    "      token: " + _t + "\nrequests:\n  list_reports:\n    method: GET\n"
    '    url: "{{host}}/api/reports"\n    authentication:\n      !bearer "{{token}}"\n',
    _t,
    "jwt",
    "list_reports",
)
_t = "npm_" + _r(36)
_s(
    "$ COREPACK_NPM_TOKEN="
    + _t
    + " COREPACK_NPM_REGISTRY=https://npm.acme.io corepack enable pnpm\n"
    "$ pnpm -v\n9.1.2\n",
    _t,
    "secret",
    "COREPACK_NPM_REGISTRY",
)
_t = "pypi-AgEIcHlwaS5vcmc" + _r(60, URLSAFE)
_s(
    "$ maturin publish --username __token__ --password " + _t + "\n"
    "🔗 Found pyo3 bindings\n🐍 Found CPython 3.12 at /usr/bin/python3\n"
    "🚀 Uploading 6 packages\n✨ Packages uploaded successfully\n",
    _t,
    "secret",
    "__token__",
)
_t = "hf_" + _r(34)
_s(
    "docker run --gpus all --shm-size 1g -p 8080:80 -v $PWD/data:/data \\\n"
    "  -e HF_TOKEN=" + _t + " \\\n"
    "  ghcr.io/huggingface/text-generation-inference:2.0.4 --model-id "
    "meta-llama/Meta-Llama-3-8B-Instruct\n",
    _t,
    "secret",
    "text-generation-inference:2.0.4",
)
_t = f"SG.{_r(22, URLSAFE)}.{_r(43, URLSAFE)}"
_s(
    "// payload.config.ts (email)\nimport nodemailerSendgrid from 'nodemailer-sendgrid'\n\n"
    "email: nodemailerAdapter({\n  defaultFromAddress: 'no-reply@acme.io',\n"
    "  defaultFromName: 'Acme CMS',\n  transportOptions: nodemailerSendgrid({ apiKey: '"
    + _t
    + "' }),\n}),\n",
    _t,
    "secret",
    "no-reply@acme.io",
)
_t = "key-" + _F.hex(32)
_s(
    "import requests\n\nresp = requests.post(\n"
    "    'https://api.mailgun.net/v3/mg.acme.io/messages',\n"
    "    auth=('api', '" + _t + "'),\n"
    "    data={'from': 'Acme <ops@mg.acme.io>', 'to': ['oncall@acme.io'], 'subject': 'disk "
    "91%'},\n)\n",
    _t,
    "secret",
    "mg.acme.io",
)
_t = "dvc_server_" + _F.uuid().replace("-", "_") + "_" + _F.hex(7)
_s(
    "func main() {\n\toptions := devcycle.Options{EnablePolling: true}\n"
    '\tclient, err := devcycle.NewClient("' + _t + '", &options)\n'
    '\tif err != nil {\n\t\tlog.Fatalf("devcycle: %v", err)\n\t}\n\tdefer client.Close()\n}\n',
    _t,
    "secret",
    "devcycle.NewClient",
)
_t = "permit_key_" + _r(72)
_s(
    "docker run -d --name pdp -p 7766:7000 \\\n  --env PDP_API_KEY=" + _t + " \\\n"
    "  --env PDP_DEBUG=true permitio/pdp-v2:latest\n",
    _t,
    "secret",
    "permitio/pdp-v2:latest",
)

# ---------------------------------------------------------------------------------------------
# Private keys
# ---------------------------------------------------------------------------------------------

_k, _body = _F.ed25519()
_s(
    "$ openssl genpkey -algorithm ed25519\n" + _k + "\n$ # oops, meant -out signer.key\n",
    _body,
    "private_key",
    "openssl genpkey -algorithm ed25519",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    "$ mkcert -install\nThe local CA is already installed in the system trust store! 👍\n"
    '$ cat "$(mkcert -CAROOT)/rootCA-key.pem"\n' + _k + "\n",
    _ks,
    "private_key",
    "mkcert -CAROOT",
)
_k, _ks = _F.ec()
_s(
    "$ cfssl gencert -ca ca.pem -ca-key ca-key.pem -config cfssl.json -profile server csr.json | "
    "jq .\n"
    '{\n  "cert": "-----BEGIN CERTIFICATE-----\\nMIICSjCCAfCgAwIBAgIUb3...\\n-----END '
    'CERTIFICATE-----\\n",\n'
    '  "csr": "-----BEGIN CERTIFICATE REQUEST-----\\nMIIBPzCB5gIBADA...\\n-----END CERTIFICATE '
    'REQUEST-----\\n",\n'
    '  "key": "' + escaped(_k) + '"\n}\n',
    _ks,
    "private_key",
    "cfssl gencert",
)
_k, _ks = _F.pgp()
_s(
    "$ gpg --export-secret-keys --armor release@quill.dev\n" + _k + "\n",
    _ks,
    "private_key",
    "release@quill.dev",
)
_k, _ks = _F.pgp(640, "Comment: 7F3A 19C2 0B44 E1D8 5A6C  90E2 44B1 0C7D 3E5F 2A18")
_s(
    "$ sq key generate --userid '<backup@acme.io>' --without-password --output -\n" + _k + "\n",
    _ks,
    "private_key",
    "<backup@acme.io>",
)
_k, _ks = _F.openssh()
_s(
    "# environments/prod/argocd-values.yaml (rendered by helmfile)\nconfigs:\n  repositories:\n"
    "    platform-charts:\n      url: git@gitlab.example.org:platform/charts.git\n"
    "      type: git\n      sshPrivateKey: |\n"
    + "\n".join("        " + ln for ln in _k.splitlines())
    + "\n",
    _ks,
    "private_key",
    "platform-charts",
)
_k, _ks = _F.openssh(240)
_s(
    '# live/prod/deployer/terragrunt.hcl\ninclude "root" {\n  path = find_in_parent_folders()\n'
    "}\n\n"
    'inputs = {\n  repo        = "acme/site"\n  deploy_key  = <<-EOT\n'
    + "\n".join("    " + ln for ln in _k.splitlines())
    + "\n  EOT\n}\n",
    _ks,
    "private_key",
    "find_in_parent_folders",
)
_k, _ks = _F.rsa()
_s(
    "[root@hub ~]# cat /var/cfengine/ppkeys/localhost.priv\n"
    + _k
    + "\n[root@hub ~]# cf-key -s | head -3\n",
    _ks,
    "private_key",
    "/var/cfengine/ppkeys/localhost.priv",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    "In [7]: import gspread\n\nIn [8]: gc = gspread.service_account_from_dict({\n"
    "   ...:     'type': 'service_account',\n   ...:     'project_id': 'acme-sheets',\n"
    "   ...:     'private_key_id': '" + _F.hex(40) + "',\n"
    "   ...:     'private_key': '" + escaped(_k) + "',\n"
    "   ...:     'client_email': 'sheets-sync@acme-sheets.iam.gserviceaccount.com',\n   ...: })\n",
    _ks,
    "private_key",
    "sheets-sync@acme-sheets.iam.gserviceaccount.com",
)
_k, _ks = _F.rsa()
_s(
    "$ dgraph cert -c ops\n$ ls tls/\nca.crt  ca.key  client.ops.crt  client.ops.key\n"
    "$ cat tls/client.ops.key\n" + _k + "\n",
    _ks,
    "private_key",
    "client.ops.crt",
)
_k, _ks = _F.rsa()
_s(
    '// init_data.json (Casdoor)\n"certs": [\n  {\n    "owner": "admin",\n'
    '    "name": "cert-acme",\n    "scope": "JWT",\n    "type": "x509",\n'
    '    "cryptoAlgorithm": "RS256",\n    "bitSize": 4096,\n'
    '    "privateKey": "' + escaped(_k) + '"\n  }\n]\n',
    _ks,
    "private_key",
    "cert-acme",
)
_t = _F.b64(138)
_s(
    "# .env.local\nPRIVY_APP_ID=clx9acme0000abcd1234\n"
    "PRIVY_AUTHORIZATION_PRIVATE_KEY=wallet-auth:" + _t + "\n",
    _t,
    "private_key",
    "PRIVY_APP_ID",
)
_k, _ks = _F.rsa()
_s(
    "root@gw-ams:/etc/tinc/meshnet# cat rsa_key.priv\n" + _k + "\n"
    "root@gw-ams:/etc/tinc/meshnet# ls hosts/\ngw_ams  gw_fra  gw_lon\n",
    _ks,
    "private_key",
    "/etc/tinc/meshnet",
)
_k, _ks = _F.ec()
_s(
    "$ cat ~/.ziti/identities/laptop.json | jq .id\n{\n"
    '  "cert": "pem:-----BEGIN CERTIFICATE-----\\nMIIDzTCCA...\\n-----END CERTIFICATE-----\\n",\n'
    '  "key": "pem:' + escaped(_k) + '",\n'
    '  "ca": "pem:-----BEGIN CERTIFICATE-----\\nMIIFszCCA...\\n-----END CERTIFICATE-----\\n"\n}\n',
    _ks,
    "private_key",
    "laptop.json",
)
_t = base64.b64encode(
    pem("EC PRIVATE KEY", base64.b64encode(_F.ec_der()).decode()).encode()
).decode()
_s(
    "# pomerium config.yaml\nauthenticate_service_url: https://authenticate.acme.io\n"
    "signing_key: " + _t + "\nidp_provider: oidc\n",
    _t,
    "private_key",
    "authenticate_service_url",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    "www-data@sso:/var/simplesamlphp$ cat cert/saml.pem\n" + _k + "\n"
    "www-data@sso:/var/simplesamlphp$ grep privatekey config/authsources.php\n"
    "        'privatekey' => 'saml.pem',\n",
    _ks,
    "private_key",
    "config/authsources.php",
)
_k, _ks = _F.rsa()
_s(
    "$ cat /etc/dehydrated/accounts/aHR0cHM6Ly9hY21lLXYwMi5hcGkubGV0c2VuY3J5cHQub3JnL2RpcmVjdG9ye"
    "Qo/"
    "account_key.pem\n" + _k + "\n",
    _ks,
    "private_key",
    "account_key.pem",
)
_k, _ks = _F.openssh()
_s(
    "$ awx credentials create --name deploy-ssh --organization Acme --credential_type Machine \\\n"
    '    --inputs "{\\"username\\": \\"deploy\\", \\"ssh_key_data\\": \\"'
    + escaped(_k)
    + '\\"}"\n',
    _ks,
    "private_key",
    "deploy-ssh",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    "###> symfony/mercure-bundle ###\nMERCURE_URL=https://hub.acme.io/.well-known/mercure\n"
    'MERCURE_JWT_ALGORITHM=RS256\nMERCURE_PUBLISHER_JWT_KEY="' + _k + '"\n'
    "###< symfony/mercure-bundle ###\n",
    _ks,
    "private_key",
    "symfony/mercure-bundle",
)
_k, _ks = _F.ec()
_s(
    "$ vespa auth cert -a acme.search.default\nSuccess: Certificate written to "
    "/home/ana/.vespa/acme.search.default/data-plane-public-cert.pem\n"
    "$ cat ~/.vespa/acme.search.default/data-plane-private-key.pem\n" + _k + "\n",
    _ks,
    "private_key",
    "acme.search.default",
)
_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    '{\n  "id": "publickey-e00a1b2c3d4e5f6a7b",\n  "service_account_id": '
    '"serviceaccount-e00f9e8d7c6b5a",\n'
    '  "created_at": "2024-05-02T09:12:44Z",\n  "key_algorithm": "RSA_2048",\n'
    '  "private_key": "' + escaped(_k) + '"\n}\n'
    "^ authorized_key.json from `nebius iam auth-public-key generate`\n",
    _ks,
    "private_key",
    "serviceaccount-e00f9e8d7c6b5a",
)
_k, _ks = _F.rsa()
_s(
    'C:\\> type "C:\\ProgramData\\Qlik\\Sense\\Repository\\Exported Certificates\\.Local '
    'Certificates\\client_key.pem"\n' + _k.replace("\n", "\r\n") + "\r\n",
    _ks,
    "private_key",
    "Exported Certificates",
)
_t = base64.b64encode(_RSA8 + _F.raw(1170)).decode()
_s(
    'vyos@edge01# show pki\n ca acme-root {\n     certificate "MIIDazCCAlOgAwIBAgIUZ..."\n }\n'
    ' certificate vpn-edge01 {\n     certificate "MIIEHzCCAwegAwIBAgIUN..."\n     private {\n'
    '         key "' + _t + '"\n     }\n }\n',
    _t,
    "private_key",
    "vpn-edge01",
)
_k, _ks = _F.openssh(360)
_s(
    "PS C:\\Users\\omar> Get-Content $env:USERPROFILE\\.ssh\\id_ed25519_deploy\n" + _k + "\n"
    "PS C:\\Users\\omar> ssh-add $env:USERPROFILE\\.ssh\\id_ed25519_deploy\n",
    _ks,
    "private_key",
    "id_ed25519_deploy",
)

# ---------------------------------------------------------------------------------------------
# Connection strings, DSNs and database command lines
# ---------------------------------------------------------------------------------------------

_p = _F.url_password()
_s(
    'import taosws\n\nconn = taosws.connect("taosws://root:' + _p + '@tdengine-0.tsdb.svc:6041")\n'
    "conn.execute(\"CREATE DATABASE IF NOT EXISTS meters PRECISION 'ms'\")\n",
    _p,
    "password",
    "tdengine-0.tsdb.svc:6041",
)
_p = _F.url_password(16)
_s(
    "  88  ./vmagent-prod -promscrape.config=/etc/vmagent/scrape.yml \\\n"
    "        -remoteWrite.url=https://writer:" + _p + "@vm.acme.io/api/v1/write\n"
    "  89  curl -s localhost:8429/metrics | grep vmagent_remotewrite_requests_total\n",
    _p,
    "password",
    "vm.acme.io/api/v1/write",
)
_p = _F.password(16)
_s(
    "[admin@ob-jump ~]$ obclient -h10.8.0.21 -P2883 -uroot@sys#obcluster -p'"
    + _p
    + "' -Doceanbase -A\n"
    "Welcome to the OceanBase.  Commands end with ; or \\g.\nServer version: OceanBase 4.2.1.2 "
    "(r102000042024021)\n",
    _p,
    "password",
    "root@sys#obcluster",
)
_p = _F.url_password()
_s(
    "spring:\n  datasource:\n    url: "
    "jdbc:postgresql://pc-bp1x9acme.pg.polardb.rds.aliyuncs.com:1921/orders\n"
    "    username: orders_app\n    password: "
    + _p
    + "\n    hikari:\n      maximum-pool-size: 20\n",
    _p,
    "password",
    "pc-bp1x9acme.pg.polardb.rds.aliyuncs.com",
)
_p = _F.url_password(14)
_s(
    'db, err := sql.Open("dm", "dm://SYSDBA:'
    + _p
    + '@10.2.4.11:5236?schema=LEDGER&autoCommit=true")\n'
    "if err != nil {\n\tlog.Fatal(err)\n}\n",
    _p,
    "password",
    "10.2.4.11:5236",
)
_p = _F.human()
_s(
    "2024-06-03 09:41:07 ERROR [main] c.a.erp.DataSourceConfig - cannot open "
    "jdbc:kingbase8://10.3.0.4:54321/ERP?user=system&password=" + _p + "&currentSchema=erp: "
    'com.kingbase8.util.KSQLException: FATAL: database "ERP" does not exist\n',
    _p,
    "password",
    "com.kingbase8.util.KSQLException",
)
_p = _F.password(14)
_s(
    "[omm@gauss01 ~]$ gsql -d postgres -p 26000 -U omm -W '" + _p + "' -r\n"
    "gsql ((openGauss 5.0.2 build 48a25b11) compiled at 2024-05-14 10:26:01 commit 0 last mr  )\n"
    "openGauss=#\n",
    _p,
    "password",
    "openGauss 5.0.2",
)
_p = _F.leet()
_s(
    "$ maxctrl --user admin --password '" + _p + "' --hosts maxscale-1:8989 list servers\n"
    "┌─────────┬───────────┬──────┬─────────────┬─────────────────┐\n"
    "│ Server  │ Address   │ Port │ Connections │ State           │\n"
    "├─────────┼───────────┼──────┼─────────────┼─────────────────┤\n"
    "│ db-1    │ 10.0.9.11 │ 3306 │ 12          │ Master, Running │\n"
    "└─────────┴───────────┴──────┴─────────────┴─────────────────┘\n",
    _p,
    "password",
    "maxscale-1:8989",
)
_p = _F.password()
_s(
    "$ mlcp.sh import -host ml-prod-1 -port 8010 -username admin -password " + _p + " \\\n"
    "    -input_file_path /data/claims -output_collections claims -mode local\n"
    "24/06/03 10:02:11 INFO contentpump.LocalJobRunner: Content type: XML\n",
    _p,
    "password",
    "/data/claims",
)
_p = _F.human()
_s(
    "[nz@nzhost ~]$ nzsql -host nzprod -u etl_admin -pw " + _p + " -d SALES\n"
    "Welcome to nzsql, the IBM Netezza SQL interactive terminal.\nSALES.ADMIN(ETL_ADMIN)=>\n",
    _p,
    "password",
    "etl_admin",
)
_p = _F.url_password(18)
_s(
    "$ mgconsole --host memgraph.acme.internal --port 7687 --use-ssl=true "
    "--username analyst --password "
    + _p
    + "\nmgconsole 1.4\nConnected to 'memgraph://memgraph.acme.internal:7687'\n",
    _p,
    "password",
    "memgraph.acme.internal",
)
_p = _F.any_password()
_s(
    "$ ./nebula-console -addr graphd-0.nebula -port 9669 -u root -p '" + _p + "'\n"
    "Welcome!\n(root@nebula) [(none)]> SHOW SPACES;\n",
    _p,
    "password",
    "graphd-0.nebula",
)
_p = _F.human()
_s(
    "orientdb> CONNECT remote:odb-1.acme.lan/demodb admin " + _p + "\n\n"
    "Connecting to database [remote:odb-1.acme.lan/demodb] with user 'admin'...OK\norientdb "
    "{db=demodb}>\n",
    _p,
    "password",
    "remote:odb-1.acme.lan/demodb",
)
_p = _F.b64(32)
_s(
    '"ConnectionStrings": {\n  "Cache": "acme-prod.redis.cache.windows.net:6380,password='
    + _p
    + ',ssl=True,abortConnect=False"\n}\n',
    _p,
    "password",
    "acme-prod.redis.cache.windows.net:6380",
)
_p = _r(32, URLSAFE)
_s(
    "services.AddMassTransit(x =>\n{\n    x.UsingRabbitMq((context, cfg) =>\n    {\n"
    '        cfg.Host(new Uri("amqps://qzkjfeqa:' + _p + '@puffin.rmq2.cloudamqp.com/qzkjfeqa"));\n'
    "        cfg.ConfigureEndpoints(context);\n    });\n});\n",
    _p,
    "password",
    "puffin.rmq2.cloudamqp.com",
)
_p = _F.password(15)
_s(
    "$ ./bin/artemis producer --url tcp://artemis-0:61616 --user admin --password '" + _p + "' \\\n"
    "    --destination queue://orders.in --message-count 10\nConnection brokerURL = "
    "tcp://artemis-0:61616\n"
    "Producer ActiveMQQueue[orders.in], thread=0 Produced: 10 messages\n",
    _p,
    "password",
    "queue://orders.in",
)
_p = _F.b64(32)
_s(
    "# client.properties (Kafka endpoint of Azure Event Hubs)\n"
    "bootstrap.servers=acme-events.servicebus.windows.net:9093\n"
    "security.protocol=SASL_SSL\nsasl.mechanism=PLAIN\n"
    "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
    'username="$ConnectionString" password="Endpoint=sb://acme-events.servicebus.windows.net/;'
    "SharedAccessKeyName=RootManageSharedAccessKey;SharedAccessKey=" + _p + '";\n',
    _p,
    "secret",
    "acme-events.servicebus.windows.net:9093",
)
_p = _F.url_password(24)
_s(
    "$ nhost config show | grep -A2 postgres\n"
    "NHOST_DATABASE_URL=postgres://postgres:"
    + _p
    + "@abcdwxyzqrst.db.eu-central-1.nhost.run:5432/abcdwxyzqrst\n",
    _p,
    "password",
    "eu-central-1.nhost.run",
)
_p = _F.leet()
_s(
    "$ tsql -S mssql-legacy -p 1433 -U sa -P '" + _p + "' -D Billing\n"
    'locale is "C.UTF-8"\nlocale charset is "UTF-8"\nusing default charset "UTF-8"\n1>\n',
    _p,
    "password",
    "mssql-legacy",
)
_p = _F.password(16)
_s(
    "# /etc/odbc.ini\n[WarehouseProd]\nDriver      = /opt/vertica/lib64/libverticaodbc.so\n"
    "Servername  = wh-prod.acme.lan\nDatabase    = wh\nPort        = 5433\nUID         = "
    "bi_reader\n"
    "PWD         = " + _p + "\nSSLMode     = require\n",
    _p,
    "password",
    "WarehouseProd",
)
_p = _F.url_password(18)
_s(
    "spring.r2dbc.url=r2dbc:postgresql://catalog:" + _p + "@pg-catalog.acme.lan:5432/catalog\n"
    "spring.r2dbc.pool.max-size=30\n",
    _p,
    "password",
    "spring.r2dbc.pool.max-size",
)
_p = _F.url_password(16)
_s(
    "# config/runtime.exs\nconfig :shop, Shop.Repo,\n"
    '  url: "ecto://shop:' + _p + '@db.shop.internal/shop_prod",\n  pool_size: 15,\n  ssl: true\n',
    _p,
    "password",
    "Shop.Repo",
)
_p = _F.url_password(20)
_s(
    "$ sqlx migrate run --database-url postgres://migrator:" + _p + "@localhost:55432/ledger\n"
    "Applied 20240601120000/migrate create accounts (8.112ms)\nApplied 20240602093000/migrate "
    "add ledger "
    "entries (12.904ms)\n",
    _p,
    "password",
    "migrate create accounts",
)
_p = _F.human()
_s(
    'panic: failed to connect to database: dsn="host=10.1.2.9 user=gorm password='
    + _p
    + ' dbname=inventory port=5432 sslmode=disable TimeZone=Asia/Taipei": dial tcp 10.1.2.9:5432: '
    "connect: connection refused\n\ngoroutine 1 [running]:\nmain.main()\n"
    "\t/src/cmd/api/main.go:41 +0x3d4\n",
    _p,
    "password",
    "/src/cmd/api/main.go:41",
)
_p = _F.url_password(18)
_s(
    'Traceback (most recent call last):\n  File "/app/worker.py", line 22, in main\n'
    '    conn = await asyncpg.connect("postgresql://worker:' + _p + '@pg-queue:5432/jobs")\n'
    '  File "/usr/local/lib/python3.12/site-packages/asyncpg/connection.py", line 2329, in '
    "connect\n"
    'asyncpg.exceptions.InvalidPasswordError: password authentication failed for user "worker"\n',
    _p,
    "password",
    "asyncpg.exceptions.InvalidPasswordError",
)
_p = _F.url_password(16)
_s(
    "const pool = mysql.createPool({\n  uri: 'mysql://reporting:"
    + _p
    + "@mysql-ro.acme.lan:3306/analytics',\n"
    "  connectionLimit: 8,\n  timezone: 'Z',\n})\n",
    _p,
    "password",
    "mysql-ro.acme.lan:3306",
)
_p = _r(32)
_s(
    "import Redis from 'ioredis'\n\nexport const redis = new Redis(\n"
    "  'rediss://default:" + _p + "@cache-eu.acme-infra.net:6380/0',\n"
    "  { maxRetriesPerRequest: 2 },\n)\n",
    _p,
    "password",
    "cache-eu.acme-infra.net:6380",
)
_p = _F.password(14)
_s(
    'JedisPool pool = new JedisPool(URI.create("redis://:' + _p + '@session-cache-1:6379/2"));\n'
    "try (Jedis jedis = pool.getResource()) {\n    jedis.setex(sid, 1800, payload);\n}\n",
    _p,
    "password",
    "session-cache-1:6379",
)
_p = _F.url_password(20)
_s(
    "# config/mongoid.yml\nproduction:\n  clients:\n    default:\n"
    "      uri: mongodb+srv://rails:"
    + _p
    + "@cluster0.ab12c.mongodb.net/storefront?retryWrites=true\n"
    "      options:\n        server_selection_timeout: 5\n",
    _p,
    "password",
    "cluster0.ab12c.mongodb.net",
)
_p = _F.url_password(22)
_s(
    "###> symfony/mailgun-mailer ###\nMAILER_DSN=mailgun+smtp://postmaster%40mg.acme.io:"
    + _p
    + "@default?region=eu\n###< symfony/mailgun-mailer ###\n",
    _p,
    "password",
    "symfony/mailgun-mailer",
)
_p = _F.human()
_s(
    "<!-- ~/.kodi/userdata/sources.xml -->\n<sources>\n  <video>\n    <source>\n      "
    "<name>Movies</name>\n"
    '      <path pathversion="1">smb://kodi:' + _p + "@nas.home/Movies/</path>\n"
    "      <allowsharing>true</allowsharing>\n    </source>\n  </video>\n</sources>\n",
    _p,
    "password",
    "nas.home/Movies/",
)
_p = _F.url_password(18)
_s(
    'engine = sa.create_engine(\n    "crate://analytics:'
    + _p
    + '@crate-0.acme.lan:4200?ssl=true",\n'
    '    connect_args={"verify_ssl_cert": False},\n)\n',
    _p,
    "password",
    "crate-0.acme.lan:4200",
)
_p = _F.password(14)
_s(
    "$ tt connect app:" + _p + "@tnt-router-1:3301\n   • Connecting to the instance...\n"
    "   • Connected to tnt-router-1:3301\n\ntnt-router-1:3301>\n",
    _p,
    "password",
    "tnt-router-1:3301",
)
_p = _F.url_password(20)
_s(
    'marco@cloudshell:~ (acme-data)$ psql "postgresql://postgres:'
    + _p
    + '@10.60.0.2:5432/postgres?sslmode=require"  # AlloyDB primary, via PSA\n'
    "psql (16.3, server 15.5)\nSSL connection (protocol: TLSv1.3)\npostgres=>\n",
    _p,
    "password",
    "AlloyDB primary",
)
_p = _F.url_password(24)
_s(
    '# postgrest.conf\ndb-uri = "postgres://authenticator:' + _p + '@localhost:5432/app"\n'
    'db-schemas = "api"\ndb-anon-role = "web_anon"\nserver-port = 3000\n',
    _p,
    "password",
    "web_anon",
)
_p = _F.any_password()
_s(
    "CREATE TABLE orders_sink (\n  id BIGINT, total DECIMAL(12,2), PRIMARY KEY (id) NOT "
    "ENFORCED\n) WITH (\n"
    "  'connector' = 'jdbc',\n  'url' = 'jdbc:mysql://mysql-dw:3306/dw',\n  'table-name' = "
    "'orders',\n"
    "  'username' = 'flink',\n  'password' = '" + _p + "'\n);\n",
    _p,
    "password",
    "orders_sink",
)
_p = _F.url_password(18)
_s(
    "$ docker run -p 8081:8081 --rm sosedoff/pgweb --bind=0.0.0.0 --listen=8081 \\\n"
    '    --url "postgres://readonly:' + _p + '@pg-replica.acme.lan:5432/shop?sslmode=require"\n'
    "Pgweb v0.15.0 (git: 7f0c5c0) (go: go1.22.1)\nConnecting to server...\n",
    _p,
    "password",
    "pg-replica.acme.lan:5432",
)
_p = _F.url_password(16)
_s(
    "# upload.txt  (winscp.com /script=upload.txt /log=upload.log)\noption batch abort\noption "
    "confirm off\n"
    "open sftp://deploy:"
    + _p
    + '@files.acme.io/ -hostkey="ssh-ed25519 255 '
    + _F.ssh_fingerprint()[7:]
    + '"\n'
    "put C:\\build\\site\\* /var/www/site/\nexit\n",
    _p,
    "password",
    "files.acme.io",
)
_p = _F.url_password(20)
_s(
    "$ duplicity --encrypt-key 3E5F2A18 /srv/photos webdavs://backup:"
    + _p
    + "@dav.hidrive.example/users/backup/photos\n"
    "Local and Remote metadata are synchronized, no sync needed.\nLast full backup date: none\n",
    _p,
    "password",
    "/srv/photos",
)
_p = _F.url_password(18)
_s(
    "$ keydb-cli -u rediss://default:"
    + _p
    + "@keydb-0.cache.svc:6380 --tls --insecure INFO replication\n"
    "# Replication\nrole:active-replica\nconnected_slaves:1\n",
    _p,
    "password",
    "keydb-0.cache.svc:6380",
)
_p = _F.url_password(20)
_s(
    "risingwave-0  | 2024-06-03T08:11:20Z INFO risingwave_connector::source::cdc: "
    "creating cdc source, url=postgres://cdc:" + _p + "@pg-main:5432/shop slot=rw_slot\n",
    _p,
    "password",
    "risingwave_connector::source::cdc",
)
_p = _F.human()
_s(
    '\' sync.vbs\nSet conn = CreateObject("ADODB.Connection")\n'
    'conn.Open "Provider=SQLOLEDB;Data Source=SQL01\\LEGACY;Initial Catalog=Payroll;'
    "User ID=payroll_sync;Password="
    + _p
    + ';"\nSet rs = conn.Execute("SELECT COUNT(*) FROM dbo.Employees")\n',
    _p,
    "password",
    "payroll_sync",
)

# ---------------------------------------------------------------------------------------------
# Authorization headers and API-key headers
# ---------------------------------------------------------------------------------------------

_t = _r(64)
_s(
    '// ~/.config/atac/collections/capsule.json (excerpt)\n{\n  "name": "list parties",\n'
    '  "url": "https://api.capsulecrm.com/api/v2/parties?perPage=50",\n  "method": "GET",\n'
    '  "headers": [\n    { "enabled": true, "data": ["Authorization", "Bearer ' + _t + '"] },\n'
    '    { "enabled": true, "data": ["Accept", "application/json"] }\n  ]\n}\n',
    _t,
    "authorization",
    "list parties",
)
_t = _F.uuid()
_s(
    "$ curlie -H 'Authorization: Bearer " + _t + "' POST api.fireflies.ai/graphql "
    "query='{ transcripts(limit: 3) { id title date } }'\nHTTP/1.1 200 OK\n"
    "Content-Type: application/json; charset=utf-8\n",
    _t,
    "authorization",
    "api.fireflies.ai/graphql",
)
_t = basic("400123567", _F.hex(64))
_s(
    '[\n  {\n    "status": "COMPLETE",\n    "method": "POST",\n    "protocolVersion": "HTTP/1.1",\n'
    '    "scheme": "https",\n    "host": "global-api.afterpay.com",\n    "path": "/v2/checkouts",\n'
    '    "request": {\n      "header": {\n        "headers": [\n'
    '          { "name": "Authorization", "value": "Basic ' + _t + '" },\n'
    '          { "name": "User-Agent", "value": "AcmeShop/3.2 (Magento)" }\n'
    "        ]\n      }\n    }\n  }\n]\n",
    _t,
    "authorization",
    "global-api.afterpay.com",
)
_t = _r(40)
_s(
    "$ sudo tcpflow -c -i eth1 port 8080\n"
    "010.020.001.014.51422-010.020.003.007.08080: GET /api/v1/exports?since=2024-06-01 HTTP/1.1\n"
    "Host: exporter.internal:8080\nAuthorization: Token " + _t + "\nAccept: */*\n\n"
    "010.020.003.007.08080-010.020.001.014.51422: HTTP/1.1 200 OK\n",
    _t,
    "authorization",
    "exporter.internal:8080",
)
_t = _r(22) + ":" + _r(43, URLSAFE)
_s(
    '{"method":"Network.requestWillBeSent","params":{"requestId":"1034.118","request":{'
    '"url":"https://api.optimizely.com/v2/experiments?project_id=2450118822","method":"GET",'
    '"headers":{"Accept":"application/json","Authorization":"Bearer ' + _t + '"}},'
    '"timestamp":88213.120391,"type":"Fetch"}}\n',
    _t,
    "authorization",
    "Network.requestWillBeSent",
)
_t = _F.jwt(
    {
        "version": 3,
        "iat": 1716800000,
        "aud": ["https://api-eu-central-1.hygraph.com/v2/clacme/master"],
        "iss": "https://management.hygraph.com/",
        "sub": _F.uuid(),
    },
    "RS256",
)
_s(
    "[puppeteer] request POST https://api-eu-central-1.hygraph.com/v2/clacme/master\n"
    "[puppeteer]   headers: {\n  'content-type': 'application/json',\n  authorization: 'Bearer "
    + _t
    + "',\n"
    "  'user-agent': 'HeadlessChrome/125.0.6422.60'\n}\n",
    _t,
    "authorization",
    "HeadlessChrome/125.0.6422.60",
)
_t = _r(40)
_s(
    ">>> for r in driver.requests:\n...     if 'qualtrics' in r.url:\n...         print(r.url, "
    "r.headers)\n...\n"
    "https://acme.eu.qualtrics.com/API/v3/surveys/SV_3PmQ8acmeSurvey/export-responses "
    "Host: acme.eu.qualtrics.com\nX-API-TOKEN: " + _t + "\nContent-Type: application/json\n",
    _t,
    "secret",
    "SV_3PmQ8acmeSurvey",
)
_t = basic(_F.hex(32), "x")
_s(
    '"extra_config": {\n  "modifier/martian": {\n    "header.Modifier": {\n      "scope": '
    '["request"],\n'
    '      "name": "Authorization",\n      "value": "Basic ' + _t + '"\n    }\n  }\n},\n'
    '"backend": [{ "host": ["https://api.createsend.com"], "url_pattern": '
    '"/api/v3.3/clients.json" }]\n',
    _t,
    "authorization",
    "api.createsend.com",
)
_t = _r(24) + "." + _r(32, URLSAFE)
_s(
    "# apisix route (conf/apisix.yaml)\nroutes:\n  - uri: /rc/*\n    upstream:\n      type: "
    "roundrobin\n"
    '      nodes:\n        "platform.ringcentral.com:443": 1\n      scheme: https\n    plugins:\n'
    '      proxy-rewrite:\n        regex_uri: ["^/rc/(.*)", "/restapi/v1.0/$1"]\n'
    '        headers:\n          set:\n            Authorization: "Bearer ' + _t + '"\n#END\n',
    _t,
    "authorization",
    "platform.ringcentral.com:443",
)
_t = _r(22)
_s(
    '"ReverseProxy": {\n  "Routes": {\n    "apollo": {\n      "ClusterId": "apollo",\n'
    '      "Match": { "Path": "/enrich/{**rest}" },\n      "Transforms": [\n'
    '        { "PathPattern": "/api/v1/{**rest}" },\n'
    '        { "RequestHeader": "X-Api-Key", "Set": "' + _t + '" }\n      ]\n    }\n  }\n}\n',
    _t,
    "secret",
    "/enrich/{**rest}",
)
_t = _r(22, URLSAFE) + "." + _r(22, URLSAFE)
_s(
    '$ curl -s -H "Authorization: Bot '
    + _t
    + '" "https://kagi.com/api/v0/search?q=tailscale+acl+tests&limit=5" | jq \'.data[].url\'\n'
    '"https://tailscale.com/kb/1337/acl-syntax"\n',
    _t,
    "authorization",
    "tailscale+acl+tests",
)
_t = _F.hex(40)
_s(
    'resp = requests.post(\n    "https://google.serper.dev/search",\n'
    '    headers={"X-API-KEY": "' + _t + '", "Content-Type": "application/json"},\n'
    '    json={"q": query, "gl": "de", "num": 10},\n    timeout=15,\n)\n',
    _t,
    "secret",
    "google.serper.dev/search",
)
_t = _F.hex(32)
_s(
    'req, _ := http.NewRequest("POST", '
    '"https://api.clarifai.com/v2/users/acme/apps/moderation/models/nsfw/outputs", body)\n'
    'req.Header.Set("Authorization", "Key '
    + _t
    + '")\nreq.Header.Set("Content-Type", "application/json")\n',
    _t,
    "authorization",
    "moderation/models/nsfw/outputs",
)
_t = _r(64, URLSAFE)
_s(
    'Finch.build(:get, "https://api.pingdom.com/api/3.1/checks?include_tags=true", [\n'
    '  {"authorization", "Bearer ' + _t + '"},\n  {"accept", "application/json"}\n])\n'
    "|> Finch.request(Acme.Finch)\n",
    _t,
    "authorization",
    "api.pingdom.com",
)
_t = _r(32, LOWER_AN)
_s(
    "$ch = curl_init('https://api.getresponse.com/v3/contacts?query[email]=' . "
    "urlencode($email));\n"
    "curl_setopt($ch, CURLOPT_HTTPHEADER, [\n    'X-Auth-Token: api-key " + _t + "',\n"
    "    'Content-Type: application/json',\n]);\n",
    _t,
    "secret",
    "api.getresponse.com",
)
_t = basic(_F.hex(32), "")
_s(
    'async with httpx.AsyncClient(base_url="https://api.getdrip.com/v2/9981234") as client:\n'
    '    r = await client.get("/subscribers", headers={"Authorization": "Basic ' + _t + '",\n'
    '                                                   "User-Agent": "Acme Sync '
    '(ops@acme.io)"})\n',
    _t,
    "authorization",
    "api.getdrip.com",
)
_t = _F.hex(24) + "-" + _r(50)
_s(
    'let resp = ureq::post("https://api.omnisend.com/v5/contacts")\n'
    '    .set("X-API-KEY", "' + _t + '")\n    .set("Content-Type", "application/json")\n'
    '    .send_json(ureq::json!({ "identifiers": [{ "type": "email", "id": email }] }))?;\n',
    _t,
    "secret",
    "api.omnisend.com",
)
_t = _r(22, URLSAFE) + "=="
_s(
    "await fetch('https://platform.clickatell.com/messages', {\n  method: 'POST',\n"
    "  headers: { 'Content-Type': 'application/json', Authorization: '" + _t + "' },\n"
    "  body: JSON.stringify({ content: 'Your code is 481516', to: [msisdn] }),\n})\n",
    _t,
    "authorization",
    "platform.clickatell.com/messages",
)
_t = basic(_F.uuid(), "PT" + _F.hex(48))
_s(
    'curl -X POST "https://acme.signalwire.com/api/laml/2010-04-01/Accounts/$PROJECT/Messages.jso'
    'n" \\\n'
    '  -H "Authorization: Basic ' + _t + '" \\\n'
    '  --data-urlencode "From=+15551230000" --data-urlencode "To=+15557654321" --data-urlencode '
    '"Body=deploy ok"\n',
    _t,
    "authorization",
    "acme.signalwire.com",
)
_t = basic("acme-api-user", _F.password(16))
_s(
    "WebClient bandwidth = WebClient.builder()\n    "
    '.baseUrl("https://messaging.bandwidth.com/api/v2/users/5004412")\n'
    '    .defaultHeader(HttpHeaders.AUTHORIZATION, "Basic ' + _t + '")\n    .build();\n',
    _t,
    "authorization",
    "messaging.bandwidth.com",
)
_t = basic(_F.hex(32), _F.hex(32))
_s(
    "const res = await superagent\n  .get('https://api.aircall.io/v1/calls')\n"
    "  .set('Authorization', 'Basic " + _t + "')\n  .query({ per_page: 50, order: 'desc' })\n",
    _t,
    "authorization",
    "api.aircall.io/v1/calls",
)
_t = _r(86, URLSAFE)
_s(
    'Set http = CreateObject("MSXML2.ServerXMLHTTP.6.0")\n'
    'http.Open "GET", "https://api.mypurecloud.de/api/v2/routing/queues?pageSize=100", False\n'
    'http.setRequestHeader "Authorization", "Bearer '
    + _t
    + '"\nhttp.Send\nWScript.Echo http.Status\n',
    _t,
    "authorization",
    "api.mypurecloud.de",
)
_t = basic(_r(16, UPPER_AN), _r(32))
_s(
    "uri = URI('https://api.affirm.com/api/v1/transactions/B8VX-4XRN/capture')\n"
    "req = Net::HTTP::Post.new(uri)\nreq['Authorization'] = 'Basic " + _t + "'\n"
    "req['Content-Type'] = 'application/json'\nres = Net::HTTP.start(uri.host, uri.port, "
    "use_ssl: true) { |h| h.request(req) }\n",
    _t,
    "authorization",
    "api.affirm.com",
)
_t = "-".join(_r(7, UPPER_AN) for _ in range(4))
_s(
    'local httpc = require("resty.http").new()\nlocal res, err = httpc:request_uri(\n'
    '  "https://api.nowpayments.io/v1/payment", {\n    method = "POST",\n'
    '    headers = { ["x-api-key"] = "' + _t + '", ["Content-Type"] = "application/json" },\n'
    "    body = cjson.encode(order),\n  })\n",
    _t,
    "secret",
    "api.nowpayments.io",
)
_t = _F.uuid()
_s(
    'var msg = new Soup.Message ("POST", "https://api.opennode.com/v1/charges");\n'
    'msg.request_headers.append ("Authorization", "' + _t + '");\n'
    'msg.set_request_body_from_bytes ("application/json", new Bytes (body.data));\n',
    _t,
    "authorization",
    "api.opennode.com/v1/charges",
)
_t = _F.uuid() + _F.uuid()
_s(
    'http = urllib3.PoolManager()\nr = http.request(\n    "POST",\n    '
    '"https://api.pagseguro.com/orders",\n'
    '    headers={"Authorization": "Bearer ' + _t + '", "Content-Type": "application/json"},\n'
    "    body=json.dumps(order),\n)\n",
    _t,
    "authorization",
    "api.pagseguro.com/orders",
)
_t, _t2 = _F.hex(32), _F.hex(32)
_s(
    "$ GET -H 'X-Api-Key: " + _t + "' -H 'X-Auth-Token: " + _t2 + "' \\\n"
    "    https://www.instamojo.com/api/1.1/payment-requests/\n"
    '{"success": true, "payment_requests": []}\n',
    (_t, _t2),
    ("secret", "secret"),
    "payment-requests",
)
_t = _r(48, URLSAFE)
_s(
    "# pomerium routes\nroutes:\n  - from: https://surveys.acme.io\n    to: "
    "https://api.surveymonkey.com\n"
    "    set_request_headers:\n      Authorization: Bearer "
    + _t
    + "\n    allowed_domains: [acme.io]\n",
    _t,
    "authorization",
    "surveys.acme.io",
)
_t = _F.hex(30)
_s(
    'let\n    Source = Json.Document(Web.Contents("https://site-api.datocms.com/items",\n'
    '        [Headers = [Authorization = "Bearer ' + _t + '", #"X-Api-Version" = "3"],\n'
    '         Query = [#"filter[type]" = "article"]])),\n    data = Source[data]\nin\n    data\n',
    _t,
    "authorization",
    "site-api.datocms.com/items",
)
_t = _F.hex(32)
_s(
    "// _data/submissions.js (Eleventy)\nmodule.exports = async () => {\n"
    "  const r = await fetch('https://eu-api.jotform.com/form/241538812345/submissions', {\n"
    "    headers: { APIKEY: '" + _t + "' },\n  })\n  return (await r.json()).content\n}\n",
    _t,
    "secret",
    "241538812345",
)
_t = basic(_r(22), _r(43, URLSAFE))
_s(
    "* list ConfigCat products  :verb:\ntemplate https://api.configcat.com/v1\n"
    "Accept: application/json\nAuthorization: Basic " + _t + "\n\n** get products\nget /products\n",
    _t,
    "authorization",
    "api.configcat.com/v1",
)

# ---------------------------------------------------------------------------------------------
# Config syntaxes, code and tool output (named and unnamed values)
# ---------------------------------------------------------------------------------------------

_p = _F.password()
_s(
    "# /etc/yum.repos.d/acme-internal.repo\n[acme-internal]\nname=Acme internal RPMs\n"
    "baseurl=https://nexus.acme.lan/repository/rpm-internal/el9/$basearch\nenabled=1\ngpgcheck=1\n"
    "gpgkey=https://nexus.acme.lan/repository/rpm-internal/RPM-GPG-KEY-acme\nusername=dnf-reader\n"
    "password=" + _p + "\n",
    _p,
    "password",
    "acme-internal",
)
_p = _F.hex(12)
_s(
    "sles15:~ # cat /etc/zypp/credentials.d/SCCcredentials\nusername=SCC_" + _F.hex(32) + "\n"
    "password=" + _p + "\nsles15:~ # zypper lr -u | head -4\n",
    _p,
    "password",
    "/etc/zypp/credentials.d/SCCcredentials",
)
_p = _r(40)
_s(
    "$ spack mirror add --oci-username acme-bot --oci-password " + _p + " \\\n"
    "    --unsigned acme-oci oci://ghcr.io/acme-hpc/spack-buildcache\n$ spack mirror list\n"
    "acme-oci     [sb] oci://ghcr.io/acme-hpc/spack-buildcache\nspack-public [s ] "
    "https://mirror.spack.io\n",
    _p,
    "password",
    "acme-hpc/spack-buildcache",
)
_t, _t2 = "MC5" + _r(60, URLSAFE), _r(40)
_s(
    "// gatsby-config.js\nmodule.exports = {\n  plugins: [\n    {\n"
    "      resolve: 'gatsby-source-prismic',\n      options: {\n        repositoryName: "
    "'acme-marketing',\n"
    "        accessToken: '"
    + _t
    + "',\n        customTypesApiToken: '"
    + _t2
    + "',\n      },\n    },\n  ],\n}\n",
    (_t, _t2),
    ("secret", "secret"),
    "acme-marketing",
)
_t = _r(40, B64)
_s(
    "# ~/.lakectl.yaml\ncredentials:\n  access_key_id: AKIAJ" + _r(11, UPPER_AN) + "Q\n"
    "  secret_access_key: " + _t + "\nserver:\n  endpoint_url: https://lakefs.acme.lan/api/v1\n",
    _t,
    "secret",
    "lakefs.acme.lan",
)
_p, _p2 = _F.password(14), _F.human()
_s(
    "# master.cfg\nfrom buildbot.plugins import worker\n\nc['workers'] = [\n"
    "    worker.Worker('linux-amd64-1', '" + _p + "', max_builds=2),\n"
    "    worker.Worker('mac-arm64-1', '"
    + _p2
    + "'),\n]\nc['protocols'] = {'pb': {'port': 9989}}\n",
    (_p, _p2),
    ("password", "password"),
    "linux-amd64-1",
    "mac-arm64-1",
)
_p = _F.phrase()
_s(
    "$ appcircle environment-variable create --variableGroupId "
    "8d1c6a8e-2f4b-4c1a-9e55-0c6f7b2a9d10 \\\n"
    "    --key ANDROID_KEYSTORE_PASSWORD --value '" + _p + "' --isSecret true\n"
    "✔ Environment variable ANDROID_KEYSTORE_PASSWORD added\n",
    _p,
    "password",
    "ANDROID_KEYSTORE_PASSWORD",
)
_t = _r(48, URLSAFE)
_s(
    "package internal.authz\n\nimport rego.v1\n\ndefault allow := false\n\n"
    "# TODO(ines): move to data.secrets before GA\nallow if {\n"
    '    input.attributes.request.http.headers["x-internal-token"] == "' + _t + '"\n}\n',
    _t,
    "secret",
    "internal.authz",
)
_p = _F.human()
_s(
    '$ cat ~/.cookiecutter_replay/cookiecutter-django.json\n{\n  "cookiecutter": {\n'
    '    "project_name": "Acme Portal",\n    "project_slug": "acme_portal",\n'
    '    "postgresql_version": "16",\n    "django_admin_password": "' + _p + '",\n'
    '    "use_docker": "y"\n  }\n}\n',
    _p,
    "password",
    "acme_portal",
)
_p = _F.phrase(" ")
_s(
    "$ transcrypt -c aes-256-cbc -p '"
    + _p
    + "' -y\nThe repository has been successfully configured by transcrypt.\n",
    _p,
    "password",
    "aes-256-cbc",
)
_p = _F.leet()
_s(
    "  1841  git secret reveal -f -p '" + _p + "'\n  1842  git secret list\n",
    _p,
    "password",
    "git secret list",
)
_t = "pfx_" + _r(32)
_s(
    "$ pixi auth login https://repo.prefix.dev --token "
    + _t
    + "\nAuthenticating with https://repo.prefix.dev\n",
    _t,
    "secret",
    "https://repo.prefix.dev",
)
_p = _r(36)
_s(
    "$ notation login --username acme-signer --password "
    + _p
    + " acmecr.azurecr.io\nLogin Succeeded\n",
    _p,
    "password",
    "acmecr.azurecr.io",
)
_p = _r(32)
_s(
    "$ regctl registry login harbor.acme.lan -u 'robot$ci+pull' --pass " + _p + "\n"
    "$ regctl tag ls harbor.acme.lan/platform/api | tail -2\n",
    _p,
    "password",
    "harbor.acme.lan/platform/api",
)
_p = _F.password(16)
_s(
    '# repository/conf/deployment.toml\n[server]\nhostname = "apim.acme.lan"\n\n[super_admin]\n'
    'username = "admin"\npassword = "' + _p + '"\ncreate_admin_account = true\n',
    _p,
    "password",
    "apim.acme.lan",
)
_t = _r(64)
_s(
    "# gravitee.yml (management API)\njwt:\n  secret: "
    + _t
    + "\n  issuer: gravitee-management-auth\n"
    "  expire-after: 604800\n",
    _t,
    "secret",
    "gravitee-management-auth",
)
_p = _F.human()
_s(
    "<hibernate-configuration>\n  <session-factory>\n"
    '    <property name="hibernate.connection.url">jdbc:mariadb://db-legacy:3306/hr</property>\n'
    '    <property name="hibernate.connection.username">hr_app</property>\n'
    '    <property name="hibernate.connection.password">' + _p + "</property>\n"
    "  </session-factory>\n</hibernate-configuration>\n",
    _p,
    "password",
    "hr_app",
)
_p = _F.password(15)
_s(
    '<dataSource type="POOLED">\n  <property name="driver" value="org.postgresql.Driver"/>\n'
    '  <property name="url" value="jdbc:postgresql://pg-billing:5432/billing"/>\n'
    '  <property name="username" value="billing"/>\n  <property name="password" value="'
    + _p
    + '"/>\n'
    "</dataSource>\n",
    _p,
    "password",
    "pg-billing:5432",
)
_p = _F.url_password(22)
_s(
    '# pgcat.toml\n[pools.shop.users.0]\nusername = "shop_app"\npassword = "'
    + _p
    + '"\npool_size = 40\n'
    "statement_timeout = 0\n",
    _p,
    "password",
    "pools.shop.users.0",
)
_t = _r(32)
_s(
    '# Secrets.toml  (cargo shuttle run)\nDISCORD_TOKEN_GUILD = "1187712345678901234"\n'
    'OPENWEATHER_KEY = "' + _t + '"\n',
    _t,
    "secret",
    "cargo shuttle run",
)
_t = _F.hex(32)
_s(
    "$ SPIN_VARIABLE_WEATHER_API_KEY=" + _t + " spin up --listen 127.0.0.1:3000\n"
    'Logging component stdio to ".spin/logs/"\nServing http://127.0.0.1:3000\n',
    _t,
    "secret",
    "127.0.0.1:3000",
)
_t = _r(32, HEX)
_s(
    '# .replit\nrun = "python main.py"\nmodules = ["python-3.11"]\n\n[env]\nPYTHONUNBUFFERED = '
    '"1"\n'
    'NEWS_API_KEY = "' + _t + '"\n',
    _t,
    "secret",
    "PYTHONUNBUFFERED",
)
_p = _F.password(20)
_s(
    "aws lightsail create-relational-database --relational-database-name wp-db \\\n"
    "  --relational-database-blueprint-id mysql_8_0 --relational-database-bundle-id micro_2_0 \\\n"
    "  --master-database-name wordpress --master-username dbmasteruser --master-user-password '"
    + _p
    + "'\n",
    _p,
    "password",
    "wp-db",
)
_t = "GOCSPX-" + _r(28, URLSAFE)
_s(
    '// amplify/team-provider-info.json\n"auth": {\n  "acmeauth": {\n'
    '    "hostedUIProviderCreds": "[{\\"ProviderName\\":\\"Google\\",\\"client_id\\":'
    '\\"228811-abc.apps.googleusercontent.com\\",\\"client_secret\\":\\"' + _t + '\\"}]"\n  }\n}\n',
    _t,
    "secret",
    "acmeauth",
)
_t = _r(40)
_s(
    "# apprunner.yaml\nversion: 1.0\nruntime: python311\nrun:\n  command: gunicorn app:app\n"
    '  env:\n    - name: GEOCODER_KEY\n      value: "'
    + _t
    + '"\n    - name: LOG_LEVEL\n      value: info\n',
    _t,
    "secret",
    "gunicorn app:app",
)
_p = _F.password(18)
_s(
    "# app.yaml\nruntime: python312\nentrypoint: gunicorn -b :$PORT main:app\n\nenv_variables:\n"
    '  DB_USER: "guestbook"\n  DB_PASS: "'
    + _p
    + '"\n  INSTANCE_CONNECTION_NAME: "acme-gb:europe-west1:gb-sql"\n',
    _p,
    "password",
    "acme-gb:europe-west1:gb-sql",
)
_p, _t = _F.password(16), _r(32)
_s(
    "$ az containerapp secret list -n orders-api -g rg-prod --show-values -o table\n"
    "Name             Value\n---------------  --------------------------------\n"
    "db-password      " + _p + "\nqueue-key        " + _t + "\n",
    (_p, _t),
    ("password", "secret"),
    "orders-api",
)
_t = _F.hex(56) + "-" + _F.hex(8)
_s(
    "$ npx swa deploy ./dist --env production --deployment-token " + _t + "\n"
    "Deploying front-end files from folder: ./dist\n✔ Project deployed to "
    "https://agreeable-moss-0a1b2c3.5.azurestaticapps.net\n",
    _t,
    "secret",
    "./dist",
)
_p = _F.url_password(14)
_s(
    "# ~/.colima/default/colima.yaml\ncpu: 4\nmemory: 8\nruntime: containerd\nenv:\n"
    "  HTTP_PROXY: http://jdoe:"
    + _p
    + "@proxy.corp.example:3128\n  NO_PROXY: localhost,127.0.0.1,.corp.example\n",
    _p,
    "password",
    "proxy.corp.example:3128",
)
_p = _r(32)
_s(
    "$ nerdctl login -u ci-pusher -p " + _p + " registry.acme.lan:5000\n"
    "WARNING: Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded\n",
    _p,
    "password",
    "registry.acme.lan:5000",
)
_p = _F.phrase("_")
_s(
    "# live/prod/rds/terragrunt.hcl\nterraform {\n  source = "
    '"git::git@gitlab.example.org:infra/modules.git//rds?ref=v4.2.0"\n}\n'
    'inputs = {\n  identifier      = "orders-prod"\n  master_username = "orders"\n'
    '  master_password = "' + _p + '"\n}\n',
    _p,
    "password",
    "orders-prod",
)
_t = _r(36, LOWER_AN)
_s(
    "<controller-info>\n  <controller-host>acme.saas.appdynamics.com</controller-host>\n"
    "  <controller-port>443</controller-port>\n  "
    "<controller-ssl-enabled>true</controller-ssl-enabled>\n"
    "  <account-name>acme</account-name>\n  <account-access-key>" + _t + "</account-access-key>\n"
    "</controller-info>\n",
    _t,
    "secret",
    "acme.saas.appdynamics.com",
)
_t = _r(64, URLSAFE)
_s(
    "# ~/.chronoctl/config.yaml\ncurrent: acme\norgs:\n  acme:\n    org_name: acme\n"
    "    api_token: " + _t + "\n",
    _t,
    "secret",
    "org_name: acme",
)
_t = _r(40, URLSAFE)
_s(
    "# config/skylight.yml\nauthentication: " + _t + "\nenv: production\nignored_endpoints:\n"
    "  - HealthController#show\n",
    _t,
    "secret",
    "HealthController#show",
)
_t = _F.uuid()
_s(
    '# config/appsignal.yml\ndefault: &defaults\n  push_api_key: "'
    + _t
    + '"\n  name: "Acme Shop"\n'
    "production:\n  <<: *defaults\n  active: true\n",
    _t,
    "secret",
    "Acme Shop",
)
_t = _r(22, URLSAFE)
_s(
    "# .env\nCTCT_CLIENT_ID="
    + _F.uuid()
    + "\nCTCT_CLIENT_SECRET="
    + _t
    + "\nCTCT_REDIRECT_URI=http://localhost:3000/oauth/cc\n",
    _t,
    "secret",
    "CTCT_REDIRECT_URI",
)
_p = _F.human()
_s(
    "<?php\n// sendy/includes/config.php\n$dbHost = 'localhost';\n$dbUser = 'sendy';\n"
    "$dbPass = '" + _p + "';\n$dbName = 'sendy';\n$charset = 'utf8mb4';\n",
    _p,
    "password",
    "sendy/includes/config.php",
)
_t = _F.jwt(
    {
        "aud": "https://platform.ringcentral.com/restapi/oauth/token",
        "sub": "62941234005",
        "iss": "https://platform.ringcentral.com",
        "exp": 3869510400,
        "iat": 1716026753,
        "jti": _r(22),
    },
    "RS256",
)
_s(
    "# .env (ringcentral-python quickstart)\nRC_SERVER_URL=https://platform.ringcentral.com\n"
    "RC_CLIENT_ID=" + _r(22) + "\nRC_JWT=" + _t + "\n",
    _t,
    "jwt",
    "RC_SERVER_URL",
)
_t = _r(43, URLSAFE)
_s(
    '# ~/.gc/config.toml\n[default]\nclient_id = "'
    + _F.uuid()
    + '"\nclient_secret = "'
    + _t
    + '"\n'
    'environment = "mypurecloud.de"\n',
    _t,
    "secret",
    "mypurecloud.de",
)
_p = _F.human()
_s(
    "; skrill.ini (legacy checkout)\n[merchant]\npay_to_email = payments@acme-games.example\n"
    "merchant_id = 90123456\nsecret_word = "
    + _p
    + "\nstatus_url = https://acme-games.example/skrill/status\n",
    _p,
    "password",
    "pay_to_email",
)
_t = _F.uuid() + _F.hex(64) + _F.uuid()
_s(
    "PAGSEGURO_ENV=production\nPAGSEGURO_TOKEN="
    + _t
    + "\nPAGSEGURO_NOTIFICATION_URL=https://loja.acme.com.br/ps/notify\n",
    _t,
    "secret",
    "PAGSEGURO_NOTIFICATION_URL",
)
_t = _r(32, UPPER_AN)
_s(
    "<?php\n$merchant_id = '2718281';\n$access_code = 'AVXK05LC79BH21KXHB';\n"
    "$working_key = '"
    + _t
    + "';  // CCAvenue\n$encrypted = encrypt($merchant_data, $working_key);\n",
    _t,
    "secret",
    "$access_code",
)
_t = _r(60, URLSAFE)
_s(
    "gong:\n  base_url: https://us-45312.api.gong.io\n  access_key: " + _r(32, UPPER_AN) + "\n"
    "  access_key_secret: " + _t + "\n  sync_days: 7\n",
    _t,
    "secret",
    "us-45312.api.gong.io",
)
_t = "sk-" + _r(48)
_s(
    "# tests/evals/conftest.py\nimport os\nimport pytest\n\n"
    'os.environ.setdefault("BRAINTRUST_API_KEY", "'
    + _t
    + '")\n\n\n@pytest.fixture(scope="session")\n'
    'def project():\n    return "support-bot-evals"\n',
    _t,
    "secret",
    "support-bot-evals",
)
_t = "ak-" + _F.uuid()
_s(
    "from arize.otel import register\n\ntracer_provider = register(\n"
    '    space_id="U3BhY2U6MTIzNDU6YWNtZQ==",\n    api_key="' + _t + '",\n'
    '    project_name="rag-prod",\n)\n',
    _t,
    "secret",
    "rag-prod",
)
_t = "hl_sk_" + _F.hex(48)
_s(
    'from humanloop import Humanloop\n\nhl = Humanloop(api_key="' + _t + '")\n'
    'resp = hl.prompts.call(path="support/triage", messages=[{"role": "user", "content": '
    "ticket}])\n",
    _t,
    "secret",
    "support/triage",
)
_t = _F.hex(32)
_s(
    '$ cat ~/.paperspace/config.json\n{\n  "team": "te4z9acme",\n  "apiKey": "' + _t + '",\n'
    '  "name": "acme-ml"\n}\n',
    _t,
    "secret",
    "te4z9acme",
)
_t = _F.uuid()
_s(
    "LEONARDO_API_KEY="
    + _t
    + "\nLEONARDO_MODEL_ID=aa77f04e-3eec-4034-9c07-d0f619684628\nOUTPUT_DIR=./renders\n",
    _t,
    "secret",
    "OUTPUT_DIR",
)
_t = _r(36, LOWER_AN)
_s(
    "SplitClientConfig config = SplitClientConfig.builder().setBlockUntilReadyTimeout(10000).buil"
    "d();\n"
    'SplitFactory factory = SplitFactoryBuilder.build("' + _t + '", config);\n'
    "SplitClient split = factory.client();\n",
    _t,
    "secret",
    "SplitFactoryBuilder.build",
)
_t = _r(44, URLSAFE)
_s(
    "# values.cerbos.yaml\ncerbos:\n  config:\n    hub:\n      credentials:\n"
    "        clientID: " + _r(12, UPPER_AN) + "\n        clientSecret: " + _t + "\n"
    "        workspaceSecret: null\n",
    _t,
    "secret",
    "values.cerbos.yaml",
)
_t = "sdbst_h256_" + _r(46, LOWER_AN)
_s(
    "$ zed context set prod grpc.authzed.com:443 "
    + _t
    + "\n$ zed schema read --context prod | head -3\n"
    "definition user {}\n",
    _t,
    "secret",
    "grpc.authzed.com:443",
)
_t = _r(32)
_s(
    'spicedb serve --grpc-preshared-key "' + _t + '" \\\n  --datastore-engine postgres \\\n'
    '  --datastore-conn-uri "postgres://spicedb@pg-authz:5432/spicedb?sslmode=disable"\n',
    _t,
    "secret",
    "--datastore-engine postgres",
)
_t = _r(32)
_s(
    "$ nhost secrets create GRAFANA_ADMIN_PASSWORD " + _t + "\nSecret created successfully!\n",
    _t,
    "password",
    "GRAFANA_ADMIN_PASSWORD",
)
_p = _F.phrase()
_s(
    "$ riak admin security add-user reporting password=" + _p + "\n"
    "$ riak admin security grant riak_kv.get on any to reporting\n",
    _p,
    "password",
    "riak_kv.get",
)
_t = _r(32)
_s(
    "# soketi.env\nSOKETI_DEFAULT_APP_ID=acme-live\nSOKETI_DEFAULT_APP_KEY=acme-live-key\n"
    "SOKETI_DEFAULT_APP_SECRET=" + _t + "\nSOKETI_METRICS_ENABLED=1\n",
    _t,
    "secret",
    "SOKETI_METRICS_ENABLED",
)
_t = "aks_" + _F.hex(60)
_s(
    "docker run -p 9092:9092 public.ecr.aws/warpstream-labs/warpstream_agent:latest agent \\\n"
    "  -bucketURL s3://acme-warpstream?region=eu-west-1 \\\n  -agentKey " + _t + " \\\n"
    "  -defaultVirtualClusterID vci_" + _F.uuid().replace("-", "_") + " -region eu-west-1\n",
    _t,
    "secret",
    "acme-warpstream",
)
_p, _p2 = _F.human(), _F.leet()
_s(
    "$ hashcat -m 1000 ntds.hashes --show\n"
    + _F.hex(32)
    + ":"
    + _p
    + "\n"
    + _F.hex(32)
    + ":"
    + _p2
    + "\n"
    "(audit 2024-Q2: 2 of 412 cracked, both reset)\n",
    (_p, _p2),
    ("password", "password"),
    "audit 2024-Q2",
)
_p = _F.human()
_s(
    "$ pdftk payslips-2024-05.pdf input_pw " + _p + " output payslips-2024-05.clear.pdf\n",
    _p,
    "password",
    "payslips-2024-05.clear.pdf",
)
_p = _F.password(14)
_s(
    "$ qpdf --password="
    + _p
    + " --decrypt contract-signed.pdf contract.pdf\n$ ls -l contract.pdf\n",
    _p,
    "password",
    "contract-signed.pdf",
)
_p = _F.phrase(" ")
_s(
    "$ veracrypt --text --mount /dev/sdb1 /mnt/vault --password='" + _p + "' --pim=0 "
    "--keyfiles= --protect-hidden=no\n",
    _p,
    "password",
    "/mnt/vault",
)
_p = _F.human()
_s(
    "$ steghide extract -sf cover.jpg -p " + _p + '\nwrote extracted data to "notes.txt".\n',
    _p,
    "password",
    "cover.jpg",
)
_p = _F.password(16)
_s(
    "C:\\exports> rar a -hp"
    + _p
    + " -m5 hr-export-2024.rar hr\\*.csv\n\nRAR 7.00   Copyright (c) 1993-2024 Alexander Roshal\n",
    _p,
    "password",
    "hr-export-2024.rar",
)
_t = _r(32)
_s(
    "# ~/.rd/rd.conf\nexport RD_URL=https://rundeck.acme.lan\nexport RD_TOKEN="
    + _t
    + "\nexport RD_COLOR=0\n",
    _t,
    "secret",
    "rundeck.acme.lan",
)
_p = _F.password(16)
_s(
    "$ awx --conf.host https://awx.acme.lan --conf.username admin --conf.password '"
    + _p
    + "' login\n"
    '{\n     "token": "..."\n}\n',
    _p,
    "password",
    "awx.acme.lan",
)
_t = _r(64, B64)
_s(
    "# config/prod.secret.exs (Akkoma)\nimport Config\n\nconfig :pleroma, Pleroma.Web.Endpoint,\n"
    '  http: [ip: {127, 0, 0, 1}, port: 4000],\n  secret_key_base: "' + _t + '",\n'
    '  signing_salt: "' + _r(8) + '"\n',
    _t,
    "secret",
    "Pleroma.Web.Endpoint",
)
_p = _F.url_password(20)
_s(
    "# .config/default.yml (Misskey)\nurl: https://social.acme.example/\nport: 3000\ndb:\n"
    "  host: db\n  port: 5432\n  db: misskey\n  user: misskey\n  pass: "
    + _p
    + "\nredis:\n  host: redis\n",
    _p,
    "password",
    "social.acme.example",
)
_p = _F.password(18)
_s(
    '# gotosocial config.yaml\nhost: "fedi.acme.example"\ndb-type: "postgres"\ndb-address: '
    '"pg-fedi"\n'
    'db-user: "gotosocial"\ndb-password: "' + _p + '"\ndb-database: "gotosocial"\n',
    _p,
    "password",
    "fedi.acme.example",
)
_p = _F.human()
_s(
    "# lemmy.hjson\n{\n  hostname: lemmy.acme.example\n  database: {\n    host: postgres\n"
    '    user: lemmy\n    password: "'
    + _p
    + '"\n  }\n  setup: {\n    admin_username: admin\n  }\n}\n',
    _p,
    "password",
    "lemmy.acme.example",
)
_p = _F.human()
_s(
    '<!-- advancedsettings.xml -->\n<advancedsettings version="1.0">\n  <services>\n'
    "    <webserver>true</webserver>\n    <webserverport>8080</webserverport>\n"
    "    <webserverusername>kodi</webserverusername>\n    <webserverpassword>"
    + _p
    + "</webserverpassword>\n"
    "  </services>\n</advancedsettings>\n",
    _p,
    "password",
    "webserverusername",
)
_t = _r(40)
_s(
    "$ cat ~/.metaflowconfig/config_prod.json\n{\n"
    '  "METAFLOW_SERVICE_URL": "https://metaflow.acme.lan/api",\n'
    '  "METAFLOW_SERVICE_AUTH_KEY": "' + _t + '",\n  "METAFLOW_DEFAULT_DATASTORE": "s3"\n}\n',
    _t,
    "secret",
    "metaflow.acme.lan",
)
_p = _F.password(16)
_s(
    "-- init.lua\nbox.cfg{ listen = 3301 }\nbox.once('schema-v1', function()\n"
    "    box.schema.user.create('app', { password = '" + _p + "' })\n"
    "    box.schema.user.grant('app', 'read,write,execute', 'universe')\nend)\n",
    _p,
    "password",
    "schema-v1",
)
_p = _F.password(16)
_s(
    "<!-- config/orientdb-server-config.xml -->\n<users>\n"
    '    <user resources="*" password="' + _p + '" name="root"/>\n'
    '    <user resources="connect,server.listDatabases" password="{PBKDF2WithHmacSHA256}'
    + _F.hex(48)
    + ":"
    + _F.hex(48)
    + ':65536" name="guest"/>\n</users>\n',
    _p,
    "password",
    "server.listDatabases",
)

# ---------------------------------------------------------------------------------------------
# Prose: chat, tickets and notes (English and other human languages)
# ---------------------------------------------------------------------------------------------

_p = _F.human()
_s(
    "[Threema, 09:14] Ines: wifi in the Lisbon office changed, it's "
    + _p
    + " now. guest net unchanged\n",
    _p,
    "password",
    "Lisbon office",
)
_p = _F.password()
_s(
    "Keybase chat · acme.ops#general\nrafael: the staging admin login for the new Grafana is "
    "admin / " + _p + " — I'll rotate it after the demo\n",
    _p,
    "password",
    "acme.ops#general",
)
_t = _r(40)
_s(
    "Campfire · #deploys\nDana  10:41 AM\nheroku is gone, for the cron box use this token until "
    "Friday: " + _t + "\nDana  10:42 AM\n(it's scoped to the reports app only)\n",
    _t,
    "secret",
    "#deploys",
)
_p = _F.phrase()
_s(
    'Twist thread: "Laptop handover for Noor"\nPriya: BitLocker recovery is in Intune, but the '
    "local admin "
    "I set is `" + _p + "` — Noor please change it on first login.\n",
    _p,
    "password",
    "Laptop handover for Noor",
)
_p = _F.leet()
_s(
    "Ticket #58213 (osTicket) — Reply from Tomás\nHi, I reset the shared mailbox password to "
    + _p
    + " as requested. It expires in 90 days.\n",
    _p,
    "password",
    "Ticket #58213",
)
_t = _r(32, HEX)
_s(
    "RT #77104: [acme #77104] Nightly export failing\nRequestor: data-team@acme.io\n\n"
    "The vendor sent us a new key this morning, " + _t + ", replacing the one in the vault. "
    "Please update the export job.\n",
    _t,
    "secret",
    "RT #77104",
)
_p = _F.human()
_s(
    "Bug 1902231 - install script fails on Fedora 40\nComment 6: I reproduced it with the demo VM "
    "(user `demo`, password `" + _p + "`), logs attached.\n",
    _p,
    "password",
    "Bug 1902231",
)
_t = _r(48, URLSAFE)
_s(
    "(XMPP) ops@conference.acme.io\n[11:02] <lena> can someone paste the new webhook secret for "
    "the "
    "billing relay?\n[11:03] <jon> " + _t + "\n[11:03] <lena> thx\n",
    _t,
    "secret",
    "ops@conference.acme.io",
)
_p = _F.human()
_s(
    "Kerido Avram, la kontrasenya muevo del servidor de prova es "
    + _p
    + ". No la mandes por posta, "
    "te rogo. Saludos de Izmir.\n",
    _p,
    "password",
    "Izmir",
)
_p = _F.password(16)
_s(
    "Ciao Ester, la parora d'ordin nöia por le server de test é " + _p + " — ne la dé nia inant, "
    "deach? (Corvara, 3 de jügn)\n",
    _p,
    "password",
    "Corvara",
)
_p = _F.leet()
_s(
    "Salut Roger, ch'mot d'passe pour l'machine d'intégration ch'est "
    + _p
    + ". Ne l'donne point à personne, hein. — Jérôme (Amiens)\n",
    _p,
    "password",
    "Amiens",
)
_t = _r(40)
_s(
    "Adishatz Pèir, lo token de l'API de facturacion qu'ei "
    + _t
    + ". Non lo botis pas dens lo depaus, "
    "se vos platz.\n",
    _t,
    "secret",
    "facturacion",
)
_p = _F.human()
_s(
    "Bonjor Marie, lo mot de passo du sèrvor de sôvegârda est " + _p + ". Lo balye a nion, "
    "y est por tè solèta.\n",
    _p,
    "password",
    "sôvegârda",
)
_p = _F.password()
_s(
    "Hola Juan, la contraseña nueva del sirvior de pruebas es " + _p + ". No se la des a naidi, "
    "que me la pidin tos. (Plasencia)\n",
    _p,
    "password",
    "Plasencia",
)
_p = _F.phrase()
_s(
    "Bonas, Xuan: la contraseña del sirvidor de copies ye " + _p + ". Nun-y la digas a naide, "
    "val? Mañana cámbiola.\n",
    _p,
    "password",
    "copies",
)
_p = _F.human()
_s(
    "Ciao Gigèto, la paròla d'urdan dal server ed prôva l'è " + _p + ". An la dèr a inción, "
    "ch'la scôra vènnerdé. (Bulåggna)\n",
    _p,
    "password",
    "Bulåggna",
)
_p = _F.leet()
_s(
    "Salam Karim, l'mot de passe dyal serveur jdid howa " + _p + " — ma t3tih l 7ta wa7ed, "
    "ghadi nbeddlou nhar sebt.\n",
    _p,
    "password",
    "Karim",
)
_p = _F.password(16)
_s(
    "يا باشا، الباسورد بتاع سيرفر التست الجديد " + _p + " ، متديهوش لحد لحد ما نغيره بكرة.\n",
    _p,
    "password",
    "سيرفر التست",
)
_t = _r(40)
_s(
    "مرحبا رامي، هاد التوكن تبع ال API الجديد: " + _t + " — لا تحطو بالريبو، حطو بال vault.\n",
    _t,
    "secret",
    "vault",
)
_p = _F.human()
_s(
    "3aslema Amine, el password mta3 el VPN jdid houwa "
    + _p
    + ". Ma tab3athouch 3al Messenger ya3tik essa7a.\n",
    _p,
    "password",
    "Amine",
)
_p = _F.password()
_s(
    "Car Paulo, le contrasigno del servitor de production es " + _p + ". Per favor, non lo divide "
    "con alteres. Illo expira le 30 de junio.\n",
    _p,
    "password",
    "servitor de production",
)
_p = _F.phrase()
_s(
    "Saluto Maria! La pasovorto di la servilo di probo esas " + _p + ". Ne donez ol ad altri, "
    "me chanjos ol morge.\n",
    _p,
    "password",
    "servilo di probo",
)
_p = _F.human()
_s(
    "jan Lisa o, nimi open pi ilo sona sin li " + _p + ". o pana ala e ona tawa jan ante. "
    "mi ante e ona lon tenpo suno kama.\n",
    _p,
    "password",
    "jan Lisa",
)
_p = _F.password(15)
_s(
    "Zdravo Petre! Lozinka do novogo servera jest " + _p + ". Ne davaj jej nikomu, ja ju izměnju "
    "v pętok.\n",
    _p,
    "password",
    "Zdravo Petre",
)
_t = _r(32)
_s(
    "Misawa Otieno, token mar API manyien en " + _t + ". Kik imiye ng'ato machielo, to kik iket "
    "e GitHub.\n",
    _t,
    "secret",
    "Otieno",
)
_p = _F.human()
_s(
    "Bang Ucok, password server baro nyoe "
    + _p
    + ". Bek neubri keu gob laén, beh. Singoh lôn gantoe.\n",
    _p,
    "password",
    "Ucok",
)
_p = _F.leet()
_s(
    "Bang, password servernye yang baru "
    + _p
    + ", jangan dikasi ke orang laen ye. Entar aye ganti lagi.\n",
    _p,
    "password",
    "servernye",
)
_p = _F.password(16)
_s(
    "Kaka, password sin server baha' "
    + _p
    + ". Ayaw mu ipakita ha kaibanan, baguhun ku ini ha Juma'at.\n",
    _p,
    "password",
    "Juma'at",
)
_p = _F.human()
_s(
    "Manong Ben, say baloy a password na server et "
    + _p
    + ". Agmo ibaga ed arum a too, ta sikatoy "
    "nalaman na amin.\n",
    _p,
    "password",
    "Manong Ben",
)
_p = _F.phrase()
_s(
    "भइया, नयका सर्वर का पासवर्ड " + _p + " बा। केहू का न बताया, काल्हि बदल देब।\n",
    _p,
    "password",
    "सर्वर",
)
_p = _F.password()
_s(
    "भाई, नए सर्वर का पासवर्ड " + _p + " सै, किसे नै ना बताइये। परसों बदल द्यांगे।\n",
    _p,
    "password",
    "परसों",
)
_t = _r(40)
_s(
    "ভাই, নয়া এপিআই টোকেন অইলো " + _t + " — কেউরে দিও না, গিটহাবো রাখিও না।\n",
    _t,
    "secret",
    "এপিআই",
)
_p = _F.human()
_s(
    "Pu Zova, server password thar chu " + _p + " a ni. Midang hnenah pe suh ang che, naktukah "
    "ka thlak leh ang.\n",
    _p,
    "password",
    "Pu Zova",
)
_p = _F.leet()
_s(
    "Lačho dives, o password le neve serveresko si "
    + _p
    + ". Na de les khanikaske, tajsa les paruvava.\n",
    _p,
    "password",
    "Lačho dives",
)
_p = _F.password(16)
_s(
    "Салам, Арслан! Янгы серверни пароли " + _p + ". Гьеч кимге айтма, эртен алышдырарман.\n",
    _p,
    "password",
    "Арслан",
)

# ---------------------------------------------------------------------------------------------
# Look-alikes: commit ids, digests and build ids
# ---------------------------------------------------------------------------------------------

_l(
    "$ git bisect log\ngit bisect start\n# bad: [" + _F.hex(40) + "] chore(release): 2.14.0\n"
    "git bisect bad "
    + _F.hex(40)
    + "\n# good: ["
    + _F.hex(40)
    + "] fix(api): pagination off by one\n"
    "git bisect good " + _F.hex(40) + "\n"
)
_l(
    "$ git notes --ref=deploys show HEAD\ndeployed-to: prod-eu\npipeline: 1184377\n"
    "image: registry.acme.lan/api@sha256:" + _F.sha256() + "\n"
)
_l(
    "$ git worktree list\n/home/kat/src/quill       " + _F.hex(7) + " [main]\n"
    "/home/kat/wt/hotfix-812   " + _F.hex(7) + " [hotfix/812-null-deref]\n"
    "/home/kat/wt/split-docs   " + _F.hex(7) + " (detached HEAD)\n"
)
_l(
    "$ sl log -l 2\ncommit:      "
    + _F.hex(12)
    + "\nuser:        Mei Tan <mei@acme.io>\ndate:        Mon Jun 03 10:12:44 2024 +0800\n"
    "summary:     sync: retry on 429\n\ncommit:      "
    + _F.hex(12)
    + "\nuser:        Ravi K <ravi@acme.io>\n"
    "summary:     ci: pin actions\n"
)
_l(
    "$ darcs log --last 1\npatch "
    + _F.hex(40)
    + "\nAuthor: anna@acme.io\nDate:   Fri May 31 17:02:11 CEST 2024\n"
    "  * resolve conflict in Setup.hs\n"
)
_l(
    '// .release-please-manifest.json\n{\n  ".": "3.8.0",\n  "packages/client": "1.12.2"\n}\n'
    "// last release commit: " + _F.hex(40) + "\n"
)
_l(
    "[semantic-release] › ℹ  Found git tag v4.2.1 associated with version 4.2.1 on branch main\n"
    "[semantic-release] › ℹ  Found 7 commits since last release\n"
    "[semantic-release] [@semantic-release/commit-analyzer] › ℹ  Analyzing commit: "
    + _F.hex(40)
    + "\n"
)
_l(
    "$ lakectl log lakefs://analytics/main --amount 2\nID:            " + _F.sha256() + "\n"
    "Author:        etl-bot\nDate:          2024-06-03 04:00:12 +0000 UTC\nMessage:       "
    "nightly ingest\n\n"
    "ID:            " + _F.sha256() + "\nAuthor:        dana\n"
)
_l(
    "Build #4412 properties:\n  got_revision      "
    + _F.hex(40)
    + "    Git\n  buildername       linux-amd64\n"
    "  workername        linux-amd64-1\n  scheduler         on-push\n"
)
_l(
    "$ codefresh get builds --limit 2\nBUILD ID                   PIPELINE NAME      BRANCH  "
    "STATUS   COMMIT\n"
    + _F.hex(24)
    + "   acme/publish_chart  main    success  "
    + _F.hex(7)
    + "\n"
    + _F.hex(24)
    + "   acme/publish_chart  main    error    "
    + _F.hex(7)
    + "\n"
)
_l(
    "$ nerdctl images --digests\nREPOSITORY          TAG      DIGEST                             "
    "                                        IMAGE ID        SIZE\n"
    "registry.acme.lan/api  2.14.0   sha256:" + _F.sha256() + "    " + _F.hex(12) + "    61.2 MiB\n"
)
_l("$ regctl image digest harbor.acme.lan/platform/api:2.14.0\nsha256:" + _F.sha256() + "\n")
_l(
    "$ notation verify acmecr.azurecr.io/web@sha256:" + _F.sha256() + "\n"
    "Successfully verified signature for acmecr.azurecr.io/web@sha256:" + _F.sha256()[:12] + "...\n"
)
_l(
    "$ spack find -l hdf5 openmpi\n-- linux-rocky9-zen3 / gcc@13.2.0 "
    "-------------------------------\n"
    + _r(7, "abcdefghijklmnopqrstuvwxyz234567")
    + " hdf5@1.14.3  "
    + _r(7, "abcdefghijklmnopqrstuvwxyz234567")
    + " openmpi@5.0.3\n==> 2 installed packages\n"
)
_l(
    '"concrete_specs": {\n  "'
    + _r(32, "abcdefghijklmnopqrstuvwxyz234567")
    + '": {\n    "name": "zlib-ng",\n'
    '    "version": "2.1.6",\n    "hash": "'
    + _r(32, "abcdefghijklmnopqrstuvwxyz234567")
    + '"\n  }\n}\n'
)
_l(
    "quill_sdk-0.9.1.dist-info/RECORD:\nquill_sdk/__init__.py,sha256=" + _F.urlb64(32) + ",1187\n"
    "quill_sdk/_native.abi3.so,sha256="
    + _F.urlb64(32)
    + ",5423104\nquill_sdk-0.9.1.dist-info/RECORD,,\n"
)
_l(
    '<link rel="stylesheet" href="/css/main.min.' + _F.hex(64) + '.css"\n'
    '      integrity="sha256-' + _F.b64(32) + '" crossorigin="anonymous">\n'
)
_l(
    '  "assetsByChunkName": {\n    "app": ["app-' + _F.hex(20) + '.js"],\n'
    '    "component---src-pages-index-tsx": ["component---src-pages-index-tsx-'
    + _F.hex(20)
    + '.js"]\n  }\n'
)
_l(
    "$ duplicity collection-status file:///mnt/backup/home\nFound primary backup chain with "
    "matching signature chain:\n"
    "-------------------------\nChain start time: Mon Jun  3 02:00:04 2024\nNumber of contained "
    "backup sets: 4\n"
    "Total number of contained volumes: 37\n"
)
_l(
    '$ s5cmd ls --etag s3://acme-raw/events/2024/05/\n2024/06/01 02:11:40      48211977 "'
    + _F.hex(32)
    + '-6" part-0000.parquet\n2024/06/01 02:11:52      47110244 "'
    + _F.hex(32)
    + '-6" part-0001.parquet\n'
)
_l(
    "Downloading model meta-llama/Meta-Llama-3-8B-Instruct at revision " + _F.hex(40) + "\n"
    "2024-06-03T09:12:41Z  INFO text_generation_launcher: Sharding model on 2 processes\n"
)
_l(
    "Workflow starting (run-id 1717405923018821):\n[1717405923018821/start/1 (pid 41233)] Task "
    "is starting.\n"
    "[1717405923018821/start/1 (pid 41233)] Task finished successfully.\n"
)
_l(
    "$ bentoml list\n Tag                                Size       Model Size  Creation Time\n"
    " summarizer:"
    + _r(16, "abcdefghijklmnopqrstuvwxyz0123456789")
    + "  29.14 KiB  0.00 B      2024-06-03 10:22:18\n"
)
_l(
    '{\n  "deployment": {\n    "deploymentId": "' + _F.uuid() + '",\n    "status": "Succeeded",\n'
    '    "environment": "production",\n    "sourceSha": "' + _F.hex(40) + '"\n  }\n}\n'
)
_l(
    "$ aws lightsail get-operation --operation-id " + _F.uuid() + '\n{\n  "operation": {\n'
    '    "resourceName": "wp-db",\n    "operationType": "CreateRelationalDatabase",\n'
    '    "status": "Succeeded"\n  }\n}\n'
)
_l(
    "$ spin registry push ghcr.io/acme/weather:0.3.0\nPushing app to the Registry...\n"
    "Pushed with digest sha256:" + _F.sha256() + "\n"
)

# ---------------------------------------------------------------------------------------------
# Look-alikes: public keys, certificates and fingerprints
# ---------------------------------------------------------------------------------------------

_l(
    "$ sq key list\n - " + _F.hex(40).upper() + "\n   - created 2024-05-28 09:41:02 UTC\n"
    "   - <backup@acme.io>\n"
)
_l(
    '$ openssl x509 -noout -fingerprint -sha256 -in "$(mkcert -CAROOT)/rootCA.pem"\nsha256 '
    "Fingerprint=" + ":".join(_F.hex(2).upper() for _ in range(32)) + "\n"
)
_l(
    "# /etc/tinc/meshnet/hosts/gw_ams\nAddress = 203.0.113.40\nSubnet = 10.40.0.0/16\n\n"
    + _F.pub_pem().replace("PUBLIC KEY", "RSA PUBLIC KEY")
    + "\n"
)
_l(
    "[root@hub ~]# cat /var/cfengine/ppkeys/localhost.pub\n"
    + _F.pub_pem().replace("PUBLIC KEY", "RSA PUBLIC KEY")
    + "\n"
)
_l('vyos@edge01# show pki ca acme-root\n certificate "' + _F.b64(720) + '"\n')
_l("$ jq -r .cert ~/.ziti/identities/laptop.json | sed 's/^pem://'\n" + _F.cert() + "\n")
_l(
    "$ curl -s https://authenticate.acme.io/.well-known/pomerium/jwks.json\n"
    '{"keys":[{"use":"sig","kty":"EC",'
    '"kid":"'
    + _F.hex(64)
    + '","crv":"P-256","alg":"ES256","x":"'
    + _F.urlb64(32)
    + '","y":"'
    + _F.urlb64(32)
    + '"}]}\n'
)
_l("$ cat ~/.vespa/acme.search.default/data-plane-public-cert.pem\n" + _F.cert() + "\n")
_l(
    '<md:KeyDescriptor use="signing">\n  <ds:KeyInfo '
    'xmlns:ds="http://www.w3.org/2000/09/xmldsig#">\n'
    "    <ds:X509Data>\n      <ds:X509Certificate>" + _F.b64(780) + "</ds:X509Certificate>\n"
    "    </ds:X509Data>\n  </ds:KeyInfo>\n</md:KeyDescriptor>\n"
)
_l(
    '"certs": [{\n  "name": "cert-acme",\n  "scope": "JWT",\n  "certificate": "'
    + escaped(_F.cert())
    + '",\n  "privateKey": ""\n}]\n'
)
_l("$ cat tls/ca.crt\n" + _F.cert() + "\n")
_l(
    "Searching for host...\nConnecting to host...\nThe server's host key was not found in the "
    "cache.\n"
    "Host key fingerprint is ssh-ed25519 255 "
    + _F.ssh_fingerprint()[7:]
    + ".\nContinue connecting and add host key to the cache?\n"
)
_l(
    "# nebius iam auth-public-key create --account-service-account-id "
    'serviceaccount-e00f9e8d7c6b5a --data "$(cat pub.pem)"\n' + _F.pub_pem() + "\n"
)
_l(
    "PRIVY_AUTHORIZATION_PUBLIC_KEY="
    + _F.b64(91)
    + "\n# the private half stays in the KMS, this one goes on the key quorum\n"
)
_l(
    'C:\\> certutil -dump client.pem | findstr /C:"Cert Hash(sha1)"\nCert Hash(sha1): '
    + _F.hex(40)
    + "\n"
)
_l(
    "authorized keys for deploy on dgraph-alpha-0:\n"
    + _F.ssh_pub()
    + " deploy@ci\n"
    + _F.ssh_pub()
    + " ana@laptop\n"
)
_l(
    "$ sq inspect release.pgp\nrelease.pgp: OpenPGP Certificate.\n\n    Fingerprint: "
    + _F.hex(40).upper()
    + "\n"
    "Public-key algo: EdDSA\n      Key flags: certification\n"
)

# ---------------------------------------------------------------------------------------------
# Look-alikes: client-side keys documented as public
# ---------------------------------------------------------------------------------------------

_l(
    '<script>\n  _affirm_config = {\n    public_api_key: "' + _r(16, UPPER_AN) + '",\n'
    '    script: "https://cdn1.affirm.com/js/v2/affirm.js"\n  };\n</script>\n'
)
_l(
    "// browser SDK: the client-side key is meant to ship in the bundle\nconst factory = "
    "SplitFactory({\n"
    "  core: { authorizationKey: '" + _r(36, LOWER_AN) + "', key: user.id },\n})\n"
)
_l(
    "const gb = new GrowthBook({\n  apiHost: 'https://cdn.growthbook.io',\n  clientKey: 'sdk-"
    + _r(16)
    + "',\n"
    "  enableDevMode: false,\n})\n"
)
_l("optimizely.createInstance({ sdkKey: '" + _r(22) + "' })  // datafile is public, see docs\n")
_l(
    "const devcycleClient = initializeDevCycle(\n  'dvc_client_"
    + _F.uuid().replace("-", "_")
    + "_"
    + _F.hex(7)
    + "',\n  { user_id: user.id },\n)\n"
)
_l("const magic = new Magic('pk_live_" + _F.hex(16).upper() + "', { network: 'mainnet' })\n")
_l(
    '<PrivyProvider appId="clx9acme0000'
    + _r(8, LOWER_AN)
    + "\" config={{ loginMethods: ['email', 'wallet'] }}>\n"
)
_l(
    '<script src="https://appsignal-cdn.example/appsignal.js"></script>\n'
    '<script>const appsignal = new Appsignal({ key: "' + _F.uuid() + '" })</script>\n'
)
_l(
    "<script>\nvar _prum = [['id', '"
    + _F.hex(24)
    + "'],\n            ['mark', 'firstbyte', (new Date()).getTime()]];\n</script>\n"
)
_l(
    "window.Casdoor = new SDK({\n  serverUrl: 'https://door.acme.io',\n  clientId: '"
    + _F.hex(20)
    + "',\n"
    "  appName: 'portal',\n  organizationName: 'acme',\n  redirectPath: '/callback',\n})\n"
)
_l("Instabug.init({ token: '" + _F.hex(32) + "', invocationEvents: [InvocationEvent.shake] })\n")
_l(
    '<form action="https://formspree.io/f/'
    + _r(8, LOWER_AN)
    + '" method="POST">\n  <input type="email" name="email">\n</form>\n'
)
_l(
    '<iframe data-tally-src="https://tally.so/embed/'
    + _r(6)
    + '?alignLeft=1&hideTitle=1" width="100%"></iframe>\n'
)
_l('<script src="https://form.jotform.com/jsform/241538812345"></script>\n')

# ---------------------------------------------------------------------------------------------
# Look-alikes: ids, ETags, trace ids and cursors
# ---------------------------------------------------------------------------------------------

_l(
    '{\n  "id": "<'
    + _r(14, DIGITS)
    + "."
    + _F.hex(16)
    + '@mg.acme.io>",\n  "message": "Queued. Thank you."\n}\n'
)
_l(
    "2024-06-03T10:02:11Z genesys-sync conversation="
    + _F.uuid()
    + " queue="
    + _F.uuid()
    + " wrapup=resolved duration_s=412\n"
)
_l(
    "BitPay invoice created: id="
    + _r(22, AN)
    + " status=new price=49.00 EUR url=https://bitpay.com/i/"
    + _r(22)
    + "\n"
)
_l(
    '{"payment_id": "'
    + _r(10, DIGITS)
    + '", "payment_status": "waiting", "pay_address": "bc1q'
    + _r(38, "023456789acdefghjklmnpqrstuvwxyz")
    + '", "price_amount": 49}\n'
)
_l("OpenNode charge " + _F.uuid() + " paid (lightning), order #A-10482\n")
_l(
    '{"id": "ORDE_'
    + _F.uuid().upper()
    + '", "reference_id": "pedido-88123", "charges": [{"id": "CHAR_'
    + _F.uuid().upper()
    + '", "status": "PAID"}]}\n'
)
_l(
    "order_status=Success&tracking_id="
    + _r(12, DIGITS)
    + "&bank_ref_no="
    + _r(10, DIGITS)
    + "&order_id=ACM-2024-4481\n"
)
_l(
    '{"success": true, "payment_request": {"id": "'
    + _F.hex(32)
    + '", "status": "Pending", "longurl": "https://www.instamojo.com/@acme/'
    + _F.hex(32)
    + '"}}\n'
)
_l(
    "GET https://api.capsulecrm.com/api/v2/parties/"
    + _r(9, DIGITS)
    + ' → 200 (Organisation "Northwind Ltd")\n'
)
_l(
    '{\n  "records": {"totalRecords": 412, "currentPageSize": 100, "currentPageNumber": 0,\n'
    '    "cursor": "'
    + b64url_json({"offset": 100, "fromDateTime": "2024-06-01T00:00:00Z"})
    + '"},\n'
    '  "calls": [{"id": "' + _r(19, DIGITS) + '"}]\n}\n'
)
_l("https://app.fireflies.ai/view/Weekly-ops-sync::" + _r(10, UPPER_AN + DIGITS) + "\n")
_l("Loom: https://www.loom.com/share/" + _F.hex(32) + "  (repro of the checkout freeze, 1:42)\n")
_l(
    '{"responseCode": 200, "content": [{"id": "'
    + _r(19, DIGITS)
    + '", "form_id": "241538812345", "status": "ACTIVE"}]}\n'
)
_l(
    "https://www.surveymonkey.com/r/"
    + _r(7, UPPER_AN)
    + "  (collector "
    + _r(9, DIGITS)
    + ", closes Friday)\n"
)
_l('{"result": {"responseId": "R_' + _r(15) + '", "values": {"finished": 1, "duration": 311}}}\n')
_l(
    '"pageInfo": {\n  "hasNextPage": true,\n  "endCursor": "' + _r(25, LOWER_AN) + '"\n},\n'
    '"aggregate": {"count": 1203}\n'
)
_l(
    '{"data": [{"id": "'
    + _r(22, URLSAFE)
    + '", "type": "item", "attributes": {"title": "Release notes 2.14"}}], "meta": {"total_count": '
    "87}}\n"
)
_l(
    '{"person": {"id": "'
    + _F.hex(24)
    + '", "name": "Ana Ruiz", "title": "VP Engineering", "organization_id": "'
    + _F.hex(24)
    + '"}}\n'
)
_l(
    "trace "
    + _F.hex(32)
    + "  span "
    + _F.hex(16)
    + "  service=checkout  duration=812ms  status=ERROR\n"
)
_l(
    "HTTP/1.1 502 Bad Gateway\nX-Gravitee-Transaction-Id: "
    + _F.uuid()
    + "\nX-Gravitee-Request-Id: "
    + _F.uuid()
    + "\nContent-Length: 0\n"
)
_l(
    '127.0.0.1 - - [03/Jun/2024:10:11:12 +0000] "GET /rc/account/~ HTTP/1.1" 200 412 "-" '
    '"curl/8.5.0" request_id=' + _F.hex(32) + "\n"
)
_l(
    "X-Amzn-Trace-Id: Root=1-"
    + _F.hex(8)
    + "-"
    + _F.hex(24)
    + ";Parent="
    + _F.hex(16)
    + ";Sampled=1\n"
)
_l(
    'HTTP/1.1 200 OK\nETag: "'
    + _F.hex(40)
    + '"\nCache-Control: max-age=60\nContent-Type: application/json\n'
)
_l(
    '{"pathId": "/document/v1/catalog/product/docid/'
    + _F.uuid()
    + '", "id": "id:catalog:product::'
    + _F.uuid()
    + '"}\n'
)

# ---------------------------------------------------------------------------------------------
# Look-alikes: stored password hashes
# ---------------------------------------------------------------------------------------------

_B = "./ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
_l(
    '{\n  "owner": "acme",\n  "name": "ops-bot",\n  "password": "$2a$10$' + _r(53, _B) + '",\n'
    '  "passwordType": "bcrypt",\n  "passwordSalt": ""\n}\n'
)
_l(
    "openGauss=# select rolname, substr(rolpassword, 1, 80) from pg_authid where rolname = 'app';\n"
    " rolname |                                   substr\n"
    "---------+------------------------------------------\n"
    " app     | sha256" + _F.hex(74) + "\n"
)
_l(
    "# realm.properties (Rundeck)\nadmin:MD5:"
    + _F.hex(32)
    + ",user,admin\nops:MD5:"
    + _F.hex(32)
    + ",user\n"
)
_l(
    "tarantool> box.space._user.index.name:get{'app'}\n---\n- [32, 1, 'app', 'user', "
    "{'chap-sha1': '" + _F.b64(20) + "'}]\n...\n"
)
_l("wp_users: 1 | admin | $P$B" + _r(30, _B) + " | admin@acme-blog.example\n")
_l(
    "lemmy=# select name, password_encrypted from local_user join person on person.id = "
    "person_id limit 1;\n"
    " admin | $2b$12$" + _r(53, _B) + "\n"
)
_l(
    "kingbase=# select usename, passwd from sys_shadow where usename = 'erp';\n erp     | md5"
    + _F.hex(32)
    + "\n"
)
_l(
    "obclient> select user, authentication_string from mysql.user where user = 'app';\n| app  | *"
    + _F.hex(40).upper()
    + " |\n"
)
_l(
    "gotosocial=# select username, encrypted_password from users limit 1;\n admin | $2a$10$"
    + _r(53, _B)
    + "\n"
)
_l(
    '<user resources="*" password="{PBKDF2WithHmacSHA256}'
    + _F.hex(48).upper()
    + ":"
    + _F.hex(48).upper()
    + ':65536" name="root"/>\n'
)
_l(
    'misskey=# select "userId", password from user_profile limit 1;\n '
    + _r(10, LOWER_AN)
    + " | $2a$08$"
    + _r(53, _B)
    + "\n"
)

# ---------------------------------------------------------------------------------------------
# Look-alikes: references, placeholders and masked values
# ---------------------------------------------------------------------------------------------

_l(
    "steps:\n  publish_chart:\n    image: alpine/helm:3.14.4\n    environment:\n"
    "      - GITLAB_TOKEN=${{GITLAB_TOKEN}}\n      - CHART_VERSION=${{CF_SHORT_REVISION}}\n"
)
_l(
    "releases:\n  - name: api\n    chart: platform/api\n    values:\n"
    "      - db:\n          password: ref+vault://secret/data/prod/api#/db_password\n"
    '          user: {{ requiredEnv "DB_USER" }}\n'
)
_l(
    'inputs = {\n  master_username = "orders"\n  master_password = '
    'get_env("TG_ORDERS_DB_PASSWORD")\n}\n'
)
_l(
    "c['workers'] = [worker.Worker('linux-amd64-1', util.Secret('worker-linux-amd64-1'))]\n"
    "c['secretsProviderManager'] = util.SecretInAFile(dirname='/var/lib/buildbot/secrets')\n"
)
_l(
    "$ spack mirror add --oci-username-variable OCI_USER --oci-password-variable OCI_TOKEN "
    "acme-oci oci://ghcr.io/acme-hpc/spack-buildcache\n"
)
_l(
    "template:\n  containers:\n    - name: orders-api\n      env:\n        - name: DB_PASSWORD\n"
    "          secretRef: db-password\n        - name: QUEUE_KEY\n          secretRef: queue-key\n"
)
_l(
    "var secrets struct {\n    StripeSecretKey  string // live key comes from `encore secret set "
    "--type prod`\n    SlackWebhookPath string\n}\n"
)
_l(
    '@secrets(sources=["prod-warehouse-creds"])\n@step\ndef load(self):\n    conn = '
    'connect(os.environ["WAREHOUSE_PASSWORD"])\n'
)
_l(
    "envs:\n  - name: ANTHROPIC_API_KEY   # set on BentoCloud: bentoml secret create anthropic\n "
    " - name: MAX_INPUT_CHARS\n    value: '48000'\n"
)
_l(
    '[component.weather]\nsource = "target/wasm32-wasi/release/weather.wasm"\n'
    '[component.weather.variables]\napi_key = "{{ weather_api_key }}"\n'
)
_l(
    '# Secrets.toml.example — copy to Secrets.toml\nDISCORD_TOKEN_GUILD = "<guild id>"\n'
    'OPENWEATHER_KEY = "<your-openweather-key>"\n'
)
_l("# .env.example\nCHAINLIT_AUTH_SECRET=\nOPENAI_API_KEY=your-key-here\nLITERAL_DISABLE=true\n")
_l(
    'command: |-\n  curl --header "PRIVATE-TOKEN: {{token}}" '
    '"https://gitlab.example.org/api/v4/projects/{{project_id}}"\narguments:\n  - name: token\n  '
    "  description: a personal access token (read_api)\n"
)
_l(
    "profiles:\n  prod:\n    data:\n      host: https://reports.acme.io\n      token: "
    '"{{chains.auth_token}}"\n'
)
_l(
    "$ az containerapp secret list -n orders-api -g rg-prod -o table\nName             Value\n"
    "---------------  -------\ndb-password\nqueue-key\n"
)
_l(
    "$ appcircle environment-variable list --variableGroupId "
    "8d1c6a8e-2f4b-4c1a-9e55-0c6f7b2a9d10\nKEY                          VALUE      SECRET\n"
    "ANDROID_KEYSTORE_PASSWORD    ********   true\nGRADLE_OPTS                  -Xmx4g     "
    "false\n"
)
_l("<account-access-key>${APPDYNAMICS_AGENT_ACCOUNT_ACCESS_KEY}</account-access-key>\n")
_l(
    "signing_key_file: /run/secrets/pomerium-signing-key.pem\ncookie_secret_file: "
    "/run/secrets/pomerium-cookie\n"
)
_l(
    '$ docker-credential-pass list\n{"quay.acme.lan":"acme+builder","registry.acme.lan:5000":"ci-'
    'pusher"}\n'
)
_l(
    "$ teller show\n[vault prod/api] DB_PASSWORD = Rh*****\n[vault prod/api] STRIPE_KEY  = "
    "sk*****\n"
)
_l(
    "# .env.example — copy to .env and fill in\nRC_JWT=<paste the JWT credential from the "
    "developer console>\nRC_CLIENT_SECRET=changeme\n"
)
_l('hl = Humanloop(api_key=os.environ["HUMANLOOP_API_KEY"])\n')
_l(
    'spicedb serve --grpc-preshared-key "$(cat /run/secrets/spicedb-psk)" --datastore-engine '
    "memory\n"
)
_l('# lemmy.hjson\n{\n  database: {\n    password: "${LEMMY_DB_PASSWORD}"\n  }\n}\n')

# ---------------------------------------------------------------------------------------------
# Look-alikes: settings named like secrets, error messages
# ---------------------------------------------------------------------------------------------

_l("password_policy:\n  min_length: 12\n  require_symbol: true\n  max_age_days: 90\n  history: 5\n")
_l("jwt:\n  expire-after: 604800\n  issuer: gravitee-management-auth\n  cookie-secure: true\n")
_l('token_ttl = "1h"\ntoken_max_ttl = "24h"\nsecret_id_num_uses = 0\nsecret_rotation_days = 30\n')
_l("api_key_header: X-Api-Key\napi_key_query_param: null\nrate_limit_per_key: 600\n")
_l("PASSWORD_RESET_TIMEOUT=3600\nSESSION_COOKIE_SECURE=True\nCSRF_COOKIE_NAME=acme_csrftoken\n")
_l(
    "mailgun.exceptions.HTTPError: 401 Client Error: UNAUTHORIZED for url: "
    "https://api.mailgun.net/v3/mg.acme.io/messages\nForbidden\n"
)
_l("Error: Missing required environment variable MAILGUN_API_KEY (see .env.example)\n")
_l(
    "chainlit.auth: You must provide a JWT secret in the environment to use authentication. Run "
    "`chainlit create-secret` to generate one.\n"
)
_l("<webserverauthentication>false</webserverauthentication>\n<webserverssl>false</webserverssl>\n")
_l("Skylight::ConfigError: authentication token required (set SKYLIGHT_AUTHENTICATION)\n")
_l(
    "[Security]\nkey_size = 4096\npassword_hash = argon2id\ntoken_length = 32\nsecret_storage = "
    "vault\n"
)
_l(
    "PermissionError: [Errno 13] Permission denied: "
    "'/home/ana/.vespa/acme.search.default/data-plane-private-key.pem'\n"
)
_l(
    'garnet: AuthenticationMode=Password requires --password or "Password" in garnet.conf; '
    "refusing to start\n"
)

# ---------------------------------------------------------------------------------------------
# Look-alikes: connection strings and commands without a secret
# ---------------------------------------------------------------------------------------------

_l(
    "$ export NZ_PASSWORD=$(pass show netezza/etl_admin)\n$ nzsql -host nzprod -u etl_admin -d "
    "SALES\n"
)
_l(
    "$ tt connect localhost:3301\n   • Connecting to the instance...\n   • Connected to "
    "localhost:3301\n"
)
_l('db-uri = "postgres://authenticator@localhost:5432/app"  # password via PGPASSFILE\n')
_l("jdbc:kingbase8://10.3.0.4:54321/ERP?user=system&currentSchema=erp&loggerLevel=OFF\n")
_l(
    "Driver={ODBC Driver 18 for SQL Server};Server=tcp:sql01.acme.lan,1433;Database=Payroll;Trust"
    "ed_Connection=yes;Encrypt=yes\n"
)
_l('"ConnectionStrings": { "Cache": "localhost:6379,abortConnect=False,connectTimeout=2000" }\n')
_l('conn = taosws.connect("taosws://localhost:6041")  # dev container, no auth\n')
_l('<path pathversion="1">smb://nas.home/Public/</path>\n')
_l(
    "$ mgconsole --host 127.0.0.1 --port 7687\nmgconsole 1.4\nConnected to "
    "'memgraph://127.0.0.1:7687'\n"
)
_l('url: "ecto://shop@db.shop.internal/shop_prod"  # password from DATABASE_PASSWORD\n')

# ---------------------------------------------------------------------------------------------
# Look-alikes: base64 of harmless data, versions
# ---------------------------------------------------------------------------------------------

_l(
    "$ helmfile write-values --output-file-template /dev/stdout | grep b64\n  podAnnotations.b64: "
    + base64.b64encode(b"replicas: 3\nstrategy: RollingUpdate\n").decode()
    + "\n"
)
_l(
    'Source = Binary.FromText("'
    + base64.b64encode(b"id,name\n1,Northwind\n2,Contoso\n").decode()
    + '", BinaryEncoding.Base64)\n'
)
_l(
    '{"method":"Network.requestWillBeSent","params":{"request":{"url":"https://api.acme.io/graphq'
    'l",'
    '"postData":"' + base64.b64encode(b'{"query":"{ viewer { id name } }"}').decode() + '"}}}\n'
)
_l(
    "vyos@edge01:~$ show version\nVersion:          VyOS 1.4.0\nRelease train:    sagitta\nBuilt "
    "on:         Thu 30 May 2024 10:12 UTC\nBuild UUID:       " + _F.uuid() + "\n"
)
_l(
    "taos> select server_version();\n server_version() |\n===================\n 3.2.3.0          "
    "|\n"
)
_l(
    "$ maturin --version\nmaturin 1.5.1\n$ rye --version\nrye 0.34.0\ncommit: 0.34.0 ("
    + _F.hex(9)
    + " 2024-05-20)\n"
)
_l(
    "$ hugo version\nhugo v0.126.1-"
    + _F.hex(40)
    + "+extended linux/amd64 BuildDate=2024-05-15T10:42:34Z VendorInfo=gohugoio\n"
)
_l("$ spin --version\nspin 2.5.1 (" + _F.hex(7) + " 2024-05-22)\n")
_l("$ pixi --version\npixi 0.22.0\n$ micromamba --version\n1.5.8\n")
_l("$ bao version\nOpenBao v2.0.0 (" + _F.hex(40) + "), built 2024-07-16T14:31:55Z\n")

# ---------------------------------------------------------------------------------------------
# Look-alikes: notes in the same languages saying where a secret is kept
# ---------------------------------------------------------------------------------------------

_l(
    "Kerida Sara, la kontrasenya del servidor esta en el vault, en prod/api/db. No te la mando "
    "por aki.\n"
)
_l(
    'La parora d\'ordin dl server é tl 1Password, tl valt "Ops". Damanda a Ester sce te n as '
    "bria.\n"
)
_l("Ch'mot d'passe i est dins ch'gestionnaire, à l'intrée « sauvegarde NAS ». Rouvette lo pis.\n")
_l("Lo token de facturacion qu'ei dens Vault (secret/billing/api). Lo torni pas a escríver aquí.\n")
_l(
    "L'mot d'passe du sèrveux est dans l'coffre-fort, pas dans l'wiki. D'mandez à Philippe s'ous "
    "en avez b'soin.\n"
)
_l("Salam, l'password dyal VPN kayn f Bitwarden, f l'collection \"Infra\". Ma nktbouch hna.\n")
_l("الباسورد مش هنا يا جماعة، موجود في الـ vault تحت prod/db، اطلبوا صلاحية من أحمد.\n")
_l(
    'Le contrasigno es in le gestor de contrasignos (collection "Infra"). Nos non lo scribe in '
    "le chat.\n"
)
_l("La pasovorto esas en la Vault, sub secret/prod/db. Demandez a Maria se vu bezonas aceso.\n")
_l("nimi open li lon poki Vault, lon nimi secret/prod/db. o toki tawa jan Lisa.\n")
_l('Password mar server ni e Bitwarden, e folda "Ops". Penj Otieno ka idwaro.\n')
_l('Password server na di 1Password, di vault "Infra". Bek neutuléh inoe.\n')
_l("सर्वर का पासवर्ड Vault मा बा, secret/prod/db मा। इहाँ न लिखा।\n")
_l('সার্ভারর পাসওয়ার্ড Bitwarden অর "Infra" ফোল্ডারো আছে, ইখানো লেখিও না।\n')
_l('Server password chu Bitwarden-ah "Ops" folder-ah a awm, hetah ziak suh ang che.\n')
_l("Серверни пароли Vault-да, secret/prod/db ичинде. Мунда язма.\n")
