"""Where the managed server's files live.

``$TKGRAG_HOME/dist/neo4j-<v>-gds-<v>/{lib,plugins}`` holds the assembled jars, shared by every instance.
``$TKGRAG_HOME/instances/<name>/{conf,data,logs,run,state}`` holds one server's configuration, store, logs,
pid file and generated password, so a test instance never touches the user's data.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from tkgrag.config import Settings
from tkgrag.server.versions import GDS_VERSION, NEO4J_VERSION


@dataclass(frozen=True)
class InstanceLayout:
    home: Path
    name: str

    @classmethod
    def from_settings(cls, settings: Settings) -> InstanceLayout:
        return cls(home=settings.home, name=settings.server.instance)

    @property
    def dist(self) -> Path:
        return self.home / "dist" / f"neo4j-{NEO4J_VERSION}-gds-{GDS_VERSION}"

    @property
    def lib(self) -> Path:
        return self.dist / "lib"

    @property
    def plugins(self) -> Path:
        return self.dist / "plugins"

    @property
    def root(self) -> Path:
        return self.home / "instances" / self.name

    @property
    def conf_dir(self) -> Path:
        return self.root / "conf"

    @property
    def data_dir(self) -> Path:
        return self.root / "data"

    @property
    def logs_dir(self) -> Path:
        return self.root / "logs"

    @property
    def run_dir(self) -> Path:
        return self.root / "run"

    @property
    def state_dir(self) -> Path:
        return self.root / "state"

    @property
    def import_dir(self) -> Path:
        return self.root / "import"

    @property
    def pid_file(self) -> Path:
        return self.run_dir / "neo4j.pid"

    @property
    def password_file(self) -> Path:
        return self.state_dir / "password"

    @property
    def console_log(self) -> Path:
        return self.logs_dir / "neo4j.log"

    @property
    def debug_log(self) -> Path:
        return self.logs_dir / "debug.log"

    @property
    def jvm_output(self) -> Path:
        """The JVM's stdout/stderr until Neo4j is up (it then points them at /dev/null: daemon mode); only early
        failures (a bad heap size, a missing class) land here. ``neo4j.log`` is log4j's own, rolled file."""
        return self.logs_dir / "jvm-output.log"

    def classpath(self) -> str:
        # plugins first so GDS's extension factories are found; conf for log4j configuration files.
        return f"{self.plugins}/*:{self.conf_dir}/*:{self.lib}/*"
