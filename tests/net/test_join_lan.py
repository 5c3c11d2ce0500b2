"""`hearts join NAME`: find a host by its advertised name on a LAN of network namespaces.

The host runs `hearts host` in one namespace and the client `hearts join` in
another; mDNS and TCP travel only over the veth pair the test made (root only).
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from tests.net import netns
from tests.net.netns import REPO, lan

HEARTS = "import sys; from hearts.cli import main; sys.exit(main())"

pytestmark = pytest.mark.netns


def _line(proc: subprocess.Popen[str], want: str, timeout: float = 15.0) -> str:
    """Read ``proc``'s stdout until a line containing ``want``."""
    return netns.read_until(proc, lambda line: want in line, timeout)


def _join(ns: "netns.Namespace", *args: str,
          input_text: str = "") -> subprocess.CompletedProcess[str]:
    """Run ``hearts join ARGS`` inside ``ns`` with ``input_text`` as its typed lines."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    return subprocess.run(ns.command(sys.executable, "-c", HEARTS, "join", *args), cwd=REPO,
                          env=env, text=True, capture_output=True, input=input_text, timeout=30)


def test_join_a_host_by_its_advertised_name() -> None:
    with lan(1) as (client, (server,)):
        host = server.python("-c", HEARTS, "host", "--port", "0", "--name", "Dentest",
                             "--bot", "random")
        _line(host, "hearts join ")
        # a single word that no resolver knows: looked up on the LAN (any case)
        done = _join(client, "dentest", "--name", "Ann", "--find-timeout", "5",
                     input_text="create\n")
        assert done.returncode == 0, done.stderr
        assert "Traceback" not in done.stderr
        out = done.stdout.splitlines()
        assert out[0] == "Looking for dentest on the local network..."
        assert out[1] == f"Found Dentest at {server.address} port " + out[1].rsplit(" ", 1)[1]
        assert "Connected to Dentest as Ann. Type help for the commands." in out
        assert any(line.startswith('You sit at table 1 "Ann') for line in out)


def test_an_unknown_name_is_one_sentence() -> None:
    with lan(1) as (client, _):
        done = _join(client, "Nobody Here", "--find-timeout", "1")
        assert done.returncode == 2
        assert done.stderr.strip() == (
            "hearts join: no Hearts host called 'Nobody Here' answered on the local network "
            "within 1 s; hearts browse lists the hosts, or give an address like "
            "192.168.1.5:7895")
