"""Tests for grader.submission: folders, zips, and hostile archives."""

import os
import stat
import zipfile
from pathlib import Path

import pytest

from grader.assignment import REQUIRED_FILES
from grader.submission import MAX_FILE_BYTES, MAX_ZIP_ENTRIES, LoadError, load_submission

WORDLE = b"def check_word(secret, guess):\n    return ['grey'] * 5\n"
EASY = b"import wordle\n"


def make_zip(path, entries):
    """Write a zip whose entries are (name, bytes) or (ZipInfo, bytes)."""
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive:
        for name, data in entries:
            archive.writestr(name, data)
    return path


@pytest.fixture
def loaded():
    """Collect loaded submissions and clean them up after the test."""
    submissions = []

    def load(path):
        submission = load_submission(path, REQUIRED_FILES)
        submissions.append(submission)
        return submission

    yield load
    for submission in submissions:
        submission.cleanup()


def test_folder_with_both_files_is_copied_to_a_fresh_private_dir(tmp_path, loaded):
    (tmp_path / "wordle.py").write_bytes(WORDLE)
    (tmp_path / "easy_wordle.py").write_bytes(EASY)
    submission = loaded(tmp_path)
    assert set(submission.files) == {"wordle.py", "easy_wordle.py"}
    assert submission.files["wordle.py"].read_bytes() == WORDLE
    assert submission.files["wordle.py"].parent == submission.directory
    assert submission.directory != tmp_path
    assert stat.S_IMODE(submission.directory.stat().st_mode) == 0o700
    assert submission.missing == []
    submission.cleanup()
    assert not submission.directory.exists()


def test_files_one_folder_down_are_found_and_noted(tmp_path, loaded):
    (tmp_path / "project1").mkdir()
    (tmp_path / "project1" / "wordle.py").write_bytes(WORDLE)
    (tmp_path / "project1" / "easy_wordle.py").write_bytes(EASY)
    submission = loaded(tmp_path)
    assert submission.files["easy_wordle.py"].read_bytes() == EASY
    assert any("one folder down" in note for note in submission.notes)


def test_top_level_file_wins_over_nested_copy(tmp_path, loaded):
    (tmp_path / "old").mkdir()
    (tmp_path / "old" / "wordle.py").write_bytes(b"# old\n")
    (tmp_path / "wordle.py").write_bytes(WORDLE)
    submission = loaded(tmp_path)
    assert submission.files["wordle.py"].read_bytes() == WORDLE


def test_zip_two_folders_down_with_backslashes_is_found_and_noted(tmp_path, loaded):
    archive = make_zip(tmp_path / "sub.zip", [
        ("project1\\project1\\wordle.py", WORDLE),
        ("project1/project1/easy_wordle.py", EASY),
        ("a/b/c/wordle.py", b"# three folders down: not looked at\n"),
    ])
    submission = loaded(archive)
    assert submission.files["wordle.py"].read_bytes() == WORDLE
    assert submission.files["easy_wordle.py"].read_bytes() == EASY
    assert "found wordle.py 2 folders down (project1/project1/wordle.py)" in submission.notes


def test_name_differing_in_case_is_taken_after_the_exact_name(tmp_path, loaded):
    (tmp_path / "Wordle.py").write_bytes(b"# case differs\n")
    (tmp_path / "wordle.py").write_bytes(WORDLE)
    (tmp_path / "EASY_WORDLE.PY").write_bytes(EASY)
    submission = loaded(tmp_path)
    assert submission.files["wordle.py"].read_bytes() == WORDLE
    assert submission.files["easy_wordle.py"].read_bytes() == EASY
    assert submission.files["easy_wordle.py"].name == "easy_wordle.py"
    assert any("EASY_WORDLE.PY as easy_wordle.py" in note for note in submission.notes)


@pytest.mark.parametrize("wordle_name,easy_name", [
    ("wordle (1).py", "easy_wordle.py.txt"), ("Wordle-2.py", "easy_wordle(3).PY")])
def test_near_miss_names_are_graded_with_a_note(tmp_path, loaded, wordle_name, easy_name):
    make_zip(tmp_path / "s.zip", [("project1/" + wordle_name, WORDLE), (easy_name, EASY)])
    submission = loaded(tmp_path / "s.zip")
    assert submission.files["wordle.py"].read_bytes() == WORDLE
    assert submission.files["easy_wordle.py"].read_bytes() == EASY
    assert submission.near_misses == {"wordle.py": "project1/" + wordle_name,
                                      "easy_wordle.py": easy_name}
    assert any("took %s as easy_wordle.py" % easy_name in note for note in submission.notes)


def test_other_names_are_not_near_misses(tmp_path, loaded):
    for name in ("my_wordle.py", "wordle.txt", "wordle2.py", "easy_wordle (1).py.bak"):
        (tmp_path / name).write_bytes(WORDLE)
    assert loaded(tmp_path).files == {}


def test_missing_file_is_recorded_not_fatal(tmp_path, loaded):
    (tmp_path / "wordle.py").write_bytes(WORDLE)
    submission = loaded(tmp_path)
    assert list(submission.files) == ["wordle.py"]
    assert submission.missing == ["easy_wordle.py"]
    assert "easy_wordle.py is missing" in submission.notes


