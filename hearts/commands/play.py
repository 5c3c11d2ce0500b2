"""`hearts play`: open the game client (the main menu, or straight to a game)."""

from __future__ import annotations

import argparse
import os
from typing import TYPE_CHECKING

from hearts.bots.levels import SEAT_LEVELS
from hearts.cli import UserError, language_option
from hearts.i18n import _

if TYPE_CHECKING:
    from hearts.gui.saved_game import SavedGame


def _size(text: str) -> tuple[int, int]:
    try:
        w, h = (int(x) for x in text.lower().replace("×", "x").split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a size like 1280x800") from None
    if not (320 <= w <= 10000 and 240 <= h <= 10000):
        raise argparse.ArgumentTypeError(f"{text!r} is too small or too large")
    return w, h


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--demo", action="store_true", help="watch four bots play")
    parser.add_argument("--bots", action="store_true",
                        help="skip the menu: play against three bots at once (the game "
                             "against bots saved when you last quit, if there is one)")
    parser.add_argument("--new", action="store_true",
                        help="with --bots, --rules or --seed: a new game even when one against "
                             "bots is saved (it replaces the saved one)")
    parser.add_argument("--screenshot", metavar="PATH",
                        help="save the window as a PNG when the client exits")
    parser.add_argument("--exit-after-hands", type=int, metavar="N",
                        help="quit after N hands have been scored")
    parser.add_argument("--exit-when-painted", action="store_true",
                        help="quit once the first frame is drawn (to measure the start)")
    parser.add_argument("--rules", metavar="PRESET|FILE",
                        help="rules of the game: a preset name or a .json/.toml file")
    parser.add_argument("--seed", type=int, help="seed of the deals (bot games)")
    parser.add_argument("--name", help="your name (saved in the settings)")
    parser.add_argument("--size", type=_size, metavar="WxH", help="window size, like 1280x800")
    parser.add_argument("--bot-level", choices=SEAT_LEVELS,
                        help="level of the bots")
    parser.add_argument("--player-key", metavar="KEY",
                        help="be this person in the hosts' statistics: the key kept in "
                             "~/.config/hearts/player-key on your other computer (saved here)")
    parser.add_argument("--animations", choices=("off", "fast", "normal", "slow"),
                        help="animation speed for this run")
    parser.add_argument("--lang", metavar="LANG",
                        help="the language of this run, like de or fr_FR (default: the one "
                             "chosen in Settings, else the system's)")


def saved_to_continue(args: argparse.Namespace) -> SavedGame | None:
    """The game against bots a start straight to a table continues: the saved one, for
    ``--bots`` alone. Asking for a new game by its rules or seed while one is saved, without
    ``--new``, is a `UserError` (a new game would replace it: nothing is lost by a flag)."""
    scripted = args.exit_after_hands is not None or args.screenshot is not None
    if args.demo or args.new or scripted or not (args.bots or args.rules or args.seed is not None):
        return None
    from hearts.gui.saved_game import find
    saved = find()
    if saved is not None and (args.rules is not None or args.seed is not None):
        raise UserError(_("A game against bots is saved ({summary}). Start without --rules "
                          "and --seed to continue it, or add --new to start another in its "
                          "place.").format(summary=saved.summary))
    return saved


def run(args: argparse.Namespace) -> int:
    language_option(args.lang)
    rules = None
    if args.rules is not None:
        from hearts.commands.host import load_rules
        rules = load_rules(args.rules).to_dict()
    if args.player_key is not None:
        from hearts.playerkey import save_key
        try:
            save_key(args.player_key)
        except ValueError as e:
            raise UserError(str(e)) from None
        except OSError as e:
            raise UserError(f"cannot keep the player key: {e.strerror or e}") from None
    if args.exit_after_hands is not None and args.exit_after_hands < 1:
        raise UserError("--exit-after-hands needs a number of at least 1")
    saved = saved_to_continue(args)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    try:
        import pygame  # noqa: F401
    except ImportError:
        raise UserError("pygame-ce is not installed; run scripts/play to set it up") from None
    from hearts.gui.app import App
    from hearts.gui.preferences import Settings
    from hearts.net.limits import Limits
    from hearts.net.names import head

    settings = Settings.load()
    if args.name:
        settings.name = head(args.name.strip(), Limits().max_name) or settings.name
        settings.save()
    if args.bot_level:
        settings.bot_level = args.bot_level
    if args.animations:
        settings.animation = args.animations
    if args.lang:
        settings.language = args.lang
    try:
        # A scripted run (screenshots, a fixed number of hands) leaves the saved game alone.
        app = App(settings, size=args.size,
                  save_games=args.exit_after_hands is None and args.screenshot is None)
    except Exception as e:  # no display at all
        raise UserError(f"cannot open a window ({e}); is a display available?") from None
    app.exit_after_hands = args.exit_after_hands
    app.screenshot_path = args.screenshot
    if args.exit_when_painted:
        app.when_painted(app.quit)
    if args.demo:
        app.link.play_against_bots(rules, seed=args.seed, demo=True)
    elif saved is not None:
        app.link.play_against_bots(resume=saved)
    elif args.bots or args.rules or args.seed is not None or args.exit_after_hands:
        app.link.play_against_bots(rules, seed=args.seed)
    return app.run()
