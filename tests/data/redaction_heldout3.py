"""THIRD held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written in one sitting before the second widening of the rules (after held-out split 1 had been
seen), and measured once before and once after that widening, with no look at its misses in
between. Its cases come from contexts the other splits do not use: cloud and CI command lines,
database and broker configs, mobile and web SDK configs, infrastructure code, package registry
files, SSH and GPG tooling, chat webhooks, payment providers; its look-alikes are identifiers,
hashes, fingerprints, ids, paths, cache keys, pagination tokens and feature flags from the same
contexts. `python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own, so no token-shaped string is
committed.
"""

from __future__ import annotations

import base64
import string

from tests.data.fake_secrets import AN, B64, HEX, UPPER_AN, URLSAFE, Fakes, Split

_fakes = Fakes(3_2026_1130)
_r = _fakes.r


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# --------------------------------------------------------------------------- prefixed tokens
_v = "ghs_" + _r(36)
_s(
    "prefixed_token",
    f"remote: Invalid username or token. url=https://x-access-token:{_v}@github.com/o/r",
    _v,
)
_v = "gho_" + _r(36)
_s(
    "prefixed_token",
    f"gh auth status: Logged in to github.com account bot (keyring) Token: {_v}",
    _v,
)
_v = (
    "xoxp-"
    + _r(12, string.digits)
    + "-"
    + _r(12, string.digits)
    + "-"
    + _r(13, string.digits)
    + "-"
    + _r(32, HEX)
)
_s("prefixed_token", f"slack:\n  user_token: {_v}", _v)
_v = "sk_live_" + _r(99)
_s("prefixed_token", f"Stripe::StripeClient.new('{_v}')", _v)
_v = "rk_live_" + _r(24)
_s("prefixed_token", f"stripe listen --api-key {_v} --forward-to localhost:4242/webhook", _v)
_v = "whsec_" + _r(32)
_s("prefixed_token", f"> Ready! Your webhook signing secret is {_v} (^C to quit)", _v)
_v = "glrt-" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    f"gitlab-runner register --non-interactive --url https://gitlab.com --token {_v}",
    _v,
)
_v = "ASIA" + _r(16, UPPER_AN)
_s(
    "prefixed_token",
    f'{{"Credentials": {{"AccessKeyId": "{_v}", "Expiration": "2026-11-30T18:00:00Z"}}}}',
    _v,
)
_v = "pypi-AgEIcHlwaS5vcmc" + _r(60, URLSAFE)
_s("prefixed_token", f"[pypi]\n  username = __token__\n  password = {_v}", _v)
_v = "npm_" + _r(36)
_s("prefixed_token", f"//registry.npmjs.org/:_authToken={_v}", _v)
_v = "dckr_pat_" + _r(27, URLSAFE)
_s("prefixed_token", f"echo {_v} | docker login -u acmebot --password-stdin", _v)
_v = "sk-ant-api03-" + _r(93, URLSAFE) + "AA"
_s("prefixed_token", f'client = anthropic.Anthropic(api_key="{_v}")', _v)
_v = "xapp-1-A0" + _r(9, UPPER_AN) + "-" + _r(13, string.digits) + "-" + _r(64, HEX)
_s("prefixed_token", f'SocketModeHandler(app, "{_v}").start()', _v)
_v = "SG." + _r(22, URLSAFE) + "." + _r(43, URLSAFE)
_s("prefixed_token", f"$mail = new \\SendGrid('{_v}');", _v)
_v = "tskey-auth-k" + _r(10) + "CNTRL-" + _r(30)
_s("prefixed_token", f"tailscale up --authkey={_v} --advertise-tags=tag:ci", _v)
_v = "lin_api_" + _r(40)
_s("prefixed_token", f"curl https://api.linear.app/graphql -H 'Authorization: {_v}' -d @q.json", _v)
_v = "hf_" + _r(34)
_s("prefixed_token", f"HF_TOKEN={_v} python train.py --push_to_hub", _v)
_v = "glpat-" + _r(20, URLSAFE)
_s("prefixed_token", f'terraform {{\n  backend "http" {{\n    password = "{_v}"\n  }}\n}}', _v)
_v = "AKIA" + _r(16, UPPER_AN)
_s("prefixed_token", f"[default]\naws_access_key_id={_v}\nregion=eu-west-1", _v)
_v = "ya29.a0" + _r(120, URLSAFE)
_s("prefixed_token", f"gcloud auth print-access-token\n{_v}", _v)
_v = "shpss_" + _r(32, HEX)
_s("prefixed_token", f"SHOPIFY_API_SECRET={_v}", _v)

