"""Time `python -m atari compare wordle` and `python -m atari compare 2048` at their default sizes.

Each runs as a user runs it (a fresh `python -m atari` process, output to a pipe, so no
progress bar) and reports how many pairs or moves it played and how long it took.

Target: each under 60 seconds on the project's 2-core machine.

    python benchmarks/atari_compare.py
"""
import pathlib
import re
import subprocess
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parent.parent
TARGET_SECONDS = 60
COMMANDS = {
    "wordle": (["compare", "wordle", "--examples", "0"], r"= ([\d,]+) pairs played"),
    "2048": (["compare", "2048", "--examples", "0"], r"runs, ([\d,]+) moves"),
}


def main():
    met = True
    for name, (arguments, count_pattern) in COMMANDS.items():
        started = time.perf_counter()
        finished = subprocess.run([sys.executable, "-m", "atari", *arguments], cwd=ROOT,
                                  capture_output=True, text=True)
        seconds = time.perf_counter() - started
        if finished.returncode != 0:
            print(f"compare {name}: failed with status {finished.returncode}: {finished.stderr.strip()}")
            met = False
            continue
        count = re.search(count_pattern, finished.stdout).group(1)
        ok = seconds < TARGET_SECONDS
        met &= ok
        print(f"compare {name}: {count} {'pairs' if name == 'wordle' else 'moves'} in {seconds:.1f} s "
              f"(target under {TARGET_SECONDS} s: {'met' if ok else 'NOT met'})")
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
