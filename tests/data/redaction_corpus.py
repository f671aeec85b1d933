"""Corpus for the redaction tests: realistic fake secrets and look-alikes that must survive.

Every secret is generated at import from a fixed seed, so no token-shaped string is committed
(push protection stays quiet) and the corpus is the same on every run.
"""

from __future__ import annotations

import base64
import json
import random
import string
from collections.abc import Sequence
from dataclasses import dataclass

_rng = random.Random(20240611)
_ALNUM = string.ascii_letters + string.digits
_UPPER_DIGITS = string.ascii_uppercase + string.digits
_B64 = _ALNUM + "+/"
_URLSAFE = _ALNUM + "_-"
_HEX = "0123456789abcdef"


def _r(n: int, alphabet: str = _ALNUM) -> str:
    return "".join(_rng.choice(alphabet) for _ in range(n))


def _b64url(obj: dict[str, object]) -> str:
    return base64.urlsafe_b64encode(json.dumps(obj).encode()).decode().rstrip("=")


def _pem(label: str, lines: int = 4) -> str:
    body = "\n".join(_r(64, _B64) for _ in range(lines))
    return f"-----BEGIN {label}-----\n{body}\n{_r(20, _B64)}==\n-----END {label}-----"


@dataclass(frozen=True)
class SecretCase:
    text: str
    secrets: tuple[str, ...]  # none of these may survive
    kinds: tuple[str, ...]  # each must be counted
    keep: tuple[str, ...] = ()  # context that must survive (variable names, users, hosts)


def _case(
    text: str, secrets: Sequence[str] | str, kinds: Sequence[str] | str, *keep: str
) -> SecretCase:
    return SecretCase(text, _tuple(secrets), _tuple(kinds), keep)


def _tuple(items: Sequence[str] | str) -> tuple[str, ...]:
    return (items,) if isinstance(items, str) else tuple(items)


_akia, _asia = "AKIA" + _r(16, _UPPER_DIGITS), "ASIA" + _r(16, _UPPER_DIGITS)
_aws_secret = [_r(40, _B64) for _ in range(3)]
_ghp, _gho, _ghu, _ghs, _ghr = (p + _r(36) for p in ("ghp_", "gho_", "ghu_", "ghs_", "ghr_"))
_gh_pat = f"github_pat_{_r(22)}_{_r(59)}"
_glpat = "glpat-" + _r(20, _URLSAFE)
_xoxb = f"xoxb-{_r(12, string.digits)}-{_r(13, string.digits)}-{_r(24)}"
_xoxp = (
    f"xoxp-{_r(12, string.digits)}-{_r(12, string.digits)}-{_r(13, string.digits)}-{_r(32, _HEX)}"
)
_slack_hook = f"T{_r(10, _UPPER_DIGITS)}/B{_r(10, _UPPER_DIGITS)}/{_r(24)}"
_sk = "sk-" + _r(48)
_sk_proj = f"sk-proj-{_r(74, _URLSAFE)}T3BlbkFJ{_r(74, _URLSAFE)}"
_sk_ant = f"sk-ant-api03-{_r(93, _URLSAFE)}AA"
_stripe_live, _stripe_rk, _stripe_test = (p + _r(24) for p in ("sk_live_", "rk_live_", "sk_test_"))
_whsec = "whsec_" + _r(32)
_aiza = "AIza" + _r(35, _URLSAFE)
_jwt = ".".join(
    (
        _b64url({"alg": "HS256", "typ": "JWT"}),
        _b64url({"sub": "1234567890", "name": "Jane Doe", "iat": 1716239022}),
        _r(43, _URLSAFE),
    )
)
_jwt_rs = ".".join(
    (
        _b64url({"alg": "RS256", "kid": _r(8)}),
        _b64url({"iss": "auth0", "exp": 1}),
        _r(342, _URLSAFE),
    )
)
_pem_rsa, _pem_openssh, _pem_ec, _pem_p8 = (
    _pem(f"{k}PRIVATE KEY") for k in ("RSA ", "OPENSSH ", "EC ", "")
)
_npm = "npm_" + _r(36)
_pypi = "pypi-AgEIcHlwaS5vcmc" + _r(60, _URLSAFE)
_hf = "hf_" + _r(34)
_sendgrid = f"SG.{_r(22, _URLSAFE)}.{_r(43, _URLSAFE)}"
_pw = [_r(14, _ALNUM + "!#%^*") for _ in range(12)]
_bearer = _r(40, _URLSAFE)
_basic = base64.b64encode(b"deploy:" + _r(12).encode()).decode()

