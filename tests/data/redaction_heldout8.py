"""EIGHTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before the widening of the rules that follows held-out 7: its author
never read the rules (graphmem/redact.py), their description (docs/security.md, CHANGELOG.md) or the
messages of the commits that changed them, and never ran redaction on a case while writing it, so no
case was kept or dropped for what the rules do with it. Committed alone, then measured once on the
rules as they stood ("before"); it is the estimate of redaction on text no test here contains.
Its cases avoid the contexts, formats and providers of the other splits: other industries' software
(healthcare: FHIR SMART backend services, Epic, Mirth Connect, Orthanc, Redox; finance and trading:
QuickFIX sessions and FIX logs, Alpaca, OANDA, Polygon, Tradier, ccxt configs for Binance, Kraken,
OKX, KuCoin, Bybit and Gemini; logistics: UPS, FedEx, DHL, ShipStation; e-commerce and marketplaces:
Amazon SP-API, eBay, Etsy, BigCommerce, Magento, PrestaShop, commercetools; ad-tech: Google Ads,
TikTok, AppsFlyer; telecom: Plivo, Vonage, Sinch, Infobip, Africa's Talking, Kannel/SMPP; CRM and
ERP: SAP JCo, hdbuserstore and BTP service keys, Odoo, NetSuite TBA, Pipedrive, Zendesk, Freshdesk,
ServiceNow; e-signature: DocuSign, Dropbox Sign, PandaDoc; HR: BambooHR, Workday, Personio; maps:
ArcGIS, TomTom; media: Mux, Vimeo, Agora, LiveKit, Twitch and YouTube stream keys in OBS;
translation: Lokalise, Crowdin, Transifex; LMS: Canvas, Moodle), science and HPC (Slurm slurmdbd,
munge, HTCondor, Globus, iRODS, Benchling), robots, vehicles and machines (ROS 2 SROS2 keystores,
MAVLink signing, CAN SecOC keys, Smartcar, Tesla Fleet, OctoPrint, Moonraker, Bambu Lab, PrusaLink,
Onshape, Autodesk APS), embedded signing and secure elements (MCUboot imgtool, ESP32 espsecure,
U-Boot FIT, PKCS#11 URIs, SoftHSM, YubiKey PIV), desktop and editor settings (Tauri and Sparkle
updater keys, VS Code settings, JetBrains http-client env files, Sublime SFTP, Emacs authinfo,
WakaTime, Obsidian plugin data, Insomnia exports, userscripts), registries not used before
(Chocolatey, LuaRocks, Ansible Galaxy, PlatformIO, Anaconda, CocoaPods trunk), CI and deploy tools
(Semaphore, Bitrise, Codemagic, Concourse, Argo CD, Kamal, Depot), data and BI (Fivetran, Airbyte,
Meltano, Dagster, Tableau, Looker, Superset, Redash, Lightdash), feature flags (Statsig, Flagsmith),
identity (Zitadel, JumpCloud, OneLogin, FusionAuth, Ory, SCIM), email marketing (Iterable,
ConvertKit, ActiveCampaign, Customer.io, Loops) and SaaS webhooks (Zoom, Calendly, Linear); with
secrets in prose in many human languages (Polish, Indonesian, Swedish, Hindi, Arabic, Hebrew, Greek,
Czech, Thai, Swahili, Finnish, Hungarian, Romanian), shell history, stack traces, query strings,
base64 and JSON-escaped strings, line continuations, diffs, markdown and CSV tables and timestamped
logs; authorization in headers and schemes of those providers. Its look-alikes are public keys,
certificates and public ids of the same providers, tracking numbers, hashes and lock file integrity,
ciphertexts meant to be committed, secret references, placeholders, masked values, translated labels
and settings named like secrets.
`python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own, so no token-shaped string is
committed.
"""

from __future__ import annotations

import base64
import json

