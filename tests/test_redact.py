"""Redaction: corpus precision/recall, <private> blocks, config patterns, and properties."""

from __future__ import annotations

import json
import os
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from graphmem.redact import Redaction, RedactionTimeout, Redactor, redact
from tests.data import redaction_kinds as kinds
from tests.data.redaction_corpus import (
    KNOWN_FALSE_POSITIVES,
    KNOWN_MISSES,
    LOOKALIKES,
    SECRETS,
    SecretCase,
)


def _missed(case: SecretCase) -> list[str]:
    """What went wrong with one secret case: surviving secrets, uncounted kinds, lost context."""
    result = redact(case.text)
    return (
        [f"leaked {s!r}" for s in case.secrets if s in result.text]
        + [f"not counted as {k}" for k in case.kinds if k not in result.counts]
        + [f"lost context {k!r}" for k in case.keep if k not in result.text]
    )


def test_corpus_has_no_misses_and_no_false_positives() -> None:
    misses = {case.text: _missed(case) for case in SECRETS if _missed(case)}
    false_positives = {text: redact(text).text for text in LOOKALIKES if redact(text).text != text}
    print(
        f"\nredaction corpus: {len(SECRETS)} secrets, {len(misses)} missed; "
        f"{len(LOOKALIKES)} look-alikes, {len(false_positives)} false positives"
    )
    assert set(misses) == set(KNOWN_MISSES), misses
    assert set(false_positives) == set(KNOWN_FALSE_POSITIVES), false_positives


def test_corpus_is_big_enough_and_covers_every_kind() -> None:
    kinds = {kind for case in SECRETS for kind in case.kinds}
    assert len(SECRETS) >= 60 and len(LOOKALIKES) >= 60
    assert kinds >= {
        "aws_access_key",
        "aws_secret_key",
        "github_token",
        "gitlab_token",
        "slack_token",
        "slack_webhook",
        "openai_key",
        "anthropic_key",
        "stripe_key",
        "google_api_key",
        "jwt",
        "private_key",
        "password",
        "secret",
    }


def test_tuning_split_by_kind_is_caught_and_its_look_alikes_kept() -> None:
    """Every kind of redaction_kinds.py: each secret gone, each look-alike byte for byte intact.
    (The held-out split is measured by benchmarks/redact_accuracy.py, never asserted on.)"""
    missed = [text for _, text, secrets in kinds.SECRETS if _survives(text, secrets)]
    damaged = {text: redact(text).text for _, text in kinds.LOOKALIKES if redact(text).text != text}
    assert missed == [] and damaged == {}
    for kind in ("prefixed_token", "key_block", "connection", "config_syntax", "authorization"):
        assert sum(k == kind for k, *_ in kinds.SECRETS) >= 5, kind
        assert sum(k == kind for k, _ in kinds.LOOKALIKES) >= 4, kind


@pytest.mark.parametrize(("kind", "secret", "text"), kinds.DOCUMENTED)
def test_documented_formats_are_named_by_their_kind(kind: str, secret: str, text: str) -> None:
    """A provider's documented format is named in its marker, whatever other rule sees it."""
    out = redact(text)
    assert secret not in out.text and out.counts.get(kind) == 1, out


def _survives(text: str, secrets: tuple[str, ...]) -> bool:
    out = redact(text).text
    return any(secret in out for secret in secrets) or redact(out).text != out


