"""Gradescope's results.json of a graded submission: the total, a summary of where
points were lost, and each test with its score, explanation and visibility.
Written by ``python -m grader grade --json`` (run_autograder does that on Gradescope).

Students see the top-level output and the tests whose visibility lets them: the output
names, counts and explains only tests shown now (``visible``), never one that is hidden
or shown later.  What is the staff's (the sandbox's notes, the seed and how to replay
the grading) goes to ``extra_data`` and to the text report run_autograder prints, which
Gradescope keeps for staff (``stdout_visibility`` hidden).
"""
from grader.results.scoring import points
from grader.results.text_report import GRADER_FAILED, regrade_hint, replay_command, test_output


MAX_NAMED = 2    # failed tests of a group named in the summary; more are counted


def group_loss(group, tests):
    """What a group lost, of its tests students see now, in a few words, or None."""
    lost = round(sum(test.max_score - test.score for test in tests), 2)
    if lost <= 0:
        return None
    failed = [test for test in tests if not test.passed]
    not_run = [test for test in failed if test.outcome.not_run]
    if failed and len(not_run) == len(failed) and len(failed) > MAX_NAMED:
        why = "%d tests not run" % len(failed)
    elif len(failed) > MAX_NAMED:
        why = "%d of %d tests failed" % (len(failed), len(tests))
    else:
        why = "failed: " + "; ".join(test.spec.name for test in failed)
    verdict = next((test.forfeit_reason for test in tests if test.forfeit_reason), "")
    if verdict:
        why = verdict + ", so its passed tests score nothing"
    total = round(sum(test.max_score for test in tests), 2)
    return "%s %s of %s (%s)" % (group, points(lost), points(total), why)


def student_summary(result):
    """The top-level output: what stops a file from running (a missing file, one that does
    not import) first, then the score and where points were lost, by group, of the tests
    students see now only."""
    lines = [result.headline] if result.headline else []
    if result.no_python_file:
        return "\n".join(lines)
    shown = result.shown_tests
    score = round(sum(test.score for test in shown), 2)
    maximum = round(sum(test.max_score for test in shown), 2)
    if len(shown) == len(result.tests):
        lines.append("Score %s / %s." % (points(score), points(maximum)))
    else:
        lines.append("Tests shown now: %s / %s points." % (points(score), points(maximum)))
    by_group = {}
    for test in shown:
        by_group.setdefault(test.spec.group, []).append(test)
    lost = [line for line in (group_loss(group, tests) for group, tests in by_group.items())
            if line]
    if lost:
        lines.append("Points lost: " + "; ".join(lost) + ".")
    return "\n".join(lines)


def test_text(test):
    """A test's output: a passed test that scored nothing says its group's verdict first."""
    output = test_output(test)
    if test.forfeit_reason:
        return "passed; no points, as %s%s" % (test.forfeit_reason,
                                               "\n" + output if output else "")
    return output


def staff_data(result):
    """What staff see and students never: how the grading ran and how to replay it."""
    return {"seed": result.seed,
            "replay": replay_command(result.seed) if result.seed is not None else None,
            "sandbox": {"mode": result.sandbox_mode, "held": list(result.protections),
                        "not_available": list(result.missing_protections)},
            "notes": list(result.notes), "near_misses": dict(result.near_misses),
            "does_not_import": list(result.flags)}


def results_json(result):
    """Gradescope's results.json as a dict (json.dump it)."""
    return {
        "score": result.score,
        "execution_time": result.execution_time,
        "output": student_summary(result),
        "output_format": "text",
        "test_output_format": "text",
        "stdout_visibility": "hidden",
        "tests": [{
            "name": test.spec.name,
            "score": test.score,
            "max_score": test.max_score,
            "status": "passed" if test.passed else "failed",
            "output": test_text(test),
            "visibility": test.visibility,
            "tags": [test.spec.group],
        } for test in result.tests],
        "extra_data": staff_data(result),
    }


def grader_failed_json(path, error):
    """results.json of a grading the grader's own code ended (error: grading.GraderFailed):
    no test and no points taken (Gradescope needs a score: 0, said to be none yet), the
    students told it is the grader's fault, staff what raised and how to grade it again."""
    return {"score": 0,
            "output": GRADER_FAILED + " Tell the course staff: they can grade it again.",
            "output_format": "text", "stdout_visibility": "hidden", "tests": [],
            "extra_data": {"grader_failed": str(error), "regrade": regrade_hint(path)}}
