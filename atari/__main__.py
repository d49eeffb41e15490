"""`python -m atari`: see atari.cli."""

import sys

from atari.cli import main

sys.exit(main())
