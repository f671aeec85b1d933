"""EIGHTEENTH held-out redaction split. Frozen: never edit it to make a rule pass, never tune
on it.

Written blind, in one sitting, before any measurement of it. Its author read only: the first 95
lines of `redaction_corpus.py` (the `SecretCase` format); the module docstrings of
`redaction_heldout.py` and `redaction_heldout2.py` to `redaction_heldout17.py`, printed alone
through `ast.get_docstring` (to stay clear of their contexts); `fake_secrets.py`; lines 83-225 of
`redaction_heldout17.py` (its imports and helpers; the last dozen of those lines are its first
case, a `tsc` diagnostic quoting an OpenAI key); and the first 45 lines of
`tests/test_redact_gate.py` (the loader). Its author never read the rules (graphmem/), their
description (docs/, README.md, CHANGELOG.md, CONTRIBUTING.md), the benchmark (benchmarks/), the
messages or diffs of any commit, nor any other case of another split. Nothing was run on it but
an import printing the two list sizes, self-written checks that call no graphmem code (each
secret occurs in its text, each `keep` occurs and does not overlap a secret, kind names are the
listed ones, no duplicate texts or secrets, no secret inside a look-alike) and `ruff check --fix`
/ `ruff format`; no redaction, test or benchmark saw a case while it was written, so no case was
kept or dropped for what the rules do with it. The first draft (322 secrets, 217 look-alikes) was
cut to size mechanically, without any run: every third config entry, every second prose entry,
every fourth look-alike, seven connection-string and three header cases chosen by topic.

Families: prefixed provider tokens 36, private keys 24, connection strings 42, config syntaxes
and prose 107, authorization headers 30; 163 look-alikes. Half of its cases come from contexts a
coding agent meets daily, in forms no earlier split lists: `pstree -a`, `fc -l`, `at -c`, `xargs
-t`, `parallel --dry-run`, `watchexec`, `socat`, `autossh`, `nohup.out`, GNU `screen` hardcopy,
PowerShell `Get-History`, cmd `doskey /history`, Windows Terminal profiles; build systems (Buck2,
Pants, Meson, CMake user presets, SCons, xmake, premake, Mill, Cake, Nuke, Rush) and bundlers
(Vite `define`, webpack `DefinePlugin`, esbuild `--define`, Rollup `replace`); app and release
tooling (electron-builder, Electron Forge, Capacitor, Ionic, Cordova, NativeScript, Wails,
Flatpak, AppImage, MacPorts, Cloud Native Buildpacks `project.toml`, Nixpacks, ko, Jib,
Skaffold, Garden, Okteto, DevSpace, Telepresence, mirrord); CI (Prow, Screwdriver, Buddy.Works,
Jenkins X, Google Cloud Deploy); editors (Nova, Kate, Notepad++ NppFTP, BBEdit, Geany, TextMate,
Lapce, Kakoune, micro); notebooks (Pluto.jl, Deepnote, Hex, Observable, Polynote, Spyder, the VS
Code Interactive Window); load and API tools (JMeter, SoapUI, Gatling, Taurus, Tsung, restish,
Posting, Kreya, Apidog, Requestly); HTTP client logs (Retrofit, Alamofire, go-resty, Guzzle,
Faraday, Elixir Req, RestSharp, Flurl, reqwest); log formats (winston, log4net, spdlog, Apple
unified log, Timber, CEF); languages (PureScript, Elm, ReScript, Hack, Prolog, awk, jq, Pony,
Mojo, Janet, Fennel, Hy, Processing, Scala 3, Octave, Mathematica, LaTeX, Typst). The other half
come from vendors no earlier split lists: payments (Rapyd, dLocal, EBANX, Cielo, Kushki, Openpay,
ePayco, Khalti, bKash, JazzCash, 2C2P, DOKU, Paymob, Tabby, Tamara, Ozow, Pesapal, HyperPay,
PayTabs, KG Inicis), AI (DeepInfra, Novita, Vast.ai, Luma, Ideogram, HeyGen, D-ID, Gladia,
Cartesia, PlayHT, Vapi, Retell, Upstage, MiniMax, iFlytek Spark, Sarvam), SaaS (Attio, Basecamp,
MYOB, Fortnox, Exact Online, Moneybird, Pennylane, Tripletex, MailerLite, listmonk, Beehiiv,
TurboSMS, Fast2SMS, Aligo, Kustomer, Tidio, tawk.to, Taiga, OpenProject, Kanboard, Vikunja),
hosting (Glitch, CodeSandbox, Northflank, Pantheon, WP Engine, Kinsta, Hostinger, Zeabur,
PocketBase), internal tools and monitoring (Retool, Appsmith, Budibase, ToolJet, Windmill,
Pipedream, Activepieces, Chatwoot, Uptime Kuma, Gatus, OpenObserve, Parseable, Raygun,
Lightstep), search (Astra DB, Marqo, turbopuffer, Trieve, Manticore, LanceDB) and data stores and
brokers (Aerospike, Hazelcast, Ignite, ScyllaDB, RavenDB, Dremio, Starburst, Presto, Impala,
StarRocks, Doris, Pinot, Greenplum, MonetDB, Access, Firebolt, Valkey, memcached SASL, Ingres,
Kylin, OpenEdge, Nile, ElectricSQL, Solace, TIBCO EMS, RocketMQ, VerneMQ, Qpid); with secrets, or
notes on where one is kept, in prose in Lower Sorbian, Aragonese, Mirandese, Ligurian, Udmurt,
Erzya, Karakalpak, Avar, Abkhaz, Tuvan, Inuktitut, Cree, Navajo, Yucatec Maya, Wayuu, Afar,
Ndebele, Fula, Efik, Bemba, Tshiluba, Santali, Dogri, Kashmiri, Tulu, Newari, Bodo, Dzongkha,
Shanghainese, Hakka, Teochew, Palauan, Gilbertese, Niuean, Alsatian, Pennsylvania Dutch,
Elfdalian, Livonian and Inari Sami (plus a Traditional Chinese and a Korean ops note). Passwords
mix generated ones, passphrases, leetspeak and human-chosen words. Its look-alikes are commit ids,
build ids and digests, public keys and fingerprints (public JWKS, an Ed25519 JWK, a push public
key, an age recipient, a GPG listing, an SSH public key), public client keys documented as such
(Tabby, Kushki, ePayco, Vapi, Tamara, Khalti, Openpay), payment and record ids, ETags, trace ids,
cursors, stored password hashes (`{PKCS5S2}`, Drupal `$S$`, phpBB `$H$`, Jenkins `#jbcrypt:`,
RabbitMQ `password_hash`, `$5$`, Dovecot `{SHA512-CRYPT}`, Gitea pbkdf2), env var and secret
references, masked values, placeholders, documented defaults, error messages naming secrets,
connection strings without a password, settings named like secrets with harmless values, and
notes in the same languages saying where a secret is kept, all from the same tools.

Every secret is generated at import from a fixed seed of its own (fake, never a real credential),
so no token-shaped string is committed.
"""

# ruff: noqa: RUF001  (full-width punctuation is part of the Chinese prose cases)

from __future__ import annotations

import base64
import json

from tests.data.fake_secrets import (
    AN,
    B64,
    DIGITS,
    HEX,
    LOWER_AN,
    UPPER_AN,
    URLSAFE,
    Fakes,
    basic,
    escaped,
    lines,
    pem,
)
from tests.data.redaction_corpus import SecretCase, _case

_WORDS = (
    "maple harbor quiet lantern orbit velvet cobalt thistle granite meadow falcon ember saffron "
    "tundra willow copper biscuit nimbus pepper juniper walrus cactus marble violin pickle "
    "glacier sparrow tofu rocket basil otter canyon mango puzzle drizzle zephyr"
).split()
_F = Fakes(18_1201_2026, _WORDS)
_r = _F.r
_pick = _F.rng.choice

SECRETS: list[SecretCase] = []
LOOKALIKES: list[str] = []


def _s(text: str, secrets: str | tuple[str, ...], kinds: str | tuple[str, ...], *keep: str) -> None:
    SECRETS.append(_case(text, secrets, kinds, *keep))


def _l(text: str) -> None:
    LOOKALIKES.append(text)


def _pem_key(label: str, nbytes: int) -> tuple[str, tuple[str, ...]]:
    """A PEM private key block and two of its full body lines (what must not survive)."""
    body = _F.b64(nbytes)
    ls = lines(body)
    return pem(label, body), tuple(dict.fromkeys((ls[1], ls[-2])))


# ---------------------------------------------------------------------------------------------
# Prefixed provider tokens (documented prefixes and shapes, random bodies)
# ---------------------------------------------------------------------------------------------

