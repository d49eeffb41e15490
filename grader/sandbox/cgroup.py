"""One control group per sandbox (cgroup v1 memory and pids controllers): a memory cap
and a process cap for everything the sandbox's children run together, and a way to
kill all of it; and one per child that counts its CPU time (v1's cpuacct controller, or
cgroup v2's cpu.stat, which every v2 cgroup keeps without any controller): every process
the child starts is in it however it leaves the child's tree of processes (an orphan
reparented to init, reaped by a process outside it), so the grader's count of a child's
CPU time (sandbox/child_process.py) never falls below it.

Made by the grader (as root, where /sys/fs/cgroup is writable); each child joins them
itself before it isolates, so a process can never start outside them (and student code,
unprivileged, can never move one out).  Where no cgroup can be made (no root, a read-only
/sys/fs/cgroup as in a default Docker container; for the caps, cgroup v2 only) :func:`make`
and :func:`accounting` return None and the sandbox bounds the total with per-process
limits instead, and counts the CPU time of a child's tree of processes alone.
"""
import os
import time

from grader.sandbox import leftovers

ROOT = "/sys/fs/cgroup"
PREFIX = "wordle-kit-"
CONTROLLERS = ("memory", "pids")
KILL_ROUNDS = 50
V2_MOUNTS = ("", "unified")     # cgroup v2 at the root, or beside v1's (a hybrid machine)
# how each hierarchy counts a cgroup's CPU time: (its file, the line's key or "" for the
# whole file, seconds per unit)
V1_USAGE = ("cpuacct.usage", "", 1e-9)
V2_USAGE = ("cpu.stat", "usage_usec", 1e-6)
USAGE_READ_BYTES = 4096


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


class CpuAccount(ControlGroup):
    """One child's cgroup that counts the CPU time of every process in it."""

    def __init__(self, folder, usage):
        super().__init__([folder])
        name, self._key, self._scale = usage
        self._fd = os.open(os.path.join(folder, name), os.O_RDONLY | os.O_CLOEXEC)
        self._seen = 0.0

    def cpu_seconds(self):
        """The CPU seconds its processes have used so far, living and gone (read again in
        place: the file stays open); the last reading where it cannot be read."""
        try:
            text = os.pread(self._fd, USAGE_READ_BYTES, 0).decode()
            for line in text.splitlines():
                key, _, value = line.rpartition(" ")
                if key == self._key:
                    self._seen = max(self._seen, int(value) * self._scale)
        except (OSError, ValueError):
            pass
        return self._seen

    def remove(self):
        super().remove()
        if self._fd is not None:
            os.close(self._fd)
            self._fd = None


class Accounting:
    """Where children's CPU accounts are made: a folder of a hierarchy that counts CPU time,
    our own cgroup there."""

    def __init__(self, parent, usage):
        self.parent, self.usage = parent, usage

    def make(self):
        """A new CpuAccount below parent, or None where it cannot be made."""
        folder = os.path.join(self.parent, "%s%d-%s" % (PREFIX, os.getpid(), os.urandom(6).hex()))
        try:
            os.mkdir(folder, 0o700)
        except OSError:
            return None
        try:
            return CpuAccount(folder, self.usage)
        except OSError:
            ControlGroup([folder]).remove()
            return None


def accounting(root=ROOT, listing="/proc/self/cgroup"):
    """Where this process (as root) can make children's CPU accounts: v1's cpuacct hierarchy,
    else cgroup v2's; None where neither is mounted and writable.  The accounts of graders
    that no longer run are removed first."""
    own = own_cgroups(listing)
    v2_root = next((os.path.join(root, mount) for mount in V2_MOUNTS
                    if os.path.exists(os.path.join(root, mount, "cgroup.controllers"))), None)
    places = [(os.path.join(root, ",".join(names)), path, V1_USAGE)
              for names, path in own if "cpuacct" in names]
    places += [(v2_root, path, V2_USAGE) for names, path in own if not names and v2_root]
    for hierarchy, path, usage in places:
        parent = os.path.join(hierarchy, path.strip("/"))
        if os.path.isdir(parent) and os.access(parent, os.W_OK):
            _remove_orphans([parent])
            return Accounting(parent, usage)
    return None


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
