"""SEVENTEENTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune
on it.

Written blind, in one sitting, before any measurement of it. Its author read only: the first 95
lines of `redaction_corpus.py` (the `SecretCase` format), the module docstrings of
`redaction_heldout.py` and `redaction_heldout2.py` to `redaction_heldout16.py` (to stay clear of
their contexts), the import lines and last 30 lines of `redaction_heldout16.py` (its module shape;
those lines hold about ten of its look-alikes), `fake_secrets.py`, the kind list of
`tests/test_redact.py` (found by a grep for `kinds` that printed a dozen of its lines; plus a grep
of `tests/*.py` printing only the `[REDACTED:kind]` labels), the first ~60 lines of
`tests/test_redact_gate.py` (the loader) and the ruff settings in `pyproject.toml`. Its author
never read the rules (graphmem/), their description (docs/, README.md, CHANGELOG.md,
CONTRIBUTING.md), the benchmark (benchmarks/), the messages or diffs of any commit, nor any other
case of another split (`redaction_corpus.py` past line 95, `redaction_kinds.py`, the held-out
splits past their docstrings). Nothing was run on it but an import printing the two list sizes,
self-written checks that call no graphmem code (each secret occurs in its text, each `keep` occurs
and does not overlap a secret, kind names are the listed ones, no duplicates, no secret inside a
look-alike) and ruff; no redaction, test or benchmark ever saw a case while it was written, so no
case was kept or dropped for what the rules do with it. About a quarter of the first draft was cut
before committing, to bring the split near its planned size, by topic and without any run.

Half of its cases come from contexts a coding agent meets every day, in forms the other splits do
not use: `tsc`, rustc, javac and clang diagnostics quoting a source line, mypy `reveal_type` and
pyright literal types, golangci-lint gosec G101 and ruff S105 findings, BuildKit
`SecretsUsedInArgOrEnv` warnings with `--debug` listings, git merge conflict markers,
`format-patch` mbox files, `.rej` rejects, `git range-diff`, `sqlite3 .dump`, psql result grids,
MySQL `\\G` rows, `redis-cli HGETALL`, `curl --trace-ascii`, PHP `var_dump`/`print_r`, Perl
`Data::Dumper`, Lombok `toString` in logback lines, C# record `ToString`, pydantic-settings reprs,
Elixir `IO.inspect`, `Bun.env` dumps, undici `fetch failed` errors, csh `setenv`,
`systemd-run --setenv`, `script` typescripts, asciinema casts, codecompanion.nvim, Helix
`languages.toml`, Windsurf, Gemini CLI and Cline MCP configs, GoReleaser, Dependabot registries,
Xcode Cloud `ci_scripts`, `eas.json`, sccache and ccache remote storage, `swift package-registry
login`, Pkl, KCL, Nickel, Ballerina `Config.toml`, CircuitPython `settings.toml`, Objective-C,
Common Lisp, Guile, D, Haxe, CoffeeScript, ABAP, Apex, PL/SQL `DBMS_CLOUD`, T-SQL scoped
credentials, Bicep and ARM parameter files, WildFly, WebLogic `boot.properties`, WebSphere
`{xor}`, IIS `applicationHost.config`, Group Policy Preferences `cpassword`, macOS `defaults
read` and `.mobileconfig`, iwd, davfs2, s3fs, `chap-secrets`, fetchmail, mutt, apt
`auth.conf.d`, `.curlrc`, ltrace, gdb, bpftrace, auditd EXECVE records, Falco alerts, Windows
event 4688, IIS W3C and ModSecurity audit logs, RFC 5424 syslog, CloudWatch Logs Insights, Cloud
Logging entries, NLog lines, H2, Informix, Sybase `isql`, Exasol, YugabyteDB, Databend,
Dragonfly, Gremlin, Milvus, SQLCipher, Litestream, pgBackRest, Patroni, ProxySQL, OpenSearch
Dashboards, CodeCommit git credentials, keys in an Ollama key file, a `.ppk` typed in cmd,
`terraform console`, Swift, C++ raw strings, Ruby heredocs, SQL dumps, PHP dumps, conflict markers
and asciinema casts, and requests in Hoppscotch, Thunder Client, Yaak, Paw, Proxyman, nghttp,
ngrep and tshark. The other half come from vendors and human languages no earlier split lists:
Latin American commerce (Asaas, Pagar.me, VTEX, Nuvemshop, Transbank, Omie, Melhor Envio, Fintoc),
African and Middle Eastern payments and messaging (Chapa, Yoco, Monnify, Tap, PayTR, Netgsm,
Trendyol), Russian services (Ozon, Wildberries, Bitrix24, amoCRM, DaData, Selectel, Timeweb,
T-Bank Invest, GigaChat), East and Southeast Asian ones (Qiniu, JPush, Amap, Chatwork, kintone,
ConoHa, Zalo, Shopee), European accounting, banking and logistics (sevDesk, e-conomic, Qonto,
Viva Wallet, Lyra, InPost, bol.com, Nets Easy, TrueLayer, Akahu), game panels and modding
(Pterodactyl, Modrinth, Lichess, CurseForge, Xsolla), smart home and energy (Hubitat, Hue, Govee,
SwitchBot, Xiaomi miio, Homebridge, openHAB, Tibber, SolarEdge), security tools (GreyNoise,
SecurityTrails, MISP, Wazuh, SentinelOne, ZAP, HackerOne), observability and secret managers
(SigNoz, Seq, Rootly, incident.io, Falcon LogScale, Keeper, LastPass CLI, Phase, a Passbolt
recovery kit), request-signing and wallet keys (Kalshi, Fireblocks, Enable Banking, Salt Edge,
Shibboleth, Apple Wallet, PSD2 QSealC, Stellar, Tezos, NEAR, Hedera, Sui, XRPL, Substrate,
Filecoin), hosted databases (TiDB Cloud, SingleStore, Crunchy Bridge, Materialize, Zilliz, HiveMQ
Cloud, Timescale, Dolt) and AI, CMS and sales tools (Runway, Wix, Webflow, TYPO3, Parse, NocoDB,
Close, Greenhouse); with secrets in prose in Nigerian Pidgin, Krio, Mauritian, Cape Verdean and
Seychellois Creoles, Sepedi, siSwati, Minangkabau, Kapampangan, Bikol, Chavacano, Scots, Manx,
Aromanian, Lombard, Piedmontese, Swiss German, North Frisian, Võro, Samogitian, Sanskrit,
Taiwanese Hokkien, Okinawan and Komi. Its look-alikes are compiler and runtime messages naming
secrets, git objects and other VCS ids (`git cat-file`, `ls-tree`, `fsck`, jj, Pijul, Mercurial,
Fossil), lock and manifest hashes in conflicts and rejects, BLAKE3, XXH3, ssdeep, TLSH,
`Get-FileHash` and `certutil` output, `modrinth.index.json` and packwiz hashes, ORAS digests,
auditd hex proctitles, stored password hashes (MySQL, Oracle `S:`, SQL Server `0x0200`, pgpool,
bcrypt, EMQX, gost-yescrypt, Argon2, apr1, locked `/etc/shadow` entries), public keys, addresses
and ids (SSH2 public key export, a certificate, Stellar, Tezos, NEAR, Hedera, Sui, XRPL,
Polkadot and Algorand addresses, Webex room ids, Hue bridge ids, the HomeKit setup code
documented for Homebridge), client-side keys documented as public (Moyasar, Tap, Yoco, Chapa,
Adapty, Square, Paystack, Fathom, Friendly Captcha, Heap, Pusher, Mapillary viewer tokens),
placeholders, masked listings (`gh secret list`, `fly secrets list` digests, `vercel env ls`,
`[MASKED]`), documented defaults (Milvus, EMQX, Raspberry Pi OS, ActiveMQ, TigerGraph), secret
references in the same languages and tools, settings named like secrets (LLM token counts, key
bindings, `nsswitch.conf`, `/etc/passwd`, TTLs and lengths, key file paths), connection strings
and commands without a secret, and opaque ids, cursors, ETags and signatures.

Every secret is generated at import from a fixed seed of its own (fake, never a real credential),
so no token-shaped string is committed.
"""

from __future__ import annotations

import base64
import json

from tests.data.fake_secrets import (
    AN,
    B64,
    BASE58,
    DIGITS,
    HEX,
    LOWER_AN,
    UPPER_AN,
    URLSAFE,
    Fakes,
    escaped,
    lines,
    pem,
)
from tests.data.redaction_corpus import SecretCase, _case

_F = Fakes(17_0917_2026)
_r = _F.r

SECRETS: list[SecretCase] = []
LOOKALIKES: list[str] = []

_SYM = "!#%*+-=?^_~"
_B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _s(text: str, secrets: str | tuple[str, ...], kinds: str | tuple[str, ...], *keep: str) -> None:
    SECRETS.append(_case(text, secrets, kinds, *keep))


def _l(text: str) -> None:
    LOOKALIKES.append(text)


def _pw(n: int = 18) -> str:
    """A password-manager password: letters, digits and a few symbols, never a quote or a space."""
    while True:
        p = _r(n, AN + _SYM)
        if any(c in _SYM for c in p) and any(c.isdigit() for c in p):
            return p


def _pem_key(label: str, nbytes: int) -> tuple[str, tuple[str, str]]:
    """A PEM private key block and two of its full body lines (what must not survive)."""
    body = _F.b64(nbytes)
    ls = lines(body)
    return pem(label, body), tuple(dict.fromkeys((ls[1], ls[-2])))  # type: ignore[return-value]


def _openssh(nbytes: int = 300) -> tuple[str, tuple[str, str]]:
    raw = (
        b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none\x00\x00\x00\x00\x00\x00\x00\x01"
        + _F.raw(nbytes)
    )
    body = base64.b64encode(raw).decode()
    ls = lines(body, 70)
    block = "\n".join(
        ["-----BEGIN OPENSSH PRIVATE KEY-----", *ls, "-----END OPENSSH PRIVATE KEY-----"]
    )
    return block, (ls[2], ls[-2])


def _pgp_private(nbytes: int = 1800) -> tuple[str, tuple[str, str]]:
    body = base64.b64encode(b"\x95\x07\x46\x04" + _F.raw(nbytes)).decode()
    ls = lines(body)
    block = "\n".join(
        [
            "-----BEGIN PGP PRIVATE KEY BLOCK-----",
            "",
            *ls,
            "=" + _r(4, B64),
            "-----END PGP PRIVATE KEY BLOCK-----",
        ]
    )
    return block, (ls[2], ls[-2])


def _ssh_pub(kind: str = "ed25519") -> str:
    if kind == "ed25519":
        return (
            "ssh-ed25519 "
            + base64.b64encode(b"\x00\x00\x00\x0bssh-ed25519\x00\x00\x00\x20" + _F.raw(32)).decode()
        )
    return (
        "ssh-rsa "
        + base64.b64encode(
            b"\x00\x00\x00\x07ssh-rsa\x00\x00\x00\x03\x01\x00\x01\x00\x00\x01\x81\x00" + _F.raw(384)
        ).decode()
    )


def _pub_pem(label: str = "PUBLIC KEY", nbytes: int = 294) -> str:
    return pem(label, base64.b64encode(b"\x30\x82\x01\x22\x30\x0d" + _F.raw(nbytes - 6)).decode())


# ---------------------------------------------------------------------------------------------
# SECRETS, first half: contexts a coding agent meets every day, in forms no earlier split uses
# ---------------------------------------------------------------------------------------------

# compiler, type checker and linter output quoting a source line or a literal type
_k = "sk-proj-" + _r(74, URLSAFE) + "T3BlbkFJ" + _r(74, URLSAFE)
_s(
    "src/llm/client.ts:14:7 - error TS2322: Type '\""
    + _k
    + "\"' is not assignable to type 'number'.\n\n"
    "14       timeout: OPENAI_KEY,\n         ~~~~~~~\n\nFound 1 error in src/llm/client.ts:14\n",
    _k,
    "openai_key",
    "src/llm/client.ts",
)
_k = "sk_live_" + _r(99)
_s(
    "error[E0308]: mismatched types\n  --> src/billing.rs:9:39\n   |\n"
    '9  |     let client = stripe::Client::new(42, "' + _k + '");\n'
    "   |                  -------------------- ^^ expected `&str`, found integer\n",
    _k,
    "stripe_key",
    "src/billing.rs",
)
_p = _pw(20)
_s(
    "[ERROR] /home/ci/work/ledger/src/main/java/dev/ledger/Db.java:[31,57] incompatible types: "
    "java.lang.String cannot be converted to char[]\n"
    '    DriverManager.getConnection(URL, "ledger_rw", "' + _p + '");\n',
    _p,
    "password",
    "ledger_rw",
)
_k = "ghp_" + _r(36)
_s(
    "sync.cpp:22:23: error: no viable conversion from 'const char[41]' to 'Token'\n"
    '   22 |     Token gh_token = "' + _k + '";\n'
    "      |           ^          ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~\n1 error genera"
    "ted.\n",
    _k,
    "github_token",
    "sync.cpp",
)
_p = _pw(16)
_s(
    "internal/store/pg.go:18:2: G101: Potential hardcoded credentials (gosec)\n"
    '\tdsn := "postgres://orders:'
    + _p.replace("#", "x").replace("?", "y")
    + '@10.20.0.15:5432/orders"\n\t^\n',
    _p.replace("#", "x").replace("?", "y"),
    "password",
    "10.20.0.15",
)
_p = _pw(22)
_s(
    'app/settings.py:41:19: S105 Possible hardcoded password assigned to: "SMTP_PASSWORD"\n'
    '   |\n40 | SMTP_USER = "alerts@fieldnotes.io"\n41 | SMTP_PASSWORD = "' + _p + '"\n'
    "   |                   ^^^^^^^^^^^^^^^^^^^^^^^^ S105\n",
    _p,
    "password",
    "SMTP_PASSWORD",
    "alerts@fieldnotes.io",
)
_k = "xoxb-" + _r(12, DIGITS) + "-" + _r(13, DIGITS) + "-" + _r(24)
_s(
    "bot/notify.py:12: note: Revealed type is \"Literal['"
    + _k
    + "']?\"\nSuccess: no issues found in 1 source file\n",
    _k,
    "slack_token",
)
_k = "glpat-" + _r(20, URLSAFE)
_s(
    "$ docker buildx build --debug .\n 1 warning found:\n - SecretsUsedInArgOrEnv: Do not use"
    " ARG or ENV "
    'instructions for sensitive data (ENV "CI_JOB_PAT") (line 6)\nDockerfile:6\n-------------'
    "-------\n"
    "   5 |     WORKDIR /src\n   6 | >>> ENV CI_JOB_PAT="
    + _k
    + "\n   7 |     RUN go mod download\n--------------------\n",
    _k,
    "gitlab_token",
    "CI_JOB_PAT",
)

