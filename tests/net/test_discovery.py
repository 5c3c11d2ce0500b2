"""LAN discovery on the loopback interface, in one process: advertise, browse, update, goodbye.

mDNS travels only over 127.0.0.1 (``interfaces=LO``); the tests across network
namespaces are in test_discovery_lan.py.
"""

from __future__ import annotations

import asyncio
import logging
import os

import pytest

from hearts.net.discovery import (
    Advertiser,
    BrowseEvent,
    Browser,
    DiscoveryUnavailable,
    HostInfo,
    _listening,
    _txt,
    browse,
    find_host,
    instance_label,
)
from hearts.net.interfaces import lan_interfaces
from tests.ports import free_port

LO = ["127.0.0.1"]
PROPS = {"version": "1", "name": "", "tables": "0", "seats": "0", "rules": "standard", "playing": "0"}


def _unique(label: str) -> str:
    return f"{label} {os.getpid()}"


async def _greeter() -> asyncio.Server:
    async def greet(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        writer.write(b"hello\n")
        await writer.drain()
        writer.close()

    return await asyncio.start_server(greet, "127.0.0.1", 0)


async def _next(events: asyncio.Queue[BrowseEvent], instance: str, timeout: float = 5.0) -> BrowseEvent:
    async with asyncio.timeout(timeout):
        while True:
            ev = await events.get()
            if ev.host.instance == instance:
                return ev


def test_instance_labels_are_dns_safe() -> None:
    assert instance_label("Ann's table") == "Ann's table"
    assert instance_label("v1.2  table\n") == "v1 2 table"  # a dot would split the DNS name
    assert instance_label("\x00\t") == "Hearts"
    long = instance_label("é" * 100)
    assert len(long.encode()) <= 56 and long == "é" * 28


def test_txt_entries_fit_in_255_bytes() -> None:
    txt = _txt({"name": "ü" * 300, "seats": 3})  # type: ignore[dict-item]
    assert len(b"name=" + txt["name"].encode()) <= 255
    assert txt["name"] == "ü" * 125 and txt["seats"] == "3"


def test_interfaces_are_chosen_by_address_or_by_flags() -> None:
    lo = lan_interfaces(LO)
    assert [i.ipv4 for i in lo] == [("127.0.0.1",)]
    # by default loopback is never used: it is not the LAN
    assert all("127.0.0.1" not in i.ipv4 for i in lan_interfaces())
    assert lan_interfaces(["192.0.2.77"]) == []  # TEST-NET, on no interface


async def test_listening_is_detected_by_a_trial_bind() -> None:
    server = await _greeter()
    port = server.sockets[0].getsockname()[1]
    assert _listening("127.0.0.1", port)
    server.close()
    await server.wait_closed()
    assert not _listening("127.0.0.1", port)


async def test_advertise_browse_update_and_goodbye() -> None:
    name = _unique("Ann's table")
    server = await _greeter()
    port = server.sockets[0].getsockname()[1]
    events: asyncio.Queue[BrowseEvent] = asyncio.Queue()
    async with Browser(interfaces=LO, on_event=events.put_nowait) as browser:
        adv = Advertiser(name, port, {**PROPS, "name": name}, interfaces=LO)
        await adv.start()
        # start() came back before the ~1.2 s of probing, and the host serves meanwhile
        assert not adv.registered.is_set()
        reader, writer = await asyncio.open_connection("127.0.0.1", port)
        assert await reader.readline() == b"hello\n"
        writer.close()

        added = await _next(events, name)
        assert added.kind == "added"
        assert added.host == HostInfo(name, name, ("127.0.0.1",), port, {**PROPS, "name": name})
        assert browser.hosts[f"{name}._hearts._tcp.local."] == added.host
        await adv.registered.wait()
        assert adv.service_name == name and adv.failure is None

        await adv.update({**PROPS, "name": name, "tables": "1", "seats": "3", "playing": "1"})
        updated = await _next(events, name)
        assert updated.kind == "updated"
        assert updated.host.properties["seats"] == "3" and updated.host.properties["playing"] == "1"

        await adv.close()
        # goodbye packets: gone at once, not after the records' 75-minute TTL
        removed = await _next(events, name, timeout=3)
        assert removed.kind == "removed" and removed.host == updated.host
        assert f"{name}._hearts._tcp.local." not in browser.hosts
        await adv.close()  # twice is harmless
    server.close()


async def test_the_async_iterator_ends_when_the_browser_closes() -> None:
    async def stop_soon(b: Browser) -> None:
        await asyncio.sleep(0.2)
        await b.close()

    async with Browser(interfaces=LO) as browser:
        stopper = asyncio.create_task(stop_soon(browser))
        async with asyncio.timeout(3):
            seen = [ev async for ev in browser]
        await stopper
    assert all(isinstance(ev, BrowseEvent) for ev in seen)


async def test_same_names_get_distinct_services_and_find_host_picks_the_exact_one() -> None:
    name = _unique("Twin")
    server = await _greeter()
    port = server.sockets[0].getsockname()[1]
    ads = [Advertiser(name, port, {**PROPS, "name": name, "seats": str(i)}, interfaces=LO)
           for i in range(2)]
    try:
        for adv in ads:
            await adv.start()
        # started together, both may probe before either answers: the tiebreak after the
        # announcements renames one of them
        async with asyncio.timeout(8):
            while {adv.service_name for adv in ads} != {name, f"{name}-2"}:
                await asyncio.sleep(0.05)

        # one browser sees both (a responder may stay silent up to a second about a
        # record it has just announced, RFC 6762 14, and answer the next query)
        async with Browser(interfaces=LO) as browser:
            async with asyncio.timeout(4):
                while sorted(h.instance for h in browser.hosts.values() if h.name == name) != [
                        name, f"{name}-2"]:
                    await asyncio.sleep(0.05)

        second = next(a for a in ads if a.service_name == f"{name}-2")
        found = await find_host(f"{name}-2".upper(), 3, interfaces=LO)
        assert found is not None and found.instance == f"{name}-2"
        assert found.properties["seats"] == second._properties["seats"]
        found = await find_host(name, 3, interfaces=LO)
        assert found is not None and found.instance == name  # the exact instance, not its twin
        assert await find_host(_unique("Nobody"), 0.5, interfaces=LO) is None
    finally:
        for adv in ads:
            await adv.close()
        server.close()


async def test_a_host_nobody_can_reach_is_not_advertised_and_says_so_once(caplog) -> None:
    # nothing listens on the port: advertising it would send players to a dead address
    port = free_port()
    caplog.set_level(logging.WARNING, logger="hearts.net.discovery")
    adv = Advertiser("Ghost", port, PROPS, interfaces=LO)
    await adv.start()
    await adv.update({**PROPS, "seats": "1"})
    async with asyncio.timeout(3):
        while adv.failure is None:
            await asyncio.sleep(0.02)
    await adv.update({**PROPS, "seats": "2"})
    await adv.close()
    assert not adv.registered.is_set()
    records = [r for r in caplog.records if r.name == "hearts.net.discovery"]
    assert len(records) == 1
    assert records[0].getMessage() == (
        f"hearts: host 'Ghost' is not advertised on the LAN (nothing listens on port {port} of a "
        "LAN address); players can still join by address.")


async def test_without_an_interface_browsing_fails_in_one_sentence(caplog) -> None:
    with pytest.raises(DiscoveryUnavailable, match="no interface holds 192.0.2.77"):
        await browse(0.1, interfaces=["192.0.2.77"])
    adv = Advertiser("Nowhere", 7895, PROPS, interfaces=["192.0.2.77"])
    await adv.start()
    await adv.close()  # closing while registration may still be pending
    adv = Advertiser("Nowhere", 7895, PROPS, interfaces=["192.0.2.77"])
    await adv.start()
    async with asyncio.timeout(3):
        while adv.failure is None:
            await asyncio.sleep(0.02)
    assert adv.failure == "no interface holds 192.0.2.77"
    await adv.close()


async def test_close_during_registration_sends_nothing_and_does_not_raise() -> None:
    name = _unique("Brief")
    server = await _greeter()
    port = server.sockets[0].getsockname()[1]
    async with Browser(interfaces=LO) as browser:
        adv = Advertiser(name, port, {**PROPS, "name": name}, interfaces=LO)
        await adv.start()
        await asyncio.sleep(0.3)  # probing, not yet announced
        await adv.close()
        assert not adv.registered.is_set()
        await asyncio.sleep(0.5)
        assert all(h.instance != name for h in browser.hosts.values())
    server.close()


def test_browse_table_and_json_fields() -> None:
    from hearts.commands import browse as command

    hosts = [
        HostInfo("Ann", "Ann", ("10.0.0.5", "fd00::5"), 7895,
                 {"version": "1", "tables": "2", "seats": "3", "rules": "standard", "playing": "1"}),
        HostInfo("Bob", "Bob", ("fd00::6",), 7000,
                 {"version": "9", "tables": "0", "seats": "0", "rules": "omnibus", "playing": "0"}),
    ]
    assert command._table(hosts).splitlines() == [
        "NAME  ADDRESS         TABLES  FREE SEATS  RULES     GAME",
        "Ann   10.0.0.5:7895   2       3           standard  playing",
        "Bob   [fd00::6]:7000  0       0           omnibus   waiting (protocol 9, cannot join)",
    ]
    assert hosts[0].to_dict() == {"name": "Ann", "instance": "Ann",
                                  "addresses": ["10.0.0.5", "fd00::5"], "port": 7895,
                                  "properties": hosts[0].properties}
