"""The fourth blind set of MultiTQ-style questions (issue 29, item 3): own constructions, gold computed on the store.

    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \\
    .venv/bin/python benchmarks/make_blind_phrasings_4.py --store mtq --n 100 --out DIR/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    .venv/bin/python benchmarks/make_blind_phrasings_4.py --store icews14 --n 70 --out DIR/blind_icews14.jsonl

Reads only. All events of the connected store are read once (one Cypher query); each construction samples a fact
and computes its gold in Python over that dump: every right answer (ties and lists), first/last over the whole
store, at the granularity asked. Then every gold is computed again by a second, differently written Cypher query per
question (``check_gold``: the anchor looked up by name and checked unique, the window and the order applied in the
database); a question is kept only where both agree, and the count of agreements is printed.

Only periods where the KG is complete are asked about: ``mtq`` (the partial ICEWS05-15) is complete in 2014-2015,
so its questions name a time inside that period, its anchors lie in it, its "first"/"before" windows are scoped to it
by their wording, and its unscoped "last" answers fall in it; ``icews14`` is one full year. An anchor event
("after X did Y") occurs once in the WHOLE store. Questions with more than five gold answers are dropped.

Records are tkgqa JSONL (``tkgrag eval`` and ``eval_reader_phrasing.py`` load them) plus ``id``, ``construction``
and ``store``.
"""

from __future__ import annotations

import argparse
import bisect
import calendar
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path
from typing import Any

from tkgrag.store import connect

DUMP = (
    "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
    "RETURN s.key AS s, s.name AS sn, e.relation AS r, o.key AS o, o.name AS onm, e.valid_from AS d"
)

# Own phrasings per ICEWS relation: past ("X praised O"), base ("did X praise O"), gerund, past participle (passive).
# The object follows each phrase, so "Who did X <base>?" asks the object.
PH: dict[str, list[dict[str, str | None]]] = {
    "Praise_or_endorse": [
        {"past": "praised", "base": "praise", "ger": "praising", "pp": "praised"},
        {"past": "spoke highly of", "base": "speak highly of", "ger": "speaking highly of", "pp": None},
        {"past": "endorsed", "base": "endorse", "ger": "endorsing", "pp": "endorsed"},
    ],
    "Criticize_or_denounce": [
        {"past": "criticised", "base": "criticise", "ger": "criticising", "pp": "criticised"},
        {"past": "denounced", "base": "denounce", "ger": "denouncing", "pp": "denounced"},
        {"past": "lashed out at", "base": "lash out at", "ger": "lashing out at", "pp": None},
    ],
    "Accuse": [
        {"past": "accused", "base": "accuse", "ger": "accusing", "pp": "accused"},
        {
            "past": "levelled accusations at",
            "base": "level accusations at",
            "ger": "levelling accusations at",
            "pp": None,
        },
    ],
    "Make_a_visit": [
        {"past": "visited", "base": "visit", "ger": "visiting", "pp": "visited"},
        {"past": "paid a visit to", "base": "pay a visit to", "ger": "paying a visit to", "pp": None},
        {"past": "went to visit", "base": "go to visit", "ger": "going to visit", "pp": None},
    ],
    "Host_a_visit": [
        {"past": "hosted", "base": "host", "ger": "hosting", "pp": "hosted"},
        {"past": "received a visit from", "base": "receive a visit from", "ger": "receiving a visit from", "pp": None},
    ],
    "Sign_formal_agreement": [
        {
            "past": "signed an agreement with",
            "base": "sign an agreement with",
            "ger": "signing an agreement with",
            "pp": None,
        },
        {
            "past": "inked a formal deal with",
            "base": "ink a formal deal with",
            "ger": "inking a formal deal with",
            "pp": None,
        },
    ],
    "Express_intent_to_cooperate": [
        {
            "past": "offered to cooperate with",
            "base": "offer to cooperate with",
            "ger": "offering to cooperate with",
            "pp": None,
        },
        {
            "past": "expressed willingness to work with",
            "base": "express willingness to work with",
            "ger": "expressing willingness to work with",
            "pp": None,
        },
    ],
    "Engage_in_diplomatic_cooperation": [
        {
            "past": "extended diplomatic cooperation to",
            "base": "extend diplomatic cooperation to",
            "ger": "extending diplomatic cooperation to",
            "pp": None,
        },
        {
            "past": "cooperated diplomatically with",
            "base": "cooperate diplomatically with",
            "ger": "cooperating diplomatically with",
            "pp": None,
        },
    ],
    "Make_an_appeal_or_request": [
        {"past": "appealed to", "base": "appeal to", "ger": "appealing to", "pp": None},
        {"past": "made a request to", "base": "make a request to", "ger": "making a request to", "pp": None},
    ],
    "Express_intent_to_meet_or_negotiate": [
        {
            "past": "signalled readiness to meet",
            "base": "signal readiness to meet",
            "ger": "signalling readiness to meet",
            "pp": None,
        },
        {
            "past": "voiced a wish to hold talks with",
            "base": "voice a wish to hold talks with",
            "ger": "voicing a wish to hold talks with",
            "pp": None,
        },
    ],
    "Engage_in_negotiation": [
        {"past": "negotiated with", "base": "negotiate with", "ger": "negotiating with", "pp": None},
        {
            "past": "sat down to negotiate with",
            "base": "sit down to negotiate with",
            "ger": "sitting down to negotiate with",
            "pp": None,
        },
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        {"past": "arrested", "base": "arrest", "ger": "arresting", "pp": "arrested"},
        {"past": "detained", "base": "detain", "ger": "detaining", "pp": "detained"},
    ],
    "Threaten": [
        {"past": "threatened", "base": "threaten", "ger": "threatening", "pp": "threatened"},
        {
            "past": "issued threats against",
            "base": "issue threats against",
            "ger": "issuing threats against",
            "pp": None,
        },
    ],
    "Discuss_by_telephone": [
        {"past": "phoned", "base": "phone", "ger": "phoning", "pp": "phoned"},
        {
            "past": "had a phone call with",
            "base": "have a phone call with",
            "ger": "having a phone call with",
            "pp": None,
        },
    ],
    "Make_optimistic_comment": [
        {
            "past": "made upbeat remarks about",
            "base": "make upbeat remarks about",
            "ger": "making upbeat remarks about",
            "pp": None,
        },
        {
            "past": "sounded optimistic about",
            "base": "sound optimistic about",
            "ger": "sounding optimistic about",
            "pp": None,
        },
    ],
    "Reject": [
        {"past": "rejected", "base": "reject", "ger": "rejecting", "pp": "rejected"},
        {"past": "rebuffed", "base": "rebuff", "ger": "rebuffing", "pp": "rebuffed"},
    ],
    "Use_conventional_military_force": [
        {
            "past": "used military force against",
            "base": "use military force against",
            "ger": "using military force against",
            "pp": None,
        },
        {
            "past": "launched military attacks on",
            "base": "launch military attacks on",
            "ger": "launching military attacks on",
            "pp": None,
        },
    ],
    "Provide_humanitarian_aid": [
        {
            "past": "sent humanitarian aid to",
            "base": "send humanitarian aid to",
            "ger": "sending humanitarian aid to",
            "pp": None,
        },
        {
            "past": "delivered humanitarian assistance to",
            "base": "deliver humanitarian assistance to",
            "ger": "delivering humanitarian assistance to",
            "pp": None,
        },
    ],
    "Demand": [
        {"past": "made demands of", "base": "make demands of", "ger": "making demands of", "pp": None},
    ],
}

