"""TWENTY-THIRD held-out redaction split. Frozen: never edit it to make a rule pass, never tune on
it.

Written blind, in one sitting, before any measurement of it. Its author read only: the whole of
`fake_secrets.py`; the first 95 lines of `redaction_corpus.py` (the `SecretCase` format); lines
1-175 of `redaction_heldout22.py` (its docstring, imports, word list, seed line and helpers; the
last of those lines are the beginning of its first case, an Agola run config holding a GitHub
token); the first 45 lines of `tests/test_redact_gate.py` (the loader); and the module docstrings
of `redaction_heldout.py` and `redaction_heldout2.py` to `redaction_heldout22.py`, printed alone
through `ast.get_docstring` into a scratch file, which was then grepped (`grep -ci`, counts only,
plus three greps printing 30 characters around "Anki", "Weka" and "Pike" to see what matched) for
every candidate tool, vendor, syntax and language name before it was used. The kind names
(`prefixed_token`, `key_block`, `connection`, `config_syntax`, `authorization`) are the ones the
brief of the session that started its author gave. Its author never read the rules (graphmem/),
their description (docs/, README.md, CHANGELOG.md, CONTRIBUTING.md), the benchmark (benchmarks/),
the messages or diffs of any commit, nor any other case of another split. Nothing was run on it
but an import printing the two list sizes, self-written checks that call no graphmem code (each
secret occurs in its text, each `keep` occurs and does not overlap a secret, kind names are the
five above, no duplicate texts or secrets, no secret inside a look-alike, and the family sizes)
and `ruff check --fix` / `ruff format`; no redaction, test or benchmark saw a case while it was
written, so no case was kept or dropped for what the rules do with it. The helpers are split 22's
(`_s`, `_l`, `_j`, `_indent`, `_family`, plus `_b64`), with a new seed and word list. The first
draft (254 secrets, 206 look-alikes) was cut to size mechanically, without any run, by a script
that parsed it with `ast` and executed nothing: every fifth config entry (13) and every sixth
look-alike (34). Long string literals were then split by a script for the line-length lint, and
five prose lines (modifier apostrophes, a dotless i) carry `# noqa: RUF001`; an import of the cut
draft and of this module showed their SECRETS and LOOKALIKES compare equal (a boolean only).

Families: prefixed provider tokens 38, private keys 24, connection strings 40, config syntaxes
and prose 109 (54 config, code and tool output, 55 prose), authorization and API-key headers 30;
241 secrets and 172 look-alikes. A natural share of the secrets appears without a telling name
beside it: a password or key as a CLI positional argument (`maas login admin <url> <key>`,
HestiaCP `v-add-user`, Webmin `changepass.pl`, Aruba `mgmt-user netops root`, Crestron `ADDUSER
-N: -P:`, `xe -pw`, `vmrun -gp`, `hammer -p`, `omero login -w`, KNIME batch `-credential=`,
`prlctl --userpasswd`, `tiddlywiki --listen`, `owncast -streamkey`, `urbackupsrv
--internet-authkey`, `dx login --token`, `git config git-town.github-token`), a value printed
alone on a line by the command that reveals it (`secret-tool lookup`, `kwallet-query -r`, `gaiad
keys export --unarmored-hex`, `bitcoin-cli dumpprivkey`, a Don't Starve Together
`cluster_token.txt`, a chezmoi age identity), a row of a credential file or table (a
proxychains `[ProxyList]` row, a HexChat `servlist.conf` `P=` line, a Markdown table in a note),
a password inside a URL with no name at all (`gio mount smb://`, QEMU `iscsi://user%pass@`, CUPS
`lpadmin -v smb://`, iPXE `chain`, `bzr push`), or a secret in a sentence of chat, a ticket, a PR
review, an email, a standup or a voice-memo transcript. Passwords mix generated ones,
passphrases, leetspeak and human-chosen words.

Contexts, in forms no earlier docstring names: hosting panels (Webmin, Virtualmin, ISPConfig,
HestiaCP, CloudPanel `clpctl`, Froxlor, Plesk, DirectAdmin, Cockpit); bare-metal and
virtualisation (MAAS, Foreman `hammer`, Cobbler, OpenStack Ironic, Tinkerbell, iPXE, FOG
Project, Multipass, LXD profiles, QEMU, libvirt SPICE, VirtualBox `VBoxManage`, VMware `vmrun`,
XCP-ng `xe`, Parallels `prlctl`); Kubernetes platforms (Kubermatic presets, Kubero, Epinio,
vcluster, Headlamp, CloudNativePG, Rook KMS config, Kubeflow PodDefaults, Kasten K10, Grafana
Mimir, Porter); backups and storage (Duplicati, Bacula, Bareos, UrBackup, MooseFS, rustic,
chezmoi); science and data (Qiskit, Gurobi WLS, Nextflow and Seqera, Snakemake profiles,
DNAnexus `dx`, LabKey, OMERO, XNAT, KNIME, SPSS syntax, BigQuery via `bq` and
sqlalchemy-bigquery, Jupyter Book); documentation and sites (AsciiDoc, reStructuredText, Sphinx
`linkcheck_auth`, MkDocs, Antora, VitePress, Docusaurus, Hexo, Pelican, Zola, TiddlyWiki,
DokuWiki `authpdo`, XWiki); notes and desktop tools (Joplin plugins, Logseq, AFFiNE, Himalaya,
vdirsyncer, Newsboat, HexChat, Thunderbird, GNOME `secret-tool`, KWallet, GIO, CUPS,
proxychains, MobaXterm PuTTY keys, Anki sync server, GnuCash); dev tools (Babashka, shadow-cljs,
git-town, Gitness, Radicle, errbot, flit, Teal, Kulala-style env files); routers, switches and
building automation (OpenWrt UCI, DD-WRT `nvram`, EdgeOS, H3C Comware, Aruba, Zyxel, Crestron,
Beckhoff TwinCAT routes, KNX ETS, Loxone MQTT); game servers (DayZ, 7 Days to Die, V Rising,
Enshrouded-style JSON, Don't Starve Together, Space Engineers); media (Owncast, MediaMTX,
Liquidsoap, AzuraCast, SRT via `ffmpeg`, NNTP); databases and brokers (Tibero, Altibase, CUBRID,
Mimer SQL, LiteDB, PouchDB, HugeGraph, Accumulo, Zenoh, NanoMQ, Bazaar); key wrappers (Webmin
`miniserv.pem`, Guix signing-key S-expressions, innernet, OpenWrt WireGuard, Cosmos `gaiad`,
Bitcoin WIF, Vapor JWKS, an age identity, keys in base64 inside Kubernetes Secrets, Zenoh JSON5
and a Kasten profile); code in languages no earlier docstring lists (Luau, GDScript,
SuperCollider, MoonScript/Lapis, Fantom, LFE) and HTTP clients (Fortio, Nuclei
templates, ffuf, sqlmap, gobuster, feroxbuster, HTTP Toolkit, Feign, Vert.x, http4k, sttp,
Pekko HTTP, HTTPoison, cohttp, clj-http, Racket http-easy, HTTP.jl, httr2, Mojo::UserAgent,
HTTParty, Excon, Typhoeus, Refit, libcurl, Qt `QNetworkRequest`, cpr, Poco, LuaSocket, Swift
AsyncHTTPClient, Nitro `$fetch`). Prose secrets (approximate phrasing, romanised where noted) in
Manglish, Taglish, Cameroonian and Ghanaian Pidgin, Guyanese and Bahamian Creole, Algerian,
Libyan, Yemeni, Hejazi and Juba Arabic, Sango, Comorian, Kikongo, Dyula, Bavarian, Swabian,
Kölsch, Ulster Scots, Shetlandic, Romagnol, Karachay-Balkar, Gilaki, Luri, Garhwali, Kumaoni,
Magahi, Sasak, Makassarese, Maranao, Ivatan, Rapa Nui, Marquesan, Lojban, Kaqchikel, Tzotzil,
Otomi, Purépecha, Miskito, Saramaccan, Michif and Inupiaq, next to English chat, ticket, PR
review, email, standup, handover and voice-memo text. Its look-alikes come from the same tools:
the same files and commands with the secret read from the environment, a vault, a keyring, a
file or a template variable (`System/getenv`, `GetSecret`, `secretKeyRef`, `!ENV`, `${?VAR}`,
`password.fetch`, `backend.auth.cmd`, `@/path` includes, `credentials_path`, `{{api_key}}`),
empty or placeholder values (`<db_password>`, `<your WLS secret>`, `FUZZ`), masked output (EdgeOS
and Aruba `****`, Ironic `'******'`, HTTP Toolkit `[redacted]`, `(hidden)`), public halves and
fingerprints (certificates, SSH, PGP and SSH2 public keys, a public JWKS, an age recipient,
WireGuard and innernet public keys, a Guix public key, a Cosmos address and public key, a
Bitcoin public key, a `did:key`, a Sentry DSN, a Stripe publishable key), AWS's documented
example keys, ids, digests and checksums (UUIDs, job and run ids, commit ids, Nix hashes, ETags,
request and correlation ids, webhook signatures, `Digest` headers), stored password hashes shown
as public test fixtures, a CUBRID demo URL without a password, listings and tables without
secrets, help text, and notes in several of the languages above saying where a password is
kept.

Every secret is generated at import from a fixed seed of its own (fake, never a real
credential), so no token-shaped string is committed.
"""

from __future__ import annotations

import base64
import json

from tests.data.fake_secrets import (
    AN,
    BASE58,
    DIGITS,
    LOWER_AN,
    UPPER_AN,
    URLSAFE,
    Fakes,
    b64url_json,
    basic,
    escaped,
    lines,
)
from tests.data.redaction_corpus import SecretCase, _case

_WORDS = (
    "acorn bramble cinder dapple eddy fjord gossamer hazel islet juniper kestrel loam mistral "
    "nettle osprey peat quartz russet sorrel thistle upland vetch wren yew zinnia "
    "alder bracken clover dunlin egret furze gorse heather inlet lichen moss nightjar plover"
).split()
_F = Fakes(23_1202_2026, _WORDS)
_r = _F.r
_pick = _F.rng.choice
_BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l"

SECRETS: list[SecretCase] = []
LOOKALIKES: list[str] = []


def _s(text: str, secrets: str | tuple[str, ...], kinds: str | tuple[str, ...], *keep: str) -> None:
    SECRETS.append(_case(text, secrets, kinds, *keep))


def _l(text: str) -> None:
    LOOKALIKES.append(text)


def _j(*ls: str) -> str:
    """Lines of a file or a terminal, joined as they were printed."""
    return "\n".join(ls) + "\n"


def _indent(block: str, pad: str) -> str:
    return "\n".join(pad + ln for ln in block.split("\n"))


_FAMILIES: dict[str, int] = {}


def _family(name: str) -> None:
    _FAMILIES[name] = len(SECRETS)


def _b64(text: str) -> str:
    return base64.b64encode(text.encode()).decode()


# ---------------------------------------------------------------------------------------------
# Prefixed provider tokens (documented prefixes and shapes, random bodies)
# ---------------------------------------------------------------------------------------------
_family("prefixed")

_t = _F.ghp()
_s(
    _j(
        ";; bb.edn",
        '{:paths ["script"]',
        " :tasks",
        ' {release {:doc "tag and upload the uberjar"',
        f'           :extra-env {{"GITHUB_TOKEN" "{_t}"}}',
        '           :task (shell "gh release create" (str "v" version) "target/app.jar")}}}',
    ),
    _t,
    "prefixed_token",
    "GITHUB_TOKEN",
    ":extra-env",
)

_t = _F.github_pat()
_s(
    _j(
        "$ git config --global git-town.github-token " + _t,
        "$ git town propose",
        "[feature/retry-queue] git push -u origin feature/retry-queue",
        "Opening https://github.com/lowtide/ledger/compare/feature/retry-queue?expand=1",
    ),
    _t,
    "prefixed_token",
    "git-town.github-token",
)

_t = _F.glpat()
_s(
    _j(
        "[git-town]",
        "\tforge-type = gitlab",
        f"\tgitlab-token = {_t}",
        "\tmain-branch = main",
        "\tperennial-branches = staging",
    ),
    _t,
    "prefixed_token",
    "gitlab-token",
    "perennial-branches",
)

_t = _F.glpat()
_s(
    _j(
        "# _config.yml (Hexo)",
        "deploy:",
        "  type: git",
        f"  repo: https://oauth2:{_t}@gitlab.com/fernhill/blog.git",
        "  branch: pages",
        "  message: \"Site updated: {{ now('YYYY-MM-DD HH:mm:ss') }}\"",
    ),
    _t,
    "prefixed_token",
    "gitlab.com/fernhill/blog.git",
)

_t = _F.xoxb()
_s(
    _j(
        "-- ServerScriptService/AlertOps.server.luau",
        'local HttpService = game:GetService("HttpService")',
        f'local SLACK_BOT = "{_t}"',
        "",
        "local function page(msg: string)",
        '\tHttpService:PostAsync("https://slack.com/api/chat.postMessage",',
        '\t\tHttpService:JSONEncode({ channel = "#live-ops", text = msg }),',
        "\t\tEnum.HttpContentType.ApplicationJson, false,",
        '\t\t{ Authorization = "Bearer " .. SLACK_BOT })',
        "end",
    ),
    _t,
    "prefixed_token",
    "SLACK_BOT",
    "#live-ops",
)

_t = _F.xoxp()
_s(
    json.dumps(
        {
            "plugin.io.github.joplin-slack-digest": {
                "channel": "C05Q2ENG",
                "userToken": _t,
                "schedule": "0 8 * * 1-5",
            }
        },
        indent=2,
    ),
    _t,
    "prefixed_token",
    "userToken",
)

_t = _F.sk_proj()
_s(
    json.dumps(
        {
            "disabled": False,
            "openAIKey": _t,
            "openAIMaxTokens": 1000,
            "chatModel": "gpt-4o-mini",
            "injectPrefix": "",
        },
        indent=2,
    ),
    _t,
    "prefixed_token",
    "openAIKey",
    "openAIMaxTokens",
)

_t = _F.sk_proj()
_s(
    _j(
        "# AFFiNE self-hosted: .env next to docker-compose.yml",
        "AFFINE_REVISION=stable",
        "PORT=3010",
        f"COPILOT_OPENAI_API_KEY={_t}",
        "DB_DATA_LOCATION=~/.affine/self-host/postgres/pgdata",
    ),
    _t,
    "prefixed_token",
    "COPILOT_OPENAI_API_KEY",
)

_t = _F.sk_ant()
_s(
    _j(
        "# Joplin > Options > Jarvis",
        "Model: Claude (Anthropic)",
        f"Anthropic API key: {_t}",
        "Max tokens: 4096",
        "Notes DB: enabled (ignore notebooks: Private, Journal)",
    ),
    _t,
    "prefixed_token",
    "Anthropic API key",
)

_t = _F.sk_ant()
_s(
    _j(
        "apiVersion: kubeflow.org/v1alpha1",
        "kind: PodDefault",
        "metadata:",
        "  name: add-llm-creds",
        "  namespace: kubeflow-user-ana",
        "spec:",
        "  selector:",
        "    matchLabels:",
        '      add-llm-creds: "true"',
        "  desc: Anthropic key for notebooks",
        "  env:",
        "    - name: ANTHROPIC_API_KEY",
        f"      value: {_t}",
    ),
    _t,
    "prefixed_token",
    "ANTHROPIC_API_KEY",
    "PodDefault",
)

_k, _sec = _F.akia(), _F.aws_secret()
_s(
    _j(
        "{",
        '  "CreatedByVersion": "2.0.8.1",',
        '  "Backup": {',
        '    "Name": "photos-offsite",',
        f'    "TargetURL": "s3://lowtide-photos/dup?s3-server-name=s3.eu-central-1.amazonaws.com'
        f'&s3-location-constraint=eu-central-1&auth-username={_k}&auth-password={_sec}",',
        '    "Sources": ["/srv/photos/"]',
        "  }",
        "}",
    ),
    (_k, _sec),
    "prefixed_token",
    "s3-server-name",
)

