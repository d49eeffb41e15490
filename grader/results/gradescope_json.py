"""Gradescope's results.json of a graded submission: the total, a summary of where
points were lost, and each test with its score, explanation and visibility.
Written by ``python -m grader grade --json`` (run_autograder does that on Gradescope).
"""
from grader.results.scoring import points
from grader.results.text_report import seed_line, test_output


def results_json(result):
    """Gradescope's results.json as a dict (json.dump it)."""
    summary = "Score %s / %s." % (points(result.score), points(result.max_score))
    lost = [test.spec.name for test in result.tests if test.max_score > 0 and not test.passed]
    if lost:
        summary += " Points lost in: " + "; ".join(lost) + "."
    if result.notes:
        summary += "\n" + "\n".join("Note: " + note for note in result.notes)
    if result.seed is not None:
        summary += "\n" + seed_line(result.seed)
    return {
        "score": result.score,
        "execution_time": result.execution_time,
        "output": summary,
        "output_format": "text",
        "test_output_format": "text",
        "tests": [{
            "name": test.spec.name,
            "score": test.score,
            "max_score": test.max_score,
            "status": "passed" if test.passed else "failed",
            "output": test_output(test),
            "visibility": test.visibility,
            "tags": [test.spec.group],
        } for test in result.tests],
        "extra_data": {"seed": result.seed, "near_misses": dict(result.near_misses)},
    }
