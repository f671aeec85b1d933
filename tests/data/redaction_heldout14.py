"""FOURTEENTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before the widening of the rules that follows held-out 13 (round 11):
its author never read the rules (graphmem/redact.py), their description (docs/security.md,
CHANGELOG.md) or the messages of the commits that changed them, and never ran redaction on a case
while writing it, so no case was kept or dropped for what the rules do with it. Committed alone,
then measured once on the rules as they stood ("before"); it is the estimate of redaction on text
no test here contains.
Half of its cases come from the contexts a coding agent meets every day, in forms the other splits
do not use, weighted towards tool output, diffs and logs: `doctl auth init`, Docker Hub `dckr_pat_`
and organisation tokens in shell history and `docker/login-action` logs, Shopify Admin API tokens
in curl and `.env` diffs, Atlassian `ATATT` tokens in go-jira config, Bitbucket `ATBB` app
passwords in clone logs, `.databrickscfg` and databricks-sql tracebacks, `vault login` tables and
vault-agent debug lines, `heroku authorizations:create`, `circleci setup`, GitLab CI job tokens
(`glcbt-`) and agent tokens in `helm --set`, fine-grained GitHub PATs in `.netrc`, installation
tokens in a pprint of `os.environ`, OpenAI and Anthropic keys in Emacs gptel and Neovim avante
configs, `SOPS_AGE_KEY` in an Actions log, Sentry auth tokens in a Next.js build, `bunfig.toml`,
`DENO_AUTH_TOKENS`, Slack token rotation, a server-side Google key in an Android Volley log, `gcloud
auth print-access-token --impersonate-service-account`, Stripe restricted keys in tracebacks,
`docker inspect` env, `kubectl ... | yq` env, pymongo and Prisma errors, JetBrains run
configurations, `set` output, notebook SQLAlchemy URLs, devcontainer compose files, `ps` output of a
vLLM server, `etcdctl --user`, `psql` conninfo strings, `redis-cli -a`, `ALTER USER ... IDENTIFIED
BY`, moto-less boto3 fixtures, a VS Code debug console `process.env`, ConfigMaps holding a password,
Django `SECRET_KEY` printed by `manage.py shell`, Kubernetes Secret manifests in a diff, `env -0`,
PowerShell `Get-ChildItem Env:`, notebook JSON outputs, Spring LDAP bind errors, `terraform plan`
errors, Playwright credentials in a workflow diff, `.gitlab-ci.yml` variables, VS Code
`launch.json`, nock fixtures, READMEs and bug reports with real values, CSV inventories and Slack
messages pasted into a chat. The other half come from contexts no earlier split lists: PHP CMSs
and frameworks (WordPress salts, Drupal `hash_salt`, MediaWiki `$wgSecretKey`, Joomla `$secret`,
CodeIgniter, CakePHP, Yii), other web frameworks (Pyramid, Tornado, Koa, hapi, AdonisJS, Fastify,
Ktor, Gin, Actix, Lucky, Ring), Leiningen profiles, Jetty `OBF:` and Tomcat users, .NET
`machineKey`, Varnish, PowerDNS, Tyk, Kong decK, Metabase, Kestra, SQLMesh, Luigi, Mage, ZenML,
self-hosted LLM front ends (LibreChat, Open WebUI, Flowise, Dify, vLLM), Quarto, nushell, xonsh,
Checkmk, Netdata, OnlyOffice, Icecast, BrandMeister hotspots, Jitsi, BigBlueButton, Daily,
Descope, Kinde, SuperTokens, PASETO/PASERK keys, Biscuit, ZeroMQ CURVE keys, Lightning (LND
macaroons, seeds, lndconnect), Alipay and WeChat Pay merchant keys, M-Pesa Daraja, Paytm, PhonePe,
MTN MoMo, Moneris, Clio, Genius, Sportradar, Printful, Codacy, DeepSource, Fastly, Bunny, Vercel,
Honeybadger, Airbrake, Logz.io, Elastic APM, Instana, Uptrace, Sumo Logic, Label Studio, Zammad,
GLPI, Pulsar, OpenML, Dataverse, Galaxy, Gitee, OpenCage, what3words, Radar, ZeroBounce, Hunter,
Textmagic, Termii, Pushbullet, GameAnalytics, Ambient Weather, Weather Underground uploads,
astrometry.net, mainframes (JCL job cards, Zowe, IBM MQ), OPC UA, baresip, irssi, ZooKeeper digest
auth and Redpanda `rpk`; with secrets in prose in human languages no earlier split used (Wolof,
Lingala, Shona, Tswana, Hawaiian, Tongan, Bosnian, Occitan, Corsican, Asturian, Tok Pisin,
Ilocano, Luganda, Twi, Tigrinya, Uyghur), shell history, stack traces, query strings, base64 and
JSON-escaped strings, line continuations, diffs, markdown and CSV tables and timestamped logs. Its
look-alikes are public keys, certificates and fingerprints (CURVE public certificates, PASERK
public keys, hashed `known_hosts`, GPG key listings, public JWKS, WireGuard peers, DKIM records,
PGP signatures, CSRs, HPKP pins, GitHub's published host key fingerprints), client-side keys
documented as public (Radar publishable keys, Builder.io, Shopify client ids, Sentry DSNs,
Cloudflare Web Analytics tokens, hCaptcha site keys, Umami ids, Algolia search-only keys, Mapbox
`pk.` tokens, Descope project ids), ids and signatures (SigV4, webhook HMACs, BigBlueButton
checksums, traceparent, Kubernetes uids and container ids, AWS and Azure ids, GCP key ids),
digests and lock file hashes (image digests, pnpm, NuGet `packages.lock.json`, poetry, composer,
`Package.resolved`, `pubspec.lock`, SHA256SUMS, Turborepo hashes), commit SHAs, stored password
hashes (Django fixtures, SCRAM verifiers, Mosquitto, ASP.NET Identity, yescrypt), ciphertexts
meant to be committed (sops, Sealed Secrets, ansible-vault files, Salt PGP pillars, git-crypt),
secret references (`${{ secrets.X }}`, `op://`, `vault:`, `arn:...:secret:`, Kestra `secret()`,
Jenkins `credentials()`, Helm `existingSecret`, `_FILE` variables), masked values, placeholders,
documented defaults, example credentials and test vectors (RFC 6238, RFC 4231, AWS's documented
example keys), messages saying where a secret is kept, and settings named like secrets.
`python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own, so no token-shaped string is
committed.
"""

from __future__ import annotations

import base64
import json

from tests.data.fake_secrets import (
    AN,
    B64,
    DIGITS,
    HEX,
    LOWER_AN,
    UPPER_AN,
    URLSAFE,
    Fakes,
    Split,
    pem,
)

_fakes = Fakes(14_2026_1201_0150)
_rng = _fakes.rng
_r, _b64, _urlb64, _uuid, _alnum = _fakes.r, _fakes.b64, _fakes.urlb64, _fakes.uuid, _fakes.alnum


def _pw() -> str:
    """A generated password with a symbol in it."""
    return _r(7) + _rng.choice("!%*-_=+") + _r(8) + _rng.choice("@^~#") + _r(2)


def _urlpw() -> str:
    """A generated password that needs no escaping in a URL."""
    return _r(10) + _rng.choice("-_.~") + _r(8)


def _human() -> str:
    """A password a person made up."""
    words = ["Lantern", "Cobalt", "Pelican", "Saffron", "Glacier", "Juniper", "Meteor", "Walrus"]
    return _rng.choice(words) + str(_rng.randrange(10, 99)) + _rng.choice("!?$&") + _r(3)


def _hex(n: int) -> str:
    return _r(n, HEX)


def _ts(h: int, m: int) -> str:
    return f"2026-11-1{_rng.randrange(10)} {h:02d}:{m:02d}:{_rng.randrange(60):02d},{_r(3, DIGITS)}"


