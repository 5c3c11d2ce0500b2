"""LAN discovery for real: `hearts host` and the client in different network namespaces.

Namespaces joined by a veth pair (or a bridge, for three) behave like machines on
a LAN; mDNS and TCP travel only over the links the test made. Root only (CI is root).
Run with ``-s`` to see the measured time from host start to being listed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time

import pytest

from tests.net.netns import REPO, interrupt, lan, namespaces_left, read_event, read_until

pytestmark = pytest.mark.netns

HEARTS = "import sys; from hearts.cli import main; sys.exit(main())"


def _host(ns, name: str, *extra: str) -> subprocess.Popen[str]:
    return ns.python("-c", HEARTS, "host", "--port", "0", "--name", name, "--bot", "random", *extra)


def _named(name: str):
    return lambda d: d["host"]["name"] == name


def test_a_host_is_discovered_joined_played_and_gone_when_it_stops() -> None:
    name = f"Table {os.getpid()}"
    with lan(1) as (client, (server,)):
        watcher = client.python("-m", "tests.net.netns", "watch", "40")
        read_event(watcher, "browsing", 10)
        started = time.monotonic()
        host = _host(server, name)
        running = read_until(host, lambda line: "is running" in line, 10)
        assert name in running
        running_at = time.monotonic()

        added = read_event(watcher, "added", 3 + running_at - started, _named(name))
        print(f"\nlisted on the other namespace {added['t'] - started:.2f} s after the host "
              f"process started ({added['t'] - running_at:.2f} s after it said it was running)")
        found = added["host"]
        # the host listens on 0.0.0.0: its IPv4 address only, not its IPv6 one
        assert found["addresses"] == [server.address]
        assert found["instance"] == name
        props = found["properties"]
        assert props["version"] == "1" and props["name"] == name
        assert (props["tables"], props["playing"]) == ("0", "0")

        # join it by its advertised name (any case) over TCP and play a hand against bots
        played = client.run("-m", "tests.net.netns", "play-hand", name.upper(), "5", timeout=40)
        assert played.returncode == 0, played.stderr
        lines = [json.loads(line) for line in played.stdout.splitlines()]
        assert [d["event"] for d in lines] == ["found", "welcome", "hand_scored"]
        assert lines[1]["host"] == name
        assert sum(lines[2]["scored"]["points"]) in (26, 78)  # 78: shot the moon, others +26

        # the browser client: its port in the TXT record, its page named by _http._tcp
        assert props["web"] == "7896"
        page = client.run("-m", "tests.net.netns", "web-page", name, "5", timeout=20)
        assert page.returncode == 0, page.stderr
        got = json.loads(page.stdout.splitlines()[-1])
        assert (got["event"], got["port"], got["path"], got["status"], got["title"]) == \
            ("page", 7896, "/", "200", True)

        # the table it made shows in the TXT records
        updated = read_event(watcher, "updated", 5, _named(name))
        assert updated["host"]["properties"]["tables"] == "1"

        # Ctrl-C: goodbye packets remove it at once (not after the 75-minute TTL)
        stopped = time.monotonic()
        interrupt(host)
        removed = read_event(watcher, "removed", 3, _named(name))
        print(f"removed {removed['t'] - stopped:.2f} s after Ctrl-C")
        out, err = host.communicate(timeout=10)
        assert host.returncode == 0, err
        assert "Traceback" not in err and "not advertised" not in err


def test_two_hosts_on_three_namespaces_are_both_listed() -> None:
    same = f"Twin {os.getpid()}"
    with lan(2) as (client, servers):
        watcher = client.python("-m", "tests.net.netns", "watch", "30")
        read_event(watcher, "browsing", 10)
        # two machines with the same name, started together; and one that stays invisible
        hosts = [_host(ns, same) for ns in servers]
        hidden = _host(servers[0], f"Hidden {os.getpid()}", "--no-advertise")
        for h in (*hosts, hidden):
            read_until(h, lambda line: "is running" in line, 10)
        # the watcher's picture settles on two services at two addresses
        listed: dict[str, str] = {}

        def settled(line: str) -> bool:
            ev = json.loads(line)
            if ev["event"] in ("added", "updated") and ev["host"]["name"] == same:
                listed[ev["host"]["instance"]] = ev["host"]["addresses"][0]
            return len(listed) == 2 and len(set(listed.values())) == 2

        read_until(watcher, settled, 8)
        done = client.run("-c", HEARTS, "browse", "--json", "--timeout", "1.5")
        assert done.returncode == 0, done.stderr
        found = json.loads(done.stdout)
        assert sorted(h["instance"] for h in found) == [same, f"{same}-2"]
        assert sorted(h["addresses"][0] for h in found) == sorted(ns.address for ns in servers)
        assert all(h["name"] == same for h in found)

        table = client.run("-c", HEARTS, "browse", "--timeout", "1.5")
        head, *rows = table.stdout.splitlines()
        assert head.split() == ["NAME", "ADDRESS", "TABLES", "FREE", "SEATS", "RULES", "GAME"]
        assert sum(f"{ns.address}:" in table.stdout for ns in servers) == 2
        assert "Hidden" not in table.stdout


def test_without_multicast_the_host_serves_by_address_and_says_once_why() -> None:
    name = f"Quiet {os.getpid()}"
    with lan(1, host_multicast=False) as (client, (server,)):
        host = _host(server, name)
        line = read_until(host, lambda line: "hearts join 10." in line, 10)
        address = line.split()[-1]
        assert address.startswith(f"{server.address}:")
        hello = client.run("-c", (
            "import asyncio, sys\n"
            "from net.client import Client\n"
            "async def main():\n"
            f"    c = Client('{server.address}', {address.rsplit(':', 1)[1]}, name='Ann',"
            " reconnect=False)\n"
            "    w = await c.connect()\n"
            "    print(w['host'])\n"
            "    await c.close()\n"
            "asyncio.run(main())\n"))
        assert hello.returncode == 0, hello.stderr
        assert hello.stdout.strip() == name
        nothing = client.run("-c", HEARTS, "browse", "--timeout", "1")
        assert nothing.stdout.strip() == "No Hearts hosts found on the LAN within 1 s."
        interrupt(host)
        _, err = host.communicate(timeout=10)
        assert host.returncode == 0
        why = [line for line in err.splitlines() if "not advertised" in line]
        assert len(why) == 1, err
        assert why[0].endswith(f"hearts: host '{name}' is not advertised on the LAN (no network "
                               "interface with multicast is up); players can still join by "
                               "address.")


def test_namespaces_are_removed_whatever_happens() -> None:
    with pytest.raises(RuntimeError, match="boom"):
        with lan(2) as (client, servers):
            assert len(namespaces_left(client)) == 3
            sleeper = client.python("-c", "import time; time.sleep(60)")
            raise RuntimeError("boom")
    assert namespaces_left(client) == []
    assert sleeper.returncode is not None


def test_browse_without_any_interface_is_one_sentence() -> None:
    # a namespace of its own with loopback down: nowhere to send multicast
    done = subprocess.run(["unshare", "-n", sys.executable, "-c", HEARTS, "browse"], cwd=REPO,
                          env={**os.environ, "PYTHONPATH": str(REPO)}, capture_output=True,
                          text=True, timeout=20)
    assert done.returncode == 2
    assert done.stderr == ("hearts browse: cannot look for hosts on the LAN: no network "
                           "interface with multicast is up.\n")


def test_ipv6_addresses_are_listed_when_the_host_listens_on_them() -> None:
    name = f"Dual {os.getpid()}"
    with lan(1) as (client, (server,)):
        watcher = client.python("-m", "tests.net.netns", "watch", "20")
        read_event(watcher, "browsing", 10)
        # a listener on both stacks (asyncio.start_server with no host)
        server.python("-m", "tests.net.netns", "advertise", name)
        added = read_event(watcher, "added", 5, _named(name))
        assert added["host"]["addresses"] == [server.address, server.address6]
        port = added["host"]["port"]
        greeting = client.run("-c", (
            "import socket\n"
            f"s = socket.create_connection(('{server.address6}', {port}), timeout=5)\n"
            "print(s.makefile().readline().strip())\n"))
        assert greeting.stdout.strip() == f"hello {name}", greeting.stderr
