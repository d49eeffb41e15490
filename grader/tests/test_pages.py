"""Staff pages (grader/results/pages): the folder layout, what the pages show, similarity,
style, and that nothing a student wrote (name, code, output) reaches the HTML unescaped.
The pages in a real browser: test_pages_browser.py."""
import base64
import hashlib
import os
import pathlib
import re
import subprocess
import sys

import pytest

from grader.results import inside, pages
from grader.staff import batch as grade_all
from grader.staff.class_folder import Student
from grader.results.pages import layout, similarity, style, view

from grader import KIT_ROOT
SUBMISSIONS = KIT_ROOT / "grader" / "tests" / "submissions"
HOSTILE_NAME = '<img src=x onerror="window.pwned=1">"; Robert\'); --'
HOSTILE_CODE = '# </pre></div><script>window.pwned = 1</script>\n'
PAGE_BYTES = 8_000_000   # a staff page (docs/grader.md: limits table)


def results(*tests, score=None, output=""):
    """A results.json as the grader writes it, from (name, group, score, max, passed, output)."""
    tests = [{"name": name, "score": got, "max_score": maximum,
              "status": "passed" if passed else "failed", "output": text,
              "visibility": "visible", "tags": [group]}
             for name, group, got, maximum, passed, text in tests]
    total = sum(test["score"] for test in tests) if score is None else score
    return {"score": total, "execution_time": 1.0, "output": output, "output_format": "text",
            "test_output_format": "text", "tests": tests}


GAME_DIFF = "\n".join([
    "typed: radio | druid",
    "secret: CHIVY",
    "line 7 differs: expected '> [R:grey][A:grey]', got '> [R:grey][A:green]'",
    "- expected (the reference), + got (your program); [R:green] is a green R",
    "expected lines 5-7, your lines 5-7",
    "  Known:  _____",
    "- > [R:grey][A:grey][D:grey][I:yellow][O:grey]",
    "+ > [R:grey][A:green][D:grey][I:grey][O:grey]",
])
CALL_DIFF = ("1 of 10 calls wrong:\ncheck_word('LERED', 'DRUID')\n"
             "    expected ['grey', 'yellow', 'grey', 'grey', 'green']\n"
             "    got      ['yellow', 'yellow', 'grey', 'grey', 'green']")


def class_of(scores):
    """Results for students with these (check_word, game) scores; check_word 12, games 4."""
    return results(("check_word: the official tester's cases", "check_word", scores[0], 12,
                    scores[0] == 12, "" if scores[0] == 12 else CALL_DIFF),
                   ("wordle.py: a lost game", "wordle_program", scores[1], 4, scores[1] == 4,
                    "" if scores[1] == 4 else GAME_DIFF),
                   ("only math, random and the course's files imported", "checks", 0, 0,
                    scores[0] == 12, "" if scores[0] == 12 else
                    "imported os, sys: without permission the course allows only math"))


def source(name):
    return (SUBMISSIONS / "correct_loops" / name).read_bytes()


@pytest.fixture
def batch(tmp_path):
    """A graded batch: a full score, a hostile student, and one that could not be graded."""
    out = tmp_path / "out"
    layout.write_submission(out, "ada", class_of((12, 4)), "report of ada\n",
                            [("wordle.py", source("wordle.py")),
                             ("easy_wordle.py", source("easy_wordle.py"))])
    layout.write_submission(out, HOSTILE_NAME, class_of((10.5, 0)),
                            "Score: <b>10.5</b>\x1b[2J\n",
                            [("wordle.py", HOSTILE_CODE.encode() + source("wordle.py"))])
    layout.write_submission(out, "broken zip", error="cannot grade x.zip: not a zip file")
    return out


# ---------------------------------------------------------------- the layout