# One long input per pattern family, built to make a backtracking or rescanning pattern take
# quadratic (or worse) time. On main before issue 13 the first two took 43 s and 21 s.
_ADVERSARIAL = {
    "assignments back to back": "PASSWORD=x" * 10_000,
    "rejected assignments back to back": "CACHE_KEY=a" * 90_000,  # 1 MB: quadratic shows
    "placeholders back to back": "PASSWORD=$(" * 90_000,
    "URL passwords back to back": "://a:" * 20_000 + "@x",
    "XML elements": "password>" * 11_000,
    "armor headers": "-----BEGIN RSA PRIVATE KEY-----\n" + "Comment: a\n" * 9_000,
    "key label": "-----BEGIN " + "A " * 50_000,
    "key lines above END": "A" * 20
    + "\n" * 1
    + ("A" * 20 + "\n") * 4_700
    + "-----END RSA PRIVATE KEY-----",
    "END lines": "-----END RSA PRIVATE KEY-----\n" * 3_300,
    "PuTTY lines": "Private-Lines: 5\n" + "AAAA\n" * 20_000 + "!",
    "one long token": "SK" + "a" * 100_000,
    "token starts": "a-" * 50_000,
    "Telegram ids": "1" * 100_000 + ":AA" + "b" * 33,
    "Telegram triggers": ":AA" * 33_000,
    "Azure triggers": "Q~" * 50_000,
    "Authorization headers": "Authorization: " * 6_600,
    "SAS signatures": "?sig=" * 20_000,
    ".netrc lines": "machine a login b password " * 3_700,
    "PHP defines": "define('PASSWORD', " * 5_200,
    "base64 PEM": "LS0tLS1CRUdJTi" + "A" * 100_000,
    "SSH2 armor headers": "---- BEGIN SSH2 PRIVATE KEY ----\n" + "Comment: a\n" * 9_000,
    "SSH2 openings": "---- BEGIN SSH2 " * 6_000,
    "JWK members": '{"kty":"oct",' + '"d":"' * 20_000,
    "JWK members without kty": '"q":"AAAAAAAAAAAAAAAAAAAA",' * 3_500,
    "sshpass options": "sshpass" + " -a" * 30_000,
    "sshpass commands": "sshpass " * 12_000,
    "user flags": "-u a:" * 20_000,
    ".pgpass ports": ":5432:" * 15_000,
    ".pgpass host": "a" * 100_000 + ":5432:a:b:c",
    ".pgpass wildcards": ":*:" * 30_000,
    "relay hosts": "]:587 " * 15_000,
    "<add> entries": '<add key="a" value="' * 5_000,
    "env entries": "- name: A\n  value: " * 5_000,
    "JSON env entries": '"name": "a", "value": ' * 5_000,
    "IDENTIFIED BY": "identified by " * 7_000,
    "SecureString": "ConvertTo-SecureString " * 4_000,
    "redis directives": "requirepass " * 8_000,
    "SQL PASSWORD": "CREATE USER a PASSWORD '" * 4_000,
    "XML attributes": "<password a='x'" * 6_000,
    "bare words after a name": "password " * 10_000,
    "lone pass names": "pass: x1 " * 10_000,
    "FCM keys": ":APA91b" * 14_000,
    "Mailchimp datacenters": ("0" * 32 + "-us1") * 2_700,
    "mysql options": "mysql" + " -a" * 30_000,
    "mysql commands": "mysql " * 16_000,
    "net user names": "net user a " * 9_000,
    "gh secret options": "gh secret set" + " -a" * 30_000,
    "Android strings": '<string name="a"' * 6_000,
    "plist keys": "<key>a</key> " * 7_000,
    "Discord webhooks": "discord.com/api/webhooks/" * 4_000,
    "Teams webhooks": "office.com/webhook/" * 5_000,
    "auth flags": "-auth a:" * 12_000,
    "names before blanks": "password is " * 9_000,
    "Cisco type digits": "secret 0 " * 12_000,
    "setter calls": "setItem('token', " * 6_000,
    "lone keys": "key: " * 20_000,
    "salts": "salt=" * 20_000,
    "references": "password: !secret " * 5_000,
    "lower-case key labels": "-----BEGIN " + "a " * 50_000,
    "DER heads": "MI" * 50_000,
    "DER body": "MIIEvQIBADANBgkqhkiG9w0BAQEFAASC" + "A" * 100_000,
    "OpenSSH heads": "b3BlbnNzaC1rZXktdjE" * 5_000,
    "cookie pairs": "Cookie: " + "a=b; " * 20_000,
    "cookie triggers": "cookie=" * 15_000,
    "curl -b": "-b 'x=" * 15_000,
    "OTLP header variables": "A_HEADERS=" * 10_000,
    "OTLP header pairs": "OTEL_EXPORTER_OTLP_HEADERS=" + "a=b," * 25_000,
    "header blocks": "".join(" " * i + "headers:\n" for i in range(1_300)),
    "SDK calls": ".init(" * 16_000,
    "SDK call arguments": ".init(" + "'abcdefghijklmnop1'," * 5_000,
    "login flags": "docker login" + " -a" * 30_000,
    "login commands": "login " * 16_000,
    "secret commands": "secret set" + " -a" * 30_000,
    "secret triggers": "secret " * 14_000,
    "echo pipes": "echo x " * 14_000,
    "ipsec types": ": EAP " * 16_000,
    "password calls": "login(" * 16_000,
    "password call arguments": "auth('a', " * 10_000,
    "curl headers": '-H "a: ' * 14_000,
    "request lines": "GET / HTTP/1.1\n" + "a: b\n" * 20_000,
    "request triggers": " HTTP/1.1\n" * 9_000,
    "Oracle logins": "sqlplus a/" * 10_000,
    "argv pairs": '["--token", ' * 8_000,
    "ODBC braces": "PWD={" * 20_000,
    "config lines of many words": "password = a1b2c3d4" + " w" * 50_000,
    "signatures": "?sig=" * 20_000 + "&X-Amz-Signature=" * 5_000,
    "connection calls": "connect(" * 12_000,
    "credential calls": "Credentials.create(" * 5_000,
    "Salesforce heads": "00D" * 30_000,
    "keystore heads": "/u3+7QAAAA" * 10_000,
    "signify comments": "untrusted comment: secret key" * 3_000,
    "seed phrases": "seed phrase " * 8_000,
    "XML name/value": 'name="a" value="' * 6_000,
    "XML RSA keys": "<RSAKeyValue>" * 8_000,
    "Go DSNs": "a" * 100_000 + "@tcp(",
    "Go DSN triggers": "@tcp(" * 20_000,
    "positional passwords": "htpasswd -b " * 8_000,
    "smbclient users": "-U a" * 25_000,
    "YAML block scalars": "password: |\n" * 8_000,
    "defaults": "default: " * 10_000,
    "defaults under keys": "a:\n" * 20_000 + "  default: x",
    "HCL variables": 'variable "a" {' + " default = x" * 8_000,
    "named calls": "token(" * 16_000,
    "here-strings": "<<< x " * 16_000,
    "net use": "net use \\\\a " * 9_000,
    "lftp users": "lftp" + " a" * 40_000,
    "bundler configs": "bundle config " * 8_000,
    "words before is": "password" + " word" * 20_000 + " is x1y2z3w4",
    "words before a colon": "token " * 18_000,
    "request lines on one line": "GET / HTTP/1.1 x" * 7_000,
    "header blocks on one line": "a headers:" * 10_000,
    "base64 JSON heads": ("eyJ" + "A" * 40 + " ") * 2_300,
    "one long base64 JSON": "ewog" + "A" * 100_000,
    "quoted key lines": "-----BEGIN RSA PRIVATE KEY-----\n" + '"AAAA"\n' * 15_000,
    "webhook paths": "/hooks/" * 14_000,
    "PowerShell Env values": "Env:A -Value " * 8_000,
    "secret ids": "secret id " * 10_000,
    "key lines split by <br>": "-----BEGIN RSA PRIVATE KEY-----" + "<br>" * 20_000,
    "PuTTY lines in JSON": "Private-Lines: 5\\n" + "AAAA\\n" * 20_000 + "!",
    "user then password flags": "-u a" + " b" * 40_000,
    "user flag triggers": "-u a -p " * 12_000,
    "auth tuples": "auth=(" * 16_000,
    "grouped secrets": "secrets:\n" + "  a: b\n" * 20_000,
    "grouped triggers": "tokens:\n" * 12_000,
    "elements named by attributes": '<e name="a">' * 8_000,
    "CloudFormation parameters": "ParameterKey=a,ParameterValue=" * 3_000,
    "Azure function URLs": "azurewebsites.net/api/a?" + "b&" * 40_000,
    "keypair bytes": ("[" + "1, " * 62 + "x") * 2_000,
    "wallet accounts": "accounts: [" + "'0x', " * 20_000,
    "host tokens": '"gitlab-token": {' + '"a.b": "c", ' * 20_000,
    "HTTPie": "http " * 40_000 + "-a",
    "auth directives": "auth a:b " * 30_000,
    "encrypted parents": "encryptedData:\n" + "  password: Zx81ks9Qa7Bc2Lm4\n" * 8_000,
    "YAML values to the line's end": "password: a&" + "b" * 100_000,
    "BUNDLE_ names": "BUNDLE_A__" * 30_000,
    "key stores": "P12_BASE64: " + "A" * 100_000,
    "key lists": '"keyName": "a",' * 20_000,
    "vault logins": "vault login -a " * 20_000,
    "Twilio SIDs": ("AC" + "0" * 32 + '", ') * 5_000,
    "table headers on one line": "PASSWORD  " * 20_000,
    "table headers": "user  password\n" * 10_000,
    "table rows": "user  password\n" + "a  " + "b" * 100_000,
    "long table rows": ("user  password\n" + "a  " + "b" * 900 + "\n") * 100,
    "FTP sessions": "USER a\n" + "PASS a1b2c3d4e5\n" * 10_000,
    "IMAP logins": "a1 LOGIN " * 16_000,
    "nested values": "<Password>" + "<Value>" * 14_000,
    "passwords after users": "f('user', " * 14_000,
    "cookie calls": 'Cookie("sessionid", ' * 8_000,
    "cookie names holding the word": "Cookie: " + "a_cookie=b; " * 15_000,
    "private numbers": "privateExponent:\n" + "    00:11:22\n" * 30_000,
    "private number triggers": "prime1:\n" * 16_000,
    "calls as values": "token = f(" * 12_000,
    "Go maps": "X-Token:[" * 14_000,
    "lists of keys": "APP_KEYS=" + "a1b2c3d4e5," * 20_000,
    "passphrase words": "passphrase: " + "word " * 40_000,
    "HCL groups": "tokens {\n" * 12_000,
    "flags after a name": "rootpw --a " * 14_000,
    "Dovecot schemes": "{PLAIN}" * 20_000,
    "Exim servers": "mysql_servers = a/" * 8_000,
    "names in other languages": "пароль: " * 16_000,
    "symbols between letters": "a1!" * 40_000,
    "password-shaped runs back to back": "Abc12#def3" * 12_000,
    "symbol runs without a boundary": "xY9" + "#Ab3" * 30_000,
    "unlisted prefixes": "ab_cd-ef_" * 12_000 + "A1b2" * 100,
    "an unlisted prefix then a long body": " ab_" + "Xy7" * 30_000,
    "copulas in other scripts": "key 是 " * 16_000,
    "dotted values after a name": "the key is " + "a1b2c3d4e5f6g7h8." * 6_000,
    "public keys in base64": '"key": "MIIBIjAN' + "A" * 100_000 + '"',
    "numbered labels": "Key 1: " * 14_000,
    "key bytes": "key: [" + "1, " * 40_000,
    "key byte lists back to back": "key: [1, 2, " * 10_000,
    "commands printing secrets": "$ cat secret\n" * 10_000,
    "a printed blob with no end": "$ wg genkey\n" + "A" * 100_000,
    "printed lines": "$ cat token\n" + ("a1B2" * 10 + "\n") * 20_000,
    "random values back to back": ("k: " + "a1B2c3D4e5" * 3 + "\n") * 20_000,
    "one long run of value characters": "a1B2" * 50_000,
    "random values under labels": ("key:\n" + "a1B2c3D4e5F6g7H8i9J0" + "\n") * 20_000,
    "base64 in base64": "k: " + "YTFCMmMzRDRlNUY2ZzdIOGk5SjBrMUwybTNONG81UDZxN1I4" * 4,
    "URL users without a password": "://" + "a" * 250 + "@" * 400 + "://a" * 20_000,
    "URL version segments": "://a.b/v1/" * 10_000,
    "fallbacks": "x = a ?? 'b' || 'c' or 'd' " * 5_000,
    "Redis ACL users": "user " + "a " * 50_000 + ">",
    "ACL users back to back": "user a on " * 10_000,
    "listing columns": "NAME   DIGEST\n" + "API_TOKEN   a1b2c3d4e5f6a7b8X\n" * 5_000,
    "loose words in any script": "password " + "κωδικός " * 12_000,
    "values cut by backslashes": "PASSWORD=a\\\n" * 8_000,
    "encoded pairs": "btoa('" + "a" * 250 + ":" * 3 + "b(" * 30_000,
    "CSV headers": ("a,b,api_token\n" + "x,y,z\n" * 64) * 300,
    "CSV header cells": "password," * 20_000 + "\n",
    "key blocks in XML": "-----BEGIN PRIVATE KEY-----" + "&#10;AAAA" * 20_000,
    "empty user passwords": "-u a: " * 20_000,
    "labels of secret fields": 'password: "' + "Pass wort " * 8 + '"\n' * 3_000,
    "closing symbols after numbers": "Harbor12! " * 20_000,
    "a generator's symbols back to back": "aB3d-" * 12_000 + "x~Y",
    "closing symbols in one run": "a1!" * 40_000 + " ",
    "inflected names": "Passordet " * 14_000,
    "CJK copulas with no blank": "密碼是" * 20_000,
    "many loose words": "Паролата " + "дума " * 30_000,
    "comments after values": "token: 'a1b2c3d4e5f6g7h8' // " + "public " * 20_000,
    "URL users before Sentry hosts": ("://a1B2c3D4e5F6g7H8i9J0k1L2@" + "a." * 50) * 2_000,
    "JWE-like dotted parts": ("eyJhbGciOiJkaXIifQ." + "aB3dEfGh." * 4) * 8_000,
    "ampersands inside values": "password=a" + "&b" * 60_000,
    "webhook URLs": ("https://hook.example/" + "aB3d" * 6 + "/") * 5_000,
    "dashed groups": "id " + "aB3d5-" * 40_000,
    "names after base64": "+aB3d4eFg5Pw= x " * 20_000,
    "lists of one": 'password: [ "' * 30_000,
    "repeated filler words": "mnemonic: " + "test " * 40_000,
    "many distinct words in values": ('password: "' + " ".join(map(str, range(100))) + '"\n')
    * 3_000,
    "prose after names": "the token " + "budget " * 60_000,
    "joiners after a virama": "పాస్\u200c" * 30_000,
    "password names glued together": "passwordIl-" * 30_000,
    "password names then words": "password " * 40_000,
    "foreign phrases back to back": "kalmar sirri " * 30_000,
    "inflected names of every language": "Loyniorðið " * 30_000,
    "AUTH commands back to back": "AUTH " * 60_000,
    "quoted AUTH arguments": '"AUTH" "a' * 40_000,
    "RESP frames": "AUTH\\r\\n$1\\r\\n" * 30_000,
    "SASL NULs back to back": "\\x00a" * 50_000,
    "prompts that make keys": "$ x key create\n" * 20_000,
    "blocks returning literals": "let(:api_key) { '" * 40_000,
    "empty blocks back to back": "{ 'a' }" * 40_000,
    "continued values back to back": "API_TOKEN=\\\n" * 30_000,
    "authorization pairs": "Authorization: x " + "a:" * 50_000,
    "database constructors": "PDO->__construct('a', 'b', " * 30_000,
    "comments above values": "# public\n" * 30_000 + "x = 'aB3dEfGh1jKlMnOpQrStUv'",
    "instructions in a value's place": "SECRET=replace-with" + "-a" * 60_000,
    "secret versions back to back": "TOKEN=" + "a-" * 60_000 + ":latest",
    "DNS records above values": ('"v=DKIM1; p=' + "aB3dEfGh1jKlMnOpQrStUv9 ") * 30_000,
    "htpasswd flags": "htpasswd " + "-b " * 60_000,
    "Redis tools' flags": "redis-benchmark " + "-t " * 60_000,
    "gpg key ids": "ssb   " + "cv25519/" * 30_000 + "ABCDEF0123456789",
    "commands that print a secret alone": "$ pass show x\n" * 30_000,
    "passwords piped to sudo": "echo 'a' | sudo " + "-k " * 60_000,
    "analytics calls before values": "analytics.load('aB3dEfGh1jKlMnOpQrStUv9', " * 20_000,
    "random values on one line": "aB3dEfGh1jKlMnOpQrStUv9 " * 20_000,
    "values under long lines": ("x" * 250 + " here:\naB3dEfGh1jKlMnOpQrStUv9\n") * 20_000,
    "names of key material": "WALLET_SEED=" * 20_000 + "a" * 64,
    "dotted values with digits": "pass=" + "aB3cD4eF5g." * 20_000,
    "decoder calls back to back": "key: Buffer.from(\n" * 20_000,
    "decoders with encodings": "key = hex2bin('" + "a1', 'hex', " * 20_000,
    "list items back to back": "api_keys = ['" + "aB3dEfGh1jKlMn', '" * 20_000,
    "YAML sequences under a name": "tokens:\n" + "  - aB3dEfGh1jKlMn\n" * 30_000,
    "commands that print a named secret": "$ echo $API_TOKEN\n" * 30_000,
    "printers on one long line": "$ " + "cat a | " * 40_000 + "cat token",
    "joined literals on one line": '"token" + ' * 30_000,
    "joined literals on lines": '"secret"\n' * 30_000,
    "argv lists back to back": '("a", "-Xk29fjs8aW")\n' * 20_000,
    "argv list of flags": "[" + '"-p", ' * 30_000 + "]",
    "audit records back to back": 'a0="x" a1="-p" a2="Xk29fj!s8aW"\n' * 10_000,
    "SQL-joined key lines": "-----BEGIN PRIVATE KEY-----" + "'||char(10)||'" * 30_000,
    "prompt answers back to back": 'expect "password:"\n' + 'send "x"\n' * 20_000,
    "numbered pairs back to back": '3) "password"\n' * 20_000,
    "slashed logins back to back": "login: a / " * 20_000,
    "client constructors back to back": 'Client("' * 30_000,
    "named rows": "api_token|aB3dEfGh1jKlMn\n" * 30_000,
    "named rows on one line": "api_token|" * 40_000,
    "table headers of any secret's name": "app_key  " * 20_000 + "\n" + "aB3dEfGh1j  " * 20_000,
    "JWK members in code": "kty }" + "d: 'aaaaaaaaaaaaaaaaaaaa', " * 20_000,
    "JWK members in YAML": ("  - d: aaaaaaaaaaaaaaaaaaaa\n      kty: x\n") * 10_000,
    "private labels after a key pair's maker": ("$ keygen\n" + "secret key:\n" * 8) * 8_000,
    "keys told in sentences": "the API key for X " * 20_000,
    "key words after a hyphen": "API-key " * 40_000 + "Ab3",
    "value elements after names": "<name>token</name><value>a</value>" * 20_000,
    "value elements without names": "<value>a</value>" * 40_000,
    "long single-quoted values": ("private_key = '" + "A" * 400) * 300,
    "comments around passwords": ("# documented\npassword=aB3dE!fGh\n" + "# x\n" * 3) * 8_000,
    "reversible encodings back to back": "OBF:" * 60_000 + "1v2j1uum",
    "objects under secrets' names": '"secret": {' * 30_000,
    "members under a secret's name": '"secret": {' + '"a": "b", ' * 40_000,
    "key blocks of words": "-----BEGIN PRIVATE KEY-----\n" + "your key here\n" * 40_000,
    "elided key blocks back to back": "-----BEGIN PRIVATE KEY-----\n...\n" * 30_000,
    "key heads before ellipses": ("MIIEvgIBADANBgkqhkiG9w0BAQEFAASCBKgwggSkAgEAAoIBAQC7\n...\n")
    * 10_000,
    "URLs with passwords of words": "redis://default:redispw@h/" * 20_000,
    "passwords of filler words": "db_pass=mysecretpassword " * 30_000,
    "passwords of one filler word repeated": ("password=" + "my" * 24 + " ") * 20_000,
    "base64 of placeholders": "password: cGFzc3dvcmQ=\n" * 30_000,
    "users beside their passwords": "user: aB3dEfGh1j\npassword: aB3dEfGh1j\n" * 20_000,
    "made values told last in sentences": "the new key for the box is Ab3dEfGh1jKl. " * 20_000,
    "distinct values told last": " ".join(f"we set it to Qz{n:06d}xKwPm." for n in range(20_000)),
    "passphrases told last": "so it is Maple-Otter-Quill-42 — ok " * 20_000,
    # round 18's rules
    "host:port:user:password words": ":1:a:" * 30_000,
    "host:port logins back to back": "h:8080:u:p4ssw0rdX " * 10_000,
    "Percona DSN pairs": "u=a,p=" * 20_000,
    "Percona DSN keys": "a=b," * 30_000 + "u=a,p=x",
    "typed declarations": "a S 64A inz('x') " * 10_000,
    "declaration triggers": "init(" * 20_000,
    "COBOL pictures": "X(20) VALUE '" * 8_000,
    "Forth constants": 'S" x" 2CONSTANT ' * 8_000,
    "Forth literals on one line": 'S" ' + "a" * 100_000 + '" 2CONSTANT K',
    "sign-in subcommands": "a login " * 14_000,
    "sign-in tokens": "$ a login b1c2d3e4f5g6h7\n" * 5_000,
    "unquoted -p": "-p Ab1Cd2Ef3Gh4 " * 8_000,
    "public comments above": "# public by design, every browser\nAPI_KEY=Ab1Cd2Ef3Gh4Ij5K\n"
    * 3_000,
    "glosses": "(password) " * 12_000,
    "copulas after values": "aaa bbb ccc Xk9mQ2vLp7Rt4W ddd, " * 3_000,
    "tagged tokens": "charge token ch_Ab1Cd2Ef3Gh4 " * 4_000,
    "resource names": "secret=ab-cd " * 10_000,
    "Verilog literals": "KEY = 128'h" * 10_000,
    # round 19's rules
    "registry data after its type": '"DefaultPassword", "REG_SZ", "' * 8_000,
    "registry data flags": "/v Password /d x " * 8_000,
    "registry names on one long line": '"a" ' * 30_000 + "-Value x",
    "types holding literals": "Pwd STRING('Ab1Cd2Ef3Gh4') " * 8_000,
    "ABL initials": 'a AS CHARACTER INITIAL "x" ' * 8_000,
    "lengths in placeholders": "SECRET=Some32CharsRandom\n" * 10_000,
    "dotted made values": "PASSWORD=_Ab1c.RFbMZ8TTErrzl\n" * 10_000,
    "salts beside iterations": ("salt=" + "ab" * 16 + " iterations=1\n") * 10_000,
    "sigil references": "password: @secret:a@ " * 10_000,
    "priv-tagged tokens": ("key xx_priv_" + "a1" * 16 + " ") * 8_000,
    "password words with particles": "password-po " * 15_000,
    "passphrases after joined words": "a b-c Wi-Fi:ha Maple-Otter-Quill-42, " * 5_000,
    "record words before ids": "execution Ab1Cd2Ef3Gh4Ij5Kl6Mn " * 8_000,
    "values named after": "- `Ab1Cd2Ef3Gh4Ij5Kl6Mn` is the a b c " * 6_000,
    "values named after, back to back": "- Ab1Cd2Ef3Gh4Ij5Kl6Mn is the key " * 6_000,
    # round 20's rules
    "record words before labels": "agent token Ab1Cd2Ef3Gh4Ij5Kl6Mn " * 8_000,
    "card tokens": "card token Ab1Cd2Ef3Gh4Ij5Kl6Mn " * 8_000,
    "hashes beside salts": ("password=" + "ab" * 16 + " salt=x rounds=1\n") * 10_000,
    "template actions": '{{ with secret "a/b" ' * 10_000,
    "sigil braces": "password: %{a " * 10_000,
    "account verbs back to back": "user add a b " * 10_000,
    "register arguments": "register a b c d e f " * 8_000,
    "installers' admins": "install admin Ab1-Cd2!x " * 8_000,
    "account pairs on lines": "ops:Ab1Cd2Ef3!\n" * 10_000,
    "account pairs after flags": "-n 'a:Ab1Cd2Ef3!' " * 8_000,
    "colon words": "a:bcdefgh " * 30_000,
    "account sections": "[users]\n" + "a = Ab1Cd2Ef3!\n" * 10_000,
    "account section headers": "[users]\n" * 20_000,
    "printed key files": ("$ cat id_ed25519\n" + "QUJD" * 12 + "\n") * 5_000,
    "print commands": "cat a\n" * 30_000,
    "quoted -P": "-P 'Ab1-Cd2x' " * 10_000,
    "spaced passphrases": "password is Maple Otter Basil " * 10_000,
    "sign-in phrases": "log in as a with b " * 10_000,
}


