"""SIXTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before the widening of the rules that follows held-out 5: its author
never read the rules (graphmem/redact.py), their description (docs/security.md, CHANGELOG.md) or the
messages of the commits that changed them, and never ran redaction on a case while writing it, so no
case was kept or dropped for what the rules do with it. Committed alone, then measured once on the
rules as they stood ("before"); it is the estimate of redaction on text no test here contains.
Its cases avoid the contexts, formats and providers of the other splits: build and app tooling
(Bazel, Android keystore.properties, Unity, Unreal, Godot, Xcode xcconfig, Flutter/Dart, Swift,
Expo app config), data and science tools (R, Julia, MATLAB, SAS, Stata, Jupyter magics, dbt,
Airflow, Prefect, Trino, Druid, Redshift), IaC and deploy (CDK, SAM, Serverless, Zappa, Netlify,
wrangler, Akamai edgerc, Nomad, Consul, Boundary, Teleport, Pulumi TS, Terraform plan output, helm
get values), network and telephony gear (pfSense, MikroTik, Arista, Asterisk, FreeSWITCH, Kamailio,
Postfix, Dovecot, Exim, Frigate RTSP), web frameworks (Symfony, Laravel config, Flask, FastAPI,
Quarkus, Micronaut, Play HOCON, Spring Cloud Config, Strapi, Ghost, Hasura, Phoenix), languages
(Haskell, OCaml, F#, Zig, Nim), installers (kickstart, preseed, unattend.xml), CI logs (TeamCity,
Azure Pipelines, Buildkite, Woodpecker), cloud CLI output, API clients (Postman, Bruno, HAR,
mitmproxy, browser "Copy as fetch" / "Copy as PowerShell", Wireshark streams) and messages pasted
by people (chat, email, tickets), with names in other human languages and abbreviations; provider
tokens with documented prefixes the other splits do not hold; key material in new wrappers (cosign,
signify, WireGuard, nostr, BIP32, Ethereum and Solana keys, openssl -text dumps, pfSense XML, keys
quoted in chat); and authorization in new schemes and headers. Its look-alikes are public keys,
digests, lock file hashes, ids, encrypted values meant to be committed, secret references and
settings named like secrets, from the same contexts.
`python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own, so no token-shaped string is
committed.
"""

from __future__ import annotations

import base64

from tests.data.fake_secrets import (
    AN,
    BASE58,
    HEX,
    LOWER_AN,
    PUNCT,
    UPPER_AN,
    URLSAFE,
    Fakes,
    Split,
    pem,
)

_fakes = Fakes(6_2026_1130)
_rng = _fakes.rng
_r, _b64, _urlb64, _uuid = _fakes.r, _fakes.b64, _fakes.urlb64, _fakes.uuid
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"


def _pem(label: str, n: int = 900) -> str:
    return pem(label, _b64(n))


def _pw() -> str:
    """A random-looking password with symbols, as a password manager makes."""
    return _r(10) + _rng.choice(PUNCT) + _r(6) + _rng.choice(PUNCT) + _r(4)


def _human(symbols: str = "!#$%&*@") -> str:
    """A password a person chose: words, digits and a symbol, not random-looking."""
    words = ["Pelican", "Gravel", "Sunset", "Hamster", "Ruby", "Cobalt", "Meadow", "Rocket"]
    return (
        _rng.choice(words)
        + str(_rng.randrange(1, 9))
        + _rng.choice(symbols)
        + _rng.choice(words).lower()
        + str(_rng.randrange(10, 99))
    )


def _url_pw() -> str:
    """A random-looking password that a URL's user info can hold unescaped."""
    return _r(12) + _rng.choice("!*-_.~") + _r(8)


