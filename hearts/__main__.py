"""`python -m hearts` is the `hearts` command."""

import sys

from hearts.cli import main

sys.exit(main())
