"""FOURTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written in one sitting before the third widening of the rules (after held-out split 3 had been
seen), committed alone and measured once before and once after that widening, with no look at its
misses in between. Its cases come from contexts the other splits do not use: mobile build files,
game and analytics SDKs, observability agents, email and SMS providers, CMS and e-commerce plugins,
data warehouses, VPN and network gear configs, CI systems other than GitHub's and GitLab's, shell
history, log lines, stack traces, HTTP request dumps and notebooks; its look-alikes are public keys,
digests, checksums, ids, secret references and settings named like secrets from the same contexts.
`python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own, so no token-shaped string is
committed.
"""

from __future__ import annotations

import base64

from tests.data.fake_secrets import B64, HEX, UPPER_AN, URLSAFE, Fakes, Split

_fakes = Fakes(4_2026_1130)
_r, _b64, _uuid = _fakes.r, _fakes.b64, _fakes.uuid


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# --------------------------------------------------------------------------- prefixed tokens
_v = "hf_" + _r(34)
_s("prefixed_token", f"In [3]: from huggingface_hub import login; login(token='{_v}')", _v)
_v = "r8_" + _r(37)
_s("prefixed_token", f"$ replicate run --token {_v} stability-ai/sdxl", _v)
_v = "sk-ant-api03-" + _r(93, URLSAFE) + "AA"
_s("prefixed_token", f'client = anthropic.Anthropic(api_key="{_v}")', _v)
_v = "gsk_" + _r(52)
_s("prefixed_token", f"  1042  curl https://api.groq.com/openai/v1/models -H 'x-key: {_v}'", _v)
_v = "pplx-" + _r(48)
_s("prefixed_token", f"perplexity:\n  key: {_v}\n  model: sonar", _v)
_v = "PMAK-" + _r(24, HEX) + "-" + _r(34, HEX)
_s("prefixed_token", f"newman run coll.json --postman-api-key {_v}", _v)
_v = "glsa_" + _r(32) + "_" + _r(8, HEX)
_s("prefixed_token", f"grafana-agent: remote_write bearer {_v} rejected (401)", _v)
_v = "sntrys_" + _r(120, URLSAFE)
_s("prefixed_token", f"[auth]\ntoken={_v}\n[defaults]\norg=acme", _v)
_v = "dt0c01." + _r(24, UPPER_AN) + "." + _r(64, UPPER_AN)
_s("prefixed_token", f"oneagent install --set-tenant-token={_v}", _v)
_v = "NRAK-" + _r(27, UPPER_AN)
_s("prefixed_token", f"newrelic profile add --profile ci --apiKey {_v} --region us", _v)
_v = "xkeysib-" + _r(64, HEX) + "-" + _r(16)
_s("prefixed_token", f"BREVO_KEY: {_v}", _v)
_v = "shippo_live_" + _r(40, HEX)
_s("prefixed_token", f"shippo.config.api_key = '{_v}'", _v)
_v = "FLWSECK-" + _r(32, HEX) + "-X"
_s("prefixed_token", f"Flutterwave secret in use: {_v}", _v)
_v = "tskey-auth-" + _r(12) + "CNTRL-" + _r(32)
_s("prefixed_token", f"tailscale up --authkey={_v} --hostname=ci-runner", _v)
_v = "sbp_" + _r(40, HEX)
_s("prefixed_token", f"supabase login --token {_v}", _v)
_v = "pscale_tkn_" + _r(43, URLSAFE)
_s("prefixed_token", f"pscale auth login --service-token {_v} --service-token-id abc123", _v)
_v = "ck_" + _r(40, HEX)
_w = "cs_" + _r(40, HEX)
_s(
    "prefixed_token",
    f"new WooCommerceRestApi({{ url, consumerKey: '{_v}', consumerSecret: '{_w}' }})",
    _v,
    _w,
)
_v = "CFPAT-" + _r(43, URLSAFE)
_s("prefixed_token", f"contentful space export --management-token {_v}", _v)
_v = "pat" + _r(14) + "." + _r(64, HEX)
_s("prefixed_token", f"const base = new Airtable({{ apiKey: '{_v}' }}).base('appXYZ')", _v)
_v = "ntn_" + _r(46)
_s("prefixed_token", f"NOTION_INTEGRATION={_v}", _v)
_v = "bkua_" + _r(40, HEX)
_s("prefixed_token", f"bk configure --org acme --token {_v}", _v)
_v = "API-" + _r(26, UPPER_AN)
_s(
    "prefixed_token",
    f"octo push --package app.1.0.zip --server https://od.acme.io --apiKey {_v}",
    _v,
)
_v = "AAAA" + _r(7, URLSAFE) + ":APA91b" + _r(134, URLSAFE)
_s("prefixed_token", f'<string name="fcm_server_key">{_v}</string>', _v)
_v = "sk.eyJ1IjoiYWNtZSIsImEiOiJ" + _r(40, URLSAFE) + "." + _r(22, URLSAFE)
_s("prefixed_token", f"MAPBOX_DOWNLOADS_TOKEN={_v}", _v)
_v = "sgp_" + _r(40, HEX)
_s("prefixed_token", f"src login https://sourcegraph.acme.io --token {_v}", _v)
_v = "pnu_" + _r(36)
_s("prefixed_token", f"prefect cloud login -k {_v} -w acme/prod", _v)

