"""Card art, theme, tweens and sounds: drawn for real with pygame on the dummy video driver."""

from __future__ import annotations

import wave
from pathlib import Path

import pygame
import pytest

from hearts.engine import CARDS, Card
from hearts.gui import cards, theme
from hearts.gui.anim import Animator, Tween, speed_scale
from hearts.gui.sounds import NAMES, Sounds, synthesise
from hearts.resources import asset


@pytest.fixture(autouse=True)
def display():
    pygame.display.init()
    pygame.font.init()
    pygame.display.set_mode((640, 480))
    yield
    pygame.display.quit()


def colours(surface: pygame.Surface) -> set[tuple[int, int, int]]:
    w, h = surface.get_size()
    return {tuple(surface.get_at((x, y)))[:3] for x in range(0, w, 2) for y in range(0, h, 2)
            if surface.get_at((x, y)).a == 255}


def ink(surface: pygame.Surface, box: pygame.Rect) -> tuple[int, int, int]:
    """The darkest/most saturated opaque colour in ``box`` (the ink of an index)."""
    best, score = (255, 255, 255), -1.0
    for x in range(box.left, box.right):
        for y in range(box.top, box.bottom):
            c = surface.get_at((x, y))
            if c.a < 250:
                continue
            s = 765 - (c.r + c.g + c.b) + (max(c[:3]) - min(c[:3]))
            if s > score:
                best, score = (c.r, c.g, c.b), s
    return best


@pytest.mark.parametrize("style", cards.DECK_STYLES)
def test_every_face_renders_at_the_size_asked_and_is_cached(style: str) -> None:
    art = cards.CardArt(72, style, "blue")
    assert art.size == (72, round(72 * cards.CARD_RATIO))
    faces = [art.face(c) for c in CARDS]
    assert all(f.get_size() == art.size for f in faces)
    assert art.face(CARDS[10]) is faces[10]                    # cached, not redrawn
    # corners are transparent (rounded), the middle is opaque
    assert faces[0].get_at((0, 0)).a < 40
    assert faces[0].get_at((36, 50)).a == 255
    # 52 different pictures
    assert len({pygame.image.tobytes(f, "RGBA") for f in faces}) == 52


def test_two_colour_and_four_colour_decks_differ_in_suit_colours() -> None:
    classic = cards.CardArt(90, "classic")
    four = cards.CardArt(90, "four-colour")
    corner = pygame.Rect(2, 2, 22, 40)
    r, g, b = ink(classic.face(Card.parse("7C")), corner)
    assert max(r, g, b) < 90                                      # black clubs
    r, g, b = ink(four.face(Card.parse("7C")), corner)
    assert g > r + 40 and g > b                                   # green clubs
    r, g, b = ink(four.face(Card.parse("7D")), corner)
    assert b > r + 40                                             # blue diamonds
    for art in (classic, four):
        r, g, b = ink(art.face(Card.parse("7H")), corner)
        assert r > g + 80                                         # red hearts in both


def test_dim_face_is_darker_and_backs_all_differ() -> None:
    art = cards.CardArt(80, "classic")
    card = Card.parse("QS")
    normal, dim = art.face(card), art.face(card, "dim")
    p = (40, 56)
    assert sum(dim.get_at(p)[:3]) < sum(normal.get_at(p)[:3]) - 60
    backs = [cards.CardArt(80, "classic", b).back() for b in cards.CARD_BACKS]
    assert len(cards.CARD_BACKS) >= 4
    assert len({pygame.image.tobytes(b, "RGBA") for b in backs}) == len(backs)
    assert all(len(colours(b)) > 3 for b in backs)


def test_card_size_follows_the_window() -> None:
    small = cards.card_width_for((800, 600))
    big = cards.card_width_for((1920, 1080))
    assert small < cards.card_width_for((1280, 800)) < big
    for size in ((800, 600), (1280, 800), (1920, 1080), (2560, 1440)):
        w = cards.card_width_for(size)
        assert 12 * w * 0.64 + w <= size[0] * 0.75             # a hand of 13 fits
        assert w * cards.CARD_RATIO <= size[1] * 0.2
    assert cards.card_art(70, "dark", "gold") is cards.card_art(70, "dark", "gold")


def test_fonts_have_the_suit_glyphs_and_backgrounds_draw() -> None:
    f = theme.font(24)
    for ch in "♠♥♦♣":
        assert f.metrics(ch)[0] is not None
        assert f.render(ch, True, (0, 0, 0)).get_bounding_rect().width > 5
    for name in theme.BACKGROUND_NAMES:
        bg = theme.background(name, (320, 200))
        assert bg.get_size() == (320, 200)
        centre, corner = bg.get_at((160, 100)), bg.get_at((2, 2))
        assert sum(centre[:3]) > sum(corner[:3])                # lit in the middle
    assert asset("LICENSES.md").is_file()
    assert (theme.FONTS / "LICENSE-DejaVu.txt").is_file()


def test_tweens_move_and_the_off_speed_jumps() -> None:
    t = Tween((0, 0), (100, 50), 1.0)
    t.update(0.5)
    x, y = t.pos
    assert 50 < x < 100 and 25 < y < 50                          # eased: ahead of linear
    t.update(0.6)
    assert t.done and t.pos == (100, 50)
    ran: list[str] = []
    a = Animator(scale=1.0)
    a.move("c", (0, 0), (10, 0), 0.2, on_done=lambda: ran.append("moved"))
    a.then(lambda: ran.append("step"))
    a.update(0.1)
    assert ran == [] and a.busy and a.pos("c") is not None
    a.update(0.2)
    assert ran == ["moved", "step"] and not a.busy and a.pos("c") is None
    off = Animator(scale=speed_scale("off"))
    off.move("c", (0, 0), (10, 0), 5.0, on_done=lambda: ran.append("instant"))
    off.wait(3)
    assert ran[-1] == "instant" and not off.busy
    assert speed_scale("slow") > speed_scale("normal") > speed_scale("fast") > 0


def test_sounds_are_written_as_short_wavs_and_play_silently_without_audio(tmp_path: Path) -> None:
    paths = synthesise(tmp_path)
    assert {p.stem for p in paths} == set(NAMES)
    for p in paths:
        with wave.open(str(p)) as w:
            seconds = w.getnframes() / w.getframerate()
            assert 0.05 < seconds < 2.5 and w.getsampwidth() == 2
            frames = w.readframes(w.getnframes())
        assert max(frames[1::2]) > 20                              # not silence
    shipped = Sounds()
    for name in NAMES:
        assert (shipped.directory / f"{name}.wav").is_file()
        shipped.play(name)                                          # dummy audio: no error
    assert shipped.played == list(NAMES)
    quiet = Sounds(tmp_path / "missing", enabled=False)
    quiet.play("turn")
    assert quiet.played == []
    missing = Sounds(tmp_path / "missing")
    missing.play("turn")                                            # no files: nothing, no error
