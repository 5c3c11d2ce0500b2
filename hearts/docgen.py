"""The files made from code: ``python -m hearts.docgen`` rewrites them.

A generated block is ``<!-- MARKER: NAME -->`` ... ``<!-- end -->``: in docs/rules.md
(marker ``generated``) from `hearts.engine.rule_options`, in docs/protocol.md (marker
``schema``) from `hearts.net.schema`; net/messages.py (the messages as types) is made whole from
`hearts.net.schema`. A test per file fails while it differs.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from hearts.engine.rule_options import markdown_presets, markdown_table
from hearts.net.schema import markdown, python_types

ROOT = Path(__file__).resolve().parents[1]


def rewrite_blocks(text: str, marker: str, render: Callable[[str], str]) -> str:
    """``text`` with the body of every ``<!-- marker: NAME -->`` block made by
    ``render(NAME)`` (a block's body never holds another marker)."""
    block = re.compile(rf"(<!-- {marker}: (\w+) -->\n)(?:(?!<!-- ).)*?(\n<!-- end -->)", re.S)
    return block.sub(lambda m: m.group(1) + render(m.group(2)) + m.group(3), text)


def rules_doc(text: str) -> str:
    """docs/rules.md with its option and preset tables made anew."""
    return rewrite_blocks(text, "generated",
                          lambda what: markdown_presets() if what == "presets"
                          else markdown_table(what))


def protocol_doc(text: str) -> str:
    """docs/protocol.md with its reference tables made anew."""
    return rewrite_blocks(text, "schema", markdown)


def messages_module(text: str) -> str:
    """net/messages.py made anew (whatever it held)."""
    return python_types()


DOCS: dict[str, Callable[[str], str]] = {"docs/rules.md": rules_doc,
                                          "docs/protocol.md": protocol_doc,
                                          "net/messages.py": messages_module}


def main() -> int:
    for name, rewrite in DOCS.items():
        path = ROOT / name
        text = path.read_text(encoding="utf-8") if path.exists() else ""
        new = rewrite(text)
        if new != text:
            path.write_text(new, encoding="utf-8")
            print(f"rewrote the generated parts of {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())


__all__ = ["DOCS", "messages_module", "protocol_doc", "rewrite_blocks", "rules_doc"]
