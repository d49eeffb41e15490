"""A submission's runs are drawn from its files and the kit's secret key: the same files
get the same runs (and score) on every grading; nobody without the key can foresee them."""
import stat
import zipfile

import pytest

from grader import seed_key
from grader.checks.transcripts import SEED_RANGE, Seeds
from grader.gradescope import bundle

FILES = {"wordle.py": b"print('hi')\n", "easy_wordle.py": b"import wordle\n"}


@pytest.fixture
def own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("WORDLE_KIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setattr(seed_key, "BUNDLED_KEY", tmp_path / "no-bundled-key")
    return tmp_path / "cache"


def test_the_key_is_made_once_and_readable_by_its_owner_only(own_cache):
    first = seed_key.key()
    assert len(first) == seed_key.KEY_BYTES and seed_key.key() == first
    stored = own_cache / "seed.key"
    assert stat.S_IMODE(stored.stat().st_mode) == 0o600
    assert [path.name for path in own_cache.iterdir()] == ["seed.key"]   # no temporary left


def test_a_damaged_key_is_replaced(own_cache):
    own_cache.mkdir()
    (own_cache / "seed.key").write_text("not hex")
    made = seed_key.key()
    assert len(made) == seed_key.KEY_BYTES and seed_key.key() == made


def test_where_no_key_can_be_stored_gradings_stay_reproducible(tmp_path, monkeypatch):
    (tmp_path / "a-file").write_text("")
    monkeypatch.setenv("WORDLE_KIT_CACHE", str(tmp_path / "a-file" / "cache"))
    monkeypatch.setattr(seed_key, "BUNDLED_KEY", tmp_path / "no-bundled-key")
    assert seed_key.key() == seed_key.UNSTORED_KEY == seed_key.key()


def test_the_same_files_get_the_same_seed_and_any_change_another():
    key = bytes(16)
    seed = Seeds.for_submission(key, FILES).number
    assert 0 <= seed < SEED_RANGE
    assert Seeds.for_submission(key, dict(reversed(FILES.items()))).number == seed
    changed = dict(FILES, **{"wordle.py": b"print('hi') \n"})
    assert Seeds.for_submission(key, changed).number != seed
    assert Seeds.for_submission(bytes([1]) + bytes(15), FILES).number != seed
    renamed = {"wordle.py": FILES["easy_wordle.py"], "easy_wordle.py": FILES["wordle.py"]}
    assert Seeds.for_submission(key, renamed).number != seed


def test_the_gradescope_bundle_carries_the_kits_key(own_cache, tmp_path):
    zip_path = tmp_path / "autograder.zip"
    bundle.build(zip_path)
    with zipfile.ZipFile(zip_path) as archive:
        names = archive.namelist()
        assert names.count("grader/seed.key") == 1
        assert bytes.fromhex(archive.read("grader/seed.key").decode()) == seed_key.key()
