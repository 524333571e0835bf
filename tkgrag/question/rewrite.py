"""TimeR4's rewrite step (Sec. 4.3) without an LLM: replace an implicit anchor with the explicit time found for it.

"After Okada Katsuya, who wished to visit Cambodia first?" with the anchor event on 2006-02-22 becomes
"After 2006-02-22, who wished to visit Cambodia first?". Finding the anchor's time needs the graph (the lead's
``Linker`` + store); this module only rewrites, given that time, and the result parses back as an explicit question.

Times are written the way ICEWS/MultiTQ write them (ISO: ``2006-02-22``, ``2005-01``, ``2014``) and the relation as
a plain preposition: before/after keep their sense ("before" an interval means before its start, "after" after its
end; "since" and "until" count from its start); "during"/"when" becomes "in"/"on" the period, or "between A and B"
for an interval; "in the same month as X" becomes "in <month of X's time>" (``Anchor.granularity``). A succession
verb ("who succeeded X") is the question's own verb, so it stays and the explicit time follows its object.
"""

from __future__ import annotations

from datetime import date

from tkgrag.question.constraints import shifted, week_of
from tkgrag.question.model import AnchorRelation, TemporalQuestion
from tkgrag.question.parse import QuestionError, understand
from tkgrag.temporal import Granularity, TimeSpan


def _label(d: date, granularity: Granularity) -> str:
    return TimeSpan(d, d, Granularity.DAY).at(granularity).label()


def _point_phrase(span: TimeSpan) -> str:
    """ "on 2014-05-03" / "in 2014-05" / "in 2014" for one period; "between A and B" for longer spans."""
    if span.start is None:
        assert span.end is not None
        return f"until {_label(span.end, span.granularity)}"
    if span.end is None:
        return f"since {_label(span.start, span.granularity)}"
    a, b = _label(span.start, span.granularity), _label(span.end, span.granularity)
    if a == b:
        return f"{'on' if span.granularity is Granularity.DAY else 'in'} {a}"
    return f"between {a} and {b}"


# word, and which edge of the anchor's span it is measured from: "before/until/since X" from X's start, "after X"
# from its end ("after his presidency" = after it ended).
_EDGES = {
    AnchorRelation.BEFORE: ("before", "start"),
    AnchorRelation.FINISH: ("until", "start"),
    AnchorRelation.START: ("since", "start"),
    AnchorRelation.AFTER: ("after", "end"),
}


def explicit_phrase(relation: AnchorRelation, span: TimeSpan) -> str:
    """The explicit temporal phrase that replaces an anchor with this relation and time."""
    if span.start is None and span.end is None:
        raise QuestionError("an anchor time needs at least one known end")
    shift = relation.shift
    if shift is not None:  # "the day after X" -> "on <the day after X's day>"
        moved = shifted(span, *shift)
        if moved is None:
            raise QuestionError("an anchor time needs a known end to move from")
        return _point_phrase(moved)
    if relation in _EDGES:
        word, edge_name = _EDGES[relation]
        edge = span.start if edge_name == "start" else span.end
        edge = edge if edge is not None else (span.end if edge_name == "start" else span.start)
        assert edge is not None
        return f"{word} {_label(edge, span.granularity)}"
    if relation is AnchorRelation.SAME_WEEK and (week := week_of(span)) is not None:
        return _point_phrase(week)  # "the same week as" an event on 2015-01-21 -> between 2015-01-19 and 2015-01-25
    gran = relation.granularity
    if gran is not None and span.granularity.rank <= gran.rank:
        widened = span.at(gran)  # "same month as" an event on 2014-05-13 -> in 2014-05
        if ".." not in widened.label():
            return _point_phrase(widened)
    return _point_phrase(span)


def rewrite(question: str | TemporalQuestion, anchor_span: TimeSpan, *, anchor: int = 0) -> str:
    """``question`` with its ``anchor``-th implicit anchor replaced by ``anchor_span`` (pure; no graph access).

    Raises ``QuestionError`` when the question has no such anchor."""
    tq = understand(question) if isinstance(question, str) else question
    if not tq.anchors:
        raise QuestionError(f"no implicit temporal anchor to rewrite in {tq.text!r}")
    if not 0 <= anchor < len(tq.anchors):
        raise QuestionError(f"anchor index {anchor} out of range: {tq.text!r} has {len(tq.anchors)} anchor(s)")
    a = tq.anchors[anchor]
    phrase = explicit_phrase(a.relation, anchor_span)
    if a.succession:
        # The trigger is the question's verb ("Who succeeded Hu Yaobang as ..."): keep it and its object, and add
        # the explicit time after them ("Who succeeded Hu Yaobang after 1987-01-16 as ...").
        return f"{tq.text[: a.end]} {phrase}{tq.text[a.end :]}"
    if tq.text[a.trigger_start : a.trigger_start + 1].isupper():
        phrase = phrase[:1].upper() + phrase[1:]
    end = max(a.end, a.trigger_start + len(a.trigger))
    return tq.text[: a.trigger_start] + phrase + tq.text[end:]
