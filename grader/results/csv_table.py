"""The class's scores as CSV: a row per student with the total and each group's score,
or the error that stopped their grading."""
import csv
import io

from grader.assignment import GROUPS
from grader.results.scoring import points

CSV_HEADER = ["student", "score", "max_score"] + list(GROUPS) + ["error"]


def csv_row(student, result=None, error=""):
    """One CSV row: the student's total and group scores, or the error that stopped grading."""
    if result is None:
        return [student, "", ""] + [""] * len(GROUPS) + [error]
    group_scores = result.group_scores()
    return ([student, points(result.score), points(result.max_score)]
            + [points(group_scores.get(group, (0, 0))[0]) for group in GROUPS] + [error])


def csv_text(rows):
    output = io.StringIO()
    writer = csv.writer(output, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    writer.writerows(rows)
    return output.getvalue()
