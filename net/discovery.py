"""LAN discovery with zeroconf (mDNS/DNS-SD): advertise a host, browse for hosts.

A host registers ``<name>._hearts._tcp.local.`` with TXT records (``version``,
``name``, ``tables``, ``seats`` (free), ``players`` (people seated), ``rules``, ``playing``, and ``web``: the port of
the browser client when the host serves it, then also named by
``<name>._http._tcp.local.`` with TXT ``path=/`` for the LAN's service browsers). Registration probes
the network for about 1.2 s, so `Advertiser.start` only schedules it and
returns; the host accepts connections meanwhile. When zeroconf cannot run (no
interface with multicast, sockets refused) the advertiser logs once why and
the host keeps serving by address.

Browsing: `Browser` yields `BrowseEvent` ("added", "updated", "removed") with
a `HostInfo`; `browse` lists the hosts found within a time; `find_host`
resolves an advertised name for ``hearts join NAME``.

mDNS is carried over IPv4 on interfaces that are up and multicast-capable
(loopback only when asked for explicitly); the address records carry every
IPv4 address and every global or unique-local IPv6 address of those
interfaces. Link-local IPv6 addresses are left out: without a scope they
cannot be dialled by the browser.
"""

from __future__ import annotations

import asyncio
import contextlib
import errno
import ipaddress
import logging
import re
import secrets
import socket
import sys
from collections.abc import AsyncIterator, Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Protocol

from zeroconf import (
    DNSQuestionType,
    DNSService,
    IPVersion,
    RecordUpdate,
    RecordUpdateListener,
    ServiceStateChange,
    Zeroconf,
    current_time_millis,
)
from zeroconf.asyncio import AsyncServiceBrowser, AsyncServiceInfo, AsyncZeroconf

from hearts.i18n import T_

from .interfaces import Interface, lan_interfaces

SERVICE_TYPE = "_hearts._tcp.local."
WEB_SERVICE_TYPE = "_http._tcp.local."   # the browser client's page, for LAN service browsers
log = logging.getLogger(__name__)

_MAX_INSTANCE_BYTES = 56  # 63-byte DNS label, leaving room for zeroconf's "-NN" on a conflict
_MAX_TXT_ENTRY = 255
_TYPE_SRV = 33  # DNS record type and class (RFC 1035, 2782)
_CLASS_IN = 1
_RESOLVE_MS = 3000
# After a service moves to another address or port (two hosts announced one name together),
# look again this long after: the host that keeps the name re-announces a second after the
# clash, and the other host's record then expires from the cache a second later. Nothing
# new arrives to say so (the keeper's records are the ones already cached).
_MOVED_RECHECK_S = 3.5


class DiscoveryUnavailable(Exception):
    """Zeroconf cannot run here (no multicast-capable interface, sockets refused)."""


# --------------------------------------------------------------------------- interfaces


def _listening(address: str, port: int) -> bool:
    """Whether something on this machine listens on ``address:port`` (or on its wildcard).

    A trial bind without SO_REUSEADDR fails with EADDRINUSE exactly then (Linux, BSD).
    """
    family = socket.AF_INET6 if ":" in address else socket.AF_INET
    try:
        with socket.socket(family, socket.SOCK_STREAM) as s:
            if family == socket.AF_INET6:
                s.setsockopt(socket.IPPROTO_IPV6, socket.IPV6_V6ONLY, 1)
            s.bind((address, port))
    except OSError as e:
        return e.errno == errno.EADDRINUSE
    return False


def _served_addresses(ifaces: list[Interface], port: int) -> list[str]:
    """The interface addresses the host can be reached at on ``port``: a host bound to
    0.0.0.0 only is not advertised at its IPv6 addresses, one bound to 127.0.0.1 not at all."""
    addresses = list(dict.fromkeys(a for i in ifaces for a in (*i.ipv4, *i.ipv6)))
    if sys.platform == "win32":  # Windows lets a specific bind shadow a wildcard listener
        return addresses
    return [a for a in addresses if _listening(a, port)]