# --------------------------------------------------------------------------- key blocks
_v = "\n".join(_r(64, HEX) for _ in range(16))
_s(
    "key_block",
    "<tls-auth>\n-----BEGIN OpenVPN Static key V1-----\n"
    + _v
    + "\n-----END OpenVPN Static key V1-----\n</tls-auth>",
    _v.split("\n")[3],
)
_v = _b64(32)
_s("key_block", f"[Interface]\nAddress = 10.0.0.2/32\nPrivateKey = {_v}\nDNS = 1.1.1.1", _v)
_v = _b64(600)
_s(
    "key_block",
    '{"type": "service_account", "project_id": "acme-dw", '
    '"private_key": "-----BEGIN PRIVATE KEY-----\\n'
    + _v[:64]
    + "\\n"
    + _v[64:128]
    + '\\n-----END PRIVATE KEY-----\\n", "client_email": "dw@acme-dw.iam.gserviceaccount.com"}',
    _v[:64],
)
_v = _b64(900)
_s(
    "key_block",
    'Traceback (most recent call last):\n  File "sign.py", line 12\n'
    '    key = load_pem(b"""-----BEGIN RSA PRIVATE KEY-----\n'
    + "\n".join(_v[i : i + 64] for i in range(0, 256, 64))
    + "\nValueError: Could not deserialize key data.",
    _v[64:128],
)
_v = _b64(48)
_s("key_block", f"keytool output:\n  storePassword '{_v}'\n  keyAlias 'release'", _v)

# --------------------------------------------------------------------------- connections
_v = _r(18)
_s(
    "connection",
    f"sqlalchemy.exc.OperationalError: (psycopg2.OperationalError) could not connect\n"
    f"(Background on this error at: https://sqlalche.me/e/20/e3q8) url=postgresql+psycopg2://etl:{_v}@wh.internal:5432/dw",
    _v,
)
_v = _r(20)
_s(
    "connection",
    f"jdbc:sqlserver://db01:1433;databaseName=Shop;user=sa;password={_v};encrypt=true",
    _v,
)
_v = _r(16)
_s(
    "connection",
    f"Driver={{Amazon Redshift (x64)}};Server=rs.acme;Database=dw;UID=loader;PWD={_v};",
    _v,
)
_v = _r(22)
_s("connection", f"snowflake://loader:{_v}@xy12345.eu-central-1/ANALYTICS/PUBLIC?warehouse=ETL", _v)
_v = _r(14)
_s(
    "connection",
    f"  877  clickhouse-client --host ch1 --user default --password {_v} -q 'select 1'",
    _v,
)
_v = _r(12)
_s("connection", f"  230  redis-cli -h cache.internal -a {_v} --no-auth-warning info", _v)
_v = _r(16)
_s("connection", f"  315  sshpass -p '{_v}' ssh deploy@10.0.4.12", _v)
_v = _r(32, HEX)
_w = _r(32, HEX)
_s("connection", f"SENTRY_DSN=https://{_v}:{_w}@sentry.acme.io/12", _w)
_v = _r(18)
_s("connection", f"db.internal:5432:billing:billing_app:{_v}", _v)
_v = _r(24)
_s(
    "connection",
    f"2026-11-30T10:02:11Z ERROR amqp: connection refused amqps://worker:{_v}@mq.acme.io:5671/prod",
    _v,
)

