"""Dictionary NERD for EXAQT (pure): spot entity names in a question typed in lower case, possibly misspelt.

EXAQT links question entities with TagMe and ELQ (Sec. 3.1), both of which spot n-grams of the question against a
dictionary of entity surface forms. TimeQuestions' questions defeat a linker that goes by capitals ("what time is
justin biebers birthday", "jamie foxxs first movie", "who won the first gold medal in the olypimcs"); this spotter
does what TagMe does with the graph's own names and aliases as the dictionary:

* every n-gram of the question (up to ``MAX_TOKENS`` tokens) is looked up by its *normal form*: accents dropped,
  case folded, punctuation and a possessive "'s" removed, a leading "the" dropped;
* a question token may also stand for its singular or plural ("biebers" -> "bieber") and, when the dictionary does
  not hold it, for a dictionary token one edit away (a typo "olympcs" -> "olympics"): the symmetric-delete index of
  SymSpell, for tokens of ``FUZZY_MIN_LEN``+ letters;
* a name with a parenthesised qualifier ("Japan (band)") is also found by the part before the parenthesis;
* a well-connected entity (``ACRONYM_MIN_DEGREE``+ facts) with a name of several words is also found by its
  initials ("usa", "nba") and, for "X of Y" names, the initials of X ("us" for "United States of America");
* spots inside a longer spot are dropped (TagMe's overlap pruning keeps the longest anchor), and spans made of
  question or function words only are never spots.

Each spot's *similarity* is 1.0 for an exact form, less ``PLURAL_COST`` / ``FUZZY_COST`` per plural / fuzzy token,
``BARE_COST`` for a form stripped of its qualifier and ``ACRONYM_COST`` for an acronym; among entities sharing a form
the one with more facts comes first (TagMe's commonness, which the graph can only give as degree).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from tkgrag.question.lexicon import words

MAX_TOKENS = 8
FUZZY_MIN_LEN = 5
FUZZY_COST = 0.1
PLURAL_COST = 0.05
BARE_COST = 0.15
ACRONYM_COST = 0.2
ACRONYM_MIN_DEGREE = 5  # only entities with this many facts get acronyms ("usa"): a commonness prior
_ACRONYM_SKIP = frozenset({"of", "the", "and", "for", "in", "on", "de"})

# Words that never make a spot on their own (question words, auxiliaries, function words, temporal words).
STOP_TOKENS = words(
    """
    a an the of for and or in on at to by with from as is are was were be been being am do does did done has have had
    what which who whom whose when where why how that this these those it its he she they them his her their there
    than then not no yes s t first last second third fourth fifth latest earliest next previous before after during
    since until while between year years date time day month name named called one two three many much old new
    get got become became go went come came take took make made give gave held hold holds won win play played
    """
)
_PARENS = re.compile(r"\s*\([^()]*\)\s*$")
_POSSESSIVE = re.compile(r"(?<=\w)['’]s?\b")
_TOKEN = re.compile(r"[^\W_]+")


def fold(text: str) -> str:
    """Accents dropped and case folded ("Vysočina" -> "vysocina")."""
    decomposed = unicodedata.normalize("NFKD", text)
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).casefold()


def tokens(text: str) -> list[str]:
    """The normal form's tokens: folded, possessives removed, split at anything not a letter or digit."""
    return _TOKEN.findall(_POSSESSIVE.sub("", fold(text)))


def normal_form(text: str) -> str:
    """The dictionary key of a surface form; a leading "the" is dropped ("The Beatles" == "beatles")."""
    toks = tokens(text)
    if len(toks) > 1 and toks[0] == "the":
        toks = toks[1:]
    return " ".join(toks)


