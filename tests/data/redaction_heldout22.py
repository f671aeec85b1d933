"""TWENTY-SECOND held-out redaction split. Frozen: never edit it to make a rule pass, never tune
on it.

Written blind, in one sitting, before any measurement of it. Its author read only: the first 95
lines of `redaction_corpus.py` (the `SecretCase` format); the module docstrings of
`redaction_heldout.py` and `redaction_heldout2.py` to `redaction_heldout21.py`, printed alone
through `ast.get_docstring` (to stay clear of their contexts; candidate tool, vendor and language
names were counted in those files with `grep -c`, which printed counts only); `fake_secrets.py`;
lines 73-332 of `redaction_heldout21.py` (its imports and helpers, up to and including its first
case, a Zellij layout holding a GitHub token), located by an `ast` listing of that module's
top-level statements that printed only node types and line ranges, no text; and the first 45
lines of `tests/test_redact_gate.py` (the loader). To use split 21's kind names, one import of
split 21 printed nothing but its two list sizes and the counts of its kind names (no text, secret
or case). Its author never read the rules (graphmem/), their description (docs/, README.md,
CHANGELOG.md, CONTRIBUTING.md), the benchmark (benchmarks/), the messages or diffs of any commit,
nor any other case of another split. Nothing was run on it but an import printing the two list
sizes, self-written checks that call no graphmem code (each secret occurs in its text, each
`keep` occurs and does not overlap a secret, kind names are split 21's, no duplicate texts or
secrets, no secret inside a look-alike) and `ruff check --fix` / `ruff format`; no redaction,
test or benchmark saw a case while it was written, so no case was kept or dropped for what the
rules do with it. The helpers are split 21's (plus `_j`, which joins lines, and `_indent`), with
a new seed and word list (after it was committed, its copies of split 21's generators were
replaced mechanically by the same ones in `fake_secrets.Fakes`, which draw the same numbers in the
same order: its SECRETS and LOOKALIKES compare equal; a lint message of that edit showed the one
who wired it in one line of one case, the Netmaker token after `netclient join -t`). The first
draft (281 secrets, 230 look-alikes) was cut to size mechanically, without any run, by a script
that parsed the draft with `ast` and executed nothing: every fourth connection-string entry
(13), every fifth config entry (16), every ninth prose entry (5), every sixth header entry (6)
and every fourth look-alike (57).

Families: prefixed provider tokens 37, private keys 24, connection strings 41, config syntaxes
and prose 109 (68 config, code and tool output, 41 prose), authorization and API-key headers 30;
173 look-alikes. A natural share of the secrets appears without a telling name beside it: a
password as a CLI positional argument (`filebrowser users add`, LimeSurvey `console.php
install`, `velociraptor user add`, `xo-cli register`, `transmission-remote -n user:pass`,
`rspamc -P`, `vpncmd /PASSWORD:`), a token after a bare flag (`netclient join -t`, `incus
remote add --token`, `rmmagent -auth`), a value printed alone on a line (`pritunl setup-key`, a
RustDesk `id_ed25519` read with `cat`), a first-start log or banner (qBittorrent's temporary
WebUI password, Stalwart's administrator password, Rauthy's generated admin password), a row of
a printed table (`zarf tools get-creds`) or of a credentials file (Deluge `auth`, OpenNebula
`one_auth`, OpenSMTPD `secrets`, Haraka `auth_flat_file.ini`), an `Authorization` value with no
scheme (Lithic's UUID key, a Trilium ETAPI token), a UUID that is a Postmark server token, or a
secret in a sentence of chat, a ticket, a PR review, an email or a standup note. Passwords mix
generated ones, passphrases, leetspeak and human-chosen words.

Contexts, in forms no earlier split lists: CI and build runners (Agola, Laminar, Hercules CI,
Copybara, moon, Hermit, pkgx, Flox, devenv, Apptainer, melange/apko); Kubernetes and config
tooling (Timoni, Kapitan, Tanka, cdk8s, werf, KEDA, Zarf, KServe, Keel, kpack, Longhorn, Gloo
`extauth`, Argo Events, Seldon, Harvester, Incus, OpenNebula, CloudStack, Xen Orchestra, oVirt);
config syntaxes and templating (RON, JSON5, NestedText, CSON, jinja2-cli, gomplate, confd,
consul-template, envsubst, Org-babel, R Markdown, EDN); init systems and schedulers (dinit, GNU
Shepherd, illumos SMF, Upstart, fcron, Jobber, Ofelia); logging and pipelines (Fluentd,
Promtail, rsyslog `ommysql`, NXLog, collectd, Redpanda Connect, SeaTunnel, Apache Camel,
Calcite, postgres_exporter, Cilium Hubble flows, Envoy access logs); job queues and workflow
engines (Faktory, Sidekiq, Hangfire, Cadence, Hatchet, Camunda 7); databases (FalkorDB,
JanusGraph, Datomic, XTDB, Citus, GreptimeDB, Quickwit, Chroma, SeaweedFS); the self-hosted
stack (qBittorrent, Deluge, Transmission, SABnzbd, NZBGet, File Browser, PhotoPrism, Seafile,
Memos, Teable, Ghostfolio, Actual Budget, Stirling-PDF, Gotenberg, Penpot, Twenty, SuiteCRM,
Typebot, Formbricks, Documenso, LimeSurvey, Gogs, GlitchTip, HyperDX, SearXNG, Whoogle,
changedetection.io, Shinobi, YunoHost), mail and chat servers (Stalwart, Maddy, Mailcow,
Haraka, OpenSMTPD, Rspamd, ejabberd, Openfire, Dendrite, Revolt, Matrix bots), remote access,
identity and fleet tools (Pritunl, SoftEther, Netmaker, Firezone, Warpgate, Guacamole,
JumpServer, MeshCentral, RustDesk, Tactical RMM, Fleet, Velociraptor, Psono,
Rauthy); HTTP testing and load tools (Mockoon, MockServer, Hoverfly, REST Assured, Step CI,
Tavern, Venom, httpyac, bombardier, h2load, Nighthawk, Caido); code in languages no earlier
split lists (Free Pascal with Synapse, Lazarus with ZeosLib, CHICKEN Scheme, Nemerle, Ren'Py
with a Game Jolt key, Zeek, Scilab, Nelua, ActionScript 3, Roc, Vyper via titanoboa, the ICP SDK
`dfx`); vendors (Lithic, Modern Treasury, Finicity, Mono, Bitget, Bitvavo, Angel One SmartAPI,
Hyperliquid, SiliconFlow, Reka, Oxylabs, Scrapfly, ScraperAPI, Buttondown, Telesign, Helcim,
HitPay, Postmark, Game Jolt); rpm signing keys. Prose secrets (approximate phrasing, romanised
where noted) in Louisiana Creole, Réunion Creole, Belizean Kriol, Bajan, Trinidadian Creole,
Solomon Islands Pijin, Torres Strait Creole, Australian Kriol, Palenquero, Kichwa, Plautdietsch,
Hunsrik, Kajkavian, Lemko, Arbëresh, Griko, Mazandarani, Zazaki, Hassaniya, Tarifit, Fante,
Tumbuka, Venda, Luhya, Taishanese, Hainanese, Isan, Banjar, Manado and Ambonese Malay, Batak
Toba, Kinaray-a, Chhattisgarhi, Dakhini and Nagamese, next to English chat, ticket, PR review,
email, standup and commit-note text. Its look-alikes are commit, run and job ids (Agola, Laminar,
Hercules CI, Copybara, moon, werf, kpack, Shipwright, KServe, Tactical RMM, Velociraptor),
digests and checksums (Zarf, Flox, Hermit, pkgx, apko, Apptainer SIF, Trivy, release checksums,
Nix store paths, ETags), public keys, certificates and fingerprints (RustDesk and Warpgate
public keys, host keys, a melange public key, certificates, a DKIM record, WireGuard public keys
in Netmaker and Firezone, an ICP principal, an Incus certificate fingerprint, an rpm
`gpg-pubkey`), record, order and payment ids of the same fintech and exchange APIs (Lithic and
Marqeta card tokens, Dwolla, Increase, Modern Treasury, Pluggy, Mono, Okra, Yapily, Brankas,
Bitget, Bitvavo, BitMEX, Upstox, Questrade, Helcim, HitPay), request ids, idempotency keys,
trace ids and Zeek uids, stored password hashes and ciphertexts meant to be kept (qBittorrent
PBKDF2, Rspamd, bcrypt, Gogs, EspoCRM, Django pbkdf2, sha512-crypt, Mailcow `{BLF-CRYPT}`,
Kettle `Encrypted`, Openfire encrypted values, werf encrypted values, sealed secrets,
ansible-vault), secret references (`${{ secrets.X }}`, Kapitan `?{...}`, KEDA
`secretTargetRef`, consul-template `with secret`, `${VAR}` interpolation), placeholders
and masked values (Trivy and JuiceFS output), AWS's documented example secret key, settings
named like secrets, connection strings and commands without a secret, versions, paths and ids
told in sentences, notes in several of the languages above saying where a password is kept, and
base64 and hex of harmless data.

Every secret is generated at import from a fixed seed of its own (fake, never a real
credential), so no token-shaped string is committed.
"""

from __future__ import annotations

import base64
import json

from tests.data.fake_secrets import (
    AN,
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
    "almond basalt cobalt delta ember flint garnet harbor indigo jetty kelp lagoon mesa "
    "nimbus onyx pylon quill reef saffron tundra umbra vireo willow yarrow zephyr "
    "birch coral dune fennel gravel heron ivy larch marram nutmeg oriole pumice"
).split()
_F = Fakes(22_0422_2026, _WORDS)
_r = _F.r
_pick = _F.rng.choice

SECRETS: list[SecretCase] = []
LOOKALIKES: list[str] = []


def _s(text: str, secrets: str | tuple[str, ...], kinds: str | tuple[str, ...], *keep: str) -> None:
    SECRETS.append(_case(text, secrets, kinds, *keep))


def _l(text: str) -> None:
    LOOKALIKES.append(text)


def _j(*ls: str) -> str:
    """Lines of a file or a terminal, joined as they were printed."""
    return "\n".join(ls) + "\n"


_RSA1 = b"\x30\x82\x04\xa4\x02\x01\x00\x02\x82\x01\x01\x00"
_RSA8 = b"\x30\x82\x04\xbe\x02\x01\x00\x30\x0d\x06\x09\x2a\x86\x48\x86\xf7\x0d\x01\x01\x01\x05\x00"


def _indent(block: str, pad: str) -> str:
    return "\n".join(pad + ln for ln in block.split("\n"))


_FAMILIES: dict[str, int] = {}


def _family(name: str) -> None:
    _FAMILIES[name] = len(SECRETS)


# ---------------------------------------------------------------------------------------------
# Prefixed provider tokens (documented prefixes and shapes, random bodies)
# ---------------------------------------------------------------------------------------------
_family("prefixed")

_t = _F.ghp()
_s(
    _j(
        "// .agola/config.jsonnet",
        "{",
        "  runs: [{",
        "    name: 'release',",
        "    tasks: [{",
        "      name: 'publish',",
        "      runtime: { containers: [{ image: 'golang:1.23-bookworm' }] },",
        f"      environment: {{ GITHUB_TOKEN: '{_t}' }},",
        "      steps: [{ type: 'clone' }, { type: 'run', command: 'goreleaser release --clean' }],",
        "    }],",
        "  }],",
        "}",
    ),
    _t,
    "github_token",
    "golang:1.23-bookworm",
)

_t = _F.glpat()
_s(
    _j(
        "#!/bin/bash -eu",
        "# /var/lib/laminar/cfg/jobs/release.run",
        f"export GITLAB_TOKEN={_t}",
        'glab release create "v$RUN" ./dist/*.tar.gz --notes-file CHANGES.md',
        "laminarc set RELEASED=$RUN",
    ),
    _t,
    "gitlab_token",
    "laminarc set RELEASED=$RUN",
)

_t = _F.sk_proj()
_s(
    _j(
        "$ sudo cat /var/lib/hercules-ci-agent/secrets/secrets.json",
        "{",
        '  "openai-eval": {',
        '    "kind": "Secret",',
        f'    "data": {{ "apiKey": "{_t}" }},',
        '    "condition": { "and": ["isDefaultBranch", { "isOwner": "acme-labs" }] }',
        "  }",
        "}",
    ),
    _t,
    "openai_key",
    "isDefaultBranch",
    "acme-labs",
)

_t = _F.xoxb()
_s(
    _j(
        "// timoni/bundles/notifier.cue",
        "bundle: {",
        '\tapiVersion: "v1alpha1"',
        '\tname:       "notifier"',
        "\tinstances: notifier: values: {",
        '\t\timage: tag: "1.4.2"',
        "\t\tslack: {",
        '\t\t\tchannel:  "#deploys"',
        f'\t\t\tbotToken: "{_t}"',
        "\t\t}",
        "\t}",
        "}",
    ),
    _t,
    "slack_token",
    "#deploys",
)

_t = _F.stripe()
_s(
    _j(
        "# inventory/targets/payments-prod.yml",
        "classes:",
        "  - common",
        "  - components.billing",
        "parameters:",
        "  kapitan:",
        "    vars:",
        "      target: payments-prod",
        "  billing:",
        "    stripe:",
        f"      secret_key: {_t}",
        "    namespace: payments",
    ),
    _t,
    "stripe_key",
    "components.billing",
)

_t = _F.sk_ant()
_s(
    _j(
        "// environments/prod/main.jsonnet",
        "local k = import 'k.libsonnet';",
        "local container = k.core.v1.container;",
        "{",
        "  summarizer: {",
        "    container:: container.new('summarizer', 'registry.acme.dev/summarizer:0.9.3')",
        "      + container.withEnv([",
        f"        k.core.v1.envVar.new('ANTHROPIC_API_KEY', '{_t}'),",
        "        k.core.v1.envVar.new('MAX_WORKERS', '4'),",
        "      ]),",
        "  },",
        "}",
    ),
    _t,
    "anthropic_key",
    "k.core.v1.envVar.new('MAX_WORKERS', '4')",
)

_t, _t2 = _F.akia(), _F.aws_secret()
_s(
    _j(
        "// src/main.ts (cdk8s)",
        "new kplus.Deployment(this, 'exporter', {",
        "  containers: [{",
        "    image: 'ghcr.io/acme/s3-exporter:2.3.0',",
        "    envVariables: {",
        f"      AWS_ACCESS_KEY_ID: kplus.EnvValue.fromValue('{_t}'),",
        f"      AWS_SECRET_ACCESS_KEY: kplus.EnvValue.fromValue('{_t2}'),",
        "      AWS_REGION: kplus.EnvValue.fromValue('eu-north-1'),",
        "    },",
        "  }],",
        "});",
    ),
    (_t, _t2),
    ("aws_access_key", "aws_secret_key"),
    "eu-north-1",
)

