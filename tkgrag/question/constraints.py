"""Temporal constraints from what a question says: its explicit times (at their own granularity, governed by their
signal) and its anchor events once grounded, and the order ("first", "last", "nearest before") they imply. One
place, used by grounding, by the readers and by retrieval-only evaluation."""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, timedelta

from tkgrag.model import Order, TemporalConstraint, TemporalRelation
from tkgrag.question.model import Anchor, AnchorRelation, Signal, TemporalQuestion, TimeExpression
from tkgrag.temporal import Granularity, TimeSpan, period_bounds


def explicit_constraint(t: TimeExpression) -> TemporalConstraint | None:
    """An explicit time as a constraint at its own granularity; None when it is not on the calendar."""
    span = t.span
    if span is None:
        return None
    if t.signal is Signal.BEFORE:
        return TemporalConstraint(TemporalRelation.BEFORE, span)
    if t.signal is Signal.AFTER:
        return TemporalConstraint(TemporalRelation.AFTER, span)
    if t.signal is Signal.START:
        return TemporalConstraint(TemporalRelation.DURING, TimeSpan(span.start, None, span.granularity))
    if t.signal is Signal.FINISH:
        return TemporalConstraint(TemporalRelation.DURING, TimeSpan(None, span.end, span.granularity))
    return TemporalConstraint(TemporalRelation.DURING, span)