# Sector entities phrased the way people write them; X must be a plain name.
SECTORS: dict[str, list[str]] = {
    "Police": ["the police of {x}", "{x}'s police"],
    "Citizen": ["the citizens of {x}", "{x}'s citizens"],
    "Government": ["the government of {x}", "{x}'s government"],
    "Military": ["the military of {x}", "{x}'s armed forces"],
    "Head of Government": ["the head of government of {x}", "{x}'s head of government"],
    "Foreign Affairs": ["the foreign ministry of {x}"],
}

# Relations a reader may take in either direction ("negotiated with", "phoned", "signed an agreement with").
SYMMETRIC = frozenset(
    {"Engage_in_negotiation", "Discuss_by_telephone", "Sign_formal_agreement", "Engage_in_diplomatic_cooperation"}
)
START_COMPLETE = {"mtq": date(2014, 1, 1), "icews14": date(2014, 1, 1)}
END = {"mtq": date(2015, 12, 31), "icews14": date(2014, 12, 31)}
MAX_GOLD = 5


# ------------------------------------------------------------------------------------------------ formatting
def day_text(d: date, rng: random.Random) -> str:
    m = calendar.month_name[d.month]
    return rng.choice([f"{d.day} {m} {d.year}", f"{m} {d.day}, {d.year}", d.isoformat()])


def month_text(y: int, m: int, rng: random.Random) -> str:
    return rng.choice([f"{calendar.month_name[m]} {y}", f"{calendar.month_name[m]} of {y}"])


def poss(x: str) -> str:
    return x + ("'" if x.endswith("s") else "'s")


def be(mention: str) -> str:
    """'was' or 'were' for a mention (sector phrases like "the citizens of X" are plural)."""
    plural = ("citizens", "armed forces", "police")
    return "were" if any(w in mention for w in plural) else "was"


# Names that read with "the" in running text ("the United Kingdom", "the Association of Southeast Asian Nations").
_THE_FIRST = frozenset(
    [
        "United",
        "Association",
        "Middle",
        "International",
        "European",
        "Organization",
        "Organisation",
        "World",
        "Czech",
        "Central",
        "Democratic",
        "Islamic",
        "Arab",
        "African",
        "Free",
        "Taliban",
        "Holy",
        "Red",
        "National",
        "Supreme",
        "Federal",
        "Asian",
        "Paris",
        "Security",
        "Israeli",
        "Iranian",
        "Muslim",
        "Palestinian",
        "Kurdistan",
        "North",
        "Southern",
        "Northern",
        "Associated",
        "Catholic",
        "Ministry",
        "Office",
        "Council",
        "Court",
        "High",
        "Consultative",
    ]
)
_THE_LAST = frozenset(
    [
        "Organization",
        "Organisation",
        "Council",
        "Nations",
        "Union",
        "Party",
        "Forces",
        "Committee",
        "Agency",
        "Court",
        "Office",
        "Army",
        "Front",
        "Movement",
        "Fund",
        "Bank",
        "Parliament",
        "Assembly",
        "Commission",
        "Ministry",
        "Community",
        "Brotherhood",
        "Conference",
        "Press",
        "Republic",
        "Emirates",
        "Alliance",
        "Congress",
        "Senate",
        "Police",
        "Government",
        "Department",
        "Secretariat",
        "Board",
        "Institute",
        "Association",
        "Intelligence",
        "Service",
        "Services",
        "Coalition",
    ]
)
_THE_ALONE = frozenset(
    {"Philippines", "Netherlands", "Gambia", "Bahamas", "Maldives", "Vatican", "Kremlin", "Pentagon"}
)
_NO_THE = frozenset({"North Korea", "Northern Ireland", "North Macedonia", "Central America", "Israeli Defense Forces"})


def with_article(name: str) -> str:
    """The name as it reads mid-sentence: "the United Kingdom", "Barack Obama", "the Kurdistan Workers' Party"."""
    words = name.split()
    if name in _THE_ALONE:
        return "the " + name
    if name in _NO_THE or len(words) < 2:
        return name
    if words[0] in _THE_FIRST or words[-1] in _THE_LAST or (" of " in name and len(words) >= 3):
        return "the " + name
    return name


def month_key(d: date) -> str:
    return f"{d.year:04d}-{d.month:02d}"


def gran_key(d: date, gran: str) -> str:
    return d.isoformat() if gran == "day" else month_key(d) if gran == "month" else f"{d.year:04d}"


def month_end(y: int, m: int) -> date:
    return date(y, m, calendar.monthrange(y, m)[1])


# ------------------------------------------------------------------------------------------------ data
@dataclass
class KG:
    store: str
    names: dict[str, str]
    events: list[tuple[str, str, str, date]]
    by_ro: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[date, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[date]] = field(default_factory=lambda: defaultdict(list))
    symmetric: frozenset[str] = frozenset()  # relations indexed in both directions (the ambiguity probe)

    def __post_init__(self) -> None:
        facts = set(self.events)
        facts |= {(o, r, s, d) for s, r, o, d in self.events if r in self.symmetric}
        for s, r, o, d in facts:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        for v in (*self.by_ro.values(), *self.by_sr.values()):
            v.sort()
        for dates in self.by_sro.values():
            dates.sort()

    @property
    def lo(self) -> date:
        return START_COMPLETE[self.store]

    @property
    def hi(self) -> date:
        return END[self.store]

    def mention(self, key: str, rng: random.Random) -> str | None:
        """How a question names an entity: a plain name, a sector phrase, or None (not nameable cleanly)."""
        name = self.names[key]
        if "(" not in name:
            return with_article(name) if ("/" not in name and len(name) <= 40) else None
        head, _, rest = name.partition(" (")
        inner = rest[:-1] if rest.endswith(")") else ""
        if head in SECTORS and inner in self.countries:
            x = with_article(inner)
            form = rng.choice(SECTORS[head])
            if form.startswith("{x}'s"):
                return poss(x) + form[len("{x}'s") :]
            return form.format(x=x)
        return None

    @property
    def countries(self) -> set[str]:
        """Names X that head sector entities "Citizen (X)" and "Government (X)" and are entities themselves."""
        if not hasattr(self, "_countries"):
            names = set(self.names.values())
            self._countries = {n for n in names if f"Citizen ({n})" in names and f"Government ({n})" in names} - {
                "International",
                "Unidentified State Actor",
            }
        return self._countries


