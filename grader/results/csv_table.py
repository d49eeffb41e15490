"""The class's scores as CSV: a first row with the maxima, then a row per student with what
identifies them (SID, email, late), the total, each rubric group, each test, the flags staff should look at, the style count,
or the error that stopped their grading.

Every cell is safe to open in a spreadsheet: text that starts like a formula
(=, +, -, @, a tab or a carriage return) gets a leading apostrophe.
"""
import csv
import io
import re

from grader.assignment import CHECKS_GROUP, GROUPS
from grader.results.scoring import points
from grader.results.text_report import test_output, visible

STUDENT, SCORE, MAX_SCORE, FLAGS, STYLE, ERROR = (
    "student", "score", "max_score", "flags", "style", "error")
# what identifies a student beside the name, where the download said it (class_folder.py):
# Gradescope's SIDs and emails, Canvas's user id and LATE mark
IDENTITY = ("sid", "email", "late")
MAXIMA_ROW_NAME = "(maximum)"
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
TIMED_OUT = re.compile(r"time limit|timed out|never finished|did not finish")


def header(test_ids):
    return ([STUDENT] + list(IDENTITY) + [SCORE, MAX_SCORE] + list(GROUPS) + list(test_ids)
            + [FLAGS, STYLE, ERROR])


def maxima_row(specs, maxima):
    """The first row: what each column is out of (maxima: {test id: points})."""
    row = {STUDENT: MAXIMA_ROW_NAME}
    row[SCORE] = row[MAX_SCORE] = points(sum(maxima.values()))
    for group in GROUPS:
        row[group] = points(sum(maxima[spec.id] for spec in specs if spec.group == group))
    row.update((spec.id, points(maxima[spec.id])) for spec in specs)
    return row


def flags(result):
    """What staff should look at: files that do not import ("wordle.py: SyntaxError line
    19"), failed checks (not those that could not run), near-miss file names, missing
    protections, tests that ran out of time."""
    found = list(result.flags)
    failed_checks = [test.spec.id.split(".", 1)[-1] for test in result.tests
                     if test.spec.group == CHECKS_GROUP and not test.outcome.passed
                     and not test.outcome.not_run]
    if failed_checks:
        found.append("checks failed: " + ", ".join(failed_checks))
    found.extend("near-miss name: %s graded as %s" % (where, name)
                 for name, where in sorted(result.near_misses.items()))
    if result.missing_protections:
        found.append("jail unavailable: " + ", ".join(result.missing_protections))
    timeouts = sum(1 for test in result.tests
                   if not test.outcome.passed and TIMED_OUT.search(test_output(test)))
    if timeouts:
        found.append("timeouts: %d test%s" % (timeouts, "" if timeouts == 1 else "s"))
    return found


def result_row(student, result, style_count=None):
    """The row of a graded student."""
    group_scores = result.group_scores()
    row = {STUDENT: student, SCORE: points(result.score), MAX_SCORE: points(result.max_score),
           FLAGS: "; ".join(flags(result)),
           STYLE: "" if style_count is None else str(style_count), ERROR: ""}
    row.update((group, points(group_scores.get(group, (0, 0))[0])) for group in GROUPS)
    row.update((test.spec.id, points(test.score)) for test in result.tests)
    return row


def error_row(student, error):
    """The row of a student whose grading could not finish: blank scores and why."""
    return {STUDENT: student, ERROR: error}


def safe_cell(value):
    """The cell's text with control characters shown as escapes (text_report.visible), and
    an apostrophe before what a spreadsheet would take for a formula."""
    text = "" if value is None else visible(str(value))
    return "'" + text if text.startswith(FORMULA_STARTS) else text


def csv_text(specs, maxima, rows):
    """The CSV: header, the maxima row, then rows ({column: value} dicts) in order."""
    columns = header(spec.id for spec in specs)
    output = io.StringIO()
    writer = csv.writer(output, lineterminator="\n")
    writer.writerow(columns)
    for row in [maxima_row(specs, maxima)] + list(rows):
        writer.writerow([safe_cell(row.get(column, "")) for column in columns])
    return output.getvalue()