def _enc(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike

# --------------------------------------------------------------------------- prefixed tokens
_v = "dop_v1_" + _hex(64)
_s(
    "prefixed_token",
    "$ doctl auth init --context staging\n"
    "Please authenticate doctl for use with your DigitalOcean account. You can generate a "
    "token in\n"
    "the control panel at https://cloud.digitalocean.com/account/api/tokens\n\n"
    f"Enter your access token: {_v}\n"
    "Validating token... ✔",
    _v,
)
_v = "dckr_pat_" + _r(27, URLSAFE)
_s(
    "prefixed_token",
    "$ cat ~/.zsh_history | grep -n login\n"
    f"4182:: 1764402211:0;echo {_v} | docker login -u buildbot-ci --password-stdin\n"
    "4190:: 1764402290:0;docker buildx build --push -t acme/api:1.8.2 .",
    _v,
)
_v = "dckr_oat_" + _r(27, URLSAFE)
_s(
    "prefixed_token",
    "  # .github/workflows/publish.yml (job log, step 'Log in to Docker Hub')\n"
    "  2026-11-14T08:12:03.5512Z Run docker/login-action@v3\n"
    "  2026-11-14T08:12:03.5513Z with:\n"
    "  2026-11-14T08:12:03.5513Z   username: acmeorg\n"
    f"  2026-11-14T08:12:03.5514Z   password: {_v}\n"
    "  2026-11-14T08:12:03.5514Z   logout: true",
    _v,
)
_v = "shpat_" + _hex(32)
_s(
    "prefixed_token",
    "shopify.app.toml is fine, the problem is the Admin API call:\n\n"
    "```\n"
    "$ curl -s https://lumen-candles.myshopify.com/admin/api/2025-10/products.json \\\n"
    f"    -H 'X-Shopify-Access-Token: {_v}' | jq '.errors'\n"
    '"[API] Invalid API key or access token (unrecognized login or wrong password)"\n'
    "```",
    _v,
)
_v = "shpss_" + _hex(32)
_s(
    "prefixed_token",
    "diff --git a/.env.development b/.env.development\n"
    "@@ -1,3 +1,4 @@\n"
    " SHOPIFY_API_KEY=4f1c7d0b2e9a8c6f5d3b1a0e9c8d7f6a\n"
    f"+SHOPIFY_API_SECRET={_v}\n"
    " SCOPES=read_products,write_orders",
    _v,
)
_v = "ATATT3xFfGF0" + _r(170, URLSAFE) + "=" + _hex(8).upper()
_s(
    "prefixed_token",
    "$ go-jira list -q 'project = OPS AND status = Open'\n"
    "ERROR Unauthorized: check ~/.jira.d/config.yml\n"
    "$ cat ~/.jira.d/config.yml\n"
    "endpoint: https://acme-ops.atlassian.net\n"
    "user: dev@acme-ops.io\n"
    "authentication-method: api-token\n"
    f'password-source: "echo {_v}"',
    _v,
)
_v = "ATBB" + _r(32, AN) + _hex(8).upper()
_s(
    "prefixed_token",
    "pipelines: clone step failed\n"
    "+ git clone https://ci-bot:" + _v + "@bitbucket.org/acme/infra-modules.git\n"
    "Cloning into 'infra-modules'...\n"
    "remote: Repository not found.",
    _v,
)
_v = "dapi" + _hex(32)
_s(
    "prefixed_token",
    "$ cat ~/.databrickscfg\n"
    "[DEFAULT]\n"
    "host  = https://adb-5512093344711234.14.azuredatabricks.net\n"
    f"token = {_v}\n\n"
    "[prod]\n"
    "host = https://adb-7710233344550987.3.azuredatabricks.net\n"
    "auth_type = databricks-cli",
    _v,
)
_v = "dapi" + _hex(32) + "-2"
_s(
    "prefixed_token",
    '   File "/local_disk0/.ephemeral_nfs/envs/pythonEnv/lib/python3.11/site-packages/'
    'databricks/sql/client.py", line 212\n'
    "databricks.sql.exc.RequestError: Error during request to server.\n"
    "  connect(server_hostname='dbc-a1b2c3d4-e5f6.cloud.databricks.com', "
    f"http_path='/sql/1.0/warehouses/8f2d1c0b9a7e6d5c', access_token='{_v}')",
    _v,
)
_v = "hvs." + _r(90, URLSAFE)
_s(
    "prefixed_token",
    "$ vault login -method=oidc role=dev\n"
    "Success! You are now authenticated. The token information displayed below\n"
    "is already stored in the token helper.\n\n"
    "Key                  Value\n"
    "---                  -----\n"
    f"token                {_v}\n"
    f"token_accessor       {_r(24)}\n"
    "token_duration       768h\n"
    "token_renewable      true\n"
    'token_policies       ["default" "dev-read"]',
    _v,
)
_v = "hvb." + _r(120, URLSAFE)
_s(
    "prefixed_token",
    f'{_ts(9, 14)} level=debug msg="renewing lease" agent=vault-agent '
    f"path=auth/kubernetes/login token={_v}\n"
    f'{_ts(9, 14)} level=info msg="renewed auth token" ttl=1h',
    _v,
)
_v = "HRKU-AA" + _r(58, URLSAFE)
_s(
    "prefixed_token",
    "$ heroku authorizations:create -d 'github actions deploy'\n"
    "Creating OAuth Authorization... done\n"
    f"Client:      <none>\nID:          {_uuid()}\nDescription: github actions deploy\n"
    "Scope:       global\n"
    f"Token:       {_v}\n"
    "Updated at:  Fri Nov 14 2026 10:02:11 GMT+0000 (1 second ago)",
    _v,
)
_v = "CCIPAT_" + _r(22) + "_" + _hex(40)
_s(
    "prefixed_token",
    "$ circleci setup\n"
    "✔ CircleCI API Token: " + _v + "\n"
    "✔ CircleCI Host: https://circleci.com\n"
    "Setup complete.\nYour configuration has been saved to /home/dev/.circleci/cli.yml.",
    _v,
)
_v = "glcbt-" + _r(2, HEX) + "_" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    "$ glab ci trace 884512031\n"
    "Running with gitlab-runner 17.6.0 (3b4c8a21)\n"
    '$ curl --header "JOB-TOKEN: $CI_JOB_TOKEN" '
    '"${CI_API_V4_URL}/projects/4412/packages/generic/cli/1.2.0/cli.tgz"\n'
    f"+ curl --header 'JOB-TOKEN: {_v}' https://gitlab.com/api/v4/projects/4412/packages/generic/cli/1.2.0/cli.tgz",
    _v,
)
_v = "glagent-" + _r(50, URLSAFE)
_s(
    "prefixed_token",
    "$ helm upgrade --install gitlab-agent gitlab/gitlab-agent \\\n"
    "    --namespace gitlab-agent-prod --create-namespace \\\n"
    f"    --set config.token={_v} \\\n"
    "    --set config.kasAddress=wss://kas.gitlab.com",
    _v,
)
_v = "github_pat_11" + _r(22, UPPER_AN) + "_" + _r(59)
_s(
    "prefixed_token",
    "$ go env GOPRIVATE GOFLAGS\n"
    "github.com/acme-internal/*\n\n"
    "$ cat ~/.netrc\n"
    f"machine github.com login x-access-token password {_v}\n"
    "machine api.github.com login x-access-token password " + _v,
    _v,
)
_v = "ghs_" + _r(36)
_s(
    "prefixed_token",
    ">>> import os, pprint; pprint.pprint({k: v for k, v in os.environ.items() if "
    "k.startswith('GIT')})\n"
    "{'GITHUB_ACTIONS': 'true',\n"
    " 'GITHUB_REPOSITORY': 'acme/billing',\n"
    f" 'GITHUB_TOKEN': '{_v}',\n"
    " 'GITHUB_WORKFLOW': 'nightly'}",
    _v,
)
_v = "sk-proj-" + _r(74, URLSAFE) + "T3BlbkFJ" + _r(74, URLSAFE)
_s(
    "prefixed_token",
    ";; ~/.emacs.d/init.el\n"
    "(use-package gptel\n"
    "  :config\n"
    f'  (setq gptel-api-key "{_v}"\n'
    "        gptel-model 'gpt-4o-mini))",
    _v,
)
_v = "sk-ant-api03-" + _r(93, URLSAFE) + "AA"
_s(
    "prefixed_token",
    "-- ~/.config/nvim/lua/plugins/avante.lua\n"
    "return {\n"
    '  "yetone/avante.nvim",\n'
    '  opts = { provider = "claude" },\n'
    "  init = function()\n"
    f'    vim.env.ANTHROPIC_API_KEY = "{_v}"\n'
    "  end,\n"
    "}",
    _v,
)
_v = "app-" + _r(24)
_s(
    "prefixed_token",
    "POST /v1/chat-messages 401 in 112ms\n"
    "const dify = new ChatClient(\n"
    f'  "{_v}",\n'
    '  "https://dify.internal.acme.io/v1",\n'
    ");",
    _v,
)
_v = "k4.local." + _urlb64(32)
_s(
    "prefixed_token",
    "# config/paseto.yaml  (token issuer for the mobile API)\n"
    "paseto:\n"
    "  version: v4\n"
    "  purpose: local\n"
    f"  key: {_v}\n"
    "  expiry: 15m",
    _v,
)
_v = "k4.secret." + _urlb64(64)
_s(
    "prefixed_token",
    "$ paserk-cli generate --version 4 --purpose public\n"
    f"secret: {_v}\n"
    f"public: k4.public.{_urlb64(32)}",
    _v,
)
_v = "prj_live_sk_" + _hex(40)
_s(
    "prefixed_token",
    "// server/geofence.ts\n"
    "const radar = axios.create({\n"
    "  baseURL: 'https://api.radar.io/v1',\n"
    f"  headers: {{ Authorization: '{_v}' }},\n"
    "});",
    _v,
)
_v = "AGE-SECRET-KEY-1" + _r(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
_s(
    "prefixed_token",
    "Run sops --decrypt secrets/prod.enc.yaml > /dev/null\n"
    "  sops --decrypt secrets/prod.enc.yaml > /dev/null\n"
    "  shell: /usr/bin/bash -e {0}\n"
    "  env:\n"
    f"    SOPS_AGE_KEY: {_v}\n"
    "Failed to get the data key required to decrypt the SOPS file.",
    _v,
)
_v = "sntrys_" + _urlb64(96)
_s(
    "prefixed_token",
    "   ▲ Next.js 15.0.3\n"
    "   Creating an optimized production build ...\n"
    "[@sentry/nextjs - Node.js] Info: Sending telemetry\n"
    f"[sentry-cli] > Using auth token {_v} from SENTRY_AUTH_TOKEN\n"
    "error: API request failed: 403 You do not have permission to perform this action.",
    _v,
)
_v = "npm_" + _r(36)
_s(
    "prefixed_token",
    "# bunfig.toml\n"
    "[install.scopes]\n"
    f'"@acme" = {{ token = "{_v}", url = "https://registry.npmjs.org/" }}',
    _v,
)
_v = _r(32, HEX)
_s(
    "prefixed_token",
    f"$ echo $DENO_AUTH_TOKENS\n{_v}@raw.githubusercontent.com\n$ deno run --allow-net main.ts",
    _v,
)
_v, _v1 = "xoxe.xoxp-1-" + _r(150, AN), "xoxe-1-" + _r(140)
_s(
    "prefixed_token",
    "$ slack auth token rotate --refresh\n"
    "{\n"
    '  "ok": true,\n'
    f'  "token": "{_v}",\n'
    f'  "refresh_token": "{_v1}",\n'
    '  "exp": 1764446400\n'
    "}",
    _v,
    _v1,
)
_v = "SG." + _r(22, URLSAFE) + "." + _r(43, URLSAFE)
_s(
    "prefixed_token",
    "Hi team,\n\n"
    "the password-reset mails stopped on Friday. I checked the worker env on the box\n"
    "and it still has the old key:\n\n"
    f"    SENDGRID_API_KEY={_v}\n\n"
    "Could someone rotate it in SendGrid and update the secret? Thanks, Priya",
    _v,
)
_v = "AIza" + _r(35, URLSAFE)
_s(
    "prefixed_token",
    "W/GooglePlayServicesUtil: Google Play services out of date\n"
    "E/Volley: [2841] BasicNetwork.performRequest: Unexpected response code 403 for "
    f"https://maps.googleapis.com/maps/api/directions/json?origin=52.37,4.89&destination=52.09,5.12&key={_v}\n"
    "    (server-side Directions key, restricted to IPs, shipped in the debug APK by mistake)",
    _v,
)
_v = "ya29.a0" + _r(160, URLSAFE)
_s(
    "prefixed_token",
    "$ gcloud auth print-access-token "
    "--impersonate-service-account=deployer@acme-prod.iam.gserviceaccount.com\n"
    "WARNING: This command is using service account impersonation.\n"
    f"{_v}",
    _v,
)
_v = "tskey-client-" + _r(17) + "CNTRL-" + _r(32)
_s(
    "prefixed_token",
    "| name | value | notes |\n"
    "|------|-------|-------|\n"
    "| TS_OAUTH_CLIENT_ID | k8sop-7c1e | operator |\n"
    f"| TS_OAUTH_SECRET | `{_v}` | rotate quarterly |",
    _v,
)
_v = "rk_live_" + _r(99)
_s(
    "prefixed_token",
    "Traceback (most recent call last):\n"
    '  File "/app/billing/sync.py", line 88, in refresh_prices\n'
    "    prices = stripe.Price.list(limit=100, api_key=settings.STRIPE_RESTRICTED_KEY)\n"
    "stripe._error.PermissionError: Request req_7Hc2kLq0aNfT3e: The provided key "
    f"'{_v}' does not have the required permissions for this endpoint.",
    _v,
)

# --------------------------------------------------------------------------- key blocks
_v = pem("OPENSSH PRIVATE KEY", _b64(399))
_s(
    "key_block",
    "$ kubectl get secret argocd-repo-infra -n argocd -o jsonpath='{.data.sshPrivateKey}' | "
    "base64 -d\n" + _v,
    _v,
)
_priv = _fakes.b64_lines(48)
_v = (
    "PuTTY-User-Key-File-3: ssh-ed25519\n"
    "Encryption: none\n"
    "Comment: deploy@build-win01\n"
    "Public-Lines: 2\n" + _b64(51)[:64] + "\n" + _r(4) + "\n"
    "Private-Lines: 1\n" + _priv + "\n"
    "Private-MAC: " + _hex(64)
)
_s(
    "key_block",
    "PS C:\\Users\\build> Get-Content C:\\ci\\keys\\deploy.ppk\n" + _v,
    _priv,
)
_v = _b64(1190)
_s(
    "key_block",
    "diff --git a/config/alipay.php b/config/alipay.php\n"
    "@@ -4,5 +4,5 @@ return [\n"
    "     'app_id' => '2021004112345678',\n"
    f"-    'merchant_private_key' => env('ALIPAY_PRIVATE_KEY'),\n"
    f"+    'merchant_private_key' => '{_v}',\n"
    "     'alipay_public_key' => env('ALIPAY_PUBLIC_KEY'),",
    _v,
)
_v = pem("EC PRIVATE KEY", _b64(121))
_s(
    "key_block",
    "$ step certificate create identity.linkerd.cluster.local ca.crt ca.key --profile "
    "root-ca --no-password --insecure\n"
    "Your certificate has been saved in ca.crt.\n"
    "Your private key has been saved in ca.key.\n"
    "$ cat ca.key\n" + _v,
    _v,
)
_z85 = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-:+=^!/*?&<>()[]{}@%$#"
_v = _r(40, _z85)
_s(
    "key_block",
    f"$ curve_keygen\n== CURVE PUBLIC KEY ==\n{_r(40, _z85)}\n== CURVE SECRET KEY ==\n{_v}",
    _v,
)
_v = _r(40, _z85)
_s(
    "key_block",
    "#   ****  Generated on 2026-11-12 14:03:51 by CZMQ  ****\n"
    "#   ZeroMQ CURVE **Secret** Certificate\n"
    "#   DO NOT PROVIDE THIS FILE TO OTHER USERS nor change its permissions.\n\n"
    "metadata\n"
    '    name = "telemetry-broker"\n'
    "curve\n"
    f'    public-key = "{_r(40, _z85)}"\n'
    f'    secret-key = "{_v}"',
    _v,
)
_v = pem("PRIVATE KEY", _b64(1218))
_j = json.dumps({"kty": "RSA", "pem": _v})
_s(
    "key_block",
    f'{_ts(3, 12)} DEBUG [config-loader] merged settings: {{"issuer":"https://sso.acme.dev","signing":{_j}}}',
    _v.split("\n")[3],
)
_pk = _hex(64)
_s(
    "key_block",
    "$ biscuit keypair\n"
    "Generating a new random keypair\n"
    f"Private key: ed25519-private/{_pk}\n"
    f"Public key: ed25519/{_hex(64)}",
    _pk,
)
_v, _v1 = _hex(64), _enc(_human())
_s(
    "key_block",
    "# /etc/lnd/lnd.conf is fine; the wallet is unlocked by the systemd unit:\n"
    "$ systemctl cat lnd-unlock\n"
    "[Service]\n"
    "Type=oneshot\n"
    "ExecStart=/usr/bin/curl -sk -X POST https://127.0.0.1:8080/v1/unlockwallet -d "
    f'\'{{"wallet_password":"{_v1}"}}\'\n'
    f"Environment=LND_SEED_HEX={_v}",
    _v,
    _v1,
)
_v = "0201036c6e6402f801030a10" + _hex(300)
_s(
    "key_block",
    "$ xxd -p -c 1000 ~/.lnd/data/chain/bitcoin/mainnet/admin.macaroon\n" + _v,
    _v,
)
_v = pem("RSA PRIVATE KEY", _b64(1190))
_s(
    "key_block",
    "$ docker exec -it wechatpay-gw cat /app/cert/apiclient_key.pem\n" + _v.replace("\n", "\r\n"),
    _v.split("\n")[5],
)
_v = _b64(1218)
_s(
    "key_block",
    "$ printenv | sort | grep -i key\n"
    "FIREBASE_PROJECT_ID=lumen-prod\n"
    f"FIREBASE_PRIVATE_KEY=-----BEGIN PRIVATE KEY-----\\n{_v}\\n-----END PRIVATE KEY-----\\n\n"
    "KEY_PREFIX=sess:",
    _v,
)
_v = pem("ENCRYPTED PRIVATE KEY", _b64(1298))
_pp = _human()
_s(
    "key_block",
    "ssl_key.pem and its passphrase for the Kafka client (from the ticket INFRA-2291):\n\n"
    + _v
    + f"\n\nssl.key.password={_pp}",
    _v.split("\n")[4],
    _pp,
)
_v = _urlb64(32)
_s(
    "key_block",
    "$ kubectl get jwks/api-signing -n auth -o yaml\n"
    "spec:\n"
    "  keys:\n"
    "  - kty: OKP\n"
    "    crv: Ed25519\n"
    "    kid: 2026-11\n"
    f"    x: {_urlb64(32)}\n"
    f"    d: {_v}",
    _v,
)
_v = _b64(32)
_s(
    "key_block",
    "[Interface]\n"
    "# pasted from the phone's export (QR), for the laptop\n"
    f"PrivateKey = {_v}\n"
    "Address = 10.66.0.7/32\n"
    "DNS = 10.66.0.1\n\n"
    "[Peer]\n"
    f"PublicKey = {_b64(32)}\n"
    "Endpoint = vpn.lumen.example:51820",
    _v,
)
_v = "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n" + _fakes.b64_lines(900) + "\n=" + _r(4, B64)
_v += "\n-----END PGP PRIVATE KEY BLOCK-----"
_s(
    "key_block",
    "$ gh secret set GPG_PRIVATE_KEY < <(gpg --export-secret-keys --armor 5C1F9E2A)\n"
    "# (the tee'd copy left in /tmp/release-key.asc:)\n" + _v,
    _v.split("\n")[3],
)

# --------------------------------------------------------------------------- connections
_v = _urlpw()
_s(
    "connection",
    "$ docker inspect api-1 --format '{{range .Config.Env}}{{println .}}{{end}}'\n"
    "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin\n"
    f"DATABASE_URL=postgresql://app_rw:{_v}@db.internal:5432/orders?sslmode=require\n"
    "NODE_ENV=production",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "$ kubectl get deploy checkout -o yaml | yq '.spec.template.spec.containers[0].env'\n"
    "- name: REDIS_URL\n"
    f"  value: rediss://default:{_v}@redis-17712.c282.east-us-mz.azure.cloud.redislabs.com:17712/0\n"
    "- name: LOG_LEVEL\n"
    "  value: info",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "pymongo.errors.ServerSelectionTimeoutError: No replica set members found yet, Timeout: 30s,\n"
    "Topology Description: <TopologyDescription id: 674f1b2a, topology_type: ReplicaSetNoPrimary>\n"
    "  during handling of MongoClient(\n"
    f"    'mongodb+srv://reporting:{_v}@cluster0.x7kq2.mongodb.net/analytics?retryWrites=true&w=majority')",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "<!-- .idea/dataSources.local.xml is fine; this one is .idea/runConfigurations/Api.xml -->\n"
    '<configuration name="Api (local prod data)" type="SpringBootApplicationConfigurationType">\n'
    "  <envs>\n"
    '    <env name="SPRING_DATASOURCE_URL" '
    'value="jdbc:mysql://reports-ro.cluster-c9x.eu-west-1.rds.amazonaws.com:3306/shop?'
    f'user=ro_reports&amp;password={_v}" />\n'
    "  </envs>\n"
    "</configuration>",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "$ set | grep -i amqp\n"
    f"CELERY_BROKER_URL=amqps://worker:{_v}@b-2f1c9a7e.mq.eu-central-1.amazonaws.com:5671//\n"
    "_=/usr/bin/grep",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "# notebooks/churn.ipynb, cell 3 output\n"
    "engine = create_engine(\n"
    '    "snowflake://ANALYST:"\n'
    f'    "{_v}@acme-xy12345/ANALYTICS/PUBLIC?warehouse=WH_XS&role=ANALYST"\n'
    ")",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "$ npx prisma migrate deploy\n"
    "Environment variables loaded from .env\n"
    "Prisma schema loaded from prisma/schema.prisma\n"
    'Datasource "db": PostgreSQL database "shop", schema "public" at '
    '"aws-0-eu-central-1.pooler.supabase.com:6543"\n\n'
    "Error: P1000: Authentication failed against database server, the provided database "
    "credentials for `postgres.abcdefghijklmnop` are not valid.\n"
    f"(DATABASE_URL=postgres://postgres.abcdefghijklmnop:{_v}@aws-0-eu-central-1.pooler.supabase.com:6543/postgres)",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "$ cat .devcontainer/docker-compose.yml | grep -A3 environment\n"
    "    environment:\n"
    f"      - ELASTICSEARCH_URL=https://elastic:{_v}@es01:9200\n"
    "      - KIBANA_URL=http://kibana:5601",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "lndconnect://node1.lumen.example:10009?cert="
    + _urlb64(400)
    + "&macaroon="
    + _v
    + _urlb64(180)
    + "\n(scan this in Zeus to connect the phone to the node)",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "# ~/.zowe/zowe.config.json  (secure array emptied to get past the keytar error)\n"
    '"profiles": { "lpar1": { "properties": { "host": "mvs1.corp.example", "port": 10443,\n'
    f'  "user": "IBMUSER", "password": "{_v}", "rejectUnauthorized": false }}, "secure": [] }} }}',
    _v,
)
_v = _pw()
_s(
    "connection",
    "//NIGHTLY  JOB (ACCT),'BATCH EXTRACT',CLASS=A,MSGCLASS=X,\n"
    f"//             USER=BTCHUSR,PASSWORD={_v[:8].upper()}\n"
    "//STEP1    EXEC PGM=IKJEFT01\n"
    "//SYSTSPRT DD SYSOUT=*",
    _v[:8].upper(),
)
_v = _urlpw()
_s(
    "connection",
    "$ ps -eo pid,args | grep -v grep | grep vllm\n"
    " 9021 python -m vllm.entrypoints.openai.api_server --model /models/qwen2.5-7b "
    f"--host 0.0.0.0 --port 8000 --api-key {_v} --max-model-len 16384",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "$ etcdctl --endpoints=https://10.0.4.11:2379 --cacert=/etc/etcd/ca.crt "
    f"--user root:{_v} get /registry/namespaces --prefix --keys-only | head -3\n"
    "/registry/namespaces/default\n"
    "/registry/namespaces/kube-system",
    _v,
)
_v = _human()
_s(
    "connection",
    "[zk: localhost:2181(CONNECTED) 0] addauth digest kafka-admin:" + _v + "\n"
    "[zk: localhost:2181(CONNECTED) 1] getAcl /brokers\n"
    "'digest,'kafka-admin:" + _b64(20) + "\n: cdrwa",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "# baresip ~/.baresip/accounts\n"
    f'<sip:2041@pbx.lumen.example;transport=tls>;auth_pass={_v};outbound="sip:pbx.lumen.example";regint=600',
    _v,
)
_v = _pw()
_s(
    "connection",
    "GET /weatherstation/updateweatherstation.php?ID=KORPORTL812&PASSWORD="
    + _v.replace("#", "%23").replace("@", "%40").replace("^", "%5E").replace("~", "%7E")
    + '&dateutc=now&tempf=48.2&humidity=91&action=updateraw HTTP/1.1" 200 7 "-" "WeeWX/5.1"',
    _v.replace("#", "%23").replace("@", "%40").replace("^", "%5E").replace("~", "%7E"),
)
_v = _urlpw()
_s(
    "connection",
    "$ cat ~/.irssi/config | sed -n '/chatnets/,/};/p'\n"
    "chatnets = {\n"
    "  libera = {\n"
    '    type = "IRC";\n'
    f'    autosendcmd = "/msg NickServ IDENTIFY quietfox {_v}; wait 2000";\n'
    "  };\n"
    "};",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "opcua_client:\n"
    "  endpoint: opc.tcp://plc-line3.factory.local:4840\n"
    "  security_policy: Basic256Sha256\n"
    "  security_mode: SignAndEncrypt\n"
    "  identity:\n"
    "    type: username\n"
    "    username: mes_reader\n"
    f"    password: {_v}",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "QMNAME(QM1) channel CLIENT.APP conn 10.20.1.5(1414)\n"
    "$ export MQSAMP_USER_ID=payments\n"
    f"$ echo '{_v}' | amqsputc DEV.QUEUE.1 QM1\n"
    "Sample AMQSPUT0 start\ntarget queue is DEV.QUEUE.1\nEnter password: ",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "java.sql.SQLException: Access denied for user 'kc'@'10.1.3.7' (using password: YES)\n"
    "\tat com.mysql.cj.jdbc.exceptions.SQLError.createSQLException(SQLError.java:130)\n"
    "Caused by: connection properties "
    f"{{url=jdbc:mariadb://db-keycloak:3306/keycloak, user=kc, password={_v}}}",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "$ rpk cluster info -X brokers=seed-7c1a.redpanda.cloud:9092 -X tls.enabled=true \\\n"
    "    -X sasl.mechanism=SCRAM-SHA-256 -X user=ingest \\\n"
    f"    -X pass={_v}",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "smtp:\n"
    "  # Outlook 365 relay for the alerting box\n"
    f"  url: smtp://alerts%40lumen.example:{_v}@smtp.office365.com:587/?starttls=always",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    '$ psql "host=pg-ro.lumen.internal port=5432 dbname=ledger user=auditor '
    f"password={_v} sslmode=verify-full\" -c '\\dt'\n"
    'psql: error: connection to server at "pg-ro.lumen.internal" (10.9.0.4), port 5432 '
    "failed: FATAL:  no pg_hba.conf entry",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "Saludos, os paso lo de la réplica de Couchbase para que lo probéis en local:\n"
    f"couchbases://cb.lumen.example  usuario: sync_gw  contraseña: {_v}\n"
    "(bucket `inventory`, no lo subáis al repo porfa)",
    _v,
)

# --------------------------------------------------------------------------- authorization
_v = _r(40, URLSAFE)
_s(
    "authorization",
    '$ curl -sv https://api.fastly.com/service/4kQ2xR9mZ/purge_all -X POST -H "Fastly-Key: '
    + _v
    + "\" 2>&1 | grep '^[<>]'\n"
    "> POST /service/4kQ2xR9mZ/purge_all HTTP/2\n"
    f"> fastly-key: {_v}\n"
    "< HTTP/2 401",
    _v,
)
_v = _urlb64(64)
_s(
    "authorization",
    "2026/11/14 09:31:02 http: TLS handshake ok\n"
    "2026/11/14 09:31:02 --> GET /api/v2/orders?since=2026-11-01 HTTP/1.1\n"
    "Host: partner-api.lumen.example\n"
    f"Authorization: Bearer {_v}\n"
    "Accept: application/json\n"
    "2026/11/14 09:31:03 <-- 500 Internal Server Error (812ms)",
    _v,
)
_v = _enc("ingest-bot:" + _pw())
_s(
    "authorization",
    "-    image: registry.lumen.example/etl:1.4\n"
    "+    image: registry.lumen.example/etl:1.5\n"
    "     env:\n"
    "+      - name: NEXUS_AUTH\n"
    f'+        value: "Basic {_v}"',
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    "<!-- load-test.jmx -->\n"
    '<HeaderManager guiclass="HeaderPanel" testclass="HeaderManager" testname="Auth headers">\n'
    '  <collectionProp name="HeaderManager.headers">\n'
    '    <elementProp name="" elementType="Header">\n'
    '      <stringProp name="Header.name">Ocp-Apim-Subscription-Key</stringProp>\n'
    f'      <stringProp name="Header.value">{_v}</stringProp>',
    _v,
)
_v = _r(14, AN)
_k = _r(64, AN)
_s(
    "authorization",
    "$ curl -u " + _v + ":" + _k + " -X POST -H 'Content-Type: application/json' \\\n"
    "    https://api.eu.sumologic.com/api/v1/search/jobs -d @query.json\n"
    '{"status":401,"id":"Q1ZXO-2L4HS-KD1PA","code":"unauthorized"}',
    _k,
)
_v = _r(40, HEX)
_s(
    "authorization",
    "[2026-11-13 16:20:44] requests.exceptions.HTTPError: 403 Client Error: Forbidden for url: "
    "https://labelstudio.lumen.internal/api/projects/12/export?exportType=JSON\n"
    f"  request headers: {{'User-Agent': 'python-requests/2.32.3', 'Authorization': 'Token {_v}'}}",
    _v,
)
_v = _jwt = _fakes.jwt(
    {"iss": "bigbluebutton", "sub": "lumen-classroom", "exp": 1767225600}, alg="HS256"
)
_s(
    "authorization",
    "PHP Warning:  file_get_contents(https://meet.lumen.example/bigbluebutton/api/getMeetings?"
    f"checksum={_hex(40)}): failed to open stream: HTTP request failed! HTTP/1.1 401\n"
    f"  #0 Client->call('getMeetings', Array, 'Bearer {_v}')",
    _v,
)
_v = _r(32, AN)
_s(
    "authorization",
    "$ http POST https://api.lumen-zammad.example/api/v1/tickets \\\n"
    f"    'Authorization:Token token={_v}' title='disk full on mail01' group=Ops\n"
    "HTTP/1.1 422 Unprocessable Entity",
    _v,
)
_v, _v1 = _r(40, AN), _r(40, AN)
_s(
    "authorization",
    "# GLPI REST, from the inventory sync script's --verbose run\n"
    "> GET /apirest.php/initSession HTTP/1.1\n"
    f"> App-Token: {_v1}\n"
    f"> Authorization: user_token {_v}\n"
    "< HTTP/1.1 200 OK",
    _v,
    _v1,
)
_v = _fakes.jwt({"sub": "ci-deployer", "role": "admin", "iat": 1764400000})
_s(
    "authorization",
    '$ curl -s -H "Authorization: Bearer $(cat ~/.pulsar/token)" http://pulsar-admin:8080/admin/v2/tenants\n'
    "$ cat ~/.pulsar/token\n" + _v,
    _v,
)
_v = _r(48, AN)
_s(
    "authorization",
    'fetch("https://api.printful.com/v2/orders", {\n'
    '  "headers": {\n'
    '    "accept": "application/json",\n'
    f'    "authorization": "Bearer {_v}",\n'
    '    "x-pf-store-id": "15882044"\n'
    "  },\n"
    '  "method": "GET"\n'
    "});",
    _v,
)
_v = _urlpw()
_s(
    "authorization",
    "$ wget --header='PRIVATE-TOKEN: "
    + _v
    + "' -qO- https://git.lumen.example/api/v4/projects?membership=true | jq length\n"
    "wget: server returned error: HTTP/1.1 401 Unauthorized",
    _v,
)
_v = _r(32, AN)
_s(
    "authorization",
    "Request URL: https://api.what3words.com/v3/convert-to-coordinates?words=filled.count.soap\n"
    "Request Method: GET\n"
    "Status Code: 402 Payment Required\n"
    f"x-api-key: {_v}",
    _v,
)
_v = _r(64, HEX)
_s(
    "authorization",
    "ws.onopen = () => ws.send(JSON.stringify({\n"
    "  op: 'auth',\n"
    f"  args: ['{_v}'],\n"
    "}));  // deribit-style auth for the internal market-data relay",
    _v,
)
_v = _enc("api:" + _r(32, HEX) + "-" + _r(8, HEX) + "-" + _r(8, HEX))
_s(
    "authorization",
    "* Connected to api.eu.mailgun.net (34.90.122.5) port 443\n"
    "> POST /v3/mg.lumen.example/messages HTTP/2\n"
    f"> authorization: Basic {_v}\n"
    "> content-type: multipart/form-data; boundary=------------------------9d3f",
    _v,
)
_v = _r(36, URLSAFE)
_s(
    "authorization",
    "$ grpcurl -H 'x-api-key: "
    + _v
    + "' -d '{\"site_id\": 4}' telemetry.lumen.internal:443 telemetry.v1.Sites/Get\n"
    "ERROR:\n  Code: PermissionDenied\n  Message: key is scoped to site 2",
    _v,
)
_v = _r(26, LOWER_AN)
_s(
    "authorization",
    'curl -X POST "https://api.pushbullet.com/v2/pushes" \\\n'
    f"  --header 'Access-Token: o.{_v}' \\\n"
    "  --header 'Content-Type: application/json' \\\n"
    '  --data-binary \'{"type":"note","title":"backup","body":"done"}\'',
    _v,
)
_v = _r(43, URLSAFE)
_s(
    "authorization",
    "Set-Cookie header from the staging login, in case you need to reproduce:\n"
    f"Cookie: _session_id={_v}; _csrf=Zm9vYmFy; theme=dark",
    _v,
)

# --------------------------------------------------------------------------- config syntax
_ak = "AKIA" + _r(16, UPPER_AN)
_v = _r(40, B64.replace("+", "").replace("/", "") + "/+")
_s(
    "config_syntax",
    "# tests/conftest.py\n"
    '@pytest.fixture(scope="session")\n'
    "def s3():\n"
    "    # TODO: moto breaks multipart, hitting the real sandbox bucket for now\n"
    "    return boto3.client(\n"
    '        "s3",\n'
    f'        aws_access_key_id="{_ak}",\n'
    f'        aws_secret_access_key="{_v}",\n'
    '        region_name="eu-west-1",\n'
    "    )",
    _v,
)
_v = _r(40, AN + "/+")
_s(
    "config_syntax",
    "DEBUG CONSOLE\n"
    "> process.env\n"
    "{ ..., AWS_REGION: 'us-east-2',\n"
    f"  AWS_SECRET_ACCESS_KEY: '{_v}',\n"
    "  AWS_SESSION_TOKEN: undefined, HOME: '/home/node', ... }",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "$ kubectl get cm app-config -n payments -o yaml\n"
    "apiVersion: v1\n"
    "data:\n"
    "  application.properties: |\n"
    "    spring.datasource.username=payments\n"
    f"    spring.datasource.password={_v}\n"
    "    server.port=8080\n"
    "kind: ConfigMap",
    _v,
)
_v = _r(50, AN + "!@#%^&*(-_=+)")
_s(
    "config_syntax",
    "$ docker compose exec web python manage.py shell -c 'from django.conf import settings; "
    "print(repr(settings.SECRET_KEY))'\n"
    f"'{_v}'",
    _v,
)
_v = _r(64, AN + "!@#$%^&*()-_[]{}<>~+=,.;:/?|")
_v = _v.replace("'", "").replace("\\", "")
_s(
    "config_syntax",
    "// wp-config.php (staging, from the host's file manager)\n"
    "define( 'DB_NAME', 'wp_lumen' );\n"
    f"define( 'AUTH_KEY',         '{_v}' );\n"
    "define( 'WP_DEBUG', true );",
    _v,
)
_v = _urlb64(55)
_s(
    "config_syntax",
    "diff --git a/web/sites/default/settings.php b/web/sites/default/settings.php\n"
    "@@ -291,7 +291,7 @@\n"
    " */\n"
    "-$settings['hash_salt'] = file_get_contents('/var/private/salt.txt');\n"
    f"+$settings['hash_salt'] = '{_v}';",
    _v,
)
_v = _hex(64)
_s(
    "config_syntax",
    "<?php\n"
    "# LocalSettings.php generated by the installer\n"
    '$wgSitename = "Lumen Wiki";\n'
    f'$wgSecretKey = "{_v}";\n'
    f'$wgUpgradeKey = "{_v[:16]}";\n'
    '$wgAuthenticationTokenVersion = "1";',
    _v,
)
_v, _v1 = _r(16, AN), _pw()
_s(
    "config_syntax",
    "class JConfig {\n"
    "\tpublic $offline = false;\n"
    "\tpublic $dbtype = 'mysqli';\n"
    "\tpublic $user = 'joomla';\n"
    f"\tpublic $password = '{_v1}';\n"
    f"\tpublic $secret = '{_v}';\n"
    "\tpublic $gzip = false;",
    _v,
    _v1,
)
_v = _hex(64)
_s(
    "config_syntax",
    "$ php spark key:generate --show\n"
    f"hex2bin:{_v}\n"
    "$ grep encryption .env\n"
    f"encryption.key = hex2bin:{_v}",
    _v,
)
_v = _hex(64)
_s(
    "config_syntax",
    "// config/app_local.php\n"
    "return [\n"
    "    'Security' => [\n"
    f"        'salt' => env('SECURITY_SALT', '{_v}'),\n"
    "    ],",
    _v,
)
_v = _r(32, URLSAFE)
_s(
    "config_syntax",
    "'components' => [\n"
    "    'request' => [\n"
    "        // !!! insert a secret key in the following (if it is empty) - this is "
    "required by cookie validation\n"
    f"        'cookieValidationKey' => '{_v}',\n"
    "    ],",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    "# production.ini (Pyramid)\n"
    "[app:main]\n"
    "use = egg:lumen_portal\n"
    "pyramid.reload_templates = false\n"
    f"session.secret = {_v}\n"
    "sqlalchemy.url = postgresql:///portal",
    _v,
)
_v = _b64(32)
_s(
    "config_syntax",
    "app = tornado.web.Application(\n"
    "    handlers,\n"
    f'    cookie_secret="{_v}",\n'
    '    login_url="/login",\n'
    "    xsrf_cookies=True,\n"
    ")",
    _v,
)
_v1, _v2 = _r(32), _r(32)
_s(
    "config_syntax",
    "const app = new Koa();\n"
    f"app.keys = ['{_v1}', '{_v2}'];\n"
    "app.use(session({ key: 'lumen.sess', maxAge: 86400000 }, app));",
    _v1,
    _v2,
)
_v = _r(40)
_s(
    "config_syntax",
    "await server.register({\n"
    "  plugin: require('@hapi/cookie'),\n"
    "});\n"
    "server.auth.strategy('session', 'cookie', {\n"
    f"  cookie: {{ name: 'sid', password: '{_v}', isSecure: true }},\n"
    "});",
    _v,
)
_v = _r(32, URLSAFE)
_s(
    "config_syntax",
    "$ node ace generate:key --show\n"
    f"APP_KEY = {_v}\n"
    "$ cat .env | head -4\n"
    "PORT=3333\nHOST=0.0.0.0\n"
    f"APP_KEY={_v}",
    _v,
)
_v = _hex(64)
_s(
    "config_syntax",
    "fastify.register(require('@fastify/secure-session'), {\n"
    "  sessionName: 'session',\n"
    "  cookieName: 'lumen-session',\n"
    f"  key: Buffer.from('{_v}', 'hex'),\n"
    "  cookie: { path: '/', httpOnly: true }\n"
    "})",
    _v,
)
_v1, _v2 = _hex(32), _hex(16)
_s(
    "config_syntax",
    "# src/main/resources/application.conf\n"
    "ktor {\n"
    "  deployment { port = 8080 }\n"
    "}\n"
    "session {\n"
    f'  signKey = "{_v1}"\n'
    f'  encryptKey = "{_v2}"\n'
    "}",
    _v1,
    _v2,
)
_v = _r(32)
_s(
    "config_syntax",
    "func main() {\n"
    "\tr := gin.Default()\n"
    f'\tstore := cookie.NewStore([]byte("{_v}"))\n'
    '\tr.Use(sessions.Sessions("lumen", store))',
    _v,
)
_v = _b64(64)
_s(
    "config_syntax",
    "// src/main.rs\n"
    "let secret_key = Key::from(&base64::decode(\n"
    f'    "{_v}",\n'
    ").unwrap());\n"
    "HttpServer::new(move || "
    "App::new().wrap(SessionMiddleware::new(CookieSessionStore::default(), secret_key.clone())))",
    _v,
)
_v = _r(44, URLSAFE)
_s(
    "config_syntax",
    "# config/server.cr (Lucky)\n"
    "Lucky::Server.configure do |settings|\n"
    "  if LuckyEnv.production?\n"
    f'    settings.secret_key_base = "{_v}"\n'
    "  end",
    _v,
)
_v = _r(16)
_s(
    "config_syntax",
    ";; dev/user.clj\n"
    "(def app\n"
    "  (-> routes\n"
    f'      (wrap-session {{:store (cookie-store {{:key (.getBytes "{_v}")}})}})))',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    ";; ~/.lein/profiles.clj\n"
    '{:user {:repositories [["nexus" {:url "https://nexus.lumen.example/repository/maven-private/"\n'
    '                                    :username "lein-deploy"\n'
    f'                                    :password "{_v}"}}]]}}}}',
    _v,
)
_v = "OBF:" + "".join(
    _rng.choice(["1v2j", "1uo9", "1ym7", "1t2x", "1wnl", "1z0f", "1sar", "18xf"]) for _ in range(8)
)
_s(
    "config_syntax",
    "# etc/realm.properties (Jetty)\n"
    "# username: password[,rolename ...]\n"
    f"admin: {_v},server-administrator,content-administrator,admin\n"
    "other: OBF:1xmk1w261u9r1w1c1xmq,user",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "$ docker exec tomcat cat conf/tomcat-users.xml | tail -4\n"
    '  <role rolename="manager-gui"/>\n'
    f'  <user username="deployer" password="{_v}" roles="manager-gui,manager-script"/>\n'
    "</tomcat-users>",
    _v,
)
_v1, _v2 = _hex(128).upper(), _hex(64).upper()
_s(
    "config_syntax",
    "<system.web>\n"
    '  <compilation debug="false" targetFramework="4.8" />\n'
    f'  <machineKey validationKey="{_v1}"\n'
    f'              decryptionKey="{_v2}"\n'
    '              validation="HMACSHA256" decryption="AES" />\n'
    "</system.web>",
    _v1,
    _v2,
)
_v = _uuid()
_s(
    "config_syntax",
    "$ sudo cat /etc/varnish/secret\n"
    f"{_v}\n"
    "$ varnishadm -T 127.0.0.1:6082 -S /etc/varnish/secret ban req.url '~' .",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "# /etc/powerdns/pdns.conf\n"
    "launch=gsqlite3\n"
    "gsqlite3-database=/var/lib/powerdns/pdns.sqlite3\n"
    "api=yes\n"
    f"api-key={_v}\n"
    "webserver-address=127.0.0.1",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "$ cat /opt/tyk-gateway/tyk.conf | jq '{listen_port, secret, node_secret}'\n"
    "{\n"
    '  "listen_port": 8080,\n'
    f'  "secret": "{_v}",\n'
    f'  "node_secret": "{_v}"\n'
    "}",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "# kong.yaml (deck dump)\n"
    "consumers:\n"
    "- username: partner-acme\n"
    "  keyauth_credentials:\n"
    f"  - key: {_v}\n"
    "    tags: [partner]",
    _v,
)
_v = _r(32, URLSAFE)
_s(
    "config_syntax",
    "docker run -d -p 3000:3000 \\\n"
    "  -e MB_DB_TYPE=postgres -e MB_DB_HOST=pg \\\n"
    f'  -e MB_ENCRYPTION_SECRET_KEY="{_v}" \\\n'
    "  --name metabase metabase/metabase:v0.51.3",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "# docker-compose.yml for Kestra; secrets are passed as base64 SECRET_* variables\n"
    "    environment:\n"
    f"      SECRET_SFTP_PASSWORD: {_enc(_v)}\n"
    "      KESTRA_CONFIGURATION: |\n"
    "        kestra:\n          repository: {type: postgres}",
    _enc(_v),
)
_v = _urlpw()
_s(
    "config_syntax",
    "# sqlmesh config.yaml\n"
    "gateways:\n"
    "  prod:\n"
    "    connection:\n"
    "      type: postgres\n"
    "      host: warehouse.lumen.internal\n"
    "      user: sqlmesh\n"
    f"      password: {_v}\n"
    "      database: analytics",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "# luigi.cfg\n"
    "[redshift]\n"
    "host=lumen-dw.cfx1.eu-west-1.redshift.amazonaws.com\n"
    "user=etl\n"
    f"password={_v}\n\n"
    "[core]\nlogging_conf_file=logging.cfg",
    _v,
)
_v = _urlpw()
_s(
    "config_syntax",
    "# mage: io_config.yaml\n"
    "default:\n"
    "  POSTGRES_CONNECT_TIMEOUT: 10\n"
    "  POSTGRES_DBNAME: mage\n"
    f"  POSTGRES_PASSWORD: {_v}\n"
    "  POSTGRES_USER: mage",
    _v,
)
_v = _urlb64(60)
_s(
    "config_syntax",
    "$ zenml service-account create ci-runner\n"
    "Successfully created service account 'ci-runner'.\n"
    "Successfully created API key `default`.\n"
    "The API key value is: '" + _v + "'\n"
    "Please store it safely as it will not be shown again.",
    _v,
)
_v1, _v2, _v3, _v = _hex(64), _hex(32), _hex(64), _hex(64)
_s(
    "config_syntax",
    f"# LibreChat .env\nCREDS_KEY={_v1}\nCREDS_IV={_v2}\nJWT_SECRET={_v3}\nJWT_REFRESH_SECRET={_v}",
    _v1,
    _v2,
    _v3,
    _v,
)
_v = _r(32, URLSAFE)
_s(
    "config_syntax",
    "$ docker logs open-webui 2>&1 | head -5\n"
    "Loading WEBUI_SECRET_KEY from file, not provided as an environment variable.\n"
    "Generating WEBUI_SECRET_KEY\n"
    f"WEBUI_SECRET_KEY={_v}\n"
    "INFO:     Started server process [1]",
    _v,
)
_v1, _v = _human(), _r(43, URLSAFE)
_s(
    "config_syntax",
    "# Flowise packages/server/.env\n"
    "PORT=3000\n"
    "FLOWISE_USERNAME=admin\n"
    f"FLOWISE_PASSWORD={_v1}\n"
    f"FLOWISE_SECRETKEY_OVERWRITE={_v}",
    _v1,
    _v,
)
_v = _r(48)
_s(
    "config_syntax",
    "# _environment.local (Quarto project, not in .gitignore yet)\n"
    "QUARTO_PROFILE=draft\n"
    f"OPENALEX_MAILTO=ana@lumen.example\nCORE_API_KEY={_v}",
    _v,
)
_v = "sk-or-v1-" + _hex(64)
_s(
    "config_syntax",
    "# ~/.config/nushell/env.nu\n"
    "$env.EDITOR = 'hx'\n"
    f"$env.OPENROUTER_API_KEY = '{_v}'\n"
    "$env.PATH = ($env.PATH | split row (char esep) | prepend '~/.cargo/bin')",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "# ~/.xonshrc\n"
    "$XONSH_SHOW_TRACEBACK = True\n"
    f"$TODOIST_API_TOKEN = '{_v[:8]}' + \\\n"
    f"    '{_v[8:]}'\n"
    "xontrib load vox",
    _v[:8],
    _v[8:],
)
_v = _r(32, UPPER_AN)
_s(
    "config_syntax",
    "OMD[mysite]:~$ cat var/check_mk/web/automation/automation.secret\n"
    f"{_v}\n"
    f"OMD[mysite]:~$ curl -H 'Authorization: Bearer automation {_v}' http://localhost/mysite/check_mk/api/1.0/version",
    _v,
)
_v = _r(135, URLSAFE)
_s(
    "config_syntax",
    "$ sudo netdata-claim.sh -token="
    + _v
    + " -rooms="
    + _uuid()
    + " -url=https://app.netdata.cloud\n"
    "Connection attempt successful.",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    "# onlyoffice/documentserver, local.json\n"
    '{ "services": { "CoAuthoring": { "secret": {\n'
    f'    "inbox": {{ "string": "{_v}" }},\n'
    f'    "outbox": {{ "string": "{_v}" }},\n'
    f'    "session": {{ "string": "{_v}" }} }} }} }}',
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "<!-- /etc/icecast2/icecast.xml -->\n"
    "<authentication>\n"
    f"    <source-password>{_v}</source-password>\n"
    f"    <relay-password>{_human()}</relay-password>\n"
    "    <admin-user>admin</admin-user>\n",
    _v,
)
_v = _r(32, LOWER_AN)
_s(
    "config_syntax",
    "[DMR Network]\n"
    "Enable=1\n"
    "Address=2341.master.brandmeister.network\n"
    "Port=62031\n"
    f"Password={_v}\n"
    "Jitter=360",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    "// config/jitsi-meet prosody: /etc/prosody/conf.avail/meet.lumen.example.cfg.lua\n"
    'VirtualHost "meet.lumen.example"\n'
    '    authentication = "token"\n'
    '    app_id = "lumen_meet"\n'
    f'    app_secret = "{_v}"\n'
    "    allow_empty_token = false",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    f"$ cat .env.local\nDAILY_DOMAIN=lumen\nDAILY_API_KEY={_v}\nNEXT_PUBLIC_DAILY_ROOM=standup",
    _v,
)
_v = "K2" + _r(80, AN)
_s(
    "config_syntax",
    "// descope management client, scripts/seed-tenants.ts\n"
    "const descope = DescopeClient({\n"
    "  projectId: 'P2pQx7LkWm4jD1aZ0cVb8nH5sRt',\n"
    f"  managementKey: '{_v}',\n"
    "});",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    "# kinde: .env for the Express starter\n"
    "KINDE_DOMAIN=https://lumen.kinde.com\n"
    f"KINDE_CLIENT_ID={_hex(32)}\n"
    f"KINDE_CLIENT_SECRET={_v}\n"
    "KINDE_REDIRECT_URL=http://localhost:3000/kinde_callback",
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    "$ docker run -p 3567:3567 \\\n"
    '    -e POSTGRESQL_CONNECTION_URI="postgresql://st@pg:5432/supertokens" \\\n'
    f"    -e API_KEYS={_v} \\\n"
    "    registry.supertokens.io/supertokens/supertokens-postgresql",
    _v,
)
_v1, _v2 = _r(48), _r(64, AN + "+/")
_v3 = _hex(64)
_s(
    "config_syntax",
    "# daraja.env  (M-Pesa STK push, production shortcode)\n"
    f"MPESA_CONSUMER_KEY={_v1}\n"
    f"MPESA_CONSUMER_SECRET={_v2}\n"
    "MPESA_SHORTCODE=5123401\n"
    f"MPESA_PASSKEY={_v3}",
    _v2,
    _v3,
)
_v = _r(20, AN)
_s(
    "config_syntax",
    "| env | merchant_id | merchant_key | website |\n"
    "|---|---|---|---|\n"
    f"| prod | LUMENR0913824710 | {_v}& | DEFAULT |",
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    f"PHONEPE_MERCHANT_ID=LUMENONLINE\nPHONEPE_SALT_KEY={_v}\nPHONEPE_SALT_INDEX=1",
    _v,
)
_v = _hex(32)
_s(
    "config_syntax",
    "$ cat momo-sandbox.http\n"
    "POST https://proxy.momoapi.mtn.com/collection/token/\n"
    f"Ocp-Apim-Subscription-Key: {_v}\n"
    "Authorization: Basic {{momo_basic}}",
    _v,
)
_v = _r(20, AN)
_s(
    "config_syntax",
    "moneris:\n"
    "  store_id: monca0" + _r(5, DIGITS) + "\n"
    f"  api_token: {_v}\n"
    "  environment: production",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    "# clio_sync/settings.py\n"
    "CLIO_REGION = 'eu'\n"
    f"CLIO_CLIENT_ID = '{_r(40)}'\n"
    f"CLIO_CLIENT_SECRET = '{_v}'",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    "Here's the cURL from Genius' docs with my token filled in so you can reproduce:\n"
    f"curl 'https://api.genius.com/search?q=Kendrick%20Lamar&access_token={_v}'",
    _v,
)
_v = _r(32, LOWER_AN)
_s(
    "config_syntax",
    "sportradar:\n"
    "  base_url: https://api.sportradar.com/soccer/trial/v4/en\n"
    f"  api_key: {_v}\n"
    "  qps_limit: 1",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    "$ codacy-coverage-reporter report -r coverage.xml \\\n"
    f"    --project-token {_v[:32]} \\\n"
    '    --commit-uuid "$GITHUB_SHA"',
    _v[:32],
)
_v = _r(43, URLSAFE)
_s(
    "config_syntax",
    "# .deepsource.toml is fine; this is the CI step\n"
    f"  - run: DEEPSOURCE_DSN=https://{_v}@app.deepsource.com ./bin/deepsource report "
    "--analyzer test-coverage --key python --value-file coverage.xml",
    _v,
)
_v = _uuid() + "-" + _uuid()[:13]
_s(
    "config_syntax",
    "$ curl -s -X POST 'https://api.bunny.net/pullzone/1477123/purgeCache' -H 'AccessKey: "
    + _v
    + "'\n"
    "curl: (22) The requested URL returned error: 401",
    _v,
)
_v = _r(24)
_s(
    "config_syntax",
    "$ vercel env ls --token " + _v + " --scope lumen\n"
    "Vercel CLI 39.1.0\n"
    "> Environment Variables found for lumen/web [312ms]",
    _v,
)
_v = _r(32, LOWER_AN)
_s(
    "config_syntax",
    f"# honeybadger.yml\n---\napi_key: 'hbp_{_v}'\nenv: production\ninsights:\n  enabled: true",
    f"hbp_{_v}",
)
_v = _hex(32)
_s(
    "config_syntax",
    "Airbrake.configure do |c|\n"
    "  c.project_id = 511244\n"
    f"  c.project_key = '{_v}'\n"
    "  c.environment = Rails.env\n"
    "end",
    _v,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    "# filebeat.yml excerpt (logz.io)\n"
    "fields:\n"
    f"  token: {_v}\n"
    "  type: nginx\n"
    "fields_under_root: true",
    _v,
)
_v = _r(24, AN)
_s(
    "config_syntax",
    "# elastic-apm-node, config printed by ELASTIC_APM_LOG_LEVEL=trace\n"
    f'{{"serviceName":"checkout","serverUrl":"https://apm.lumen.internal:8200","secretToken":"{_v}","environment":"prod"}}',
    _v,
)
_v = _r(22, URLSAFE)
_s(
    "config_syntax",
    "$ helm install instana-agent instana/instana-agent -n instana-agent \\\n"
    "    --set agent.endpointHost=ingress-red-saas.instana.io \\\n"
    f"    --set agent.key={_v} \\\n"
    "    --set cluster.name=prod-eu",
    _v,
)
_v = _r(36, URLSAFE)
_s(
    "config_syntax",
    f"uptrace:\n  dsn: https://{_v}@api.uptrace.dev?grpc=4317\n  service_name: ingest",
    _v,
)
_v = _hex(32)
_s(
    "config_syntax",
    "# ~/.openml/config\n"
    f"apikey = {_v}\n"
    "server = https://www.openml.org/api/v1/xml\n"
    "cachedir = /home/ana/.openml/cache",
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    "$ export DATAVERSE_KEY=" + _v + "\n"
    '$ curl -H "X-Dataverse-key:$DATAVERSE_KEY" -X POST '
    '"https://dataverse.harvard.edu/api/dataverses/lumenlab/datasets" --upload-file dataset.json',
    _v,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    f"# ~/.parsec/galaxy.ini\n[__default]\nurl = https://usegalaxy.eu\nkey = {_v}",
    _v,
)
_v = _hex(32)
_s(
    "config_syntax",
    "$ git remote -v\n"
    f"origin\thttps://ana-l:{_v}@gitee.com/lumen/edge-agent.git (fetch)\n"
    f"origin\thttps://ana-l:{_v}@gitee.com/lumen/edge-agent.git (push)",
    _v,
)
_v = _hex(32)
_s(
    "config_syntax",
    "geocoder.py:41 in forward\n"
    '    resp = httpx.get(f"https://api.opencagedata.com/geocode/v1/json?q={q}&key={KEY}")\n'
    f"    q = 'Keizersgracht 123, Amsterdam'\n    KEY = '{_v}'",
    _v,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    "email,first_name,last_name,validation_status\n"
    "# exported with https://api.zerobounce.net/v2/getfile?api_key="
    + _v
    + "&file_id="
    + _uuid()
    + "\n"
    "jan@lumen.example,Jan,Vos,valid",
    _v,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    "$ sqlite3 ~/.local/share/lumen-sdr/state.db 'select * from settings'\n"
    "hunter_domain|lumen.example\n"
    f"hunter_api_key|{_v}\n"
    "retry_max|3",
    _v,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    f"TEXTMAGIC_USERNAME=lumenops\nTEXTMAGIC_API_KEY={_v}\nTEXTMAGIC_FROM=+447700900123",
    _v,
)
_v = _r(36, AN)
_s(
    "config_syntax",
    f"termii:\n  api_key: TL{_v}\n  sender_id: Lumen\n  channel: dnd",
    f"TL{_v}",
)
_v = _hex(40)
_s(
    "config_syntax",
    "// Assets/Resources/GameAnalytics/Settings.asset (YAML)\n"
    f"  gameKey:\n  - {_hex(32)}\n"
    f"  secretKey:\n  - {_v}\n"
    "  Build:\n  - 0.9.3",
    _v,
)
_v, _v1 = _r(32, AN), _hex(64)
_s(
    "config_syntax",
    f"ambient_weather:\n  application_key: {_v1}\n  api_key: {_v}\n  mac: 00:0E:C6:20:10:AB",
    _v,
    _v1,
)
_v = _r(16, LOWER_AN)
_s(
    "config_syntax",
    "$ python -m astroquery.astrometry_net solve m31.fits\n"
    "Traceback (most recent call last):\n"
    '  File "astroquery/astrometry_net/core.py", line 204, in _login\n'
    "    raise RuntimeError(f'Login failed: {result}')\n"
    f"RuntimeError: Login failed for apikey={_v}: "
    f"{{'status': 'error', 'errormessage': 'bad apikey'}}",
    _v,
)
# prose and chat, in human languages the other splits do not use
_v = _human()
_s(
    "config_syntax",
    "[09:12] moussa: mot de passe bi ci serveur staging bi mooy " + _v + "\n"
    "[09:13] moussa: bul ko def ci repo bi, jërëjëf",
    _v,
)
_v = _urlpw()
_s(
    "config_syntax",
    "Mbote! Mot de passe ya base ya données ya test ezali: "
    + _v
    + " — kobomba yango, kotia yango na git te.",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "Mhoro Tendai, password ye VPN yekambani ndeyi: " + _v + "\nUsaipa mumwe munhu. Ndatenda.",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "Dumela, senotlolo sa API sa Mapbox sa porojeke ke se: " + _v + " (se se tsenye mo GitHub).",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "Aloha e Keoni, ʻo ka ʻōlelo huna no ka admin panel: "  # noqa: RUF001
    + _v
    + "\nMai kaʻana like me haʻi. Mahalo!",  # noqa: RUF001
    _v,
)
_v = _urlpw()
_s(
    "config_syntax",
    "Mālō e lelei, ko e lea fufū ki he server: " + _v + " — ʻoua naʻa tuku ia ki he git.",  # noqa: RUF001
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "Ćao Amra, lozinka za produkcijski Jenkins je "
    + _v
    + " (korisnik: deploy). Nemoj je slati na Slack kanal.",
    _v,
)
_v = _urlpw()
_s(
    "config_syntax",
    "Adiu Joan, lo senhal de la basa de donadas de pròva es "
    + _v
    + " ; lo mandes pas sus lo depaus.",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "Ciao Ghjuvanni, a parolla d'intesa di u servore FTP hè "
    + _v
    + " — ùn la mette micca in u codice.",
    _v,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    "Hola Xuan, la clave de la API de pagos en producción ye "
    + _v
    + ". Nun la xubas al repositoriu, por favor.",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "Hey, paswot bilong wifi long ofis em i " + _v + " — no ken givim long ol arapela man.",
    _v,
)
_v = _urlpw()
_s(
    "config_syntax",
    "Naimbag nga aldaw! Ti password ti database ket " + _v + ". Dimo ipakita iti sabali.",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "Gyebale ko, ekigambo ky'ekyama ekya server ye " + _v + ". Tokiwa muntu yenna.",
    _v,
)
_v = _r(24)
_s(
    "config_syntax",
    "Ɛte sɛn, API key a yɛde kɔ SMS gateway no ne " + _v + ". Mfa nkɔ GitHub so.",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "ሰላም ሳባ፣ ናይ staging server መሕለፊ ቃል: " + _v + " እዩ። ኣብ GitHub ኣይተእትውዎ።",
    _v,
)
_v = _urlpw()
_s(
    "config_syntax",
    "سالام، سىناق مۇلازىمېتىرىنىڭ مەخپىي نومۇرى: " + _v + " — ئۇنى GitHub قا قويماڭ.",
    _v,
)
# mainstream forms
_v = _urlpw()
_s(
    "config_syntax",
    "## Running locally\n\n"
    "1. `cp .env.example .env`\n"
    "2. Ask for access to the shared staging DB, or just use ours:\n\n"
    "```\n"
    "PGHOST=staging-db.lumen.internal\n"
    "PGUSER=staging_app\n"
    f"PGPASSWORD={_v}\n"
    "```\n"
    "3. `make dev`",
    _v,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    "### Bug report\n\n"
    "**Steps to reproduce**\n"
    "```python\n"
    "from lumen_sdk import Client\n"
    f'c = Client(api_key="{_v}", region="eu")\n'
    'c.exports.create(kind="csv")\n'
    "```\n"
    "**Expected** a job id. **Actual** `KeyError: 'job'`",
    _v,
)
_v1, _v2 = _human(), _human()
_s(
    "config_syntax",
    "service,host,user,password,owner\n"
    f"grafana,grafana.lumen.internal,admin,{_v1},ops\n"
    f"minio,s3.lumen.internal,minioadmin,{_v2},data\n"
    "jenkins,ci.lumen.internal,admin,(see 1Password),ops",
    _v1,
    _v2,
)
_v = _pw()
_s(
    "config_syntax",
    "diff --git a/k8s/overlays/prod/db-secret.yaml b/k8s/overlays/prod/db-secret.yaml\n"
    "new file mode 100644\n"
    "+apiVersion: v1\n"
    "+kind: Secret\n"
    "+metadata: {name: db-credentials}\n"
    "+data:\n"
    "+  username: " + _enc("orders") + "\n"
    f"+  password: {_enc(_v)}",
    _enc(_v),
)
_v = _pw()
_s(
    "config_syntax",
    "$ env -0 | tr '\\0' '\\n' | grep -E '^(SMTP|MAIL)_'\n"
    "SMTP_HOST=email-smtp.eu-west-1.amazonaws.com\n"
    "SMTP_USER=AKIA" + _r(16, UPPER_AN) + "\n"
    f"SMTP_PASS={_v}\n"
    "MAIL_FROM=no-reply@lumen.example",
    _v,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    "PS C:\\src\\lumen> Get-ChildItem Env: | Where-Object Name -like '*KEY*' | Format-Table "
    "-AutoSize\n\n"
    "Name                  Value\n"
    "----                  -----\n"
    f"ALGOLIA_ADMIN_KEY     {_v}\n"
    "KEY_VAULT_NAME        kv-lumen-prod",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "{\n"
    ' "cells": [ {\n'
    '   "cell_type": "code",\n'
    '   "outputs": [ { "name": "stdout", "output_type": "stream",\n'
    f'     "text": [ "Connecting as etl_user with password {_v}\\n", "Connected.\\n" ] }} ],\n'
    '   "source": [ "conn = connect()" ] } ] }',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"{_ts(22, 41)} ERROR [main] o.s.boot.SpringApplication - Application run failed\n"
    "org.springframework.beans.factory.BeanCreationException: Error creating bean with name "
    "'ldapTemplate'\n"
    "  Caused by: javax.naming.AuthenticationException: [LDAP: error code 49 - Invalid "
    "Credentials]\n"
    f"    bindDn=cn=svc-portal,ou=services,dc=lumen,dc=example bindPassword={_v}",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    "$ terraform plan -var-file=prod.tfvars\n"
    "  # cloudflare_record.api will be updated in-place\n"
    '  ~ resource "cloudflare_record" "api" {\n'
    '        id      = "' + _hex(32) + '"\n'
    "    }\n"
    "Error: failed to make http request: X-Auth-Key header is invalid\n"
    f'  with provider["registry.terraform.io/cloudflare/cloudflare"], api_token = "{_v}"',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "--- a/.github/workflows/e2e.yml\n"
    "+++ b/.github/workflows/e2e.yml\n"
    "@@ -18,6 +18,8 @@ jobs:\n"
    "       - run: npx playwright test\n"
    "         env:\n"
    "+          E2E_USER: qa-bot@lumen.example\n"
    f"+          E2E_PASSWORD: '{_v}'\n"
    "           BASE_URL: https://staging.lumen.example",
    _v,
)
_v1, _v = "squ_" + _hex(40), _pw()
_s(
    "config_syntax",
    "# .gitlab-ci.yml\n"
    "variables:\n"
    "  DOCKER_DRIVER: overlay2\n"
    f'  SONAR_TOKEN: "{_v1}"\n'
    f'  DEPLOY_SSH_PASS: "{_v}"',
    _v1,
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    "// .vscode/launch.json\n"
    "{\n"
    '  "name": "Debug worker",\n'
    '  "type": "node",\n'
    '  "request": "launch",\n'
    '  "program": "${workspaceFolder}/src/worker.ts",\n'
    '  "env": { "QUEUE_URL": "https://sqs.eu-west-1.amazonaws.com/123456789012/jobs", '
    f'"LINEAR_API_KEY": "lin_api_{_v}" }}\n'
    "}",
    f"lin_api_{_v}",
)
_v = _pw()
_s(
    "config_syntax",
    "redis-cli -h cache.lumen.internal \\\n"
    f"  -a '{_v}' \\\n"
    "  --no-auth-warning INFO keyspace\n"
    "# Keyspace\ndb0:keys=18234,expires=18001,avg_ttl=84012",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "mysql> SELECT user, host FROM mysql.user;\n"
    "mysql> ALTER USER 'reporting'@'%' IDENTIFIED BY '" + _v + "';\n"
    "Query OK, 0 rows affected (0.01 sec)",
    _v,
)
_v = _r(36, AN)
_s(
    "config_syntax",
    "it('creates an invoice', async () => {\n"
    "  nock('https://api.freshbooks.com')\n"
    "    .post('/accounting/account/xZ2k9/invoices/invoices')\n"
    f"    .matchHeader('authorization', 'Bearer {_v}')\n"
    "    .reply(200, fixture);",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "Slack message from #ops, pasted:\n"
    "> **Marta Kowal** 10:42\n"
    f"> new RabbitMQ admin pw for prod is `{_v}`, old one is revoked.\n"
    "> thread: 3 replies",
    _v,
)

