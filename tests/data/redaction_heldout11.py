"""ELEVENTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before the widening of the rules that follows held-out 10 (round 7):
its author never read the rules (graphmem/redact.py), their description (docs/security.md,
CHANGELOG.md) or the messages of the commits that changed them, and never ran redaction on a case
while writing it, so no case was kept or dropped for what the rules do with it. Committed alone,
then measured once on the rules as they stood ("before"); it is the estimate of redaction on text
no test here contains.
Half of its cases come from the contexts a coding agent meets every day, in forms the other splits
do not use: `ps aux` and `systemctl show -p Environment` output, `/proc/<pid>/environ`,
`.gitmodules` and `~/.git-credentials`, `git -c http.extraheader`, GitHub Actions `##[debug]` lines,
GitLab job logs cloning with `gitlab-ci-token`, `npm token create` tables, `uv publish` in shell
history, `crane auth get`, `docker compose` `command:` flags, `kubectl --token`, `kubectl get
configmap -o yaml` holding a secret by mistake, `kustomize build` output, `terraform state show`,
`terraform.tfvars`, `aws configure export-credentials`, AWS SSO cache JSON, `aws iam
create-access-key`, `aws rds generate-db-auth-token`, `aws codeartifact get-authorization-token`,
Cognito `initiate-auth` output, gcloud `application_default_credentials.json` and `.boto`, `az acr
login --expose-token`, `az keyvault secret show`, `azcopy` with a SAS, `postgresql.auto.conf`
`primary_conninfo`, `pg_service.conf`, `.psql_history`, `CHANGE REPLICATION SOURCE TO`, `sqlcmd`,
pyodbc connection strings in tracebacks, `alembic.ini`, Spark JDBC options, Redis ACL files,
`sentinel auth-pass` and `CONFIG GET`, Mongo key files and `mongodump --uri`, Celery and Flower
command lines, Laravel `APP_KEY`, Rails `config/secrets.yml`, `web.config` connection strings,
Rocket.toml, VS Code REST Client files, Python `grpc` metadata, `/etc/fstab` CIFS mounts, apt proxy
configs, lftp bookmarks, `sshpass`, pytest failure output, Jupyter `%env`, Django debug pages, Node
`util.inspect` output and WhatsApp, Discord, Mattermost, Zoom chat, PR review and Confluence text
pasted into a chat. The other half come from contexts no earlier split lists: Asian and European
clouds (Alibaba Cloud, Tencent Cloud, Huawei Cloud, Volcengine, Yandex Cloud, Oracle Cloud, IBM
Cloud, Hetzner, OVHcloud, Exoscale, Backblaze B2, Cloudflare R2, Storj), newer AI and agent tooling
(xAI, Fireworks, Cerebras, Voyage, Tavily, Firecrawl, Langfuse, Logfire, E2B, Browserbase, Helicone,
Modal, fal, LiteLLM proxy, `llm` keys.json, Claude Desktop config, Anthropic admin keys, OpenAI
service accounts), chat platforms of other regions (LINE, WeChat, DingTalk, Feishu/Lark, WeCom,
Kakao, Naver, VK, Viber), self-hosted personal services (Nextcloud app passwords, Immich,
Paperless-ngx, Miniflux, Apprise URLs, ntfy, Gotify, Pushover), incident and on-call (Opsgenie,
PagerDuty, Splunk HEC, Better Stack), security data APIs (Shodan, VirusTotal, AbuseIPDB), personal
finance (Up Bank, Wise, Nordigen, YNAB), developer services (ReadMe, Cachix, Nix `access-tokens`,
BuildBuddy, Buf, Grafana Cloud access policies, Make hooks, Google Chat webhooks, Riot Games,
Discogs, Strava, NCBI E-utilities, Companies House), databases (InfluxDB, SurrealDB, ArangoDB,
Redpanda `rpk`), key material in new wrappers (OCI API keys, Tink keysets, Keycloak realm exports,
python3-saml settings, Matrix recovery keys, BIP39 mnemonics, one-line PKCS#8 in `.env`, keys in
notebooks, diffs and `docker inspect`), and authorization in headers of those vendors (GenieKey,
Splunk, AccessKey, Zoho-oauthtoken, DeepL-Auth-Key, Key, X-Riot-Token); with secrets in prose in
human languages no earlier split used (Serbian, Croatian, Slovenian, Lithuanian, Latvian, Estonian,
Icelandic, Basque, Galician, Armenian, Azerbaijani, Mongolian, Amharic, Telugu, Marathi, Sinhala,
Albanian, European Portuguese), shell history, stack traces, query strings, base64 and JSON-escaped
strings, line continuations, diffs, markdown and CSV tables and timestamped logs. Its look-alikes
are public keys, certificates, signatures and fingerprints, publishable and client-side keys
documented as public, ids, digests, lock file integrity and commit SHAs, ciphertexts meant to be
committed (Jenkins `{AQAAABAAAA...}`, GoCD `AES:`, Kubernetes EncryptionConfiguration references,
Vault transit ciphertexts, KMS blobs), secret references (`${{ secrets.X }}`, `op://`, `vault:`,
`arn:...:secret:`, `secretKeyRef`), masked values, placeholders, well-known development defaults and
documented test vectors, and settings named like secrets.
`python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own, so no token-shaped string is
committed.
"""

from __future__ import annotations

import base64
import json

from tests.data.fake_secrets import (
    AN,
    BASE58,
    DIGITS,
    HEX,
    LOWER_AN,
    UPPER_AN,
    URLSAFE,
    Fakes,
    Split,
    lines,
    pem,
)

_fakes = Fakes(11_2026_1130)
_rng = _fakes.rng
_r, _b64, _urlb64, _uuid, _alnum = _fakes.r, _fakes.b64, _fakes.urlb64, _fakes.uuid, _fakes.alnum


def _pw() -> str:
    """A password from a manager, with a symbol or two."""
    return _r(6) + _rng.choice("!#%&*-_=+") + _r(7) + _rng.choice("@^~.") + _r(3)


def _urlpw() -> str:
    """A generated password whose symbols need no escaping in a URL."""
    return _r(9) + _rng.choice("-_.~") + _r(9)


def _human() -> str:
    """A password a person made up."""
    words = ["Fjord", "Tundra", "Kestrel", "Basalt", "Orchid", "Zephyr", "Quartz", "Ember"]
    return _rng.choice(words) + str(_rng.randrange(10, 99)) + _rng.choice(words).lower() + "#"


def _ts(h: int, m: int) -> str:
    return f"2026-12-03T{h:02d}:{m:02d}:{_rng.randrange(60):02d}.{_r(3, DIGITS)}Z"


def _sha() -> str:
    return _r(40, HEX)


def _b64of(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# --------------------------------------------------------------------------- prefixed tokens
_v = "y0_" + _r(55, URLSAFE)
_s(
    "prefixed_token",
    "$ yc config list\n"
    f"token: {_v}\n"
    "cloud-id: b1g" + _r(17, LOWER_AN) + "\nfolder-id: b1g" + _r(17, LOWER_AN) + "\n"
    "compute-default-zone: ru-central1-a",
    _v,
)
_v = "t1.9euelZ" + _r(140, URLSAFE) + "." + _r(86, URLSAFE)
_s(
    "prefixed_token",
    "$ yc iam create-token\n" + _v + "\n$ export YC_TOKEN=$(yc iam create-token)",
    _v,
)
_v = "xai-" + _r(80)
_s(
    "prefixed_token",
    "$ cat ~/.config/io.datasette.llm/keys.json\n{\n"
    '  "// Note": "This file stores secret API credentials. Do not share!",\n'
    f'  "grok": "{_v}"\n}}',
    _v,
)
_v = "fw_" + _r(24)
_s(
    "prefixed_token",
    '{\n "cell_type": "code",\n "execution_count": 3,\n "metadata": {},\n "outputs": [{"name": '
    '"stdout", "output_type": "stream", "text": ["env: FIREWORKS_API_KEY=' + _v + '\\n"]}],\n'
    ' "source": ["%env FIREWORKS_API_KEY=' + _v + '"]\n}',
    _v,
)
_v = "csk-" + _r(48, LOWER_AN)
_s(
    "prefixed_token",
    "# litellm proxy config.yaml\nmodel_list:\n  - model_name: llama-fast\n    litellm_params:\n"
    "      model: cerebras/llama3.3-70b\n      api_key: " + _v + "\n"
    "general_settings:\n  master_key: os.environ/LITELLM_MASTER_KEY",
    _v,
)
_v = "pa-" + _r(43, URLSAFE)
_s(
    "prefixed_token",
    "from llama_index.embeddings.voyageai import VoyageEmbedding\n\n"
    f'embed_model = VoyageEmbedding(model_name="voyage-3", voyage_api_key="{_v}")',
    _v,
)
_v = "tvly-dev-" + _r(32)
_s(
    "prefixed_token",
    "diff --git a/agents/research/.env.example b/agents/research/.env.example\n"
    "@@ -1,3 +1,3 @@\n OPENAI_MODEL=gpt-4.1-mini\n-TAVILY_API_KEY=\n+TAVILY_API_KEY=" + _v + "\n"
    " LANGSMITH_TRACING=false",
    _v,
)
_v = "fc-" + _r(32, HEX)
_s(
    "prefixed_token",
    "~/Library/Application Support/Claude/claude_desktop_config.json\n"
    '{\n  "mcpServers": {\n    "firecrawl": {\n      "command": "npx",\n'
    '      "args": ["-y", "firecrawl-mcp"],\n      "env": { "FIRECRAWL_API_KEY": "' + _v + '" }\n'
    "    }\n  }\n}",
    _v,
)
_v = "sk-lf-" + _uuid()
_s(
    "prefixed_token",
    "from langfuse import Langfuse\n\nlangfuse = Langfuse(\n"
    f'    public_key="pk-lf-{_uuid()}",\n    secret_key="{_v}",\n'
    '    host="https://cloud.langfuse.com",\n)',
    _v,
)
_v = "pylf_v1_eu_" + _r(48)
_s(
    "prefixed_token",
    "$ logfire projects use checkout-api\nProject configured successfully. You will be able to "
    "view it at: https://logfire-eu.pydantic.dev/acme/checkout-api\n$ cat "
    ".logfire/logfire_credentials.json\n"
    '{"token": "' + _v + '", "project_name": "checkout-api", "logfire_api_url": '
    '"https://logfire-eu.pydantic.dev"}',
    _v,
)
_v = "e2b_" + _r(40, HEX)
_s(
    "prefixed_token",
    'Traceback (most recent call last):\n  File "/app/sandbox.py", line 14, in <module>\n'
    f"    sbx = Sandbox(api_key='{_v}', timeout=300)\n"
    "e2b.exceptions.SandboxException: 502: sandbox not found",
    _v,
)
_v = "bb_live_" + _r(27, URLSAFE)
_s(
    "prefixed_token",
    "> playwright-agent@0.3.0 start\n> BROWSERBASE_API_KEY=" + _v + " node dist/run.js\n\n"
    "[browserbase] session 4f1c created in us-west-2",
    _v,
)
_v = "sk-helicone-" + "-".join(_r(7, LOWER_AN) for _ in range(4))
_s(
    "prefixed_token",
    'client = OpenAI(\n    base_url="https://oai.helicone.ai/v1",\n'
    '    default_headers={"Helicone-Auth": "Bearer ' + _v + '"},\n)',
    _v,
)
_v = "tk_" + _r(29, LOWER_AN)
_s(
    "prefixed_token",
    "$ history | grep ntfy\n  412  ntfy publish --token " + _v + ' backups "borg run finished"\n'
    "  413  ntfy subscribe backups",
    _v,
)
_v = "rdme_" + _r(70, LOWER_AN)
_s(
    "prefixed_token",
    "- name: Sync OpenAPI to ReadMe\n  run: npx rdme@9 openapi openapi.yaml --key="
    + _v
    + " --id="
    + _r(24, HEX),
    _v,
)
_v = "npm_" + _r(36)
_s(
    "prefixed_token",
    "$ npm token create --cidr=10.0.0.0/8\n"
    "┌────────────────┬──────────────────────────────────────────┐\n"
    f"│ token          │ {_v} │\n"
    "├────────────────┼──────────────────────────────────────────┤\n"
    "│ readonly       │ false                                    │\n"
    "│ cidr_whitelist │ 10.0.0.0/8                               │\n"
    "└────────────────┴──────────────────────────────────────────┘",
    _v,
)
_v = "pypi-AgEIcHlwaS5vcmc" + _r(160, URLSAFE)
_s(
    "prefixed_token",
    "$ tail -3 ~/.zsh_history\n: 1764700811:0;uv build\n: 1764700840:0;uv publish --token "
    + _v
    + "\n: 1764700902:0;git tag v0.4.2 && git push --tags",
    _v,
)
_v = "ghs_" + _r(36)
_s(
    "prefixed_token",
    "2026-12-03T09:14:02.1187730Z ##[debug]Evaluating: secrets.GITHUB_TOKEN\n"
    "2026-12-03T09:14:02.1189510Z ##[debug]..=> '***'\n"
    f"2026-12-03T09:14:02.1204412Z ##[debug]git -c http.https://github.com/.extraheader= fetch "
    f"https://x-access-token:{_v}@github.com/acme/infra.git\n"
    "2026-12-03T09:14:02.1205001Z ##[debug]Result: true",
    _v,
)
_v = "ghr_" + _r(76)
_v2 = "ghu_" + _r(36)
_s(
    "prefixed_token",
    ">>> resp = httpx.post(TOKEN_URL, data=payload, headers={'Accept': 'application/json'})\n"
    ">>> resp.json()\n"
    f"{{'access_token': '{_v2}', 'expires_in': 28800, 'refresh_token': '{_v}', "
    "'refresh_token_expires_in': 15811200, 'scope': '', 'token_type': 'bearer'}",
    _v,
    _v2,
)
_v = "xoxe-1-" + _r(140)
_v2 = "xoxe.xoxp-1-" + _r(150)
_s(
    "prefixed_token",
    '$ cat ~/.slack/credentials.json\n{\n  "T0' + _r(9, UPPER_AN) + '": {\n'
    f'    "token": "{_v2}",\n    "refresh_token": "{_v}",\n'
    '    "exp": 1764744000,\n    "team_domain": "acme-eng"\n  }\n}',
    _v,
    _v2,
)
_v = "sk-ant-admin01-" + _r(93, URLSAFE) + "AA"
_s(
    "prefixed_token",
    "#!/usr/bin/env bash\n# weekly usage report for finance\nset -euo pipefail\n"
    f'ADMIN_KEY="{_v}"\n'
    'curl -s "https://api.anthropic.com/v1/organizations/usage_report/messages?starting_at=$1" \\\n'
    '  -H "x-api-key: $ADMIN_KEY" -H "anthropic-version: 2023-06-01" | jq .',
    _v,
)
_v = "sk-svcacct-" + _r(74, URLSAFE) + "T3BlbkFJ" + _r(74, URLSAFE)
_s(
    "prefixed_token",
    "AI_APICallError: Incorrect API key provided: " + _v[:8] + "..." + _v[-4:] + ".\n"
    "    at ai/dist/index.mjs:812:13 {\n  url: 'https://api.openai.com/v1/responses',\n"
    "  requestBodyValues: { model: 'gpt-4.1' },\n"
    f"  requestHeaders: {{ authorization: 'Bearer {_v}' }},\n  statusCode: 401,\n}}",
    _v,
)
_v = "K005" + _r(27)
_s(
    "prefixed_token",
    "$ b2 account authorize 005" + _r(21, HEX) + " " + _v + "\n"
    'Using https://api.backblazeb2.com\n{\n    "accountId": "' + _r(12, HEX) + '",\n'
    '    "allowed": {"buckets": null, "capabilities": ["listBuckets", "readFiles"]}\n}',
    _v,
)
_v = "KEY0" + _r(30, UPPER_AN) + "_" + _r(22)
_s(
    "prefixed_token",
    "[2026-12-03 11:02:17] local.ERROR: Telnyx\\Exception\\AuthenticationException: "
    'Authentication failed {"api_key":"' + _v + '","exception":"[object] (Telnyx\\\\Exception'
    "\\\\AuthenticationException(code: 401) at "
    '/var/www/vendor/telnyx/telnyx-php/lib/ApiRequestor.php:176)"}',
    _v,
)
_glc = json.dumps(
    {
        "o": str(_rng.randrange(10**5, 10**6)),
        "n": "alloy-prod-write",
        "k": _r(24),
        "m": {"r": "prod-eu-west-2"},
    },
    separators=(",", ":"),
)
_v = "glc_" + _b64of(_glc).rstrip("=")
_s(
    "prefixed_token",
    '// config.alloy\nprometheus.remote_write "grafana_cloud" {\n  endpoint {\n'
    '    url = "https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push"\n'
    '    basic_auth {\n      username = "' + _r(7, DIGITS) + '"\n'
    f'      password = "{_v}"\n    }}\n  }}\n}}',
    _v,
)
_v = "as-" + _r(22)
_s(
    "prefixed_token",
    '$ cat ~/.modal.toml\n[acme]\ntoken_id = "ak-' + _r(22) + '"\n'
    f'token_secret = "{_v}"\nactive = true',
    _v,
)
_v = "AQVN" + _r(36, URLSAFE)
_s(
    "prefixed_token",
    "# YandexGPT quick test\ncurl -s "
    "https://llm.api.cloud.yandex.net/foundationModels/v1/completion \\\n"
    f'  -H "Authorization: Api-Key {_v}" \\\n  -d @prompt.json',
    _v,
)
_v = "up:yeah:" + _r(128)
_s(
    "prefixed_token",
    "ok so the budgeting script works now 🎉 for reference this is what I put in the .env:\n"
    f"UP_TOKEN={_v}\nand it pulls the last 90 days of transactions",
    _v,
)
_v = "ATATT3xFfGF0" + _r(180, URLSAFE) + "=" + _r(8, HEX).upper()
_s(
    "prefixed_token",
    "Zoom chat export - #platform-standup\n10:02:11 From  Miguel Ortega  to  Everyone:\n"
    "	here's the confluence api token for the docs-sync job till I put it in Vault: " + _v + "\n"
    "10:02:40 From  Priya Nair  to  Everyone:\n	👍 got it",
    _v,
)
_v = "ghp_" + _r(36)
_s(
    "prefixed_token",
    "# nix.conf\nexperimental-features = nix-command flakes\n"
    f"access-tokens = github.com={_v}\nsubstituters = https://cache.nixos.org "
    "https://acme.cachix.org",
    _v,
)
_v = _fakes.jwt({"jti": _uuid(), "secret": True}, "HS256")
_s(
    "prefixed_token",
    "$ cachix authtoken " + _v + "\nWritten to /home/ci/.config/cachix/cachix.dhall\n"
    "$ cachix push acme ./result",
    _v,
)
_v = "glpat-" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    '[submodule "vendor/billing-sdk"]\n\tpath = vendor/billing-sdk\n'
    f"\turl = https://oauth2:{_v}@gitlab.acme.dev/payments/billing-sdk.git\n\tbranch = main",
    _v,
)
_v = "AKLT" + _r(43, URLSAFE)
_v2 = _r(60, AN)
_s(
    "config_syntax",
    "$ printenv | grep -i volc\nVOLCENGINE_REGION=cn-beijing\n"
    f"VOLCENGINE_ACCESS_KEY={_v}\nVOLCENGINE_SECRET_KEY={_v2}",
    _v2,
)
_v = "gldt-" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    "go: gitlab.acme.dev/platform/authz@v1.8.0: reading https://gitlab.acme.dev/platform/authz/"
    "-/archive/v1.8.0: 401 Unauthorized\n\tserver response: fatal: could not read from "
    f"https://gitlab+deploy-token-311:{_v}@gitlab.acme.dev/platform/authz.git",
    _v,
)


