"""The addresses of the machine the server runs on: the ``Host`` names the
guard (:mod:`altbaumer.serve.security`) lets through, and the address the
server prints for the user to open (docs/serve.md, Opening the board on a
phone or another computer).

On a loopback address the server answers to the loopback names only. On
any other ``--host``, or on all addresses (``0.0.0.0``, ``::``), it answers
too to the names and addresses another machine may reach it by: the
machine's host name, its fully qualified name, ``NAME.local``, and each of
its addresses. A name outside these (a page on another site that rebinds
its name to this machine) is still refused.

>>> sorted(host_names("127.0.0.1"))
['127.0.0.1', '::1', '[::1]', 'localhost']
>>> shown_host("127.0.0.1"), shown_host("192.168.1.5"), shown_host("::1")
('127.0.0.1', '192.168.1.5', '::1')
>>> "evil.example" in host_names("0.0.0.0")
False
"""

from __future__ import annotations

import ipaddress
import socket
from typing import Optional

from altbaumer.serve.security import LOOPBACK_NAMES

__all__ = ["WILDCARDS", "is_loopback", "host_names", "shown_host", "lan_address", "machine_addresses"]

WILDCARDS = frozenset({"0.0.0.0", "::"})
"""The ``--host`` values that listen on every address of the machine."""

_PROBES = {socket.AF_INET: "192.0.2.1", socket.AF_INET6: "2001:db8::1"}
"""Documentation addresses (RFC 5737, RFC 3849): no one answers there, and no packet is sent to them."""


def is_loopback(host: str) -> bool:
    """Whether ``host`` is reachable from this machine only.

    >>> is_loopback("localhost"), is_loopback("::1"), is_loopback("0.0.0.0"), is_loopback("pi.local")
    (True, True, False, False)
    """
    if host.lower() == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def host_names(host: str) -> set[str]:
    """The names a ``Host`` header may give (without its port, as the guard
    compares them) for a server listening on ``host``: the loopback names and
    ``host`` itself, and, unless ``host`` is a loopback address, the
    machine's names and addresses (IPv6 ones bare and in brackets)."""
    names = set(LOOPBACK_NAMES) | _spellings(host)
    if is_loopback(host):
        return names
    hostname = socket.gethostname().lower()
    names |= {hostname, f"{hostname}.local", socket.getfqdn().lower()}
    for address in machine_addresses():
        names |= _spellings(address)
    return names


def shown_host(host: str) -> str:
    """The host of the address the server prints: ``host`` itself, or for
    all addresses (``0.0.0.0``, ``::``) the machine's address on its network,
    which another machine can open too (127.0.0.1 when it has none)."""
    if host not in WILDCARDS:
        return host
    families = (socket.AF_INET, socket.AF_INET6) if host == "::" else (socket.AF_INET,)
    for family in families:
        address = lan_address(family)
        if address is not None:
            return address
    return "127.0.0.1"


def lan_address(family: socket.AddressFamily = socket.AF_INET) -> Optional[str]:
    """The address this machine sends from to reach the network (``None``
    without a network): a UDP socket "connected" to an address outside picks
    its source address by the routing table, and sends nothing."""
    try:
        with socket.socket(family, socket.SOCK_DGRAM) as probe:
            probe.connect((_PROBES[family], 9))
            address = str(probe.getsockname()[0]).split("%", 1)[0]
    except OSError:
        return None
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return None
    return None if parsed.is_unspecified or parsed.is_loopback else address


def machine_addresses() -> set[str]:
    """Every address of this machine that its name resolves to, and the ones
    it reaches the network from (IPv4 and IPv6)."""
    addresses: set[str] = set()
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None):
            addresses.add(str(info[4][0]).split("%", 1)[0])  # without an IPv6 zone (fe80::1%eth0)
    except OSError:
        pass
    for family in _PROBES:
        found = lan_address(family)
        if found is not None:
            addresses.add(found)
    return addresses


def _spellings(host: str) -> set[str]:
    """``host`` as a Host header names it: an IPv6 address in brackets (and bare).

    >>> sorted(_spellings("FD00::2")), sorted(_spellings("pi.local"))
    (['[fd00::2]', 'fd00::2'], ['pi.local'])
    """
    host = host.lower()
    return {host, f"[{host}]"} if ":" in host else {host}
