"""Per-test scores of the corpus under 8 kits' keys: how many submissions' scores differ
(target: 0). The same mistake must cost the same points whatever the kit's key.

    python benchmarks/key_invariance.py [--keys N] [--workers N] [SUBMISSION ...]

Grades each corpus submission (grader/tests/submissions/, all of them by default, or the
folders named) with the seed that N different keys (default 8) give its files, as N kits
would, and prints, per submission, whether its per-test scores were the same under every
key, and the tests that differed with their scores. Slow: the whole corpus, 8 times.
"""
import argparse
import concurrent.futures
import pathlib
import sys
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT))

from grader.tests.keys import differing_tests, scores_under_keys  # noqa: E402

CORPUS = KIT_ROOT / "grader" / "tests" / "submissions"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=8)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("submissions", nargs="*")
    options = parser.parse_args()
    names = options.submissions or sorted(path.name for path in CORPUS.iterdir() if path.is_dir())
    started = time.perf_counter()
    differing = 0
    with concurrent.futures.ProcessPoolExecutor(max_workers=options.workers) as pool:
        jobs = [pool.submit(scores_under_keys, CORPUS / name, options.keys) for name in names]
        for job in jobs:
            name, seeds, scores, _ = job.result()
            tests = differing_tests(scores)
            totals = sorted({sum(each.values()) for each in scores})
            differing += bool(tests)
            print("%-36s %s  total %s" % (name, "DIFFERS" if tests else "same   ",
                                          " / ".join("%g" % total for total in totals)))
            for test_id, values in tests.items():
                print("    %-40s %s (seeds %s)" % (test_id, " ".join("%g" % v for v in values),
                                                   " ".join(map(str, seeds))))
    print("%d of %d submissions scored differently under %d keys (target 0), in %.0f s"
          % (differing, len(names), options.keys, time.perf_counter() - started))
    print("target met" if differing == 0 else "target NOT met")


if __name__ == "__main__":
    main()
