"""The second held-out split of the indirect-question domain (benchmarks/recall_indirect.py):
never tuned on, and written blind. Its author never read the ranking code (graphmem/recall.py,
the store's search), the benchmark notes or any figure of the domain; only the generator, the
Question and Split types, how bench_recall wires and scores a split, and the two other specs of
the domain (benchmarks/recall_indirect_tune.py, benchmarks/recall_indirect_heldout.py), to follow
their format and to stay clear of their people, stories, words and small talk. It was committed
before anything was measured on it.

Other lives than the first two splits: a job lost and a trade learnt, a fraud on a parent, a
flooded kitchen, a move abroad, a deaf colleague, hens, an old tortoise, an allotment, headaches
and glasses. Questions are asked the way a friend would: the subject named another way, the
answer in a turn that does not name it, and when it happened told relative to another story.
"""

from __future__ import annotations

SEED = 5813
START = (2025, 2, 16)
PEOPLE = [("Aroha", "Tomasz"), ("Chidi", "Solveig"), ("Mei", "Rafael")]

WORDS = """i you the and a to it that so my was is of in me for we it's just but have on this
with what like yeah nah yep mate cheers tbh genuinely seriously basically actually proper
brilliant gutted mad wild cute bloody sorted shattered knackered kettle biscuits telly quiz
curry boiler hoover dishes nap commute evening friday sunday month ages saga bank branch
redundancy package shift bakery flour pottery wheel clay mugs stall market tortoise hedge
strawberry escaped niece baby brother hair hens eggs yard vietnam tailor suit linen motorbike
headaches migraine glasses optician frames screens rotterdam dutch cheese partner postdoc
remote standup dad call fraud account money phone pipe sink floor tiles washing machine
insurer lido swim water degrees therapy designer sign language classes hands plot allotment
council potatoes courgettes marrow show dentist manager board forecasting credit meeting hr
daughter university offers biology aberdeen email""".split()

SMALL_TALK = [
    "Mate, don't get me started on the {w}.",
    "Ha! {B}, that's exactly what I said about the {w}.",
    "Genuinely no plans tonight, maybe some {w} and an early one.",
    "Quick one, are we still on for the {w} thing on Friday?",
    "Seriously, the {w} again? That's the third time this month.",
    "Not gonna lie, I've been avoiding the {w} all day.",
    "Aw {B}, you're a star. I'll tell you about the {w} properly later.",
    "My brain is mush, too much {w} and not enough biscuits.",
    "Did I ever finish telling you the {w} saga? Remind me.",
    "Brilliant. Put the kettle on and tell me about the {w}.",
    "Nah, nothing new, just {w}, telly and bed.",
    "Give me five minutes, the {w} needs sorting first.",
]

