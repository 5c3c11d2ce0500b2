"""The one base class of the network layer's errors.

Every refusal the host or a client can meet is a `NetError` with a protocol
error ``code`` (docs/protocol.md) and a one-sentence ``message``: a frame or
message that breaks the protocol (`hearts.net.protocol.ProtocolError`), a request the
table refuses (`hearts.net.table.TableError`), a save file that cannot be used
(`hearts.net.saves.SaveError`) and a client that cannot go on (`hearts.net.client.ClientError`).
"""

from __future__ import annotations


class NetError(Exception):
    """A refusal: protocol error ``code`` and one sentence for a person."""

    default_code = "error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.code = code or self.default_code
        self.message = message


__all__ = ["NetError"]
