"""When does a predicted answer equal a gold answer? One set of rules, used by every metric.

Names (entities, labels, free-text answers) match after :func:`normalize_name`:

* Unicode NFC, then case-folded ("Iran" == "IRAN", a decomposed "Côte" == a composed "Côte");
* underscores and any whitespace run, the non-breaking space included, count as one space
  ("Citizen (India)" == "Citizen_(India)"; MultiTQ's "Xinjiang\\xa0Uyghur" == "Xinjiang Uyghur"). The names themselves
  keep their characters: only the comparison key is normalised;
* whitespace next to punctuation is ignored, because TimeQA and MenatQA store tokenised spans
  ("Newton D . Baker" == "Newton D. Baker", "Member of Parliament ( MP )" == "Member of Parliament (MP)").

Dates match as :class:`~tkgrag.temporal.TimeSpan` values at the gold answer's granularity and only at it: "2014-05"
matches gold "2014-05"; a day "2014-05-13" does NOT match a gold month "2014-05" (the question asked for the month, and
a day is a different, more specific claim); a month "2014-05" does NOT match a gold day "2014-05-13". Wikidata
timestamps ("2014-05-13T00:00:00Z") parse like their date.

Numbers (TimeQuestions "Value" answers) match when both sides parse as the same number ("103.2" == "103.20").

A prediction is correct when it matches ANY form of ANY gold answer (:class:`~tkgrag.eval.types.GoldAnswer` carries
the alternatives, e.g. a Wikidata QID and its labels, or MuSiQue's answer aliases).
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from tkgrag.eval.types import GoldAnswer
from tkgrag.sources.normalize import normalize_name, parse_time

_NUMBER = re.compile(r"^\s*[+-]?(?:\d+(?:\.\d*)?|\.\d+)(?:[eE][+-]?\d+)?\s*$")


@lru_cache(maxsize=65536)
def _parse_number(text: str) -> float | None:
    if not _NUMBER.match(text):
        return None
    return float(text)


def same_answer(predicted: str, gold: str) -> bool:
    """One predicted string against one gold string, by the rules in the module docstring."""
    gold_time = parse_time(gold)
    if gold_time is not None:
        pred_time = parse_time(predicted)
        if pred_time is not None:
            return pred_time == gold_time  # start, end AND granularity must agree
    gold_num, pred_num = _parse_number(gold), _parse_number(predicted)
    if gold_num is not None and pred_num is not None and gold_time is None:
        return gold_num == pred_num
    return normalize_name(predicted) == normalize_name(gold)


def matches_gold(predicted: str, gold: GoldAnswer) -> bool:
    """True when ``predicted`` equals any form of ``gold`` (its text or one of its aliases)."""
    return any(same_answer(predicted, form) for form in gold.forms)


def is_correct(predicted: str, golds: Iterable[GoldAnswer]) -> bool:
    """True when ``predicted`` equals any gold answer (a question with several gold answers accepts each)."""
    return any(matches_gold(predicted, g) for g in golds)


def time_covers(event_time: str, gold: str) -> bool:
    """Whether an event dated ``event_time`` states the gold time answer: the event's span widened to the gold's
    granularity equals the gold span (an event on 2014-05-13 states the month 2014-05, but a month-dated event does not
    state the day 2014-05-13). Used for answer recall over retrieved events, not for judging answers."""
    g, e = parse_time(gold), parse_time(event_time)
    if g is None or e is None or e.granularity.rank > g.granularity.rank:
        return False
    return e.at(g.granularity) == g


def text_contains_answer(text: str, gold: GoldAnswer) -> bool:
    """Whether a passage states a gold answer: some form of it occurs in the passage as whole words, both sides
    normalised by :func:`normalize_name` ("Iran" is found in "... visited Iran ." but not in "Iranian")."""
    hay = normalize_name(text)
    for form in gold.forms:
        needle = normalize_name(form)
        if needle and re.search(rf"(?<!\w){re.escape(needle)}(?!\w)", hay):
            return True
    return False


_ARTICLES = re.compile(r"\b(?:a|an|the)\b")


def answer_tokens(text: str) -> list[str]:
    """SQuAD's answer normalisation: lower case, punctuation and the articles a/an/the removed, split on
    whitespace ("Newton D . Baker" -> ["newton", "d", "baker"])."""
    s = "".join(ch if not unicodedata.category(ch).startswith("P") else " " for ch in text.lower())
    return _ARTICLES.sub(" ", s).split()


def exact_match(predicted: str, gold: str) -> bool:
    """SQuAD exact match: the normalised token sequences are equal."""
    return answer_tokens(predicted) == answer_tokens(gold)


def token_f1(predicted: str, gold: str) -> float:
    """SQuAD token F1: harmonic mean of token precision and recall (shared tokens counted with multiplicity)."""
    p, g = answer_tokens(predicted), answer_tokens(gold)
    if not p or not g:
        return float(p == g)
    common = sum(min(p.count(t), g.count(t)) for t in set(p))
    if common == 0:
        return 0.0
    precision, recall = common / len(p), common / len(g)
    return 2 * precision * recall / (precision + recall)