_t = _F.aiza()
_s(
    _j(
        "  512  werf converge --repo registry.acme.dev/geo --env staging \\",
        f"         --set-string app.geocoder.googleKey={_t}",
        "  513  werf helm get values geo-staging",
    ),
    _t,
    "google_api_key",
    "werf helm get values geo-staging",
)

_t = _F.github_pat()
_s(
    _j(
        "apiVersion: v1",
        "kind: Secret",
        "metadata:",
        "  name: github-runner-pat",
        "  namespace: ci",
        "stringData:",
        f"  personalAccessToken: {_t}",
        "---",
        "apiVersion: keda.sh/v1alpha1",
        "kind: TriggerAuthentication",
        "metadata:",
        "  name: github-runner-auth",
        "  namespace: ci",
        "spec:",
        "  secretTargetRef:",
        "    - parameter: personalAccessToken",
        "      name: github-runner-pat",
        "      key: personalAccessToken",
    ),
    _t,
    "github_token",
    "keda.sh/v1alpha1",
)

_t = "sk-or-v1-" + _F.hex(64)
_s(
    _j(
        "$ zarf package deploy zarf-package-chat-amd64-0.3.1.tar.zst --confirm \\",
        f"    --set OPENROUTER_API_KEY={_t} --set REPLICAS=2",
    ),
    _t,
    "secret",
    "zarf package deploy",
)

_t = "npm_" + _r(36)
_s(
    _j(
        "# packages/ui/moon.yml",
        "tasks:",
        "  publish:",
        "    command: 'npm publish --access public'",
        "    deps: ['build']",
        "    env:",
        f"      NPM_TOKEN: '{_t}'",
        "    options:",
        "      runInCI: false",
    ),
    _t,
    "secret",
    "npm publish --access public",
)

_t = "gho_" + _r(36)
_s(
    _j(
        "# bin/hermit.hcl",
        'description = "acme monorepo toolchain"',
        "env = {",
        '  "GOPRIVATE": "github.com/acme/*",',
        f'  "GITHUB_TOKEN": "{_t}",',
        "}",
        'sources = ["https://github.com/cashapp/hermit-packages.git"]',
    ),
    _t,
    "github_token",
    "github.com/acme/*",
)

_t = (
    "sntrys_"
    + b64url_json(
        {
            "iat": 1745308800.41,
            "url": "https://sentry.io",
            "region_url": "https://de.sentry.io",
            "org": "acme",
        }
    )
    + "_"
    + _r(43, URLSAFE)
)
_s(
    _j(
        "# pkgx.yaml",
        "dependencies:",
        "  - nodejs.org@20",
        "  - getsentry.com/sentry-cli",
        "env:",
        f"  SENTRY_AUTH_TOKEN: {_t}",
        "  SENTRY_ORG: acme",
    ),
    _t,
    "secret",
    "nodejs.org@20",
)

_t = "pul-" + _F.hex(40)
_s(
    _j(
        "# .flox/env/manifest.toml",
        "version = 1",
        "",
        "[install]",
        'pulumi.pkg-path = "pulumi"',
        'nodejs.pkg-path = "nodejs_20"',
        "",
        "[vars]",
        f'PULUMI_ACCESS_TOKEN = "{_t}"',
        'PULUMI_BACKEND_URL = "https://api.pulumi.com"',
    ),
    _t,
    "secret",
    "[vars]",
)

_t = "dop_v1_" + _F.hex(64)
_s(
    _j(
        "# devenv.nix",
        "{ pkgs, ... }: {",
        "  packages = [ pkgs.doctl pkgs.kubectl ];",
        f'  env.DIGITALOCEAN_ACCESS_TOKEN = "{_t}";',
        '  enterShell = "doctl kubernetes cluster kubeconfig save ams3-prod";',
        "}",
    ),
    _t,
    "secret",
    "pkgs.doctl",
)

_id = base64.b64encode(str(_F.rng.randrange(10**17, 10**18)).encode()).decode().rstrip("=")
_t = f"{_id}.{_r(6, URLSAFE)}.{_r(38, URLSAFE)}"
_s(
    _j(
        "// config.ron",
        "(",
        '    bind: "0.0.0.0:8080",',
        "    discord: (",
        f'        token: "{_t}",',
        "        guild_id: 1093846127754207312,",
        '        prefix: "!",',
        "    ),",
        ")",
    ),
    _t,
    "secret",
    'bind: "0.0.0.0:8080"',
)

_t = "lin_api_" + _r(40)
_s(
    _j(
        "// config/local.json5 (node-config, never commit)",
        "{",
        "  port: 4010,",
        "  linear: {",
        f"    apiKey: '{_t}',",
        "    teamKey: 'OPS',",
        "  },",
        "}",
    ),
    _t,
    "secret",
    "port: 4010",
)

_t = f"SG.{_r(22, URLSAFE)}.{_r(43, URLSAFE)}"
_s(
    _j(
        "# settings.nt",
        "database:",
        "    host: db.internal",
        "    name: newsletter",
        "sendgrid:",
        f"    api key: {_t}",
        "    from: news@acme.example",
    ),
    _t,
    "secret",
    "db.internal",
)

_t = "ghu_" + _r(36)
_s(
    _j(
        "# ~/.pulsar/config.cson",
        '"*":',
        "  core:",
        '    telemetryConsent: "no"',
        '  "github-pulsar":',
        f'    token: "{_t}"',
        '    username: "rmarsh"',
    ),
    _t,
    "github_token",
    'username: "rmarsh"',
)

_t = _F.sk_proj()
_s(
    _j(
        f"$ jinja2 deploy/app.env.j2 -D openai_key={_t} -D env=staging > .env",
        "$ wc -l .env",
        "14 .env",
    ),
    _t,
    "openai_key",
    "deploy/app.env.j2",
)

_t = _F.glpat()
_s(
    _j(
        f"GITLAB_TOKEN={_t} gomplate -f ci/pipeline.yml.tmpl -o .gitlab-ci.yml \\",
        "  -d projects=ci/projects.yaml",
    ),
    _t,
    "gitlab_token",
    "gomplate -f ci/pipeline.yml.tmpl",
)

_t = f"xapp-1-A{_r(10, UPPER_AN)}-{_r(13, DIGITS)}-{_F.hex(64)}"
_s(
    _j(
        f"$ SLACK_APP_TOKEN={_t} confd -onetime -backend env",
        "2025-04-22T09:14:03Z ops-2 confd[4121]: INFO Backend set to env",
        "2025-04-22T09:14:03Z ops-2 confd[4121]: INFO Target config /etc/bolt/app.toml in sync",
    ),
    _t,
    "slack_token",
    "-backend env",
)

_t = _F.stripe("rk_live_")
_s(
    _j(
        '$ consul-template -template "billing.ctmpl:/run/billing.env" -once',
        "$ cat /run/billing.env",
        "BILLING_MODE=live",
        f"STRIPE_RESTRICTED_KEY={_t}",
        "BILLING_WEBHOOK_PATH=/hooks/stripe",
    ),
    _t,
    "stripe_key",
    "BILLING_WEBHOOK_PATH=/hooks/stripe",
)

_t = _F.sk_ant()
_s(
    _j(
        f"ANTHROPIC_API_KEY={_t} \\",
        "  envsubst < litellm.tmpl.yaml > litellm.yaml && litellm --config litellm.yaml",
    ),
    _t,
    "anthropic_key",
    "litellm --config litellm.yaml",
)

_t = _F.ghp()
_s(
    _j(
        f"$ trivy image --username rmarsh --registry-token {_t} \\",
        "    --severity HIGH,CRITICAL ghcr.io/acme/api:1.8.0",
        "2025-04-22T10:02:11+02:00\tINFO\tVulnerability scanning is enabled",
    ),
    _t,
    "github_token",
    "--severity HIGH,CRITICAL",
)

_t = "hf_" + _r(34)
_s(
    _j(
        "Bootstrap: docker",
        "From: nvcr.io/nvidia/pytorch:24.03-py3",
        "",
        "%environment",
        f"    export HF_TOKEN={_t}",
        "    export HF_HOME=/scratch/hf",
        "",
        "%runscript",
        '    exec python /opt/train.py "$@"',
    ),
    _t,
    "secret",
    "%runscript",
)

_t = "ghs_" + _r(36)
_s(
    _j(
        "# melange.yaml",
        "package:",
        "  name: acme-agent",
        "  version: 0.7.2",
        "environment:",
        "  environment:",
        "    GOPRIVATE: github.com/acme",
        f"    GH_TOKEN: {_t}",
        "pipeline:",
        "  - uses: go/build",
        "    with:",
        "      packages: ./cmd/agent",
    ),
    _t,
    "github_token",
    "uses: go/build",
)

_t, _t2 = _F.akia(), _F.aws_secret()
_s(
    _j(
        f"incus config set backup-runner environment.AWS_ACCESS_KEY_ID {_t}",
        f"incus config set backup-runner environment.AWS_SECRET_ACCESS_KEY {_t2}",
        "incus restart backup-runner",
    ),
    (_t, _t2),
    ("aws_access_key", "aws_secret_key"),
    "incus restart backup-runner",
)

_t = _F.xoxp()
_s(
    _j(
        "* Post the weekly digest",
        f'#+begin_src sh :var TOKEN="{_t}" :results silent',
        'curl -s -F channel=C04TEAMOPS -F text="$(cat digest.md)" \\',
        '  -H "Authorization: Bearer $TOKEN" https://slack.com/api/chat.postMessage',
        "#+end_src",
    ),
    _t,
    "slack_token",
    "#+begin_src sh",
)

_t = _F.aiza()
_s(
    _j(
        "```{r setup, include=FALSE}",
        "library(ggmap)",
        f'register_google(key = "{_t}")',
        "```",
    ),
    _t,
    "google_api_key",
    "library(ggmap)",
)

_t = "ghs_" + _r(36)
_s(
    _j(
        "# copy.bara.sky",
        "core.workflow(",
        '    name = "export",',
        "    destination = git.github_pr_destination(",
        f'        url = "https://x-access-token:{_t}@github.com/acme/sdk-public.git",',
        '        destination_ref = "main",',
        "    ),",
        '    authoring = authoring.pass_thru("Acme Bot <bot@acme.example>"),',
        ")",
    ),
    _t,
    "github_token",
    "git.github_pr_destination",
)

_t, _t2 = _F.akia(), _F.aws_secret()
_s(
    _j(
        "# connect.yaml (Redpanda Connect)",
        "output:",
        "  aws_s3:",
        "    bucket: acme-clickstream",
        "    path: 'events/${! timestamp_unix() }.jsonl'",
        "    region: us-east-2",
        "    credentials:",
        f"      id: {_t}",
        f"      secret: {_t2}",
    ),
    (_t, _t2),
    ("aws_access_key", "aws_secret_key"),
    "acme-clickstream",
)

_t = _F.hex(32)
_s(
    _j(
        "<match app.**>",
        "  @type datadog",
        f"  api_key {_t}",
        "  dd_source ruby",
        "  service checkout",
        "</match>",
    ),
    _t,
    "secret",
    "@type datadog",
)

_t = (
    "glc_"
    + base64.b64encode(
        json.dumps(
            {"o": str(_F.rng.randrange(10**5, 10**6)), "n": "promtail-push", "k": _r(24)},
            separators=(",", ":"),
        ).encode()
    ).decode()
)
_s(
    _j(
        "clients:",
        "  - url: https://logs-prod-012.grafana.net/loki/api/v1/push",
        "    basic_auth:",
        "      username: 918273",
        f"      password: {_t}",
        "scrape_configs:",
        "  - job_name: journal",
    ),
    _t,
    "secret",
    "username: 918273",
)

_t = _F.stripe()
_s(
    _j(
        "  billing-sync:",
        "    image: ghcr.io/acme/billing-sync:3.1",
        "    labels:",
        '      ofelia.enabled: "true"',
        '      ofelia.job-exec.sync.schedule: "@every 15m"',
        f'      ofelia.job-exec.sync.command: "billing-sync --api-key {_t} --since 20m"',
    ),
    _t,
    "stripe_key",
    "ofelia.job-exec.sync.schedule",
)

_t = f"sk-ant-admin01-{_r(93, URLSAFE)}AA"
_s(
    _j(
        "apiVersion: serving.kserve.io/v1beta1",
        "kind: InferenceService",
        "metadata:",
        "  name: usage-reporter",
        "spec:",
        "  predictor:",
        "    containers:",
        "      - name: kserve-container",
        "        image: registry.acme.dev/usage-reporter:0.4",
        "        env:",
        "          - name: ANTHROPIC_ADMIN_KEY",
        f"            value: {_t}",
    ),
    _t,
    "anthropic_key",
    "serving.kserve.io/v1beta1",
)

_t = "syt_" + base64.b64encode(b"ops-bot").decode().rstrip("=") + "_" + _r(20) + "_" + _r(6)
_s(
    _j(
        ";; /etc/shepherd/matrix-notifier.scm",
        "(service '(matrix-notifier)",
        "  #:start (make-forkexec-constructor",
        '           (list "/usr/bin/matrix-notifier" "--room" "#ops:acme.example")',
        "           #:environment-variables",
        f'           (list "MATRIX_ACCESS_TOKEN={_t}"))',
        "  #:stop (make-kill-destructor))",
    ),
    _t,
    "secret",
    "#ops:acme.example",
)

# ---------------------------------------------------------------------------------------------
# Private keys
# ---------------------------------------------------------------------------------------------
_family("private_keys")

_k, _ks = _F.rsa()
_s(
    _j(
        "# server.config.yaml (velociraptor config generate)",
        "Frontend:",
        "  hostname: vr.acme.example",
        "  bind_port: 8000",
        "  certificate: /etc/velociraptor/frontend.crt",
        "  private_key: |",
        _indent(_k, "    "),
        "  dyn_dns: {}",
    ),
    _ks,
    "private_key",
    "vr.acme.example",
)

_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    _j("$ cat meshcentral-data/agentserver-cert-private.key", _k),
    _ks,
    "private_key",
    "meshcentral-data/agentserver-cert-private.key",
)

_t = base64.b64encode(_F.raw(64)).decode()
_s(
    _j(
        "root@relay:~# ls /opt/rustdesk",
        "db_v2.sqlite3  hbbr  hbbs  id_ed25519  id_ed25519.pub",
        "root@relay:~# cat /opt/rustdesk/id_ed25519",
        _t,
    ),
    _t,
    "private_key",
    "db_v2.sqlite3",
)

