"""TWELFTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before the widening of the rules that follows held-out 11 (round 8):
its author never read the rules (graphmem/redact.py), their description (docs/security.md,
CHANGELOG.md) or the messages of the commits that changed them, and never ran redaction on a case
while writing it, so no case was kept or dropped for what the rules do with it. Committed alone,
then measured once on the rules as they stood ("before"); it is the estimate of redaction on text
no test here contains.
Half of its cases come from the contexts a coding agent meets every day, in forms the other splits
do not use: BuildKit build logs printing a `RUN` line, `crictl inspect`, `podman login` and
`skopeo --src-creds` in history, `oc login --token=sha256~`, Rancher tokens, `kubectl describe
secret` (sizes only), oauth2-proxy and Dex configs, Backstage `app-config.local.yaml`, `flux create
secret git`, `aws apigateway get-api-keys --include-values`, AppSync `da2-` keys, `aws iot
create-keys-and-certificate`, `aws iam create-service-specific-credential`, Cognito app client
secrets, Glue connections, Elastic Beanstalk option settings, `gsutil hmac create`, `gcloud
services api-keys get-key-string`, `gcloud auth print-identity-token`, `firebase
functions:config:get`, `az ad app credential reset`, `az functionapp keys list`, SignalR and
Communication Services connection strings, `az search admin-key show`, Azure DevOps PATs in clone
URLs, `git send-email` passwords in `.gitconfig`, zsh extended history, `mise.toml` `[env]`,
`.envrc`, PowerShell `ConvertTo-SecureString -AsPlainText`, `setx`, Visual Studio
`launchSettings.json`, Xcode `.xcscheme` environment, VS Code SQLTools connections, httpie
sessions, Hurl files, k6 and Locust scripts, `phpunit.xml` `<env>`, Go golden files, RSpec `let`,
marimo notebooks, `jupyter server list` tokens, code-server `config.yaml`, PHP `PDOException`
traces with arguments, .NET `SqlException`, Rust `Debug` panics, `strace` and `tcpdump -A`
output, nginx access logs with keys in query strings, Postgres `CREATE USER MAPPING` and
`pg_user_mappings`, DuckDB `CREATE SECRET`, Redis `MONITOR`, `mongosh` `db.auth`, Alertmanager,
Prometheus `remote_write`, OpenTelemetry collector, Vector and Fluent Bit outputs, Slack `xapp-`
and signing secrets, Jira and GitHub issue comments, and emails pasted into a chat. The other half
come from contexts no earlier split lists: travel and shipping (Duffel, Amadeus, FlightAware,
EasyPost, Shippo), payments of other regions (Toss, PayMongo, Omise, YooKassa, Cashfree, Efí/Pix,
Conekta, Iyzico, BTCPay, Checkout.com, Authorize.net, PayPal, Recurly, Chargebee, Lemon Squeezy,
Polar), developer platforms (Inngest, Trigger.dev, Svix, Unkey, WorkOS, Liveblocks, Novu, Knock,
Fauna, EdgeDB, Temporal Cloud, Portainer, Coder, OpenShift, Headscale, Netbird, CrowdSec, Ceph
keyrings, Garage, Velero, OpenTofu state encryption, Atlantis, Spacelift), AI services (LlamaCloud,
Jina, Picovoice, Speechmatics, Mindee, api.video), forms and scheduling (Typeform, Cal.com),
self-hosting (Plex, the *arr stack, Node-RED, Matomo, Umami, Discourse, NetBox, Redmine, ERPNext,
cPanel, GoDaddy, Namecheap, Gandi, deSEC, Minecraft RCON, IFTTT), mail providers (Mailjet,
SparkPost, Mandrill, Elastic Email, Fastmail app passwords, aerc), identity and secrets (Duo,
CyberArk Conjur, Akeyless, Salesforce sessions and security tokens), data (Mixpanel secrets,
Podcast Index, the Guardian, Europeana, CoinMarketCap), Fitbit, Oura and SmartThings, Bitbucket app
passwords, Elastic Cloud `essu_` keys, Kibana encryption keys, Traefik `acme.json`; with secrets in
prose in human languages no earlier split used (Gujarati, Punjabi, Kannada, Malayalam, Lao,
Burmese, Zulu, Hausa, Somali, Belarusian, Macedonian, Irish, Luxembourgish, Maltese, Uzbek,
Esperanto, Cebuano, Malagasy, Maori, Haitian Creole, Faroese, Cantonese), shell history, stack
traces, query strings, base64 and JSON-escaped strings, line continuations, diffs, markdown and CSV
tables and timestamped logs. Its look-alikes are public keys, certificates and fingerprints,
publishable and client-side keys documented as public (Toss client keys, PayMongo and Omise public
keys, Recurly `ewr1-`, Liveblocks `pk_`, Application Insights instrumentation keys, Mixpanel project
tokens, WorkOS client ids, Uploadcare public keys), ids, digests, lock file integrity and commit
SHAs, ciphertexts and sealed values meant to be committed, secret references (ExternalSecret,
`dbutils.secrets.get`, `withCredentials`, `env:` in Dagger, `valueFrom`), masked values,
placeholders, documented example values and settings named like secrets.
`python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own, so no token-shaped string is
committed.
"""

from __future__ import annotations

import base64
import json

from tests.data.fake_secrets import DIGITS, HEX, LOWER_AN, UPPER_AN, URLSAFE, Fakes, Split, pem

_fakes = Fakes(12_2026_1130)
_rng = _fakes.rng
_r, _b64, _urlb64, _uuid, _alnum = _fakes.r, _fakes.b64, _fakes.urlb64, _fakes.uuid, _fakes.alnum


def _pw() -> str:
    """A generated password with a symbol or two, as a password manager makes them."""
    return _r(7) + _rng.choice("!%*-_=+") + _r(6) + _rng.choice("@^.") + _r(4)


def _urlpw() -> str:
    """A generated password with only URL-safe symbols."""
    return _r(10) + _rng.choice("-_.") + _r(8)


def _human() -> str:
    """A password a person chose."""
    words = ["Mango", "Harbour", "Tamarind", "Lagoon", "Monsoon", "Cobalt", "Juniper", "Saffron"]
    return _rng.choice(words) + _rng.choice("@$!") + str(_rng.randrange(100, 999)) + _r(3)


def _hex(n: int) -> str:
    return _r(n, HEX)


def _ts(h: int, m: int) -> str:
    return f"2026-12-04 {h:02d}:{m:02d}:{_rng.randrange(60):02d},{_r(3, DIGITS)}"


