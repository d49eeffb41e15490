"""grading.py: what a grading does as a whole (threads, its own failures)."""
import ast
import pathlib
import threading
import time

from grader import assignment, grading
from grader.checks import transcripts
from grader.sandbox.loading import load_submission
from grader.tests.fakes import FakeBox, reference_functions, reference_program

SUBMISSIONS = pathlib.Path(__file__).resolve().parent / "submissions"


def reference_box():
    return FakeBox(reference_functions(), {program.module: reference_program(program)
                                           for program in transcripts.PROGRAMS})


def test_no_two_threads_of_a_grading_parse_source_at_once(monkeypatch):
    """CPython's AST construction is not thread-safe (gh-106905): each parse is made to
    linger so that two unlocked ones would overlap."""
    real_parse, inside, overlaps, parsers = ast.parse, [], [], set()
    guard = threading.Lock()

    def lingering_parse(*args, **kwargs):
        with guard:
            if inside:
                overlaps.append(threading.current_thread().name)
            inside.append(1)
            parsers.add(threading.current_thread().name)
        try:
            time.sleep(0.2)
            return real_parse(*args, **kwargs)
        finally:
            with guard:
                inside.pop()
    monkeypatch.setattr(ast, "parse", lingering_parse)
    with load_submission(SUBMISSIONS / "correct_counts", assignment.REQUIRED_FILES) as submission:
        outcomes = grading.run_everything(grading.RecordingBox(reference_box()), submission,
                                          transcripts.Seeds(1913))
    assert all(outcomes[spec.id].passed for spec in grading.ALL_SPECS)
    assert {program.module for program in transcripts.PROGRAMS} <= parsers  # both threads parsed
    assert overlaps == []