def _phrase() -> str:
    words = ["orbit", "walnut", "glacier", "tempo", "saddle", "ember", "lagoon", "pixel", "thorn"]
    return " ".join(_rng.sample(words, 4))


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# --------------------------------------------------------------------------- prefixed tokens
_v = "dp.pt." + _r(43)
_s("prefixed_token", f"$ doppler configure set token {_v} --scope /srv/billing", _v)
_v = "dp.ct." + _r(43)
_s(
    "prefixed_token",
    f"scoped:\n  /home/ana/src/billing:\n    token: {_v}\n    enclave.project: billing",
    _v,
)
_v = "dp.sa." + _r(43)
_s("prefixed_token", f'task "api" {{\n  env {{\n    DOPPLER_TOKEN = "{_v}"\n  }}\n}}', _v)
_v = "nvapi-" + _r(64, URLSAFE)
_s("prefixed_token", f'julia> ENV["NVIDIA_API_KEY"] = "{_v}"', _v)
_v = "gldt-" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    f"git clone https://gitlab+deploy-token-17:{_v}@gitlab.acme.io/platform/charts.git",
    _v,
)
_v = "glft-" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    f"https://gitlab.acme.io/dashboard/issues.atom?feed_token={_v}&state=opened",
    _v,
)
_v = "glcbt-" + _r(2, HEX) + "_" + _r(20, URLSAFE)
_s("prefixed_token", f"$ printenv | grep CI_JOB\nCI_JOB_ID=884213\nCI_JOB_TOKEN={_v}", _v)
_v = "GR1348941" + _r(20, URLSAFE)
_s(
    "prefixed_token",
    "gitlab-runner register --non-interactive --url https://gitlab.acme.io --registration-token "
    f'"{_v}" --executor docker',
    _v,
)
_v = "glffct-" + _r(20, URLSAFE)
_s("prefixed_token", f'unleash.WithCustomHeaders(http.Header{{"Authorization": {{"{_v}"}}}}),', _v)
_v = "gloas-" + _r(64, HEX)
_s(
    "prefixed_token",
    f"gitlab_rails['omniauth_providers'] = [{{ name: 'gitlab', app_id: '{_r(64, HEX)}', "
    f"app_secret: '{_v}' }}]",
    _v,
)
_v = "sqp_" + _r(40, HEX)
_s("prefixed_token", f"sonar-scanner -Dsonar.projectKey=acme_api -Dsonar.token={_v}", _v)
_v = "sqa_" + _r(40, HEX)
_s("prefixed_token", f'sonar {{\n  properties {{\n    property "sonar.token", "{_v}"\n  }}\n}}', _v)
_v = "dt0s01." + _r(24, UPPER_AN) + "." + _r(64, UPPER_AN)
_s(
    "prefixed_token",
    f'exporters:\n  otlphttp:\n    headers:\n      Authorization: "Api-Token {_v}"',
    _v,
)
_v = "AVNS_" + _r(19, URLSAFE)
_s(
    "prefixed_token",
    "$ avn service user-list pg-prod\nUSERNAME   TYPE     PASSWORD\n"
    f"=========  =======  ========================\navnadmin   primary  {_v}",
    _v,
)
_v = "dose" + _r(32, HEX)
_s(
    "prefixed_token",
    "  outputs:\n    prod:\n      type: databricks\n      auth_type: oauth\n"
    f"      client_id: {_uuid()}\n      client_secret: {_v}",
    _v,
)
_v = "DO00" + _r(16, UPPER_AN)
_w = _b64(32).rstrip("=")
_s(
    "prefixed_token",
    f"[spaces]\ntype = s3\nprovider = DigitalOcean\naccess_key_id = {_v}\n"
    f"secret_access_key = {_w}\nendpoint = fra1.digitaloceanspaces.com",
    _v,
    _w,
)
_v = "md-" + _r(22, URLSAFE)
_s("prefixed_token", f"'mandrill' => [\n    'secret' => '{_v}',\n],", _v)
_v = "os_v2_app_" + _r(113, LOWER_AN)
_s(
    "prefixed_token",
    f'await fetch("https://api.onesignal.com/notifications", {{ method: "POST", headers: {{ '
    f'Authorization: "Key {_v}" }} }});',
    _v,
)
_v = "sec-c-" + _r(48, AN)
_s(
    "prefixed_token",
    f'let config = PubNubConfiguration(publishKey: "pub-c-{_uuid()}", subscribeKey: '
    f'"sub-c-{_uuid()}", userId: "server")\nconfig.secretKey = "{_v}"',
    _v,
)
_v = "secret-live-" + _r(36, URLSAFE)
_s(
    "prefixed_token",
    f'client = stytch.Client(project_id="project-live-{_uuid()}", secret="{_v}")',
    _v,
)
_v = "EAAG" + _r(180)
_s(
    "prefixed_token",
    f'curl -s "https://graph.facebook.com/v19.0/1784420119/feed?message=hi&access_token={_v}"',
    _v,
)
_v = "KEY" + _r(32, HEX).upper() + "_" + _r(22)
_s("prefixed_token", f'Sys.setenv(TELNYX_API_KEY = "{_v}")', _v)
_v = "pk_" + _r(8, "0123456789") + "_" + _r(32, UPPER_AN)
_s("prefixed_token", f"opts = weboptions('HeaderFields', {{'Authorization', '{_v}'}});", _v)
_v = "ddp_" + _r(36)
_s("prefixed_token", f"deployctl deploy --project=acme-edge --token={_v} main.ts", _v)
_v = "tfp_" + _r(44) + "_" + _r(14)
_s(
    "prefixed_token",
    f"  typeform: {{\n    enabled: true,\n    config: {{ token: '{_v}' }},\n  }},",
    _v,
)
_v = "sk_" + _r(48, HEX)
_s(
    "prefixed_token",
    f'  extra: {{\n    elevenLabsKey: "{_v}",\n    eas: {{ projectId: "{_uuid()}" }},\n  }},',
    _v,
)
_v = "FlyV1 fm2_" + _r(300, URLSAFE)
_s("prefixed_token", f"- name: deploy\n  env:\n    FLY_API_TOKEN: {_v}", _v[6:])
_v = "oauth:" + _r(30, LOWER_AN)
_s(
    "prefixed_token",
    f"< PASS {_v}\n< NICK acmebot\n> :tmi.twitch.tv 001 acmebot :Welcome, GLHF!",
    _v,
)
_v = "apify_api_" + _r(36)
_s("prefixed_token", f"apify login --token {_v}", _v)
_v = "sk-lf-" + _uuid()
_s(
    "prefixed_token",
    f'langfuse = Langfuse(public_key="pk-lf-{_uuid()}", secret_key="{_v}", '
    'host="https://cloud.langfuse.com")',
    _v,
)
_v = "AKLT" + _r(40, URLSAFE)
_w = _b64(45)
_s(
    "prefixed_token",
    f"ve configure set --profile prod --ak {_v} --sk {_w} --region cn-beijing",
    _v,
    _w,
)

# --------------------------------------------------------------------------- key material
_v = _pem("ENCRYPTED SIGSTORE PRIVATE KEY", 600)
_s("key_block", f"$ cat cosign.key\n{_v}", _v.splitlines()[3])
_v = _b64(102)
_s(
    "key_block",
    f"$ cat /etc/signify/acme-release.sec\nuntrusted comment: signify secret key\n{_v}",
    _v,
)
_v = _b64(32)
_s(
    "key_block",
    f"[Interface]\nAddress = 10.8.0.2/32\nPrivateKey = {_v}\nDNS = 10.8.0.1\n\n[Peer]\n"
    f"PublicKey = {_b64(32)}",
    _v,
)
_v = "nsec1" + _r(58, _BECH32)
_s("key_block", f'{{\n  "relays": ["wss://relay.damus.io"],\n  "nsec": "{_v}"\n}}', _v)
_v = "xprv9s21ZrQH143K" + _r(95, BASE58)
_s("key_block", f"wallet = HDWallet.from_xkey('{_v}')", _v)
_v = "0x" + _r(64, HEX)
_s(
    "key_block",
    f"# .env used by hardhat.config.ts\nDEPLOYER_PRIVATE_KEY={_v}\nETHERSCAN_NETWORK=sepolia",
    _v,
)
_v = ",".join(str(_rng.randrange(256)) for _ in range(64))
_s("key_block", f"$ cat ~/.config/solana/id.json\n[{_v}]", _v.rsplit(",", 32)[0])
_v = ":".join(_r(2, HEX) for _ in range(256))
_w = "\n    ".join(_v[i : i + 45] for i in range(0, len(_v), 45))
_s(
    "key_block",
    "$ openssl rsa -in server.key -text -noout\nPrivate-Key: (2048 bit, 2 primes)\nmodulus:\n"
    f"    00:{_r(2, HEX)}:{_r(2, HEX)}\npublicExponent: 65537 (0x10001)\nprivateExponent:\n"
    f"    {_w}",
    _v[:45],
)
_v = base64.b64encode(_pem("RSA PRIVATE KEY", 600).encode()).decode()
_s(
    "key_block",
    "<cert>\n  <refid>5f3a</refid>\n  <descr><![CDATA[webConfigurator]]></descr>\n"
    f"  <crt>LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t</crt>\n  <prv>{_v}</prv>\n</cert>",
    _v,
)
_v = _pem("PRIVATE KEY", 120)
_w = "\n".join("> " + line for line in _v.splitlines())
_s(
    "key_block",
    f"Sam Park  2:14 PM\n{_w}\nhere's the APNs key for staging, rotate after the demo",
    _v.splitlines()[1],
)
_v = _pem("EC PRIVATE KEY", 121)
_s("key_block", f'val signingKey = """\n{_v}\n""".trimIndent()', _v.splitlines()[1])
_v = _pem("ENCRYPTED PRIVATE KEY", 700)
_s("key_block", f"items {{\n  tls_key = <<EOT\n{_v}\nEOT\n}}", _v.splitlines()[2])
_v = _pem("OPENSSH PRIVATE KEY", 400)
_s(
    "key_block",
    "steps:\n  - command: |\n      cat > ~/.ssh/id_ed25519 <<'EOF'\n"
    + "\n".join("      " + x for x in _v.splitlines())
    + "\n      EOF",
    _v.splitlines()[2],
)
_v = _pem("PRIVATE KEY", 1200)
_w = _v.replace("\n", "\\n")
_s("key_block", f'final String privateKey = "{_w}";', _v.splitlines()[5])
_v = _pem("PRIVATE KEY", 120)
_s(
    "key_block",
    f"## Signing\n\nUse this key for local testing:\n\n```\n{_v}\n```",
    _v.splitlines()[1],
)
_v = _pem("DSA PRIVATE KEY", 440)
_s("key_block", f'const string LegacyKey = @"{_v}";', _v.splitlines()[3])

