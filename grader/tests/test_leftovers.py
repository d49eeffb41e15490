"""The uid mode's clean-up (grader/sandbox/leftovers.py): everything a uid left, found and removed
whatever its shape, and named for the staff output.

A forked process of a fresh uid leaves what a submission could where neither Landlock nor
seccomp holds (an old kernel): a daemon in a session of its own, System V shared memory, a
2,000-level folder chain (deeper than PATH_MAX and Python's recursion limit; in /dev/shm, a
tmpfs, as this machine's disk takes 3 ms a folder to remove), a file in /run/lock and a
world-writable folder in /tmp holding a file.
"""
import ctypes
import os
import pathlib
import resource
import shutil
import tempfile
import time

import pytest

from grader.sandbox import leftovers, uids

pytestmark = pytest.mark.skipif(os.geteuid() != 0, reason="making a uid of its own needs root")
CHAIN_DEPTH = 2000
SHM_KEY = 0x19150
CHAIN_FOLDER = "/dev/shm"


def leave_everything(uid, tag):
    """In a child of uid: leave things everywhere, then exit (the daemon stays)."""
    ready_read, ready_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            middle = os.fork()
            if middle == 0:
                os.setsid()
                if os.fork() == 0:
                    time.sleep(300)
                os._exit(0)
            os.waitpid(middle, 0)       # gone before the count: only the daemon is left
            libc = ctypes.CDLL(None, use_errno=True)
            libc.shmget(SHM_KEY, 1 << 20, 0o1600)
            os.chdir(CHAIN_FOLDER)
            os.mkdir(tag)
            os.chdir(tag)
            for _ in range(CHAIN_DEPTH):
                os.mkdir("d")
                os.chdir("d")
            with open("bottom", "w") as handle:
                handle.write("x")
            os.chmod(os.path.join(CHAIN_FOLDER, tag), 0o500)   # its owner's to open up again
            for folder in ("/run/lock", "/tmp"):
                if os.path.isdir(folder):
                    with open(os.path.join(folder, tag), "w") as handle:
                        handle.write("x")
            os.mkdir("/tmp/%s-open" % tag, 0o777)
            os.chmod("/tmp/%s-open" % tag, 0o777)
            with open("/tmp/%s-open/inside" % tag, "w") as handle:
                handle.write("x")
            os.write(ready_write, b"1")
        finally:
            os._exit(0)
    os.close(ready_write)
    done = os.read(ready_read, 1)
    os.close(ready_read)
    os.waitpid(pid, 0)
    return done == b"1"


@pytest.fixture
def uid():
    """A sandbox uid no grading on this machine uses meanwhile (uids.py)."""
    held = uids.hold()
    yield held.uid
    held.release()


def test_everything_a_uid_left_is_removed_and_named(uid):
    tag = "wordle-kit-leftovers-%d" % uid
    assert leave_everything(uid, tag)
    assert len(leftovers.processes_of(uid)) == 1
    assert leftovers.ipc_objects(uid)
    report = leftovers.remove_all(uid)
    assert leftovers.processes_of(uid) == []
    assert leftovers.ipc_objects(uid) == []
    left = [path for path in (os.path.join(CHAIN_FOLDER, tag), "/tmp/%s-open" % tag,
                              "/run/lock/" + tag, "/tmp/" + tag) if os.path.lexists(path)]
    assert left == []
    text = "\n".join(report)
    assert "1 process" in text
    assert "System V shared memory" in text
    assert "%s/%s (%d folders, 1 file)" % (CHAIN_FOLDER, tag, CHAIN_DEPTH + 1) in text
    assert "/tmp/%s-open (1 folder, 1 file)" % tag in text
    if os.path.isdir("/run/lock"):
        assert "/run/lock/" + tag in text


def test_a_clean_uid_costs_no_fork_and_reports_nothing(uid):
    assert leftovers.remove_all(uid) == []


@pytest.fixture
def memory_folder():
    folder = tempfile.mkdtemp(dir=CHAIN_FOLDER)
    yield pathlib.Path(folder)
    shutil.rmtree(folder, ignore_errors=True)


def test_a_chain_deeper_than_the_open_files_limit_is_removed_one_folder_at_a_time(memory_folder):
    tmp_path = memory_folder
    current = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    os.mkdir("chain", dir_fd=current)
    for level in range(1500):
        below = os.open("chain" if level == 0 else "d", os.O_RDONLY | os.O_DIRECTORY,
                        dir_fd=current)
        os.close(current)
        current = below
        os.mkdir("d", dir_fd=current)
        open(os.open("f", os.O_WRONLY | os.O_CREAT, dir_fd=current), "w").close()
    os.close(current)
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    fd = os.open(tmp_path, os.O_RDONLY | os.O_DIRECTORY)
    resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))
    try:
        assert leftovers.remove_tree(fd, "chain") == (1501, 1500)
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
        os.close(fd)
    assert not os.path.exists(tmp_path / "chain")