async def _open_zeroconf(interfaces: Iterable[str] | None) -> tuple[AsyncZeroconf, list[Interface]]:
    """Start zeroconf on the chosen (or every LAN) interface; raise DiscoveryUnavailable."""
    ifaces = lan_interfaces(interfaces)
    if not ifaces:
        if interfaces is not None:
            raise DiscoveryUnavailable(T_("no interface holds {names}", names=", ".join(interfaces)))
        raise DiscoveryUnavailable(T_("no network interface with multicast is up"))
    try:
        zc = AsyncZeroconf(interfaces=[a for i in ifaces for a in i.ipv4], ip_version=IPVersion.V4Only)
    except Exception as e:  # zeroconf raises OSError, RuntimeError... from socket setup
        raise DiscoveryUnavailable(T_("zeroconf cannot start: {why}", why=str(e))) from e
    try:
        await zc.zeroconf.async_wait_for_start()
        if not zc.zeroconf.engine.senders:
            raise DiscoveryUnavailable(T_("zeroconf could not join the multicast group on any "
                                          "interface"))
    except BaseException as e:
        with contextlib.suppress(Exception):
            await zc.async_close()
        if isinstance(e, DiscoveryUnavailable | asyncio.CancelledError):
            raise
        raise DiscoveryUnavailable(T_("zeroconf cannot start: {why}",
                                      why=str(e) or type(e).__name__)) from e
    return zc, ifaces


# --------------------------------------------------------------------------- names and TXT


def instance_label(name: str) -> str:
    """A DNS-SD instance label for a host name: printable, no dots, at most 56 bytes."""
    label = " ".join(re.sub(r"[\x00-\x1f\x7f]", "", name).replace(".", " ").split()) or "Hearts"
    data = label.encode()[:_MAX_INSTANCE_BYTES]
    return data.decode(errors="ignore").strip() or "Hearts"


def _txt(properties: Mapping[str, str]) -> dict[str, str]:
    """TXT properties with every ``key=value`` entry cut to 255 bytes (whole characters)."""
    out = {}
    for key, value in properties.items():
        value = str(value)
        room = _MAX_TXT_ENTRY - len(key.encode()) - 1
        while len(value.encode()) > room:
            value = value[:-1]
        out[str(key)] = value
    return out


def _server_name() -> str:
    """A host name unique to this advertiser: two hosts on one machine, or in two network
    namespaces of one machine, must not merge their address records."""
    base = re.sub(r"[^A-Za-z0-9-]", "-", socket.gethostname().split(".")[0])[:40].strip("-") or "hearts"
    return f"{base}-{secrets.token_hex(3)}.local."


# --------------------------------------------------------------------------- advertising


