"""The ``extractive`` reader: an answer in words from retrieved passages and chunks, without an LLM.

The answer is a span of the retrieved text of the type the question expects (an entity, a date or a number) that the
question does not already name. Where to look, in this order of weight:

- the items in retrieval order (the item at rank r weighs ``rank_decay ** r``; only the top ``items`` are read);
- in each item, its best sentence first: MRAG's (``fields["best_sentence"]``, the sentence its semantic x temporal
  score ranked highest; paper Sec. 4), else the sentence sharing most words with the question; the item's other
  sentences weigh ``other_weight`` of it;
- in a sentence, a span near what the question names counts more: ``1 / (1 + distance / window)`` (in tokens) to
  the nearest date inside the question's period ("from 1988 to 2011": any date of 1988..2011), or ``word_weight`` of
  that to the nearest question word, never less than ``floor``. TimeQA and MenatQA ask which of a subject's values held
  in a period, so the period decides between the spans of one sentence.

What a span is (no tagger, rules that fit Wikipedia prose as TimeQA and MenatQA tokenise it, "Newton D . Baker"):
an entity is a run of capitalised tokens, joined by initials' periods and name particles ("University of Oxford",
"Newton D . Baker"), never starting with a capitalised function word ("The", "In", "She") or a month next to a number;
a date is what ``dates_in_text`` finds ("22 July 1965", "March 1998", "1984"); a number is a numeral that is no date.
A span is *named by the question* when all its words are question words (an entity; ``named_share`` sets the share)
or it is a date the question states. A span asked by type ("which school") that holds the type's noun ("Sehwa Girls
High School") weighs ``type_bonus`` more. A candidate's score sums its occurrences; the same span written twice
("Newton D . Baker", "Newton D. Baker") is one candidate.

``extract_answers`` is the pure function (tested by hand); ``ExtractiveReader`` wraps it behind the ``Reader``
protocol. ``first_span`` is the trivial baseline the benchmark compares with: the first span of the type in the top
item that the question does not name.
"""

from __future__ import annotations

import re
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from tkgrag.ingest.formats.dates_in_text import date_mentions, extract_dates
from tkgrag.ingest.formats.sentences import split_sentences
from tkgrag.model import Answer, AnswerCandidate, Evidence, Retrieval, TokenUsage
from tkgrag.question.model import AnswerKind
from tkgrag.readers.base import abstain
from tkgrag.retrievers.base import RetrievalRequest
from tkgrag.temporal import TimeSpan


@dataclass(frozen=True)
class ExtractConfig:
    """Weights of where a span is found (module docstring)."""

    items: int = 5
    rank_decay: float = 0.5
    other_weight: float = 0.3
    window: float = 8.0
    word_weight: float = 0.5  # nearness to a question word counts this much of nearness to a date in its period
    floor: float = 0.1  # a span near nothing the question names still counts this much
    type_bonus: float = 2.0
    named_share: float = 1.0  # a span with this share of its words in the question is named by it
    use_best_sentence: bool = True  # False: every sentence of an item weighs the same (an ablation)


@dataclass(frozen=True)
class Span:
    """A typed span of a sentence: its text, token positions [first, last], and the date it denotes if any."""

    text: str
    first: int
    last: int
    date: TimeSpan | None = None


def _words(*chunks: str) -> frozenset[str]:
    return frozenset(" ".join(chunks).split())


# Capitalised words that open sentences or clauses, not names.
_NOT_NAMES = _words(
    "the a an in on at of to for by with from as after before during since until when while where which who whom "
    "whose what this that these those he she it they we i you his her its their our my your there here then also "
    "however although though both but and or nor upon between under following later meanwhile thus hence "
    "during among despite throughout about around into over through against within without mr mrs ms"
)
_MONTHS = _words(
    "january february march april may june july august september october november december "
    "jan feb mar apr jun jul aug sep sept oct nov dec"
)
# Lower-case words inside a name: "University of Oxford", "Leonardo da Vinci", "Procter & Gamble".
_PARTICLES = _words("of de del della di da du van von der den la le y & the for on upon")
_QUESTION_STOP = _words(
    "the a an of in on at to for by with from as and or is are was were be been did do does who whom whose what "
    "which when where why how that this it its his her their he she they"
)
_TOKEN = re.compile(r"\S+")
_WORD = re.compile(r"[^\W_]+")
_NUMBER = re.compile(r"^\d[\d,.]*$")
_TYPE_NOUN = re.compile(r"\b(?:which|what)\s+([a-z]+)\b", re.IGNORECASE)


def _norm(word: str) -> str:
    return "".join(_WORD.findall(word)).lower()


def _is_cap(token: str) -> bool:
    core = token.lstrip("\"'“‘([")
    return bool(core) and core[0].isupper()