# --------------------------------------------------------------------------- key blocks
_v = _fakes.b64(1190)
_s(
    "key_block",
    "$ cat ~/.oci/oci_api_key.pem\n" + pem("PRIVATE KEY", _v) + "\nOCI_API_KEY",
    *lines(_v)[3:6],
)
_v = _fakes.b64(756)
_s(
    "key_block",
    "$ sudo cat /etc/mongod/keyfile\n" + "\n".join(lines(_v, 76)) + "\n"
    "$ grep -A2 security /etc/mongod.conf\nsecurity:\n  keyFile: /etc/mongod/keyfile\n"
    "  authorization: enabled",
    *lines(_v, 76)[2:5],
)
_v = _fakes.b64(300)
_lines = lines(_v, 70)
_s(
    "key_block",
    '   "outputs": [\n    {\n     "name": "stdout",\n     "output_type": "stream",\n     '
    '"text": [\n'
    '      "-----BEGIN OPENSSH PRIVATE KEY-----\\n",\n'
    + "".join(f'      "{ln}\\n",\n' for ln in _lines)
    + '      "-----END OPENSSH PRIVATE KEY-----\\n"\n     ]\n    }\n   ],\n'
    '   "source": ["!cat ~/.ssh/id_ed25519"]',
    *_lines[1:3],
)
_v = _fakes.b64(121)
_s(
    "key_block",
    "$ terraform state show tls_private_key.bastion\n# tls_private_key.bastion:\n"
    'resource "tls_private_key" "bastion" {\n    algorithm = "ECDSA"\n    ecdsa_curve = "P256"\n'
    '    id = "' + _sha() + '"\n    private_key_pem = (sensitive value)\n'
    "    private_key_openssh = <<-EOT\n"
    + pem("EC PRIVATE KEY", _v).replace("\n", "\n        ")
    + "\n    EOT\n}",
    *lines(_v)[:2],
)
_v = _fakes.b64(1300)
_pp = _human()
_s(
    "key_block",
    "Mattermost · #release-eng\n"
    "kari.n — 14:22\nsigning key for the android bundle, passphrase is " + _pp + "\n"
    "```\n" + pem("ENCRYPTED PRIVATE KEY", _v) + "\n```",
    _pp,
    *lines(_v)[5:8],
)
_v = _fakes.b64(3500)
_s(
    "key_block",
    "## Releasing (maintainers)\n\n1. Import the release key:\n\n```sh\ngpg --import <<'KEY'\n"
    + pem("PGP PRIVATE KEY BLOCK", _v).replace("-----\n", "-----\nVersion: GnuPG v2\n\n", 1)
    + "\nKEY\n```\n2. `./gradlew publishToSonatype`",
    *lines(_v)[10:13],
)
_v = _b64(34)
_s(
    "key_block",
    "$ tinkey create-keyset --key-template AES256_GCM --out-format json\n"
    '{"primaryKeyId":' + str(_rng.randrange(10**8, 10**9)) + ',"key":[{"keyData":{"typeUrl":'
    '"type.googleapis.com/google.crypto.tink.AesGcmKey","value":"' + _v + '",'
    '"keyMaterialType":"SYMMETRIC"},"status":"ENABLED","keyId":'
    + str(_rng.randrange(10**8, 10**9))
    + ',"outputPrefixType":"TINK"}]}',
    _v,
)
_v = _b64(1217)
_s(
    "key_block",
    "# .env.local (api)\nJWT_ALG=RS256\nJWT_ISSUER=https://auth.acme.dev\n"
    f"JWT_PRIVATE_KEY={_v}\nJWT_TTL=900",
    _v,
)
_v = _b64(1216)
_s(
    "key_block",
    "$ docker inspect notifier --format '{{json .Config.Env}}' | jq -r .[]\n"
    "PATH=/usr/local/bin:/usr/bin\nNODE_ENV=production\n"
    "FIREBASE_PROJECT_ID=acme-notify\n"
    "FIREBASE_PRIVATE_KEY=-----BEGIN PRIVATE KEY-----\\n"
    + "\\n".join(lines(_v))
    + "\\n-----END PRIVATE KEY-----\\n",
    *lines(_v)[4:7],
)
_v = _fakes.b64(300)
_s(
    "key_block",
    "diff --git a/deploy/keys/ci_deploy b/deploy/keys/ci_deploy\nnew file mode 100600\n"
    "index 0000000..e69de29\n--- /dev/null\n+++ b/deploy/keys/ci_deploy\n@@ -0,0 +1,7 @@\n"
    + "\n".join("+" + ln for ln in pem("OPENSSH PRIVATE KEY", _v).split("\n")),
    *lines(_v)[1:4],
)
_v = " ".join(_r(4, BASE58) for _ in range(12))
_s(
    "key_block",
    "Element → Settings → Security & Privacy → Secure Backup\n"
    "Your Security Key (store it somewhere safe, e.g. a password manager):\n\n    " + _v + "\n\n"
    "Copy  Download",
    _v,
)
_words = (
    "orbit velvet canyon rural bridge salmon ticket lunar fossil chalk tribe humble "
    "oxygen gentle crane wagon zebra pilot cinnamon ladder ethics magnet pond rescue"
).split()
_v = " ".join(_rng.choice(_words) for _ in range(12))
_s(
    "key_block",
    f'# contracts/.env\nNETWORK=sepolia\nDEPLOYER_MNEMONIC="{_v}"\nETHERSCAN_VERIFY=true',
    _v,
)
_v = _b64(1190)
_s(
    "key_block",
    '  "components": {\n    "org.keycloak.keys.KeyProvider": [\n      {\n'
    '        "name": "rsa-generated",\n        "providerId": "rsa-generated",\n'
    '        "config": {\n          "privateKey": [ "' + _v + '" ],\n'
    '          "certificate": [ "' + _b64(700) + '" ],\n          "priority": [ "100" ]\n'
    "        }\n      }\n    ]\n  }",
    _v,
)
_v = _b64(1190)
_s(
    "key_block",
    '# saml/settings.json (python3-saml)\n{\n  "strict": true,\n  "sp": {\n'
    '    "entityId": "https://app.acme.dev/saml/metadata",\n'
    '    "x509cert": "' + _b64(720) + '",\n'
    f'    "privateKey": "{_v}"\n  }}\n}}',
    _v,
)
_v = _fakes.b64(1190)
_s(
    "key_block",
    "# .env (probot app)\nAPP_ID=" + str(_rng.randrange(10**5, 10**6)) + "\n"
    'PRIVATE_KEY="' + pem("RSA PRIVATE KEY", _v) + '"\nWEBHOOK_PROXY_URL=https://smee.io/' + _r(16),
    *lines(_v)[6:9],
)
_v = _b64(32)
_s(
    "key_block",
    "apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources:\n"
    "  - resources: [secrets]\n    providers:\n      - aescbc:\n          keys:\n"
    f"            - name: key1\n              secret: {_v}\n      - identity: {{}}",
    _v,
)


