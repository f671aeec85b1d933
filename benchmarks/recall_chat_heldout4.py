"""The fourth held-out split of the conversation domain (benchmarks/recall_chat.py): never tuned
on, and written blind. Its author never read the ranking code (graphmem/recall.py, the store's
search, the hooks, graphmem/semantic.py, or anything else under graphmem/), the docs, the README,
the changelog, the benchmark notes, the git log or any figure of any domain; only the generator
(benchmarks/recall_chat.py), the Question and Split types (benchmarks/recall_gen.py), how
bench_recall wires, loads and scores a split (benchmarks/bench_recall.py: RUNS, the domains,
`share`, `score`), the vocabulary's head words (benchmarks/corpus.py) and the other specs of the
conversation and indirect domains, to follow their format and to stay clear of their people,
stories, words and small talk. It was committed before anything was measured on it; its author
ran the generator alone, to check that every question's evidence is among the turns, and nothing
that ranks or scores.

Australian friends in their twenties, one in Melbourne and one in Brisbane, texting over months
in their own slang: a partner's visa refused and then granted on appeal, a graduate job on a
fly-in fly-out roster that is given up for the office, an orphaned baby wombat raised and then
released, a bushfire at the parents' farm, three weeks on a jury, a first baby from the
twelve-week scan to the birth, an appendix that bursts at a music festival, laser eye surgery,
sixty days' notice from a landlord and a new rental, a dragon boat crew that ends with a medal,
a citizenship ceremony, a head shaved for charity, engineering dropped for a carpentry trade, and
a game show on telly. Things are told in passing, in one turn each as the generator places them,
dated relative to the session ("on Friday", "this morning"). Questions are asked as a friend
would: mostly the subject named another way and sharing few words with the turn that answers it,
some plain; `open` ones need an inference from what was said ("will she be voting at the next
election?"), `never` ones ask about what was never said (the evidence is the turn that lets the
model say so).
"""

from __future__ import annotations

SEED = 3518
START = (2022, 2, 11)
PEOPLE = [("Shay", "Linh"), ("Jarrah", "Mirela"), ("Kasim", "Bronte")]

WORDS = """i you the and a to it my that so is was of in me it's for just on we but have
with this not be at what yeah nah like lol omg haha reckon heaps keen stoked arvo brekkie
servo ute thongs esky barbie bottle-o maccas footy sus legit hectic cooked dunno mate
sweet chill vibe bub folks mum dad nan grandad cousin aunty brother sister partner
visa appeal immigration paperwork empanadas mine roster charter donga office wombat
carer bottle sanctuary bush fire farm shed hay evacuate highway jury court trial fraud
baby scan jellybean appendix festival hospital drip trolley laser eyes glasses clock
landlord inspection rental lease lemon dragon boat paddle drummer medal citizen pledge
anthem lamington gum head shave fundraiser scalp beanie uni engineering tafe carpentry
apprentice quiz telly knives canada fig jam fence opal ring plane sheep shearing show
postcard penguin pantry mangoes kelpie cake try debut bats magpie huntsman possum
alternator radiator window mascot focus tattoo wrist ankle sunflower uni work rent
weekend tonight sunday friday""".split()

SMALL_TALK = [
    "Heaps good, {B}. Tell me the rest of the {w} thing later, yeah?",
    "Yeah nah, the {w} can wait till the arvo.",
    "Stoked for you! Was the {w} worth all the stress in the end?",
    "Reckon I'll just chill with some {w} tonight, too stuffed to go out.",
    "Far out, the {w} again? Can't catch a break this week.",
    "No worries at all. Shoot me a text about the {w} whenever.",
    "Servo run, back in a sec, then I want the full {w} debrief.",
    "How good is the {w} though. Honestly.",
    "Cooked. The {w} has absolutely cooked me this week, {B}.",
    "Sweet as. Let's sort the {w} out over brekkie on Sunday.",
    "Hectic week. Work, {w}, sleep, repeat.",
    "Legit can't stop laughing about the {w}, lol.",
    "Dunno, {B}, the whole {w} situation sounds a bit sus to me.",
    "Chuck us a photo of the {w} when you get a sec!",
    "Bit of a shocker of a day, but the {w} cheered me right up.",
    "Miss ya heaps. Come up soon and we'll do the {w} properly, my shout.",
]

