"""A known deal for tests that need a moon: seat 0 gets all thirteen clubs, so it leads
the 2♣, keeps the lead and takes every trick (a moon, and a sun), whatever anyone plays."""

from __future__ import annotations

from typing import Any, Callable

import pytest

from hearts.engine.hand import Hand

ALL_CLUBS = [0x1FFF << (13 * suit) for suit in range(4)]   # seat s: the suit s (C, D, H, S)


def rig_first_deal(monkeypatch: pytest.MonkeyPatch, hands: list[int] = ALL_CLUBS,
                   when: Callable[[Any], bool] = lambda rules: True) -> list[int]:
    """Make the next deal (whose rules pass ``when``) ``hands``; the list fills with the
    number of rigged deals."""
    real = Hand.deal.__func__                      # type: ignore[attr-defined]
    rigged: list[int] = []

    def deal(cls: type[Hand], rules: Any, rng: Any, pass_direction: str, dealer: int = 0,
             totals: Any = None) -> Hand:
        if not rigged and when(rules):
            rigged.append(1)
            return cls(rules, list(hands), pass_direction, dealer, totals)
        return real(cls, rules, rng, pass_direction, dealer, totals)

    monkeypatch.setattr(Hand, "deal", classmethod(deal))
    return rigged
