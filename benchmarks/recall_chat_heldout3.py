"""The third held-out split of the conversation domain (benchmarks/recall_chat.py): never tuned
on, and written blind. Its author never read the ranking code (graphmem/recall.py, the store's
search, the hooks, graphmem/semantic.py), the docs, the changelog, the benchmark notes, the git
log or any figure of any domain; only the generator (benchmarks/recall_chat.py), the Question and
Split types (benchmarks/recall_gen.py), how bench_recall wires, loads and scores a split
(benchmarks/bench_recall.py: RUNS, the domains, `share`, `score`), the vocabulary's head words
(benchmarks/corpus.py) and the other specs of the conversation and indirect domains, to follow
their format and to stay clear of their people, stories, words and small talk. It was committed
before anything was measured on it.

Friends and relatives in their thirties and forties, chatting over months: a kidney given to a
brother, dinghy lessons on a reservoir, the last year of a night-school degree, a parking app
that folds, a first foster placement, a barefoot wedding in Zanzibar, a burglary and the rings
that turn up in a pawn shop, Land's End to John o'Groats on a bike, a first open mic, a mother
moving in after a diagnosis, braces at forty-one, coeliac disease, a weekend at a forge, a
half-sister found by a DNA kit. Things are told in passing, in one turn each as the generator
places them, dated relative to the session ("on Saturday", "this morning"). Questions are asked as
a friend would: mostly the subject named another way and sharing few words with the turn that
answers it, some plain; `open` ones need an inference from what was said ("would she be up for
a blind date?"), `never` ones ask about what was never said (the evidence is the turn that lets
the model say so).
"""

from __future__ import annotations

SEED = 8627
START = (2021, 5, 22)
PEOPLE = [("Ligaya", "Imre"), ("Hodan", "Eero"), ("Thandiwe", "Nikos")]

WORDS = """i the you and a to it my that of was so in is me for we it's on but just with
have not at be this he she they what no yeah ah sure grand class wrecked mortified lashing
craic wee story sound stop hold swear ages fortnight tonight telly couch pint chips
brother kidney transplant surgeon theatre scar ward lasagne dinghy reservoir instructor
lessons capsized lifejacket degree college essay dissertation strike results letter
insurance app driveway parking developers investors foster placement torch bedroom social
beach veil zanzibar readings window laptop rings police pawn crime saddle puncture headwind
bike mic comedy laughs shirt bar diagnosis drawers dining room braces orthodontist lisp
apple mirror coeliac gluten bread pastry beer bloods forge anvil hammer opener eyebrows
blister sister kit dad bakery arches christening lighthouse neighbour bird box sauna snow
midwife taxi shift heron drawing library bus teacher telescope saturn trumpet truck lamb
car boot helmet sewing maps toe grill toast fish foot toddler keys toaster basket barber
shows episodes nan mum kids boys school work rain weekend""".split()

SMALL_TALK = [
    "Ah stop, {B}. The {w} is the last thing I need this week.",
    "Grand, grand. Tell me about the {w} when you've a minute.",
    "Go way! I'd never have guessed that about the {w}.",
    "Class. We'll talk about the {w} properly at the weekend.",
    "I'm wrecked, {B}. Up half the night with the {w}.",
    "Mortified is the word. Don't mention the {w} to a soul.",
    "What's the story with the {w}, did you ever hear back?",
    "Sure look, the {w} will keep till Monday.",
    "Giving out about the {w} again, I know, I know.",
    "Hold on, herding the small ones out the door. Back in five with the {w} news.",
    "Swear to God, the {w} has a mind of its own.",
    "Wee update on the {w}: nothing. Absolutely nothing.",
    "Lashing here, so it's the couch and the {w} for me tonight.",
    "Miss you, {B}. Come up soon and we'll sort the {w} out over a pint.",
    "Ten out of ten, would {w} again.",
    "Ages since we had a proper natter. How's the {w} treating you?",
]

