"""Spot prompts that correct the agent or state a lasting preference.

Stdlib only (runs inside `graphmem hook`). Either kind is stored at once as its own memory
(hooks/handlers.py, on_prompt) and recalled in later sessions, so precision beats recall: a false
alarm puts an ordinary prompt among the memories. Prompts that merely start with "no", "actually"
or "remember", or that ask a question, must not fire.

Accuracy is measured on two splits (`python -m benchmarks.correction_accuracy`): the tables the
rules are written against (tests/data/corrections_tuning.py) and a held-out split that is never
tuned on (tests/data/corrections_heldout.py). A new miss goes into the tuning tables first.

Order: corrections first (a correction often carries a preference too). Within corrections, strong
phrases fire anywhere; weak openers ("no", "wrong", "actually", "stop", "nope", "wait", "hold on")
fire only when a directive word follows soon after, and never when the opener is a pleasantry
("no worries", "actually looks great") or the sentence is a question.
"""

from __future__ import annotations

# Enough to hold any real correction; bounds the cost on a pasted log.
_SCAN_CHARS = 1000

# Where a clause starts: the prompt start, after punctuation, or after a short lead-in word.
_CLAUSE = r"(?:^|[\n.!?;:,\-\u2013\u2014(]\s*|\b(?:no|nope|but|and|so|ok|okay|well|please)\s+)"
_THINGS = (
    r"(?:file|files|function|method|class|module|directory|folder|dir|branch|path|approach|"
    r"command|variable|test|tests|one|place|version|repo|endpoint|table|column|config|name|"
    r"database|db|server|port|key|package|library|format|env|environment)"
)


def _phrases(anywhere: tuple[str, ...], at_clause_start: tuple[str, ...]) -> str:
    """One pattern: phrases that count anywhere, or only where a clause starts."""
    return "|".join((*anywhere, _CLAUSE + "(?:" + "|".join(at_clause_start) + ")"))


_STRONG = _phrases(
    (
        r"\b(?:don'?t|do not) (?:ever )?do (?:that|this|it)\b",
        r"\bnot like (?:that|this)\b",
        r"\b(?:that'?s|that is|this is|it'?s|it is) not what (?:i|we) "
        r"(?:asked|wanted|meant|said|told|need|needed|want|agreed|discussed|decided)",
        r"\bi(?:'?ve| have)? (?:already |just )?told you\b",
        r"\bwe (?:already|just) (?:discussed|talked about|agreed|went over|covered|decided)\b",
        r"\b(?:we|i) (?:have |'ve )?(?:already|just) (?:been over|gone over)\b",
        r"\byou forgot (?:to|the|about|that|my)\b",
        r"\bstop (?:doing|adding|using|changing|removing|deleting|creating|writing|making|"
        r"touching|modifying|putting|calling|ignoring|rewriting|renaming|guessing)\b",
        r"\bnever do (?:that|this|it)\b",
        r"\byou(?:'ve| have|'re| are)?\b[^.?!]{0,30}\bthe wrong \w",
        r"\bwhy (?:did|would) you (?:delete|remove|revert|change|break|undo|rewrite|rename|"
        r"drop|overwrite|disable|skip)\b",
        r"\byou (?:didn'?t|did not|don'?t|do not) (?:listen|read|follow)\b",
        r"\bi (?:never|didn'?t|did not) (?:ask(?:ed)?|say|said|tell|told) (?:you|for|to)\b",
        r"\b(?:like|as) i (?:said|mentioned)\b",
        r"\b(?:put|change|set|move|switch|turn|roll|bring) (?:it|that|this|them|those) back\b",
        r"\byou (?:just |accidentally |again |also )?(?:overwrote|broke|deleted|removed|reverted|"
        r"undid|ignored|dropped|clobbered|wiped|misread|misunderstood|misnamed|mixed up)\b",
        r"\byour (?:last |latest |previous |recent )?(?:change|edit|fix|commit|refactor|patch)s? "
        r"(?:broke|breaks|caused|introduced)\b",
        r"\b(?:the )?(?:exact )?opposite of what\b",
        r"\byou(?: should(?:n'?t| not) have|(?:'re| are| were) supposed to)\b",
        r"\byou keep (?:forgetting|adding|using|changing|removing|deleting|breaking|ignoring|"
        r"putting|writing|making|doing|missing|skipping|renaming|reformatting)\b",
        r"\byou got (?:\w+ ){0,3}wrong\b",
        r"\byou can'?t just\b",
        r"\b(?:you'?re|you are|this is|that'?s|that is|it'?s) (?:\w+ )?"
        r"(?:overkill|over-?engineer(?:ed|ing)|over-?complicat(?:ed|ing))\b",
        r"\bnot how we (?:do|handle|write|name|structure|test|call|use|format|organi[sz]e)\b",
        r"\bi asked you to\b",
        r"\bi asked for [^.?!]{1,60}, not\b",
        r"\b(?:should (?:go|be|live)|belongs?) in [^.?!]{1,40}, not\b",
        r"\b(?:restore|bring back) (?:the )?(?:old|previous|original|earlier|what you)\b",
        r"\bbring back the \w+ you\b",
    ),
    (
        r"i (?:said|meant)(?:[,:]| (?:to|not|no|don'?t|do not|use|we|you|it|that|before|"
        r"earlier|already|twice|the|only|never|always))",
        r"wrong " + _THINGS + r"\b",
        r"(?:that|this|it)(?:'s| is)(?: still)? (?:wrong|incorrect|not right|not correct|not it)\b",
        r"(?:that|this|it) (?:isn'?t|is not) (?:right|correct)\b",
        r"you (?:broke|deleted|removed|reverted|overwrote|undid|ignored|missed|skipped|dropped)\b",
        # "revert that" alone or with a word about the agent's change, not "revert that commit".
        r"(?:revert|undo) (?:(?:that|this|it|those|these)(?=\s*(?:[,.!;:]|$)|\s+(?:change|changes|"
        r"edit|edits|please|now|again|too|back|as well)\b)|your\b|what you\b|back\b)",
        r"incorrect[,.:;!]",
        r"take (?:that|this|it|them|those) out\b",
        r"no need (?:to|for) (?:a |an |the )?(?:add|create|write|use|mock|wrap|call|change|new|"
        r"another|extra|separate)\b",
        r"(?:please )?(?:don'?t|do not) (?:touch|modify|change|edit|rename|delete|remove|reformat|"
        r"rewrite|move)\b(?! anything)",
    ),
)

