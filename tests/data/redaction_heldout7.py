"""SEVENTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before the widening of the rules that follows held-out 6: its author
never read the rules (graphmem/redact.py), their description (docs/security.md, CHANGELOG.md) or the
messages of the commits that changed them, and never ran redaction on a case while writing it, so no
case was kept or dropped for what the rules do with it. Committed alone, then measured once on the
rules as they stood ("before"); it is the estimate of redaction on text no test here contains.
Its cases avoid the contexts, formats and providers of the other splits: the self-hosted and homelab
stack (Vaultwarden, Authelia, Authentik, Gitea/Forgejo, Syncthing, n8n, Jellyfin, Proxmox, TrueNAS,
OPNsense, Pi-hole, Caddy/Porkbun, Traefik/DuckDNS), backups (restic, borg/borgmatic, kopia, rclone),
home automation and IoT (Home Assistant, ESPHome, Zigbee2MQTT, Tasmota, Tuya, Arduino sketches,
Blynk, ThingSpeak, Adafruit IO, Particle), server management (IPMI, iLO, iDRAC racadm, VNC, RDP,
FileZilla, DBeaver, DataGrip, Windows registry exports, cmdkey), mail and chat clients (msmtp,
mbsync, OfflineIMAP, WeeChat, ZNC, Synapse, Mastodon), network services (TSIG, chrony keys, Squid,
FRR/BIRD, Zabbix, Icinga, Graylog), provisioning (cloud-init users, Ignition/Butane, systemd
credentials, agenix, Packer WinRM, Jenkins JCasC, GitHub Actions logs), game servers (CS2, Factorio,
Palworld, Valheim, ARK, TeamSpeak), payments outside the US/EU mainstream (Xendit, Mercado Pago,
Midtrans, Paystack, GoCardless, Mollie), AI and search providers (Cohere, Mistral, Deepgram,
AssemblyAI, RunPod, Weaviate, Qdrant, W&B, DeepSeek, DashScope, Zhipu, Qianfan, Typesense,
Meilisearch, Appwrite, Directus), data platforms (Neon, Turso, Upstash, Prisma Accelerate,
ClickHouse, CockroachDB, Firebird), cloud and PaaS (Scaleway, Vultr, Linode, Railway) and ops tools
(Statuspage, Papertrail, Rollbar, Bugsnag, Mezmo, Loggly, Snyk, YouTrack, Octopus, Harness), with
secrets in prose in many human languages, shell history, stack traces, query strings, base64 and
JSON-escaped strings, line continuations, diffs, markdown and CSV tables and timestamped logs; key
material in new wrappers (App Store Connect and Coinbase CDP JSON, borg key export, DNSSEC BIND
.private, Kubo PeerID keys, Tor onion keys, Nebula, Yggdrasil, Vault unseal shares, keys in diffs,
Arduino raw strings, Terraform state, Vault PKI output); authorization in new headers and schemes.
Its look-alikes are public keys and client-side keys, hashes meant to be stored, ciphertexts meant
to be committed, secret references, ids and settings named like secrets, from the same contexts.
`python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own, so no token-shaped string is
committed.
"""

from __future__ import annotations

import base64
import json
import urllib.parse

