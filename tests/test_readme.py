"""Every command README.md shows runs: a smoke run with small settings that exits 0 and
prints its figures, so that a README line cannot rot (the 100-table `hearts bench host`
once printed tracebacks and no figures).

The commands are read from README.md itself (its fenced blocks and the `hearts ...` of its
tables); each maps to a smoke run in `SMOKE`, and a command without one fails. Hosts run
on 127.0.0.1 at free ports without advertising, are waited for until they print where to
join, and are stopped with Ctrl-C; the desktop client runs headless, until its menu or
its first deal; `hearts browse` and `hearts join NAME` run on a LAN of network namespaces
(root only). `scripts/play` and `scripts/test` are left to CI.
"""

from __future__ import annotations

import os
import re
import shlex
import signal
import socket
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.net import netns

REPO = Path(__file__).resolve().parents[1]
HEARTS = "import sys; from hearts.cli import main; sys.exit(main())"
# the desktop client until it shows its menu ("menu") or its first deal ("dealt"), then
# closed as a player would (the window's close): prints what it reached
GUI_UNTIL = """
import sys
from hearts.gui import app as appmodule
want = sys.argv.pop(1)

def reached(app):
    screen = app.screen
    if want == "menu":
        return type(screen).__name__ == "MainMenu"
    view = getattr(getattr(screen, "model", None), "view", None)
    return view is not None and len(view.hand) == 13

def run(self):
    try:
        while self.running and not reached(self):
            self.step()
        print("reached", want, type(self.screen).__name__, flush=True)
    finally:
        self.close()
    return self.exit_status

appmodule.App.run = run
from hearts.cli import main
sys.exit(main())
"""
HANG_GUARD = 300.0   # seconds: a hung run fails here instead of hanging the suite


@dataclass(frozen=True)
class Smoke:
    """How a README command is smoke-run: ``kind`` ("exits": to its end; "gui-exits": the
    desktop client to its end; "menu"/"dealt": the client until then; "serves": started,
    waited for, stopped; "join": against a host; "lan": on a namespace LAN), ``extra``
    arguments that make it small, a pattern its output must show, and whether its save
    folder holds finished games first (written by `hearts bench history`)."""

    kind: str
    extra: tuple[str, ...] = ()
    shows: str = ""
    games: bool = False


FUZZED = r"inputs tried : [1-9][\s\S]*leaks: none"   # inputs, not only the set-up
SMALL_HOST = ("--tables", "2", "--seconds", "1", "--warmup", "0.3", "--no-echo")
SMOKE: dict[str, Smoke] = {
    # the desktop client
    "hearts": Smoke("menu"),
    "hearts play": Smoke("menu"),
    "hearts play --demo": Smoke("gui-exits", ("--exit-after-hands", "1", "--animations", "off")),
    "hearts play --bots --rules omnibus --seed 3": Smoke("dealt", ("--animations", "off")),
    "hearts play --demo --exit-after-hands 1 --screenshot table.png --animations off":
        Smoke("gui-exits"),
    # the host
    "hearts host": Smoke("serves"),
    "hearts host --save-dir ~/hearts-saves": Smoke("serves"),
    "hearts host --save-dir ~/hearts-saves --resume": Smoke("serves"),
    "hearts host --rules omnibus --bot hard --name \"Den\" --port 7000 --bind 192.168.1.5":
        Smoke("serves", shows="'Den'"),
    "hearts host --web-port 8080": Smoke("serves", shows=r"http://127\.0\.0\.1:\d+/"),
    "hearts host --save-dir ~/hearts-saves --history": Smoke("exits", shows="winner", games=True),
    "hearts host --save-dir ~/hearts-saves --session 18:00": Smoke("serves"),
    "hearts host --stats --save-dir ~/hearts-saves": Smoke("exits", shows="All time on this host: 2 games", games=True),
    # clients
    "hearts join HOST[:PORT]": Smoke("join", shows="Connected to"),
    "hearts join NAME": Smoke("lan", shows="Connected to"),
    "hearts browse": Smoke("lan", shows="Smoke"),
    # matches
    "hearts match": Smoke("exits", ("--deals", "1"), r"points a hand"),
    "hearts match --bots hard,eager,eager,eager --vs normal --games 100 --jobs 2":
        Smoke("exits", ("--games", "1", "--jobs", "1", "--set", "target=10", "--budget", "0.05"),
              r"points a hand"),
    "hearts match --bots normal,rules,rules,rules --deals 500 --seed 1 --rules omnibus "
    "--set moon=choose --json": Smoke("exits", ("--deals", "1"), r'"points_per_hand"'),
    # benchmarks
    "hearts bench engine": Smoke("exits", ("--seconds", "0.3"), r"hands/s"),
    "hearts bench openspiel": Smoke("exits", ("--hands", "64"), r"64 hands .* agree"),
    "hearts bench bots": Smoke("exits", ("--hands", "1", "--levels", "rules"), r"decisions"),
    "hearts bench host": Smoke("exits", SMALL_HOST, r"\d+ actions/s"),
    "hearts bench host --tables 100": Smoke("exits", ("--seconds", "1", "--warmup", "0.3",
                                                      "--no-echo"), r"\d+ actions/s"),
    "hearts bench host --tables 100 --web-share 0.5": Smoke("exits", SMALL_HOST, r"mixed: +\d+"),
    "hearts bench host --tables 20 --clients 10000 --idle":
        Smoke("exits", SMALL_HOST + ("--clients", "20"), r"idle : 20 idle"),
    "hearts bench client": Smoke("exits", ("--starts", "1", "--idle", "0.5", "--anim", "0.5"),
                                 r"frame time"),
    "hearts bench fuzz": Smoke("exits", ("--seconds", "1"), FUZZED),
    "hearts bench fuzz --seconds 60": Smoke("exits", ("--seconds", "1"), FUZZED),
    "hearts bench history": Smoke("exits", ("--games", "4", "--people", "3", "--asks", "3"),
                                  r"stats +median"),
    "hearts bench history --games 1000": Smoke("exits", ("--games", "4", "--people", "3",
                                                         "--asks", "3"), r"stats +median"),
    "hearts bench night": Smoke("exits", ("--hands", "4", "--scale", "20", "--restarts", "1"),
                                r"invariant violations: 0"),
}
LEFT_TO_CI = ("scripts/play", "scripts/test")


