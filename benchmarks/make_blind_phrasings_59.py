"""Blind held-out set 59: MultiTQ-style questions over the `mtq` (ICEWS05-15, partial) and `bench` (ICEWS14) stores.

Written without looking at the reader, so that its score on these phrasings is an honest held-out figure. Gold answers
come from one read of every (subject, relation, object, day) in the store, computed in Python; each gold is then
recomputed with a second, differently written Cypher query (other traversal side, string or date comparisons,
aggregation in Cypher) and the agreement is recorded per question. Deterministic: the same stores and seed give
byte-identical files.

Usage (from the worktree root; connection settings from the environment, read only, no schema applied):
    TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
        python benchmarks/make_blind_phrasings_59.py --store mtq --out <dir>/blind_mtq.jsonl
    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
        python benchmarks/make_blind_phrasings_59.py --store bench --out <dir>/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import calendar
import datetime as dt
import json
import random
import re
from collections import Counter, defaultdict
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

SEED = 20261259
MAX_GOLD = 5

# Per store: the period questions may ask about (mtq holds only a sample before 2013-11-18), the quid prefix and
# how many questions of each template to keep.
STORES: dict[str, dict[str, Any]] = {
    "mtq": {"lo": "2014-01-01", "hi": "2015-12-31", "prefix": "b59m", "years": ("2014", "2015")},
    "bench": {"lo": "2014-01-01", "hi": "2014-12-31", "prefix": "b59i", "years": ("2014",)},
}

# relation -> (past with {o}, base form with {o}, passive participle phrase or None)
REL: dict[str, tuple[str, str, str | None]] = {
    "Make_statement": ("made a statement about {o}", "make a statement about {o}", None),
    "Consult": ("consulted {o}", "consult {o}", "consulted"),
    "Make_an_appeal_or_request": ("appealed to {o}", "make an appeal to {o}", "appealed to"),
    "Express_intent_to_meet_or_negotiate": ("offered to meet {o}", "offer to meet {o}", None),
    "Make_a_visit": ("visited {o}", "visit {o}", "visited"),
    "Host_a_visit": ("hosted {o}", "host {o}", "hosted"),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrested or charged {o}",
        "arrest or charge {o}",
        "arrested or charged",
    ),
    "Praise_or_endorse": ("praised {o}", "praise {o}", "praised"),
    "Criticize_or_denounce": ("criticized {o}", "denounce {o}", "criticized"),
    "Accuse": ("accused {o}", "accuse {o}", "accused"),
    "Use_conventional_military_force": ("used military force against {o}", "use military force against {o}", None),
    "Engage_in_negotiation": ("negotiated with {o}", "negotiate with {o}", None),
    "Express_intent_to_cooperate": (
        "voiced a wish to cooperate with {o}",
        "express intent to cooperate with {o}",
        None,
    ),
    "Demand": ("made demands of {o}", "make demands of {o}", None),
    "Engage_in_diplomatic_cooperation": ("cooperated diplomatically with {o}", "work diplomatically with {o}", None),
    "Sign_formal_agreement": ("signed a formal agreement with {o}", "sign a formal agreement with {o}", None),
    "Investigate": ("investigated {o}", "investigate {o}", "investigated"),
    "Discuss_by_telephone": ("spoke on the phone with {o}", "phone {o}", "phoned"),
    "Reject": ("rejected {o}", "turn down {o}", "rebuffed"),
    "Threaten": ("threatened {o}", "threaten {o}", "threatened"),
    "Make_optimistic_comment": ("made upbeat remarks about {o}", "sound optimistic about {o}", None),
    "Make_pessimistic_comment": ("voiced pessimism about {o}", "sound pessimistic about {o}", None),
    "Provide_humanitarian_aid": ("gave humanitarian aid to {o}", "give humanitarian aid to {o}", None),
    "Provide_aid": ("provided aid to {o}", "send aid to {o}", None),
    "Impose_embargo,_boycott,_or_sanctions": ("imposed sanctions on {o}", "sanction {o}", "sanctioned"),
    "Complain_officially": ("lodged an official complaint against {o}", "complain officially about {o}", None),
    "Meet_at_a_'third'_location": ("met {o} at a third location", "meet {o} on neutral ground", None),
    "Make_empathetic_comment": ("expressed sympathy for {o}", "express sympathy for {o}", None),
    "Bring_lawsuit_against": ("sued {o}", "sue {o}", "sued"),
    "Physically_assault": ("physically assaulted {o}", "assault {o}", "assaulted"),
    "Abduct,_hijack,_or_take_hostage": ("kidnapped {o}", "kidnap {o}", "abducted"),
    "Cooperate_economically": ("cooperated economically with {o}", "cooperate economically with {o}", None),
    "Cooperate_militarily": ("cooperated militarily with {o}", "cooperate militarily with {o}", None),
    "Provide_military_aid": ("gave military aid to {o}", "give military aid to {o}", None),
    "Rally_support_on_behalf_of": ("rallied support for {o}", "rally support for {o}", None),
    "Reduce_or_break_diplomatic_relations": ("cut diplomatic ties with {o}", "cut diplomatic ties with {o}", None),
    "Demonstrate_or_rally": ("held protests against {o}", "protest against {o}", None),
    "Engage_in_symbolic_act": ("made a symbolic gesture toward {o}", "make a symbolic gesture toward {o}", None),
}

# sector role -> ways a person would say "Role (Country)"
ROLES: dict[str, tuple[str, ...]] = {
    "Police": ("the police in {c}", "{c}'s police"),
    "Citizen": ("citizens of {c}", "ordinary people in {c}"),
    "Head of Government": ("the head of government of {c}", "{c}'s head of government"),
    "Government": ("the government of {c}", "{c}'s government"),
    "Military": ("the armed forces of {c}", "{c}'s military"),
    "Foreign Affairs": ("the foreign ministry of {c}",),
    "Protester": ("protesters in {c}",),
    "Criminal": ("criminals in {c}",),
    "Media": ("the media in {c}",),
    "Legislature": ("{c}'s legislature",),
    "Student": ("students in {c}",),
    "Activist": ("activists in {c}",),
    "Militant": ("militants in {c}",),
    "Lawyer/Attorney": ("lawyers in {c}",),
    "Court Judge": ("a court judge in {c}",),
    "Defense / Security Ministry": ("{c}'s defence ministry",),
    "Business": ("businesses in {c}",),
}
_THE = {"Philippines", "Netherlands", "Democratic Republic of Congo", "Gambia", "Czech Republic"}
_SECTOR = re.compile(r"^([^()]+) \(([^()]+)\)$")

_PLURAL = (
    "citizens",
    "ordinary",
    "businesses",
    "protesters",
    "criminals",
    "students",
    "activists",
    "militants",
    "lawyers",
    "the police",
    "the armed forces",
    "the media",
)

HOLIDAYS = {
    "01-01": "New Year's Day",
    "02-14": "Valentine's Day",
    "07-04": "the Fourth of July",
    "10-31": "Halloween",
    "12-25": "Christmas Day",
    "12-24": "Christmas Eve",
    "12-31": "New Year's Eve",
}
SEASONS = {  # months stated in the wording, all inside one year
    "spring": ("03", "05", "spring {y} (March to May)"),
    "summer": ("06", "08", "the summer of {y} (June through August)"),
    "autumn": ("09", "11", "autumn {y}, i.e. September to November"),
}


def say(name: str, rng: random.Random) -> str | None:
    """How a user names an entity; None for sector names we would not know how to say naturally."""
    m = _SECTOR.match(name)
    if not m:
        return None if "(" in name else name
    forms = ROLES.get(m.group(1))
    c = m.group(2)
    if not forms or c in {"International", "Unidentified State Actor"}:
        return None
    c = f"the {c}" if c.startswith(("United ", "Central African")) or c in _THE else c
    return rng.choice(forms).format(c=c)


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def fmt_day(day: str, rng: random.Random) -> str:
    d = dt.date.fromisoformat(day)
    month = calendar.month_name[d.month]
    k = rng.randrange(4)
    if k == 0:
        return f"{d.day} {month} {d.year}"
    if k == 1:
        return f"{month} {d.day}, {d.year}"
    if k == 2:
        return day
    suffix = "th" if 11 <= d.day <= 13 else {1: "st", 2: "nd", 3: "rd"}.get(d.day % 10, "th")
    return f"the {d.day}{suffix} of {month} {d.year}"


def fmt_month(month: str, rng: random.Random) -> str:
    y, m = month.split("-")
    name = calendar.month_name[int(m)]
    return rng.choice([f"{name} {y}", f"{name} of {y}", f"{name} {y}"])


def last_day(month: str) -> str:
    y, m = (int(x) for x in month.split("-"))
    return f"{month}-{calendar.monthrange(y, m)[1]:02d}"


def shift(day: str, n: int) -> str:
    return (dt.date.fromisoformat(day) + dt.timedelta(days=n)).isoformat()


@dataclass
class KG:
    """Every fact of the store with the indexes the gold computations need (days as ISO strings)."""

    facts: list[tuple[str, str, str, str]]
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sr: dict[tuple[str, str], list[tuple[str, str]]] = field(default_factory=lambda: defaultdict(list))
    by_sro: dict[tuple[str, str, str], list[str]] = field(default_factory=lambda: defaultdict(list))

    def __post_init__(self) -> None:
        for s, r, o, d in self.facts:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
        for pairs in (*self.by_ro.values(), *self.by_sr.values()):
            pairs.sort()
        for days in self.by_sro.values():
            days.sort()

    def subjects(self, r: str, o: str, lo: str, hi: str) -> list[str]:
        return sorted({s for d, s in self.by_ro[(r, o)] if lo <= d <= hi})

    def objects(self, s: str, r: str, lo: str, hi: str) -> list[str]:
        return sorted({o for d, o in self.by_sr[(s, r)] if lo <= d <= hi})

    def extreme_subjects(self, r: str, o: str, lo: str, hi: str, last: bool) -> tuple[str, list[str]] | None:
        rows = [(d, s) for d, s in self.by_ro[(r, o)] if lo <= d <= hi]
        if not rows:
            return None
        target = max(d for d, _ in rows) if last else min(d for d, _ in rows)
        return target, sorted({s for d, s in rows if d == target})

    def unique_anchor(self, s: str, r: str, o: str) -> str | None:
        days = self.by_sro[(s, r, o)]
        return days[0] if len(days) == 1 else None


def load_kg(store: Any) -> KG:
    rows = store.run(
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    facts = sorted({(x["s"], x["r"], x["o"], x["d"]) for x in rows})
    return KG(facts)


@dataclass
class Q:
    question: str
    answers: list[str]
    answer_type: str
    time_level: str
    qtype: str
    construction: str
    check: str
    cypher: str
    params: dict[str, Any]

    @property
    def qlabel(self) -> str:
        return "Multiple" if self.qtype in {"after_first", "before_last", "equal_multi"} else "Single"


# ---- second-check queries: each recomputes a gold a different way from the Python code ---------------------
CY_SUBJ_WINDOW = (
    "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity) "
    "WHERE e.relation = $r AND toString(e.valid_from) >= $lo AND toString(e.valid_from) <= $hi "
    "RETURN DISTINCT s.name AS x"
)
CY_OBJ_WINDOW = (
    "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(o:Entity) "
    "WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) RETURN DISTINCT o.name AS x"
)
CY_TIMES = (
    "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(s:Entity {name: $s}) "
    "WHERE e.relation = $r AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
    "RETURN DISTINCT substring(toString(e.valid_from), 0, $k) AS x"
)
CY_TIME_EXTREME = (
    "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
    "WITH CASE WHEN $last THEN max(e.valid_from) ELSE min(e.valid_from) END AS d "
    "WHERE d IS NOT NULL RETURN substring(toString(d), 0, $k) AS x"
)
CY_SUBJ_EXTREME = (
    "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE e.valid_from >= date($lo) AND e.valid_from <= date($hi) "
    "WITH collect(e) AS es, CASE WHEN $last THEN max(e.valid_from) ELSE min(e.valid_from) END AS top "
    "UNWIND [x IN es WHERE x.valid_from = top] AS t MATCH (t)-[:SUBJECT]->(s:Entity) RETURN DISTINCT s.name AS x"
)
_ANCHOR = (
    "MATCH (a:Event {relation: $ar})-[:SUBJECT]->(:Entity {name: $as_}) MATCH (a)-[:OBJECT]->(:Entity {name: $ao}) "
    "WITH a.valid_from AS ad "
)
CY_SUBJ_AFTER_ANCHOR = (
    _ANCHOR + "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE CASE WHEN $after THEN e.valid_from > ad ELSE e.valid_from < ad END "
    "AND e.valid_from >= date($lo) AND e.valid_from <= date($hi) RETURN DISTINCT s.name AS x"
)
CY_SUBJ_NEXT_ANCHOR = (
    _ANCHOR + "MATCH (e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE CASE WHEN $after THEN e.valid_from > ad ELSE e.valid_from < ad END "
    "WITH collect(e) AS es, CASE WHEN $after THEN min(e.valid_from) ELSE max(e.valid_from) END AS top "
    "UNWIND [x IN es WHERE x.valid_from = top] AS t MATCH (t)-[:SUBJECT]->(s:Entity) RETURN DISTINCT s.name AS x"
)
CY_SUBJ_SAME_PERIOD = (
    _ANCHOR + "WITH substring(toString(ad), 0, $k) AS p "
    "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE e.relation = $r AND substring(toString(e.valid_from), 0, $k) = p AND NOT s.name IN $exclude "
    "RETURN DISTINCT s.name AS x"
)
CY_SUBJ_REL_DAY = (
    _ANCHOR + "MATCH (s:Entity)<-[:SUBJECT]-(e:Event {relation: $r})-[:OBJECT]->(:Entity {name: $o}) "
    "WHERE e.valid_from = ad + duration({days: $n}) RETURN DISTINCT s.name AS x"
)


class Gen:
    """Candidate questions per template, drawn from the store's facts inside the askable period."""

    def __init__(self, kg: KG, store_name: str, rng: random.Random) -> None:
        self.kg = kg
        self.cfg = STORES[store_name]
        self.store_name = store_name
        self.rng = rng
        lo, hi = self.cfg["lo"], self.cfg["hi"]
        self.pool = [f for f in kg.facts if lo <= f[3] <= hi and f[1] in REL]
        self.by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        self.by_month: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for f in self.pool:
            self.by_rel[f[1]].append(f)
            self.by_month[f[3][:7]].append(f)
        self.rels = sorted(self.by_rel)

    # helpers -------------------------------------------------------------------------------------------
    def pick(self) -> tuple[str, str, str, str]:
        """A relation uniformly, then one of its facts: spreads the set over many relations."""
        return self.rng.choice(self.by_rel[self.rng.choice(self.rels)])

    def past(self, r: str, o: str) -> str:
        return REL[r][0].format(o=o)

    def base(self, r: str, o: str) -> str:
        return REL[r][1].format(o=o)

    def stranded(self, r: str, past: bool = False) -> str:
        """The verb phrase with its object left out ("negotiate with"), for 'who did X negotiate with?'."""
        phrase = REL[r][0] if past else REL[r][1]
        return phrase.replace(" {o}", "").replace("{o}", "").strip()

    def year_scope(self, day: str) -> tuple[str, str, str]:
        y = day[:4]
        return f"{y}-01-01", f"{y}-12-31", y

    # equal, entity ------------------------------------------------------------------------------------
    def who_day(self) -> Q | None:
        _s, r, o, d = self.pick()
        on, when = say(o, self.rng), fmt_day(d, self.rng)
        if on is None:
            return None
        gold = self.kg.subjects(r, o, d, d)
        k = self.rng.randrange(5)
        hol = HOLIDAYS.get(d[5:])
        if hol and k != 4:
            q, c = f"Who {self.past(r, on)} on {hol} {d[:4]}?", "named day"
        elif k == 0:
            q, c = f"On {when}, who {self.past(r, on)}?", "time fronted"
        elif k == 1 and REL[r][2]:
            be = "were" if on.startswith(_PLURAL) else "was"
            q, c = f"By whom {be} {on} {REL[r][2]} on {when}?", "passive"
        elif k == 2:
            q, c = f"Name everyone who {self.past(r, on)} on {when}.", "imperative Name"
        elif k == 3:
            q, c = f"Tell me who {self.past(r, on)} on {when}", "imperative Tell me"
        else:
            q, c = f"Who {self.past(r, on)} on {when}?", "plain wh, time at end"
        return Q(
            q,
            gold,
            "entity",
            "day",
            "equal",
            c,
            "subjects from object side, string dates",
            CY_SUBJ_WINDOW,
            {"o": o, "r": r, "lo": d, "hi": d},
        )

    def who_month(self) -> Q | None:
        _s, r, o, d = self.pick()
        on = say(o, self.rng)
        if on is None:
            return None
        m = d[:7]
        gold = self.kg.subjects(r, o, f"{m}-01", last_day(m))
        when = fmt_month(m, self.rng)
        k = self.rng.randrange(3)
        if k == 0:
            q, c = f"In {when}, which actors {self.past(r, on)}?", "time fronted"
        elif k == 1:
            q, c = f"Who were the ones that {self.past(r, on)} during {when}?", "relative clause"
        else:
            q, c = f"{cap(on)} -- who {self.past(r, 'them')} in {when}?", "topic fronted, pronoun"
        return Q(
            q,
            gold,
            "entity",
            "month",
            "equal",
            c,
            "subjects from object side, string dates",
            CY_SUBJ_WINDOW,
            {"o": o, "r": r, "lo": f"{m}-01", "hi": last_day(m)},
        )

    def who_year(self) -> Q | None:
        _s, r, o, d = self.pick()
        on = say(o, self.rng)
        if on is None:
            return None
        lo, hi, y = self.year_scope(d)
        gold = self.kg.subjects(r, o, lo, hi)
        if REL[r][2] and self.rng.random() < 0.5:
            be = "were" if on.startswith(_PLURAL) else "was"
            q, c = f"Over the course of {y}, {on} {be} {REL[r][2]} by whom?", "passive, time fronted"
        else:
            q, c = f"Which parties {self.past(r, on)} at some point in {y}?", "plain wh, year"
        return Q(
            q,
            gold,
            "entity",
            "year",
            "equal",
            c,
            "subjects from object side, string dates",
            CY_SUBJ_WINDOW,
            {"o": o, "r": r, "lo": lo, "hi": hi},
        )

    def window(self, d: str) -> tuple[str, str, str, str]:
        """A window around day d that English states without doubt: (lo, hi, wording, construction)."""
        y, mo = d[:4], int(d[5:7])
        k = self.rng.randrange(5)
        if k == 0:
            qn = (mo - 1) // 3 + 1
            lo, hi = f"{y}-{3 * qn - 2:02d}-01", last_day(f"{y}-{3 * qn:02d}")
            ords = {1: "first", 2: "second", 3: "third", 4: "fourth"}
            span = f"{calendar.month_name[3 * qn - 2]}-{calendar.month_name[3 * qn]}"
            return lo, hi, f"the {ords[qn]} quarter of {y} ({span})", "quarter"
        if k == 1:
            first = mo <= 6
            lo, hi = (f"{y}-01-01", f"{y}-06-30") if first else (f"{y}-07-01", f"{y}-12-31")
            words = "first half of {y} (January to June)" if first else "second half of {y} (July to December)"
            return lo, hi, "the " + words.format(y=y), "half year"
        if k == 2:
            for a, b, words in SEASONS.values():
                if a <= f"{mo:02d}" <= b:
                    return f"{y}-{a}-01", last_day(f"{y}-{b}"), words.format(y=y), "season with months"
        if k == 3:
            n = self.rng.choice([5, 7, 10, 14])
            lo = shift(d, -self.rng.randrange(n))
            hi = shift(lo, n - 1)
            return lo, hi, f"the {n} days from {fmt_day(lo, self.rng)} through {fmt_day(hi, self.rng)}", "N-day window"
        wd = dt.date.fromisoformat(d).weekday()
        lo, hi = shift(d, -wd), shift(d, 6 - wd)
        return lo, hi, f"the week of Monday {fmt_day(lo, self.rng)} to Sunday {fmt_day(hi, self.rng)}", "week"

    def in_period(self, lo: str, hi: str) -> bool:
        return self.cfg["lo"] <= lo and hi <= self.cfg["hi"]

    def who_window(self) -> Q | None:
        _s, r, o, d = self.pick()
        on = say(o, self.rng)
        if on is None:
            return None
        lo, hi, words, c = self.window(d)
        if not self.in_period(lo, hi):
            return None
        gold = self.kg.subjects(r, o, lo, hi)
        if self.rng.random() < 0.5:
            q = f"Who {self.past(r, on)} in {words}?"
        else:
            q = f"During {words}, who {self.past(r, on)}?"
            c += ", time fronted"
        return Q(
            q,
            gold,
            "entity",
            "day",
            "equal",
            c,
            "subjects from object side, string dates",
            CY_SUBJ_WINDOW,
            {"o": o, "r": r, "lo": lo, "hi": hi},
        )

    def whom_window(self) -> Q | None:
        s, r, _o, d = self.pick()
        sn = say(s, self.rng)
        if sn is None:
            return None
        if self.rng.random() < 0.5:
            lo, hi, words, c = self.window(d)
        else:
            m = d[:7]
            lo, hi, words, c = f"{m}-01", last_day(m), fmt_month(m, self.rng), "month"
        if not self.in_period(lo, hi):
            return None
        gold = self.kg.objects(s, r, lo, hi)
        k = self.rng.randrange(3)
        if k == 0:
            q = f"Who did {sn} {self.stranded(r)} in {words}?"
        elif k == 1 and REL[r][0].endswith("{o}"):
            q = f"In {words}, {sn} {self.stranded(r, past=True)} whom?"
            c += ", echo object"
        else:
            q = f"List the people or groups that {sn} {self.stranded(r, past=True)} in {words}."
            c += ", imperative List"
        return Q(
            q,
            gold,
            "entity",
            "day" if c.split(",")[0] != "month" else "month",
            "equal",
            "object asked, " + c,
            "objects from subject side, date comparisons",
            CY_OBJ_WINDOW,
            {"s": s, "r": r, "lo": lo, "hi": hi},
        )

    # equal, time -------------------------------------------------------------------------------------
    def when(self) -> Q | None:
        s, r, o, d = self.pick()
        sn, on = say(s, self.rng), say(o, self.rng)
        if sn is None or on is None:
            return None
        level = self.rng.choice(["day", "day", "month"])
        k = 10 if level == "day" else 7
        if self.store_name == "mtq":
            lo, hi, y = self.year_scope(d)
            scope = f" in {y}"
        else:
            lo, hi, scope = self.cfg["lo"], self.cfg["hi"], ""
        gold = sorted({x[:k] for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi})
        if level == "day":
            v = self.rng.randrange(3)
            if v == 0:
                q, c = f"When{scope} did {sn} {self.base(r, on)}?", "when, day"
            elif v == 1:
                q, c = f"On what date{'s' if len(gold) > 1 else ''}{scope} did {sn} {self.base(r, on)}?", "what date"
            else:
                q, c = f"Give the day{scope} on which {sn} {self.past(r, on)}.", "imperative, relative clause"
        else:
            if self.rng.random() < 0.5:
                q, c = f"Which month{scope} saw {sn} {self.base(r, on)}?", "time as subject (saw)"
            else:
                q, c = f"{cap(sn)} {self.past(r, on)}{scope} -- in what month?", "statement then question"
        return Q(
            q,
            gold,
            "time",
            level,
            "equal",
            c,
            "distinct date prefixes in Cypher",
            CY_TIMES,
            {"s": s, "r": r, "o": o, "lo": lo, "hi": hi, "k": k},
        )

    # first / last ------------------------------------------------------------------------------------
    def scope_for_first(self, d: str) -> tuple[str, str, str]:
        """mtq: 'first' is scoped to a year or half inside the full period; bench: whole store or a half."""
        y = d[:4]
        if self.rng.random() < 0.5 or self.store_name == "mtq":
            if self.rng.random() < 0.6:
                return f"{y}-01-01", f"{y}-12-31", f" in {y}"
            if d[5:7] <= "06":
                return f"{y}-01-01", f"{y}-06-30", f" in the first half of {y} (January-June)"
            return f"{y}-07-01", f"{y}-12-31", f" in the second half of {y} (July-December)"
        return self.cfg["lo"], self.cfg["hi"], ""

    def first_last_who(self) -> Q | None:
        _s, r, o, d = self.pick()
        on = say(o, self.rng)
        if on is None:
            return None
        last = self.rng.random() < 0.5
        if last and self.rng.random() < 0.5:
            lo, hi, scope = self.cfg["lo"], self.cfg["hi"], ""
            if self.store_name == "mtq":  # whole store: the last is inside the full period when it lies there
                lo = "0000-01-01"
        else:
            lo, hi, scope = self.scope_for_first(d)
        got = self.kg.extreme_subjects(r, o, lo, hi, last)
        if got is None or got[0] < self.cfg["lo"]:
            return None
        gold = got[1]
        word = "last" if last else "first"
        v = self.rng.randrange(3)
        if v == 0:
            q, c = f"Who was the {word} to {self.base(r, on)}{scope}?", "the first/last to"
        elif v == 1:
            q, c = f"Who {'most recently' if last else 'first'} {self.past(r, on)}{scope}?", "adverb"
        else:
            q, c = f"Name the {'latest' if last else 'earliest'} actor that {self.past(r, on)}{scope}.", "imperative"
        return Q(
            q,
            gold,
            "entity",
            "day",
            "first_last",
            c,
            "arg-min/max date aggregated in Cypher",
            CY_SUBJ_EXTREME,
            {"r": r, "o": o, "lo": lo, "hi": hi, "last": last},
        )

    def first_last_when(self) -> Q | None:
        s, r, o, d = self.pick()
        sn, on = say(s, self.rng), say(o, self.rng)
        if sn is None or on is None:
            return None
        last = self.rng.random() < 0.5
        if last:
            lo, hi, scope = ("0000-01-01", self.cfg["hi"], "") if self.rng.random() < 0.6 else self.scope_for_first(d)
        else:
            lo, hi, scope = self.scope_for_first(d)
        days = [x for x in self.kg.by_sro[(s, r, o)] if lo <= x <= hi]
        if not days:
            return None
        target = max(days) if last else min(days)
        if target < self.cfg["lo"]:
            return None
        level = self.rng.choice(
            ["day", "month", "month"] + (["year"] if self.store_name == "mtq" and not scope else [])
        )
        k = {"day": 10, "month": 7, "year": 4}[level]
        word = "last" if last else "first"
        if level == "day":
            q, c = f"When did {sn} {word} {self.base(r, on)}{scope}?", "when ... first/last, day"
        elif level == "month":
            if self.rng.random() < 0.5:
                q, c = (
                    f"In which month did {sn} {self.base(r, on)} for the {word} time{scope}?",
                    "month, for the N time",
                )
            else:
                q, c = f"Which month saw {sn} {self.base(r, on)} for the {word} time{scope}?", "month as subject"
        else:
            q, c = f"What year was it when {sn} {word} {self.past(r, on)}?", "year, last"
            if not last:
                return None
        return Q(
            q,
            [target[:k]],
            "time",
            level,
            "first_last",
            c,
            "min/max date aggregated in Cypher",
            CY_TIME_EXTREME,
            {"s": s, "r": r, "o": o, "lo": lo, "hi": hi, "last": last, "k": k},
        )

    # before / after ----------------------------------------------------------------------------------
    def before_after_date(self) -> Q | None:
        _s, r, o, d = self.pick()
        on = say(o, self.rng)
        if on is None:
            return None
        after = self.rng.random() < 0.5
        when = fmt_day(d, self.rng)
        if after:
            lo, hi = shift(d, 1), ("9999-12-31" if self.store_name == "mtq" else self.cfg["hi"])
            q, c = f"Who {self.past(r, on)} after {when}?", "after a date"
            if self.rng.random() < 0.4:
                q, c = f"After {when}, which actors {self.past(r, on)}?", "after a date, fronted"
        else:
            y = d[:4]
            lo, hi = f"{y}-01-01", shift(d, -1)
            if self.store_name == "bench" and self.rng.random() < 0.5:
                q, c = f"Who {self.past(r, on)} before {when}?", "before a date"
            else:
                q, c = f"In {y}, but before {when}, who {self.past(r, on)}?", "before a date, year-scoped"
        if hi < lo:
            return None
        gold = self.kg.subjects(r, o, lo, hi)
        return Q(
            q,
            gold,
            "entity",
            "day",
            "before_after",
            c,
            "subjects from object side, string dates",
            CY_SUBJ_WINDOW,
            {"o": o, "r": r, "lo": lo, "hi": hi},
        )

    def anchor(self, exclude_rel: str | None = None) -> tuple[tuple[str, str, str, str], str, str] | None:
        """A unique (in the whole store) event inside the period, said as a clause and as a noun phrase."""
        for _ in range(30):
            a = self.pick()
            if a[1] == exclude_rel or self.kg.unique_anchor(a[0], a[1], a[2]) is None:
                continue
            sn, on = say(a[0], self.rng), say(a[2], self.rng)
            if sn is None or on is None:
                continue
            clause = f"{sn} {self.past(a[1], on)}"
            nouns = {
                "Make_a_visit": f"the visit of {sn} to {on}",
                "Host_a_visit": f"{on}'s visit hosted by {sn}",
                "Consult": f"the consultation between {sn} and {on}",
                "Sign_formal_agreement": f"the signing of an agreement between {sn} and {on}",
                "Discuss_by_telephone": f"the phone call from {sn} to {on}",
                "Criticize_or_denounce": f"{sn}'s criticism of {on}",
                "Praise_or_endorse": f"{sn}'s praise for {on}",
                "Engage_in_negotiation": f"the negotiations between {sn} and {on}",
            }
            return a, clause, nouns.get(a[1], f"the time {clause}")
        return None

    def before_after_event(self) -> Q | None:
        got = self.anchor()
        if got is None:
            return None
        a, clause, noun = got
        s, r, o, _d = self.pick()
        on = say(o, self.rng)
        if on is None or (s, r, o) == a[:3]:
            return None
        after = self.rng.random() < 0.5
        y = a[3][:4]
        if after:
            lo, hi = shift(a[3], 1), ("9999-12-31" if self.store_name == "mtq" else self.cfg["hi"])
            q, c = f"Who {self.past(r, on)} after {clause}?", "after an event clause"
            if self.rng.random() < 0.5:
                q, c = f"Following {noun}, who {self.past(r, on)}?", "after an event, noun form"
        else:
            lo, hi = f"{y}-01-01", shift(a[3], -1)
            q, c = f"Earlier in {y} than {noun}, who {self.past(r, on)}?", "before an event, year-scoped"
            if self.rng.random() < 0.5:
                q, c = f"Which actors {self.past(r, on)} in {y} before {clause}?", "before an event clause"
        if hi < lo:
            return None
        gold = self.kg.subjects(r, o, lo, hi)
        return Q(
            q,
            gold,
            "entity",
            "day",
            "before_after",
            c,
            "anchor date found in Cypher, then subjects",
            CY_SUBJ_AFTER_ANCHOR,
            {
                "ar": a[1],
                "as_": a[0],
                "ao": a[2],
                "r": r,
                "o": o,
                "after": after,
                "lo": lo if not after else "0000-01-01",
                "hi": hi,
            },
        )

    # after_first / before_last -----------------------------------------------------------------------
    def next_prev(self) -> Q | None:
        got = self.anchor()
        if got is None:
            return None
        a, clause, _noun = got
        # the question is about the same relation and target as the anchor, or another object of it
        r, o = a[1], a[2]
        on = say(o, self.rng)
        if on is None:
            return None
        after = self.rng.random() < 0.5
        rows = [(d, s) for d, s in self.kg.by_ro[(r, o)] if (d > a[3] if after else d < a[3])]
        if not rows:
            return None
        target = min(d for d, _ in rows) if after else max(d for d, _ in rows)
        if target < self.cfg["lo"]:
            return None
        gold = sorted({s for d, s in rows if d == target})
        sn = say(a[0], self.rng)
        if after:
            if self.rng.random() < 0.5:
                q, c = (
                    f"After {clause}, who was the next to {self.base(r, 'them' if self.rng.random() < 0.5 else on)}?",
                    "who was next",
                )
            else:
                q, c = f"Who was the first to {self.base(r, on)} after {sn} did so?", "ellipsis did so"
            qt = "after_first"
        else:
            if self.rng.random() < 0.5:
                q, c = f"Just before {clause}, who had last done the same?", "had last done the same"
            else:
                q, c = f"Who was the last to {self.base(r, on)} before {sn} did?", "last before, elliptic anchor"
            qt = "before_last"
        return Q(
            q,
            gold,
            "entity",
            "day",
            qt,
            c,
            "anchor date in Cypher, arg-min/max after/before it",
            CY_SUBJ_NEXT_ANCHOR,
            {"ar": a[1], "as_": a[0], "ao": a[2], "r": r, "o": o, "after": after},
        )

    def next_prev_other(self) -> Q | None:
        """after_first / before_last with an anchor of another relation ("after X visited Y, who first ...")."""
        got = self.anchor()
        if got is None:
            return None
        a, clause, _noun = got
        cands = [(r, o) for (s, r, o, d) in self.by_month[a[3][:7]] if r != a[1] and o in (a[0], a[2])]
        if not cands:
            return None
        r, o = self.rng.choice(sorted(set(cands)))
        on = say(o, self.rng)
        if on is None:
            return None
        after = self.rng.random() < 0.5
        rows = [(d, s) for d, s in self.kg.by_ro[(r, o)] if (d > a[3] if after else d < a[3])]
        if not rows:
            return None
        target = min(d for d, _ in rows) if after else max(d for d, _ in rows)
        if target < self.cfg["lo"]:
            return None
        gold = sorted({s for d, s in rows if d == target})
        if after:
            q, c, qt = (
                f"Once {clause}, who was the first to {self.base(r, on)}?",
                "first after, once-clause",
                "after_first",
            )
        else:
            q, c, qt = (
                f"Who {self.past(r, on)} most recently before {clause}?",
                "last before, other relation",
                "before_last",
            )
        return Q(
            q,
            gold,
            "entity",
            "day",
            qt,
            c,
            "anchor date in Cypher, arg-min/max after/before it",
            CY_SUBJ_NEXT_ANCHOR,
            {"ar": a[1], "as_": a[0], "ao": a[2], "r": r, "o": o, "after": after},
        )

    # equal_multi -------------------------------------------------------------------------------------
    def same_period(self) -> Q | None:
        got = self.anchor()
        if got is None:
            return None
        a, clause, _noun = got
        level = self.rng.choice(["day", "month", "month"])
        k = 10 if level == "day" else 7
        same_rel = self.rng.random() < 0.35
        if same_rel:
            r, o = a[1], a[2]
        else:
            cands = [(r, o) for (s, r, o, d) in self.by_month[a[3][:7]] if d[:k] == a[3][:k] and r != a[1]]
            if not cands:
                return None
            r, o = self.rng.choice(sorted(set(cands)))
        on = say(o, self.rng)
        if on is None:
            return None
        exclude = [a[0]] if same_rel else []
        lo = a[3][:k] if level == "day" else a[3][:7] + "-01"
        hi = a[3] if level == "day" else last_day(a[3][:7])
        gold = [x for x in self.kg.subjects(r, o, lo, hi) if x not in exclude]
        unit = "day" if level == "day" else "month"
        if same_rel:
            q, c = f"{cap(clause)}; who else did so that {unit}?", f"ellipsis who else, same {unit}"
        elif self.rng.random() < 0.5:
            prep = "on" if unit == "day" else "in"
            q, c = f"Who {self.past(r, on)} {prep} the same {unit} as when {clause}?", f"same {unit} as event"
        else:
            prep = "On" if unit == "day" else "In"
            q, c = f"{prep} the {unit} when {clause}, who {self.past(r, on)}?", f"the {unit} when, fronted"
        return Q(
            q,
            gold,
            "entity",
            level,
            "equal_multi",
            c,
            "anchor period as a string prefix in Cypher",
            CY_SUBJ_SAME_PERIOD,
            {"ar": a[1], "as_": a[0], "ao": a[2], "r": r, "o": o, "k": k, "exclude": exclude},
        )

    def relative_day(self) -> Q | None:
        got = self.anchor()
        if got is None:
            return None
        a, clause, _noun = got
        n = self.rng.choice([1, 1, -1, 2])
        day = shift(a[3], n)
        if not self.in_period(day, day):
            return None
        cands = sorted({(r, o) for (s, r, o, d) in self.by_month[day[:7]] if d == day and (s, r, o) != a[:3]})
        if not cands:
            return None
        r, o = self.rng.choice(cands)
        on = say(o, self.rng)
        if on is None:
            return None
        gold = self.kg.subjects(r, o, day, day)
        rel = {1: "the day after", -1: "the day before", 2: "two days after"}[n]
        if self.rng.random() < 0.5:
            q, c = f"Who {self.past(r, on)} {rel} {clause}?", "relative day, clause"
        else:
            q, c = f"On {rel} {clause}, who {self.past(r, on)}?", "relative day, fronted"
        return Q(
            q,
            gold,
            "entity",
            "day",
            "equal_multi",
            c,
            "anchor date plus duration in Cypher",
            CY_SUBJ_REL_DAY,
            {"ar": a[1], "as_": a[0], "ao": a[2], "r": r, "o": o, "n": n},
        )