# --------------------------------------------------------------------------- config syntax
_v = _r(64, URLSAFE + "!@#%^&*")
_s("config_syntax", f"define( 'AUTH_KEY',         '{_v}' );", _v)
_v = _r(74, URLSAFE)
_s("config_syntax", f"$settings['hash_salt'] = '{_v}';", _v)
_v = _r(32, HEX)
_s("config_syntax", f"'crypt' => [\n    'key' => '{_v}'\n],", _v)
_v = _r(16)
_s(
    "config_syntax",
    f"class JConfig {{\n\tpublic $user = 'joomla';\n\tpublic $password = '{_v}';",
    _v,
)
_v = _r(18)
_s("config_syntax", f"[client]\nuser=backup\npassword={_v}", _v)
_v = _r(40, B64)
_s(
    "config_syntax",
    f"[default]\naccess_key = AKIAEXAMPLE\nsecret_key = {_v}\nhost_base = s3.acme.io",
    _v,
)
_v = _r(20)
_s("config_syntax", f"username admin privilege 15 secret 0 {_v}", _v)
_v = _r(12, "0123456789ABCDEF")
_s("config_syntax", f"line vty 0 4\n password 7 {_v}\n login", _v)
_v = _r(24)
_s("config_syntax", f'10.0.0.1 10.0.0.2 : PSK "{_v}"', _v)
_v = _r(20)
_s("config_syntax", f"crypto isakmp key {_v} address 203.0.113.7", _v)
_v = _r(16)
_s(
    "config_syntax",
    f'signingConfigs {{\n    release {{\n        keyPassword "{_v}"\n    }}\n}}',
    _v,
)
_v = _r(32, HEX)
_s("config_syntax", f'GameAnalytics.Initialize("{_r(32, HEX)}", "{_v}");', _v)
_v = _r(40, UPPER_AN)
_s("config_syntax", f"X-SecretKey: {_v}", _v)
_v = _r(32, HEX)
_s("config_syntax", f"mailjet:\n  api_key: {_r(32, HEX)}\n  api_secret: {_v}", _v)
_v = _r(30)
_s("config_syntax", f"flutter build apk --dart-define=PAYMENT_SECRET={_v}", _v)
_v = _r(24)
_s("config_syntax", f"##vso[task.setvariable variable=deployToken;issecret=true]{_v}", _v)
_v = _r(28)
_s(
    "config_syntax",
    f"drone secret add --repository acme/api --name registry_password --data {_v}",
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    f'    "source": [\n      "os.environ[\\"OPENWEATHER_KEY\\"] = \\"{_v}\\"\\n"\n    ]',
    _v,
)
_v = _r(32, HEX)
_s("config_syntax", f"elastic-apm:\n  server_url: http://apm:8200\n  secret_token: {_v}", _v)
_v = _r(20)
_s("config_syntax", f"kubectl create secret generic db --from-literal=password={_v}", _v)
_v = _r(34, URLSAFE)
_s(
    "config_syntax",
    f"az login --service-principal -u {_uuid()} -p {_v} --tenant acme.onmicrosoft.com",
    _v,
)
_v = _r(22)
_s(
    "config_syntax",
    f"2026-11-30 12:00:01 DEBUG auth: login attempt user=ops passwd={_v} ok=false",
    _v,
)

# --------------------------------------------------------------------------- authorization
_v = _uuid()
_s(
    "authorization",
    f"POST /email HTTP/1.1\nHost: api.postmarkapp.com\nX-Postmark-Server-Token: {_v}",
    _v,
)
_v = _uuid()
_s(
    "authorization",
    f"curl -k https://splunk:8088/services/collector -H 'Authorization: Splunk {_v}'",
    _v,
)
_v = _r(32)
_s("authorization", f"OTEL_EXPORTER_OTLP_HEADERS=x-honeycomb-team={_v}", _v)
_v = _r(40)
_s(
    "authorization",
    f"GET /api/orders HTTP/2\nhost: shop.acme.io\ncookie: theme=dark; sessionid={_v}",
    _v,
)
_v = base64.b64encode(f"proxyuser:{_r(14)}".encode()).decode()
_s("authorization", f"CONNECT example.com:443 HTTP/1.1\nProxy-Authorization: Basic {_v}", _v)
_v = _r(40, HEX)
_s("authorization", f"requests.get(url, headers={{'X-Api-Key': '{_v}'}})", _v)
_v = _r(32, HEX)
_s(
    "authorization",
    f"MessageBird: curl -H 'Authorization: AccessKey {_v}' https://rest.messagebird.com/balance",
    _v,
)