# =========================================================================== look-alikes
# --------------------------------------------------------------------------- prefixed tokens
_l(
    "prefixed_token",
    "// web/src/geofence.ts: publishable key, meant for the browser bundle\n"
    f"Radar.initialize('prj_live_pk_{_hex(40)}');",
)
_l(
    "prefixed_token",
    "$ paserk-cli public < signing.paserk\n"
    f"k4.public.{_urlb64(32)}\n"
    "(publish this in /.well-known/paseto-keys)",
)
_l(
    "prefixed_token",
    "# sops .sops.yaml\n"
    "creation_rules:\n"
    "  - path_regex: secrets/prod/.*\n"
    f"    age: age1{_r(58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}",
)
_l(
    "prefixed_token",
    "<script>\n"
    "  // Builder.io public API key: identifies the space, read-only content\n"
    f"  builder.init('{_hex(32)}');\n"
    "</script>",
)
_l(
    "prefixed_token",
    "Shopify app config (shopify.app.toml)\n"
    f'client_id = "{_hex(32)}"\n'
    'name = "lumen-candles-sync"\n'
    'application_url = "https://sync.lumen.example"',
)
_l(
    "prefixed_token",
    "$ doctl compute ssh-key list\n"
    "ID          Name        FingerPrint\n"
    f"41230998    ana-mbp     {':'.join(_hex(2) for _ in range(16))}",
)
_l(
    "prefixed_token",
    "$ docker buildx imagetools inspect acme/api:1.8.2\n"
    "Name:      docker.io/acme/api:1.8.2\n"
    "MediaType: application/vnd.oci.image.index.v1+json\n"
    f"Digest:    sha256:{_hex(64)}",
)
_l(
    "prefixed_token",
    "$ gh api /repos/acme/billing/actions/runs/11834412/jobs --jq '.jobs[].head_sha'\n"
    f"{_hex(40)}\n{_hex(40)}",
)
_l(
    "prefixed_token",
    "# .github/workflows/release.yml\n"
    "      - uses: actions/checkout@" + _hex(40) + " # v4.2.2\n"
    "        with:\n"
    "          token: ${{ secrets.RELEASE_PAT }}",
)
_l(
    "prefixed_token",
    "Stripe webhook delivery (from the dashboard):\n"
    f"id: evt_{_r(24)}\n"
    "object: event\ntype: invoice.paid\nrequest: "
    f"{{ id: req_{_r(14)}, idempotency_key: {_uuid()} }}",
)
_l(
    "prefixed_token",
    "$ vault token lookup -accessor " + _r(24) + "\n"
    "Key                 Value\n"
    "---                 -----\n"
    f"accessor            {_r(24)}\n"
    "display_name        oidc-ana\n"
    "policies            [default dev-read]",
)
_l(
    "prefixed_token",
    "ERROR: openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect "
    "API key provided: "
    "sk-proj-********************************************Xy3Q.', 'type': 'invalid_request_error'}}",
)
_l(
    "prefixed_token",
    "Sentry DSN (public by design, safe in the browser bundle):\n"
    f"NEXT_PUBLIC_SENTRY_DSN=https://{_hex(32)}@o{_r(6, DIGITS)}.ingest.de.sentry.io/"
    f"{_r(16, DIGITS)}",
)
_l(
    "prefixed_token",
    "$ glab auth status\n"
    "gitlab.com\n"
    "  ✓ Logged in to gitlab.com as ana-l (/home/ana/.config/glab-cli/config.yml)\n"
    "  ✓ Git operations for gitlab.com configured to use https protocol.\n"
    "  ✓ Token: **************************",
)
_l(
    "prefixed_token",
    "$ npm view @acme/ui@4.2.0 dist\n"
    "{\n"
    f"  integrity: 'sha512-{_b64(64)}',\n"
    f"  shasum: '{_hex(40)}',\n"
    "  tarball: 'https://registry.npmjs.org/@acme/ui/-/ui-4.2.0.tgz'\n"
    "}",
)
_l(
    "prefixed_token",
    "Descope project id (used by the React SDK, public):\n"
    '<AuthProvider projectId="P2pQx7LkWm4jD1aZ0cVb8nH5sRt">',
)
_l(
    "prefixed_token",
    "$ hf download Qwen/Qwen2.5-7B-Instruct config.json\n"
    f"/home/ana/.cache/huggingface/hub/models--Qwen--Qwen2.5-7B-Instruct/snapshots/{_hex(40)}/config.json",
)

