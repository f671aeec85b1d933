"""The tuning split of the indirect-question domain (benchmarks/recall_indirect.py): ranking
changes are kept or dropped on these figures, with the other domains' tuning splits. The
held-out split (benchmarks/recall_indirect_heldout.py) was written first and apart.
"""

from __future__ import annotations

SEED = 613
START = (2024, 1, 20)
PEOPLE = [("Jess", "Arjun"), ("Theo", "Camille"), ("Hana", "Marcus")]

WORDS = """i you the and a to it that so my was is of in me for it's we just but have this
with on what like yeah oh omg know love think good great really totally literally okay sure
wait maybe kinda ugh honestly news week weekend today yesterday tomorrow night morning work
office team lead mentor reorg doctor sleep marathon berlin knee race finish training kitten
dog kids name vote band drums garage rehearsal gig cousin birthday peanuts party allergist
son course furniture chair skip kyoto shrine noodle trip car motorway bonnet lorry tow
grandpa speech wedding sister barn cows vows lights ceremony dinner lunch coffee tea movie
show pizza rain sun shopping groceries bills phone laptop holiday flight train""".split()

SMALL_TALK = [
    "Omg {B}, same. The {w} situation here is out of control.",
    "Haha I love that. Okay, tell me everything about the {w}.",
    "Ugh, it's been one of those weeks. Too much {w}, not enough sleep.",
    "Wait, did I tell you about the {w}? Remind me later.",
    "Totally. I keep saying I'll sort the {w} out and then I don't.",
    "Aw that's so nice. We should do {w} together soon.",
    "Honestly same energy as the {w} last month.",
    "Nothing exciting here, just {w} and an early night.",
    "Hey {B}! How's your week going? Mine's all {w}.",
    "Okay that's hilarious. The {w} strikes again.",
    "Sure, let's do it. I'll text you about the {w}.",
    "Lol you and your {w}. Never change.",
]

STORIES = {
    "wedding": {
        "turns": [
            "Y: The wedding was this weekend. My sister cried through her entire vows.",
            "X: Stop, I'm tearing up. Where was it in the end?",
            "Y: A barn outside Bath, fairy lights everywhere, and the cows watched the whole "
            "ceremony.",
        ]
    },
    "promotion": {
        "turns": [
            "X: Big news, I'm team lead now. Six people, one of them is my old mentor.",
            "Y: That's awkward and amazing at the same time.",
            "X: She was lovely about it, she said she never wanted to manage anyone anyway.",
        ]
    },
    "burnout": {
        "after": "promotion",
        "gap": 3,
        "turns": [
            "X: I've been sleeping badly since the reorg, my doctor told me to take two weeks off.",
        ],
    },
    "marathon": {"turns": ["Y: Signed up for the Berlin marathon, no going back now."]},
    "race": {
        "after": "marathon",
        "turns": [
            "Y: My knee gave out at kilometre thirty, I walked the rest and still cried at the "
            "finish line.",
        ],
    },
    "kitten": {
        "turns": [
            "X: We have a kitten! Tiny, grey, and already bossing the dog around.",
            "Y: Name?? I need a name.",
            "X: The kids voted for Sir Pounce. I was outvoted.",
        ]
    },
    "band": {
        "turns": [
            "Y: Remember I said I wanted to play again? I answered an ad from a covers band.",
            "X: And??",
            "Y: They took me on drums. First rehearsal in a garage that smells like petrol.",
        ]
    },
    "gig": {
        "after": "band",
        "turns": ["Y: We played our first gig at my cousin's fortieth, nobody threw anything."],
    },
    "allergy": {
        "turns": [
            "X: Scary day. Noah had a reaction to peanuts at a party, his lips swelled up.",
            "Y: Oh god. Is he alright?",
            "X: He's fine now, another mum had an EpiPen. We're seeing an allergist next week.",
        ]
    },
    "course": {"turns": ["Y: I enrolled in a night course on furniture restoration."]},
    "chair": {
        "after": "course",
        "gap": 3,
        "turns": [
            "Y: Look at this chair I rescued from a skip, sanded and waxed it, it's gorgeous now.",
        ],
    },
    "kyoto": {
        "turns": [
            "X: Kyoto was unreal. We got up at five to see the shrine gates with no crowds.",
            "Y: Worth it?",
            "X: Totally, though I fell asleep in a noodle shop afterwards.",
        ]
    },
    "breakdown": {
        "turns": [
            "Y: The car died on the motorway, steam pouring out of the bonnet.",
            "X: Were you on your own?",
            "Y: With both kids in the back singing. A lorry driver stopped and waited with us "
            "for the tow.",
        ]
    },
    "grandpa": {
        "turns": ["X: Grandpa turned ninety on Saturday, he gave a speech nobody could hear."],
    },
}

QUESTIONS = [
    ("indirect", "Where did {Y}'s sister hold the ceremony?", [("wedding", 2)]),
    ("single", "What animals watched the ceremony at {Y}'s sister's wedding?", [("wedding", 2)]),
    (
        "indirect",
        "How did {X}'s old mentor feel about {X} having to manage her?",
        [("promotion", 2)],
    ),
    ("single", "How many people are on {X}'s team now?", [("promotion", 0)]),
    (
        "temporal",
        "What happened to {X}'s health a few weeks after the promotion?",
        [("burnout", 0)],
    ),
    ("multi", "Did {Y} finish the race in Berlin?", [("marathon", 0), ("race", 0)]),
    ("context", "What name did {X}'s family give the new kitten?", [("kitten", 2)]),
    ("context", "Which instrument does {Y} play in the covers band?", [("band", 2)]),
    ("single", "How did {Y} find the covers band?", [("band", 0)]),
    (
        "multi",
        "Where did {Y} play a gig after that first rehearsal?",
        [("band", 2), ("gig", 0)],
    ),
    ("context", "Who helped {X}'s son at the party when he had the reaction?", [("allergy", 2)]),
    ("indirect", "What gave {X}'s son the allergic reaction?", [("allergy", 0)]),
    ("temporal", "What did {Y} rescue a few weeks into the evening course?", [("chair", 0)]),
    ("indirect", "Which shop did {X} doze off in on that trip?", [("kyoto", 2)]),
    ("single", "Which city did {X} visit to see the shrine gates?", [("kyoto", 0)]),
    ("context", "Who kept {Y} company after the car died on the motorway?", [("breakdown", 2)]),
    ("indirect", "What happened when {X}'s grandfather gave his speech?", [("grandpa", 0)]),
]
