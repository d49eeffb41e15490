"""Close folders to other users while student code runs, and always give their modes back.

Where a uid of its own is all that keeps student code from the kit, the cache and the
results (root without namespaces), those folders lose their permissions for others while
it runs.  A folder is only ever changed when the grading user owns it and it is not a
sticky folder that every user writes to (/tmp): anything else is reported, never touched.

The changes are made and undone by a guardian, a small process of its own (this file
run as a script, standard library only) started before any change: it records a
folder's mode before it closes it, and gives every mode back when the grader closes
its pipe, however the grader ended (returned, crashed, SIGTERM, SIGKILL).  It runs in a
session of its own, so a signal to the grader's process group does not reach it.

Several gradings at once (grade-all's workers, two TAs, a test running two) close the
same folders: each guardian holds a shared lock on a record of the folder's first
mode in STATE_FOLDER, and only the last one to let go restores it.  A guardian that was
itself killed leaves its record unlocked: the next guardian to start restores it.
"""
import errno
import fcntl
import json
import os
import select
import signal
import stat
import subprocess
import sys
import tempfile

OTHERS = 0o007              # student code never has the folder's group: only others' bits matter
START_TIMEOUT = 30.0
REPLY_TIMEOUT = 30.0
# what protect() can answer
PROTECTED, CLOSED, SHARED, NOT_OURS = "protected", "closed", "shared", "not ours"


class GuardError(Exception):
    """The guardian could not start, or could not close a folder."""


def state_folder():
    """Where the guardians keep the folders' first modes: root's /run, else the temp folder."""
    if os.path.isdir("/run") and os.access("/run", os.W_OK):
        return "/run/wordle-kit-guard"
    return os.path.join(tempfile.gettempdir(), "wordle-kit-guard-%d" % os.geteuid())


