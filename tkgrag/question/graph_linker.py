"""``GraphLinker``: the ``Linker`` role against Neo4j — mentions to ``Entity`` nodes, phrases to relation names.

Entities, for each mention, best first:

1. exact: the mention (or one of its variants, below) IS an entity's name or alias after normalisation (case, spaces
   vs underscores, a leading "the"); the key lookup ``Citizen_(India)`` is index-backed;
2. full text: a Lucene query on the ``entity_names`` index over ``[name, aliases_text]``, built from the mention's
   words with every Lucene special character escaped, stop words dropped, words of 5+ letters also matched fuzzily
   (``defence~1`` meets "Defense"), and a demonym also searched as its country ("Danish" -> "Denmark");
3. embedding: cosine between the mention and each candidate's name, which separates full-text near-ties
   ("Citizen (Denmark)" and "Women (Denmark)" score alike for "Danish citizens").

A candidate's score is 3 for an exact key match (then nothing else is searched), ``2 + cosine`` for an exact name or
alias match found by full text, else ``0.5 * fulltext / best_fulltext + 0.5 * cosine``, so exact matches always come
first and the cosine decides between comparable full-text hits. Results are cached per surface form.

Variants. ICEWS names actors "Sector (Country)": "the Danish Ministry of Defence" is
``Defense_/_Security_Ministry_(Denmark)``, "the head of Turkmenistan" ``Head_of_Government_(Turkmenistan)``. ROLE
mentions (role + holder) and names opening with a demonym are also tried in that form, with a few role synonyms
("foreign minister" -> "Foreign Affairs", "prime minister" -> "Head of Government").

Relations: ``RelationMatcher`` over the distinct relation names of the graph, built once per store and cached
(``refresh_relations`` drops the cache after an ingest adds relations).
"""

from __future__ import annotations

import re
import time
import unicodedata
import weakref
from collections.abc import Sequence
from dataclasses import dataclass, replace

import numpy as np

from tkgrag.embed import Embedder
from tkgrag.queries import linking as q
from tkgrag.question.lexicon import words
from tkgrag.question.linking import EntityLink
from tkgrag.question.model import Mention, MentionKind
from tkgrag.question.relations import RelationMatch, RelationMatcher, RelationMatchError
from tkgrag.question.sectors import country_named, country_of, demonyms, holder_spellings, sector_names
from tkgrag.store import Store

# Lucene query syntax characters (https://lucene.apache.org/core/9_0_0/queryparser/): escaped with a backslash.
_LUCENE_SPECIAL = re.compile(r'([+\-&|!(){}\[\]^"~*?:\\/])')
_WORD = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
# "al" only as a standalone token: "al-Assad" keeps "assad".
_STOP = words("a an the of for and or in on at to by with from de la le du des el al s")

# Demonyms -> the country as ICEWS names it (``tkgrag/data/demonyms.tsv``, via ``tkgrag.question.sectors``).
DEMONYMS: dict[str, str] = demonyms()

# Role words as people say them -> ICEWS sector names (the part before "(Country)").
ROLE_SYNONYMS: dict[str, tuple[str, ...]] = {
    "head": ("Head of Government", "Head of State"),
    "leader": ("Head of Government", "Head of State"),
    "head of government": ("Head of Government",),
    "head of state": ("Head of State", "Head of Government"),
    "prime minister": ("Head of Government",),
    "premier": ("Head of Government",),
    "president": ("Head of State", "Head of Government"),
    "foreign minister": ("Foreign Affairs",),
    "foreign ministry": ("Foreign Affairs",),
    "minister of foreign affairs": ("Foreign Affairs",),
    "defence ministry": ("Defense / Security Ministry",),
    "defense ministry": ("Defense / Security Ministry",),
    "ministry of defence": ("Defense / Security Ministry",),
    "ministry of defense": ("Defense / Security Ministry",),
    "defence minister": ("Defense / Security Ministry",),
    "defense minister": ("Defense / Security Ministry",),
    "army": ("Military",),
    "armed forces": ("Military",),
    "military": ("Military",),
    "police": ("Police",),
    "government": ("Government",),
    "parliament": ("Parliament", "Legislature"),
    "citizens": ("Citizen",),
    "people": ("Citizen",),
    "finance ministry": ("Treasury/Finance Ministry",),
    "justice ministry": ("Justice Department/Ministery",),
    "envoy": ("Envoy",),
    "ambassador": ("Envoy",),
    "children": ("Children",),
}


