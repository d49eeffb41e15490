"""What a test is, and what running it found: the data the checks hand to scoring.

A test is known before any submission is seen (its ``TestSpec``), so every
submission gets the same list of tests. Running it gives an ``Outcome``:
passed or not, with the lines that explain why, and notes that are shown
but cost nothing (for example a spacing difference the grader forgives).
"""
from dataclasses import dataclass, field


@dataclass(frozen=True)
class TestSpec:
    """One test of the fixed list.

    ``id`` is stable (the rubric file refers to it), ``group`` is its rubric
    group, ``name`` is what students see.
    """

    __test__ = False  # not a pytest test class, despite its name

    id: str
    group: str
    name: str


@dataclass(frozen=True)
class Diff:
    """A line diff to show in a report: (tag, text) pairs.

    Tags: "-" expected only, "+" got only, " " both, "@" a position header.
    """

    title: str
    lines: tuple


@dataclass
class Outcome:
    """The result of one test for one submission."""

    passed: bool
    details: list = field(default_factory=list)  # str lines and Diff blocks
    notes: list = field(default_factory=list)  # str lines shown even when passed
    not_run: bool = False  # failed without being run (details say why): no verdict on the code

    @classmethod
    def failed(cls, *details):
        return cls(passed=False, details=list(details))

    @classmethod
    def skipped(cls, reason):
        """A test that could not run (its file does not import, ...): its points are lost,
        and reason says why."""
        return cls(passed=False, details=[reason], not_run=True)