def test_adversarial_inputs_do_not_hang_redaction() -> None:
    """A hang guard, not a speed test: each takes at most a few seconds; a pattern that went
    quadratic again takes minutes, and its alarm kills the process. Each input has its own
    alarm: one budget for all of them would shrink as inputs are added."""
    script = (
        "import json, signal, sys\nfrom graphmem.redact import redact\n"
        "for name, text in json.load(sys.stdin).items():\n"
        "    print(name, flush=True)\n    signal.alarm(30)\n    redact(text)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        input=json.dumps(_ADVERSARIAL),
        capture_output=True,
        text=True,
        timeout=600,
    )
    hung = done.stdout.splitlines()[-1:] if done.returncode else []
    assert hung == [], done.stderr


def test_a_marker_is_not_the_context_that_makes_a_value_a_secret() -> None:
    once = redact("Driver={ODBC};Uid=report;Pwd=%onFC6rAZg7KDD;<<<[default]\n").text
    assert once == "Driver={ODBC};Uid=report;Pwd=[REDACTED:password];<<<[default]\n"
    assert redact(once).text == once


@pytest.mark.parametrize(
    "text",
    [
        "password:Zx81ks9Qa7Lm",  # the marker then reads as Go's `Name:[value]`
        '{"api_key":12345678901234567890}',
        "X-Auth-Token:[9a6d2756a891518e73b95b259e3bc133]",
    ],
)
def test_a_marker_is_never_read_as_a_value_again(text: str) -> None:
    once = redact(text).text
    assert "[REDACTED:" in once and redact(once).text == once


