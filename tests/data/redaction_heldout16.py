"""SIXTEENTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before any measurement of it: its author never read the rules
(graphmem/), their description (docs/, README.md, CHANGELOG.md), the benchmark (benchmarks/), the
messages or diffs of any commit, nor the cases of any other split (only the first 95 lines of
`redaction_corpus.py` for the `SecretCase` format, the module docstrings of the held-out splits to
stay clear of their contexts, `fake_secrets.py`, and the list of kind names the tuning corpus must
cover in `tests/test_redact.py` (that test's kind list only, plus a grep of `tests/*.py` printing
nothing but the `[REDACTED:kind]` labels used there), and the loader at the top of
`tests/test_redact_gate.py`), and never ran redaction on a case while writing it, so no case was
kept or dropped for what the rules do with it. Committed alone, then measured; it is the estimate of
redaction on text no test here contains.

Half of its cases come from the contexts a coding agent meets every day, in forms the other splits
do not use: `make -n` dry runs, `just --evaluate`, `nix develop` shell hooks, `devbox.json`,
`pixi.toml` activation env, Hatch `env-vars`, PDM sources, `.condarc` channel tokens, `.s3cfg`,
`aws-vault exec` and `saml2aws` output, `chamber`, `envconsul`, `GIT_TRACE_CURL` traces, `ab -A`,
`hey`, `vegeta` targets, `oha`, `xh`, `websocat`, `ghz`, `artillery`, `wrk` Lua scripts, `siege`
`.siegerc`, `aria2c`, `openssl enc -pass pass:`, `gpg --passphrase`, `7z -p`, `zip -P`, `ldapwhoami
-w`, vim-dadbod `g:dbs`, Emacs `sql-connection-alist`, pgcli, mycli and iredis `alias_dsn`, usql and
harlequin configs, pgAdmin `servers.json`, DuckDB `ATTACH`, Polars and ibis connection URIs,
Evidence and Rill connections, Cube `.env`, Schemathesis, Dredd, Pact broker tokens, Robot Framework
variable files, Karate `karate-config.js`, behave `userdata`, uWSGI ini, gunicorn `raw_env`, php-fpm
`env[]`, `.htaccess SetEnv`, lighttpd, monit, Podman Quadlet units, OpenRC `conf.d`, runit `env/`,
`environment.d`, `launchctl setenv`, NSSM and WinSW services, Gitpod `gp env`, DevPod and Daytona,
pino, bunyan, Monolog, log4j2, glog and logfmt lines, Loki `logcli` output and Rails request logs;
code in languages no other split lists (Gleam, Crystal, Racket, Clojure aero, Raku, Ada, Fortran
namelists, COBOL, VBA, AutoHotkey, AppleScript, Delphi FireDAC, VB.NET, Groovy `Sql.newInstance`,
Tcl, Solidity/Foundry, Move/Aptos, V, Odin). The other half come from contexts no earlier split
lists: European clouds and registrars (STACKIT, IONOS, Open Telekom Cloud, gridscale, cloudscale.ch,
Infomaniak, netcup, INWX, Gcore, UpCloud, Civo, Contabo, Leaseweb, Clever Cloud, Upsun, Wasabi,
DigitalOcean Spaces) with `lego` and `ddclient`, scraping and AI APIs (Apify, ScrapingBee, ZenRows,
Bright Data, Browserless, Steel, Diffbot, Exa, AI21, Aleph Alpha, Writer, Nomic, Predibase,
SambaNova, Unstructured, Hyperbolic), payments (Worldpay, PayFast, PayU, Przelewy24, Satispay, Vipps
MobilePay, Swish, Trustly, Revolut Business, Payoneer, FastSpring, Gumroad), messaging (Bird,
ClickSend, Msg91, Exotel, Gupshup, 46elks, BulkSMS, SMSAPI, ZeptoMail, Postal), support and product
(Crisp, Front, Help Scout, Gorgias, Shortcut, Plane, Wrike, Teamwork, Everhour, Productboard,
Canny), monitoring and analytics (Cronitor, Healthchecks.io, StatusCake, Site24x7, FullStory,
Plausible, Pirsch, RudderStack), identity and licensing (Logto, Hanko, Corbado, Frontegg,
PropelAuth, Keygen, Cryptlex), uploads and CDNs (Uploadthing, Transloadit, Filestack, KeyCDN,
StackPath); with secrets in prose in human languages no earlier split used (Papiamento, Sranan
Tongo, Jamaican Patois, Low German, Walloon, Limburgish, Sardinian, Neapolitan, Venetian, Kashubian,
Silesian, Rusyn, Crimean Tatar, Gagauz, Ossetian, Sakha, Buryat, Chechen, Konkani, Maithili,
Bhojpuri, Dari, Kabyle, Bambara, Ewe, Kikuyu, Kirundi, Tsonga, Nahuatl, Mapudungun, K'iche',
Chamorro, Tahitian, Bislama, Hiligaynon, Cornish), shell history, stack traces, query strings,
base64 and JSON-escaped strings, line continuations, diffs, markdown tables and timestamped logs.
Its look-alikes are public keys, addresses and fingerprints (`did:key`, Tox and Session ids, Signal
safety numbers, Lightning node ids, Solana and Bitcoin addresses, IPFS CIDs, magnet links, Rekor
entries, TLS fingerprints), client-side keys documented as public (Filestack, LogRocket, Plausible
domains, RudderStack data planes), ids (ULIDs, KSUIDs, Snowflake ids, Mongo ObjectIds, CUIDs,
Firebase push ids, `cf-ray`, B3 and `X-Cloud-Trace-Context` headers), pagination cursors
(Elasticsearch scroll ids, Graph `$skiptoken`, Slack `next_cursor`, GraphQL `endCursor`), digests
and lock file hashes (`pdm.lock`, `pixi.lock`, `requirements.txt --hash`, `Cargo.lock`, Gleam and
rebar3 manifests, `stack.yaml.lock`, `conan.lock`, `Cartfile.resolved`, APKBUILD, PKGBUILD, Debian
`.dsc`, winget and Scoop manifests, Nix store paths, SRI attributes), commit ids (`git rebase -i`
todos, reflog, `git describe`, submodule status), stored password hashes (passlib pbkdf2, Werkzeug
scrypt, Firebase scrypt exports), ciphertexts meant to be committed (Zuul `!encrypted/pkcs1-oaep`),
git traces that already say `<redacted>`, Rails `[FILTERED]` parameters, CSP nonces, data URIs,
masked values, placeholders, documented defaults, truncated key examples in docs and settings named
like secrets.

Frozen: never edit it to make a rule pass, never tune on it. It was committed alone, before any
measurement. Every secret is generated at import from a fixed seed of its own (fake, never a real
credential), so no token-shaped string is committed.
"""

# ruff: noqa: RUF001 (the prose cases are written in other scripts on purpose)

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
    PUNCT,
    UPPER_AN,
    URLSAFE,
    Fakes,
    pem,
)
from tests.data.redaction_corpus import SecretCase, _case

_fakes = Fakes(16_2026_1201_0604)
_r, _b64, _urlb64, _uuid, _jwt = _fakes.r, _fakes.b64, _fakes.urlb64, _fakes.uuid, _fakes.jwt


def _pw(n: int = 18) -> str:
    """A password-manager password: letters, digits and a few symbols, never a quote or `$`."""
    return _r(n - 2) + _r(1, PUNCT) + _r(1, DIGITS)


def _hex(n: int) -> str:
    return _r(n, HEX)


def _akia() -> str:
    return "AKIA" + _r(16, UPPER_AN)


def _aws_secret() -> str:
    return _r(40, B64)


def _ghp() -> str:
    return "ghp_" + _r(36)


def _gh_pat() -> str:
    return f"github_pat_11{_r(20, UPPER_AN)}_{_r(59)}"


def _ghs() -> str:
    return "ghs_" + _r(36)


def _glpat() -> str:
    return "glpat-" + _r(20, URLSAFE)


def _xoxb() -> str:
    return f"xoxb-{_r(12, DIGITS)}-{_r(13, DIGITS)}-{_r(24)}"


def _xoxp() -> str:
    return f"xoxp-{_r(12, DIGITS)}-{_r(12, DIGITS)}-{_r(13, DIGITS)}-{_hex(32)}"


def _slack_hook() -> str:
    return f"https://hooks.slack.com/services/T{_r(10, UPPER_AN)}/B{_r(10, UPPER_AN)}/{_r(24)}"


def _sk_proj() -> str:
    return f"sk-proj-{_r(74, URLSAFE)}T3BlbkFJ{_r(74, URLSAFE)}"


def _sk_ant() -> str:
    return f"sk-ant-api03-{_r(93, URLSAFE)}AA"


def _sk_live() -> str:
    return "sk_live_51" + _r(97)


def _rk_live() -> str:
    return "rk_live_51" + _r(97)


def _aiza() -> str:
    return "AIza" + _r(35, URLSAFE)


def _key(label: str = "PRIVATE KEY", n: int = 1190) -> str:
    return pem(label, _b64(n))


def _basic(user: str, password: str) -> str:
    return base64.b64encode(f"{user}:{password}".encode()).decode()


def _b64json(obj: dict[str, object]) -> str:
    return base64.b64encode(json.dumps(obj).encode()).decode()


SECRETS: list[SecretCase] = []
LOOKALIKES: list[str] = []
_s = SECRETS.append
_l = LOOKALIKES.append

# --- everyday contexts, in forms no other split uses ----------------------------------------

# make -n dry runs and just --evaluate
t = _ghp()
_s(
    _case(
        f"$ make -n release\n"
        f"goreleaser release --clean\n"
        f"GITHUB_TOKEN={t} gh release upload v0.14.2 dist/*.tar.gz --repo acme-tools/kestrel\n",
        t,
        "github_token",
        "gh release upload",
        "acme-tools/kestrel",
    )
)
t = _pw(20)
_s(
    _case(
        f"$ make -n db-reset\n"
        f"PGPASSWORD='{t}' dropdb -h db-staging.internal -U migrator orders\n"
        f"PGPASSWORD='{t}' createdb -h db-staging.internal -U migrator orders\n",
        t,
        "password",
        "db-staging.internal",
        "migrator",
    )
)
t = _akia()
u = _aws_secret()
_s(
    _case(
        f"$ just --evaluate\n"
        f'aws_access_key_id     := "{t}"\n'
        f'aws_secret_access_key := "{u}"\n'
        f'bucket                := "s3://kestrel-artifacts-eu"\n',
        (t, u),
        ("aws_access_key", "aws_secret_key"),
        "aws_access_key_id",
        "kestrel-artifacts-eu",
    )
)
t = _sk_ant()
_s(
    _case(
        f'# justfile\nset dotenv-load := false\nexport ANTHROPIC_API_KEY := "{t}"\n\n'
        f"eval:\n    uv run python -m evals.run --model claude-sonnet --suite regressions\n",
        t,
        "anthropic_key",
        "ANTHROPIC_API_KEY",
        "evals.run",
    )
)

# nix develop shellHook, devbox, pixi, hatch, pdm, conda
t = _sk_proj()
_s(
    _case(
        "devShells.default = pkgs.mkShell {\n"
        "  packages = [ pkgs.python312 pkgs.uv ];\n"
        "  shellHook = ''\n"
        f"    export OPENAI_API_KEY={t}\n"
        "    export PYTHONPATH=$PWD/src\n"
        "  '';\n};",
        t,
        "openai_key",
        "OPENAI_API_KEY",
        "shellHook",
    )
)
t = _pw(16)
_s(
    _case(
        '{\n  "packages": ["postgresql@16", "redis@7"],\n  "env": {\n'
        f'    "DATABASE_URL": "postgres://app:{t}@127.0.0.1:5432/app_dev",\n'
        '    "REDIS_URL": "redis://127.0.0.1:6379/0"\n  },\n'
        '  "shell": {"init_hook": ["devbox services up -b"]}\n}',
        t,
        "password",
        "DATABASE_URL",
        "app_dev",
    )
)
t = _hex(40)
_s(
    _case(
        "[activation.env]\n"
        'MLFLOW_TRACKING_URI = "https://mlflow.lab.example.net"\n'
        f'MLFLOW_TRACKING_TOKEN = "{t}"\n'
        'CUDA_VISIBLE_DEVICES = "0,1"\n',
        t,
        "secret",
        "MLFLOW_TRACKING_TOKEN",
        "mlflow.lab.example.net",
    )
)
t = _r(32)
_s(
    _case(
        "[tool.hatch.envs.integration.env-vars]\n"
        'SEARCH_HOST = "https://search-int.kestrel.dev"\n'
        f'SEARCH_ADMIN_KEY = "{t}"\n'
        'PYTEST_ADDOPTS = "-m integration"\n',
        t,
        "secret",
        "SEARCH_ADMIN_KEY",
        "search-int.kestrel.dev",
    )
)
t = _pw(22)
_s(
    _case(
        "[[tool.pdm.source]]\n"
        'name = "internal"\n'
        'url = "https://pypi.corp.kestrel.dev/simple"\n'
        'username = "ci-reader"\n'
        f'password = "{t}"\n'
        "verify_ssl = true\n",
        t,
        "password",
        "ci-reader",
        "pypi.corp.kestrel.dev",
    )
)
t = "pfx-" + _r(36)
_s(
    _case(
        "channels:\n"
        f"  - https://conda.kestrel.dev/t/{t}/internal\n"
        "  - conda-forge\n"
        "channel_priority: strict\n",
        t,
        "secret",
        "conda.kestrel.dev",
        "conda-forge",
    )
)

# .s3cfg, aws-vault, saml2aws, chamber, envconsul
t = "DO00" + _r(16, UPPER_AN)
u = _r(43, B64)
_s(
    _case(
        "[default]\n"
        f"access_key = {t}\n"
        f"secret_key = {u}\n"
        "host_base = fra1.digitaloceanspaces.com\n"
        "host_bucket = %(bucket)s.fra1.digitaloceanspaces.com\n"
        "use_https = True\n",
        (t, u),
        "secret",
        "host_base",
        "fra1.digitaloceanspaces.com",
    )
)
t = "ASIA" + _r(16, UPPER_AN)
u = _aws_secret()
v = "IQoJb3JpZ2luX2VjE" + _r(300, B64)
_s(
    _case(
        "$ aws-vault exec prod-admin -- env | grep AWS\n"
        "AWS_VAULT=prod-admin\n"
        "AWS_REGION=eu-central-1\n"
        f"AWS_ACCESS_KEY_ID={t}\n"
        f"AWS_SECRET_ACCESS_KEY={u}\n"
        f"AWS_SESSION_TOKEN={v}\n"
        "AWS_CREDENTIAL_EXPIRATION=2026-12-01T07:12:44Z\n",
        (t, u, v),
        ("aws_access_key", "aws_secret_key", "secret"),
        "AWS_VAULT=prod-admin",
        "eu-central-1",
    )
)
t = _akia()
u = _aws_secret()
_s(
    _case(
        "$ cat ~/.aws/credentials  # written by saml2aws login\n"
        "[saml]\n"
        f"aws_access_key_id        = {t}\n"
        f"aws_secret_access_key    = {u}\n"
        "x_principal_arn          = arn:aws:sts::483920175510:assumed-role/DevOps/jkowalczyk\n"
        "x_security_token_expires = 2026-12-01T08:00:00Z\n",
        (t, u),
        ("aws_access_key", "aws_secret_key"),
        "x_principal_arn",
        "jkowalczyk",
    )
)
t = _pw(24)
_s(
    _case(
        "$ chamber read -q billing-svc stripe_webhook_db_password\n"
        f"{t}\n"
        "$ chamber list billing-svc\n"
        "Key                            Version  LastModified  User\n"
        "stripe_webhook_db_password     3        11-28 09:14   "
        "arn:aws:iam::483920175510:user/ops\n",
        t,
        "password",
        "chamber read",
        "stripe_webhook_db_password",
    )
)
t = _sk_live()
_s(
    _case(
        "$ chamber exec billing-svc -- printenv | sort\n"
        "DB_HOST=billing-db.internal\n"
        f"STRIPE_SECRET_KEY={t}\n"
        "STRIPE_API_VERSION=2025-09-30.clover\n",
        t,
        "stripe_key",
        "STRIPE_SECRET_KEY",
        "billing-db.internal",
    )
)
t = _pw(20)
_s(
    _case(
        "$ envconsul -prefix apps/ledger -pristine -upcase env\n"
        "LEDGER_DB_USER=ledger\n"
        f"LEDGER_DB_PASSWORD={t}\n"
        "LEDGER_DB_HOST=pg-ledger.service.consul\n",
        t,
        "password",
        "LEDGER_DB_USER=ledger",
        "pg-ledger.service.consul",
    )
)