def escape_lucene(text: str) -> str:
    """``text`` with every Lucene query-syntax character backslash-escaped ("A (B)" -> "A \\(B\\)")."""
    return _LUCENE_SPECIAL.sub(r"\\\1", text)


def normalise_name(text: str) -> str:
    """Comparison key of a name: NFC, case-folded, underscores/space runs -> one space, without a leading "the"."""
    s = unicodedata.normalize("NFC", text).casefold().replace("_", " ")
    s = " ".join(s.split())
    return s[4:] if s.startswith("the ") else s


def _words(text: str) -> list[str]:
    return [w.casefold() for w in _WORD.findall(text)]


def lucene_query(text: str) -> str | None:
    """A Lucene query for a mention: its content words, fuzzy for long words, demonyms also as their country.

    Each term is escaped; None when the mention has no content word."""
    terms: list[str] = []
    for w in _words(text):
        if w in _STOP:
            continue
        w = w.replace("’", "'").split("'")[0]  # "Zimbabwe's" -> "zimbabwe"
        if not w:
            continue
        terms.append(escape_lucene(w))
        if len(w) >= 5:
            terms.append(escape_lucene(w) + "~1")
        country = DEMONYMS.get(w)
        if country:
            terms.extend(f"{escape_lucene(c)}^2" for c in _words(country) if c not in _STOP)
    if not terms:
        return None
    return " ".join(dict.fromkeys(terms))


# Acronyms people write for organisations ICEWS names in full (written as capitals; only names the ICEWS actor lists
# hold). Tried after the mention as written, so an entity named by the acronym itself still wins.
_ACRONYMS = {
    "NATO": "North Atlantic Treaty Organization",
    "UNSC": "UN Security Council",
    "UNHCR": "High Commission for Refugees",
    "FAO": "Food and Agriculture Organization",
    "ASEAN": "Association of Southeast Asian Nations",
    "IMF": "International Monetary Fund",
    "HRW": "Human Rights Watch",
    "CIA": "Central Intelligence Agency",
    "OPEC": "Organization of Petroleum Exporting Countries",
}


def variants(mention: Mention) -> list[str]:
    """Surface forms to try for a mention: as written, without "the", its acronym's full name ("NATO"), and in
    ICEWS's "Sector (Country)" form."""
    text = " ".join(mention.text.split())
    out = [text]
    bare = text[4:] if text.lower().startswith("the ") else text
    if bare in _ACRONYMS:
        out.append(_ACRONYMS[bare])
    if text.lower().startswith("the "):
        out.append(text[4:])
    role, holder = mention.role, mention.holder
    words = text.split()
    if words and words[0].lower() == "the":
        words = words[1:]
    if role is None and len(words) >= 2:
        # "Danish Ministry of Defence" -> role "Ministry of Defence", holder "Denmark" (also "South Korean ...")
        for n in (2, 1):
            country = country_of(" ".join(words[:n])) if len(words) > n else None
            if country is not None:
                role, holder = " ".join(words[n:]), country
                break
    if role and holder:
        holder = country_of(holder) or holder
        # "the United States" -> "United States"; but a capital "The" may be the name's own ("Protester (The Hague)"),
        # so that form is tried first and the bare one after it
        holders = [holder, holder[4:]] if holder.startswith("The ") else [holder]
        if holder.startswith("the "):
            holders = [holder[4:]]
        r = " ".join(role.split())
        spelt = [s for h in holders for s in holder_spellings(h)]  # "Palestinian Territory, Occupied" too
        for sector in (*ROLE_SYNONYMS.get(r.lower(), ()), *sector_names(r)):
            out.extend(f"{sector} ({h})" for h in spelt)
    return list(dict.fromkeys(out))


@dataclass(frozen=True)
class _Candidate:
    key: str
    name: str
    aliases: tuple[str, ...]
    fulltext: float = 0.0
    exact: bool = False


EXACT_SCORE = 3.0  # an exact key match; name/alias matches found by full text score 2 + cosine
_LINK_CACHE_SIZE = 4096

# The graph's events as the linker last saw them: their count and newest record time (``q.EVENT_VERSION``).
GraphVersion = tuple[int, str | None]

# RelationMatchers by store, with the graph version they were built at (a closed store's entry is never reused).
_MATCHERS: dict[int, tuple[weakref.ref[Store], GraphVersion, RelationMatcher]] = {}
FRESHNESS_S = 1.0  # how often a linker re-reads the graph version to notice an ingest


def refresh_relations(store: Store) -> None:
    """Forget the cached relation names of ``store`` (linkers also notice a changed event count by themselves)."""
    _MATCHERS.pop(id(store), None)


