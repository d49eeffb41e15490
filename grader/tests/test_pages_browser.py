"""The staff pages in a real browser (Debian's chromium driven by Playwright), end to end:
corpus submissions graded by grade-all's batch into the pages' layout, a hostile one
among them, the pages built, then loaded from file://, sorted, clicked through."""
import os
import pathlib
import re
import shutil

import pytest

from grader.results import pages
from grader.staff import batch as grade_all
from grader.staff.class_folder import Student
from grader.results.pages import layout

from grader import KIT_ROOT
SUBMISSIONS = KIT_ROOT / "grader" / "tests" / "submissions"
CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
HOSTILE_NAME = '<img src=x onerror="window.pwned=1">Mallory</td>'
HOSTILE_PRINT = '<script>window.pwned=2</script><b onmouseover="window.pwned=3">x</b>'
CORPUS = ("correct_loops", "case_never_won", "imports_string", "cw_extra_yellow")


def browser_or_reason():
    try:
        import playwright.sync_api  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -r requirements.txt)"
    if not os.path.exists(CHROMIUM):
        return "chromium is not installed (apt-get install chromium, as .ci/run does)"
    return None


@pytest.fixture(scope="module")
def browser():
    reason = browser_or_reason()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(reason)   # CI installs both: never a silent skip there
        pytest.skip(reason)
    from playwright.sync_api import sync_playwright
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM)
        yield chromium
        chromium.close()


def hostile_submission(folder):
    """correct_loops, whose game prints HTML on its first line (so every game's diff shows it)."""
    folder.mkdir()
    shutil.copy(SUBMISSIONS / "correct_loops" / "easy_wordle.py", folder)
    code = (SUBMISSIONS / "correct_loops" / "wordle.py").read_text()
    marker = 'if __name__ == "__main__":\n'
    assert marker in code
    code = code.replace(marker, marker + "    print(%r)\n" % HOSTILE_PRINT, 1)
    (folder / "wordle.py").write_text("# </pre><script>window.pwned=4</script>\n" + code)
    return folder


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The graded batch with its pages: {student name: folder}, and the class page."""
    root = tmp_path_factory.mktemp("pages")
    out = root / "out"
    students = [Student(name, SUBMISSIONS / name) for name in CORPUS]
    students.append(Student(HOSTILE_NAME, hostile_submission(root / "hostile")))
    grade_all.grade_class(students, root / "grades.csv", out=out, jobs=2)
    layout.write_submission(out, "unreadable zip", error="cannot grade it: not a zip file")
    index, _ = pages.build(out)
    return out, index


@pytest.fixture
def page(browser, tmp_path):
    """A browser page that records script errors and any dialog (a sign of injection)."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000})
    tab = context.new_page()
    tab.problems = []
    tab.on("console", lambda message: message.type == "error"
           and tab.problems.append("console: " + message.text))
    tab.on("pageerror", lambda error: tab.problems.append("page error: %s" % error))
    tab.on("dialog", lambda dialog: (tab.problems.append("dialog: " + dialog.message),
                                     dialog.dismiss()))
    yield tab
    context.close()


def column_values(tab, table, column):
    return tab.eval_on_selector_all(
        "#%s tbody tr" % table,
        "(rows, column) => rows.map(row => row.cells[column].getAttribute('data-sort'))",
        column)


def test_the_class_page_sorts_and_leads_to_a_students_page(site, page, tmp_path):
    out, index = site
    page.goto(index.as_uri())
    assert page.locator("#student-table tbody tr").count() == len(CORPUS) + 2
    assert page.locator("svg.plot rect.bar").count() == 20
    assert page.locator("#test-table tbody tr").count() >= 30
    assert page.locator("#pair-table tbody tr").count() >= 1

    page.click("#student-table th:nth-child(2)")             # Score, ascending
    values = column_values(page, "student-table", 1)
    assert values[-1] == ""                                  # not graded: last either way
    scores = [float(value) for value in values[:-1]]
    assert scores == sorted(scores) and scores[0] < scores[-1]
    page.click("#student-table th:nth-child(2)")             # and descending
    values = column_values(page, "student-table", 1)
    assert [float(v) for v in values[:-1]] == sorted(scores, reverse=True) and values[-1] == ""
    assert page.locator("#student-table tbody tr:last-child").inner_text().startswith(
        "unreadable zip\tnot graded: cannot grade it")
    cells = page.eval_on_selector_all("#student-table tbody tr",
                                      "rows => rows.map(row => row.cells.length)")
    assert len(set(cells)) == 1                              # every row has every column
    assert page.get_attribute("#student-table th:nth-child(2)", "aria-sort") == "descending"
    page.screenshot(path=str(tmp_path / "class.png"), full_page=True)

    page.click("text=case_never_won")
    assert page.url.endswith("/case_never_won/index.html")
    games = page.locator("#games")
    assert games.locator(".tile.green").count() > 0 and games.locator(".tile.yellow").count() > 0
    assert games.locator(".line.removed").count() > 0 and games.locator(".line.added").count() > 0
    assert re.search(r"secret: [A-Z]{5}\b", games.inner_text())   # each grading draws its own
    assert page.locator(".highlight").count() == 2          # wordle.py and easy_wordle.py
    page.screenshot(path=str(tmp_path / "student.png"), full_page=True)
    assert page.problems == []


def test_a_students_page_shows_failed_tests_findings_and_style(site, page):
    out, _ = site
    page.goto((out / "cw_extra_yellow" / "index.html").as_uri())
    failed = page.locator("#failed .test.failed")
    assert failed.count() >= 5
    first = failed.first.inner_text()
    assert "check_word('LERED', 'DRUID')" in first and "expected" in first and "got" in first
    finding = page.locator("#style-table tbody tr").first       # its line 1 is 81 columns
    assert "E501" in finding.inner_text()
    finding.locator("a").click()
    assert page.url.endswith("#f0-1")
    assert page.locator("#code [id='f0-1']").count() == 1
    page.goto((out / "imports_string" / "index.html").as_uri())
    assert "imported string" in page.locator("#findings").inner_text()
    assert page.locator("#findings .status.fail").count() == 1
    assert page.problems == []


def test_a_hostile_name_code_and_output_are_shown_as_text(site, page):
    out, index = site
    page.goto(index.as_uri())
    page.click("#student-table a:has-text('Mallory')")
    assert page.inner_text("h1") == HOSTILE_NAME
    assert HOSTILE_PRINT in page.locator("#games").inner_text()       # in the game's diff
    assert "<script>window.pwned=4</script>" in page.locator("#code").inner_text()
    assert page.locator("img, b[onmouseover], #code script, #games script").count() == 0
    page.hover("#games")
    assert page.evaluate("typeof window.pwned") == "undefined"
    assert page.problems == []


def test_similar_pairs_open_side_by_side(site, page):
    out, index = site
    page.goto(index.as_uri())
    page.click("#pair-table tbody tr:first-child a")
    assert page.locator(".side-by-side").count() >= 1
    assert page.locator(".side-by-side pre.side").count() % 2 == 0
    assert page.locator(".side-by-side mark").count() > 0
    page.click("text=← class")
    assert page.url.endswith("index.html#similarity")
    assert page.problems == []


def test_the_layout_written_by_grade_all_is_complete(site):
    out, _ = site
    for submission in layout.read_batch(out)[0]:
        if submission.student == "unreadable zip":
            continue
        assert submission.results is not None, submission.error
        assert set(submission.sources) == {"wordle.py", "easy_wordle.py"}
        assert submission.report.startswith("wordle-kit grader:")
