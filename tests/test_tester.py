"""test_wordle_funcs.py, the tester students run, on good, broken and misbehaving work.

Each run starts the tester as a student would (`python test_wordle_funcs.py` in
a folder holding the submission) and checks its last line, its exit status and
that the student's printing never leaks into the report. Time limits count CPU
time, so none of this depends on how busy the machine is.
"""
import ast
import os
import pathlib
import re
import shutil
import signal
import subprocess
import sys

import pytest

from .conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"
SPLICE_MARK = "# Spliced into"
TOTAL_CHECKS = 68
RUN_TIMEOUT = 600  # wall-clock seconds: only a tester that hangs comes near this

REPORT_LINE = re.compile(r"(|== .+ ==|  (PASS|FAIL)  .+|        .+|  \(.+\)|Testing the .+"
                         r"|\(each runs in a separate process; .+\))")
STUDENT_LINE = "        | "


def spliced(reference, patch):
    """The reference source with the patch's functions in place of its functions
    of the same names, the patch's imports after its imports, and the patch's
    other statements, if any, in place of its `if __name__ == "__main__":` block."""
    reference_lines = reference.splitlines()
    patch_lines = patch.splitlines()

    def text(node):
        return "\n".join(patch_lines[node.lineno - 1:node.end_lineno])

    patch_tree = ast.parse(patch)
    functions = {node.name: text(node) for node in patch_tree.body
                 if isinstance(node, ast.FunctionDef)}
    imports = [text(node) for node in patch_tree.body
               if isinstance(node, (ast.Import, ast.ImportFrom))]
    others = [text(node) for node in patch_tree.body
              if not isinstance(node, (ast.FunctionDef, ast.Import, ast.ImportFrom))]
    replacements = []  # (first line, last line, new text), 1-based
    for node in ast.parse(reference).body:
        if isinstance(node, ast.FunctionDef) and node.name in functions:
            replacements.append((node.lineno, node.end_lineno, functions.pop(node.name)))
        elif isinstance(node, ast.If) and "__name__" in ast.unparse(node.test) and others:
            replacements.append((node.lineno, node.end_lineno, "\n\n".join(others)))
        elif isinstance(node, (ast.Import, ast.ImportFrom)):
            last_import = node.end_lineno
    assert not functions, "the reference has no function %s to replace" % list(functions)
    replacements.append((last_import + 1, last_import, "\n".join(imports)))
    for first, last, new in sorted(replacements, reverse=True):
        reference_lines[first - 1:last] = new.splitlines()
    return "\n".join(reference_lines) + "\n"


def make_submission(folder, fixture):
    """Put the tester, the course files and a submission in folder: the
    reference's files, replaced or spliced with the fixture's."""
    for name in ("test_wordle_funcs.py", "words.py", "display_utility.py"):
        shutil.copy(ROOT / name, folder / name)
    for name in ("wordle.py", "easy_wordle.py"):
        reference = (ROOT / name).read_text()
        patch = FIXTURES / fixture / name if fixture else None
        if patch and patch.exists():
            source = patch.read_text()
            if source.startswith(SPLICE_MARK):
                source = spliced(reference, source)
            (folder / name).write_text(source)
        else:
            (folder / name).write_text(reference)


def run_tester(folder, python=sys.executable):
    result = subprocess.run([python, "test_wordle_funcs.py"], cwd=folder, capture_output=True,
                            text=True, timeout=RUN_TIMEOUT, stdin=subprocess.DEVNULL)
    assert_clean_report(result)
    return result