_k, _ks = _F.rsa()
_s(
    _j(
        "# /opt/stalwart/etc/config.toml",
        '[signature."rsa-acme-example"]',
        'algorithm = "rsa-sha256"',
        'domain = "acme.example"',
        'selector = "202504r"',
        "private-key = '''",
        _k,
        "'''",
    ),
    _ks,
    "private_key",
    'selector = "202504r"',
)

_k, _t = _F.ed25519()
_s(
    _j(
        "$ ls /var/lib/maddy/dkim_keys/",
        "acme.example_default.dns  acme.example_default.key",
        "$ cat /var/lib/maddy/dkim_keys/acme.example_default.key",
        _k,
    ),
    _t,
    "private_key",
    "acme.example_default.dns",
)

_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    '$ curl -s -H "X-API-Key: $MAILCOW_RO" https://mail.acme.example/api/v1/get/dkim/acme.example\n'
    '{"pubkey":"MIIBIjANBgkqhkiG9w0BAQEFAAOCAQ8AMIIBCgKCAQEA","length":"2048",'
    '"dkim_selector":"dkim","privkey":"' + escaped(_k) + '"}\n',
    _ks,
    "private_key",
    '"dkim_selector":"dkim"',
)

_k, _ks = _F.rsa()
_s(
    _j(
        "$ cat config/dkim/acme.example/selector",
        "mar2025",
        "$ cat config/dkim/acme.example/private",
        _k,
        "$ ls config/dkim/acme.example/",
        "dns  private  public  selector",
    ),
    _ks,
    "private_key",
    "config/dkim/acme.example/selector",
)

_c = _F.cert()
_k, _ks = _F.ec()
_s(
    _j("# cat /etc/ejabberd/xmpp.acme.example.pem", _c, _k),
    _ks,
    "private_key",
    "/etc/ejabberd/xmpp.acme.example.pem",
)

_t = base64.b64encode(_RSA1 + _F.raw(1180)).decode()
_s(
    _j(
        "# vpn_server.config",
        "declare root",
        "{",
        "\tdeclare ServerConfiguration",
        "\t{",
        "\t\tbool AutoSaveConfigSpan 300",
        "\t\tuint MaxConcurrentDnsClientThreads 512",
        f"\t\tbyte ServerKey {_t}",
        "\t\tstring ServerLogSwitchType Day",
        "\t}",
        "}",
    ),
    _t,
    "private_key",
    "MaxConcurrentDnsClientThreads",
)

_k, _ks = _F.openssh()
_s(
    "INSERT INTO guacamole_connection_parameter (connection_id, parameter_name, parameter_value)\n"
    "VALUES (7, 'hostname', 'build-03.lan'), (7, 'username', 'deploy'),\n"
    "       (7, 'private-key', '" + _k + "\n');\n",
    _ks,
    "private_key",
    "guacamole_connection_parameter",
    "build-03.lan",
)

_k, _ks = _F.openssh(380)
_s(
    "name,address,platform,username,private_key,comment\n"
    'db-replica-2,10.20.4.12,Linux,ops,"' + _k + '",imported from old bastion\n',
    _ks,
    "private_key",
    "imported from old bastion",
)

_k, _ks = _F.openssh()
_s(
    _j("$ docker exec warpgate cat /data/ssh-keys/client-ed25519", _k),
    _ks,
    "private_key",
    "/data/ssh-keys/client-ed25519",
)

_k, _ks = _F.ec()
_s(
    _j(
        "$ dfx identity export ci-deployer",
        _k,
        "$ dfx identity get-principal --identity ci-deployer",
        "2vxsx-fae",
    ),
    _ks,
    "private_key",
    "dfx identity get-principal",
)

_t = "0x" + _F.hex(64)
_addr = "0x" + _F.hex(40)
_s(
    _j(
        "// examples/config.json (hyperliquid-python-sdk)",
        "{",
        '  "comments": "agent wallet for the market-maker, testnet first",',
        f'  "secret_key": "{_t}",',
        f'  "account_address": "{_addr}",',
        '  "multi_sig": { "authorized_users": [] }',
        "}",
    ),
    _t,
    "private_key",
    _addr,
)

_t = _F.hex(64)
_s(
    _j(
        "# scripts/deploy_vault.py (titanoboa)",
        "import boa",
        "from eth_account import Account",
        "",
        'boa.set_network_env("https://sepolia.base.org")',
        f'boa.env.add_account(Account.from_key("0x{_t}"))',
        'vault = boa.load("contracts/Vault.vy", 86400)',
    ),
    _t,
    "private_key",
    "contracts/Vault.vy",
)

_body = base64.b64encode(_RSA8 + _F.raw(1192 - len(_RSA8))).decode()
_ls = lines(_body)
_s(
    "const\n"
    "  // signing key for licence files, see docs/licensing.md\n"
    "  LicenceKey =\n"
    "    '-----BEGIN PRIVATE KEY-----' + LineEnding +\n"
    + "".join(f"    '{ln}' + LineEnding +\n" for ln in _ls)
    + "    '-----END PRIVATE KEY-----';\n",
    (_ls[1], _ls[-2]),
    "private_key",
    "docs/licensing.md",
)

_k, _t = _F.ed25519()
_ek = _k.split("\n")
_s(
    _j(
        ";; webhook-signer.scm (CHICKEN 5)",
        "(import (chicken base) openssl)",
        "(define signing-key",
        '  (string-append "' + _ek[0] + '\\n"',
        '                 "' + _ek[1] + '\\n"',
        '                 "' + _ek[2] + '\\n"))',
    ),
    _t,
    "private_key",
    "(chicken base)",
)

_k, _ks = _F.openssh()
_s(
    _j(
        "Bootstrap: docker",
        "From: debian:bookworm-slim",
        "",
        "%post",
        "    mkdir -p /root/.ssh && chmod 700 /root/.ssh",
        "    cat > /root/.ssh/id_ed25519 <<'EOF'",
        _k,
        "EOF",
        "    chmod 600 /root/.ssh/id_ed25519",
    ),
    _ks,
    "private_key",
    "chmod 700 /root/.ssh",
)

_k, _ks = _F.openssh()
_s(
    _j(
        "** deploy key for the docs mirror",
        "#+begin_src conf :tangle ~/.ssh/docs_mirror :tangle-mode (identity #o600)",
        _k,
        "#+end_src",
    ),
    _ks,
    "private_key",
    "~/.ssh/docs_mirror",
)

_k, _ks = _F.rsa()
_s(
    _j(
        "$ kapitan refs --reveal -f refs/targets/edge/tls_key",
        _k,
    ),
    _ks,
    "private_key",
    "refs/targets/edge/tls_key",
)

_k, _ks = _F.rsa()
_s(
    _j("[root@engine ~]# cat /etc/pki/ovirt-engine/keys/engine_id_rsa", _k),
    _ks,
    "private_key",
    "/etc/pki/ovirt-engine/keys/engine_id_rsa",
)

_k, _ks = _F.rsa()
_s(
    _j(
        "$ melange keygen",
        "2025/04/22 11:40:12 INFO generating keypair with a 4096 bit prime, please wait...",
        "2025/04/22 11:40:14 INFO wrote private key to melange.rsa",
        "2025/04/22 11:40:14 INFO wrote public key to melange.rsa.pub",
        "$ cat melange.rsa",
        _k,
    ),
    _ks,
    "private_key",
    "melange.rsa.pub",
)

_k, _ks = _F.pgp(comment="Comment: rpm signing, acme-repo 2025")
_s(
    _j(
        "$ cat ~/.rpmmacros",
        "%_signature gpg",
        "%_gpg_name Acme Repo Signing <rpm@acme.example>",
        "$ cat rpm-signing.asc",
        _k,
    ),
    _ks,
    "private_key",
    "%_signature gpg",
)

_k, _ks = _F.rsa("PRIVATE KEY")
_s(
    '{"level":"debug","ts":"2025-04-22T12:01:33.812Z","logger":"glitchtip.event",'
    '"breadcrumb":"loaded credentials","data":{"type":"service_account",'
    '"project_id":"acme-analytics","private_key_id":"' + _F.hex(40) + '",'
    '"private_key":"' + escaped(_k) + '"}}\n',
    _ks,
    "private_key",
    "acme-analytics",
)

# ---------------------------------------------------------------------------------------------
# Connection strings, DSNs and URIs
# ---------------------------------------------------------------------------------------------
_family("connection_strings")

_p = _F.url_password()
_s(
    _j(
        "# /etc/default/acme-worker",
        f"FAKTORY_URL=tcp://:{_p}@faktory.internal:7419",
        "FAKTORY_QUEUES=critical,default,bulk",
    ),
    _p,
    "password",
    "faktory.internal:7419",
)

_p = _F.url_password(24)
_s(
    _j(
        "# config/initializers/sidekiq.rb",
        "Sidekiq.configure_server do |config|",
        f'  config.redis = {{ url: "redis://:{_p}@redis-jobs.internal:6379/2", '
        "network_timeout: 5 }",
        "end",
    ),
    _p,
    "password",
    "Sidekiq.configure_server",
    "redis-jobs.internal:6379/2",
)

_p = _F.password()
_s(
    _j(
        '  "ConnectionStrings": {',
        '    "HangfireConnection": "Server=sql01.corp.lan;Database=Hangfire;User Id=hangfire;'
        f'Password={_p};TrustServerCertificate=True"',
        "  },",
    ),
    _p,
    "password",
    "User Id=hangfire",
)


_p = _F.any_password()
_s(
    _j(
        "persistence:",
        "  defaultStore: cass-default",
        "  datastores:",
        "    cass-default:",
        "      nosql:",
        "        pluginName: cassandra",
        "        hosts: cass-1.internal,cass-2.internal",
        "        keyspace: cadence",
        "        user: cadence",
        f'        password: "{_p}"',
    ),
    _p,
    "password",
    "pluginName: cassandra",
)

_p = _F.url_password()
_s(
    _j(
        "  hatchet-lite:",
        "    image: ghcr.io/hatchet-dev/hatchet/hatchet-lite:v0.55.0",
        "    environment:",
        f'      DATABASE_URL: "postgresql://hatchet:{_p}@postgres:5432/hatchet?sslmode=disable"',
        '      SERVER_AUTH_COOKIE_DOMAIN: "localhost"',
    ),
    _p,
    "password",
    "hatchet-lite:v0.55.0",
)

_p, _p2 = _F.password(), _F.human()
_s(
    _j(
        "# src/main/resources/application.properties (Camunda 7 run)",
        "spring.datasource.url=jdbc:postgresql://pg-bpm.internal:5432/camunda",
        "spring.datasource.username=camunda",
        f"spring.datasource.password={_p}",
        "camunda.bpm.admin-user.id=ops",
        f"camunda.bpm.admin-user.password={_p2}",
    ),
    (_p, _p2),
    "password",
    "camunda.bpm.admin-user.id=ops",
)


_p = _F.url_password()
_s(
    _j(
        "# .env (teable)",
        "TIMEZONE=Europe/Tallinn",
        f"PRISMA_DATABASE_URL=postgresql://teable:{_p}@teable-db:5432/teable",
        "PUBLIC_ORIGIN=https://tables.acme.example",
    ),
    _p,
    "password",
    "PUBLIC_ORIGIN=https://tables.acme.example",
)

_p = _F.url_password(18)
_s(
    _j(
        "ExecStart=/usr/local/bin/memos --mode prod --port 5230 --driver mysql \\",
        f"    --dsn 'memos:{_p}@tcp(mysql.lan:3306)/memos_prod'",
    ),
    _p,
    "password",
    "--driver mysql",
)

_p = _F.any_password()
_s(
    _j(
        "# conf/seafile.conf",
        "[database]",
        "type = mysql",
        "host = 127.0.0.1",
        "port = 3306",
        "user = seafile",
        f"password = {_p}",
        "db_name = seafile_db",
        "connection_charset = utf8",
    ),
    _p,
    "password",
    "db_name = seafile_db",
)


_p = _F.url_password()
_s(
    _j(
        "    environment:",
        '      PHOTOPRISM_DATABASE_DRIVER: "mysql"',
        f'      PHOTOPRISM_DATABASE_DSN: "photoprism:{_p}@tcp(mariadb:3306)/photoprism'
        '?charset=utf8mb4,utf8&collation=utf8mb4_unicode_ci&parseTime=true"',
    ),
    _p,
    "password",
    "PHOTOPRISM_DATABASE_DRIVER",
)

_p = _F.url_password()
_s(
    _j(
        "# glitchtip.env",
        f"DATABASE_URL=postgres://glitchtip:{_p}@pg.internal:5432/glitchtip",
        "GLITCHTIP_DOMAIN=https://errors.acme.example",
        "CELERY_WORKER_AUTOSCALE=1,3",
    ),
    _p,
    "password",
    "CELERY_WORKER_AUTOSCALE=1,3",
)

_p = _F.url_password(22)
_s(
    _j(
        "hyperdx-app  | [env] MONGO_URI="
        f"mongodb://hyperdx:{_p}@mongo-0.mongo:27017/hyperdx?authSource=admin",
        "hyperdx-app  | Listening on :8000",
    ),
    _p,
    "password",
    "authSource=admin",
)


_p = _F.password()
_s(
    _j(
        "fleet serve \\",
        "  --mysql_address=mysql.fleet.svc:3306 --mysql_database=fleet \\",
        f"  --mysql_username=fleet --mysql_password='{_p}' \\",
        "  --redis_address=redis.fleet.svc:6379 --server_tls=false",
    ),
    _p,
    "password",
    "--mysql_username=fleet",
)

_p = _F.url_password()
_s(
    _j(
        "# twenty/.env",
        "SERVER_URL=https://crm.acme.example",
        f"PG_DATABASE_URL=postgres://twenty:{_p}@twenty-db:5432/default",
        "REDIS_URL=redis://twenty-redis:6379",
    ),
    _p,
    "password",
    "redis://twenty-redis:6379",
)

_p = _F.url_password()
_s(
    _j(
        f'NEXT_PRIVATE_DATABASE_URL="postgres://documenso:{_p}@db:5432/documenso"',
        'NEXT_PRIVATE_DIRECT_DATABASE_URL="${NEXT_PRIVATE_DATABASE_URL}"',
    ),
    _p,
    "password",
    'NEXT_PRIVATE_DIRECT_DATABASE_URL="${NEXT_PRIVATE_DATABASE_URL}"',
)