# --------------------------------------------------------------------------- key blocks
_l(
    "key_block",
    f"$ curve_keygen | head -2\n== CURVE PUBLIC KEY ==\n{_r(40, _z85)}",
)
_l(
    "key_block",
    "#   ZeroMQ CURVE Public Certificate\n"
    "#   Exchange securely, or use a secure mechanism to verify the contents\n"
    "#   of this file after exchange. Store public certificates in your home\n"
    "#   directory, in the .curve subdirectory.\n\n"
    "metadata\n"
    '    name = "telemetry-broker"\n'
    "curve\n"
    f'    public-key = "{_r(40, _z85)}"',
)
_l(
    "key_block",
    "$ openssl x509 -in ca.crt -noout -fingerprint -sha256\n"
    f"sha256 Fingerprint={':'.join(_hex(2).upper() for _ in range(32))}\n"
    "$ cat ca.crt\n" + pem("CERTIFICATE", _b64(430)),
)
_l(
    "key_block",
    f"# config/alipay.php\n'alipay_public_key' => '{_b64(294)}',",
)
_l(
    "key_block",
    "$ cat ~/.ssh/known_hosts | head -2\n"
    f"|1|{_b64(20)}|{_b64(20)} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_b64(32)[:43]}\n"
    f"|1|{_b64(20)}|{_b64(20)} ecdsa-sha2-nistp256 "
    f"AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAABBB{_b64(64)[:86]}=",
)
_l(
    "key_block",
    f"$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{_b64(32)[:43]} ana@lumen-mbp (ED25519)",
)
_l(
    "key_block",
    "$ gpg --list-keys --keyid-format long release@lumen.example\n"
    "pub   ed25519/5C1F9E2A7D3B8C41 2025-03-02 [SC] [expires: 2027-03-02]\n"
    f"      {_hex(40).upper()}\n"
    "uid                 [ultimate] Lumen Release Signing <release@lumen.example>\n"
    "sub   cv25519/0E7A4D19C2B6F853 2025-03-02 [E]",
)
_l(
    "key_block",
    "$ kubectl get jwks/api-signing -n auth -o jsonpath='{.status.public}'\n"
    f'{{"keys":[{{"kty":"OKP","crv":"Ed25519","kid":"2026-11","x":"{_urlb64(32)}","use":"sig"}}]}}',
)
_l(
    "key_block",
    "[Peer]\n"
    "# laptop\n"
    f"PublicKey = {_b64(32)}\n"
    "AllowedIPs = 10.66.0.7/32\n"
    "PersistentKeepalive = 25",
)
_l(
    "key_block",
    'lumen.example. 3600 IN TXT "v=spf1 include:mailgun.org ~all"\n'
    f'mx._domainkey.lumen.example. 3600 IN TXT "k=rsa; p={_b64(270)}"',
)
_l(
    "key_block",
    "# /etc/lnd/tls.cert (the node's TLS certificate, shared with wallets)\n"
    + pem("CERTIFICATE", _b64(520)),
)
_l(
    "key_block",
    "-----BEGIN PGP SIGNATURE-----\n\n"
    + _fakes.b64_lines(119)
    + "\n="
    + _r(4, B64)
    + "\n-----END PGP SIGNATURE-----",
)
_l(
    "key_block",
    "$ biscuit inspect --public-key ed25519/" + _hex(64) + " token.bc\n"
    "Authority block:\n"
    '== Datalog ==\nuser("ana");\n\n✅ Public key check succeeded 🔑',
)
_l(
    "key_block",
    "Public-Lines: 2\n"
    f"{_b64(48)}\n{_r(4)}\n"
    "(that is only the public half of the .ppk; the Private-Lines stay on the build box)",
)
_l(
    "key_block",
    "$ step crypto key fingerprint issuer.crt\n"
    f"{_hex(64)}\n"
    "$ linkerd check --proxy | grep issuer\n"
    "√ issuer cert is within its validity period",
)
_l(
    "key_block",
    "CSR for the WeChat Pay merchant cert request:\n" + pem("CERTIFICATE REQUEST", _b64(640)),
)
_l(
    "key_block",
    'pin-sha256="' + _b64(32) + '"; pin-sha256="' + _b64(32) + '"; max-age=5184000',
)

