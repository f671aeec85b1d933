"""Tuning split of the redaction corpus, by kind: secrets and their look-alikes.

The rules are developed against this file and `redaction_corpus.py`; the held-out splits
(`redaction_heldout*.py`) are written apart, and the one held out now is never tuned on. Kinds
(families of formats): prefixed_token, key_block, connection, config_syntax, authorization.
Every secret is generated at import from a fixed seed, so no token-shaped string is committed.
"""

from __future__ import annotations

import base64
import json
import string

from tests.data.fake_secrets import AN, B64, BASE58, HEX, LOWER_AN, UPPER_AN, URLSAFE, Fakes, Split

_fakes = Fakes(20_261_130)
_rng = _fakes.rng
_r, _b64_lines = _fakes.r, _fakes.b64_lines
_BECH32 = "023456789ACDEFGHJKLMNPQRSTUVWXYZ"


_split = Split()
SECRETS, LOOKALIKES = _split.secrets, _split.lookalikes
_s, _l = _split.secret, _split.lookalike


# --------------------------------------------------------------------------- prefixed tokens
_v = "SK" + _r(32, HEX)
_s("prefixed_token", f"TWILIO_API_KEY_SID={_v}", _v)
_s("prefixed_token", f"client = Client('{_v}', os.environ['TWILIO_SECRET'])", _v)
_v = "dapi" + _r(32, HEX)
_s("prefixed_token", f"databricks configure --token <<< {_v}", _v)
_v = "shpat_" + _r(32, HEX)
_s("prefixed_token", f'"X-Shopify-Access-Token": "{_v}"', _v)
_v = "dop_v1_" + _r(64, HEX)
_s("prefixed_token", f"doctl auth init --access-token {_v}", _v)
_v = "ya29." + _r(120, URLSAFE)
_s("prefixed_token", f"gcloud printed {_v}", _v)
_v = "hvs." + _r(90, URLSAFE)
_s("prefixed_token", f"vault token lookup {_v}", _v)
_v = "dckr_pat_" + _r(27, URLSAFE)
_s("prefixed_token", f"echo {_v} | docker login -u acme --password-stdin", _v)
_v = "AGE-SECRET-KEY-1" + _r(58, _BECH32)
_s(
    "prefixed_token",
    f"# created: 2024-06-01\n# public key: age1{_r(58, _BECH32.lower())}\n{_v}",
    _v,
)
_v = "ATATT3xFfGF0" + _r(170, URLSAFE) + "=" + _r(8, HEX).upper()
_s("prefixed_token", f"jira: email=ops@acme.io api_token={_v}", _v)
_v = f"MT{_r(24, URLSAFE)}.{_r(6, URLSAFE)}.{_r(38, URLSAFE)}"
_s("prefixed_token", f"bot.run('{_v}')", _v)
_v = f"{_rng.randrange(10**8, 10**10)}:AA{_r(33, URLSAFE)}"
_s("prefixed_token", f"curl https://api.telegram.org/bot{_v}/getMe", _v)
_v = "key-" + _r(32, HEX)
_s("prefixed_token", f"mailgun: {_v}", _v)
_v = "glpat-" + _r(20, URLSAFE)
_s("prefixed_token", f"see {_v} above", _v)
_v = "xoxe.xoxp-1-" + _r(140, AN + "-")
_s("prefixed_token", f"rotated config token {_v}", _v)
_v = "api_org_" + _r(34)
_s("prefixed_token", f"hf org token {_v}", _v)
_v = "AKCp" + _r(69)
_s("prefixed_token", f"jfrog rt config --access-token {_v}", _v)
_v = "sk_prod_" + _r(24)
_s("prefixed_token", f"stripe prod {_v}", _v)
_v = f"{_r(3)}8Q~{_r(34, AN + '_~.-')}"
_s("prefixed_token", f"AZURE_CLIENT_SECRET={_v}", _v)
_v = "EAACEdEose0cBA" + _r(150)
_s("prefixed_token", f"graph.facebook.com/me?access_token={_v}", _v)
_v = "AAAAAAAAAAAAAAAAAAAAA" + _r(80, AN + "%")
_s("prefixed_token", f"twitter bearer {_v}", _v)

_v = f"{_r(3)}8Q~{_r(34, AN + '_~.-')}"
_s("prefixed_token", f"az ad app credential reset printed {_v} for the deploy app", _v)

_l("prefixed_token", "SKU-1234 is out of stock; SKIP_TESTS=1")
_l("prefixed_token", "dapi is the Databricks prefix; key-value stores; key-rotation-policy-v2")
_l("prefixed_token", "shpat_ tokens are Shopify's; see the docs for dop_v1_ too")
_l("prefixed_token", "ya29 is the Google OAuth prefix; hvs. is Vault's; dckr_pat_ Docker's")
_l("prefixed_token", "AGE-SECRET-KEY-1... goes in keys.txt")
_l("prefixed_token", "Order MT-2024-0001 shipped; NDA signed; INTERNATIONAL")
_l("prefixed_token", "at 10:30:AA the build ran; ratio 12345678:AB")
_l("prefixed_token", "the key-2024-rotation runbook")
_l("prefixed_token", "AAAAAAAAAAAAAAAAAAAAAAAA padding in the test fixture")

# --------------------------------------------------------------------------- key material
_body = _b64_lines(700)
_pgp = (
    "-----BEGIN PGP PRIVATE KEY BLOCK-----\n"
    'Comment: "Jane\'s signing key" <jane@example.com>\n\n' + _body + "\n=Xy1z\n"
    "-----END PGP PRIVATE KEY BLOCK-----"
)
_s("key_block", _pgp, *_body.splitlines()[:3])
_lines = _b64_lines(600).splitlines()
_ppk = (
    "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-20240601\n"
    "Public-Lines: 2\n" + "\n".join(_b64_lines(90).splitlines()) + "\n"
    f"Private-Lines: {len(_lines)}\n" + "\n".join(_lines) + f"\nPrivate-MAC: {_r(64, HEX)}\n"
)
_s("key_block", _ppk, *_lines[:3])
_pem = "-----BEGIN RSA PRIVATE KEY-----\n" + _b64_lines(1190) + "\n-----END RSA PRIVATE KEY-----\n"
_tls_key = base64.b64encode(_pem.encode()).decode()
_s(
    "key_block",
    f"apiVersion: v1\nkind: Secret\ntype: kubernetes.io/tls\ndata:\n  tls.key: {_tls_key}\n",
    _tls_key[:60],
)
_s("key_block", f"users:\n- name: admin\n  user:\n    client-key-data: {_tls_key}\n", _tls_key[:60])
_half = _pem.splitlines()
_s(
    "key_block",
    "…output truncated…\n" + "\n".join(_half[10:]),  # cut in two: no BEGIN line
    *_half[10:13],
)
_s("key_block", "\n".join(_half[:8]) + "\n[output cut]", *_half[2:5])
_v = _b64_lines(400).replace("\n", "\\n")
_s(
    "key_block",
    json.dumps({"private_key": "x"}).replace(
        '"x"', f'"-----BEGIN PRIVATE KEY-----\\n{_v}\\n-----END PRIVATE KEY-----\\n"'
    ),
    _v[:50],
)

_body = _b64_lines(300)
_s(  # cut before its END line: the armor header with quotes must not end the block early
    "key_block",
    '-----BEGIN PGP PRIVATE KEY BLOCK-----\nComment: "ops\' key" (2024)\n\n' + _body + "\n[cut]",
    *_body.splitlines()[:2],
)

_l("key_block", "-----BEGIN CERTIFICATE-----\n" + _b64_lines(300) + "\n-----END CERTIFICATE-----")
_l(
    "key_block",
    '-----BEGIN PGP PUBLIC KEY BLOCK-----\nComment: "Jane\'s key"\n\nmQINBF' + _r(60, B64),
)
_cert = "-----BEGIN CERTIFICATE-----\nMIIB" + _r(60, B64) + "\n-----END CERTIFICATE-----\n"
_l("key_block", f"  tls.crt: {base64.b64encode(_cert.encode()).decode()}")
_l("key_block", f"    client-certificate-data: {base64.b64encode(_cert.encode()).decode()}")
_l(
    "key_block",
    "PuTTY-User-Key-File-3 is the .ppk header; convert with puttygen key.ppk -O private-openssh",
)
_l("key_block", "ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI" + _r(43, B64) + " ops@bastion")

# --------------------------------------------------------------------------- connection strings
_p = [_r(16, AN + "!%^*") for _ in range(8)]
_v = f"{_r(6)}/{_r(8)}"
_s("connection", f"https://deploy:{_v}@git.acme.io/repo.git", _v)
_v = f"{_r(5)}/{_r(5)}+{_r(4)}"
_s("connection", f"postgres://app:{_v}@db:5432/shop", _v)
_v = _r(20, AN + "/+=")
_s("connection", f"amqps://svc:{_v}@mq.internal:5671/vhost", _v)
_s("connection", f"machine api.heroku.com login me@acme.io password {_p[0]}", _p[0])
_s("connection", f"machine github.com\n  login octocat\n  password {_p[1]}\n", _p[1])
_v = f"sv=2022-11-02&ss=b&srt=co&sp=rl&se=2026-01-01T00:00:00Z&sig={_r(43, B64)}%3D"
_s("connection", f"https://acct.blob.core.windows.net/c?{_v}", _v.split("sig=")[1])

_l("connection", "http://localhost:8080/api/v1/users/@me")
_l("connection", "https://example.com:8443/path@section")
_l("connection", "git+https://github.com/org/repo.git@v1.0.0")
_l("connection", "https://registry.npmjs.org/@types%2fnode")
_l("connection", "https://cdn.example.com/@scope/pkg@1.2.3/dist/index.js")
_l("connection", "machine api.heroku.com login me@acme.io")
_l("connection", "The machine has no password set; login as root")
_l("connection", "https://acct.blob.core.windows.net/c?restype=container&comp=list")
_l("connection", "signature verified: sig=valid, keyid=0x1234")

# --------------------------------------------------------------------------- config syntaxes
_v = _r(18)
_s(
    "config_syntax",
    f"<settings>\n  <servers>\n    <server>\n      <id>nexus</id>\n      <username>ci</username>\n"
    f"      <password>{_v}</password>\n    </server>\n  </servers>\n</settings>",
    _v,
)
_v = _r(14, AN + "!#")
_s("config_syntax", f"define('DB_PASSWORD', '{_v}');", _v)
_v = _r(16)
_s("config_syntax", f"'mysql' => [\n    'username' => 'forge',\n    'password' => '{_v}',\n],", _v)
_v = _r(24)
_s("config_syntax", f'config :app, secret_key_base: "{_v}"', _v)
_auth = base64.b64encode(f"acme:{_r(20)}".encode()).decode()
_s("config_syntax", json.dumps({"auths": {"registry.acme.io": {"auth": _auth}}}), _auth)
_dcj = base64.b64encode(json.dumps({"auths": {"ghcr.io": {"auth": _auth}}}).encode()).decode()
_s(
    "config_syntax",
    f"data:\n  .dockerconfigjson: {_dcj}\ntype: kubernetes.io/dockerconfigjson",
    _dcj[:40],
)
_v = _r(40)
_s("config_syntax", f"users:\n- name: ci\n  user:\n    token: {_v}\n", _v)
_v = _r(20)
_s("config_syntax", f'$config["smtp_password"] = "{_v}";', _v)
_v = _r(22)
_s("config_syntax", f"export DB_PASS='{_v}'", _v)
_v = _r(32, HEX)
_s("config_syntax", f"TWILIO_AUTH_TOKEN={_v}", _v)
_v = _r(30)
_s("config_syntax", f"{{\n  password => '{_v}',\n}}", _v)

for text in (
    "IDEMPOTENCY_KEY=order-2024-001",
    "FOREIGN_KEY=user_id2",
    "NEXT_PAGE_TOKEN=page2abc",
    "GPG_KEY=" + _r(40, "0123456789ABCDEF"),
    "GPG_KEY=0x" + _r(16, "0123456789ABCDEF"),
    "S3_KEY=uploads/2024/06/avatar-" + _r(8, HEX) + ".png",
    "CACHE_KEY=deps-v3-" + _r(64, HEX),
    '{"nextPageToken": "CAUQAA", "items": []}',
    "nextPageToken: CiAKGjBpNDd2",
    "resp = svc.list(pageToken=next_page_token)",
    "PRIMARY_KEY=id",
    "SORT_KEY=createdAt#v2",
    "CONTINUATION_TOKEN=eyJvZmZzZXQiOjEwfQ",
    "<password>${env.NEXUS_PASSWORD}</password>",
    "define('DB_PASSWORD', getenv('DB_PASSWORD'));",
    "'password' => env('DB_PASSWORD'),",
    "<passwordEncryption>true</passwordEncryption>",
    "  tokenRef: vault:secret/data/ci#token",
    "DEPLOY_KEY_FINGERPRINT=SHA256:" + _r(43, B64),
    'ETAG_KEY=W/"5e15153d-120f"',
    "COMMIT_SHA_KEY=" + _r(40, HEX),
    "ASSET_KEY=images/2024/banner-v2.png",
    "<li>Settings > Password>Update it now</li>",
    "auth.login(username, password, 'remember-me')",
    "if (password>limit) { warn(); }",
):
    _l("config_syntax", text)

# --------------------------------------------------------------------------- authorization
_v = _r(40)
_s("authorization", f"Authorization: ApiKey {_v}", _v)
_v = "00" + _r(40, URLSAFE)
_s("authorization", f'curl -H "Authorization: SSWS {_v}" https://acme.okta.com/api/v1/users', _v)
_v = base64.b64encode(f"svc:{_r(12)}".encode()).decode()
_s("authorization", f"Authorization: Basic {_v}", _v)
_v = _r(32, HEX)
_s("authorization", f'Authorization: Token token="{_v}"', _v)
_v = _r(48, URLSAFE)
_s("authorization", f"headers['Authorization'] = 'Bearer {_v}'", _v)

_l("authorization", 'Authorization: Digest username="Mufasa", realm="testrealm@host.com"')
_l("authorization", "Authorization: Bearer <token>")
_l("authorization", "Authorization: ApiKey ${ELASTIC_API_KEY}")
_l("authorization", "Set the Authorization header to SSWS followed by the token.")
_l("authorization", 'WWW-Authenticate: Bearer error="invalid_token"')

# --------------------------------------------------------------------------- second widening
# Formats held-out split 1 showed missing (it is "seen" since): SQL, daemon directives, wifi,
# .pgpass, command-line credentials, .NET and XML config, named env entries, JWKs, SSH2 keys,
# Ansible vault, FCM and Mailchimp keys; each with look-alikes from the same context.
_v = _r(18)
_s("config_syntax", f"CREATE USER 'etl'@'10.%' IDENTIFIED BY '{_v}';", _v)
_v = _r(20)
_s("config_syntax", f"ALTER USER ro IDENTIFIED WITH mysql_native_password BY '{_v}';", _v)
_v = _r(16)
_s("config_syntax", f"ALTER ROLE reporting WITH LOGIN PASSWORD '{_v}' VALID UNTIL 'infinity';", _v)
_v = _r(16)
_s("config_syntax", f"CREATE ROLE app LOGIN ENCRYPTED PASSWORD '{_v}';", _v)
_v = _r(14)
_s("config_syntax", f"create user scott identified by {_v};", _v)
_v = _r(24)
_s("config_syntax", f"# redis.conf\nbind 127.0.0.1\nrequirepass {_v}\n", _v)
_v = _r(24)
_s("config_syntax", f"masterauth {_v}", _v)
_v = _r(12)
_s("config_syntax", f'network={{\n\tssid="Office"\n\tkey_mgmt=WPA-PSK\n\tpsk="{_v}"\n}}', _v)
_v = _r(64, HEX)
_s("config_syntax", f"wpa_supplicant.conf: psk={_v}", _v)
_v = _r(20)
_s("config_syntax", f'<add key="PaymentGatewaySecret" value="{_v}" />', _v)
_v = _r(28)
_s("config_syntax", f"<add key='Smtp.Password' value='{_v}'/>", _v)
_v = _r(22)
_s("config_syntax", f'<Password encrypted="false">{_v}</Password>', _v)
_v = _r(19)
_s("config_syntax", f"$pw = ConvertTo-SecureString '{_v}' -AsPlainText -Force", _v)
_v = _r(21)
_s("config_syntax", f'env:\n  - name: SMTP_PASSWORD\n    value: "{_v}"\n', _v)
_v = _r(23)
_s("config_syntax", f'"environment": [{{"name": "API_SECRET", "value": "{_v}"}}]', _v)
_v = _r(32, URLSAFE)
_s("config_syntax", f"[backup]\ntype = sftp\nhost = nas\npass = {_v}\n", _v)
_v = _r(26)
_s("config_syntax", f'const API_SECRET: &str = "{_v}";', _v)
_vault = "\n".join(_r(80, HEX) for _ in range(4)) + "\n" + _r(38, HEX)
# Ciphertext meant to be committed (Ansible vault, encrypted with a password kept elsewhere) is
# no secret, as a reviewer keeps SOPS' `ENC[…]` and sealed secrets.
_l("config_syntax", "$ANSIBLE_VAULT;1.1;AES256\n" + _vault)
_vault = "\n          ".join(_r(80, HEX) for _ in range(3))
_l(
    "config_syntax",
    "db_password: !vault |\n          $ANSIBLE_VAULT;1.2;AES256;prod\n          " + _vault,
)

for text in (
    "CREATE USER 'etl'@'10.%' IDENTIFIED WITH auth_socket;",
    "ALTER USER ro IDENTIFIED BY PASSWORD '*" + _r(40, "0123456789ABCDEF") + "';",
    "ALTER ROLE reporting WITH NOLOGIN;",
    "CREATE ROLE app LOGIN PASSWORD NULL;",
    "# requirepass foobared",
    "requirepass ${REDIS_PASSWORD}",
    "key_mgmt=WPA-PSK\nproto=RSN",
    '<add key="MaxRetries" value="5" />',
    '<add key="CacheKeyPrefix" value="orders-v2" />',
    '<add key="ClientSecret" value="#{AzureAd.ClientSecret}#" />',
    "ALTER USER scott IDENTIFIED BY VALUES 'S:" + _r(60, "0123456789ABCDEF") + "';",
    '<PasswordPolicy minLength="12">strict</PasswordPolicy>',
    "$secure = Read-Host 'Password' -AsSecureString",
    "- name: SMTP_PASSWORD\n  valueFrom:\n    secretKeyRef:\n      name: smtp\n      key: password",
    '{"name": "LOG_LEVEL", "value": "debug"}',
    "pass: 12\nfail: 0",
    'const API_SECRET_HEADER: &str = "X-Api-Secret";',
    "ansible-vault encrypt_string --vault-id prod@prompt 's3' --name db_password",
):
    _l("config_syntax", text)

_v = _r(18, AN + "!^")
_s("connection", f"db.prod.internal:5432:billing:billing_rw:{_v}", _v)
_v = _r(18, AN + "!^")
_s("connection", f'echo "*:*:*:replicator:{_v}" >> ~/.pgpass', _v)
_v = _r(16)
_s("connection", f"curl -sS -u elastic:{_v} https://es:9200/_cluster/health", _v)
_v = _r(16, AN + "!*")
_s(
    "connection",
    f"curl --user 'deployer:{_v}' -T app.war http://tomcat:8080/manager/text/deploy",
    _v,
)
_v = _r(16, AN + "^")
_s("connection", f'sshpass -p "{_v}" scp backup.tgz root@nas:/srv', _v)
_v = _r(14)
_s("connection", f"sshpass -e -v -p {_v} ssh admin@switch01", _v)
_v = _r(16)
_s("connection", f"[smtp.gmail.com]:587 alerts@acme.io:{_v}", _v)

for text in (
    "localhost:5432:postgres is up",
    "localhost:5432:*:postgres:*",
    "docker run -u 1000:1000 -v $PWD:/src builder",
    "docker exec -u www-data:www-data app php artisan migrate",
    "docker run --user 1000:998 -v ~/.cache:/cache builder",
    'curl -u "$ES_USER:$ES_PASSWORD" https://es:9200',
    "curl -u apikey: https://api.example.com/v1",
    "git push -u origin feature/login",
    "sshpass -f ~/.ssh/pw.txt ssh admin@switch01",
    'sshpass -p "$SSHPASS" ssh host',
    "relayhost = [smtp.gmail.com]:587",
):
    _l("connection", text)

_v = _r(43, URLSAFE)
_jwk = (
    f'{{"kty":"EC","crv":"P-256","x":"{_r(43, URLSAFE)}","y":"{_r(43, URLSAFE)}",'
    f'"d":"{_v}","kid":"2024-06"}}'
)
_s("key_block", _jwk, _v)
_v = _r(43, URLSAFE)
_s("key_block", f'{{\n  "kty": "oct",\n  "k": "{_v}",\n  "alg": "HS256"\n}}', _v)
_d, _prime = _r(342, URLSAFE), _r(171, URLSAFE)
_s(
    "key_block",
    f'{{"keys": [{{"kty": "RSA", "n": "{_r(342, URLSAFE)}", "e": "AQAB", "d": "{_d}", '
    f'"p": "{_prime}", "q": "{_r(171, URLSAFE)}"}}]}}',
    _d,
    _prime,
)
_body = _b64_lines(400, 70)
_s(
    "key_block",
    '---- BEGIN SSH2 ENCRYPTED PRIVATE KEY ----\nSubject: ops\nComment: "2048-bit rsa, '
    'ops@jump"\n' + _body + "\n---- END SSH2 ENCRYPTED PRIVATE KEY ----",
    *_body.splitlines()[:2],
)

_l(
    "key_block",
    f'{{"kty":"EC","crv":"P-256","x":"{_r(43, URLSAFE)}","y":"{_r(43, URLSAFE)}","kid":"k1"}}',
)
_l("key_block", f'{{"kty": "RSA", "n": "{_r(342, URLSAFE)}", "e": "AQAB", "alg": "RS256"}}')
_l("key_block", '{"d": "2024-06-11", "q": "search terms here", "p": 3}')
_l("key_block", '{"id": 7, "d": "checkout-service-v2"}, {"kty": "RSA"}')
_l(
    "key_block",
    '---- BEGIN SSH2 PUBLIC KEY ----\nComment: "ops"\nAAAAB3NzaC1yc2E'
    + _r(60, B64)
    + "\n---- END SSH2 PUBLIC KEY ----",
)

_v = "AAAA" + _r(7, URLSAFE) + ":APA91b" + _r(134, URLSAFE)
_s("prefixed_token", f"Authorization: key={_v}", _v)
_v = _r(32, HEX) + "-us21"
_s("prefixed_token", f"mc = MailchimpMarketing.Client(); mc.set_config({{'api_key': '{_v}'}})", _v)
_v = _r(32, HEX) + "-us6"
_s("prefixed_token", f"the list sync uses {_v} since May", _v)

_l("prefixed_token", "registration id APA91b is the legacy GCM prefix")
_l("prefixed_token", "locale en-us1 and build " + _r(32, HEX) + "-usr")

# Third widening: the formats held-out split 3 missed, and a few more documented prefixes.
_v = _r(14)
_s("config_syntax", f"mysql -h db.internal -u root -p{_v} shop < dump.sql", _v)
_v = _r(12)
_s("config_syntax", f"mysqldump --single-transaction -uadmin -p'{_v}' --all-databases", _v)
_v = _r(32, HEX)
_s("config_syntax", f'<resources>\n    <string name="api_secret">{_v}</string>\n</resources>', _v)
_v = _r(20)
_s("config_syntax", f'<string name="db_password" translatable="false">{_v}</string>', _v)
_v = _r(40, URLSAFE)
_s("config_syntax", f"<key>ClientSecret</key>\n\t<string>{_v}</string>", _v)
_v = _r(36)
_s("config_syntax", f"<key>APIToken</key><string>{_v}</string>", _v)
_v = _r(30)
_s("config_syntax", f'gh secret set NPM_TOKEN --repo acme/web --body "{_v}"', _v)
_v = _r(24)
_s("config_syntax", f"gh secret set DEPLOY_KEY -b'{_v}' --env prod", _v)
_v = _r(34, HEX)
_s("authorization", f"java -jar jenkins-cli.jar -s https://ci.acme.io -auth ops:{_v} who-am-i", _v)
_v = _r(12)
_s("config_syntax", f"net user svc_backup {_v} /add /expires:never", _v)
_v = _r(10)
_s("config_syntax", f'C:\\> NET USER "build agent" "{_v}" /ADD', _v)
_v = _r(68, URLSAFE)
_s(
    "authorization",
    f"curl -X POST https://discord.com/api/webhooks/{_r(19, '0123456789')}/{_v} -d @msg.json",
    _v,
)
_v = _r(68, URLSAFE)
_s(
    "authorization",
    f"DISCORD_HOOK=https://discordapp.com/api/webhooks/{_r(18, '0123456789')}/{_v}",
    _v,
)
_u1, _u2, _h, _u3 = (
    "-".join(_r(n, HEX) for n in (8, 4, 4, 4, 12)),
    "-".join(_r(n, HEX) for n in (8, 4, 4, 4, 12)),
    _r(32, HEX),
    "-".join(_r(n, HEX) for n in (8, 4, 4, 4, 12)),
)
_s(
    "authorization",
    f"teams_url: https://acme.webhook.office.com/webhookb2/{_u1}@{_u2}/IncomingWebhook/{_h}/{_u3}",
    _h,
    _u1,
)
_v = "nfp_" + _r(36)
_s("prefixed_token", f"netlify deploy --auth {_v} --prod", _v)
_v = "rnd_" + _r(32)
_s("prefixed_token", f"render services list (key {_v})", _v)
_v = "vcp_" + _r(56)
_s("prefixed_token", f"vercel deploy --token {_v}", _v)
_v = "hcaik_" + _r(58, "0123456789abcdefghijklmnopqrstuvwxyz")
_s("prefixed_token", f"otel-collector exporter header value {_v}", _v)

_l("config_syntax", "mysql -h db.internal -u root -p shop < dump.sql")
_l("config_syntax", "mysql -u app -P 3306 --protocol=tcp -e 'show tables'")
_l("config_syntax", "mysqladmin -u root -p$MYSQL_ROOT_PASSWORD ping")
_l("config_syntax", '<string name="app_name">Acme Shop</string>')
_l("config_syntax", '<string name="password_hint">Enter your password</string>')
_l("config_syntax", '<string name="api_key_missing">The API key is missing</string>')
_l("config_syntax", "<key>NSCameraUsageDescription</key>\n<string>Scan receipts</string>")
_l("config_syntax", "<key>CFBundleIdentifier</key><string>io.acme.shop</string>")
_l("config_syntax", "gh secret set NPM_TOKEN --repo acme/web < token.txt")
_l("config_syntax", 'gh secret set NPM_TOKEN --body "$NPM_TOKEN"')
_l("config_syntax", "gh secret list --repo acme/web")
_l("authorization", "java -jar jenkins-cli.jar -s https://ci.acme.io -auth @creds.txt who-am-i")
_l("config_syntax", "net user svc_backup /domain")
_l("config_syntax", "net user svc_backup * /add")
_l("config_syntax", "net use Z: \\\\files\\share /persistent:yes")
_l("authorization", "https://discord.com/api/webhooks is the endpoint family; see the docs")
_l("authorization", "https://discord.com/channels/123456789012345678/987654321098765432")
_l("authorization", "Add an Incoming Webhook connector at https://acme.webhook.office.com/")
_l("prefixed_token", "the nfp_ and vcp_ prefixes mark personal tokens")
_l("config_syntax", "Churn fell while net user growth was 4% in May")
_l("config_syntax", "gh secret set NPM_TOKEN --body-file token.txt")

# Fourth widening: the classes of failure held-out split 4 showed (it is "seen" since), each in
# syntaxes other than the one it was seen in, with look-alikes from the same contexts.
# A telling name, whitespace, then the value (DSLs, daemon directives, network gear, prose).
_v = _r(12) + "!"
_s("config_syntax", f'{{:db {{:user "app" :password "{_v}"}}}}', _v)
_v = _r(18)
_s("config_syntax", f'AuthLDAPBindPassword "{_v}"', _v)
_v = _r(14) + "#2"
_s("config_syntax", f"userlist admins\n  user ops insecure-password {_v}\n", _v)
_v = _r(24)
_s("config_syntax", f'location /api {{\n  proxy_set_header X-Api-Key "{_v}";\n}}', _v)
_v = _r(16)
_s("config_syntax", f"enable secret 0 {_v}", _v)
_v = _r(16, "0123456789ABCDEF")
_s("config_syntax", f"tacacs-server host 10.1.1.5 key 7 {_v}", _v)
_v = _r(20)
_s("config_syntax", f"radius-server host 10.1.1.6 auth-port 1812 key {_v}", _v)
_v = "Tr0ub4dor&3"
_s("config_syntax", f"fyi the new root password is {_v} until Friday", _v)
_v = _r(10) + "7"
_s("config_syntax", f'@ops : EAP "{_v}"\n%any : PSK {_r(0)}0s{_r(32, B64)}', _v)
_v = _r(28)
_s("config_syntax", f"mqtt:\n  broker: tcp://mq:1883\n  secret {_v}\n", _v)
for text in (
    "the password reset flow stays untouched",
    "password is required for this account",
    "the token is 24 hours old; the password is 8 characters",
    'resource "aws_secretsmanager_secret" "db" {',
    'data "vault_generic_secret" "creds" {',
    "crypto key generate rsa modulus 2048",
    "service password-encryption",
    "aaa authentication login default group tacacs+ local",
    "ip ssh pubkey-chain\n  key-hash ssh-rsa " + _r(32, "0123456789ABCDEF"),
    "gpg: key " + _r(16, "0123456789ABCDEF") + ': public key "Jane <j@x.io>" imported',
    "The key fingerprint is SHA256:" + _r(43, B64),
    "keyAlias 'release'\nkeyPassword System.getenv(\"KEY_PASSWORD\")",
    '{:db {:user "app" :password (System/getenv "DB_PASS")}}',
    "Set the secret in the Vault UI, then restart",
    "the public key " + _r(40, B64) + " is shared",
    "primary key id2024 on the orders table",
):
    _l("config_syntax", text)

# A setter call whose first argument names the secret and whose second is the literal.
_v = _r(20)
_s("config_syntax", f'System.setProperty("javax.net.ssl.keyStorePassword", "{_v}");', _v)
_v = _r(32)
_s("config_syntax", f"localStorage.setItem('auth_token', '{_v}')", _v)
_v = _r(24)
_s("config_syntax", f'os.Setenv("STRIPE_SECRET", "{_v}")', _v)
_v = _r(22)
_s("config_syntax", f"set :deploy_password, '{_v}'", _v)
for text in (
    'os.getenv("DB_PASSWORD", "postgres")',
    "localStorage.getItem('auth_token', 'none')",
    'config.get("api_secret", fallback="")',
    "getattr(settings, 'SECRET_KEY', None)",
    "log.info('password', 'changed for %s', user)",
    'System.setProperty("javax.net.ssl.keyStore", "/etc/app/keystore.jks");',
):
    _l("config_syntax", text)

# `key` alone before a value that looks random, and salts.
_v = _r(32)
_s("config_syntax", f'encryption:\n  cipher: aes-256-gcm\n  key: "{_v}"\n', _v)
_v = base64.b64encode(bytes(_rng.randrange(256) for _ in range(32))).decode()
_s("config_syntax", f'{{"cipher": "AES-256-CBC", "key": "{_v}"}}', _v)
_v = _r(40, URLSAFE)
_s("config_syntax", f"[session]\nkey = {_v}\n", _v)
_v = _r(48, AN + "!@#%^*()")
_s("config_syntax", f"define('AUTH_SALT', '{_v}');", _v)
_v = _r(32)
_s("config_syntax", f'SECURITY_PASSWORD_SALT = "{_v}"', _v)
_v = _r(40, URLSAFE)
_s("config_syntax", f"devise:\n  pepper: {_v}\n", _v)
for text in (
    "key: deps-v3-" + _r(40, HEX),
    "- uses: actions/cache@v4\n  with:\n    key: ${{ runner.os }}-node-${{ hashFiles('**/lock') }}",
    '{"key": "ArrowDown", "code": "ArrowDown"}',
    'key = "user_id"',
    "key: " + _r(40, HEX),
    '{"key": "' + "-".join(_r(n, HEX) for n in (8, 4, 4, 4, 12)) + '", "label": "Row 7"}',
    '<li key="item-42">',
    "key: build-cache-" + _r(8, HEX),
    "SALT_ROUNDS=12",
    "salt_length: 16",
    "salt = os.urandom(16)",
    "hashed = bcrypt.hashpw(pw, bcrypt.gensalt(rounds=12))",
):
    _l("config_syntax", text)

# Command-line passwords: the flags that carry one in the tools that have them.
_v = _r(16)
_s("config_syntax", f"docker login -u ci -p {_v} registry.acme.io", _v)
_v = _r(18)
_s("config_syntax", f"oc login https://api.ocp.acme.io:6443 -u admin -p '{_v}'", _v)
_v = _r(14)
_s("config_syntax", f'sqlcmd -S db01 -U sa -P "{_v}" -Q "SELECT 1"', _v)
_v = _r(15)
_s("config_syntax", f'ldapsearch -x -D "cn=admin,dc=acme,dc=io" -w {_v} -b dc=acme,dc=io', _v)
_v = _r(16)
_s("config_syntax", f"openssl pkcs12 -export -in c.pem -inkey k.pem -passout pass:{_v}", _v)
_v, _v2 = _r(12), _r(12)
_s("config_syntax", f"keytool -importkeystore -srcstorepass {_v} -deststorepass {_v2}", _v, _v2)
_v = _r(14)
_s("config_syntax", f"mosquitto_pub -h mq -u sensor -P {_v} -t t/1 -m on", _v)
_v = _r(16)
_s(
    "config_syntax",
    f"mongosh mongodb://db:27017 -u root -p {_v} --authenticationDatabase admin",
    _v,
)
for text in (
    "ssh -p 2222 deploy@bastion",
    "docker login -u ci --password-stdin registry.acme.io",
    "docker run -p 8080:80 nginx",
    "oc login -u admin https://api.ocp.acme.io:6443",
    "sqlcmd -S db01 -U sa -P $SA_PASSWORD -Q 'SELECT 1'",
    "ldapsearch -x -D cn=admin,dc=acme -W -b dc=acme",
    "openssl pkcs12 -export -in c.pem -passout env:P12_PASS",
    "openssl rsa -in k.pem -passin file:pw.txt -out k2.pem",
    "keytool -list -keystore ks.jks -storepass:env STOREPASS",
    "mkdir -p build/out && cp -a src dst",
    "mosquitto_sub -h mq -p 1883 -t 'sensors/#'",
):
    _l("config_syntax", text)

# Commands that store a secret: the value they are given.
_v = _r(24)
_s("config_syntax", f"az keyvault secret set --vault-name kv-prod --name db-pass --value {_v}", _v)
_v = _r(28)
_s(
    "config_syntax",
    f"aws secretsmanager create-secret --name prod/api --secret-string '{_v}'",
    _v,
)
_v = _r(20)
_s("config_syntax", f'dotnet user-secrets set "Smtp:Password" "{_v}"', _v)
_v = _r(26)
_s("config_syntax", f"printf '%s' '{_v}' | gcloud secrets versions add api-key --data-file=-", _v)
_v = _r(22)
_s("config_syntax", f'echo -n "{_v}" | wrangler secret put API_TOKEN', _v)
_v = _r(18)
_s("config_syntax", f"echo 'deploy:{_v}' | chpasswd", _v)
for text in (
    "az keyvault secret show --vault-name kv-prod --name db-pass",
    "aws secretsmanager get-secret-value --secret-id prod/api",
    "az keyvault secret set --vault-name kv --name db --file pw.txt",
    "echo $REGISTRY_TOKEN | docker login -u ci --password-stdin ghcr.io",
    'echo "done" | tee -a build.log',
    "gcloud secrets versions add api-key --data-file=key.txt",
    "dotnet user-secrets list",
):
    _l("config_syntax", text)

# References to a secret kept elsewhere are not the secret.
for text in (
    "password: !secret mqtt_password",
    "DbPassword: !Ref DatabasePassword",
    "password: '%env(DATABASE_PASSWORD)%'",
    "password: $__file{/run/secrets/grafana_admin}",
    "password: ENC[AES256_GCM,data:" + _r(24, B64) + ",iv:" + _r(16, B64) + ",type:str]",
    "api_token: ssm:/prod/api/token",
    "client_secret: arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/api-" + _r(6),
    "password: keychain:db-prod",
    "smtp_password: credentialsJSON:" + "-".join(_r(n, HEX) for n in (8, 4, 4, 4, 12)),
):
    _l("config_syntax", text)

# Code inside a JSON string (notebooks, transcripts): the quotes are escaped.
_v = _r(32)
_s("config_syntax", f'{{"source": ["settings[\\"smtp_password\\"] = \\"{_v}\\"\\n"]}}', _v)
_v = _r(32)
_s("config_syntax", f'"code": "process.env[\\"STRIPE_SECRET_KEY\\"] = \\"{_v}\\";"', _v)
_l("config_syntax", '{"source": ["settings[\\"smtp_password\\"] = os.environ[\\"PW\\"]\\n"]}')

