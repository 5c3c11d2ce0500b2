"""Fuzzing a running host (hypothesis over real sockets) while two other tables play.

Every input gets an error or a closed connection, the host logs no error, the
victim tables finish their games untouched, and once the fuzzer is gone the host
holds what it held before (no connection, player or table left behind).
The long run is `hearts bench fuzz --seconds N`.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings

from hearts.bench.fuzz import Fuzzer, HostUnderTest, check_victims, strategies
from tests.waiting import until


@pytest.fixture(scope="module")
def hut():
    h = HostUnderTest(target=50).start()
    yield h
    h.stop()


def _settle(hut: HostUnderTest, want: dict, timeout: float) -> dict:
    end = time.monotonic() + timeout
    while True:
        now = hut.counts()
        if all(now[k] <= want[k] for k in want) or time.monotonic() > end:
            return now
        time.sleep(0.2)


def test_fuzzed_inputs_get_errors_and_the_other_tables_play_on(hut: HostUnderTest) -> None:
    before = until(lambda: (c := hut.counts())["players"] == 5 and c, what="five players")
    assert before["tables"] == 2
    fuzzer = Fuzzer(hut)

    @settings(max_examples=150, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(strategies(hut.tables))
    def fuzz(case: dict) -> None:
        fuzzer.run(case)

    fuzz()
    assert fuzzer.inputs >= 150
    assert hut.wait_victims(60), "a victim table did not finish its game"
    assert check_victims(hut) == []
    assert all(v.games == 1 for v in hut.victims)
    # nothing left behind once the fuzzer's connections are gone (abandoned tables
    # close after `abandoned_after`)
    after = _settle(hut, before, hut.limits.abandoned_after + 3 * hut.limits.heartbeat_interval
                    + 2)
    assert after == {**before, "bots": after["bots"], "timers": after["timers"]}, after
    assert hut.errors.records == []


def test_the_fuzzer_allows_a_welcome_when_the_first_frame_it_sent_is_a_hello():
    """A case with no hello step whose first frame is a valid hello may be welcomed (the
    fuzzer reported this as a host failure once); any other first message may not."""
    from hearts.bench.fuzz import FUZZ_LIMITS, _opens_with_hello
    from hearts.net.protocol import encode
    hello = encode({"type": "hello", "version": 1, "name": "Zed"})
    assert _opens_with_hello([hello], FUZZ_LIMITS)
    assert _opens_with_hello([hello[:3], hello[3:]], FUZZ_LIMITS)       # split anywhere
    assert not _opens_with_hello([encode({"type": "ping"}), hello], FUZZ_LIMITS)
    assert not _opens_with_hello([encode({"type": "hello", "version": 9, "name": "Zed"})],
                                 FUZZ_LIMITS)
    assert not _opens_with_hello([encode({"type": "hello", "version": 1, "name": "  "})],
                                 FUZZ_LIMITS)
    assert not _opens_with_hello([b"\xc1" + hello], FUZZ_LIMITS)
