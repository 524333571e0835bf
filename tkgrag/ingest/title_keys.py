"""``fill_title_keys(store)``: the title key (``tkgrag.title_keys.title_key``) of every page and document that has a
title but no key: stores ingested before the keys were written at ingest. ``tkgrag prepare`` runs it when ``tkgrag
status`` counts such titles. Idempotent (only missing keys are written; a title that cannot be a reference gets "")
and resumable (it pages through each label by its unique key, in order, and writes page by page)."""

from __future__ import annotations

from dataclasses import dataclass

from tkgrag.queries import inventory as q
from tkgrag.store import Store
from tkgrag.title_keys import title_key

LABELS = ("Passage", "Document")
PAGE = 2000


@dataclass
class TitleKeyReport:
    pages: int = 0  # Passage nodes given a key
    documents: int = 0  # Document nodes given a key

    @property
    def written(self) -> int:
        return self.pages + self.documents


def fill_title_keys(store: Store, *, page: int = PAGE) -> TitleKeyReport:
    rep = TitleKeyReport()
    for label in LABELS:
        read, write = q.TITLE_KEY_PAGE.format(label=label), q.SET_TITLE_KEYS.format(label=label)
        after = ""
        while True:
            rows = store.run(read, {"after": after, "limit": page})
            if not rows:
                break
            after = rows[-1]["key"]
            todo = [{"key": r["key"], "title_key": title_key(r["title"])} for r in rows if r["missing"]]
            if todo:
                n = int(store.run(write, {"rows": todo})[0]["written"])
                if label == "Passage":
                    rep.pages += n
                else:
                    rep.documents += n
            if len(rows) < page:
                break
    return rep
