"""NINTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before the widening of the rules that follows held-out 8: its author
never read the rules (graphmem/redact.py), their description (docs/security.md, CHANGELOG.md) or the
messages of the commits that changed them, and never ran redaction on a case while writing it, so no
case was kept or dropped for what the rules do with it. Committed alone, then measured once on the
rules as they stood ("before"); it is the estimate of redaction on text no test here contains.
Half of its cases come from the contexts a coding agent meets every day, in forms the other splits
do not use: `env`, `printenv`, bash `set`/`declare -x` and PowerShell `Get-ChildItem env:` dumps,
`docker inspect` and `docker compose config` output, `kubectl get -o yaml/json` and `describe`,
`heroku config`, `vercel env pull`, `gh`/`glab` host files, `git credential fill`, `.git/config`
remotes, `aws sts assume-role` and `az account get-access-token` JSON, `gcloud` token output,
`cargo`/`poetry`/`uv`/`yarn`/`pnpm`/`composer`/`bundle`/`dotnet nuget`/`go env` credential forms,
`psql`/`mysql`/`redis-cli`/`mongosh` command lines and SQL `CREATE ROLE`/`IDENTIFIED BY`, Django,
Rails, Express, NextAuth, Nuxt, SvelteKit, Remix, Prisma, knex, TypeORM and Sequelize configs,
VS Code launch.json and JetBrains workspace.xml run configurations, VCR cassettes, nock and
WireMock fixtures, conftest fixtures, rich tracebacks with locals, Axios error dumps, Go panics
printing structs, http.client debug output, `curl -v` and `set -x` traces, Travis/Drone/Bitbucket/
CircleCI/GitLab CI files, Sentry events, READMEs and issue reports with real values by mistake.
The other half come from contexts no earlier split lists: web3 infrastructure (Infura, Alchemy,
Etherscan, Pinata, thirdweb, WalletConnect), game backends (Steam Web API, PlayFab, Epic Online
Services, Roblox Open Cloud, Nakama), geospatial (Mapbox, HERE, Cesium ion, Planet, Sentinel Hub),
realtime messaging (Pusher, Ably, PubNub, Stream, Sendbird, Centrifugo), test and quality services
(Codecov, Coveralls, SonarQube, Chromatic, Percy, BrowserStack, Sauce Labs, Cypress Cloud,
Applitools, Checkly), build caches and artifact stores (Nx Cloud, Turborepo, Develocity, JFrog,
Cloudsmith, Gemfury), newer data and AI services (Pinecone, Tinybird, MotherDuck, Xata, Convex,
Groq, Replicate, Perplexity, LangSmith, OpenRouter, ElevenLabs, Together), public data APIs
(NASA, OpenWeatherMap, US Census, FRED, NewsAPI, RapidAPI, TMDB, Spotify, Last.fm, Cloudinary,
Unsplash), academic tools (Zenodo, ORCID, Zotero, Overleaf, Semantic Scholar), point of sale
(Square, Clover, SumUp, Lightspeed), productivity APIs (Todoist, Asana, ClickUp, Trello, Airtable,
Notion, Figma, Miro), hosting newcomers (Render, Koyeb, Deno Deploy, Coolify, Dokku, CapRover) and
secret-manager exports (1Password CSV, Bitwarden JSON, KeePass XML, pass, Bitwarden Secrets
Manager, Infisical, Doppler); with secrets in prose in other human languages (Vietnamese, Turkish,
Korean, Japanese, Ukrainian, Dutch, Tagalog, Persian, Bengali, Catalan, Malay, Tamil), shell
history, stack traces, query strings, base64 and JSON-escaped strings, line continuations, diffs,
markdown and CSV tables and timestamped logs. Its look-alikes are public keys and public client
ids of the same services, hashes, digests and lock file integrity, commit SHAs, UUIDs, encrypted
values meant to be committed (Travis `secure:`, sops, sealed secrets), secret references,
placeholders, masked listings and settings named like secrets.
`python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own, so no token-shaped string is
committed.
"""

from __future__ import annotations

import base64
import json

from tests.data.fake_secrets import (
    AN,
    DIGITS,
    HEX,
    LOWER_AN,
    PUNCT,
    UPPER_AN,
    URLSAFE,
    Fakes,
    Split,
    pem,
)

_fakes = Fakes(9_2026_1130)
_rng = _fakes.rng
_r, _b64, _urlb64, _uuid = _fakes.r, _fakes.b64, _fakes.urlb64, _fakes.uuid
_alnum = _fakes.alnum
_BECH32 = "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L"


def _pw() -> str:
    """A random password with symbols, as a password manager makes."""
    return _r(9) + _rng.choice(PUNCT) + _r(5) + _rng.choice(PUNCT) + _r(5)


def _human() -> str:
    """A password a person chose: words, digits and a symbol."""
    words = ["Walrus", "Tangerine", "Basalt", "Puffin", "Quartz", "Marigold", "Falcon", "Cedar"]
    return (
        _rng.choice(words)
        + _rng.choice("!#$%&*@")
        + str(_rng.randrange(10, 99))
        + _rng.choice(words).lower()
    )


def _jwt(payload: dict[str, object], alg: str = "HS256") -> str:
    return _fakes.jwt(payload, alg)


def _ts(h: int, m: int) -> str:
    return f"2026-12-01T{h:02d}:{m:02d}:{_rng.randrange(60):02d}.{_r(3, DIGITS)}Z"


