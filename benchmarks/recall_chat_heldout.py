"""The held-out split of the conversation domain: never tuned on.

Written apart from the tuning split (benchmarks/recall_chat_tune.py) and from the ranking rules:
other people (older, other lives), their own words and small talk, other events and other ways
of asking; its own seed and dates.
"""

from __future__ import annotations

SEED = 9191
START = (2023, 9, 14)
PEOPLE = [("Gordon", "Elif"), ("Nadia", "Rhys"), ("Bernard", "Yuki")]

WORDS = """i the you and a to it of that was is in my for we on but with so just have
had me not he she they our all about what well yes really quite lovely dear honestly
anyway suppose rather bit mind news today yesterday tomorrow grandchildren grandson
granddaughter wife husband son daughter church choir allotment vegetables tomatoes roses
greenhouse bowls club pub quiz crossword knitting sewing quilt fishing boat harbour
cliff coast village market bakery tea biscuits soup roast sunday doctor appointment
hospital pills back hip knees retirement pension council bus ferry caravan cottage
cruise museum gallery theatre opera history lecture course laptop tablet phone email
photos album letters postcard stamps birds binoculars walk hills weather drizzle frost
storm sunny chilly garden shed paint fence roof plumber kitchen cupboard""".split()

SMALL_TALK = [
    "Oh {B}, you do make me laugh. The {w} was much the same here.",
    "Well, that's lovely news. We've had a quiet week, mostly {w}.",
    "Goodness, how did that happen? I'd have been worried sick about the {w}.",
    "I suppose so. Anyway, the {w} can wait until the weather turns.",
    "Do give them my love. Tell me more about the {w} next time.",
    "Quite right too. I never did understand all the fuss about {w}.",
    "Ha! That reminds me of the {w} we had years ago.",
    "Not much to report, dear. Bit of {w} and an early night.",
    "How lovely. Did you manage to get any photos of the {w}?",
    "Honestly, {B}, I don't know where the time goes. {w} again already!",
    "I'll ring you on Sunday then. Mind the {w}.",
    "That sounds like hard work. Are you keeping well otherwise, what with the {w}?",
    "We must catch up properly soon, over tea and {w}.",
    "Oh I remember that! The {w} was always the highlight.",
    "Bless them. Children grow up so fast, don't they, with all their {w}.",
    "Right, I'd better go, the {w} won't sort itself out.",
]

