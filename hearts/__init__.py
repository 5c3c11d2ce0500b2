"""LAN Hearts: rules engine, bots, and a pygame-ce client."""

__version__ = "0.1.0"
