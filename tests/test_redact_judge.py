"""The learned judge of round 9 (benchmarks/redact_judge.py) is an evaluation, not a rule: these
tests pin what makes its leave-one-split-out figures honest (the split left out and held-out 13
are never trained on, labels come from the secrets' own positions, training is deterministic) and
that its judge and veto do to text what the figures say they do."""

from __future__ import annotations

import pytest

from benchmarks import redact_accuracy as acc
from benchmarks import redact_judge as rj
from graphmem.redact import redact

B = rj.BUCKETS


@pytest.fixture(scope="module")
def tuned() -> list[float]:
    """The judge trained on the tuning split only (the held-out splits stay unread here)."""
    return rj.train(rj.examples(*acc.tuning(), B), B)


def test_the_splits_judged_are_held_out_1_to_12_and_never_13() -> None:
    names = [name for name, _ in rj.SPLITS]
    assert names == ["held-out", *(f"held-out {i}" for i in range(2, 13))]


def test_loso_trains_on_every_split_but_the_one_it_judges(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each fold's training data holds the tuning split and the eleven others, never its own."""
    fake = [
        (
            f"held-out {i}",
            (lambda i=i: ([("k", f"pw{i}: Zx{i}9qT4mW7pL2", (f"Zx{i}9qT4mW7pL2",))], [])),
        )
        for i in range(1, 4)
    ]
    monkeypatch.setattr(rj, "SPLITS", tuple(fake))
    monkeypatch.setattr(acc, "tuning", lambda: ([], [("k", "build 7f3a2b1c9d8e")]))
    seen: list[int] = []
    monkeypatch.setattr(rj, "train", lambda data, b: seen.append(len(data)) or [0.0] * b)
    rows = rj.loso(B, [0.5], 0.02)
    # tuning: one look-alike candidate; each split: one secret candidate; a fold reads two splits
    assert seen == [3, 3, 3]
    assert [row[:2] for row in rows] == [[1, 0]] * 3


def test_a_candidate_is_positive_when_it_overlaps_its_cases_secret() -> None:
    secret = "Qm7vX2kLp9Tz4Wn8"
    data = rj.examples(
        [("config_syntax", f"user=deploy2024x password={secret} host=db01.internal", (secret,))],
        [("mixed", f"commit a1b2c3d4e5f6a7b8 by Deploy2024 ({secret[::-1]} reversed)")],
        B,
    )
    labels = [y for _, y in data]
    assert sum(labels) == 1  # the secret only: not the user name, the host, nor the look-alike
    assert len(labels) >= 5


def test_training_is_deterministic(tuned: list[float]) -> None:
    assert rj.train(rj.examples(*acc.tuning(), B), B) == tuned


def test_the_judge_replaces_a_generated_value_and_keeps_digests_and_paths(
    tuned: list[float],
) -> None:
    text = (
        "the staging db password is Vq8rT2mX9pLk4Wz7, user admin\n"
        "merged in commit 3f2a9c1d8e7b6a5f4e3d2c1b0a9f8e7d6c5b4a3f yesterday\n"
        "see docs/getting-started/InstallGuide2.md"
    )
    judged = rj.judge(text, tuned, 0.5, B)  # round 10's tuning cases of words after a password
    # name that are no password moved this value's score from above 0.9 to 0.85-0.9, round 12's
    # (ids after labels, defaults, keys told in prose) to 0.58-0.76 as their generated values
    # change; the digest and the path score below 0.01
    assert "Vq8rT2mX9pLk4Wz7" not in judged
    assert judged.replace("[REDACTED:judged]", "Vq8rT2mX9pLk4Wz7") == text


def test_the_veto_undoes_exactly_the_redactions_the_judge_clears() -> None:
    text = "DB_PASSWORD=Hq3!vT9zLw2@pXk\nAWS key AKIA" + "Q7XK2M4N6P8R3T5V" + " in the log"
    ruled = redact(text).text
    assert ruled.count("[REDACTED:") == 2
    clears = [-30.0] * B  # every candidate scores ~0: every rule redaction is undone
    assert rj.veto(text, ruled, clears, 0.02, B) == text
    keeps = [30.0] * B  # every candidate scores ~1: none is
    assert rj.veto(text, ruled, keeps, 0.02, B) == ruled


def test_candidates_skip_words_markers_and_short_values() -> None:
    text = "Refactoring the parser [REDACTED:intra42_secret] abc123 Zx9qT4mW7pL2 ok."
    assert [text[s:e] for s, e in rj.candidates(text)] == ["Zx9qT4mW7pL2"]
