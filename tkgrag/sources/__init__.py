"""Benchmark sources: the natural keys of passages, chunks and entities, and the parsing that produces them.

Both ``tkgrag ingest`` (``tkgrag.ingest.formats``) and ``tkgrag eval`` (``tkgrag.eval.loaders``) read TimeQA, MenatQA,
MuSiQue and TimeQuestions through this package, so a gold passage id in an eval is the key of the node ingestion
wrote. It is the lowest layer: it imports nothing from ``tkgrag.eval`` or the ingestion pipeline.

============== ========================== ===================================================================
benchmark      node                       key
============== ========================== ===================================================================
TimeQA         ``Passage``                ``<link>#<paragraph index>`` (``/wiki/Newton_D._Baker_House#30``)
MenatQA        ``Passage``                hash of section title and text (a section recurs across items)
MuSiQue        ``Chunk``                  ``<title>#<n>``: the n-th corpus passage of that title (from 0)
TimeQuestions  ``Entity``                 the Wikidata QID (the label where a decoded fact has no id)
============== ========================== ===================================================================
"""