def _sha() -> str:
    return _r(40, HEX)


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# --------------------------------------------------------------------------- prefixed tokens
_v = "github_pat_" + _r(22) + "_" + _r(59)
_s(
    "prefixed_token",
    "$ git credential fill <<< $'protocol=https\\nhost=github.com\\n'\n"
    "protocol=https\nhost=github.com\nusername=dana-k\n"
    f"password={_v}",
    _v,
)
_v = "glpat-" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    "$ cat .git/config\n[core]\n\trepositoryformatversion = 0\n"
    '[remote "origin"]\n'
    f"\turl = https://oauth2:{_v}@gitlab.example.org/platform/billing.git\n"
    "\tfetch = +refs/heads/*:refs/remotes/origin/*",
    _v,
)
_v = "gho_" + _r(36)
_s(
    "prefixed_token",
    "$ cat ~/.config/gh/hosts.yml\ngithub.com:\n    users:\n        mkovacs:\n"
    f"            oauth_token: {_v}\n    git_protocol: ssh\n    user: mkovacs",
    _v,
)
_v = "npm_" + _r(36)
_s(
    "prefixed_token",
    "$ cat .yarnrc.yml\nnodeLinker: node-modules\nnpmScopes:\n  acme:\n"
    '    npmRegistryServer: "https://registry.npmjs.org"\n'
    f"    npmAuthToken: {_v}\nyarnPath: .yarn/releases/yarn-4.5.1.cjs",
    _v,
)
_v = "pypi-AgEIcHlwaS5vcmc" + _r(150, URLSAFE)
_s(
    "prefixed_token",
    "$ poetry config pypi-token.pypi " + _v + "\n$ poetry publish --build\n"
    "Building acme-sdk (2.4.0)",
    _v,
)
_v = "xoxb-" + _r(12, DIGITS) + "-" + _r(13, DIGITS) + "-" + _r(24)
_s(
    "prefixed_token",
    "$ env | sort | grep -i slack\n"
    "SLACK_CHANNEL=#deploys\n"
    f"SLACK_BOT_TOKEN={_v}\n"
    "SLACK_SIGNING_SECRET_FILE=/run/secrets/slack_signing",
    _v,
)
_v = "sk-ant-api03-" + _r(93, URLSAFE) + "AA"
_s(
    "prefixed_token",
    "Traceback (most recent call last):\n"
    '  File "/app/agent/run.py", line 44, in main\n'
    "    client = Anthropic(api_key=cfg.key)\n"
    "╭───────────────────── locals ─────────────────────╮\n"
    f"│ cfg = Config(model='claude-sonnet', key='{_v}') │\n"
    "╰──────────────────────────────────────────────────╯\n"
    "anthropic.APIConnectionError: Connection error.",
    _v,
)
_v = "sk-proj-" + _r(74, URLSAFE) + "T3BlbkFJ" + _r(74, URLSAFE)
_s(
    "prefixed_token",
    '{\n "cells": [\n  {\n   "cell_type": "code",\n   "source": [\n'
    '    "import os\\n",\n'
    f'    "os.environ[\\"OPENAI_API_KEY\\"] = \\"{_v}\\"\\n"\n'
    "   ]\n  }\n ]\n}",
    _v,
)
_v = "hf_" + _r(34)
_s(
    "prefixed_token",
    "$ history | tail -4\n"
    "  501  cd ~/models\n"
    f"  502  huggingface-cli login --token {_v}\n"
    "  503  huggingface-cli download meta-llama/Llama-3.1-8B",
    _v,
)
_v = "dckr_pat_" + _r(27, URLSAFE)
_s(
    "prefixed_token",
    "+ echo 'docker login -u acmebot -p " + _v + "'\n"
    "+ docker login -u acmebot --password-stdin\n"
    "WARNING! Your password will be stored unencrypted in /root/.docker/config.json.",
    _v,
)
_v = "AKIA" + _r(16, UPPER_AN)
_v2 = _r(40, AN + "+/")
_s(
    "prefixed_token",
    "$ docker inspect --format '{{json .Config.Env}}' billing-worker | jq .\n[\n"
    '  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin",\n'
    f'  "AWS_ACCESS_KEY_ID={_v}",\n'
    f'  "AWS_SECRET_ACCESS_KEY={_v2}",\n'
    '  "AWS_REGION=eu-central-1"\n]',
    _v,
    _v2,
)
_v = "sk_live_" + _r(99)
_s(
    "prefixed_token",
    "PS C:\\src\\shop> Get-ChildItem env: | Where-Object Name -like '*STRIPE*'\n\n"
    "Name                           Value\n"
    "----                           -----\n"
    "STRIPE_PUBLISHABLE_KEY         pk_live_" + _r(40) + "\n"
    f"STRIPE_SECRET_KEY              {_v}",
    _v,
)
_v = "phx_" + _r(43)
_s(
    "prefixed_token",
    f"{_ts(9, 12)} ERROR posthog.request: 401 Unauthorized for "
    f"https://eu.posthog.com/api/projects/?personal_api_key={_v}",
    _v,
)
_v = "pcsk_" + _r(6) + "_" + _r(63)
_s(
    "prefixed_token",
    "from pinecone import Pinecone\n\n"
    f'pc = Pinecone(api_key="{_v}")\n'
    'index = pc.Index("support-tickets")',
    _v,
)
_v = "sk-or-v1-" + _r(64, HEX)
_s(
    "prefixed_token",
    "curl https://openrouter.ai/api/v1/chat/completions \\\n"
    '  -H "Content-Type: application/json" \\\n'
    f'  -H "Authorization: Bearer {_v}" \\\n'
    '  -d \'{"model": "mistralai/mixtral-8x7b-instruct", "messages": []}\'',
    _v,
)
_v = "gsk_" + _r(52)
_s(
    "prefixed_token",
    "Mình dán cấu hình cho bạn xem nhé, khóa Groq của team là " + _v + " — đừng chia sẻ ra ngoài.",
    _v,
)
_v = "r8_" + _r(37)
_s(
    "prefixed_token",
    "| service   | env var              | value |\n|-----------|----------------------|-------|\n"
    f"| replicate | REPLICATE_API_TOKEN  | {_v} |\n"
    "| region    | AWS_REGION           | us-east-1 |",
    _v,
)
_v = "pplx-" + _r(48)
_s(
    "prefixed_token",
    "diff --git a/src/search.ts b/src/search.ts\n"
    "@@ -3,7 +3,7 @@\n"
    "-const client = new OpenAI({ apiKey: process.env.PPLX_KEY, baseURL })\n"
    f'+const client = new OpenAI({{ apiKey: "{_v}", baseURL }})',
    _v,
)
_v = "lsv2_pt_" + _r(32, HEX) + "_" + _r(10, HEX)
_s(
    "prefixed_token",
    "$ printenv | grep LANG\nLANG=en_US.UTF-8\nLANGSMITH_TRACING=true\n"
    f"LANGSMITH_API_KEY={_v}\nLANGSMITH_PROJECT=rag-eval",
    _v,
)
_v = "ddp_" + _r(36)
_s(
    "prefixed_token",
    f"deployctl deploy --project=edge-shortener --token={_v} --prod main.ts",
    _v,
)
_v = "rnd_" + _r(28)
_s(
    "prefixed_token",
    "Render API'ye erişmek için şu anahtarı kullan: " + _v + " (yalnızca staging hesabı).",  # noqa: RUF001
    _v,
)
_v = "squ_" + _r(40, HEX)
_s(
    "prefixed_token",
    "mvn verify sonar:sonar \\\n"
    "  -Dsonar.projectKey=acme_payments \\\n"
    "  -Dsonar.host.url=https://sonar.acme.io \\\n"
    f"  -Dsonar.token={_v}",
    _v,
)
_v = "chpt_" + _r(14, HEX)
_s(
    "prefixed_token",
    '"scripts": {\n'
    f'  "chromatic": "npx chromatic --project-token={_v} --exit-zero-on-changes",\n'
    '  "storybook": "storybook dev -p 6006"\n}',
    _v,
)
_v = "sgp_" + _r(16, HEX) + "_" + _r(40, HEX)
_s(
    "prefixed_token",
    f"# ~/.zshrc\nexport SRC_ENDPOINT=https://sourcegraph.acme.dev\nexport SRC_ACCESS_TOKEN={_v}",
    _v,
)
_v = "pk_" + _r(8, DIGITS) + "_" + _r(32, UPPER_AN)
_s(
    "prefixed_token",
    "ClickUp API 키 공유드려요: " + _v + " 이거로 태스크 동기화 스크립트 돌리시면 됩니다.",
    _v,
)
_v = "ATTA" + _r(64, HEX) + _r(8, HEX).upper()
_s(
    "prefixed_token",
    "curl 'https://api.trello.com/1/members/me/boards?key=" + _r(32, HEX) + f"&token={_v}'",
    _v,
)
_v = "pat" + _r(14) + "." + _r(64, HEX)
_s(
    "prefixed_token",
    "const base = new Airtable({ apiKey: '" + _v + "' }).base('app" + _r(14) + "')",
    _v,
)
_v = "figd_" + _r(40, URLSAFE)
_s(
    "prefixed_token",
    "[2026-12-01 10:02:11] figma-export: GET /v1/files/" + _r(22) + " with X-Figma-Token: " + _v,
    _v,
)
_v = "ntn_" + _r(46)
_s(
    "prefixed_token",
    "notion:\n  database_id: " + _r(32, HEX) + f"\n  integration_token: {_v}",
    _v,
)
_v = "EAAA" + _r(60, URLSAFE)
_s(
    "prefixed_token",
    "import { SquareClient, SquareEnvironment } from 'square'\n"
    f"const square = new SquareClient({{ token: '{_v}',"
    " environment: SquareEnvironment.Production })",
    _v,
)
_v = "sk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I" + _r(26, URLSAFE) + "." + _r(22, URLSAFE)
_s(
    "prefixed_token",
    "$ MAPBOX_DOWNLOADS_TOKEN=" + _v + " ./gradlew :app:assembleRelease",
    _v,
)
_v = "AGE-SECRET-KEY-1" + _r(58, _BECH32)
_s(
    "prefixed_token",
    "$ cat ~/.config/sops/age/keys.txt\n# created: 2026-11-02T09:14:55+01:00\n"
    "# public key: age1" + _r(58, _BECH32.lower()) + "\n" + _v,
    _v,
)
_v = "tskey-auth-k" + _r(16) + "-" + _r(32)
_s(
    "prefixed_token",
    "RUN tailscale up --authkey=" + _v + " --hostname=ci-runner --ssh",
    _v,
)

