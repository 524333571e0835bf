"""CAMEO's event types said as lists: "arrested, detained or charged X", "abducted, hijacked or took hostage X",
"imposed sanctions, an embargo or a boycott on X". The comma of such a list is no clause boundary, but an anchor
clause inside the question ("in the same month as lawyers in X arrested, detained or charged Y") ends at its first
comma, which left the anchor without its object and put that object in the main clause. The list's commas are said
as "or" before parsing; a comma before a question word ("..., which country or group ...") is left as written."""

from __future__ import annotations

import re

# a comma between lower-case words of one list: the word after it runs, within three words, to "or" and a word
_LIST_COMMA = re.compile(
    r"(?<=[a-z]),(?=\s+(?!(?:who|whom|whose|which|what|when|where|why|how|did|does|do|was|were|is|are|has|have|had|"
    r"and|but|then|name|list|give|tell|please|in|on|at|during|before|after|since|until|from|between)\b)"
    r"(?:an?\s+)?[a-z]+(?:\s+[a-z]+)?\s+or\s+(?:an?\s+)?[a-z])"
)
# the list's first item: a past-tense verb or a CAMEO noun ("sanctions"), so "In 2014, an embargo or ..." is not one
_FIRST_ITEM = re.compile(r"\b(?:[a-z]+ed|took|made|gave|held|sent|threw|sought|fought|struck|beat|shot|sanctions)\s*$")


def act_lists(question: str) -> str:
    """``question`` with the commas of a list of acts said as "or"; unchanged otherwise."""
    out: list[str] = []
    last = 0
    for m in _LIST_COMMA.finditer(question):
        if _FIRST_ITEM.search(question, 0, m.start()) is None:
            continue
        out.append(question[last : m.start()] + " or")
        last = m.end()
    return "".join(out) + question[last:] if out else question
