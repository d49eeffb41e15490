"""What a child running under a uid of its own leaves behind, found by that uid and removed.

Without namespaces (the uid mode) a child's processes, System V and POSIX IPC objects and
files in the world-writable folders outlive it; the uid is the child's alone, so everything
it owns there is its leftovers (where the kernel has them, seccomp refuses every System V and
POSIX IPC call and Landlock every write outside its run, so it makes none of them: this is
what holds where they do not).

The grader first kills the uid's processes, found in /proc by their owner however they moved
(another session, another parent), round after round until none is left; then a process of
its own drops to the uid and removes the rest: one more kill(-1) as the uid, the uid's IPC
objects, and its entries in the world-writable folders, folder chains of any depth included
(deepest first, one folder open at a time, never recursing).  Running as the uid, it can
touch nothing the uid could not: a symbolic link or a folder swapped meanwhile leads nowhere
it should not.  remove_all() returns what was removed, for the staff output; it never raises.
"""
import ctypes
import functools
import json
import os
import signal
import stat
import time

IPC_RMID = 0
IPC_TABLES = {"shm": "shmctl", "msg": "msgctl", "sem": "semctl"}
IPC_NAMES = {"shm": "System V shared memory", "msg": "System V message queue",
             "sem": "System V semaphores"}
SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm", "/run/lock", "/var/lock", "/run/shm",
                  "/dev/mqueue", "/var/crash")
# where other world-writable folders are looked for (once a process), two levels down
SEARCHED_ROOTS = ("/", "/var", "/run", "/dev", "/var/lib", "/var/spool", "/var/cache")
KILL_ROUNDS = 50
REPORT_BYTES = 64 * 1024
REPORTED_ITEMS = 20
FOLDER_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC

_libc = ctypes.CDLL(None, use_errno=True)


def remove_all(uid):
    """Kill and remove everything uid left; returns a line per kind of thing removed."""
    try:
        killed = kill_processes(uid)
        report = ["%d process%s" % (killed, "es" if killed != 1 else "")] if killed else []
        if ipc_objects(uid) or any(_owned_entries(folder, uid)
                                   for folder in world_writable_folders()):
            report += _as_uid(uid, _remove_as_uid)
        return report
    except Exception as error:  # noqa: BLE001  (the clean-up must never stop a grading)
        return ["the clean-up of uid %d failed: %s" % (uid, error)]


def processes_of(uid):
    """The pids of uid's live processes (zombies excepted: they hold nothing and wait to be
    reaped)."""
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if os.stat(entry.path).st_uid != uid:
                    continue
                with open(entry.path + "/stat", "rb") as handle:
                    state = handle.read().rpartition(b")")[2].split()[0]
                if state not in (b"Z", b"X"):
                    found.append(int(entry.name))
            except (OSError, IndexError):
                pass
    return found


def kill_processes(uid):
    """Kill uid's processes however they moved; returns how many were found."""
    return kill_until_gone(lambda: processes_of(uid))


def kill_until_gone(find_pids):
    """SIGKILL every pid find_pids() gives until it gives none (a process forking meanwhile is
    caught next round); returns how many different pids it killed."""
    killed = set()
    for _ in range(KILL_ROUNDS):
        pids = find_pids()
        if not pids:
            break
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
                killed.add(pid)
            except ProcessLookupError:
                pass
        time.sleep(0.005)
    return len(killed)


def ipc_objects(uid):
    """[(kind, id)] of the System V IPC objects uid owns, from /proc/sysvipc."""
    found = []
    for kind, column in (("shm", "shmid"), ("msg", "msqid"), ("sem", "semid")):
        try:
            with open("/proc/sysvipc/" + kind) as handle:
                header = handle.readline().split()
                for line in handle:
                    fields = dict(zip(header, line.split()))
                    if int(fields.get("uid", -1)) == uid or int(fields.get("cuid", -1)) == uid:
                        found.append((kind, int(fields[column])))
        except (OSError, ValueError, KeyError):
            pass
    return found


@functools.lru_cache(maxsize=1)
def _searched_folders():
    """World-writable folders beyond SHARED_FOLDERS (e.g. /var/lib/php/sessions), found once."""
    found = []
    level = list(SEARCHED_ROOTS)
    for _ in range(2):
        below = []
        for folder in level:
            try:
                entries = list(os.scandir(folder))
            except OSError:
                continue
            for entry in entries:
                if entry.path in ("/proc", "/sys") or not entry.is_dir(follow_symlinks=False):
                    continue
                below.append(entry.path)
                if _world_writable(entry.path):
                    found.append(entry.path)
        level = below
    return tuple(found)


def world_writable_folders():
    """The shared folders, the world-writable folders found in the system's, and the
    world-writable folders one level into them (a student's 0777 folder in /tmp, which another
    uid may fill)."""
    folders = {}
    for folder in SHARED_FOLDERS + _searched_folders():
        if os.path.isdir(folder) and not os.path.islink(folder):
            folders.setdefault(os.path.realpath(folder), None)
    for folder in list(folders):
        try:
            with os.scandir(folder) as entries:
                for entry in entries:
                    if entry.is_dir(follow_symlinks=False) and _world_writable(entry.path):
                        folders.setdefault(entry.path, None)
        except OSError:
            pass
    return list(folders)


