"""python -m solver: see solver/cli.py."""
import sys

from solver.cli import main

sys.exit(main())