def acronyms(name: str) -> list[str]:
    """Initials of a name of 2+ words, without "of"/"the"/...: "United States of America" -> ["usa", "us"] (the
    second: the part before "of"); a name with a parenthesised qualifier or digits has none."""
    if "(" in name or any(ch.isdigit() for ch in name):
        return []
    words = tokens(name)
    content = [w for w in words if w not in _ACRONYM_SKIP]
    out = []
    if len(content) >= 2:
        out.append("".join(w[0] for w in content))
    if "of" in words:
        head = [w for w in words[: words.index("of")] if w not in _ACRONYM_SKIP]
        if len(head) >= 2:
            out.append("".join(w[0] for w in head))
    return list(dict.fromkeys(out))


def deletes(token: str) -> set[str]:
    """The token and every string one deletion away (SymSpell's index keys, edit distance 1)."""
    return {token} | {token[:i] + token[i + 1 :] for i in range(len(token))}


@dataclass(frozen=True)
class LexiconEntry:
    """An entity as the dictionary knows it: key, display name, surface forms and number of facts."""

    key: str
    name: str
    forms: tuple[str, ...]
    degree: int = 0


@dataclass(frozen=True)
class Spot:
    """A question span (token offsets, end exclusive) that names ``key`` with ``similarity`` in (0, 1]."""

    start: int
    end: int
    text: str
    key: str
    name: str
    similarity: float
    degree: int = 0

    @property
    def length(self) -> int:
        return self.end - self.start


@dataclass
class EntityLexicon:
    """Normal form -> entities, and the token index for fuzzy lookups. Build with :meth:`of`."""

    forms: dict[str, list[tuple[int, float]]] = field(default_factory=dict)  # form -> [(entry index, cost)]
    entries: list[LexiconEntry] = field(default_factory=list)
    vocabulary: set[str] = field(default_factory=set)
    _deleted: dict[str, set[str]] = field(default_factory=dict)  # delete-key -> vocabulary tokens
    max_tokens: int = 1

    @classmethod
    def of(cls, entries: Iterable[LexiconEntry]) -> EntityLexicon:
        lex = cls()
        for entry in entries:
            idx = len(lex.entries)
            lex.entries.append(entry)
            for surface in dict.fromkeys((entry.name, *entry.forms)):
                lex._add(surface, idx, 0.0)
                bare = _PARENS.sub("", surface)
                if bare and bare != surface:
                    lex._add(bare, idx, BARE_COST)
            if entry.degree >= ACRONYM_MIN_DEGREE:
                for short in acronyms(entry.name):
                    lex._add(short, idx, ACRONYM_COST, acronym=True)
        for tok in lex.vocabulary:
            if len(tok) >= FUZZY_MIN_LEN and not tok.isdigit():
                for d in deletes(tok):
                    lex._deleted.setdefault(d, set()).add(tok)
        return lex

    def _add(self, surface: str, idx: int, cost: float, *, acronym: bool = False) -> None:
        form = normal_form(surface)
        if not form:
            return
        toks = form.split()
        if not acronym and all(t in STOP_TOKENS or t.isdigit() for t in toks):
            return
        bucket = self.forms.setdefault(form, [])
        prev = next((i for i, (j, _) in enumerate(bucket) if j == idx), None)
        if prev is None:
            bucket.append((idx, cost))
        elif cost < bucket[prev][1]:
            bucket[prev] = (idx, cost)
        self.vocabulary.update(toks)
        self.max_tokens = max(self.max_tokens, len(toks))

    def alternatives(self, token: str) -> list[tuple[str, float]]:
        """Dictionary tokens a question token may stand for, with their cost: itself (0), its plural or singular
        (``PLURAL_COST``), and, for a token the dictionary does not hold, tokens one edit away (``FUZZY_COST``)."""
        if token.isdigit():
            return [(token, 0.0)]
        singular = token[:-1] if token.endswith("s") else ""
        number = [(t, PLURAL_COST) for t in (token + "s", singular) if t and t in self.vocabulary]
        if token in self.vocabulary or len(token) < FUZZY_MIN_LEN:
            return [(token, 0.0), *number]
        near: set[str] = set()
        for d in deletes(token):
            near |= self._deleted.get(d, set())
        fuzzy = [(t, FUZZY_COST) for t in sorted(near) if _within_one_edit(token, t) and t not in dict(number)]
        return [(token, 0.0), *number, *fuzzy]

    def spot(self, question: str, per_span: int = 3) -> list[Spot]:
        """Entity spots of ``question``: the longest first, none inside a longer one, at most ``per_span``
        entities per span (best by similarity, then by degree)."""
        toks = tokens(question)
        alts = [self.alternatives(t) for t in toks]
        found: list[Spot] = []
        limit = min(MAX_TOKENS, self.max_tokens)
        for i in range(len(toks)):
            for j in range(i + 1, min(len(toks), i + limit) + 1):
                span = toks[i:j]
                if all(t in STOP_TOKENS or t.isdigit() for t in span):
                    continue
                if span[0] == "the" and j - i > 1:
                    continue
                found.extend(self._lookup(i, j, " ".join(span), alts[i:j], per_span))
        return prune(found)

    def _lookup(self, i: int, j: int, text: str, alts: Sequence[list[tuple[str, float]]], per_span: int) -> list[Spot]:
        best: dict[int, float] = {}
        for form, cost in _combinations(alts):
            for idx, form_cost in self.forms.get(form, ()):
                sim = 1.0 - cost - form_cost
                if sim > best.get(idx, 0.0):
                    best[idx] = sim
        ranked = sorted(best.items(), key=lambda p: (-p[1], -self.entries[p[0]].degree, self.entries[p[0]].key))
        return [
            Spot(i, j, text, self.entries[idx].key, self.entries[idx].name, round(sim, 6), self.entries[idx].degree)
            for idx, sim in ranked[:per_span]
        ]