_ghp = "ghp_" + _r(36)
_s(
    "$ pstree -a 41233\nbash\n  `-node scripts/release.mjs --gh-token " + _ghp + " --draft\n",
    _ghp,
    "github_token",
    "scripts/release.mjs",
)
_pat = f"github_pat_{_r(22)}_{_r(59)}"
_s(
    "# electron-builder.yml\npublish:\n  provider: github\n  owner: tinkerdesk\n"
    f"  token: {_pat}\n  releaseType: draft\n",
    _pat,
    "github_token",
    "tinkerdesk",
)
_ghs = "ghs_" + _r(36)
_s(
    "prow/config.yaml\n  decorate: true\n  env:\n  - name: GITHUB_TOKEN\n"
    f"    value: {_ghs}   # TODO move to a secret before merging\n",
    _ghs,
    "github_token",
)
_gho = "gho_" + _r(36)
_s(
    "[2026-11-30 18:02:11.442] [info] [gh-sync] using oauth token " + _gho + " for api.github.com",
    _gho,
    "github_token",
)
_glpat = "glpat-" + _r(20, URLSAFE)
_s(
    '// .nova/Configuration.json\n{\n  "workspace.name": "billing",\n'
    f'  "gitlab.personalAccessToken": "{_glpat}"\n}}\n',
    _glpat,
    "gitlab_token",
)
_glpat2 = "glpat-" + _r(20, URLSAFE)
_s(
    "Screwdriver build 8812, step `publish`:\n"
    "$ npm config set //gitlab.example.org/api/v4/projects/88/packages/npm/:_authToken "
    f"{_glpat2}\n",
    _glpat2,
    "gitlab_token",
)
_xoxb = f"xoxb-{_r(12, DIGITS)}-{_r(13, DIGITS)}-{_r(24)}"
_s(
    '%% Pluto.jl notebook cell\nbegin\n\tusing Slack\n\tclient = SlackClient("'
    + _xoxb
    + '")\nend\n',
    _xoxb,
    "slack_token",
)
_xoxp = f"xoxp-{_r(12, DIGITS)}-{_r(12, DIGITS)}-{_r(13, DIGITS)}-{_r(32, HEX)}"
_s(
    '{"level":"warn","message":"slack rate limited","token":"'
    + _xoxp
    + '","retryAfter":30,"timestamp":"2026-11-30T09:12:44.019Z"}',
    _xoxp,
    "slack_token",
)
_proj = f"sk-proj-{_r(74, URLSAFE)}T3BlbkFJ{_r(74, URLSAFE)}"
_s(
    "In [14]: %who_ls str\nOut[14]: ['MODEL', 'OPENAI_API_KEY']\n\nIn [15]: OPENAI_API_KEY\n"
    f"Out[15]: '{_proj}'\n",
    _proj,
    "openai_key",
)
_proj2 = f"sk-proj-{_r(74, URLSAFE)}T3BlbkFJ{_r(74, URLSAFE)}"
_s(
    "-- Deepnote integration 'openai' (environment variables)\nOPENAI_API_KEY=" + _proj2 + "\n",
    _proj2,
    "openai_key",
)
_ant = f"sk-ant-api03-{_r(93, URLSAFE)}AA"
_s(
    ";; fennel config for a neovim plugin\n(local claude (require :claude))\n"
    f'(claude.setup {{:api_key "{_ant}" :model "claude-sonnet"}})\n',
    _ant,
    "anthropic_key",
)
_ant2 = f"sk-ant-api03-{_r(93, URLSAFE)}AA"
_s(
    "Kate > Settings > AI Assistant\n  Provider: Anthropic\n  API key: " + _ant2 + "\n",
    _ant2,
    "anthropic_key",
)
_sk_live = "sk_live_" + _r(24)
_s(
    "% Octave\nstripe_key = '" + _sk_live + "';\nurl = 'https://api.stripe.com/v1/balance';\n",
    _sk_live,
    "stripe_key",
)
_rk = "rk_live_" + _r(99)
_s(
    "/* Hack */\nconst string STRIPE_RESTRICTED = '" + _rk + "';\n",
    _rk,
    "stripe_key",
)
_akia = "AKIA" + _r(16, UPPER_AN)
_aws_s = _r(40, B64)
_s(
    "# CMakeUserPresets.json (local only, ignored by git? it was not)\n"
    '"environment": {\n  "AWS_ACCESS_KEY_ID": "' + _akia + '",\n'
    '  "AWS_SECRET_ACCESS_KEY": "' + _aws_s + '",\n  "SCCACHE_BUCKET": "ci-cache"\n}\n',
    (_akia, _aws_s),
    ("aws_access_key", "aws_secret_key"),
    "SCCACHE_BUCKET",
)
_akia2 = "AKIA" + _r(16, UPPER_AN)
_aws_s2 = _r(40, B64)
_s(
    "# .buckconfig.local\n[s3_cache]\n  access_key_id = "
    + _akia2
    + "\n  secret_access_key = "
    + _aws_s2
    + "\n  bucket = buck2-remote\n",
    (_akia2, _aws_s2),
    ("aws_access_key", "aws_secret_key"),
)
_asia = "ASIA" + _r(16, UPPER_AN)
_aws_s3 = _r(40, B64)
_sess = _F.b64(300)
_s(
    "skaffold dev --port-forward\nGenerating tags...\n"
    f" - env: AWS_ACCESS_KEY_ID={_asia} AWS_SECRET_ACCESS_KEY={_aws_s3}\n"
    f"   AWS_SESSION_TOKEN={_sess}\n",
    (_asia, _aws_s3),
    ("aws_access_key", "aws_secret_key"),
)
_aiza = "AIza" + _r(35, URLSAFE)
_s(
    "// capacitor.config.ts\nplugins: {\n  GoogleMapsServer: {\n    serverKey: '"
    + _aiza
    + "', // geocoding from the backend proxy\n  },\n},\n",
    _aiza,
    "google_api_key",
)
_aiza2 = "AIza" + _r(35, URLSAFE)
_s(
    '(* Mathematica *)\ngeminiKey = "' + _aiza2 + '";\nURLExecute[HTTPRequest[url, '
    '<|"Headers" -> {"x-goog-api-key" -> geminiKey}|>]]\n',
    _aiza2,
    "google_api_key",
)
_npm = "npm_" + _r(36)
_s(
    "rush publish --publish --include-all\n(env) NPM_AUTH_TOKEN=" + _npm + "\n",
    _npm,
    "secret",
)
_pypi = "pypi-AgEIcHlwaS5vcmc" + _r(120, URLSAFE)
_s(
    "# pants.toml\n[twine]\n# publish credentials (moved to env later)\n"
    f'args = ["--username", "__token__", "--password", "{_pypi}"]\n',
    _pypi,
    "secret",
)
_hf = "hf_" + _r(34)
_s(
    "$ fc -l -20\n 511  export HF_TOKEN=" + _hf + "\n 512  huggingface-cli whoami\n",
    _hf,
    "secret",
)
_dckr = "dckr_pat_" + _r(27, URLSAFE)
_s(
    '# jib in build.gradle.kts\njib {\n  to {\n    image = "docker.io/acme/api"\n'
    f'    auth {{ username = "acmebot"; password = "{_dckr}" }}\n  }}\n}}\n',
    _dckr,
    ("secret", "password"),
    "acmebot",
)
_astra = f"AstraCS:{_r(24)}:{_r(64, HEX)}"
_s(
    'from astrapy import DataAPIClient\nclient = DataAPIClient("' + _astra + '")\n',
    _astra,
    "secret",
)
_retool = "retool_" + _r(32)
_s(
    'Retool workflow \'nightly-sync\' export:\n"apiKey": "' + _retool + '",\n',
    _retool,
    "secret",
)
_vik = "tk_" + _r(40, HEX)
_s(
    "vikunja-cli config ~/.config/vikunja/config.yml\nserver: https://todo.home.arpa\n"
    f"token: {_vik}\n",
    _vik,
    "secret",
)
_lumakey = "luma-" + _F.uuid() + "-" + _r(40, URLSAFE)
_s(
    'from lumaai import LumaAI\nclient = LumaAI(auth_token="' + _lumakey + '")\n',
    _lumakey,
    "secret",
)
_up = "up_" + _r(32)
_s(
    "UPSTAGE_API_KEY=" + _up + "  # solar-pro for the Korean OCR demo\n",
    _up,
    "secret",
)
_sg = f"SG.{_r(22, URLSAFE)}.{_r(43, URLSAFE)}"
_s(
    'ReScript:\nlet sendgridKey = "' + _sg + '"\n@module("@sendgrid/mail") external setApiKey:'
    ' string => unit = "setApiKey"\n',
    _sg,
    "secret",
)
_shpat = "shpat_" + _r(32, HEX)
_s(
    '-- Elm port flags (dev only)\nflags =\n    { shop = "ferncraft"\n    , adminToken = "'
    + _shpat
    + '"\n    }\n',
    _shpat,
    "secret",
)
_jwt1 = _F.jwt(
    {"sub": "svc-ingest", "role": "service_role", "iss": "pocketbase", "exp": 1798000000}
)
_s(
    "PocketBase admin login ok\n> pb.authStore.token\n'" + _jwt1 + "'\n",
    _jwt1,
    "jwt",
)
_jwt2 = _F.jwt({"iss": "minimax", "GroupID": _r(19, DIGITS), "exp": 1799999999}, "HS256")
_s(
    'MINIMAX_API_KEY = "' + _jwt2 + '"\nMINIMAX_GROUP_ID = "19002773"\n',
    _jwt2,
    "jwt",
)
_ghr = "ghr_" + _r(76)
_s(
    "jenkins-x: jx pipeline effective\n  - name: GIT_REFRESH\n    value: " + _ghr + "\n",
    _ghr,
    "github_token",
)
_xapp = f"xoxe.xoxp-1-{_r(140, AN)}"
_s(
    "winston[debug] slack oauth.v2.exchange -> refresh_token=" + _xapp + " expires_in=43200",
    _xapp,
    "slack_token",
)
_glrt = "glrt-" + _r(20, URLSAFE)
_s(
    "Buddy.Works pipeline action 'Register runner' (YAML view)\n  execute_commands:\n"
    f"  - gitlab-runner register --non-interactive --token {_glrt} --url https://gl.acme.dev\n",
    _glrt,
    "gitlab_token",
)
_sk_test = "sk_test_" + _r(99)
_s(
    "Spyder Variable Explorer\n  Name          Type   Size   Value\n"
    f"  stripe_key    str    107    {_sk_test}\n",
    _sk_test,
    "stripe_key",
)

