"""Sources: what a file or a source database holds, read into records, before anything is stored.

- ``records``: the record types (events, facts, passages, chunks, documents), ``SourceRef`` (where a record came
  from) and ``Reject`` (a record that could not be read, with its place and reason);
- ``jsonsource``: the one JSON / JSON Lines reader with rejects, for ingestion and for the benchmark loaders;
  ``readsum``: the digest of the bytes a reader read; ``fields``: field access and its ``FieldError``;
- ``keys`` and the benchmark modules: the natural keys of passages, chunks and entities, and the parsing that
  produces them; ``mapping``: a mapped source's TOML.

- ``questions``: a benchmark's questions and gold answers; ``benchmarks``: ``load_dataset`` and the parsers of
  tkgqa, MultiTQ, TimeQuestions, TimeQA, MenatQA and MuSiQue; ``normalize``: how answer names and dates are read.

Both ``tkgrag ingest`` (``tkgrag.ingest.formats``) and ``tkgrag eval`` (``sources.benchmarks``) read TimeQA, MenatQA,
MuSiQue and TimeQuestions through this package, so a gold passage id in an eval is the key of the node ingestion
wrote. It is the lowest layer (``tests/unit/test_import_cycles.py::LAYERS``): it imports no other tkgrag package.

============== ========================== ===================================================================
benchmark      node                       key
============== ========================== ===================================================================
TimeQA         ``Passage``                ``<link>#<paragraph index>`` (``/wiki/Newton_D._Baker_House#30``)
MenatQA        ``Passage``                hash of section title and text (a section recurs across items)
MuSiQue        ``Chunk``                  ``<title>#<n>``: the n-th corpus passage of that title (from 0)
TimeQuestions  ``Entity``                 the Wikidata QID (the label where a decoded fact has no id)
============== ========================== ===================================================================
"""
