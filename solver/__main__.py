"""python -m solver, and the wordle-solver command: see solver/cli.py."""
import sys

from solver.cli import main

if __name__ == "__main__":
    sys.exit(main())