from tests.data.fake_secrets import (
    AN,
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

_fakes = Fakes(8_2026_1130)
_rng = _fakes.rng
_r, _b64, _urlb64, _uuid = _fakes.r, _fakes.b64, _fakes.urlb64, _fakes.uuid
_alnum, _jwt = _fakes.alnum, _fakes.jwt


def _pw() -> str:
    """A random password with symbols, as a password manager makes."""
    return _r(8) + _rng.choice(PUNCT) + _r(6) + _rng.choice(PUNCT) + _r(4)


def _human() -> str:
    """A password a person chose: words, digits and a symbol."""
    words = ["Lantern", "Otter", "Saffron", "Granite", "Heron", "Cobalt", "Juniper", "Maple"]
    return (
        _rng.choice(words)
        + _rng.choice("!#$%&*@")
        + str(_rng.randrange(10, 99))
        + _rng.choice(words).lower()
    )


def _ts(h: int, m: int) -> str:
    return f"2026-11-30 {h:02d}:{m:02d}:{_rng.randrange(60):02d},{_r(3, DIGITS)}"


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# --------------------------------------------------------------------------- prefixed tokens
_v = "atsk_" + _r(64, HEX)
_s(
    "prefixed_token",
    "import africastalking\n\n"
    f'africastalking.initialize(username="acme_ke", api_key="{_v}")\n'
    "sms = africastalking.SMS",
    _v,
)
_v, _v2 = "amzn1.oa2-cs.v1." + _r(64, HEX), "Atzr|" + _r(300, URLSAFE)
_s(
    "prefixed_token",
    "credentials = dict(\n"
    f'    refresh_token="{_v2}",\n'
    f'    lwa_app_id="amzn1.application-oa2-client.{_r(32, HEX)}",\n'
    f'    lwa_client_secret="{_v}",\n'
    ")\n"
    "res = Orders(credentials=credentials, marketplace=Marketplaces.DE).get_orders("
    "CreatedAfter=since)",
    _v,
    _v2,
)
_v = "AAPT" + _r(120, URLSAFE)
_s(
    "prefixed_token",
    "from arcgis.gis import GIS\n"
    f'gis = GIS("https://www.arcgis.com", api_key="{_v}")\n'
    'geocoded = geocode("Pier 39, San Francisco")',
    _v,
)
_v = f"live_{_r(9, DIGITS)}_{_r(30, AN)}"
_s(
    "prefixed_token",
    "$ cat ~/.config/obs-studio/basic/profiles/Streaming/service.json\n"
    + json.dumps(
        {
            "settings": {"bwtest": False, "key": _v, "server": "auto", "service": "Twitch"},
            "type": "rtmp_common",
        },
        indent=4,
    ),
    _v,
)
_v = f"{_r(4, DIGITS)}~{_r(64, AN)}"
_s(
    "prefixed_token",
    f"canvas = Canvas('https://acme.instructure.com', '{_v}')\ncourse = canvas.get_course(48213)",
    _v,
)
_v = "1/" + _r(40, HEX)
_s(
    "prefixed_token",
    "$ cat ~/.transifexrc\n[https://app.transifex.com]\n"
    "rest_hostname = https://rest.api.transifex.com\n"
    f"token         = {_v}",
    _v,
)
_v = "waka_" + _uuid()
_s(
    "prefixed_token",
    f"$ cat ~/.wakatime.cfg\n[settings]\napi_key = {_v}\nhide_file_names = true",
    _v,
)
_v = "waka_" + _uuid()
_s(
    "prefixed_token",
    f'-- init.lua\nvim.g.wakatime_api_key = "{_v}"\nvim.g.wakatime_cli = "/usr/local/bin/wakatime"',
    _v,
)
_v = "ldpat_" + _r(32, HEX)
_s(
    "prefixed_token",
    f"$ lightdash login https://bi.acme.io --token {_v}\n"
    "✔  Logged in to https://bi.acme.io as dana@acme.io",
    _v,
)
_v = "ory_pat_" + _r(32, AN)
_s(
    "prefixed_token",
    f"export ORY_PROJECT_API_KEY={_v}\nory list identities --project {_uuid()} --format json",
    _v,
)
_v = "secret-" + _r(43, AN)
_s(
    "prefixed_token",
    "const statsig = require('statsig-node');\n"
    f"await statsig.initialize('{_v}', {{ environment: {{ tier: 'production' }} }});",
    _v,
)
_v = "ser." + _r(22, AN)
_s(
    "prefixed_token",
    f'flagsmith = Flagsmith(\n    environment_key="{_v}",\n    enable_local_evaluation=True,\n)',
    _v,
)
_v = "lin_wh_" + _r(48, AN)
_s(
    "prefixed_token",
    "# .env.production\nLINEAR_WEBHOOK_SIGNING_SECRET=" + _v + "\nLINEAR_TEAM_KEY=ENG",
    _v,
)
_v = f"account-{_r(20, AN)}"
_v2 = _r(28, BASE58)
_s(
    "prefixed_token",
    "exchange = ccxt.gemini({\n"
    f"    'apiKey': '{_v}',\n"
    f"    'secret': '{_v2}',\n"
    "})\nprint(exchange.fetch_balance()['USD'])",
    _v2,
)
_v = "depot_project_" + _r(64, HEX)
_s(
    "prefixed_token",
    "  - name: Build image\n    run: depot build -t ghcr.io/acme/api:${{ github.sha }} --push .\n"
    f"    env:\n      DEPOT_TOKEN: {_v}",
    _v,
)
_v = _r(32, HEX) + "-" + _r(32, HEX)
_s(
    "prefixed_token",
    f'import oandapyV20\napi = oandapyV20.API(access_token="{_v}", environment="live")',
    _v,
)
_v = "AK" + _r(18, UPPER_AN)
_v2 = _r(40, AN)
_s(
    "prefixed_token",
    "$ history | grep alpaca\n"
    f" 2041  export APCA_API_KEY_ID={_v}\n"
    f" 2042  export APCA_API_SECRET_KEY={_v2}\n"
    " 2043  python rebalance.py --live",
    _v2,
)
_v = (
    "PRD-" + _r(12, HEX) + "-" + _r(4, HEX) + "-" + _r(4, HEX) + "-" + _r(4, HEX) + "-" + _r(4, HEX)
)
_v2 = "v^1.1#i^1#p^3#r^1#I^3#f^0#t^" + _b64(480)
_s(
    "prefixed_token",
    "name: ebay_api_config\napi.ebay.com:\n"
    f"    appid: Acme-Invento-PRD-{_r(9, HEX)}-{_r(8, HEX)}\n"
    f"    certid: {_v}\n"
    f"    devid: {_uuid()}\n"
    f"    token: {_v2}",
    _v,
    _v2,
)
_v = "MA" + _r(18, UPPER_AN)
_v2 = _r(40, AN)
_s(
    "prefixed_token",
    f"client = plivo.RestClient(auth_id='{_v}', auth_token='{_v2}')\n"
    "client.messages.create(src='+14155550100', dst=to, text=body)",
    _v2,
)
_v = "3AAABLblqZhB" + _r(120, URLSAFE)
_s(
    "prefixed_token",
    "2026-11-30 09:14:02 DEBUG acrobat-sign  POST https://api.na3.adobesign.com/api/rest/v6/"
    f"agreements  access_token={_v} status=201",
    _v,
)
_v = "papi-" + _uuid()
_v2 = "papi-" + _r(64, AN)
_s(
    "prefixed_token",
    "curl -s -X POST https://api.personio.de/v1/auth \\\n"
    f"  -d client_id={_v} \\\n"
    f"  -d client_secret={_v2}",
    _v2,
)
_v = _uuid()
_s(
    "prefixed_token",
    f"PS C:\\src\\acme-cli> choco apikey --key {_v} --source https://push.chocolatey.org/\n"
    "Added ApiKey for https://push.chocolatey.org/",
    _v,
)
_v = _r(32, LOWER_AN)
_s(
    "prefixed_token",
    f"$ luarocks upload acme-json-1.4.0-1.rockspec --api-key={_v}\n"
    "Sending acme-json-1.4.0-1.rockspec ...",
    _v,
)
_v = _r(40, HEX)
_s(
    "prefixed_token",
    f"$ cat ~/.ansible/galaxy_token\ntoken: {_v}\n"
    "$ ansible-galaxy collection publish acme-infra-2.3.0.tar.gz",
    _v,
)
_v = (
    _r(2, LOWER_AN)
    + "-"
    + _r(8, HEX)
    + "-"
    + _r(4, HEX)
    + "-"
    + _r(4, HEX)
    + "-"
    + _r(4, HEX)
    + "-"
    + _r(12, HEX)
)
_s(
    "prefixed_token",
    f"- name: upload\n  run: anaconda -t {_v} upload --user acme dist/conda/*.conda",
    _v,
)
_v = _r(32, HEX)
_s(
    "prefixed_token",
    f"$ cat ~/.netrc\nmachine trunk.cocoapods.org\n  login dana@acme.io\n  password {_v}",
    _v,
)
_v = "eyJ" + _r(30, URLSAFE) + "." + _r(120, URLSAFE) + "." + _r(43, URLSAFE)
_s(
    "prefixed_token",
    "PLATFORMIO_AUTH_TOKEN=" + _v + " pio pkg publish --owner acme --no-interactive",
    _v,
)
_v = _r(20, AN)
_s(
    "prefixed_token",
    "# .semaphore/semaphore.yml is fine, the token lives here:\n"
    f"$ sem connect acme.semaphoreci.com {_v}\nconnected to acme.semaphoreci.com",
    _v,
)
_v = _r(16, AN)
_v2 = _r(32, AN)
_basic = base64.b64encode(f"{_v}:{_v2}".encode()).decode()
_s(
    "prefixed_token",
    "Traceback (most recent call last):\n"
    '  File "sync.py", line 31, in <module>\n'
    "    r.raise_for_status()\n"
    "requests.exceptions.HTTPError: 401 Client Error: Unauthorized for url: "
    "https://api.fivetran.com/v1/connectors/upright_lively/sync\n"
    f"request headers: {{'Authorization': 'Basic {_basic}', 'Accept': 'application/json'}}",
    _basic,
)
_v = "ZITADEL_PAT=" + _r(70, URLSAFE)
_pat = _v.split("=", 1)[1]
_s(
    "prefixed_token",
    f"# zitadel-service-account.env\nZITADEL_DOMAIN=https://id.acme.io\n{_v}",
    _pat,
)
_v = "sk_" + _r(32, AN)
_s(
    "prefixed_token",
    "from benchling_sdk.benchling import Benchling\n"
    "from benchling_sdk.auth.api_key_auth import ApiKeyAuth\n"
    f'benchling = Benchling(url="https://acme.benchling.com", auth_method=ApiKeyAuth("{_v}"))',
    _v,
)


# --------------------------------------------------------------------------- key blocks
_d, _p, _q = _urlb64(256), _urlb64(128), _urlb64(128)
_s(
    "key_block",
    "$ cat fhir-backend/private_jwks.json\n"
    + json.dumps(
        {
            "keys": [
                {
                    "kty": "RSA",
                    "kid": f"epic-backend-{_r(8, HEX)}",
                    "alg": "RS384",
                    "n": _urlb64(256),
                    "e": "AQAB",
                    "d": _d,
                    "p": _p,
                    "q": _q,
                    "dp": _urlb64(128),
                    "dq": _urlb64(128),
                    "qi": _urlb64(128),
                }
            ]
        },
        indent=2,
    ),
    _d,
    _p,
    _q,
)
_body = _b64(1190)
_s(
    "key_block",
    '# docusign_jwt.py\nINTEGRATION_KEY = "'
    + _uuid()
    + '"\nIMPERSONATED_USER_ID = "'
    + _uuid()
    + '"\nPRIVATE_KEY = """'
    + pem("RSA PRIVATE KEY", _body)
    + '"""',
    *lines(_body)[1:-1],
)
_body = _b64(1190)
_key = pem("RSA PRIVATE KEY", _body)
_s(
    "key_block",
    "$ zitadel-tools key2jwt --key api-sa.json --audience https://id.acme.io\n"
    "$ cat api-sa.json\n"
    + json.dumps(
        {
            "type": "serviceaccount",
            "keyId": _r(18, DIGITS),
            "key": _key + "\n",
            "userId": _r(18, DIGITS),
        }
    ),
    *lines(_body)[1:-1],
)
_body = _b64(121)
_s(
    "key_block",
    "$ imgtool keygen -k root-ec-p256.pem -t ecdsa-p256\n$ cat root-ec-p256.pem\n"
    + pem("EC PRIVATE KEY", _body),
    *lines(_body),
)
_hex = _r(64, HEX)
_s(
    "key_block",
    "$ espsecure.py generate_flash_encryption_key my_flash_encryption_key.bin\n"
    "espsecure.py v4.7.0\nWriting 256 random bits to key file my_flash_encryption_key.bin\n"
    "$ xxd -p my_flash_encryption_key.bin\n" + _hex[:60] + "\n" + _hex[60:],
    _hex[:60],
)
_v = _b64(64)
_s(
    "key_block",
    "$ ./bin/generate_keys -x sparkle_private_key\n"
    f"$ cat sparkle_private_key\n{_v}\n"
    "# then: ./bin/sign_update --ed-key-file sparkle_private_key Acme-2.4.dmg",
    _v,
)
_inner = (
    "untrusted comment: rsign encrypted secret key\n"
    + base64.b64encode(b"Ed" + _fakes.raw(156)).decode()
)
_v = base64.b64encode(_inner.encode()).decode()
_s(
    "key_block",
    "# .github/workflows/release.yml (diff)\n"
    "       env:\n"
    "         GITHUB_TOKEN: ${{ secrets.GITHUB_TOKEN }}\n"
    f"+        TAURI_SIGNING_PRIVATE_KEY: {_v}\n"
    "+        TAURI_SIGNING_PRIVATE_KEY_PASSWORD: ''",
    _v,
)
_body = _b64(1024)
_s(
    "key_block",
    "root@hpc-head01:~# base64 -w 76 /etc/munge/munge.key\n" + "\n".join(lines(_body, 76)),
    *lines(_body, 76)[:-1],
)
_body = _b64(138)
_s(
    "key_block",
    "$ ros2 security create_enclave demo_keystore /talker_listener/talker\n"
    "$ cat demo_keystore/enclaves/talker_listener/talker/key.pem\n" + pem("PRIVATE KEY", _body),
    *lines(_body),
)
_body = _b64(1218)
_esc = pem("PRIVATE KEY", _body).replace("\n", "\\n")
_s(
    "key_block",
    '{\n  "BTP_SERVICE_KEY": {\n    "clientid": "sb-acme-orders!t48213",\n'
    '    "certificate": "-----BEGIN CERTIFICATE-----\\nMIIF...\\n-----END CERTIFICATE-----\\n",\n'
    f'    "key": "{_esc}\\n",\n'
    '    "certurl": "https://acme.authentication.cert.eu10.hana.ondemand.com"\n  }\n}',
    *lines(_body)[1:-1],
)
_body = _b64(1190)
_s(
    "key_block",
    "$ openssl pkcs12 -in ups-edi-prod.p12 -nodes -nocerts -passin pass:\n"
    "Bag Attributes\n    friendlyName: ups-edi-prod\n    localKeyID: 54 69 6D 65 20 31 37 33\n"
    "Key Attributes: <No Attributes>\n" + pem("PRIVATE KEY", _body),
    *lines(_body)[1:-1],
)
_body = _b64(1190)
_s(
    "key_block",
    "mirth@hl7-gw:/opt/mirthconnect$ grep -A30 'channel.tls' appdata/keys/interface-07.key\n"
    + pem("RSA PRIVATE KEY", _body),
    *lines(_body)[1:-1],
)
_v = _r(32, HEX)
_s(
    "key_block",
    "# board/acme/secoc.yaml\necu: BCM_FRONT\nsecoc:\n  freshness_counter_bits: 32\n"
    f'  key_id: 0x12\n  key: "{_v}"',
    _v,
)
_body = _b64(1190)
_s(
    "key_block",
    "diff --git a/salesforce/jwt/server.key b/salesforce/jwt/server.key\nnew file mode 100644\n"
    "--- /dev/null\n+++ b/salesforce/jwt/server.key\n@@ -0,0 +1,27 @@\n"
    + "\n".join("+" + line for line in pem("RSA PRIVATE KEY", _body).splitlines()),
    *lines(_body)[1:-1],
)
_body = _b64(1190)
_s(
    "key_block",
    "# apps/etsy-sync/config/netsuite.yml\ncertificate_id: " + _r(43, URLSAFE) + "\n"
    "private_key: |\n" + "\n".join("  " + line for line in pem("PRIVATE KEY", _body).splitlines()),
    *lines(_body)[1:-1],
)
_v = _b64(32)
_s(
    "key_block",
    "// ArduPilot: MAVLink2 signing, ground station side (mavproxy)\n"
    f"signing setup {_v}\n# stored for the GCS in ~/.mavproxy/signing.key",
    _v,
)
_body = _b64(1190)
_s(
    "key_block",
    "u-boot$ ls keys/\ndev.crt  dev.key\n"
    "$ cat keys/dev.key  # FIT image signing (mkimage -k keys -K u-boot.dtb -r)\n"
    + pem("RSA PRIVATE KEY", _body),
    *lines(_body)[1:-1],
)


# --------------------------------------------------------------------------- connections
_v = (
    _r(4, LOWER_AN)
    + "-"
    + _r(4, LOWER_AN)
    + "-"
    + _r(4, LOWER_AN)
    + "-"
    + _r(4, LOWER_AN)
    + "-"
    + _r(4, LOWER_AN)
)
_s(
    "connection",
    "ffmpeg -re -i promo.mp4 -c:v libx264 -preset veryfast -b:v 4500k -c:a aac -f flv \\\n"
    f"  rtmp://a.rtmp.youtube.com/live2/{_v}",
    _v,
)
_v = _r(8, DIGITS)
_s(
    "connection",
    "client = mqtt.Client(protocol=mqtt.MQTTv311)\nclient.tls_set(cert_reqs=ssl.CERT_NONE)\n"
    f'client.username_pw_set("bblp", "{_v}")  # LAN access code from the printer screen\n'
    'client.connect("192.168.1.61", 8883)',
    _v,
)
_v = _alnum()
_s(
    "connection",
    '$ cat ~/.config/Code/User/settings.json | jq ."sqltools.connections"\n'
    + json.dumps(
        [
            {
                "name": "erp-replica",
                "driver": "MSSQL",
                "server": "erp-db.acme.local",
                "port": 1433,
                "database": "NAV_PROD",
                "username": "nav_ro",
                "password": _v,
            }
        ],
        indent=2,
    ),
    _v,
)
_v = _alnum()
_s(
    "connection",
    f'    "http.proxy": "http://dana.k:{_v}@proxy.acme.corp:8080",\n'
    '    "http.proxyStrictSSL": false,',
    _v,
)
_v = _alnum()
_s(
    "connection",
    "# quickfix-initiator.cfg\n[SESSION]\nBeginString=FIX.4.4\nSenderCompID=ACME_OMS\n"
    "TargetCompID=BROKER1\n"
    f"JdbcURL=jdbc:postgresql://fixstore.acme.local:5432/quickfix?user=qf&password={_v}\n"
    "JdbcDriver=org.postgresql.Driver",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "# slurmdbd.conf\nAuthType=auth/munge\nDbdHost=hpc-head01\n"
    "StorageType=accounting_storage/mysql\n"
    f"StorageHost=db01\nStorageUser=slurm\nStorageLoc=slurm_acct_db\nStoragePass={_v}",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "jco.client.ashost=sap-prd-ci.acme.local\njco.client.sysnr=00\njco.client.client=100\n"
    f"jco.client.user=RFC_ORDERS\njco.client.passwd={_v}\njco.client.lang=EN",
    _v,
)
_v = _pw()
_s(
    "connection",
    f"hdbadm@hana01:~> hdbuserstore SET BACKUPKEY hana01:30013@SYSTEMDB BACKUP_OP '{_v}'\n"
    "hdbadm@hana01:~> hdbuserstore LIST BACKUPKEY",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "import xmlrpc.client\n"
    "url, db = 'https://erp.acme.io', 'acme-prod'\n"
    f"uid = common.authenticate(db, 'integrations@acme.io', '{_v}', {{}})\n"
    "models = xmlrpc.client.ServerProxy(f'{url}/xmlrpc/2/object')",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "Caused by: java.sql.SQLException: Access denied for user 'mirth'@'10.4.2.18' "
    "(using password: YES)\n"
    "\tat com.mirth.connect.server.util.DatabaseConnection.<init>(DatabaseConnection.java:57)\n"
    "\t... 12 more\n"
    f"[config] database.url=jdbc:mysql://db-hl7:3306/mirthdb?user=mirth&password={_v}",
    _v,
)
_v = _alnum()
_s(
    "connection",
    f'{{\n  "Name": "PACS-Orthanc",\n  "RegisteredUsers": {{\n    "radiology": "{_v}"\n  }},\n'
    '  "AuthenticationEnabled": true,\n  "DicomAet": "ORTHANC"\n}',
    _v,
)
_v = _alnum()
_s(
    "connection",
    f"$ iinit\nEnter the host name (DNS) of the server to connect to: irods.hpc.acme.edu\n"
    f'Enter your current iRODS password:\n$ python -c "from irods.session import iRODSSession; '
    f"s = iRODSSession(host='irods.hpc.acme.edu', port=1247, user='dana', "
    f"password='{_v}', zone='acmeZone')\"",
    _v,
)
_v = _alnum()
_s(
    "connection",
    f'ws = connect(\n    "ws://admin:{_v}@octopi.local/sockjs/websocket"\n)',
    _v,
)
_v = _alnum()
_s(
    "connection",
    f"DATABASE_URL=mysql://magento:{_v}@db.shop.internal:3306/magento2?charset=utf8mb4",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "2026-11-30T08:01:44Z meltano | Extractor 'tap-postgres' is not configured correctly: "
    f"connection to postgresql://tap_reader:{_v}@warehouse-replica:5432/shop failed: timeout",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "# superset_config.py\nSQLALCHEMY_DATABASE_URI = (\n"
    f'    "postgresql+psycopg2://superset:{_v}@pg-meta.bi.internal/superset"\n)',
    _v,
)
_v = _alnum()
_s(
    "connection",
    "2026-11-30 10:12:33 airbyte-worker | Source config: "
    + json.dumps(
        {
            "host": "erp-db",
            "port": 5432,
            "database": "odoo",
            "username": "airbyte",
            "password": _v,
            "ssl_mode": {"mode": "require"},
        }
    ),
    _v,
)
_v = _alnum()
_s(
    "connection",
    "$ redash-cli datasource add --type mongodb \\\n"
    '    --options \'{"connectionString": '
    f'"mongodb+srv://redash:{_v}@events.x1y2z.mongodb.net/events"}}\'',
    _v,
)
_v = _alnum()
_s(
    "connection",
    "[sftp]\nhost = edi.fedex-partner.example.net\nport = 22\nuser = ACME_EDI\n"
    f"uri = sftp://ACME_EDI:{_v}@edi.fedex-partner.example.net:22/outbound/",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "| env | url |\n|-----|-----|\n| staging | `amqps://kannel:"
    + _v
    + "@mq-stg.sms.acme.io:5671/sms` |\n| prod | see vault |",
    _v,
)
_v = _alnum()
_s(
    "connection",
    "Dagster run failed: dagster_dbt.errors.DagsterDbtCliRuntimeError\n"
    f"  target: snowflake://loader:{_v}@acme-eu.snowflakecomputing.com/RAW/PUBLIC?warehouse=LOAD_WH",
    _v,
)
_v = _alnum()
_s(
    "connection",
    '// VS Code launch.json\n{\n  "name": "API (local)",\n  "type": "node",\n'
    f'  "env": {{ "REDIS_URL": "rediss://default:{_v}@cache-prod.acme.io:6380/0" }}\n}}',
    _v,
)
_v = _alnum()
_s(
    "connection",
    'Exception in thread "main" org.apache.hc.client5.http.HttpHostConnectException: Connect to '
    f"https://svc_ticketing:{_v}@acme.service-now.com/api/now/table/incident failed: Connection "
    "refused",
    _v,
)


# --------------------------------------------------------------------------- config syntax
_v, _v2 = _r(64, AN), _r(64, AN)
_s(
    "config_syntax",
    "exchange = ccxt.binance({\n"
    f"    'apiKey': '{_v}',\n    'secret': '{_v2}',\n"
    "    'options': {'defaultType': 'future'},\n})",
    _v,
    _v2,
)
_v, _v2 = _b64(42), _b64(64)
_s(
    "config_syntax",
    f'# freqtrade config.json (excerpt)\n"exchange": {{\n    "name": "kraken",\n'
    f'    "key": "{_v}",\n    "secret": "{_v2}",\n    "ccxt_config": {{}}\n}},',
    _v2,
)
_v, _v2, _v3 = _uuid(), _r(32, HEX).upper(), _human()
_s(
    "config_syntax",
    f"OKX_API_KEY={_v}\nOKX_API_SECRET={_v2}\nOKX_PASSPHRASE={_v3}\nOKX_SIMULATED=0",
    _v2,
    _v3,
)
_v, _v2, _v3 = _r(24, HEX), _uuid(), _human()
_s(
    "config_syntax",
    f"[kucoin]\napi_key = {_v}\napi_secret = {_v2}\napi_passphrase = {_v3}\nsandbox = false",
    _v2,
    _v3,
)
_v, _v2 = _r(18, AN), _r(36, AN)
_s(
    "config_syntax",
    f'session = HTTP(\n    testnet=False,\n    api_key="{_v}",\n    api_secret="{_v2}",\n)',
    _v2,
)
_v = _alnum()
_s(
    "config_syntax",
    "[SESSION]\nBeginString=FIXT.1.1\nDefaultApplVerID=FIX.5.0SP2\nSenderCompID=ACME_OMS\n"
    f"TargetCompID=LMAX\nUsername=acme-oms\nPassword={_v}\nResetOnLogon=Y",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    f"{_ts(7, 59)} INFO  FIX.4.4:ACME->BROKER1 outgoing: 8=FIX.4.4\x019=112\x0135=A\x0134=1\x01"
    f"49=ACME\x0156=BROKER1\x0152=20261130-07:59:58.114\x0198=0\x01108=30\x01553=acme_oms\x01"
    f"554={_v}\x0110=187\x01",
    _v,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    "$ curl -s 'https://api.polygon.io/v2/aggs/ticker/AAPL/range/1/day/2026-01-01/2026-11-29"
    f"?adjusted=true&apiKey={_v}' | jq .resultsCount\n230",
    _v,
)
_v = _r(28, AN)
_s(
    "config_syntax",
    f"TRADIER_ACCOUNT=6YA{_r(5, DIGITS)}\nTRADIER_ACCESS_TOKEN={_v}\nTRADIER_SANDBOX=false",
    _v,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    "GET https://acme.pipedrive.com/api/v1/deals?status=open&start=0&limit=100"
    f"&api_token={_v}\n→ 200 OK (312 ms)",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    f"curl https://acme.zendesk.com/api/v2/tickets.json \\\n  -u dana@acme.io/token:{_v}",
    _v,
)
_v = _r(20, AN)
_s(
    "config_syntax",
    f"curl -v -u {_v}:X -H 'Content-Type: application/json' "
    "https://acme.freshdesk.com/api/v2/tickets?per_page=5",
    _v,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    "# bamboohr.py\nBAMBOO_SUBDOMAIN = 'acme'\n"
    f"BAMBOO_API_KEY = '{_v}'\nauth = HTTPBasicAuth(BAMBOO_API_KEY, 'x')",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "<!-- Workday Studio: launch parameters (Get_Workers ISU) -->\n"
    "<wd:Integration_Parameter "
    'wd:Name="isu.username">ISU_Payroll_Export</wd:Integration_Parameter>\n'
    f'<wd:Integration_Parameter wd:Name="isu.password">{_v}</wd:Integration_Parameter>',
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    "const opts = { headers: {\n"
    f"  Authorization: 'Basic ' + Buffer.from('{_v}:').toString('base64'),\n"
    "} };\nawait fetch('https://api.hellosign.com/v3/signature_request/list', opts);",
    _v,
)
_v1, _v2, _v3, _v4 = (_r(64, HEX) for _ in range(4))
_s(
    "config_syntax",
    "NETSUITE_ACCOUNT_ID=1234567_SB1\n"
    f"NETSUITE_CONSUMER_KEY={_v1}\nNETSUITE_CONSUMER_SECRET={_v2}\n"
    f"NETSUITE_TOKEN_ID={_v3}\nNETSUITE_TOKEN_SECRET={_v4}",
    _v2,
    _v4,
)
_v = _pw()
_s(
    "config_syntax",
    "[options]\naddons_path = /opt/odoo/addons,/opt/odoo/custom\n"
    f"admin_passwd = {_v}\ndb_host = db\ndb_user = odoo\nproxy_mode = True",
    _v,
)
_v = _uuid() + "$" + _b64(32)
_s(
    "config_syntax",
    "$ cf service-key orders-xsuaa orders-key\nGetting key orders-key for service instance ...\n\n"
    + json.dumps(
        {
            "clientid": "sb-orders!t48213",
            "clientsecret": _v,
            "url": "https://acme.authentication.eu10.hana.ondemand.com",
            "xsappname": "orders!t48213",
        },
        indent=2,
    ),
    _v,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    "odoo = OdooRPC('erp.acme.io', protocol='jsonrpc+ssl', port=443)\n"
    f"odoo.login('acme-prod', 'bot@acme.io', '{_v}')  # API key from Preferences > Account "
    "Security",
    _v,
)
_v, _v2 = _r(8, HEX), _r(16, AN)
_s(
    "config_syntax",
    f'VONAGE_API_KEY={_v}\nVONAGE_API_SECRET={_v2}\nVONAGE_BRAND_NAME="Acme Clinic"',
    _v2,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "sinch:\n  service_plan_id: " + _r(32, HEX) + f"\n  api_token: {_v}\n  region: eu",
    _v,
)
_v, _v2 = _alnum(), _r(8, AN)
_s(
    "config_syntax",
    "group = core\nadmin-port = 13000\n"
    f"admin-password = {_v}\nstatus-password = status\n\n"
    "group = smsc\nsmsc = smpp\nhost = 10.40.0.7\nport = 2775\n"
    f"smsc-username = ACMEKE\nsmsc-password = {_v2}\nsystem-type = VMA",
    _v,
    _v2,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "GET https://moodle.acme.edu/webservice/rest/server.php?wstoken="
    f"{_v}&wsfunction=core_course_get_courses&moodlewsrestformat=json",
    _v,
)
_v, _v2 = _r(32, HEX), _r(32, HEX)
_s(
    "config_syntax",
    f"AGORA_APP_ID={_v}\nAGORA_APP_CERTIFICATE={_v2}\nTOKEN_EXPIRE_SECONDS=3600",
    _v2,
)
_v, _v2 = "API" + _r(12, AN), _r(43, AN)
_s(
    "config_syntax",
    f"$ lk token create --api-key {_v} --api-secret {_v2} \\\n"
    "    --join --room standup --identity dana --valid-for 24h",
    _v2,
)
_v, _v2 = _uuid(), _b64(56)
_s(
    "config_syntax",
    f"MUX_TOKEN_ID={_v}\nMUX_TOKEN_SECRET={_v2}\nMUX_WEBHOOK_SECRET={_r(26, LOWER_AN)}",
    _v2,
)
_v, _v2 = _r(32, HEX), _b64(96)
_s(
    "config_syntax",
    "import vimeo\nclient = vimeo.VimeoClient(\n"
    f"    token='{_v}',\n    key='{_r(40, HEX)}',\n    secret='{_v2}'\n)",
    _v,
    _v2,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    f"# lokalise.yml\nproject_id: {_r(18, DIGITS)}.{_r(8, AN)}\ntoken: {_v}\nfile_format: json",
    _v,
)
_v = _r(80, HEX)
_s(
    "config_syntax",
    '"project_id": "612"\n'
    f'"api_token": "{_v}"\n'
    '"base_path": "."\n'
    '"files": [{"source": "/locales/en/*.json",\n'
    '  "translation": "/locales/%two_letters_code%/%original_file_name%"}]',
    _v,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    f"const TOMTOM_KEY = '{_v}'; // server-side routing, not the map tiles key\n"
    "const url = "
    "`https://api.tomtom.com/routing/1/calculateRoute/${from}:${to}/json?key=${TOMTOM_KEY}`;",
    _v,
)
_v, _v2 = _r(24, AN), _r(48, AN)
_s(
    "config_syntax",
    "$ cat ~/.onshape_client_config.yaml\ndefault_stack: prod\nprod:\n"
    "  base_url: https://cad.onshape.com\n"
    f"  access_key: {_v}\n  secret_key: {_v2}",
    _v2,
)
_v = _r(32, AN)
_s(
    "config_syntax",
    f"APS_CLIENT_ID={_r(32, AN)}\nAPS_CLIENT_SECRET={_v}\nAPS_BUCKET=acme-plm-derivatives",
    _v,
)
_v = _uuid()
_s(
    "config_syntax",
    "const client = new smartcar.AuthClient({\n"
    f"  clientId: '{_uuid()}',\n  clientSecret: '{_v}',\n"
    "  redirectUri: 'https://fleet.acme.io/callback',\n});",
    _v,
)
_v = _jwt(
    {
        "iss": "https://auth.tesla.com/oauth2/v3",
        "aud": "https://fleet-api.prd.na.vn.cloud.tesla.com",
        "sub": _uuid(),
        "scp": ["vehicle_device_data", "offline_access"],
    }
)
_s("config_syntax", f"# fleet/.env\nTESLA_FLEET_REFRESH_TOKEN={_v}\nTESLA_REGION=na", _v)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "# printer.cfg is not where this goes, it's moonraker.conf:\n[authorization]\n"
    "trusted_clients:\n    192.168.1.0/24\n\n# moonraker API key from the .moonraker.conf backup:\n"
    f"api_key: {_v}",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"$ curl --digest -u maker:{_v} http://prusa-mk4.local/api/v1/status\n"
    '{"printer": {"state": "IDLE", "temp_nozzle": 24.8}}',
    _v,
)
_v = _r(4, DIGITS) + _r(4, DIGITS)
_s(
    "config_syntax",
    f"$ pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --login --pin {_v} --list-objects",
    _v,
)
_v, _v2 = _r(8, DIGITS), _r(6, DIGITS)
_s(
    "config_syntax",
    f"softhsm2-util --init-token --free --label signing --so-pin {_v} --pin {_v2}",
    _v,
    _v2,
)
_v = _r(48, HEX)
_s(
    "config_syntax",
    f"$ ykman piv access change-management-key --algorithm AES192 --new-management-key {_v}\n"
    "Enter the current management key [blank to use default key]:",
    _v,
)
_v = _r(6, DIGITS) + _r(2, DIGITS)
_s(
    "config_syntax",
    "ssl_engine: pkcs11\n"
    'ssl_key: "pkcs11:token=YubiKey%20PIV;'
    f'object=Private%20key%20for%20Digital%20Signature?pin-value={_v}"',
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"C:\\> condor_store_cred -c add -p {_v}\nOperation succeeded.",
    _v,
)
_v = _b64(32)
_s(
    "config_syntax",
    "globus:\n  client_id: " + _uuid() + f'\n  client_secret: "{_v}"\n  endpoint: hpc-scratch',
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    "# mirth.properties\nhttp.port = 8080\nhttps.port = 8443\n"
    f"keystore.path = ${{dir.appdata}}/keystore.jks\nkeystore.storepass = {_v}\n"
    f"keystore.keypass = {_v}",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    "const redox = new Redox({\n  sourceId: '" + _uuid() + f"',\n  apiKey: '{_uuid()}',\n"
    f"  secret: '{_v}',\n}});",
    _v,
)
_v = _r(24, AN)
_s(
    "config_syntax",
    f"EPIC_CLIENT_ID={_uuid()}\nEPIC_NONPROD_CLIENT_SECRET={_v}\n"
    "FHIR_BASE=https://fhir.epic.com/interconnect-fhir-oauth/api/FHIR/R4",
    _v,
)
_v1, _v2, _v3 = _r(32, AN), _r(32, AN), _r(32, AN)
_s(
    "config_syntax",
    f"UPS_CLIENT_ID={_r(48, AN)}\nUPS_CLIENT_SECRET={_v1}\n"
    f"FEDEX_API_KEY=l7{_r(30, HEX)}\nFEDEX_SECRET_KEY={_v2}\nDHL_API_KEY={_v3}",
    _v1,
    _v2,
    _v3,
)
_v, _v2 = _r(32, HEX), _r(32, HEX)
_s(
    "config_syntax",
    f'ShipStationClient(\n    key="{_v}",\n    secret="{_v2}",\n    from_warehouse="Reno DC",\n)',
    _v2,
)
_v = _r(31, LOWER_AN)
_s(
    "config_syntax",
    "# bigcommerce.env\nBC_STORE_HASH="
    + _r(10, LOWER_AN)
    + f"\nBC_CLIENT_ID={_r(31, LOWER_AN)}\nBC_ACCESS_TOKEN={_v}",
    _v,
)
_v, _v2 = _r(32, HEX), _pw()
_s(
    "config_syntax",
    "// app/etc/env.php\n    'crypt' => [\n"
    f"        'key' => '{_v}'\n    ],\n    'db' => [\n"
    "        'connection' => [\n            'default' => [\n"
    "                'host' => 'db',\n                'username' => 'magento',\n"
    f"                'password' => '{_v2}',",
    _v,
    _v2,
)
_v = _r(32, UPPER_AN)
_s(
    "config_syntax",
    "$ curl 'https://shop.acme.fr/api/products?output_format=JSON&display=[id,reference]"
    f"&ws_key={_v}'",
    _v,
)
_v = _r(16, LOWER_AN)
_s(
    "config_syntax",
    "ETSY_KEYSTRING=" + _r(24, LOWER_AN) + f"\nETSY_SHARED_SECRET={_v}\nETSY_SHOP_ID=31875512",
    _v,
)
_v = _r(32, URLSAFE)
_s(
    "config_syntax",
    "CTP_PROJECT_KEY=acme-b2b\nCTP_CLIENT_ID=" + _r(24, URLSAFE) + f"\nCTP_CLIENT_SECRET={_v}\n"
    "CTP_AUTH_URL=https://auth.europe-west1.gcp.commercetools.com",
    _v,
)
_v, _v2 = _r(22, URLSAFE), "1//0" + _r(100, URLSAFE)
_s(
    "config_syntax",
    "# google-ads.yaml\n"
    f"developer_token: {_v}\nuse_proto_plus: True\nclient_id: {_r(12, DIGITS)}-{_r(32, LOWER_AN)}"
    f".apps.googleusercontent.com\nrefresh_token: {_v2}\nlogin_customer_id: 1234567890",
    _v,
    _v2,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    "tiktok_ads:\n  advertiser_id: '7" + _r(18, DIGITS) + f"'\n  access_token: {_v}",
    _v,
)
_v = _r(22, AN)
_s(
    "config_syntax",
    "curl -G 'https://hq1.appsflyer.com/api/raw-data/export/app/id1450012345/installs_report/v5' "
    "\\\n"
    f"  --data-urlencode 'from=2026-11-01' --data-urlencode 'api_token={_v}'",
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "const iterable = axios.create({\n  baseURL: 'https://api.iterable.com/api',\n"
    f"  headers: {{ 'Api-Key': '{_v}' }},\n}});",
    _v,
)
_v = _r(43, URLSAFE)
_s(
    "config_syntax",
    f"GET https://api.convertkit.com/v3/subscribers?api_secret={_v}&from=2026-11-01 200",
    _v,
)
_v = _r(72, HEX)
_s(
    "config_syntax",
    f"ACTIVECAMPAIGN_URL=https://acme.api-us1.com\nACTIVECAMPAIGN_KEY={_v}",
    _v,
)
_v, _v2 = _r(20, HEX), _r(20, HEX)
_s(
    "config_syntax",
    "customerio:\n  site_id: " + _v + f"\n  track_api_key: {_v2}\n  region: eu",
    _v2,
)
_v, _v2 = _r(22, URLSAFE), _r(32, AN)
_s(
    "config_syntax",
    "ZOOM_ACCOUNT_ID=" + _r(22, URLSAFE) + "\nZOOM_CLIENT_ID=" + _r(22, URLSAFE) + "\n"
    f"ZOOM_CLIENT_SECRET={_v2}\nZOOM_WEBHOOK_SECRET_TOKEN={_v}",
    _v,
    _v2,
)
_v = _r(43, URLSAFE)
_s(
    "config_syntax",
    f"calendly:\n  webhook_signing_key: {_v}\n"
    f"  organization: https://api.calendly.com/organizations/{_r(16, UPPER_AN)}",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    f"FUSIONAUTH_API_KEY={_v}\nFUSIONAUTH_URL=https://auth.acme.io\nFUSIONAUTH_TENANT_ID={_uuid()}",
    _v,
)
_v = _r(64, HEX)
_s(
    "config_syntax",
    f"onelogin = OneLoginClient(\n    '{_r(64, HEX)}',\n    '{_v}',\n    'eu',\n)",
    _v,
)
_v = _r(40, HEX)
_s(
    "config_syntax",
    f'provider "jumpcloud" {{\n  api_key = "{_v}"\n  org_id  = "{_r(24, HEX)}"\n}}',
    _v,
)
_v = _r(20, AN)
_s(
    "config_syntax",
    "# bitrise.yml step input was wrong, token is set in the CLI instead:\n"
    f"$ export BITRISE_API_TOKEN={_v}\n$ bitrise-cli trigger --app acme-ios --workflow release",
    _v,
)
_v = _r(43, URLSAFE)
_s(
    "config_syntax",
    "curl -H 'Content-Type: application/json' \\\n"
    f"     -H 'x-auth-token: {_v}' \\\n"
    '     -d \'{"appId": "5f3a", "workflowId": "ios-release", "branch": "main"}\' \\\n'
    "     https://api.codemagic.io/builds",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"$ fly -t ci login -c https://concourse.acme.io -u admin -p '{_v}'\n"
    "logging in to team 'main'\n\ntarget saved",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"argocd login argocd.acme.io --username admin --password '{_v}' --grpc-web",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    "# .kamal/secrets (committed by mistake in a7c1e09)\n"
    f"KAMAL_REGISTRY_PASSWORD={_v}\nRAILS_MASTER_KEY={_r(32, HEX)}",
    _v,
)
_v, _v2 = _r(22, AN) + "==", _r(32, AN)
_s(
    "config_syntax",
    "tableau_auth = TSC.PersonalAccessTokenAuth(\n    'ci-refresh',\n"
    f"    '{_v}:{_v2}',\n    site_id='acme',\n)",
    _v2,
)
_v = _r(24, AN)
_s(
    "config_syntax",
    "$ cat ~/looker.ini\n[Looker]\nbase_url=https://acme.cloud.looker.com\n"
    f"client_id={_r(20, AN)}\nclient_secret={_v}\nverify_ssl=True",
    _v,
)
_v = _b64(42)
_s(
    "config_syntax",
    f"# superset_config.py\nSECRET_KEY = '{_v}'\nFEATURE_FLAGS = {{'ALERT_REPORTS': True}}",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    "https://redash.acme.io/api/queries/412/results.csv?api_key=" + _v,
    _v,
)
_v = "user:" + _r(32, HEX)
_s(
    "config_syntax",
    "  dagster-cloud-deploy:\n    env:\n"
    f"      DAGSTER_CLOUD_API_TOKEN: {_v}\n      DAGSTER_CLOUD_ORGANIZATION: acme",
    _v[5:],
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    "// ==UserScript==\n// @name         Jira → Todoist\n"
    "// @match        https://acme.atlassian.net/browse/*\n"
    "// @grant        GM_xmlhttpRequest\n// ==/UserScript==\n"
    f"const TODOIST_TOKEN = '{_v}';",
    _v,
)
_v = _r(50, AN)
_s(
    "config_syntax",
    "$ cat .obsidian/plugins/readwise-official/data.json\n"
    + json.dumps({"token": _v, "readwiseDir": "Readwise", "isSyncing": False, "frequency": "60"}),
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    "$ cat http-client.private.env.json\n"
    + json.dumps(
        {
            "staging": {"username": "qa-bot", "password": _v},
            "prod": {"username": "qa-bot", "password": ""},
        },
        indent=2,
    ),
    _v,
)
_v = _human()
_s(
    "config_syntax",
    '{\n    // sftp-config.json (Sublime SFTP)\n    "type": "sftp",\n'
    '    "host": "ftp.acme-clinic.pl",\n'
    f'    "user": "www-upload",\n    "password": "{_v}",\n    "remote_path": "/var/www/portal/",\n'
    "}",
    _v,
)
_v = _alnum()
_s(
    "config_syntax",
    f"$ cat ~/.authinfo\nmachine imap.fastmail.com login dana@acme.io password {_v} port 993",
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    "_type: export\n__export_format: 4\nresources:\n  - _type: environment\n"
    "    name: Base Environment\n"
    f"    data:\n      base_url: https://api.acme.io\n      pipedrive_token: {_v}",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"Cześć, hasło do panelu Subiekta na serwerze w magazynie to {_v}, zmienię je po "
    "inwentaryzacji.",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"Pak, untuk akun SIMRS (user: farmasi01) kata sandinya {_v} ya, tolong jangan disebar.",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"Lösenordet till Fortnox-integrationen är {_v} – byt det när Erik har slutat.",  # noqa: RUF001
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"भाई, Tally server का पासवर्ड {_v} है, किसी को forward मत करना।",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"كلمة مرور حساب بوابة الرسائل القصيرة هي {_v} ويجب تغييرها بعد الإطلاق.",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"הסיסמה של משתמש ה-API של Priority היא {_v} - לא לשמור בגיט בבקשה",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"Ο κωδικός για το SoftOne ERP (χρήστης: apothiki) είναι {_v}, θα τον αλλάξω την Δευτέρα.",  # noqa: RUF001
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"Ahoj, heslo k účtu Pohoda mServer je {_v}, po auditu ho změníme.",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"รหัสผ่านเข้าระบบ Express บัญชี (ผู้ใช้ admin) คือ {_v} อย่าส่งต่อนะครับ",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"Habari, nenosiri la akaunti ya M-Pesa Daraja sandbox ni {_v} - usilishiriki tafadhali.",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"Moi! Procountorin integraatiokäyttäjän salasana on {_v}, vaihdan sen ensi viikolla.",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"Szia! A Számlázz.hu API-felhasználó jelszava {_v}, kérlek ne tedd be a wikibe.",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"Salut, parola pentru contul SmartBill al firmei este {_v}, o schimb după inventar.",
    _v,
)
_v, _v2 = _alnum(), _alnum()
_s(
    "config_syntax",
    "carrier,account,api_user,api_password,notes\n"
    f"GLS,8821004,acme_gls,{_v},prod\nDPD,5510093,acme_dpd,{_v2},prod since 2026-10\n"
    "InPost,-,-,-,via ShipX token",
    _v,
    _v2,
)
_v, _v2 = _r(32, HEX), _r(40, AN)
_s(
    "config_syntax",
    "| Service | Key | Secret |\n|---|---|---|\n"
    f"| Mailgun EU | api | {_v} |\n| Shipcloud | acme-prod | {_v2} |\n"
    "| GeoNames | acme_geo | (none) |",
    _v,
    _v2,
)
_v = _r(64, AN)
_s(
    "config_syntax",
    "$ python rebalance.py \\\n    --exchange binance \\\n"
    f"    --api-secret {_v[:40]}\\\n{_v[40:]} \\\n    --dry-run",
    _v[:40],
    _v[40:],
)
_env = f"SMARTCAR_CLIENT_SECRET={_uuid()}\nTESLA_PRIVATE_KEY_PASSPHRASE={_human()}\n"
_v = base64.b64encode(_env.encode()).decode()
_s(
    "config_syntax",
    "Dana Ross  3:41 PM\nhere's the fleet .env base64'd so Slack doesn't mangle it:\n" + _v,
    _v,
)
_v = _r(40, AN)
_s(
    "config_syntax",
    f"{_ts(11, 2)} ERROR integrations.lokalise - upload failed: "
    + json.dumps({"request": json.dumps({"headers": {"X-Api-Token": _v}, "project": "acme-web"})}),
    _v,
)