# ---------------------------------------------------------------------------------------------
# Private key material
# ---------------------------------------------------------------------------------------------

_k, _ks = _pem_key("RSA PRIVATE KEY", 1190)
_s(
    "$ screen -X hardcopy /tmp/scr.txt && cat /tmp/scr.txt\nroot@gw:~# cat deploy.key\n"
    + _k
    + "\nroot@gw:~# ",
    _ks,
    "private_key",
)
_k, _ks = _pem_key("PRIVATE KEY", 1218)
_s(
    "Apple Unified Log (log stream --predicate 'process == \"SignerAgent\"')\n"
    "2026-11-30 10:01:22.913 Df SignerAgent[812:1f0a] loaded key material:\n" + _k,
    _ks,
    "private_key",
)
_k, _ks = _F.openssh(380)
_s(
    "# Vagrant-less: Okteto manifest (okteto.yml)\nsecrets:\n  - ~/.ssh/id_ed25519:/root/.ssh/id\n"
    "# pasted the file content here for the ticket:\n" + _k + "\n",
    _ks,
    "private_key",
)
_k, _ks = _pem_key("EC PRIVATE KEY", 121)
_s(
    "garden.yml\nkind: Deploy\nspec:\n  env:\n    SIGNING_KEY: |\n"
    + "\n".join("      " + x for x in _k.splitlines())
    + "\n",
    _ks,
    "private_key",
)
_k, _ks = _pem_key("ENCRYPTED PRIVATE KEY", 1300)
_kp = _F.password(22)
_s(
    '# devspace.yaml vars\nTLS_KEY_PASSPHRASE: "'
    + _kp
    + '"\nTLS_KEY: |\n'
    + "\n".join("  " + x for x in _k.splitlines())
    + "\n",
    (*_ks, _kp),
    ("private_key", "password"),
)
_k, _ks = _pem_key("PRIVATE KEY", 1218)
_s(
    '{"type": "service_account", "project_id": "tern-ml", "private_key": "'
    + escaped(_k)
    + '", "client_email": "deepnote@tern-ml.iam.gserviceaccount.com"}',
    _ks,
    "private_key",
)
_k, _ks = _pem_key("RSA PRIVATE KEY", 1190)
_s(
    "SoapUI project (keystore tab) -> exported WSS key:\n<con:keystore>"
    + escaped(_k)
    + "</con:keystore>",
    _ks,
    "private_key",
)
_k, _ks = _pem_key("PRIVATE KEY", 138)
_s(
    '-- Typst document for the internal wiki (oops)\n#raw("' + escaped(_k) + '")\n',
    _ks[:1],
    "private_key",
)
_d = _F.urlb64(256)
_p, _q = _F.urlb64(128), _F.urlb64(128)
_s(
    "# jwks.private.json served by mistake from /static (Caddy file_server)\n"
    + json.dumps(
        {
            "keys": [
                {
                    "kty": "RSA",
                    "kid": "2026-11",
                    "use": "sig",
                    "n": _F.urlb64(256),
                    "e": "AQAB",
                    "d": _d,
                    "p": _p,
                    "q": _q,
                }
            ]
        },
        indent=1,
    ),
    (_d, _p, _q),
    "private_key",
)
_ed = _F.urlb64(32)
_s(
    'wails.json -> "updater": {"privateJwk": {"kty":"OKP","crv":"Ed25519","x":"'
    + _F.urlb64(32)
    + '","d":"'
    + _ed
    + '"}}',
    _ed,
    "private_key",
)
_ppk_lines = lines(_F.b64(600), 64)
_ppk = (
    "PuTTY-User-Key-File-3: ssh-rsa\nEncryption: none\nComment: rsa-key-20261130\n"
    f"Public-Lines: 6\n{_F.b64(270)}\nPrivate-Lines: {len(_ppk_lines)}\n"
    + "\n".join(_ppk_lines)
    + f"\nPrivate-MAC: {_F.hex(64)}"
)
_s(
    "Notepad++ > NppFTP > Profile settings > Key file contents:\n" + _ppk,
    (_ppk_lines[1], _ppk_lines[-2]),
    "private_key",
)
_pgp = base64.b64encode(b"\x95\x07\x46\x04" + _F.raw(1400)).decode()
_pgl = lines(_pgp)
_s(
    "flatpak-builder --gpg-sign=7F3A... failed; key dump attached\n"
    "-----BEGIN PGP PRIVATE KEY BLOCK-----\n\n"
    + "\n".join(_pgl)
    + "\n="
    + _r(4, B64)
    + "\n-----END PGP PRIVATE KEY BLOCK-----",
    (_pgl[2], _pgl[-2]),
    "private_key",
)
_k, _ks = _F.openssh(300)
_s(
    '- name: mirrord config (.mirrord/mirrord.json)\n"env": {"override": {"GIT_SSH_KEY": "'
    + escaped(_k)
    + '"}}',
    _ks,
    "private_key",
)
_k, _ks = _pem_key("RSA PRIVATE KEY", 610)
_s(
    "% LaTeX appendix of the thesis repo\n\\begin{verbatim}\n" + _k + "\n\\end{verbatim}\n",
    _ks,
    "private_key",
)
_k, _ks = _pem_key("PRIVATE KEY", 1218)
_s(
    "cordova build android --release -- --keystore=... ; config.xml preference:\n"
    '<preference name="PushPrivateKey" value="' + escaped(_k) + '" />',
    _ks,
    "private_key",
)
_k, _ks = _pem_key("EC PRIVATE KEY", 223)
_s(
    "# ko build: .ko.yaml\ndefaultEnv:\n  - APNS_AUTH_KEY=" + escaped(_k) + "\n",
    _ks,
    "private_key",
)
_k, _ks = _pem_key("DSA PRIVATE KEY", 440)
_s(
    "MacPorts portfile patch (legacy scp mirror):\npost-destroot {\n  xinstall -m 600 "
    "${filespath}/mirror.key ${destroot}/etc\n}\n# files/mirror.key:\n" + _k,
    _ks,
    "private_key",
)
_k, _ks = _pem_key("PRIVATE KEY", 1218)
_s('gatling> val signer = PemSigner("""' + _k + '""")', _ks, "private_key")
_k, _ks = _pem_key("RSA PRIVATE KEY", 1190)
_s(
    'Tsung config tsung.xml\n<option name="ssl_key" value="' + escaped(_k) + '"/>',
    _ks,
    "private_key",
)
_age = "AGE-SECRET-KEY-1" + _r(58, "QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L")
_s(
    "# Meson native file with secrets for the packaging job\n[properties]\n"
    f"sops_age_key = '{_age}'\n",
    _age,
    "private_key",
)
_k, _ks = _pem_key("PRIVATE KEY", 1218)
_s(
    'nixpacks plan output:\n  "variables": {\n    "JWT_PRIVATE_KEY": "' + escaped(_k) + '"\n  }',
    _ks,
    "private_key",
)
_k, _ks = _pem_key("RSA PRIVATE KEY", 1190)
_s("Zeabur 環境變數 JWT_PRIVATE_KEY (我直接貼上了，請幫我確認格式):\n" + _k, _ks, "private_key")
_k, _ks = _pem_key("PRIVATE KEY", 1218)
_s(
    "Rapyd webhook signer — Paymob HMAC sidecar, keys.yaml\nsigning:\n  key: |-\n"
    + "\n".join("    " + x for x in _k.splitlines()),
    _ks,
    "private_key",
)
_k, _ks = _pem_key("PRIVATE KEY", 121)
_s(
    "KG이니시스 연동 키 파일 (운영) 내용 붙여넣기:\n" + _k + "\n담당자 확인 후 삭제 예정",
    _ks,
    "private_key",
)

# ---------------------------------------------------------------------------------------------
# Connection strings with passwords
# ---------------------------------------------------------------------------------------------