def test_folder_names_are_safe_distinct_and_stable():
    assert layout.folder_name("ada") == "ada"
    names = [HOSTILE_NAME, "a/b", "a_b", "..", "_similar", "ünïcode Näme", "x" * 300]
    folders = [layout.folder_name(name) for name in names]
    assert len(set(folders)) == len(folders)
    for folder in folders:
        assert re.fullmatch(r"[\w.@+-]+", folder) and folder[0] not in "._" and len(folder) < 80
    assert folders == [layout.folder_name(name) for name in names]   # a rerun finds its folder


def test_a_written_batch_reads_back_with_names_sources_and_errors(batch):
    submissions = {s.student: s for s in layout.read_batch(batch)[0]}
    assert set(submissions) == {"ada", HOSTILE_NAME, "broken zip"}
    hostile = submissions[HOSTILE_NAME]
    assert hostile.results["score"] == 10.5 and hostile.sources["wordle.py"].startswith("# </pre>")
    assert submissions["broken zip"].results is None
    assert "not a zip file" in submissions["broken zip"].error
    assert not list(batch.rglob("*.partial"))


def test_a_regraded_submission_replaces_its_error(batch):
    layout.write_submission(batch, "broken zip", class_of((12, 4)), "fixed\n")
    fixed = [s for s in layout.read_batch(batch)[0] if s.student == "broken zip"][0]
    assert fixed.results is not None and fixed.error == ""


def test_unreadable_results_mark_the_student_instead_of_stopping(batch):
    (batch / "ada" / "results.json").write_text('{"tests": "not a list"}')
    ada = [s for s in layout.read_batch(batch)[0] if s.student == "ada"][0]
    assert ada.results is None and "no list of tests" in ada.error


def test_grade_all_records_why_a_submission_could_not_be_graded(tmp_path):
    (tmp_path / "homework.zip").write_text("not a zip")
    grade_all.grade_class([Student("ada", tmp_path / "homework.zip")], tmp_path / "grades.csv",
                          out=tmp_path / "out")
    folder = tmp_path / "out" / "ada"
    assert "is a damaged zip" in (folder / "error.txt").read_text()
    assert not (folder / "results.json").exists()


def test_a_folder_without_submissions_is_refused(tmp_path):
    (tmp_path / "_similar").mkdir()
    (tmp_path / "notes").mkdir()
    with pytest.raises(layout.LayoutError, match="holds no graded submissions"):
        layout.read_batch(tmp_path)
    with pytest.raises(layout.LayoutError, match="is not a folder"):
        layout.read_batch(tmp_path / "missing")


# ---------------------------------------------------------------- what the pages show

def test_coloured_letters_become_tiles_and_diff_lines_are_classified():
    lines = view.output_lines(GAME_DIFF)
    kinds = [line.kind for line in lines]
    assert kinds == ["text", "text", "text", "legend", "text", "text", "removed", "added"]
    tiles = [(s.text, s.colour) for s in lines[6].segments if s.colour]
    assert tiles == [("R", "grey"), ("A", "grey"), ("D", "grey"), ("I", "yellow"), ("O", "grey")]
    assert lines[6].segments[0] == view.Segment("- > ")
    assert [line.kind for line in view.output_lines(CALL_DIFF)] == ["text", "text", "expected",
                                                                    "got"]
    # a student's own brackets that are not a colour stay text
    assert view.segments("[<:green][x:red]") == (view.Segment("<", "green"),
                                                 view.Segment("[x:red]"))


def test_scores_by_group_pass_rates_and_distribution(batch):
    students = [view.student_of(s) for s in layout.read_batch(batch)[0]]
    by_name = {student.name: student for student in students}
    hostile = by_name[HOSTILE_NAME]
    assert hostile.groups == {"check_word": (10.5, 12), "wordle_program": (0, 4), "checks": (0, 0)}
    assert [test.flag for test in hostile.findings] == ["imported os, sys"]
    assert not by_name["broken zip"].graded
    assert view.groups_in_order(students) == ["check_word", "wordle_program", "checks"]
    rates = {rate.name: (rate.passed, rate.graded) for rate in view.pass_rates(students)}
    assert rates["wordle.py: a lost game"] == (1, 2)
    plot = view.distribution(students)
    assert plot.count == 2 and plot.maximum == 16 and plot.tallest == 1
    assert sum(bar.count for bar in plot.bars) == 2
    assert plot.bars[-1].count == 1       # 16 of 16 is in the last bar, not past it