# --------------------------------------------------------------------------- authorization
_v = _r(32, HEX) + "-" + _uuid()
_s(
    "authorization",
    "POST /sms/2/text/advanced HTTP/1.1\nHost: 9rk4xy.api.infobip.com\n"
    f"Authorization: App {_v}\nContent-Type: application/json",
    _v,
)
_v = _r(32, UPPER_AN)
_s(
    "authorization",
    f"$ curl -s -H 'X-Api-Key: {_v}' http://octopi.local/api/job | jq .state\n\"Printing\"",
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    f"GET /printer/objects/query?extruder HTTP/1.1\nHost: voron.local:7125\nX-Api-Key: {_v}",
    _v,
)
_v = _r(40, HEX)
_s(
    "authorization",
    "curl --request GET --url https://api.pandadoc.com/public/v1/documents \\\n"
    f"  --header 'Authorization: API-Key {_v}'",
    _v,
)
_v = _r(40, HEX)
_s(
    "authorization",
    "GET /open_api/v1.3/campaign/get/?advertiser_id=7" + _r(18, DIGITS) + " HTTP/1.1\n"
    f"Host: business-api.tiktok.com\nAccess-Token: {_v}",
    _v,
)
_v = _r(31, LOWER_AN)
_s(
    "authorization",
    "> GET /stores/" + _r(10, LOWER_AN) + "/v3/catalog/products?limit=50 HTTP/2\n"
    "> Host: api.bigcommerce.com\n"
    f"> X-Auth-Client: {_r(31, LOWER_AN)}\n> X-Auth-Token: {_v}\n> Accept: application/json",
    _v,
)
_v = _r(32, LOWER_AN)
_s(
    "authorization",
    "$token = '" + _v + "';\n"
    "$ch = curl_init('https://shop.acme.io/rest/V1/orders?searchCriteria[pageSize]=20');\n"
    "curl_setopt($ch, CURLOPT_HTTPHEADER, ['Authorization: Bearer ' . $token]);",
    _v,
)
_v = _r(64, HEX)
_s(
    "authorization",
    "2026-11-30T06:30:12.881Z DEBUG scim: PATCH /scim/v2/Users/" + _uuid() + " "
    f"headers={{'Authorization': 'Bearer {_v}', 'Content-Type': 'application/scim+json'}}",
    _v,
)
_v = _r(40, HEX)
_s(
    "authorization",
    "GET /api/systemusers?limit=100 HTTP/1.1\nHost: console.jumpcloud.com\n"
    f"x-api-key: {_v}\nx-org-id: {_r(24, HEX)}",
    _v,
)
_v = _jwt(
    {
        "sub": "ops-bot",
        "iss": "https://fleet-auth.prd.vn.cloud.tesla.com/oauth2/v3/nts",
        "scp": ["vehicle_cmds", "vehicle_charging_cmds"],
        "exp": 1796000000,
    }
)
_s(
    "authorization",
    "curl -X POST https://fleet-api.prd.eu.vn.cloud.tesla.com/api/1/vehicles/"
    + _r(17, UPPER_AN)
    + "/command/charge_start \\\n"
    f"  -H 'Authorization: Bearer {_v}'",
    _v,
)
_v = _r(32, HEX) + "-" + _r(32, HEX)
_s(
    "authorization",
    "Request URL: https://api-fxtrade.oanda.com/v3/accounts/001-004-"
    + _r(7, DIGITS)
    + "-001/orders\n"
    "Request Method: POST\nStatus Code: 201 Created\n"
    f"authorization: Bearer {_v}\naccept-datetime-format: RFC3339",
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    "POST /xms/v1/" + _r(32, HEX) + "/batches HTTP/1.1\nHost: eu.sms.api.sinch.com\n"
    f"Authorization: Bearer {_v}",
    _v,
)
_v, _v2 = _r(20, HEX), _r(20, HEX)
_basic = base64.b64encode(f"{_v}:{_v2}".encode()).decode()
_s(
    "authorization",
    "POST https://track-eu.customer.io/api/v1/customers/4821/events\n"
    f"Authorization: Basic {_basic}\nContent-Type: application/json",
    _basic,
)
_v = _r(32, HEX)
_s(
    "authorization",
    "const res = await fetch('https://app.loops.so/api/v1/contacts/create', {\n  method: 'POST',\n"
    f"  headers: {{ Authorization: `Bearer {_v}`, 'Content-Type': 'application/json' }},\n"
    "  body: JSON.stringify({ email, source: 'checkout' }),\n});",
    _v,
)
_v = _r(64, HEX)
_s(
    "authorization",
    f"{_ts(14, 5)} WARN  [fusionauth-client] 401 on GET /api/user?email=x — header Authorization: "
    f"{_v}",
    _v,
)
_v = _b64(60)
_s(
    "authorization",
    "- request:\n    method: GET\n    url: https://api.fivetran.com/v1/groups\n    headers:\n"
    f"      Authorization: Basic {_v}\n  response:\n    status: 200",
    _v,
)
_v = _r(20, AN) + "." + _r(43, URLSAFE)
_s(
    "authorization",
    "GET /api/v1/accounts/me HTTP/1.1\nHost: api.acme-lms.io\n"
    f'Authorization: Token token="{_v}"\nUser-Agent: canvas-sync/2.1',
    _v,
)