class Advertiser:
    """Advertise one Hearts host on the LAN.

    ``await start()`` returns at once and never raises; registration runs in a
    background task. ``update(properties)`` republishes the TXT records when
    they changed. ``close()`` sends goodbye packets and is safe at any point.
    """

    def __init__(
        self,
        name: str,
        port: int,
        properties: Mapping[str, str],
        *,
        interfaces: Iterable[str] | None = None,
        web_port: int | None = None,
    ) -> None:
        self.name = name
        self.port = port
        self.web_port = web_port
        self._web_info: AsyncServiceInfo | None = None
        self._properties = _txt(properties)
        self._interfaces = list(interfaces) if interfaces is not None else None
        self._zc: AsyncZeroconf | None = None
        self._info: AsyncServiceInfo | None = None
        self._task: asyncio.Task[None] | None = None
        self._conflict: asyncio.Task[None] | None = None
        self._settled: set[str] = set()  # server names of same-named hosts already dealt with
        self._server = ""
        self._addresses: list[str] = []
        self._broadcasts: set[asyncio.Future[Any]] = set()
        self._lock = asyncio.Lock()
        self._closed = False
        self.registered = asyncio.Event()
        """Set once probing is over and the service is announced on the LAN."""
        self.failure: str | None = None
        """Why the host is not advertised, if it is not."""

    @property
    def service_name(self) -> str | None:
        """The registered instance name (``Name`` or ``Name-2`` after a conflict), once registered."""
        if self._info is None:
            return None
        return self._info.name[: -len(SERVICE_TYPE) - 1]

    async def start(self) -> None:
        """Begin registering in the background; return at once."""
        if self._task is None and not self._closed:
            self._task = asyncio.create_task(self._register(), name=f"advertise {self.name}")

    async def update(self, properties: Mapping[str, str]) -> None:
        """Publish new TXT properties; before registration ends they are kept for it."""
        self._properties = _txt(properties)
        await self._publish()

    async def close(self) -> None:
        """Withdraw the service with goodbye packets and stop zeroconf."""
        self._closed = True
        for task in (self._task, self._conflict):
            if task is not None and not task.done():
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        self._task = self._conflict = None
        for fut in self._broadcasts:
            fut.cancel()
        self._broadcasts.clear()
        zc, self._zc = self._zc, None
        if zc is not None:
            try:
                # Sends the goodbyes for every registered service and waits for them.
                await zc.async_close()
            except Exception as e:  # a dead interface must not break shutdown
                log.debug("closing zeroconf: %s", e)
        self._info = None

    async def __aenter__(self) -> Advertiser:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def _fail(self, reason: str) -> None:
        if self.failure is not None:  # say it once
            return
        self.failure = reason
        log.warning(
            "hearts: host %r is not advertised on the LAN (%s); players can still join by address.",
            self.name, reason,
        )

    async def _register(self) -> None:
        try:
            await self._register_once()
        except asyncio.CancelledError:
            raise
        except Exception as e:  # whatever breaks, the host keeps serving by address
            self._info = None
            zc, self._zc = self._zc, None
            if zc is not None:
                with contextlib.suppress(Exception):
                    await zc.async_close()
            self._fail(f"zeroconf failed: {e or type(e).__name__}")

    async def _register_once(self) -> None:
        try:
            zc, ifaces = await _open_zeroconf(self._interfaces)
        except DiscoveryUnavailable as e:
            self._fail(str(e))
            return
        self._zc = zc
        self._addresses = _served_addresses(ifaces, self.port)
        if not self._addresses:
            self._zc = None
            await zc.async_close()
            self._fail(f"nothing listens on port {self.port} of a LAN address")
            return
        self._server = _server_name()
        zc.zeroconf.async_add_listener(_ConflictWatch(self), None)
        await self._announce(instance_label(self.name))

    async def _announce(self, instance: str) -> None:
        """Probe for ``instance`` (renamed ``instance-2``... if taken), then announce it."""
        assert self._zc is not None
        info = AsyncServiceInfo(
            SERVICE_TYPE,
            f"{instance}.{SERVICE_TYPE}",
            port=self.port,
            properties=dict(self._properties),
            server=self._server,
            parsed_addresses=self._addresses,
        )
        announced = await self._zc.async_register_service(info, allow_name_change=True)
        self._info = info
        self.registered.set()
        log.debug("advertising %s at %s", info.name, ", ".join(self._addresses))
        if self.web_port:
            self._track(self._announce_web(info.name[: -len(SERVICE_TYPE) - 1]))
        self._check_conflict()
        await self._publish()  # properties may have changed while probing
        await announced

    async def _announce_web(self, instance: str) -> None:
        """Name the browser client's page as ``instance._http._tcp.local.`` (path ``/``)."""
        zc = self._zc
        if zc is None or self._closed:
            return
        old, self._web_info = self._web_info, None
        try:
            if old is not None:
                await zc.async_unregister_service(old)
            info = AsyncServiceInfo(WEB_SERVICE_TYPE, f"{instance}.{WEB_SERVICE_TYPE}",
                                    port=self.web_port, properties={"path": "/"},
                                    server=self._server, parsed_addresses=self._addresses)
            announced = await zc.async_register_service(info, allow_name_change=True)
            self._web_info = info
            await announced
        except asyncio.CancelledError:
            raise
        except Exception as e:      # the game service stands without it
            log.debug("advertising the web page: %s", e)

    def _check_conflict(self) -> None:
        """React to another host announcing our very name (both probed at the same time).

        python-zeroconf has no simultaneous-probe tiebreak: both hosts compare their
        (random, distinct) server names; the greater one renames itself without a
        goodbye, the other re-announces to flush the loser's records from caches.
        """
        zc, info = self._zc, self._info
        if zc is None or info is None or self._closed:
            return
        running = self._conflict
        if running is not None and not running.done() and running is not asyncio.current_task():
            return
        now = current_time_millis()
        others = {
            r.server_key
            for r in zc.zeroconf.cache.async_all_by_details(info.name, _TYPE_SRV, _CLASS_IN)
            if isinstance(r, DNSService) and r.server_key != info.server_key and not r.is_expired(now)
        } - self._settled
        if others:
            other = min(others)
            self._settled.add(other)
            self._conflict = asyncio.create_task(self._resolve_conflict(info, other))

    async def _resolve_conflict(self, info: AsyncServiceInfo, other: str) -> None:
        zc = self._zc
        assert zc is not None and info.server_key is not None
        if info.server_key < other:  # we keep the name
            await asyncio.sleep(1.0)  # let the other host rename first
            current = self._info  # (a TXT update may have replaced the info meanwhile)
            if current is not None and current.key == info.key and not self._closed:
                self._track(await zc.async_update_service(current))
            return
        instance = info.name[: -len(SERVICE_TYPE) - 1]
        async with self._lock:
            self.registered.clear()
            zc.zeroconf.registry.async_remove(info)  # no goodbye: the name is the other host's
            self._info = None
            for fut in self._broadcasts:
                fut.cancel()
        try:
            await self._announce(instance_label(self.name))  # becomes Name-2, Name-3...
        except asyncio.CancelledError:
            raise
        except Exception as e:
            self._fail(f"zeroconf failed while renaming: {e or type(e).__name__}")
            return
        log.info("another host on the LAN is called %r too: advertised as %r", instance,
                 self.service_name)

    def _track(self, fut: Awaitable[Any]) -> None:
        fut = asyncio.ensure_future(fut)
        self._broadcasts.add(fut)
        fut.add_done_callback(self._broadcasts.discard)

    async def _publish(self) -> None:
        async with self._lock:
            zc, info = self._zc, self._info
            if zc is None or info is None or self._closed or not self.registered.is_set():
                return
            if info.decoded_properties == self._properties:
                return
            new = AsyncServiceInfo(
                SERVICE_TYPE,
                info.name,
                port=info.port,
                properties=dict(self._properties),
                server=info.server,
                addresses=info.addresses_by_version(IPVersion.All),
            )
            try:
                fut = await zc.async_update_service(new)
            except Exception as e:
                log.debug("updating %s: %s", info.name, e)
                return
            self._info = new
            self._track(fut)