# look-alikes
_l(
    "prefixed_token",
    "STRIPE_PUBLISHABLE_KEY=pk_live_" + _r(99) + "  # public, shipped to the browser",
)
_l("prefixed_token", "posthog.init('phc_" + _r(43) + "', { api_host: 'https://eu.i.posthog.com' })")
_l(
    "prefixed_token",
    "$ aws configure list\n      Name                    Value             Type    Location\n"
    "      ----                    -----             ----    --------\n"
    "   profile                <not set>             None    None\n"
    "access_key     ****************" + _r(4, UPPER_AN) + " shared-credentials-file\n"
    "secret_key     ****************" + _r(4) + " shared-credentials-file\n"
    "    region             eu-central-1      config-file    ~/.aws/config",
)
_l(
    "prefixed_token",
    "$ gh secret list\nNAME                 UPDATED\n"
    "NPM_TOKEN            about 2 months ago\nSLACK_BOT_TOKEN      about 1 day ago\n"
    "SONAR_TOKEN          about 3 weeks ago",
)
_l("prefixed_token", "age1" + _r(58, _BECH32.lower()) + "  # recipient for .sops.yaml")
_l(
    "prefixed_token",
    "const projectId = '" + _r(32, HEX) + "' // WalletConnect Cloud project id (public)",
)
_l("prefixed_token", "ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
_l("prefixed_token", "Set `NPM_TOKEN` to a token starting with `npm_` (Settings → Access Tokens).")
_l(
    "prefixed_token",
    "commit " + _sha() + "\nAuthor: Dana Kim <dana@acme.io>\n\n    sk: bump skia to m128",
)
_l(
    "prefixed_token",
    "MAPBOX_ACCESS_TOKEN=pk.eyJ1IjoiYWNtZS1tYXBzIiwiYSI6I"
    + _r(26, URLSAFE)
    + "."
    + _r(22, URLSAFE),
)
_l(
    "prefixed_token",
    "$ fly secrets list\nNAME             \tDIGEST          \tCREATED AT\n"
    f"DATABASE_URL     \t{_r(16, HEX)}\t3d ago\nSECRET_KEY_BASE  \t{_r(16, HEX)}\t3d ago",
)
_l(
    "prefixed_token",
    "Deployment dpl_"
    + _r(28)
    + " is READY at https://shop-"
    + _r(9, LOWER_AN)
    + "-acme.vercel.app",
)
_l(
    "prefixed_token",
    "price_" + _r(24) + " (Pro plan, monthly) and prod_" + _r(14) + " in the Stripe dashboard",
)
_l("prefixed_token", "sk-ant-api03-...  # your key here; never commit the real one")
_l(
    "prefixed_token",
    "SENTRY_ORG=acme\nSENTRY_PROJECT=web\nSENTRY_AUTH_TOKEN=${{ secrets.SENTRY_AUTH_TOKEN }}",
)
_l(
    "prefixed_token",
    "PUSHER_APP_KEY="
    + _r(20, HEX)
    + "\nPUSHER_APP_CLUSTER=eu  # the app key is public; the secret is not here",
)


# --------------------------------------------------------------------------- key blocks
_v = _b64(1190)
_sa = json.dumps(
    {
        "type": "service_account",
        "project_id": "acme-analytics-prod",
        "private_key_id": _r(40, HEX),
        "private_key": pem("PRIVATE KEY", _v) + "\n",
        "client_email": "etl-runner@acme-analytics-prod.iam.gserviceaccount.com",
        "client_id": _r(21, DIGITS),
    },
    indent=2,
)
_s(
    "key_block",
    "$ kubectl get secret gcp-sa -n etl -o jsonpath='{.data.key\\.json}' | base64 -d\n" + _sa,
    _v[64:128],
)
_v = _b64(1190)
_k = base64.b64encode(pem("RSA PRIVATE KEY", _v).encode()).decode()
_s(
    "key_block",
    "$ kubectl get secret webhook-tls -o yaml\napiVersion: v1\ndata:\n"
    "  tls.crt: " + _b64(900) + "\n"
    f"  tls.key: {_k}\n"
    "kind: Secret\nmetadata:\n  name: webhook-tls\n  namespace: payments\ntype: kubernetes.io/tls",
    _k,
)
_v = _b64(380)
_s(
    "key_block",
    '// launch.json\n{\n  "configurations": [{\n    "type": "node",\n    "name": "API",\n'
    '    "env": {\n'
    '      "JWT_PRIVATE_KEY": "'
    + pem("EC PRIVATE KEY", _v).replace("\n", "\\n")
    + '"\n    }\n  }]\n}',
    _v[:60],
)
_v = _b64(300)
_s(
    "key_block",
    "diff --git a/deploy/ansible/files/id_ed25519 b/deploy/ansible/files/id_ed25519\n"
    "new file mode 100600\n--- /dev/null\n+++ b/deploy/ansible/files/id_ed25519\n@@ -0,0 +1,9 @@\n"
    + "\n".join("+" + x for x in pem("OPENSSH PRIVATE KEY", _v).split("\n")),
    _v[:64],
    _v[64:128],
)
_v = _b64(1190)
_s(
    "key_block",
    '2026-12-01T08:41:07Z ERROR [jwt] failed to sign: key="-----BEGIN PRIVATE KEY-----\\n'
    + _v[:64]
    + "\\n"
    + _v[64:128]
    + '\\n..." err=crypto/rsa: verification error',
    _v[:64],
    _v[64:128],
)
_v = _b64(1190)
_s(
    "key_block",
    "vcr cassette fixtures/github_app_token.yml was recorded with the app key inline:\n"
    "  github_app:\n    app_id: 481233\n    private_key: |\n"
    + "\n".join("      " + x for x in pem("RSA PRIVATE KEY", _v).split("\n")),
    _v[128:192],
)
_v = _b64(138)
_s(
    "key_block",
    "Apple Sign In: chạy thử bằng key này nhé (tải từ developer portal, AuthKey_"
    + _r(10, UPPER_AN)
    + ".p8):\n"
    + pem("PRIVATE KEY", _v),
    _v[:64],
)
_v = _r(64, HEX)
_s(
    "key_block",
    "# hardhat.config.ts\nnetworks: {\n  sepolia: {\n"
    "    url: `https://sepolia.infura.io/v3/${INFURA_ID}`,\n"
    f'    accounts: ["0x{_v}"],\n  }},\n}}',
    _v,
)
_v = "0x" + _r(64, HEX)
_s(
    "key_block",
    "$ cast wallet new\nSuccessfully created new keypair.\n"
    "Address:     0x" + _r(40, HEX) + "\n"
    f"Private key: {_v}",
    _v,
)
_v = _b64(1190)
_s(
    "key_block",
    "<KeePassFile>\n  <Root><Group><Entry>\n"
    "    <String><Key>Title</Key><Value>deploy@bastion</Value></String>\n"
    "    <String><Key>Notes</Key><Value>"
    + pem("RSA PRIVATE KEY", _v).replace("\n", "&#10;")
    + "</Value></String>\n  </Entry></Group></Root>\n</KeePassFile>",
    _v[:64],
)
_v = _b64(32)
_s(
    "key_block",
    "[Interface]\n# wg0 on the Coolify host\nAddress = 10.8.0.1/24\nListenPort = 51820\n"
    f"PrivateKey = {_v}\n",
    _v,
)
_v = _b64(1190)
_s(
    "key_block",
    "Caused by: java.security.spec.InvalidKeySpecException: Not PKCS8 for key: "
    + _v[:200]
    + "\n\tat sun.security.rsa.RSAKeyFactory.engineGeneratePrivate(RSAKeyFactory.java:251)\n"
    "\tat com.acme.auth.KeyLoader.load(KeyLoader.java:38)",
    _v[:200],
)
_v = _b64(1190)
_s(
    "key_block",
    "$ pass show infra/ssh/gitlab-runner\n" + pem("OPENSSH PRIVATE KEY", _v),
    _v[64:128],
)
_v = _b64(1190)
_s(
    "key_block",
    "steps:\n  - name: Write deploy key\n    run: |\n"
    "      cat > ~/.ssh/id_rsa <<'EOF'\n"
    + "\n".join("      " + x for x in pem("RSA PRIVATE KEY", _v).split("\n"))
    + "\n      EOF\n      chmod 600 ~/.ssh/id_rsa",
    _v[192:256],
)
_v = _b64(64)
_s(
    "key_block",
    "# Nakama: sign session tokens (runtime.json)\n"
    '{ "session": { "encryption_key": "' + _v + '", "token_expiry_sec": 7200 },\n'
    '  "socket": { "server_key": "' + _r(24) + '" } }',
    _v,
)
_v = _b64(1190)
_s(
    "key_block",
    "Title,Url,Username,Password,Notes,OTPAuth\n"
    f'"prod bastion key",,ubuntu,,"{pem("PRIVATE KEY", _v)}",\n'
    '"Grafana",https://grafana.acme.io,admin,' + _pw() + ",,",
    _v[:64],
)
_v = _b64(1190)
_s(
    "key_block",
    "Cesium ion self-hosted: the signing key for asset tokens\n\n"
    "    ION_SIGNING_KEY=\"$(printf '%s' '"
    + base64.b64encode(pem("PRIVATE KEY", _v).encode()).decode()
    + "' | base64 -d)\"",
    base64.b64encode(pem("PRIVATE KEY", _v).encode()).decode()[:120],
)

# look-alikes
_l("key_block", "$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 " + _b64(51).rstrip("=") + " dana@laptop")
_l(
    "key_block",
    "$ kubectl get cm kube-root-ca.crt -o jsonpath='{.data.ca\\.crt}'\n"
    + pem("CERTIFICATE", _b64(800)),
)
_l(
    "key_block",
    "github.com ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOMqqnkVzrm0SdG6UOoqKLsabgH5C9okWi0dh2l9GKJl\n"
    "# pinned in known_hosts by the bootstrap script",
)
_l("key_block", "$ cast wallet address --private-key $DEPLOYER_KEY\n0x" + _r(40, HEX))
_l(
    "key_block",
    "JWKS: "
    + json.dumps(
        {
            "keys": [
                {
                    "kty": "RSA",
                    "use": "sig",
                    "kid": _r(16, HEX),
                    "alg": "RS256",
                    "n": _urlb64(256),
                    "e": "AQAB",
                }
            ]
        }
    ),
)
_l(
    "key_block",
    "- name: Write deploy key\n"
    '  run: echo "${{ secrets.DEPLOY_KEY }}" > ~/.ssh/id_rsa && chmod 600 ~/.ssh/id_rsa',
)
_l("key_block", "[Peer]\n# laptop\nPublicKey = " + _b64(32) + "\nAllowedIPs = 10.8.0.2/32")
_l(
    "key_block",
    pem("PUBLIC KEY", _b64(294))
    + "\n# verify webhook signatures with this key (from the dashboard)",
)
_l(
    "key_block",
    "$ openssl x509 -in cert.pem -noout -fingerprint -sha256\nsha256 Fingerprint="
    + ":".join(_r(2, HEX).upper() for _ in range(32)),
)
_l(
    "key_block",
    "keyfile: /etc/ssl/private/api.acme.io.key\ncertfile: /etc/ssl/certs/api.acme.io.pem",
)
_l(
    "key_block",
    "$ gpg --list-secret-keys --keyid-format=long\nsec   ed25519/"
    + _r(16, HEX).upper()
    + " 2026-01-04 [SC]\n      "
    + _r(40, HEX).upper()
    + "\nuid                 [ultimate] Dana Kim <dana@acme.io>",
)
_l(
    "key_block",
    "-----BEGIN PRIVATE KEY-----\n<paste the .p8 contents here>\n-----END PRIVATE KEY-----",
)
_l(
    "key_block",
    "Address:     0x" + _r(40, HEX) + "\nTransaction hash: 0x" + _r(64, HEX) + "\nBlock: 7123456",
)
_l(
    "key_block",
    "sops:\n    age:\n        - recipient: age1"
    + _r(58, _BECH32.lower())
    + "\n          enc: |\n"
    + "\n".join("            " + x for x in pem("AGE ENCRYPTED FILE", _b64(180)).split("\n")),
)
_l("key_block", "cosign verify --key cosign.pub ghcr.io/acme/api@sha256:" + _r(64, HEX))


# --------------------------------------------------------------------------- connection strings
_v = _alnum()
_s(
    "connection",
    "$ docker compose config | grep -A3 environment\n    environment:\n"
    f"      DATABASE_URL: postgres://shop:{_v}@db:5432/shop?sslmode=disable\n"
    "      RAILS_ENV: production",
    _v,
)
_v = _pw()
_s(
    "connection",
    "$ history | grep pg_dump\n"
    f"  311  PGPASSWORD='{_v}' pg_dump -h 10.0.4.12 -U reporting -Fc analytics > analytics.dump",
    _v,
)
_v = _human()
_s(
    "connection",
    f"  412  mysql -h 127.0.0.1 -P 3307 -u root -p'{_v}' -e 'SHOW PROCESSLIST'",
    _v,
)
_v = _alnum()
_s(
    "connection",
    f"$ redis-cli -h cache.internal -p 6380 --tls -a {_v} --no-auth-warning INFO keyspace\n"
    "# Keyspace\ndb0:keys=18211,expires=18002,avg_ttl=3501221",
    _v,
)
_v = _alnum()
_s(
    "connection",
    f'$ mongosh "mongodb+srv://app_rw:{_v}@cluster0.x1y2z.mongodb.net/orders?retryWrites=true"\n'
    "Current Mongosh Log ID: " + _r(24, HEX) + "\nUsing MongoDB: 7.0.14",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) connection to server at "
    '"10.0.3.7", port 5432 failed: FATAL:  password authentication failed for user "etl"\n'
    f"(Background on this error at: https://sqlalche.me/e/20/e3q8) [url: postgresql+psycopg2://etl:{_v}@10.0.3.7:5432/dw]",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "$ heroku config -a acme-api\n=== acme-api Config Vars\n"
    f"DATABASE_URL:      postgres://u{_r(13, LOWER_AN)}:{_v}"
    f"@ec2-3-210-1-9.compute-1.amazonaws.com:5432/d{_r(13, LOWER_AN)}\n"
    "RAILS_LOG_TO_STDOUT: enabled",
    _v,
)
_v = _r(64, HEX)
_s(
    "connection",
    "# Created by Vercel CLI\n"
    f'POSTGRES_URL="postgres://default:{_v}@ep-shy-moon-{_r(6, LOWER_AN)}'
    '.eu-central-1.aws.neon.tech:5432/verceldb?sslmode=require"\n'
    'VERCEL_ENV="development"',
    _v,
)
_v = _alnum()
_s(
    "connection",
    "module.exports = {\n  production: {\n    client: 'mysql2',\n"
    f"    connection: 'mysql://knex:{_v}@db.prod.internal:3306/app',\n"
    "    pool: { min: 2, max: 10 }\n  }\n}",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "panic: dial tcp: lookup broker on 127.0.0.11:53: no such host\n\n"
    f"goroutine 1 [running]:\nmain.connect(0xc000112000, {{0xc00001a0c0, 0x2f}})\n"
    f"\t/src/cmd/worker/main.go:52 +0x1a5\n"
    f"config: &{{AMQPURL:amqp://worker:{_v}@broker:5672/%2F Prefetch:32}}",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "interactions:\n- request:\n    method: GET\n"
    f"    uri: https://api.example.com/v2/export?format=csv&api_key={_v}\n"
    "  response:\n    status: {code: 200, message: OK}",
    _v,
)
_v = _r(32, HEX)
_s(
    "connection",
    "provider = new ethers.JsonRpcProvider(\n"
    f'  "https://:{_v}@mainnet.infura.io/v3/{_r(32, HEX)}"\n)',
    _v,
)
_v = _r(32, URLSAFE)
_s(
    "connection",
    f"2026-12-01 07:12:44 INFO  rpc: using https://eth-mainnet.g.alchemy.com/v2/{_v} (chain 1)",
    _v,
)
_v = _r(15) + "-" + _r(12)
_s(
    "connection",
    "CLOUDINARY_URL=cloudinary://" + _r(15, DIGITS) + ":" + _v + "@acme-media",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "Hoi! De staging-database is nu bereikbaar via\n"
    f"postgresql://staging_admin:{_v}@pg-staging.acme.nl:5432/webshop\n"
    "Laat even weten als het niet werkt.",
    _v,
)
_v = _pw()
_s(
    "connection",
    'DB_CONNECTION_STRING="Server=tcp:acme-sql.database.windows.net,1433;'
    "Initial Catalog=ledger;User ID=ledger_app;"
    f'Password={_v};Encrypt=True;"',
    _v,
)
_v = _alnum()
_s(
    "connection",
    f"git remote set-url origin \\\n  https://x-token-auth:{_v}@bitbucket.org/acme/infra.git",
    _v,
)
_v = _r(32, HEX)
_s(
    "connection",
    "$ dokku config:show api\n=====> api env vars\n"
    f"REDIS_URL:     redis://:{_v}@dokku-redis-api:6379\n"
    "DOKKU_APP_TYPE: herokuish",
    _v,
)
_v, _v2 = _r(32, HEX), _alnum()
_s(
    "connection",
    "<2026-12-01 09:02:17> WARN  [sentry] request failed: GET "
    f"https://api.themoviedb.org/3/movie/550?api_key={_v}&session_id={_v2}",
    _v,
    _v2,
)
_v = _alnum()
_s(
    "connection",
    "jdbc:snowflake://acme-eu.snowflakecomputing.com/?db=ANALYTICS&warehouse=XS&user=dbt_ci"
    f"&password={_v}&role=TRANSFORMER",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "Ping mo lang ako kung gumana: mysql://admin:"
    + _v
    + "@10.1.0.5:3306/pos — iyan yung password ng Lightspeed sync.",
    _v,
)
_v = _alnum()
_s(
    "connection",
    'DATABASES = {\n    "default": dj_database_url.parse(\n'
    f'        "postgres://django:{_v}@localhost:5432/cms",\n'
    "        conn_max_age=600,\n    )\n}",
    _v,
)

