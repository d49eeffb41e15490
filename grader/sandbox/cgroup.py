"""One control group per sandbox (cgroup v1 memory and pids controllers): a memory cap
and a process cap for everything the sandbox's children run together, and a way to
kill all of it.

Made by the grader (as root, where /sys/fs/cgroup is writable); each child joins it
itself before it isolates, so a process can never start outside it.  Where no
cgroup can be made (no root, a read-only /sys/fs/cgroup as in a default Docker
container, cgroup v2 only) :func:`make` returns None and the sandbox bounds the
total with per-process limits instead.
"""
import os
import time

from grader.sandbox import leftovers

ROOT = "/sys/fs/cgroup"
PREFIX = "wordle-kit-"
CONTROLLERS = ("memory", "pids")
KILL_ROUNDS = 50


class ControlGroup:
    """The folders of one cgroup, one per controller."""

    def __init__(self, folders):
        self.folders = folders

    @property
    def procs_files(self):
        return [os.path.join(folder, "cgroup.procs") for folder in self.folders]

    def pids(self):
        found = set()
        for path in self.procs_files:
            try:
                with open(path) as handle:
                    found.update(int(line) for line in handle if line.strip())
            except OSError:
                pass
        return found

    def kill_all(self):
        leftovers.kill_until_gone(self.pids)

    def remove(self):
        self.kill_all()
        for folder in self.folders:
            for _ in range(KILL_ROUNDS):   # rmdir fails while the last process is being reaped
                try:
                    os.rmdir(folder)
                    break
                except FileNotFoundError:
                    break
                except OSError:
                    time.sleep(0.01)


def own_cgroups(listing="/proc/self/cgroup"):
    """[(controller names, path)] of our own cgroups, one per hierarchy of listing (the names
    empty for cgroup v2's); [] where it cannot be read, and a malformed line is left out."""
    try:
        with open(listing) as handle:
            lines = handle.read().splitlines()
    except OSError:
        return []
    found = []
    for line in lines:
        try:
            _, names, path = line.split(":", 2)
        except ValueError:
            continue
        found.append((names.split(",") if names else [], path))
    return found


def _own_path(controller):
    """Our own cgroup's path for a v1 controller (None if absent)."""
    return next((path for names, path in own_cgroups() if controller in names), None)


def make(memory_bytes, processes):
    """A new cgroup below our own capping memory (no swap beyond it) and processes, or None.

    Its name carries our pid, so the groups of a grader that was killed (SIGKILL cannot be
    cleaned up after) are removed by the next one."""
    folders = []
    name = "%s%d-%s" % (PREFIX, os.getpid(), os.urandom(6).hex())
    try:
        parents = []
        for controller in CONTROLLERS:
            own = _own_path(controller)
            if own is None:
                raise OSError("no %s controller" % controller)
            parents.append(os.path.join(ROOT, controller + own.rstrip("/")))
        _remove_orphans(parents)
        for parent in parents:
            folder = os.path.join(parent, name)
            os.mkdir(folder, 0o700)
            folders.append(folder)
        _write(folders[0], "memory.limit_in_bytes", memory_bytes)
        try:
            _write(folders[0], "memory.memsw.limit_in_bytes", memory_bytes)
        except OSError:
            pass    # no swap accounting: the memory limit alone
        _write(folders[1], "pids.max", processes)
    except (OSError, ValueError):
        ControlGroup(folders).remove()
        return None
    return ControlGroup(folders)


def _remove_orphans(parents):
    """Remove the groups of graders that no longer run."""
    orphans = {}
    for parent in parents:
        for entry in os.listdir(parent):
            owner = entry[len(PREFIX):].partition("-")[0]
            if entry.startswith(PREFIX) and owner.isdigit() and not _alive(int(owner)):
                orphans.setdefault(entry, []).append(os.path.join(parent, entry))
    for folders in orphans.values():
        ControlGroup(folders).remove()


def _alive(pid):
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass
    return True


def _write(folder, name, value):
    with open(os.path.join(folder, name), "w") as handle:
        handle.write(str(value))
