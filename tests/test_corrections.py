"""classify_prompt on realistic prompts: corrections, preferences, and ordinary prompts that must
not fire. Precision matters more than recall: a false alarm stores an ordinary prompt as a memory.

The tables are the tuning split (tests/data/corrections_tuning.py); the held-out split's figures
are checked against the docs in test_docs.py, never asserted prompt by prompt."""

from __future__ import annotations

import pytest

from graphmem.hooks.corrections import classify_prompt
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