EVENTS = [
    {
        "who": 0,
        "fact": "Immigration knocked back Camila's visa today. She's got till the end of March to "
        "leave, and we've spent every night since on the floor surrounded by paperwork.",
        "change": "The appeal came through! Camila's partner visa is granted, she's staying for "
        "good, and her mum sent a tray of empanadas over from Santiago to celebrate.",
        "changed": "Is {A}'s other half allowed to stay in the country now, and what was the "
        "problem before?",
        "q": [
            ("temporal", "When did {A} find out Camila might be sent home?"),
            ("single", "What did Camila's mum send over to celebrate?"),
            ("open", "Can we count on Camila for the Christmas barbie at ours this year?"),
            ("never", "Did {A} and Camila have to get married to sort out the paperwork?"),
        ],
    },
    {
        "who": 1,
        "fact": "Starting the grad program at the mine on Monday. Two weeks on at the coal pit in "
        "the Bowen Basin, one week home, and the charter leaves Brisbane at five in the morning.",
        "change": "Chucked in the fly-in fly-out. Too many nights in a donga missing birthdays, so "
        "I've moved to the office in Brisbane, nine to five and home for tea.",
        "changed": "Does {A} still fly up north for work, and what was the roster like?",
        "q": [
            ("temporal", "When did {A} begin at the mining company?"),
            ("paraphrase", "Why did {A} give up working away on site?"),
            ("open", "Could {A} make a Thursday night netball comp these days?"),
        ],
    },
    {
        "who": 0,
        "fact": "Got my wildlife carer's ticket this week and they've given me an orphaned baby "
        "wombat called Nugget. His mum was hit on the highway, so it's a bottle every four hours, "
        "even at three am.",
        "change": "Nugget went back to the sanctuary today to be released. He waddled off into the "
        "bush without even looking back, and I bawled my eyes out in the car park.",
        "changed": "Is {A} still hand-raising that little orphan, and what sort of animal was it?",
        "q": [
            ("temporal", "When did the baby marsupial come to live with {A}?"),
            ("single", "What was the name of the wombat {A} was caring for?"),
            ("paraphrase", "Did the young one {A} was minding ever go back to the wild?"),
            ("never", "Has {A} signed up to take on a koala next?"),
        ],
    },
    {
        "who": 0,
        "fact": "Mum and Dad had to evacuate the farm on Tuesday night. The fire jumped the "
        "highway and took the hay shed, but the house is still standing and the dogs were in the "
        "ute with them.",
        "q": [
            ("single", "What did the fire take at {A}'s parents' place?"),
            ("paraphrase", "Did {A}'s folks lose their home in the blaze?"),
            ("temporal", "When did {A}'s family have to get out ahead of the flames?"),
            ("never", "Did {A}'s parents lose any of their sheep?"),
        ],
    },
    {
        "who": 1,
        "fact": "Got picked for a jury this morning. Three weeks of a fraud trial in the District "
        "Court, and I'm not allowed to say a single word about it, not even to Jas.",
        "q": [
            ("single", "Which court is {A} sitting in every day?"),
            ("paraphrase", "What civic duty has {A} been roped into?"),
            ("temporal", "When did {A} get empanelled?"),
            ("never", "What verdict did {A}'s lot come back with?"),
            ("open", "Is {A} free for a weekday lunch in the city this month?"),
        ],
    },
    {
        "who": 1,
        "fact": "We're having a baby! The twelve-week scan was this morning, it's due in early "
        "November, and on the screen it looks exactly like a jellybean.",
        "change": "Marlo arrived on Thursday, three weeks early and tiny, and Jas reckons he's the "
        "spitting image of her dad.",
        "changed": "Has {A}'s bub been born yet, and when was it due?",
        "q": [
            ("temporal", "When did {A} see the first ultrasound?"),
            ("single", "Who does Jas think the little one takes after?"),
            ("open", "Is {A} up for a big night out on the town this weekend?"),
            ("never", "Did {A} and Jas find out if it was a boy or a girl before the birth?"),
        ],
    },
    {
        "who": 0,
        "fact": "Ended up in hospital at Splendour. My appendix burst on the Saturday night and I "
        "missed the headliner lying on a trolley in Byron with a drip in my arm.",
        "q": [
            ("paraphrase", "Why did {A} go under the knife on that weekend away?"),
            ("temporal", "When did {A} have the emergency op?"),
            ("never", "Did {A} get a refund for the festival ticket?"),
        ],
    },
    {
        "who": 1,
        "fact": "Had the laser eye surgery on Friday. Twenty years of thick glasses, and this "
        "morning I read the clock across the room before I'd even got out of bed.",
        "q": [
            ("single", "How long had {A} been wearing specs?"),
            ("paraphrase", "Can {A} see properly without lenses now?"),
            ("temporal", "When did {A} have the procedure on the eyes?"),
            ("open", "Will {A} need prescription goggles for the snorkelling trip?"),
        ],
    },
    {
        "who": 0,
        "fact": "Landlord rang yesterday, he's selling, so we've got sixty days to find somewhere. "
        "Forty people at every inspection and a queue down the street for a mouldy one-bedder.",
        "change": "Got the place in Brunswick! Two bedrooms, a lemon tree out the back, and it's "
        "only fifty bucks a week more than we pay now.",
        "changed": "Where has {A} ended up after being turfed out, and why did {A} have to move?",
        "q": [
            ("temporal", "When did {A} get told to find a new rental?"),
            ("single", "What's growing in the backyard of {A}'s new place?"),
            ("paraphrase", "How much has {A}'s rent gone up with the move?"),
            ("never", "Did {A} have to put stuff in storage between leases?"),
        ],
    },
    {
        "who": 1,
        "fact": "Joined a dragon boat crew on the river last week. Tuesdays and Thursdays at six "
        "am, and the drummer yells at us like a drill sergeant.",
        "change": "We came second at the nationals in Penrith! My palms are shredded, but there's "
        "a silver medal hanging off the fridge.",
        "changed": "How has {A}'s paddling gone since first joining the crew?",
        "q": [
            ("temporal", "When did {A} start rowing with the team?"),
            ("single", "Where did {A}'s crew race for the medal?"),
            ("open", "Would {A} be keen on a day kayaking down the Murray?"),
        ],
    },
    {
        "who": 1,
        "fact": "Became a citizen this morning! Took the pledge at the town hall, got a tiny gum "
        "tree in a pot and a lamington, and Mum cried through the whole anthem.",
        "q": [
            ("single", "What plant did {A} get at the ceremony?"),
            ("paraphrase", "Is {A} officially Australian now?"),
            ("temporal", "When did {A} take the citizenship pledge?"),
            ("open", "Will {A} be voting at the next federal election?"),
            ("never", "Did {A} have to give up the old passport?"),
        ],
    },
    {
        "who": 1,
        "fact": "Shaved my head on Saturday for the cancer fundraiser, in memory of Aunty "
        "Rosalind. Raised four thousand two hundred dollars, and my scalp is absolutely freezing.",
        "q": [
            ("single", "How much money did {A} raise?"),
            ("paraphrase", "Why has {A} got hardly any hair at the moment?"),
            ("temporal", "When did {A} get the clippers taken to them for charity?"),
            ("open", "Would a beanie be a good present for {A} right now?"),
        ],
    },
    {
        "who": 0,
        "fact": "Told Mum and Dad today I'm dropping out of engineering. I've enrolled in a "
        "twelve-week carpentry course at TAFE instead, and I've already built a wonky stool.",
        "change": "Finished TAFE, and Baz, Dad's old mate, has taken me on as a first-year "
        "apprentice chippy. Four years of carrying timber up ladders, and I've never been happier.",
        "changed": "What's {A} doing now instead of uni, and how did it start?",
        "q": [
            ("temporal", "When did {A} break the news about leaving uni?"),
            ("single", "Who's given {A} a start on the tools?"),
            ("paraphrase", "Is {A} training as a builder now?"),
        ],
    },
    {
        "who": 0,
        "fact": "Filmed my episode of the quiz show on Wednesday. Won eleven grand and a set of "
        "steak knives, but I blanked on the capital of Canada in front of the whole studio.",
        "q": [
            ("single", "Which question tripped {A} up on telly?"),
            ("paraphrase", "How much did {A} take home from the TV game?"),
            ("temporal", "When did {A} record the game show?"),
            ("open", "Should we get {A} on our pub trivia team?"),
            ("never", "Did {A} get invited back for the champions' round?"),
        ],
    },
]