# Key material under other labels, and key DER without its armor.
_body = "\n".join(_r(64, HEX) for _ in range(16))
_s(
    "key_block",
    "-----BEGIN OpenVPN tls-crypt-v2 server key-----\n"
    + _body
    + "\n-----END OpenVPN tls-crypt-v2 server key-----",
    *_body.splitlines()[:2],
)
_body = _b64_lines(200)
_s("key_block", "-----BEGIN SECRET KEY-----\n" + _body + "\n-----END SECRET KEY-----", _body[:40])
_der = base64.b64encode(
    bytes.fromhex("308204bd020100300d06092a864886f70d0101010500048204a7308204a30201000282010100")
    + bytes(_rng.randrange(256) for _ in range(1150))
).decode()
_s("key_block", f'SIGNER_DER="{_der}"', _der[:60])
_der = base64.b64encode(
    bytes.fromhex("30770201010420") + bytes(_rng.randrange(256) for _ in range(100))
).decode()
_s("key_block", f"ec: {_der}", _der[:40])
_openssh = base64.b64encode(
    b"openssh-key-v1\x00" + bytes(_rng.randrange(256) for _ in range(380))
).decode()
_s("key_block", f'{{"ssh": "{_openssh}"}}', _openssh[:60])
_spki = base64.b64encode(
    bytes.fromhex("30820122300d06092a864886f70d01010105000382010f003082010a0282010100")
    + bytes(_rng.randrange(256) for _ in range(270))
).decode()
_l("key_block", f"PUBLIC_KEY_DER={_spki}")
_l("key_block", "-----BEGIN PUBLIC KEY-----\n" + _b64_lines(270) + "\n-----END PUBLIC KEY-----")
_l(
    "key_block",
    "-----BEGIN DH PARAMETERS-----\n" + _b64_lines(260) + "\n-----END DH PARAMETERS-----",
)
_l(
    "key_block",
    "-----BEGIN CERTIFICATE REQUEST-----\nMIIC"
    + _r(60, B64)
    + "\n-----END CERTIFICATE REQUEST-----",
)
_cert_der = base64.b64encode(
    bytes.fromhex("308203773082025fa003020102") + bytes(_rng.randrange(256) for _ in range(600))
).decode()
_l("key_block", f'x5c: ["{_cert_der}"]')

# Credentials in cookies and in header lists.
_v = _r(40)
_s("authorization", f"Set-Cookie: laravel_session={_v}; path=/; secure; HttpOnly", _v)
_v = _r(32, HEX)
_s("authorization", f"curl -b 'lang=en; PHPSESSID={_v}' https://shop.acme.io/cart", _v)
_v = _r(48, URLSAFE)
_s("authorization", f'document.cookie = "auth_session={_v}; path=/";', _v)
_v = base64.b64encode(f"{_rng.randrange(10**6)}:glc_{_r(40)}".encode()).decode()
_s("authorization", f'OTEL_EXPORTER_OTLP_HEADERS="Authorization=Basic%20{_v}"', _v)
_v = _r(32)
_s(
    "authorization",
    f"exporters:\n  otlp:\n    endpoint: api.acme-apm.io:443\n    headers:\n"
    f"      x-acme-team: {_v}\n",
    _v,
)
for text in (
    "Cookie: theme=dark; lang=en-GB",
    "Set-Cookie: sessionid=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/",
    "Cookie: _ga=GA1.2.1234567890.1699999999; _gid=GA1.2.987654321.1700000000",
    "OTEL_EXPORTER_OTLP_HEADERS=x-acme-dataset=prod",
    "headers:\n  content-type: application/json\n  x-request-id: " + _r(32, HEX),
    "headers:\n  traceparent: 00-" + _r(32, HEX) + "-" + _r(16, HEX) + "-01",
):
    _l("authorization", text)

# SDK set-up calls that take the keys as positional arguments.
_v, _v2 = _r(40), _r(40)
_s("config_syntax", f'Parse.initialize(this, "{_v}", "{_v2}");', _v, _v2)
_v = _r(24)
_s("config_syntax", f"Flurry.Builder().build(this, '{_v}')", _v)
_v = _r(32, HEX)
_s("config_syntax", f'[Analytics setupWithWriteKey:@"{_v}"];', _v)
for text in (
    'Locale.initialize("en-US"); Color.setup("#FF5733")',
    'client.configure(region="us-east-1", endpoint="https://api.acme.io")',
    "repo.init(path, '" + _r(40, HEX) + "')",
    'Sentry.init({ dsn: "https://public@o1.ingest.sentry.io/42" })',
    'app.initialize(this, "com.acme.shop")',
):
    _l("config_syntax", text)

# Names glued into one word (`dbpass`, `SECRETKEY`), calls that take a password, argv lists and
# pairs, request headers, ODBC braces, Oracle's user/password@db.
_v = _r(14)
_s("config_syntax", f"$dbpass = '{_v}';", _v)
_v = _r(16)
_s("config_syntax", f"[Repository remote]\nremotehost = imap.acme.io\nremotepass = {_v}\n", _v)
_v = _r(40)
_s("config_syntax", f"SECRETKEY={_v}", _v)
_v = _r(20)
_s("config_syntax", f'privatekey: "{_v}"', _v)
_v = "".join(_rng.choice("0123456789") for _ in range(6))
_s("config_syntax", f"door_passcode: {_v}", _v)
_v = _r(12) + "!"
_s("config_syntax", f"server.login('alerts@acme.io', '{_v}')", _v)
_v = _r(14)
_s("config_syntax", f"requests.get(url, auth=HTTPBasicAuth('svc', '{_v}'))", _v)
_v = _r(13) + "#"
_s("config_syntax", f'db.changeUserPassword("reporting", "{_v}")', _v)
_v = _r(15)
_s("config_syntax", f"user.set_password('{_v}')", _v)
_v = _r(24)
_s("config_syntax", f'"args": ["--listen", ":8080", "--token", "{_v}"]', _v)
_v = _r(20)
_s("config_syntax", f'CMD ["app", "--db-password", "{_v}"]', _v)
_v = _r(30)
_s("config_syntax", f'metadata = [("x-api-key", "{_v}")]', _v)
_v = _r(18)
_s(
    "connection",
    f"Driver={{ODBC Driver 18 for SQL Server}};Server=db;UID=sa;PWD={{{_v}}};Encrypt=yes",
    _v,
)
_v = _r(12)
_s("connection", f"sqlplus -s scott/{_v}@//db.acme.io:1521/ORCLPDB1 @report.sql", _v)
_v = _r(14)
_s("connection", f"url=jdbc:oracle:thin:app/{_v}@db.acme.io:1521:ORCL", _v)
_v = _r(40)
_s("authorization", f'curl -s -H "X-Acme-Session: {_v}" https://api.acme.io/v1/me', _v)
_v = _r(36)
_s(
    "authorization",
    f"POST /v2/orders HTTP/1.1\nHost: api.acme.io\nContent-Type: application/json\n"
    f"X-Shop-Access: {_v}\n\n{{}}",
    _v,
)
_v = _r(40)
_s("authorization", f"glab auth login --hostname gl.acme.io -t {_v}", _v)
for text in (
    "compass = 'north'",
    "BYPASS_CACHE=1",
    "$dbpass = getenv('DB_PASS');",
    "SECRETKEY_LENGTH=64",
    "server.login(user, password)",
    "auth=HTTPBasicAuth(user, os.environ['PW'])",
    "user.set_password(form.cleaned_data['password'])",
    "check_password('plain', hashed)",
    '"args": ["--listen", ":8080", "--token-file", "/run/secrets/token"]',
    'metadata = [("x-request-id", "' + _r(32, HEX) + '")]',
    "Driver={ODBC Driver 18 for SQL Server};Server=db;Trusted_Connection=yes",
    "see docs/setup/install@v2 and src/main@HEAD",
    "sqlplus / as sysdba",
    'curl -H "Accept: application/json" -H "X-Request-Id: ' + _r(32, HEX) + '" https://api',
    'GET /index.html HTTP/1.1\nHost: acme.io\nIf-None-Match: "' + _r(32, HEX) + '"\n',
    'HTTP/1.1 200 OK\nETag: W/"' + _r(24, HEX) + '"\nX-Amz-Cf-Id: ' + _r(56, URLSAFE),
    "docker run -t -i ubuntu bash; glab auth status",
):
    _l("config_syntax", text)

# Ordinary code that the widening first damaged (found by redacting the Python library tree).
for text in (
    "static_keys = ['aws_secret_access_key', 'aws_session_token']",
    '__all__ = ["AdminAPIKey", "Owner"]',
    "GPASS = 10 ** (0.1 * abs(gpass))",
    '<a accesskey="z" id="prev" href="#">',
    "binary_stdout.write('password={signature}\\n'.format(signature=sig))",
    "f'SecretAccessKey: {params.secret_access_key}\\n'",
    'if "p2c" not in headers:\n    p2c = self.DEFAULT_P2C\n',
    "def sign(self, msg: bytes, key: Ed25519PrivateKey | None) -> bytes:",
    "if token is Token.Name.Variable:",
    "if h.startswith(b'\\x89PNG\\r\\n\\x1a\\n'):",
    'super().__init__("InvalidParameterValueException", message)',
    'ACCOUNT_ID_ENDPOINT_MODE = "AWS::Auth::AccountIdEndpointMode"',
    'return extract_field_from_www_auth(response, "resource_metadata")',
    "Ensure reserved metadata key AWS::CloudFormation::Module is not used",
    "# TODO: pass allow_module_level=True when we no longer support pytest<7",
):
    _l("config_syntax", text)
_v = _r(16)
_s("connection", f"redis-cli -h cache.internal -p 6380 -a {_v} --scan", _v)
_v = _r(48, URLSAFE)
_s("authorization", f'wscat -c "wss://rt.acme.io/ws?Authorization=Bearer%20{_v}"', _v)
for text in (
    "redis-cli -h cache.internal -p 6380 --scan",
    "to login to the bastion: ssh -p 2222 ops@bastion",
    'if headers:\n    session.headers.update({"X-Client-Build": "graphmem-v2-client-2024"})\n',
    'return redirect_after_login(request, "/next?page=2")',
    "assert token is cache[key2]",
    'resource "aws_secretsmanager_secret" "db_v2" {',
    'store.get_settings("api_token", "v2-default")',
):
    _l("config_syntax", text)

# More documented prefixes, one case each (the bodies follow each provider's documented shape).
_BECH32_LOWER = "023456789acdefghjklmnpqrstuvwxyz"
_u = "-".join(_r(n, HEX) for n in (8, 4, 4, 4, 12))
for _v in (
    "GOCSPX-" + _r(28, URLSAFE),
    "1//0" + _r(60, URLSAFE),
    "pat" + _r(14) + "." + _r(64, HEX),
    "fw_" + _r(24),
    "sk_" + _r(48, HEX),
    "pcsk_" + _r(6) + "_" + _r(60),
    "access-production-" + _u,
    "AQE" + _r(150, AN + "+/"),
    "sb_secret_" + _r(32, URLSAFE),
    "squ_" + _r(40, HEX),
    "ops_eyJ" + _r(200, URLSAFE),
    "sl." + _r(140, URLSAFE),
    "1/" + _r(16, "0123456789") + ":" + _r(32, HEX),
    "pat-na1-" + _u,
    "dG9rOj" + _r(54, AN + "+/"),
    "00D" + _r(12) + "!" + _r(96, AN + "._"),
    "mlsn." + _r(64, HEX),
    "phx_" + _r(43),
    "cs_" + _r(40, HEX),
    "RGAPI-" + _u,
    "lip_" + _r(20),
    "AKID" + _r(32),
    "y0_" + _r(58, URLSAFE),
    "pk_" + _r(8, "0123456789") + "_" + _r(32, UPPER_AN),
    "dbtc_" + _r(52, URLSAFE),
    "esecret_" + _r(24),
    "csk-" + _r(48),
    "sdk-" + _u,
    "v1.0-" + _r(24, HEX) + "-" + _r(146, HEX),
    "xprv9s21ZrQH143K" + _r(95, BASE58),
    "nsec1" + _r(58, _BECH32_LOWER),
    "0201036c6e6402" + _r(200, HEX),
    "xoxc-" + _r(70, AN + "-"),
):
    _s("prefixed_token", f"export CREDENTIAL='{_v}'", _v)
for text in (
    "pattern.compile(flags)",
    "sk_live_ and pk_live_ keys; fw_version=2; sl.sort()",
    "patient record 12345 and path/to/file",
    "1/2 of the queries; 2/3 done",
    "access-production-runbook.md",
    "sdk-version 2.4.1; cs_main.c; ck_assert(x)",
    "xprv and tprv are BIP32 extended private key prefixes",
    "00D is the Salesforce org id prefix",
    "phc_" + _r(43) + " is the PostHog project key (public)",
    "AKIDEMIA is an event name",
):
    _l("prefixed_token", text)
_v = f"access_token$production${_r(16, '0123456789abcdefghijklmnopqrstuvwxyz')}${_r(32, HEX)}"
_s("prefixed_token", f"the Braintree credential {_v} was rotated", _v)
_v = "/u3+7QAAAAIAAAAB" + _r(400, B64)
_s("key_block", f"keystore.jks.b64: {_v}", _v[:50])
_v = "RWRTY0Iy" + _r(150, B64)
_s("key_block", f"untrusted comment: minisign encrypted secret key\n{_v}\n", _v)
_l("key_block", "untrusted comment: minisign public key 5A3B\nRWQf" + _r(52, B64))
_l("prefixed_token", "access_token$ is the Braintree prefix")
_v = _r(16)
_s("connection", f"proxy_password = proxy.acme.io:3128 ops {_v}\n", _v)
_l("connection", "password_file = /etc/app/pw.txt mode 0600")

# Signed URLs, more names (preshared keys, seed phrases), Windows tools, connection calls.
_v = _r(64, HEX)
_s(
    "connection",
    "https://b.s3.amazonaws.com/r.csv?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Credential="
    f"AKIA{_r(16, UPPER_AN)}%2F20240601%2Fus-east-1%2Fs3%2Faws4_request&X-Amz-Date=20240601T0000"
    f"00Z&X-Amz-Expires=3600&X-Amz-SignedHeaders=host&X-Amz-Signature={_v}",
    _v,
)
_v = _r(512, HEX)
_s(
    "connection",
    "https://storage.googleapis.com/b/o.pdf?X-Goog-Algorithm=GOOG4-RSA-SHA256&X-Goog-Expires=900"
    f"&X-Goog-SignedHeaders=host&X-Goog-Signature={_v}",
    _v,
)
_v = _r(120, URLSAFE) + "__"
_s(
    "connection",
    f"https://d1.cloudfront.net/v.mp4?Expires=1717200000&Signature={_v}&Key-Pair-Id=K2JCJMDEHXQW5F",
    _v,
)
_v = base64.b64encode(bytes(_rng.randrange(256) for _ in range(32))).decode()
_s("config_syntax", f"[Peer]\nPublicKey = {_r(43, B64)}=\nPresharedKey = {_v}\n", _v)
_v = " ".join(
    _rng.choice(
        [
            "abandon",
            "ability",
            "able",
            "about",
            "above",
            "absent",
            "absorb",
            "abstract",
            "absurd",
            "abuse",
            "access",
            "accident",
        ]
    )
    for _ in range(12)
)
_s("config_syntax", f'WALLET_MNEMONIC="{_v}"', _v)
_v = _r(14)
_s("config_syntax", f"psexec \\\\srv01 -u ACME\\svc_deploy -p {_v} cmd /c whoami", _v)
_v = _r(14)
_s("config_syntax", f'schtasks /Create /TN backup /TR c:\\b.cmd /RU ACME\\svc /RP "{_v}"', _v)
_v = _r(12) + "9"
_s("config_syntax", f'db = MySQLdb.connect("db.acme.io", "app", "{_v}", "shop")', _v)
_v = _r(14)
_s(
    "config_syntax",
    f'Connection c = DriverManager.getConnection(url, "reporting", "{_v}");',
    _v,
)
_v = _r(16)
_s("config_syntax", f'var cred = new NetworkCredential("svc_mail", "{_v}");', _v)
_v = _r(40, B64)
_s(
    "config_syntax",
    f'AwsBasicCredentials.create("AKIA{_r(16, UPPER_AN)}", "{_v}")',
    _v,
)
for text in (
    "https://b.s3.amazonaws.com/r.csv?versionId=3HL4kqtJlcpXroDTDmJ.rmSpXd3dIbrHY",
    "?signature=valid&sig=ok",
    "webhook verified: computed signature=" + _r(64, HEX),
    "PublicKey = " + _r(43, B64) + "=",
    "MNEMONIC_WORDS=12",
    "psexec \\\\srv01 -s -i cmd",
    "schtasks /Query /TN backup /V",
    'db = MySQLdb.connect("db.acme.io", "app", password, "shop")',
    'conn = sqlite3.connect("app.db", timeout=30)',
    'Connection c = DriverManager.getConnection(url, user, props.getProperty("pw"));',
    "var cred = CredentialCache.DefaultNetworkCredentials;",
):
    _l("config_syntax", text)
for text in (
    'if password == "-":  # prompt for it',
    "return self.secret == other.secret",
    "private_key: Ed25519PrivateKey | Ed448PrivateKey",
):
    _l("config_syntax", text)

for _v in (
    "secret_" + _r(43),
    "re_" + _r(8) + "_" + _r(24),
    "jina_" + _r(60, URLSAFE),
    "tvly-" + _r(32),
    "fc-" + _r(32, HEX),
    "bb_live_" + _r(27, URLSAFE),
    "e2b_" + _r(40, HEX),
    "key_" + _r(128, HEX),
    "11" + _r(32, HEX),
    "akab-" + _r(16, "abcdefghijklmnopqrstuvwxyz0123456789") + "-" + _r(16, "abcdefghij0123456789"),
    "pdl_live_apikey_" + _r(26) + "_" + _r(22),
    "syt_" + _r(12) + "_" + _r(20) + "_" + _r(6),
    "pk_" + _r(34, HEX),
    "secret-" + _r(43),
    "cio" + _r(32),
    "fnA" + _r(37, URLSAFE),
    "essu_" + _r(60, URLSAFE),
    "mb_" + _r(44, B64),
    "retool_" + _r(32),
    "dsp_" + _r(40, HEX),
    "gitpod_pat_" + _r(40, URLSAFE),
    "sk_" + _r(32, HEX),
    "5K" + _r(49, BASE58),
    "L3" + _r(50, BASE58),
):
    _s("prefixed_token", f'creds.json: {{"value": "{_v}"}}', _v)
for text in (
    "secret_santa_assignments.csv and re_compile_patterns()",
    "fc-container, bb_live_events, key_value_store, mb_strlen($s)",
    "the 11 tests passed in 5H 3m; issue 5J 4K and note Kx Ky Kz",
    "retool_workflows and dsp_filter.c; pk_id_seq; cio_check",
    "commit " + _r(40, HEX) + " and ids 11" + _r(30, "0123456789"),
    "test_" + _r(30) + " is a generated name",
):
    _l("prefixed_token", text)
_l("prefixed_token", "at x = 10^5 we obtain 11" + _r(32, "0123456789") + ".")

# More command lines, values named by their parent (HCL variables, CloudFormation parameters,
# action inputs), secret-named one-argument calls, XML name/value pairs, YAML block scalars,
# .NET XML RSA keys, Go DSNs, smbclient's user%password.
_v = _r(16)
_s("config_syntax", f'ssh-keygen -t ed25519 -f deploy_key -N "{_v}" -C ci', _v)
_v = _r(12)
_s("config_syntax", f"zip -r -P {_v} backup.zip exports/", _v)
_v = _r(14)
_s("config_syntax", f"7z a -p{_v} -mhe=on vault.7z docs/", _v)
_v = _r(15)
_s("config_syntax", f"cqlsh cassandra.internal -u cassandra -p {_v}", _v)
_v = _r(13)
_s("config_syntax", f"htpasswd -bc /etc/nginx/.htpasswd admin {_v}", _v)
_v = _r(16)
_s("config_syntax", f"rabbitmqctl add_user deployer {_v}", _v)
_v = _r(18)
_s("config_syntax", f"poetry config http-basic.private ci-bot {_v}", _v)
_v = _r(14)
_s("connection", f"smbclient //fs01/share -U 'ACME\\backup%{_v}' -c ls", _v)
_v = _r(16)
_s("connection", f'dsn := "app:{_v}@tcp(db.internal:3306)/shop?parseTime=true"', _v)
_v = _r(14)
_s("connection", f"SQL> CONNECT hr/{_v}@//db.acme.io:1521/HRPDB", _v)
_v = _r(20)
_s(
    "config_syntax",
    f'variable "db_password" {{\n  type      = string\n  sensitive = true\n'
    f'  default   = "{_v}"\n}}',
    _v,
)
_v = _r(18)
_s(
    "config_syntax",
    f"Parameters:\n  DbMasterPassword:\n    Type: String\n    NoEcho: true\n    Default: {_v}\n",
    _v,
)
_v = _r(32)
_s("config_syntax", f"inputs:\n  api_token:\n    description: token\n    default: '{_v}'\n", _v)
_v = _r(28)
_s("config_syntax", f'let client = Client::builder().api_key("{_v}").build()?;', _v)
_v = _r(36)
_s("config_syntax", f'sdk.setAccessToken("{_v}");', _v)
_v = _r(18)
_s("config_syntax", f'<property name="hibernate.connection.password" value="{_v}"/>', _v)
_v = _r(20)
_s("config_syntax", f'<env name="MAIL_PASSWORD" value="{_v}" force="true"/>', _v)
_v = _r(22)
_s("config_syntax", f"smtp:\n  password: |-\n    {_v}\n  port: 587\n", _v)
_d = _r(172, B64)
_s(
    "key_block",
    f"<RSAKeyValue><Modulus>{_r(172, B64)}</Modulus><Exponent>AQAB</Exponent>"
    f"<P>{_r(88, B64)}</P><Q>{_r(88, B64)}</Q><D>{_d}</D></RSAKeyValue>",
    _d,
)
_v = _r(16)
_s("config_syntax", f'$ENV{{"API_TOKEN"}} = "{_v}";', _v)
for text in (
    "ssh-keygen -t ed25519 -f deploy_key -N '' -C ci",
    "zip -r backup.zip exports/ && unzip -l backup.zip",
    "7z a -mhe=on archive.7z docs/",
    "htpasswd -c /etc/nginx/.htpasswd admin",
    "rabbitmqctl list_users",
    "poetry config virtualenvs.in-project true",
    "smbclient -L //fs01 -U guest -N",
    'dsn := fmt.Sprintf("%s:%s@tcp(%s)/shop", user, pass, host)',
    'variable "db_password" {\n  type      = string\n  sensitive = true\n}',
    'variable "region" {\n  default = "eu-west-1"\n}',
    "Parameters:\n  DbMasterPassword:\n    Type: String\n"
    "    Default: '{{resolve:secretsmanager:db}}'",
    "Parameters:\n  InstanceType:\n    Type: String\n    Default: t3.micro2024",
    "let sort = items.sort_by_key(|i| i.name);",
    'headers.getToken("Authorization")',
    'cache.key("user-42")',
    '<property name="hibernate.dialect" value="org.hibernate.dialect.PostgreSQL10Dialect"/>',
    "smtp:\n  password: |-\n    ${SMTP_PASSWORD}\n  port: 587\n",
    "<RSAKeyValue><Modulus>" + _r(172, B64) + "</Modulus><Exponent>AQAB</Exponent></RSAKeyValue>",
):
    _l("config_syntax", text)
for text in (
    'raw_key = cls.binding.generate_private_key("Ed25519")',
    "string_to_token('String.Double')",
    'ApiKeyId: PassThroughProp | None = apikey("ApiKeyId")',
):
    _l("config_syntax", text)
_l("config_syntax", "string_to_token('Token.Literal.Number')")
_l(
    "config_syntax",
    "Tools' flags count (`mysql -p…`, `gh secret set --body …`, `sshpass -p PASSWORD`).",
)
_l("config_syntax", 'value = client.get_secret("prod/db-credentials-v2")')

# Authorization values of `id:secret` shape, SigV4-style signatures, Postman and HAR pairs.
_v = _r(43, B64) + "="
_s("authorization", f"Authorization: SharedKey acmestore:{_v}", _v)
_v = _r(64, HEX)
_s(
    "authorization",
    "Authorization: AWS4-HMAC-SHA256 Credential=AKIA"
    + _r(16, UPPER_AN)
    + f"/20240601/us-east-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature={_v}",
    _v,
)
_v = _r(40)
_s(
    "authorization",
    f'"auth": {{"type": "bearer", "bearer": [{{"key": "token", "value": "{_v}", '
    f'"type": "string"}}]}}',
    _v,
)
_v = _r(32, HEX)
_s("authorization", f'"cookies": [{{"name": "PHPSESSID", "value": "{_v}", "path": "/"}}]', _v)
for text in (
    "Authorization: SharedKey acmestore:<signature>",
    '{"key": "Content-Type", "value": "application/json", "type": "text"}',
    '"cookies": [{"name": "theme", "value": "dark-mode-2024-v2", "path": "/"}]',
):
    _l("authorization", text)

# Here-strings into secret commands, keychains, SSM, net use, lftp/ncftp, bundler/composer,
# openssl -k, bearer and credentials names, short `pw` names, PINs, words between name and value.
_v = _r(28)
_s("config_syntax", f"vercel env add API_SECRET production <<< '{_v}'", _v)
_v = _r(18)
_s("config_syntax", f"security add-internet-password -a ops -s git.acme.io -w '{_v}'", _v)
_v = _r(20)
_s(
    "config_syntax",
    f"aws ssm put-parameter --name /prod/api/key --type SecureString --value '{_v}' --overwrite",
    _v,
)
_v = _r(12)
_s("connection", f"net use \\\\fs02\\backup {_v} /user:ACME\\svc_bkp /persistent:no", _v)
_v = _r(14)
_s("connection", f"lftp -u deploy,{_v} -e 'mirror -R dist /www' ftp.acme.io", _v)
_v = _r(13)
_s("connection", f"ncftpput -u deploy -p {_v} ftp.acme.io /www dist/*", _v)
_v = _r(24)
_s("config_syntax", f"bundle config set --local gems.contribsys.com ci:{_v}", _v)
_v = _r(22)
_s("config_syntax", f"composer config http-basic.repo.packagist.com token {_v}", _v)
_v = _r(16)
_s("config_syntax", f"openssl enc -d -aes-256-cbc -pbkdf2 -k {_v} -in db.enc -out db.sql", _v)
_v = _r(40)
_s("authorization", f"clients:\n  billing:\n    bearer: {_v}\n", _v)
_v = _r(20)
_s("config_syntax", f"registry_credentials: ci-bot:{_v}", _v)
_v = _r(14)
_s("config_syntax", f'$adminPw = "{_v}"', _v)
_s("config_syntax", "door_pin: 7391\nalarm_code: off", "7391")
_v = _r(11) + "7"
_s("config_syntax", f"fyi the password for the staging db is {_v} (rotate friday)", _v)
_v = _r(32)
_s("config_syntax", f"here is the api key you asked for: {_v}", _v)
_v = "mQ" + _r(10, string.ascii_letters)
_s("config_syntax", f"mount -t cifs //nas/media /mnt -o username=kodi,password={_v}", _v)
_v = "Xk" + _r(12, string.ascii_letters)
_s("config_syntax", f"quarkus.datasource.password={_v}", _v)
for text in (
    "cat <<< 'hello world' | wc -c",
    "security find-generic-password -s deploy -w",
    "aws ssm put-parameter --name /prod/feature-flag --type String --value enabled2",
    "net use Z: \\\\fs02\\backup /user:ACME\\svc_bkp",
    "lftp -u deploy ftp.acme.io",
    "bundle config set --local path vendor/bundle",
    "openssl x509 -in cert.pem -noout -text",
    "auth:\n  bearer: ${BEARER_TOKEN}\n",
    "credentials: include",
    "credentials: same-origin-v2 is the fetch mode we use",
    "pin: true\npin_version: 1.2.3",
    "the password for the admin is stored in the vault",
    "the key takeaway from the retro is that tests2 matter",
    "mount -o username=kodi,password=$NAS_PASSWORD //nas/media /mnt",
    "self.password=new_password",
    "password=newPassword",
):
    _l("config_syntax", text)
for text in (
    ":param str access_key: The access key part of the credentials.",
    "def sign(self, private_key: SSHCertPrivateKeyTypes) -> SSHCertificate:",
    'pw = "\\n".join(ecpairs) + else_branch',
):
    _l("config_syntax", text)
_l(
    "authorization",
    "headers:\n  x-tenant: acme-prod-eu-west-1\n  x-client-version: 2.3.1-build.45\n",
)
_l("authorization", 'curl -H "X-Tenant: acme-prod-eu-west-1" https://api.acme.io/v1/me')
for text in (
    "secret scan finished for repo: acme/api-v2",
    "token refresh failed for user: alice2024x",
):
    _l("config_syntax", text)

# Key bodies split across string literals; JSON secrets in base64.
_lines = _b64_lines(600).splitlines()
_src = "".join(f'    "{line}\\n"\n' for line in _lines)
_s(
    "key_block",
    'KEY = (\n    "-----BEGIN RSA PRIVATE KEY-----\\n"\n'
    + _src
    + '    "-----END RSA PRIVATE KEY-----\\n"\n)',
    *_lines[:3],
)
_v = base64.b64encode(
    json.dumps(
        {
            "type": "service_account",
            "private_key": "-----BEGIN PRIVATE KEY-----\nMIIE"
            + _r(300, B64)
            + "\n-----END PRIVATE KEY-----\n",
            "client_email": "ci@p.iam",
        },
        indent=2,
    ).encode()
).decode()
_s("key_block", f"GOOGLE_CREDENTIALS_B64={_v}", _v[:60])
_v = base64.b64encode(json.dumps({"apiKey": _r(40), "region": "eu"}).encode()).decode()
_s("config_syntax", f"data:\n  settings.json: {_v}\n", _v[:40])
_l(
    "config_syntax",
    "data:\n  settings.json: "
    + base64.b64encode(b'{"region": "eu", "replicas": 3, "debug": false}').decode(),
)
for text in (
    "when your file has '-----BEGIN RSA PRIVATE KEY-----' markers.",
    '_SK_START = b"-----BEGIN OPENSSH PRIVATE KEY-----"\n'
    '_SK_END = b"-----END OPENSSH PRIVATE KEY-----"',
):
    _l("key_block", text)
_l(
    "key_block",
    "when your file has '-----BEGIN RSA PRIVATE KEY-----' and\n"
    "    '-----END RSA PRIVATE KEY-----' markers.",
)
_l(
    "authorization",
    "PUT /o.bin HTTP/1.1\nHost: s3.acme.io\nContent-MD5: "
    + base64.b64encode(bytes(range(16))).decode()
    + "\nX-Nonce: "
    + _r(24)
    + "\nIdempotency-Key: "
    + _u
    + "\n\n",
)

# Webhook URLs of more services, Secret IDs, ||=, PowerShell Env: values, passwords given to
# hash functions, more plain headers.
_v = _r(6, "abcdefghijklmnopqrstuvwxyz0123456789")
_s("connection", f"ZAP=https://hooks.zapier.com/hooks/catch/{_r(7, '0123456789')}/{_v}/", _v)
_v = _r(22, URLSAFE)
_s("connection", f"curl -X POST https://maker.ifttt.com/trigger/deploy/with/key/{_v}", _v)
_v = _r(26, "abcdefghijklmnopqrstuvwxyz0123456789")
_s("connection", f"MM_HOOK=https://chat.acme.io/hooks/{_v}", _v)
_v = _u
_s("config_syntax", f"Accessor ID  = {_r(8, HEX)}\nSecret ID    = {_v}\nDescription  = ci", _v)
_v = _r(24)
_s("config_syntax", f"ENV['STRIPE_SECRET'] ||= '{_v}'", _v)
_v = _r(32)
_s("config_syntax", f"Set-Item -Path Env:API_KEY -Value '{_v}'", _v)
_v = _r(13)
_s("config_syntax", f"admin.password = make_password('{_v}')", _v)
for text in (
    "https://github.com/acme/api/settings/hooks/123456",
    "Accessor ID  = 3f2a9c1e\nSecret ID    = <hidden>",
    "Set-Item -Path Env:PATH -Value 'C:\\tools'",
    "if check_password_hash(user.pw_hash, form.password):",
):
    _l("config_syntax", text)
_v = _r(14)
_s("config_syntax", f"seed_user.password = hash_password('{_v}')", _v)

# Key blocks flattened: on one line, with <br> between lines, as a JSON list of lines, a .ppk in
# a JSON string.
_lines = _b64_lines(500).splitlines()
_s(
    "key_block",
    "-----BEGIN RSA PRIVATE KEY----- " + " ".join(_lines) + " -----END RSA PRIVATE KEY-----",
    *_lines[1:3],
)
_s(
    "key_block",
    "<pre>-----BEGIN EC PRIVATE KEY-----<br>" + "<br/>".join(_lines[:4]) + "<br>-----END EC",
    *_lines[1:3],
)
_s(
    "key_block",
    json.dumps({"key": ["-----BEGIN PRIVATE KEY-----", *_lines[:5], "-----END PRIVATE KEY-----"]}),
    *_lines[1:3],
)
_v = base64.b64encode(bytes(_rng.randrange(256) for _ in range(48))).decode()
_s(
    "key_block",
    json.dumps(
        {
            "ppk": "PuTTY-User-Key-File-3: ssh-ed25519\nEncryption: none\nPublic-Lines: 1\n"
            + _r(68, B64)
            + f"\nPrivate-Lines: 1\n{_v}\nPrivate-MAC: {_r(64, HEX)}"
        }
    ),
    _v,
)

# Any tool's -u USER … -p PASSWORD (not mysql's prompting -p, not ports).
_v = _r(14)
_s("config_syntax", f"hdbsql -n hana01:30015 -u SYSTEM -p {_v} -d SYSTEMDB", _v)
_v = _r(12)
_s("config_syntax", f"influx -host tsdb -U admin -P '{_v}' -execute 'SHOW DATABASES'", _v)
for text in (
    "mysql -u root -p shop < dump.sql",
    "docker run -u app -p 8080:80 -p 127.0.0.1:9090:9090 acme/web",
    "psql -U app -h db -p 5432 shop",
    "rsync -avz -u -p src/ dst/",
):
    _l("config_syntax", text)
for text in (
    "auth:\n  existingSecret: postgres-creds\n  passwordSecret: mongodb-admin-password",
    "tlsSecret: acme-io-tls",
):
    _l("config_syntax", text)

# Tuples and basic() given a password, elements named by an attribute, AWS Key/Value pairs,
# CloudFormation parameters, values grouped under a plural telling key.
_v = _r(14)
_s("config_syntax", f"session.auth = ('svc-reports', '{_v}')", _v)
_v = _r(14)
_s("config_syntax", f'val cred = Credentials.basic("svc", "{_v}")', _v)
_v = _r(12)
_s("config_syntax", f'<entry key="db.password">{_v}</entry>', _v)
_v = _r(32)
_s("config_syntax", f'<Setting Name="ApiKey" Value="{_v}" />', _v)
_v = _r(32)
_s("config_syntax", f"vars:\n  - key: API_TOKEN\n    value: {_v}\n", _v)
_v = _r(16)
_s(
    "config_syntax",
    f'"Parameters": [{{"ParameterKey": "DbPassword", "ParameterValue": "{_v}"}}]',
    _v,
)
_v = _r(16)
_s(
    "config_syntax",
    "aws cloudformation deploy --parameter-overrides "
    f"ParameterKey=AdminPassword,ParameterValue={_v}",
    _v,
)
_v = _r(40)
_s("config_syntax", f"integrations:\n  tokens:\n    pagerduty: {_v}\n    region: eu\n", _v)
_v = "Kq" + _r(12, string.ascii_letters)
_s("config_syntax", f"passwords:\n  replication: {_v}\n", _v)
for text in (
    "session.auth = (user, password)",
    '<entry key="db.url">jdbc:postgresql://db/app</entry>',
    '<parameter name="timeout">30</parameter>',
    '[{"Key": "Environment", "Value": "production"}]',
    "secrets:\n  provider: vault\n  enabled: true\n",
    "secrets:\n  db_password:\n    file: ./secrets/db_password.txt\n",
    "if not secrets:\n    secrets = load()\n",
):
    _l("config_syntax", text)
_l("config_syntax", "cls.dialog = cls.Basic(cls.root, '<<Test>>', [])")

for _v in (
    "napi_" + _r(64),
    "xau_" + _r(32),
    "xaat-" + _u,
    "tgp_v1_" + _r(43, URLSAFE),
    "0." + _u + "." + _r(30) + ":" + _r(24, B64),
    "IQoJb3JpZ2luX2VjE" + _r(300, B64),
):
    _s("prefixed_token", f"printed by the CLI: {_v}", _v)
_v = _r(54, URLSAFE) + "=="
_s("connection", f"curl 'https://acme-fn.azurewebsites.net/api/ingest?code={_v}&clientId=ci'", _v)
_l("connection", "https://acme-fn.azurewebsites.net/api/ingest?code=<function-key>")
_l("prefixed_token", "version 0.1.2 and napi_create_function(env, name)")
for text in (
    "  - [Using OAuth Tokens](#using-oauth-tokens)",
    "this.apiKey = typeof apiKey === 'string' ? apiKey : 'Missing Key';",
    "export const f: () => <Output extends MetadataBearer = MetadataBearer>(next: H) => H;",
    "They do not have to be secret: IVs are typically just added to ciphertext messages.",
):
    _l("config_syntax", text)
