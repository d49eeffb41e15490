"""Comparing a screen with the expected one, and the diff shown for people."""
import difflib
import re
import unicodedata
from dataclasses import dataclass, field

from grader.checks.transcripts.reference_games import Samples
from grader.results.outcome import Diff

SHOWN_DIFF_LINES = 60

@dataclass
class Comparison:
    matches: bool
    problem: str  # the first difference, for people
    expected_rows: list  # (key, text) of the expected lines, as shown in the diff
    notes: list  # forgiven spacing differences
    samples: list = field(default_factory=list)  # (Samples, the words shown) of valid samples


def samples_problem(sample, block):
    """Why the lines of block are not a valid sample, or ""."""
    if len(block) < sample.count:
        return "expected %d words after '%d words possible:', the output has only %d" % (
            sample.count, sample.total, len(block))
    words = []
    for index, line in enumerate(block):
        word = (line.plain or "").strip()
        if not re.fullmatch("[a-z]{5}", word):
            if word.lower() in sample.possible:
                return "%r should be in lower case, as in words.py" % word
            return "expected %d words after '%d words possible:', got %d, then %r" % (
                sample.count, sample.total, index, line.text)
        if word not in sample.possible:
            return "%r is not one of the %d possible words" % (word, sample.total)
        words.append(word)
    repeated = sorted({word for word in words if words.count(word) > 1})
    if repeated:
        return ("the words shown repeat %s: the %d words must be different (random.choices "
                "and repeated randint can pick a word twice; random.sample cannot)"
                % (", ".join(repeated), sample.count))
    return ""


def sample_placeholder(sample):
    return "(%d different words of the %d possible)" % (sample.count, sample.total)


def compare_screens(got, expected):
    """Walk the expected screen along the student's lines; stop at the first difference.
    Blank lines (nothing but spacing) are vertical spacing: forgiven, and skipped; the lines
    named keep their numbers on the student's screen."""
    numbers = [number for number, line in enumerate(got, 1) if line.key]
    blank_lines = len(got) - len(numbers)
    numbers.append(len(got) + 1)    # where a missing line would be
    got = [line for line in got if line.key]
    shown, notes, position, samples = [], [], 0, []
    for index, item in enumerate(expected):
        if isinstance(item, Samples):
            block = got[position:position + item.count]
            problem = samples_problem(item, block)
            if problem:
                return Comparison(False, problem, shown + rest_of(expected[index:]), notes)
            samples.append((item, tuple(line.plain.strip() for line in block)))
            shown.extend(row(line) for line in block)
            position += item.count
            continue
        if position >= len(got):
            problem = "the output ends early: next, line %d should be %r" % (numbers[position],
                                                                             item.text)
            return Comparison(False, problem, shown + rest_of(expected[index:]), notes)
        line = got[position]
        if line.key != item.key:
            return Comparison(False, first_difference(position, got, item, expected[index + 1:],
                                                      numbers),
                              shown + rest_of(expected[index:]), notes)
        if line.text != item.text:
            notes.append("line %d: spacing differs from the reference, which is forgiven: "
                          "expected %r, got %r" % (numbers[position], item.text, line.text))
        shown.append(row(line))
        position += 1
    if position < len(got):
        return Comparison(False, "line %d is extra (the game should have ended): %r"
                          % (numbers[position], got[position].text), shown, notes)
    if blank_lines:
        notes.append("%d blank line%s that the reference does not print, which is forgiven"
                     % (blank_lines, "" if blank_lines == 1 else "s"))
    return Comparison(True, "", shown, notes, samples)


def row(line):
    return (line.key, line.text)


def rest_of(items):
    """Rows for the expected items not reached; each sample is one placeholder row."""
    return [(("samples", item), sample_placeholder(item)) if isinstance(item, Samples)
            else row(item) for item in items]


VALID_SAMPLE = "   (a valid sample word)"


def with_valid_samples(expected_rows, got_rows, opcodes):
    """Opcodes in which a placeholder row facing words that are a valid sample for it counts
    as equal: the student's words are then shown as valid, not as a difference."""
    result = []
    for tag, i1, i2, j1, j2 in opcodes:
        if tag == "replace" and i2 - i1 == 1 and expected_rows[i1][0][0] == "samples":
            sample = expected_rows[i1][0][1]
            block = [ScreenLineText(text) for _, text in got_rows[j1:j2]]
            if j2 - j1 == sample.count and not samples_problem(sample, block):
                result.append(("samples", i1, i2, j1, j2))
                continue
        result.append((tag, i1, i2, j1, j2))
    return result


@dataclass(frozen=True)
class ScreenLineText:
    """A plain line of the student's screen, as samples_problem reads it."""

    text: str

    @property
    def plain(self):
        return self.text


def first_difference(position, got, item, following, numbers):
    """The first difference, as "line N is extra", "line N is missing" or "line N differs"
    (N: numbers[position], the line's number on the student's screen)."""
    number, line = numbers[position], got[position]
    upcoming = following[0] if following else None
    if upcoming is not None and not isinstance(upcoming, Samples) and line.key == upcoming.key:
        return "line %d is missing: expected %r before %r" % (number, item.text, line.text)
    if position + 1 < len(got) and got[position + 1].key == item.key:
        return "line %d is extra: %r (the next line, %r, is the expected one)" % (
            number, line.text, item.text)
    return "line %d differs: expected %r, got %r%s" % (number, item.text, line.text,
                                                       non_ascii_note(line.text))


SHOWN_NON_ASCII = 3


def non_ascii_note(text):
    """Names of the first non-ASCII characters of text (a look-alike letter prints as the
    letter it mimics), or ""."""
    found = sorted({char for char in text if not char.isascii()}, key=text.index)
    if not found:
        return ""
    named = ", ".join("U+%04X %s" % (ord(char), unicodedata.name(char, "(unnamed)"))
                      for char in found[:SHOWN_NON_ASCII])
    return " (it holds %s: the spec's text is ASCII)" % named


def diff_block(expected_rows, got):
    """A diff of the expected rows and the student's lines, lines compared by key
    (so forgiven spacing never shows as a difference, and blank lines are left out), with 2
    lines of context."""
    numbers = [number for number, line in enumerate(got, 1) if line.key] + [len(got) + 1]
    got_rows = [row(line) for line in got if line.key]
    matcher = difflib.SequenceMatcher(None, [key for key, _ in expected_rows],
                                      [key for key, _ in got_rows], autojunk=False)
    tagged = []
    for group in matcher.get_grouped_opcodes(2):
        tagged.append(("@", "expected lines %d-%d, your lines %d-%d"
                       % (group[0][1] + 1, group[-1][2], numbers[group[0][3]],
                          numbers[group[-1][4] - 1] if group[-1][4] else 0)))
        for tag, i1, i2, j1, j2 in with_valid_samples(expected_rows, got_rows, group):
            if tag == "equal":
                tagged.extend((" ", text) for _, text in got_rows[j1:j2])
            elif tag == "samples":
                tagged.extend((" ", text + VALID_SAMPLE) for _, text in got_rows[j1:j2])
            else:
                tagged.extend(("-", text) for _, text in expected_rows[i1:i2])
                tagged.extend(("+", text) for _, text in got_rows[j1:j2])
    if len(tagged) > SHOWN_DIFF_LINES:
        tagged = tagged[:SHOWN_DIFF_LINES] + [("@", "... %d more diff lines"
                                                % (len(tagged) - SHOWN_DIFF_LINES))]
    return Diff("- expected (the reference), + got (your program); [R:green] is a green R, "
                "\\[ a [ printed as text", tuple(tagged))