# GIT_TRACE_CURL (old git printed the header), GIT_CURL_VERBOSE
t = _basic("x-access-token", _ghs())
_s(
    _case(
        "$ GIT_TRACE_CURL=1 git fetch origin 2>&1 | grep -i '=> Send header'\n"
        "07:02:11.482915 http.c:845  => Send header: GET "
        "/kestrel/infra.git/info/refs?service=git-upload-pack HTTP/1.1\n"
        "07:02:11.482933 http.c:845  => Send header: Host: github.com\n"
        f"07:02:11.482941 http.c:845  => Send header: Authorization: Basic {t}\n",
        t,
        "authorization",
        "http.c:845",
        "kestrel/infra.git",
    )
)
t = _glpat()
_s(
    _case(
        "$ GIT_CURL_VERBOSE=1 git ls-remote "
        f"https://oauth2:{t}@gitlab.kestrel.dev/platform/terraform-modules.git\n"
        "* Couldn't find host gitlab.kestrel.dev in the .netrc file; using defaults\n"
        "*   Trying 10.20.4.11:443...\n",
        t,
        "gitlab_token",
        "gitlab.kestrel.dev",
        "terraform-modules.git",
    )
)

# load testers: ab, hey, vegeta, oha, xh, websocat, ghz, artillery, wrk, siege
t = _pw(14)
_s(
    _case(
        f"$ ab -n 2000 -c 50 -A loadtest:{t} https://staging.kestrel.dev/api/health\n"
        "This is ApacheBench, Version 2.3 <$Revision: 1913912 $>\n"
        "Benchmarking staging.kestrel.dev (be patient)\n",
        t,
        "password",
        "loadtest",
        "staging.kestrel.dev",
    )
)
t = _r(40, URLSAFE)
_s(
    _case(
        f"$ hey -z 30s -c 20 -H 'Authorization: Bearer {t}' "
        "https://api-staging.kestrel.dev/v2/orders\n"
        "Summary:\n  Total:\t30.0121 secs\n  Slowest:\t0.8812 secs\n  Requests/sec:\t412.3811\n",
        t,
        "authorization",
        "api-staging.kestrel.dev",
        "Requests/sec",
    )
)
t = _jwt({"sub": "svc-loadgen", "aud": "orders-api", "exp": 1796112000})
_s(
    _case(
        "# targets.http for vegeta attack -targets=targets.http -rate=200/s\n"
        "GET https://orders.staging.kestrel.dev/v2/orders?limit=50\n"
        f"Authorization: Bearer {t}\n"
        "X-Tenant: acme\n\n"
        "POST https://orders.staging.kestrel.dev/v2/orders\n"
        "Content-Type: application/json\n"
        "@body.json\n",
        t,
        "jwt",
        "orders.staging.kestrel.dev",
        "X-Tenant: acme",
    )
)
t = _r(32, HEX)
_s(
    _case(
        f"$ oha -z 20s -H 'X-Api-Key: {t}' https://geo.kestrel.dev/v1/lookup?ip=1.1.1.1\n"
        "Summary:\n  Success rate:\t100.00%\n  Total:\t20.0008 secs\n",
        t,
        "secret",
        "geo.kestrel.dev",
        "Success rate",
    )
)
t = _xoxp()
_s(
    _case(
        f"$ xh POST slack.com/api/chat.postMessage Authorization:'Bearer {t}' channel=C07QX1L2M "
        "text='deploy done'\n"
        "HTTP/2.0 200 OK\ncontent-type: application/json; charset=utf-8\n\n"
        '{\n    "ok": true,\n    "channel": "C07QX1L2M"\n}',
        t,
        "slack_token",
        "chat.postMessage",
        "C07QX1L2M",
    )
)
t = _r(48, URLSAFE)
_s(
    _case(
        f"$ websocat -H='Sec-WebSocket-Protocol: access_token.{t}' "
        "wss://stream.kestrel.dev/v1/ticks\n"
        '{"type":"hello","server":"ticks-7f9c"}\n',
        t,
        "secret",
        "stream.kestrel.dev",
        "ticks-7f9c",
    )
)
t = _jwt({"sub": "ghz-bench", "scope": "inventory.read", "exp": 1796112000})
_s(
    _case(
        "$ ghz --insecure --proto ./proto/inventory.proto --call inventory.v1.Inventory/GetStock "
        "\\\n"
        '    -d \'{"sku":"KS-1042"}\' \\\n'
        f'    -m \'{{"authorization":"Bearer {t}"}}\' \\\n'
        "    -n 5000 -c 40 inventory.staging.kestrel.dev:443\n",
        t,
        "jwt",
        "inventory.v1.Inventory/GetStock",
        "inventory.staging.kestrel.dev",
    )
)
t = _r(36, URLSAFE)
_s(
    _case(
        "config:\n"
        '  target: "https://checkout.staging.kestrel.dev"\n'
        "  phases:\n    - duration: 120\n      arrivalRate: 15\n"
        "  defaults:\n    headers:\n"
        f'      x-api-key: "{t}"\n'
        'scenarios:\n  - flow:\n      - get:\n          url: "/cart"\n',
        t,
        "secret",
        "checkout.staging.kestrel.dev",
        "arrivalRate",
    )
)
t = _pw(18)
_s(
    _case(
        "-- auth.lua for: wrk -t4 -c64 -d60s -s auth.lua https://pay.staging.kestrel.dev\n"
        'wrk.method = "POST"\n'
        'wrk.headers["Content-Type"] = "application/json"\n'
        f'wrk.body = \'{{"username":"perf-bot","password":"{t}"}}\'\n',
        t,
        "password",
        "perf-bot",
        "wrk.method",
    )
)
t = _pw(15)
_s(
    _case(
        "# ~/.siegerc\n"
        "verbose = false\n"
        "concurrent = 25\n"
        f"login = qa-runner:{t}\n"
        "protocol = HTTP/1.1\n",
        t,
        "password",
        "qa-runner",
        "concurrent = 25",
    )
)
t = _pw(16)
_s(
    _case(
        f"$ aria2c -x 8 --http-user=mirror --http-passwd='{t}' \\\n"
        "    https://mirror.kestrel.dev/datasets/weather-2025.parquet\n"
        "[#a1c9e2 1.2GiB/4.8GiB(25%) CN:8 DL:98MiB ETA:37s]\n",
        t,
        "password",
        "mirror.kestrel.dev",
        "--http-user=mirror",
    )
)

# archive and crypto tools with a password on the command line
t = _pw(20)
_s(
    _case(
        "$ history | tail -4\n"
        " 2011  openssl enc -aes-256-cbc -pbkdf2 -salt -in backup.sql -out backup.sql.enc -pass "
        f"pass:{t}\n"
        " 2012  rclone copy backup.sql.enc b2:kestrel-backups/\n",
        t,
        "password",
        "backup.sql.enc",
        "kestrel-backups",
    )
)
t = _pw(24)
_s(
    _case(
        "#!/usr/bin/env bash\nset -euo pipefail\n"
        f'gpg --batch --yes --pinentry-mode loopback --passphrase "{t}" \\\n'
        "    --decrypt secrets/prod.env.gpg > .env\n",
        t,
        "password",
        "prod.env.gpg",
        "pinentry-mode",
    )
)
t = _pw(16)
_s(
    _case(
        f"PS C:\\builds> & 'C:\\Program Files\\7-Zip\\7z.exe' a -t7z -mhe=on -p{t} "
        "release-2026.12.7z .\\out\\*\n"
        "7-Zip 24.08 (x64) : Copyright (c) 1999-2024 Igor Pavlov\nEverything is Ok\n",
        t,
        "password",
        "release-2026.12.7z",
        "7-Zip",
    )
)
t = _pw(12)
_s(
    _case(
        f"$ zip -r -P '{t}' handover-logs.zip logs/ && scp handover-logs.zip "
        "vendor@sftp.partner.example:/in/\n",
        t,
        "password",
        "handover-logs.zip",
        "vendor@sftp.partner.example",
    )
)
t = _pw(18)
_s(
    _case(
        "$ ldapwhoami -x -H ldaps://ldap.kestrel.dev -D "
        f"'cn=svc-wiki,ou=services,dc=kestrel,dc=dev' -w '{t}'\n"
        "dn:cn=svc-wiki,ou=services,dc=kestrel,dc=dev\n",
        t,
        "password",
        "cn=svc-wiki",
        "ldap.kestrel.dev",
    )
)

# editor and database-client configs
t = _pw(16)
u = _pw(14)
_s(
    _case(
        '" ~/.vimrc\n'
        "let g:dbs = {\n"
        f"\\ 'orders_dev': 'postgres://orders:{t}@localhost:5433/orders',\n"
        f"\\ 'warehouse': 'mysql://analyst:{u}@wh-replica.kestrel.dev/warehouse',\n"
        "\\ }\n",
        (t, u),
        "password",
        "g:dbs",
        "wh-replica.kestrel.dev",
    )
)
t = _pw(17)
_s(
    _case(
        "(setq sql-connection-alist\n"
        "      '((billing-prod (sql-product 'postgres)\n"
        '                      (sql-server "billing-ro.kestrel.dev")\n'
        '                      (sql-user "readonly")\n'
        f'                      (sql-password "{t}")\n'
        '                      (sql-database "billing"))))\n',
        t,
        "password",
        "sql-connection-alist",
        "billing-ro.kestrel.dev",
    )
)
t = _pw(15)
_s(
    _case(
        "# ~/.config/pgcli/config\n[alias_dsn]\n"
        f"ledger = postgresql://ledger_admin:{t}@pg-ledger.kestrel.dev:5432/ledger\n"
        "local = postgresql://postgres@localhost/postgres\n",
        t,
        "password",
        "ledger_admin",
        "pg-ledger.kestrel.dev",
    )
)
t = _pw(15)
_s(
    _case(
        f"# ~/.myclirc\n[alias_dsn]\nshop = mysql://shop_rw:{t}@mysql-shop.kestrel.dev:3306/shop\n",
        t,
        "password",
        "shop_rw",
        "mysql-shop.kestrel.dev",
    )
)
t = _r(28)
_s(
    _case(
        "# ~/.iredisrc\n[alias_dsn]\n"
        f"sessions = redis://default:{t}@redis-sessions.kestrel.dev:6380/2\n",
        t,
        "password",
        "redis-sessions.kestrel.dev",
        "alias_dsn",
    )
)
t = _pw(19)
_s(
    _case(
        "# ~/.config/usql/config.yaml\nconnections:\n"
        f"  reporting: sqlserver://report_user:{t}@mssql-rpt.kestrel.dev:1433/Reporting\n"
        "  scratch: sqlite3://./scratch.db\n",
        t,
        "password",
        "report_user",
        "mssql-rpt.kestrel.dev",
    )
)
t = _pw(16)
_s(
    _case(
        "# ~/.config/harlequin/config.toml\n[profiles.analytics]\n"
        'adapter = "postgres"\n'
        'host = "analytics-pg.kestrel.dev"\n'
        'user = "harlequin"\n'
        f'password = "{t}"\n'
        'dbname = "events"\n',
        t,
        "password",
        "analytics-pg.kestrel.dev",
        'user = "harlequin"',
    )
)
t = _pw(18)
_s(
    _case(
        '{\n  "Servers": {\n    "1": {\n      "Name": "orders-prod",\n      "Group": "Prod",\n'
        '      "Host": "orders-prod.kestrel.dev",\n      "Port": 5432,\n'
        '      "MaintenanceDB": "postgres",\n      "Username": "dba",\n'
        f'      "Password": "{t}",\n'
        '      "SSLMode": "require"\n    }\n  }\n}',
        t,
        "password",
        "orders-prod.kestrel.dev",
        '"Username": "dba"',
    )
)

# DuckDB ATTACH, Polars, ibis, Evidence, Rill, Cube
t = _pw(16)
_s(
    _case(
        "D ATTACH 'dbname=events host=pg-events.kestrel.dev user=duck "
        f"password={t}' AS events (TYPE postgres, READ_ONLY);\n"
        "D SELECT count(*) FROM events.public.page_views;\n",
        t,
        "password",
        "pg-events.kestrel.dev",
        "user=duck",
    )
)
t = _pw(14)
_s(
    _case(
        "import polars as pl\n\n"
        f'uri = "postgresql://etl:{t}@pg-warehouse.kestrel.dev:5432/warehouse"\n'
        'df = pl.read_database_uri("SELECT * FROM fact_orders WHERE day = CURRENT_DATE", uri)\n',
        t,
        "password",
        "read_database_uri",
        "pg-warehouse.kestrel.dev",
    )
)
t = _pw(20)
_s(
    _case(
        ">>> import ibis\n"
        f">>> con = ibis.connect('clickhouse://ibis:{t}@ch.kestrel.dev:8443/default?secure=true')\n"
        ">>> con.list_tables()[:3]\n['events', 'sessions', 'users']\n",
        t,
        "password",
        "ch.kestrel.dev",
        "ibis.connect",
    )
)
t = _pw(18)
_s(
    _case(
        "# sources/warehouse/connection.yaml (Evidence)\n"
        "name: warehouse\ntype: postgres\noptions:\n"
        "  host: pg-warehouse.kestrel.dev\n  database: warehouse\n  user: evidence_ro\n"
        f"  password: {t}\n  ssl: true\n",
        t,
        "password",
        "evidence_ro",
        "pg-warehouse.kestrel.dev",
    )
)
t = _pw(16)
_s(
    _case(
        "# connectors/clickhouse.yaml (Rill)\ntype: connector\ndriver: clickhouse\n"
        f'dsn: "clickhouse://rill:{t}@ch.kestrel.dev:9440/analytics?secure=true"\n',
        t,
        "password",
        "driver: clickhouse",
        "ch.kestrel.dev",
    )
)
t = _hex(64)
u = _pw(16)
_s(
    _case(
        "# .env for Cube\nCUBEJS_DB_TYPE=postgres\nCUBEJS_DB_HOST=pg-warehouse.kestrel.dev\n"
        f"CUBEJS_DB_USER=cube\nCUBEJS_DB_PASS={u}\nCUBEJS_API_SECRET={t}\nCUBEJS_DEV_MODE=false\n",
        (t, u),
        ("secret", "password"),
        "CUBEJS_DB_USER=cube",
        "CUBEJS_API_SECRET",
    )
)