# --------------------------------------------------------------------------- connections
_v = _url_pw()
_s(
    "connection",
    f'engine = create_engine("trino://analyst:{_v}@trino.acme.io:443/hive/web", '
    f'connect_args={{"http_scheme": "https"}})',
    _v,
)
_v = _r(20)
_s("connection", f"druid+https://admin:{_v}@druid.acme.io:8282/druid/v2/sql/", _v)
_v = _url_pw()
_s(
    "connection",
    f"redshift+psycopg2://awsuser:{_v}@dw.c1x2y3z4.eu-west-1.redshift.amazonaws.com:5439/dev",
    _v,
)
_v = _r(24)
_s(
    "connection",
    f"export AIRFLOW_CONN_WAREHOUSE_PG='postgres://airflow:{_v}@pg.internal:5432/warehouse'",
    _v,
)
_v = _human("!$&*")
_s(
    "connection",
    "cameras:\n  driveway:\n    ffmpeg:\n      inputs:\n"
    f"        - path: rtsp://admin:{_v}@192.168.1.64:554/Streaming/Channels/101",
    _v,
)
_v = _r(16)
_s("connection", f'const client = mqtt.connect("wss://dash-ui:{_v}@emqx.acme.io:8084/mqtt");', _v)
_v = _r(32, URLSAFE)
_s(
    "connection",
    f'config :acme, Acme.Broker,\n  url: "amqps://orders-svc:{_v}@rabbit.acme.io/prod",\n'
    "  prefetch_count: 20",
    _v,
)
_v = _r(32, HEX)
_s(
    "connection",
    f"###> symfony/lock ###\nLOCK_DSN=redis://:{_v}@redis.acme.internal:6379/3\n"
    "###< symfony/lock ###",
    _v,
)
_v = _url_pw()
_s("connection", f"MAILER_DSN=smtp://postmaster%40mg.acme.io:{_v}@smtp.eu.mailgun.org:587", _v)
_v = _human("._-")
_s(
    "connection",
    f'lftp -e "mirror -R ./pub /public_html; quit" ftp://deploy:{_v}@ftp.acme-shop.de',
    _v,
)
_v = _r(18)
_s(
    "connection",
    f"duplicity --full-if-older-than 1M /home sftp://backup:{_v}@nas.local//volume1/backups",
    _v,
)
_v = _r(22)
_s("connection", f'nc, err := nats.Connect("nats://ingest:{_v}@nats.acme.io:4222")', _v)
_v = _pw()
_s(
    "connection",
    f'con <- DBI::dbConnect(odbc::odbc(), .connection_string = "Driver={{ODBC Driver 18 for SQL '
    f'Server}};Server=sql01.corp;Database=Sales;UID=rstudio;PWD={_v};")',
    _v,
)
_v = _r(20)
_s(
    "connection",
    f"jdbc:clickhouse://ch.acme.io:8443/events?user=metabase&password={_v}&ssl=true",
    _v,
)
_v = _url_pw()
_s(
    "connection",
    f'output {{\n  opensearch {{\n    hosts => ["https://logstash_writer:{_v}@os.acme.io:9200"]\n'
    f'    index => "app-%{{+YYYY.MM.dd}}"\n  }}\n}}',
    _v,
)
_v = _r(20)
_s(
    "connection",
    f'conn <- connectPostgreSQL "host=db.acme.io port=5432 dbname=app user=hs_app password={_v} '
    'sslmode=require"',
    _v,
)
_v = _human("!$&*")
_s("connection", f"export HTTPS_PROXY='http://jdoe:{_v}@proxy.corp.acme.com:3128'", _v)
_v = _r(16)
_s(
    "connection",
    f"[nextcloud]\ntype = webdav\nurl = davs://ana:{_v}@cloud.acme.io/remote.php/dav/files/ana",
    _v,
)
_v = _pw()
_s(
    "connection",
    f"skopeo copy --dest-creds 'ci-pusher:{_v}' docker-archive:img.tar "
    "docker://registry.acme.io/web:1.4",
    _v,
)
_v = _r(14)
_s(
    "connection",
    f"//nas.local/media  /mnt/media  cifs  username=kodi,password={_v},uid=1000,iocharset=utf8  0 "
    " 0",
    _v,
)
_v = _r(24)
_s("connection", f'modparam("auth_db", "db_url", "mysql://kamailio:{_v}@localhost/kamailio")', _v)
_v = _human()
_s(
    "connection",
    f"220 (vsFTPd 3.0.5)\nUSER ftpuser\n331 Please specify the password.\nPASS {_v}\n"
    "230 Login successful.",
    _v,
)
_v = _r(16)
_s(
    "connection",
    f"* OK [CAPABILITY IMAP4rev1] Dovecot ready.\na1 LOGIN ana@acme.io {_v}\na1 OK Logged in",
    _v,
)