# git: merge conflicts, mailed patches, rejects, range-diff
_a, _b = _pw(24), _pw(24)
_s(
    "$ git merge origin/release-2.4\nAuto-merging deploy/.env.staging\nCONFLICT (content): Me"
    "rge conflict in "
    "deploy/.env.staging\n$ sed -n 3,9p deploy/.env.staging\n<<<<<<< HEAD\nREDIS_PASSWORD="
    + _a
    + "\n=======\n"
    "REDIS_PASSWORD=" + _b + "\n>>>>>>> origin/release-2.4\n",
    (_a, _b),
    "password",
    "REDIS_PASSWORD",
)
_k = "AKIA" + _r(16, UPPER_AN)
_s2 = _r(40, B64)
_s(
    "From 4f1d2b0c9e8a7f6d5c4b3a29181716151413121f Mon Sep 17 00:00:00 2001\nFrom: Ines Halvorsen "
    "<ines@tidewater.dev>\nDate: Tue, 14 Oct 2025 09:12:44 +0200\nSubject: [PATCH 2/3] backup"
    ": point restic at "
    "the new bucket\n\n---\n scripts/backup.sh | 4 ++--\n\ndiff --git a/scripts/backup.sh b/s"
    "cripts/backup.sh\n"
    "--- a/scripts/backup.sh\n+++ b/scripts/backup.sh\n@@ -3,4 +3,4 @@\n-export AWS_ACCESS_KE"
    'Y_ID="$(pass aws/id)"\n'
    '-export AWS_SECRET_ACCESS_KEY="$(pass aws/secret)"\n+export AWS_ACCESS_KEY_ID="' + _k + '"\n'
    '+export AWS_SECRET_ACCESS_KEY="' + _s2 + '"\n--\n2.47.0\n',
    (_k, _s2),
    ("aws_access_key", "aws_secret_key"),
    "ines@tidewater.dev",
)
_p = _pw(18)
_s(
    "$ cat config/database.yml.rej\n--- config/database.yml\n+++ config/database.yml\n@@ -12,"
    "7 +12,7 @@\n"
    ' production:\n   adapter: postgresql\n   host: pg-main.internal\n-  password: <%= ENV["D'
    'B_PASSWORD"] %>\n'
    '+  password: "' + _p + '"\n   pool: 10\n',
    _p,
    "password",
    "pg-main.internal",
)
_k = "sk-ant-api03-" + _r(93, URLSAFE) + "AA"
_s(
    "$ git range-diff main~3..wip main..wip\n1:  8a1f2c3 = 1:  0b9d7e4 chat: stream tokens\n"
    "2:  5c6d7e8 ! 2:  f0e1d2c chat: read key from config\n    @@ agent/config.py\n"
    '    -ANTHROPIC_API_KEY = os.environ["ANTHROPIC_API_KEY"]\n'
    '    ++ANTHROPIC_API_KEY = "' + _k + '"\n',
    _k,
    "anthropic_key",
)

# database shells and dumps
_k = "ghs_" + _r(36)
_k2 = "shpat_" + _F.hex(32)
_s(
    "$ sqlite3 instance/app.db .dump | grep integrations\nCREATE TABLE integrations (id INTEG"
    "ER PRIMARY KEY, "
    "provider TEXT, token TEXT, created_at TEXT);\nINSERT INTO integrations VALUES(1,'github','"
    + _k
    + "',"
    "'2025-09-30 11:02:17');\nINSERT INTO integrations VALUES(2,'shopify','"
    + _k2
    + "','2025-10-02 08:45:51');\n",
    (_k, _k2),
    ("github_token", "secret"),
)
_a, _b = (
    "xoxp-" + _r(12, DIGITS) + "-" + _r(12, DIGITS) + "-" + _r(13, DIGITS) + "-" + _F.hex(32),
    _r(40, URLSAFE),
)
_s(
    "crm=> SELECT id, kind, secret FROM webhook_targets WHERE active;\n id |  kind   | secret\n"
    "----+---------+"
    + "-" * 60
    + "\n  3 | slack   | "
    + _a
    + "\n  7 | generic | "
    + _b
    + "\n(2 rows)\n",
    (_a, _b),
    ("slack_token", "secret"),
)
_p = _pw(20)
_s(
    "mysql> SELECT * FROM smtp_accounts WHERE id = 2\\G\n*************************** 1. row *"
    "**************************\n"
    "        id: 2\n      host: smtp.eu.mailgun.org\n  username: postmaster@mg.beanfield.shop"
    "\n  password: " + _p + "\n"
    "created_at: 2025-06-11 14:22:07\n1 row in set (0.00 sec)\n",
    _p,
    "password",
    "postmaster@mg.beanfield.shop",
)
_k = _r(43, URLSAFE)
_s(
    '127.0.0.1:6379> HGETALL oauth:client:reports-ui\n1) "client_id"\n2) "reports-ui"\n3) "cl'
    'ient_secret"\n'
    '4) "' + _k + '"\n5) "redirect_uri"\n6) "https://reports.oakline.io/callback"\n',
    _k,
    "secret",
    "reports-ui",
)
_b = _r(40, URLSAFE)
_s(
    "== Info: Connected to api.tallyhq.dev (2606:4700::6812:1d2a) port 443\n=> Send header, 2"
    "01 bytes (0xc9)\n"
    "0000: POST /v2/ledgers/import HTTP/2\n001f: Host: api.tallyhq.dev\n0036: user-agent: cur"
    "l/8.9.1\n"
    "004e: accept: */*\n005b: authorization: Bearer "
    + _b
    + "\n0093: content-type: application/json\n",
    _b,
    "authorization",
    "api.tallyhq.dev",
)

# language runtimes dumping values
_p = _pw(16)
_s(
    'array(4) {\n  ["driver"]=>\n  string(5) "mysql"\n  ["host"]=>\n  string(13) "db.kowhai.lan"\n'
    '  ["username"]=>\n  string(8) "shop_app"\n  ["password"]=>\n  string(16) "' + _p + '"\n}\n',
    _p,
    "password",
    "shop_app",
)
_k = "sk_live_" + _r(24)
_s(
    "Array\n(\n    [stripe] => Array\n        (\n            [key] => pk_live_" + _r(24) + "\n"
    "            [secret] => " + _k + "\n            [webhook_tolerance] => 300\n        )\n\n)\n",
    _k,
    "stripe_key",
)
_p = _pw(18)
_s(
    "$VAR1 = {\n          'dsn' => 'dbi:Pg:dbname=inventory;host=pg2.moss.lan',\n          'u"
    "ser' => 'inv_writer',\n"
    "          'password' => '" + _p + "',\n          'AutoCommit' => 1\n        };\n",
    _p,
    "password",
    "inv_writer",
)
_k = _r(40, URLSAFE)
_s(
    "2025-10-03 10:14:52.118 DEBUG 48213 --- [main] d.k.payments.ClientFactory : built "
    "PspClientConfig(baseUrl=https://api.psp.example.net, clientId=kestrel-shop, clientSecret="
    + _k
    + ", "
    "timeoutMs=5000)\n",
    _k,
    "secret",
    "kestrel-shop",
)
_k = _r(48, URLSAFE)
_s(
    "info: Ledger.Api.Startup[0]\n      Options bound: MailOptions { Host = smtp.sendpulse.co"
    "m, Port = 587, "
    "User = noreply@ledgerly.app, ApiSecret = " + _k + " }\n",
    _k,
    "secret",
    "noreply@ledgerly.app",
)
_p = _pw(22)
_s(
    ">>> from app.config import Settings\n>>> Settings()\nSettings(app_name='tiller', debug=False, "
    "db_url='postgresql+psycopg://tiller@db:5432/tiller', db_password='" + _p + "', workers=4)\n",
    _p,
    "password",
)
_k = "hf_" + _r(34)
_s(
    'iex(3)> IO.inspect(Application.get_env(:indexer, :hub))\n[endpoint: "https://huggingface.co", '
    'token: "' + _k + '", timeout: 30_000]\n',
    _k,
    "secret",
)
_k = "npm_" + _r(36)
_s(
    '$ bun -e \'console.log(Bun.env)\'\n{\n  PATH: "/usr/local/bin:/usr/bin",\n  HOME: "/home'
    '/deploy",\n'
    '  NPM_CONFIG_TOKEN: "' + _k + '",\n  NODE_ENV: "production",\n}\n',
    _k,
    "secret",
    "NPM_CONFIG_TOKEN",
)
_b = _r(32, HEX)
_s(
    "TypeError: fetch failed\n    at node:internal/deps/undici/undici:13502:13 {\n  [cause]: "
    "ConnectTimeoutError: "
    "Connect Timeout Error\n  request: {\n    method: 'POST',\n    origin: 'https://ingest.qu"
    "arry.dev',\n"
    "    headers: [ 'authorization', 'Bearer "
    + _b
    + "', 'content-type', 'application/json' ]\n  }\n}\n",
    _b,
    "authorization",
)

# shells, terminal recordings, service launchers
_k = "github_pat_" + _r(22) + "_" + _r(59)
_s(
    "# ~/.cshrc\nsetenv EDITOR vim\nsetenv GH_TOKEN " + _k + "\nalias ll 'ls -lAh'\n",
    _k,
    "github_token",
    "GH_TOKEN",
)
_p = _pw(20)
_s(
    "$ sudo systemd-run --unit=reindex --setenv=PGPASSWORD="
    + _p
    + " /usr/local/bin/reindex --host pg-analytics\n"
    "Running as unit: reindex.service; invocation ID: 3c1f0e2d9a8b47c6b5a4f3e2d1c0b9a8\n",
    _p,
    "password",
    "pg-analytics",
)
_p = _F.url_password(18)
_s(
    'Script started on 2025-10-07 16:02:11+02:00 [TERM="xterm-256color" TTY="/dev/pts/3"]\n'
    "$ lftp -u backup,"
    + _p
    + " sftp://files.hagen-druck.de\nlftp backup@files.hagen-druck.de:~> ls\n",
    _p,
    "password",
    "files.hagen-druck.de",
)
_k = "gho_" + _r(36)
_s(
    '{"version": 2, "width": 120, "height": 32, "timestamp": 1759912345, "env": {"SHELL": "/b'
    'in/zsh"}}\n'
    '[0.412, "o", "$ "]\n[1.903, "i", "export GITHUB_TOKEN=' + _k + '\\r"]\n'
    '[1.904, "o", "export GITHUB_TOKEN=' + _k + '\\r\\n"]\n[2.511, "o", "$ "]\n',
    _k,
    "github_token",
)

# editors and coding agents
_k = "sk-ant-api03-" + _r(93, URLSAFE) + "AA"
_s(
    'require("codecompanion").setup({\n  adapters = {\n    anthropic = function()\n'
    '      return require("codecompanion.adapters").extend("anthropic", {\n'
    '        env = { api_key = "' + _k + '" },\n      })\n    end,\n  },\n})\n',
    _k,
    "anthropic_key",
)
_k = "ghu_" + _r(36)
_s(
    '# ~/.config/helix/languages.toml\n[language-server.copilot]\ncommand = "copilot-language'
    '-server"\n'
    'args = ["--stdio"]\nenvironment = { GITHUB_COPILOT_TOKEN = "' + _k + '" }\n',
    _k,
    "github_token",
)
_k = "ghp_" + _r(36)
_k2 = "lin_api_" + _r(40)
_s(
    '// ~/.codeium/windsurf/mcp_config.json\n{\n  "mcpServers": {\n    "github": {\n      "co'
    'mmand": "npx",\n'
    '      "args": ["-y", "@modelcontextprotocol/server-github"],\n      "env": { "GITHUB_PER'
    'SONAL_ACCESS_TOKEN": "'
    + _k
    + '" }\n    },\n    "linear": {\n      "command": "npx",\n      "args": ["-y", "linear-mcp"],\n'
    '      "env": { "LINEAR_API_KEY": "' + _k2 + '" }\n    }\n  }\n}\n',
    (_k, _k2),
    ("github_token", "secret"),
)
_k = "AIza" + _r(35, URLSAFE)
_s(
    '// ~/.gemini/settings.json\n{\n  "theme": "GitHub",\n  "selectedAuthType": "gemini-api-key",\n'
    '  "mcpServers": {\n    "maps": {\n      "command": "maps-mcp",\n      "env": { "GOOGLE_M'
    'APS_API_KEY": "' + _k + '" }\n'
    "    }\n  }\n}\n",
    _k,
    "google_api_key",
)
_p = _F.url_password(22)
_s(
    '// cline_mcp_settings.json\n{\n  "mcpServers": {\n    "postgres": {\n      "command": "npx",\n'
    '      "args": ["-y", "@modelcontextprotocol/server-postgres",\n'
    '               "postgresql://readonly:' + _p + '@warehouse.corp.local:5432/dwh"],\n'
    '      "disabled": false,\n      "autoApprove": []\n    }\n  }\n}\n',
    _p,
    "password",
    "warehouse.corp.local",
)

# release, CI and build tools no earlier split lists
_k = "ghp_" + _r(36)
_s(
    "# .goreleaser.yaml\nversion: 2\nbrews:\n  - repository:\n      owner: quillsoft\n      n"
    "ame: homebrew-tap\n"
    '      token: "' + _k + '"\n    directory: Formula\n',
    _k,
    "github_token",
    "homebrew-tap",
)
_p = _pw(24)
_s(
    "# .github/dependabot.yml\nversion: 2\nregistries:\n  nexus:\n    type: maven-repository\n"
    "    url: https://nexus.brightline.io/repository/maven-public\n    username: dependabot\n"
    "    password: "
    + _p
    + "\nupdates:\n  - package-ecosystem: maven\n    directory: /\n    registries: [nexus]\n",
    _p,
    "password",
    "dependabot",
)
_k = _r(40, URLSAFE)
_s(
    "#!/bin/sh\n# ci_scripts/ci_post_clone.sh (Xcode Cloud)\nset -e\ndefaults write com.apple"
    ".dt.Xcode "
    'IDESkipMacroFingerprintValidation -bool YES\necho "SENTRY_AUTH_TOKEN='
    + _k
    + '" > "$CI_PRIMARY_REPOSITORY_PATH/.env"\n',
    _k,
    "secret",
    "SENTRY_AUTH_TOKEN",
)
_k = _r(40, URLSAFE)
_s(
    '// eas.json\n{\n  "build": {\n    "production": {\n      "channel": "production",\n     '
    ' "env": {\n'
    '        "EXPO_PUBLIC_API_URL": "https://api.hikelog.app",\n        "REVENUECAT_SECRET_KE'
    'Y": "sk_' + _k + '"\n'
    "      }\n    }\n  }\n}\n",
    "sk_" + _k,
    "secret",
    "EXPO_PUBLIC_API_URL",
)
_p = _F.url_password(24)
_s(
    "$ env | grep SCCACHE\nSCCACHE_REDIS_ENDPOINT=redis://:" + _p + "@cache.build.internal:6379/2\n"
    "SCCACHE_REDIS_EXPIRATION=86400\n",
    _p,
    "password",
    "cache.build.internal",
)
_p = _F.url_password(20)
_s(
    "# ~/.config/ccache/ccache.conf\nmax_size = 20G\nremote_storage = redis://ci:"
    + _p
    + "@10.4.0.9:6379|connect-timeout=500\n"
    "remote_only = false\n",
    _p,
    "password",
    "10.4.0.9",
)
_k = _r(64, HEX)
_s(
    "$ swift package-registry login https://swift.pkg.harborline.dev/ --token " + _k + "\n"
    "Registry configuration updated. Credentials stored in login keychain.\n",
    _k,
    "secret",
)