@pytest.fixture(scope="module", autouse=True)
def waiting_run(tmp_path_factory):
    """() -> the report of the tester on a function that only waits, started with this file's
    first test: its 20 s of waiting pass while the other tests run."""
    folder = tmp_path_factory.mktemp("waiting")
    make_submission(folder, "sleeping_function")
    with open(folder / "out.txt", "w") as out, open(folder / "err.txt", "w") as err:
        process = subprocess.Popen([sys.executable, "test_wordle_funcs.py"], cwd=folder,
                                   stdout=out, stderr=err, stdin=subprocess.DEVNULL, text=True)

    def report():
        process.wait(timeout=RUN_TIMEOUT)
        result = subprocess.CompletedProcess(process.args, process.returncode,
                                             (folder / "out.txt").read_text(),
                                             (folder / "err.txt").read_text())
        assert_clean_report(result)
        return result

    yield report
    # Ctrl-C, not a kill: the tester then stops its child, which sleeps in a session of its own
    # (a kill left it running when a selection of tests ended before the run)
    process.send_signal(signal.SIGINT)
    try:
        process.wait(timeout=60)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def run_fixture(tmp_path, fixture):
    make_submission(tmp_path, fixture)
    return run_tester(tmp_path)


def run_expecting(tmp_path, fixture, failed):
    """The report of the fixture, after checking its exit status and its count
    of failed checks (every other check passed)."""
    return report_expecting(run_fixture(tmp_path, fixture), failed)


def report_expecting(result, failed):
    """result's report, after checking its exit status and its count of failed checks."""
    assert result.returncode == (1 if failed else 0), result.stdout
    assert counts(result) == (TOTAL_CHECKS - failed, failed)
    return result.stdout


def assert_clean_report(result):
    """Only the report's own kinds of line, the student's printing marked and
    short, nothing on stderr, and the count last."""
    assert result.stderr == ""
    lines = result.stdout.splitlines()
    for line in lines[:-1]:
        assert REPORT_LINE.fullmatch(line), line
        if "STUDENT OUTPUT" in line:
            assert line.startswith(STUDENT_LINE), line
    assert re.fullmatch(r"\d+ passed, \d+ failed", lines[-1]), lines[-1]
    run_of_student_lines = 0
    for line in lines:
        run_of_student_lines = run_of_student_lines + 1 if line.startswith(STUDENT_LINE) else 0
        assert run_of_student_lines <= 3


def counts(result):
    """(passed, failed) from the last line."""
    words = result.stdout.splitlines()[-1].split()
    return int(words[0]), int(words[2])


def fail_block(out, call_start):
    """The FAIL line for a call and the explanation lines under it."""
    lines = out.splitlines()
    for i, line in enumerate(lines):
        if line.startswith("  FAIL  " + call_start):
            block = [line]
            for following in lines[i + 1:]:
                if not following.startswith("        "):
                    break
                block.append(following.strip())
            return block
    raise AssertionError("no FAIL line for " + call_start)


def test_reference_passes_everything(tmp_path):
    out = run_expecting(tmp_path, None, 0)
    assert "FAIL" not in out
    assert "  (the words may come in any order, as in the grader; the course's own tester " \
           "compares them in order)" in out


def test_broken_submission_is_reported_check_by_check(tmp_path):
    result = run_fixture(tmp_path, "broken")
    out = result.stdout
    assert result.returncode == 1
    assert "  PASS  check_word('LERED', 'RADIO')" in out
    assert fail_block(out, "check_word('CRANE', 'BEEPS')") == [
        "  FAIL  check_word('CRANE', 'BEEPS')",
        "expected: ['grey', 'yellow', 'grey', 'grey', 'grey']",
        "got:      ['grey', 'yellow', 'yellow', 'grey', 'grey']"]
    assert fail_block(out, "known_word([])")[1:] == ["expected: '_____'",
                                                     "got:      ['_', '_', '_', '_', '_']"]
    assert fail_block(out, "11 checks not run: wordle.py has no function no_letters")
    assert re.fullmatch(r"did not finish: stopped after \d+\.\d seconds of CPU time, "
                        r"at wordle\.py, line \d+, in yes_letters \(an infinite loop\?\)",
                        fail_block(out, "yes_letters([])")[1])
    assert fail_block(out, "7 checks not run: yes_letters did not finish in an earlier call")
    block = fail_block(out, "filter_word_list(['aaaaa', 'bbbbb', 'ccccc', 'ddddd']")
    assert "returned the word list it was given; it must return a new list" in block
    assert "changed the word list it was given (it had 4 words, now 1)" in block
    # The filter fails because check_word does: said once, where the filter called it.
    assert out.count("note: filter_word_list calls check_word, which failed") == 1
    assert counts(result)[1] > 20


