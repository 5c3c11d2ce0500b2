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


async def test_why_a_link_ended_is_a_code_whatever_the_language(tmp_path) -> None:
    """The host's bye, words in French: ``disconnected`` says ``bye``, and a client that
    cannot reconnect closes with ``gave-up``: codes, not sentences, are compared."""
    from hearts.net.client import BYE, END_CODES, GAVE_UP
    h = Host(name="test", limits=FAST, bot_level="random")
    await h.start(bind="127.0.0.1", port=0)
    c = Client("127.0.0.1", h.port, name="Zoé", limits=FAST, lang="fr", retry_for=0.3)
    await c.connect()
    await h.stop()
    lost = await c.wait_for("disconnected")
    assert lost["code"] == BYE and lost["reason"] != "the host is shutting down"   # French
    closed = await c.wait_for(lambda e: e["type"] == "closed", timeout=10)
    assert closed["code"] == GAVE_UP and closed["code"] in END_CODES
    await c.close()


async def test_a_fatal_error_closes_with_its_own_code(host: Host) -> None:
    """A second connection with the same token replaces the first: the first closes with
    the error's code (no reconnecting), its message kept as the reason."""
    ann = await connect(host, "Ann")
    again = await connect(host, "Ann", token=ann.token)
    closed = await ann.wait_for(lambda e: e["type"] == "closed", timeout=10)
    assert closed["code"] == "replaced" and "elsewhere" in closed["reason"]
    await ann.close()
    await again.close()
