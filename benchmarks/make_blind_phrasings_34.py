"""Blind held-out question set 34: MultiTQ-style questions over the `mtq` and `bench` stores, with gold from the store.

Why: the temporal reader needs a figure on phrasings it was never tuned on. Gold is computed in Python over every
(subject, relation, object, day) of the store; a second, differently written Cypher query (anchor and window resolved
with Cypher date arithmetic, matched from the object side, aggregated in Cypher) recomputes each gold. Deterministic
(seed 20261234): rerunning writes byte-identical files.

Usage (from the worktree root, read-only connections to the running stores):
  TKGRAG_INSTANCE=mtq TKGRAG_BOLT_PORT=17831 TKGRAG_HTTP_PORT=17531 python benchmarks/make_blind_phrasings_34.py \
      --store mtq --out <out>/blind_mtq.jsonl
  TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 python benchmarks/make_blind_phrasings_34.py \
      --store bench --out <out>/blind_icews14.jsonl
"""

from __future__ import annotations

import argparse
import calendar
import json
import random
from collections import Counter, defaultdict
from datetime import date, timedelta
from typing import Any

SEED = 20261234

# relation -> (infinitive, [past variants], passive participle or None, gerund)
REL: dict[str, tuple[str, list[str], str | None, str]] = {
    "Make_statement": (
        "make a statement about",
        ["made a statement about", "commented publicly on"],
        None,
        "commenting on",
    ),
    "Consult": ("consult", ["consulted", "held consultations with"], "consulted", "consulting"),
    "Make_an_appeal_or_request": ("appeal to", ["made an appeal to", "called on"], "appealed to", "appealing to"),
    "Express_intent_to_meet_or_negotiate": (
        "signal readiness to meet with",
        ["declared readiness to meet with", "signalled a wish to negotiate with"],
        None,
        "offering talks to",
    ),
    "Make_a_visit": ("visit", ["visited", "paid a visit to", "travelled to"], "visited", "visiting"),
    "Host_a_visit": ("host", ["hosted", "received as a guest"], "hosted", "hosting"),
    "Praise_or_endorse": ("praise", ["praised", "spoke approvingly of", "endorsed"], "praised", "praising"),
    "Criticize_or_denounce": ("criticize", ["criticized", "denounced", "condemned"], "criticized", "criticizing"),
    "Accuse": ("accuse", ["accused", "levelled accusations at"], "accused", "accusing"),
    "Use_conventional_military_force": (
        "use military force against",
        ["used military force against", "attacked with armed force"],
        None,
        "attacking",
    ),
    "Engage_in_negotiation": (
        "negotiate with",
        ["negotiated with", "held negotiations with"],
        None,
        "negotiating with",
    ),
    "Express_intent_to_cooperate": (
        "voice a willingness to cooperate with",
        ["pledged to cooperate with", "expressed readiness to work with"],
        None,
        "offering cooperation to",
    ),
    "Demand": ("make a demand of", ["made demands of", "issued a demand to"], None, "making demands of"),
    "Engage_in_diplomatic_cooperation": (
        "cooperate diplomatically with",
        ["cooperated diplomatically with", "worked diplomatically with"],
        None,
        "working diplomatically with",
    ),
    "Sign_formal_agreement": (
        "sign a formal agreement with",
        ["signed a formal agreement with", "concluded an agreement with"],
        None,
        "signing a deal with",
    ),
    "Investigate": ("investigate", ["investigated", "launched an inquiry into"], "investigated", "investigating"),
    "Discuss_by_telephone": (
        "speak by phone with",
        ["spoke on the phone with", "had a phone call with"],
        None,
        "phoning",
    ),
    "Reject": ("reject", ["rejected", "turned down"], "rejected", "rejecting"),
    "Make_optimistic_comment": (
        "speak optimistically about",
        ["made upbeat remarks about", "spoke optimistically about"],
        None,
        "sounding optimistic about",
    ),
    "Threaten": ("threaten", ["threatened", "issued threats against"], "threatened", "threatening"),
    "Make_pessimistic_comment": (
        "speak gloomily about",
        ["made pessimistic remarks about"],
        None,
        "sounding pessimistic about",
    ),
    "Make_empathetic_comment": (
        "express sympathy for",
        ["expressed sympathy for", "voiced empathy with"],
        None,
        "sympathizing with",
    ),
    "Provide_humanitarian_aid": (
        "give humanitarian aid to",
        ["provided humanitarian aid to", "sent humanitarian help to"],
        None,
        "sending aid to",
    ),
    "Impose_administrative_sanctions": (
        "impose sanctions on",
        ["imposed administrative sanctions on"],
        "sanctioned",
        "sanctioning",
    ),
    "Bring_lawsuit_against": ("sue", ["sued", "took legal action against"], "sued", "suing"),
    "Meet_at_a_'third'_location": (
        "meet on neutral ground with",
        ["met on neutral ground with", "met at a third location with"],
        None,
        "meeting on neutral ground with",
    ),
    "Cooperate_economically": (
        "cooperate economically with",
        ["cooperated economically with"],
        None,
        "cooperating economically with",
    ),
    "Cooperate_militarily": (
        "cooperate militarily with",
        ["cooperated militarily with"],
        None,
        "cooperating militarily with",
    ),
    "Physically_assault": ("assault", ["physically assaulted", "attacked physically"], "assaulted", "assaulting"),
    "Appeal_for_diplomatic_cooperation_(such_as_policy_support)": (
        "appeal for diplomatic support from",
        ["asked for diplomatic support from", "sought policy support from"],
        None,
        "seeking diplomatic support from",
    ),
    "Express_intent_to_engage_in_diplomatic_cooperation_(such_as_policy_support)": (
        "pledge diplomatic cooperation with",
        ["pledged diplomatic cooperation with", "promised policy support to"],
        None,
        "pledging support to",
    ),
    "Arrest,_detain,_or_charge_with_legal_action": (
        "arrest or charge",
        ["arrested, detained or charged"],
        "arrested or charged",
        "arresting",
    ),
    "Provide_aid": ("provide aid to", ["provided aid to", "gave assistance to"], None, "aiding"),
}

