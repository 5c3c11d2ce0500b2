"""`hearts host`: run a headless LAN host (logs to stderr, prints the addresses to join)."""

from __future__ import annotations

import argparse
import asyncio
import errno
import gc
import json
import logging
import os
import signal
import sys
import tomllib
from pathlib import Path

from typing import TYPE_CHECKING

from hearts import i18n
from hearts.cli import UserError
from hearts.engine import Rules, RulesError
from hearts.i18n import _, error_words, said

if TYPE_CHECKING:
    from hearts.net.history import History
    from hearts.net.host import Host

log = logging.getLogger("hearts.host")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--port", type=int, default=7895, help="TCP port (default 7895; 0: any)")
    parser.add_argument("--bind", default="0.0.0.0", help="address to listen on (default all)")
    parser.add_argument("--web-port", type=int, default=None,
                        help="HTTP port of the browser client, for phones and laptops without "
                             "Hearts installed (default 7896, or any free port when it is "
                             "taken; 0: any)")
    parser.add_argument("--no-web", action="store_true",
                        help="do not serve the browser client")
    parser.add_argument("--name", default=None, help="the host's name shown on the LAN")
    parser.add_argument("--rules", default="standard",
                        help="default rules of new tables: a preset name or a .json/.toml file")
    parser.add_argument("--save-dir", default=None,
                        help="save every table here after every action, and the game history")
    parser.add_argument("--resume", action="store_true",
                        help="bring back the tables saved in --save-dir")
    parser.add_argument("--bot", default="normal",
                        help="the bots that fill seats: a level, or your own bot as "
                             "package.module:ClassName (then also offered to the tables)")
    parser.add_argument("--plug-in", action="append", default=[], metavar="MODULE:CLASS",
                        help="offer your own bot (package.module:ClassName) to the tables' "
                             "owners, who name it exactly so in a seat; repeat for more")
    parser.add_argument("--no-advertise", action="store_true",
                        help="do not announce the host on the LAN (zeroconf)")
    parser.add_argument("--history", action="store_true",
                        help="replay the finished games of --save-dir/history.jsonl, print "
                             "them hand by hand and exit")
    parser.add_argument("--stats", action="store_true",
                        help="print the leaderboards of --save-dir's finished games and exit")
    parser.add_argument("--session", metavar="WHEN",
                        help="when tonight's leaderboard starts: 18:00, 2025-11-26 or "
                             "2025-11-26T18:00 (default: the host's first start this evening: "
                             "a restart on the same --save-dir within 12 hours keeps that time)")
    parser.add_argument("--console", action="store_true",
                        help="read operator lines from standard input even when it is not a "
                             "terminal (text is said at every table; /help)")
    parser.add_argument("--plain-asyncio", action="store_true",
                        help="use asyncio's own event loop even when uvloop is installed")
    parser.add_argument("--max-connections", type=int, default=None,
                        help="game-port (TCP) connections the host holds at most (default 1000; "
                             "the web port has a budget of its own)")
    parser.add_argument("-v", "--verbose", action="store_true", help="log every connection")


def load_rules(spec: str) -> Rules:
    """A preset name, or a JSON/TOML file mapping option names (and maybe 'preset') to values."""
    path = Path(spec)
    try:
        if path.suffix.lower() in (".json", ".toml") or path.exists():
            try:
                text = path.read_text(encoding="utf-8")
            except OSError as e:
                raise UserError(_("cannot read the rules file {path}: {why}").format(
                    path=spec, why=error_words(e))) from None
            try:
                data = tomllib.loads(text) if path.suffix.lower() == ".toml" else json.loads(text)
            except (ValueError, tomllib.TOMLDecodeError) as e:
                raise UserError(_("the rules file {path} is not valid {format} ({why})").format(
                    path=spec, format="TOML" if path.suffix.lower() == ".toml" else "JSON",
                    why=e)) from None
            return Rules.from_dict(data)
        return Rules.preset(spec)
    except RulesError as e:
        raise UserError(str(e)) from None