def test_style_findings_are_counted_per_kind():
    found = style.all_findings({"wordle.py": "import os,sys\nx=1 \n", "notes.txt": "x=1",
                                "words.py": "words=[ ]"})     # the handout is not theirs
    assert [(f.file, f.line, f.code) for f in found] == [
        ("wordle.py", 1, "E231"), ("wordle.py", 1, "E401"), ("wordle.py", 2, "E225"),
        ("wordle.py", 2, "W291")]
    assert style.counted(found + found[:1])[0] == ("E231", "missing whitespace after ','", 2)


# ---------------------------------------------------------------- similarity

def student(folder, **sources):
    return view.Student(folder=folder, name=folder, sources=sources)


def test_copied_code_with_renamed_variables_ranks_first_and_given_code_is_ignored():
    original = (SUBMISSIONS / "correct_loops" / "wordle.py").read_text()
    renamed = original.replace("result", "answer").replace("used", "taken")
    other = (SUBMISSIONS / "correct_star" / "wordle.py").read_text()
    given = (similarity.GIVEN_FILES[2]).read_text()
    students = [student("a", **{"wordle.py": original}), student("b", **{"wordle.py": renamed}),
                student("c", **{"wordle.py": other}), student("d", **{"wordle.py": given}),
                student("e", **{"wordle.py": given + "\n# mine\n"}),
                # the course's own display_utility.py, handed in by two: not their code
                student("f", **{"display_utility.py": other}),
                student("g", **{"display_utility.py": other})]
    found = similarity.pairs(students)
    assert {found[0].a.folder, found[0].b.folder} == {"a", "b"}
    assert found[0].similarity > 0.9
    assert not [pair for pair in found if {pair.a.folder, pair.b.folder} in ({"d", "e"},
                                                                              {"f", "g"})]
    assert students[0].most_similar == found[0].similarity
    marked = "".join(run.text for line in found[0].files[0].lines_b for run in line
                     if run.matched)
    assert "answer" in marked


def test_marked_lines_keep_every_character_and_mark_the_slices():
    lines = similarity.marked_lines("ab\ncd\n\nef", ([1, 4], [4, 5]))
    assert [[(run.text, run.matched) for run in line] for line in lines] == [
        [("a", False), ("b", True)], [("cd", True)], [], [("ef", False)]]


# ---------------------------------------------------------------- the HTML

def test_pages_escape_every_student_string_and_allow_only_the_kits_script(batch):
    index, _ = pages.build(batch)
    hostile_page = batch / layout.folder_name(HOSTILE_NAME) / "index.html"
    for page in [index, hostile_page, *batch.glob("_similar/*.html")]:
        html = page.read_text()
        assert "<img src=x" not in html and "<script>window.pwned" not in html
        assert "onerror=" not in html.replace("onerror=&#34;", "")  # escaped attribute text only
        scripts = re.findall(r"<script>(.*?)</script>", html, re.S)
        assert len(scripts) == 1
        digest = base64.b64encode(hashlib.sha256(scripts[0].encode()).digest()).decode()
        assert "script-src 'sha256-%s'" % digest in html
        assert "http://" not in html and "https://" not in html     # nothing to fetch
    html = hostile_page.read_text()
    assert "&lt;img src=x onerror=&#34;window.pwned=1&#34;&gt;" in html
    assert "&lt;script&gt;window.pwned" in html     # the code, highlighted and escaped
    assert "Score: &lt;b&gt;10.5&lt;/b&gt;" in html


def test_the_class_page_lists_every_student_and_links_each_page(batch):
    html = pages.build(batch)[0].read_text()
    links = re.findall(r'href="\./([^"/]+)/index.html"', html)
    assert len(links) == 3
    for link in links:
        assert (batch / link.replace("%40", "@") / "index.html").is_file()
    assert "not graded: cannot grade x.zip: not a zip file" in html
    assert "imported os, sys" in html
    # 16 and 10.5: the mean and the median rounded alike (not "mean 13.2" beside 13.25)
    assert "mean 13.25, median 13.25 of 16" in html and ">mean 13.25</text>" in html