SECTOR = {
    "Police": "the police in {c}",
    "Citizen": "citizens of {c}",
    "Government": "the government of {c}",
    "Head of Government": "the head of government of {c}",
    "Military": "the armed forces of {c}",
    "Protester": "protesters in {c}",
    "Media": "the news media in {c}",
    "Foreign Affairs": "the foreign ministry of {c}",
    "Ministry": "a ministry of {c}",
    "Cabinet": "the cabinet of {c}",
    "Students": "students in {c}",
    "Opposition Supporter": "opposition supporters in {c}",
    "Lawyer/Attorney": "lawyers in {c}",
}
NAMED_DAYS = {
    (1, 1): "New Year's Day",
    (2, 14): "Valentine's Day",
    (3, 8): "International Women's Day",
    (5, 1): "May Day",
    (7, 4): "US Independence Day (4 July)",
    (7, 14): "Bastille Day (14 July)",
    (10, 31): "Halloween",
    (12, 24): "Christmas Eve",
    (12, 25): "Christmas Day",
    (12, 31): "New Year's Eve",
    (11, 11): "Armistice Day (11 November)",
}
MONTHS = list(calendar.month_name)
PLURAL = {"citizens", "protesters", "students", "opposition", "lawyers"}


def ent(name: str) -> str | None:
    """How a person would name the entity in a question; None for sector names without a natural phrasing."""
    if "(" not in name:
        return name
    role, _, rest = name.partition(" (")
    country = rest.rstrip(")")
    if role in SECTOR and "(" not in country and not country.startswith("Unidentified"):
        return SECTOR[role].format(c=country)
    return None


def cap(s: str) -> str:
    return s[0].upper() + s[1:]


def dfmt(d: str, rng: random.Random) -> str:
    y, m, dd = int(d[:4]), int(d[5:7]), int(d[8:10])
    k = rng.randrange(3)
    if k == 0:
        return f"{dd} {MONTHS[m]} {y}"
    if k == 1:
        return f"{MONTHS[m]} {dd}, {y}"
    return d


def mfmt(m: str) -> str:
    return f"{MONTHS[int(m[5:7])]} {m[:4]}"


def month_end(d: date) -> date:
    return date(d.year, d.month, calendar.monthrange(d.year, d.month)[1])


def iso(d: date) -> str:
    return d.isoformat()