_l("prefixed_token", "arn:aws:iam::123456789012:role/github-actions-deploy")
_l("prefixed_token", "aws sts get-caller-identity --query Account --output text")
_l("prefixed_token", "ghcr.io/acme/worker:sha-9f3c2e1")
_l("prefixed_token", "npm_config_cache=/home/runner/.npm npm ci --prefer-offline")
_l("prefixed_token", "price_1OqXbC2eZvKYlo2C8yJ3kLmN")
_l("prefixed_token", "cus_PzT8rYd2Kq4Lm1 was charged for sub_1OqXbC2eZvKYlo2C")
_l("prefixed_token", "pk_live_51H8xYzAbCdEfGhIjKlMnOpQr is the publishable key, safe in the page")
_l("prefixed_token", "skip-worktree and sk-lang: see skaffold.yaml")

# --------------------------------------------------------------------------- key material
_body = [_r(64, B64) for _ in range(10)]
_s(
    "key_block",
    "gpg --export-secret-keys --armor 0xA1B2C3D4 > sec.asc\n$ head sec.asc\n"
    "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
    + "\n".join(_body)
    + "\n="
    + _r(4, B64)
    + "\n-----END PGP PRIVATE KEY BLOCK-----",
    *_body[:3],
)
_body = [_r(64, B64) for _ in range(6)]
_s(
    "key_block",
    '{"type": "service_account", "project_id": "acme-prod", "private_key_id": "'
    + _r(40, HEX)
    + '", "private_key": "-----BEGIN PRIVATE KEY-----\\n'
    + "\\n".join(_body)
    + '\\n-----END PRIVATE KEY-----\\n", "client_email": "ci@acme-prod.iam.gserviceaccount.com"}',
    *_body[:2],
)
_body = [_r(64, B64) for _ in range(5)]
_s(
    "key_block",
    'resource "tls_private_key" "k" {}\n# state:\n'
    + '"private_key_pem": "-----BEGIN EC PRIVATE KEY-----\\n'
    + "\\n".join(_body)
    + '\\n-----END EC PRIVATE KEY-----\\n",',
    *_body[:2],
)
_v = base64.b64encode(
    b"-----BEGIN RSA PRIVATE KEY-----\n"
    + _r(300, B64).encode()
    + b"\n-----END RSA PRIVATE KEY-----\n"
).decode()
_s("key_block", f"users:\n- name: admin\n  user:\n    client-key-data: {_v}", _v[40:100])
_body = [_r(70, B64) for _ in range(4)]
_s(
    "key_block",
    "  ssh_key: |\n    -----BEGIN OPENSSH PRIVATE KEY-----\n    "
    + "\n    ".join(_body)
    + "\n    -----END OPENSSH PRIVATE KEY-----",
    *_body[:2],
)

_l(
    "key_block",
    "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBx1q9c2Gv5y0mT7wP3kZ8nR4sA6dE2fH1jK3lM5nO7p ci@acme",
)
_l("key_block", "SHA256:nThbg6kXUpJWGl7E1IGOCspRomTxdCARLviKw6E5SY8 github.com (ED25519)")
_l("key_block", "pub   rsa4096 2021-03-01 [SC]\n      3AA5C34371567BD2A1B2C3D4E5F60718293A4B5C")
_l("key_block", "-----BEGIN PUBLIC KEY-----\n" + _r(64, B64) + "\n-----END PUBLIC KEY-----")
_l("key_block", "IdentityFile ~/.ssh/id_ed25519_deploy")