_l(
    "config_syntax",
    "interface Options { output: MetadataBearer; }\nMetadataBearer: MetadataBearerV3Type",
)
for text in (
    'let secret = env!("APP_SECRET");',
    "SELECT * FROM users WHERE password = $1 AND token = $2",
    "UPDATE accounts SET password = ? WHERE id = ?",
    "EXEC sp_login @user = @u, @password = @pw",
):
    _l("config_syntax", text)
_l("config_syntax", "const TOKEN_STORAGE_KEY = 'auth.token.v2';")
_l("config_syntax", "EMRFS_RETRY_COUNT_KEY = 'fs.s3.consistent.retryCount'")
_l("config_syntax", "EMRFS_CSE_KMS_KEY_ID_KEY = 'fs.s3.cse.kms.keyId'")

# --------------------------------------------------------------------------- fifth widening
# The classes of held-out 5's misses, each in other syntaxes and tools than the case that showed
# it, with look-alikes of the same shape.

# Secret words split in two (`pass_phrase`, `pass_word`, `auth_tok`): the same names joined.
_v = _r(24)
_s("config_syntax", f"export PASS_PHRASE={_v}", _v)
_v = _r(20)
_s("config_syntax", f'{{"passWord": "{_v}", "user": "svc"}}', _v)
_v = _r(22)
_s("config_syntax", f"krb5_authtok = {_v}", _v)
_v = _r(18)
_s("config_syntax", f"pass_code: {_v}", _v)
for text in ("pass_phrase_min_length = 12", "authtok_type = password", "pass_word_count: 3"):
    _l("config_syntax", text)

# A lower-case name ending in key that no qualifier makes secret: a random value still is one.
_v = _r(32)
_s("config_syntax", f"  ingest_key: {_v}", _v)
_v = _r(40, URLSAFE) + "7"
_s("config_syntax", f'const browserKey = "{_v}";', _v)
_v = _r(32)
_s("config_syntax", f"cipher_key = '{_v}'", _v)
_v = _r(32)
_s("config_syntax", f'  "primaryKey": "{_v}",\n  "secondaryKey": "{_r(8)}"', _v)
for text in (
    "  sort_key: created_at",
    "  partition_key: tenantId",
    "ingest_key: events-2024-q3",
    'const idKey = "userIdentifierFromUpstream";',
    "routing_key = 'orders.created.v2'",
    "  foreign_key: user_id",
    f"dedupe_key: {_r(40, HEX)}",
    "primary_key: 01HGW2N7XKQ4ZP8D3MBRT6YV5C",
):
    _l("config_syntax", text)

# A literal converted by a method is still the literal: Rust's .into(), Java's .toCharArray().
_v = _r(24)
_s("config_syntax", f'char[] password = "{_v}".toCharArray();', _v)
_v = _r(30)
_s("config_syntax", f'SECRET_KEY = "{_v}".encode()', _v)
_v = _r(26)
_s("config_syntax", f'API_TOKEN = "{_v}".freeze', _v)
_v = _r(28)
_s("config_syntax", f'let token: String = "{_v}".to_string();', _v)
for text in (
    'token = "{}:{}".format(user, password)',
    'secret = "-".join(words)',
    'password = "%s%s".replace("%", "")',
    'let key = "name".to_string();',
):
    _l("config_syntax", text)

# Erlang and Elixir tuples: {name, "value"}.
_v = _r(18)
_s("config_syntax", f'{{rabbit, [{{default_pass, "{_v}"}}]}}', _v)
_v = _r(48)
_s("config_syntax", f'[{{:secret_key_base, "{_v}"}}]', _v)
for text in ("{password, undefined}", "{token, Token}", '{auth, "basic"}'):
    _l("config_syntax", text)

# A YAML value holding & ; , ) or } is the rest of its line.
_v = "Blue)Sky" + _r(4, "0123456789")
_s("config_syntax", f"db_pass: {_v}", _v)
_v = "a;" + _r(14)
_s("config_syntax", f"  - password: {_v}\n    user: app", _v)
_v = "River&Stone" + _r(3, "0123456789")
_s("config_syntax", f"smtp_password: {_v}  # rotated", _v)
for text in ("auth: none  # local only", "password: ${DB_PASSWORD}", "token: {{ vault_token }}"):
    _l("config_syntax", text)

# Code paths with `::` (Rust, C++, PHP, Ruby) compute a value.
for text in (
    'let token = std::env::var("GH_TOKEN").unwrap();',
    "$password = Config::get('db.password');",
    'auto key = std::getenv("API_KEY");',
    "api_key = ENV::fetch('API_KEY')",
):
    _l("config_syntax", text)

# PowerShell: a cmdlet (Verb-Noun) is a command, not a value.
for text in (
    "$token = Get-AzAccessToken -ResourceUrl https://management.azure.com",
    "$Password = ConvertTo-SecureString $plain -AsPlainText -Force",
    "$apiKey = Get-Content .\\key.txt",
):
    _l("config_syntax", text)
_v = _r(20)
_s("config_syntax", f"$password = '{_v}'", _v)

# Values kept encrypted beside their names (Sealed Secrets' encryptedData) are ciphertext.
_l(
    "config_syntax",
    f'{{"spec": {{"encryptedData": {{"api_token": "Ag{_r(300, B64)}"}}}}}}',
)
_l(
    "config_syntax",
    f"encryptedData:\n  DB_PASSWORD: Ag{_r(200, B64)}\n  API_KEY: Ag{_r(200, B64)}",
)

# Resource names of secrets kept elsewhere: a path of words, not a value.
for text in (
    "secret: projects/my-proj/secrets/api-key/versions/3",
    "vault_secret: secret/data/prod/payments",
    "KMS_KEY=projects/p1/locations/global/keyRings/app/cryptoKeys/db",
    "  password: kv/prod/postgres/app-password",
):
    _l("config_syntax", text)

# New Relic keys: NRAK- (user), NRII- (ingest), NRJS- (browser).
_v = "NRAK-" + _r(27, UPPER_AN)
_s("prefixed_token", f'curl -H "Api-Key:{_v}" https://api.newrelic.com/graphql', _v)
_v = "NRII-" + _r(32, URLSAFE)
_s("prefixed_token", f"license printed: {_v}", _v)
_v = "NRJS-" + _r(19, HEX)
_s("prefixed_token", f"newrelic.info = {{ licenseKey: '{_v}' }}", _v)
_l("prefixed_token", "see NRAK-1234 in the tracker")

# Key stores by name: a P12, PFX or keystore in base64 is key material.
_v = "MII" + _r(900, B64)
_s("key_block", f'  "pfx": "{_v}",', _v)
_v = "MII" + _r(600, B64)
_s("key_block", f"export SIGNING_KEYSTORE_B64={_v}", _v)
for text in (
    "KEYSTORE_PATH=app/release.jks",
    "p12_file: ./certs/site.p12",
    "pfx: certs/site.pfx",
):
    _l("key_block", text)

# Signers: the key that signs.
_v = _r(40)
_s("config_syntax", f"JWT_SIGNER={_v}", _v)
_v = _r(44)
_s("config_syntax", f'signer: "{_v}"', _v)
for text in ('signer: "HS256"', "default_signer: :default", "signer = Signer(key)"):
    _l("config_syntax", text)

# Tokens grouped under a host, as composer's auth.json writes them.
_v = _r(40, HEX)
_s("config_syntax", f'{{"gitlab-token": {{"gitlab.acme.io": "{_v}"}}}}', _v)
_v = "glpat-" + _r(20, URLSAFE)
_s("config_syntax", f'"gitlab-oauth": {{\n  "gitlab.com": "{_v}"\n}}', _v)
_v = _r(24)
_s("config_syntax", f'"bearer": {{\n  "repo.acme.io": "{_v}"\n}}', _v)
_l("config_syntax", '{"gitlab-domains": {"gitlab.acme.io": "gitlab.acme.io"}}')

# Bundler's credentials by host: BUNDLE_<HOST>=user:password.
_v = _r(24)
_s("config_syntax", f"export BUNDLE_RUBYGEMS__PKG__GITHUB__COM=ci-bot:{_v}", _v)
_v = _r(20)
_s("config_syntax", f'BUNDLE_ENTERPRISE__ACME__IO: "{_v}"', _v)
_l("config_syntax", 'BUNDLE_PATH__SYSTEM: "true"')
_l("config_syntax", "BUNDLE_WITHOUT: development:test")

# HTTPie's -a/--auth, with or without -A bearer.
_v = _r(28)
_s("authorization", f"xh -A bearer --auth {_v} GET https://api.acme.io/me", _v)
_v = _r(16)
_s("authorization", f"https -a deploy:{_v} api.acme.io/hooks", _v)
_l("authorization", "http -a alice api.acme.io/me")
_l("authorization", "http --auth-type=digest -a $USER:$PASS api.acme.io")

# SNMPv3: the auth and privacy passphrases of net-snmp's tools and snmpd.conf.
_v, _w = _r(16), _r(16)
_s(
    "config_syntax",
    f"snmpget -v3 -u mon -l authPriv -a SHA -A {_v} -x AES -X {_w} 10.0.0.9",
    _v,
    _w,
)
_v, _w = _r(14), _r(14)
_s("config_syntax", f"createUser backup MD5 {_v} DES {_w}", _v, _w)
_l("config_syntax", "snmpwalk -v2c -c public 10.0.0.1 system")
_l("config_syntax", "createUser -e 0x8000 mon SHA")

# Credentials constructors: the password is the last literal.
_v = _r(18)
_s("config_syntax", f'new Credentials("Nexus Repository", "nexus.acme.io", "deploy", "{_v}")', _v)
_v = _r(20)
_s("config_syntax", f'creds = UsernamePasswordCredentials("svc", "{_v}")', _v)
_l("config_syntax", 'credentials += Credentials(Path.userHome / ".sbt" / ".credentials")')

# Wallet keys: 0x and 64 hex digits given to an account list or a wallet, and a keypair written
# as its 64 bytes (Solana's id.json, Keypair.fromSecretKey).
_v = "0x" + _r(64, HEX)
_s("key_block", f'module.exports = {{ networks: {{ dev: {{ accounts: [\n  "{_v}",\n] }} }} }};', _v)
_v = _r(64, HEX)
_s("key_block", f'const wallet = new ethers.Wallet("0x{_v}", provider);', _v)
_v = "0x" + _r(64, HEX)
_s("key_block", f"acct = Account.from_key('{_v}')", _v)
_v = ",".join(str(_rng.randrange(256)) for _ in range(64))
_s("key_block", f"const payer = Keypair.fromSecretKey(Uint8Array.from([{_v}]));", _v)
_v = ", ".join(str(_rng.randrange(256)) for _ in range(64))
_s("key_block", f"SOLANA_KEYPAIR=[{_v}]", _v)
for text in (
    "accounts: [deployer.address, other.address]",
    "const wallet = new ethers.Wallet(process.env.PRIVATE_KEY, provider);",
    f"tx hash: 0x{_r(64, HEX)} (block 1934512)",
    f'{{"blockHash": "0x{_r(64, HEX)}"}}',
    "[" + ", ".join(str(i) for i in range(64)) + "]",
    "[" + ", ".join("0" for _ in range(64)) + "]",
    "pubkey bytes: [" + ",".join(str(_rng.randrange(256)) for _ in range(32)) + "]",
):
    _l("key_block", text)

# `auth user:password` as a config directive (HAProxy's stats auth, http-request auth).
_v = _r(18)
_s("config_syntax", f"backend admin\n  stats auth ops:{_v}\n  stats uri /haproxy", _v)
_v = _r(16)
_s("config_syntax", f"auth deploy:{_v}", _v)
for text in (
    "    stats auth admin:${STATS_PASSWORD}",
    "auth scope: read write",
    "the auth service:8080 is down",
):
    _l("config_syntax", text)

# Look-alikes the fifth widening first damaged in installed libraries (Python packages, the host
# CLIs' node_modules): types, identifiers and code beside secret names.
for text in (
    "    signer: AwsSdkSigV4Signer;",
    "exports.AwsSdkSigV4ASigner = AwsSdkSigV4ASigner;",
    '    "result_key": "Ipv6CidrAssociations"',
    '      "groupKey": "AWS_EC2_INSTANCE"',
    '            "SALT": random.uuid4().hex,',
    "        master_user_password: str,",
    '    "SECRET_KEY": None,',
    '    "fail_on_invalid_token": InvalidContinuationToken,',
):
    _l("config_syntax", text)
_v = "NRII-" + _r(12, URLSAFE) + "-" + _r(19, URLSAFE)
_s("prefixed_token", f"got {_v} from the UI", _v)
for text in (
    "SECRET_KEY_BASE = Rails::Application.credentials.secret_key_base",
    "API_TOKEN = Config::token()",
):
    _l("config_syntax", text)
_l("authorization", "rsync -a deploy@web:/srv/app ./backup")

# URL passwords holding an unencoded `@`: the last `@` before the host ends them.
_v = "Sum@er" + _r(8)
_s("connection", f"MONGO_URL=mongodb://admin:{_v}@mongo.internal:27017/app", _v)
_v = "p@ss:" + _r(10)
_s("connection", f"amqp://guest:{_v}@rabbit.acme.io/vhost", _v)
_v = _r(6) + "@" + _r(6)
_s("connection", f"redis://:{_v}@cache:6379/0", _v)
_v = _r(12)
_s("connection", f"https://alice:{_v}@git.acme.io/org/repo?cc=bob@example.com", _v)
for text in (
    "smtp://mail.acme.io:587/?from=ops@acme.io&to=dev@acme.io",
    "see https://docs.acme.io:8443/a@b/c@d for the layout",
):
    _l("connection", text)

# Ids after token names: an order or ticket number is no secret.
for text in (
    "order_token: ORD-2024-000123",
    "ticketToken = 'INC-0042-7781'",
    "JOB_TOKEN=BUILD-88213",
):
    _l("config_syntax", text)

# Cloud CLIs print keys by position: az ... keys list gives {"keyName": "key1", "value": "…"}.
_v = _r(86, B64) + "=="
_s(
    "config_syntax",
    '[\n  {\n    "creationTime": "2024-05-01T10:00:00Z",\n    "keyName": "key1",\n'
    f'    "permissions": "FULL",\n    "value": "{_v}"\n  }}\n]',
    _v,
)
_v = _r(44, B64)
_s("config_syntax", f'{{"keyName": "primary", "value": "{_v}"}}', _v)
_l("config_syntax", '{"keyName": "partition", "value": "tenantId"}')

