"""Errors shared across the layers."""


class UserError(Exception):
    """An error the user caused; the `hearts` command prints its one sentence and exits 2."""
