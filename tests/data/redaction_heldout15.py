"""FIFTEENTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before the widening of the rules that reads held-out 14 (round 12):
its author never read the rules (graphmem/redact/), their description (docs/security.md,
CHANGELOG.md) or the messages of the commits that changed them, and never ran redaction on a case
while writing it, so no case was kept or dropped for what the rules do with it. Committed alone,
then measured once on the rules as they stood ("before"); it is the estimate of redaction on text
no test here contains.
Half of its cases come from the contexts a coding agent meets every day, in forms the other splits
do not use: fish and atuin shell history, `history | grep`, `tmux capture-pane` scrollback, `git
grep`, `rg` and `grep -rn` hits, `git blame` lines and `git log -p` hunks, `cat -A` and `bat`
listings, `jps -lvm` and `jcmd VM.system_properties` JVM arguments, `pry`, `irb`, `node`, IPython,
pdb and `php artisan tinker` sessions, `pytest --showlocals` and assertion diffs, h11 debug lines
with byte header tuples, aiohttp errors, Java and .NET HttpClient header logs, structlog, loguru,
zap, slog, `tracing`, Serilog and Elixir Logger lines, `docker compose logs` prefixes, journald
lines, pm2 logs, supervisord `environment=`, Procfiles, `justfile`, `Taskfile.yml`, `tox.ini`
`setenv`, noxfiles, pytest-env, Makefile exports, `.bat` files, `msdeploy` with caret
continuations, PowerShell transcripts, `Vagrantfile` provisioners, Tiltfiles, kustomize
`secretGenerator` literals, kaniko, Spinnaker Halyard, AppVeyor, Cirrus CI and SourceHut builds,
`helm get manifest`, `kubeadm join` and `upload-certs`, k3s and Docker Swarm join and unlock keys,
Talos configs, Go MySQL DSNs, JDBC and ODBC strings for SQL Server and Oracle, `sqlplus`, `db2
connect`, `cqlsh`, `cypher-shell`, `beeline`, Debezium and Kafka Connect configs, Logstash,
Filebeat, Telegraf and Grafana Alloy pipelines, rsyncd secrets, `sc.exe config`, `net user`,
`Invoke-Sqlcmd`, `keytool` and `openssl pkcs12` pass arguments, strongSwan `ipsec.secrets`, OpenVPN
inline and static keys, `dotnet user-secrets list`, Spring, Helidon and Dropwizard configs, Elixir
`runtime.exs`, Gradle `mavenCentralPassword`, Ansible group_vars, inventories and hashi_vault
lookups, Puppet Hiera, NixOS modules, Renovate, hub CLI config, GitHub App token responses, npm and
pnpm publish lines, Fiddler and Burp requests, nginx and Envoy header injection, Kubernetes
WebSocket bearer subprotocols, evans, and messages pasted into a chat. The other half come from
contexts no earlier split lists: Meta Graph, WhatsApp Cloud and Instagram tokens, Pinterest,
Dropbox, Adobe I/O, Frame.io, Scalingo, Coralogix, NVIDIA NIM, Telegram and Discord bots and
webhooks, Mattermost webhooks, Ray job submissions, Zeppelin interpreters, Livebook, Google Apps
Script, Raycast and Alfred workflows, Goose and Zed agent configs, Roo Code exports, Shopify Theme
Kit, LaunchDarkly Relay, external-dns, Great Expectations, Broadway RabbitMQ, Harvest, Toggl,
Clockify, Pivotal Tracker, Okta SSWS, Equinix Metal and Rackspace `X-Auth-Token`, Smartsheet,
monday.com, Storyblok, ImageKit, UptimeRobot, Neo4j, Cassandra, Couchbase, CouchDB replication,
RethinkDB, QuestDB, Vertica `vsql`, Teradata BTEQ, SAP HANA `hdbsql`, Monero wallets, Tendermint
validator keys, Cardano signing keys, Salt master keys, Jenkins credential XML, PuTTY keys in
Ansible vars, keys in Go, Kotlin and Elixir source, JupyterHub, phpMyAdmin, Roundcube, Mautic,
Nagios `resource.cfg`, Cacti, SNMPv3 `createUser` and Junos communities, HAProxy userlists,
keepalived, Pacemaker `pcs`, DRBD, iSCSI CHAP, FreeRADIUS clients and Erlang distribution cookies;
with secrets in prose in human languages no earlier split used (Sesotho, Chichewa, Oromo, Guarani,
Aymara, Sicilian, Friulian, Romansh, Upper Sorbian, Northern Sami, Chuvash, Bashkir, Balinese,
Waray, Hmong, Tetum, Sindhi, Dhivehi, Fijian, Tibetan, Greenlandic), shell history, stack traces,
query strings, base64 and JSON-escaped strings, line continuations, diffs, markdown and CSV tables
and timestamped logs. Its look-alikes are public keys, certificates, signatures and fingerprints
(Cardano verification keys, Tendermint genesis keys, Discord interaction keys, `kubeadm` CA hashes,
OpenVPN `<ca>` blocks, public JWKS, TUF `root.json`, minisign keys, `ssh-keygen -lf`,
`authorized_keys` with options, `codesign` and `apksigner` output, Salt `master.pub`), client-side
keys documented as public (ImageKit public keys, Stripe publishable keys, Meta app ids and client
tokens, LaunchDarkly client-side ids, GitHub App client ids), ids (Twilio message SIDs, Telegram
chat ids, Slack team and app ids, Kubernetes uids, run ids, request and trace ids, ETags, WebSocket
keys), digests and lock file hashes (`renv.lock`, Julia `Manifest.toml`, `Podfile.lock`,
`deno.lock`, conda-lock, vcpkg baselines, `go.sum`, image digests, SHA256SUMS), commit SHAs, stored
password hashes (Postgres SCRAM, `$2y$` bcrypt, `$6$` crypt in HAProxy, Junos and NixOS, Argon2),
ciphertexts meant to be committed (AppVeyor `secure:`, Cirrus `ENCRYPTED[...]`, step-ca encrypted
keys, Jenkins `{AQAAABAAAA...}`), secret references (SourceHut secret uuids, Spinnaker
`encrypted:`, Bamboo `${bamboo.X}`, kustomize `envs:`, `secretKeyRef`, Logstash `${VAR}`, Kafka
Connect `${file:...}`, `_FILE` variables, Hiera and Ansible lookups), masked values, placeholders,
documented defaults (scott/tiger, neo4j/neo4j, cassandra/cassandra, QuestDB admin/quest,
FreeRADIUS testing123, a public test LDAP server), messages in the same languages saying where a
secret is kept, and settings named like secrets.
`python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own, so no token-shaped string is
committed.
"""

from __future__ import annotations

import base64
import json
import struct

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
    Split,
    lines,
    pem,
)

_fakes = Fakes(15_2026_1201_0300)
_rng = _fakes.rng
_r, _b64, _urlb64, _uuid, _jwt = _fakes.r, _fakes.b64, _fakes.urlb64, _fakes.uuid, _fakes.jwt
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _hex(n: int) -> str:
    return _r(n, HEX)


def _pw() -> str:
    """A random-looking password with symbols, as a password manager makes."""
    return _r(9) + _rng.choice(PUNCT) + _r(7) + _rng.choice(PUNCT) + _r(5)


def _human() -> str:
    """A password a person chose: a word, digits and a symbol."""
    words = ["Tamarind", "Lighthouse", "Quokka", "Saffron", "Harbour", "Juniper", "Walrus", "Comet"]
    return _rng.choice(words) + _r(1, "!#$%&*@?") + _r(4, DIGITS) + _rng.choice(words).lower()


def _urlpw() -> str:
    """A generated password that can sit in a URL's userinfo or query without escaping."""
    return _r(9) + _rng.choice("-_.~") + _r(7) + _rng.choice("-_.~") + _r(5)


def _ssh_pub(kind: str = "ssh-ed25519", n: int = 32) -> str:
    """A public key line body: the wire format of `kind` with `n` random key bytes."""
    name = kind.encode()
    blob = struct.pack(">I", len(name)) + name + struct.pack(">I", n) + _fakes.raw(n)
    return f"{kind} {base64.b64encode(blob).decode()}"


def _openssh_private() -> list[str]:
    """The body lines of an unencrypted OpenSSH private key."""
    head = b"openssh-key-v1\x00\x00\x00\x00\x04none\x00\x00\x00\x04none"
    return lines(base64.b64encode(head + _fakes.raw(380)).decode(), 70)


def _ghp() -> str:
    return "ghp_" + _r(36)


def _slack(prefix: str = "xoxb") -> str:
    return f"{prefix}-{_r(12, DIGITS)}-{_r(13, DIGITS)}-{_r(24)}"


def _discord_bot() -> str:
    ident = base64.b64encode(_r(19, DIGITS).encode()).decode().rstrip("=")
    return f"{ident}.{_r(6, URLSAFE)}.{_r(38, URLSAFE)}"


def _scram() -> str:
    salt, stored, server = _b64(16), _b64(32), _b64(32)
    return f"SCRAM-SHA-256$4096:{salt}${stored}:{server}"


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# ---------------------------------------------------------------- prefixed_token: secrets