_p = _F.password()
_s(
    _j(
        '    { "name": "ORDERS", "type": "custom",',
        '      "factory": "org.apache.calcite.adapter.jdbc.JdbcSchema$Factory",',
        '      "operand": { "jdbcDriver": "com.mysql.cj.jdbc.Driver",',
        '        "jdbcUrl": "jdbc:mysql://orders-db.internal/orders",',
        f'        "jdbcUser": "calcite", "jdbcPassword": "{_p}" }} }}',
    ),
    _p,
    "password",
    '"jdbcUser": "calcite"',
)

_p = _F.url_password(14)
_s(
    _j(
        'from("timer:poll?period=300000")',
        f'  .pollEnrich("ftp://camel@ftp.partner.example/outbound?password={_p}'
        '&passiveMode=true&delete=true")',
        '  .to("file:/data/inbound");',
    ),
    _p,
    "password",
    "passiveMode=true",
)

_p = _F.any_password()
_s(
    _j(
        "source {",
        "  Jdbc {",
        '    url = "jdbc:mysql://crm-db.internal:3306/crm?useSSL=false"',
        '    driver = "com.mysql.cj.jdbc.Driver"',
        '    user = "seatunnel"',
        f'    password = "{_p}"',
        '    query = "select id, email, updated_at from contacts"',
        "  }",
        "}",
    ),
    _p,
    "password",
    'user = "seatunnel"',
)


_p = _F.url_password()
_s(
    _j(
        "# /etc/dinit.d/postgres_exporter",
        "type = process",
        "command = /usr/bin/postgres_exporter --web.listen-address=:9187",
        "env-file = /etc/dinit.d/env/postgres_exporter",
        "# /etc/dinit.d/env/postgres_exporter",
        f"DATA_SOURCE_NAME=postgresql://exporter:{_p}@pg-primary:5432/postgres?sslmode=disable",
    ),
    _p,
    "password",
    "type = process",
)

_p = _F.any_password()
_s(
    _j(
        'LoadPlugin "postgresql"',
        "<Plugin postgresql>",
        "  <Database app>",
        '    Host "pg-app.internal"',
        '    User "collectd"',
        f'    Password "{_p}"',
        '    Query "backends"',
        "  </Database>",
        "</Plugin>",
    ),
    _p,
    "password",
    'User "collectd"',
)

_p = _F.password(16)
_s(
    _j(
        'module(load="ommysql")',
        f'*.* action(type="ommysql" server="logdb.lan" db="Syslog" uid="rsyslog" pwd="{_p}")',
    ),
    _p,
    "password",
    'uid="rsyslog"',
)


_p = _F.password()
_s(
    _j(
        "<Output odbc_out>",
        "    Module           om_odbc",
        f"    ConnectionString DSN=eventlog;UID=nxlog;PWD={_p};",
        "    SQL              INSERT INTO events (host, msg) VALUES ($Hostname, $Message)",
        "</Output>",
    ),
    _p,
    "password",
    "om_odbc",
)

_p = _F.url_password()
_s(
    f"$ redis-cli -u redis://default:{_p}@falkordb.internal:6379 "
    'GRAPH.QUERY social "MATCH (n:User) RETURN count(n)"\n'
    '1) 1) "count(n)"\n2) 1) 1) (integer) 48210\n',
    _p,
    "password",
    "GRAPH.QUERY social",
)

_p = _F.any_password()
_s(
    _j(
        "# conf/janusgraph-cql.properties",
        "gremlin.graph=org.janusgraph.core.JanusGraphFactory",
        "storage.backend=cql",
        "storage.hostname=scylla-1.internal,scylla-2.internal",
        "storage.username=janus",
        f"storage.password={_p}",
        "storage.cql.keyspace=janusgraph",
    ),
    _p,
    "password",
    "storage.username=janus",
)


_p = _F.url_password()
_s(
    _j(
        "# config/transactor.properties",
        "protocol=sql",
        "host=0.0.0.0",
        "port=4334",
        "sql-url=jdbc:postgresql://pg.internal:5432/datomic",
        "sql-user=datomic",
        f"sql-password={_p}",
        "sql-driver-class=org.postgresql.Driver",
    ),
    _p,
    "password",
    "sql-user=datomic",
)

_p = _F.human()
_s(
    _j(
        ";; resources/xtdb.edn",
        "{:xtdb.jdbc/connection-pool",
        " {:dialect {:xtdb/module xtdb.jdbc.psql/->dialect}",
        f'  :db-spec {{:host "pg.internal" :dbname "xtdb" :user "xtdb" :password "{_p}"}}}}',
        " :xtdb/tx-log {:xtdb/module xtdb.jdbc/->tx-log "
        ":connection-pool :xtdb.jdbc/connection-pool}}",
    ),
    _p,
    "password",
    ":xtdb/tx-log",
)

_p = _F.url_password()
_s(
    f'pg_basebackup -d "host=citus-w1.internal user=replicator password={_p} '
    'application_name=w1b" -D /var/lib/postgresql/16/main -X stream -P\n',
    _p,
    "password",
    "application_name=w1b",
)


_p = _r(16)
_s(
    f"mysql -h greptime.internal -P 4002 -u metrics_rw -p{_p} -e 'SHOW TABLES FROM public;'\n",
    _p,
    "password",
    "-P 4002",
)

_p = _F.url_password()
_s(
    _j(
        "# config/quickwit.yaml",
        "version: 0.8",
        "node_id: qw-indexer-0",
        f"metastore_uri: postgres://quickwit:{_p}@pg.internal:5432/quickwit-metastore",
        "default_index_root_uri: s3://acme-quickwit/indexes",
    ),
    _p,
    "password",
    "quickwit-metastore",
)

_p = _F.password()
_s(
    _j(
        "client = chromadb.HttpClient(",
        '    host="chroma.internal",',
        "    settings=Settings(",
        '        chroma_client_auth_provider="chromadb.auth.basic_authn.BasicAuthClientProvider",',
        f'        chroma_client_auth_credentials="admin:{_p}",',
        "    ),",
        ")",
    ),
    _p,
    "password",
    "BasicAuthClientProvider",
)


_p = _F.any_password()
_s(
    _j(
        "table.sql_query local_mailboxes {",
        "    driver postgres",
        f'    dsn "host=pg.internal user=maddy password={_p} dbname=maddy sslmode=disable"',
        '    lookup "SELECT 1 FROM mailboxes WHERE address = $1"',
        "}",
    ),
    _p,
    "password",
    "driver postgres",
)

_p = _F.password()
_s(
    _j(
        "sql_type: pgsql",
        "sql_server: pg.internal",
        "sql_database: ejabberd",
        "sql_username: ejabberd",
        f'sql_password: "{_p}"',
        "default_db: sql",
    ),
    _p,
    "password",
    "sql_type: pgsql",
)

_p = _F.any_password()
_s(
    _j(
        "  <database>",
        "    <defaultProvider>",
        "      <driver>org.postgresql.Driver</driver>",
        "      <serverURL>jdbc:postgresql://pg.internal:5432/openfire</serverURL>",
        "      <username>openfire</username>",
        f"      <password>{_p}</password>",
        "    </defaultProvider>",
        "  </database>",
    ),
    _p,
    "password",
    "<defaultProvider>",
)


_p = _F.url_password()
_s(
    _j(
        "# searxng/settings.yml",
        "valkey:",
        f"  url: valkey://:{_p}@valkey:6379/0",
        "server:",
        "  limiter: true",
    ),
    _p,
    "password",
    "limiter: true",
)

_p = _F.url_password()
_s(
    f"DATABASE_URL=postgresql://ghostfolio:{_p}@postgres:5432/ghostfolio-db"
    "?connect_timeout=300&sslmode=prefer\n",
    _p,
    "password",
    "connect_timeout=300",
)

_p = _F.password()
_s(
    _j(
        "// conf.json (Shinobi)",
        "{",
        '  "port": 8080,',
        '  "databaseType": "mysql",',
        f'  "db": {{ "host": "127.0.0.1", "user": "majesticflame", "password": "{_p}",',
        '          "database": "ccio", "port": 3306 }',
        "}",
    ),
    _p,
    "password",
    "majesticflame",
)


_p = _F.any_password()
_s(
    _j(
        "# filer.toml",
        "[postgres2]",
        "enabled = true",
        'hostname = "pg.internal"',
        "port = 5432",
        'username = "seaweed"',
        f'password = "{_p}"',
        'database = "seaweedfs"',
    ),
    _p,
    "password",
    "[postgres2]",
)

_p = _F.password()
_s(
    _j(
        "          - name: KAFKA_SASL_JAAS_CONFIG",
        "            value: >-",
        "              org.apache.kafka.common.security.scram.ScramLoginModule required",
        f'              username="seldon" password="{_p}";',
    ),
    _p,
    "password",
    "ScramLoginModule",
)

_p = _F.url_password()
_s(
    _j(
        "apiVersion: argoproj.io/v1alpha1",
        "kind: EventSource",
        "metadata:",
        "  name: orders-amqp",
        "spec:",
        "  amqp:",
        "    orders:",
        f"      url: amqp://argo:{_p}@rabbitmq.argo-events.svc:5672/orders",
        "      exchangeName: orders",
        "      exchangeType: fanout",
    ),
    _p,
    "password",
    "exchangeType: fanout",
)


_p, _p2 = _F.password(), _F.any_password()
_s(
    _j(
        "# /etc/guacamole/guacamole.properties",
        "postgresql-hostname: pg.internal",
        "postgresql-database: guacamole_db",
        "postgresql-username: guacamole_user",
        f"postgresql-password: {_p}",
        "ldap-hostname: ldap.corp.lan",
        "ldap-search-bind-dn: cn=guac-bind,ou=svc,dc=corp,dc=lan",
        f"ldap-search-bind-password: {_p2}",
    ),
    (_p, _p2),
    "password",
    "cn=guac-bind,ou=svc,dc=corp,dc=lan",
)

_p = _F.url_password(16)
_s(
    _j(
        "Notification URL list (changedetection.io, watch 'status page'):",
        f"mailtos://alerts:{_p}@smtp.acme.example:587?to=ops@acme.example&from=cd@acme.example",
        "tgram://bottoken/ChatID",
    ),
    _p,
    "password",
    "ops@acme.example",
)

# ---------------------------------------------------------------------------------------------
# Config syntaxes, code and tool output
# ---------------------------------------------------------------------------------------------
_family("config")

_p = _r(9)
_s(
    _j(
        "qbittorrent  | ******** Information ********",
        "qbittorrent  | To control qBittorrent, access the WebUI at: http://localhost:8080",
        "qbittorrent  | The WebUI administrator username is: admin",
        "qbittorrent  | The WebUI administrator password was not set. A temporary password is "
        f"provided for this session: {_p}",
        "qbittorrent  | You should set your own password in program preferences.",
    ),
    _p,
    "password",
    "http://localhost:8080",
)

_p = _r(16)
_s(
    _j(
        "stalwart  | ",
        f"stalwart  | 🔑 Your administrator account is 'admin' with password '{_p}'.",
        "stalwart  | ",
    ),
    _p,
    "password",
    "administrator account is 'admin'",
)

_p = _r(12)
_s(
    _j(
        "$ sudo pritunl default-password",
        "[undefined][2025-04-22 08:31:05,114][INFO] Getting default administrator password",
        "Administrator default password:",
        '  username: "pritunl"',
        f'  password: "{_p}"',
    ),
    _p,
    "password",
    'username: "pritunl"',
)

_t = _F.hex(32)
_s(_j("$ sudo pritunl setup-key", _t), _t, "secret", "sudo pritunl setup-key")


_p, _p2 = _F.hex(40), _F.human()
_s(
    _j(
        "$ cat ~/.config/deluge/auth",
        f"localclient:{_p}:10",
        f"maren:{_p2}:5",
    ),
    (_p, _p2),
    "password",
    "~/.config/deluge/auth",
)

_p = _F.any_password()
_s(
    f"transmission-remote 192.168.1.20:9091 -n 'admin:{_p}' -l\n",
    _p,
    "password",
    "192.168.1.20:9091",
)

_p = _F.password()
_s(
    _j(
        '    "rpc-authentication-required": true,',
        '    "rpc-bind-address": "0.0.0.0",',
        f'    "rpc-password": "{_p}",',
        '    "rpc-port": 9091,',
        '    "rpc-username": "seedbox",',
    ),
    _p,
    "password",
    '"rpc-username": "seedbox"',
)

_p = _F.phrase()
_s(
    f"docker exec filebrowser filebrowser users add maren {_p} --perm.admin "
    "--database /database/filebrowser.db\n",
    _p,
    "password",
    "--database /database/filebrowser.db",
)


_t, _t2 = _F.hex(32), _F.hex(32)
_s(
    _j(
        "[misc]",
        "host = 0.0.0.0",
        "port = 8085",
        f"api_key = {_t}",
        f"nzb_key = {_t2}",
        "download_dir = /downloads/incomplete",
    ),
    (_t, _t2),
    "secret",
    "download_dir = /downloads/incomplete",
)

_p, _p2 = _F.human(), _F.password()
_s(
    _j(
        "ControlUsername=nzbget",
        f"ControlPassword={_p}",
        "Server1.Name=news-eu",
        "Server1.Host=news.eweka.nl",
        "Server1.Username=maren_h",
        f"Server1.Password={_p2}",
    ),
    (_p, _p2),
    "password",
    "Server1.Host=news.eweka.nl",
)

_t, _t2 = _r(48, URLSAFE), _r(48, URLSAFE)
_s(
    _j(
        "# ghostfolio/.env",
        "COMPOSE_PROJECT_NAME=ghostfolio",
        f"ACCESS_TOKEN_SALT={_t}",
        f"JWT_SECRET_KEY={_t2}",
        "POSTGRES_DB=ghostfolio-db",
    ),
    (_t, _t2),
    "secret",
    "COMPOSE_PROJECT_NAME=ghostfolio",
)

_p, _sync = _F.phrase(" "), _F.uuid()
_s(
    _j(
        "import * as api from '@actual-app/api';",
        "",
        "await api.init({",
        "  dataDir: '/tmp/actual-cache',",
        "  serverURL: 'https://budget.home.arpa',",
        f"  password: '{_p}',",
        "});",
        f"await api.downloadBudget('{_sync}');",
    ),
    _p,
    "password",
    _sync,
)


