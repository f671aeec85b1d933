"""The tuning split of the conversation domain (benchmarks/recall_chat.py): ranking changes are
kept or dropped on these figures, with the coding split's. The held-out split
(benchmarks/recall_chat_heldout.py) is written apart: other people, events, words and wording.
"""

from __future__ import annotations

SEED = 23
START = (2024, 2, 3)  # the first session is some days after this
PEOPLE = [("Maya", "Tobias"), ("Priya", "Jonas"), ("Lucia", "Samir")]

# The most frequent words of chit-chat, most frequent first, then words of everyday life.
WORDS = """i you the and to a it that is was so my of in for it's that's me really just
have this with what on but be like oh yeah love know we so much great good time too how
think are your do all can lot wow glad happy fun feel thanks amazing awesome nice cool
hope sounds day week weekend friends family kids work home new things life yes right
always never totally pretty tell things lately maybe actually super little back see going
trip travel beach hike mountains city park garden dog cat puppy walk run gym yoga coffee
dinner lunch recipe cooking baking cake bread pizza music concert band guitar piano song
book novel reading movie series painting photos camera art class course school job boss
office project team meeting mom dad sister brother grandma cousin wedding birthday party
holiday summer winter spring autumn rain snow sunshine morning evening night plans relax
stress tired busy excited proud nervous grateful support community volunteer charity
neighbors house apartment move car bike train flight hotel camping lake river ocean""".split()

SMALL_TALK = [
    "That's so cool, {B}! I've been thinking about {w} a lot lately.",
    "Haha, I know the feeling. {w} always does that to me.",
    "Wow, that sounds amazing! How did you feel about the {w}?",
    "Thanks {B}, that means a lot. Honestly the {w} part was the best.",
    "Oh nice! Did the kids enjoy the {w}?",
    "I hear you. Work has been crazy busy, but {w} keeps me going.",
    "Same here! We should totally do {w} together sometime.",
    "Aw, that's sweet. My family always jokes about my {w} obsession.",
    "Glad you had fun! What was the best part of the {w}?",
    "Yeah, it's been a long week. I'm looking forward to some {w} this weekend.",
    "You always find the best {w}, {B}. Send me pictures!",
    "Hey {B}! Long time no talk. How's everything with the {w}?",
    "That's awesome, I'm so proud of you! {w} is not easy.",
    "Ha, you know me, always up for some {w}.",
    "It's been good! Just trying to relax and enjoy the {w}.",
    "I totally get it. Sometimes you just need a break from {w}.",
    "Sounds like a plan. Let me know how the {w} goes!",
    "Oh wow, I didn't know you were into {w}!",
    "Take care, {B}! Talk soon, and good luck with the {w}.",
    "Thanks for asking! Things are good, a bit busy with {w} stuff.",
]

