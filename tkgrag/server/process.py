"""Lifecycle of the managed Neo4j process: start in the background, wait until ready, stop, status, logs."""

from __future__ import annotations

import contextlib
import fcntl
import os
import re
import signal
import socket
import subprocess
import time
from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import IO

from rich.console import Console

from tkgrag.config import Settings
from tkgrag.errors import ServerError
from tkgrag.server.assembly import assemble, java_version
from tkgrag.server.browser_guide import write_guide_jar
from tkgrag.server.conf import jvm_args, render_conf
from tkgrag.server.credentials import create_password, read_password
from tkgrag.server.layout import InstanceLayout
from tkgrag.server.login_lock import AUTH_LOCK_WAIT_S, RATE_LIMITED
from tkgrag.server.logs import write_log_configs
from tkgrag.terminal import make_console

ENTRY_POINT = "org.neo4j.server.CommunityEntryPoint"
ADMIN_TOOL = "org.neo4j.cli.AdminTool"


@dataclass(frozen=True)
class ServerStatus:
    running: bool
    pid: int | None
    uri: str
    http_url: str
    layout: InstanceLayout
    reused: bool = False
    ready_seconds: float | None = None

    def describe(self) -> str:
        state = f"running (pid {self.pid})" if self.running else "stopped"
        return (
            f"Neo4j instance '{self.layout.name}': {state}\n"
            f"  bolt:    {self.uri}\n"
            f"  browser: {self.http_url}/browser/\n"
            f"  data:    {self.layout.data_dir}\n"
            f"  logs:    {self.layout.logs_dir}\n"
            f"  login:   user neo4j, password in {self.layout.password_file} (mode 0600; never printed)"
        )


def _uris(settings: Settings) -> tuple[str, str]:
    s = settings.server
    return f"bolt://127.0.0.1:{s.bolt_port}", f"http://127.0.0.1:{s.http_port}"


def _read_pid(layout: InstanceLayout) -> int | None:
    try:
        return int(layout.pid_file.read_text().strip())
    except (FileNotFoundError, ValueError):
        return None


def _is_our_process(pid: int, layout: InstanceLayout, require_proc: bool = False) -> bool:
    """True when ``pid`` is alive and is this instance's Neo4j (guards against pid reuse)."""
    try:
        cmdline = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
    except (FileNotFoundError, ProcessLookupError, PermissionError):
        if require_proc:
            return False
        try:
            os.kill(pid, 0)
        except OSError:
            return False
        return True  # no /proc (macOS): alive is the best we can tell
    args = [a.decode(errors="replace") for a in cmdline]
    return ENTRY_POINT in args and f"--config-dir={layout.conf_dir}" in args


def _port_free(port: int) -> bool:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            sock.bind(("127.0.0.1", port))
        except OSError:
            return False
    return True


def tail(path: Path, n: int = 40) -> str:
    if not path.is_file():
        return f"(no log at {path})"
    with path.open("r", encoding="utf-8", errors="replace") as fh:
        return "".join(deque(fh, maxlen=n)).rstrip()


def status(settings: Settings) -> ServerStatus:
    layout = InstanceLayout.from_settings(settings)
    uri, http = _uris(settings)
    pid = _read_pid(layout)
    if pid is None or not _is_our_process(pid, layout):
        pid = _find_server(layout)  # a server of this instance whose pid file is gone
    return ServerStatus(running=pid is not None, pid=pid, uri=uri, http_url=http, layout=layout)


def _find_server(layout: InstanceLayout) -> int | None:
    """The pid of this instance's Neo4j, found by its --config-dir among the running processes (Linux /proc)."""
    proc = Path("/proc")
    if not proc.is_dir():
        return None
    for entry in proc.iterdir():
        if entry.name.isdigit() and _is_our_process(int(entry.name), layout, require_proc=True):
            return int(entry.name)
    return None


