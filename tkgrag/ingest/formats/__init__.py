"""Source formats beyond TKG TSV: n-ary facts JSONL, corpus graphs (documents, chunks, reference edges), passages.

Readers (``facts``, ``corpus``, ``passages``, ``tkbc``) are pure: file -> records | ``Reject``; benchmark layouts
(TimeQA, MenatQA, MuSiQue) and their keys come from ``tkgrag.sources``. Writers (``writers``) write one batch inside
the pipeline's transaction. ``run`` wires each format into ``tkgrag.ingest.pipeline``; the table of job formats is
``tkgrag.ingest.registry.FORMATS``.
"""
