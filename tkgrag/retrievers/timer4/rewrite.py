"""TimeR4's rewrite step (Sec. 4.3): the question with its implicit temporal expressions made explicit, and what the
rerank needs from it (its constraints and ordinal).

Symbolic (default): the question's understanding (made once by the caller: ``tkgrag.question.understanding``) has
each implicit anchor resolved to its event in the graph and the anchor's time put in its place; this module reads
it. LLM (``llm_rewrite``, with an endpoint): the paper's in-context prompt (Appendix A, Fig. 5) over the FKS facts.
Both are reported side by side in the result's notes.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tkgrag.llm.client import ChatClient, ChatMessage, ChatRequest, LLMError
from tkgrag.model import Evidence, Order, TemporalConstraint
from tkgrag.question.constraints import explicit_constraints
from tkgrag.question.grounded import GroundedQuestion
from tkgrag.question.model import TemporalQuestion
from tkgrag.retrievers.timer4.time_score import TimeTarget

# Appendix A, Fig. 5, as printed (the facts are (s, r, o, t) quadruples in square brackets, one per line).
REWRITE_PROMPT = (
    "Replace the temporal fact in questions with explicit timestamps from the provided facts or your knowledge "
    "without any explanation. If you are not sure about the answer, return the original questions.\n\n"
    'For instance, from the fact: "[Juan Carlos I, Praise or endorse, Vietnam, 2006-02-22]", We can modify the '
    'question: "After Vietnam, who was the first to praise Juan Carlos I?" to "After 2006-02-22, who was the first '
    'to praise Juan Carlos I?"\n\n'
    "Here is your turn: Facts: {facts} Question: {question}"
)


@dataclass(frozen=True)
class Rewritten:
    """The question the TKS is searched with, the time target the rerank scores against, and how it was made."""

    text: str
    target: TimeTarget
    how: str  # "symbolic", "symbolic: no implicit anchor", "llm", "none"
    anchors: tuple[Evidence, ...] = ()  # the anchor events the rewrite took its times from
    grounding: GroundedQuestion | None = None


def _ordinal(tq: TemporalQuestion | None) -> Order | None:
    if tq is None or tq.ordinal is None:
        return None
    return Order.LAST if tq.ordinal.from_end else Order.FIRST


def _merge(
    given: Sequence[TemporalConstraint], derived: Sequence[TemporalConstraint]
) -> tuple[TemporalConstraint, ...]:
    """Derived constraints first (the anchor's), then the caller's that are not already among them."""
    out = list(derived)
    out.extend(c for c in given if c not in out)
    return tuple(out)


def no_rewrite(text: str, tq: TemporalQuestion | None, given: Sequence[TemporalConstraint]) -> Rewritten:
    """The ablation "w/o rewrite": the question as asked, with only its explicit times as constraints."""
    explicit = explicit_constraints(tq) if tq is not None else ()
    return Rewritten(text, TimeTarget(_merge(given, explicit), _ordinal(tq)), "none")


def symbolic_rewrite(
    text: str, tq: TemporalQuestion | None, g: GroundedQuestion | None, given: Sequence[TemporalConstraint]
) -> Rewritten:
    """The rewrite the grounding made (``g``: None when the question was not grounded, then no rewrite)."""
    if g is None:
        rw = no_rewrite(text, tq, given)
        return Rewritten(rw.text, rw.target, "symbolic: question not grounded")
    anchors = tuple(ga.event for ga in g.anchors if ga.event is not None)
    how = (
        "symbolic"
        if g.rewritten
        else ("symbolic: no implicit anchor" if not g.anchors else "symbolic: anchor unresolved")
    )
    target = TimeTarget(_merge(given, g.plan().constraints), _ordinal(g.question))
    return Rewritten(g.rewritten or text, target, how, anchors, g)


def fact_line(e: Evidence) -> str:
    """A fact as the paper's prompt writes it: ``[subject, relation, object, time]``."""
    rel = (e.relation or "").replace("_", " ")
    return f"[{e.subject_name or e.subject}, {rel}, {e.object_name or e.object}, {e.span.label()}]"


def llm_rewrite(client: ChatClient, question: str, facts: Sequence[Evidence]) -> tuple[str | None, str | None]:
    """(rewritten question, error): the paper's prompt over the FKS facts; None and the error when the call fails."""
    prompt = REWRITE_PROMPT.format(facts="\n".join(fact_line(f) for f in facts), question=question)
    try:
        response = client.complete(ChatRequest((ChatMessage("user", prompt),), temperature=0.0, max_tokens=120))
    except LLMError as exc:
        return None, str(exc)
    text = response.text.strip().strip('"').strip()
    return (text or None), None
