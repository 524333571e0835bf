"""Question understanding for temporal questions, without an LLM.

``understand(text) -> TemporalQuestion`` (pure): EXAQT's temporal signals and categories, explicit times as
``TimeSpan``s, implicit anchors, ordinals, the expected answer type, MRAG's main content / temporal constraint, and
candidate entity mentions. ``rewrite(question, anchor_span)`` makes an implicit question explicit (TimeR4).
``RelationMatcher`` matches a phrase to graph relation names; ``Linker`` is the store-backed linking role.
"""

from tkgrag.question.linking import EntityLink, Linker
from tkgrag.question.model import (
    Anchor,
    AnchorKind,
    AnchorRelation,
    AnswerKind,
    AnswerType,
    Boundary,
    Category,
    Mention,
    MentionKind,
    Ordinal,
    Signal,
    TemporalQuestion,
    TimeExpression,
)
from tkgrag.question.parse import QuestionError, understand
from tkgrag.question.relations import RelationMatch, RelationMatcher, RelationMatchError
from tkgrag.question.rewrite import explicit_phrase, rewrite
from tkgrag.question.time_expressions import TimeExpressionError, find_time_expressions, parse_time

__all__ = [
    "Anchor",
    "AnchorKind",
    "AnchorRelation",
    "AnswerKind",
    "AnswerType",
    "Boundary",
    "Category",
    "EntityLink",
    "Linker",
    "Mention",
    "MentionKind",
    "Ordinal",
    "QuestionError",
    "RelationMatch",
    "RelationMatchError",
    "RelationMatcher",
    "Signal",
    "TemporalQuestion",
    "TimeExpression",
    "TimeExpressionError",
    "explicit_phrase",
    "find_time_expressions",
    "parse_time",
    "rewrite",
    "understand",
]