def test_redacting_the_kinds_split_twice_changes_nothing() -> None:
    changed = [text for _, text, _ in kinds.SECRETS if redact(redact(text).text).counts]
    assert changed == []


@pytest.mark.parametrize("case", SECRETS, ids=lambda c: c.kinds[0])
def test_redacting_twice_changes_nothing(case: SecretCase) -> None:
    once = redact(case.text)
    twice = redact(once.text)
    assert twice == Redaction(once.text, {})


def test_marker_names_the_kind_and_keeps_the_variable_name() -> None:
    result = redact('DB_PASSWORD=hunter2 and export STRIPE_SECRET="s3cr3t-value"')
    assert result.text == (
        'DB_PASSWORD=[REDACTED:password] and export STRIPE_SECRET="[REDACTED:secret]"'
    )
    assert result.counts == {"password": 1, "secret": 1}


def test_url_keeps_user_and_host_and_drops_only_the_password() -> None:
    result = redact("postgres://app:pa55word@db:5432/main")
    assert result.text == "postgres://app:[REDACTED:password]@db:5432/main"


def test_whole_pem_block_is_one_redaction() -> None:
    text = (
        "before\n-----BEGIN RSA PRIVATE KEY-----\nMIIEow\nAKCAQ\n-----END RSA PRIVATE KEY-----\n"
        "after"
    )
    assert redact(text) == Redaction("before\n[REDACTED:private_key]\nafter", {"private_key": 1})