# look-alikes
_l(
    "connection",
    "DATABASE_URL=postgres://postgres:postgres@localhost:5432/app_test"
    "  # docker-compose default for tests",
)
_l(
    "connection",
    "$ docker compose config | grep DATABASE_URL\n      DATABASE_URL: postgres://shop:${POSTGRES_PASSWORD}@db:5432/shop",
)
_l(
    "connection",
    "$ psql -h db.internal -U reporting -d analytics\n"
    "Password for user reporting:\npsql (16.4)\nanalytics=> \\conninfo",
)
_l(
    "connection",
    "mongodb+srv://<username>:<password>@cluster0.x1y2z.mongodb.net/?retryWrites=true&w=majority",
)
_l("connection", "https://mainnet.infura.io/v3/${INFURA_PROJECT_ID}")
_l(
    "connection",
    "git clone https://github.com/acme/infra.git\n"
    "git remote add upstream git@github.com:acme/infra.git",
)
_l("connection", "redis://cache.internal:6379/0")
_l(
    "connection",
    "https://tile.openstreetmap.org/{z}/{x}/{y}.png?lang=en&tileSize=512&cacheKey=" + _r(8, HEX),
)
_l("connection", "amqp://guest:guest@localhost:5672/  # RabbitMQ's documented default, local only")
_l(
    "connection",
    "https://s3.eu-central-1.amazonaws.com/acme-public/builds/app-"
    + _r(7, HEX)
    + ".apk?versionId="
    + _r(32, URLSAFE),
)
_l("connection", "postgres://***:***@db.prod.internal:5432/app (credentials masked by the logger)")
_l(
    "connection",
    "jdbc:postgresql://db.prod.internal:5432/app?ssl=true&sslmode=verify-full&ApplicationName=ledger",
)
_l("connection", "https://api.nasa.gov/planetary/apod?api_key=DEMO_KEY&date=2026-11-30")
_l(
    "connection",
    "https://www.youtube.com/watch?v="
    + _r(11, URLSAFE)
    + "&list=PL"
    + _r(32, URLSAFE)
    + "&index=3",
)
_l("connection", "ssh://git@gitlab.example.org:2222/platform/billing.git")
_l("connection", "https://github.com/acme/api/compare/" + _r(12, HEX) + "..." + _r(12, HEX))