def load(store: str) -> KG:
    names: dict[str, str] = {}
    events: list[tuple[str, str, str, date]] = []
    st = connect(start_managed=False, ensure_schema=False)
    try:
        with st.driver.session(database=st.database) as ses:
            for row in ses.run(DUMP):
                names[row["s"]] = row["sn"]
                names[row["o"]] = row["onm"]
                events.append((row["s"], row["r"], row["o"], row["d"].to_native()))
    finally:
        st.driver.close()
    return KG(store=store, names=names, events=events)


# ------------------------------------------------------------------------------------------------ questions
@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str  # entity | time
    time_level: str  # day | month | year
    qtype: str
    construction: str
    evidence: list[list[str]]
    spec: dict[str, Any]  # what check_gold recomputes in Cypher
    core: tuple[Any, ...] = ()


def ev(kg: KG, s: str, r: str, o: str, d: date) -> list[str]:
    return [s, r, o, d.isoformat()]


def subjects_in(kg: KG, r: str, o: str, lo: date, hi: date) -> list[tuple[date, str]]:
    rows = kg.by_ro.get((r, o), [])
    i = bisect.bisect_left(rows, (lo, ""))
    out = []
    for d, s in rows[i:]:
        if d > hi:
            break
        out.append((d, s))
    return out


def objects_in(kg: KG, s: str, r: str, lo: date, hi: date) -> list[tuple[date, str]]:
    rows = kg.by_sr.get((s, r), [])
    i = bisect.bisect_left(rows, (lo, ""))
    out = []
    for d, o in rows[i:]:
        if d > hi:
            break
        out.append((d, o))
    return out


def distinct(xs: list[str]) -> list[str]:
    return list(dict.fromkeys(xs))


def pick_first(rows: list[tuple[date, str]], last: bool = False) -> tuple[date, list[str]] | None:
    if not rows:
        return None
    d = rows[-1][0] if last else rows[0][0]
    return d, distinct([x for dd, x in rows if dd == d])


def unique_anchor(kg: KG, s: str, r: str, o: str) -> date | None:
    dates = kg.by_sro.get((s, r, o), [])
    return dates[0] if len(dates) == 1 else None


Ctx = tuple[KG, random.Random]


def random_event(kg: KG, rng: random.Random, lo: date | None = None) -> tuple[str, str, str, date]:
    lo = lo or kg.lo
    while True:
        s, r, o, d = kg.events[rng.randrange(len(kg.events))]
        if r in PH and lo <= d <= kg.hi and s != o:
            return s, r, o, d


def names_of(kg: KG, keys: list[str]) -> list[str]:
    return [kg.names[k] for k in keys]


def spec(asked: str, r: str, s: str | None, o: str | None, lo: date, hi: date, **kw: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"asked": asked, "rel": r, "s": s, "o": o, "lo": lo.isoformat(), "hi": hi.isoformat()}
    out.update(kw)
    return out


# Each construction: (label, qtype, builder). A builder returns a Q or None (the sampled fact does not fit).
def c_equal_day_front(kg: KG, rng: random.Random) -> Q | None:
    _s, r, o, d = random_event(kg, rng)
    om = kg.mention(o, rng)
    if om is None:
        return None
    p = rng.choice(PH[r])
    gold = distinct([x for _, x in subjects_in(kg, r, o, d, d)])
    q = f"On {day_text(d, rng)}, who {p['past']} {om}?"
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "day",
        "equal",
        "equal_day_time_first",
        [ev(kg, x, r, o, d) for x in gold],
        spec("s", r, None, kg.names[o], d, d),
        (r, o, d),
    )


def c_equal_day_object(kg: KG, rng: random.Random) -> Q | None:
    s, r, _o, d = random_event(kg, rng)
    sm = kg.mention(s, rng)
    if sm is None:
        return None
    p = rng.choice(PH[r])
    gold = distinct([x for _, x in objects_in(kg, s, r, d, d)])
    q = rng.choice(
        [f"Who did {sm} {p['base']} on {day_text(d, rng)}?", f"Whom did {sm} {p['base']} on {day_text(d, rng)}?"]
    )
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "day",
        "equal",
        "equal_day_object_asked",
        [ev(kg, s, r, x, d) for x in gold],
        spec("o", r, kg.names[s], None, d, d),
        (s, r, d),
    )


def c_equal_passive_month(kg: KG, rng: random.Random) -> Q | None:
    _s, r, o, d = random_event(kg, rng)
    ps = [p for p in PH[r] if p["pp"]]
    om = kg.mention(o, rng)
    if not ps or om is None:
        return None
    p = rng.choice(ps)
    lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
    gold = distinct([x for _, x in subjects_in(kg, r, o, lo, hi)])
    mt = month_text(d.year, d.month, rng)
    q = rng.choice([f"By whom {be(om)} {om} {p['pp']} in {mt}?", f"In {mt}, {om} {be(om)} {p['pp']} by whom?"])
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "month",
        "equal",
        "equal_month_passive",
        [ev(kg, x, r, o, dd) for dd, x in subjects_in(kg, r, o, lo, hi)],
        spec("s", r, None, kg.names[o], lo, hi),
        (r, o, lo),
    )


def c_equal_month_active(kg: KG, rng: random.Random) -> Q | None:
    _s, r, o, d = random_event(kg, rng)
    om = kg.mention(o, rng)
    if om is None:
        return None
    p = rng.choice(PH[r])
    lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
    rows = subjects_in(kg, r, o, lo, hi)
    gold = distinct([x for _, x in rows])
    mt = month_text(d.year, d.month, rng)
    q = rng.choice([f"Who {p['past']} {om} during {mt}?", f"In {mt}, which actors {p['past']} {om}?"])
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "month",
        "equal",
        "equal_month",
        [ev(kg, x, r, o, dd) for dd, x in rows],
        spec("s", r, None, kg.names[o], lo, hi),
        (r, o, lo),
    )


def period_of(d: date, rng: random.Random) -> tuple[date, date, str]:
    y = d.year
    kind = rng.choice(["half", "quarter", "months"])
    if kind == "half":
        h = 0 if d.month <= 6 else 1
        lo, hi = date(y, 1 + 6 * h, 1), month_end(y, 6 + 6 * h)
        return lo, hi, f"in the {['first', 'second'][h]} half of {y}"
    if kind == "quarter":
        k = (d.month - 1) // 3
        lo, hi = date(y, 3 * k + 1, 1), month_end(y, 3 * k + 3)
        return (
            lo,
            hi,
            rng.choice([f"during Q{k + 1} {y}", f"in the {['first', 'second', 'third', 'fourth'][k]} quarter of {y}"]),
        )
    m1 = max(1, d.month - rng.randrange(0, 2))
    m2 = min(12, m1 + rng.randrange(1, 3))
    lo, hi = date(y, m1, 1), month_end(y, m2)
    return lo, hi, f"between {calendar.month_name[m1]} and {calendar.month_name[m2]} {y}"