_t = _ghp()
_s(
    "prefixed_token",
    f"- cmd: export GITHUB_TOKEN={_t}\n  when: 1764553201\n- cmd: gh repo clone acme/billing\n"
    "  when: 1764553214\n  paths:\n    - ~/src",
    _t,
)
_t = "glpat-" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    f"2026-11-30 14:02:11\t0s\tglab auth login --hostname gitlab.acme.io --token {_t}\n"
    "2026-11-30 14:02:40\t3s\tglab mr list --assignee=@me",
    _t,
)
_t = "nvapi-" + _r(64, URLSAFE)
_s(
    "prefixed_token",
    "In [7]: from langchain_nvidia_ai_endpoints import ChatNVIDIA\n"
    f'   ...: llm = ChatNVIDIA(model="meta/llama-3.1-70b-instruct", api_key="{_t}")\n'
    "In [8]: llm.invoke('ping').content\nOut[8]: 'pong'",
    _t,
)
_t = "pina_" + _r(96, UPPER_AN)
_s(
    "prefixed_token",
    "$ rg -n PINTEREST\nscripts/pin_sync.py\n"
    f'14:PINTEREST_TOKEN = os.getenv("PINTEREST_TOKEN", "{_t}")\n'
    '52:    resp = session.get(f"{BASE}/boards", headers=hdrs)',
    _t,
)
_t = "EAAG" + _r(180)
_s(
    "prefixed_token",
    "diff --git a/.env.production b/.env.production\n@@ -3,4 +3,5 @@ WHATSAPP_PHONE_ID=1098273645\n"
    f"-WHATSAPP_TOKEN=\n+WHATSAPP_TOKEN={_t}\n WHATSAPP_API_VERSION=v21.0",
    _t,
)
_t = "IGQWR" + _r(170, URLSAFE)
_s(
    "prefixed_token",
    f"[2026-11-30 09:14:02] instagram.fetch_media ERROR OAuthException code=190 token={_t} "
    "message='Error validating access token: Session has expired'",
    _t,
)
_t = "sl.B" + _r(135, URLSAFE)
_s(
    "prefixed_token",
    'Traceback (most recent call last):\n  File "/app/backup.py", line 41, in <module>\n'
    f"    dbx = dropbox.Dropbox(oauth2_access_token='{_t}')\n"
    "dropbox.exceptions.AuthError: AuthError('2b1f', AuthError('expired_access_token', None))",
    _t,
)
_t = "p8e-" + _r(32, AN)
_s(
    "prefixed_token",
    '{\n  "project": {"name": "ACME Firefly", "org": {"id": "98231"}},\n  "credentials": [{\n'
    '    "oauth_server_to_server": {\n      "client_id": "' + _hex(32) + '",\n'
    f'      "client_secrets": ["{_t}"],\n      "technical_account_email": '
    '"d81f@techacct.adobe.com"\n    }\n  }]\n}',
    _t,
)
_t = "fio-u-" + _r(64, URLSAFE)
_s(
    "prefixed_token",
    f'#!/usr/bin/env bash\nFRAMEIO_TOKEN="{_t}"\ncurl -s -X POST '
    '"https://api.frame.io/v2/assets/$PROJECT_ROOT/children" \\\n  -H "Authorization: Bearer '
    '$FRAMEIO_TOKEN"',
    _t,
)
_t = "tk-us-" + _r(48, URLSAFE)
_s(
    "prefixed_token",
    f" 1019  scalingo login --api-token {_t}\n 1020  scalingo --app acme-api env",
    _t,
)
_t = "cxtp_" + _r(30, AN)
_s(
    "prefixed_token",
    "otel-agent:\n\tdocker run -d --name otel \\\n\t  -e CORALOGIX_DOMAIN=eu2.coralogix.com \\\n"
    f"\t  -e CORALOGIX_PRIVATE_KEY={_t} \\\n\t  otel/opentelemetry-collector-contrib:0.114.0",
    _t,
)
_t = f"{_r(10, DIGITS)}:AA{_r(33, URLSAFE)}"
_s(
    "prefixed_token",
    "2026-11-30 22:01:13,882 - httpx - INFO - HTTP Request: POST "
    f'https://api.telegram.org/bot{_t}/getUpdates "HTTP/1.1 200 OK"',
    _t,
)
_t = _discord_bot()
_s(
    "prefixed_token",
    f"bot-1  | [2026-11-30 18:22:10] [INFO    ] discord.client: logging in using static token\n"
    f"bot-1  | DEBUG config loaded: {{'prefix': '!', 'token': '{_t}', 'guild': 88123}}",
    _t,
)
_t = f"github_pat_{_r(22)}_{_r(59)}"
_s(
    "prefixed_token",
    f"$ git grep -n github_pat\ndeploy/seed.sh:7:export GH_TOKEN={_t}",
    _t,
)
_t = "gho_" + _r(36)
_s(
    "prefixed_token",
    f"$ cat ~/.config/hub\ngithub.com:\n- user: mkowal\n  oauth_token: {_t}\n  protocol: https",
    _t,
)
_t = "sk-proj-" + _r(74, URLSAFE) + "T3BlbkFJ" + _r(74, URLSAFE)
_s(
    "prefixed_token",
    f"# ~/.config/goose/secrets.yaml\nOPENAI_API_KEY: {_t}\nGOOSE_PROVIDER__HOST: https://"
    "api.openai.com",
    _t,
)
_t = "sk-ant-api03-" + _r(93, URLSAFE) + "AA"
_s(
    "prefixed_token",
    '{"providerProfiles":{"currentApiConfigName":"default","apiConfigs":{"default":'
    f'{{"apiProvider":"anthropic","apiKey":"{_t}","apiModelId":"claude-sonnet-4-5"}}}}}}}}',
    _t,
)
_t = "sk_live_51" + _r(97)
_s(
    "prefixed_token",
    f'[1] pry(main)> Stripe.api_key\n=> "{_t}"\n[2] pry(main)> '
    "Stripe::Balance.retrieve.available.first.amount\n=> 418200",
    _t,
)
_t = "whsec_" + _r(32)
_s(
    "prefixed_token",
    f'set dotenv-load\nexport STRIPE_WEBHOOK_SECRET := "{_t}"\n\ndev:\n    foreman start -f '
    "Procfile.dev",
    _t,
)
_t = _slack("xoxb")
_s(
    "prefixed_token",
    f"version: '3'\n\ntasks:\n  notify:\n    env:\n      SLACK_BOT_TOKEN: {_t}\n    cmds:\n"
    "      - ./bin/notify --channel '#deploys' \"{{.CLI_ARGS}}\"",
    _t,
)
_t = f"SG.{_r(22, URLSAFE)}.{_r(43, URLSAFE)}"
_s(
    "prefixed_token",
    'Vagrant.configure("2") do |config|\n  config.vm.box = "bento/ubuntu-24.04"\n'
    '  config.vm.provision "shell", path: "provision.sh", env: {\n'
    f'    "SENDGRID_API_KEY" => "{_t}",\n    "APP_ENV" => "staging"\n  }}\nend',
    _t,
)
_t = "npm_" + _r(36)
_s(
    "prefixed_token",
    "$ tmux capture-pane -pS -40 | tail -3\n"
    f"~/src/ui-kit main ❯ pnpm publish --access public --//registry.npmjs.org/:_authToken={_t}\n"  # noqa: RUF001
    "+ @acme/ui-kit@4.2.0",
    _t,
)
_t = "pypi-AgEIcHlwaS5vcmc" + _r(150, URLSAFE)
_s(
    "prefixed_token",
    "[testenv:release]\nskip_install = true\ndeps = build\n    twine\nsetenv =\n"
    f"    TWINE_USERNAME = __token__\n    TWINE_PASSWORD = {_t}\ncommands = twine upload dist/*",
    _t,
)
_t = "hf_" + _r(34)
_s(
    "prefixed_token",
    "ray job submit --address http://10.0.3.7:8265 \\\n"
    f'  --runtime-env-json=\'{{"pip": ["vllm"], "env_vars": {{"HF_TOKEN": "{_t}"}}}}\' \\\n'
    "  -- python serve_llama.py",
    _t,
)
_t = "dp.pt." + _r(43)
_s(
    "prefixed_token",
    "$ doppler configure --all\n"
    "┌────────┬─────────────────────────────────────────────────────┬───────┐\n"
    "│ NAME   │ VALUE                                               │ SCOPE │\n"
    f"│ token  │ {_t} │ /     │\n"
    "└────────┴─────────────────────────────────────────────────────┴───────┘",
    _t,
)
_t = "glrt-" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    '  config.vm.provision "shell", inline: <<-SHELL\n    gitlab-runner register '
    "--non-interactive \\\n"
    f"      --url https://gitlab.acme.io --token {_t} \\\n      --executor docker --docker-image "
    "alpine:3.20\n  SHELL",
    _t,
)
_t = "hvs.CAESI" + _r(86, URLSAFE)
_s(
    "prefixed_token",
    "[vault_clients:vars]\nansible_hashi_vault_url=https://vault.acme.internal:8200\n"
    f"ansible_hashi_vault_token={_t}\nansible_hashi_vault_auth_method=token",
    _t,
)
_t = _ghp()
_s(
    "prefixed_token",
    f"$ cat -A ~/.Renviron\nGITHUB_PAT={_t}$\nR_LIBS_USER=~/R/library$",
    _t,
)
_t = (
    "glc_"
    + base64.b64encode(
        json.dumps(
            {"o": _r(7, DIGITS), "n": "alloy-writer", "k": _r(24), "m": {"r": "prod-eu-west-2"}}
        ).encode()
    ).decode()
)
_s(
    "prefixed_token",
    'prometheus.remote_write "grafana_cloud" {\n  endpoint {\n'
    '    url = "https://prometheus-prod-24-prod-eu-west-2.grafana.net/api/prom/push"\n'
    f'    basic_auth {{\n      username = "1873421"\n      password = "{_t}"\n    }}\n  }}\n}}',
    _t,
)
_t = "shptka_" + _hex(32)
_s(
    "prefixed_token",
    f'development:\n  password: {_t}\n  theme_id: "142118273054"\n  store: '
    "acme-outfitters.myshopify.com",
    _t,
)
_t = "sntryu_" + _hex(64)
_s(
    "prefixed_token",
    "  lane :upload_symbols do\n    sentry_debug_files_upload(\n"
    f'      auth_token: "{_t}",\n      org_slug: "acme", project_slug: "ios-app"\n    )\n  end',
    _t,
)
_t = "lin_api_" + _r(40)
_s(
    "prefixed_token",
    '{\n  "name": "linear",\n  "preferences": {\n'
    f'    "apiKey": "{_t}",\n    "defaultTeam": "ENG"\n  }}\n}}',
    _t,
)
_t = "ntn_" + _r(11, DIGITS) + _r(35)
_s(
    "prefixed_token",
    "    def test_sync_pages(notion_stub):\n>       assert sync(notion_stub) == 12\nE       "
    "assert 0 == 12\n\n"
    f"client     = Client(auth='{_t}', base_url='http://127.0.0.1:9911')\n"
    "notion_stub = <tests.fakes.NotionStub object at 0x7f3a9c0e2d10>",
    _t,
)
_t, _t2 = "ghu_" + _r(36), "ghr_" + _r(76)
_s(
    "prefixed_token",
    f'< HTTP/2 200\n{{"access_token":"{_t}","expires_in":28800,"refresh_token":"{_t2}",'
    '"refresh_token_expires_in":15811200,"scope":"","token_type":"bearer"}',
    _t,
    _t2,
)
_t = _slack("xoxp")
_s(
    "prefixed_token",
    '<?xml version="1.0" encoding="UTF-8"?>\n<plist version="1.0">\n<dict>\n'
    f"\t<key>slack_user_token</key>\n\t<string>{_t}</string>\n\t<key>default_status</key>\n"
    "\t<string>:coffee: focus</string>\n</dict>\n</plist>",
    _t,
)
_t = "sdk-" + _uuid()
_s(
    "prefixed_token",
    f'[Main]\nport = 8030\n\n[Environment "production"]\nsdkKey = {_t}\n\n[Redis]\nurl = redis://'
    "ld-cache:6379",
    _t,
)
_t = "sk.eyJ1IjoiYWNtZW1hcHMiLCJhIjoi" + _r(40, URLSAFE) + "." + _r(22, URLSAFE)
_s(
    "prefixed_token",
    f"machine api.mapbox.com\n  login mapbox\n  password {_t}",
    _t,
)
_t = "dop_v1_" + _hex(64)
_s(
    "prefixed_token",
    "provider: digitalocean\ndigitalocean:\n"
    f"  apiToken: {_t}\ndomainFilters:\n  - acme.dev\npolicy: sync",
    _t,
)
_t = f"{_r(7, DIGITS)}.pt.{_r(86, URLSAFE)}"
_s(
    "prefixed_token",
    "function pushTimesheets() {\n"
    f"  const HARVEST_TOKEN = '{_t}';\n"
    "  const resp = UrlFetchApp.fetch('https://api.harvestapp.com/v2/time_entries', {\n"
    "    headers: { 'Harvest-Account-Id': '1337420', Authorization: 'Bearer ' + HARVEST_TOKEN },\n"
    "  });",
    _t,
)

# ---------------------------------------------------------------- prefixed_token: look-alikes

_l(
    "prefixed_token",
    'const ik = new ImageKit({\n  publicKey: "public_' + _r(28) + '=",\n'
    '  urlEndpoint: "https://ik.imagekit.io/acme",\n  authenticationEndpoint: "/api/'
    'imagekit-auth",\n});',
)
_l(
    "prefixed_token",
    '<script src="https://js.stripe.com/v3/"></script>\n<script>\n'
    f"  const stripe = Stripe('pk_live_51{_r(97)}');\n</script>",
)
_l(
    "prefixed_token",
    "1. Create a classic token with the `repo` scope.\n2. Export it:\n\n"
    "   ```sh\n   export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n   ```",
)
_l(
    "prefixed_token",
    "$ gh auth status\ngithub.com\n  ✓ Logged in to github.com account mkowal (keyring)\n"
    "  - Active account: true\n  - Git operations protocol: https\n"
    "  - Token: gho_************************************\n  - Token scopes: 'gist', 'read:org', "
    "'repo'",
)
_l(
    "prefixed_token",
    f"GITHUB_APP_ID=1048213\nGITHUB_APP_CLIENT_ID=Iv23li{_r(14)}\n"
    "GITHUB_APP_PRIVATE_KEY_PATH=/run/secrets/gh-app.pem",
)
_l(
    "prefixed_token",
    f"<key>FacebookAppID</key>\n<string>{_r(16, DIGITS)}</string>\n<key>FacebookClientToken</key>\n"
    f"<string>{_hex(32)}</string>\n<key>FacebookDisplayName</key>\n<string>Acme Trips</string>",
)
_l(
    "prefixed_token",
    f"2026-11-30T10:04:55Z INFO sms.sent to=+4477009***21 sid=SM{_hex(32)} status=queued "
    "segments=1",
)
_l(
    "prefixed_token",
    f"TELEGRAM_CHAT_ID=-100{_r(10, DIGITS)}\nTELEGRAM_BOT_USERNAME=acme_deploy_bot\n"
    "TELEGRAM_BOT_TOKEN_FILE=/run/secrets/telegram",
)
_l(
    "prefixed_token",
    f"DISCORD_APPLICATION_ID={_r(19, DIGITS)}\nDISCORD_PUBLIC_KEY={_hex(64)}\n"
    "# the public key verifies Ed25519 signatures on interaction webhooks",
)
_l(
    "prefixed_token",
    "> Your key starts with `sk-proj-` and is only shown once. If you lose it, create a new one\n"
    "> and revoke the old key under *API keys*.",
)
_l(
    "prefixed_token",
    "slack:\n  bot_token: xoxb-your-bot-token\n  app_token: xapp-your-app-level-token\n"
    "  signing_secret: <from Basic Information>",
)
_l(
    "prefixed_token",
    "- name: Publish to PyPI\n  uses: pypa/gh-action-pypi-publish@release/v1\n  with:\n"
    "    password: ${{ secrets.PYPI_API_TOKEN }}\n    skip-existing: true",
)
_l(
    "prefixed_token",
    "##[group]Run huggingface-cli upload acme/tiny-llama ./out\nenv:\n  HF_TOKEN: ***\n"
    "  HF_HUB_ENABLE_HF_TRANSFER: 1\n##[endgroup]",
)
_l(
    "prefixed_token",
    f'const ldClient = LDClient.initialize("{_hex(24)}", {{ kind: "user", key: userId }});',
)
_l(
    "prefixed_token",
    "$ gh run list --limit 3\nSTATUS  TITLE             WORKFLOW  BRANCH  EVENT  ID           "
    "ELAPSED  AGE\n"
    f"✓       bump deps         CI        main    push   {_r(11, DIGITS)}  4m12s    about 1 hour "
    "ago\n"
    f"X       fix flaky login   CI        fix/ci  push   {_r(11, DIGITS)}  6m03s    about 2 hours "
    "ago",
)
_l(
    "prefixed_token",
    f"SLACK_TEAM_ID=T{_r(10, UPPER_AN)}\nSLACK_APP_ID=A{_r(10, UPPER_AN)}\n"
    f"SLACK_CHANNEL=C{_r(10, UPPER_AN)}",
)
_l(
    "prefixed_token",
    "Security notice: the token npm_…k3Qa that you created on 2026-09-02 was revoked because it "
    "was found in a public repository. No further action is needed.",
)