def test_ordinary_text_is_returned_unchanged_with_no_counts() -> None:
    text = "Refactored the recall ranking; tests pass. See docs/DESIGN.md for the token budget."
    assert redact(text) == Redaction(text, {})


def test_text_whose_lowercase_is_longer_is_still_redacted() -> None:
    # "İ".lower() is two characters, so positions found in lowered text are off by one.
    result = redact("İstanbul: DB_PASSWORD=hunter2, Authorization: Bearer abc123def456")
    assert result.text == (
        "İstanbul: DB_PASSWORD=[REDACTED:password], Authorization: Bearer [REDACTED:authorization]"
    )


# --------------------------------------------------------------------------- <private>


@pytest.mark.parametrize(
    ("text", "expected", "blocks"),
    [
        ("a <private>secret</private> b", "a  b", 1),
        ("a <PRIVATE>x</Private> b <private>y</private>", "a  b ", 2),
        ("keep\n<private>\nline 1\nline 2\n</private>\nkeep too", "keep\n\nkeep too", 1),
        ("before <private>everything after is dropped", "before ", 1),
        ("a <private>x <private>y</private> still private</private> b", "a  b", 1),
        ('a <private reason="pii">x</private> b', "a  b", 1),
        ("a <private/> b", "a  b", 0),
        ("a </private> b", "a </private> b", 0),
        ("<private-notes> are not tags", "<private-notes> are not tags", 0),
        ("<pri<private>x</private>vate>joined halves", "", 2),
        ("<pri<private/>vate>joined halves", "", 1),
    ],
)
def test_private_blocks(text: str, expected: str, blocks: int) -> None:
    result = redact(text)
    assert result.text == expected
    assert result.counts.get("private", 0) == blocks