def readme_commands(text: str) -> list[str]:
    """The commands README.md shows: each line of a fenced block (its comment cut off, an
    optional ``[--x y]`` taken in) and each `hearts ...` of a table row, where `` `a b c` /
    `d` `` names ``a b c`` and ``a b d``."""
    found: list[str] = []
    fenced = False
    for line in text.splitlines():
        if line.startswith("```"):
            fenced = not fenced
            continue
        if fenced:
            command = line.split("  #", 1)[0].strip()
            command = re.sub(r"\[([^\]]*)\]", r"\1", command) if "[--" in command else command
            if command:
                found.append(command)
        elif line.startswith("|"):
            cell = line.split("|")[1]
            spans = re.findall(r"`([^`]+)`", cell)
            if spans and spans[0].startswith("hearts"):
                stem = spans[0].rsplit(" ", 1)[0]
                found += [s if s.startswith("hearts") else f"{stem} {s}" for s in spans]
    return list(dict.fromkeys(c for c in found if not c.startswith(LEFT_TO_CI)))


COMMANDS = readme_commands((REPO / "README.md").read_text(encoding="utf-8"))


def test_every_readme_command_has_a_smoke_run_and_every_smoke_run_a_command() -> None:
    assert [c for c in COMMANDS if c not in SMOKE] == []
    assert [c for c in SMOKE if c not in COMMANDS] == []


def test_the_readme_parser_reads_fences_and_tables() -> None:
    text = ("x\n```\nhearts a --b 1   # says\nscripts/test\nhearts c [--d e]\n```\n"
            "| `hearts bench x` / `y` | z |\n| `hearts` / `hearts play` | w |\n")
    assert readme_commands(text) == ["hearts a --b 1", "hearts c --d e", "hearts bench x",
                                     "hearts bench y", "hearts", "hearts play"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _argv(command: str, smoke: Smoke, tmp: Path) -> list[str]:
    """The README command's arguments with this machine's places, loopback addresses and
    free ports put in, then the smoke run's own."""
    args = shlex.split(command)[1:]
    args = [str(tmp / "saves") if a == "~/hearts-saves" else a for a in args]
    if smoke.kind == "serves" or args[:1] == ["host"]:
        for flag, value in (("--port", "0"), ("--bind", "127.0.0.1"),
                            ("--web-port", str(_free_port()))):
            if flag in args:
                args[args.index(flag) + 1] = value
            else:
                args += [flag, value]
        args += ["--no-advertise", "--bot", "random"] if "--bot" not in args else ["--no-advertise"]
    return args + list(smoke.extra)


def _env(tmp: Path) -> dict[str, str]:
    home = tmp / "home"
    return {**os.environ, "PYTHONPATH": str(REPO), "HOME": str(home),
            "XDG_CONFIG_HOME": str(home / "config"), "XDG_DATA_HOME": str(home / "data"),
            "SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy",
            "PYGAME_HIDE_SUPPORT_PROMPT": "1", "PYTHONUNBUFFERED": "1", "LANGUAGE": "en"}


def _run(code: list[str], tmp: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, *code], cwd=tmp, env=_env(tmp), text=True,
                          input=stdin, capture_output=True, timeout=HANG_GUARD)