# API test tools: Schemathesis, Dredd, Pact, Robot Framework, Karate, behave
t = _r(40)
_s(
    _case(
        "$ schemathesis run https://api-staging.kestrel.dev/openapi.json \\\n"
        f'    -H "Authorization: Token {t}" --checks all --workers 4\n'
        "Schemathesis v3.39.5\n━━━━━━━━━━━━━━━━━━━━━\nSchema location: "
        "https://api-staging.kestrel.dev/openapi.json\n",
        t,
        "authorization",
        "api-staging.kestrel.dev",
        "--checks all",
    )
)
t = _r(32)
_s(
    _case(
        "// hooks.js for dredd\nconst hooks = require('hooks');\n"
        "hooks.beforeEach((transaction) => {\n"
        f"  transaction.request.headers['X-Auth-Token'] = '{t}';\n"
        "});\n",
        t,
        "secret",
        "transaction.request.headers",
        "hooks.beforeEach",
    )
)
t = _r(22, URLSAFE)
_s(
    _case(
        "$ pact-broker publish ./pacts --consumer-app-version $(git rev-parse --short HEAD) \\\n"
        "    --broker-base-url https://kestrel.pactflow.io \\\n"
        f"    --broker-token {t} --branch main\n",
        t,
        "secret",
        "kestrel.pactflow.io",
        "--branch main",
    )
)
t = _pw(16)
_s(
    _case(
        "# resources/staging_vars.py (Robot Framework variable file)\n"
        'BASE_URL = "https://admin.staging.kestrel.dev"\n'
        'ADMIN_USER = "robot-admin"\n'
        f'ADMIN_PASSWORD = "{t}"\n'
        'BROWSER = "headlesschrome"\n',
        t,
        "password",
        "ADMIN_USER",
        "robot-admin",
    )
)
t = _r(40, URLSAFE)
_s(
    _case(
        "function fn() {\n  var env = karate.env || 'dev';\n"
        "  var config = { baseUrl: 'https://api-dev.kestrel.dev' };\n"
        "  if (env == 'qa') {\n"
        f"    config.apiToken = '{t}';\n"
        "  }\n  return config;\n}",
        t,
        "secret",
        "config.apiToken",
        "karate.env",
    )
)
t = _pw(14)
_s(
    _case(
        "# behave.ini\n[behave.userdata]\n"
        "base_url = https://shop.qa.kestrel.dev\n"
        "shopper_email = qa.shopper@kestrel.dev\n"
        f"shopper_password = {t}\n",
        t,
        "password",
        "qa.shopper@kestrel.dev",
        "behave.userdata",
    )
)

# app servers and web servers
t = _r(50, AN + "!@%^*(-_=+)")
_s(
    _case(
        "[uwsgi]\nmodule = portal.wsgi:application\nmaster = true\nprocesses = 4\n"
        f"env = DJANGO_SECRET_KEY={t}\n"
        "env = DJANGO_SETTINGS_MODULE=portal.settings.prod\n",
        t,
        "secret",
        "DJANGO_SETTINGS_MODULE",
        "portal.wsgi",
    )
)
t = _pw(20)
_s(
    _case(
        '# gunicorn.conf.py\nbind = "0.0.0.0:8000"\nworkers = 3\nraw_env = [\n'
        '    "APP_ENV=production",\n'
        f'    "DB_PASSWORD={t}",\n'
        "]\n",
        t,
        "password",
        "raw_env",
        "APP_ENV=production",
    )
)
t = _r(32)
_s(
    _case(
        "; /etc/php/8.3/fpm/pool.d/shop.conf\n[shop]\nuser = www-data\nlisten = "
        "/run/php/shop.sock\n"
        "env[APP_ENV] = prod\n"
        f"env[MOLLIE_KEY] = live_{t}\n",
        "live_" + t,
        "secret",
        "env[APP_ENV]",
        "/run/php/shop.sock",
    )
)
t = _pw(18)
_s(
    _case(
        "# public/.htaccess\nSetEnv APP_ENV production\n"
        "SetEnv DB_USER shop\n"
        f"SetEnv DB_PASS {t}\n"
        "RewriteEngine On\n",
        t,
        "password",
        "SetEnv DB_USER shop",
        "RewriteEngine",
    )
)
t = _r(40)
_s(
    _case(
        'server.modules += ( "mod_setenv" )\n'
        '$HTTP["url"] =~ "^/upstream/" {\n'
        f'  setenv.add-request-header = ( "X-Upstream-Key" => "{t}" )\n'
        "}\n",
        t,
        "secret",
        "X-Upstream-Key",
        "mod_setenv",
    )
)
t = _pw(16)
_s(
    _case(
        "# /etc/monit/monitrc\nset mailserver smtp.eu.mailgun.org port 587\n"
        f'    username "monit@mg.kestrel.dev" password "{t}"\n'
        "    using tls\nset alert ops@kestrel.dev\n",
        t,
        "password",
        "monit@mg.kestrel.dev",
        "smtp.eu.mailgun.org",
    )
)

# service managers: Quadlet, OpenRC, runit, environment.d, launchctl, NSSM, WinSW
t = _pw(22)
_s(
    _case(
        "# ~/.config/containers/systemd/nextcloud-db.container\n[Container]\n"
        "Image=docker.io/library/mariadb:11\n"
        "Environment=MARIADB_USER=nextcloud\n"
        f"Environment=MARIADB_PASSWORD={t}\n"
        "Volume=nc-db:/var/lib/mysql\n\n[Install]\nWantedBy=default.target\n",
        t,
        "password",
        "MARIADB_USER=nextcloud",
        "mariadb:11",
    )
)
t = _r(44, B64)
_s(
    _case(
        "# /etc/conf.d/grafana-agent\n"
        'GRAFANA_AGENT_OPTS="-config.file=/etc/grafana-agent.yaml"\n'
        f'export GCLOUD_RW_API_KEY="glc_{t}"\n',
        "glc_" + t,
        "secret",
        "GRAFANA_AGENT_OPTS",
        "GCLOUD_RW_API_KEY",
    )
)
t = _r(40)
_s(
    _case(
        "$ ls /etc/sv/ingest/env\nINGEST_BUCKET  INGEST_TOKEN  LOG_LEVEL\n"
        "$ cat /etc/sv/ingest/env/INGEST_TOKEN\n"
        f"{t}\n",
        t,
        "secret",
        "INGEST_TOKEN",
        "/etc/sv/ingest/env",
    )
)
t = "hf_" + _r(34)
_s(
    _case(
        "# ~/.config/environment.d/50-ml.conf\n"
        "HF_HOME=${HOME}/.cache/huggingface\n"
        f"HF_TOKEN={t}\n",
        t,
        "secret",
        "HF_HOME",
        "environment.d",
    )
)
t = _gh_pat()
_s(
    _case(
        "$ launchctl setenv HOMEBREW_GITHUB_API_TOKEN "
        f"{t}\n$ launchctl getenv HOMEBREW_GITHUB_API_TOKEN | cut -c1-12\n",
        t,
        "github_token",
        "launchctl setenv",
        "HOMEBREW_GITHUB_API_TOKEN",
    )
)
t = _pw(20)
_s(
    _case(
        "C:\\> nssm install KestrelWorker C:\\kestrel\\worker.exe\n"
        "C:\\> nssm set KestrelWorker AppEnvironmentExtra "
        f"QUEUE_URL=amqps://worker:{t}@mq.kestrel.dev/prod LOG_LEVEL=info\n"
        "KestrelWorker: Parameters\\AppEnvironmentExtra: OK\n",
        t,
        "password",
        "KestrelWorker",
        "mq.kestrel.dev",
    )
)
t = _r(36)
_s(
    _case(
        "<service>\n  <id>metrics-shipper</id>\n  <executable>shipper.exe</executable>\n"
        '  <env name="SHIPPER_ENDPOINT" value="https://ingest.kestrel.dev"/>\n'
        f'  <env name="SHIPPER_TOKEN" value="{t}"/>\n'
        "</service>",
        t,
        "secret",
        "SHIPPER_ENDPOINT",
        "metrics-shipper",
    )
)

# cloud dev environments
t = _sk_proj()
_s(
    _case(
        "$ gp env\n"
        "GIT_AUTHOR_EMAIL=dev@kestrel.dev\n"
        f"OPENAI_API_KEY={t}\n"
        "NPM_CONFIG_PREFIX=/workspace/.npm-global\n",
        t,
        "openai_key",
        "GIT_AUTHOR_EMAIL",
        "NPM_CONFIG_PREFIX",
    )
)
t = _glpat()
_s(
    _case(
        "$ devpod up github.com/kestrel/portal --provider kubernetes \\\n"
        f"    --workspace-env GITLAB_TOKEN={t} --ide vscode\n"
        "info Creating devcontainer...\n",
        t,
        "gitlab_token",
        "devpod up",
        "github.com/kestrel/portal",
    )
)
t = "dtn_" + _hex(64)
_s(
    _case(
        "$ daytona config set --api-url https://daytona.kestrel.dev/api "
        f"--api-key {t}\n"
        "✓ Configuration saved\n",
        t,
        "secret",
        "daytona.kestrel.dev",
        "Configuration saved",
    )
)

# log lines: pino, bunyan, Monolog, log4j2, glog, logfmt, logcli, Rails
t = _jwt({"sub": "u_81923", "role": "admin", "exp": 1796112000}, alg="HS256")
_s(
    _case(
        "[07:14:02.118] INFO (api/4121): incoming request\n"
        "    req: {\n"
        '      "method": "GET",\n      "url": "/v1/admin/users",\n'
        f'      "headers": {{ "host": "api.kestrel.dev", "authorization": "Bearer {t}" }}\n'
        "    }\n",
        t,
        "jwt",
        "api.kestrel.dev",
        "/v1/admin/users",
    )
)
t = _pw(18)
_s(
    _case(
        '{"name":"mailer","hostname":"mailer-6d9c","pid":88,"level":50,'
        '"msg":"SMTP login failed","smtp":{"host":"smtp.kestrel.dev","user":"noreply@kestrel.dev",'
        f'"pass":"{t}"}},"time":"2026-12-01T06:58:11.204Z","v":0}}',
        t,
        "password",
        "mailer-6d9c",
        "noreply@kestrel.dev",
    )
)
t = _r(32)
_s(
    _case(
        "[2026-12-01T06:40:12.553+00:00] app.ERROR: Guzzle request failed "
        '{"uri":"https://api.sendcloud.sc/api/v2/parcels","headers":{"Authorization":["Basic '
        f'{_basic("sc_pub_3c1e", t)}"]}}}} []',
        _basic("sc_pub_3c1e", t),
        "authorization",
        "app.ERROR",
        "api.sendcloud.sc",
    )
)
t = _pw(20)
_s(
    _case(
        "2026-12-01 06:31:07,412 DEBUG [main] o.a.k.c.c.ConsumerConfig - ConsumerConfig values:\n"
        "\tbootstrap.servers = [kafka-1.kestrel.dev:9093]\n"
        "\tsasl.mechanism = SCRAM-SHA-512\n"
        "\tsasl.jaas.config = org.apache.kafka.common.security.scram.ScramLoginModule required "
        f'username="orders-consumer" password="{t}";\n',
        t,
        "password",
        "orders-consumer",
        "kafka-1.kestrel.dev",
    )
)
t = _r(40, URLSAFE)
_s(
    _case(
        "I1201 06:12:44.019231   20811 client.go:212] refreshing token for "
        "https://registry.kestrel.dev\n"
        f"I1201 06:12:44.019402   20811 client.go:219] got token {t} (expires in 300s)\n",
        t,
        "secret",
        "client.go:219",
        "registry.kestrel.dev",
    )
)
t = _pw(16)
_s(
    _case(
        'time=2026-12-01T06:22:51Z level=debug msg="dialing upstream" component=pgproxy '
        f'dsn="host=pg-ledger.kestrel.dev user=proxy password={t} sslmode=verify-full"',
        t,
        "password",
        "component=pgproxy",
        "pg-ledger.kestrel.dev",
    )
)
t = _r(40)
_s(
    _case(
        '$ logcli query \'{app="webhook-relay"} |= "forwarding"\' --since=1h --limit=2\n'
        '2026-12-01T06:50:03Z {app="webhook-relay", pod="webhook-relay-7c8d"} forwarding to '
        f"https://hooks.kestrel.dev/in?token={t} status=202\n",
        t,
        "secret",
        "webhook-relay-7c8d",
        "hooks.kestrel.dev",
    )
)
t = _pw(14)
_s(
    _case(
        'Started POST "/api/v1/sessions" for 10.4.2.19 at 2026-12-01 06:44:10 +0000\n'
        "Processing by Api::V1::SessionsController#create as JSON\n"
        '  Parameters: {"session"=>{"email"=>"ines@kestrel.dev", '
        f'"password"=>"{t}"}}}}\n',
        t,
        "password",
        "SessionsController#create",
        "ines@kestrel.dev",
    )
)

