"""Probes for h29n's families (issue 29 item 3), in wordings of my own, gold read off the connected store.

    TKGRAG_INSTANCE=bench TKGRAG_BOLT_PORT=7697 TKGRAG_HTTP_PORT=7484 \\
    .venv/bin/python benchmarks/make_h29n_probes.py --year 2014 --out probes_icews14.jsonl

Families: a shared period ("In which month did A and B each V C?"; the entity form "Whom did A and B each V?" is
expected to abstain), seasons (northern meteorological months;
winter and seasons not next to their year are expected to abstain), possessive sectors with "officials" ("X's
foreign affairs officials"), ranges marked inclusive / exclusive (exclusive expected to abstain), and a request
wrapper ("I'm looking for everyone who ..."). Each record has ``expect``: "answer" or "abstain". Reads only.
"""

from __future__ import annotations

import argparse
import json
import random
from collections import defaultdict
from datetime import date
from pathlib import Path
from typing import Any

from tkgrag.store import connect

VERBS = {
    "Make_a_visit": ("visit", "visited"),
    "Consult": ("consult", "consulted"),
    "Praise_or_endorse": ("praise", "praised"),
    "Criticize_or_denounce": ("criticize", "criticized"),
    "Make_an_appeal_or_request": ("make an appeal to", "made an appeal to"),
    "Engage_in_negotiation": ("negotiate with", "negotiated with"),
    "Host_a_visit": ("host", "hosted"),
    "Sign_formal_agreement": ("sign an agreement with", "signed an agreement with"),
}
SEASONS = {"spring": (3, 5), "summer": (6, 8), "autumn": (9, 11), "fall": (9, 11)}
MONTH_NAMES = [date(2014, m, 1).strftime("%B") for m in range(1, 13)]

EVENTS = """
MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity)
WHERE e.relation IN $relations AND e.valid_from >= date($a) AND e.valid_from <= date($b)
RETURN s.name AS s, e.relation AS r, o.name AS o, toString(e.valid_from) AS d
"""


def _plain(name: str) -> bool:
    return "(" not in name and "/" not in name and len(name.split()) <= 3


def record(question: str, answers: list[str], kind: str, level: str, qtype: str, family: str, expect: str) -> dict:
    return {
        "question": question,
        "answers": sorted(answers),
        "answer_type": kind,
        "time_level": level,
        "qtype": qtype,
        "family": family,
        "expect": expect,
    }


def shared_period(rows: list[dict[str, Any]], rng: random.Random, n: int) -> list[dict]:
    """A and B both V C in exactly one month, and at least one of them also in another month."""
    months: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for row in rows:
        months[(row["s"], row["r"], row["o"])].add(row["d"][:7])
    by_ro: dict[tuple[str, str], list[str]] = defaultdict(list)
    for s, r, o in months:
        if _plain(s) and _plain(o) and s != o:
            by_ro[(r, o)].append(s)
    out: list[dict] = []
    keys = sorted(by_ro)
    rng.shuffle(keys)
    forms = [  # the year said: the store's other years hold other shared months
        "In which month of {y} did {a} and {b} each {v} {c}?",
        "Which month in {y} saw {a} and {b} each {v} {c}?",
        "During what month of {y} did both {a} and {b} {v} {c}?",
        "In what month of {y} did {a} and the {b2} each {v} {c}?",
    ]
    for r, o in keys:
        subs = sorted(by_ro[(r, o)])
        for i in range(len(subs)):
            for j in range(i + 1, len(subs)):
                a, b = subs[i], subs[j]
                ma, mb = months[(a, r, o)], months[(b, r, o)]
                shared = ma & mb
                if len(shared) == 1 and (len(ma) > 1 or len(mb) > 1):
                    form = forms[len(out) % len(forms)]
                    if "{b2}" in form and not b.startswith(("United", "European", "High", "International")):
                        form = forms[0]
                    q = form.format(a=a, b=b, b2=b, c=o, v=VERBS[r][0], y=next(iter(shared))[:4])
                    out.append(record(q, sorted(shared), "time", "month", "equal_multi", "each", "answer"))
                    break
            else:
                continue
            break
        if len(out) >= n:
            break
    return out


