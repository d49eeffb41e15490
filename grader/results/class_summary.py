"""The end of a class's batch, for the terminal: how the scores are spread and what the
class failed (each test's pass rate, the lowest first), whose score a regrade changed, and
a closing line that counts what the run did and what the scores hold in all."""
import statistics

from grader.results import csv_table, text_report
from grader.results.scoring import points

BINS = 8
BAR_WIDTH = 40


def distribution(scores, maximum):
    """[(label, count)]: BINS equal ranges of points below the maximum, then full marks."""
    if maximum <= 0:
        return [("0", len(scores))]
    width = maximum / BINS
    counts = [0] * BINS
    for score in scores:
        if score < maximum:
            counts[min(BINS - 1, int(score / width))] += 1
    labels = ["%s-<%s" % (points(width * number), points(width * (number + 1)))
              for number in range(BINS)]
    return list(zip(labels, counts)) + [(points(maximum), sum(1 for s in scores if s >= maximum))]


def summary_lines(specs, maxima, records):
    """The summary of records (class_record.Record: row, passed, summary) as lines of text."""
    graded = [record for record in records if record.passed is not None]
    maximum = sum(maxima.values())
    lines = ["", "%d submissions: %d graded, %d not graded (see the error column)"
             % (len(records), len(graded), len(records) - len(graded))]
    grader_failed = sum(1 for record in records if record.grader_failed)
    if grader_failed:
        lines.append("%d of them not graded because the grader itself failed, twice (not their "
                     "code): run the same command again to grade them" % grader_failed)
    if not graded:
        return lines
    scores = [float(record.row[csv_table.SCORE]) for record in graded]
    lines.append("score out of %s: mean %s, median %s, lowest %s, highest %s"
                 % (points(maximum), points(statistics.mean(scores)),
                    points(statistics.median(scores)), points(min(scores)), points(max(scores))))
    bins = distribution(scores, maximum)
    most = max(count for _, count in bins) or 1
    lines.extend("  %12s  %-*s %d" % (label, BAR_WIDTH, "#" * round(BAR_WIDTH * count / most),
                                      count) for label, count in bins)
    rates = [(sum(1 for record in graded if spec.id in record.passed) / len(graded), spec)
             for spec in specs]
    failed = sorted((item for item in rates if item[0] < 1), key=lambda item: item[0])
    lines.append("tests failed by someone (pass rate of %d graded, the lowest first): %d of %d"
                 % (len(graded), len(failed), len(specs)))
    lines.extend("  %4.0f%%  %s: %s" % (100 * rate, spec.id, spec.name) for rate, spec in failed)
    if len(failed) < len(specs):
        lines.append("   100%%  the other %d tests" % (len(specs) - len(failed)))
    return lines


def score(row):
    """The row's score as a number, or None when the student was not graded."""
    try:
        return float(row.get(csv_table.SCORE))
    except (TypeError, ValueError):
        return None


def score_changes(regraded):
    """Whose score a regrade changed and by how much: regraded is (name, earlier row, new
    row) of each student graded again; no line when none was."""
    if not regraded:
        return []
    changed = []
    for name, before, after in regraded:
        old, new = score(before), score(after)
        if old == new:
            continue
        shown = [points(value) if value is not None else "not graded" for value in (old, new)]
        by = " (%+g)" % round(new - old, 2) if None not in (old, new) else ""
        changed.append("  %s: %s -> %s%s" % (text_report.visible(name), shown[0], shown[1], by))
    return ["%d of %d graded again changed score%s" % (len(changed), len(regraded),
                                                        ":" if changed else "")] + changed


def closing_line(graded, skipped, failures, held, out, csv_path, shown_failures=5):
    """What this run did and what the scores hold in all: graded now, skipped as already
    graded, failed (each with why), then the students of the folder (held: their records)."""
    parts = ["graded now: %d" % graded]
    if skipped:
        parts.append("skipped as already graded: %d" % skipped)
    if failures:
        reasons = ["%s (%s)" % (text_report.visible(name), text_report.visible(why)[:120])
                   for name, why in failures[:shown_failures]]
        more = len(failures) - shown_failures
        parts.append("failed: %d: %s%s" % (len(failures), "; ".join(reasons),
                                           "; %d more in the error column" % more if more > 0
                                           else ""))
    in_all = sum(1 for record in held if record.passed is not None)
    where = ("%s holds %d students" % (out, len(held)) if out is not None
             else "%d students" % len(held))
    return "%s. In all, %s: %d graded, %d not graded; scores in %s" % (
        ", ".join(parts), where, in_all, len(held) - in_all, csv_path)