# --------------------------------------------------------------------------- authorization
_v = _r(40, HEX)
_s(
    "authorization",
    "$ curl -v https://api.todoist.com/rest/v2/projects\n"
    "> GET /rest/v2/projects HTTP/2\n> Host: api.todoist.com\n> user-agent: curl/8.5.0\n"
    f"> authorization: Bearer {_v}\n> accept: */*\n>\n< HTTP/2 200",
    _v,
)
_v = base64.b64encode(f"ci-bot:{_alnum()}".encode()).decode()
_s(
    "authorization",
    "send: b'GET /artifactory/api/storage/libs-release HTTP/1.1\\r\\nHost: acme.jfrog.io\\r\\n"
    f"Accept-Encoding: identity\\r\\nAuthorization: Basic {_v}\\r\\n\\r\\n'\n"
    "reply: 'HTTP/1.1 200 OK\\r\\n'",
    _v,
)
_v = _jwt({"sub": "svc-orders", "iss": "https://auth.acme.io", "exp": 1796000000}, "RS256")
_s(
    "authorization",
    "AxiosError: Request failed with status code 403\n"
    "    at settle (node_modules/axios/lib/core/settle.js:19:12)\n"
    "  config: {\n    url: 'https://orders.internal/api/v1/refunds',\n"
    "    headers: Object [AxiosHeaders] {\n"
    "      Accept: 'application/json, text/plain, */*',\n"
    f"      Authorization: 'Bearer {_v}',\n"
    "      'User-Agent': 'axios/1.7.7'\n    },",
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    "nock('https://api.openweathermap.org')\n"
    "  .get('/data/3.0/onecall')\n"
    f"  .query({{ lat: '52.37', lon: '4.89', appid: '{_v}' }})\n"
    "  .reply(200, fixture)",
    _v,
)
_v = _r(40)
_s(
    "authorization",
    '{\n  "request": {\n    "method": "POST",\n    "urlPath": "/api/v2/shipments",\n'
    '    "headers": {\n'
    f'      "X-Api-Key": {{ "equalTo": "{_v}" }}\n'
    '    }\n  },\n  "response": { "status": 201 }\n}',
    _v,
)
_v = _r(50)
_s(
    "authorization",
    "+ curl -sf -H 'X-RapidAPI-Host: api-football-v1.p.rapidapi.com' -H 'X-RapidAPI-Key: "
    + _v
    + "' https://api-football-v1.p.rapidapi.com/v3/fixtures?live=all\n+ jq '.response | length'",
    _v,
)
_v = _r(40)
_s(
    "authorization",
    '{"event_id":"' + _r(32, HEX) + '","request":{"url":"https://api.acme.io/v1/sync",'
    '"method":"POST","headers":[["Content-Type","application/json"],'
    f'["X-Semantic-Scholar-Api-Key","{_v}"]]}},"level":"error"}}',
    _v,
)
_v = _r(20)
_s(
    "authorization",
    "@pytest.fixture\ndef browserstack_caps():\n    return {\n"
    '        "browserstack.user": "qa_acme",\n'
    f'        "browserstack.key": "{_v}",\n'
    '        "browserName": "Safari",\n    }',
    _v,
)
_v = _uuid()
_s(
    "authorization",
    "# Cypress Cloud: record from any laptop\n"
    f"npx cypress run --record --key {_v} --parallel --ci-build-id $BUILD_ID",
    _v,
)
_v = _r(48)
_s(
    "authorization",
    "ঠিক আছে, Applitools এর API key এটা: " + _v + " — CI তে APPLITOOLS_API_KEY হিসেবে বসিয়ে দিন।",
    _v,
)
_v = _r(40, HEX)
_s(
    "authorization",
    "Headers copied from DevTools:\n:authority: api.cloudsmith.io\n:method: GET\n"
    f"accept: application/json\nx-api-key: {_v}\nsec-fetch-mode: cors",
    _v,
)
_v = _r(60)
_s(
    "authorization",
    "$ curl -H 'Authorization: Bearer " + _v + "' \\\n"
    "    https://zenodo.org/api/deposit/depositions?size=20\n"
    '{"status": 200, "hits": 3}',
    _v,
)
_v = _r(24)
_s(
    "authorization",
    "Zotero API anahtarım: Zotero-API-Key: " + _v + "\n(grup kütüphanesine yazma izni var, dikkat)",  # noqa: RUF001
    _v,
)
_v = base64.b64encode(f"{_r(20, UPPER_AN)}:{_r(40)}".encode()).decode()
_s(
    "authorization",
    "POST https://accounts.spotify.com/api/token\n"
    "Content-Type: application/x-www-form-urlencoded\n"
    f"Authorization: Basic {_v}\n\ngrant_type=client_credentials",
    _v,
)
_v = _r(43, URLSAFE)
_s(
    "authorization",
    "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: collector\n    env:\n"
    "    - name: OTEL_EXPORTER_OTLP_HEADERS\n"
    f"      value: x-honeycomb-team={_v},x-honeycomb-dataset=api",
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    "Клієнт повертає 401. Ось запит:\nGET /v1/me HTTP/1.1\nHost: api.miro.com\n"
    f"Authorization: Bearer {_v}\nЩо не так?",  # noqa: RUF001
    _v,
)
_v = _r(64, URLSAFE)
_s(
    "authorization",
    "const res = await fetch(`https://api.checklyhq.com/v1/checks`, {\n"
    "  headers: {\n"
    "    'X-Checkly-Account': '" + _uuid() + "',\n"
    f"    Authorization: 'Bearer cu_{_v}',\n"
    "  },\n})",
    "cu_" + _v,
)

# look-alikes
_l("authorization", "> authorization: Bearer ${TODOIST_TOKEN}\n> accept: */*")
_l("authorization", "Authorization: Bearer <token>\nContent-Type: application/json")
_l(
    "authorization",
    'WWW-Authenticate: Bearer realm="api", error="invalid_token",'
    ' error_description="The access token expired"',
)
_l(
    "authorization",
    "headers: {\n  Authorization: `Bearer ${await getToken()}`,\n  'X-Request-Id': '"
    + _uuid()
    + "',\n}",
)
_l(
    "authorization",
    "interactions:\n- request:\n    headers:\n"
    "      Authorization:\n      - <FILTERED>\n    method: GET",
)
_l(
    "authorization",
    "config.filter_sensitive_data('<STRIPE_KEY>') { ENV.fetch('STRIPE_SECRET_KEY') }",
)
_l("authorization", "x-amz-content-sha256: " + _r(64, HEX) + "\nx-amz-date: 20261201T081500Z")
_l("authorization", 'ETag: W/"' + _r(32, HEX) + '"\nIf-None-Match: "' + _r(40, HEX) + '"')
_l(
    "authorization",
    "Authorization: Basic dXNlcm5hbWU6cGFzc3dvcmQ=  # 'username:password', the RFC example",
)
_l(
    "authorization",
    "X-Request-ID: " + _uuid() + "\nX-Trace-Id: " + _r(32, HEX) + "\nX-Span-Id: " + _r(16, HEX),
)
_l("authorization", "Sec-WebSocket-Key: " + _b64(16) + "\nSec-WebSocket-Version: 13")
_l("authorization", "Set-Cookie: theme=dark; Path=/; Max-Age=31536000; SameSite=Lax")
_l(
    "authorization",
    "- name: cypress run\n  env:\n    CYPRESS_RECORD_KEY: ${{ secrets.CYPRESS_RECORD_KEY }}",
)
_l(
    "authorization",
    'Authorization header format: `Authorization: Token token="<api-key>"` (see the API reference)',
)
_l(
    "authorization",
    "content-security-policy: script-src 'self' 'nonce-" + _b64(16) + "'; object-src 'none'",
)


