"""A free TCP port on 127.0.0.1, for a process that must be started with a port number.

A host in the test's own process takes port 0 and reads the one it got; a host started as
a command (`hearts host --port N`), or one restarted on the port it had, needs a number
up front. The numbers come from below the kernel's ephemeral range (32768 and up on Linux,
49152 and up on macOS and Windows), so no outgoing connection can be handed the same
number between the check and the use, and each xdist worker draws from its own slice, so
two workers never pick the same one.
"""

from __future__ import annotations

import os
import random
import socket

LOW, HIGH = 20000, 32000          # below every system's ephemeral ports
SLICES = 8                        # worker gwN draws from slice N % SLICES


def _slice() -> range:
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    n = int(worker[2:]) if worker[2:].isdigit() else 0
    size = (HIGH - LOW) // SLICES
    start = LOW + (n % SLICES) * size
    return range(start, start + size)


def is_free(port: int, host: str = "127.0.0.1") -> bool:
    """Nothing is bound to ``port`` on ``host`` (or on every address) now."""
    with socket.socket() as s:
        try:
            s.bind((host, port))
        except OSError:
            return False
    return True


_given: set[int] = set()


def free_port(host: str = "127.0.0.1") -> int:
    """A port on ``host`` that nothing listens on now, and not one this process was
    given before (two asked for at once, as a host's game and web ports, are not bound
    until the host starts, and a process a test stopped may still hold its own)."""
    ports = _slice()
    if len(_given) > len(ports) // 2:
        _given.clear()
    rng = random.Random()
    for _ in range(200):
        port = rng.choice(ports)
        if port not in _given and is_free(port, host):
            _given.add(port)
            return port
    raise RuntimeError(f"no free port found in {ports.start}-{ports.stop - 1}")