CHAINS = [
    {
        "who": 0,
        "first": "Mrs Papadakis next door has a fig tree that hangs right over our fence.",
        "second": "Spent Sunday making jam with Mrs Papadakis, forty jars, and the kitchen looks "
        "like a crime scene.",
        "q": "How did {A} get hold of all that fruit for the preserves?",
    },
    {
        "who": 1,
        "first": "My cousin Rangi flies the mail plane out to Coober Pedy twice a week.",
        "second": "Rangi brought me back a little opal for my birthday, and I've had it set into "
        "a ring.",
        "q": "Which outback town did the stone in {A}'s new ring come from?",
    },
    {
        "who": 0,
        "first": "My grandad Wally sheared sheep out near Hay for forty years.",
        "second": "Took Grandad Wally to the Show, he jumped in on the shearing demo and beat the "
        "young bloke by a full minute.",
        "q": "Where did {A}'s grandfather work before showing up the youngster at the Show?",
    },
    {
        "who": 1,
        "first": "My brother Finn got a job as an electrician on the Antarctic supply ship out "
        "of Hobart.",
        "second": "Postcard from Finn at Casey station, with a penguin stamp and a photo of him in "
        "a fluffy hat.",
        "q": "What's the trade of {A}'s brother who wrote from the ice?",
    },
    {
        "who": 1,
        "first": "Our street's started a little pantry box out the front of number nine: take "
        "what you need, leave what you can.",
        "second": "Someone left a whole tray of mangoes in the pantry box with a note saying 'for "
        "the nurses on night shift'.",
        "q": "Where did the mystery tray of fruit turn up on {A}'s street?",
    },
    {
        "who": 1,
        "first": "My boss Colleen brings her kelpie Rusty into the office every Friday.",
        "second": "Rusty ate the whole birthday cake off the desk while we were all singing in "
        "the kitchen.",
        "q": "Whose dog scoffed the birthday cake at {A}'s work?",
    },
    {
        "who": 0,
        "first": "My cousin Tama got a contract with the Warriors reserves, he's moved over to "
        "Auckland.",
        "second": "Tama scored a try on his first-grade debut, and Nan screamed so loud at the "
        "telly the neighbours came round to check on her.",
        "q": "Which club was {A}'s cousin playing for when he scored on debut?",
    },
    {
        "who": 0,
        "first": "My housemate Oisin is doing a PhD on bats.",
        "second": "Oisin took us down to the botanic gardens at dusk with his detector, and "
        "thousands of flying foxes went over our heads.",
        "q": "Where did {A} go with the housemate who studies the little night flyers?",
    },
]

