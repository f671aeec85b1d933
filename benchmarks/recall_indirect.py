"""Generate a recall split of the third domain: conversations whose questions share few words
with their evidence, as people ask about what friends told them.

Built here (nothing of any public benchmark is used), in the shape that makes long-term memory
hard: two friends chat in dated sessions of 24-40 turns, mostly chatter that reuses the words of
the stories and of the questions, and each story is told over a few consecutive turns, the answer
in a turn that does not name its subject ("Right by the canal, third floor"). Kinds of question:
`single` (a word or two in common), `indirect` (the subject named another way: "her new place",
"that holiday"), `context` (only the turn before the answer names the subject), `multi` (two
turns of different sessions: "what did she do after leaving the agency?"), `temporal` (asked
relative to another story: "shortly after moving in"; the story is placed a session or two after
the one it is asked relative to).

A spec module gives the split: people (one pair per run), its words and small talk, `STORIES`
(id -> turns, `X: ...` or `Y: ...` by who says it; `after`: a story told in a later session;
`gap`: at most this many sessions later) and `QUESTIONS` (kind, text, the evidence as (story id,
turn index) pairs). `{X}` and `{Y}` are the two people's names. Seeded.
"""

from __future__ import annotations

from types import ModuleType

from benchmarks import recall_chat
from benchmarks.recall_gen import Question, Split

SESSIONS = 26
TURNS = (24, 40)  # turns per session: long sessions, much chatter between what is asked about
ECHOES = 16  # chatter turns with words of each question: the subject comes up again and again


def generate(spec: ModuleType, run: int = 0) -> Split:
    """One conversation of the spec's people for `run`: its turns as episodes, and questions."""
    seed = spec.SEED * 1000 + run
    names = spec.PEOPLE[run % len(spec.PEOPLE)]
    chat = _Chatter(spec, seed, names)
    rng = chat.rng
    chat.turns = [[None] * rng.randint(*TURNS) for _ in range(SESSIONS)]
    said: dict[tuple[str, int], str] = {}
    placed: dict[str, int] = {}
    for story, told in spec.STORIES.items():
        anchor = placed.get(told.get("after", ""), -1)
        last = min(SESSIONS - 1, anchor + told.get("gap", SESSIONS))
        sessions = range(anchor + 1, last + 1) if anchor >= 0 else range(SESSIONS - 4)
        session = placed[story] = rng.choice(sessions)
        lines = [(0 if line[0] == "X" else 1, fill(line[3:], names)) for line in told["turns"]]
        room = [
            k
            for k in range(len(chat.turns[session]) - len(lines) + 1)
            if all(t is None for t in chat.turns[session][k : k + len(lines)])
        ]
        start = rng.choice(room)
        for k, (who, text) in enumerate(lines):
            chat.turns[session][start + k] = (who, text)
            said[story, k] = text
            chat.echo(text, 4, most=3)
    questions = []
    for kind, text, evidence in spec.QUESTIONS:
        question = fill(text, names)
        questions.append(Question(kind, question, tuple(said[e] for e in evidence)))
        chat.echo(question, ECHOES, most=2)
    chat.place_echoes()
    return Split(recall_chat.episodes(chat, seed), questions)


class _Chatter(recall_chat._Chat):
    def small_talk(self, who: int, words: list[str] | None = None) -> str:
        """Two sentences of chit-chat, not one: people ramble, and a block holds fewer turns."""
        return f"{super().small_talk(who, words)} {super().small_talk(who)}"


def fill(text: str, names: tuple[str, str]) -> str:
    return text.format(X=names[0], Y=names[1])
