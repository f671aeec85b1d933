"""FIFTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune on it.

Written blind, in one sitting, before the widening of the rules that follows held-out 4: its author
never read the rules (graphmem/redact.py) nor their description (docs/security.md) and never ran
redaction on a case while writing it, so no case was kept or dropped for what the rules do with it.
Committed alone, then measured once on the rules as they stood ("before") and again after that
widening, with no edit in between or after. Its cases avoid the
contexts, formats and providers of the other splits: config syntaxes (HCL, Nix, Dhall, CUE,
Jsonnet, Gradle Kotlin DSL, sbt, Elixir, Erlang terms, Lua, Perl, Ruby and Rails credentials, Rust
and Go literals, C #define, Java properties and Spring, .NET settings and user-secrets, PowerShell,
fish, systemd units, Ansible/Salt/Puppet/Chef, Helm, Kustomize, compose), servers and network
services (HAProxy, Apache, LDAP, Kerberos, SSSD, Samba, SNMP, RADIUS, strongSwan, OpenVPN, MQTT),
database and broker URIs and DSNs (Oracle, DB2, Neo4j, CouchDB, Cassandra, Elastic, Kafka SASL),
package-manager and cloud-CLI credential files, SDK constructors in several languages, curl, httpie
and wget lines, HTTP dumps and log lines; provider tokens with documented prefixes the other splits
do not hold; key material in many wrappers (PEM variants, .NET RSA XML, JWK, PKCS#12 and JKS in
base64, minisign, cloud-init, Kubernetes Secrets, keys escaped inside strings); and authorization
schemes of many vendors. Its look-alikes are public keys, certificates, signatures, digests, lock
file hashes, ids, ciphertexts meant to be committed (sops, Sealed Secrets), secret references and
settings named like secrets, from the same contexts.
`python -m benchmarks.redact_accuracy` reports it next to the other splits.

Every secret is generated at import from a fixed seed of its own, so no token-shaped string is
committed.
"""

from __future__ import annotations

import base64

from tests.data.fake_secrets import HEX, LOWER_AN, UPPER_AN, URLSAFE, Fakes, Split, lines

_fakes = Fakes(5_2026_1130)
_rng = _fakes.rng
_r, _b64, _urlb64, _uuid = _fakes.r, _fakes.b64, _fakes.urlb64, _fakes.uuid


def _human() -> str:
    """A password a person chose: words, digits and a symbol, not random-looking."""
    words = ["Summer", "Falcon", "Orchid", "Tractor", "Marble", "Copper", "Winter", "Lantern"]
    return (
        _rng.choice(words)
        + _rng.choice("!#$%&*")
        + _rng.choice(words)
        + str(_rng.randrange(10, 99))
    )


