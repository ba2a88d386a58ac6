"""A real PostgreSQL 15 cluster for tests: initdb in a temporary folder, pg_ctl on a free loopback port."""

from __future__ import annotations

import contextlib
import os
import pwd
import shutil
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


@contextlib.contextmanager
def postgres_cluster() -> Iterator[str]:
    """Yield a SQLAlchemy URL of a fresh cluster (trust auth on 127.0.0.1); stop and delete it after."""
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
    opts = f"-p {port} -k {sock} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_postgres([_pg_bin("pg_ctl"), "-D", str(data), "-o", opts, "-l", str(tmp / "log"), "-w", "start"]),
        check=True,
        capture_output=True,
    )
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_postgres([_pg_bin("pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]), capture_output=True
        )
        shutil.rmtree(tmp, ignore_errors=True)
