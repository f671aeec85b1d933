"""SECOND held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written after the rules for issue 13 were finished and landed, and measured once with them, with no
rule changed afterwards: the cleanest estimate here of how redaction does on text no test was
tuned on. Its cases come from everyday contexts (logs, CI files, compose files, infrastructure
code, application code in several languages, HTTP dumps, chat-style prose), with look-alikes from
the same contexts. `python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own.
"""

from __future__ import annotations

import base64
import string

from tests.data.fake_secrets import AN, HEX, URLSAFE, Fakes, Split

_fakes = Fakes(2_026_113_015)
_r = _fakes.r


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# --------------------------------------------------------------------------- prefixed tokens
_v = "ghp_" + _r(36)
_s("prefixed_token", f"2024-06-11T10:22:31Z INFO using token {_v[:4]}…? no: {_v}", _v)
_v = "glpat-" + _r(20, URLSAFE)
_s("prefixed_token", f"    - git clone https://gitlab-ci-token:{_v}@gitlab.com/g/p.git", _v)
_v = "xoxb-" + _r(11, string.digits) + "-" + _r(13, string.digits) + "-" + _r(24)
_s("prefixed_token", f'slack_sdk.WebClient(token="{_v}").chat_postMessage(...)', _v)
_v = "sk-proj-" + _r(120, URLSAFE)
_s("prefixed_token", f"> why does {_v} give 401?", _v)
_v = "AKIA" + _r(16, string.ascii_uppercase + string.digits)
_s("prefixed_token", f"| iam-user | {_v} | active | 2024-01-03 |", _v)
_v = "hf_" + _r(34)
_s("prefixed_token", f"!huggingface-cli login --token {_v}", _v)
_v = "npm_" + _r(36)
_s("prefixed_token", f"      NODE_AUTH_TOKEN: {_v}", _v)
_v = "dop_v1_" + _r(64, HEX)
_s("prefixed_token", f'provider "digitalocean" {{ token = "{_v}" }}', _v)
_v = "shpat_" + _r(32, HEX)
_s("prefixed_token", f"curl -H 'X-Shopify-Access-Token: {_v}' https://shop/admin/api", _v)
_v = "hvs." + _r(95, URLSAFE)
_s("prefixed_token", f"export VAULT_TOKEN={_v}", _v)
_v = "SG." + _r(22, URLSAFE) + "." + _r(43, URLSAFE)
_s("prefixed_token", f"sendgrid.SendGridAPIClient('{_v}')", _v)
_v = "AIza" + _r(35, URLSAFE)
_s("prefixed_token", f'<meta name="maps-key" content="{_v}">', _v)

_l("prefixed_token", "ghp_ and gho_ prefixes were introduced in 2021 by GitHub")
_l("prefixed_token", "| iam-user | AKIA**************** | inactive |")
_l("prefixed_token", "commit 4f2c9e1d8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d (HEAD -> main)")
_l("prefixed_token", "docker pull ghcr.io/acme/api@sha256:" + _r(64, HEX))
_l("prefixed_token", "the sk-learn fork and sk-proj naming in the billing page")

# --------------------------------------------------------------------------- key material
_pem_body = "\n".join(_r(64, AN + "+/") for _ in range(12))
_s(
    "key_block",
    "$ cat deploy_key\n-----BEGIN OPENSSH PRIVATE KEY-----\n"
    + _pem_body
    + "\n-----END OPENSSH PRIVATE KEY-----\n$ chmod 600 deploy_key",
    *_pem_body.splitlines()[:2],
)
_s(
    "key_block",
    "  SSH_PRIVATE_KEY: |\n    -----BEGIN RSA PRIVATE KEY-----\n    "
    + _pem_body.replace("\n", "\n    ")
    + "\n    -----END RSA PRIVATE KEY-----",
    *_pem_body.splitlines()[:2],
)
_s(
    "key_block",
    "...(truncated 2,113 characters)...\n"
    + "\n".join(_pem_body.splitlines()[6:])
    + "\n-----END PRIVATE KEY-----",
    *_pem_body.splitlines()[6:8],
)

_l(
    "key_block",
    "-----BEGIN CERTIFICATE-----\n" + _r(64, AN + "+/") + "\n-----END CERTIFICATE-----",
)
_l("key_block", "ssh-keygen -t ed25519 -C ci@acme -f ./deploy_key -N ''")
_l("key_block", "ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAIbmlzdHAyNTY= host")

# --------------------------------------------------------------------------- connection strings
_p = [_r(14, AN + "!*^") for _ in range(8)]
_s("connection", f"redis-cli -u redis://default:{_p[0]}@redis-123.cloud.io:16379", _p[0])
_s("connection", f"      - DATABASE_URL=mysql://wp:{_p[1]}@db:3306/wordpress", _p[1])
_s(
    "connection",
    f'SQLALCHEMY_DATABASE_URI = "postgresql+psycopg2://etl:{_p[2]}@warehouse/dw"',
    _p[2],
)
_s("connection", f"psql 'host=db port=5432 user=app password={_p[3]} dbname=shop'", _p[3])
_s("connection", f"Server=myServer;Database=myDb;User Id=sa;Password={_p[4]};", _p[4])
_s("connection", f"smtp://apikey:{_p[5]}@smtp.sendgrid.net:587", _p[5])

_l("connection", "postgresql+psycopg2://etl@warehouse/dw?sslmode=require")
_l("connection", "Server=myServer;Database=myDb;Trusted_Connection=True;")
_l("connection", "redis://redis-123.cloud.io:16379/0")
_l("connection", "psql 'host=db port=5432 user=app dbname=shop'")
_l("connection", "ftp://ftp.example.com/pub/README")

# --------------------------------------------------------------------------- config syntaxes
_v = _r(20)
_s("config_syntax", f'      POSTGRES_PASSWORD: "{_v}"', _v)
_v = _r(24)
_s("config_syntax", f'private static final String API_SECRET = "{_v}";', _v)
_v = _r(18)
_s("config_syntax", f'var dbPassword = "{_v}"', _v)
_v = _r(30)
_s("config_syntax", f'let apiKey = "{_v}"  // TODO move to keychain', _v)
_v = _r(32, HEX)
_s("config_syntax", f"[service]\nEnvironment=API_TOKEN={_v}\nExecStart=/usr/bin/app", _v)
_v = _r(16)
_s("config_syntax", f"ansible_become_password: {_v}", _v)
_v = _r(40)
_s("config_syntax", f'    "clientSecret": "{_v}",', _v)
_v = _r(22)
_s("config_syntax", f"DJANGO_SECRET_KEY={_v}", _v)
_v = _r(28)
_s("config_syntax", f'options.ClientSecret = "{_v}";', _v)
_v = _r(19)
_s("config_syntax", f"mail.smtp.password={_v}", _v)
_v = _r(26)
_s("config_syntax", f"os.environ['OPENAI_API_KEY'] = '{_v}'", _v)
_v = _r(21)
_s("config_syntax", f"{{'user': 'svc', 'passwd': '{_v}'}}", _v)
_v = base64.b64encode(_r(24).encode()).decode()
_s("config_syntax", f"data:\n  password: {_v}\n  username: YWRtaW4=", _v)

_l("config_syntax", "      POSTGRES_PASSWORD_FILE: /run/secrets/db_password")
_l("config_syntax", 'private static final String API_SECRET_HEADER = "X-Api-Secret";')
_l("config_syntax", "var passwordField = document.getElementById('password');")
_l("config_syntax", "let apiKeyLength = 32")
_l("config_syntax", "Environment=API_TOKEN_FILE=%d/token")
_l("config_syntax", 'ansible_become_password: "{{ vault_become_password }}"')
_l("config_syntax", '    "clientSecretExpiresAt": 1735689600,')
_l("config_syntax", "DJANGO_SECRET_KEY_FALLBACKS=")
_l("config_syntax", 'options.ClientSecret = Configuration["Auth:ClientSecret"];')
_l("config_syntax", "if user.check_password(form.password.data):")
_l("config_syntax", "PASSWORD_HASHERS = ['django.contrib.auth.hashers.Argon2PasswordHasher']")
_l("config_syntax", "TOKEN_EXPIRY_MINUTES=15")
_l("config_syntax", "INDEX_KEY=user_email_idx")
_l("config_syntax", "RATE_LIMIT_KEY=ip:{remote_addr}")
_l("config_syntax", "const sessionKeyPrefix = 'sess:';")
_l("config_syntax", "batch_token: 7")
_l("config_syntax", "primary_key: order_id")

# --------------------------------------------------------------------------- authorization
_v = _r(40, URLSAFE)
_s("authorization", f"> GET /v2/orders HTTP/1.1\n> Authorization: Bearer {_v}\n> Accept: */*", _v)
_v = base64.b64encode(f"admin:{_r(12)}".encode()).decode()
_s("authorization", f"requests.get(url, headers={{'Authorization': 'Basic {_v}'}})", _v)
_v = _r(32, HEX)
_s("authorization", f"Authorization: token {_v}", _v)

_l("authorization", "> Authorization: Bearer [hidden]")
_l("authorization", "auth_scheme = 'Bearer'")
_l("authorization", "Authorization required. Please log in.")