def entity_spans(sentence: str) -> list[Span]:
    """Runs of capitalised tokens (module docstring): ``"She attended Sehwa Girls High School , graduating"`` ->
    ``["Sehwa Girls High School"]``."""
    toks = [(m.start(), m.end(), m.group()) for m in _TOKEN.finditer(sentence)]
    out: list[Span] = []
    i = 0
    while i < len(toks):
        tok = toks[i][2]
        low = _norm(tok)
        near_number = any(_NUMBER.match(toks[j][2]) for j in (i - 1, i + 1) if 0 <= j < len(toks))
        if not _is_cap(tok) or low in _NOT_NAMES or not low or (low in _MONTHS and near_number):
            i += 1
            continue
        j = i
        while j + 1 < len(toks):
            nxt = toks[j + 1][2]
            if _is_cap(nxt) and _norm(nxt) and not (_norm(nxt) in _MONTHS and _next_is_number(toks, j + 1)):
                j += 1
            elif nxt == "." and len(toks[j][2]) == 1 and toks[j][2].isupper() and j + 2 < len(toks):
                j += 1  # "Newton D . Baker": an initial's period
            elif nxt.lower() in _PARTICLES and j + 2 < len(toks) and _is_cap(toks[j + 2][2]):
                j += 1
            else:
                break
        while j > i and (toks[j][2] == "." or toks[j][2].lower() in _PARTICLES):
            j -= 1
        text = sentence[toks[i][0] : toks[j][1]].strip("\"'“”‘’()[],;:")
        if text:
            out.append(Span(text, i, j))
        i = j + 1
    return out


def _next_is_number(toks: list[tuple[int, int, str]], i: int) -> bool:
    after = i + 1 < len(toks) and bool(_NUMBER.match(toks[i + 1][2]))
    return after or (i > 0 and bool(_NUMBER.match(toks[i - 1][2])))


def _token_index(sentence: str) -> list[int]:
    """Character offset -> token index, for mapping regex matches onto token positions."""
    index = [0] * (len(sentence) + 1)
    t = -1
    inside = False
    for c, ch in enumerate(sentence):
        if not ch.isspace() and not inside:
            t += 1
        inside = not ch.isspace()
        index[c] = max(t, 0)
    index[len(sentence)] = max(t, 0)
    return index


def date_spans(sentence: str) -> list[Span]:
    """The dates written in the sentence: ``"born on 22 July 1965 in Seoul"`` -> ``["22 July 1965"]``."""
    index = _token_index(sentence)
    return [Span(sentence[a:b], index[a], index[max(a, b - 1)], ts) for a, b, ts in date_mentions(sentence)]


def number_spans(sentence: str) -> list[Span]:
    """Numerals that are not part of a date."""
    dates = date_spans(sentence)
    out = []
    for i, m in enumerate(_TOKEN.finditer(sentence)):
        if _NUMBER.match(m.group()) and not any(d.first <= i <= d.last for d in dates):
            out.append(Span(m.group().rstrip(",."), i, i))
    return out


@dataclass
class _Question:
    words: frozenset[str]
    dates: tuple[TimeSpan, ...]
    type_noun: str | None

    @classmethod
    def of(cls, question: str) -> _Question:
        words = frozenset(w for w in (_norm(t) for t in _TOKEN.findall(question)) if w)
        m = _TYPE_NOUN.search(question)
        noun = m.group(1).lower() if m else None
        return cls(words, tuple(extract_dates(question)), noun if noun not in _QUESTION_STOP else None)

    @property
    def period(self) -> tuple[int, int] | None:
        """The years from the question's first date to its last ("from 1988 to 2011" -> 1988..2011)."""
        years = [y for d in self.dates for y in (d.start.year if d.start else None, d.end.year if d.end else None) if y]
        return (min(years), max(years)) if years else None

    def names(self, span: Span, share: float) -> bool:
        """Whether the question already names the span: a date it states, or an entity with at least ``share`` of
        its words in the question."""
        if span.date is not None:
            return any(span.date == d for d in self.dates)
        words = [w for w in (_norm(t) for t in _TOKEN.findall(span.text)) if w and w not in _PARTICLES]
        return bool(words) and sum(w in self.words for w in words) >= share * len(words)

    def time_anchors(self, sentence: str) -> list[int]:
        """Token positions of the sentence's dates that fall in the question's period."""
        period = self.period
        if period is None:
            return []
        out: list[int] = []
        for d in date_spans(sentence):
            assert d.date is not None
            a = d.date.start.year if d.date.start else period[0]
            b = d.date.end.year if d.date.end else period[1]
            if a <= period[1] and b >= period[0]:
                out.extend(range(d.first, d.last + 1))
        return out

    def word_anchors(self, sentence: str) -> list[int]:
        """Token positions of the sentence's words that the question uses (content words of 3 letters or more)."""
        return [
            i
            for i, tok in enumerate(_TOKEN.findall(sentence))
            if (w := _norm(tok)) in self.words and w not in _QUESTION_STOP and len(w) > 2
        ]


def _nearness(span: Span, anchors: Sequence[int], window: float) -> float:
    """``1 / (1 + distance / window)`` to the nearest anchor token; 0 without anchors."""
    if not anchors:
        return 0.0
    dist = min(min(abs(a - span.first), abs(a - span.last)) for a in anchors)
    return 1.0 / (1.0 + dist / window)


def spans_of(sentence: str, kind: AnswerKind) -> list[Span]:
    if kind is AnswerKind.TIME:
        return date_spans(sentence)
    if kind is AnswerKind.VALUE:
        return number_spans(sentence)
    return entity_spans(sentence)


