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
import hashlib
import pathlib
import sys
import time

KIT_ROOT = pathlib.Path(__file__).resolve().parent.parent
sys.path.insert(0, str(KIT_ROOT))

from grader import grading  # noqa: E402
from grader.checks.transcripts import Seeds  # noqa: E402
from grader.results.rubric import load_rubric  # noqa: E402
from grader.sandbox.loading import load_submission  # noqa: E402
from grader.assignment import REQUIRED_FILES  # noqa: E402

CORPUS = KIT_ROOT / "grader" / "tests" / "submissions"


def keys(count):
    """count kits' keys, the same on every machine (so a difference can be replayed)."""
    return [hashlib.sha256(b"key invariance %d" % number).digest()[:16] for number in range(count)]


def seed_under(key, folder):
    """The seed a kit with key gives the submission's files (as grading.submission_seeds)."""
    with load_submission(folder, REQUIRED_FILES) as submission:
        contents = {name: path.read_bytes() for name, path in submission.files.items()}
    return Seeds.for_submission(key, contents).number


def per_test_scores(folder, seed):
    rubric = load_rubric(None, [spec.id for spec in grading.ALL_SPECS])
    result = grading.grade(folder, rubric, seed=seed)
    return {test.spec.id: test.score for test in result.tests}


def grade_under_keys(folder, key_count):
    seeds = [seed_under(key, folder) for key in keys(key_count)]
    return folder.name, seeds, [per_test_scores(folder, seed) for seed in seeds]


def differing_tests(scores):
    return {test_id: [each[test_id] for each in scores] for test_id in scores[0]
            if len({each[test_id] for each in scores}) > 1}


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
        jobs = [pool.submit(grade_under_keys, CORPUS / name, options.keys) for name in names]
        for job in jobs:
            name, seeds, scores = job.result()
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
