"""Generate a recall benchmark split: multi-session coding conversations with planted facts, and
questions asked sessions later with the sentences that answer them (the evidence).

The conversations are what capture stores (one `turn` episode per prompt and answer, with the
tools line), plus what the hooks and the agent add on their own: a prompt the correction detector
flags becomes a correction episode, and a fact the agent kept with `graphmem add` a memory.
Filler is Zipf-distributed text (benchmarks/corpus.py), and every topic also has distractor turns
that reuse its words without the fact, as real conversations do. Seeded: the same seed and spec
give the same split.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from datetime import UTC, datetime, timedelta
from types import ModuleType

from benchmarks.corpus import Vocabulary, body_chars
from graphmem.hooks.corrections import classify_prompt
from graphmem.record import record
from graphmem.service import title_of
from graphmem.store.episodes import STOPWORDS, Episode

PROJECT = "bench"
GLOBAL = "global"
SESSIONS = 36
DAYS = 150  # the conversations span the last five months


@record(frozen=True)
class Question:
    kind: str  # direct | paraphrase | never | changed | multi
    text: str
    evidence: tuple[str, ...]  # sentences the block must show for the answer


@record(frozen=True)
class Split:
    episodes: list[Episode]
    questions: list[Question]


class _Builder:
    def __init__(self, spec: ModuleType, seed: int) -> None:
        self.rng = random.Random(seed)
        self.vocab = Vocabulary(seed, size=20_000, head=spec.VOCABULARY)
        # slots[s][k]: (prompt, answer) planned for turn k of session s, None for filler
        self.slots: list[list[tuple[str, str] | None]] = [
            [None] * self.rng.randint(14, 28) for _ in range(SESSIONS)
        ]
        self.kept: dict[tuple[int, int], str] = {}  # a memory the agent added in that turn

    def filler_prompt(self) -> str:
        return " ".join(self.vocab.sentence(self.rng) for _ in range(self.rng.randint(1, 2)))

    def answer_with(self, sentence: str | None, words: Sequence[str] = ()) -> str:
        """An answer of real size, with `sentence` at a random place and `words` sprinkled in."""
        rng = self.rng
        parts = [self.vocab.sentence(rng) for _ in range(max(2, body_chars(rng, 6000) // 90))]
        for word in words:
            i = rng.randrange(len(parts))
            parts[i] = parts[i][:-1] + f" {word}."
        if sentence:
            parts.insert(rng.randrange(len(parts) + 1), sentence)
        return " ".join(parts)

    def free(self, session: int, length: int = 1) -> int:
        """A run of `length` filler turns in `session`; its first index."""
        turns = self.slots[session]
        starts = [
            k
            for k in range(len(turns) - length + 1)
            if all(turns[j] is None for j in range(k, k + length))
        ]
        return self.rng.choice(starts)

    def plant(self, session: int, sentence: str, by: str, lead: str = "") -> tuple[int, int]:
        k = self.free(session, 2 if lead else 1)
        if lead:
            self.slots[session][k] = (lead, self.answer_with(None))
            k += 1
        if by == "user":
            prompt = f"{self.filler_prompt()} {sentence}" if self.rng.random() < 0.5 else sentence
            self.slots[session][k] = (prompt, self.answer_with(None))
        else:
            self.slots[session][k] = (self.filler_prompt(), self.answer_with(sentence))
        return session, k

    def distract(self, sentence: str, times: int = 3) -> None:
        """Turns elsewhere that use the fact's words but not the fact."""
        words = [w.strip(".,;:()") for w in sentence.split()]
        content = [w for w in words if len(w) > 3 and w.lower() not in STOPWORDS]
        for _ in range(times):
            session = self.rng.randrange(SESSIONS)
            k = self.free(session)
            picked = self.rng.sample(content, min(3, len(content)))
            self.slots[session][k] = (
                self.filler_prompt() + f" What about the {picked[0]}?",
                self.answer_with(None, picked),
            )