# Assignments in R (`<-`), one-time-password seeds, and more documented prefixes.
_v = _r(24)
_s("config_syntax", f'api_key <- "{_v}"', _v)
_v = _r(20)
_s("config_syntax", f"Sys.setenv(GITHUB_PAT = '{_v}'); token <<- '{_r(4)}{_v}'", _v)
_l("config_syntax", "token <- readline(prompt = 'token: ')")
_l("config_syntax", "key <-- the arrow points at the key")
_v = _r(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
_s("config_syntax", f"totp_seed: {_v}", _v)
_v = _r(32, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
_s("config_syntax", f'"mfaSeed": "{_v}"', _v)
for text in ("seed: 42", "random_seed = 1234", "SEED=20240501", "db_seed: seeds/dev.sql"):
    _l("config_syntax", text)
for _v in ("HRKU-AA" + _r(58, URLSAFE), "tfp_" + _r(59, URLSAFE), "dose" + _r(32, HEX)):
    _s("prefixed_token", f"printed once: {_v}", _v)
_l("prefixed_token", "the doses were 3 and 5; tfp_ is a prefix; HRKU-AA is the format")
_v = _r(52, "abcdefghijklmnopqrstuvwxyz234567")
_s("config_syntax", f"export AZURE_DEVOPS_PAT={_v}", _v)
_v = "glpat" + _r(20)
_s("config_syntax", f'gitlab_pat: "{_v}"', _v)
for text in ("FILE_PAT = '*.py'", "match_pat = re.compile(r'x+')", "SEARCH_PAT=src/**/*.ts"):
    _l("config_syntax", text)
_l("config_syntax", 'HEX_PAT = "[0-9A-Fa-f]{1,4}"')
_l("config_syntax", "ID_TOKEN_RE: '^[A-Za-z0-9-_]{20,}$'")

# Vault's login takes the token as its argument; Twilio's clients take the auth token after the
# account SID.
_v = "s." + _r(24)
_s("authorization", f"$ vault login {_v}", _v)
_v = _r(26)
_s("authorization", f"bao login -no-print {_v}", _v)
_l("authorization", "vault login -method=userpass username=ops")
_l("authorization", "vault login -method=oidc role=dev")
_sid, _v = "AC" + _r(32, HEX), _r(32, HEX)
_s("prefixed_token", f'client = Client("{_sid}", "{_v}")', _v)
_sid, _v = "AC" + _r(32, HEX), _r(32, HEX)
_s("prefixed_token", f"const client = twilio('{_sid}', '{_v}');", _v)
_l("prefixed_token", f'client = Client("AC{_r(32, HEX)}", os.environ["TWILIO_AUTH_TOKEN"])')

# --------------------------------------------------------------------------- the general judge
# A value beside a telling name in any syntax and language: the name is judged by its words (in
# several languages, plurals, `--ak`), the value by its shape; and the shapes a value keeps.


def _pw() -> str:
    """Password-shaped: a word, a digit, a symbol, a word and digits (as people choose them)."""
    word = _rng.choice(("Harbor", "Lantern", "Marble", "Falcon", "Juniper", "Copper", "Violet"))
    digit, symbol = _rng.randrange(10), _rng.choice("!$%&*#")
    return f"{word}{digit}{symbol}{_r(4, string.ascii_lowercase)}{_rng.randrange(10, 99)}"


for _label, _template in (
    ("passwort", "db:\n  nutzer: app\n  passwort: {}"),
    ("kennwort", "Kennwort = {}"),
    ("mot de passe", '[compte]\nidentifiant = ops\nmotdepasse = "{}"'),
    ("contrasena", "contrasena: {}"),
    ("senha", '{{"usuario": "ops", "senha": "{}"}}'),
    ("parool", "gebruiker=ops\nparool={}"),
    ("haslo", "haslo = '{}'"),
    ("sifre", "kullanici: ops\nsifre: {}"),
    ("losenord", "lösenord={}"),
    ("password in russian", "логин: ops, пароль: {}"),
    ("password in chinese", "账号 = ops\n密码 = {}"),
    ("password in japanese", "パスワード: {}"),
):
    _v = _pw()
    _s("config_syntax", _template.format(_v), _v)
for text in (
    "Das Passwort muss mindestens 12 Zeichen lang sein.",
    "mot_de_passe: ${MOT_DE_PASSE}",
    "senha: <sua-senha>",
    "пароль: см. менеджер паролей",
    "密码 = ******",
    "parola chiave: redazione",
):
    _l("config_syntax", text)

# Values in code: a bytes literal, a wrapper, a default after the variable's name, Go's printed
# maps; the same calls reading a name, formatting, or repeating are code.
_v = _r(32, HEX)
_s("config_syntax", f'SECRET_KEY = b"{_v}"', _v)
_v = _r(32, URLSAFE)
_s("config_syntax", f'    api_secret: SecretStr = SecretStr("{_v}")', _v)
_v = _r(40, URLSAFE)
_s("config_syntax", f"'client_secret' => env('APP_CLIENT_SECRET', '{_v}'),", _v)
_v = _r(36)
_s("config_syntax", f'token = os.getenv("SERVICE_TOKEN", "{_v}")', _v)
_v = _r(64, HEX)
_s("authorization", f"level=debug headers=map[Accept:[*/*] X-Auth-Token:[{_v}]]", _v)
_v = _r(40, HEX)
_s("authorization", f"requests.get(url, headers={{'Authorization': f'Token {_v}'}})", _v)
_v = _r(36)
_s("authorization", f"req.headers['Authorization'] = 'Bearer:{_v}'", _v)
for text in (
    'token = os.getenv("SERVICE_TOKEN")',
    'password = f"{user}:{secret}"',
    "password = b'x' * 1024",
    'secret = "%s-%s" % (prefix, suffix)',
    'api_key = settings.get("stripe_api_key_name")',
    'SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY_V2")',
    '"APIKeysWithRawResponse": (".api_keys", "APIKeysWithRawResponse"),',
    'cache.set(prefix + "_user", "v2#Xk9Lm3")',
    'CLIENT_SECRET = env("CLIENT_SECRET", "")',
    "headers=map[Accept:[application/json] X-Request-Id:[3f2a9c1e-7b4d-4e8a-9f0c-1d2e3f4a5b6c]]",
):
    _l("config_syntax", text)

# Names: plurals over a list, compound ids, abbreviated flags, a qualifier before KEY.
_vs = [base64.b64encode(_fakes.raw(16)).decode() for _ in range(3)]
_s("config_syntax", f"APP_KEYS={','.join(_vs)}", *_vs)
_v = "DO00" + _r(16, UPPER_AN)
_s("config_syntax", f"[spaces]\ntype = s3\naccess_key_id = {_v}", _v)
_v = _r(32, HEX)
_s("config_syntax", f"join_params:\n  method: token\n  token_name: {_v}", _v)
_ak, _sk = "AKLT" + _r(40), _r(56, B64)
_s("prefixed_token", f"volc configure --ak {_ak} --sk {_sk} --region cn-north-1", _ak, _sk)
_v = base64.b64encode(_fakes.raw(64)).decode()
_s("config_syntax", f'{{"primaryMasterKey": "{_v}"}}', _v)
_v = base64.b64encode(_fakes.raw(32)).decode()
_s("config_syntax", f'server {{\n  encrypt = "{_v}"\n}}', _v)
_v = _fakes.uuid()
_s("config_syntax", f'acl {{\n  tokens {{\n    agent = "{_v}"\n  }}\n}}', _v)
_v = "ddp_" + _r(36)
_s("prefixed_token", f"deployctl deploy --token={_v} main.ts", _v)
for text in (
    "ALLOWED_HOSTS=a.example.com,b.example.com",
    "sort_keys = True",
    "gpg --recv-keys 0x4AEE18F83AFDEB23",
    "GPG_SIGNING_KEY=3AA5C34371567BD2",
    "kms_key_id = alias/prod-db",
    "token_name: ci-deploy",
    "encrypt = true",
    "PKCS7_ENCRYPT = pkcs7_encrypted_st",
    'tokens {\n  default = "${var.default_token}"\n}',
    "if tokens:\n    cache_key = tokens[0].value",
    "code_variables_detect_secrets: Last-resort entropy-based detection",
):
    _l("config_syntax", text)

# Syntaxes without an assignment: tables, sessions, nested XML, calls, cookies, directives.
_v = "AVNS_" + _r(19, URLSAFE)
_s(
    "config_syntax",
    f"USERNAME   TYPE     PASSWORD\n========   ======   ========\nsvc-app    normal   {_v}",
    _v,
)
_v = _r(24)
_s("config_syntax", f"| user | token |\n|---|---|\n| deploy | {_v} |", _v)
_v = _pw()
_s("connection", f"220 ready\nUSER backup\n331 Password required\nPASS {_v}\n230 OK", _v)
_v = _r(16)
_s("connection", f"* OK IMAP4rev1\nA001 LOGIN ops@acme.test {_v}\nA001 OK", _v)
_v = _pw()
_s("config_syntax", f"<AutoLogon>\n  <Password>\n    <Value>{_v}</Value>\n  </Password>", _v)
_v = _pw()
_s("config_syntax", f'conn = pyodbc_connect("dw01", "report_user", "{_v}")', _v)
_v = _r(32, string.ascii_lowercase + string.digits)
_s("authorization", f'$c = New-Object System.Net.Cookie("PHPSESSID", "{_v}", "/", "acme.test")', _v)
_v = _r(40, HEX)
_s("authorization", f"Cookie: site_test_cookie=1; site_logged_in_{_r(8, HEX)}=admin%7C{_v}", _v)
_v = _pw()
_s("config_syntax", f"lang en_US\nrootpw --plaintext {_v}\nreboot", _v)
_v = _pw()
_s("config_syntax", f"ops@acme.test:{{PLAIN}}{_v}::::::", _v)
_v = _r(18)
_s("config_syntax", f"hide pgsql_servers = db.internal/mail/exim/{_v}", _v)
_v = "tempo pixel ember glacier"
_s("config_syntax", f"1. sign in as qa, passphrase: {_v}\n2. open the report", _v)
_v = _pw()
_s("connection", f"skopeo copy --src-creds 'reader:{_v}' docker://a docker://b", _v)
for text in (
    "USERNAME   TYPE     PASSWORD\n========   ======   ========\nsvc-app    normal   (hidden)",
    "| Token | Description |\n|---|---|\n| `customLabel` | a label |",
    "| name | token |\n| --- | --- |\n| UINT16_BE | 16 |",
    "PASS  src/components/App.test.js (1.2 s)",
    "PASS tests/test_login.py::test_ok",
    "<Setting>\n  <Value>true</Value>\n</Setting>",
    'logger.info("user", "Request123")',
    'Cookie("theme", "dark-mode-2024-compact-layout")',
    "rootpw --iscrypted $6$rounds=4096$saltsalt$",
    "aws cognito-idp confirm-forgot-password --client-id 3n4b5urk1ft4fl3mg5e62d9ado --username x",
    "passphrase: see the vault entry for it",
    "Data\n====\npassword:  16 bytes\nusername:  3 bytes",
    "$ openssl rsa -pubin -in pub.pem -text -noout\nModulus:\n    00:c3:9a:5e",
):
    _l("config_syntax", text)

# Key material printed as numbers, or quoted in a chat.
_hex = "\n".join("    " + ":".join(_r(2, HEX) for _ in range(15)) + ":" for _ in range(4))
_s(
    "key_block",
    f"Private-Key: (2048 bit)\nprivateExponent:\n{_hex}\n    e8",
    _hex.split("\n")[0].strip(),
)
_lines = _b64_lines(96).split("\n")
_s(
    "key_block",
    "> -----BEGIN PRIVATE KEY-----\n"
    + "\n".join("> " + line for line in _lines)
    + "\n> -----END PRIVATE KEY-----",
    _lines[0],
)

# Values that hold no secret: elided, templated, macros, ciphertext, a size.
for text in (
    'OPENAI_API_KEY="sk-proj-..."',
    "export STRIPE_KEY=sk_live_…",
    "rtsp://{CAM_USER}:{CAM_PASSWORD}@10.0.0.5:554/live",
    'libname dw oracle user=etl password="&dbpass" path=prod;',
    "password: encrypted:s3!r:us-east-1!b:bucket!f:secrets.yml!k:db.password",
    "password: '{cipher}3f9a0c1e5b7d2a4c6e8f0a1b3c5d7e9f'",
    "db.password=ENC(G6N718UuyPE5bHyWKyuLQSm02auQPUtm)",
    "encryptionsalt: v1:hP9Rq5EOJ0Y=:v1:mKv7amWo6AqCAv+7:lWsJJHA2MnfVN7Ia4KbL",
    'SECRET_KEY = "fake-secret-key-for-tests"',
    'token = "phx_ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"',
    "API_TOKEN=tok_00000000000000000000",
):
    _l("config_syntax", text)

# Passwords a person chose, told by their shape alone (upper, lower, digits and a symbol inside),
# in prose of several languages, tables, chats and tools' own flags, with no telling name.
for text, _v in (
    ("Te paso la clave del router: {v} (no la compartas)", "Cobalt84^birch2"),
    ("Das neue Kennwort für den Drucker lautet {v}.", "Juniper31&ember6"),
    ("| host | user | pass |\n|---|---|---|\n| db-01 | admin | {v} |", "Saffron47@fjord9"),
    ("ipmitool -I lanplus -H 10.0.0.9 -U admin -P {v} chassis status", "Lantern26!orchid3"),
    ("rdesktop -u ops -p {v} ts02.corp.lan", "Glacier59%maple1"),
    ("temp creds for the staging box: deploy / {v}", "Orchid73~cedar8"),
    ("新しいパスワードは {v} です。", "Cedar64#lotus7"),
    ("Le mot de passe du NAS est désormais {v}, merci de ne pas le diffuser", "Maple38!comet5"),
    ("ftp> user backup {v}\n230 Login successful.", "Spruce15*dune4"),
    ("guest wifi code: {v}", _r(5) + "7#" + _r(6) + "!" + _r(4)),
):
    _s("config_syntax", text.format(v=_v), _v)
for text in (
    "see Parser#parseExpr2 and Reader#uint32 in the API docs",
    "export type ModelV2Config$Outbound = { retries: number };",
    "assert evaluate(I*sigma1*sigma3) == -sigma2",
    "b'Case&nbsp;should&nbsp;matter:&nbsp;rEf2049&nbsp;'",
    "AR!_nBqb&%C@Cr{EG;fXbTq2W&HkLp9|2yJUu=?KtV!7L`6nNN",
    "ssh root@Server01 and then admin@Build02",
    "if (x!=y1Abc && Flag2==true) return;",
    "GET /items?page=2&sortBy=createdAt3",
    "%2Fhome%2FUser12%3Dfoo",
    "#define Max1Len 42; C# and F#; issue#1234",
    "HEAD~1 and main~2 are the same commit",
    "typeof Uint8Array?Uint8Array:Array",
):
    _l("config_syntax", text)

# Tokens behind a provider's prefix that no table here lists: short lower-case words and `_` or
# `-`, then a long random body, anywhere; not ids, and not prefixes that say public.
for text, _v in (
    ("a chave de produção é {v}, não compartilhe", "kc_prod_" + _r(36)),
    ("signing:\n  current: {v}\n", "mw-sig-" + _r(30)),
    ("2026-11-30 10:42:01 INFO using credential {v} for upload", "pipeline_" + _r(44)),
    ('const client = new Acme("{v}");', "acme_live_" + _r(48)),
    ("curl -u {v}: https://api.acme.dev/v1/balance", "zt_secret_" + _r(32)),
):
    _s("prefixed_token", text.format(v=_v), _v)
for text in (
    f"charge ch_{_r(24)} and subscription sub_{_r(24)} were refunded",
    f'"projectId": "prj_{_r(28)}"',
    f"Stripe.setPublishableKey('pk_live_{_r(99)}')",
    f"posthog.init('phc_{_r(43)}')",
    f"artifact build_{_r(40, HEX)} uploaded; image img-{_r(32, HEX)}",
    "def test_parseHttpResponseHeadersWhenChunkedEncodingIsUsed(): ...",
    "pod myapp-7d9f8b6c5-x2k4p restarted; chunk-vendors-3f2a9c1b8d7e6f50.js",
):
    _l("prefixed_token", text)

# Razorpay's key id is its public key, made for web pages (its docs); the secret has no prefix.
_l("prefixed_token", f"RAZORPAY_KEY_ID=rzp_test_{_r(14)}")

# Values whose shape says public or not a secret, beside names that would otherwise redact them.
_spki = base64.b64encode(
    bytes.fromhex("30820122300d06092a864886f70d01010105000382010f00") + _rng.randbytes(270)
).decode()
for text in (
    f'{{"name": "Acme Notes", "key": "{_spki}"}}',  # Chrome's manifest key: a public key
    f'<div id="checkout" data-adyen-client-key="test_{_r(32, UPPER_AN)}"></div>',
    f"payments:\n  client_key: live_{_r(24)}\n",
    "export DB_PASSWORD=`security find-generic-password -s db -w`",
    'password: "{env DB_PASS}"',
    "ldap_default_authtok = -",
    f"admin_password = sha512${_r(16)}${_r(86, B64)}",
    f"userPassword: {{SSHA}}{_r(32, B64)}",
    '"EnableCreds"=dword:00000001',
    f"Analytics.init('{_r(24, HEX)}')",
    f"Sec-WebSocket-Accept: {_r(27, B64)}=",
):
    _l("config_syntax", text)

# A secret encoded is the secret (a password name ending in Base64/B64); Basic credentials end in
# base64 padding before their quote; a name that can name a Secret object holds a random value.
_v = base64.b64encode(f"svc_{_r(21)}:".encode()).decode()
_s("authorization", f'curl -sS -H "Authorization: Basic {_v}" https://api.acme.dev/v2/ping', _v)
_v = base64.b64encode(f"Lumen{_r(7)}".encode()).decode()
_s("config_syntax", f"SMTP_ADMIN_PASSWORD_B64={_v}", _v)
_v = _r(96)
_s("config_syntax", f"GRAYLOG_PASSWORD_SECRET={_v}", _v)
_l("config_syntax", "auth:\n  passwordSecret: mariadb-credentials\n  passwordBase64: false\n")
# "Is" in other languages and scripts between a name and a value that looks generated; an id and
# a secret joined by a dot are no code reference.
_v = _r(32, HEX) + "." + _r(16)
_s("prefixed_token", f"La API key de staging es {_v} y caduca en marzo", _v)
_v = _r(40)
_s("config_syntax", f"Der Token ist {_v} (nur für Tests)", _v)
_v = _r(24) + "." + _r(20)
_s("config_syntax", f"Ключ API key это {_v}, не публикуйте", _v)
for text in (
    "the key is Token.Name and the secret is settings.SECRET_KEY",
    "la contraseña es larga y el token es temporal",
    "Der Schlüssel ist os.environ.get und das Passwort ist leer",
):
    _l("config_syntax", text)
# From real files: a wheel's RECORD digest read from inside, an example id, and code naming a class
# through a module (parts that are words, with digits).
for text in (
    f"pkg/zoneinfo/Asia/Tokyo,sha256={_r(2, string.ascii_lowercase)}_{_r(40)},1233",
    f'"supportCode": "6EXAMPLE3362/ls-9EXAMPLE{_r(32, HEX)}"',
    "private_key = Ed25519PrivateKey.from_private_bytes(d)",
    "the key is x25519.X25519PrivateKey here",
):
    _l("prefixed_token", text)
# Look-alikes that pin the shape rules' other exclusions: an HTML entity after a word, base85
# between a `;` and a `)`, a query of words, a filler body, a public key beside a key's name, a
# command's output in quotes, a WebSocket handshake nonce.
for text in (
    'alt="Studio54&amp;Friends"',
    "Cr{EG;fXbTq2W&HkLp9)2yJUu=?KtV!7L",
    "curl --data TLS=off&mode=Fast http://localhost:8080/",
    "acme_live_" + "Xy7Zq2" * 7,  # a repeated pattern: no random body
    f"POSTHOG_API_KEY = 'phc_{_r(43)}'",
    'smtp_pass = "`gopass show -o mail/smtp`"',
    f"Sec-WebSocket-Key: {_r(22, B64)}==",
):
    _l("config_syntax", text)

# Numbered labels say what follows as a colon does; keys that let a machine join or recover
# are secrets; a key written as its bytes.
_v = _r(12)
_s("config_syntax", f"handover notes\nPassword #2: {_v}\n(the first one was rotated)", _v)
_v = _r(40)
_s("config_syntax", f"Tokens issued today:\nToken 1: {_v}\n", _v)
_u = "-".join(_r(n, HEX) for n in (8, 4, 4, 4, 12))
_s("config_syntax", f"ziti edge enroll --enrollment-key {_u} --out id.json", _u)
_v = _r(32, HEX)
_s("config_syntax", f"RECOVERY_KEY={_v}", _v)
_v = ", ".join(str(_rng.randrange(256)) for _ in range(32))
_s("key_block", f'{{"encryptionKey": [{_v}], "rounds": 10}}', _v)
_v = ", ".join(f"0x{_rng.randrange(256):02x}" for _ in range(16))
_s("key_block", f"psk = [{_v}]", _v)
for text in (
    "Step 1: set the key 2: done",
    "Key 1: press F1 to start the installer",
    "Key 2: v2build77, the second matrix entry",
    "setup_key_count: 3\nrecovery_key_id: 7",
    '"api_key": [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0]',
    "key_sizes = [16, 24, 32, 48, 64, 96, 128, 192, 256, 384, 512, 768, 1024, 2048, 3072, 4096]",
    "pan_id_list: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16]",
):
    _l("config_syntax", text)

# What a command that prints a secret printed, on the lines after the prompt: key generators,
# random bytes, a secret read back, a key exported over several lines.
for command, _v in (
    ("$ wg genkey", _r(43, B64) + "="),
    ("ops@build:~$ openssl rand -hex 32", _r(64, HEX)),
    (
        "ops@build:~$ kubectl get secret db -o jsonpath='{.data.password}' | base64 -d",
        _r(32),
    ),
    ("PS C:\\> Get-Secret -Name ApiKey -AsPlainText", _r(40)),
    ("% head -c 48 /dev/urandom | base64", _r(64, B64)),
):
    _s("key_block", f"{command}\n{_v}\n", _v)
_lines = [_r(60, B64) for _ in range(3)]
_s(
    "key_block",
    "$ cat /etc/app/backup.secret.b64\n" + "\n".join(_lines),
    *_lines,
)
for text in (
    f"$ wg pubkey < private.key\n{_r(43, B64)}=",
    f"$ git show --stat token-fix\ncommit {_r(40, HEX)}\nAuthor: Ana <ana@acme.io>",
    f"$ sha256sum secret.key\n{_r(64, HEX)}  secret.key",
    f"$ ssh-keygen -lf ~/.ssh/id_ed25519.pub\n256 SHA256:{_r(43, B64)} ana@laptop (ED25519)",
    "$ cat tokens.py\nclass GetCredentialsForIdentityCommandHandler:",
    "$ aws secretsmanager describe-secret --secret-id prod/db\n"
    '    "ARN": "arn:aws:secretsmanager:us-east-1:123456789012:secret:prod/db-AbCdEf",',
    f"# the token is rotated nightly\n{_r(40)}",
):
    _l("key_block", text)
_v = _r(64, HEX).upper()
_s("key_block", f"$ sudo cat /etc/ntpsec/ntp.keys\n# id type key\n7 SHA256 HEX:{_v}\n", _v)
_l("key_block", "$ gh auth token --help\nhttps://cli.github.com/manual/gh_auth_token_refresh_v2")
for text in (
    f"$ docker inspect --format '{{{{.Id}}}}' secrets-sync\nsha256:{_r(64, HEX)}",
    "$ cat private_key_loader.py\nclass Ed25519PrivateKeyLoaderV2Factory:",
):
    _l("key_block", text)
_l(
    "key_block",
    "$ aws s3api head-object --bucket logs --key 2024/app.log --query ETag --output text\n"
    + _r(32, HEX),
)


# --------------------------------------------------------------------------- random values
# A value a generator made, told by the value alone beside any label: names and syntaxes no
# rule lists (a CLI's positional argument, a call's argument, a CSV column, prose in other
# languages). Look-alikes: random-looking values a reviewer keeps (hex, UUIDs, ULIDs, tagged
# digests, data URLs, public keys, paths, URLs, dotted and generated names, ids by their label).
_v = _r(40)
_s("random_value", f"$ acmectl login ops {_v}", _v)
_v = _r(36, URLSAFE)
_s("random_value", f'widget = Widget("eu-west", "{_v}")', _v)
_v = _r(32)
_s("random_value", f"vendor,region,blob,updated\nacme,eu,{_v},2025-01-01", _v)
_v = _r(28)
_s("random_value", f"Le code du NAS est {_v} merci de ne pas le partager.", _v)
_v = _r(30)
_s("random_value", f"接続に使う文字列は {_v} です。", _v)
_v = _r(44, B64)
_s("random_value", f'local blob = "{_v}"', _v)
_v = _r(34)
_s("random_value", f"DEPLOY_ARGS := --region eu --blob {_v}", _v)
_v = _r(48, UPPER_AN)
_s("random_value", f"[alpha]\nblob = '{_v}'", _v)
_v = base64.b64encode(f"PAYMENTS_API_SECRET={_r(32)}\n".encode()).decode()
_s("random_value", f"env_blob: {_v}", _v)
_v = _r(44, B64)
_s("random_value", f"here is what the vault printed:\n{_v}\n", _v)
_v = _r(40, LOWER_AN)
_s("random_value", f"the webhook part {_v} (rotate yearly)", _v)
for text in (
    f"public key:\n{_r(44, B64)}",
    f"output:\n{_r(64, B64)}\n{_r(64, B64)}",
    f"commit {_r(40, HEX)} fixed it",
    f"request {_fakes.uuid()} failed",
    f'"integrity": "sha512-{_r(86, B64)}=="',
    f'<img src="data:image/png;base64,{_r(120, B64)}">',
    f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_r(43, B64)} ana@host",
    f"order 01{_r(24, '0123456789ABCDEFGHJKMNPQRSTVWXYZ')} shipped",
    f"CF-Ray: {_r(16, HEX)}-FRA",
    f"static const uint64_t t[] = {{0x{_r(16, HEX).upper()}ull, 0x{_r(16, HEX).upper()}ull}};",
    f"wallet xpub661MyMwAqRbc{_r(95, BASE58)}",
    "sample: wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    "seq: Ab12Ab12Ab12Ab12Ab12Ab12",
    f"spec:\n  encryptedData:\n    blob: Ag{_r(60, B64)}",
    "        res = self._lib.EVP_PKEY_set_type(evp_pkey, self._lib.NID_X25519)",
    "#define PyUInt16ArrType_Type PyULongArrType_Type",
    '    "char_len_table": ISO2022KR_CHAR_LEN_TABLE,',
    "        super(IPv6SysLogHandlerTest, self).setUp()",
    "covers RSA/EC/OpenSSH/PKCS8",
    f'"distributionDomainName": "d{_r(13, "abcdefghijklmnopqrstuvwxyz0123456789")}.cloudfront.net"',
    f'"etag": "{_r(27)}"',
    f'"kid": "{_r(22, URLSAFE)}"',
    f'{{"kty": "EC", "x": "{_r(43, URLSAFE)}", "y": "{_r(43, URLSAFE)}"}}',
    f'"NextToken": "{_r(60, B64)}"',
    "$ ssh-keygen -lf deploy/keys/ci_ed25519.pub",
    "IdentityFile ~/.ssh/id_ed25519_deploy",
    "echo " + base64.b64encode(b"def main():\n    print(42)\n").decode() + " | base64 -d",
    f"customer cus_{_r(24)} paid",
    f"aws ec2 release-hosts --host-id=h-{_r(17, HEX)}",
    f"github.com/acme/lib v1.2.0 h1:{_r(43, B64)}=",
    f"see https://docs.example.org/d/{_r(44, URLSAFE)}/edit",
    f"age: age1{_r(58, _BECH32.lower())}",
    'alphabet = "abcdefghijklmnopqrstuvwxyz0123456789"',
    f"build {_r(22, 'abcdefghijklmnopqrstuvwxyz0123456789')} passed",
    f"  - {_r(40)}",
    f"icon: {_r(300, B64)}",
    # from the real-file run: each shape a test of one exclusion
    f'job = queue.take("{_r(20, LOWER_AN)}");',
    f'"location": "/{_r(12, string.digits)}/vaults/mwunderl/jobs/{_r(40, URLSAFE)}",',
    'if hasattr(_manylinux, "manylinux2014_compatible"):',
    f'"key": "MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE{_r(86, B64)}=="',
    "sentinel = 'io8urthglkjdghvljusketgIYRFYUVGHFRTBGVHKGF78678957647698'",
    'source = "sldjf123lsdjjkf345sldkjf879lkjsfd987"',
    f"  &code_challenge={_r(43, URLSAFE)}&code_challenge_method=S256",
    f"see https://excalidraw.com/#room={_r(20, HEX)},{_r(11)}{_r(2, string.digits)}{_r(9)}",
):
    _l("random_value", text)


# --------------------------------------------------------------------------- passphrases
# A word, a symbol, a number, a word: what password policies make people choose, in prose with
# no password word. Look-alikes: code (numbers after words), URL escapes, C#'s version.
for _v, text in (
    ("Willow&27harbor", "De nieuwe voor de NAS: Willow&27harbor tot vrijdag."),
    ("Meadow@58pine", "A senha nova do roteador ficou Meadow@58pine, anota aí."),
    ("Falcon!6river", "Quedó así: Falcon!6river hasta el lunes."),
    ("Copper~905stone", "Mật khẩu mới: Copper~905stone nhé"),
):
    _s("config_syntax", text, _v)
for text in (
    "read it with Reader#int64 and write it back",
    "Ruby: Array#flatten and Hash#transform_keys",
    "see Python%20package and Ask%20questions",
    "what's new in C#10features docs",
    "Schema$Outbound2025 maps the record",
):
    _l("config_syntax", text)


# --------------------------------------------------------------------------- kept by class
# What a reviewer keeps, by the property that says so (the ninth widening): masked or filled-in
# values, public keys by their documented prefix or their type, digests and ids by their
# listing's column, what a listing command printed, documented defaults (a password equal to
# its user, also in Basic credentials), secrets named by reference (`from_secret`, a store's
# path and field, a password manager's item), a form's labels in any language, a PKCS #11
# token's label. Secrets beside each, so that no exclusion keeps too much.
_pub = base64.urlsafe_b64encode(b'{"u":"fieldops","a":"' + _r(20).encode() + b'"}').decode()
for text in (
    "$ doppler configure debug\nNAME            VALUE          SCOPE\n"
    "token           ********Qz7w   /srv/app",
    "STRIPE_SECRET_KEY=••••••••••••••••3xQ2  (hidden; reveal in the dashboard)",
    "SENDGRID_API_KEY=SG.xxxxxxxxxxxxxxxxxxxxxx.xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",
    'config.api_key = "live_xxxxxxxxxxxxxxxxxxxxxxxx"  # fill in',
    f"mapboxgl.accessToken = 'pk.{_pub.rstrip('=')}.{_r(22, URLSAFE)}';",
    f"const pubnub = new PubNub({{ subscribeKey: 'sub-c-{_fakes.uuid()}', uuid: 'web' }});",
    f'curl -H "X-Api-Key: client-{_r(43)}" https://flags.acme.dev/v1/evaluate',
    f"$ render secrets\nNAME               HASH              UPDATED\n"
    f"STRIPE_SECRET_KEY  {_r(16, HEX)}  2 days ago",
    f"$ gpg --list-secret-keys --with-colons ops@acme.io\n"
    f"sec:u:4096:1:{_r(16, HEX).upper()}:1704326400:::u:::scESC:\n"
    f"fpr:::::::::{_r(40, HEX).upper()}:",
    f"ecdsa-sha2-nistp256 {_r(64, B64)}= ops@bastion",
    f"sk-ssh-ed25519@openssh.com {_r(60, B64)} yubikey-5c",
    "MONGO_URL=mongodb://root:root@127.0.0.1:27017/admin  # the compose file's default",
    'curl -H "Authorization: Basic YWRtaW46YWRtaW4=" http://localhost:15672/api/overview',
    "environment:\n  DOCKER_PASSWORD:\n    from_secret: docker_password",
    "password = secret/data/payments:db_password",
    'KeePass: "Infra/Routers/core-sw1"\nLastPass: Shared-Ops/AWS root\n1Password: "Prod DB"',
    '{\n  "auth.password_label": "Mot de passe",\n  "auth.api_key": "Clé API",\n'
    '  "signup.password": "Пароль"\n}',
    'PKCS11_URI="pkcs11:model=PKCS%2315%20emulated;token=OpenSC%20Card;object=signing-key;type=private"',
):
    _l("config_syntax", text)
_v = _r(14)
_s("config_syntax", f"$ heroku config:get -s\nNAME        VALUE\nAPI_TOKEN   {_v}", _v)
_v = "Kennwort" + _r(4, string.digits)
_s("config_syntax", f'{{"db.password": "{_v}"}}', _v)
_v = _r(18)
_s("connection", f"amqp://admin:{_v}@rabbitmq:5672/", _v)
_v = base64.b64encode(f"admin:{_r(16)}".encode()).decode()
_s("authorization", f'curl -H "Authorization: Basic {_v}" http://localhost:15672/api/whoami', _v)
_v = _r(48, URLSAFE)
_s("key_block", f"$ gpg --export-secret-keys --armor ops@acme.io | base64 -w0\n{_v}", _v)
_s("config_syntax", 'admin_password: "Secret/Harbor-Lantern"', "Secret/Harbor-Lantern")


# --------------------------------------------------------------------------- told by the value
# Secrets the ninth widening finds by their value where their context was too strict: a
# passphrase whose `%` escapes no URL character, base64 of a random word, a token as a URL's
# user, a value cut by `\`, a list's value, a fallback literal, a session id, a hex key after
# words, a key as a URL's last segment, a Redis ACL password, "password" in more languages.
for _v, text in (
    ("Birch%47lantern", "Hasło do routera: Birch%47lantern, zmień po audycie."),
    ("Cobalt%69meadow", "Nenosiri la seva ni Cobalt%69meadow kwa sasa."),
):
    _s("config_syntax", text, _v)
_w = _r(22)
_v = base64.b64encode(_w.encode()).decode()
_s("config_syntax", f'$ kubectl get secret mq -o json | jq .data\n{{"erlang-blob": "{_v}"}}', _v)
_v = _r(40)
_s("connection", f"git clone https://{_v}@git.acme.dev/infra/terraform.git", _v)
_v, _w = _r(18), _r(16)
_s("config_syntax", f"export SIGNING_SECRET={_v}\\\n{_w}\nnode server.js", _v, _w)
_v = _r(28)
_s("config_syntax", f"config.tokens = ['{_v}']", _v)
_v = _r(26)
_s("config_syntax", f'SECRET = os.getenv("SECRET") or "{_v}"', _v)
_s(
    "config_syntax",
    "const dbPassword = process.env.DB_PASSWORD ?? 'tulip-garden-1984'",
    "tulip-garden",
)
_v = _r(24)
_s("connection", f"GET /api/cart?session_id={_v}&lang=en HTTP/1.1", _v)
_v = "app_" + _r(64, HEX)
_s("prefixed_token", f"BUILD_TOKEN: {_v}", _v)
_v = _r(32)
_s("connection", f"RPC_URL=https://base.rpc.acme.dev/v1/{_v}", _v)
_v = _r(17)
_s("config_syntax", f"redis-cli ACL SETUSER reporter on >{_v} ~reports:* +get", _v)
for _v, text in (
    (_r(8) + "^" + _r(5) + "?" + _r(4), "Κωδικός για τον πίνακα ελέγχου: {}"),  # noqa: RUF001
    (_r(20), "סיסמה: {} (להחליף אחרי ההתקנה)"),
    (_r(19), "Lykilorð fyrir gagnagrunninn: {}"),
):
    _s("config_syntax", text.format(_v), _v)
for text in (
    "open Quarterly%20Report2024 and Q3%2Dfinal",
    'name = os.getenv("NAME") or "default"',
    "GET /api/cart?session_id=42&lang=en HTTP/1.1",
    f"session_id: {_fakes.uuid()}",
    "git clone https://deploy@git.acme.dev/infra/terraform.git",
    "https://api.acme.dev/v1/users/42/ and https://cdn.acme.dev/v2/AssetsManifestGenerated/",
    "user default on nopass ~* +@all",
    f"CACHE_KEY=deps-v3-{_r(40, HEX)}",
):
    _l("config_syntax", text)


# --------------------------------------------------------------------------- documented formats
# Formats their providers document and secret scanners know, with a look-alike each (a public
# half, a digest, an id, an example of the same shape).
_U = UPPER_AN
_jwt = _fakes.jwt({"sub": "system:serviceaccount:ci:deployer", "iss": "kubernetes/serviceaccount"})
# (kind, secret, text): the marker must name the kind.
DOCUMENTED: list[tuple[str, str, str]] = [
    ("aws_access_key", v := "ABIA" + _r(16, _U), f"aws_access_key_id = {v}"),
    ("aws_bedrock_key", v := "ABSK" + _r(132, B64), f"export AWS_BEARER_TOKEN_BEDROCK={v}"),
    ("adobe_client_secret", v := "p8e-" + _r(32), f"ADOBE_CLIENT_SECRET={v}"),
    ("clickhouse_key", v := "4b1d" + _r(38), f"clickhouse cloud key secret: {v}"),
    ("grafana_key", v := "eyJrIjoi" + _r(90, AN), f"grafana: {v}"),
    ("harness_token", v := f"pat.{_r(22)}.{_r(24)}.{_r(20)}", f"harness login --api-key {v}"),
    (
        "octopus_key",
        v := "API-" + _r(26, _U),
        f'octo push --apiKey "{v}" --server https://deploy.acme.io',
    ),
    (
        "openshift_token",
        v := "sha256~" + _r(43, URLSAFE),
        f"oc login --token={v} --server=https://api.ocp:6443",
    ),
    ("settlemint_token", v := "sm_pat_" + _r(16), f"settlemint login {v}"),
    ("slack_token", v := "xoxe.xoxp-1-" + _r(150, _U), f"slack config token {v}"),
    ("trello_token", v := "ATTA" + _r(64, HEX) + _r(8, HEX).upper(), f"trello token {v}"),
    ("stytch_secret", v := "secret-live-" + _r(36, URLSAFE), f"STYTCH_SECRET={v}"),
    (
        "onepassword_secret_key",
        v := f"A3-{_r(6, _U)}-{_r(11, _U)}-{_r(5, _U)}-{_r(5, _U)}-{_r(5, _U)}",
        f"Emergency kit: secret key {v}",
    ),
    ("maxmind_key", v := f"{_r(6)}_{_r(29)}_mmk", f"MAXMIND_LICENSE_KEY={v}"),
    ("launchdarkly_key", v := "api-" + _fakes.uuid(), f"ld-relay --api-token {v}"),
    ("jwt", v := base64.b64encode(_jwt.encode()).decode(), f"  token: {v}"),
    ("render_key", v := "rnd_" + _r(28), f"render deploy using {v} today"),
]
for _kind, _v, text in DOCUMENTED:
    _s("prefixed_token", text, _v)
_v, _w = _r(16, B64), _r(6) + "-" + _r(6)
_s(
    "config_syntax",
    f"apiVersion: v1\nkind: Secret\nmetadata:\n  name: app\ndata:\n  host: ZGIuYWNtZS5pbw==\n"
    f"  webhook: {_v}\nstringData:\n  smtp: {_w}\n",
    _v,
    _w,
)
for text in (
    "AIDA" + _r(16, _U) + " is the user id; AROA" + _r(16, _U) + " the role id",
    "sha256:" + _r(64, HEX) + " and sha256-" + _r(43, B64) + "=",
    "GET /api/v2/items?limit=50 API-version 2024-06-01",
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: secret-refs\ndata:\n"
    "  mode: cHJvZHVjdGlvbg==\n  region: ZXUtd2VzdC0x\n",
    f"apiVersion: v1\nkind: Secret\ndata:\n  ca.crt: {_r(64, B64)}\n  username: YWRtaW4=\n",
    f"FLAG_CLIENT=api-{_r(6, LOWER_AN)}-docs",
):
    _l("prefixed_token", text)
for text in (
    'PASSWD = getpass.getpass("password for %s: " % (user or "operator"))',
    f'{{"session_id": "sesn_{_r(24)}", "status": "running"}}',
    "    user = expected >> 6",
    "review notes:\nuser bob wrote >looks good to me",
    f"INFO request done session_id={_r(22)} status=200 ms=41",
):
    _l("config_syntax", text)
_v = base64.b64encode(f"Iv1.{_r(16, HEX)}".encode()).decode()
for text in (
    f'const OAUTH_APP = atob("{_v}");  // a client id in hex, encoded',
    f'"activeSessionId": "sess-{_r(20)}",',
):
    _l("config_syntax", text)


# The user is the key when the password is empty or a dummy (`-u KEY:X`, `btoa(KEY + ':')`);
# Basic credentials built in code; a feed key in capitals and digits; a PEM block in XML with
# `&#10;` newlines; a CSV column named by its header.
_v = _r(26)
_s("authorization", f"curl -s -u {_v}:x https://api.timesheets.example/v2/users/me", _v)
_v = _r(14)
_s("authorization", f'auth = Base64.strict_encode64("ops:{_v}")', _v)
_v = _r(40, HEX)
_s("authorization", f"headers: {{ Authorization: `Basic ${{btoa('{_v}:')}}` }}", _v)
_v = "".join(_r(5, string.ascii_uppercase) + _r(1, string.digits) for _ in range(3))
_s("config_syntax", f"feed_key: {_v}", _v)  # capitals in runs, as many generators make
_v = _r(30)
_s("authorization", f"curl -u {_v}: https://api.mailhub.example/v3/messages", _v)
_v = _b64_lines(256).replace("\n", "&#10;")
_s(
    "key_block",
    f'<entry key="signing">-----BEGIN PRIVATE KEY-----&#10;{_v}&#10;-----END PRIVATE KEY-----'
    "</entry>",
    _v.split("&#10;")[1],
)
_v, _w = _r(18), _r(21)
_s("config_syntax", f"name,region,db_password\napp,eu,{_v}\nworker,us,{_w}\n", _v, _w)
for text in (
    "curl -u deploy: https://nexus.acme.io/service/rest/v1/status",
    'auth = base64.b64encode(f"{user}:{password}".encode())',
    "token = btoa(`${clientId}:${clientSecret}`)",
    '"regionKey": "EU_WEST_1"',
    f"<cert>-----BEGIN CERTIFICATE-----&#10;{_r(64, B64)}&#10;-----END CERTIFICATE-----</cert>",
    "name,token_ttl,password_min\nweb,3600,12\nworker,600,16\n",
    "service,secret,notes\nbilling,vault,rotated monthly\nsearch,keychain,local only\n",
):
    _l("config_syntax", text)
for text in (
    "proxy-authorization: `Basic ${Buffer.from('user:pass').toString('base64')}`",
    'auth = btoa("admin:admin")',
):
    _l("authorization", text)


# Public by its documented format: Supabase's anon JWT (`"role": "anon"`) and publishable key go to
# every browser; its service-role JWT is a secret.
_ref = _r(20, LOWER_AN)
_anon = _fakes.jwt({"iss": "supabase", "ref": _ref, "role": "anon", "iat": 1_767_000_000}, "HS256")
_v = _fakes.jwt({"iss": "supabase", "ref": _ref, "role": "service_role"}, "HS256")
_s("prefixed_token", f'const admin = createClient(url, "{_v}")', _v)
for text in (
    f'const supabase = createClient("https://{_ref}.supabase.co", "{_anon}")',
    f"SUPABASE_KEY=sb_publishable_{_r(28, URLSAFE)}",
):
    _l("prefixed_token", text)


# Round 7: what transfers to text nobody here has seen. A password told by its shape alone, in
# any language: what a generator makes (its symbols include `-_+?` beside `~#*!`) and what
# password rules make people append (words, a number, a closing symbol).
def _generated_password() -> str:
    """Upper, lower and digits with two symbols inside, as password managers make them."""
    while True:
        parts = [_r(_rng.randint(4, 7), AN) for _ in range(3)]
        text = parts[0] + _rng.choice("-_+") + parts[1] + _rng.choice("~#*?!^") + parts[2]
        if any(c.isupper() for c in text) and any(c.islower() for c in text):
            return text


_WORDS = "amber birch cedar delta ember fjord garnet harbor indigo juniper kestrel lantern".split()


def _appended_password() -> str:
    first, second = _rng.sample(_WORDS, 2)
    return f"{first.capitalize()}{second}{_rng.randint(10, 9999)}{_rng.choice('!#$*')}"


for template in (
    "Creds for the NAS: `ops` / `{v}` (rotate after the audit)",
    "ssh backup@10.4.0.7, then type {v} at the prompt",
    "Lösenordet till wifi:t i konferensrummet är {v} och det byts varje månad.",
    "Salasanasi on {v} — vaihda se heti.",
    "Паролата за сървъра е {v}",  # noqa: RUF001
    "सर्वर का पासवर्ड {v} है।",
    "รหัสผ่าน {v} ครับ",
    "데이터베이스 비밀번호는 {v} 입니다.",
    "测试库的密码为 {v}，别外传。",  # noqa: RUF001
    "管理画面のパスワードは {v} です。",
):
    _v = _generated_password()
    _s("config_syntax", template.format(v=_v), _v)
for template in (
    "the wifi for guests this week: {v}",
    "Zugang fürs Testsystem: admin / {v}",
    "[10:02] Ana: entra com {v} e troca depois",
    "Passordet til ruteren er {v}.",
    "新的 wifi 是 {v}，别外传。",  # noqa: RUF001
):
    _v = _appended_password()
    _s("config_syntax", template.format(v=_v), _v)
for template in (
    "API-Schlüssel: {v}",
    "la clave API de producción para el SMS es {v}",
    "密码：{v}",  # noqa: RUF001
    "Adgangskoden er {v}",
):
    _v = _r(32, HEX)
    _s("config_syntax", template.format(v=_v), _v)
_v = _fakes.uuid()
_s("connection", f"SMTP_URL=smtp://{_v}:{_v}@smtp.example.net:587", _v)
_v = "S" + "U" + _r(56, "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567")
_s("connection", f"nkey_seed: {_v}", _v)
for text in (
    "MyClass_Test#method2 failed on Windows11!",
    "see UserId#getById and OrderLine#setUnitPrice in the Javadoc",
    "assert b85encode(data) == b'jE#j^CEc2%06gZC'",
    '"tlBUDki}J-!_Dy}5S(MrxSXy~$Z+hgH3P^<<w7D72L7I-R%H3(xm&q_DXxkp$owLTS6Wzk",',  # base85
    '"a++P_^gYmgrc9FO-K3s~`jAcqVV!k?NV2IFV^86`cr>Qx%fmm7?3u7P5TywFQ}C@S(pq}|",',
    'b85 = "c3ArRdO(WL&w9Aqd6S_qAGZzW"',
    '"rrly=c*rwTwMJFd0I57`hgkc?=nyI4RZf9W$6DCWugmf&)wk^tWH17owj=#PGH7Xv-?9$j",',
    '"7^z6-C4P67UWOXuMBubP>j6i~03aR@jD^-Y`JSYu#Yp0P8dLLJ0QOPE8=BoiuRX59YW7xg",',
    f"oauth callback received, state={_r(22, AN)} matches the session's",
    f"  token: 'live_{_r(27, HEX)}', // client-side token, public by design",
    "see Content-Type?charset=utf-8 and data-testid~Foo",
    "Hello-World~Again is the sample's output",
    "Release2024! is out: https://example.com/blog/Release2024",
    "the パスワード field is required",
    "API-Schlüssel: siehe 1Password",
    "la clave API está en Vault",
    "密码：请见 1Password 里的条目",  # noqa: RUF001
    "Passordet er lagret i Bitwarden.",
    "POSTGRES_PASSWORD: postgres",
    "RABBITMQ_DEFAULT_PASS=rabbitmq",
    "celery transport: amqps://worker:**@mq.internal:5671//",
    "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
    f"NKey: U{_r(55, 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567')}",
    f'dsn: "https://{_r(32, HEX)}@o{_r(12, string.digits)}.ingest.us.sentry.io/{_r(7, HEX[:10])}"',
    f"password: pbkdf2_sha256$600000${_r(22, AN)}${_fakes.b64(32)}",
    f'"db_password": "EJ[1:{_fakes.b64(32)}:{_r(32, AN)}:{_fakes.b64(24)}]"',
    "vault_password: |\n  -----BEGIN PGP MESSAGE-----\n\n  hQEMA5example\n"
    "  -----END PGP MESSAGE-----",
    f'Purchases.configure(apiKey: "appl_{_r(27, AN)}")',
    f"  key: 'live_{_r(27, HEX)}', // client-side key, public by design",
):
    _l("config_syntax", text)
# Values only the name can tell (hex looks like a digest alone): the words for password and key,
# inflected, in more languages and scripts, and their copulas.
for template in (
    "پاس ورڈ {v} ہے",
    "Паролата на root е {v}",  # noqa: RUF001
    "პაროლი არის {v}",
    "Wagwoord vir die toetsbediener is {v}",
    "Lösenordet är {v}",
    "Voici le mot de passe : {v}",
    "测试库的密码为 {v}，别外传。",  # noqa: RUF001
):
    _v = _r(24, HEX)
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "AccountName=devstoreaccount1;AccountKey=Eby8vdM02xNOcqFlqUwJPLlmEtlCDXJ1OUzFT50uSRZ6IFsuFq2"
    "UVErCz4I6tq/K1SZFPTOtr/KBHBeksoGMGw==;BlobEndpoint=http://127.0.0.1:10000/devstoreaccount1;",
    "za паролата виж в 1Password",
    "Паролата за сървъра е в трезора",  # noqa: RUF001
):
    _l("config_syntax", text)
_v = "live_" + _r(27, HEX)
_s("prefixed_token", f"  token: '{_v}', // not public: rotate it if it leaks", _v)
_v = f"{_r(6, AN)}{_rng.choice('-_+')}{_r(6, AN)}#{_r(5, AN)}Q"
_s("config_syntax", f"*root* / *{_v}* on the lab switch (Jira's emphasis)", _v)


# ------------------------------------------- the eleventh widening (held-out 11's misses, read)
# A JWE (five parts, the header names its `enc`) wherever it is printed, with no name beside it.
def _jwe(key: str) -> str:
    header = base64.urlsafe_b64encode(
        json.dumps({"alg": "RSA-OAEP", "enc": "A256GCM"}).encode()
    ).decode()
    return ".".join((header.rstrip("="), key, _r(16, URLSAFE), _r(300, URLSAFE), _r(22, URLSAFE)))


_v = _jwe(_r(342, URLSAFE))
_s("authorization", f"set-cookie: __Secure-next-auth.session-token={_v}; Path=/; HttpOnly", _v)
_v = _jwe("")  # `dir`: the key part is empty
_s("config_syntax", f"cached (encrypted) for the worker:\n  {_v}\n", _v)
_v = ".".join(
    (
        base64.urlsafe_b64encode(b'{"alg":"none","typ":"x"}').decode().rstrip("="),
        "abcdefgh",
        "ijklmnop",
        "qrstuvwx",
        "yzabcdef",
    )
)
_l("authorization", f"parts: {_v} (a dotted id whose header names no encryption)")
# `&` inside a value, where no query parameter follows it.
for template in (
    "[prod]\nhost=db.internal\npassword={v}\n",
    "spring.datasource.password: {v}",
    "MYSQL_PWD={v} mysql -h db -u app",
):
    _head = _r(6, string.ascii_letters)
    _v = f"{_head}&{_r(7, AN)}@{_r(3, AN)}"
    _s("config_syntax", template.format(v=_v), _v, _v[len(_head) :])
for text in (
    "https://shop.example/login?next=/cart&password_reset=1&lang=de",
    "GET /auth?token=&user=anonymous HTTP/1.1",
):
    _l("config_syntax", text)
# A webhook's key, by the URL alone: any provider whose host or path says hook.
for template in (
    "n8n trigger: https://n8n.acme.dev/webhook/{v}",
    "curl -X POST 'https://maker.ifttt.com/trigger/door_open/with/key/{v}'",
    "notify:\n  url: https://hooks.acme-chat.io/in/{v}?format=json",
):
    _v = (
        f"{_r(8, HEX)}-{_r(4, HEX)}-4{_r(3, HEX)}-a{_r(3, HEX)}-{_r(12, HEX)}"
        if "n8n" in template
        else _r(22, AN) + _r(2, string.digits)
    )
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "https://github.com/pre-commit/pre-commit-hooks/commit/" + _r(40, HEX),
    "https://api.github.com/repos/octo/app/hooks/412345678/deliveries/98765432101234567890",
    "see https://docs.n8n.io/integrations/builtin/core-nodes/n8n-nodes-base.webhook/",
):
    _l("config_syntax", text)
# A flag where a value was expected: the tool prompts for the password.
for text in (
    "pg_dump --username app --password --format=custom --file=nightly.dump shop",
    "mongosh --username admin --password --authenticationDatabase admin",
):
    _l("connection", text)
# A placeholder behind a documented prefix.
for text in (
    "SLACK_USER_TOKEN=xoxp-your-user-token",
    "export GITLAB_TOKEN=glpat-your-token-here",
):
    _l("prefixed_token", text)
# Ciphertext meant to be committed: Jenkins' encrypted Secret, under any name.
for name in ("password", "privateKeySource", "secret"):
    _v = "{AQAAABAAAAAQ" + _r(60, B64) + "=}"
    _l("config_syntax", f"  <{name}>{_v}</{name}>")
# A documented default: a word of the name and `admin` / `root` / `pass`.
for text in (
    "      MINIO_SECRET_KEY: minioadmin",
    "export NEXUS_ADMIN_PASSWORD=nexusadmin",
):
    _l("config_syntax", text)
_v = "minio" + _r(10, AN) + "!"
_s("config_syntax", f"MINIO_ROOT_PASSWORD={_v}", _v)
# "Password" and "key" in more languages and scripts: Lithuanian, Latvian, Greek, Amharic's
# phrase, Armenian's and Ethiopic's colons, a joiner after an Indic virama.
for template in (
    "Štai API raktas: {v}",
    "API atslēga ir {v}",
    "Το κλειδί API είναι {v}",  # noqa: RUF001
):
    _v = _r(32, HEX)
    _s("config_syntax", template.format(v=_v), _v)
for template in (
    "የዳታቤዝ የይለፍ ቃል፦ {v}",
    "Սերվերի գաղտնաբառ՝ {v}",  # noqa: RUF001
    "ప్రొడక్షన్ పాస్\u200cవర్డ్ {v}",
    "प्रोडक्शन पासवर्\u200dड: {v}",
):
    _v = f"{_r(6, AN)}{_rng.choice('!%^')}{_r(6, AN)}.{_r(3, string.ascii_lowercase)}"
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "Žr. API raktas: dokumentacijoje",
    "Το κλειδί API είναι στο vault",  # noqa: RUF001
):
    _l("config_syntax", text)
# A secret printed by a command that reads a key file.
_v = _r(32, AN)
_s("config_syntax", f"$ cat ~/.config/censys/api_key\n{_v}\n$ censys search x", _v)
_v = _b64_lines(300, 76)
_s(
    "key_block",
    f"root@db-1:~# cat /etc/mongo/replica.keyfile\n{_v}\nroot@db-1:~#",
    *_v.splitlines()[:-1],
)
_l(
    "key_block",
    "$ cat ~/.ssh/authorized_keys\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIGx1 me@laptop",
)
# Dashed groups of one length, random (Nextcloud's app passwords): no tag before them.
for first in (UPPER_AN, LOWER_AN):  # a first group in one case reads as a tag (`PYN06-`)
    _v = "-".join((_r(5, first), *(_r(5, AN) for _ in range(4))))
    _s("config_syntax", f"Device 'laptop (davfs2)' created: {_v}", _v)
for text in ("build: RC12-AB34-CD56-EF78", "serial: FG7H-2KLM-9PQR-4STV-8WXY"):
    _l("config_syntax", text)
# Base64 and its padding before a blank are no name and value (`…Pw= ssh-ed25519`).
_l(
    "key_block",
    f"|1|{_r(27, B64)}=|{_r(24, B64)}4Pw= ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_r(40, B64)}",
)
# Fillers and published development keys.
_l("key_block", "seed_phrase = 'abandon abandon abandon abandon abandon abandon about'")
_l(
    "key_block",
    "PRIVATE_KEY=0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80  # anvil #0",
)
# A list of one value under a telling name (Keycloak's realm export, TOML, YAML).
for template in ('"secret": [ "{v}" ],', "api_key = ['{v}']", 'password: ["{v}"]'):
    _v = _r(40, AN)
    _s("config_syntax", template.format(v=_v), _v)
_l("config_syntax", 'tokens: ["$GITHUB_TOKEN"]')
# An XML element's attributes between the name and a value of plain words (the assignment
# rule's cheap test before its regex must let them through).
_s("config_syntax", '<smtp_password type="plain">swordfish</smtp_password>', "swordfish")


# ------------------------------------------------ the twelfth widening (round 10): mechanisms
# The word for password in every language a translation service offers (languages.py), in
# languages no split held, and a sentence that names it and then tells it a few words on, in
# any word order (no list of copulas): a value that looks made, not written.
def _told() -> str:  # a password as generators make them: case, a symbol and a dot inside
    return f"{_r(7, AN)}{_rng.choice('!*+%')}{_r(6, AN)}.{_r(4, AN)}"


for template in (
    "Sinhala: දත්ත සමුදායේ මුරපදය {v} වේ.",  # the value, then the verb
    "Odia: ସର୍ଭରର ପାସୱାର୍ଡ {v} ଅଟେ।",
    "Khmer: ពាក្យសម្ងាត់របស់ម៉ាស៊ីនមេគឺ {v}",  # no blanks between words
    "Burmese: ဆာဗာ၏ စကားဝှက်မှာ {v} ဖြစ်သည်။",
    "Mongolian: Серверийн нууц үг бол {v}.",  # a phrase: "secret word"  # noqa: RUF001
    "Swahili (Kenya): nywila ya seva ni {v}, usimwambie mtu.",
    "Xhosa: Iphasiwedi yeseva ngu {v}.",
    "Yiddish: דאָס פאַסווארט פֿונעם סערווער איז {v}",
    "Pashto: د سرور پټنوم {v} دی",
    "Sesotho: Phasewete ea seva ke {v}.",
    "Malagasy: Ny tenimiafina an'ny mpizara dia {v}.",
    "Tagalog: Ang password ng database ay nasa chat: {v}",
    "Samoan: O le upu faataga o le server o {v}.",
    "Kinyarwanda: ijambo ry'ibanga rya seriveri ni {v}",
    "Hawaiian: ʻO ka ʻōlelo huna o ka server ʻo {v}.",  # noqa: RUF001
    "the password for the staging box is {v}, rotate it after the demo",
    "Passwort fürs VPN lautet {v}",
    "Faroese: Loyniorðið til netið er {v}.",
    "Finnish: palvelimen salasanasi on {v}",
    "Japanese: 本番DBのパスワードは {v} です",
    "Korean: 서버 비밀번호는 {v} 입니다",
):
    _v = _told()
    _s("config_syntax", template.format(v=_v), _v)
