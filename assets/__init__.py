"""The game's files that are not code: fonts, sounds and the browser page, installed as
`hearts.assets` and found with `hearts.resources` (never relative to the source tree)."""
