"""Every split of the indirect-question recall domain asks what its conversation can answer:
each question's evidence is said in the conversation, a `multi` question's two turns in two
sessions, and a story told after another lands in a later session. A slip in a spec (a wrong
turn index, a story placed before what it follows) would score a question that no reader of the
conversation could answer."""

from __future__ import annotations

from types import ModuleType

import pytest

from benchmarks import recall_indirect
from benchmarks.bench_recall import DOMAINS

_, TUNE, HELD_OUT, KINDS, _ = DOMAINS["indirect"]
SPECS = [TUNE, *HELD_OUT.values()]


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.__name__.rsplit(".", 1)[-1])
def test_every_question_is_answered_in_the_conversation(spec: ModuleType) -> None:
    for run in range(len(spec.PEOPLE)):
        split = recall_indirect.generate(spec, run)
        session_of = {}
        for episode in split.episodes:
            said = episode.body.split(": ", 1)[1]
            session_of.setdefault(said, episode.session_id)
        assert len(split.questions) == len(spec.QUESTIONS)
        for question, (_, _, evidence) in zip(split.questions, spec.QUESTIONS, strict=True):
            assert question.kind in KINDS
            assert "{" not in question.text, question.text
            assert all(e in session_of for e in question.evidence), question.text
            sessions = {session_of[e] for e in question.evidence}
            if question.kind == "multi":
                assert len(evidence) == 2 and len(sessions) == 2, question.text
            else:
                assert len(evidence) == 1, question.text


@pytest.mark.parametrize("spec", SPECS, ids=lambda spec: spec.__name__.rsplit(".", 1)[-1])
def test_a_story_follows_one_told_before_it(spec: ModuleType) -> None:
    order = list(spec.STORIES)
    for story, told in spec.STORIES.items():
        if "after" in told:
            assert order.index(told["after"]) < order.index(story), story
    asked = {story for _, _, evidence in spec.QUESTIONS for story, _ in evidence}
    assert asked <= set(spec.STORIES)