# "no" and "actually" lead straight into a sentence; "wrong", "stop", "wait" as openers are followed
# by punctuation ("stop words…", "wrong password errors…" are nouns, not openers).
_OPENER = (
    r"^(?:(?:no+|nope|nah|actually|hmm+,? no)(?:[,.!:;]|\s)"
    r"|(?:wrong|stop|wait|hold on)[,.!:;](?:\s|$))"
)
_PLEASANTRY = (
    r"^(?:(?:no+|nope|nah)[,.!\s]+(?:worries|problem|prob|probs|thanks|thank you|rush|need|"
    r"pressure|biggie|issue|big deal)\b"
    r"|(?:no+|nope|nah|actually|wait)[,.!\s]+(?:that'?s|that is|it'?s|it is|this is) "
    r"(?:fine|ok|okay|good|great|perfect|all|it|everything|correct|right|enough|awesome)\b"
    r"|actually[,\s]+(?:(?:that|this|it)\s+)?(?:looks|works|worked|seems|sounds|is|was)\b"
    r".{0,20}\b(?:great|good|fine|perfect|perfectly|correct|right|nice|well)\b)"
)
_DIRECTIVE = (
    r"\b(?:use|using|don'?t|do not|never|always|instead|rather|should|shouldn'?t|must|revert|"
    r"undo|remove|delete|rename|keep|leave|put|move|not|again|back|other|wrong|"
    r"i (?:meant|said|want|wanted|asked)|that'?s|that is|it'?s)\b"
)
_DIRECTIVE_WINDOW = 60  # chars after the opener where the directive word must appear

_PREFERENCE = _phrases(
    (
        r"\bfrom now on\b",
        r"\bfor (?:future reference|the future)\b",
        r"\b(?:we|i) (?:always|never|usually) (?:use|run|write|prefer|deploy|keep|put|name|"
        r"format|test|commit|push|pin|store)\b",
        r"\byou (?:should|must|need to) (?:always|never)\b",
        r"\b(?:i|we)(?:'d| would)? prefer(?=[\s:,]|$)",
        r"\b(?:i|we)(?:'d| would) rather\b",
        r"\bmy preference is\b",
        r"\bplease (?:note|take note)\b",
        r"\b(?:keep|bear) in mind\b",
        r"\bmake a note\b",
        r"\b(?:in|for) (?:this|our) (?:repo|repository|project|codebase|team),? we\b",
        r"\bwe (?:use|prefer|write|run|deploy|keep) [^.?!]{1,40} here\b",
        r"\b(?:our|the team'?s?|team) (?:convention|rule|standard|style|policy)(?: is|:)",
        r"\b(?:whenever|every time) you (?:add|change|touch|create|write|edit|commit|make|update|"
        r"modify|rename|remove|delete|push)\b",
        r"\bfor (?:all|every) (?:new|future)\b",
        r"\b(?:just so you know|fyi)\b",
        r"\bmake sure (?:you |to )?always\b",
        r"\b(?:add|save|store|put|write|keep) (?:this|that|it) (?:to|in|into) "
        r"(?:your |the )?memory\b",
    ),
    (
        r"(?:remember|memori[sz]e)(?: (?:that|to|this)\b|\s*[:,])",
        r"(?:going forward|in (?:the )?future)\s*,",
        r"(?:always|never) (?:use|run|write|add|put|prefer|keep|call|check|test|format|ask|"
        r"include|make|commit|push|create|name|import|log|pin|document|deploy|store|return|"
        r"raise|mock|touch|edit|modify|delete|remove|rebase|merge)\b",
        r"don'?t forget that\b",
        r"default to\b",
        r"i like (?:my|our|it|them|prs|commits|functions|tests|code)\b",
    ),
)

