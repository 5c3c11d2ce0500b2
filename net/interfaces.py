"""This machine's network interfaces, enumerated one way (ifaddr) for every caller.

`lan_interfaces` gives the interfaces zeroconf advertises and browses on;
`local_addresses` the IPv4 addresses a LAN peer could use to join (loopback
last). Nothing here sends a packet. The interface flags come from the kernel
on Linux (``fcntl``, imported only there); elsewhere loopback is told by its
address.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
from collections.abc import Iterable
from dataclasses import dataclass

import ifaddr

_SIOCGIFFLAGS = 0x8913
_IFF_UP = 0x1
_IFF_LOOPBACK = 0x8
_IFF_MULTICAST = 0x1000


@dataclass(frozen=True)
class Interface:
    """One interface: its name, IPv4 addresses and global or unique-local IPv6 addresses."""

    name: str
    ipv4: tuple[str, ...]
    ipv6: tuple[str, ...]


def interface_flags(name: str) -> int | None:
    """The interface flags from the kernel (Linux), or None where that cannot be asked."""
    try:
        import fcntl
    except ImportError:         # Windows
        return None
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
            packed = fcntl.ioctl(s.fileno(), _SIOCGIFFLAGS,
                                 struct.pack("16sH14x", name.encode()[:15], 0))
    except OSError:
        return None
    return int(struct.unpack("16sH14x", packed)[1])


def lan_interfaces(chosen: Iterable[str] | None = None) -> list[Interface]:
    """Interfaces to advertise and browse on.

    With ``chosen`` (IP addresses), the interfaces holding those addresses;
    otherwise every interface that is up, multicast-capable and not loopback.
    """
    wanted = ({str(ipaddress.ip_address(a.split("%")[0])) for a in chosen}
              if chosen is not None else None)
    found = []
    for adapter in ifaddr.get_adapters():
        ipv4 = tuple(ip.ip for ip in adapter.ips if isinstance(ip.ip, str))
        ipv6_all = tuple(ip.ip[0] for ip in adapter.ips if isinstance(ip.ip, tuple))
        if wanted is not None:
            if not wanted & {*ipv4, *(str(ipaddress.ip_address(a)) for a in ipv6_all)}:
                continue
            ipv4 = tuple(a for a in ipv4 if a in wanted)
        else:
            flags = interface_flags(adapter.name)
            if flags is not None and (
                not flags & _IFF_UP or flags & _IFF_LOOPBACK or not flags & _IFF_MULTICAST
            ):
                continue
            if flags is None and all(ipaddress.ip_address(a).is_loopback for a in ipv4):
                continue
        ipv6 = tuple(
            a for a in ipv6_all
            if not (addr := ipaddress.ip_address(a)).is_link_local and not addr.is_loopback
        )
        if ipv4:
            found.append(Interface(adapter.name, ipv4, ipv6))
    return found


def local_addresses() -> list[str]:
    """This machine's IPv4 addresses a LAN peer could use (loopback last); sends nothing."""
    addrs = [a for adapter in ifaddr.get_adapters() for ip in adapter.ips
             if isinstance(a := ip.ip, str)]
    addrs = [a for a in dict.fromkeys(addrs)
             if not ipaddress.ip_address(a).is_loopback and not a.startswith("169.254.")]
    return addrs + ["127.0.0.1"]


__all__ = ["Interface", "interface_flags", "lan_interfaces", "local_addresses"]
