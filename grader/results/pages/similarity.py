"""Code similarity across a class, for academic integrity, by copydetect (winnowed fingerprints).

Each student's file is compared with the file of the same name of every other student
(wordle.py with wordle.py, ...); handout files a student handed in are not compared.
Names, strings and comments are normalised by copydetect before fingerprinting, so
renaming variables does not hide copying.  What every student was given is ignored:
the handout files (display_utility.py, words.py) and the assignment's given code
(given/given_code.py).  A pair's similarity for one student is the share of that
student's fingerprinted code found in the other's.
"""
import functools
import io
from dataclasses import dataclass
from pathlib import Path

from grader.results.pages.layout import HANDOUT_FILES

from grader import KIT_ROOT
GIVEN_FILES = tuple(KIT_ROOT / name for name in HANDOUT_FILES) + (
    Path(__file__).with_name("given") / "given_code.py",)
NOISE = 25          # copydetect's defaults: matches shorter than this many tokens are noise,
WINDOW = 1          # and every match of that length is found
SHOWN_PAIRS = 50


@dataclass(frozen=True)
class Run:
    """A stretch of a line, marked when it is part of a match."""

    text: str
    matched: bool


@dataclass
class FileMatch:
    file: str
    text_a: str
    slices_a: object    # copydetect's (starts, ends) of the matched characters
    text_b: str
    slices_b: object

    @property
    def lines_a(self):
        return marked_lines(self.text_a, self.slices_a)

    @property
    def lines_b(self):
        return marked_lines(self.text_b, self.slices_b)


@dataclass
class Pair:
    a: object       # view.Student
    b: object
    similarity_a: float   # share of a's code found in b's
    similarity_b: float
    files: list           # FileMatch for each file with a match

    @property
    def similarity(self):
        return max(self.similarity_a, self.similarity_b)


def fingerprint(name, text, boilerplate=None):
    from copydetect import CodeFingerprint  # staff-side extra: only the pages need it
    return CodeFingerprint(name, NOISE, WINDOW, boilerplate=boilerplate,
                           fp=io.StringIO(text))


@functools.lru_cache(maxsize=1)
def given_hashes():
    """The fingerprints of the given code, to be ignored (seconds of work: once a process)."""
    import numpy
    hashes = [fingerprint(path.name, path.read_text(encoding="utf-8")).hashes
              for path in GIVEN_FILES if path.is_file()]
    return numpy.unique(numpy.array([h for each in hashes for h in each]))


def marked_lines(text, slices):
    """The text's lines as Runs, marked inside copydetect's (starts, ends) character slices."""
    marks = [False] * len(text)
    for start, end in zip(*slices):
        marks[int(start):int(end)] = [True] * (int(end) - int(start))
    lines, runs, current, matched = [], [], "", False
    for char, mark in zip(text, marks):
        if char == "\n":
            if current:
                runs.append(Run(current, matched))
            lines.append(runs)
            runs, current = [], ""
            continue
        if mark != matched and current:
            runs.append(Run(current, matched))
            current = ""
        current, matched = current + char, mark
    if current:
        runs.append(Run(current, matched))
    if runs or not lines:
        lines.append(runs)
    return lines


def pairs(students):
    """Pairs of students whose code overlaps, the most similar first (at most SHOWN_PAIRS);
    each student's most_similar is set from all the pairs."""
    from copydetect import compare_files  # staff-side extra

    given = given_hashes()
    prints = {}
    for student in students:
        for file, text in student.sources.items():
            if file.endswith(".py") and file not in HANDOUT_FILES:
                prints[student.folder, file] = fingerprint(file, text, given)
    found = []
    for i, a in enumerate(students):
        for b in students[i + 1:]:
            pair = compare(a, b, prints, compare_files)
            if pair is not None:
                found.append(pair)
    found.sort(key=lambda pair: (-pair.similarity, pair.a.folder, pair.b.folder))
    for pair in found:
        for student in (pair.a, pair.b):
            student.most_similar = max(student.most_similar, pair.similarity)
    return found[:SHOWN_PAIRS]


def compare(a, b, prints, compare_files):
    covered_a = covered_b = found_a = found_b = 0.0
    files = []
    for file in sorted(set(a.sources) & set(b.sources)):
        print_a, print_b = prints.get((a.folder, file)), prints.get((b.folder, file))
        if print_a is None or print_b is None:
            continue
        covered_a += print_a.token_coverage
        covered_b += print_b.token_coverage
        overlap, (share_a, share_b), (slices_a, slices_b) = compare_files(print_a, print_b)
        if overlap == 0:
            continue
        found_a += share_a * print_a.token_coverage
        found_b += share_b * print_b.token_coverage
        files.append(FileMatch(file, print_a.raw_code, slices_a, print_b.raw_code, slices_b))
    if not files:
        return None
    return Pair(a, b, found_a / covered_a if covered_a else 0.0,
                found_b / covered_b if covered_b else 0.0, files)