_p = _F.url_password(22)
_s(
    f"aerospike:\n  hosts: as1.internal:3000\n  user: ingest\n  password: {_p}\n",
    _p,
    "password",
    "ingest",
)
_p = _F.url_password(18)
_s(
    f"hazelcast-client.yaml -> cluster-name: prod\n  security:\n    username-password:\n"
    f"      username: hzapp\n      password: {_p}\n",
    _p,
    "password",
    "hzapp",
)
_p = _F.password(20)
_s(
    "jdbc:ignite:thin://10.4.0.7:10800;user=ignite;password=" + _p + ";sslMode=require",
    _p,
    "password",
)
_p = _F.url_password(20)
_s(
    f"scylla:\n  contact_points: [scylla-1.db]\n  url: scylla://app:{_p}@scylla-1.db:9042/metrics\n",
    _p,
    "password",
)
_p = _F.password(16)
_s(
    "RavenDB Studio > Connection strings > raven-etl:\nUrls=https://a.ravendb.local;"
    "Database=orders;CertificatePassword=" + _p,
    _p,
    "password",
)
_p = _F.url_password(24)
_s("dremio-flight: grpc+tls://analyst:" + _p + "@dremio.corp:32010", _p, "password", "analyst")
_p = _F.url_password(20)
_s(
    "# dbt profiles.yml (Starburst Galaxy)\n  host: acme-cluster.trino.galaxy.starburst.io\n"
    f"  user: svc_dbt@acme.galaxy.starburst.io\n  password: {_p}\n  port: 443\n",
    _p,
    "password",
)
_p = _F.url_password(18)
_s(
    f"presto --server https://presto.corp:8443 --user etl --password\n"
    f"# PRESTO_PASSWORD={_p} in the cron wrapper",
    _p,
    "password",
)
_p = _F.password(14)
_s(
    'impala-shell -i impalad01:21050 -u reporting -l --ldap_password_cmd="echo ' + _p + '"',
    _p,
    "password",
)
_p = _F.url_password(20)
_s(
    f"mysql://root:{_p}@starrocks-fe.internal:9030/ads  # StarRocks FE (MySQL protocol)",
    _p,
    "password",
)
_p = _F.url_password(16)
_s(
    f"doris:\n  jdbc_url: jdbc:mysql://doris-fe:9030/dwd?user=loader&password={_p}\n",
    _p,
    "password",
)
_p = _F.human()
_s(
    f'Greenplum: psql "host=gp-master port=5432 dbname=dw user=gpadmin password={_p}"',
    _p,
    "password",
    "gpadmin",
)
_p = _F.url_password(14)
_s(f"mclient -d monetdb://analytics:{_p}@localhost:50000/voc", _p, "password")
_p = _F.human()
_s(
    "Provider=Microsoft.ACE.OLEDB.12.0;Data Source=C:\\Finance\\ledger.accdb;"
    "Jet OLEDB:Database Password=" + _p + ";",
    _p,
    "password",
)
_p = _F.url_password(28)
_s(f"firebolt://svc_loader:{_p}@acme_db/acme_engine?account_name=acme", _p, "password")
_p = _F.url_password(22)
_s(f"valkey-cli -u valkeys://default:{_p}@cache-0.valkey.svc:6380/0 PING", _p, "password")
_p = _F.password(18)
_s(
    "memcached -S (SASL) client: pylibmc.Client(['mc1:11211'], binary=True, username='web', "
    f"password='{_p}')",
    _p,
    "password",
)
_p = _F.password(12)
_s(f"sql -u ingres_adm -P {_p} ordersdb  # Ingres terminal monitor", _p, "password")
_p = _F.url_password(16)
_s(
    f"kylin.properties\nkylin.metadata.url=kylin_metadata@jdbc,url=jdbc:mysql://db:3306/kylin,"
    f"username=kylin,password={_p}\n",
    _p,
    "password",
)
_p = _F.human()
_s(
    f"-db sports -H oe-host -S 20931 -U webspeed -P {_p}  # Progress OpenEdge client startup",
    _p,
    "password",
)
_p = _F.url_password(24)
_s(
    f"Solace PubSub+: smfs://default:{_p}@mr-connection-abc.messaging.solace.cloud:55443",
    _p,
    "password",
)
_p = _F.password(16)
_s("tibemsadmin -server tcp://ems01:7222 -user admin -password " + _p, _p, "password")
_p = _F.url_password(20)
_s(
    f"rocketmq:\n  name-server: 10.0.3.4:9876\n  producer:\n    access-key: orders\n"
    f"    secret-key: {_p}\n",
    _p,
    ("secret", "password"),
)
_p = _F.url_password(16)
_s(
    f"vernemq.conf\nplugins.vmq_passwd = off\nvmq_diversity.postgres.password = {_p}\n",
    _p,
    "password",
)
_p = _F.url_password(20)
_s(f"amqps://qpid:{_p}@broker.qpid.internal:5671/orders?amqp.saslMechanisms=PLAIN", _p, "password")
_p = _F.url_password(20)
_s(
    f"ScyllaDB Cloud says: cqlsh -u scylla -p {_p} node-0.aws-eu-west-1.abc.clusters.scylla.cloud",
    _p,
    "password",
)
_p = _F.url_password(22)
_s(
    f"NILE_DATABASE_URL=postgres://0192-app:{_p}@eu-central-1.db.thenile.dev:5432/crm",
    _p,
    "password",
)
_p = _F.url_password(24)
_s(
    f"ELECTRIC_URL=postgresql://electric:{_p}@pg.internal:5432/electric?sslmode=require",
    _p,
    "password",
)
_p = _F.url_password(20)
_s(
    f"Pinot JDBC: jdbc:pinot://pinot-controller:9000?user=admin&password={_p}&brokers=pb:8099",
    _p,
    "password",
)
_p = _F.url_password(18)
_s(
    f"2026-11-30 07:44:10,301 ERROR [log4net] Could not connect: Server=sql02;Database=Hr;"
    f"User Id=hr_app;Password={_p};Encrypt=true",
    _p,
    "password",
)
_p = _F.url_password(20)
_s(
    f"[spdlog] [2026-11-30 07:44:10.301] [error] pg connect failed: "
    f"postgresql://telemetry:{_p}@ts.local:5432/metrics",
    _p,
    "password",
)
_p = _F.url_password(16)
_s(
    f'Timber.d("OkDb", "opening jdbc:postgresql://10.0.2.2/app?user=dev&password={_p}")',
    _p,
    "password",
)
_p = _F.url_password(22)
_s(
    f"CEF:0|Acme|Gateway|3.1|400|DB failover|5|src=10.1.1.4 msg=redis://:{_p}@cache-b:6379/0",
    _p,
    "password",
)
_p = _F.url_password(20)
_s(f"$ xargs -t -n1 curl -sS < urls.txt\ncurl -sS https://admin:{_p}@couch.int/_up", _p, "password")
_p = _F.url_password(18)
_s(
    f"parallel --dry-run pg_restore -d postgres://restore:{_p}@db{{}}.int/app ::: 1 2 3",
    _p,
    "password",
)
_p = _F.url_password(20)
_s(
    f"watchexec -r -- env DATABASE_URL=mysql://api:{_p}@127.0.0.1:3306/api cargo run",
    _p,
    "password",
)
_p = _F.url_password(24)
_s(
    "# Taurus bzt.yml\nservices:\n- module: shellexec\n  prepare:\n"
    f"  - psql postgresql://loadtest:{_p}@perf-db:5432/seed -f seed.sql\n",
    _p,
    "password",
)
_p = _F.url_password(16)
_s(f'premake5.lua: defines {{ "DB_DSN=\\"Server=db;Uid=game;Pwd={_p};\\"" }}', _p, "password")
_p = _F.url_password(18)
_s(
    f"SConstruct\nenv.Append(CPPDEFINES={{'TELEMETRY_URL': '\"amqp://tm:{_p}@mq:5672\"'}})",
    _p,
    "password",
)
_p = _F.url_password(20)
_s(
    f"xmake.lua\nadd_defines('MQTT_URI=\"mqtts://device:{_p}@iot.example.net:8883\"')",
    _p,
    "password",
)
_p = _F.url_password(20)
_s(
    f'// build.cake\nvar conn = "Host=pg;Username=migrator;Password={_p};Database=app";',
    _p,
    "password",
)
_p = _F.url_password(18)
_s(
    f"Dzongkha ops note: གསང་ཚིག (password) for pg is in this URL postgres://ops:{_p}@10.9.0.2/ops",
    _p,
    "password",
)

# ---------------------------------------------------------------------------------------------
# Config syntaxes: languages, file formats, CLI flags, env files, tables, prose
# ---------------------------------------------------------------------------------------------