# code and config in languages no earlier split lists
_p = _pw(20)
_s(
    '// config/prod.pkl\namends "AppConfig.pkl"\ndatabase {\n  host = "pg.prod.orbit.internal'
    '"\n  user = "orbit"\n'
    '  password = "' + _p + '"\n}\n',
    _p,
    "password",
    "pg.prod.orbit.internal",
)
_k = _r(32, HEX)
_s(
    "# main.k (KCL)\nschema Service:\n    name: str\n    env: {str:str}\n\nsvc = Service {\n "
    '   name = "mailer"\n'
    '    env = {"MAILER_API_KEY" = "' + _k + '"}\n}\n',
    _k,
    "secret",
    "MAILER_API_KEY",
)
_p = _pw(18)
_s(
    '# deploy.ncl (Nickel)\n{\n  db = {\n    user = "shipyard",\n    password | String = "'
    + _p
    + '",\n'
    "    port = 5432,\n  },\n}\n",
    _p,
    "password",
    "shipyard",
)
_k = _r(48, URLSAFE)
_s(
    '# Config.toml (Ballerina)\n[wso2.order_service]\nport = 9090\nstripeSecret = "sk_test_'
    + _k
    + '"\n'
    '[wso2.order_service.db]\nhost = "localhost"\n',
    "sk_test_" + _k,
    "stripe_key",
)
_p = _pw(14)
_k = _r(32, LOWER_AN)
_s(
    '# settings.toml on the CIRCUITPY drive\nCIRCUITPY_WIFI_SSID = "Greenhouse-2G"\nCIRCUITPY'
    '_WIFI_PASSWORD = "'
    + _p
    + '"\nADAFRUIT_AIO_USERNAME = "tomatobot"\nADAFRUIT_AIO_KEY = "aio_'
    + _k
    + '"\n',
    (_p, "aio_" + _k),
    ("password", "secret"),
    "Greenhouse-2G",
    "tomatobot",
)
_k = _r(40, URLSAFE)
_s(
    '// APIConstants.m\n#import "APIConstants.h"\n\nNSString *const kAPIBaseURL = @"https://a'
    'pi.pawtrack.app/v3";\n'
    'NSString *const kAPIClientSecret = @"' + _k + '";\n',
    _k,
    "secret",
    "kAPIBaseURL",
)
_p = _pw(18)
_s(
    ';;; config.lisp\n(defparameter *db-spec*\n  \'(:postgres "orders" "orders_app" "'
    + _p
    + '" "pg.lan" :port 5432))\n',
    _p,
    "password",
    "orders_app",
)
_k = _r(40, HEX)
_s(
    ';; guix home service, ~/src/dotfiles/home.scm\n(define %weather-api-key "' + _k + '")\n'
    "(simple-service 'weather-env home-environment-variables-service-type\n  `((\"OWM_API_KEY"
    '" . ,%weather-api-key)))\n',
    _k,
    "secret",
)
_k = "sk-" + _r(48)
_s(
    '// source/app/config.d\nmodule app.config;\n\nenum apiBase = "https://api.openai.com/v1";\n'
    'enum openaiKey = "' + _k + '";\n',
    _k,
    "openai_key",
)
_k = _r(64, HEX)
_s(
    '// src/Config.hx\nclass Config {\n  public static inline var API_HOST = "https://api.til'
    'ewise.io";\n'
    '  public static inline var API_SECRET = "' + _k + '";\n}\n',
    _k,
    "secret",
    "API_HOST",
)
_k, _k2 = _r(40, URLSAFE), "key-" + _F.hex(32)
_s(
    "# config.coffee\nmodule.exports =\n  port: 8080\n  mailgun:\n    domain: 'mg.tinkerbox.io'\n"
    "    apiKey: '" + _k2 + "'\n  sessionSecret: '" + _k + "'\n",
    (_k, _k2),
    "secret",
    "mg.tinkerbox.io",
)
_p = _pw(16)
_s(
    "REPORT zfi_payment_push.\nDATA(lo_client) = NEW zcl_bank_api( iv_host = 'api.bank.example'\n"
    "                                    iv_user = 'SAPPAY01'\n                              "
    "      iv_password = '" + _p + "' ).\n",
    _p,
    "password",
    "SAPPAY01",
)
_k = _r(64, URLSAFE)
_s(
    "// force-app/main/default/classes/ErpSync.cls\nHttpRequest req = new HttpRequest();\n"
    "req.setEndpoint('https://erp.kettle.co/api/orders');\nreq.setHeader('Authorization', 'Bearer "
    + _k
    + "');\n",
    _k,
    "authorization",
)
_p = _pw(20)
_k = _r(40, B64)
_s(
    "BEGIN\n  DBMS_CLOUD.CREATE_CREDENTIAL(\n    credential_name => 'OBJ_STORE_CRED',\n"
    "    username        => 'oracleidentitycloudservice/etl@norrland.se',\n    password        => '"
    + _k
    + "'\n  );\nEND;\n/\n",
    _k,
    "password",
    "OBJ_STORE_CRED",
)
_k = "?sv=2024-11-04&ss=b&srt=co&sp=rl&se=2026-12-31T00:00:00Z&sig=" + _r(43, B64) + "%3D"
_s(
    "CREATE DATABASE SCOPED CREDENTIAL LakeSas\nWITH IDENTITY = 'SHARED ACCESS SIGNATURE',\n"
    "SECRET = '" + _k[1:] + "';\n",
    _k[_k.index("sig=") + 4 :],
    "secret",
    "LakeSas",
)
_p = _pw(22)
_s(
    "// main.bicep\n@secure()\nparam sqlAdminPassword string = '"
    + _p
    + "'\n\nresource sql 'Microsoft.Sql/servers@2023-08-01' = {\n"
    "  name: 'sql-fern-prod'\n  properties: {\n    administratorLogin: 'fernadmin'\n    admin"
    "istratorLoginPassword: sqlAdminPassword\n  }\n}\n",
    _p,
    "password",
    "fernadmin",
)
_p = _pw(20)
_s(
    '// azuredeploy.parameters.json\n{\n  "$schema": "https://schema.management.azure.com/sch'
    "emas/2019-04-01/"
    'deploymentParameters.json#",\n  "contentVersion": "1.0.0.0",\n  "parameters": {\n'
    '    "adminUsername": { "value": "azureops" },\n    "adminPassword": { "value": "'
    + _p
    + '" }\n  }\n}\n',
    _p,
    "password",
    "azureops",
)

# Java EE and Windows application servers, Windows policy files
_p = _pw(18)
_s(
    '<!-- standalone.xml (WildFly) -->\n<datasource jndi-name="java:jboss/datasources/Billing'
    'DS" pool-name="BillingDS">\n'
    "    <connection-url>jdbc:mariadb://maria-billing:3306/billing</connection-url>\n    <dri"
    "ver>mariadb</driver>\n"
    "    <security>\n        <user-name>billing</user-name>\n        <password>"
    + _p
    + "</password>\n    </security>\n"
    "</datasource>\n",
    _p,
    "password",
    "BillingDS",
)
_p = _pw(16)
_s(
    "$ cat $DOMAIN_HOME/servers/AdminServer/security/boot.properties\n# Generated by Node Man"
    "ager\nusername=weblogic\n"
    "password=" + _p + "\n",
    _p,
    "password",
    "weblogic",
)
_x = base64.b64encode(bytes(c ^ 0x5F for c in _pw(14).encode())).decode()
_s(
    '<!-- resources.xml (WebSphere Liberty) -->\n<authData id="db2Auth" user="DB2INST1" passw'
    'ord="{xor}' + _x + '"/>\n',
    _x,
    "password",
    "db2Auth",
)
_p = _pw(20)
_s(
    '<!-- %windir%\\System32\\inetsrv\\config\\applicationHost.config -->\n<add name="LegacyI'
    'ntranet" managedRuntimeVersion="v4.0">\n'
    '    <processModel identityType="SpecificUser" userName="CORP\\svc-intranet" password="'
    + _p
    + '" />\n</add>\n',
    _p,
    "password",
    "svc-intranet",
)
_x = _r(43, B64)
_s(
    "\\\\corp.lan\\SYSVOL\\corp.lan\\Policies\\{31B2F340-016D-11D2-945F-00C04FB984F9}\\Machin"
    "e\\Preferences\\Groups\\Groups.xml\n"
    '<User clsid="{DF5F1855-51E5-4d24-8B1A-D9BDE98BA1D1}" name="LocalAdmin">\n'
    '  <Properties action="U" userName="LocalAdmin" cpassword="'
    + _x
    + '" changeLogon="0" />\n</User>\n',
    _x,
    "password",
    "LocalAdmin",
)

# macOS and Linux system configuration
_k = _r(40, URLSAFE)
_s(
    '$ defaults read com.tinyapps.Uploader\n{\n    LastDestination = "~/Pictures/Shots";\n   '
    ' S3Bucket = "shots-hana";\n'
    '    S3SecretAccessKey = "' + _k + '";\n    SUEnableAutomaticChecks = 1;\n}\n',
    _k,
    "secret",
    "shots-hana",
)
_p = _pw(16)
_s(
    "<dict>\n    <key>PayloadType</key>\n    <string>com.apple.wifi.managed</string>\n    <ke"
    "y>SSID_STR</key>\n"
    "    <string>Studio-5G</string>\n    <key>EncryptionType</key>\n    <string>WPA2</string>\n"
    "    <key>Password</key>\n    <string>" + _p + "</string>\n</dict>\n",
    _p,
    "password",
    "Studio-5G",
)
_p = _pw(16)
_s(
    "$ sudo cat /var/lib/iwd/Bakery_Guest.psk\n[Security]\nPassphrase="
    + _p
    + "\n\n[Settings]\nAutoConnect=true\n",
    _p,
    "password",
    "Bakery_Guest",
)
_p = _pw(18)
_s(
    "# /etc/davfs2/secrets\n# dir / url            user          password\nhttps://dav.mailbo"
    "x.org/servlet/webdav.infostore/ "
    'tomas@mailbox.org "' + _p + '"\n',
    _p,
    "password",
    "tomas@mailbox.org",
)
_a, _b = "AKIA" + _r(16, UPPER_AN), _r(40, B64)
_s(
    "$ cat ~/.passwd-s3fs\n"
    + _a
    + ":"
    + _b
    + "\n$ s3fs media-archive /mnt/media -o passwd_file=~/.passwd-s3fs\n",
    (_a, _b),
    ("aws_access_key", "aws_secret_key"),
    "media-archive",
)
_p = _pw(14)
_s(
    '# /etc/ppp/chap-secrets\n# client        server  secret                  IP addresses\n"'
    'dsl-8841207@telekom"  *  "' + _p + '"  *\n',
    _p,
    "password",
    "dsl-8841207@telekom",
)
_p = _pw(18)
_s(
    '# ~/.fetchmailrc\nset daemon 300\npoll imap.posteo.de protocol IMAP\n  user "lena.vogt@p'
    'osteo.de" there with password "' + _p + '" is lena here\n  ssl\n',
    _p,
    "password",
    "lena.vogt@posteo.de",
)
_p = _pw(20)
_s(
    '# ~/.config/mutt/muttrc\nset imap_user = "rui@quintal.pt"\nset imap_pass = "' + _p + '"\n'
    'set folder = "imaps://mail.quintal.pt/"\nset spoolfile = "+INBOX"\n',
    _p,
    "password",
    "rui@quintal.pt",
)
_p = _pw(22)
_s(
    "# /etc/apt/auth.conf.d/artifactory.conf\nmachine artifacts.kestrel.dev/artifactory/api/d"
    "eb/ubuntu-local\n"
    "login apt-reader\npassword " + _p + "\n",
    _p,
    "password",
    "apt-reader",
)
_p = _F.url_password(18)
_s(
    '# ~/.curlrc\nsilent\nshow-error\nuser = "grafana-bot:' + _p + '"\nconnect-timeout = 10\n',
    _p,
    "password",
    "grafana-bot",
)

# debuggers and tracers
_k = _r(40, URLSAFE)
_s(
    '$ ltrace -e getenv ./sync-agent\nsync-agent->getenv("SYNC_HOME") = "/var/lib/sync"\n'
    'sync-agent->getenv("SYNC_API_TOKEN") = "' + _k + '"\n+++ exited (status 0) +++\n',
    _k,
    "secret",
    "SYNC_API_TOKEN",
)
_p = _pw(18)
_s(
    '(gdb) p *cfg\n$1 = {host = 0x5555555592a0 "db.internal", port = 5432, user = 0x555555559'
    '2c0 "metrics", '
    'password = 0x5555555592e0 "' + _p + '", timeout_ms = 2000}\n',
    _p,
    "password",
    "metrics",
)
_p = _pw(16)
_s(
    '$ sudo bpftrace -e \'tracepoint:syscalls:sys_enter_execve { printf("%s\\n", join(args->'
    "argv)); }'\n"
    "Attaching 1 probe...\n/usr/bin/mysqldump -u backup -p" + _p + " --single-transaction shop\n",
    _p,
    "password",
    "backup",
)
_p = _pw(16)
_s(
    'type=EXECVE msg=audit(1759921201.337:8812): argc=5 a0="sshpass" a1="-p" a2="'
    + _p
    + '" a3="ssh" '
    'a4="ops@10.8.0.12"\n',
    _p,
    "password",
    "ops@10.8.0.12",
)
_k = _r(40, URLSAFE)
_s(
    "10:42:07.551: Warning Redirect STDOUT/STDIN to Network Connection (gparent=bash ggparent=<NA> "
    "evt_type=dup2 user=root process=sh proc_exepath=/bin/dash parent=bash command=sh -c curl"
    " -s -H "
    '"X-Api-Key: '
    + _k
    + '" https://ops.internal/run | sh container_id=4c2f9a1b7d3e image=alpine)\n',
    _k,
    "secret",
)
_p = _pw(18)
_s(
    '<Event xmlns="http://schemas.microsoft.com/win/2004/08/events/event">\n  <System><EventI'
    "D>4688</EventID>"
    '<Computer>BUILD07.corp.lan</Computer></System>\n  <EventData>\n    <Data Name="NewProces'
    'sName">C:\\Windows\\System32\\net.exe</Data>\n'
    '    <Data Name="CommandLine">net user svc_backup '
    + _p
    + " /add</Data>\n  </EventData>\n</Event>\n",
    _p,
    "password",
    "svc_backup",
)