SECRETS: list[SecretCase] = [
    # AWS
    _case(
        f"[default]\naws_access_key_id = {_akia}\n", _akia, "aws_access_key", "aws_access_key_id"
    ),
    _case(f"export AWS_ACCESS_KEY_ID={_asia}", _asia, "aws_access_key", "AWS_ACCESS_KEY_ID="),
    _case(f"I tested with key {_akia} yesterday.", _akia, "aws_access_key", "I tested with key"),
    _case(
        f"aws_secret_access_key = {_aws_secret[0]}", _aws_secret[0], "aws_secret_key", "aws_secret"
    ),
    _case(
        f'{{"Credentials": {{"AccessKeyId": "{_asia}", "SecretAccessKey": "{_aws_secret[1]}"}}}}',
        (_asia, _aws_secret[1]),
        ("aws_access_key", "aws_secret_key"),
        '"SecretAccessKey": "',
    ),
    _case(
        f'AWS_SECRET_ACCESS_KEY="{_aws_secret[2]}"', _aws_secret[2], "aws_secret_key", "AWS_SECRET"
    ),
    # GitHub
    _case(
        f"git remote set-url origin https://{_ghp}@github.com/acme/api.git", _ghp, "github_token"
    ),
    _case(f'{{"access_token": "{_gho}", "scope": "repo"}}', _gho, "github_token", "access_token"),
    _case(f"GH_TOKEN={_ghu} gh pr list", _ghu, "github_token", "gh pr list"),
    _case(f"token {_ghs} expires in 1h", _ghs, "github_token", "expires in 1h"),
    _case(f"refresh with {_ghr}", _ghr, "github_token"),
    _case(f"export GITHUB_TOKEN='{_gh_pat}'", _gh_pat, "github_token", "GITHUB_TOKEN"),
    _case(f'curl -H "Authorization: token {_ghp}" api.github.com', _ghp, "github_token"),
    # GitLab, Slack
    _case(
        f"git clone https://oauth2:{_glpat}@gitlab.com/g/p.git", _glpat, "gitlab_token", "oauth2"
    ),
    _case(f"GITLAB_TOKEN={_glpat}", _glpat, "gitlab_token", "GITLAB_TOKEN="),
    _case(f"SLACK_BOT_TOKEN={_xoxb}", _xoxb, "slack_token", "SLACK_BOT_TOKEN"),
    _case(f"client = WebClient(token='{_xoxp}')", _xoxp, "slack_token", "WebClient"),
    _case(
        f"curl -X POST https://hooks.slack.com/services/{_slack_hook} -d '{{}}'",
        _slack_hook,
        "slack_webhook",
        "hooks.slack.com",
    ),
    # OpenAI, Anthropic
    _case(f"OPENAI_API_KEY={_sk}", _sk, "openai_key", "OPENAI_API_KEY="),
    _case(f'client = OpenAI(api_key="{_sk_proj}")', _sk_proj, "openai_key", "OpenAI("),
    _case(f"Error: Incorrect API key provided: {_sk}.", _sk, "openai_key", "Incorrect API key"),
    _case(f"export ANTHROPIC_API_KEY={_sk_ant}", _sk_ant, "anthropic_key", "ANTHROPIC_API_KEY="),
    _case(f'"x-api-key": "{_sk_ant}"', _sk_ant, "anthropic_key", "x-api-key"),
    # Stripe, Google
    _case(f"stripe.api_key = '{_stripe_live}'", _stripe_live, "stripe_key", "stripe.api_key"),
    _case(f"STRIPE_RESTRICTED={_stripe_rk}", _stripe_rk, "stripe_key"),
    _case(f"Using test key {_stripe_test} for CI", _stripe_test, "stripe_key", "for CI"),
    _case(f"STRIPE_WEBHOOK_SECRET={_whsec}", _whsec, "stripe_key", "STRIPE_WEBHOOK_SECRET"),
    _case(f"https://maps.googleapis.com/maps/api/js?key={_aiza}&v=3", _aiza, "google_api_key"),
    _case(f'"apiKey": "{_aiza}",', _aiza, "google_api_key", '"apiKey"'),
    # JWT
    _case(f"Authorization: Bearer {_jwt}", _jwt, "jwt", "Authorization: Bearer"),
    _case(f'{{"id_token": "{_jwt_rs}"}}', _jwt_rs, "jwt", "id_token"),
    _case(f"decoded {_jwt} -> sub=1234567890", _jwt, "jwt", "sub=1234567890"),
    # PEM private keys (the whole block goes)
    _case(
        f"cat ~/.ssh/id_rsa\n{_pem_rsa}\n$ ls", _pem_rsa.splitlines()[1:-1], "private_key", "$ ls"
    ),
    _case(_pem_openssh, _pem_openssh.splitlines()[1:-1], "private_key"),
    _case(f"key.pem:\n{_pem_ec}", _pem_ec.splitlines()[1:-1], "private_key", "key.pem:"),
    _case(
        json.dumps({"type": "service_account", "private_key": _pem_p8 + "\n"}),
        _pem_p8.splitlines()[1:-1],
        "private_key",
        "service_account",
    ),
    _case(  # truncated output: no END line, the body still goes
        "\n".join(_pem_rsa.splitlines()[:3]),
        _pem_rsa.splitlines()[1:3],
        "private_key",
    ),
    # Passwords in URLs and connection strings: user and host survive
    _case(
        f"DATABASE_URL=postgres://app:{_pw[0]}@db.internal:5432/main",
        _pw[0],
        "password",
        "postgres://app:",
        "@db.internal:5432/main",
    ),
    _case(f"mysql://root:{_pw[1]}@127.0.0.1/shop", _pw[1], "password", "root:", "@127.0.0.1"),
    _case(
        f"mongodb+srv://admin:{_pw[2]}@cluster0.ab1cd.mongodb.net/?retryWrites=true",
        _pw[2],
        "password",
        "admin:",
        "cluster0",
    ),
    _case(f"REDIS_URL=redis://:{_pw[3]}@cache:6379/0", _pw[3], "password", "@cache:6379"),
    _case(f"amqp://guest:{_pw[4]}@rabbit:5672//", _pw[4], "password", "guest:", "@rabbit"),
    _case(f"curl https://ci:{_pw[5]}@nexus.corp/repo", _pw[5], "password", "ci:", "nexus.corp"),
    _case(
        f"Server=tcp:sql.example.net,1433;Database=app;User ID=sa;Password={_pw[6]};Encrypt=True;",
        _pw[6],
        "password",
        "User ID=sa;",
        ";Encrypt=True;",
    ),
    _case(f"Driver={{ODBC}};Uid=report;Pwd={_pw[7]};", _pw[7], "password", "Uid=report;"),
    # NAME=value assignments: the name survives
    _case("DB_PASSWORD=hunter2", "hunter2", "password", "DB_PASSWORD="),
    _case("DB_PASSWORD=letmein  # local only", "letmein", "password", "# local only"),
    _case(f'export STRIPE_SECRET="{_pw[8]}"', _pw[8], "secret", "export STRIPE_SECRET="),
    _case(f'{{"apiKey": "{_pw[9]}", "region": "eu"}}', _pw[9], "secret", '"apiKey"', "region"),
    _case(f"api_key: {_pw[10]}\nregion: eu-west-1", _pw[10], "secret", "api_key:", "eu-west-1"),
    _case("database:\n  password: letmein\n  port: 5432", "letmein", "password", "port: 5432"),
    _case("    environment:\n      POSTGRES_PASSWORD: s3cret", "s3cret", "password"),
    _case("PGPASSWORD=Tr0ub4dor psql -h db", "Tr0ub4dor", "password", "psql -h db"),
    _case("docker run -e MYSQL_ROOT_PASSWORD=sup3rs3cret mysql:8", "sup3rs3cret", "password"),
    _case("SMTP_PASS=mail-pass-2024", "mail-pass-2024", "password", "SMTP_PASS="),
    _case("client_secret: GOCSPX-abcDEF123ghiJKL456", "GOCSPX-abcDEF123ghiJKL456", "secret"),
    _case(
        "SECRET_KEY = 'django-insecure-7x!k2@q9#z'",
        "django-insecure-7x!k2@q9#z",
        "secret",
        "SECRET_",
    ),
    _case(f"mysqladmin --password={_pw[11]} status", _pw[11], "password", "status"),
    _case("vault login --token s.8fJ2kLq9ZxW3", "s.8fJ2kLq9ZxW3", "secret", "vault login"),
    _case("spring.datasource.password=Passw0rd!", "Passw0rd!", "password", "spring.datasource"),
    _case(f"//registry.npmjs.org/:_authToken={_npm}", _npm, "npm_token", "registry.npmjs.org"),
    _case(
        'password = "correct horse battery staple"',
        "correct horse battery staple",
        "password",
        "password =",
    ),
    _case('{"refresh_token": "1//0gXyZ-abc123DEF456"}', "1//0gXyZ-abc123DEF456", "secret"),
    _case("GET /cb?code=ok&access_token=a1B2c3D4e5F6g7 200", "a1B2c3D4e5F6g7", "secret", "code=ok"),
    _case("Password: hunter2", "hunter2", "password", "Password:"),
    _case('password: str = "pr0d-pa55"', "pr0d-pa55", "password", "password: str ="),  # annotated
    _case('ENCRYPTION_KEY="k7Hq2Zp0Lm3Nx8Rw"', "k7Hq2Zp0Lm3Nx8Rw", "secret", "ENCRYPTION_KEY"),
    # Authorization headers
    _case(f'curl -H "Authorization: Bearer {_bearer}" https://api.x.io', _bearer, "authorization"),
    _case(f"Authorization: Basic {_basic}", _basic, "authorization", "Authorization: Basic"),
    # Other registries and services
    _case(f"[pypi]\nusername = __token__\npassword = {_pypi}", _pypi, "pypi_token", "__token__"),
    _case(f"HF_TOKEN={_hf} python train.py", _hf, "huggingface_token", "train.py"),
    _case(f"sendgrid key {_sendgrid}", _sendgrid, "sendgrid_key"),
    _case(f"NPM_TOKEN={_npm}", _npm, "npm_token", "NPM_TOKEN="),
    # as it appears inside a JSON-encoded tool call
    _case(
        json.dumps({"command": 'export DB_PASSWORD="pg-Pa55w0rd" && make migrate'}),
        "pg-Pa55w0rd",
        "password",
        "make migrate",
    ),
    _case(json.dumps({"body": json.dumps({"apiKey": _pw[0]})}), _pw[0], "secret", "apiKey"),
]

