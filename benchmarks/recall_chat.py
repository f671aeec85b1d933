"""Generate a recall split of the second domain: long conversations between two people about
their lives, over months of dated sessions, with the turns that answer each question.

The shape of a public benchmark of long-term conversational memory, built here from scratch
(nothing of it is used): two friends chat in sessions days or weeks apart, one short turn per
utterance, stored one `turn` episode each (`Name: what they said`) with the session's date. Among
small talk they mention events, plans, hobbies, family and changes of mind; questions come
afterwards, each the first prompt of a new session: `single` (one turn, its own words), `temporal`
(when something happened: the dated turn), `paraphrase` (one turn, other words), `multi` (two
turns from different sessions), `list` (every turn, of several sessions, that says one kind of
thing: where they went camping), `changed` (a thing and its later change), `never` (something
never said; the evidence is the related turn that lets the model say so).

A spec module gives the split: people (one pair per run), its words, small-talk templates and its
events; `{A}` in an event is the person it happened to, `{B}` the other. Filler reuses each
event's words in replies that are not the answer, as friends' replies do. Seeded.
"""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime, timedelta
from types import ModuleType

from benchmarks.corpus import Vocabulary
from benchmarks.recall_gen import Question, Split
from graphmem.service import title_of
from graphmem.store.episodes import STOPWORDS, Episode

PROJECT = "bench"
SESSIONS = 28
_WORD = re.compile(r"[A-Za-z']+")


class _Chat:
    def __init__(self, spec: ModuleType, seed: int, names: tuple[str, str]) -> None:
        self.rng = random.Random(seed)
        self.spec = spec
        self.names = names
        self.vocab = Vocabulary(seed, size=4_000, head=spec.WORDS)
        # turns[s]: (speaker index, text or None for small talk) planned per session
        self.turns: list[list[tuple[int, str] | None]] = [
            [None] * self.rng.randint(14, 26) for _ in range(SESSIONS)
        ]
        self.echoes: list[list[str]] = []  # words of small talk placed after the events

    def fill(self, text: str, who: int, w: str = "") -> str:
        return text.format(A=self.names[who], B=self.names[1 - who], w=w)

    def small_talk(self, who: int, words: list[str] | None = None) -> str:
        """A turn of chit-chat: a template, sometimes a line of the split's words, `words` in."""
        rng = self.rng
        picked = words or [w for w in self.vocab.sample(rng, 12) if len(w) > 3][:3] or ["news"]
        text = self.fill(rng.choice(self.spec.SMALL_TALK), who, picked[0])
        if words or rng.random() < 0.5:
            extra = " ".join(self.vocab.sample(rng, rng.randint(4, 12)))
            text += f" {extra.capitalize()} {' '.join(picked[1:])}.".replace(" .", ".")
        return text

    def place(self, session: int, who: int, text: str) -> None:
        free = [k for k, t in enumerate(self.turns[session]) if t is None]
        self.turns[session][self.rng.choice(free)] = (who, text)

    def echo(self, sentence: str, times: int, most: int = 4) -> None:
        """Turns elsewhere, by either person, with the event's words but not the event."""
        content = [w for w in _WORD.findall(sentence) if len(w) > 3 and w.lower() not in STOPWORDS]
        for _ in range(times):
            words = self.rng.sample(content, min(self.rng.randint(1, most), len(content)))
            self.echoes.append(words)

    def place_echoes(self) -> None:
        """The echoes, once every event has its place: wherever a session has room."""
        for words in self.echoes:
            speaker = self.rng.randrange(2)
            open_ = [s for s, turns in enumerate(self.turns) if None in turns]
            self.place(self.rng.choice(open_), speaker, self.small_talk(speaker, words))


def generate(spec: ModuleType, run: int = 0) -> Split:
    """One conversation of the spec's people for `run`: its turns as episodes, and questions."""
    seed = spec.SEED * 1000 + run
    names = spec.PEOPLE[run % len(spec.PEOPLE)]
    chat = _Chat(spec, seed, names)
    rng = chat.rng
    questions: list[Question] = []
    for event in spec.EVENTS:
        who = event["who"]
        first = rng.randrange(SESSIONS - 5)
        fact = chat.fill(event["fact"], who)
        chat.place(first, who, fact)
        current = fact
        if "change" in event:
            change = chat.fill(event["change"], who)
            chat.place(rng.randrange(first + 1, SESSIONS), who, change)
            questions.append(Question("changed", chat.fill(event["changed"], who), (fact, change)))
            current = change
        for kind, text in event["q"]:
            evidence = fact if kind == "temporal" else current  # when it happened: the event
            questions.append(Question(kind, chat.fill(text, who), (evidence,)))
            chat.echo(text.replace("{A}", "").replace("{B}", ""), 2, most=2)
        chat.echo(fact, 8)
    for pair in spec.CHAINS:
        who = pair["who"]
        one, two = sorted(rng.sample(range(SESSIONS), 2))
        said, later = chat.fill(pair["first"], who), chat.fill(pair["second"], who)
        chat.place(one, who, said)
        chat.place(two, who, later)
        questions.append(Question("multi", chat.fill(pair["q"], who), (said, later)))
        chat.echo(pair["q"].replace("{A}", ""), 2, most=2)
        chat.echo(later, 5)
    for group in spec.LISTS:  # "Where has she been camping?": every turn that says so
        who = group["who"]
        each = [chat.fill(text, who) for text in group["turns"]]
        for session, text in zip(sorted(rng.sample(range(SESSIONS), len(each))), each, strict=True):
            chat.place(session, who, text)
        questions.append(Question("list", chat.fill(group["q"], who), tuple(each)))
        for text in each:
            chat.echo(text, 3, most=2)
    chat.place_echoes()
    return Split(episodes(chat, seed), questions)


def episodes(chat: _Chat, seed: int) -> list[Episode]:
    """The planned sessions as dated `turn` episodes, small talk where nothing is planned."""
    rng, names = chat.rng, chat.names
    found: list[Episode] = []
    year, month, first_day = chat.spec.START
    day = datetime(year, month, first_day, 18, tzinfo=UTC)
    ids = random.Random(seed)
    for s, turns in enumerate(chat.turns):
        day += timedelta(days=rng.randint(3, 16), minutes=rng.randint(-300, 200))
        session_id = f"chat-{seed}-{s:02d}"
        speaker = rng.randrange(2)
        for k, planned in enumerate(turns):
            who, text = planned or (speaker, chat.small_talk(speaker))
            speaker = 1 - who  # they take turns, as people do
            body = f"{names[who]}: {text}"
            stamp = (day + timedelta(minutes=k)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")
            found.append(
                Episode(
                    uuid=f"{ids.getrandbits(128):032x}",
                    group_id=PROJECT,
                    name=title_of(body),
                    body=body,
                    source="message",
                    kind="turn",
                    origin="ingest:chat",
                    session_id=session_id,
                    created_at=stamp,
                )
            )
    return found
