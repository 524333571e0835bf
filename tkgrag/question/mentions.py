"""Candidate entity mentions: spans that likely name an entity, for a ``Linker`` to resolve against the graph.

No tagger: capitalisation and a few patterns, tuned to over-generate a little (the linker ranks and may drop).

- NAME: capitalised sequences with lower-case connectors inside ("Head of Government (India)", "Saud bin Faisal",
  "Other Authorities / Officials (Nigeria)", "The Hague"); a trailing parenthesis joins the name. A sequence joined by
  "and" is emitted whole and as its parts ("Organisation for Economic Cooperation and Development" / "Casper Ruud and
  Andre Goransson").
- QUOTED: text in double or curly quotes, or in single quotes that are not apostrophes.
- ROLE: a role held by a named holder: "the head of Turkmenistan", "the head of government of Germany",
  "Zimbabwe's Foreign Minister", "India's industry", "Prime Minister of India". ICEWS names such actors
  "Head of Government (Germany)", so the linker gets ``role`` and ``holder`` separately.
- CHUNK: for questions typed in lower case (no capitals to go by), runs of content words; otherwise a lower-case
  noun phrase closing a clause after a preposition ("meet with international governmental organisations").
Question words, signal words and months at the start of a sentence are not names; time expressions are skipped.
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable, Sequence

from tkgrag.question.lexicon import AUXILIARIES, FUNCTION_WORDS, MONTHS, NAME_CONNECTORS, ORDINAL_POSITION, words
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.relation_phrases import relation_phrases
from tkgrag.question.sectors import (
    country_named,
    country_of,
    demonyms,
    names_a_sector,
    sector_phrase_length,
    sector_words,
    singular,
)

_TOKEN = re.compile(r"\(|\)|/|&|(?<=\s)-(?=\s)|[^\W_]\.(?=\s|$)|[^\W_](?:[\w'’.-]*[^\W_])?(?:['’]s?)?")
_NOT_NAME_START = (
    FUNCTION_WORDS
    | set(MONTHS)
    | set(ORDINAL_POSITION)
    | words(
        "before after during since until till while prior following between as list name tell give please find "
        "show among within throughout across over spanning upon under according besides except i'd i'm i've i'll "
        "we'd identify state specify mention provide apart aside excluding earlier later less exclude leave leaving "
        "omit omitting disregard disregarding right shortly immediately directly anyone anybody someone somebody "
        "everyone everybody against towards toward regarding concerning"  # "Against whom did X ...?"
    )
)
_POSSESSIVE = re.compile(r"(?:['’]s|(?<=s)['’])$")
_QUOTED = re.compile(r"\"([^\"]+)\"|“([^”]+)”|‘([^’]+)’|(?<![\w])'([^']+)'(?![\w])")
_ROLE_BEFORE = re.compile(
    # the role holds no second "the" but after "of": in "the last time the citizens of X" the role is "citizens",
    # not "last time the citizens" (which the stop words would reject, losing the sector); "head of the government"
    # an indefinite article too: "a ministry of Belgium", "a court judge in Mexico" name the sector as "the" does;
    # nor an "a" ("the day a ministry of Iran visited": the role is "ministry", not "day a ministry")
    r"\b(?P<art>the|an?)\s+(?P<role>(?:(?:(?<=of\s)the|(?!(?:the|an?)\b)[a-z][\w-]*)\s+){0,3}?"
    r"(?!(?:the|an?)\b)[a-z][\w-]*)\s+"
    r"(?P<prep>of|in|from)\s+"
    r"(?:the\s+)?"
    r"(?:country\s+of\s+)?$",
    re.IGNORECASE,
)
# words no role holds: question words, auxiliaries, ordinals ("the earliest to make demands of X" is no role), "to"
_ROLE_STOP = frozenset(
    {"who", "what", "which", "when", "did", "was", "is", "were", "are", "first", "last", "same", "that", "whom"}
    | {"earliest", "latest", "final", "recent", "next", "initial", "to"}
    # "when was the subsequent time citizens of India ...": a time, then the sector
    | {"subsequent", "following", "previous", "time", "occasion"}
)
# prepositions that end an act's words, not a role's ("gesture towards citizens"); "for" and "on" may sit inside a
# role ("the ministry for foreign affairs", "the committee on foreign relations")
_ROLE_PREP = frozenset(
    {"towards", "toward", "against", "about", "regarding", "concerning", "with", "at", "involving", "targeting"}
    | {"into"}  # "a probe into citizens of X": the act's target, no role "probe into citizens"
    | {"by"}  # "the target of a complaint by citizens of X": an act and its agent, no role "complaint by citizens"
)
_PUNCT = re.compile(r"[,;?!:]")
# Nouns that name an event, not an actor: "X's visit" is X visiting.
EVENT_NOUN = re.compile(
    r"(?:visit|trip|tour|call|remark|comment|statement|request|appeal|criticism|praise|support|offer|invitation|"
    r"condemnation|accusation|threat|demand|proposal|decision|meeting|talk|negotiation|agreement|endorsement|deal|"
    r"rejection|investigation|inquiry|probe|arrest|consultation|cooperation|warning|rebuke|denunciation|pledge|"
    r"(?:tele)?phone|signing|conversation|discussion|sanction|embargo|boycott|wish|desire|intention|willingness|"
    r"readiness)(?:s|es)?$"
)

# a verbal noun after a possessive ("X's downgrading of ties with Y", "X's cutting of relations"), not a sector's word
# ("X's ruling party", "X's governing coalition" say an adjective before a noun)
_VERBAL_NOUN = re.compile(
    r"(?!(?:ruling|governing|opposition|leading|founding|sitting|acting|building|king)$)[a-z]{3,}ing"
)

# a noun of an act ending as one, before its own "of" ("the occupation of territory of X"); the nouns of a body
# ("the delegation of X", "the coalition of ...") are no act
_ACT_SUFFIX = re.compile(
    r"(?!(?:delega|administra|organi[sz]a|federa|confedera|coali|opposi|popula|associa|corpora|founda|institu|"
    r"congrega|na|sta|lega|conven|legisla|dele|genera|por|sec|fac|mis|commis|divi|televi|posi|condi)(?:ti|si)?ons?$)"
    r"[a-z]{4,}(?:tion|sion)s?"
)


def _event_word(word: str, *, act: bool = False) -> bool:
    """A role word that names an event, not an actor: an ``EVENT_NOUN`` or a verbal noun ("hosting"); with ``act``
    an act's noun too ("occupation"); never a sector phrase of the lexicon."""
    w = word.lower()
    eventish = EVENT_NOUN.fullmatch(w) or _VERBAL_NOUN.fullmatch(w) or (act and _ACT_SUFFIX.fullmatch(w))
    return bool(eventish) and not sector_phrase_length([w])


