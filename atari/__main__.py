"""`python -m atari`, and the wordle-atari command: see atari.cli."""

import sys

from atari.cli import main

if __name__ == "__main__":
    sys.exit(main())