# --------------------------------------------------------------------------- config syntax
_v = _human()
_w = _human()
_s(
    "config_syntax",
    f"storePassword={_v}\nkeyPassword={_w}\nkeyAlias=upload\nstoreFile=../upload-keystore.jks",
    _v,
    _w,
)
_v = _human()
_s(
    "config_syntax",
    f"  AndroidKeystoreName: '{{inproject}}: user.keystore'\n  AndroidKeystorePass: {_v}\n"
    "  AndroidKeyaliasName: release",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "[/Script/AndroidRuntimeSettings.AndroidRuntimeSettings]\nKeyStore=release.keystore\n"
    f"KeyAlias=release\nKeyStorePassword={_v}",
    _v,
)
_v = _r(20)
_s(
    "config_syntax",
    'keystore/release="res://release.keystore"\nkeystore/release_user="release"\n'
    f'keystore/release_password="{_v}"',
    _v,
)
_v = _r(40, URLSAFE)
_s("config_syntax", f"// Secrets.xcconfig\nAPI_HOST = api.acme.io\nAPI_CLIENT_SECRET = {_v}", _v)
_v = _r(32)
_s(
    "config_syntax",
    f"flutter run --release --dart-define=API_SECRET={_v} --dart-define=FLAVOR=prod",
    _v,
)
_v = _r(40, URLSAFE)
_s("config_syntax", f'enum Keys {{\n    static let clientSecret = "{_v}"\n}}', _v)
_v = _pw()
_s(
    "config_syntax",
    f'keyring::key_set_with_value("warehouse", username = "etl", password = "{_v}")',
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f'creds = (user = "etl", password = "{_v}")\n'
    'conn = LibPQ.Connection("host=dw dbname=sales"; creds...)',
    _v,
)
_v = _pw()
_s("config_syntax", f'conn = database("warehouse", "etl_user", "{_v}");', _v)
_v = _pw()
_s("config_syntax", f'libname dw oracle user=etl password="{_v}" path=dwprod schema=sales;', _v)
_v = _human()
_s(
    "config_syntax",
    f'odbc load, exec("select * from claims") dsn("dw") user("stata") password("{_v}") clear',
    _v,
)
_v = _r(24)
_s("config_syntax", f"In [3]: %env SNOWSQL_PWD={_v}\nenv: SNOWSQL_PWD={_v}", _v)
_v = _pw()
_s(
    "config_syntax",
    "acme:\n  target: dev\n  outputs:\n    dev:\n      type: postgres\n      host: localhost\n"
    f"      user: dbt\n      pass: {_v}\n      dbname: analytics",
    _v,
)
_v = _r(20)
_s(
    "config_syntax",
    f'airflow connections add \'mysql_dw\' --conn-json \'{{"conn_type": "mysql", "login": "etl", '
    f'"password": "{_v}", "host": "dw.acme.io"}}\'',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    "connector = "
    'SqlAlchemyConnector(connection_info=ConnectionComponents(driver="postgresql+psycopg2", '
    f'username="prefect", password="{_v}", host="pg", database="flows"))',
    _v,
)
_v = _r(24)
_s(
    "config_syntax",
    "connector.name=postgresql\nconnection-url=jdbc:postgresql://pg:5432/app\n"
    f"connection-user=trino\nconnection-password={_v}",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f'const db = new aws.rds.Instance("db", {{\n    engine: "postgres",\n    username: "app",\n'
    f'    password: "{_v}",\n}});',
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    'rds.DatabaseInstance(self, "Db", credentials=rds.Credentials.from_password("admin", '
    f'SecretValue.unsafe_plain_text("{_v}")))',
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    f"provider:\n  name: aws\n  environment:\n    JWT_SECRET: {_v}\n    STAGE: prod",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"Parameters:\n  DBPassword:\n    Type: String\n    NoEcho: true\n    Default: {_v}",
    _v,
)
_v = _r(50, AN + "!@#%^*(-_=+)")
_s(
    "config_syntax",
    f'{{\n  "production": {{\n    "app_function": "app.app",\n'
    f'    "environment_variables": {{"SECRET_KEY": "{_v}"}}\n  }}\n}}',
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    f'[context.production.environment]\n  WEBHOOK_SIGNING_SECRET = "{_v}"\n  NODE_VERSION = "20"',
    _v,
)
_v = _r(40, URLSAFE)
_s(
    "config_syntax",
    'name = "edge-api"\nmain = "src/index.ts"\n\n[vars]\nENVIRONMENT = "production"\n'
    f'STRIPE_WEBHOOK_SECRET = "{_v}"',
    _v,
)
_v = _b64(32)
_w = "akab-" + _r(16, LOWER_AN) + "-" + _r(16, LOWER_AN)
_s(
    "config_syntax",
    f"[default]\nclient_secret = {_v}\n"
    f"host = akab-{_r(16, LOWER_AN)}-{_r(16, LOWER_AN)}.luna.akamaiapis.net\n"
    f"access_token = {_w}\nclient_token = akab-{_r(16, LOWER_AN)}-{_r(16, LOWER_AN)}",
    _v,
    _w,
)
_v = _uuid()
_s(
    "config_syntax",
    f'acl {{\n  enabled = true\n  default_policy = "deny"\n  tokens {{\n'
    f'    initial_management = "{_v}"\n  }}\n}}',
    _v,
)
_v = _b64(32)
_s(
    "config_syntax",
    f'kms "aead" {{\n  purpose   = "root"\n  aead_type = "aes-gcm"\n  key       = "{_v}"\n'
    f'  key_id    = "global_root"\n}}',
    _v,
)
_v = _b64(32)
_s(
    "config_syntax",
    f'server {{\n  enabled          = true\n  bootstrap_expect = 3\n  encrypt          = "{_v}"\n'
    f"}}",
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    f"teleport:\n  nodename: build-01\n  join_params:\n    method: token\n    token_name: {_v}",
    _v,
)
_v = _r(24)
_s(
    "config_syntax",
    "<phase1>\n  <ikeid>1</ikeid>\n  "
    "<authentication_method>pre_shared_key</authentication_method>\n"
    f"  <pre-shared-key>{_v}</pre-shared-key>\n</phase1>",
    _v,
)
_v = _human()
_w = _r(16)
_s(
    "config_syntax",
    "/interface wireless security-profiles set [ find default=yes ] "
    f'authentication-types=wpa2-psk mode=dynamic-keys wpa2-pre-shared-key="{_v}"\n'
    f"/user add name=ops group=full password={_w}",
    _v,
    _w,
)
_v = _r(16)
_w = _human()
_s(
    "config_syntax",
    f"username admin privilege 15 role network-admin secret 0 {_v}\n"
    f"tacacs-server host 10.0.0.5 key 0 {_w}",
    _v,
    _w,
)
_v = _r(20)
_s("config_syntax", f"[1001-auth]\ntype=auth\nauth_type=userpass\nusername=1001\npassword={_v}", _v)
_v = _r(16)
_s(
    "config_syntax",
    f'<user id="1001">\n  <params>\n    <param name="password" value="{_v}"/>\n'
    '    <param name="vm-password" value="1001"/>\n  </params>\n</user>',
    _v,
)
_v = _pw()
_s("config_syntax", f"# /etc/postfix/sasl_passwd\n[smtp.sendgrid.net]:587 apikey:{_v}", _v)
_v = _human()
_s("config_syntax", f"# /etc/dovecot/users\nana@acme.io:{{PLAIN}}{_v}::::::", _v)
_v = _r(18)
_s("config_syntax", f"hide mysql_servers = localhost/exim/exim/{_v}", _v)
_v = _r(32)
_s(
    "config_syntax",
    f"%prod.quarkus.datasource.username=orders\n%prod.quarkus.datasource.password={_v}",
    _v,
)
_v = _r(48, URLSAFE)
_s(
    "config_syntax",
    "micronaut:\n  security:\n    token:\n      jwt:\n        signatures:\n          secret:\n"
    f"            generator:\n              secret: {_v}",
    _v,
)
_v = _r(64, URLSAFE)
_s("config_syntax", f'play.http.secret.key = "{_v}"\nplay.i18n.langs = ["en", "de"]', _v)
_v = _r(40)
_s(
    "config_syntax",
    f"encrypt:\n  key: {_v}\nspring:\n  cloud:\n    config:\n      server:\n        git:\n"
    "          uri: https://git.acme.io/config",
    _v,
)
_v = _r(32, URLSAFE)
_s(
    "config_syntax",
    f'class Settings(BaseSettings):\n    jwt_secret: SecretStr = SecretStr("{_v}")\n'
    "    token_ttl: int = 3600",
    _v,
)
_v = _r(32, HEX)
_s("config_syntax", f'# instance/config.py\nSECRET_KEY = b"{_v}"\nSESSION_COOKIE_SECURE = True', _v)
_v = _r(32, HEX)
_s(
    "config_syntax",
    f"###> symfony/framework-bundle ###\nAPP_ENV=prod\nAPP_SECRET={_v}\n"
    "###< symfony/framework-bundle ###",
    _v,
)
_v = _r(40, URLSAFE)
_s(
    "config_syntax",
    f"'github' => [\n    'client_id' => env('GITHUB_CLIENT_ID', 'Iv1.{_r(16, HEX)}'),\n"
    f"    'client_secret' => env('GITHUB_CLIENT_SECRET', '{_v}'),\n],",
    _v,
)
_keys = [_b64(16) for _ in range(4)]
_s(
    "config_syntax",
    f"HOST=0.0.0.0\nPORT=1337\nAPP_KEYS={','.join(_keys)}\nAPI_TOKEN_SALT={_b64(16)}",
    *_keys,
)
_v = _pw()
_s(
    "config_syntax",
    f'"mail": {{\n  "transport": "SMTP",\n  "options": {{\n    "service": "Mailgun",\n'
    f'    "auth": {{"user": "postmaster@mg.acme.io", "pass": "{_v}"}}\n  }}\n}}',
    _v,
)
_v = _r(32)
_s(
    "config_syntax",
    f"  graphql-engine:\n    environment:\n      HASURA_GRAPHQL_ADMIN_SECRET: {_v}\n"
    '      HASURA_GRAPHQL_ENABLE_CONSOLE: "false"',
    _v,
)
_v = _r(24)
_s(
    "config_syntax",
    f"data Config = Config {{ dbHost :: Text, dbPassword :: Text }}\n\n"
    f'defaultConfig = Config {{ dbHost = "db", dbPassword = "{_v}" }}',
    _v,
)
_v = _r(32)
_s("config_syntax", f'let api_secret = "{_v}"\nlet () = Server.run ~secret:api_secret ()', _v)
_v = _r(32)
_s(
    "config_syntax",
    f'let settings = {{ Endpoint = "https://api.acme.io"; ApiKey = "{_v}"; Retries = 3 }}',
    _v,
)
_v = _r(40, URLSAFE)
_s("config_syntax", f'const api_token = "{_v}";\npub fn main() !void {{', _v)
_v = _r(32)
_s("config_syntax", f'const\n  apiSecret = "{_v}"\n  apiBase = "https://api.acme.io"', _v)
_v = _human()
_s(
    "config_syntax",
    f"install\ntext\nlang en_US.UTF-8\nrootpw --plaintext {_v}\ntimezone Europe/Berlin",
    _v,
)
_v = _human()
_s(
    "config_syntax",
    f"d-i passwd/root-password password {_v}\nd-i passwd/root-password-again password {_v}",
    _v,
)
_v = _pw()
_s(
    "config_syntax",
    f"<UserAccounts>\n  <AdministratorPassword>\n    <Value>{_v}</Value>\n"
    "    <PlainText>true</PlainText>\n  </AdministratorPassword>\n</UserAccounts>",
    _v,
)
_v = _r(24)
_s(
    "config_syntax",
    f"[08:14:02]  ##teamcity[setParameter name='env.DEPLOY_DB_PASS' value='{_v}']",
    _v,
)
_v = _r(28)
_s(
    "config_syntax",
    f'  + master_password                     = "{_v}"\n'
    '  + master_username                     = "admin"',
    _v,
)
_v = _r(20)
_s(
    "config_syntax",
    "$ helm get values pg -n data\nUSER-SUPPLIED VALUES:\nauth:\n  database: app\n"
    f"  postgresPassword: {_v}",
    _v,
)
_v = _r(20)
_s(
    "config_syntax",
    "$ aws lightsail get-relational-database-master-user-password --relational-database-name "
    f'app-db\n{{\n    "masterUserPassword": "{_v}",\n    "createdAt": "2026-11-02T09:12:44Z"\n}}',
    _v,
)
_v = _b64(64)
_s(
    "config_syntax",
    f'$ az cosmosdb keys list -n acme-cosmos -g prod\n{{\n  "primaryMasterKey": "{_v}",\n'
    f'  "primaryReadonlyMasterKey": "{_b64(64)}"\n}}',
    _v,
)
_v = _pw()
_s("config_syntax", f"gcloud sql users set-password app --instance=prod-pg --password='{_v}'", _v)
_v = _human()
_s("config_syntax", f"$ vault write auth/userpass/users/ci-bot password='{_v}' policies=deploy", _v)
_v = _r(40)
_s(
    "config_syntax",
    f'{{"key": "client_secret", "value": "{_v}", "type": "secret", "enabled": true}},',
    _v,
)
_v = _pw()
_s("config_syntax", f"auth:basic {{\n  username: svc-reports\n  password: {_v}\n}}", _v)
_v = _human()
_s(
    "config_syntax",
    f'"postData": {{"mimeType": "application/x-www-form-urlencoded", "params": [{{"name": '
    f'"username", "value": "jdoe"}}, {{"name": "password", "value": "{_v}"}}]}}',
    _v,
)
_v = _r(18)
_s(
    "config_syntax",
    "POST https://app.acme.io/login\n    content-type: application/x-www-form-urlencoded\n\n"
    f"    email=ana%40acme.io&pass={_v}&remember=1",
    _v,
)
_v = _r(24)
_s(
    "config_syntax",
    f'"extra": {{"request_id": "{_uuid()}", "db_password": "{_v}", "retries": 2}}',
    _v,
)
# people pasting things
_v = _human()
_s("config_syntax", f"Dana Ross  10:02 AM\nnew staging admin pw is {_v} - pls don't forward", _v)
_v = _human()
_s(
    "config_syntax",
    f"Hi Marc,\n\nYour account is ready.\nUsername: mweber\nTemporary password: {_v}\n\n"
    "Please change it at first login.",
    _v,
)
_v = _phrase()
_s(
    "config_syntax",
    f"Steps to reproduce:\n1. Log in as qa_admin, passphrase: {_v}\n2. Open Billing > Export",
    _v,
)
# names in other languages, abbreviations
_v = _human()
_s("config_syntax", f"datenbank:\n  benutzer: app\n  passwort: {_v}", _v)
_v = _pw()
_s("config_syntax", f'[base]\nutilisateur = "app"\nmot_de_passe = "{_v}"', _v)
_v = _human()
_s("config_syntax", f'{{"usuario": "admin", "contraseña": "{_v}"}}', _v)
_v = _r(16)
_s("config_syntax", f"banco.usuario=app\nbanco.senha={_v}", _v)
_v = _human()
_s("config_syntax", f"Wi-Fi в переговорной: AcmeGuest, пароль: {_v}", _v)
_v = _r(16)
_s("config_syntax", f"[数据库]\n用户 = app\n密码 = {_v}", _v)
_v = _pw()
_s("config_syntax", f"db:\n  gebruiker: app\n  wachtwoord: {_v}", _v)
_v = _r(20)
_s("config_syntax", f"utente=app\nparola={_v}", _v)
_v = _pw()
_s("config_syntax", f"smtp_pw = {_v}\nsmtp_user = noreply", _v)
_v = _r(24)
_s("config_syntax", f"export REDIS_PASSWD={_v}", _v)
_v = _r(20)
_s("config_syntax", f"mongo:\n  pwd: {_v}\n  usr: app", _v)