_v = _r(16, string.ascii_lowercase + string.digits)  # one case, random: an app password
_s("config_syntax", f"iCloud app-specific password for the mail client: {_v}", _v)
_v = f"{_r(5, AN)}{_r(3, string.digits)}{_r(4, AN)}"
_s("config_syntax", f"Le mot de passe du wifi invités est {_v} depuis lundi.", _v)
for text in (
    "Set the password policy to MinLength12 and require Upper+Lower.",
    "password for user Admin7Xk9 was reset by the helpdesk",
    "Use PasswordEncoder.encode() or BCryptPasswordEncoder instead of plain text.",
    "The password field in RegisterForm.tsx uses zxcvbn v4.4.2 for strength.",
    "password managers like KeePassXC2 and Bitwarden keep it",
    "The password is stored in 1Password under 'Prod DB'.",
    "password reset emails now go through SendGridV3 templates.",
    "aws cognito-idp confirm-forgot-password --client-id 3n4b5urk1ft4fl3mg5e62d9ado --username x",
    "password: credentialsJSON:6b0c4d1e-2f3a-4b5c-8d9e-0f1a2b3c4d5e",
    "Die Passwort-Richtlinie verlangt Groß+Klein und Ziffern, siehe RFC-8018.",
    "La contraseña se guarda en Vault: secret/data/app, campo db_pass.",
    "Il-password tal-wifi tinbidel kull xahar; staqsi lil IT.",
    "Kalmar sirri ta canza jiya; duba Bitwarden.",
    "Nywila ya seva iko kwenye Vault, si hapa.",
    "パスワードは 1Password の「本番DB」にあります",
    "The user's password (bcrypt hash) is $2b$12$KIXQJ8mY9lN0pQrStUvWxO in the dump.",
    "Password expiry is 90 days; see PasswordPolicy.MaxAge2 in the admin UI.",
):
    _l("config_syntax", text)
# Where the password is kept, by product: a password manager's name is no password.
for text in (
    "Wi-Fi-Passwort: KeePassXC, Eintrag 'Büro'",
    "senha: Bitwarden (coleção Infra)",
    "password → 1Password, vault Ops",
    "Le mot de passe est dans Dashlane.",
    "密碼：LastPass 裡的 staging-db",  # noqa: RUF001
    "DB_PASSWORD=Doppler  # injected at deploy",
):
    _l("config_syntax", text)
# AWS documents every example credential with EXAMPLE in it, and signs its examples with them:
# published, not secrets. The same shapes with a random key are.
for text in (
    "aws_secret_access_key = je7MtGbClwBF/2Zp9Utk/h3yCo8nvbEXAMPLEKEY",
    "AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY aws s3 ls",
    '"SecretAccessKey": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzEXAMPLEKEY",',
    "https://examplebucket.s3.amazonaws.com/test.txt?X-Amz-Algorithm=AWS4-HMAC-SHA256"
    "&X-Amz-Credential=AKIAIOSFODNN7EXAMPLE%2F20130524%2Fus-east-1%2Fs3%2Faws4_request"
    "&X-Amz-Date=20130524T000000Z&X-Amz-Expires=86400&X-Amz-SignedHeaders=host"
    "&X-Amz-Signature=aeeed9bbccd4d02ee5c0109b86d86835f995330da4c265957d157751f604d404",
    "Authorization: AWS4-HMAC-SHA256 Credential=AKIAIOSFODNN7EXAMPLE/20130524/us-east-1/s3/"
    "aws4_request, SignedHeaders=host;range;x-amz-date, "
    "Signature=fe5f80f77d5fa3beca038a248ff027d0445342fe2855ddc963176630326f1024",
):
    _l("authorization", text)
_v = _r(40, B64.replace("=", ""))
_s("config_syntax", f"aws_secret_access_key = {_v}", _v)
_v = _r(64, HEX)
_s(
    "authorization",
    "Authorization: AWS4-HMAC-SHA256 Credential=AKIA" + _r(16, UPPER_AN) + "/20261204/"
    f"eu-west-1/s3/aws4_request, SignedHeaders=host;x-amz-date, Signature={_v}",
    _v,
)
# What a command printed when its words say it makes, exports or prints a key (`print-key`,
# `key:generate`, `preauthkeys create`, `rotate-api-key`), in any tool, or when it makes
# something and its output says key, token, secret or password before the value; a GitHub
# Actions step's `Run` line is a prompt too. Not a flag's key, a public half, a certificate.
_v = _r(38, B64) + "=="
_s("key_block", f"$ ceph auth print-key client.rbd-mirror\n{_v}\n$ ceph status", _v)
_v = _r(43, B64) + "="
_s("key_block", f"$ php artisan key:generate --show\nbase64:{_v}", _v)
_v = _r(48, HEX.lower())
_s("key_block", f"$ headscale preauthkeys create --user ops --reusable\n{_v}", _v)
_v = _r(52, string.ascii_lowercase * 2 + string.digits)  # long letter runs, as words have
_s("config_syntax", f"ops@bastion:~$ conjur user rotate-api-key\n{_v}", _v)
_v = _r(48, AN)
_s(
    "config_syntax",
    f"$ sudo ./relay-ctl agents add edge-7\nAgent created.\nAPI token: \n  {_v}\n",
    _v,
)
_v = _b64_lines(180, 60)
_s(
    "key_block",
    f'Run echo "$DEPLOY_KEY_B64" | base64 -d | tee deploy.key\n{_v}',
    *_v.splitlines()[:-1],
)
for text in (
    "$ gpg --armor --export-key alice@acme.dev\n-----BEGIN PGP PUBLIC KEY BLOCK-----\n\n"
    "mQINBGX4n2kBEADJ0pW7s8Yq3vLk2mNf9RtZ1xHb6cVw4EoAuPiD5gKjLh3nMz7Qy2Ws",
    "$ ssh-keygen -y -f deploy.key\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB3kq9RmPx2tW7n deploy@ci",
    "$ kubectl get secret web-tls -o jsonpath='{.data.tls\\.crt}' | base64 -d\n"
    "-----BEGIN CERTIFICATE-----\nMIIDdzCCAl+gAwIBAgIEAgAAuTANBgkqhkiG9w0BAQUFADBaMQswCQYDVQQGEwJJ",
    "$ aws s3api put-object --bucket logs --key builds/7f3a9c/app.tar.gz --body app.tar.gz\n"
    '{\n    "ETag": "\\"9b2cf535f27731c974343645a3985328\\""\n}',
    "$ az keyvault key create --vault-name kv1 --name signing --kty RSA\n"
    '  "kid": "https://kv1.vault.azure.net/keys/signing/4f2b9c8e1d7a4e3f9b6c2d1e8f7a6b5c",',
    "$ npm token list\n│ 7f3a9c │ ci-publish │ 2026-11-02 │ read-write │",
    "Run actions/checkout@v4\n  with:\n    repository: acme/web\n"
    "    ref: 4f2b9c8e1d7a4e3f9b6c2d1e8f7a6b5c4d3e2f1a",
):
    _l("key_block", text)
# Credentials as protocols carry them: AUTH and LOGIN commands (Redis, SMTP, POP3, IMAP) typed,
# quoted by MONITOR, framed by RESP in a trace; SASL PLAIN's NUL-separated user and password.
_v = _told()
_s("connection", f'1764547200.512 [0 172.18.0.4:40112] "AUTH" "{_v}"', _v)
_v = _told()
_s("connection", f"redis-cache:6379> AUTH billing {_v}\nOK", _v)
_v = _r(14, AN) + "-" + _r(5, AN)
_s(
    "connection",
    f'sendto(5, "*2\\r\\n$4\\r\\nAUTH\\r\\n${len(_v)}\\r\\n{_v}\\r\\n", 31, MSG_NOSIGNAL) = 31',
    _v,
)
_v = _told()
_s("connection", f"* OK IMAP4rev1 ready\na1 LOGIN mailbot@acme.dev {_v}\na1 OK LOGIN completed", _v)
_v = base64.b64encode(f"\0ci@acme.dev\0{_told()}".encode()).decode()
_s("connection", f"C: EHLO ci\nS: 250-AUTH PLAIN LOGIN\nC: AUTH PLAIN {_v}\nS: 235 2.7.0", _v)
_v = _told()
_s("connection", f"kafka DEBUG SaslPlain sending: ^@svc-orders^@{_v}", _v)
_v = _told()
_s("connection", f'xmpp <auth mechanism="PLAIN">\\u0000bot\\u0000{_v}</auth>', _v)
for text in (
    "AUTH failed: WRONGPASS invalid username-password pair or user is disabled.",
    "S: 250-AUTH PLAIN LOGIN XOAUTH2\nC: AUTH LOGIN",
    "Redirects to the LOGIN page when the OAUTH session expires.",
    "ERR AUTH <password> called without any password configured for the default user.",
    'wchar_t names[] = L"first\\x00second\\x00third\\x00\\x00";',
    '"AUTH" "$REDIS_PASSWORD"',
    "AUTH ${REDIS_PASSWORD}",
    "a1 LOGIN",
):
    _l("connection", text)
# Public by what stands beside it: a comment after the value or on the lines above, or its own
# label (`publicKey`, `NEXT_PUBLIC_…`), for values only their shape or a call tells. A comment
# that denies it, or a secret's own name, still redacts.
for template in (
    "posthog.init('{v}', {{ api_host: 'https://eu.posthog.com' }})  // project key: public",
    "<!-- Segment write key: public, it ships to every browser -->\n<script>\n"
    '  analytics.load("{v}");\n</script>',
    "# client-side key (publishable), safe in the page\nrum.configure(applicationId, '{v}')",
    "heap.load('{v}');  /* app id is public */",
    "const cfg = {{ publicKey: '{v}', locale: 'de' }};",
    "NEXT_PUBLIC_SENTRY_KEY={v}",
):
    _l("prefixed_token", template.format(v=_r(32, AN)))
for template in (
    "amplitude.init('{v}');  // NOT public: server key",
    "# public repo, so never commit this\nDEPLOY_TOKEN={v}",
    'stripe.setup("{v}")  // not publishable',
):
    _v = _r(32, AN)
    _s("prefixed_token", template.format(v=_v), _v)
# "Key" and "token" in more languages (a qualifier makes them secret); a printed key after its
# label and a blank line; git-crypt's key (not git's own objects); a DNS key record is public.
_v = _r(32, HEX)
_s("config_syntax", f"Kazakh: API кілт: {_v}", _v)
_v = _r(40, AN)
_s("config_syntax", f"访问令牌：{_v}", _v)  # noqa: RUF001
_v = _r(48, AN)
_s(
    "config_syntax",
    f"$ sudo ./meshctl nodes add edge-7\nNode enrolled. Its token (shown once) follows\n\n  {_v}\n",
    _v,
)
_v = _r(86, B64) + "=="
_s("key_block", f"$ git-crypt export-key - | base64 -w0\n{_v}", _v)
for text in (
    "$ dig +short DNSKEY acme.dev\n257 3 13 mdsswUyr3DPW132mOi8V9xESWE8jTo0dxCjjnopKl+"
    "GqJxpVXckHAeF+KkxLbxILfDLUT0rAK9iUzy1L53eKGQ==",
    "self.serv.add_feature('AUTH CRAM-MD5')",
    'AUTH = ("neo4j", "password")',
    "self.push('234 AUTH TLS successful')",
    "capabilities = 'AUTH ENABLE IMAP4rev1 LITERAL+ NAMESPACE'",
    "self.push('500 Error: command \"AUTH\" not recognized')",
):
    _l("key_block", text)
# A made value of one case in a sentence, after the word for password; and words of a sentence
# that are not one: after a user word, a flag, a digest word, CamelCase words, a trailing
# version digit, an identifier holding the name.
for template in (
    "Das App-Passwort {v} gilt nur für IMAP.",
    "le mot de passe applicatif {v} ne sert qu'à IMAP",
    "Fastmail app password {v} (created 2026-12-04)",
):
    _v = _r(16, string.ascii_lowercase + string.digits)
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "password for user jD8kq2Lm was reset by the helpdesk",
    "Use `reset password --user-id U7kdP2xQ9` to force a new one",
    "The password digest Zm9vYmFyYmF6cXV4MTIzNDU2 appears in the audit log",
    "The password must mix Upper+Lower cases",
    "The password emails go through SendGridV3 since May",
    "Fixed the forgotPassword race (Sentry issue JS-7Qk2xP9m)",
    'if cmd == "AUTH" and len(args) == 2:',
    "[server] AUTH succeeded",
    'static const wchar_t adapters[] = L"Ethernet0\\x00Loopback1\\x00WiFiAdapter2\\x00\\x00";',
):
    _l("config_syntax", text)
# A block that returns a literal under a telling name (RSpec, Swift, Kotlin, Ruby, Groovy), and
# a shell value continued on the next line after `NAME=\`.
for template in (
    "  let(:stripe_secret) {{ '{v}' }}",
    '  let!(:webhook_token) {{ "{v}" }}',
    '    var apiToken: String {{ "{v}" }}',
    '    val signingSecret by lazy {{ "{v}" }}',
    "  define_method(:client_secret) {{ '{v}' }}",
    "    def getApiKey() {{ return '{v}' }}",
):
    _v = _r(32, AN)
    _s("config_syntax", template.format(v=_v), _v)
for template in (
    "docker run -d -e MEILI_MASTER_KEY=\\\n  {v} \\\n  getmeili/meilisearch:v1.8",
    "export GITLAB_TOKEN=\\\n    {v}",
    "ENV SENTRY_AUTH_TOKEN=\\\n    {v}",
    "helm upgrade app ./chart --set-string db.password=\\\n  {v}",
):
    _v = _r(40, AN)
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "  let(:api_key) { create(:api_key) }",
    "  let(:token_name) { 'ci-deploy' }",
    '  let(:sort_key) { "created_at" }',
    "  let(:api_key) { 'your-api-key' }",
    '    var tokenLabel: String { "Personal access token" }',
    "  let(:token) { SecureRandom.hex(16) }",
    'items.map { "7f3a9c2b8d1e4f5a6b7c8d9e0f1a2b3c" }',
    "RUN ./configure --with-key=\\\n    --prefix=/usr",
    "export CACHE_KEY=\\\n  deps-v3-node20-linux",
):
    _l("config_syntax", text)
# Words for password written with a hyphen (Breton, Scots Gaelic, Portugal's Portuguese) and
# glued (Kinyarwanda's `ijambobanga`), as localisation files write them.
for template in (
    "Breton: ar ger-tremen evit ar servijer eo {v}",
    "A palavra-passe do servidor é {v}, não a partilhes.",
    "Ijambobanga rya seriveri ni {v}",
):
    _v = _told()
    _s("config_syntax", template.format(v=_v), _v)
# `Authorization: <scheme> user:secret`, any scheme but Basic's: the secret, and a key as user.
_v = _r(32, UPPER_AN)
_s("authorization", f"curl -H 'Authorization: cpanel deploy:{_v}' https://h.example:2083/x", _v)
_v = _r(32, UPPER_AN)
_s("authorization", f"Authorization: whm root:{_v}", _v)
_k, _v = _r(37, AN + "_"), _r(22, AN)
_s("authorization", f"headers = {{'Authorization': 'sso-key {_k}:{_v}'}}", _k, _v)
_v = _r(40, AN)
_s("authorization", f'-H "Authorization: ApiKey ops@acme.dev:{_v}"', _v)
for text in (
    'Authorization: Digest username="Mufasa", realm="testrealm@host.com", nonce="dcd98b"',
    "Authorization: cpanel username:APITOKEN",
    "Authorization: AWS AKIAIOSFODNN7EXAMPLE:frJIUN8DYpKDtOLCwo//yllqDzg=",
    "Authorization: sso-key {API_KEY}:{API_SECRET}",
):
    _l("authorization", text)
# A database client's constructor given (dsn or host, user, password, …): PDO (and its
# `PDO->__construct(…)` in a stack trace), mysqli, Sequelize, any `*_connect`.
for template in (
    "#1 /srv/www/lib/Db.php(41): PDO->__construct('pgsql:host=pg.int...', 'billing', '{v}')",
    '$pdo = new PDO("mysql:host=db;dbname=shop;charset=utf8mb4", "shop", "{v}", $options);',
    "$db = new mysqli('db.internal', 'crm', '{v}', 'crm');",
    '$link = mysqli_connect("127.0.0.1", "wp", "{v}", "wordpress");',
    "const db = new Sequelize('orders', 'orders', '{v}', {{ host: 'pg', dialect: 'postgres' }});",
):
    _v = _told()
    _s("connection", template.format(v=_v), _v)
for text in (
    "$pdo = new PDO($dsn, $user, $pass);",
    "$db = new mysqli('localhost', 'root', '', 'test');",
    "new Sequelize('app', 'app', 'password', { dialect: 'mysql' })",
    "$pdo = new PDO('sqlite:/tmp/app.db');",
    "$link = mysqli_connect($host, $user, getenv('DB_PASS'));",
    "client.disconnect('orders', 'shutdown', 'Xk9mQ2pL7w')",
):
    _l("connection", text)


# Round 11. Keep-side: public key material by its form or where it stands. An uncompressed
# elliptic-curve point (65 bytes, the first 4) is a public key: VAPID's, P-256's, Ethereum's.
_point = base64.urlsafe_b64encode(bytes([4]) + bytes(_rng.randrange(256) for _ in range(64)))
_pt = _point.decode().rstrip("=")
_hex_point = "04" + _r(128, "0123456789abcdef")
for text in (
    f"applicationServerKey: urlBase64ToUint8Array('{_pt}'),",
    f"const token = await getToken(messaging, {{ vapidKey: '{_pt}' }});",
    f"webpush.setVapidDetails('mailto:ops@acme.io', '{_pt}', process.env.VAPID_PRIVATE_KEY);",
    f'serverKey = "{_pt}"',
    f'signer_key = "{_hex_point}"',
    f"VAPID_KEY={_point.decode()}",
):
    _l("key_block", text)
_v = _r(43, AN)  # a VAPID private key: 32 bytes, no 0x04 point
_s("key_block", f"webpush.setVapidDetails('mailto:ops@acme.io', '{_pt}', '{_v}');", _v)
_s("key_block", f"VAPID_PRIVATE_KEY={_v}\nVAPID_PUBLIC_KEY={_pt}", _v)
# A key id as gpg lists it (`ssb cv25519/…`), and DNS records that publish keys, a zone file's
# record split across lines and strings included.
for text in (
    f"sub   rsa4096/{_r(16, HEX).upper()} 2024-01-02 [E]",
    f"ssb   nistp256/{_r(16, HEX).upper()} 2024-01-02 [E] [expires: 2026-01-02]",
    f"ssb>  ed25519/{_r(16, HEX).upper()} 2023-05-01 [S]",
    f"pub   dsa3072/{_r(16, HEX).upper()} 2019-11-20 [SC]",
    f'sel1._domainkey IN TXT ( "v=DKIM1; k=rsa; "\n  "p={_r(120, B64)}"\n  "{_r(96, B64)}" )',
    f'$ dig +short TXT k1._domainkey.acme.io\n"v=DKIM1; k=rsa; p={_r(200, B64)}" "{_r(180, B64)}"',
    f"acme.io. 3600 IN DNSKEY 257 3 13 {_r(86, B64)}==",
    f"lena.acme.io. IN OPENPGPKEY {_r(120, B64)}",
):
    _l("key_block", text)
_v = _r(40, AN)
_s("key_block", f'"v=DKIM1; k=rsa; p=MIIB"\n\n\n\nDKIM_SIGNING_SECRET={_v}', _v)
# A published test vector, said so beside it: a comment naming a test vector, a known answer,
# an example key.
for text in (
    'key = bytes.fromhex("2b7e151628aed2a6abf7158809cf4f3c")  # FIPS-197 example key',
    f'const key = Buffer.from("{_r(40, AN)}", "base64"); // RFC 4231 test case 2',
    f'key = "{_r(32, AN)}"  # Wycheproof test vector 17',
    f'/* known-answer test */\nstatic const char *key = "{_r(32, AN)}";',
    f'key: "{_r(40, AN)}"  # sample key from the vendor docs',
):
    _l("key_block", text)
_v = _r(32, AN)
_s("key_block", f'key = "{_v}"  # not a test vector: the production key', _v)
# A password hashed: scrypt's `$7$`, Cisco's type 8 and 9, Solaris' `$md5$`, NetBSD's `$sha1$`,
# yescrypt's gost `$gy$`; Cisco's type 0 is the password itself.
for text in (
    f"enable secret 9 $9${_r(14, AN)}${_r(43, AN + './')}",
    f"username ops privilege 15 secret 8 $8${_r(14, AN)}${_r(43, AN + './')}",
    f'password: "$7$C6..../....{_r(16, AN)}${_r(43, AN + "./")}"',
    f"root:$md5$rounds=904${_r(8, AN)}${_r(22, AN + './')}:19000::::::",
    f"admin:$sha1$24680${_r(8, AN)}${_r(28, AN + './')}:0:0::",
    f"PASSWORD_HASH='$gy$j85$/{_r(20, AN + './')}${_r(43, AN + './')}'",
    f'admin_password: "$sha1$24680${_r(8, AN)}${_r(28, AN + "./")}"',
    f'root_password = "$gy$j85$/{_r(20, AN + "./")}${_r(43, AN + "./")}"',
    f"password: '$md5$rounds=904${_r(8, AN)}${_r(22, AN + './')}'",
):
    _l("config_syntax", text)
_v = _told()
_s("config_syntax", f"enable secret 0 {_v}", _v)
# An instruction in a value's place, and Secret Manager's `name:version` references.
for text in (
    "JWT_SECRET=replace-with-a-long-random-string",
    "SESSION_SECRET=change-this-in-production",
    "ENCRYPTION_KEY=fill-in-before-deploy",
    "API_TOKEN=generate-with-openssl-rand-hex-32",
    "DB_PASSWORD=set-in-vault",
    "gcloud run deploy api --set-secrets=DB_PASS=db-pass:latest,SMTP_PASSWORD=smtp-password:latest",
    "gcloud functions deploy f --update-secrets=STRIPE_SECRET=stripe-secret:latest",
    "- --set-secrets=SESSION_SECRET=session_secret:latest",
    "--set-secrets=API_TOKEN=api-token-v2:4",
    "--update-secrets=DB_PASSWORD=orders-db:12,REDIS_URL=redis-url:3",
    "- --set-secrets=STRIPE_KEY=stripe-key:7",
):
    _l("config_syntax", text)
for template in ("JWT_SECRET=replace-{v}", "SESSION_SECRET=change-{v}", "DB_PASS=db-{v}:latest"):
    _v = _r(12, AN) + "7Q"
    _s("config_syntax", template.format(v=_v), _v)
# `-u URL` (redis-cli and its forks): a URL, not `user:password`; and Redis tools' `-a`.
for text in (
    "redis-cli -u redis://localhost:6379 ping",
    "valkey-cli -u rediss://cache.int:6380 --user app --askpass",
    "keydb-cli -u redis://keydb.int:6379/0 info",
    "redis-cli -u redis://10.0.0.5:6380/2 --scan --pattern 'sess:*'",
    "redis-benchmark -a $REDIS_PASSWORD -t set -q",
):
    _l("connection", text)
for template in (
    "redis-cli -u redis://:{v}@cache.int:6379/0 ping",
    "redis-benchmark -h cache.int -p 6380 -a '{v}' -t set,get -q",
    "valkey-cli -h valkey.int -a {v} --no-auth-warning info",
    "keydb-cli -a {v} ping",
    "memtier_benchmark -s redis.int -a {v} --ratio=1:10",
):
    _v = _told()
    _s("connection", template.format(v=_v), _v)
# htpasswd: flags apart or together, -n with no file; extension marketplaces' `-p` tokens.
for template in (
    "htpasswd -b -c /etc/nginx/.htpasswd reviewer '{v}'",
    "htpasswd -nb admin {v}",
    'htpasswd -nbB admin "{v}"',
    "htpasswd -B -C 12 -b /etc/httpd/.htpasswd ops {v}",
    "htpasswd -c -b -B .htpasswd ci {v} && nginx -s reload",
):
    _v = _told()
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "htpasswd -c /etc/nginx/.htpasswd reviewer",
    "htpasswd -bc .htpasswd ops $HTPASS",
    "htpasswd -v .htpasswd ops",
    "htpasswd -ci /etc/nginx/.htpasswd ops < /run/secrets/htpass",
    "vsce publish -p $VSCE_PAT",
    "vsce package -o dist/acme.vsix",
    "npx ovsx publish acme.vsix -p ${{ secrets.OVSX_TOKEN }}",
):
    _l("config_syntax", text)
for template in (
    "npx @vscode/vsce publish -p {v}",
    "npx ovsx publish dist/acme.vsix -p {v}",
    "npx ovsx create-namespace acme -p {v}",
    "vsce unpublish acme.sql-notebook -p {v}",
):
    _v = _r(52, "abcdefghijklmnopqrstuvwxyz234567")
    _s("config_syntax", template.format(v=_v), _v)
# Slack's `d` cookie in base64url; the word for password in Javanese, Sundanese, Turkmen,
# Yiddish and Latin.
_v = "xoxd-" + _r(40, AN) + "_" + _r(30, AN)
_s("prefixed_token", f"SLACK_COOKIE='d={_v}'", _v)
_s("prefixed_token", f"curl -H 'Cookie: d={_v}' https://slack.com/api/auth.test", _v)
for template in (
    "Sandhi wifi kantor: {v}",
    "Tulung ganti sandhi akun iki, saiki isih {v}.",
    "Kecap konci database produksi: {v}",
    "Wi-Fi açar sözi {v}",
    "דער פּאַראָל פֿון דער דאַטאַבאַזע: {v}",
    "Tessera: {v}",
):
    _v = _told()
    _s("config_syntax", template.format(v=_v), _v)
# A command that prints one stored secret alone (keychains, password stores, a vault's field, a
# cloud's secret value as text), Perforce's tickets and snapcraft's exported login; a password
# piped into what reads one from its input (`sudo -S`, kinit, cryptsetup, `zfs load-key`).
for template in (
    "$ security find-generic-password -s 'jira-cli' -a ops@acme.io -w\n{v}\n$ jira issue list",
    "% security find-internet-password -s github.com -w\n{v}",
    "$ pass show infra/db/prod\n{v}\n$ ls",
    "$ op read op://Ops/Postgres/password\n{v}",
    "$ bw get password smtp-relay\n{v}",
    "$ secret-tool lookup service smtp user ops\n{v}",
    "$ vault kv get -field=password secret/db\n{v}",
    "$ gcloud secrets versions access latest --secret=db-password\n{v}",
    "$ aws secretsmanager get-secret-value --secret-id prod/db --query SecretString"
    " --output text\n{v}",
    "$ aws ssm get-parameter --name /prod/db --with-decryption --query Parameter.Value"
    " --output text\n{v}",
    "  88  echo '{v}' | sudo -S apt-get -y upgrade",
    "echo '{v}' | sudo -kS systemctl restart nginx",
    'echo "{v}" | kinit admin@ACME.IO',
    "echo -n '{v}' | cryptsetup luksOpen /dev/sdb1 backup -d -",
    "printf '%s' '{v}' | zfs load-key tank/enc",
):
    _v = _told()
    _s("config_syntax", template.format(v=_v), _v)
_v = _r(32, HEX).upper()
_s("config_syntax", f"$ p4 tickets\nperforce-edge:1666 (build_svc) {_v}\n$ p4 sync", _v)
_v = "eyJ0IjogInUxIiwgInYiOiAi" + _r(300, B64)
_s(
    "config_syntax",
    f"$ snapcraft export-login --snaps=acme -\nLogin successfully exported.\n{_v}",
    _v,
)
for text in (
    "$ security find-generic-password -s jira-cli -w\nsecurity: SecKeychainSearchCopyNext: The"
    " specified item could not be found in the keychain.",
    '$ security find-generic-password -s jira-cli\nkeychain: "/Users/ops/Library/Keychains/'
    'login.keychain-db"\nversion: 512',
    "$ pass show infra/\ninfra\n├── db\n└── web",
    "$ vault kv get -field=password secret/db\nNo value found at secret/data/db",
    "$ gcloud secrets versions access latest --secret=x\nERROR: (gcloud.secrets.versions.access)"
    " NOT_FOUND",
    "$ pass show web/admin\n********",
    "$ op read op://Ops/Postgres/username\npostgres",
    "$ op read op://Ops/Postgres/host\ndb.internal",
    "echo 'hello' | sudo tee /etc/motd",
    "echo $PASS | sudo -S ls",
    "echo 3 | sudo tee /proc/sys/vm/drop_caches",
    "$ p4 tickets\nNo tickets.",
    "$ p4 changes -m1\nChange 4242 on 2024/05/01 by build_svc@ci 'release'",
):
    _l("config_syntax", text)
# A browser analytics SDK's key (public: it ships in every page), given to its set-up call; and
# a signing key's setting that names an OpenPGP key by id or fingerprint.
for text in (
    f"analytics.load('{_r(32, AN)}');\nanalytics.page();",
    f"rudderanalytics.load('{_r(27, AN)}', 'https://acmeeu.dataplane.rudderstack.com');",
    f"mixpanel.init('{_r(32, HEX)}', {{ track_pageview: true }});",
    f"amplitude.init('{_r(32, HEX)}', {{ defaultTracking: true }});",
    f"datadogRum.init({{\n  applicationId: '{_r(8, HEX)}-{_r(4, HEX)}-{_r(4, HEX)}-{_r(4, HEX)}-"
    f"{_r(12, HEX)}',\n  clientToken: 'pub{_r(32, HEX)}',\n  site: 'datadoghq.eu',\n}});",
    f"DD_LOGS.init({{ clientToken: 'pub{_r(32, HEX)}', site: 'datadoghq.com' }})",
    f"LogRocket.init('{_r(6, LOWER_AN)}/acme-web-{_r(12, AN)}');",
    f"git config --global user.signingkey {_r(16, HEX).upper()}",
    f"[user]\n\tsigningkey = 0x{_r(16, HEX).upper()}",
    f"user.signingkey={_r(40, HEX).upper()}",
    f"signing.keyId={_r(8, HEX).upper()}",
    f'"git.signingKey": "{_r(16, HEX).upper()}"',
):
    _l("key_block", text)
for template in (
    "analytics.track('signup');\nconst SEGMENT_SECRET = '{v}';",
    "DD_API_KEY={v}\ndatadogRum.init({{ clientToken: 'pub0000' }});",
    "signingKey: '{v}'",
    "SLACK_SIGNING_SECRET={h}",
    "webhook:\n  signing_token: {h}",
    "analytics.load('S3gm3ntWr1teKey0');\nconst serverToken = '{v}';",
):
    _v, _h = _r(32, AN), _r(40, HEX)
    _s("key_block", template.format(v=_v, h=_h), _h if "{h}" in template else _v)


# Round 12 (the fourteenth widening): mechanisms that generalise, each in tools and syntaxes other
# than the held-out case that showed it. Names of key material: what a key encrypts, decrypts,
# signs or validates with and whose it is (`aes`, `cipher`, `decrypt`, `validation`, `merchant`,
# `application`), in hex too; a seed, a macaroon, a cipher's IV; `…_HEX` of a secret name; a
# tracker's passkey; a password with a dot that is no code reference.
for template in (
    "AES_KEY={h}",
    'cipherKey: "{h32}"',
    '[crypto]\ndecrypt_key = "{h}"',
    "WALLET_SEED={h}",
    '{{"admin_macaroon": "{h}{h}"}}',
    "SESSION_ENCRYPTION_IV={h32}",
    "export SESSION_SECRET_HEX={h}",
    "export APPLICATION_KEY={h40}",
    "$config['validation_key'] = '{h}';",
    "const cashfree = {{ merchantKey: '{h40}' }};",
):
    _h, _h32, _h40 = _r(64, HEX), _r(32, HEX), _r(40, HEX)
    _v = _h if "{h}" in template else _h32 if "{h32}" in template else _h40
    _s("config_syntax", template.format(h=_h, h32=_h32, h40=_h40), _v)
_v = _r(32, HEX)  # a tracker's passkey: hex, which no random-value judge takes
_s("config_syntax", f'[tracker]\npasskey = "{_v}"', _v)
for template in ("redis_pass={v}", "--db-password={v}", "[mysql]\npass = {v}"):
    _v = f"{_r(4, string.ascii_letters)}{_rng.randrange(10)}{_r(5, AN)}."
    _v += f"x{_rng.randrange(10)}Q{_r(3, string.ascii_lowercase)}{_rng.randrange(10, 99)}"
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "random_seed: 42",
    "SEED=1234",
    "seed: 20240101",
    "torch.manual_seed(1337)",
    "iv: none",
    "CIPHER_IV_LENGTH=16",
    "aes_key_size: 256",
    "ENCRYPTION_KEY_FILE=/run/secrets/enc",
    "cipherKey: ${CIPHER_KEY}",
    "passkey: true",
    "passkeys: enabled",
    "macaroon_path: /home/lnd/.lnd/data/chain/bitcoin/mainnet/admin.macaroon",
    "seed_hex: ${WALLET_SEED_HEX}",
    "password = creds.v2Password",
    "pass=settings.DB_PASS",
    "token = client.OAuth2Session.token",
    "APPLICATION_KEY_ID=0051a2b3c4d5e6f0000000001",
    "merchant_key_version: 3",
    f"seed: {_r(8, HEX)}",
    f"WALLET_SEED_FINGERPRINT={_r(8, HEX)}",
):
    _l("config_syntax", text)
# A literal a decoder turns into a key's bytes, whatever the call's other arguments and lines
# (`Buffer.from('…', 'base64')`, `Base64.getDecoder().decode("…")`, `hex2bin('…')`).
for template in (
    "const encryptionKey = Buffer.from('{b}', 'base64');",
    'val key = Base64.getDecoder().decode("{b}")',
    "'key' => hex2bin('{h}'),",
    'secret_key_base: Base.decode64!("{b}"),',
    '"key": bytes.fromhex("{h}"),',
    'SIGNING_KEY = base64.b64decode(\n    "{b}"\n)',
):
    _b, _h = _r(43, AN) + "=", _r(64, HEX)
    _s("config_syntax", template.format(b=_b, h=_h), _h if "{h}" in template else _b)
for text in (
    "key: Buffer.from('hello world', 'utf8')",
    'key = bytes.fromhex("000102030405060708090a0b0c0d0e0f")  # test vector',
    "key: Buffer.from('deadbeefdeadbeefdeadbeefdeadbeef', 'hex')",
    f"cacheKey: Buffer.from('{_r(64, HEX)}', 'hex'),",
    "key: Buffer.from('user-profile-settings-cache', 'utf8')",
    "const key = Buffer.from(JSON.stringify(payload), 'utf8')",
    f"publicKey: Buffer.from('04{_r(128, HEX)}', 'hex')",
    f"key: Buffer.from('{'0' * 64}', 'hex')",
):
    _l("config_syntax", text)
# Every item of a list or a YAML sequence under a secret's name, not its first alone.
_a, _b, _c = _r(20, AN), _r(20, AN), _r(20, AN)
_s("config_syntax", f'SECRET_KEYS = ["{_a}", "{_b}", "{_c}"]', _a, _b, _c)
_s("config_syntax", f"api_tokens:\n  - tok_{_a}\n  - tok_{_b}", _a, _b)
_s("config_syntax", f'api_keys = ["{_a}", "{_c}"]', _a, _c)
_s("config_syntax", f'{{"signing_secrets": ["whsec_{_b}", "whsec_{_c}"]}}', _b, _c)
_s("config_syntax", f"app.use(session({{ secret: ['{_c}', '{_a}'] }}))", _c, _a)
_v = _pw()
_s("config_syntax", f"password:\n  - {_v}", _v)
for text in (
    "api_keys: []",
    'SECRET_KEYS = [os.environ["K1"], os.environ["K2"]]',
    "tokens:\n  - name: ci\n    scopes: [read]",
    "password:\n  - required\n  - min:8",
    "secret_keys = ['SECRET_KEY', 'API_TOKEN']",
    "keys = ['id', 'name', 'created_at']",
    'allowed_tokens = ["${TOKEN_A}", "${TOKEN_B}"]',
    "tokens:\n  - $CI_JOB_TOKEN\n  - ${{ secrets.NPM_TOKEN }}",
    "secret:\n  - name: db-password\n    key: password",
):
    _l("config_syntax", text)
for text in (  # real files: numpy's seed entropy, AWS's example configuration
    "def _fixed_default_rng(seed=1638083107694713882823079058616272161):",
    '"Configuration": "{\\"ApiKey\\": \\"examplekey\\", \\"ApplicationKey\\": \\"examplekey1\\"}"',
):
    _l("config_syntax", text)
# What a command prints when it prints what a secret's name names (a variable, a setting, a
# file): its one line of output, quoted or not, and the lines of a block it begins.
for template in (
    "$ echo $SENTRY_AUTH_TOKEN\n{h}",
    "$ printenv DATABASE_PASSWORD\n{pp}",
    "PS C:\\> Write-Output $env:CLIENT_SECRET\n{v}",
    "$ cat /run/secrets/jwt_secret\n{v}",
    "$ bin/rails runner 'puts Rails.application.secret_key_base'\n{h}{h}",
    "$ node -e 'console.log(process.env.WEBHOOK_SECRET)'\n'{v}'",
    "root@build:~# sudo cat /etc/ci/runner.token\n{v}\nroot@build:~# systemctl restart runner",
):
    _h, _pp, _v = _r(64, HEX), _pw(), _r(30, URLSAFE)
    _s(
        "config_syntax",
        template.format(h=_h, pp=_pp, v=_v),
        _h if "{h}" in template else _pp if "{pp}" in template else _v,
    )