QUOTAS: dict[str, dict[str, int]] = {
    "mtq": {
        "who_day": 10,
        "who_month": 7,
        "who_year": 5,
        "who_window": 9,
        "whom_window": 7,
        "when": 9,
        "first_last_who": 9,
        "first_last_when": 9,
        "before_after_date": 7,
        "before_after_event": 6,
        "next_prev": 7,
        "next_prev_other": 5,
        "same_period": 8,
        "relative_day": 4,
    },
    "bench": {
        "who_day": 7,
        "who_month": 5,
        "who_year": 2,
        "who_window": 6,
        "whom_window": 5,
        "when": 6,
        "first_last_who": 6,
        "first_last_when": 6,
        "before_after_date": 5,
        "before_after_event": 4,
        "next_prev": 5,
        "next_prev_other": 3,
        "same_period": 6,
        "relative_day": 3,
    },
}


def generate(kg: KG, store_name: str, store: Any) -> list[dict[str, Any]]:
    rng = random.Random(f"{SEED}-{store_name}")
    gen = Gen(kg, store_name, rng)
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    rels: Counter[str] = Counter()
    for name, quota in QUOTAS[store_name].items():
        make: Callable[[], Q | None] = getattr(gen, name)
        kept = tries = 0
        while kept < quota and tries < 4000:
            tries += 1
            q = make()
            if q is None or not q.answers or len(q.answers) > MAX_GOLD or q.question in seen:
                continue
            rel = q.params["r"]
            if rels[rel] >= 6:  # spread over many relations
                continue
            got = sorted({row["x"] for row in store.run(q.cypher, q.params)})
            agrees = got == sorted(q.answers)
            if not agrees:
                print(f"disagreement, dropped: {name} {q.question!r} gold={q.answers} check={got}")
                continue
            seen.add(q.question)
            rels[rel] += 1
            kept += 1
            quid = f"{STORES[store_name]['prefix']}{len(out) + 1:03d}"
            out.append(
                {
                    "quid": quid,
                    "id": quid,
                    "question": q.question,
                    "answers": q.answers,
                    "answer_type": q.answer_type,
                    "time_level": q.time_level,
                    "qtype": q.qtype,
                    "qlabel": q.qlabel,
                    "evidence": [],
                    "construction": f"{name}: {q.construction}",
                    "store": store_name,
                    "check": q.check,
                    "check_agrees": agrees,
                }
            )
        if kept < quota:
            print(f"{name}: only {kept}/{quota}")
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    from tkgrag.store import connect

    store = connect(start_managed=False, ensure_schema=False)
    try:
        kg = load_kg(store)
        rows = generate(kg, args.store, store)
    finally:
        store.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in rows:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    print(f"{len(rows)} questions -> {args.out}")


if __name__ == "__main__":
    main()
