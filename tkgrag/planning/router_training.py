"""``tkgrag train router``: fit ``auto``'s router for one store on labelled TRAINING questions, and say on a
held-out split of them how often it picks the question's kind, against the label-free null alone.

The labelled file is JSONL, one ``{"question": ..., "kind": "event" | "fact" | "passage" | "none"}`` per line ("none":
a question of no kind the store holds). Each question's features are computed on the store by ``auto``'s own code
(``AutoRetriever.features``), so the router sees at planning time exactly what it was fitted on. The split is
stratified and seeded; the model saved is the one fitted on the training part (its held-out figures describe it).
Whether the question embedding is appended is chosen on a validation part of the training part (``embedding="auto"``),
never on the held-out part. Chunks have no class: ``auto`` decides them label-free (``planner.route_fitted``).
"""

from __future__ import annotations

import json
import random
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from tkgrag.errors import ConfigError
from tkgrag.model import ItemKind
from tkgrag.planning.router import CLASSES, FEATURES, Router, accuracy, fit, router_store

EMBEDDINGS = ("auto", "on", "off")


@dataclass(frozen=True)
class Labelled:
    question: str
    kind: str
    line: int


@dataclass
class Row:
    """One training question measured on the store: its features, its vector, and where the label-free null alone
    sends it (the kind planned alone, or among fused kinds the highest calibrated; "" when none)."""

    question: str
    kind: str
    features: list[float]
    vector: list[float]
    label_free: str

    def x(self, embedding: bool) -> list[float]:
        return self.features + (self.vector if embedding else [])


def read_labelled(path: Path) -> list[Labelled]:
    """The labelled questions of ``path``; a bad line is an error naming the file, the line and the field."""
    out: list[Labelled] = []
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read the labelled questions ({exc.strerror})") from exc
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except ValueError as exc:
            raise ConfigError(f"{path}:{i}: not JSON ({exc})") from exc
        if not isinstance(row, dict):
            raise ConfigError(f"{path}:{i}: expected an object with 'question' and 'kind'")
        q, kind = row.get("question"), row.get("kind")
        if not isinstance(q, str) or not q.strip():
            raise ConfigError(f"{path}:{i}: field 'question' must be a non-empty string")
        if kind not in CLASSES:
            raise ConfigError(f"{path}:{i}: field 'kind' is {kind!r}; choose one of: {', '.join(CLASSES)}")
        out.append(Labelled(q.strip(), str(kind), i))
    if not out:
        raise ConfigError(f"{path}: no labelled questions")
    return out


def split(rows: Sequence[Any], kinds: Sequence[str], share: float, seed: int) -> tuple[list[int], list[int]]:
    """Stratified by kind: about ``share`` of each kind's rows held out (indexes into ``rows``), seeded."""
    rnd = random.Random(seed)
    train: list[int] = []
    held: list[int] = []
    for kind in dict.fromkeys(kinds):
        idx = [i for i, k in enumerate(kinds) if k == kind]
        rnd.shuffle(idx)
        n = round(len(idx) * share)
        held.extend(idx[:n])
        train.extend(idx[n:])
    return sorted(train), sorted(held)


def choose_embedding(rows: Sequence[Row], embedding: str, seed: int) -> tuple[bool, dict[str, float]]:
    """Whether to append the question embedding: as asked, or (``auto``) the better on a validation fifth of the
    training rows (a tie keeps the smaller model)."""
    if embedding not in EMBEDDINGS:
        raise ConfigError(f"unknown embedding choice {embedding!r}; choose one of: {', '.join(EMBEDDINGS)}")
    if embedding != "auto":
        return embedding == "on", {}
    fit_i, val_i = split(rows, [r.kind for r in rows], 0.2, seed + 1)
    scores: dict[str, float] = {}
    for name, emb in (("off", False), ("on", True)):
        model = fit([rows[i].x(emb) for i in fit_i], [rows[i].kind for i in fit_i])
        scores[name] = accuracy(model, [rows[i].x(emb) for i in val_i], [rows[i].kind for i in val_i])
    return scores["on"] > scores["off"], scores


def per_kind(truth: Sequence[str], picked: Sequence[str]) -> dict[str, dict[str, float]]:
    out: dict[str, dict[str, float]] = {}
    for kind in CLASSES:
        idx = [i for i, t in enumerate(truth) if t == kind]
        if idx:
            right = sum(picked[i] == kind for i in idx)
            out[kind] = {"n": len(idx), "right": right, "share": right / len(idx)}
    return out


def train(
    rows: Sequence[Row], heldout: float, seed: int, embedding: str, store: dict[str, str], data: str
) -> tuple[Router, dict[str, Any]]:
    """Fit on the training part, measure on the held-out part, and return the model with its card."""
    train_i, held_i = split(rows, [r.kind for r in rows], heldout, seed)
    if not train_i:
        raise ConfigError("train router: no training rows left after the held-out split")
    tr = [rows[i] for i in train_i]
    emb, validation = choose_embedding(tr, embedding, seed)
    model = fit([r.x(emb) for r in tr], [r.kind for r in tr])
    model.embedding = emb
    ho = [rows[i] for i in held_i]
    fitted: list[str] = []
    for r in ho:
        p = model.probabilities(r.x(emb))
        fitted.append(max(p, key=lambda c: p[c]))
    truth = [r.kind for r in ho]
    card: dict[str, Any] = {
        "store": store,
        "data": data,
        "classes": list(CLASSES),
        "features": list(FEATURES) + (["question embedding"] if emb else []),
        "questions": dict(Counter(r.kind for r in rows)),
        "train": len(tr),
        "heldout": len(ho),
        "seed": seed,
        "embedding_validation": validation,
        "heldout_fitted": per_kind(truth, fitted),
        "heldout_label_free": per_kind(truth, [r.label_free for r in ho]),
        "heldout_fitted_accuracy": accuracy(model, [r.x(emb) for r in ho], truth) if ho else None,
    }
    model.card = card
    return model, card


