"""Blind held-out question set 47: MultiTQ-style questions, new phrasings, gold computed from the store.

Why: the symbolic temporal reader was tuned on other phrasings; these questions measure it on wordings it never saw.
Gold is computed in Python over one read of every (subject, relation, object, day) in the store, and recomputed per
question by a second, differently written Cypher query (object/subject side match, dates compared as strings,
first/last aggregated in Cypher, anchors resolved in Cypher); disagreements are dropped and counted.

Usage (from the worktree root, read-only against the shared stores):
  TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 \
    python benchmarks/make_blind_phrasings_47.py --store mtq --out <dir>/blind_mtq.jsonl
  TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \
    python benchmarks/make_blind_phrasings_47.py --store bench --out <dir>/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import random
from collections import Counter, defaultdict
from collections.abc import Callable
from pathlib import Path
from typing import Any

import neo4j

from tkgrag.config import load_settings
from tkgrag.store.connection import resolve_connection

SEED = 20261247
MAX_GOLD = 5

# store -> (id prefix, first asked day, last asked day, questions per construction kind)
STORES: dict[str, dict[str, Any]] = {
    "mtq": {"prefix": "b47m", "lo": "2014-01-01", "hi": "2015-12-31", "years": ["2014", "2015"], "scale": 1.0},
    "bench": {"prefix": "b47i", "lo": "2014-01-01", "hi": "2014-12-31", "years": ["2014"], "scale": 0.62},
}

# relation -> phrasings: (base form with {o}, past form with {o}, passive participle or None, anchor noun or None)
REL: dict[str, list[tuple[str, str, str | None, str | None]]] = {
    "Make_statement": [
        ("make a public statement about {o}", "made a public statement about {o}", None, "{s}'s statement on {o}"),
        ("comment publicly on {o}", "commented publicly on {o}", None, None),
    ],
    "Consult": [
        ("consult {o}", "consulted {o}", "consulted", None),
        ("hold consultations with {o}", "held consultations with {o}", None, "{s}'s consultations with {o}"),
    ],
    "Make_an_appeal_or_request": [
        ("appeal to {o}", "appealed to {o}", "appealed to", "{s}'s appeal to {o}"),
        ("put a request to {o}", "put a request to {o}", None, "{s}'s request to {o}"),
    ],
    "Express_intent_to_meet_or_negotiate": [
        (
            "say they wanted to meet or negotiate with {o}",
            "said they wanted to meet or negotiate with {o}",
            None,
            None,
        ),
        (
            "signal a wish to meet or negotiate with {o}",
            "signalled a wish to meet or negotiate with {o}",
            None,
            None,
        ),
    ],
    "Make_a_visit": [
        ("visit {o}", "visited {o}", "visited", "{s}'s visit to {o}"),
        ("pay a visit to {o}", "paid a visit to {o}", None, "{s}'s trip to {o}"),
    ],
    "Host_a_visit": [
        ("host a visit by {o}", "hosted a visit by {o}", None, "{s}'s hosting of {o}"),
        ("welcome {o} on a visit", "welcomed {o} on a visit", "welcomed on a visit", None),
    ],
    "Arrest,_detain,_or_charge_with_legal_action": [
        ("arrest, detain or charge {o}", "arrested, detained or charged {o}", "arrested, detained or charged", None),
        ("take legal action against {o}", "took legal action against {o}", None, None),
    ],
    "Praise_or_endorse": [
        ("praise {o}", "praised {o}", "praised", "{s}'s praise for {o}"),
        ("speak approvingly of {o}", "spoke approvingly of {o}", None, None),
        ("endorse {o}", "endorsed {o}", "endorsed", None),
    ],
    "Criticize_or_denounce": [
        ("criticize {o}", "criticized {o}", "criticized", "{s}'s criticism of {o}"),
        ("denounce {o}", "denounced {o}", "denounced", "{s}'s denunciation of {o}"),
    ],
    "Use_conventional_military_force": [
        ("use military force against {o}", "used military force against {o}", None, None),
    ],
    "Engage_in_negotiation": [
        ("negotiate with {o}", "negotiated with {o}", None, None),
        ("hold negotiations with {o}", "held negotiations with {o}", None, None),
    ],
    "Accuse": [
        ("accuse {o}", "accused {o}", "accused", "{s}'s accusation against {o}"),
        ("level accusations at {o}", "levelled accusations at {o}", None, None),
    ],
    "Engage_in_diplomatic_cooperation": [
        ("cooperate diplomatically with {o}", "cooperated diplomatically with {o}", None, None),
    ],
    "Sign_formal_agreement": [
        ("sign a formal agreement with {o}", "signed a formal agreement with {o}", None, None),
        ("put pen to a formal agreement with {o}", "put pen to a formal agreement with {o}", None, None),
    ],
    "Express_intent_to_cooperate": [
        ("express an intention to cooperate with {o}", "expressed an intention to cooperate with {o}", None, None),
        ("say they would cooperate with {o}", "said they would cooperate with {o}", None, None),
    ],
    "Demand": [
        ("make demands of {o}", "made demands of {o}", None, "{s}'s demands on {o}"),
    ],
    "Investigate": [
        ("investigate {o}", "investigated {o}", "investigated", "{s}'s investigation of {o}"),
        ("open an investigation into {o}", "opened an investigation into {o}", None, None),
    ],
    "Reject": [
        ("reject {o}", "rejected {o}", "rejected", "{s}'s rejection of {o}"),
        ("rebuff {o}", "rebuffed {o}", "rebuffed", None),
    ],
    "Discuss_by_telephone": [
        ("speak by phone with {o}", "spoke by phone with {o}", None, "{s}'s phone call with {o}"),
        ("have a telephone conversation with {o}", "had a telephone conversation with {o}", None, None),
    ],
    "Make_optimistic_comment": [
        ("make an optimistic comment about {o}", "made an optimistic comment about {o}", None, None),
        ("sound upbeat about {o}", "sounded upbeat about {o}", None, None),
    ],
    "Make_pessimistic_comment": [
        ("make a pessimistic remark about {o}", "made a pessimistic remark about {o}", None, None),
    ],
    "Threaten": [
        ("threaten {o}", "threatened {o}", "threatened", "{s}'s threat against {o}"),
        ("issue threats against {o}", "issued threats against {o}", None, None),
    ],
    "Make_empathetic_comment": [
        ("express sympathy for {o}", "expressed sympathy for {o}", None, None),
    ],
    "Provide_humanitarian_aid": [
        ("provide humanitarian aid to {o}", "provided humanitarian aid to {o}", None, None),
        ("send humanitarian assistance to {o}", "sent humanitarian assistance to {o}", None, None),
    ],
    "Provide_aid": [
        ("give aid to {o}", "gave aid to {o}", None, None),
    ],
    "Meet_at_a_'third'_location": [
        ("meet {o} at a third location", "met {o} at a third location", None, None),
        ("meet {o} on neutral ground", "met {o} on neutral ground", None, None),
    ],
    "Reduce_relations": [
        ("scale back relations with {o}", "scaled back relations with {o}", None, None),
    ],
    "Cooperate_economically": [
        ("cooperate economically with {o}", "cooperated economically with {o}", None, None),
    ],
    "Physically_assault": [
        ("physically assault {o}", "physically assaulted {o}", "physically assaulted", None),
    ],
    "Return,_release_person(s)": [
        ("return or release people to {o}", "returned or released people to {o}", None, None),
    ],
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": [
        (
            "appeal to {o} for diplomatic cooperation such as policy support",
            "appealed to {o} for diplomatic cooperation such as policy support",
            None,
            None,
        ),
    ],
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": [
        (
            "voice an intent to engage in diplomatic cooperation (such as policy support) with {o}",
            "voiced an intent to engage in diplomatic cooperation (such as policy support) with {o}",
            None,
            None,
        ),
    ],
    "Occupy_territory": [
        ("occupy territory of {o}", "occupied territory of {o}", None, None),
    ],
}
RELATIONS = sorted(REL)

# sector entities "Sector (Country)" -> how a person says them
SECTOR = {
    "Police": "the police in {c}",
    "Citizen": "citizens of {c}",
    "Head of Government": "the head of government of {c}",
    "Government": "the government of {c}",
    "Military": "the armed forces of {c}",
    "Ministry": "a government ministry of {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Criminal": "criminals in {c}",
    "Business": "businesses in {c}",
    "Lawyer/Attorney": "lawyers in {c}",
    "Media": "the media in {c}",
    "Military Personnel": "military personnel of {c}",
    "Protester": "protesters in {c}",
    "Legislature": "the legislature of {c}",
    "Armed Rebel": "armed rebels in {c}",
    "Court Judge": "judges in {c}",
    "Employee": "employees in {c}",
    "Other Authorities / Officials": "officials in {c}",
    "Women": "women in {c}",
    "Children": "children in {c}",
    "Activist": "activists in {c}",
    "Party Member": "party members in {c}",
    "Government Official": "government officials of {c}",
    "Cabinet / Council of Ministers / Advisors": "the cabinet of {c}",
    "Envoy": "envoys of {c}",
    "Opposition Supporter": "opposition supporters in {c}",
}

MONTHS = [
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
]
NAMED_DAYS = {
    "01-01": "New Year's Day",
    "02-14": "Valentine's Day",
    "03-08": "International Women's Day",
    "05-01": "May Day",
    "07-04": "the Fourth of July",
    "10-31": "Halloween",
    "11-11": "Armistice Day",
    "12-24": "Christmas Eve",
    "12-25": "Christmas Day",
    "12-31": "New Year's Eve",
}
QTYPE_LABEL = {
    "equal": "Single",
    "before_after": "Single",
    "first_last": "Single",
    "after_first": "Multiple",
    "before_last": "Multiple",
    "equal_multi": "Multiple",
}


THE_WORDS = {
    "Union", "Council", "Fund", "Bank", "Agency", "Organization", "Organizations", "Forces", "Party", "Congress",
    "Court", "Ministry", "Commission", "Parliament", "League", "Assembly", "Association", "Department", "Office",
    "Authority", "Federation", "Front", "Army", "Navy", "Police", "Senate", "Government", "Committee",
}  # fmt: skip
THE_PLACES = {"Philippines", "Netherlands", "Central African Republic", "Czech Republic", "Maldives", "Bahamas"}
NOT_PLACES = {"International", "Unspecified", "Other"}


def with_article(name: str) -> str:
    """'the' where English needs it: "the United States", "the International Monetary Fund"."""
    words = name.split()
    if name in THE_PLACES or name.startswith("United ") or (len(words) > 1 and THE_WORDS & set(words)):
        return "the " + name
    return name


def phrase(name: str) -> str | None:
    """How a user names an entity, or None when its name has no safe everyday form."""
    if "(" not in name:
        return None if any(ch in name for ch in "/_") else with_article(name)
    sector, _, rest = name.partition(" (")
    country = rest[:-1] if rest.endswith(")") else ""
    if not country or "(" in country or sector not in SECTOR or country in NOT_PLACES:
        return None
    return SECTOR[sector].format(c=with_article(country))


def plural(name: str) -> bool:
    """Sector groups said in the plural ("citizens of India") take 'were'."""
    sector = name.partition(" (")[0]
    return "(" in name and (sector == "Police" or SECTOR.get(sector, "").split(" ")[0].endswith("s"))


def cap(text: str) -> str:
    return text[:1].upper() + text[1:]


def day_of(s: str) -> dt.date:
    return dt.date.fromisoformat(s)


def shift(s: str, n: int) -> str:
    return (day_of(s) + dt.timedelta(days=n)).isoformat()


def say_day(rng: random.Random, d: str) -> str:
    x = day_of(d)
    form = rng.randrange(3)
    if form == 0:
        return f"{x.day} {MONTHS[x.month - 1]} {x.year}"
    if form == 1:
        return f"{MONTHS[x.month - 1]} {x.day}, {x.year}"
    return f"{x.strftime('%A')}, {x.day} {MONTHS[x.month - 1]} {x.year}"


def say_month(m: str) -> str:
    return f"{MONTHS[int(m[5:7]) - 1]} {m[:4]}"


def month_end(m: str) -> str:
    y, mo = int(m[:4]), int(m[5:7])
    nxt = dt.date(y + (mo == 12), mo % 12 + 1, 1)
    return (nxt - dt.timedelta(days=1)).isoformat()


class Data:
    """All events of the store, read once, with the indexes the generator needs."""

    def __init__(self, rows: list[tuple[str, str, str, str]]) -> None:
        self.rows = rows
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        self.by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for s, r, o, d in rows:
            self.by_ro[(r, o)].append((d, s))
            self.by_sr[(s, r)].append((d, o))
            self.by_sro[(s, r, o)].append(d)
            self.by_rel[r].append((s, r, o, d))

    def anchor_day(self, a: dict[str, str]) -> str | None:
        days = self.by_sro.get((a["s"], a["r"], a["o"]), [])
        return days[0] if len(days) == 1 else None

    def matches(self, spec: dict[str, Any]) -> list[tuple[str, str]]:
        """(day, answer entity) of the events a spec's pattern matches, without its time filters."""
        if spec["ask"] == "subj":
            return list(self.by_ro.get((spec["r"], spec["o"]), []))
        if spec["ask"] == "obj":
            return list(self.by_sr.get((spec["s"], spec["r"]), []))
        return [(d, "") for d in self.by_sro.get((spec["s"], spec["r"], spec["o"]), [])]

    def gold(self, spec: dict[str, Any]) -> list[str] | None:
        a = None
        if spec.get("anchor"):
            a = self.anchor_day(spec["anchor"])
            if a is None:
                return None
        rows = [(d, e) for d, e in self.matches(spec) if in_window(spec, d, a)]
        if spec.get("excl"):
            rows = [(d, e) for d, e in rows if e != spec["excl"]]
        if not rows:
            return []
        if spec["mode"] == "first":
            m = min(d for d, _ in rows)
            rows = [(d, e) for d, e in rows if d == m]
        elif spec["mode"] == "last":
            m = max(d for d, _ in rows)
            rows = [(d, e) for d, e in rows if d == m]
        if spec["ask"] == "time":
            n = {"day": 10, "month": 7, "year": 4}[spec["gran"]]
            return sorted({d[:n] for d, _ in rows})
        return sorted({e for _, e in rows})

    def boundary_clear(self, spec: dict[str, Any]) -> bool:
        """No matching event on a before/after boundary day: same-day order is unknown, so its answers are ambiguous."""
        b = spec.get("bound")
        if b is None and spec.get("anchor") and spec["anchor"]["rel"] in ("after", "before"):
            b = self.anchor_day(spec["anchor"])
        if b is None:
            return True
        return all(d != b for d, _ in self.matches(spec))