def _phrase() -> str:
    words = [
        "correct",
        "horse",
        "battery",
        "staple",
        "violet",
        "canyon",
        "pickle",
        "harbor",
        "quartz",
    ]
    return "-".join(_rng.sample(words, 4))


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# --------------------------------------------------------------------------- prefixed tokens
_v = "HRKU-AA" + _r(58, URLSAFE)
_s("prefixed_token", f"$ heroku authorizations:create --short\n{_v}", _v)
_v = "glc_" + _b64(60).rstrip("=")
_s("prefixed_token", f'provider "grafana" {{\n  cloud_access_policy_token = "{_v}"\n}}', _v)
_v = "fo1_" + _r(43, URLSAFE)
_s("prefixed_token", f"fly deploy --access-token {_v} --app acme-web", _v)
_v = "pscale_pw_" + _r(43, URLSAFE)
_s(
    "prefixed_token",
    f'{{:dbtype "mysql" :host "aws.connect.psdb.cloud" :user "x7q" :password "{_v}"}}',
    _v,
)
_v = "tk-us-" + _r(48, URLSAFE)
_s("prefixed_token", f"scalingo login --api-token {_v}", _v)
_v = "rdme_" + _r(70, LOWER_AN)
_s("prefixed_token", f"npx rdme openapi ./openapi.json --key={_v} --id=64f0", _v)
_v = "hvb." + _r(138, URLSAFE)
_s(
    "prefixed_token",
    f"Key                  Value\n---                  -----\ntoken                {_v}",
    _v,
)
_v = "doo_v1_" + _r(64, HEX)
_w = "dor_v1_" + _r(64, HEX)
_s(
    "prefixed_token",
    f'{{"access_token":"{_v}","refresh_token":"{_w}","token_type":"bearer","expires_in":2592000}}',
    _v,
    _w,
)
_v = "sha256~" + _r(43, URLSAFE)
_s("prefixed_token", f"oc login --token={_v} --server=https://api.ocp.acme.io:6443", _v)
_v = "v1.0-" + _r(24, HEX) + "-" + _r(146, HEX)
_s("prefixed_token", f"origin-ca-issuer:\n  serviceKey: {_v}", _v)
_v = "shpca_" + _r(32, HEX)
_s("prefixed_token", f"ShopifyAPI::Context.setup(api_key: 'x', api_secret_key: '{_v}')", _v)
_v = "sq0csp-" + _r(43, URLSAFE)
_s("prefixed_token", f"SquareClient(client_secret: '{_v}', environment: 'production')", _v)
_v = "access-production-" + _uuid()
_s("prefixed_token", f"item = plaid_client.item_get(ItemGetRequest(access_token='{_v}'))", _v)
_v = "access_token$production$" + _r(16, LOWER_AN) + "$" + _r(32, HEX)
_s("prefixed_token", f"gateway = braintree.BraintreeGateway(access_token='{_v}')", _v)
_v = "re_" + _r(8) + "_" + _r(24)
_s("prefixed_token", f"const resend = new Resend('{_v}');", _v)
_v = "mlsn." + _r(64, HEX)
_s("prefixed_token", f"$mailersend = new MailerSend(['api_key' => '{_v}']);", _v)
_v = "phx_" + _r(43)
_s("prefixed_token", f"posthog-cli --personal-api-key {_v} sourcemap upload ./dist", _v)
_v = "ops_eyJ" + _r(300, URLSAFE)
_s("prefixed_token", f"set -x OP_SERVICE_ACCOUNT_TOKEN {_v}", _v)
_v = "0." + _uuid() + "." + _r(30) + ":" + _b64(16)
_s("prefixed_token", f"bws secret list --access-token {_v}", _v)
_v = "st." + _uuid() + "." + _r(32, HEX) + "." + _r(32, HEX)
_s("prefixed_token", f"infisical export --token={_v} --env=prod", _v)
_v = "pcsk_" + _r(5) + "_" + _r(62)
_s("prefixed_token", f'let pc = Pinecone::new(Some("{_v}".to_string()));', _v)
_v = "sk-svcacct-" + _r(74, URLSAFE) + "T3BlbkFJ" + _r(74, URLSAFE)
_s("prefixed_token", f'(setq gptel-api-key "{_v}")', _v)
_v = "NRII-" + _r(32, URLSAFE)
_s("prefixed_token", f"  insert_key: {_v}\n  account_id: 3312001", _v)
_v = "EZAK" + _r(54, LOWER_AN)
_s("prefixed_token", f"client = EasyPost::Client.new(api_key: '{_v}')", _v)
_v = "dnkey-" + _r(26, UPPER_AN) + "-" + _r(52, UPPER_AN)
_s("prefixed_token", f"dnclient enroll -code x --api-key {_v}", _v)
_v = "duffel_live_" + _r(43, URLSAFE)
_s("prefixed_token", f'duffel = Duffel::Client.new(access_token: "{_v}")', _v)
_v = "CLOJARS_" + _r(60, LOWER_AN)
_s("prefixed_token", f'{{:repositories [["clojars" {{:username "acme" :password "{_v}"}}]]}}', _v)
_v = _r(6) + "_" + _r(29) + "_mmk"
_s("prefixed_token", f"AccountID 803311\nLicenseKey {_v}\nEditionIDs GeoLite2-City", _v)
_v = "cmVmdGtuOjAxOjE3" + _r(48)
_s("prefixed_token", f"jf c add acme --url=https://acme.jfrog.io --access-token={_v}", _v)
_v = "AQVN" + _r(36, URLSAFE)
_s("prefixed_token", f"yc config set token {_v}", _v)
_v = "AKID" + _r(32)
_w = _r(32)
_s(
    "prefixed_token",
    f"tccli configure set secretId {_v} secretKey {_w} region ap-guangzhou",
    _v,
    _w,
)
_v = "ico-" + _r(32)
_s("prefixed_token", f"infracost configure set api_key {_v}", _v)
_v = "cio" + _r(32)
_s("prefixed_token", f'[registry]\ntoken = "{_v}"', _v)
_v = "glptt-" + _r(40, HEX)
_s(
    "prefixed_token",
    f"curl -X POST --fail -F token={_v} -F ref=main https://gitlab.acme.io/api/v4/projects/42/trigger/pipeline",
    _v,
)
_v = "sk-ant-admin01-" + _r(93, URLSAFE) + "AA"
_s("prefixed_token", f"$env:ANTHROPIC_ADMIN_KEY = '{_v}'", _v)
_v = "https://hooks.mattermost.acme.io/hooks/" + _r(26, LOWER_AN)
_s("prefixed_token", f"mattermost_webhook_url: {_v}", _v.rsplit("/", 1)[1])
_v = _r(43, URLSAFE)
_s(
    "prefixed_token",
    "curl -X POST 'https://chat.googleapis.com/v1/spaces/AAAAq9x/messages?key=AIza"
    + _r(35, URLSAFE)
    + "&token="
    + _v
    + "'",
    _v,
)