_p = _F.leet()
_s(
    _j(
        "  stirling-pdf:",
        "    image: docker.stirlingpdf.com/stirlingtools/stirling-pdf:latest",
        "    environment:",
        '      DOCKER_ENABLE_SECURITY: "true"',
        "      SECURITY_INITIALLOGIN_USERNAME: maren",
        f'      SECURITY_INITIALLOGIN_PASSWORD: "{_p}"',
    ),
    _p,
    "password",
    "SECURITY_INITIALLOGIN_USERNAME: maren",
)

_p = _F.password()
_s(
    _j(
        "  gotenberg:",
        "    image: gotenberg/gotenberg:8",
        '    command: ["gotenberg", "--api-enable-basic-auth"]',
        "    environment:",
        "      GOTENBERG_API_BASIC_AUTH_USERNAME: pdf",
        f"      GOTENBERG_API_BASIC_AUTH_PASSWORD: {_p}",
    ),
    _p,
    "password",
    "--api-enable-basic-auth",
)

_t = _r(64, URLSAFE)
_s(
    _j(
        "x-secret-key: &penpot-secret-key",
        f"  PENPOT_SECRET_KEY: {_t}",
        "services:",
        "  penpot-backend:",
        "    environment:",
        "      << : *penpot-secret-key",
    ),
    _t,
    "secret",
    "<< : *penpot-secret-key",
)

_t = _F.b64(32)
_s(
    _j(
        "diff --git a/.env b/.env",
        "@@ -3,2 +3,2 @@ SERVER_URL=https://crm.acme.example",
        "-APP_SECRET=replace_me_with_a_random_string",
        f"+APP_SECRET={_t}",
        " STORAGE_TYPE=local",
    ),
    _t,
    "secret",
    "APP_SECRET=replace_me_with_a_random_string",
)


_p = _F.any_password()
_s(
    _j(
        "  'dbconfig' =>",
        "  array (",
        "    'db_host_name' => 'localhost',",
        "    'db_user_name' => 'suitecrm',",
        f"    'db_password' => '{_p}',",
        "    'db_name' => 'suitecrm',",
        "    'db_type' => 'mysql',",
        "  ),",
    ),
    _p,
    "password",
    "'db_user_name' => 'suitecrm'",
)

_t = _r(32, URLSAFE)
_s(
    _j(
        "# typebot.env",
        f"ENCRYPTION_SECRET={_t}",
        "NEXTAUTH_URL=https://bots.acme.example",
        "NEXT_PUBLIC_VIEWER_URL=https://chat.acme.example",
    ),
    _t,
    "secret",
    "NEXT_PUBLIC_VIEWER_URL=https://chat.acme.example",
)

_t, _t2 = _F.b64(32), _F.hex(64)
_s(
    _j(
        "formbricks-1  | > Loaded env from /home/nextjs/apps/web/.env",
        f"formbricks-1  |   NEXTAUTH_SECRET={_t}",
        f"formbricks-1  |   ENCRYPTION_KEY={_t2}",
        "formbricks-1  |   WEBAPP_URL=https://forms.acme.example",
    ),
    (_t, _t2),
    "secret",
    "WEBAPP_URL=https://forms.acme.example",
)

_p = _F.password()
_s(
    f"php application/commands/console.php install admin '{_p}' Administrator "
    "survey-admin@acme.example\n",
    _p,
    "password",
    "survey-admin@acme.example",
)


_p = _F.password()
_s(
    f"sudo -u git ./gogs admin create-user --name ops --password '{_p}' "
    "--email ops@acme.example --admin --config custom/conf/app.ini\n",
    _p,
    "password",
    "--config custom/conf/app.ini",
)

_t, _t2, _pub = _r(50, AN + "!@#%^&*(-_=+)"), _F.hex(64), _F.hex(64)
_s(
    _j(
        "# /root/.psono_server/settings.yaml",
        f"SECRET_KEY: '{_t}'",
        "ACTIVATION_LINK_SECRET: 'see-vault/psono/activation'",
        f"PRIVATE_KEY: '{_t2}'",
        f"PUBLIC_KEY: '{_pub}'",
        "ALLOWED_HOSTS: ['*']",
    ),
    (_t, _t2),
    "secret",
    "ACTIVATION_LINK_SECRET: 'see-vault/psono/activation'",
    "PUBLIC_KEY",
)

_p = _r(24)
_s(
    _j(
        "2025-04-22T07:55:01.201Z  INFO rauthy_models::migration: No admin password given, "
        "generating a random one",
        f"2025-04-22T07:55:01.204Z  INFO rauthy_models::migration: New admin password: {_p}",
        "2025-04-22T07:55:01.204Z  WARN rauthy_models::migration: Change it after the first login!",
    ),
    _p,
    "password",
    "rauthy_models::migration",
)

_p = _F.any_password()
_s(
    "docker run --rm -it -v /srv/warpgate:/data ghcr.io/warp-tech/warpgate unattended-setup "
    f"--data-path /data --http-port 8888 --admin-password '{_p}'\n",
    _p,
    "password",
    "--http-port 8888",
)


_p = _F.password()
_s(
    _j(
        f"node node_modules/meshcentral --createaccount ops --pass '{_p}' --email ops@acme.example",
        "node node_modules/meshcentral --adminaccount ops",
    ),
    _p,
    "password",
    "--adminaccount ops",
)

_p = _F.human()
_s(
    _j(
        f"PS C:\\Program Files\\RustDesk> .\\rustdesk.exe --password {_p}",
        "PS C:\\Program Files\\RustDesk> .\\rustdesk.exe --get-id | Write-Output",
        "193 482 771",
    ),
    _p,
    "password",
    "--get-id | Write-Output",
)

_t = _F.hex(64)
_s(
    "./rmmagent -m install -api https://api.rmm.acme.example -client-id 3 -site-id 7 "
    f"-agent-type server -auth {_t}\n",
    _t,
    "secret",
    "-agent-type server",
)

_t = _r(32)
_s(
    _j(
        "$ fleetctl get enroll-secret",
        "---",
        "apiVersion: v1",
        "kind: enroll_secret",
        "spec:",
        "  secrets:",
        '  - created_at: "2025-03-11T14:02:09Z"',
        f"    secret: {_t}",
    ),
    _t,
    "secret",
    "kind: enroll_secret",
)


_p = _F.any_password()
_s(
    f"velociraptor --config server.config.yaml user add maren '{_p}' --role administrator\n",
    _p,
    "password",
    "--role administrator",
)

_t = base64.b64encode(
    json.dumps(
        {
            "server": "api.nm.acme.example",
            "value": _r(32),
            "network": "homelab",
            "key": "",
            "localrange": "",
        }
    ).encode()
).decode()
_s(f"sudo netclient join -t {_t}\n", _t, "secret", "sudo netclient join")

_t = (
    "SFMyNTY."
    + b64url_json({"gateway_group_id": _F.uuid(), "secret": _r(40)})
    + "."
    + _r(43, URLSAFE)
)
_s(
    _j(
        "[Service]",
        'Environment="FIREZONE_API_URL=wss://api.firezone.dev"',
        f'Environment="FIREZONE_TOKEN={_t}"',
        "ExecStart=/usr/local/bin/firezone-gateway",
    ),
    _t,
    "secret",
    "wss://api.firezone.dev",
)

_p, _p2 = _F.password(), _F.human()
_s(
    f"vpncmd localhost /SERVER /HUB:OFFICE /PASSWORD:{_p} /CMD UserPasswordSet maren "
    f"/PASSWORD:{_p2}\n",
    (_p, _p2),
    "password",
    "/HUB:OFFICE",
)


_p = _F.any_password()
_s(f"rspamc -h 127.0.0.1:11334 -P '{_p}' stat\n", _p, "password", "127.0.0.1:11334")

_p, _p2 = _F.human(), _F.password()
_s(
    _j(
        "; config/auth_flat_file.ini",
        "[core]",
        "methods=PLAIN,LOGIN",
        "[users]",
        f"newsletter={_p}",
        f"billing={_p2}",
    ),
    (_p, _p2),
    "password",
    "methods=PLAIN,LOGIN",
)

_p = _F.password()
_s(
    _j(
        "# /etc/mail/smtpd.conf",
        "table secrets file:/etc/mail/secrets",
        'action "relay" relay host smtp+tls://relay@smtp.fastmail.com:587 auth <secrets>',
        "# /etc/mail/secrets",
        f"relay maren@fastmail.com:{_p}",
    ),
    _p,
    "password",
    "table secrets file:/etc/mail/secrets",
)

_p = _F.any_password()
_s(
    f"maddy creds create --password '{_p}' newsletter@acme.example\n",
    _p,
    "password",
    "maddy creds create",
)


_t = _r(40)
_s(
    _j(
        "global:",
        "  server_name: matrix.acme.example",
        "  private_key: matrix_key.pem",
        "client_api:",
        "  registration_disabled: true",
        f'  registration_shared_secret: "{_t}"',
    ),
    _t,
    "secret",
    "private_key: matrix_key.pem",
)

_t = _F.b64(32)
_s(
    _j(
        "# Revolt.overrides.toml",
        "[files]",
        f'encryption_key = "{_t}"',
        "[api.registration]",
        "invite_only = true",
    ),
    _t,
    "secret",
    "invite_only = true",
)

_p = _F.leet()
_s(
    _j(
        "  whoogle:",
        "    image: benbusby/whoogle-search:0.9.1",
        "    environment:",
        "      - WHOOGLE_USER=maren",
        f"      - WHOOGLE_PASS={_p}",
    ),
    _p,
    "password",
    "WHOOGLE_USER=maren",
)

_t = _F.hex(64)
_s(
    _j(
        "server:",
        "  port: 8888",
        '  bind_address: "127.0.0.1"',
        f'  secret_key: "{_t}"',
        "  image_proxy: true",
    ),
    _t,
    "secret",
    "image_proxy: true",
)


_p = _F.phrase()
_s(
    f"yunohost user create maren --fullname 'Maren Holt' --domain acme.example -p '{_p}'\n",
    _p,
    "password",
    "--fullname 'Maren Holt'",
)

_p = _F.password()
_s(
    _j(
        "program Mailer;",
        "uses smtpsend, mimemess, classes;",
        "var Smtp: TSMTPSend;",
        "begin",
        "  Smtp := TSMTPSend.Create;",
        "  Smtp.TargetHost := 'smtp.acme.example';",
        "  Smtp.UserName := 'reports';",
        f"  Smtp.Password := '{_p}';",
        "  Smtp.FullSSL := True;",
    ),
    _p,
    "password",
    "Smtp.UserName := 'reports'",
)

_p = _F.any_password()
_s(
    _j(
        "  object ZConnection1: TZConnection",
        "    ControlsCodePage = cCP_UTF8",
        "    HostName = 'pg.internal'",
        "    Port = 5432",
        "    Database = 'inventory'",
        "    User = 'lazarus_app'",
        f"    Password = '{_p}'",
        "    Protocol = 'postgresql'",
        "  end",
    ),
    _p,
    "password",
    "TZConnection",
)

_t = _r(32)
_s(
    _j(
        ";; geocode.scm",
        "(import http-client intarweb uri-common medea)",
        f'(define api-key "{_t}")',
        "(define (geocode q)",
        "  (with-input-from-request",
        '   (uri-reference (string-append "https://api.geoapify.com/v1/geocode/search?text=" q',
        '                                 "&apiKey=" api-key))',
        "   #f read-json))",
    ),
    _t,
    "secret",
    "(import http-client intarweb uri-common medea)",
)


_p = _F.password()
_s(
    _j(
        "using System.Net;",
        "using System.Net.Mail;",
        "",
        'def client = SmtpClient("smtp.acme.example", 587);',
        "client.EnableSsl = true;",
        f'client.Credentials = NetworkCredential("alerts", "{_p}");',
    ),
    _p,
    "password",
    'NetworkCredential("alerts"',
)

_t = _F.hex(32)
_s(
    _j(
        "# game/options.rpy",
        'define config.name = _("Lantern Ferry")',
        'define config.version = "1.2.0"',
        'define gamejolt_game_id = "918244"',
        f'define gamejolt_private_key = "{_t}"',
    ),
    _t,
    "secret",
    'define gamejolt_game_id = "918244"',
)

_t = _F.hex(64)
_s(
    _j(
        "# /opt/zeek/share/zeek/site/local.zeek",
        "@load frameworks/intel/seen",
        "module VTLookup;",
        "export {",
        f'    global api_key = "{_t}" &redef;',
        "}",
    ),
    _t,
    "secret",
    "@load frameworks/intel/seen",
)

_t = _r(32)
_s(
    _j(
        "// scilab: fetch the daily prices",
        f'url = "https://www.alphavantage.co/query?function=TIME_SERIES_DAILY&symbol=EQNR.OL&apikey={_t}";',
        '[result, status] = http_get(url, "prices.json");',
    ),
    _t,
    "secret",
    "symbol=EQNR.OL",
)


_p = _F.human()
_s(
    _j(
        "-- backup.nelua",
        "require 'os'",
        "local host <const> = 'nas.home.arpa'",
        f"local password <const> = '{_p}'",
        "os.execute('rsync -a /srv/ rsync://backup@'..host..'/srv/')",
    ),
    _p,
    "password",
    "nas.home.arpa",
)

_p = _F.password()
_s(
    _j(
        '<service_bundle type="manifest" name="pgbackrest">',
        '  <service name="site/pgbackrest" type="service" version="1">',
        "    <method_context>",
        "      <method_environment>",
        '        <envvar name="PGUSER" value="backup"/>',
        f'        <envvar name="PGPASSWORD" value="{_p}"/>',
        "      </method_environment>",
        "    </method_context>",
    ),
    _p,
    "password",
    'name="site/pgbackrest"',
)

_p = _F.password()
_s(
    _j(
        "# /etc/init/minio.conf",
        'description "MinIO object store"',
        "start on runlevel [2345]",
        "env MINIO_ROOT_USER=minioadmin",
        f"env MINIO_ROOT_PASSWORD={_p}",
        "exec /usr/local/bin/minio server /srv/minio",
    ),
    _p,
    "password",
    "start on runlevel [2345]",
)

_p = _F.any_password()
_s(
    _j(
        "$ fcrontab -l",
        "# fcrontab for maren",
        f"@ 1d curl -fsS -u backup:'{_p}' -T /srv/dump.sql.gz https://dav.acme.example/backups/",
    ),
    _p,
    "password",
    "https://dav.acme.example/backups/",
)


_t = _r(40)
_s(
    _j(
        "version: 1.4",
        "jobs:",
        "  PingHealthcheck:",
        "    cmd: curl -fsS https://hc.acme.example/ping/" + _F.uuid(),
        "    time: '0 */5 * * * *'",
        "  SyncIssues:",
        f"    cmd: issue-sync --source gitea --token {_t} --dest linear",
        "    time: '0 0 * * * *'",
    ),
    _t,
    "secret",
    "PingHealthcheck",
)