# --------------------------------------------------------------------------- connections
_p = _pw()
_s(
    "connection",
    "$ cat $PGDATA/postgresql.auto.conf\n# Do not edit this file manually!\n"
    "# It will be overwritten by the ALTER SYSTEM command.\n"
    f"primary_conninfo = 'user=replicator password={_p} channel_binding=prefer host=10.20.0.11 "
    "port=5432 sslmode=prefer application_name=pg-replica-2'\nprimary_slot_name = 'replica_2'",
    _p,
)
_p = _pw()
_s(
    "connection",
    "# ~/.pg_service.conf\n[analytics-ro]\nhost=warehouse.internal\nport=5432\ndbname=analytics\n"
    f"user=looker\npassword={_p}\nsslmode=verify-full",
    _p,
)
_p = _human()
_s(
    "connection",
    "-- runbook: rebuild replica db-3\nSTOP REPLICA;\nCHANGE REPLICATION SOURCE TO\n"
    "  SOURCE_HOST='db-1.prod.internal',\n  SOURCE_USER='repl',\n"
    f"  SOURCE_PASSWORD='{_p}',\n  SOURCE_AUTO_POSITION=1,\n  SOURCE_SSL=1;\nSTART REPLICA;",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "$ ps aux | grep flower\nceleryu+  4121  0.3  1.2 412332 98764 ?  Sl  09:12   0:41 "
    "/usr/local/bin/python /usr/local/bin/celery flower "
    f"--broker=amqp://tasks:{_p}@rabbitmq:5672// "
    "--port=5555",
    _p,
)
_p = _r(12) + "%40" + _r(6)
_s(
    "connection",
    "$ fc -l -5\n 1021  mongosh --version\n"
    f' 1022  mongodump --uri="mongodb+srv://backup:{_p}@cluster0.ab1cd.mongodb.net/shop" '
    "--archive=shop.gz --gzip\n 1023  ls -lh shop.gz",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "spark-submit \\\n  --class etl.NightlyLoad \\\n  --conf spark.executor.memory=8g \\\n"
    f'  --conf "spark.etl.source=jdbc:postgresql://orders-db:5432/orders?user=etl&password={_p}'
    '&ssl=true" \\\n  s3://acme-jobs/etl-assembly-2.3.jar',
    _p,
)
_p = _pw().replace("}", "")
_s(
    "connection",
    'Traceback (most recent call last):\n  File "report.py", line 8, in <module>\n'
    "    cnxn = pyodbc.connect(\n"
    f"pyodbc.InterfaceError: ('28000', \"[28000] Login failed for user 'rpt'. (18456)\") "
    f"connection string was: DRIVER={{ODBC Driver 18 for SQL Server}};SERVER=sql-prod.acme.local;"
    f"DATABASE=Reports;UID=rpt;PWD={{{_p}}};Encrypt=yes",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "# alembic.ini\n[alembic]\nscript_location = migrations\n"
    f"sqlalchemy.url = postgresql+psycopg://billing:{_p}@billing-db.internal/billing\n\n"
    "[loggers]\nkeys = root,sqlalchemy,alembic",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "$ systemctl show ledger-api -p Environment\n"
    "Environment=PORT=8080 LOG_LEVEL=info "
    f"DATABASE_URL=postgres://ledger:{_p}@127.0.0.1:5432/ledger "
    "RUST_BACKTRACE=1",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "$ sudo cat /proc/2231/environ | tr '\\0' '\\n'\nHOME=/var/lib/metabase\n"
    f"MB_DB_CONNECTION_URI=mysql://metabase:{_p}@mysql.internal:3306/metabase\nMB_JETTY_PORT=3000",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "# ~/.local/share/lftp/bookmarks\nmirror-eu\tsftp://mirror@eu.mirror.acme.net/srv/pub\n"
    f"shop-prod\tftp://shopftp:{_p}@ftp.shop-prod.example.com/htdocs",
    _p,
)
_p = _pw().replace(",", "")
_s(
    "connection",
    "# /etc/fstab\nUUID=" + _uuid() + " /      ext4 defaults 0 1\n"
    f"//nas.home/media /mnt/media cifs username=kodi,password={_p},uid=1000,iforcemode 0 0",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "// /etc/apt/apt.conf.d/95proxy\n"
    f'Acquire::http::Proxy "http://svc-apt:{_p}@proxy.corp.example:3128/";\n'
    f'Acquire::https::Proxy "http://svc-apt:{_p}@proxy.corp.example:3128/";',
    _p,
)
_p = _pw()
_s(
    "connection",
    "  412  ssh-copy-id deploy@10.0.3.7\n"
    f"  413  sshpass -p '{_p}' ssh -o StrictHostKeyChecking=no deploy@10.0.3.7 'sudo systemctl "
    "restart shop'\n  414  exit",
    _p,
)
_v = "ASIA" + _r(16, UPPER_AN)
_tok = "IQoJb3JpZ2luX2VjE" + _r(600, AN + "/+")
_s(
    "connection",
    "$ aws rds generate-db-auth-token --hostname orders.cluster-c9x.eu-west-1.rds.amazonaws.com "
    "--port 5432 --username iam_app\norders.cluster-c9x.eu-west-1.rds.amazonaws.com:5432/?"
    f"Action=connect&DBUser=iam_app&X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential={_v}%2F20261203"
    "%2Feu-west-1%2Frds-db%2Faws4_request&X-Amz-Date=20261203T101500Z&X-Amz-Expires=900"
    f"&X-Amz-SignedHeaders=host&X-Amz-Security-Token={_tok.replace('/', '%2F').replace('+', '%2B')}"
    "&X-Amz-Signature=" + _r(64, HEX),
    _tok[:60].replace("/", "%2F").replace("+", "%2B"),
)
_p = _pw().replace("'", "")
_s(
    "connection",
    "2026-12-03T08:41:10.5512Z ##[section]Starting: Seed test database\n"
    f"2026-12-03T08:41:10.8001Z sqlcmd -S tcp:sql-test.acme.local,1433 -U sa -P '{_p}' -d master "
    "-i seed.sql\n2026-12-03T08:41:12.0400Z Changed database context to 'master'.",
    _p,
)
_p = _pw()
_s(
    "connection",
    "services:\n  db:\n    image: surrealdb/surrealdb:v2.1\n"
    f"    command: start --log info --user root --pass {_p} rocksdb:/data/app.db\n"
    '    ports: ["8000:8000"]',
    _p,
)
_p = _pw()
_s(
    "connection",
    "$ cat ~/.config/rpk/rpk.yaml\nversion: 6\ncurrent_profile: prod\nprofiles:\n  - name: prod\n"
    "    kafka_api:\n      brokers: [seed-7f1.redpanda.cloud:9092]\n      tls: {}\n      sasl:\n"
    f"        user: ingest\n        password: {_p}\n        mechanism: SCRAM-SHA-256",
    _p,
)
_p = _pw()
_s(
    "connection",
    "from elasticsearch import Elasticsearch\n\n"
    'es = Elasticsearch(\n    "https://es01.search.internal:9200",\n'
    f'    basic_auth=("elastic", "{_p}"),\n    ca_certs="certs/http_ca.crt",\n)',
    _p,
)
_p = _pw()
_s(
    "connection",
    "$ arangosh --server.endpoint ssl://arango.internal:8529 --server.username root "
    f"--server.password '{_p}' --javascript.execute migrate.js\n"
    "Connected to ArangoDB 'http+ssl://arango.internal:8529, version: 3.12.3",
    _p,
)
_v = "ghp_" + _r(36)
_s(
    "connection",
    "$ cat ~/.git-credentials\nhttps://mchen:" + _v + "@github.com\nhttps://mchen@bitbucket.org",
    _v,
)
_p = _urlpw()
_v = "glcbt-" + _r(20, URLSAFE)
_s(
    "connection",
    "Running with gitlab-runner 17.6.0 on shared-runner-3\nFetching changes with git depth set "
    "to 20...\n"
    f"$ git clone https://gitlab-ci-token:{_v}@gitlab.acme.dev/web/site.git\n"
    f"$ mysql -h db.staging -u site -p{_p} site < dump.sql\n"
    "mysql: [Warning] Using a password on the command line interface can be insecure.",
    _v,
    _p,
)
_v = _urlpw()
_s(
    "connection",
    '"""Integration fixtures."""\nimport pytest\n\n\n@pytest.fixture(scope="session")\n'
    "def amqp_url():\n"
    f'    return "amqps://orders:{_v}@b-1f2e.mq.eu-central-1.amazonaws.com:5671/%2F"',
    _v,
)
_v = (
    "?sv=2022-11-02&ss=b&srt=co&sp=rwdlac&se=2026-12-31T00:00:00Z"
    "&st=2026-12-01T00:00:00Z&spr=https&sig="
)
_sig = _r(43) + "%3D"
_s(
    "connection",
    f'$ azcopy copy ./build "https://acmestatic.blob.core.windows.net/$web{_v}{_sig}" --recursive\n'
    "INFO: Scanning...\nJob 8c1e... has started",
    _sig,
)


# --------------------------------------------------------------------------- authorization
_v = _uuid()
_s(
    "authorization",
    "curl -X POST https://api.eu.opsgenie.com/v2/alerts \\\n  -H 'Content-Type: "
    "application/json' \\\n"
    f"  -H 'Authorization: GenieKey {_v}' \\\n  -d '{{\"message\": \"disk 95% on db-2\"}}'",
    _v,
)
_v = _uuid()
_s(
    "authorization",
    "[OUTPUT]\n    Name        splunk\n    Match       kube.*\n    Host        "
    "hec.splunk.acme.net\n"
    f"    Port        8088\n    Splunk_Token {_v}\n    TLS         On\n"
    "# test: curl -k https://hec.splunk.acme.net:8088/services/collector -H 'Authorization: "
    f"Splunk {_v}'",
    _v,
)
_v = _r(25)
_s(
    "authorization",
    "POST /messages HTTP/1.1\nHost: rest.messagebird.com\n"
    f"Authorization: AccessKey {_v}\nContent-Type: application/json\n\n"
    '{"recipients":["31612345678"],"originator":"Acme","body":"Your code is 4821"}',
    _v,
)
_v = "1000." + _r(32, HEX) + "." + _r(32, HEX)
_s(
    "authorization",
    "> GET /crm/v7/Leads?fields=Last_Name,Email HTTP/2\n> Host: www.zohoapis.eu\n"
    f"> Authorization: Zoho-oauthtoken {_v}\n> user-agent: curl/8.11.0\n>\n< HTTP/2 200",
    _v,
)
_v = _uuid() + ":fx"
_s(
    "authorization",
    "### translate README\nPOST https://api-free.deepl.com/v2/translate\n"
    f"Authorization: DeepL-Auth-Key {_v}\nContent-Type: application/json\n\n"
    '{"text": ["Hello"], "target_lang": "ET"}',
    _v,
)
_v = _uuid() + ":" + _r(32, HEX)
_s(
    "authorization",
    'const res = await fetch("https://queue.fal.run/fal-ai/flux/dev", {\n  method: "POST",\n'
    f'  headers: {{ Authorization: "Key {_v}", "Content-Type": "application/json" }},\n'
    "  body: JSON.stringify({ prompt }),\n});",
    _v,
)
_v = "RGAPI-" + _uuid()
_s(
    "authorization",
    "[2026-12-03 19:40:12] WARN  riot.client  429 Too Many Requests GET "
    "https://europe.api.riotgames.com/lol/match/v5/matches/by-puuid/abc/ids "
    "headers={'X-Riot-Token': "
    f"'{_v}', 'Accept': 'application/json'}} retry_after=12",
    _v,
)
_v = _r(43)
_s(
    "authorization",
    "HTTP request sent:\nGET /api/assets?take=100 HTTP/1.1\nHost: photos.home.arpa\n"
    f"x-api-key: {_v}\nAccept: application/json\n\nHTTP/1.1 200 OK",
    _v,
)
_v = _r(40, HEX)
_s(
    "authorization",
    "$ http GET https://paperless.home.arpa/api/documents/?query=invoice 'Authorization:Token "
    + _v
    + '\'\nHTTP/1.1 200 OK\nContent-Type: application/json\n\n{"count": 31, ...}',
    _v,
)
_v = _fakes.jwt(
    {"sub": "a3f1", "iss": "https://auth.acme.dev", "exp": 1764790000, "scope": "admin"}
)
_s(
    "authorization",
    "# requests.http (VS Code REST Client)\n@baseUrl = https://api.staging.acme.dev\n"
    f"@token = {_v}\n\n### list users\nGET {{{{baseUrl}}}}/admin/users\nAuthorization: Bearer "
    f"{{{{token}}}}",
    _v,
)
_v = _fakes.jwt({"iss": "kubernetes/serviceaccount", "sub": "system:serviceaccount:ci:deployer"})
_s(
    "authorization",
    "$ kubectl --server=https://10.0.0.1:6443 --insecure-skip-tls-verify \\\n"
    f"    --token={_v} \\\n    -n shop rollout restart deploy/web",
    _v,
)
_v = _r(37, HEX)
_s(
    "authorization",
    'curl -s -X GET "https://api.cloudflare.com/client/v4/zones?name=acme.dev" \\\n'
    '     -H "X-Auth-Email: ops@acme.dev" \\\n'
    f'     -H "X-Auth-Key: {_v}" | jq ".result[0].id"',
    _v,
)
_v = _r(32)
_s(
    "authorization",
    "import grpc\n\ncreds = grpc.metadata_call_credentials(\n"
    f'    lambda ctx, cb: cb((("x-api-key", "{_v}"),), None)\n)\n'
    'channel = grpc.secure_channel("inference.acme.ai:443", grpc.composite_channel_credentials('
    "grpc.ssl_channel_credentials(), creds))",
    _v,
)
_pat = _r(52, LOWER_AN)
_v = _b64of(":" + _pat)
_s(
    "authorization",
    '- script: |\n    git -c http.extraheader="AUTHORIZATION: basic ' + _v + '" \\\n'
    "      clone https://dev.azure.com/acme/Platform/_git/shared-templates\n"
    "  displayName: fetch templates",
    _v,
)
_v = "glpat-" + _r(20, URLSAFE)
_s(
    "authorization",
    'In [7]: r = requests.get(f"{GITLAB}/api/v4/projects/42/pipelines",\n'
    f'   ...:                  headers={{"PRIVATE-TOKEN": "{_v}"}})\n\nIn [8]: '
    "r.status_code\nOut[8]: 200",
    _v,
)
_v = _r(32)
_s(
    "authorization",
    f'$ crane auth get registry.acme.dev\n{{"Username":"robot$ci-push","Secret":"{_v}"}}',
    _v,
)
_u, _p = "proxyuser", _pw()
_v = _b64of(f"{_u}:{_p}")
_s(
    "authorization",
    "location /legacy/ {\n    proxy_pass http://10.2.0.14:8080/;\n"
    f'    proxy_set_header Authorization "Basic {_v}";\n    proxy_set_header Host $host;\n}}',
    _v,
)
_v = "ya29." + _r(160, URLSAFE)
_s(
    "authorization",
    "wscat -c wss://speech.acme.ai/v1/stream \\\n  -s access_token -s " + _v + "\n"
    "error: Unexpected server response: 401",
    _v,
)
_v = _fakes.jwt({"token_use": "access", "client_id": _r(26, LOWER_AN), "username": "ana"}, "RS256")
_s(
    "authorization",
    "Request URL: https://api.acme.dev/v2/orders\nRequest Method: GET\nStatus Code: 403 Forbidden\n"
    ":authority: api.acme.dev\naccept: application/json\n"
    f"authorization: Bearer {_v}\norigin: https://app.acme.dev",
    _v,
)
_v = _r(20, URLSAFE)
_s(
    "authorization",
    "oi, o endpoint dos relatórios está a dar 401 outra vez. estou a enviar o cabeçalho assim:\n"
    f"`Authorization: Token token={_v}` — a chave é a da conta de serviço do PagerDuty, "
    "alguém consegue ver?",
    _v,
)