def c_equal_period(kg: KG, rng: random.Random) -> Q | None:
    s, r, _o, d = random_event(kg, rng)
    sm = kg.mention(s, rng)
    if sm is None:
        return None
    p = rng.choice(PH[r])
    lo, hi, pt = period_of(d, rng)
    rows = objects_in(kg, s, r, lo, hi)
    gold = distinct([x for _, x in rows])
    q = rng.choice([f"Who did {sm} {p['base']} {pt}?", f"{pt[0].upper() + pt[1:]}, who did {sm} {p['base']}?"])
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "month",
        "equal",
        "equal_period_object_asked",
        [ev(kg, s, r, x, dd) for dd, x in rows],
        spec("o", r, kg.names[s], None, lo, hi),
        (s, r, lo, hi),
    )


def c_after_date(kg: KG, rng: random.Random) -> Q | None:
    _s, r, o, d = random_event(kg, rng)
    om = kg.mention(o, rng)
    if om is None:
        return None
    p = rng.choice(PH[r])
    lo = d + timedelta(days=1)
    rows = subjects_in(kg, r, o, lo, kg.hi)
    gold = distinct([x for _, x in rows])
    dt = day_text(d, rng)
    q = rng.choice([f"Who {p['past']} {om} after {dt}?", f"After {dt}, who {p['past']} {om}?"])
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "day",
        "before_after",
        "after_date",
        [ev(kg, x, r, o, dd) for dd, x in rows],
        spec("s", r, None, kg.names[o], lo, kg.hi),
        (r, o, d),
    )


def c_before_date(kg: KG, rng: random.Random) -> Q | None:
    s, r, _o, d = random_event(kg, rng)
    sm = kg.mention(s, rng)
    if sm is None:
        return None
    p = rng.choice(PH[r])
    hi = d - timedelta(days=1)
    if kg.store == "mtq":
        lo = date(d.year, 1, 1)
        dt = f"{d.day} {calendar.month_name[d.month]}"
        q = rng.choice(
            [
                f"In {d.year}, who did {sm} {p['base']} before {dt}?",
                f"Who did {sm} {p['base']} between the start of {d.year} and {dt}?",
            ]
        )
        if "between" in q:
            hi = d  # "between the start of Y and D": D included
    else:
        lo = kg.lo
        q = rng.choice(
            [
                f"Who did {sm} {p['base']} before {day_text(d, rng)}?",
                f"Before {day_text(d, rng)}, whom had {sm} {p['past']}?",
            ]
        )
    rows = objects_in(kg, s, r, lo, hi)
    gold = distinct([x for _, x in rows])
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "day",
        "before_after",
        "before_date",
        [ev(kg, s, r, x, dd) for dd, x in rows],
        spec("o", r, kg.names[s], None, lo, hi),
        (s, r, d),
    )


def anchor_event(kg: KG, rng: random.Random) -> tuple[str, str, str, date] | None:
    s, r, o, d = random_event(kg, rng)
    return (s, r, o, d) if unique_anchor(kg, s, r, o) == d else None


def c_after_anchor_list(kg: KG, rng: random.Random) -> Q | None:
    a = anchor_event(kg, rng)
    if a is None:
        return None
    s, r, o1, d = a
    sm, o1m = kg.mention(s, rng), kg.mention(o1, rng)
    if sm is None or o1m is None:
        return None
    p = rng.choice(PH[r])
    rows = [(dd, x) for dd, x in objects_in(kg, s, r, d + timedelta(days=1), kg.hi) if x != o1]
    gold = distinct([x for _, x in rows])
    q = rng.choice(
        [
            f"After {p['ger']} {o1m}, who else did {sm} {p['base']}?",
            f"Who did {sm} {p['base']} after {sm if rng.random() < 0.5 else 'it'} {p['past']} {o1m}?",
        ]
    )
    anc = {"s": kg.names[s], "r": r, "o": kg.names[o1], "from": 1, "to": None}
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "day",
        "before_after",
        "after_anchor_list",
        [ev(kg, s, r, o1, d)] + [ev(kg, s, r, x, dd) for dd, x in rows],
        spec("o", r, kg.names[s], None, d, kg.hi, anchor=anc, exclude=[kg.names[o1]]),
        (s, r, o1),
    )


def c_before_anchor_list(kg: KG, rng: random.Random) -> Q | None:
    a = anchor_event(kg, rng)
    if a is None:
        return None
    s, r, o, d = a
    sm, om = kg.mention(s, rng), kg.mention(o, rng)
    if sm is None or om is None:
        return None
    p = rng.choice(PH[r])
    lo = date(d.year, 1, 1) if kg.store == "mtq" else kg.lo
    rows = [(dd, x) for dd, x in subjects_in(kg, r, o, lo, d - timedelta(days=1)) if x != s]
    gold = distinct([x for _, x in rows])
    scope = f" in {d.year}" if kg.store == "mtq" else ""
    q = rng.choice(
        [
            f"Before {sm} {p['past']} {om}, who else had done so{scope}?",
            f"Who {p['past']} {om}{scope} before {sm} did?",
            f"Which actors {p['past']} {om}{scope} ahead of {sm}?",
        ]
    )
    anc = {"s": kg.names[s], "r": r, "o": kg.names[o], "from": None, "to": -1, "year_start": kg.store == "mtq"}
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "day",
        "before_after",
        "before_anchor_list",
        [ev(kg, s, r, o, d)] + [ev(kg, x, r, o, dd) for dd, x in rows],
        spec("s", r, None, kg.names[o], lo, d, anchor=anc, exclude=[kg.names[s]]),
        (s, r, o),
    )


def c_first_in_period(kg: KG, rng: random.Random) -> Q | None:
    _s, r, o, d = random_event(kg, rng)
    om = kg.mention(o, rng)
    if om is None:
        return None
    p = rng.choice(PH[r])
    if rng.random() < 0.5:
        lo, hi = date(d.year, 1, 1), date(d.year, 12, 31)
        pt = f"in {d.year}"
    else:
        lo, hi, pt = period_of(d, rng)
    last = rng.random() < 0.4
    got = pick_first(subjects_in(kg, r, o, lo, hi), last)
    if got is None:
        return None
    dd, gold = got
    word = "last" if last else "first"
    q = rng.choice(
        [f"Who was the {word} to {p['base']} {om} {pt}?", f"{pt[0].upper() + pt[1:]}, who {word} {p['past']} {om}?"]
    )
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "year" if pt.startswith("in 2") else "month",
        "equal_multi",
        f"{word}_in_period",
        [ev(kg, x, r, o, dd) for x in gold],
        spec("s", r, None, kg.names[o], lo, hi, mode=word),
        (r, o, lo, hi, word),
    )


