"""`hearts host` and the browser client: the address and its QR code printed, the port
flags, one sentence when the asked-for port is taken."""

from __future__ import annotations

import asyncio
import errno
import os
import re
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from hearts.cli import main
from hearts.gui.qr import terminal_qr
from hearts.net.host import Host
from hearts.net.web import WebListenError, start_web
from tests.ports import free_port

ROOT = Path(__file__).resolve().parents[2]


def _host(*args: str) -> subprocess.Popen[str]:
    cmd = [sys.executable, "-m", "hearts.cli", "host", "--bind", "127.0.0.1", "--port", "0",
           "--no-advertise", "--bot", "random", *args]
    env = {**os.environ, "PYTHONPATH": str(ROOT), "PYTHONIOENCODING": "utf-8",
           "TERM": "xterm-256color"}
    env.pop("NO_COLOR", None)
    return subprocess.Popen(cmd, env=env, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, text=True, encoding="utf-8")


def _lines_until(proc: subprocess.Popen[str], done, timeout: float = 15.0) -> list[str]:
    lines: list[str] = []
    end = time.monotonic() + timeout
    assert proc.stdout is not None
    while time.monotonic() < end:
        line = proc.stdout.readline()
        if not line:
            break
        lines.append(line.rstrip("\n"))
        if done(lines):
            return lines
    raise AssertionError("the host did not print what was expected:\n" + "\n".join(lines))


def _stop(proc: subprocess.Popen[str]) -> str:
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=10)
    assert proc.returncode == 0, err
    return err


def test_the_host_prints_the_page_address_and_its_qr_code() -> None:
    proc = _host("--web-port", "0")
    try:
        lines = _lines_until(proc, lambda ls: any("http://" in x for x in ls))
        text = "\n".join(lines)
        assert "Phones and laptops join in a browser at:" in text
        url = re.search(r"http://127\.0\.0\.1:(\d+)/", text)
        assert url is not None
        qr = terminal_qr(url.group(0)).splitlines()        # in colour: both themes scan it
        lines += _lines_until(proc, lambda ls: qr[-1] in ls)
        assert lines[-len(qr):] == qr                       # the code of that very address
        with urllib.request.urlopen(url.group(0), timeout=5) as page:
            assert page.status == 200 and b"<title>Hearts</title>" in page.read()
    finally:
        _stop(proc)


def test_no_web_serves_no_page() -> None:
    proc = _host("--no-web", "--console")
    try:
        assert proc.stdin is None
        lines = _lines_until(proc, lambda ls: any("/help" in x for x in ls))
        assert not any("browser" in x or "http://" in x for x in lines)
    finally:
        _stop(proc)


def test_a_taken_web_port_is_one_sentence(capsys) -> None:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        s.listen()
        port = s.getsockname()[1]
        assert main(["host", "--bind", "127.0.0.1", "--port", "0", "--no-advertise",
                     "--web-port", str(port)]) == 2
    err = capsys.readouterr().err
    assert f"cannot serve the browser client on 127.0.0.1:{port}" in err
    assert "--no-web" in err and err.count("\n") == 1


@pytest.mark.parametrize("web", [["--web-port", "0"], ["--no-web"]])
def test_an_address_this_computer_lacks_asks_for_another_bind(capsys, web) -> None:
    """192.0.2.1 (TEST-NET-1, for documentation) is no address of this machine: the fix is
    --bind, whichever port fails first (nothing is sent: binding fails at once)."""
    assert main(["host", "--bind", "192.0.2.1", "--port", "0", "--no-advertise", *web]) == 2
    err = capsys.readouterr().err
    assert "192.0.2.1" in err and "this computer has no such address" in err
    assert err.rstrip().endswith("choose another --bind or leave it out") and err.count("\n") == 1


def test_the_usual_web_port_taken_gives_another_one() -> None:
    with socket.socket() as s:
        # hold the port ourselves: another suite's host on this machine may hold it now and
        # let it go before ours starts (taken by someone else all along is the same case)
        for _ in range(50):
            try:
                s.bind(("127.0.0.1", 7896))
                s.listen()
                break
            except OSError:
                time.sleep(0.2)
        proc = _host()
        try:
            lines = _lines_until(proc, lambda ls: any("http://" in x for x in ls))
            url = next(x for x in lines if "http://" in x)
            assert ":7896/" not in url
        finally:
            _stop(proc)


def test_two_hosts_starting_together_on_one_web_port_the_second_is_told() -> None:
    """Both bind the port before either listens (SO_REUSEADDR lets them): the second must
    hear that the port is taken when it starts, so that `hearts host` gives it another
    one, not fail later with "cannot listen"."""
    async def both() -> None:
        port = free_port()
        first = await start_web(Host("One"), "127.0.0.1", port)
        try:
            with pytest.raises(WebListenError) as taken:
                await start_web(Host("Two"), "127.0.0.1", port)
            assert taken.value.errno == errno.EADDRINUSE
            await first.start_serving()
            _, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.close()
        finally:
            first.close()
            await first.wait_closed()

    asyncio.run(both())
