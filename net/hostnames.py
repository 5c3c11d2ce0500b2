"""Which names the web side answers to: the defence against DNS rebinding.

A page on another site can make its own name point at this host (DNS rebinding) and
then talk to it as that site: the browser sends ``Host: rebind.attacker.example``, and
an ``Origin`` that matches it. So the web side answers only requests whose ``Host`` is
a name this host really has:

- an address written as such (``192.168.1.20``, ``[fe80::1]``): a browser sends one
  only when the page was opened by that address, never a name someone else resolves;
- ``localhost`` (and ``*.localhost``, which browsers keep on this machine);
- this machine's names: its host name, its fully qualified name, and its LAN names
  ``NAME.local``, ``NAME-2.local`` (mDNS renames on a clash) and the advertised
  ``NAME-xxxxxx.local`` (`hearts.net.discovery`);
- any other name given to `HostNames`.

Case and a trailing dot do not matter; the port is not looked at (the socket chose it).
"""

from __future__ import annotations

import ipaddress
import re
import socket
from collections.abc import Iterable


def _label(name: str) -> str:
    """A machine name as the discovery module writes it into mDNS names."""
    return re.sub(r"[^a-z0-9-]", "-", name.lower().split(".")[0])[:40].strip("-")


def split_host(value: str) -> str:
    """The name or address of a ``Host`` header, without its port, lower case."""
    value = value.strip().lower()
    if value.startswith("["):                       # [v6]:port
        end = value.find("]")
        return value[: end + 1] if end > 0 else value
    if value.count(":") == 1:
        value = value.partition(":")[0]
    return value.rstrip(".")


def is_address(name: str) -> bool:
    """Whether ``name`` is an IP address literal (v6 in brackets, as in a URL)."""
    if name.startswith("[") and name.endswith("]"):
        name = name[1:-1].partition("%")[0]
    try:
        ipaddress.ip_address(name)
    except ValueError:
        return False
    return True


class HostNames:
    """The ``Host`` names this host answers to (see the module's docstring)."""

    def __init__(self, extra: Iterable[str] = (), machine: str | None = None) -> None:
        machine = socket.gethostname() if machine is None else machine
        names = {"localhost", *(split_host(n) for n in extra if n)}
        if machine:
            names.add(machine.lower().rstrip("."))
            try:
                names.add(socket.getfqdn(machine).lower().rstrip("."))
            except OSError:
                pass
        self.names = frozenset(n for n in names if n)
        base = _label(machine) if machine else ""
        # NAME.local, NAME-2.local (a clash renamed it), NAME-1a2b3c.local (net.discovery)
        self._local = re.compile(rf"{re.escape(base)}(-[0-9]+|-[0-9a-f]{{6}})?\.local") \
            if base else None

    def allows(self, host_header: str | None) -> bool:
        """Whether a request with this ``Host`` header is for this host."""
        if not host_header:
            return False
        name = split_host(host_header)
        if name in self.names or is_address(name) or name.endswith(".localhost"):
            return True
        return self._local is not None and self._local.fullmatch(name) is not None


__all__ = ["HostNames", "is_address", "split_host"]