class FolderGuard:
    """The grader's side: start a guardian, ask it to close paths, close() to give them back."""

    def __init__(self, python=None):
        try:
            self.process = subprocess.Popen(
                [python or sys.executable, "-I", "-S", os.path.abspath(__file__), state_folder()],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
                cwd="/", start_new_session=True)
        except OSError as error:
            raise GuardError("cannot start the guardian of the folders' modes: %s" % error) from None
        self._reply(START_TIMEOUT)

    def protect(self, path):
        """Close path (a folder or file) to other users until close(); return PROTECTED, CLOSED
        (already closed to them), SHARED (a sticky folder all users write to) or NOT_OURS
        (another user's): the last two are left as they are."""
        try:
            request = {"protect": os.path.abspath(path)}    # the guardian works from /
            self.process.stdin.write((json.dumps(request) + "\n").encode())
            self.process.stdin.flush()
        except OSError as error:
            raise GuardError("the guardian of the folders' modes is gone: %s" % error) from None
        return self._reply(REPLY_TIMEOUT)

    def _reply(self, timeout):
        ready, _, _ = select.select([self.process.stdout], [], [], timeout)
        line = self.process.stdout.readline() if ready else b""
        try:
            reply = json.loads(line)
        except ValueError:
            reply = {"error": "no answer (exit status %s)" % self.process.poll()}
        if "error" in reply:
            self.close()
            raise GuardError("cannot close a folder to student code and give it back after: %s"
                             % reply["error"])
        return reply.get("status")

    def close(self):
        """Give every path back as it was found (once the guardian has, it exits)."""
        if self.process is None:
            return
        process, self.process = self.process, None
        for stream in (process.stdin, process.stdout):
            try:
                stream.close()
            except OSError:
                pass
        try:
            process.wait(REPLY_TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()   # its held records stay: the next guardian restores them
            process.wait()


# ------------------------------------------------------------------ the guardian process

class Stop(Exception):
    """SIGTERM, SIGINT or SIGHUP reached the guardian: give everything back, then exit."""


def _stop(signum, frame):
    raise Stop()


class Guardian:
    def __init__(self, folder):
        self.folder = folder
        self.held = []      # (record fd, path fd): records this guardian holds a shared lock on
        try:
            os.mkdir(folder, 0o700)
        except FileExistsError:
            pass
        info = os.lstat(folder)
        if (not stat.S_ISDIR(info.st_mode) or info.st_uid != os.geteuid()
                or stat.S_IMODE(info.st_mode) & 0o077):
            raise OSError(errno.EPERM, "%s is not a folder of the grading user's closed to others"
                          % folder)
        self.lock = os.open(os.path.join(folder, "lock"), os.O_RDWR | os.O_CREAT | os.O_CLOEXEC,
                            0o600)

    def locked(self):
        fcntl.flock(self.lock, fcntl.LOCK_EX)
        return self

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        fcntl.flock(self.lock, fcntl.LOCK_UN)

    def restore_abandoned(self):
        """Give back the modes that guardians killed before they could left recorded."""
        with self.locked():
            for name in os.listdir(self.folder):
                if name == "lock":
                    continue
                record = os.open(os.path.join(self.folder, name), os.O_RDWR | os.O_CLOEXEC)
                try:
                    if _try_lock(record, fcntl.LOCK_EX):
                        try:
                            mode, path = _read_record(record)
                        except (ValueError, TypeError):   # killed before it was written
                            pass
                        else:
                            _restore(path, name, mode)
                        os.unlink(os.path.join(self.folder, name))
                finally:
                    os.close(record)

    def protect(self, path):
        try:
            handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
        except OSError as error:
            return {"error": "%s: %s" % (path, error.strerror)}
        info = os.fstat(handle)
        if not (stat.S_ISDIR(info.st_mode) or stat.S_ISREG(info.st_mode)):
            os.close(handle)
            return {"error": "%s is neither a folder nor a file" % path}
        mode = stat.S_IMODE(info.st_mode)
        shared = stat.S_ISDIR(info.st_mode) and mode & stat.S_ISVTX and mode & 0o002
        if info.st_uid != os.geteuid() or shared:
            os.close(handle)
            if not mode & OTHERS:
                return {"status": CLOSED}
            return {"status": NOT_OURS if info.st_uid != os.geteuid() else SHARED}
        name = "%d-%d" % (info.st_dev, info.st_ino)
        with self.locked():
            record = os.open(os.path.join(self.folder, name),
                             os.O_RDWR | os.O_CREAT | os.O_CLOEXEC, 0o600)
            if _try_lock(record, fcntl.LOCK_EX):     # nobody holds it: this guardian is first
                try:        # a record nobody holds was left by a guardian that was killed
                    first = _read_record(record)[0]
                except (ValueError, TypeError):     # none, or killed before it was written
                    first = mode
                if not first & OTHERS:
                    os.close(record)
                    os.close(handle)
                    os.unlink(os.path.join(self.folder, name))
                    return {"status": CLOSED}
                os.ftruncate(record, 0)
                os.pwrite(record, json.dumps([first, path]).encode(), 0)
                os.fsync(record)
            else:
                first = _read_record(record)[0]
            fcntl.flock(record, fcntl.LOCK_SH)
            os.fchmod(handle, first & ~OTHERS)
            self.held.append((record, handle, name))
        return {"status": PROTECTED}

    def release(self):
        """Let go of every record held; restore each folder no other guardian still holds."""
        with self.locked():
            for record, handle, name in self.held:
                if _try_lock(record, fcntl.LOCK_EX):
                    mode = _read_record(record)[0]
                    os.fchmod(handle, mode)
                    os.unlink(os.path.join(self.folder, name))
                os.close(record)
                os.close(handle)
            self.held = []


def _try_lock(fd, kind):
    try:
        fcntl.flock(fd, kind | fcntl.LOCK_NB)
        return True
    except BlockingIOError:
        return False


def _read_record(record):
    mode, path = json.loads(os.pread(record, 65536, 0))
    return mode, path


def _restore(path, name, mode):
    """Give path its mode back if it is still the same folder (its device and inode)."""
    try:
        handle = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return
    try:
        info = os.fstat(handle)
        if "%d-%d" % (info.st_dev, info.st_ino) == name:
            os.fchmod(handle, mode)
    finally:
        os.close(handle)


def serve(folder):
    for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
        signal.signal(signum, _stop)
    signal.signal(signal.SIGPIPE, signal.SIG_IGN)
    out = sys.stdout.buffer
    try:
        guardian = Guardian(folder)
        guardian.restore_abandoned()
    except (OSError, ValueError) as error:
        out.write((json.dumps({"error": "%s: %s" % (folder, error)}) + "\n").encode())
        out.flush()
        return 1
    try:
        out.write(b'{"status": "ready"}\n')
        out.flush()
        for line in sys.stdin.buffer:
            try:
                reply = guardian.protect(json.loads(line)["protect"])
            except (ValueError, KeyError, TypeError) as error:
                reply = {"error": "bad request: %s" % error}
            except OSError as error:
                reply = {"error": str(error)}
            out.write((json.dumps(reply) + "\n").encode())
            out.flush()
    except (Stop, OSError):
        pass
    finally:
        for signum in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
            signal.signal(signum, signal.SIG_IGN)
        guardian.release()
    return 0


if __name__ == "__main__":
    sys.exit(serve(sys.argv[1]))