# --------------------------------------------------------------------------- config syntax
_v = _r(30)
_s(
    "config_syntax",
    '$ cat ~/.aliyun/config.json\n{\n\t"current": "default",\n\t"profiles": [\n\t\t{\n'
    '\t\t\t"name": "default",\n\t\t\t"mode": "AK",\n'
    f'\t\t\t"access_key_id": "LTAI{_r(20)}",\n\t\t\t"access_key_secret": "{_v}",\n'
    '\t\t\t"region_id": "cn-hangzhou"\n\t\t}\n\t]\n}',
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "$ env | sort | grep TENCENT\nTENCENTCLOUD_REGION=ap-guangzhou\n"
    f"TENCENTCLOUD_SECRET_ID=AKID{_r(32)}\nTENCENTCLOUD_SECRET_KEY={_v}",
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    '# terraform.tfvars (huaweicloud)\nregion        = "ap-southeast-3"\n'
    f'hw_access_key = "{_r(20, UPPER_AN)}"\nhw_secret_key = "{_v}"\nvpc_cidr      = "10.8.0.0/16"',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "$ cat ~/.oci/config\n[DEFAULT]\nuser=ocid1.user.oc1..aaaaaaaa" + _r(52, LOWER_AN) + "\n"
    "fingerprint=" + ":".join(_r(2, HEX) for _ in range(16)) + "\n"
    "key_file=~/.oci/oci_api_key.pem\n"
    f"pass_phrase={_v}\n"
    "tenancy=ocid1.tenancy.oc1..aaaaaaaa" + _r(52, LOWER_AN) + "\nregion=eu-frankfurt-1",
    _v,
)
_v = _r(44, URLSAFE)
_s(
    "config_syntax",
    "$ ibmcloud iam api-key-create ci-deployer -d 'toolchain' --output JSON\n{\n"
    '  "id": "ApiKey-' + _uuid() + '",\n  "name": "ci-deployer",\n'
    f'  "apikey": "{_v}",\n  "locked": false\n}}',
    _v,
)
_v = _r(64)
_s(
    "config_syntax",
    '$ cat ~/.config/hcloud/cli.toml\nactive_context = "prod"\n\n[[contexts]]\n  name = "prod"\n'
    f'  token = "{_v}"',
    _v,
)
_v1, _v2 = _r(32, LOWER_AN), _r(32, LOWER_AN)
_s(
    "config_syntax",
    "# ovh.conf\n[default]\nendpoint=ovh-eu\n\n[ovh-eu]\napplication_key=" + _r(16, LOWER_AN) + "\n"
    f"application_secret={_v1}\nconsumer_key={_v2}",
    _v1,
    _v2,
)
_v = _r(43, URLSAFE)
_s(
    "config_syntax",
    '# ~/.config/exoscale/exoscale.toml\ndefaultaccount = "lab"\n\n[[accounts]]\n'
    f'  name = "lab"\n  key = "EXO{_r(24, HEX)}"\n  secret = "{_v}"\n  defaultZone = "ch-gva-2"',
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    's3 = boto3.client(\n    "s3",\n'
    '    endpoint_url="https://' + _r(32, HEX) + '.r2.cloudflarestorage.com",\n'
    f'    aws_access_key_id="{_r(32, HEX)}",\n    aws_secret_access_key="{_v}",\n'
    '    region_name="auto",\n)',
    _v,
)
_v = "1" + _r(420, BASE58)
_s(
    "config_syntax",
    "$ uplink share --readonly sj://datasets/2026/\n"
    "=========== ACCESS RESTRICTIONS ==========================================================\n"
    "Download  : Allowed\nUpload    : Disallowed\nPaths     : sj://datasets/2026/\n"
    "=========== SERIALIZED ACCESS WITH THE ABOVE RESTRICTIONS TO SHARE WITH OTHERS ===========\n"
    f"Access    : {_v}",
    _v,
)
_v1 = _r(171, AN + "+/") + "="
_v2 = _r(32, HEX)
_s(
    "config_syntax",
    "class Config:\n    LINE_CHANNEL_ACCESS_TOKEN = (\n"
    f'        "{_v1[:90]}"\n        "{_v1[90:]}"\n    )\n    LINE_CHANNEL_SECRET = "{_v2}"',
    _v1[:90],
    _v1[90:],
    _v2,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "wx:\n  mp:\n    configs:\n      - appId: wx" + _r(16, HEX) + "\n"
    f"        secret: {_v}\n        token: weixin\n        aesKey: {_r(43)}",
    _v,
)
_v1, _v2 = _r(64, HEX), "SEC" + _r(64, HEX)
_s(
    "config_syntax",
    "alerting:\n  dingtalk:\n"
    f"    webhook: https://oapi.dingtalk.com/robot/send?access_token={_v1}\n"
    f"    secret: {_v2}",
    _v1,
    _v2,
)
_v = _r(22)
_s(
    "config_syntax",
    '[notify.feishu]\nwebhook = "https://open.feishu.cn/open-apis/bot/v2/hook/' + _uuid() + '"\n'
    f'sign_secret = "{_v}"\nat_all = false',
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    "2026-12-03 02:10:04 INFO  notify.wecom POST "
    f'https://qyapi.weixin.qq.com/cgi-bin/webhook/send?key={_v} -> 200 {{"errcode":0}}',
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "# application-prod.properties\nkakao.client-id=" + _r(32, HEX) + "\n"
    f"kakao.admin-key={_v}\nkakao.redirect-uri=https://shop.acme.kr/oauth/kakao",
    _v,
)
_v = _r(10)
_s(
    "config_syntax",
    'curl "https://openapi.naver.com/v1/search/blog.json?query=%EC%BA%A0%ED%95%91" \\\n'
    f'  -H "X-Naver-Client-Id: {_r(20)}" \\\n  -H "X-Naver-Client-Secret: {_v}"',
    _v,
)
_v = "vk1.a." + _r(210, URLSAFE)
_s(
    "config_syntax",
    "import vk_api\n\nsession = vk_api.VkApi(\n"
    f'    token="{_v}",\n    api_version="5.199",\n)\nvk = session.get_api()',
    _v,
)
_v = "-".join(_r(16, HEX) for _ in range(3))
_s(
    "config_syntax",
    "await fetch('https://chatapi.viber.com/pa/set_webhook', {\n  method: 'POST',\n"
    f"  headers: {{ 'X-Viber-Auth-Token': '{_v}' }},\n"
    "  body: JSON.stringify({ url: 'https://bot.acme.dev/viber' }),\n});",
    _v,
)
_v = "-".join(_r(5) for _ in range(5))
_s(
    "config_syntax",
    "# /etc/davfs2/secrets\n# davfs2 secrets file: <mount point or url> <user> <password>\n"
    f"https://cloud.home.arpa/remote.php/dav/files/lena/  lena  {_v}",
    _v,
)
_v = _r(44, URLSAFE)
_s(
    "config_syntax",
    "services:\n  newsbot:\n    image: ghcr.io/acme/newsbot:1.4\n    environment:\n"
    "      MINIFLUX_URL: https://rss.home.arpa\n"
    f"      MINIFLUX_API_KEY: {_v}",
    _v,
)
_v = str(_rng.randrange(10**9, 10**10)) + ":" + _r(35, URLSAFE)
_s(
    "config_syntax",
    "# apprise.yml\nurls:\n  - mailtos://alerts@acme.dev\n"
    f"  - tgram://{_v}/-100{_r(10, DIGITS)}\n  - ntfy://ntfy.sh/acme-ci-public",
    _v,
)
_v = "A" + _r(14, URLSAFE)
_s(
    "config_syntax",
    f'curl "https://gotify.home.arpa/message?token={_v}" -F "title=Backup" '
    '-F "message=restic snapshot ok" -F "priority=5"',
    _v,
)
_v1, _v2 = "a" + _r(29, LOWER_AN), "u" + _r(29, LOWER_AN)
_s(
    "config_syntax",
    "#!/bin/sh\n# notify.sh - push a message to my phone\ncurl -s \\\n"
    f'  --form-string "token={_v1}" \\\n  --form-string "user={_v2}" \\\n'
    '  --form-string "message=$1" \\\n  https://api.pushover.net/1/messages.json',
    _v1,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "# alertmanager.yml\nreceivers:\n  - name: oncall-db\n    pagerduty_configs:\n"
    f"      - routing_key: {_v}\n        severity: critical\n"
    "  - name: slack-low\n    slack_configs:\n      - api_url_file: /etc/alertmanager/slack_url",
    _v,
)
_v = _r(24)
_s(
    "config_syntax",
    '# vector.toml\n[sinks.betterstack]\ntype = "http"\ninputs = ["app_logs"]\n'
    'uri = "https://in.logs.betterstack.com/"\nencoding.codec = "json"\n'
    f'auth.strategy = "bearer"\nauth.token = "{_v}"',
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "$ cat ~/.config/shodan/api_key\n"
    + _v
    + "\n$ shodan count 'product:\"OpenSSH\" port:2222'\n4188",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    f'# ~/.vt.toml\napikey="{_v}"\nformat="yaml"',
    _v,
)
_v = _r(80, HEX)
_s(
    "config_syntax",
    "# /etc/fail2ban/jail.local\n[sshd]\nenabled  = true\n"
    'action   = %(action_)s\n           %(action_abuseipdb)s[abuseipdb_apikey="' + _v + '", '
    'abuseipdb_category="18,22"]',
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    "WISE_PROFILE_ID = 18840213\n"
    f'WISE_API_TOKEN = "{_v}"  # TODO move to keychain\n'
    'WISE_BASE = "https://api.transferwise.com"',
    _v,
)
_v = _r(128, HEX)
_s(
    "config_syntax",
    "# .importer.env (Firefly III data importer)\nFIREFLY_III_URL=http://firefly:8080\n"
    f"NORDIGEN_ID={_uuid()}\nNORDIGEN_KEY={_v}\nTZ=Europe/Amsterdam",
    _v,
)
_v = _r(43, URLSAFE)
_s(
    "config_syntax",
    "// Code.gs (Apps Script) - pull YNAB balances into the sheet\n"
    f"const YNAB_TOKEN = '{_v}';\n"
    "const BUDGET = 'last-used';\nfunction refresh() {\n  const res = "
    "UrlFetchApp.fetch(`https://api.ynab.com/v1/"
    "budgets/${BUDGET}/accounts`, {headers: {Authorization: `Bearer ${YNAB_TOKEN}`}});\n}",
    _v,
)
_v = _r(20)
_s(
    "config_syntax",
    "# .bazelrc\nbuild --bes_results_url=https://app.buildbuddy.io/invocation/\n"
    "build --bes_backend=grpcs://remote.buildbuddy.io\n"
    f"build --remote_header=x-buildbuddy-api-key={_v}\nbuild --remote_timeout=3600",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    "# .envrc\nuse flake\nexport BUF_TOKEN=" + _v + "\nexport GOFLAGS=-mod=mod",
    _v,
)
_v = _r(32, LOWER_AN)
_s(
    "config_syntax",
    "-- Make scenario 'Invoice to Sheets' is triggered from the app:\n"
    f"INVOICE_WEBHOOK=https://hook.eu2.make.com/{_v}\n"
    "-- (anyone with this URL can create rows)",
    _v,
)
_v = _r(43, URLSAFE) + "%3D"
_s(
    "config_syntax",
    "ci-notify:\n  stage: .post\n  script:\n    - >\n      curl -s -X POST -H 'Content-Type: "
    "application/json'\n"
    "      'https://chat.googleapis.com/v1/spaces/AAAA"
    + _r(7)
    + "/messages?key=AIzaSy"
    + _r(33, URLSAFE)
    + f'&token={_v}\'\n      -d \'{{"text": "deploy $CI_COMMIT_SHORT_SHA done"}}\'',
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    '2026-12-03 16:02:44,310 DEBUG urllib3.connectionpool https://api.discogs.com:443 "GET '
    f"/users/vinyl_ana/collection/folders/0/releases?page=3&per_page=100&token={_v} "
    'HTTP/1.1" 200 None',
    _v,
)
_v1, _v2 = _r(40, HEX), _r(40, HEX)
_s(
    "config_syntax",
    "$ cat strava_tokens.json\n"
    + json.dumps(
        {"client_id": 140211, "client_secret": _v1, "refresh_token": _v2, "expires_at": 1764781200},
        indent=2,
    ),
    _v1,
    _v2,
)
_v = _r(36, HEX)
_s(
    "config_syntax",
    'from Bio import Entrez\n\nEntrez.email = "lab@uni.example.edu"\n'
    f'Entrez.api_key = "{_v}"\n'
    'handle = Entrez.esearch(db="pubmed", term="CRISPR[Title] AND 2026[pdat]", retmax=200)',
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    'library(httr)\nch_key <- "' + _v + '"\n'
    'res <- GET("https://api.company-information.service.gov.uk/company/00445790",\n'
    '           authenticate(ch_key, ""))',
    _v,
)
_v = _r(86, URLSAFE) + "=="
_s(
    "config_syntax",
    "$ influx config create --config-name prod --host-url "
    "https://eu-central-1-1.aws.cloud2.influxdata."
    f"com --org acme --token {_v} --active\nActive\tName\tURL\tOrg\n*\tprod\thttps://eu-central-1-1..."
    "\tacme",
    _v,
)
_v = "base64:" + _b64(32)
_s(
    "config_syntax",
    "diff --git a/.env.testing b/.env.testing\nnew file mode 100644\n--- /dev/null\n"
    "+++ b/.env.testing\n@@ -0,0 +1,4 @@\n+APP_ENV=testing\n"
    f"+APP_KEY={_v}\n+DB_CONNECTION=sqlite\n+DB_DATABASE=:memory:",
    _v,
)
_v = _r(128, HEX)
_s(
    "config_syntax",
    "# config/secrets.yml\ndevelopment:\n  secret_key_base: " + _r(128, HEX) + "\n\n"
    f"production:\n  secret_key_base: {_v}\n  stripe_webhook: <%= ENV['STRIPE_WEBHOOK'] %>",
    _v,
)
_v = _pw().replace(";", "")
_s(
    "config_syntax",
    '<connectionStrings>\n  <add name="Erp" providerName="System.Data.SqlClient"\n'
    f'       connectionString="Data Source=erp-sql01;Initial Catalog=ERP;User ID=erp_web;'
    f'Password={_v};MultipleActiveResultSets=True" />\n</connectionStrings>',
    _v,
)
_v = _b64(32)
_s(
    "config_syntax",
    f'# Rocket.toml\n[default]\naddress = "0.0.0.0"\n\n[release]\nport = 8000\nsecret_key = "{_v}"',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "# /etc/redis/users.acl\nuser default off\n"
    f"user worker on >{_v} ~jobs:* &jobs:* +@list +@pubsub -@dangerous\n"
    "user metrics on nopass ~* +info",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "# sentinel.conf\nport 26379\nsentinel monitor cache-primary 10.1.0.21 6379 2\n"
    f"sentinel auth-pass cache-primary {_v}\nsentinel down-after-milliseconds cache-primary 5000",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f'127.0.0.1:6379> CONFIG GET requirepass\n1) "requirepass"\n2) "{_v}"\n127.0.0.1:6379>',
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "$ tail -4 ~/.psql_history\n\\dn\nCREATE ROLE reporting LOGIN;\n"
    f"ALTER ROLE reporting WITH PASSWORD '{_v}';\nGRANT USAGE ON SCHEMA mart TO reporting;",
    _v,
)
_v1, _v2 = _r(40, AN + "/+"), "IQoJb3JpZ2luX2VjE" + _r(560, AN + "/+")
_s(
    "config_syntax",
    "$ aws configure export-credentials --profile prod-admin --format env\n"
    f"export AWS_ACCESS_KEY_ID=ASIA{_r(16, UPPER_AN)}\nexport AWS_SECRET_ACCESS_KEY={_v1}\n"
    f"export AWS_SESSION_TOKEN={_v2}\nexport AWS_CREDENTIAL_EXPIRATION=2026-12-03T18:12:00+00:00",
    _v1,
    _v2[:80],
)
_v1, _v2 = "aoa" + _r(300, AN), "aor" + _r(300, AN)
_s(
    "config_syntax",
    "$ cat ~/.aws/sso/cache/" + _r(40, HEX) + ".json | jq .\n{\n"
    '  "startUrl": "https://acme.awsapps.com/start",\n  "region": "eu-west-1",\n'
    f'  "accessToken": "{_v1}",\n  "expiresAt": "2026-12-03T17:00:00Z",\n'
    f'  "clientId": "{_r(22)}",\n  "refreshToken": "{_v2}"\n}}',
    _v1,
    _v2,
)
_v = _r(40, AN + "/+")
_s(
    "config_syntax",
    '$ aws iam create-access-key --user-name svc-backup\n{\n    "AccessKey": {\n'
    '        "UserName": "svc-backup",\n        "AccessKeyId": "AKIA' + _r(16, UPPER_AN) + '",\n'
    '        "Status": "Active",\n'
    f'        "SecretAccessKey": "{_v}",\n        "CreateDate": '
    '"2026-12-03T10:04:11+00:00"\n    }\n}',
    _v,
)
_v = "eyJ2ZXIiOjEsImlzdSI6" + _r(700, URLSAFE) + "." + _r(300, URLSAFE)
_s(
    "config_syntax",
    "$ aws codeartifact get-authorization-token --domain acme --query authorizationToken "
    "--output text\n" + _v + "\n$ pip config set global.index-url "
    "https://aws:$CODEARTIFACT_AUTH_TOKEN@acme-1234.d.codeartifact"
    ".eu-west-1.amazonaws.com/pypi/internal/simple/",
    _v[:100],
)
_v = "eyJjdHkiOiJKV1QiLCJlbmMiOiJBMjU2R0NNIiwiYWxnIjoiUlNBLU9BRVAifQ." + ".".join(
    _r(n, URLSAFE) for n in (342, 22, 1400, 22)
)
_v2 = _fakes.jwt({"token_use": "id", "email": "qa@acme.dev", "cognito:username": "qa"})
_s(
    "config_syntax",
    "$ aws cognito-idp initiate-auth --auth-flow USER_PASSWORD_AUTH --client-id "
    + _r(26, LOWER_AN)
    + ' --auth-parameters USERNAME=qa@acme.dev,PASSWORD=...\n{\n    "AuthenticationResult": {\n'
    f'        "ExpiresIn": 3600,\n        "TokenType": "Bearer",\n        "RefreshToken": "{_v}",\n'
    f'        "IdToken": "{_v2}"\n    }}\n}}',
    _v[:200],
    _v2,
)
_v = "1//0" + _r(100, URLSAFE)
_s(
    "config_syntax",
    "$ cat ~/.config/gcloud/application_default_credentials.json\n{\n"
    '  "account": "",\n  "client_id": '
    f'"{_r(12, DIGITS)}-{_r(32, LOWER_AN)}.apps.googleusercontent.com",\n'
    f'  "client_secret": "GOCSPX-{_r(28, URLSAFE)}",\n  "quota_project_id": "acme-dev",\n'
    f'  "refresh_token": "{_v}",\n  "type": "authorized_user"\n}}',
    _v,
)
_v = "1//0" + _r(100, URLSAFE)
_s(
    "config_syntax",
    "# ~/.boto\n[Credentials]\n"
    f"gs_oauth2_refresh_token = {_v}\n\n[GSUtil]\n"
    "default_project_id = acme-data\nparallel_composite_upload_threshold = 150M",
    _v,
)
_v = _fakes.jwt({"aud": "acmeprod.azurecr.io", "grant_type": "refresh_token", "tenant": _uuid()})
_s(
    "config_syntax",
    "$ az acr login -n acmeprod --expose-token\nYou can perform manual login using the "
    "provided access "
    "token below, for example: 'docker login loginServer -u "
    "00000000-0000-0000-0000-000000000000 -p "
    "accessToken'\n{\n"
    f'  "accessToken": "{_v}",\n  "loginServer": "acmeprod.azurecr.io"\n}}',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "$ az keyvault secret show --vault-name kv-shop-prod --name sql-admin\n{\n"
    '  "attributes": {"enabled": true, "recoveryLevel": "Recoverable+Purgeable"},\n'
    '  "contentType": null,\n  "id": "https://kv-shop-prod.vault.azure.net/secrets/sql-admin/'
    + _r(32, HEX)
    + '",\n'
    f'  "name": "sql-admin",\n  "value": "{_v}"\n}}',
    _v,
)
_v = _human()
_s(
    "config_syntax",
    '# envs/prod/terraform.tfvars\nenvironment      = "prod"\ninstance_class   = "db.r7g.large"\n'
    f'db_admin_password = "{_v}"\nallowed_cidrs    = ["10.0.0.0/8"]',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "$ kubectl get configmap web-config -n shop -o yaml\napiVersion: v1\ndata:\n"
    "  SMTP_HOST: email-smtp.eu-west-1.amazonaws.com\n  SMTP_USER: AKIA" + _r(16, UPPER_AN) + "\n"
    f"  SMTP_PASSWORD: {_v}\nkind: ConfigMap\nmetadata:\n  name: web-config\n  namespace: shop",
    _v,
)
_p = _pw()
_v = _b64of(_p)
_s(
    "config_syntax",
    "$ kustomize build overlays/prod | yq 'select(.kind == \"Secret\")'\napiVersion: v1\n"
    f"data:\n  password: {_v}\n  username: {_b64of('orders')}\nkind: Secret\nmetadata:\n"
    "  name: orders-db-7g2m5kc8bt\ntype: Opaque",
    _v,
)
_p = _urlpw()
_s(
    "connection",
    "MAILER_DSN\t'smtp://postmaster%40mg.acme.dev:" + _p + "@smtp.eu.mailgun.org:587'\n"
    "MEDIA_ROOT\t'/srv/media'\nMEDIA_URL\t'/media/'\n"
    "MIDDLEWARE\t['django.middleware.security.SecurityMiddleware', ...]",
    _p,
)
_v1, _v2 = _pw(), _r(32)
_s(
    "config_syntax",
    "config loaded: {\n  env: 'staging',\n  db: { host: 'pg.staging', port: 5432, user: 'api', "
    f"password: '{_v1}' }},\n  queue: {{ url: 'sqs://orders' }},\n  mailer: {{ provider: "
    "'sparkpost', "
    f"apiKey: '{_v2}' }}\n}}",
    _v1,
    _v2,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    "___________________________ test_client_sends_key ____________________________\n\n"
    "    def test_client_sends_key():\n>       assert build_headers()['X-Api-Key'] == EXPECTED\n"
    f"E       AssertionError: assert '{_v}' == 'test-key'\n"
    "E         - test-key\nE         + " + _v + "\n\ntests/test_client.py:22: AssertionError",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "[03/12/26, 21:14:05] Tata: the admin login for the shop's router is admin / " + _v + "\n"
    "[03/12/26, 21:15:40] Ana: ok, changing the wifi name now",
    _v,
)
_v = _r(24) + "." + _r(6) + "." + _r(38, URLSAFE)
_s(
    "config_syntax",
    "dev-help — Today at 10:41\n**jonas**: can someone check why the bot won't start? token "
    "is in the "
    f"env: `BOT_TOKEN={_v}` and it says 'Improper token has been passed'",
    _v,
)
_v = _r(48, HEX)
_s(
    "config_syntax",
    "**review** on `src/webhooks/verify.ts` line 12\n> This is the live signing secret — please "
    "move it to "
    "the environment and rotate it.\n```suggestion\nconst SIGNING_SECRET = "
    "process.env.SIGNING_SECRET!;\n```\n"
    f'(was: `const SIGNING_SECRET = "{_v}";`)',
    _v,
)
_p1, _p2 = _pw(), _pw()
_s(
    "config_syntax",
    "h2. Staging service accounts\n||System||User||Password||Owner||\n"
    f"|Jenkins|svc-jenkins|{_p1}|Platform|\n|SonarQube|admin|{_p2}|QA|\n"
    "|Grafana|viewer|(SSO)|SRE|",
    _p1,
    _p2,
)
_p1, _p2 = _pw().replace(",", ""), _pw().replace(",", "")
_s(
    "config_syntax",
    "service,environment,username,password,rotated\n"
    f"billing-api,prod,billing_rw,{_p1},2026-10-02\nsearch-indexer,prod,indexer,{_p2},2026-11-14\n"
    "reporting,prod,reader,<vault>,2026-11-30",
    _p1,
    _p2,
)
_v = _b64of(f"DATABASE_URL=postgres://app:{_pw()}@db:5432/app\nSECRET_KEY_BASE={_r(64, HEX)}\n")
_s(
    "config_syntax",
    '2026-12-03T07:55:41.0912Z Run echo "$ENV_FILE_B64" | base64 -d > .env\n'
    f"2026-12-03T07:55:41.0950Z + echo {_v}\n2026-12-03T07:55:41.1003Z + base64 -d",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    f'2026-12-03 12:00:07.118 INFO  [sync] payload={{"config":"{{\\"endpoint\\":\\"https://api.'
    f'mailjet.com\\",\\"apiKey\\":\\"{_r(32, HEX)}\\",\\"apiSecret\\":\\"{_v}\\"}}"}}',
    _v,
)
_v = _r(48)
_s(
    "config_syntax",
    'export SENDGRID_FALLBACK_KEY="' + _v[:24] + "\\\n" + _v[24:] + '"\n./send-digest --dry-run',
    _v[:24],
    _v[24:],
)
_prose = [
    ("Milan", "p", "Ćao, šifra za admin nalog na staging serveru je {v}, promeni je posle demoa."),
    (
        "Ivana",
        "p",
        "Lozinka za bazu na produkciji: {v} (korisnik app_rw). Nemoj je slati na Slack.",
    ),
    ("Rok", "p", "Geslo za FTP strežnik je {v}, uporabniško ime pa spletna."),
    ("Tomas", "k", "Jenkins API raktas mano paskyrai: {v} - naudok tik build'ams."),
    ("Elīna", "p", "Parole datubāzes lietotājam reports ir {v}, mainīsim to pirmdien."),
    ("Kadri", "k", "API võti makseliidese jaoks: {v} — palun ära pane seda koodi sisse."),
    ("Sigrún", "p", "Lykilorðið að prófunarþjóninum er {v} og notandinn er deploy."),
    ("Ane", "p", "Datu-basearen pasahitza hau da: {v}. Ez partekatu inorekin."),
    ("Xoán", "p", "O contrasinal do usuario root de MariaDB é {v}, cámbiao despois da migración."),
    ("Aram", "p", "Սերվերի գաղտնաբառը՝ {v}, օգտատերը՝ admin։"),  # noqa: RUF001
    ("Leyla", "k", "Ödəniş sisteminin API açarı: {v} — istifadəçi adı billing."),  # noqa: RUF001
    ("Bat-Erdene", "p", "Серверийн нууц үг: {v}, хэрэглэгчийн нэр нь deploy."),  # noqa: RUF001
    ("Selam", "p", "የአገልጋዩ የይለፍ ቃል {v} ነው፤ ተጠቃሚ ስም admin።"),
    ("Ravi", "p", "స్టేజింగ్ డేటాబేస్ పాస్‌వర్డ్: {v} — దయచేసి ఎవరితోనూ పంచుకోవద్దు."),
    ("Sneha", "k", "SMS गेटवेची API की {v} आहे, ती कोडमध्ये टाकू नका."),
    ("Nuwan", "p", "සර්වරයේ මුරපදය {v} වේ. පරිශීලක නාමය admin."),
    ("Arben", "p", "Fjalëkalimi i bazës së të dhënave është {v}, përdoruesi është app."),
]
for _name, _how, _tmpl in _prose:
    _v = _pw() if _how == "p" else _r(32)
    _s(
        "config_syntax",
        f"{_name}  {_rng.randrange(8, 19)}:{_rng.randrange(60):02d}\n" + _tmpl.format(v=_v),
        _v,
    )


