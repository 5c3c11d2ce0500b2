"""Networking: the sans-I/O protocol, the asyncio host and client, LAN discovery."""