def _sentences(item: Evidence, q: _Question, config: ExtractConfig) -> list[tuple[str, float]]:
    """The item's sentences with their weights: the best one 1.0, the others ``other_weight``."""
    sentences = split_sentences(item.text) or [item.text]
    best = str(item.fields.get("best_sentence") or "").strip()
    if not config.use_best_sentence:
        return [(s, 1.0) for s in sentences]
    if not best:  # no retriever's sentence score: the sentence with a date in the question's period and most words
        overlap = [
            2 * bool(q.time_anchors(s)) + len({_norm(t) for t in _TOKEN.findall(s)} & q.words - _QUESTION_STOP)
            for s in sentences
        ]
        best = sentences[max(range(len(sentences)), key=lambda i: overlap[i])]
    return [(best, 1.0)] + [(s, config.other_weight) for s in sentences if s.strip() != best]


@dataclass
class _Candidate:
    text: str
    score: float = 0.0
    items: list[str] = field(default_factory=list)


def extract_answers(
    question: str,
    items: Sequence[Evidence],
    kind: AnswerKind,
    *,
    config: ExtractConfig | None = None,
    limit: int = 10,
) -> list[AnswerCandidate]:
    """Spans of ``kind`` from the top ``config.items`` of ``items`` (retrieval order) that ``question`` does not
    name, best first (module docstring for the weights)."""
    config = config or ExtractConfig()
    q = _Question.of(question)
    found: dict[str, _Candidate] = {}
    for rank, item in enumerate(items[: config.items]):
        item_weight = config.rank_decay**rank
        for sentence, weight in _sentences(item, q, config):
            times, words = q.time_anchors(sentence), q.word_anchors(sentence)
            for span in spans_of(sentence, kind):
                if q.names(span, config.named_share):
                    continue
                near = max(
                    _nearness(span, times, config.window),
                    config.word_weight * _nearness(span, words, config.window),
                    config.floor,
                )
                typed = (
                    config.type_bonus
                    if q.type_noun and any(_norm(t).startswith(q.type_noun[:5]) for t in _TOKEN.findall(span.text))
                    else 1.0
                )
                key = _norm(span.text) if span.date is None else span.date.label()
                cand = found.setdefault(key, _Candidate(span.text))
                cand.score += item_weight * weight * near * typed
                if item.key not in cand.items:
                    cand.items.append(item.key)
    ranked = sorted(found.values(), key=lambda c: -c.score)  # stable: first seen wins a tie
    return [AnswerCandidate(c.text, round(c.score, 6), tuple(c.items)) for c in ranked[:limit]]


def first_span(question: str, items: Sequence[Evidence], kind: AnswerKind) -> AnswerCandidate | None:
    """The trivial baseline: the first span of ``kind`` in the top item's text that the question does not name."""
    if not items:
        return None
    q = _Question.of(question)
    for sentence in split_sentences(items[0].text) or [items[0].text]:
        for span in spans_of(sentence, kind):
            if not q.names(span, 1.0):
                return AnswerCandidate(span.text, 1.0, (items[0].key,))
    return None


def answer_kind(understanding: Any) -> AnswerKind | None:
    """The expected answer's kind from what the caller understood (a ``TemporalQuestion``, or anything holding one as
    ``question``), None when it does not say."""
    for holder in (understanding, getattr(understanding, "question", None)):
        at = getattr(holder, "answer_type", None)
        if at is not None and isinstance(getattr(at, "kind", None), AnswerKind):
            return at.kind
    return None


class ExtractiveReader:
    """Answers from the retrieved evidence only (passages, chunks; any item's text), never the graph around it."""

    name = "extractive"

    def __init__(self, *, config: ExtractConfig | None = None, max_answers: int = 10) -> None:
        self.config = config or ExtractConfig()
        self.max_answers = max_answers

    def read(self, request: RetrievalRequest, retrieval: Retrieval) -> Answer:
        """The spans of the expected answer type in the retrieved items; "no answer" when the question's answer type
        is unknown (it was not understood) or no span of that type is in the evidence. Confidence: the best answer's
        share of all extracted support, so one clear span is trusted more than several close ones."""
        t0 = time.perf_counter()
        kind = answer_kind(request.question)
        if kind is None:
            return abstain(
                request, retrieval, self.name, "the expected answer type is unknown (question not understood)"
            )
        answers = extract_answers(request.text, retrieval.evidence, kind, config=self.config, limit=self.max_answers)
        if not answers:
            why = f"no {kind.value} in the retrieved evidence that the question does not already name"
            return abstain(request, retrieval, self.name, why)
        total = sum(a.score for a in answers)
        return Answer(
            question=request.text,
            answers=answers,
            retrieval=retrieval,
            reader=self.name,
            rewritten_question=request.search,
            constraint=retrieval.constraint,
            tokens=TokenUsage(),
            timings_ms={"read": (time.perf_counter() - t0) * 1000.0},
            confidence=round(answers[0].score / total, 4) if total > 0 else 0.0,
            understanding=request.understanding,
        )