def test_secrets_next_to_private_blocks_are_still_redacted() -> None:
    result = redact("<private>x</private>DB_PASSWORD=hunter2")
    assert result == Redaction("DB_PASSWORD=[REDACTED:password]", {"private": 1, "password": 1})


# --------------------------------------------------------------------------- decisions


@pytest.mark.parametrize(
    "text",
    [
        "DB_PASSWORD=changeme",
        "API_KEY=${API_KEY}",
        "API_KEY=$API_KEY",
        "TOKEN=$(vault read -field=token secret/ci)",
        "password: <your-password>",
        "api_key: your_api_key_here",
        "SECRET=xxx",
        "password: password",
        "PASSWORD=",
        "token: null",
    ],
)
def test_placeholders_are_kept(text: str) -> None:
    assert redact(text).text == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("KEY_LENGTH = 32", "KEY_LENGTH = 32"),  # not a KEY name at all
        ("MAX_TOKEN=4096", "MAX_TOKEN=4096"),  # KEY/TOKEN names need a generated-looking value
        ("CACHE_KEY=profile", "CACHE_KEY=profile"),
        ("DB_PASSWORD=123456", "DB_PASSWORD=[REDACTED:password]"),  # PINs are passwords
        ("API_KEY=12345", "API_KEY=[REDACTED:secret]"),  # a qualified key takes any literal
    ],
)
def test_numbers_depend_on_the_name(text: str, expected: str) -> None:
    assert redact(text).text == expected