STORIES = {
    "redundancy": {
        "turns": [
            "X: They're closing our whole branch. Thirty years that bank has been on the high "
            "street and I'm out in April.",
            "Y: Oh mate. Have they at least offered you a decent redundancy package?",
            "X: Eight months' pay, more than I expected. Still feels like being dumped by text.",
        ]
    },
    "bakery": {
        "after": "redundancy",
        "turns": [
            "X: First shift at the bakery done. Up at four, flour in my ears, happiest I've been "
            "in years.",
        ],
    },
    "pottery": {
        "turns": [
            "Y: Signed up for a pottery class on Thursday evenings, I've wanted a go on the wheel "
            "forever.",
            "X: Make me a mug! A wonky one is fine.",
            "Y: First attempt collapsed into a pancake. The teacher says that happens to everyone.",
        ]
    },
    "market": {
        "after": "pottery",
        "gap": 3,
        "turns": [
            "Y: Had a stall at the Sunday craft market, sold eleven mugs and a lopsided vase to a "
            "very kind old man.",
        ],
    },
    "tortoise": {
        "turns": [
            "X: Crisis. Gus has escaped again. He's eighty-two years old and faster than he looks.",
            "Y: How does a tortoise even escape??",
            "X: Found him two streets away under the vicar's hedge, halfway through a strawberry.",
        ]
    },
    "baby": {
        "turns": [
            "Y: My brother and his wife had the baby at 3am, I'm officially the fun relative now.",
            "X: Congratulations!! Boy or girl, and what did they call it?",
            "Y: A girl, Ilse, almost nine pounds, with a full head of black hair.",
        ]
    },
    "hens": {
        "turns": [
            "Y: We took in three ex-battery hens from a farm that was retiring them, the yard is "
            "now a war zone.",
        ]
    },
    "eggs": {
        "after": "hens",
        "gap": 2,
        "turns": ["Y: First egg this morning! Pale blue, I nearly had it framed."],
    },
    "vietnam": {
        "turns": [
            "X: Home from Vietnam and I already miss the street food.",
            "Y: Did you do the motorbike loop up north in the end?",
            "X: Three days on the back of a bike behind a guide called Minh, my backside will "
            "never forgive me.",
            "Y: And did the tailor in Hoi An make you something like you planned?",
            "X: A linen suit in two days, for less than my monthly bus pass.",
        ]
    },
    "migraine": {
        "turns": [
            "Y: Third migraine this week, I've spent every evening lying in a dark room.",
            "X: That's awful. Have you seen anyone about it?",
            "Y: The optician, of all people. Turns out I need glasses, I've been squinting at "
            "screens for years.",
        ]
    },
    "specs": {
        "after": "migraine",
        "gap": 2,
        "turns": [
            "Y: Picked up my specs today, round green frames, and I can read the bus numbers from "
            "across the road again.",
        ],
    },
    "rotterdam": {
        "turns": [
            "Y: It's official, we're moving to Rotterdam in September, my partner got the postdoc.",
            "X: Noooo. But also amazing. Can you keep your job from over there?",
            "Y: Yes, fully remote, I only have to be online for the Monday standup.",
        ]
    },
    "dutch": {
        "after": "rotterdam",
        "gap": 2,
        "turns": [
            "Y: Tried to order cheese in Dutch at the market and the woman switched to perfect "
            "English before I'd finished the first word.",
        ],
    },
    "scam": {
        "turns": [
            "X: Dad got a call from 'the bank' and moved £2,400 into a so-called safe account.",
            "Y: Oh no. Can he get any of it back?",
            "X: We're fighting it. He's so embarrassed he won't pick up the phone.",
        ]
    },
    "refund": {
        "after": "scam",
        "turns": [
            "X: Good news for once: every penny is back in Dad's account. He now hangs up on "
            "everyone, including me.",
        ],
    },
    "flood": {
        "turns": [
            "X: Came home to an inch of water in the kitchen, a pipe under the sink burst while "
            "we were out.",
            "Y: Nightmare. How bad is it?",
            "X: The floor's ruined and the washing machine is dead, so it's the launderette for "
            "me.",
        ]
    },
    "insurance": {
        "after": "flood",
        "gap": 3,
        "turns": [
            "X: The insurer finally paid up, so we went for oak-look tiles and a much quieter "
            "washing machine.",
        ],
    },
    "swim": {
        "turns": [
            "Y: I've joined the cold water lot at the lido. Seven sharp, water at six degrees.",
            "X: You are unwell. Why would anyone do that?",
            "Y: After two minutes in, my head goes completely quiet. Cheaper than therapy.",
        ]
    },
    "signing": {
        "turns": [
            "X: Noor, the new designer on my team, is deaf, so I've started sign language classes "
            "on Tuesdays.",
            "Y: That's so thoughtful. Is it hard?",
            "X: My fingers are slow, but the teacher says I have very expressive eyebrows.",
        ]
    },
    "lunch": {
        "after": "signing",
        "gap": 3,
        "turns": [
            "X: Had a whole lunch with Noor without a single note, just our hands. I only mixed "
            "up 'aunt' and 'dinner' once.",
        ],
    },
    "allotment": {
        "turns": [
            "Y: Four years on the waiting list and the council finally rang, plot seventeen is "
            "mine!",
            "X: An allotment of your own at last! What's going in first?",
            "Y: Potatoes to break up the soil, and far too many courgettes.",
        ]
    },
    "show": {
        "after": "allotment",
        "turns": [
            "Y: Second place at the village show for my marrow, beaten by a retired dentist who's "
            "been growing them for forty years.",
        ],
    },
    "presentation": {
        "turns": [
            "Y: My manager presented my forecasting model to the board as his own work.",
            "X: He did WHAT. What did you do?",
            "Y: Booked a meeting with HR and brought the file history, timestamps and all.",
        ]
    },
    "daughter": {
        "turns": [
            "Y: Any news on your daughter's university offers?",
            "X: Marine biology in Aberdeen! She accepted before I'd finished reading the email.",
        ]
    },
}

QUESTIONS = [
    ("single", "How many hens did {Y} take in?", [("hens", 0)]),
    ("single", "How cold is the water when {Y} swims at the lido?", [("swim", 0)]),
    ("single", "How old is Gus, {X}'s escape artist?", [("tortoise", 0)]),
    ("single", "What did {Y}'s manager present to the board as his own?", [("presentation", 0)]),
    ("indirect", "Where did {X}'s runaway pet turn up?", [("tortoise", 2)]),
    ("indirect", "What turned out to be behind {Y}'s headaches?", [("migraine", 2)]),
    ("indirect", "What is {Y}'s niece called?", [("baby", 2)]),
    (
        "indirect",
        "How did {Y} show who really built it after the boss took the credit?",
        [("presentation", 2)],
    ),
    ("indirect", "Which appliance did {X} lose when the kitchen flooded?", [("flood", 2)]),
    ("context", "What did the tailor in Hoi An make for {X}?", [("vietnam", 4)]),
    ("context", "What subject will {X}'s daughter study at university?", [("daughter", 1)]),
    ("context", "How generous was {X}'s redundancy package?", [("redundancy", 2)]),
    (
        "context",
        "Can {Y} keep working for the same employer after moving to Rotterdam?",
        [("rotterdam", 2)],
    ),
    (
        "multi",
        "What does {X} do for work now that the bank job is over?",
        [("redundancy", 0), ("bakery", 0)],
    ),
    (
        "multi",
        "Did {X}'s father recover what the fraudsters took, and how much was it?",
        [("scam", 0), ("refund", 0)],
    ),
    (
        "multi",
        "How long did {Y} wait for the garden plot, and what prize did its produce win?",
        [("allotment", 0), ("show", 0)],
    ),
    (
        "multi",
        "What did {Y} learn was causing the headaches, and which frames did {Y} pick?",
        [("migraine", 2), ("specs", 0)],
    ),
    (
        "temporal",
        "How many cups did {Y} sell a few weeks after starting the clay classes?",
        [("market", 0)],
    ),
    (
        "temporal",
        "What colour was the first one the birds laid, shortly after {Y} took them in?",
        [("eggs", 0)],
    ),
    (
        "temporal",
        "How did {Y}'s first try at speaking the local language go, shortly after the move abroad?",
        [("dutch", 0)],
    ),
    (
        "temporal",
        "What did {X} manage with the deaf colleague a few weeks after the Tuesday classes began?",
        [("lunch", 0)],
    ),
    (
        "temporal",
        "What did {X} choose for the new floor a few weeks after the pipe burst?",
        [("insurance", 0)],
    ),
]