# --------------------------------------------------------------------------- key blocks
_v = _b64(121)
_s(
    "key_block",
    'resource "tls_locally_signed_cert" "x" {\n  ca_private_key_pem = <<-EOT\n'
    "    -----BEGIN EC PRIVATE KEY-----\n    "
    + "\n    ".join(lines(_v))
    + "\n    -----END EC PRIVATE KEY-----\n  EOT\n}",
    lines(_v)[1],
)
_v = _b64(1190)
_s(
    "key_block",
    "#cloud-config\nssh_keys:\n  rsa_private: |\n    -----BEGIN RSA PRIVATE KEY-----\n    "
    + "\n    ".join(lines(_v)[:6])
    + "\n    -----END RSA PRIVATE KEY-----",
    lines(_v)[2],
)
_v = _b64(1190)
_s(
    "key_block",
    "$ sudo cat /etc/opendkim/keys/acme.com/mail.private\n-----BEGIN RSA PRIVATE KEY-----\n"
    + "\n".join(lines(_v)[:8])
    + "\n-----END RSA PRIVATE KEY-----",
    lines(_v)[4],
)
_v = _b64(400)
_s(
    "key_block",
    "$ openssl ecparam -name prime256v1 -genkey\n-----BEGIN EC PARAMETERS-----\nBggqhkjOPQMBBw==\n"
    "-----END EC PARAMETERS-----\n-----BEGIN EC PRIVATE KEY-----\n"
    + "\n".join(lines(_v)[:3])
    + "\n-----END EC PRIVATE KEY-----",
    lines(_v)[1],
)
_v = _b64(128)
_w = _b64(64)
_s(
    "key_block",
    "<RSAKeyValue><Modulus>"
    + _b64(128)
    + "</Modulus><Exponent>AQAB</Exponent><P>"
    + _w
    + "</P><Q>"
    + _b64(64)
    + "</Q><D>"
    + _v
    + "</D></RSAKeyValue>",
    _v,
    _w,
)
_v = _urlb64(32)
_s(
    "key_block",
    'jwks_private:\n  - {"kty":"EC","crv":"P-256","kid":"sig-2026",'
    f'"x":"{_urlb64(32)}","y":"{_urlb64(32)}","d":"{_v}"}}',
    _v,
)
_v = "MIIK" + _b64(1800)
_s("key_block", f"env:\n  MATCH_P12_BASE64: {_v}\n  MATCH_KEYCHAIN: build.keychain", _v)
_v = "/u3+7QAAAAIAAAAB" + _b64(1500)
_s("key_block", f"apiVersion: v1\nkind: Secret\ndata:\n  keystore.jks: {_v}\ntype: Opaque", _v)
_v = base64.b64encode(
    b"-----BEGIN OPENSSH PRIVATE KEY-----\n"
    + _b64(300).encode()
    + b"\n-----END OPENSSH PRIVATE KEY-----\n"
).decode()
_s(
    "key_block",
    f"kind: Secret\ntype: kubernetes.io/ssh-auth\ndata:\n  ssh-privatekey: {_v}",
    _v,
)
_v = "RWRTY0Iy" + _b64(150)
_s(
    "key_block",
    f"$ cat ~/.minisign/minisign.key\nuntrusted comment: minisign encrypted secret key\n{_v}",
    _v,
)
_v = _b64(600)
_s(
    "key_block",
    'const PRIVATE_KEY: &str = "-----BEGIN PRIVATE KEY-----\\n'
    + "\\n".join(lines(_v)[:4])
    + '\\n-----END PRIVATE KEY-----\\n";',
    lines(_v)[2],
)
_v = "0x" + _r(64, HEX)
_s(
    "key_block",
    f"networks: {{\n  sepolia: {{ url: RPC_URL, accounts: ['{_v}'] }},\n}},",
    _v,
)
_v = "[" + ",".join(str(_rng.randrange(256)) for _ in range(64)) + "]"
_s("key_block", f"$ cat ~/.config/solana/id.json\n{_v}", _v)
_v = _b64(32)
_s(
    "key_block",
    'networking.wireguard.interfaces.wg0 = {\n  ips = [ "10.100.0.2/24" ];\n'
    f'  privateKey = "{_v}";\n}};',
    _v,
)
_v = _b64(900)
_s(
    "key_block",
    "$ gpg --batch --import <<'EOF'\n-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
    + "\n".join(lines(_v)[:5])
    + "\n=Xk3f\n-----END PGP PRIVATE KEY BLOCK-----\nEOF",
    lines(_v)[3],
)
_v = _b64(190)
_s(
    "key_block",
    'app_store_connect_api_key(key_id: "D383SF739", issuer_id: "'
    + _uuid()
    + '", key_content: "-----BEGIN PRIVATE KEY-----\\n'
    + "\\n".join(lines(_v))
    + '\\n-----END PRIVATE KEY-----")',
    lines(_v)[1],
)

