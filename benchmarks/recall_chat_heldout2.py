"""The second held-out split of the conversation domain (benchmarks/recall_chat.py): never tuned
on, and written blind. Its author never read the ranking code (graphmem/recall.py, the store's
search, the hooks), the benchmark notes or any figure of the domain; only the generator, the
Question and Split types, how bench_recall wires and scores a split, and the other specs of the
conversation and indirect domains, to follow their format and to stay clear of their people,
stories, words and small talk. It was committed before anything was measured on it.

Friends in their thirties chatting over months: bees that die over a winter, a climbing ankle, a
house purchase that falls through, a career swap that does not stick, a break-up, an under-nines
football team, a cargo bike, a sleep clinic, a supper club. Questions are asked as a friend
would: the subject named another way and sharing few words with the turn that answers it; `open`
questions need an inference from what was said ("would she be up for a long hike this month?"),
`never` ones ask about what was never said (the evidence is the turn that lets the model say so).
"""

from __future__ import annotations

SEED = 7349
START = (2022, 10, 9)
PEOPLE = [("Ngozi", "Mateus"), ("Sunita", "Lars"), ("Farid", "Oksana")]

WORDS = """i you the a and to it my that so of in is was for me on we just with but it's
not have this be at all like what no oh okay ok right mind honestly proper loads bits
fair enough cheers lush sound grim knackered buzzing chuffed skint fuming gutted dead
hive bees honey jars cousin ambulance shift rota assessment grandmother birthday cake
flight cousins climbing rope ankle physio pilates cello bow scales neighbours house
survey offer mortgage renting landlord parrot whistle supper club guests plantain stew
law firm contract school placement classroom sky aurora beach lesson app parents
split dating bike kids school run sleep clinic mask machine nap desk football pitch
match parents whistle tap lamp wall filler weekend waffles train rain dumplings broth
dough wallet earring phone canal bus ducks vet sheepdog clock shed salsa steps aunt
shop outfit party transfer office flat tent festival godson robotics bake pistachio""".split()

SMALL_TALK = [
    "Lush. Anyway, back to the {w}, where were we?",
    "{B}, you absolute legend. I'd have bottled it with the {w}.",
    "Skint till payday, so it's pasta and {w} all week.",
    "Sound. Text me when you're done with the {w}.",
    "Fuming about the {w} still, don't ask.",
    "Chuffed for you! Was the {w} worth it in the end?",
    "Proper grim weather here, perfect for hiding from the {w}.",
    "Fair enough. I'll believe the {w} when I see it.",
    "Knackered. Work, {w}, sofa, repeat.",
    "Voice note incoming about the {w}, brace yourself.",
    "Hang on, the doorbell. Probably the {w} parcel.",
    "Ha, I'm dead. The {w} bit got me.",
    "Can't talk long, on the train with a dying phone and a head full of {w}.",
    "Oh go on then, tell me the whole {w} thing from the start.",
]