def in_window(spec: dict[str, Any], d: str, a: str | None) -> bool:
    if spec.get("lo") and d < spec["lo"]:
        return False
    if spec.get("hi") and d > spec["hi"]:
        return False
    if a is None:
        return True
    rel = spec["anchor"]["rel"]
    return {
        "after": d > a,
        "before": d < a,
        "same_day": d == a,
        "same_month": d[:7] == a[:7],
        "same_year": d[:4] == a[:4],
        "next_day": d == shift(a, 1),
        "prev_day": d == shift(a, -1),
    }[rel]


# ---- second check: one Cypher query per question, written differently from the Python gold ------------------------


def check_query(spec: dict[str, Any]) -> tuple[str, dict[str, Any]]:
    p: dict[str, Any] = {"r": spec["r"]}
    head = ""
    if spec.get("anchor"):
        an = spec["anchor"]
        p.update(an_s=an["s"], an_r=an["r"], an_o=an["o"])
        head = (
            "MATCH (ao:Entity {name: $an_o})<-[:OBJECT]-(ae:Event)-[:SUBJECT]->(asub:Entity {name: $an_s}) "
            "WHERE ae.relation = $an_r "
            "WITH collect(ae.valid_from) AS ads WHERE size(ads) = 1 "
            "WITH toString(ads[0]) AS a, toString(ads[0] + duration({days: 1})) AS a_next, "
            "toString(ads[0] - duration({days: 1})) AS a_prev "
        )
    if spec["ask"] == "subj":
        p["o"] = spec["o"]
        body = (
            "MATCH (fixed:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(y:Entity) WHERE e.relation = $r "
            "WITH {carry}y.name AS ans, toString(e.valid_from) AS d "
        )
    elif spec["ask"] == "obj":
        p["s"] = spec["s"]
        body = (
            "MATCH (fixed:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(y:Entity) WHERE e.relation = $r "
            "WITH {carry}y.name AS ans, toString(e.valid_from) AS d "
        )
    else:
        p.update(s=spec["s"], o=spec["o"])
        body = (
            "MATCH (y:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity {name: $s}) "
            "WHERE e.relation = $r WITH {carry}'' AS ans, toString(e.valid_from) AS d "
        )
    body = body.replace("{carry}", "a, a_next, a_prev, " if head else "")
    conds = []
    if spec.get("lo"):
        conds.append("d >= $lo")
        p["lo"] = spec["lo"]
    if spec.get("hi"):
        conds.append("d <= $hi")
        p["hi"] = spec["hi"]
    if spec.get("excl"):
        conds.append("ans <> $excl")
        p["excl"] = spec["excl"]
    if head:
        conds.append(
            {
                "after": "d > a",
                "before": "d < a",
                "same_day": "d = a",
                "same_month": "left(d, 7) = left(a, 7)",
                "same_year": "left(d, 4) = left(a, 4)",
                "next_day": "d = a_next",
                "prev_day": "d = a_prev",
            }[spec["anchor"]["rel"]]
        )
    where = ("WHERE " + " AND ".join(conds) + " ") if conds else ""
    n = {"day": 10, "month": 7, "year": 4}[spec.get("gran", "day")]
    proj = f"left(d, {n})" if spec["ask"] == "time" else "ans"
    if spec["mode"] == "all":
        tail = f"WITH ans, d {where}RETURN collect(DISTINCT {proj}) AS answers"
    else:
        agg = "min" if spec["mode"] == "first" else "max"
        tail = (
            f"WITH ans, d {where}WITH {agg}(d) AS m, collect([d, {proj}]) AS pairs "
            "RETURN [pr IN pairs WHERE pr[0] = m | pr[1]] AS answers"
        )
    return head + body + tail, p