def _world_writable(path):
    try:
        return bool(os.lstat(path).st_mode & stat.S_IWOTH)
    except OSError:
        return False


def _owned_entries(folder, uid):
    try:
        with os.scandir(folder) as entries:
            return [entry.name for entry in entries
                    if entry.stat(follow_symlinks=False).st_uid == uid]
    except OSError:
        return []


def _as_uid(uid, work):
    """work() in a forked process dropped to uid; its list of lines, sent back through a pipe."""
    reading, writing = os.pipe()
    pid = os.fork()
    if pid == 0:
        try:
            os.close(reading)
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            data = json.dumps(work(uid)).encode()[:REPORT_BYTES]
            while data:
                data = data[os.write(writing, data):]
        finally:
            os._exit(0)
    os.close(writing)
    chunks = []
    with os.fdopen(reading, "rb") as handle:
        while sum(map(len, chunks)) < REPORT_BYTES:
            chunk = handle.read(REPORT_BYTES)
            if not chunk:
                break
            chunks.append(chunk)
    os.waitpid(pid, 0)
    try:
        lines = json.loads(b"".join(chunks))
    except ValueError:
        return ["the clean-up of uid %d did not report" % uid]
    return [str(line) for line in lines] if type(lines) is list else []


def _remove_as_uid(uid):
    """Run as uid: kill what is left of its processes, remove its IPC objects and its entries in
    the world-writable folders; returns what it removed."""
    for _ in range(KILL_ROUNDS):
        try:
            os.kill(-1, signal.SIGKILL)     # every process of the uid but this one
        except ProcessLookupError:
            break
        if not [pid for pid in processes_of(uid) if pid != os.getpid()]:
            break
    report = []
    for kind, ident in ipc_objects(uid):
        function = getattr(_libc, IPC_TABLES[kind])
        done = function(ident, 0, IPC_RMID, None) if kind == "sem" else \
            function(ident, IPC_RMID, None)
        if done == 0:
            report.append("%s %d" % (IPC_NAMES[kind], ident))
    removed = []
    for folder in world_writable_folders():
        removed += remove_entries(folder, uid)
    report += removed[:REPORTED_ITEMS]
    if len(removed) > REPORTED_ITEMS:
        report.append("and %d more files or folders" % (len(removed) - REPORTED_ITEMS))
    return report


def remove_entries(folder, uid):
    """Remove uid's entries of folder (whole trees); returns a line per entry removed."""
    try:
        folder_fd = os.open(folder, FOLDER_FLAGS)
    except OSError:
        return []
    removed = []
    try:
        for name in _owned_entries(folder, uid):
            path = os.path.join(folder, name)
            try:
                if stat.S_ISDIR(os.lstat(path).st_mode):
                    folders, files = remove_tree(folder_fd, name)
                    removed.append("%s (%d folder%s, %d file%s)" % (
                        path, folders, "s" if folders != 1 else "", files,
                        "s" if files != 1 else ""))
                else:
                    os.unlink(name, dir_fd=folder_fd)
                    removed.append(path)
            except OSError:
                pass
    finally:
        os.close(folder_fd)
    return removed


def remove_tree(parent_fd, name):
    """Remove the folder name of parent_fd and everything below it, deepest first, holding one
    folder open at a time (so a chain deeper than any path or recursion limit goes too);
    returns (folders, files) removed.  What cannot be removed is left and never tried twice."""
    folders = files = 0
    stuck = set()       # (device, inode) of folders that could not be entered or removed
    names = [name]      # the path from parent_fd down to the folder open now
    current = _enter(parent_fd, name)
    if current is None:
        return 0, 0
    while names:
        below = None
        try:
            with os.scandir(current) as entries:
                for entry in entries:
                    try:
                        if entry.is_dir(follow_symlinks=False):
                            status = entry.stat(follow_symlinks=False)
                            if (status.st_dev, status.st_ino) not in stuck:
                                below = entry.name
                                break
                        else:
                            os.unlink(entry.name, dir_fd=current)
                            files += 1
                    except OSError:
                        pass
        except OSError:
            pass
        if below is not None:
            opened = _enter(current, below)
            if opened is None:
                try:
                    status = os.stat(below, dir_fd=current, follow_symlinks=False)
                    stuck.add((status.st_dev, status.st_ino))
                except OSError:
                    pass    # gone meanwhile: the next scan sees what is there now
            else:
                os.close(current)
                current = opened
                names.append(below)
            continue
        status = os.fstat(current)
        try:
            above = parent_fd if len(names) == 1 else os.open("..", FOLDER_FLAGS, dir_fd=current)
        finally:
            os.close(current)
        try:
            os.rmdir(names[-1], dir_fd=above)
            folders += 1
        except OSError:
            stuck.add((status.st_dev, status.st_ino))
        names.pop()
        current = above
    return folders, files


def _enter(parent_fd, name):
    """The folder name of parent_fd opened (made the owner's to empty), or None."""
    try:
        fd = os.open(name, FOLDER_FLAGS, dir_fd=parent_fd)
    except PermissionError:
        try:
            os.chmod(name, 0o700, dir_fd=parent_fd)
            fd = os.open(name, FOLDER_FLAGS, dir_fd=parent_fd)
        except OSError:
            return None
    except OSError:
        return None
    try:
        os.fchmod(fd, 0o700)
    except OSError:
        pass
    return fd