EVENTS = [
    {
        "who": 0,
        "fact": "The bees arrived today, a whole colony humming in a cardboard box on the "
        "passenger seat, and only one of them got me.",
        "change": "Bad news from the bottom of the garden. The damp got in over the winter and "
        "the colony didn't make it, so I've given the boxes to my cousin. I'll buy my honey.",
        "changed": "Does {A} still keep bees, and how did that start?",
        "q": [
            ("temporal", "When did {A}'s insects turn up?"),
            ("open", "Would {A} want a beekeeping course for a birthday present this year?"),
            ("never", "Did {A} sell jars of honey at the farmers' market?"),
            ("paraphrase", "What became of {A}'s hive?"),
        ],
    },
    {
        "who": 1,
        "fact": "Passed the last assessment! From Monday I'm allowed to drive the ambulance on "
        "blue lights, no more sitting in the back.",
        "q": [
            ("single", "What is {A} now allowed to drive on blue lights?"),
            ("paraphrase", "Which new qualification did {A} get at work?"),
            ("temporal", "When did {A} pass the final test for the job?"),
            ("open", "Does {A} work in healthcare?"),
        ],
    },
    {
        "who": 0,
        "fact": "Flew out to Kochi for Ammachi's ninetieth. She danced with every one of her "
        "great-grandchildren and then fell asleep in her chair before the cake.",
        "q": [
            ("single", "Whose ninetieth did {A} fly to Kochi for?"),
            ("temporal", "When was the big family birthday {A} travelled abroad for?"),
            ("paraphrase", "How did the old lady spend her own party?"),
            ("never", "Did {A}'s grandmother give a speech?"),
        ],
    },
    {
        "who": 1,
        "fact": "Led my first route outdoors at Stanage. Legs shaking the whole way up, but I "
        "didn't come off once.",
        "change": "Rolled my ankle bouldering and the physio says no climbing till the autumn, "
        "so it's pilates on a mat in the lounge for now.",
        "changed": "What does {A} do for exercise now, and what was {A} doing before?",
        "q": [
            ("temporal", "When did {A} first lead a climb outside?"),
            ("single", "Who told {A} to stay off the wall until autumn?"),
            ("paraphrase", "Why has {A} stopped going up rock faces for a while?"),
            ("open", "Would {A} be up for a long hill walk this month?"),
        ],
    },
    {
        "who": 0,
        "fact": "Bought a second-hand cello off a retired music teacher. The neighbours now get "
        "Twinkle Twinkle through the wall every night at ten.",
        "q": [
            ("single", "Who sold {A} the cello?"),
            ("paraphrase", "What instrument is {A} learning?"),
            ("temporal", "When did {A} get the cello?"),
            ("open", "Are {A}'s evenings at home quiet ones?"),
            ("never", "Does {A} play in an orchestra?"),
        ],
    },
    {
        "who": 1,
        "fact": "They accepted our offer on the little terrace on Clover Street! Blue door, and "
        "a garden the size of a tablecloth.",
        "change": "The survey on Clover Street found subsidence, so we've pulled out. Another year "
        "renting above the chemist, I suppose.",
        "changed": "Did {A}'s house purchase go through, and which house was it?",
        "q": [
            ("temporal", "When was {A}'s offer on a home accepted?"),
            ("single", "What did the survey find on Clover Street?"),
            ("paraphrase", "Where will {A} be living for the next year?"),
            ("never", "Did {A} move in behind the blue door?"),
        ],
    },
    {
        "who": 0,
        "fact": "Mrs Adebayo next door has gone into a care home and left me her African grey. "
        "He whistles the Match of the Day theme at the postman.",
        "q": [
            ("single", "What tune does {A}'s African grey whistle?"),
            ("paraphrase", "What pet did {A} take on when the old lady next door moved out?"),
            ("temporal", "When did {A} inherit the bird?"),
            ("never", "Did {A} teach the parrot to swear?"),
        ],
    },
    {
        "who": 1,
        "fact": "Hosted my first supper club in the flat: twelve strangers, jollof and fried "
        "plantain, and a man proposed to his girlfriend between the mains and the pudding.",
        "q": [
            ("single", "What did {A} cook for the supper club?"),
            (
                "paraphrase",
                "What surprise happened at the dinner {A} threw for people {A} didn't know?",
            ),
            ("temporal", "When did {A} run the first of those dinners at home?"),
            ("open", "Does {A} enjoy cooking for a crowd?"),
            ("never", "How much did {A} charge each guest?"),
        ],
    },
    {
        "who": 0,
        "fact": "Handed in my notice at the law firm. Teacher training starts in September, "
        "primary, and I've never been so scared or so sure.",
        "change": "Finished the school placement and honestly, a class of thirty infants broke "
        "me. I'm going back to contracts, three days a week.",
        "changed": "What career move did {A} make, and how did it turn out?",
        "q": [
            ("temporal", "When did {A} quit the legal job?"),
            ("single", "How many days a week will {A} work in contracts?"),
            ("never", "Which school offered {A} a permanent post after the training?"),
        ],
    },
    {
        "who": 1,
        "fact": "Saw the northern lights from the beach at Bamburgh at two in the morning, the "
        "whole sky went pink and green over the castle.",
        "q": [
            ("single", "What colours did the sky go when {A} saw the aurora?"),
            ("paraphrase", "Where was {A} standing for the night-time light show?"),
            ("temporal", "When did {A} see the northern lights?"),
            ("open", "Would {A} enjoy a winter trip to Iceland or Tromsø?"),
        ],
    },
    {
        "who": 0,
        "fact": "Started Korean lessons at the cultural centre, so I can talk to Jiwoo's parents "
        "without a translation app.",
        "change": "Jiwoo and I have split up. I've dropped the Korean lessons, but I'm keeping "
        "the dramas.",
        "changed": "Why did {A} begin learning a language, and is {A} still at it?",
        "q": [
            ("temporal", "When did {A} start going to the cultural centre?"),
            ("paraphrase", "Is {A} still seeing Jiwoo?"),
            ("open", "Is {A} single at the moment?"),
        ],
    },
    {
        "who": 1,
        "fact": "Sold the car and got a cargo bike. The kids ride in the box at the front and "
        "wave at every bus driver.",
        "q": [
            ("single", "What did {A} replace the car with?"),
            ("paraphrase", "How does {A} get the children around town now?"),
            ("temporal", "When did {A} get rid of the car?"),
            ("never", "Did {A} buy an electric car?"),
        ],
    },
    {
        "who": 0,
        "fact": "The sleep clinic says I stop breathing forty times an hour at night, so I'm "
        "getting one of those mask machines.",
        "change": "The mask machine is a miracle. Eight hours a night and I've stopped nodding "
        "off at my desk after lunch.",
        "changed": "How have {A}'s nights changed since the sleep clinic?",
        "q": [
            ("temporal", "When did {A} get the results from the overnight tests?"),
            ("single", "How many hours a night does {A} sleep with the machine?"),
            ("open", "Is {A} still drowsy in the afternoons at work?"),
        ],
    },
    {
        "who": 1,
        "fact": "I'm coaching the under-nines on Saturday mornings. Eight matches, eight defeats, "
        "and the goalkeeper picks daisies.",
        "change": "WE WON. The under-nines beat Hartfield four-three and the parents ran on the "
        "pitch like it was the cup final.",
        "changed": "How are {A}'s little footballers doing now compared with how they started?",
        "q": [
            ("temporal", "When did {A} start coaching the kids' team?"),
            ("single", "Who did the under-nines beat?"),
            ("open", "Does {A} like spending time with children?"),
            ("never", "Did {A}'s team win the league?"),
        ],
    },
]