# --------------------------------------------------------------------------- authorization
_v = _uuid()
_s(
    "authorization",
    f"curl -s -H 'X-Consul-Token: {_v}' http://127.0.0.1:8500/v1/kv/app/config?recurse",
    _v,
)
_v = _uuid()
_s("authorization", f"GET /v1/jobs HTTP/1.1\nHost: nomad.acme.io:4646\nX-Nomad-Token: {_v}", _v)
_v = "gAAAAAB" + _r(176, URLSAFE)
_s(
    "authorization",
    f"HTTP/1.1 201 Created\nX-Subject-Token: {_v}\nContent-Type: application/json",
    _v,
)
_v = base64.b64encode(f"jdoe:{_human()}".encode()).decode()
_s(
    "authorization",
    f"CONNECT api.acme.io:443 HTTP/1.1\nProxy-Authorization: Basic {_v}\nUser-Agent: curl/8.5.0",
    _v,
)
_v = "admin%7C1765000000%7C" + _r(43) + "%7C" + _r(64, HEX)
_s(
    "authorization",
    f"Cookie: wordpress_test_cookie=WP%20Cookie%20check; wordpress_logged_in_{_r(32, HEX)}={_v}",
    _v,
)
_v = (
    "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0.."
    + _r(22, URLSAFE)
    + "."
    + _r(400, URLSAFE)
    + "."
    + _r(22, URLSAFE)
)
_s(
    "authorization",
    f"set-cookie: __Secure-next-auth.session-token={_v}; Path=/; HttpOnly; Secure; SameSite=Lax",
    _v,
)
_v = "s%3A" + _r(32, URLSAFE) + "." + _r(43)
_s(
    "authorization",
    "curl 'https://admin.acme.io/api/orders' -H 'accept: application/json' -H 'cookie: "
    f"connect.sid={_v}'",
    _v,
)
_v = _r(32, LOWER_AN)
_s(
    "authorization",
    f'$session.Cookies.Add((New-Object System.Net.Cookie("sessionid", "{_v}", "/", '
    '"app.acme.io")))',
    _v,
)
_v = _r(32, HEX)
_s(
    "authorization",
    f'fetch("https://ABC123XYZ-dsn.algolia.net/1/indexes/products/batch", {{\n  "headers": {{\n'
    f'    "x-algolia-api-key": "{_v}",\n    "x-algolia-application-id": "ABC123XYZ"\n  }},\n'
    f'  "method": "POST"\n}});',
    _v,
)
_v = "AAAA" + _r(7, URLSAFE) + ":APA91b" + _r(134, URLSAFE)
_s("authorization", f"Authorization: key={_v}\nContent-Type: application/json", _v)
_v = _r(32, HEX)
_s(
    "authorization",
    "X-Sentry-Auth: Sentry sentry_version=7, sentry_client=raven-python/6.10, "
    f"sentry_key={_r(32, HEX)}, sentry_secret={_v}",
    _v,
)
_v = "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9." + _urlb64(60) + "." + _urlb64(32)
_s(
    "authorization",
    f'fetch("https://api.acme.io/graphql", {{\n  "headers": {{\n    "accept": "*/*",\n'
    f'    "authorization": "Bearer {_v}",\n    "sec-fetch-mode": "cors"\n  }},\n  "body": null\n'
    f"}});",
    _v,
)
_v = _r(40, HEX)
_s(
    "authorization",
    f"headers = {{'Authorization': f'Token {_v}', 'Accept': 'application/json'}}",
    _v,
)
_v = _r(48, URLSAFE)
_s("authorization", f"Authorization: Apikey {_v}\nAccept: application/vnd.api+json", _v)
_v = _r(40, URLSAFE)
_s("authorization", f"request.headers['Authorization'] = 'Bearer:{_v}'", _v)
_v = _r(32, HEX)
_s(
    "authorization",
    f"> POST /api/v2/events HTTP/2\n> x-auth-token: {_v}\n> content-type: application/json",
    _v,
)
_v = _r(64, HEX)
_s("authorization", f"[ 12.4s] http: request headers: map[Accept:[*/*] X-Access-Token:[{_v}]]", _v)