def measure(
    questions: Sequence[Labelled],
    features: Callable[[str], tuple[list[float], list[float]] | None],
    label_free: Callable[[str], str],
    progress: Callable[[int, int], None] | None = None,
) -> list[Row]:
    """Each labelled question's features and label-free route on the store (the callables are ``auto``'s)."""
    rows: list[Row] = []
    for i, q in enumerate(questions, 1):
        measured = features(q.question)
        if measured is None:
            raise ConfigError("train router: the store holds fewer than two kinds (nothing to route)")
        f, vector = measured
        rows.append(Row(q.question, q.kind, f, vector, label_free(q.question)))
        if progress is not None:
            progress(i, len(questions))
    return rows


def label_free_kind(kinds: Sequence[ItemKind], calibrated: dict[str, float | None]) -> str:
    """Where a label-free plan sends a question: its one kind, or of several the highest calibrated."""
    if not kinds:
        return ""
    if len(kinds) == 1:
        return kinds[0].value
    return max(kinds, key=lambda k: calibrated.get(k.value) or -1.0).value


def model_card(name: str, card: dict[str, Any]) -> str:
    """The card in words (``MODEL_CARD.md`` beside ``router.json``)."""
    lines = [
        f"# Router `{name}` (auto's fitted router)",
        "",
        f"Store: {card['store']['database']} at {card['store']['uri']}, embedder {card['store']['embedder']}.",
        f"Data: {card['data']} ({', '.join(f'{k} {v}' for k, v in card['questions'].items())}); "
        f"{card['train']} to fit, {card['heldout']} held out (stratified, seed {card['seed']}).",
        f"Features: {', '.join(card['features'])}.",
        "Model: multinomial logistic regression, standardised features, L2 0.01, full-batch gradient descent.",
    ]
    if card["embedding_validation"]:
        v = card["embedding_validation"]
        lines.append(
            f"Question embedding: validation accuracy without {v['off']:.3f}, with {v['on']:.3f} (a fifth of the "
            "fitting part; the held-out part is not used for this choice)."
        )
    lines += ["", "| kind | held out | fitted right | label-free null right |", "|---|---:|---:|---:|"]
    for kind, f in card["heldout_fitted"].items():
        lf = card["heldout_label_free"].get(kind, {"right": 0, "share": 0.0})
        said = "-" if kind == "none" else f"{lf['right']} ({lf['share']:.1%})"
        lines.append(f"| {kind} | {f['n']} | {f['right']} ({f['share']:.1%}) | {said} |")
    lines += [
        "",
        "Chunks have no labelled questions: auto decides chunks against the router's kind by the label-free "
        'calibrated value. The label-free null cannot say "none" (its column is blank there).',
    ]
    return "\n".join(lines) + "\n"


def fit_store_router(
    toolbox: Any,
    labelled: Path,
    out: Path,
    heldout: float = 0.25,
    seed: int = 7,
    embedding: str = "auto",
    remeasure: bool = False,
    progress: Callable[[int, int], None] | None = None,
) -> tuple[Router, str]:
    """``tkgrag train router``: measure ``labelled``'s questions on the toolbox's store (``TKGRag``; the rows are
    cached in ``out/rows.jsonl`` and reused for the same file unless ``remeasure``), fit, and save ``router.json``
    and ``MODEL_CARD.md`` in ``out``. Returns the router and its card in words."""
    from dataclasses import asdict

    from tkgrag.planning.auto import AutoRetriever
    from tkgrag.retrievers.base import RetrievalRequest

    questions = read_labelled(labelled)
    cached = out / "rows.jsonl"
    rows: list[Row] = []
    if cached.is_file() and not remeasure:
        rows = [Row(**json.loads(line)) for line in cached.read_text().splitlines() if line.strip()]
        if [(r.question, r.kind) for r in rows] != [(q.question, q.kind) for q in questions]:
            rows = []  # another file: measure again
    if not rows:
        auto = AutoRetriever(toolbox, router="off")
        inv = auto.inventory()
        understood: dict[str, RetrievalRequest] = {}

        def request(text: str) -> RetrievalRequest:
            if text not in understood:
                understood[text] = RetrievalRequest.of(text, 10, understanding=toolbox.understand(text))
            return understood[text]

        def features(text: str) -> tuple[list[float], list[float]] | None:
            m = auto.features(request(text), inv)
            return None if m is None else (m[0].vector(), m[1])

        def label_free(text: str) -> str:
            p = auto.plan(request(text))
            return label_free_kind(p.kinds, {k.value: v for k, v in p.calibrated})

        rows = measure(questions, features, label_free, progress)
        out.mkdir(parents=True, exist_ok=True)
        cached.write_text("".join(json.dumps(asdict(r)) + "\n" for r in rows))
    store = router_store(toolbox.store, toolbox.embedder.name)
    model, card = train(rows, heldout, seed, embedding, store, labelled.name)
    model.save(out)
    text = model_card(out.name, card)
    (out / "MODEL_CARD.md").write_text(text)
    return model, text
