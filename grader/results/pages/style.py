"""Style findings for the 10 style points: pycodestyle (PEP 8) on each graded file, counted.

pycodestyle reads the source as text (it tokenizes, never imports or runs it).  Staff
read the findings beside the code; the count helps spot who to look at first.
"""
from collections import Counter
from dataclasses import dataclass

from grader.results.pages.layout import HANDOUT_FILES


@dataclass(frozen=True)
class Finding:
    file: str
    line: int
    column: int
    code: str       # E501, W291, ...
    message: str


def findings(file, source):
    """pycodestyle's findings for one file's source text (default settings: PEP 8, 79 columns)."""
    import pycodestyle  # staff-side extra: only the pages need it

    found = []

    class Collect(pycodestyle.BaseReport):
        def error(self, line_number, offset, text, check):
            code = super().error(line_number, offset, text, check)
            if code:
                found.append(Finding(file, line_number, offset + 1, code, text[5:]))
            return code

    options = pycodestyle.StyleGuide(quiet=True).options
    lines = source.splitlines(keepends=True)
    pycodestyle.Checker(filename=file, lines=lines, options=options,
                        report=Collect(options)).check_all()
    return sorted(found, key=lambda finding: (finding.line, finding.column, finding.code))


def all_findings(sources):
    """The findings of the student's .py files (file name -> source text), handout files aside."""
    return [finding for file, source in sorted(sources.items())
            if file.endswith(".py") and file not in HANDOUT_FILES
            for finding in findings(file, source)]


def counted(found):
    """(code, message, count) for each kind of finding, the most frequent first."""
    counts = Counter(finding.code for finding in found)
    messages = {finding.code: finding.message for finding in found}
    return [(code, messages[code], count) for code, count in counts.most_common()]
