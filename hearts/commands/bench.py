"""`hearts bench WHAT`: benchmarks that print figures (never timed assertions)."""

from __future__ import annotations

import argparse
import importlib

# name -> module under hearts.bench with add_arguments(parser) and run(args)
BENCHES = {
    "engine": "hearts.bench.engine",
    "bots": "hearts.bench.bots",
    "host": "hearts.bench.host",
    "fuzz": "hearts.bench.fuzz",
    "client": "hearts.bench.client",
    "history": "hearts.bench.history",
    "night": "hearts.bench.night",
    "openspiel": "hearts.bench.openspiel",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    sub = parser.add_subparsers(dest="bench", metavar="WHAT", required=True,
                                title="benchmarks (hearts bench WHAT --help for each)")
    for name, module_name in BENCHES.items():
        module = importlib.import_module(module_name)
        # the module docstring's first line, without its "`hearts bench ...`: " prefix
        summary = (module.__doc__ or "").strip().splitlines()[0].split(": ", 1)[-1]
        p = sub.add_parser(name, help=summary, description=summary)
        module.add_arguments(p)
        p.set_defaults(bench_module=module)


def run(args: argparse.Namespace) -> int:
    return int(args.bench_module.run(args) or 0)