_k, _sec = _F.akia(), _F.aws_secret()
_s(
    _j(
        "# /etc/bareos/bareos-sd.d/device/cloud.conf is done; this is the profile",
        "# /etc/bareos/bareos-sd.d/device/droplet/aws.profile",
        "host = s3.amazonaws.com:443",
        "use_https = true",
        f"access_key = {_k}",
        f"secret_key = {_sec}",
        'pricing_dir = ""',
        "backend = s3",
        "aws_auth_sign_version = 4",
    ),
    (_k, _sec),
    "prefixed_token",
    "aws_auth_sign_version",
)

_t = _F.aiza()
_s(
    _j(
        "# _config.yml",
        "theme: butterfly",
        "youtube_feed:",
        "  channel_id: UCv3Q0cKp2yV9x1RkTnTq0Ug",
        f"  api_key: {_t}",
        "  limit: 6",
    ),
    _t,
    "prefixed_token",
    "channel_id",
)

_t = "hf_" + _r(34)
_s(
    _j(
        "$ nextflow secrets set HF_TOKEN " + _t,
        "$ nextflow secrets list",
        "HF_TOKEN",
        "$ nextflow run main.nf -profile slurm --model meta-llama/Llama-3.1-8B",
    ),
    _t,
    "prefixed_token",
    "nextflow secrets list",
)

_t = "npm_" + _r(36)
_s(
    _j(
        "# .harness/publish.yaml (Gitness pipeline)",
        "kind: pipeline",
        "spec:",
        "  stages:",
        "    - type: ci",
        "      spec:",
        "        steps:",
        "          - name: publish",
        "            type: run",
        "            spec:",
        "              container: node:22",
        "              envVariables:",
        f"                NPM_TOKEN: {_t}",
        "              script: |",
        '                echo "//registry.npmjs.org/:_authToken=${NPM_TOKEN}" > .npmrc',
        "                npm publish --access public",
    ),
    _t,
    "prefixed_token",
    "NPM_TOKEN",
    "envVariables",
)

_t = "pypi-AgEIcHlwaS5vcmc" + _r(70, URLSAFE)
_s(
    _j(
        "$ FLIT_USERNAME=__token__ FLIT_PASSWORD=" + _t + " flit publish",
        "Found 2 files tracked in git                                  I-flit_core.sdist",
        "Built sdist: dist/lintel-0.4.1.tar.gz                         I-flit_core.sdist",
        "Uploading dist/lintel-0.4.1-py3-none-any.whl...               I-flit.upload",
    ),
    _t,
    "prefixed_token",
    "FLIT_USERNAME=__token__",
)

_t = "dop_v1_" + _F.hex(64)
_s(
    _j(
        "apiVersion: kubermatic.k8c.io/v1",
        "kind: Preset",
        "metadata:",
        "  name: do-shared",
        "spec:",
        "  digitalocean:",
        f"    token: {_t}",
        "  requiredEmails:",
        "    - platform@lowtide.dev",
    ),
    _t,
    "prefixed_token",
    "digitalocean",
    "requiredEmails",
)

_t = "glrt-" + _r(20, URLSAFE)
_s(
    _j(
        "$ multipass launch 24.04 --name runner-02 --cpus 4 --memory 8G --disk 40G",
        "Launched: runner-02",
        "$ multipass exec runner-02 -- sudo gitlab-runner register --non-interactive \\",
        "    --url https://gitlab.lowtide.dev --token " + _t + " \\",
        "    --executor docker --docker-image alpine:3.20",
        "Runtime platform                                    arch=amd64 os=linux pid=2231",
        "Runner registered successfully.",
    ),
    _t,
    "prefixed_token",
    "runner-02",
)

_t = (
    "sntrys_"
    + b64url_json({"iat": 1733140000.1, "url": "https://sentry.io", "org": "lowtide"})
    + "_"
    + _r(43, URLSAFE)
)
_s(
    _j(
        "// docs/.vitepress/config.ts",
        "import { defineConfig } from 'vitepress'",
        "import { sentryVitePlugin } from '@sentry/vite-plugin'",
        "",
        "export default defineConfig({",
        "  title: 'Lintel',",
        "  vite: {",
        "    build: { sourcemap: true },",
        "    plugins: [sentryVitePlugin({ org: 'lowtide', project: 'docs',",
        f"      authToken: '{_t}' }})],",
        "  },",
        "})",
    ),
    _t,
    "prefixed_token",
    "sentryVitePlugin",
)

_t = "lin_api_" + _r(40)
_s(
    _j(
        "# kubero app manifest (exported)",
        "apiVersion: application.kubero.dev/v1alpha1",
        "kind: KuberoApp",
        "spec:",
        "  name: triage-bot",
        "  pipeline: internal-tools",
        "  envVars:",
        "    - name: LINEAR_API_KEY",
        f"      value: {_t}",
        "    - name: LINEAR_TEAM",
        "      value: OPS",
    ),
    _t,
    "prefixed_token",
    "LINEAR_API_KEY",
    "LINEAR_TEAM",
)

_t = "tskey-auth-k" + _r(10) + "CNTRL-" + _r(33)
_s(
    _j(
        "# tinkerbell template: actions of the 'provision' task",
        "- name: join-tailnet",
        "  image: quay.io/tinkerbell/actions/cexec:latest",
        "  timeout: 90",
        "  environment:",
        "    BLOCK_DEVICE: /dev/nvme0n1p3",
        "    FS_TYPE: ext4",
        "    CHROOT: y",
        f'    CMD_LINE: "tailscale up --authkey={_t} --ssh"',
    ),
    _t,
    "prefixed_token",
    "join-tailnet",
    "BLOCK_DEVICE",
)

_t = "dckr_pat_" + _r(27, URLSAFE)
_s(
    _j(
        "$ helm upgrade --install epinio epinio/epinio -n epinio --create-namespace \\",
        "    --set global.domain=apps.lowtide.dev \\",
        "    --set containerregistry.enabled=false \\",
        "    --set global.registryURL=registry-1.docker.io \\",
        "    --set global.registryUsername=lowtidebot \\",
        f"    --set global.registryPassword={_t} \\",
        "    --set global.registryNamespace=lowtide",
    ),
    _t,
    "prefixed_token",
    "global.registryUsername=lowtidebot",
)

_t = "gsk_" + _r(52)
_s(
    _j(
        ";; shadow-cljs.edn",
        '{:source-paths ["src"]',
        ' :dependencies [[reagent "1.2.0"]]',
        " :builds",
        " {:app {:target :browser",
        '        :output-dir "public/js"',
        "        :modules {:main {:init-fn app.core/init}}",
        f'        :closure-defines {{app.config/GROQ_KEY "{_t}"',
        '                          app.config/MODEL "llama-3.1-8b-instant"}}}}',
    ),
    _t,
    "prefixed_token",
    "app.config/GROQ_KEY",
)

_t = "xai-" + _r(80)
_s(
    _j(
        "-- lua/plugins/grok.tl (Teal, compiled by cyan)",
        "local record Opts",
        "   endpoint: string",
        "   key: string",
        "end",
        "local opts: Opts = {",
        '   endpoint = "https://api.x.ai/v1/chat/completions",',
        f'   key = "{_t}",',
        "}",
        "return opts",
    ),
    _t,
    "prefixed_token",
    "api.x.ai",
)

_t = "r8_" + _r(37)
_s(
    _j(
        "# addons/texgen/texgen.gd",
        "@tool",
        "extends EditorPlugin",
        "",
        f'const REPLICATE_TOKEN := "{_t}"',
        'const MODEL := "stability-ai/sdxl"',
        "",
        "func _request(prompt: String) -> void:",
        '\tvar headers := ["Authorization: Bearer " + REPLICATE_TOKEN]',
    ),
    _t,
    "prefixed_token",
    "REPLICATE_TOKEN",
)

_t = "tvly-" + _r(32)
_s(
    json.dumps(
        {
            "$shared": {"base": "https://api.tavily.com"},
            "dev": {"TAVILY_KEY": _t, "depth": "basic"},
        },
        indent=2,
    ),
    _t,
    "prefixed_token",
    "TAVILY_KEY",
)

_t = _F.stripe()
_s(
    _j(
        "# .env.production (Vapor)",
        "DATABASE_HOST=db.internal",
        "DATABASE_NAME=orders",
        f"STRIPE_SECRET_KEY={_t}",
        "LOG_LEVEL=notice",
    ),
    _t,
    "prefixed_token",
    "STRIPE_SECRET_KEY",
)

_t = _F.stripe("rk_live_")
_s(
    _j(
        "# config.toml (Zola)",
        'base_url = "https://shop.fernhill.art"',
        "compile_sass = true",
        "",
        "[extra]",
        'checkout_currency = "EUR"',
        f'stripe_key = "{_t}"',
    ),
    _t,
    "prefixed_token",
    "checkout_currency",
)

_t = "whsec_" + _r(32)
_s(
    _j(
        "# application.conf (Pekko HTTP)",
        "pekko.http.server.idle-timeout = 60 s",
        "billing {",
        "  stripe {",
        f'    webhook-secret = "{_t}"',
        "    tolerance = 300 s",
        "  }",
        "}",
    ),
    _t,
    "prefixed_token",
    "webhook-secret",
)

_t = "hvs." + _r(24)
_s(
    _j(
        "apiVersion: v1",
        "kind: ConfigMap",
        "metadata:",
        "  name: rook-ceph-csi-kms-config",
        "  namespace: rook-ceph",
        "data:",
        "  config.json: |-",
        "    {",
        '      "vault-tenant": {',
        '        "encryptionKMSType": "vaulttokens",',
        '        "vaultAddress": "https://vault.lowtide.dev:8200",',
        '        "vaultBackendPath": "secret/",',
        f'        "VAULT_TOKEN": "{_t}"',
        "      }",
        "    }",
    ),
    _t,
    "prefixed_token",
    "encryptionKMSType",
)

_t = (
    "ops_"
    + b64url_json(
        {
            "signInAddress": "lowtide.1password.eu",
            "userAuth": {"method": "SRPg-4096"},
            "email": _r(12).lower() + "@1passwordserviceaccounts.eu",
        }
    )
    + _r(40, URLSAFE)
)
_s(
    _j(
        "# Foreman > Hosts > Templates > Job templates > 'Fetch app secrets'",
        "<%#",
        "kind: job_template",
        "name: Fetch app secrets",
        "job_category: Commands",
        "provider_type: script",
        "%>",
        f"export OP_SERVICE_ACCOUNT_TOKEN={_t}",
        "op read 'op://prod/app/.env' > /etc/app/.env",
    ),
    _t,
    "prefixed_token",
    "OP_SERVICE_ACCOUNT_TOKEN",
)

_t = "dp.st.prd." + _r(40)
_s(
    _j(
        "$ lxc profile show app",
        "config:",
        f"  environment.DOPPLER_TOKEN: {_t}",
        '  limits.cpu: "2"',
        "  limits.memory: 4GiB",
        "description: app containers",
        "devices: {}",
        "name: app",
    ),
    _t,
    "prefixed_token",
    "environment.DOPPLER_TOKEN",
)

_t = "sbp_" + _F.hex(40)
_s(
    _j(
        "# .github/workflows/docs.yml of the Docusaurus site",
        "      - run: npx supabase gen types typescript --project-id qxwlrzm > src/db.ts",
        "        env:",
        f"          SUPABASE_ACCESS_TOKEN: {_t}",
        "      - run: npm run build",
    ),
    _t,
    "prefixed_token",
    "SUPABASE_ACCESS_TOKEN",
)

_t = _F.ghp()
_s(
    _j(
        "# mkdocs.yml",
        "site_name: Lintel handbook",
        "plugins:",
        "  - search",
        "  - git-committers:",
        "      repository: lowtide/lintel",
        "      branch: main",
        f"      token: {_t}",
    ),
    _t,
    "prefixed_token",
    "git-committers",
)

_t = "ghs_" + _r(36)
_s(
    _j(
        "$ rad node status",
        "✓ Node is running and listening on 0.0.0.0:8776.",
        "$ cat ~/.radicle/mirror.env",
        "RAD_MIRROR_REMOTE=https://github.com/lowtide/lintel.git",
        f"RAD_MIRROR_TOKEN={_t}",
    ),
    _t,
    "prefixed_token",
    "RAD_MIRROR_REMOTE",
)

_t = "nvapi-" + _r(64, URLSAFE)
_s(
    _j(
        "(* qa.fan — Fantom script *)",
        "using web",
        "class Qa {",
        f'  static const Str key := "{_t}"',
        "  Void main() { c := WebClient(`https://integrate.api.nvidia.com/v1/models`)",
        '    c.reqHeaders["Authorization"] = "Bearer $key" }',
        "}",
    ),
    _t,
    "prefixed_token",
    "integrate.api.nvidia.com",
)

_t = "pplx-" + _r(48)
_s(
    _j(
        "#lang racket",
        "(require net/http-easy)",
        f'(define pplx-key "{_t}")',
        "(define (ask q)",
        '  (post "https://api.perplexity.ai/chat/completions"',
        "        #:auth (bearer-auth pplx-key)",
        "        #:json (hasheq 'model \"sonar\" 'messages (list (hasheq 'role \"user\" 'content "
        "q)))))",
    ),
    _t,
    "prefixed_token",
    "pplx-key",
)

_t = "xapp-1-A0" + _r(9, UPPER_AN) + "-" + _r(13, DIGITS) + "-" + _F.hex(64)
_s(
    _j(
        "# errbot config.py",
        "BACKEND = 'SlackV3'",
        "BOT_IDENTITY = {",
        f"    'app_token': '{_t}',",
        "    'bot_token': os.environ['SLACK_BOT_TOKEN'],",
        "}",
        "BOT_ADMINS = ('@mara',)",
    ),
    _t,
    "prefixed_token",
    "BOT_IDENTITY",
)

# ---------------------------------------------------------------------------------------------
# Private keys
# ---------------------------------------------------------------------------------------------
_family("keys")

_blk, _sec = _F.rsa()
_s(
    _j(
        "$ sudo cat /etc/webmin/miniserv.pem",
        _blk,
        "-----BEGIN CERTIFICATE-----",
        "MIIDazCCAlOgAwIBAgIUb3Bpbmlvbi1ub3QtYS1yZWFsLWNlcnQwDQYJKoZIhvcN",
        "-----END CERTIFICATE-----",
    ),
    _sec,
    "key_block",
    "/etc/webmin/miniserv.pem",
)

_blk, _sec = _F.rsa("PRIVATE KEY")
_s(
    _j(
        "[root@panel ~]# cat /etc/cockpit/ws-certs.d/0-self-signed.key",
        _blk,
        "[root@panel ~]# systemctl restart cockpit.socket",
    ),
    _sec,
    "key_block",
    "/etc/cockpit/ws-certs.d/0-self-signed.key",
)

_blk, _sec = _F.rsa()
_s(
    _j(
        "admin@da:~$ sudo cat /usr/local/directadmin/conf/cakey.pem",
        _blk,
    ),
    _sec,
    "key_block",
    "/usr/local/directadmin/conf/cakey.pem",
)

_blk, _sec = _F.rsa("PRIVATE KEY")
_sa = {
    "type": "service_account",
    "project_id": "fernhill-analytics",
    "private_key_id": _F.hex(40),
    "private_key": _blk + "\n",
    "client_email": "bq-loader@fernhill-analytics.iam.gserviceaccount.com",
    "client_id": _r(21, DIGITS),
    "token_uri": "https://oauth2.googleapis.com/token",
}
_s(
    _j(
        "$ cat ~/keys/bq-loader.json",
        json.dumps(_sa, indent=2),
        "$ bq --service_account_credential_file ~/keys/bq-loader.json ls fernhill-analytics:",
    ),
    _sec,
    "key_block",
    "bq-loader@fernhill-analytics.iam.gserviceaccount.com",
)

_blk, _sec = _F.rsa("PRIVATE KEY")
_s(
    _j(
        "# sqlalchemy-bigquery, in a Jupyter Book page (_build/html/notebooks/load.html)",
        "from google.oauth2 import service_account",
        "info = {",
        '    "type": "service_account",',
        '    "project_id": "fernhill-analytics",',
        f'    "private_key": "{escaped(_blk)}",',
        '    "client_email": "nb@fernhill-analytics.iam.gserviceaccount.com",',
        "}",
        "creds = service_account.Credentials.from_service_account_info(info)",
    ),
    _sec,
    "key_block",
    "from_service_account_info",
)

