"""TENTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before the widening of the rules that follows held-out 9: its author
never read the rules (graphmem/redact.py), their description (docs/security.md, CHANGELOG.md) or the
messages of the commits that changed them, and never ran redaction on a case while writing it, so no
case was kept or dropped for what the rules do with it. Committed alone, then measured once on the
rules as they stood ("before"); it is the estimate of redaction on text no test here contains.
Half of its cases come from the contexts a coding agent meets every day, in forms the other splits
do not use: `gh auth status --show-token`, `git remote -v`, `git config --list --show-origin`,
`git show` of a commit that added a secret, GitLab runner `config.toml`, trigger calls and `glab
variable export`, an MCP server config (`.vscode/mcp.json`), aider's config, `docker history
--no-trunc`, `docker run -e` in shell history, `docker login -p` in a Makefile, `kubectl create
secret --from-literal`, `kubectl exec -- env`, secrets decoded with `-o go-template` and
`jsonpath | base64 -d`, kubeconfig user tokens, `helm upgrade --set`, `helm repo add --password`,
`aws secretsmanager get-secret-value`, `aws ssm get-parameter --with-decryption`, `aws lambda
get-function-configuration`, `aws ecr get-login-password`, `aws configure get`, botocore debug
logs, `gcloud secrets versions access`, `gcloud sql users set-password`, `gcloud iam
service-accounts keys create -`, `az ad sp create-for-rbac`, `az storage account keys list`,
Azure Functions `local.settings.json`, Service Bus, IoT Hub and Cosmos DB connection strings,
`.npmrc` `_auth`, `pip config list`, `pip install --index-url`, requirements with `git+https`
credentials, `.pgpass`, `~/.my.cnf`, `pg_dump` and `mysqldump` command lines, `db.createUser`,
pgbouncer `userlist.txt`, Spring Boot actuator `/env`, `rails credentials:show`, `php artisan
key:generate --show`, `manage.py diffsettings`, Flask config and `requests` headers printed in
pdb, ASP.NET `appsettings.json`, Express sessions, NestJS `JwtModule`, Jenkins console `+ curl
-u`, `act` secret files, GitHub Actions logs of base64 output, Playwright `storageState.json`,
Jest snapshots, `cypress.env.json`, Eclipse `.launch` files, OkHttp logs in logcat, Ruby
`set_debug_output`, Go `httputil.DumpRequestOut`, grpcurl, tweepy debug logs, Jupyter notebook
JSON, `terraform output -json`, Node `child_process` errors, crontabs, launchd plists, a
browser console WebSocket error, "Copy as cURL" with a session cookie, PowerShell
`Invoke-RestMethod`, and Slack, Jira, Teams and email messages pasted into a chat. The other half
come from contexts no earlier split lists: first-run outputs of servers (Jenkins initial admin
password, GitLab initial root password, Elasticsearch `elastic` password and enrollment token,
Grafana admin reset, MinIO `mc alias set`, Keycloak `kcadm.sh`, OpenStack `token issue`), `stripe
listen`, `fly tokens create`, `pscale password create`, Supabase (`sb_secret_`, `sbp_`, service
role JWT), Clerk, Stytch, Auth0 management tokens, Resend, Brevo, MailerSend, Postmark,
Mailchimp, Razorpay, Flutterwave, Paddle, Braintree, Plaid, Klaviyo, HubSpot, Intercom,
Amplitude, Contentful, Sanity, WordPress application passwords, WooCommerce, Algolia admin keys,
LaunchDarkly, Unleash, New Relic, Grafana service accounts, Sentry CLI, PostHog, Honeycomb,
Axiom, Dynatrace, Linear, Postman and newman, Tailscale, ZeroTier, ngrok, Cloudflare tunnels,
Access service tokens and certbot/acme.sh DNS credentials, Terraform Cloud, Pulumi, dbt Cloud,
Sourcegraph, RubyGems, Hex, Conan, Quay and Harbor robots, 1Password service accounts, Aiven,
PlanetScale, MongoDB Atlas, Confluent Cloud via kcat, RabbitMQ and NATS, Snowflake, Kaggle,
Comet, Neptune, ClearML, Roboflow, MLflow and DVC remotes, Streamlit `secrets.toml`, Colab,
Firebase CI tokens, fastlane `match` and App Store `.p8` keys, OneSignal, Chrome Web Store and
AMO (`web-ext sign`), Bluesky app passwords, Reddit `praw.ini`, X/Twitter bearer tokens, Wi-Fi
(`wpa_supplicant.conf`, `nmcli`, NetworkManager), DKIM keys, Let's Encrypt account keys, Chrome
extension signing keys, local JWKS signing keys and proxies in `HTTPS_PROXY`; with secrets in
prose in other human languages (German, French, Spanish, Brazilian Portuguese, Italian,
Simplified and Traditional Chinese, Russian, Norwegian, Danish, Slovak, Welsh, Bulgarian,
Georgian, Kazakh, Nepali, Yoruba, Afrikaans, Urdu, Khmer), shell history, stack traces, query
strings, base64 and JSON-escaped strings, line continuations and strings split across source
lines, diffs, markdown and CSV tables and timestamped logs. Its look-alikes are publishable and
client-side keys documented as public (Stripe, Clerk, Supabase, PostHog, Paddle, Adyen,
Razorpay, Flutterwave, RevenueCat, LaunchDarkly client ids, Firebase web config, Sentry DSNs,
NATS user NKeys), public keys, certificates, CSRs, CRLs, DH parameters, signatures and
fingerprints, API object ids (OpenAI, Anthropic, Stripe), request signatures (SigV4, GitHub and
Stripe webhooks), hashes, digests, lock file integrity, commit SHAs, UUIDs, ciphertexts meant to
be committed (sops dotenv, ansible-vault, EJSON, dotenv-vault, Pulumi `secure:`, Jasypt, Chef
data bags, age and PGP messages, Rails `credentials.yml.enc`), secret references, masked values,
placeholders, well-known development defaults (the Azurite key, a throwaway CI database),
documented example values and test vectors marked as such (AWS's example keys, jwt.io's token,
RFC 4231 and RFC 6238), and settings named like secrets.
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
    UPPER_AN,
    URLSAFE,
    Fakes,
    Split,
    lines,
    pem,
)

_fakes = Fakes(10_2026_1201)
_rng = _fakes.rng
_r, _b64, _urlb64, _uuid, _alnum = _fakes.r, _fakes.b64, _fakes.urlb64, _fakes.uuid, _fakes.alnum
_CROCKFORD = "0123456789abcdefghjkmnpqrstvwxyz"
_LETTERS = AN[:52]


def _strong() -> str:
    """A generated password with the symbols a password manager mixes in."""
    return _r(7) + _rng.choice("!%^*-_+=") + _r(6) + _rng.choice("#@?~") + _r(4)


def _chosen() -> str:
    """A password a person made up: two words, digits and a symbol."""
    words = ["Harbor", "Juniper", "Copper", "Meadow", "Sparrow", "Nimbus", "Granite", "Lantern"]
    return _rng.choice(words) + _rng.choice(words).lower() + str(_rng.randrange(100, 999)) + "!"


def _jwt(payload: dict[str, object], alg: str = "HS256") -> str:
    return _fakes.jwt(payload, alg)


def _stamp(h: int, m: int) -> str:
    return f"2026-12-02 {h:02d}:{m:02d}:{_rng.randrange(60):02d},{_r(3, DIGITS)}"


def _git_sha() -> str:
    return _r(40, HEX)


def _ulid() -> str:
    return "01" + _r(24, _CROCKFORD)


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# --------------------------------------------------------------------------- prefixed tokens
_v = "gho_" + _r(36)
_s(
    "prefixed_token",
    "$ gh auth status --show-token\ngithub.com\n"
    "  ✓ Logged in to github.com account rpetrova (keyring)\n"
    "  - Active account: true\n  - Git operations protocol: https\n"
    f"  - Token: {_v}\n  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
    _v,
)
_v = "github_pat_" + _r(22) + "_" + _r(59)
_s(
    "prefixed_token",
    '$ cat .vscode/mcp.json\n{\n  "servers": {\n    "github": {\n'
    '      "command": "docker",\n'
    '      "args": ["run", "-i", "--rm", "-e", "GITHUB_PERSONAL_ACCESS_TOKEN", '
    '"ghcr.io/github/github-mcp-server"],\n'
    f'      "env": {{ "GITHUB_PERSONAL_ACCESS_TOKEN": "{_v}" }}\n    }}\n  }}\n}}',
    _v,
)
_v = "glrt-t1_" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    "$ sudo cat /etc/gitlab-runner/config.toml\nconcurrent = 4\ncheck_interval = 0\n\n"
    '[[runners]]\n  name = "build-box-03"\n  url = "https://gitlab.internal.example"\n'
    f'  id = 118\n  token = "{_v}"\n  executor = "docker"\n'
    '  [runners.docker]\n    image = "alpine:3.20"\n    privileged = false',
    _v,
)
_v = "glptt-" + _r(40, HEX)
_s(
    "prefixed_token",
    "$ history | grep trigger\n  512  curl -X POST --fail "
    f"-F token={_v} -F ref=main "
    "https://gitlab.example.com/api/v4/projects/4211/trigger/pipeline\n  513  history | grep "
    "trigger",
    _v,
)
_v1 = "xoxb-" + _r(12, DIGITS) + "-" + _r(13, DIGITS) + "-" + _r(24)
_v2 = "xapp-1-A" + _r(10, UPPER_AN) + "-" + _r(13, DIGITS) + "-" + _r(64, HEX)
_s(
    "prefixed_token",
    "$ printenv | grep -i slack\n"
    f"SLACK_BOT_TOKEN={_v1}\nSLACK_APP_TOKEN={_v2}\nSLACK_SIGNING_CHANNEL=C07QK2M4R1L",
    _v1,
    _v2,
)
_v = "sk-ant-api03-" + _r(93, URLSAFE) + "AA"
_s(
    "prefixed_token",
    "$ cat ~/.aider.conf.yml\nmodel: sonnet\nauto-commits: false\n"
    f"anthropic-api-key: {_v}\ndark-mode: true\nmap-tokens: 2048",
    _v,
)
_v = "sk-proj-" + _r(74, URLSAFE) + "T3BlbkFJ" + _r(74, URLSAFE)
_s(
    "prefixed_token",
    '{\n "cell_type": "code",\n "execution_count": 3,\n "metadata": {},\n "outputs": [],\n'
    ' "source": [\n  "import os\\n",\n'
    f'  "os.environ[\\"OPENAI_API_KEY\\"] = \\"{_v}\\"\\n",\n'
    '  "client = OpenAI()"\n ]\n}',
    _v,
)
_v = "hf_" + _r(34, _LETTERS)
_s(
    "prefixed_token",
    "$ git remote -v\n"
    f"origin\thttps://lmoreau:{_v}@huggingface.co/spaces/lmoreau/invoice-ocr (fetch)\n"
    f"origin\thttps://lmoreau:{_v}@huggingface.co/spaces/lmoreau/invoice-ocr (push)",
    _v,
)
_v = "whsec_" + _r(32)
_s(
    "prefixed_token",
    "$ stripe listen --forward-to localhost:4242/webhook\n"
    "> Ready! You are using Stripe API Version [2025-10-29]. "
    f"Your webhook signing secret is {_v} (^C to quit)\n"
    "2026-12-02 09:14:07   --> checkout.session.completed [evt_1QxY]",
    _v,
)
_v = "sk_live_" + _r(99)
_s(
    "prefixed_token",
    "$ git show 3f9c2e1 -- config/settings/production.py\n"
    "diff --git a/config/settings/production.py b/config/settings/production.py\n"
    "@@ -41,3 +41,4 @@ CACHES = {\n }\n \n"
    ' STRIPE_PUBLIC_KEY = env("STRIPE_PUBLIC_KEY")\n'
    f'+STRIPE_SECRET_KEY = "{_v}"  # TODO move to env before merge',
    _v,
)
_v = "xkeysib-" + _r(64, HEX) + "-" + _r(16)
_s(
    "prefixed_token",
    "<?php\nrequire_once __DIR__ . '/vendor/autoload.php';\n\n"
    "$config = Brevo\\Client\\Configuration::getDefaultConfiguration()\n"
    f"    ->setApiKey('api-key', '{_v}');\n"
    "$api = new Brevo\\Client\\Api\\TransactionalEmailsApi(new GuzzleHttp\\Client(), $config);",
    _v,
)
_v = "NRAK-" + _r(27, UPPER_AN)
_s(
    "prefixed_token",
    '$ cat ~/.newrelic/newrelic-cli.json\n{\n  "default": {\n'
    f'    "apiKey": "{_v}",\n    "region": "EU",\n    "accountID": 3918204,\n'
    '    "licenseKey": ""\n  }\n}',
    _v,
)
_v = "glsa_" + _r(32) + "_" + _r(8, HEX)
_s(
    "prefixed_token",
    'provider "grafana" {\n  url  = "https://grafana.ops.example.net/"\n'
    f'  auth = "{_v}"\n}}\n\nresource "grafana_folder" "payments" {{\n  title = "Payments"\n}}',
    _v,
)
_v = (
    "sntrys_"
    + base64.b64encode(
        json.dumps(
            {
                "iat": 1764660000,
                "url": "https://sentry.io",
                "region_url": "https://de.sentry.io",
                "org": "kestrel",
            }
        ).encode()
    )
    .decode()
    .rstrip("=")
    + "_"
    + _r(43)
)
_s(
    "prefixed_token",
    "$ cat .sentryclirc\n[defaults]\nurl = https://sentry.io/\norg = kestrel\nproject = web\n\n"
    f"[auth]\ntoken = {_v}",
    _v,
)
_v = "phx_" + _r(47)
_s(
    "prefixed_token",
    "## Exporting events\n\nRun this to pull last week's events (works, tested on my machine):\n\n"
    "```sh\ncurl -s 'https://eu.posthog.com/api/projects/8841/events/?after=2026-11-24' \\\n"
    f"  -H 'Authorization: Bearer {_v}' | jq '.results | length'\n```",
    _v,
)
_v = "lin_api_" + _r(40)
_s(
    "prefixed_token",
    "**Steps to reproduce**\n1. export the key: `export LINEAR_API_KEY="
    f"{_v}`\n2. run `npx linear-sync --team ENG`\n3. it crashes with `TypeError: cannot read "
    "properties of undefined (reading 'nodes')`",
    _v,
)
_v = "PMAK-" + _r(24, HEX) + "-" + _r(34, HEX)
_s(
    "prefixed_token",
    "  - name: API contract tests\n    run: >-\n      newman run "
    f'"https://api.getpostman.com/collections/24118730-0c9f?apikey={_v}"\n'
    "      --environment staging.postman_environment.json --reporters cli,junit",
    _v,
)
_v = "tskey-auth-k" + _r(10) + "CNTRL-" + _r(33)
_s(
    "prefixed_token",
    "$ kubectl -n tailscale create secret generic tailscale-auth \\\n"
    f"    --from-literal=TS_AUTHKEY={_v}\nsecret/tailscale-auth created",
    _v,
)
_v = "FlyV1 fm2_" + _b64(180).replace("+", "_").replace("/", "-").rstrip("=")
_s(
    "prefixed_token",
    "$ fly tokens create deploy -a inkwell-api -x 720h\n"
    + _v
    + "\n$ fly secrets list -a inkwell-api",
    _v[6:],
)
_v = _r(14) + ".atlasv1." + _r(67)
_s(
    "prefixed_token",
    '$ cat ~/.terraform.d/credentials.tfrc.json\n{\n  "credentials": {\n'
    f'    "app.terraform.io": {{\n      "token": "{_v}"\n    }}\n  }}\n}}',
    _v,
)
_v = "pul-" + _r(40, HEX)
_s(
    "prefixed_token",
    "jobs:\n  preview:\n    runs-on: ubuntu-latest\n    env:\n"
    f"      PULUMI_ACCESS_TOKEN: {_v}\n"
    "    steps:\n      - uses: actions/checkout@v4\n      - uses: pulumi/actions@v6\n"
    "        with: { command: preview, stack-name: acme/prod }",
    _v,
)
_v = "sb_secret_" + _r(22, URLSAFE) + "_" + _r(8, URLSAFE)
_s(
    "prefixed_token",
    "// app/api/admin/route.ts\nimport { createClient } from '@supabase/supabase-js'\n\n"
    "const admin = createClient(\n  'https://qwzkpdjrbnmlxvhtacgs.supabase.co',\n"
    f"  '{_v}',\n  {{ auth: {{ persistSession: false }} }}\n)",
    _v,
)
_v = "sbp_" + _r(40, HEX)
_s(
    "prefixed_token",
    "  201  npx supabase link --project-ref qwzkpdjrbnmlxvhtacgs\n"
    f"  202  npx supabase login --token {_v}\n  203  npx supabase db push",
    _v,
)
_v = "re_" + _r(8) + "_" + _r(24)
_s(
    "prefixed_token",
    "// scripts/send-digest.ts (run with `bun scripts/send-digest.ts`)\n"
    "import { Resend } from 'resend'\n"
    f"const resend = new Resend('{_v}')\n"
    "await resend.emails.send({ from: 'digest@mail.example.io', to, subject, html })",
    _v,
)
_v = "mlsn." + _r(64, HEX)
_s(
    "prefixed_token",
    "MAIL_MAILER=mailersend\n"
    f"MAILERSEND_API_KEY={_v}\n"
    'MAIL_FROM_ADDRESS="no-reply@shop.example.rs"\nMAIL_FROM_NAME="${APP_NAME}"',
    _v,
)
_v = "FLWSECK-" + _r(32, HEX) + "-X"
_s(
    "prefixed_token",
    "<?php\nreturn [\n    'publicKey' => env('FLW_PUBLIC_KEY'),\n"
    f"    'secretKey' => '{_v}',\n"
    "    'secretHash' => env('FLW_SECRET_HASH'),\n    'env' => 'live',\n];",
    _v,
)
_v = "pdl_live_apikey_" + _ulid() + "_" + _r(22) + "_" + _r(3)
_s(
    "prefixed_token",
    "func TestPaddleClient(t *testing.T) {\n"
    f'\tclient, err := paddle.New("{_v}", paddle.WithBaseURL(paddle.ProductionBaseURL))\n'
    "\tif err != nil {\n\t\tt.Fatal(err)\n\t}",
    _v,
)
_v = "CFPAT-" + _r(43, URLSAFE)
_s(
    "prefixed_token",
    "$ contentful space export --space-id 7gq0ld4mzs9w --environment-id master \\\n"
    f"    --management-token {_v} --export-dir ./backup\n"
    "✔ Exporting Content types\n✔ Exporting Entries (1,204)",
    _v,
)
_v1 = "ck_" + _r(40, HEX)
_v2 = "cs_" + _r(40, HEX)
_s(
    "prefixed_token",
    "[2026-12-02 11:03:41] production.ERROR: cURL error 28 while requesting "
    f"https://shop.example.ie/wp-json/wc/v3/orders?per_page=100&consumer_key={_v1}"
    f'&consumer_secret={_v2} {{"exception":"[object] (GuzzleHttp\\\\Exception\\\\ConnectException)"'
    f"}}",
    _v1,
    _v2,
)
_v = "pscale_pw_" + _r(43, URLSAFE)
_s(
    "prefixed_token",
    "$ pscale password create ledger main ci-reader --role reader\n"
    "Password ci-reader was successfully created in ledger/main.\n"
    "Please save the values below as they will not be shown again\n\n"
    "  NAME        BRANCH   USERNAME       ACCESS HOST URL                  ROLE     PASSWORD\n"
    " ----------- -------- -------------- -------------------------------- -------- "
    + "-"
    * len(_v)
    + "\n"
    f"  ci-reader   main     {_r(12, LOWER_AN)}   aws.connect.psdb.cloud   reader   {_v}",
    _v,
)
_v = "AVNS_" + _r(19, URLSAFE)
_s(
    "prefixed_token",
    "$ avn service user-get pg-orders --username avnadmin --json\n"
    f'{{\n  "authentication": null,\n  "password": "{_v}",\n  "type": "primary",\n'
    '  "username": "avnadmin"\n}',
    _v,
)
_v = "sgp_" + _r(16, HEX) + "_" + _r(40, HEX)
_s(
    "prefixed_token",
    "export SRC_ENDPOINT=https://sourcegraph.example.com\n"
    f"export SRC_ACCESS_TOKEN={_v}\nsrc search 'repo:^github\\.com/acme/ lang:go context.TODO'",
    _v,
)
_v = "rubygems_" + _r(48, HEX)
_s(
    "prefixed_token",
    f"$ cat ~/.gem/credentials\n---\n:rubygems_api_key: {_v}\n$ gem push pkg/tidewater-2.1.0.gem",
    _v,
)
_v = "dbtc_" + _r(52, URLSAFE)
_s(
    "prefixed_token",
    '# ~/.dbt/dbt_cloud.yml\nversion: "1"\ncontext:\n  active-project: "70403103927314"\n'
    'projects:\n  - project-id: "70403103927314"\n    account-host: "cloud.getdbt.com"\n'
    f'    token-value: "{_v}"',
    _v,
)
_v = "ops_" + base64.b64encode(
    json.dumps(
        {
            "signInAddress": "my.1password.eu",
            "userAuth": {"method": "SRPg-4096"},
            "email": _r(26, LOWER_AN) + "@1passwordserviceaccounts.eu",
            "srpX": _r(64, HEX),
            "muk": {"alg": "A256GCM", "k": _urlb64(32)},
        }
    ).encode()
).decode().rstrip("=")
_s(
    "prefixed_token",
    "  88  brew install 1password-cli\n"
    f"  89  export OP_SERVICE_ACCOUNT_TOKEN={_v}\n  90  op vault list",
    _v,
)
_v = "gldt-" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    "helm repo add platform https://gitlab.example.com/api/v4/projects/77/packages/helm/stable \\\n"
    f"  --username gitlab+deploy-token-31 --password {_v}\nhelm repo update platform",
    _v,
)
_v = "ATBB" + _r(32) + _r(8, HEX).upper()
_s(
    "prefixed_token",
    "$ git config --list --show-origin | grep url\n"
    f"file:.git/config\tremote.origin.url=https://t-okafor:{_v}@bitbucket.org/ferrylane/booking.git"
    f"\n"
    "file:/home/tokafor/.gitconfig\turl.git@github.com:.insteadof=https://github.com/",
    _v,
)

# prefixed look-alikes
_l(
    "prefixed_token",
    "NEXT_PUBLIC_CLERK_PUBLISHABLE_KEY=pk_live_"
    + base64.b64encode(b"clerk.inkwell.example.app$").decode().rstrip("=")
    + "\nNEXT_PUBLIC_CLERK_SIGN_IN_URL=/sign-in",
)
_l(
    "prefixed_token",
    "// Safe to ship in the browser: RLS applies\n"
    "export const supabase = createClient(\n  'https://qwzkpdjrbnmlxvhtacgs.supabase.co',\n"
    f"  'sb_publishable_{_r(22, URLSAFE)}_{_r(8, URLSAFE)}'\n)",
)
_l(
    "prefixed_token",
    '<script src="https://js.stripe.com/v3/"></script>\n<script>\n'
    f"  const stripe = Stripe('pk_live_{_r(99)}');\n</script>",
)
_l(
    "prefixed_token",
    "posthog.init('phc_" + _r(43) + "', {\n  api_host: 'https://eu.i.posthog.com',\n"
    "  person_profiles: 'identified_only',\n})",
)
_l(
    "prefixed_token",
    "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account rpetrova (keyring)\n"
    "  - Active account: true\n  - Git operations protocol: https\n"
    "  - Token: gho_************************************\n"
    "  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'",
)
_l(
    "prefixed_token",
    "Paddle.Initialize({\n  token: 'live_"
    + _r(27, HEX)
    + "', // client-side token, public by design\n"
    "  eventCallback: onPaddleEvent,\n});",
)
_l(
    "prefixed_token",
    "const checkout = await AdyenCheckout({\n  environment: 'live',\n"
    f"  clientKey: 'live_{_r(32, UPPER_AN)}',\n  locale: 'nl-NL',\n}});",
)
_l(
    "prefixed_token",
    'var options = {\n    "key": "rzp_live_' + _r(14) + '", // Key ID from the dashboard\n'
    '    "amount": "49900",\n    "currency": "INR",\n    "order_id": "order_' + _r(14) + '"\n};',
)
_l(
    "prefixed_token",
    'Purchases.configure(\n  PurchasesConfiguration.Builder(this, "goog_'
    + _r(27)
    + '").build()\n)\n'
    '// iOS: Purchases.configure(withAPIKey: "appl_' + _r(27) + '")',
)
_l(
    "prefixed_token",
    '{\n  "id": "chatcmpl-'
    + _r(29)
    + '",\n  "object": "chat.completion",\n  "created": 1764668047,\n'
    '  "model": "gpt-4.1-mini-2025-04-14",\n  "system_fingerprint": "fp_' + _r(10, HEX) + '"\n}',
)
_l(
    "prefixed_token",
    '{"id":"msg_01' + _r(22) + '","type":"message","role":"assistant",'
    '"content":[{"type":"tool_use","id":"toolu_01' + _r(22) + '","name":"bash",'
    '"input":{"command":"ls"}}],"stop_reason":"tool_use"}\nrequest-id: req_011C' + _r(20),
)
_l(
    "prefixed_token",
    "2026-12-02T10:22:51Z webhook received type=payment_intent.succeeded id=evt_3Q"
    + _r(22)
    + " object=pi_3Q"
    + _r(22)
    + " customer=cus_"
    + _r(14)
    + " amount=4900",
)
_l(
    "prefixed_token",
    "To create a token, go to Settings → Developer settings → Personal access tokens. It looks "
    "like\n"
    "`ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx` (40 characters); paste yours into `.env`, never "
    "here.",
)
_l(
    "prefixed_token",
    "# AWS's documented example credentials, used by the moto fixtures (not real keys)\n"
    "os.environ['AWS_ACCESS_KEY_ID'] = 'AKIAIOSFODNN7EXAMPLE'\n"
    "os.environ['AWS_SECRET_ACCESS_KEY'] = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY'",
)
_l(
    "prefixed_token",
    "LaunchDarkly client-side ID (embedded in the web bundle): " + _r(24, HEX) + "\n"
    "Server SDK key: stored in Vault at kv/ld/prod, not here.",
)
_l(
    "prefixed_token",
    'const firebaseConfig = {\n  apiKey: "AIza' + _r(35, URLSAFE) + '",\n'
    '  authDomain: "inkwell-prod.firebaseapp.com",\n  projectId: "inkwell-prod",\n'
    '  appId: "1:'
    + _r(12, DIGITS)
    + ":web:"
    + _r(22, HEX)
    + '",\n  measurementId: "G-'
    + _r(10, UPPER_AN)
    + '"\n};',
)
_l(
    "prefixed_token",
    "FLW_PUBLIC_KEY=FLWPUBK-" + _r(32, HEX) + "-X\nFLW_SECRET_KEY=${FLW_SECRET_KEY}",
)


# --------------------------------------------------------------------------- key blocks
def _rsa_body() -> str:
    return "MIIEpAIBAAKCAQEA" + _b64(1180)


def _pkcs8_body() -> str:
    return "MIIEvQIBADANBgkqhkiG9w0BAQEFAASCBKcwggSjAgEAAoIBAQ" + _b64(1180)


def _ec_body() -> str:
    return "MHcCAQEEI" + _b64(111)


def _openssh_body() -> str:
    return (
        "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW"
        "QyNTUxOQAAACA" + _b64(290)
    )


_k = _rsa_body()
_s(
    "key_block",
    "GITHUB_APP_ID=1048213\nGITHUB_APP_WEBHOOK_PATH=/api/github/webhooks\n"
    'GITHUB_APP_PRIVATE_KEY="-----BEGIN RSA PRIVATE KEY-----\\n'
    + "\\n".join(_k[i : i + 64] for i in range(0, len(_k), 64))
    + '\\n-----END RSA PRIVATE KEY-----\\n"',
    _k[64:128],
    _k[640:704],
)
_k = "MIGTAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBHkwdwIBAQQg" + _b64(98)
_s(
    "key_block",
    'lane :beta do\n  api_key = app_store_connect_api_key(\n    key_id: "D83848D23",\n'
    '    issuer_id: "69a6de92-2c4f-47e3-e053-5b8c7c11a4d1",\n'
    '    key_content: "-----BEGIN PRIVATE KEY-----\\n'
    + "\\n".join(_k[i : i + 64] for i in range(0, len(_k), 64))
    + '\\n-----END PRIVATE KEY-----",\n    in_house: false\n  )\n  upload_to_testflight(api_key: '
    "api_key)\nend",
    _k[64:128],
)
_k = _rsa_body()
_s(
    "key_block",
    "$ sudo cat /etc/opendkim/keys/mail.example.pt/default.private\n" + pem("RSA PRIVATE KEY", _k),
    _k[64:128],
    _k[1024:1088],
)
_d, _p, _q = _urlb64(256), _urlb64(128), _urlb64(128)
_s(
    "key_block",
    "$ sudo cat /etc/letsencrypt/accounts/acme-v02.api.letsencrypt.org/directory/"
    + _r(32, HEX)
    + "/private_key.json\n"
    + json.dumps(
        {
            "n": _urlb64(256),
            "e": "AQAB",
            "d": _d,
            "p": _p,
            "q": _q,
            "dp": _urlb64(128),
            "dq": _urlb64(128),
            "qi": _urlb64(128),
            "kty": "RSA",
        }
    ),
    _d,
    _p,
    _q,
)
_k = _openssh_body()
_s(
    "key_block",
    "[10:42] Jonas Becker: Hier der Deploy-Key für den Staging-Server, bitte nur in ~/.ssh ablegen "
    "und danach die Nachricht löschen:\n```\n"
    + "\n".join(
        ["-----BEGIN OPENSSH PRIVATE KEY-----", *lines(_k, 70), "-----END OPENSSH PRIVATE KEY-----"]
    )
    + "\n```\n[10:43] Jonas Becker: Passphrase gibt's keine, ist eh nur Staging 🙈",
    _k[70:140],
    _k[280:350],
)
_k = _ec_body()
_s(
    "key_block",
    "diff --git a/deploy/signing/ec-p256.pem b/deploy/signing/ec-p256.pem\nnew file mode 100644\n"
    "index 0000000..4b1d9e2\n--- /dev/null\n+++ b/deploy/signing/ec-p256.pem\n@@ -0,0 +1,5 @@\n"
    + "\n".join("+" + line for line in pem("EC PRIVATE KEY", _k).split("\n")),
    _k[:64],
    _k[64:128],
)
_k = _pkcs8_body()
_s(
    "key_block",
    "# tests/conftest.py\n@pytest.fixture\ndef signing_key() -> bytes:\n    return (\n"
    '        b"-----BEGIN PRIVATE KEY-----\\n"\n'
    + "".join(f'        b"{_k[i : i + 64]}\\n"\n' for i in range(0, len(_k), 64))
    + '        b"-----END PRIVATE KEY-----\\n"\n    )',
    _k[128:192],
    _k[896:960],
)
_k = _pkcs8_body()
_s(
    "key_block",
    "$ docker inspect --format '{{json .Config.Env}}' auth-api | jq .\n[\n"
    '  "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",\n'
    '  "NODE_ENV=production",\n'
    '  "JWT_PRIVATE_KEY=-----BEGIN PRIVATE KEY-----\\\\n'
    + "\\\\n".join(_k[i : i + 64] for i in range(0, len(_k), 64))
    + '\\\\n-----END PRIVATE KEY-----",\n  "PORT=8080"\n]',
    _k[64:128],
    _k[512:576],
)
_k = "MIIFHDBOBgkqhkiG9w0BBQ0wQTApBgkqhkiG9w0BBQwwHAQI" + _b64(1230)
_pp = _strong()
_s(
    "key_block",
    "$ openssl genpkey -algorithm RSA -aes-256-cbc -pass pass:'"
    + _pp
    + "' -out partner-sftp.key\n$ cat partner-sftp.key\n"
    + pem("ENCRYPTED PRIVATE KEY", _k),
    _pp,
    _k[64:128],
)
_k = _openssh_body()
_s(
    "key_block",
    "$ glab variable export --group acme/platform\n[\n  {\n"
    '    "key": "SSH_PRIVATE_KEY",\n    "value": "-----BEGIN OPENSSH PRIVATE KEY-----\\n'
    + "\\n".join(_k[i : i + 70] for i in range(0, len(_k), 70))
    + '\\n-----END OPENSSH PRIVATE KEY-----\\n",\n'
    '    "variable_type": "file",\n    "protected": true,\n    "masked": false\n  }\n]',
    _k[70:140],
    _k[280:350],
)
_k = _pkcs8_body()
_s(
    "key_block",
    "$ gcloud iam service-accounts keys create - --iam-account=ci-deployer@ledger-prod.iam.gservice"
    "account.com\n"
    "created key [" + _r(40, HEX) + "] of type [json] as [-] for "
    "[ci-deployer@ledger-prod.iam.gserviceaccount.com]\n"
    + json.dumps(
        {
            "type": "service_account",
            "project_id": "ledger-prod",
            "private_key_id": _r(40, HEX),
            "private_key": pem("PRIVATE KEY", _k) + "\n",
            "client_email": "ci-deployer@ledger-prod.iam.gserviceaccount.com",
        },
        indent=2,
    ),
    _k[64:128],
    _k[768:832],
)
_k = _pkcs8_body()
_s(
    "key_block",
    "$ ls dist/\ninkwell-clipper.crx  inkwell-clipper.pem\n$ cat dist/inkwell-clipper.pem\n"
    + pem("PRIVATE KEY", _k),
    _k[192:256],
)
_d = _urlb64(32)
_s(
    "key_block",
    "// dev-keys/jwks.private.json: signs the local id_tokens for the e2e suite\n"
    + json.dumps(
        {
            "keys": [
                {
                    "kty": "EC",
                    "crv": "P-256",
                    "kid": "dev-" + _r(8, HEX),
                    "use": "sig",
                    "x": _urlb64(32),
                    "y": _urlb64(32),
                    "d": _d,
                }
            ]
        },
        indent=2,
    ),
    _d,
)
_k = _ec_body()
_s(
    "key_block",
    "$ kubectl -n cert-system get secret webhook-tls -o jsonpath='{.data.tls\\.key}' | base64 -d\n"
    + pem("EC PRIVATE KEY", _k),
    _k[:64],
    _k[64:128],
)
_k = _pkcs8_body()
_s(
    "key_block",
    "\n".join(
        f"2026-12-02T08:1{i // 10}:{i % 60:02d}.{_r(7, DIGITS)}Z {line}"
        for i, line in enumerate(
            [
                "+ openssl genpkey -algorithm RSA -pkeyopt rsa_keygen_bits:2048",
                "+ cat build/token-signer.pem",
                *pem("PRIVATE KEY", _k).split("\n"),
            ]
        )
    ),
    _k[64:128],
    _k[1280:1344],
)
_k = _rsa_body()
_s(
    "key_block",
    "发件人: 王磊\n主题: 回复: 生产服务器登录\n\n你好，\n\n"  # noqa: RUF001
    "按你说的，私钥如下（用完请删掉这封邮件）：\n\n"  # noqa: RUF001
    + pem("RSA PRIVATE KEY", _k)
    + "\n\n用户名是 deploy，端口 2222。\n王磊",  # noqa: RUF001
    _k[128:192],
    _k[1152:1216],
)

# key-block look-alikes
_l(
    "key_block",
    "$ cat ~/.ssh/authorized_keys\n"
    'from="10.20.0.0/16",no-pty,no-port-forwarding ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI'
    + _b64(32)[:43]
    + " ci-deploy@runner\n"
    "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ" + _b64(380) + " marta@thinkpad",
)
_l(
    "key_block",
    "$ git cat-file -p HEAD\ntree " + _git_sha() + "\nparent " + _git_sha() + "\n"
    "author Marta Silva <marta@example.pt> 1764665000 +0000\n"
    "committer Marta Silva <marta@example.pt> 1764665000 +0000\ngpgsig -----BEGIN PGP "
    "SIGNATURE-----\n \n "
    + "\n ".join(_fakes.b64_lines(566, 64).split("\n"))
    + "\n ="
    + _r(4)
    + "\n -----END PGP SIGNATURE-----\n\nfix(api): retry 502 from the ledger",
)
_l(
    "key_block",
    "$ cat release/inkwell-cli_2.4.0_linux_amd64.tar.gz.sig\n"
    + pem("SSH SIGNATURE", "U1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAg" + _b64(180)),
)
_l(
    "key_block",
    "$ openssl s_client -connect api.example.ie:443 -showcerts </dev/null 2>/dev/null | head -40\n"
    "CONNECTED(00000003)\n---\nCertificate chain\n 0 s:CN = api.example.ie\n"
    "   i:C = US, O = Let's Encrypt, CN = R11\n"
    + pem("CERTIFICATE", "MIIFAzCCA+ugAwIBAgISA" + _b64(1000))
    + "\n 1 s:C = US, O = Let's Encrypt, CN = R11\n   i:C = US, O = Internet Security Research "
    "Group, CN = ISRG Root X1\n"
    + pem(
        "CERTIFICATE",
        "MIIFBjCCAu6gAwIBAgIRAIp9PhPWLzDvI4a9KQdrNPgwDQYJKoZIhvcNAQELBQAw" + _b64(960),
    ),
)
_l(
    "key_block",
    "Hi team, CSR for the new partner endpoint attached inline (private key stays on the HSM):\n\n"
    + pem("CERTIFICATE REQUEST", "MIICrjCCAZYCAQAwaTELMAkGA1UEBhMCREUx" + _b64(640)),
)
_l(
    "key_block",
    "$ age -r age1"
    + _r(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")
    + " -a < .env.prod > .env.prod.age\n"
    "$ cat .env.prod.age\n"
    + pem("AGE ENCRYPTED FILE", "YWdlLWVuY3J5cHRpb24ub3JnL3YxCi0+IFgyNTUxOS" + _b64(360)),
)
_l(
    "key_block",
    "# pillar/db.sls (rendered with the gpg renderer; only the master can decrypt)\n#!yaml|gpg\n\n"
    "db_password: |\n  " + "\n  ".join(pem("PGP MESSAGE", "hQIMA" + _b64(700)).split("\n")),
)
_l(
    "key_block",
    "$ curl -s https://auth.example.io/.well-known/jwks.json | jq .\n"
    + json.dumps(
        {
            "keys": [
                {
                    "kty": "RSA",
                    "use": "sig",
                    "alg": "RS256",
                    "kid": _r(43, URLSAFE),
                    "n": _urlb64(256),
                    "e": "AQAB",
                }
            ]
        },
        indent=2,
    ),
)
_l(
    "key_block",
    "$ dig +short TXT default._domainkey.mail.example.pt\n"
    '"v=DKIM1; k=rsa; p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA'
    + _b64(200)[:200]
    + '" "'
    + _b64(100)[:92]
    + 'IDAQAB"',
)
_l(
    "key_block",
    "$ ssh-keyscan -t ed25519,ecdsa gitlab.internal.example 2>/dev/null\n"
    "gitlab.internal.example ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _b64(32)[:43] + "\n"
    "gitlab.internal.example ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTYAAA"
    "BBB"
    + _b64(64)[:87]
    + "=\n$ tail -1 ~/.ssh/known_hosts\n|1|"
    + _b64(20)
    + "|"
    + _b64(20)
    + " ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI"
    + _b64(32)[:43],
)
_l(
    "key_block",
    "## Verifying webhook signatures\n\nEvery delivery carries `X-Signature: "
    "base64(ed25519(body))`. "
    "Verify it with our public key:\n\n```\n"
    + pem("PUBLIC KEY", "MCowBQYDK2VwAyEA" + _b64(32))
    + "\n```",
)
_l(
    "key_block",
    "# nginx/ssl/dhparam.pem (openssl dhparam 2048; public parameters)\n"
    + pem("DH PARAMETERS", "MIIBCAKCAQEA" + _b64(258)),
)
_l(
    "key_block",
    "$ ssh-keygen -lvf ~/.ssh/id_ed25519.pub\n256 SHA256:"
    + _b64(32).rstrip("=")
    + " marta@thinkpad (ED25519)\n"
    "+--[ED25519 256]--+\n|      .o+=*B*.   |\n|       .+=BO+.   |\n|        .oo*=o   |\n"
    "|         +.+E    |\n+----[SHA256]-----+",
)
_l(
    "key_block",
    '{\n  "manifest_version": 3,\n  "name": "Inkwell Clipper",\n  "version": "1.8.2",\n'
    '  "key": "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA' + _b64(270) + 'IDAQAB",\n'
    '  "permissions": ["activeTab", "storage"]\n}',
)
_l(
    "key_block",
    "$ curl -s http://crl.pki.example.de/intermediate.crl | openssl crl -inform DER -outform PEM\n"
    + pem("X509 CRL", "MIIBzDCBtQIBATANBgkqhkiG9w0BAQsFADBFMQswCQYDVQQGEwJERTEQ" + _b64(380)),
)
_l(
    "key_block",
    "## Security\n\nReport vulnerabilities to security@inkwell.example.app, encrypted to this key "
    "(fingerprint `"
    + " ".join(_r(4, HEX).upper() for _ in range(10))
    + "`):\n\n"
    + pem("PGP PUBLIC KEY BLOCK", "mDMEZ" + _fakes.b64_lines(300, 64).replace("\n", "")).replace(
        "-----\n", "-----\n\n", 1
    ),
)


# --------------------------------------------------------------------------- connections
_v1, _v2 = _strong(), _chosen()
_s(
    "connection",
    "$ cat ~/.pgpass\n# hostname:port:database:username:password\n"
    f"orders-db.internal:5432:orders:app_rw:{_v1}\n*:5432:*:postgres:{_v2}",
    _v1,
    _v2,
)
_v = _alnum()
_s(
    "connection",
    "  731  PGPASSWORD="
    + _v
    + " pg_dump -h pg-replica.eu1.example.net -U reporting -Fc -d ledger > ledger-2026-12-01.dump\n"
    "  732  ls -lh ledger-2026-12-01.dump",
    _v,
)
_v = _strong()
_s(
    "connection",
    "$ crontab -l\n# m h  dom mon dow   command\n"
    f"30 2 * * * mysqldump -u backup -p'{_v}' --single-transaction --all-databases | gzip > "
    f"/var/backups/mysql-$(date +\\%F).sql.gz",
    _v,
)
_v = _chosen()
_s(
    "connection",
    f'$ cat ~/.my.cnf\n[client]\nuser=root\npassword="{_v}"\nhost=127.0.0.1\n\n[mysql]\n'
    f"auto-rehash",
    _v,
)
_v = _b64(32)
_s(
    "connection",
    "var client = new ServiceBusClient(\n"
    f'    "Endpoint=sb://orders-prod.servicebus.windows.net/;SharedAccessKeyName=RootManageSharedAc'
    f'cessKey;SharedAccessKey={_v}");\n'
    'var sender = client.CreateSender("order-events");',
    _v,
)
_v = _b64(32)
_s(
    "connection",
    "from azure.iot.device import IoTHubDeviceClient\n\nCONN = (\n"
    '    "HostName=greenhouse-hub.azure-devices.net;"\n    "DeviceId=sensor-17;"\n'
    f'    "SharedAccessKey={_v}"\n)\nclient = IoTHubDeviceClient.create_from_connection_string(CONN'
    f")",
    _v,
)
_v = _b64(64)
_s(
    "connection",
    '{\n  "IsEncrypted": false,\n  "Values": {\n    "AzureWebJobsStorage": '
    '"UseDevelopmentStorage=true",\n'
    '    "FUNCTIONS_WORKER_RUNTIME": "dotnet-isolated",\n'
    f'    "CosmosDb": "AccountEndpoint=https://ledger-cosmos.documents.azure.com:443/;AccountKey='
    f'{_v};"\n'
    "  }\n}",
    _v,
)
_v1, _v2 = _b64(64), _b64(64)
_s(
    "connection",
    "$ az storage account keys list -g rg-media -n mediastore01 -o json\n"
    + json.dumps(
        [
            {
                "creationTime": "2026-03-11T09:12:44.571929+00:00",
                "keyName": "key1",
                "permissions": "FULL",
                "value": _v1,
            },
            {
                "creationTime": "2026-03-11T09:12:44.571929+00:00",
                "keyName": "key2",
                "permissions": "FULL",
                "value": _v2,
            },
        ],
        indent=2,
    ),
    _v1,
    _v2,
)
_v = _strong()
_s(
    "connection",
    '{\n  "ConnectionStrings": {\n    "Ledger": "Server=tcp:ledger-sql.database.windows.net,1433;'
    f"Initial Catalog=ledger;User ID=ledger_app;Password={_v};Encrypt=True;TrustServerCertificate=F"
    f'alse;"\n'
    '  },\n  "Logging": { "LogLevel": { "Default": "Information" } }\n}',
    _v,
)
_v = _alnum()
_s(
    "connection",
    'Traceback (most recent call last):\n  File "/app/jobs/sync_orders.py", line 14, in <module>\n'
    f'    client = MongoClient("mongodb+srv://sync_job:{_v}@cluster0.qk3zt.mongodb.net/shop?retryWr'
    f'ites=true&w=majority")\n'
    '  File "/usr/local/lib/python3.12/site-packages/pymongo/synchronous/mongo_client.py", line '
    "779, in __init__\n"
    "pymongo.errors.ConfigurationError: The DNS query name does not exist: "
    "_mongodb._tcp.cluster0.qk3zt.mongodb.net.",
    _v,
)
_v1, _v2 = _alnum(), _alnum()
_s(
    "connection",
    "$ kubectl -n shop exec deploy/worker -- env | sort\nCELERY_BROKER_URL=amqps://shop_worker:"
    + _v1
    + "@b-4f1c.mq.eu-west-1.amazonaws.com:5671//\nHOSTNAME=worker-7c9d8f6b5-x2kqp\n"
    "PYTHONUNBUFFERED=1\n"
    f"REDIS_URL=rediss://default:{_v2}@cache-prod.x1y2z3.euw1.cache.amazonaws.com:6379/0",
    _v1,
    _v2,
)
_v = _alnum()
_s(
    "connection",
    f"$ nats context save prod --server nats://billing_svc:{_v}@nats.eu1.example.net:4222 "
    f"--select\n"
    'NATS Configuration Context "prod"\n\n  Server URLs: nats://billing_svc:***@nats.eu1.example.ne'
    "t:4222",
    _v,
)
_v = _uuid()
_s(
    "connection",
    "# settings.py (dj-email-url)\n"
    f'EMAIL_URL = env("EMAIL_URL", default="smtp+tls://{_v}:{_v}@smtp.postmarkapp.com:587")\n'
    'vars().update(env.email_url("EMAIL_URL"))',
    _v,
)
_v = _alnum()
_s(
    "connection",
    "$ pip config list\n"
    f"global.index-url='https://ci-reader:{_v}@nexus.corp.example.com/repository/pypi-all/simple'\n"
    "global.trusted-host='nexus.corp.example.com'\ninstall.no-cache-dir='true'",
    _v,
)
_v = _r(20, URLSAFE)
_s(
    "connection",
    "$ docker history --no-trunc --format '{{.CreatedBy}}' registry.example.com/ml/scorer:1.9 | "
    "head -3\n"
    'CMD ["python" "-m" "scorer"]\n'
    "RUN /bin/sh -c pip install --no-cache-dir --index-url "
    f"https://__token__:{_v}@gitlab.example.com/api/v4/projects/412/packages/pypi/simple "
    f"scorer-core==1.9.0 # buildkit\n"
    "WORKDIR /app",
    _v,
)
_v = "ghs_" + _r(36)
_s(
    "connection",
    "# requirements/private.txt (generated by CI)\n"
    f"acme-auth @ git+https://x-access-token:{_v}@github.com/acme/acme-auth.git@v3.2.1\n"
    "acme-ledger-client==0.14.2",
    _v,
)
_v = _r(10) + "!" + _r(6)
_s(
    "connection",
    "C:\\Users\\jnovak> set | findstr /i proxy\n"
    f"HTTPS_PROXY=http://CORP%5Cjnovak:{_v.replace('!', '%21')}@proxy.corp.example.cz:8080\n"
    "NO_PROXY=localhost,127.0.0.1,.corp.example.cz",
    _v.replace("!", "%21"),
)
_v = _alnum()
_s(
    "connection",
    "$ curl -s localhost:8081/actuator/env | jq '.propertySources[1].properties'\n{\n"
    '  "spring.datasource.url": {\n'
    f'    "value": "jdbc:postgresql://pg.internal:5432/catalog?user=catalog&password={_v}&ssl=true"'
    f",\n"
    '    "origin": "System Environment Property \\"SPRING_DATASOURCE_URL\\""\n  },\n'
    '  "spring.datasource.password": { "value": "******" }\n}',
    _v,
)
_v = _strong()
_s(
    "connection",
    "// mongo-init/01-users.js (mounted into /docker-entrypoint-initdb.d)\n"
    "db = db.getSiblingDB('analytics');\ndb.createUser({\n  user: 'reporting',\n"
    f"  pwd: '{_v}',\n  roles: [{{ role: 'read', db: 'analytics' }}]\n}});",
    _v,
)
_v1, _v2 = _alnum(), _strong()
_s(
    "connection",
    f'$ cat /etc/pgbouncer/userlist.txt\n"app" "{_v1}"\n"pgbouncer_admin" "{_v2}"\n'
    '"stats" "SCRAM-SHA-256$4096:' + _b64(16) + "$" + _b64(32) + ":" + _b64(32) + '"',
    _v1,
    _v2,
)
_v = _chosen()
_s(
    "connection",
    'Traceback (most recent call last):\n  File "load.py", line 9, in <module>\n'
    f"    engine = create_engine('snowflake://svc_loader:{_v}@xy12345.eu-central-1/RAW/PUBLIC?wareh"
    f"ouse=LOAD_WH&role=LOADER')\n"
    '  File "<string>", line 2, in create_engine\n'
    "sqlalchemy.exc.NoSuchModuleError: Can't load plugin: sqlalchemy.dialects:snowflake",
    _v,
)
_v = _strong()
_s(
    "connection",
    "  44  sudo rabbitmqctl add_user orders_svc '" + _v + "'\n"
    "  45  sudo rabbitmqctl set_permissions -p /orders orders_svc '.*' '.*' '.*'",
    _v,
)
_v1, _v2 = _r(20, UPPER_AN), _r(40, AN + "+/")
_s(
    "connection",
    f"$ mc alias set prod https://minio.storage.example.net:9000 {_v1} {_v2}\n"
    "Added `prod` successfully.\n$ mc ls prod/backups",
    _v2,
)
_v = _alnum(16, 18)
_s(
    "connection",
    "$ kcat -b pkc-7prvp.eu-west-1.aws.confluent.cloud:9092 -X security.protocol=SASL_SSL \\\n"
    f"    -X sasl.mechanisms=PLAIN -X sasl.username={_r(16, UPPER_AN)} -X sasl.password={_v} -L | "
    f"head",
    _v,
)
_v = _chosen()
_s(
    "connection",
    "$ /opt/keycloak/bin/kcadm.sh config credentials --server https://sso.example.hr "
    f"--realm master --user admin --password '{_v}'\nLogging into https://sso.example.hr as user "
    f"admin of realm master",
    _v,
)
_v = _r(52, LOWER_AN)
_s(
    "connection",
    f"git clone https://acme:{_v}@dev.azure.com/acme/Payments/_git/ledger\n"
    "Cloning into 'ledger'...\nremote: Azure Repos\nremote: Found 8412 objects to send. (42 ms)",
    _v,
)

# connection look-alikes
_l(
    "connection",
    " -------------- celery@worker-7c9d8f6b5-x2kqp v5.4.0 (opalescent)\n"
    "--- ***** -----\n-- ******* ---- Linux-6.8.0-x86_64-with-glibc2.36 2026-12-02 09:12:01\n"
    "- ** ---------- [config]\n- ** ---------- .> app:         shop:0x7f3a2c1d9e50\n"
    "- ** ---------- .> transport:   amqps://shop_worker:**@b-4f1c.mq.eu-west-1.amazonaws.com:5671/"
    "/\n"
    "- ** ---------- .> results:     rediss://default:**@cache-prod.x1y2z3.euw1.cache.amazonaws.com"
    ":6379/0",
)
_l(
    "connection",
    'Sentry.init({\n  dsn: "https://'
    + _r(32, HEX)
    + "@o45"
    + _r(13, DIGITS)
    + ".ingest.de.sentry.io/45"
    + _r(14, DIGITS)
    + '",\n'
    "  tracesSampleRate: 0.1,\n});",
)
_l(
    "connection",
    "2026-12-02 09:14:07,221 INFO sqlalchemy.engine.Engine select pg_catalog.version()\n"
    "created Engine(postgresql+psycopg://app:***@pg.internal:5432/catalog) pool_size=10",
)
_l(
    "connection",
    'DATABASE_URL="postgresql://${DB_USER}:${DB_PASSWORD}@${DB_HOST}:5432/${DB_NAME}?sslmode=requir'
    'e"',
)
_l(
    "connection",
    "MONGO_URI=mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017,mongo-2.mongo:27017/"
    "?replicaSet=rs0&authSource=%24external&authMechanism=MONGODB-X509&tlsCertificateKeyFile=/etc/m"
    "ongo/client.pem",
)
_l(
    "connection",
    "## Local setup\n\nSet `DATABASE_URL`, for example `postgres://user:password@localhost:5432/myd"
    "b` "
    "(replace with your own values).",
)
_l(
    "connection",
    "    services:\n      postgres:\n        image: postgres:16\n        env:\n"
    "          POSTGRES_PASSWORD: postgres\n        ports: ['5432:5432']\n"
    "    env:\n      TEST_DATABASE_URL: postgres://postgres:postgres@localhost:5432/test  # "
    "throwaway CI container",
)
_l(
    "connection",
    "# Azurite (local storage emulator); this is the emulator's documented, well-known dev key\n"
    "AzureWebJobsStorage=DefaultEndpointsProtocol=http;AccountName=devstoreaccount1;"
    "AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2UVErCz4I6tq/K1SZFPTOtr/KBHBeksoG"
    "MGw==;"
    "BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;",
)
_l(
    "connection",
    "$ git remote -v\norigin\tgit@github.com:acme/ledger.git (fetch)\n"
    "origin\tgit@github.com:acme/ledger.git (push)\n"
    "upstream\thttps://github.com/ledgerhq/ledger.git (fetch)\n"
    "upstream\thttps://github.com/ledgerhq/ledger.git (push)",
)
_l(
    "connection",
    "bootstrap.servers=pkc-7prvp.eu-west-1.aws.confluent.cloud:9092\nsecurity.protocol=SASL_SSL\n"
    "sasl.mechanism=PLAIN\nconfig.providers=file\n"
    "sasl.jaas.config=org.apache.kafka.common.security.plain.PlainLoginModule required "
    "username='${file:/etc/kafka/secrets.properties:key}' password='${file:/etc/kafka/secrets.prope"
    "rties:secret}';",
)
_l(
    "connection",
    '"ConnectionStrings": {\n  "Ledger": "Server=tcp:ledger-sql.database.windows.net,1433;Database='
    "ledger;"
    'Authentication=Active Directory Managed Identity;Encrypt=True;"\n}',
)
_l(
    "connection",
    "HostName=greenhouse-hub.azure-devices.net;DeviceId=sensor-18;x509=true",
)
_l(
    "connection",
    "$ aws s3 ls s3://inkwell-backups/pg/2026-12-02/\n2026-12-02 02:31:07 4821004288 base-"
    + _r(24, HEX)
    + ".tar.zst\n2026-12-02 02:31:09      18204 backup_label",
)
_l(
    "connection",
    '$ nats context info prod\nNATS Configuration Context "prod"\n\n'
    "      Server URLs: nats://nats.eu1.example.net:4222\n      Credentials: "
    "/home/ops/.config/nats/prod.creds (OK)\n"
    "             NKey: U"
    + _r(55, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
    + "\n             Path: /home/ops/.config/nats/context/prod.json",
)
_l(
    "connection",
    "jdbc:postgresql://pg.internal:5432/catalog?ssl=true&sslmode=verify-full&sslrootcert=/etc/ssl/c"
    "erts/rds-ca.pem"
    "&authenticationPluginClassName=software.amazon.jdbc.plugin.iam.IamAuthenticationPlugin",
)
_l(
    "connection",
    "SMTP_URL=smtp://mailpit:1025\n# local mail catcher, no auth; production uses EMAIL_URL from "
    "the secret store",
)


# --------------------------------------------------------------------------- authorization
_v = _jwt(
    {
        "sub": "u_" + _r(10, DIGITS),
        "aud": "mobile",
        "scope": "orders:read orders:write",
        "exp": 1764671647,
    },
    "RS256",
)
_s(
    "authorization",
    "12-02 10:14:07.219  4821  4870 I okhttp.OkHttpClient: --> GET "
    "https://api.example.ro/v2/orders?page=1\n"
    f"12-02 10:14:07.220  4821  4870 I okhttp.OkHttpClient: Authorization: Bearer {_v}\n"
    "12-02 10:14:07.220  4821  4870 I okhttp.OkHttpClient: --> END GET",
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    "opening connection to api.vendor.example.com:443...\nopened\nstarting SSL for "
    "api.vendor.example.com:443...\n"
    "SSL established, protocol: TLSv1.3, cipher: TLS_AES_256_GCM_SHA384\n"
    f'<- "GET /v1/accounts/me HTTP/1.1\\r\\nAccept: application/json\\r\\nAuthorization: Token '
    f'token=\\"{_v}\\"\\r\\n'
    'User-Agent: Ruby\\r\\nHost: api.vendor.example.com\\r\\n\\r\\n"\n-> "HTTP/1.1 200 OK\\r\\n"',
    _v,
)
_v = base64.b64encode(f"svc-export:{_strong()}".encode()).decode()
_s(
    "authorization",
    "--- request dump (httputil.DumpRequestOut) ---\nPOST /api/export HTTP/1.1\nHost: "
    "erp.internal.example.se\n"
    f"User-Agent: Go-http-client/1.1\nContent-Length: 48\nAuthorization: Basic {_v}\n"
    "Content-Type: application/json\nAccept-Encoding: gzip\n\n"
    '{"from":"2026-11-01","to":"2026-11-30"}',
    _v,
)
_v = _jwt(
    {
        "iss": "https://sso.example.no/realms/internal",
        "sub": _uuid(),
        "azp": "grpc-cli",
        "exp": 1764670000,
    }
)
_s(
    "authorization",
    "$ grpcurl -H 'authorization: Bearer "
    + _v
    + '\' \\\n    -d \'{"order_id": "ord_8812"}\' orders.internal.example.no:443 '
    "orders.v1.OrderService/GetOrder",
    _v,
)
_v = (
    "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.."
    + _urlb64(12)
    + "."
    + _urlb64(380)
    + "."
    + _urlb64(16)
)
_s(
    "authorization",
    "// e2e/.auth/admin.json (written by global-setup.ts; accidentally committed)\n"
    + json.dumps(
        {
            "cookies": [
                {
                    "name": "__Secure-next-auth.session-token",
                    "value": _v,
                    "domain": "app.example.dk",
                    "path": "/",
                    "expires": 1767260047.5,
                    "httpOnly": True,
                    "secure": True,
                    "sameSite": "Lax",
                }
            ],
            "origins": [],
        },
        indent=2,
    ),
    _v,
)
_v = "11" + _r(32, HEX)
_s(
    "authorization",
    "[Pipeline] sh\n+ curl -fsS -X POST -u deployer:"
    + _v
    + " 'https://jenkins.example.lt/job/mobile/job/release/buildWithParameters?TRACK=beta'\n"
    "[Pipeline] }",
    _v,
)
_v = _r(32)
_s(
    "authorization",
    "$ systemctl cat otel-collector | grep Environment\n"
    "Environment=OTEL_EXPORTER_OTLP_ENDPOINT=https://api.eu1.honeycomb.io\n"
    f"Environment=OTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team={_v},x-honeycomb-dataset=checkout",
    _v,
)
_v = "xaat-" + _uuid()
_s(
    "authorization",
    '# /etc/vector/vector.toml\n[sinks.axiom]\ntype = "http"\ninputs = ["app_logs"]\n'
    'uri = "https://api.axiom.co/v1/datasets/prod-logs/ingest"\nencoding.codec = "json"\n'
    f'auth.strategy = "bearer"\nauth.token = "{_v}"',
    _v,
)
_v = "dt0c01." + _r(24, UPPER_AN) + "." + _r(64, UPPER_AN)
_s(
    "authorization",
    "curl -X POST 'https://abc12345.live.dynatrace.com/api/v2/metrics/ingest' \\\n"
    f"  -H 'Authorization: Api-Token {_v}' \\\n"
    "  -H 'Content-Type: text/plain; charset=utf-8' \\\n  --data-binary "
    "'checkout.latency,region=eu 184'",
    _v,
)
_v = _r(64, HEX)
_s(
    "authorization",
    "curl -sS https://grafana.internal.example.is/api/health \\\n"
    f"  -H 'CF-Access-Client-Id: {_r(32, HEX)}.access' \\\n  -H 'CF-Access-Client-Secret: {_v}'",
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    "$ http POST https://LX4KQ2ZP9M-dsn.algolia.net/1/indexes/products/batch \\\n"
    f"    X-Algolia-Application-Id:LX4KQ2ZP9M X-Algolia-API-Key:{_v} < batch.json\n"
    'HTTP/1.1 200 OK\nContent-Type: application/json; charset=UTF-8\n\n{"objectIDs": ["sku-1182"], '
    '"taskID": 981272}',
    _v,
)
_v = _jwt(
    {
        "iss": "https://kestrel.eu.auth0.com/",
        "sub": _r(32) + "@clients",
        "aud": "https://kestrel.eu.auth0.com/api/v2/",
        "gty": "client-credentials",
        "scope": "read:users update:users",
    },
    "RS256",
)
_s(
    "authorization",
    "(Pdb) p resp.status_code\n403\n(Pdb) p resp.request.headers\n"
    "{'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, deflate', 'Accept': '*/*', "
    f"'Connection': 'keep-alive', 'Authorization': 'Bearer {_v}', 'Content-Length': '58'}}",
    _v,
)
_v = "pk_" + _r(34, HEX)
_s(
    "authorization",
    "fetch('https://a.klaviyo.com/api/profiles/', {\n  method: 'POST',\n  headers: {\n"
    f"    Authorization: 'Klaviyo-API-Key {_v}',\n    revision: '2025-10-15',\n"
    "    'content-type': 'application/vnd.api+json',\n  },\n  body: JSON.stringify(profile),\n})",
    _v,
)
_v = "pat-eu1-" + _uuid()
_s(
    "authorization",
    "h3. Steps to reproduce\n{code:bash}\ncurl https://api.hubapi.com/crm/v3/objects/contacts?limit"
    "=10 \\\n"
    f"  --header 'Authorization: Bearer {_v}'\n{{code}}\n"
    'h3. Actual result\n{{noformat}}{"status":"error","category":"RATE_LIMITS"}{noformat}',
    _v,
)
_v = base64.b64encode(("tok:" + _uuid() + ":" + _r(8, HEX)).encode()).decode().rstrip("=")
_s(
    "authorization",
    "[11:02] Lucía Romero: oye, el script de Intercom devuelve 401 aunque el token es nuevo, lo "
    "pego por si ves algo raro:\n"
    f"[11:02] Lucía Romero: Authorization: Bearer {_v}\n"
    "[11:03] Lucía Romero: ah no, era la región, tenía que ir contra api.eu.intercom.io 🤦",
    _v,
)
_v = _jwt({"user_id": 88121, "room": "support:eu", "exp": 1764672000})
_s(
    "authorization",
    "phoenix.mjs:412 WebSocket connection to "
    f"'wss://realtime.example.pt/socket/websocket?token={_v}&vsn=2.0.0' failed: \n"
    "Socket.connect @ phoenix.mjs:412\n(anonymous) @ app.js:31",
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    "curl 'https://gitlab.example.ee/api/v4/projects/412/jobs/8841/trace' \\\n"
    "  -H 'accept: text/plain' \\\n"
    f"  -H 'cookie: _gitlab_session={_v}; preferred_language=et; event_filter=all' \\\n"
    "  -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36'",
    _v,
)
_v = base64.b64encode(f"project-live-{_uuid()}:secret-live-{_r(36, URLSAFE)}=".encode()).decode()
_s(
    "authorization",
    '$headers = @{ Authorization = "Basic '
    + _v
    + '" }\nInvoke-RestMethod -Method Post -Uri https://api.stytch.com/v1/users/search -Headers '
    "$headers -Body '{}'",
    _v,
)
_v = "*:production." + _r(64, HEX)
_s(
    "authorization",
    "const unleash = initialize({\n  url: 'https://unleash.example.sk/api/',\n  appName: "
    "'checkout',\n"
    f"  customHeaders: {{ Authorization: '{_v}' }},\n}});",
    _v[13:],
)
_v = "AAAAAAAAAAAAAAAAAAAAA" + _r(30) + "%3D" + _r(50)
_s(
    "authorization",
    "DEBUG:tweepy.client:Making API request: GET https://api.x.com/2/tweets/search/recent\n"
    'DEBUG:urllib3.connectionpool:https://api.x.com:443 "GET '
    '/2/tweets/search/recent?query=%23graphql HTTP/1.1" 429 None\n'
    f"DEBUG:tweepy.client:Request headers: {{'Authorization': 'Bearer {_v}', 'User-Agent': "
    f"'Python/3.12 Tweepy/4.14.0'}}",
    _v,
)
_v = "gAAAAAB" + _urlb64(140)
_s(
    "authorization",
    "$ openstack token issue\n+------------+-----------------------------------------------+\n"
    "| Field      | Value                                         |\n"
    "+------------+-----------------------------------------------+\n"
    "| expires    | 2026-12-02T22:14:07+0000                      |\n"
    f"| id         | {_v} |\n"
    f"| project_id | {_r(32, HEX)}              |\n| user_id    | {_r(32, HEX)}              |\n"
    "+------------+-----------------------------------------------+",
    _v,
)

# authorization look-alikes
_l(
    "authorization",
    "HTTP/1.1 401 Unauthorized\nContent-Type: application/json\n"
    'WWW-Authenticate: Bearer realm="orders-api", error="invalid_token", error_description="The '
    'access token expired"\n'
    "X-Request-Id: " + _uuid(),
)
_l(
    "authorization",
    "PUT /inkwell-uploads/avatars/88121.webp HTTP/1.1\nHost: "
    "inkwell-uploads.s3.eu-west-1.amazonaws.com\n"
    "x-amz-date: 20261202T101407Z\nx-amz-content-sha256: " + _r(64, HEX) + "\n"
    "Authorization: AWS4-HMAC-SHA256 Credential=AKIA"
    + _r(16, UPPER_AN)
    + "/20261202/eu-west-1/s3/aws4_request, "
    "SignedHeaders=host;x-amz-content-sha256;x-amz-date, Signature=" + _r(64, HEX),
)
_l(
    "authorization",
    "Request URL: https://ci.example.com/hooks/github\nRequest method: POST\n"
    "X-GitHub-Delivery: " + _uuid() + "\nX-GitHub-Event: push\nX-GitHub-Hook-ID: 48812093\n"
    "X-Hub-Signature: sha1=" + _r(40, HEX) + "\nX-Hub-Signature-256: sha256=" + _r(64, HEX),
)
_l(
    "authorization",
    "2026-12-02T10:22:51Z received webhook Stripe-Signature: t=1764670971,v1="
    + _r(64, HEX)
    + ",v0="
    + _r(64, HEX)
    + " verified=true",
)
_l(
    "authorization",
    'curl -H "Authorization: Bearer $(gcloud auth print-access-token)" \\\n'
    '     -H "x-goog-user-project: ledger-prod" \\\n'
    "     https://secretmanager.googleapis.com/v1/projects/ledger-prod/secrets",
)
_l(
    "authorization",
    "### requests.http (VS Code REST Client)\n@baseUrl = https://api.example.ro\n"
    "@token = {{$dotenv API_TOKEN}}\n\nGET {{baseUrl}}/v2/orders\nAuthorization: Bearer "
    "{{token}}\n",
)
_l(
    "authorization",
    "https://auth.example.io/authorize?response_type=code&client_id="
    + _r(32)
    + "&redirect_uri=http%3A%2F%2Flocalhost%3A5173%2Fcallback&scope=openid%20profile&code_challenge"
    "=" + _urlb64(32) + "&code_challenge_method=S256&state=" + _urlb64(16),
)
_l(
    "authorization",
    '{"level":30,"time":1764670971221,"req":{"method":"GET","url":"/v2/orders","headers":'
    '{"host":"api.example.ro","authorization":"[Redacted]","cookie":"[Redacted]"}},"msg":"request '
    'completed",'
    '"responseTime":41}',
)
_l(
    "authorization",
    "HTTP/2 200\ncontent-type: text/html; charset=utf-8\n"
    f"content-security-policy: script-src 'nonce-{_b64(16)}' 'strict-dynamic'; object-src 'none'\n"
    f"x-amz-request-id: {_r(16, '0123456789ABCDEF')}\nx-amz-id-2: {_b64(57)}\n"
    f"traceparent: 00-{_r(32, HEX)}-{_r(16, HEX)}-01\ncf-ray: {_r(16, HEX)}-FRA",
)
_l(
    "authorization",
    "# jwt.io's published example token (HS256, signed with the literal text "
    '"your-256-bit-secret");\n'
    "# the decoder test only checks that we parse the claims.\nEXAMPLE_JWT = (\n"
    '    "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."\n'
    '    "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ."\n'
    '    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c"\n)',
)
_l(
    "authorization",
    "## Authentication\n\nSend your key in the header: `Authorization: Bearer <YOUR_API_KEY>`.\n"
    "Keys are created under **Settings → API keys** and shown only once.",
)
_l(
    "authorization",
    'gh api -H "Accept: application/vnd.github+json" -H "Authorization: token $GITHUB_TOKEN" \\\n'
    "  /repos/acme/ledger/actions/runs --jq '.workflow_runs[0].conclusion'",
)
_l(
    "authorization",
    "Cookie: _ga=GA1.1."
    + _r(10, DIGITS)
    + "."
    + _r(10, DIGITS)
    + "; _ga_"
    + _r(10, UPPER_AN)
    + "=GS1.1."
    + _r(10, DIGITS)
    + ".4.1.1764670971.0.0.0; cookie_consent=accepted; theme=dark; locale=de-DE",
)
_l(
    "authorization",
    "HTTP/1.1 401 Unauthorized\nServer: Hikvision-Webs\n"
    f'WWW-Authenticate: Digest realm="IP Camera(C4412)", qop="auth", nonce="{_r(32, HEX)}", '
    f'opaque="{_r(32, HEX)}", stale="FALSE"',
)
_l(
    "authorization",
    "curl -sS https://grafana.internal.example.is/api/health \\\n"
    f"  -H 'CF-Access-Client-Id: {_r(32, HEX)}.access' \\\n"
    '  -H "CF-Access-Client-Secret: ${CF_ACCESS_CLIENT_SECRET}"',
)
_l(
    "authorization",
    "$ echo $ID_TOKEN | cut -d. -f1 | base64 -d\n"
    '{"alg":"RS256","kid":"' + _r(40, HEX) + '","typ":"JWT"}',
)


# ------------------------------------------------------------- config syntax: tools an agent runs
_v = _strong()
_s(
    "config_syntax",
    "$ aws secretsmanager get-secret-value --secret-id prod/orders/db --query "
    "'{Name:Name,SecretString:SecretString}'\n"
    + json.dumps(
        {
            "Name": "prod/orders/db",
            "SecretString": json.dumps(
                {
                    "engine": "postgres",
                    "host": "orders.cluster-c1x2.eu-west-1.rds.amazonaws.com",
                    "username": "orders",
                    "password": _v,
                }
            ),
        },
        indent=4,
    ),
    _v,
)
_v = _r(40, URLSAFE)
_s(
    "config_syntax",
    "$ aws ssm get-parameter --name /prod/checkout/psp-api-key --with-decryption --output json\n"
    '{\n    "Parameter": {\n        "Name": "/prod/checkout/psp-api-key",\n        "Type": '
    '"SecureString",\n'
    f'        "Value": "{_v}",\n        "Version": 7,\n'
    '        "ARN": "arn:aws:ssm:eu-west-1:481203338112:parameter/prod/checkout/psp-api-key"\n    '
    "}\n}",
    _v,
)
_v1, _v2 = _chosen(), _r(64, HEX)
_s(
    "config_syntax",
    "$ aws lambda get-function-configuration --function-name invoice-renderer --query Environment\n"
    '{\n    "Variables": {\n        "STAGE": "prod",\n'
    f'        "DB_PASSWORD": "{_v1}",\n        "JWT_SECRET": "{_v2}",\n'
    '        "LOG_LEVEL": "info"\n    }\n}',
    _v1,
    _v2,
)
_v = "eyJwYXlsb2FkIjoi" + _b64(1400).replace("\n", "")
_s(
    "config_syntax",
    f"$ aws ecr get-login-password --region eu-west-1\n{_v}\n"
    "$ # then: ... | docker login --username AWS --password-stdin "
    "481203338112.dkr.ecr.eu-west-1.amazonaws.com",
    _v[:200],
)
_v = "IQoJb3JpZ2luX2VjE" + _b64(620)
_s(
    "config_syntax",
    "2026-12-02 10:14:07,221 botocore.endpoint [DEBUG] Sending http request: <AWSPreparedRequest "
    "stream_output=False, method=POST, url=https://sqs.eu-west-1.amazonaws.com/, "
    "headers={'X-Amz-Target': "
    "b'AmazonSQS.SendMessage', 'Content-Type': b'application/x-amz-json-1.0', 'X-Amz-Date': "
    "b'20261202T101407Z', "
    f"'X-Amz-Security-Token': b'{_v}', 'Authorization': b'AWS4-HMAC-SHA256 Credential=ASIA"
    + _r(16, UPPER_AN)
    + "/20261202/eu-west-1/sqs/aws4_request, SignedHeaders=content-type;host;x-amz-date;x-amz-secur"
    "ity-token;x-amz-target, Signature=" + _r(64, HEX) + "'}>",
    _v,
)
_v = _r(44, URLSAFE)
_s(
    "config_syntax",
    f"$ gcloud secrets versions access latest --secret=mail-provider-api-key "
    f"--project=ledger-prod\n{_v}\n$ ",
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    "  1021  gcloud sql users set-password app --instance=orders-pg-17 "
    f"--password='{_v}'\n  1022  gcloud sql connect orders-pg-17 --user=app",
    _v,
)
_v = _r(3) + str(_rng.randrange(10)) + "Q~" + _r(34, AN + "_-.~")
_s(
    "config_syntax",
    "$ az ad sp create-for-rbac --name gh-deployer --role Contributor --scopes /subscriptions/"
    + _uuid()
    + "/resourceGroups/rg-web\n"
    "Creating 'Contributor' role assignment under scope '/subscriptions/...'\n"
    "The output includes credentials that you must protect.\n"
    + json.dumps(
        {"appId": _uuid(), "displayName": "gh-deployer", "password": _v, "tenant": _uuid()},
        indent=2,
    ),
    _v,
)
_v = base64.b64encode(f"ci-publisher:{_strong()}".encode()).decode()
_s(
    "config_syntax",
    "$ cat .npmrc\nregistry=https://artifactory.corp.example.de/artifactory/api/npm/npm-virtual/\n"
    f"_auth = {_v}\nalways-auth = true\nemail = ci@corp.example.de",
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    "  310  docker run -d --name grafana -p 3000:3000 \\\n"
    f"         -e GF_SECURITY_ADMIN_PASSWORD='{_v}' -v grafana-data:/var/lib/grafana "
    f"grafana/grafana:11.3.0\n"
    "  311  docker logs -f grafana",
    _v,
)
_v = _alnum(20, 28)
_s(
    "config_syntax",
    "release: build\n\tdocker login -u ci-bot -p "
    + _v
    + " registry.example.com\n\tdocker push registry.example.com/web/app:$(VERSION)",
    _v,
)
_v = _r(8, HEX) + ":" + _r(8, HEX)
_s(
    "config_syntax",
    "$ docker history --no-trunc --format '{{.CreatedBy}}' billing:latest | sed -n 3,4p\n"
    f"RUN |1 BUNDLE_GEMS__CONTRIBSYS__COM={_v} /bin/sh -c bundle install --jobs 4 # buildkit\n"
    "ARG BUNDLE_GEMS__CONTRIBSYS__COM",
    _v,
)
_v = _jwt(
    {
        "iss": "kubernetes/serviceaccount",
        "kubernetes.io/serviceaccount/namespace": "ci",
        "kubernetes.io/serviceaccount/service-account.name": "deployer",
        "sub": "system:serviceaccount:ci:deployer",
    },
    "RS256",
)
_s(
    "config_syntax",
    "apiVersion: v1\nkind: Config\ncurrent-context: ci@prod\nclusters:\n- name: prod\n  cluster:\n"
    "    server: https://k8s.prod.example.net:6443\n    certificate-authority-data: "
    "LS0tLS1CRUdJTi...\n"
    "users:\n- name: ci\n  user:\n"
    f"    token: {_v}\ncontexts:\n- name: ci@prod\n  context: {{cluster: prod, user: ci, "
    f"namespace: web}}",
    _v,
)
_v1, _v2 = _strong(), _alnum()
_s(
    "config_syntax",
    "$ helm upgrade --install shop bitnami/postgresql -n shop \\\n"
    f"    --set auth.username=shop --set auth.password='{_v1}' \\\n"
    f"    --set auth.postgresPassword={_v2} --set primary.persistence.size=20Gi",
    _v1,
    _v2,
)
_v = _chosen()
_s(
    "config_syntax",
    "$ kubectl -n shop get secret shop-db -o go-template='{{range $k,$v := "
    '.data}}{{$k}}={{$v|base64decode}}{{"\\n"}}{{end}}\'\n'
    f"database=shop\nhost=shop-db-rw.shop.svc\npassword={_v}\nusername=shop",
    _v,
)
_v1, _v2 = _r(128, HEX), _r(40, AN + "/+")
_s(
    "config_syntax",
    "$ EDITOR=cat bin/rails credentials:show -e production\n"
    f"secret_key_base: {_v1}\n\naws:\n  access_key_id: AKIA{_r(16, UPPER_AN)}\n  "
    f"secret_access_key: {_v2}\n"
    "\nsmtp:\n  user_name: apikey",
    _v1,
    _v2,
)
_v = "base64:" + _b64(32)
_s(
    "config_syntax",
    f"$ php artisan key:generate --show\n{_v}\n$ # paste it into APP_KEY on the production server",
    _v[7:],
)
_v = _r(20) + "%" + _r(12) + "(" + _r(10) + "^" + _r(6)
_s(
    "config_syntax",
    "$ python manage.py diffsettings --settings=config.settings.production | head\n"
    "ALLOWED_HOSTS = ['shop.example.hr']\nDATABASES = {'default': {'ENGINE': "
    "'django.db.backends.postgresql', ...}}\n"
    "DEBUG = False  ###\n"
    f"SECRET_KEY = '{_v}'\nSECURE_SSL_REDIRECT = True",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    "(Pdb) p current_app.config\n<Config {'DEBUG': False, 'TESTING': False, "
    "'PROPAGATE_EXCEPTIONS': None, "
    f"'SECRET_KEY': '{_v}', 'PERMANENT_SESSION_LIFETIME': datetime.timedelta(days=31), "
    "'SESSION_COOKIE_NAME': 'session', 'SQLALCHEMY_DATABASE_URI': 'sqlite:///app.db'}>",
    _v,
)
_v = _b64(48)
_s(
    "config_syntax",
    '{\n  "Jwt": {\n    "Issuer": "https://api.example.lt",\n    "Audience": "mobile",\n'
    f'    "Key": "{_v}",\n    "ExpiryMinutes": 30\n  }},\n  "AllowedHosts": "*"\n}}',
    _v,
)
_v = _r(48, AN + "!@#%^&*")
_s(
    "config_syntax",
    "app.use(\n  session({\n"
    f"    secret: '{_v}',\n    resave: false,\n    saveUninitialized: false,\n"
    "    cookie: { secure: true, maxAge: 86_400_000 },\n  }),\n)",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    "@Module({\n  imports: [\n    JwtModule.register({\n      global: true,\n"
    f"      secret: '{_v}',\n      signOptions: {{ expiresIn: '15m' }},\n    }}),\n  ],\n}})\n"
    f"export class AuthModule {{}}",
    _v,
)
_v1 = _alnum(30, 40)
_v2 = (
    "https://hooks.slack.com/services/T" + _r(10, UPPER_AN) + "/B" + _r(10, UPPER_AN) + "/" + _r(24)
)
_s(
    "config_syntax",
    "$ cat .secrets   # for `act -s`, never commit\n"
    f"DOCKERHUB_TOKEN={_v1}\nSLACK_WEBHOOK={_v2}\nGITHUB_TOKEN=${{GH_LOCAL_TOKEN}}",
    _v1,
    _v2[len("https://hooks.slack.com/services/") :],
)
_v = base64.b64encode(
    json.dumps(
        {"registry": "registry.example.com", "username": "ci", "password": _strong()}
    ).encode()
).decode()
_s(
    "config_syntax",
    '2026-12-02T08:31:12.4418810Z ##[group]Run echo "$REGISTRY_CREDS" | base64 -w0\n'
    "2026-12-02T08:31:12.4419201Z shell: /usr/bin/bash -e {0}\n"
    "2026-12-02T08:31:12.4419333Z ##[endgroup]\n"
    f"2026-12-02T08:31:12.4601122Z {_v}",
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    '<?xml version="1.0" encoding="UTF-8" standalone="no"?>\n'
    '<launchConfiguration type="org.eclipse.jdt.launching.localJavaApplication">\n'
    '    <mapAttribute key="org.eclipse.debug.core.environmentVariables">\n'
    '        <mapEntry key="DB_USER" value="inventory"/>\n'
    f'        <mapEntry key="DB_PASSWORD" value="{_v}"/>\n'
    "    </mapAttribute>\n</launchConfiguration>",
    _v,
)
_v = _jwt({"sub": "svc-reports", "role": "admin", "iat": 1764660000})
_s(
    "config_syntax",
    "// __snapshots__/client.test.ts.snap\n"
    "exports[`ReportsClient sends the service token 1`] = `\n{\n"
    '  "headers": {\n'
    f'    "Authorization": "Bearer {_v}",\n'
    '    "Content-Type": "application/json",\n  },\n  "method": "GET",\n}\n`;',
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    '$ cat cypress.env.json\n{\n  "ADMIN_EMAIL": "qa-admin@example.lv",\n'
    f'  "ADMIN_PASSWORD": "{_v}",\n  "API_URL": "https://staging-api.example.lv"\n}}',
    _v,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    ' "outputs": [\n  {\n   "data": {\n    "text/plain": [\n'
    "     \"environ({'HOME': '/root',\\n\",\n"
    "     \"         'COLAB_GPU': '1',\\n\",\n"
    f"     \"         'WANDB_API_KEY': '{_v}',\\n\",\n"
    "     \"         'PATH': '/usr/local/bin:/usr/bin'})\"\n    ]\n   },\n   \"output_type\": "
    '"execute_result"\n  }\n ]',
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    "## Staging\n\nThe staging admin is at https://staging.example.ge/admin.\n\n"
    f"Login: `admin@example.ge` / `{_v}` (please don't change it, QA uses it too)",
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    "**Describe the bug**\nThe mailer crashes on startup. My config:\n\n```yaml\nsmtp:\n"
    "  host: smtp.office365.com\n  port: 587\n  username: noreply@example.co.za\n"
    f'  password: "{_v}"\n  starttls: true\n```\n\n**Version** 2.3.1',
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    f"[16:20] Priya Nair: fyi the staging db pw is {_v} (rotating it friday, don't put it in the "
    f"wiki)\n"
    "[16:21] Tom Walsh: 👍 got it",
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    "*Comment by Marko Horvat:*\nWorkaround until SSO is fixed: log in to the ETL box with the "
    "service account "
    f"*svc_etl* / *{_v}* and re-run the job manually.",
    _v,
)
_v1, _v2 = _chosen(), _strong()
_s(
    "config_syntax",
    "| environment | url                          | user  | password        |\n"
    "|-------------|------------------------------|-------|-----------------|\n"
    f"| staging     | https://stg.example.ee/admin | admin | {_v1} |\n"
    f"| demo        | https://demo.example.ee/admin| demo  | {_v2} |",
    _v1,
    _v2,
)
_v1, _v2, _v3 = _chosen(), _chosen(), _chosen()
_s(
    "config_syntax",
    "email,first_name,role,initial_password\n"
    f"ana.petrovic@example.rs,Ana,editor,{_v1}\nmilan.jovic@example.rs,Milan,admin,{_v2}\n"
    f"jelena.ilic@example.rs,Jelena,viewer,{_v3}",
    _v1,
    _v2,
    _v3,
)
_v1, _v2 = _strong(), _r(128, HEX)
_s(
    "config_syntax",
    "$ env | sort | sed -n 1,6p\nAPP_ENV=production\n"
    f"DATABASE_PASSWORD={_v1}\nHOSTNAME=web-2\nRAILS_LOG_TO_STDOUT=1\nSECRET_KEY_BASE={_v2}\n"
    f"SHLVL=1",
    _v1,
    _v2,
)
_v = _r(32)
_s(
    "config_syntax",
    '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
    "  <key>Label</key><string>com.example.sync-agent</string>\n"
    "  <key>EnvironmentVariables</key>\n  <dict>\n"
    f"    <key>SYNC_API_SECRET</key><string>{_v}</string>\n  </dict>\n"
    "  <key>ProgramArguments</key><array><string>/usr/local/bin/sync-agent</string></array>\n"
    "</dict>\n</plist>",
    _v,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    f"$ crontab -l\nMAILTO=ops@example.is\nUPTIME_PUSH_TOKEN={_v}\n"
    '*/5 * * * * curl -fsS "https://status.example.is/api/push/$UPTIME_PUSH_TOKEN?status=up" '
    ">/dev/null",
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    f"{_stamp(10, 14)} DEBUG [settings] loaded config: {{'db': {{'host': 'pg.internal', 'user': "
    f"'billing', "
    f"'password': '{_v}'}}, 'cache': {{'ttl': 300}}}}\n{_stamp(10, 14)} INFO  [main] listening on "
    f":8080",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    "Error: Command failed: mysql -h 10.0.3.14 -u migrator -p"
    + _v
    + ' -e "SOURCE db/schema.sql" shop\nERROR 2003 (HY000): Can\'t connect to MySQL server on '
    "'10.0.3.14:3306' (110)\n\n"
    "    at checkExecSyncError (node:child_process:890:11)\n    at execSync "
    "(node:child_process:962:15)\n"
    "    at Object.<anonymous> (/app/scripts/migrate.js:12:1)",
    _v,
)
_v = _r(80, URLSAFE)
_s(
    "config_syntax",
    "# scripts/backfill.py\nINGEST_TOKEN = (\n"
    f'    "{_v[:40]}"\n    "{_v[40:]}"\n)\n'
    'requests.post(URL, headers={"X-Ingest-Token": INGEST_TOKEN}, json=rows, timeout=30)',
    _v[:40],
    _v[40:],
)
_v = _strong()
_s(
    "config_syntax",
    "$ terraform output -json db\n"
    + json.dumps(
        {
            "sensitive": True,
            "type": "string",
            "value": json.dumps({"host": "orders.internal", "password": _v}),
        }
    ),
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    "diff --git a/.env.example b/.env.example\nindex 3a1f0c2..8d4e9b7 100644\n--- a/.env.example\n"
    "+++ b/.env.example\n@@ -7,4 +7,4 @@ SMTP_HOST=smtp.mailgun.org\n SMTP_PORT=587\n "
    "SMTP_USER=postmaster@mg.example.eus\n"
    f"-SMTP_PASSWORD=\n+SMTP_PASSWORD={_v}\n SMTP_FROM=no-reply@example.eus",
    _v,
)
_v = _r(40, AN + "/+")
_s(
    "config_syntax",
    "$ export AWS_PROFILE=prod && aws configure get aws_secret_access_key\n"
    + _v
    + "\n$ aws configure get region\neu-west-1",
    _v,
)


# -------------------------------------------------------- config syntax: servers, services, devices
_v = _r(32, HEX)
_s(
    "config_syntax",
    "jenkins  | *************************************************************\n"
    "jenkins  | Jenkins initial setup is required. An admin user has been created and a password "
    "generated.\n"
    "jenkins  | Please use the following password to proceed to installation:\njenkins  | \n"
    f"jenkins  | {_v}\njenkins  | \n"
    "jenkins  | This may also be found at: /var/jenkins_home/secrets/initialAdminPassword",
    _v,
)
_v = _b64(32)
_s(
    "config_syntax",
    "$ sudo cat /etc/gitlab/initial_root_password\n"
    "# WARNING: This value is valid only in the following conditions\n"
    "#          1. If provided manually (either via `GITLAB_ROOT_PASSWORD` environment variable or "
    "via "
    "`gitlab_rails['initial_root_password']` setting in `gitlab.rb`, it was provided before "
    "database was seeded for the first time (usually, the first reconfigure run).\n"
    "#          2. Password hasn't been changed manually, either via UI or via command line.\n\n"
    f"Password: {_v}\n\n# NOTE: This file will be automatically deleted in the first reconfigure "
    f"run after 24 hours.",
    _v,
)
_v1 = _r(20, AN + "*_-+=")
_v2 = base64.b64encode(
    json.dumps(
        {
            "ver": "8.16.1",
            "adr": ["172.18.0.2:9200"],
            "fgr": _r(64, HEX),
            "key": _r(20) + ":" + _r(22),
        }
    ).encode()
).decode()
_s(
    "config_syntax",
    "✅ Elasticsearch security features have been automatically configured!\n"
    "✅ Authentication is enabled and cluster connections are encrypted.\n\n"
    "ℹ️  Password for the elastic user (reset with `bin/elasticsearch-reset-password -u "  # noqa: RUF001
    "elastic`):\n"
    f"  {_v1}\n\nℹ️  HTTP CA certificate SHA-256 fingerprint:\n  {_r(64, HEX)}\n\n"  # noqa: RUF001
    "ℹ️  Configure Kibana to use this cluster:\n• Run Kibana and click the configuration link in "  # noqa: RUF001
    "the terminal when Kibana starts.\n"
    "• Copy the following enrollment token and paste it into Kibana in your browser (valid for the "
    "next 30 minutes):\n"
    f"  {_v2}",
    _v1,
    _v2,
)
_v = _chosen()
_s(
    "config_syntax",
    f"$ sudo grafana-cli admin reset-admin-password '{_v}'\nINFO [12-02|10:14:07] Starting Grafana "
    f"logger=settings\n\nAdmin password changed successfully ✔",
    _v,
)
_v1, _v2 = _strong(), _r(32, URLSAFE)
_s(
    "config_syntax",
    '# .streamlit/secrets.toml\n[connections.warehouse]\ndialect = "postgresql"\nhost = '
    '"dwh.internal.example.kz"\n'
    f'username = "analyst"\npassword = "{_v1}"\n\n[openweather]\napi_key = "{_v2}"',
    _v1,
    _v2,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "# Colab cell 2\nimport os\n"
    f"os.environ['KAGGLE_USERNAME'] = 'aigerim-s'\nos.environ['KAGGLE_KEY'] = '{_v}'\n"
    "!kaggle competitions download -c playground-series-s6e12",
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    f'$ cat ~/.kaggle/kaggle.json\n{{"username":"bsigurdsson","key":"{_v}"}}\n$ chmod 600 '
    f"~/.kaggle/kaggle.json",
    _v,
)
_v = _r(25)
_s(
    "config_syntax",
    f"$ cat ~/.comet.config\n[comet]\napi_key={_v}\nworkspace=vision-lab\n"
    f"project_name=defect-detector",
    _v,
)
_v = base64.b64encode(
    json.dumps(
        {
            "api_address": "https://app.neptune.ai",
            "api_url": "https://app.neptune.ai",
            "api_key": _uuid(),
        }
    ).encode()
).decode()
_s(
    "config_syntax",
    f'export NEPTUNE_PROJECT="vision-lab/defects"\nexport NEPTUNE_API_TOKEN="{_v}"\npython '
    f"train.py --epochs 40",
    _v,
)
_v1, _v2 = _r(30, UPPER_AN), _r(50, AN)
_s(
    "config_syntax",
    "# ~/clearml.conf\napi {\n    web_server: https://app.clear.ml\n    api_server: "
    "https://api.clear.ml\n"
    "    files_server: https://files.clear.ml\n    credentials {\n"
    f'        "access_key" = "{_v1}"\n        "secret_key" = "{_v2}"\n    }}\n}}',
    _v2,
)
_v = _r(20)
_s(
    "config_syntax",
    "from roboflow import Roboflow\n"
    f'rf = Roboflow(api_key="{_v}")\nproject = rf.workspace("qc-line").project("weld-seams")\n'
    'dataset = project.version(7).download("yolov8")',
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    "export MLFLOW_TRACKING_URI=https://mlflow.internal.example.np\nexport "
    "MLFLOW_TRACKING_USERNAME=trainer\n"
    f"export MLFLOW_TRACKING_PASSWORD='{_v}'\nmlflow run . -P alpha=0.4",
    _v,
)
_v1, _v2 = "AKIA" + _r(16, UPPER_AN), _r(40, AN + "/+")
_s(
    "config_syntax",
    "$ cat .dvc/config.local\n['remote \"storage\"']\n"
    f"    access_key_id = {_v1}\n    secret_access_key = {_v2}\n",
    _v2,
)
_v = "1//0" + _r(100, URLSAFE)
_s(
    "config_syntax",
    "$ firebase login:ci\n\nVisit this URL on this device to log in:\n"
    "https://accounts.google.com/o/oauth2/auth?client_id=...\n\n"
    "Waiting for authentication...\n\n✔  Success! Use this token to login on a CI server:\n\n"
    f'{_v}\n\nExample: firebase deploy --token "$FIREBASE_TOKEN"',
    _v,
)
_v1, _v2 = (
    _chosen(),
    _r(4, LOWER_AN) + "-" + _r(4, LOWER_AN) + "-" + _r(4, LOWER_AN) + "-" + _r(4, LOWER_AN),
)
_s(
    "config_syntax",
    "# fastlane/.env.default\nMATCH_GIT_URL=git@github.com:acme/certificates.git\n"
    f"MATCH_PASSWORD={_v1}\nFASTLANE_USER=release@acme.example\n"
    f"FASTLANE_APPLE_APPLICATION_SPECIFIC_PASSWORD={_v2}",
    _v1,
    _v2,
)
_v = "os_v2_app_" + _r(112, "abcdefghijklmnopqrstuvwxyz234567")
_s(
    "config_syntax",
    "ONESIGNAL_APP_ID=" + _uuid() + f"\nONESIGNAL_REST_API_KEY={_v}",
    _v,
)
_v1, _v2 = "GOCSPX-" + _r(28, URLSAFE), "1//0" + _r(100, URLSAFE)
_s(
    "config_syntax",
    "# .env for chrome-webstore-upload-cli (release job)\nEXTENSION_ID="
    + _r(32, "abcdefghijklmnop")
    + "\n"
    f"CLIENT_ID={_r(12, DIGITS)}-{_r(32, LOWER_AN)}.apps.googleusercontent.com\n"
    f"CLIENT_SECRET={_v1}\nREFRESH_TOKEN={_v2}",
    _v1,
    _v2,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    "$ npx web-ext sign --channel=listed --api-key=user:"
    + _r(8, DIGITS)
    + ":"
    + _r(3, DIGITS)
    + f" --api-secret={_v} --source-dir dist/firefox",
    _v,
)
_v = "-".join(_r(4, LOWER_AN) for _ in range(4))
_s(
    "config_syntax",
    f"BSKY_HANDLE=releases.example.cy\nBSKY_APP_PASSWORD={_v}\n# used by scripts/announce.ts to "
    f"post release notes",
    _v,
)
_v1, _v2 = _r(27, URLSAFE), _chosen()
_s(
    "config_syntax",
    "$ cat praw.ini\n[modbot]\nclient_id=" + _r(22, URLSAFE) + "\n"
    f"client_secret={_v1}\nusername=example_modbot\npassword={_v2}\nuser_agent=modbot/1.3 by "
    f"u/example_admin",
    _v1,
    _v2,
)
_v = _chosen()
_s(
    "config_syntax",
    "$ sudo cat /etc/wpa_supplicant/wpa_supplicant.conf\nctrl_interface=DIR=/var/run/wpa_supplicant"
    " GROUP=netdev\n"
    f'update_config=1\ncountry=IS\n\nnetwork={{\n    ssid="Verkstaedi-5G"\n    psk="{_v}"\n    '
    f"key_mgmt=WPA-PSK\n}}",
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    f'  57  nmcli dev wifi connect "Office-Guest" password "{_v}" ifname wlp2s0\n  58  nmcli con '
    f"show --active",
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    "$ sudo cat /etc/NetworkManager/system-connections/Warehouse.nmconnection\n[connection]\n"
    "id=Warehouse\n"
    "type=wifi\n\n[wifi]\nmode=infrastructure\nssid=WH-Scanners\n\n[wifi-security]\n"
    "key-mgmt=wpa-psk\n"
    f"psk={_v}\n\n[ipv4]\nmethod=auto",
    _v,
)
_v = _r(40, URLSAFE)
_s(
    "config_syntax",
    f"$ sudo cat /etc/letsencrypt/cloudflare.ini\n# Cloudflare API token used by Certbot\n"
    f"dns_cloudflare_api_token = {_v}\n"
    "$ sudo certbot certonly --dns-cloudflare --dns-cloudflare-credentials "
    "/etc/letsencrypt/cloudflare.ini -d '*.example.ie'",
    _v,
)
_v = _r(40, URLSAFE)
_s(
    "config_syntax",
    "$ cat ~/.acme.sh/account.conf\nLOG_FILE='/root/.acme.sh/acme.sh.log'\n"
    f"SAVED_CF_Token='{_v}'\nSAVED_CF_Account_ID='{_r(32, HEX)}'\nUPGRADE_HASH='{_r(40, HEX)}'",
    _v,
)
_v = _r(24, LOWER_AN)
_s(
    "config_syntax",
    f"$ sudo cat /var/lib/zerotier-one/authtoken.secret\n{_v}\n$ zerotier-cli -T{_v} listnetworks",
    _v,
)
_v = _r(27) + "_" + _r(22)
_s(
    "config_syntax",
    f'$ cat ~/.config/ngrok/ngrok.yml\nversion: "3"\nagent:\n    authtoken: {_v}\ntunnels:\n'
    "    web:\n        proto: http\n        addr: 3000",
    _v,
)
_v = base64.b64encode(json.dumps({"a": _r(32, HEX), "t": _uuid(), "s": _b64(32)}).encode()).decode()
_s(
    "config_syntax",
    f"$ sudo cloudflared service install {_v}\n"
    "2026-12-02T10:14:07Z INF Using Systemd\n2026-12-02T10:14:08Z INF Linux service for "
    "cloudflared installed successfully",
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    "$ conan remote add artifactory https://artifactory.example.de/artifactory/api/conan/conan-loca"
    "l\n"
    f"$ conan remote login artifactory ci-builder -p '{_v}'\nChanged user of remote 'artifactory' "
    f"from 'None' (anonymous) to 'ci-builder' (authenticated)",
    _v,
)
_v = _r(64, UPPER_AN)
_s(
    "config_syntax",
    f'docker login -u="acme+ci_pusher" -p="{_v}" quay.io\nWARNING! Using --password via the CLI is '
    f"insecure. Use --password-stdin.\nLogin Succeeded",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    f'$ cat ~/Downloads/robot$ci-push.json\n{{"creation_time":"2026-12-02T10:14:07.221Z","expires_a'
    f't":-1,"id":14,'
    f'"name":"robot$ci-push","secret":"{_v}"}}',
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "      - name: Publish to Hex\n        run: mix hex.publish --yes\n        env:\n"
    f"          HEX_API_KEY: {_v}",
    _v,
)
_v = _r(32, HEX) + "-us21"
_s(
    "config_syntax",
    "import mailchimp_marketing as MailchimpMarketing\n\nclient = MailchimpMarketing.Client()\n"
    f'client.set_config({{"api_key": "{_v}", "server": "us21"}})\nprint(client.ping.get())',
    _v,
)
_v = _r(24)
_s(
    "config_syntax",
    "import razorpay\n\n"
    f'client = razorpay.Client(auth=("rzp_live_{_r(14)}", "{_v}"))\n'
    'order = client.order.create({"amount": 49900, "currency": "INR", "receipt": "rcpt_1182"})',
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "gateway = braintree.BraintreeGateway(\n    braintree.Configuration(\n"
    "        environment=braintree.Environment.Production,\n"
    f'        merchant_id="{_r(16, LOWER_AN)}",\n        public_key="{_r(16, LOWER_AN)}",\n'
    f'        private_key="{_v}",\n    )\n)',
    _v,
)
_v = _r(30, HEX)
_s(
    "config_syntax",
    f"PLAID_ENV=production\nPLAID_CLIENT_ID={_r(24, HEX)}\nPLAID_SECRET={_v}\n"
    f"PLAID_PRODUCTS=transactions,auth",
    _v,
)
_v = "sk" + _r(180)
_s(
    "config_syntax",
    'SANITY_STUDIO_PROJECT_ID="q8k2x7pz"\nSANITY_STUDIO_DATASET="production"\n'
    f'SANITY_API_WRITE_TOKEN="{_v}"',
    _v,
)
_v = " ".join(_r(4) for _ in range(6))
_s(
    "config_syntax",
    f'curl --user "editor:{_v}" \\\n  -X POST https://blog.example.co.za/wp-json/wp/v2/posts \\\n'
    "  -d title='Release 2.4' -d status=draft",
    _v,
)
_v = "sdk-" + _uuid()
_s(
    "config_syntax",
    "func main() {\n"
    f'\tclient, _ := ld.MakeClient("{_v}", 5*time.Second)\n'
    '\tdefer client.Close()\n\tflag, _ := client.BoolVariation("new-checkout", ctx, false)',
    _v,
)
_v = _jwt(
    {
        "iss": "supabase",
        "ref": "qwzkpdjrbnmlxvhtacgs",
        "role": "service_role",
        "iat": 1764660000,
        "exp": 2080236000,
    }
)
_s(
    "config_syntax",
    "NEXT_PUBLIC_SUPABASE_URL=https://qwzkpdjrbnmlxvhtacgs.supabase.co\n"
    f"SUPABASE_SERVICE_ROLE_KEY={_v}",
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "import * as amplitude from '@amplitude/analytics-node'\n"
    f"// export API: https://amplitude.com/api/2/export  (basic auth {_r(32, HEX)}:{_v})\n"
    "amplitude.init(process.env.AMPLITUDE_API_KEY!)",
    _v,
)


# ------------------------------------------------------ config syntax: people, in their languages
_v = _chosen()
_s(
    "config_syntax",
    "De : Claire Dubois\nObjet : Accès VPN\n\nBonjour Julien,\n\nVoici tes identifiants VPN : "
    "utilisateur "
    f"j.martin, mot de passe : {_v}\nMerci de le changer à la première connexion.\n\nClaire",
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    f"[09:12] Rafael Souza: gente, a senha do banco de homologação agora é {_v}\n"
    "[09:12] Rafael Souza: não compartilha fora do time pfv",
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    f"Ciao Marco, la chiave API di produzione per il gateway SMS è {_v} — l'ho rigenerata "
    f"stamattina, "
    "quella vecchia non funziona più.",
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    f"測試環境的資料庫帳號是 qa_reader，密碼是 {_v}，請勿外流。",  # noqa: RUF001
    _v,
)
_v = _alnum(28, 36)
_s(
    "config_syntax",
    f"Сергей Волков, 14:02\nТокен для деплоя в прод: {_v} — действует до пятницы, потом "  # noqa: RUF001
    "перевыпущу.",
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    f"Ingrid Haugen (Teams): Passordet til den delte kontoen for leverandørportalen er {_v} — ikke "
    f"del det videre.",
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    f"Hej Mads, adgangskoden til routeren på kontoret er {_v}. Brugernavnet er stadig admin.",
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    f"Ahoj Peter, heslo k produkčnému serveru je {_v}, prosím zmeň si ho po prvom prihlásení.",
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    f"Helo Rhys, y cyfrinair ar gyfer y cyfrif gweinyddol ar y wefan newydd yw {_v}. Newidia fe "
    f"cyn gynted â phosib.",
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    f"Паролата за админ панела на магазина е {_v} — смени я след като влезеш.",  # noqa: RUF001
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    f"გამარჯობა ნინო, ადმინის პაროლი არის {_v}, გთხოვ შეცვალე პირველი შესვლისას.",
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    f"Сәлем! Дерекқордың құпиясөзі: {_v} (пайдаланушы аты — analytics).",
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    f"नमस्ते दाइ, staging सर्भरको पासवर्ड {_v} हो। कसैलाई नदिनुहोला।",
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    f"Ẹ n lẹ́ o, ọ̀rọ̀ aṣínà fún àkọọ́lẹ̀ admin ni {_v} — ẹ jọ̀wọ́ ẹ yí i padà.",
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    f"Hallo Pieter, die wagwoord vir die toetsbediener is {_v}. Moet dit asseblief nie in die "
    f"groep deel nie.",
    _v,
)
_v = _chosen()
_s(
    "config_syntax",
    f"بھائی، پروڈکشن سرور کا پاس ورڈ {_v} ہے، کسی کو مت بتانا۔",  # noqa: RUF001
    _v,
)
_v = _strong()
_s(
    "config_syntax",
    f"សួស្តី! ពាក្យសម្ងាត់របស់ម៉ាស៊ីនមេ staging គឺ {_v} សូមកុំចែករំលែក។",
    _v,
)


# --------------------------------------------------------------------------- config look-alikes
_l(
    "config_syntax",
    "DB_PASSWORD=ENC[AES256_GCM,data:"
    + _b64(18)
    + ",iv:"
    + _b64(32)
    + ",tag:"
    + _b64(16)
    + ",type:str]\nSTRIPE_SECRET_KEY=ENC[AES256_GCM,data:"
    + _b64(80)
    + ",iv:"
    + _b64(32)
    + ",tag:"
    + _b64(16)
    + ",type:str]\nsops_age__list_0__map_recipient=age1"
    + _r(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")
    + "\nsops_version=3.9.1",
)
_l(
    "config_syntax",
    "# group_vars/prod/vault.yml\nsmtp_password: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n"
    + "\n".join("          " + _r(80, HEX) for _ in range(5)),
)
_l(
    "config_syntax",
    json.dumps(
        {
            "_public_key": _r(64, HEX),
            "database_password": f"EJ[1:{_b64(32)}:{_b64(24)}:{_b64(30)}]",
            "stripe_key": f"EJ[1:{_b64(32)}:{_b64(24)}:{_b64(60)}]",
        },
        indent=2,
    ),
)
_l(
    "config_syntax",
    "# .env.vault (safe to commit: decrypt with DOTENV_KEY from the environment)\n"
    f'DOTENV_VAULT_DEVELOPMENT="{_b64(240)}"\nDOTENV_VAULT_PRODUCTION="{_b64(300)}"',
)
_l(
    "config_syntax",
    "encryptionsalt: v1:"
    + _b64(8)
    + ":v1:"
    + _b64(12)
    + ":"
    + _b64(32)
    + "\nconfig:\n  aws:region: eu-west-1\n"
    "  orders:dbPassword:\n    secure: v1:"
    + _b64(12)
    + ":"
    + _b64(40)
    + '\n  orders:replicas: "3"',
)
_l(
    "config_syntax",
    "spring.datasource.url=jdbc:postgresql://pg.internal:5432/catalog\n"
    "spring.datasource.username=catalog\n"
    "spring.datasource.password=ENC("
    + _b64(48)
    + ")\njasypt.encryptor.password=${JASYPT_ENCRYPTOR_PASSWORD}",
)
_l(
    "config_syntax",
    "$ cat data_bags/credentials/postgres.json\n"
    + json.dumps(
        {
            "id": "postgres",
            "password": {
                "encrypted_data": _b64(48) + "\n",
                "iv": _b64(12),
                "auth_tag": _b64(16),
                "version": 3,
                "cipher": "aes-256-gcm",
            },
        },
        indent=2,
    ),
)
_l(
    "config_syntax",
    "$ cat config/credentials/production.yml.enc\n" + _b64(420) + "--" + _b64(12) + "--" + _b64(16),
)
_l(
    "config_syntax",
    "      - name: Publish\n        run: npm publish --provenance --access public\n        env:\n"
    "          NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}\n          SENTRY_AUTH_TOKEN: ${{ "
    "secrets.SENTRY_AUTH_TOKEN }}",
)
_l(
    "config_syntax",
    "        env:\n          - name: DB_PASSWORD\n            valueFrom:\n              "
    "secretKeyRef:\n"
    "                name: shop-db\n                key: password\n          - name: JWT_SECRET\n"
    "            valueFrom: { secretKeyRef: { name: shop-auth, key: jwt-secret } }",
)
_l(
    "config_syntax",
    "# .env.tpl, rendered with `op inject -i .env.tpl -o .env`\n"
    "STRIPE_SECRET_KEY={{ op://Engineering/Stripe live/secret key }}\n"
    "DATABASE_URL={{ op://Engineering/orders-db/connection string }}\nLOG_LEVEL=info",
)
_l(
    "config_syntax",
    '"containerDefinitions": [{\n  "name": "orders",\n  "secrets": [\n'
    '    {"name": "DB_PASSWORD", "valueFrom": "arn:aws:secretsmanager:eu-west-1:481203338112:secret'
    ':prod/orders/db-Xk2m9Q:password::"},\n'
    '    {"name": "PSP_API_KEY", "valueFrom": "arn:aws:ssm:eu-west-1:481203338112:parameter/prod/ch'
    'eckout/psp-api-key"}\n  ]\n}]',
)
_l(
    "config_syntax",
    "gcloud run deploy orders --image=europe-docker.pkg.dev/ledger-prod/web/orders:1.9 \\\n"
    "  --set-secrets=DB_PASSWORD=projects/918273645501/secrets/orders-db-password/versions/latest,"
    "MAIL_KEY=mail-provider-api-key:3",
)
_l(
    "config_syntax",
    '{\n  "name": "DbPassword",\n  "value": "@Microsoft.KeyVault(SecretUri=https://kv-ledger-prod.v'
    'ault.azure.net/secrets/DbPassword/)",\n'
    '  "slotSetting": false\n}',
)
_l(
    "config_syntax",
    'steps:\n- script: |\n    git -c http.extraheader="AUTHORIZATION: bearer '
    '$(System.AccessToken)" fetch origin main\n'
    "  displayName: fetch main\n  env:\n    NUGET_TOKEN: $(nugetFeedToken)",
)
_l(
    "config_syntax",
    "pipeline {\n  agent any\n  environment {\n    NPM_TOKEN = credentials('npm-publish-token')\n"
    "    REGISTRY = credentials('harbor-robot')\n  }\n  stages { stage('publish') { steps { sh "
    "'npm publish' } } }\n}",
)
_l(
    "config_syntax",
    'resource "random_password" "db" {\n  length  = 32\n  special = true\n}\n\n'
    'resource "aws_db_instance" "orders" {\n  username = "orders"\n  password = '
    "random_password.db.result\n}\n\n"
    'output "db_password" {\n  value     = random_password.db.result\n  sensitive = true\n}',
)
_l(
    "config_syntax",
    'const cfg = new pulumi.Config();\nconst dbPassword = cfg.requireSecret("dbPassword");\n'
    'const apiKey = cfg.requireSecret("pspApiKey");',
)
_l(
    "config_syntax",
    "$ aws configure list\n      Name                    Value             Type    Location\n"
    "      ----                    -----             ----    --------\n   profile                  "
    "   prod           manual    --profile\n"
    "access_key     ****************" + _r(4, UPPER_AN) + " shared-credentials-file\n"
    "secret_key     ****************"
    + _r(4, AN)
    + " shared-credentials-file\n    region                eu-west-1      config-file    "
    "~/.aws/config",
)
_l(
    "config_syntax",
    "2026-12-02T08:31:12.4601122Z ##[group]Run ./scripts/deploy.sh\n"
    "2026-12-02T08:31:12.4601300Z env:\n2026-12-02T08:31:12.4601401Z   DEPLOY_TOKEN: ***\n"
    "2026-12-02T08:31:12.4601502Z   DB_PASSWORD: ***\n2026-12-02T08:31:12.4601603Z ##[endgroup]",
)
_l(
    "config_syntax",
    "$ kubectl -n shop describe secret shop-db\nName:         shop-db\nNamespace:    shop\nType:  "
    "Opaque\n\n"
    "Data\n====\ndatabase:  4 bytes\nhost:      22 bytes\npassword:  24 bytes\nusername:  4 bytes",
)
_l(
    "config_syntax",
    "Settings:\nUsing settings module config.settings.production\n"
    "EMAIL_HOST_PASSWORD\t'********************'\nSECRET_KEY\t'********************'\n"
    "STRIPE_SECRET_KEY\t'********************'\nTIME_ZONE\t'Europe/Zagreb'",
)
_l(
    "config_syntax",
    '  # aws_db_instance.orders will be updated in-place\n  ~ resource "aws_db_instance" "orders" '
    "{\n"
    '        id       = "orders-prod"\n      ~ password = (sensitive value)\n        # (41 '
    "unchanged attributes hidden)\n    }",
)
_l(
    "config_syntax",
    "$ vercel env ls production\n name                    value       environments   created\n"
    " DATABASE_URL            Encrypted   Production     42d ago\n STRIPE_SECRET_KEY       "
    "Encrypted   Production     42d ago\n"
    " NEXT_PUBLIC_SITE_URL    Encrypted   Production     90d ago",
)
_l(
    "config_syntax",
    '$ npm config list\n; "user" config from /home/dana/.npmrc\n\n'
    "//npm.pkg.github.com/:_authToken = (protected)\n@acme:registry = "
    '"https://npm.pkg.github.com"\n\n'
    "; node bin location = /usr/local/bin/node\n; cwd = /home/dana/src/shop",
)
_l(
    "config_syntax",
    "# .env.example: copy to .env and fill in\nOPENAI_API_KEY=your-key-here\n"
    "STRIPE_SECRET_KEY=sk_live_...\n"
    "DATABASE_URL=postgres://USER:PASSWORD@HOST:5432/DB\nSESSION_SECRET=<generate with `openssl "
    "rand -hex 32`>",
)
_l(
    "config_syntax",
    ': "${API_TOKEN:?API_TOKEN must be set (see docs/deploy.md)}"\n'
    'curl -fsS -H "X-Api-Key: ${API_TOKEN}" "$ENDPOINT/health"',
)
_l(
    "config_syntax",
    "llm:\n  model: claude-sonnet-4-5\n  max_tokens: 4096\n  max_input_tokens: 200000\n"
    "  token_budget_per_session: 1500000\n  tokenizer: cl100k_base",
)
_l(
    "config_syntax",
    "AUTH_PASSWORD_VALIDATORS = [\n    {'NAME': 'django.contrib.auth.password_validation.MinimumLen"
    "gthValidator',"
    " 'OPTIONS': {'min_length': 12}},\n]\nPASSWORD_RESET_TIMEOUT = 3600\nPASSWORD_HASHERS = "
    "['django.contrib.auth.hashers.Argon2PasswordHasher']",
)
_l(
    "config_syntax",
    "JWT_ALGORITHM=RS256\nJWT_ACCESS_TOKEN_EXPIRES=900\nJWT_REFRESH_TOKEN_EXPIRES=1209600\n"
    "JWT_PUBLIC_KEY_PATH=/etc/app/jwt.pub\nJWT_PRIVATE_KEY_PATH=/run/secrets/jwt.key\n"
    "API_KEY_HEADER=X-Api-Key",
)
_l(
    "config_syntax",
    "KMS_KEY_ID=arn:aws:kms:eu-west-1:481203338112:key/"
    + _uuid()
    + "\nS3_SSE_KMS_KEY_ALIAS=alias/orders-uploads\n"
    "GOOGLE_APPLICATION_CREDENTIALS=/var/secrets/google/key.json",
)
_l(
    "config_syntax",
    "spec:\n  tls:\n  - hosts: [shop.example.hr]\n    secretName: shop-tls\n  imagePullSecrets:\n  "
    "- name: regcred\n"
    "  serviceAccountName: shop-web",
)
_l(
    "config_syntax",
    "inputs:\n  token:\n    description: 'GitHub token used to comment on the PR'\n    required: "
    "false\n"
    "    default: ${{ github.token }}\n  secret-scanning:\n    description: 'Fail when a secret is "
    "found'\n    default: 'true'",
)
_l(
    "config_syntax",
    "# /etc/ssh/sshd_config.d/10-hardening.conf\nPasswordAuthentication no\n"
    "KbdInteractiveAuthentication no\n"
    "PubkeyAuthentication yes\nAuthorizedKeysFile .ssh/authorized_keys\nPermitRootLogin "
    "prohibit-password",
)
_l(
    "config_syntax",
    '"node_modules/zod": {\n  "version": "3.24.1",\n  "resolved": '
    '"https://registry.npmjs.org/zod/-/zod-3.24.1.tgz",\n'
    f'  "integrity": "sha512-{_b64(64)}",\n  "license": "MIT"\n}}',
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
    '[[package]]\nname = "serde"\nversion = "1.0.215"\nsource = '
    '"registry+https://github.com/rust-lang/crates.io-index"\n'
    f'checksum = "{_r(64, HEX)}"',
)
_l(
    "config_syntax",
    "cryptography==44.0.0 \\\n    --hash=sha256:"
    + _r(64, HEX)
    + " \\\n    --hash=sha256:"
    + _r(64, HEX),
)
_l(
    "config_syntax",
    '"nixpkgs": {\n  "locked": {\n    "lastModified": 1764540000,\n'
    f'    "narHash": "sha256-{_b64(32)}",\n    "owner": "NixOS",\n    "repo": "nixpkgs",\n'
    f'    "rev": "{_git_sha()}",\n    "type": "github"\n  }}\n}}',
)
_l(
    "config_syntax",
    'provider "registry.terraform.io/hashicorp/aws" {\n  version     = "5.80.0"\n  constraints = '
    '"~> 5.0"\n  hashes = [\n'
    f'    "h1:{_b64(32)}",\n    "zh:{_r(64, HEX)}",\n    "zh:{_r(64, HEX)}",\n  ]\n}}',
)
_l(
    "config_syntax",
    "$ kubectl -n shop get pod web-7c9d8f6b5-x2kqp -o jsonpath='{.status.containerStatuses[0].image"
    "ID}'\n"
    "registry.example.com/web/app@sha256:" + _r(64, HEX),
)
_l(
    "config_syntax",
    "$ git log --oneline -4\n"
    + "\n".join(
        f"{_r(7, HEX)} {msg}"
        for msg in [
            "fix(auth): refresh the token before it expires",
            "chore: rotate secrets docs",
            "feat: password reset flow",
            "test: cover key rotation",
        ]
    )
    + "\n$ git rev-parse HEAD\n"
    + _git_sha(),
)
_l(
    "config_syntax",
    "version https://git-lfs.github.com/spec/v1\noid sha256:" + _r(64, HEX) + "\nsize 48211963",
)
_l(
    "config_syntax",
    "$ sha256sum dist/*\n"
    + _r(64, HEX)
    + "  dist/inkwell-cli_2.4.0_linux_amd64.tar.gz\n"
    + _r(64, HEX)
    + "  dist/inkwell-cli_2.4.0_darwin_arm64.tar.gz",
)
_l(
    "config_syntax",
    '<script src="https://cdn.jsdelivr.net/npm/htmx.org@2.0.4/dist/htmx.min.js"\n'
    f'        integrity="sha384-{_b64(48)}"\n        crossorigin="anonymous"></script>',
)
_l(
    "config_syntax",
    "$ az account show\n"
    + json.dumps(
        {
            "environmentName": "AzureCloud",
            "id": _uuid(),
            "isDefault": True,
            "name": "Ledger Production",
            "tenantId": _uuid(),
            "user": {"name": "dana@example.onmicrosoft.com", "type": "user"},
        },
        indent=2,
    ),
)
_l(
    "config_syntax",
    "$ keytool -list -v -keystore ~/.android/debug.keystore -alias androiddebugkey -storepass "
    "android -keypass android | grep SHA\n"
    "\t SHA1: " + ":".join(_r(2, "0123456789ABCDEF") for _ in range(20)) + "\n"
    "\t SHA256: " + ":".join(_r(2, "0123456789ABCDEF") for _ in range(32)),
)
_l(
    "config_syntax",
    'app_store_connect_api_key(\n  key_id: "'
    + _r(10, UPPER_AN)
    + '",\n  issuer_id: "'
    + _uuid()
    + '",\n'
    '  key_filepath: ENV["ASC_KEY_PATH"],\n  in_house: false\n)\n# team_id: "'
    + _r(10, UPPER_AN)
    + '"',
)
_l(
    "config_syntax",
    "- model: accounts.user\n  pk: 1\n  fields:\n    username: fixture-admin\n"
    "    password: pbkdf2_sha256$870000$" + _r(22) + "$" + _b64(32) + "\n    is_superuser: true",
)
_l(
    "config_syntax",
    "# RFC 4231, test case 1 (published HMAC-SHA-256 test vector)\n"
    'KEY = bytes.fromhex("' + "0b" * 20 + '")\nDATA = b"Hi There"\n'
    'EXPECTED = "b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7"',
)
_l(
    "config_syntax",
    '# RFC 6238 appendix B: the published TOTP test seed, ASCII "12345678901234567890"\n'
    'SEED_SHA1 = b"12345678901234567890"\nassert totp(SEED_SHA1, t=59, digits=8) == "94287082"',
)
_l(
    "config_syntax",
    '.logo {\n  background-image: url("data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAACAAAAAgCAYAAA'
    "Bzenr0AAAA" + _b64(300) + '");\n}',
)
_l(
    "config_syntax",
    "$ wandb sync --view\nrun " + _r(8, LOWER_AN) + " (vision-lab/defect-detector) synced\n"
    "mlflow run_id: " + _r(32, HEX) + "\nsentry event_id: " + _r(32, HEX),
)
_l(
    "config_syntax",
    "Пароль должен содержать не менее 12 символов; хранится он в Vault по пути kv/prod/shop/db, а "  # noqa: RUF001
    "не в чате.",
)
_l(
    "config_syntax",
    "Le mot de passe est dans le coffre 1Password « Prod – Base de données » ; ne le collez jamais "  # noqa: RUF001
    "ici.",
)
_l(
    "config_syntax",
    "A senha fica no Secrets Manager (prod/orders/db). Para ler: aws secretsmanager "
    "get-secret-value --secret-id prod/orders/db",
)
_l(
    "config_syntax",
    "$ ls -l /nix/store | grep openssl\ndr-xr-xr-x 4 root root 4096 Jan  1  1970 "
    + _r(32, "0123456789abcdfghijklmnpqrsvwxyz")
    + "-openssl-3.3.2-bin",
)
_l(
    "config_syntax",
    'ETag: W/"'
    + _r(40, HEX)
    + '"\nIf-None-Match: "'
    + _r(32, HEX)
    + '"\nX-Cache-Key: pages:v3:'
    + _r(16, HEX),
)
_l(
    "config_syntax",
    "Hash the password with Argon2id (m=19456, t=2, p=1) and store only the hash:\n"
    "$argon2id$v=19$m=19456,t=2,p=1$" + _b64(16).rstrip("=") + "$" + _b64(32).rstrip("="),
)
_l(
    "config_syntax",
    "| key            | value                         |\n|----------------|------------------------"
    "-------|\n"
    "| secret_name    | prod/orders/db                |\n| rotation_days  | 30                     "
    "       |\n"
    "| last_rotated   | 2026-11-28T02:00:00Z          |\n| kms_key_alias  | alias/orders-secrets   "
    "       |",
)