# code in languages no other split lists
t = _sk_ant()
_s(
    _case(
        "import gleam/http/request\nimport gleam/httpc\n\n"
        "pub fn complete(prompt: String) {\n"
        '  request.new()\n  |> request.set_host("api.anthropic.com")\n'
        f'  |> request.set_header("x-api-key", "{t}")\n'
        "  |> httpc.send\n}\n",
        t,
        "anthropic_key",
        "request.set_header",
        "api.anthropic.com",
    )
)
t = _pw(18)
_s(
    _case(
        '# src/db.cr\nrequire "db"\nrequire "pg"\n\n'
        'DB_URL = ENV.fetch("DATABASE_URL", '
        f'"postgres://crystal:{t}@pg.kestrel.dev/blog")\n'
        'DB.open(DB_URL) { |db| puts db.scalar("select 1") }\n',
        t,
        "password",
        "DATABASE_URL",
        "pg.kestrel.dev",
    )
)
t = _xoxb()
_s(
    _case(
        "#lang racket\n(require net/http-easy)\n\n"
        f'(define slack-token "{t}")\n'
        '(post "https://slack.com/api/chat.postMessage"\n'
        "      #:auth (bearer-auth slack-token)\n"
        '      #:json (hasheq \'channel "#deploys" \'text "racket says hi"))\n',
        t,
        "slack_token",
        "slack-token",
        "#deploys",
    )
)
t = _pw(20)
_s(
    _case(
        ';; resources/config.edn (aero)\n{:db {:host #or [#env DB_HOST "pg.kestrel.dev"]\n'
        '      :user "ledger"\n'
        f'      :password #or [#env DB_PASSWORD "{t}"]}}\n'
        " :port #long #or [#env PORT 3000]}\n",
        t,
        "password",
        ':user "ledger"',
        "#env DB_PASSWORD",
    )
)
t = _r(32)
_s(
    _case(
        "use Cro::HTTP::Client;\n\n"
        f"my $api-key = '{t}';\n"
        "my $resp = await Cro::HTTP::Client.get: 'https://api.openweathermap.org/data/3.0/onecall'"
        ",\n"
        "    query => { lat => 52.1, lon => 5.1, appid => $api-key };\n",
        t,
        "secret",
        "$api-key",
        "Cro::HTTP::Client",
    )
)
t = _pw(16)
_s(
    _case(
        "with GNATCOLL.SQL.Postgres;\n\n"
        "   DB_Descr : constant Database_Description :=\n"
        "     GNATCOLL.SQL.Postgres.Setup\n"
        '       (Database => "telemetry", User => "ada_app", Host => "pg-tel.kestrel.dev",\n'
        f'        Password => "{t}");\n',
        t,
        "password",
        "ada_app",
        "pg-tel.kestrel.dev",
    )
)
t = _r(32, HEX)
_s(
    _case(
        "&download_config\n"
        "  server_url = 'https://cds.climate.kestrel.dev/api'\n"
        "  dataset    = 'reanalysis-era5-single-levels'\n"
        f"  api_key    = '{t}'\n"
        "  max_retries = 5\n/\n",
        t,
        "secret",
        "download_config",
        "reanalysis-era5-single-levels",
    )
)
t = _pw(12)
_s(
    _case(
        "       IDENTIFICATION DIVISION.\n       PROGRAM-ID. PAYEXTR.\n"
        "       WORKING-STORAGE SECTION.\n"
        "       01 WS-DB-USER     PIC X(8)  VALUE 'PAYBATCH'.\n"
        f"       01 WS-DB-PASSWORD PIC X(12) VALUE '{t}'.\n"
        "           EXEC SQL CONNECT :WS-DB-USER IDENTIFIED BY :WS-DB-PASSWORD END-EXEC.\n",
        t,
        "password",
        "WS-DB-USER",
        "PAYBATCH",
    )
)
t = _pw(16)
_s(
    _case(
        "Sub RefreshSales()\n"
        "    Dim cn As New ADODB.Connection\n"
        '    cn.Open "Provider=MSOLEDBSQL;Data Source=sql-fin.kestrel.local;" & _\n'
        '            "Initial Catalog=Sales;User ID=excel_report;" & _\n'
        f'            "Password={t};"\n'
        "End Sub\n",
        t,
        "password",
        "excel_report",
        "sql-fin.kestrel.local",
    )
)
t = _pw(14)
_s(
    _case(
        "; vpn.ahk\n#Requires AutoHotkey v2.0\n^!v:: {\n"
        '    Run "C:\\Program Files\\OpenVPN Connect\\OpenVPNConnect.exe"\n'
        '    WinWaitActive "OpenVPN Connect"\n'
        f'    Send "jmeyer{{Tab}}{t}{{Enter}}"\n'
        "}\n",
        t,
        "password",
        "jmeyer",
        "OpenVPN Connect",
    )
)
t = _pw(16)
_s(
    _case(
        'do shell script "/usr/local/bin/mount_smbfs //'
        + "nas-admin:"
        + t
        + '@nas.home.arpa/media /Volumes/media" \n'
        'display notification "media mounted" with title "NAS"\n',
        t,
        "password",
        "nas-admin",
        "nas.home.arpa",
    )
)
t = _pw(18)
_s(
    _case(
        "object FDConnection1: TFDConnection\n"
        "  Params.Strings = (\n"
        "    'Database=C:\\Data\\STOCK.FDB'\n"
        "    'User_Name=SYSDBA'\n"
        f"    'Password={t}'\n"
        "    'Server=fb.kestrel.local'\n"
        "    'DriverID=FB')\n"
        "  LoginPrompt = False\nend\n",
        t,
        "password",
        "User_Name=SYSDBA",
        "fb.kestrel.local",
    )
)
t = _r(32)
_s(
    _case(
        "Imports System.Net.Http\n\nModule Geo\n"
        f'    Private Const ApiKey As String = "{t}"\n'
        "    Sub Main()\n"
        "        Using client As New HttpClient()\n"
        '            client.DefaultRequestHeaders.Add("X-Api-Key", ApiKey)\n'
        "        End Using\n    End Sub\nEnd Module\n",
        t,
        "secret",
        "Module Geo",
        "DefaultRequestHeaders",
    )
)
t = _pw(16)
_s(
    _case(
        "@Grab('org.postgresql:postgresql:42.7.4')\nimport groovy.sql.Sql\n\n"
        "def sql = Sql.newInstance('jdbc:postgresql://pg-reports.kestrel.dev/reports', "
        "'groovy_etl',\n"
        f"        '{t}', 'org.postgresql.Driver')\n",
        t,
        "password",
        "groovy_etl",
        "pg-reports.kestrel.dev",
    )
)
t = _pw(14)
_s(
    _case(
        "package require http\npackage require tls\n"
        "http::register https 443 ::tls::socket\n"
        f'set auth [binary encode base64 "monitor:{t}"]\n'
        "set tok [http::geturl https://rabbit.kestrel.dev:15672/api/overview -headers [list "
        'Authorization "Basic $auth"]]\n',
        t,
        "password",
        "rabbit.kestrel.dev",
        "http::geturl",
    )
)
t = "0x" + _hex(64)
_s(
    _case(
        "$ forge script script/Deploy.s.sol:DeployVault \\\n"
        "    --rpc-url https://sepolia.kestrel-rpc.dev \\\n"
        f"    --private-key {t} \\\n"
        "    --broadcast --verify\n",
        t,
        "private_key",
        "DeployVault",
        "sepolia.kestrel-rpc.dev",
    )
)
t = "0x" + _hex(64)
_s(
    _case(
        "# .aptos/config.yaml\n---\nprofiles:\n  default:\n    network: Testnet\n"
        f'    private_key: "ed25519-priv-{t}"\n'
        '    public_key: "ed25519-pub-0x' + _hex(64) + '"\n'
        "    account: 7a1e" + _hex(60) + "\n"
        '    rest_url: "https://fullnode.testnet.aptoslabs.com"\n',
        "ed25519-priv-" + t,
        "private_key",
        "network: Testnet",
        "fullnode.testnet.aptoslabs.com",
    )
)
t = _r(40)
_s(
    _case(
        "import net.http\n\nfn main() {\n"
        "\tmut req := http.new_request(.get, 'https://api.kestrel.dev/v1/me', '')\n"
        f"\treq.add_custom_header('X-Api-Token', '{t}') or {{ panic(err) }}\n"
        "\tresp := req.do()!\n\tprintln(resp.status_code)\n}\n",
        t,
        "secret",
        "http.new_request",
        "api.kestrel.dev",
    )
)
t = _pw(18)
_s(
    _case(
        'package main\n\nimport "core:fmt"\n\n'
        'DB_USER :: "odin_svc"\n'
        f'DB_PASS :: "{t}"\n\n'
        'main :: proc() {\n    fmt.println("connecting as", DB_USER)\n}\n',
        t,
        "password",
        "DB_USER",
        "odin_svc",
    )
)

# diffs, tracebacks, escaped and encoded forms in everyday tools
t = _pw(20)
_s(
    _case(
        "diff --git a/deploy/quadlet/keycloak.container b/deploy/quadlet/keycloak.container\n"
        "@@ -6,3 +6,4 @@ Image=quay.io/keycloak/keycloak:26.0\n"
        " Environment=KC_DB=postgres\n"
        " Environment=KC_DB_USERNAME=keycloak\n"
        f"+Environment=KC_DB_PASSWORD={t}\n"
        " PublishPort=8443:8443\n",
        t,
        "password",
        "KC_DB_USERNAME=keycloak",
        "keycloak.container",
    )
)
t = _ghp()
_s(
    _case(
        "diff --git a/.devcontainer/devcontainer.json b/.devcontainer/devcontainer.json\n"
        "@@ -11,6 +11,9 @@\n"
        '   "remoteEnv": {\n'
        '-    "GH_TOKEN": "${localEnv:GH_TOKEN}"\n'
        f'+    "GH_TOKEN": "{t}"\n'
        "   },\n",
        t,
        "github_token",
        "remoteEnv",
        "localEnv:GH_TOKEN",
    )
)
t = _pw(16)
_s(
    _case(
        "Traceback (most recent call last):\n"
        '  File "/srv/app/jobs/sync.py", line 41, in <module>\n'
        "    ftp.login(user, password)\n"
        '  File "/usr/lib/python3.12/ftplib.py", line 421, in login\n'
        "    resp = self.sendcmd('PASS ' + passwd)\n"
        f"ftplib.error_perm: 530 Login incorrect. (user='edi-upload', passwd='{t}')\n",
        t,
        "password",
        "edi-upload",
        "ftplib.error_perm",
    )
)
t = _r(44, B64)
_s(
    _case(
        "thread 'main' panicked at src/storage.rs:58:14:\n"
        'called `Result::unwrap()` on an `Err` value: Auth("invalid key: '
        f'AccountKey={t}== for account kestrelmedia")\n'
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n",
        t + "==",
        "secret",
        "src/storage.rs:58:14",
        "kestrelmedia",
    )
)
t = _pw(18)
_s(
    _case(
        '{"level":"info","msg":"config loaded","config":"{\\"smtp\\":{\\"host\\":\\"smtp.kestrel.d'
        'ev\\",'
        f'\\"username\\":\\"alerts\\",\\"password\\":\\"{t}\\"}}}}"}}',
        t,
        "password",
        "smtp.kestrel.dev",
        "config loaded",
    )
)
t = _sk_proj()
u = base64.b64encode(f"OPENAI_API_KEY={t}\nMODEL=gpt-4.1-mini\n".encode()).decode()
_s(
    _case(
        f"$ kubectl get secret summarizer-env -n ml -o jsonpath='{{.data.\\.env}}'\n{u}\n",
        u,
        "openai_key",
        "summarizer-env",
        "-n ml",
    )
)
t = _pw(16)
_s(
    _case(
        "| env     | host                       | user     | password |\n"
        "|---------|----------------------------|----------|----------|\n"
        f"| staging | mq-staging.kestrel.dev     | ingest   | {t} |\n"
        "| prod    | mq.kestrel.dev             | ingest   | (vault)  |\n",
        t,
        "password",
        "mq-staging.kestrel.dev",
        "(vault)",
    )
)
t = _r(32, HEX)
_s(
    _case(
        '10.3.1.4 - - [01/Dec/2026:06:41:02 +0000] "GET /v1/tiles/12/2104/1360.png?'
        f'style=dark&api_key={t} HTTP/1.1" 200 18211 "-" "Leaflet/1.9"',
        t,
        "secret",
        "/v1/tiles/12/2104/1360.png",
        "Leaflet/1.9",
    )
)
t = _r(40, URLSAFE)
_s(
    _case(
        "$ curl -s https://api.kestrel.dev/v1/export \\\n"
        "    -H 'Accept: text/csv' \\\n"
        f"    -H 'Authorization: ApiKey {t}' \\\n"
        "    -o export.csv\n",
        t,
        "authorization",
        "api.kestrel.dev/v1/export",
        "export.csv",
    )
)
t = _gh_pat()
_s(
    _case(
        "user: the renovate job keeps failing, here's the config I'm using\n"
        "```js\nmodule.exports = {\n  platform: 'github',\n"
        f"  token: '{t}',\n"
        "  repositories: ['kestrel/portal'],\n};\n```",
        t,
        "github_token",
        "platform: 'github'",
        "kestrel/portal",
    )
)
t = _xoxb()
_s(
    _case(
        "$ heroku run -a kestrel-bot -- printenv SLACK_BOT_TOKEN\n"
        "Running printenv SLACK_BOT_TOKEN on ⬢ kestrel-bot... up, run.4281 (Basic)\n"
        f"{t}\n",
        t,
        "slack_token",
        "kestrel-bot",
        "run.4281",
    )
)
t = _slack_hook()
_s(
    _case(
        "# Taskfile notify step, rendered by `task --dry notify`\n"
        "task: [notify] curl -sf -X POST -H 'Content-type: application/json' --data "
        f'\'{{"text":"build ok"}}\' {t}\n',
        t,
        "slack_webhook",
        "task: [notify]",
        "build ok",
    )
)
t = _aiza()
_s(
    _case(
        "E/Volley: [412] BasicNetwork.performRequest: Unexpected response code 403 for "
        f"https://translation.googleapis.com/language/translate/v2?key={t}&target=nl\n",
        t,
        "google_api_key",
        "BasicNetwork.performRequest",
        "translation.googleapis.com",
    )
)
t = _key("RSA PRIVATE KEY", 1190)
_s(
    _case(
        "$ cat deploy/keys/sftp_partner_id_rsa\n"
        + t
        + "\n$ chmod 600 deploy/keys/sftp_partner_id_rsa\n",
        t,
        "private_key",
        "sftp_partner_id_rsa",
        "chmod 600",
    )
)
t = _key("EC PRIVATE KEY", 121)
_s(
    _case(
        "signing:\n  key_id: kst-2026-11\n  algorithm: ES256\n  private_key: |\n"
        + "\n".join("    " + line for line in t.splitlines())
        + "\n",
        tuple(line for line in t.splitlines() if "-----" not in line),
        "private_key",
        "key_id: kst-2026-11",
        "ES256",
    )
)
t = _jwt(
    {"iss": "https://auth.kestrel.dev", "sub": "svc-billing", "aud": "ledger", "exp": 1796112000}
)
_s(
    _case(
        ">>> r = requests.get('https://ledger.kestrel.dev/v1/balances', headers=hdrs)\n"
        ">>> r.request.headers\n"
        "{'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, deflate', "
        f"'Authorization': 'Bearer {t}'}}\n",
        t,
        "jwt",
        "ledger.kestrel.dev",
        "python-requests/2.32.3",
    )
)
t = _akia()
u = _aws_secret()
_s(
    _case(
        "[wasabi]\n"
        f"aws_access_key_id = {t}\n"
        f"aws_secret_access_key = {u}\n"
        "endpoint_url = https://s3.eu-central-2.wasabisys.com\n",
        (t, u),
        ("aws_access_key", "aws_secret_key"),
        "[wasabi]",
        "s3.eu-central-2.wasabisys.com",
    )
)

# --- providers and tools no other split lists -----------------------------------------------