EVENTS = [
    {
        "who": 0,
        "fact": "The transplant team rang this morning. I'm a match for my brother Kalani, so "
        "they're taking one of my kidneys out and giving it to him after Easter.",
        "change": "Home from the hospital. Kalani's new kidney started working before he was even "
        "out of theatre, and all I've got is a scar and a fridge full of his wife's lasagne.",
        "changed": "How did the operation on {A}'s brother go, and what part did {A} play in it?",
        "q": [
            ("temporal", "When did {A} get the call about giving an organ to a sibling?"),
            ("single", "What did Kalani's wife fill {A}'s fridge with?"),
            ("paraphrase", "Is {A}'s brother's body taking to the donated organ?"),
            ("never", "Did {A} end up in intensive care after the surgery?"),
        ],
    },
    {
        "who": 1,
        "fact": "Spent Saturday in a dinghy on the reservoir with an instructor called Bev. "
        "Capsized twice, swallowed half the water in it, and I've booked the next four lessons "
        "anyway.",
        "change": "Passed my level two, and now I crew every other Sunday for a retired GP who "
        "keeps a proper yacht at Conwy.",
        "changed": "How far has {A} got with sailing since the first lessons?",
        "q": [
            ("single", "Who does {A} go out on the boat with these days?"),
            ("temporal", "When was {A}'s first day out in a little boat?"),
            ("open", "Would {A} fancy a week on a yacht in Croatia next summer?"),
        ],
    },
    {
        "who": 0,
        "fact": "Back to night school for the last year of my history degree: two evenings a "
        "week at the college till half nine, and the dissertation is on the 1911 dock strike in "
        "Liverpool.",
        "change": "Results are out. I got a 2:1, twelve years after I dropped out the first "
        "time, and Mum has already framed the letter.",
        "changed": "How did {A}'s evening studies turn out, and what subject were they in?",
        "q": [
            ("temporal", "When did {A} begin the final stretch of the part-time course?"),
            ("paraphrase", "What did {A}'s mother do when the marks came through?"),
            ("never", "Is {A} going on to do a master's?"),
        ],
    },
    {
        "who": 1,
        "fact": "Last day at the insurance company on Friday. Ruairi and I are going all in on "
        "the parking app, the one where you rent out your driveway by the hour.",
        "change": "We're winding the company up. The money ran out last month, we've had to let "
        "the two developers go, and I'm rewriting my CV like it's 2015.",
        "changed": "What happened to the business {A} left a steady job for?",
        "q": [
            ("temporal", "When did {A} walk away from the office job to go it alone?"),
            ("single", "How many developers did {A} have to let go?"),
            (
                "paraphrase",
                "Is {A}'s idea for renting out spaces outside people's houses still going?",
            ),
            ("open", "Would {A} want to hear about a job opening at my place?"),
        ],
    },
    {
        "who": 0,
        "fact": "Our first foster placement came on Friday night: Kayden, seven, one carrier bag "
        "of clothes and a dinosaur torch he won't let go of, even in the bath.",
        "q": [
            ("single", "What won't the little lad staying with {A} let go of?"),
            ("paraphrase", "Is {A} looking after someone else's child now?"),
            ("temporal", "When did Kayden arrive at {A}'s?"),
            ("open", "Should I bring something for a small boy when I call round to {A}'s?"),
            ("never", "Did Kayden's social worker stay for tea?"),
        ],
    },
    {
        "who": 1,
        "fact": "We did it! Married barefoot on the beach in Zanzibar on Saturday, and the wind "
        "took my veil straight out to sea halfway through the readings.",
        "q": [
            ("single", "What did the wind carry off on {A}'s big day?"),
            ("paraphrase", "Where did {A} tie the knot?"),
            ("temporal", "When did {A} get married?"),
            ("never", "Who was the best man at {A}'s wedding?"),
            ("open", "Would {A} be up for a blind date?"),
        ],
    },
    {
        "who": 0,
        "fact": "Someone got in through the bathroom window while we were at the pictures and "
        "took the laptop and Nan's rings. The police gave us a crime number and a shrug.",
        "change": "You won't believe it. The police found Nan's rings in a pawn shop in Bolton, "
        "the lad had pawned them under his own name.",
        "changed": "Did {A} get back what was stolen in the break-in, and what was taken?",
        "q": [
            ("temporal", "When was {A}'s house burgled?"),
            ("single", "Which town did {A}'s grandmother's jewellery turn up in?"),
            ("paraphrase", "How did the thief give himself away?"),
            ("never", "Did {A} get the computer back?"),
        ],
    },
    {
        "who": 1,
        "fact": "Made it to John o'Groats! Fourteen days in the saddle from Land's End, one "
        "puncture, and a headwind the whole way through Shropshire.",
        "q": [
            ("single", "How many punctures did {A} get on the way to John o'Groats?"),
            ("paraphrase", "How long did it take {A} to cycle the length of Britain?"),
            ("temporal", "When did {A} finish the end-to-end ride?"),
            ("open", "Is {A} fit enough for a hilly day out on bikes?"),
        ],
    },
    {
        "who": 0,
        "fact": "Did my first five minutes at the open mic above the Crooked Billet. Three proper "
        "laughs, and a man at the bar shouted that my shirt was funnier than me.",
        "q": [
            ("single", "What did the heckler say to {A}?"),
            ("temporal", "When did {A} first try comedy on stage?"),
            ("open", "Is {A} shy about performing in front of strangers?"),
        ],
    },
    {
        "who": 1,
        "fact": "Mum's moving in with us after the diagnosis. We're turning the dining room into "
        "her bedroom, and she's already labelled every drawer in case she forgets.",
        "q": [
            ("single", "Which room is being made into a bedroom for {A}'s mum?"),
            ("paraphrase", "Who has come to live with {A}?"),
            ("temporal", "When did {A} decide to have Mum move in?"),
            ("open", "Is {A}'s mother having trouble with her memory?"),
            ("never", "Did {A} hire a live-in carer?"),
        ],
    },
    {
        "who": 0,
        "fact": "Got braces at forty-one. Train tracks top and bottom, I lisp on the phone and I "
        "can't eat an apple without a knife.",
        "change": "Braces off today! The orthodontist handed me a mirror and I grinned at myself "
        "like an idiot for a full minute.",
        "changed": "What's the latest with {A}'s teeth, and what was going on with them before?",
        "q": [
            ("temporal", "When did {A} have the metal fitted?"),
            ("single", "What did the orthodontist give {A} to look in?"),
            ("paraphrase", "Is {A} still wearing the train tracks?"),
            ("open", "Will {A} be happy to smile for the photos at the party?"),
        ],
    },
    {
        "who": 1,
        "fact": "The blood test says I'm coeliac. So that's me done with proper bread, pastry and "
        "beer, and the tummy aches of the last two years finally make sense.",
        "q": [
            ("single", "What did {A}'s blood test show?"),
            ("paraphrase", "Why has {A} had a sore stomach for so long?"),
            ("temporal", "When did {A} find out about the gluten problem?"),
            ("open", "Would a pizza and pints night suit {A} for a birthday?"),
            ("never", "Did {A} get sent to a dietitian?"),
        ],
    },
    {
        "who": 0,
        "fact": "That DNA kit from Christmas matched me with a half-sister in Cape Town called "
        "Annelie. Dad went very quiet on the phone.",
        "change": "Annelie flew over and stayed the week. We have the same laugh and the same "
        "terrible feet, and Dad finally told us the whole story over dinner.",
        "changed": "Has {A} met the relative the ancestry test turned up, and where does she live?",
        "q": [
            ("temporal", "When did {A} learn about a sister nobody had mentioned?"),
            ("paraphrase", "What do {A} and the newly found sibling have in common?"),
            ("never", "Has {A} been out to South Africa?"),
        ],
    },
    {
        "who": 1,
        "fact": "Did a weekend course at a forge near Hexham. Came home with a wonky bottle "
        "opener, two singed eyebrows and a blister the size of a coin.",
        "q": [
            ("single", "What did {A} make at the forge?"),
            ("temporal", "When did {A} spend a couple of days hammering hot iron?"),
            ("never", "Did {A} make a knife?"),
        ],
    },
]

