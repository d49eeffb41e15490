"""What the pages show, as plain data computed from the submissions' results.json.

Scores by rubric group come from each test's tag (its group), so a custom rubric needs
nothing here.  A test output's lines are classified for display (a diff's removed and
added lines, a function test's expected and got) and split into text and coloured
letters: the report writes a green R as ``[R:green]``, shown as a tile (and a ``[`` or
``\\`` printed as text as ``\\[`` or ``\\\\``, shown as the character).
"""
import re
import shlex
import statistics
from dataclasses import dataclass, field
from pathlib import Path

from command_line import program_name
from grader.results.cut import LINE_CHARACTERS, cut_line, cut_lines
from grader.results.pages.layout import REPORT, RESULTS
from grader.results.csv_table import TIMED_OUT

COLOURED_LETTER = re.compile(r"\\([\\\[])|\[(.):(green|yellow|grey)\]")
# a function test's call of check_word(secret, guess), and a clue it expected or got
FUNCTION_CALL = re.compile(r"^\s*\w+\(")
CHECK_WORD_CALL = re.compile(r"^\s*check_word\('[A-Z]{5}', '(?P<guess>[A-Z]{5})'\)")
CLUE = re.compile(r"^\s*(expected|got)\s+\[(?P<colours>'(?:green|yellow|grey)'(?:, '(?:green|yellow|grey)'){4})\]$")
DIFF_LEGEND = re.compile(r"^- expected\b.*\+ got\b")
INFORMATION_GROUP = "checks"
BINS = 20
PAGE_TEST_BYTES = 10_000    # a test's explanation on a page (its tiles take 5 times that)
PAGE_REPORT_BYTES = 200_000  # the text report on a student's page
# A line of results.json was cut to LINE_CHARACTERS as the grader wrote it, then made
# visible (a character can take 6): cut again only past that, so its own cut is said.
PAGE_LINE_CHARACTERS = 6 * LINE_CHARACTERS + 100


@dataclass(frozen=True)
class Segment:
    text: str
    colour: str = ""   # green, yellow or grey for a coloured letter; "" for text


@dataclass(frozen=True)
class Line:
    kind: str          # removed, added, expected, got, legend or text
    segments: tuple


def segments(text):
    """Text and coloured letters, in order: '> [R:green]x' -> '> ', R (green), 'x';
    '\\[R:green]' is the text '[R:green]'."""
    parts, plain, position = [], "", 0
    for match in COLOURED_LETTER.finditer(text):
        plain += text[position:match.start()]
        position = match.end()
        if match.group(1):      # an escaped [ or \ printed as text
            plain += match.group(1)
            continue
        if plain:
            parts.append(Segment(plain))
            plain = ""
        parts.append(Segment(match.group(2), match.group(3)))
    plain += text[position:]
    if plain:
        parts.append(Segment(plain))
    return tuple(parts)


def line_kind(line):
    if DIFF_LEGEND.match(line):
        return "legend"
    if line.startswith("- "):
        return "removed"
    if line.startswith("+ "):
        return "added"
    stripped = line.lstrip()
    if line != stripped and stripped.startswith(("expected ", "expected\t")):
        return "expected"
    if line != stripped and stripped.startswith("got "):
        return "got"
    return "text"


def output_lines(text):
    """The lines of a test's output (cut to what a page shows); a clue check_word expected
    or got is followed by the guess's letters as tiles in its colours, as the games show them."""
    kept = cut_lines((text or "").split("\n"), PAGE_TEST_BYTES, "the whole text is in " + RESULTS,
                     render=lambda line: cut_line(line, PAGE_LINE_CHARACTERS))
    lines, guess = [], None
    for line in kept:
        parts = segments(line)
        if FUNCTION_CALL.match(line):   # a new call: its clues are its own guess's
            call = CHECK_WORD_CALL.match(line)
            guess = call.group("guess") if call else None
        clue = CLUE.match(line) if guess else None
        if clue:
            colours = [colour.strip("'") for colour in clue.group("colours").split(", ")]
            parts += (Segment("  "),) + tuple(Segment(letter, colour)
                                              for letter, colour in zip(guess, colours))
        lines.append(Line(line_kind(line), parts))
    return lines


@dataclass
class Test:
    name: str
    group: str
    score: float
    max_score: float
    passed: bool
    output: str

    @property
    def lines(self):
        return output_lines(self.output)

    @property
    def is_game(self):
        return self.group.endswith("_program")

    @property
    def timed_out(self):
        return not self.passed and bool(TIMED_OUT.search(self.output))

    @property
    def flag(self):
        """A few words saying what a failed check found: 'imported os, sys'."""
        first = re.split(r": |, so |; | \(", self.output.split("\n")[0])[0] or self.name
        module = re.match(r"^(\w+\.py): ", self.name)
        if module and module.group(1) not in first:
            return "%s: %s" % (module.group(1), first)
        return first


def tests_of(results):
    tests = []
    for test in results.get("tests", []):
        tags = test.get("tags") or ["other"]
        tests.append(Test(name=test["name"], group=str(tags[0]),
                          score=float(test.get("score", 0) or 0),
                          max_score=float(test.get("max_score", 0) or 0),
                          passed=test.get("status") == "passed",
                          output=str(test.get("output", "") or "")))
    return tests