# =========================================================================== look-alikes
# --------------------------------------------------------------------------- prefixed tokens
_l(
    "prefixed_token",
    'import { LangfuseWeb } from "langfuse";\n\n// browser: the public key only (the secret '
    "key stays "
    "on the server)\nconst langfuse = new LangfuseWeb({\n"
    f'  publicKey: "pk-lf-{_uuid()}",\n  baseUrl: "https://cloud.langfuse.com",\n}});',
)
_l(
    "prefixed_token",
    '<form action="/signup" method="POST">\n  <div class="g-recaptcha" data-sitekey="6L'
    + _r(38, URLSAFE)
    + '"></div>\n  <button type="submit">Create account</button>\n</form>',
)
_l(
    "prefixed_token",
    '<div class="cf-turnstile" data-sitekey="0x4AAAAAAA' + _r(14, URLSAFE) + '" '
    'data-theme="light"></div>\n<script '
    'src="https://challenges.cloudflare.com/turnstile/v0/api.js" '
    "async defer></script>",
)
_l(
    "prefixed_token",
    "<!-- analytics (write key is public, it ships to every browser) -->\n<script>\n"
    f'  analytics.load("{_r(32)}");\n  analytics.page();\n</script>',
)
_l(
    "prefixed_token",
    "## Configure\n\nCreate a token at https://github.com/settings/tokens and put it in `.env`:\n\n"
    "```\nGITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\nSLACK_BOT_TOKEN=xoxb-your-bot-token\n```",
)
_l(
    "prefixed_token",
    "NAME            KEY                       CREATED      LAST USED\n"
    f"ci-evals        sk-proj-...{_r(4)}             2026-09-14   2026-12-02\n"
    f"notebook        sk-proj-...{_r(4)}             2026-11-01   never",
)
_l(
    "prefixed_token",
    "# GitHub App settings (public)\nApp ID: " + str(_rng.randrange(10**5, 10**7)) + "\n"
    "Client ID: Iv23li" + _r(14) + "\nPublic link: https://github.com/apps/acme-release-bot",
)
_l(
    "prefixed_token",
    "2026-12-03 10:12:09 INFO  sms.sent sid=SM" + _r(32, HEX) + " to=+4479******12 status=queued "
    "segments=1",
)
_l(
    "prefixed_token",
    "$ vercel ls web --meta githubCommitRef=main\n  Age  Deployment                       "
    "  Status\n"
    f"  3m   dpl_{_r(28)}   ● Ready\n  2h   dpl_{_r(28)}   ● Ready",
)
_l(
    "prefixed_token",
    "$ gh api graphql -f query='{ viewer { id login } }'\n"
    + json.dumps({"data": {"viewer": {"id": "U_kgDO" + _r(8, URLSAFE), "login": "rpetrova"}}}),
)
_l(
    "prefixed_token",
    "$ nix path-info -r .#api | head -3\n"
    + "\n".join(
        f"/nix/store/{_r(32, '0123456789abcdfghijklmnpqrsvwxyz')}-{n}"
        for n in ("glibc-2.40-36", "openssl-3.3.2", "api-0.9.1")
    ),
)
_l(
    "prefixed_token",
    "[2026-12-03 09:00:01] clerk.webhook user.created id=user_2" + _r(26) + " "
    "email_id=idn_2" + _r(26),
)
_l(
    "prefixed_token",
    'window.__ENV__ = {\n  GA_MEASUREMENT_ID: "G-' + _r(10, UPPER_AN) + '",\n'
    '  GTM_ID: "GTM-' + _r(7, UPPER_AN) + '",\n  MIXPANEL_TOKEN: "' + _r(32, HEX) + '",\n};',
)
_l(
    "prefixed_token",
    'const config = {\n  domain: "acme.eu.auth0.com",\n  clientId: "' + _r(32) + '",\n'
    "  authorizationParams: { redirect_uri: window.location.origin, audience: "
    '"https://api.acme.dev" },\n};',
)
_l(
    "prefixed_token",
    "// aws-exports.js (generated by Amplify; safe to ship)\nconst awsmobile = {\n"
    '  aws_project_region: "eu-west-1",\n'
    f'  aws_cognito_identity_pool_id: "eu-west-1:{_uuid()}",\n'
    f'  aws_user_pools_id: "eu-west-1_{_r(9)}",\n'
    f'  aws_user_pools_web_client_id: "{_r(26, LOWER_AN)}",\n}};',
)
_l(
    "prefixed_token",
    "ALGOLIA_APP_ID="
    + _r(10, UPPER_AN)
    + "\n# search-only key: safe in the browser (no write ACL)\n"
    "NEXT_PUBLIC_ALGOLIA_SEARCH_KEY=" + _r(32, HEX),
)
_l(
    "prefixed_token",
    "$ hf download meta-llama/Llama-3.2-1B --revision " + _sha() + "\n"
    "Fetching 8 files: 100%|██████████| 8/8\n/home/ana/.cache/huggingface/hub/models--meta-llama--"
    "Llama-3.2-1B/snapshots/" + _sha(),
)
_l(
    "prefixed_token",
    "$ fly secrets list -a billing\nNAME              DIGEST              CREATED AT\n"
    f"DATABASE_URL      {_r(16, HEX)}    2026-11-02T10:11:12Z\n"
    f"STRIPE_API_KEY    {_r(16, HEX)}    2026-11-29T08:40:01Z",
)


