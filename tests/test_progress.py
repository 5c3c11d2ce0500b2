"""The progress bar of long commands: drawn on a terminal, silent elsewhere."""

import io

from hearts.commands.progress import Progress


class Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_sees_the_bar_with_an_eta_and_a_clean_line_at_the_end():
    out = Tty()
    p = Progress(4, "deals", stream=out)
    for _ in range(4):
        p.step()
        p._last = 0.0          # no throttling in the test
    assert "4/4 deals" in out.getvalue() and "[" + "#" * 24 + "]" in out.getvalue()
    assert "ETA" in p.line(10.0) or p.done == p.total
    p.done = 1
    assert p.line(10.0).endswith("ETA 0m30s")    # 10 s for 1 of 4: 30 s left
    p.close()
    assert out.getvalue().endswith("\r")


def test_not_a_terminal_or_disabled_means_silence():
    for stream, enabled in ((io.StringIO(), True), (Tty(), False)):
        p = Progress(3, "games", enabled=enabled, stream=stream)
        p.step()
        p.close()
        assert stream.getvalue() == ""