# European clouds and registrars, lego and ddclient
t = _r(64, URLSAFE)
_s(
    _case(
        "$ stackit auth activate-service-account --service-account-token "
        f"{t}\nYou have been successfully authenticated to the STACKIT CLI!\n",
        t,
        "secret",
        "stackit auth activate-service-account",
        "STACKIT CLI",
    )
)
t = _jwt({"iss": "ionoscloud", "kid": _uuid(), "exp": 1827648000})
_s(
    _case(
        f"$ export IONOS_TOKEN={t}\n$ ionosctl datacenter list\n"
        "DatacenterId                           Name        Location\n",
        t,
        "jwt",
        "IONOS_TOKEN",
        "ionosctl datacenter list",
    )
)
t = _pw(20)
_s(
    _case(
        "# clouds.yaml for Open Telekom Cloud\nclouds:\n  otc:\n    auth:\n"
        "      auth_url: https://iam.eu-de.otc.t-systems.com/v3\n"
        "      username: ci-deployer\n"
        f"      password: '{t}'\n"
        "      project_name: eu-de_kestrel\n      user_domain_name: "
        "OTC-EU-DE-00000000001000012345\n",
        t,
        "password",
        "ci-deployer",
        "iam.eu-de.otc.t-systems.com",
    )
)
t = _uuid()
u = _r(64, LOWER_AN)
_s(
    _case(
        f'provider "gridscale" {{\n  uuid  = "{t}"\n  token = "{u}"\n}}\n',
        u,
        "secret",
        'provider "gridscale"',
        "uuid",
    )
)
t = _r(32, LOWER_AN)
_s(
    _case(
        f"$ curl -H 'Authorization: Bearer {t}' https://api.cloudscale.ch/v1/servers | jq "
        "'.[].name'\n"
        '"web-1"\n"web-2"\n',
        t,
        "authorization",
        "api.cloudscale.ch",
        '"web-1"',
    )
)
t = _r(80, URLSAFE)
_s(
    _case(
        f"# infomaniak.ini for certbot-dns-infomaniak\ndns_infomaniak_token = {t}\n",
        t,
        "secret",
        "dns_infomaniak_token",
        "certbot-dns-infomaniak",
    )
)
t = _r(32, AN)
u = _r(30, AN)
_s(
    _case(
        "$ NETCUP_CUSTOMER_NUMBER=284113 \\\n"
        f"  NETCUP_API_KEY={t} \\\n"
        f"  NETCUP_API_PASSWORD={u} \\\n"
        "  lego --email ops@kestrel.dev --dns netcup --domains '*.kestrel.dev' run\n",
        (t, u),
        ("secret", "password"),
        "NETCUP_CUSTOMER_NUMBER=284113",
        "ops@kestrel.dev",
    )
)
t = _pw(18)
_s(
    _case(
        "$ INWX_USERNAME=kestrel-dns INWX_PASSWORD='"
        f"{t}' lego --dns inwx -d kestrel.dev -d '*.kestrel.dev' renew\n",
        t,
        "password",
        "INWX_USERNAME=kestrel-dns",
        "lego --dns inwx",
    )
)
t = f"{_r(6, DIGITS)}${_hex(64)}"
_s(
    _case(
        "$ curl -s https://api.gcore.com/cdn/resources \\\n"
        f"    -H 'Authorization: APIKey {t}' | jq length\n12\n",
        t,
        "authorization",
        "api.gcore.com/cdn/resources",
        "jq length",
    )
)
t = _pw(20)
_s(
    _case(
        "$ upctl account show\nError: authentication failed\n"
        "$ export UPCLOUD_USERNAME=kestrel-api\n"
        f"$ export UPCLOUD_PASSWORD='{t}'\n",
        t,
        "password",
        "UPCLOUD_USERNAME=kestrel-api",
        "upctl account show",
    )
)
t = _r(50)
_s(
    _case(
        f"$ civo apikey save ci {t}\nSaved the API Key {t} as ci\n$ civo apikey current ci\n",
        t,
        "secret",
        "civo apikey save ci",
        "civo apikey current",
    )
)
t = _r(32)
u = _pw(16)
_s(
    _case(
        "$ cntb config set-credentials \\\n"
        "    --oauth2-clientid=INT-11872231 \\\n"
        f"    --oauth2-client-secret={t} \\\n"
        "    --oauth2-user=ops@kestrel.dev \\\n"
        f"    --oauth2-password='{u}'\n",
        (t, u),
        ("secret", "password"),
        "INT-11872231",
        "ops@kestrel.dev",
    )
)
t = _uuid()
_s(
    _case(
        "$ curl -s https://api.leaseweb.com/bareMetals/v2/servers?limit=5 \\\n"
        f"    -H 'X-LSW-Auth: {t}' | jq '.servers[].id'\n",
        t,
        "secret",
        "api.leaseweb.com",
        "X-LSW-Auth",
    )
)
t = _hex(32)
u = _hex(32)
_s(
    _case(
        "$ cat ~/.config/clever-cloud/clever-tools.json\n"
        f'{{"token":"{t}","secret":"{u}","expirationDate":"2027-11-30T22:00:00.000Z"}}\n',
        (t, u),
        "secret",
        "clever-tools.json",
        "expirationDate",
    )
)
t = _r(43, URLSAFE)
_s(
    _case(
        f"$ UPSUN_CLI_TOKEN={t} upsun environment:list -p 7ohbcmyqwzp4i\n"
        "+---------+---------+--------+\n| ID      | Title   | Status |\n",
        t,
        "secret",
        "UPSUN_CLI_TOKEN",
        "7ohbcmyqwzp4i",
    )
)
t = _pw(18)
_s(
    _case(
        "# /etc/ddclient.conf\ndaemon=300\nssl=yes\nuse=web, web=checkip.dyndns.org\n"
        "protocol=dyndns2\nserver=dynupdate.no-ip.com\nlogin=kestrel-home\n"
        f"password='{t}'\nhome.kestrel.ddns.net\n",
        t,
        "password",
        "login=kestrel-home",
        "dynupdate.no-ip.com",
    )
)

# scraping and AI APIs
t = "apify_api_" + _r(36)
_s(
    _case(
        "from apify_client import ApifyClient\n\n"
        f'client = ApifyClient("{t}")\n'
        'run = client.actor("apify/website-content-crawler").call(run_input={"startUrls": '
        '[{"url": "https://kestrel.dev"}]})\n',
        t,
        "secret",
        "ApifyClient",
        "apify/website-content-crawler",
    )
)
t = _r(80, UPPER_AN)
_s(
    _case(
        "$ curl -G https://app.scrapingbee.com/api/v1/ \\\n"
        f"    -d api_key={t} \\\n"
        "    --data-urlencode url=https://shop.example.org/p/42 -d render_js=false\n",
        t,
        "secret",
        "app.scrapingbee.com",
        "render_js=false",
    )
)
t = _hex(40)
_s(
    _case(
        "import requests\n\n"
        "proxy = "
        f'"http://{t}:js_render=true&premium_proxy=true@api.zenrows.com:8001"\n'
        'r = requests.get("https://www.example.org/pricing", proxies={"http": proxy, "https": '
        "proxy}, verify=False)\n",
        t,
        "secret",
        "api.zenrows.com:8001",
        "premium_proxy=true",
    )
)
t = _r(12, LOWER_AN)
_s(
    _case(
        "$ curl -i --proxy brd.superproxy.io:33335 \\\n"
        f"    --proxy-user brd-customer-hl_5f2a91c3-zone-datacenter_proxy1:{t} \\\n"
        "    -k https://geo.brdtest.com/welcome.txt\n",
        t,
        "password",
        "brd-customer-hl_5f2a91c3-zone-datacenter_proxy1",
        "brd.superproxy.io",
    )
)
t = _hex(64)[:36]
_s(
    _case(
        "const browser = await puppeteer.connect({\n"
        f"  browserWSEndpoint: `wss://production-sfo.browserless.io?token={t}&stealth=true`,\n"
        "});\n",
        t,
        "secret",
        "production-sfo.browserless.io",
        "puppeteer.connect",
    )
)
t = "ste-" + _r(80)
_s(
    _case(
        "import Steel from 'steel-sdk';\n"
        f"const client = new Steel({{ steelAPIKey: '{t}' }});\n"
        "const session = await client.sessions.create({ useProxy: true });\n",
        t,
        "secret",
        "steel-sdk",
        "client.sessions.create",
    )
)
t = _hex(32)
_s(
    _case(
        f"GET https://api.diffbot.com/v3/article?token={t}&url=https%3A%2F%2Fblog.kestrel.dev%2Fre"
        "lease-notes\n"
        "HTTP/1.1 200 OK\n",
        t,
        "secret",
        "api.diffbot.com/v3/article",
        "blog.kestrel.dev",
    )
)
t = _uuid()
_s(
    _case(
        "# .env.local\nEXA_API_KEY=" + t + "\nSEARCH_RESULTS=8\n",
        t,
        "secret",
        "EXA_API_KEY",
        "SEARCH_RESULTS=8",
    )
)
t = _r(32)
_s(
    _case(
        "from ai21 import AI21Client\n"
        f'client = AI21Client(api_key="{t}")\n'
        'resp = client.chat.completions.create(model="jamba-large", messages=msgs)\n',
        t,
        "secret",
        "AI21Client",
        "jamba-large",
    )
)
t = _jwt({"user_id": 48211, "token_id": 9931}, alg="HS256")
_s(
    _case(
        "from aleph_alpha_client import Client\n"
        f'client = Client(token="{t}", host="https://api.aleph-alpha.com")\n',
        t,
        "jwt",
        "aleph_alpha_client",
        "api.aleph-alpha.com",
    )
)
t = _r(32)
_s(
    _case(
        f"$ curl https://api.writer.com/v1/chat -H 'Authorization: Bearer {t}' \\\n"
        "    -H 'Content-Type: application/json' -d @chat.json\n",
        t,
        "authorization",
        "api.writer.com/v1/chat",
        "chat.json",
    )
)
t = "nk-" + _r(43, URLSAFE)
_s(
    _case(
        f"$ nomic login {t}\nSuccessfully logged in to Nomic Atlas\n",
        t,
        "secret",
        "nomic login",
        "Nomic Atlas",
    )
)
t = "pb_" + _r(22)
_s(
    _case(
        "from predibase import Predibase\n"
        f'pb = Predibase(api_token="{t}")\n'
        'client = pb.deployments.client("llama-3-1-8b-instruct")\n',
        t,
        "secret",
        "Predibase",
        "llama-3-1-8b-instruct",
    )
)
t = _uuid()
_s(
    _case(
        "from openai import OpenAI\n\nclient = OpenAI(\n"
        '    base_url="https://api.sambanova.ai/v1",\n'
        f'    api_key="{t}",\n)\n',
        t,
        "secret",
        "api.sambanova.ai",
        "base_url",
    )
)
t = _r(30)
_s(
    _case(
        "$ curl -X POST https://api.unstructuredapp.io/general/v0/general \\\n"
        f"    -H 'unstructured-api-key: {t}' \\\n"
        "    -F files=@contracts/msa-2026.pdf -F strategy=hi_res\n",
        t,
        "secret",
        "api.unstructuredapp.io",
        "msa-2026.pdf",
    )
)
t = _jwt({"sub": "jkowalczyk@kestrel.dev", "iat": 1764571200})
_s(
    _case(
        "HYPERBOLIC_API_KEY=" + t + "\nHYPERBOLIC_MODEL=meta-llama/Llama-3.3-70B-Instruct\n",
        t,
        "jwt",
        "HYPERBOLIC_MODEL",
        "Llama-3.3-70B-Instruct",
    )
)

# payments
t = _pw(20)
_s(
    _case(
        "worldpay:\n  endpoint: https://secure.worldpay.com/jsp/merchant/xml/paymentService.jsp\n"
        "  merchant_code: KESTRELECOM\n  xml_username: KESTRELECOM\n"
        f'  xml_password: "{t}"\n',
        t,
        "password",
        "merchant_code: KESTRELECOM",
        "secure.worldpay.com",
    )
)
t = _r(13, LOWER_AN)
u = _pw(16)
_s(
    _case(
        "PAYFAST_MERCHANT_ID=10024871\n"
        f"PAYFAST_MERCHANT_KEY={t}\n"
        f"PAYFAST_PASSPHRASE={u}\n"
        "PAYFAST_SANDBOX=false\n",
        (t, u),
        ("secret", "password"),
        "PAYFAST_MERCHANT_ID=10024871",
        "PAYFAST_SANDBOX",
    )
)
t = _r(32)
_s(
    _case(
        "# config/payu.php\nreturn [\n    'merchant_key' => 'gtKFFx',\n"
        f"    'salt' => '{t}',\n"
        "    'base_url' => 'https://secure.payu.in/_payment',\n];\n",
        t,
        "secret",
        "'merchant_key' => 'gtKFFx'",
        "secure.payu.in",
    )
)
t = _hex(16)
u = _hex(32)
_s(
    _case(
        "P24_MERCHANT_ID=219811\nP24_POS_ID=219811\n"
        f"P24_CRC={t}\n"
        f"P24_REPORT_KEY={u}\n"
        "P24_SANDBOX=true\n",
        (t, u),
        "secret",
        "P24_MERCHANT_ID=219811",
        "P24_SANDBOX",
    )
)
t = _key("PRIVATE KEY", 1218)
_s(
    _case(
        "# satispay: key id registered with POST /g_business/v1/authentication_keys\n"
        "SATISPAY_KEY_ID=4ob8ntgcmsalnsqeanr1s7p6hg5nid8uge5gfjs4le1q4pvlj9u5b4s2n8cdd5vc\n"
        f'SATISPAY_PRIVATE_KEY="{t}"\n',
        t,
        "private_key",
        "SATISPAY_KEY_ID",
        "authentication_keys",
    )
)
t = _r(40, URLSAFE)
u = _hex(32)
_s(
    _case(
        "$ curl -X POST https://api.vipps.no/accesstoken/get \\\n"
        "    -H 'client_id: 6b1f0c6e-1c1e-4a5b-9f0e-1a7c2f0d9e11' \\\n"
        f"    -H 'client_secret: {t}' \\\n"
        f"    -H 'Ocp-Apim-Subscription-Key: {u}' \\\n"
        "    -H 'Merchant-Serial-Number: 212380'\n",
        (t, u),
        "secret",
        "api.vipps.no/accesstoken/get",
        "Merchant-Serial-Number: 212380",
    )
)
t = _pw(14)
_s(
    _case(
        'swish:\n  payee_alias: "1231181189"\n'
        "  certificate: /etc/kestrel/swish/Swish_Merchant_TestCertificate_1234679304.p12\n"
        f'  certificate_passphrase: "{t}"\n',
        t,
        "password",
        "payee_alias",
        "Swish_Merchant_TestCertificate_1234679304.p12",
    )
)
t = _key("RSA PRIVATE KEY", 1190)
_s(
    _case(
        "trustly:\n  username: kestrel_api\n  endpoint: https://api.trustly.com/1\n  "
        "merchant_private_key: |\n" + "\n".join("    " + line for line in t.splitlines()) + "\n",
        tuple(line for line in t.splitlines() if "-----" not in line),
        "private_key",
        "kestrel_api",
        "api.trustly.com",
    )
)
t = "oa_prod_" + _r(43, URLSAFE)
_s(
    _case(
        "$ curl https://b2b.revolut.com/api/1.0/accounts \\\n"
        f"    -H 'Authorization: Bearer {t}'\n"
        '[{"id":"a9f0b7c2-3d1e-4f5a-8b6c-7d8e9f0a1b2c","name":"Main","currency":"EUR"}]\n',
        t,
        "authorization",
        "b2b.revolut.com",
        '"currency":"EUR"',
    )
)
t = _r(32)
_s(
    _case(
        "payoneer:\n  program_id: 100128473\n  client_id: kestrel-payouts\n"
        f"  client_secret: {t}\n  environment: production\n",
        t,
        "secret",
        "client_id: kestrel-payouts",
        "program_id",
    )
)
t = _basic("KESTRELAPI", _r(22))
_s(
    _case(
        "POST /orders HTTP/1.1\nHost: api.fastspring.com\n"
        f"Authorization: Basic {t}\n"
        "Content-Type: application/json\n\n"
        '{"orders":["XJ3l1dQrT5e"]}',
        t,
        "authorization",
        "api.fastspring.com",
        "XJ3l1dQrT5e",
    )
)
t = _r(43, URLSAFE)
_s(
    _case(
        f"$ curl https://api.gumroad.com/v2/sales -d access_token={t} -X GET -G | jq '.sales | "
        "length'\n",
        t,
        "secret",
        "api.gumroad.com/v2/sales",
        "jq",
    )
)