class KG:
    def __init__(self, quads: list[tuple[str, str, str, str]]):
        self.quads = quads
        self.by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sr: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
        self.by_sro: dict[tuple[str, str, str], list[str]] = defaultdict(list)
        self.by_day: dict[str, list[tuple[str, str, str]]] = defaultdict(list)
        for s, r, o, d in quads:
            self.by_ro[(r, o)].append((s, d))
            self.by_sr[(s, r)].append((o, d))
            self.by_sro[(s, r, o)].append(d)
            self.by_day[d].append((s, r, o))

    def window(self, spec: dict[str, Any]) -> tuple[str, str] | None:
        lo, hi = spec.get("lo", "0000-01-01"), spec.get("hi", "9999-12-31")
        a = spec.get("anchor")
        if a:
            days = self.by_sro[(a["s"], a["r"], a["o"])]
            if len(days) != 1:
                return None
            ad = date.fromisoformat(days[0])
            rel = a["rel"]
            if rel == "same_day":
                w = (ad, ad)
            elif rel == "same_month":
                w = (ad.replace(day=1), month_end(ad))
            elif rel == "next_day":
                w = (ad + timedelta(days=1), ad + timedelta(days=1))
            elif rel == "day_before":
                w = (ad - timedelta(days=1), ad - timedelta(days=1))
            elif rel == "after":
                w = (ad + timedelta(days=1), date(9999, 12, 31))
            else:  # before
                w = (date(1, 1, 1), ad - timedelta(days=1))
            lo, hi = max(lo, iso(w[0])), min(hi, iso(w[1]))
        return lo, hi

    def gold(self, spec: dict[str, Any]) -> list[str]:
        w = self.window(spec)
        if w is None:
            return []
        lo, hi = w
        ask, r = spec["ask"], spec["r"]
        rows: list[tuple[str, str]] = []  # (day, entity)
        if ask == "subj":
            rows = [(d, s) for s, d in self.by_ro[(r, spec["o"])] if lo <= d <= hi]
        elif ask == "obj":
            rows = [(d, o) for o, d in self.by_sr[(spec["s"], r)] if lo <= d <= hi]
        else:
            rows = [(d, "") for d in self.by_sro[(spec["s"], r, spec["o"])] if lo <= d <= hi]
        rows = [x for x in rows if x[1] not in spec.get("excl", [])]
        if not rows:
            return []
        if spec["pick"] == "min":
            m = min(d for d, _ in rows)
            rows = [x for x in rows if x[0] == m]
        elif spec["pick"] == "max":
            m = max(d for d, _ in rows)
            rows = [x for x in rows if x[0] == m]
        if ask == "time":
            k = {"day": 10, "month": 7, "year": 4}[spec["gran"]]
            return sorted({d[:k] for d, _ in rows})
        return sorted({e for _, e in rows})


def check_cypher(session: Any, spec: dict[str, Any]) -> list[str]:
    """The second check: the same gold through Cypher date arithmetic, matched from the object side."""
    p: dict[str, Any] = {
        "r": spec["r"],
        "excl": spec.get("excl", []),
        "lo": spec.get("lo", "0001-01-01"),
        "hi": spec.get("hi", "9999-12-31"),
    }
    q = ""
    a = spec.get("anchor")
    if a:
        p.update({"as": a["s"], "ar": a["r"], "ao": a["o"]})
        q += (
            "MATCH (ao:Entity {name: $ao})<-[:OBJECT]-(a:Event)-[:SUBJECT]->(as_:Entity {name: $as}) "
            "WHERE a.relation = $ar WITH collect(a.valid_from) AS ads WHERE size(ads) = 1 WITH ads[0] AS ad "
        )
        lo, hi = {
            "same_day": ("ad", "ad"),
            "same_month": (
                "date.truncate('month', ad)",
                "date.truncate('month', ad) + duration({months: 1}) - duration({days: 1})",
            ),
            "next_day": ("ad + duration('P1D')", "ad + duration('P1D')"),
            "day_before": ("ad - duration('P1D')", "ad - duration('P1D')"),
            "after": ("ad + duration('P1D')", "date('9999-12-31')"),
            "before": ("date('0001-01-01')", "ad - duration('P1D')"),
        }[a["rel"]]
        q += (
            f"WITH CASE WHEN {lo} > date($lo) THEN {lo} ELSE date($lo) END AS lo, "
            f"CASE WHEN {hi} < date($hi) THEN {hi} ELSE date($hi) END AS hi "
        )
    else:
        q += "WITH date($lo) AS lo, date($hi) AS hi "
    if spec["ask"] == "subj":
        p["o"] = spec["o"]
        q += (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity) "
            "WHERE e.relation = $r AND lo <= e.valid_from <= hi "
        )
    elif spec["ask"] == "obj":
        p["s"] = spec["s"]
        q += (
            "MATCH (s:Entity {name: $s})<-[:SUBJECT]-(e:Event)-[:OBJECT]->(x:Entity) "
            "WHERE e.relation = $r AND lo <= e.valid_from <= hi "
        )
    else:
        p.update({"s": spec["s"], "o": spec["o"]})
        q += (
            "MATCH (o:Entity {name: $o})<-[:OBJECT]-(e:Event)-[:SUBJECT]->(x:Entity {name: $s}) "
            "WHERE e.relation = $r AND lo <= e.valid_from <= hi "
        )
    q += "AND NOT x.name IN $excl WITH collect([e.valid_from, x.name]) AS rows "
    if spec["pick"] == "min":
        q += "WITH rows, reduce(m = null, t IN rows | CASE WHEN m IS NULL OR t[0] < m THEN t[0] ELSE m END) AS m "
        q += "WITH [t IN rows WHERE t[0] = m] AS rows "
    elif spec["pick"] == "max":
        q += "WITH rows, reduce(m = null, t IN rows | CASE WHEN m IS NULL OR t[0] > m THEN t[0] ELSE m END) AS m "
        q += "WITH [t IN rows WHERE t[0] = m] AS rows "
    if spec["ask"] == "time":
        k = {"day": 10, "month": 7, "year": 4}[spec["gran"]]
        q += f"UNWIND rows AS t RETURN collect(DISTINCT left(toString(t[0]), {k})) AS ans"
    else:
        q += "UNWIND rows AS t RETURN collect(DISTINCT t[1]) AS ans"
    recs = session.run(q, p).data()
    return sorted(recs[0]["ans"]) if recs else []