def test_extra_and_missing_words_are_named(tmp_path):
    out = run_expecting(tmp_path, "letter_rules_filter", 4 + 9)
    assert fail_block(out, "filter_word_list(words, [('RAISE'")[1:] == [
        "expected 39 words, got 94",
        "extra (not possible, but returned): 'birse', 'bries', 'brise', 'cries', 'crise', "
        "'dries', 'emirs', 'erics', 'fries', 'frise' and 45 more"]
    assert fail_block(out, "filter_word_list(words, [('BOOKS'")[1:] == [
        "expected 1 word, got 0", "missing (possible, but not returned): 'elbow'"]
    # check_word fails too, but this filter does not call it: no note blames it.
    assert "note:" not in out


def test_a_function_waiting_for_input_is_named_and_the_rest_still_runs(tmp_path):
    out = run_expecting(tmp_path, "input_in_function", 8)
    assert re.fullmatch(r"raised EOFError: EOF when reading a line \(wordle\.py, line \d+, in "
                        r"yes_letters\): it asked for input\(\); this function must not read the "
                        r"keyboard", fail_block(out, "yes_letters([])")[1])


def test_a_printing_infinite_loop_is_stopped_and_its_output_kept_apart(tmp_path):
    out = run_expecting(tmp_path, "printing_loop", 10)
    assert "  PASS  no_letters([])" in out
    block = fail_block(out, "no_letters([('RADIO'")
    assert re.fullmatch(r"did not finish: stopped after \d+\.\d seconds of CPU time, at "
                        r"wordle\.py, line \d+, in no_letters \(an infinite loop\?\)", block[1])
    assert re.fullmatch(r"your code printed \d+ lines; the first 3:", block[2])
    assert block[3] == "| STUDENT OUTPUT: looking at clue 0"
    assert "  FAIL  9 checks not run: no_letters did not finish in an earlier call, so it is " \
           "not called again" in out
    assert "  PASS  yes_letters([])" in out


def test_os_exit_in_a_function_costs_only_its_own_checks(tmp_path):
    out = run_expecting(tmp_path, "os_exit", 10)
    assert fail_block(out, "known_word([])")[1] == \
        "ended the process running it (exit code 0: os._exit()? a crash?)"
    assert "  FAIL  9 checks not run: known_word ended its process in an earlier call" in out
    assert "  PASS  no_letters([])" in out  # a new process runs the next function


def test_sys_exit_in_a_function_fails_each_call(tmp_path):
    out = run_expecting(tmp_path, "sys_exit", 11)
    block = fail_block(out, "no_letters([])")
    assert re.fullmatch(r"raised SystemExit: exit\(\) or sys\.exit\(\) was called "
                        r"\(wordle\.py, line \d+, in no_letters\): nothing but the game may end "
                        r"the program", block[1])
    assert block[2:] == ["your code printed:", "| STUDENT OUTPUT: done"]


def test_a_syntax_error_is_one_clear_message(tmp_path):
    out = run_expecting(tmp_path, "syntax_error", TOTAL_CHECKS - 1)  # easy_wordle's guard passes
    block = fail_block(out, "import wordle")
    assert block[1].startswith("wordle.py, line 8: SyntaxError: ")  # the wording varies by version
    assert block[2:] == ["if guess[i] = secret[i]:"]
    assert "frozen" not in out and "missing" not in out
    assert fail_block(out, "import easy_wordle")[1:] == [
        "easy_wordle.py imports wordle.py, which could not be imported (see above): "
        "fix wordle.py first"]
    assert out.count("  FAIL  ") == 11  # one line per section, not one per check