for text in (
    "$ echo ${#API_TOKEN}\n40",
    f"$ cat ~/.ssh/id_ed25519.pub\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_r(43, B64)} ops@host",
    "$ echo $TOKEN_FILE\n/run/secrets/token",
    "$ cat secret.yaml\napiVersion: v1",
    "$ cat token.txt | wc -c\n41",
    f"$ cat /run/secrets/token | sha256sum\n{_r(64, HEX)}",
    "$ echo $SECRET_NAME\nprod-db-credentials",
    "$ echo $PASSWORD\n********",
    "$ echo $GITHUB_TOKEN\n$GITHUB_TOKEN",
    "$ echo $DB_PASSWORD_VERSION\n3",
    'echo "token saved to $TOKEN_PATH"\ntoken saved to /home/ops/.config/tool/token',
    f"$ echo $API_KEY_ID\nAKID{_r(10, HEX)}",
):
    _l("config_syntax", text)
# A string written as literals joined (`+`, PHP's `.`, Lua's `..`, adjacent literals, lines
# continued): the string they make is read, and what a secret covers of each piece goes.
for template, value in (
    ('const apiKey = "{a}" +\n  "{b}";', "{a}{b}"),
    ("$password = '{a}' . '{b}';", "{a}{b}"),
    ('DATABASE_URL = ("postgres://app:" "{p}@db.internal/app")', "{p}"),
    ('local token = "{a}" .. "{b}"', "{a}{b}"),
    ('var conn = "Server=db;User Id=app;" +\n    "Password={p};";', "{p}"),
    ('dsn := "mysql://app:" +\n\t"{p}@tcp(db:3306)/app"', "{p}"),
):
    _a, _b, _pp = _r(10, AN), _r(12, AN), _told()
    _v = value.format(a=_a, b=_b, p=_pp)
    _s(
        "config_syntax",
        template.format(a=_a, b=_b, p=_pp),
        *((_a, _b) if "{a}" in value else (_v,)),
    )
for text in (
    'msg = ("hello " +\n  "world")',
    'print("The token " +\n      "is rotated daily")',
    'label = "secret" + "_key"',
    'url = "https://api.example.com/" + "v1/users"',
    'const TOKEN_HEADER = "X-" + "Auth-Token";',
    'query = ("SELECT password_hash FROM users "\n         "WHERE id = %s")',
    'sql = "UPDATE tokens SET revoked = 1 " +\n  "WHERE expires_at < now()";',
):
    _l("config_syntax", text)
# Tables: a column whose header names a secret by any name the judge takes (`license_key`,
# `access_key`, `SIGNING_KEY`), random with symbols or not; a row of two cells, a secret's name
# and its value (`psql -A`, `mysql -B`, a markdown settings table).
for template in (
    "| Setting | Value |\n|---|---|\n| smtp_password | {p} |",
    '$ psql -At -c "select key, value from settings"\nsite_name|Acme\napi_token|{v}',
    "$ mysql -B -e 'select name, value from config'\nname\tvalue\nsmtp_password\t{p}",
    "account,region,access_key\nprod,eu-west-1,{v}",
    "| host | license_key |\n|---|---|\n| web1 | {u} |",
    "NAME    SIGNING_KEY\nweb     {v}",
    "| shop | api_secret | plan |\n|---|---|---|\n| eu | {v}# | pro |",
):
    _pp, _v, _u = _pw(), _r(30, AN), _r(24, UPPER_AN)
    _s(
        "config_syntax",
        template.format(p=_pp, v=_v, u=_u),
        _pp if "{p}" in template else _u if "{u}" in template else _v,
    )
for text in (
    "token|count\nabc|3",
    "| api_key | string | required |",
    "| token | <your token> |",
    f"| password_hash | $2b$12${_r(53, B64.replace('+', '.'))} |",
    f"| key | {_r(40, HEX)} |",
    "| api_key | ${API_KEY} |",
    "name,primary_key,type\nusers,id,bigint",
    "| cache_key | user:1234:profile |",
    f"| Key | Value |\n|---|---|\n| Idempotency-Key | {_r(8, HEX)}-{_r(4, HEX)}-{_r(4, HEX)} |",
    "| sort_key | created_at |",
):
    _l("config_syntax", text)
_l(  # real files: zod's tests, a comment quoting what the base64 above it decodes to
    "config_syntax",
    '    "UGF0aWVuY2UgaXMgdGhlIGtleSB0byBzdWNjZXNz", // "Patience is the key to success"\n'
    '    "QmFzZTY0IGVuY29kaW5nIGlzIGZ1bg==", // "Base64 encoding is fun"',
)
# A JWK's private members in any syntax that writes the key: code's objects, Python's dicts,
# YAML (`kty:` a key of the same item, above or below).
for template in (
    "const jwk = {{ kty: 'OKP', crv: 'Ed25519', x: '{x}', d: '{d}' }};",
    "jwks:\n  keys:\n    - kty: oct\n      kid: hs256-2024\n      k: {d}",
    "key = {{'kty': 'EC', 'crv': 'P-256', 'x': '{x}', 'y': '{x}', 'd': '{d}'}}",
    "keys:\n  - d: {d}\n    kty: EC\n    crv: P-256\n    x: {x}",
    "signing:\n  jwk:\n    kty: RSA\n    n: {x}{x}\n    e: AQAB\n    dp: {d}",
):
    _d, _x = _r(43, URLSAFE), _r(43, URLSAFE)
    _s("key_block", template.format(d=_d, x=_x), _d)
for text in (
    f"spec:\n  keys:\n  - kty: OKP\n    crv: Ed25519\n    x: {_r(43, URLSAFE)}",
    f"points:\n  - p: {_r(20, AN)}\n    label: kty",
    f"data:\n  d: {_r(43, URLSAFE)}\nother:\n  - kty: OKP",
    f"const pub = {{ kty: 'RSA', n: '{_r(86, URLSAFE)}', e: 'AQAB' }};",
    f"params = {{'q': '{_r(20, AN)}', 'page': 2}}  # kty filter",
):
    _l("key_block", text)
# What a key pair's maker prints under a label saying secret or private, on the label's line
# or the next, whatever its alphabet; never the public half, nor where a half was saved.
for template in (
    "$ libp2p-keygen -type ed25519\nPeerID: 12D3KooW{p}\nPrivate key (base64): CAESQ{b}",
    "$ noise-keygen\nprivate: {h}\npublic: {h2}",
    "$ ed25519-keygen\nsecret key:\n  {h}{h2}\npublic key:\n  {h2}",
    "$ zmq-keygen --z85\nPublic:  {z}\nSecret:  {z2}",
    "$ sodium-keypair --hex\n== PUBLIC KEY ==\n{h2}\n== SECRET KEY ==\n{h}{h2}",
):
    _h, _h2 = _r(64, HEX), _r(64, HEX)
    _z, _z2 = _r(40, AN + ".-:+=^!/*?&<>()[]{}@%$#"), _r(40, AN + ".-:+=^!/*?&<>()[]{}@%$#")
    _peer, _b = _r(44, BASE58), _r(80, B64)
    _sec = _b if "{b}" in template else _z2 if "{z2}" in template else _h
    _s("key_block", template.format(h=_h, h2=_h2, z=_z, z2=_z2, p=_peer, b=_b), _sec)
for text in (
    f"$ ssh-keygen -t ed25519 -f id\nYour identification has been saved in id\nYour public key "
    f"has been saved in id.pub\nThe key fingerprint is:\nSHA256:{_r(43, B64)} ops@host",
    "$ step crypto keypair pub.json priv.json\nYour public key has been saved in pub.json.\n"
    "Your private key has been saved in priv.json.",
    f"$ noise-keygen --public-only\npublic: {_r(64, HEX)}",
    "$ libp2p-keygen\nPrivate key saved to: ./node.key",
    "$ keygen --help\n  --private-key <FILE>   where to write the private key",
):
    _l("key_block", text)
# A key or a token told in a sentence, in any language, when the sentence says whose or what
# for (`API`, `secret`, `access`, before or after the word for key): the value in the next ten
# words that looks made, or a key in hex; and the word for password in Tongan and Uyghur.
for template in (
    "Der API-Schlüssel für Sentry lautet jetzt {v}.",
    "Oi, a chave da API de cobrança em produção fica {h}. Não subam no repositório.",
    "Merhaba, ödeme servisinin API anahtarı şu an {v} olarak ayarlı.",  # noqa: RUF001
    "Halo, kunci API untuk gateway SMS kita sekarang {v}, jangan di-commit.",
    "Hoi, de API-sleutel van de betaalprovider voor productie wordt {h} vanaf maandag.",
    "FYI, the bot token our deploy job posts with, for now {v}, rotates Friday.",
    "Tongan: ko e lea fufū ʻo e database ko {v} — ʻoua naʻa vahevahe.",  # noqa: RUF001
):
    _v, _h = _r(24, AN) + "7Q", _r(40, HEX)
    _s("config_syntax", template.format(v=_v, h=_h), _h if "{h}" in template else _v)
for text in (
    "the API key is stored in Vault under secret/data/api",
    "rotate the API key with gh secret set API_KEY",
    f"the public key fingerprint is SHA256:{_r(43, B64)}",
    "API key length must be 32 characters",
    "the access token expires in 3600 seconds",
    "Use the API key named Prod-Key-2024 in 1Password.",
    f"the commit that added the API key was {_r(40, HEX)}",
    "The API key prefix is sk_live_ and the key is shown once.",
    f"Your API token for Heroku is in the dashboard; its hash is {_r(64, HEX)}",
    "la clave de la API está en Vault, en secret/data/pagos",
    "Der API-Schlüssel steht in der Datei config/Secrets2024.yml",
):
    _l("config_syntax", text)
# A value element named by the element before it, whose tag or attributes say name or key.
for template in (
    "<property><name>fs.s3a.secret.key</name><value>{v}</value></property>",
    "<hudson.model.StringParameterValue>\n  <name>API_TOKEN</name>\n  <value>{v}</value>\n"
    "</hudson.model.StringParameterValue>",
    "<con:header><con:name>X-Api-Key</con:name><con:value>{v}</con:value></con:header>",
    '<stringProp name="Argument.name">client_secret</stringProp>\n'
    '<stringProp name="Argument.value">{v}</stringProp>',
    "<param>\n  <key>db.password</key>\n  <value>{v}</value>\n</param>",
):
    _v = _r(28, AN)
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "<property><name>fs.s3a.secret.key</name><value>${env.S3_SECRET}</value></property>",
    "<name>api_key_header</name><value>X-Api-Key</value>",
    "<name>token_ttl</name><value>3600</value>",
    '<stringProp name="Header.name">Content-Type</stringProp><stringProp name="Header.value">'
    "application/json</stringProp>",
    "<property><name>password_file</name><value>/run/secrets/db</value></property>",
    f"<title>Token</title><value>{_r(20, AN)}</value>",
):
    _l("config_syntax", text)
# A key in base64 longer than a value's 512 characters, in single quotes as in double.
for template in (
    "PRIVATE_KEY = '{b}'",
    "signing_key: '{b}'",
    "config.private_key = '{b}'",
    "const privateKey = '{b}';",
    "    'jwt_private_key' => '{b}',",
):
    _v = _r(_rng.randrange(600, 1700), B64)
    _s("key_block", template.format(b=_v), _v)
for template in (
    "public_key = '{b}'",
    "'alipay_public_key' => '{b}',",
    "logo_base64 = '{b}'",
    "certificate: '{b}'",
    "ca_bundle = '{b}'",
):
    _l("key_block", template.format(b=_r(_rng.randrange(600, 1700), B64)))
# Kept: a value a comment beside, above or below calls a documented default (a vendor's
# factory password, in every manual), whatever its name; and a random value labelled by a word
# that names an id (Vault's token accessor, a trace, a transaction, an invoice).
for text in (
    "admin_password: admin123  # factory default from the manual",
    "[device]\nPassword=1234\n; the vendor's default, documented in the manual",
    "password: ubnt  # well-known default for Ubiquiti devices",
    "ROOT_PASSWORD=calvin  # iDRAC's documented default",
    "# published default of the image, changed at first boot\npass: raspberry",
    f"token_accessor      {_r(24, AN)}",
    f"trace {_r(20, AN)} took 31 ms",
    f"span: {_r(16, AN)}",
    f"txn {_r(22, AN)} confirmed",
    f"Stripe invoice {_r(24, AN)} paid",
):
    _l("config_syntax", text)
for template in (
    "password: {p}  # not the documented default: changed at install",
    "Password={p}\n# the default was changed; this one is ours",
    "DB_PASSWORD={p}  # default for new installs is in the manual",
    "admin_pass = {p}  # factory default? no: rotated quarterly",
    "token {v} for the trace exporter",
):
    _pp, _v = _pw(), _r(24, AN)
    _s("config_syntax", template.format(p=_pp, v=_v), _v if "{v}" in template else _pp)
# A password in an encoding any reader reverses (Jetty's `OBF:`, WebSphere's `{xor}`,
# `{base64}`), wherever it stands; not a hash (`MD5:`, `CRYPT:`, `{SSHA}`).
_OBF = "".join(
    _rng.choice(("1v2j", "1uum", "1xtv", "1zej", "1zer", "1xtn", "1uvk")) for _ in range(8)
)
for template in (
    '<authData alias="db2user" user="db2inst1" password="{x}" />',
    "jetty.sslContext.keyStorePassword={o}",
    '<keyStore id="defaultKeyStore" password="{x}" />',
    "keystore_password={x}",
    "$ java -jar start.jar --add-to-start=ssl jetty.sslContext.trustStorePassword={o}",
    "ldap.bind.credential={b}",
):
    _x = "{xor}" + base64.b64encode(bytes(_rng.randrange(256) for _ in range(12))).decode()
    _b = "{base64}" + base64.b64encode(_told().encode()).decode()
    _v = _x if "{x}" in template else _b if "{b}" in template else "OBF:" + _OBF
    _s("config_syntax", template.replace("{x}", _x).replace("{b}", _b).replace("{o}", _v), _v)
for text in (
    f"user1: MD5:{_r(32, HEX)},user",
    f"user2: CRYPT:{_r(13, AN)},admin",
    "The OBF: prefix marks Jetty's obfuscated passwords.",
    'password: "{xor}"',
    f"userPassword: {{SSHA}}{_r(32, B64)}",
    "Use {xor} or {aes} encodings via securityUtility encode.",
):
    _l("config_syntax", text)
# Each string of a JSON object under a secret's name, at any depth, that looks generated; not
# a member that names an id, a name, a reference or a setting.
for template in (
    '{{"webhook_secret": {{"current": "{a}", "previous": "{b}"}}}}',
    '{{"signing": {{"token": {{"v2": {{"value": "{a}"}}}}}}}}',
    '"jwtSecret": {{\n  "primary": "{a}",\n  "rotatedAt": "2024-05-01"\n}}',
    '{{"api_keys": {{"stripe": {{"live": "{a}"}}, "sendgrid": {{"live": "{b}"}}}}}}',
    '{{"password": {{"value": "{a}", "encrypted": false}}}}',
):
    _a, _b = _r(30, AN), _r(30, AN)
    _s("config_syntax", template.format(a=_a, b=_b), *([_a, _b] if "{b}" in template else [_a]))
for text in (
    '{"secret": {"name": "db-creds", "namespace": "prod"}}',
    '{"token": {"expiresIn": 3600, "type": "bearer"}}',
    f'{{"key": {{"id": "{_r(24, HEX)}", "algorithm": "RS256"}}}}',
    '{"password": {"minLength": 12, "requireDigit": true}}',
    '{"secret": {"valueFrom": {"secretKeyRef": {"name": "x", "key": "password"}}}}',
    '{"apiKey": {"type": "apiKey", "name": "X-Api-Key", "in": "header"}}',
    f'{{"secret": {{"arn": "arn:aws:secretsmanager:eu-west-1:1234567890:secret:db-{_r(6, AN)}"}}}}',
):
    _l("config_syntax", text)
for text in (  # ciphertext under a secret's name; a package's digest in a lock file
    f'{{\n  "id": "postgres",\n  "password": {{\n    "encrypted_data": "{_r(64, B64)}\\n",\n'
    f'    "iv": "{_r(16, B64)}",\n    "auth_tag": "{_r(22, B64)}==",\n    "version": 3,\n'
    '    "cipher": "aes-256-gcm"\n  }\n}',
    f'"node_modules/simple-oauth-tokens": {{\n  "version": "2.1.0",\n  "resolved": '
    f'"https://registry.npmjs.org/simple-oauth-tokens/-/simple-oauth-tokens-2.1.0.tgz",\n'
    f'  "integrity": "sha512-{_r(86, B64)}=="\n}}',
):
    _l("config_syntax", text)
for text in (  # real files: AWS's examples and cfnlint's schemas nest dates, usages, regexes
    '{"Credentials": {"AccessKeyId": "AKIAIOSFODNN7EXAMPLE", "Expiration": '
    '"2024-05-01T12:00:00Z", "SessionToken": "x"}}',
    '"Secret": {\n  "title": "SecretArn",\n  "pattern": "^arn:aws:secretsmanager:[a-z0-9-]+:'
    '[0-9]{12}:secret:.+$",\n  "type": "string"\n}',
    '"Key": {"KeyUsage": "TR31_K0_KEY_ENCRYPTION_KEY", "CreateTimestamp": '
    '"2023-06-02T07:38:14.913000-07:00"}',
):
    _l("config_syntax", text)


# A password a person types in a password's place (`mysecretpassword`, `supersecret`, `user:pass`,
# `dbpass`, `foobar`: only words of that kind, or of the user's name, the URL's scheme, host or
# database, and a `123` tail at most), a login its vendor publishes (`scott:tiger`), anonymous
# FTP's, `%(password)s` and `[YOUR-PASSWORD]`: no secret, in any syntax that gives a password.
for text in (
    'engine = create_engine("postgresql+psycopg2://scott:tiger@localhost/test")',
    "jdbc:oracle:thin:scott/tiger@localhost:1521:orcl",
    "jdbc:mysql://localhost:3306/shop?user=shop&password=mypassword&useSSL=false",
    "mongodb+srv://admin:mysecretpassword@cluster0.mongodb.net/?retryWrites=true&w=majority",
    "REDIS_URL=redis://default:redispw@localhost:6379/0",
    "CELERY_BROKER_URL=amqp://myuser:mypassword@localhost:5672/myvhost",
    "smtp://user:pass@smtp.mailtrap.io:2525",
    'url = "postgres://postgres:%(password)s@%(host)s/app" % settings',
    "postgresql://postgres:[YOUR-PASSWORD]@db.abcdefghijklmnop.supabase.co:5432/postgres",
    "ftp://anonymous:guest@ftp.gnu.org/gnu/",
    "DATABASE_URL=mysql://wordpress:wordpresspass@db:3306/wordpress",
    "host=localhost port=5432 dbname=test user=postgres password=secretpassword",
    "Server=localhost;Database=master;User Id=sa;Password=yourStrong(!)Password;",
    "Host=localhost;Database=mydb;Username=myuser;Password=mypass",
    "localhost:5432:*:postgres:mysecretpassword",
    "*:*:*:replicator:[password]",
    "docker run -e POSTGRES_PASSWORD=mysecretpassword -d postgres:16",
    "services:\n  db:\n    environment:\n      MYSQL_ROOT_PASSWORD: rootpassword\n"
    "      MYSQL_PASSWORD: userpassword",
    "conn = pymysql.connect(host='localhost', user='root', password='dbpass', db='test')",
    "curl -u user:password https://httpbin.org/basic-auth/user/password",
    "DB_PASSWORD=${DB_PASSWORD:-changeme}\nSMTP_PASSWORD=${SMTP_PASSWORD:?set it first}",
    "apiVersion: v1\nkind: Secret\nmetadata:\n  name: mysql-pass\ntype: Opaque\ndata:\n"
    "  username: YWRtaW4=\n  password: cGFzc3dvcmQ=",
    "data:\n  password: c3VwZXJzZWNyZXQ=  # base64 of supersecret",
    "postgres://app:%3Cpassword%3E@db.internal:5432/app",  # percent-encoded: judged decoded
    "mongodb://admin:%24%7BMONGO_PASSWORD%7D@mongo:27017/?authSource=admin",
    "spring.datasource.password=@db.password@",  # Maven fills it in at build
):
    _l("connection", text)
for template in (  # the same syntaxes with a real password: still caught
    'engine = create_engine("postgresql+psycopg2://scott:{p}@localhost/test")',
    "jdbc:oracle:thin:scott/{p}@localhost:1521:orcl",
    "jdbc:mysql://localhost:3306/shop?user=shop&password={p}&useSSL=false",
    "mongodb+srv://admin:{p}@cluster0.mongodb.net/?retryWrites=true&w=majority",
    "REDIS_URL=redis://default:redis{p}@localhost:6379/0",
    "smtp://user:pass{p}@smtp.mailtrap.io:2525",
    "host=localhost port=5432 dbname=test user=postgres password=secret{p}",
    "localhost:5432:*:postgres:{p}",
    "docker run -e POSTGRES_PASSWORD={p} -d postgres:16",
    "DB_PASSWORD=${{DB_PASSWORD:-{p}}}",
):
    _v = _r(8, LOWER_AN) + _r(8, AN)
    _s("connection", template.format(p=_v), _v)
for password in ("orders2024", "Walnut!Harbor58", "mysecretpassword7x", "Kq8%40vT2xLmN4p"):
    _s("connection", f"postgres://orders:{password}@pg.internal:5432/orders", password)
_v = _r(18, AN)
_s(
    "connection",
    "data:\n  password: " + base64.b64encode(_v.encode()).decode(),
    base64.b64encode(_v.encode()).decode(),
)


# A key block holding no key: filler, words or a placeholder between its lines (`...`, `<your
# key here>`, `PLACEHOLDER`), or, elided, one line at most (a header and the public modulus'
# start); and public halves. A key's lines, even cut by `...`, are caught, as is a first line
# that holds an EC key's private scalar.
_head = "MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC" + _r(13, B64)
for text in (
    "-----BEGIN RSA PRIVATE KEY-----\n...\n-----END RSA PRIVATE KEY-----",
    "-----BEGIN OPENSSH PRIVATE KEY-----\n<paste your private key here>\n"
    "-----END OPENSSH PRIVATE KEY-----",
    f"-----BEGIN PRIVATE KEY-----\n{_head}\n...\n-----END PRIVATE KEY-----",
    "-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEA...\n(truncated)\n"
    "-----END RSA PRIVATE KEY-----",
    "-----BEGIN PRIVATE KEY-----\n" + "\n".join(["X" * 64] * 3) + "\n-----END PRIVATE KEY-----",
    'FIREBASE_PRIVATE_KEY="-----BEGIN PRIVATE KEY-----\\nMIIE...\\n-----END PRIVATE KEY-----\\n"',
    '{"type": "service_account", "private_key": "-----BEGIN PRIVATE KEY-----\\nYOUR_PRIVATE_KEY'
    '\\n-----END PRIVATE KEY-----\\n", "client_email": "ci@proj.iam.gserviceaccount.com"}',
    "tls:\n  key: |\n    -----BEGIN EC PRIVATE KEY-----\n    <snip>\n"
    "    -----END EC PRIVATE KEY-----",
    "tls.key: "
    + base64.b64encode(b"-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n").decode(),
    "-----BEGIN OPENSSH PRIVATE KEY-----\n"
    "b3BlbnNzaC1rZXktdjEAAAAABG5vbmUAAAAEbm9uZQAAAAAAAAABAAAAMwAAAAtzc2gtZW\n[...]\n"
    "-----END OPENSSH PRIVATE KEY-----",
    f"-----BEGIN PUBLIC KEY-----\n{_b64_lines(294)}\n-----END PUBLIC KEY-----",
    f"ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAI{_r(43, B64)} deploy@ci",
):
    _l("key_block", text)
_lines = _b64_lines(1190).splitlines()
_s(  # cut in the middle: its lines are a key's
    "key_block",
    "-----BEGIN PRIVATE KEY-----\n" + "\n".join(_lines[:3]) + "\n...\n-----END PRIVATE KEY-----",
    *_lines[:3],
)
_v = "MHcCAQEEI" + _r(55, B64)
_s(  # an EC key's first line holds its private scalar
    "key_block", f"-----BEGIN EC PRIVATE KEY-----\n{_v}\n...\n-----END EC PRIVATE KEY-----", _v
)
_s(
    "key_block",
    '"private_key": "-----BEGIN PRIVATE KEY-----\\n' + "\\n".join(_lines[3:5]) + "\\n-----END"
    ' PRIVATE KEY-----\\n"',
    *_lines[3:5],
)


# A user named beside the password (its line, the three around) that is the password again: a
# throwaway login, as `guest:guest@` is in a URL. A real password beside its user, or written
# twice, is caught.
for text in (
    "services:\n  db:\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: app\n"
    "      POSTGRES_DB: app",
    "mysql -u root -proot -e 'SHOW DATABASES'",
    "PGPASSWORD=postgres psql -h localhost -U postgres -d postgres",
    "grafana:\n  admin:\n    username: admin\n    password: admin",
    '[client]\nuser = "backup"\npassword = "backup"',
):
    _l("connection", text)
for template in (
    "services:\n  db:\n    environment:\n      POSTGRES_USER: app\n      POSTGRES_PASSWORD: {p}",
    "mysql -u root -p{p} -e 'SHOW DATABASES'",
    "PGPASSWORD={p} psql -h localhost -U postgres -d postgres",
    "grafana:\n  admin:\n    username: admin\n    password: {p}",
    "DB_PASSWORD={p}\nREPLICA_DB_PASSWORD={p}",
):
    _v = _r(14, AN)
    _s("connection", template.format(p=_v), _v)
_v = _r(24, AN)  # a server token given as both user and password: found by its shape
_s("connection", f"SMTP_USERNAME: {_v}\nSMTP_PASSWORD: {_v}", _v)


# Round 14. A generator's run with a password policy's symbol and digit appended (`…#4`), told
# anywhere; not a counter after an id (`-2`, `_2`), arithmetic on names, or a query's page.
def _policy_run() -> str:
    chars = [*_r(4, string.ascii_uppercase), *_r(5, string.ascii_lowercase), *_r(3, "23456789")]
    _rng.shuffle(chars)
    return "".join(chars) + _r(1, "!#$%*@^~?+") + _r(1, "123456789")


for template in (
    "ok, the staging box takes {p} now",
    "- name: deploy-bot\n  login: {p}",
    "Send-Keys '{p}' -Enter",
    "[vpn]\nremote = vpn.corp.internal\nsecret {p}",
    "| staging | app01 | {p} |",
    "rotated to {p} this morning, tell nobody",
):
    _v = _policy_run()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    "GET /search?q=redact&page=2 HTTP/1.1",
    "let last = items[maxIndex+1];",
    "offsetTop+12 is where the tooltip goes",
    "video_id = V1StGXR8Z5jdHi6B-2",
    "build_cache_key_7 and nanoidSuffix_3",
    "See HelloWorldExample?1 for the first case.",
    "ratio = totalBytes2?1:0",
):
    _l("config_syntax", text)

# The word for password in Low German, Limburgish, Cornish, Kabyle, Ewe, Tsonga, Nahuatl, K'iche'
# and Tahitian: a made value told after it is a password; the words alone are prose.
for template in (
    "De Passwoort för dat Wiki is {p}, segg dat nüms.",
    "Mien wachwoord veur de VPN is {p}.",
    "An ger-tremena nowydh yw {p}.",
    "Awal uffir n Wi-Fi d {p}.",
    "Wifi ƒe nyaɣaɣla enye {p}.",  # noqa: RUF001
    "Phasiwedi ya Wi-Fi i {p}.",
    "In ichtaca tlahtolli ic Wi-Fi ca {p}.",
    "Ri ewan tzij re Wi-Fi are {p}.",
    "Te parau huna no te Wi-Fi : {p}",
):
    _v = _r(3, string.ascii_uppercase) + _r(4, string.ascii_lowercase) + _r(2, "23456789")
    _v += _r(5, AN) + "_" + _r(2, string.ascii_lowercase)
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    "De Passwoort is to kort, maak en nee.",
    "Mien wachwoord is verloupe; ich mot ein nuuj maken.",
    "Te parau huna no te Wi-Fi, ua moe ia'u.",
    "Awal uffir d ameqqran: ur t-ttu ara.",
    "Phasiwedi ya wena yi hundzile, yi cinca eka Settings.",
):
    _l("config_syntax", text)

# Round 14. Values that are no secret by what stands around them: a comment saying the manual
# publishes it for tests or that it is a browser's key, a reference (`{env:NAME}`), a template
# (`0x<32 bytes of hex>`), a YAML tag, Odin's `::` before a directive, a stored hash's salt, a
# SegWit or Solana address. The same values with nothing saying so stay secrets.
_v = _r(22, AN)
_w = _r(16, B64)
_sol = _r(43, BASE58)
for text in (
    "[testenv]\nsetenv =\n    REGISTRY_TOKEN = {env:REGISTRY_TOKEN}\n    CI = {env:CI:false}",
    'signing_key: "0x<32 bytes of hex>"',
    "WEBHOOK_SECRET=whsec_<base64 from the dashboard>",
    'API_KEY :: #config(API_KEY, "")\nmain :: proc() {}',
    "apiSecret :: Text -> IO ()",
    "'merchant_secret' => 'kAq77xW', // sandbox key from the quickstart guide",
    'api_secret = "Rd8wq2Lx"  # published demo credentials, same for everyone',
    "SFTP_PASSWORD=kw93jfa\n# public test login from the vendor's docs",
    f"UPLOADER_API_KEY={_v}  # browser key, restricted by referrer",
    f"analytics_secret = '{_v}' // key, public by design",
    f'{{"user":"bo","hash":"{_r(44, B64)}","salt":"{_w}","iterations":310000}}',
    f"password_hash: {_r(44, B64)}\nsalt: {_w}\nalgorithm: pbkdf2-sha256",
    "db_password: !ssm/parameter /prod/db/password",
    "token: !decrypt/kms\n  - AQICAHh" + _r(60, B64),
    f"tip jar: bc1q{_r(38, _BECH32.lower())}",
    f"testnet faucet sends to tb1p{_r(58, _BECH32.lower())}",
    f"airdrop 2 SOL to {_sol} on devnet",
    f"wallet: {_r(44, BASE58)}",
):
    _l("config_syntax", text)
for template in (
    "'merchant_secret' => '{v}', // sandbox key from the dashboard",
    'api_secret = "{v}"  # not the published demo credentials',
    "MAIL_API_KEY={v}  # remove before the repo goes public",
    "SECURITY_PASSWORD_SALT={v}",
    'signing_key: "0x{v}"',
    'DB_PASSWORD :: "{v}"',
):
    _v = _r(24, AN)
    _s("config_syntax", template.format(v=_v), _v)
_v = _r(88, BASE58)  # a Solana secret key: 64 bytes
_s("config_syntax", f"wallet secret key: {_v}", _v)
_v = _r(40, BASE58)
_s("config_syntax", f"token: {_v}", _v)

# Round 14. Credentials in a syntax's own places: an API key as a URL's or `curl -u`'s user (a
# proxy's options or a dummy in the password's place), curl's `--proxy-user` and ApacheBench's
# `-A`/`-P`, an AWS key id's secret after it, a call's user and password after a database's URL
# (on one line or several), 7-Zip's and RAR's glued `-p`/`-hp`, and `//user:password@host` with
# no scheme (SMB).
for template in (
    'proxies = {{"https": "http://{h}:render_js=1&country=de@proxy.scrape.example:5353"}}',
    "https://{h}:{h2}@api.sms-relay.example/v1/messages",
    "curl -u {k}:xxx https://acme.tracker.example/projects.json",
    "curl --proxy-user scraper-zone-res:{p} -x gate.proxy.example:22225 https://ip.example",
    "ab -n 500 -c 20 -A ops:{p} https://staging.example/health",
    "ab -X proxy.corp:3128 -P relay:{p} http://intranet.example/",
    "Access key ID,Secret access key\nAKIA{a},{s}",
    'DBI->connect("dbi:Pg:dbname=ops;host=db", "ops_ro", "{p}", {{RaiseError => 1}})',
    'conn = DriverManager.getConnection(\n    "jdbc:mysql://db:3306/app",\n    "app",\n    "{p}")',
    'Sql.newInstance("jdbc:h2:tcp://h2.internal/~/app", "sa", "{p}", "org.h2.Driver")',
    "7za x backup.7z -o/tmp/restore -p{p}",
    "rar a -hp{p} handover.rar docs/",
    '& "C:\\Program Files\\7-Zip\\7z.exe" x dump.7z -p{p}',
    "mount -t smbfs //backup:{p}@nas.local/share /mnt/nas",
    "mount_smbfs //svc_scan:{p}@fileserver/scans ~/scans",
):
    _secrets = {
        "h": _r(40, HEX),
        "h2": _r(48, HEX),
        "k": _r(32, AN),
        "p": _r(6, LOWER_AN) + _r(6, AN),
        "a": _r(16, UPPER_AN),
        "s": _r(40, B64),
    }
    _text = template.format(**_secrets)
    _s("connection", _text, *(v for v in _secrets.values() if v in _text and len(v) != 16))
for text in (
    "curl -u admin:xxx http://localhost:8080/api/status",
    'curl -A "Mozilla/5.0 (X11; Linux x86_64)" https://example.org/',
    "grep -A 3 status:failed build.log",
    "AKIAIOSFODNN7EXAMPLE / wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    'Sql.newInstance("jdbc:h2:mem:test", "sa", "", "org.h2.Driver")',
    'DBI->connect("dbi:SQLite:dbname=app.db", "", "")',
    'DriverManager.getConnection("jdbc:postgresql://db/app", "app", "changeme")',
    '"jdbc:postgresql://db/app", "app", System.getenv("PGPASSWORD")',
    "7z a -p archive.7z files/",
    "unrar x -p- bundle.rar",
    "rar a -ep1 -m5 out.rar src/",
    "mount_smbfs //guest:@nas/public /Volumes/public",
    "// TODO: user:admin@host is the default",
    '<script src="//cdn.example.com/lib.js"></script>',
):
    _l("connection", text)


# Round 15. A value whose own tag says it is a token, key or secret (`bot_token_…`, `key_…`,
# `svc-secret-…`), random after the tag: a credential wherever it stands and whatever its label
# says (an `Id` header, a `client` field), in any syntax. Not a public or client key's tag
# (`public_key_…`), nor a tag before words or a short id.
for template in (
    "X-Partner-Id: bot_token_{l}",
    'client = Client(account_id="acme", secret="x", session=svc_secret_{k})',
    "| prod | billing | key_{k} |",
    "usa esta: user_token_{l} (caduca en junio)",
    "Set-Variable -Name hook -Value 'svc-apikey-{k}'",
):
    _secrets = {"k": _r(28, AN), "l": _r(26, LOWER_AN)}
    _text = template.format(**_secrets)
    _v = next(
        w.strip("'|),")
        for w in _text.replace("=", " ").split()
        if any(v in w for v in _secrets.values())
    )
    _s("prefixed_token", _text, _v)
for text in (
    "publishable: public_key_9dKx7QmZ2pLw4RtV8bN3cYf6",
    "client_key_id: client_key_Hq8ZmR2kLw9TnV4bX7cY3dPf",
    "token_type_bearer_expires_in_3600",
    "grep -r key_schedule_constants_for_aes256 src/",
    "the token_bucket_refill_rate stays at 50/s",
):
    _l("prefixed_token", text)


# Round 15. A name for password one slip away from `password` (`pasword`, `passwrd`, `passowrd`,
# `passwird`), as dialects and hurried hands write it, in any syntax and in sentences; not other
# words that start alike (`passage`, `passport`), nor a misspelt name without a value.
for template in (
    "DB_PASWORD={p}",
    '{{"adminPasswrod": "{p}"}}',
    "smtp_passwrd: {p}",
    "Ang pasword ng router ay {p}, huwag ibigay.",
    "the wifi passowrd is {p} btw",
    '<add key="LdapPasswod" value="{p}" />',
):
    _v = _policy_run()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    "pasword reset link expires in 30 minutes",
    "PASSWARD_MIN_LENGTH=12",
    "passport: X12345678 (Anna K.)",
    "passage: Genesis 1:1-5",
    "the pasword field is required on /signup",
):
    _l("config_syntax", text)


# Round 15. A value whose first character is a variable's sigil (`$`) before a generator's run:
# the `$` is the value's own, in any syntax; a real variable's name is words (`$DB_PASSWORD`,
# `$appSecretFromVault2`) and stays.
for template in (
    "api_key: {v}",
    "$cfg['secret'] = '{v}';",
    "export HOOK_TOKEN='{v}'",
    '{{"clientSecret": "{v}"}}',
    '<add key="ServiceToken" value="{v}" />',
):
    _v = "$" + _r(30, AN)
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "password=$DB_PASSWORD_FROM_VAULT_2024",
    "token = $GITHUB_TOKEN_FOR_RELEASES_V2",
    "secret = $appSecretFromKeyVaultProduction2",
    "$cfg['secret'] = $SECRET_FROM_ENV_V2;",
    "API_KEY=$(cat /run/secrets/api_key_2024)",
):
    _l("config_syntax", text)


# Round 15. A value in a secret's place that is a reference in its syntax's own form, or too short
# to be one: a bind variable or a symbol (`:pk`, `:db_password`), a one- or two-digit flag or
# count (a query's projection `{password: 1}`, `token: 0`); the secrets beside them are caught.
for template in (
    "cursor.execute(q, {{'password': '{p}'}})  # then: WHERE password = :password",
    "conn = connect(user => 'ops', password => '{p}', key => :key_blob)",
    "db.users.updateOne({{_id: id}}, {{$set: {{password: '{p}'}}}}, {{projection: {{token: 0}}}})",
):
    _v = _policy_run()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    "DBMS_CREDENTIAL.CREATE_CREDENTIAL(credential_name => 'X', password => :pw);",
    "User.where(password: :hashed_password).first",
    "db.accounts.find({}, {name: 1, api_key: 1, secret: 0})",
    "SELECT * FROM t WHERE token = :token AND secret = :secret",
    "projection = {'password': 0, 'refresh_token': 0}",
):
    _l("config_syntax", text)


