"""net.client.Client against a real host: errors in one sentence, sending checks."""

from __future__ import annotations

import pytest

import hearts.net.client as client_module
from hearts.net.client import Client, ClientError
from hearts.net.host import Host
from hearts.net.protocol import ProtocolError

from tests.ports import free_port

from .conftest import FAST, connect


async def test_version_mismatch_is_one_clear_error(host: Host, monkeypatch) -> None:
    monkeypatch.setattr(client_module, "PROTOCOL_VERSION", 999)
    c = Client("127.0.0.1", host.port, name="Old", limits=FAST)
    with pytest.raises(ClientError) as e:
        await c.connect()
    assert "protocol version 1" in str(e.value) and "999" in str(e.value)


async def test_no_host_is_one_clear_error() -> None:
    port = free_port()
    c = Client("127.0.0.1", port, name="x")
    with pytest.raises(ClientError, match=f"cannot reach a Hearts host at 127.0.0.1:{port}"):
        await c.connect(timeout=2)


async def test_intents_are_checked_before_sending(host: Host) -> None:
    c = await connect(host, "Ann")
    with pytest.raises(ProtocolError, match="card"):
        await c.send("play", card=12)
    with pytest.raises(ProtocolError, match="unknown message type"):
        await c.send("cheat")
    await c.send("list_tables")
    assert (await c.wait_for("tables"))["tables"] == []
    await c.close()
    with pytest.raises(ClientError):
        await c.send("list_tables")