_blk, _sec = _F.ec()
_b = _b64(_blk + "\n")
_s(
    _j(
        "$ kubectl -n team-a get secret vc-dev-certs -o yaml | head -12",
        "apiVersion: v1",
        "data:",
        "  apiserver.crt: " + _b64(_F.cert(120))[:76],
        f"  apiserver.key: {_b}",
        "kind: Secret",
        "metadata:",
        "  name: vc-dev-certs",
        "  namespace: team-a",
        "  labels: {app: vcluster}",
    ),
    _b,
    "key_block",
    "vc-dev-certs",
)

_blk, _sec = _F.ec()
_b = _b64(_blk)
_s(
    _j(
        "// zenoh config (JSON5), router on the line-3 gateway",
        "{",
        "  mode: 'router',",
        "  listen: { endpoints: ['tls/0.0.0.0:7447'] },",
        "  transport: { link: { tls: {",
        "    listen_certificate_base64: 'LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0t',",
        f"    listen_private_key_base64: '{_b}',",
        "    enable_mtls: false,",
        "  } } },",
        "}",
    ),
    _b,
    "key_block",
    "listen_private_key_base64",
)

_blk, _sec = _F.openssh()
_s(
    _j(
        "$ ls ~/.radicle/keys",
        "radicle  radicle.pub",
        "$ cat ~/.radicle/keys/radicle",
        _blk,
    ),
    _sec,
    "key_block",
    "~/.radicle/keys/radicle",
)

_blk, _sec = _F.openssh()
_s(
    _j(
        "# cloud-init.yaml passed to `multipass launch --cloud-init cloud-init.yaml`",
        "#cloud-config",
        "users:",
        "  - name: deploy",
        "    groups: sudo",
        "write_files:",
        "  - path: /home/deploy/.ssh/id_ed25519",
        "    permissions: '0600'",
        "    owner: deploy:deploy",
        "    content: |",
        _indent(_blk, "      "),
    ),
    _sec,
    "key_block",
    "/home/deploy/.ssh/id_ed25519",
)

_blk, _sec = _F.openssh()
_s(
    _j(
        "# tinkerbell: Template 'debian-bookworm', action writing the break-glass key",
        "- name: write-ssh-key",
        "  image: quay.io/tinkerbell/actions/writefile:latest",
        "  environment:",
        "    DEST_DISK: /dev/sda2",
        "    DEST_PATH: /root/.ssh/id_ed25519",
        "    MODE: 0600",
        "    CONTENTS: |",
        _indent(_blk, "      "),
    ),
    _sec,
    "key_block",
    "write-ssh-key",
)

_blk, _sec = _F.pgp(comment="Comment: Thunderbird OpenPGP key export")
_s(
    _j(
        "Subject: backup of my Thunderbird key (for the new laptop)",
        "",
        "Attached inline because the attachment got stripped:",
        "",
        _blk,
    ),
    _sec,
    "key_block",
    "Thunderbird key",
)

_blk, _sec = _F.pgp()
_s(
    _j(
        "$ cat /etc/bacula/keys/restore-signing.asc",
        _blk,
        "$ grep -n PKI /etc/bacula/bacula-fd.conf",
        "14:  PKI Signatures = Yes",
    ),
    _sec,
    "key_block",
    "PKI Signatures",
)

_blk, _sec = _F.ed25519()
_s(
    _j(
        "# /etc/hestia/ssl/certificate.key (HestiaCP panel)",
        _blk,
    ),
    _sec,
    "key_block",
    "/etc/hestia/ssl/certificate.key",
)

_d = _F.hex(64).upper()
_q = _F.hex(64).upper()
_s(
    _j(
        "$ sudo cat /etc/guix/signing-key.sec",
        "(private-key",
        " (ecc",
        "  (curve Ed25519)",
        f"  (q #{_q}#)",
        f"  (d #{_d}#)",
        "  )",
        " )",
    ),
    _d,
    "key_block",
    "/etc/guix/signing-key.sec",
)

_pub = _F.b64(51)
_priv = _F.b64(118)
_pm = _F.hex(64)
_ppk_priv = lines(_priv)
_s(
    _j(
        "PuTTY-User-Key-File-3: ssh-ed25519",
        "Encryption: none",
        "Comment: mobaxterm-bastion",
        "Public-Lines: 2",
        *lines(_pub),
        f"Private-Lines: {len(_ppk_priv)}",
        *_ppk_priv,
        f"Private-MAC: {_pm}",
    ),
    _ppk_priv[0],
    "key_block",
    "mobaxterm-bastion",
)

_jwk = {
    "kty": "RSA",
    "kid": "vapor-2024-11",
    "use": "sig",
    "alg": "RS256",
    "n": _F.urlb64(256),
    "e": "AQAB",
    "d": _F.urlb64(256),
    "p": _F.urlb64(128),
    "q": _F.urlb64(128),
    "dp": _F.urlb64(128),
    "dq": _F.urlb64(128),
    "qi": _F.urlb64(128),
}
_s(
    _j(
        "// Sources/App/configure.swift",
        "import JWT",
        "public func configure(_ app: Application) async throws {",
        '    let jwks = """',
        json.dumps({"keys": [_jwk]}),
        '    """',
        "    try await app.jwt.keys.use(jwksJSON: jwks)",
        "}",
    ),
    (_jwk["d"], _jwk["p"]),
    "key_block",
    "jwksJSON",
)

_key = "AGE-SECRET-KEY-1" + _r(58, _BECH32.upper())
_s(
    _j(
        "$ chezmoi cat-config",
        'encryption = "age"',
        "[age]",
        '    identity = "~/.config/chezmoi/key.txt"',
        '    recipient = "age1' + _r(58, _BECH32) + '"',
        "$ cat ~/.config/chezmoi/key.txt",
        "# created: 2024-11-02T09:14:51+01:00",
        "# public key: age1" + _r(58, _BECH32),
        _key,
    ),
    _key,
    "key_block",
    "~/.config/chezmoi/key.txt",
)

_k = _F.b64(32)
_s(
    _j(
        "root@OpenWrt:~# uci show network.wg0",
        "network.wg0=interface",
        "network.wg0.proto='wireguard'",
        f"network.wg0.private_key='{_k}'",
        "network.wg0.listen_port='51820'",
        "network.wg0.addresses='10.77.0.1/24'",
    ),
    _k,
    "key_block",
    "network.wg0.listen_port",
)

_k = _F.b64(32)
_s(
    _j(
        "# /etc/innernet/lowtide.conf",
        "[interface]",
        'network-name = "lowtide"',
        'address = "10.42.1.3/16"',
        f'private-key = "{_k}"',
        "listen-port = 51821",
        "[server]",
        'public-key = "' + _F.b64(32) + '"',
        'external-endpoint = "vpn.lowtide.dev:51820"',
    ),
    _k,
    "key_block",
    "network-name",
)

_h = _F.hex(64).upper()
_s(
    _j(
        "$ gaiad keys export validator-ops --unarmored-hex --unsafe",
        "WARNING: The private key will be exported as an unarmored hexadecimal string. "
        "USE AT YOUR OWN RISK. Continue? [y/N]: y",
        _h,
    ),
    _h,
    "key_block",
    "validator-ops",
)

_w = _pick("KL") + _r(51, BASE58)
_s(
    _j(
        "$ bitcoin-cli -rpcwallet=cold-2019 dumpprivkey bc1qz4m0ry8x3hl4ud2e7ksv0c5xw9nj6d2h8pk4f",
        _w,
    ),
    _w,
    "key_block",
    "cold-2019",
)

_blk, _sec = _F.rsa()
_s(
    _j(
        "<?php",
        "// ISPConfig remote job: push a customer certificate",
        "$params = [",
        "    'ssl_domain' => 'shop.fernhill.art',",
        "    'ssl_cert'   => file_get_contents('/tmp/shop.crt'),",
        f"    'ssl_key'    => '{_blk}',",
        "    'ssl_action' => 'save',",
        "];",
        "$client->sites_web_domain_update($session_id, $client_id, $domain_id, $params);",
    ),
    _sec,
    "key_block",
    "sites_web_domain_update",
)

_blk, _sec = _F.ec()
_s(
    _j(
        "# nanomq.conf",
        "listeners.ssl {",
        '  bind = "0.0.0.0:8883"',
        '  keyfile = "/etc/certs/key.pem"',
        '  certfile = "/etc/certs/cert.pem"',
        "}",
        "# key.pem, pasted so you can check it matches:",
        _blk,
    ),
    _sec,
    "key_block",
    "listeners.ssl",
)

_blk, _sec = _F.rsa("PRIVATE KEY")
_s(
    _j(
        "# Kasten K10: kubectl -n kasten-io get secret k10-gcs-profile -o jsonpath='{.data}' | jq",
        "{",
        '  "project-id": "' + _b64("fernhill-backups") + '",',
        '  "service-account.json": "'
        + _b64(json.dumps({"type": "service_account", "private_key": _blk + "\n"}))
        + '"',
        "}",
    ),
    _b64(json.dumps({"type": "service_account", "private_key": _blk + "\n"})),
    "key_block",
    "k10-gcs-profile",
)

# ---------------------------------------------------------------------------------------------
# Connection strings and URLs with passwords
# ---------------------------------------------------------------------------------------------
_family("connection")

_p = _F.password()
_s(
    _j(
        "# /opt/tmax/jeus/domains/prod/config/datasource.properties",
        "ds.orders.url=jdbc:tibero:thin:@tb-prod-01:8629:ORDERS",
        "ds.orders.user=ORD_APP",
        f"ds.orders.password={_p}",
        "ds.orders.pool.max=40",
    ),
    _p,
    "connection",
    "jdbc:tibero:thin:@tb-prod-01:8629:ORDERS",
    "ds.orders.user=ORD_APP",
)

_p = _F.url_password()
_s(
    _j(
        "Caused by: java.sql.SQLException: [Altibase] Communication link failure",
        f"\turl=jdbc:Altibase://alti-ha.corp:20300/mydb?user=SYS&password={_p}&connect_timeout=5",
        "\tat Altibase.jdbc.driver.AltibaseConnection.connect(AltibaseConnection.java:914)",
    ),
    _p,
    "connection",
    "alti-ha.corp:20300/mydb",
)

_p = _F.url_password(16)
_s(
    _j(
        'String url = "jdbc:cubrid:cub01.lab:33000:demodb:dba:' + _p + ':?charset=utf-8";',
        "Connection conn = DriverManager.getConnection(url);",
    ),
    _p,
    "connection",
    "jdbc:cubrid:cub01.lab:33000:demodb:dba:",
)

_p = _F.url_password(14)
_s(
    _j(
        "$ java -cp mimjdbc3.jar:. Export \\",
        f"    'jdbc:mimer://SYSADM:{_p}@mimer-test.lan:1360/payroll'",
    ),
    _p,
    "connection",
    "mimer-test.lan:1360/payroll",
)

_p = _F.human()
_s(
    _j(
        "// Program.cs",
        'using var db = new LiteDatabase("Filename=C:\\\\ProgramData\\\\Till\\\\till.db;'
        f'Password={_p};Connection=shared");',
        'var sales = db.GetCollection<Sale>("sales");',
    ),
    _p,
    "connection",
    "Connection=shared",
)

_p = _F.url_password()
_s(
    _j(
        "// src/sync.js",
        "import PouchDB from 'pouchdb-browser'",
        "const local = new PouchDB('fieldnotes')",
        f"const remote = new PouchDB('https://fieldapp:{_p}@couch.fernhill.art/fieldnotes')",
        "local.sync(remote, { live: true, retry: true })",
    ),
    _p,
    "connection",
    "couch.fernhill.art/fieldnotes",
)

_p = _F.url_password(16)
_s(
    _j(
        "$ gnucash postgres://gnucash:" + _p + "@books.home.arpa:5432/household",
        "* 14:02:31  WARN <gnc.backend.dbi> [gnc_dbi_unlock()] No lock table in database, so not "
        "unlocking it.",
    ),
    _p,
    "connection",
    "books.home.arpa:5432/household",
)

_p = _F.url_password(18)
_s(
    _j(
        "import nntplib",
        "# Usenet archive grabber",
        f'SERVER = "nntps://archiver:{_p}@news.feedbay.net:563"',
        "u = urlparse(SERVER)",
        "s = nntplib.NNTP_SSL(u.hostname, u.port, u.username, u.password)",
    ),
    _p,
    "connection",
    "news.feedbay.net:563",
)

_p = _F.r(24)
_s(
    _j(
        "$ ffmpeg -re -i show.mkv -c copy -f mpegts \\",
        f"    'srt://ingest.kanal7.tv:9000?mode=caller&latency=2000000&streamid=#!::r=live/ep12,m=publish&passphrase={_p}&pbkeylen=32'",
    ),
    _p,
    "connection",
    "ingest.kanal7.tv:9000",
)

_p = _F.url_password(14)
_s(
    _j(
        "# ~/.newsboat/urls",
        "https://blog.rust-lang.org/feed.xml rust",
        f"https://mara:{_p}@intranet.lowtide.dev/changelog/rss.xml work",
        '"query:Unread:unread = \\"yes\\""',
    ),
    _p,
    "connection",
    "intranet.lowtide.dev/changelog/rss.xml",
)

_p = _F.human()
_s(
    _j(
        f"$ gio mount 'smb://NAS;scanner:{_p}@nas.home.arpa/scans'",
        "$ gio list smb://nas.home.arpa/scans",
        "2024-11-30-invoice.pdf",
    ),
    _p,
    "connection",
    "nas.home.arpa/scans",
)

_p = _F.url_password()
_s(
    _j(
        "MongoDB Connector (KNIME) > Settings",
        f"  Connection string: mongodb+srv://knime_ro:{_p}@cluster7.lmq2x.mongodb.net/?retryWrites=true",
        "  Database: assays",
        "  Collection: plates_2024",
    ),
    _p,
    "connection",
    "cluster7.lmq2x.mongodb.net",
)

_p = _F.url_password()
_s(
    _j(
        "# gitness.env",
        "GITNESS_URL_BASE=https://code.lowtide.dev",
        "GITNESS_DATABASE_DRIVER=postgres",
        f"GITNESS_DATABASE_DATASOURCE=postgres://gitness:{_p}@pg.internal:5432/gitness?sslmode=require",
        "GITNESS_PRINCIPAL_ADMIN_EMAIL=ops@lowtide.dev",
    ),
    _p,
    "connection",
    "GITNESS_DATABASE_DATASOURCE",
)

_p = _F.url_password(32)
_s(
    _j(
        "$ kubectl get secret pg-app-app -o jsonpath='{.data.uri}' | base64 -d",
        f"postgresql://app:{_p}@pg-app-rw.apps:5432/app",
    ),
    _p,
    "connection",
    "pg-app-rw.apps:5432/app",
)

_p = _F.url_password()
_s(
    _j(
        "%% sys.config of the LFE ingest service",
        "[{ingest,",
        f'  [{{amqp_uri, "amqps://ingest:{_p}@mq.lowtide.dev:5671/%2Fevents"}},',
        "   {prefetch, 200}]}].",
    ),
    _p,
    "connection",
    "mq.lowtide.dev:5671",
)

_p = _F.url_password(14)
_s(
    _j(
        "Loxone Config > MQTT Gateway (plugin on LoxBerry)",
        f"Broker URI: mqtt://loxberry:{_p}@192.168.7.20:1883",
        "Subscription: zigbee/#",
        "Conversion: Use JSON expansion",
    ),
    _p,
    "connection",
    "192.168.7.20:1883",
)

_p = _F.password()
_s(
    _j(
        "<!-- /etc/xwiki/hibernate.cfg.xml -->",
        '<property name="hibernate.connection.url">jdbc:sqlserver://sql01.corp:1433;databaseName=xwiki;encrypt=true</property>',
        '<property name="hibernate.connection.username">xwiki</property>',
        f'<property name="hibernate.connection.password">{_p}</property>',
        '<property name="hibernate.connection.driver_class">'
        "com.microsoft.sqlserver.jdbc.SQLServerDriver</property>",
    ),
    _p,
    "connection",
    "hibernate.connection.username",
)

_p = _F.password(14)
_s(
    _j(
        "* Encoding: UTF-8.",
        "GET DATA",
        "  /TYPE=ODBC",
        f"  /CONNECT='DSN=WAREHOUSE;UID=spss_read;PWD={_p};DBQ=DWH;'",
        "  /SQL='SELECT region, month, revenue FROM sales.monthly'",
        "  /ASSUMEDSTRWIDTH=255.",
        "DATASET NAME sales WINDOW=FRONT.",
    ),
    _p,
    "connection",
    "UID=spss_read",
)

