#!/usr/bin/env python3
"""Measure how long a new `hearts host` takes to be listed on another machine of the LAN.

Two network namespaces joined by a veth pair stand for the two machines (root
only; nothing leaves them). For each run: a browser waits in the client
namespace, `hearts host` starts in the other, and the time from starting the
host process to the browser's "added" event is printed; then Ctrl-C, and the
time until the browser's "removed" event.

    sudo .venv/bin/python scripts/discovery_time.py --runs 5
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.net.netns import interrupt, lan, read_event, read_until, unavailable  # noqa: E402

HEARTS = "import sys; from hearts.cli import main; sys.exit(main())"


def one_run(i: int) -> tuple[float, float, float]:
    name = f"Bench {i}"
    with lan(1) as (client, (server,)):
        watcher = client.python("-m", "tests.net.netns", "watch", "60")
        read_event(watcher, "browsing", 10)
        started = time.monotonic()
        host = server.python("-c", HEARTS, "host", "--port", "0", "--name", name, "--bot", "random")
        read_until(host, lambda line: "is running" in line, 10)
        running = time.monotonic()
        added = read_event(watcher, "added", 10, lambda d: d["host"]["name"] == name)
        stopped = time.monotonic()
        interrupt(host)
        removed = read_event(watcher, "removed", 10, lambda d: d["host"]["name"] == name)
        host.communicate(timeout=10)
        return added["t"] - started, added["t"] - running, removed["t"] - stopped


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    why = unavailable()
    if why:
        print(f"discovery_time: {why}", file=sys.stderr)
        return 2
    rows = []
    for i in range(args.runs):
        listed, after_running, gone = one_run(i)
        rows.append((listed, after_running, gone))
        print(f"run {i + 1}: listed {listed:.3f} s after the host process started "
              f"({after_running:.3f} s after it printed it was running); "
              f"removed {gone:.3f} s after Ctrl-C", flush=True)
    for label, col in (("listed after start", 0), ("listed after 'running'", 1),
                       ("removed after Ctrl-C", 2)):
        values = [r[col] for r in rows]
        print(f"{label}: median {statistics.median(values):.3f} s, "
              f"min {min(values):.3f} s, max {max(values):.3f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