# Round 15. A credential argument quoted in part, as shells allow (`user:'p…'`, `user:"p…"`): the
# quote after the colon opens the password, for every user:password flag; an empty or computed
# one (`:''`, `:"$(cat pw)"`) stays.
for template in (
    "curl -sS -u svc-backup:'{p}' https://nas.lan/api/v2/status",
    'wget --user=deploy:"{p}" https://artifacts.lan/pkg.tgz',
    "curl --proxy-user scraper:'{p}' -x gate.proxy.lan:22225 https://ip.lan",
    'http -a ops:"{p}" GET https://grafana.lan/api/health',
):
    _v = _policy_run()
    _s("connection", template.format(p=_v), _v)
for text in (
    "curl -u admin:'' https://localhost:8080/",
    'curl -u admin:"$(cat ~/.pw)" https://nas.lan/',
    'curl -u "$NAS_USER:$NAS_PASS" https://nas.lan/',
):
    _l("connection", text)


# Round 16. A value whose own tag says secret key (`sk_`, `sk-`, `key_`, `live_secret_key_`) before
# hex of 24 or more or a UUID, or `sk_` before a random run of one case: the tag says what the hex
# is, in any sentence or syntax. Not a public, client or cache key's tag, nor hex behind another
# tag (a digest's, an id's).
def _uuid() -> str:
    h = _r(32, HEX)
    return f"{h[:8]}-{h[8:12]}-{h[12:16]}-{h[16:20]}-{h[20:]}"


for template in (
    "Mooi, die sleutel is {v} (niet delen)",
    "keyring add billing --value {v}",
    "payments (prod): {v}",
    "ot mulle saadeti {v}, hoia seda endale",
):
    for _v in (
        "sk_" + _r(32, LOWER_AN),
        "key_" + _r(30, HEX),
        "prod_secret_key_" + _r(32, HEX),
        "sk-" + _uuid(),
    ):
        _s("prefixed_token", template.format(v=_v), _v)
for text in (
    f"publishable: live_public_key_{_r(32, HEX)}",
    f"redis-cli GET cache_key_{_r(40, HEX)}",
    f"cursor: page_token_{_r(8, HEX)}",
    f"build sha: sha_{_r(40, HEX)}",
    f"order id ord_{_uuid()} shipped",
    f"client_key_{_r(32, HEX)} is the browser's",
):
    _l("prefixed_token", text)


# Round 16. A word elided before the value, as Romance languages and dialects write them (`l'è`,
# `c'è`, `qu'é`): a label of one letter after an apostrophe is a word, not a key's coordinate.
for template in (
    "La ciau de l'aplicacion l'è {v}, gardala per tu.",
    "Pe'l servizziu c'è {v} ma un la dà.",
    "A chjave di u serviziu, qu'é {v} (ùn la dà).",
):
    _v = _r(36, UPPER_AN)
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    f"l'è {_r(40, HEX)}, u commit di ieri",
    '{"kty": "EC", "x": "' + _r(43, URLSAFE) + '"}',
):
    _l("config_syntax", text)


# Round 16. A passphrase as password managers generate it, told in a sentence: three words or
# more capitalised alike, one separator, a number (`Maple-Otter-Cobalt-41`), after a word for
# password in any language. Not such a name where the sentence says what else it is.
_WORDS = "maple otter cobalt canyon violin basil juniper harbor pebble lantern falcon".split()


def _passphrase(sep: str, cap: bool) -> str:
    words = [w.capitalize() if cap else w for w in _rng.sample(_WORDS, _rng.randrange(3, 6))]
    return sep.join(words) + sep + str(_rng.randrange(2, 999))


for template, sep, cap in (
    ("Het wachtwoord van de NAS wordt {v}, zeg het niemand.", "-", True),
    ("o contrasinal do wifi queda {v} ata o luns", ".", False),
    ("Lozinka za VPN glasi {v}, ne dijeli je.", "_", True),
    ("the admin password they picked: {v}", "-", False),
):
    _v = _passphrase(sep, cap)
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "password for host Web-Server-Prod-01 was rotated",
    "the release is Maple-Otter-Cobalt-41 (no password in it)",
    "password policy: see Security-Baseline-Doc-3",
):
    _l("config_syntax", text)


# Round 16. Password hashes in the formats PHP applications store (phpass's `$P$`/`$H$`, Drupal
# 7's `$S$`) and a hash's parameters (`pbkdf2$10000$50`), and a salt in the record of the hash it
# salts when the record is written `salt … hash …` with blanks: public as the hash is. A salt
# standing alone stays a secret.
_PHPASS = "./" + string.digits + string.ascii_letters
for text in (
    f"SELECT user_login, user_pass FROM wp_users;\nadmin | $P$B{_r(30, _PHPASS)}",
    f'{{"name": "editor", "pass": "$S$E{_r(51, _PHPASS)}"}}',
    f"mybb export: password=$H$9{_r(30, _PHPASS)} (phpass portable)",
    f"gogs user.passwd_hash_algo: pbkdf2$10000$50 salt {_r(10, AN)} hash {_r(100, HEX)}",
):
    _l("config_syntax", text)
_v = _r(20, AN)
_s("config_syntax", f"LOGIN_SALT={_v}  # used by the session cookie", _v)


# Round 16. `echo VALUE` (or `printf`) as the command a tool runs to get its password: mail
# clients' `PassCmd`/`passwordeval`, a CLI's `--…password_cmd=`, any `…_cmd`/`…_command`/`…eval`
# named for a password, token or credentials. Not a command that reads a store, nor a variable.
for template in (
    'PassCmd "echo {p}"',
    "passwordeval printf '%s' {p}",
    "beeline --ldap-password-command='echo -n {p}' -u jdbc:hive2://hs2:10000",
    "[account]\ntoken_cmd = echo {p}",
    "  source-cred-cmd: 'printf %s {p}'",
):
    _v = _policy_run()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    'PassCmd "pass show mail/work"',
    "passwordeval gpg -q --for-your-eyes-only -d ~/.msmtp.gpg",
    "password_command = echo $MAIL_PW",
    "token_cmd = security find-generic-password -s gh -w",
    "echo Build_42_done_ok > status.txt",
):
    _l("config_syntax", text)


# Round 16. A name quoted as Markdown and MySQL quote identifiers (`` `db_password` = … ``), a
# build's placeholder name in dunders (`__API_TOKEN__: JSON.stringify("…")`), and a prompt's
# answer echoed after `?` (inquirer's `? Password: …`): names as any other. Not a bind
# parameter, a column's type, a variable, nor a ternary's `?`.
for template in (
    "UPDATE `users` SET `password` = '{p}' WHERE `id` = 7;",
    "Set the Postman variable `api_secret` = {p} before running the folder.",
    "new webpack.DefinePlugin({{ __SMTP_PASSWORD__: JSON.stringify('{p}') }})",
    "? Enter the admin password: {p}\n? Confirm: {p}",
    "✔ Project name: shop\n? Token: {p}",
):
    _v = _policy_run()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    "UPDATE `users` SET `password` = ? WHERE `id` = ?",
    "  `password_hash` varchar(255) NOT NULL,",
    "new webpack.DefinePlugin({ __API_TOKEN__: JSON.stringify(process.env.API_TOKEN) })",
    "const shown = isAdmin ? password : '********';",
    "? Password: (hidden)",
):
    _l("config_syntax", text)


# Round 16. Values that say they are no secret: a comment calling the value the default its
# project documents or ships in a sample config (`# documented local default`, `# default in the
# example .env`), unless it says the value was changed from it; and a tool's description of
# where the value is, in parentheses (`(stored in Keychain)`, `(not set)`).
for text in (
    "GF_SECURITY_ADMIN_PASSWORD=admin  # documented first-run default",
    'db_password: "kanboard"  # default from the example config.php',
    "<key>Token</key><string>(kept in the login keychain)</string>",
    "SMTP password: (not set)",
    "api_secret = (read from vault at startup)",
):
    _l("config_syntax", text)
for template in (
    'db_password: "{p}"  # changed from the default in the sample config',
    "ADMIN_PASSWORD={p}  # not the documented default any more",
):
    _v = _policy_run()
    _s("config_syntax", template.format(p=_v), _v)
_s(
    "config_syntax",
    'db_password: "kanboard7"  # rotated from the example config default',
    "kanboard7",
)


# Round 16. A word for password spelt as `password` starts and ending its own way, as Germanic
# dialects write it (`Passwurd`, `Passwatt`, `S'Passwoot`), told in a sentence before a made
# value. Not a longer word that only starts so (`Passwortrichtlinie`, `passwordless`).
for template in (
    "Dat Passwurd för den Router is {p}, segg dat keen een.",
    "S'Passwoot vom Wiki lautet {p}, nid wiitersäge.",
    "Uus Passwatt is nu {p}.",
):
    _v = _policy_run()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    "Die Passwortrichtlinie verlangt Zeichen wie Ab3$ und mehr.",
    "passwordless login via WebAuthn on Build7x servers",
    "Passwall 4.2 routes Port8080 traffic",
):
    _l("config_syntax", text)


# Round 16. A command line written as its argv: a list of literals (Python's subprocess, Go's
# exec.Command, Node's spawn, a Dockerfile's exec form) or an audit record's `a0="…" a1="…"`,
# read as the command line it stands for. Not the argv of a command holding no secret.
for template in (
    'subprocess.check_call(["sshpass", "-p", "{p}", "scp", "dump.sql", "db1:/tmp/"])',
    'cmd := exec.Command("7z", "x", "-p{p}", "backup.7z")',
    "spawn('curl', ['-sS', '-u', 'ci:{p}', 'https://nexus.lan/service/rest'])",
    'type=EXECVE msg=audit(1764012345.120:431): argc=4 a0="zip" a1="-P" a2="{p}" a3="out.zip"',
    "args = ['mysqldump', '-h', 'db1', '--password={p}', 'shop']",
):
    _v = _policy_run()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    'subprocess.run(["git", "log", "-n", "5", "--format=%H"])',
    "spawn('ffmpeg', ['-i', 'in.mp4', '-b:v', '4500k', 'out.mp4'])",
    'exec.Command("docker", "run", "-e", "DB_PASSWORD", "app:1.4")',
    '["ssh", "-i", "~/.ssh/id_ed25519", "-p", "2222", "ops@bastion"]',
    'type=EXECVE msg=audit(1764012345.120:432): argc=3 a0="ls" a1="-la" a2="/srv"',
):
    _l("config_syntax", text)


# Round 16. A long token (65 to 512 base64 or URL-safe characters, random) told in a sentence
# after `access token`, `API key` and the like, in any language; not hex that long (a published
# test key, a digest), nor a long word-made identifier.
for template in (
    "Zugangs-Token fürs CRM, access token lautet {v} und läuft nie ab",
    "here's the bot token i used {v} (rotate it)",
    "API key ea ke {v} - o se ke wa e arolelana",
):
    _v = _r(_rng.randrange(70, 180), B64)
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "the access token is rotated every 3600 s by TokenRotationScheduler2 in auth-svc",
    "access token flow: AuthorizationCodeWithPkceRefreshTokenRotationDeviceBindingFactory",
):
    _l("config_syntax", text)


# Round 16. A table of blank-separated fields under a commented header that names its columns,
# where the rows do not align with the header (pap-secrets, davfs2's and mount helpers' secrets
# files): the named column's field, cell by cell, when it looks generated. Not a placeholder
# there, nor a row with another number of fields.
for template in (
    "# /etc/ppp/pap-secrets\n# client            server  secret          IP addresses\n"
    '"adsl-20931@isp.lan"  *  "{p}"  *',
    "# /etc/davfs2/secrets\n# url                     username        password\n"
    "https://cloud.lan/remote.php/dav/files/anna/ anna {p}",
    "# mount.cifs credentials table\n# share          user      password\n"
    "//nas/backup svc-bkp '{p}'",
):
    _v = _generated_password()
    _s("connection", template.format(p=_v), _v)
for text in (
    "# /etc/ppp/pap-secrets\n# client  server  secret  IP addresses\n"
    '"adsl-20931@isp.lan"  *  ""  *',
    "# url          username   password\nhttps://cloud.lan/dav/ anna  # asks for it",
    "# name    token     expires\nci-bot    (revoked) 2026-01-01",
):
    _l("connection", text)


# Round 16. A declaration with its type between the name and `=` (Go's `var pw string = "…"`,
# Bicep's `param pw string = '…'`), and a secret's name read by a call whose result is shown
# after it (ltrace's `getenv("…_TOKEN") = "…"`, a debugger's `Get("apiKey") = "…"`). Not code
# on the right, nor a null result, nor a name that says no secret.
for template in (
    'const smtpPassword string = "{p}"',
    "@secure()\nparam vmAdminPassword string = '{p}'",
    'svc->getenv("BILLING_API_KEY") = "{p}"',
    '(dlv) print cfg.Get("clientSecret") = "{p}"',
):
    _v = _generated_password()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    'var dbPassword string = os.Getenv("DB_PASSWORD")',
    "param adminPassword string = newGuid()",
    'svc->getenv("BILLING_API_KEY") = NULL',
    'svc->getenv("HOME") = "/var/lib/svc"',
):
    _l("config_syntax", text)


# Round 16. A parameter's value as deployment parameter files write it, one level down
# (`"adminPassword": {"value": "…"}`), judged as the name judges its own value: a password
# with a generator's symbols anywhere in it. Not an expression (`[parameters('…')]`), a
# reference to a vault, nor an empty one.
for template in (
    '{{"parameters": {{"sqlAdminPassword": {{"value": "{p}"}}}}}}',
    '  "vmPassword": {{\n    "value": "{p}"\n  }},',
):
    _v = "?" + _generated_password()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    '"adminPassword": { "value": "[parameters(\'adminPassword\')]" }',
    '"adminPassword": { "reference": { "keyVault": { "id": "/subscriptions/x" } } }',
    '"adminPassword": { "value": "" }',
):
    _l("config_syntax", text)


# Round 16. A hash printed as numbered lines, a field's name above its value (redis-cli's
# HGETALL, KeyDB's and Valkey's alike, `CONFIG GET`): the value, as the name judges it. Not a
# value under a name that says no secret.
for template in (
    '10.0.3.7:6379> HGETALL tenant:42:smtp\n1) "host"\n2) "smtp.lan"\n3) "password"\n4) "{p}"',
    'valkey> HGETALL svc:stripe\n1) "mode"\n2) "live"\n3) "api_key"\n4) "{p}"\n5) "tz"',
):
    _v = _generated_password()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    '127.0.0.1:6379> HGETALL user:9\n1) "name"\n2) "Ana"\n3) "password_hash"\n'
    f'4) "$2b$12${_r(53, _PHPASS)}"',
    '1) "token_ttl"\n2) "3600"\n3) "session_key_prefix"\n4) "sess:"',
):
    _l("config_syntax", text)


# Round 16. A client's constructor given its key as a positional argument (`…Client("…")`,
# `SDK("…")`, `getInstance(id, "…")`), in any language: the argument that looks random, or a
# token of parts (`Tag:random:hex`) by its random part. Not an id of hex behind a type's
# capitals (Twilio's `AC…`), a region, a URL, a name of words, a JWT (a public anon key).
for template in (
    'kv = KVClient("KVS:{r}:{h}")',
    'client := search.NewClient("app-17", "{k}")',
    "$sdk = new \\Acme\\SDK('{k}');",
    'val chat = ChatCore.getInstance("7rxq2m", "{k}")',
):
    _secrets = {"r": _r(24, AN), "h": _r(64, HEX), "k": _r(32, AN)}
    _text = template.format(**_secrets)
    _v = _secrets["r"] if "KVS" in _text else _secrets["k"]
    _s("prefixed_token", _text, _v)
for text in (
    f'client = Client("AC{_r(32, HEX)}", os.environ["TWILIO_AUTH_TOKEN"])',
    'api = ApiClient("eu-central-1-production-cluster")',
    'http = HttpClient("https://api.payments.lan/v2/")',
    "sb = createClient(SUPABASE_URL, 'eyJhbGciOiJIUzI1NiJ9.eyJyb2xlIjoiYW5vbiJ9.c2lnbmF0dXJl')",
    'client = Client("my_long_project_identifier_name")',
):
    _l("prefixed_token", text)


# Round 16. curl's config file (`.curlrc`, a `curl -K` file), whose lines are its flags' long
# names without dashes: `user = "name:password"`, `proxy-user name:password`. Not an owner and
# a group under another program's `user =`, nor a variable.
for template in (
    '# ci/curl.cfg\nfail\nuser = "deploy:{p}"\nurl = "https://nexus.lan/repository/raw/"',
    "--silent\nproxy-user scraper:{p}\nproxy = gate.proxy.lan:22225",
):
    _v = _generated_password()
    _s("connection", template.format(p=_v), _v)
for text in (
    "[program:worker]\ncommand=/srv/worker\nuser = www-data:www-data",
    '# .curlrc\nuser = "deploy:$NEXUS_PASSWORD"',
    "[unit]\nuser = root:wheel",
):
    _l("connection", text)


# Round 16. A login told as `user / password` after a word that says it is one (`login`,
# `credentials`, `creds`, `sign in`, `typed`), in chat, comments and notes: the password when
# it is made (a digit among letters). Not a menu's path (capitalised steps, or more of them), a
# version, a date.
for template in (
    "[14:02] Mara: wifi admin login is root / {p} (change it later)",
    "# creds for the staging box: deploy / {p}",
    "Sign in with qa-bot / {p} and open the orders page.",
):
    _v = _appended_password()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    "login page: Settings / Security2FA",
    "Sign in, then open admin / settings / Backups2024",
    "credentials rotated in build 2024 / release v1.2.3",
    "login flow: web / mobile2 (see ADR-12)",
):
    _l("config_syntax", text)


# Round 16. A string written as literals joined over lines under the name that opens them on the
# line above (Python's `TOKEN = (` then a literal a line, a shell's or C's `KEY = \`): the name
# says what the literals make. Not a message joined so.
for template in (
    'SIGNING_SECRET = (\n    "{a}"\n    "{b}"\n)',
    'settings = {{\n    "api_key": (\n        "{a}"\n        "{b}"\n    ),\n}}',
):
    _a, _b = _r(30, AN), _r(30, AN)
    _s("config_syntax", template.format(a=_a, b=_b), _a, _b)
for text in (
    'HELP_TEXT = (\n    "Set the token in your profile, "\n    "then run sync again"\n)',
    'ERROR = (\n    "password must hold 12 characters "\n    "and a digit"\n)',
):
    _l("config_syntax", text)


# Round 16. The answer a script sends to a password prompt it waited for: expect's `expect
# "assword:"` then `send "…\r"`, pexpect's `expect('Password:')` then `sendline('…')`, a
# passphrase's prompt too. Not a variable or a command's output sent, nor the answer to another
# prompt, nor the commands sent after the login.
for template in (
    'spawn sftp backup@nas.lan\nexpect "backup@nas.lan\'s password:"\nsend "{p}\\r"\n'
    'expect "sftp>"',
    "p = pexpect.spawn('ssh ops@db1')\np.expect('[Pp]assword: ')\np.sendline('{p}')",
    'expect -re "Enter passphrase for .*:"\nsend -- "{p}\\n"',
):
    _v = _generated_password()
    _s("config_syntax", template.format(p=_v), _v)
for text in (
    'expect "password:"\nsend "$env(NAS_PW)\\r"',
    'expect "password:"\nsend "[exec pass show nas]\\r"',
    'expect "login:"\nsend "backup\\r"',
    'expect "password:"\nsend "$pw\\r"\nexpect "#"\nsend "show running-config\\r"',
):
    _l("config_syntax", text)


# Round 16. A key block whose lines a SQL dump joins with `'||char(10)||'` (SQLite's `.dump`,
# Oracle's and PostgreSQL's `chr(10)`): the block, body and all. Not a public key so joined.
for join, label in (("'||char(10)||'", "PRIVATE KEY"), ("'||chr(10)||'", "EC PRIVATE KEY")):
    _lines = _b64_lines(320).split("\n")
    _text = (
        f"INSERT INTO keys VALUES(7,'svc','-----BEGIN {label}-----{join}"
        + join.join(_lines)
        + f"{join}-----END {label}-----');"
    )
    _s("key_block", _text, _lines[1], _lines[-2])
_lines = _b64_lines(270).split("\n")
_l(
    "key_block",
    "INSERT INTO keys VALUES(8,'pub','-----BEGIN PUBLIC KEY-----'||char(10)||'"
    + "'||char(10)||'".join(_lines)
    + "'||char(10)||'-----END PUBLIC KEY-----');",
)


# Round 16. A Firebase web app's config: its `apiKey` (`AIza…`) beside the members only that
# config has (`authDomain`, `messagingSenderId`, `storageBucket`) is public by design, served
# with every page. A Google API key elsewhere (a server's, a Maps key in an env file) is not.
_G = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz_-"
for template in (
    "static const FirebaseOptions web = FirebaseOptions(\n  apiKey: '{k}',\n"
    "  authDomain: 'shop-prod.firebaseapp.com',\n  messagingSenderId: '81723',\n);",
    '<script>firebase.initializeApp({{apiKey:"{k}",authDomain:"kiosk.firebaseapp.com",'
    'storageBucket:"kiosk.appspot.com"}})</script>',
):
    _l("prefixed_token", template.format(k="AIza" + _r(35, _G)))
for template in (
    "GOOGLE_MAPS_SERVER_KEY=AIza{k}",
    "geocoder = googlemaps.Client(key='AIza{k}')  # server key, restricted by IP",
):
    _v = "AIza" + _r(35, _G)
    _s("prefixed_token", template.replace("AIza{k}", _v), _v)


# Round 16. The JWTs the standard and jwt.io publish as examples (RFC 7519's `joe`, jwt.io's
# `John Doe`), whatever key signed them; a token with any other claims is a credential.
def _example_jwt(claims: dict[str, object]) -> str:
    def enc(part: dict[str, object]) -> str:
        raw = json.dumps(part, separators=(",", ":")).encode()
        return base64.urlsafe_b64encode(raw).decode().rstrip("=")

    return f"{enc({'alg': 'HS256', 'typ': 'JWT'})}.{enc(claims)}.{_r(43, URLSAFE)}"


for claims in (
    {"sub": "1234567890", "name": "John Doe", "iat": 1516239022},
    {"sub": "1234567890", "name": "John Doe", "admin": True, "iat": 1516239022},
    {"iss": "joe", "exp": 1300819380, "http://example.com/is_root": True},
):
    _l("authorization", f"pasted from the tutorial: {_example_jwt(claims)}")
_v = _example_jwt({"sub": "u_81723", "name": "Dana Ito", "role": "admin", "iat": 1764000000})
_s("authorization", f"curl -H 'Authorization: Bearer {_v}' https://api.lan/me", _v)


# Round 16. A chain's address beside its words: XRPL's `r…` (25 to 35 base58 characters),
# Polkadot's and Kusama's SS58 (47 or 48), as Solana's before: a public key or its hash. An
# XRPL seed (`s…`, 29) beside the same words is the wallet's secret.
for text in (
    f"XRP payout to r{_r(32, BASE58)} (destination tag 88123)",
    f"Kusama validator stash (SS58): H{_r(46, BASE58)}",
    f"polkadot.js: treasury account 1{_r(46, BASE58)}",
):
    _l("key_block", text)
_v = "s" + _r(28, BASE58)
_s("key_block", f"XRPL wallet seed: {_v} (testnet faucet, but keep it out of git)", _v)


# Round 16. A vendor's own header, named for the key or token it carries (`X-Gladia-Key`,
# `x-acme-token`), in a header, a headers object or HTTPie's `Name:value`: its value, a UUID or
# hex included. Not a lookup key's (`X-Idempotency-Key`, `x-cache-key`), nor a public one.
for template in (
    "x-kestrel-token: {u}",
    'fetch(url, {{ headers: {{ "X-Loom-Key": "{u}" }} }})',
    "http POST api.fernway.lan/v1/jobs X-Fernway-Key:{h}",
):
    _u, _h = _uuid(), _r(32, HEX)
    _v = _u if "{u}" in template else _h
    _s("authorization", template.format(u=_u, h=_h), _v)
for text in (
    f"X-Idempotency-Key: {_uuid()}",
    f"x-cache-key: {_r(40, HEX)}",
    f"X-Public-Key: {_r(64, HEX)}",
    f"X-Request-Id: {_uuid()}",
):
    _l("authorization", text)


# Round 16, from real files: a test's label given to a client (`_client("0198c1a2-release")`),
# and a name quoted in a sentence followed by a slash, are no assignment of a secret.
for text in (
    'client, events = self._client("0198c1a2-release")',
    "or follows `--password` / `password`. Most triggers end here",
):
    _l("config_syntax", text)


# Round 17. A made value told last in a clause of prose, in a language no word list holds: after
# three words of prose, before a stop, a comma, a dash or the line's end. Shapes no word has: a
# long word run into a four-digit number, a generator's passphrase, random letters and digits of
# both cases with a generator's symbols.
def _year_word() -> str:
    first = _rng.choice(("Lantern", "Marble", "Thistle", "Harbor", "Cobalt", "Juniper", "Walrus"))
    second = _rng.choice(("willow", "copper", "meadow", "pepper", "falcon", "biscuit", "orchid"))
    return f"{first}{second}{_rng.randrange(1000, 10_000)}"


for template, value in (
    ("Mandi Toni, la peraule clâf gnove dal server di prove e je {v}. No sta dâle a nissun.", "y"),
    ("Bonjou Jak, nouvo kòd sekrè sèvè a se {v}, pa bay pèsonn li.", "g"),
    ("Habari Juma, tokeni ya malipo ya mfumo ni {v}. Usiiweke kwenye hazina.", "r"),
    ("Demat Yann, ar ger-kuzh nevez evit ar servijer a zo {v} — na roit ket anezhañ.", "p"),
    ("Allegra Curdin, il pled secret dal server da test è `{v}`, betg al dar vinavant.", "g"),
    ("Bon dia Maria, e kodigo sekreto di e server nobo ta {v}. No partié ku ningun hende.", "y!"),
    ("Heads up team: the shared login for the staging box is now {v}.", "g"),
    ("Moien Jang, de Schlëssel vum neie Build-Server ass elo {v}\nMerci!", "r"),
):
    if value == "y":
        _v = _year_word()
    elif value == "y!":
        _v = _year_word() + "!"
    elif value == "p":
        _v = "-".join(_rng.choice(("Maple", "Otter", "Cobalt", "Tundra", "Quill")) for _ in "abc")
        _v += f"-{_rng.randrange(10, 100)}"
    elif value == "g":
        _v = _r(6) + "-" + _r(5) + _rng.choice("#?~") + _r(5) + "_"
    else:
        _v = _r(36)
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "La version dal kernel sul server di prove e je 6.8.0-45-generic.",
    "Il numar dal ordin par il cliente al è ORD2024A7781.",
    "The failing commit on the main branch is 4f9c2a1e7b3d8e0f.",
    "Ndugu, namba ya kifurushi chako ni 1Z999AA10123456784.",
    "The image we deploy to the cluster is nginx:1.27-alpine.",
    "The video she linked in the channel is dQw4w9WgXcQ.",
    "The release tag on the project page is v2024.06.11-rc1.",
    "el cargo que falló en la tienda es pi_3PqXbC2eZvKYlo2C0abc.",
    "the class that failed in the nightly run is UserAccountService2024.",
    "the bucket we restore from is called acme-backups-eu-west-1.",
    "Our new project codename for the rewrite is Bluefalcon, ready by Q3.",
    "The hostname of the new database box is db-prod-eu-07.",
):
    _l("config_syntax", text)


# Round 17. A chosen password with symbols inside and one closing it after its number
# (`Ha7bor$c0pper2291#`), alone in any text; and, told after a word for password, a long word
# run into a four-digit number (`Harborcopper2291`), as people and generators append one.
for template in (
    "neues Kennwort fürs NAS: {v}. Bitte nicht weitergeben.",
    "  311  borg create ::daily --passphrase {v}",
    "Ops note — vault unsealed with {v}; rotate after the audit.",
):
    _v = f"{_r(3, string.ascii_letters)}{_r(2, string.digits)}{_r(3, string.ascii_lowercase)}"
    _v += f"${_r(2, string.ascii_lowercase)}{_rng.randrange(1000, 10_000)}#"
    _s("config_syntax", template.format(v=_v), _v)
for template in (
    "Repro steps (login `qa`, password `{v}`), then open Settings.",
    "wifi password for the office is {v} btw",
    "Das Passwort lautet {v} (bis Freitag gültig).",
):
    _v = _year_word()
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "the password reset page moved to Dashboardnext2024 last sprint",
    "password hashing uses Argon2id since Release2024, see the notes",
    "Issue#2291# was closed as a duplicate of Issue#2290",
    "the password policy of Northwind2024 asks for twelve characters",
):
    _l("config_syntax", text)


# Round 17. Any tool's `-p` with a quoted value that looks made, or a spaced passphrase: a
# password (veracrypt, tomb, encfs wrappers …). Not a port, a path, a prompt, a patch, a plugin.
for template, value in (
    ("veracrypt --text --mount vault.hc /mnt/v -p '{v}' --pim 0 --non-interactive", "c"),
    ('$ tomb open secrets.tomb -k secrets.tomb.key -p"{v}"', "c"),
    ("> cryfs-unlock ~/.crypt ~/plain -p '{v}'", "s"),
    ('RUN sqlite-crypt /data/app.db -p "{v}" --rekey', "y"),
):
    if value == "c":
        _v = f"{_r(4, string.ascii_letters)}{_r(2, string.digits)}%{_r(6)}"
    elif value == "s":
        _v = " ".join(
            _rng.choice(("Thistle", "Cobalt", "Juniper", "Walrus", "Quill")) for _ in "abcd"
        )
        _v += f" {_rng.randrange(10, 100)}"
    else:
        _v = _year_word() + "!"
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "read -p 'Enter the admin password: ' pw",
    "mkdir -p 'Reports Q3 2024'",
    "docker run -d -p '8080:80' nginx:1.27",
    'kubectl patch deploy web -p \'{"spec":{"replicas":3}}\'',
    "ssh -p '2222' deploy@bastion.acme.io",
    "pytest -p 'no:cacheprovider' tests/",
    "hledger balance -p 'from 2024/01 to 2024/03'",
    "pandoc notes.md -p 'Annual Report Draft Final 2024' -o out.pdf",
):
    _l("config_syntax", text)


# Round 17. An Authorization header's name and value as a call's two arguments, any scheme or
# none (`setHeader('Authorization', 'ApiKey …')`); Basic credentials that hold an API key as the
# user and a dummy password (`KEY:x`), as Basic-auth APIs ask.
for template in (
    'req.add_header("Authorization", "ApiKey {v}")',
    '.header("Authorization", "{v}")',
    "$client->setHeader('Authorization', 'Klaviyo-API-Key {v}');",
):
    _v = _uuid() if '{v}"' in template else _r(32, HEX)
    _s("authorization", template.format(v=_v), _v)
for template in (
    'proxy_set_header Authorization "Basic {v}";',
    "curl -H 'Authorization: Basic {v}' https://api.sendwave.example/v3/lists",
):
    _v = base64.b64encode(f"{_r(32, HEX)}:x".encode()).decode()
    _s("authorization", template.format(v=_v), _v)
for text in (
    'req.Header.Set("Authorization", "Bearer " + token)',
    'xhr.setRequestHeader("Authorization", authHeader);',
    'headers.set("Authorization", "Basic dXNlcm5hbWU6cGFzc3dvcmQ=")',
    'res.setHeader("WWW-Authenticate", "Basic realm=Restricted")',
    '.header("Authorization", "Key YOUR_API_KEY_HERE")',
    'curl -H "Authorization: Basic dXNlcm5hbWU6eA==" https://api.example.com/',
):
    _l("authorization", text)


# Round 17. A variable's name in one flag and its value in the next (`--key NAME --value V`,
# `--name NAME --value V`), as CI and parameter stores' CLIs take them: the name judges the value.
for template in (
    "aws ssm put-parameter --name /prod/billing/DB_PASSWORD --value '{v}' --type String",
    "az pipelines variable create --name DEPLOY_API_TOKEN --value {v} --secret true",
    '$ ci-vars add --key SIGNING_KEY_PASSPHRASE \\\n    --value "{v}" --protected',
):
    _v = _r(18) if "TOKEN" in template else _year_word() + "!"
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "aws ssm put-parameter --name /prod/billing/DB_HOST --value db.internal --type String",
    "az pipelines variable create --name BUILD_CONFIGURATION --value Release",
    "$ ci-vars add --key PASSWORD_MIN_LENGTH --value 12",
    "gh variable set --name TOKEN_TTL --value 3600",
):
    _l("config_syntax", text)


# Round 17. Code comparing what a secret's name holds with a literal (`==`, `!==`, Lua's `~=`),
# through a member, a subscript or a getter's key: the literal, as the name judges its value.
for template in (
    'if request.headers.get("X-Admin-Token") == "{v}":',
    "if (req.query.apiKey !== '{v}') return res.sendStatus(401);",
    'if cfg.WebhookSecret != "{v}" {{',
    'halt 401 unless params[:token] == "{v}"',
    'if ngx.var.http_x_api_key ~= "{v}" then return ngx.exit(401) end',
):
    _v = _r(32, URLSAFE)
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    'if password == "":',
    'if token_type == "Bearer":',
    "if (process.env.API_KEY === undefined) throw new Error('missing');",
    'if secret_key == "your-secret-key-here":',
    'assert resp.headers["X-Request-Id"] == "req-123"',
    'if key == "Enter":',
    "if password != confirm_password:",
    'if auth.token == "null" or auth.token == "undefined":',
    "expect(config.secretName).toBe('prod/db') && mode === 'production'",
):
    _l("config_syntax", text)
_l("config_syntax", "if (typeof secretToken !== 'undefined' && typeof authToken === 'function')")


# Round 17. A client's options object: its members are named, and their names judge them (a
# client id is no secret, a client secret is), not read as a constructor's positional key.
for text in (
    "const sdk = new SDK({ serverUrl: 'https://auth.acme.io', clientId: '4be0a3f5c1d27e98b6a4' })",
    "auth = AuthClient(domain='acme.eu.auth0.example', client_id='Qm7ZrX2pLk9VbN4tYw8s')",
):
    _l("config_syntax", text)
_v = _r(40)
_s(
    "config_syntax",
    f"client = OAuthClient(client_id='Qm7ZrX2pLk9VbN4tYw8s', client_secret='{_v}')",
    _v,
)
_v = _r(32, HEX)
_s("config_syntax", f'const sdk = new SDK({{ appId: "acme-portal", apiSecret: "{_v}" }})', _v)


# Round 17. A flag named in a sentence, a short word of prose after it, is no value.
for text in (
    "error: set --password or PGPASSWORD before running the migration",
    "Either pass --token to the CLI or export it in the environment.",
    "mongod: --keyFile and --auth are needed together; use --password if prompted",
):
    _l("config_syntax", text)


# Round 17, from real files: a sentence ending in a class's name or a test's, a tuple of header
# names, and a test comparing a secret's name with a plain word, are no secret.
for text in (
    "'gliner2 is required for GLiNER2Client. '",
    "# This reverses the order of checks from test_isfile_case_1.",
    '_SIGNED = ("authorization", "x-amz-content-sha256", "x-amz-date", "x-amz-security-token")',
    'and user_pass == "git"',
    'assert parent_tags["shared_key"] == "parent_value"',
):
    _l("config_syntax", text)


# Round 17. A random value whose first character is base64url's `-`, right after a label's sign
# (`name: -Lm…`): the value's own, not a flag's. A flag's value after a sign is no random run.
for template in (
    "authentication: -{v}",
    'auth = "-{v}"',
    '{{"ingest": {{"credential": "-{v}", "region": "eu"}}}}',
):
    _v = "-" + _r(38, URLSAFE.replace("-", ""))
    _s("config_syntax", template.format(v=_v[1:]), _v)
for text in (
    "jvm_args: -XX:+UseG1GC -Xmx2048m -Dfile.encoding=UTF8",
    "flags: --enable-feature=abc123 --log-level=debug",
    "cmd: -Dspring.profiles.active=prod2024",
    "offset: -0000000000000000001234567",
):
    _l("config_syntax", text)


# Round 18. A value its comment calls public, above it or after it, whatever its name: `public;`
# first in the comment, a key embedded in or sent from every page, `public by design` on the
# line above. A comment that says server-side or not the browser's key denies a public prefix.
for template in (
    "ALGOLIA_SEARCH_ONLY_API_KEY={v}  # public: every visitor's browser sends it",
    "HEAP_API_KEY: '{v}'  // public, embedded in the snippet on every page",
    "# Typesense search-only key, public by design: the widget sends it\napiKey: {v}",
    "// Plausible site token: public by design, every browser loads it\nconst apiToken = '{v}';",
    'widget_api_key = "{v}"  # embedded in widget.js on every page',
):
    _l("mixed", template.format(v=_r(32)))