CHAINS = [
    {
        "who": 0,
        "first": "My friend Nino finally opened her bakery under the railway arches, all Georgian "
        "cheese breads and honey cake.",
        "second": "Nino made the cake for my niece's christening, eight layers of it, and the "
        "vicar went back for seconds.",
        "q": "Where's the shop of the friend who baked for the christening?",
    },
    {
        "who": 1,
        "first": "Gunnar next door kept a lighthouse in the north of Iceland for twenty years "
        "before he retired over here.",
        "second": "Gunnar built the boys a bird box with a little lamp painted on the roof, and a "
        "blue tit has already moved in.",
        "q": "What did {A}'s neighbour, the old lighthouse keeper, make for the children?",
    },
    {
        "who": 0,
        "first": "My uncle Mattias has a sauna hut at the bottom of his garden in Tampere.",
        "second": "New Year at Mattias's: sauna, then a roll in the snow in my swimsuit, and I "
        "screamed so loud the neighbours put their lights on.",
        "q": "Which country was {A} in when the new year came in?",
    },
    {
        "who": 1,
        "first": "My sister-in-law Dalisay is a midwife at the Royal.",
        "second": "Dalisay delivered a baby in the back of a taxi outside Tesco on her way home "
        "from a night shift.",
        "q": "What does the relative who helped with the taxi birth do for a living?",
    },
    {
        "who": 0,
        "first": "Our Josie entered her drawing of a heron in the library competition.",
        "second": "Josie's picture won! It's going on the side of the number 12 bus for a whole "
        "year.",
        "q": "Which bird is riding round town on the side of a bus?",
    },
    {
        "who": 1,
        "first": "My old maths teacher, Mr Szabo, still runs the astronomy club at the school "
        "after all these years.",
        "second": "Took the boys to Mr Szabo's telescope night. They saw Saturn's rings and "
        "haven't shut up about it since.",
        "q": "Which planet did {A}'s sons see at the old maths teacher's evening?",
    },
    {
        "who": 0,
        "first": "Josie wants a trumpet for her birthday. God help the neighbours.",
        "second": "The trumpet's banned from the house until she learns something other than the "
        "Last Post.",
        "q": "What's the only tune {A}'s daughter can play on her birthday present?",
    },
    {
        "who": 1,
        "first": "My brother-in-law Tevita finally got his food truck through inspection, Tongan "
        "barbecue by the station on Fridays.",
        "second": "Tevita's doing the food for my brother's fortieth, I've ordered enough lamb "
        "for a rugby team.",
        "q": "Where can I find the van that's catering the fortieth?",
    },
]

