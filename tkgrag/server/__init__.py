"""The managed local Neo4j: assembled from Maven Central, configured and run by tkgrag itself."""

from tkgrag.server.layout import InstanceLayout
from tkgrag.server.process import ServerStatus, logs, start, status, stop

__all__ = ["InstanceLayout", "ServerStatus", "logs", "start", "status", "stop"]