def c_last_whole(kg: KG, rng: random.Random) -> Q | None:
    _s, r, o, _d = random_event(kg, rng)
    om = kg.mention(o, rng)
    if om is None:
        return None
    p = rng.choice(PH[r])
    got = pick_first(subjects_in(kg, r, o, date(1900, 1, 1), kg.hi), last=True)
    if got is None or got[0] < kg.lo:
        return None
    dd, gold = got
    q = rng.choice(
        [
            f"Who most recently {p['past']} {om}?",
            f"Who was the last to {p['base']} {om}?",
            f"Which actor {p['past']} {om} last?",
        ]
    )
    if kg.store == "icews14" and rng.random() < 0.5:
        got = pick_first(subjects_in(kg, r, o, kg.lo, kg.hi))
        assert got is not None
        dd, gold = got
        q = rng.choice([f"Who was the first to {p['base']} {om}?", f"Who {p['past']} {om} first?"])
        return Q(
            q,
            names_of(kg, gold),
            "entity",
            "day",
            "first_last",
            "first_whole_store",
            [ev(kg, x, r, o, dd) for x in gold],
            spec("s", r, None, kg.names[o], kg.lo, kg.hi, mode="first"),
            (r, o, "first"),
        )
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "day",
        "first_last",
        "last_whole_store",
        [ev(kg, x, r, o, dd) for x in gold],
        spec("s", r, None, kg.names[o], date(1900, 1, 1), kg.hi, mode="last"),
        (r, o, "last"),
    )


def c_after_first(kg: KG, rng: random.Random) -> Q | None:
    a = anchor_event(kg, rng)
    if a is None:
        return None
    s, r, o, d = a
    sm, om = kg.mention(s, rng), kg.mention(o, rng)
    if sm is None or om is None:
        return None
    p = rng.choice(PH[r])
    got = pick_first([(dd, x) for dd, x in subjects_in(kg, r, o, d + timedelta(days=1), kg.hi) if x != s])
    if got is None:
        return None
    dd, gold = got
    q = rng.choice(
        [
            f"Who was the first to {p['base']} {om} after {sm} did?",
            f"After {sm} {p['past']} {om}, who was next to do so?",
            f"Once {sm} {p['past']} {om}, who was the first to follow?",
        ]
    )
    anc = {"s": kg.names[s], "r": r, "o": kg.names[o], "from": 1, "to": None}
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "day",
        "after_first",
        "after_first_anchor",
        [ev(kg, s, r, o, d)] + [ev(kg, x, r, o, dd) for x in gold],
        spec("s", r, None, kg.names[o], d, kg.hi, anchor=anc, exclude=[kg.names[s]], mode="first"),
        (s, r, o),
    )


def c_before_last(kg: KG, rng: random.Random) -> Q | None:
    a = anchor_event(kg, rng)
    if a is None:
        return None
    s, r, o, d = a
    sm, om = kg.mention(s, rng), kg.mention(o, rng)
    if sm is None or om is None:
        return None
    p = rng.choice(PH[r])
    got = pick_first(
        [(dd, x) for dd, x in subjects_in(kg, r, o, date(1900, 1, 1), d - timedelta(days=1)) if x != s], last=True
    )
    if got is None or got[0] < kg.lo:
        return None
    dd, gold = got
    q = rng.choice(
        [
            f"Who was the last to {p['base']} {om} before {sm} did?",
            f"Before {sm} {p['past']} {om}, who had most recently done so?",
            f"Who last {p['past']} {om} before {sm} did?",
        ]
    )
    anc = {"s": kg.names[s], "r": r, "o": kg.names[o], "from": None, "to": -1}
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "day",
        "before_last",
        "before_last_anchor",
        [ev(kg, s, r, o, d)] + [ev(kg, x, r, o, dd) for x in gold],
        spec("s", r, None, kg.names[o], date(1900, 1, 1), d, anchor=anc, exclude=[kg.names[s]], mode="last"),
        (s, r, o),
    )


def c_same_window_as(kg: KG, rng: random.Random, kind: str) -> Q | None:
    a = anchor_event(kg, rng)
    if a is None:
        return None
    s, r, o, d = a
    sm, om = kg.mention(s, rng), kg.mention(o, rng)
    if sm is None or om is None:
        return None
    p = rng.choice(PH[r])
    if kind == "month":
        lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
        q = rng.choice(
            [
                f"Who else {p['past']} {om} in the same month as {sm}?",
                f"In the same month that {sm} {p['past']} {om}, who else did so?",
            ]
        )
        anc = {"s": kg.names[s], "r": r, "o": kg.names[o], "month": True}
    elif kind == "day":
        lo = hi = d
        q = rng.choice(
            [
                f"Who else {p['past']} {om} on the same day as {sm}?",
                f"On the day {sm} {p['past']} {om}, who else did the same?",
            ]
        )
        anc = {"s": kg.names[s], "r": r, "o": kg.names[o], "from": 0, "to": 0}
    elif kind == "day_after":
        lo = hi = d + timedelta(days=1)
        q = rng.choice(
            [
                f"Who {p['past']} {om} on the day after {sm} did?",
                f"The day after {sm} {p['past']} {om}, who {p['past']} {om}?",
            ]
        )
        anc = {"s": kg.names[s], "r": r, "o": kg.names[o], "from": 1, "to": 1}
    else:
        lo, hi = d + timedelta(days=1), d + timedelta(days=7)
        q = rng.choice(
            [
                f"Within a week after {sm} {p['past']} {om}, who else {p['past']} {om}?",
                f"Who {p['past']} {om} in the seven days after {sm} did?",
            ]
        )
        anc = {"s": kg.names[s], "r": r, "o": kg.names[o], "from": 1, "to": 7}
    if hi > kg.hi:
        return None
    rows = [(dd, x) for dd, x in subjects_in(kg, r, o, lo, hi) if x != s]
    gold = distinct([x for _, x in rows])
    label = {
        "month": "same_month_as",
        "day": "same_day_as",
        "day_after": "day_after_anchor",
        "week": "week_after_anchor",
    }[kind]
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "month" if kind == "month" else "day",
        "equal_multi",
        label,
        [ev(kg, s, r, o, d)] + [ev(kg, x, r, o, dd) for dd, x in rows],
        spec("s", r, None, kg.names[o], lo, hi, anchor=anc, exclude=[kg.names[s]]),
        (s, r, o, kind),
    )


