"""For every test of the kit: Ctrl-C reaches the programs the tests start, as from a terminal.

A shell that runs a command in the background without job control (`python -m pytest &`
in a script, a CI step) starts it with SIGINT ignored, and every process it starts
inherits that: Python then installs no KeyboardInterrupt handler, and the tests that
press Ctrl-C on the tester, grade-all or the Atari interpreter would see it ignored.
The programs rightly keep an ignored SIGINT ignored; the tests restore the terminal's
default for what they start.
"""
import signal

import pytest

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)


# The suite runs in three processes (pyproject.toml: -n 3), each file's tests in one of them, so that
# a file's module and session fixtures (the corpus graded once, the keys' gradings, the browser,
# the solver's trees) are built once. The files below look at the whole machine (orphaned
# student processes, System V keys and /dev/shm, mounts, uids' leftovers, every mode's folder
# state) or start what those tests look for (hostile_spawns_sleepers in test_batch): they run
# one after another in the same process, never beside each other.
MACHINE_WIDE = {"grader/tests/test_corpus.py", "grader/tests/test_jail.py",
                "grader/tests/test_machine_unchanged.py", "grader/tests/test_leftovers.py",
                "grader/tests/test_batch.py"}


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """pytest-xdist's scheduling by scope, a scope being a file or all of MACHINE_WIDE (its
    xdist_group marks cannot be used: they rename tests, which pytest 9 no longer allows)."""
    from xdist.scheduler import LoadScopeScheduling

    class ByFile(LoadScopeScheduling):
        def _split_scope(self, nodeid):
            path = nodeid.split("::", 1)[0]
            return "machine-wide" if path in MACHINE_WIDE else path

    return ByFile(config, log)
