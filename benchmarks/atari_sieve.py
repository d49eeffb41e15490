"""The BYTE sieve in the kit's Atari BASIC: flat out, and on the virtual clock.

benchmarks/SIEVE.LST is the Atari BASIC version Bill Wilkinson printed in COMPUTE! 57
(February 1985, "Insight: Atari"), the one a real Atari 800 ran in 317 seconds: its flags are
a string, as 8,192 six-byte array elements do not fit in an Atari's memory (our interpreter
says ERROR 9 to DIM FLAGS(8191), like the real one), filled with the N$(2)=N$ idiom. (The
magazine's scan reads PRIME=I+I+I; with 1-based flags the BYTE prime is I+I+1, which finds
the 1899 primes.)

Flat out: the best and median wall time (and CPU time) of a few runs and the speed-up over
the real machine. Target: at least 1000 times a real Atari 800 (the sieve in under 0.317 s).

Virtual clock: the Atari time the kit charges (atari/basic/costs.py, calibrated on this
sieve) against the published timings of an Atari 800 with Atari BASIC:
  - BYTE sieve (BYTE, September 1981; COMPUTE! 57, February 1985): 317 s
  - Ahl's Simple Benchmark, benchmarks/AHL.LST (Creative Computing, November 1983,
    "Benchmark Comparison Test"): 6 min 58 s = 418 s

    python benchmarks/atari_sieve.py [--runs N]
"""
import argparse
import pathlib
import statistics
import sys
import time

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent.parent))

from atari.basic import load_program  # noqa: E402
from atari.basic.interpreter import Interpreter  # noqa: E402
from atari.machine import Machine  # noqa: E402

HERE = pathlib.Path(__file__).resolve().parent
SIEVE_LISTING = HERE / "SIEVE.LST"
ATARI_800_SECONDS = 317.0
EXPECTED_PRIMES = 1899
TARGET_SPEEDUP = 1000
PUBLISHED = [  # (listing, what it prints, seconds on an Atari 800, where published)
    ("SIEVE.LST", "1899 PRIMES", 317.0, "BYTE Sep 1981 / COMPUTE! 57"),
    ("AHL.LST", None, 418.0, "Creative Computing Nov 1983"),
]


def run(program):
    """(wall seconds, CPU seconds, printed text, virtual seconds) of one run."""
    printed = bytearray()
    machine = Machine()
    machine.editor_output = printed.extend
    started, cpu_started = time.perf_counter(), time.process_time()
    Interpreter(program, machine).run()
    wall, cpu = time.perf_counter() - started, time.process_time() - cpu_started
    return wall, cpu, printed.replace(b"\x9b", b"\n").decode("ascii", "replace"), machine.clock.seconds


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3, help="timed runs (default 3)")
    runs = max(parser.parse_args().runs, 1)
    program = load_program(SIEVE_LISTING.read_bytes())
    walls, cpus = [], []
    for _ in range(runs):
        wall, cpu, printed, _virtual = run(program)
        if f"{EXPECTED_PRIMES} PRIMES" not in printed:
            print(f"FAIL: the sieve printed {printed!r}, not {EXPECTED_PRIMES} PRIMES")
            return 1
        walls.append(wall)
        cpus.append(cpu)
    best, median, cpu = min(walls), statistics.median(walls), min(cpus)
    print(f"BYTE sieve flat out: {EXPECTED_PRIMES} primes, wall best {best:.3f} s, median "
          f"{median:.3f} s, CPU best {cpu:.3f} s over {runs} runs")
    met = ATARI_800_SECONDS / median >= TARGET_SPEEDUP
    print(f"speed-up over the Atari 800 ({ATARI_800_SECONDS:.0f} s): best {ATARI_800_SECONDS / best:.0f}x, "
          f"median {ATARI_800_SECONDS / median:.0f}x, CPU {ATARI_800_SECONDS / cpu:.0f}x "
          f"(target {TARGET_SPEEDUP}x on the median: {'met' if met else 'NOT met'})")
    print("virtual clock against published Atari 800 timings:")
    for name, expected, seconds, source in PUBLISHED:
        _wall, _cpu, printed, virtual = run(load_program((HERE / name).read_bytes()))
        if expected and expected not in printed:
            print(f"FAIL: {name} printed {printed!r}")
            return 1
        print(f"  {name:10} {virtual:6.1f} s virtual, {seconds:5.0f} s published ({source}): "
              f"{100 * (virtual - seconds) / seconds:+.1f}%")
    return 0


if __name__ == "__main__":
    sys.exit(main())