# =========================================================================== look-alikes
# prefixed_token: ids, public or placeholder tokens, published identifiers
_l("prefixed_token", f"Stripe event evt_{_r(24)} for customer cus_{_r(14)} (charge ch_{_r(24)})")
_l("prefixed_token", "mapboxgl.accessToken = process.env.NEXT_PUBLIC_MAPBOX_TOKEN;")
_l("prefixed_token", f'"projectId": "prj_{_r(28)}",\n"orgId": "team_{_r(24)}"')
_l("prefixed_token", f'compartment_id = "ocid1.compartment.oc1..aaaaaaaa{_r(52, LOWER_AN)}"')
_l(
    "prefixed_token",
    "export GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx  # replace with yours",
)
_l("prefixed_token", 'gitlab-runner register --url https://gitlab.com --token "$RUNNER_TOKEN"')
_l("prefixed_token", 'doppler secrets download --no-file --format env --token "$DOPPLER_TOKEN"')
_l("prefixed_token", f"Run ID: 01{_r(24, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')}  status: succeeded")
_l("prefixed_token", f'"message_id": "<{_r(16, HEX)}.{_r(8, HEX)}@mg.acme.io>"')
_l("prefixed_token", "FLY_API_TOKEN: ${{ secrets.FLY_API_TOKEN }}")
_l("prefixed_token", f"Tailscale node: nodekey:{_r(64, HEX)}")
_l(
    "prefixed_token",
    f"discord: guild 1178{_r(15, '0123456789')} channel 1180{_r(15, '0123456789')}",
)
_l("prefixed_token", f'sentry_sdk.init(release="web@{_r(40, HEX)}", traces_sample_rate=0.2)')
_l(
    "prefixed_token",
    'ELEVENLABS_API_KEY="sk_..."  # get it from elevenlabs.io/app/settings/api-keys',
)
_l("prefixed_token", f"ZeroTier network {_r(16, HEX)} joined, address {_r(10, HEX)}")

