"""The held-out split of the indirect-question domain (benchmarks/recall_indirect.py): never
tuned on. Written before any ranking change was measured on the domain, apart from the tuning
split (benchmarks/recall_indirect_tune.py): other people, stories, words and small talk, and its
own seed and dates.
"""

from __future__ import annotations

SEED = 4471
START = (2024, 8, 2)
PEOPLE = [("Marta", "Owen"), ("Kwame", "Ines"), ("Rosa", "Dmitri")]

WORDS = """i you the and a to it was so my that is in of me for just but we on it's really
have had this with what like got know think oh yeah okay honestly literally anyway haha lol
mean well still though pretty weird fine tired busy week weekend tonight morning later soon
flat keys boxes canal neighbourhood stairs lift courtyard lock bike police agency notice
studio game cards foxes nephew mum wrist cast crossword garden party portugal lisbon tram
hills tarts fado bar test hill bus licence greyhound rescue kitchen duvet choir altos
rehearsal library audition coffee train rain shopping laundry dinner takeaway series
episode podcast gym football match pub friends flatmate landlord rent bills""".split()

SMALL_TALK = [
    "Haha honestly same, {B}. My whole week has been {w} and nothing else.",
    "Okay but did you see the thing about {w}? I can't stop thinking about it.",
    "Lol no, I'm still in bed. Tell me about the {w} though.",
    "Wait, is this the same {w} you mentioned before or a new one?",
    "Ugh, I know. Anyway, what are you up to tonight, more {w}?",
    "That's fair. I've been meaning to sort out the {w} for ages.",
    "Oh that reminds me, I owe you for the {w}!",
    "Not much here, bit of {w}, bit of sofa. Living the dream.",
    "Send pics!! I need to see this {w} for myself.",
    "Honestly {B} you're the only one who gets my {w} rants.",
    "Right, I'm off to deal with the {w}. Talk later?",
    "Same time next week? I'll bring the {w}.",
]

STORIES = {
    "flat": {
        "turns": [
            "X: Finally got the keys yesterday! Boxes everywhere but it's ours.",
            "Y: Congratulations!! Which neighbourhood did you end up in?",
            "X: Right by the canal in Hackney, third floor, no lift, my calves are suffering.",
        ]
    },
    "bike": {
        "after": "flat",
        "gap": 2,
        "turns": [
            "X: Worst morning ever. Someone cut the lock and took my bike from the courtyard.",
            "Y: Oh no, the green one you rebuilt?",
            "X: That one. Reported it, but the police basically shrugged.",
        ],
    },
    "job": {
        "turns": [
            "Y: So I handed in my notice at the agency today.",
            "X: No way! Where are you going?",
            "Y: A small studio that makes board games, I'll be drawing all their artwork.",
            "X: That is so you. When?",
            "Y: First of March. Terrified and thrilled in equal measure.",
        ]
    },
    "launch": {
        "after": "job",
        "turns": [
            "Y: Our first game is out! The one with the foxes, I drew every card.",
            "X: I'm buying three copies, one for each nephew.",
        ],
    },
    "mum": {
        "turns": [
            "X: Sorry I've been quiet, Mum had a fall and broke her wrist.",
            "Y: Oh no, is she okay? Do you need anything?",
            "X: She's fine, just furious she can't do her crossword. Cast comes off in six weeks.",
        ]
    },
    "party": {
        "after": "mum",
        "gap": 3,
        "turns": [
            "X: We threw a little garden party once the cast was off, she danced with one arm up "
            "like a trophy.",
        ],
    },
    "lisbon": {
        "turns": [
            "Y: Back from Portugal! Lisbon was all hills and custard tarts.",
            "X: Jealous. Did you do the tram thing?",
            "Y: Tram 28 twice, and we got lost in Alfama looking for a fado bar we never found.",
        ]
    },
    "test": {
        "turns": [
            "X: Failed my driving test. Stalled on a hill start, in front of a bus full of kids.",
        ]
    },
    "retest": {
        "after": "test",
        "turns": ["X: Passed!!! Second time lucky, not a single stall."],
    },
    "foster": {
        "turns": [
            "Y: We're fostering a greyhound for the rescue, she's called Pepper.",
            "X: Aww! How is she settling?",
            "Y: She's scared of the steps, so she sleeps in the kitchen on my old duvet.",
        ]
    },
    "choir": {
        "turns": [
            "Y: Did you go to that audition in the end?",
            "X: I did, and they put me with the altos. Rehearsals are Wednesday nights in the old "
            "library.",
        ]
    },
}

QUESTIONS = [
    ("indirect", "Which floor is {X}'s new place on?", [("flat", 2)]),
    (
        "temporal",
        "What did {X} lose from the courtyard shortly after moving in?",
        [("bike", 0)],
    ),
    ("single", "Did the police help {X} get the bike back?", [("bike", 2)]),
    ("indirect", "What will {Y} be drawing in the new role?", [("job", 2)]),
    ("context", "When does {Y} start at the studio?", [("job", 4)]),
    (
        "multi",
        "What game did {Y} work on after leaving the agency?",
        [("job", 0), ("launch", 0)],
    ),
    ("single", "What animals are in the game {Y} illustrated?", [("launch", 0)]),
    ("indirect", "How many weeks will {X}'s mother be in plaster?", [("mum", 2)]),
    ("single", "What did {X}'s mum injure?", [("mum", 0)]),
    ("temporal", "What did the family do once the cast came off {X}'s mother?", [("party", 0)]),
    ("indirect", "What were {Y} and friends looking for on that holiday?", [("lisbon", 2)]),
    ("single", "Which tram line did {Y} ride in Lisbon?", [("lisbon", 2)]),
    (
        "multi",
        "How many tries did {X} need to pass the driving test?",
        [("test", 0), ("retest", 0)],
    ),
    ("indirect", "Where does {Y}'s new pet sleep, and why?", [("foster", 2)]),
    ("context", "Which section did {X} join after the audition?", [("choir", 1)]),
    ("single", "When are {X}'s rehearsals?", [("choir", 1)]),
]