# --------------------------------------------------------------------------- key blocks (public)
_l(
    "key_block",
    "# /etc/nix/nix.conf\nsubstituters = https://cache.nixos.org https://acme.cachix.org\n"
    "trusted-public-keys = cache.nixos.org-1:" + _b64(32) + " acme.cachix.org-1:" + _b64(32),
)
_l(
    "key_block",
    "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:"
    + _b64(32).rstrip("=")
    + " ana@laptop (ED25519)",
)
_l(
    "key_block",
    "# ~deploy/.ssh/authorized_keys\n"
    'from="10.0.0.0/8",command="/usr/local/bin/rrsync -ro /srv/backups",no-pty,no-agent-forwarding '
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _b64(24).rstrip("=") + " backup@nas",
)
_l(
    "key_block",
    "$ tail -2 ~/.ssh/known_hosts\n|1|"
    + _b64(20)
    + "|"
    + _b64(20)
    + " ssh-ed25519 AAAAC3NzaC1lZDI1"
    "NTE5AAAAI"
    + _b64(24).rstrip("=")
    + "\n|1|"
    + _b64(20)
    + "|"
    + _b64(20)
    + " ecdsa-sha2-nistp256 "
    "AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB" + _b64(48),
)
_cert = pem("CERTIFICATE", _fakes.b64(780))
_l(
    "key_block",
    "apiVersion: v1\nclusters:\n- cluster:\n    certificate-authority-data: "
    + _b64of(_cert + "\n")
    + "\n    server: https://10.0.0.1:6443\n  name: kind-dev\ncontexts:\n- context:\n"
    "    cluster: kind-dev\n    user: kind-dev\n  name: kind-dev",
)
_l(
    "key_block",
    "$ openssl x509 -in api.crt -noout -pubkey\n" + pem("PUBLIC KEY", _fakes.b64(294)),
)
_l(
    "key_block",
    "$ curl -s https://auth.acme.dev/.well-known/jwks.json | jq .\n"
    + json.dumps(
        {
            "keys": [
                {
                    "kty": "EC",
                    "crv": "P-256",
                    "use": "sig",
                    "alg": "ES256",
                    "kid": _r(16),
                    "x": _urlb64(32),
                    "y": _urlb64(32),
                }
            ]
        },
        indent=2,
    ),
)
_l(
    "key_block",
    "$ git cat-file -p HEAD\ntree " + _sha() + "\nparent " + _sha() + "\n"
    "author Ana Lima <ana@acme.dev> 1764752400 +0100\ncommitter Ana Lima <ana@acme.dev> "
    "1764752400 +0100\n"
    "gpgsig "
    + pem("SSH SIGNATURE", _fakes.b64(240)).replace("\n", "\n ")
    + "\n\nfix: retry on 429",
)
_l(
    "key_block",
    "$ git tag -v v2.4.0\nobject " + _sha() + "\ntype commit\ntag v2.4.0\ntagger Release Bot "
    "<release@acme.dev> 1764752400 +0000\n\nv2.4.0\n"
    + pem("PGP SIGNATURE", _fakes.b64(440))
    + '\ngpg: Good signature from "Release Bot <release@acme.dev>" [ultimate]',
)
_l(
    "key_block",
    "$ dig +short SSHFP git.acme.dev\n1 2 " + _r(64, HEX).upper() + "\n4 2 " + _r(64, HEX).upper(),
)
_l(
    "key_block",
    "$ dig +multi DNSKEY acme.dev\nacme.dev. 3600 IN DNSKEY 257 3 13 (\n\t\t\t\t"
    + _b64(64)
    + "\n\t\t\t\t) ; KSK; alg = ECDSAP256SHA256 ; key id = "
    + str(_rng.randrange(10000, 65535)),
)
_l(
    "key_block",
    "# recipients.txt (age public keys of the people who can decrypt prod secrets)\n"
    + "\n".join(
        f"age1{_r(58, '023456789acdefghjklmnpqrstuvwxyz')}  # {n}" for n in ("ana", "ravi", "ci")
    ),
)
_l(
    "key_block",
    "Element → Settings → Sessions → This session\nSession ID: " + _r(10, UPPER_AN) + "\n"
    "Session key: "
    + " ".join(_r(4, AN + "+/") for _ in range(11))
    + "\n(compare with the other device "
    "to verify)",
)
_l(
    "key_block",
    "$ sudo wg show wg0\ninterface: wg0\n  public key: " + _b64(32) + "\n  private key: (hidden)\n"
    "  listening port: 51820\n\npeer: " + _b64(32) + "\n  endpoint: 203.0.113.7:51820\n"
    "  allowed ips: 10.9.0.2/32\n  latest handshake: 41 seconds ago",
)
_l(
    "key_block",
    '<md:IDPSSODescriptor protocolSupportEnumeration="urn:oasis:names:tc:SAML:2.0:protocol">\n'
    '  <md:KeyDescriptor use="signing">\n    <ds:KeyInfo><ds:X509Data><ds:X509Certificate>'
    + _fakes.b64(760)
    + "</ds:X509Certificate></ds:X509Data></ds:KeyInfo>\n  "
    "</md:KeyDescriptor>\n</md:IDPSSODescriptor>",
)
_l(
    "key_block",
    "# Hardhat's well-known development accounts (public, never use on mainnet):\n"
    "#   mnemonic: test test test test test test test test test test test junk\n"
    "#   Account #0: 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266 (10000 ETH)\n"
    "#   Private Key: 0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80\n"
    "npx hardhat node",
)
_l(
    "key_block",
    "# RFC 8032, section 7.1, TEST 1 (Ed25519 test vector)\nSECRET KEY:\n"
    "9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60\nPUBLIC KEY:\n"
    "d75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
)
_l(
    "key_block",
    "$ oci iam user api-key list --user-id ocid1.user.oc1..aaaaaaaa"
    + _r(52, LOWER_AN)
    + "\n"
    + json.dumps(
        {
            "data": [
                {
                    "fingerprint": ":".join(_r(2, HEX) for _ in range(16)),
                    "key-value": pem("PUBLIC KEY", _fakes.b64(294)),
                    "lifecycle-state": "ACTIVE",
                }
            ]
        },
        indent=2,
    ),
)


