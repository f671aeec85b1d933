"""Every split of the conversation recall domain asks what its conversation can answer: each
question's evidence is said in the conversation, of a kind the benchmark reports, a `multi`
question's two turns in two sessions and a `list` question's in as many sessions as turns. A slip
in a spec (a question the generator drops, a `{placeholder}` left unfilled) would score a
question that no reader of the conversation could answer."""

from __future__ import annotations

from types import ModuleType

import pytest

from benchmarks import recall_chat
from benchmarks.bench_recall import DOMAINS

_, TUNE, HELD_OUT, KINDS, _ = DOMAINS["chat"]
SPECS = [TUNE, *HELD_OUT.values()]


def asked(spec: ModuleType) -> int:
    """How many questions the spec writes: an event's own, its `changed` one, one per chain and
    list."""
    events = sum(len(event["q"]) + ("change" in event) for event in spec.EVENTS)
    return events + len(spec.CHAINS) + len(spec.LISTS)


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.__name__.rsplit(".", 1)[-1])
def test_every_question_is_answered_in_the_conversation(spec: ModuleType) -> None:
    for run in range(len(spec.PEOPLE)):
        split = recall_chat.generate(spec, run)
        session_of: dict[str, str | None] = {}
        for episode in split.episodes:
            session_of.setdefault(episode.body.split(": ", 1)[1], episode.session_id)
        assert len(split.questions) == asked(spec)
        for question in split.questions:
            assert question.kind in KINDS, question.text
            assert "{" not in question.text, question.text
            assert all(e in session_of for e in question.evidence), question.text
            sessions = {session_of[e] for e in question.evidence}
            if question.kind in ("multi", "list", "changed"):
                assert len(sessions) == len(question.evidence) > 1, question.text
            else:
                assert len(question.evidence) == 1, question.text