def _combinations(alts: Sequence[list[tuple[str, float]]], budget: int = 2) -> list[tuple[str, float]]:
    """Token sequences from the alternatives with at most ``budget`` fuzzy tokens, as (form, total cost)."""
    out: list[tuple[list[str], float, int]] = [([], 0.0, 0)]
    for options in alts:
        nxt = []
        for seq, cost, fuzzy in out:
            for tok, c in options:
                n = fuzzy + (1 if c > 0 else 0)
                if n <= budget:
                    nxt.append(([*seq, tok], cost + c, n))
        out = nxt
    return [(" ".join(w), c) for w, c, _ in out]


def _within_one_edit(a: str, b: str) -> bool:
    """Levenshtein distance <= 1, or one transposition of neighbours (Damerau)."""
    if a == b:
        return True
    la, lb = len(a), len(b)
    if abs(la - lb) > 1:
        return False
    if la == lb:
        diff = [k for k in range(la) if a[k] != b[k]]
        if len(diff) == 1:
            return True
        return len(diff) == 2 and diff[1] == diff[0] + 1 and a[diff[0]] == b[diff[1]] and a[diff[1]] == b[diff[0]]
    if la > lb:
        a, b = b, a
    # b is one longer: deleting one character of b gives a
    return any(b[:k] + b[k + 1 :] == a for k in range(len(b)))


def prune(spots: Iterable[Spot]) -> list[Spot]:
    """Spots not strictly inside a longer spot's span, longest (then best, then earliest) first."""
    spots = list(spots)
    spans = {(s.start, s.end) for s in spots}
    kept = [s for s in spots if not any(a <= s.start and s.end <= b and (b - a) > s.length for a, b in spans)]
    return sorted(kept, key=lambda s: (-s.length, s.start, -s.similarity, -s.degree, s.key))


def question_tokens(lexicon: EntityLexicon, question: str) -> set[str]:
    """The question's tokens with every dictionary token they may stand for (plural, singular, one edit away)."""
    return {alt for tok in tokens(question) for alt, _ in lexicon.alternatives(tok)}


def name_overlap(name: str, question: set[str]) -> float:
    """Share of a name's content tokens that the question holds (``question_tokens``): "Dallas Cowboys" against
    "did the cowboys win" is 0.5. A name of stop words only has 0."""
    toks = [t for t in tokens(name) if t not in STOP_TOKENS]
    return sum(t in question for t in toks) / len(toks) if toks else 0.0