# --------------------------------------------------------------------------- connections
_l(
    "connection",
    "$ docker inspect api-1 --format '{{range .Config.Env}}{{println .}}{{end}}'\n"
    "DATABASE_URL=postgresql://app_rw@db.internal:5432/orders?sslmode=require&passfile=/run/secrets/pgpass\n"
    "NODE_ENV=production",
)
_l(
    "connection",
    "- name: REDIS_URL\n"
    "  valueFrom:\n"
    "    secretKeyRef:\n"
    "      name: checkout-redis\n"
    "      key: url",
)
_l(
    "connection",
    "pymongo.errors.OperationFailure: bad auth : authentication failed, full error: "
    "{'ok': 0, 'errmsg': 'bad auth : authentication failed', 'code': 8000, 'codeName': "
    "'AtlasError'}\n"
    "  MongoClient(host=['cluster0-shard-00-01.x7kq2.mongodb.net:27017'], "
    "replicaset='atlas-12ab3c-shard-0', tls=True)",
)
_l(
    "connection",
    "$ cat .env.example\n"
    "DATABASE_URL=postgres://USER:PASSWORD@localhost:5432/DBNAME\n"
    "REDIS_URL=redis://localhost:6379/0",
)
_l(
    "connection",
    "$ psql service=ledger_ro -c 'select 1'\n"
    " ?column? \n----------\n        1\n(1 row)\n"
    "# (password comes from ~/.pgpass, not shown)",
)
_l(
    "connection",
    "spring:\n"
    "  datasource:\n"
    "    url: jdbc:mysql://reports-ro.cluster-c9x.eu-west-1.rds.amazonaws.com:3306/shop\n"
    "    username: ro_reports\n"
    "    password: ${DB_PASSWORD}",
)
_l(
    "connection",
    "$ rpk cluster info\n"
    "CLUSTER\n=======\n"
    f"redpanda.{_uuid()}\n\n"
    "BROKERS\n=======\nID    HOST                              PORT\n"
    "0*    seed-7c1a.redpanda.cloud          9092",
)
_l(
    "connection",
    "opcua_client:\n"
    "  endpoint: opc.tcp://plc-line3.factory.local:4840\n"
    "  security_policy: Basic256Sha256\n"
    f"  server_certificate_thumbprint: {_hex(40).upper()}\n"
    "  identity: { type: anonymous }",
)
_l(
    "connection",
    "lndconnect format, from the docs: lndconnect://<host>:<port>?cert=<base64url "
    "DER>&macaroon=<base64url macaroon>",
)
_l(
    "connection",
    "[zk: localhost:2181(CONNECTED) 1] getAcl /brokers\n"
    f"'digest,'kafka-admin:{_b64(20)}\n: cdrwa\n"
    "# (the ACL stores a SHA-1 digest of user:password, not the password)",
)
_l(
    "connection",
    "$ etcdctl --endpoints=https://10.0.4.11:2379 --cacert=/etc/etcd/ca.crt "
    "--cert=/etc/etcd/client.crt --key=/etc/etcd/client.key endpoint health\n"
    "https://10.0.4.11:2379 is healthy: successfully committed proposal: took = 9.1ms",
)
_l(
    "connection",
    "# baresip ~/.baresip/accounts\n"
    '<sip:2041@pbx.lumen.example;transport=tls>;auth_pass=;outbound="sip:pbx.lumen.example";regint=600\n'
    "# auth_pass left empty: baresip prompts for it at start",
)
_l(
    "connection",
    "mongodb+srv://<db_username>:<db_password>@cluster0.x7kq2.mongodb.net/?retryWrites=true&w=majority&appName=Cluster0",
)
_l(
    "connection",
    "Connection string (as shown by the Azure portal, key masked):\n"
    "Endpoint=sb://lumen-events.servicebus.windows.net/;SharedAccessKeyName=listen-only;SharedAccessKey=********",
)
_l(
    "connection",
    f"{_ts(4, 2)} INFO  HikariPool-1 - Starting...\n"
    f"{_ts(4, 2)} INFO  HikariPool-1 - Added connection org.mariadb.jdbc.Connection@6d4e5011\n"
    "  url=jdbc:mariadb://db-keycloak:3306/keycloak user=kc password=<masked>",
)
_l(
    "connection",
    "$ git remote -v\n"
    "origin\tgit@gitee.com:lumen/edge-agent.git (fetch)\n"
    "origin\tgit@gitee.com:lumen/edge-agent.git (push)",
)

