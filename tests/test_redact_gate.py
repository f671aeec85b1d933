"""The trigger gate skips rules whose triggers a text lacks: it must change no output.

Every corpus text (the tuning split and every held-out split, found by name, so a new split is
covered the day it lands) and generated text are redacted with and without the gate, and the two
outputs are compared byte for byte. Failures name a split and an index, never the text: a blind
held-out split must not be read through this test.
"""

from __future__ import annotations

import importlib
import pkgutil

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tests.data
from graphmem import redact as redaction
from graphmem.redact import Redactor
from graphmem.redact.assignments import _ASSIGNMENT_RULE
from graphmem.redact.rule import _Rule as Rule

_REDACTOR = Redactor()


def _texts(case: object) -> str:
    if isinstance(case, str):
        return case
    if isinstance(case, tuple):
        return str(case[1])
    return str(case.text)  # type: ignore[attr-defined]


def _corpora() -> dict[str, list[str]]:
    splits = {}
    for info in pkgutil.iter_modules(tests.data.__path__):
        if info.name.startswith("redaction_"):
            module = importlib.import_module(f"tests.data.{info.name}")
            cases = [*module.SECRETS, *module.LOOKALIKES]
            splits[info.name] = [_texts(case) for case in cases]
    return splits


_CORPORA = _corpora()


def _differs(text: str) -> bool:
    return _REDACTOR.redact(text) != _REDACTOR.redact(text, gated=False)


def test_every_split_is_covered() -> None:
    expected = {
        "redaction_corpus",
        "redaction_kinds",
        "redaction_heldout9",
        "redaction_heldout10",
        "redaction_heldout11",
        "redaction_heldout12",
        "redaction_heldout13",
        "redaction_heldout14",
        "redaction_heldout15",
        "redaction_heldout16",
        "redaction_heldout17",
        "redaction_heldout18",
        "redaction_heldout19",
        "redaction_heldout20",
        "redaction_heldout21",
        "redaction_heldout22",
        "redaction_heldout23",
    }
    assert expected <= set(_CORPORA)


def test_the_gate_changes_no_corpus_text() -> None:
    differing = [
        f"{split} #{i}"
        for split, texts in _CORPORA.items()
        for i, t in enumerate(texts)
        if _differs(t)
    ]
    assert differing == []


def test_the_gate_changes_no_corpus_joined() -> None:
    """All of a split in one text: redactions that put a marker beside the next rule's trigger."""
    for separator in ("\n", " ", ""):
        differing = [s for s, texts in _CORPORA.items() if _differs(separator.join(texts))]
        assert differing == [], repr(separator)


def _triggers() -> list[str]:
    return sorted(
        {t for rule in redaction._BUILTIN_RULES for t in getattr(rule, "triggers", ())}
        | {"[REDACTED:password]", "\u212a", "\u0130", "\u03a3"}  # Kelvin K, dotted I, sigma
    )


_PIECES = st.one_of(
    st.sampled_from(_triggers()),
    # tuning texts only: a falsifying example is printed, and held-out texts stay unread
    st.sampled_from(_CORPORA["redaction_corpus"] + _CORPORA["redaction_kinds"]),
    st.text(alphabet="aZ09_-=:/@. \n\t\"'\u00a0\u2028", max_size=30),
)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=12))
def test_the_gate_changes_no_generated_text(pieces: list[str]) -> None:
    text = "".join(pieces)
    assert _REDACTOR.redact(text) == _REDACTOR.redact(text, gated=False)


def test_a_character_lower_grows_moves_no_rule_off_its_triggers() -> None:
    """`İ`.lower() is two characters: positions found in the lowered text no longer match the
    text's, and the rules once searched the whole text then, matching where no trigger was."""
    text = 'İecho "dzHn4w2*H9yclj.OOdk" | kinit admin@ACME.IO"d"'
    expected = 'İecho "[REDACTED:password]" | kinit admin@ACME.IO"d"'
    assert _REDACTOR.redact(text).text == expected
    assert _REDACTOR.redact(text, gated=False).text == expected
    told = "İ and the password is dzHn4w2*H9yclj.OOdk"
    assert "dzHn4w2" not in _REDACTOR.redact(told, gated=False).text


@given(
    st.text(alphabet="ab :\n", max_size=40),
    st.text(alphabet="ab :\n", max_size=40),
    st.sampled_from(["", "x", "\n"]),
)
def test_the_words_stay_a_superset_of_the_redacted_texts_words(
    before: str, after: str, secret: str
) -> None:
    """Beside a marker, a redaction makes new words (`pw:[REDACTED:password]x`): a rule whose
    trigger only such a word holds must still be tried."""
    old = before + "s3cr3t" + secret + after
    new = before + "[REDACTED:password]" + after
    words = redaction._Words(old.lower())
    folded = new.lower()
    words.redacted(new, folded, [len(before)])
    # each on a line of its own, as the gates seek them, unless the text itself serves
    assert words.words is folded or all(f"\n{word}\n" in words.words for word in folded.split())


def _without_prefilter() -> tuple[object, ...]:
    """The built-in rules with the assignment rule's `before` test dropped: its regex tried at
    each of its triggers."""
    return tuple(
        Rule(r.regex, r.find, r.triggers, r.fold, r.needs) if r is _ASSIGNMENT_RULE else r
        for r in redaction._BUILTIN_RULES
    )


def test_the_prefilter_changes_no_corpus_text(monkeypatch: pytest.MonkeyPatch) -> None:
    """The cheap test before the assignment rule's long regex (`_may_assign`) may only skip
    triggers where the regex's match would be rejected anyway."""
    texts = [(s, i, t) for s, ts in _CORPORA.items() for i, t in enumerate(ts)]
    texts += [(s, -1, "\n".join(ts)) for s, ts in _CORPORA.items()]
    filtered = [_REDACTOR.redact(t) for _, _, t in texts]
    monkeypatch.setattr(redaction, "_BUILTIN_RULES", _without_prefilter())
    unfiltered = Redactor()
    differing = [
        f"{s} #{i}"
        for (s, i, t), out in zip(texts, filtered, strict=True)
        if unfiltered.redact(t) != out
    ]
    assert differing == []


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(_PIECES, max_size=12))
def test_the_prefilter_changes_no_generated_text(pieces: list[str]) -> None:
    text = "".join(pieces)
    filtered = _REDACTOR.redact(text)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(redaction, "_BUILTIN_RULES", _without_prefilter())
        assert Redactor().redact(text) == filtered