@dataclass
class Student:
    """One student's row of the class table and the content of their page."""

    folder: str
    name: str
    error: str = ""
    score: float = None
    max_score: float = None
    groups: dict = field(default_factory=dict)      # group -> (score, maximum)
    tests: list = field(default_factory=list)
    summary: str = ""                               # results.json's output
    style: list = field(default_factory=list)       # style.Finding
    sources: dict = field(default_factory=dict)
    report: str = ""
    most_similar: float = 0.0
    near_misses: dict = field(default_factory=dict)  # required name -> the file graded as it
    does_not_import: list = field(default_factory=list)  # "wordle.py: SyntaxError line 19"
    seed: int = None                                # the grading's seed (extra_data.seed)
    sid: str = ""                                   # as the class's CSV has them
    email: str = ""
    late: bool = False

    @property
    def graded(self):
        return self.score is not None

    @property
    def findings(self):
        """The failed information checks (imports, guard, files): what staff must look at."""
        return [test for test in self.tests if test.group == INFORMATION_GROUP and not test.passed]

    @property
    def timeouts(self):
        """The failed tests that ran out of time."""
        return [test for test in self.tests if test.timed_out]

    @property
    def flags(self):
        """What the class table's checks column shows beside the failed checks: files that
        do not import, near-miss file names and time-outs (the CSV's flags say the same)."""
        found = list(self.does_not_import)
        found += ["near-miss name: %s graded as %s" % (where, name)
                  for name, where in sorted(self.near_misses.items())]
        if self.timeouts:
            found.append("timeouts: %d test%s" % (len(self.timeouts),
                                                   "" if len(self.timeouts) == 1 else "s"))
        return found

    @property
    def notes(self):
        return [line[len("Note: "):] for line in self.summary.split("\n")
                if line.startswith("Note: ")]

    def play_commands(self, out):
        """The commands that play this student's two games by hand with the grading's seed
        (python -m grader play), from their folder in out; none without a seed."""
        if self.seed is None:
            return []
        folder = shlex.quote(str(Path(out).resolve() / self.folder))
        return ["%s play %s%s --seed %d --reveal" % (program_name("grader"), folder, program,
                                                      self.seed)
                for program in ("", " easy_wordle")]

    def group_tests(self, group):
        return [test for test in self.tests if test.group == group]


def student_of(submission, identity=None):
    """The Student of a submission's folder; identity: its CSV row's sid, email and late."""
    identity = identity or {}
    student = Student(folder=submission.folder, name=submission.student,
                      sid=str(identity.get("sid") or ""), email=str(identity.get("email") or ""),
                      late=bool(identity.get("late")),
                      error=submission.error, sources=submission.sources,
                      report="\n".join(cut_lines(
                          submission.report.split("\n"), PAGE_REPORT_BYTES,
                          "the whole report is " + REPORT,
                          render=lambda line: cut_line(line, PAGE_LINE_CHARACTERS))))
    if submission.results is None:
        return student
    student.tests = tests_of(submission.results)
    student.summary = str(submission.results.get("output", "") or "")
    extra = submission.results.get("extra_data")
    near_misses = extra.get("near_misses") if isinstance(extra, dict) else None
    if isinstance(near_misses, dict):
        student.near_misses = {str(name): str(where) for name, where in near_misses.items()}
    failures = extra.get("does_not_import") if isinstance(extra, dict) else None
    if isinstance(failures, list):
        student.does_not_import = [str(flag) for flag in failures]
    seed = extra.get("seed") if isinstance(extra, dict) else None
    if type(seed) is int and seed >= 0:
        student.seed = seed
    for test in student.tests:
        score, maximum = student.groups.get(test.group, (0.0, 0.0))
        student.groups[test.group] = (score + test.score, maximum + test.max_score)
    student.max_score = sum(test.max_score for test in student.tests)
    score = submission.results.get("score")
    student.score = float(score) if isinstance(score, (int, float)) else sum(
        test.score for test in student.tests)
    return student


@dataclass
class TestRate:
    name: str
    group: str
    passed: int
    graded: int

    @property
    def percent(self):
        return 100.0 * self.passed / self.graded if self.graded else 0.0


def groups_in_order(students):
    """The rubric groups as the tests list them (information checks last)."""
    order = {}
    for student in students:
        for test in student.tests:
            order.setdefault(test.group, len(order))
    return sorted(order, key=lambda group: (group == INFORMATION_GROUP, order[group]))


def pass_rates(students):
    """Each test's pass rate over the graded students, in the tests' order."""
    rates = {}
    for student in students:
        for test in student.tests:
            rate = rates.setdefault(test.name, TestRate(test.name, test.group, 0, 0))
            rate.graded += 1
            rate.passed += test.passed
    return list(rates.values())


@dataclass
class Bar:
    low: float
    high: float
    count: int


@dataclass
class Distribution:
    bars: list
    maximum: float      # the scale's top (the largest maximum score)
    tallest: int
    mean: float
    median: float
    count: int


def distribution(students):
    """The graded students' scores in BINS bars from 0 to the maximum score."""
    graded = [student for student in students if student.graded]
    if not graded:
        return None
    top = max(max(student.max_score for student in graded), 1.0)
    width = top / BINS
    counts = [0] * BINS
    for student in graded:
        counts[min(BINS - 1, max(0, int(student.score / width)))] += 1
    scores = [student.score for student in graded]
    return Distribution(bars=[Bar(i * width, (i + 1) * width, count)
                              for i, count in enumerate(counts)],
                        maximum=top, tallest=max(counts), mean=statistics.mean(scores),
                        median=statistics.median(scores), count=len(graded))