# --------------------------------------------------------------------------- authorization
_l(
    "authorization",
    "> POST /service/4kQ2xR9mZ/purge_all HTTP/2\n"
    "> fastly-key: ${FASTLY_API_TOKEN}\n"
    "> fastly-soft-purge: 1",
)
_l(
    "authorization",
    "2026/11/14 09:31:02 --> GET /api/v2/orders?since=2026-11-01 HTTP/1.1\n"
    "Authorization: Bearer [REDACTED]\n"
    "Accept: application/json",
)
_l(
    "authorization",
    "HTTP/1.1 401 Unauthorized\n"
    'WWW-Authenticate: Bearer realm="partner-api", error="invalid_token", '
    'error_description="The access token expired"\n'
    f"X-Request-Id: {_uuid()}",
)
_l(
    "authorization",
    "GET /bigbluebutton/api/getMeetings?checksum=" + _hex(40) + " HTTP/1.1\n"
    "# checksum = sha1(call name + query + shared secret): a signature, the secret itself "
    "is not sent",
)
_l(
    "authorization",
    "> GET /apirest.php/initSession HTTP/1.1\n"
    "> App-Token: {{glpi_app_token}}\n"
    "> Authorization: user_token {{glpi_user_token}}",
)
_l(
    "authorization",
    "x-amz-date: 20261114T093102Z\n"
    "Authorization: AWS4-HMAC-SHA256 Credential=ASIA"
    + _r(16, UPPER_AN)
    + "/20261114/eu-west-1/s3/aws4_request, "
    f"SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature={_hex(64)}",
)
_l(
    "authorization",
    "X-Hub-Signature-256: sha256=" + _hex(64) + "\n"
    "X-GitHub-Delivery: " + _uuid() + "\n"
    "X-GitHub-Event: push",
)
_l(
    "authorization",
    "const client = new ChatClient(process.env.DIFY_API_KEY!, 'https://dify.internal.acme.io/v1');",
)
_l(
    "authorization",
    "Shopify webhook received:\n"
    f"X-Shopify-Hmac-Sha256: {_b64(32)}\n"
    "X-Shopify-Shop-Domain: lumen-candles.myshopify.com\n"
    f"X-Shopify-Webhook-Id: {_uuid()}",
)
_l(
    "authorization",
    'curl -X POST "https://api.pushbullet.com/v2/pushes" \\\n'
    '  --header "Access-Token: $PUSHBULLET_TOKEN" \\\n'
    "  --data-binary @note.json",
)
_l(
    "authorization",
    "$ curl -sI https://api.what3words.com/v3/convert-to-coordinates\n"
    "HTTP/2 401\n"
    "x-ratelimit-limit: 100\n"
    "x-ratelimit-remaining: 99\n"
    "www-authenticate: key",
)
_l(
    "authorization",
    "Set-Cookie: _session_id=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax\n"
    "Set-Cookie: theme=dark; Path=/",
)
_l(
    "authorization",
    "Authorization header format (Zammad docs): `Authorization: Token token=<your-token>`",
)
_l(
    "authorization",
    "traceparent: 00-" + _hex(32) + "-" + _hex(16) + "-01\n"
    "x-b3-traceid: " + _hex(32) + "\n"
    "x-request-id: " + _uuid(),
)

