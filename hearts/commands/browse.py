"""`hearts browse`: list the Hearts hosts advertised on the LAN."""

from __future__ import annotations

import argparse
import asyncio
import json

from hearts.cli import UserError
from hearts.i18n import _, pgettext, said, text_of
from hearts.net.words import state_words
from hearts.net.discovery import DiscoveryUnavailable, HostInfo, browse


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timeout", type=float, default=2.0, metavar="S",
                        help="seconds to listen for hosts (default 2)")
    parser.add_argument("--json", action="store_true", help="print the hosts as a JSON list")


def _dial(host: HostInfo) -> str:
    address = host.address or "?"
    return f"[{address}]:{host.port}" if ":" in address else f"{address}:{host.port}"


def _table(hosts: list[HostInfo]) -> str:
    from hearts.net.protocol import PROTOCOL_VERSION

    head = (pgettext("browse column", "NAME"), pgettext("browse column", "ADDRESS"),
            pgettext("browse column", "TABLES"), pgettext("browse column", "FREE SEATS"),
            pgettext("browse column", "RULES"), pgettext("browse column", "GAME"))
    rows = [head]
    for h in hosts:
        p = h.properties
        game = state_words("playing" if p.get("playing", "").lower() in ("1", "yes", "true")
                           else "waiting")
        if p.get("version") not in (None, str(PROTOCOL_VERSION)):
            game = _("{state} (protocol {version}, cannot join)").format(
                state=game, version=p.get("version"))
        rows.append((h.instance, _dial(h), p.get("tables", "?"), p.get("seats", "?"),
                     p.get("rules", "?"), game))
    widths = [max(len(r[i]) for r in rows) for i in range(len(head) - 1)]
    return "\n".join(
        "  ".join(cell.ljust(w) for cell, w in zip(r, widths)) + "  " + r[-1] for r in rows
    )


def run(args: argparse.Namespace) -> int:
    if not args.timeout > 0:
        raise UserError(_("--timeout must be a positive number of seconds."))
    try:
        hosts = asyncio.run(browse(args.timeout))
    except DiscoveryUnavailable as e:
        raise UserError(_("cannot look for hosts on the LAN: {why}.").format(
            why=said(text_of(e)))) from None
    if args.json:
        print(json.dumps([h.to_dict() for h in hosts], indent=2))
    elif not hosts:
        print(_("No Hearts hosts found on the LAN within {seconds} s.").format(
            seconds=f"{args.timeout:g}"))
    else:
        print(_table(hosts))
        print("\n" + _('Join one with: hearts join "NAME"'))
    return 0
