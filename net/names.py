"""Names, sans-I/O: cleaned, cut and counted by grapheme cluster (what a reader sees as one
character: "é", "🇫🇷", the family "👨‍👩‍👧‍👦"), and told apart as people see them.

Format characters are dropped (bidi overrides, zero-width spaces, soft hyphens...)
except the joiners inside an emoji sequence (the zero-width joiner, the tag characters of
a flag), which stay, so a family is one emoji and not four people. Two names are one when
they are equal after case folding and Unicode's confusables skeleton (UTS #39, the data
of `confusable_homoglyphs`, Unicode's confusables.txt): "Ann", "ann", "АNN" (Cyrillic А)
and "Ａｎｎ" (compatibility forms, NFKC) are one name, and the second to come is "Ann#2".
"""

from __future__ import annotations

import json
import unicodedata
from collections.abc import Iterable
from functools import lru_cache
from importlib.resources import files

import regex

GRAPHEME = regex.compile(r"\X")
EMOJI = regex.compile(r"\p{Extended_Pictographic}|\p{Regional_Indicator}")
# control, format, unassigned...: by regex's Unicode data, the same the segmentation uses
# (the standard library's can be older, and call a newer letter unassigned)
OTHER = regex.compile(r"\p{C}")
EMOJI_JOINERS = frozenset(["\u200d", *map(chr, range(0xE0020, 0xE0080))])  # ZWJ, tags
MAX_CLUSTER = 16     # code points kept in one grapheme (a family emoji has 7): no zalgo towers
# what can drop out or make a grapheme of more than two code points: text without any of
# these is visible as it is (most names and chat lines, checked without segmenting them)
SPECIAL = regex.compile(r"[\p{C}\p{GCB=Extend}\p{GCB=SpacingMark}\p{GCB=ZWJ}\p{GCB=Prepend}"
                        r"\p{GCB=L}\p{GCB=V}\p{GCB=T}]")
# the UTF-8 bytes a name may take, a grapheme of its limit: any script's letters, and a
# few emoji sequences among them (seven families), but not a tower of marks (`MAX_CLUSTER`
# code points) in each grapheme: a host's `tables` list, its most tables full of people
# with the longest names, stays within half its frame limit (tests/net/test_limits.py)
NAME_BYTES = 8
# a grapheme a terminal draws two columns wide: East Asian wide or fullwidth, an emoji
WIDE = regex.compile(r"\p{East_Asian_Width=Wide}|\p{East_Asian_Width=Fullwidth}"
                     r"|\p{Emoji_Presentation}|\uFE0F")
RESERVED = ("host",)  # the host's own voice


def graphemes(text: str) -> list[str]:
    """``text`` as the characters a reader sees (extended grapheme clusters, UAX #29)."""
    return list(GRAPHEME.findall(text))


def width(text: str) -> int:
    """The terminal columns ``text`` takes, as wcwidth counts them: two a wide grapheme
    (漢, Ａ, 😀, 🇫🇷, a family emoji), none a lone control or format character, else one."""
    return sum(0 if OTHER.fullmatch(g) else 2 if WIDE.search(g) else 1
               for g in GRAPHEME.findall(text))


def visible(text: str) -> str:
    """``text`` without control and format characters, but with the joiners inside an
    emoji sequence; tabs and line breaks as spaces; a grapheme at most `MAX_CLUSTER` code
    points."""
    if SPECIAL.search(text) is None:
        return text
    out = []
    for cluster in GRAPHEME.findall(text):
        if len(cluster) == 1:
            if cluster in "\t\n\r":
                out.append(" ")
            elif not OTHER.match(cluster):
                out.append(cluster)
            continue
        emoji = EMOJI.search(cluster) is not None
        kept = "".join(" " if ch in "\t\n\r" else ch for ch in cluster
                       if ch in "\t\n\r" or not OTHER.match(ch)
                       or (emoji and ch in EMOJI_JOINERS))
        out.append(kept[:MAX_CLUSTER])
    return "".join(out)