def _enc(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike

# --------------------------------------------------------------------------- prefixed tokens
_v = "sha256~" + _r(43, URLSAFE)
_s(
    "prefixed_token",
    f"$ oc login --token={_v} --server=https://api.ocp4.corp.internal:6443\n"
    'Logged into "https://api.ocp4.corp.internal:6443" as "kube:admin" using the token provided.',
    _v,
)
_v = "token-" + _r(5, LOWER_AN) + ":" + _r(54, LOWER_AN)
_s(
    "prefixed_token",
    "# ~/.config/rancher/cli2.json (cat'd while debugging)\n"
    '{"Servers":{"rancherDefault":{"accessKey":"' + _v.split(":")[0] + '",'
    f'"tokenKey":"{_v}","url":"https://rancher.ops.lan"}}}}}}',
    _v,
)
_v = "da2-" + _r(26, LOWER_AN)
_s(
    "prefixed_token",
    "$ aws appsync list-api-keys --api-id " + _r(26, LOWER_AN) + "\n"
    '{\n    "apiKeys": [\n        {\n            "id": "' + _v + '",\n'
    '            "expires": 1767225600,\n            "deletes": 1772409600\n        }\n    ]\n}',
    _v,
)
_v = "ATBB" + _r(28) + _r(8, HEX).upper()
_s(
    "prefixed_token",
    "Bitbucket Pipelines failed on clone, so I tried by hand:\n"
    f"$ git clone https://deploy-bot:{_v}@bitbucket.org/acme/payments.git\n"
    "Cloning into 'payments'...",
    _v,
)
_v = "signkey-prod-" + _hex(64)
_v2 = _r(86, URLSAFE)
_s(
    "prefixed_token",
    "# .env.production (Inngest)\n"
    f"INNGEST_SIGNING_KEY={_v}\nINNGEST_EVENT_KEY={_v2}\nINNGEST_DEV=0",
    _v,
    _v2,
)
_v = "tr_prod_" + _r(20)
_s(
    "prefixed_token",
    "$ npx trigger.dev@latest deploy\n"
    f"[debug] using TRIGGER_SECRET_KEY={_v} for project proj_{_r(20, LOWER_AN)}",
    _v,
)
_v = "whsec_" + _enc(_r(24))
_s(
    "prefixed_token",
    "from svix.webhooks import Webhook\n\n"
    f'wh = Webhook("{_v}")  # TODO move to settings\n'
    "payload = wh.verify(request.body, request.headers)",
    _v,
)
_v = "unkey_" + _r(24)
_s(
    "prefixed_token",
    "$ curl -s https://api.unkey.dev/v1/keys.createKey \\\n"
    f"    -H 'Authorization: Bearer {_v}' \\\n"
    '    -d \'{"apiId":"api_' + _r(18) + '","prefix":"acme"}\'',
    _v,
)
_v = "sk_live_" + _r(90)
_s(
    "prefixed_token",
    "// lib/workos.ts\nimport { WorkOS } from '@workos-inc/node';\n\n"
    f"export const workos = new WorkOS('{_v}');\n"
    "export const clientId = 'client_01J" + _r(23, UPPER_AN) + "';",
    _v,
)
_v = "sk_prod_" + _r(64, URLSAFE)
_s(
    "prefixed_token",
    "diff --git a/liveblocks.config.ts b/liveblocks.config.ts\n"
    '@@ -1,3 +1,4 @@\n import { Liveblocks } from "@liveblocks/node";\n'
    f'+const liveblocks = new Liveblocks({{ secret: "{_v}" }});\n',
    _v,
)
_v = "fnA" + _r(37, URLSAFE)
_s(
    "prefixed_token",
    'Traceback (most recent call last):\n  File "seed.py", line 12, in <module>\n'
    f'    client = Client(secret="{_v}")\n'
    "fauna.errors.AuthenticationError: unauthorized",
    _v,
)
_v = "llx-" + _r(48)
_s(
    "prefixed_token",
    'In [3]: import os\nIn [4]: os.environ["LLAMA_CLOUD_API_KEY"] = '
    f'"{_v}"\nIn [5]: parser = LlamaParse(result_type="markdown")',
    _v,
)
_v = "jina_" + _hex(32) + _r(28)
_s(
    "prefixed_token",
    "$ history | grep jina\n  512  curl https://r.jina.ai/https://example.org -H "
    f'"Authorization: Bearer {_v}"',
    _v,
)
_v = "polar_oat_" + _r(43)
_s(
    "prefixed_token",
    f"| name | value |\n|---|---|\n| POLAR_ACCESS_TOKEN | `{_v}` |\n"
    "| POLAR_ORGANIZATION_ID | `" + _uuid() + "` |",
    _v,
)
_v = "cal_live_" + _hex(32)
_s(
    "prefixed_token",
    f"{_ts(9, 14)} WARN  cal-sync: GET https://api.cal.com/v1/bookings?apiKey={_v}"
    " -> 429 Too Many Requests",
    _v,
)
_v = "tfp_" + _r(44, URLSAFE) + "_" + _r(14, URLSAFE)
_s(
    "prefixed_token",
    "Form export script:\n```bash\nexport TYPEFORM_TOKEN=" + _v + "\n"
    'curl -H "Authorization: bearer $TYPEFORM_TOKEN" https://api.typeform.com/forms\n```',
    _v,
)
_v = "duffel_live_" + _r(43, URLSAFE)
_s(
    "prefixed_token",
    f'config/initializers/duffel.rb\nDUFFEL = DuffelAPI::Client.new(access_token: "{_v}")',
    _v,
)
_v = "shippo_live_" + _hex(40)
_s(
    "prefixed_token",
    "shippo.config.api_key = \\\n"
    f'    "{_v}"\n'
    "shipment = shippo.Shipment.create(address_from=addr_from, address_to=addr_to)",
    _v,
)
_v = "EZAK" + _hex(32) + _r(22)
_s(
    "prefixed_token",
    "2026-12-04T10:02:11Z easypost_client ERROR invalid address; client="
    f'EasyPost::Client(api_key: "{_v}", read_timeout: 60)',
    _v,
)
_v = "live_sk_" + _r(24)
_s(
    "prefixed_token",
    "토스페이먼츠 결제 승인 코드:\n"
    f"const secretKey = '{_v}';\n"
    "const encoded = Buffer.from(secretKey + ':').toString('base64');",
    _v,
)
_v = "sk_live_" + _r(24)
_s(
    "prefixed_token",
    "Hi team, PayMongo webhook isn't firing. Our config:\n"
    "PAYMONGO_PUBLIC_KEY=pk_live_" + _r(24) + f"\nPAYMONGO_SECRET_KEY={_v}",
    _v,
)
_v = "skey_" + _r(19, LOWER_AN)
_s(
    "prefixed_token",
    f"omise:\n  public_key: pkey_{_r(19, LOWER_AN)}\n  secret_key: {_v}\n"
    "  api_version: '2019-05-29'",
    _v,
)
_v = "cfsk_ma_prod_" + _hex(32) + "_" + _hex(8)
_s(
    "prefixed_token",
    f"curl --request POST --url https://api.cashfree.com/pg/orders \\\n"
    f"  --header 'x-client-id: {_r(30, DIGITS)}' \\\n  --header 'x-client-secret: {_v}'",
    _v,
)
_v = "sk_sbox_" + _r(26, LOWER_AN)
_s(
    "prefixed_token",
    "checkout:\n  environment: sandbox\n  public_key: pk_sbox_" + _r(26, LOWER_AN) + "\n"
    f"  secret_key: {_v}",
    _v,
)
_v = "essu_" + _enc(_r(20) + ":" + _r(22)).rstrip("=")
_s(
    "prefixed_token",
    "$ ecctl deployment list --api-key " + _v + "\nID                                 NAME",
    _v,
)
_v = "ptr_" + _r(43, URLSAFE)
_s(
    "prefixed_token",
    "- name: redeploy stack\n  uri:\n"
    "    url: https://portainer.lan:9443/api/stacks/4/git/redeploy\n"
    f'    method: PUT\n    headers:\n      X-API-Key: "{_v}"',
    _v,
)
_v = _r(10) + "-" + _r(22)
_s(
    "prefixed_token",
    f"$ coder login https://coder.acme.dev --token {_v}\n"
    "Welcome to Coder, dev! You're authenticated.",
    _v,
)
_v = "xapp-1-A" + _r(10, UPPER_AN) + "-" + _r(13, DIGITS) + "-" + _hex(64)
_s(
    "prefixed_token",
    f"# socket mode bot, .env.local\nSLACK_BOT_TOKEN=${{SLACK_BOT_TOKEN}}\nSLACK_APP_TOKEN={_v}",
    _v,
)
_v = "xoxe.xoxp-1-" + _r(140)
_v2 = "xoxe-1-" + _r(130)
_s(
    "prefixed_token",
    "oauth.v2.access response (token rotation on):\n"
    + json.dumps({"ok": True, "authed_user": {"access_token": _v, "refresh_token": _v2}}),
    _v,
    _v2,
)
_v = "md-" + _r(22, URLSAFE)
_s(
    "prefixed_token",
    f"<?php\n$mailchimp = new MailchimpTransactional\\ApiClient();\n$mailchimp->setApiKey('{_v}');",
    _v,
)
_v = "00D" + _r(12) + "!" + _r(96, URLSAFE.replace("-", "."))
_s(
    "prefixed_token",
    "$ sf org display --target-org prod --verbose\n"
    "KEY              VALUE\n"
    f"Access Token     {_v}\n"
    "Instance Url     https://acme.my.salesforce.com\nUsername         ops@acme.com",
    _v,
)
_v = "A21AA" + _r(92, URLSAFE)
_s(
    "prefixed_token",
    f"{_ts(11, 40)} DEBUG paypal.http  POST /v2/checkout/orders headers="
    f"{{'Authorization': 'Bearer {_v}', 'Content-Type': 'application/json'}}",
    _v,
)
_v = "live_" + _r(43, URLSAFE)
_s(
    "prefixed_token",
    'ЮKassa у нас в configs/prod.yml:\nyookassa:\n  shop_id: "' + _r(6, DIGITS) + '"\n'  # noqa: RUF001
    f'  secret_key: "{_v}"',
    _v,
)
_v = "key_" + _r(24)
_s(
    "prefixed_token",
    "# config/conekta.rb\nConekta.api_key = '" + _v + "'\nConekta.api_version = '2.1.0'",
    _v,
)
_v = "nbwt_" + _r(170, URLSAFE)
_s(
    "prefixed_token",
    "$ edgedb cloud secretkey create --scopes all\n" + _v,
    _v,
)

_l(
    "prefixed_token",
    "const tossClientKey = 'live_ck_" + _r(20) + "'; // 클라이언트 키는 브라우저에 노출돼도 됩니다",
)
_l(
    "prefixed_token",
    '<script src="https://js.paymongo.com/v1"></script>\n'
    "<script>const paymongo = PayMongo('pk_live_" + _r(24) + "');</script>",
)
_l("prefixed_token", 'Omise.setPublicKey("pkey_' + _r(19, LOWER_AN) + '");')
_l(
    "prefixed_token",
    "recurly.configure({ publicKey: 'ewr1-" + _r(22) + "' });  // public key, safe in the page",
)
_l(
    "prefixed_token",
    '<LiveblocksProvider publicApiKey="pk_prod_' + _r(64, URLSAFE) + '">',
)
_l(
    "prefixed_token",
    "WORKOS_CLIENT_ID=client_01J"
    + _r(23, UPPER_AN)
    + "\nWORKOS_REDIRECT_URI=http://localhost:3000/callback",
)
_l(
    "prefixed_token",
    "$ stripe events resend evt_1Q" + _r(22) + "\nRetrying event evt_1Q... delivered (200)",
)
_l(
    "prefixed_token",
    "Order ord_0000A" + _r(17) + " confirmed, offer off_0000A" + _r(17) + " (Duffel sandbox log)",
)
_l(
    "prefixed_token",
    "2026-12-04 10:05:03 INFO  webhook msg_2" + _r(26) + " delivered to ep_2" + _r(26),
)
_l(
    "prefixed_token",
    "tracking: shp_" + _hex(32) + "  carrier=USPS  rate_" + _hex(32),
)
_l(
    "prefixed_token",
    "Slack app manifest:\n  app_id: A"
    + _r(10, UPPER_AN)
    + "\n  team_id: T"
    + _r(10, UPPER_AN)
    + "\n  bot_user_id: U"
    + _r(10, UPPER_AN),
)
_l(
    "prefixed_token",
    "The session token format is `sha256~<43 chars>`; paste yours after `oc login --token=`.",
)
_l(
    "prefixed_token",
    "INNGEST_SIGNING_KEY=signkey-test-<redacted>   # set in Vercel, not here",
)
_l(
    "prefixed_token",
    "# .env.example\nSTRIPE_SECRET_KEY=sk_live_xxxxxxxxxxxxxxxxxxxxxxxx\n"
    "TRIGGER_SECRET_KEY=tr_dev_xxxxxxxxxxxxxxxxxxxx",
)
_l(
    "prefixed_token",
    "Salesforce record ids: 0015g00000" + _r(8) + "AAA, 0035g00000" + _r(8) + "AAC",
)
_l(
    "prefixed_token",
    "$ git log --oneline -3\n"
    + _hex(7)
    + " fix(auth): rotate da2 keys weekly\n"
    + _hex(7)
    + " chore: bump @workos-inc/node\n"
    + _hex(7)
    + " docs: sk_ keys go in the vault",
)
_l(
    "prefixed_token",
    "Uploadcare: UPLOADCARE_PUBLIC_KEY=" + _hex(20) + "  # public, used by the widget",
)
_l(
    "prefixed_token",
    'mixpanel.init("' + _hex(32) + '", {track_pageview: true}); // project token is public',
)

# --------------------------------------------------------------------------- key blocks
_v = _b64(1190)
_s(
    "key_block",
    "$ aws iot create-keys-and-certificate --set-as-active\n{\n"
    '    "certificateArn": "arn:aws:iot:eu-west-1:' + _r(12, DIGITS) + ":cert/" + _hex(64) + '",\n'
    '    "keyPair": {\n        "PublicKey": "-----BEGIN PUBLIC KEY-----\\n' + _b64(60) + "\\n"
    '-----END PUBLIC KEY-----\\n",\n'
    '        "PrivateKey": "-----BEGIN RSA PRIVATE KEY-----\\n'
    + "\\n".join(_v[i : i + 64] for i in range(0, len(_v), 64))
    + '\\n-----END RSA PRIVATE KEY-----\\n"\n    }\n}',
    _v[:64],
    _v[64:128],
)
_v = _b64(121)
_s(
    "key_block",
    "$ cat ~/.local/share/mkcert/rootCA-key.pem\n" + pem("PRIVATE KEY", _v),
    _v[:64],
)
_v = _b64(1216)
_acme = {
    "letsencrypt": {
        "Account": {
            "Email": "ops@acme.dev",
            "Registration": {
                "uri": "https://acme-v02.api.letsencrypt.org/acme/acct/" + _r(9, DIGITS)
            },
            "PrivateKey": _v,
            "KeyType": "4096",
        },
        "Certificates": [
            {"domain": {"main": "acme.dev"}, "certificate": _b64(900), "key": _b64(1190)},
        ],
    }
}
_s(
    "key_block",
    "$ sudo cat /srv/traefik/acme.json | head -c 600\n" + json.dumps(_acme, indent=2)[:600],
    _v[:40],
)
_v = "AQ" + _b64(38)[2:]
_s(
    "key_block",
    "$ sudo cat /etc/ceph/ceph.client.admin.keyring\n[client.admin]\n"
    f'\tkey = {_v}\n\tcaps mds = "allow *"\n\tcaps mon = "allow *"\n\tcaps osd = "allow *"',
    _v,
)
_v = "AQ" + _b64(38)[2:]
_s(
    "key_block",
    f"$ ceph auth get-key client.k8s-rbd\n{_v}\n"
    "$ kubectl -n ceph-csi create secret generic csi-rbd-secret --from-literal=userKey=...",
    _v,
)
_v = _b64(1190)
_s(
    "key_block",
    "diff --git a/infra/cloudfront/pk-APKA"
    + _r(16, UPPER_AN)
    + ".pem b/infra/cloudfront/pk-APKA"
    + _r(16, UPPER_AN)
    + ".pem\nnew file mode 100644\n--- /dev/null\n+++ b/infra/cloudfront/key.pem\n"
    "@@ -0,0 +1,27 @@\n+-----BEGIN RSA PRIVATE KEY-----\n"
    + "\n".join("+" + _v[i : i + 64] for i in range(0, len(_v), 64))
    + "\n+-----END RSA PRIVATE KEY-----",
    _v[64:128],
)
_v = _b64(121)
_s(
    "key_block",
    "Rust panic from the signer service:\n"
    "thread 'main' panicked at src/config.rs:41:9:\ninvalid config: Config { listen: 0.0.0.0:8443, "
    f'signing_key_pem: "-----BEGIN EC PRIVATE KEY-----\\n{_v[:64]}\\n{_v[64:]}\\n'
    '-----END EC PRIVATE KEY-----\\n", issuer: "acme" }',
    _v[:64],
)
_v = _b64(2400)
_s(
    "key_block",
    "# GitHub Actions step that prints the Android upload key (do not do this)\n"
    f'Run echo "$KEYSTORE_B64" | tee keystore.b64\n{_v[:76]}\n{_v[76:152]}\n{_v[152:228]}',
    _v[:76],
)
_v = _b64(64)
_s(
    "key_block",
    "$ git-crypt export-key /dev/stdout | base64\n" + _v + "\n(pasting so you can unlock the repo)",
    _v,
)
_v = _b64(1190)
_s(
    "key_block",
    "- hosts: bastion\n  vars:\n    deploy_private_key: |\n"
    "      -----BEGIN OPENSSH PRIVATE KEY-----\n"
    + "\n".join("      " + _v[i : i + 70] for i in range(0, 420, 70))
    + "\n      -----END OPENSSH PRIVATE KEY-----",
    _v[:70],
    _v[140:210],
)
_v = _b64(48)
_s(
    "key_block",
    '# tofu state encryption (main.tf)\nterraform {\n  encryption {\n    key_provider "aes_gcm" '
    '"static" {\n      key = "' + _v + '"\n    }\n  }\n}',
    _v,
)
_v = _b64(121)
_s(
    "key_block",
    "marimo notebook, cell 3:\n@app.cell\ndef __():\n"
    '    PRIVATE_KEY = """-----BEGIN PRIVATE KEY-----\n'
    f'{_v[:64]}\n{_v[64:]}\n-----END PRIVATE KEY-----"""\n    return (PRIVATE_KEY,)',
    _v[:64],
)
_v = _b64(1216)
_s(
    "key_block",
    "$ kubectl get secret webhook-tls -o jsonpath='{.data}' \n"
    '{"tls.crt":"'
    + _enc("-----BEGIN CERTIFICATE-----\n" + _b64(40))
    + '","tls.key":"'
    + _enc("-----BEGIN PRIVATE KEY-----\n" + _v[:200])
    + '"}',
    _enc("-----BEGIN PRIVATE KEY-----\n" + _v[:200]),
)
_v = _hex(64)
_v2 = _r(7) + "." + _r(32)
_s(
    "key_block",
    "Headscale:\n$ headscale apikeys create --expiration 90d\n"
    + _v2
    + "\n$ cat /var/lib/headscale/noise_private.key\nprivkey:"
    + _v,
    _v,
    _v2,
)
_v = _b64(1190)
_s(
    "key_block",
    "Sent from a colleague on Teams-like chat, 14:02:\n> here is the deploy key, don't lose it\n"
    "> -----BEGIN RSA PRIVATE KEY-----\n"
    + "\n".join("> " + _v[i : i + 64] for i in range(0, 256, 64))
    + "\n> ...",
    _v[:64],
    _v[128:192],
)
_v = _b64(64)
_s(
    "key_block",
    '# Garage\nmetadata_dir = "/var/lib/garage/meta"\nrpc_bind_addr = "[::]:3901"\n'
    f'rpc_secret = "{_hex(64)}"\nadmin_token = "{_v}"',
    _v,
)

_l(
    "key_block",
    "$ aws iot describe-certificate --certificate-id " + _hex(64) + " --query "
    "certificateDescription.certificatePem --output text\n" + pem("CERTIFICATE", _b64(900)),
)
_l("key_block", "$ cat ~/.local/share/mkcert/rootCA.pem\n" + pem("CERTIFICATE", _b64(700)))
_l(
    "key_block",
    "$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:"
    + _b64(32).rstrip("=")
    + " dev@laptop (ED25519)",
)
_l(
    "key_block",
    "authorized_keys on the bastion:\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI"
    + _b64(32)[:43]
    + " ci@runner\nssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABgQ"
    + _b64(380)
    + " ops@jump",
)
_l(
    "key_block",
    "CloudFront public key (upload to the console):\n" + pem("PUBLIC KEY", _b64(294)),
)
_l(
    "key_block",
    "$ kubectl describe secret webhook-tls\nName:         webhook-tls\nNamespace:    default\n"
    "Type:  kubernetes.io/tls\n\nData\n====\ntls.crt:  1164 bytes\ntls.key:  1704 bytes",
)
_l(
    "key_block",
    "$ openssl req -in app.csr -noout -text | head -4\nCertificate Request:\n    Data:\n"
    "        Version: 1 (0x0)\n        Subject: CN = app.acme.dev\n"
    + pem("CERTIFICATE REQUEST", _b64(600)),
)
_l(
    "key_block",
    "$ gpg --export --armor ops@acme.dev\n-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n"
    + "\n".join(_b64(48) for _ in range(6))
    + "\n="
    + _b64(3)
    + "\n-----END PGP PUBLIC KEY BLOCK-----",
)
_l(
    "key_block",
    "ceph status:\n  cluster:\n    id:     " + _uuid() + "\n    health: HEALTH_OK\n"
    "  services:\n    mon: 3 daemons, quorum a,b,c",
)
_l(
    "key_block",
    '# git-crypt: the repo key is in 1Password, item "payments git-crypt key"\n'
    "$ git-crypt status -e | head -2\n    encrypted: config/prod.env\n"
    "    encrypted: config/keys.json",
)
_l(
    "key_block",
    "$ step certificate fingerprint root_ca.crt\n" + _hex(64),
)
_l(
    "key_block",
    "Traefik dashboard -> certificates: acme.dev  issuer R11  expires 2027-02-28  "
    "serial " + ":".join(_hex(2) for _ in range(16)),
)
_l(
    "key_block",
    "JWKS served at /.well-known/jwks.json:\n"
    + json.dumps(
        {
            "keys": [
                {
                    "kty": "EC",
                    "crv": "P-256",
                    "kid": _r(16),
                    "use": "sig",
                    "x": _urlb64(32),
                    "y": _urlb64(32),
                }
            ]
        }
    ),
)
_l(
    "key_block",
    "-----BEGIN AGE ENCRYPTED FILE-----\n"
    + "\n".join(_b64(48) for _ in range(4))
    + "\n-----END AGE ENCRYPTED FILE-----",
)
_l(
    "key_block",
    "Signed-off-by: Dev <dev@acme.dev>\n-----BEGIN SSH SIGNATURE-----\n"
    + "\n".join(_b64(52) for _ in range(5))
    + "\n-----END SSH SIGNATURE-----",
)
_l(
    "key_block",
    'tofu: encryption uses key_provider "aws_kms" with kms_key_id = '
    '"arn:aws:kms:eu-west-1:' + _r(12, DIGITS) + ":key/" + _uuid() + '"',
)
_l(
    "key_block",
    "WireGuard peer (public):\n[Peer]\nPublicKey = " + _b64(32) + "\nAllowedIPs = 10.8.0.2/32",
)
_l(
    "key_block",
    "Test vector from RFC 8032 section 7.1, TEST 1 (documented example):\n"
    "PUBLIC KEY:\nd75a980182b10ab7d54bfed3c964073a0ee172f3daa62325af021a68f707511a",
)

# --------------------------------------------------------------------------- connections
_v = "Endpoint=https://acme-prod.service.signalr.net;AccessKey=" + _b64(32) + ";Version=1.0;"
_s(
    "connection",
    "$ az signalr key list -n acme-prod -g rg-prod -o json\n{\n"
    f'  "primaryConnectionString": "{_v}",\n'
    '  "primaryKey": "' + _v.split("AccessKey=")[1].split(";")[0] + '"\n}',
    _v.split("AccessKey=")[1].split(";")[0],
)
_v = _b64(64)
_s(
    "connection",
    'appsettings.Development.json:\n{\n  "ConnectionStrings": {\n    "Email": '
    f'"endpoint=https://acme-mail.europe.communication.azure.com/;accesskey={_v}"\n  }}\n}}',
    _v,
)
_v = _r(52, LOWER_AN)
_s(
    "connection",
    f"$ git clone https://acme:{_v}@dev.azure.com/acme/Platform/_git/platform-api\n"
    "Cloning into 'platform-api'...\nremote: Azure Repos",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "CREATE SERVER legacy_pg FOREIGN DATA WRAPPER postgres_fdw\n"
    "  OPTIONS (host '10.2.0.14', port '5432', dbname 'billing');\n"
    "CREATE USER MAPPING FOR app_rw SERVER legacy_pg\n"
    f"  OPTIONS (user 'billing_ro', password '{_v}');",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "billing=# SELECT srvname, usename, umoptions FROM pg_user_mappings;\n"
    " srvname  | usename |              umoptions\n"
    "----------+---------+-----------------------------\n"
    f" legacy_pg | app_rw  | {{user=billing_ro,password={_v}}}\n(1 row)",
    _v,
)
_v = _r(40, URLSAFE)
_v2 = "GOOG1E" + _r(55, UPPER_AN)
_s(
    "connection",
    "D CREATE SECRET gcs_raw (\n      TYPE GCS,\n"
    f"      KEY_ID '{_v2}',\n      SECRET '{_v}'\n  );\n"
    "D SELECT count(*) FROM 'gs://acme-raw/events/*.parquet';",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "$ redis-cli -h cache.prod MONITOR\nOK\n"
    f'1733306400.101203 [0 10.0.3.7:51422] "AUTH" "orders-svc" "{_v}"\n'
    '1733306400.101987 [0 10.0.3.7:51422] "GET" "order:8812"',
    _v,
)
_v = _human()
_s(
    "connection",
    '$ mongosh "mongodb://db1.internal:27017/admin"\n'
    f'admin> db.auth("siteAdmin", "{_v}")\n{{ ok: 1 }}',
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "PHP Fatal error:  Uncaught PDOException: SQLSTATE[HY000] [1045] Access denied for user "
    "'shop'@'10.0.1.5' (using password: YES) in /var/www/app/src/Db.php:18\nStack trace:\n"
    "#0 /var/www/app/src/Db.php(18): PDO->__construct('mysql:host=db.in...', 'shop', "
    f"'{_v}')\n#1 /var/www/app/index.php(7): Db::connect()",
    _v,
)
_v = _pw()
_s(
    "connection",
    "Unhandled exception. System.ArgumentException: Keyword not supported: 'server name'.\n"
    "   at Microsoft.Data.SqlClient.SqlConnectionString..ctor(String connectionString)\n"
    f"ConnectionString: Server Name=sql-prod.database.windows.net;Database=crm;User Id=crm_app;"
    f"Password={_v};Encrypt=True",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    f"$ sudo tcpdump -A -i lo port 5672 | head\nAMQP....PLAIN....\x00guest_ops\x00{_v}....en_US",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    f"$ strace -f -e trace=write -s 200 ./worker 2>&1 | grep AUTH\n"
    f'[pid  4121] write(7, "*3\\r\\n$4\\r\\nAUTH\\r\\n$6\\r\\nworker\\r\\n$19\\r\\n{_v}\\r\\n'
    '", 52) = 52',
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "$ zsh history\n: 1733290112:0;export DATABASE_URL=postgres://app:"
    f"{_v}@pg-primary.internal:5432/app\n: 1733290140:0;bin/rails db:migrate",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "## Troubleshooting\nIf the worker cannot connect, check the broker URL. Ours is\n"
    f"`amqps://ingest:{_v}@rabbit.acme.cloud:5671/prod` and the vhost must exist.",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "$ skopeo copy --src-creds mirror-bot:" + _v + " docker://registry.acme.lan/base/python:3.12 "
    "docker://ghcr.io/acme/python:3.12",
    _v,
)
_v = _pw()
_s(
    "connection",
    "aerc accounts.conf:\n[Work]\nsource = imaps://lena%40acme.dev:"
    + _v.replace("@", "%40")
    + "@imap.fastmail.com\noutgoing = smtps://lena%40acme.dev@smtp.fastmail.com",
    _v.replace("@", "%40"),
)
_v = _urlpw()
_s(
    "connection",
    "velero credentials-velero (restored from the backup bucket README):\n[default]\n"
    f"aws_access_key_id = minio-velero\naws_secret_access_key = {_v}",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    'sqltools in .vscode/settings.json:\n"sqltools.connections": [\n  {\n    "name": "staging",\n'
    '    "driver": "PostgreSQL",\n    "server": "pg-staging.acme.lan",\n'
    f'    "username": "dev_ro",\n    "password": "{_v}"\n  }}\n]',
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "java.sql.SQLException: Access denied for user 'etl'@'10.4.2.9'\n"
    "\tat com.mysql.cj.jdbc.ConnectionImpl.createNewIO(ConnectionImpl.java:836)\n"
    "Caused by: while opening jdbc:mysql://mysql-dw:3306/warehouse?user=etl&password="
    f"{_v}&useSSL=true",
    _v,
)
_v = _r(32, LOWER_AN)
_s(
    "connection",
    "Prometheus remote_write (prometheus.yml):\nremote_write:\n"
    "  - url: https://prometheus-prod-24.grafana.net/api/prom/push\n    basic_auth:\n"
    f'      username: "1482{_r(3, DIGITS)}"\n      password: "glc_{_v}"',
    "glc_" + _v,
)
_v = _urlpw()
_s(
    "connection",
    "mysql> SELECT argument FROM mysql.general_log WHERE command_type='Query' LIMIT 2;\n"
    f"| CREATE USER 'report'@'%' IDENTIFIED WITH caching_sha2_password BY '{_v}' |\n"
    "| GRANT SELECT ON shop.* TO 'report'@'%' |",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    'Sentry event extra:\n  celery.broker_url: "redis://:' + _v + '@10.0.7.3:6379/0"\n'
    '  celery.task: "reports.build_monthly"',
    _v,
)
_v = _urlpw()
_s(
    "connection",
    "2026-12-04T03:14:07Z ERR kombu.connection: Cannot connect to "
    f"sentinel://:{_v}@redis-sentinel-0.redis:26379/0: Connection refused.",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    f"[14:12] Jógvan: Loyniorðið til dátugrunnin er {_v}, brúkaranavnið er analytics.",
    _v,
)
_v = _urlpw()
_s(
    "connection",
    '$ docker exec -it pg psql "host=localhost port=5432 dbname=ledger user=ledger '
    f"password={_v} sslmode=disable\" -c '\\dt'",
    _v,
)

_l(
    "connection",
    "$ az monitor app-insights component show -a acme-web -g rg-web --query connectionString\n"
    '"InstrumentationKey='
    + _uuid()
    + ";IngestionEndpoint=https://westeurope-5.in.applicationinsights"
    '.azure.com/;LiveEndpoint=https://westeurope.livediagnostics.monitor.azure.com/"',
)
_l(
    "connection",
    "DATABASE_URL=postgres://postgres:postgres@localhost:5432/app_test  # docker compose test db",
)
_l(
    "connection",
    'billing=# \\conninfo\nYou are connected to database "billing" as user "app_rw" on host '
    '"10.2.0.14" at port "5432".',
)
_l(
    "connection",
    "sqlalchemy.exc.OperationalError: (psycopg.OperationalError) connection failed: "
    "postgresql://app:***@pg-primary.internal:5432/app",
)
_l(
    "connection",
    '$ mongosh "mongodb+srv://cluster0.ab1cd.mongodb.net/" --apiVersion 1 --username ana\n'
    "Enter password: ****************",
)
_l(
    "connection",
    "spring.datasource.url=jdbc:postgresql://${DB_HOST}:5432/orders\n"
    "spring.datasource.username=${DB_USER}\nspring.datasource.password=${DB_PASSWORD}",
)
_l(
    "connection",
    "redis://default@redis.internal:6379/0?protocol=3  (AUTH comes from REDISCLI_AUTH)",
)
_l(
    "connection",
    "$ git remote -v\norigin  git@ssh.dev.azure.com:v3/acme/Platform/platform-api (fetch)\n"
    "origin  git@ssh.dev.azure.com:v3/acme/Platform/platform-api (push)",
)
_l(
    "connection",
    "D CREATE SECRET gcs_raw (TYPE GCS, PROVIDER credential_chain);\n"
    "D SELECT name, type, provider, scope FROM duckdb_secrets();",
)
_l(
    "connection",
    "amqps://ingest@rabbit.acme.cloud:5671/prod?auth_mechanism=EXTERNAL  # client cert auth",
)
_l(
    "connection",
    "https://"
    + _r(8, LOWER_AN)
    + ".execute-api.eu-west-1.amazonaws.com/prod/orders?page=2&limit=50"
    "&cursor=" + _urlb64(24),
)
_l(
    "connection",
    "CREATE USER MAPPING FOR app_rw SERVER legacy_pg OPTIONS (user 'billing_ro', "
    "password_required 'false');  -- uses the peer's pg_hba trust",
)
_l(
    "connection",
    "smtp.host=smtp.fastmail.com\nsmtp.port=465\nsmtp.user=lena@acme.dev\n"
    "smtp.password_command=pass show mail/fastmail",
)
_l(
    "connection",
    "ConnectionStrings__Default=Server=(localdb)\\\\MSSQLLocalDB;Database=crm_dev;"
    "Trusted_Connection=True;MultipleActiveResultSets=true",
)

# --------------------------------------------------------------------------- authorization
_v = _r(20, URLSAFE)
_s(
    "authorization",
    f"{_ts(21, 3)} GET /library/sections/2/refresh HTTP/1.1 X-Plex-Token: {_v} 200 12ms",
    _v,
)
_v = _hex(32)
_s(
    "authorization",
    f"$ curl -s http://sonarr.lan:8989/api/v3/series \\\n    -H 'X-Api-Key: {_v}' | jq length\n214",
    _v,
)
_v = _hex(64)
_s(
    "authorization",
    "import requests\nr = requests.get(\n"
    '    "https://forum.acme.dev/admin/users/list/active.json",\n'
    f'    headers={{"Api-Key": "{_v}", "Api-Username": "system"}},\n)',
    _v,
)
_v = _hex(40)
_s(
    "authorization",
    "```\nPOST /api/dcim/devices/ HTTP/1.1\nHost: netbox.corp\n"
    f"Authorization: Token {_v}\nContent-Type: application/json\n```",
    _v,
)
_v = _hex(40)
_s(
    "authorization",
    f'$ curl -H "X-Redmine-API-Key: {_v}" https://redmine.acme.lan/issues.json?assigned_to_id=me',
    _v,
)
_v = _hex(15) + ":" + _hex(15)
_s(
    "authorization",
    'frappe client:\nheaders = {"Authorization": "token ' + _v + '"}\n'
    'requests.get("https://erp.acme.in/api/resource/Sales Invoice", headers=headers)',
    _v,
)
_v = _r(32, UPPER_AN)
_s(
    "authorization",
    "$ curl -H 'Authorization: cpanel acmeuser:" + _v + "' "
    "'https://host.acme.net:2083/execute/Email/list_pops'",
    _v,
)
_v = _r(14) + "_" + _r(22) + ":" + _r(22)
_s(
    "authorization",
    "const res = await fetch(`https://api.godaddy.com/v1/domains/${domain}/records/TXT`, {\n"
    f"  headers: {{ Authorization: 'sso-key {_v}' }},\n}});",
    _v.split(":")[1],
)
_v = _r(28, URLSAFE)
_s(
    "authorization",
    "certbot hook, /etc/letsencrypt/desec.sh:\ncurl -X PATCH https://desec.io/api/v1/domains/"
    f'acme.dev/rrsets/ \\\n  --header "Authorization: Token {_v}" --json @rrset.json',
    _v,
)
_v = _r(24) + "/" + _r(4)
_v2 = _r(40)
_s(
    "authorization",
    'Podcast Index sample (our fork):\n$apiKey = "' + _v.replace("/", "") + '";\n'
    f'$apiSecret = "{_v2}";\n$hash = sha1($apiKey.$apiSecret.$now);',
    _v.replace("/", ""),
    _v2,
)
_v = _r(32)
_s(
    "authorization",
    f"GET /aeroapi/flights/UAL1 HTTP/1.1\nHost: aeroapi.flightaware.com\nx-apikey: {_v}\n"
    "Accept: application/json",
    _v,
)
_v = _uuid()
_s(
    "authorization",
    "$ http GET https://pro-api.coinmarketcap.com/v1/cryptocurrency/listings/latest "
    f"X-CMC_PRO_API_KEY:{_v} limit==10",
    _v,
)
_v = _hex(32)
_s(
    "authorization",
    "mindee: curl -X POST https://api.mindee.net/v1/products/mindee/invoices/v4/predict "
    f'-H "Authorization: Token {_v}" -F document=@inv.pdf',
    _v,
)
_v = _b64(42)
_s(
    "authorization",
    "Proxy log (Squid-less, our Go proxy):\n"
    f'{_ts(8, 59)} req host=api.speechmatics.com hdr.Authorization="Bearer {_v}" bytes=8812',
    _v,
)
_v = _r(32, LOWER_AN)
_s(
    "authorization",
    "GET /api/v2/issues?limit=50 HTTP/2\nHost: sentry.acme.dev\n"
    f"Cookie: sentrysessionid={_v}; sc={_r(32)}\nUser-Agent: Mozilla/5.0",
    _v,
)
_v = _enc("toggl-bot@acme.dev:" + _pw())
_s(
    "authorization",
    "> GET /api/v9/me HTTP/2\n> Host: api.track.toggl.com\n"
    f"> authorization: Basic {_v}\n> user-agent: curl/8.5.0\n>\n< HTTP/2 200",
    _v,
)
_v = _r(40, URLSAFE)
_s(
    "authorization",
    "hurl file tests/api.hurl:\nGET https://api.acme.dev/v2/me\n"
    f'Authorization: Bearer {_v}\nHTTP 200\n[Asserts]\njsonpath "$.email" exists',
    _v,
)
_v = _r(48, URLSAFE)
_s(
    "authorization",
    "~/.config/httpie/sessions/api.acme.dev/prod.json\n"
    + json.dumps(
        {"headers": [{"name": "Authorization", "value": "Bearer " + _v}], "cookies": []},
        indent=4,
    ),
    _v,
)
_v = _enc("admin:" + _human())
_s(
    "authorization",
    "k6 script:\nexport default function () {\n  http.get('https://staging.acme.dev/admin', {\n"
    f"    headers: {{ Authorization: 'Basic {_v}' }},\n  }});\n}}",
    _v,
)
_v = _r(40)
_s(
    "authorization",
    "class AdminUser(HttpUser):\n    def on_start(self):\n"
    f'        self.client.headers["X-Auth-Token"] = "{_v}"',
    _v,
)

_l(
    "authorization",
    "GET /api/v3/series HTTP/1.1\nHost: sonarr.lan:8989\nX-Api-Key: {{sonarr_api_key}}",
)
_l(
    "authorization",
    "Authorization: AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20261204/eu-west-1/s3/"
    "aws4_request, SignedHeaders=host;x-amz-date, Signature=" + _hex(64),
)
_l(
    "authorization",
    "X-Hub-Signature-256: sha256=" + _hex(64) + "\nX-GitHub-Delivery: " + _uuid(),
)
_l(
    "authorization",
    "Authorization: Bearer $(gcloud auth print-access-token)",
)
_l(
    "authorization",
    'www-authenticate: Bearer realm="https://auth.docker.io/token",service="registry.docker.io",'
    'scope="repository:library/python:pull"',
)
_l(
    "authorization",
    "Set-Cookie: csrftoken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; Max-Age=0; Path=/",
)
_l(
    "authorization",
    "X-Request-Id: " + _uuid() + "\nX-Trace-Id: " + _hex(32) + "\nX-RateLimit-Remaining: 4998",
)
_l(
    "authorization",
    "Authorization: Token <your NetBox API token>   # see Admin > API Tokens",
)
_l(
    "authorization",
    'If-None-Match: W/"' + _hex(40) + '"\nETag: "' + _hex(32) + '"',
)
_l(
    "authorization",
    'Digest username="ops", realm="cam", nonce="' + _hex(32) + '", uri="/ISAPI/System/status",'
    ' qop=auth, nc=00000001, cnonce="' + _hex(16) + '"',
)
_l(
    "authorization",
    "Content-Security-Policy: script-src 'self' 'nonce-" + _b64(16) + "' 'sha256-" + _b64(32) + "'",
)
_l(
    "authorization",
    "headers:\n  Authorization:\n    valueFrom:\n      secretKeyRef:\n        name: netbox-api\n"
    "        key: token",
)
_l(
    "authorization",
    "Sec-WebSocket-Key: " + _b64(16) + "\nSec-WebSocket-Accept: " + _b64(20),
)
_l(
    "authorization",
    "Authorization: Basic dXNlcjpwYXNzd29yZA==  (base64 of user:password, the example in our docs)",
)
_l(
    "authorization",
    "X-Amz-Content-Sha256: UNSIGNED-PAYLOAD\nX-Amz-Date: 20261204T101010Z\nx-amz-id-2: " + _b64(54),
)
_l(
    "authorization",
    "Authorization: Bearer ${{ steps.oidc.outputs.token }}",
)

# --------------------------------------------------------------------------- config syntax
_v = _r(44, URLSAFE)
_s(
    "config_syntax",
    "#9 [builder 4/7] RUN npm config set //npm.pkg.github.com/:_authToken=ghp_"
    + _r(36)
    + " && npm ci\n#9 0.412 npm warn config\n#9 DONE 41.3s\n"
    f'#10 [builder 5/7] RUN echo "SENTRY_AUTH_TOKEN={_v}" >> .env.sentry-build-plugin\n'
    "#10 DONE 0.1s",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "$ sudo crictl inspect 7f3a2c | jq '.info.config.envs'\n[\n"
    '  {"key": "SPRING_PROFILES_ACTIVE", "value": "prod"},\n'
    f'  {{"key": "SPRING_DATASOURCE_PASSWORD", "value": "{_v}"}}\n]',
    _v,
)
_v = _urlpw()
_s(
    "config_syntax",
    f"$ podman login -u robot$ci -p {_v} quay.internal:8443\n"
    "WARNING! Using --password via the CLI is insecure. Use --password-stdin.\nLogin Succeeded!",
    _v,
)
_v = _r(32)
_v2 = _r(32, URLSAFE)
_s(
    "config_syntax",
    'oauth2-proxy.cfg:\nprovider = "oidc"\nclient_id = "oauth2-proxy"\n'
    f'client_secret = "{_v}"\ncookie_secret = "{_v2}"\nemail_domains = ["acme.dev"]',
    _v,
    _v2,
)
_v = _r(32)
_s(
    "config_syntax",
    "dex config.yaml:\nstaticClients:\n- id: grafana\n  name: Grafana\n"
    f"  secret: {_v}\n  redirectURIs:\n  - https://grafana.acme.dev/login/generic_oauth",
    _v,
)
_v = "ghp_" + _r(36)
_s(
    "config_syntax",
    "# app-config.local.yaml (Backstage)\nintegrations:\n  github:\n    - host: github.com\n"
    f"      token: {_v}\ncatalog:\n  locations: []",
    _v,
)
_v = _urlpw()
_s(
    "config_syntax",
    "$ flux create secret git infra-auth --url=https://gitlab.acme.dev/infra/fleet.git "
    f"--username=flux --password={_v} --export",
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    '$ aws apigateway get-api-keys --include-values\n{\n    "items": [\n        {\n'
    f'            "id": "{_r(10, LOWER_AN)}",\n            "value": "{_v}",\n'
    '            "name": "partner-acme",\n            "enabled": true\n        }\n    ]\n}',
    _v,
)
_v = _enc(_r(30))
_s(
    "config_syntax",
    "$ aws iam create-service-specific-credential --user-name ci --service-name "
    'codecommit.amazonaws.com\n{\n    "ServiceSpecificCredential": {\n'
    f'        "ServiceUserName": "ci-at-{_r(12, DIGITS)}",\n        "ServicePassword": "{_v}",\n'
    '        "Status": "Active"\n    }\n}',
    _v,
)
_v = _r(52, LOWER_AN)
_s(
    "config_syntax",
    "$ aws cognito-idp describe-user-pool-client --user-pool-id eu-west-1_"
    + _r(9)
    + " --client-id "
    + _r(26, LOWER_AN)
    + '\n{\n    "UserPoolClient": {\n        "ClientName": "web-backend",\n'
    f'        "ClientSecret": "{_v}",\n        "RefreshTokenValidity": 30\n    }}\n}}',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "$ aws glue get-connection --name dw-redshift --query Connection.ConnectionProperties\n{\n"
    '    "JDBC_CONNECTION_URL": '
    '"jdbc:redshift://dw.acme.eu-west-1.redshift.amazonaws.com:5439/dw",\n'
    f'    "USERNAME": "glue_etl",\n    "PASSWORD": "{_v}"\n}}',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "$ aws elasticbeanstalk describe-configuration-settings --application-name shop "
    "--environment-name "
    'shop-prod | grep -A2 RDS_PASSWORD\n                    "OptionName": "RDS_PASSWORD",\n'
    f'                    "Value": "{_v}"',
    _v,
)
_v = "GOOG1E" + _r(55, UPPER_AN)
_v2 = _b64(30)
_s(
    "config_syntax",
    f"$ gsutil hmac create sa-etl@acme-data.iam.gserviceaccount.com\nAccess ID:   {_v}\n"
    f"Secret:      {_v2}",
    _v2,
)
_v = "AIza" + _r(35, URLSAFE)
_s(
    "config_syntax",
    "$ gcloud services api-keys get-key-string projects/1234/locations/global/keys/"
    + _uuid()
    + f"\nkeyString: {_v}\n# this one is the Gemini server key, not the Maps browser key",
    _v,
)
_v = _fakes.jwt(
    {
        "iss": "https://accounts.google.com",
        "aud": "https://api-run.a.run.app",
        "email": "ci@acme.iam.gserviceaccount.com",
        "exp": 1733313600,
    }
)
_s(
    "config_syntax",
    "$ gcloud auth print-identity-token --audiences=https://api-run.a.run.app\n" + _v,
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    '$ firebase functions:config:get\n{\n  "stripe": {\n    "secret": "sk_live_'
    + _v
    + '"\n  },\n  "mailer": {\n    "from": "no-reply@acme.dev"\n  }\n}',
    "sk_live_" + _v,
)
_v = _r(5) + "8Q~" + _r(34, URLSAFE.replace("-", "."))
_s(
    "config_syntax",
    "$ az ad app credential reset --id " + _uuid() + " --append\n{\n"
    f'  "appId": "{_uuid()}",\n  "password": "{_v}",\n  "tenant": "{_uuid()}"\n}}',
    _v,
)
_v = _urlb64(40) + "=="
_s(
    "config_syntax",
    '$ az functionapp keys list -g rg-fn -n acme-fn\n{\n  "functionKeys": {\n'
    f'    "default": "{_v}"\n  }},\n  "masterKey": "{_urlb64(40)}=="\n}}',
    _v,
)
_v = _r(52, UPPER_AN)
_s(
    "config_syntax",
    f"$ az search admin-key show --service-name acme-search -g rg-search\n{{\n"
    f'  "primaryKey": "{_v}",\n  "secondaryKey": "{_r(52, UPPER_AN)}"\n}}',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "~/.gitconfig\n[sendemail]\n\tsmtpserver = smtp.gmail.com\n\tsmtpuser = dev@acme.dev\n"
    f"\tsmtppass = {_v}\n\tsmtpencryption = tls\n\tsmtpserverport = 587",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    '# mise.toml\n[tools]\nnode = "22"\n\n[env]\nNODE_ENV = "development"\n'
    f'OPENROUTER_KEY = "{_v}"',
    _v,
)
_v = _r(40, URLSAFE)
_s(
    "config_syntax",
    "$ cat .envrc\nuse flake\nexport AWS_PROFILE=acme-dev\n"
    f"export CLOUDSMITH_API_KEY={_v}\ndotenv_if_exists .env.local",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    'deploy.ps1:\n$secure = ConvertTo-SecureString "' + _v + '" -AsPlainText -Force\n'
    "$cred = New-Object System.Management.Automation.PSCredential('ACME\\svc_deploy', $secure)",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    f'C:\\Users\\dev> setx MAPBOX_SECRET_TOKEN "sk.{_enc(_r(20))}.{_v}"\n\n'
    "SUCCESS: Specified value was saved.",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    'Properties/launchSettings.json:\n"profiles": {\n  "Api": {\n    "commandName": "Project",\n'
    '    "environmentVariables": {\n      "ASPNETCORE_ENVIRONMENT": "Development",\n'
    f'      "Smtp__Password": "{_v}"\n    }}\n  }}\n}}',
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    "App.xcodeproj/xcshareddata/xcschemes/App.xcscheme:\n<EnvironmentVariables>\n"
    f'   <EnvironmentVariable\n      key = "REVENUECAT_SECRET"\n      value = "sk_{_v}"\n'
    '      isEnabled = "YES">\n   </EnvironmentVariable>\n</EnvironmentVariables>',
    "sk_" + _v,
)
_v = _r(40, URLSAFE)
_s(
    "config_syntax",
    '<phpunit bootstrap="vendor/autoload.php">\n  <php>\n'
    '    <env name="APP_ENV" value="testing"/>\n'
    f'    <env name="MAILJET_APIKEY_PRIVATE" value="{_hex(32)}"/>\n'
    f'    <env name="GEOCODER_TOKEN" value="{_v}"/>\n  </php>\n</phpunit>',
    _v,
)
_v = _r(36)
_s(
    "config_syntax",
    'testdata/client_config.golden:\n{\n  "endpoint": "https://api.partner.io",\n'
    f'  "client_secret": "{_v}",\n  "timeout": "30s"\n}}',
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "RSpec.describe SmsSender do\n  let(:account_sid) { 'AC" + _hex(32) + "' }\n"
    f"  let(:auth_token) {{ '{_hex(32)}' }}\n  let(:api_secret) {{ '{_v}' }}",
    _v,
)
_v = _hex(48)
_s(
    "config_syntax",
    "$ jupyter server list\nCurrently running servers:\n"
    f"http://localhost:8888/?token={_v} :: /home/dev/notebooks",
    _v,
)
_v = _r(24)
_s(
    "config_syntax",
    "$ cat ~/.config/code-server/config.yaml\nbind-addr: 0.0.0.0:8080\nauth: password\n"
    f"password: {_v}\ncert: false",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    f'10.0.4.1 - - [04/Dec/2026:10:11:12 +0000] "GET /index.php?module=API&method=VisitsSummary.get'
    f'&idSite=3&period=day&date=today&format=JSON&token_auth={_v} HTTP/1.1" 200 512 "-" "curl/8"',
    _v,
)
_v = _r(40, URLSAFE)
_s(
    "config_syntax",
    "alertmanager.yml:\nglobal:\n  smtp_smarthost: smtp.sparkpostmail.com:587\n"
    f"  smtp_auth_username: SMTP_Injection\n  smtp_auth_password: {_hex(40)}\n"
    "  slack_api_url: "
    f"https://hooks.slack.com/services/T{_r(10, UPPER_AN)}/B{_r(10, UPPER_AN)}/{_v[:24]}",
    _v[:24],
)
_v = _r(40)
_s(
    "config_syntax",
    "otel-collector.yaml:\nexporters:\n  otlphttp/vendor:\n    endpoint: https://otlp.vendor.io\n"
    f"    headers:\n      api-key: {_v}\nservice:\n  pipelines: {{}}",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    'vector.toml\n[sinks.dd]\ntype = "datadog_logs"\ninputs = ["app"]\n'
    f'default_api_key = "{_v}"\nsite = "datadoghq.eu"',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "[OUTPUT]\n    Name        http\n    Match       *\n    Host        logs.acme.dev\n"
    f"    HTTP_User   fluent\n    HTTP_Passwd {_v}\n    tls         On",
    _v,
)
_v = _hex(32)
_s(
    "config_syntax",
    "Slack app settings -> Basic Information, pasted in the PR description:\n"
    f"Signing Secret: {_v}\nVerification Token: {_r(24)}",
    _v,
)
_v = _r(44, URLSAFE)
_s(
    "config_syntax",
    "Jira comment on OPS-4412:\n{code}\nexport JIRA_PAT=" + _v + "\n{code}\n"
    "^ works for the sync script, please don't rotate until Friday",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "From: it-helpdesk@acme.dev\nSubject: Your VPN account\n\nHi Ravi,\n\n"
    f"Username: ravi.k\nTemporary password: {_v}\n\nPlease change it at first login.",
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    "GitHub issue #812 (closed):\n> Steps to reproduce\n> 1. `export MAILJET_SECRET_KEY="
    f"{_v}`\n> 2. `npm run send-test`",
    _v,
)
_v = _hex(40)
_s(
    "config_syntax",
    "sparkpost:\n  api_key: " + _v + "\n  endpoint: https://api.eu.sparkpost.com",
    _v,
)
_v = _hex(96).upper()
_s(
    "config_syntax",
    "ElasticEmail__ApiKey=" + _v + "\nElasticEmail__From=news@acme.dev",
    _v,
)
_v = _r(16, LOWER_AN)
_s(
    "config_syntax",
    "Fastmail app password for the CI notifier (IMAP+SMTP): " + _v + "\n"
    "(created 2026-12-04, label 'ci-notifier')",
    _v,
)
_v = _r(40)
_v2 = "DI" + _r(18, UPPER_AN)
_s(
    "config_syntax",
    "/opt/duoauthproxy/conf/authproxy.cfg\n[duo_only_client]\n\n[radius_server_auto]\n"
    f"ikey={_v2}\nskey={_v}\napi_host=api-{_hex(8)}.duosecurity.com\n"
    f"radius_ip_1=10.0.0.5\nradius_secret_1={_urlpw()}",
    _v,
)
_v = _r(52, LOWER_AN)
_s(
    "config_syntax",
    "$ conjur host rotate-api-key -i myapp/ci-runner\n" + _v,
    _v,
)
_v = "p-" + _r(12, LOWER_AN)
_v2 = _enc(_r(30))
_s(
    "config_syntax",
    f"$ akeyless configure --profile ci --access-id {_v} --access-key {_v2}\n"
    "Profile ci successfully configured",
    _v2,
)
_v = _r(25)
_v2 = _human()
_s(
    "config_syntax",
    "from simple_salesforce import Salesforce\n"
    f"sf = Salesforce(username='integration@acme.com', password='{_v2}',\n"
    f"                security_token='{_v}')",
    _v,
    _v2,
)
_v = _hex(32)
_s(
    "config_syntax",
    "mixpanel export cron:\nMIXPANEL_PROJECT_TOKEN=" + _hex(32) + f"\nMIXPANEL_API_SECRET={_v}",
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    f"$ curl 'https://content.guardianapis.com/search?q=climate&api-key={_v}&page-size=50'",
    _v,
)
_v = _r(9, LOWER_AN)
_s(
    "config_syntax",
    f"europeana.py: API = 'https://api.europeana.eu/record/v2/search.json?wskey={_v}&query='",
    _v,
)
_v = _hex(32)
_s(
    "config_syntax",
    "fitbit:\n  client_id: 23" + _r(4, UPPER_AN) + f"\n  client_secret: {_v}\n"
    "  redirect_uri: http://localhost:8080/callback",
    _v,
)
_v = _r(32, UPPER_AN)
_s(
    "config_syntax",
    f"# ~/.ouraring\nOURA_PERSONAL_ACCESS_TOKEN={_v}",
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    "smartthings.yaml:\ndevices:\n  - name: porch-light\n    id: "
    + _uuid()
    + f"\npersonal_access_token: {_v}",
    _v,
)
_v = _r(40, URLSAFE)
_s(
    "config_syntax",
    "Philips Hue bridge pairing returned:\n"
    f'[{{"success":{{"username":"{_v}","clientkey":"{_hex(32).upper()}"}}}}]',
    _v,
)
_v = _r(32, URLSAFE)
_s(
    "config_syntax",
    "IFTTT applet trigger in cron:\n*/5 * * * * curl -s "
    f"https://maker.ifttt.com/trigger/backup_done/with/key/{_v}",
    _v,
)
_v = _urlpw()
_s(
    "config_syntax",
    f"server.properties\nenable-rcon=true\nrcon.port=25575\nrcon.password={_v}\nmotd=acme survival",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "node-red/settings.js:\nmodule.exports = {\n    flowFile: 'flows.json',\n"
    f'    credentialSecret: "{_v}",\n    uiPort: process.env.PORT || 1880,\n}}',
    _v,
)
_v = _r(64, URLSAFE)
_s(
    "config_syntax",
    "umami docker-compose.yml:\n    environment:\n"
    "      DATABASE_URL: postgresql://umami:umami@db:5432/umami\n"
    f"      APP_SECRET: {_v}",
    _v,
)
_v = _hex(32)
_s(
    "config_syntax",
    '$ curl "https://api.namecheap.com/xml.response?ApiUser=acme&ApiKey='
    + _v
    + '&UserName=acme&Command=namecheap.domains.getList&ClientIp=203.0.113.7"',
    _v,
)
_v = _hex(40)
_s(
    "config_syntax",
    "lego --dns gandiv5 env:\nGANDIV5_PERSONAL_ACCESS_TOKEN=" + _v + " lego --email ops@acme.dev "
    "--domains acme.dev run",
    _v,
)
_v = _r(50)
_s(
    "config_syntax",
    "$ sudo cscli bouncers add traefik-bouncer\nAPI key for 'traefik-bouncer':\n\n   "
    + _v
    + "\n\nPlease keep this key since you will not be able to retrieve it!",
    _v,
)
_v = _uuid().upper()
_s(
    "config_syntax",
    "$ netbird up --setup-key " + _v + " --management-url https://netbird.acme.lan",
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    f"atlantis server --gh-user=atlantis-bot --gh-token=ghp_{_r(36)} \\\n"
    f"  --gh-webhook-secret={_v} --repo-allowlist='github.com/acme/*'",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    "spacectl profile login ci\nEnter Spacelift endpoint: https://acme.app.spacelift.io\n"
    f"API key ID: 01J{_r(23, UPPER_AN)}\nAPI key secret: {_v}",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    'kibana.yml\nxpack.encryptedSavedObjects.encryptionKey: "' + _v + '"\n'
    'xpack.reporting.encryptionKey: "' + _r(32) + '"',
    _v,
)
_v = _r(43, URLSAFE)
_s(
    "config_syntax",
    "temporal.yaml (worker):\nnamespace: payments.a2c3d\naddress: payments.a2c3d.tmprl.cloud:7233\n"
    f"api_key: {_v}",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "novu.ts:\nconst novu = new Novu({ secretKey: '" + _v + "' });",
    _v,
)
_v = _r(43)
_s(
    "config_syntax",
    f"{_ts(7, 44)} INFO  api.video upload start video=vi{_r(20)} apiKey={_v} size=88213121",
    _v,
)
_v = _enc(_r(40))
_s(
    "config_syntax",
    "Picovoice demo: `porcupine_demo_mic --access_key " + _v + " --keywords porcupine`",
    _v,
)
_v = _r(16)
_s(
    "config_syntax",
    "amadeus = Client(\n    client_id='" + _r(32) + "',\n"
    f"    client_secret='{_v}',\n    hostname='production'\n)",
    _v,
)

# prose and chat in other human languages
for _line in [
    "ગુજરાતી: સ્ટેજિંગ સર્વરનો પાસવર્ડ {v} છે, કોઈને મોકલશો નહીં.",
    "ਪੰਜਾਬੀ: ਡੇਟਾਬੇਸ ਦਾ ਪਾਸਵਰਡ {v} ਹੈ, ਯੂਜ਼ਰ admin.",
    "ಕನ್ನಡ: ಹೊಸ ಸರ್ವರ್ ಪಾಸ್‌ವರ್ಡ್: {v}",
    "മലയാളം: റൗട്ടറിന്റെ അഡ്മിൻ പാസ്‌വേഡ് {v} ആണ്.",
    "ລາວ: ລະຫັດຜ່ານຂອງເຊີບເວີແມ່ນ {v}",
    "မြန်မာ: ဆာဗာ စကားဝှက်က {v} ပါ။",
    "isiZulu: Iphasiwedi ye-database ithi {v}, ungayabelani nomuntu.",
    "Hausa: Kalmar sirri ta uwar garken ita ce {v}.",
    "Soomaali: Furaha sirta ah ee server-ka waa {v}.",
    "Беларуская: пароль ад базы дадзеных — {v}, карыстальнік deploy.",
    "Македонски: лозинката за серверот е {v}.",  # noqa: RUF001
    "Gaeilge: Is é {v} an pasfhocal don bhunachar sonraí.",
    "Lëtzebuergesch: D'Passwuert fir de Server ass {v}.",
    "Malti: Il-password tas-server hija {v}, tgħidha lil ħadd.",
    "Oʻzbekcha: serverning paroli {v}, foydalanuvchi root.",  # noqa: RUF001
    "Esperanto: la pasvorto de la datumbazo estas {v}",
    "Cebuano: Ang password sa server kay {v}, ayaw ipakita sa uban.",
    "Malagasy: Ny tenimiafina ho an'ny mpizara dia {v}.",
    "Te reo Māori: Ko te kupuhipa mō te tūmau ko {v}.",
    "Kreyòl ayisyen: Modpas sèvè a se {v}, pa bay pèsonn li.",
    "廣東話：個 server 密碼係 {v}，唔好 share 出去呀。",  # noqa: RUF001
]:
    _v = _pw()
    _s("config_syntax", "[chat] " + _line.format(v=_v), _v)

_v = _r(40)
_s(
    "config_syntax",
    "service,env,key_name,value\npayments,prod,CHARGEBEE_API_KEY,live_"
    + _v
    + "\npayments,prod,REGION,eu-west-1",
    "live_" + _v,
)
_v = _r(16)
_s(
    "config_syntax",
    "| Provider | Login ID | Transaction key |\n|---|---|---|\n| Authorize.net | "
    + _r(9)
    + f" | {_v} |",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    '{"level":"error","msg":"provision failed","cmd":"iyzipay-cli --api-key sandbox-'
    + _r(32)
    + f' --secret-key sandbox-{_r(32)}","env":"{{\\"SMTP_PASS\\":\\"{_v}\\"}}"}}',
    _v,
)
_v = _r(40)
_s(
    "config_syntax",
    "$ echo "
    + _enc(json.dumps({"btcpay_url": "https://pay.acme.dev", "api_key": _v}))
    + " | base64 -d   # from the k8s secret",
    _enc(json.dumps({"btcpay_url": "https://pay.acme.dev", "api_key": _v})),
)
_v = "Client_Secret_" + _hex(40)
_s(
    "config_syntax",
    "efi-pix:\n  client_id: Client_Id_" + _hex(40) + f"\n  client_secret: {_v}\n"
    "  certificate: ./certs/producao.p12",
    _v,
)
_v = _r(40, URLSAFE)
_s(
    "config_syntax",
    'Lemon Squeezy webhook handler (review comment):\n+ const secret = "' + _v + '";\n'
    "+ const hmac = crypto.createHmac('sha256', secret);",
    _v,
)
_v = _r(64, URLSAFE)
_s(
    "config_syntax",
    "$ docker run --rm -e PLAUSIBLE_SECRET_KEY_BASE=\\\n  " + _v + " \\\n"
    "  -e BASE_URL=https://stats.acme.dev ghcr.io/plausible/community-edition:v2",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    "+++ b/.github/workflows/release.yml\n@@ -18,6 +18,7 @@ jobs:\n       - run: npm publish\n"
    "         env:\n+          KNOCK_SECRET_API_KEY: sk_" + _v + "\n"
    "           NODE_AUTH_TOKEN: ${{ secrets.NPM_TOKEN }}",
    "sk_" + _v,
)
_v = _urlpw()
_s(
    "config_syntax",
    "Taskfile.yml\ntasks:\n  seed:\n    env:\n      PGPASSWORD: " + _v + "\n"
    "    cmds:\n      - psql -h localhost -U seed -f seed.sql",
    _v,
)

_l(
    "config_syntax",
    "apiVersion: external-secrets.io/v1beta1\nkind: ExternalSecret\nmetadata:\n"
    "  name: payments-db\n"
    "spec:\n  secretStoreRef:\n    name: aws-sm\n    kind: ClusterSecretStore\n  data:\n"
    "    - secretKey: password\n      remoteRef:\n        key: prod/payments/db\n"
    "        property: password",
)
_l(
    "config_syntax",
    "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: oauth2-proxy\nspec:\n"
    "  encryptedData:\n    client-secret: Ag" + _b64(300) + "\n    cookie-secret: Ag" + _b64(120),
)
_l(
    "config_syntax",
    "db_password: ENC[AES256_GCM,data:"
    + _b64(18)
    + ",iv:"
    + _b64(32)
    + ",tag:"
    + _b64(16)
    + ",type:str]\nsops:\n    kms:\n        - arn: arn:aws:kms:eu-west-1:"
    + _r(12, DIGITS)
    + ":key/"
    + _uuid(),
)
_l(
    "config_syntax",
    "pipeline {\n  stages {\n    stage('deploy') {\n      steps {\n"
    "        withCredentials([string(credentialsId: 'netlify-token', variable: "
    "'NETLIFY_AUTH_TOKEN')]) {\n"
    "          sh 'netlify deploy --prod'\n        }\n      }\n    }\n  }\n}",
)
_l(
    "config_syntax",
    "# Databricks notebook source\n"
    'token = dbutils.secrets.get(scope="etl", key="mixpanel-secret")\n'
    'df = spark.read.json(f"/mnt/raw/mixpanel/{run_date}")',
)
_l(
    "config_syntax",
    "$ dagger call publish --registry-password=env:REGISTRY_PASSWORD --source=.",
)
_l(
    "config_syntax",
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: ledger-db\n"
    '        key: password\n  - name: DB_POOL_SIZE\n    value: "20"',
)
_l(
    "config_syntax",
    "$ aws cloudformation describe-stacks --stack-name shop-prod --query 'Stacks[0].Parameters'\n"
    '[\n    {"ParameterKey": "DBPassword", "ParameterValue": "****"},\n'
    '    {"ParameterKey": "InstanceType", "ParameterValue": "t3.medium"}\n]',
)
_l(
    "config_syntax",
    '"SecretString" lives in arn:aws:secretsmanager:eu-west-1:'
    + _r(12, DIGITS)
    + ":secret:prod/shop/db-"
    + _r(6)
    + " (rotation every 30 days)",
)
_l(
    "config_syntax",
    "op run --env-file=.env.tpl -- npm start\n# .env.tpl\n"
    "STRIPE_SECRET_KEY=op://Prod/Stripe/secret-key\n"
    "MIXPANEL_API_SECRET=op://Prod/Mixpanel/api-secret",
)
_l(
    "config_syntax",
    "password_policy:\n  min_length: 14\n  require_symbols: true\n  max_age_days: 90\n"
    "  history: 12\n  lockout_threshold: 5",
)
_l(
    "config_syntax",
    "OPENAI_MAX_TOKENS=4096\nANTHROPIC_MAX_TOKENS=8192\nTOKEN_BUDGET_PER_DAY=2000000\n"
    "RATE_LIMIT_TOKENS_PER_MINUTE=90000",
)
_l(
    "config_syntax",
    'redis:\n  key_prefix: "sess:"\n  key_ttl_seconds: 86400\n  cache_key: "v3-' + _hex(16) + '"',
)
_l(
    "config_syntax",
    'package-lock.json:\n    "node_modules/@workos-inc/node": {\n      "version": "7.31.0",\n'
    '      "resolved": "https://registry.npmjs.org/@workos-inc/node/-/node-7.31.0.tgz",\n'
    '      "integrity": "sha512-' + _b64(64) + '"',
)
_l(
    "config_syntax",
    'poetry.lock:\n[[package]]\nname = "simple-salesforce"\nversion = "1.12.6"\nfiles = [\n'
    '    {file = "simple_salesforce-1.12.6-py2.py3-none-any.whl", hash = "sha256:'
    + _hex(64)
    + '"},\n]',
)
_l(
    "config_syntax",
    "go.sum:\ngithub.com/stripe/stripe-go/v81 v81.1.0 h1:" + _b64(32) + "\n"
    "github.com/stripe/stripe-go/v81 v81.1.0/go.mod h1:" + _b64(32),
)
_l(
    "config_syntax",
    "$ docker images --digests | head -3\nREPOSITORY           TAG    DIGEST                "
    "                                                                    IMAGE ID\n"
    "ghcr.io/acme/api     1.8.2  sha256:" + _hex(64) + "   " + _hex(12),
)
_l(
    "config_syntax",
    "$ git log -1 --format='%H %G? %GK'\n" + _hex(40) + " G " + _hex(16).upper(),
)
_l(
    "config_syntax",
    "$ kubectl get pods -n payments\n"
    "NAME                          READY   STATUS    RESTARTS   AGE\n"
    "payments-api-"
    + _r(10, LOWER_AN)
    + "-"
    + _r(5, LOWER_AN)
    + "   1/1     Running   0          3d",
)
_l(
    "config_syntax",
    '$ aws sts get-caller-identity\n{\n    "UserId": "AIDA' + _r(17, UPPER_AN) + '",\n'
    '    "Account": "'
    + _r(12, DIGITS)
    + '",\n    "Arn": "arn:aws:iam::'
    + _r(12, DIGITS)
    + ':user/ci"\n}',
)
_l(
    "config_syntax",
    '$ az account show --query \'{tenant:tenantId, sub:id}\'\n{\n  "sub": "'
    + _uuid()
    + '",\n  "tenant": "'
    + _uuid()
    + '"\n}',
)
_l(
    "config_syntax",
    'FIREBASE_CONFIG={"apiKey":"AIza'
    + _r(35, URLSAFE)
    + '","authDomain":"acme-web.firebaseapp.com",'
    '"projectId":"acme-web","appId":"1:' + _r(12, DIGITS) + ":web:" + _hex(22) + '"}',
)
_l(
    "config_syntax",
    "NEXT_PUBLIC_SENTRY_DSN=https://"
    + _hex(32)
    + "@o"
    + _r(6, DIGITS)
    + ".ingest.de.sentry.io/"
    + _r(7, DIGITS)
    + "\nNEXT_PUBLIC_POSTHOG_HOST=https://eu.i.posthog.com",
)
_l(
    "config_syntax",
    '<div class="cf-turnstile" data-sitekey="0x4AAAAAAA' + _r(14) + '"></div>\n'
    '<div class="g-recaptcha" data-sitekey="6L' + _r(38, URLSAFE) + '"></div>',
)
_l(
    "config_syntax",
    "# Duo: the integration key and API hostname are not secret; skey comes from Vault\n"
    "ikey=DI" + _r(18, UPPER_AN) + "\napi_host=api-" + _hex(8) + ".duosecurity.com\n"
    'skey={{ vault "secret/duo" "skey" }}',
)
_l(
    "config_syntax",
    'oauth2-proxy.cfg:\nclient_secret_file = "/run/secrets/oauth2_client_secret"\n'
    'cookie_secret_file = "/run/secrets/oauth2_cookie_secret"',
)
_l(
    "config_syntax",
    "AWS example from the docs (not real):\naws_access_key_id = AKIAIOSFODNN7EXAMPLE\n"
    "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
)
_l(
    "config_syntax",
    "$ kubectl get secret ledger-db -o yaml | kubeseal --format yaml > sealed-ledger-db.yaml\n"
    "$ git add sealed-ledger-db.yaml",
)
_l(
    "config_syntax",
    "$ ansible-vault view group_vars/prod/vault.yml --ask-vault-pass\n"
    '# group_vars/prod/vars.yml\ndb_password: "{{ vault_db_password }}"',
)
_l(
    "config_syntax",
    "$ANSIBLE_VAULT;1.1;AES256\n" + "\n".join(_hex(80) for _ in range(4)),
)
_l(
    "config_syntax",
    "ERROR: the key_id " + _uuid() + " was not found in the JWKS (kid mismatch), falling back to "
    "the next key",
)
_l(
    "config_syntax",
    'appsettings.json:\n"Jwt": {\n  "Issuer": "https://auth.acme.dev",\n  "Audience": "api",\n'
    '  "SigningKeyId": "' + _r(16) + '",\n  "TokenLifetimeMinutes": 60\n}',
)
_l(
    "config_syntax",
    "TOKEN_ENDPOINT=https://login.microsoftonline.com/" + _uuid() + "/oauth2/v2.0/token\n"
    "CLIENT_ID=" + _uuid() + "\nCLIENT_SECRET=${AZURE_CLIENT_SECRET}",
)
_l(
    "config_syntax",
    "| Variable | Where | Example |\n|---|---|---|\n| SIGNING_SECRET | Slack app settings | "
    "`<paste from Slack>` |\n| BOT_TOKEN | OAuth page | `xoxb-...` |",
)
_l(
    "config_syntax",
    '[chat] ગુજરાતી: પાસવર્ડ 1Password માં "staging db" નામથી છે, ત્યાંથી લઈ લો.',
)
_l(
    "config_syntax",
    "[chat] Беларуская: пароль ляжыць у Vault па шляху secret/data/staging/db, не ў чаце.",  # noqa: RUF001
)
_l(
    "config_syntax",
    '[chat] 廣東話：密碼放咗喺 Bitwarden 個 "prod-db" 入面，自己攞啦。',  # noqa: RUF001
)
_l(
    "config_syntax",
    "[chat] Kreyòl ayisyen: Modpas la nan Vault, chemen secret/prod/api, pa mete l nan chat la.",
)
_l(
    "config_syntax",
    "Matomo tracking snippet:\n_paq.push(['setTrackerUrl', u+'matomo.php']);\n"
    "_paq.push(['setSiteId', '3']);",
)
_l(
    "config_syntax",
    'Plex: server machineIdentifier="' + _hex(40) + '" version="1.41.2.9200-' + _hex(9) + '"',
)
_l(
    "config_syntax",
    "netbox: device id="
    + _r(4, DIGITS)
    + " serial=FDO"
    + _r(8, UPPER_AN)
    + " asset_tag=ACME-"
    + _r(6, DIGITS),
)
_l(
    "config_syntax",
    "Shipment tracking numbers: 1Z"
    + _r(16, UPPER_AN)
    + ", 9400"
    + _r(18, DIGITS)
    + ", 7"
    + _r(11, DIGITS),
)
_l(
    "config_syntax",
    "$ sha256sum dist/*.tar.gz\n"
    + _hex(64)
    + "  dist/acme-2.4.0.tar.gz\n"
    + _hex(64)
    + "  dist/acme-2.4.0-linux-amd64.tar.gz",
)
_l(
    "config_syntax",
    'Cargo.lock:\n[[package]]\nname = "reqwest"\nversion = "0.12.9"\n'
    'source = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "'
    + _hex(64)
    + '"',
)
_l(
    "config_syntax",
    "2026-12-04 10:44:12,031 INFO  celery.worker task reports.build_monthly["
    + _uuid()
    + "] succeeded in 12.4s",
)
_l(
    "config_syntax",
    "Stripe webhook: Stripe-Signature: t=1733306400,v1=" + _hex(64) + ",v0=" + _hex(64),
)
_l(
    "config_syntax",
    "BTCPay invoice " + _r(22) + " paid: txid " + _hex(64),
)
_l(
    "config_syntax",
    "JWT from jwt.io (their documented example):\neyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9."
    "eyJzdWIiOiIxMjM0NTY3ODkwIiwibmFtZSI6IkpvaG4gRG9lIiwiaWF0IjoxNTE2MjM5MDIyfQ."
    "SflKxwRJSMeKKF2QT4fwpMeJf36POk6yJV_adQssw5c",
)
_l(
    "config_syntax",
    'Vault transit: ciphertext = "vault:v1:' + _b64(60) + '"  # stored in the orders table',
)
_l(
    "config_syntax",
    "$ helm upgrade ledger ./chart --set db.existingSecret=ledger-db "
    "--set db.existingSecretPasswordKey=password",
)
_l(
    "config_syntax",
    "docker-compose.yml:\nsecrets:\n  db_password:\n    file: ./secrets/db_password.txt\n"
    "services:\n  db:\n    environment:\n      POSTGRES_PASSWORD_FILE: /run/secrets/db_password",
)
_l(
    "config_syntax",
    "RENOVATE_TOKEN: ${{ secrets.RENOVATE_TOKEN }}\nLOG_LEVEL: debug\n"
    "RENOVATE_REPOSITORIES: acme/payments,acme/ledger",
)
_l(
    "config_syntax",
    'phpunit.xml:\n<env name="MAILJET_APIKEY_PRIVATE" value="test-private-key"/>\n'
    '<env name="GEOCODER_TOKEN" value="fake-token-for-tests"/>',
)
_l(
    "config_syntax",
    "$ jupyter server list\nCurrently running servers:\n"
    "http://localhost:8888/ :: /home/dev/notebooks"
    "  (token auth disabled: ServerApp.token='' behind the SSH tunnel)",
)
_l(
    "config_syntax",
    "Semantic version and build: 2.14.0+" + _hex(7) + " built " + _ts(3, 2) + " go1.23.4",
)
_l(
    "config_syntax",
    "CREATE TABLE api_keys (\n  id uuid PRIMARY KEY,\n  key_prefix char(8) NOT NULL,\n"
    "  key_hash bytea NOT NULL,   -- sha256 of the key, never the key\n  created_at timestamptz\n"
    ");",
)
_l(
    "config_syntax",
    "users.csv\nid,email,password_hash\n1,ana@acme.dev,$argon2id$v=19$m=65536,t=3,p=4$"
    + _b64(16).rstrip("=")
    + "$"
    + _b64(32).rstrip("="),
)
_l(
    "config_syntax",
    "AZURE_STORAGE_CONNECTION_STRING=UseDevelopmentStorage=true\nREDIS_URL=redis://localhost:6379",
)