# --------------------------------------------------------------------------- connections
_l(
    "connection",
    ">>> engine\nEngine(postgresql+psycopg://billing:***@billing-db.internal/billing)\n"
    ">>> engine.url.render_as_string(hide_password=True)\n"
    "'postgresql+psycopg://billing:***@billing-db.internal/billing'",
)
_l(
    "connection",
    " -------------- celery@worker-7d9f v5.4.0 (opalescent)\n--- ***** -----\n"
    "-- ******* ---- Linux-6.8.0 2026-12-03 09:12:00\n- *** --- * ---\n"
    "- ** ---------- [config]\n- ** ---------- .> app:         orders:0x7f3c\n"
    "- ** ---------- .> transport:   redis://:**@redis:6379/0\n"
    "- ** ---------- .> results:     redis://:**@redis:6379/1",
)
_l(
    "connection",
    '$ mysql_config_editor print --all\n[client]\nuser = "root"\npassword = *****\nhost = '
    '"localhost"\n'
    '[reporting]\nuser = "looker"\npassword = *****\nhost = "warehouse.internal"',
)
_l(
    "connection",
    "# ~/.pg_service.conf\n[orders]\nhost=orders-db.internal\nport=5432\ndbname=orders\nuser=app\n"
    "passfile=/home/app/.pgpass\nsslmode=verify-full\nsslrootcert=/etc/ssl/rds-ca.pem",
)
_l(
    "connection",
    "services:\n  rabbitmq:\n    image: rabbitmq:4-management\n"
    "    # default guest/guest only works from localhost, which is all the tests need\n"
    "  tests:\n    environment:\n      AMQP_URL: amqp://guest:guest@localhost:5672/",
)
_l(
    "connection",
    "Connect to Cluster0 → Drivers → Python\n\n"
    "mongodb+srv://<db_username>:<db_password>@cluster0." + _r(5, LOWER_AN) + ".mongodb.net/"
    "?retryWrites=true&w=majority&appName=Cluster0\n\nReplace <db_password> with the "
    "password for the "
    "db_username database user.",
)
_l(
    "connection",
    "spring:\n  datasource:\n    url: "
    "jdbc:aws-wrapper:postgresql://orders.cluster-c9x.eu-west-1.rds."
    "amazonaws.com:5432/orders?wrapperPlugins=iam,failover\n    username: iam_app\n"
    "    driver-class-name: software.amazon.jdbc.Driver",
)
_l(
    "connection",
    '[submodule "vendor/proto"]\n\tpath = vendor/proto\n\turl = git@github.com:acme/proto.git\n'
    '[submodule "docs/theme"]\n\tpath = docs/theme\n\turl = https://github.com/acme/docs-theme.git',
)
_l(
    "connection",
    "$ aws s3api list-object-versions --bucket acme-exports --prefix 2026/12/ --max-items 2 "
    "--query 'Versions[].[Key,VersionId]' --output text\n"
    f"2026/12/orders.parquet\t{_r(32, URLSAFE)}\n2026/12/orders.parquet\t{_r(32, URLSAFE)}",
)
_l(
    "connection",
    "sasl.mechanism=SCRAM-SHA-512\nsecurity.protocol=SASL_SSL\n"
    "config.providers=file\nconfig.providers.file.class=org.apache.kafka.common.config.provider."
    "FileConfigProvider\nsasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule "
    'required username="ingest" password="${file:/etc/kafka/secrets.properties:ingest.password}";',
)
_l(
    "connection",
    "2026-12-03 10:01:12 azcopy INFO: Copying "
    "https://acmestatic.blob.core.windows.net/$web/index.html"
    "?se=2026-12-31T00%3A00%3A00Z&sig=-REDACTED-&sp=rwdlac&spr=https&srt=co&ss=b&sv=2022-11-02",
)
_l(
    "connection",
    "export HTTPS_PROXY=http://proxy.corp.example:3128\nexport HTTP_PROXY=$HTTPS_PROXY\n"
    "export NO_PROXY=localhost,127.0.0.1,.svc.cluster.local,169.254.169.254",
)
_l(
    "connection",
    "Host bastion-prod\n  HostName 203.0.113.40\n  User ec2-user\n  IdentityFile "
    "~/.ssh/bastion_ed25519\n"
    "  IdentitiesOnly yes\nHost 10.40.*\n  ProxyJump bastion-prod",
)
_l(
    "connection",
    "| Variable | Example | Notes |\n|---|---|---|\n"
    "| `DATABASE_URL` | `postgres://USER:PASSWORD@HOST:5432/NAME` | set by the platform |\n"
    "| `REDIS_URL` | `redis://localhost:6379/0` | local only |",
)
_l(
    "connection",
    "Server=tcp:sql-acme-prod.database.windows.net,1433;Initial Catalog=orders;"
    "Authentication=Active Directory Managed Identity;User Id=" + _uuid() + ";Encrypt=True;",
)
_l(
    "connection",
    "$ mongodump --host rs0/db-1:27017,db-2:27017 --username backup --authenticationDatabase admin "
    "--password --gzip --archive=nightly.gz\nEnter password for mongo user:\n"
    "2026-12-03T02:00:04.118+0000\twriting shop.orders to archive 'nightly.gz'",
)


# --------------------------------------------------------------------------- authorization
_l(
    "authorization",
    "> GET /dir/index.html HTTP/1.1\n> Host: legacy.acme.local\n"
    '> Authorization: Digest username="ana", realm="legacy@acme.local", nonce="'
    + _r(32, HEX)
    + '", '
    'uri="/dir/index.html", qop=auth, nc=00000001, cnonce="'
    + _r(8, HEX)
    + '", response="'
    + _r(32, HEX)
    + '", opaque="'
    + _r(32, HEX)
    + '"',
)
_l(
    "authorization",
    'curl -H "Authorization: Bearer $(gcloud auth print-access-token)" \\\n'
    '     -H "x-goog-user-project: acme-dev" \\\n'
    "     https://aiplatform.googleapis.com/v1/projects/acme-dev/locations/europe-west4/endpoints",
)
_l(
    "authorization",
    "2026-12-03 11:14:02 DEBUG http.client send: GET /v2/orders\n  authorization: Bearer "
    "[REDACTED]\n"
    "  x-request-id: " + _uuid() + "\n  traceparent: 00-" + _r(32, HEX) + "-" + _r(16, HEX) + "-01",
)
_l(
    "authorization",
    "POST /slack/events HTTP/1.1\nHost: bot.acme.dev\nX-Slack-Request-Timestamp: 1764752400\n"
    f"X-Slack-Signature: v0={_r(64, HEX)}\nContent-Type: application/json",
)
_l(
    "authorization",
    "webhook-id: msg_" + _r(27) + "\nwebhook-timestamp: 1764752400\n"
    "webhook-signature: v1," + _b64(32),
)
_l(
    "authorization",
    "< HTTP/1.1 401 Unauthorized\n< Content-Type: application/json\n"
    '< Www-Authenticate: Bearer realm="https://auth.docker.io/token",service="registry.docker.io",'
    'scope="repository:library/nginx:pull"\n< Docker-Distribution-Api-Version: registry/2.0',
)
_l(
    "authorization",
    "GET /resource/1?b=1&a=2 HTTP/1.1\nHost: example.com:8000\n"
    f'Authorization: Hawk id="{_r(12, LOWER_AN)}", ts="1764752400", nonce="{_r(6)}", '
    f'ext="some-app-ext-data", mac="{_b64(32)}"',
)
_l(
    "authorization",
    "cookie: _ga=GA1.1."
    + _r(10, DIGITS)
    + "."
    + _r(10, DIGITS)
    + "; _ga_"
    + _r(10, UPPER_AN)
    + "=GS1.1."
    + _r(10, DIGITS)
    + ".3.1.1764752400.0.0.0; _fbp=fb.1.1764752400123."
    + _r(10, DIGITS)
    + "; ajs_anonymous_id="
    + _uuid(),
)
_l(
    "authorization",
    "GET /chat HTTP/1.1\nHost: ws.acme.dev\nUpgrade: websocket\nConnection: Upgrade\n"
    f"Sec-WebSocket-Key: {_b64(16)}\nSec-WebSocket-Version: 13\n\nHTTP/1.1 101 Switching "
    "Protocols\n"
    f"Sec-WebSocket-Accept: {_b64(20)}",
)
_l(
    "authorization",
    "PUT /acme-exports/2026/12/orders.parquet HTTP/1.1\nHost: s3.eu-west-1.amazonaws.com\n"
    f"x-amz-content-sha256: {_r(64, HEX)}\nContent-MD5: {_b64(16)}\nx-amz-date: 20261203T101500Z",
)
_l(
    "authorization",
    "X-GitHub-Event: pull_request\nX-GitHub-Delivery: " + _uuid() + "\n"
    "X-GitHub-Hook-ID: "
    + _r(9, DIGITS)
    + "\nX-GitHub-Hook-Installation-Target-ID: "
    + _r(8, DIGITS),
)
_l(
    "authorization",
    "https://auth.acme.dev/authorize?response_type=code&client_id=web-spa&redirect_uri=https%3A%2F%2F"
    f"app.acme.dev%2Fcallback&scope=openid%20profile&state={_urlb64(24)}&nonce={_urlb64(24)}"
    f"&code_challenge={_urlb64(32)}&code_challenge_method=S256",
)
_l(
    "authorization",
    "## Authentication\n\nEvery request needs your key in a header:\n\n```http\nGET /v1/jobs\n"
    "Authorization: Bearer YOUR_API_KEY\n```\n\nReplace `YOUR_API_KEY` with a key from the "
    "dashboard.",
)
_l(
    "authorization",
    'AUTH=$(printf "%s:%s" "$JIRA_USER" "$JIRA_API_TOKEN" | base64)\n'
    'curl -s -H "Authorization: Basic $AUTH" "$JIRA_URL/rest/api/3/myself"',
)
_l(
    "authorization",
    "POST /v1/payments HTTP/1.1\nIdempotency-Key: " + _uuid() + "\n"
    "X-Amzn-Trace-Id: Root=1-"
    + _r(8, HEX)
    + "-"
    + _r(24, HEX)
    + '\nIf-None-Match: W/"'
    + _r(27, URLSAFE)
    + '"',
)
_l(
    "authorization",
    "Content-Security-Policy: script-src 'nonce-"
    + _b64(16)
    + "' 'strict-dynamic'; object-src 'none'\n"
    "Strict-Transport-Security: max-age=63072000; includeSubDomains; preload",
)
_l(
    "authorization",
    "2026-12-03T09:14:02.1204412Z ##[debug]git -c http.https://github.com/.extraheader="
    '"AUTHORIZATION: basic ***" fetch --depth=1 origin ' + _sha(),
)


