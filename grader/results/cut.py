"""How big what the grader writes may grow, whatever the student printed: the one
mechanism that cuts text where it is made (the reports, results.json, the staff pages),
saying in place what it left out ("... 249,750 more characters not shown").

Sizes are counted as results.json spells the text (json.dumps: a non-ASCII character
takes up to 12 bytes there, a backslash 2) plus a line's indent and end, so a cut that
fits one format fits the text report (UTF-8) too.
"""
import json

REPORT_BYTES = 1_000_000    # results.json and the text report, each (docs/grader.md: limits table)
LINE_CHARACTERS = 2_500     # one line of a test's explanation (a detail the child sends, 2,000, fits)
TEST_BYTES = 20_000         # one test's explanation (the kit has under 50 tests)
LINE_OVERHEAD = 10          # a line's indent in the text report and its end


def cost(line):
    """Bytes a line takes in results.json (and at most in the text report)."""
    if line.isascii():
        return len(line) + line.count("\\") + line.count('"') + LINE_OVERHEAD
    return len(json.dumps(line)) - 2 + LINE_OVERHEAD


def more(count, noun):
    return "%s more %s%s not shown" % (format(count, ","), noun, "" if count == 1 else "s")


def cut_line(line, limit=LINE_CHARACTERS):
    """line, cut to limit characters with what was left out said after it."""
    if len(line) <= limit:
        return line
    return "%s... %s" % (line[:limit], more(len(line) - limit, "character"))


def cut_lines(lines, limit=TEST_BYTES, where="", render=None):
    """The lines (an iterable, taken only as far as needed; each cut to LINE_CHARACTERS)
    while they fit in limit bytes, then a line saying how many were left out (and where, if
    given, they can be read).  With render, the items are made into lines by it (which cuts
    them), only those kept."""
    kept, used = [], 0
    lines = iter(lines)
    for item in lines:
        line = render(item) if render is not None else cut_line(item)
        used += cost(line)
        if used > limit:
            count = 1 + sum(1 for _ in lines)
            kept.append("... %s more line%s not shown%s" % (
                format(count, ","), "" if count == 1 else "s", "; " + where if where else ""))
            break
        kept.append(line)
    return kept


def cut_items(items, limit, noun):
    """(the first limit items, a sentence saying how many more were not shown or "")."""
    items = list(items)
    if len(items) <= limit:
        return items, ""
    return items[:limit], "... " + more(len(items) - limit, noun)