# --------------------------------------------------------------------------- connections
_v = _r(16)
_s("connection", f"jdbc:oracle:thin:hr/{_v}@//db-ora.acme.io:1521/ORCLPDB1", _v)
_v = _human()
_s("connection", f"SQL> connect system/{_v}@//localhost:1521/XEPDB1", _v)
_v = _r(14)
_s(
    "connection",
    f"jdbc:db2://db2.acme.io:50000/SAMPLE:user=db2inst1;password={_v};sslConnection=true;",
    _v,
)
_v = _r(20)
_s("connection", f'NEO4J_URI = "neo4j+s://neo4j:{_v}@a1b2c3d4.databases.neo4j.io"', _v)
_v = _r(18)
_s("connection", f"COUCHDB_URL=http://admin:{_v}@couchdb:5984/_utils", _v)
_v = _human()
_s("connection", f"$ cqlsh cass1.acme.io 9042 -u cassandra -p '{_v}'", _v)
_v = _r(20)
_s(
    "connection",
    f'elasticsearch.hosts: ["https://es01:9200"]\nelasticsearch.username: "kibana_system"\n'
    f'elasticsearch.password: "{_v}"',
    _v,
)
_v = _r(22)
_s(
    "connection",
    "security.protocol=SASL_SSL\nsasl.mechanism=SCRAM-SHA-512\n"
    "sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required "
    f'username="connect" password="{_v}";',
    _v,
)
_v = _r(16)
_s(
    "connection",
    f"$ ldapsearch -x -H ldaps://ldap.acme.org -D 'cn=admin,dc=acme,dc=org' -w {_v}"
    " -b 'ou=people,dc=acme,dc=org'",
    _v,
)
_v = _human()
_s(
    "connection",
    f"//nas.acme.lan/backup /mnt/backup cifs username=svc_backup,password={_v},vers=3.0 0 0",
    _v,
)
_v = _r(14)
_s("connection", f"$ sudo net ads join -U Administrator%{_v}", _v)
_v = _r(16)
_s(
    "connection",
    f"mosquitto_pub -h broker.acme.io -p 8883 -u sensor01 -P {_v} -t home/temp -m 21.5",
    _v,
)
_v = _r(18)
_s("connection", f"$ lftp -u deploy,{_v} sftp://files.acme.io -e 'mirror -R dist /www'", _v)
_v = _r(16)
_s("connection", f'Acquire::http::Proxy "http://aptuser:{_v}@proxy.acme.lan:3128/";', _v)
_v = _phrase()
_s(
    "connection",
    f"svn checkout https://svn.acme.io/repos/app/trunk --username jdoe --password {_v}",
    _v,
)
_v = _r(20)
_s("connection", f"$ sqlcmd -S tcp:mssql01,1433 -U sa -P '{_v}' -Q 'SELECT @@VERSION'", _v)
_v = _r(18)
_s(
    "connection",
    f"(Redis.new(url: 'rediss://:{_v}@cache-prod.acme.io:6380/0'))",
    _v,
)
_v = _r(24)
_s(
    "connection",
    f'my $dbh = DBI->connect("dbi:Pg:dbname=shop;host=db", "shop_rw", "{_v}",'
    " { RaiseError => 1 });",
    _v,
)
_v = _r(20)
_s(
    "connection",
    f'[remote "origin"]\n\turl = https://builder:{_v}@git.acme.io/platform/infra.git',
    _v,
)
_v = _r(22)
_s(
    "connection",
    f'"ConnectionStrings": {{ "Oracle": "Data Source=ORCL;User Id=app;Password={_v};" }}',
    _v,
)
_v = _r(18)
_s(
    "connection",
    f"2026-11-30 14:11:09.221 WARN  [pool-3] c.z.h.HikariPool : failed url=mongodb://reporting:{_v}@mongo1:27017,mongo2:27017/reports?replicaSet=rs0",
    _v,
)