# messaging
t = _r(25)
_s(
    _case(
        "$ curl -X POST https://api.bird.com/workspaces/6c1a2f77-0bde-4b19-8d1a-d0b1c7c1f1aa/chann"
        "els/"
        "sms-eu/messages \\\n"
        f"    -H 'Authorization: AccessKey {t}' -H 'Content-Type: application/json' -d @msg.json\n",
        t,
        "authorization",
        "api.bird.com",
        "msg.json",
    )
)
t = (
    _hex(8).upper()
    + "-"
    + _hex(4).upper()
    + "-"
    + _hex(4).upper()
    + "-"
    + _hex(4).upper()
    + "-"
    + _hex(12).upper()
)
_s(
    _case(
        f"clicksend:\n  username: ops@kestrel.dev\n  api_key: {t}\n  sender_id: KESTREL\n",
        t,
        "secret",
        "username: ops@kestrel.dev",
        "sender_id: KESTREL",
    )
)
t = _r(24)
_s(
    _case(
        "$ curl --request POST 'https://control.msg91.com/api/v5/flow/' \\\n"
        f"    --header 'authkey: {t}' --header 'content-type: application/json' \\\n"
        '    --data \'{"template_id":"6712ab90d6fc05","recipients":[{"mobiles":"9198XXXXXX21"}]}\''
        "\n",
        t,
        "secret",
        "control.msg91.com",
        "6712ab90d6fc05",
    )
)
t = _hex(40)
u = _hex(48)
_s(
    _case(
        f"$ curl -X POST 'https://{t}:{u}@api.exotel.com/v1/Accounts/kestrel1/Calls/connect' \\\n"
        "    -d From=0804XXXX123 -d To=0998XXXX871 -d CallerId=08047112233\n",
        (t, u),
        "secret",
        "api.exotel.com",
        "kestrel1",
    )
)
t = _hex(32)
_s(
    _case(
        "POST https://api.gupshup.io/wa/api/v1/msg\n"
        f"apikey: {t}\n"
        "Content-Type: application/x-www-form-urlencoded\n\n"
        "channel=whatsapp&source=917834811114&destination=91998XXXXX11&src.name=KestrelBot\n",
        t,
        "secret",
        "api.gupshup.io",
        "KestrelBot",
    )
)
t = _hex(32).upper()
_s(
    _case(
        "$ curl https://api.46elks.com/a1/sms \\\n"
        f"    -u u{_hex(32)}:{t} \\\n"
        "    -d from=Kestrel -d to=+46700000000 -d message='Din kod är 4411'\n",
        t,
        "password",
        "api.46elks.com",
        "from=Kestrel",
    )
)
t = _r(32, UPPER_AN)
_s(
    _case(
        f"BULKSMS_TOKEN_ID=8E1F2D0A9C3B4E5F\nBULKSMS_TOKEN_SECRET={t}\nBULKSMS_SENDER=KESTREL\n",
        t,
        "secret",
        "BULKSMS_TOKEN_ID",
        "BULKSMS_SENDER",
    )
)
t = _r(40)
_s(
    _case(
        "<?php\n$client = (new SmsapiHttpClient())\n"
        f"    ->smsapiPlService('{t}');\n"
        "$sms = SendSmsBag::withMessage('48500000000', 'Kod: 4411');\n",
        t,
        "secret",
        "smsapiPlService",
        "SendSmsBag",
    )
)
t = "wSsVR6" + _r(150, B64)
_s(
    _case(
        "POST https://api.zeptomail.eu/v1.1/email\n"
        f"Authorization: Zoho-enczapikey {t}\n"
        "Content-Type: application/json\n",
        t,
        "authorization",
        "api.zeptomail.eu",
        "Content-Type",
    )
)
t = _r(24)
_s(
    _case(
        "$ curl -X POST https://postal.kestrel.dev/api/v1/send/message \\\n"
        f"    -H 'X-Server-API-Key: {t}' -H 'Content-Type: application/json' \\\n"
        '    -d \'{"to":["ines@kestrel.dev"],"from":"noreply@kestrel.dev","subject":"hi"}\'\n',
        t,
        "secret",
        "postal.kestrel.dev",
        "noreply@kestrel.dev",
    )
)

# support and product tools
t = _hex(64)
_s(
    _case(
        'crisp:\n  identifier: "5b1c0e2a-7d4f-4b0e-9e8d-2f6a1c3b4d5e"\n'
        f'  key: "{t}"\n  tier: plugin\n',
        t,
        "secret",
        "tier: plugin",
        "identifier",
    )
)
t = _jwt({"iss": "front", "sub": "kestrel", "jti": _hex(16), "scopes": ["shared:*"]}, alg="HS256")
_s(
    _case(
        f"$ curl https://api2.frontapp.com/conversations?limit=5 -H 'Authorization: Bearer {t}'\n",
        t,
        "jwt",
        "api2.frontapp.com",
        "limit=5",
    )
)
t = _r(40)
_s(
    _case(
        "HELPSCOUT_APP_ID=m1Q8QWxGnF3rA0vG1fGkXz\n"
        f"HELPSCOUT_APP_SECRET={t}\n"
        "HELPSCOUT_MAILBOX=241877\n",
        t,
        "secret",
        "HELPSCOUT_APP_ID",
        "HELPSCOUT_MAILBOX=241877",
    )
)
t = _hex(64)
_s(
    _case(
        "import requests\n"
        "r = requests.get('https://kestrel.gorgias.com/api/tickets',\n"
        f"                 auth=('support@kestrel.dev', '{t}'))\n",
        t,
        "secret",
        "kestrel.gorgias.com",
        "support@kestrel.dev",
    )
)
t = _uuid()
_s(
    _case(
        "$ export SHORTCUT_API_TOKEN=" + t + "\n"
        '$ curl -s -H "Shortcut-Token: $SHORTCUT_API_TOKEN" '
        "https://api.app.shortcut.com/api/v3/member\n",
        t,
        "secret",
        "Shortcut-Token",
        "api.app.shortcut.com",
    )
)
t = "plane_api_" + _hex(32)
_s(
    _case(
        "$ curl https://plane.kestrel.dev/api/v1/workspaces/kestrel/projects/ \\\n"
        f"    -H 'X-API-Key: {t}'\n",
        t,
        "secret",
        "plane.kestrel.dev",
        "workspaces/kestrel",
    )
)
t = "eyJ0dCI6InAiLCJhbGciOiJIUzI1NiIsInR2IjoiMSJ9." + _urlb64(60) + "." + _urlb64(32)
_s(
    _case(
        "wrike:\n  base_url: https://www.wrike.com/api/v4\n"
        f"  permanent_token: {t}\n  space_id: IEAGS6BYI5RFMPPY\n",
        t,
        "jwt",
        "space_id: IEAGS6BYI5RFMPPY",
        "www.wrike.com",
    )
)
t = _r(36)
_s(
    _case(
        "curl -u '" + t + ":xxx' https://kestrel.teamwork.com/projects.json\n",
        t,
        "secret",
        "kestrel.teamwork.com",
        "projects.json",
    )
)
t = f"{_hex(4)}-{_hex(4)}-{_hex(6)}-{_hex(6)}-{_hex(8)}"
_s(
    _case(
        "const everhour = axios.create({\n  baseURL: 'https://api.everhour.com',\n"
        f"  headers: {{ 'X-Api-Key': '{t}' }},\n}});\n",
        t,
        "secret",
        "api.everhour.com",
        "baseURL",
    )
)
t = _jwt({"iss": "productboard", "sub": "kestrel-integration", "iat": 1764571200}, alg="HS256")
_s(
    _case(
        "PRODUCTBOARD_TOKEN=" + t + "\nPRODUCTBOARD_API_VERSION=1\n",
        t,
        "jwt",
        "PRODUCTBOARD_API_VERSION=1",
        "PRODUCTBOARD_TOKEN",
    )
)
t = f"{_hex(8)}-{_hex(4)}-{_hex(4)}-{_hex(4)}-{_hex(12)}"
_s(
    _case(
        "$ curl https://canny.io/api/v1/posts/list -d apiKey="
        + t
        + " -d boardID=5f9a1c2b3d4e5f6a7b8c9d0e\n",
        t,
        "secret",
        "canny.io/api/v1/posts/list",
        "boardID",
    )
)

# monitoring and analytics
t = _hex(32)
_s(
    _case(
        "*/15 * * * * curl -fsS -m 10 --retry 3 "
        f"https://cronitor.link/p/{t}/nightly-export?state=complete > /dev/null\n",
        t,
        "secret",
        "cronitor.link",
        "nightly-export",
    )
)
t = _r(32)
_s(
    _case(
        "$ curl -H 'X-Api-Key: "
        + t
        + "' https://healthchecks.io/api/v3/checks/ | jq '.checks[].name'\n"
        '"backup-db"\n"certbot-renew"\n',
        t,
        "secret",
        "healthchecks.io/api/v3/checks",
        '"backup-db"',
    )
)
t = _r(20)
_s(
    _case(
        'resource "statuscake_uptime_check" "api" {\n  name = "api"\n}\n\n'
        'provider "statuscake" {\n'
        f'  api_token = "{t}"\n'
        "}\n",
        t,
        "secret",
        "statuscake_uptime_check",
        'provider "statuscake"',
    )
)
t = f"1000.{_hex(32)}.{_hex(32)}"
_s(
    _case(
        "site24x7:\n  client_id: 1000.8M3TQ7B0A1C2D3E4F5G6H7I8J9K0LM\n"
        f"  refresh_token: {t}\n  data_center: EU\n",
        t,
        "secret",
        "data_center: EU",
        "client_id",
    )
)
t = "na1." + _r(96, B64)
_s(
    _case(
        "$ curl https://api.fullstory.com/v2/users -H 'Authorization: Basic " + t + "'\n",
        t,
        "authorization",
        "api.fullstory.com/v2/users",
    )
)
t = _r(64, URLSAFE)
_s(
    _case(
        "plausible_stats() {\n"
        '  curl -s "https://plausible.kestrel.dev/api/v2/query" \\\n'
        f'    -H "Authorization: Bearer {t}" \\\n'
        '    -d \'{"site_id":"kestrel.dev","metrics":["visitors"],"date_range":"7d"}\'\n}\n',
        t,
        "authorization",
        "plausible.kestrel.dev",
        "site_id",
    )
)
t = _r(32)
_s(
    _case(
        f"PIRSCH_CLIENT_ID=f9a12bd0e7\nPIRSCH_CLIENT_SECRET={t}\n",
        t,
        "secret",
        "PIRSCH_CLIENT_ID=f9a12bd0e7",
        "PIRSCH_CLIENT_SECRET",
    )
)
t = _r(27)
_s(
    _case(
        "# rudderstack-transformer service account for the HTTP API\n"
        "curl -u '"
        + t
        + ":' -X POST https://kestreldp.dataplane.rudderstack.com/v1/batch -d @events.json\n",
        t,
        "secret",
        "kestreldp.dataplane.rudderstack.com",
        "events.json",
    )
)

# identity and licensing
t = _r(32, LOWER_AN)
u = _r(32)
_s(
    _case(
        "LOGTO_ENDPOINT=https://auth.kestrel.dev/\n"
        "LOGTO_APP_ID=x8q2mc4kz1w9v0\n"
        f"LOGTO_APP_SECRET={t}\n"
        f"LOGTO_COOKIE_SECRET={u}\n",
        (t, u),
        "secret",
        "LOGTO_APP_ID=x8q2mc4kz1w9v0",
        "auth.kestrel.dev",
    )
)
t = _r(64, B64)
_s(
    _case(
        f'hanko:\n  api_url: https://2b1f4c0e.hanko.io\n  api_key: "{t}"\n',
        t,
        "secret",
        "2b1f4c0e.hanko.io",
        "api_url",
    )
)
t = "corbado1_" + _r(30)
_s(
    _case(
        f"CORBADO_PROJECT_ID=pro-4419127739126783\nCORBADO_API_SECRET={t}\n",
        t,
        "secret",
        "CORBADO_PROJECT_ID",
        "pro-4419127739126783",
    )
)
t = _r(48)
_s(
    _case(
        "$ curl -X POST https://api.frontegg.com/auth/vendor/ \\\n"
        "    -H 'Content-Type: application/json' \\\n"
        f'    -d \'{{"clientId":"9b3a2e10-4f1c-4e2b-8a7d-0c5e6f7a8b9c","secret":"{t}"}}\'\n',
        t,
        "secret",
        "api.frontegg.com",
        "clientId",
    )
)
t = _hex(96)
_s(
    _case(
        "from propelauth_fastapi import init_auth\n"
        'auth = init_auth("https://auth.kestrel.dev", '
        f'"{t}")\n',
        t,
        "secret",
        "propelauth_fastapi",
        "auth.kestrel.dev",
    )
)
t = "prod-" + _hex(64) + "v3"
_s(
    _case(
        "$ curl https://api.keygen.sh/v1/accounts/kestrel/licenses/actions/validate-key \\\n"
        f"    -H 'Authorization: Bearer {t}' \\\n"
        '    -d \'{"meta":{"key":"B8A5-91D7-CB9A-DAE4"}}\'\n',
        t,
        "authorization",
        "api.keygen.sh",
        "validate-key",
    )
)
t = _jwt({"sub": "kestrel", "scope": ["license:read", "license:write"], "tid": 3}, alg="RS256")
_s(
    _case(
        "CRYPTLEX_ACCESS_TOKEN="
        + t
        + "\nCRYPTLEX_PRODUCT_ID=01f1a2b3-c4d5-e6f7-0819-2a3b4c5d6e7f\n",
        t,
        "jwt",
        "CRYPTLEX_PRODUCT_ID",
        "CRYPTLEX_ACCESS_TOKEN",
    )
)

