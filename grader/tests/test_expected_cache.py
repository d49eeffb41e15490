"""The cache of the function tests' expected values."""
import json
import shutil
import subprocess
import sys

from grader.checks import expected_cache
from grader import KIT_ROOT

FIRST_CASE = ("from grader.checks import function_cases as F; "
              "case = F.cases_of(F.FUNCTION_TESTS[0]); print(repr(case[0].expected))")


def first_expected(cache_folder):
    """The first check_word case's expected value, as a fresh grading process sees it."""
    result = subprocess.run([sys.executable, "-c", FIRST_CASE], capture_output=True, text=True,
                            cwd=KIT_ROOT, env={"WORDLE_KIT_CACHE": str(cache_folder)}, check=True)
    return result.stdout.strip()


def only_file(folder):
    files = list(folder.glob("function-cases-*.json"))
    assert len(files) == 1
    return files[0]


def test_a_fresh_process_builds_the_cache_and_the_next_one_reads_it(tmp_path):
    built = first_expected(tmp_path)
    assert built == "['yellow', 'grey', 'yellow', 'grey', 'grey']"  # check_word('LERED', 'RADIO')
    path = only_file(tmp_path)
    table = json.loads(path.read_text())
    check_word_official = table["dict"]["check_word.official"]
    check_word_official[0]["tuple"][1] = ["marked"] * 5
    path.write_text(json.dumps(table))
    assert first_expected(tmp_path) == "['marked', 'marked', 'marked', 'marked', 'marked']"


def test_a_damaged_or_foreign_cache_file_is_rebuilt(tmp_path):
    first_expected(tmp_path)
    path = only_file(tmp_path)
    for damage in ("{not json", json.dumps({"dict": {"check_word.official": []}}), "[]"):
        path.write_text(damage)
        assert first_expected(tmp_path) == "['yellow', 'grey', 'yellow', 'grey', 'grey']"
        assert json.loads(path.read_text())["dict"].keys() > {"check_word.official"}


def test_the_file_name_changes_with_the_reference(tmp_path, monkeypatch):
    for name in expected_cache.SOURCES:
        (tmp_path / name).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(KIT_ROOT / name, tmp_path / name)
    monkeypatch.setattr(expected_cache, "KIT_ROOT", tmp_path)
    before = expected_cache.fingerprint()
    with open(tmp_path / "wordle.py", "a") as source:
        source.write("\n# changed\n")
    assert expected_cache.fingerprint() != before


def test_a_cache_file_others_may_write_is_not_read(tmp_path):
    """Student code running under another uid could have written it."""
    first_expected(tmp_path)
    path = only_file(tmp_path)
    table = json.loads(path.read_text())
    table["dict"]["check_word.official"][0]["tuple"][1] = ["marked"] * 5
    path.write_text(json.dumps(table))
    for mode in (0o666, 0o620):
        path.chmod(mode)
        assert first_expected(tmp_path) == "['yellow', 'grey', 'yellow', 'grey', 'grey']"
        path.write_text(json.dumps(table))
    path.chmod(0o600)
    tmp_path.chmod(0o777)
    assert first_expected(tmp_path) == "['yellow', 'grey', 'yellow', 'grey', 'grey']"


def test_once_student_code_runs_as_this_user_the_cache_is_neither_read_nor_written(
        tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLE_KIT_CACHE", str(tmp_path))
    monkeypatch.setattr(expected_cache, "_trusted", True)
    first_expected(tmp_path)
    test_ids = list(json.loads(only_file(tmp_path).read_text())["dict"])
    assert expected_cache.load(test_ids) is not None
    assert expected_cache.distrust() is True and expected_cache.distrust() is False
    assert expected_cache.load(test_ids) is None
    only_file(tmp_path).unlink()
    expected_cache.save({"x": []})
    assert list(tmp_path.iterdir()) == []
