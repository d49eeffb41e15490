"""Time the BYTE sieve (Gilbreath, BYTE 1981; one iteration, 8192 flags) in the kit's Atari BASIC.

benchmarks/SIEVE.LST is the Atari BASIC version Bill Wilkinson printed in COMPUTE! 57
(February 1985, "Insight: Atari"), the one a real Atari 800 ran in 317 seconds: its flags are
a string, as 8,192 six-byte array elements do not fit in an Atari's memory (our interpreter
says ERROR 9 to DIM FLAGS(8191), like the real one), filled with the N$(2)=N$ idiom. (The
magazine's scan reads PRIME=I+I+I; with 1-based flags the BYTE prime is I+I+1, which finds
the 1899 primes.) This runs it in atari.basic on atari.machine, checks that it prints 1899,
and prints the best and median wall time of a few runs and the speed-up over the real machine.

Target: at least 300 times faster than the Atari 800 (the sieve in under 1.06 s).

    python benchmarks/atari_sieve.py [--runs N]
"""
import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from atari.basic import Interpreter, load_program  # noqa: E402
from atari.machine import Machine  # noqa: E402

SIEVE_LISTING = pathlib.Path(__file__).resolve().parent / "SIEVE.LST"
ATARI_800_SECONDS = 317.0
EXPECTED_PRIMES = 1899
TARGET_SPEEDUP = 300


def run_sieve(program):
    """(seconds, printed text) for one run of the sieve on a fresh machine."""
    printed = bytearray()
    machine = Machine()
    machine.editor_output = printed.extend
    started = time.perf_counter()
    Interpreter(program, machine).run()
    seconds = time.perf_counter() - started
    return seconds, printed.replace(b"\x9b", b"\n").decode("ascii", "replace")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs (default 3)")
    runs = max(parser.parse_args().runs, 1)
    program = load_program(SIEVE_LISTING.read_bytes())
    times = []
    for _ in range(runs):
        seconds, printed = run_sieve(program)
        if f"{EXPECTED_PRIMES} PRIMES" not in printed:
            print(f"FAIL: the sieve printed {printed!r}, not {EXPECTED_PRIMES} PRIMES")
            return 1
        times.append(seconds)
    best, median = min(times), statistics.median(times)
    print(f"BYTE sieve in atari.basic: {EXPECTED_PRIMES} primes, best {best:.3f} s, median {median:.3f} s "
          f"over {runs} runs")
    print(f"speed-up over the Atari 800 ({ATARI_800_SECONDS:.0f} s): best {ATARI_800_SECONDS / best:.0f}x, "
          f"median {ATARI_800_SECONDS / median:.0f}x (target {TARGET_SPEEDUP}x: "
          f"{'met' if ATARI_800_SECONDS / median >= TARGET_SPEEDUP else 'NOT met'})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