_p = _F.url_password()
_s(
    _j(
        "$ duplicati-cli backup \\",
        f"    'ssh://backup.fernhill.art:22/srv/dup/laptop?auth-username=dup&auth-password={_p}' "
        "\\",
        "    /home/mara --dbpath=/home/mara/.config/Duplicati/laptop.sqlite",
    ),
    _p,
    "connection",
    "backup.fernhill.art:22/srv/dup/laptop",
)

_p = _F.url_password(14)
_s(
    _j(
        "# mediamtx.yml",
        "paths:",
        "  frontdoor:",
        f"    source: rtsp://viewer:{_p}@192.168.7.41:554/Streaming/Channels/101",
        "    sourceOnDemand: yes",
    ),
    _p,
    "connection",
    "Streaming/Channels/101",
)

_p = _F.url_password(16)
_s(
    _j(
        "$ qemu-system-x86_64 -m 4096 -enable-kvm \\",
        f"    -drive file=iscsi://qemu%{_p}@san01.lab/iqn.2024-01.lab.san01:vm-disks/3,if=virtio "
        "\\",
        "    -nographic",
    ),
    _p,
    "connection",
    "san01.lab/iqn.2024-01.lab.san01:vm-disks/3",
)

_p = _F.url_password(16)
_s(
    _j(
        "$ lpadmin -p Accounts-Laser -E \\",
        f"    -v 'smb://PRINT/lpuser:{_p}@print01/AccountsLaser' \\",
        "    -m drv:///sample.drv/generic.ppd",
        "$ lpstat -v Accounts-Laser",
    ),
    _p,
    "connection",
    "print01/AccountsLaser",
)

_p = _F.password(12)
_s(
    _j(
        "# /etc/proxychains4.conf",
        "strict_chain",
        "proxy_dns",
        "[ProxyList]",
        f"socks5  10.8.0.1 1080  scanner {_p}",
    ),
    _p,
    "connection",
    "strict_chain",
)

_p = _F.url_password()
_s(
    _j(
        "$ bzr push https://mara:" + _p + "@code.fernhill.art/bzr/thesis",
        "Pushed up to revision 412.",
    ),
    _p,
    "connection",
    "code.fernhill.art/bzr/thesis",
)

_p = _F.url_password(20)
_s(
    _j(
        "#!ipxe",
        "dhcp",
        f"chain http://ipxe:{_p}@boot.lab.lowtide.dev/menu.ipxe || shell",
    ),
    _p,
    "connection",
    "boot.lab.lowtide.dev/menu.ipxe",
)

_p = _F.url_password()
_s(
    _j(
        "# antora-playbook.yml is clean; the CI job sets:",
        f"GIT_CREDENTIALS=https://antora:{_p}@git.lowtide.dev",
        "npx antora --fetch antora-playbook.yml",
    ),
    _p,
    "connection",
    "npx antora --fetch",
)

_p = _F.url_password()
_sa_b64 = base64.b64encode(
    json.dumps(
        {
            "type": "service_account",
            "project_id": "fernhill-analytics",
            "private_key_id": _F.hex(40),
            "client_email": "superset@fernhill-analytics.iam.gserviceaccount.com",
        }
    ).encode()
).decode()
_s(
    _j(
        "engine = create_engine(",
        f'    "bigquery://fernhill-analytics/events?credentials_base64={_sa_b64}"',
        ")",
    ),
    _sa_b64,
    "connection",
    "bigquery://fernhill-analytics/events",
)

_p = _F.url_password()
_s(
    _j(
        "hugegraph.properties of the loader:",
        "backend=hstore",
        "gremlin.graph=org.apache.hugegraph.HugeFactory",
        f"restserver.url=http://admin:{_p}@hg-server.graph:8080",
    ),
    _p,
    "connection",
    "hg-server.graph:8080",
)

_p = _F.url_password()
_s(
    _j(
        "# porter.yaml env group 'billing'",
        "env:",
        f"  DATABASE_URL: mysql://billing:{_p}@billing-db.porter.internal:3306/billing",
        "  RAILS_ENV: production",
    ),
    _p,
    "connection",
    "billing-db.porter.internal:3306/billing",
)

_p = _F.url_password()
_s(
    _j(
        "# glances.conf",
        "[influxdb2]",
        "host=metrics.home.arpa",
        "port=8086",
        "protocol=http",
        "org=home",
        "bucket=glances",
        f"token={_p}",
    ),
    _p,
    "connection",
    "bucket=glances",
)

_p = _F.url_password(24)
_s(
    _j(
        "# gitness.env (continued)",
        "GITNESS_REDIS_ENDPOINT=redis.internal:6379",
        f"GITNESS_REDIS_PASSWORD={_p}",
        "GITNESS_REDIS_USE_TLS=true",
    ),
    _p,
    "connection",
    "GITNESS_REDIS_PASSWORD",
)

_p = _F.url_password()
_s(
    _j(
        "; ~/.config/hexchat/servlist.conf",
        "N=Lowtide ZNC",
        "E=UTF-8 (Unicode)",
        "F=19",
        "D=0",
        "S=znc.lowtide.dev/+6697",
        f"P=mara/libera:{_p}",
        "J=#lowtide-ops",
    ),
    _p,
    "connection",
    "znc.lowtide.dev/+6697",
)

_p = _F.url_password()
_s(
    _j(
        "# liquidsoap radio.liq",
        'radio = playlist("/srv/music")',
        "output.icecast(%mp3(bitrate=128),",
        '  host="stream.radiofernhill.org", port=8000,',
        f'  password="{_p}", mount="/live.mp3", radio)',
    ),
    _p,
    "connection",
    "stream.radiofernhill.org",
)

_p = _F.url_password(16)
_s(
    _j(
        "$ VBoxManage guestcontrol win11-build run --exe 'C:\\\\Windows\\\\System32\\\\cmd.exe' \\",
        f"    --username builder --password {_p} -- cmd /c 'msbuild Till.sln "
        "/p:Configuration=Release'",
    ),
    _p,
    "connection",
    "win11-build",
)

_p = _F.url_password(16)
_s(
    _j(
        f"$ vmrun -T ws -gu Administrator -gp {_p} runProgramInGuest "
        '"D:\\\\VMs\\\\sql2019\\\\sql2019.vmx" \\',
        '    "C:\\\\Windows\\\\System32\\\\cmd.exe" "/c sqlcmd -Q \\"SELECT @@VERSION\\""',
    ),
    _p,
    "connection",
    "runProgramInGuest",
)

_p = _F.password(14)
_s(
    _j(
        f"[root@ops ~]# xe -s xcp-pool01.lab -u root -pw '{_p}' vm-list power-state=running "
        "params=name-label",
        "name-label ( RW)    : build-agent-03",
        "name-label ( RW)    : pfsense-edge",
    ),
    _p,
    "connection",
    "xcp-pool01.lab",
)

_p = _F.password()
_s(
    _j(
        "$ openstack baremetal node create --driver ipmi --name rack4-u12 \\",
        "    --driver-info ipmi_address=10.40.4.12 \\",
        "    --driver-info ipmi_username=ironic \\",
        f"    --driver-info ipmi_password='{_p}'",
    ),
    _p,
    "connection",
    "ipmi_username=ironic",
)

_p = _F.password(14)
_s(
    _j(
        "$ cobbler system edit --name=rack4-u14 --power-type=ipmilanplus \\",
        f"    --power-address=10.40.4.14 --power-user=cobbler --power-pass='{_p}'",
    ),
    _p,
    "connection",
    "--power-user=cobbler",
)

_k = f"{_r(18)}:{_r(18)}:{_r(32)}"
_s(
    _j(
        f"$ maas login admin http://maas.lab:5240/MAAS/ {_k}",
        "",
        "You are now logged in to the MAAS server at",
        "http://maas.lab:5240/MAAS/api/2.0/ with the profile name 'admin'.",
    ),
    _k,
    "connection",
    "maas.lab:5240",
)

_p = _F.password(15)
_s(
    _j(
        f"$ hammer -u admin -p '{_p}' --server https://foreman.lab host list --search 'os = Rocky'",
        "---|--------------------|------------------|------------",
        "ID | NAME               | OPERATING SYSTEM | HOST GROUP",
    ),
    _p,
    "connection",
    "foreman.lab",
)

# ---------------------------------------------------------------------------------------------
# Config syntaxes, code and tool output
# ---------------------------------------------------------------------------------------------
_family("config")

_t = _F.hex(128)
_s(
    _j(
        "from qiskit_ibm_runtime import QiskitRuntimeService",
        "",
        "QiskitRuntimeService.save_account(",
        '    channel="ibm_quantum",',
        f'    token="{_t}",',
        "    overwrite=True,",
        ")",
    ),
    _t,
    "config_syntax",
    "QiskitRuntimeService.save_account",
)

_acc, _sec = _F.uuid(), _F.uuid()
_s(
    _j(
        "# gurobi.lic (Web License Service)",
        f"WLSACCESSID={_acc}",
        f"WLSSECRET={_sec}",
        "LICENSEID=2512947",
    ),
    _sec,
    "config_syntax",
    "WLSACCESSID",
    "LICENSEID=2512947",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        "// nextflow.config",
        "tower {",
        f"  accessToken = '{_t}'",
        "  workspaceId = '81237264512'",
        "  enabled = true",
        "}",
    ),
    _t,
    "config_syntax",
    "workspaceId",
)

_k, _sec = _F.akia(), _F.aws_secret()
_s(
    _j(
        "# ~/.config/snakemake/slurm-s3/config.yaml",
        "executor: slurm",
        "jobs: 200",
        "default-storage-provider: s3",
        "default-storage-prefix: s3://fernhill-genomics/runs",
        f"storage-s3-access-key: {_k}",
        f"storage-s3-secret-key: {_sec}",
    ),
    (_k, _sec),
    "config_syntax",
    "default-storage-prefix",
)


_t = _r(32)
_s(
    _j(
        f"$ dx login --token {_t} --noprojects",
        "You are now logged in as user-mara_okafor.",
        "$ dx select project-GxYq3",
    ),
    _t,
    "config_syntax",
    "dx select",
)

_t = "apikey|" + _F.hex(32)
_s(
    _j(
        "from labkey.api_wrapper import APIWrapper",
        "api = APIWrapper(",
        '    "labkey.fernhill.org", "Assays/2024", use_ssl=True,',
        f'    api_key="{_t}",',
        ")",
    ),
    _t,
    "config_syntax",
    "labkey.fernhill.org",
)

_p = _F.password(14)
_s(
    _j(
        f"$ omero login -s omero.imaging.lab -u mokafor -w '{_p}'",
        "Created session for mokafor@omero.imaging.lab:4064. Idle timeout: 10 min. Current "
        "group: Confocal",
    ),
    _p,
    "config_syntax",
    "omero.imaging.lab",
)

_p = _F.any_password()
_s(
    _j(
        "import xnat",
        f'with xnat.connect("https://xnat.neuro.lab", user="pipeline", password="{_p}") as s:',
        '    proj = s.projects["MRI_2024"]',
    ),
    _p,
    "config_syntax",
    "xnat.neuro.lab",
)


_p = _F.password()
_s(
    _j(
        "$ knime -nosplash -reset -application org.knime.product.KNIME_BATCH_APPLICATION \\",
        "    -workflowDir=/srv/knime/monthly-close \\",
        f"    -credential=warehouse;svc_knime;{_p}",
    ),
    _p,
    "config_syntax",
    "svc_knime",
)

_t = _r(40)
_s(
    _j(
        "// startup.scd",
        'Freesound.authType = "token";',
        f'Freesound.token = "{_t}";',
        'FSSound.textSearch("rain on tin roof", (filter: "duration:[1 TO 20]"), {|p| ~rain = p});',
    ),
    _t,
    "config_syntax",
    "Freesound.authType",
)

_k = _r(32)
_s(
    _j(
        "# autoload/silent_wolf_setup.gd",
        "func _ready():",
        "\tSilentWolf.configure({",
        f'\t\t"api_key": "{_k}",',
        '\t\t"game_id": "moss-runner",',
        '\t\t"log_level": 1',
        "\t})",
    ),
    _k,
    "config_syntax",
    "moss-runner",
)

_p, _sk = _F.url_password(), _F.r(40)
_s(
    _j(
        "-- config.moon (Lapis)",
        'import config from require "lapis.config"',
        'config "production", ->',
        "  port 80",
        "  num_workers 4",
        f'  secret "{_sk}"',
        "  postgres ->",
        '    host "127.0.0.1"',
        '    user "lapis"',
        f'    password "{_p}"',
        '    database "forum"',
    ),
    (_sk, _p),
    "config_syntax",
    "lapis.config",
)


_t = _r(40)
_s(
    _j(
        "= Release runbook",
        ":toc: left",
        f":registry-token: {_t}",
        ":registry: harbor.lowtide.dev",
        "",
        "Log in with `docker login {registry} -u robot$ci -p {registry-token}`.",
    ),
    _t,
    "config_syntax",
    ":registry:",
)

_p = _F.password()
_s(
    _j(
        "Restoring the staging database",
        "===============================",
        "",
        ".. code-block:: console",
        "",
        f"   $ PGPASSWORD='{_p}' pg_restore -h stg-db -U restore -d app latest.dump",
        "",
        ".. note:: The dump is taken nightly at 02:00 UTC.",
    ),
    _p,
    "config_syntax",
    "pg_restore -h stg-db",
)

_p = _F.password()
_s(
    _j(
        "# docs/conf.py",
        "extensions = ['sphinx.ext.intersphinx']",
        "linkcheck_auth = [",
        f"    (r'https://wiki\\.lowtide\\.dev/.*', ('linkcheck', '{_p}')),",
        "]",
        "linkcheck_timeout = 15",
    ),
    _p,
    "config_syntax",
    "linkcheck_auth",
)

_p = _F.password()
_s(
    _j(
        "// publishconf.py (Pelican) ends up in the Makefile:",
        "SSH_HOST=web01.fernhill.art",
        "SSH_USER=pelican",
        f"SSH_PASS={_p}",
        "rsync_upload: publish",
        '\tsshpass -p "$(SSH_PASS)" rsync -e "ssh -p 22" -P -rvzc --delete $(OUTPUTDIR)/ '
        "$(SSH_USER)@$(SSH_HOST):/srv/www",
    ),
    _p,
    "config_syntax",
    "SSH_USER=pelican",
)


_p = _F.any_password()
_s(
    _j(
        "# ~/.config/himalaya/config.toml",
        "[accounts.work]",
        'email = "mara@lowtide.dev"',
        'backend.type = "imap"',
        'backend.host = "imap.lowtide.dev"',
        "backend.port = 993",
        'backend.login = "mara@lowtide.dev"',
        'backend.auth.type = "password"',
        f'backend.auth.raw = "{_p}"',
    ),
    _p,
    "config_syntax",
    "backend.auth.type",
)

_p = _F.password()
_s(
    _j(
        "# ~/.config/vdirsyncer/config",
        "[storage work_cal_remote]",
        'type = "caldav"',
        'url = "https://dav.lowtide.dev/"',
        'username = "mara"',
        f'password = "{_p}"',
    ),
    _p,
    "config_syntax",
    "work_cal_remote",
)

_p = _F.password()
_s(
    _j(
        "# /etc/bacula/bacula-dir.conf",
        "Client {",
        "  Name = fileserver-fd",
        "  Address = fileserver.lan",
        "  FDPort = 9102",
        "  Catalog = MyCatalog",
        f'  Password = "{_p}"',
        "  File Retention = 60 days",
        "}",
    ),
    _p,
    "config_syntax",
    "fileserver-fd",
)

_p = _F.r(44, URLSAFE)
_s(
    _j(
        "# /etc/bareos/bareos-fd.d/director/bareos-dir.conf",
        "Director {",
        "  Name = bareos-dir",
        f'  Password = "[md5]{_F.hex(32)}"',
        "}",
        "# and the console resource on the director side, still in clear text:",
        "Console {",
        "  Name = admin",
        f'  Password = "{_p}"',
        "  Profile = operator",
        "}",
    ),
    _p,
    "config_syntax",
    "Profile = operator",
)


