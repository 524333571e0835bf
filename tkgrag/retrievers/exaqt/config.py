"""The knobs of the ``exaqt`` recipe (the paper's Stage-1 sizes as defaults), validated once."""

from __future__ import annotations

from dataclasses import dataclass

from tkgrag.errors import ConfigError
from tkgrag.model import ItemKind
from tkgrag.retrievers.base import Need
from tkgrag.retrievers.exaqt.cross import MODEL_NAME as CROSS_MODEL_NAME

SCORERS = ("symbolic", "learned", "relevance", "rgcn", "cross")


@dataclass(frozen=True)
class ExaqtConfig:
    # NERD (``nerd.py``): entities kept per spotted question span (each span is one terminal group).
    links_per_mention: int = 3
    # Lexical spots at least this similar to an entity form (1 exact; -0.1 per one-edit token, -0.2 an acronym).
    min_spot_similarity: float = 0.8
    # Dense NERD, ELQ's role (Sec. 3.1 unions two NERD systems for recall): entities of the top ``dense_facts``
    # facts of the fact vector index. One sharing >= ``dense_overlap`` of its name's words with the question is a
    # question entity; the first ``dense_entities`` others from a fact with cosine >= ``dense_min_cosine`` are
    # context entities (their facts are candidates; they may be answers). 0 dense_facts turns it off.
    # Measured on 400 TimeQuestions (benchmarks/results/2026-11-25/exaqt-2): answer recall after NERD 0.453 lexical
    # only, 0.570 with the named dense entities, 0.637 with 5 context entities (the top-25 vector hits: 0.613).
    dense_facts: int = 25
    dense_overlap: float = 0.5
    dense_entities: int = 5
    dense_min_cosine: float = 0.5
    # All facts of the question entities are scored; at most this many are read (a hub entity's long tail).
    candidate_facts: int = 2000
    # Question-relevant facts kept (the paper's |{f_qrel}| = 25).
    relevant_facts: int = 25
    # Top-k Group Steiner Trees (the paper's k = 25): at most this many terminal choices are tried.
    trees: int = 25
    # Members of a terminal group considered when varying the terminal choice (best by relevance first).
    group_width: int = 5
    # Completion also adds the question-relevant facts incident to a tree's entities ("facts from where the
    # skeleton was built", the light-orange nodes of the paper's Fig. 1); False: only the facts on tree paths.
    complete_incident: bool = True
    # Edges of facts outside the question-relevant set cost this much more (they are used for connectivity only).
    outside_penalty: float = 1.0
    # Temporal facts of the completed tree's entities added (the paper's |{tf_qrel}| = 25).
    temporal_facts: int = 25
    # Answer ranking: bonus of a fact on a Steiner tree, and of a fact that names a question entity.
    tree_bonus: float = 0.1
    entity_bonus: float = 0.05
    # "symbolic": the ranking above; "learned": the linear scorer over the answers' features (``scorer.py``, the
    # R-GCN's stand-in), read from ``scorer_path`` (empty: the bundled tkgrag/data/exaqt_scorer.json); "relevance":
    # the relevance of the answer's best fact alone (the default; with ``exact_tiers`` only within the exact temporal
    # tier and ordinal position). Measured as returned on the 400 dev-half answer graphs
    # (benchmarks/results/2026-11-26/exaqt-6): relevance P@1 0.286 with the tiers as features, 0.231 exact, symbolic
    # 0.212, learned 0.240.
    scorer: str = "relevance"
    scorer_path: str = ""
    # Question-fact relevance (Sec. 3.2 fine-tunes BERT for it): the question encoder fine-tuned by `tkgrag train
    # exaqt-relevance`, a folder under $TKGRAG_HOME/models/ or a path; scores the candidate facts (top-25 cut) and the
    # temporal facts. Absent (or "base"): the base bi-encoder, and the notes say so.
    relevance_model: str = "exaqt-relevance"
    # "rgcn": EXAQT's Stage 2, the relational GCN over the answer graph trained by `tkgrag train exaqt-ranker` (a
    # folder under $TKGRAG_HOME/models/ or a path); without the model the ranking falls back to "relevance" and the
    # notes say so. Not the default: P@1 0.2875 vs 0.2863 for relevance (tiers as features both) on the same 400 answer
    # graphs (paired +0.001, se 0.018; Explicit higher, the other three categories lower; exaqt-6).
    # ``rgcn_exact``: the temporal tier, ordinal position and asked event stay exact constraints and the model orders
    # answers within them; False (default): the model's score alone (the tiers are its features; +0.035 P@1, se 0.013).
    ranker_model: str = "exaqt-ranker"
    # A bounded second hop (issue 29.2: "the composer of jealous guy" names the song, not the composer): the entities
    # that the ``second_hop_from`` most relevant facts of the question entities name besides them, at most
    # ``second_hop`` of them (best fact relevance first), add their facts (scored by the relevance model, at most
    # ``second_hop_facts``) to the candidates before the relevance cut. 0: off.
    second_hop: int = 0
    second_hop_from: int = 10
    second_hop_facts: int = 100
    rgcn_exact: bool = False
    # Whether the "relevance" and "learned" scorers order answers only within the exact temporal tier, ordinal
    # position and asked event (``ranking.exact_key``), or by their score alone (False, the default: the tiers then
    # count only through the symbolic ranking's tie order). The parsed tiers are often wrong on real questions: exact,
    # relevance loses 129 of 1,014 training questions right at rank 1, 8 of 314 held-out dev questions, and on the
    # 400 dev-half questions P@1 0.231 vs 0.286 (paired se 0.014; 33 questions lost, 8 gained; exaqt-6).
    exact_tiers: bool = False
    # "cross" (``cross.py``): the "relevance" ranking with each answer-graph fact's relevance re-scored by the
    # cross-encoder `tkgrag train exaqt-cross` fine-tunes (a folder under $TKGRAG_HOME/models/ or a path):
    # ``cross_weight`` x sigmoid(its logit) + (1 - ``cross_weight``) x the bi-encoder's relevance. Without the model
    # the ranking falls back to "relevance" and the notes say so. Stage 1 keeps the bi-encoder. Not the default: it
    # ranked below "relevance" on the dev-half answer graphs; ``cross_weight`` is the best of 1 / 0.75 / 0.5 / 0.25 on
    # held-out dev (figures: benchmarks/results/2026-11-27/exaqt-8/report.md).
    cross_model: str = CROSS_MODEL_NAME
    cross_weight: float = 0.25

    def __post_init__(self) -> None:
        if self.scorer not in SCORERS:
            raise ConfigError(f"ExaqtConfig.scorer={self.scorer!r}: must be one of {', '.join(SCORERS)}")
        for name in ("min_spot_similarity", "dense_overlap", "cross_weight"):
            if not 0.0 <= getattr(self, name) <= 1.0:
                raise ConfigError(f"ExaqtConfig.{name}={getattr(self, name)!r}: must be in [0, 1]")
        for name in (
            "links_per_mention",
            "candidate_facts",
            "relevant_facts",
            "trees",
            "group_width",
            "second_hop_facts",
        ):
            if getattr(self, name) < 1:
                raise ConfigError(f"ExaqtConfig.{name}={getattr(self, name)!r}: must be >= 1")
        for name in ("temporal_facts", "dense_facts", "dense_entities", "second_hop", "second_hop_from"):
            if getattr(self, name) < 0:
                raise ConfigError(f"ExaqtConfig.{name}={getattr(self, name)!r}: must be >= 0")
        for name in ("outside_penalty", "tree_bonus", "entity_bonus"):
            if getattr(self, name) < 0:
                raise ConfigError(f"ExaqtConfig.{name}={getattr(self, name)!r}: must be >= 0")

    @property
    def kinds(self) -> frozenset[ItemKind]:
        return frozenset({ItemKind.FACT, ItemKind.EVENT})

    @property
    def needs(self) -> frozenset[Need]:
        return frozenset({Need.CONSTRAINTS})