def c_cross_relation_day(kg: KG, rng: random.Random) -> Q | None:
    """equal_multi across two relations: who did r to o on the day s2 did r2 to o2 (a unique event)."""
    a = anchor_event(kg, rng)
    if a is None:
        return None
    s2, r2, o2, d = a
    # the main relation: another one that someone did to the anchor's object on that day
    rs = sorted(r for r in PH if r != r2 and subjects_in(kg, r, o2, d, d))
    if not rs:
        return None
    r = rng.choice(rs)
    sm, om = kg.mention(s2, rng), kg.mention(o2, rng)
    if sm is None or om is None:
        return None
    p, p2 = rng.choice(PH[r]), rng.choice(PH[r2])
    gold = distinct([x for _, x in subjects_in(kg, r, o2, d, d)])
    if s2 in gold:
        return None  # the anchor's own actor as the answer reads as a trick question
    q = rng.choice(
        [
            f"Who {p['past']} {om} on the same day that {sm} {p2['past']} {om}?",
            f"On the day {sm} {p2['past']} {om}, who {p['past']} {om}?",
        ]
    )
    anc = {"s": kg.names[s2], "r": r2, "o": kg.names[o2], "from": 0, "to": 0}
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "day",
        "equal_multi",
        "same_day_other_relation",
        [ev(kg, s2, r2, o2, d)] + [ev(kg, x, r, o2, d) for x in gold],
        spec("s", r, None, kg.names[o2], d, d, anchor=anc),
        (s2, r2, o2, r),
    )


def c_sector_mention(kg: KG, rng: random.Random) -> Q | None:
    """A sector entity named as people write it ("the police of Kenya", "Sudan's citizens"), as subject or object."""
    s, r, o, d = random_event(kg, rng)
    lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
    mt = month_text(d.year, d.month, rng)
    p = rng.choice(PH[r])
    if "(" in kg.names[s] and rng.random() < 0.5:
        sm = kg.mention(s, rng)
        if sm is None:
            return None
        rows = objects_in(kg, s, r, lo, hi)
        gold = distinct([x for _, x in rows])
        q = rng.choice([f"Whom did {sm} {p['base']} in {mt}?", f"In {mt}, who did {sm} {p['base']}?"])
        return Q(
            q,
            names_of(kg, gold),
            "entity",
            "month",
            "equal",
            "sector_mention_subject",
            [ev(kg, s, r, x, dd) for dd, x in rows],
            spec("o", r, kg.names[s], None, lo, hi),
            (s, r, lo),
        )
    if "(" not in kg.names[o]:
        return None
    om = kg.mention(o, rng)
    if om is None:
        return None
    rows = subjects_in(kg, r, o, lo, hi)
    gold = distinct([x for _, x in rows])
    q = rng.choice([f"Who {p['past']} {om} in {mt}?", f"During {mt}, who {p['past']} {om}?"])
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "month",
        "equal",
        "sector_mention_object",
        [ev(kg, x, r, o, dd) for dd, x in rows],
        spec("s", r, None, kg.names[o], lo, hi),
        (r, o, lo),
    )


def c_sector_answer(kg: KG, rng: random.Random) -> Q | None:
    """An entity question whose gold holds a sector entity ("Police (Kenya)", "Citizen (Sudan)")."""
    s, r, o, d = random_event(kg, rng)
    if "(" not in kg.names[s]:
        return None
    om = kg.mention(o, rng)
    if om is None:
        return None
    p = rng.choice(PH[r])
    rows = subjects_in(kg, r, o, d, d)
    gold = distinct([x for _, x in rows])
    if not any("(" in kg.names[x] for x in gold):
        return None
    q = rng.choice([f"On {day_text(d, rng)}, who {p['past']} {om}?", f"Who {p['past']} {om} on {day_text(d, rng)}?"])
    return Q(
        q,
        names_of(kg, gold),
        "entity",
        "day",
        "equal",
        "sector_answer",
        [ev(kg, x, r, o, dd) for dd, x in rows],
        spec("s", r, None, kg.names[o], d, d),
        (r, o, d),
    )


# ---- time answers
def c_time_day_unique(kg: KG, rng: random.Random) -> Q | None:
    s, r, o, d = random_event(kg, rng)
    sm, om = kg.mention(s, rng), kg.mention(o, rng)
    if sm is None or om is None:
        return None
    p = rng.choice(PH[r])
    if kg.store == "mtq":
        lo, hi = date(d.year, 1, 1), date(d.year, 12, 31)
        q = rng.choice(
            [f"When in {d.year} did {sm} {p['base']} {om}?", f"On what date in {d.year} did {sm} {p['base']} {om}?"]
        )
    else:
        lo, hi = kg.lo, kg.hi
        q = rng.choice([f"When did {sm} {p['base']} {om}?", f"On what date did {sm} {p['base']} {om}?"])
    dates = [x for x in kg.by_sro[(s, r, o)] if lo <= x <= hi]
    gold = distinct([x.isoformat() for x in dates])
    return Q(
        q,
        gold,
        "time",
        "day",
        "equal",
        "when_day",
        [ev(kg, s, r, o, x) for x in dates],
        spec("t", r, kg.names[s], kg.names[o], lo, hi, gran="day"),
        (s, r, o, lo),
    )


def c_time_month(kg: KG, rng: random.Random, subject_form: bool) -> Q | None:
    s, r, o, d = random_event(kg, rng)
    sm, om = kg.mention(s, rng), kg.mention(o, rng)
    if sm is None or om is None:
        return None
    p = rng.choice(PH[r])
    lo, hi = (date(d.year, 1, 1), date(d.year, 12, 31)) if kg.store == "mtq" else (kg.lo, kg.hi)
    scope = f" of {d.year}" if kg.store == "mtq" else ""
    if subject_form:
        q = rng.choice(
            [f"Which month{scope} saw {sm} {p['base']} {om}?", f"What month{scope} did {sm} {p['base']} {om} in?"]
        )
        label = "month_as_subject"
    else:
        q = f"In which month{scope} did {sm} {p['base']} {om}?"
        label = "which_month"
    dates = [x for x in kg.by_sro[(s, r, o)] if lo <= x <= hi]
    gold = distinct([month_key(x) for x in dates])
    return Q(
        q,
        gold,
        "time",
        "month",
        "equal",
        label,
        [ev(kg, s, r, o, x) for x in dates],
        spec("t", r, kg.names[s], kg.names[o], lo, hi, gran="month"),
        (s, r, o, lo),
    )