_p = _F.password(16)
_s(
    _j(
        "# /etc/mfs/mfsexports.cfg",
        "10.20.0.0/16  /        rw,alldirs,maproot=0",
        f"*             /public  ro,password={_p}",
    ),
    _p,
    "config_syntax",
    "maproot=0",
)

_p = _F.password()
_s(
    _j(
        "<?php",
        "// conf/local.protected.php",
        "$conf['authtype'] = 'authpdo';",
        "$conf['plugin']['authpdo']['dsn'] = 'mysql:host=db.lan;dbname=wiki;charset=utf8mb4';",
        "$conf['plugin']['authpdo']['user'] = 'dokuwiki';",
        f"$conf['plugin']['authpdo']['pass'] = '{_p}';",
    ),
    _p,
    "config_syntax",
    "authpdo",
)

_p = _F.human()
_s(
    _j(
        f"$ tiddlywiki ./notes --listen host=0.0.0.0 port=8080 username=mara password={_p}",
        "Serving on http://0.0.0.0:8080",
        "(press ctrl-C to exit)",
    ),
    _p,
    "config_syntax",
    "Serving on http://0.0.0.0:8080",
)

_p = _F.human()
_s(
    _j(
        f"root@panel:~# /usr/share/webmin/changepass.pl /etc/webmin root {_p}",
        "Updated password of Webmin user root",
    ),
    _p,
    "config_syntax",
    "Updated password of Webmin user root",
)


_p = _F.leet()
_s(
    _j(
        f"root@hestia:~# v-add-user studio '{_p}' studio@fernhill.art default Studio Fernhill",
        "root@hestia:~# v-list-user studio",
    ),
    _p,
    "config_syntax",
    "v-list-user studio",
)

_p = _F.password()
_s(
    _j(
        "$ clpctl user:add --userName='mara' --email='mara@fernhill.art' --firstName='Mara' "
        f"--lastName='Okafor' --password='{_p}' --role='admin' --timezone='UTC'",
        "User has been added.",
    ),
    _p,
    "config_syntax",
    "User has been added.",
)

_p = _F.password()
_s(
    _j(
        "<?php",
        "// /var/www/froxlor/lib/userdata.inc.php",
        "$sql['host'] = 'localhost';",
        "$sql['user'] = 'froxlor';",
        f"$sql['password'] = '{_p}';",
        "$sql['db'] = 'froxlor';",
    ),
    _p,
    "config_syntax",
    "$sql['user'] = 'froxlor';",
)

_p = _F.password()
_s(
    _j(
        f"PS C:\\> plesk bin admin --set-admin-password -passwd '{_p}'",
        "SUCCESS: Admin password was changed",
    ),
    _p,
    "config_syntax",
    "--set-admin-password",
)


_p = _F.password(12)
_s(
    _j(
        "root@DD-WRT:~# nvram show | grep wpa_psk",
        f"wl0_wpa_psk={_p}",
        "size: 32417 bytes (33119 left)",
    ),
    _p,
    "config_syntax",
    "nvram show",
)

_p = _F.password()
_s(
    _j(
        "ubnt@edge# set interfaces ethernet eth0 pppoe 0 user-id fibre7729@isp.example",
        f"ubnt@edge# set interfaces ethernet eth0 pppoe 0 password '{_p}'",
        "ubnt@edge# commit ; save",
    ),
    _p,
    "config_syntax",
    "user-id fibre7729@isp.example",
)

_p = _F.password()
_s(
    _j(
        "[H3C] local-user netops class manage",
        f"[H3C-luser-manage-netops] password simple {_p}",
        "[H3C-luser-manage-netops] service-type ssh https",
        "[H3C-luser-manage-netops] authorization-attribute user-role network-admin",
    ),
    _p,
    "config_syntax",
    "authorization-attribute user-role network-admin",
)

_p = _F.password()
_s(
    _j(
        "(aruba-mc) [mynode] (config) #mgmt-user netops root " + _p,
        "(aruba-mc) [mynode] (config) #write memory",
    ),
    _p,
    "config_syntax",
    "mgmt-user netops root",
)


_p = _F.password(14)
_s(
    _j(
        "Router# configure",
        f"Router(config)# username netops password {_p} user-type admin",
        "Router(config)# write",
        "(Zyxel NSG)",
    ),
    _p,
    "config_syntax",
    "user-type admin",
)

_p = _F.password(12)
_s(
    _j(
        "CP3N>ADDUSER -N:integrator -P:" + _p,
        "User added successfully.",
        "CP3N>AUTHENTICATION ON",
    ),
    _p,
    "config_syntax",
    "AUTHENTICATION ON",
)

_p = _F.password()
_s(
    _j(
        "<!-- TwinCAT StaticRoutes.xml of the engineering PC -->",
        "<Route>",
        "  <Name>CX-4A21F0</Name>",
        "  <Address>192.168.10.50</Address>",
        "  <NetId>5.74.33.16.1.1</NetId>",
        "  <Type>TCP_IP</Type>",
        "  <UserName>Administrator</UserName>",
        f"  <Password>{_p}</Password>",
        "</Route>",
    ),
    _p,
    "config_syntax",
    "5.74.33.16.1.1",
)

_p = _F.password(20)
_s(
    _j(
        "ETS6 > Project 'Haus Lindner' > Security",
        "Project password: (set)",
        f"Commissioning password (IP Secure Router 5.1.1): {_p}",
        "Tunnelling user 2 password: see .knxkeys",
    ),
    _p,
    "config_syntax",
    "Haus Lindner",
)


_p = _F.password()
_s(
    _j(
        "// serverDZ.cfg",
        'hostname = "Moss & Cinder | PvE | Chernarus";',
        'password = "";',
        f'passwordAdmin = "{_p}";',
        "maxPlayers = 60;",
    ),
    _p,
    "config_syntax",
    "maxPlayers = 60;",
)

_p = _F.human()
_s(
    _j(
        '<property name="ServerName" value="Hazel Hollow"/>',
        f'<property name="ServerPassword" value="{_p}"/>',
        '<property name="ServerMaxPlayerCount" value="8"/>',
        '<property name="WebDashboardEnabled" value="false"/>',
    ),
    _p,
    "config_syntax",
    "ServerMaxPlayerCount",
)

_p = _F.password()
_s(
    json.dumps(
        {
            "name": "Lichen & Loam",
            "password": _p,
            "saveDirectory": "./savegame",
            "slotCount": 16,
            "gameSettingsPreset": "Default",
        },
        indent=2,
    ),
    _p,
    "config_syntax",
    "saveDirectory",
)

_t = "pds-g^KU_" + _r(9, URLSAFE) + "^" + _r(44, AN + "+/=")
_s(
    _j(
        "$ cat ~/.klei/DoNotStarveTogether/Cluster_1/cluster_token.txt",
        _t,
    ),
    _t,
    "config_syntax",
    "cluster_token.txt",
)


_p = _F.password()
_s(
    json.dumps(
        {
            "Name": "Wren Keep",
            "Port": 9876,
            "QueryPort": 9877,
            "Password": _p,
            "Secure": True,
            "ListOnSteam": False,
        },
        indent=2,
    ),
    _p,
    "config_syntax",
    "ListOnSteam",
)

_p = _F.password()
_s(
    _j(
        "<!-- SpaceEngineers-Dedicated.cfg -->",
        "<RemoteApiEnabled>true</RemoteApiEnabled>",
        f"<RemoteSecurityKey>{_b64(_p)}</RemoteSecurityKey>",
        "<RemoteApiPort>8080</RemoteApiPort>",
    ),
    _b64(_p),
    "config_syntax",
    "RemoteApiPort",
)

_p = _F.password(12)
_s(
    _j(
        "<!-- the VM's libvirt domain XML -->",
        f"<graphics type='spice' autoport='yes' passwd='{_p}' listen='0.0.0.0'>",
        "  <listen type='address' address='0.0.0.0'/>",
        "</graphics>",
    ),
    _p,
    "config_syntax",
    "autoport='yes'",
)

_p = _F.password(14)
_s(
    _j(
        f"$ prlctl set build-mac --userpasswd admin:{_p}",
        "The VM has been successfully configured.",
    ),
    _p,
    "config_syntax",
    "build-mac",
)


_p = _F.password()
_s(
    _j(
        "# /opt/fog/.fogsettings",
        "ipaddress='10.40.0.5'",
        "interface='eno1'",
        "username='fogproject'",
        f"password='{_p}'",
        "snmysqluser='fogmaster'",
    ),
    _p,
    "config_syntax",
    "snmysqluser='fogmaster'",
)

_p = _F.password()
_s(
    _j(
        "$ secret-tool lookup service rclone account fernhill-b2",
        _p,
    ),
    _p,
    "config_syntax",
    "fernhill-b2",
)

_p = _F.password()
_s(
    _j(
        "$ kwallet-query -r 'Mail' -f 'Passwords' kdewallet",
        _p,
    ),
    _p,
    "config_syntax",
    "kdewallet",
)

_sk = _r(32, URLSAFE)
_s(
    _j(
        "$ owncast --help | head -3; ./owncast -streamkey " + _sk + " -webserverport 8080",
        "INFO[2024-11-30T20:14:02Z] Owncast v0.1.3-linux-64bit",
        "INFO[2024-11-30T20:14:02Z] Web server is listening on port 8080.",
    ),
    _sk,
    "config_syntax",
    "-webserverport 8080",
)


_p = _F.password()
_s(
    _j(
        "# anki sync server unit override",
        "[Service]",
        f"Environment=SYNC_USER1=mara:{_p}",
        "Environment=SYNC_BASE=/var/lib/anki-sync",
    ),
    _p,
    "config_syntax",
    "SYNC_BASE=/var/lib/anki-sync",
)

_p = _F.password()
_s(
    _j(
        "# values for the Headlamp chart",
        "config:",
        "  oidc:",
        "    clientID: headlamp",
        f"    clientSecret: {_p}",
        "    issuerURL: https://sso.lowtide.dev/realms/ops",
        "    scopes: openid,profile,email",
    ),
    _p,
    "config_syntax",
    "issuerURL",
)

_k, _sec = _F.akia(), _F.aws_secret()
_s(
    _j(
        "# mimir.yaml",
        "common:",
        "  storage:",
        "    backend: s3",
        "    s3:",
        "      endpoint: s3.eu-west-1.amazonaws.com",
        "      region: eu-west-1",
        f"      access_key_id: {_k}",
        f"      secret_access_key: {_sec}",
        "blocks_storage:",
        "  s3:",
        "    bucket_name: lowtide-mimir-blocks",
    ),
    (_k, _sec),
    "config_syntax",
    "lowtide-mimir-blocks",
)

_p = _F.password()
_s(
    _j(
        "$ urbackupsrv run --config /etc/default/urbackupsrv \\",
        f"    --internet-only --internet-authkey {_p} --internet-server backup.fernhill.art",
    ),
    _p,
    "config_syntax",
    "--internet-server backup.fernhill.art",
)


_p = _F.password()
_s(
    _j(
        "#include <curl/curl.h>",
        "/* uploads the nightly build to the mirror */",
        f'#define MIRROR_USERPWD "ci-upload:{_p}"',
        "curl_easy_setopt(h, CURLOPT_USERPWD, MIRROR_USERPWD);",
        'curl_easy_setopt(h, CURLOPT_URL, "sftp://mirror.lowtide.dev/incoming/");',
    ),
    _p,
    "config_syntax",
    "CURLOPT_USERPWD",
)

_p = _F.password()
_s(
    _j(
        "# accumulo-client.properties",
        "instance.name=geo",
        "instance.zookeepers=zk1:2181,zk2:2181,zk3:2181",
        "auth.type=password",
        "auth.principal=ingest",
        f"auth.token={_p}",
    ),
    _p,
    "config_syntax",
    "auth.principal=ingest",
)

# ---------------------------------------------------------------------------------------------
# Prose: chat, tickets, emails, standups, PR reviews (approximate phrasing, romanised where noted)
# ---------------------------------------------------------------------------------------------
_family("prose")

_PROSE = [
    # (text template with {p}, password kind, keep)
    (
        "Eh bro, the staging Plesk password I change already lah, now is {p} — don't simply "
        "share ok (Manglish)",
        "human",
        "staging Plesk",
    ),
    (
        "Pare, yung bagong password ng Hestia panel ay {p}, pakipalitan mo na lang after mo "
        "mag-login ha (Taglish)",
        "password",
        "Hestia panel",
    ),
    (
        "Ma broda, di password for di DayZ admin na {p}, no give am for any pipo (Cameroonian "
        "Pidgin)",
        "leet",
        "DayZ admin",
    ),
    (
        "Chale, the Bacula console password be {p}, make you no post am for the group chat oo "
        "(Ghanaian Pidgin)",
        "password",
        "Bacula console",
    ),
    (
        "Bai, me set de Wi-Fi pon de OpenWrt to {p}, tell Auntie fuh use dat (Guyanese Creole)",
        "human",
        "OpenWrt",
    ),
    (
        "Bey, da new password fa da Zomboid server is {p}, ya hear? (Bahamian Creole)",
        "phrase",
        "Zomboid server",
    ),
    (
        "Khouya, el mot de passe ta3 Virtualmin wella {p}, ma tmedhouch l7ad (Algerian Darja, "
        "romanised)",
        "password",
        "Virtualmin",
    ),
    (
        "Ya zol, kilmat il-sirr mta3 il-router il-jdid {p}, ma t9ulha lḥad (Libyan Arabic, "
        "romanised)",
        "human",
        "router",
    ),
    (
        "Ya akhi, kalimat as-sirr ḥagg DirectAdmin hi {p}, la tirsilha fi al-group (Yemeni "
        "Arabic, romanised)",
        "password",
        "DirectAdmin",
    ),
    (
        "Ya shabab, baswurd al-Froxlor al-jadeed {p}, khalooh 3indakum bas (Hejazi Arabic, "
        "romanised)",
        "leet",
        "Froxlor",
    ),
    (
        "Ana gi kelim inta: password ta OMERO de {p}, ma wori nas tani (Juba Arabic)",
        "password",
        "OMERO",
    ),
    (
        "Mbi mû na mo kâmba ti password ti Webmin: {p}. Mo bâ na lê ti mo oko. (Sango)",
        "human",
        "Webmin",
    ),
    (
        "Mdjomba, i password ya XNAT ni {p}, usimpva mtru (Comorian, Shingazidja)",
        "password",
        "XNAT",
    ),
    (
        "Mpangi, password ya TwinCAT route yi {p}, kuzabisa muntu ko (Kikongo)",
        "password",
        "TwinCAT route",
    ),
    (
        "N tɔgɔ ye password ye: {p}, Duplicati ta, i kana a di mɔgɔ ma (Dyula)",
        "phrase",
        "Duplicati",
    ),
    (
        "Servus, as Passwort fürs Bacula-Web is jetzt {p}, ned weidasong gell (Bavarian)",
        "human",
        "Bacula-Web",
    ),
    (
        "Grüß Gott, s'Passwort vom Gitness-Admin isch {p}, ned rumverzähle (Swabian)",
        "password",
        "Gitness-Admin",
    ),
    (
        "Jung, et Passwoot för de KNIME-Server es {p}, sach et keinem (Kölsch)",
        "leet",
        "KNIME-Server",
    ),
    (
        "Thon new passwurd fer tha LabKey is {p}, dinnae be tellin' onybody (Ulster Scots)",
        "human",
        "LabKey",
    ),
    (
        "Da passwird fir da Glances box is {p}, dunna peerie-peerie pit it on da group "
        "(Shetlandic)",
        "human",
        "Glances box",
    ),
    (
        "Burdèl, la password de server dla Cumulus l'è {p}, n'al dì a niseun (Romagnol)",
        "password",
        "Cumulus",
    ),
    (
        "Kardaşım, MAAS-ny parolü {p}, kimge da aytma (Karachay-Balkar, romanised)",  # noqa: RUF001
        "password",
        "MAAS",
    ),
    ("Bərar, Foreman-i ramz {p} ə, hiči kəsi re nəgu (Gilaki, romanised)", "password", "Foreman"),
    ("Bəra, ramz-e Plesk {p}-e, vé kəsi na (Luri, romanised)", "human", "Plesk"),
    (
        "Bhaiji, Cockpit ku naya password {p} ch, kaikhu na bataya (Garhwali, romanised)",
        "password",
        "Cockpit",
    ),
    (
        "Dajyu, Cobbler ko password {p} chhu, kaiku ni bataya (Kumaoni, romanised)",
        "human",
        "Cobbler",
    ),
    (
        "Bhaiya, REDCap ke password {p} hau, kekro mat batiha (Magahi, romanised)",
        "password",
        "REDCap",
    ),
    (
        "Semeton, password Bacula-ne {p}, ndaq bedait ojok dengan dengan (Sasak)",
        "human",
        "Bacula-ne",
    ),
    ("Sari'battang, password Hexo-na {p}, teaki pabbicarai (Makassarese)", "leet", "Hexo-na"),
    (
        "Pagari, so password o Kubeflow na {p}, di ka rn pamagisaan (Maranao)",
        "password",
        "Kubeflow",
    ),
    ("Kaka, o password nu LXD am {p}, ara mo ipaciay (Ivatan)", "human", "LXD"),
    (
        "E hoa, te password o te MediaMTX ko {p}, ʼina ʼoʼou e vānaŋa (Rapa Nui)",  # noqa: RUF001
        "phrase",
        "MediaMTX",
    ),
    ("E hoa, te password no te Owncast ʻo {p}, ʻaʻua e haʻatu (Marquesan)", "human", "Owncast"),  # noqa: RUF001
    (
        ".i lo japyvla be la'o zoi .webmin. cu du zoi gy {p} gy .i ko na cusku fi su'o da (Lojban)",
        "password",
        ".webmin.",
    ),
    (
        "Wachalal, ri password richin ri Gurobi are {p}, man ta kaya chi ke ri winäq (Kaqchikel)",
        "password",
        "Gurobi",
    ),
    (
        "Bankilal, li password yuʼun Gitness jaʼ {p}, mu xa chaval ta yan krixchano (Tzotzil)",  # noqa: RUF001
        "human",
        "Gitness",
    ),
    ("Ndäpo, ya password ya Joplin ge {p}, hinda ungä ni ʼnaha (Otomi)", "leet", "Joplin"),  # noqa: RUF001
    (
        "Tata, password Newsboat-ni jindeksï {p}, ambe no arhikuarhini (Purépecha)",
        "human",
        "Newsboat-ni",
    ),
    (
        "Moihni, Owncast password ba {p}, upla kumi ra wisras apia (Miskito)",
        "password",
        "Owncast password",
    ),
    (
        "Baala, di password fu di MooseFS da {p}, na taki en da wan sama (Saramaccan)",
        "human",
        "MooseFS",
    ),
    (
        "Mon frayr, li password pour li DokuWiki c'est {p}, pa dit ta personne (Michif)",
        "password",
        "DokuWiki",
    ),
    (
        "Aqqaluk, Vdirsyncer password-ŋa {p}, kinamullu uqaqtiñŋitchuŋ (Inupiaq)",
        "phrase",
        "Vdirsyncer",
    ),
    (
        "Mtu wa IT, password ya Zyxel ni {p} — hiyo ni mpya baada ya ukaguzi (Comorian, Shimaore)",
        "password",
        "Zyxel",
    ),
]
for _tpl, _kind, _keep in _PROSE:
    _p = getattr(_F, _kind)()
    _s(_tpl.format(p=_p), _p, "config_syntax", _keep)