# =========================================================================== look-alikes
# --------------------------------------------------------------------------- prefixed tokens
_l(
    "prefixed_token",
    f"const statsig = new StatsigClient(\n  'client-{_r(43, AN)}',\n  {{ userID: user.id }},\n);",
)
_l(
    "prefixed_token",
    f"<script>\n  Paddle.Initialize({{ token: 'live_{_r(27, HEX)}' }});\n</script>",
)
_l(
    "prefixed_token",
    "flagsmith.init({\n"
    f"  environmentID: '{_r(22, AN)}', // client-side key, safe in the browser\n}});",
)
_l(
    "prefixed_token",
    f"AGORA_APP_ID={_r(32, HEX)}  # App ID is public, the certificate lives in Vault",
)
_l(
    "prefixed_token",
    f'<mux-player playback-id="{_r(40, AN)}" metadata-video-title="Onboarding"></mux-player>',
)
_l(
    "prefixed_token",
    "Tracking numbers for PO-88213:\n"
    f"  UPS   1Z{_r(6, UPPER_AN)}03{_r(8, DIGITS)}\n  FedEx {_r(12, DIGITS)}\n"
    f"  DHL   JJD{_r(18, DIGITS)}",
)
_l(
    "prefixed_token",
    f"sf data query -q \"SELECT Id, Name FROM Account WHERE Id = '001{_r(15, AN)}'\" -o acme-prod",
)
_l(
    "prefixed_token",
    "MARKETPLACE_IDS = {\n    'US': 'ATVPDKIKX0DER',\n    'DE': 'A1PA6795UKMFR9',\n}\n"
    f"SELLER_ID = 'A{_r(13, UPPER_AN)}'",
)
_l(
    "prefixed_token",
    f"tx 0x{_r(64, HEX)} confirmed in block 21{_r(6, DIGITS)} (withdrawal to 0x{_r(40, HEX)})",
)
_l(
    "prefixed_token",
    "# example only - replace with your own key\n"
    "WAKATIME_API_KEY=waka_xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx",
)
_l(
    "prefixed_token",
    "OBS → Settings → Stream → Stream Key: paste the key that starts with `live_` "
    "from the Twitch dashboard (never commit it).",
)
_l(
    "prefixed_token",
    f"https://www.youtube.com/watch?v={_r(11, URLSAFE)}&list=PL{_r(32, URLSAFE)}",
)
_l(
    "prefixed_token",
    f"TWITCH_CLIENT_ID={_r(30, LOWER_AN)}\n# client id is public; the secret is injected at deploy",
)
_l(
    "prefixed_token",
    f"curl https://api.statsig.com/v1/initialize -H 'statsig-api-key: client-{_r(43, AN)}' -d "
    "'{}'",
)
_l(
    "prefixed_token",
    f"lwa_app_id: amzn1.application-oa2-client.{_r(32, HEX)}\n"
    "lwa_client_secret: ${LWA_CLIENT_SECRET}",
)
_l(
    "prefixed_token",
    f"| order | exchange id | status |\n|---|---|---|\n| 4821 | {_r(10, DIGITS)} | FILLED |\n"
    f"| 4822 | {_uuid()} | CANCELED |",
)
_l(
    "prefixed_token",
    f'canvas_course_id: 48213\nlti_deployment_id: "{_r(2, DIGITS)}:{_r(40, HEX)}"',
)