# --------------------------------------------------------------------------- config syntaxes
_v = _r(50, LOWER_AN + "!@#$%^&*(-_=+)")
_s(
    "config_syntax",
    "$ python manage.py diffsettings | head\n"
    "ALLOWED_HOSTS = ['cms.acme.io']\nDEBUG = False  ###\n"
    f"SECRET_KEY = '{_v}'\n"
    "SESSION_COOKIE_SECURE = True",
    _v,
)
_v = _r(128, HEX)
_s(
    "config_syntax",
    "$ bin/rails credentials:show\n"
    f"secret_key_base: {_v}\n"
    "aws:\n  access_key_id: <%= ENV['AWS_KEY'] %>",
    _v,
)
_v = _b64(32)
_s(
    "config_syntax",
    f"app.use(session({{\n  secret: '{_v}',\n  resave: false,\n  saveUninitialized: false,\n}}))",
    _v,
)
_v = _b64(32)
_s(
    "config_syntax",
    "# .env.local (pulled by `vercel env pull`)\n"
    f'NEXTAUTH_SECRET="{_v}"\nNEXTAUTH_URL="http://localhost:3000"',
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    "export default defineNuxtConfig({\n  runtimeConfig: {\n"
    f"    shopifyAdminToken: '{_v}',\n"
    "    public: { storefrontUrl: 'https://acme.myshopify.com' },\n  },\n})",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "export const sessionStorage = createCookieSessionStorage({\n"
    '  cookie: { name: "__session", httpOnly: true, secure: true,\n'
    f'    secrets: ["{_v}"] }},\n}})',
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    '{\n  "type": "postgres",\n  "host": "db.internal",\n  "username": "typeorm",\n'
    f'  "password": "{_v}",\n  "database": "inventory",\n  "synchronize": false\n}}',
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    '{\n  "production": {\n    "username": "seq_app",\n'
    f'    "password": "{_v}",\n    "database": "blog_prod",\n'
    '    "host": "10.0.2.15",\n    "dialect": "mysql"\n  }\n}',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    '<component name="RunManager">\n'
    '  <configuration name="ApiServer" type="Application">\n'
    '    <envs>\n      <env name="SPRING_PROFILES_ACTIVE" value="dev" />\n'
    f'      <env name="KEYCLOAK_CLIENT_SECRET" value="{_v}" />\n'
    "    </envs>\n  </configuration>\n</component>",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    "$ set | grep -i pass\n"
    f'declare -x PGPASSWORD="{_v}"\n'
    'declare -x PASSWORD_STORE_DIR="/home/dana/.password-store"',
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    "$ cat ~/.config/glab-cli/config.yml\nhosts:\n    gitlab.example.org:\n"
    f"        token: {_v}\n        api_protocol: https\n        git_protocol: ssh",
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    f'$ cat ~/.cargo/credentials.toml\n[registries.acme]\ntoken = "{_v}"',
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    f"poetry config http-basic.acme-private ci-deployer '{_v}'\npoetry install --no-root",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    f"- export UV_INDEX_ACME_USERNAME=ci\n- export UV_INDEX_ACME_PASSWORD={_v}\n- uv sync --frozen",
    _v,
)
_v = "ghp_" + _r(36)
_s(
    "config_syntax",
    '{\n    "github-oauth": {\n'
    f'        "github.com": "{_v}"\n'
    '    },\n    "http-basic": {}\n}',
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    f"$ bundle config set --global gems.acme.io deploy:{_v}\n$ bundle install",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    "dotnet nuget add source https://pkgs.acme.io/nuget/v3/index.json \\\n"
    f"  --name acme --username build --password {_v} --store-password-in-clear-text",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    "$ go env | grep -E 'GOPROXY|GOPRIVATE'\n"
    f"GOPROXY='https://goproxy:{_v}@athens.acme.io,direct'\n"
    "GOPRIVATE='github.com/acme/*'",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"CREATE ROLE reporting_ro WITH LOGIN\n  PASSWORD '{_v}'\n  CONNECTION LIMIT 5;",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"mysql> CREATE USER 'grafana'@'10.0.%' IDENTIFIED BY '{_v}';\n"
    "Query OK, 0 rows affected (0.01 sec)",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    f"# redis ACL file\nuser default off\nuser worker on >{_v} ~jobs:* +@list +@connection",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    "$ kubectl describe pod api-7c9d8f-x2k4q | sed -n '/Environment/,/Mounts/p'\n"
    "    Environment:\n      NODE_ENV:       production\n"
    f"      REDIS_PASSWORD: {_v}\n"
    "      DB_PASSWORD:    <set to the key 'password' in secret 'db'>  Optional: false\n"
    "    Mounts:",
    _v,
)
_v, _v2 = (
    base64.b64encode(_alnum().encode()).decode(),
    base64.b64encode(_r(32, UPPER_AN).encode()).decode(),
)
_s(
    "config_syntax",
    "$ kubectl get secret rabbitmq -o json | jq .data\n{\n"
    f'  "rabbitmq-erlang-cookie": "{_v2}",\n'
    f'  "rabbitmq-password": "{_v}"\n}}',
    _v,
    _v2,
)
_v = _alnum()
_s(
    "config_syntax",
    "language: node_js\nnode_js: [20]\nenv:\n  global:\n"
    '    - secure: "' + _b64(256) + '"\n'
    f"    - COVERALLS_REPO_TOKEN={_v}",
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    "steps:\n  - name: coverage\n    image: plugins/codecov\n    settings:\n"
    f"      token: {_v}\n      files: [coverage/lcov.info]",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    "pipelines:\n  default:\n    - step:\n        script:\n"
    "          - pipe: atlassian/ssh-run:0.8.1\n"
    "            variables:\n              SSH_USER: deploy\n"
    f"              PASSWORD: '{_v}'",
    _v,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    "jobs:\n  build:\n    docker:\n      - image: cimg/node:20.11\n        auth:\n"
    "          username: acmeci\n"
    f"          password: {_v}",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    "deploy:\n  stage: deploy\n  variables:\n"
    f'    SSHPASS: "{_v}"\n'
    "  script:\n    - sshpass -e rsync -az dist/ deploy@web1:/srv/app",
    _v,
)
_v, _v2 = _r(64, HEX), _r(32, HEX)
_s(
    "config_syntax",
    "## Quick start\n\n```bash\ncp .env.example .env\n# then set your keys:\n"
    f"NEWSAPI_KEY={_v2}\nTMDB_READ_TOKEN={_v}\n```",
    _v,
    _v2,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "**Steps to reproduce**\n1. Set `FRED_API_KEY=" + _v + "` in `.env`\n2. Run `make fetch`\n"
    "3. See `KeyError: 'observations'`",
    _v,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    "import os\nimport census\n\n"
    f'c = census.Census("{_v}", year=2022)\n'
    "rows = c.acs5.state(('NAME', 'B01003_001E'), '*')",
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "# ~/.config/lastfm.ini\n[lastfm]\napi_key = "
    + _r(32, HEX)
    + f"\nshared_secret = {_v}\nusername = dkim",
    _v,
)
_v = _r(43, URLSAFE)
_s(
    "config_syntax",
    "UNSPLASH_ACCESS_KEY=" + _r(43, URLSAFE) + f"\nUNSPLASH_SECRET_KEY={_v}",
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    f'steam:\n  web_api_key: "{_v.upper()}"\n  app_id: 2310470',
    _v.upper(),
)
_v = _r(52, UPPER_AN)
_s(
    "config_syntax",
    'using PlayFab;\n\nPlayFabSettings.staticSettings.TitleId = "A1B2C";\n'
    f'PlayFabSettings.staticSettings.DeveloperSecretKey = "{_v}";',
    _v,
)
_v = _r(43, URLSAFE)
_s(
    "config_syntax",
    '[/Script/OnlineSubsystemEOS.EOSSettings]\n+Artifacts=(ArtifactName="Live",'
    f'ClientId="xyza{_r(28)}",ClientSecret="{_v}",ProductId="{_r(32, HEX)}")',
    _v,
)
_v = _r(48, URLSAFE)
_s(
    "config_syntax",
    "# Roblox Open Cloud publish step\n"
    "rbxcloud experience publish --filename game.rbxl"
    f" --place-id 1234567 --universe-id 7654321 --api-key {_v}",
    _v,
)
_v = _r(20, HEX)
_s(
    "config_syntax",
    "const pusher = new Pusher({\n"
    f'  appId: "{_r(7, DIGITS)}",\n  key: "{_r(20, HEX)}",\n  secret: "{_v}",\n'
    '  cluster: "eu",\n  useTLS: true,\n});',
    _v,
)
_v = _r(6) + "." + _r(6) + ":" + _r(43, URLSAFE)
_s(
    "config_syntax",
    f"ABLY_API_KEY={_v}\nABLY_CHANNEL_PREFIX=orders",
    _v,
)
_v = "sec-c-" + _r(48, AN)
_s(
    "config_syntax",
    "pnconfig = PNConfiguration()\n"
    f'pnconfig.publish_key = "pub-c-{_uuid()}"\npnconfig.subscribe_key = "sub-c-{_uuid()}"\n'
    f'pnconfig.secret_key = "{_v}"\npnconfig.user_id = "backend"',
    _v,
)
_v = _r(64, LOWER_AN)
_s(
    "config_syntax",
    "import { StreamChat } from 'stream-chat'\n"
    f"const server = StreamChat.getInstance('{_r(12, LOWER_AN)}', '{_v}')",
    _v,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    "sendbird:\n  app_id: " + _uuid().upper() + f"\n  api_token: {_v}",
    _v,
)
_v, _v2 = _uuid(), _human()
_s(
    "config_syntax",
    '{\n  "token_hmac_secret_key": "' + _v + '",\n  "admin_password": "' + _v2 + '",\n'
    '  "admin": true,\n  "allowed_origins": ["https://chat.acme.io"]\n}',
    _v,
    _v2,
)
_v = "web_" + _r(64, HEX)
_s(
    "config_syntax",
    f"$ PERCY_TOKEN={_v} npx percy exec -- cypress run\n[percy] Percy has started!",
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    "# wdio.conf.ts\nexport const config = {\n  user: 'acme-qa',\n"
    f"  key: '{_v}',\n  region: 'eu',\n  services: ['sauce'],\n}}",
    _v,
)
_v = _b64(48)
_s(
    "config_syntax",
    '{\n  "tasksRunnerOptions": {\n    "default": {\n      "runner": "nx-cloud",\n'
    f'      "options": {{ "accessToken": "{_v}" }}\n    }}\n  }}\n}}',
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    "# turbo remote cache (self-hosted)\n"
    f"TURBO_API=https://turbo-cache.acme.io\nTURBO_TEAM=acme\nTURBO_TOKEN={_v}",
    _v,
)
_v = _r(52, LOWER_AN)
_s(
    "config_syntax",
    f"$ export DEVELOCITY_ACCESS_KEY=develocity.acme.io={_v}\n$ ./gradlew build --scan",
    _v,
)
_v = "cmVmdGtuOjAxOj" + _r(50)
_s(
    "config_syntax",
    "<settings>\n  <servers>\n    <server>\n      <id>acme-artifactory</id>\n"
    f"      <username>ci</username>\n      <password>{_v}</password>\n"
    "    </server>\n  </servers>\n</settings>",
    _v,
)
_v = _r(20)
_s(
    "config_syntax",
    "# requirements.txt\n"
    f"--extra-index-url https://{_v}:@pypi.fury.io/acme/\n"
    "acme-sdk==2.4.0\nrequests==2.32.3",
    _v,
)
_v = "p." + _jwt({"u": _uuid(), "id": _uuid(), "host": "eu_shared"})
_s(
    "config_syntax",
    f"$ tb auth --token {_v}\n** Auth successful!\n** Configuration written to .tinyb file",
    _v,
)
_v = _jwt({"session": "dana.kim", "email": "dana@acme.io", "iat": 1764500000})
_s(
    "config_syntax",
    f"import duckdb\ncon = duckdb.connect('md:analytics?motherduck_token={_v}')",
    _v,
)
_v = "xau_" + _r(36)
_s(
    "config_syntax",
    '# .xatarc\n{\n  "databaseURL": "https://acme-'
    + _r(6, LOWER_AN)
    + '.eu-west-1.xata.sh/db/crm",\n'
    f'  "apiKey": "{_v}"\n}}',
    _v,
)
_v = "prod:acme-otter-123|" + _r(80, URLSAFE)
_s(
    "config_syntax",
    f'- name: Deploy Convex\n  run: npx convex deploy\n  env:\n    CONVEX_DEPLOY_KEY: "{_v}"',
    _v,
)
_v = "sk_" + _r(48, HEX)
_s(
    "config_syntax",
    "from elevenlabs.client import ElevenLabs\n"
    f"client = ElevenLabs(api_key='{_v}')\n"
    "audio = client.text_to_speech.convert(voice_id='" + _r(20) + "', text=line)",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    '[together]\nbase_url = "https://api.together.xyz/v1"\n'
    f'api_key = "{_v}"\nmodel = "meta-llama/Llama-3.3-70B-Instruct-Turbo"',
    _v,
)
_v = _r(43, URLSAFE)
_s(
    "config_syntax",
    "const platform = new H.service.Platform({\n"
    f"  apikey: '{_v}'\n}});\n// server-side routing proxy only",
    _v,
)
_v = _jwt({"jti": _uuid(), "id": 48211, "scopes": ["asr", "asw", "assets:write"]})
_s(
    "config_syntax",
    "# Cesium ion upload token (assets:write)\n"
    f"CESIUM_ION_TOKEN={_v}\n"
    "cesium-ion upload --name city-mesh ./tiles.zip",
    _v,
)
_v = "PLAK" + _r(32, HEX)
_s(
    "config_syntax",
    f"from planet import Auth\nauth = Auth.from_key('{_v}')\nsess = Session(auth=auth)",
    _v,
)
_v, _v2 = _uuid(), _r(40)
_s(
    "config_syntax",
    "from sentinelhub import SHConfig\nconfig = SHConfig()\n"
    f"config.sh_client_id = '{_v}'\nconfig.sh_client_secret = '{_v2}'",
    _v2,
)
_v = _r(34, UPPER_AN)
_s(
    "config_syntax",
    "etherscan: {\n  apiKey: {\n"
    f"    mainnet: '{_v}',\n"
    "  },\n},\nsourcify: { enabled: false },",
    _v,
)
_v = _jwt(
    {
        "userInformation": {"id": _uuid(), "email": "nft@acme.io"},
        "authenticationType": "scopedKey",
        "scopedKeyKey": _r(20, HEX),
    }
)
_s(
    "config_syntax",
    f"PINATA_JWT={_v}\nNEXT_PUBLIC_GATEWAY_URL=acme.mypinata.cloud",
    _v,
)
_v = _r(86, URLSAFE)
_s(
    "config_syntax",
    'import { createThirdwebClient } from "thirdweb";\n\n'
    f'export const client = createThirdwebClient({{ secretKey: "{_v}" }});',
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    "orcid:\n  client_id: APP-" + _r(16, UPPER_AN) + f"\n  client_secret: {_v}\n  sandbox: false",
    _v,
)
_v = _r(20, LOWER_AN)
_s(
    "config_syntax",
    "Overleaf sync: git clone https://git.overleaf.com/" + _r(24, HEX) + "\n"
    f"Username: git\nPassword: olp_{_v}",
    "olp_" + _v,
)
_v = _uuid()
_s(
    "config_syntax",
    "CLOVER_MERCHANT_ID=" + _r(13, UPPER_AN) + f"\nCLOVER_API_TOKEN={_v}\nCLOVER_ENV=production",
    _v,
)
_v = "sup_sk_" + _r(32)
_s(
    "config_syntax",
    "sumup:\n  merchant_code: M" + _r(7, UPPER_AN) + f"\n  api_key: {_v}",
    _v,
)
_v = "2/" + _r(16, DIGITS) + "/" + _r(16, DIGITS) + ":" + _r(32, HEX)
_s(
    "config_syntax",
    f"asana = Asana::Client.new do |c|\n  c.authentication :access_token, '{_v}'\nend",
    _v,
)
_v = _r(64, LOWER_AN)
_s(
    "config_syntax",
    f"$ koyeb login --token {_v}\n✓ Successfully logged in",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"$ caprover deploy -h https://captain.apps.acme.io -p '{_v}' -a api -b main",
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    "curl -X GET 'https://coolify.acme.io/api/v1/applications' \\\n"
    f"  --header 'Authorization: Bearer 3|{_v}'",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    '{\n  "encrypted": false,\n  "items": [\n    {\n      "type": 1,\n      "name": "AWS root",\n'
    '      "login": {\n        "username": "billing@acme.io",\n'
    f'        "password": "{_v}",\n        "totp": null\n      }}\n    }}\n  ]\n}}',
    _v,
)
_v = "0." + _uuid() + "." + _r(30) + ":" + _b64(16).rstrip("=")
_s(
    "config_syntax",
    f"$ export BWS_ACCESS_TOKEN={_v}\n$ bws secret list",
    _v,
)
_v = "st." + _r(24, HEX) + "." + _r(32, HEX) + "." + _r(32, HEX)
_s(
    "config_syntax",
    f"[Service]\nEnvironment=INFISICAL_TOKEN={_v}\n"
    "ExecStart=/usr/bin/infisical run -- /srv/api/bin/api",
    _v,
)
_v = "dp.st.prd." + _r(40)
_s(
    "config_syntax",
    "doppler configure set token " + _v + " --scope /srv/worker\ndoppler run -- node worker.js",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "データベースのパスワードは " + _v + " です。本番用なので取り扱い注意でお願いします。",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "سلام، رمز عبور پنل مدیریت: " + _v + " لطفاً بعد از ورود عوضش کن.",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    "Hola! La contrasenya del servidor SFTP és " + _v + " (usuari: backups).",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "Kata laluan untuk akaun admin Jenkins: " + _v + " — tolong tukar selepas log masuk.",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "சர்வர் கடவுச்சொல்: " + _v + " (root பயனருக்கு)",
    _v,
)
_v = _r(44, URLSAFE)
_s(
    "config_syntax",
    "docker run -d --name api \\\n  -e NODE_ENV=production \\\n"
    f"  -e SESSION_SECRET={_v[:22]}\\\n{_v[22:]} \\\n"
    "  acme/api:2.8.1",
    _v[:22],
    _v[22:],
)
_v = _alnum()
_s(
    "config_syntax",
    "diff --git a/config/database.yml b/config/database.yml\n"
    "@@ -12,4 +12,4 @@ production:\n   adapter: postgresql\n   username: shop\n"
    "-  password: <%= ENV['DB_PASSWORD'] %>\n"
    f"+  password: {_v}\n   host: db.prod.internal",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "name,env,key,value,owner\n"
    "stripe,prod,STRIPE_WEBHOOK_SECRET,whsec_" + _v + ",payments\n"
    "sentry,prod,SENTRY_DSN,https://" + _r(32, HEX) + "@o12345.ingest.sentry.io/42,platform",
    "whsec_" + _v,
)
_v = _alnum()
_s(
    "config_syntax",
    f'{_ts(3, 14)} DEBUG config loaded: {{"smtp": {{"host": "smtp.mailgun.org", '
    f'"user": "postmaster@mg.acme.io", "pass": "{_v}"}}}}',
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    '"{\\"db\\":{\\"user\\":\\"svc\\",\\"password\\":\\"' + _v + '\\"},\\"port\\":8080}"',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "$ echo '" + base64.b64encode(f"admin_password: {_v}\n".encode()).decode() + "' | base64 -d\n"
    f"admin_password: {_v}",
    _v,
    base64.b64encode(f"admin_password: {_v}\n".encode()).decode(),
)
_v = _alnum()
_s(
    "config_syntax",
    "const { PRIVATE_DB_URL } = await import('$env/static/private')\n"
    f"// TODO remove: fallback for local runs\nconst dbPassword = PRIVATE_DB_URL ?? '{_v}'",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    "// conftest.js\nprocess.env.WEBHOOK_SIGNING_SECRET ||= '"
    + _v
    + "'  // copied from the prod dashboard",
    _v,
)

