"""Grade one submission: load it, run every test through the sandbox, score it.

The list of tests is fixed (``ALL_SPECS``) whatever the submission does. The
function tests (calls to one long-lived child) run in the grading thread
while each program's runs go on in a thread of their own: the student's code
works in its own processes, so they overlap.
"""
import threading
import time

from grader.checks import function_cases, information as checks, transcripts
from grader.sandbox.loading import load_submission
from grader.sandbox.box import Sandbox
from grader.sandbox.child.codec import Status
from grader.results.scoring import GradeResult, score_tests

ALL_SPECS = function_cases.SPECS + transcripts.SPECS + checks.SPECS


class RecordingBox:
    """A sandbox that also remembers the forbidden imports any run reported."""

    def __init__(self, box):
        self.box = box
        self.forbidden_imports = set()

    def call(self, *args, **kwargs):
        return self.box.call(*args, **kwargs)

    def import_module(self, *args, **kwargs):
        return self._record(self.box.import_module(*args, **kwargs))

    def run_program(self, *args, **kwargs):
        return self._record(self.box.run_program(*args, **kwargs))

    def _record(self, result):
        self.forbidden_imports.update(result.forbidden_imports)
        return result


def program_outcomes(box, submission, module, program):
    """The guard check and the transcript tests of one program."""
    imported = box.import_module(module)
    guard_outcome = checks.guard_outcome(module, submission, imported)
    skip = None
    if imported.status == Status.TIMEOUT:
        skip = ("not run: importing %s.py never finished, so running it cannot finish "
                "either (an endless loop outside the __main__ guard?)" % module)
    outcomes = {checks.GUARD_SPECS[module].id: guard_outcome}
    outcomes.update(transcripts.test_program(box, program, guard_outcome.details, skip))
    return outcomes


def run_everything(box, submission):
    """{test id: Outcome} for every test in ALL_SPECS."""
    programs = {}
    failure = []

    def run_program(module, program):
        try:
            programs.update(program_outcomes(box, submission, module, program))
        except BaseException as error:  # re-raised in the grading thread
            failure.append(error)

    workers = [threading.Thread(target=run_program, args=(module, program), name="runs of " + module)
               for module, program in zip(checks.MODULES, transcripts.PROGRAMS)]
    for worker in workers:
        worker.start()
    outcomes = function_cases.run_function_tests(box)
    for worker in workers:
        worker.join()
    if failure:
        raise failure[0]
    outcomes.update(programs)
    outcomes[checks.FILES_SPEC.id] = checks.files_outcome(submission)
    outcomes[checks.IMPORTS_SPEC.id] = checks.imports_outcome(box.forbidden_imports)
    return outcomes


def grade(path, rubric, sandbox_factory=Sandbox):
    """Grade the submission at path (a folder or .zip); return a GradeResult.

    Raises grader.loading.LoadError when path cannot be read, and
    grader.sandbox.SandboxError when the sandbox cannot start.
    """
    started = time.monotonic()
    with load_submission(path) as submission:
        with sandbox_factory(submission) as sandbox:
            outcomes = run_everything(RecordingBox(sandbox), submission)
            notes = ["protection not available: %s" % missing
                     for missing in sandbox.missing_protections]
    tests = score_tests(rubric, ALL_SPECS, outcomes)
    return GradeResult(str(path), tests, notes, round(time.monotonic() - started, 3))