# --------------------------------------------------------------------------- key blocks
_l(
    "key_block",
    "GET https://fhir.acme-health.io/.well-known/jwks.json\n"
    + json.dumps(
        {
            "keys": [
                {
                    "kty": "RSA",
                    "kid": f"epic-backend-{_r(8, HEX)}",
                    "alg": "RS384",
                    "n": _urlb64(256),
                    "e": "AQAB",
                    "use": "sig",
                }
            ]
        },
        indent=2,
    ),
)
_l(
    "key_block",
    "$ imgtool getpub -k root-ec-p256.pem\n/* Autogenerated by imgtool.py, do not edit. */\n"
    "const unsigned char ecdsa_pub_key[] = {\n"
    + "\n".join("    " + ", ".join(f"0x{_r(2, HEX)}" for _ in range(12)) + "," for _ in range(8))
    + "\n};\nconst unsigned int ecdsa_pub_key_len = 91;",
)
_l(
    "key_block",
    f"<key>SUPublicEDKey</key>\n<string>{_b64(32)}</string>\n"
    "<key>SUFeedURL</key>\n<string>https://updates.acme.app/appcast.xml</string>",
)
_pub = base64.b64encode(
    ("untrusted comment: minisign public key: " + _r(16, HEX).upper() + "\n" + _b64(42)).encode()
).decode()
_l(
    "key_block",
    '"plugins": {\n  "updater": {\n'
    f'    "pubkey": "{_pub}",\n'
    '    "endpoints": ["https://releases.acme.app/{{target}}/{{current_version}}"]\n  }\n}',
)
_l(
    "key_block",
    "$ espsecure.py digest_sbv2_public_key --keyfile secure_boot_signing_key.pem -o digest.bin\n"
    f"$ xxd -p digest.bin\n{_r(60, HEX)}\n{_r(4, HEX)}",
)
_l(
    "key_block",
    '<md:KeyDescriptor use="signing">\n'
    '  <ds:KeyInfo xmlns:ds="http://www.w3.org/2000/09/xmldsig#">\n'
    "    <ds:X509Data>\n"
    f"      <ds:X509Certificate>MIIDqDCCApCgAwIBAgIG{_b64(700)}</ds:X509Certificate>\n"
    "    </ds:X509Data>\n  </ds:KeyInfo>\n</md:KeyDescriptor>",
)
_l(
    "key_block",
    "$ cat demo_keystore/enclaves/talker_listener/talker/cert.pem\n"
    + pem("CERTIFICATE", "MIIB" + _b64(420)),
)
_l(
    "key_block",
    "$ pkcs11-tool --module /usr/lib/softhsm/libsofthsm2.so --list-objects --type pubkey\n"
    "Public Key Object; EC  EC_POINT 256 bits\n"
    f"  EC_POINT:   04{_r(128, HEX)}\n  EC_PARAMS:  06082a8648ce3d030107\n"
    f"  label:      fw-signing\n  ID:         {_r(4, HEX)}\n  Usage:      verify",
)
_l(
    "key_block",
    "$ ykman piv info\nPIV version:              5.4.3\nPIN tries remaining:      3/3\n"
    "Management key algorithm: AES192\nSlot 9C (SIGNATURE):\n  Algorithm:   ECCP256\n"
    "  Subject DN:  CN=Dana Ross\n  Issuer DN:   CN=Acme Device CA\n"
    f"  Serial:      {_r(40, HEX)}\n  Fingerprint: {_r(64, HEX)}",
)
_l(
    "key_block",
    'signature {\n    algo = "sha256,rsa2048";\n    key-name-hint = "dev";\n'
    f"    rsa,modulus = <{' '.join('0x' + _r(8, HEX) for _ in range(8))} ...>;\n"
    "    rsa,exponent = <0x00 0x10001>;\n};",
)
_l(
    "key_block",
    "$ keytool -list -v -keystore truststore.jks -storepass:env TS_PASS | grep -A2 Alias\n"
    "Alias name: hl7-partner-stmarys\n"
    f"Certificate fingerprints:\n\t SHA1: {':'.join(_r(2, HEX).upper() for _ in range(20))}\n"
    f"\t SHA256: {':'.join(_r(2, HEX).upper() for _ in range(32))}",
)
_l(
    "key_block",
    "-----BEGIN PGP PUBLIC KEY BLOCK-----\nComment: security@acme-health.io\n\n"
    + "\n".join(lines(_b64(600)))
    + f"\n={_b64(3)}\n-----END PGP PUBLIC KEY BLOCK-----",
)
_l(
    "key_block",
    "docusign:\n  integration_key: "
    + _uuid()
    + "\n  user_id: "
    + _uuid()
    + "\n  private_key_path: /run/secrets/docusign_rsa\n  oauth_base: account.docusign.com",
)
_l(
    "key_block",
    "- name: Verify firmware image\n  run: |\n"
    "    imgtool verify -k keys/root-ec-p256.pub.pem build/zephyr/zephyr.signed.bin\n"
    f'    echo "sha256 {_r(64, HEX)}"',
)
_l(
    "key_block",
    '{\n  "keys": [\n    {\n      "kty": "EC", "crv": "P-256", "use": "sig",\n'
    f'      "kid": "{_r(22, URLSAFE)}",\n      "x": "{_urlb64(32)}",\n      "y": "{_urlb64(32)}"\n'
    "    }\n  ]\n}",
)