_p = _F.phrase(" ")
_s(
    _j(
        "[09:14] mara: anyone know the passphrase for the rustic repo on the NAS?",
        f"[09:15] teo: it's `{_p}` (with the spaces)",
        "[09:15] teo: I'll move it into the vault after standup",
    ),
    _p,
    "config_syntax",
    "rustic repo",
)

_p = _F.password()
_s(
    _j(
        "Standup — Tuesday",
        "- Teo: migrated the Bareos catalog to pg16, done",
        f"- Ana: rotated the FOG web admin, temp password is {_p} until Thursday",
        "- Blocked: waiting on the SAN team for the iSCSI LUN",
    ),
    _p,
    "config_syntax",
    "FOG web admin",
)

_p = _F.leet()
_s(
    _j(
        "> **Review comment** on `ansible/roles/gamesrv/defaults/main.yml` line 14",
        f'> `vrising_password: "{_p}"` — please don\'t commit the live server password, use the',
        "> vault var like the other roles do.",
    ),
    _p,
    "config_syntax",
    "vrising_password",
)

_p = _F.password()
_s(
    _j(
        "From: Liam Hart <liam@fernhill.art>",
        "To: studio@fernhill.art",
        "Subject: Re: Plesk access for the contractor",
        "",
        "Hi both,",
        f"I've created the subscription user 'contractor-jo' with password {_p}.",
        "Please ask Jo to change it on first login.",
        "Liam",
    ),
    _p,
    "config_syntax",
    "contractor-jo",
)

_p = _F.human()
_s(
    _j(
        "TICKET OPS-2291  Priority: P3  Status: Open",
        "Summary: cannot log in to the kiosk in the lobby",
        "Description: the kiosk was reimaged via Guix on Friday. I tried the usual",
        f"password and then '{_p}' which is what was in the handover note; neither works.",
    ),
    _p,
    "config_syntax",
    "OPS-2291",
)

_p = _F.phrase()
_s(
    _j(
        "mara  11:02",
        "the chezmoi age passphrase is needed once per new machine",
        "teo  11:02",
        f"ok, I used {_p} on the old laptop, same one?",
    ),
    _p,
    "config_syntax",
    "chezmoi age passphrase",
)

_p = _F.password()
_s(
    _j(
        "## Handover notes (night shift)",
        "",
        "* The 7 Days to Die box restarted twice (OOM). Raised the JVM... no, it's Unity — "
        "raised the swap.",
        f"* Telnet console password is {_p}; change it if you give anyone access.",
        "* Backups ran at 04:00, all green.",
    ),
    _p,
    "config_syntax",
    "Telnet console password",
)

_p = _F.any_password()
_s(
    f"@ana the HugeGraph admin login is admin / {_p} — the default one was rejected after the "
    "upgrade",
    _p,
    "config_syntax",
    "HugeGraph admin",
)

_p = _F.password()
_s(
    _j(
        "Commit note (kept in the PR description):",
        "Switched the Tibero data source to the new pool. For local testing use",
        f"ORD_APP / {_p} against tb-dev-01; prod uses the wallet.",
    ),
    _p,
    "config_syntax",
    "tb-dev-01",
)

_p = _F.leet()
_s(
    _j(
        "Voice memo transcript (auto):",
        f'"...and the Wi-Fi for the workshop is Hazelnet, password {_p}, all one word..."',
    ),
    _p,
    "config_syntax",
    "Voice memo transcript",
)

_p = _F.password()
_s(
    _j(
        "| service        | user       | password            |",
        "|----------------|------------|---------------------|",
        "| Loxone config  | integrator | (in 1Password)      |",
        f"| ETS project    | —          | {_p} |",
        "| Crestron       | integrator | (in 1Password)      |",
    ),
    _p,
    "config_syntax",
    "ETS project",
)

_p = _F.human()
_s(
    _j(
        "mara: can you get into the Anki sync server?",
        "teo: user mara, pass is",
        f"teo: {_p}",
        "mara: thx",
    ),
    _p,
    "config_syntax",
    "Anki sync server",
)

# ---------------------------------------------------------------------------------------------
# Authorization and API-key headers
# ---------------------------------------------------------------------------------------------
_family("headers")

_t = _r(40, URLSAFE)
_s(
    _j(
        "$ fortio load -qps 200 -t 60s -c 16 \\",
        f"    -H 'Authorization: Bearer {_t}' \\",
        "    https://api.lowtide.dev/v2/quotes",
        "Fortio 1.66.0 running at 200 queries per second, 16->16 procs, for 1m0s",
    ),
    _t,
    "authorization",
    "https://api.lowtide.dev/v2/quotes",
)

_t = _F.token(40)
_s(
    _j(
        "id: internal-admin-exposed",
        "info:",
        "  name: Internal admin panel exposed",
        "  severity: high",
        "http:",
        "  - method: GET",
        "    path:",
        '      - "{{BaseURL}}/admin/api/users"',
        "    headers:",
        f"      X-Api-Key: {_t}",
        "    matchers:",
        "      - type: status",
        "        status: [200]",
    ),
    _t,
    "authorization",
    "internal-admin-exposed",
)

_t = _F.jwt({"sub": "pentest", "role": "admin", "exp": 1767225600}, "HS256")
_s(
    _j(
        "$ ffuf -w ~/wordlists/api-endpoints.txt -u https://staging.fernhill.art/api/FUZZ \\",
        f"    -H 'Authorization: Bearer {_t}' -mc 200,401,403",
        "________________________________________________",
        " :: Method           : GET",
    ),
    _t,
    "authorization",
    "staging.fernhill.art/api/FUZZ",
)

_t = _r(32)
_s(
    _j(
        "$ sqlmap -u 'https://staging.fernhill.art/api/orders?id=17' --batch --level 3 \\",
        f"    --headers='X-Auth-Token: {_t}\\nAccept: application/json'",
    ),
    _t,
    "authorization",
    "--batch --level 3",
)

_u, _p = "scanner", _F.password()
_b = basic(_u, _p)
_s(
    _j(
        "$ gobuster dir -u https://intranet.lowtide.dev -w common.txt \\",
        f"    -H 'Authorization: Basic {_b}' -t 20",
        "===============================================================",
        "Gobuster v3.6",
    ),
    _b,
    "authorization",
    "intranet.lowtide.dev",
)

_t = _F.token(48)
_s(
    _j(
        f"$ feroxbuster -u https://files.fernhill.art -H 'Cookie: sessionid={_t}' --depth 2",
        " 🎯  Target Url            │ https://files.fernhill.art",
        " 🤯  Header                │ Cookie: sessionid=<shown above>",
    ),
    _t,
    "authorization",
    "--depth 2",
)

_t = _r(43, URLSAFE)
_s(
    _j(
        "### HTTP Toolkit export: request #41",
        "GET https://api.fernhill.art/v1/invoices?status=open HTTP/1.1",
        "accept: application/json",
        f"authorization: Bearer {_t}",
        "user-agent: Till/5.2 (Android 14)",
    ),
    _t,
    "authorization",
    "api.fernhill.art/v1/invoices",
)

_t = _r(40)
_s(
    _j(
        "### get open tickets",
        "# @name tickets",
        "GET https://helpdesk.lowtide.dev/api/v1/tickets?state=open",
        f"Authorization: Token token={_t}",
        "Accept: application/json",
    ),
    _t,
    "authorization",
    "helpdesk.lowtide.dev/api/v1/tickets",
)

_t = _r(36, URLSAFE)
_s(
    _j(
        "@Configuration",
        "public class PartnerFeignConfig {",
        "  @Bean",
        "  public RequestInterceptor partnerAuth() {",
        f'    return t -> t.header("X-Partner-Key", "{_t}");',
        "  }",
        "}",
    ),
    _t,
    "authorization",
    "PartnerFeignConfig",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        'client.get(443, "api.lowtide.dev", "/v2/stock")',
        "  .ssl(true)",
        f'  .putHeader("Authorization", "Bearer {_t}")',
        "  .send()",
        "  .onSuccess(r -> System.out.println(r.bodyAsString()));",
    ),
    _t,
    "authorization",
    "/v2/stock",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        "val client: HttpHandler = JavaHttpClient()",
        'val req = Request(GET, "https://api.lowtide.dev/v2/stock")',
        f'    .header("Authorization", "Bearer {_t}")',
        "println(client(req).bodyString())",
    ),
    _t,
    "authorization",
    "JavaHttpClient",
)

_t = _r(32)
_s(
    _j(
        "import sttp.client4.quick.*",
        "val res = quickRequest",
        '  .get(uri"https://api.lowtide.dev/v2/stock")',
        f'  .header("X-Api-Key", "{_t}")',
        "  .send()",
    ),
    _t,
    "authorization",
    "quickRequest",
)

_u, _p = "reports", _F.password()
_s(
    _j(
        "val request = HttpRequest(",
        '  uri = "https://reports.lowtide.dev/export.csv",',
        f'  headers = List(Authorization(BasicHttpCredentials("{_u}", "{_p}")))',
        ")",
        "Http().singleRequest(request)",
    ),
    _p,
    "authorization",
    "BasicHttpCredentials",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        "HTTPoison.get!(",
        '  "https://api.lowtide.dev/v2/stock",',
        f'  [{{"Authorization", "Bearer {_t}"}}, {{"Accept", "application/json"}}]',
        ")",
    ),
    _t,
    "authorization",
    "HTTPoison.get!",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        "let headers = Cohttp.Header.of_list [",
        f'  ("Authorization", "Bearer {_t}");',
        '  ("Accept", "application/json") ] in',
        'Cohttp_lwt_unix.Client.get ~headers (Uri.of_string "https://api.lowtide.dev/v2/stock")',
    ),
    _t,
    "authorization",
    "Cohttp.Header.of_list",
)

_t = _r(32)
_s(
    _j(
        "(require '[clj-http.client :as http])",
        '(http/get "https://api.lowtide.dev/v2/stock"',
        f'          {{:headers {{"X-Api-Key" "{_t}"}}',
        "           :as :json})",
    ),
    _t,
    "authorization",
    "clj-http.client",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        "using HTTP, JSON3",
        'r = HTTP.get("https://api.lowtide.dev/v2/stock",',
        f'    ["Authorization" => "Bearer {_t}"])',
        "JSON3.read(r.body)",
    ),
    _t,
    "authorization",
    "JSON3.read",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        "library(httr2)",
        'req <- request("https://api.lowtide.dev/v2/stock") |>',
        f'  req_auth_bearer_token("{_t}") |>',
        "  req_retry(max_tries = 3)",
        "resp <- req_perform(req)",
    ),
    _t,
    "authorization",
    "req_auth_bearer_token",
)

_t = _r(32)
_s(
    _j(
        "use Mojo::UserAgent;",
        "my $ua = Mojo::UserAgent->new;",
        "my $tx = $ua->get('https://api.lowtide.dev/v2/stock' =>",
        f"  {{'X-Api-Key' => '{_t}', Accept => 'application/json'}});",
    ),
    _t,
    "authorization",
    "Mojo::UserAgent",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        "class StockClient",
        "  include HTTParty",
        "  base_uri 'https://api.lowtide.dev/v2'",
        f"  headers 'Authorization' => 'Bearer {_t}'",
        "end",
    ),
    _t,
    "authorization",
    "include HTTParty",
)

_t = _r(32)
_s(
    _j(
        "conn = Excon.new('https://api.lowtide.dev',",
        f"  headers: {{ 'X-Api-Key' => '{_t}' }}, persistent: true)",
        "conn.get(path: '/v2/stock')",
    ),
    _t,
    "authorization",
    "Excon.new",
)

_u, _p = "exporter", _F.password()
_s(
    _j(
        "req = Typhoeus::Request.new(",
        '  "https://reports.lowtide.dev/export.csv",',
        f'  userpwd: "{_u}:{_p}",',
        "  followlocation: true)",
        "req.run",
    ),
    _p,
    "authorization",
    "Typhoeus::Request.new",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        "public interface IStockApi",
        "{",
        f'    [Headers("Authorization: Bearer {_t}")]',
        '    [Get("/v2/stock")]',
        "    Task<List<Stock>> GetStock();",
        "}",
    ),
    _t,
    "authorization",
    "IStockApi",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        'QNetworkRequest req(QUrl("https://api.lowtide.dev/v2/stock"));',
        f'req.setRawHeader("Authorization", "Bearer {_t}");',
        "QNetworkReply *reply = manager->get(req);",
    ),
    _t,
    "authorization",
    "QNetworkRequest",
)

_t = _r(32)
_s(
    _j(
        'cpr::Response r = cpr::Get(cpr::Url{"https://api.lowtide.dev/v2/stock"},',
        f'                           cpr::Header{{{{"X-Api-Key", "{_t}"}}}});',
    ),
    _t,
    "authorization",
    "cpr::Response",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        'Poco::Net::HTTPRequest req(Poco::Net::HTTPRequest::HTTP_GET, "/v2/stock");',
        f'req.set("Authorization", "Bearer {_t}");',
        "session.sendRequest(req);",
    ),
    _t,
    "authorization",
    "Poco::Net::HTTPRequest",
)