# --------------------------------------------------------------------------- config syntax
_l(
    "config_syntax",
    "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n"
    "  <scope>GLOBAL</scope>\n  <id>nexus-deploy</id>\n  <username>deployer</username>\n"
    "  <password>{AQAAABAAAAAQ" + _b64(48) + "}</password>\n"
    "</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
)
_l(
    "config_syntax",
    '<environmentvariables>\n  <variable name="DEPLOY_TOKEN" secure="true">\n'
    "    <encryptedValue>AES:" + _b64(16) + ":" + _b64(32) + "</encryptedValue>\n  </variable>\n"
    "</environmentvariables>",
)
_l(
    "config_syntax",
    "orders=# SELECT id, card_token_enc FROM payment_methods LIMIT 2;\n id |  card_token_enc\n"
    "----+-----------------\n"
    f"  1 | vault:v1:{_b64(60)}\n  2 | vault:v1:{_b64(60)}\n(2 rows)",
)
_l(
    "config_syntax",
    "# config/prod.yaml: the KMS ciphertext is decrypted at boot with kms:Decrypt\n"
    "db_password_encrypted: AQICAHh"
    + _b64(180)
    + "\nkms_key_id: arn:aws:kms:eu-west-1:"
    + _r(12, DIGITS)
    + ":key/"
    + _uuid(),
)
_l(
    "config_syntax",
    "      - name: Publish\n        run: npm publish --provenance --access public\n        env:\n"
    "          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n          NPM_CONFIG_PROVENANCE: true",
)
_l(
    "config_syntax",
    "# .env.tpl (rendered with `op inject -i .env.tpl -o .env`)\n"
    "STRIPE_SECRET_KEY=op://Engineering/Stripe prod/credential\n"
    "DATABASE_URL=op://Engineering/orders-db/connection string\nLOG_LEVEL=info",
)
_l(
    "config_syntax",
    "  annotations:\n    vault.security.banzaicloud.io/vault-addr: https://vault.acme.dev:8200\n"
    "  env:\n    - name: DB_PASSWORD\n      value: vault:secret/data/orders/db#password\n"
    "    - name: API_KEY\n      value: vault:secret/data/orders/api#key#2",
)
_l(
    "config_syntax",
    '"secrets": [\n  {\n    "name": "DB_PASSWORD",\n    "valueFrom": '
    '"arn:aws:secretsmanager:eu-west-1:'
    + _r(12, DIGITS)
    + ":secret:prod/orders/db-"
    + _r(6)
    + ':password::"\n  },\n'
    '  {\n    "name": "STRIPE_KEY",\n    "valueFrom": "arn:aws:ssm:eu-west-1:'
    + _r(12, DIGITS)
    + ':parameter/prod/stripe/key"\n  }\n]',
)
_l(
    "config_syntax",
    "        env:\n          - name: SESSION_SECRET\n            valueFrom:\n              "
    "secretKeyRef:\n"
    "                name: web-secrets\n                key: session-secret\n"
    '          - name: PASSWORD_MIN_LENGTH\n            value: "12"',
)
_l(
    "config_syntax",
    "2026-12-03T07:55:40.8812Z ##[group]Run ./scripts/deploy.sh\n"
    "2026-12-03T07:55:40.8815Z env:\n2026-12-03T07:55:40.8816Z   AWS_REGION: eu-west-1\n"
    "2026-12-03T07:55:40.8817Z   DEPLOY_KEY: ***\n2026-12-03T07:55:40.8818Z   "
    "SENTRY_AUTH_TOKEN: ***",
)
_l(
    "config_syntax",
    "$ vercel env ls production\n name                    value       environments   created\n"
    " DATABASE_URL            Encrypted   Production     12d ago\n"
    " NEXTAUTH_SECRET         Encrypted   Production     12d ago",
)
_l(
    "config_syntax",
    "$ gh secret list --repo acme/web\nNAME               UPDATED\nAWS_DEPLOY_ROLE    about 2 "
    "months ago\n"
    "NPM_TOKEN          about 5 days ago\nSLACK_WEBHOOK_URL  about 1 year ago",
)
_l(
    "config_syntax",
    "$ kubectl describe secret orders-db -n shop\nName:         orders-db\nNamespace:    shop\n"
    "Type:  Opaque\n\nData\n====\npassword:  24 bytes\nusername:  6 bytes",
)
_l(
    "config_syntax",
    "AUTH_PASSWORD_VALIDATORS = [\n"
    '    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator", '
    '"OPTIONS": {"min_length": 12}},\n'
    '    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},\n]\n'
    "PASSWORD_RESET_TIMEOUT = 259200",
)
_l(
    "config_syntax",
    "# litellm router settings\nmax_tokens: 4096\nmax_input_tokens: 128000\ntpm_limit: 200000\n"
    "token_counter: tiktoken\napi_key_header_name: X-LiteLLM-Key",
)
_l(
    "config_syntax",
    "GOOGLE_APPLICATION_CREDENTIALS=/var/secrets/google/sa.json\nSSH_KEY_PATH=~/.ssh/deploy_ed25519\n"
    "SECRET_KEY_FILE=/run/secrets/django_secret_key\nTLS_KEY=/etc/ssl/private/api.key",
)
_l(
    "config_syntax",
    "# .env.example — copy to .env and fill in\nAPI_KEY=changeme\nDB_PASSWORD=\n"
    "JWT_SECRET=<generate with: openssl rand -base64 32>\nSMTP_PASSWORD=your-smtp-password",
)
_l(
    "config_syntax",
    "# Example (from the provider's docs; not a real key):\n"
    "#   TWILIO_ACCOUNT_SID=ACXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX\n#   "
    "TWILIO_AUTH_TOKEN=your_auth_token\n"
    "TWILIO_ACCOUNT_SID=\nTWILIO_AUTH_TOKEN=",
)
_l(
    "config_syntax",
    "def test_gcm_vector_case_3():\n    # GCM spec (McGrew & Viega), test case 3: public "
    "test vector\n"
    '    key = bytes.fromhex("feffe9928665731c6d6a8f9467308308")\n'
    '    iv = bytes.fromhex("cafebabefacedbaddecaf888")\n'
    "    assert encrypt(key, iv, PLAINTEXT)[-16:].hex() == EXPECTED_TAG",
)
_l(
    "config_syntax",
    "# docker-compose.dev.yml — local only, well-known defaults\n  minio:\n    image: minio/minio\n"
    "    environment:\n      MINIO_ROOT_USER: minioadmin\n      MINIO_ROOT_PASSWORD: minioadmin\n"
    "  keycloak:\n    environment:\n      KC_BOOTSTRAP_ADMIN_USERNAME: admin\n"
    "      KC_BOOTSTRAP_ADMIN_PASSWORD: admin",
)
_l(
    "config_syntax",
    '[\n  {\n    "model": "auth.user",\n    "pk": 1,\n    "fields": {\n'
    '      "username": "admin",\n      "password": "pbkdf2_sha256$870000$'
    + _r(22)
    + "$"
    + _b64(32)
    + '",\n      "is_superuser": true\n    }\n  }\n]',
)
_l(
    "config_syntax",
    "# requirements.lock\nhttpx==0.28.1 \\\n    --hash=sha256:" + _r(64, HEX) + " \\\n"
    "    --hash=sha256:" + _r(64, HEX) + "\nanyio==4.7.0 \\\n    --hash=sha256:" + _r(64, HEX),
)
_l(
    "config_syntax",
    "golang.org/x/crypto v0.31.0 h1:"
    + _b64(32)
    + "\ngolang.org/x/crypto v0.31.0/go.mod h1:"
    + _b64(32),
)
_l(
    "config_syntax",
    '    "nixpkgs": {\n      "locked": {\n        "lastModified": 1764600000,\n'
    '        "narHash": "sha256-' + _b64(32) + '",\n        "owner": "NixOS",\n'
    '        "repo": "nixpkgs",\n        "rev": "'
    + _sha()
    + '",\n        "type": "github"\n      },',
)
_l(
    "config_syntax",
    "$ docker images --digests acme/api\nREPOSITORY   TAG     DIGEST                          "
    "          "
    "                                  IMAGE ID       SIZE\n"
    f"acme/api     1.9.2   sha256:{_r(64, HEX)}   {_r(12, HEX)}   142MB",
)
_l(
    "config_syntax",
    "$ git bisect log\ngit bisect start\n# bad: ["
    + _sha()
    + "] release 2.4.0\ngit bisect bad "
    + _sha()
    + "\n# good: ["
    + _sha()
    + "] release 2.3.1\ngit bisect good "
    + _sha(),
)
_l(
    "config_syntax",
    '$ blkid\n/dev/nvme0n1p1: UUID="'
    + _r(4, HEX).upper()
    + "-"
    + _r(4, HEX).upper()
    + '" TYPE="vfat" PARTUUID="'
    + _uuid()
    + '"\n/dev/nvme0n1p2: UUID="'
    + _uuid()
    + '" TYPE="ext4" PARTUUID="'
    + _uuid()
    + '"',
)
_l(
    "config_syntax",
    '{\n  "version": 4,\n  "terraform_version": "1.10.1",\n  "serial": 211,\n'
    '  "lineage": "' + _uuid() + '",\n  "outputs": {\n    "db_password": {\n'
    '      "value": null,\n      "type": "string",\n      "sensitive": true\n    }\n  }\n}',
)
_l(
    "config_syntax",
    "$ aws cloudfront create-invalidation --distribution-id E"
    + _r(13, UPPER_AN)
    + " --paths '/*'\n"
    '{\n    "Location": "https://cloudfront.amazonaws.com/2020-05-31/distribution/E'
    + _r(13, UPPER_AN)
    + "/invalidation/I"
    + _r(25, UPPER_AN)
    + '",\n    "Invalidation": {"Id": "I'
    + _r(25, UPPER_AN)
    + '", "Status": "InProgress"}\n}',
)
_l(
    "config_syntax",
    "$ npm audit\n# npm audit report\n\ncross-spawn  <6.0.6\nSeverity: high\nRegular Expression "
    "Denial of "
    "Service (ReDoS) - https://github.com/advisories/GHSA-3xgq-45jj-v275\nfix available via "
    "`npm audit fix`",
)
_l(
    "config_syntax",
    "apiVersion: apiserver.config.k8s.io/v1\nkind: EncryptionConfiguration\nresources:\n"
    "  - resources: [secrets]\n    providers:\n      - kms:\n          apiVersion: v2\n"
    "          name: aws-kms\n          endpoint: unix:///var/run/kmsplugin/socket.sock\n"
    "      - identity: {}",
)
_l(
    "config_syntax",
    '<script src="https://cdn.jsdelivr.net/npm/htmx.org@2.0.4/dist/htmx.min.js"\n'
    '        integrity="sha384-' + _b64(48) + '"\n        crossorigin="anonymous"></script>',
)
_l(
    "config_syntax",
    'SESSION_COOKIE_NAME = "__Host-session"\nSESSION_COOKIE_SECURE = '
    "True\nCSRF_COOKIE_SECURE = True\n"
    'CSRF_TRUSTED_ORIGINS = ["https://app.acme.dev"]\nSECRET_KEY = os.environ["DJANGO_SECRET_KEY"]',
)
_l(
    "config_syntax",
    "JWT_EXPIRATION_DELTA=900\nTOKEN_URL=https://auth.acme.dev/oauth/token\nSECRET_NAME=prod/orders/db\n"
    "API_KEY_HEADER=X-Api-Key\nAUTH_TOKEN_TTL=3600\nKEY_ROTATION_DAYS=90",
)
_l(
    "config_syntax",
    "version https://git-lfs.github.com/spec/v1\noid sha256:" + _r(64, HEX) + "\nsize 48211023",
)
_l(
    "config_syntax",
    'provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.80.0"\n'
    '  constraints = "~> 5.0"\n  hashes = [\n    "h1:' + _b64(32) + '",\n'
    '    "zh:' + _r(64, HEX) + '",\n    "zh:' + _r(64, HEX) + '",\n  ]\n}',
)
_l(
    "config_syntax",
    '        {\n            "name": "monolog/monolog",\n            "version": "3.8.0",\n'
    '            "dist": {\n                "type": "zip",\n                "url": '
    '"https://api.github.com/'
    "repos/Seldaek/monolog/zipball/"
    + _sha()
    + '",\n                "reference": "'
    + _sha()
    + '",\n                "shasum": ""\n            }\n        }',
)
_l(
    "config_syntax",
    "$ ls dist/assets\nindex-"
    + _r(8, URLSAFE)
    + ".js  index-"
    + _r(8, URLSAFE)
    + ".css  vendor-"
    + _r(8, URLSAFE)
    + ".js\n$ cat dist/.vite/manifest.json | jq -r '.\"index.html\".file'\nassets/index-"
    + _r(8, URLSAFE)
    + ".js",
)
_l(
    "config_syntax",
    "$ aws configure list\n      Name                    Value             Type    Location\n"
    "      ----                    -----             ----    --------\n"
    "   profile                     prod           manual    --profile\n"
    f"access_key     ****************{_r(4, UPPER_AN)} shared-credentials-file\n"
    f"secret_key     ****************{_r(4)} shared-credentials-file\n"
    "    region                eu-west-1      config-file    ~/.aws/config",
)
_l(
    "config_syntax",
    "$ git config --list --show-scope | grep -i cred\nglobal  credential.helper=osxkeychain\n"
    "global  credential.https://dev.azure.com.usehttppath=true\nlocal   credential.username=ana",
)
_l(
    "config_syntax",
    '$ echo "$REGISTRY_PASSWORD" | docker login ghcr.io -u ana --password-stdin\nLogin Succeeded',
)
_l(
    "config_syntax",
    "# .npmrc (committed; the token comes from the "
    "environment)\n@acme:registry=https://npm.pkg.github.com\n"
    "//npm.pkg.github.com/:_authToken=${NPM_TOKEN}\nalways-auth=true",
)
_l(
    "config_syntax",
    '[[package]]\nname = "certifi"\nversion = "2024.12.14"\nsource = { registry = '
    '"https://pypi.org/simple" }\n'
    'sdist = { url = "https://files.pythonhosted.org/packages/'
    + _r(2, HEX)
    + "/"
    + _r(2, HEX)
    + "/"
    + _r(60, HEX)
    + '/certifi-2024.12.14.tar.gz", hash = "sha256:'
    + _r(64, HEX)
    + '" }',
)
_l(
    "config_syntax",
    '$ terraform output\ndb_endpoint = "orders.cluster-c9x.eu-west-1.rds.amazonaws.com"\n'
    'db_password = <sensitive>\nbucket_arn = "arn:aws:s3:::acme-exports"',
)
_l(
    "config_syntax",
    "**Incident follow-up**: the leaked Mailgun key (the one ending in `…"
    + _r(4, HEX)
    + "`) was revoked "
    "at 14:02 UTC and a new one is in Vault under `secret/mailgun`. Nothing else to do.",
)
_l(
    "config_syntax",
    'Ivana  10:12\nLozinka za produkcijsku bazu je u 1Passwordu, u trezoru "Platform" pod '
    '"orders-db". '
    "Ne šalji je ovdje.",
)
_l(
    "config_syntax",
    "Kadri  11:40\nAPI võti on nüüd Vaultis: secret/payments/api — vana võti tühistati eile.",
)
_l(
    "config_syntax",
    'Ravi  09:05\nపాస్‌వర్డ్ మార్చాను; కొత్తది Bitwarden లో "staging-db" ఎంట్రీలో ఉంది.',
)
_l(
    "config_syntax",
    "Aram  16:22\nԳաղտնաբառը պահված է Vault-ում՝ secret/data/erp/admin ճանապարհով։",  # noqa: RUF001
)
_l(
    "config_syntax",
    "id,sha256,uploaded_by,created_at\n"
    + "\n".join(f"{_uuid()},{_r(64, HEX)},ci,2026-12-0{d}T10:00:00Z" for d in (1, 2, 3)),
)
_l(
    "config_syntax",
    "| Variable | Required | Description |\n|---|---|---|\n"
    "| `OPENAI_API_KEY` | yes | key for embeddings |\n| `SECRET_KEY` | yes | Django signing key, "
    "50+ chars |\n"
    "| `TOKEN_BUDGET` | no | max tokens per request (default 8000) |",
)
_l(
    "config_syntax",
    "# secrets.enc.yaml (sops, committed)\ndb_password: ENC[AES256_GCM,data:"
    + _b64(18)
    + ",iv:"
    + _b64(32)
    + ",tag:"
    + _b64(16)
    + ",type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-west-1:"
    + _r(12, DIGITS)
    + ":key/"
    + _uuid()
    + "\n    mac: ENC[AES256_GCM,data:"
    + _b64(32)
    + ",iv:"
    + _b64(32)
    + ",tag:"
    + _b64(16)
    + ",type:str]\n    version: 3.9.2",
)
_l(
    "config_syntax",
    "$ berglas list acme-secrets\nNAME        GENERATION        UPDATED\n"
    f"api-key     {_r(16, DIGITS)}  2026-11-28\n\nDB_PASSWORD=berglas://acme-secrets/db-password",
)
_l(
    "config_syntax",
    "$ cat /etc/machine-id\n"
    + _r(32, HEX)
    + "\n$ hostnamectl | grep -i boot\n        Boot ID: "
    + _r(32, HEX),
)
_l(
    "config_syntax",
    "2026-12-03 06:00:11 INFO  pagerduty incident=Q"
    + _r(13, UPPER_AN)
    + " dedup_key="
    + _r(32, HEX)
    + " service=P"
    + _r(6, UPPER_AN)
    + " status=resolved",
)
_l(
    "config_syntax",
    "2026-12-03 08:15:33.412 INFO  [chat] room !"
    + _r(18)
    + ":matrix.org event $"
    + _urlb64(32)
    + " from @ana:matrix.org",
)
_l(
    "config_syntax",
    "# Feature flags\nENABLE_PASSWORDLESS_LOGIN=true\nPASSKEY_RP_ID=acme.dev\nOTP_DIGITS=6\n"
    "OTP_PERIOD_SECONDS=30\nMAX_LOGIN_ATTEMPTS=5",
)