def run(args: argparse.Namespace) -> int:
    i18n.set_language(i18n.from_environment())      # the operator's console speaks its locale
    logging.basicConfig(level=logging.DEBUG if args.verbose else logging.INFO, stream=sys.stderr,
                        format="%(asctime)s %(levelname)s %(message)s", datefmt="%H:%M:%S")
    session = None
    if args.session is not None:
        from hearts.net.history import session_start
        try:
            session = session_start(args.session)
        except ValueError as e:
            raise UserError(str(e)) from None
    if args.history:
        return show_history(args.save_dir)
    if args.stats:
        return show_stats(args.save_dir, session)
    rules = load_rules(args.rules)
    if args.resume and not args.save_dir:
        raise UserError(_("--resume needs --save-dir, the folder the tables were saved in"))
    if not 0 <= args.port <= 65535:
        raise UserError(_("the port must be from 0 to 65535 (got {port})").format(port=args.port))
    if args.web_port is not None and not 0 <= args.web_port <= 65535:
        raise UserError(_("the web port must be from 0 to 65535 (got {port})").format(
            port=args.web_port))
    from hearts.bots import make_bot
    try:   # the operator's own bots: loaded once here, so that a bad one stops the start
        for spec in (args.bot, *args.plug_in):
            make_bot(spec, 0)
    except ValueError as e:
        raise UserError(str(e)) from None
    from hearts.net.loop import run as run_loop
    try:
        return run_loop(_serve(args, rules), fast=not args.plain_asyncio)
    except KeyboardInterrupt:
        return 0


async def _serve(args: argparse.Namespace, rules: Rules) -> int:
    import socket

    from hearts.net.host import Host

    name = args.name or f"Hearts on {socket.gethostname()}"
    from dataclasses import replace

    from hearts.net.limits import DEFAULT_LIMITS
    limits = DEFAULT_LIMITS
    if getattr(args, "max_connections", None):
        limits = replace(limits, max_connections=args.max_connections)
    from hearts.net.guard import raise_fd_limit     # room for both budgets, their reserves, files
    raise_fd_limit(limits.max_connections + limits.max_web_connections
                   + 2 * limits.player_reserve + 256)
    session = None
    if args.session is not None:
        from hearts.net.history import session_start
        session = session_start(args.session)
    host = Host(name=name, rules=rules, save_dir=args.save_dir, bot_level=args.bot,
                limits=limits, session=session, plug_ins=tuple(args.plug_in))
    # SIGINT and SIGTERM stop the host from here on: one that comes while it starts ends it as
    # soon as it has started (a KeyboardInterrupt mid-start left it hanging on its tasks)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        try:
            loop.add_signal_handler(sig, stop.set)
        except (NotImplementedError, RuntimeError):
            pass
    await _start(host, args)
    # fewer, later collections: the host's objects live long, and a full collection
    # of a busy host is a latency spike for every table
    gc.freeze()
    gc.set_threshold(20000, 20, 50)
    print(_("Hearts host {name} is running; join at:").format(name=repr(host.name)), flush=True)
    for addr in host.addresses():
        print(f"  hearts join {addr}", flush=True)
    print_web_address(host.web_addresses())
    advertiser = None
    if not args.no_advertise:
        from hearts.net.discovery import advertise_host
        advertiser = await advertise_host(host)
    console = None
    if _console_wanted(args):
        console = asyncio.ensure_future(_operator_console(host, stop))
        print(_("Type a line to say it at every table; /help for the operator's commands."),
              flush=True)
    await stop.wait()
    if console is not None:
        console.cancel()
    log.info("shutting down")
    if advertiser is not None:
        try:
            await asyncio.wait_for(advertiser.close(), 3)
        except Exception as e:  # never let a goodbye packet stop the shutdown
            log.warning("discovery did not close cleanly: %s", e)
    await host.stop()
    return 0


async def _start(host: "Host", args: argparse.Namespace) -> None:
    """Listen for clients, and for browsers unless --no-web (the usual web port, or any free
    one when it is taken and --web-port did not ask for it)."""
    from hearts.net.saves import SaveError
    from hearts.net.web import DEFAULT_WEB_PORT, WebListenError
    web = None if args.no_web else DEFAULT_WEB_PORT if args.web_port is None else args.web_port
    host.keeper.on_notice = lambda text: print(text, flush=True)   # the operator's console
    try:
        try:
            await host.start(bind=args.bind, port=args.port, resume=args.resume, web_port=web)
        except WebListenError as e:
            if args.web_port is not None or e.errno != errno.EADDRINUSE:
                raise
            log.info("web port %d is taken; the browser client gets a free port", web)
            await host.start(bind=args.bind, port=args.port, resume=args.resume, web_port=0)
    except SaveError as e:              # the save folder: unwritable, or another host's
        raise UserError(said(e.message)) from None
    except WebListenError as e:
        why, address = error_words(e), f"{args.bind}:{web}"
        if e.errno == errno.EADDRNOTAVAIL:
            raise UserError(_("cannot serve the browser client on {address} ({why}); choose "
                              "another --bind or leave it out").format(
                address=address, why=why)) from None
        raise UserError(_("cannot serve the browser client on {address} ({why}); choose "
                          "another --web-port or use --no-web").format(
            address=address, why=why)) from None
    except OSError as e:
        why, address = error_words(e), f"{args.bind}:{args.port}"
        if e.errno == errno.EADDRNOTAVAIL:
            raise UserError(_("cannot listen on {address} ({why}); choose another --bind or "
                              "leave it out").format(address=address, why=why)) from None
        if e.errno == errno.EADDRINUSE:
            raise UserError(_("cannot listen on {address} ({why}); choose another "
                              "--port").format(address=address, why=why)) from None
        raise UserError(_("cannot listen on {address} ({why})").format(
            address=address, why=why)) from None