_p = _F.password()
_s(
    f"apptainer remote login --username maren --password '{_p}' oras://registry.acme.example\n",
    _p,
    "password",
    "oras://registry.acme.example",
)

_t = base64.b64encode(
    json.dumps(
        {
            "client_name": "laptop-maren",
            "fingerprint": _F.hex(64),
            "addresses": ["10.30.0.5:8443"],
            "secret": _F.hex(64),
            "expires_at": "0001-01-01T00:00:00Z",
        }
    ).encode()
).decode()
_s(
    f"incus remote add lab https://10.30.0.5:8443 --token {_t}\n",
    _t,
    "secret",
    "incus remote add lab",
)

_p = _F.any_password()
_s(
    _j("$ cat ~/.one/one_auth", f"oneadmin:{_p}", "$ onevm list | head -2"),
    _p,
    "password",
    "$ onevm list | head -2",
)


_p = _F.human()
_s(
    _j(
        "# /etc/cloudstack/management/db.properties",
        "db.cloud.username=cloud",
        f"db.cloud.password={_p}",
        "db.cloud.host=localhost",
        "db.cloud.port=3306",
    ),
    _p,
    "password",
    "db.cloud.username=cloud",
)

_p = _F.any_password()
_s(
    f"xo-cli register https://xo.lab.acme.example admin@admin.net '{_p}'\n",
    _p,
    "password",
    "https://xo.lab.acme.example",
)

_t, _p = _r(24), _F.password()
_s(
    _j(
        "# harvester config.yaml (join)",
        "scheme_version: 1",
        "server_url: https://harvester-vip.lab:443",
        f"token: {_t}",
        "os:",
        "  hostname: hv-node-3",
        f"  password: {_p}",
        "install:",
        "  mode: join",
        "  device: /dev/nvme0n1",
    ),
    (_t, _p),
    ("secret", "password"),
    "hostname: hv-node-3",
)

_p = _F.password()
_s(
    f"helm upgrade --install keel keel/keel -n keel --set helmProvider.enabled=true "
    f"--set basicauth.enabled=true --set basicauth.user=admin --set basicauth.password='{_p}'\n",
    _p,
    "password",
    "helmProvider.enabled=true",
)


_p = _F.phrase()
_s(
    _j(
        "test_name: login then list invoices",
        "stages:",
        "  - name: login",
        "    request:",
        "      url: https://staging.acme.example/api/login",
        "      method: POST",
        "      json:",
        "        username: qa-maren",
        f"        password: {_p}",
        "    response:",
        "      status_code: 200",
    ),
    _p,
    "password",
    "username: qa-maren",
)

_t = _r(40)
_s(
    _j(
        "name: smoke",
        "vars:",
        "  base_url: https://staging.acme.example",
        f"  api_token: {_t}",
        "testcases:",
        "  - name: health",
        "    steps:",
        "      - type: http",
        "        method: GET",
        '        url: "{{.base_url}}/health"',
    ),
    _t,
    "secret",
    "type: http",
)

_t = _r(32)
_s(
    _j(
        "$ zarf tools get-creds",
        "",
        "     Application    | Username  | Password                         | Connect",
        f"     Registry       | zarf-push | {_t} | zarf connect registry",
        "     Registry (read)| zarf-pull | (see above, read-only)           "
        "| zarf connect registry",
    ),
    _t,
    "password",
    "zarf connect registry",
)

_t = _F.uuid()
_s(
    _j(
        "$ werf helm secret values decrypt .helm/secret-values.yaml",
        "mailer:",
        f"  postmarkServerToken: {_t}",
        "  from: receipts@acme.example",
    ),
    _t,
    "secret",
    "receipts@acme.example",
)


_t, _t2 = _F.akia(), _F.aws_secret()
_s(
    _j(
        "kubectl create secret generic s3-backup -n longhorn-system \\",
        f"  --from-literal=AWS_ACCESS_KEY_ID={_t} \\",
        f"  --from-literal=AWS_SECRET_ACCESS_KEY={_t2} \\",
        "  --from-literal=AWS_REGION=eu-central-1",
    ),
    (_t, _t2),
    ("aws_access_key", "aws_secret_key"),
    "longhorn-system",
)

_t = _r(40)
_s(
    _j(
        "apiVersion: v1",
        "kind: Secret",
        "type: extauth.solo.io/apikey",
        "metadata:",
        "  name: partner-acme",
        "  namespace: gloo-system",
        "  labels:",
        "    team: partners",
        "stringData:",
        f"  api-key: {_t}",
    ),
    _t,
    "secret",
    "extauth.solo.io/apikey",
)

_t = _r(32)
_s(
    f"curl -s 'https://api.scrapfly.io/scrape?key={_t}&url=https%3A%2F%2Fexample.org&asp=true'\n",
    _t,
    "secret",
    "asp=true",
)

_t = _F.hex(32)
_s(
    _j(
        "import requests",
        "payload = {",
        f"    'api_key': '{_t}',",
        "    'url': 'https://shop.example.org/catalog?page=2',",
        "    'render': 'true',",
        "}",
        "r = requests.get('https://api.scraperapi.com/', params=payload)",
    ),
    _t,
    "secret",
    "https://api.scraperapi.com/",
)

# ---------------------------------------------------------------------------------------------
# Prose: chat, tickets, notes and mail, in several languages (approximate phrasing)
# ---------------------------------------------------------------------------------------------
_family("prose")

_p = _F.human()
_s(
    f"Mo mète nouvo password-la pou routeur dan lakaz-la: {_p} — pa donn li a pèrsonn, tanpri.\n",
    _p,
    "password",
    "routeur",
)

_p = _F.password()
_s(
    f"Le mot de passe pou le NAS lé {_p}, oubli pa shanj ali apré ou la fine konekté.\n",
    _p,
    "password",
    "NAS",
)

_p = _F.leet()
_s(
    f"Di paaswad fi di Wi-Fi ina di aafis da {_p} — no sen ih ina di groop chat, yu hyaa?\n",
    _p,
    "password",
    "Wi-Fi",
)

_p = _F.human()
_s(
    f"Wunna, de password fuh de admin page is {_p}. Doan tell nobody else, yuh hear?\n",
    _p,
    "password",
    "admin page",
)

_t = _r(40)
_s(
    f"Boss, de API token for de courier portal is {_t} — doh post it in no WhatsApp group eh, "
    "dem fellas go mash it up.\n",
    _t,
    "secret",
    "courier portal",
)

_p = _F.phrase()
_s(
    f"Password blong wifi long ofis hem {_p}. No givim long eniwan wea no wakabaot long hia.\n",
    _p,
    "password",
    "ofis",
)

_p = _F.human()
_s(
    f"Password blo dhis kompyuta em {_p}. Yu no tok blo em la ol man.\n",
    _p,
    "password",
    "kompyuta",
)

_p = _F.leet()
_s(
    f"Detlot pasword blanga kompyuda la klinik im {_p}, yu nomo tok la enibodi.\n",
    _p,
    "password",
    "klinik",
)


_p = _F.human()
_s(
    f"Contraseña ri computadó ri tienda ta {_p}; bo a ta ablá ele ku ningún hende nu.\n",
    _p,
    "password",
    "tienda",
)

_p = _F.phrase()
_s(
    f"Wifi pakalla shimika kaymi kan: {_p}. Ama pimanpash willanki, mashi.\n",
    _p,
    "password",
    "Wifi",
)

_p = _F.password()
_s(
    f"Daut Passwuat fa'm Server es {_p} — sajt daut kjeenem, uck nich aun'e Kjoakj.\n",
    _p,
    "password",
    "Server",
)

_t = _r(32)
_s(
    f"Das Token fon te Buchhaltung-Programm is {_t}, sa das net ten annre, tas is nur for uns.\n",
    _t,
    "secret",
    "Buchhaltung-Programm",
)

_p = _F.human()
_s(
    f"Lozinka za server je {_p}, nemoj ju nikomu poslati kaj bi se ne zgubila.\n",
    _p,
    "password",
    "server",
)

_p = _F.password()
_s(f"Гесло до сервера то {_p}, никому го не давай, прошу.\n", _p, "password", "сервера")  # noqa: RUF001

_p = _F.leet()
_s(
    f"Fjalëkalimi i serverit është {_p}; mos e thuash njeriu, se u bë lëmsh herën e shkuar.\n",
    _p,
    "password",
    "serverit",
)

_p = _F.human()
_s(
    f"To password tu server ene {_p}, min to pi tinò, pu ene fsematò.\n",
    _p,
    "password",
    "password tu server",
)


_p = _F.human()
_s(
    f"(mazandarani, latin) server-e ramz {_p} hassə, hich-kes-e nevvəj.\n",
    _p,
    "password",
    "mazandarani",
)

_t = _r(36)
_s(
    f"Tokenê API yê panelî {_t} o, kesî re mevace, ez ê sibê biwedarnî.\n",
    _t,
    "secret",
    "panelî",
)

_p = _F.password()
_s(f"الباسوورد متاع السيرفر هو {_p}، ما تعطيه حد ولو يتسوّلك.\n", _p, "password", "السيرفر")

_p = _F.human()
_s(
    f"Awal n uzerm n server d {_p}, ur t-ttini i ḥedd, ẓer ur t-ttaru ula deg WhatsApp.\n",
    _p,
    "password",
    "WhatsApp",
)

_p = _F.phrase()
_s(
    f"Server no password no yɛ {_p}. Mma obiara nnhu, na sɛ ɔbɛyɛ a sesa no ntɛm.\n",
    _p,
    "password",
    "Mma obiara nnhu",
)

_p = _F.leet()
_s(
    f"Password ya server ni {_p}, mungamuphalira munthu yayose yayi.\n",
    _p,
    "password",
    "munthu yayose",
)

_p = _F.human()
_s(
    f"Phasiwede ya server ndi {_p}. Ni songo i vhudza muthu, ndi zwa ofisi fhedzi.\n",
    _p,
    "password",
    "ofisi",
)

_t = _r(40)
_s(
    f"Token ya API ni {_t}, usimlombolele mundu yoyose, nimtendelee luno lwene.\n",
    _t,
    "secret",
    "Token ya API",
)


_p = _F.human()
_s(f"(台山話) 部伺服器嘅密碼係 {_p}，唔好話畀人知，佢哋會亂咁改。\n", _p, "password", "台山話")  # noqa: RUF001

_p = _F.password()
_s(f"(海南話) 服務器密碼是 {_p}，毋通共別人講，講了就害。\n", _p, "password", "海南話")  # noqa: RUF001

_p = _F.leet()
_s(
    f"รหัสผ่านเซิร์ฟเวอร์คือ {_p} เด้อ อย่าบอกไผเด้อ ถ้าบอกแล้วสิปวดหัวหลาย\n",
    _p,
    "password",
    "เซิร์ฟเวอร์",
)

_p = _F.human()
_s(
    f"Password server tu {_p}, jangan dibari ka urang lain lah, kaina kita nang susah.\n",
    _p,
    "password",
    "urang lain",
)

_t = _r(32)
_s(
    f"Token API for toko online tu {_t}, jang kase tau pa orang laeng, nanti torang rugi.\n",
    _t,
    "secret",
    "toko online",
)

_p = _F.phrase()
_s(
    f"Password server tu {_p}, jang kasi tau orang laeng e, beta seng mau repot lai.\n",
    _p,
    "password",
    "beta seng mau repot",
)

_p = _F.password()
_s(
    f"Password ni server i {_p}, unang paboa tu halak na asing.\n",
    _p,
    "password",
    "halak na asing",
)

_p = _F.human()
_s(
    f"Ang password sang server amo ang {_p}, indi pagsugid sa iban ha, basi magkagubot.\n",
    _p,
    "password",
    "indi pagsugid",
)


_p = _F.password()
_s(f"सर्वर के पासवर्ड {_p} हे, काकरो ल झन बताबे गा।\n", _p, "password", "काकरो")

_p = _F.human()
_s(
    f"Server ka password {_p} hai, kisko bhi nakko bolo, baad mein lafda hota.\n",
    _p,
    "password",
    "lafda",
)

_p = _F.password()
_s(
    f"Server laga password {_p} ase, kunba ke bhi nokobi, etu khali amikhan laga nimite.\n",
    _p,
    "password",
    "amikhan",
)

_t = _F.ghp()
_s(
    "[10:42] dana: the nightly mirror job keeps 401ing, can you paste the token you used?\n"
    f"[10:43] ravi: sure, it's {_t} — I'll rotate it after lunch\n"
    "[10:43] dana: 👍\n",
    _t,
    "github_token",
    "nightly mirror job",
)

_p = _F.password()
_s(
    "OPS-2291 — Xen Orchestra login broken after upgrade\n"
    "Reporter: Ravi K.\n"
    f"Steps: log in as admin@admin.net with {_p}, open Pools, observe 'unauthorized'.\n"
    "Expected: pool list loads.\n",
    _p,
    "password",
    "OPS-2291",
)

_t = _r(40)
_s(
    "> Nit: please don't hardcode this, use the secret store.\n"
    f'> `const token = "{_t}";`\n'
    "Fair, moved it to `process.env.CRONICLE_KEY` in the next commit.\n",
    _t,
    "secret",
    "process.env.CRONICLE_KEY",
)

_p = _F.phrase(" ")
_s(
    "Hi Maren,\n\n"
    "The new tenant on the shared Seafile is ready. Log in as finance@acme.example, the "
    f"temporary password is {_p}; you'll be asked to change it on first login.\n\n"
    "Best, Ravi\n",
    _p,
    "password",
    "finance@acme.example",
)

_p = _F.human()
_s(
    "Standup 22/04 — Dana: moved Penpot to the new VM; the db user is penpot and the password "
    f"is still {_p} until Thursday. Ravi: fleet enrolment done for the Oslo laptops.\n",
    _p,
    "password",
    "Oslo laptops",
)


_p = _F.leet()
_s(
    "Commit note (not pushed): switched the guest wifi on the Ubiquiti to WPA3, "
    f"passphrase {_p}. Print it for the front desk.\n",
    _p,
    "password",
    "front desk",
)

# ---------------------------------------------------------------------------------------------
# Authorization and API-key headers
# ---------------------------------------------------------------------------------------------
_family("headers")