# ---------------------------------------------------------------- key_block: secrets

_ca = pem("CERTIFICATE", _b64(820))
_body = lines(_b64(1190))
_s(
    "key_block",
    "client\ndev tun\nproto udp\nremote vpn.acme.io 1194\nremote-cert-tls server\ncipher "
    "AES-256-GCM\n"
    f"<ca>\n{_ca}\n</ca>\n<key>\n-----BEGIN PRIVATE KEY-----\n"
    + "\n".join(_body)
    + "\n-----END PRIVATE KEY-----\n</key>",
    *_body,
)
_body = [_hex(32) for _ in range(16)]
_s(
    "key_block",
    "key-direction 1\n<tls-auth>\n#\n# 2048 bit OpenVPN static key\n#\n-----BEGIN OpenVPN Static "
    "key V1-----\n" + "\n".join(_body) + "\n-----END OpenVPN Static key V1-----\n</tls-auth>",
    *_body,
)
_pub = _fakes.raw(32)
_t = base64.b64encode(_fakes.raw(32) + _pub).decode()
_s(
    "key_block",
    "$ cat ~/.gaia/config/priv_validator_key.json\n{\n"
    f'  "address": "{_r(40, HEX).upper()}",\n  "pub_key": {{\n    "type": "tendermint/'
    'PubKeyEd25519",\n'
    f'    "value": "{base64.b64encode(_pub).decode()}"\n  }},\n  "priv_key": {{\n'
    f'    "type": "tendermint/PrivKeyEd25519",\n    "value": "{_t}"\n  }}\n}}',
    _t,
)
_t = "5820" + _hex(64)
_s(
    "key_block",
    '$ cat keys/payment.skey\n{\n    "type": "PaymentSigningKeyShelley_ed25519",\n'
    f'    "description": "Payment Signing Key",\n    "cborHex": "{_t}"\n}}',
    _t,
)
_body = lines(_b64(1190))
_s(
    "key_block",
    "[root@salt-master ~]# cat /etc/salt/pki/master/master.pem\n-----BEGIN RSA PRIVATE KEY-----\n"
    + "\n".join(_body)
    + "\n-----END RSA PRIVATE KEY-----\n[root@salt-master ~]#",
    *_body,
)
_body = _openssh_private()
_s(
    "key_block",
    "<com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey>\n"
    "  <scope>GLOBAL</scope>\n  <id>deploy-ssh</id>\n  <username>deploy</username>\n"
    '  <privateKeySource class="com.cloudbees.jenkins.plugins.sshcredentials.impl.'
    'BasicSSHUserPrivateKey$DirectEntryPrivateKeySource">\n'
    "    <privateKey>-----BEGIN OPENSSH PRIVATE KEY-----\n"
    + "\n".join(_body)
    + "\n-----END OPENSSH PRIVATE KEY-----</privateKey>\n  </privateKeySource>\n"
    "</com.cloudbees.jenkins.plugins.sshcredentials.impl.BasicSSHUserPrivateKey>",
    *_body,
)
_pub_line = _b64(51)
_body = lines(_b64(48), 64)
_s(
    "key_block",
    "bastion_ppk: |\n  PuTTY-User-Key-File-3: ssh-ed25519\n  Encryption: none\n"
    "  Comment: ops@bastion\n  Public-Lines: 2\n"
    + "\n".join("  " + x for x in lines(_pub_line))
    + "\n  Private-Lines: 1\n"
    + "\n".join("  " + x for x in _body)
    + f"\n  Private-MAC: {_hex(64)}",
    *_body,
)
_body = lines(_b64(121))
_s(
    "key_block",
    "package signer\n\n// testKey signs fixtures in integration tests against staging.\n"
    "const testKey = `-----BEGIN EC PRIVATE KEY-----\n"
    + "\n".join(_body)
    + "\n-----END EC PRIVATE KEY-----`\n",
    *_body,
)
_body = lines(_b64(1218))
_s(
    "key_block",
    'private val SERVICE_KEY = """\n'
    + "\n".join("    " + x for x in ["-----BEGIN PRIVATE KEY-----", *_body])
    + '\n    -----END PRIVATE KEY-----\n""".trimIndent()',
    *_body,
)
_body = lines(_b64(1190))
_s(
    "key_block",
    'defmodule Acme.Tokens do\n  @signing_key """\n  -----BEGIN RSA PRIVATE KEY-----\n'
    + "\n".join("  " + x for x in _body)
    + '\n  -----END RSA PRIVATE KEY-----\n  """\n\n  def signer, do: Joken.Signer.create("RS256", '
    '%{"pem" => @signing_key})',
    *_body,
)
_t = _hex(64)
_s(
    "key_block",
    f"[wallet 44AFFq]: spendkey\nsecret: {_t}\npublic: {_hex(64)}\n[wallet 44AFFq]: ",
    _t,
)
_t = base64.b64encode(pem("ED25519 PRIVATE KEY", _b64(48)).encode()).decode()
_s(
    "key_block",
    "context: prod\ncontexts:\n  prod:\n    endpoints:\n      - 10.20.0.11\n"
    f"    ca: {_b64(420)}\n    crt: {_b64(430)}\n    key: {_t}",
    _t,
)
_t = _hex(64)
_s(
    "key_block",
    '[upload-certs] Storing the certificates in Secret "kubeadm-certs" in the "kube-system" '
    "Namespace\n"
    f"[upload-certs] Using certificate key:\n{_t}\n[mark-control-plane] Marking the node cp-1 as "
    "control-plane",
    _t,
)
_t = _urlb64(32)
_s(
    "key_block",
    "oidc:\n  dynamic_client_registration:\n    enabled: false\n  jwks:\n    - |\n"
    f'      {{"kty":"OKP","crv":"Ed25519","kid":"2026-11","use":"sig","d":"{_t}",'
    f'"x":"{_urlb64(32)}"}}',
    _t,
)
_t = "AGE-SECRET-KEY-1" + _r(58, _BECH32).upper()
_s(
    "key_block",
    "───────┬──────────────────────────────────────────────────────────────────────\n"
    "       │ File: /home/lin/.config/sops/age/keys.txt\n"
    "───────┼──────────────────────────────────────────────────────────────────────\n"
    "   1   │ # created: 2026-10-02T11:42:07+02:00\n"
    f"   2   │ # public key: age1{_r(58, _BECH32)}\n   3   │ {_t}\n"
    "───────┴──────────────────────────────────────────────────────────────────────",
    _t,
)
_body = _openssh_private()
_s(
    "key_block",
    "Moni Chikondi, iyi ndi kiyi ya seva yatsopano ya staging, usaigawane ndi wina aliyense:\n```\n"
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    + "\n".join(_body)
    + "\n-----END OPENSSH PRIVATE KEY-----\n```",
    *_body,
)
_t = "SWMKEY-1-" + _r(43, B64)
_s(
    "key_block",
    "$ docker swarm update --autolock=true\nSwarm updated.\nTo unlock a swarm manager after it "
    "restarts, "
    "run the `docker swarm unlock`\ncommand and provide the following key:\n\n"
    f"    {_t}\n\nPlease remember to store this key in a password manager",
    _t,
)
_body = lines(_b64(2400))
_s(
    "key_block",
    "module.exports = {\n  platform: 'gitea',\n  endpoint: 'https://git.acme.io/api/v1',\n"
    "  gitPrivateKey: `-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
    + "\n".join(_body)
    + f"\n={_r(4, B64)}\n-----END PGP PRIVATE KEY BLOCK-----`,\n}};",
    *_body,
)
_t = base64.b64encode(pem("RSA PRIVATE KEY", _b64(1190)).encode()).decode()
_s(
    "key_block",
    "$ helm get manifest ingress-certs -n edge | head -12\n---\n# Source: certs/templates/"
    "tls.yaml\n"
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: wildcard-acme-dev\ntype: kubernetes.io/tls\n"
    "data:\n"
    f"  tls.crt: {_b64(1500)}\n  tls.key: {_t}",
    _t,
)

# ---------------------------------------------------------------- key_block: look-alikes

_l(
    "key_block",
    "client\ndev tun\nproto udp\nremote vpn.acme.io 1194\nauth-user-pass\nremote-cert-tls server\n"
    f"<ca>\n{pem('CERTIFICATE', _b64(820))}\n</ca>\nverb 3",
)
_l(
    "key_block",
    '$ cat keys/payment.vkey\n{\n    "type": "PaymentVerificationKeyShelley_ed25519",\n'
    f'    "description": "Payment Verification Key",\n    "cborHex": "5820{_hex(64)}"\n}}',
)
_l(
    "key_block",
    '  "validators": [\n    {\n'
    f'      "address": "{_hex(40).upper()}",\n      "pub_key": {{\n'
    f'        "type": "tendermint/PubKeyEd25519",\n        "value": "{_b64(32)}"\n      }},\n'
    '      "power": "10",\n      "name": "acme-val-0"\n    }\n  ]',
)
_l(
    "key_block",
    '{"keys":[{"kty":"OKP","crv":"Ed25519","kid":"2026-11","use":"sig","alg":"EdDSA",'
    f'"x":"{_urlb64(32)}"}},{{"kty":"EC","crv":"P-256","kid":"2026-05","use":"sig",'
    f'"x":"{_urlb64(32)}","y":"{_urlb64(32)}"}}]}}',
)
_l(
    "key_block",
    f"$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{_b64(32).rstrip('=')} lin@thinkpad "
    "(ED25519)",
)
_l(
    "key_block",
    "TASK [debug host key] *********************************************************\n"
    'ok: [web-03] => {\n    "msg": "' + _ssh_pub() + ' root@web-03"\n}',
)
_l(
    "key_block",
    "[root@salt-master ~]# cat /etc/salt/pki/master/master.pub\n" + pem("PUBLIC KEY", _b64(294)),
)
_l(
    "key_block",
    "<com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>\n  <scope>GLOBAL</"
    "scope>\n"
    "  <id>nexus-deploy</id>\n  <username>ci-deployer</username>\n"
    f"  <password>{{AQAAABAAAAAQ{_b64(48)}}}</password>\n"
    "</com.cloudbees.plugins.credentials.impl.UsernamePasswordCredentialsImpl>",
)
_enc_head = (
    base64.urlsafe_b64encode(
        json.dumps(
            {"alg": "PBES2-HS256+A128KW", "cty": "jwk+json", "enc": "A256GCM", "p2c": 600000}
        ).encode()
    )
    .decode()
    .rstrip("=")
)
_l(
    "key_block",
    '"provisioners": [{\n  "type": "JWK",\n  "name": "ops@acme.io",\n  "key": {\n    "use": "sig",'
    "\n"
    f'    "kty": "EC",\n    "kid": "{_urlb64(32)}",\n    "crv": "P-256",\n    "alg": "ES256",\n'
    f'    "x": "{_urlb64(32)}",\n    "y": "{_urlb64(32)}"\n  }},\n'
    f'  "encryptedKey": "{_enc_head}.{_urlb64(40)}.{_urlb64(12)}.{_urlb64(160)}.{_urlb64(16)}"\n'
    "}]",
)
_l(
    "key_block",
    "openssl x509 -pubkey -in /etc/kubernetes/pki/ca.crt | openssl rsa -pubin -outform der 2>/dev/"
    "null \\\n"
    f"  | openssl dgst -sha256 -hex\nSHA2-256(stdin)= {_hex(64)}",
)
_l(
    "key_block",
    "Import the bot's public signing key before enabling `gitPrivateKey` verification:\n\n"
    "-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n" + "\n".join(lines(_b64(1200))) + f"\n={_r(4, B64)}\n"
    "-----END PGP PUBLIC KEY BLOCK-----",
)
_l(
    "key_block",
    "Donations (XMR):\n4" + _r(94, BASE58),
)
_l(
    "key_block",
    f"$ minisign -Vm acme-cli-2.4.1-linux-amd64.tar.gz -P RWQ{_r(53, AN + '+/')}\n"
    "Signature and comment signature verified\nTrusted comment: "
    "timestamp:1764512345\tfile:acme-cli-2.4.1-linux-amd64.tar.gz",
)
_l(
    "key_block",
    '{\n "signed": {\n  "_type": "root",\n  "keys": {\n'
    f'   "{_hex(64)}": {{\n    "keytype": "ed25519",\n    "keyval": {{"public": "{_hex(64)}"}},\n'
    '    "scheme": "ed25519"\n   }\n  },\n  "roles": {"root": {"keyids": ["'
    + _hex(64)
    + '"], "threshold": 1}},\n  "version": 3\n }\n}',
)
_l(
    "key_block",
    "$ codesign -dv --verbose=4 Acme.app 2>&1 | sed -n 4,9p\n"
    f"CDHash={_hex(40)}\nSignature size=9043\nAuthority=Developer ID Application: Acme Ltd "
    "(7Q2K9XWZ3B)\n"
    "Authority=Developer ID Certification Authority\nAuthority=Apple Root CA\n"
    "TeamIdentifier=7Q2K9XWZ3B",
)
_l(
    "key_block",
    "$ apksigner verify --print-certs app-release.apk\n"
    "Signer #1 certificate DN: CN=Acme Mobile, O=Acme Ltd, C=GB\n"
    f"Signer #1 certificate SHA-256 digest: {_hex(64)}\nSigner #1 certificate SHA-1 digest: "
    f"{_hex(40)}\n"
    f"Signer #1 certificate MD5 digest: {_hex(32)}",
)
_l(
    "key_block",
    'command="/usr/local/bin/borg serve --restrict-to-path /srv/backups/web",restrict '
    f"{_ssh_pub()} web-01-backup\n"
    f'from="10.0.0.0/8" {_ssh_pub("ssh-rsa", 256)} ops-jump',
)


