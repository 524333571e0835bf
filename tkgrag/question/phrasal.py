"""Phrasal verbs as units: "locked up", "looked into", "lashed out at", "turned down", "called on".

A phrasal verb means something its verb alone does not ("called" is a phone call, "called on" an appeal; "locked"
says nothing of an arrest), and its particles are function words that the question parser trims from the edges of
a relation phrase. ``phrasal_verbs`` finds verb + particle units in a word list, with any inflection of the verb
(matched by ``stem``), so that the parser keeps the particles (``phrasal_tail``) and the relation matcher reads the
unit's CAMEO meaning (``phrasal_meaning``) before any single-word paraphrase.

The lexicon is data: common English phrasal verbs and verb idioms ("put behind bars") of political news, each
with the CAMEO event type (as ICEWS's relation names humanise it) it says. Written from general usage, not from a
question set.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache

from tkgrag.question.relations import stem

# "verb(|variant) particle ... <TAB> meaning"; a variant covers an irregular past the stemmer does not know.
_LEXICON = """
lash out at|criticize or denounce
lash out against|criticize or denounce
lash out|criticize or denounce
hit out at|criticize or denounce
hit out against|criticize or denounce
speak|spoke|spoken out against|criticize or denounce
speak|spoke|spoken out|criticize or denounce
rail against|criticize or denounce
tear|tore|torn into|criticize or denounce
lay|laid into|criticize or denounce
point the finger at|accuse
lock up|arrest, detain, or charge with legal action
put behind bars|arrest, detain, or charge with legal action
throw|threw|thrown in jail|arrest, detain, or charge with legal action
throw|threw|thrown into jail|arrest, detain, or charge with legal action
take|took|taken into custody|arrest, detain, or charge with legal action
round up|arrest, detain, or charge with legal action
pick|picked up|arrest, detain, or charge with legal action
take|took|taken in|arrest, detain, or charge with legal action
look into|investigate
dig|dug into|investigate
delve into|investigate
check into|investigate
turn down|reject
say|said no to|reject
give|gave|given the cold shoulder to|reject
brush off|reject
brush aside|reject
shoot|shot down|reject
push back against|reject
push back on|reject
call on|make an appeal or request
call upon|make an appeal or request
call for|make an appeal or request
reach out to|make an appeal or request
crack down on|use tactics of violent repression
clamp down on|use tactics of violent repression
back down|yield
give|gave|given in|yield
give|gave|given up|yield
cave in|yield
sit|sat down with|consult
meet|met up with|consult
speak|spoke|spoken with|consult
speak|spoke|spoken to|consult
drop in on|make a visit
roll out the red carpet for|host a visit
play|played host to|host a visit
stop|stopped by|make a visit
fly|flew|flown to|make a visit
head to|make a visit
head for|make a visit
team up with|cooperate
join forces with|cooperate
side with|praise or endorse
stand|stood by|praise or endorse
stand|stood up for|praise or endorse
speak|spoke|spoken highly of|praise or endorse
pay|paid tribute to|praise or endorse
take|took|taken to task|criticize or denounce
kick out|expel or deport individuals
throw|threw|thrown out|expel or deport individuals
open fire on|fight with small arms and light weapons
open fire at|fight with small arms and light weapons
set|set free|release persons or property
let|let go|release persons or property
hand over|release persons or property
break|broke|broken off|reduce or break diplomatic relations
cut off|reduce or break diplomatic relations
"""

# The words that can follow a verb inside a phrasal unit (particles, prepositions, and the few nouns of a fixed
# expression such as "point the finger at" or "open fire on").
_PARTICLE = re.compile(r"^[a-z]+$")


@dataclass(frozen=True)
class PhrasalVerb:
    verbs: tuple[str, ...]  # stems of the verb and its listed variants
    particles: tuple[str, ...]
    meaning: str


@dataclass(frozen=True)
class Found:
    start: int  # word index of the verb
    end: int  # word index after the last particle
    meaning: str


@cache
def lexicon() -> tuple[PhrasalVerb, ...]:
    out = []
    for n, line in enumerate(_LEXICON.strip().splitlines(), 1):
        *forms, meaning = line.split("|")
        if not forms or not meaning.strip():
            raise ValueError(f"phrasal lexicon line {n}: expected 'verb particles|meaning', got {line!r}")
        head, *rest = forms[-1].split()
        variants = [*forms[:-1], head]
        particles = tuple(rest)
        if not particles or not all(_PARTICLE.match(p) for p in particles):
            raise ValueError(f"phrasal lexicon line {n}: no particle after the verb in {line!r}")
        out.append(PhrasalVerb(tuple(dict.fromkeys(stem(v) for v in variants)), particles, meaning.strip()))
    # longest particle sequences first: "lash out at" before "lash out"
    return tuple(sorted(out, key=lambda p: -len(p.particles)))


def phrasal_verbs(words: Sequence[str]) -> list[Found]:
    """Every phrasal verb unit in ``words`` (any case, any inflection of the verb), left to right, not overlapping."""
    low = [w.lower() for w in words]
    out: list[Found] = []
    i = 0
    while i < len(low):
        hit = None
        s = stem(low[i])
        for pv in lexicon():
            k = len(pv.particles)
            if s in pv.verbs and tuple(low[i + 1 : i + 1 + k]) == pv.particles:
                hit = Found(i, i + 1 + k, pv.meaning)
                break
        if hit is not None:
            out.append(hit)
            i = hit.end
        else:
            i += 1
    return out


def phrasal_tail(words: Sequence[str]) -> bool:
    """Whether ``words`` end with a phrasal verb unit ("lashed out at"): its particles are part of the relation
    phrase and must not be trimmed as function words."""
    return any(f.end == len(words) and f.end - f.start > 1 for f in phrasal_verbs(words))


def phrasal_meaning(text: str) -> str | None:
    """The CAMEO meaning of the first phrasal verb in ``text`` ("the police locked up" -> "arrest, detain, or
    charge with legal action"), or None."""
    found = phrasal_verbs(re.findall(r"[\w'’-]+", text))
    return found[0].meaning if found else None