@contextlib.contextmanager
def _lifecycle_lock(layout: InstanceLayout) -> Iterator[None]:
    """One start/stop of an instance at a time (an advisory lock in its run dir): two concurrent starts used to
    leave a server that no pid file named."""
    layout.run_dir.mkdir(parents=True, exist_ok=True)
    with _private_open(layout.run_dir / "lifecycle.lock", os.O_WRONLY | os.O_CREAT | os.O_APPEND, "ab") as fh:
        fcntl.flock(fh, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(fh, fcntl.LOCK_UN)


# The server and its admin tool create files readable by their owner only (data, logs, auth.ini's hashes).
PRIVATE_UMASK = 0o077
# What picocli's argument files (@file) read as one token: the generated passwords are of this alphabet.
_ARG_FILE_SAFE = re.compile(r"[A-Za-z0-9_-]+")


def _set_initial_password(layout: InstanceLayout, password: str) -> None:
    """neo4j-admin reads the password from its 0600 file through picocli's ``@file`` argument, so it never appears in
    the process arguments (``/proc/<pid>/cmdline`` is world-readable)."""
    if not _ARG_FILE_SAFE.fullmatch(password) or read_password(layout.password_file) != password:
        raise ServerError(
            f"The password in {layout.password_file} must be the generated kind (letters, digits, '-' and '_') to be "
            "passed to neo4j-admin without showing it in the process list; remove the file to generate a new one."
        )
    env = {**os.environ, "NEO4J_HOME": str(layout.root), "NEO4J_CONF": str(layout.conf_dir)}
    proc = subprocess.run(
        ["java", "-cp", layout.classpath(), ADMIN_TOOL, "dbms", "set-initial-password", f"@{layout.password_file}"],
        capture_output=True,
        text=True,
        env=env,
        check=False,
        umask=PRIVATE_UMASK,
    )
    if proc.returncode != 0:
        out = (proc.stdout + proc.stderr).replace(password, "***")
        raise ServerError(f"Setting the initial password failed (exit {proc.returncode}): {out.strip()[-800:]}")


def make_private(layout: InstanceLayout) -> None:
    """Create the instance's folders 0700, and tighten existing ones: nothing inside is then reachable by other local
    users, whatever mode an older version created the files with."""
    for d in (
        layout.root,
        layout.conf_dir,
        layout.data_dir,
        layout.logs_dir,
        layout.run_dir,
        layout.import_dir,
        layout.state_dir,
    ):
        d.mkdir(parents=True, exist_ok=True)
        os.chmod(d, 0o700)


def _probe(uri: str, password: str, wait_out_login_lock: bool = True) -> str | None:
    """The GDS version when Bolt answers and GDS is registered, else None. A login lock (3 wrong passwords from any
    client: AuthenticationRateLimit) is waited out once, so a healthy server is not reported as not answering."""
    from neo4j import GraphDatabase
    from neo4j.exceptions import ClientError, Neo4jError, ServiceUnavailable

    try:
        with (
            GraphDatabase.driver(uri, auth=("neo4j", password), connection_timeout=2.0) as driver,
            driver.session(database="neo4j") as session,
        ):
            # A plain session.run: no managed-transaction retries (and no retry log lines) while starting.
            record = session.run("RETURN gds.version() AS v").single()
            return str(record["v"]) if record else None
    except ClientError as exc:
        if exc.code == RATE_LIMITED and wait_out_login_lock:
            time.sleep(AUTH_LOCK_WAIT_S)
            return _probe(uri, password, wait_out_login_lock=False)
        return None
    except (ServiceUnavailable, OSError, Neo4jError):
        return None


def start(settings: Settings, console: Console | None = None) -> ServerStatus:
    """Start the instance in the background (or reuse it) and return once Bolt answers and GDS is loaded."""
    with _lifecycle_lock(InstanceLayout.from_settings(settings)):
        return _start(settings, console)


def _start(settings: Settings, console: Console | None) -> ServerStatus:
    if not settings.managed:
        raise ServerError(
            "NEO4J_URI is set, so tkgrag uses that server and manages none; unset it to use the local one."
        )
    console = console or make_console(stderr=True)
    layout = InstanceLayout.from_settings(settings)
    current = status(settings)
    if current.running:
        password = read_password(layout.password_file)
        if password and _probe(current.uri, password):
            if current.pid is not None and _read_pid(layout) != current.pid:
                write_pid_file(layout, current.pid)  # found by its config dir: name it again
            return ServerStatus(**{**current.__dict__, "reused": True})
        raise ServerError(
            f"Instance '{layout.name}' has a live process (pid {current.pid}) that does not answer on {current.uri}. "
            f"Look at `tkgrag neo4j logs`, then `tkgrag neo4j stop` and start again."
        )
    stale = _read_pid(layout)
    if stale is not None:
        console.print(f"[yellow]Removing stale pid file {layout.pid_file} (pid {stale} is not this server).[/]")
        layout.pid_file.unlink(missing_ok=True)

    java_version()
    s = settings.server
    for port, what, var in (
        (s.bolt_port, "Bolt", "TKGRAG_BOLT_PORT"),
        (s.http_port, "HTTP", "TKGRAG_HTTP_PORT"),
    ):
        if not _port_free(port):
            raise ServerError(
                f"Port {port} ({what}) on 127.0.0.1 is already in use by another program. Stop it, or choose "
                f"another port with {var}=<port> (or point NEO4J_URI at the server that is already there)."
            )
    assemble(layout, console)

    make_private(layout)
    write_guide_jar(layout)  # Browser's files plus the explore guide, served by Neo4j (conf/ precedes lib/)
    conf = layout.conf_dir.joinpath("neo4j.conf")
    conf.write_text(render_conf(layout, s), encoding="utf-8")
    os.chmod(conf, 0o600)
    write_log_configs(layout.conf_dir)

    password = read_password(layout.password_file)
    if password is None:
        if layout.data_dir.joinpath("dbms", "auth.ini").exists() or layout.data_dir.joinpath("databases").exists():
            raise ServerError(
                f"The password file {layout.password_file} is missing but the instance already has data in "
                f"{layout.data_dir}. Restore the file, or remove {layout.root} to start afresh (data is lost)."
            )
        password = create_password(layout.password_file)
        try:
            _set_initial_password(layout, password)
        except BaseException:
            # A password file the server never got would lock every later start out (auth fails until a timeout).
            layout.password_file.unlink(missing_ok=True)
            raise

    cmd = [
        "java",
        *jvm_args(s),
        "-cp",
        layout.classpath(),
        ENTRY_POINT,
        f"--home-dir={layout.root}",
        f"--config-dir={layout.conf_dir}",
    ]
    env = {**os.environ, "NEO4J_HOME": str(layout.root), "NEO4J_CONF": str(layout.conf_dir)}
    t0 = time.monotonic()
    # Not neo4j.log: that is log4j's rolled file, and a second writer on it would survive its rotation.
    with _private_append(layout.jvm_output) as log:
        proc = subprocess.Popen(
            cmd,
            stdout=log,
            stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
            env=env,
            start_new_session=True,
            umask=PRIVATE_UMASK,
        )
    write_pid_file(layout, proc.pid)
    uri, http = _uris(settings)
    with console.status(f"Starting Neo4j instance '{layout.name}' on {uri} ..."):
        while True:
            if proc.poll() is not None:
                layout.pid_file.unlink(missing_ok=True)
                raise ServerError(
                    f"Neo4j exited during start (exit code {proc.returncode}). Last lines of {layout.console_log}:\n"
                    f"{tail(layout.console_log, 30)}\n\nof {layout.debug_log}:\n{tail(layout.debug_log, 15)}"
                    f"\n\nand of {layout.jvm_output}:\n{tail(layout.jvm_output, 15)}"
                )
            if _probe(uri, password):
                break
            if time.monotonic() - t0 > s.start_timeout_s:
                _terminate(proc.pid)
                layout.pid_file.unlink(missing_ok=True)
                raise ServerError(
                    f"Neo4j did not become ready within {s.start_timeout_s:.0f}s (TKGRAG_START_TIMEOUT). "
                    f"Last lines of its log:\n{tail(layout.console_log, 30)}"
                )
            time.sleep(0.5)
    return ServerStatus(
        running=True, pid=proc.pid, uri=uri, http_url=http, layout=layout, ready_seconds=time.monotonic() - t0
    )


def _private_append(path: Path) -> IO[bytes]:
    """``path`` opened for appending, created 0600 (the log folder is private, its files too)."""
    return _private_open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND, "ab")