# look-alikes
_l(
    "config_syntax",
    "SECRET_KEY = os.environ['DJANGO_SECRET_KEY']\nDEBUG = env.bool('DEBUG', default=False)",
)
_l("config_syntax", "secret_key_base: <%= ENV.fetch('SECRET_KEY_BASE') %>")
_l(
    "config_syntax",
    "app.use(session({ secret: process.env.SESSION_SECRET,"
    " resave: false, saveUninitialized: false }))",
)
_l("config_syntax", 'language: node_js\nenv:\n  global:\n    - secure: "' + _b64(256) + '"')
_l(
    "config_syntax",
    "steps:\n  - name: publish\n    image: plugins/npm\n"
    "    settings:\n      token:\n        from_secret: npm_token",
)
_l(
    "config_syntax",
    "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: db\nspec:\n"
    "  encryptedData:\n    password: Ag" + _b64(300),
)
_l(
    "config_syntax",
    "DB_PASSWORD: ENC[AES256_GCM,data:"
    + _b64(18)
    + ",iv:"
    + _b64(32)
    + ",tag:"
    + _b64(16)
    + ",type:str]",
)
_l(
    "config_syntax",
    "db_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n          "
    + _r(64, HEX)
    + "\n          "
    + _r(64, HEX),
)
_l(
    "config_syntax",
    "withCredentials([string(credentialsId: 'sonar-token', variable: 'SONAR_TOKEN')]) {\n"
    "  sh 'mvn sonar:sonar -Dsonar.token=$SONAR_TOKEN'\n}",
)
_l("config_syntax", "DATABASE_PASSWORD=op://Engineering/postgres-prod/password")
_l("config_syntax", "export GITHUB_TOKEN=$(gh auth token)")
_l(
    "config_syntax",
    '"SecretArn": "arn:aws:secretsmanager:eu-central-1:'
    + _r(12, DIGITS)
    + ":secret:prod/api/db-"
    + _r(6)
    + '"',
)
_l(
    "config_syntax",
    "password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/db:password') }}\"",
)
_l("config_syntax", "spring.datasource.password=${vault:secret/data/ledger#password}")
_l(
    "config_syntax",
    "PASSWORD_MIN_LENGTH=12\nPASSWORD_REQUIRE_SYMBOL=true\nPASSWORD_RESET_TOKEN_TTL=3600",
)
_l("config_syntax", "max_tokens: 4096\ntoken_budget: 120000\nkeep_alive: 5m")
_l("config_syntax", '"integrity": "sha512-' + _b64(64) + '"')
_l(
    "config_syntax",
    'resolved "https://registry.yarnpkg.com/lodash/-/lodash-4.17.21.tgz#'
    + _sha()
    + '"\n  integrity sha512-'
    + _b64(64),
)
_l(
    "config_syntax",
    '[[package]]\nname = "serde"\nversion = "1.0.215"\n'
    'source = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "'
    + _r(64, HEX)
    + '"',
)
_l(
    "config_syntax",
    "golang.org/x/crypto v0.29.0 h1:"
    + _b64(32)
    + "\ngolang.org/x/crypto v0.29.0/go.mod h1:"
    + _b64(32),
)
_l(
    "config_syntax",
    "requests==2.32.3 \\\n    --hash=sha256:"
    + _r(64, HEX)
    + " \\\n    --hash=sha256:"
    + _r(64, HEX),
)
_l("config_syntax", "FROM node:20-alpine@sha256:" + _r(64, HEX))
_l("config_syntax", "$ docker inspect --format '{{.Id}}' api\nsha256:" + _r(64, HEX))
_l(
    "config_syntax",
    "    Image ID:       docker.io/acme/api@sha256:"
    + _r(64, HEX)
    + "\n    Container ID:   containerd://"
    + _r(64, HEX),
)
_l(
    "config_syntax",
    "  uid: "
    + _uuid()
    + '\n  resourceVersion: "'
    + _r(8, DIGITS)
    + '"\n  creationTimestamp: "2026-11-30T12:00:00Z"',
)
_l(
    "config_syntax",
    "$ git log --oneline -3\n"
    + "\n".join(
        _r(7, HEX) + " " + m for m in ("fix: retry on 429", "chore: bump deps", "feat: export CSV")
    ),
)
_l(
    "config_syntax",
    "pick " + _r(7, HEX) + " add token refresh\nsquash " + _r(7, HEX) + " fix token refresh typo",
)
_l("config_syntax", "STRIPE_SECRET_KEY=sk_test_your_key_here\nSTRIPE_WEBHOOK_SECRET=whsec_...")
_l("config_syntax", "# .env.example\nOPENAI_API_KEY=\nPINECONE_API_KEY=\nLANGSMITH_API_KEY=")
_l(
    "config_syntax",
    "password: changeme  # example value from the chart's README; override in values-prod.yaml",
)
_l(
    "config_syntax",
    "api_key_header: X-Api-Key\napi_key_query_param: api_key\ntoken_url: https://auth.acme.io/oauth/token",
)
_l(
    "config_syntax",
    '<env name="SPRING_PROFILES_ACTIVE" value="dev" />\n<env name="KEYCLOAK_REALM" value="acme" />',
)
_l(
    "config_syntax",
    '"env": {\n  "NODE_OPTIONS": "--inspect",\n  "LOG_LEVEL": "debug",\n  "API_BASE": "http://localhost:8080"\n}',
)
_l(
    "config_syntax",
    "$ heroku config -a acme-api\n=== acme-api Config Vars\n"
    "LANG:              en_US.UTF-8\nRACK_ENV:          production\nWEB_CONCURRENCY:   3",
)
_l(
    "config_syntax",
    "      DB_PASSWORD:    <set to the key 'password' in secret 'db'>  Optional: false",
)
_l(
    "config_syntax",
    "    - name: REDIS_PASSWORD\n      valueFrom:\n        secretKeyRef:\n"
    "          name: redis\n          key: redis-password",
)
_l(
    "config_syntax",
    "PUSHER_APP_ID=" + _r(7, DIGITS) + "\nPUSHER_CLUSTER=eu\nPUSHER_ENCRYPTED=true",
)
_l(
    "config_syntax",
    'pnconfig.publish_key = "pub-c-'
    + _uuid()
    + '"\npnconfig.subscribe_key = "sub-c-'
    + _uuid()
    + '"',
)
_l(
    "config_syntax",
    "const chain = { id: 11155111, name: 'Sepolia', contracts: { multicall3: { address: '0x"
    + _r(40, HEX)
    + "' } } }",
)
_l("config_syntax", "steam:\n  app_id: 2310470\n  depot_id: 2310471\n  build_id: " + _r(8, DIGITS))
_l("config_syntax", 'PlayFabSettings.staticSettings.TitleId = "' + _r(5, UPPER_AN) + '";')
_l(
    "config_syntax",
    "orcid: 0000-0002-"
    + _r(4, DIGITS)
    + "-"
    + _r(3, DIGITS)
    + "X\ndoi: 10.5281/zenodo."
    + _r(8, DIGITS),
)
_l(
    "config_syntax",
    'sentinelhub: { instance_id: "'
    + _uuid()
    + '", layer: "TRUE-COLOR" }  # WMS instance id, public in the map URL',
)
_l("config_syntax", "CLOVER_MERCHANT_ID=" + _r(13, UPPER_AN) + "\nCLOVER_ENV=sandbox")
_l(
    "config_syntax",
    '$ bws secret list\n[\n  {\n    "id": "'
    + _uuid()
    + '",\n    "key": "STRIPE_KEY",\n    "projectId": "'
    + _uuid()
    + '"\n  }\n]',
)
_l(
    "config_syntax",
    "Title,Url,Username,Password,Notes,OTPAuth\n"
    '"Grafana",https://grafana.acme.io,admin,,"moved to SSO, no password",',
)
_l(
    "config_syntax",
    "$ pass ls\nPassword Store\n├── infra\n│   ├── ssh\n"
    "│   │   └── gitlab-runner\n│   └── db-prod\n└── personal",
)
_l(
    "config_syntax",
    "doppler secrets --only-names\n┌──────────────────┐\n│ NAME             │\n"
    "├──────────────────┤\n│ DATABASE_URL     │\n│ STRIPE_KEY       │\n└──────────────────┘",
)
_l("config_syntax", "Mật khẩu phải có ít nhất 12 ký tự, gồm chữ hoa, chữ thường và số.")
_l(
    "config_syntax",
    "パスワードは1Passwordの「本番DB」に保存してあります。ここには貼らないでください。",
)
_l("config_syntax", "Şifreyi Slack'e yazma; Vault'taki kv/prod/db yolunda duruyor.")
_l(
    "config_syntax",
    f"{_ts(3, 15)} INFO  request_id={_uuid()} user_id={_r(8, DIGITS)} status=200 duration_ms=42",
)
_l(
    "config_syntax",
    "session_id,cart_total,currency\n" + _r(32, HEX) + ",42.50,EUR\n" + _r(32, HEX) + ",17.00,EUR",
)
_l(
    "config_syntax",
    "TZ=Europe/Amsterdam\nHOME=/home/dana\nSSH_AUTH_SOCK=/run/user/1000/keyring/ssh\nGPG_AGENT_INFO=/run/user/1000/gnupg/S.gpg-agent:0:1",
)
_l("config_syntax", "build_cache_key: deps-" + _r(64, HEX) + "\nrestore_keys: deps-")
_l("config_syntax", '"nextPageToken": "' + _urlb64(48) + '",\n"resultSizeEstimate": 201')
_l(
    "config_syntax",
    "$ redis-cli INFO server | head -4\n# Server\n"
    "redis_version:7.2.5\nredis_git_sha1:00000000\nrun_id:" + _r(40, HEX),
)
_l(
    "config_syntax",
    'password_hash = "$2b$12$' + _r(53, AN + "./") + "\"  # bcrypt of the fixture user's password",
)
