"""The readable report of a graded submission (and the pieces results.json reuses).

Text shows each test with its points and, for every lost point, what was
called or typed, what was expected and what came back; transcript
differences as a line diff. Colours (when asked for) mark PASS/FAIL and the
diff, and show the letters of a transcript in their own colours.  A test that
students do not see yet is marked with its visibility; what is the staff's only
(the sandbox's notes, the seed and how to replay the grading) ends the report
in a section of its own (on Gradescope the report is the run's output, which
only staff see).
"""
import itertools
import re

from command_line import program_name
from grader.ansi import BOLD, CYAN, GREEN, LETTER_BACKGROUNDS, RED, RESET
from grader.results.cut import cut_line, cut_lines
from grader.results.outcome import Diff
from grader.results.scoring import points

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


def detail_parts(details):
    """(kind, text) for each line explaining an outcome (strings and diff blocks), made one
    at a time as a report takes them: kind is a diff line's tag, "title" or "text"."""
    for detail in details:
        if isinstance(detail, Diff):
            yield "title", detail.title
            yield from detail.lines
        else:
            for line in str(detail).split("\n"):
                yield "text", line


def shown_part(part, painter):
    """One (kind, text) as the report shows it: cut to cut.LINE_CHARACTERS (a student's
    line can be a quarter of a megabyte), then made visible and coloured."""
    kind, text = part
    text = visible(cut_line(text))
    if kind in ("title", "text", "@"):
        return text
    shown = kind + " " + painter.letters(text)
    return painter.paint(shown, DIFF_COLOURS[kind]) if kind != " " else shown


def detail_lines(details, painter):
    """The lines explaining an outcome, whole."""
    return [shown_part(part, painter) for part in detail_parts(details)]


def test_output(test, painter=Painter(False)):
    """What a test says: why it failed, then its notes; at most cut.TEST_BYTES, so a report
    of every test stays within cut.REPORT_BYTES (only the lines kept are made)."""
    parts = itertools.chain(detail_parts(test.outcome.details), detail_parts(test.outcome.notes))
    return "\n".join(cut_lines(parts, render=lambda part: shown_part(part, painter)))


STAFF_TITLE = "For staff (not shown to students on Gradescope)"
NOT_SHOWN = {"hidden": "hidden from students", "after_due_date": "shown after the due date",
             "after_published": "shown once grades are published"}


def replay_command(seed):
    return "%s grade PATH --seed %d" % (program_name("grader"), seed)


def seed_line(seed):
    return ("Seed: %d (the games' random seeds and guess orders; %s replays this grading; "
            "%s play PATH [easy_wordle] --seed %d --reveal plays its games by hand)"
            % (seed, replay_command(seed), program_name("grader"), seed))


def staff_lines(result):
    """The report's last section: how the grading ran and how to replay it."""
    lines = ["note: %s" % visible(note) for note in result.notes]
    if result.seed is not None:
        lines.append(seed_line(result.seed))
    if result.sandbox_mode:
        lines.append("Sandbox: %s mode; held: %s" % (result.sandbox_mode,
                                                     "; ".join(result.protections)))
    return lines


def group_title(group, score, maximum):
    if maximum == 0:
        return "%s (information only, no points)" % group
    return "%s  %s / %s" % (group, points(score), points(maximum))


STATUS_WIDTH = len("NOT RUN")


def status_word(test):
    """PASS, FAIL, or NOT RUN (a test that could not run: no verdict on the code)."""
    return "PASS" if test.passed else "NOT RUN" if test.outcome.not_run else "FAIL"


def test_lines(test, painter):
    """A test's line (its status, points and name) and what it says, indented."""
    shown = "   [%s]" % NOT_SHOWN[test.visibility] if test.visibility in NOT_SHOWN else ""
    word = status_word(test)
    status = painter.paint(word, GREEN if test.passed else RED) + " " * (STATUS_WIDTH - len(word))
    lines = ["  %s %5s/%-5s %s%s" % (status, points(test.score), points(test.max_score),
                                      test.spec.name, shown)]
    output = test_output(test, painter)
    lines.extend(INDENT + line if line else "" for line in output.split("\n") if output)
    return lines


def one_reason(tests):
    """The one line every test of tests says, when none ran for the same reason; else None."""
    reasons = {tuple(test.outcome.details) for test in tests}
    if len(reasons) == 1 and all(test.outcome.not_run and not test.outcome.notes
                                 for test in tests):
        details = reasons.pop()
        if len(details) == 1 and isinstance(details[0], str) and "\n" not in details[0]:
            return details[0]
    return None


def group_lines(group, tests, score, maximum, painter, everything):
    """A group's title, its all-or-nothing verdict (once), and its tests: each one, or (not
    everything) those that lost points or failed, the ones not run for one reason in one
    line."""
    lines = ["", painter.paint(group_title(group, score, maximum), BOLD)]
    verdict = next((test.forfeit_reason for test in tests if test.forfeit_reason), "")
    if verdict:
        lines.append("  %s, so its passed tests score nothing" % verdict)
    shown = tests if everything else [test for test in tests if not test.passed]
    reason = None if everything else one_reason(shown)
    if reason is not None and len(shown) > 1:
        lines.append("  %d tests%s %s" % (len(shown), "" if reason.startswith("not run")
                                                else ":", reason))
        return lines
    for test in shown:
        lines.extend(test_lines(test, painter))
    return lines


def text_report(result, colour=False, everything=False):
    """The readable report of a GradeResult: what stops the code from running first, the
    score, then where points were lost and why; the tests passed are counted, or with
    everything listed too."""
    painter = Painter(colour)
    group_scores = result.group_scores()
    lines = [visible(result.headline)] if result.headline else []
    lines += ["wordle-kit grader: %s" % visible(str(result.source)),
              painter.paint("Score: %s / %s" % (points(result.score), points(result.max_score)),
                            BOLD) + "   (graded in %.1f s)" % result.execution_time]
    by_group = {}
    for test in result.tests:
        by_group.setdefault(test.spec.group, []).append(test)
    for group, tests in by_group.items():
        if everything or any(not test.passed or test.lost for test in tests):
            lines += group_lines(group, tests, *group_scores[group], painter, everything)
    passed = sum(1 for test in result.tests if test.passed)
    if not everything and passed:
        lines += ["", "Passed: %d of %d tests (--all lists them)" % (passed, len(result.tests))]
    staff = staff_lines(result)
    if staff:
        lines += ["", painter.paint(STAFF_TITLE, BOLD)] + ["  " + line for line in staff]
    return "\n".join(lines) + "\n"


GRADER_FAILED = ("The grader failed while grading this submission: an error in the grader "
                 "itself, not in the submitted code, so there is no score yet.")


def regrade_hint(path):
    return ("grade it again: Gradescope's Regrade, or %s grade %s, or the same grade-all "
            "command (it grades again whoever was not graded)" % (program_name("grader"), path))


def grader_failed_report(path, error):
    """The report of a grading the grader's own code ended (error: grading.GraderFailed):
    the line for the student, then for staff what raised and how to grade it again."""
    return "%s\n\n=== For staff ===\ngrader error: %s\n%s\n%s" % (
        GRADER_FAILED, visible(str(error)), regrade_hint(path), visible(error.trace))