def generate(spec: ModuleType, run: int = 0) -> Split:
    """The episodes a store would hold after the split's sessions, and its questions. Each `run`
    is another project: the same topics, placed in other sessions among other filler."""
    seed = spec.SEED * 1000 + run
    _IDS.seed(seed)
    b = _Builder(spec, seed)
    rng = b.rng
    questions: list[Question] = []
    for topic in spec.TOPICS:
        first = rng.randrange(SESSIONS - 6)
        where = b.plant(first, topic["fact"], topic["by"], topic.get("lead", ""))
        if topic.get("kept"):
            b.kept[where] = topic["fact"]
        current = topic["fact"]
        if "correction" in topic:
            later = rng.randrange(first + 1, SESSIONS)
            b.plant(later, topic["correction"], "user")
            current = topic["correction"]
            questions.append(Question("changed", topic["changed"], (topic["fact"], current)))
        for kind, text in topic["q"]:
            questions.append(Question(kind, text, (current,)))
        b.distract(topic["fact"])
    for chain in spec.CHAINS:
        one, two = rng.sample(range(SESSIONS), 2)
        b.plant(one, chain["first"], "assistant")
        b.plant(two, chain["second"], rng.choice(("user", "assistant")))
        questions.append(Question("multi", chain["q"], (chain["first"], chain["second"])))
        b.distract(chain["second"], 2)

    episodes: list[Episode] = []
    now = datetime.now(UTC)
    for s, turns in enumerate(b.slots):
        day = now - timedelta(days=DAYS * (SESSIONS - s) / SESSIONS)
        session_id = f"{seed}-{s:02d}-{rng.getrandbits(32):08x}"
        for k, planned in enumerate(turns):
            stamp = day + timedelta(minutes=3 * k)
            prompt, answer = planned or (b.filler_prompt(), b.answer_with(None))
            body = f"User: {prompt}\nAssistant: {answer}"
            a, c = b.vocab.sample(rng, 2)
            if rng.random() < 0.6:
                body += f"\nTools: edited src/{a}/{c}.py; ran `pytest -x -q` (ok)"
            episodes.append(
                _episode(
                    PROJECT,
                    f"claude-code {session_id[:8]}: {title_of(prompt)}",
                    body,
                    "turn",
                    stamp,
                    session_id,
                )
            )
            flagged = classify_prompt(prompt)  # what the real UserPromptSubmit hook keeps
            if flagged:
                episodes.append(
                    _episode(
                        PROJECT,
                        f"{flagged.title()}: {title_of(prompt)}",
                        prompt,
                        flagged,
                        stamp,
                        session_id,
                    )
                )
            if (s, k) in b.kept:
                fact = b.kept[(s, k)]
                episodes.append(
                    _episode(
                        PROJECT, title_of(fact), fact, "memory", stamp + timedelta(seconds=30), None
                    )
                )
    for i, item in enumerate(spec.GLOBAL):
        stamp = now - timedelta(days=DAYS - 3 * i)
        episodes.append(_episode(GLOBAL, title_of(item["fact"]), item["fact"], "memory", stamp))
        for kind, text in item["q"]:
            questions.append(Question(kind, text, (item["fact"],)))
    for _ in range(40):  # other global memories, from other projects
        stamp = now - timedelta(days=DAYS * rng.random())
        note = b.vocab.sentence(rng)
        episodes.append(_episode(GLOBAL, title_of(note), note, "memory", stamp))
    return Split(episodes, questions)


_IDS = random.Random(0)  # episode ids, reproducible like the rest


def _episode(
    group: str, name: str, body: str, kind: str, when: datetime, session: str | None = None
) -> Episode:
    return Episode(
        uuid=f"{_IDS.getrandbits(128):032x}",
        group_id=group,
        name=name,
        body=body,
        source="message" if kind == "turn" else "text",
        kind=kind,
        origin="hook:claude-code" if kind != "memory" else "cli",
        session_id=session,
        created_at=when.strftime("%Y-%m-%dT%H:%M:%S.%fZ"),
    )
