"""Serving another machine on the network: with ``--host 0.0.0.0`` (or any
address but a loopback one) the server answers to this machine's names and
addresses, still refuses foreign names, and prints an address another
machine can open."""

from __future__ import annotations

import socket
from typing import Any

import pytest
from starlette.testclient import TestClient

from altbaumer.cli.serve import printed_url
from altbaumer.serve import addresses
from altbaumer.serve.addresses import host_names, lan_address, shown_host
from altbaumer.serve.app import create_app
from altbaumer.serve.security import LOOPBACK_NAMES

LAN = "192.168.1.23"
TOKEN = "t"


@pytest.fixture
def on_a_network(monkeypatch: Any) -> None:
    """This machine as if on a home network: its name, and LAN as its address there."""
    monkeypatch.setattr(addresses, "lan_address", lambda family=socket.AF_INET: LAN if family == socket.AF_INET else None)
    monkeypatch.setattr(socket, "gethostname", lambda: "Board-PC")
    monkeypatch.setattr(socket, "getfqdn", lambda *a: "board-pc.home.arpa")
    monkeypatch.setattr(socket, "getaddrinfo", lambda *a, **k: [
        (socket.AF_INET, socket.SOCK_STREAM, 6, "", ("127.0.1.1", 0)),
        (socket.AF_INET6, socket.SOCK_STREAM, 6, "", ("fe80::1%eth0", 0, 0, 2)),
    ])


@pytest.mark.parametrize("host", ["0.0.0.0", "::", LAN])
def test_the_names_of_another_host_are_the_machine_s(on_a_network: None, host: str) -> None:
    names = host_names(host)
    assert set(LOOPBACK_NAMES) <= names
    assert {LAN, "board-pc", "board-pc.local", "board-pc.home.arpa", "127.0.1.1", "fe80::1", "[fe80::1]"} <= names
    assert "evil.example" not in names


def test_a_loopback_host_answers_to_the_loopback_names_only(on_a_network: None) -> None:
    assert host_names("127.0.0.1") == set(LOOPBACK_NAMES)
    assert host_names("localhost") == set(LOOPBACK_NAMES)
    assert LAN not in host_names("::1")


def test_the_names_found_here_include_this_machine_s_address() -> None:
    found = lan_address()
    if found is None:
        pytest.skip("this machine has no network")
    names = host_names("0.0.0.0")
    assert set(LOOPBACK_NAMES) <= names and found in names
    assert shown_host("0.0.0.0") == found


@pytest.mark.parametrize("host, status", [
    (f"{LAN}:8765", 200), (LAN, 200), ("board-pc.local:8765", 200), ("[fe80::1]:8765", 200),
    ("127.0.0.1:8765", 200), ("evil.example", 403), ("evil.example:8765", 403), (f"{LAN}.evil.example", 403),
])
def test_the_guard_lets_the_machine_s_names_through(on_a_network: None, host: str, status: int) -> None:
    client = TestClient(create_app(token=TOKEN, names=host_names("0.0.0.0")), base_url="http://127.0.0.1")
    answer = client.get("/api/start", headers={"Host": host, "Authorization": f"token {TOKEN}"})
    assert answer.status_code == status


def test_the_address_printed_for_every_address_is_the_network_s(on_a_network: None) -> None:
    url = printed_url("0.0.0.0", 8765, TOKEN)
    assert url == f"http://{LAN}:8765/?token={TOKEN}" and "127.0.0.1" not in url
    assert printed_url("0.0.0.0", 8765, TOKEN, "/play") == f"http://{LAN}:8765/play?token={TOKEN}"


def test_the_address_printed_otherwise_is_the_host_given(on_a_network: None) -> None:
    assert printed_url("127.0.0.1", 8765, TOKEN) == f"http://127.0.0.1:8765/?token={TOKEN}"
    assert printed_url("10.0.0.7", 80, TOKEN) == f"http://10.0.0.7:80/?token={TOKEN}"
    assert printed_url("::1", 8765, TOKEN) == f"http://[::1]:8765/?token={TOKEN}"


def test_without_a_network_the_address_printed_is_this_machine_s(monkeypatch: Any) -> None:
    monkeypatch.setattr(addresses, "lan_address", lambda family=socket.AF_INET: None)
    assert printed_url("0.0.0.0", 8765, TOKEN) == f"http://127.0.0.1:8765/?token={TOKEN}"


def test_without_a_route_there_is_no_network_address(monkeypatch: Any) -> None:
    class Unreachable:
        def __init__(self, *args: Any) -> None:
            pass

        def __enter__(self) -> "Unreachable":
            return self

        def __exit__(self, *args: Any) -> None:
            pass

        def connect(self, address: Any) -> None:
            raise OSError(101, "Network is unreachable")

    monkeypatch.setattr(socket, "socket", Unreachable)
    assert lan_address() is None and lan_address(socket.AF_INET6) is None