EVENTS = [
    {
        "who": 0,
        "fact": "Guess what, I signed up for a pottery class at the Elm Street studio! My first "
        "bowl came out totally lopsided but I love it.",
        "q": [
            ("single", "What class did {A} sign up for at the Elm Street studio?"),
            ("temporal", "When did {A} start the pottery class?"),
            ("paraphrase", "What hands-on craft did {A} pick up recently?"),
        ],
        "change": "I stopped going to pottery, the studio got too expensive. I'm doing "
        "watercolor painting at home now instead.",
        "changed": "What art hobby does {A} do now, and what did they do before?",
    },
    {
        "who": 1,
        "fact": "I ran my first half marathon in Rotterdam on Sunday, finished in 1 hour 52 "
        "minutes!",
        "q": [
            ("single", "What was {A}'s time in the Rotterdam half marathon?"),
            ("temporal", "When did {A} run the half marathon?"),
            ("paraphrase", "How fast did {A} complete the 21 km race?"),
        ],
    },
    {
        "who": 0,
        "fact": "My sister Hannah just had a baby girl, they named her Clara. I'm an aunt now!",
        "q": [
            ("single", "What is the name of Hannah's baby?"),
            ("temporal", "When did {A} become an aunt?"),
            ("paraphrase", "Who is the newest member of {A}'s family?"),
            ("never", "Did Hannah have twins?"),
        ],
    },
    {
        "who": 1,
        "fact": "We adopted a rescue greyhound last week, his name is Biscuit and he sleeps "
        "about twenty hours a day.",
        "q": [
            ("single", "What breed is {A}'s dog Biscuit?"),
            ("temporal", "When did {A} adopt Biscuit?"),
            ("paraphrase", "What pet joined {A}'s household?"),
        ],
    },
    {
        "who": 0,
        "fact": "I got the job at the children's hospital! I start as a pediatric nurse in "
        "the cardiology ward next month.",
        "q": [
            ("single", "Which ward will {A} work in at the children's hospital?"),
            ("temporal", "When did {A} get the hospital job?"),
            ("paraphrase", "What is {A}'s new profession?"),
            ("never", "Did {A} apply to medical school?"),
        ],
    },
    {
        "who": 1,
        "fact": "I've been learning Portuguese on the bus every morning, I can finally order "
        "food without switching to English.",
        "q": [
            ("single", "What language is {A} learning?"),
            ("paraphrase", "How does {A} spend the commute to work?"),
        ],
        "change": "I gave up on Portuguese for now and switched to Japanese, we're going to "
        "Osaka next spring.",
        "changed": "Which language was {A} studying before, and which one now?",
    },
    {
        "who": 0,
        "fact": "We went camping at Lake Tahoe with the kids over the long weekend and saw a "
        "black bear near the campsite.",
        "q": [
            ("single", "What animal did {A}'s family see at Lake Tahoe?"),
            ("temporal", "When did {A} go camping at Lake Tahoe?"),
            ("paraphrase", "What wildlife encounter did {A} have on the family trip?"),
        ],
    },
    {
        "who": 1,
        "fact": "My band finally played our first gig at the Blue Lantern bar, I was so "
        "nervous on bass that my hands were shaking.",
        "q": [
            ("single", "Where did {A}'s band play their first gig?"),
            ("temporal", "When was the first gig of {A}'s band?"),
            ("paraphrase", "What instrument does {A} play?"),
            ("never", "Did {A}'s band release an album?"),
        ],
    },
    {
        "who": 0,
        "fact": "I've gone vegetarian since January, mostly for my health, and my lentil "
        "curry is now famous at work.",
        "q": [
            ("single", "Since when has {A} been vegetarian?"),
            ("paraphrase", "Does {A} still eat meat?"),
        ],
    },
    {
        "who": 1,
        "fact": "We're moving to Leeds in August, my partner got a teaching post at the "
        "university there.",
        "q": [
            ("single", "Which city is {A} moving to?"),
            ("paraphrase", "Why is {A} relocating?"),
            ("never", "Did {A} buy a house in Leeds?"),
        ],
        "change": "Change of plans, we're not moving to Leeds after all, the university froze "
        "the post, so we're staying put.",
        "changed": "Is {A} still moving to Leeds?",
    },
    {
        "who": 0,
        "fact": "My favorite book this year is The Salt Path, I cried reading it on the train.",
        "q": [
            ("single", "What is {A}'s favorite book this year?"),
            ("paraphrase", "Which memoir moved {A} to tears?"),
        ],
    },
    {
        "who": 1,
        "fact": "I volunteer at the food bank on Thursday evenings now, sorting donations "
        "with my neighbor Greta.",
        "q": [
            ("single", "Where does {A} volunteer on Thursdays?"),
            ("temporal", "On which evenings does {A} volunteer?"),
            ("paraphrase", "How does {A} help people in need?"),
        ],
    },
    {
        "who": 0,
        "fact": "Dad had knee surgery on Tuesday, it went well and he's already walking with "
        "a cane.",
        "q": [
            ("single", "What surgery did {A}'s dad have?"),
            ("temporal", "When did {A}'s father have the operation?"),
        ],
    },
    {
        "who": 1,
        "fact": "I finished building the treehouse for the twins, it has a rope ladder and "
        "a little window facing the garden.",
        "q": [
            ("single", "What did {A} build for the twins?"),
            ("paraphrase", "What woodworking project did {A} complete for the children?"),
        ],
    },
]

CHAINS = [
    {
        "who": 0,
        "first": "My best friend from school, Aiko, moved to Vancouver for a design job.",
        "second": "I'm flying out to visit Aiko in October, she promised to take me whale "
        "watching!",
        "q": "In which city will {A} go whale watching?",
    },
    {
        "who": 1,
        "first": "My grandma taught me her plum dumpling recipe when I was a kid.",
        "second": "I made grandma's plum dumplings for the street party and they were gone in "
        "ten minutes.",
        "q": "Who taught {A} the recipe {A} brought to the street party?",
    },
    {
        "who": 0,
        "first": "Our neighbor Mr. Okafor teaches chess at the library on Saturdays.",
        "second": "My son won his first chess tournament, all thanks to his Saturday lessons!",
        "q": "Who taught {A}'s son to play chess?",
    },
    {
        "who": 1,
        "first": "I bought a used camper van, a 1998 Volkswagen, and I'm fixing it up myself.",
        "second": "Took the van up the coast to Big Sur, slept by the ocean three nights.",
        "q": "What vehicle did {A} take to Big Sur?",
    },
]

LISTS = [
    {
        "who": 0,
        "turns": [
            "We camped on the beach at Point Reyes, the kids built a driftwood fort.",
            "Went camping in the redwoods with my brother, it rained all night in the tent.",
            "Last weekend we camped by a lake in the Sierras, the stars were unreal.",
        ],
        "q": "Where has {A} gone camping?",
    },
    {
        "who": 1,
        "turns": [
            "I baked sourdough for the first time, the crust was perfect.",
            "Tried making croissants today, so much butter, but worth it.",
            "My banana bread won the office bake-off!",
        ],
        "q": "What has {A} baked?",
    },
    {
        "who": 0,
        "turns": [
            "Saw Hamilton in the city with my mom for her birthday, we sang all the way home.",
            "We went to a jazz concert in the park, the saxophone player was incredible.",
        ],
        "q": "What shows and concerts has {A} been to?",
    },
]