class _ConflictWatch(RecordUpdateListener):
    """Tells the advertiser when an SRV record for its service name arrives."""

    def __init__(self, advertiser: Advertiser) -> None:
        self._advertiser = advertiser
        self._pending = False

    def async_update_records(self, zc: Zeroconf, now: float, records: list[RecordUpdate]) -> None:
        info = self._advertiser._info
        if info is not None and any(
            isinstance(r.new, DNSService) and r.new.key == info.key for r in records
        ):
            self._pending = True

    def async_update_records_complete(self) -> None:
        if self._pending:  # the cache now holds the new records
            self._pending = False
            self._advertiser._check_conflict()


# --------------------------------------------------------------------------- browsing


@dataclass(frozen=True)
class HostInfo:
    """A host found on the LAN."""

    name: str
    """The host's name as it advertises it (TXT ``name``; the instance name if absent)."""
    instance: str
    """The unique service instance name (``Name`` or ``Name-2``): what ``hearts join`` takes."""
    addresses: tuple[str, ...]
    """IPv4 addresses first, then IPv6 (scoped as ``fe80::1%3`` where needed)."""
    port: int
    properties: dict[str, str] = field(default_factory=dict, hash=False)

    @property
    def address(self) -> str | None:
        """The address to dial first: an IPv4 one if any."""
        return self.addresses[0] if self.addresses else None

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict."""
        return {
            "name": self.name,
            "instance": self.instance,
            "addresses": list(self.addresses),
            "port": self.port,
            "properties": dict(self.properties),
        }


@dataclass(frozen=True)
class BrowseEvent:
    kind: Literal["added", "updated", "removed"]
    host: HostInfo


def _host_info(info: AsyncServiceInfo) -> HostInfo | None:
    if info.port is None:
        return None
    addresses = tuple(info.parsed_scoped_addresses(IPVersion.V4Only)) + tuple(
        info.parsed_scoped_addresses(IPVersion.V6Only)
    )
    if not addresses:
        return None
    props = {k: v or "" for k, v in info.decoded_properties.items()}
    instance = info.name[: -len(SERVICE_TYPE) - 1] if info.name.endswith("." + SERVICE_TYPE) else info.name
    return HostInfo(
        name=props.get("name") or instance,
        instance=instance,
        addresses=addresses,
        port=info.port,
        properties=props,
    )


class Browser:
    """Watch the LAN for Hearts hosts.

    Use as ``async with Browser() as b: async for event in b: ...``, or pass
    ``on_event``; ``hosts`` always holds the hosts currently known, by
    service name. `start` raises `DiscoveryUnavailable` when zeroconf cannot run.
    """

    def __init__(
        self,
        *,
        interfaces: Iterable[str] | None = None,
        on_event: Callable[[BrowseEvent], None] | None = None,
    ) -> None:
        self._interfaces = list(interfaces) if interfaces is not None else None
        self._on_event = on_event
        self._zc: AsyncZeroconf | None = None
        self._browser: AsyncServiceBrowser | None = None
        self._queue: asyncio.Queue[BrowseEvent | None] = asyncio.Queue()
        self._resolving: dict[str, asyncio.Task[None]] = {}
        self._stale: set[str] = set()
        self._rechecks: set[asyncio.TimerHandle] = set()
        self.hosts: dict[str, HostInfo] = {}

    async def start(self) -> None:
        """Open zeroconf and start browsing."""
        if self._zc is not None:
            return
        self._zc, _ = await _open_zeroconf(self._interfaces)
        # QM (multicast) questions: a unicast answer reaches only one of the sockets sharing
        # port 5353 on this machine (another browser, avahi), so it could miss this one.
        self._browser = AsyncServiceBrowser(
            self._zc.zeroconf, SERVICE_TYPE, handlers=[self._on_change], question_type=DNSQuestionType.QM
        )

    async def close(self) -> None:
        """Stop browsing; ends any `async for` over this browser."""
        for handle in self._rechecks:
            handle.cancel()
        self._rechecks.clear()
        for task in self._resolving.values():
            task.cancel()
        await asyncio.gather(*self._resolving.values(), return_exceptions=True)
        self._resolving.clear()
        if self._browser is not None:
            await self._browser.async_cancel()
            self._browser = None
        if self._zc is not None:
            with contextlib.suppress(Exception):
                await self._zc.async_close()
            self._zc = None
        self._queue.put_nowait(None)

    async def __aenter__(self) -> Browser:
        await self.start()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    def __aiter__(self) -> AsyncIterator[BrowseEvent]:
        return self._events()

    async def _events(self) -> AsyncIterator[BrowseEvent]:
        while (event := await self._queue.get()) is not None:
            yield event

    def _emit(self, event: BrowseEvent) -> None:
        self._queue.put_nowait(event)
        if self._on_event is not None:
            self._on_event(event)

    def _on_change(
        self, zeroconf: Zeroconf, service_type: str, name: str, state_change: ServiceStateChange
    ) -> None:
        if state_change is ServiceStateChange.Removed:
            task = self._resolving.pop(name, None)
            if task is not None:
                task.cancel()
            host = self.hosts.pop(name, None)
            if host is not None:
                self._emit(BrowseEvent("removed", host))
            return
        if name in self._resolving:
            self._stale.add(name)  # resolve again once the running lookup ends
            return
        self._resolving[name] = asyncio.get_running_loop().create_task(self._resolve(name))

    def _recheck_later(self, name: str) -> None:
        """Resolve ``name`` again in `_MOVED_RECHECK_S` (see there), if it is still listed."""
        loop = asyncio.get_running_loop()

        def recheck() -> None:
            self._rechecks.discard(handle)
            if name in self.hosts and self._zc is not None:
                self._on_change(self._zc.zeroconf, SERVICE_TYPE, name, ServiceStateChange.Updated)
        handle = loop.call_later(_MOVED_RECHECK_S, recheck)
        self._rechecks.add(handle)

    async def _resolve(self, name: str) -> None:
        try:
            while True:
                self._stale.discard(name)
                info = AsyncServiceInfo(SERVICE_TYPE, name)
                assert self._zc is not None
                if await info.async_request(self._zc.zeroconf, _RESOLVE_MS, DNSQuestionType.QM):
                    host = _host_info(info)
                    old = self.hosts.get(name)
                    if host is not None and old != host:
                        kind: Literal["added", "updated"] = "updated" if old is not None else "added"
                        self.hosts[name] = host
                        self._emit(BrowseEvent(kind, host))
                        if old is not None and (old.addresses, old.port) != (
                                host.addresses, host.port):
                            self._recheck_later(name)
                if name not in self._stale:
                    return
        finally:
            if self._resolving.get(name) is asyncio.current_task():
                del self._resolving[name]


async def browse(timeout: float = 2.0, *, interfaces: Iterable[str] | None = None) -> list[HostInfo]:
    """The hosts found on the LAN within ``timeout`` seconds, sorted by instance name.

    Raises `DiscoveryUnavailable` when zeroconf cannot run here.
    """
    async with Browser(interfaces=interfaces) as browser:
        await asyncio.sleep(timeout)
        return sorted(browser.hosts.values(), key=lambda h: (h.instance.casefold(), h.instance))


def _matches(host: HostInfo, name: str) -> bool:
    wanted = name.casefold()
    return host.instance.casefold() == wanted or host.name.casefold() == wanted


async def find_host(
    name: str, timeout: float = 3.0, *, interfaces: Iterable[str] | None = None
) -> HostInfo | None:
    """The host advertised as ``name`` (instance or advertised name, any case), or None.

    Returns as soon as it is found; an exact instance name wins over a host that
    only advertises ``name`` in its TXT record. Raises `DiscoveryUnavailable`
    when zeroconf cannot run here.
    """
    wanted = name.casefold()
    fallback: HostInfo | None = None
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    async with Browser(interfaces=interfaces) as browser:
        while (left := deadline - loop.time()) > 0:
            try:
                event = await asyncio.wait_for(browser._queue.get(), left)
            except TimeoutError:
                break
            if event is None:
                break
            if event.kind == "removed" or not _matches(event.host, name):
                continue
            if event.host.instance.casefold() == wanted:
                return event.host
            if fallback is None:
                # another host may hold this exact instance name: give it a moment
                fallback = event.host
                # (up to a second: a responder may wait that long to repeat a record)
                deadline = min(deadline, loop.time() + 1.2)
    return fallback


class Advertised(Protocol):
    """What `advertise_host` needs of a host (`hearts.net.host.Host` has it)."""

    name: str
    properties_listener: Callable[[dict[str, str]], Awaitable[None]] | None

    @property
    def port(self) -> int: ...

    @property
    def web_port(self) -> int | None: ...

    def txt_properties(self) -> dict[str, str]: ...


async def advertise_host(host: Advertised,
                         interfaces: Iterable[str] | None = None) -> Advertiser | None:
    """Announce ``host`` on the LAN and keep its TXT record current.

    Returns the running `Advertiser` (stop it with the host), or None when the LAN
    cannot be reached: discovery never stops a host, which is still joined by address.
    """
    try:
        adv = Advertiser(host.name, host.port, host.txt_properties(), interfaces=interfaces,
                         web_port=host.web_port)
        await adv.start()
    except Exception as e:
        log.warning("cannot advertise on the LAN (%s); players join by address", e)
        return None

    async def push(props: dict[str, str]) -> None:
        try:
            await adv.update(props)
        except Exception as e:
            log.warning("discovery update failed: %s", e)

    host.properties_listener = push
    return adv
