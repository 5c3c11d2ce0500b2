"""Sizes a partial msgpack frame declares, read before its bytes arrive.

msgpack's Unpacker checks a string's length only once the whole string is
there, so a frame that declares a 4 GB string and then waits would sit until a
timeout. `FrameScanner` walks the headers of the frame being received (flat:
a container's header is followed by its items, so no nesting is tracked) and
says at once when a declared size cannot fit in the frame limit. It resumes
where it stopped, so a frame that trickles in is read once in all.
"""

from __future__ import annotations

# first byte -> (bytes of a length field, extra bytes before the payload) for sized
# items; a length field of 0 means a fixed payload of `extra` bytes
_SIZED = {
    0xc4: (1, 0), 0xc5: (2, 0), 0xc6: (4, 0),          # bin 8/16/32
    0xc7: (1, 1), 0xc8: (2, 1), 0xc9: (4, 1),          # ext 8/16/32 (+ type byte)
    0xd9: (1, 0), 0xda: (2, 0), 0xdb: (4, 0),          # str 8/16/32
    0xca: (0, 4), 0xcb: (0, 8),                        # float 32/64
    0xcc: (0, 1), 0xcd: (0, 2), 0xce: (0, 4), 0xcf: (0, 8),   # uint
    0xd0: (0, 1), 0xd1: (0, 2), 0xd2: (0, 4), 0xd3: (0, 8),   # int
    0xd4: (0, 2), 0xd5: (0, 3), 0xd6: (0, 5), 0xd7: (0, 9), 0xd8: (0, 17),  # fixext
}
_COUNTED = {0xdc: (2, "array"), 0xdd: (4, "array"), 0xde: (2, "map"), 0xdf: (4, "map")}


class FrameScanner:
    """Reads the headers of one incoming frame as its bytes arrive."""

    def __init__(self, max_frame: int, max_array: int, max_map: int) -> None:
        self.max_frame = max_frame
        self.max_count = {"array": max_array, "map": max_map}
        self.pos = 0          # the next header to read, from the frame's first byte

    def restart(self) -> None:
        """A new frame begins."""
        self.pos = 0

    def too_large(self, frame: bytes | bytearray | memoryview) -> bool:
        """Whether the bytes of the frame so far declare more than the limits allow."""
        i, n = self.pos, len(frame)
        limit = self.max_frame
        while i < n:
            b = frame[i]
            if b <= 0x9f or b >= 0xe0 or b in (0xc0, 0xc2, 0xc3):
                i += 1                      # fixint, fixmap, fixarray, nil, bool
            elif b <= 0xbf:                                          # fixstr
                i += 1 + (b & 0x1f)
            elif b in _COUNTED:
                width, kind = _COUNTED[b]
                if i + 1 + width > n:
                    break
                if int.from_bytes(frame[i + 1:i + 1 + width], "big") > self.max_count[kind]:
                    return True
                i += 1 + width
            elif b in _SIZED:
                width, extra = _SIZED[b]
                if i + 1 + width > n:
                    break
                size = int.from_bytes(frame[i + 1:i + 1 + width], "big") if width else 0
                i += 1 + width + extra + size
            else:                                                    # 0xc1: never valid;
                break                                                # msgpack says so
            if i > limit:
                return True
        self.pos = i
        return False
