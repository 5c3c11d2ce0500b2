"""`hearts bench WHAT`: benchmarks that print figures (never timed assertions)."""

from __future__ import annotations

import argparse
import importlib

from hearts.cli import UserError

# name -> module under hearts.bench with add_arguments(parser) and run(args)
BENCHES = {
    "engine": "hearts.bench.engine",
    "bots": "hearts.bench.bots",
    "host": "hearts.bench.host",
    "fuzz": "hearts.bench.fuzz",
    "client": "hearts.bench.client",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="bench", metavar="WHAT", required=True)
    for name, module_name in BENCHES.items():
        p = sub.add_parser(name)
        try:
            module = importlib.import_module(module_name)
        except ModuleNotFoundError as e:
            if e.name != module_name:
                raise
            p.set_defaults(bench_module=None)
            continue
        module.add_arguments(p)
        p.set_defaults(bench_module=module)


def run(args: argparse.Namespace) -> int:
    if args.bench_module is None:
        raise UserError(f"the '{args.bench}' benchmark is not built yet")
    return args.bench_module.run(args)