# uploads and CDNs
t = _b64json({"apiKey": "sk_live_" + _hex(64), "appId": "x1k9q2p7zt", "regions": ["fra1"]})
_s(
    _case(
        "UPLOADTHING_TOKEN='" + t + "'\n",
        t,
        "secret",
        "UPLOADTHING_TOKEN",
    )
)
t = _hex(40)
_s(
    _case(
        "const transloadit = new Transloadit({\n"
        "  authKey: '7c1e0b2a9f8d4e3c6b5a0f1e2d3c4b5a',\n"
        f"  authSecret: '{t}',\n}});\n",
        t,
        "secret",
        "authKey",
        "new Transloadit",
    )
)
t = _r(20, UPPER_AN)
_s(
    _case(
        f"FILESTACK_API_KEY=AhTgLagciQByzXpFGRI0Az\nFILESTACK_APP_SECRET={t}\n",
        t,
        "secret",
        "FILESTACK_API_KEY=AhTgLagciQByzXpFGRI0Az",
        "FILESTACK_APP_SECRET",
    )
)
t = _r(32)
_s(
    _case(
        f"$ curl -u {t}: https://api.keycdn.com/zones/purgeurl/412.json -X DELETE \\\n"
        "    -d 'urls[]=kestrel-412.kxcdn.com/assets/app.css'\n",
        t,
        "secret",
        "api.keycdn.com",
        "kestrel-412.kxcdn.com",
    )
)
t = _r(40)
_s(
    _case(
        "$ curl -X POST https://gateway.stackpath.com/identity/v1/oauth2/token \\\n"
        "    -H 'Content-Type: application/json' \\\n"
        f'    -d \'{{"client_id":"4f2b7c0d1e9a8b3c","client_secret":"{t}","grant_type":"client_cre'
        "dentials\"}'\n",
        t,
        "secret",
        "gateway.stackpath.com",
        "grant_type",
    )
)

# --- prose in human languages no other split uses -------------------------------------------

_PROSE: list[tuple[str, str, str, str]] = [
    # (text with {s}, kind, value kind, context that must survive)
    (
        "Bon dia! E password pa e server di staging ta {s}, usuario ta `deploy`. No kompartié.",
        "password",
        "pw",
        "usuario ta `deploy`",
    ),
    (
        "Mi brada, a token fu a GitHub bot na {s}. No gi en na trawan, yere?",
        "github_token",
        "ghp",
        "GitHub bot",
    ),
    (
        "Wah gwaan, di API key fi di payment sandbox a {s} — no put it inna di repo, seen?",
        "secret",
        "key32",
        "payment sandbox",
    ),
    (
        "Moin! Dat Passwoort för den Datenbank-Bruker `reporting` is {s}. Nich wiedergeven, bitte.",
        "password",
        "pw",
        "`reporting`",
    ),
    (
        "Bondjoû, li sicret po l' API di facturaedje c' est {s}, l' uzeu c' est `billing-bot`.",
        "secret",
        "key40",
        "`billing-bot`",
    ),
    (
        "Hoi, 't wachwoord veur de mailserver smtp.kestrel.dev is {s}, gebroeker `alerts`.",
        "password",
        "pw",
        "smtp.kestrel.dev",
    ),
    (
        "Salude! Sa crae de s'API de Stripe est {s}, no la pòngias in su repo.",
        "stripe_key",
        "stripe",
        "Stripe",
    ),
    (
        "Uè, 'a password d''o server ftp.kestrel.dev è {s}, l'utente è `upload`.",
        "password",
        "pw",
        "ftp.kestrel.dev",
    ),
    (
        "Ciao, el token de Slack del bot xe {s}, no sta metarlo su GitHub.",
        "slack_token",
        "xoxb",
        "Slack",
    ),
    (
        "Witôj! Hasło do serwera bazë `pg-main` to je {s}, ale nikòmù nie dôwôj.",
        "password",
        "pw",
        "`pg-main`",
    ),
    (
        "Pieronie, hasło do kōnta `admin` na gitea.kestrel.dev to {s}.",
        "password",
        "pw",
        "gitea.kestrel.dev",
    ),
    ("Слава Ісусу! Пароль до базы `orders` є {s}, хоснователь `etl`.", "password", "pw", "`etl`"),
    ("Selâm! `deploy` qullanıcısınıñ paroli: {s}. Kimsege bermeñiz.", "password", "pw", "`deploy`"),
    (
        "Merhaba! GitLab tokeni: {s} — bunu kimseyä vermä, proje `infra/terraform`.",
        "gitlab_token",
        "glpat",
        "`infra/terraform`",
    ),
    (
        "Салам! Серверы `backup-01` пароль у: {s}. Ма йӕ никӕмӕн радт.",
        "password",
        "pw",
        "`backup-01`",
    ),
    ("Дорообо! `grafana` администраторын пароле: {s}.", "password", "pw", "`grafana`"),
    ("Сайн байна! OpenAI түлхюур: {s}, хэндэшье бү үгэ.", "openai_key", "openai", "OpenAI"),
    ("Маршалла! `jenkins` пайдаэцархочун пароль: {s}.", "password", "pw", "`jenkins`"),
    ("नमस्कार! `ci-bot` खात्याचो पासवर्ड {s} आसा, कोणाकूय दिवचो न्हय.", "password", "pw", "`ci-bot`"),
    ("प्रणाम! Anthropic कुंजी {s} अछि, ककरो नहि दिअ.", "anthropic_key", "anthropic", "Anthropic"),
    ("राम राम! `payments` डेटाबेस के पासवर्ड {s} बा, केहू के मत बतइहऽ.", "password", "pw", "`payments`"),
    (
        "سلام! رمز عبور سرور mail.kestrel.dev این است: {s} لطفاً به کسی ندهید.",
        "password",
        "pw",
        "mail.kestrel.dev",
    ),
    ("Azul! Awal uffir n `root` deg `vps-02` d {s}.", "password", "pw", "`vps-02`"),
    (
        "I ni ce! `api-gateway` gundo ye {s} ye, i kana a di mɔgɔ wɛrɛ ma.",
        "secret",
        "key40",
        "`api-gateway`",
    ),
    (
        "Mawuli, `backup` ƒe nyaɣaɣla enye {s}. Mègaɖe fia ame aɖeke o.",
        "password",
        "pw",
        "`backup`",
    ),
    (
        "Wĩ mwega! Kĩhĩtho kĩa `admin` kũrĩ vault.kestrel.dev nĩ {s}.",
        "password",
        "pw",
        "vault.kestrel.dev",
    ),
    (
        "Amahoro! Ijambo ry'ibanga rya `deploy` kuri ci.kestrel.dev ni {s}.",
        "password",
        "pw",
        "ci.kestrel.dev",
    ),
    (
        "Avuxeni! Phasiwedi ya `sftp-user` i {s}, u nga yi nyiki munhu.",
        "password",
        "pw",
        "`sftp-user`",
    ),
    ("Niltze! In ichtaca tlahtolli ic `admin` ca {s}.", "password", "pw", "`admin`"),
    (
        "Mari mari! Google API key ta {s}, ñi proyecto `mapas-temuco` mew.",
        "google_api_key",
        "google",
        "`mapas-temuco`",
    ),
    ("Saqarik! Ri ewan tzij re `deploy` are {s}.", "password", "pw", "`deploy`"),
    ("Håfa adai! I password para `ci-runner` guaha {s}.", "password", "pw", "`ci-runner`"),
    (
        "Ia ora na! Te parau huna no `admin` i nas.kestrel.dev : {s}",
        "password",
        "pw",
        "nas.kestrel.dev",
    ),
    (
        "Halo! Slack webhook blong ol alert hemi {s}, no givim long narafala man.",
        "slack_webhook",
        "hook",
        "Slack webhook",
    ),
    ("Maayong aga! Ang password sang `db-admin` amo ang {s}.", "password", "pw", "`db-admin`"),
    (
        "Dydh da! An ger-tremena rag `deploy` war build.kestrel.dev yw {s}.",
        "password",
        "pw",
        "build.kestrel.dev",
    ),
]

_MAKE = {
    "pw": _pw,
    "ghp": _ghp,
    "key32": lambda: _r(32),
    "key40": lambda: _r(40),
    "stripe": _sk_live,
    "xoxb": _xoxb,
    "glpat": _glpat,
    "openai": _sk_proj,
    "anthropic": _sk_ant,
    "google": _aiza,
    "hook": _slack_hook,
}

for _text, _kind, _value, _keep in _PROSE:
    t = _MAKE[_value]()
    _s(_case(_text.format(s=t), t, _kind, _keep))

t = _akia()
u = _aws_secret()
_s(
    _case(
        f"Merhaba! AWS açarları: {t} / {u}. Bunnarı kimseyä vermä, hesap `kestrel-prod`.",
        (t, u),
        ("aws_access_key", "aws_secret_key"),
        "`kestrel-prod`",
    )
)

# --- look-alikes: must come back byte for byte ------------------------------------------------

_ULID = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
_NIXB32 = "0123456789abcdfghijklmnpqrsvwxyz"

# traces and logs that already hide the value
_l(
    "$ GIT_TRACE_CURL=1 git fetch origin 2>&1 | grep '=> Send header'\n"
    "07:02:11.482915 http.c:845  => Send header: Host: github.com\n"
    "07:02:11.482941 http.c:845  => Send header: Authorization: Basic <redacted>\n"
)
_l(
    'Started POST "/api/v1/sessions" for 10.4.2.19 at 2026-12-01 06:44:10 +0000\n'
    '  Parameters: {"session"=>{"email"=>"ines@kestrel.dev", "password"=>"[FILTERED]"}}\n'
)
_l(
    '{"level":30,"msg":"request","req":{"headers":{"authorization":"[Redacted]","cookie":"[Redacte'
    'd]"}}}'
)
_l(
    "2026-12-01 06:31:07,412 DEBUG ConsumerConfig values:\n\tsasl.jaas.config = [hidden]\n"
    "\tssl.key.password = [hidden]\n"
)
_l(
    "$ chamber list billing-svc\nKey                         Version  LastModified  User\n"
    "stripe_secret_key           7        11-28 09:14   ops\n"
)
_l("$ gp env\nOPENAI_API_KEY=****\nGIT_AUTHOR_EMAIL=dev@kestrel.dev\n")
_l(
    "I1201 06:12:44.019402   20811 client.go:219] got token (len=40, sha256 prefix 9f2c1e) "
    "expires in 300s\n"
)
_l(
    'time=2026-12-01T06:22:51Z level=debug msg="dialing upstream" dsn="host=pg-ledger.kestrel.dev '
    'user=proxy password=xxxxx sslmode=verify-full"'
)
_l("✓ Logged in to Nomic Atlas as jkowalczyk (token ending …9f3a)")
_l(
    "$ civo apikey ls\n+------+---------+\n| Name | Default |\n+------+---------+\n| ci   | "
    "<=====  |\n+------+---------+\n"
)

