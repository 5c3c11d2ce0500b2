"""The host lobby's QR code of the browser link, as drawn in the window: read back by a
real decoder (zxing-cpp), with the standard 4-module quiet zone and modules of at least
2 pixels, at 800x600 and 1280x800."""

from __future__ import annotations

import numpy as np
import pygame
import zxingcpp

from hearts.gui.lobby import LobbyScreen
from hearts.gui.qr import QUIET_ZONE

from .helpers import host_lobby


def _grey(surface: pygame.Surface, r: pygame.Rect) -> np.ndarray:
    rgb = pygame.surfarray.array3d(surface.subsurface(r)).transpose(1, 0, 2)
    return rgb.mean(axis=2).astype(np.uint8)


def test_the_lobbys_qr_code_reads_and_has_its_quiet_zone(app, drive, shots):
    host_lobby(app, drive)
    screen = app.screen
    assert isinstance(screen, LobbyScreen)
    url = next(u for u in app.link.local_web)
    for size in ((800, 600), (1280, 800)):
        app.surface = pygame.display.set_mode(size, pygame.RESIZABLE)
        app._resized()
        drive.shot(shots / f"lobby-qr-{size[0]}x{size[1]}.png")
        r = screen.qr_rect
        assert r is not None
        assert screen.list.rect.top > r.bottom                  # clear of the list
        img = _grey(app.surface, r)
        dark = img < 128
        y0 = int(np.argmax(dark.any(axis=1)))                  # the finder pattern's top
        x0 = int(np.argmax(dark[y0]))
        run = int(np.argmin(dark[y0, x0:]))                    # its top edge: 7 modules
        module = run // 7
        assert run == 7 * module and module >= 2, (size, run)
        assert (x0, y0) == (QUIET_ZONE * module, QUIET_ZONE * module), (size, x0, y0, module)
        assert not dark[:, -QUIET_ZONE * module:].any() and not dark[-QUIET_ZONE * module:].any()
        # and a camera reads it: the link others open in a browser
        padded = np.pad(img, 8, constant_values=30)             # on the dark panel
        found = zxingcpp.read_barcodes(padded)
        assert [b.text for b in found] == [url], size