CHAINS = [
    {
        "who": 0,
        "first": "My old flatmate Teodora qualified as a vet, she's out in the Welsh valleys now.",
        "second": "Spent Saturday holding a torch while Teodora stitched up a sheepdog on a "
        "kitchen table.",
        "q": "What did {A} help the friend who looks after animals with?",
    },
    {
        "who": 1,
        "first": "Haruto across the road restores old clocks in his shed, he's got about sixty.",
        "second": "Haruto got Grandad's carriage clock going again, it chimed on the hour for the "
        "first time in twenty years.",
        "q": "Which family heirloom did {A}'s neighbour with the hobby repair?",
    },
    {
        "who": 0,
        "first": "We've started a salsa class on Thursdays at the Cuban bar on Deansgate.",
        "second": "Danced all night at my cousin's engagement and actually remembered the steps.",
        "q": "Where did {A} learn the moves for the cousin's engagement do?",
    },
    {
        "who": 1,
        "first": "My aunt Rukhsana runs a sari shop on Belgrave Road in Leicester.",
        "second": "Aunt Rukhsana made my outfit for the Eid party and everyone asked where it "
        "came from.",
        "q": "In which city is the shop of the relative who dressed {A} for Eid?",
    },
    {
        "who": 0,
        "first": "I've put in for a transfer to the Glasgow office.",
        "second": "The move came through. I start on the first of the month and I've found a flat "
        "in Partick.",
        "q": "Which city is {A} moving to for work?",
    },
    {
        "who": 1,
        "first": "Lent my old tent to Ewa from work for her festival weekend.",
        "second": "Ewa brought it back with a hole burnt in the side and a bottle of plum brandy "
        "by way of apology.",
        "q": "What happened to the camping gear {A} lent out, and what was it borrowed for?",
    },
    {
        "who": 0,
        "first": "My godson Kenji started at a new school and nobody sits with him at lunch.",
        "second": "Kenji has a best friend now, a boy from the robotics club. They built a rover "
        "out of a biscuit tin.",
        "q": "How did things turn out for {A}'s godson after the lonely start?",
    },
    {
        "who": 1,
        "first": "Entered the charity bake-off at work with my grandmother's pistachio baklava.",
        "second": "Came second in the bake-off, beaten by a carrot cake from accounts.",
        "q": "What did {A} make for the contest where {A} was runner-up?",
    },
]

LISTS = [
    {
        "who": 1,
        "turns": [
            "Replaced the washer on the bathroom tap myself, off a video, and nothing flooded.",
            "Rewired the lamp Mum gave me. It works and nothing caught fire.",
            "Patched the hole in the hallway wall with filler and a butter knife.",
        ],
        "q": "What fix-it jobs has {A} tackled around the home?",
    },
    {
        "who": 0,
        "turns": [
            "Back from two nights in Ghent, I ate my own weight in waffles.",
            "Spent the bank holiday in Tallinn, the old town is like a biscuit tin lid.",
            "Went up to Skye for three days. It rained the whole time and I loved it.",
        ],
        "q": "Where has {A} been for short breaks away?",
    },
    {
        "who": 1,
        "turns": [
            "Made injera from scratch, the batter took three days to go sour enough.",
            "Had a go at tonkotsu broth, the pork bones simmered for twelve hours.",
            "Rolled pierogi with Babcia's cheese and potato filling, forty of them.",
        ],
        "q": "Which ambitious dishes has {A} attempted in the kitchen?",
    },
    {
        "who": 0,
        "turns": [
            "Left my wallet on the night bus. Again.",
            "An earring went down the drain outside the cinema, one of the good ones.",
            "Dropped my phone in the canal feeding the ducks, it's gone for good.",
        ],
        "q": "What has {A} managed to misplace lately?",
    },
]
