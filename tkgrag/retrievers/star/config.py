"""Every STAR-RAG default in one place, each with the paper section it comes from (STAR-RAG, Zhu et al.).

Where the paper gives no value (Apriori support, K_type, the span window, the edge weight) the comment says so and
why the value was chosen.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from tkgrag.errors import ConfigError
from tkgrag.model import ItemKind
from tkgrag.retrievers.base import Need

EdgeWeight = Literal["rate", "saving", "spans", "uniform"]
Personalization = Literal["star", "star-uniform"]
PprEngine = Literal["sparse", "gds"]
TypeOrder = Literal["specific", "frequent"]
CoverageNull = Literal["pairwise", "none"]


@dataclass(frozen=True)
class StarConfig:
    # --- Entity labeling (Sec. 3.2 "Entity Labeling", Appendix A, Alg. 2) ---------------------------------------
    # Minimum Apriori support as a fraction of entities. Not given in the paper: 0.02 (>= 143 of icews14's 7,128
    # entities) keeps patterns specific while few entities (160 on icews14) fall back to their whole RelSet.
    apriori_min_support: float = 0.02
    # Sec. 3.2 footnote 2: "we restrict the subset length to three relations by default".
    max_pattern_length: int = 3
    # Alg. 2 line 10, K_type: labels kept per entity. Not given; Fig. 2 shows two labels (Country_1, Country_2).
    k_type: int = 2
    # Alg. 2 line 4 "Sort F": "specific" = longer patterns first, then higher support (Fig. 2 labels Oman by
    # 3-relation patterns); "frequent" = higher support first.
    type_order: TypeOrder = "specific"

    # --- Candidate edges and temporal spans (Sec. 3.2 "Generation of Candidates", Eq. 2) -------------------------
    # Footnote 3: two events are "highly similar" when d_H(f~, f~') <= 2 (they share subject, relation or object).
    max_event_hamming: int = 2
    # Our bound on T_uv (the paper has none): only pairs at most this many days apart are linked. It keeps T_uv
    # computable (no |supp(u)| x |supp(v)| blow-up) and makes T_uv measure temporal proximity. ICEWS follow-ups
    # (intend_cooperate -> sign_agreement) happen within days to weeks. None = unbounded, as in the paper (exact too,
    # but every same-relation rule pair is then linked: ~4x the spans, and selection sees no temporal proximity).
    span_window_days: int | None = 30

    # --- MDL selection (Sec. 3.2 "Selection by MDL", Eq. 3-7, Appendix B) ------------------------------------------
    # "This process repeats iteratively until no additional edge reduces the MDL": a cap on the passes.
    mdl_max_passes: int = 10
    # Null code of an edge's linked pairs when the edge is absent (our choice; the paper leaves it implicit, mdl.py):
    #   pairwise = each linked pair named on its own among the |supp(u)||supp(v)| pairs: the edge's subset code
    #              (Eq. 5) saves log2(N^T / C(N, T)) >= log2 T! bits, rewarding support and conversion
    #   none     = the same subset code with or without the edge: only temporally concentrated spans (Eq. 6 vs a
    #              uniform span code) justify an edge; a much sparser graph (~300 edges on icews14)
    mdl_coverage_null: CoverageNull = "pairwise"
    # Edge weight of the transition matrix A~ (Sec. 3.3; not specified in the paper):
    #   rate    = 1 / (1 + mean span)  (geometric MLE "next day" probability; the discrete analogue of lambda_uv)
    #   saving  = log2(1 + data bits saved by the edge)
    #   spans   = |T_uv|
    #   uniform = 1
    edge_weight: EdgeWeight = "rate"

    # --- Retrieval (Alg. 1, Sec. 3.3, Sec. 4.3, Appendix C) -------------------------------------------------------
    k1: int = 10  # Sec. 4.3: top-K1 anchor events and returned events
    # Neighbours asked of the HNSW index to find the exact top-K1 anchors (not in the paper; retrievers/base.py).
    ann_candidates: int = 100
    k2: int = 20  # Sec. 4.3: top-K2 rule nodes by PPR score
    restart: float = 0.2  # alpha, Eq. 8 / Appendix C (GDS dampingFactor = 1 - restart = 0.8)
    tolerance: float = 1e-5  # epsilon, Sec. 4.3 (the GDS engine's stopping rule)
    ppr_max_iterations: int = 100  # not in the paper; power iteration cap (GDS engine)
    # Where the query-time PPR runs: "sparse" = the exact fixed point solved in-process on the rule graph exported
    # once per build (retrievers/star/sparse_ppr.py; tens of ms); "gds" = one GDS PageRank run per seed rule combined
    # by linearity (the engine of record, ~1 s per question on icews14). Same scores to 1e-6 (tests, benchmark).
    ppr_engine: PprEngine = "sparse"
    theta: float = 0.6  # Appendix C: mixture of coverage and rank importance
    beta: float = 0.7  # Appendix C: geometric rank discount
    tau: float | None = None  # Appendix C: Dirichlet smoothing; None = 1 / |U_seed|
    # Sec. 4.5 ablation: "star-uniform" replaces gamma by the uniform distribution over U_seed.
    personalization: Personalization = "star"
    # star+tc (Sec. 4.5, "+TC"): the question's temporal constraints narrow the candidate events before ranking.
    # star and star-uniform follow Alg. 1 and apply none (a request's constraints are reported as ignored).
    apply_constraints: bool = False

    # --- Beyond the paper (retrievers/star/variants.py): all off = the paper's star ------------------------------
    # Share of the seed distribution on the rules of the question's grounded anchor event (a constraint's
    # anchor_event, set by the symbolic reader's grounding).
    anchor_seed_mass: float = 0.0
    # The grounded anchor event joins the evidence, first (it is outside "after X" but decides the answer).
    include_anchor: bool = False
    # Final score = cosine + ppr_weight x relative PPR mass of the event's best top rule
    #             + proximity_weight x exp(-|t - t_ref| / proximity_days)   (t_ref: variants.reference_day)
    ppr_weight: float = 0.0
    proximity_weight: float = 0.0
    proximity_days: float = 30.0
    # An ordinal without a period looks at the earliest / latest day among this many most relevant candidates
    # (cosine, plus the PPR term when it is on).
    ordinal_pool: int = 50
    # Slots of the k kept for the best candidates supported only by non-seed rules (reached by the walk).
    reserve: int = 0
    # The vector search's top events (this many) join the rule supports as candidates: the rule graph then adds
    # evidence to the vector search instead of replacing it (0 = the paper: supports of the top-K2 rules only).
    vector_pool: int = 0

    def __post_init__(self) -> None:
        def bad(name: str, why: str) -> ConfigError:
            return ConfigError(f"StarConfig.{name}={getattr(self, name)!r}: {why}")

        if not 0.0 < self.apriori_min_support <= 1.0:
            raise bad("apriori_min_support", "must be in (0, 1] (a fraction of entities)")
        if self.max_pattern_length < 1:
            raise bad("max_pattern_length", "must be >= 1")
        if self.k_type < 1:
            raise bad("k_type", "must be >= 1")
        if self.type_order not in ("specific", "frequent"):
            raise bad("type_order", "must be 'specific' or 'frequent'")
        if not 0 <= self.max_event_hamming <= 3:
            raise bad("max_event_hamming", "must be 0..3 (fields of (s, r, o) that may differ)")
        if self.span_window_days is not None and self.span_window_days < 0:
            raise bad("span_window_days", "must be >= 0 days or None (unbounded)")
        if self.mdl_max_passes < 1:
            raise bad("mdl_max_passes", "must be >= 1")
        if self.mdl_coverage_null not in ("pairwise", "none"):
            raise bad("mdl_coverage_null", "must be 'pairwise' or 'none'")
        if self.edge_weight not in ("rate", "saving", "spans", "uniform"):
            raise bad("edge_weight", "must be one of rate, saving, spans, uniform")
        if self.k1 < 1 or self.k2 < 1:
            raise bad("k1" if self.k1 < 1 else "k2", "must be >= 1")
        if self.ann_candidates < 1:
            raise bad("ann_candidates", "must be >= 1")
        if not 0.0 < self.restart < 1.0:
            raise bad("restart", "must be in (0, 1)")
        if self.tolerance <= 0:
            raise bad("tolerance", "must be > 0")
        if self.ppr_max_iterations < 1:
            raise bad("ppr_max_iterations", "must be >= 1")
        if not 0.0 <= self.theta <= 1.0:
            raise bad("theta", "must be in [0, 1]")
        if not 0.0 < self.beta < 1.0:
            raise bad("beta", "must be in (0, 1)")
        if self.tau is not None and self.tau <= 0:
            raise bad("tau", "must be > 0 (or None for 1/|U_seed|)")
        if self.ppr_engine not in ("sparse", "gds"):
            raise bad("ppr_engine", "must be 'sparse' or 'gds'")
        if not 0.0 <= self.anchor_seed_mass <= 1.0:
            raise bad("anchor_seed_mass", "must be in [0, 1] (a share of the seed distribution)")
        for name in ("ppr_weight", "proximity_weight"):
            if getattr(self, name) < 0:
                raise bad(name, "must be >= 0")
        if self.proximity_days <= 0:
            raise bad("proximity_days", "must be > 0 days")
        if self.ordinal_pool < 1:
            raise bad("ordinal_pool", "must be >= 1")
        if self.reserve < 0:
            raise bad("reserve", "must be >= 0")
        if self.vector_pool < 0:
            raise bad("vector_pool", "must be >= 0")
        if self.ppr_engine == "gds" and (self.ppr_weight or self.proximity_weight or self.reserve or self.vector_pool):
            raise bad(
                "ppr_engine",
                "ppr_weight, proximity_weight, reserve and vector_pool rank in-process: use ppr_engine='sparse'",
            )
        if self.personalization not in ("star", "star-uniform"):
            raise bad("personalization", "must be 'star' or 'star-uniform'")

    @property
    def kinds(self) -> frozenset[ItemKind]:
        return frozenset({ItemKind.EVENT, ItemKind.FACT})  # rule supports: entity-to-entity events and facts

    @property
    def needs(self) -> frozenset[Need]:
        return frozenset({Need.RULE_GRAPH, Need.CONSTRAINTS} if self.apply_constraints else {Need.RULE_GRAPH})

    @property
    def damping(self) -> float:
        """GDS ``dampingFactor``: probability of following an edge, 1 - restart."""
        return 1.0 - self.restart


# `star+`: the variant that won on tkgqa dev (tuned on its even-numbered half, checked on the odd half and on the
# MultiTQ dev sample; benchmarks/results/2026-11-24/star-plus/report.md).
STAR_PLUS = StarConfig(
    apply_constraints=True,
    anchor_seed_mass=0.5,
    include_anchor=True,
    ppr_weight=0.05,
    proximity_weight=0.1,
    proximity_days=30.0,
)