_t = _r(40, URLSAFE)
_s(
    '{"flow":{"time":"2025-04-22T10:14:09.551Z","verdict":"FORWARDED","l7":{"type":"REQUEST",'
    '"http":{"method":"POST","url":"http://orders.shop.svc:8080/v2/checkout",'
    '"headers":[{"key":"content-type","value":"application/json"},'
    f'{{"key":"authorization","value":"Bearer {_t}"}}]}}}},"node_name":"kind-worker2"}}}}\n',
    _t,
    "authorization",
    "orders.shop.svc:8080",
)

_t = _r(48, URLSAFE)
_s(
    '[2025-04-22T10:20:01.003Z] "GET /api/v1/reports HTTP/1.1" 200 - 0 18244 31 "10.8.2.14" '
    f'"Bearer {_t}" "reports-7d9f5c-xk2pq"\n',
    _t,
    "authorization",
    "reports-7d9f5c-xk2pq",
)

_t = _r(32)
_s(
    _j(
        '      "headers": [',
        '        { "key": "Content-Type", "value": "application/json" },',
        f'        {{ "key": "X-Api-Key", "value": "{_t}" }}',
        "      ],",
        '      "bodyType": "INLINE",',
    ),
    _t,
    "authorization",
    '"bodyType": "INLINE"',
)

_t = basic("svc-billing", _F.password())
_s(
    _j(
        "{",
        '  "httpRequest": {',
        '    "method": "GET",',
        '    "path": "/invoices",',
        f'    "headers": {{ "Authorization": ["Basic {_t}"] }}',
        "  },",
        '  "httpResponse": { "statusCode": 200, "body": "[]" }',
        "}",
    ),
    _t,
    "authorization",
    '"path": "/invoices"',
)

_t = _r(36, URLSAFE)
_s(
    _j(
        '        "request": {',
        '          "path": [{ "matcher": "exact", "value": "/v1/quotes" }],',
        '          "headers": { "Authorization": [{ "matcher": "exact", '
        f'"value": "Bearer {_t}" }}] }}',
        "        },",
    ),
    _t,
    "authorization",
    '"/v1/quotes"',
)


_t = _r(32)
_s(
    _j(
        "given()",
        '    .baseUri("https://staging.acme.example")',
        f'    .header("X-Api-Key", "{_t}")',
        ".when()",
        '    .get("/v1/shipments/ABC123")',
        ".then()",
        "    .statusCode(200);",
    ),
    _t,
    "authorization",
    '.get("/v1/shipments/ABC123")',
)

_t = _r(44, URLSAFE)
_s(
    _j(
        "version: '1.1'",
        "name: orders smoke",
        "tests:",
        "  orders:",
        "    steps:",
        "      - name: list",
        "        http:",
        "          url: https://staging.acme.example/orders",
        "          method: GET",
        "          headers:",
        f"            Authorization: Bearer {_t}",
        "          check:",
        "            status: 200",
    ),
    _t,
    "authorization",
    "name: orders smoke",
)

_t = _F.hex(40)
_s(
    _j(
        "    request:",
        "      url: https://seafile.acme.example/api2/repos/",
        "      method: GET",
        "      headers:",
        f'        Authorization: "Token {_t}"',
        "        Accept: application/json; indent=4",
    ),
    _t,
    "authorization",
    "https://seafile.acme.example/api2/repos/",
)

_t = _r(43, URLSAFE)
_s(
    _j(
        "# trilium.http (httpyac)",
        "GET https://notes.home.arpa/etapi/notes?search=%23todo",
        f"Authorization: {_t}",
    ),
    _t,
    "authorization",
    "search=%23todo",
)

_t = _r(40, URLSAFE)
_s(
    f'bombardier -c 64 -d 30s -H "Authorization: Bearer {_t}" '
    "https://staging.acme.example/api/feed\n",
    _t,
    "authorization",
    "bombardier -c 64 -d 30s",
)


_t = _r(40, URLSAFE)
_s(
    f"h2load -n 20000 -c 100 -m 10 -H 'authorization: Bearer {_t}' "
    "https://edge.acme.example/v1/ping\n",
    _t,
    "authorization",
    "h2load -n 20000",
)

_t = _r(32)
_s(
    "nighthawk_client --rps 500 --duration 60 --concurrency auto "
    f'--request-header "x-api-key:{_t}" https://gw.acme.example/v1/rates\n',
    _t,
    "authorization",
    "--concurrency auto",
)

_t = basic("maren", _F.any_password())
_s(
    _j(
        "GET /api/v4/admin/users?page=2 HTTP/2",
        "Host: wiki.acme.example",
        f"Authorization: Basic {_t}",
        "User-Agent: Caido/0.45",
        "Accept: */*",
    ),
    _t,
    "authorization",
    "User-Agent: Caido/0.45",
)

_t = _r(40)
_s(
    _j(
        'var req:URLRequest = new URLRequest("https://api.acme.example/scores");',
        "req.method = URLRequestMethod.POST;",
        f'req.requestHeaders.push(new URLRequestHeader("X-Api-Key", "{_t}"));',
        "loader.load(req);",
    ),
    _t,
    "authorization",
    "URLRequestMethod.POST",
)

_t = _r(40, URLSAFE)
_s(
    _j(
        "main =",
        "    Http.send! {",
        "        method: Get,",
        '        uri: "https://api.acme.example/v1/me",',
        f'        headers: [Http.header("Authorization", "Bearer {_t}")],',
        "        body: [],",
        "        timeout_ms: NoTimeout,",
        "    }",
    ),
    _t,
    "authorization",
    "timeout_ms: NoTimeout",
)


_t = _F.uuid()
_s(
    _j(
        "curl https://api.lithic.com/v1/cards?page_size=50 \\",
        f'  -H "Authorization: {_t}"',
    ),
    _t,
    "authorization",
    "page_size=50",
)

_t = basic(_F.uuid(), "live-" + _r(64, URLSAFE))
_s(
    f'curl -u "$ORG_ID:$MT_KEY" https://app.moderntreasury.com/api/payment_orders -v 2>&1 | '
    f"grep -i authorization\n> Authorization: Basic {_t}\n",
    _t,
    "authorization",
    "app.moderntreasury.com",
)

_t, _t2 = _F.hex(32), _r(24)
_s(
    _j(
        "GET /aggregation/v1/customers/7025281633/accounts HTTP/1.1",
        "Host: api.finicity.com",
        f"Finicity-App-Key: {_t}",
        f"Finicity-App-Token: {_t2}",
        "Accept: application/json",
    ),
    (_t, _t2),
    "authorization",
    "/aggregation/v1/customers/7025281633/accounts",
)

_t = "live_sk_" + _r(20, LOWER_AN)
_s(
    f'curl -s https://api.withmono.com/v2/accounts -H "mono-sec-key: {_t}" | jq ".data[0].id"\n',
    _t,
    "authorization",
    'jq ".data[0].id"',
)

_t, _sign = _r(32, URLSAFE), _F.b64(32)
_s(
    _j(
        "> GET /api/v2/spot/account/assets HTTP/1.1",
        "> ACCESS-KEY: bg_" + _F.hex(32),
        f"> ACCESS-SIGN: {_sign}",
        "> ACCESS-TIMESTAMP: 1745318400123",
        f"> ACCESS-PASSPHRASE: {_t}",
        "> locale: en-US",
    ),
    _t,
    "authorization",
    _sign,
)


_t = _F.hex(64)
_s(
    _j(
        "const res = await fetch('https://api.bitvavo.com/v2/balance', {",
        "  headers: {",
        f"    'Bitvavo-Access-Key': '{_t}',",
        "    'Bitvavo-Access-Signature': sign(ts, 'GET', '/v2/balance'),",
        "    'Bitvavo-Access-Timestamp': String(ts),",
        "  },",
        "});",
    ),
    _t,
    "authorization",
    "'Bitvavo-Access-Signature': sign(ts, 'GET', '/v2/balance')",
)

_t = _r(16, UPPER_AN)
_s(
    _j(
        "X-UserType: USER",
        "X-SourceID: WEB",
        "X-ClientLocalIP: 192.168.0.14",
        f"X-PrivateKey: {_t}",
        "Content-Type: application/json",
    ),
    _t,
    "authorization",
    "X-SourceID: WEB",
)

_t = "sk-" + _r(48, LOWER_AN)
_s(
    _j(
        "curl https://api.siliconflow.cn/v1/chat/completions \\",
        f'  -H "Authorization: Bearer {_t}" \\',
        "  -H 'Content-Type: application/json' \\",
        '  -d \'{"model": "Qwen/Qwen2.5-7B-Instruct", '
        '"messages": [{"role": "user", "content": "hi"}]}\'',
    ),
    _t,
    "authorization",
    "Qwen/Qwen2.5-7B-Instruct",
)

_t = _r(48)
_s(
    _j(
        "POST /v1/chat HTTP/1.1",
        "Host: api.reka.ai",
        f"X-Api-Key: {_t}",
        "Content-Type: application/json",
    ),
    _t,
    "authorization",
    "Host: api.reka.ai",
)

_t = basic("acme_scraper", _F.password())
_s(
    _j(
        "> CONNECT ip.oxylabs.io:443 HTTP/1.1",
        "> Host: ip.oxylabs.io:443",
        f"> Proxy-Authorization: Basic {_t}",
        "< HTTP/1.1 200 Connection established",
    ),
    _t,
    "authorization",
    "Connection established",
)


_t = _r(24)
_s(
    _j(
        "[sinks.betterstack]",
        'type = "http"',
        'inputs = ["journald"]',
        'uri = "https://in.logs.betterstack.com/"',
        'encoding.codec = "json"',
        f'request.headers.Authorization = "Bearer {_t}"',
    ),
    _t,
    "authorization",
    'inputs = ["journald"]',
)

_t = _r(40, URLSAFE)
_s(
    _j(
        "curl -X POST https://api.buttondown.com/v1/emails \\",
        f"  -H 'Authorization: Token {_t}' \\",
        '  -d subject="April changelog" -d body@changelog.md',
    ),
    _t,
    "authorization",
    'subject="April changelog"',
)

_t = basic(_F.uuid().upper(), _F.b64(64))
_s(
    _j(
        "POST /v1/messaging HTTP/1.1",
        "Host: rest-api.telesign.com",
        f"Authorization: Basic {_t}",
        "Content-Type: application/x-www-form-urlencoded",
        "",
        "phone_number=4795550142&message_type=ARN&message=Your+code+is+4417",
    ),
    _t,
    "authorization",
    "message_type=ARN",
)

_t = _r(64, URLSAFE)
_s(
    _j(
        "$http = Invoke-RestMethod -Uri 'https://api.helcim.com/v2/card-transactions' `",
        f"  -Headers @{{ 'api-token' = '{_t}'; 'accept' = 'application/json' }}",
    ),
    _t,
    "authorization",
    "api.helcim.com/v2/card-transactions",
)

_t = _r(64, LOWER_AN)
_s(
    _j(
        "$ctx = stream_context_create(['http' => ['header' =>",
        f'    "X-BUSINESS-API-KEY: {_t}\\r\\nContent-Type: application/json\\r\\n"]]);',
        "$out = file_get_contents('https://api.hit-pay.com/v1/payment-requests', false, $ctx);",
    ),
    _t,
    "authorization",
    "api.hit-pay.com",
)


# ---------------------------------------------------------------------------------------------
# Look-alikes: must come back byte for byte
# ---------------------------------------------------------------------------------------------

# Commit ids, build, run and job ids
_l(f"agola run #412 (release) finished: success, commit {_F.hex(40)} on refs/heads/main\n")
_l(f"laminar: job release:87 started by laminarc queue, parent build release:86 ({_F.hex(12)})\n")
_l(
    f"hercules-ci: effects for {_F.hex(40)} -> deploy-staging: succeeded in 2m14s "
    f"(attempt {_F.uuid()})\n"
)
_l(f"Copybara: exported change {_F.hex(40)} as PR #318 (GitOrigin-RevId: {_F.hex(40)})\n")
_l(f"moon: task ui:build cached (hash {_F.hex(64)})\n")
_l(f"werf: image api built, stage digest {_F.hex(56)}, tag {_F.hex(56)}-1745318400\n")
_l(
    "kpack: build acme-api-build-37 succeeded, latestImage "
    f"harbor.acme.example/api@sha256:{_F.sha256()}\n"
)
_l(
    f"Shipwright BuildRun sample-go-buildrun-{_r(5, LOWER_AN)} Succeeded, "
    f"output digest sha256:{_F.sha256()}\n"
)
_l(
    "KServe: InferenceService usage-reporter ready, "
    f"revision usage-reporter-predictor-00003 ({_F.uuid()})\n"
)
_l(f"Tactical RMM: agent {_r(40, UPPER_AN)} checked in, version 2.8.0\n")
_l(
    f"velociraptor: hunt H.{_r(6, UPPER_AN)} collected from 212 clients, "
    f"flow F.{_r(13, UPPER_AN)}\n"
)

# Digests, checksums and lock hashes
_l(f"zarf package inspect: sha256 {_F.sha256()}  zarf-package-chat-amd64-0.3.1.tar.zst\n")
_l(f"flox: manifest.lock hash {_F.sha256()} (lockfile-version 1)\n")
_l(f"hermit: installed go-1.23.4 (sha256 {_F.sha256()})\n")
_l(f"pkgx: +nodejs.org@20.12.2 verified {_F.sha256()}\n")
_l(f"apko: published cgr.dev/acme/agent@sha256:{_F.sha256()}\n")
_l(f"Apptainer: verified container train.sif, SIF data object sha256:{_F.sha256()}\n")
_l(f"trivy: target ghcr.io/acme/api:1.8.0 (digest sha256:{_F.sha256()}), 0 critical, 3 high\n")
_l(f"{_F.sha256()}  qbittorrent-nox-5.0.4-x86_64.AppImage\n")
_l(f"{_F.hex(32)}  stirling-pdf-0.46.0.jar\n")
_l(f"Gotenberg /forms/chromium/convert/html 200, Gotenberg-Trace: {_F.uuid()}\n")
_l(f"juicefs: slice {_F.rng.randrange(10**6, 10**7)} chunk id {_F.hex(16)} written to acme-jfs\n")
_l(f"SeaweedFS assign: fid 3,{_F.hex(10)} url 10.0.4.21:8080\n")
_l(f"Longhorn backup backup-{_F.hex(16)} of volume pvc-{_F.uuid()} completed\n")
_l(f"Nix store path: /nix/store/{_r(32, LOWER_AN)}-postgres-exporter-0.17.1\n")
_l(f'ETag: W/"{_F.hex(32)}"\n')