def _serve(args: list[str], tmp: Path) -> tuple[subprocess.Popen[str], str]:
    """A host started from ``args``; it and what it printed once it says where to join."""
    proc = subprocess.Popen([sys.executable, "-c", HEARTS, *args], cwd=tmp, env=_env(tmp),
                            text=True, stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    seen: list[str] = []
    try:
        netns.read_until(proc, lambda line: "hearts join " in line, 60, seen)
        if "--no-web" not in args:      # and the page's address
            netns.read_until(proc, lambda line: "http://" in line, 10, seen)
    except AssertionError:
        proc.kill()
        raise AssertionError(f"{args}: {''.join(seen)}{proc.communicate()[1]}") from None
    return proc, "".join(seen)


def _stop(proc: subprocess.Popen[str]) -> tuple[str, str]:
    """Ctrl-C for a host, which must end with status 0; the rest of its output."""
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=HANG_GUARD)
    assert proc.returncode == 0, err
    return out, err


@pytest.mark.parametrize("command", COMMANDS)
def test_a_readme_command_runs(command: str, tmp_path: Path) -> None:
    smoke = SMOKE.get(command)
    if smoke is None:
        pytest.fail(f"README.md shows {command!r}, which has no smoke run in SMOKE")
    twin = _same_run_before(command, smoke)
    if twin is not None:
        return          # its twin's run, the same program with the same settings, is the test
    args = _argv(command, smoke, tmp_path)
    if smoke.games:
        assert _run(["-c", HEARTS, "bench", "history", "--games", "2", "--people", "3", "--asks",
                     "1", "--save-dir", str(tmp_path / "saves")], tmp_path).returncode == 0
    if smoke.kind == "serves":
        proc, out = _serve(args, tmp_path)
        rest, err = _stop(proc)
        out += rest
    elif smoke.kind == "join":
        host, said = _serve(["host", "--port", "0", "--bind", "127.0.0.1", "--no-web",
                             "--no-advertise", "--bot", "random"], tmp_path)
        try:
            address = said.split("hearts join ", 1)[1].split()[0]
            done = _run(["-c", HEARTS, "join", address, "--name", "Ann"], tmp_path, "create\n")
        finally:
            _stop(host)
        out, err = done.stdout, done.stderr
        assert done.returncode == 0, err
    elif smoke.kind == "lan":
        out, err = _on_a_lan(args, tmp_path)
    else:
        if smoke.kind in ("menu", "dealt"):
            code = ["-c", GUI_UNTIL, smoke.kind, *args]
        else:
            code = ["-c", HEARTS, *args]
        done = _run(code, tmp_path)
        out, err = done.stdout, done.stderr
        assert done.returncode == 0, err
    assert "Traceback" not in err and "Fatal error" not in err, err
    if smoke.kind in ("menu", "dealt"):
        assert f"reached {smoke.kind}" in out
    if "--screenshot" in args:
        assert (tmp_path / args[args.index("--screenshot") + 1]).stat().st_size > 0
    if smoke.shows:
        assert re.search(smoke.shows, out), out


def _same_run_before(command: str, smoke: Smoke) -> str | None:
    """An earlier README command whose smoke run is this one's (the same subcommand and
    arguments once the smoke's own are added: `hearts bench fuzz --seconds 60` smoke-run for
    one second is `hearts bench fuzz`'s run), or None."""
    if smoke.kind not in ("exits", "gui-exits", "menu", "dealt") or smoke.games:
        return None
    from hearts.cli import parse

    def settings(c: str) -> tuple[str | None, dict[str, object]]:
        name, _, args = parse(_argv(c, SMOKE[c], Path("saves")))
        return name, vars(args)
    mine = settings(command)
    for before in COMMANDS[:COMMANDS.index(command)]:
        twin = SMOKE.get(before)
        if (twin is not None and (twin.kind, twin.shows) == (smoke.kind, smoke.shows)
                and settings(before) == mine):
            return before
    return None


def test_commands_that_smoke_the_same_run_are_run_once() -> None:
    assert _same_run_before("hearts bench fuzz --seconds 60",
                            SMOKE["hearts bench fuzz --seconds 60"]) == "hearts bench fuzz"
    assert _same_run_before("hearts play", SMOKE["hearts play"]) == "hearts"
    assert _same_run_before("hearts bench host --tables 100",
                            SMOKE["hearts bench host --tables 100"]) is None


def _on_a_lan(args: list[str], tmp: Path) -> tuple[str, str]:
    """``hearts ARGS`` in a client namespace, with a host called Smoke advertised in another
    (mDNS only over the test's own veth pair); its stdout and stderr."""
    why = netns.unavailable()
    if why is not None:
        pytest.skip(why)
    if args[0] == "join":
        args = ["join", "smoke", "--name", "Ann", "--find-timeout", "5"]
    else:
        args = [*args, "--timeout", "4"]
    with netns.lan(1) as (client, (server,)):
        host = server.python("-c", HEARTS, "host", "--port", "0", "--name", "Smoke",
                             "--bot", "random", "--no-web")
        netns.read_until(host, lambda line: "hearts join " in line, 30)
        done = subprocess.run(client.command(sys.executable, "-c", HEARTS, *args), cwd=tmp,
                              env=_env(tmp), text=True, capture_output=True, input="create\n",
                              timeout=HANG_GUARD)
        netns.interrupt(host)
    assert done.returncode == 0, done.stderr
    return done.stdout, done.stderr