# --------------------------------------------------------------------------- configuration


def test_extra_patterns_are_redacted_as_custom() -> None:
    redactor = Redactor(extra_patterns=[r"ACME-\d{6}", r"internal\.corp"])
    result = redactor.redact("ticket ACME-123456 on internal.corp")
    assert result == Redaction("ticket [REDACTED:custom] on [REDACTED:custom]", {"custom": 2})
    assert redactor.redact(result.text) == Redaction(result.text, {})


def test_extra_patterns_never_match_markers_or_empty_strings() -> None:
    redactor = Redactor(extra_patterns=[r"REDACTED", r"x*"])
    result = redactor.redact("DB_PASSWORD=hunter2")
    assert result == Redaction("DB_PASSWORD=[REDACTED:password]", {"password": 1})


@pytest.mark.parametrize("argument", ["extra_patterns", "allowlist"])
def test_bad_regex_raises_value_error_naming_it(argument: str) -> None:
    with pytest.raises(ValueError, match=r"\(unclosed"):
        Redactor(**{argument: ["ok", "(unclosed"]})


def test_allowlist_keeps_a_fully_matching_secret() -> None:
    redactor = Redactor(allowlist=[r"AKIA[A-Z0-9]{9}EXAMPLE"])
    text = "AKIAIOSFODNN7EXAMPLE and AKIAIOSFODNN7EXAMPLF"
    result = redactor.redact(text)
    assert result == Redaction(
        "AKIAIOSFODNN7EXAMPLE and [REDACTED:aws_access_key]", {"aws_access_key": 1}
    )


def test_allowlist_needs_a_full_match() -> None:
    assert Redactor(allowlist=["hunter"]).redact("PASSWORD=hunter2").text == (
        "PASSWORD=[REDACTED:password]"
    )


def test_a_catastrophic_user_pattern_runs_in_linear_time() -> None:
    """`(a+)+$` backtracks for minutes on Python's engine; on RE2 it is one pass."""
    code = (
        "from graphmem.redact import Redactor; "
        "r = Redactor(extra_patterns=['(a+)+$'], allowlist=['(x+x+)+y']); "
        "print(r.redact('a' * 50_000 + '! PASSWORD=' + 'Tr0ub4dor' * 5).text[-30:])"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=20, check=True
    )
    assert done.stdout.strip().endswith("PASSWORD=[REDACTED:password]")
    assert done.stderr == ""


def test_a_hook_without_site_finds_the_linear_engine_where_it_is_installed() -> None:
    """Hooks run `python -S`, where sys.prefix is the base Python's even in a virtual
    environment: the engine installed beside graphmem must still be found."""
    import re2

    installed = os.path.dirname(os.path.dirname(os.path.abspath(re2.__file__)))
    code = (
        "import json, sys; sys.path.append(sys.argv[1]); "
        "from graphmem.paths import site_packages; print(json.dumps(site_packages()))"
    )
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    done = subprocess.run(
        [sys.executable, "-S", "-c", code, root], capture_output=True, text=True, check=True
    )
    assert installed in json.loads(done.stdout)


