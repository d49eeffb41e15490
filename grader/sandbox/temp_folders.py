"""The grader's temp folders (a submission's copy, a sandbox), named after the process that
made them, so that a grading removes those of a grader that died without cleaning up (SIGKILL,
the OOM killer, a CI timeout): they hold students' code.

A name is PREFIX + the maker's pid + its start time (from /proc, so a pid used again by
another process does not keep a folder alive) + mkdtemp's random part.  Only folders of this
user whose maker, as this machine's /proc sees it, is gone are removed.
"""
import os
import re
import secrets
import shutil
import tempfile
from pathlib import Path

SANDBOX = "wordle-kit-sandbox-"
SUBMISSION = "wordle-kit-submission-"
GRADERS = (SANDBOX, SUBMISSION)
_made = {}  # path: the pid of the process that made it, for the folders not yet removed


def start_time(pid):
    """The process's start time (clock ticks after boot, /proc/PID/stat's 22nd field) as
    text, "0" where /proc does not say, None when there is no such process."""
    try:
        with open("/proc/%d/stat" % pid, "rb") as handle:
            return handle.read().rsplit(b")", 1)[1].split()[19].decode()
    except FileNotFoundError:
        return None if os.path.isdir("/proc/self") else _exists_without_proc(pid)
    except (OSError, IndexError, ValueError):
        return "0"


def _exists_without_proc(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    except OSError:  # someone else's
        pass
    return "0"


def make(prefix):
    """A new private temp folder whose name says which process made it, remembered until
    remove() (remove_own() removes what an interrupt left). Its name is remembered before the
    folder is made, so an interrupt (SIGTERM turned into KeyboardInterrupt) that lands at any
    moment, before the maker's with-block holds the folder too, leaves nothing unremembered."""
    pid = os.getpid()
    stem = "%s%d-%s-" % (prefix, pid, start_time(pid) or "0")
    for _ in range(100):
        path = Path(tempfile.gettempdir(), stem + secrets.token_hex(5))
        _made[path] = pid
        try:
            path.mkdir(mode=0o700)
            return path
        except FileExistsError:
            del _made[path]
    raise FileExistsError("no unused temp folder name starting %s" % stem)


def remove(path):
    """Remove a folder make() made (and what it holds)."""
    shutil.rmtree(path, ignore_errors=True)
    _made.pop(Path(path), None)


def remove_own():
    """Remove the folders this process made and did not remove (an interrupt landed before
    the code that would have removed them held them); not those a parent made before it
    forked this process."""
    pid = os.getpid()
    for path, maker in list(_made.items()):
        if maker == pid:
            remove(path)


def maker_alive(pid, started):
    now = start_time(pid)
    return now is not None and (started == "0" or now in ("0", started))


def sweep(prefixes=GRADERS):
    """Remove the temp folders (of these prefixes, the graders' by default) of this user's
    processes that are gone; their names."""
    owned_name = re.compile(r"(?:%s)(?P<pid>\d+)-(?P<started>\d+)-"
                            % "|".join(re.escape(prefix) for prefix in prefixes))
    removed = []
    try:
        entries = list(os.scandir(tempfile.gettempdir()))
    except OSError:
        return removed
    for entry in entries:
        owner = owned_name.match(entry.name)
        if owner is None or maker_alive(int(owner["pid"]), owner["started"]):
            continue
        try:
            if not entry.is_dir(follow_symlinks=False) or \
                    entry.stat(follow_symlinks=False).st_uid != os.geteuid():
                continue
        except OSError:
            continue
        shutil.rmtree(entry.path, ignore_errors=True)  # another grading may sweep it too
        removed.append(entry.name)
    return removed