def c_time_first_last(kg: KG, rng: random.Random) -> Q | None:
    s, r, o, d = random_event(kg, rng)
    sm, om = kg.mention(s, rng), kg.mention(o, rng)
    if sm is None or om is None:
        return None
    p = rng.choice(PH[r])
    gran = rng.choice(["day", "month", "year"] if kg.store == "mtq" else ["day", "month"])
    last = rng.random() < 0.5
    all_dates = kg.by_sro[(s, r, o)]
    if last:
        lo, hi = date(1900, 1, 1), kg.hi
        x = all_dates[-1]
        if x < kg.lo:
            return None
        q = {
            "day": rng.choice(
                [
                    f"When did {sm} last {p['base']} {om}?",
                    f"What was the most recent date on which {sm} {p['past']} {om}?",
                ]
            ),
            "month": f"In which month did {sm} last {p['base']} {om}?",
            "year": rng.choice(
                [
                    f"In which year did {sm} last {p['base']} {om}?",
                    f"What year did {sm} {p['base']} {om} for the last time?",
                ]
            ),
        }[gran]
    else:
        if kg.store == "mtq":
            lo, hi = date(d.year, 1, 1), date(d.year, 12, 31)
            if gran == "year":
                lo, hi = kg.lo, kg.hi
            x = min(t for t in all_dates if lo <= t <= hi)
            q = {
                "day": f"On what day in {d.year} did {sm} first {p['base']} {om}?",
                "month": rng.choice(
                    [
                        f"In which month of {d.year} did {sm} first {p['base']} {om}?",
                        f"Which month of {d.year} saw {sm} {p['base']} {om} for the first time?",
                    ]
                ),
                "year": f"Since the start of 2014, in which year did {sm} first {p['base']} {om}?",
            }[gran]
        else:
            lo, hi = kg.lo, kg.hi
            x = all_dates[0]
            q = {
                "day": rng.choice(
                    [
                        f"When did {sm} first {p['base']} {om}?",
                        f"On which day did {sm} {p['base']} {om} for the first time?",
                    ]
                ),
                "month": f"In which month did {sm} first {p['base']} {om}?",
            }[gran]
    word = "last" if last else "first"
    return Q(
        q,
        [gran_key(x, gran)],
        "time",
        gran,
        "first_last",
        f"{word}_time_{gran}",
        [ev(kg, s, r, o, x)],
        spec("t", r, kg.names[s], kg.names[o], lo, hi, gran=gran, mode=word),
        (s, r, o, word, gran),
    )


def c_time_next_after(kg: KG, rng: random.Random) -> Q | None:
    s, r, o, d = random_event(kg, rng)
    sm, om = kg.mention(s, rng), kg.mention(o, rng)
    if sm is None or om is None:
        return None
    p = rng.choice(PH[r])
    dates = kg.by_sro[(s, r, o)]
    before = rng.random() < 0.5
    if before:
        cut = d
        prev = [x for x in dates if x < cut]
        if not prev or prev[-1] < kg.lo:
            return None
        x = prev[-1]
        q = rng.choice(
            [
                f"Before {day_text(cut, rng)}, when was the last time {sm} {p['past']} {om}?",
                f"When did {sm} {p['base']} {om} most recently before {day_text(cut, rng)}?",
            ]
        )
        return Q(
            q,
            [x.isoformat()],
            "time",
            "day",
            "before_after",
            "time_last_before_date",
            [ev(kg, s, r, o, x)],
            spec("t", r, kg.names[s], kg.names[o], date(1900, 1, 1), cut - timedelta(days=1), gran="day", mode="last"),
            (s, r, o, cut, "b"),
        )
    cut = d - timedelta(days=rng.randrange(1, 20))
    if cut < kg.lo:
        return None
    x = min(t for t in dates if t > cut)
    q = rng.choice(
        [
            f"After {day_text(cut, rng)}, when did {sm} next {p['base']} {om}?",
            f"What was the first date after {day_text(cut, rng)} on which {sm} {p['past']} {om}?",
        ]
    )
    return Q(
        q,
        [x.isoformat()],
        "time",
        "day",
        "before_after",
        "time_next_after_date",
        [ev(kg, s, r, o, x)],
        spec("t", r, kg.names[s], kg.names[o], cut + timedelta(days=1), kg.hi, gran="day", mode="first"),
        (s, r, o, cut, "a"),
    )


def c_time_both(kg: KG, rng: random.Random) -> Q | None:
    """equal_multi with a time answer: the days on which two actors both did r to o."""
    s, r, o, d = random_event(kg, rng)
    others = [x for x in distinct([x for _, x in subjects_in(kg, r, o, d, d)]) if x != s]
    if not others:
        return None
    b = rng.choice(others)
    sm, bm, om = kg.mention(s, rng), kg.mention(b, rng), kg.mention(o, rng)
    if sm is None or bm is None or om is None:
        return None
    p = rng.choice(PH[r])
    lo, hi = (date(d.year, 1, 1), date(d.year, 12, 31)) if kg.store == "mtq" else (kg.lo, kg.hi)
    scope = f" in {d.year}" if kg.store == "mtq" else ""
    both = sorted(set(kg.by_sro[(s, r, o)]) & set(kg.by_sro[(b, r, o)]))
    both = [x for x in both if lo <= x <= hi]
    q = rng.choice(
        [
            f"On which day{scope} did both {sm} and {bm} {p['base']} {om}?",
            f"When{scope} did {sm} and {bm} {p['base']} {om} on the same day?",
        ]
    )
    return Q(
        q,
        [x.isoformat() for x in both],
        "time",
        "day",
        "equal_multi",
        "both_same_day",
        [ev(kg, y, r, o, x) for x in both for y in (s, b)],
        spec("t", r, kg.names[s], kg.names[o], lo, hi, gran="day", both=kg.names[b]),
        (r, o, frozenset((s, b))),
    )


def c_same_month_as(kg: KG, rng: random.Random) -> Q | None:
    return c_same_window_as(kg, rng, "month")


def c_same_day_as(kg: KG, rng: random.Random) -> Q | None:
    return c_same_window_as(kg, rng, "day")


def c_day_after_anchor(kg: KG, rng: random.Random) -> Q | None:
    return c_same_window_as(kg, rng, "day_after")


def c_week_after_anchor(kg: KG, rng: random.Random) -> Q | None:
    return c_same_window_as(kg, rng, "week")


def c_which_month(kg: KG, rng: random.Random) -> Q | None:
    return c_time_month(kg, rng, subject_form=False)


def c_month_as_subject(kg: KG, rng: random.Random) -> Q | None:
    return c_time_month(kg, rng, subject_form=True)


CONSTRUCTIONS: list[tuple[Callable[[KG, random.Random], Q | None], int]] = [
    (c_equal_day_front, 6),
    (c_equal_day_object, 6),
    (c_equal_passive_month, 4),
    (c_equal_month_active, 5),
    (c_equal_period, 6),
    (c_after_date, 5),
    (c_before_date, 5),
    (c_after_anchor_list, 5),
    (c_before_anchor_list, 5),
    (c_first_in_period, 6),
    (c_last_whole, 5),
    (c_after_first, 5),
    (c_before_last, 5),
    (c_same_month_as, 2),
    (c_same_day_as, 2),
    (c_day_after_anchor, 2),
    (c_week_after_anchor, 2),
    (c_cross_relation_day, 4),
    (c_sector_mention, 6),
    (c_sector_answer, 3),
    (c_time_day_unique, 5),
    (c_which_month, 3),
    (c_month_as_subject, 3),
    (c_time_first_last, 8),
    (c_time_next_after, 5),
    (c_time_both, 3),
]


