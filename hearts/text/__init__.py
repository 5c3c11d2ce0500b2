"""The line-based text client (`hearts join`): plain lines for screen readers and SSH.

`render` turns host messages and views into lines, `commands` turns typed lines
into intents, `client` runs the loop over a `hearts.net.client.Client`.
"""