# (template with {p}, kind, generator) — each a real-looking snippet
_CONFIG = [
    ('-- PureScript\napiSecret :: String\napiSecret = "{p}"\n', "secret", lambda: _r(40)),
    ("% Prolog\ndb_credentials(reporting, '{p}').\n", "password", _F.human),
    (
        'BEGIN {{ FS=","; apikey="{p}" }}  # awk script pushing rows to the billing API\n',
        "secret",
        lambda: _r(32, HEX),
    ),
    (
        "jq -n --arg pw '{p}' '{{user: \"svc\", password: $pw}}' "
        "| curl -d @- localhost:8080/login\n",
        "password",
        _F.leet,
    ),
    ('// Pony\nlet secret: String = "{p}"\n', "secret", lambda: _r(48, URLSAFE)),
    ('# Mojo\nalias API_SECRET = "{p}"\n', "secret", lambda: _r(40)),
    ('(setv client-secret "{p}")  ; hy\n', "secret", lambda: _r(36)),
    (
        '// Processing sketch\nString password = "{p}";  // for the gallery wifi display\n',
        "password",
        _F.human,
    ),
    (
        "vite.config.ts\ndefine: {{ 'import.meta.env.VITE_ADMIN_SECRET': "
        "JSON.stringify('{p}') }},\n",
        "secret",
        lambda: _r(32),
    ),
    (
        "webpack.config.js\nnew webpack.DefinePlugin({{ 'process.env.API_SECRET': '\"{p}\"' }}),\n",
        "secret",
        lambda: _r(40, URLSAFE),
    ),
    (
        "rollup.config.mjs\nreplace({{ __SERVICE_PASSWORD__: JSON.stringify('{p}') }}),\n",
        "password",
        _F.phrase,
    ),
    ("lerna.json is fine; but .env.production has\nADMIN_PASSWORD={p}\n", "password", _F.leet),
    ("nativescript.config.ts\n  android: {{ keyStorePassword: '{p}' }},\n", "password", _F.human),
    (
        "forge.config.js\npublishers: [{{ name: '@electron-forge/publisher-s3', config: "
        "{{ accessKeyId: 'ci', secretAccessKey: '{p}' }} }}]\n",
        "secret",
        lambda: _r(40, B64),
    ),
    (
        "telepresence intercept api --env-file=/tmp/api.env\n$ grep SECRET /tmp/api.env\n"
        "SESSION_SECRET={p}\n",
        "secret",
        lambda: _r(64, HEX),
    ),
    (
        "meson setup build -Dsentry_auth=... ; meson_options.txt default:\n"
        "option('upload_password', type: 'string', value: '{p}')\n",
        "password",
        _F.password,
    ),
    (
        '// Nuke build\n[Parameter] [Secret] readonly string FeedPassword = "{p}";\n',
        "password",
        _F.phrase,
    ),
    (
        "# AppImage builder recipe\nscript:\n"
        "  - echo '{p}' | gpg --batch --passphrase-fd 0 --sign\n",
        "password",
        _F.phrase,
    ),
    (
        '#let api-key = "{p}" // typst template pulling data at compile time\n',
        "secret",
        lambda: _r(40),
    ),
    ('(* Mathematica *)\n$DBPassword = "{p}";\n', "password", _F.leet),
    (
        '<stringProp name="Argument.value">{p}</stringProp> <!-- jmx: PASSWORD -->\n',
        "password",
        _F.password,
    ),
    (
        "restish api configure billing\n? Auth: http-basic\n? Username: ops\n? Password: {p}\n",
        "password",
        _F.human,
    ),
    (
        'Kreya project env: {{"name":"prod","variables":{{"clientSecret":"{p}"}}}}\n',
        "secret",
        lambda: _r(40, URLSAFE),
    ),
    ("Apidog environment 'staging' -> variable `admin_password` = {p}\n", "password", _F.phrase),
    (
        "Get-History | Select -Last 3\n  41 Connect-ExchangeOnline -Credential (New-Object "
        "PSCredential 'adm', (ConvertTo-SecureString '{p}' -AsPlainText -Force))\n",
        "password",
        _F.password,
    ),
    (
        "C:\\> doskey /history\ncd repo\nset SIGNTOOL_PASS={p}\n"
        "signtool sign /f cert.pfx /p %SIGNTOOL_PASS%"
        " app.exe\n",
        "password",
        _F.password,
    ),
    (
        "nohup.out:\n[boot] ADMIN_BOOTSTRAP_PASSWORD={p}\n[boot] listening on :8080\n",
        "password",
        _F.password,
    ),
    (
        "$ at -c 14 | tail -3\nexport BACKUP_PASSPHRASE='{p}'\ncd /srv && ./nightly-backup.sh\n",
        "password",
        _F.phrase,
    ),
    (
        "$ socat OPENSSL:mail.int:465,verify=0 - <<< $'AUTH PLAIN\\n'  # then typed: "
        "billing / {p}\n",
        "password",
        _F.human,
    ),
    (
        "autossh -M 0 -f -N -R 2222:localhost:22 tunnel@jump.example.net  # pw {p} (ask Lin)\n",
        "password",
        _F.leet,
    ),
    (
        "~/.config/kak/kakrc\n"
        'set-option global lsp_config %{{ [language.openai] api_key = "{p}" }}\n',
        "secret",
        lambda: _r(48),
    ),
    ('lapce settings.toml\n[lapce-ai]\nkey = "{p}"\n', "secret", lambda: _r(40)),
    (
        "Geany project file\n[build-menu]\nEX_00_CM=curl -u deploy:{p} -T %f ftp://web01/htdocs/\n",
        "password",
        _F.password,
    ),
    (
        "BBEdit SFTP bookmark (exported plist)\n<key>Password</key>\n<string>{p}</string>\n",
        "password",
        _F.phrase,
    ),
    ('TextMate .tm_properties\nTM_DEPLOY_PASSWORD = "{p}"\n', "password", _F.leet),
    ("Spyder startup script: os.environ['PGPASSWORD'] = '{p}'\n", "password", _F.human),
    ('Observable notebook cell\nsecretToken = "{p}"\n', "secret", lambda: _r(32, HEX)),
    (
        'Hex project: Secrets were not used; cell 3 has\nsnowflake_pass = "{p}"\n',
        "password",
        _F.password,
    ),
    ("VS Code Interactive Window\n# %%\nneo_pass = '{p}'\n", "password", _F.human),
    (
        'winston: {{"level":"info","message":"login","body":{{"email":"a@b.co",'
        '"password":"{p}"}}}}\n',
        "password",
        _F.leet,
    ),
    (
        "[2026-11-30 08:00:01.114] [spdlog] [debug] rtsp auth user=cam password={p}\n",
        "password",
        _F.human,
    ),
    ("Timber: D/LoginVM: submit(username=kofi, password={p})\n", "password", _F.leet),
    (
        'Prow ProwJob spec env:\n- name: REGISTRY_PASSWORD\n  value: "{p}"\n',
        "password",
        _F.password,
    ),
    (
        "Buddy.Works: variable `SFTP_PASSWORD` (not marked as encrypted): {p}\n",
        "password",
        _F.human,
    ),
    ("jx-requirements.yml\n  webhook:\n    hmacToken: {p}\n", "secret", lambda: _r(40, HEX)),
    ("google cloud deploy: skaffold render --set db.password={p}\n", "password", _F.password),
    ("Okteto: okteto deploy --var STRIPE_WEBHOOK_SECRET=whsec_{p}\n", "secret", lambda: _r(32)),
    ("devspace run-pipeline dev --var DB_PASSWORD={p}\n", "password", _F.phrase),
    ("Taurus: settings:\n  env:\n    LOCUST_PASSWORD: {p}\n", "password", _F.password),
    (
        "| service | user | password |\n|---|---|---|\n| retool-db | retool | {p} |\n",
        "password",
        _F.password,
    ),
    ("budibase .env\nJWT_SECRET={p}\nMINIO_ACCESS_KEY=budibase\n", "secret", lambda: _r(40)),
    ("tooljet .env\nSECRET_KEY_BASE={p}\n", "secret", lambda: _r(128, HEX)),
    ('pipedream.yaml\nprops:\n  api_secret: "{p}"\n', "secret", lambda: _r(36)),
    (
        "activepieces .env\nAP_ENCRYPTION_KEY={p}\nAP_JWT_SECRET=" + "{p}" + "\n",
        "secret",
        lambda: _r(32, HEX),
    ),
    (
        "chatwoot .env\nSECRET_KEY_BASE={p}\nFRONTEND_URL=https://chat.acme.io\n",
        "secret",
        lambda: _r(128, HEX),
    ),
    ('uptime-kuma notification (SMTP): smtpPassword: "{p}"\n', "password", _F.human),
    (
        "openobserve: ZO_ROOT_USER_EMAIL=root@acme.io ZO_ROOT_USER_PASSWORD={p} ./openobserve\n",
        "password",
        _F.leet,
    ),
    ("parseable: P_USERNAME=admin P_PASSWORD={p} parseable s3-store\n", "password", _F.password),
    ('raygun4net config: <RaygunSettings apikey="{p}" />\n', "secret", lambda: _r(22)),
    ("lightstep collector: access_token: {p}\n", "secret", lambda: _r(84, B64)),
    (
        "marqo: mq = marqo.Client(url='https://api.marqo.ai', api_key='{p}')\n",
        "secret",
        lambda: _r(40),
    ),
    ('turbopuffer: tpuf.api_key = "tpuf_{p}"\n', "secret", lambda: _r(32)),
    ("trieve: TRIEVE_API_KEY=tr-{p}\n", "secret", lambda: _r(32)),
    ("manticore: searchd {{ ... }} ; mysql -h0 -P9306 -u admin -p'{p}'\n", "password", _F.password),
    (
        "lancedb.connect('db://acme', api_key='sk_{p}', region='us-east-1')\n",
        "secret",
        lambda: _r(40, LOWER_AN),
    ),
]

for _tpl, _kind, _gen_fn in _CONFIG:
    _v = _gen_fn()
    _s(_tpl.format(p=_v), _v, _kind)

# ---------------------------------------------------------------------------------------------
# Vendors no earlier split lists, secrets in prose in human languages no earlier split uses
# ---------------------------------------------------------------------------------------------

