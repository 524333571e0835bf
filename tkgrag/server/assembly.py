"""Assemble Neo4j Community + GDS + Browser from Maven Central with ``mvn dependency:copy-dependencies``.

There is no Docker and no download site on the reference machine, only Maven Central, so the server is built from
its published artifacts. The pom ships inside the package; Maven's own cache (~/.m2) makes re-assembly cheap.
"""

from __future__ import annotations

import re
import shutil
import subprocess
import tempfile
from importlib import resources
from pathlib import Path

from rich.console import Console

from tkgrag.errors import ServerError
from tkgrag.server.layout import InstanceLayout
from tkgrag.server.versions import GDS_VERSION, MIN_JAVA, NEO4J_VERSION
from tkgrag.terminal import make_console

_REQUIRED_PLUGIN_JARS = (
    "proc",
    "proc-sysinfo",
    "opengds-extension",
    "open-model-catalog",
    "open-write-services",
)


def java_version(java: str = "java") -> int:
    """Major version of the java on PATH; raises ServerError with a fix when there is none or it is too old."""
    exe = shutil.which(java)
    if exe is None:
        raise ServerError(
            f"Java {MIN_JAVA}+ is needed to run Neo4j {NEO4J_VERSION}, and no 'java' is on PATH. "
            "Install a JDK 17 (Debian: apt-get install openjdk-17-jdk-headless) or set NEO4J_URI to use another server."
        )
    out = subprocess.run([exe, "-version"], capture_output=True, text=True, check=False)
    match = re.search(r'version "(\d+)(?:\.(\d+))?', out.stderr + out.stdout)
    if not match:
        raise ServerError(f"Could not read the Java version from `{exe} -version`: {out.stderr.strip()[:200]}")
    major = int(match.group(1))
    if major == 1 and match.group(2):  # "1.8" style
        major = int(match.group(2))
    if major < MIN_JAVA:
        raise ServerError(
            f"Neo4j {NEO4J_VERSION} needs Java {MIN_JAVA}+, but `{exe}` is Java {major}. "
            "Install JDK 17 and put it first on PATH (or set JAVA_HOME/bin first)."
        )
    return major


def is_assembled(layout: InstanceLayout) -> bool:
    if not (layout.lib.is_dir() and layout.plugins.is_dir()):
        return False
    libs = {p.name for p in layout.lib.glob("*.jar")}
    plugins = {p.name for p in layout.plugins.glob("*.jar")}
    return f"neo4j-{NEO4J_VERSION}.jar" in libs and all(
        f"{a}-{GDS_VERSION}.jar" in plugins for a in _REQUIRED_PLUGIN_JARS
    )


def pom_path() -> Path:
    return Path(str(resources.files("tkgrag.server").joinpath("pom.xml")))


def assemble(layout: InstanceLayout, console: Console | None = None, force: bool = False) -> Path:
    """Make sure the jars are in ``layout.dist``; returns that directory. Atomic: a half-done run leaves nothing."""
    if is_assembled(layout) and not force:
        return layout.dist
    mvn = shutil.which("mvn")
    if mvn is None:
        raise ServerError(
            f"The Neo4j jars are not assembled yet ({layout.dist}) and Maven is not on PATH to assemble them. "
            "Install Maven (Debian: apt-get install maven) or set NEO4J_URI to use another server."
        )
    console = console or make_console(stderr=True)
    layout.dist.parent.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="assemble-", dir=layout.dist.parent) as tmp:
        work = Path(tmp)
        shutil.copy(pom_path(), work / "pom.xml")
        out = work / "neo4j"
        cmd = [mvn, "-B", "-q", "-f", str(work / "pom.xml"), "package", f"-Dassembly.dir={out}"]
        with console.status(
            f"Assembling Neo4j {NEO4J_VERSION} + GDS {GDS_VERSION} from Maven Central (first run only)..."
        ):
            proc = subprocess.run(cmd, capture_output=True, text=True, check=False)
        if proc.returncode != 0:
            tail = "\n".join((proc.stdout + proc.stderr).strip().splitlines()[-25:])
            raise ServerError(
                f"Maven could not assemble the server (exit {proc.returncode}). Its last lines:\n{tail}\n"
                "Check that Maven Central is reachable (proxy settings in ~/.m2/settings.xml) and retry."
            )
        if layout.dist.exists():
            shutil.rmtree(layout.dist)
        out.rename(layout.dist)
    if not is_assembled(layout):
        raise ServerError(f"Maven finished but {layout.dist} lacks the expected jars; rerun with force.")
    return layout.dist


def dist_size_bytes(layout: InstanceLayout) -> int:
    return sum(p.stat().st_size for p in layout.dist.rglob("*") if p.is_file())
