"""Scoring: turn test outcomes into points by the rubric.

Each group's points are split over its tests by weight in whole hundredths (the
left-over hundredths go one each to the tests that lost most to rounding), so
every test's points show exactly with two decimals and a group's tests add up to
exactly its points: 12 points over 9 tests are 1.34 three times and 1.33 six
times, never 1.3333 and 1.3336. In an all-or-nothing group a test that
passed still scores 0 when another test of the group failed: it is still a
passed test, and the group's verdict (forfeit_reason) says why it scored nothing.
"""
from dataclasses import dataclass, field

PLACES = 2
VISIBLE = "visible"   # Gradescope's visibility of what students see before grades are published
HUNDREDTHS = 10 ** PLACES


@dataclass
class ScoredTest:
    spec: object  # TestSpec
    outcome: object  # Outcome
    score: float
    max_score: float
    visibility: str
    forfeit_reason: str = ""  # why a passed test scored nothing: its all-or-nothing group's
    # verdict ("wordle_program is all-or-nothing, and "..." failed")

    @property
    def passed(self):
        return self.outcome.passed

    @property
    def lost(self):
        """Points lost: failed, or passed in an all-or-nothing group that failed."""
        return self.score < self.max_score


@dataclass
class GradeResult:
    """Everything known about one graded submission."""

    source: str
    tests: list  # ScoredTest, in the fixed order
    notes: list = field(default_factory=list)  # about loading and the sandbox
    execution_time: float = 0.0
    seed: object = None  # the number the program runs were drawn from (--seed replays them)
    near_misses: dict = field(default_factory=dict)  # required name -> the file graded as it
    missing_protections: list = field(default_factory=list)  # what the sandbox could not set up
    sandbox_mode: str = ""  # the sandbox's mode (grader/sandbox/box.py: jail, userns, uid, unsafe)
    protections: list = field(default_factory=list)  # what held while the student's code ran
    headline: str = ""  # a required file missing, a file that does not import: said first
    no_python_file: bool = False  # the submission held no Python file at all
    flags: list = field(default_factory=list)  # for staff's CSV: "wordle.py: SyntaxError line 19"

    @property
    def score(self):
        return round(sum(test.score for test in self.tests), PLACES)

    @property
    def max_score(self):
        return round(sum(test.max_score for test in self.tests), PLACES)

    @property
    def shown_tests(self):
        """The tests students see before grades are published."""
        return [test for test in self.tests if test.visibility == VISIBLE]

    def group_scores(self):
        """{group: (score, max score)} in rubric order of first appearance."""
        totals = {}
        for test in self.tests:
            score, maximum = totals.get(test.spec.group, (0.0, 0.0))
            totals[test.spec.group] = (score + test.score, maximum + test.max_score)
        return {group: (round(s, PLACES), round(m, PLACES)) for group, (s, m) in totals.items()}


def points(value):
    """A score as people write it: 12, 1.5, 1.33."""
    return ("%.*f" % (PLACES, value)).rstrip("0").rstrip(".")


def split_points(points, weights):
    """points split in proportion to weights in whole hundredths, summing exactly to points
    (largest remainders: the left-over hundredths go to the shares rounded down most)."""
    if not weights:
        return []
    total, whole = sum(weights), round(points * HUNDREDTHS)
    exact = [whole * weight / total for weight in weights]
    shares = [int(share) for share in exact]
    by_remainder = sorted(range(len(exact)), key=lambda i: (shares[i] - exact[i], i))
    for index in by_remainder[:whole - sum(shares)]:
        shares[index] += 1
    return [share / HUNDREDTHS for share in shares]


def specs_by_group(specs):
    """{group: [TestSpec, ...]}, groups and tests in the order of specs."""
    by_group = {}
    for spec in specs:
        by_group.setdefault(spec.group, []).append(spec)
    return by_group


def maximum_scores(rubric, specs):
    """{test id: the points it is worth}: each group's points split by the tests' weights."""
    maxima = {}
    for group, group_specs in specs_by_group(specs).items():
        shares = split_points(rubric.groups[group].points,
                              [rubric.weight(spec.id) for spec in group_specs])
        maxima.update(zip((spec.id for spec in group_specs), shares))
    return maxima


def score_tests(rubric, specs, outcomes):
    """ScoredTests for specs (in order) from outcomes {test id: Outcome}."""
    by_group = specs_by_group(specs)
    maxima = maximum_scores(rubric, specs)
    scored = []
    for spec in specs:
        outcome = outcomes[spec.id]
        rule = rubric.groups[spec.group]
        forfeit = ""
        if outcome.passed and rule.all_or_nothing:
            failed = [other for other in by_group[spec.group] if not outcomes[other.id].passed]
            # a test shown now names only the failed tests shown now
            named = ['"%s"' % other.name for other in failed
                     if rubric.visibility(spec) != VISIBLE or rubric.visibility(other) == VISIBLE]
            if len(named) < len(failed):
                named.append("another of its tests")
            if failed:
                forfeit = ("%s is all-or-nothing, and %s failed"
                           % (spec.group, "; ".join(named)))
        score = maxima[spec.id] if outcome.passed and not forfeit else 0.0
        scored.append(ScoredTest(spec, outcome, score, maxima[spec.id],
                                 rubric.visibility(spec), forfeit))
    return scored