# key_block: public keys, certificates, signatures and public parameters
_l("key_block", f"$ cat cosign.pub\n{_pem('PUBLIC KEY', 91)}")
_l("key_block", f"untrusted comment: signify public key\nRWQ{_b64(39)[3:]}")
_l(
    "key_block",
    f"[Peer]\nPublicKey = {_b64(32)}\nAllowedIPs = 10.8.0.0/24\nEndpoint = vpn.acme.io:51820",
)
_l("key_block", f'{{"pubkey": "npub1{_r(58, _BECH32)}", "relays": ["wss://nos.lol"]}}')
_l("key_block", f"wallet = HDWallet.from_xkey('xpub661MyMwAqRbc{_r(95, BASE58)}')")
_l("key_block", f"DEPLOYER_ADDRESS=0x{_r(40, HEX)}")
_l("key_block", f"$ solana address\n{_r(44, BASE58)}")
_l(
    "key_block",
    "$ openssl x509 -in ca.crt -noout -serial -fingerprint -sha256\n"
    f"serial={_r(32, HEX).upper()}\n"
    f"sha256 Fingerprint={':'.join(_r(2, HEX).upper() for _ in range(32))}",
)
_l(
    "key_block",
    "<ca>\n  <refid>61a2</refid>\n  "
    f"<crt>{base64.b64encode(_pem('CERTIFICATE', 300).encode()).decode()}</crt>\n</ca>",
)
_l("key_block", f"```\n{_pem('CERTIFICATE REQUEST', 400)}\n```")
_l("key_block", _pem("DH PARAMETERS", 264))
_l("key_block", f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_b64(32)[:43]} ci@build-01")
_l(
    "key_block",
    f"|1|{_b64(20)}|{_b64(20)} ecdsa-sha2-nistp256 AAAAE2VjZHNhLXNoYTItbmlzdHAyNTYAAAAI{_b64(80)}",
)
_l("key_block", 'private_key_path = "/etc/headscale/noise_private.key"')
_l(
    "key_block",
    f"-----BEGIN PGP SIGNATURE-----\n\niQIzBAABCAAdFiEE{_b64(200)}\n=abcd\n"
    "-----END PGP SIGNATURE-----",
)

# connection: URLs and DSNs with no credential in them, or a reference in its place
_l("connection", "rtsp://{FRIGATE_RTSP_USER}:{FRIGATE_RTSP_PASSWORD}@192.168.1.64:554/stream1")
_l("connection", "postgres://airflow@pg.internal:5432/warehouse?sslmode=require")
_l(
    "connection",
    'DATABASE_URL="postgresql://app:${DB_PASSWORD}@db:5432/app?serverVersion=16&charset=utf8"',
)
_l("connection", "sip:1001@pbx.acme.io;transport=tls")
_l("connection", "jdbc:clickhouse://ch.acme.io:8443/events?ssl=true&socket_timeout=300000")
_l(
    "connection",
    "mongodb+srv://cluster0.ab1cd.mongodb.net/?retryWrites=true&w=majority&appName=web",
)
_l("connection", "git clone git@gitlab.acme.io:platform/charts.git")
_l("connection", "MAILER_DSN=smtp://localhost:1025")
_l(
    "connection",
    'nc, err := nats.Connect(nats.DefaultURL, nats.UserCredentials("/etc/nats/ingest.creds"))',
)
_l("connection", "deb https://ftp.debian.org/debian bookworm main contrib")
_l("connection", "sftp://backup@nas.local//volume1/backups")
_l(
    "connection",
    "Server=tcp:sql01.corp,1433;Database=Sales;Authentication=Active Directory Default;"
    "Encrypt=True;",
)
_l(
    "connection",
    'const client = mqtt.connect("wss://broker.emqx.io:8084/mqtt", { clientId: "dash-" + id });',
)
_l(
    "connection",
    "https://acme.sharepoint.com/sites/eng/Shared%20Documents/Forms/AllItems.aspx?id=%2Fsites%2Fen"
    "g",
)
_l("connection", f"s3://acme-artifacts/web/{_r(40, HEX)}/bundle.tar.gz?versionId=null")