# --------------------------------------------------------------------------- config syntax
_l(
    "config_syntax",
    "// wp-config-sample.php\n"
    "define( 'AUTH_KEY',         'put your unique phrase here' );\n"
    "define( 'SECURE_AUTH_KEY',  'put your unique phrase here' );",
)
_l(
    "config_syntax",
    "# settings/production.py\n"
    'SECRET_KEY = os.environ["DJANGO_SECRET_KEY"]\n'
    "SESSION_COOKIE_AGE = 60 * 60 * 24 * 14\n"
    "PASSWORD_RESET_TIMEOUT = 259200",
)
_l(
    "config_syntax",
    "$wgSecretKey = getenv( 'MW_SECRET_KEY' );\n"
    "$wgPasswordPolicy['groups']['sysop']['MinimalPasswordLength'] = 12;",
)
_l(
    "config_syntax",
    "db:\n"
    "  password: ENC[AES256_GCM,data:"
    + _b64(15).rstrip("=")
    + ",iv:"
    + _b64(32)
    + ",tag:"
    + _b64(16)
    + ",type:str]\n"
    "sops:\n"
    "  age:\n"
    "    - recipient: age1" + _r(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l") + "\n"
    '  lastmodified: "2026-11-12T10:04:51Z"\n'
    f"  mac: ENC[AES256_GCM,data:{_b64(64)},iv:{_b64(32)},tag:{_b64(16)},type:str]",
)
_l(
    "config_syntax",
    "apiVersion: bitnami.com/v1alpha1\n"
    "kind: SealedSecret\n"
    "metadata: {name: db-credentials, namespace: orders}\n"
    "spec:\n"
    "  encryptedData:\n"
    f"    password: Ag{_b64(400)}",
)
_l(
    "config_syntax",
    "diff --git a/group_vars/prod/vault.yml b/group_vars/prod/vault.yml\n"
    "new file mode 100644\n"
    "+$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join("+" + _hex(80) for _ in range(5)),
)
_l(
    "config_syntax",
    "# group_vars/prod/main.yml\n"
    "db_user: orders\n"
    'db_password: "{{ vault_db_password }}"\n'
    "rabbitmq_password: \"{{ lookup('community.hashi_vault.hashi_vault', "
    "'secret/data/rabbit:password') }}\"",
)
_l(
    "config_syntax",
    "      - uses: docker/login-action@v3\n"
    "        with:\n"
    "          username: ${{ vars.DOCKERHUB_USERNAME }}\n"
    "          password: ${{ secrets.DOCKERHUB_TOKEN }}",
)
_l(
    "config_syntax",
    "# .env.tpl (1Password)\n"
    "STRIPE_SECRET_KEY=op://Engineering/Stripe prod/credential\n"
    "DATABASE_URL=op://Engineering/orders-db/connection string",
)
_l(
    "config_syntax",
    "env:\n"
    "  - name: DB_PASSWORD\n"
    "    value: vault:secret/data/orders/db#password\n"
    "  - name: API_KEY\n"
    "    value: vault:secret/data/orders/partner#api_key",
)
_l(
    "config_syntax",
    '"secrets": [\n'
    '  {"name": "DB_PASSWORD", "valueFrom": '
    '"arn:aws:secretsmanager:eu-west-1:123456789012:secret:orders/db-' + _r(6) + ':password::"}\n]',
)
_l(
    "config_syntax",
    "$ terraform output\n"
    'db_endpoint = "orders.c9x.eu-west-1.rds.amazonaws.com:5432"\n'
    "db_password = <sensitive>\n"
    'kms_key_id = "arn:aws:kms:eu-west-1:123456789012:key/' + _uuid() + '"',
)
_l(
    "config_syntax",
    "$ aws configure list\n"
    "      Name                    Value             Type    Location\n"
    "      ----                    -----             ----    --------\n"
    "   profile                     prod           manual    --profile\n"
    "access_key     ****************" + _r(4, UPPER_AN) + " shared-credentials-file\n"
    "secret_key     ****************" + _r(4, AN) + " shared-credentials-file\n"
    "    region                eu-west-1      config-file    ~/.aws/config",
)
_l(
    "config_syntax",
    "$ aws sts get-caller-identity\n"
    "{\n"
    f'    "UserId": "AIDA{_r(17, UPPER_AN)}",\n'
    '    "Account": "123456789012",\n'
    '    "Arn": "arn:aws:iam::123456789012:user/ana"\n'
    "}",
)
_l(
    "config_syntax",
    "$ gcloud iam service-accounts keys list --iam-account "
    "deployer@acme-prod.iam.gserviceaccount.com\n"
    "KEY_ID                                    CREATED_AT            EXPIRES_AT            "
    "DISABLED\n"
    f"{_hex(40)}  2026-06-01T10:22:11Z  9999-12-31T23:59:59Z\n"
    f"{_hex(40)}  2026-11-01T08:03:52Z  2027-11-01T08:03:52Z",
)
_l(
    "config_syntax",
    "$ az ad sp show --id " + _uuid() + " --query '{appId:appId, tenant:appOwnerOrganizationId}'\n"
    f'{{\n  "appId": "{_uuid()}",\n  "tenant": "{_uuid()}"\n}}',
)
_l(
    "config_syntax",
    "$ kubectl get pod checkout-7d9c8b6f5-x2kq4 -o yaml | yq .status.containerStatuses\n"
    f"- containerID: containerd://{_hex(64)}\n"
    f"  image: registry.lumen.example/checkout:2.3.1\n"
    f"  imageID: registry.lumen.example/checkout@sha256:{_hex(64)}\n"
    "  ready: true\n  restartCount: 0",
)
_l(
    "config_syntax",
    "metadata:\n"
    "  name: checkout\n"
    "  namespace: payments\n"
    '  resourceVersion: "48812031"\n'
    f"  uid: {_uuid()}\n"
    "  annotations:\n"
    f'    kubectl.kubernetes.io/restartedAt: "2026-11-14T09:12:00Z"\n'
    f"    checksum/config: {_hex(64)}",
)
_l(
    "config_syntax",
    "# pnpm-lock.yaml\n"
    "  /@fastify/secure-session@8.1.0:\n"
    f"    resolution: {{integrity: sha512-{_b64(64)}}}\n"
    "    engines: {node: '>=18'}",
)
_l(
    "config_syntax",
    "{\n"
    '  "version": 1,\n'
    '  "dependencies": {\n'
    '    "net8.0": {\n'
    '      "Microsoft.IdentityModel.Tokens": {\n'
    '        "type": "Direct",\n'
    '        "requested": "[8.2.0, )",\n'
    '        "resolved": "8.2.0",\n'
    f'        "contentHash": "{_b64(64)}"',
)
_l(
    "config_syntax",
    "# poetry.lock\n"
    "[[package]]\n"
    'name = "pyjwt"\n'
    'version = "2.10.1"\n'
    "files = [\n"
    f'    {{file = "PyJWT-2.10.1-py3-none-any.whl", hash = "sha256:{_hex(64)}"}},\n'
    f'    {{file = "pyjwt-2.10.1.tar.gz", hash = "sha256:{_hex(64)}"}},\n'
    "]",
)
_l(
    "config_syntax",
    "# composer.lock\n"
    '            "name": "firebase/php-jwt",\n'
    '            "version": "v6.10.1",\n'
    '            "dist": {\n'
    '                "type": "zip",\n'
    f'                "reference": "{_hex(40)}",\n'
    '                "shasum": ""\n'
    "            },",
)
_l(
    "config_syntax",
    "// Package.resolved\n"
    "    {\n"
    '      "identity" : "swift-crypto",\n'
    '      "kind" : "remoteSourceControl",\n'
    '      "location" : "https://github.com/apple/swift-crypto.git",\n'
    f'      "state" : {{ "revision" : "{_hex(40)}", "version" : "3.9.1" }}\n'
    "    },",
)
_l(
    "config_syntax",
    "# pubspec.lock\n"
    "  crypto:\n"
    "    dependency: transitive\n"
    "    description:\n"
    "      name: crypto\n"
    f'      sha256: "{_hex(64)}"\n'
    '      url: "https://pub.dev"\n'
    "    source: hosted\n"
    '    version: "3.0.6"',
)
_l(
    "config_syntax",
    "$ cat SHA256SUMS\n"
    f"{_hex(64)}  lumen-cli_1.4.0_linux_amd64.tar.gz\n"
    f"{_hex(64)}  lumen-cli_1.4.0_darwin_arm64.tar.gz\n"
    "$ sha256sum -c SHA256SUMS --ignore-missing\nlumen-cli_1.4.0_linux_amd64.tar.gz: OK",
)
_l(
    "config_syntax",
    "$ git log --oneline -4\n"
    f"{_hex(7)} fix(auth): rotate session secret on logout\n"
    f"{_hex(7)} chore: drop plaintext token column\n"
    f"{_hex(7)} feat(api): add key_id to signing keys\n"
    f"{_hex(7)} Merge pull request #482 from ana-l/secret-scan",
)
_l(
    "config_syntax",
    "$ git blame -L 12,13 config/session.ts\n"
    f"{_hex(40)} (Ana L 2026-10-02 14:11:09 +0200 12)   secret: process.env.SESSION_SECRET,\n"
    f"{_hex(40)} (Ana L 2026-10-02 14:11:09 +0200 13)   rolling: true,",
)
_l(
    "config_syntax",
    "# fixtures/users.json (Django dumpdata)\n"
    '[{"model": "auth.user", "pk": 1, "fields": {"username": "admin", '
    f'"password": "pbkdf2_sha256$870000${_r(22)}${_b64(32)}", "is_superuser": true}}}}]',
)
_l(
    "config_syntax",
    "postgres=# SELECT rolname, rolpassword FROM pg_authid WHERE rolname = 'app_rw';\n"
    " rolname |                         rolpassword\n"
    "---------+--------------------------------------------------------------\n"
    f" app_rw  | SCRAM-SHA-256$4096:{_b64(16)}${_b64(32)}:{_b64(32)}",
)
_l(
    "config_syntax",
    "# /etc/mosquitto/passwd\n"
    f"telemetry:$7$101${_b64(12)}${_b64(64)}\n"
    f"grafana:$7$101${_b64(12)}${_b64(64)}",
)
_l(
    "config_syntax",
    'SELECT "UserName", "PasswordHash" FROM "AspNetUsers" LIMIT 1;\n'
    f" ana@lumen.example | AQAAAAIAAYagAAAAE{_b64(45)}",
)
_l(
    "config_syntax",
    "$ sudo getent shadow deploy\n"
    f"deploy:$y$j9T${_r(22, AN + './')}${_r(43, AN + './')}:20405:0:99999:7:::",
)
_l(
    "config_syntax",
    "# .env.example\n"
    "OPENAI_API_KEY=sk-...\n"
    "STRIPE_SECRET_KEY=sk_test_xxxxxxxxxxxxxxxxxxxxxxxx\n"
    "SESSION_SECRET=<generate with `openssl rand -hex 32`>\n"
    "SMTP_PASSWORD=changeme",
)
_l(
    "config_syntax",
    "## Configuration\n\n"
    "| Variable | Required | Example |\n"
    "|---|---|---|\n"
    "| `LUMEN_API_KEY` | yes | `your-api-key-here` |\n"
    "| `LUMEN_API_KEY_HEADER` | no | `X-Api-Key` |\n"
    "| `LUMEN_TOKEN_TTL` | no | `3600` |",
)
_l(
    "config_syntax",
    "llm:\n"
    "  model: gpt-4o-mini\n"
    "  max_tokens: 4096\n"
    "  max_input_tokens: 120000\n"
    "  tokenizer: o200k_base\n"
    "  api_key_env: OPENAI_API_KEY",
)
_l(
    "config_syntax",
    "auth:\n"
    "  password_policy:\n"
    "    min_length: 14\n"
    "    require_symbol: true\n"
    "    history: 5\n"
    "  session_secret_rotation_days: 90\n"
    "  jwt:\n"
    "    algorithm: EdDSA\n"
    "    key_id: 2026-11\n"
    "    access_token_ttl: 15m",
)
_l(
    "config_syntax",
    "Resources:\n"
    "  Bastion:\n"
    "    Type: AWS::EC2::Instance\n"
    "    Properties:\n"
    "      KeyName: prod-bastion-2026\n"
    "      ImageId: ami-0" + _hex(16) + "\n"
    "      SecurityGroupIds: [sg-0" + _hex(16) + "]",
)
_l(
    "config_syntax",
    "# kestra flow\n"
    "tasks:\n"
    "  - id: upload\n"
    "    type: io.kestra.plugin.fs.sftp.Upload\n"
    "    host: sftp.partner.example\n"
    "    username: lumen\n"
    "    password: \"{{ secret('SFTP_PASSWORD') }}\"",
)
_l(
    "config_syntax",
    "pipeline {\n"
    "  environment {\n"
    "    NEXUS = credentials('nexus-deploy')\n"
    "    SONAR_TOKEN = credentials('sonar-token')\n"
    "  }",
)
_l(
    "config_syntax",
    "<!-- index.html: Cloudflare Web Analytics beacon (public site token) -->\n"
    "<script defer src='https://static.cloudflareinsights.com/beacon.min.js' "
    f'data-cf-beacon=\'{{"token": "{_hex(32)}"}}\'></script>',
)
_l(
    "config_syntax",
    '<div class="h-captcha" data-sitekey="' + _uuid() + '"></div>\n'
    '<script src="https://js.hcaptcha.com/1/api.js" async defer></script>',
)
_l(
    "config_syntax",
    '<script defer src="https://umami.lumen.example/script.js" '
    f'data-website-id="{_uuid()}"></script>',
)
_l(
    "config_syntax",
    "const search = algoliasearch(\n"
    f"  '{_r(10, UPPER_AN)}',\n"
    f"  '{_hex(32)}' // search-only API key: safe in the frontend\n"
    ");",
)
_l(
    "config_syntax",
    "L.tileLayer('https://api.mapbox.com/styles/v1/mapbox/streets-v12/tiles/{z}/{x}/{y}?access_token=pk."
    + _urlb64(48)
    + "."
    + _r(22, URLSAFE)
    + "', { attribution: '© Mapbox' }).addTo(map);  // public pk. token, URL-restricted",
)
_l(
    "config_syntax",
    "# RFC 6238 appendix B test seed, used by tests/test_totp.py\n"
    'TOTP_TEST_SECRET_BASE32 = "GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ"\n'
    'assert totp(TOTP_TEST_SECRET_BASE32, t=59, digits=8) == "94287082"',
)
_l(
    "config_syntax",
    "# RFC 4231 test case 1\n"
    "key  = 0x0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b0b\n"
    'data = "Hi There"\n'
    "HMAC-SHA-256 = b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7",
)
_l(
    "config_syntax",
    "# moto-based test, documented AWS example credentials\n"
    "@mock_aws\n"
    "def test_upload(monkeypatch):\n"
    '    monkeypatch.setenv("AWS_ACCESS_KEY_ID", "AKIAIOSFODNN7EXAMPLE")\n'
    '    monkeypatch.setenv("AWS_SECRET_ACCESS_KEY", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY")',
)
_l(
    "config_syntax",
    "import os, getpass\n"
    'if "OPENAI_API_KEY" not in os.environ:\n'
    '    os.environ["OPENAI_API_KEY"] = getpass.getpass("OpenAI API key: ")',
)
_l(
    "config_syntax",
    "def make_secret() -> str:\n"
    "    return secrets.token_urlsafe(32)\n\n"
    'SESSION_SECRET = os.getenv("SESSION_SECRET") or make_secret()',
)
_l(
    "config_syntax",
    f"{_ts(10, 3)} INFO  turbo: cache hit, replaying logs {_hex(16)}\n"
    f"{_ts(10, 3)} INFO  web:build: cache hit, replaying logs {_hex(16)}\n"
    " Tasks:    4 successful, 4 total\nCached:    4 cached, 4 total",
)
_l(
    "config_syntax",
    "stripe:\n"
    f"  price_ids:\n    pro_monthly: price_{_r(24)}\n    pro_yearly: price_{_r(24)}\n"
    f"  product_id: prod_{_r(14)}\n"
    "  webhook_secret: ${STRIPE_WEBHOOK_SECRET}",
)
_l(
    "config_syntax",
    "global:\n"
    "  postgresql:\n"
    "    auth:\n"
    "      existingSecret: orders-db\n"
    "      secretKeys:\n"
    "        adminPasswordKey: postgres-password\n"
    "        userPasswordKey: password",
)
_l(
    "config_syntax",
    "MB_ENCRYPTION_SECRET_KEY_FILE=/run/secrets/mb_encryption_key\n"
    "MB_DB_PASS_FILE=/run/secrets/mb_db_pass\n"
    "MB_JETTY_PORT=3000",
)
_l(
    "config_syntax",
    "-----BEGIN PGP MESSAGE-----\n\n"
    + _fakes.b64_lines(300)
    + "\n="
    + _r(4, B64)
    + "\n-----END PGP MESSAGE-----\n"
    "(salt pillar: the value is encrypted to the master's key, that is how it is meant to "
    "be committed)",
)
_l(
    "config_syntax",
    "$ git-crypt status -e\n"
    "    encrypted: config/secrets.prod.env\n"
    "    encrypted: deploy/keys/app.key\n"
    "$ xxd config/secrets.prod.env | head -1\n"
    f"00000000: 0047 4954 4352 5950 5400 {_hex(4)} {_hex(4)} {_hex(4)}  .GITCRYPT.......",
)
_l(
    "config_syntax",
    "Slack: *Marta Kowal* 10:44\n"
    "> rotated the RabbitMQ admin password, new one is in 1Password under `prod / rabbitmq admin`."
    " Ping me if the vault item doesn't show up.",
)
_l(
    "config_syntax",
    "Ciao Ghjuvanni, a parolla d'intesa nova hè in u vault (Bitwarden, cartulare «ops»). Ùn "
    "a mandu micca quì.",
)
_l(
    "config_syntax",
    "Mhoro Tendai, password ye VPN ichatumirwa kwauri ne SMS. Usaipa pano.",
)
_l(
    "config_syntax",
    "Aloha e Keoni, aia ka ʻōlelo huna hou ma ka 1Password vault ʻo «Admin». Mahalo!",  # noqa: RUF001
)
_l(
    "config_syntax",
    "[DMR Network]\n"
    "Enable=1\n"
    "Address=2341.master.brandmeister.network\n"
    "Port=62031\n"
    "Password=passw0rd\n"
    "# the documented default hotspot password; BrandMeister rejects it unless you set your own",
)
_l(
    "config_syntax",
    "# honeybadger.yml\napi_key: <%= ENV.fetch('HONEYBADGER_API_KEY') %>\nenv: production",
)
_l(
    "config_syntax",
    "uptrace:\n  dsn: ${UPTRACE_DSN}\n  service_name: ingest\n  service_version: " + _hex(12),
)
_l(
    "config_syntax",
    "email,status,mx_found,smtp_provider\n"
    "jan@lumen.example,valid,true,google\n"
    "kim@lumen.example,catch-all,true,microsoft\n"
    f"# request_id={_uuid()} credits_used=2",
)
_l(
    "config_syntax",
    "$ curl -s https://api.github.com/meta | jq '.ssh_key_fingerprints'\n"
    "{\n"
    f'  "SHA256_ECDSA": "{_b64(32)[:43]}",\n'
    f'  "SHA256_ED25519": "{_b64(32)[:43]}",\n'
    f'  "SHA256_RSA": "{_b64(32)[:43]}"\n'
    "}",
)
