"""classify_prompt on realistic prompts: corrections, preferences, and ordinary prompts that must
not fire. Precision matters more than recall: a false alarm stores an ordinary prompt as a memory.

The tables are the tuning split (tests/data/corrections_tuning.py); the held-out split's figures
are checked against the docs in test_docs.py, never asserted prompt by prompt."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from graphmem.hooks import corrections
from graphmem.hooks.corrections import classify_prompt
from tests.data import corrections_heldout as heldout
from tests.data.corrections_tuning import CORRECTIONS, ORDINARY, PREFERENCES


@pytest.mark.parametrize("prompt", CORRECTIONS)
def test_corrections_fire(prompt: str) -> None:
    assert classify_prompt(prompt) == "correction"


@pytest.mark.parametrize("prompt", PREFERENCES)
def test_preferences_fire(prompt: str) -> None:
    assert classify_prompt(prompt) == "preference"


@pytest.mark.parametrize("prompt", ORDINARY)
def test_ordinary_prompts_do_not_fire(prompt: str) -> None:
    assert classify_prompt(prompt) is None


def test_table_is_large_enough() -> None:
    assert len(CORRECTIONS) + len(PREFERENCES) >= 40
    assert len(ORDINARY) >= 40


@pytest.mark.parametrize("prompt", ["", "   ", "\n", "no", "Actually", "stop"])
def test_degenerate_prompts_do_not_fire(prompt: str) -> None:
    assert classify_prompt(prompt) is None


def test_curly_apostrophes_and_case_are_normalized() -> None:
    assert classify_prompt("DON\u2019T DO THAT") == "correction"
    assert classify_prompt("That\u2019s not what I asked") == "correction"


def test_correction_wins_over_preference_in_the_same_prompt() -> None:
    assert classify_prompt("No, don't do that. From now on use tabs.") == "correction"


def test_a_long_prompt_is_bounded_and_still_classified() -> None:
    prompt = "I told you not to do that. " + "word " * 200_000
    assert classify_prompt(prompt) == "correction"


def test_a_line_break_ends_a_sentence() -> None:
    assert classify_prompt("Remember: deploys happen on Tuesdays\nWhat else do you need?") == (
        "preference"
    )
    assert classify_prompt("no, use the v2 client\nwhy did it fail?") == "correction"
    assert classify_prompt("Remember that parser bug?\nIt is back, look at utils.py") is None


def test_quoted_text_is_not_the_users_instruction() -> None:
    assert classify_prompt('The issue says "I told you so", can you reply politely?') is None
    assert classify_prompt("Document the `stop doing` flag") is None


# -- the cue-word shortcut must never change a classification -----------------------------------

_FIRING = [*CORRECTIONS, *PREFERENCES, *heldout.CORRECTIONS, *heldout.PREFERENCES]


def _full(prompt: str) -> str | None:
    """The classification with every rule run, as if no prompt could be skipped."""
    text = corrections._normalize(prompt)
    return corrections._classify(text) if text else None


@pytest.mark.parametrize("prompt", [*_FIRING, *ORDINARY, *heldout.ORDINARY])
def test_the_shortcut_agrees_with_the_rules_on_every_table(prompt: str) -> None:
    assert classify_prompt(prompt) == _full(prompt)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(_FIRING), st.data())
def test_the_shortcut_agrees_when_words_are_taken_out(prompt: str, data: st.DataObject) -> None:
    # A rule could still match once a cue word is gone: hunt for such a prompt.
    words = prompt.split()
    keep = data.draw(st.lists(st.booleans(), min_size=len(words), max_size=len(words)))
    shorter = " ".join(w for w, k in zip(words, keep, strict=True) if k)
    assert classify_prompt(shorter) == _full(shorter)


def test_an_ordinary_prompt_compiles_no_rules(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(corrections, "_rules", None)
    prompt = "Refactor the cache index so the parser stops re-reading the manifest on each query."
    assert classify_prompt(prompt) is None
    assert corrections._rules is None