_v = _r(32)
_s("config_syntax", f"PARTNER_API_KEY={_v}  # never public: rotate if it leaks", _v)
_v = _r(32)
_s("config_syntax", f"# remove before the repo goes public\nSHOP_API_KEY: {_v}", _v)
_v = "pk." + _r(32, HEX)
_s("config_syntax", f"geocoder:\n  # server-side key, not the browser one\n  api_key: {_v}", _v)
_v = "pk." + _r(32, HEX)
_s("config_syntax", f"GEOCODE_TOKEN={_v}  # server-side only, keep it out of the bundle", _v)


# Round 18. A typed declaration in a legacy or a hardware language: the name, its type (and
# size), then the initialiser (PL/I's INIT, RPG's inz, COBOL's VALUE, Structured Text's and
# Ada's `:=` after a typed name, Verilog's sized literal `128'h…`).
_v = _r(24, UPPER_AN)
_s("config_syntax", f"  DECLARE SMTP_PASSWORD CHARACTER(24) STATIC INITIAL('{_v}');", _v)
_v = _r(32, HEX)
_s("config_syntax", f"     D tokenSecret     S             32A   inz('{_v}')", _v)
_v = _r(20)
_s("config_syntax", f"       01 WS-API-KEY        PIC X(20) VALUE '{_v}'.", _v)
_v = _r(16, LOWER_AN)
_s("config_syntax", f"VAR_GLOBAL CONSTANT\n    gsMqttPassword : STRING(16) := '{_v}';\nEND_VAR", _v)
_v = _r(28)
_s("config_syntax", f'   Api_Token : constant String := "{_v}";', _v)
_v = _r(64, HEX)
_s("config_syntax", f"parameter [255:0] HMAC_KEY = 256'h{_v};", _v)
for text in (
    "     D apiToken        S             64A   inz(*blanks)",
    "       01 WS-PASSWORD       PIC X(20) VALUE SPACES.",
    "    sPassword : STRING(32) := '';",
    '   Api_Token : constant String := Get_Env ("API_TOKEN");',
    "localparam KEY_WIDTH = 128'd0;",
    "  DECLARE TOKEN_LENGTH FIXED BIN(31) INIT(64);",
):
    _l("config_syntax", text)


# Round 18. A secret read from the environment, however wrapped (`%trim(getenv('K'))`,
# `trim(getenv("K"))`, Perl's `$ENV{'K'}`): the name read, no value.
for text in (
    "     C                   eval      apiSecret = %trim(getenv('SHOP_SECRET'))",
    "my %cfg = (api_key => $ENV{'SHIPPO_API_KEY'} // die 'no key');",
    'password = trim(getenv("DB_PASSWORD"))',
    "CLIENT_SECRET=$ENV{CLIENT_SECRET}",
    "%let api_key = %sysget(SHIPPO_API_KEY);",
):
    _l("config_syntax", text)


# Round 18. An unquoted `-p` value that is a random run of both cases (a tool's password flag:
# mydumper, myloader, pt-* tools, rabbitmqadmin …), and the password after `-u USER` on a line
# whose host, not tool, is named mysql. Not a port, a path, a profile's name.
_v = _r(18)
_s("config_syntax", f"$ myloader -h db-mysql-02 -u restore -p {_v} -d /backups/crm", _v)
_v = _r(22, AN + "_")
_s("config_syntax", f"rabbitmqadmin -H mq.internal -p {_v} list queues", _v)
for text in (
    "mkdir -p ReportsArchive/2024",
    "aws s3 ls --profile Prod -p MyProjectBucket",
    "pytest -p no:cacheprovider -p PyTestPlugin",
    "mysqldump -u root -p ShopDb2024 > dump.sql",
):
    _l("config_syntax", text)


# Round 18. A template's reference to data (FreeMarker's `.data_model[…]`, `.vars[…]`, Go
# templates' `.Values.x`): a member of the model, not a literal.
for text in (
    '<#assign smtpPassword = .data_model["SMTP_PASSWORD"]!"">',
    "<#assign apiToken = .vars['api_token']>",
    "token: .Values.auth.token",
):
    _l("config_syntax", text)


# Round 18. A password element whose attributes say it holds a hash (salted, hashed, encrypted,
# a digest's algorithm): the stored hash, not the password.
for template in (
    '<credential><password encrypted="true">{v}</password></credential>',
    '<account name="ops"><password hashed="yes">{v}</password></account>',
    '<password algorithm="SHA-512" iterations="10000">{v}</password>',
):
    _l("mixed", template.format(v=_fakes.b64(48)))
_v = _r(20)
_s("config_syntax", f'<user name="ops"><password hashed="no">{_v}</password></user>', _v)


# Round 18. Base64 that decodes to a sentence of no secret, told in prose: the sentence encoded.
for phrase in (
    "Welcome to the staging cluster, have a nice day!",
    "Hei og velkommen til testmiljøet vårt! Åpent 08-16.",
):
    _l("mixed", f"the banner, base64-encoded: {base64.b64encode(phrase.encode()).decode()}")
    _l("mixed", f"expected body of the fixture: {base64.b64encode(phrase.encode()).decode()}\n")
_v = _fakes.b64(18)
_s("config_syntax", f"La clave nueva del servidor quedó así: {_v}.", _v)


# Round 18. Any tool's unquoted `-p` followed by a random run of both cases and digits.
for text in (
    "mkdir -p build/Release-x64/Objects",
    "ssh -p 22022 deploy@bastion",
    "createdb -p 5433 ShopReporting2024",
):
    _l("config_syntax", text)


# Round 18. A login written `host:port:user:password` (proxy lists, kdb+ handles): the password,
# when made. Not a time, an address, a login its vendor publishes.
_v, _v2 = _r(12), _r(12)
_s(
    "config_syntax",
    f"# rotating proxies\n185.23.10.4:8000:scraper01:{_v}\n185.23.10.5:8000:scraper02:{_v2}\n",
    _v,
    _v2,
)
_v = _r(16)
_s("config_syntax", f'h = qconn.open("`:rdb.prod.lan:6001:reporter:{_v}")', _v)
for text in (
    "2024-05-01 12:30:45:123 INFO scheduler started",
    "ffmpeg -ss 00:01:30:15 -i input.mp4 out.mp4",
    "expose 0.0.0.0:8080:80:tcp in the sidecar",
    "mirror.lan:3128:guest:guest",
):
    _l("config_syntax", text)


# Round 18. Percona Toolkit's DSN: one-letter keys joined by commas, `p` after `u`.
_v = _r(14, AN + "~.")
_s("config_syntax", f"pt-table-checksum h=db1,u=checksum,p={_v},P=3306 --replicate=pc.sums", _v)
_v = _r(20)
_s("config_syntax", f"pt-query-digest --review h=localhost,u=digest,p={_v},D=percona slow.log", _v)
for text in (
    "pt-archiver --source h=db1,u=archiver,p=$PT_PASSWORD,D=shop,t=orders --purge",
    "color=r,p=12,u=3",
):
    _l("config_syntax", text)


# Round 18. A token named for a payment API's object, tagged with an abbreviation of that word
# (`charge token ch_…`, `customer_token: cus_…`): the object's id in a log, not a credential.
# A credential's word before it (session, access, refresh, API) still names a secret.
for template in (
    "Paystack transfer token trf_{v} status=success amount=120000",
    'order_token = "ord_{v}"  # from the webhook payload',
    "2025-03-02T10:11:12Z invoice token in_{v} finalized",
):
    _l("mixed", template.format(v=_r(24)))
for template in ("SESSION_TOKEN=sess_{v}", "refresh token rt_{v} (expires in 30d)"):
    _v = _r(32)
    _s("config_syntax", template.format(v=_v), _v)
_v = "at_" + _r(28)
_s("config_syntax", f"the access token at the moment: {_v}", _v)


# Round 18. A secret's value that is a resource's name told again in the same record (words
# joined by dashes): the Secret named for it, not its content. Alone, such words are a secret.
for text in (
    "Vault role web-frontend: secret=web-frontend, policies=web-frontend-read, ttl=1h",
    "argocd repo https://git.acme.io/infra.git creds: secret=gitlab-deploy (Secret gitlab-deploy)",
):
    _l("mixed", text)
_s("config_syntax", "APP_SECRET=amber-falcon-river-stone", "amber-falcon-river-stone")
_s(
    "config_syntax",
    "SIGNING_SECRET=tidal-quartz-ember\nRELEASE_NAME=tidal-quartz-v2",
    "tidal-quartz-ember",
)


# Round 18. A password told in a sentence of any language with an English gloss in parentheses
# (`… (password): X`, `(password) X …`), a made value that holds `=` inside (not `name=value`,
# not base64's padding), and one whose first character is a generator's `-` (not a flag's).
_v = "Quartz-Maple-Heron-Flint-42"
_s("config_syntax", f"Tallinna kontor: uue võrgu (password) on {_v}, ära jaga seda.", _v)
_v = "Zb7!kQ2m=Lp9vW#r"
_s("config_syntax", f"Mwaramutse, ijambo ry'ibanga (password): {_v} — ntumubwire.", _v)
_v = "-Tq8#vLm2Kp9xWz"
_s("config_syntax", f"ya te dije, la contraseña del wifi es {_v} ahora, no la cambies", _v)
_v = "-Kx9vQ2mLp7!Rt"
_s("config_syntax", f"Yeni şifre {_v} olacak, kimseye söyleme.", _v)
for text in (
    "Fill in the (password) field, then press Save.",
    "assert check(password) == stored_Hash1x",
    "the password is passed with -passin env:PASSPHRASE to openssl",
    "la contraseña -p solo pide la clave por teclado",
    "the password field takes key=Value2024x pairs",
):
    _l("config_syntax", text)


# Round 18. A made value told in a sentence whose language puts the copula last: the value, then
# one word that ends the clause (Quechua's `kachkan`, Tigrinya's `እዩ` and its `።`); three words
# of prose before it, in any script, its letters' marks included, but not a label's (a colon).
_v = _r(16)
_s("config_syntax", f"kay servidorpa musuq yaykuna {_v} kachkan, ama qunqaychu.", _v)
_v = _r(16)
_s("config_syntax", f"ናይ ሰርቨር ሓድሽ {_v} እዩ።", _v)
_v = _r(14) + "_" + _r(5)
_s("config_syntax", f"ᏗᎦᏘᏍᏗ ᎠᏓᏅᏙ ᎤᏛᏅ {_v} ᎨᏎᏍᏗ, ᏞᏍᏗ ᏱᏣᏃᏁᎵ.", _v)
for text in (
    "password policy: see Security-Baseline-Doc-3",
    "build artifact ids: Ab3dE9fGh2KlMn4p, Zq8wE2rT5yUi9oP1",
    "we renamed GetUserById2 yesterday, sorry",
    "from acme.types import Base64UrlStr, Model",  # from real files: code's three words
    "Fixed in release v2.14.3-rc1 today, thanks",
):
    _l("config_syntax", text)


# Round 18. `Token API`: the qualifier after the word, as French and the languages
# that borrowed its order write it, before a value told in the sentence.
_v = _r(32, HEX)
_s("config_syntax", f"Token API cha hệ thống mới là {_v}, đừng chia sẻ nhé.", _v)
_v = _r(24)
_s("config_syntax", f"Token API ya huduma mpya ni {_v} kuanzia leo.", _v)
for text in (
    "Token API rate limits: 1200 requests per minute per IP.",
    "Key API docs moved to https://docs.acme.io/v2/keys",
):
    _l("config_syntax", text)


# Round 18. A token given to a tool's sign-in subcommand, last on its command line (`wandb login
# <key>`, `snyk auth <uuid>`): the token, when generated. Not a project's, a shell's or a
# registry's name given to `init` or `login`.
_v = _r(40, HEX)
_s("config_syntax", f"$ wandb login {_v}\nwandb: Appending key for api.wandb.ai to your netrc", _v)
_v = _fakes.uuid()
_s("config_syntax", f"PS C:\\src> snyk auth {_v}\nYour account has been authenticated.", _v)
_v = _r(18, LOWER_AN)
_s("config_syntax", f"% abstractapi activate {_v}  # the CI machine", _v)
for text in (
    "$ git init project2024b",
    "$ conda init bash",
    "$ npx prisma init datasource2x",
    "$ docker login ghcr.io",
    "$ go mod init github.com/acme/tool2024",
    "$ terraform init -upgrade",
):
    _l("config_syntax", text)


# Round 18. Forth: a literal bound by the defining word after it (`S" …" 2CONSTANT NAME`), named
# by the word after that.
_v = _r(32, HEX)
_s("config_syntax", f'\\ weather lookup\nS" {_v}" 2CONSTANT OWM-API-KEY\n', _v)
_l("config_syntax", 'S" https://api.openweathermap.org" 2CONSTANT OWM-BASE-URL')


# Round 19. A random value after a word that names a record a scheduler, a CI or a platform runs
# (an execution, an activity, a run, a job, a workflow, a snapshot): the record's id, as a
# request's or a transaction's is.
for template in (
    "GitHub Actions: run {v} failed on main (re-run from the Actions tab)",
    "Temporal: workflow {v} completed in 3.2s",
    "aws stepfunctions: execution {v} SUCCEEDED",
    "Nomad: job {v} evaluated, 3 allocations placed",
    "Longhorn: snapshot {v} created for volume pvc-data",
    "Jira Service Management incident {v} resolved by on-call",
):
    _l("mixed", template.format(v=_r(26)))
_v = _r(32)
_s("config_syntax", f"GitLab runner token {_v} registered for job builds", _v)


# Round 19. A placeholder that says how long the real value must be (`SomeRandomStringOf32Chars`,
# `a-random-string-of-50-characters`): filler words around a length, an instruction. A real
# value with a length inside it but other words stays a secret.
for text in (
    "SECRET_KEY=a-random-string-of-50-characters",
    "# .env.dist\nJWT_SECRET=YourSecretKeyOf64Characters",
    'session:\n  secret: "at_least_32_chars_long"',
    "NEXTAUTH_SECRET=Random32ByteString",
    'config :app, signing_salt: "random_string_min_8_chars"',
):
    _l("config_syntax", text)
_s("config_syntax", "APP_KEY=Copper32CharsMarble", "Copper32CharsMarble")
_s("config_syntax", "AIRFLOW_PASSWORD=Tulip64Bytes!", "Tulip64Bytes!")


# Round 19. A made value holding a dot (an env file's `NAME=_k3Pq.ZvTy7LmWRbHs`): read as code
# (`settings.X`, `ssl.X509Certificate`) only when its parts are names; a part of ten characters
# or more mixing cases and a digit where no word is, is a generator's.
for n, template in enumerate(("SMTP_PASSWORD={v}", "export RABBITMQ_PASS={v}", "MQTT_SECRET={v}")):
    _v = f"_{_r(5)}.{_r(6, string.ascii_letters)}{n + 3}{_r(6, string.ascii_letters)}"
    _s("config_syntax", template.format(v=_v), _v)
for text in (
    "TLS_KEY_CLASS=ssl.X509Certificate",
    "SECRET_KEY=settings.OAuth2ClientSecret",
    "API_TOKEN=config.tokens.Ipv6Address",
):
    _l("config_syntax", text)


# Round 19. A salt among its hash function's other parameters (an iteration count, rounds, a
# KDF's): a parameter of the hash, public as the hash is. A service's salt setting alone is not.
for text in (
    f"argon2 params: memory=65536 iterations=3 salt={_r(22)}",
    f"users.csv: alice,{_r(40, HEX)},salt={_r(32, HEX)},rounds=12",
    f'{{"salt": "{_r(24)}", "iterations": 310000, "algorithm": "pbkdf2-sha256"}}',
):
    _l("mixed", text)
_v = _r(32, HEX)
_s("config_syntax", f"HASHIDS_SALT={_v}", _v)


# Round 19. A reference behind a sigil: Azure App Service's `@Microsoft.KeyVault(…)`, a
# `@secret:name@` (as `store:` references are read without one).
for text in (
    'DbPassword: "@Microsoft.KeyVault(VaultName=kv-prod;SecretName=db-pass)"',
    "STRIPE_KEY=@Microsoft.KeyVault(SecretUri=https://kv-prod.vault.azure.net/secrets/stripe/)",
    "registry:\n  token: @secret:deploy-token@",
):
    _l("config_syntax", text)


# Round 19. A declaration whose type holds the literal (`Name CSTRING('…')`, the word before the
# type names it), and ABL's `INITIAL "…"` after a typed name.
_v = _r(16, UPPER_AN)
_s("config_syntax", f'DEFINE VARIABLE cApiKey AS CHARACTER NO-UNDO INITIAL "{_v}".', _v)
_v = _fakes.password()
_s("config_syntax", f"MailPwd      CSTRING('{_v}')\n  CODE", _v)
_v = _r(24)
_s("config_syntax", f"FtpSecret  STRING('{_v}'),STATIC", _v)
for text in (
    "Title        STRING('Password')",
    "DbPwd        CSTRING(64)",
    "DEFINE VARIABLE cPassword AS CHARACTER NO-UNDO INITIAL ''.",
    'DEFINE VARIABLE cHint AS CHARACTER NO-UNDO INITIAL "Enter your password".',
):
    _l("config_syntax", text)


# Round 19. A registry value's data, in any tool that writes one: after its type (`REG_SZ`,
# then a comma) or its data's flag (`/d`, `-Value`, `ValueData:`), judged as the value of the
# name given before it on its line (quoted, or after `/v`, `-Name`).
_WINLOGON = r"HKLM\SOFTWARE\Microsoft\Windows NT\CurrentVersion\Winlogon"
_v = _fakes.password()
_s("config_syntax", f'reg add "{_WINLOGON}" /v DefaultPassword /t REG_SZ /d "{_v}" /f', _v)
_v = _fakes.password()
_s(
    "config_syntax",
    f'New-ItemProperty -Path $wl -Name DefaultPassword -PropertyType String -Value "{_v}"',
    _v,
)
_v = _r(28)
_s(
    "config_syntax",
    f'Root: HKLM; Subkey: "SOFTWARE\\Acme"; ValueType: string; ValueName: "ApiToken"; '
    f'ValueData: "{_v}"',
    _v,
)
_v = _fakes.password()
_s("config_syntax", f'winreg.SetValueEx(k, "DefaultPassword", 0, winreg.REG_SZ, "{_v}")', _v)
for text in (
    f'reg add "{_WINLOGON}" /v DefaultUserName /t REG_SZ /d "kiosk" /f',
    r"reg add HKCU\Software\Acme /v PasswordPolicy /t REG_DWORD /d 1 /f",
    "Set-ItemProperty -Path $wl -Name AutoAdminLogon -Value 1",
    r'reg add HKLM\Software\Acme /v Password /t REG_SZ /d "%PASSWORD%" /f',
):
    _l("config_syntax", text)


# Round 19. A token whose own tag says private (`xx_priv_…`, `…_private_…`), as `sk_` says
# secret: a credential whatever its label, when the rest is random or long hex.
_v = f"ml_priv_{_r(40, HEX)}"
_s("config_syntax", f"Dashboard > Developers\nSecret    {_v}    rotated 2025-01-10", _v)
_v = f"acme_private_{_r(32)}"
_s("config_syntax", f"export ACME_CREDENTIAL={_v}", _v)
_l("config_syntax", f"Public key    ml_pub_{_r(40, HEX)}    Created 2025-01-10")


# Round 19. Prose: a word for password with a particle or a case ending after a hyphen
# (`password-wa`, `password-neun`); a long word run into a year with one letter a digit
# (`Sunfl0wergarden2024`); before a generator's passphrase, words joined by a hyphen or a
# colon before a case ending (`vieras-verkon`, `USB:llä`) are words of prose.
_v = _fakes.password()
_s("config_syntax", f"Romaji (memo): sābā no password-wa {_v} desu, dare ni mo iwanaide.", _v)
_v = _fakes.password()
_s("config_syntax", f"Korean (memo, romanised): wifi password-neun {_v} ieyo.", _v)
_s(
    "config_syntax",
    "Samoan (note): O le password fou o Tul1pgardens2024, aua ne'i ta'u atu.",
    "Tul1pgardens2024",
)
_s(
    "config_syntax",
    "Finnish (note): Se toimiston vieras-verkon tunnus Heron-Basil-Cobalt-Otter-41, älä jaa.",
    "Heron-Basil-Cobalt-Otter-41",
)
_s(
    "config_syntax",
    "Estonian (note): Kontori printeri USB:ga arvuti kood Maple-Quartz-Fennel-27 - ära jaga.",
    "Maple-Quartz-Fennel-27",
)
for text in (
    "We upgraded the build hosts from Windows2000 to Windows2019 last year.",
    "The follow-up release notes name Python3dev2023 as the last snapshot.",
    "The re-run of the nightly job used the well-known image tag, nothing else.",
    "Liitä USB:llä tuotu tiedosto uuteen kansioon ja avaa se.",
):
    _l("mixed", text)


# Round 19. A random value a sentence names after it (`` `…` is the live … API key``, `… was
# our … auth token`): a copula, at most three words, a credential's noun; not its id, its name,
# its public half or a test's.
_v = _r(32)
_s("config_syntax", f"Slack thread: heads-up, {_v} was our Twilio auth token until Friday.", _v)
_v = _r(40)
_s("config_syntax", f"Code review: please drop `{_v}` - it is the production Mailgun key.", _v)
_v = _r(28, UPPER_AN)
_s("config_syntax", f"Note: '{_v}' is the staging webhook secret, rotate it after the demo.", _v)
_v = _r(36)
_s("config_syntax", f"Careful - `{_v}` is the prod Paddle API key, revoke it today.", _v)
for template in (
    "Review: `{v}` is the public key of the signing pair, fine to commit.",
    "Note: `{v}` is the key id, not the key itself.",
    "Ticket: {v} is the request id for the key rotation job.",
    "Docs: `{v}` is the example token from the vendor's quickstart.",
):
    _l("mixed", template.format(v=_r(26)))


# Ordinary code and prose, read from what `benchmarks/redact_real.py` changed in ~15,500 real
# files (the Python installation's libraries, /usr/share/doc, npm's modules; session 13): what a
# coding session says every day about keys, tokens and passwords without holding one. Each shape
# in other words, tools and languages than the file it was seen in.
for text in (
    # "identified by" in a sentence: SQL's `IDENTIFIED BY` needs a user, role or link first
    "Return the rows of the table identified by the primary key.",
    "Each blob is identified by its sha256, the manifest by its path.",
    "A session is uniquely identified by session_id and the tenant.",
    "// Look up the widget identified by name in the registry.",
    "Open the shared library identified by 'libname' and return its handle.",
    "Les clés sont identified by their fingerprint in the keyring dump.",
    # a type annotation names a type, in a signature or a class body
    "def sign(data: bytes, private_key: Ed448PrivateKey, *, hash_alg: HashAlgorithmType) -> bytes:",
    "    signing_key: jwk.JWKSigningKey,\n    verify: bool = True,",
    "class Settings(BaseModel):\n    client_secret: OAuthClientSecret\n    token: ApiTokenConfig",
    "    password_manager: HTTPPasswordMgr",
    "    def load(self, token_store: auth.TokenStore) -> None: ...",
    # a flag a sentence is about
    "Credentials go through the --user and --password options, never the URL.",
    'raise UsageError("--db-password requires --db-user")',
    "The --api-key flag is ignored when HF_TOKEN is set.",
    "Pass --token only when --host is also given; --secret is deprecated.",
    "Note: the API key is required, the webhook secret is optional and was never rotated.",
    # a module's versions, a sign, a stand-in
    "_hashlib: 3.0-\npwd: 3.0-\nspwd: 3.0-3.12\ncrypt: 3.0-3.12",
    '    "key": "🔑",\n    "secret": "㊙",\n    "lock": "🔒",',
    'XAUTH: Final = b")"\nTTYPE: Final = b"\\x18"',
    'client = Client(api_key="k", timeout=5)',
    'os.environ["API_TOKEN"] = "x"  # any value: the fake server checks only presence',
    # a function gives the value; a call is not a header's value
    'opts = Options(password=lambda: keyring.get_password("svc", user))',
    "        authorization = base64.b64decode(authorization).decode('ascii')",
    '    jwk = {"kty": "EC", "crv": "P-256", "d": int_to_base64url(private_value).decode()}',
    "    return {'kty': 'RSA', 'd': encode_base64url_uint(n.d), 'p': encode_base64url_uint(n.p)}",
    "    auth_header = authorization.split(' ', 1)[1]",
    # a comment on a piped command's line is no command
    'echo "quick draft of the release notes" | graphmem add -   # read from stdin',
    'printf "weekly summary" | tee notes.txt  # stdin to a file',
    # a test run's report
    "PASS: gdb2json -s option\nFAIL: readelf --wide",
    "=== RUN   TestHmac256Verify\n--- PASS: TestHmac256Verify (0.01s)\nok  \tvault/keys\t0.031s",
    # changelogs and commit messages: a name at the clause's end
    "Added an optimization for function AV1SubGreenToRedRow_C",
    "* Prevent short nonces in XChaCha20-Poly1305.",
    "4d5e6f70 rebase fixes after I0f1e2d3c4b5a69788796a5b4c3d2e1f0a9b8c7d6",
    # the word basic, not Basic credentials
    "add basic 10bit-colour support",
    # a flag a sentence names, the next flag, a state after a name
    "Added the --ftp-password command line option.",
    "Wget supports the --ftp-user and --ftp-password command switches.",
    "Clarify the --api-key description.",
    "wget --ask-password -user=bob -O out",
    "gnutls_psk_free_secret: REMOVED\nlibfoo_set_master_secret: Added",
    # C declarations: a name defined as a number or another name, a typedef's function pointer
    "#define RES_OPT_TOKEN\t0x00000080",
    "#  define strtok_secret __strtok_secret_r64",
    "#define NID_userPassword\tNID_X509,36L",
    "typedef void (APIENTRYP PFNGLUNIFORMMATRIX4X3FVPROC) (GLint location, GLsizei count);",
    "AUTH *authunix_create(char *, int);",
    # a build template's substitution, a list of option names, an IETF draft
    'set(CPACK_SIGNING_KEY "@CPACK_VENDOR_ID@/@CPACK_KEY_SLOT@")',
    'opts="user= host= password= timeout= retries="',
    "The value comes from draft-ietf-httpbis-digest-headers-13",
    # a library's symbol table: C++'s mangled names with ELF's versions
    "FUNC:_ZNKSt9bad_alloc4whatEv@@GLIBCXX_3.4.9\nOBJECT:_ZTVSt12length_error@@GLIBCXX_3.4",
):
    _l("mixed", text)


# Round 20. A random value after a word naming a record a fleet enrols or runs (a device, a
# principal, an instance, a worker), when that word is the label itself: the record's id. Before
# another word (`agent token`) it says whose the credential is.
for template in (
    "osquery fleet: device {v} enrolled, platform darwin",
    "Entra ID: service principal {v} created for the deploy app",
    "Puppet: machine {v} registered with the primary server",
    "Celery: worker {v} came online (concurrency 8)",
):
    _l("mixed", template.format(v=_r(30)))
_v = _r(32)
_s("config_syntax", f"Semaphore agent token {_v} registered for the build pool", _v)


# Round 20. A value labelled with the function that hashed it (`password_bcrypt`, `…_SCRYPT`,
# `Argon2…`): a digest, as a label's `hash` says.
_l("mixed", f"admin_password_bcrypt: {_r(31)}")
_l("mixed", f'[Auth]\nRoot\\Password_SCRYPT="{_r(24)}:{_r(44)}"')


# Round 20. A token whose tag says secret (`…_sk_`, `…_secret_`) before a body of one case and
# digits of 20 or more: a credential, as a body of both cases was.
_v = f"prod_sk_{_r(22, LOWER_AN)}"
_s("authorization", f'http POST https://api.payhub.example/v1/charges "x-hub-key:{_v}"', _v)
_v = f"live_secret_{_r(24, UPPER_AN)}"
_s("config_syntax", f"Dashboard > API\nSecret    {_v}    created 2025-02-02", _v)
_l("mixed", f"Dashboard > API\nPublishable    live_pub_{_r(24, LOWER_AN)}    created 2025-02-02")


# Round 20. A token named for what payment APIs tokenise, a card or a payment method: it stands
# in the card's place (a reference, whatever its shape). A user's, a session's token is a
# credential still.
for text in (
    f"Checkout.com: card token tok_{_r(26, LOWER_AN)} created for the 3DS flow",
    f'Spreedly response: {{"payment_method_token": "{_r(29)}", "state": "retained"}}',
    f"Braintree vault: payment method token {_r(7, LOWER_AN)}7 attached to customer 4211",
    f"Adyen webhook: cardToken={_r(16, UPPER_AN)}8 (storedPaymentMethodId)",
):
    _l("mixed", text)
_v = _r(28)
_s("config_syntax", f"Pusher: user token {_v} issued for channel presence-ops", _v)


# Round 20. A password's value that its record says is the stored hash: a digest's shape on a
# line naming the hash's salt or its function's parameters; or behind the word that says so
# (`Hashed …`, `Encrypted …`). A digest's name elsewhere on the line (`HASH_ALGO=md5`) is not.
for text in (
    f"users.tsv: ana\tpassword={_r(64, HEX)}\tsalt={_r(8)}\titerations=27500",
    f"accounts.csv\n3,ops,pwd={_r(44)},kdf=bcrypt,cost=12",
    f"<Password>Hashed {_r(40, HEX)}</Password>",
    f'"db": {{"password": "Encrypted {_r(22)}==", "user": "app"}}',
):
    _l("mixed", text)
_v = _r(32, HEX)
_s("config_syntax", f"DB_PASSWORD={_v} HASH_ALGO=md5", _v)
_v = _fakes.password()
_s("config_syntax", f"PASSWORD=Encrypted{_v}", f"Encrypted{_v}")


# Round 20. A template's action (`{{ … }}`: consul-template's, Nomad's, Go's) calling a function
# named for a secret with a path: the path is no value. And a reference behind any sigil's
# braces (Hiera's `%{lookup(…)}`, `@{…}`), as `${…}` and `#{…}` were.
for text in (
    'token: {{ with secret "ci/npm" }}{{ .Data.data.token }}{{ end }}',
    '{{- with secret "pki/issue" "common_name=web.internal" -}}',
    'MAILGUN_KEY={{ with nomadVar "nomad/jobs/mailer" }}{{ .api_key }}{{ end }}',
    "profile::db::password: \"%{lookup('vault_db_password')}\"",
    "api_key: '%{hiera(datadog_api_key)}'",
    "  secret: @{prod.api.secret}",
):
    _l("config_syntax", text)
_v = _fakes.password()
_s("config_syntax", f"{{{{ .Values.name }}}}\npassword: {_v}", _v)


# Round 20. A password told after its word, as people pick one: a long word run into a number of
# three to five digits (`Harborquartz417`), its letters perhaps digits in disguise. A short word
# with a number (`Office365`) is a product's name.
_PEOPLES = Fakes(20_261_202, "amber birch cedar delta ember fjord garnet harbor quartz".split())


def _compound(digits: int) -> str:
    while True:
        word = _PEOPLES.leet() if digits == 5 else _PEOPLES.human()
        core = word.rstrip("!?.#*@")
        number = len(core) - len(core.rstrip("0123456789"))
        if number == digits or (digits == 5 and number >= 5):
            return core


_v = _compound(3)
_s("config_syntax", f"Swahili (ujumbe): Nenosiri la wifi ni {_v}, usimwambie mtu.", _v)
_v = _compound(4)
_s("config_syntax", f"Slovak (poznámka): Heslo k tlačiarni je teraz {_v}; nikomu ho nedávaj.", _v)
_v = _compound(5)
_s(
    "config_syntax",
    f"Tok Pisin (tok): Password bilong kompiuta em {_v}. No ken tokim narapela.",
    _v,
)
for text in (
    "Il password di Office365 scade ogni novanta giorni, come da policy.",
    "The password screen of Windows2000 looked nothing like this one.",
):
    _l("mixed", text)


# Round 20. A made value told last in a clause, a password manager's symbols in it: each symbol
# changes the class of what follows, as a change of case or a digit does.
_v = _fakes.password()
_s("config_syntax", f"Czech (poznámka): Na serveru je od včerejška {_v}, nikomu to neříkej.", _v)
_v = _fakes.password()
_s(
    "config_syntax",
    f"Bulgarian (бележка): За новия сървър вече е {_v}, не казвай на никого.",  # noqa: RUF001
    _v,
)
for text in (
    "Czech (poznámka): V konfiguraci je teď nastaveno Foo::BarBaz, nic víc.",
    "Slovak (poznámka): Build teraz beží s prepínačmi -O2 -Wall, nič viac.",
):
    _l("mixed", text)


# Round 20. An account, then its password, given to a command that adds or registers it (any
# tool's `user add`, `register`, `adduser`), or the administrator's to an installer: the first
# made argument after the account's, flags and hosts between.
_v = _fakes.password()
_s("config_syntax", f"mc admin user add myminio alice {_v}", _v)
_v = _PEOPLES.phrase()
_s("config_syntax", f"prosodyctl register alice chat.example.org '{_v}'", _v)
_v = _fakes.password()
_s("config_syntax", f"sudo ejabberdctl register ops xmpp.example.org {_v}", _v)
_v = _fakes.password()
_s("config_syntax", f'./bin/console setup admin "{_v}" --email ops@example.org', _v)
for text in (
    "npm install react lodash-es date-fns",
    "mc admin user add myminio alice",
    "certbot register --email ops@example.org --agree-tos --no-eff-email",
    "gitlab-runner register --url https://gitlab.example.com --executor docker",
    "useradd -m -s /bin/bash alice",
    "filebrowser users add alice --perm.admin --locale en",
):
    _l("config_syntax", text)


# Round 20. A login written as one word, `user:password`: a credentials file's line (chpasswd's
# input, a `name:password:level` list) or a short flag's argument; the password when made.
_v = _fakes.password()
_s("config_syntax", f"sudo chpasswd <<'EOF'\nops:{_v}\nEOF", _v)
_v = _PEOPLES.phrase()
_s("config_syntax", f"curl -x http://proxy.internal:3128 -U 'ops:{_v}' https://example.org", _v)
_v = _PEOPLES.any_password()
_s("config_syntax", f"$ cat /srv/app/users.list\nreader:{_v}:1", _v)
for text in (
    "docker run -v 'pgdata:/var/lib/postgresql/data' postgres:16",
    "ports:8080\nimage:nginx",
    "$ cat /etc/group\nadm:x:4:syslog",
    # numpy.distutils' docstring: a name and its section's, as a first version read a login
    "    gdk_pixbuf_xlib_2_info:gdk_pixbuf_xlib_2\n    gtkp_x11_2_info:gtkp_x11_2",
):
    _l("config_syntax", text)


# Round 20. A section or a mapping of accounts (`[users]`, `users:`): each entry's made value is
# a password; a hash, a setting's word, a list of roles is not.
_v = _fakes.password()
_s("config_syntax", f"# svnserve passwd\n[users]\nharry = {_v}\nsally = sally", _v)
_v = _PEOPLES.any_password()
_s("config_syntax", f"smtp4dev:\n  users:\n    relay: {_v}\n  port: 2525", _v)
for text in (
    "users:\n  alice: $2y$10$" + _r(53, "./" + AN) + "\n  max: 100",
    "[users]\ndefault_shell = /bin/bash\nhome_base = /home",
    "users:\n  - name: alice\n    groups: [dev]",
):
    _l("config_syntax", text)


# Round 20. A private key's file printed by the command before its contents (`cat`, `type`,
# `Get-Content`): a bare base64 line under it is the key. A public key's file is not.
_v = _fakes.b64(32)
_s("key_block", f"$ sudo cat /etc/wireguard/privatekey\n{_v}\n", _v)
_v = _fakes.b64(64)
_s("key_block", f"PS C:\\keys> Get-Content .\\server_private.key\n{_v}", _v)
_l("mixed", f"$ sudo cat /etc/wireguard/publickey\n{_fakes.b64(32)}\n")
_l("mixed", f"$ cat release.sha256.b64\n{_fakes.b64(32)}\n")


# Round 20. Any tool's `-P`, quoted, as `-p` was: a password when made (a passphrase too); not a
# regex (`grep -P`) nor a path.
_v = _PEOPLES.phrase()
_s("config_syntax", f"ipmitool -I lanplus -H bmc-07 -P '{_v}' power status", _v)
for text in (
    "grep -P '\\d{3}-\\d{4}' contacts.txt",
    "wget -P 'downloads/2024' https://example.org/a",
):
    _l("config_syntax", text)


# Round 20. A passphrase written apart (three capitalised words or more, a small number last),
# told as a password; not a title after `in the`.
_s(
    "config_syntax",
    "Das neue Passwort lautet Juniper Otter Canyon 17, bitte ändern.",
    "Juniper Otter Canyon 17",
)
_s("config_syntax", "Wachtwoord: Maple Basil Falcon Pebble 7", "Maple Basil Falcon Pebble 7")
_l("mixed", "Password rules are in the Security Handbook Volume 2.")


# Round 20. Signing in told in a sentence: as whom, then with what; the value when made.
_v = _fakes.password()
_s("config_syntax", f"Handover: sign in as ops@acme.example using {_v} and rotate it.", _v)
_v = _fakes.password()
_s("config_syntax", f"Repro: logged on as svc_backup and {_v} - the job still fails.", _v)
for text in (
    "Log in as admin with SSO, then open Settings.",
    "Sign in as alice using the hardware key, not the password.",
):
    _l("mixed", text)