# ---------------------------------------------------------------- connection: secrets

_p = _urlpw()
_s(
    "connection",
    '{"level":"fatal","ts":1764553892.1183,"caller":"store/mysql.go:48","msg":"open database",'
    f'"dsn":"orders_rw:{_p}@tcp(db-orders.internal:3306)/orders?parseTime=true&tls=preferred",'
    '"error":"dial tcp 10.4.2.19:3306: i/o timeout"}',
    _p,
)
_p = _human()
_s(
    "connection",
    "$ jps -lvm\n48213 org.apache.catalina.startup.Bootstrap start -Xms2g -Xmx2g "
    "-Dpayroll.db.url=jdbc:sqlserver://sql01.acme.local:1433;databaseName=Payroll;"
    "user=svc_payroll;"
    f"password={_p};encrypt=true;trustServerCertificate=true -Dcatalina.base=/opt/tomcat\n51902 "
    "jdk.jcmd/sun.tools.jps.Jps -lvm",
    _p,
)
_p = _pw()
_s(
    "connection",
    f"  512  sqlplus system/{_p}@//ora19.acme.local:1521/ORCLPDB1 @patches/2026_11_rollback.sql",
    _p,
)
_p = _human()
_s(
    "connection",
    f"[db2inst1@db2-prod ~]$ db2 connect to SALESDB user db2inst1 using {_p}\n\n"
    "   Database Connection Information\n\n Database server        = DB2/LINUXX8664 11.5.9.0\n"
    " SQL authorization ID   = DB2INST1\n Local database alias   = SALESDB",
    _p,
)
_p = _pw()
_s(
    "connection",
    f"$ cqlsh -u app_rw -p '{_p}' cass-1.internal 9042 --ssl\nConnected to prod-ring at "
    "cass-1.internal:9042\n"
    "[cqlsh 6.1.0 | Cassandra 4.1.7 | CQL spec 3.4.6 | Native protocol v5]\napp_rw@cqlsh>",
    _p,
)
_p = _r(43, URLSAFE)
_s(
    "connection",
    f"cypher-shell -a neo4j+s://7f3e91ab.databases.neo4j.io -u neo4j -p {_p} \\\n"
    "  -f migrations/0007_add_supplier_index.cypher",
    _p,
)
_p = _human()
_s(
    "connection",
    'beeline -u "jdbc:hive2://hs2.acme.io:10000/default;ssl=true;transportMode=http;'
    'httpPath=cliservice" \\\n'
    f"  -n etl_batch -p '{_p}' -f sql/daily_rollup.hql",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "curl -s -X POST http://127.0.0.1:5984/_replicate -H 'Content-Type: application/json' -d '{\n"
    f'  "source": "http://admin:{_p}@couch-old.internal:5984/orders",\n'
    f'  "target": "http://admin:{_p}@127.0.0.1:5984/orders",\n  "create_target": true\n}}\'',
    _p,
)
_p = _human()
_s(
    "connection",
    f"[dbadmin@vert01 ~]$ vsql -h vert01.acme.local -U dbadmin -w '{_p}' -c \"SELECT node_name, "
    'node_state FROM nodes;"',
    _p,
)
_p = _pw()
_s(
    "connection",
    f'hdbsql -n hana01.acme.local:30015 -i 00 -u SYSTEM -p {_p} "SELECT * FROM M_SERVICES"',
    _p,
)
_p = _human()
_s(
    "connection",
    f"bteq <<'EOF' > logs/load_$(date +%F).log\n.LOGON tdprod/etl_user,{_p};\n"
    ".RUN FILE = sql/load_orders.btq;\n.LOGOFF;\n.QUIT;\nEOF",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    '{\n  "name": "dw-sink",\n  "config": {\n    "connector.class": '
    '"io.confluent.connect.jdbc.JdbcSinkConnector",\n'
    '    "connection.url": "jdbc:postgresql://dw.internal:5432/analytics?user=connect&'
    f'password={_p}",\n'
    '    "topics.regex": "orders\\\\..*",\n    "auto.create": "true"\n  }\n}',
    _p,
)
_id, _t = _r(19, DIGITS), _r(68, URLSAFE)
_s(
    "connection",
    "       - name: Notify Discord\n         if: failure()\n-        run: ./scripts/notify.sh\n"
    f"+        run: curl -H 'Content-Type: application/json' -d '{{\"content\":\"build failed\"}}' "
    f"https://discord.com/api/webhooks/{_id}/{_t}",
    _t,
)
_t = _r(26, LOWER_AN)
_s(
    "connection",
    f"ALERT_WEBHOOK=https://chat.acme.io/hooks/{_t}\nALERT_CHANNEL=ops-alerts",
    _t,
)
_p = _urlpw()
_s(
    "connection",
    f"$ git config --global http.proxy socks5h://lin:{_p}@proxy.corp.acme.local:1080\n"
    "$ git fetch origin\nremote: Enumerating objects: 14, done.",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "config :orders, Orders.Pipeline,\n  producer: [\n    module: {BroadwayRabbitMQ.Producer,\n"
    f'      queue: "orders.created",\n      connection: "amqps://orders:{_p}@rabbit.acme.io:5671/'
    'prod"}\n  ]',
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "```elixir\n{:ok, conn} =\n  Mongo.start_link(\n"
    f'    url: "mongodb+srv://analyst:{_p}@cluster0.q8xk2.mongodb.net/reports?retryWrites=true",\n'
    "    pool_size: 3\n  )\n```",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    '%spark\nval orders = spark.read\n  .format("jdbc")\n'
    f'  .option("url", "jdbc:mysql://mysql-ro.internal:3306/shop?user=zeppelin&password={_p}")\n'
    '  .option("dbtable", "orders")\n  .load()',
    _p,
)
_p = _r(32)
_s(
    "connection",
    f"Nov 30 21:14:08 worker-2 rq[1822]: rq worker --url redis://:{_p}@10.0.0.5:6379/2 high "
    "default low\n"
    "Nov 30 21:14:08 worker-2 rq[1822]: 21:14:08 Worker rq:worker:3c1e started with PID 1822, "
    "version 2.0.0",
    _p,
)
_p = _pw()
_s(
    "connection",
    'ldapsearch -H ldaps://dc01.corp.acme.local -D "CN=svc-ldap,OU=Service Accounts,DC=corp,'
    'DC=acme,DC=local" \\\n'
    f'  -w \'{_p}\' -b "OU=Staff,DC=corp,DC=acme,DC=local" "(sAMAccountName=mkowal)" mail memberOf',
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "FROM debian:12-slim\nARG SDK_VERSION=4.2\n"
    f"RUN wget -q ftp://builds:{_p}@ftp.vendor-sdk.com/sdk/sdk-${{SDK_VERSION}}.tar.gz \\\n"
    "    && tar -xzf sdk-${SDK_VERSION}.tar.gz -C /opt",
    _p,
)
_p = _pw()
_s(
    "connection",
    "[14:02:11 ERR] Failed to open connection for tenant acme-uk "
    '{"ConnectionString": "Driver={ODBC Driver 18 for SQL Server};'
    "Server=tcp:sql-uk.acme.local,1433;"
    f'Database=Tenants;Uid=tenant_app;Pwd={_p};Encrypt=yes;", "SourceContext": "Acme.Tenancy.Db"}}',
    _p,
)
_p = _urlpw()
_s(
    "connection",
    f"$ mosquitto_sub -L 'mqtts://sensor-gw:{_p}@broker.acme.io:8883/site/+/temperature' -v\n"
    "site/lab/temperature 21.4\nsite/cold-room/temperature 3.9",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "datasources:\n  warehouse:\n    class_name: Datasource\n    execution_engine:\n"
    "      class_name: SqlAlchemyExecutionEngine\n"
    f"      connection_string: snowflake://ge_runner:{_p}@acme-eu1/ANALYTICS/"
    "PUBLIC?warehouse=GE_WH&role=QA",
    _p,
)
_p = _urlpw()
_s(
    "connection",
    "output {\n  elasticsearch {\n"
    f'    hosts => ["https://logstash_writer:{_p}@es01.acme.local:9200"]\n'
    '    index => "app-logs-%{+YYYY.MM.dd}"\n  }\n}',
    _p,
)
_p = _human()
_s(
    "connection",
    "spring:\n  datasource:\n"
    f"    url: jdbc:oracle:thin:billing/{_p}@//ora-bill.acme.local:1521/BILLPDB\n"
    "    driver-class-name: oracle.jdbc.OracleDriver",
    _p,
)

# ---------------------------------------------------------------- connection: look-alikes

_l(
    "connection",
    "QuestDB speaks the Postgres wire protocol on port 8812; the default credentials are admin/"
    "quest:\n\n"
    "    psql postgresql://admin:quest@localhost:8812/qdb",
)
_l(
    "connection",
    "-- sample schema, ships with every Oracle training VM\n"
    "sqlplus scott/tiger@//localhost:1521/XEPDB1\nSQL> SELECT ename, sal FROM emp WHERE deptno = "
    "10;",
)
_l(
    "connection",
    "$ cypher-shell -u neo4j -p neo4j\nThe client is unauthorized due to authentication failure.\n"
    "# first login on a fresh install must change the default password (neo4j/neo4j)",
)
_l(
    "connection",
    "By default Cassandra ships with PasswordAuthenticator disabled; after enabling it log in "
    "with\n"
    "`cqlsh -u cassandra -p cassandra`, create a superuser of your own and drop the default one.",
)
_l(
    "connection",
    '"connection.url": "jdbc:postgresql://dw.internal:5432/analytics",\n'
    '"connection.user": "connect",\n'
    '"connection.password": "${file:/opt/kafka/secrets/dw.properties:password}",',
)
_l(
    "connection",
    "2026-11-30T08:12:44.019Z INFO  [reports] connected to mongodb+srv://"
    "analyst:****@cluster0.q8xk2.mongodb.net/reports "
    "(pool=3, rtt=18ms)",
)
_l(
    "connection",
    'db, err := sql.Open("mysql", "root@tcp(127.0.0.1:3306)/test?parseTime=true")  // CI service '
    "container, no password",
)
_l(
    "connection",
    '"ConnectionStrings": {\n  "Reporting": "Server=sql-rpt.corp.acme.local;Database=Reporting;'
    'Trusted_Connection=yes;Encrypt=yes;TrustServerCertificate=no"\n}',
)
_l(
    "connection",
    "<scm>\n  <connection>scm:git:https://github.com/acme/ledger.git</connection>\n"
    "  <developerConnection>scm:git:ssh://git@github.com/acme/ledger.git</developerConnection>\n"
    "  <tag>v3.8.0</tag>\n</scm>",
)
_l(
    "connection",
    "services:\n  app:\n    environment:\n"
    "      COUCHDB_URL: http://admin:${COUCHDB_PASSWORD:?set it in .env}@couchdb:5984",
)
_l(
    "connection",
    "$ env | grep -i proxy\nALL_PROXY=socks5h://127.0.0.1:1080\nNO_PROXY=localhost,127.0.0.1,"
    ".acme.local",
)
_l(
    "connection",
    "Incoming webhooks look like `https://your-mattermost-server.com/hooks/xxx-generatedkey-xxx`; "
    "paste yours into the `ALERT_WEBHOOK` repository secret.",
)
_l(
    "connection",
    "# public read-only test directory, documented by its operator\n"
    'ldapsearch -H ldap://ldap.forumsys.com:389 -D "cn=read-only-admin,dc=example,dc=com" -w '
    "password \\\n"
    '  -b "dc=example,dc=com" "(uid=tesla)"',
)
_l(
    "connection",
    "spring.datasource.url=jdbc:sqlserver://sql01.acme.local:1433;databaseName=Payroll;"
    "authentication=ActiveDirectoryManagedIdentity;encrypt=true",
)
_l(
    "connection",
    "bteq <<EOF\n.LOGON tdprod/etl_user,${TD_PASS};\n.RUN FILE = sql/load_orders.btq;\n.LOGOFF;\n"
    "EOF",
)
_l(
    "connection",
    "datasources:\n  warehouse:\n    execution_engine:\n      class_name: "
    "SqlAlchemyExecutionEngine\n"
    "      connection_string: ${SNOWFLAKE_CONNECTION_STRING}",
)