# --------------------------------------------------------------------------- look-alikes
_l(
    "key_block",
    f"[Peer]\nPublicKey = {base64.b64encode(bytes(range(32))).decode()}\nAllowedIPs = 0.0.0.0/0",
)
_l("key_block", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGz3Jm5xQ0pYdHh3cGZ2bE9kWk5vR1lQ deploy@ci")
_l("key_block", "openssl genrsa -out release.key 4096 && openssl rsa -in release.key -pubout")
_l("key_block", "storeFile file('release.keystore')")
_l("key_block", "-----BEGIN CERTIFICATE REQUEST----- is what the CA wants, not the key")
_l("prefixed_token", "sha256:9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08")
_l(
    "prefixed_token",
    "integrity sha512-Q0ZqbC9BzXx3mG4w2vLHf6rZ1b0kP7oW8nY3sT5uV6xR2cA9dE1fG4hI7jK0lM==",
)
_l(
    "prefixed_token",
    "github.com/stretchr/testify v1.9.0 h1:HtqpIVDClZ4nwg75+f6Lvsy/wHu+3BoSGCbBAcpTsTg=",
)
_l(
    "prefixed_token",
    'checksum = "b9d0ed2e3f1c4a5b6c7d8e9f0a1b2c3d4e5f60718293a4b5c6d7e8f9a0b1c2d3"',
)
_l("prefixed_token", "oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393")
_l("prefixed_token", "commit 3f8a1c9e2b7d4f6a0c5e8b1d9f2a7c4e6b0d3f8a (HEAD -> main)")
_l("prefixed_token", '"mobilesdk_app_id": "1:123456789012:android:f1e2d3c4b5a69788"')
_l("prefixed_token", "PHOTON_APP_ID=6b1f0c2e-8d4a-4c3b-9e7f-2a5d8c1b0e94")
_l("prefixed_token", "Hugging Face tokens start with hf_ and Replicate ones with r8_")
_l("prefixed_token", "tailscale status: 100.101.102.103 ci-runner nodekey:3b2a… linux active")
_l("prefixed_token", 'ETag: W/"5e15153d-120f"')
_l("prefixed_token", "traceparent: 00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01")
_l("connection", "snowflake://xy12345.eu-central-1/ANALYTICS?warehouse=COMPUTE_WH&role=LOADER")
_l("connection", "jdbc:sqlserver://db01:1433;databaseName=Shop;integratedSecurity=true")
_l("connection", "redis-cli -h cache.internal -p 6380 --tls info keyspace")
_l("connection", "ssh -i ~/.ssh/deploy_ed25519 -p 2222 deploy@10.0.4.12")
_l("connection", "SENTRY_DSN is set in the project settings under Client Keys")
_l("connection", "clickhouse-client --host ch1 --user default --ask-password")
_l("config_syntax", "password_min_length: 12\npassword_require_symbol: true")
_l("config_syntax", "secretKeyRef:\n  name: db-credentials\n  key: password")
_l("config_syntax", "withCredentials([string(credentialsId: 'gh-token', variable: 'GH_TOKEN')])")
_l("config_syntax", "password: credentialsJSON:6b0c4d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e")
_l("config_syntax", "db_password_file: /run/secrets/db_password")
_l("config_syntax", "PASSWORD_HASHERS = ['django.contrib.auth.hashers.Argon2PasswordHasher']")
_l("config_syntax", "define( 'WP_DEBUG', false );")
_l("config_syntax", "'session' => ['save' => 'files'],")
_l("config_syntax", "line vty 0 4\n transport input ssh\n login local")
_l("config_syntax", "ip ospf message-digest-key 1 md5 <key>")
_l("config_syntax", "token_type: Bearer\nexpires_in: 3600")
_l("config_syntax", "2026-11-30 12:00:02 INFO auth: password reset email sent to user 4211")
_l("config_syntax", 'api_key_header = "X-API-Key"')
_l("config_syntax", "drone secret ls --repository acme/api")
_l("authorization", "X-Amz-Request-Id: 4442587FB7D0A2F9")
_l("authorization", "Set-Cookie: theme=dark; Path=/; SameSite=Lax")
_l("authorization", "Authorization: Splunk <hec-token>")
_l("authorization", "headers={'Accept': 'application/json', 'X-Request-Source': 'batch-7'}")
_l("authorization", 'WWW-Authenticate: Basic realm="staging", charset="UTF-8"')