# Every rule above needs one of these words (spelled without apostrophes), or an opener at the
# start: a prompt with none is ordinary without compiling the rules, which costs ~5 ms of a prompt
# hook's ~40. tests/test_corrections.py checks that this never changes a classification.
_CUES = frozenset(
    """
    do not told already just over forgot stop never wrong why listen read follow ask asked say said
    tell mentioned back overwrote broke deleted removed reverted undid ignored dropped clobbered
    wiped misread misunderstood misnamed mixed breaks caused introduced opposite should shouldnt
    supposed keep cant overkill overengineered overengineering overcomplicated overcomplicating
    belong belongs restore meant incorrect isnt missed skipped revert undo take need dont
    now future always usually prefer rather preference note mind repo repository project codebase
    team here convention rule standard style policy whenever time new know fyi memory remember
    memorize memorise forward forget default like
    nope nah actually wait hold
    """.split()
)


class _NotLetters(dict[int, int]):
    """A `str.translate` table that makes each character but a-z a space, filled as characters
    are met: the cue words are found without `re`, which an ordinary prompt never imports."""

    def __missing__(self, code: int) -> int:
        self[code] = kept = code if 0x61 <= code <= 0x7A else 0x20
        return kept


_NOT_LETTERS = _NotLetters()


class _Rules:
    """The compiled rules, made on first use: an ordinary prompt compiles none of them, and a
    prompt that needs them reads their code from the machine's cache (graphmem/patterns.py)."""

    def __init__(self) -> None:
        from graphmem.patterns import compile

        self.strong = compile(_STRONG)
        self.preference = compile(_PREFERENCE)
        self.opener = compile(_OPENER)
        self.pleasantry = compile(_PLEASANTRY)
        self.directive = compile(_DIRECTIVE)
        self.sentence_end = compile(r"[.!?\n]")
        # Quoted or fenced text is someone else's words, not the user's instruction to the agent.
        self.quoted = compile(
            r"(?s)```.*?```|`[^`\n]*`|\"[^\"\n]*\"|“[^”\n]*”|(?:^|(?<=\s))'[^\n]+?'(?=[\s,.;:!?)]|$)"
        )


_rules: _Rules | None = None


def _compiled() -> _Rules:
    global _rules
    _rules = _rules or _Rules()
    return _rules


def classify_prompt(prompt: str) -> str | None:
    """Classify `prompt`: "correction", "preference", or None for an ordinary prompt."""
    if not _may_fire(_lower(prompt)):
        return None
    text = _normalize(prompt)
    return _classify(text) if text else None


def _may_fire(text: str) -> bool:
    """Whether any rule could match `text`: it holds a cue word or `no`, `nooo`… (every other
    opener is a cue word). Asked of the whole prompt, quotes included: taking quoted text out
    only removes words, and the word that opens the prompt once they are gone is in it."""
    return any(
        word in _CUES or (word[0] == "n" and word[1:] and not word[1:].strip("o"))
        for word in text.replace("'", "").translate(_NOT_LETTERS).split()
    )


def _classify(text: str) -> str | None:
    rules = _compiled()
    if _is_correction(text, rules):
        return "correction"
    if any(not _is_question(text, m.start()) for m in rules.preference.finditer(text)):
        return "preference"
    return None


def _lower(prompt: str) -> str:
    return prompt[:_SCAN_CHARS].replace("\u2019", "'").replace("\u2018", "'").lower()


def _normalize(prompt: str) -> str:
    text = _compiled().quoted.sub(" ", _lower(prompt))
    # Line breaks end sentences (a question on the next line must not taint this one).
    return "\n".join(" ".join(ln.split()) for ln in text.splitlines() if ln.strip())


def _is_correction(text: str, rules: _Rules) -> bool:
    if rules.strong.search(text):
        return True
    opener = rules.opener.match(text)
    if opener is None or rules.pleasantry.match(text) or _is_question(text, 0):
        return False
    window = text[opener.end() : opener.end() + _DIRECTIVE_WINDOW]
    return rules.directive.search(window) is not None


def _is_question(text: str, pos: int) -> bool:
    """Whether the sentence holding `pos` ends with a question mark."""
    end = _compiled().sentence_end.search(text, pos)
    return end is not None and end.group() == "?"