# ---------------------------------------------------------------- config_syntax: secrets (everyday)

_p = _pw()
_s(
    "config_syntax",
    "[program:api]\ncommand=/srv/api/venv/bin/gunicorn acme.wsgi -b 127.0.0.1:8000\n"
    f'environment=DJANGO_SETTINGS_MODULE="acme.settings.prod",DB_PASSWORD="{_p}",'
    'SENTRY_ENV="prod"\n'
    "autorestart=true",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    f"web: bin/start-nginx bundle exec puma -C config/puma.rb\nrelease: ADMIN_PASSWORD='{_p}' bin/"
    "rails db:migrate admin:ensure",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    "0|api      | 2026-11-30T12:00:03: Loaded config {\n0|api      |   db: { host: 'pg-main', "
    "port: 5432, user: 'api', "
    f"password: '{_p}' }},\n0|api      |   cache: {{ ttl: 300 }}\n0|api      | }}",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "Nov 30 07:31:52 app-01 gunicorn[812]: [settings] EMAIL_HOST=smtp.acme.io\n"
    f"Nov 30 07:31:52 app-01 gunicorn[812]: [settings] EMAIL_HOST_PASSWORD={_p}\n"
    "Nov 30 07:31:52 app-01 gunicorn[812]: [INFO] Booting worker with pid: 815",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    '@nox.session(python="3.12")\ndef integration(session):\n    session.install("-e", ".[test]")\n'
    f'    session.env["PGPASSWORD"] = "{_p}"\n    session.run("pytest", "tests/integration")',
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    '[tool.pytest.ini_options]\naddopts = "-ra"\nenv = [\n    '
    '"DJANGO_SETTINGS_MODULE=acme.settings.ci",\n'
    f'    "PAYMENTS_SANDBOX_PASSWORD={_p}",\n]',
    _p,
)
_p = _r(24)
_s(
    "config_syntax",
    "REGISTRY ?= registry.acme.io\nexport REGISTRY_USER ?= ci-pusher\n"
    f"export REGISTRY_PASSWORD ?= {_p}\n\npush:\n\tdocker login $(REGISTRY) -u $(REGISTRY_USER) "
    '--password-stdin <<< "$$REGISTRY_PASSWORD"',
    _p,
)
_p = _r(48, URLSAFE)
_s(
    "config_syntax",
    "load('ext://secret', 'secret_from_dict')\n"
    f"k8s_yaml(secret_from_dict('api-env', inputs={{\n    'JWT_SECRET': '{_p}',\n    'LOG_LEVEL': "
    "'debug',\n}))",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "secretGenerator:\n- name: grafana-admin\n  literals:\n  - admin-user=admin\n"
    f"  - admin-password={_p}\ngeneratorOptions:\n  disableNameSuffixHash: true",
    _p,
)
_t = base64.b64encode(f"ci-pusher:{_pw()}".encode()).decode()
_s(
    "config_syntax",
    '$ echo "{\\"auths\\":{\\"$CI_REGISTRY\\":{\\"auth\\":\\"$(printf \'%s:%s\' ...)\\"}}}" > /'
    "kaniko/.docker/config.json\n"
    f'$ cat /kaniko/.docker/config.json\n{{"auths":{{"registry.acme.io":{{"auth":"{_t}"}}}}}}',
    _t,
)
_p = _pw()
_s(
    "config_syntax",
    "providers:\n  dockerRegistry:\n    enabled: true\n    accounts:\n    - name: dockerhub\n"
    f"      address: https://index.docker.io\n      username: acmebuild\n      password: {_p}\n"
    "      repositories:\n      - acme/api",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "image: Visual Studio 2022\nenvironment:\n  ASPNETCORE_ENVIRONMENT: Test\n"
    f"  TEST_DB_PASSWORD: {_p}\nbuild_script:\n  - dotnet test -c Release",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    "container:\n  image: node:22\nenv:\n"
    f"  NPM_REGISTRY_PASSWORD: {_p}\n  NODE_ENV: test\ntest_task:\n  script: npm ci && npm test",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "image: alpine/edge\npackages:\n  - rsync\nenvironment:\n"
    f"  deploy_host: docs.acme.dev\n  deploy_pass: {_p}\ntasks:\n  - deploy: |\n      sshpass -e "
    "rsync -a site/ web@$deploy_host:/srv/docs",
    _p,
)
_t = f"K10{_hex(64)}::server:{_hex(32)}"
_s(
    "config_syntax",
    "curl -sfL https://get.k3s.io | K3S_URL=https://10.0.0.2:6443 \\\n"
    f"  K3S_TOKEN={_t} sh -s - agent --node-label zone=b",
    _t,
)
_t = f"{_r(6, LOWER_AN)}.{_r(16, LOWER_AN)}"
_s(
    "config_syntax",
    f"You can now join any number of worker nodes by running the following on each as root:\n\n"
    f"kubeadm join 10.0.0.2:6443 --token {_t} \\\n"
    f"\t--discovery-token-ca-cert-hash sha256:{_hex(64)}",
    _t,
)
_p = _human()
_s(
    "config_syntax",
    f"$ sudo cat /etc/rsyncd.secrets\nbackup:{_p}\n$ grep secrets /etc/rsyncd.conf\n    secrets "
    "file = /etc/rsyncd.secrets",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f'PS C:\\> sc.exe config AcmeAgent obj= "CORP\\svc_agent" password= "{_p}"\n[SC] '
    "ChangeServiceConfig SUCCESS",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "**********************\nPowerShell transcript start\nStart time: 20261130091502\n"
    "**********************\n"
    f"PS C:\\Users\\admin> net user deploy {_p} /add /expires:never\nThe command completed "
    "successfully.",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f"Invoke-Sqlcmd -ServerInstance 'sql01.corp.acme.local' -Username sa -Password '{_p}' `\n"
    "  -Database Payroll -Query 'EXEC dbo.RebuildIndexes' -QueryTimeout 600",
    _p,
)
_p, _p2 = _human(), _pw()
_s(
    "config_syntax",
    "keytool -importkeystore -srckeystore star_acme_io.p12 -srcstoretype PKCS12 \\\n"
    f"  -srcstorepass '{_p}' -destkeystore /opt/app/conf/keystore.jks -deststorepass '{_p2}'",
    _p,
    _p2,
)
_p = _pw()
_s(
    "config_syntax",
    "openssl pkcs12 -export -in star_acme_io.crt -inkey star_acme_io.key \\\n"
    f"  -certfile chain.pem -out star_acme_io.pfx -passout pass:{_p}",
    _p,
)
_p, _p2 = _pw(), _human()
_s(
    "config_syntax",
    f'# /etc/ipsec.secrets\nvpn.acme.io %any : PSK "{_p}"\ncarol : EAP "{_p2}"\n: RSA '
    "vpn.acme.io.key.pem",
    _p,
    _p2,
)
_p = _pw()
_s(
    "config_syntax",
    '{\n  "name": "inventory-cdc",\n  "config": {\n    "connector.class": '
    '"io.debezium.connector.mysql.MySqlConnector",\n'
    '    "database.hostname": "mysql-inv.internal",\n    "database.user": "debezium",\n'
    f'    "database.password": "{_p}",\n    "topic.prefix": "inv"\n  }}\n}}',
    _p,
)
_p = _human()
_s(
    "config_syntax",
    'output.elasticsearch:\n  hosts: ["https://es01.acme.local:9200"]\n  username: '
    '"filebeat_writer"\n'
    f'  password: "{_p}"\n  ssl.certificate_authorities: ["/etc/filebeat/ca.crt"]',
    _p,
)
_t = _b64(64)
_s(
    "config_syntax",
    '[[outputs.influxdb_v2]]\n  urls = ["https://influx.acme.io:8086"]\n'
    f'  token = "{_t}"\n  organization = "acme"\n  bucket = "telegraf"',
    _t,
)
_p = _pw()
_s(
    "config_syntax",
    'input {\n  jdbc {\n    jdbc_connection_string => "jdbc:postgresql://pg-ro:5432/shop"\n'
    f'    jdbc_user => "logstash"\n    jdbc_password => "{_p}"\n    schedule => "*/5 * * * *"\n  '
    "}\n}",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    f"$ jcmd 4821 VM.system_properties | grep -i pass\njavax.net.ssl.keyStorePassword={_p}\n"
    "javax.net.ssl.trustStorePassword=changeit",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f'irb(main):001> ENV.fetch("SMTP_PASSWORD")\n=> "{_p}"\nirb(main):002> ENV.fetch("SMTP_USER")\n'
    '=> "postmaster@mg.acme.io"',
    _p,
)
_p = _r(64, HEX)
_s(
    "config_syntax",
    "Welcome to Node.js v22.11.0.\n> require('dotenv').config(); process.env.SESSION_SECRET\n"
    f"'{_p}'\n> ",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "    def test_settings_loaded(settings):\n>       assert settings.as_dict() == EXPECTED\n"
    f"E       AssertionError: assert {{'db_host': 'pg', 'db_password': '{_p}', 'debug': False}} == "
    "{'db_host': 'pg', 'debug': False}\nE         Left contains 1 more item:",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    '{"event": "smtp configured", "host": "smtp.acme.io", "port": 587, "user": "noreply", '
    f'"password": "{_p}", '
    '"level": "debug", "timestamp": "2026-11-30T10:11:12.345Z"}',
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "2026-11-30 12:01:02.331 | DEBUG    | app.settings:load:44 - "
    f"Settings(db_host='pg-main', db_user='app', db_password='{_p}', redis_url='redis://"
    "cache:6379/0')",
    _p,
)
_p = _r(32)
_s(
    "config_syntax",
    'time=2026-11-30T12:00:00.412Z level=DEBUG msg="loaded config" redis.addr=cache:6379 '
    f"redis.password={_p} redis.db=3",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    '2026-11-30T12:00:00.118204Z DEBUG mailer::config: loaded smtp_host="smtp.acme.io" '
    f'smtp_user="noreply" smtp_password="{_p}"',
    _p,
)
_p = _human()
_s(
    "config_syntax",
    '12:00:01.442 [debug] Repo config: [username: "orders", '
    f'password: "{_p}", hostname: "pg-orders", database: "orders_prod", pool_size: 10]',
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f'^a91c3e2 (Lin Kowal   2026-11-02 14:01:22 +0100 12) SMTP_PASSWORD = "{_p}"\n'
    "^a91c3e2 (Lin Kowal   2026-11-02 14:01:22 +0100 13) SMTP_PORT = 587",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    f"commit {_hex(40)}\nAuthor: Ana Ruiz <ana@acme.io>\nDate:   Mon Nov 30 10:02:11 2026 +0100\n\n"
    "    point staging at the new db\n\ndiff --git a/acme/settings/staging.py b/acme/settings/"
    "staging.py\n"
    "@@ -21,7 +21,7 @@ DATABASES = {\n         'USER': 'acme',\n"
    f"-        'PASSWORD': os.environ['DB_PASSWORD'],\n+        'PASSWORD': '{_p}',\n         "
    "'HOST': 'pg-staging',",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f"$ grep -rn admin_password config/\nconfig/prod.ini:17:admin_password = {_p}\nconfig/"
    "dev.ini:17:admin_password =",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    f"$ history | grep PGPASS\n  233  export PGPASSWORD='{_p}'\n  241  history | grep PGPASS",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f"@echo off\nset DB_SERVER=sql01\nset DB_USER=etl\nset DB_PASS={_p}\ncall run_etl.cmd "
    "%DB_SERVER% %DB_USER%",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "service,host,user,password,notes\n"
    f"sftp-partner,sftp.partner-logistics.com,acme_in,{_p},rotate quarterly\n"
    "smtp-relay,smtp.acme.io,relay,see vault,",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    "| env | db user | db password | owner |\n|-----|---------|-------------|-------|\n"
    f"| staging | app_stg | `{_p}` | @ana |\n| prod | app | in 1Password | @lin |",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "2026-11-30T09:14:22Z WARN deploy: rendered payload "
    f'"{{\\"db\\":{{\\"host\\":\\"pg\\",\\"user\\":\\"app\\",\\"password\\":\\"{_p}\\"}},'
    '\\"debug\\":false}"',
    _p,
)
_t = base64.b64encode(
    f"database:\n  host: pg\n  user: app\n  password: {_pw()}\n".encode()
).decode()
_s(
    "config_syntax",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: app-config\ntype: Opaque\ndata:\n  "
    f"config.yaml: {_t}",
    _t,
)
_p = _pw()
_s(
    "config_syntax",
    '"C:\\Program Files\\IIS\\Microsoft Web Deploy V3\\msdeploy.exe" -verb:sync ^\n'
    '  -source:contentPath="%CD%\\publish" ^\n'
    "  -dest:contentPath=AcmeWeb,computerName=https://web01:8172/msdeploy.axd,userName=deploy,"
    f"password={_p},authType=Basic ^\n"
    "  -allowUntrusted",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    'Vagrant.configure("2") do |config|\n  config.vm.box = "acme/win2022"\n  config.ssh.username '
    '= "vagrant"\n'
    f'  config.winrm.password = "{_p}"\nend',
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    '"properties": {\n  "default.url": {"name": "default.url", "value": "jdbc:postgresql://'
    'pg-ro:5432/dw", "type": "string"},\n'
    '  "default.user": {"name": "default.user", "value": "zeppelin", "type": "string"},\n'
    f'  "default.password": {{"name": "default.password", "value": "{_p}", "type": "password"}}\n'
    "}",
    _p,
)
_t = _r(37, LOWER_AN)
_s(
    "config_syntax",
    "function setup() {\n  PropertiesService.getScriptProperties()\n"
    f"    .setProperty('SMARTSHEET_TOKEN', '{_t}');\n}}",
    _t,
)
_t = _uuid()
_s(
    "config_syntax",
    '"context_servers": {\n  "exa": {\n    "command": {\n      "path": "npx",\n'
    '      "args": ["-y", "exa-mcp-server"],\n'
    f'      "env": {{ "EXA_API_KEY": "{_t}" }}\n    }}\n  }}\n}}',
    _t,
)
_t = _jwt(
    {
        "tid": int(_r(9, DIGITS)),
        "aai": 11,
        "uid": int(_r(8, DIGITS)),
        "iad": "2026-11-02T10:11:12.000Z",
        "per": "me:write",
        "actid": int(_r(7, DIGITS)),
        "rgn": "euc1",
    },
    alg="HS256",
)
_s(
    "config_syntax",
    f"MONDAY_API_TOKEN={_t}\nMONDAY_BOARD_ID=1873420011",
    _t,
)
_t = f"{_r(22)}-{_r(6, DIGITS)}-{_r(20)}"
_s(
    "config_syntax",
    '{\n  "scripts": {\n    "pull-components": "storyblok pull-components --space 287341"\n  '
    "},\n"
    f'  "storyblok": {{ "oauthToken": "{_t}", "region": "eu" }}\n}}',
    _t,
)
_t = f"u{_r(7, DIGITS)}-{_hex(24)}"
_s(
    "config_syntax",
    f"# statuspage sync\nUPTIMEROBOT_API_KEY={_t}\nUPTIMEROBOT_MONITORS=797341,797342",
    _t,
)
_t = _r(32)
_s(
    "config_syntax",
    f'provider "equinix" {{\n  auth_token = "{_t}"\n}}\n\nresource "equinix_metal_device" "edge" '
    '{\n  plan = "c3.small.x86"',
    _t,
)
_t = _hex(32)
_s(
    "config_syntax",
    f"[rackspace_cloud]\nusername = acme-ops\napi_key = {_t}\nregion = LON",
    _t,
)
_p = _pw()
_s(
    "config_syntax",
    "couchbase-cli cluster-init -c cb1.acme.local --cluster-username Administrator \\\n"
    f"  --cluster-password '{_p}' --services data,index,query --cluster-ramsize 4096",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "const conn = await r.connect({\n  host: 'rethink.internal',\n  port: 28015,\n  user: 'admin',"
    "\n"
    f"  password: '{_p}',\n}});",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    "# server.conf\npg.enabled=true\npg.net.bind.to=0.0.0.0:8812\npg.user=admin\n"
    f"pg.password={_p}\n"
    "http.security.readonly=false",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    f"monero-wallet-cli --wallet-file ~/wallets/ops --password '{_p}' --daemon-address "
    "node.acme.io:18089 \\\n"
    "  --command transfer 4Bxy... 0.5",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f"# pillar/mysql.sls\nmysql:\n  server:\n    root_password: {_p}\n    bind_address: 0.0.0.0",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    'import Config\n\nconfig :acme, Acme.Repo,\n  username: "acme",\n'
    f'  password: "{_p}",\n  hostname: "pg-prod.internal",\n  pool_size: 15',
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    "mavenCentralUsername=acme-release\n"
    f"mavenCentralPassword={_p}\nsigning.keyId=8F31C2A9\nRELEASE_SIGNING_ENABLED=true",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "# group_vars/prod/main.yml (TODO: move to vault)\n"
    f"db_user: acme\ndb_password: {_p}\ndb_host: pg-prod.internal",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    "---\nprofile::db::host: 'pg-prod.internal'\nprofile::db::user: 'acme'\n"
    f"profile::db::password: '{_p}'",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    '  services.nextcloud = {\n    enable = true;\n    hostName = "cloud.acme.home";\n'
    f'    config.adminuser = "root";\n    config.adminpass = "{_p}";\n  }};',
    _p,
)
_p, _p2 = _pw(), _pw()
_s(
    "config_syntax",
    f"$ dotnet user-secrets list\nSmtp:Password = {_p}\nConnectionStrings:Default = "
    "Server=localhost;Database=Acme;User Id=sa;"
    f"Password={_p2};TrustServerCertificate=True",
    _p,
    _p2,
)
_p = _human()
_s(
    "config_syntax",
    f"> config('mail.mailers.smtp.password')\n= \"{_p}\"\n\n> config('mail.mailers.smtp.host')\n= "
    '"smtp.mailgun.org"',
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    "spring.mail.host=smtp.office365.com\nspring.mail.port=587\n"
    "spring.mail.username=noreply@acme.io\n"
    f"spring.mail.password={_p}",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "javax.sql.DataSource.ds.dataSourceClassName=org.postgresql.ds.PGSimpleDataSource\n"
    "javax.sql.DataSource.ds.dataSource.user=helidon\n"
    f"javax.sql.DataSource.ds.dataSource.password={_p}",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    "database:\n  driverClass: org.postgresql.Driver\n  user: inventory\n"
    f"  password: {_p}\n  url: jdbc:postgresql://pg:5432/inventory\n  maxSize: 32",
    _p,
)
_t = _r(20, UPPER_AN)
_s(
    "config_syntax",
    "## Name of the node\n-name acme@10.0.1.14\n\n## Cookie for distributed erlang\n-setcookie "
    f"{_t}\n\n+K true",
    _t,
)
_t = _r(20, UPPER_AN)
_s(
    "config_syntax",
    f"root@rabbit-2:~# cat /var/lib/rabbitmq/.erlang.cookie; echo\n{_t}\nroot@rabbit-2:~#",
    _t,
)
_p = _human()
_s(
    "config_syntax",
    "c.JupyterHub.authenticator_class = 'dummy'\n"
    f"c.DummyAuthenticator.password = '{_p}'\nc.Spawner.default_url = '/lab'",
    _p,
)
_p, _t = _pw(), _r(32)
_s(
    "config_syntax",
    "$cfg['Servers'][$i]['host'] = 'mysql-prod';\n$cfg['Servers'][$i]['auth_type'] = 'config';\n"
    f"$cfg['Servers'][$i]['user'] = 'root';\n$cfg['Servers'][$i]['password'] = '{_p}';\n"
    f"$cfg['blowfish_secret'] = '{_t}';",
    _p,
    _t,
)
_t = _r(24)
_s(
    "config_syntax",
    "<?php\n$config['db_dsnw'] = 'mysql://roundcube:' . getenv('RC_DB_PASS') . '@localhost/"
    "roundcube';\n"
    f"$config['des_key'] = '{_t}';\n$config['plugins'] = ['archive', 'zipdownload'];",
    _t,
)
_p = _human()
_s(
    "config_syntax",
    "<?php\n$parameters = array(\n\t'mailer_transport' => 'smtp',\n\t'mailer_host' => "
    "'smtp.acme.io',\n"
    f"\t'mailer_user' => 'mautic',\n\t'mailer_password' => '{_p}',\n);",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f"# resource.cfg\n$USER1$=/usr/lib/nagios/plugins\n$USER3$=monitor\n$USER4$={_p}",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    "<?php\n$database_type     = 'mysql';\n$database_default  = 'cacti';\n$database_username = "
    "'cactiuser';\n"
    f"$database_password = '{_p}';",
    _p,
)
_p, _p2 = _pw(), _pw()
_s(
    "config_syntax",
    f'# /etc/snmp/snmpd.conf\ncreateUser monitor SHA-256 "{_p}" AES "{_p2}"\nrouser monitor priv',
    _p,
    _p2,
)
_p = _r(14, LOWER_AN)
_s(
    "config_syntax",
    f'set snmp community "{_p}" authorization read-only\nset snmp community "{_p}" clients '
    "10.20.0.0/24",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    f"userlist stats_users\n    user admin insecure-password {_p}\n\nlisten stats\n    bind :8404\n"
    "    stats enable\n    acl auth_ok http_auth(stats_users)",
    _p,
)
_p = _r(8)
_s(
    "config_syntax",
    "vrrp_instance VI_1 {\n    state MASTER\n    interface eth0\n    virtual_router_id 51\n"
    f"    authentication {{\n        auth_type PASS\n        auth_pass {_p}\n    }}\n    "
    "virtual_ipaddress { 10.0.0.100 }\n}",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f"[root@node1 ~]# pcs host auth node1 node2 -u hacluster -p '{_p}'\nnode1: Authorized\nnode2: "
    "Authorized",
    _p,
)
_p = _r(24)
_s(
    "config_syntax",
    f'resource r0 {{\n  net {{\n    cram-hmac-alg sha256;\n    shared-secret "{_p}";\n  }}\n  on '
    "node1 { address 10.0.5.1:7789; }\n}",
    _p,
)
_p = _r(16)
_s(
    "config_syntax",
    "node.session.auth.authmethod = CHAP\nnode.session.auth.username = iqn.2026-11.io.acme:web01\n"
    f"node.session.auth.password = {_p}",
    _p,
)
_p = _r(20)
_s(
    "config_syntax",
    f"client wifi-controller {{\n    ipaddr = 10.30.0.5\n    secret = {_p}\n    shortname = unifi\n"
    "}",
    _p,
)