def head(text: str, n: int) -> str:
    """The first ``n`` graphemes of ``text`` (a field's limit: no "…")."""
    return "".join(graphemes(text)[:max(0, n)])


def cut(text: str, limit: int, size: int | None = None) -> str:
    """``text`` at most ``limit`` graphemes and ``size`` bytes of UTF-8; a longer one ends
    in "…" (one of them), whole graphemes kept."""
    parts = graphemes(text)
    if len(parts) <= limit and (size is None or len(text.encode()) <= size):
        return text
    kept = parts[: limit - 1]
    if size is not None:
        room = size - len("…".encode())
        for n, part in enumerate(kept):
            room -= len(part.encode())
            if room < 0:
                kept = kept[:n]
                break
    return "".join(kept).rstrip() + "…"


def clean_name(name: str, limit: int) -> str:
    """A player or table name: visible, single-spaced, no leading '/', at most ``limit``
    graphemes and `NAME_BYTES` bytes a grapheme of them; a longer one ends in "…" so that
    it reads as shortened."""
    text = " ".join(visible(name[: 2 * limit * MAX_CLUSTER]).split())
    return cut(text.lstrip("/").strip(), limit, NAME_BYTES * limit)


def numbered(name: str, n: int, limit: int) -> str:
    """``name#n`` within ``limit`` graphemes (and `clean_name`'s bytes), the name shortened
    with "…" to fit."""
    tag = f"#{n}"
    return cut(name, limit - len(tag), NAME_BYTES * limit - len(tag)) + tag


@lru_cache(maxsize=1)
def _prototypes() -> dict[str, str]:
    """Each confusable character -> the label of its set of look-alikes (the set's
    prototype where it is a sequence, as "rn" for "m"; else its smallest member)."""
    data = json.loads((files("confusable_homoglyphs") / "confusables.json")
                      .read_text(encoding="utf-8"))
    parent: dict[str, str] = {}

    def find(x: str) -> str:
        parent.setdefault(x, x)
        while parent[x] != x:
            parent[x] = parent[parent[x]]
            x = parent[x]
        return x
    for key, entries in data.items():
        for entry in entries:   # right-to-left letters come wrapped in marks: unwrapped
            parent[find(key.strip("\u200e"))] = find(entry["c"].strip("\u200e"))
    sets: dict[str, list[str]] = {}
    for member in list(parent):
        sets.setdefault(find(member), []).append(member)
    label = {}
    for members in sets.values():
        name = min(members, key=lambda m: (len(m) == 1, m))
        label.update({m: name for m in members if len(m) == 1})
    return label


def skeleton(text: str) -> str:
    """UTS #39's skeleton: look-alike characters made one (labels, not meant to be shown)."""
    table = _prototypes()
    out = []
    for ch in unicodedata.normalize("NFD", text):
        mapped = table.get(ch, ch)
        out.append(mapped if len(mapped) == 1 else "".join(table.get(c, c) for c in mapped))
    return unicodedata.normalize("NFD", "".join(out))


@lru_cache(maxsize=4096)
def looks(name: str) -> frozenset[str]:
    """How ``name`` looks: two names that share one of these are one name (case folded,
    then the skeleton; and the skeleton, then case folded: "Ian" is "ian" and "lan"),
    compatibility forms first made plain (NFKC: "Ａｎｎ" is "Ann")."""
    plain = unicodedata.normalize("NFKC", name)
    return frozenset({"f" + skeleton(plain.casefold()),
                      "s" + skeleton(skeleton(plain).casefold())})


def unique_name(name: str, taken: Iterable[str], limit: int) -> str:
    """``name``, or ``name#2``, ``name#3``... the first that looks like none of ``taken``
    (nor like the host's own name)."""
    seen = set().union(*(looks(t) for t in (*taken, *RESERVED)))
    candidate, n = name, 1
    while looks(candidate) & seen:
        n += 1
        candidate = numbered(name, n, limit)
    return candidate


__all__ = ["NAME_BYTES", "clean_name", "cut", "graphemes", "looks", "numbered", "skeleton",
           "unique_name", "visible"]