# placeholders, references and documented defaults
_l(
    "# .s3cfg\n[default]\naccess_key = YOUR_ACCESS_KEY\nsecret_key = YOUR_SECRET_KEY\nhost_base = "
    "fra1.digitaloceanspaces.com\n"
)
_l("[alias_dsn]\nledger = postgresql://ledger_admin:<password>@pg-ledger.kestrel.dev:5432/ledger\n")
_l(
    "let g:dbs = {\n\\ 'orders_dev': $ORDERS_DATABASE_URL,\n\\ 'warehouse': "
    "'mysql://analyst@wh-replica.kestrel.dev/warehouse',\n\\ }\n"
)
_l('[tool.hatch.envs.integration.env-vars]\nSEARCH_ADMIN_KEY = "{env:SEARCH_ADMIN_KEY}"\n')
_l('{:db {:host #or [#env DB_HOST "localhost"]\n      :password #env DB_PASSWORD}}')
_l(
    "Environment=MARIADB_PASSWORD_FILE=/run/secrets/mariadb_password\n"
    "Secret=mariadb_password,type=mount\n"
)
_l(
    "[Container]\nImage=docker.io/library/postgres:17\n"
    "Secret=pg_password,type=env,target=POSTGRES_PASSWORD\n"
)
_l("env[DB_PASS] = $DB_PASS\nclear_env = no\n")
_l("SetEnv DB_PASS ${DB_PASS}\nPassEnv STRIPE_SECRET_KEY\n")
_l("raw_env = [f\"DB_PASSWORD={os.environ['DB_PASSWORD']}\"]")
_l("$ nssm set KestrelWorker AppEnvironmentExtra QUEUE_URL=%QUEUE_URL% LOG_LEVEL=info\n")
_l('<env name="SHIPPER_TOKEN" value="%SHIPPER_TOKEN%"/>')
_l(
    "NETCUP_API_KEY=${NETCUP_API_KEY:?set it in 1Password}\n"
    "NETCUP_API_PASSWORD=${NETCUP_API_PASSWORD:?}\n"
)
_l("password='{{ ddclient_password }}'\nlogin=kestrel-home\nserver=dynupdate.no-ip.com\n")
_l("AMQP_URL=amqp://guest:guest@localhost:5672/  # RabbitMQ's documented local default")
_l("mongodb+srv://<username>:<password>@cluster0.example.mongodb.net/?retryWrites=true&w=majority")
_l(
    "Server=tcp:sql-fin.kestrel.local,1433;Initial Catalog=Sales;User "
    "ID=excel_report;Password={your_password};"
)
_l("postgres://app:${PGPASSWORD}@127.0.0.1:5432/app_dev")
_l("redis://default:@localhost:6379/0")
_l(
    "'User_Name=SYSDBA'\n'Password=masterkey'  // Firebird's documented installer default, dev VM "
    "only"
)
_l("export HF_TOKEN=hf_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
_l("OPENAI_API_KEY=sk-...  # paste yours here, see README")
_l("ANTHROPIC_API_KEY=sk-ant-api03-XXXXXXXXXXXXXXXXXXXXXXXX...XXXX")
_l(
    "Your key looks like `apify_api_` followed by 36 characters; we show only the last four "
    "(…7Qz1)."
)
_l("STRIPE_SECRET_KEY=sk_live_**********************k9Pq")
_l(
    "| Variable | Example |\n|---|---|\n| `CORBADO_API_SECRET` | `corbado1_...` |\n| "
    "`PLANE_API_KEY` | `plane_api_<32 hex>` |\n"
)
_l("Keys are 40 characters long and start with `AKIA` (e.g. `AKIA****************`).")
_l('private_key: "ed25519-priv-0x<64 hex chars>"')
_l("--private-key $DEPLOYER_PRIVATE_KEY --broadcast")
_l(
    "forge script script/Deploy.s.sol --account deployer --sender "
    "0x70997970C51812dc3A010C7d01b50e0d17dc79C8"
)
_l(
    "GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\nSLACK_WEBHOOK_URL: ${{ secrets.SLACK_WEBHOOK_URL "
    "}}\n"
)
_l("$ chamber exec billing-svc -- ./run.sh   # STRIPE_SECRET_KEY comes from SSM")
_l("api_key: !vault |\n  secret/data/apps/geo#api_key\n")
_l('token = dbutils.secrets.get(scope="kestrel", key="scrapingbee")')
_l('Dim pwd As String: pwd = Environ("SALES_DB_PASSWORD")')
_l("my $api-key = %*ENV<OWM_API_KEY> // die 'set OWM_API_KEY';")
_l('DB_PASS :: #config(DB_PASS, "")')
_l("  api_key    = ''   ! set via CDS_API_KEY at run time\n")
_l("       01 WS-DB-PASSWORD PIC X(12) VALUE SPACES.")
_l('(sql-password (auth-source-pick-first-password :host "billing-ro.kestrel.dev"))')
_l("# Vipps test environment: use the Merchant Test credentials from the portal, never prod.")
_l(
    "swish:\n  certificate: Swish_Merchant_TestCertificate_1234679304.p12\n  "
    "certificate_passphrase: swish  # public test cert from the Swish docs\n"
)
_l(
    "PAYFAST_MERCHANT_ID=10000100\nPAYFAST_MERCHANT_KEY=46f0cd694581a\n# PayFast's published "
    "sandbox merchant"
)
_l("'merchant_key' => 'gtKFFx', // PayU test key from the integration guide")

# settings named like secrets
_l("token_expiry_seconds: 3600\npassword_min_length: 12\nsecret_rotation_days: 90\n")
_l("PASSWORD_RESET_TIMEOUT=259200\nAUTH_TOKEN_TTL=15m\nAPI_KEY_HEADER=X-Api-Key\n")
_l("session:\n  secret_file: /run/secrets/session_key\n  cookie_name: kst_session\n")
_l("CUBEJS_API_SECRET_FILE=/etc/cube/api_secret\nCUBEJS_DEV_MODE=false\n")
_l("uwsgi: env = DJANGO_SECRET_KEY_FILE=/run/secrets/django_key")
_l("[behave.userdata]\nshopper_password_env = QA_SHOPPER_PASSWORD\n")
_l("max_tokens: 4096\ntemperature: 0.2\ntoken_budget: 120000\n")
_l("keygen: license key format B8A5-91D7-CB9A-DAE4 is a demo key from the docs")

# hashes and stored password hashes
_l("$pbkdf2-sha256$29000$" + _r(22, B64.replace("+", ".")) + "$" + _r(43, B64.replace("+", ".")))
_l("scrypt:32768:8:1$" + _r(16) + "$" + _hex(128))
_l(
    '{"localId":"Xk2v9","email":"ines@kestrel.dev","passwordHash":"'
    + _b64(64)
    + '","salt":"'
    + _b64(12)
    + '","createdAt":"1764571200000"}'
)
_l("admin:$2b$12$" + _r(53, AN + "./") + "\n")
_l(
    "user: jkowalczyk\nhash: $argon2id$v=19$m=65536,t=3,p=4$"
    + _b64(16).rstrip("=")
    + "$"
    + _b64(32).rstrip("=")
    + "\n"
)

# lock files and digests
_l(
    '[[package]]\nname = "requests"\nversion = "2.32.3"\nfiles = [\n    {file = '
    '"requests-2.32.3-py3-none-any.whl", '
    'hash = "sha256:' + _hex(64) + '"},\n]\n'
)
_l(
    "  - kind: pypi\n    name: numpy\n    version: 2.1.3\n    url: "
    "https://files.pythonhosted.org/packages/numpy-2.1.3.whl\n"
    "    sha256: " + _hex(64) + "\n    md5: " + _hex(32) + "\n"
)
_l(
    "requests==2.32.3 \\\n    --hash=sha256:"
    + _hex(64)
    + " \\\n    --hash=sha256:"
    + _hex(64)
    + "\n"
)
_l(
    '[[package]]\nname = "serde"\nversion = "1.0.215"\nsource = '
    '"registry+https://github.com/rust-lang/crates.io-index"\n'
    'checksum = "' + _hex(64) + '"\n'
)
_l(
    '[packages]\ngleam_stdlib = { version = "0.44.0", build_tools = ["gleam"], requirements = [], '
    'otp_app = "gleam_stdlib", source = "hex", outer_checksum = "' + _hex(64).upper() + '" }\n'
)
_l(
    '{"1.2.0",\n[{<<"cowboy">>,{pkg,<<"cowboy">>,<<"2.12.0">>},0}]}.\n[\n{pkg_hash,[\n '
    '{<<"cowboy">>, <<"' + _hex(64).upper() + '">>}]}\n].\n'
)
_l(
    "packages:\n- completed:\n    hackage: aeson-2.2.3.0@sha256:"
    + _hex(64)
    + ",6012\n    pantry-tree:\n"
    "      sha256: " + _hex(64) + "\n      size: 4401\n"
)
_l('{\n "version": "0.5",\n "requires": [\n  "zlib/1.3.1#' + _hex(32) + '%1733936244.862"\n ]\n}')
_l('github "Alamofire/Alamofire" "5.10.2"\ngithub "ReactiveX/RxSwift" "' + _hex(40) + '"\n')
_l(
    'pkgname=kestrel-cli\npkgver=0.14.2\nsource="https://dl.kestrel.dev/kestrel-cli-$pkgver.tar.gz'
    '"\n'
    'sha512sums="\n' + _hex(128) + '  kestrel-cli-0.14.2.tar.gz\n"\n'
)
_l(
    'pkgname=kestrel-cli\npkgver=0.14.2\nsource=("$pkgname-$pkgver.tar.gz::https://dl.kestrel.dev/'
    'v$pkgver.tar.gz")\n'
    "sha256sums=('" + _hex(64) + "')\n"
)
_l(
    "Checksums-Sha256:\n "
    + _hex(64)
    + " 1894 kestrel_0.14.2-1.dsc\n "
    + _hex(64)
    + " 402118 kestrel_0.14.2.orig.tar.gz\n"
)
_l(
    "Installers:\n- Architecture: x64\n  InstallerType: msi\n  InstallerUrl: "
    "https://dl.kestrel.dev/kestrel-0.14.2-x64.msi\n"
    "  InstallerSha256: " + _hex(64).upper() + "\n"
)
_l(
    '{\n  "version": "0.14.2",\n  "url": "https://dl.kestrel.dev/kestrel-0.14.2-windows-amd64.zip"'
    ',\n  "hash": "' + _hex(64) + '",\n  "bin": "kestrel.exe"\n}'
)
_l("/nix/store/" + _r(32, _NIXB32) + "-python3-3.12.7/bin/python3.12")
_l(
    'src = fetchFromGitHub {\n  owner = "kestrel";\n  repo = "kestrel-cli";\n  rev = "v0.14.2";\n'
    '  hash = "sha256-' + _b64(32) + '";\n};'
)
_l(
    '<script src="https://cdn.jsdelivr.net/npm/htmx.org@2.0.3/dist/htmx.min.js" integrity="sha384-'
    + _b64(48)
    + '" crossorigin="anonymous"></script>'
)
_l("$ b2sum dist/kestrel-0.14.2.tar.gz\n" + _hex(128) + "  dist/kestrel-0.14.2.tar.gz\n")
_l("Digest: sha-256=" + _b64(32) + "\nContent-MD5: " + _b64(16) + "\n")
_l("x-amz-checksum-sha256: " + _b64(32) + '\nETag: "' + _hex(32) + '"\n')
_l("GitHub Actions cache hit for key: Linux-pip-" + _hex(64) + " (restore key Linux-pip-)")

# commit ids
_l(
    "pick "
    + _hex(7)
    + " feat(api): paginate orders\nfixup "
    + _hex(7)
    + " fix lint\nsquash "
    + _hex(7)
    + " tests for cursor pagination\n"
)
_l(
    _hex(7)
    + " HEAD@{0}: rebase (finish): returning to refs/heads/main\n"
    + _hex(7)
    + " HEAD@{1}: rebase (pick): paginate orders\n"
)
_l("$ git describe --tags\nv0.14.2-14-g" + _hex(7) + "\n")
_l(
    "$ git submodule status\n "
    + _hex(40)
    + " vendor/proto (v1.4.0)\n+"
    + _hex(40)
    + " vendor/ui-kit (heads/main)\n"
)
_l(
    "$ git bisect log\ngit bisect start\n# bad: ["
    + _hex(40)
    + "] ci: bump node\ngit bisect bad "
    + _hex(40)
    + "\n"
)

# public keys, addresses and fingerprints
_l("did:key:z6Mk" + _r(44, BASE58))
_l("Tox ID: " + _hex(76).upper())
_l("Session ID: 05" + _hex(64))
_l("Safety number with Ines:\n" + " ".join(_r(5, DIGITS) for _ in range(12)))
_l('$ lncli getinfo | jq .identity_pubkey\n"03' + _hex(64) + '"\n')
_l("Send test SOL to " + _r(44, BASE58) + " on devnet (faucet: https://faucet.solana.com)")
_l("Donations: bc1q" + _r(38, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"))
_l("ipfs://bafybei" + _r(52, "abcdefghijklmnopqrstuvwxyz234567") + "/metadata.json")
_l("magnet:?xt=urn:btih:" + _hex(40) + "&dn=ubuntu-24.04.1-desktop-amd64.iso")
_l("Rekor entry: https://search.sigstore.dev/?uuid=" + _hex(80))
_l("SHA256 Fingerprint=" + ":".join(_hex(2).upper() for _ in range(32)))
_l("ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _r(43, B64) + " ci@kestrel.dev")
_l("age1" + _r(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"))
_l('"public_key": "ed25519-pub-0x' + _hex(64) + '"')
_l(
    "-----BEGIN PUBLIC KEY-----\n"
    + "\n".join(_r(64, B64) for _ in range(5))
    + "\n"
    + _r(8, B64)
    + "\n-----END PUBLIC KEY-----"
)

# client-side keys documented as public
_l("FILESTACK_API_KEY=AhTgLagciQByzXpFGRI0Az  # browser key; the app secret stays server-side")
_l("LogRocket.init('kestrel/portal-prod');")
_l('<script defer data-domain="kestrel.dev" src="https://plausible.io/js/script.js"></script>')
_l('rudderanalytics.load("2Lx9' + _r(23) + '", "https://kestreldp.dataplane.rudderstack.com");')
_l("CORBADO_PROJECT_ID=pro-4419127739126783")
_l(
    "authKey: '7c1e0b2a9f8d4e3c6b5a0f1e2d3c4b5a',  // Transloadit auth key, public; signatures "
    "use the secret"
)

# ids and trace headers
_l("order_id=01" + _r(24, _ULID))
_l("event ksuid: 2" + _r(26, AN))
_l("Discord message 1" + _r(18, DIGITS) + " in channel 1" + _r(18, DIGITS))
_l('{"_id": {"$oid": "' + _hex(24) + '"}, "sku": "KS-1042"}')
_l("cuid: c" + _r(24, LOWER_AN))
_l('"-O' + _r(18, URLSAFE) + '": {"text": "hello", "uid": "Xk2v9"}')
_l("cf-ray: " + _hex(16) + "-FRA\nserver: cloudflare\n")
_l("X-B3-TraceId: " + _hex(32) + "\nX-B3-SpanId: " + _hex(16) + "\nX-B3-Sampled: 1\n")
_l("X-Cloud-Trace-Context: " + _hex(32) + "/" + _r(19, DIGITS) + ";o=1")
_l("x-request-id: " + _uuid())
_l("AccountId: 483920175510  CanonicalUserId: " + _hex(64))
_l("INT-11872231 is the Contabo client id shown on the API page")
_l("space_id: IEAGS6BYI5RFMPPY\nfolder_id: IEAGS6BYI4ZT2M7P\n")
_l("workspace 6c1a2f77-0bde-4b19-8d1a-d0b1c7c1f1aa, channel sms-eu")

# pagination cursors
_l(
    '{"_scroll_id": "'
    + base64.b64encode(b"\x16QueryAndFetch\x01" + _fakes.raw(90)).decode()
    + '", "hits": {"total": 14022}}'
)
_l(
    '"@odata.nextLink": "https://graph.microsoft.com/v1.0/users?$top=100&$skiptoken=RFNwdAIAAQAAAD8'
    + _r(120, URLSAFE)
    + '"'
)
_l('"response_metadata": {"next_cursor": "' + base64.b64encode(b"user:U0G9WFXNZ").decode() + '"}')
_l('"pageInfo": {"hasNextPage": true, "endCursor": "Y3Vyc29yOnYyOpK5MjAyNi0xMS0zMFQxMDoxMjowMVo="}')
_l('{"nextPageToken": "' + _r(88, URLSAFE) + '", "files": []}')
_l('ExclusiveStartKey={"pk": {"S": "ORDER#01JDX3"}, "sk": {"S": "v0"}}')

# ciphertexts and encoded non-secret data
_l(
    "- secret:\n    name: pypi-upload\n    data:\n      token: !encrypted/pkcs1-oaep\n"
    + "\n".join("        - " + _b64(256) for _ in range(1))
    + "\n"
)
_l(
    '<img alt="" src="data:image/png;base64,'
    + base64.b64encode(b"\x89PNG\r\n\x1a\n" + _fakes.raw(60)).decode()
    + '">'
)
_l("Content-Security-Policy: script-src 'self' 'nonce-" + _b64(16) + "'")
_l("Sec-WebSocket-Accept: " + _b64(20))
_l(
    "binaryData:\n  logo.svg: "
    + base64.b64encode(b'<svg xmlns="http://www.w3.org/2000/svg" width="24" height="24"/>').decode()
    + "\n"
)
_l("echo " + base64.b64encode(b'{"feature":"dark-mode","rollout":25}').decode() + " | base64 -d")
_l(
    "$ kubectl get cm portal-flags -o jsonpath='{.binaryData.flags}'\n"
    + base64.b64encode(b"dark_mode=true\nnew_checkout=false\n").decode()
    + "\n"
)
_l("ENC[AES256_GCM,data:" + _b64(24) + ",iv:" + _b64(32) + ",tag:" + _b64(16) + ",type:str]")

# connection strings and commands without a secret
_l(
    "$ psql 'host=pg-ledger.kestrel.dev user=ledger_admin dbname=ledger sslmode=verify-full'\n"
    "Password for user ledger_admin:\n"
)
_l(
    "$ ldapwhoami -x -H ldaps://ldap.kestrel.dev -D 'cn=svc-wiki,ou=services,dc=kestrel,dc=dev' "
    "-W\nEnter LDAP Password:\n"
)
_l(
    "$ openssl enc -aes-256-cbc -pbkdf2 -in backup.sql -out backup.sql.enc -pass "
    "env:BACKUP_PASSPHRASE"
)
_l(
    "$ gpg --batch --pinentry-mode loopback --passphrase-file /run/secrets/gpg_pass --decrypt "
    "prod.env.gpg"
)
_l("$ 7z a -t7z -mhe=on -p release.7z ./out/*\nEnter password (will not be echoed):\n")
_l("$ aria2c --netrc-path ~/.netrc https://mirror.kestrel.dev/datasets/weather-2025.parquet")
_l("$ ab -n 2000 -c 50 -A loadtest:$LOADTEST_PASSWORD https://staging.kestrel.dev/api/health")
_l(
    "brd.superproxy.io:33335 user brd-customer-<customer_id>-zone-<zone_name> password "
    "<zone_password>"
)
_l("DATABASE_URL=postgres://localhost/app_dev?sslmode=disable")
_l("jdbc:postgresql://pg-reports.kestrel.dev/reports?user=groovy_etl&ssl=true")