# ---------------------------------------------------------------- config_syntax: secrets in prose

_p = _human()
_s(
    "config_syntax",
    f"[09:12] Palesa: Lumela Thabo, phasewete ea database ea staging ke {_p} — o se ke oa e "
    "arolelana le motho e mong.",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f"Moni Chikondi,\n\nMawu achinsinsi a seva ya FTP ndi: {_p}\nChonde musawagawane ndi wina "
    "aliyense.\n\nZikomo, Kondwani",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    f"Akkam Caaltuu, jecha iccitii database qophii kanaa: {_p}. Nama biraatti hin kenninaa.",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f"Mba'éichapa Ramón! Ko'ápe oĩ ñe'ẽñemi servidor-pegua: {_p} — ani rehechauka avavépe.",
    _p,
)
_p = _human()
_s("config_syntax", f"Kamisaki Wara, servidor ukan jamasat arupax akawa: {_p}", _p)
_p = _pw()
_s(
    "config_syntax",
    f"Turi, a password dû server di staging è {_p}, nun ci la dari a nuddu. Grazzi!",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    f"Mandi Checo, la password dal database di prove e je {_p}, no sta dâle a nissun.",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f"Allegra Gion, il pled-clav da la banca da datas è {_p}. Betg al dar a enzatgi auter.",
    _p,
)
_p = _human()
_s("config_syntax", f"Dobry dźeń Jan, hesło za serwer je {_p}. Prošu njedawaj je nikomu.", _p)
_p = _pw()
_s(
    "config_syntax",
    f"Buorre beaivi Máret! Servera beassansátni lea {_p}. Ale juoge dan earáiguin.",
    _p,
)
_p = _human()
_s("config_syntax", f"Салам, Иван! Серверăн паролĕ: {_p}. Никама та ан пар.", _p)
_p = _pw()
_s("config_syntax", f"Сәләм, Азат! Сервер пароле: {_p} — бер кемгә лә бирмә.", _p)  # noqa: RUF001
_p = _human()
_s(
    "config_syntax",
    f"Om Swastyastu Bli Made, kata sandi server-e {_p}, sampunang kaicen ring anak lian nggih.",
    _p,
)
_p = _pw()
_s(
    "config_syntax",
    f"Maupay nga aga Nonoy, an password han database amo an {_p}. Ayaw ini ipakita ha iba.",
    _p,
)
_p = _human()
_s(
    "config_syntax",
    f"Nyob zoo Txiv Neeb, lo lus zais ntawm server yog {_p}. Tsis txhob qhia rau lwm tus.",
    _p,
)
_t = _r(40)
_s(
    "config_syntax",
    f"Bondia Maun Zé, API key ba sistema pagamentu mak {_t}. Labele fó ba ema seluk.",
    _t,
)
_p = _pw()
_s("config_syntax", f"سلام علي، سرور جو پاسورڊ {_p} آهي. ڪنهن کي به نه ڏيو.", _p)
_p = _human()
_s("config_syntax", f"އައްސަލާމު ޢަލައިކުމް، ސަރވަރުގެ ޕާސްވޯޑަކީ {_p}. އެހެން މީހަކަށް ނުދޭށެވެ.", _p)
_p = _pw()
_s(
    "config_syntax",
    f"Bula vinaka Sera, na password ni server e {_p}. Kakua ni vakaraitaka vei ira tale eso.",
    _p,
)
_p = _human()
_s("config_syntax", f"བཀྲ་ཤིས་བདེ་ལེགས། server གི་གསང་ཚིག་ནི {_p} ཡིན། མི་གཞན་ལ་མ་སྟོན།", _p)
_p = _pw()
_s("config_syntax", f"Aluu Nuka, serverip isissutissaa {_p}. Allanut takutinnagu.", _p)