class GraphLinker:
    """``Linker`` over one Neo4j graph (see the module docstring for how candidates are found and scored).

    Relation names and entity links are cached; the graph version (event count and newest record time), re-read at
    most every ``FRESHNESS_S`` seconds, tells when an ingest has changed the graph and the caches must go. The count
    alone is not enough: a store refilled with as many events kept the old relations and links."""

    def __init__(self, store: Store, embedder: Embedder, *, fulltext_limit: int = 25) -> None:
        self.store = store
        self.embedder = embedder
        self.fulltext_limit = fulltext_limit
        self._name_vectors: dict[str, np.ndarray] = {}  # bounded by the graph's entity names
        self._links: dict[tuple[object, ...], tuple[EntityLink, ...]] = {}
        self._version: GraphVersion = (-1, None)
        self._checked_at = float("-inf")

    def _fresh(self) -> GraphVersion:
        """The graph version; a change since the last look clears the entity-link cache."""
        now = time.monotonic()
        if now - self._checked_at >= FRESHNESS_S:
            row = self.store.run(q.EVENT_VERSION)[0]
            version = (int(row["n"]), row["newest"])
            self._checked_at = now
            if version != self._version:
                self._links.clear()
                self._version = version
        return self._version

    def graph_version(self) -> GraphVersion:
        """Changes when the graph's events change (count or newest record time); for callers that cache them."""
        return self._fresh()

    # -- relations ------------------------------------------------------------------------------------------
    def relation_matcher(self) -> RelationMatcher:
        version = self._fresh()
        cached = _MATCHERS.get(id(self.store))
        if cached is not None and cached[0]() is self.store and cached[1] == version:
            return cached[2]
        names = [r["relation"] for r in self.store.run(q.DISTINCT_RELATIONS)]
        if not names:
            raise RelationMatchError("the graph holds no events, so there are no relations to match; ingest first")
        matcher = RelationMatcher(names, self.embedder)
        _MATCHERS[id(self.store)] = (weakref.ref(self.store), version, matcher)
        return matcher

    def relations(self) -> list[str]:
        return list(self.relation_matcher().relations)

    def link_relation(self, phrase: str, *, k: int = 5) -> list[RelationMatch]:
        if not phrase or not phrase.strip():
            return []
        return self.relation_matcher().match(phrase, k=k)

    # -- entities -------------------------------------------------------------------------------------------
    def link_entities(self, mentions: Sequence[Mention], *, k: int = 5) -> list[list[EntityLink]]:
        return [self.link_mention(m, k=k) for m in mentions]

    def link_text(self, text: str, *, k: int = 5) -> list[EntityLink]:
        """Link a bare name (no parsed question around it)."""
        return self.link_mention(Mention(text, 0, len(text), MentionKind.NAME), k=k)

    def link_mention(self, mention: Mention, *, k: int = 5) -> list[EntityLink]:
        """Candidates for one mention, best first (cached per surface form; ``clear_cache`` after an ingest)."""
        self._fresh()
        cache_key = (mention.text, mention.kind, mention.role, mention.holder, k)
        cached = self._links.get(cache_key)
        if cached is None:
            if len(self._links) >= _LINK_CACHE_SIZE:
                self._links.clear()
            cached = self._links[cache_key] = tuple(self._link(mention, k))
        return [replace(x, mention=mention) for x in cached]

    def _link(self, mention: Mention, k: int) -> list[EntityLink]:
        forms = variants(mention)
        keys = [f.replace(" ", "_") for f in forms]
        rows = {r["key"]: r for r in self.store.run(q.ENTITIES_BY_KEY, {"keys": keys})}
        if rows:
            # An exact key ("Citizen (India)" -> Citizen_(India)) settles it: variants in the order tried.
            hits = [rows[key] for key in dict.fromkeys(keys) if key in rows]
            return [
                EntityLink(mention, r["key"], r["name"] or r["key"], EXACT_SCORE - 0.01 * i)
                for i, r in enumerate(hits[: max(0, k)])
            ]
        wanted = {normalise_name(f) for f in forms}
        found: dict[str, _Candidate] = {}
        queries = [x for x in dict.fromkeys(lucene_query(f) for f in forms) if x]
        for query in queries:
            for row in self.store.run(q.ENTITY_FULLTEXT, {"query": query, "limit": self.fulltext_limit}):
                name = row["name"] or row["key"]
                aliases = tuple(row["aliases"])
                exact = normalise_name(name) in wanted or any(normalise_name(a) in wanted for a in aliases)
                prev = found.get(row["key"])
                score = max(float(row["score"]), prev.fulltext if prev else 0.0)
                exact = exact or (prev is not None and prev.exact)
                found[row["key"]] = _Candidate(row["key"], name, aliases, score, exact)
        cands = [
            c
            for c in found.values()
            if not sector_of_named_country(mention, c.name) and not named_after_country(mention, c.name)
        ]
        if not cands:
            return []
        cosine = self._cosines(_expand_demonyms(mention.text), cands)
        best_ft = max((c.fulltext for c in cands), default=0.0) or 1.0
        links = []
        for c, cos in zip(cands, cosine, strict=True):
            score = 2.0 + cos if c.exact else 0.5 * c.fulltext / best_ft + 0.5 * cos
            links.append(EntityLink(mention=mention, key=c.key, name=c.name, score=float(score)))
        links.sort(key=lambda x: (-x.score, x.key))
        return links[: max(0, k)]

    def _cosines(self, text: str, cands: Sequence[_Candidate]) -> list[float]:
        """Cosine of ``text`` with each candidate's best form (name or alias); name vectors are cached."""
        forms: list[list[str]] = [[c.name, *c.aliases[:5]] for c in cands]
        missing = [f for fs in forms for f in fs if f not in self._name_vectors]
        if missing:
            uniq = list(dict.fromkeys(missing))
            for f, v in zip(uniq, self.embedder.encode(uniq), strict=True):
                self._name_vectors[f] = np.asarray(v, dtype=np.float32)
        qv = np.asarray(self.embedder.encode([text])[0], dtype=np.float32)
        return [max(float(self._name_vectors[f] @ qv) for f in fs) for fs in forms]