def test_user_patterns_that_need_backtracking_are_refused_by_number() -> None:
    with pytest.raises(ValueError, match=r"extra pattern #2") as err:
        Redactor(extra_patterns=["ok", r"(a)\1"])
    assert "(a)" not in str(err.value).split(":")[0]


def test_every_redaction_is_bounded_in_time() -> None:
    with pytest.raises(RedactionTimeout, match="nothing was stored"):
        Redactor(seconds=0).redact("PASSWORD=hunter2 " * 1000)
    with pytest.raises(RedactionTimeout):
        Redactor(extra_patterns=["x"], seconds=0).redact("x")


def test_module_redact_matches_a_default_redactor() -> None:
    text = "\n".join(case.text for case in SECRETS[:10])
    assert redact(text) == Redactor().redact(text)


def test_import_pulls_in_only_the_standard_library() -> None:
    code = (
        "import sys, json; before = set(sys.modules); import graphmem.redact; "
        "print(json.dumps(sorted(set(sys.modules) - before)))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = json.loads(out.stdout)
    foreign = [m for m in loaded if m.split(".")[0] not in sys.stdlib_module_names]
    own = [m for m in foreign if m.startswith("graphmem.redact.")]  # the package's modules
    assert [m for m in foreign if m not in own] == [
        "graphmem",
        "graphmem.errors",
        "graphmem.paths",
        "graphmem.patterns",  # compiled patterns kept between processes
        "graphmem.record",
        "graphmem.redact",
    ]
    assert own  # the modules are counted: a rename of the package would not pass unseen


# --------------------------------------------------------------------------- properties

_FRAGMENTS = [
    *(case.text for case in SECRETS),
    *LOOKALIKES,
    *"=:\"' \n\t@/;&#-_.[]{}()$<>",
    "AKIA",
    "ghp_",
    "sk-",
    "eyJ",
    "://",
    "PASSWORD",
    "api_key",
    "Token",
    "secret",
    "--password ",
    "Bearer ",
    "Authorization: ",
    "<private>",
    "</private>",
    "<PRIVATE>",
    "<private/>",
    "<pri",
    "vate>",
    "[REDACTED:secret]",
    "-----BEGIN RSA PRIVATE KEY-----",
    "-----END RSA PRIVATE KEY-----",
    "hunter2",
    "0123456789abcdefABCDEF",
    "define('DB_PASSWORD', ",
    "'password' => ",
    "<password>",
    "</password>",
    "machine h login u password ",
    "Private-Lines: 2\n",
    'Comment: "it\'s"\n',
    "://u:",
    "a/b",
    "@host",
    "?sig=",
    "Authorization: ApiKey ",
    "SK0123456789abcdef0123456789abcdef",
    "hvs.",
    "1234567890:AA",
    "8Q~",
    "LS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0t",
    "eyJhdXRocyI6",
    '["password"] = ',
    "NEXT_PAGE_TOKEN=",
]
_secretish = st.lists(st.one_of(st.sampled_from(_FRAGMENTS), st.text(max_size=4)), max_size=12).map(
    "".join
)
_no_tags = st.text().filter(lambda s: "private" not in s.lower())
_settings = settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@_settings
@given(st.one_of(st.text(), _secretish))
@example("PASSWA 000000Aa 000000Aa")  # a told password's rule took the second made word next time
@example('p *cfg\n$1 = {user = 0x55592c0 "metrics", password = 0x55592e0 "mDtTkZKu?EVJs"}')
def test_never_raises_and_is_idempotent(text: str) -> None:
    once = redact(text)
    assert redact(once.text).text == once.text


@_settings
@given(_no_tags, _no_tags.filter(lambda s: "<" not in s and ">" not in s), _no_tags)
def test_private_content_never_reaches_the_output(before: str, hidden: str, after: str) -> None:
    closed = redact(f"{before}<private>{hidden}</private>{after}").text
    unclosed = redact(f"{before}<Private>{hidden}").text
    assert closed == redact(before + after).text
    assert unclosed == redact(before).text


@pytest.mark.parametrize(
    "text",
    [
        "AWS_ACCESS_KEY_ID=ASIAHBMUAPTT0ZN3X0PDLS0tLS1CRUdJTiBQUklWQVRFIEtFWS0tLS0t",
        "AKIAHBMUAPTT0ZN3X0PD-----BEGIN PRIVATE KEY-----\nMIIEvQIBADANBgkqhkiG9w0BAQEFAASC",
        "token=glpat-lMR4pAwBp3GVy1PixOqosha1: da39a3ee5e6b4b0d3255PARTITION_KEY = 'user_id'",
    ],
)
def test_a_token_glued_to_a_key_block_is_found_in_one_pass(text: str) -> None:
    once = redact(text).text
    assert redact(once).text == once


def test_only_the_generated_items_of_a_list_under_a_secret_name_go() -> None:
    """express-session's documented `'keyboard cat'` beside a real secret stays: each item is
    judged as the first one was, by whether it looks generated."""
    out = redact("app.use(session({ secret: ['Zx4TnV7rWs2LmQp9k8Jd', 'keyboard cat'] }))").text
    assert out == "app.use(session({ secret: ['[REDACTED:secret]', 'keyboard cat'] }))"