# server and application logs
_k = _r(32, HEX)
_s(
    "#Software: Microsoft Internet Information Services 10.0\n#Fields: date time s-ip cs-meth"
    "od cs-uri-stem cs-uri-query "
    "s-port c-ip sc-status\n2025-10-08 07:14:09 10.1.2.4 GET /api/export/orders apikey="
    + _k
    + "&format=csv 443 "
    "203.0.113.77 200\n",
    _k,
    "secret",
)
_b = base64.b64encode(("svc-report:" + _pw(16)).encode()).decode()
_s(
    "--a1b2c3d4-B--\nGET /admin/reports HTTP/1.1\nHost: intranet.lumen.lan\nAuthorization: Basic "
    + _b
    + "\n"
    "User-Agent: python-requests/2.32.3\n\n--a1b2c3d4-F--\nHTTP/1.1 403 Forbidden\n",
    _b,
    "authorization",
    "intranet.lumen.lan",
)
_p = _pw(18)
_s(
    '<134>1 2025-10-08T09:01:22.415Z web-03 billing 2211 ID47 [req@32473 path="/login" user="'
    'kmorris" '
    'password="' + _p + '"] login failed\n',
    _p,
    "password",
    "kmorris",
)
_k = "sk-proj-" + _r(74, URLSAFE) + "T3BlbkFJ" + _r(74, URLSAFE)
_s(
    "@timestamp               | @message\n2025-10-08 10:22:31.004 | START RequestId: 8f2c... "
    "Version: $LATEST\n"
    "2025-10-08 10:22:31.117 | config loaded {'model': 'gpt-4o-mini', 'openai_api_key': '"
    + _k
    + "'}\n",
    _k,
    "openai_key",
)
_p = _pw(20)
_s(
    '{\n  "insertId": "1x9k2f3g4h5j6",\n  "jsonPayload": {\n    "message": "connecting to bro'
    'ker",\n'
    '    "amqp_url": "amqps://ingest:'
    + _p.replace("#", "x").replace("?", "y")
    + '@rabbit.prod.lan:5671/ingest"\n  },\n'
    '  "resource": { "type": "k8s_container" },\n  "severity": "INFO"\n}\n',
    _p.replace("#", "x").replace("?", "y"),
    "password",
    "rabbit.prod.lan",
)
_p = _pw(18)
_s(
    "2025-10-08 11:15:03.4411|ERROR|Ledger.Import.FtpPuller|Login failed for ftp://importer:"
    + _p.replace("#", "x").replace("?", "y")
    + "@ftp.bankfiles.lan/incoming (530 Login incorrect)\n",
    _p.replace("#", "x").replace("?", "y"),
    "password",
    "importer",
)

# database clients, servers and backup tools no earlier split lists
_p = _pw(16)
_s(
    "spring.datasource.url=jdbc:h2:tcp://h2.test.lan:9092/~/catalog;USER=sa;PASSWORD="
    + _p.replace(";", "x")
    + "\n",
    _p.replace(";", "x"),
    "password",
    "h2.test.lan",
)
_p = _F.url_password(16)
_s(
    "jdbc:informix-sqli://ifx01.branch.lan:9088/stores_demo:INFORMIXSERVER=ol_branch;user=inf"
    "ormix;password=" + _p + "\n",
    _p,
    "password",
    "ol_branch",
)
_p = _pw(16)
_s(
    "$ isql -S ASE_PROD -U sa -P '"
    + _p
    + "' -D settlement -i nightly.sql\n1> 2> (42 rows affected)\n",
    _p,
    "password",
    "ASE_PROD",
)
_p = _pw(18)
_s(
    "$ exaplus -c exa-cluster.lan:8563 -u sys -p '"
    + _p
    + "' -f load_events.sql\nEXAplus 7.1.20 (c) EXASOL AG\n",
    _p,
    "password",
    "exa-cluster.lan",
)
_p = _F.url_password(18)
_s(
    '$ ysqlsh "host=yb-tserver-0.yb.lan port=5433 user=yugabyte password='
    + _p
    + ' dbname=yugabyte sslmode=require"\n'
    "ysqlsh (11.2-YB-2024.1.3.0-b0)\n",
    _p,
    "password",
    "yb-tserver-0.yb.lan",
)
_p = _F.url_password(20)
_s(
    "BENDSQL_DSN=databend://analytics:"
    + _p
    + "@tenant-x1.gw.aws-us-east-2.default.databend.com:443/events?sslmode=enable\n",
    _p,
    "password",
    "analytics",
)
_p = _pw(24)
_s(
    "  dragonfly:\n    image: docker.dragonflydb.io/dragonflydb/dragonfly:v1.23.0\n"
    '    command: ["--requirepass=' + _p + '", "--maxmemory=2gb", "--cache_mode=true"]\n',
    _p,
    "password",
)
_p = _pw(18)
_s(
    "# conf/remote-secure.yaml (Gremlin console)\nhosts: [janus-gw.lan]\nport: 8182\nusername"
    ": gremlin\npassword: " + _p + "\n"
    "connectionPool: { enableSsl: true }\nserializer: { className: org.apache.tinkerpop.greml"
    "in.util.ser.GraphBinaryMessageSerializerV1 }\n",
    _p,
    "password",
    "janus-gw.lan",
)
_p = _F.url_password(20)
_s(
    '>>> from pymilvus import MilvusClient\n>>> client = MilvusClient(uri="http://milvus.sear'
    'ch.lan:19530", '
    'token="retriever:' + _p + '")\n',
    _p,
    "password",
    "milvus.search.lan",
)
_k = _r(64, HEX)
_s(
    "sqlite> .open notes.db\nsqlite> PRAGMA key = \"x'"
    + _k
    + "'\";\nsqlite> PRAGMA cipher_compatibility = 4;\n"
    "sqlite> SELECT count(*) FROM notes;\n1284\n",
    _k,
    "secret",
)
_a, _b = "AKIA" + _r(16, UPPER_AN), _r(40, B64)
_s(
    "# /etc/litestream.yml\ndbs:\n  - path: /var/lib/app/app.db\n    replicas:\n      - url: "
    "s3://lite-backups/app\n"
    "        access-key-id: " + _a + "\n        secret-access-key: " + _b + "\n",
    (_a, _b),
    ("aws_access_key", "aws_secret_key"),
    "lite-backups",
)
_k = _r(40, B64)
_p = _pw(32)
_s(
    "# /etc/pgbackrest/pgbackrest.conf\n[global]\nrepo1-type=s3\nrepo1-s3-bucket=pg-backups-e"
    "u\nrepo1-s3-key="
    + "AKIA"
    + _r(16, UPPER_AN)
    + "\nrepo1-s3-key-secret="
    + _k
    + "\nrepo1-cipher-type=aes-256-cbc\nrepo1-cipher-pass="
    + _p
    + "\n",
    (_k, _p),
    ("aws_secret_key", "password"),
    "pg-backups-eu",
)
_a, _b = _pw(20), _pw(20)
_s(
    "# /etc/patroni/patroni.yml\npostgresql:\n  authentication:\n    superuser:\n      userna"
    "me: postgres\n"
    '      password: "'
    + _a
    + '"\n    replication:\n      username: replicator\n      password: "'
    + _b
    + '"\n',
    (_a, _b),
    "password",
    "replicator",
)
_p = _F.url_password(20)
_s(
    '# /etc/proxysql.cnf\nadmin_variables=\n{\n    admin_credentials="admin:'
    + _p
    + '"\n    mysql_ifaces="0.0.0.0:6032"\n}\n',
    _p,
    "password",
)
_p = _pw(20)
_s(
    '# config/opensearch_dashboards.yml\nopensearch.hosts: ["https://os-node-1.lan:9200"]\nop'
    "ensearch.username: kibanaserver\n"
    'opensearch.password: "' + _p + '"\nopensearch.ssl.verificationMode: full\n',
    _p,
    "password",
    "kibanaserver",
)
_p = _F.url_password(24)
_s(
    "$ git remote -v\norigin\thttps://ci-bot-at-481516234212:"
    + _p
    + "@git-codecommit.eu-west-1.amazonaws.com/v1/repos/infra (fetch)\n",
    _p,
    "password",
    "ci-bot-at-481516234212",
)

