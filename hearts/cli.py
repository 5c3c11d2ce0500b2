"""The `hearts` command: play | host | join | browse | match | bench.

Each subcommand lives in its own module under `hearts.commands` with two
functions, ``add_arguments(parser)`` and ``run(args) -> int``; it is imported
only when used, so `hearts host` never loads pygame.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from typing import Any

from hearts import i18n
from hearts.errors import UserError
from hearts.i18n import _

__all__ = ["COMMANDS", "UserError", "language_option", "main", "parse"]

COMMANDS: dict[str, tuple[str, str]] = {
    "play": ("hearts.commands.play", "open the game client (the default)"),
    "host": ("hearts.commands.host", "run a LAN host for other players (headless)"),
    "join": ("hearts.commands.join", "join a host from the terminal (text client)"),
    "browse": ("hearts.commands.browse", "list the Hearts hosts on the LAN"),
    "match": ("hearts.commands.match", "play bots against each other and report their strength"),
    "bench": ("hearts.commands.bench", "speed benchmarks that print figures"),
}


def language_option(lang: str | None) -> str | None:
    """A ``--lang`` as given (None when left out); `UserError` naming the languages the
    game has when it has not this one."""
    if lang is None or i18n.has(lang):
        return lang
    names = ", ".join(f"{code} ({i18n.language_name(code)})" for code in i18n.available())
    raise UserError(_("the game has no language {lang}; it speaks {languages}").format(
        lang=repr(lang), languages=names))


def build_parser() -> tuple[argparse.ArgumentParser, dict[str, argparse.ArgumentParser]]:
    parser = argparse.ArgumentParser(prog="hearts", description="Hearts for the local network.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    parsers = {}
    for name, (_, help_text) in COMMANDS.items():
        parsers[name] = sub.add_parser(name, help=help_text, description=help_text)
    return parser, parsers


def parse(argv: list[str]) -> tuple[str | None, Any, argparse.Namespace]:
    """``argv`` as `hearts` reads it: the subcommand's name, its module and the arguments."""
    if not argv or argv[0] not in COMMANDS and argv[0] not in ("-h", "--help"):
        argv = ["play", *argv]
    parser, parsers = build_parser()
    name = argv[0] if argv[0] in COMMANDS else None
    module = None
    if name is not None:
        module = importlib.import_module(COMMANDS[name][0])
        module.add_arguments(parsers[name])
    return name, module, parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    name, module, args = parse(sys.argv[1:] if argv is None else argv)
    try:
        return int(module.run(args) or 0) if module else 0
    except UserError as e:
        print(f"hearts {name}: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130


if __name__ == "__main__":
    sys.exit(main())