# Public keys, certificates and fingerprints
_l(f"root@relay:~# cat /opt/rustdesk/id_ed25519.pub\n{base64.b64encode(_F.raw(32)).decode()}\n")
_l(f"{_F.ssh_pub()} warpgate@bastion\n")
_l(f"# known hosts for the Guacamole targets\nbuild-03.lan {_F.ssh_pub()}\n")
_l(f"$ cat melange.rsa.pub\n{_F.pub_pem()}\n")
_l(f"{_F.cert(700)}\n")
_l(f"ssh-keygen -lf ~/.ssh/docs_mirror.pub\n256 {_F.ssh_fingerprint()} docs-mirror (ED25519)\n")
_l(f'dkim._domainkey.acme.example. IN TXT "v=DKIM1; k=rsa; p={_F.b64(294)}"\n')
_l(
    f"netmaker: peer laptop-maren public key {base64.b64encode(_F.raw(32)).decode()} "
    "endpoint 84.22.10.4:51821\n"
)
_l(f"Firezone gateway public_key={base64.b64encode(_F.raw(32)).decode()} ipv4=100.64.0.7\n")
_l("dfx identity get-principal: " + "-".join(_r(n, LOWER_AN) for n in (5, 5, 5, 5, 3)) + "\n")
_l(f"Incus server certificate fingerprint: {_F.sha256()}\n")
_l(f'gpg: key {_F.hex(16).upper()}: public key "Acme Repo Signing <rpm@acme.example>" imported\n')
_l(f"rpm -qa gpg-pubkey*\ngpg-pubkey-{_F.hex(8)}-{_F.hex(8)}\n")
_l(f"Cilium identity 48213 labels k8s:app=orders, hubble flow id {_F.uuid()}\n")

# Client-side keys and ids documented as public, record ids, trace ids
_l(f"lithic: card token {_F.uuid()} (card ending 4412, state OPEN)\n")
_l(
    f"Marqeta card token: {_r(8, LOWER_AN)}-{_r(4, LOWER_AN)}-card, "
    f"user token user_{_r(12, LOWER_AN)}\n"
)
_l(f"Dwolla: https://api.dwolla.com/transfers/{_F.uuid()}\n")
_l(f"Increase: account_{_r(20, LOWER_AN)} received ach_transfer_{_r(20, LOWER_AN)}\n")
_l(f"Modern Treasury payment_order id {_F.uuid()} status completed\n")
_l(f"Pluggy itemId: {_F.uuid()}, connector 201 (Nubank)\n")
_l(f"Mono account id {_F.hex(24)} (reauth not required)\n")
_l(f"Okra record {_F.hex(24)} for customer {_F.hex(24)}\n")
_l(f"Yapily consent {_F.uuid()}, institution modelo-sandbox\n")
_l(f"Brankas transaction id {_r(26, UPPER_AN)}\n")
_l(f"Bitget orderId {_F.rng.randrange(10**18, 10**19)} clientOid {_F.uuid()}\n")
_l(f"Bitvavo orderId {_F.uuid()} market BTC-EUR side buy\n")
_l(f"BitMEX orderID {_F.uuid()} clOrdID mm-{_F.hex(8)}\n")
_l(f"Upstox order_id {_F.rng.randrange(10**14, 10**15)} tag rebalance\n")
_l(f"Questrade accountId 2{_F.rng.randrange(10**7, 10**8)}\n")
_l(f"Helcim transactionId {_F.rng.randrange(10**7, 10**8)} cardToken {_r(23, LOWER_AN)}\n")
_l(
    f"HitPay payment_request_id {_F.uuid()} url https://securecheckout.hit-pay.com/payment-request/@acme/{_F.uuid()}/checkout\n"
)
_l(f"Idempotency-Key: {_F.uuid()}\n")
_l(f"X-Request-Id: {_F.uuid()}\n")
_l(f"traceparent: 00-{_F.hex(32)}-{_F.hex(16)}-01\n")
_l(f"Zeek conn.log uid C{_r(17)} 10.0.0.5:51544 -> 93.184.216.34:443\n")
_l(f"Sentry/GlitchTip event_id {_F.hex(32)}\n")
_l(f"HyperDX trace {_F.hex(32)} span {_F.hex(16)}\n")
_l(
    "FalkorDB: Query internal execution time: 0.4183 milliseconds, graph social, "
    f"node id {_F.rng.randrange(10**5, 10**6)}\n"
)
_l(f"Camunda process instance {_F.uuid()} of invoice-approval:7:{_F.uuid()}\n")
_l(f"Hatchet workflow run {_F.uuid()} step send-email succeeded\n")
_l(f"Sidekiq JID-{_F.hex(24)} INFO: done: 0.412 sec\n")
_l(f'Oban job 88123 worker Tally.Workers.Report args %{{"report_id" => "{_F.uuid()}"}}\n')
_l(f"Hangfire job #41872 Succeeded, background job id {_F.uuid()}\n")
_l(f'XTDB tx-id 28817 tx-time #inst "2025-04-22T10:31:00.000-00:00" eid #uuid "{_F.uuid()}"\n')
_l(f"Datomic tx {_F.rng.randrange(10**13, 10**14)} basis-t 51233\n")

# Stored password hashes and ciphertexts meant to be kept
_l(
    '[Preferences]\nWebUI\\Password_PBKDF2="@ByteArray('
    f'{_F.b64(16)}:{_F.b64(64)})"\nWebUI\\Username=admin\n'
)
_l(f'worker-controller.inc: password = "$2$ggs{_r(22, LOWER_AN)}$b{_r(51, LOWER_AN)}";\n')
_l(f"maren:$2y$10${_r(53, AN + './')}\n")
_l(f"gogs user table: passwd={_F.hex(100)} salt={_r(10)} (pbkdf2, 10000 rounds)\n")
_l(f"limesurvey users: password '$2y$10${_r(53, AN + './')}'\n")
_l(f"EspoCRM user hash: {_F.hex(128)}\n")
_l(f"pbkdf2_sha256$600000${_r(22)}${_F.b64(32)}\n")
_l(f"<password>Encrypted 2be98afc86aa7f2e4{_F.hex(15)}</password>\n")
_l(f'openfire.xml: <password encrypted="true">{_F.hex(96)}</password>\n')
_l(f"werf secret value: postmarkServerToken: 1000{_F.hex(120)}\n")
_l(f"Mailcow: password hash {{BLF-CRYPT}}$2y$14${_r(53, AN + './')}\n")
_l(f'Stalwart: secret = "$6$rounds=5000${_r(16, AN + "./")}${_r(86, AN + "./")}"\n')
_l(f"sealed: AgB{_F.b64(300)}\n")

# Secret references, placeholders, masked values
_l("environment: { GITHUB_TOKEN: { from_variable: 'github-token' } },\n")
_l("    GH_TOKEN: ${{ secrets.GH_TOKEN }}\n")
_l("      secret_key: ?{base64:targets/payments-prod/stripe_key||randomstr:32}\n")
_l(
    "  secretTargetRef:\n    - parameter: personalAccessToken\n"
    "      name: github-runner-pat\n      key: personalAccessToken\n"
)
_l('api_key {{ with secret "kv/datadog" }}{{ .Data.data.api_key }}{{ end }}\n')
_l('STRIPE_RESTRICTED_KEY={{ with secret "kv/billing" }}{{ .Data.data.rk }}{{ end }}\n')
_l("FAKTORY_URL=tcp://:${FAKTORY_PASSWORD}@faktory.internal:7419\n")
_l("DATABASE_URL=postgresql://hatchet:hatchet@postgres:5432/hatchet  # local compose default\n")
_l("PG_DATABASE_URL=postgres://twenty:${PG_DATABASE_PASSWORD}@twenty-db:5432/default\n")
_l("ENCRYPTION_SECRET=<32 random characters, see docs>\n")
_l("NEXTAUTH_SECRET=$(openssl rand -hex 32)\n")
_l("PENPOT_SECRET_KEY: change-this-insecure-key\n")
_l("SECRET_KEY=**********\nBOOTSTRAP_TOKEN=**********\n")
_l("trivy: AWS (aws-access-key-id)\n  3 [ AWS_ACCESS_KEY_ID=********************\n")
_l("juicefs status: meta URL redis://:****@meta.internal:6379/1\n")
_l("--enroll_secret_path=/etc/osquery/enroll_secret\n")
_l("velociraptor user add maren --role reader   # prompts for the password\n")
_l("rustdesk --password '<your permanent password>'\n")
_l('deluge-console "connect 127.0.0.1:58846 localclient $(cut -d: -f2 ~/.config/deluge/auth)"\n')
_l("ControlPassword=\nServer1.Password=   # filled in by the entrypoint\n")
_l("api_key = \nnzb_key = \n")
_l("password: !vault |\n  $ANSIBLE_VAULT;1.1;AES256\n  " + _F.hex(64) + "\n")
_l("postgresql-password: ${POSTGRESQL_PASSWORD}\n")
_l("ldap-search-bind-password: (see KeePass entry 'guac-bind')\n")
_l("Authorization: Bearer <token>\n")
_l("X-Api-Key: YOUR_API_KEY\n")
_l('-H "Authorization: Token $SEAFILE_TOKEN"\n')
_l("ACCESS-PASSPHRASE: ${BITGET_PASSPHRASE}\n")
_l("Proxy-Authorization: Basic <base64 of user:pass>\n")
_l("AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY   # from the AWS docs\n")
_l("GITHUB_TOKEN=ghp_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx\n")
_l("OPENAI_API_KEY=sk-...\n")
_l("STRIPE_SECRET_KEY=sk_test_xxx (use the test key locally)\n")

# Settings named like secrets that hold none
_l("token_ttl: 3600\nrefresh_token_ttl: 2592000\n")
_l("ACCESS_TOKEN_EXPIRY=15m\nJWT_ALGORITHM=HS256\n")
_l("max_tokens: 4096\ntokenizer: cl100k_base\n")
_l("private_key: matrix_key.pem\n")
_l(
    "  certificate: /etc/velociraptor/frontend.crt\n"
    "  private_key_file: /etc/velociraptor/frontend.key\n"
)
_l("keyspace: cadence_visibility\nkey_cache_size_mb: 64\n")
_l('api_key_header = "X-Api-Key"\napi_key_query_param = "key"\n')
_l("TOKEN_ENDPOINT=https://auth.acme.example/oauth2/token\n")
_l("secret_santa_budget_nok = 300\n")
_l("SSH_KEY_PATH=/home/ci/.ssh/id_ed25519\n")
_l('dkim_selector = "mar2025"\ndkim_key_bits = 2048\n')
_l(
    "pgbackrest: repo1-cipher-type=aes-256-cbc  "
    "repo1-cipher-pass=(set in /etc/pgbackrest/secret.conf)\n"
)
_l("WHOOGLE_PASS=\n")
_l("SECURITY_INITIALLOGIN_PASSWORD is only read on the very first start.\n")
_l("zarf tools get-creds registry  # prints the push password, do not pipe into logs\n")
_l("Hermit: env GITHUB_TOKEN is read from the keychain via `hermit env --raw`\n")

# Connection strings and commands without a secret
_l("FAKTORY_URL=tcp://faktory.internal:7419\n")
_l("REDIS_URL=redis://redis-jobs.internal:6379/2\n")
_l("jdbc:postgresql://warehouse.internal:5432/analytics?ssl=true&sslmode=verify-full\n")
_l("postgresql+psycopg://langchain@localhost:6024/langchain\n")
_l("mongodb://mongo-0.mongo:27017,mongo-1.mongo:27017/hyperdx?replicaSet=rs0\n")
_l("nats://nats.messaging.svc:4222\n")
_l("redis-cli -h falkordb.internal GRAPH.LIST\n")
_l("typedb console --address=typedb.internal:1729 --username=admin\n")
_l('pg_basebackup -d "host=citus-w1.internal user=replicator" -D /var/lib/postgresql/16/main\n')
_l("valkey://valkey:6379/0\n")
_l("juicefs mount -d redis://meta.internal:6379/1 /mnt/jfs\n")
_l("smtp+tls://relay@smtp.fastmail.com:587\n")
_l("sftp://deploy@files.internal:22/srv/releases\n")

# Versions, paths and ids told in sentences
_l("qBittorrent v5.0.4, WebUI listening on 0.0.0.0:8080\n")
_l("pritunl v1.32.4108.0 (mongodb 7.0.14)\n")
_l("Velociraptor v0.73.4 built 2025-02-11 (commit " + _F.hex(7) + ")\n")
_l("MeshCentral v1.1.40, agent version 2024-11-06\n")
_l("Incus 6.11, LXC 6.0.3, QEMU 9.2.2\n")
_l("trivy version 0.61.0, vulnerability DB updated 2025-04-22 06:12:33 UTC\n")
_l("/var/lib/hercules-ci-agent/secrets/secrets.json is owned by hci-agent, mode 0400\n")
_l("The RustDesk ID of the reception PC is 193 482 771.\n")
_l("Ren'Py 8.3.4, game Lantern Ferry 1.2.0, Game Jolt game id 918244\n")
_l("Zeek 7.1.1 loaded 312 scripts; intel feed refreshed 2025-04-22T06:00:00Z\n")
_l(f"Actual Budget sync id {_F.uuid()} (shared file 'Household 2025')\n")
_l(f"Tavern run id {_F.uuid()}, 14 stages passed\n")
_l(f"Netmaker network homelab id {_F.uuid()}, 7 nodes\n")

# Notes in other languages saying where a password is kept, without it
_l("Mo password-la dan KeePass, anba 'routeur lakaz'.\n")
_l("Daut Passwuat fa'm Server steiht em Bitwarden, Mapp 'Server'.\n")
_l("Password blong wifi hem stap long pepa long ofis, no long chat.\n")
_l("รหัสผ่านอยู่ในกุญแจ Bitwarden เด้อ บ่ได้ส่งในแชท\n")
_l("Password server tu ado di Vaultwarden, folder 'kantor'.\n")
_l("Lozinka za server je v KeePassu, pod 'server-stari'.\n")
_l("Server no password no wɔ Bitwarden mu, 'office' folder no mu.\n")
_l("Phasiwede i kha Bitwarden, fhasi ha 'server'.\n")

# Base64 and hex of harmless data
_l("echo aGVsbG8gd29ybGQK | base64 -d   # hello world\n")
_l(f"color: #{_F.hex(6)}; background: #{_F.hex(6)};\n")
_l(f"data:image/png;base64,{_F.b64(60)}\n")
_l(f"RSSI -61 dBm, MAC {':'.join(_F.hex(2) for _ in range(6))}\n")
_l(f"Kubernetes uid: {_F.uuid()}\n")
_l(f'Grafana dashboard uid {_r(14, AN)} ("Faktory queues")\n')
