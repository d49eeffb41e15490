"""What the child seals itself with (sandbox/child/seal.py), chosen here on the trusted side:
the paths its Landlock rules name, what the probe found held, and how the staff output says
what is missing.

The paths student code may read are its own copy (the submission and the course files), the
standard library of the Python it runs on (without site-packages, where a kit installed with
pip would be), that Python's executable and the folders of its shared libraries; it may run
(but not list) the system's programs, and write only the jail's own tmpfs (/box and /tmp; in
the uid mode, nothing).  The same paths hold inside the jail, whose chroot binds them where
they are outside.
"""
import functools
import json
import os
import subprocess

from grader.sandbox.child import seal
from grader.sandbox.child.configuration import Seal, SealRequired
from grader.sandbox.child.jail import JAIL_BOX

EXECUTABLE_FOLDERS = ("/usr/bin", "/bin", "/usr/local/bin")
SYSTEM_FILES = ("/etc/ld.so.cache", "/usr/lib/locale")   # what loading a library or a locale reads
JAIL_WRITABLE = (JAIL_BOX, "/tmp")     # the jail's own tmpfs
MQUEUE = "/dev/mqueue"                 # where the uid mode's clean-up finds POSIX message queues
LAYOUT_TIMEOUT = 10.0
# Run by the children's interpreter: its version, its standard library's entries (not
# site-packages), its executable, and the shared libraries it loads (those of ctypes and zlib
# too).  A library folder that holds the standard library (a pyenv prefix's lib/) is named by
# its files only.
LAYOUT = r"""
import json, os, sys
for name in ("_ctypes", "zlib", "_decimal", "_json"):
    try:
        __import__(name)
    except ImportError:
        pass
stdlib = os.path.realpath(os.path.dirname(os.__file__))
paths = [os.path.join(stdlib, name) for name in sorted(os.listdir(stdlib))
         if name not in ("site-packages", "dist-packages")]
paths.append(os.path.realpath(sys.executable))
with open("/proc/self/maps") as maps:
    for line in maps:
        path = line.split(None, 5)[5].strip() if len(line.split(None, 5)) == 6 else ""
        if not path.startswith("/") or ".so" not in os.path.basename(path):
            continue
        path = os.path.realpath(path)
        folder = os.path.dirname(path)
        inside = stdlib == folder or stdlib.startswith(folder + "/")
        entry = path if inside else folder
        if entry not in paths and not path.startswith(stdlib + "/"):
            paths.append(entry)
print(json.dumps({"version": list(sys.version_info[:2]), "read": paths, "list": [stdlib]}))
"""


class SealingError(Exception):
    """The interpreter's layout could not be read."""


@functools.lru_cache(maxsize=None)
def python_paths(python):
    """{"version": [major, minor], "read": [paths], "list": [the standard library's folder]}:
    python's version and what a child running it reads (see LAYOUT), learnt once per
    interpreter (do not change it)."""
    try:
        done = subprocess.run([python, "-I", "-S", "-c", LAYOUT], capture_output=True,
                              text=True, timeout=LAYOUT_TIMEOUT)
        paths = json.loads(done.stdout)
    except (OSError, subprocess.SubprocessError, ValueError) as error:
        raise SealingError(f"cannot read the layout of {python}: {error}") from None
    if done.returncode != 0 or type(paths) is not dict:
        raise SealingError(f"cannot read the layout of {python}: {done.stderr.strip()[-200:]}")
    paths["read"] += [path for path in SYSTEM_FILES if os.path.exists(path)]
    return paths


def config(python, box, jailed, required):
    """The child's seal: Landlock's paths and what the probe found held (required)."""
    layout = python_paths(python)
    return Seal(read=[JAIL_BOX if jailed else str(box)] + layout["read"], list=layout["list"],
                execute=list(EXECUTABLE_FOLDERS), write=list(JAIL_WRITABLE) if jailed else [],
                require=required)


def required(report):
    """What every later child must seal as the probe did (report: seal.apply's)."""
    return SealRequired(seccomp=not report["seccomp"], landlock=report["landlock"])


def landlock_hides(python, paths):
    """True when the kernel has Landlock and no path a child may read holds any of paths (or is
    one): then a child cannot read them whatever their modes, and they need not be closed to
    other users by chmod."""
    if seal.landlock_abi() == 0:
        return False
    granted = [os.path.realpath(path) for path in python_paths(python)["read"] +
               list(EXECUTABLE_FOLDERS)]
    for path in paths:
        private = os.path.realpath(path)
        if any(private == folder or private.startswith(folder.rstrip("/") + "/")
               for folder in granted):
            return False
    return True


def protections(report, uid_mode):
    """(held, missing): the staff output's lines for what the probe's seal did."""
    held, missing = [], []
    if report is None:
        return held, ["the seal (Landlock, seccomp) did not report: nothing is known of it"]
    if report["landlock"]:
        held.append(f"Landlock (ABI {report['landlock']}): reads only its own copy and the Python "
                    "it runs on, writes " + ("nothing" if uid_mode else "only its own folders") +
                    ("; no TCP" if report["landlock"] >= 4 else "") +
                    ("; no abstract unix socket or signal outside its run"
                     if report["landlock"] >= 6 else ""))
    else:
        missing.append("no Landlock (%s): student code can read every file its uid may read "
                       "(in the uid mode: another student's code through the grader's command "
                       "line or the class folder, Gradescope's submission_metadata.json, "
                       "the machine's figures and other processes in /proc) "
                       "and write in the world-writable folders (removed after each run)"
                       % (report["landlock_problem"] or "not available")
                       if uid_mode else
                       "no Landlock (%s): student code can read all of the jail's system "
                       "folders" % (report["landlock_problem"] or "not available"))
    if uid_mode and 0 < report["landlock"] < 6 and report["seccomp"]:
        missing.append(f"Landlock ABI {report['landlock']} (below 6) without seccomp: abstract "
                       "unix sockets are shared with other gradings")
    if report["seccomp"]:
        missing.append(f"{report['seccomp']}: file locks, inotify and shared futexes on shared "
                       "read-only files" +
                       (", System V and POSIX IPC, sockets and the network" if uid_mode else "") +
                       ", the machine's figures (sysinfo)" +
                       (", other processes by their pids" if uid_mode else "") +
                       " stay open between gradings running at once, and the page cache's "
                       "state (which pages a grading dropped) to later ones too")
        if uid_mode and not os.path.ismount(MQUEUE):
            missing.append(f"{MQUEUE} is not mounted: POSIX message queues a run leaves cannot "
                           "be found to be removed")
    else:
        held.append("seccomp: only the calls a Python program needs (an allowlist); refuses "
                    + seal.SECCOMP_DENIED)
    if report.get("keyring"):
        held.append("a session keyring of its own (not the grader's)")
    elif report["seccomp"]:
        missing.append("the grader's session keyring is readable by student code")
    return held, missing