_sha = _r(40, _HEX)
_digest = _r(64, _HEX)
_code_b64 = base64.b64encode(b"def main() -> None:\n    print('hello, world')\n").decode()

LOOKALIKES: list[str] = [
    # hashes, ids, digests, versions
    f"commit {_sha}\nAuthor: Jane <jane@example.com>",
    f"{_sha[:7]} Fix flaky test in recall ranking",
    f"git checkout {_sha[:12]}",
    "request_id=3f2b8c1e-9a4d-4e6f-b1c2-7d8e9f0a1b2c",
    "uuid: 123e4567-e89b-12d3-a456-426614174000",
    f"FROM python@sha256:{_digest}",
    f'"integrity": "sha512-{_r(86, _B64)}=="',
    f"sha256-{_r(43, _B64)}=",
    "sha1: da39a3ee5e6b4b0d3255bfef95601890afd80709",
    "graphmem 0.1.0, Python 3.11.7, version v1.2.3-rc.1+build.42",
    f"echo {_code_b64} | base64 -d",
    "arn:aws:iam::123456789012:role/DeployRole",
    "Account: 123456789012 Region: us-east-1",
    # identifiers and code
    "def getUserAccountSettingsForTenant(tenant_id: str) -> Settings:",
    "KEY_LENGTH = 32",
    "MAX_TOKENS = 4096",
    "MAX_TOKEN=4096",
    "SORT_KEY=created_at",
    'PARTITION_KEY = "user_id"',
    'cache_key = f"user:{uid}:profile"',
    "primaryKey: 'id'",
    "token = tokens[i]",
    "self.token = token",
    "password = getpass.getpass()",
    'API_KEY = os.environ["API_KEY"]',
    "const apiKey = process.env.OPENAI_API_KEY;",
    "def login(username: str, password: str) -> bool:",
    "api_key: str | None = None",
    "interface Creds { password: string; token?: string }",
    'if key == "Enter":',
    'headers = {"Authorization": f"Bearer {token}"}',
    "password_hash = bcrypt.hashpw(password.encode(), bcrypt.gensalt())",
    "ENCRYPTION_KEY_SIZE=256",
    "client = OpenAI(api_key=api_key)",
    "for key, value in os.environ.items():",
    # paths and URLs without passwords
    "SSH_KEY=~/.ssh/id_ed25519",
    "PRIVATE_KEY=./certs/dev-signing.pem",
    "PWD=/home/dev/projects/graphmem",
    "/home/dev/.config/graphmem/config.toml",
    "https://github.com/acme/graphmem/pull/42#discussion_r1234567",
    "ssh://git@github.com/acme/graphmem.git",
    "git@github.com:acme/graphmem.git",
    "http://localhost:8080/api/v1/episodes?page=2&limit=50",
    "https://deploy@registry.example.com/v2/",
    "TOKEN_URL=https://oauth2.googleapis.com/token",
    "http://[::1]:8080/health",
    # words that contain prefixes
    "task-list, desk-lamp and risk-assessment-for-the-quarterly-review",
    "Slack bot tokens look like xoxb-... and GitHub ones start with ghp_",
    "Use a bearer token in the Authorization header.",
    "The secret: keep functions small.",
    "Press the key: Enter",
    "Password: see the team vault",
    # placeholders
    "API_KEY=${API_KEY}",
    "OPENAI_API_KEY=your-api-key-here",
    "DB_PASSWORD=changeme",
    "password: <your-password>",
    "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}",
    'export GITHUB_TOKEN="$GITHUB_TOKEN"',
    '"apiKey": ""',
    "token: xxx",
    "AWS_ACCESS_KEY_ID=AKIAXXXXXXXXXXXXXXXX",
    "postgres://user:password@localhost:5432/app",
    "postgres://app:${DB_PASS}@db:5432/app",
    "Authorization: Bearer $TOKEN",
    "curl -H 'Authorization: Bearer <token>'",
    "DB_PASSWORD=",
    # public material
    '"publicKey": "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx8y0Zb7mH3gk2qW9p4tV1sR6nJ"',
    "STRIPE_PUBLISHABLE_KEY=pk_live_51Habc123DEF456ghi789",
    "-----BEGIN PUBLIC KEY-----\nMFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE\n-----END PUBLIC KEY-----",
    "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0B\n"
    "-----END CERTIFICATE-----",
    "eyJmb28iOiJiYXIifQ is base64 for a JSON object",
]

# Look-alikes that are knowingly redacted, each with the reason it is accepted.
KNOWN_FALSE_POSITIVES: dict[str, str] = {}
# Secrets knowingly missed, each with the reason.
KNOWN_MISSES: dict[str, str] = {}