_PROSE = [
    (
        "Lower Sorbian",
        "Rapyd: pótajny kluc za produkciju jo {p}, pšosym njedaj jen nikomu.",
        "secret",
        lambda: _r(64, HEX),
    ),
    (
        "Aragonese",
        "A clau secreta d'EBANX ye {p} — a emplegamos en o servidor de pagos.",
        "secret",
        lambda: _r(60, UPPER_AN),
    ),
    (
        "Ligurian",
        "A ciave MerchantKey de Cielo a l'è {p}, no a scrive into o ticket.",
        "secret",
        lambda: _r(40, UPPER_AN),
    ),
    (
        "Udmurt",
        "Openpay-лэн пыӵсэтэм ключез: {p} — нокинлы эн сётэ.",
        "secret",
        lambda: "sk_" + _r(32, LOWER_AN),
    ),
    (
        "Erzya",
        "Khalti-нь salavks key: {p} (live), кирдть ванстозь.",
        "secret",
        lambda: "live_secret_key_" + _r(32, HEX),
    ),
    ("Karakalpak", "bKash app_secret: {p} — muny hesh kimge bermeń.", "secret", lambda: _r(50)),
    (
        "Abkhaz",
        "JazzCash integrity salt: {p} — ари шәзыҳәаҭәуп.",
        "secret",
        lambda: _r(10, UPPER_AN),
    ),
    ("Inuktitut", "ᐅᖃᐅᓯᖅ ᐊᓯᐅᔨᖅᑕᐅᓂᖅ DOKU shared key: {p}", "secret", lambda: _r(12)),
    (
        "Navajo",
        "Paymob secret key éí {p} — t'áadoo ła' bee nahasinííłníní.",
        "secret",
        lambda: "egy_sk_live_" + _r(64, HEX),
    ),
    (
        "Yucatec Maya",
        "U secret key Tabby leti' {p}, ma' a ts'áik ti' mix máak.",
        "secret",
        lambda: "sk_" + _F.uuid(),
    ),
    ("Wayuu", "Ozow ApiKey: {p}, nnojotsü püsakiin nia.", "secret", lambda: _r(32)),
    ("Afar", "Pesapal consumer_secret: {p} — maay kaa ixxiqe.", "secret", lambda: _r(28, B64)),
    (
        "Ndebele",
        "Iphasiwedi ye-PayTabs server key: {p}",
        "secret",
        lambda: "S" + _r(9, UPPER_AN) + "-" + _r(10, UPPER_AN) + "-" + _r(10, UPPER_AN),
    ),
    ("Fula", "Novita API key: {p} — hokkaa mo neɗɗo.", "secret", lambda: "sk_" + _r(43, URLSAFE)),
    ("Efik", "Vast.ai API key ke {p}, kûnọ owo.", "secret", lambda: _r(64, HEX)),
    ("Bemba", "Ideogram Api-Key ni {p}, mwilapeela umuntu.", "secret", lambda: _r(86, URLSAFE)),
    ("Tshiluba", "D-ID key wa Basic udi {p}", "secret", lambda: _r(40, B64)),
    ("Santali", "Gladia x-gladia-key ᱫᱚ {p} ᱠᱟᱱᱟ", "secret", lambda: _F.uuid()),
    ("Kashmiri", "PlayHT secret key: {p}, یہ کٲنسہِ دِیُن نہٕ", "secret", lambda: _r(32, HEX)),
    ("Tulu", "Retell API key: {p} — yeregla korodchi.", "secret", lambda: "key_" + _r(28, HEX)),
    ("Shanghainese", "讯飞星火 APISecret 是 {p}，侬覅拨别人看。", "secret", lambda: _r(32)),
    ("Teochew", "Sarvam api-subscription-key 是 {p}，勿分人睇。", "secret", lambda: _F.uuid()),
    (
        "Palauan",
        "A Basecamp access token a {p}, lak momang er a rechad.",
        "secret",
        lambda: _r(200, B64),
    ),
    ("Gilbertese", "MYOB API key: {p} — tai anganna temanna.", "secret", lambda: _r(24, LOWER_AN)),
    ("Niuean", "Exact Online password he admin: {p}", "password", _F.human),
    ("Alsatian", "S'Passwort fer Pennylane isch {p}, gib's nit wittersch.", "password", _F.phrase),
    (
        "Pennsylvania Dutch",
        "Es Passwatt fer Tripletex is {p}, saag's ken Mensch.",
        "password",
        _F.leet,
    ),
    ("Elfdalian", "Lösenuordeð að MailerLite ir {p}.", "password", _F.human),
    ("Livonian", "listmonk admin salāsõnā um {p}.", "password", _F.password),
    ("Inari Sami", "Beehiiv API-čoavdâ lii {p}, ele adde kiäsát.", "secret", lambda: _r(64)),
    ("Udmurt", "TurboSMS токен: {p}", "secret", lambda: _r(40, HEX)),
    ("Dogri", "Fast2SMS authorization ਕੁੰਜੀ {p} ਐ", "secret", lambda: _r(80)),
    ("Bodo", "Aligo API key आ {p}, सोरबाबोनो होनो नङा।", "secret", lambda: _r(32, LOWER_AN)),
    ("Aragonese", "A clau de Tidio (private key) ye {p}.", "secret", lambda: _r(32, LOWER_AN)),
    ("Mirandese", "tawk.to REST API key: {p}", "secret", lambda: _r(40, HEX)),
    ("Avar", "OpenProject API key: {p}", "secret", lambda: _r(64, HEX)),
    ("Alsatian", "Glitch project token vum Jakob: {p}", "secret", _F.uuid),
    (
        "Shanghainese",
        "CodeSandbox API token：{p}，覅贴到群里。",
        "secret",
        lambda: "csb_v1_" + _r(43, URLSAFE),
    ),
    ("Teochew", "Northflank API token：{p}", "secret", lambda: "nf-" + _r(60, URLSAFE)),
    ("Newari", "Pantheon machine token: {p}", "secret", lambda: _r(43, URLSAFE)),
    ("Inuktitut", "WP Engine SFTP password: {p}", "password", _F.password),
    ("Cree", "Hostinger API token: {p}", "secret", lambda: _r(48)),
]

for _lang, _tpl, _kind, _gen_fn in _PROSE:
    _v = _gen_fn()
    _s(_tpl.format(p=_v), _v, _kind)

# ---------------------------------------------------------------------------------------------
# Authorization headers
# ---------------------------------------------------------------------------------------------

_AUTH = [
    (
        '<HeaderManager>\n  <elementProp name="Authorization">\n'
        '    <stringProp name="Header.value">Bearer {p}</stringProp>\n',
        lambda: _r(64, URLSAFE),
    ),
    (
        '<con:setting id="Authorization">Basic {p}</con:setting>  <!-- SoapUI request -->',
        lambda: basic("soapui", _F.password()),
    ),
    ('http("login").get("/me").header("Authorization", "Bearer {p}") // Gatling', lambda: _r(48)),
    (
        '@Headers("Authorization: Basic {p}")\n@GET("reports")\nfun reports(): Call<List<R>>',
        lambda: basic("android", _F.human()),
    ),
    (
        'Alamofire cURLDescription:\n$ curl -v \\\n\t-X GET \\\n\t-H "Authorization: Bearer {p}" '
        '\\\n\t"https://api.tidepool.app/v2/me"',
        lambda: _r(40, URLSAFE),
    ),
    (
        "2026/11/30 09:01:02.123 DEBUG RESTY\n==== REQUEST ====\nHEADERS:\n"
        "\tAuthorization: Bearer {p}\n\tUser-Agent: go-resty/2.16",
        lambda: _r(56, URLSAFE),
    ),
    (
        "> GET /v3/items HTTP/1.1\n> Authorization: Token token={p}\n> Host: api.kustomer.io "
        "(Guzzle debug)",
        lambda: _r(40, HEX),
    ),
    (
        "I, [2026-11-30T09:01:02 #1]  INFO -- request: GET https://api.attio.com/v2/objects\n"
        'I, [2026-11-30T09:01:02 #1]  INFO -- request: Authorization: "Bearer {p}"',
        lambda: _r(64, HEX),
    ),
    (
        "[debug] Req: GET https://api.pennylane.com/api/external/v2/customers "
        'headers: [{{"authorization", "Bearer {p}"}}]',
        lambda: _r(43, URLSAFE),
    ),
    ('RestSharp: request.AddHeader("Authorization", "Bearer {p}");', lambda: _r(72, URLSAFE)),
    (
        'var res = await "https://moneybird.com/api/v2/adm/contacts".WithHeader("Authorization",'
        ' "Bearer {p}").GetJsonAsync(); // Flurl',
        lambda: _r(64, HEX),
    ),
    (
        'reqwest debug: Request {{ method: GET, url: "https://api.fortnox.se/3/invoices", '
        'headers: {{"access-token": "{p}", "client-secret": "x"}} }}',
        _F.uuid,
    ),
    (
        "Proxy-Authorization: Basic {p}\nVia: 1.1 squid-eu\n(captured with Requestly)",
        lambda: basic("proxyuser", _F.leet()),
    ),
    (
        "Authorization: Negotiate {p}\n(Kerberos ticket copied from the Edge devtools Network tab)",
        lambda: "YII" + _r(400, B64),
    ),
    (
        'OAuth oauth_consumer_key="intuit", oauth_token="{p}", oauth_signature_method='
        '"HMAC-SHA1", oauth_signature="abc%3D" (Taurus capture)',
        lambda: _r(48),
    ),
    (
        "apidog: --header 'Authorization: Bearer {p}' --header 'Content-Type: application/json'",
        lambda: _r(40),
    ),
    (
        "GET /api/v1/projects HTTP/1.1\nHost: taiga.home\nAuthorization: Bearer {p}\n",
        lambda: _F.jwt({"user_id": 1, "token_type": "access"}, "HS256"),
    ),
    (
        "curl -H 'api_access_token: {p}' https://chat.acme.io/api/v1/accounts/1/conversations",
        lambda: _r(24),
    ),
    (
        "http -a jsonrpc:{p} POST https://kb.lan/jsonrpc.php method=getAllProjects id:=1",
        lambda: _r(64, HEX),
    ),
    (
        "Authorization: Basic {p}  # openobserve ingest from fluentd",
        lambda: basic("root@acme.io", _F.password()),
    ),
    ("headers = {{'X-ApiKey': '{p}'}}  # Raygun crash upload", lambda: _r(22)),
    ("X-Cartesia-Version: 2025-04-16\nX-API-Key: {p}", lambda: "sk_car_" + _r(22)),
    ("'X-Api-Key': '{p}',  // HeyGen video generate", lambda: _r(56, B64) + "=="),
    ("Authorization: Basic {p}   # D-ID talks API", lambda: basic(_r(12), _r(20))),
    (
        "fetch('https://api.vapi.ai/call', {{ headers: {{ Authorization: 'Bearer {p}' }} }})",
        _F.uuid,
    ),
    (
        "curl https://api.retellai.com/list-agents -H 'Authorization: Bearer {p}'",
        lambda: "key_" + _r(28, HEX),
    ),
    ("AUTHORIZATION: {p}\nX-USER-ID: 8dkP2...  (PlayHT)", lambda: _r(32, HEX)),
    (
        "Api-Key: {p}\nContent-Type: multipart/form-data  (ideogram generate)",
        lambda: _r(86, URLSAFE),
    ),
    (
        "Authorization: Bearer {p}\nX-Request-Id: 7d1e (DeepInfra openai-compatible endpoint)",
        lambda: _r(32),
    ),
    (
        "GET /accountright/ HTTP/1.1\nx-myobapi-key: {p}\nx-myobapi-version: v2",
        lambda: _r(24, LOWER_AN),
    ),
]