# --------------------------------------------------------------------------- connection strings
_p = [_r(16, AN + "!^*") for _ in range(10)]
_s("connection", f"amqp://orders:{_p[0]}@rabbitmq.internal:5672/%2F", _p[0])
_s(
    "connection",
    f"MONGO_URI=mongodb+srv://app:{_p[1]}@cluster0.ab1cd.mongodb.net/?retryWrites=true",
    _p[1],
)
_s(
    "connection",
    f"spring.datasource.url=jdbc:postgresql://db:5432/app?user=app&password={_p[2]}",
    _p[2],
)
_s(
    "connection",
    f"ConnectionStrings__Default=Host=pg;Database=shop;Username=shop;Password={_p[3]}",
    _p[3],
)
_s(
    "connection",
    "kafka-console-consumer --bootstrap-server b:9093 --consumer-property sasl.jaas.config="
    '\'org.apache.kafka.common.security.plain.PlainLoginModule required username="svc" '
    f'password="{_p[4]}";\'',
    _p[4],
)
_s("connection", f"git remote add origin https://deploy:{_p[5]}@bitbucket.org/acme/api.git", _p[5])
_v = _r(86, B64) + "=="
_s(
    "connection",
    f"DefaultEndpointsProtocol=https;AccountName=acmelogs;AccountKey={_v};EndpointSuffix=core.windows.net",
    _v,
)
_s("connection", f"mysql -h db.internal -u report -p{_p[6]} analytics", _p[6])
_s("connection", f"nats://ops:{_p[7]}@nats.internal:4222", _p[7])
_s(
    "connection",
    f"pip install --index-url https://build:{_p[8]}@pkgs.acme.dev/simple/ acme-core",
    _p[8],
)

_l("connection", "amqp://rabbitmq.internal:5672/%2F")
_l("connection", "jdbc:postgresql://db:5432/app?sslmode=verify-full&user=app")
_l("connection", "mongodb+srv://cluster0.ab1cd.mongodb.net/?retryWrites=true&w=majority")
_l(
    "connection",
    "DefaultEndpointsProtocol=https;AccountName=acmelogs;EndpointSuffix=core.windows.net",
)
_l("connection", "git@github.com:acme/api.git")
_l("connection", "https://user@example.com:8443/path?page=2")

# --------------------------------------------------------------------------- config syntaxes
_v = _r(20)
_s("config_syntax", f"spring.rabbitmq.password={_v}", _v)
_v = _r(32, HEX)
_s("config_syntax", f'<string name="google_maps_secret">{_v}</string>', _v)
_v = _r(40)
_s("config_syntax", f'firebase functions:config:set stripe.secret="{_v}"', _v)
_v = _r(24)
_s("config_syntax", f'  db_password = "{_v}"   # terraform.tfvars', _v)
_v = _r(18)
_s("config_syntax", f"kubectl create secret generic db --from-literal=password={_v}", _v)
_v = _r(22)
_s("config_syntax", f"vault kv put secret/app db_password={_v}", _v)
_v = _r(30)
_s("config_syntax", f'gh secret set DEPLOY_TOKEN --body "{_v}"', _v)
_v = _r(26)
_s("config_syntax", f"heroku config:set SESSION_SECRET={_v} -a acme-web", _v)
_v = _r(16)
_s(
    "config_syntax",
    f'az ad sp create-for-rbac ... \n{{\n  "appId": "0f8fad5b-d9cb-469f-a165-70867728950e",\n'
    f'  "password": "{_v}",\n  "tenant": "x"\n}}',
    _v,
)
_v = _r(20)
_s("config_syntax", f"[client]\nuser=backup\npassword={_v}\n", _v)
_v = _r(28)
_s("config_syntax", f"requirepass {_v}", _v)
_v = _r(24)
_s("config_syntax", f"spring:\n  mail:\n    password: {_v}", _v)
_v = _r(32)
_s("config_syntax", f'Fastlane: ENV["MATCH_PASSWORD"] = "{_v}"', _v)
_v = _r(36)
_s("config_syntax", f"<key>ClientSecret</key>\n<string>{_v}</string>", _v)
_v = _r(20)
_s("config_syntax", f"jenkins-cli -auth admin:{_v} -s http://ci:8080/ build deploy", _v)
_v = _r(22)
_s("config_syntax", f"ALTER USER 'app'@'%' IDENTIFIED BY '{_v}';", _v)
_v = _r(18)
_s("config_syntax", f"net user svc_backup {_v} /add", _v)
_v = _r(25)
_s("config_syntax", f"docker run -e MYSQL_ROOT_PASSWORD={_v} -d mysql:8", _v)

