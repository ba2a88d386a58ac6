"""A real PostgreSQL 15 cluster for tests: initdb in a temporary folder, pg_ctl on a free loopback port."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

from tests.support import free_port


def _pg_bin(name: str) -> str:
    found = shutil.which(name)
    if found:
        return found
    for d in sorted(Path("/usr/lib/postgresql").glob("*/bin"), reverse=True):
        if (d / name).exists():
            return str(d / name)
    raise FileNotFoundError(f"{name} not found: install PostgreSQL (apt-get install postgresql)")


def _as_postgres(cmd: list[str]) -> list[str]:
    # initdb refuses to run as root: run the server tools as the postgres user
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *cmd]
    return cmd


class Cluster:
    """A running test cluster: its URL, and the outages a test plays (stop, start, pause, resume)."""

    def __init__(self, data: Path, opts: str, log: Path, port: int) -> None:
        self.data, self.opts, self.log = data, opts, log
        self.url = f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"

    def start(self) -> None:
        cmd = [_pg_bin("pg_ctl"), "-D", str(self.data), "-o", self.opts, "-l", str(self.log), "-w", "start"]
        subprocess.run(_as_postgres(cmd), check=True, capture_output=True)

    def stop(self) -> None:
        cmd = [_pg_bin("pg_ctl"), "-D", str(self.data), "-m", "immediate", "stop"]
        subprocess.run(_as_postgres(cmd), capture_output=True)

    def _pids(self) -> list[int]:
        main = int((self.data / "postmaster.pid").read_text().split()[0])
        found = subprocess.run(["pgrep", "-P", str(main)], capture_output=True, text=True).stdout.split()
        return [main, *map(int, found)]

    def pause(self) -> None:
        """The server hung (every process stopped): connections open, nothing answers."""
        for pid in self._pids():
            os.kill(pid, signal.SIGSTOP)

    def resume(self) -> None:
        for pid in self._pids():
            os.kill(pid, signal.SIGCONT)


@contextlib.contextmanager
def controlled_cluster() -> Iterator[Cluster]:
    """A fresh cluster (trust auth on 127.0.0.1) a test can stop, start, pause and resume; deleted after."""
    tmp = Path(tempfile.mkdtemp(prefix="faqbot-pg-"))
    data, sock = tmp / "data", tmp / "sock"
    sock.mkdir()
    if os.geteuid() == 0:
        pw = pwd.getpwnam("postgres")
        os.chown(tmp, pw.pw_uid, pw.pw_gid)
        os.chown(sock, pw.pw_uid, pw.pw_gid)
    port = free_port()
    subprocess.run(
        _as_postgres([_pg_bin("initdb"), "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8"]),
        check=True,
        capture_output=True,
    )
    cluster = Cluster(data, f"-p {port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync=off", tmp / "log", port)
    cluster.start()
    try:
        yield cluster
    finally:
        with contextlib.suppress(Exception):
            cluster.resume()
        cluster.stop()
        shutil.rmtree(tmp, ignore_errors=True)


@contextlib.contextmanager
def postgres_cluster() -> Iterator[str]:
    """Yield a SQLAlchemy URL of a fresh cluster (trust auth on 127.0.0.1); stop and delete it after."""
    with controlled_cluster() as cluster:
        yield cluster.url