def shifted(span: TimeSpan, granularity: Granularity, n: int) -> TimeSpan | None:
    """The whole ``granularity`` period ``n`` periods from ``span``'s (from its end going forward, from its start
    going back): the day after 2014-05-13 is 2014-05-14, the month before it 2014-04. None for an open edge."""
    edge = span.end if n > 0 else span.start
    if edge is None:
        return None
    if granularity is Granularity.DAY:
        return TimeSpan.day(edge + timedelta(days=n))
    if granularity is Granularity.MONTH:
        months = edge.year * 12 + edge.month - 1 + n
        start, end, gran = period_bounds(months // 12, months % 12 + 1)
        return TimeSpan(start, end, gran)
    start, end, gran = period_bounds(edge.year + n)
    return TimeSpan(start, end, gran)


def stated_times(anchor: Anchor, times: Sequence[TimeExpression], text: str) -> list[TimeExpression]:
    """The times ``anchor``'s own clause states ("In the same month that X did Y *in March 2015*, who ..."): inside
    its text, or right after it in an anchor that opens the question and ends with that time at its comma. They say
    WHICH of the anchor's events is meant. A time after a trailing anchor ("Who visited Z after X visited Y in
    2014?") may be the main clause's: not read as the anchor's."""
    fronted = not text[: anchor.trigger_start].strip()
    out = []
    for t in times:
        inside = anchor.start <= t.start and t.end <= anchor.end
        start = t.relation_start if t.relation_start >= 0 else t.start
        closes = fronted and start >= anchor.end and not text[anchor.end : start].strip()
        closes = closes and text[t.end :].lstrip().startswith(",")
        if inside or closes:
            out.append(t)
    return out


def trailing_time(anchor: Anchor, times: Sequence[TimeExpression], text: str) -> TimeExpression | None:
    """A time that closes the question right after a trailing anchor ("When did Z next do R after X visited Y *in
    2014*?"): it may be the anchor's own or the main clause's, which ``stated_times`` leaves unsaid."""
    if not text[: anchor.trigger_start].strip() or anchor.relation not in (AnchorRelation.BEFORE, AnchorRelation.AFTER):
        return None
    for t in times:
        start = t.relation_start if t.relation_start >= 0 else t.start
        if start >= anchor.end and not text[anchor.end : start].strip() and not text[t.end :].strip(" ?.!"):
            return t
    return None


def stated_in(anchor: Anchor, times: Sequence[TimeExpression], text: str) -> list[TemporalConstraint]:
    """``stated_times`` as constraints on the anchor event (those on the calendar)."""
    return [c for t in stated_times(anchor, times, text) if (c := explicit_constraint(t)) is not None]


def several_periods(relation: AnchorRelation, spans: Iterable[TimeSpan]) -> bool:
    """Whether anchor events on ``spans`` leave the anchor's own period unsaid: a same-day/month/year anchor whose
    events fall in more than one such period, any other anchor whose events fall on more than one date."""
    gran = relation.granularity
    if relation is AnchorRelation.SAME_WEEK:  # two days of one week leave the week said
        return len({week_of(s) or s for s in spans}) > 1
    return len({s.at(gran) if gran is not None else s for s in spans}) > 1


def anchor_constraint(relation: AnchorRelation, event_key: str, span: TimeSpan) -> TemporalConstraint:
    """The constraint an anchor event puts on the question's facts."""
    shift = relation.shift
    if shift is not None:
        moved = shifted(span, *shift)
        if moved is not None:
            return TemporalConstraint(TemporalRelation.DURING, moved, event_key)
    if relation is AnchorRelation.SAME_WEEK and (week := week_of(span)) is not None:
        return TemporalConstraint(TemporalRelation.DURING, week, event_key)
    if relation is AnchorRelation.BEFORE:
        return TemporalConstraint.relative_to(TemporalRelation.BEFORE, event_key, span)
    if relation is AnchorRelation.AFTER:
        return TemporalConstraint.relative_to(TemporalRelation.AFTER, event_key, span)
    if relation is AnchorRelation.START:
        return TemporalConstraint(TemporalRelation.DURING, TimeSpan(span.start, None, span.granularity), event_key)
    if relation is AnchorRelation.FINISH:
        end = span.start if span.start is not None else span.end
        return TemporalConstraint(TemporalRelation.DURING, TimeSpan(None, end, span.granularity), event_key)
    return TemporalConstraint.relative_to(TemporalRelation.DURING, event_key, span, relation.granularity)


def week_of(span: TimeSpan) -> TimeSpan | None:
    """The calendar week, Monday to Sunday, of a day ("the same week as X"; as the question sets' writers state it:
    "that week (Monday 19 January to Sunday 25 January 2015)"); None for a span longer than a day."""
    if span.start is None or span.start != span.end:
        return None
    monday = span.start - timedelta(days=span.start.weekday())
    return TimeSpan(monday, monday + timedelta(days=6), Granularity.DAY)


def months_on(day: date, months: int) -> date:
    """The same day ``months`` calendar months on (or back), clamped to the month's last day (31 Jan + 1 = 28 Feb)."""
    index = day.year * 12 + day.month - 1 + months
    year, month = index // 12, index % 12 + 1
    return date(year, month, min(day.day, period_bounds(year, month)[1].day))


def _far_day(edge: date, days: int, months: int, direction: int) -> date:
    """The last day still inside the window: ``days`` days or ``months`` calendar months from ``edge``."""
    return months_on(edge, direction * months) if months else edge + timedelta(days=direction * days)


def within_bound(relation: AnchorRelation, days: int, span: TimeSpan, months: int = 0) -> TemporalConstraint:
    """The far end of "within N days (or N months) after/before X": after X, before the day after the window's last
    (so at most N days or months later); before X, after the day before the window's first."""
    if relation is AnchorRelation.AFTER:
        last = span.end if span.end is not None else span.start
        assert last is not None
        far = _far_day(last, days, months, 1)
        return TemporalConstraint(TemporalRelation.BEFORE, TimeSpan.day(far + timedelta(days=1)))
    first = span.start if span.start is not None else span.end
    assert first is not None
    far = _far_day(first, days, months, -1)
    return TemporalConstraint(TemporalRelation.AFTER, TimeSpan.day(far - timedelta(days=1)))


def within_window(event_key: str, span: TimeSpan, days: int, months: int = 0) -> TemporalConstraint:
    """ "within a week of X": the days from N days (or months) before X's event to N after it, inclusive."""
    first = span.start if span.start is not None else span.end
    last = span.end if span.end is not None else span.start
    assert first is not None and last is not None
    window = TimeSpan(_far_day(first, days, months, -1), _far_day(last, days, months, 1), Granularity.DAY)
    return TemporalConstraint(TemporalRelation.DURING, window, event_key)


def order_of(tq: TemporalQuestion, constraint: TemporalConstraint | None) -> tuple[Order, int]:
    """FIRST/LAST for an ordinal (with its position), NEAREST for a before/after bound, else SUPPORT."""
    o = tq.ordinal
    if o is not None:
        return (Order.LAST if o.from_end else Order.FIRST), abs(o.position)
    if constraint is not None and constraint.relation in (TemporalRelation.BEFORE, TemporalRelation.AFTER):
        return Order.NEAREST, 1
    return Order.SUPPORT, 1


def explicit_constraints(tq: TemporalQuestion) -> tuple[TemporalConstraint, ...]:
    """Every calendar time the question states, as constraints in the order stated (implicit anchors need the graph
    and are resolved by grounding). All of them must hold, except that "during" periods that share no day cannot both
    hold ("in May 2014 or in June 2015"): they are alternatives and become one period spanning them."""
    out = [c for t in tq.times if (c := explicit_constraint(t)) is not None]
    during = [c for c in out if c.relation is TemporalRelation.DURING]
    if len(during) > 1 and any(not a.span.overlaps(b.span) for i, a in enumerate(during) for b in during[i + 1 :]):
        starts, ends = [c.span.start for c in during], [c.span.end for c in during]
        hull = TimeSpan(
            None if None in starts else min(d for d in starts if d is not None),
            None if None in ends else max(d for d in ends if d is not None),
            during[0].span.granularity,
        )
        first = out.index(during[0])
        out = [c for c in out if c.relation is not TemporalRelation.DURING]
        out.insert(min(first, len(out)), TemporalConstraint(TemporalRelation.DURING, hull))
    return tuple(out)