_l("config_syntax", "spring.rabbitmq.password-file=/etc/secrets/rabbit")
_l("config_syntax", '<string name="google_maps_key_hint">Enter your key</string>')
_l("config_syntax", "kubectl get secret db -o jsonpath='{.data.password}' | base64 -d")
_l("config_syntax", "vault kv get -field=db_password secret/app")
_l("config_syntax", "gh secret list --repo acme/api")
_l("config_syntax", "FEATURE_PASSWORDLESS_LOGIN=true")
_l("config_syntax", 'cache_key = f"user:{user_id}:profile"')
_l("config_syntax", "next_page_token: CAoaEwoRCg9vcmRlcnMvMjAyNi0xMQ")
_l("config_syntax", "session_id=0f8fad5b-d9cb-469f-a165-70867728950e")
_l("config_syntax", "password_min_length: 12")
_l("config_syntax", "token_endpoint: https://login.acme.dev/oauth2/token")
_l("config_syntax", 'etag: "33a64df551425fcc55e4d42a148795d9f25f89d4"')
_l(
    "config_syntax",
    "sha512sum: 9b71d224bd62f3785d96d46ad3ea3d73319bfbc2890caadae2dff72519673ca72323c3d99"
    "ba5c11d7c7acc6e14b8c5da0c4663475c2e5c3adef46f73bcdec043",
)
_l("config_syntax", "integrity sha512-" + _r(86, B64) + "==")
_l("config_syntax", "enable_secret_scanning: true")
_l("config_syntax", "secretRef:\n  name: db-credentials\n  key: password")
_l("config_syntax", "ALTER USER app WITH LOGIN;")

# --------------------------------------------------------------------------- authorization / URLs
_v = _r(48, URLSAFE)
_s("authorization", f'curl -H "X-Api-Key: {_v}" https://api.acme.dev/v1/items', _v)
_v = _r(40, HEX)
_s("authorization", f"PRIVATE-TOKEN: {_v}", _v)
_v = _r(24)
_s(
    "authorization",
    f"https://discord.com/api/webhooks/1178{_r(15, string.digits)}/{_v}{_r(44, URLSAFE)}",
    _v,
)
_v = "AA" + _r(33, URLSAFE)
_s(
    "authorization",
    f"https://api.telegram.org/bot7{_r(9, string.digits)}:{_v}/sendMessage?chat_id=1",
    _v,
)
_v = _r(64, HEX)
_s("authorization", f"https://outlook.office.com/webhook/abc@def/IncomingWebhook/{_v}/0f8fad5b", _v)
_v = base64.b64encode(f"ci-bot:{_r(20)}".encode()).decode()
_s("authorization", f"proxy-authorization: Basic {_v}", _v)
_v = _r(43, URLSAFE)
_s("authorization", f"GET /callback?code=4/0Ad{_r(20)}&access_token={_v}&token_type=Bearer", _v)

_l("authorization", 'WWW-Authenticate: Bearer realm="api", error="invalid_token"')
_l("authorization", "X-Request-Id: 7f3c9a1e-5b2d-4c8e-9f0a-1b2c3d4e5f60")
_l("authorization", "https://hooks.slack.com/ is where the incoming webhook posts")
_l("authorization", "GET /v1/items?page_token=eyJvZmZzZXQiOjEwMH0&limit=100")
_l("authorization", "X-GitHub-Delivery: 72d3162e-cc78-11e3-81ab-4c9367dc0958")
_l("authorization", "Authorization header missing or malformed")