LISTS = [
    {
        "who": 1,
        "turns": [
            "Got swooped by a magpie on the way to the servo, it drew blood through my cap.",
            "There was a huntsman the size of my hand on the sun visor, I nearly drove into a bin.",
            "A possum got in through the kitchen window and ate every banana in the bowl.",
        ],
        "q": "What run-ins with the local critters has {A} had?",
    },
    {
        "who": 0,
        "turns": [
            "The ute's alternator carked it on the Hume, two hours on the side of the road.",
            "Radiator hose on the ute split, steam everywhere in the Bunnings car park.",
            "Window winder snapped on the ute, so the passenger window's stuck down and it's "
            "pouring.",
        ],
        "q": "What's gone wrong with {A}'s old car lately?",
    },
    {
        "who": 0,
        "turns": [
            "Picked up a shift as a mascot at the footy, two hours in a foam suit in thirty-degree "
            "heat.",
            "Doing Uber Eats on the e-bike on weekends, I know every stairwell in Fitzroy now.",
            "Did a paid focus group about breakfast cereal, a hundred bucks for an hour of eating "
            "Weet-Bix.",
        ],
        "q": "How has {A} been making a bit of extra cash on the side?",
    },
    {
        "who": 1,
        "turns": [
            "Got Nan's handwriting tattooed on my wrist, 'love you to the moon', copied off an "
            "old birthday card.",
            "Got a tiny banksia done on my ankle, it hurt way more than the wrist.",
            "My sister and I got matching sunflowers on our shoulders for her thirtieth.",
        ],
        "q": "What new ink has {A} had done?",
    },
]
