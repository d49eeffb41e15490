"""`python -m atari.compare`: the same as `python -m atari compare wordle`."""

import sys

from atari.compare.command import main

sys.exit(main())
