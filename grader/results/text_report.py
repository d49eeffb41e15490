"""Reports of a graded submission: readable text, Gradescope's results.json, CSV rows.

Text shows each test with its points and, for every lost point, what was
called or typed, what was expected and what came back; transcript
differences as a line diff. Colours (when asked for) mark PASS/FAIL and the
diff, and show the letters of a transcript in their own colours.
"""
import csv
import io
import re

from grader.results.outcome import Diff
from grader.results.rubric import GROUPS

GREEN, RED, CYAN, BOLD, RESET = "\033[32m", "\033[31m", "\033[36m", "\033[1m", "\033[0m"
LETTER_BACKGROUNDS = {"green": "\033[42;1m", "yellow": "\033[43m", "grey": "\033[47m"}
COLOURED_LETTER = re.compile(r"\[(.):(green|yellow|grey)\]")
DIFF_COLOURS = {"-": RED, "+": GREEN, "@": CYAN, " ": ""}
INDENT = "        "


def visible(text):
    """Text safe to print on a terminal: control characters (a student's
    escape sequences that could clear the screen or retitle the window)
    shown as \\x1b-style escapes."""
    return "".join(char if char.isprintable() or char in "\n\t"
                   else "\\x%02x" % ord(char) if ord(char) < 256 else "\\u%04x" % ord(char)
                   for char in text)


def points(value):
    """A score as people write it: 12, 1.5, 1.3333."""
    return ("%.4f" % value).rstrip("0").rstrip(".")


class Painter:
    """Adds terminal colours when enabled; otherwise leaves text as it is."""

    def __init__(self, enabled):
        self.enabled = enabled

    def paint(self, text, colour):
        return colour + text + RESET if self.enabled and colour else text

    def letters(self, text):
        """[R:green] shown as a green R when colours are on."""
        if not self.enabled:
            return text
        return COLOURED_LETTER.sub(
            lambda m: LETTER_BACKGROUNDS[m.group(2)] + m.group(1) + RESET, text)


def detail_lines(details, painter):
    """The lines explaining an outcome (strings and diff blocks)."""
    lines = []
    for detail in details:
        if isinstance(detail, Diff):
            lines.append(detail.title)
            for tag, text in detail.lines:
                shown = visible(text) if tag == "@" else tag + " " + painter.letters(visible(text))
                lines.append(painter.paint(shown, DIFF_COLOURS[tag]) if tag != " " else shown)
        else:
            lines.extend(visible(str(detail)).split("\n"))
    return lines


def test_output(test, painter=Painter(False)):
    """What a test says: why it failed (or was forfeited), then its notes."""
    lines = []
    if test.forfeit_reason:
        lines.append(visible(test.forfeit_reason))
    lines.extend(detail_lines(test.outcome.details, painter))
    lines.extend(detail_lines(test.outcome.notes, painter))
    return "\n".join(lines)


def group_title(group, score, maximum):
    if maximum == 0:
        return "%s (information only, no points)" % group
    return "%s  %s / %s" % (group, points(score), points(maximum))


def text_report(result, colour=False):
    """The readable report of a GradeResult."""
    painter = Painter(colour)
    group_scores = result.group_scores()
    lines = ["wordle-kit grader: %s" % visible(str(result.source)),
             painter.paint("Score: %s / %s" % (points(result.score), points(result.max_score)), BOLD)
             + "   (graded in %.1f s)" % result.execution_time]
    lines.extend("note: %s" % visible(note) for note in result.notes)
    current_group = None
    for test in result.tests:
        group = test.spec.group
        if group != current_group:
            current_group = group
            lines.append("")
            lines.append(painter.paint(group_title(group, *group_scores[group]), BOLD))
        status = painter.paint("PASS", GREEN) if test.passed else painter.paint("FAIL", RED)
        lines.append("  %s  %6s/%-6s %s" % (status, points(test.score), points(test.max_score),
                                           test.spec.name))
        output = test_output(test, painter)
        lines.extend(INDENT + line if line else "" for line in output.split("\n") if output)
    return "\n".join(lines) + "\n"


def results_json(result):
    """Gradescope's results.json as a dict (json.dump it)."""
    summary = "Score %s / %s." % (points(result.score), points(result.max_score))
    lost = [test.spec.name for test in result.tests if test.max_score > 0 and not test.passed]
    if lost:
        summary += " Points lost in: " + "; ".join(lost) + "."
    if result.notes:
        summary += "\n" + "\n".join("Note: " + note for note in result.notes)
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
    }


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