class Gen:
    def __init__(self, kg: KG, store: str, rng: random.Random):
        self.kg, self.store, self.rng = kg, store, rng
        self.lo, self.hi = ("2014-01-01", "2015-12-31") if store == "mtq" else ("2014-01-01", "2014-12-31")
        self.years = [2014, 2015] if store == "mtq" else [2014]
        self.pool = sorted(
            q
            for q in kg.quads
            if self.lo <= q[3] <= self.hi and q[1] in REL and ent(q[0]) and ent(q[2]) and q[0] != q[2]
        )
        self.by_rel: dict[str, list[tuple[str, str, str, str]]] = defaultdict(list)
        for q in self.pool:
            self.by_rel[q[1]].append(q)
        self.rels = sorted(self.by_rel)

    def ev(self) -> tuple[str, str, str, str]:
        """A relation first, uniformly, then one of its events: frequency-weighted draws covered too few relations."""
        return self.rng.choice(self.by_rel[self.rng.choice(self.rels)])

    @staticmethod
    def be(name: str) -> str:
        """'were' for the plural sector phrasings (citizens, protesters, students, ...), else 'was'."""
        return "were" if (ent(name) or "").split()[0] in PLURAL else "was"

    def past(self, r: str) -> str:
        return self.rng.choice(REL[r][1])

    def unique_anchor(self, s: str, r: str, o: str) -> bool:
        return len(self.kg.by_sro[(s, r, o)]) == 1

    def clause(self, s: str, r: str, o: str) -> str:
        return f"{ent(s)} {self.past(r)} {ent(o)}"

    def yscope(self, y: int) -> tuple[str, str]:
        return f"{y}-01-01", f"{y}-12-31"

    # each builder returns (question, spec, qtype, answer_type, time_level) or None
    def b_day_fronted(self) -> Any:
        _s, r, o, d = self.ev()
        q = self.rng.choice(
            [
                f"On {dfmt(d, self.rng)}, who {self.past(r)} {ent(o)}?",
                f"Which actor {self.past(r)} {ent(o)} on {dfmt(d, self.rng)}?",
            ]
        )
        return q, {"ask": "subj", "r": r, "o": o, "lo": d, "hi": d, "pick": "all"}, "equal", "entity", "day"

    def b_day_passive(self) -> Any:
        _s, r, o, d = self.ev()
        if REL[r][2] is None:
            return None
        q = self.rng.choice(
            [
                f"By whom {self.be(o)} {ent(o)} {REL[r][2]} on {dfmt(d, self.rng)}?",
                f"{cap(ent(o) or '')} {self.be(o)} {REL[r][2]} on {dfmt(d, self.rng)} — by whom?",
            ]
        )
        return q, {"ask": "subj", "r": r, "o": o, "lo": d, "hi": d, "pick": "all"}, "equal", "entity", "day"

    def b_month_relclause(self) -> Any:
        _s, r, o, d = self.ev()
        m = d[:7]
        lo, hi = m + "-01", iso(month_end(date.fromisoformat(d)))
        q = self.rng.choice(
            [
                f"Name the parties that {self.past(r)} {ent(o)} in {mfmt(m)}.",
                f"In {mfmt(m)}, who were the ones who {self.past(r)} {ent(o)}?",
            ]
        )
        return q, {"ask": "subj", "r": r, "o": o, "lo": lo, "hi": hi, "pick": "all"}, "equal", "entity", "month"

    def b_year_imperative(self) -> Any:
        s, r, _o, d = self.ev()
        y = int(d[:4])
        lo, hi = self.yscope(y)
        q = self.rng.choice(
            [
                f"Tell me whom {ent(s)} {self.past(r)} during {y}.",
                f"List everyone that {ent(s)} {self.past(r)} in the course of {y}.",
            ]
        )
        return q, {"ask": "obj", "s": s, "r": r, "lo": lo, "hi": hi, "pick": "all"}, "equal", "entity", "year"

    def b_ndays(self) -> Any:
        _s, r, o, d = self.ev()
        n = self.rng.choice([5, 7, 10, 14])
        start = date.fromisoformat(d) - timedelta(days=self.rng.randrange(n))
        end = start + timedelta(days=n - 1)
        if iso(start) < self.lo or iso(end) > self.hi:
            return None
        q = (
            f"Who {self.past(r)} {ent(o)} in the {n} days from {dfmt(iso(start), self.rng)} to "
            f"{dfmt(iso(end), self.rng)}, both days included?"
        )
        return (
            q,
            {"ask": "subj", "r": r, "o": o, "lo": iso(start), "hi": iso(end), "pick": "all"},
            "equal",
            "entity",
            "day",
        )

    def b_quarter(self) -> Any:
        s, r, _o, d = self.ev()
        y, mo = int(d[:4]), int(d[5:7])
        qn = (mo - 1) // 3 + 1
        m1, m3 = 3 * qn - 2, 3 * qn
        lo, hi = f"{y}-{m1:02d}-01", iso(month_end(date(y, m3, 1)))
        ordn = ["first", "second", "third", "fourth"][qn - 1]
        q = f"In the {ordn} quarter of {y} ({MONTHS[m1]} through {MONTHS[m3]}), whom did {ent(s)} {REL[r][0]}?"
        return q, {"ask": "obj", "s": s, "r": r, "lo": lo, "hi": hi, "pick": "all"}, "equal", "entity", "month"

    def b_half_season(self) -> Any:
        _s, r, o, d = self.ev()
        y, mo = int(d[:4]), int(d[5:7])
        if self.rng.random() < 0.5:
            h = 1 if mo <= 6 else 2
            lo, hi = (f"{y}-01-01", f"{y}-06-30") if h == 1 else (f"{y}-07-01", f"{y}-12-31")
            per = f"the first half of {y} (January to June)" if h == 1 else f"the second half of {y} (July to December)"
        else:
            seasons = {
                3: "spring",
                4: "spring",
                5: "spring",
                6: "summer",
                7: "summer",
                8: "summer",
                9: "autumn",
                10: "autumn",
                11: "autumn",
            }
            if mo not in seasons:
                return None
            sm = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11)}[seasons[mo]]
            lo, hi = f"{y}-{sm[0]:02d}-01", iso(month_end(date(y, sm[1], 1)))
            per = f"{seasons[mo]} {y} ({MONTHS[sm[0]]}, {MONTHS[sm[0] + 1]} and {MONTHS[sm[1]]})"
        q = self.rng.choice([f"During {per}, who {self.past(r)} {ent(o)}?", f"Who {self.past(r)} {ent(o)} over {per}?"])
        return q, {"ask": "subj", "r": r, "o": o, "lo": lo, "hi": hi, "pick": "all"}, "equal", "entity", "month"

    def b_named_day(self) -> Any:
        days = [
            d for d in sorted(self.kg.by_day) if self.lo <= d <= self.hi and (int(d[5:7]), int(d[8:])) in NAMED_DAYS
        ]
        d = self.rng.choice(days)
        cands = [x for x in self.kg.by_day[d] if x[1] in REL and ent(x[0]) and ent(x[2])]
        if not cands:
            return None
        s, r, o = self.rng.choice(sorted(cands))
        nd = NAMED_DAYS[(int(d[5:7]), int(d[8:]))]
        if self.rng.random() < 0.5:
            q = f"Who {self.past(r)} {ent(o)} on {nd} {d[:4]}?"
            spec = {"ask": "subj", "r": r, "o": o, "lo": d, "hi": d, "pick": "all"}
        else:
            q = f"On {nd} {d[:4]}, whom did {ent(s)} {REL[r][0]}?"
            spec = {"ask": "obj", "s": s, "r": r, "lo": d, "hi": d, "pick": "all"}
        return q, spec, "equal", "entity", "day"

    def b_when_day(self) -> Any:
        s, r, o, d = self.ev()
        y = int(d[:4])
        if self.store == "mtq":
            lo, hi = self.yscope(y)
            q = self.rng.choice(
                [
                    f"Which day in {y} saw {ent(s)} {REL[r][3]} {ent(o)}?",
                    f"In {y}, on what date did {ent(s)} {REL[r][0]} {ent(o)}?",
                ]
            )
        else:
            lo, hi = self.lo, self.hi
            q = self.rng.choice(
                [f"Which day saw {ent(s)} {REL[r][3]} {ent(o)}?", f"What was the date when {self.clause(s, r, o)}?"]
            )
        return (
            q,
            {"ask": "time", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "pick": "all", "gran": "day"},
            "equal",
            "time",
            "day",
        )

    def b_when_month(self) -> Any:
        s, r, o, d = self.ev()
        y = int(d[:4])
        lo, hi = self.yscope(y)
        q = self.rng.choice(
            [
                f"In which month of {y} did {ent(s)} {REL[r][0]} {ent(o)}?",
                f"Which month of {y} saw {ent(s)} {REL[r][3]} {ent(o)}?",
            ]
        )
        return (
            q,
            {"ask": "time", "s": s, "r": r, "o": o, "lo": lo, "hi": hi, "pick": "all", "gran": "month"},
            "equal",
            "time",
            "month",
        )

    def b_when_year(self) -> Any:
        if self.store != "mtq":
            return None
        s, r, o, _d = self.ev()
        q = f"Between 2014 and 2015, in which year did {ent(s)} {REL[r][0]} {ent(o)}?"
        return (
            q,
            {"ask": "time", "s": s, "r": r, "o": o, "lo": self.lo, "hi": self.hi, "pick": "all", "gran": "year"},
            "equal",
            "time",
            "year",
        )

    def b_first_entity(self) -> Any:
        _s, r, o, d = self.ev()
        y = int(d[:4])
        lo, hi = self.yscope(y)
        pick = self.rng.choice(["min", "max"])
        if pick == "min":
            q = self.rng.choice(
                [
                    f"Who was the first to {REL[r][0]} {ent(o)} in {y}?",
                    f"In {y}, which party {self.past(r)} {ent(o)} before anyone else?",
                ]
            )
        else:
            q = self.rng.choice(
                [
                    f"Who was the last one to {REL[r][0]} {ent(o)} in {y}?",
                    f"Of all those who {self.past(r)} {ent(o)} in {y}, who did so last?",
                ]
            )
        if len({dd for _, dd in self.kg.by_ro[(r, o)] if lo <= dd <= hi}) < 2:
            return None
        return q, {"ask": "subj", "r": r, "o": o, "lo": lo, "hi": hi, "pick": pick}, "first_last", "entity", "day"

    def b_first_time(self) -> Any:
        s, r, o, d = self.ev()
        y = int(d[:4])
        lo, hi = self.yscope(y)
        days = [dd for dd in self.kg.by_sro[(s, r, o)] if lo <= dd <= hi]
        if len(set(days)) < 2:
            return None
        if self.rng.random() < 0.5:
            q = f"In which month of {y} did {ent(s)} {REL[r][0]} {ent(o)} for the first time?"
            spec = {"pick": "min", "gran": "month"}
            tl = "month"
        else:
            q = self.rng.choice(
                [
                    f"What was the last day in {y} on which {self.clause(s, r, o)}?",
                    f"When, in {y}, did {ent(s)} last {REL[r][0]} {ent(o)}?",
                ]
            )
            spec = {"pick": "max", "gran": "day"}
            tl = "day"
        spec.update({"ask": "time", "s": s, "r": r, "o": o, "lo": lo, "hi": hi})
        return q, spec, "first_last", "time", tl

    def b_after_date(self) -> Any:
        s, r, o, d = self.ev()
        y = int(d[:4])
        cut = date.fromisoformat(d) - timedelta(days=self.rng.randrange(1, 20))
        if iso(cut) < f"{y}-01-01":
            return None
        if self.rng.random() < 0.5:
            q = f"After {dfmt(iso(cut), self.rng)} and before the end of {y}, who {self.past(r)} {ent(o)}?"
            spec = {
                "ask": "subj",
                "r": r,
                "o": o,
                "lo": iso(cut + timedelta(days=1)),
                "hi": f"{y}-12-31",
                "pick": "all",
            }
        else:
            cut = date.fromisoformat(d) + timedelta(days=self.rng.randrange(1, 20))
            if iso(cut) > f"{y}-12-31":
                return None
            q = f"Whom had {ent(s)} {self.past(r)} in {y} before {dfmt(iso(cut), self.rng)}?"
            spec = {"ask": "obj", "s": s, "r": r, "lo": f"{y}-01-01", "hi": iso(cut - timedelta(days=1)), "pick": "all"}
        return q, spec, "before_after", "entity", "day"

    def anchor_ev(self) -> tuple[str, str, str, str] | None:
        s, r, o, d = self.ev()
        return (s, r, o, d) if self.unique_anchor(s, r, o) else None

    def b_after_before_event(self) -> Any:
        a = self.anchor_ev()
        if not a:
            return None
        s, r, o, d = a
        y = int(d[:4])
        anc = {"s": s, "r": r, "o": o}
        if self.rng.random() < 0.5:
            q = f"After {self.clause(s, r, o)}, who else did the same later in {y}?"
            spec = {
                "ask": "subj",
                "r": r,
                "o": o,
                "lo": f"{y}-01-01",
                "hi": f"{y}-12-31",
                "pick": "all",
                "excl": [s],
                "anchor": {**anc, "rel": "after"},
            }
        else:
            q = f"Earlier in {y}, before {self.clause(s, r, o)}, who else had {self.past(r)} {ent(o)}?"
            spec = {
                "ask": "subj",
                "r": r,
                "o": o,
                "lo": f"{y}-01-01",
                "hi": f"{y}-12-31",
                "pick": "all",
                "excl": [s],
                "anchor": {**anc, "rel": "before"},
            }
        return q, spec, "before_after", "entity", "day"

    def b_after_first(self) -> Any:
        a = self.anchor_ev()
        if not a:
            return None
        s, r, o, _d = a
        q = self.rng.choice(
            [
                f"After {ent(s)} {self.past(r)} {ent(o)}, who was the next to do so?",
                f"Who came next after {ent(s)} in {REL[r][3]} {ent(o)}?",
                f"Following {ent(s)}, which other party was the first to {REL[r][0]} {ent(o)}?",
            ]
        )
        spec = {
            "ask": "subj",
            "r": r,
            "o": o,
            "pick": "min",
            "excl": [s],
            "hi": self.hi,
            "anchor": {"s": s, "r": r, "o": o, "rel": "after"},
        }
        return q, spec, "after_first", "entity", "day"

    def b_before_last(self) -> Any:
        a = self.anchor_ev()
        if not a:
            return None
        s, r, o, d = a
        y = int(d[:4])
        q = self.rng.choice(
            [
                f"In {y}, who was the last to {REL[r][0]} {ent(o)} before {ent(s)} did?",
                f"Who had last {self.past(r)} {ent(o)} just before {ent(s)} did so in {y}?",
            ]
        )
        spec = {
            "ask": "subj",
            "r": r,
            "o": o,
            "pick": "max",
            "excl": [s],
            "lo": f"{y}-01-01",
            "anchor": {"s": s, "r": r, "o": o, "rel": "before"},
        }
        return q, spec, "before_last", "entity", "day"

    def _second(self, d: str, month: bool, r1: str) -> tuple[str, str, str] | None:
        if month:
            cands = [x for dd, xs in self.kg.by_day.items() if dd[:7] == d[:7] for x in xs]
        else:
            cands = list(self.kg.by_day[d])
        cands = sorted({x for x in cands if x[1] in REL and x[1] != r1 and ent(x[0]) and ent(x[2])})
        return self.rng.choice(cands) if cands else None

    def b_same_time(self) -> Any:
        a = self.anchor_ev()
        if not a:
            return None
        s, r, o, d = a
        month = self.rng.random() < 0.5
        b = self._second(d, month, r)
        if not b:
            return None
        s2, r2, o2 = b
        anc = {"s": s, "r": r, "o": o, "rel": "same_month" if month else "same_day"}
        if month:
            q = self.rng.choice(
                [
                    f"In the same month that {self.clause(s, r, o)}, whom did {ent(s2)} {REL[r2][0]}?",
                    f"Whom did {ent(s2)} {REL[r2][0]} in the month when {self.clause(s, r, o)}?",
                ]
            )
            spec = {"ask": "obj", "s": s2, "r": r2, "pick": "all", "anchor": anc}
            tl = "month"
        else:
            q = self.rng.choice(
                [
                    f"On the same day that {self.clause(s, r, o)}, who {self.past(r2)} {ent(o2)}?",
                    f"Who {self.past(r2)} {ent(o2)} on the very day {self.clause(s, r, o)}?",
                ]
            )
            spec = {"ask": "subj", "r": r2, "o": o2, "pick": "all", "anchor": anc}
            tl = "day"
        return q, spec, "equal_multi", "entity", tl

    def b_ellipsis(self) -> Any:
        a = self.anchor_ev()
        if not a:
            return None
        s, r, o, _d = a
        q = self.rng.choice(
            [
                f"{cap(self.clause(s, r, o))} at some point. Who else did so that same month?",
                f"{cap(ent(s) or '')} once {self.past(r)} {ent(o)}; who else did that in the same month?",
            ]
        )
        spec = {
            "ask": "subj",
            "r": r,
            "o": o,
            "pick": "all",
            "excl": [s],
            "anchor": {"s": s, "r": r, "o": o, "rel": "same_month"},
        }
        return q, spec, "equal_multi", "entity", "month"

    def b_relative_day(self) -> Any:
        a = self.anchor_ev()
        if not a:
            return None
        s, r, o, d = a
        nxt = self.rng.random() < 0.6
        dd = iso(date.fromisoformat(d) + timedelta(days=1 if nxt else -1))
        if not (self.lo <= dd <= self.hi):
            return None
        b = self._second(dd, False, r)
        if not b:
            return None
        _s2, r2, o2 = b
        rel = "the day after" if nxt else "the day before"
        q = self.rng.choice(
            [
                f"{cap(rel)} {self.clause(s, r, o)}, who {self.past(r2)} {ent(o2)}?",
                f"Who {self.past(r2)} {ent(o2)} on {rel} {self.clause(s, r, o)}?",
            ]
        )
        spec = {
            "ask": "subj",
            "r": r2,
            "o": o2,
            "pick": "all",
            "anchor": {"s": s, "r": r, "o": o, "rel": "next_day" if nxt else "day_before"},
        }
        return q, spec, "equal_multi", "entity", "day"