# --------------------------------------------------------------------------- config syntax
_v = _r(20)
_s("config_syntax", f'variable "admin_password" {{\n  default = "{_v}"\n}}', _v)
_v = _human()
_s("config_syntax", f'db_admin_password = "{_v}"', _v)
_v = _r(24)
_s("config_syntax", f'services.grafana.settings.security.admin_password = "{_v}";', _v)
_v = _r(22)
_s("config_syntax", f'{{ host = "db.internal", user = "app", password = "{_v}" }}', _v)
_v = _r(20)
_s("config_syntax", f'database: {{\n\tuser:     "app"\n\tpassword: "{_v}"\n}}', _v)
_v = _r(32)
_s("config_syntax", f"{{\n  smtp: {{ host: 'smtp.acme.io', password: '{_v}' }},\n}}", _v)
_v = _r(16)
_s(
    "config_syntax",
    f'credentials {{\n    username = "deployer"\n    password = "{_v}"\n}}',
    _v,
)
_v = _r(24)
_s("config_syntax", f"signing.keyId=24875D73\nsigning.password={_v}", _v)
_v = _r(18)
_s(
    "config_syntax",
    f'credentials += Credentials("Artifactory Realm", "repo.acme.io", "ci", "{_v}")',
    _v,
)
_v = _r(64)
_s("config_syntax", f'config :joken, default_signer: "{_v}"', _v)
_v = _human()
_s(
    "config_syntax",
    f'[{{emqx, [{{dashboard, [{{default_username, "admin"}}, {{default_password, "{_v}"}}]}}]}}].',
    _v,
)
_v = _r(32, HEX)
_s(
    "config_syntax",
    f'local config = {{\n  api_url = "https://x.acme.io",\n  api_secret = "{_v}",\n}}',
    _v,
)
_v, _w, _x = _r(32), _r(32), _r(32)
_s(
    "config_syntax",
    f"$ bin/rails db:encryption:init\nactive_record_encryption:\n  primary_key: {_v}\n"
    f"  deterministic_key: {_w}\n  key_derivation_salt: {_x}",
    _v,
    _w,
    _x,
)
_v = _r(20)
_s("config_syntax", f"Mailer.configure(user: 'noreply', password: '{_v}', port: 587)", _v)
_v = _r(28)
_s(
    "config_syntax",
    f'let cfg = SmtpConfig {{ host: "smtp.acme.io".into(), password: "{_v}".into() }};',
    _v,
)
_v = _r(26)
_s("config_syntax", f'client := &mq.Config{{Username: "svc", Password: "{_v}", Vhost: "/"}}', _v)
_v = _human()
_s("config_syntax", f'#define WIFI_SSID "AcmeGuest"\n#define WIFI_PASS "{_v}"', _v)
_v = _r(20)
_s("config_syntax", f"spring.mail.username=alerts@acme.io\nspring.mail.password={_v}", _v)
_v = _r(40, URLSAFE)
_s("config_syntax", f'dotnet user-secrets set "Auth0:ClientSecret" "{_v}"', _v)
_v = _r(18)
_s(
    "config_syntax",
    f"PS> Invoke-Sqlcmd -ServerInstance db01 -Username sa -Password '{_v}' -Query 'SELECT 1'",
    _v,
)
_v = _r(40)
_s("config_syntax", f"set -gx HCLOUD_TOKEN {_v}", _v)
_v = _r(24)
_s(
    "config_syntax",
    f"[Service]\nEnvironmentFile=-/etc/default/app\nSetCredential=smtp-pass:{_v}",
    _v,
)
_v = _human()
_s("config_syntax", f"ansible_user: deploy\nansible_become_pass: {_v}", _v)
_v = _r(22)
_s("config_syntax", f"mysql:\n  server:\n    root_password: {_v}", _v)
_v = _r(20)
_s(
    "config_syntax",
    "postgresql::server::role { 'grafana':\n"
    f"  password_hash => postgresql::postgresql_password('grafana', '{_v}'),\n}}",
    _v,
)
_v = _r(20)
_s("config_syntax", f"default['acme']['db']['password'] = '{_v}'", _v)
_v = _r(24)
_s(
    "config_syntax",
    f"helm upgrade --install pg bitnami/postgresql --set auth.postgresPassword={_v}",
    _v,
)
_v = _r(22)
_s(
    "config_syntax",
    f"secretGenerator:\n- name: app-env\n  literals:\n  - SMTP_PASSWORD={_v}",
    _v,
)
_v = _r(26)
_s(
    "config_syntax",
    f"  keycloak:\n    image: quay.io/keycloak/keycloak:26.0\n    environment:\n"
    f"      KC_BOOTSTRAP_ADMIN_PASSWORD: {_v}",
    _v,
)
_v = _r(20)
_s("config_syntax", f"listen stats\n    bind :8404\n    stats auth admin:{_v}", _v)
_v = _r(18)
_s(
    "config_syntax",
    f'AuthLDAPURL "ldap://ldap.acme.org/ou=people,dc=acme,dc=org?uid"\nAuthLDAPBindPassword "{_v}"',
    _v,
)
_v = _r(20)
_s(
    "config_syntax",
    "[domain/acme.org]\nldap_default_bind_dn = cn=sssd,ou=svc,dc=acme,dc=org\n"
    f"ldap_default_authtok = {_v}",
    _v,
)
_v, _w = _r(16), _r(16)
_s("config_syntax", f"createUser snmpmon SHA {_v} AES {_w}\nrouser snmpmon priv", _v, _w)
_v = _r(24)
_s("config_syntax", f"client edge-ap-01 {{\n\tipaddr = 10.20.0.5\n\tsecret = {_v}\n}}", _v)
_v = _r(32)
_s(
    "config_syntax",
    f"secrets {{\n   ike-office {{\n      id = office.acme.io\n      secret = {_v}\n   }}\n}}",
    _v,
)
_v = _r(40)
_s("config_syntax", f"version: 3\nagent:\n  authtoken: {_v}", _v)
_v = _r(52, LOWER_AN)
_s(
    "config_syntax",
    f'[remote "gdrive"]\ntype = drive\n[sftp-box]\ntype = sftp\nhost = box.acme.io\npass = {_v}',
    _v,
)
_v = _r(20)
_s("config_syntax", f'BUNDLE_GEMS__CONTRIBSYS__COM: "acme:{_v}"', _v)
_v = _r(40, HEX)
_s(
    "config_syntax",
    f'{{\n    "github-oauth": {{\n        "github.com": "{_v}"\n    }}\n}}',
    _v,
)
_v = _r(36, URLSAFE)
_s("config_syntax", f"npmScopes:\n  acme:\n    npmAlwaysAuth: true\n    npmAuthToken: {_v}", _v)
_v = _r(24)
_s("config_syntax", f"$ poetry config http-basic.acme ci-bot {_v}", _v)
_v = _r(32)
_s(
    "config_syntax",
    "[DEFAULT]\nuser=ocid1.user.oc1..aaaa\nfingerprint=20:3b:97:13:55:1c:5b:0d:d3:37:d8:50:4e:c5:3a:34\n"
    f"key_file=~/.oci/oci_api_key.pem\npass_phrase={_v}\nregion=eu-frankfurt-1",
    _v,
)
_v = _r(30)
_s(
    "config_syntax",
    f'{{\n  "current": "default",\n  "profiles": [{{"access_key_secret": "{_v}"}}]\n}}',
    _v,
)