# ---------------------------------------------------------------- config_syntax: look-alikes

_l(
    "config_syntax",
    "[program:api]\ncommand=/srv/api/venv/bin/gunicorn acme.wsgi\n"
    'environment=DJANGO_SETTINGS_MODULE="acme.settings.prod",DB_PASSWORD="%(ENV_DB_PASSWORD)s"',
)
_l(
    "config_syntax",
    "environment:\n  TEST_DB_PASSWORD:\n    secure: "
    + _b64(48)
    + "\n  NUGET_API_KEY:\n    secure: "
    + _b64(48),
)
_l(
    "config_syntax",
    f"env:\n  NPM_REGISTRY_PASSWORD: ENCRYPTED[{_hex(96)}]\n  NODE_ENV: test",
)
_l(
    "config_syntax",
    f"image: alpine/edge\nsecrets:\n  - {_uuid()}\n  - {_uuid()}\ntasks:\n  - deploy: |\n      "
    "set +x\n      . ~/.deploy_env",
)
_l(
    "config_syntax",
    "      username: acmebuild\n"
    "      password: encrypted:s3!r:us-west-2!b:acme-halyard!f:secrets.yml!k:dockerhub.password",
)
_l(
    "config_syntax",
    'docker login registry.acme.io -u ${bamboo.registry.user} -p "${bamboo.registry.password}"',
)
_l(
    "config_syntax",
    "secretGenerator:\n- name: grafana-admin\n  envs:\n  - secrets/grafana.env\ngeneratorOptions:\n"
    "  disableNameSuffixHash: true",
)
_l(
    "config_syntax",
    "        env:\n        - name: DB_PASSWORD\n          valueFrom:\n            secretKeyRef:\n"
    "              name: orders-db\n              key: password",
)
_l(
    "config_syntax",
    'output {\n  elasticsearch {\n    hosts => ["https://es01.acme.local:9200"]\n    user => '
    '"logstash_writer"\n'
    '    password => "${ES_PWD}"\n  }\n}',
)
_l(
    "config_syntax",
    "userlist stats_users\n    user admin password "
    f"$6$rounds=5000${_r(16, AN + './')}${_r(86, AN + './')}",
)
_l(
    "config_syntax",
    "set system login user ops class super-user authentication encrypted-password "
    f'"$6${_r(16, AN + "./")}${_r(86, AN + "./")}"',
)
_l(
    "config_syntax",
    '$ mysql_config_editor print --all\n[client]\nuser = "root"\npassword = *****\n'
    '[backup]\nuser = "backup"\npassword = *****\nhost = "db-replica"',
)
_l(
    "config_syntax",
    f"<PropertyGroup>\n  <TargetFramework>net9.0</TargetFramework>\n  <UserSecretsId>{_uuid()}</"
    "UserSecretsId>\n</PropertyGroup>",
)
_l(
    "config_syntax",
    "-- pg_dumpall --roles-only\nCREATE ROLE app;\nALTER ROLE app WITH LOGIN PASSWORD "
    f"'{_scram()}';",
)
_l(
    "config_syntax",
    "User::factory()->create([\n    'email' => 'test@example.com',\n"
    f"    'password' => '$2y$12${_r(53, AN + './')}',\n]);",
)
_l(
    "config_syntax",
    "  users.users.lin = {\n    isNormalUser = true;\n    hashedPassword = "
    f'"$6${_r(16, AN + "./")}${_r(86, AN + "./")}";\n  }};',
)
_l(
    "config_syntax",
    '  services.nextcloud = {\n    enable = true;\n    config.adminuser = "root";\n'
    "    config.adminpassFile = config.age.secrets.nextcloud-admin.path;\n  };",
)
_l(
    "config_syntax",
    f"ADMIN_TOKEN='$argon2id$v=19$m=65536,t=3,p=4${_b64(32).rstrip('=')}${_b64(32).rstrip('=')}'",
)
_l(
    "config_syntax",
    "$database_username = 'cactiuser';\n$database_password = getenv('CACTI_DB_PASSWORD');",
)
_l(
    "config_syntax",
    "# resource.cfg\n$USER1$=/usr/lib/nagios/plugins\n$USER2$=/usr/lib/nagios/eventhandlers",
)
_l(
    "config_syntax",
    "# default client for local testing, as shipped in clients.conf\nclient localhost {\n    "
    "ipaddr = 127.0.0.1\n"
    "    secret = testing123\n}",
)
_l(
    "config_syntax",
    "$cfg['Servers'][$i]['auth_type'] = 'cookie';\n$cfg['Servers'][$i]['host'] = 'mysql-prod';\n"
    "$cfg['blowfish_secret'] = ''; /* YOU MUST FILL IN THIS FOR COOKIE AUTH! */",
)
_l(
    "config_syntax",
    'config :acme, AcmeWeb.Endpoint,\n  secret_key_base: System.fetch_env!("SECRET_KEY_BASE"),\n'
    '  url: [host: "acme.io", port: 443]',
)
_l(
    "config_syntax",
    'export RELEASE_COOKIE="$(cat /run/secrets/erlang_cookie)"\nexec bin/acme start',
)
_l(
    "config_syntax",
    "profile::db::password: \"%{lookup('vault_db_password')}\"\n"
    "profile::db::password_file: '/etc/acme/db.pass'",
)
_l(
    "config_syntax",
    "PASSWORD_MIN_LENGTH=12\nPASSWORD_REQUIRE_SYMBOL=true\nPASSWORD_RESET_TIMEOUT=3600\n"
    "SESSION_TOKEN_TTL=900",
)
_l(
    "config_syntax",
    "auth:\n  token_expiry: 3600\n  refresh_token_rotation: true\n  max_password_attempts: 5\n  "
    "secret_rotation_days: 90",
)
_l(
    "config_syntax",
    'KC_SPI_PASSWORD_POLICY="length(12) and digits(1) and notUsername and passwordHistory(5)"',
)
_l(
    "config_syntax",
    "password_hash_algorithm = argon2id\npassword_hash_memory_kib = 65536\n"
    "password_hash_iterations = 3",
)
_l(
    "config_syntax",
    "spring.mail.host=smtp.office365.com\nspring.mail.username=noreply@acme.io\n"
    "spring.mail.password=${SMTP_PASSWORD}",
)
_l(
    "config_syntax",
    "database:\n  user: inventory\n  password: <your-db-password>\n  url: jdbc:postgresql://"
    "localhost:5432/inventory",
)
_l(
    "config_syntax",
    "DB_HOST=localhost\nDB_USER=app\nDB_PASSWORD=REPLACE_ME\nSMTP_PASSWORD=xxxxxxxx",
)
_l(
    "config_syntax",
    "2026-11-30 12:01:02.331 | DEBUG    | app.settings:load:44 - "
    "Settings(db_host='pg-main', db_user='app', db_password=SecretStr('**********'))",
)
_l(
    "config_syntax",
    '{"event": "smtp configured", "host": "smtp.acme.io", "user": "noreply", "password": '
    '"[REDACTED]", "level": "debug"}',
)
_l(
    "config_syntax",
    "$ heroku config:get DATABASE_PASSWORD --app acme-stg\n▸    Couldn't find that config var.",
)
_l(
    "config_syntax",
    "| Variable | Required | Description |\n|---|---|---|\n| `DB_PASSWORD` | yes | password of "
    "the app role |\n"
    "| `JWT_SECRET` | yes | 32+ random bytes, base64 |\n| `SMTP_PASSWORD` | no | leave empty to "
    "log mail |",
)
_l(
    "config_syntax",
    'Lumela Thabo, phasewete ea database e bolokiloe ho 1Password, vault ea "Ops". Kopa phihlello '
    "ho Palesa.",
)
_l(
    "config_syntax",
    "Turi, a password dû server nun ta mannu pi chat: è nnô Vault, sutta secret/staging/db. "
    "Addumanna a Rosa.",
)
_l(
    "config_syntax",
    'Nyob zoo, lo lus zais tsis nyob hauv no; saib hauv Bitwarden, folder "Infra".',
)
_l(
    "config_syntax",
    "Bula vinaka, na password ni server e maroroi tiko ena 1Password (vault: Ops). Kerea vei Sera.",
)
_l(
    "config_syntax",
    "Allegra Gion, il pled-clav è en il Vault sut secret/prod/db; dumonda Curdin per l'access.",
)
_l(
    "config_syntax",
    "Buorre beaivi! Beassansátni ii leat dáppe — dat lea KeePass-fiilas mii lea juohkkojuvvon ja "
    "vurkejuvvon.",
)
_l(
    "config_syntax",
    'renv.lock:\n    "dplyr": {\n      "Package": "dplyr",\n      "Version": "1.1.4",\n'
    f'      "Source": "Repository",\n      "Repository": "CRAN",\n      "Hash": "{_hex(32)}"\n    '
    "},",
)
_l(
    "config_syntax",
    '[[deps.JSON]]\ndeps = ["Dates", "Mmap", "Parsers", "Unicode"]\n'
    f'git-tree-sha1 = "{_hex(40)}"\nuuid = "682c06a0-de6a-54ab-a142-c8b1cf79cde6"\nversion = '
    '"0.21.4"',
)
_l(
    "config_syntax",
    f"SPEC CHECKSUMS:\n  Alamofire: {_hex(40)}\n  Kingfisher: {_hex(40)}\n\nPODFILE CHECKSUM: "
    f"{_hex(40)}\n\nCOCOAPODS: 1.16.2",
)
_l(
    "config_syntax",
    '  "remote": {\n    "https://jsr.io/@std/assert/1.0.8/mod.ts": '
    f'"{_hex(64)}",\n    "https://jsr.io/@std/path/1.0.8/join.ts": "{_hex(64)}"\n  }}',
)
_l(
    "config_syntax",
    "- name: numpy\n  version: 2.1.3\n  manager: conda\n  platform: linux-64\n"
    f"  url: https://conda.anaconda.org/conda-forge/linux-64/numpy-2.1.3-py312h58c1407_0.conda\n"
    f"  hash:\n    md5: {_hex(32)}\n    sha256: {_hex(64)}",
)
_l(
    "config_syntax",
    f'{{\n  "name": "acme-engine",\n  "builtin-baseline": "{_hex(40)}",\n  "dependencies": ["fmt",'
    ' "spdlog"]\n}',
)
_l(
    "config_syntax",
    f"$ git submodule status\n {_hex(40)} vendor/protos (v1.8.0)\n+{_hex(40)} vendor/ui-kit "
    "(v4.2.0-3-g1a2b3c4)",
)
_l(
    "config_syntax",
    f"acme-sdk @ git+https://github.com/acme/acme-sdk-python@{_hex(40)}\nrequests==2.32.3",
)
_l(
    "config_syntax",
    "images:\n- name: registry.acme.io/api\n"
    f"  digest: sha256:{_hex(64)}\n- name: registry.acme.io/worker\n  digest: sha256:{_hex(64)}",
)
_l(
    "config_syntax",
    'metadata:\n  creationTimestamp: "2026-11-30T08:11:02Z"\n  name: orders-db\n  namespace: shop\n'
    f'  resourceVersion: "{_r(8, DIGITS)}"\n  uid: {_uuid()}\ntype: Opaque',
)
_l(
    "config_syntax",
    f"$ sha256sum dist/*\n{_hex(64)}  dist/acme_cli-2.4.1-py3-none-any.whl\n{_hex(64)}  dist/"
    "acme_cli-2.4.1.tar.gz",
)
_l(
    "config_syntax",
    f'provider "azurerm" {{\n  features {{}}\n  subscription_id = "{_uuid()}"\n  tenant_id       '
    f'= "{_uuid()}"\n}}',
)
_l(
    "config_syntax",
    f"role_arn = arn:aws:iam::{_r(12, DIGITS)}:role/ci-deployer\nsource_profile = sso-admin\n"
    "region = eu-west-1",
)
_l(
    "config_syntax",
    "sigs.k8s.io/kustomize/kyaml v0.18.1 h1:"
    + _b64(32)
    + "\nsigs.k8s.io/kustomize/kyaml v0.18.1/go.mod h1:"
    + _b64(32),
)
_l(
    "config_syntax",
    "[test]\n  env:\n    DB_PASSWORD_FILE: /run/secrets/db_password\n    API_TOKEN_FILE: /run/"
    "secrets/api_token",
)
_l(
    "config_syntax",
    "PS C:\\> Get-Credential -UserName CORP\\svc_agent -Message 'AcmeAgent service account' |\n"
    "    Export-Clixml -Path C:\\ops\\svc_agent.cred.xml",
)
_l(
    "config_syntax",
    "# the password is read from the OS keyring\nkeyring set acme-smtp noreply\nsmtp_password = "
    "keyring.get_password('acme-smtp', 'noreply')",
)
_l(
    "config_syntax",
    "Password:\nRetype password:\npasswd: password updated successfully",
)
_l(
    "config_syntax",
    "Enter passphrase (empty for no passphrase):\nEnter same passphrase again:\n"
    "Your identification has been saved in /home/lin/.ssh/id_ed25519",
)
_l(
    "config_syntax",
    f"id,created_at,email,password_changed_at,mfa\n{_r(6, DIGITS)},2026-11-02,ana@acme.io,"
    "2026-11-30T09:01:00Z,totp\n"
    f"{_r(6, DIGITS)},2026-10-14,lin@acme.io,2026-09-12T17:44:00Z,webauthn",
)
_l(
    "config_syntax",
    "- name: Rotate app password\n  community.postgresql.postgresql_user:\n    name: app\n"
    "    password: \"{{ lookup('community.hashi_vault.hashi_vault', 'secret=kv/data/pg:app') }}\"",
)
_l(
    "config_syntax",
    "Sa i Ramón: ñe'ẽñemi ndaipóri ko'ápe, oĩ Vault-pe (secret/staging/db). Eporandu Tupã-pe.",
)
_l(
    "config_syntax",
    "$ kubectl get secret orders-db -n shop -o jsonpath='{.data}' | jq 'keys'\n[\n  \"password\",\n"
    '  "username"\n]',
)