class _Tok:
    __slots__ = ("blocked", "end", "start", "text")

    def __init__(self, text: str, start: int, end: int, blocked: bool = False) -> None:
        self.text, self.start, self.end, self.blocked = text, start, end, blocked

    @property
    def capitalised(self) -> bool:
        return self.text[:1].isupper() and not self.blocked

    @property
    def inner_capital(self) -> bool:
        """ "al-Qaddafi", "d'Estaing": lower-case particle joined to a capitalised name."""
        return not self.blocked and bool(re.match(r"[^\W\d_]{1,3}['’-][A-Z]", self.text))

    @property
    def possessive(self) -> bool:
        return bool(_POSSESSIVE.search(self.text))

    @property
    def bare(self) -> str:
        return _POSSESSIVE.sub("", self.text)


def _sentence_start(text: str, pos: int) -> bool:
    before = text[:pos].rstrip(" \t\"'“‘(")
    return not before or before.endswith((".", "?", "!", ":", ";"))


# Title and other abbreviations whose dot ends no sentence ("Dr. Abdullah", "St. Petersburg", "Gen. Sisi").
_ABBREVIATIONS = frozenset(
    {"dr", "mr", "mrs", "ms", "st", "gen", "col", "lt", "capt", "sgt", "maj", "adm", "prof", "sen", "rep", "gov"}
    | {"pres", "rev", "hon", "jr", "sr", "mt", "ft", "no", "vs", "co", "corp", "inc", "ltd", "bros"}
)


def _sentence_break(text: str, toks: list[_Tok], j: int, k: int) -> bool:
    """A full stop between tokens ``j`` and ``k`` ends a sentence, so no name runs across it ("... Ante Kotromanović.
    Who did so next?"); the dot of an abbreviation ("U.S.", "Dr.", "J.") does not, unless a question word follows."""
    if "." not in text[toks[j].end : toks[k].start]:
        return False
    word = toks[j].bare
    abbreviation = "." in word or len(word) == 1 or word.lower() in _ABBREVIATIONS
    return not abbreviation or toks[k].bare.lower() in _NOT_NAME_START


def _outside(start: int, end: int, blocked: Iterable[tuple[int, int]]) -> bool:
    return all(end <= a or start >= b for a, b in blocked)


def _can_start(text: str, t: _Tok) -> bool:
    if not t.capitalised:
        return False
    word = t.bare.lower()
    if word not in _NOT_NAME_START:
        return True
    return word == "the" and not _sentence_start(text, t.start)  # "visit The Hague"


