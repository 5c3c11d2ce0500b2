"""Pacing a person can follow, in the real app on late frames (each frame 100 ms, six
times a 60 Hz frame): every card of the others flies (none pops in), the status line
says the state shown (never "Your turn" while a card flies, never "is playing" over a
whole trick), every trick stays the configured pause after its last card landed, and
the demo keeps the bot speed and the trick pause too."""

from __future__ import annotations

from hearts.gui.table import TableScreen

from .rigged import shoot


class Watch:
    """What each frame of a table showed: cards in flight, the status line, the trick."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.flights: dict[tuple[int, str], int] = {}      # (seat, card) -> frames in flight
        self.landed: set[tuple[int, str]] = set()           # ...of those seen landed
        self.landed_at: float | None = None                 # the trick's 4th card landed
        self.pauses: list[float] = []                       # trick shown whole, in seconds
        self.bad_status: list[str] = []
        self.collected_at: list[float] = []

    def frame(self) -> None:
        s = self.screen
        m = s.model
        if m.view is None:
            return
        now = s.clock                                      # the time the player sees pass
        shown = list(m.trick_shown)
        flying = [(seat, c) for seat, c in shown if s.anim.pos(("trick", c)) is not None]
        for seat, c in flying:
            self.flights[(seat, str(c))] = self.flights.get((seat, str(c)), 0) + 1
        status = s.status_text(m.view)[0]
        if flying and not m.taken and len(flying) == 1:
            seat = flying[0][0]
            if seat != m.me and (status.startswith("Your") or "is playing" not in status):
                self.bad_status.append(f"{status!r} while {seat}'s card flies")
        landed = [p for p in shown if p not in flying]
        self.landed.update((seat, str(c)) for seat, c in landed if (seat, str(c)) in self.flights)
        if len(landed) == 4 and m.taken is None and "is playing" in status:
            self.bad_status.append(f"{status!r} over a whole trick")
        if len(landed) == 4 and self.landed_at is None:
            self.landed_at = now
        if self.landed_at is not None and (len(shown) < 4 or flying):
            self.pauses.append(now - self.landed_at)       # the sweep began
            self.collected_at.append(now)
            self.landed_at = None


def _step_and_watch(drive, watch: Watch, frames: int, play: bool = False) -> None:
    import pygame
    for _ in range(frames):
        drive.step()
        watch.frame()
        s = watch.screen
        if play and s.model.my_turn_to_play:
            drive.key(pygame.K_RETURN)
            watch.frame()


def test_cards_fly_and_tricks_stay_on_late_frames(app, drive, shots):
    app.settings.bot_level = "random"
    app.settings.animation = "normal"
    app.settings.trick_pause = 1.5
    drive.time_lapse(100)
    app.link.play_against_bots(rules={"pass_cycle": ["hold"]}, seed=5)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen, 20, "the table")
    watch = Watch(screen)
    _step_and_watch(drive, watch, 600, play=True)
    theirs = {k: n for k, n in watch.flights.items()           # whole flights: not the one
              if k[0] != screen.model.me and k in watch.landed}  # the last frame cut short
    assert len(theirs) >= 12, theirs                          # several tricks' worth
    assert min(theirs.values()) >= 3, theirs                  # every one seen flying
    assert not watch.bad_status, watch.bad_status[:5]
    assert len(watch.pauses) >= 3
    assert min(watch.pauses) >= 1.5 - 1e-6, watch.pauses      # the whole pause, each trick
    for _ in range(300):                                      # a whole trick, its taker named
        if screen.model.taken is not None:
            break
        _step_and_watch(drive, watch, 1, play=True)
    shoot(app, shots, "pacing-trick-taken")
    for _ in range(300):                                      # another's card on its way
        if screen.model.in_flight is not None and screen.model.in_flight[0] != screen.model.me:
            break
        _step_and_watch(drive, watch, 1, play=True)
    assert "is playing" in screen.status_text(screen.model.view)[0]
    shoot(app, shots, "pacing-card-flying")


def test_the_demo_keeps_bot_speed_and_trick_pause(app, drive):
    app.settings.bot_level = "random"
    app.settings.animation = "normal"
    app.settings.bot_speed = "slow"
    app.settings.trick_pause = 2.0
    drive.time_lapse(100)
    app.link.play_against_bots(rules={"target": 200}, demo=True)
    screen = drive.until(lambda: isinstance(app.screen, TableScreen) and app.screen.model.view
                         and app.screen.model.view.phase == "play" and app.screen, 30, "the demo")
    watch = Watch(screen)
    _step_and_watch(drive, watch, 900)
    assert len(watch.collected_at) >= 4
    gaps = [b - a for a, b in zip(watch.collected_at, watch.collected_at[1:])]
    # a trick: four cards each after the slow bots' gap (0.55 s) and a flight, then the
    # pause of 2 s and the sweep; the host races ahead, the table does not
    assert min(gaps) >= 4 * 0.55 + 2.0, gaps
    assert min(watch.pauses) >= 2.0 - 1e-6, watch.pauses