def test_a_game_at_import_is_blamed_on_its_own_file_only(tmp_path):
    out = run_expecting(tmp_path, "game_at_import", TOTAL_CHECKS - 1)
    block = fail_block(out, "import wordle")
    assert re.fullmatch(r"it asked for input while being imported \(wordle\.py, line \d+, in "
                        r"read_guess\): put the game under `if __name__ == \"__main__\":`",
                        block[1])
    assert block[3] == "| Known:  _____"
    assert fail_block(out, "import easy_wordle")[1].startswith("easy_wordle.py imports wordle.py,")
    assert "  PASS  easy_wordle.py starts its game under" in out
    guard = fail_block(out, "wordle.py starts its game")
    assert "no `if __name__ == \"__main__\":` line" in guard[1]


@pytest.mark.timeout(RUN_TIMEOUT + 60)  # about 40 s of CPU time: give a busy machine room
def test_a_slow_but_correct_filter_passes(tmp_path):
    """100 times the reference's work per call, well inside the CPU-time limit."""
    run_expecting(tmp_path, "slow_filter", 0)


def test_any_order_of_words_passes_with_a_note(tmp_path):
    out = run_expecting(tmp_path, "sorted_filter", 0)
    assert out.count("note: your words come in a different order") == 1


def test_a_check_word_that_returns_one_shared_list_is_caught(tmp_path):
    out = run_expecting(tmp_path, "shared_list", 18)
    assert "  PASS  check_word('LERED', 'RADIO')" in out
    assert fail_block(out, "check_word('LERED', 'DRUID')")[1:] == [
        "returned the same list object as the earlier call check_word('LERED', 'RADIO'), "
        "changing its answer from ['yellow', 'grey', 'yellow', 'grey', 'grey'] to "
        "['grey', 'yellow', 'grey', 'grey', 'green']: every call must build and return a new "
        "list (in the game, every row of the history would show the last clue's colours)"]
    assert fail_block(out, "check_word('LERED', 'LERED')")[1:] == [
        "again returned the same list object as an earlier call (see above)"]


def test_a_misspelt_guard_fails_its_check(tmp_path):
    out = run_expecting(tmp_path, "misspelt_guard", 1)
    assert re.fullmatch(r"line \d+ compares __name__ with ' __main__ ', which is never equal when "
                        r"you run python wordle\.py, so the game never starts: write \"__main__\"",
                        fail_block(out, "wordle.py starts its game")[1])


