"""The grader's temp folders (a submission's copy, a sandbox), named after the process that
made them, so that a grading removes those of a grader that died without cleaning up (SIGKILL,
the OOM killer, a CI timeout): they hold students' code.

A name is PREFIX + the maker's pid + its start time (from /proc, so a pid used again by
another process does not keep a folder alive) + mkdtemp's random part.  Only folders of this
user whose maker, as this machine's /proc sees it, is gone are removed.
"""
import os
import re
import shutil
import tempfile
from pathlib import Path

SANDBOX = "wordle-kit-sandbox-"
SUBMISSION = "wordle-kit-submission-"
GRADERS = (SANDBOX, SUBMISSION)


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
    """A new private temp folder whose name says which process made it."""
    pid = os.getpid()
    return Path(tempfile.mkdtemp(prefix="%s%d-%s-" % (prefix, pid, start_time(pid) or "0")))


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
