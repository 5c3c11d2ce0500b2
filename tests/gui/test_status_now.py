"""The status line says what the table shows in the same frame (issue 59, item 16): in
the real app against its host, animated on late frames, it never says "Waiting for the
others to pass…" under three plates that have passed, nor "Basil is playing…" once
Basil's card lies in the trick."""

from __future__ import annotations

import pygame

from hearts.gui.table import TableScreen


def test_the_status_line_is_never_a_frame_behind(app, drive):
    app.settings.bot_level = "random"
    app.settings.animation = "normal"
    drive.time_lapse(100)
    app.link.play_against_bots(seed=5)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 30, "the table")
    m = screen.model
    behind, exchanging, hands = [], 0, app.hands_scored
    while app.hands_scored < hands + 2:
        drive.step()
        v = m.view
        if v is None:
            continue
        status = screen.status_text(v)[0]
        others_passed = all(v.has_passed[s] for s in range(4) if s != v.seat)
        if v.phase == "pass" and others_passed and status == "Waiting for the others to pass…":
            behind.append(status)
        exchanging += status == "Everyone has passed: the cards are being exchanged…"
        landed = {seat for seat, _ in m.trick_shown if m.in_flight is None
                  or m.in_flight[0] != seat}
        for seat in landed:
            if len(m.trick_shown) < 4 and status == f"{m.info.seat_name(seat)} is playing…":
                behind.append(status)
        if m.summary is not None:
            drive.key(pygame.K_RETURN)
        elif m.pass_to_make:
            for k in (pygame.K_1, pygame.K_2, pygame.K_3):
                drive.key(k)
            drive.key(pygame.K_RETURN)
        elif m.my_turn_to_play:
            drive.key(pygame.K_RETURN)
    assert behind == [], behind[:5]
    assert exchanging > 0              # the exchange was seen, and said