for _tpl, _gen_fn in _AUTH:
    _v = _gen_fn()
    _kind = "authorization" if "authorization" in _tpl.lower() else "secret"
    _s(_tpl.format(p=_v), _v, _kind)

# ---------------------------------------------------------------------------------------------
# LOOK-ALIKES: must come back byte for byte
# ---------------------------------------------------------------------------------------------

_commit = _F.hex(40)
_l(f"Prow: tide merged PR #4412 as {_commit} into main (batch of 3)")
_l(f"screwdriver: checkout sha {_F.hex(40)} (event 88123, job publish)")
_l(f"jx promote --version 1.4.2 --env staging --commit {_F.hex(40)}")
_l(f"$ git rev-parse HEAD\n{_F.hex(40)}\n$ git rev-parse --short HEAD\n{_F.hex(7)}")
_l(f"buck2 build //app:server\nBuild ID: {_F.uuid()}\nCache hits: 98%\nCommands: 412")
_l(f"pants --changed-since=origin/main test\n  fingerprint {_F.hex(64)} (python_sources)")
_l(
    'CMakeUserPresets.json: "cacheVariables": { "VCPKG_BINARY_SOURCES": '
    '"clear;x-gha,readwrite", "ENABLE_SECRETS_SCAN": "ON" }'
)
_l(f"scons: Building targets ...\nMD5 signature of build/app.o: {_F.hex(32)}")
_l("xmake f --toolchain=clang --password-hashing=argon2 --mode=release")
_l('Cake: var password = EnvironmentVariable("NUGET_PASSWORD") ?? throw new Exception();')
_l("// Nuke\n[Parameter] [Secret] readonly string NuGetApiKey;  // supplied by CI")
_l('mill show app.assembly\n"ref:v0:' + _F.hex(8) + ':/out/app/assembly.dest/out.jar"')
_l("webpack: new webpack.DefinePlugin({ 'process.env.TOKEN_TTL_SECONDS': '3600' })")
_l("esbuild --define:process.env.PASSWORD_MIN_LENGTH=12 --define:process.env.DEBUG=false")
_l("rollup: replace({ __SECRET_FILE__: JSON.stringify('/run/secrets/app_secret') })")
_l('ionic.config.json: "proxyAuthPassword": "${PROXY_AUTH_PASSWORD}"')
_l(
    "forge.config.js: config: { accessKeyId: process.env.S3_KEY_ID, secretAccessKey: "
    "process.env.S3_SECRET }"
)
_l('project.toml\n[[build.env]]\nname = "BP_PASSWORD_FILE"\nvalue = "/platform/bindings/db"')
_l("garden.yml: env:\n  DB_PASSWORD:\n    $secret: db-password")
_l("okteto.yml:\n  environment:\n    - SECRET_KEY=$OKTETO_SECRET_KEY")
_l('devspace.yaml vars:\n  DB_PASSWORD:\n    source: env\n    default: ""')
_l('mirrord.json: "env": { "exclude": "AWS_SECRET_ACCESS_KEY;DB_PASSWORD" }')
_l("ko: using base image cgr.dev/chainguard/static@sha256:" + _F.hex(64))
_l(
    "jib: Container entrypoint set to [java, -cp, @/app/jib-classpath-file, app.Main]\n"
    "Built image with digest sha256:" + _F.hex(64)
)
_l("flatpak remote-add --gpg-import=key.gpg flathub-beta https://flathub.org/beta-repo/")
_l(
    f"AppImage: update information: gh-releases-zsync|acme|app|latest|App-*x86_64.AppImage.zsync\n"
    f"sha1 {_F.hex(40)}"
)
_l("MacPorts: checksums rmd160 " + _F.hex(40) + " sha256 " + _F.hex(64) + " size 1882043")
_l('#let api-key-env = "OPENAI_API_KEY" // typst: read from sys.inputs')
_l('(* Mathematica *) password = SystemCredential["db-password"];')
_l("% Octave: key = getenv('STRIPE_SECRET_KEY'); if isempty(key), error('key missing'); end")
_l(
    "% Prolog\ndb_credentials(User, Password) :- getenv('DB_USER', User), "
    "getenv('DB_PASSWORD', Password)."
)
_l('awk -F: \'$2 == "*" || $2 == "!" {print $1 " locked"}\' /etc/shadow')
_l("jq '.password |= \"***\"' config.json > redacted.json")
_l('// Scala 3\nval kafkaSaslPassword = sys.env("KAFKA_SASL_PASSWORD")')
_l('-- PureScript\napiSecret <- lookupEnv "API_SECRET"')
_l("-- Elm\ntype alias Flags = { shop : String, adminToken : Maybe String }")
_l('(def password (os/getenv "DB_PASSWORD"))  # janet')
_l(";; fennel\n(local api-key (os.getenv :ANTHROPIC_API_KEY))")
_l('(setv client-secret (os.getenv "CLIENT_SECRET"))  ; hy')
_l('# Mojo\nvar token = getenv("HF_TOKEN")')
_l('Processing: String password = loadStrings("secret.txt")[0];')
_l('<stringProp name="Argument.value">${__P(db.password)}</stringProp>')
_l('Gatling: .header("Authorization", "Bearer #{accessToken}")')
_l(
    "restish: Auth: oauth-client-credentials  client_id: " + _F.uuid() + "  client_secret: "
    "(from keychain)"
)
_l("posting: headers:\n- name: Authorization\n  value: Bearer $AUTH_TOKEN")
_l("Apidog: Authorization: Bearer {{access_token}}")
_l("Requestly rule: Modify Headers → remove 'Authorization' on *.acme.dev")
_l('Tsung: <http url="/login" method="POST" contents="user=%%_user%%&amp;pass=%%_pass%%"/>')
_l("Get-History | Select -Last 1\n  42 Get-Secret -Name SigningCert -Vault LocalStore")
_l("C:\\> doskey /history\nset SIGNTOOL_PASS=\nsigntool sign /fd sha256 /a app.exe")
_l("$ fc -l -3\n 601  export HF_TOKEN=$(pass show hf/token)\n 602  huggingface-cli whoami")
_l("$ pstree -a 8812\nnode dist/server.js --secrets-dir /run/secrets --password-min 12")
_l("$ at -c 14 | grep -c PASS\n0")
_l("$ xargs -t -I{} curl -sS -o /dev/null -w '%{http_code}\\n' {} < urls.txt")
_l("nohup.out: [boot] ADMIN_BOOTSTRAP_PASSWORD not set, generating one in /var/lib/app/initial")
_l('Windows Terminal: "commandline": "ssh -i %USERPROFILE%\\\\.ssh\\\\id_ed25519 ops@10.0.0.4"')
_l('kakrc: set-option global lsp_config %{ [language.openai] api_key_cmd = "pass openai" }')
_l('micro settings.json: "ftp.password": "", "ftp.savepassword": false')
_l("Geany: EX_00_CM=curl --netrc -T %f ftp://web01/htdocs/")
_l("BBEdit: <key>Password</key><string>(stored in Keychain)</string>")
_l('TextMate: TM_DEPLOY_PASSWORD = "$(security find-generic-password -s deploy -w)"')
_l('Nova: "gitlab.personalAccessToken": null, "gitlab.useKeychain": true')
_l("Kate: AI Assistant → API key: ••••••••••••••••••••••• (stored in KWallet)")
_l('Pluto.jl: ENV["MINIO_SECRET_KEY"] |> length\n40')
_l("Deepnote: integration 'openai' connected ✓ (variables: OPENAI_API_KEY)")
_l("Spyder Variable Explorer\n  Name        Type  Size  Value\n  key_len     int   1     64")
_l('Hex: snowflake_pass = hex.secrets["SNOWFLAKE_PASSWORD"]')
_l("polynote config.yml: auth: { provider: oidc, config: { client_secret_env: POLY_SECRET } }")
_l("In [16]: len(OPENAI_API_KEY), OPENAI_API_KEY[:8]\nOut[16]: (164, 'sk-proj-')")
_l(
    "2026-11-30 08:00:01,114 [7] WARN Ldap.Bind - bind failed: invalid credentials "
    "(password length 0)"
)
_l("[spdlog] [warn] rtsp auth failed for user=cam (401 Unauthorized), retrying in 5s")
_l("D/LoginVM: submit(username=kofi, password=<hidden>)")
_l(
    "2026-11-30 10:01:22.913 Df SignerAgent[812:1f0a] key fingerprint SHA256:"
    + _F.b64(32).rstrip("=")
)
_l('winston: {"level":"info","message":"token refreshed","expiresIn":43200,"tokenType":"Bearer"}')
_l(_F.ssh_pub() + " ci@screwdriver")
_l(
    "# jwks.json (public)\n"
    + json.dumps(
        {"keys": [{"kty": "RSA", "kid": "2026-11", "use": "sig", "n": _F.urlb64(256), "e": "AQAB"}]}
    )
)
_l('wails.json updater public key: {"kty":"OKP","crv":"Ed25519","x":"' + _F.urlb64(32) + '"}')
_l('cordova: <preference name="PushPublicKey" value="' + _F.urlb64(65) + '" />')
_l("flatpak: GPG key 7F3A 91C2 0B44 E1D8 A6F0  2C19 55B3 E0A7 D4C1 9F02 imported")
_l("AGE public recipient: age1" + _r(58, "qpzry9x8gf2tvdw0s3jn54khce6mua7l"))
_l(
    "gpg --list-keys\npub   ed25519 2026-11-30 [SC]\n      "
    + _F.hex(40).upper()
    + "\nuid           [ultimate] Release Bot <release@acme.dev>"
)
_l(f"Tabby public key pk_{_F.uuid()} — goes into the frontend widget")
_l(f"Kushki public merchant id: {_F.hex(32)} (Kushki.js init)")
_l(f"ePayco P_CUST_ID_CLIENTE=81234  PUBLIC_KEY={_F.hex(32)}")
_l(f"Tamara public key for the widget: {_F.uuid()}")
_l(f"Khalti public_key: live_public_key_{_F.hex(32)}")
_l(f"Openpay public key pk_{_r(32, LOWER_AN)} and merchant id m{_r(19, LOWER_AN)}")
_l(f"Rapyd: payment id payment_{_F.hex(32)} status CLO")
_l(f"dLocal payment_id D-4-{_F.uuid()} status PAID")
_l(f"EBANX hash: {_F.hex(13)}{_F.hex(27)} merchant_payment_code: ord-88213")
_l(f"Cielo PaymentId {_F.uuid()} / Tid 10069930690009D366FA")
_l(f"2C2P invoiceNo 2026113000{_r(6, DIGITS)} respCode 0000")
_l(f"bKash paymentID TR0011{_r(20, UPPER_AN)} trxID BKH{_r(7, UPPER_AN)}")
_l(f"Pesapal OrderTrackingId {_F.uuid()}")
_l(f"HyperPay checkout id {_F.hex(32).upper()}.uat01-vm-tx04")
_l(f"Stripe Idempotency-Key: {_F.uuid()}")
_l(f"X-Request-Id: {_F.uuid()}\nX-Amzn-Trace-Id: Root=1-{_F.hex(8)}-{_F.hex(24)}")
_l(f"next_page_token: {_F.urlb64(48)}  # Basecamp pagination cursor")
_l(f"Attio record_id {_F.uuid()} workspace_id {_F.uuid()}")
_l("OpenProject work package #3311, lock_version 7, _links.self /api/v3/work_packages/3311")
_l(f"Kanboard task #88 reference {_F.hex(12)}")
_l(f"Vikunja share hash: {_r(40, AN)} (link share, read-only, password protected: true)")
_l("Appsmith: APPSMITH_ENCRYPTION_PASSWORD is set (length 32), APPSMITH_ENCRYPTION_SALT is set")
_l("Budibase: JWT_SECRET=${JWT_SECRET:?JWT_SECRET must be set}")
_l("windmill: $var:u/ops/smtp_pass")
_l("chatwoot: SECRET_KEY_BASE=replace_with_lengthy_secure_hex")
_l('uptime-kuma: smtpPassword: "" (disabled), smtpSecure: true')
_l('gatus: password: "${GATUS_SMTP_PASSWORD}"')
_l("parseable: P_PASSWORD=admin  # documented local default, docker run -p 8000:8000")
_l('listmonk: [app] admin_password = "listmonk"  # default in the sample config.toml')
_l("Solace default: admin / admin on the software broker's PubSub+ Manager (docs)")
_l("hazelcast: security.username-password.password: ${HZ_PASSWORD}")
_l("aerospike.conf: security { } # password file: /etc/aerospike/aerospike.pw (mode 0400)")
_l('valkey: requirepass ""  # protected-mode yes, bind 127.0.0.1')
_l("firebolt: FIREBOLT_CLIENT_SECRET=<from 1Password vault 'data'>")
_l("presto-cli --password  # prompts: Password: ")
_l('impala-shell --ldap_password_cmd="pass show ldap/reporting"')
_l("jdbc:ignite:thin://10.4.0.7:10800;user=ignite;sslMode=require")
_l("mongodb+srv://cluster0.x7ab2.mongodb.net/?authSource=admin&authMechanism=MONGODB-X509")
_l("postgresql://electric@pg.internal:5432/electric?sslmode=require&passfile=/run/pgpass")
_l("amqps://broker.qpid.internal:5671/orders?amqp.saslMechanisms=EXTERNAL")
_l(
    "Provider=Microsoft.ACE.OLEDB.12.0;Data Source=C:\\Finance\\ledger.accdb;Persist Security "
    "Info=False;"
)
_l("Server=sql02;Database=Hr;Integrated Security=SSPI;Encrypt=true")
_l("{PKCS5S2}" + _F.b64(48) + "  <- Bitbucket Server cwd_user.credential")
_l("Drupal 7 users.pass: $S$D" + _r(52, "./" + AN))
_l("phpBB phpbb_users.user_password: $H$9" + _r(30, "./" + AN))
_l(
    "Jenkins users/admin/config.xml: <passwordHash>#jbcrypt:$2a$10$"
    + _r(53, "./" + AN)
    + "</passwordHash>"
)
_l(
    'rabbitmq definitions.json: "password_hash": "' + _F.b64(36) + '", "hashing_algorithm":'
    ' "rabbit_password_hashing_sha256"'
)
_l(
    "/etc/shadow: backup:$5$rounds=535000$"
    + _r(16, "./" + AN)
    + "$"
    + _r(43, "./" + AN)
    + ":20420:0:99999:7:::"
)
_l("dovecot passwd-file: kofi:{SHA512-CRYPT}$6$" + _r(16, "./" + AN) + "$" + _r(86, "./" + AN))
_l("gitea user.passwd: pbkdf2$50000$50 salt " + _F.hex(20) + " hash " + _F.hex(100))
_l("Dzongkha note: གསང་ཚིག་ ཀོ་ཊི་ keychain ནང་ཡོད། (the password is in the keychain)")
_l("Lower Sorbian: Pótajny kluc Rapyd jo w 1Password (trezor 'pay'), nic w repozitoriju.")
_l("Aragonese: A clau d'EBANX no ye en o codigo; se leye d'EBANX_INTEGRATION_KEY.")
_l("Alsatian: S'Passwort isch im Bitwarden, nit im Wiki. Frog d'Marie.")
_l(
    "Shanghainese: 密钥放勒 KMS 里向，代码里只有 arn:aws:kms:eu-west-1:123456789012:key/"
    + _F.uuid()
)
_l("Hakka: 密碼毋放在程式肚，用 ${DB_PASSWORD} 讀環境變數。")
_l("Teochew: token 個長度係 64，過期時間 3600 秒。")
_l("Inuktitut: ᐊᓯᐅᔨᖅᑕᐅᓂᖅ — password: ******** (masked)")
_l("Navajo: API key éí .env.example biyi' 'your-api-key-here' wolyé.")
_l("Pennsylvania Dutch: Es Passwatt is 'changeme' im Beispiel — net im richtiche System!")
_l("Tuvan: PAYTABS_SERVER_KEY=${PAYTABS_SERVER_KEY} деп бижиир.")
_l("Udmurt: токен: xxxxxxxx-xxxx-xxxx-xxxx-xxxxxxxxxxxx (шаблон)")
_l("Santali: API key ᱫᱚ sk_test_... ᱞᱮᱠᱟ ᱧᱩᱛᱩᱢ (placeholder in the docs)")
_l(
    "| env | DB_PASSWORD | source |\n|---|---|---|\n| prod | (secret ref) | vault |\n"
    "| dev | `${DB_PASSWORD:-}` | .env |"
)
_l("| key | value |\n|---|---|\n| password_min_length | 12 |\n| password_max_age_days | 90 |")
_l("Error: environment variable RETELL_API_KEY is not set")
_l('401 Unauthorized: {"error":"invalid_api_key","message":"Check your Vapi private key"}')
_l("KeyError: 'CARTESIA_API_KEY'")
_l("warning: api_key passed as positional argument is deprecated (lumaai 1.4)")
_l("Deepnote secret 'OPENAI_API_KEY' was rotated on 2026-11-28 by amara@acme.dev")
_l("TOKEN_TTL=3600\nSESSION_SECRET_FILE=/run/secrets/session\nPASSWORD_RESET_ENABLED=true")
_l("AUTH_SECRET_LENGTH=64\nJWT_ALGORITHM=RS256\nJWT_PUBLIC_KEY_PATH=/etc/app/jwt.pub")
_l('token = "<paste your Hostinger token here>"')
_l("password: ${{ secrets.SFTP_PASSWORD }}  # Buddy.Works uses $SFTP_PASSWORD instead")
_l("KINSTA_API_KEY=xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx")
_l("tawk.to property id " + _F.hex(24) + " / widget id 1h" + _r(7, LOWER_AN))
_l("integrity sha512-" + _F.b64(64))
_l("go.sum: golang.org/x/crypto v0.31.0 h1:" + _F.b64(32))
_l("HF model revision " + _F.hex(40) + " (main)")
_l("UUID " + _F.uuid() + " assigned to notebook 'churn-v3'")
_l("ULID 01J" + _r(23, "0123456789ABCDEFGHJKMNPQRSTVWXYZ"))
_l("cursor=" + _F.urlb64(60) + "&limit=50  # Attio list entries pagination")
