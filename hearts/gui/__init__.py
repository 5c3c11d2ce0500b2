"""The pygame-ce client: menu, lobby, table, console, settings."""