# --------------------------------------------------------------------------- connections
_l("connection", "MLLP_LISTENER=mllp://0.0.0.0:2575\nFHIR_BASE_URL=https://fhir.acme-health.io/r4")
_l(
    "connection",
    "GET https://fhir.acme-health.io/r4/Patient?_count=50&_elements=id,name&"
    f"_getpages={_uuid()}&_getpagesoffset=50",
)
_l(
    "connection",
    "[SESSION]\nBeginString=FIX.4.4\nSenderCompID=ACME_OMS\nTargetCompID=BROKER1\n"
    "SocketConnectHost=fix.broker1.example.com\nSocketConnectPort=9876\nHeartBtInt=30",
)
_l("connection", "rtmp://live.twitch.tv/app/{stream_key}\nrtmps://a.rtmps.youtube.com:443/live2")
_l(
    "connection",
    'client.connect("192.168.1.61", 8883)  # Bambu LAN mode; access code read from '
    "os.environ['BAMBU_ACCESS_CODE']",
)
_l("connection", "jdbc:sap://hana01.acme.local:30015/?databaseName=PRD&currentschema=SAPHANADB")
_l(
    "connection",
    "DATABASE_URL=postgres://odoo:${ODOO_DB_PASSWORD}@db:5432/odoo",
)
_l(
    "connection",
    "https://acme.my.salesforce.com/services/data/v61.0/sobjects/Account/describe",
)
_l(
    "connection",
    "https://moodle.acme.edu/webservice/rest/server.php?wsfunction=core_webservice_get_site_info"
    "&moodlewsrestformat=json&wstoken=${MOODLE_TOKEN}",
)
_l(
    "connection",
    "sftp://ACME_EDI@edi.fedex-partner.example.net:22/outbound/  (key auth, see ~/.ssh/config)",
)
_l(
    "connection",
    "AccountingStorageHost=hpc-head01\nAccountingStoragePort=6819\n"
    "AccountingStorageType=accounting_storage/slurmdbd",
)
_l(
    "connection",
    "irods_environment.json:\n"
    + json.dumps(
        {
            "irods_host": "irods.hpc.acme.edu",
            "irods_port": 1247,
            "irods_user_name": "dana",
            "irods_zone_name": "acmeZone",
        },
        indent=2,
    ),
)
_l("connection", "redis://localhost:6379/2?decode_responses=true")
_l(
    "connection",
    "Server=tcp:erp-db.acme.local,1433;Database=NAV_PROD;Integrated Security=SSPI;"
    "TrustServerCertificate=True;",
)
_l(
    "connection",
    "git clone https://dana@bitbucket.acme.io/scm/plm/onshape-sync.git",
)
_l(
    "connection",
    "ws://octopi.local/sockjs/websocket  (auth via the X-Api-Key header, see config)",
)