# config_syntax: references, encrypted values meant to be committed, settings named like secrets
_l("config_syntax", 'storePassword System.getenv("KEYSTORE_PASSWORD")\nkeyAlias "upload"')
_l(
    "config_syntax",
    "  AndroidKeystoreName: '{inproject}: user.keystore'\n  AndroidKeyaliasName: release",
)
_l("config_syntax", 'keystore/release_user="release"\nkeystore/release_password=""')
_l("config_syntax", "API_CLIENT_SECRET = $(inherited)\nDEVELOPMENT_TEAM = ABCDE12345")
_l("config_syntax", "const apiSecret = String.fromEnvironment('API_SECRET');")
_l("config_syntax", 'let clientSecret = ProcessInfo.processInfo.environment["CLIENT_SECRET"] ?? ""')
_l("config_syntax", 'con <- dbConnect(RPostgres::Postgres(), password = Sys.getenv("DB_PASSWORD"))')
_l("config_syntax", 'password = ENV["WAREHOUSE_PASSWORD"]')
_l("config_syntax", 'conn = database("warehouse", "etl_user", getSecret("warehouse"));')
_l("config_syntax", 'libname dw oracle user=etl password="&dbpass" path=dwprod;')
_l("config_syntax", 'odbc load, exec("select 1") dsn("dw") user("stata") password("$dbpass")')
_l("config_syntax", 'from google.colab import userdata\nhf_token = userdata.get("HF_TOKEN")')
_l("config_syntax", 'password = getpass.getpass("Warehouse password: ")')
_l("config_syntax", "      pass: \"{{ env_var('DBT_PASSWORD') }}\"")
_l(
    "config_syntax",
    "sql: SELECT * FROM t WHERE key = '{{ var.value.api_key_name }}' -- {{ "
    "conn.warehouse.password }}",
)
_l("config_syntax", 'password=EnvVar("SNOWFLAKE_PASSWORD"),')
_l("config_syntax", 'secret_block = Secret.load("db-password")')
_l("config_syntax", "headers:\n  Authorization: \"Bearer {{ secret('API_TOKEN') }}\"")
_l(
    "config_syntax",
    "env:\n  - name: DB_PASSWORD\n    valueFrom:\n      secretKeyRef:\n        name: pg-auth\n"
    "        key: password",
)
_l(
    "config_syntax",
    "password: encrypted:s3!r:us-west-2!b:acme-halyard!f:secrets.yml!k:github.password",
)
_l("config_syntax", "  secretRef:\n    name: git-credentials\n  interval: 1m")
_l("config_syntax", "writeConnectionSecretToRef:\n  name: db-conn\n  namespace: crossplane-system")
_l("config_syntax", 'const dbPassword = config.requireSecret("dbPassword");')
_l(
    "config_syntax",
    f"config:\n  app:dbPassword:\n    secure: v1:{_b64(12)}:{_b64(40)}\n"
    f"encryptionsalt: v1:{_b64(8)}:v1:{_b64(12)}:{_b64(30)}",
)
_l(
    "config_syntax",
    'credentials=rds.Credentials.from_secret(secret)  # SecretValue.secrets_manager("prod/db")',
)
_l("config_syntax", "    JWT_SECRET: ${ssm:/aws/reference/secretsmanager/prod/jwt}")
_l(
    "config_syntax",
    "MasterUserPassword: !Sub '{{resolve:secretsmanager:${DbSecret}:SecretString:password}}'",
)
_l("config_syntax", '[[kv_namespaces]]\nbinding = "SESSIONS"\nid = "' + _r(32, HEX) + '"')
_l(
    "config_syntax",
    "$ npx wrangler secret put STRIPE_WEBHOOK_SECRET\n"
    "✨ Success! Uploaded secret STRIPE_WEBHOOK_SECRET",
)
_l("config_syntax", '{{ with secret "kv/data/db" }}DB_PASSWORD={{ .Data.data.password }}{{ end }}')
_l(
    "config_syntax",
    'kms "awskms" {\n  purpose    = "root"\n  kms_key_id = "alias/boundary-root"\n}',
)
_l(
    "config_syntax",
    f'teleport:\n  ca_pin: "sha256:{_r(64, HEX)}"\n  auth_token: /var/lib/teleport/token',
)
_l("config_syntax", '      + password = (sensitive value)\n      + username = "admin"')
_l("config_syntax", "Data\n====\npassword:  16 bytes\nusername:  3 bytes")
_l(
    "config_syntax",
    "smtp_sasl_password_maps = hash:/etc/postfix/sasl_passwd\nsmtp_sasl_auth_enable = yes",
)
_l("config_syntax", "ssl_key = </etc/ssl/private/mail.key\nauth_mechanisms = plain login")
_l("config_syntax", "password-authenticator.name=file\nfile.password-file=/etc/trino/password.db")
_l(
    "config_syntax",
    "encrypt:\n  key-store:\n    location: classpath:/config-server.jks\n    alias: config-server",
)
_l("config_syntax", f"spring:\n  datasource:\n    password: '{{cipher}}{_r(128, HEX)}'")
_l("config_syntax", "play.http.secret.key = ${?APPLICATION_SECRET}")
_l("config_syntax", "%prod.quarkus.datasource.password=${DB_PASSWORD:}")
_l(
    "config_syntax",
    'HASURA_GRAPHQL_JWT_SECRET: \'{"type": "RS256", "jwk_url": '
    '"https://acme.eu.auth0.com/.well-known/jwks.json"}\'',
)
_l("config_syntax", "'client_secret' => env('GITHUB_CLIENT_SECRET'),")
_l(
    "config_syntax",
    'secret_key_file = "/run/secrets/app_secret"\ntoken_ttl = 3600\npassword_policy = "strict"',
)
_l(
    "config_syntax",
    "AUTH_PASSWORD_VALIDATORS = [{'NAME': "
    "'django.contrib.auth.password_validation.MinimumLengthValidator'}]\n"
    "PASSWORD_RESET_TIMEOUT = 259200",
)
_l("config_syntax", "key_size = 4096\nsecret_store: vault\nsecret_rotation_days = 90")
_l(
    "config_syntax",
    "password_hash_algorithm = argon2id\nmin_password_length = 12\npasswordless: true",
)
_l("config_syntax", "environment:\n  api_key:\n    secure: " + _b64(48))
_l("config_syntax", "env:\n  CODECOV_TOKEN: ENCRYPTED[" + _r(96, HEX) + "]")
_l("config_syntax", 'password: <+secrets.getValue("db_password")>')
_l("config_syntax", "passwort_mindestlaenge: 12\nmot_de_passe_oublie_url: /reinitialiser")
_l(
    "config_syntax",
    "[08:14:02]  ##teamcity[setParameter name='env.DEPLOY_DB_HOST' value='db.acme.io']",
)
_l("config_syntax", "auth:basic {\n  username: {{svcUser}}\n  password: {{svcPassword}}\n}")
_l("config_syntax", '{"key": "client_secret", "value": "", "type": "secret", "enabled": true},')

# authorization: headers with no credential in them
_l("authorization", "Authorization: Bearer {{access_token}}")
_l("authorization", "auth:bearer {\n  token: {{token}}\n}")
_l("authorization", 'WWW-Authenticate: Basic realm="Nomad", charset="UTF-8"')
_l("authorization", "Vary: Origin, Authorization\nCache-Control: private, no-store")
_l("authorization", f"Cookie: _ga=GA1.2.{_r(10, '0123456789')}.1764480000; theme=dark; lang=de")
_l("authorization", f"traceparent: 00-{_r(32, HEX)}-{_r(16, HEX)}-01")
_l("authorization", f"X-Amzn-Trace-Id: Root=1-{_r(8, HEX)}-{_r(24, HEX)}")
_l("authorization", f"X-Request-Id: {_uuid()}\nX-Consul-Index: 184220")
_l("authorization", "Access-Control-Expose-Headers: X-Subject-Token, X-Consul-Index")
_l("authorization", f'ETag: W/"{_r(40, HEX)}"\nCF-Ray: {_r(16, HEX)}-FRA')
_l("authorization", '{"name": "authorization", "value": "Bearer <redacted>"},')
_l("authorization", "set-cookie: __Host-theme=dark; Path=/; Secure; SameSite=Strict")
_l(
    "authorization",
    '$session.Cookies.Add((New-Object System.Net.Cookie("django_language", "de", "/", '
    '"app.acme.io")))',
)
_l(
    "authorization",
    "X-Sentry-Auth: Sentry sentry_version=7, sentry_key=<public key>, sentry_client=raven-js/3.27",
)
_l("prefixed_token", f'"integrity": "sha512-{_b64(64)}"')