from tests.data.fake_secrets import (
    AN,
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

_fakes = Fakes(7_2026_1130)
_rng = _fakes.rng
_r, _b64, _urlb64, _uuid = _fakes.r, _fakes.b64, _fakes.urlb64, _fakes.uuid
_B32 = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"


def _pem(label: str, n: int = 900) -> str:
    return pem(label, _b64(n))


def _pw() -> str:
    """A random-looking password with symbols, as a password manager makes."""
    return _r(9) + _rng.choice(PUNCT) + _r(7) + _rng.choice(PUNCT) + _r(3)


def _human(symbols: str = "!#$%&*@") -> str:
    """A password a person chose: words, digits and a symbol, not random-looking."""
    words = [
        "Tulip",
        "Kestrel",
        "Harbor",
        "Mango",
        "Quartz",
        "Falcon",
        "Pepper",
        "Willow",
        "Nimbus",
    ]
    return (
        _rng.choice(words)
        + str(_rng.randrange(1, 99))
        + _rng.choice(symbols)
        + _rng.choice(words).lower()
        + str(_rng.randrange(1, 9))
    )


def _alnum_pw() -> str:
    """A random password with letters and digits only (safe inside URLs and url-encoding)."""
    return _r(_rng.randrange(16, 25))


def _jwt(payload: dict[str, object]) -> str:
    head = base64.urlsafe_b64encode(b'{"alg":"HS256","typ":"JWT"}').decode().rstrip("=")
    body = base64.urlsafe_b64encode(json.dumps(payload).encode()).decode().rstrip("=")
    return f"{head}.{body}.{_urlb64(32)}"


def _ts(h: int, m: int) -> str:
    return f"2026-11-30T{h:02d}:{m:02d}:{_rng.randrange(60):02d}.{_r(7, DIGITS)}Z"


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# --------------------------------------------------------------------------- prefixed tokens
_ca, _v = _r(64, HEX), _r(32, HEX)
_s(
    "prefixed_token",
    "  512  curl -sfL https://get.k3s.io | K3S_URL=https://10.0.4.10:6443 "
    f"K3S_TOKEN=K10{_ca}::server:{_v} sh -",
    _v,
)
_ca, _v = _r(64, HEX), _r(32, HEX)
_s(
    "prefixed_token",
    f"pi@rpi-01:~ $ sudo cat /var/lib/rancher/k3s/server/node-token\nK10{_ca}::server:{_v}",
    _v,
)
_v = _r(6, LOWER_AN) + "." + _r(16, LOWER_AN)
_s(
    "prefixed_token",
    "You can now join any number of machines by running the following on each node\n"
    "as root:\n\n"
    f"  kubeadm join 10.20.0.5:6443 --token {_v} \\\n"
    f"\t--discovery-token-ca-cert-hash sha256:{_r(64, HEX)}",
    _v,
)
_v = "rpa_" + _r(40, UPPER_AN)
_s("prefixed_token", f"$ runpodctl config --apiKey {_v}\nsaved apiKey into config file", _v)
_v = "xnd_production_" + _r(60, AN)
_s(
    "prefixed_token",
    f'client := xendit.NewClient("{_v}")\nresp, _, err := client.InvoiceApi.CreateInvoice(ctx).'
    "CreateInvoiceRequest(*req).Execute()",
    _v,
)
_v = "xnd_development_" + _r(60, AN)
_s(
    "prefixed_token",
    "Halo tim, kunci API Xendit untuk staging sudah saya buat ya:\n"
    f"{_v}\nTolong jangan di-commit ke repo.",
    _v,
)
_v = f"APP_USR-{_r(16, DIGITS)}-112910-{_r(32, HEX)}-{_r(9, DIGITS)}"
_s(
    "prefixed_token",
    f'import mercadopago\n\nsdk = mercadopago.SDK("{_v}")\n'
    "preference = sdk.preference().create(data)",
    _v,
)
_v = f"TEST-{_r(16, DIGITS)}-113010-{_r(32, HEX)}-{_r(9, DIGITS)}"
_s(
    "prefixed_token",
    "Oi pessoal, pra testar o checkout usem esse access token de teste do Mercado Pago: "
    f"{_v} (conta de teste do vendedor)",
    _v,
)
_v = "Mid-server-" + _r(24, URLSAFE)
_s(
    "prefixed_token",
    "core = midtransclient.CoreApi(\n    is_production=True,\n"
    f"    server_key='{_v}',\n    client_key='Mid-client-{_r(16, URLSAFE)}',\n)",
    _v,
)
_v = "SB-Mid-server-" + _r(24, URLSAFE)
_s("prefixed_token", f"# .env.staging\nMIDTRANS_IS_PRODUCTION=false\nMIDTRANS_SERVER_KEY={_v}", _v)
_v = f"2/{_r(16, DIGITS)}/{_r(16, DIGITS)}:{_r(32, HEX)}"
_s(
    "prefixed_token",
    f'configuration = asana.Configuration()\nconfiguration.access_token = "{_v}"\n'
    "api_client = asana.ApiClient(configuration)",
    _v,
)
_v = f"pk_{_r(8, DIGITS)}_{_r(32, UPPER_AN)}"
_s(
    "prefixed_token",
    f"# .envrc\nexport CLICKUP_TEAM_ID=9012{_r(6, DIGITS)}\nexport CLICKUP_TOKEN={_v}",
    _v,
)
_v = "ATTA" + _r(64, HEX) + _r(8, HEX).upper()
_s(
    "prefixed_token",
    f"GET https://api.trello.com/1/members/me/boards?key={_r(32, HEX)}&token={_v} -> 200 (41 "
    "boards)",
    _v,
)
_v = "aio_" + _r(28, AN)
_s(
    "prefixed_token",
    f'#define IO_USERNAME  "ana_makes"\n#define IO_KEY       "{_v}"\n'
    "AdafruitIO_WiFi io(IO_USERNAME, IO_KEY, WIFI_SSID, WIFI_PASS);",
    _v,
)
_v = "sk_live_" + _r(40, HEX)
_s(
    "prefixed_token",
    "// config/paystack.php\nreturn [\n    'publicKey' => env('PAYSTACK_PUBLIC_KEY'),\n"
    f"    'secretKey' => '{_v}',\n    'paymentUrl' => 'https://api.paystack.co',\n];",
    _v,
)
_v = "live_" + _r(40, URLSAFE)
_s(
    "prefixed_token",
    f'@client = GoCardlessPro::Client.new(\n  access_token: "{_v}",\n  environment: :live\n)',
    _v,
)
_v = "live_" + _r(30, AN)
_s(
    "prefixed_token",
    f'$mollie = new \\Mollie\\Api\\MollieApiClient();\n$mollie->setApiKey("{_v}");',
    _v,
)
_v = "sk" + _r(180, AN)
_s(
    "prefixed_token",
    "$ sanity dataset export production prod.tar.gz\n"
    f"(using SANITY_AUTH_TOKEN={_v})\nExporting documents... 1840/1840",
    _v,
)
_v = "standard_" + _r(256, HEX)
_s(
    "prefixed_token",
    "const client = new sdk.Client()\n    .setEndpoint('https://cloud.appwrite.io/v1')\n"
    f"    .setProject('{_r(20, LOWER_AN)}')\n    .setKey('{_v}');",
    _v,
)
_u = base64.b64encode(b"ana.k").decode().rstrip("=")
_v = f"perm:{_u}.{base64.b64encode(b'ci-export').decode().rstrip('=')}.{_r(30, AN)}"
_s(
    "prefixed_token",
    f'youtrack:\n  url: https://acme.youtrack.cloud\n  token: "{_v}"\n  project: PLAT',
    _v,
)
_v = "API-" + _r(26, UPPER_AN)
_s(
    "prefixed_token",
    'octo create-release --project "Billing API" --version 4.12.0 '
    f"--server https://deploy.acme.io --apiKey {_v} --deployTo Staging",
    _v,
)
_v = f"pat.{_r(22, URLSAFE)}.{_r(24, HEX)}.{_r(20, AN)}"
_s(
    "prefixed_token",
    f'provider "harness" {{\n  endpoint         = "https://app.harness.io/gateway"\n'
    f'  account_id       = "{_r(22, URLSAFE)}"\n  platform_api_key = "{_v}"\n}}',
    _v,
)
_v = "sig_" + _r(28, AN)
_v2 = "sig_" + _r(28, AN)
_s(
    "prefixed_token",
    f"QSTASH_URL=https://qstash.upstash.io\nQSTASH_CURRENT_SIGNING_KEY={_v}\n"
    f"QSTASH_NEXT_SIGNING_KEY={_v2}",
    _v,
    _v2,
)
_v, _v2 = "pk1_" + _r(64, HEX), "sk1_" + _r(64, HEX)
_s(
    "prefixed_token",
    "*.home.example.net {\n\ttls {\n\t\tdns porkbun {\n"
    f"\t\t\tapi_key {_v}\n\t\t\tapi_secret_key {_v2}\n\t\t}}\n\t}}\n"
    f"\treverse_proxy 10.0.0.20:8080\n}}",
    _v,
    _v2,
)
_v = "6Lc" + _r(37, URLSAFE)
_s("prefixed_token", f"RECAPTCHA_SITE_KEY=6Lc{_r(37, URLSAFE)}\nRECAPTCHA_SECRET_KEY={_v}", _v)
_v = "0x4AAAAAAA" + _r(24, URLSAFE)
_s(
    "prefixed_token",
    "const res = await fetch('https://challenges.cloudflare.com/turnstile/v0/siteverify', {\n"
    f"  method: 'POST',\n  body: new URLSearchParams({{ secret: '{_v}', response: token }}),\n}});",
    _v,
)
_v = f"bce-v3/ALTAK-{_r(21, AN)}/{_r(40, HEX)}"
_s(
    "prefixed_token",
    f'export QIANFAN_API_KEY="{_v}"\npython -m qianfan chat --model ernie-4.0-8k',
    _v,
)
_v = "sk-" + _r(32, HEX)
_s(
    "prefixed_token",
    f"通义千问的 key 先用我的：\nDASHSCOPE_API_KEY={_v}\n下周申请到团队账号再换掉。",  # noqa: RUF001
    _v,
)
_v = f"{_r(32, HEX)}.{_r(16, AN)}"
_s(
    "prefixed_token",
    f"智谱 GLM 的 API Key 是 {_v} ，只在测试环境用，别外传。",  # noqa: RUF001
    _v,
)
_v = "sk-" + _r(32, HEX)
_s(
    "prefixed_token",
    f'client = OpenAI(\n    base_url="https://api.deepseek.com",\n    api_key="{_v}",\n)',
    _v,
)
_v = f"{_r(6, AN)}.{_r(6, URLSAFE)}:{_r(43, URLSAFE)}"
_s(
    "prefixed_token",
    f"const ably = new Ably.Realtime({{ key: '{_v}', clientId: 'worker-3' }});",
    _v,
)
_v = f"{_r(8, HEX)}-{_r(4, HEX)}-{_r(4, HEX)}-{_r(4, HEX)}-{_r(12, HEX)}".upper()
_s(
    "config_syntax",
    f"root@edge-02:~# netbird up --setup-key {_v} --management-url https://nb.acme.io\nConnected",
    _v,
)


# --------------------------------------------------------------------------- key blocks
_body = _b64(138)
_p8 = "-----BEGIN PRIVATE KEY-----\n" + "\n".join(lines(_body)) + "\n-----END PRIVATE KEY-----"
_s(
    "key_block",
    "$ cat fastlane/asc_api_key.json\n"
    + json.dumps(
        {
            "key_id": _r(10, UPPER_AN),
            "issuer_id": _uuid(),
            "key": _p8,
            "duration": 1200,
            "in_house": False,
        },
        indent=2,
    ),
    *lines(_body),
)
_body = _b64(121)
_ec = (
    "-----BEGIN EC PRIVATE KEY-----\n"
    + "\n".join(lines(_body))
    + "\n-----END EC PRIVATE KEY-----\n"
)
_s(
    "key_block",
    json.dumps(
        {
            "name": f"organizations/{_uuid()}/apiKeys/{_uuid()}",
            "privateKey": _ec,
        }
    ),
    *lines(_body),
)
_body = _b64(470)
_s(
    "key_block",
    "$ borg key export ssh://borg@nas.lan/./laptop -\n"
    f"BORG_KEY {_r(64, HEX)}\n" + "\n".join(lines(_body, 76)),
    *lines(_body, 76),
)
_v = _b64(32)
_s(
    "key_block",
    "$ cat /etc/bind/keys/Kacme.io.+013+24871.private\n"
    "Private-key-format: v1.3\nAlgorithm: 13 (ECDSAP256SHA256)\n"
    f"PrivateKey: {_v}\nCreated: 20261130091200\nPublish: 20261130091200\n"
    "Activate: 20261130091200",
    _v,
)
_v = "CAESQ" + _b64(66)[5:]
_s(
    "key_block",
    '  "Identity": {\n'
    '    "PeerID": '
    f'"12D3KooW{_r(44, "123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz")}",\n'
    f'    "PrivKey": "{_v}"\n  }},\n  "Ipns": {{\n    "RepublishPeriod": ""',
    _v,
)
_raw = b"== ed25519v1-secret: type0 ==\x00\x00\x00" + _fakes.raw(64)
_v = base64.b64encode(_raw).decode()
_s(
    "key_block",
    "root@relay:~# base64 -w0 /var/lib/tor/hidden_service/hs_ed25519_secret_key; echo\n" + _v,
    _v,
)
_body = _b64(120)
_s(
    "key_block",
    "pki:\n  ca: /etc/nebula/ca.crt\n  cert: /etc/nebula/host.crt\n  key: |\n"
    "    -----BEGIN NEBULA X25519 PRIVATE KEY-----\n"
    + "\n".join("    " + x for x in lines(_body))
    + "\n    -----END NEBULA X25519 PRIVATE KEY-----\n\nstatic_host_map:\n"
    '  "192.168.100.1": ["203.0.113.9:4242"]',
    *lines(_body),
)
_v = _r(128, HEX)
_s(
    "key_block",
    "{\n  # Your private key. DO NOT share this with anyone!\n"
    f"  PrivateKey: {_v}\n\n  Peers: [\n    tls://ygg.mkg20001.io:443\n  ]\n}}",
    _v,
)
_body = _b64(400)
_diff_lines = lines(_body, 70)
_s(
    "key_block",
    "diff --git a/deploy/keys/ci_ed25519 b/deploy/keys/ci_ed25519\nnew file mode 100600\n"
    "index 0000000..4b1e2c9\n--- /dev/null\n+++ b/deploy/keys/ci_ed25519\n@@ -0,0 +1,9 @@\n"
    "+-----BEGIN OPENSSH PRIVATE KEY-----\n"
    + "\n".join("+" + x for x in _diff_lines)
    + "\n+-----END OPENSSH PRIVATE KEY-----",
    *_diff_lines,
)
_body = _b64(1190)
_s(
    "key_block",
    "credentials:\n  system:\n    domainCredentials:\n      - credentials:\n"
    "          - basicSSHUserPrivateKey:\n              scope: GLOBAL\n"
    "              id: deploy-ssh\n"
    "              username: deploy\n              privateKeySource:\n"
    "                directEntry:\n                  privateKey: |\n"
    "                    -----BEGIN RSA PRIVATE KEY-----\n"
    + "\n".join("                    " + x for x in lines(_body))
    + "\n                    -----END RSA PRIVATE KEY-----",
    *lines(_body)[1:-1],
)
_body = _b64(1190)
_tf = (
    "-----BEGIN RSA PRIVATE KEY-----\n"
    + "\n".join(lines(_body))
    + "\n-----END RSA PRIVATE KEY-----\n"
)
_s(
    "key_block",
    '        {\n          "schema_version": 1,\n          "attributes": {\n'
    '            "algorithm": "RSA",\n            "ecdsa_curve": "P224",\n'
    f'            "id": "{_r(40, HEX)}",\n'
    f'            "private_key_pem": {json.dumps(_tf)},\n            "rsa_bits": 4096\n',
    *lines(_body)[1:-1],
)
_body = _b64(1190)
_s(
    "key_block",
    "$ vault write -format=table pki_int/issue/web common_name=shop.acme.internal ttl=72h\n"
    "Key                 Value\n---                 -----\n"
    f"ca_chain            [-----BEGIN CERTIFICATE-----\n{_b64(600)[:64]}...]\n"
    "expiration          1765180800\n"
    "private_key         -----BEGIN RSA PRIVATE KEY-----\n"
    + "\n".join(lines(_body))
    + "\n-----END RSA PRIVATE KEY-----\nprivate_key_type    rsa\n"
    f"serial_number       {':'.join(_r(2, HEX) for _ in range(20))}",
    *lines(_body)[1:-1],
)
_body = _b64(1218)
_s(
    "key_block",
    '$ cat "$(mkcert -CAROOT)/rootCA-key.pem"\n-----BEGIN PRIVATE KEY-----\n'
    + "\n".join(lines(_body))
    + "\n-----END PRIVATE KEY-----",
    *lines(_body)[1:-1],
)
_body = _b64(121)
_s(
    "key_block",
    '# tests/fixtures/signing.py\nTEST_SIGNING_KEY = """\n    -----BEGIN EC PRIVATE KEY-----\n'
    + "\n".join("    " + x for x in lines(_body))
    + '\n    -----END EC PRIVATE KEY-----\n"""\n'
    "# the matching public key is served by the staging JWKS",
    *lines(_body),
)
_body = _b64(1190)
_s(
    "key_block",
    '// secrets.h  (AWS IoT Core thing "greenhouse-7")\n'
    'static const char AWS_CERT_PRIVATE[] PROGMEM = R"KEY(\n-----BEGIN RSA PRIVATE KEY-----\n'
    + "\n".join(lines(_body))
    + '\n-----END RSA PRIVATE KEY-----\n)KEY";',
    *lines(_body)[1:-1],
)
_shares = [_b64(33) for _ in range(3)]
_s(
    "key_block",
    "$ vault operator init -key-shares=3 -key-threshold=2\n"
    + "".join(f"Unseal Key {i + 1}: {k}\n" for i, k in enumerate(_shares))
    + f"\nInitial Root Token: hvs.{_r(24, AN)}\n\nVault initialized with 3 key shares and a key "
    "threshold of 2.",
    *_shares,
)
_body = _b64(1218)
_arr = ["-----BEGIN PRIVATE KEY-----", *lines(_body), "-----END PRIVATE KEY-----"]
_s(
    "key_block",
    '{\n  "client_email": "ingest@acme-data.iam",\n  "key_lines": ' + json.dumps(_arr) + "\n}",
    *lines(_body)[1:-1],
)


# --------------------------------------------------------------------------- connection strings
_v = "npg_" + _r(12, AN)
_s(
    "connection",
    f"DATABASE_URL=postgresql://neondb_owner:{_v}@ep-quiet-lake-a1b2c3d4-pooler.eu-central-1"
    ".aws.neon.tech/neondb?sslmode=require&channel_binding=require",
    _v,
)
_v = _r(34, AN)
_s(
    "connection",
    f'>>> r = redis.from_url("rediss://default:{_v}@eu1-fond-kid-33212.upstash.io:6379")\n'
    ">>> r.ping()\nTrue",
    _v,
)
_v = _jwt({"a": "rw", "iat": 1764480000, "id": _uuid()})
_s(
    "connection",
    f'const db = createClient({{ url: "libsql://shop-ana.turso.io?authToken={_v}" }});',
    _v,
)
_v = _jwt({"api_key": _uuid(), "tenant_id": _r(64, HEX), "internal_secret": _uuid()})
_s(
    "connection",
    f'# .env\nDATABASE_URL="prisma://accelerate.prisma-data.net/?api_key={_v}"\n'
    'DIRECT_URL="postgresql://localhost:5432/shop"',
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    '<data-source source="LOCAL" name="shop@db.lan" uuid="'
    + _uuid()
    + '">\n  <driver-ref>mysql.8</driver-ref>\n'
    f"  <jdbc-url>jdbc:mysql://db.lan:3306/shop?user=root&amp;password={_v}&amp;useSSL=true"
    "</jdbc-url>\n</data-source>",
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    f"export GOVC_URL='https://administrator%40vsphere.local:{_v}@vcenter.lab.lan/sdk'\n"
    "export GOVC_INSECURE=1\ngovc ls /dc1/vm",
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    f"RESTIC_REPOSITORY=rest:https://laptop:{_v}@restic.home.lan:8000/laptop/\n"
    "RESTIC_PASSWORD_FILE=/etc/restic/pw",
    _v,
)
_v = _r(32, HEX).upper()
_s(
    "connection",
    "requests.get: https://api.steampowered.com/ISteamUser/GetPlayerSummaries/v0002/"
    f"?key={_v}&steamids=76561198{_r(9, DIGITS)} -> 200",
    _v,
)
_v = _r(32, HEX)
_s(
    "connection",
    "rest:\n  - resource: "
    f'"http://jellyfin.lan:8096/Sessions?api_key={_v}&activeWithinSeconds=60"\n'
    "    scan_interval: 30\n    sensor:\n      - name: Jellyfin active sessions",
    _v,
)
_v = _r(32, _B32)
_s(
    "connection",
    "Can't scan the QR code on my phone, here is the text under it:\n"
    f"otpauth://totp/ACME%20VPN:ana.k?secret={_v}&issuer=ACME%20VPN&algorithm=SHA1&digits=6",
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    f"$ open 'vnc://:{_v}@10.0.0.9:5901'\n# macOS Screen Sharing to the lab box",
    _v,
)
_v = _alnum_pw()
_s(
    "config_syntax",
    f"clickhouse-client --host ch.analytics.lan --secure "
    f"--user ingest --password {_v} --query 'SELECT count() FROM events'",
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    f"cockroach sql --url 'postgresql://ana:{_v}@free-tier14.aws-eu-west-1.cockroachlabs.cloud"
    ":26257/defaultdb?sslmode=verify-full&options=--cluster%3Dtidy-owl-123'",
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    "$conn = New-Object FirebirdSql.Data.FirebirdClient.FbConnection(\n"
    f'  "DataSource=erp.lan;Port=3050;Database=/db/ERP.FDB;User=SYSDBA;Password={_v};Dialect=3")',
    _v,
)
_v = _uuid()
_s(
    "connection",
    f"curl -H 'content-type:text/plain' -d 'deploy finished' "
    f"http://logs-01.loggly.com/inputs/{_v}/tag/http/",
    _v,
)
_v = _r(40, HEX)
_s(
    "connection",
    '[remote "origin"]\n'
    f"\turl = https://ana:{_v}@git.home.lan/ana/dotfiles.git\n"
    "\tfetch = +refs/heads/*:refs/remotes/origin/*",
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    "# /etc/apt/apt.conf.d/95proxy\n"
    f'Acquire::http::Proxy "http://svc-apt:{_v}@proxy.corp.lan:3128/";\n'
    'Acquire::https::Proxy "http://proxy.corp.lan:3128/";',
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    "Traceback (most recent call last):\n"
    '  File "/srv/worker/tasks.py", line 14, in <module>\n'
    f'    cache = redis.Redis.from_url("redis://:{_v}@cache-01.prod.lan:6380/2")\n'
    '  File "/usr/lib/python3/dist-packages/redis/client.py", line 142, in from_url\n'
    "redis.exceptions.ConnectionError: Error 111 connecting to cache-01.prod.lan:6380.",
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    "panic: dial failed\n\ngoroutine 1 [running]:\nmain.mustConnect(...)\n"
    f'\t/src/cmd/ingest/main.go:41 +0x1c5 dsn="clickhouse://default:{_v}@10.8.0.14:9000/logs'
    '?dial_timeout=5s"\nexit status 2',
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    'psql "host=pg-report.lan port=5432 dbname=warehouse \\\n'
    f"      user=report password={_v} sslmode=require\" -c '\\dt'",
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    "# aerc accounts.conf\n[Work]\n"
    f"source   = imaps://ana.k%40acme.io:{_v}@imap.acme.io:993\n"
    "outgoing = smtps://ana.k%40acme.io@smtp.acme.io:465\n"
    "outgoing-cred-cmd = pass show mail/acme-smtp",
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    f"$ lftp -u deploy,{_v} sftp://files.partner.example:2222 -e 'mirror -R dist/ /incoming; bye'",
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    "| Environment | Connection string |\n|---|---|\n"
    "| dev | `postgres://app@localhost:5432/app` |\n"
    f"| staging | `postgres://app:{_v}@pg-stg.internal:5432/app` |",
    _v,
)
_v = _alnum_pw()
_s(
    "connection",
    f"{_ts(9, 14)} INFO  mqtt.client connecting to "
    f"wss://sensor-hub:{_v}@broker.iot.acme.io:8884/mqtt\n"
    f"{_ts(9, 14)} INFO  mqtt.client connected (session present: false)",
    _v,
)


# --------------------------------------------------------------------------- authorization
_v = _r(32, HEX)
_s(
    "authorization",
    f"curl https://api.statuspage.io/v1/pages/{_r(12, LOWER_AN)}/incidents \\\n"
    f'  -H "Authorization: OAuth {_v}" \\\n  -d "incident[name]=Elevated API errors"',
    _v,
)
_v = _r(20, AN)
_s(
    "authorization",
    "POST /api/v1/events/search.json HTTP/1.1\nHost: papertrailapp.com\n"
    f"X-Papertrail-Token: {_v}\nAccept: application/json",
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    "> POST /api/1/item/ HTTP/2\n> Host: api.rollbar.com\n> user-agent: curl/8.5.0\n"
    f"> x-rollbar-access-token: {_v}\n> content-type: application/json\n>\n< HTTP/2 200",
    _v,
)
_v = _uuid()
_s(
    "authorization",
    "curl -s -H 'Authorization: PVEAPIToken=terraform@pve!provider="
    f"{_v}' https://pve01.lan:8006/api2/json/nodes/pve01/qemu | jq '.data[].name'",
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    f"GET /Users/{_r(32, HEX)}/Items/Resume?Limit=12 HTTP/1.1\nHost: media.home.lan\n"
    f"X-Emby-Token: {_v}\nUser-Agent: Jellyfin-Web/10.10",
    _v,
)
_v = _jwt({"sub": _uuid(), "iss": "n8n", "aud": "public-api", "iat": 1764480000})
_s(
    "authorization",
    "curl -X GET 'https://n8n.acme.io/api/v1/workflows?active=true' \\\n"
    f"  -H 'accept: application/json' \\\n  -H 'X-N8N-API-KEY: {_v}'",
    _v,
)
_v = _jwt({"iss": _r(32, HEX), "iat": 1764480000, "exp": 2079840000})
_s(
    "authorization",
    "rest_command:\n  garage_close:\n"
    "    url: http://10.0.0.31:8123/api/services/cover/close_cover\n"
    "    method: POST\n    headers:\n"
    f'      authorization: "Bearer {_v}"\n    payload: \'{{"entity_id": "cover.garage"}}\'',
    _v,
)
_v = _r(52, UPPER_AN)
_s(
    "authorization",
    f"POST https://{_r(5, UPPER_AN)}.playfabapi.com/Server/GrantItemsToUsers\n"
    f'Content-Type: application/json\nX-SecretKey: {_v}\n\n{{"ItemGrants": []}}',
    _v,
)
_key = "xnd_development_" + _r(60, AN)
_v = base64.b64encode(f"{_key}:".encode()).decode()
_s(
    "authorization",
    f"curl https://api.xendit.co/balance -X GET \\\n   --header 'Authorization: Basic {_v}'",
    _v,
)
_v = _r(40, AN)
_s(
    "authorization",
    f"curl -X GET 'https://{_r(10, LOWER_AN)}.eu-central.aws.cloud.qdrant.io:6333/collections' \\\n"
    f"  --header 'api-key: {_v}'",
    _v,
)
_v = _uuid()
_s(
    "authorization",
    "GET /projects/" + _r(24, HEX) + "/errors?sort=last_seen HTTP/1.1\n"
    f"Host: api.bugsnag.com\nAuthorization: token {_v}\nX-Version: 2",
    _v,
)
_v = _r(32, AN)
_s(
    "authorization",
    "curl 'http://typesense.lan:8108/collections/products/documents/search?q=shoe&query_by=name'"
    f' -H "X-TYPESENSE-API-KEY: {_v}"',
    _v,
)
_v = _r(40, AN)
_s(
    "authorization",
    "send: b'POST /v2/chat HTTP/1.1\\r\\nHost: api.cohere.com\\r\\nUser-Agent: "
    "python-requests/2.32.3"
    "\\r\\nAccept-Encoding: gzip, deflate\\r\\nAccept: */*\\r\\nConnection: keep-alive\\r\\n"
    f"Authorization: Bearer {_v}\\r\\nContent-Length: 118\\r\\n\\r\\n'\n"
    "reply: 'HTTP/1.1 200 OK\\r\\n'",
    _v,
)
_v = f"1-{_r(64, AN)}"
_s(
    "authorization",
    "wget -qO- --header='Authorization: Bearer "
    f"{_v}' https://truenas.lan/api/v2.0/pool | jq '.[].status'",
    _v,
)
_v = _r(40, HEX)
_s(
    "authorization",
    "curl --request POST --url "
    "'https://api.deepgram.com/v1/listen?model=nova-3&smart_format=true' \\\n"
    f"  --header 'Authorization: Token {_v}' \\\n"
    "  --header 'Content-Type: audio/wav' --data-binary @call.wav",
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    "const res = await fetch('https://api.assemblyai.com/v2/transcript', {\n  method: 'POST',\n"
    f"  headers: {{ authorization: '{_v}', 'content-type': 'application/json' }},\n"
    "  body: JSON.stringify({ audio_url: url }),\n});",
    _v,
)
_v = _jwt({"sub": "svc-orders", "scope": "orders:read", "exp": 2079840000})
_s(
    "authorization",
    f"grpcurl -H 'authorization: Bearer {_v}' -d '{{\"limit\": 5}}' \\\n"
    "  api.acme.io:443 acme.orders.v1.OrderService/ListOrders",
    _v,
)
_v = _r(32, AN)
_s(
    "authorization",
    "GET /api/user/info HTTP/1.1\nHost: auth.home.lan\n"
    f"Cookie: authelia_session={_v}; theme=dark\nX-Forwarded-Proto: https",
    _v,
)


# --------------------------------------------------------------------------- config syntax
# homelab and self-hosted
_v = _r(48, URLSAFE)
_s(
    "config_syntax",
    f"# vaultwarden .env\nDOMAIN=https://vault.home.lan\nSIGNUPS_ALLOWED=false\nADMIN_TOKEN={_v}",
    _v,
)
_v, _v2 = _r(64, AN), _r(64, AN)
_s(
    "config_syntax",
    "identity_validation:\n  reset_password:\n"
    f"    jwt_secret: '{_v}'\nsession:\n  secret: '{_v2}'\n  cookies:\n"
    "    - domain: home.lan\n      authelia_url: https://auth.home.lan",
    _v,
    _v2,
)
_v = _r(64, AN)
_s("config_syntax", f"storage:\n  encryption_key: {_v}\n  local:\n    path: /config/db.sqlite3", _v)
_v, _v2 = _r(60, URLSAFE), _alnum_pw()
_s(
    "config_syntax",
    f"PG_PASS={_v2}\nAUTHENTIK_SECRET_KEY={_v}\nAUTHENTIK_ERROR_REPORTING__ENABLED=true",
    _v,
    _v2,
)
_v = _uuid()
_s(
    "config_syntax",
    "services:\n  traefik:\n    image: traefik:v3.2\n    environment:\n"
    f"      - DUCKDNS_TOKEN={_v}\n    command:\n"
    "      - --certificatesresolvers.le.acme.dnschallenge.provider=duckdns",
    _v,
)
_v = _human()
_s("config_syntax", f"pi@pihole:~ $ pihole setpassword '{_v}'\n  [✓] New password set", _v)
_v, _v2 = _r(80, AN + "+/"), _r(80, AN + "+/")
_s("config_syntax", f"$ cat ~/Downloads/apikey.txt\nkey={_v}\nsecret={_v2}", _v, _v2)
_v = _uuid()
_s(
    "config_syntax",
    'provider "proxmox" {\n  pm_api_url          = "https://pve01.lan:8006/api2/json"\n'
    '  pm_api_token_id     = "terraform@pve!provider"\n'
    f'  pm_api_token_secret = "{_v}"\n  pm_tls_insecure     = true\n}}',
    _v,
)
_v, _v2 = _human(), _alnum_pw()
_s(
    "config_syntax",
    f'# secrets.yaml\nwifi_ssid: HomeNet\nwifi_password: "{_v}"\nmqtt_user: hass\n'
    f"mqtt_password: {_v2}\nlatitude_home: 52.37",
    _v,
    _v2,
)
_v, _v2 = _b64(32), _r(32, HEX)
_s(
    "config_syntax",
    "api:\n  encryption:\n"
    f'    key: "{_v}"\n\nota:\n  - platform: esphome\n    password: "{_v2}"\n\nwifi:\n'
    "  ssid: !secret wifi_ssid",
    _v,
    _v2,
)
_v = _human()
_s(
    "config_syntax",
    "wifi:\n  ssid: !secret wifi_ssid\n  password: !secret wifi_password\n  ap:\n"
    f'    ssid: "Plug-Kitchen Fallback"\n    password: "{_v}"',
    _v,
)
_nk = ", ".join(str(_rng.randrange(256)) for _ in range(16))
_s(
    "config_syntax",
    "advanced:\n  pan_id: 6754\n  ext_pan_id: [221, 221, 221, 221, 221, 221, 221, 221]\n"
    f"  network_key: [{_nk}]\n  channel: 15",
    f"[{_nk}]",
)
_v, _v2 = _human(), _alnum_pw()
_s(
    "config_syntax",
    f"18:42:07.114 CMD: Backlog SSId1 HomeNet; Password1 {_v}; MqttHost 10.0.0.2; "
    f"MqttUser tasmota; MqttPassword {_v2}",
    _v,
    _v2,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    '    <gui enabled="true" tls="false" debugging="false">\n'
    "        <address>127.0.0.1:8384</address>\n"
    f"        <apikey>{_v}</apikey>\n        <theme>default</theme>\n    </gui>",
    _v,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    "  n8n:\n    image: docker.n8n.io/n8nio/n8n\n    environment:\n"
    f"      - N8N_ENCRYPTION_KEY={_v}\n      - N8N_HOST=n8n.acme.io\n"
    "      - WEBHOOK_URL=https://n8n.acme.io/",
    _v,
)
_v, _v2 = _r(64, AN), _jwt({"nbf": 1764480000, "type": "internal"})
_s(
    "config_syntax",
    f"[security]\nINSTALL_LOCK = true\nSECRET_KEY = {_v}\nINTERNAL_TOKEN = {_v2}\n"
    "PASSWORD_HASH_ALGO = pbkdf2",
    _v,
    _v2,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    "{\n"
    '  "WARNING": "This file is automatically generated by act-runner. Do not edit it '
    'manually.",\n'
    f'  "id": 7,\n  "uuid": "{_uuid()}",\n  "name": "runner-arm64",\n  "token": "{_v}",\n'
    '  "address": "https://git.home.lan"\n}',
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    f"./act_runner register --no-interactive --instance https://git.home.lan --token {_v} "
    "--name runner-arm64 --labels ubuntu-latest:docker://node:20-bookworm",
    _v,
)
_v = _r(64, AN)
_s(
    "config_syntax",
    'resource "truenas_dataset" "media" {}\n\nprovider "truenas" {\n'
    f'  api_key  = "3-{_v}"\n  base_url = "https://truenas.lan/api/v2.0"\n}}',
    _v,
)

# backups
_v = _human()
_s(
    "config_syntax",
    "$ export RESTIC_REPOSITORY=s3:s3.eu-central-003.backblazeb2.com/laptop\n"
    f"$ export RESTIC_PASSWORD='{_v}'\n$ restic snapshots",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "source_directories:\n  - /home\n  - /etc\nrepositories:\n"
    "  - path: ssh://borg@nas.lan/./laptop\n    label: nas\n"
    f'encryption_passphrase: "{_v}"\nkeep_daily: 7',
    _v,
)
_v, _v2 = _r(31, AN), _human()
_s(
    "config_syntax",
    "kopia repository connect b2 --bucket=acme-kopia \\\n"
    f"  --key-id={_r(25, DIGITS + 'abcdef')} --key={_v} \\\n  --password='{_v2}'",
    _v,
    _v2,
)
_v = _r(43, URLSAFE)
_s(
    "config_syntax",
    f"[mega]\ntype = mega\nuser = ana.k@proton.me\npass = {_v}\n\n[crypt]\ntype = crypt\n"
    "remote = mega:vault",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    "[default]\naccess_key = "
    + _r(20, UPPER_AN)
    + f"\nsecret_key = {_v}\nhost_base = s3.wasabisys.com\n"
    "host_bucket = %(bucket)s.s3.wasabisys.com",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    f"$ mc alias set nas http://10.0.0.5:9000 backup {_v}\nAdded `nas` successfully.",
    _v,
)

# windows
_v = _human()
_s(
    "config_syntax",
    "Windows Registry Editor Version 5.00\n\n"
    "[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"
    f'"AutoAdminLogon"="1"\n"DefaultUserName"="kiosk"\n"DefaultPassword"="{_v}"\n'
    '"DefaultDomainName"="SHOPFLOOR"',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "[HKEY_CURRENT_USER\\Software\\Acme\\Mailer\\Smtp]\n"
    f'"Server"="smtp.acme.io"\n"Port"=dword:0000024b\n"User"="noreply"\n"Password"="{_v}"',
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "C:\\> reg query HKLM\\SOFTWARE\\Acme\\Agent\n\nHKEY_LOCAL_MACHINE\\SOFTWARE\\Acme\\Agent\n"
    f"    ProxyUser    REG_SZ    svc-agent\n    ProxyPass    REG_SZ    {_v}\n"
    "    Interval     REG_DWORD    0x3c",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"PS C:\\> cmdkey /add:fs01.corp.lan /user:CORP\\ana.k /pass:{_v}\n\n"
    "CMDKEY: Credential added successfully.",
    _v,
)

# server management
_v = _human()
_s("config_syntax", f"ipmitool -I lanplus -H 10.0.9.21 -U ADMIN -P '{_v}' chassis power cycle", _v)
_v = _pw()
_s(
    "config_syntax",
    '<RIBCL VERSION="2.0">\n'
    f'  <LOGIN USER_LOGIN="Administrator" PASSWORD="{_v}">\n'
    '    <SERVER_INFO MODE="read"><GET_HOST_POWER_STATUS/></SERVER_INFO>\n  </LOGIN>\n</RIBCL>',
    _v,
)
_v = _human()
_s("config_syntax", f"racadm -r 10.0.9.22 -u root -p '{_v}' serveraction powerstatus", _v)
_v = _human()
_s("config_syntax", f"x11vnc -display :0 -passwd '{_v}' -forever -shared -rfbport 5900 &", _v)
_v = _r(16, HEX)
_s(
    "config_syntax",
    f"[Connection]\nHost=10.0.0.9:5901\nPassword={_v}\n[Options]\nUseLocalCursor=1\nFullScreen=0",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"xfreerdp3 /v:ts01.corp.lan /u:ana.k /d:CORP /p:'{_v}' /dynamic-resolution +clipboard",
    _v,
)
_pw_plain = _human()
_v = base64.b64encode(_pw_plain.encode()).decode()
_s(
    "config_syntax",
    '<FileZilla3 version="3.67.1" platform="windows">\n\t<Servers>\n\t\t<Server>\n'
    "\t\t\t<Host>files.partner.example</Host>\n\t\t\t<Port>21</Port>\n"
    "\t\t\t<Protocol>0</Protocol>\n"
    "\t\t\t<Logontype>1</Logontype>\n\t\t\t<User>acme_upload</User>\n"
    f'\t\t\t<Pass encoding="base64">{_v}</Pass>\n\t\t</Server>\n\t</Servers>\n</FileZilla3>',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    '"postgres-jdbc-reporting": {\n  "provider": "postgresql",\n  "driver": "postgres-jdbc",\n'
    '  "name": "reporting (prod)",\n  "save-password": true,\n  "configuration": {\n'
    '    "host": "pg-report.lan",\n    "port": "5432",\n    "database": "warehouse",\n'
    f'    "user": "report",\n    "password": "{_v}",\n    "auth-model": "native"\n  }}\n}}',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    'source "vsphere-iso" "win2022" {\n  communicator   = "winrm"\n'
    f'  winrm_username = "Administrator"\n  winrm_password = "{_v}"\n  winrm_timeout  = "4h"\n}}',
    _v,
)
_v = "11" + _r(32, HEX)
_s(
    "config_syntax",
    f"[jenkins]\nuser=ana.k\npassword={_v}\nurl=https://ci.acme.io\nquery_plugins_info=False",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "      - credentials:\n          - usernamePassword:\n              scope: GLOBAL\n"
    "              id: nexus-deploy\n              username: deploy\n"
    f'              password: "{_v}"\n              description: Nexus deploy user',
    _v,
)

# mail and chat clients
_v = _pw()
_s(
    "config_syntax",
    "account        work\nhost           smtp.acme.io\nport           587\n"
    "from           ana.k@acme.io\n"
    f"user           ana.k@acme.io\npassword       {_v}\ntls            on",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"IMAPAccount fastmail\nHost imap.fastmail.com\nUser ana@fastmail.com\nPass {_v}\n"
    "TLSType IMAPS",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "[Repository Remote-acme]\ntype = IMAP\nremotehost = imap.acme.io\nremoteuser = ana.k\n"
    f"remotepass = {_v}\nsslcacertfile = /etc/ssl/certs/ca-certificates.crt",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    '[server]\nlibera.addresses = "irc.libera.chat/6697"\nlibera.tls = on\n'
    f'libera.sasl_username = "ana_k"\nlibera.sasl_password = "{_v}"',
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"[10:42] <ana_k> /msg NickServ IDENTIFY ana_k {_v}\n"
    "[10:42] -NickServ- You are now identified for ana_k.",
    _v,
)
_v, _v2 = _r(64, URLSAFE), _r(64, URLSAFE)
_s(
    "config_syntax",
    'server_name: "matrix.acme.io"\nenable_registration: false\n'
    f'registration_shared_secret: "{_v}"\nmacaroon_secret_key: "{_v2}"\nreport_stats: false',
    _v,
    _v2,
)
_v, _v2 = _r(128, HEX), _r(128, HEX)
_s(
    "config_syntax",
    f"LOCAL_DOMAIN=social.acme.io\nSECRET_KEY_BASE={_v}\nOTP_SECRET={_v2}\n"
    "SMTP_SERVER=smtp.acme.io\nSMTP_PORT=587",
    _v,
    _v2,
)

# network services
_v = _b64(32)
_s(
    "config_syntax",
    f'key "ddns-update" {{\n\talgorithm hmac-sha256;\n\tsecret "{_v}";\n}};\n\n'
    'zone "home.lan" {\n\ttype master;\n\tallow-update { key "ddns-update"; };\n};',
    _v,
)
_v = _r(40, HEX).upper()
_s(
    "config_syntax",
    f"$ sudo cat /etc/chrony/chrony.keys\n# id  type  key\n1 SHA1 HEX:{_v}",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"cache_peer upstream.corp.lan parent 3128 0 no-query default login=svc-squid:{_v}\n"
    "never_direct allow all",
    _v,
)
_v = _alnum_pw()
_s(
    "config_syntax",
    "router bgp 65010\n neighbor 10.255.0.1 remote-as 65000\n"
    f" neighbor 10.255.0.1 password {_v}\n neighbor 10.255.0.1 timers 3 9",
    _v,
)
_v = _alnum_pw()
_s(
    "config_syntax",
    "protocol bgp uplink {\n\tlocal as 65010;\n\tneighbor 10.255.0.1 as 65000;\n"
    f'\tpassword "{_v}";\n\tipv4 {{ import all; export where source = RTS_STATIC; }};\n}}',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"DBHost=localhost\nDBName=zabbix\nDBUser=zabbix\nDBPassword={_v}\nStartPollers=10",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f'# /etc/icinga2/conf.d/api-users.conf\nobject ApiUser "dashboard" {{\n  password = "{_v}"\n'
    '  permissions = [ "status/query", "objects/query/*" ]\n}',
    _v,
)
_v = _r(96, AN)
_s(
    "config_syntax",
    f"is_leader = true\nnode_id_file = /etc/graylog/server/node-id\npassword_secret = {_v}\n"
    "root_username = admin",
    _v,
)

# provisioning
_v, _v2 = _human(), _pw()
_s(
    "config_syntax",
    "#cloud-config\nusers:\n  - name: ana\n    groups: sudo\n    lock_passwd: false\n"
    f"    plain_text_passwd: '{_v}'\nchpasswd:\n  expire: false\n  users:\n"
    f"    - name: root\n      password: {_v2}\n      type: text",
    _v,
    _v2,
)
_v = _alnum_pw()
_enc = urllib.parse.quote(f"DB_PASSWORD={_v}\nDB_HOST=pg.lan\n")
_s(
    "config_syntax",
    '{\n  "path": "/etc/app/db.env",\n  "mode": 384,\n'
    f'  "contents": {{ "source": "data:,{_enc}" }}\n}}',
    _v,
)
_v = _alnum_pw()
_s(
    "config_syntax",
    "storage:\n  files:\n    - path: /etc/app/api.env\n      mode: 0600\n      contents:\n"
    f"        inline: |\n          API_BASE=https://api.acme.io\n          API_TOKEN={_v}",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    "[Service]\nExecStart=/usr/local/bin/exporter --config /etc/exporter.yml\n"
    f"SetCredential=db_pass:{_v}\nLoadCredential=tls.key:/etc/exporter/tls.key",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"{_ts(9, 14)} ##[group]Run docker login ghcr.io -u acme-bot -p '{_v}'\n"
    f"{_ts(9, 14)} docker login ghcr.io -u acme-bot -p '{_v}'\n"
    f"{_ts(9, 14)} shell: /usr/bin/bash -e {{0}}\n{_ts(9, 14)} ##[endgroup]\n"
    f"{_ts(9, 15)} WARNING! Using --password via the CLI is insecure. Use --password-stdin.",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    f"{_ts(11, 2)} + export WANDB_API_KEY={_v}\n{_ts(11, 2)} + python train.py --epochs 3\n"
    f"{_ts(11, 3)} wandb: Currently logged in as: acme-ml",
    _v,
)

# game servers
_v = _human()
_s(
    "config_syntax",
    f'// server.cfg\nhostname "ACME LAN #1"\nsv_password ""\nrcon_password "{_v}"\nsv_lan 0',
    _v,
)
_v, _v2 = _r(30, HEX), _human()
_s(
    "config_syntax",
    '{\n  "name": "Acme Friday Factory",\n  "visibility": { "public": true, "lan": true },\n'
    f'  "username": "ana_k",\n  "token": "{_v}",\n  "game_password": "{_v2}",\n'
    '  "require_user_verification": true\n}',
    _v,
    _v2,
)
_v = _human()
_s(
    "config_syntax",
    "[/Script/Pal.PalGameWorldSettings]\nOptionSettings=(Difficulty=None,DayTimeSpeedRate=1.000000,"
    f'ServerName="Acme Pals",ServerPassword="",AdminPassword="{_v}",PublicPort=8211,'
    "RCONEnabled=True,RCONPort=25575)",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    './valheim_server.x86_64 -nographics -batchmode -name "Vikings of Acme" -port 2456 '
    f'-world "Midgard" -password "{_v}" -public 0',
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"[ServerSettings]\nServerPassword=\nServerAdminPassword={_v}\nMaxPlayers=12\n"
    "DifficultyOffset=0.5",
    _v,
)
_v, _v2 = _r(20, AN), _r(40, URLSAFE)
_s(
    "config_syntax",
    "2026-11-30 09:01:12.551231|WARNING |VirtualServer |1  "
    "|--------------------------------------------------------\n"
    "2026-11-30 09:01:12.551291|WARNING |VirtualServer |1  |                      I M P O R T A N "
    "T\n"
    "2026-11-30 09:01:12.551320|WARNING |Accounting    |   | Server Query Admin Account created\n"
    '2026-11-30 09:01:12.551334|WARNING |Accounting    |   |  loginname= "serveradmin", '
    f'password= "{_v}"\n'
    f"2026-11-30 09:01:12.561044|WARNING |VirtualServer |1  |  token={_v2}",
    _v,
    _v2,
)

# AI, search, payments, cloud and IoT SDKs
_v = _r(40, AN)
_s(
    "config_syntax",
    'Traceback (most recent call last):\n  File "/app/rerank.py", line 9, in <module>\n'
    f'    co = cohere.ClientV2(api_key="{_v}", timeout=20)\n'
    "cohere.errors.unauthorized_error.UnauthorizedError: status_code: 401, body: "
    "{'message': 'invalid api token'}",
    _v,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    f"# .env.local\nLLM_PROVIDER=mistral\nMISTRAL_API_KEY={_v}\nMISTRAL_MODEL=mistral-large-latest",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    "client = weaviate.connect_to_weaviate_cloud(\n"
    f'    cluster_url="https://{_r(12, LOWER_AN)}.c0.europe-west3.gcp.weaviate.cloud",\n'
    f'    auth_credentials=Auth.api_key("{_v}"),\n)',
    _v,
)
_v = _r(24, AN)
_s(
    "config_syntax",
    f"razorpay:\n  key_id: rzp_live_{_r(14, AN)}\n  key_secret: {_v}\n"
    "  webhook_path: /hooks/razorpay",
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    f"$ scw init access-key=SCW{_r(17, UPPER_AN)} secret-key={_v} "
    "organization-id=" + _uuid() + " send-telemetry=false",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    "$ cat ~/.config/linode-cli\n[DEFAULT]\ndefault-user = ana-k\n\n[ana-k]\n"
    f"token = {_v}\nregion = eu-central\ntype = g6-standard-2",
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    "  - name: Deploy to Railway\n    run: railway up --service api --detach\n    env:\n"
    f"      RAILWAY_TOKEN: {_v}",
    _v,
)
_v, _v2 = _human(), _r(32, AN)
_s(
    "config_syntax",
    f'#define BLYNK_TEMPLATE_ID "TMPL{_r(8, AN)}"\n#define BLYNK_AUTH_TOKEN "{_v2}"\n\n'
    f'char ssid[] = "Greenhouse";\nchar pass[] = "{_v}";',
    _v,
    _v2,
)
_v = _human()
_s(
    "config_syntax",
    '#include <WiFi.h>\n\nconst char* ssid     = "Workshop-2G";\n'
    f'const char* password = "{_v}";\n\nvoid setup() {{\n  WiFi.begin(ssid, password);',
    _v,
)
_v = _r(16, AN)
_s(
    "config_syntax",
    "tuya:\n  devices:\n    - name: desk lamp\n      host: 10.0.0.77\n"
    f'      device_id: bf{_r(20, LOWER_AN)}\n      local_key: "{_v}"\n'
    '      protocol_version: "3.4"',
    _v,
)
_v = _r(16, UPPER_AN)
_s(
    "config_syntax",
    f'String apiKey = "{_v}";     // ThingSpeak Write API Key\n'
    'const char* server = "api.thingspeak.com";',
    _v,
)

# people, shells and tables
_v = _human()
_s(
    "config_syntax",
    f"Hasło do panelu iLO na nowym serwerze to {_v} — zmień je po pierwszym logowaniu.",
    _v,
)
_v = _human()
_s("config_syntax", f"Arkadaşlar, ofis VPN şifresi artık {_v}, eskisi dün iptal edildi.", _v)  # noqa: RUF001
_v = _human()
_s("config_syntax", f"Het beheerderswachtwoord van de NAS is {_v}, niet doorsturen aub.", _v)
_v = _human()
_s("config_syntax", f"운영 DB 계정은 app_rw, 비밀번호는 {_v} 입니다. 내일 바꿀게요.", _v)
_v = _human()
_s("config_syntax", f"Mật khẩu wifi văn phòng tầng 3: {_v} (mạng Acme-Staff)", _v)
_v, _v2 = _human(), _pw()
_s(
    "config_syntax",
    "name,url,username,password,note\n"
    f"Router,http://192.168.1.1,admin,{_v},\n"
    f"Grafana,https://grafana.home.lan,admin,{_v2},changed 2026-10",
    _v,
    _v2,
)
_v = _pw()
_s(
    "config_syntax",
    f"{_ts(8, 59)} executionStarted input: "
    + json.dumps(
        json.dumps({"job": "sync", "db": {"host": "pg.lan", "user": "etl", "password": _v}})
    ),
    _v,
)
_v = _human()
_b = base64.b64encode(_v.encode()).decode()
_s(
    "config_syntax",
    "# values-prod.yaml\nsmtp:\n  host: smtp.acme.io\n  user: noreply@acme.io\n"
    f"  passwordBase64: {_b}",
    _b,
)
_v = _human()
_s(
    "config_syntax",
    f"$ cat ~/.pause\nuser ANAK\npassword {_v}\n$ cpan-upload Acme-Frobnicate-0.07.tar.gz",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"security add-generic-password -U -a \"$USER\" -s acme-deploy-api -w '{_v}'",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"  881  echo '{_v}' | sudo openconnect --user=ana.k --passwd-on-stdin vpn.acme.io\n"
    "  882  ip a show tun0",
    _v,
)


# =========================================================================== look-alikes
# --------------------------------------------------------------------------- prefixed tokens
_l(
    "prefixed_token",
    "<script>\n  Xendit.setPublishableKey(\n"
    f"    'xnd_public_production_{_r(60, AN)}'\n  );\n</script>",
)
_l(
    "prefixed_token",
    f"const mp = new MercadoPago('APP_USR-{_uuid()}', {{ locale: 'pt-BR' }});",
)
_l(
    "prefixed_token",
    '<script src="https://app.midtrans.com/snap/snap.js" '
    f'data-client-key="Mid-client-{_r(16, URLSAFE)}"></script>',
)
_l(
    "prefixed_token",
    f"NEXT_PUBLIC_SUPABASE_PUBLISHABLE_KEY=sb_publishable_{_r(22, URLSAFE)}_{_r(8, URLSAFE)}",
)
_clerk = base64.b64encode(b"clerk.acme.io$").decode()
_l("prefixed_token", f"VITE_CLERK_PUBLISHABLE_KEY=pk_live_{_clerk}")
_l(
    "prefixed_token",
    "const checkout = await AdyenCheckout({\n  environment: 'live',\n"
    f"  clientKey: 'live_{_r(32, UPPER_AN)}',\n  locale: 'nl-NL',\n}});",
)
_l(
    "prefixed_token",
    "var options = {\n"
    f'    "key": "rzp_live_{_r(14, AN)}", // Enter the Key ID generated from the Dashboard\n'
    '    "amount": "50000",\n    "currency": "INR",\n};',
)
_l(
    "prefixed_token",
    f"const handler = PaystackPop.setup({{ key: 'pk_live_{_r(40, HEX)}', email, amount: 500000 "
    f"}});",
)
_l(
    "prefixed_token",
    f'<div class="g-recaptcha" data-sitekey="6Lc{_r(37, URLSAFE)}"></div>',
)
_l(
    "prefixed_token",
    f'<div class="cf-turnstile" data-sitekey="0x4AAAAAAA{_r(14, URLSAFE)}" '
    'data-theme="light"></div>',
)
_l(
    "prefixed_token",
    f"const ldClient = LDClient.initialize('{_r(24, HEX)}', {{ kind: 'user', key: userId }});",
)
_l("prefixed_token", f'{{"puuid": "{_r(78, URLSAFE)}", "gameName": "ana", "tagLine": "EUW"}}')
_l(
    "prefixed_token",
    f"steamid: 76561198{_r(9, DIGITS)}\npersonaname: ana_k\ncommunityvisibilitystate: 3",
)
_l("prefixed_token", f"      - uses: actions/checkout@{_r(40, HEX)} # v4.2.2")
_l("prefixed_token", f"golang.org/x/crypto v0.31.0 h1:{_b64(32)}")
_l("prefixed_token", f'        "narHash": "sha256-{_b64(32)}",\n        "owner": "NixOS",')
_l(
    "prefixed_token",
    "# example from the docs, not a real key:\n"
    "XENDIT_SECRET_KEY=xnd_development_YOUR_SECRET_KEY_HERE",
)
_l("prefixed_token", f"ipfs://bafybei{_r(52, 'abcdefghijklmnopqrstuvwxyz234567')}/metadata.json")

# --------------------------------------------------------------------------- key blocks
_l(
    "key_block",
    '{\n  "manifest_version": 3,\n  "name": "Acme Clipper",\n'
    f'  "key": "MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{_b64(270)[:348]}IDAQAB",\n'
    '  "permissions": ["storage"]\n}',
)
_l(
    "key_block",
    f'app_store_connect_api_key(\n  key_id: "{_r(10, UPPER_AN)}",\n  issuer_id: "{_uuid()}",\n'
    '  key_filepath: ENV["ASC_KEY_PATH"],\n  in_house: false\n)',
)
_l(
    "key_block",
    f"acme.io. 3600 IN DNSKEY 257 3 13 {_b64(64)}\n"
    f"acme.io. 3600 IN DS 24871 13 2 {_r(64, HEX).upper()}",
)
_l(
    "key_block",
    'mail._domainkey.acme.io. 300 IN TXT "v=DKIM1; k=rsa; '
    f'p=MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA{_b64(200)}"',
)
_l(
    "key_block",
    '$ ipfs id -f "<id>\\n"\n'
    f"12D3KooW{_r(44, '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz')}",
)
_l(
    "key_block",
    "root@relay:~# cat /var/lib/tor/hidden_service/hostname\n"
    f"{_r(56, 'abcdefghijklmnopqrstuvwxyz234567')}.onion",
)
_l(
    "key_block",
    "$ cat /etc/nebula/ca.crt\n-----BEGIN NEBULA CERTIFICATE-----\n"
    + "\n".join(lines(_b64(280)))
    + "\n-----END NEBULA CERTIFICATE-----",
)
_l("key_block", f"  PublicKey: {_r(64, HEX)}\n  IfName: auto\n  NodeInfoPrivacy: false")
_l(
    "key_block",
    "-----BEGIN AGE ENCRYPTED FILE-----\n"
    + "\n".join(lines(_b64(330)))
    + "\n-----END AGE ENCRYPTED FILE-----",
)
_l(
    "key_block",
    'let\n  ana = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI'
    + _b64(32)[:43]
    + ' ana@laptop";\n  nas = "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI'
    + _b64(32)[:43]
    + '";\nin {\n  "restic-password.age".publicKeys = [ ana nas ];\n'
    '  "wifi.age".publicKeys = [ ana ];\n}',
)
_l(
    "key_block",
    f'            "public_key_openssh": "ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAACAQ{_b64(380)}\\n",\n'
    f'            "public_key_fingerprint_sha256": "SHA256:{_b64(32).rstrip("=")}",',
)
_l(
    "key_block",
    "$ vault read -field=certificate pki/cert/ca\n-----BEGIN CERTIFICATE-----\n"
    + "\n".join(lines(_b64(900)))
    + "\n-----END CERTIFICATE-----",
)
_l(
    "key_block",
    "-----BEGIN CERTIFICATE REQUEST-----\n"
    + "\n".join(lines(_b64(700)))
    + "\n-----END CERTIFICATE REQUEST-----",
)
_l(
    "key_block",
    "jwt:\n  issuer: https://auth.acme.io\n  verify_key: |\n    -----BEGIN PUBLIC KEY-----\n"
    + "\n".join("    " + x for x in lines(_b64(91)))
    + "\n    -----END PUBLIC KEY-----",
)
_l(
    "key_block",
    "$ ssh-keygen -lf deploy/keys/ci_ed25519.pub\n"
    f"256 SHA256:{_b64(32).rstrip('=')} ci@acme (ED25519)",
)
_l(
    "key_block",
    f"$ borg info ssh://borg@nas.lan/./laptop\nRepository ID: {_r(64, HEX)}\n"
    "Location: ssh://borg@nas.lan/./laptop\nEncrypted: Yes (repokey BLAKE2b)\n"
    "Cache: /root/.cache/borg/" + _r(64, HEX),
)

# --------------------------------------------------------------------------- connection strings
_l(
    "connection",
    "DATABASE_URL=postgresql://neondb_owner@ep-quiet-lake-a1b2c3d4.eu-central-1.aws.neon.tech/neondb?sslmode=require",
)
_l(
    "connection",
    "const db = createClient({ url: process.env.TURSO_DATABASE_URL!, authToken: "
    "process.env.TURSO_AUTH_TOKEN });",
)
_l(
    "connection",
    "<jdbc-url>jdbc:mysql://db.lan:3306/shop?useSSL=true&amp;serverTimezone=UTC</jdbc-url>",
)
_l(
    "connection",
    "RESTIC_REPOSITORY=rest:https://restic.home.lan:8000/laptop/\n"
    "RESTIC_PASSWORD_COMMAND='pass show restic/laptop'",
)
_l(
    "connection",
    "https://api.steampowered.com/ISteamApps/GetAppList/v2/?format=json&max_results=50000"
    f"&last_appid={_r(6, DIGITS)}",
)
_l(
    "connection",
    "clickhouse://default@localhost:9000/default?dial_timeout=200ms&max_execution_time=60",
)
_l("connection", "$ open vnc://10.0.0.9:5901")
_l("connection", "sftp://deploy@files.partner.example:2222/incoming/2026-11-30/")
_l("connection", 'url = "https://${GITEA_USER}:${GITEA_TOKEN}@git.home.lan/ana/dotfiles.git"')
_l(
    "connection",
    'Acquire::http::Proxy "http://proxy.corp.lan:3128/";\n'
    'Acquire::http::Proxy::deb.debian.org "DIRECT";',
)
_l(
    "connection",
    f"GET https://api.acme.io/v2/orders?limit=50&page_token={_urlb64(48)} -> 200 (50 items)",
)
_l("connection", "ssh://git@git.home.lan:2222/ana/dotfiles.git")
_l(
    "connection",
    "ldaps://dc01.corp.lan:636/OU=Staff,DC=corp,DC=lan?sAMAccountName?sub?(objectClass=person)",
)
_l("connection", "https://www.npmjs.com/package/@acme/ui-kit?activeTab=versions")
_l("connection", f"https://github.com/acme/infra/compare/{_r(40, HEX)}...{_r(40, HEX)}")
_l("connection", "mqtts://broker.iot.acme.io:8883 (client id: sensor-hub-07, clean session)")
_l(
    "connection",
    "Server=tcp:erp.lan,1433;Initial Catalog=ERP;Integrated Security=SSPI;Encrypt=True;",
)

# --------------------------------------------------------------------------- authorization
_l("authorization", 'curl -H "Authorization: Bearer ${HA_TOKEN}" http://10.0.0.31:8123/api/states')
_l("authorization", f"{_ts(9, 20)} Authorization: ***\n{_ts(9, 20)} Content-Type: application/json")
_l(
    "authorization",
    'WWW-Authenticate: Bearer realm="https://auth.docker.io/token",service="registry.docker.io",'
    'scope="repository:library/alpine:pull"',
)
_l(
    "authorization",
    'curl -H "Authorization: Bearer $(gcloud auth print-identity-token)" '
    "https://api-abc123-ew.a.run.app/healthz",
)
_l("authorization", f"Sec-WebSocket-Key: {_b64(16)}\nSec-WebSocket-Version: 13")
_l("authorization", f"Sec-WebSocket-Accept: {_b64(20)}")
_l(
    "authorization",
    f"Content-Security-Policy: script-src 'self' 'nonce-{_b64(16)}'; object-src 'none'",
)
_l("authorization", f"X-Hub-Signature-256: sha256={_r(64, HEX)}\nX-GitHub-Delivery: {_uuid()}")
_l("authorization", f"X-Slack-Request-Timestamp: 1764493200\nX-Slack-Signature: v0={_r(64, HEX)}")
_l("authorization", f"Idempotency-Key: {_uuid()}")
_l("authorization", f"Digest: sha-256={_b64(32)}")
_l("authorization", "Proxy-Authenticate: Negotiate\nProxy-Authenticate: NTLM\nConnection: close")
_l("authorization", "X-Riot-Token: <your development API key>")
_l(
    "authorization",
    "Remember to strip the Authorization and X-Emby-Token headers before you log requests.",
)
_l("authorization", f'If-None-Match: "{_r(32, HEX)}"\nX-RateLimit-Remaining: 4987')
_l(
    "authorization",
    "Access-Control-Allow-Headers: Authorization, X-TYPESENSE-API-KEY, Content-Type",
)

# --------------------------------------------------------------------------- config syntax
_l(
    "config_syntax",
    f"ADMIN_TOKEN='$argon2id$v=19$m=65540,t=3,p=4${_b64(32).rstrip('=')}${_b64(32).rstrip('=')}'",
)
_l("config_syntax", f"basic_auth /admin/* {{\n\tana $2a$14${_r(53, AN + './')}\n}}")
_l(
    "config_syntax",
    'users:\n  ana:\n    displayname: "Ana K"\n'
    "    password: "
    f'"$argon2id$v=19$m=65536,t=3,p=4${_b64(16).rstrip("=")}${_b64(32).rstrip("=")}"\n'
    "    email: ana@home.lan\n    groups: [admins]",
)
_l("config_syntax", f"[User ana]\n\tPass = sha256#{_r(64, HEX)}#{_r(20, AN)}#\n\tNick = ana_k")
_l(
    "config_syntax",
    f"        <user>ana</user>\n        <password>$2a$10${_r(53, AN + './')}</password>",
)
_l(
    "config_syntax",
    f'    <device id="{"-".join(_r(7, _B32) for _ in range(8))}" name="nas" '
    'compression="metadata" introducer="false">',
)
_l("config_syntax", 'encryption_passphrase: "{credential systemd borg_passphrase}"')
_l(
    "config_syntax",
    "LoadCredential=db_pass:/etc/credstore/exporter.db_pass\nEnvironment=DB_USER=exporter",
)
_l(
    "config_syntax",
    "SetCredentialEncrypted=db_pass: \\\n        " + " \\\n        ".join(lines(_b64(240), 60)),
)
_l(
    "config_syntax",
    "age.secrets.restic.file = ../secrets/restic-password.age;\n"
    "services.restic.backups.nas.passwordFile = config.age.secrets.restic.path;",
)
_l(
    "config_syntax",
    "creation_rules:\n  - path_regex: secrets/prod/.*\\.yaml$\n"
    f"    age: age1{_r(58, 'qpzry9x8gf2tvdw0s3jn54khce6mua7l')}",
)
_l("config_syntax", f"profile::db::password: >\n    ENC[PKCS7,{_b64(300)}]")
_l("config_syntax", f'env:\n  global:\n    - secure: "{_b64(256)}"')
_l(
    "config_syntax",
    '      - run: docker login ghcr.io -u acme-bot --password-stdin <<< "${{ secrets.GHCR_TOKEN '
    '}}"',
)
_l(
    "config_syntax",
    f"{_ts(9, 14)} env:\n{_ts(9, 14)}   RESTIC_PASSWORD: ***\n"
    f"{_ts(9, 14)}   RESTIC_REPOSITORY: ***",
)
_l("config_syntax", 'password: "${NEXUS_PASSWORD}"\ncredentialsId: "nexus-deploy"')
_l(
    "config_syntax",
    "[HKEY_LOCAL_MACHINE\\SOFTWARE\\Microsoft\\Windows NT\\CurrentVersion\\Winlogon]\n"
    '"AutoAdminLogon"="0"\n"DefaultPassword"=-',
)
_l(
    "config_syntax",
    "[HKEY_LOCAL_MACHINE\\SYSTEM\\CurrentControlSet\\Control\\Lsa]\n"
    '"LimitBlankPasswordUse"=dword:00000001\n"DisableDomainCreds"=dword:00000000',
)
_l("config_syntax", "    PasswordExpiryWarning    REG_DWORD    0xe")
_l(
    "config_syntax",
    "ota:\n  - platform: esphome\n    password: !secret ota_password\napi:\n  encryption:\n"
    "    key: !secret api_key",
)
_l(
    "config_syntax",
    "advanced:\n  network_key: GENERATE\n  pan_id: GENERATE\n  ext_pan_id: GENERATE",
)
_l(
    "config_syntax",
    "ipmitool -I lanplus -H 10.0.9.21 -U ADMIN -E sdr list   # password from $IPMI_PASSWORD",
)
_l("config_syntax", '<LOGIN USER_LOGIN="adminname" PASSWORD="password">')
_l(
    "config_syntax",
    "\t\t\t<Logontype>3</Logontype>\n\t\t\t<User>acme_upload</User>\n"
    "\t\t\t<EncodingType>Auto</EncodingType>",
)
_l(
    "config_syntax",
    '  "save-password": false,\n  "configuration": { "host": "pg-report.lan", "user": "report" }',
)
_l(
    "config_syntax",
    "PasswordAuthentication no\nPermitEmptyPasswords no\nKbdInteractiveAuthentication no",
)
_l("config_syntax", "password requisite pam_pwquality.so retry=3 minlen=14 dcredit=-1 ucredit=-1")
_l(
    "config_syntax",
    "[security]\nINSTALL_LOCK = true\nMIN_PASSWORD_LENGTH = 10\n"
    "PASSWORD_COMPLEXITY = lower,upper,digit\nPASSWORD_HASH_ALGO = pbkdf2",
)
_l(
    "config_syntax",
    'set imap_pass = "`pass show mail/acme`"\nset smtp_url = "smtps://ana.k@smtp.acme.io"',
)
_l(
    "config_syntax",
    'passwordeval "gpg --quiet --for-your-eyes-only --no-tty --decrypt ~/.msmtp-acme.gpg"',
)
_l(
    "config_syntax",
    'IMAPAccount fastmail\nUser ana@fastmail.com\nPassCmd "pass show mail/fastmail"',
)
_l("config_syntax", 'libera.sasl_password = "${sec.data.libera_pw}"')
_l(
    "config_syntax",
    "registration_shared_secret_path: /run/secrets/synapse_registration\n"
    "macaroon_secret_key_path: /run/secrets/synapse_macaroon",
)
_l(
    "config_syntax",
    'allow-update { key "ddns-update"; };\nupdate-policy { grant ddns-update zonesub ANY; };',
)
_l("config_syntax", "keyfile /etc/chrony/chrony.keys\nserver ntp1.corp.lan iburst key 1")
_l(
    "config_syntax",
    "TLSConnect=psk\nTLSPSKIdentity=PSK 001\nTLSPSKFile=/etc/zabbix/zabbix_agentd.psk",
)
_l(
    "config_syntax",
    "root_password_sha2 = \nhttp_bind_address = 0.0.0.0:9000\n"
    f"node_id_file = /etc/graylog/server/node-id\nnode_id = {_uuid()}",
)
_l(
    "config_syntax",
    'pm_api_token_id = "terraform@pve!provider"\npm_api_url = "https://pve01.lan:8006/api2/json"',
)
_l(
    "config_syntax",
    f"SCW_DEFAULT_ORGANIZATION_ID={_uuid()}\nSCW_DEFAULT_PROJECT_ID={_uuid()}\n"
    "SCW_DEFAULT_REGION=fr-par",
)
_l(
    "config_syntax",
    f"RAILWAY_PROJECT_ID={_uuid()}\nRAILWAY_ENVIRONMENT_ID={_uuid()}\nRAILWAY_SERVICE_NAME=api",
)
_l("config_syntax", f"SNYK_ORG={_uuid()}\nSNYK_SEVERITY_THRESHOLD=high")
_l(
    "config_syntax",
    "# .env.example\nCOHERE_API_KEY=\nMISTRAL_API_KEY=your-mistral-key\n"
    "DEEPGRAM_API_KEY=<deepgram key>",
)
_l(
    "config_syntax",
    "| Variable | Required | Description |\n|---|---|---|\n"
    "| `WANDB_API_KEY` | yes | your W&B key, from wandb.ai/authorize |\n"
    "| `RUNPOD_API_KEY` | no | only for remote runs |",
)
_l(
    "config_syntax",
    "max_tokens: 4096\nmax_new_tokens: 512\ntokenizer: cl100k_base\napi_key_env: MISTRAL_API_KEY",
)
_l(
    "config_syntax",
    'const char* ssid = "Workshop-2G";\nconst char* mqtt_server = "10.0.0.2";\n'
    "const int   mqtt_port = 1883;",
)
_l(
    "config_syntax",
    f"      device_id: bf{_r(20, LOWER_AN)}\n      product_key: {_r(16, LOWER_AN)}\n"
    '      protocol_version: "3.3"',
)
_l(
    "config_syntax",
    '// server.cfg\nsv_password ""\nsv_lan 0\nsv_cheats 0\n'
    'rcon_password ""   // rcon disabled on public servers',
)
_l(
    "config_syntax",
    'OptionSettings=(ServerPassword="",PublicPort=8211,PublicIP="",RCONEnabled=False,RCONPort=25575)',
)
_l(
    "config_syntax",
    '  "visibility": { "public": true, "lan": true },\n  "require_user_verification": true,\n'
    '  "max_upload_in_kilobytes_per_second": 0',
)
_l(
    "config_syntax",
    "aws secretsmanager get-secret-value --secret-id prod/billing/db --query SecretString "
    "--output text",
)
_l(
    "config_syntax",
    f"arn:aws:secretsmanager:eu-central-1:{_r(12, DIGITS)}:secret:prod/billing/db-{_r(6, AN)}",
)
_l(
    "config_syntax",
    'DB_PASSWORD: "op://Infra/billing-db/password"\nDB_USER: "op://Infra/billing-db/username"',
)
_l("config_syntax", 'path "secret/data/ci/*" {\n  capabilities = ["read", "list"]\n}')
_l(
    "config_syntax",
    "ssl_password_file /etc/nginx/keys/global.pass;\n"
    "ssl_session_ticket_key /etc/nginx/keys/ticket.key;",
)
_l(
    "config_syntax",
    "Het wachtwoordbeleid: minimaal 12 tekens, één cijfer, en elke 90 dagen vervangen.",
)
_l(
    "config_syntax",
    "name,url,username,password,note\n"
    "Router,http://192.168.1.1,admin,,stored in the hardware token",
)
_l(
    "config_syntax",
    "PASSWORD_RESET_TIMEOUT = 259200  # 3 days\n"
    'AUTH_PASSWORD_VALIDATORS = [{"NAME": '
    '"django.contrib.auth.password_validation.MinimumLengthValidator"}]',
)