def test_zip_one_folder_down_ignores_macosx_and_dotfiles(tmp_path, loaded):
    archive = make_zip(tmp_path / "sub.zip", [
        ("__MACOSX/project1/._wordle.py", b"\x00\x05junk"),
        ("project1/.wordle.py", b"hidden"),
        ("project1/wordle.py", WORDLE),
        ("project1/easy_wordle.py", EASY),
        ("project1/notes.txt", b"hello"),
    ])
    submission = loaded(archive)
    assert submission.files["wordle.py"].read_bytes() == WORDLE
    assert submission.files["easy_wordle.py"].read_bytes() == EASY
    assert sorted(p.name for p in submission.directory.iterdir()) == ["easy_wordle.py", "wordle.py"]


def test_bad_paths_raise_load_error(tmp_path):
    with pytest.raises(LoadError, match="no such file or folder"):
        load_submission(tmp_path / "nope", REQUIRED_FILES)
    text = tmp_path / "sub.txt"
    text.write_text("not a zip")
    with pytest.raises(LoadError, match="neither a folder nor a .zip"):
        load_submission(text, REQUIRED_FILES)
    for name, content in (("sub.zip", b"not a zip"), ("sub.bin", b"PK\x03\x04 cut short")):
        (tmp_path / name).write_bytes(content)
        with pytest.raises(LoadError, match="is a damaged zip"):
            load_submission(tmp_path / name, REQUIRED_FILES)


def test_truncated_zip_raises_load_error(tmp_path):
    archive = make_zip(tmp_path / "sub.zip", [("wordle.py", WORDLE * 100), ("easy_wordle.py", EASY)])
    data = archive.read_bytes()
    broken = tmp_path / "broken.zip"
    broken.write_bytes(data[:40] + data[-200:])
    with pytest.raises(LoadError):
        load_submission(broken, REQUIRED_FILES)


def test_corrupt_member_raises_load_error(tmp_path):
    archive = tmp_path / "sub.zip"
    with zipfile.ZipFile(archive, "w", zipfile.ZIP_STORED) as out:
        out.writestr("wordle.py", WORDLE)
    data = bytearray(archive.read_bytes())
    offset = data.index(WORDLE)
    data[offset] ^= 0xFF                       # payload no longer matches its CRC
    archive.write_bytes(bytes(data))
    with pytest.raises(LoadError, match="is a damaged zip"):
        load_submission(archive, REQUIRED_FILES)


def test_path_traversal_entries_are_ignored_and_nothing_escapes(tmp_path, loaded):
    inner = tmp_path / "inner"
    inner.mkdir()
    archive = make_zip(inner / "sub.zip", [("../wordle.py", b"evil"), ("/easy_wordle.py", b"evil")])
    submission = loaded(archive)
    assert submission.files == {}
    assert sum("unsafe path" in note for note in submission.notes) == 2
    assert not (tmp_path / "wordle.py").exists()
    assert not Path("/easy_wordle.py").exists()


def test_symlink_zip_entry_is_not_followed(tmp_path, loaded):
    archive = tmp_path / "sub.zip"
    link = zipfile.ZipInfo("wordle.py")
    link.external_attr = (stat.S_IFLNK | 0o777) << 16
    with zipfile.ZipFile(archive, "w") as out:
        out.writestr(link, "/etc/passwd")
        out.writestr("easy_wordle.py", EASY)
    submission = loaded(archive)
    assert "wordle.py" not in submission.files
    assert any("symbolic link" in note for note in submission.notes)


def test_symlink_in_folder_is_not_followed(tmp_path, loaded):
    secret = tmp_path / "secret.py"
    secret.write_text("SECRET = 1\n")
    folder = tmp_path / "sub"
    folder.mkdir()
    os.symlink(secret, folder / "wordle.py")
    submission = loaded(folder)
    assert "wordle.py" not in submission.files
    assert any("symbolic link" in note for note in submission.notes)


def test_zip_bomb_member_is_refused_without_inflating_it(tmp_path, loaded):
    archive = make_zip(tmp_path / "bomb.zip", [("wordle.py", b"\0" * (64 * MAX_FILE_BYTES)),
                                               ("easy_wordle.py", EASY)])
    assert archive.stat().st_size < MAX_FILE_BYTES   # tiny on disk, huge when inflated
    submission = loaded(archive)
    assert "wordle.py" not in submission.files
    assert submission.files["easy_wordle.py"].read_bytes() == EASY
    assert any("larger than" in note for note in submission.notes)


def test_zip_with_too_many_entries_raises(tmp_path):
    archive = make_zip(tmp_path / "many.zip", [(f"f{i}.txt", b"") for i in range(MAX_ZIP_ENTRIES + 1)])
    with pytest.raises(LoadError, match="entries"):
        load_submission(archive, REQUIRED_FILES)


def test_each_load_gets_its_own_directory(tmp_path, loaded):
    (tmp_path / "wordle.py").write_bytes(WORDLE)
    first, second = loaded(tmp_path), loaded(tmp_path)
    assert first.directory != second.directory


@pytest.mark.parametrize("method", [zipfile.ZIP_DEFLATED, zipfile.ZIP_LZMA, zipfile.ZIP_BZIP2])
def test_a_zip_with_corrupt_compressed_data_is_a_load_error(tmp_path, method):
    path = tmp_path / "corrupt.zip"
    with zipfile.ZipFile(path, "w", compression=method) as archive:
        archive.writestr("wordle.py", "x = 1\n" * 5000)
        archive.writestr("easy_wordle.py", "y = 2\n")
    data = bytearray(path.read_bytes())
    start = data.index(b"wordle.py") + len("wordle.py") + 20     # inside the compressed data
    for offset in range(start, start + 40):
        data[offset] ^= 0x5A
    path.write_bytes(bytes(data))
    with pytest.raises(LoadError, match="is a damaged zip"):
        load_submission(path, REQUIRED_FILES).cleanup()