def each_entity(rows: list[dict[str, Any]], rng: random.Random, n: int) -> list[dict]:
    """ "Whom did A and B each V in <month>?": the reader does not intersect answers, so it should abstain."""
    objs: dict[tuple[str, str, str], set[str]] = defaultdict(set)
    for row in rows:
        if _plain(row["s"]):
            objs[(row["s"], row["r"], row["d"][:7])].add(row["o"])
    by_rm: dict[tuple[str, str], list[str]] = defaultdict(list)
    for s, r, m in objs:
        by_rm[(r, m)].append(s)
    keys = sorted(k for k, v in by_rm.items() if len(v) > 1)
    rng.shuffle(keys)
    forms = ["Whom did {a} and {b} each {v} in {mon}?", "Who was {vd} by both {a} and {b} in {mon}?"]
    out: list[dict] = []
    for r, m in keys[:n]:
        a, b = sorted(by_rm[(r, m)])[:2]
        mon = f"{MONTH_NAMES[int(m[5:7]) - 1]} {m[:4]}"
        q = forms[len(out) % len(forms)].format(a=a, b=b, v=VERBS[r][0], vd=VERBS[r][1], mon=mon)
        shared = objs[(a, r, m)] & objs[(b, r, m)]
        out.append(record(q, sorted(shared) or ["-"], "entity", "month", "equal", "each-entity", "abstain"))
    return out


def seasons(rows: list[dict[str, Any]], year: int, rng: random.Random, n: int) -> list[dict]:
    """Who V'd C in a season: gold the subjects inside the season's months, some subjects outside them."""
    by_ro: dict[tuple[str, str], list[tuple[str, int]]] = defaultdict(list)
    for row in rows:
        if row["d"].startswith(str(year)):
            by_ro[(row["r"], row["o"])].append((row["s"], int(row["d"][5:7])))
    keys = sorted(by_ro)
    rng.shuffle(keys)
    out: list[dict] = []
    forms = [
        "Who {vd} {c} in the {season} of {y}?",
        "During {season} {y}, which actors {vd} {c}?",
        "{C} was {vd_p} by whom over the {season} of {y}?",
        "Which parties {vd} {c} in {season} {y}?",
    ]
    names = list(SEASONS)
    for r, o in keys:
        if not _plain(o):
            continue
        season = names[len(out) % len(names)]
        m1, m2 = SEASONS[season]
        inside = {s for s, m in by_ro[(r, o)] if m1 <= m <= m2}
        outside = {s for s, m in by_ro[(r, o)] if not m1 <= m <= m2} - inside
        if not inside or len(inside) > 4 or not outside:
            continue
        form = forms[len(out) % len(forms)]
        if "{vd_p}" in form and r not in ("Make_a_visit", "Consult", "Praise_or_endorse", "Criticize_or_denounce"):
            form = forms[0]
        q = form.format(vd=VERBS[r][1], vd_p=VERBS[r][1], c=o, C=o, season=season, y=year)
        out.append(record(q, sorted(inside), "entity", "month", "equal", "season", "answer"))
        if len(out) >= n:
            break
    # expected to abstain: winter, a season not next to its year
    abstain_forms = [
        "Who {vd} {c} in winter {y}?",
        "Who {vd} {c} during the winter of {y}?",
        "Who {vd} {c} over the summer months of {y}?",
        "Which actors {vd} {c} in the summer and autumn of {y}?",
    ]
    for k, (r, o) in enumerate(keys[: len(abstain_forms)]):
        q = abstain_forms[k].format(vd=VERBS[r][1], c=o, y=year)
        out.append(record(q, ["-"], "entity", "month", "equal", "season-unread", "abstain"))
    return out


def sector_officials(store: Any, year: int, rng: random.Random, n: int) -> list[dict]:
    """X's foreign affairs / police officials as a subject: whom did they V in a month."""
    rows = store.run(
        """
        MATCH (s:Entity)<-[:SUBJECT]-(e:Event)-[:OBJECT]->(o:Entity)
        WHERE (s.name STARTS WITH 'Foreign Affairs (' OR s.name STARTS WITH 'Police (')
          AND e.relation IN $relations AND e.valid_from.year = $year
        RETURN s.name AS s, e.relation AS r, o.name AS o, e.valid_from.month AS m
        """,
        {"relations": list(VERBS), "year": year},
    )
    groups: dict[tuple[str, str, int], set[str]] = defaultdict(set)
    for row in rows:
        groups[(row["s"], row["r"], row["m"])].add(row["o"])
    keys = sorted(groups)
    rng.shuffle(keys)
    out: list[dict] = []
    forms = [
        "Whom did {x}'s {sector} officials {v} in {mon} {y}?",
        "In {mon} {y}, who was {vd} by {x}'s {sector} officials?",
        "Who did the {sector} officials of {x} {v} in {mon} {y}?",
    ]
    seen: set[str] = set()
    for s, r, m in keys:
        objs = groups[(s, r, m)]
        sector, x = s.split(" (", 1)
        x = x.rstrip(")")
        if len(objs) > 4 or s in seen or x.endswith("s") or any(o.startswith(sector) for o in objs):
            continue
        if r not in ("Make_a_visit", "Consult", "Praise_or_endorse", "Criticize_or_denounce"):
            continue
        seen.add(s)
        word = "foreign affairs" if sector == "Foreign Affairs" else "police"
        form = forms[len(out) % len(forms)]
        q = form.format(x=x, sector=word, v=VERBS[r][0], vd=VERBS[r][1], mon=MONTH_NAMES[m - 1], y=year)
        out.append(record(q, sorted(objs), "entity", "month", "equal", "sector-officials", "answer"))
        if len(out) >= n:
            break
    return out


