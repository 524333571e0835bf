"""ICEWS sector actors said descriptively: "the Kenyan police", "Japan's finance ministry", "the premier of Chile".

ICEWS names such actors ``Sector (Country)`` ("Police (Kenya)", "Treasury/Finance Ministry (Japan)"). Two word lists,
kept as data in ``tkgrag/data`` (each names its source):

- ``demonyms.tsv``: demonyms and adjectives -> the country as ICEWS names it ("Kenyan" -> Kenya, "Dane" -> Denmark);
- ``sector_words.tsv``: people's words for a sector -> ICEWS sector names, best first ("premier" -> Head of
  Government; "troops" -> Military).

A sector's own name needs no entry: ``sector_names`` also offers the phrase itself in the ICEWS spelling (title case,
singular), which the linker tries as an exact key against the graph's own vocabulary.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import cache
from importlib import resources


def _rows(name: str) -> list[tuple[str, str]]:
    text = resources.files("tkgrag.data").joinpath(name).read_text(encoding="utf-8")
    out = []
    for n, line in enumerate(text.splitlines(), 1):
        if not line.strip() or line.startswith("#"):
            continue
        key, sep, value = line.partition("\t")
        if not sep or not key.strip() or not value.strip():
            raise ValueError(f"tkgrag/data/{name} line {n}: expected 'phrase<TAB>value', got {line!r}")
        out.append((key.strip().lower(), value.strip()))
    return out


@cache
def demonyms() -> dict[str, str]:
    """Lower-case demonym or adjective -> ICEWS country name."""
    return dict(_rows("demonyms.tsv"))


@cache
def sector_words() -> dict[str, tuple[str, ...]]:
    """Lower-case phrase (singular) -> ICEWS sector names, best first."""
    return {k: tuple(s.strip() for s in v.split("|") if s.strip()) for k, v in _rows("sector_words.tsv")}


@cache
def _max_words() -> int:
    return max(len(k.split()) for k in sector_words())


def singular(word: str) -> str:
    """A light singular for role words: "ministries" -> "ministry", "judges" -> "judge", "police" stays."""
    w = word.lower()
    if w.endswith("ies") and len(w) > 4:
        return w[:-3] + "y"
    if w.endswith(("sses", "ches", "shes")):
        return w[:-2]
    if w.endswith("s") and not w.endswith(("ss", "us", "is")) and len(w) >= 3:
        return w[:-1]
    return w


# "foreign affairs officials", "health ministry officials": the officials of a sector are the sector's actor (ICEWS
# codes them as the sector), unless the whole phrase is a sector of its own ("government officials").
_OFFICIALS = frozenset({"official", "officials"})


def _lookup(phrase: str) -> tuple[str, ...] | None:
    words = phrase.lower().split()
    if not words:
        return None
    lex = sector_words()
    for start in range(min(len(words), 2)):  # "provincial governor": one modifier before a known phrase
        rest = words[start:]
        for cand in (" ".join(rest), " ".join([*rest[:-1], singular(rest[-1])]), " ".join(singular(w) for w in rest)):
            if cand in lex:
                return lex[cand]
        if start == 0 and len(words) > 1 and words[-1] in _OFFICIALS and (owner := _lookup(" ".join(words[:-1]))):
            return owner  # before the modifier reading: "police officials" is no kind of "officials"
    return None


def names_a_sector(phrase: str) -> bool:
    """Whether the whole lower-case phrase is a sector of the lexicon as it stands ("government", "foreign
    ministry"), with no modifier before it ("last head", "took citizens" are none)."""
    words = phrase.split()
    if not words or phrase != phrase.lower():
        return False
    lex = sector_words()
    return any(
        c in lex
        for c in (" ".join(words), " ".join([*words[:-1], singular(words[-1])]), " ".join(map(singular, words)))
    )


def country_of(word: str) -> str | None:
    """The country a demonym names ("Kenyan", "Danes", "South Korean's") or None."""
    w = " ".join(re.sub(r"['’]s?$", "", word.strip()).lower().split())
    d = demonyms()
    if w in d:
        return d[w]
    if w.endswith("s") and w[:-1] in d:
        return d[w[:-1]]
    return None


@cache
def _countries() -> dict[str, str]:
    return {c.lower(): c for c in demonyms().values()}


def country_named(name: str) -> str | None:
    """The country a name is, as ICEWS names it ("Nigeria" -> Nigeria), for "the Nigeria government", or None."""
    return _countries().get(" ".join(name.lower().split()))


def holder_spellings(holder: str) -> tuple[str, ...]:
    """A sector's holder as ICEWS may spell it inside "Sector (Holder)": as said, then inverted with its qualifier
    after a comma ("Occupied Palestinian Territory" -> "Palestinian Territory, Occupied", "Republic of Korea" ->
    "Korea, Republic of"), the order of the store's sector names ("Children (Palestinian Territory, Occupied)")."""
    words = holder.split()
    out = [" ".join(words)]
    if len(words) >= 3 and words[1].lower() == "of":
        out.append(f"{' '.join(words[2:])}, {' '.join(words[:2])}")
    elif len(words) >= 3 and all(w[:1].isupper() for w in words):
        out.append(f"{' '.join(words[1:])}, {words[0]}")
    return tuple(dict.fromkeys(out))


def sector_names(role: str) -> tuple[str, ...]:
    """ICEWS sector names a role phrase may mean, best first: the lexicon's, then the phrase itself as ICEWS spells a
    sector ("protesters" -> "Protester", "members of parliament" -> "Member of Parliament", "the education sector" ->
    "Education")."""
    phrase = " ".join(role.split())
    out = list(_lookup(phrase) or ())
    words = phrase.split()
    if words:
        small = {"of", "the", "and", "for", "or", "in"}
        # each part of a slashed label too: "justice department/ministery" -> "Justice Department/Ministery"
        titled = ["/".join(p if p.lower() in small else p[:1].upper() + p[1:] for p in w.split("/")) for w in words]
        out.append(" ".join(titled))
        first = singular(words[0])
        out.append(" ".join([first[:1].upper() + first[1:], *titled[1:]]))
        last = singular(words[-1])
        out.append(" ".join([*titled[:-1], last[:1].upper() + last[1:]]))
        if len(words) > 1 and singular(words[-1]).lower() == "sector":
            out.append(" ".join(titled[:-1]))  # "the education sector" -> Education (ICEWS drops the word)
    return tuple(dict.fromkeys(s for s in out if s))


def sector_phrase_length(words: Sequence[str]) -> int:
    """How many of ``words`` (from the start) form a known sector phrase, longest first; 0 when none does.
    "finance ministry arrest" -> 2; "police" -> 1; "visited" -> 0."""
    for n in range(min(len(words), _max_words()), 0, -1):
        if _lookup(" ".join(words[:n])) is not None:
            return n
    return 0