# key material in daily places
_blk, _sec = _openssh(300)
_s(
    "$ cat ~/.ollama/id_ed25519\n"
    + _blk
    + "\n$ cat ~/.ollama/id_ed25519.pub\n"
    + _ssh_pub()
    + "\n",
    _sec,
    "private_key",
)
_ppk_priv = _r(48, B64)
_s(
    "C:\\Users\\arno> type C:\\keys\\deploy.ppk\nPuTTY-User-Key-File-3: ssh-ed25519\nEncrypti"
    "on: none\n"
    "Comment: eddsa-key-20250812\nPublic-Lines: 2\n"
    + "\n".join(lines(_ssh_pub().split()[1]))
    + "\n"
    "Private-Lines: 1\n" + _ppk_priv + "\nPrivate-MAC: " + _F.hex(64) + "\n",
    _ppk_priv,
    "private_key",
)
_blk, _sec = _pem_key("PRIVATE KEY", 1218)
_s(
    "> tls_private_key.ci.private_key_pem\n<<EOT\n" + _blk + "\n\nEOT\n",
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("EC PRIVATE KEY", 121)
_s(
    '// Sources/PushKit/Keys.swift\nlet apnsKeyPEM = """\n' + _blk + '\n"""\n',
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("RSA PRIVATE KEY", 1192)
_s(
    '// test/fixtures/keys.hpp\nconstexpr const char* kSigningKey = R"PEM(\n' + _blk + '\n)PEM";\n',
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("PRIVATE KEY", 1218)
_s(
    "# lib/tasks/sign.rake\nKEY = <<~PEM\n  " + _blk.replace("\n", "\n  ") + "\nPEM\n",
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("PRIVATE KEY", 1218)
_s(
    "sqlite> .dump signing_keys\nINSERT INTO signing_keys VALUES(1,'jwt-2025-10','"
    + _blk.replace("\n", "'||char(10)||'")
    + "');\n",
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("RSA PRIVATE KEY", 1192)
_s(
    'array(2) {\n  ["kid"]=>\n  string(10) "2025-10-r1"\n  ["private_key"]=>\n  string(1675) "'
    + _blk
    + '"\n}\n',
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("PRIVATE KEY", 1218)
_s(
    "$ bun -e 'console.log(JSON.stringify(Bun.env.GITHUB_APP_KEY))'\n\"" + escaped(_blk) + '"\n',
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("PRIVATE KEY", 1218)
_s(
    "<<<<<<< HEAD\n  tls_key: |\n    "
    + _blk.replace("\n", "\n    ")
    + "\n=======\n  tls_key_file: /run/secrets/tls.key\n>>>>>>> main\n",
    _sec,
    "private_key",
)
_blk, _sec = _openssh(1800)
_s(
    '[1.02, "o", "$ cat ~/.ssh/id_rsa\\r\\n"]\n[1.05, "o", "'
    + _blk.replace("\n", "\\r\\n")
    + '\\r\\n"]\n',
    _sec,
    "private_key",
)

# API clients, HTTP/2 tools and packet captures
_k = _r(64, URLSAFE)
_s(
    '{\n  "v": 2,\n  "name": "Billing API",\n  "requests": [{\n    "name": "List invoices",\n'
    '    "method": "GET",\n'
    '    "endpoint": "https://billing.fenwick.io/v1/invoices",\n    "headers": [\n'
    '      { "key": "Authorization", "value": "Bearer '
    + _k
    + '", "active": true }\n    ]\n  }]\n}\n',
    _k,
    "authorization",
)
_k = _r(40, URLSAFE)
_s(
    '// thunder-tests/thunderclient.json\n[{\n  "_id": "7d1e3b5a",\n  "name": "Create shipment",\n'
    '  "url": "https://api.parcelpoint.nz/v2/shipments",\n  "method": "POST",\n  "headers": [\n'
    '    { "name": "x-api-key", "value": "' + _k + '" }\n  ]\n}]\n',
    _k,
    "secret",
)
_b = base64.b64encode(("reporting:" + _pw(18)).encode()).decode()
_s(
    "# .yaak/rq_8f21c.yaml\nmodel: http_request\nname: Daily report\nmethod: GET\nurl: https:"
    "//erp.vantage.lan/api/report\n"
    "headers:\n  - name: Authorization\n    value: Basic " + _b + "\n",
    _b,
    "authorization",
)
_k = _r(48, URLSAFE)
_s(
    "GET /v1/me HTTP/1.1\nHost: api.tallyroom.com\nAuthorization: Bearer "
    + _k
    + "\nUser-Agent: Paw/3.4.4 (Macintosh; OS X/14.6.1)\n",
    _k,
    "authorization",
)
_k = _F.jwt({"sub": "u_4821", "aud": "mobile", "exp": 1760000000})
_s(
    "Proxyman  #412  POST https://auth.fitloop.app/v2/refresh  200  1.2 KB\n  Request Headers\n"
    "    authorization: Bearer " + _k + "\n    x-app-version: 5.12.0\n",
    _k,
    "jwt",
)
_k = _r(43, URLSAFE)
_s(
    "$ nghttp -v -H 'authorization: Bearer " + _k + "' https://h2.edge.lan/api/stats\n"
    "[  0.012] send HEADERS frame <length=96, flags=0x25, stream_id=13>\n          :method: GET\n"
    "          authorization: Bearer " + _k + "\n",
    _k,
    "authorization",
)
_b = base64.b64encode(("admin:" + _pw(16)).encode()).decode()
_s(
    "$ sudo ngrep -q -d eth0 'Authorization' tcp port 8080\ninterface: eth0 (10.0.0.0/255.255"
    ".255.0)\n"
    "T 10.0.0.21:51844 -> 10.0.0.5:8080 [AP] #7\n  GET /manager/html HTTP/1.1..Host: 10.0.0.5"
    ":8080..Authorization: Basic " + _b + "....\n",
    _b,
    "authorization",
)
_k = _r(40, URLSAFE)
_s(
    "$ tshark -r capture.pcapng -Y http.authorization -T fields -e ip.src -e http.authorization\n"
    "10.2.0.14\tBearer " + _k + "\n",
    _k,
    "authorization",
)

# ---------------------------------------------------------------------------------------------
# SECRETS, second half: vendors, services and human languages no earlier split lists
# ---------------------------------------------------------------------------------------------

# Latin American commerce and payments
_k = "$aact_prod_000Mzkw" + _r(88, URLSAFE)
_s(
    "# .env (Laravel, loja)\nASAAS_ENV=production\nASAAS_API_KEY='"
    + _k
    + "'\nASAAS_WEBHOOK_NAME=pedidos\n",
    _k,
    "secret",
    "ASAAS_ENV",
)
_k = "sk_" + _F.hex(32)
_s(
    "const pagarme = axios.create({\n  baseURL: 'https://api.pagar.me/core/v5',\n  auth: { us"
    "ername: '" + _k + "', password: '' },\n});\n",
    _k,
    "secret",
)
_a, _b = "vtexappkey-lojaverde-" + _r(6, UPPER_AN), _r(160, UPPER_AN)
_s(
    'curl -s https://lojaverde.vtexcommercestable.com.br/api/oms/pvt/orders \\\n  -H "X-VTEX-'
    "API-AppKey: " + _a + '" \\\n'
    '  -H "X-VTEX-API-AppToken: ' + _b + '"\n',
    _b,
    "secret",
)
_k = _F.hex(40)
_s(
    "GET /v1/4021877/products HTTP/1.1\nHost: api.tiendanube.com\nAuthentication: bearer "
    + _k
    + "\n"
    "User-Agent: Integracao ERP (ti@lojaverde.com.br)\n",
    _k,
    "authorization",
    "ti@lojaverde.com.br",
)
_k = _F.hex(32)
_s(
    "curl -X POST https://webpay3g.transbank.cl/rswebpaytransaction/api/webpay/v1.2/transacti"
    "ons \\\n"
    "  -H 'Tbk-Api-Key-Id: 597055555532' \\\n  -H 'Tbk-Api-Key-Secret: "
    + _k
    + "' \\\n  -H 'Content-Type: application/json'\n",
    _k,
    "secret",
    "597055555532",
)
_k, _k2 = _r(13, DIGITS), _F.hex(32)
_s(
    '{"call": "ListarClientes", "app_key": "'
    + _k
    + '", "app_secret": "'
    + _k2
    + '", "param": [{"pagina": 1}]}\n',
    _k2,
    "secret",
    "ListarClientes",
)
_k = _F.jwt(
    {"aud": "956", "jti": _F.hex(40), "sub": "8ab1", "scopes": ["cart-write", "shipping-calculate"]}
)
_s(
    "MELHOR_ENVIO_TOKEN=" + _k + "\nMELHOR_ENVIO_SANDBOX=false\n",
    _k,
    "jwt",
    "MELHOR_ENVIO_SANDBOX",
)
_k = "sk_live_" + _r(32)
_s(
    '# fintoc.py\nfrom fintoc import Fintoc\nclient = Fintoc("'
    + _k
    + '")\nlinks = client.links.all()\n',
    _k,
    "secret",
)

# Africa and the Middle East: payments and messaging
_k = "CHASECK-" + _r(32)
_s(
    "CHAPA_SECRET_KEY="
    + _k
    + "\nCHAPA_CALLBACK_URL=https://tickets.addis-events.et/chapa/callback\n",
    _k,
    "secret",
    "CHAPA_CALLBACK_URL",
)
_k = "sk_live_" + _F.hex(28)
_s(
    "$ curl https://payments.yoco.com/api/checkouts -H 'Authorization: Bearer "
    + _k
    + "' -d '{\"amount\": 9900, "
    '"currency": "ZAR"}\'\n',
    _k,
    "authorization",
)
_a, _b = "MK_PROD_" + _r(10, UPPER_AN), _r(32, UPPER_AN)
_s(
    "monnify:\n  base-url: https://api.monnify.com\n  api-key: "
    + _a
    + "\n  secret-key: "
    + _b
    + '\n  contract-code: "626609763141"\n',
    _b,
    "secret",
    "626609763141",
)
_k = "sk_live_" + _r(24)
_s(
    "POST https://api.tap.company/v2/charges\nAuthorization: Bearer " + _k + "\nlang_code: ar\n",
    _k,
    "authorization",
)
_a, _b = _r(16), _r(16)
_s(
    "$merchant_id = '382114';\n$merchant_key = '"
    + _a
    + "';\n$merchant_salt = '"
    + _b
    + "';  // PayTR\n",
    (_a, _b),
    "secret",
    "382114",
)
_p = _pw(14)
_s(
    "curl 'https://api.netgsm.com.tr/sms/send/get?usercode=8503051234&password="
    + _p.replace("#", "x").replace("&", "x").replace("?", "y")
    + "&gsmno=905321234567&message=Kodunuz'\n",
    _p.replace("#", "x").replace("&", "x").replace("?", "y"),
    "password",
    "8503051234",
)
_b = base64.b64encode(("107422:" + _r(20)).encode()).decode()
_s(
    "GET /integration/order/sellers/107422/orders HTTP/1.1\nHost: apigw.trendyol.com\nAuthori"
    "zation: Basic " + _b + "\n"
    "User-Agent: 107422 - SelfIntegration\n",
    _b,
    "authorization",
)

# Russia and Central Asia
_k = _F.uuid()
_s(
    "curl -X POST https://api-seller.ozon.ru/v3/product/list \\\n  -H 'Client-Id: 1843205' \\"
    "\n  -H 'Api-Key: " + _k + "' \\\n"
    '  -d \'{"filter": {"visibility": "ALL"}, "limit": 100}\'\n',
    _k,
    "secret",
    "1843205",
)
_k = _F.jwt({"ent": 1, "exp": 1774915200, "id": _F.uuid(), "sid": _F.uuid(), "t": False}, "ES256")
_s(
    "WB_API_TOKEN=" + _k + "\nWB_SUPPLIES_URL=https://supplies-api.wildberries.ru\n",
    _k,
    "jwt",
    "WB_SUPPLIES_URL",
)
_k = _r(16, LOWER_AN)
_s(
    "$ curl https://sevmarket.bitrix24.ru/rest/1/" + _k + "/crm.deal.list.json?select[]=TITLE\n",
    _k,
    "secret",
    "sevmarket.bitrix24.ru",
)
_k = _F.jwt({"aud": "8f1c", "jti": _F.hex(64), "iat": 1759000000, "scopes": ["crm"]})
_s(
    "GET /api/v4/leads HTTP/1.1\nHost: kvartal.amocrm.ru\nAuthorization: Bearer " + _k + "\n",
    _k,
    "jwt",
)
_a, _b = _F.hex(40), _F.hex(40)
_s(
    'curl -X POST https://cleaner.dadata.ru/api/v1/clean/address \\\n  -H "Authorization: Token '
    + _a
    + '" \\\n'
    '  -H "X-Secret: ' + _b + '" -d \'["мск сухонская 11 89"]\'\n',
    (_a, _b),
    ("authorization", "secret"),
)
_k = _r(40)
_s(
    'provider "selectel" {\n  domain_name = "318211"\n  username    = "terraform"\n  password'
    '    = "' + _k + '"\n'
    '  auth_region = "ru-9"\n}\n',
    _k,
    "password",
    "terraform",
)
_k = _F.jwt({"login": "ca29031", "is_api_token": True, "api_token_id": _F.uuid()})
_s(
    "twc config set --token " + _k + "   # Timeweb Cloud CLI\n",
    _k,
    "jwt",
)
_k = "t." + _r(86, URLSAFE)
_s(
    'from tinkoff.invest import Client\nTOKEN = "'
    + _k
    + '"  # T-Bank Invest, read-only\nwith Client(TOKEN) as client:\n'
    "    print(client.users.get_accounts())\n",
    _k,
    "secret",
)
_k = base64.b64encode((_F.uuid() + ":" + _F.uuid()).encode()).decode()
_s(
    "GIGACHAT_CREDENTIALS=" + _k + "\nGIGACHAT_SCOPE=GIGACHAT_API_PERS\n",
    _k,
    "secret",
    "GIGACHAT_SCOPE",
)

# East and Southeast Asia
_a, _b = _r(40, URLSAFE), _r(40, URLSAFE)
_s(
    "# qshell account\n$ qshell account "
    + _a
    + " "
    + _b
    + " kodo-prod\nAccount [kodo-prod] added.\n",
    (_a, _b),
    "secret",
    "kodo-prod",
)
_b = base64.b64encode((_F.hex(24) + ":" + _F.hex(24)).encode()).decode()
_s(
    "POST /v3/push HTTP/1.1\nHost: api.jpush.cn\nAuthorization: Basic "
    + _b
    + "\nContent-Type: application/json\n",
    _b,
    "authorization",
)
_k = _F.hex(32)
_s(
    "GET https://restapi.amap.com/v3/geocode/geo?address=北京市朝阳区阜通东大街6号&key="
    + _k
    + "\n",
    _k,
    "secret",
)
_k = _F.hex(32)
_s(
    'curl -X POST -H "X-ChatWorkToken: ' + _k + '" -d "body=デプロイ完了しました" \\\n'
    "  https://api.chatwork.com/v2/rooms/29871234/messages\n",
    _k,
    "secret",
)
_k = _r(40)
_s(
    "const resp = await fetch('https://kaisha.cybozu.com/k/v1/records.json?app=42', {\n"
    "  headers: { 'X-Cybozu-API-Token': '" + _k + "' },\n});\n",
    _k,
    "secret",
    "kaisha.cybozu.com",
)
_p = _pw(18)
_s(
    "# ConoHa VPS v3 identity\nOS_AUTH_URL=https://identity.c3j1.conoha.io/v3\nOS_USERNAME=gn"
    "cu51294826\nOS_PASSWORD=" + _p + "\n"
    "OS_PROJECT_ID=" + _F.hex(32) + "\n",
    _p,
    "password",
    "gncu51294826",
)
_k = _r(43, URLSAFE)
_s(
    "curl -X POST https://openapi.zalo.me/v3.0/oa/message/cs \\\n  -H 'access_token: "
    + _k
    + "' \\\n"
    '  -d \'{"recipient": {"user_id": "2468109876543210"}}\'\n',
    _k,
    "secret",
    "2468109876543210",
)
_k = _F.hex(64)
_s(
    "SHOPEE_PARTNER_ID=2004718\nSHOPEE_PARTNER_KEY=shpk" + _k[4:] + "\n",
    "shpk" + _k[4:],
    "secret",
    "SHOPEE_PARTNER_ID",
)

# European accounting, banking and logistics
_k = _F.hex(32)
_s(
    "curl -H 'Authorization: " + _k + "' 'https://my.sevdesk.de/api/v1/Invoice?status=200'\n",
    _k,
    "authorization",
)
_a, _b = _r(40), _r(40)
_s(
    "GET /customers HTTP/1.1\nHost: restapi.e-conomic.com\nX-AppSecretToken: "
    + _a
    + "\nX-AgreementGrantToken: "
    + _b
    + "\n",
    (_a, _b),
    "secret",
)
_k = _F.hex(32)
_s(
    "curl https://thirdparty.qonto.com/v2/organization \\\n  -H 'Authorization: atelier-brume-1234:"
    + _k
    + "'\n",
    _k,
    "authorization",
    "atelier-brume-1234",
)
_a, _b = _F.uuid(), _r(30)
_s(
    "$ curl -u '"
    + _a
    + ":"
    + _b
    + "' https://api.vivapayments.com/checkout/v2/orders  # Viva Wallet basic auth\n",
    _b,
    "password",
)
_k = "prodpassword_" + _r(50)
_s(
    "# Lyra / PayZen REST\nLYRA_USER=69876357\nLYRA_PASSWORD="
    + _k
    + "\nLYRA_ENDPOINT=https://api.payzen.eu\n",
    _k,
    "password",
    "LYRA_USER",
)
_k = _F.jwt(
    {"iss": "api-shipx-pl.easypack24.net", "sub": "api-shipx-pl.easypack24.net", "jti": _F.uuid()}
)
_s(
    "INPOST_SHIPX_TOKEN=" + _k + "\nINPOST_ORGANIZATION_ID=48211\n",
    _k,
    "jwt",
    "INPOST_ORGANIZATION_ID",
)
_a, _b = _F.uuid(), _r(64, URLSAFE)
_s(
    "curl -X POST https://login.bol.com/token?grant_type=client_credentials -u '"
    + _a
    + ":"
    + _b
    + "'\n",
    _b,
    "password",
)
_k = "live-secret-key-" + _F.hex(32)
_s(
    "NETS_EASY_SECRET_KEY="
    + _k
    + "\nNETS_EASY_CHECKOUT_KEY=live-checkout-key-"
    + _F.hex(32)
    + "\n",
    _k,
    "secret",
)
_k = _F.jwt(
    {
        "iss": "https://auth.truelayer.com",
        "client_id": "kasse-" + _r(6, LOWER_AN),
        "scope": "payments",
    }
)
_s("Authorization: Bearer " + _k + "\nX-TL-Signature: " + _r(40, URLSAFE) + "..\n", _k, "jwt")
_k = "app_token_" + _r(25, LOWER_AN)
_k2 = "user_token_" + _r(25, LOWER_AN)
_s(
    "curl https://api.akahu.io/v1/accounts \\\n  -H 'X-Akahu-Id: "
    + _k
    + "' \\\n  -H 'Authorization: Bearer "
    + _k2
    + "'\n",
    (_k, _k2),
    ("secret", "authorization"),
)

# gaming, modding and game-server panels
_k = "ptla_" + _r(43)
_s(
    'curl "https://panel.blockhaus.gg/api/application/servers" \\\n  -H "Authorization: Bearer '
    + _k
    + '" \\\n'
    '  -H "Accept: Application/vnd.pterodactyl.v1+json"\n',
    _k,
    "authorization",
)
_k = "ptlc_" + _r(43)
_s("PTERO_CLIENT_KEY=" + _k + "\nPTERO_URL=https://panel.blockhaus.gg\n", _k, "secret", "PTERO_URL")
_k = "mrp_" + _r(36)
_s(
    "$ MODRINTH_TOKEN="
    + _k
    + " ./gradlew modrinth\n> Task :modrinth\nUploaded version 1.4.2 to Modrinth\n",
    _k,
    "secret",
)
_k = "lip_" + _r(20)
_s(
    'import berserk\nsession = berserk.TokenSession("'
    + _k
    + '")\nclient = berserk.Client(session=session)\n',
    _k,
    "secret",
)
_k = "$2a$10$" + _r(53, AN + "./")
_s("curl -H 'x-api-key: " + _k + "' https://api.curseforge.com/v1/mods/238222\n", _k, "secret")
_b = base64.b64encode(("289123:" + _r(32)).encode()).decode()
_s(
    "POST https://api.xsolla.com/merchant/v2/merchants/289123/token\nAuthorization: Basic "
    + _b
    + "\n",
    _b,
    "authorization",
)

# smart home and energy
_k = _F.uuid()
_s(
    "http://192.168.1.30/apps/api/42/devices/all?access_token=" + _k + "   # Hubitat Maker API\n",
    _k,
    "secret",
)
_k = _r(40, URLSAFE)
_s(
    "$ curl -k https://192.168.1.24/clip/v2/resource/light -H 'hue-application-key: " + _k + "'\n",
    _k,
    "secret",
)
_k = _F.uuid()
_s(
    "curl -H 'Govee-API-Key: "
    + _k
    + "' https://openapi.api.govee.com/router/api/v1/user/devices\n",
    _k,
    "secret",
)
_a, _b = _F.hex(96), _F.hex(32)
_s("SWITCHBOT_TOKEN=" + _a + "\nSWITCHBOT_SECRET=" + _b + "\n", (_a, _b), "secret")
_k = _F.hex(32)
_s(
    "$ miiocli vacuum --ip 192.168.1.52 --token "
    + _k
    + " status\nState: Charging\nBattery: 100 %\n",
    _k,
    "secret",
)
_p = _pw(16)
_s(
    '// ~/.homebridge/config.json\n{\n  "platform": "Camera-ffmpeg",\n  "cameras": [{\n    "n'
    'ame": "Porch",\n'
    '    "videoConfig": { "source": "-rtsp_transport tcp -i rtsp://admin:'
    + _p.replace("#", "x").replace("?", "y")
    + '@192.168.1.61:554/stream1" }\n  }]\n}\n',
    _p.replace("#", "x").replace("?", "y"),
    "password",
)
_k = "oh.grafana." + _r(86)
_s("OPENHAB_TOKEN=" + _k + "\n", _k, "secret")
_k = _r(43, URLSAFE)
_s(
    "curl https://api.tibber.com/v1-beta/gql -H 'Authorization: Bearer " + _k + "' \\\n"
    '  -d \'{"query": "{viewer {homes {currentSubscription {priceInfo {today {total}}}}}}"}\'\n',
    _k,
    "authorization",
)
_k = _r(32, UPPER_AN)
_s("https://monitoringapi.solaredge.com/site/2019384/overview?api_key=" + _k + "\n", _k, "secret")

# security tooling
_k = _r(64)
_s(
    "$ greynoise setup -k " + _k + "\nConfiguration saved to ~/.config/greynoise/config\n",
    _k,
    "secret",
)
_k = _r(32)
_s(
    "curl -H 'APIKEY: "
    + _k
    + "' https://api.securitytrails.com/v1/domain/example.org/subdomains\n",
    _k,
    "secret",
)
_k = _r(40)
_s(
    "curl -H 'Authorization: "
    + _k
    + "' -H 'Accept: application/json' https://misp.cert.lan/events/index\n",
    _k,
    "authorization",
)
_p = _pw(20)
_s(
    "$ curl -k -u wazuh-wui:'"
    + _p
    + "' -X POST 'https://wazuh-manager.lan:55000/security/user/authenticate'\n",
    _p,
    "password",
    "wazuh-wui",
)
_k = _r(80)
_s(
    "curl -H 'Authorization: ApiToken "
    + _k
    + "' https://usea1-017.sentinelone.net/web/api/v2.1/agents\n",
    _k,
    "authorization",
)
_k = _r(26, LOWER_AN)
_s("$ zap.sh -daemon -port 8090 -config api.key=" + _k + "\n", _k, "secret")
_b = base64.b64encode(("bluecell-triage:" + _r(44, B64)).encode()).decode()
_s(
    "GET /v1/hackers/programs HTTP/1.1\nHost: api.hackerone.com\nAuthorization: Basic " + _b + "\n",
    _b,
    "authorization",
)

# observability, incident response and secret managers
_k = _r(36, URLSAFE)
_s(
    "exporters:\n  otlp:\n    endpoint: ingest.eu.signoz.cloud:443\n    headers:\n      signo"
    "z-ingestion-key: " + _k + "\n",
    _k,
    "secret",
)
_k = _r(20)
_s(
    'Log.Logger = new LoggerConfiguration()\n    .WriteTo.Seq("https://seq.ops.lan", apiKey: "'
    + _k
    + '")\n    .CreateLogger();\n',
    _k,
    "secret",
)
_k = "rootly_" + _F.hex(64)
_s("ROOTLY_API_TOKEN=" + _k + "\n", _k, "secret")
_k = _r(64)
_s(
    "curl -H 'Authorization: Bearer " + _k + "' https://api.incident.io/v2/incidents\n",
    _k,
    "authorization",
)
_k = _F.uuid()
_s(
    "[OUTPUT]\n    Name        http\n    Host        cloud.humio.com\n    URI         /api/v1"
    "/ingest/hec\n    http_User   x\n    http_Passwd " + _k + "\n",
    _k,
    "password",
)
_k = "US:" + _r(43, URLSAFE)
_s(
    "$ ksm profile init --token " + _k + "\nAdded profile _default to INI config file.\n",
    _k,
    "secret",
)
_p = _pw(22)
_s(
    "$ lpass show --all 'Shared-Infra/pg-prod'\nShared-Infra/pg-prod [id: 8812345]\nUsername:"
    " postgres\nPassword: " + _p + "\nURL: https://pg.prod.lan\n",
    _p,
    "password",
)
_k = "pss_service:v2:" + _F.hex(64) + ":" + _F.hex(64) + ":" + _F.hex(64) + ":" + _F.hex(64)
_s(
    "PHASE_SERVICE_TOKEN=" + _k + "\nPHASE_HOST=https://console.phase.dev\n",
    _k,
    "secret",
    "PHASE_HOST",
)
_blk, _sec = _pgp_private(1800)
_s(
    "// passbolt-recovery-kit.txt\n" + _blk + "\n",
    _sec,
    "private_key",
)

# messages and notes in human languages no earlier split lists, carrying vendors' secrets
_k = "sk-" + _r(48)
_s(
    "Abeg, no share am for outside: di Stability key na " + _k + " — I go rotate am Monday.\n",
    _k,
    "secret",
)  # Nigerian Pidgin
_p = _pw(16)
_s(
    "Di pasword fɔ di Wi-Fi na di ofis na " + _p + " — nɔ gi am to ɛnibɔdi.\n", _p, "password"
)  # Krio
_k = "tpuf_" + _r(32)
_s(
    "Kle turbopuffer pou prodiksion: " + _k + " . Pa met li dan repo la, mersi.\n", _k, "secret"
)  # Mauritian Creole
_k = "pl_" + _F.hex(32)
_s(
    "Xave di PromptLayer: " + _k + " (ka bu poi na GitHub, pur favor).\n", _k, "secret"
)  # Cape Verdean Creole
_p = _pw(18)
_s(
    "Modpas pour baz done Patroni : " + _p + " — pa partaz li lo WhatsApp.\n", _p, "password"
)  # Seychellois Creole
_k = "scp-live-" + _F.hex(32)
_s("Senotlolo sa Scrapfly ke " + _k + " — o se ke wa se romela go motho.\n", _k, "secret")  # Sepedi
_k = "zwt_" + _r(40, URLSAFE)
_s("Lena yi-key ye-Vectara: " + _k + " . Ungayifaki ku-GitHub.\n", _k, "secret")  # siSwati
_k = _r(32)
_s(
    "Kunci DeepInfra untuak server GPU: " + _k + ". Jan dibagi ka urang lua yo.\n", _k, "secret"
)  # Minangkabau
_p = _pw(18)
_s(
    "Ing password ning admin king Pterodactyl ya ini: " + _p + " — e mu ipakit king aliwa.\n",
    _p,
    "password",
)  # Kapampangan
_k = "sk_car_" + _r(22)
_s("An susi kan Cartesia: " + _k + " — dai mo ipagtao sa iba.\n", _k, "secret")  # Bikol
_k = _r(40)
_s(
    "Este el llave del Retell para el bot: key_" + _k[:28] + " — no ya tu manda na ningun otro.\n",
    "key_" + _k[:28],
    "secret",
)  # Chavacano
_p = _pw(16)
_s(
    "Here's the passwird fir the staging box: " + _p + " — dinna pit it in the wiki, ken.\n",
    _p,
    "password",
)  # Scots
_k = "ghp_" + _r(36)
_s(
    "Shoh yn token GitHub son y CI: " + _k + " — ny cur eh da peiagh erbee.\n", _k, "github_token"
)  # Manx
_k = "sk-" + _r(48, "abcdefghijklmnopqrstuvwxyz")
_s(
    "Cheaia SiliconFlow ti aplicatsia: " + _k + " — s-nu u dai a altui.\n", _k, "secret"
)  # Aromanian
_k = _F.hex(32)
_s(
    "La ciav de l'API de Musixmatch l'è " + _k + " — dàgala minga a nissun.\n", _k, "secret"
)  # Lombard
_p = _pw(18)
_s(
    "La pasword dël database a l'é " + _p + " — fa nen vëdd-la a gnun.\n", _p, "password"
)  # Piedmontese
_k = "CG-" + _r(24)
_s(
    "Dr CoinGecko-Schlüssel isch " + _k + " — bitte nöd is Git ine tue.\n", _k, "secret"
)  # Swiss German
_k = "cqt_" + _r(26)
_s("Di Covalent-kai as " + _k + " — ai widjer du.\n", _k, "secret")  # North Frisian
_k = "mainnet" + _r(32)
_s("Blockfrosti võti om " + _k + " — ärä pane sitä GitHubi.\n", _k, "secret")  # Võro
_k = _F.hex(32)
_s("NOAA tuokens: " + _k[:32] + " — neduok anam.\n", _k[:32], "secret")  # Samogitian
_k = "fsq3" + _r(44, URLSAFE)
_s("Foursquare-kunjikā: " + _k + " — anyebhyaḥ mā dehi.\n", _k, "secret")  # Sanskrit
_k = _F.hex(32)
_s(
    "Listen Notes ê só-sî sī " + _k + ", m̄-thang hō͘ pa̍t-lâng khòaⁿ.\n", _k, "secret"
)  # Taiwanese Hokkien
_k = "BBFF-" + _r(30)
_s("Ubidots ぬ かじ や " + _k + " やん。 ゆーやー ならん。\n", _k, "secret")  # Okinawan
_k = _r(56)
_s("Pexels API-ключ: " + _k + " — некодлы эн сет.\n", _k, "secret")  # Komi

# vendor key material: request-signing keys, wallets and ledgers no earlier split lists
_blk, _sec = _pem_key("RSA PRIVATE KEY", 1192)
_s(
    '# kalshi.py\nKALSHI_KEY_ID = "' + _F.uuid() + '"\nKALSHI_PRIVATE_KEY = """' + _blk + '"""\n',
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("PRIVATE KEY", 1218)
_s(
    "# fireblocks_secret.key (Fireblocks API user 'treasury-bot')\n" + _blk + "\n",
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("EC PRIVATE KEY", 223)
_s(
    '{\n  "enable_banking": {\n    "application_id": "'
    + _F.uuid()
    + '",\n    "private_key": "'
    + escaped(_blk)
    + '"\n  }\n}\n',
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("RSA PRIVATE KEY", 1192)
_s(
    "saltedge:\n  app_id: "
    + _r(43, URLSAFE)
    + "\n  private_key: |\n    "
    + _blk.replace("\n", "\n    ")
    + "\n",
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("PRIVATE KEY", 1218)
_s("$ cat /etc/shibboleth/sp-key.pem\n" + _blk + "\n", _sec, "private_key")
_blk, _sec = _pem_key("RSA PRIVATE KEY", 1192)
_s(
    "# passkit/certs/pass-signer.key (Apple Wallet pass type pass.com.cinemaplex.ticket)\n"
    + _blk
    + "\n",
    _sec,
    "private_key",
)
_blk, _sec = _pem_key("PRIVATE KEY", 1218)
_s("# QSealC key for PSD2 (eIDAS), bank sandbox onboarding\n" + _blk + "\n", _sec, "private_key")
_k = "S" + _r(55, _B32)
_s("stellar keys add treasury --secret-key\n? Enter secret key: " + _k + "\n", _k, "private_key")
_k = "edsk" + _r(50, BASE58)
_s(
    "$ octez-client import secret key baker unencrypted:"
    + _k
    + "\nTezos address added: tz1"
    + _r(33, BASE58)
    + "\n",
    _k,
    "private_key",
)
_k = "ed25519:" + _r(88, BASE58)
_s(
    '// ~/.near-credentials/mainnet/payroll.near.json\n{"account_id":"payroll.near","public_k'
    'ey":"ed25519:' + _r(44, BASE58) + '","private_key":"' + _k + '"}\n',
    _k,
    "private_key",
)
_k = "302e020100300506032b657004220420" + _F.hex(64)
_s(
    "HEDERA_OPERATOR_ID=0.0.4821773\nHEDERA_OPERATOR_KEY=" + _k + "\n",
    _k,
    "private_key",
    "0.0.4821773",
)
_k = "suiprivkey1" + _r(59, "qpzry9x8gf2tvdw0s3jn54khce6mua7l")
_s(
    "$ sui keytool export --key-identity vault-signer\n╭────────────────┬──────╮\n│ exportedP"
    "rivateKey │ " + _k + " │\n╰────────────────┴──────╯\n",
    _k,
    "private_key",
)
_k = "s" + _r(28, BASE58)
_s("XRPL_HOT_WALLET_SEED=" + _k + "\nXRPL_NETWORK=wss://xrplcluster.com\n", _k, "private_key")
_k = "0x" + _F.hex(64)
_s(
    "$ subkey inspect '"
    + _k
    + "'\nSecret Key URI `"
    + _k[:10]
    + "...` is account:\n  Network ID:        substrate\n",
    _k,
    "private_key",
)
_k = _F.hex(64)
_s(
    "$ lotus wallet export f1"
    + _r(38, "abcdefghijklmnopqrstuvwxyz234567")
    + "\n7b2254797065223a22736563703235366b31222c22507269766174654b6579223a22"
    + _k
    + "227d\n",
    _k,
    "private_key",
)

# vendor connection strings
_p = _F.url_password(16)
_s(
    "mysql://3xQkR7v.root:"
    + _p
    + "@gateway01.eu-central-1.prod.aws.tidbcloud.com:4000/test?ssl-mode=VERIFY_IDENTITY\n",
    _p,
    "password",
    "gateway01.eu-central-1.prod.aws.tidbcloud.com",
)
_p = _F.url_password(20)
_s(
    "SINGLESTORE_URL=singlestore://admin:"
    + _p
    + "@svc-3482219c-a389-4079-b18b-d50662524e8a-dml.aws-virginia-6.svc.singlestore.com:3306/app\n",
    _p,
    "password",
)
_p = _F.url_password(32)
_s(
    "postgres://application:"
    + _p
    + "@p.3hx7kq5m2fgtpnb4cu2z.db.postgresbridge.com:5432/postgres\n",
    _p,
    "password",
    "application",
)
_p = _F.url_password(24)
_s(
    "MZ_URL=postgres://ops%40fernlab.io:mzp_"
    + _p
    + "@4f2e.eu-west-1.aws.materialize.cloud:6875/materialize\n",
    "mzp_" + _p,
    "password",
)
_k = _F.hex(96)
_s(
    'client = MilvusClient(uri="https://in03-8f1a2b3c4d5e.serverless.gcp-us-west1.cloud.zilli'
    'z.com", token="' + _k + '")\n',
    _k,
    "secret",
)
_p = _F.url_password(18)
_s(
    "mqtt:\n  url: mqtts://sensor-gw:" + _p + "@b4c1d2e3f4.s1.eu.hivemq.cloud:8883\n",
    _p,
    "password",
    "sensor-gw",
)
_p = _F.url_password(20)
_s(
    "TIMESCALE_SERVICE_URL=postgres://tsdbadmin:"
    + _p
    + "@k3j2h1g0f9.x7y6z5w4v3.tsdb.cloud.timescale.com:34567/tsdb?sslmode=require\n",
    _p,
    "password",
    "tsdbadmin",
)
_p = _F.url_password(20)
_s(
    "dolt sql-server --config server.yaml\n# server.yaml\nuser:\n  name: dolthub_ci\n  password: "
    + _p
    + "\n",
    _p,
    "password",
    "dolthub_ci",
)

# vendor tokens in AI, data, CMS and productivity tools
_k = "key_" + _F.hex(128)
_s("RUNWAYML_API_SECRET=" + _k + "\n", _k, "secret")
_k = "IST." + _F.jwt(
    {"data": '{"id":"' + _F.uuid() + '","identity":{"type":"application"}}', "iat": 1759000000},
    "RS256",
)
_s("WIX_API_KEY=" + _k + "\nWIX_SITE_ID=" + _F.uuid() + "\n", _k, "secret")
_k = _F.hex(64)
_s(
    "curl -H 'Authorization: Bearer "
    + _k
    + "' https://api.webflow.com/v2/sites/"
    + _F.hex(24)
    + "/collections\n",
    _k,
    "authorization",
)
_k = _F.hex(96)
_s("$GLOBALS['TYPO3_CONF_VARS']['SYS']['encryptionKey'] = '" + _k + "';\n", _k, "secret")
_k = _r(40)
_s(
    "parse:\n  appId: hvfr-prod\n  masterKey: "
    + _k
    + "\n  serverURL: https://parse.hvfr.app/parse\n",
    _k,
    "secret",
    "hvfr-prod",
)
_k = "xc" + _r(38)
_s(
    "curl -H 'xc-token: " + _k + "' 'https://noco.kettle.co/api/v2/tables/m9q2/records?limit=25'\n",
    _k,
    "secret",
)
_k = "api_" + _r(22) + "." + _r(22)
_s("$ curl -u '" + _k + ":' https://api.close.com/api/v1/me/\n", _k, "password")
_b = base64.b64encode((_F.hex(32) + ":").encode()).decode()
_s(
    "GET /v1/candidates HTTP/1.1\nHost: harvest.greenhouse.io\nAuthorization: Basic " + _b + "\n",
    _b,
    "authorization",
)

# ---------------------------------------------------------------------------------------------
# LOOKALIKES: must come back byte for byte
# ---------------------------------------------------------------------------------------------

# compiler, linter and runtime messages that name secrets but hold none
_l(
    "src/auth.ts:31:5 - error TS2339: Property 'apiKey' does not exist on type 'ClientOptions"
    "'.\n\n31     apiKey: process.env.OPENAI_API_KEY,\n       ~~~~~~\n"
)
_l(
    'app/settings.py:12:1: S105 Possible hardcoded password assigned to: "PASSWORD_RESET_TIME'
    'OUT"\n12 | PASSWORD_RESET_TIMEOUT = 259200  # three days\n'
)
_l(
    "internal/auth/keys.go:9:2: G101: Potential hardcoded credentials (gosec)\n\tconst tokenH"
    'eader = "X-Session-Token"\n'
)
_l(
    "error[E0425]: cannot find value `api_token` in this scope\n  --> src/main.rs:14:38\n   |"
    "\n14 |     let client = Client::new(&cfg.url, api_token);\n   |                         "
    "               ^^^^^^^^^ help: a local variable with a similar name exists: `api_token_e"
    "nv`\n"
)
_l(
    'Traceback (most recent call last):\n  File "/srv/app/boot.py", line 8, in <module>\n    '
    "key = os.environ[\"STRIPE_SECRET_KEY\"]\nKeyError: 'STRIPE_SECRET_KEY'\n"
)
_l(
    "SyntaxError: Unexpected token '<', \"<!DOCTYPE \"... is not valid JSON\n    at JSON.pars"
    "e (<anonymous>)\n    at fetchToken (webpack-internal:///./src/auth.js:22:27)\n"
)
_l(
    'bot/notify.py:12: note: Revealed type is "builtins.str"\nbot/notify.py:13: error: Name "'
    'SLACK_BOT_TOKEN" is not defined  [name-defined]\n'
)
_l(
    'parse error: Token::Ident("password") unexpected at line 3, column 9; expected one of `='
    "`, `:`\n"
)
_l(
    "panic: missing required env var NOTEHUB_CLIENT_SECRET (see docs/setup.md#notehub)\n\ngor"
    "outine 1 [running]:\nmain.mustEnv(...)\n"
)
_l(
    '401 Unauthorized: {"error":"invalid_api_key","message":"The API key provided is invalid '
    'or has been revoked."}\n'
)

# git objects, history and other version control
_c1, _c2 = _F.hex(40), _F.hex(40)
_l(
    "$ git cat-file -p HEAD^{tree}\n100644 blob "
    + _c1
    + "\t.env.example\n040000 tree "
    + _c2
    + "\tsecrets\n100644 blob "
    + _F.hex(40)
    + "\ttoken_store.py\n"
)
_l(
    "$ git ls-tree -r --abbrev=12 HEAD config/\n100644 blob "
    + _F.hex(12)
    + "\tconfig/credentials.yml.enc\n100644 blob "
    + _F.hex(12)
    + "\tconfig/master.key.sample\n"
)
_l(
    "From "
    + _F.hex(40)
    + " Mon Sep 17 00:00:00 2001\nFrom: Ines Halvorsen <ines@tidewater.dev>\nMessage-Id: <202"
    "51014071244.88211-1-ines@tidewater.dev>\nSubject: [PATCH 1/3] docs: explain where the "
    "API token lives\n"
)
_l(
    "$ git fsck --lost-found\nChecking object directories: 100% (256/256), done.\ndangling commit "
    + _F.hex(40)
    + "\ndangling blob "
    + _F.hex(40)
    + "\n"
)
_l(
    "$ jj log -r @-\n◉  "
    + _r(8, "klmnopqrstuvwxyz")
    + " ines@tidewater.dev 2025-10-14 09:12:44 "
    + _F.hex(8)
    + "\n│  backup: rotate the restic password reference\n"
)
_l("$ pijul log --hash-only\n" + _r(53, _B32) + "\n" + _r(53, _B32) + "\n")
_l(
    "$ hg log -l 1\nchangeset:   4821:"
    + _F.hex(12)
    + "\nuser:        Mirela Popa <mirela@kern.ro>\nsummary:     auth: token TTL from 900 to "
    "3600 seconds\n"
)
_l(
    "$ fossil timeline -n 1\n=== 2025-10-08 ===\n09:41:17 ["
    + _F.hex(10)
    + "] Move secrets to the vault; config keeps only key names. (user: drh tags: trunk)\n"
)
_l(
    "$ git merge origin/main\nCONFLICT (content): Merge conflict in Cargo.lock\n<<<<<<< HEAD"
    '\nchecksum = "'
    + _F.hex(64)
    + '"\n=======\nchecksum = "'
    + _F.hex(64)
    + '"\n>>>>>>> origin/main\n'
)
_l(
    '$ cat package-lock.json.rej\n@@ -812,7 +812,7 @@\n-      "integrity": "sha512-'
    + _F.b64(64)
    + '",\n+      "integrity": "sha512-'
    + _F.b64(64)
    + '",\n'
)

# hashes and digests from tools no earlier split lists
_l(
    "$ b3sum dist/*.tar.zst\n"
    + _F.hex(64)
    + "  dist/graphmem-0.9.0-linux-x86_64.tar.zst\n"
    + _F.hex(64)
    + "  dist/graphmem-0.9.0-macos-arm64.tar.zst\n"
)
_l("$ xxhsum -H3 backup.img\nXXH3_" + _F.hex(16) + "  backup.img\n")
_l(
    "$ ssdeep -b invoice.pdf\nssdeep,1.1--blocksize:hash:hash,filename\n1536:"
    + _r(64, B64)
    + ":"
    + _r(32, B64)
    + ',"invoice.pdf"\n'
)
_l(
    "PS C:\\build> Get-FileHash .\\setup.exe -Algorithm SHA256\n\nAlgorithm       Hash       "
    "                                                            Path\n---------       ----  "
    "                                                                 ----\nSHA256          "
    + _F.hex(64).upper()
    + "       C:\\build\\setup.exe\n"
)
_l(
    "C:\\> certutil -hashfile installer.msi SHA256\nSHA256 hash of installer.msi:\n"
    + _F.hex(64)
    + "\nCertUtil: -hashfile command completed successfully.\n"
)
_l("$ tlsh -f sample.bin\nT1" + _F.hex(70).upper() + "\tsample.bin\n")
_l(
    '// modrinth.index.json\n{\n  "formatVersion": 1,\n  "files": [{\n    "path": "mods/sodiu'
    'm-fabric-0.6.0.jar",\n    "hashes": {\n      "sha1": "'
    + _F.hex(40)
    + '",\n      "sha512": "'
    + _F.hex(128)
    + '"\n    },\n    "fileSize": 1043817\n  }]\n}\n'
)
_l(
    '# pack.toml (packwiz)\nname = "Cozy Valley"\npack-format = "packwiz:1.1.0"\n\n[index]\nf'
    'ile = "index.toml"\nhash-format = "sha256"\nhash = "' + _F.hex(64) + '"\n'
)
_l(
    '$ oras manifest fetch --descriptor ghcr.io/quillsoft/policies:v3\n{"mediaType":"applicat'
    'ion/vnd.oci.image.manifest.v1+json","digest":"sha256:' + _F.hex(64) + '","size":612}\n'
)
_l(
    "$ shasum -a 256 -c SHA256SUMS.txt\ngraphmem_0.9.0_amd64.deb: OK\ngraphmem_0.9.0_arm64.de"
    "b: OK\n"
)
_l("type=PROCTITLE msg=audit(1759921201.337:8813): proctitle=6C73002D6C61002F7661722F6C6F67\n")
_l(
    "2025-10-08T12:31:44Z falco: Notice Unexpected connection (container_id="
    + _F.hex(12)
    + " image=ghcr.io/quillsoft/api@sha256:"
    + _F.hex(64)
    + ")\n"
)

# stored password hashes and verifiers
_l(
    "mysql> SELECT user, host, plugin, authentication_string FROM mysql.user WHERE user = 'sh"
    "op_app'\\G\n      user: shop_app\n      host: %\n    plugin: mysql_native_password\nauth"
    "entication_string: *" + _F.hex(40).upper() + "\n"
)
_l(
    "SQL> SELECT name, spare4 FROM sys.user$ WHERE name = 'APP_OWNER';\nNAME       SPARE4\n--"
    "-------- ----------------------------------------------------------------\nAPP_OWNER  S:"
    + _F.hex(60).upper()
    + ";T:"
    + _F.hex(160).upper()[:60]
    + "\n"
)
_l(
    "1> SELECT name, password_hash FROM sys.sql_logins WHERE name = 'report_reader';\n2> GO\n"
    "name           password_hash\n-------------- -------------------------------------------"
    "--------------------\nreport_reader  0x0200" + _F.hex(136).upper() + "\n"
)
_l("$ cat /etc/pgpool-II/pool_passwd\npgpool:md5" + _F.hex(32) + "\napp:AES" + _F.b64(48) + "\n")
_l(
    "db.users.find({}, {email: 1, password: 1}).limit(1)\n[ { _id: ObjectId('"
    + _F.hex(24)
    + "'), email: 'ana@kern.ro', password: '$2b$12$"
    + _r(53, AN + "./")
    + "' } ]\n"
)
_l(
    "  emqx_authn_mnesia:\n    user_id: sensor-gw\n    password_hash: "
    + _F.hex(64)
    + "\n    salt: "
    + _F.hex(32)
    + "\n    is_superuser: false\n"
)
_l(
    "$ mkpasswd -m gost-yescrypt\nPassword:\n$gy$j9T$"
    + _r(22, AN + "./")
    + "$"
    + _r(43, AN + "./")
    + "\n"
)
_l(
    'admin_password_hash = "$argon2id$v=19$m=65536,t=3,p=4$'
    + _r(22, B64.replace("+", "").replace("/", ""))
    + "$"
    + _r(43, B64.replace("+", "").replace("/", ""))
    + '"\n'
)
_l(
    "$ pbpaste | openssl passwd -apr1 -stdin\n$apr1$"
    + _r(8, AN + "./")
    + "$"
    + _r(22, AN + "./")
    + "\n"
)
_l(
    "$ cat /etc/shadow | grep -E '^(daemon|nobody|deploy):'\ndaemon:*:19800:0:99999:7:::\nnob"
    "ody:*:19800:0:99999:7:::\ndeploy:!:19912:0:99999:7:::\n"
)

# public keys, certificates, addresses and ids
_l("$ cat ~/.ollama/id_ed25519.pub\n" + _ssh_pub() + "\n")
_l(
    "PuTTY-User-Key-File-3 public half exported by puttygen:\n---- BEGIN SSH2 PUBLIC KEY ----"
    '\nComment: "eddsa-key-20250812"\n'
    + "\n".join(lines(_ssh_pub().split()[1]))
    + "\n---- END SSH2 PUBLIC KEY ----\n"
)
_l("# fireblocks: the CSR and public key we uploaded for the API user\n" + _pub_pem() + "\n")
_l("# passkit/certs/AppleWWDRCAG4.pem\n" + pem("CERTIFICATE", _F.b64(1090)) + "\n")
_l("stellar keys address treasury\nG" + _r(55, _B32) + "\n")
_l("Tezos baker address: tz1" + _r(33, BASE58) + "  (public key edpk" + _r(50, BASE58) + ")\n")
_l('{"account_id":"payroll.near","public_key":"ed25519:' + _r(44, BASE58) + '"}\n')
_l(
    "HEDERA_OPERATOR_ID=0.0.4821773\nHEDERA_OPERATOR_PUBLIC_KEY=302a300506032b6570032100"
    + _F.hex(64)
    + "\n"
)
_l("sui client active-address\n0x" + _F.hex(64) + "\n")
_l("XRPL destination: r" + _r(33, BASE58) + "  tag 1044291\n")
_l("Polkadot treasury (SS58): 1" + _r(47, BASE58) + "\n")
_l("Algorand escrow address: " + _r(58, _B32) + "\n")
_l("tx " + _F.hex(64) + " confirmed in block 21839412 (gas used 46,109)\n")
_l(
    "$ curl -s https://api.webex.com/v1/rooms | jq -r '.items[0].id'\nY2lzY29zcGFyazovL3VzL1JPT00v"
    + base64.b64encode(_F.uuid().encode()).decode().rstrip("=")
    + "\n"
)
_l("Pterodactyl server 1a7ce997 (uuid " + _F.uuid() + ") is now running on node fsn1-03.\n")
_l("Modrinth project AANobbMI, version " + _r(8) + " published; CurseForge file id 5821344.\n")
_l("Lichess game https://lichess.org/" + _r(8) + " analysed, 12 inaccuracies.\n")
_l(
    'Hue bridge: {"bridgeid": "001788FFFE'
    + _F.hex(6).upper()
    + '", "mac": "00:17:88:'
    + ":".join(_F.hex(2) for _ in range(3))
    + '", "apiversion": "1.67.0"}\n'
)
_l(
    '// ~/.homebridge/config.json\n{\n  "bridge": {\n    "name": "Homebridge 4F2A",\n    "use'
    'rname": "0E:3C:5A:81:4F:2A",\n    "port": 51826,\n    "pin": "031-45-154"\n  }\n}\n'
)
_l("SOLAREDGE_SITE_ID=2019384\nsite serial: 7E1C4A2B-9F\n")
_l("Ozon seller: Client-Id 1843205, warehouse id 1020000113521000, FBS.\n")
_l("Wildberries nmId 184920331, supplier article KV-0331-BL\n")
_l("SHOPEE_PARTNER_ID=2004718\nSHOPEE_SHOP_ID=812994310\n")
_l("Soracom operator OP0083214457, SIM IMSI 440103172000981, ICCID 8981100005810000000\n")
_l("AWS_ACCOUNT_ID=481516234212\nCODECOMMIT_REPO=arn:aws:codecommit:eu-west-1:481516234212:infra\n")

# client-side keys documented as public
_l(
    '<script src="https://cdn.moyasar.com/mpf/1.14.0/moyasar.js"></script>\n<script>Moyasar.i'
    "nit({ publishable_api_key: 'pk_live_" + _r(40) + "', amount: 1000 });</script>\n"
)
_l("const tap = Tapjsli('pk_live_" + _r(24) + "');  // Tap publishable key, safe in the browser\n")
_l("YOCO_PUBLIC_KEY=pk_live_" + _F.hex(20) + "\n")
_l("CHAPA_PUBLIC_KEY=CHAPUBK-" + _r(32) + "\n")
_l('Adapty.activate("public_live_' + _r(8) + "." + _r(20) + '")\n')
_l(
    "const payments = Square.payments('sq0idp-"
    + _r(22, URLSAFE)
    + "', 'L"
    + _r(12, UPPER_AN)
    + "');\n"
)
_l(
    "PaystackPop.setup({ key: 'pk_live_"
    + _F.hex(40)
    + "', email: 'buyer@example.com', amount: 500000 });\n"
)
_l(
    '<script src="https://cdn.usefathom.com/script.js" data-site="'
    + _r(8, UPPER_AN)
    + '" defer></script>\n'
)
_l('<div class="frc-captcha" data-sitekey="FCM' + _r(13, UPPER_AN) + '"></div>\n')
_l('heap.load("' + _r(10, DIGITS) + '");\n')
_l(
    "const pusher = new Pusher('"
    + _F.hex(20)
    + "', { cluster: 'eu' });  // app key, public by design\n"
)
_l(
    "const mly = new Viewer({ accessToken: 'MLY|"
    + _r(16, DIGITS)
    + "|"
    + _F.hex(32)
    + "', container: 'mly' });  // client token for the browser viewer\n"
)
_l(
    "VTEX account: lojaverde, AppKey vtexappkey-lojaverde-"
    + _r(6, UPPER_AN)
    + " (the token is in the vault)\n"
)
_l(
    "Tbk-Api-Key-Id: 597055555532\nTbk-Api-Key-Secret: <integration secret from the Transbank"
    " portal>\n"
)
_l("NEXT_PUBLIC_PRIVY_APP_ID=" + _r(25, LOWER_AN) + "\n")
_l(
    "MaxMind GeoIP.conf:\nAccountID 1048271\nLicenseKey YOUR_LICENSE_KEY_HERE\nEditionIDs Geo"
    "Lite2-ASN GeoLite2-City GeoLite2-Country\n"
)

# placeholders, documented defaults and masked values
_l("ASAAS_API_KEY='$aact_YOUR_API_KEY_HERE'\n")
_l("PTERO_CLIENT_KEY=ptlc_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n")
_l("MODRINTH_TOKEN=<your-modrinth-pat>\n")
_l("# .env.example\nGIGACHAT_CREDENTIALS=\nGIGACHAT_SCOPE=GIGACHAT_API_PERS\n")
_l(
    "$ lpass show --all 'Shared-Infra/pg-prod'\nShared-Infra/pg-prod [id: 8812345]\nUsername:"
    " postgres\nPassword: ********\n"
)
_l(
    "$ gh secret list\nNAME                   UPDATED\nNPM_TOKEN              about 2 months "
    "ago\nSENTRY_AUTH_TOKEN      about 14 days ago\nPYPI_API_TOKEN         about 1 year ago\n"
)
_l(
    "$ fly secrets list\nNAME             DIGEST             CREATED AT\nDATABASE_URL     "
    + _F.hex(16)
    + "   2025-09-14T08:21:00Z\nSTRIPE_API_KEY   "
    + _F.hex(16)
    + "   2025-09-14T08:21:00Z\n"
)
_l(
    "$ vercel env ls\n name                value       environments   created\n OPENAI_API_KE"
    "Y      Encrypted   Production     12d ago\n DATABASE_URL        Encrypted   Production  "
    "   31d ago\n"
)
_l("[2025-10-08 12:02:11] + docker login -u ci-bot -p ******** registry.kestrel.dev\n")
_l('Running with gitlab-runner 17.4.0\n$ echo "token is [MASKED]"\ntoken is [MASKED]\n')
_l(
    "deploy@drone:~$ drone secret ls quillsoft/ink\nnpm_token\nPull Request Read:  false\nPul"
    "l Request Write: false\n"
)
_l(
    "Milvus default login (docs): user root, password Milvus — change it before exposing port"
    " 19530.\n"
)
_l("EMQX dashboard first login: admin / public (you will be asked to change it).\n")
_l(
    "Raspberry Pi OS legacy images shipped with user pi / password raspberry; new images ask "
    "on first boot.\n"
)
_l("ActiveMQ web console default: admin/admin on http://localhost:8161/admin\n")
_l(
    "Wazuh quickstart: the installer prints the admin password once; look for 'User: admin' i"
    "n wazuh-install.log.\n"
)
_l("TigerGraph docker image: gsql -u tigergraph -p tigergraph  # default, local dev only\n")
_l("API key: sk_live_••••••••••••••••4f2A  (created 2025-08-12, last used 3 hours ago)\n")
_l("Token: ghp_****************************Qx7c  (expires in 29 days)\n")
_l("password: [PROTECTED]\nclientSecret=[REDACTED]\n")
_l(
    "PspClientConfig(baseUrl=https://api.psp.example.net, clientId=kestrel-shop, clientSecret"
    "=****, timeoutMs=5000)\n"
)
_l(
    "MailOptions { Host = smtp.sendpulse.com, Port = 587, User = noreply@ledgerly.app, ApiSec"
    "ret = <hidden> }\n"
)

# references to secrets in languages and tools no earlier split lists
_l('// config/prod.pkl\ndatabase {\n  password = read("env:DB_PASSWORD")\n}\n')
_l("configurable string stripeSecret = ?;  // Ballerina: supplied by Config.toml at deploy time\n")
_l('NSString *secret = [[NSProcessInfo processInfo] environment][@"API_CLIENT_SECRET"];\n')
_l('(defparameter *db-password* (uiop:getenv "DB_PASSWORD"))\n')
_l('(define api-key (getenv "OWM_API_KEY"))\n')
_l('string apiKey = environment.get("OPENAI_API_KEY");  // D, std.process\n')
_l('var token = Sys.getEnv("TILEWISE_SECRET");  // Haxe\n')
_l(
    "String key = System.Label.Erp_Api_Key;  // Apex: custom label holds the name, Named Cred"
    "ential holds the secret\nreq.setEndpoint('callout:Erp_Orders/api/orders');\n"
)
_l(
    "BEGIN\n  DBMS_CLOUD.CREATE_CREDENTIAL(credential_name => 'OCI_NATIVE', user_ocid => 'oci"
    "d1.user.oc1..aaaa"
    + _r(56, LOWER_AN)
    + "', tenancy_ocid => 'ocid1.tenancy.oc1..aaaa"
    + _r(56, LOWER_AN)
    + "', private_key => :pk, fingerprint => '"
    + ":".join(_F.hex(2) for _ in range(16))
    + "');\nEND;\n"
)
_l("CREATE DATABASE SCOPED CREDENTIAL LakeMi WITH IDENTITY = 'Managed Identity';\n")
_l("param sqlAdminPassword string = keyVault.getSecret('sql-admin-password')\n")
_l(
    '"adminPassword": {\n  "reference": {\n    "keyVault": { "id": "/subscriptions/'
    + _F.uuid()
    + '/resourceGroups/rg-fern/providers/Microsoft.KeyVault/vaults/kv-fern" },\n    "secretNa'
    'me": "vmAdminPassword"\n  }\n}\n'
)
_l(
    "brews:\n  - repository:\n      owner: quillsoft\n      name: homebrew-tap\n      token: "
    '"{{ .Env.HOMEBREW_TAP_GITHUB_TOKEN }}"\n'
)
_l(
    "registries:\n  nexus:\n    type: maven-repository\n    url: https://nexus.brightline.io/"
    "repository/maven-public\n    username: dependabot\n    password: ${{secrets.NEXUS_PASSWO"
    "RD}}\n"
)
_l(
    '"mcpServers": {\n  "github": {\n    "command": "npx",\n    "args": ["-y", "@modelcontext'
    'protocol/server-github"],\n    "env": { "GITHUB_PERSONAL_ACCESS_TOKEN": "${env:GITHUB_TO'
    'KEN}" }\n  }\n}\n'
)
_l('set imap_pass = "`pass show mail/quintal`"\n')
_l(
    'poll imap.posteo.de protocol IMAP user "lena.vogt@posteo.de" passwordfile "~/.config/fet'
    'chmail/posteo.pass"\n'
)
_l(
    "# /etc/yum.repos.d/vendor.repo\nsslclientcert=/etc/pki/vendor/client.crt\nsslclientkey=/"
    "etc/pki/vendor/client.key\ngpgkey=https://rpm.vendor.example/RPM-GPG-KEY-vendor\n"
)
_l('<credential-reference store="app-store" alias="billing-db-password"/>\n')
_l('<processModel identityType="ApplicationPoolIdentity" loadUserProfile="true" />\n')
_l(
    '<Properties action="U" userName="LocalAdmin" cpassword="" changeLogon="0" noChange="0" n'
    'everExpires="1" />\n'
)
_l(
    "postgresql:\n  authentication:\n    superuser:\n      username: postgres\n      password"
    ": ${PATRONI_SUPERUSER_PASSWORD}\n"
)
_l(
    "dbs:\n  - path: /var/lib/app/app.db\n    replicas:\n      - url: s3://lite-backups/app\n"
    "        access-key-id: ${LITESTREAM_ACCESS_KEY_ID}\n        secret-access-key: ${LITESTR"
    "EAM_SECRET_ACCESS_KEY}\n"
)
_l(
    "[global]\nrepo1-cipher-type=aes-256-cbc\nrepo1-path=/var/lib/pgbackrest\nrepo1-retention"
    "-full=4\n"
)

# settings named like secrets, with harmless values
_l(
    '{\n  "usage": {\n    "prompt_tokens": 1832,\n    "completion_tokens": 412,\n    "total_t'
    'okens": 2244\n  },\n  "max_tokens": 4096\n}\n'
)
_l(
    '// keybindings.json\n[\n  { "key": "ctrl+shift+k", "command": "editor.action.deleteLines'
    '" },\n  { "key": "cmd+k cmd+s", "command": "workbench.action.openGlobalKeybindings" }\n]'
    "\n"
)
_l("$ grep passwd /etc/nsswitch.conf\npasswd:         files systemd\n")
_l("$ getent passwd www-data\nwww-data:x:33:33:www-data:/var/www:/usr/sbin/nologin\n")
_l(
    'SECRET_KEY_FALLBACKS = []\nPASSWORD_HASHERS = ["django.contrib.auth.hashers.Argon2Passwo'
    'rdHasher"]\nCSRF_HEADER_NAME = "HTTP_X_CSRFTOKEN"\n'
)
_l(
    "TOKEN_EXPIRY_SECONDS=900\nREFRESH_TOKEN_TTL=30d\nPASSWORD_MIN_LENGTH=12\nAPI_KEY_HEADER="
    "X-Api-Key\n"
)
_l(
    "# pomerium config\nshared_secret_file: /run/secrets/pomerium_shared\ncookie_secret_file:"
    " /run/secrets/pomerium_cookie\n"
)
_l("BETTER_AUTH_URL=http://localhost:3000\nBETTER_AUTH_SECRET_LENGTH=32\n")
_l("tokenizer: cl100k_base\nmax_input_tokens: 128000\ntoken_budget_per_day: 2000000\n")
_l(
    "PRAGMA cipher_page_size = 4096;\nPRAGMA kdf_iter = 256000;\nPRAGMA cipher_hmac_algorithm"
    " = HMAC_SHA512;\n"
)
_l(
    'private_key_path = "~/.config/kalshi/kalshi.key"\npublic_key_fingerprint = "SHA256:'
    + _r(43, B64.replace("+", "").replace("/", ""))
    + '"\n'
)
_l("HEDERA_OPERATOR_KEY_FILE=/run/secrets/hedera.der\n")
_l("password_policy:\n  min_length: 14\n  require_symbols: true\n  history: 5\n")
_l("secret_level = 3\nsecret_exit_found = false  # level script, Godot save file\n")
_l(
    "Keeper: the one-time token is shown once in the vault (Secrets Manager > Applications > "
    "Devices); paste it into `ksm profile init --token`.\n"
)
_l("ROOTLY_API_TOKEN is stored in 1Password under 'Infra / Rootly'. Ask #ops if you need it.\n")

# connection strings and commands without a secret
_l("jdbc:h2:mem:testdb;DB_CLOSE_DELAY=-1;MODE=PostgreSQL\n")
_l(
    '$ ysqlsh "host=yb-tserver-0.yb.lan port=5433 user=yugabyte dbname=yugabyte sslmode=requi'
    're"\nPassword for user yugabyte:\n'
)
_l("$ isql -S ASE_PROD -U sa -D settlement\nPassword:\n")
_l("mqtts://b4c1d2e3f4.s1.eu.hivemq.cloud:8883\n")
_l("postgres://localhost:6875/materialize?sslmode=disable\n")
_l("mysql://root@127.0.0.1:4000/test\n")
_l("$ exaplus -c exa-cluster.lan:8563 -u sys -f load_events.sql\nPassword:\n")
_l("git-remote-codecommit: codecommit::eu-west-1://ci-bot@infra\n")
_l("$ mgconsole --host memgraph.lan --port 7687 --username graph_admin\nPassword:\n")
_l("redis-cli -h valkey-primary.lan --user replicator --askpass\n")

# ids, cursors and other opaque strings
_l(
    "X-Request-Id: "
    + _F.uuid()
    + "\nX-Amzn-Trace-Id: Root=1-"
    + _F.hex(8)
    + "-"
    + _F.hex(24)
    + "\n"
)
_l('next_page_token: "' + _r(64, URLSAFE) + '"  # Ozon pagination: pass back as last_id\n')
_l(
    '{"cursor": "'
    + base64.b64encode(json.dumps({"id": 48211, "ts": 1759912345}).encode()).decode()
    + '", "has_more": true}\n'
)
_l(
    "sessionId="
    + _F.uuid()
    + "; Path=/; SameSite=Lax  # copied from the Charles overview, expired\n"
)
_l("Idempotency-Key: " + _F.uuid() + "\n")
_l('ETag: W/"' + _F.hex(32) + '"\n')
_l("correlation_id=" + _r(26, "0123456789ABCDEFGHJKMNPQRSTVWXYZ") + " span_id=" + _F.hex(16) + "\n")
_l(
    "appsignal: transaction "
    + _F.hex(32)
    + " recorded (namespace: web, action: OrdersController#index)\n"
)
_l("[insertId: 1x9k2f3g4h5j6, trace: projects/quarry-prod/traces/" + _F.hex(32) + "]\n")
_l("Webhook signature: t=1759912345,v1=" + _F.hex(64) + "\n")