def ranges(rows: list[dict[str, Any]], year: int, rng: random.Random, n: int) -> list[dict]:
    """Between two days, marked inclusive (answered) or exclusive (abstain)."""
    by_ro: dict[tuple[str, str], list[tuple[str, str]]] = defaultdict(list)
    for row in rows:
        by_ro[(row["r"], row["o"])].append((row["s"], row["d"]))
    keys = sorted(k for k in by_ro if _plain(k[1]))
    rng.shuffle(keys)
    out: list[dict] = []
    for r, o in keys:
        a, b = date(year, 3, 1), date(year, 6, 30)
        inside = {s for s, d in by_ro[(r, o)] if a.isoformat() <= d <= b.isoformat()}
        if not inside or len(inside) > 4:
            continue
        k = len(out)
        if k % 3 == 0:
            q = f"Between 1 March {year} and 30 June {year} (inclusive), who {VERBS[r][1]} {o}?"
            out.append(record(q, sorted(inside), "entity", "day", "equal", "range-inclusive", "answer"))
        elif k % 3 == 1:
            # from a period's edge to a day, the day left out: the writers' reading of "(exclusive)"
            first = {s for s, d in by_ro[(r, o)] if f"{year}-01-01" <= d <= f"{year}-06-29"}
            if not first or len(first) > 4:
                continue
            q = f"Between the start of {year} and June 30, {year} (exclusive), who {VERBS[r][1]} {o}?"
            out.append(record(q, sorted(first), "entity", "day", "equal", "range-exclusive-end", "answer"))
        else:
            q = f"Who {VERBS[r][1]} {o} between March 1, {year} and June 30, {year}, both exclusive?"
            out.append(record(q, sorted(inside), "entity", "day", "equal", "range-exclusive", "abstain"))
        if len(out) >= n:
            break
    return out


def wrappers(rows: list[dict[str, Any]], year: int, rng: random.Random, n: int) -> list[dict]:
    """A request wrapper before the question: "I'm looking for everyone who ...", "Find all the actors that ..."."""
    by_rom: dict[tuple[str, str, int], set[str]] = defaultdict(set)
    for row in rows:
        by_rom[(row["r"], row["o"], int(row["d"][5:7]))].add(row["s"])
    keys = sorted(k for k in by_rom if _plain(k[1]) and len(by_rom[k]) <= 4)
    rng.shuffle(keys)
    forms = [
        "I'm looking for everyone who {vd} {o} in {mon} {y}.",
        "Find all the actors that {vd} {o} during {mon} {y}.",
        "I am looking for every party that {vd} {o} over {mon} {y}.",
    ]
    out: list[dict] = []
    for r, o, m in keys[:n]:
        q = forms[len(out) % len(forms)].format(vd=VERBS[r][1], o=o, mon=MONTH_NAMES[m - 1], y=year)
        out.append(record(q, sorted(by_rom[(r, o, m)]), "entity", "month", "equal", "wrapper", "answer"))
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--year", type=int, required=True)
    ap.add_argument("--seed", type=int, default=29)
    ap.add_argument("--out", type=Path, required=True)
    args = ap.parse_args()
    rng = random.Random(args.seed)
    store = connect(start_managed=False, ensure_schema=False)
    rows = store.run(EVENTS, {"relations": list(VERBS), "a": f"{args.year}-01-01", "b": f"{args.year}-12-31"})
    out = (
        shared_period(rows, rng, 8)
        + each_entity(rows, rng, 4)
        + seasons(rows, args.year, rng, 8)
        + sector_officials(store, args.year, rng, 6)
        + ranges(rows, args.year, rng, 9)
        + wrappers(rows, args.year, rng, 4)
    )
    args.out.write_text("".join(json.dumps(r, ensure_ascii=False) + "\n" for r in out))
    print(f"{len(out)} probes -> {args.out}")


if __name__ == "__main__":
    main()
