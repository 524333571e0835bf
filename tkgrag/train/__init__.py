"""Models tkgrag trains on this machine: TimeR4's time-aware retriever (``tkgrag train retriever``)."""
