"""The secret key a grading's seed is drawn from.

A submission's program runs are seeded from a digest of its files and this key
(transcripts.Seeds.for_submission): the same files get the same runs, and so the same
score, on every grading and every machine that shares the key, while a student, who never
sees the key, cannot know the secrets in advance and print a recorded screen.

The key is grader/seed.key when present (the Gradescope bundle carries the key of the kit
that built it, so Gradescope grades as that kit does), otherwise seed.key in the
expected-value cache folder, made on first use.  Both places are kept from student code.
"""
import os
import secrets

from grader import KIT_ROOT
from grader.checks.expected_cache import cache_folder

BUNDLED_KEY = KIT_ROOT / "grader" / "seed.key"
KEY_BYTES = 16
# Where no key can be stored (an unwritable cache folder), gradings stay reproducible with a
# key anyone could know: seeds are then foreseeable, as in the unsafe mode that causes it.
UNSTORED_KEY = bytes(KEY_BYTES)


def key_path():
    """Where this kit's key is (or will be made)."""
    return BUNDLED_KEY if BUNDLED_KEY.is_file() else cache_folder() / "seed.key"


def key():
    """This kit's key (bytes), made and stored, readable by its owner only, on first use;
    a damaged key file is replaced; UNSTORED_KEY where none can be stored."""
    path = key_path()
    stored = read_key(path)
    if stored is not None:
        return stored
    try:
        store_new_key(path)
    except OSError:
        pass
    return read_key(path) or UNSTORED_KEY


def store_new_key(path):
    path.parent.mkdir(parents=True, exist_ok=True)
    temporary = path.with_name("%s.%d.tmp" % (path.name, os.getpid()))
    descriptor = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600)
    with os.fdopen(descriptor, "w", encoding="ascii") as file:
        file.write(secrets.token_hex(KEY_BYTES) + "\n")
    try:
        if path.exists():
            os.replace(temporary, path)   # damaged
        else:
            os.link(temporary, path)      # a key another grading made meanwhile wins
    except FileExistsError:
        pass
    finally:
        if temporary.exists():
            os.unlink(temporary)


def read_key(path):
    """The key stored at path, or None when there is none or it is damaged."""
    try:
        stored = bytes.fromhex(path.read_text(encoding="ascii").strip())
    except (OSError, ValueError):
        return None
    return stored if len(stored) == KEY_BYTES else None