def describe_check(spec: dict[str, Any]) -> str:
    """What the second check recomputes, in words."""
    side = {"subj": "subjects, matched from the object", "obj": "objects, matched from the subject"}
    what = side.get(spec["ask"], f"{spec.get('gran', 'day')} strings of the (subject, object) events")
    parts = [f"Cypher recomputes the {what}; dates compared as strings"]
    if spec["mode"] != "all":
        parts.append(f"{'min' if spec['mode'] == 'first' else 'max'} day aggregated in Cypher")
    if spec.get("anchor"):
        parts.append(f"anchor resolved in Cypher (unique), relation {spec['anchor']['rel']}")
    if spec.get("excl"):
        parts.append("named subject excluded")
    return "; ".join(parts)


def check(session: Any, spec: dict[str, Any]) -> list[str]:
    q, p = check_query(spec)
    rec = session.run(q, p).single()
    return sorted(set(rec["answers"])) if rec is not None else []


# ---- question construction ----------------------------------------------------------------------------------------


class Builder:
    def __init__(self, data: Data, store: str, rng: random.Random) -> None:
        self.data = data
        self.cfg = STORES[store]
        self.rng = rng
        self.lo, self.hi = self.cfg["lo"], self.cfg["hi"]
        self.period = [ev for ev in data.rows if self.lo <= ev[3] <= self.hi and ev[1] in REL]
        self.rel_cycle = 0
        self.last_noun = False
        self.items: list[dict[str, Any]] = []
        self.texts: set[str] = set()

    def next_relation(self) -> str:
        rels = [r for r in RELATIONS if self.data.by_rel.get(r)]
        r = rels[self.rel_cycle % len(rels)]
        self.rel_cycle += 1
        return r

    def pick_event(self, r: str, need_s: bool = False, need_o: bool = True) -> tuple[str, str, str, str] | None:
        evs = [ev for ev in self.data.by_rel.get(r, []) if self.lo <= ev[3] <= self.hi]
        if not evs:
            return None
        for _ in range(30):
            s, _r, o, d = self.rng.choice(evs)
            if s == o:
                continue
            if need_o and phrase(o) is None:
                continue
            if need_s and phrase(s) is None:
                continue
            return s, r, o, d
        return None

    def pick_anchor(self, exclude: tuple[str, str, str] | None = None) -> dict[str, Any] | None:
        """A unique (whole-store) event inside the period, with a phrasable subject and object."""
        for _ in range(60):
            s, r, o, d = self.rng.choice(self.period)
            if s == o or phrase(s) is None or phrase(o) is None or (s, r, o) == exclude:
                continue
            if len(self.data.by_sro[(s, r, o)]) != 1:
                continue
            return {"s": s, "r": r, "o": o, "day": d}
        return None

    def forms(self, r: str) -> tuple[str, str, str | None, str | None]:
        return self.rng.choice(REL[r])

    def anchor_clause(self, an: dict[str, Any], noun_ok: bool = True) -> str:
        _base, past, _pp, noun = self.forms(an["r"])
        s, o = phrase(an["s"]), phrase(an["o"])
        self.last_noun = False
        if noun_ok and noun and self.rng.random() < 0.5:
            self.last_noun = True
            return noun.format(s=s, o=o)
        return f"{s} {past.format(o=o)}"

    def add(
        self,
        text: str,
        spec: dict[str, Any],
        qtype: str,
        construction: str,
        atype: str,
        level: str,
        lo_ok: int = 1,
    ) -> bool:
        if text in self.texts:
            return False
        if not self.data.boundary_clear(spec):
            return False
        gold = self.data.gold(spec)
        if gold is None or not (lo_ok <= len(gold) <= MAX_GOLD):
            return False
        self.texts.add(text)
        self.items.append(
            {
                "question": text,
                "answers": gold,
                "answer_type": atype,
                "time_level": level,
                "qtype": qtype,
                "construction": construction,
                "spec": spec,
            }
        )
        return True

    # each maker tries once; returns True when it added a question

    def eq_subj_day(self) -> bool:
        ev = self.pick_event(self.next_relation())
        if ev is None:
            return False
        _s, r, o, d = ev
        _base, past, pp, _n = self.forms(r)
        po = phrase(o)
        spec = {"ask": "subj", "r": r, "o": o, "lo": d, "hi": d, "mode": "all"}
        if pp and self.rng.random() < 0.5:
            text = f"By whom {'were' if plural(o) else 'was'} {po} {pp} on {say_day(self.rng, d)}?"
            con = "passive_day_end"
        else:
            text = f"On {say_day(self.rng, d)}, who {past.format(o=po)}?"
            con = "time_fronted_day"
        return self.add(cap(text), spec, "equal", con, "entity", "day")

    def eq_subj_month(self) -> bool:
        ev = self.pick_event(self.next_relation())
        if ev is None:
            return False
        _s, r, o, d = ev
        _base, past, _pp, _n = self.forms(r)
        po, m = phrase(o), d[:7]
        spec = {"ask": "subj", "r": r, "o": o, "lo": m + "-01", "hi": month_end(m), "mode": "all"}
        if self.rng.random() < 0.5:
            text = f"Tell me who {past.format(o=po)} during {say_month(m)}."
            con = "imperative_month_end"
        else:
            text = f"Which actors {past.format(o=po)} in {say_month(m)}?"
            con = "which_actors_month"
        return self.add(cap(text), spec, "equal", con, "entity", "month")

    def eq_subj_year(self) -> bool:
        ev = self.pick_event(self.next_relation())
        if ev is None:
            return False
        _s, r, o, d = ev
        _base, past, pp, _n = self.forms(r)
        po, y = phrase(o), d[:4]
        spec = {"ask": "subj", "r": r, "o": o, "lo": f"{y}-01-01", "hi": f"{y}-12-31", "mode": "all"}
        if pp:
            text = f"{po} {'were' if plural(o) else 'was'} {pp} by whom in {y}?"
            con = "passive_echo_year"
        else:
            text = f"Name everyone who {past.format(o=po)} at some point in {y}."
            con = "name_the_year"
        return self.add(cap(text), spec, "equal", con, "entity", "year")

    def eq_obj(self) -> bool:
        ev = self.pick_event(self.next_relation(), need_s=True, need_o=False)
        if ev is None:
            return False
        s, r, _o, d = ev
        base, _past, _pp, _n = self.forms(r)
        ps = phrase(s)
        verb = base.replace(" {o}", "").replace("{o} ", "")
        if self.rng.random() < 0.5:
            m = d[:7]
            spec = {"ask": "obj", "r": r, "s": s, "lo": m + "-01", "hi": month_end(m), "mode": "all"}
            text = f"Who did {ps} {verb} in {say_month(m)}?"
            return self.add(cap(text), spec, "equal", "object_stranded_prep_month", "entity", "month")
        spec = {"ask": "obj", "r": r, "s": s, "lo": d, "hi": d, "mode": "all"}
        text = f"Who was it that {ps} chose to {verb} on {say_day(self.rng, d)}?"
        return self.add(cap(text), spec, "equal", "object_cleft_day", "entity", "day")

    def eq_who_else(self) -> bool:
        ev = self.pick_event(self.next_relation(), need_s=True)
        if ev is None:
            return False
        s, r, o, d = ev
        _base, past, _pp, _n = self.forms(r)
        spec = {"ask": "subj", "r": r, "o": o, "lo": d, "hi": d, "mode": "all", "excl": s}
        text = f"{phrase(s)} {past.format(o=phrase(o))} on {say_day(self.rng, d)}. Who else did so that day?"
        return self.add(cap(text), spec, "equal", "ellipsis_who_else_day", "entity", "day")

    def eq_window(self) -> bool:
        ev = self.pick_event(self.next_relation())
        if ev is None:
            return False
        _s, r, o, d = ev
        _base, past, _pp, _n = self.forms(r)
        po = phrase(o)
        x = day_of(d)
        y = x.year
        kind = self.rng.randrange(6)
        if kind == 0:
            q = (x.month - 1) // 3
            lo, hi = f"{y}-{3 * q + 1:02d}-01", month_end(f"{y}-{3 * q + 3:02d}")
            ords = ["first", "second", "third", "fourth"][q]
            win = f"in the {ords} quarter of {y} ({MONTHS[3 * q]} to {MONTHS[3 * q + 2]})"
            con = "quarter_window"
        elif kind == 1:
            h = (x.month - 1) // 6
            lo, hi = f"{y}-{6 * h + 1:02d}-01", month_end(f"{y}-{6 * h + 6:02d}")
            win = f"in the {['first', 'second'][h]} half of {y} ({MONTHS[6 * h]} through {MONTHS[6 * h + 5]})"
            con = "half_year_window"
        elif kind == 2:
            seasons = {3: "spring", 4: "spring", 5: "spring", 6: "summer", 7: "summer", 8: "summer"}
            seasons.update({9: "autumn", 10: "autumn", 11: "autumn"})
            if x.month not in seasons:
                return False
            name = seasons[x.month]
            first = {"spring": 3, "summer": 6, "autumn": 9}[name]
            lo, hi = f"{y}-{first:02d}-01", month_end(f"{y}-{first + 2:02d}")
            win = f"during the {name} of {y} ({MONTHS[first - 1]}, {MONTHS[first]} and {MONTHS[first + 1]})"
            con = "season_window"
        elif kind == 3:
            n = self.rng.choice([5, 7, 10, 14])
            off = self.rng.randrange(n)
            lo = shift(d, -off)
            hi = shift(lo, n - 1)
            if lo < self.lo or hi > self.hi:
                return False
            win = f"in the {n} days from {say_day(self.rng, lo)} to {say_day(self.rng, hi)}, both days included"
            con = "n_day_window"
        elif kind == 4:
            lo = shift(d, -x.weekday())
            hi = shift(lo, 6)
            if lo < self.lo or hi > self.hi:
                return False
            lx, hx = day_of(lo), day_of(hi)
            lo_s = f"{lx.day} {MONTHS[lx.month - 1]} {lx.year}"
            win = f"in the week running from Monday {lo_s} to Sunday {hx.day} {MONTHS[hx.month - 1]} {hx.year}"
            con = "week_window"
        else:
            if x.day > 14:
                lo, hi = f"{d[:7]}-15", month_end(d[:7])
                win = f"in the second half of {say_month(d[:7])} (from the 15th to the end of the month)"
            else:
                lo, hi = f"{d[:7]}-01", f"{d[:7]}-14"
                win = f"in the first fortnight of {say_month(d[:7])} (the 1st to the 14th)"
            con = "half_month_window"
        spec = {"ask": "subj", "r": r, "o": o, "lo": lo, "hi": hi, "mode": "all"}
        if self.rng.random() < 0.5:
            text = f"Who {past.format(o=po)} {win}?"
        else:
            text = f"{cap(win)}, which parties {past.format(o=po)}?"
        level = "day" if con in ("n_day_window", "week_window", "half_month_window") else "month"
        return self.add(cap(text), spec, "equal", con, "entity", level)

    def eq_named_day(self) -> bool:
        r = self.next_relation()
        days = sorted(
            {ev[3] for ev in self.data.by_rel.get(r, []) if self.lo <= ev[3] <= self.hi and ev[3][5:] in NAMED_DAYS}
        )
        if not days:
            return False
        d = self.rng.choice(days)
        evs = [ev for ev in self.data.by_rel[r] if ev[3] == d and phrase(ev[2]) and ev[0] != ev[2]]
        if not evs:
            return False
        _s, _r, o, _d = self.rng.choice(evs)
        _base, past, _pp, _n = self.forms(r)
        x = day_of(d)
        name = NAMED_DAYS[d[5:]]
        spec = {"ask": "subj", "r": r, "o": o, "lo": d, "hi": d, "mode": "all"}
        text = f"Who {past.format(o=phrase(o))} on {name} {x.year} ({x.day} {MONTHS[x.month - 1]})?"
        return self.add(cap(text), spec, "equal", "named_day", "entity", "day")

    def eq_relative_day(self) -> bool:
        an = self.pick_anchor()
        if an is None:
            return False
        rel = self.rng.choice(["next_day", "prev_day"])
        target = shift(an["day"], 1 if rel == "next_day" else -1)
        if not (self.lo <= target <= self.hi):
            return False
        cands = [ev for ev in self.period if ev[3] == target and phrase(ev[2]) and ev[0] != ev[2]]
        if not cands:
            return False
        _s, r, o, _d = self.rng.choice(cands)
        _base, past, _pp, _n = self.forms(r)
        anchor = {k: an[k] for k in ("s", "r", "o")} | {"rel": rel}
        spec = {"ask": "subj", "r": r, "o": o, "mode": "all", "anchor": anchor}
        when = "the day after" if rel == "next_day" else "the day before"
        text = f"Who {past.format(o=phrase(o))} {when} {self.anchor_clause(an, noun_ok=False)}?"
        return self.add(cap(text), spec, "equal", f"relative_{rel}", "entity", "day")

    def eq_time(self) -> bool:
        ev = self.pick_event(self.next_relation(), need_s=True)
        if ev is None:
            return False
        s, r, o, d = ev
        base, past, _pp, _n = self.forms(r)
        ps, po, y = phrase(s), phrase(o), d[:4]
        core = f"{ps} {base.format(o=po)}"
        kind = self.rng.randrange(4 if len(self.cfg["years"]) > 1 else 3)
        lo, hi = f"{y}-01-01", f"{y}-12-31"
        if kind == 0:
            text, gran, con = f"In {y}, on what date did {core}?", "day", "when_day_year_fronted"
        elif kind == 1:
            text, gran, con = f"Which month of {y} saw {core}?", "month", "month_saw_subject"
        elif kind == 2:
            text, gran, con = f"Tell me the day(s) in {y} on which {ps} {past.format(o=po)}.", "day", "imperative_days"
        else:
            lo, hi = self.lo, self.hi
            text, gran, con = f"In which year, 2014 or 2015, did {core}?", "year", "which_year_choice"
        spec = {"ask": "time", "r": r, "s": s, "o": o, "lo": lo, "hi": hi, "mode": "all", "gran": gran}
        return self.add(cap(text), spec, "equal", con, "time", gran)

    def first_last_entity(self) -> bool:
        ev = self.pick_event(self.next_relation())
        if ev is None:
            return False
        _s, r, o, d = ev
        base, past, _pp, _n = self.forms(r)
        po, y = phrase(o), d[:4]
        mode = self.rng.choice(["first", "last"])
        spec = {"ask": "subj", "r": r, "o": o, "lo": f"{y}-01-01", "hi": f"{y}-12-31", "mode": mode}
        if mode == "first":
            if self.rng.random() < 0.5:
                text, con = f"In {y}, who was the first to {base.format(o=po)}?", "first_to_year_fronted"
            else:
                text, con = f"Who {past.format(o=po)} earliest in {y}?", "earliest_adverb"
        else:
            if self.rng.random() < 0.5:
                text, con = f"Who was the last one to {base.format(o=po)} in {y}?", "last_one_to_year"
            else:
                text, con = (
                    f"Of all who {past.format(o=po)} during {y}, who did it most recently?",
                    "relative_clause_last",
                )
        # first/last must not be the whole-year event list: require the ordering to matter
        if len({e for dd, e in self.data.matches(spec) if spec["lo"] <= dd <= spec["hi"]}) < 2:
            return False
        return self.add(cap(text), spec, "first_last", con, "entity", "day")

    def first_last_obj(self) -> bool:
        ev = self.pick_event(self.next_relation(), need_s=True, need_o=False)
        if ev is None:
            return False
        s, r, _o, d = ev
        base, _past, _pp, _n = self.forms(r)
        verb = base.replace(" {o}", "").replace("{o} ", "")
        y = d[:4]
        mode = self.rng.choice(["first", "last"])
        spec = {"ask": "obj", "r": r, "s": s, "lo": f"{y}-01-01", "hi": f"{y}-12-31", "mode": mode}
        if len({e for dd, e in self.data.matches(spec) if spec["lo"] <= dd <= spec["hi"]}) < 2:
            return False
        word = "first" if mode == "first" else "last"
        text = f"Who was the {word} party {phrase(s)} chose to {verb} in {y}?"
        return self.add(cap(text), spec, "first_last", f"object_{word}_relative", "entity", "day")

    def first_last_time(self) -> bool:
        ev = self.pick_event(self.next_relation(), need_s=True)
        if ev is None:
            return False
        s, r, o, d = ev
        base, past, _pp, _n = self.forms(r)
        ps, po, y = phrase(s), phrase(o), d[:4]
        core = f"{ps} {base.format(o=po)}"
        kind = self.rng.randrange(4)
        lo, hi = f"{y}-01-01", f"{y}-12-31"
        if kind == 0:
            text, mode, gran, con = f"When did {core} for the first time in {y}?", "first", "day", "when_first_day"
        elif kind == 1:
            text, mode, gran, con = (
                f"In which month of {y} did {core} for the first time?",
                "first",
                "month",
                "first_month_granularity",
            )
        elif kind == 2:
            text, mode, gran, con = (
                f"Which month saw {core} for the last time in {y}?",
                "last",
                "month",
                "month_saw_last",
            )
        else:
            text, mode, gran, con = (
                f"What was the last date in {y} on which {ps} {past.format(o=po)}?",
                "last",
                "day",
                "last_date_relative",
            )
        spec = {"ask": "time", "r": r, "s": s, "o": o, "lo": lo, "hi": hi, "mode": mode, "gran": gran}
        if len(set(self.data.by_sro[(s, r, o)])) < 2:
            return False
        return self.add(cap(text), spec, "first_last", con, "time", gran)

    def before_after_date(self) -> bool:
        ev = self.pick_event(self.next_relation())
        if ev is None:
            return False
        _s, r, o, d = ev
        _base, past, _pp, _n = self.forms(r)
        po, y = phrase(o), d[:4]
        bound = shift(d, self.rng.choice([-9, -4, 3, 6, 12]))
        if not (f"{y}-01-02" <= bound <= f"{y}-12-30"):
            return False
        bx = day_of(bound)
        if self.rng.random() < 0.5:
            spec = {
                "ask": "subj",
                "r": r,
                "o": o,
                "lo": shift(bound, 1),
                "hi": f"{y}-12-31",
                "mode": "all",
                "bound": bound,
            }
            text = f"Who {past.format(o=po)} after {say_day(self.rng, bound)} and before the end of {y}?"
            con = "after_date_to_year_end"
        else:
            spec = {
                "ask": "subj",
                "r": r,
                "o": o,
                "lo": f"{y}-01-01",
                "hi": shift(bound, -1),
                "mode": "all",
                "bound": bound,
            }
            text = f"In {y}, which parties {past.format(o=po)} before {bx.day} {MONTHS[bx.month - 1]}?"
            con = "before_date_year_scoped"
        return self.add(cap(text), spec, "before_after", con, "entity", "day")

    def before_after_event(self) -> bool:
        an = self.pick_anchor()
        if an is None:
            return False
        # target: an (r, o) pattern that also occurs in the anchor's year
        y = an["day"][:4]
        cands = [ev for ev in self.period if ev[3][:4] == y and phrase(ev[2]) and ev[0] != ev[2] and ev[1] != an["r"]]
        if not cands:
            return False
        _s, r, o, d = self.rng.choice(cands)
        _base, past, _pp, _n = self.forms(r)
        rel = "after" if d > an["day"] else "before"
        anchor = {k: an[k] for k in ("s", "r", "o")} | {"rel": rel}
        clause = self.anchor_clause(an)
        if rel == "after":
            spec = {"ask": "subj", "r": r, "o": o, "mode": "all", "anchor": anchor, "hi": f"{y}-12-31"}
            lead = "Following" if self.last_noun else "Once"
            text = f"{lead} {clause}, who {past.format(o=phrase(o))} in the rest of {y}?"
            con = "after_event_rest_of_year"
        else:
            spec = {"ask": "subj", "r": r, "o": o, "mode": "all", "anchor": anchor, "lo": f"{y}-01-01"}
            text = f"Who {past.format(o=phrase(o))} earlier in {y}, before {clause}?"
            con = "before_event_year_scoped"
        return self.add(cap(text), spec, "before_after", con, "entity", "day")

    def after_first(self) -> bool:
        an = self.pick_anchor()
        if an is None:
            return False
        y = an["day"][:4]
        after = [
            ev
            for ev in self.period
            if ev[3] > an["day"] and phrase(ev[2]) and ev[0] != ev[2] and ev[3] <= shift(an["day"], 60)
        ]
        if not after:
            return False
        s, r, o, _d = self.rng.choice(after)
        base, past, _pp, _n = self.forms(r)
        anchor = {k: an[k] for k in ("s", "r", "o")} | {"rel": "after"}
        clause = self.anchor_clause(an)
        po = phrase(o)
        kind = self.rng.randrange(3)
        if kind == 2 and phrase(s):
            spec = {"ask": "time", "r": r, "s": s, "o": o, "mode": "first", "anchor": anchor, "gran": "day"}
            text = f"After {clause}, when was the next time {phrase(s)} {past.format(o=po)}?"
            return self.add(cap(text), spec, "after_first", "when_next_time", "time", "day")
        spec = {"ask": "subj", "r": r, "o": o, "mode": "first", "anchor": anchor}
        if kind == 0:
            text, con = f"After {clause}, who was the first to {base.format(o=po)}?", "after_event_first_to"
        else:
            lead = "following" if self.last_noun else "after"
            text, con = f"Who was next to {base.format(o=po)} {lead} {clause}?", "next_to_after_event"
        del y
        return self.add(cap(text), spec, "after_first", con, "entity", "day")

    def before_last(self) -> bool:
        an = self.pick_anchor()
        if an is None:
            return False
        y = an["day"][:4]
        before = [
            ev
            for ev in self.period
            if f"{y}-01-01" <= ev[3] < an["day"] and phrase(ev[2]) and ev[0] != ev[2] and ev[3] >= shift(an["day"], -60)
        ]
        if not before:
            return False
        s, r, o, _d = self.rng.choice(before)
        base, past, _pp, _n = self.forms(r)
        anchor = {k: an[k] for k in ("s", "r", "o")} | {"rel": "before"}
        clause = self.anchor_clause(an)
        po = phrase(o)
        kind = self.rng.randrange(3)
        if kind == 2 and phrase(s):
            spec = {
                "ask": "time",
                "r": r,
                "s": s,
                "o": o,
                "mode": "last",
                "anchor": anchor,
                "gran": "day",
                "lo": f"{y}-01-01",
            }
            text = f"Earlier in {y}, before {clause}, on which day had {phrase(s)} last {past.format(o=po)}?"
            return self.add(cap(text), spec, "before_last", "which_day_had_last", "time", "day")
        spec = {"ask": "subj", "r": r, "o": o, "mode": "last", "anchor": anchor, "lo": f"{y}-01-01"}
        if kind == 0:
            text, con = (
                f"Who had last {past.format(o=po)} just before {clause} (counting only {y})?",
                "had_last_just_before_paren",
            )
        else:
            text, con = (
                f"Looking only at {y}: before {clause}, who was the last to {base.format(o=po)}?",
                "scope_colon_last_before",
            )
        return self.add(cap(text), spec, "before_last", con, "entity", "day")

    def equal_multi(self) -> bool:
        an = self.pick_anchor()
        if an is None:
            return False
        kinds = ["same_day", "same_month"] + (["same_year"] if len(self.cfg["years"]) > 1 else [])
        rel = self.rng.choice(kinds)
        n = {"same_day": 10, "same_month": 7, "same_year": 4}[rel]
        cands = [
            ev
            for ev in self.period
            if ev[3][:n] == an["day"][:n]
            and phrase(ev[2])
            and ev[0] != ev[2]
            and (ev[0], ev[1], ev[2]) != (an["s"], an["r"], an["o"])
        ]
        if not cands:
            return False
        _s, r, o, _d = self.rng.choice(cands)
        _base, past, pp, _n = self.forms(r)
        anchor = {k: an[k] for k in ("s", "r", "o")} | {"rel": rel}
        clause = self.anchor_clause(an)
        po = phrase(o)
        spec = {"ask": "subj", "r": r, "o": o, "mode": "all", "anchor": anchor}
        unit = {"same_day": "day", "same_month": "month", "same_year": "year"}[rel]
        form = self.rng.randrange(3)
        prep = "On" if unit == "day" else "In"
        link = "of" if self.last_noun else ("on which" if unit == "day" else "in which")
        if form == 0:
            text, con = f"Who {past.format(o=po)} in the same {unit} as {clause}?", f"same_{unit}_as_end"
        elif form == 1:
            text, con = f"{prep} the {unit} {link} {clause}, who {past.format(o=po)}?", f"same_{unit}_fronted"
        else:
            text, con = (
                f"Name the actors that {past.format(o=po)} during the {unit} {link} {clause}.",
                f"same_{unit}_name_the",
            )
        if pp and self.rng.random() < 0.3:
            text = f"By whom {'were' if plural(o) else 'was'} {po} {pp} in the same {unit} as {clause}?"
            con = f"same_{unit}_passive"
        level = unit
        return self.add(cap(text), spec, "equal_multi", con, "entity", level)


