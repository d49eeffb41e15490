"""`python -m atari.compare`: the same as `python -m atari compare wordle`."""

import sys

from atari.cli import main

sys.exit(main(["compare", "wordle", *sys.argv[1:]]))
