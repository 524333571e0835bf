"""Match a relation phrase from a question to the closest graph relation names, by meaning and by shared words.

ICEWS names relations like ``Make_an_appeal_or_request`` or ``Arrest,_detain,_or_charge_with_legal_action``; people
say "asked", "requested a meeting", "denounced", "locked up". The score mixes

- semantic: cosine between the phrase and the humanised relation name ("make an appeal or request"), from an
  ``Embedder`` (L2-normalised vectors, so a dot product);
- lexical: Dice overlap of content-word stems ("criticized" and "Criticize_or_denounce" share "critic"; "sanctioned"
  and "sanctions" meet as prefixes), which keeps exact wording decisive when the embedding is unsure between near
  neighbours;

as ``semantic_weight * semantic + (1 - semantic_weight) * lexical``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from tkgrag.embed import Embedder, encode_vocabulary
from tkgrag.errors import TkgragError
from tkgrag.question.lexicon import words

_STOP = words(
    "a an the of to in on at by for with or and as from into about against such than that this its their "
    "his her be is are was were been being did do does done who whom what which when where why how else"
)
_IRREGULAR = {
    "made": "make",
    "met": "meet",
    "gave": "give",
    "given": "give",
    "took": "take",
    "taken": "take",
    "sought": "seek",
    "held": "hold",
    "spoke": "speak",
    "spoken": "speak",
    "brought": "bring",
    "threw": "throw",
    "fought": "fight",
    "sent": "send",
    "told": "tell",
    "said": "say",
    "went": "go",
    "came": "come",
    "began": "begin",
    "led": "lead",
    "lost": "lose",
    "won": "win",
    "sold": "sell",
    "bought": "buy",
    "left": "leave",
    "kept": "keep",
    "paid": "pay",
    "shot": "shoot",
    "struck": "strike",
    "withdrew": "withdraw",
    "withdrawn": "withdraw",
    "forgave": "forgive",
}
_SUFFIXES = (
    "izations",
    "ization",
    "ations",
    "ation",
    "itions",
    "ition",
    "ments",
    "ment",
    "isms",
    "ism",
    "ions",
    "ion",
    "ings",
    "ing",
    "ized",
    "izes",
    "ize",
    "ised",
    "ises",
    "ise",
    "ies",
    "ied",
    "ed",
    "es",
    "s",
)


class RelationMatchError(TkgragError, ValueError):
    """A ``RelationMatcher`` built without relations, or asked about an empty phrase."""


def humanise(relation: str) -> str:
    """ "Arrest,_detain,_or_charge_with_legal_action" -> "arrest, detain, or charge with legal action"."""
    return " ".join(relation.replace("_", " ").split()).lower()


def stem(word: str) -> str:
    """A light suffix stripper: enough to make "criticized", "criticize", "criticism" and "critic" meet."""
    w = word.lower().strip("'’")
    w = _IRREGULAR.get(w, w)
    for suffix in _SUFFIXES:
        if w.endswith(suffix) and len(w) - len(suffix) >= 3:
            w = w[: -len(suffix)]
            break
    if w.endswith("e") and len(w) > 3:
        w = w[:-1]
    if len(w) > 3 and w[-1] == w[-2] and w[-1] not in "aeiouls":
        w = w[:-1]  # "stopp" -> "stop"
    return w


def content_stems(text: str) -> frozenset[str]:
    return frozenset(stem(w) for w in re.findall(r"[^\W\d_]+", text.lower()) if w not in _STOP)


def _stems_meet(a: str, b: str) -> bool:
    """Equal, or one a prefix of the other of at least 5 letters ("sanction"/"sanct", "negotiat"/"negoti")."""
    if a == b:
        return True
    short, long_ = (a, b) if len(a) <= len(b) else (b, a)
    return len(short) >= 5 and long_.startswith(short)


def dice(a: frozenset[str], b: frozenset[str]) -> float:
    """Dice overlap of two stem sets, where stems meet when equal or prefix-related (``_stems_meet``)."""
    if not a or not b:
        return 0.0
    hits_a = sum(any(_stems_meet(x, y) for y in b) for x in a)
    hits_b = sum(any(_stems_meet(y, x) for x in a) for y in b)
    return (hits_a + hits_b) / (len(a) + len(b))


@dataclass(frozen=True)
class RelationMatch:
    relation: str  # the graph's name, as given
    score: float
    semantic: float
    lexical: float


class RelationMatcher:
    """Ranks a fixed list of graph relation names against phrases. Embeds the names once, at construction."""

    def __init__(self, relations: Sequence[str], embedder: Embedder, *, semantic_weight: float = 0.7) -> None:
        names = list(dict.fromkeys(r for r in relations if r and r.strip()))
        if not names:
            raise RelationMatchError("RelationMatcher needs at least one relation name (got an empty list)")
        if not 0.0 <= semantic_weight <= 1.0:
            raise RelationMatchError(f"semantic_weight must be within [0, 1], got {semantic_weight}")
        self.relations = names
        self.semantic_weight = semantic_weight
        self._embedder = embedder
        self._texts = [humanise(r) for r in names]
        self._stems = [content_stems(t) for t in self._texts]
        # Read from disk when another process embedded the same names (cold start of every client process).
        self._vectors = np.asarray(encode_vocabulary(embedder, self._texts), dtype=np.float32)

    def match(self, phrase: str, k: int = 5) -> list[RelationMatch]:
        """The ``k`` best relations for ``phrase``, best first."""
        if not phrase or not phrase.strip():
            raise RelationMatchError("cannot match an empty relation phrase; pass e.g. 'criticized'")
        q = np.asarray(self._embedder.encode([humanise(phrase)]), dtype=np.float32)[0]
        semantic = self._vectors @ q
        stems = content_stems(phrase)
        lexical = np.array([dice(stems, s) for s in self._stems], dtype=np.float32)
        w = self.semantic_weight
        score = w * semantic + (1.0 - w) * lexical
        order = np.argsort(-score, kind="stable")[: max(0, k)]
        return [RelationMatch(self.relations[i], float(score[i]), float(semantic[i]), float(lexical[i])) for i in order]

    def best(self, phrase: str) -> RelationMatch:
        return self.match(phrase, k=1)[0]