# --------------------------------------------------------------------------- authorization
_v = "pk_" + _r(34, HEX)
_s(
    "authorization",
    f"curl https://a.klaviyo.com/api/lists -H 'Authorization: Klaviyo-API-Key {_v}'"
    " -H 'revision: 2024-10-15'",
    _v,
)
_v = "1000." + _r(32, HEX) + "." + _r(32, HEX)
_s("authorization", f"GET /crm/v5/Leads HTTP/1.1\nAuthorization: Zoho-oauthtoken {_v}", _v)
_v = _uuid()
_s("authorization", f"http POST api.opsgenie.com/v2/alerts 'Authorization:GenieKey {_v}'", _v)
_v = _uuid() + ":fx"
_s("authorization", f"-H 'Authorization: DeepL-Auth-Key {_v}'", _v)
_v = _r(32, HEX)
_s(
    "authorization",
    f'wget --header="Ocp-Apim-Subscription-Key: {_v}" https://westeurope.api.cognitive.microsoft.com/vision',
    _v,
)
_v = _r(40, HEX)
_s("authorization", f"X-Cisco-Meraki-API-Key: {_v}", _v)
_v = _r(37, HEX)
_s(
    "authorization",
    "curl https://api.cloudflare.com/client/v4/zones -H 'X-Auth-Email: ops@acme.io'"
    f" -H 'X-Auth-Key: {_v}'",
    _v,
)
_v = _r(20, URLSAFE)
_s(
    "authorization",
    f"Faraday.new(headers: {{ 'Authorization' => 'Token token={_v}' }})",
    _v,
)
_v = _r(50)
_s(
    "authorization",
    f"> GET /v1/forecast HTTP/1.1\n> X-RapidAPI-Key: {_v}\n"
    "> X-RapidAPI-Host: weather.p.rapidapi.com",
    _v,
)
_v = _r(40)
_s("authorization", f"grpc metadata: [('authorization', 'Bearer {_v}'), ('x-tenant', 'acme')]", _v)
_v = base64.b64encode(f"grafana:{_r(16)}".encode()).decode()
_s("authorization", f'proxy_set_header Authorization "Basic {_v}";', _v)
_v = _r(24)
_s("authorization", f"$ http -A bearer -a {_v} GET https://api.acme.io/v2/me", _v)