# ---------------------------------------------------------------- prefixed_token: more secrets

_t = f"SWMTKN-1-{_r(50, LOWER_AN)}-{_r(25, LOWER_AN)}"
_s(
    "prefixed_token",
    "$ docker swarm join-token worker\nTo add a worker to this swarm, run the following command:\n"
    "\n"
    f"    docker swarm join --token {_t} 10.0.0.2:2377\n",
    _t,
)
_t = "private_" + _r(28) + "="
_s(
    "prefixed_token",
    "IMAGEKIT_PUBLIC_KEY=public_" + _r(28) + "=\n"
    f"IMAGEKIT_PRIVATE_KEY={_t}\nIMAGEKIT_URL_ENDPOINT=https://ik.imagekit.io/acme",
    _t,
)

# ---------------------------------------------------------------- authorization: secrets

_t = _r(40, URLSAFE)
_s(
    "authorization",
    "DEBUG:h11:Request(method=b'GET', target=b'/v1/shipments?limit=50', headers=[(b'host', "
    "b'api.acme.io'), "
    f"(b'accept', b'*/*'), (b'authorization', b'Bearer {_t}'), (b'user-agent', b'python-httpx/"
    "0.28.1')], "
    "http_version=b'1.1')",
    _t,
)
_t = "00" + _r(40, URLSAFE)
_s(
    "authorization",
    "curl -s https://acme.okta.com/api/v1/users?filter=status%20eq%20%22LOCKED_OUT%22 \\\n"
    f'  -H "Accept: application/json" -H "Authorization: SSWS {_t}"',
    _t,
)
_t = _hex(32)
_s(
    "authorization",
    f"$ curl -u {_t}:api_token https://api.track.toggl.com/api/v9/me\n"
    '{"id":8123401,"email":"lin@acme.io","fullname":"Lin Kowal","timezone":"Europe/Warsaw"}',
    _t,
)
_t = _r(48)
_s(
    "authorization",
    "const res = await fetch(`https://api.clockify.me/api/v1/workspaces/${ws}/time-entries`, {\n"
    f"  headers: {{ 'X-Api-Key': '{_t}', 'Content-Type': 'application/json' }},\n}});",
    _t,
)
_t = _hex(32)
_s(
    "authorization",
    f'curl -X GET -H "X-TrackerToken: {_t}" \\\n  "https://www.pivotaltracker.com/services/v5/'
    'projects/2418731/stories?with_state=started"',
    _t,
)
_t = _r(32)
_s(
    "authorization",
    f"$ curl -s -H 'X-Auth-Token: {_t}' https://api.equinix.com/metal/v1/projects | jq "
    "'.projects[].name'\n\"edge-eu\"",
    _t,
)
_t = "gAAAAAB" + _r(170, URLSAFE)
_s(
    "authorization",
    "> GET /v2/1049281/servers/detail HTTP/1.1\n> Host: lon.servers.api.rackspacecloud.com\n"
    f"> X-Auth-Token: {_t}\n> Accept: application/json\n>\n< HTTP/1.1 200 OK",
    _t,
)
_t = _r(37, LOWER_AN)
_s(
    "authorization",
    "(Pdb) p session.headers\n{'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, "
    "deflate', "
    f"'Accept': '*/*', 'Connection': 'keep-alive', 'Authorization': 'Bearer {_t}'}}",
    _t,
)
_t = _jwt(
    {
        "tid": int(_r(9, DIGITS)),
        "aai": 11,
        "uid": int(_r(8, DIGITS)),
        "per": "me:write",
        "rgn": "use1",
    },
    alg="HS256",
)
_s(
    "authorization",
    "POST /v2 HTTP/1.1\nHost: api.monday.com\nContent-Type: application/json\nAPI-Version: "
    "2025-01\n"
    f'Authorization: {_t}\n\n{{"query":"{{ boards(ids: 1873420011) {{ name }} }}"}}',
    _t,
)
_t = f"{_r(22)}-{_r(6, DIGITS)}-{_r(20)}"
_s(
    "authorization",
    f"curl 'https://mapi.storyblok.com/v1/spaces/287341/stories' \\\n  -H 'Authorization: {_t}'",
    _t,
)
_t = base64.b64encode(f"reports:{_pw()}".encode()).decode()
_s(
    "authorization",
    "aiohttp.client_exceptions.ClientResponseError: 403, message='Forbidden', url='https://"
    "reports.acme.io/export', "
    "request_info=RequestInfo(url=URL('https://reports.acme.io/export'), method='GET', "
    f"headers=<CIMultiDictProxy('Host': 'reports.acme.io', 'Authorization': 'Basic {_t}')>, "
    "real_url=URL('https://reports.acme.io/export'))",
    _t,
)
_t = _urlb64(48)
_s(
    "authorization",
    "DEBUG: [HttpClient-1-SelectorManager] [312ms] Http1Exchange Sending headers: "
    f"HEADERS: accept: application/json authorization: Bearer {_t} content-length: 0 host: "
    "billing.acme.io",
    _t,
)
_t = _r(64, URLSAFE)
_s(
    "authorization",
    "info: System.Net.Http.HttpClient.Ledger.ClientHandler[100]\n      Sending HTTP request GET "
    "https://ledger.acme.io/v1/accounts\n"
    "trce: System.Net.Http.HttpClient.Ledger.ClientHandler[102]\n      Request Headers:\n"
    f"      Authorization: Bearer {_t}\n      traceparent: 00-{_hex(32)}-{_hex(16)}-01",
    _t,
)
_t = base64.b64encode(f"lin:{_human()}".encode()).decode()
_s(
    "authorization",
    "CONNECT api.partner-logistics.com:443 HTTP/1.1\nHost: api.partner-logistics.com:443\n"
    f"Proxy-Authorization: Basic {_t}\nUser-Agent: Fiddler Everywhere\n\nHTTP/1.1 200 Connection "
    "Established",
    _t,
)
_tok = _jwt({"iss": "kubernetes/serviceaccount", "sub": "system:serviceaccount:ops:debugger"})
_t = base64.urlsafe_b64encode(_tok.encode()).decode().rstrip("=")
_s(
    "authorization",
    "GET /api/v1/namespaces/shop/pods/api-7d9f/exec?command=sh&stdin=true&tty=true HTTP/1.1\n"
    "Host: 10.0.0.2:6443\nUpgrade: websocket\nConnection: Upgrade\n"
    f"Sec-WebSocket-Protocol: v4.channel.k8s.io, base64url.bearer.authorization.k8s.io.{_t}",
    _t,
)
_t = _jwt({"sub": "svc-inventory", "aud": "inventory.acme.internal", "exp": 1764640000})
_s(
    "authorization",
    "evans --host inventory.acme.internal --port 443 --tls -r \\\n  --header "
    f"authorization='Bearer {_t}' repl",
    _t,
)
_t = "s%3A" + _r(32, URLSAFE) + "." + _r(43, URLSAFE)
_s(
    "authorization",
    "GET /admin/orders?status=refunded HTTP/2\nHost: shop.acme.io\n"
    f'Cookie: _ga=GA1.1.1873420.1764500000; connect.sid={_t}\nSec-Ch-Ua-Platform: "macOS"\n'
    "Accept: text/html",
    _t,
)
_t = base64.b64encode(f"metrics:{_pw()}".encode()).decode()
_s(
    "authorization",
    "location /federate {\n    proxy_pass https://prom-upstream.acme.io;\n"
    f'    proxy_set_header Authorization "Basic {_t}";\n}}',
    _t,
)
_t = _r(40, URLSAFE)
_s(
    "authorization",
    'route_config:\n  virtual_hosts:\n  - name: upstream\n    domains: ["*"]\n    '
    "request_headers_to_add:\n"
    f'    - header:\n        key: Authorization\n        value: "Bearer {_t}"\n      '
    "append_action: OVERWRITE_IF_EXISTS_OR_ADD",
    _t,
)

# ---------------------------------------------------------------- authorization: look-alikes

_l(
    "authorization",
    "Every request needs the header `Authorization: SSWS <api_token>`; create the token under\n"
    "Security → API → Tokens.",
)
_l(
    "authorization",
    'curl -s -H "X-TrackerToken: $TRACKER_TOKEN" \\\n  "https://www.pivotaltracker.com/services/'
    'v5/projects/$PROJECT_ID/stories"',
)
_l(
    "authorization",
    "trce: System.Net.Http.HttpClient.Ledger.ClientHandler[102]\n      Request Headers:\n"
    "      Authorization: *\n      Accept: application/json",
)
_l(
    "authorization",
    "< HTTP/1.1 401 Unauthorized\n"
    '< WWW-Authenticate: Bearer realm="inventory", error="invalid_token", error_description="The '
    'access token expired"',
)
_l(
    "authorization",
    f"POST /twilio/status HTTP/1.1\nHost: hooks.acme.io\nX-Twilio-Signature: {_b64(20)}\n"
    "Content-Type: application/x-www-form-urlencoded",
)
_l(
    "authorization",
    f"GET /ws HTTP/1.1\nHost: live.acme.io\nUpgrade: websocket\nConnection: Upgrade\n"
    f"Sec-WebSocket-Key: {_b64(16)}\nSec-WebSocket-Version: 13\n\nHTTP/1.1 101 Switching "
    "Protocols\n"
    f"Sec-WebSocket-Accept: {_b64(20)}",
)
_l(
    "authorization",
    f'< HTTP/2 304\n< etag: W/"{_hex(32)}"\n< x-request-id: {_uuid()}\n'
    f"< x-amzn-trace-id: Root=1-{_hex(8)}-{_hex(24)}",
)
_l(
    "authorization",
    "GET / HTTP/2\nHost: www.acme.io\n"
    f"Cookie: _ga=GA1.1.{_r(9, DIGITS)}.{_r(10, DIGITS)}; "
    f"_ga_{_r(10, UPPER_AN)}=GS1.1.{_r(10, DIGITS)}.3.1.{_r(10, DIGITS)}.0.0.0; "
    "cookie_consent=analytics",
)
_l(
    "authorization",
    "$ step crypto jwt inspect --insecure < token.txt | jq '{header, payload: .payload | {iss, "
    "aud, exp}}'\n"
    f'{{\n  "header": {{"alg": "RS256", "kid": "{_hex(40)}", "typ": "JWT"}},\n'
    '  "payload": {"iss": "https://auth.acme.io/", "aud": "inventory", "exp": 1764640000}\n}',
)
_l(
    "authorization",
    "location /federate {\n    proxy_pass https://prom-upstream.acme.io;\n"
    '    proxy_set_header Authorization "";\n    proxy_set_header X-Forwarded-For '
    "$proxy_add_x_forwarded_for;\n}",
)
_l(
    "authorization",
    "const res = await fetch(url, {\n  headers: { Authorization: `Bearer ${await "
    "getAccessToken()}` },\n});",
)
_l(
    "authorization",
    f"> PUT /uploads/report.csv HTTP/1.1\n> x-amz-content-sha256: {_hex(64)}\n> x-amz-date: "
    "20261130T101112Z\n"
    f"> Content-MD5: {_b64(16)}",
)
_l(
    "authorization",
    "(Pdb) p session.headers\n{'User-Agent': 'python-requests/2.32.3', 'Accept-Encoding': 'gzip, "
    "deflate', "
    "'Accept': '*/*', 'Connection': 'keep-alive'}",
)
_l(
    "authorization",
    "  -H 'Authorization: Bearer <paste the token from `gcloud auth print-access-token`>'",
)
_l(
    "authorization",
    "# Okta rate limits apply per token; rotate it via Terraform\n"
    'resource "okta_app_oauth" "inventory" {\n  label = "inventory"\n  type  = "service"\n'
    '  token_endpoint_auth_method = "private_key_jwt"\n}',
)