def _private_open(path: Path, flags: int, mode: str) -> IO[bytes]:
    """``path`` opened with ``flags``, 0600: created so, and tightened when an older version left it 0644."""
    fd = os.open(path, flags, 0o600)
    try:
        os.fchmod(fd, 0o600)
    except OSError:
        os.close(fd)
        raise
    return os.fdopen(fd, mode)


def write_pid_file(layout: InstanceLayout, pid: int) -> None:
    """The server's pid in the run dir, 0600 like every file of the instance."""
    with _private_open(layout.pid_file, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, "wb") as fh:
        fh.write(f"{pid}\n".encode())


def _terminate(pid: int, timeout_s: float = 60.0) -> None:
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGTERM)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        try:
            os.kill(pid, 0)
        except ProcessLookupError:
            return
        # Reap it if it is our child (tests start and stop in one process).
        with contextlib.suppress(ChildProcessError):
            os.waitpid(pid, os.WNOHANG)
        time.sleep(0.2)
    with contextlib.suppress(ProcessLookupError):
        os.kill(pid, signal.SIGKILL)


def stop(settings: Settings) -> bool:
    """Stop the instance; returns False when it was not running. A stale pid file is removed either way."""
    layout = InstanceLayout.from_settings(settings)
    with _lifecycle_lock(layout):
        return _stop(settings, layout)


def _stop(settings: Settings, layout: InstanceLayout) -> bool:
    current = status(settings)
    if not current.running or current.pid is None:
        layout.pid_file.unlink(missing_ok=True)
        return False
    _terminate(current.pid)
    layout.pid_file.unlink(missing_ok=True)
    return True


def logs(settings: Settings, lines: int = 50, debug: bool = False) -> str:
    layout = InstanceLayout.from_settings(settings)
    return tail(layout.debug_log if debug else layout.console_log, lines)