# ------------------------------------------------------------------------------------------------ second check
ANCHOR = (
    "MATCH (ev:Event)-[:SUBJECT]->(x:Entity), (ev)-[:OBJECT]->(y:Entity) "
    "WHERE x.name = $s AND y.name = $o AND ev.relation = $r RETURN ev.valid_from AS d"
)
MAIN = """
MATCH (ev:Event {relation: $rel})
WHERE date($lo) <= ev.valid_from AND ev.valid_from <= date($hi)
MATCH (subj:Entity)<-[:SUBJECT]-(ev)-[:OBJECT]->(obj:Entity)
WHERE ($s IS NULL OR subj.name = $s) AND ($o IS NULL OR obj.name = $o)
  AND ($both IS NULL OR EXISTS {
        MATCH (b:Entity {name: $both})<-[:SUBJECT]-(ev2:Event {relation: $rel})-[:OBJECT]->(obj)
        WHERE ev2.valid_from = ev.valid_from })
WITH ev.valid_from AS d,
     CASE $asked WHEN 's' THEN subj.name WHEN 'o' THEN obj.name
          ELSE left(toString(ev.valid_from), $len) END AS answer
WHERE NOT answer IN $exclude
WITH d, answer ORDER BY d
WITH collect({d: d, a: answer}) AS rows
WITH rows, CASE $mode WHEN 'first' THEN head(rows).d WHEN 'last' THEN last(rows).d ELSE null END AS pick
UNWIND [row IN rows WHERE pick IS NULL OR row.d = pick] AS kept
RETURN collect(DISTINCT kept.a) AS answers
"""


def check_gold(ses: Any, sp: dict[str, Any]) -> list[str] | None:
    """The gold of one question, recomputed in Cypher from its spec; None when its anchor is not unique."""
    lo, hi = date.fromisoformat(sp["lo"]), date.fromisoformat(sp["hi"])
    anc = sp.get("anchor")
    if anc:
        rows = [r["d"].to_native() for r in ses.run(ANCHOR, s=anc["s"], o=anc["o"], r=anc["r"])]
        if len(rows) != 1:
            return None
        d = rows[0]
        if anc.get("month"):
            lo, hi = date(d.year, d.month, 1), month_end(d.year, d.month)
        else:
            if anc.get("from") is not None:
                lo = d + timedelta(days=anc["from"])
            if anc.get("to") is not None:
                hi = d + timedelta(days=anc["to"])
            if anc.get("year_start"):
                lo = date(d.year, 1, 1)
    length = {"day": 10, "month": 7, "year": 4}[sp.get("gran", "day")]
    row = ses.run(
        MAIN,
        rel=sp["rel"],
        lo=lo.isoformat(),
        hi=hi.isoformat(),
        s=sp["s"],
        o=sp["o"],
        asked=sp["asked"],
        len=length,
        exclude=sp.get("exclude", []),
        mode=sp.get("mode", "all"),
        both=sp.get("both"),
    ).single()
    return list(row["answers"]) if row else []


# ------------------------------------------------------------------------------------------------ main
def quotas(n: int) -> dict[str, int]:
    """Questions per construction: proportional to the weights, largest remainders first, summing to n."""
    total_w = sum(w for _, w in CONSTRUCTIONS)
    raw = {f.__name__: n * w / total_w for f, w in CONSTRUCTIONS}
    out = {k: int(v) for k, v in raw.items()}
    for k in sorted(raw, key=lambda k: out[k] - raw[k])[: n - sum(out.values())]:
        out[k] += 1
    return out


def generate(kg: KG, n: int, seed: int) -> list[Q]:
    rng = random.Random(f"{seed}-{kg.store}")
    undirected = KG(store=kg.store, names=kg.names, events=kg.events, symmetric=SYMMETRIC)
    quota = quotas(n)
    out: list[Q] = []
    seen_q: set[str] = set()
    seen_core: set[tuple[Any, ...]] = set()
    mentions: Counter[str] = Counter()
    for f, _ in CONSTRUCTIONS:
        got = 0
        for _attempt in range(20000):
            if got >= quota[f.__name__]:
                break
            state = rng.getstate()
            q = f(kg, rng)
            if q is None or not q.answers or len(q.answers) > MAX_GOLD:
                continue
            if q.spec["rel"] in SYMMETRIC or (q.spec.get("anchor") or {}).get("r") in SYMMETRIC:
                # "X negotiated with Y" also reads as "Y negotiated with X": keep only questions whose gold is the
                # same when such relations are read in both directions (same draws, undirected indexes).
                probe = random.Random()
                probe.setstate(state)
                q2 = f(undirected, probe)
                if q2 is None or q2.question != q.question or sorted(q2.answers) != sorted(q.answers):
                    continue
            if q.question in seen_q or (q.construction, *q.core) in seen_core:
                continue
            ents = [x for x in (q.spec.get("s"), q.spec.get("o")) if x]
            # a sector counts for its country too, so "Citizen (Sudan)" and "Government (Sudan)" do not crowd the set
            ents += [x.partition(" (")[2].rstrip(")") for x in ents if " (" in x]
            if any(mentions[x] >= 3 for x in ents):
                continue
            seen_q.add(q.question)
            seen_core.add((q.construction, *q.core))
            mentions.update(ents)
            out.append(q)
            got += 1
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--store", required=True, choices=sorted(END), help="which KG the connected instance holds")
    ap.add_argument("--n", type=int, default=100, help="about how many questions")
    ap.add_argument("--seed", type=int, default=4)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    kg = load(args.store)
    print(f"{args.store}: {len(kg.events)} events, {len(kg.names)} entities")
    qs = generate(kg, args.n, args.seed)
    st = connect(start_managed=False, ensure_schema=False)
    kept: list[Q] = []
    agree = 0
    try:
        with st.driver.session(database=st.database) as ses:
            for q in qs:
                again = check_gold(ses, q.spec)
                if again is not None and sorted(again) == sorted(q.answers):
                    agree += 1
                    kept.append(q)
                else:
                    print(f"DISAGREE ({q.construction}): {q.question} gold={q.answers} check={again}")
    finally:
        st.driver.close()
    print(f"second Cypher check: {agree}/{len(qs)} golds agree; {len(kept)} kept")
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for i, q in enumerate(kept):
            rec = {
                "quid": f"b4-{args.store}-{i:03d}",
                "id": f"b4-{args.store}-{i:03d}",
                "question": q.question,
                "answers": q.answers,
                "answer_type": q.answer_type,
                "time_level": q.time_level,
                "qtype": q.qtype,
                "qlabel": "Multiple" if q.qtype in ("equal_multi", "after_first", "before_last") else "Single",
                "construction": q.construction,
                "store": args.store,
                "evidence": q.evidence,
            }
            fh.write(json.dumps(rec, ensure_ascii=False) + "\n")
    counts = Counter(q.construction for q in kept)
    print("constructions:", dict(sorted(counts.items())))
    print("qtypes:", dict(sorted(Counter(q.qtype for q in kept).items())))


if __name__ == "__main__":
    main()
