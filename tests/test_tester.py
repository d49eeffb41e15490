"""test_wordle_funcs.py, the tester students run, on good and broken work."""
import shutil
import subprocess
import sys

from .conftest import ROOT

FIXTURES = ROOT / "tests" / "fixtures"


def run_tester(tmp_path, submission_files):
    for name in ("test_wordle_funcs.py", "words.py", "display_utility.py"):
        shutil.copy(ROOT / name, tmp_path / name)
    for path in submission_files:
        shutil.copy(path, tmp_path / path.name)
    result = subprocess.run([sys.executable, "test_wordle_funcs.py"], cwd=tmp_path,
                            capture_output=True, text=True, timeout=120, stdin=subprocess.DEVNULL)
    return result


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
    result = run_tester(tmp_path, [ROOT / "wordle.py", ROOT / "easy_wordle.py"])
    last = result.stdout.strip().splitlines()[-1]
    assert result.returncode == 0, result.stdout
    assert last.endswith(" passed, 0 failed") and int(last.split()[0]) >= 60
    assert "FAIL" not in result.stdout


def test_broken_submission_is_reported_check_by_check(tmp_path):
    result = run_tester(tmp_path, sorted((FIXTURES / "broken").glob("*.py")))
    out = result.stdout
    assert result.returncode == 1
    assert "  PASS  check_word('LERED', 'RADIO')" in out
    assert fail_block(out, "check_word('CRANE', 'BEEPS')") == [
        "  FAIL  check_word('CRANE', 'BEEPS')",
        "expected: ['grey', 'yellow', 'grey', 'grey', 'grey']",
        "got:      ['grey', 'yellow', 'yellow', 'grey', 'grey']"]
    assert fail_block(out, "known_word([])")[1:] == ["expected: '_____'", "got:      ['_', '_', '_', '_', '_']"]
    assert fail_block(out, "no_letters([])")[1:] == ["no_letters is missing (not defined, or its file could not be imported)"]
    assert "did not finish within" in fail_block(out, "yes_letters([])")[1]
    assert "is not called again" in fail_block(out, "yes_letters([('RADIO'")[1]
    block = fail_block(out, "filter_word_list(['aaaaa', 'bbbbb', 'ccccc', 'ddddd']")
    assert "returned the word list it was given; it must return a new list" in block
    assert "changed the word list it was given (it had 4 words, now 1)" in block
    counts = out.strip().splitlines()[-1].split()
    assert counts[1:] == ["passed,", counts[2], "failed"] and int(counts[2]) > 20


def test_a_module_that_asks_for_input_when_imported_is_explained(tmp_path):
    result = run_tester(tmp_path, sorted((FIXTURES / "asks_at_import").glob("*.py")))
    block = fail_block(result.stdout, "import wordle")
    assert "EOFError" in block[1] and "__main__" in block[1]
    assert "known_word is missing" in fail_block(result.stdout, "known_word([])")[1]
    assert result.returncode == 1


def test_the_testers_own_clue_table_agrees_with_the_reference():
    import test_wordle_funcs
    from wordle import check_word
    for (secret, guess), code in test_wordle_funcs.CLUE_CODES.items():
        assert check_word(secret, guess) == test_wordle_funcs.colours(code), (secret, guess)


def test_pytest_finds_nothing_to_run_in_the_tester(tmp_path):
    """Students who run pytest on the tester must not get fixture errors."""
    shutil.copy(ROOT / "test_wordle_funcs.py", tmp_path)
    result = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "test_wordle_funcs.py"], cwd=tmp_path, capture_output=True, text=True,
                            timeout=120)
    assert result.returncode == 5, result.stdout  # 5: no tests collected