QUOTAS = {  # construction -> (mtq, bench)
    "day_fronted": (6, 4),
    "day_passive": (5, 3),
    "month_relclause": (5, 4),
    "year_imperative": (5, 2),
    "ndays": (5, 4),
    "quarter": (5, 3),
    "half_season": (5, 3),
    "named_day": (4, 3),
    "when_day": (5, 4),
    "when_month": (5, 4),
    "when_year": (3, 0),
    "first_entity": (6, 4),
    "first_time": (6, 4),
    "after_date": (5, 4),
    "after_before_event": (5, 4),
    "after_first": (6, 4),
    "before_last": (5, 4),
    "same_time": (6, 4),
    "ellipsis": (4, 3),
    "relative_day": (4, 3),
}


def load_quads(session: Any) -> list[tuple[str, str, str, str]]:
    q = (
        "MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity) "
        "RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d"
    )
    return sorted((x["s"], x["r"], x["o"], x["d"]) for x in session.run(q))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--store", choices=["mtq", "bench"], required=True)
    ap.add_argument("--out", required=True)
    args = ap.parse_args()

    import neo4j

    from tkgrag.config import load_settings
    from tkgrag.store.connection import resolve_connection

    uri, auth = resolve_connection(load_settings(), start_managed=False)
    driver = neo4j.GraphDatabase.driver(uri, auth=auth)
    rng = random.Random(SEED + (0 if args.store == "mtq" else 1))
    idx = 0 if args.store == "mtq" else 1
    prefix = "b34m" if args.store == "mtq" else "b34i"
    out: list[dict[str, Any]] = []
    seen: set[str] = set()
    stats: Counter[str] = Counter()
    rels: set[str] = set()
    with driver.session(default_access_mode=neo4j.READ_ACCESS) as session:
        kg = KG(load_quads(session))
        g = Gen(kg, args.store, rng)
        for cons, quota in QUOTAS.items():
            need, tries = quota[idx], 0
            builder = getattr(g, "b_" + cons)
            while need > 0 and tries < 4000:
                tries += 1
                res = builder()
                if res is None:
                    continue
                text, spec, qtype, atype, tl = res
                if text in seen:
                    continue
                gold = kg.gold(spec)
                if not gold or len(gold) > 5:
                    continue
                if atype == "time" and spec["pick"] == "all" and len(gold) != 1:
                    continue  # a "when" with several answers at the asked granularity reads as ambiguous
                w = kg.window(spec)
                assert w is not None
                if args.store == "mtq" and spec.get("anchor"):
                    a = spec["anchor"]
                    if not (g.lo <= kg.by_sro[(a["s"], a["r"], a["o"])][0] <= g.hi):
                        continue
                chk = check_cypher(session, spec)
                agrees = chk == gold
                stats["agree" if agrees else "disagree"] += 1
                if not agrees:
                    continue
                seen.add(text)
                rels.update([spec["r"]] + ([spec["anchor"]["r"]] if spec.get("anchor") else []))
                need -= 1
                n = len(out) + 1
                out.append(
                    {
                        "quid": f"{prefix}{n:03d}",
                        "id": f"{prefix}{n:03d}",
                        "question": text,
                        "answers": gold,
                        "answer_type": atype,
                        "time_level": tl,
                        "qtype": qtype,
                        "qlabel": "Multiple" if qtype in ("after_first", "before_last", "equal_multi") else "Single",
                        "evidence": [],
                        "construction": cons,
                        "store": args.store,
                        "check": (
                            "Cypher: anchor and window by date arithmetic, matched from the object side, "
                            f"pick={spec['pick']} aggregated in Cypher, ask={spec['ask']}"
                        ),
                        "check_agrees": agrees,
                    }
                )
    driver.close()
    with open(args.out, "w", encoding="utf-8") as f:
        for rec in out:
            f.write(json.dumps(rec, ensure_ascii=False, sort_keys=True) + "\n")
    print(
        json.dumps(
            {
                "store": args.store,
                "n": len(out),
                "relations": len(rels),
                **stats,
                "constructions": Counter(r["construction"] for r in out),
            },
            sort_keys=True,
        )
    )


if __name__ == "__main__":
    main()