# --------------------------------------------------------------------------- look-alikes
# prefixed tokens: digests, lock-file hashes, ids
_l("prefixed_token", '"narHash": "sha256-3Kqxr6T7J5YzNvGd0bXfJb8qk9m2Lw1pZcHo4sVtQeA="')
_l("prefixed_token", 'hash = "sha256-Xq8n1c3LmJ6vVYk2Gz0pRt5bHw9eUaFs7oDiK4yNjMQ=";')
_l(
    "prefixed_token",
    'provider "registry.terraform.io/hashicorp/aws" {\n  hashes = [\n'
    '    "h1:Y7gQ2Nv8p9K1mZ0xT3cR5wL6bH4jF2sD8aE0uI7oP1k=",\n'
    '    "zh:0bd5a6d3e64c7a82c09bd5d1b6a6b4ccd9ba9f9ad29e2cd5d1a8a3f0e9dfc7a1",\n  ]\n}',
)
_l(
    "prefixed_token",
    'urllib3 = [\n    {file = "urllib3-2.2.3-py3-none-any.whl", '
    'hash = "sha256:ca899ca043dcb1bafa3e262d73aa25c465bfb49e0bd9dd5d59f1d0acba2f8fac"},\n]',
)
_l(
    "prefixed_token",
    "image: postgres:16@sha256:4ba1b6b8a9c2e6f3d7c5e0a1f2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d5",
)
_l("prefixed_token", "Change-Id: I8473b95934b5732ac55d26311a706c9c2bde9940")
_l("prefixed_token", '  sha256 "5d9f5e4b6b7a8c9d0e1f2a3b4c5d6e7f8091a2b3c4d5e6f708192a3b4c5d6e7f"')
_l(
    "prefixed_token",
    "dependencies:\n- name: redis\n  version: 19.6.1\n"
    "digest: sha256:9c0e2d9a6e3b1c7f5a4d8e2b0c6f1a3d5e7b9c2a4f6e8d0b2c4a6e8f0b2d4c6e",
)
_l("prefixed_token", '  "node_id": "MDQ6VXNlcjU4MzIzMQ==",')
_l("prefixed_token", "stripe.Refund.create(payment_intent='pi_3QkR2bLkdIwHu7ix0vY2aZ1c')")
_l("prefixed_token", "customer: cus_RfA1b2C3d4E5f6  price: price_1QkR2bLkdIwHu7ixAbCdEfGh")
_l("prefixed_token", "arn:aws:iam::123456789012:role/github-actions-deploy")
_l("prefixed_token", "X-Request-Id: 7c9e6679-7425-40de-944b-e07fc1f90ae7")
_l("prefixed_token", "ocid1.instance.oc1.eu-frankfurt-1.antheljt5ld3ygqcjbs7yjjxyzi2xkcmhq4asq5q")
_l(
    "prefixed_token",
    "tokenizer = AutoTokenizer.from_pretrained('bert-base-uncased')\nmax_tokens = 4096",
)
_l("prefixed_token", '"pad_token": "<pad>", "eos_token": "</s>", "bos_token_id": 1')
_l("prefixed_token", "CONTENT_MD5=Q2hlY2sgSW50ZWdyaXR5IQ==")
_l("prefixed_token", "git rev-parse HEAD\n9fceb02d0ae598e95dc970b74767f19372d61af8")
# key blocks: public material, signatures, paths
_l(
    "key_block",
    'acme._domainkey IN TXT "v=DKIM1; k=rsa; p=MIGfMA0GCSqGSIb3DQEBAQUAA4GNADCBiQKBgQDwIRP'
    'D1FOk6u3UHGbE1iHd8Z7nfvZ4d9VJxkO2w0BvPc2R1hM3aQIDAQAB"',
)
_l(
    "key_block",
    "acme.io. 3600 IN DNSKEY 257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+GqJxpVXckHAeF+"
    "KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==",
)
_l(
    "key_block",
    '{"keys":[{"kty":"RSA","kid":"2026-01","use":"sig","alg":"RS256",'
    '"n":"0vx7agoebGcQSuuPiLJXZptN9nndrQmbXEps2aiAFbWhM78LhWx4cbbfAAtVT86zwu1RK7aPFFxuhDR1L6tSoc_BJECPebWKRXjBZCiFV4n3oknjhMstn64tZ_2W","e":"AQAB"}]}',
)
_l(
    "key_block",
    "$ minisign -Vm app.tar.gz -P RWQf6LRCGA9i53mlYecO4IzT51TGPpvWucNSCh1CBM0QTaLn73Y7GFO3",
)
_l(
    "key_block",
    "creation_rules:\n  - path_regex: secrets/.*\\.yaml$\n"
    "    age: age1ql3z7hjy54pw3hyww5ayyfg7zqgvc7w3j2elw8zmrj2kg5sfn9aqmcac8p",
)
_l(
    "key_block",
    "-----BEGIN SSH SIGNATURE-----\n"
    "U1NIU0lHAAAAAQAAADMAAAALc3NoLWVkMjU1MTkAAAAgJKxoLBJBivUPNTUJUSslQTt2hD\n"
    "-----END SSH SIGNATURE-----",
)
_l(
    "key_block",
    "-----BEGIN DH PARAMETERS-----\n"
    "MIIBCAKCAQEA//////////+t+FRYortKmq/cViAnPTzx2LnFg84tNpWp4TZBFGQz\n"
    "-----END DH PARAMETERS-----",
)
_l(
    "key_block",
    "-----BEGIN X509 CRL-----\nMIIBYDCBygIBATANBgkqhkiG9w0BAQUFADBDMRMwEQYKCZImiZPyLGQBGRYDY29t\n"
    "-----END X509 CRL-----",
)
_l(
    "key_block",
    "clusters:\n- cluster:\n    certificate-authority-data: "
    "LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUM1ekNDQWMrZ0F3SUJBZ0lCQURBTkJna3Foa2lHOXcwQkFRc0ZBREFWTVJNd0VRWURWUVFERXdwcmRXSmwKY201bGRHVnpNQjRYRFRJMk1URXpNREV5TURBd01Gb1hEVE0yTVRFeU9ERXlNREF3TUZvd0ZURVRNQkVHQTFVRQo=\n"
    "    server: https://10.0.0.1:6443",
)
_l(
    "key_block",
    "ssl_certificate     /etc/nginx/tls/acme.crt;\nssl_certificate_key /etc/nginx/tls/acme.key;",
)
_l("key_block", 'key_path = "/etc/pki/tls/private/app.pem"')
_l("key_block", "PostUp = wg set %i private-key /etc/wireguard/%i.key")
_l("key_block", "tls-crypt /etc/openvpn/server/ta.key\ndh none\necdh-curve prime256v1")
_l("key_block", "default_keytab_name = FILE:/etc/krb5.keytab")
_l("key_block", "$ gpg --recv-keys 0x4AEE18F83AFDEB23 && gpg --verify SHA256SUMS.asc")
_l(
    "key_block",
    "SHA256:+DiY3wvvV6TuJJhbpZisF/zLDA0zPMSvHdkr4UvCOqU github.com (ED25519)",
)
# connections: no password in them
_l("connection", "jdbc:oracle:thin:@//db-ora.acme.io:1521/ORCLPDB1")
_l("connection", "neo4j+s://a1b2c3d4.databases.neo4j.io")
_l("connection", "mongodb://mongo1:27017,mongo2:27017/?authMechanism=MONGODB-X509&tls=true")
_l("connection", "postgresql://app@db.internal:5432/app?sslmode=verify-full")
_l("connection", '"@scope/ui-kit": "git+ssh://git@github.com/acme/ui-kit.git#v2.3.1"')
_l(
    "connection",
    "See https://www.npmjs.com/package/@acme/config and https://medium.com/@acme/post-9f2a",
)
_l("connection", "ldaps://ldap.acme.org:636/ou=people,dc=acme,dc=org?uid?sub?(objectClass=person)")
_l("connection", "redis+sentinel://sentinel1:26379,sentinel2:26379/mymaster/0")
_l(
    "connection",
    "Server=tcp:acme.database.windows.net;Database=app;"
    "Authentication=Active Directory Managed Identity;",
)
_l("connection", "sasl.mechanism=AWS_MSK_IAM\nsecurity.protocol=SASL_SSL")
_l("connection", "$ cqlsh --ssl cass1.acme.io 9142")
_l("connection", "http://localhost:8080/api/v1/users/{id}:activate")
# config syntax: references, placeholders, settings named like secrets
_l("config_syntax", "password = var.db_password\nusername = local.db_user")
_l("config_syntax", 'password = data.vault_generic_secret.db.data["password"]')
_l("config_syntax", 'passwordFile = config.age.secrets."grafana-admin".path;')
_l("config_syntax", "password = env:DB_PASSWORD as Text")
_l("config_syntax", "password: std.extVar('db_password'),")
_l("config_syntax", 'password = providers.gradleProperty("ossrhPassword").get()')
_l("config_syntax", 'secret_key_base: System.fetch_env!("SECRET_KEY_BASE")')
_l("config_syntax", 'local api_key = os.getenv("API_KEY")')
_l("config_syntax", 'my $pass = $ENV{"DB_PASS"} // die "DB_PASS not set";')
_l(
    "config_syntax",
    "secret_access_key: Rails.application.credentials.dig(:aws, :secret_access_key)",
)
_l("config_syntax", 'let secret = std::env::var("API_SECRET")?;')
_l("config_syntax", 'Password: os.Getenv("DB_PASSWORD"),')
_l("config_syntax", "#define PASSWORD_MAX_LEN 64\n#define TOKEN_EXPIRY_S 3600")
_l("config_syntax", "spring.datasource.password=${DB_PASSWORD}")
_l("config_syntax", "server.ssl.key-store=classpath:keystore.p12\nserver.ssl.key-store-type=PKCS12")
_l("config_syntax", '"ClientSecret": "#{Auth0ClientSecret}#"')
_l("config_syntax", "$securePass = Read-Host -AsSecureString 'Password'")
_l("config_syntax", "set -gx GITHUB_TOKEN (gh auth token)")
_l("config_syntax", "LoadCredential=dbpass:/etc/credstore/dbpass")
_l("config_syntax", 'ansible_become_pass: "{{ vault_become_pass }}"')
_l("config_syntax", "password: {{ .Values.auth.password | quote }}\nexistingSecret: pg-auth")
_l("config_syntax", "root_password: {{ salt['pillar.get']('mysql:server:root_password') }}")
_l("config_syntax", "password => lookup('profile::db::password'),")
_l("config_syntax", "db_password = data_bag_item('creds', 'db')['password']")
_l("config_syntax", "      POSTGRES_PASSWORD_FILE: /run/secrets/pg_password")
_l("config_syntax", "secretGenerator:\n- name: app-env\n  files:\n  - password.txt")
_l(
    "config_syntax",
    "db_password: ENC[AES256_GCM,data:9q3Wd1sR8w==,iv:Kx8Yb0n7m2Q1r5T3u6V9w0A=,"
    "tag:cB2d4F6h8J0l2N4p6R8t0V==,type:str]",
)
_l(
    "config_syntax",
    "spec:\n  encryptedData:\n"
    "    password: AgBy3i4OJSWK+PiTySYZZA9rO43cGDEq7TEz2mKEx8Pz1RzV0F7QEgKjOnlB0c1uZQ2sXf",
)
_l("config_syntax", "token_expiry = 3600\npassword_min_length = 12\nsecret_name: db-creds")
_l("config_syntax", "ldap_default_authtok_type = password\nldap_tls_reqcert = demand")
_l("config_syntax", "passdb backend = tdbsam\nencrypt passwords = yes")
_l("config_syntax", "authby=secret\nleftauth=psk\nrightauth=psk")
_l("config_syntax", "auth-user-pass /etc/openvpn/client/creds.txt")
_l("config_syntax", "credential_process = aws-vault export --format=json prod")
_l(
    "config_syntax",
    'db_password = "@Microsoft.KeyVault(SecretUri=https://kv-prod.vault.azure.net/secrets/db/)"',
)
_l("config_syntax", "password: op://Infra/postgres-prod/password")
_l("config_syntax", "secret: arn:aws:secretsmanager:eu-west-1:123456789012:secret:prod/db-AbCdEf")
_l("config_syntax", "secret: projects/481516/secrets/db-password/versions/latest")
_l("config_syntax", "NPM_TOKEN: ${{ secrets.NPM_TOKEN }}")
_l("config_syntax", "$ vault kv get -field=password kv/prod/db")
_l("config_syntax", 'password: "<your-password-here>"')
_l("config_syntax", "token_endpoint_auth_method: client_secret_basic")
# authorization: headers with no credential in them
_l("authorization", "Authorization: Bearer ${GRAFANA_TOKEN}")
_l("authorization", '-H "Authorization: Bearer $(gcloud auth print-access-token)"')
_l("authorization", 'WWW-Authenticate: Bearer realm="api", error="invalid_token"')
_l("authorization", "Access-Control-Allow-Headers: Authorization, X-Api-Key, Content-Type")
_l("authorization", "proxy_set_header Authorization $http_authorization;")
_l("authorization", '"securitySchemes": {"bearerAuth": {"type": "http", "scheme": "bearer"}}')
_l("authorization", 'auth_basic "Restricted";\nauth_basic_user_file /etc/nginx/.htpasswd;')
_l("authorization", "X-RateLimit-Remaining: 4999\nX-RateLimit-Reset: 1764511200")
_l(
    "authorization",
    "X-Hub-Signature-256: sha256=757107ea0eb2509fc211221cce984b8a37570b6d7586c22c46f4379c8b043e17",
)
_l("authorization", "Authorization: GenieKey <api-key>")
