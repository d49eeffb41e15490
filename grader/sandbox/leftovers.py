"""What a child running under a uid of its own leaves behind, found by that uid and removed.

Without namespaces (root without CAP_SYS_ADMIN) a child's processes, System V IPC
objects and files in the shared temporary folders outlive it; the uid is the
child's alone, so everything it owns there is its leftovers.
"""
import ctypes
import os
import shutil
import signal
import time

IPC_RMID = 0
IPC_TABLES = {"shm": "shmctl", "msg": "msgctl", "sem": "semctl"}
SHARED_FOLDERS = ("/tmp", "/var/tmp", "/dev/shm")
KILL_ROUNDS = 50

_libc = ctypes.CDLL(None, use_errno=True)


def remove_all(uid):
    kill_processes(uid)
    remove_ipc(uid)
    remove_files(uid)


def processes_of(uid):
    found = []
    for entry in os.scandir("/proc"):
        if entry.name.isdigit():
            try:
                if os.stat(entry.path).st_uid == uid:
                    found.append(int(entry.name))
            except OSError:
                pass
    return found


def kill_processes(uid):
    kill_until_gone(lambda: processes_of(uid))


def kill_until_gone(find_pids):
    """SIGKILL every pid find_pids() gives until it gives none (a process forking meanwhile is
    caught next round)."""
    for _ in range(KILL_ROUNDS):
        pids = find_pids()
        if not pids:
            return
        for pid in pids:
            try:
                os.kill(pid, signal.SIGKILL)
            except ProcessLookupError:
                pass
        time.sleep(0.005)


def ipc_objects(uid):
    """[(kind, id)] of the System V IPC objects uid owns, from /proc/sysvipc."""
    found = []
    for kind in IPC_TABLES:
        try:
            with open("/proc/sysvipc/" + kind) as handle:
                header = handle.readline().split()
                for line in handle:
                    fields = dict(zip(header, line.split()))
                    if int(fields.get("uid", -1)) == uid or int(fields.get("cuid", -1)) == uid:
                        found.append((kind, int(fields[_id_column(kind)])))
        except (OSError, ValueError, KeyError):
            pass
    return found


def _id_column(kind):
    return {"shm": "shmid", "msg": "msqid", "sem": "semid"}[kind]


def remove_ipc(uid):
    """Remove uid's IPC objects as uid itself: root without CAP_SYS_ADMIN may not remove
    another user's."""
    found = ipc_objects(uid)
    if not found:
        return
    pid = os.fork()
    if pid == 0:
        try:
            os.setgroups([])
            os.setgid(uid)
            os.setuid(uid)
            for kind, ident in found:
                function = getattr(_libc, IPC_TABLES[kind])
                if kind == "sem":
                    function(ident, 0, IPC_RMID, None)
                else:
                    function(ident, IPC_RMID, None)
        finally:
            os._exit(0)
    os.waitpid(pid, 0)


def remove_files(uid):
    """Entries of the shared temporary folders that uid owns (whole trees)."""
    for folder in SHARED_FOLDERS:
        try:
            entries = list(os.scandir(folder))
        except OSError:
            continue
        for entry in entries:
            try:
                if entry.stat(follow_symlinks=False).st_uid != uid:
                    continue
                if entry.is_dir(follow_symlinks=False):
                    shutil.rmtree(entry.path, ignore_errors=True)
                else:
                    os.unlink(entry.path)
            except OSError:
                pass