# --------------------------------------------------------------------------- authorization
_l(
    "authorization",
    'curl -H "Authorization: App ${INFOBIP_API_KEY}" "$INFOBIP_BASE_URL/sms/2/text/advanced"',
)
_l(
    "authorization",
    'HTTP/1.1 401 Unauthorized\nWWW-Authenticate: Basic realm="OctoPrint"\nContent-Length: 0',
)
_l(
    "authorization",
    "components:\n  securitySchemes:\n    PandaDocApiKey:\n      type: apiKey\n      in: header\n"
    "      name: Authorization\n      description: 'Format: API-Key {key}'",
)
_l(
    "authorization",
    "proxy_set_header Authorization $http_authorization;\nproxy_pass_header X-Api-Key;",
)
_l(
    "authorization",
    "Access-Control-Allow-Headers: Authorization, X-Api-Key, X-Auth-Token, Access-Token\n"
    "Access-Control-Max-Age: 86400",
)
_l("authorization", "X-Auth-Token: {{bc_access_token}}\nX-Auth-Client: {{bc_client_id}}")
_l(
    "authorization",
    '{"error": "invalid_token", "error_description": "The access token expired", '
    f'"request_id": "{_uuid()}"}}',
)
_l(
    "authorization",
    "X-RateLimit-Limit: 120\nX-RateLimit-Remaining: 117\nX-Request-Id: " + _uuid(),
)
_l(
    "authorization",
    'curl -H "Authorization: Basic $(printf \'%s:x\' "$BAMBOO_API_KEY" | base64)" '
    "https://api.bamboohr.com/api/gateway.php/acme/v1/employees/directory",
)
_l("authorization", "headers = {'Authorization': f'Bearer {os.environ[\"OANDA_TOKEN\"]}'}")
_l(
    "authorization",
    "auth:\n  type: bearer\n  token: '{{ $processEnv SCIM_TOKEN }}'",
)
_l("authorization", "Authorization: Bearer <your-access-token>\nAccept: application/fhir+json")
_l(
    "authorization",
    "[2026-11-30 09:12:44] moonraker: authorization: api key required for /printer/print/start "
    "(source 10.0.0.14, trusted=false)",
)
_l(
    "authorization",
    "SecurityDefinitions:\n  ApiKeyAuth:\n    type: apiKey\n    in: header\n    name: X-Api-Key",
)
_l(
    "authorization",
    "Authorization: Bearer ********\n(token hidden by the Insomnia 'hide secrets' export option)",
)