LISTS = [
    {
        "who": 0,
        "turns": [
            "Got a brass diving helmet at the car boot for a tenner, it's on the landing "
            "frightening visitors.",
            "Car boot haul: a sewing machine from the seventies that still purrs.",
            "Picked up a box of old Ordnance Survey maps of Snowdonia at the car boot, fifty "
            "pence the lot.",
        ],
        "q": "What second-hand treasures has {A} brought home?",
    },
    {
        "who": 1,
        "turns": [
            "Caught Mo posting my car keys into the toaster.",
            "Mo climbed into the washing basket and fell asleep under the towels, we searched "
            "the house for twenty minutes.",
            "Mo bit the barber. The barber was very nice about it.",
        ],
        "q": "What mischief has {A}'s youngest been up to?",
    },
    {
        "who": 0,
        "turns": [
            "Broke my little toe on the bed leg at three in the morning.",
            "Burnt my hand on the grill pan making cheese on toast.",
            "Stood on a weever fish at Saunton and my foot swelled up like a balloon.",
        ],
        "q": "What daft injuries has {A} picked up lately?",
    },
    {
        "who": 1,
        "turns": [
            "We watched the whole of Slow Horses in two nights, I'm in love with a man who never "
            "washes.",
            "Halfway through Succession and I can't stand a single one of them.",
            "Started The Bear and had to pause it every ten minutes, it's too stressful.",
        ],
        "q": "What have {A} and the other half been bingeing on the telly?",
    },
]