def test_the_pages_show_the_sid_email_and_late_mark_the_class_s_record_holds(batch):
    from grader.staff import class_record
    row = {"student": "ada", "sid": "5551212", "email": "ada@<example>.edu", "late": "late",
           "score": "16", "max_score": "16", "error": ""}
    saved = class_record.Saved("ada", "stamp", class_record.Record(row, []))
    inside.write_text(batch, ("ada", layout.RECORD), saved.text())
    done = subprocess.run([sys.executable, "-m", "grader", "report", str(batch)],
                          cwd=KIT_ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    html = (batch / "index.html").read_text()
    assert "<th data-type=\"text\">SID</th><th data-type=\"text\">Email</th>" in html
    assert ">5551212</td>" in html and "ada@&lt;example&gt;.edu" in html and ">late</span>" in html
    page = (batch / "ada" / "index.html").read_text()
    assert '<p class="identity">SID 5551212 &middot; ada@&lt;example&gt;.edu &middot; late</p>' in page
    assert "SID" not in pages.build(batch)[0].read_text()    # no record given: no empty columns


def test_report_command_builds_the_pages_and_refuses_a_bad_folder(batch, tmp_path):
    def report(folder):
        return subprocess.run([sys.executable, "-m", "grader", "report", str(folder)],
                              cwd=KIT_ROOT, capture_output=True, text=True, timeout=120)
    done = report(batch)
    assert done.returncode == 0 and "index.html" in done.stdout
    assert (batch / "index.html").is_file()
    empty = tmp_path / "empty"
    empty.mkdir()
    for folder, message in ((empty, "holds no graded submissions"),
                            (tmp_path / "missing", "is not a folder")):
        refused = report(folder)
        assert refused.returncode == 2 and message in refused.stderr
        assert "Traceback" not in refused.stderr


SECRET = "TOP-SECRET-1913"


@pytest.mark.parametrize("link", ["student_page", "report", "similar_folder"])
def test_the_report_command_follows_no_link_a_graded_folder_holds(batch, tmp_path, link):
    """Issue 31's three links (a graded folder is copied and shared; the TA is often root):
    a student's index.html to a file outside (not overwritten), a report.txt to a secret
    (not shown), _similar to a folder outside (nothing written there); each one named."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "victim.txt").write_text("victim\n")
    (outside / "secret.txt").write_text(SECRET + "\n")
    entry, target = {"student_page": (batch / "ada" / "index.html", outside / "victim.txt"),
                     "report": (batch / "ada" / "report.txt", outside / "secret.txt"),
                     "similar_folder": (batch / "_similar", outside)}[link]
    if entry.exists():
        entry.unlink()
    entry.symlink_to(target)
    done = subprocess.run([sys.executable, "-m", "grader", "report", str(batch)], cwd=KIT_ROOT,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "skipped %s (a link" % entry in done.stdout
    assert done.stdout.count("skipped") == 1        # each entry named once
    assert entry.is_symlink() and os.readlink(entry) == str(target)
    assert sorted(path.name for path in outside.iterdir()) == ["secret.txt", "victim.txt"]
    assert (outside / "victim.txt").read_text() == "victim\n"
    for page in batch.rglob("*.html"):
        if not page.is_symlink():
            assert SECRET not in page.read_text(), page
    assert (batch / "index.html").is_file() and (batch / layout.folder_name(HOSTILE_NAME)
                                                  / "index.html").is_file()


def test_grade_all_writes_nothing_through_a_linked_student_folder_or_csv(tmp_path, capsys):
    (tmp_path / "homework.zip").write_text("not a zip")
    outside = tmp_path / "outside"
    outside.mkdir()
    out = tmp_path / "out"
    out.mkdir()
    (out / "ada").symlink_to(outside)
    grade_all.grade_class([Student("ada", tmp_path / "homework.zip")], out / "grades.csv",
                          out=out)
    assert list(outside.iterdir()) == []
    assert "skipped %s (a link or not a folder)" % (out / "ada") in capsys.readouterr().out
    assert "is a damaged zip" in (out / "grades.csv").read_text()
    (out / "grades.csv").unlink()
    (out / "grades.csv").symlink_to(outside / "victim.csv")
    with pytest.raises(grade_all.BatchError, match="grades.csv.*a link"):
        grade_all.grade_class([Student("ada", tmp_path / "homework.zip")], out / "grades.csv")
    assert list(outside.iterdir()) == []


def test_the_folder_reader_reads_only_regular_files_below_it(tmp_path):
    (tmp_path / "real").mkdir()
    (tmp_path / "real" / "file").write_text("text")
    os.mkfifo(tmp_path / "real" / "pipe")
    (tmp_path / "real" / "link").symlink_to(tmp_path / "real" / "file")
    (tmp_path / "linked").symlink_to(tmp_path / "real")
    assert inside.read_bytes(tmp_path, "real/file", 100) == b"text"
    for path, what in (("real/pipe", "not a regular file"), ("real/link", "a link"),
                       ("linked/file", "a link or not a folder")):
        with pytest.raises(inside.Skipped, match=what):
            inside.read_bytes(tmp_path, path, 100)
    with pytest.raises(ValueError):
        inside.read_bytes(tmp_path / "real", "../real/file", 100)
    folders, files, skipped = inside.entries(tmp_path, "real")
    assert (folders, files) == ([], ["file"]) and len(skipped) == 2
    (tmp_path / "hard").hardlink_to(tmp_path / "real" / "file")
    inside.write_text(tmp_path, "hard", "new")     # a new file in its place: the other name keeps its text
    assert (tmp_path / "real" / "file").read_text() == "text"
    assert (tmp_path / "hard").read_text() == "new"


def test_a_missing_library_is_named_with_the_fix(batch, monkeypatch):
    monkeypatch.setattr(pages, "missing_libraries", lambda: ["copydetect"])
    with pytest.raises(pages.PagesError, match="need copydetect, not installed for .*: python -m pip install -r requirements"):
        pages.build(batch)


def test_the_grading_path_imports_none_of_the_pages_libraries():
    code = ("import sys, grader.staff.cli, grader.grading, grader.results.text_report, grader.results.pages.layout\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in "
            "('jinja2', 'markupsafe', 'pygments', 'pycodestyle', 'copydetect', 'numpy')))")
    loaded = subprocess.run([sys.executable, "-c", code], cwd=KIT_ROOT, capture_output=True,
                            text=True, timeout=60)
    assert loaded.stdout.strip() == "[]", loaded.stderr


def test_a_student_page_stays_a_few_megabytes_whatever_the_student_wrote(tmp_path):
    """Thousands of style findings, a report and results.json at their 1 MB caps, a source
    of 200 kB in one line: the page shows a bounded part of each and says what it left out
    (kept small: a real page from 400,000 findings was 86 MB; benchmarks/grader_bounds.py)."""
    from grader.results.gradescope_json import results_json
    from grader.results.text_report import text_report
    from grader.tests.test_report import huge_result
    result = huge_result()
    code = ("x=1 \n" * 3_000 + "# a comment\n" * 6_000).encode()   # 6,000 findings, 87 kB
    out = tmp_path / "out"
    layout.write_submission(out, "many", results_json(result), text_report(result),
                            [("wordle.py", code), ("easy_wordle.py", b"(" * 200_000)])
    pages.build(out)
    page = out / layout.folder_name("many") / "index.html"
    html = page.read_text()
    assert page.stat().st_size < PAGE_BYTES and (out / "index.html").stat().st_size < PAGE_BYTES
    assert re.search(r"6\d\d\d style findings", html)
    assert re.search(r"5,\d\d\d more findings not shown", html)
    assert "... 247,500 more characters not shown" in html   # the grader's own cut, said
    assert "more lines not shown; the whole text is in results.json" in html
    assert "the whole report is report.txt" in html
    text = re.sub(r"<[^>]+>", "", html)   # the highlighted code is in many spans
    assert "more lines not shown; the whole file is src/wordle.py" in text
    assert "... 197,500 more characters not shown" in text


def test_a_failed_check_words_clues_are_shown_as_tiles_of_the_guess():
    expected, got = view.output_lines(CALL_DIFF)[2:]
    assert [(s.text, s.colour) for s in expected.segments if s.colour] == [
        ("D", "grey"), ("R", "yellow"), ("U", "grey"), ("I", "grey"), ("D", "green")]
    assert [(s.text, s.colour) for s in got.segments if s.colour] == [
        ("D", "yellow"), ("R", "yellow"), ("U", "grey"), ("I", "grey"), ("D", "green")]
    assert expected.segments[0].text.strip().startswith("expected ['grey'")   # the list stays
    other_call = view.output_lines("known_word(x)\n    expected ['grey', 'grey', 'grey', 'grey', 'grey']")
    assert not any(segment.colour for line in other_call for segment in line.segments)


def test_timeouts_and_near_miss_names_are_flagged_beside_the_checks(tmp_path):
    data = class_of((12, 4))
    data["tests"][0].update(status="failed", score=0,
                            output="check_word('LERED', 'RADIO')\n    the time limit ran out")
    data["extra_data"] = {"seed": 1, "near_misses": {"wordle.py": "wordle (1).py"},
                          "does_not_import": ["easy_wordle.py: SyntaxError line 30"]}
    layout.write_submission(tmp_path, "cy", data, "report\n", [("wordle.py", source("wordle.py"))])
    cy = view.student_of(layout.read_batch(tmp_path)[0][0])
    assert cy.flags == ["easy_wordle.py: SyntaxError line 30",
                        "near-miss name: wordle (1).py graded as wordle.py", "timeouts: 1 test"]
    pages.build(tmp_path)
    row = (tmp_path / "index.html").read_text().split('id="student-table"')[1]
    assert "near-miss name: wordle (1).py graded as wordle.py" in row
    assert "timeouts: 1 test" in row and '<span class="ok">ok</span>' not in row
    page = (tmp_path / layout.folder_name("cy") / "index.html").read_text()
    assert "0 failed checks (files, imports, guard)" in page
    assert "Hand-graded: maximum" in page and "Autograder's score" in page


def test_every_library_the_pages_import_is_checked_before_grading():
    """grade-all --html and report look for NEEDED before any work: a library the pages
    import but NEEDED lacks would stop them later, with a traceback."""
    import ast
    imported = set()
    for path in (KIT_ROOT / "grader" / "results" / "pages").glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Import):
                imported.update(alias.name.partition(".")[0] for alias in node.names)
            elif isinstance(node, ast.ImportFrom) and not node.level:
                imported.add(node.module.partition(".")[0])
    outside = imported - set(sys.stdlib_module_names) - {"grader", "command_line"}   # the kit's
    assert outside == set(pages.NEEDED)


def test_a_student_page_shows_the_commands_that_play_their_games_with_the_grading_seed(tmp_path):
    data = class_of((12, 4))
    data["extra_data"] = {"seed": 123456}
    layout.write_submission(tmp_path, "dee", data, "report\n", [("wordle.py", source("wordle.py"))])
    layout.write_submission(tmp_path, "eve", class_of((12, 4)), "report\n",
                            [("wordle.py", source("wordle.py"))])
    pages.build(tmp_path)
    page = (tmp_path / "dee" / "index.html").read_text()
    folder = str((tmp_path / "dee").resolve())
    assert "python -m grader play %s --seed 123456 --reveal" % folder in page
    assert "python -m grader play %s easy_wordle --seed 123456 --reveal" % folder in page
    assert "grader play" not in (tmp_path / "eve" / "index.html").read_text()   # no seed known