# --------------------------------------------------------------------------- config syntax
_l(
    "config_syntax",
    "binance:\n  api_key: ENC[AES256_GCM,data:"
    + _b64(48)
    + ",iv:"
    + _b64(32)
    + ",tag:"
    + _b64(16)
    + ",type:str]\n  api_secret: ENC[AES256_GCM,data:"
    + _b64(48)
    + ",iv:"
    + _b64(32)
    + ",tag:"
    + _b64(16)
    + ",type:str]\nsops:\n  age:\n    - recipient: age1"
    + _r(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"),
)
_l(
    "config_syntax",
    'env:\n  global:\n    - secure: "' + _b64(256) + '"\n    - NODE_ENV=test',
)
_l(
    "config_syntax",
    "environment:\n  SHIPSTATION_SECRET:\n    secure: "
    + _b64(32)
    + "\n  SHIPSTATION_KEY:\n    secure: "
    + _b64(32),
)
_l(
    "config_syntax",
    "odoo_admin_passwd: !vault |\n          $ANSIBLE_VAULT;1.1;AES256\n"
    + "\n".join("          " + _r(80, HEX) for _ in range(5)),
)
_l(
    "config_syntax",
    "apiVersion: bitnami.com/v1alpha1\nkind: SealedSecret\nmetadata:\n  name: mirth-keystore\n"
    f"spec:\n  encryptedData:\n    storepass: Ag{_b64(380)}",
)
_l(
    "config_syntax",
    "      - name: Upload translations\n        env:\n"
    "          LOKALISE_API_TOKEN: ${{ secrets.LOKALISE_API_TOKEN }}\n"
    "          CROWDIN_PERSONAL_TOKEN: ${{ secrets.CROWDIN_TOKEN }}",
)
_l(
    "config_syntax",
    "netsuite_token_secret: \"{{ lookup('community.hashi_vault.vault_kv2_get', "
    "'erp/netsuite').secret.token_secret }}\"",
)
_l(
    "config_syntax",
    "ALPACA_SECRET_KEY=op://Trading/Alpaca live/credential\n"
    "ALPACA_KEY_ID=op://Trading/Alpaca live/username",
)
_l(
    "config_syntax",
    '"secrets": [\n  {\n    "name": "FIX_SESSION_PASSWORD",\n'
    '    "valueFrom": "arn:aws:secretsmanager:eu-west-1:'
    + _r(12, DIGITS)
    + ":secret:prod/fix/broker1-"
    + _r(6, AN)
    + '"\n  }\n]',
)
_l(
    "config_syntax",
    "        - name: STORAGE_PASS\n          valueFrom:\n            secretKeyRef:\n"
    "              name: slurmdbd\n              key: storage-pass",
)
_l(
    "config_syntax",
    "admin_passwd = ${ODOO_MASTER_PASSWORD}\ndb_password = ${DB_PASSWORD}\nlist_db = False",
)
_l("config_syntax", "keystore.storepass = ${KEYSTORE_PASS}\nkeystore.keypass = ${KEYSTORE_PASS}")
_l(
    "config_syntax",
    "# .env.example — copy to .env and fill in\nBINANCE_API_KEY=\nBINANCE_API_SECRET=\n"
    "OKX_PASSPHRASE=your-passphrase-here",
)
_l(
    "config_syntax",
    'KAMAL_REGISTRY_PASSWORD=$(op read "op://Deploy/ghcr/token")\n'
    "RAILS_MASTER_KEY=$(cat config/master.key)",
)
_l(
    "config_syntax",
    "password_policy:\n  min_length: 14\n  require_symbols: true\n  max_age_days: 90\n  history: 5",
)
_l("config_syntax", "max_tokens: 4096\ntoken_budget_per_user: 200000\nrefresh_token_ttl: 30d")
_l(
    "config_syntax",
    "[authorization]\nforce_logins: True\ncors_domains:\n    *.local\n"
    "trusted_clients:\n    10.0.0.0/8\n    127.0.0.0/8",
)
_l(
    "config_syntax",
    '{\n  "login.password": "Passwort",\n  "login.forgot_password": "Passwort vergessen?",\n'
    '  "settings.api_key": "API-Schlüssel",\n  "settings.token_expired": "Sitzung abgelaufen"\n}',
)
_l(
    "config_syntax",
    'msgid "Enter your API secret"\nmsgstr "Saisissez votre secret d\'API"\n\n'
    'msgid "Password"\nmsgstr "Mot de passe"',
)
_l(
    "config_syntax",
    f'"integrity": "sha512-{_b64(64)}",\n'
    '"resolved": "https://registry.npmjs.org/ccxt/-/ccxt-4.4.30.tgz"',
)
_l(
    "config_syntax",
    '[[package]]\nname = "quickfix"\nversion = "1.15.1"\n'
    f'source = "registry+https://github.com/rust-lang/crates.io-index"\nchecksum = "{_r(64, HEX)}"',
)
_l(
    "config_syntax",
    "[metadata.files]\nsimple-salesforce = [\n"
    '    {file = "simple_salesforce-1.12.6-py2.py3-none-any.whl", '
    f'hash = "sha256:{_r(64, HEX)}"}},\n]',
)
_l("config_syntax", f"image: ghcr.io/acme/mirth-connect@sha256:{_r(64, HEX)}")
_l(
    "config_syntax",
    f"commit {_r(40, HEX)}\nAuthor: Dana Ross <dana@acme.io>\n\n    odoo: bump addons to 17.0.1.4",
)
_l(
    "config_syntax",
    "MSH|^~\\&|EPIC|ACMEHOSP|MIRTH|LAB|20261130081500||ORU^R01|"
    f"{_r(20, DIGITS)}|P|2.5.1\nPID|1||{_r(8, DIGITS)}^^^ACMEHOSP^MR||DOE^JANE||19800101|F",
)
_l(
    "config_syntax",
    "StudyInstanceUID: "
    f"1.2.840.113619.2.55.3.{_r(10, DIGITS)}.{_r(3, DIGITS)}.{_r(10, DIGITS)}.{_r(3, DIGITS)}",
)
_l(
    "config_syntax",
    f"$ sbatch train.sbatch\nSubmitted batch job {_r(7, DIGITS)}\n"
    f"$ sacct -j {_r(7, DIGITS)} --format=JobID,State,Elapsed",
)
_l(
    "config_syntax",
    "BO_ SG_ 0x18FEF100 EEC1: 8 ECU_ENGINE\n"
    ' SG_ EngineSpeed : 24|16@1+ (0.125,0) [0|8031.875] "rpm" Vector__XXX\n'
    f"VIN: 5YJ3E1EA{_r(9, UPPER_AN)}",
)
_l(
    "config_syntax",
    "secoc:\n  key_id: 0x12\n  key_slot: HSM_SLOT_4\n  freshness_counter_bits: 32\n"
    "  mac_length_bits: 24",
)
_l(
    "config_syntax",
    'ssl_key: "pkcs11:token=YubiKey%20PIV;object=Private%20key%20for%20Digital%20Signature"\n'
    'ssl_pin_source: "file:/run/secrets/piv-pin"',
)
_l(
    "config_syntax",
    "EXTRA_USERS_PARAMS = \"usermod -p '$6$"
    + _r(16, AN + "./")
    + "$"
    + _r(86, AN + "./")
    + "' root;\"",
)
_l(
    "config_syntax",
    "$ openssl dgst -sha256 acme-fw-2.4.1.bin\nSHA2-256(acme-fw-2.4.1.bin)= " + _r(64, HEX),
)
_l(
    "config_syntax",
    "gcode_checksum: " + _r(32, HEX) + "\nslicer: PrusaSlicer 2.8.1\nfilament_used_g: 41.7",
)
_l(
    "config_syntax",
    "Password: ********\nAPI key: ****************" + _r(4, AN) + "\nLast used: 2026-11-29",
)
_l(
    "config_syntax",
    "moodle_ws_function: core_course_get_courses\ntoken_name: acme-sync\n"
    "token_valid_until: 2027-06-30",
)
_l(
    "config_syntax",
    "client_id: "
    + _uuid()
    + "\ntenant_id: "
    + _uuid()
    + "\nclient_secret_ref: azure-kv://acme-erp/d365-client-secret",
)
_l(
    "config_syntax",
    "tableau:\n  server: https://tableau.acme.io\n  site: acme\n  token_name: ci-refresh\n"
    "  token_secret_env: TABLEAU_PAT_SECRET",
)
_l(
    "config_syntax",
    "[Looker]\nbase_url=https://acme.cloud.looker.com\nverify_ssl=True\n"
    "# client_id/client_secret come from LOOKERSDK_CLIENT_ID / LOOKERSDK_CLIENT_SECRET",
)
_l(
    "config_syntax",
    "SUPERSET_SECRET_KEY_FILE=/run/secrets/superset_secret_key\n"
    "SQLALCHEMY_TRACK_MODIFICATIONS=False",
)
_l(
    "config_syntax",
    "FIX.4.4:ACME_OMS->BROKER1 Logon received, MsgSeqNum=1, HeartBtInt=30, ResetSeqNumFlag=Y, "
    "Password=<not logged>",
)
_l(
    "config_syntax",
    '| carrier | account | credentials |\n|---|---|---|\n| GLS | 8821004 | 1Password: "GLS API" |\n'
    "| DPD | 5510093 | Vault: kv/shipping/dpd |",
)
_l(
    "config_syntax",
    'Hi team, the new SMS gateway password is in 1Password under "Kannel prod" - '
    "please don't paste it in chat.",
)
_l(
    "config_syntax",
    "Hasło do Subiekta zmienione, nowe jest w menedżerze haseł (sejf: Magazyn).",
)
_l("config_syntax", "Kata sandi minimal 12 karakter dan harus diganti setiap 90 hari.")
_l(
    "config_syntax",
    "api_key_header: X-Api-Key\napi_key_query_param: api_key\nsecret_rotation_days: 30",
)
_l(
    "config_syntax",
    f"webhook_id: {_uuid()}\nwebhook_url: https://hooks.acme.io/calendly\n"
    "signing_key_id: sk-2026-11",
)
_l(
    "config_syntax",
    f"key_id: {_r(10, UPPER_AN)}\nteam_id: {_r(10, UPPER_AN)}\nbundle_id: io.acme.fleet",
)
_l(
    "config_syntax",
    f"canvas:\n  account_id: 1\n  developer_key_id: 1000000000{_r(5, DIGITS)}\n"
    "  base_url: https://acme.instructure.com",
)
_l(
    "config_syntax",
    "- name: Store creds\n"
    '  run: echo "$ONSHAPE_SECRET_KEY" | gh secret set ONSHAPE_SECRET_KEY --repo acme/plm-sync',
)
_l(
    "config_syntax",
    "munge.key: present (1024 bytes, mode 0400, owner munge)\nmunge -n | unmunge | grep STATUS\n"
    "STATUS:          Success (0)",
)
_l(
    "config_syntax",
    f"2026-11-30 08:01:02 INFO  sync.pipedrive  fetched 312 deals (cursor={_b64(24)}) in 1.8s",
)
_l(
    "config_syntax",
    "[auth]\ntype = client_credentials\nclient_id_env = UPS_CLIENT_ID\n"
    "client_secret_env = UPS_CLIENT_SECRET\n"
    "token_url = https://onlinetools.ups.com/security/v1/oauth/token",
)
_l("config_syntax", 'flagsmith_environment_key: "<server-side key from Settings → Keys>"')
_l(
    "config_syntax",
    "diff --git a/config/exchange.yml b/config/exchange.yml\n"
    '-  api_secret: "REPLACE_ME"\n+  api_secret: "${EXCHANGE_API_SECRET}"\n   sandbox: true',
)
_l(
    "config_syntax",
    'bdb_password_hash: "$argon2id$v=19$m=65536,t=3,p=4$'
    + _b64(16).rstrip("=")
    + "$"
    + _b64(32).rstrip("=")
    + '"',
)
_l(
    "config_syntax",
    f'  "sessionId": "{_uuid()}",\n  "correlationId": "{_r(32, HEX)}",\n  "tenant": "acme-eu"',
)