PLAN: list[tuple[str, int]] = [
    ("eq_subj_day", 8),
    ("eq_subj_month", 7),
    ("eq_subj_year", 5),
    ("eq_obj", 6),
    ("eq_who_else", 4),
    ("eq_window", 12),
    ("eq_named_day", 3),
    ("eq_relative_day", 4),
    ("eq_time", 10),
    ("first_last_entity", 7),
    ("first_last_obj", 3),
    ("first_last_time", 7),
    ("before_after_date", 7),
    ("before_after_event", 6),
    ("after_first", 8),
    ("before_last", 7),
    ("equal_multi", 9),
]


def read_rows(session: Any) -> list[tuple[str, str, str, str]]:
    q = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from AS d"
    )
    rows = [(rec["s"], rec["r"], rec["o"], rec["d"].iso_format()) for rec in session.run(q)]
    return sorted(rows)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--store", choices=sorted(STORES), required=True)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    cfg = STORES[args.store]
    settings = load_settings()
    uri, auth = resolve_connection(settings, start_managed=False)
    driver = neo4j.GraphDatabase.driver(uri, auth=auth)
    with driver.session(database=settings.neo4j_database, default_access_mode=neo4j.READ_ACCESS) as session:
        data = Data(read_rows(session))
        rng = random.Random(f"{SEED}-{args.store}")
        b = Builder(data, args.store, rng)
        makers: dict[str, Callable[[], bool]] = {name: getattr(b, name) for name, _ in PLAN}
        for name, n in PLAN:
            want = max(1, round(n * cfg["scale"]))
            got = tries = 0
            while got < want and tries < 400:
                tries += 1
                got += makers[name]()
        agree = 0
        out = []
        for i, it in enumerate(b.items):
            second = check(session, it["spec"])
            ok = second == it["answers"]
            if not ok:
                continue
            agree += 1
            quid = f"{cfg['prefix']}{i:03d}"
            out.append(
                {
                    "quid": quid,
                    "id": quid,
                    "question": it["question"],
                    "answers": it["answers"],
                    "answer_type": it["answer_type"],
                    "time_level": it["time_level"],
                    "qtype": it["qtype"],
                    "qlabel": QTYPE_LABEL[it["qtype"]],
                    "evidence": [],
                    "construction": it["construction"],
                    "store": args.store,
                    "check": describe_check(it["spec"]),
                    "check_cypher": check_query(it["spec"])[0],
                    "check_agrees": ok,
                }
            )
    driver.close()
    args.out.parent.mkdir(parents=True, exist_ok=True)
    with args.out.open("w", encoding="utf-8") as fh:
        for row in out:
            fh.write(json.dumps(row, ensure_ascii=False, sort_keys=True) + "\n")
    rels = Counter(it["spec"]["r"] for it in b.items)
    print(f"{args.store}: built {len(b.items)}, second check agrees {agree}, dropped {len(b.items) - agree}")
    print("qtypes", dict(Counter(r["qtype"] for r in out)))
    print("constructions", dict(sorted(Counter(r["construction"] for r in out).items())))
    print("answer types", dict(Counter((r["answer_type"], r["time_level"]) for r in out)))
    print("gold sizes", dict(sorted(Counter(len(r["answers"]) for r in out).items())))
    print("relations", len(rels))


if __name__ == "__main__":
    main()
