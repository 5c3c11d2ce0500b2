"""`hearts join HOST[:PORT] | NAME`: the line-based terminal client (screen readers, SSH).

An address (``10.0.0.5``, ``den.local:7900``, ``[fd00::5]:7895``) is dialled
directly. A plain word that is not a known host name, or a name with spaces,
is looked up on the LAN among the advertised hosts (``hearts browse`` lists them).
"""

from __future__ import annotations

import argparse
import asyncio
import getpass
import ipaddress
import re
import socket
import sys
from collections.abc import Callable

from hearts import i18n
from hearts.cli import UserError, language_option
from hearts.i18n import _, said, text_of

DEFAULT_PORT = 7895
_HOSTNAME = re.compile(r"^(?!-)[A-Za-z0-9-]{1,63}(\.(?!-)[A-Za-z0-9-]{1,63})*\.?$")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("host", metavar="HOST[:PORT]|NAME",
                        help="the host's address (port 7895 if left out) or its name on the LAN")
    parser.add_argument("--name", default=None, help="your name at the table")
    parser.add_argument("--symbols", action="store_true",
                        help="write suits as symbols (Q♠); plain letters (QS) by default")
    parser.add_argument("--player-key", metavar="KEY",
                        help="be this person in the hosts' statistics: the key kept in "
                             "~/.config/hearts/player-key on your other computer (saved here)")
    parser.add_argument("--find-timeout", type=float, default=3.0, metavar="S",
                        help="seconds to look for a host name on the LAN (default 3)")
    parser.add_argument("--lang", metavar="LANG",
                        help="the language to play in, like de or fr_FR (default: from "
                             "LANGUAGE, LC_ALL, LC_MESSAGES or LANG)")


def split_address(text: str) -> tuple[str, int, bool]:
    """``(host, port, is_address)``: ``is_address`` when it has a port or is an IP literal.

    Raises UserError for a malformed port or address.
    """
    text = text.strip()
    if not text:
        raise UserError(_("give the host's address, like 192.168.1.5 or 192.168.1.5:7895"))
    port_text: str | None = None
    if text.startswith("["):
        host, sep, rest = text[1:].partition("]")
        if not sep or (rest and not rest.startswith(":")):
            raise UserError(_("{address} is not an address; write an IPv6 address like "
                              "[fd00::5]:7895").format(address=repr(text)))
        port_text = rest[1:] if rest else None
        explicit = True
    else:
        try:
            ipaddress.ip_address(text.split("%")[0])
            return text, DEFAULT_PORT, True
        except ValueError:
            pass
        if text.count(":") == 1:
            host, port_text = text.split(":")
            explicit = True
        elif ":" in text:
            raise UserError(_("{address} is not an address; put an IPv6 address in brackets, "
                              "like [fd00::5]:7895").format(address=repr(text)))
        else:
            host, explicit = text, False
    port = DEFAULT_PORT
    if port_text is not None:
        if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
            raise UserError(_("the port in {address} must be a number from 1 to 65535").format(
                address=repr(text)))
        port = int(port_text)
    if not host:
        raise UserError(_("{address} has no host before the port").format(address=repr(text)))
    return host, port, explicit


def _default_name() -> str:
    try:
        return getpass.getuser() or "player"
    except Exception:  # no user name in this environment
        return "player"


async def _resolves(host: str) -> bool:
    """Whether ``host`` is a name the system resolver knows (within 3 s)."""
    loop = asyncio.get_running_loop()
    try:
        await asyncio.wait_for(loop.getaddrinfo(host, None, type=socket.SOCK_STREAM), 3)
        return True
    except (OSError, asyncio.TimeoutError):
        return False


async def _targets(text: str, find_timeout: float,
                   say: Callable[[str], None]) -> list[tuple[str, int]]:
    """The (address, port) pairs to try for what the user typed."""
    host, port, explicit = split_address(text)
    if explicit or (_HOSTNAME.match(host) and await _resolves(host)):
        return [(host, port)]
    from hearts.net.discovery import DiscoveryUnavailable, find_host

    say(_("Looking for {name} on the local network...").format(name=text))
    try:
        found = await find_host(text, find_timeout)
    except DiscoveryUnavailable as e:
        raise UserError(_("cannot find {name}: it is not a known host name, and looking for "
                          "hosts on the local network is not possible here ({why})").format(
            name=repr(text), why=said(text_of(e)))) from None
    if found is None or not found.addresses:
        raise UserError(_("no Hearts host called {name} answered on the local network within "
                          "{seconds} s; hearts browse lists the hosts, or give an address like "
                          "192.168.1.5:7895").format(name=repr(text),
                                                     seconds=f"{find_timeout:g}"))
    say(_("Found {name} at {address} port {port}.").format(name=found.instance,
                                                          address=found.address, port=found.port))
    return [(a, found.port) for a in found.addresses]


async def _main(args: argparse.Namespace) -> int:
    from hearts.net.client import Client, ClientError
    from hearts.net.protocol import clean_name

    from hearts.text.client import TextClient, read_lines

    def say(line: str) -> None:
        print(line, flush=True)

    name = clean_name(args.name if args.name is not None else _default_name(), 24)
    if not name:
        raise UserError(_("choose a name with at least one letter or digit (--name)"))
    key = _player_key(args.player_key)
    targets = await _targets(args.host, args.find_timeout, say)
    client = None
    error: ClientError | None = None
    for address, port in targets:
        client = Client(address, port, name=name, key=key, lang=i18n.language(),
                        fold=False)             # the text client's renderer folds
        try:
            await client.connect()
            break
        except ClientError as e:
            error, client = e, None
    if client is None:
        raise UserError(str(error))
    loop = asyncio.get_running_loop()
    text = TextClient(client, say, symbols=args.symbols)
    try:
        return await text.run(read_lines(sys.stdin, loop))
    except ClientError as e:
        raise UserError(str(e)) from None


def _player_key(given: str | None) -> str | None:
    """The key to send: the one given (checked, and kept from now on), else the one kept."""
    from hearts.playerkey import load_key, save_key
    if given is None:
        return load_key()
    try:
        return save_key(given)
    except ValueError as e:
        raise UserError(str(e)) from None
    except OSError as e:
        raise UserError(_("cannot keep the player key: {why}").format(
            why=e.strerror or e)) from None


def run(args: argparse.Namespace) -> int:
    i18n.set_language(i18n.from_environment())     # an unknown --lang is said in it
    if language_option(args.lang):
        i18n.set_language(args.lang)
    if not args.find_timeout > 0:
        raise UserError(_("--find-timeout must be a positive number of seconds"))
    if hasattr(sys.stdout, "reconfigure"):
        # a terminal that cannot show ♠ gets ? rather than a crash
        sys.stdout.reconfigure(errors="replace", line_buffering=True)
    return asyncio.run(_main(args))