_u, _p = "probe", _F.password()
_b = basic(_u, _p)
_s(
    _j(
        'local http = require("socket.http")',
        "local body, code = http.request{",
        '  url = "http://10.7.0.4/status",',
        f'  headers = {{ authorization = "Basic {_b}" }},',
        "}",
    ),
    _b,
    "authorization",
    "socket.http",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        'var request = HTTPClientRequest(url: "https://api.lowtide.dev/v2/stock")',
        f'request.headers.add(name: "Authorization", value: "Bearer {_t}")',
        "let response = try await HTTPClient.shared.execute(request, timeout: .seconds(10))",
    ),
    _t,
    "authorization",
    "HTTPClientRequest",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        "// server/api/stock.get.ts (Nitro)",
        "export default defineEventHandler(() =>",
        "  $fetch('https://api.lowtide.dev/v2/stock', {",
        f"    headers: {{ Authorization: 'Bearer {_t}' }},",
        "  }))",
    ),
    _t,
    "authorization",
    "defineEventHandler",
)

_t = _r(32)
_s(
    _j(
        "-- Luau, ModuleScript 'Inventory'",
        "local res = HttpService:RequestAsync({",
        '\tUrl = "https://inv.moss-runner.dev/v1/grant",',
        '\tMethod = "POST",',
        f'\tHeaders = {{ ["X-Api-Key"] = "{_t}", ["Content-Type"] = "application/json" }},',
        '\tBody = HttpService:JSONEncode({ userId = player.UserId, item = "lantern" }),',
        "})",
    ),
    _t,
    "authorization",
    "inv.moss-runner.dev",
)

# ---------------------------------------------------------------------------------------------
# Look-alikes: no secret in any of these; each must come back unchanged
# ---------------------------------------------------------------------------------------------

# Tokens' contexts, without a token
_l(
    _j(
        ";; bb.edn",
        "{:tasks",
        ' {release {:doc "tag and upload the uberjar"',
        '           :extra-env {"GITHUB_TOKEN" (System/getenv "GH_RELEASE_TOKEN")}',
        '           :task (shell "gh release create" (str "v" version) "target/app.jar")}}}',
    )
)
_l(
    _j(
        "$ git config --get git-town.github-token",
        "$ git town propose",
        "Error: no GitHub token configured; run `git town config setup` or set GITHUB_TOKEN",
    )
)
_l(
    _j(
        "# _config.yml (Hexo)",
        "deploy:",
        "  type: git",
        "  repo: git@gitlab.com:fernhill/blog.git",
        "  branch: pages",
    )
)
_l(
    _j(
        'local HttpService = game:GetService("HttpService")',
        'local SLACK_BOT = HttpService:GetSecret("slack_bot_token")',
        'local CHANNEL = "C05Q2ENG7XK"',
    )
)
_l(
    json.dumps(
        {
            "plugin.io.github.joplin-slack-digest": {
                "channel": "C05Q2ENG7XK",
                "userToken": "",
                "schedule": "0 8 * * 1-5",
            }
        },
        indent=2,
    )
)
_l(
    _j(
        "# AFFiNE self-hosted: .env",
        "AFFINE_REVISION=stable",
        "PORT=3010",
        "# COPILOT_OPENAI_API_KEY=   (leave empty to disable AI features)",
        "DB_USERNAME=affine",
    )
)
_l(
    _j(
        "  env:",
        "    - name: ANTHROPIC_API_KEY",
        "      valueFrom:",
        "        secretKeyRef:",
        "          name: llm-creds",
        "          key: anthropic",
    )
)
_l(
    _j(
        '    "TargetURL": "s3://lowtide-photos/dup?s3-server-name=s3.eu-central-1.amazonaws.com&use-ssl=true&s3-ext-iam-role=dup-writer",',
        '    "DBPath": "/data/Duplicati/' + _r(10, UPPER_AN) + '.sqlite",',
    )
)
_l(
    _j(
        "# droplet profile, from the Bareos docs (AWS's documented example keys)",
        "access_key = AKIAIOSFODNN7EXAMPLE",
        "secret_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
    )
)
_l(
    _j(
        "youtube_feed:",
        "  channel_id: UCv3Q0cKp2yV9x1RkTnTq0Ug",
        "  api_key:   # injected by CI from YT_API_KEY",
        "  limit: 6",
    )
)
_l(
    _j(
        "              envVariables:",
        '                NPM_TOKEN: ${{ secrets.get("npm_token") }}',
        "              script: npm publish --access public",
    )
)
_l(
    _j(
        "$ flit publish",
        "Using repository at https://upload.pypi.org/legacy/",
        "Password from keyring for __token__: found",
    )
)
_l(
    _j(
        "  digitalocean:",
        "    enabled: false",
        '    token: ""',
        '  requiredEmails: ["platform@lowtide.dev"]',
    )
)
_l(
    _j(
        "$ multipass list",
        "Name                    State             IPv4             Image",
        "runner-02               Running           10.77.12.41      Ubuntu 24.04 LTS",
        "runner-03               Stopped           --               Ubuntu 24.04 LTS",
    )
)
_l(
    "    plugins: [sentryVitePlugin({ org: 'lowtide', project: 'docs', "
    "authToken: process.env.SENTRY_AUTH_TOKEN })],\n"
)
_l('    CMD_LINE: "tailscale up --authkey=file:/run/secrets/ts-authkey --ssh"\n')
_l('    --set global.registryPassword="$(cat ~/.config/epinio/registry-pat)" \\\n')
_sentry_pub = _F.hex(32)
_l(
    f'        :closure-defines {{app.config/SENTRY_DSN "https://{_sentry_pub}@o4507.ingest.sentry.io/4507712"}}\n'
)
_l(
    'const REPLICATE_TOKEN := ""  # read from OS.get_environment("REPLICATE_API_TOKEN") in '
    "_ready()\n"
)
_pk = "pk_live_" + _r(24)
_l(
    _j(
        "# .env.production (Vapor)",
        f"STRIPE_PUBLISHABLE_KEY={_pk}",
        "STRIPE_SECRET_KEY=${STRIPE_SECRET_KEY}",
    )
)
_l(
    _j(
        "billing.stripe {",
        "  webhook-secret = ${?STRIPE_WEBHOOK_SECRET}",
        "  tolerance = 300 s",
        "}",
    )
)
_l(
    _j(
        '      "vault-tenant": {',
        '        "encryptionKMSType": "vaulttokens",',
        '        "vaultAddress": "https://vault.lowtide.dev:8200",',
        '        "vaultTokensPath": "ceph-csi-tokens",',
        '        "tenantTokenName": "ceph-csi-vault-token"',
    )
)
_l(
    _j(
        "export OP_SERVICE_ACCOUNT_TOKEN=<%= input('op_token') %>",
        "op read 'op://prod/app/.env' > /etc/app/.env",
    )
)
_l(
    _j(
        "$ lxc profile show app",
        "config:",
        "  environment.DOPPLER_PROJECT: shop",
        "  environment.DOPPLER_CONFIG: prd",
        '  limits.cpu: "2"',
    )
)
_l(
    _j(
        "  - git-committers:",
        "      repository: lowtide/lintel",
        '      token: !ENV ["MKDOCS_GIT_COMMITTERS_APIKEY"]',
    )
)
_l(
    _j(
        "BOT_IDENTITY = {",
        "    'app_token': os.environ['SLACK_APP_TOKEN'],",
        "    'bot_token': os.environ['SLACK_BOT_TOKEN'],",
        "}",
    )
)
_l('(define pplx-key (getenv "PPLX_API_KEY"))\n')

# Keys' contexts: public halves, paths, fingerprints, masked values
_crt = _F.cert()
_l(
    _j(
        "$ openssl x509 -in /etc/webmin/miniserv.pem -noout -subject -fingerprint -sha256",
        "subject=CN = panel.fernhill.art",
        "sha256 Fingerprint=" + ":".join(_F.hex(2).upper() for _ in range(32)),
    )
)
_l(
    _j(
        "[root@panel ~]# ls -l /etc/cockpit/ws-certs.d/",
        "-rw-r--r--. 1 root root   1874 Nov 30 09:12 0-self-signed.cert",
        "-rw-r-----. 1 root cockpit-ws 1704 Nov 30 09:12 0-self-signed.key",
    )
)
_l(_j("$ cat /etc/webmin/miniserv.crt", _crt))
_l(
    _j(
        "$ kubectl -n team-a get secret vc-dev-certs",
        "NAME           TYPE     DATA   AGE",
        "vc-dev-certs   Opaque   6      41d",
    )
)
_l(
    _j(
        "  transport: { link: { tls: {",
        "    root_ca_certificate_base64: '" + _b64(_F.cert(300)) + "',",
        "    enable_mtls: false,",
        "  } } },",
    )
)
_l(_j("$ cat ~/.radicle/keys/radicle.pub", _F.ssh_pub() + " mara@radicle"))
_l(
    _j(
        "#cloud-config",
        "users:",
        "  - name: deploy",
        "    ssh_authorized_keys:",
        "      - " + _F.ssh_pub() + " deploy@ci",
    )
)
_pgp_pub = base64.b64encode(b"\x99\x01\x8d\x04" + _F.raw(400)).decode()
_l(
    _j(
        "-----BEGIN PGP PUBLIC KEY BLOCK-----",
        "Comment: Thunderbird OpenPGP key export (public)",
        "",
        *lines(_pgp_pub),
        "=" + _F.b64(3),
        "-----END PGP PUBLIC KEY BLOCK-----",
    )
)
_l(
    _j(
        "---- BEGIN SSH2 PUBLIC KEY ----",
        'Comment: "mobaxterm-bastion"',
        *lines(_F.b64(51), 70),
        "---- END SSH2 PUBLIC KEY ----",
    )
)
_l(
    json.dumps(
        {
            "keys": [
                {
                    "kty": "RSA",
                    "kid": "vapor-2024-11",
                    "use": "sig",
                    "alg": "RS256",
                    "n": _F.urlb64(256),
                    "e": "AQAB",
                }
            ]
        },
        indent=2,
    )
)
_l(
    _j(
        "[age]",
        '    identity = "~/.config/chezmoi/key.txt"',
        '    recipient = "age1' + _r(58, _BECH32) + '"',
    )
)
_l(
    _j(
        "root@OpenWrt:~# wg show wg0 | head -4",
        "interface: wg0",
        "  public key: " + _F.b64(32),
        "  private key: (hidden)",
        "  listening port: 51820",
    )
)
_l(
    _j(
        "$ innernet list",
        "network: lowtide",
        "  peer: gateway (" + _F.b64(32) + ")",
        "    ip: 10.42.0.1",
        "    endpoint: vpn.lowtide.dev:51820",
    )
)
_l(
    _j(
        "$ bitcoin-cli -rpcwallet=cold-2019 getaddressinfo "
        "bc1qz4m0ry8x3hl4ud2e7ksv0c5xw9nj6d2h8pk4f | jq -r .pubkey",
        "02" + _F.hex(64),
    )
)
_l("    'ssl_key'    => file_get_contents('/etc/ssl/private/shop.fernhill.art.key'),\n")
_l(
    _j(
        "listeners.ssl {",
        '  bind = "0.0.0.0:8883"',
        '  keyfile = "/etc/certs/key.pem"',
        '  certfile = "/etc/certs/cert.pem"',
        '  cacertfile = "/etc/certs/cacert.pem"',
        "}",
    )
)
_l(
    _j(
        "$ kubectl -n kasten-io describe secret k10-gcs-profile",
        "Data",
        "====",
        "project-id:            18 bytes",
        "service-account.json:  2354 bytes",
    )
)

# Connections' contexts without a password
_l(
    _j(
        "ds.orders.url=jdbc:tibero:thin:@tb-prod-01:8629:ORDERS",
        "ds.orders.user=ORD_APP",
        "ds.orders.password=${TIBERO_ORD_PASSWORD}",
    )
)
_l(
    'String url = "jdbc:cubrid:localhost:33000:demodb:public::?charset=utf-8"; // CUBRID demo db, '
    "public user, no password\n"
)
_l(
    "jdbc:mimer://mimer-test.lan:1360/payroll  (user and password come from the DataSource, not "
    "the URL)\n"
)
_l(
    'using var db = new LiteDatabase("Filename=C:\\\\ProgramData\\\\Till\\\\till.db;'
    'Connection=shared;ReadOnly=true");\n'
)
_l(
    _j(
        "const remote = new PouchDB('https://couch.fernhill.art/fieldnotes', { skip_setup: true })",
        "await remote.logIn(form.user.value, form.password.value)",
    )
)
_l("$ gnucash sqlite3:///home/mara/finance/household.gnucash\n")
_l(
    "'srt://ingest.kanal7.tv:9000?mode=caller&latency=2000000&passphrase=${SRT_PASSPHRASE}&pbkeylen=32'\n"
)
_l(
    _j(
        "# ~/.newsboat/urls",
        "https://blog.rust-lang.org/feed.xml rust",
        "https://lwn.net/headlines/rss linux",
        '"exec:~/bin/work-feed.sh" work',
    )
)
_l(
    _j(
        "$ gio mount smb://nas.home.arpa/scans",
        "Password required for share scans on nas.home.arpa",
        "User [mara]: scanner",
        "Domain [WORKGROUP]: NAS",
        "Password:",
    )
)
_l(
    "  Connection string: mongodb+srv://knime_ro:<db_password>@cluster7.lmq2x.mongodb.net/?retryWrites=true\n"
)
_l(
    _j(
        "GITNESS_DATABASE_DRIVER=postgres",
        "GITNESS_DATABASE_DATASOURCE=host=pg.internal port=5432 dbname=gitness user=gitness "
        "sslmode=require",
        "# password: PGPASSFILE=/run/secrets/gitness.pgpass",
    )
)
_l(
    _j(
        "[{ingest,",
        '  [{amqp_uri, "amqps://ingest@mq.lowtide.dev:5671/%2Fevents"},',
        '   {amqp_password, {env, "AMQP_PASSWORD"}}]}].',
    )
)
_l(
    _j(
        "authMethod: internal",
        "authInternalUsers:",
        "  - user: any",
        "    pass:",
        "    ips: ['127.0.0.1', '::1']",
        "    permissions: [{action: publish}]",
    )
)
_l("    -drive file=iscsi://san01.lab/iqn.2024-01.lab.san01:vm-disks/4,if=virtio \\\n")
_l(
    _j(
        "$ lpadmin -p Lobby -E -v ipp://lobby-printer.local/ipp/print -m everywhere",
        "$ lpstat -v Lobby",
        "device for Lobby: ipp://lobby-printer.local/ipp/print",
    )
)
_l(_j("[ProxyList]", "socks5  10.8.0.1 1080", "http    10.8.0.2 3128"))
_l(
    _j(
        "#!ipxe",
        "set username ${serial}",
        "login",
        "chain http://boot.lab.lowtide.dev/menu.ipxe?mac=${net0/mac}",
    )
)
_l(
    _j(
        "content:",
        "  sources:",
        "  - url: https://git.lowtide.dev/docs/handbook.git",
        "    branches: [main, v2.*]",
        "    start_path: docs",
    )
)
_l(
    'engine = create_engine("bigquery://fernhill-analytics/events", '
    'credentials_path="/secrets/bq/superset.json")\n'
)
_l(
    _j(
        "restserver.url=http://hg-server.graph:8080",
        "# auth: user from HG_USER, password from HG_PASSWORD (see loader.sh)",
    )
)
_l(_j("env:", '  DATABASE_URL: "<set in the Porter dashboard>"', "  RAILS_ENV: production"))
_l(_j("N=Libera.Chat", "L=6", "E=UTF-8 (Unicode)", "F=19", "S=irc.libera.chat/+6697", "J=#lowtide"))
_l('  password=environment.get("ICECAST_SOURCE_PASSWORD"), mount="/live.mp3", radio)\n')
_l(
    _j(
        "$ VBoxManage list vms",
        '"win11-build" {' + _F.uuid() + "}",
        '"sql2019" {' + _F.uuid() + "}",
    )
)
_l(
    _j(
        "[root@ops ~]# xe vm-list name-label=build-agent-03 params=uuid",
        "uuid ( RO)    : " + _F.uuid(),
    )
)
_l(
    _j(
        "$ openstack baremetal node show rack4-u12 -f yaml -c driver_info",
        "driver_info:",
        "  ipmi_address: 10.40.4.12",
        "  ipmi_password: '******'",
        "  ipmi_username: ironic",
    )
)
_l(
    _j(
        "$ maas admin machines read | jq -r '.[] | [.system_id, .hostname, .status_name] | @tsv'",
        "4y3h7p\track4-u12\tDeployed",
        "8qwmxe\track4-u14\tReady",
    )
)
_l(
    _j(
        "$ hammer host info --id 42 | head -4",
        "Id:                 42",
        "Name:               rack4-u12.lab",
        "UUID:               " + _F.uuid(),
    )
)

