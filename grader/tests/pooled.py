"""Gradings in a process pool that survive a busy machine: a grading that ends as
MachineTooBusy (its wall-clock time ran out while the machine kept it waiting) is graded again
once the pool is idle, alone; one that raised otherwise is that grading's failure, handed back
as its value, so that it fails the tests that read it and not every test of a fixture.

Shared by the corpus's fixture (test_corpus.py) and test_key_invariance.py.
"""
import concurrent.futures

from grader.grading import MachineTooBusy


def outcome(function, *args):
    """function(*args), or the exception it raised (crossing the pool as a value)."""
    try:
        return function(*args)
    except Exception as error:  # noqa: BLE001  (handed back: the caller's tests judge it)
        return error


def run(jobs, workers, initializer=None, initargs=()):
    """{key: function(*args)'s value or the exception it raised} for jobs {key: (function,
    *args)}, workers at a time; a job that raised MachineTooBusy is run again, alone, once
    the others have ended (at most once: a second MachineTooBusy is its value)."""
    def pooled(keys, count):
        with concurrent.futures.ProcessPoolExecutor(max_workers=count, initializer=initializer,
                                                    initargs=initargs) as pool:
            futures = {key: pool.submit(outcome, *jobs[key]) for key in keys}
            return {key: future.result() for key, future in futures.items()}
    results = pooled(list(jobs), workers)
    busy = [key for key, value in results.items() if isinstance(value, MachineTooBusy)]
    if busy:
        results.update(pooled(busy, 1))
    return results


def value(results, key):
    """results[key], raising it where it is the exception its job raised."""
    found = results[key]
    if isinstance(found, Exception):
        raise found
    return found