# Plural nouns whose possessive opens a name rather than owning what follows: "People's Redemption Party",
# "Workers' Party", "Women's League" (not "Iran's Foreign Ministry", where Iran owns the ministry).
_INNER_POSSESSIVES = frozenset(
    {"people", "workers", "women", "children", "citizens", "farmers", "students", "martyrs", "veterans", "soldiers"}
)


def _inner_possessive(toks: list[_Tok], j: int) -> bool:
    return toks[j].bare.lower() in _INNER_POSSESSIVES and j + 1 < len(toks) and toks[j + 1].capitalised


def _administered(toks: list[_Tok], k: int) -> bool:
    """ "Pakistan administered Kashmir", "Indian administered Kashmir": ICEWS names the regions so, a lower-case word
    inside (read as two names, neither linked)."""
    return (
        toks[k].text.lower() in ("administered", "-administered")
        and k + 1 < len(toks)
        and toks[k + 1].bare.lower() == "kashmir"
    )


def _name_spans(text: str, toks: list[_Tok], quoted: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """(first, last) token index of each capitalised sequence."""
    spans: list[tuple[int, int]] = []
    n = len(toks)
    i = 0
    while i < n:
        starts = _can_start(text, toks[i]) or (toks[i].capitalised and _inner_possessive(toks, i))
        if not starts or not _outside(toks[i].start, toks[i].end, quoted):
            i += 1
            continue
        j = i
        while not toks[j].possessive or _inner_possessive(toks, j):
            k = j + 1
            while (
                k < n
                and not toks[k].blocked
                and ((toks[k].text.lower() in NAME_CONNECTORS and not toks[k].capitalised) or _administered(toks, k))
            ):
                k += 1
            if k >= n or _PUNCT.search(text, toks[j].end, toks[k].start) or _sentence_break(text, toks, j, k):
                break
            if toks[k].text == "(":
                close = next((c for c in range(k + 1, min(k + 10, n)) if toks[c].text == ")"), None)
                if k == j + 1 and close is not None and close > k + 1 and toks[k + 1].capitalised:
                    j = close  # "Police (Nigeria)": the qualifier closes the name
                break
            if (
                k == j + 2
                and toks[j + 1].text.lower() == "on"
                and country_named(text[toks[i].start : _bare_end(toks[j])]) is not None
            ):
                break  # "the attack by South Korea on France": a country and the act's target, not one name
            if (toks[k].capitalised or toks[k].inner_capital) and _outside(toks[k].start, toks[k].end, quoted):
                j = k
                continue
            break
        while j > i and toks[j].text.lower() in NAME_CONNECTORS:
            j -= 1
        if not (i == j and toks[i].bare.lower() in _NOT_NAME_START):
            # "10 Downing Street": a house number is part of an address's name (ICEWS: "Protester (10 Downing
            # Street)"); only before a street word, never a bare number before a name
            first = i - 1 if i and toks[i - 1].text.isdigit() and _STREET.fullmatch(toks[j].bare) else i
            spans.append((first, j))
        i = j + 1
    return spans


_STREET = re.compile(r"Street|Road|Avenue|Lane|Square|Place|Boulevard|Drive|Terrace|Gardens")


def _bare_end(t: _Tok) -> int:
    """End offset of a token without its possessive ending ("Zimbabwe's" -> after "Zimbabwe")."""
    return t.end - (len(t.text) - len(t.bare))


_NICKNAME = re.compile(r"[A-Z][\w'’.-]*(?:\s+[A-Z][\w'’.-]*)?")
_NAME_BEFORE = re.compile(r"\b[A-Z][\w'’.-]*\s+$")
_NAME_AFTER = re.compile(r"\s+[A-Z]")


def _plural_demonym(word: str) -> bool:
    """A demonym in the plural ("Nigerians"), not one whose plural is its own form ("Japanese", "Swiss")."""
    w = word.lower()
    return w.endswith("s") and w not in demonyms() and w[:-1] in demonyms()


def _quoted(text: str) -> tuple[list[Mention], list[tuple[int, int]]]:
    out, spans = [], []
    for m in _QUOTED.finditer(text):
        g = next(i for i in range(1, 5) if m.group(i) is not None)
        inner = m.group(g)
        if _NICKNAME.fullmatch(inner) and _NAME_BEFORE.search(text, 0, m.start()) and _NAME_AFTER.match(text, m.end()):
            continue  # a nickname inside a name: Austin "Jack" Warner is one name
        if inner.strip():
            lead = len(inner) - len(inner.lstrip())
            out.append(Mention(inner.strip(), m.start(g) + lead, m.start(g) + len(inner.rstrip()), MentionKind.QUOTED))
            spans.append((m.start(), m.end()))
    return out, spans


def _name_mentions(text: str, toks: list[_Tok], i: int, j: int) -> list[Mention]:
    """The name itself, the parts of an "and"/"or"-joined name, and "Role of Holder" read as a role."""
    start, end = toks[i].start, _bare_end(toks[j])
    surface = text[start:end]
    out = [Mention(surface, start, end, MentionKind.NAME)]
    joints = [k for k in range(i + 1, j) if toks[k].text.lower() in ("and", "&", "or")]
    for a, b in zip([i - 1, *joints], [*joints, j + 1], strict=True) if joints else ():
        first = a + 2 if a + 2 <= b - 1 and toks[a + 1].text.lower() == "the" else a + 1  # "X and the High Commission"
        if first <= b - 1 and toks[first].capitalised:
            s, e = toks[first].start, _bare_end(toks[b - 1])
            out.append(Mention(text[s:e], s, e, MentionKind.NAME))
    ofs = [k for k in range(i + 1, j) if toks[k].text.lower() == "of"]
    if ofs and "(" not in surface:  # "Prime Minister of India"
        k = ofs[-1]
        h = k + 2 if toks[k + 1].text.lower() == "the" and k + 2 <= j else k + 1
        role = text[toks[i].start : toks[k - 1].end]
        out.append(Mention(surface, start, end, MentionKind.ROLE, role=role, holder=text[toks[h].start : end]))
    return out


def _name_then_verb(role_words: Sequence[str]) -> bool:
    """A name followed by lower-case words that say a relation ("African Union spoke approvingly", "Marriott
    Corporation called"): a clause's subject and verb, no role ("the Kenyan police", "the Prime Minister" are)."""
    n = 0
    while n < len(role_words) and role_words[n][:1].isupper():
        n += 1
    tail = [w for w in role_words[n:] if w.lower() not in FUNCTION_WORDS]
    return n > 0 and bool(tail) and tail == role_words[n:] and len(relation_phrases(" ".join(tail))) > 1


# "the cabinet / council of ministers / advisors of Jordan", "the justice department/ministery of Azerbaijan": a
# sector said by the store's own label, its parts joined by slashes (spaced or not) or a spaced dash ("the company -
# owner or operator of Nigeria"); after "the" or a preposition
_SLASH_WORDS = r"(?!the\b)[a-z][\w-]*(?:\s+(?!the\b)[a-z][\w-]*){0,3}"
_SLASH_ROLE_BEFORE = re.compile(
    r"(?:\bthe\s+|(?<=\bof\s)|(?<=\bto\s)|(?<=\bby\s)|(?<=\bon\s)|(?<=\bwith\s)|(?<=\bagainst\s))"
    rf"(?P<role>{_SLASH_WORDS}(?:(?:\s*/\s*|\s+[-–]\s+){_SLASH_WORDS}){{1,4}})\s+(?P<prep>of|in|from)\s+(?:the\s+)?$",
    re.IGNORECASE,
)


def _role_of(text: str, holder: Mention) -> Mention | None:
    """ "the head of Turkmenistan", "the head of government of Germany": a lower-case role before "of <name>"."""
    slashed = _SLASH_ROLE_BEFORE.search(text, max(0, holder.start - 90), holder.start)
    if slashed is not None and not any(w.lower() in _ROLE_STOP for w in re.split(r"[\s/–-]+", slashed.group("role"))):
        role = slashed.group("role")
        return Mention(
            text[slashed.start() : holder.end], slashed.start(), holder.end, MentionKind.ROLE, role, holder.text
        )
    m = _ROLE_BEFORE.search(text, max(0, holder.start - 60), holder.start)
    if m is None:
        return _bare_sector_role(text, holder)
    bare = _bare_sector_role(text, holder)
    if bare is not None and bare.start < m.start():
        # "members of the public in Nigeria": a sector phrase of the lexicon that holds the article
        return bare
    if any(w.lower() in _ROLE_STOP for w in m.group("role").split()):
        # "the first to blame citizens of India": the article belongs to "the first", the sector has none
        return _bare_sector_role(text, holder)
    if any(w.lower() in _ROLE_PREP for w in m.group("role").split()):
        # "a symbolic gesture towards citizens of X", "the protest against the police of X": an act and its target,
        # the sector (if any) is the known words right before "of"
        return _bare_sector_role(text, holder)
    if _name_then_verb(m.group("role").split()):
        # "the African Union spoke approvingly of Djibouti": a clause, its subject and verb, no role; but the verb's
        # object may be a sector ("the United Kingdom attack employees in Mozambique": the known words before "in")
        return _bare_sector_role(text, holder)
    role_words = m.group("role").split()
    definite = m.group("art").lower() == "the"
    if any(_event_word(w, act=True) and nxt.lower() == "of" for w, nxt in itertools.pairwise(role_words)):
        # "the visit of citizens of Saudi Arabia to Iraq": an event of the sector's ("visit of citizens" was taken as
        # the role, and the anchor lost its actor); the sector is the known words right before "of"
        return _bare_sector_role(text, holder)
    if m.group("prep").lower() != "of":  # "the police in Kenya": only a known sector word
        if sector_phrase_length(role_words) != len(role_words):
            # "a statement about businesses in X": no sector after "a", but maybe one nearer the holder; "the
            # consultations of officials in X", "the cabinet of Y consulted activists in X": the article is another
            # phrase's, the sector (if any) is the known words right before "in"
            return _bare_sector_role(text, holder)
    elif definite and _event_word(role_words[-1]):
        # "the visit of Xi Jinping to Russia", "the signing of ...", "the hosting of X by Y": an event and its actor
        # (or its target), no role
        return None
    elif not definite and (
        not sector_phrase_length(role_words[-1:]) or any(EVENT_NOUN.fullmatch(w.lower()) for w in role_words)
    ):
        # after "a" a role ending in a known sector word ("a labor and employment ministry of X"): "a probe of X",
        # "a visit of Obama", "a statement of Russia" are events
        return _bare_sector_role(text, holder)
    return Mention(text[m.start() : holder.end], m.start(), holder.end, MentionKind.ROLE, m.group("role"), holder.text)


_TRAILING_ADVERBS = words("again too also first last next later earlier before afterwards then twice once since yet")


_AGENT_ENDINGS = ("er", "ers", "or", "ors", "ist", "ists", "ian", "ians")  # "protesters": a role, though an act too


def _sector_after(text: str, toks: list[_Tok], j: int, holder: Mention, country: str | None = None) -> Mention | None:
    """ "Kenyan police", "the South Korean finance ministry", "Japan's foreign minister": a sector phrase (from the
    sector lexicon) right after a demonym or a possessive name; ``country`` is the holder to link ("Kenya")."""
    following: list[_Tok] = []
    for t in toks[j + 1 : j + 5]:
        if (
            t.blocked
            or not re.match(r"[^\W\d_]", t.text)
            or _PUNCT.search(text, (following or [toks[j]])[-1].end, t.start)
        ):
            break
        following.append(t)
    n = sector_phrase_length([t.bare for t in following])
    if n == 0 and following and country is not None and not following[0].capitalised:
        # an unlisted one-word role at the end or before an auxiliary: "after the Algerian extremist (did)?"
        after = toks[j + 2] if j + 2 < len(toks) else None
        word = following[0].bare.lower()
        ends = after is None or _PUNCT.search(text, following[0].end, after.start) is not None
        # not an adverb: "back Laos diplomatically?", "visit Japan again?" (the act's manner, no role)
        adverb = word.endswith("ly") or word in _TRAILING_ADVERBS
        # not a verb that ends a relative clause: "the last party the Philippines condemned?" (the act, no role)
        verb = bool(relation_phrases(word)[1:]) and not word.endswith(_AGENT_ENDINGS)
        if (
            word not in _NOT_NAME_START
            and not adverb
            and not verb
            and (ends or (after is not None and after.text.lower() in AUXILIARIES))
        ):
            n = 1
    owner = toks[j].possessive or (n >= 2 and following[n - 2].possessive)
    if n and owner and _MILITARY_ACT.match(" ".join(t.bare.lower() for t in following[n - 1 : n + 2])):
        # "the Australian police's military action against X": the owner's act, its adjective no sector ("the
        # Nigerian military attack on X", no possessive, is the military's)
        n -= 1
    if n == 0:
        return None
    end = _bare_end(following[n - 1])
    role = text[following[0].start : end]
    return Mention(
        text[holder.start : end], holder.start, end, MentionKind.ROLE, role=role, holder=country or holder.text
    )


# "military action", "military attacks", "armed strikes": an act whose adjective is no sector after a possessive
# ("Japan's military action against X" is Japan's; "Japan's military attacked X" keeps the military)
_MILITARY_ACT = re.compile(
    r"(?:military|armed|naval)\s+(?:(?:actions?|operations?|offensives?|campaigns?|interventions?)\b|"
    # a noun only with its target after it ("the Nigerian military attack Boko Haram?" is the verb)
    r"(?:attacks?|strikes?|assaults?|raids?)\s+(?:on|against|upon)\b)"
)


def _adjective_of_event(toks: list[_Tok], t: _Tok) -> bool:
    """Whether the lower-case word ``t`` comes right before a lower-case event noun ("pessimistic remark", "harsh
    criticism")."""
    nxt = next((u for u in toks if u.start > t.start), None)
    return (
        nxt is not None
        and not nxt.capitalised
        and (EVENT_NOUN.match(nxt.text.lower()) is not None or _VERBAL_NOUN.fullmatch(nxt.text.lower()) is not None)
    )


def _possessive_role(text: str, toks: list[_Tok], j: int, holder: Mention) -> Mention | None:
    """ "Zimbabwe's Foreign Minister" (capitalised words), "India's industry" (one lower-case noun)."""
    role_toks: list[_Tok] = []
    for t in toks[j + 1 : j + 5]:
        w = t.text.lower()
        if t.blocked or w in FUNCTION_WORDS or w in _ROLE_STOP or not re.match(r"[^\W\d_]", w):
            break
        if not role_toks and not t.capitalised and (EVENT_NOUN.match(w) or _VERBAL_NOUN.fullmatch(w)):
            return None  # "Bolivia's visit", "Japan's remarks", "X's downgrading of ties": the event, not an actor
        if not role_toks and not t.capitalised and _adjective_of_event(toks, t) and not sector_phrase_length([w]):
            # "Shimon Peres's pessimistic remark about Iran": the event's adjective, no actor (as the role it was cut
            # from the relation phrase, and the anchor read "remark", a statement)
            return None
        if role_toks and (text[role_toks[-1].end : t.start].strip() or not t.capitalised):
            break
        role_toks.append(t)
        if not t.capitalised or t.possessive:
            break
    if not role_toks:
        return None
    nxt = [t.bare.lower() for t in toks if t.start >= role_toks[-1].end][:2]
    if _MILITARY_ACT.match(" ".join([role_toks[-1].bare.lower(), *nxt])):
        return None  # "Japan's military action against X": Japan's act
    end = _bare_end(role_toks[-1])
    role = text[role_toks[0].start : end]
    return Mention(text[holder.start : end], holder.start, end, MentionKind.ROLE, role=role, holder=holder.text)


# Lower-case words right before "of/in/from <holder>", without an article: "a request to citizens of Tanzania",
# "a statement about armed rebels in Yemen".
# Up to four words: "members of the public in Nigeria".
_WORDS_BEFORE_PREP = re.compile(r"(?P<words>(?:[a-z][\w-]*\s+){1,4})(?P<prep>of|in|from)\s+(?:the\s+)?$")


_CHANGE_OF = re.compile(r"\bchanges?\s+(?:of|in)\s+(?:the\s+)?$", re.IGNORECASE)


def _bare_sector_role(text: str, holder: Mention) -> Mention | None:
    """A sector said without "the" before "of/in <holder>": only the longest run of words that is a known sector
    phrase ("citizens", "armed rebels"), so "visited officials of X" keeps X alone unless "officials" is a sector."""
    # the question's first word may be the sector's: "Ordinary people in South Korea were given aid by whom?"
    m = _WORDS_BEFORE_PREP.search(text[:1].lower() + text[1:], max(0, holder.start - 60), holder.start)
    if m is None:
        return None
    ws = list(re.finditer(r"[a-z][\w-]*", m.group("words")))
    for n in range(len(ws), 0, -1):
        words = [w.group() for w in ws[-n:]]
        if any(w in _ROLE_STOP for w in words):
            continue
        # a function word ("people", "of") only inside a longer phrase the lexicon names: "ordinary people in
        # Nigeria", "members of parliament in Iraq"
        if (
            any(w in FUNCTION_WORDS for w in words)
            and (n < 2 or not _is_sector_phrase(words))
            and not _people_in(words, ws, n, m.group("prep"))
        ):
            continue
        if _is_sector_phrase(words):
            start = m.start("words") + ws[-n].start()
            if _CHANGE_OF.search(text, 0, start):
                return None  # "demanded a change of leadership in X": the act's words, no sector of X's
            return Mention(text[start : holder.end], start, holder.end, MentionKind.ROLE, " ".join(words), holder.text)
    return None


# "Tanzania put a request to its citizens": a sector of the name said before, through a possessive pronoun
_POSSESSED_SECTOR = re.compile(r"\b(?:its|their|his|her)\s+(?:own\s+)?(?P<words>(?:[a-z][\w-]*\s+){0,2}[a-z][\w-]*)")


def _possessed_sectors(text: str, names: Sequence[Mention], blocked: Sequence[tuple[int, int]]) -> list[Mention]:
    """ROLE mentions for "its citizens", "their police": the longest sector phrase after the pronoun, held by the
    nearest name before it ("Tanzania ... its citizens" -> citizens of Tanzania)."""
    out = []
    for m in _POSSESSED_SECTOR.finditer(text):
        before = [n for n in names if n.end <= m.start()]
        if not before or not _outside(m.start(), m.end(), blocked):
            continue
        ws = m.group("words").split()
        n = next((n for n in range(len(ws), 0, -1) if _is_sector_phrase(ws[:n])), 0)
        if n:
            end = m.start("words") + len(" ".join(ws[:n]))
            holder = max(before, key=lambda x: x.end)
            out.append(Mention(text[m.start() : end], m.start(), end, MentionKind.ROLE, " ".join(ws[:n]), holder.text))
    return out


def _people_in(words: Sequence[str], ws: Sequence[re.Match[str]], n: int, prep: str) -> bool:
    """ "called on people in Botswana", "met people of Greece": bare "people" before "in/of" is the country's
    citizens (the store's Citizen sector), not the country; "which people in X" asks for people, so not there."""
    before = ws[-n - 1].group() if len(ws) > n else ""
    return list(words) == ["people"] and prep.lower() in ("in", "of") and before not in _PEOPLE_ASKED


# words before "people" that make it the question's own noun ("which people in X"), not a sector
_PEOPLE_ASKED = frozenset({"which", "what", "whose", "many", "few", "some", "all", "other", "more", "most"})


def _is_sector_phrase(words: Sequence[str]) -> bool:
    """The words are exactly a sector phrase of the lexicon (no modifier before it: "visited officials" is not), or
    one and its officials ("ministry officials", the sector's actor as ``sectors`` reads it)."""
    lex = sector_words()
    if len(words) > 1 and words[-1] in ("official", "officials") and _is_sector_phrase(words[:-1]):
        return True
    return any(
        c in lex
        for c in (" ".join(words), " ".join([*words[:-1], singular(words[-1])]), " ".join(singular(w) for w in words))
    )


# "the Tasnim news agency", "WAM news agency": ICEWS names such media with the lower-case words ("Tasnim news
# agency"); the name alone links to nothing
_MEDIA_TAIL = re.compile(r"\s+(?:news\s+agency|news\s+service|news\s+network|newspaper)\b", re.IGNORECASE)


# "Hacker group Anonymous": ICEWS names some groups with the lower-case word inside; the whole span competes with its
# parts in linking (an exact name wins, else the parts are read as before)
_GROUP_INSIDE = re.compile(r"\b[A-Z][\w-]*\s+(?:group|movement)\s+[A-Z][\w-]*(?:\s+[A-Z][\w-]*)*")


def find_mentions(text: str, blocked: Iterable[tuple[int, int]] = ()) -> list[Mention]:
    """Candidate mentions in ``text``; spans in ``blocked`` (time expressions, signal words) are never part of one."""
    blocked = list(blocked)
    toks = [
        _Tok(m.group(), m.start(), m.end(), not _outside(m.start(), m.end(), blocked)) for m in _TOKEN.finditer(text)
    ]
    out, quoted = _quoted(text)
    for i, j in _name_spans(text, toks, quoted):
        names = _name_mentions(text, toks, i, j)
        out.extend(names)
        media = _MEDIA_TAIL.match(text, names[0].end)
        if media is not None and _outside(names[0].start, media.end(), blocked):
            out.append(Mention(text[names[0].start : media.end()], names[0].start, media.end(), MentionKind.NAME))
        role = _role_of(text, names[0])
        if role is not None:
            out.append(role)
        first = next((m for m in names[1:] if m.kind is MentionKind.NAME and m.start == names[0].start), None)
        if role is not None and first is not None and (first_role := _role_of(text, first)) is not None:
            # "the government of Ecuador and Angela Merkel": the role may hold only the first of the joined names
            # (both readings compete in linking; "the head of Trinidad and Tobago" keeps the whole one)
            out.append(first_role)
        if toks[j].possessive:
            # "Al-Shabaab and Kenya's press": the possessive may hold only the last of the joined names
            last = next((m for m in names[1:] if m.kind is MentionKind.NAME and m.end == names[0].end), None)
            for holder in (names[0], *((last,) if last is not None and last.start > names[0].start else ())):
                owned = _possessive_role(text, toks, j, holder)
                if owned is not None:
                    out.append(owned)
                sector = _sector_after(text, toks, j, holder)
                if sector is not None:
                    out.append(sector)
        else:
            country = country_of(names[0].text)
            named = country_named(names[0].text) if country is None else None
            owned = _sector_after(text, toks, j, names[0], named) if named is not None else None
            if owned is not None and names_a_sector(owned.role or ""):
                out.append(owned)  # "the Nigeria government": the country's own name before a sector phrase
            if country is not None:
                sector = _sector_after(text, toks, j, names[0], country)
                if sector is not None:
                    out.append(sector)
                elif i == j and _plural_demonym(names[0].text):
                    # "Nigerians", "Afghans": the country's citizens (ICEWS's Citizen (Nigeria)); not "the Japanese"
                    m = names[0]
                    out.append(Mention(m.text, m.start, m.end, MentionKind.ROLE, role="citizens", holder=country))
    out.extend(
        Mention(g.group(), g.start(), g.end(), MentionKind.NAME)
        for g in _GROUP_INSIDE.finditer(text)
        if _outside(g.start(), g.end(), blocked)
    )
    out.extend(_possessed_sectors(text, [m for m in out if m.kind is MentionKind.NAME], blocked))
    out = [_members_of(text, m) for m in out]
    if not any(c.isupper() for c in text[1:]):
        out.extend(_chunks(text, toks))
    else:
        out.extend(_object_chunks(text, blocked))
    return _dedupe(out)


# "members of the Nigerian public", "a member of the Kenyan police": the sector itself (the words left in the
# relation phrase made another reading win)
_MEMBERS_OF = re.compile(r"\b(?:(?:an?|some|several|many)\s+)?members?\s+of\s+(?:the\s+)?$", re.IGNORECASE)


def _members_of(text: str, m: Mention) -> Mention:
    """A sector mention widened over "members of (the)" before it; any other mention as it is."""
    if m.kind is not MentionKind.ROLE:
        return m
    w = _MEMBERS_OF.search(text, max(0, m.start - 30), m.start)
    if w is None or re.search(r"\b(?:which|what|whose|how\s+many)\s+$", text[: w.start()], re.IGNORECASE):
        return m  # "Which members of the Nigerian government ...": the members are asked for
    return Mention(text[w.start() : m.end], w.start(), m.end, m.kind, m.role, m.holder)


# A lower-case noun phrase that closes a clause after a preposition: "meet with international governmental
# organisations" (ICEWS's "International Government Organizations"). Kept only if it links (a CHUNK mention).
_OBJECT_CHUNK = re.compile(
    r"\b(?:with|about|to|towards?|against|for|from|by)\s+(?:the\s+)?"
    r"(?P<np>(?:[a-z][\w-]*\s+){1,3}?[a-z][\w-]*)"
    r"(?=\s*(?:(?:in|on|at|during|before|after|since|until|from)\s*,)?\s*(?:[?,;!.]|$))"
)


def _object_chunks(text: str, blocked: list[tuple[int, int]]) -> list[Mention]:
    """CHUNK mentions for ``_OBJECT_CHUNK`` phrases of content words only, outside ``blocked`` spans."""
    out = []
    masked = list(text)
    for a, b in blocked:  # a time expression or signal word closes the clause too ("... with X in 2014?")
        masked[a:b] = "," * (b - a)
    for m in _OBJECT_CHUNK.finditer("".join(masked)):
        s, e = m.span("np")
        ws = m.group("np").split()
        if any(w in FUNCTION_WORDS or w in AUXILIARIES or w in _NOT_NAME_START for w in ws):
            continue
        if _outside(s, e, blocked):
            out.append(Mention(text[s:e], s, e, MentionKind.CHUNK))
    return out


def _chunks(text: str, toks: list[_Tok]) -> list[Mention]:
    """Runs of content words in a lower-cased question ("disneys", "color movie")."""
    out: list[Mention] = []
    run: list[_Tok] = []

    def flush() -> None:
        if run:
            s, e = run[0].start, run[-1].end
            out.append(Mention(text[s:e], s, e, MentionKind.CHUNK))
            run.clear()

    for idx, t in enumerate(toks):
        w = t.text.lower()
        if idx and any(c in text[toks[idx - 1].end : t.start] for c in ",;?!"):
            flush()
        if t.blocked or w in _NOT_NAME_START or not re.match(r"[^\W_]", w):
            flush()
            continue
        run.append(t)
    flush()
    return out


def _dedupe(mentions: list[Mention]) -> list[Mention]:
    seen: set[tuple[int, int, MentionKind]] = set()
    out = []
    for m in sorted(mentions, key=lambda m: (m.start, -m.end)):
        key = (m.start, m.end, m.kind)
        if key not in seen:
            seen.add(key)
            out.append(m)
    return out