def test_a_folder_without_the_files_is_exit_status_2(tmp_path):
    shutil.copy(ROOT / "test_wordle_funcs.py", tmp_path)
    result = subprocess.run([sys.executable, "test_wordle_funcs.py"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=RUN_TIMEOUT)
    assert result.returncode == 2
    assert "There is no wordle.py or easy_wordle.py in" in result.stdout
    assert result.stderr == ""


def test_the_testers_own_clue_table_agrees_with_the_reference():
    import test_wordle_funcs
    from wordle import check_word
    for (secret, guess), code in test_wordle_funcs.CLUE_CODES.items():
        assert check_word(secret, guess) == test_wordle_funcs.colours(code), (secret, guess)


@pytest.mark.parametrize("source, problem", [
    ('if __name__ == "__main__":\n    run()\n', None),
    ('if "__main__" == __name__:\n    run()\n', None),
    ('if __name__ == "__main":\n    run()\n', "compares __name__ with '__main'"),
    ('def main():\n    if __name__ == "__main__":\n        run()\n', "inside a function"),
    ("def run():\n    pass\n", "there is no"),
])
def test_guard_problems(source, problem):
    import test_wordle_funcs
    problems = test_wordle_funcs.guard_problems(ast.parse(source), "wordle.py")
    if problem is None:
        assert problems == []
    else:
        assert len(problems) == 1 and problem in problems[0]


def test_pytest_finds_nothing_to_run_in_the_tester(tmp_path):
    """Students who run pytest on the tester must not get fixture errors."""
    shutil.copy(ROOT / "test_wordle_funcs.py", tmp_path)
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "test_wordle_funcs.py"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 5, result.stdout  # 5: no tests collected


def test_printing_at_import_is_blamed_on_the_file_that_prints(tmp_path):
    out = run_expecting(tmp_path, "prints_at_import", 1)
    assert fail_block(out, "import wordle")[1:] == [
        "importing it printed something: only the game, under `if __name__ == \"__main__\":`, "
        "should print", "your code printed:", "| STUDENT OUTPUT: Welcome to Wordle!"]
    assert "  PASS  import easy_wordle" in out


def test_a_function_that_waits_without_computing_is_stopped(waiting_run):
    out = report_expecting(waiting_run(), 10)
    assert re.fullmatch(r"did not finish: still waiting after \d+ seconds, having used only "
                        r"\d+\.\d seconds of CPU time, at wordle\.py, line \d+, in known_word "
                        r"\(time\.sleep\? reading a file\?\)", fail_block(out, "known_word([])")[1])
    assert "  FAIL  9 checks not run: known_word did not finish in an earlier call" in out


def test_values_that_are_not_plain_data_are_described_not_sent():
    from test_wordle_funcs import value_reply

    class Equal:
        def __eq__(self, other):
            return True

        def __repr__(self):
            return "Equal()"

    assert value_reply(["peris", ("A", 1)]) == {"status": "returned", "value": ["peris", ("A", 1)]}
    assert value_reply({"A"})["unplain"] == "{'A'}  (a set)"
    assert value_reply(Equal())["unplain"] == "Equal()  (a Equal)"
    assert value_reply(list(range(200_000)))["unplain"].endswith("  (a list of 200000 items)")
    assert "value" not in value_reply(float("nan"))


def test_help_prints_the_usage_and_runs_no_check(tmp_path):
    shutil.copy(ROOT / "test_wordle_funcs.py", tmp_path)
    for option in ("--help", "-h"):
        result = subprocess.run([sys.executable, "test_wordle_funcs.py", option], cwd=tmp_path,
                                capture_output=True, text=True, timeout=RUN_TIMEOUT)
        assert result.returncode == 0
        assert result.stdout.startswith("usage: python test_wordle_funcs.py")
        assert "There is no wordle.py" not in result.stdout  # no checks were attempted
    result = subprocess.run([sys.executable, "test_wordle_funcs.py", "--bogus"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=RUN_TIMEOUT)
    assert result.returncode == 2 and "unrecognized arguments: --bogus" in result.stderr


def test_a_guard_read_from_python_3_7s_tree_is_found():
    import test_wordle_funcs

    class Str(ast.expr):  # what ast.parse builds for a string before Python 3.8
        _fields = ("s",)
    tree = ast.parse('if __name__ == "__main__":\n    run()\n')
    tree.body[0].test.comparators[0] = Str(s="__main__")
    assert test_wordle_funcs.guard_problems(tree, "wordle.py") == []
    tree.body[0].test.comparators[0] = Str(s="__main")
    assert "compares __name__ with '__main'" in test_wordle_funcs.guard_problems(tree, "wordle.py")[0]


OLD_PYTHONS = sorted(pathlib.Path.home().glob(".pyenv/versions/3.[67].*/bin/python"))


@pytest.mark.skipif(not OLD_PYTHONS, reason="no Python 3.6 or 3.7 under ~/.pyenv/versions")
def test_the_reference_passes_every_check_on_the_oldest_pythons(tmp_path):
    for name in ("wordle.py", "easy_wordle.py", "words.py", "display_utility.py",
                 "test_wordle_funcs.py"):
        shutil.copy(ROOT / name, tmp_path)
    for python in OLD_PYTHONS:
        result = subprocess.run([str(python), "test_wordle_funcs.py"], cwd=tmp_path,
                                capture_output=True, text=True, timeout=RUN_TIMEOUT)
        assert result.stdout.splitlines()[-1] == "%d passed, 0 failed" % TOTAL_CHECKS, python


def test_ctrl_c_stops_it_with_status_130(tmp_path):
    import os
    import signal
    import time
    for name in ("easy_wordle.py", "words.py", "display_utility.py", "test_wordle_funcs.py"):
        shutil.copy(ROOT / name, tmp_path)
    called = tmp_path / "check_word was called"
    (tmp_path / "wordle.py").write_text(
        (ROOT / "wordle.py").read_text().replace('def check_word(secret, guess):\n',
                                                 'def check_word(secret, guess):\n'
                                                 '    open(%r, "w").close()\n'
                                                 '    import time; time.sleep(60)\n'
                                                 % str(called), 1))
    process = subprocess.Popen([sys.executable, "test_wordle_funcs.py"], cwd=tmp_path,
                               stdout=subprocess.PIPE, text=True, start_new_session=True)
    try:
        # as a terminal would: Ctrl-C once check_word is being called (its output may be
        # block-buffered in a pipe, so the moment is the call's, not a line's)
        while not called.exists() and process.poll() is None:
            time.sleep(0.05)
        assert called.exists(), "the tester ended before calling check_word"
        os.killpg(process.pid, signal.SIGINT)
        out = process.stdout.read()
        assert process.wait(timeout=60) == 130
        assert "== check_word" in out and "Stopped (Ctrl-C): not every check ran." in out
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
        process.stdout.close()


def folder_state(folder):
    """Every entry under folder with its bytes (files) and mode: what a run must not change."""
    return sorted((str(path.relative_to(folder)), path.stat().st_mode,
                   path.read_bytes() if path.is_file() else None) for path in folder.rglob("*"))


def test_a_folder_given_is_tested_with_the_course_files_and_left_as_it_was(tmp_path):
    """A student's folder holding only their two files (the broken fixture's), tested from
    another folder with the kit's tester: the course's words.py and display_utility.py come
    from the tester's folder, even where the student's folder has a words.py of its own, and
    nothing is written into it (no __pycache__, no copy)."""
    student = tmp_path / "carol"
    student.mkdir()
    make_submission(tmp_path, "broken")
    for name in ("wordle.py", "easy_wordle.py"):
        shutil.move(tmp_path / name, student / name)
    (student / "words.py").write_text("words = ['crane']\n")
    before = folder_state(student)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    writes_bytecode = {name: value for name, value in os.environ.items()
                       if name != "PYTHONDONTWRITEBYTECODE"}   # as Python does by default
    result = subprocess.run([sys.executable, str(ROOT / "test_wordle_funcs.py"), str(student)],
                            cwd=elsewhere, capture_output=True, text=True, timeout=RUN_TIMEOUT,
                            stdin=subprocess.DEVNULL, env=writes_bytecode)
    assert_clean_report(result)
    assert result.stdout.startswith("Testing the wordle.py and easy_wordle.py in %s\n" % student)
    (tmp_path / "copied").mkdir()
    copied = run_fixture(tmp_path / "copied", "broken")     # the tester beside the files
    assert result.returncode == copied.returncode == 1
    # the same report, the course's words.py included (the student's one-word list would
    # change every call on words)
    assert result.stdout.splitlines()[1:] == copied.stdout.splitlines()[1:]
    assert folder_state(student) == before and list(elsewhere.iterdir()) == []


def test_a_folder_that_is_not_one_is_a_usage_error(tmp_path):
    result = subprocess.run([sys.executable, str(ROOT / "test_wordle_funcs.py"),
                             str(tmp_path / "nobody")], capture_output=True, text=True,
                            timeout=RUN_TIMEOUT, cwd=tmp_path)
    assert result.returncode == 2 and result.stdout == ""
    assert result.stderr.endswith("error: %s is not a folder\n" % (tmp_path / "nobody"))
    empty = subprocess.run([sys.executable, str(ROOT / "test_wordle_funcs.py"), str(tmp_path)],
                           capture_output=True, text=True, timeout=RUN_TIMEOUT, cwd=tmp_path)
    assert empty.returncode == 2
    assert "There is no wordle.py or easy_wordle.py in %s: give the folder" % tmp_path in empty.stdout