EVENTS = [
    {
        "who": 0,
        "fact": "Our Dorothy passed her driving test on the third go, she's over the moon and "
        "already borrowing the Fiesta.",
        "q": [
            ("single", "Which car is Dorothy borrowing?"),
            ("temporal", "When did Dorothy pass her driving test?"),
            ("paraphrase", "Who in {A}'s family just got a licence?"),
        ],
    },
    {
        "who": 1,
        "fact": "I've taken up sea swimming with a group of ladies at Porthcawl, every Wednesday "
        "at seven, even when the water is freezing.",
        "q": [
            ("single", "Where does {A} go sea swimming?"),
            ("temporal", "Which day of the week does {A} swim in the sea?"),
            ("paraphrase", "What cold-water exercise does {A} do with friends?"),
            ("never", "Did {A} swim the Channel?"),
        ],
    },
    {
        "who": 0,
        "fact": "The marrow I grew on the allotment took second prize at the village show, "
        "beaten only by Frank's.",
        "q": [
            ("single", "What prize did {A}'s marrow win at the village show?"),
            ("temporal", "When did {A}'s vegetable win a prize?"),
            ("paraphrase", "How did {A}'s produce do in the local competition?"),
        ],
    },
    {
        "who": 1,
        "fact": "We've booked a cruise round the Norwegian fjords for our ruby anniversary, "
        "leaving from Southampton.",
        "q": [
            ("single", "Where does {A}'s anniversary cruise leave from?"),
            ("paraphrase", "How is {A} celebrating forty years of marriage?"),
        ],
        "change": "We had to cancel the fjords cruise, my hip isn't up to it, so we're doing "
        "a week in a cottage in the Lake District instead.",
        "changed": "What are {A}'s anniversary plans now, and what were they before?",
    },
    {
        "who": 0,
        "fact": "The doctor says my blood pressure is too high, so I'm off salt and walking to "
        "the paper shop instead of taking the car.",
        "q": [
            ("single", "What did the doctor tell {A} about blood pressure?"),
            ("temporal", "When did {A} hear about the blood pressure?"),
            ("paraphrase", "What health changes has {A} made?"),
        ],
    },
    {
        "who": 1,
        "fact": "My grandson Theo got into Edinburgh to read marine biology, first in the "
        "family to go to university.",
        "q": [
            ("single", "What subject will Theo study at Edinburgh?"),
            ("temporal", "When did {A} hear Theo got into university?"),
            ("paraphrase", "What is {A}'s grandson going to study?"),
            ("never", "Did Theo get a scholarship?"),
        ],
    },
    {
        "who": 0,
        "fact": "I've joined the church choir as a tenor, we're rehearsing Handel's Messiah "
        "for Christmas.",
        "q": [
            ("single", "What piece is {A}'s choir rehearsing?"),
            ("paraphrase", "What part does {A} sing?"),
        ],
        "change": "I've left the choir, the new director and I didn't see eye to eye. I go "
        "to the bowls club on Tuesdays instead.",
        "changed": "Is {A} still in the choir?",
    },
    {
        "who": 1,
        "fact": "A storm brought down the old apple tree in the back garden, it missed the "
        "shed by inches.",
        "q": [
            ("single", "What did the storm knock down in {A}'s garden?"),
            ("temporal", "When did the storm hit {A}'s garden?"),
            ("paraphrase", "What damage did the bad weather do at {A}'s house?"),
        ],
    },
    {
        "who": 0,
        "fact": "I finally finished the patchwork quilt for the new baby, forty squares of "
        "old shirts and curtains.",
        "q": [
            ("single", "What did {A} make the quilt out of?"),
            ("paraphrase", "What sewing gift did {A} finish for the baby?"),
            ("never", "Did {A} sell the quilt at the market?"),
        ],
    },
    {
        "who": 1,
        "fact": "I'm doing an evening course on the history of the Romans at the community "
        "college, the lecturer brought a real coin last week.",
        "q": [
            ("single", "What is {A}'s evening course about?"),
            ("temporal", "When did the lecturer bring the coin?"),
            ("paraphrase", "What ancient civilization is {A} learning about?"),
        ],
    },
    {
        "who": 0,
        "fact": "Our cat Pepper went missing for four days and turned up in the neighbour's "
        "garage, thin but fine.",
        "q": [
            ("single", "Where was Pepper found?"),
            ("temporal", "When did {A}'s cat go missing?"),
            ("paraphrase", "What happened to {A}'s pet?"),
        ],
    },
]

CHAINS = [
    {
        "who": 1,
        "first": "My brother Alun runs a little bookshop in Hay-on-Wye.",
        "second": "Spent the weekend helping Alun move the poetry shelves, my back is killing me.",
        "q": "In which town did {A} spend the weekend moving shelves?",
    },
    {
        "who": 0,
        "first": "Mum's old recipe book has her Welsh cakes written in pencil on the back page.",
        "second": "I baked the Welsh cakes from the back page for the church fete and sold "
        "out by noon.",
        "q": "Whose recipe did {A} bake for the church fete?",
    },
    {
        "who": 1,
        "first": "My friend Margaret from the choir is a retired piano teacher.",
        "second": "Margaret is giving my granddaughter piano lessons on Fridays now.",
        "q": "What did the granddaughter's piano teacher do for a living?",
    },
]

LISTS = [
    {
        "who": 1,
        "turns": [
            "Took the grandchildren to the aquarium in Plymouth, Theo loved the sharks.",
            "We had a day out at the steam railway, the little ones waved at every cow.",
            "Went blackberry picking with the grandchildren along the canal path.",
        ],
        "q": "What outings has {A} had with the grandchildren?",
    },
    {
        "who": 0,
        "turns": [
            "The boiler packed in again, we had no hot water for three days.",
            "Had the roof seen to after the gales, two slates had come off.",
        ],
        "q": "What repairs has {A}'s house needed?",
    },
]
