"""`tkgrag train retriever|reranker|exaqt-relevance|exaqt-ranker|exaqt-cross|router`: the models methods train on
this machine (saved under $TKGRAG_HOME/models/ with a model card). One group, one module per model (TimeR4's
time-aware retriever, the cross-encoder GRanker and Re2 use, EXAQT's question-fact relevance model, its R-GCN answer
ranker and its question-fact cross-encoder, ``auto``'s fitted router)."""

from __future__ import annotations

import typer

from tkgrag.cli import (
    train_exaqt_cross,
    train_exaqt_ranker,
    train_exaqt_relevance,
    train_reranker,
    train_retriever,
    train_router,
)

app = typer.Typer(
    help="Train the models methods need (saved under $TKGRAG_HOME/models/ with a model card).", no_args_is_help=True
)
app.command("retriever")(train_retriever.retriever)
app.command("reranker")(train_reranker.reranker)
app.command("exaqt-relevance")(train_exaqt_relevance.exaqt_relevance)
app.command("exaqt-ranker")(train_exaqt_ranker.exaqt_ranker)
app.command("exaqt-cross")(train_exaqt_cross.exaqt_cross)
app.command("router")(train_router.router)