def print_web_address(urls: list[str]) -> None:
    """The browser client's addresses and a QR code of the first LAN one (for phones)."""
    if not urls:
        return
    print(_("Phones and laptops join in a browser at:"), flush=True)
    for url in urls:
        print(f"  {url}", flush=True)
    lan = [u for u in urls if "//127." not in u and "//[::1]" not in u]
    from hearts.gui.qr import colour_wanted, terminal_qr
    try:
        print(terminal_qr((lan or urls)[0], colour_wanted()), flush=True)
    except UnicodeEncodeError:      # a terminal that cannot show block characters
        pass


def _history(save_dir: str | None, flag: str, session: str | None = None) -> "History":
    from hearts.net.history import History
    from hearts.net.saves import HISTORY
    if not save_dir:
        raise UserError(_("{flag} needs --save-dir, the folder the host saved in").format(flag=flag))
    if not (Path(save_dir) / HISTORY).exists():
        raise UserError(_("there is no history in {folder} yet ({file} is missing)").format(
            folder=save_dir, file=HISTORY))
    from hearts.net.evening import kept_start
    return History(save_dir, session or kept_start(Path(save_dir))).load()


def show_history(save_dir: str | None) -> int:
    """Replay every finished game of the history file and print it hand by hand (a line
    that is not a whole game is reported and skipped)."""
    history = _history(save_dir, "--history")
    for problem in history.problems:
        print(problem, file=sys.stderr)
    for entry in history.entries:
        found = history.replay(entry["id"])
        if found is None:
            print(f"game {entry['id']} could not be read again", file=sys.stderr)
            continue
        info, hands = found
        players = [p["name"] for p in info["players"]]
        print(f"game {info['id']}: table {info['table']} {info['name']!r}, finished "
              f"{info['finished'] or '?'}: {', '.join(players)}")
        for h in hands:
            print(f"  hand {h['hand'] + 1:2d}: points {h['points']}  totals {h['totals']}")
        winners = ", ".join(players[w] for w in info["winners"])
        # (a line whose game does not replay to its saved totals was skipped above)
        print(f"  winner: {winners}; totals {info['totals']}: replayed totals match the "
              "saved ones")
    return 0


def show_stats(save_dir: str | None, session: str | None) -> int:
    """Print the leaderboards (tonight and all time) of the history file."""
    from hearts.text.history import stats_lines
    history = _history(save_dir, "--stats", session)
    for problem in history.problems:
        print(problem, file=sys.stderr)
    print("\n".join(stats_lines(history.stats())))
    return 0


def _console_wanted(args: argparse.Namespace) -> bool:
    """--console, or a terminal this process owns (not `hearts host &`: reading would stop it)."""
    if args.console:
        return True
    try:
        return sys.stdin.isatty() and os.tcgetpgrp(sys.stdin.fileno()) == os.getpgrp()
    except (OSError, ValueError, AttributeError):
        return False


async def _operator_console(host: "Host", stop: asyncio.Event) -> None:
    """Read the operator's lines from standard input and answer each on standard output.

    A daemon thread reads (it never holds up the exit, and the terminal stays in
    blocking mode for the shell afterwards); lines reach the loop through a queue.
    """
    import threading

    loop = asyncio.get_running_loop()
    lines: asyncio.Queue[str | None] = asyncio.Queue()

    def read() -> None:
        try:
            for line in sys.stdin:
                loop.call_soon_threadsafe(lines.put_nowait, line)
        except (OSError, ValueError, RuntimeError):
            pass
        try:
            loop.call_soon_threadsafe(lines.put_nowait, None)
        except RuntimeError:
            pass

    threading.Thread(target=read, name="operator-console", daemon=True).start()
    while not stop.is_set():
        line = await lines.get()
        if line is None:
            return              # end of input: keep hosting
        try:
            answer = host.operator(line)
        except Exception as e:  # a console typo must never stop the host
            answer = getattr(e, "message", None) or f"failed: {e}"
        if answer is None:
            stop.set()
            return
        if answer:
            print(answer, flush=True)