def sector_of_named_country(mention: Mention, name: str) -> bool:
    """Whether ``name`` is a sector of the country a NAME mention names by itself ("Military (Philippines)" for "the
    Philippines"): another actor, so never the country's link; where the store lacks the country, the mention stays
    unlinked instead of answering for its army."""
    if mention.kind is not MentionKind.NAME:
        return False
    text = re.sub(r"^the\s+", "", mention.text.strip(), flags=re.IGNORECASE)
    country = country_named(text)
    if country is None:
        return False
    label = " ".join(name.replace("_", " ").split())
    return label.lower() != country.lower() and label.lower().endswith(f"({country.lower()})")


_ORGANISATION_WORDS = words(
    "army armed forces military navy air force police airways airlines air television network broadcasting radio news "
    "agency senate parliament assembly congress council court bank railways authority ministry government party "
    "union federation league association company corporation"
)


def named_after_country(mention: Mention, name: str) -> bool:
    """Whether ``name`` is an organisation named after the country a NAME mention names by itself ("Kenya Army",
    "Kenya Airways", "United States Senate" for "Kenya", "the United States"): icews14 holds those but not the
    countries themselves, and the country's question is not theirs."""
    if mention.kind is not MentionKind.NAME:
        return False
    country = country_named(re.sub(r"^the\s+", "", mention.text.strip(), flags=re.IGNORECASE))
    if country is None:
        return False
    label = " ".join(name.replace("_", " ").split()).lower()
    rest = label.removeprefix(f"{country.lower()} ")
    if rest != label and any(w in _ORGANISATION_WORDS for w in rest.split()):
        return True
    # "United Russia", "Our Ukraine", "Northern Ireland", "South Sudan" for "Russia", "Ukraine", "Ireland", "Sudan": a
    # party, region or other country whose name ends in the country's (the mtq store lacks Russia and Ukraine: their
    # questions went to those parties); "(Democratic) Republic of Congo" may still be "Congo"
    head = label.removesuffix(f" {country.lower()}")
    return head != label and not _REPUBLIC_OF.fullmatch(head) and country_named(name) != country


_REPUBLIC_OF = re.compile(
    r"(?:the\s+)?(?:democratic\s+|people['’]?s\s+|islamic\s+|federal\s+)*republic\s+of(?:\s+the)?"
)


def _expand_demonyms(text: str) -> str:
    """ "the Danish Ministry of Defence" -> "Ministry of Defence (Denmark)": closer to how ICEWS writes actors."""
    words = text.split()
    if words and words[0].lower() == "the":
        words = words[1:]
    if len(words) >= 2 and words[0].lower() in DEMONYMS:
        return f"{' '.join(words[1:])} ({DEMONYMS[words[0].lower()]})"
    return " ".join(words)