# Config contexts without a secret
_l(
    _j(
        'service = QiskitRuntimeService(channel="ibm_quantum", '
        'token=os.environ["IBM_QUANTUM_TOKEN"])',
        'job = service.job("' + _r(20, LOWER_AN) + '")',
    )
)
_l(
    _j(
        "# gurobi.lic (template from the Web License Manager)",
        "WLSACCESSID=<your WLS access id>",
        "WLSSECRET=<your WLS secret>",
        "LICENSEID=<your license id>",
    )
)
_l(
    _j(
        "$ gurobi_cl --license",
        "Set parameter WLSAccessID",
        "Set parameter LicenseID to value 2512947",
        "Academic license 2512947 - for non-commercial use only - registered to "
        "mokafor@fernhill.org",
    )
)
_l(
    _j(
        "default-storage-provider: s3",
        "storage-s3-access-key: $AWS_ACCESS_KEY_ID",
        "storage-s3-secret-key: $AWS_SECRET_ACCESS_KEY",
    )
)
_l(
    _j(
        "apiServer   = https://api.basespace.illumina.com/",
        "accessToken =",
        "# run `bs auth` to fill in the token",
    )
)
_l(
    _j(
        "$ dx describe project-GxYq3 | head -3",
        "Result 1:",
        "ID                  project-GxYq3" + _r(19, UPPER_AN),
        "Name                Fernhill RNA-seq",
    )
)
_l(
    _j(
        'api = APIWrapper("labkey.fernhill.org", "Assays/2024", use_ssl=True)',
        "# credentials are read from ~/.netrc (machine labkey.fernhill.org)",
    )
)
_l(
    _j(
        "$ omero group list",
        " id | name     | perms  | # of owners | # of members",
        "----+----------+--------+-------------+--------------",
        " 53 | Confocal | rwra-- | 2           | 14",
    )
)
_l(
    _j(
        "REDCap API: POST https://redcap.clinic.lab/api/",
        "token=<your 32-character API token>&content=record&format=json",
    )
)
_l("    -credential=warehouse;svc_knime   (no password given: KNIME asks on stdin)\n")
_l('Freesound.token = "<your API key>"; // get one at freesound.org/apiv2/apply\n')
_l(
    _j(
        "\tSilentWolf.configure({",
        '\t\t"api_key": OS.get_environment("SW_API_KEY"),',
        '\t\t"game_id": "moss-runner"',
        "\t})",
    )
)
_l(
    _j(
        'config "production", ->',
        '  secret os.getenv "LAPIS_SECRET"',
        "  postgres ->",
        '    password os.getenv "PGPASSWORD"',
    )
)
_l(
    _j(
        ":registry: harbor.lowtide.dev",
        ":registry-token: (from the ci/harbor item in Vault)",
        "",
        "Log in with `docker login {registry}`.",
    )
)
_l(
    _j(
        ".. code-block:: console",
        "",
        '   $ PGPASSWORD="$(vault kv get -field=password ops/stg-db)" pg_restore -h stg-db -U '
        "restore -d app latest.dump",
    )
)
_l(
    "linkcheck_auth = [(r'https://wiki\\.lowtide\\.dev/.*', ('linkcheck', "
    "os.environ['LINKCHECK_PASSWORD']))]\n"
)
_l(
    json.dumps(
        {
            "sync.target": 6,
            "sync.6.username": "mara",
            "sync.6.password": "",
            "encryption.activeMasterKeyId": _F.hex(32),
        },
        indent=2,
    )
)
_l('backend.auth.cmd = "pass show mail/work"\n')
_l(
    _j(
        "Client {",
        "  Name = fileserver-fd",
        "  Address = fileserver.lan",
        '  Password = "@/etc/bacula/secrets/fileserver-fd.pass"',
        "}",
    )
)
_l(_j("[repository]", 'repository = "opendal:sftp"', 'password-file = "/etc/rustic/repo.pass"'))
_l(
    _j(
        "# /etc/mfs/mfsexports.cfg",
        "10.20.0.0/16  /        rw,alldirs,maproot=0",
        "*             /public  ro",
    )
)
_l("$conf['plugin']['authpdo']['pass'] = getenv('WIKI_DB_PASS');\n")
_l("$ tiddlywiki ./notes --listen host=0.0.0.0 credentials=users.csv readers=(anon) writers=mara\n")
_l(
    _j(
        "root@hestia:~# v-list-user studio",
        "USERNAME:       studio",
        "EMAIL:          studio@fernhill.art",
        "PACKAGE:        default",
        "WEB DOMAINS:    3",
    )
)
_l("  --password=<password>   Password of the new user (min. 8 characters, at least one digit)\n")
_l("$sql['password'] = ''; // set by the installer, see lib/userdata.inc.php.dist\n")
_l(
    _j(
        "root@OpenWrt:~# uci show wireless.guest",
        "wireless.guest=wifi-iface",
        "wireless.guest.ssid='Hazelnet-Guest'",
        "wireless.guest.encryption='owe'",
    )
)
_l(
    _j(
        "ubnt@edge:~$ show interfaces ethernet eth0 pppoe 0",
        " default-route auto",
        " mtu 1492",
        " name-server auto",
        " password ****************",
        " user-id fibre7729@isp.example",
    )
)
_l(
    _j(
        "Router> show username",
        "Username     Type    Logon Time  Timeout",
        "admin        admin   unlimited   00:30",
        "netops       admin   unlimited   00:30",
    )
)
_l(
    _j(
        "CP3N>LISTUSERS",
        "integrator   Administrator   Active",
        "frontdesk    User            Active",
    )
)
_l(
    _j(
        "ADS routes on CX-4A21F0:",
        "Name            AmsNetId           Address",
        "ENG-PC-07       5.74.33.20.1.1     192.168.10.7",
        "SCADA-01        5.74.33.30.1.1     192.168.10.30",
    )
)
_l(
    _j(
        "KNX devices (ETS export):",
        "1.1.12  MDT AKU-1616.03  Serial 0083:4F" + _F.hex(6).upper(),
        "1.1.13  MDT JAL-0810.02  Serial 0083:4F" + _F.hex(6).upper(),
    )
)
_l(
    _j(
        "# servertest.ini",
        "Password=",
        "RCONPort=27015",
        "RCONPassword=",
        "# leave RCONPassword empty to disable RCON",
    )
)
_l('<property name="ServerPassword" value=""/> <!-- empty = no password -->\n')
_l(
    _j(
        "# cluster_token.txt",
        "Paste the token from accounts.klei.com > Game Servers here (one line).",
    )
)
_l(
    _j(
        'hostname "Nettle Street RP"',
        'sv_password ""',
        "// rcon_password is set on the command line by the panel",
    )
)
_l("<RemoteSecurityKey></RemoteSecurityKey>\n")
_l("<graphics type='spice' autoport='yes' listen='127.0.0.1'/>\n")
_l(
    _j(
        "$ lxc config trust list",
        "+--------+-------------+--------------+",
        "|  TYPE  |    NAME     | FINGERPRINT  |",
        "| client | ops-laptop  | " + _F.hex(12) + " |",
    )
)
_l(
    _j(
        "ipaddress='10.40.0.5'",
        "username='fogproject'",
        "password=''   # generated by installfog.sh on first run",
    )
)
_l(
    "$ secret-tool store --label='rclone fernhill-b2' service rclone account "
    "fernhill-b2\nPassword: \n"
)
_l(_j("$ kwallet-query -l -f 'Passwords' kdewallet", "Mail", "rclone", "vdirsyncer"))
_l(
    _j(
        "Owncast admin > Server setup",
        "Stream keys:  live-main  ************  (click to reveal)",
        "RTMP port: 1935",
    )
)
_l("Environment=SYNC_USER1=<user>:<pass>\n")
_l(
    _j(
        "    clientID: headlamp",
        '    clientSecret: ""',
        "    existingSecret: headlamp-oidc",
        "    issuerURL: https://sso.lowtide.dev/realms/ops",
    )
)
_l(
    _j(
        "      access_key_id: ${S3_ACCESS_KEY_ID}",
        "      secret_access_key: ${S3_SECRET_ACCESS_KEY}",
        "# started with -config.expand-env=true",
    )
)
_l('curl_easy_setopt(h, CURLOPT_USERPWD, getenv("MIRROR_USERPWD"));\n')
_l(
    _j(
        "auth.type=kerberos",
        "auth.principal=ingest@GEO.LAB",
        "auth.token=/etc/security/keytabs/ingest.keytab",
    )
)

# Stored hashes presented as public fixtures, ids, digests
_l(
    _j(
        "-- seed.sql (public demo data of the Lapis forum example; the demo password is "
        "documented as 'demo')",
        "INSERT INTO users (name, password_hash) VALUES ('demo', '$2b$12$"
        + _r(53, AN + "./")
        + "');",
    )
)
_l(_j("$ sha256sum dayz-server-1.26.tar.gz", _F.sha256() + "  dayz-server-1.26.tar.gz"))
_l(_j("$ nix-hash --type sha256 --base32 ./owncast", _r(52, "0123456789abcdfghijklmnpqrsvwxyz")))
_l(
    _j(
        "Gitness pipeline execution #118",
        "commit " + _F.hex(40),
        "status: success   duration: 3m12s",
    )
)
_l(
    _j(
        "Tinkerbell workflow " + _F.uuid() + " state: STATE_SUCCESS",
        "hardware: rack4-u12  template: debian-bookworm",
    )
)
_l("Nextflow run name: nostalgic_turing  session id: " + _F.uuid() + "\n")
_l(
    _j(
        "Space Engineers world: SANDBOX_0_0_0_.sbs",
        "WorldId: " + _r(18, DIGITS),
        'ETag: "' + _F.hex(32) + '"',
    )
)
_l(_j("$ rook ceph status", "  cluster:", "    id:     " + _F.uuid(), "    health: HEALTH_OK"))
_l(
    _j(
        "$ duplicati-cli list-broken-files ...",
        "Backup ID: DB-3   fileset " + _r(14, DIGITS),
        "Verification hash: " + _F.b64(32),
    )
)
_l(
    _j(
        "$ bacula-sd -t -c /etc/bacula/bacula-sd.conf && echo ok",
        "ok",
        "Volume label: Full-0042   MediaId=" + _r(3, DIGITS),
    )
)
_l(
    _j(
        "X-Request-Id: " + _F.uuid(),
        "X-Correlation-Id: " + _F.hex(32),
        'ETag: W/"' + _F.hex(16) + '"',
    )
)
_l(
    _j(
        "HTTP/1.1 401 Unauthorized",
        'WWW-Authenticate: Bearer realm="stock", error="invalid_token", error_description="The '
        'access token expired"',
        "Content-Length: 0",
    )
)
_l(
    _j(
        "POST /hooks/release HTTP/1.1",
        "X-Hub-Signature-256: sha256=" + _F.hex(64),
        "X-GitHub-Delivery: " + _F.uuid(),
    )
)
_l("Digest: sha-256=:" + _F.b64(32) + ":\n")
_l(
    _j(
        '<input type="hidden" name="csrf_token" value="">',
        "<!-- Froxlor injects the token per request; none in the template -->",
    )
)

# Header contexts with references instead of values
_l(
    "$ ffuf -w tokens.txt -u https://staging.fernhill.art/api/me -H 'Authorization: Bearer FUZZ' "
    "-mc 200\n"
)
_l(
    _j(
        "    headers:",
        '      X-Api-Key: "{{api_key}}"',
        "variables:",
        "  api_key: \"{{env('NUCLEI_API_KEY')}}\"",
    )
)
_l(
    "$ fortio load -qps 50 -t 10s -H 'X-Request-Id: "
    + _F.uuid()
    + "' https://api.lowtide.dev/healthz\n"
)
_l(
    _j(
        "GET https://api.fernhill.art/v1/invoices?status=open HTTP/1.1",
        "authorization: Bearer [redacted by HTTP Toolkit]",
        "user-agent: Till/5.2 (Android 14)",
    )
)
_l(
    _j(
        "GET https://helpdesk.lowtide.dev/api/v1/tickets?state=open",
        "Authorization: Token token={{HELPDESK_TOKEN}}",
    )
)
_l('  .putHeader("X-Request-Id", UUID.randomUUID().toString())\n')
_l('    .header("Authorization", "Bearer ${System.getenv("STOCK_TOKEN")}")\n')
_l('  .header("X-Api-Key", sys.env("STOCK_API_KEY"))\n')
_l('  [{"Authorization", "Bearer " <> System.fetch_env!("STOCK_TOKEN")}]\n')
_l('  ("Authorization", "Bearer " ^ Sys.getenv "STOCK_TOKEN");\n')
_l('    ["Authorization" => "Bearer $(ENV["STOCK_TOKEN"])"])\n')
_l('  req_auth_bearer_token(Sys.getenv("STOCK_TOKEN")) |>\n')
_l("  {'X-Api-Key' => $ENV{STOCK_API_KEY}, Accept => 'application/json'});\n")
_l("  headers 'Authorization' => \"Bearer #{ENV.fetch('STOCK_TOKEN')}\"\n")
_l('    [Headers("Authorization: Bearer")]  // token added by AuthHeaderHandler\n')
_l('                           cpr::Header{{"X-Correlation-Id", "' + _F.uuid() + '"}});\n')
_l('req.setCredentials("Bearer", tokenProvider.current());\n')
_l(
    '  headers = { authorization = "Basic " .. mime.b64(os.getenv("PROBE_USER") .. ":" .. '
    'os.getenv("PROBE_PASS")) },\n'
)
_l("    headers: { Authorization: `Bearer ${useRuntimeConfig().stockToken}` },\n")
_l('\tHeaders = { ["X-Api-Key"] = HttpService:GetSecret("inv_api_key") },\n')

# Prose that talks about passwords without giving one (approximate phrasing)
_l(
    "Eh bro, the Plesk password I put inside the vault already lah, under ops/plesk — don't ask "
    "me in chat ok (Manglish)"
)
_l("Pare, nasa 1Password na yung Hestia admin password, sa 'Fernhill Ops' vault (Taglish)")
_l(
    "Ma broda, di DayZ admin password dey for di team vault, no ask me for WhatsApp (Cameroonian "
    "Pidgin)"
)
_l("Servus, as Bacula-Passwort steht im Vault unter ops/bacula, ned im Wiki (Bavarian)")
_l("Jung, dat KNIME-Passwoot steiht em Tresor, nit em Chat (Kölsch)")
_l("Bhaiji, Cockpit ku password Bitwarden ma ch, 'ops' folder ma (Garhwali, romanised)")
_l(".i lo japyvla be la'o zoi .webmin. cu zvati lo vorme be la .vault. (Lojban)")
_l("Wachalal, ri password richin ri Gurobi k'o pa ri Vault, man tatz'ibaj ta pa chat (Kaqchikel)")
_l("Mon frayr, li password pour li DokuWiki est dan li vault, dan ops/wiki (Michif)")
_l("Kaka, o password nu LXD am sidong du 1Password, ops vault (Ivatan)")
_l("Reminder: Zomboid RCON passwords must be at least 16 characters and are rotated every 90 days.")
_l(
    "I reset the Plesk password for jo@fernhill.art — she'll get a reset link by email, nothing "
    "to share here."
)
_l(
    "The default 7 Days to Die telnet password is empty, which is why the port is firewalled; set "
    "TelnetPassword in serverconfig.xml."
)
_l(
    "TICKET OPS-2302: kiosk login fixed. Password was reset with `passwd kiosk`; the new one is "
    "in the Ops vault, not in this ticket."
)
_l(
    "standup: rotated the Gitness admin password and the Redis password (both now in Vault under "
    "ci/gitness). No action needed."
)
_l(
    "Note for the ETS project: the project password and the commissioning password are different; "
    "both are in the Loxone/KNX 1Password vault."
)
_l(
    "Per the HugeGraph docs, the admin password is set with `bin/init-store.sh` on first start; "
    "we never store it in the repo."
)
