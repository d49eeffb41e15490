"""Run student code in a child process with limits, and bring back plain data only.

    with Sandbox({"wordle.py": path, ...}, allowed_imports=("math", ...)) as box:
        result = box.call("wordle", "check_word", ["lered", "radio"])
        run = box.run_program("wordle", stdin="radio\\n", seed=1)

The grading process never imports student code.  Each Sandbox owns a private
temp dir holding the files it was given (the student's and the course's) and
the child-side code (grader/sandbox/child/, standard library only).  It knows
nothing of the assignment: what to call, with which time limit, and when to
stop calling a function that keeps failing are the caller's to decide.  Function calls go to one long-lived child (restarted after a
timeout or crash); each program run and import check is a child of its own.
Values come back through a socket that is not the student's stdout, encoded by
sandbox/child/codec.py and decoded here into exact plain types; the pipes, the
socket and the killing of each child are sandbox/child_process.py's.

Threads: call() may run in one thread while import_module() / run_program()
run in others, as grading.py does (each run reads its input from its own
unnamed file, and a jailed child mounts its own tmpfs); close() from the
thread that opened the box ends runs in flight.

Protections (see :attr:`Sandbox.protections`): always resource limits (memory,
CPU, file size, processes, open files; sandbox/limits.py), per-call time limits and
deadlines on every send, caps on everything the child sends, its own session killed
as a whole, children that the kernel kills when the grading process dies (even by
SIGKILL), a scrubbed environment, an isolated interpreter whose sys.path is the
temp copy plus the standard library, stdin from /dev/null or the scripted text.
Then the safest mode the machine allows (:attr:`Sandbox.mode`):
  JAIL    root with namespaces: private mount, PID, network, IPC and UTS namespaces,
          a chroot jail on a tmpfs holding only read-only system files and the
          submission, an unprivileged uid/gid of its own, no new privileges;
  USERNS  the same jail built in an unprivileged user namespace, where the kernel
          allows them: without root (a TA's laptop), or as root without
          CAP_SYS_ADMIN (then first as a uid of each run's own, with the private
          paths closed to it); no capabilities left inside;
  UID     root where no namespace can be made (a default Docker container): an
          unprivileged uid/gid per child, the private paths (kit, cache, results)
          closed to other users while the sandbox is open and given back as they were
          after, however the grader ends (sandbox/folder_guard.py), or left alone where
          Landlock keeps them out of reach, and everything the uid leaves (processes, IPC,
          files in the world-writable folders) removed after each child by a process of
          that uid (sandbox/leftovers.py);
  UNSAFE  neither: refused unless the caller passes unsafe_no_jail.
In every mode but UNSAFE each child then seals itself (child/seal.py, its paths chosen by
sandbox/sealing.py): a session keyring of its own, Landlock where the kernel has it (its own
copy and the Python it runs on readable, only the jail's folders writable), and a seccomp
allowlist of the calls a Python program needs, which keeps out the kernel objects namespaces
and uids do not separate (keyrings, file locks, shared futexes, System V and POSIX IPC,
sockets); what the probe's seal could not do is named in missing_protections.  Where Landlock
holds and no path it opens holds the private paths, the UID mode leaves their modes alone.
Where a cgroup can be made (root) it caps the memory and processes of all the
sandbox's children together (sandbox/cgroup.py); elsewhere the per-process limits
times the process limit bound them.
"""

import functools
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from grader.sandbox import cgroup, folder_guard, sealing, temp_folders
from grader.sandbox.child import codec
from grader.sandbox.child.codec import End, Status
from grader.sandbox.child.codec import (MAX_DRAWN_ITEMS, MAX_DRAWS, MAX_FORBIDDEN_IMPORTS,
                                        MAX_SEEDINGS, capped)
from grader.sandbox.child_process import STOPPED_DETAIL, ChildProcess, signal_name
from grader.sandbox.limits import Limits

CHILD_CODE = Path(__file__).resolve().parent / "child"
CHILD_FILES = ("start.py", "worker.py", "jail.py", "codec.py", "seal.py")
CHILD_MODULES = ("worker.py", "jail.py", "codec.py", "seal.py")   # imported by start.py: precompiled
SYSTEM_PATHS = ("/usr", "/bin", "/sbin", "/lib", "/lib32", "/lib64", "/libx32", "/etc/alternatives")
SYSTEM_PYTHONS = ("/usr/bin/python3", "/usr/local/bin/python3")
JAIL_PROBE_TIMEOUT = 10.0
_PROBES = {}           # (interpreter, mode) -> None (the mode works) or why it does not
_SEALS = {}            # (interpreter, mode) -> what the probe's seal held (child/seal.py's report)
_BYTECODE = {}         # (interpreter, (name, source), ...) -> {pyc file name: bytes}
JAIL, USERNS, UID, UNSAFE = "jail", "userns", "uid", "unsafe"   # the modes, safest first
NO_SAFE_MODE = ("no safe sandbox can be made here (student code would run as the grading user, "
                "able to read the kit and rewrite results); run as root or where unprivileged "
                "user namespaces are allowed, or pass --unsafe-no-jail to run it anyway: ")
JAILED_PROTECTIONS = ["private mount, PID, network, IPC and UTS namespaces (no network, nothing "
                      "shared with other runs)",
                      "chroot jail without the kit, tests or other submissions"]
PRECOMPILE = ("import py_compile, sys\n"
              "for name in sys.argv[2:]:\n"
              "    py_compile.compile(sys.argv[1] + '/' + name, dfile=name, invalidation_mode="
              "py_compile.PycInvalidationMode.UNCHECKED_HASH)\n")
JAIL_UID_BASE = 1_200_000       # child uids: JAIL_UID_BASE + 0..65535, no passwd entry needed
JAIL_USER = 1000                # the student's uid and gid inside a user namespace (never 0: an
                                # exec by uid 0 would give the capabilities back)


class SandboxError(Exception):
    """The sandbox itself could not be set up (not the student's fault)."""


@dataclass
class CallResult:
    """What one function call did; value is plain data of exact types (or None)."""

    status: str
    value: object = None
    detail: str = ""
    args_after: object = None
    returned_argument: object = None
    stdout: str = ""
    cpu_seconds: object = None  # CPU time the call took, measured by the grader (None: unknown)
    args_problem: str = ""      # why args_after is None although the call returned


@dataclass
class RunResult:
    """What one program run or import check did."""

    status: str
    stdout: str = ""
    stderr: str = ""
    exit_code: object = None
    timed_out: bool = False
    output_truncated: bool = False
    forbidden_imports: list = field(default_factory=list)
    detail: str = ""
    cpu_exhausted: bool = False     # killed by the kernel at its CPU time limit (SIGXCPU)
    seedings: list = field(default_factory=list)    # (value's repr, "file.py:line") of each
    # seeding of random with a value the program made (random.seed(1913)), a few at most
    seeding_at_start: object = None     # (value's repr, "file.py:line") of the last seeding
    # with a value before the program first read its input (when it drew its secret), or None
    draws: list = field(default_factory=list)   # (function, how many it drew from or None,
    # what it drew (a tuple of str and int), "file.py:line") of the program's first draws


class Sandbox:
    """A private temp copy of a submission and the children that run it."""

    def __init__(self, files, allowed_imports=None, unwatched_modules=(), limits=None,
                 privileged=None, unsafe_no_jail=False, private_paths=(), output_files=(),
                 precompiled=()):
        """files: {name in the sandbox's folder: path to copy}.  With allowed_imports (top-level
        module names), runs report every other module the given files import, except imports
        made by unwatched_modules (e.g. course files that may import what students may not).
        Without root the sandbox refuses to start unless unsafe_no_jail; private_paths (the
        kit, the cache, the results) are closed to other users where a uid is all that
        separates student code from them, or the sandbox refuses to start; output_files (e.g.
        results.json, written once the children are gone) have their folder closed, or where
        that folder is not the grader's to change (/tmp), themselves; all are given back as
        they were by close().  precompiled names trusted files (the course's) whose bytecode
        is made once here instead of in every child."""
        self.files = dict(files)
        self.precompiled = tuple(precompiled)
        self.allowed_imports = allowed_imports
        self.unwatched_modules = unwatched_modules
        self.limits = limits or Limits()
        self.privileged = (os.geteuid() == 0) if privileged is None else privileged
        self.unsafe_no_jail = unsafe_no_jail
        self.private_paths = tuple(private_paths)
        self.output_files = tuple(output_files)
        self._guard = None      # folder_guard.FolderGuard while the private paths are closed
        self.mode = None
        self.cgroup = None
        self.temp = None
        self.python = None
        self.protections = []
        self.missing_protections = []
        self.child_uids = set()
        self.seal_required = {}     # what every child must seal as the probe did (sealing.py)
        self.removed = []           # what children's uids left, removed after them (staff output)
        self._calls = None
        self._known = None      # the long lists the calls child was sent (codec.KnownLists)
        self._runs = set()      # program/import children running now (another thread waits on them)
        self._runs_lock = threading.Lock()  # close() and starting a run exclude each other
        self._imports = {}
        self._calls_started = 0         # calls children started so far
        self._restart_import_seconds = 0.0  # time charged for the imports of those restarted
        self._last_import_seconds = 0.0     # the charge of the latest import for calls

    # ------------------------------------------------------------ lifecycle

    def __enter__(self):
        try:
            self.open()
        except BaseException:   # e.g. Ctrl-C or SIGTERM while the jail is being probed
            self.close()
            raise
        return self

    def __exit__(self, *exc):
        self.close()

    def open(self):
        """Create the temp dir and choose the interpreter and the protections."""
        self.temp = temp_folders.make(temp_folders.SANDBOX)
        box = self.temp / "box"
        runtime = self.temp / "runtime"
        box.mkdir()
        runtime.mkdir()
        for name, path in self.files.items():
            shutil.copyfile(path, box / name)
        for name in CHILD_FILES:
            shutil.copyfile(CHILD_CODE / name, runtime / name)
        self._choose_protections()
        self._precompile(runtime, CHILD_MODULES)
        self._precompile(box, [name for name in self.precompiled if name in self.files])

    def _precompile(self, folder, names):
        """Bytecode of the named trusted files of folder, made by the children's interpreter
        once a process for the same files (words.py alone takes it 40 ms to compile, the
        worker's modules 10 ms, and a grading starts about ten children); where it cannot be
        made the children compile the files themselves, as Python does."""
        if not names:
            return
        names = sorted(names)
        key = (self.python,) + tuple((name, (folder / name).read_bytes()) for name in names)
        cache = folder / "__pycache__"
        if key not in _BYTECODE:
            try:
                subprocess.run([self.python, "-I", "-S", "-c", PRECOMPILE, str(folder)] + names,
                               capture_output=True, timeout=JAIL_PROBE_TIMEOUT)
            except (OSError, subprocess.SubprocessError):
                return
            _BYTECODE[key] = {path.name: path.read_bytes() for path in cache.glob("*.pyc")} \
                if cache.is_dir() else {}
        if _BYTECODE[key]:
            cache.mkdir(exist_ok=True)
            os.chmod(cache, 0o755)  # readable by the children's uids whatever the umask
            for name, data in _BYTECODE[key].items():
                (cache / name).write_bytes(data)
                os.chmod(cache / name, 0o644)

    def close(self):
        """Stop every child and remove the temp dir.

        A program run still going (grading was interrupted) is only signalled: the
        thread waiting on it ends it and closes its pipes itself.
        """
        if self._calls is not None:
            self._end(self._calls)
            self._calls = None
        with self._runs_lock:
            for child in self._runs:
                child.signal_session(signal.SIGKILL)
            if self.cgroup is not None:
                self.cgroup.remove()
                self.cgroup = None
            if self.temp is not None:
                shutil.rmtree(self.temp, ignore_errors=True)
                self.temp = None
        self._give_back_private_paths()

    def _choose_protections(self):
        """The safest mode this machine allows: JAIL, else UID (root without namespaces),
        else UNSAFE (only when asked for: student code would run as the grading user)."""
        self.protections = ["resource limits (memory, CPU, file size, processes, open files)",
                            "time limits and output caps", "own session killed as a whole",
                            "children killed by the kernel when the grader dies",
                            "scrubbed environment and sys.path (temp copy + standard library)"]
        self.missing_protections = []
        self.python = sys.executable
        self.mode = UNSAFE
        if self.privileged:
            python = find_system_python()
            if python is None:
                self.missing_protections.append(
                    "no system python3 >= 3.10 that an unprivileged user can run was found")
            else:
                self._choose_privileged_mode(python)
        else:
            self._try_user_namespace(own_python())
        if self.mode == UNSAFE:
            if not self.unsafe_no_jail:
                raise SandboxError(NO_SAFE_MODE + "; ".join(self.missing_protections or
                                                            ["the grader does not run as root"]))
            self.privileged = False
            self.missing_protections += [
                "student code runs as the grading user (--unsafe-no-jail): it can read and write "
                "whatever that user can (the kit, the expected-value cache, results files)",
                "no PID namespace: processes that leave the session are found by an environment "
                "marker and killed, which a process that clears its environment escapes, and "
                "processes the student started outlive a grader that is killed with SIGKILL",
                "no IPC namespace and no memory cap for the run as a whole"]
            return
        report = _SEALS.get((self.python, self.mode))
        held, missing = sealing.protections(report, uid_mode=self.mode == UID)
        self.protections += held
        self.missing_protections += missing
        if report is not None:
            self.seal_required = sealing.required(report)
        self.cgroup = cgroup.make(self.limits.sandbox_memory_bytes, self.limits.sandbox_processes)
        if self.cgroup is not None:
            self.protections.append("one memory and process cap for all the sandbox's processes "
                                    "(a cgroup)")
        else:
            self.missing_protections.append(
                "no cgroup could be made: memory is bounded per process times the process limit")

    def _choose_privileged_mode(self, python):
        self.python = python
        self.mode = JAIL
        problem = self._probe_problem()
        if problem is None:
            self.protections += JAILED_PROTECTIONS + [
                "unprivileged uid/gid, no groups, no new privileges"]
            return
        self.missing_protections.append(f"the jail cannot be built here: {problem}")
        self._hide_private_paths()  # the run's own uid builds the jail from the temp copy
        if self._try_user_namespace(python):
            self.protections.append("outside the namespace, a uid of each run's own: the kit, "
                                    "the cache and the results are closed to it")
            return
        self.mode = UID
        problem = self._probe_problem()
        if problem is not None:
            self.missing_protections.append(f"no unprivileged uid can be used: {problem}")
            self.mode = UNSAFE
            self.python = sys.executable
            self._give_back_private_paths()
            return
        self.protections += ["an unprivileged uid/gid of each run's own, no groups, no new "
                             "privileges: the kit, the cache and the results are closed to it" +
                             ("" if self._guard is None else " (and given back as they were after)"),
                             "everything the run's uid leaves (processes, System V and POSIX "
                             "IPC, files in every world-writable folder) removed after it"]

    def _try_user_namespace(self, python):
        """Choose USERNS when the jail can be built in a user namespace with python; the
        reason it cannot goes to missing_protections."""
        previous = (self.python, self.mode)
        self.python, self.mode = python, USERNS
        problem = self._probe_problem()
        if problem is not None:
            self.python, self.mode = previous
            self.missing_protections.append(f"no user namespace can be made here: {problem}")
            return False
        self.protections += ["a user namespace of its own" +
                             (" (the machine allows them without root)" if not self.privileged
                              else "")] + JAILED_PROTECTIONS + [
            "no capabilities and no new privileges inside it"]
        return True

    def _hide_private_paths(self):
        """Keep the private paths (the kit, the cache, the results) and the output files from
        the children's uids, and open the temp copy's folders to them (read-only: the files
        stay root's).  Where Landlock keeps them out of reach their modes are left alone;
        else they are closed to other users until close(), and a private path the grader may
        not change (another user's, or a sticky folder every user writes to) and that is
        open to others is refused: student code could read it."""
        if self._landlock_hides_private_paths():
            self.protections.append("the kit, the cache and the results are out of Landlock's "
                                    "reach: their modes are left as they are")
        else:
            self._close_private_paths()
        closed = [str(folder) for folder in self.temp.parents if not os.stat(folder).st_mode & 0o001]
        if closed:      # else every submission would fail to import: a 0 for the grader's setup
            raise SandboxError(f"the sandbox's temp folder {self.temp} cannot be reached by the "
                               f"uid student code runs as: {closed[0]} is closed to other users "
                               "(set TMPDIR to a folder that is not, such as /tmp)")
        self._open_temp_copy()

    def _landlock_hides_private_paths(self):
        """True when every child will be held by Landlock (required of it) and no path Landlock
        lets it read holds a private path or an output file: then no chmod is needed."""
        try:
            hides = sealing.landlock_hides(self.python, self.private_paths + self.output_files)
        except sealing.SealingError:
            return False
        if hides:
            self.seal_required = dict(self.seal_required, landlock=1)
        return hides

    def _close_private_paths(self):
        """Close the private paths to other users until close() (see _hide_private_paths)."""
        needed = (self.temp, self.python)     # what the children must reach
        for path in self.private_paths:
            reached = [inner for inner in needed if os.path.lexists(path) and is_inside(inner, path)]
            if reached:
                raise SandboxError(f"{reached[0]} lies in {path}, which student code must not "
                                   "reach (set TMPDIR, or WORDLE_KIT_CACHE, to a folder outside it)")
        try:
            self._guard = folder_guard.FolderGuard()
            for path in self.private_paths:
                if os.path.lexists(path) and self._guard.protect(path) in (
                        folder_guard.SHARED, folder_guard.NOT_OURS):
                    raise SandboxError(unprotectable(path))
            for path in self.output_files:
                folder = os.path.dirname(os.path.abspath(path))
                if any(is_inside(inner, folder) for inner in needed) or self._guard.protect(
                        folder) in (folder_guard.SHARED, folder_guard.NOT_OURS):
                    if os.path.isfile(path):    # the folder stays as it is: the file is closed
                        self._guard.protect(path)
        except folder_guard.GuardError as error:
            raise SandboxError(str(error)) from None

    def _open_temp_copy(self):
        """Open the temp copy's folders to other users (read-only: the files stay root's)."""
        os.chmod(self.temp, 0o711)
        for folder in (self.temp / "box", self.temp / "runtime"):
            os.chmod(folder, 0o755)
            for entry in folder.iterdir():
                os.chmod(entry, 0o644)

    def _give_back_private_paths(self):
        if self._guard is not None:
            self._guard.close()
            self._guard = None

    def _probe_problem(self):
        """None when a child starts in this mode with this interpreter, else why not (checked once).

        Namespaces need CAP_SYS_ADMIN, which e.g. a default Docker container withholds from root.
        """
        key = (self.python, self.mode)
        if key not in _PROBES:
            child = self._start({"mode": "probe"}, stdin=subprocess.DEVNULL)
            try:
                finished = child.wait_for_exit(JAIL_PROBE_TIMEOUT)
            finally:
                child.kill()
            if finished and child.exit_code == 0 and {"end": End.FINISHED} in child.messages:
                _PROBES[key] = None
                _SEALS[key] = next((message["seal"] for message in child.messages
                                    if type(message.get("seal")) is dict), None)
            else:
                errors = child.text("stderr").strip().splitlines()
                _PROBES[key] = errors[-1] if errors else f"exit status {child.exit_code}"
        return _PROBES[key]

    # ------------------------------------------------------------ function calls

    def call(self, module, function, args, timeout=2.0, cpu_limit=None):
        """Call module.function(*args) in the long-lived child; see CallResult.

        timeout is wall seconds; with cpu_limit, the call also times out once it has used
        that many seconds of the child's CPU time (which the grader reads, not the child).
        """
        if f"{module}.py" not in self.files:
            return CallResult(Status.MISSING_MODULE, detail=f"{module}.py was not submitted")
        import_failure = self._ensure_imported(module)
        if import_failure is not None:
            return import_failure
        request = {"op": "call", "module": module, "function": function,
                   "args": codec.encode(args, known=self._known)}
        if definitions := self._known.take_new():
            request["define"] = definitions
        reply, stdout = self._calls.request(request, timeout, cpu_limit)
        result = call_result(reply, stdout, len(args), self._known)
        result.cpu_seconds = self._calls.last_cpu_seconds
        if self._calls.cpu_exceeded:
            result.detail = f"used more than {cpu_limit:g} s of CPU time"
        return result

    def fresh_calls(self):
        """End the calls child, if any: the next call imports the student's code afresh in a
        new one, which holds nothing of the calls made before (not charged as a restart after
        a crash, and not counted against the restarts' budget)."""
        if self._calls is not None:
            self._end(self._calls)
            self._calls = None
            self._calls_started = 0

    def _ensure_imported(self, module):
        """Import MODULE in the calls child once; a failed import is remembered, not retried."""
        failure = self._imports.get(module)
        if failure is not None:
            return failure
        if self._calls is None or not self._calls.alive():
            if self._calls is not None:
                self._end(self._calls)
                self._calls = None
            if self._calls_started and self._restart_import_seconds + self._last_import_seconds \
                    > self.limits.restart_import_seconds:
                return CallResult(Status.RESTARTS_SPENT, detail=(
                    "the student's code was started again %d times after calls that crashed "
                    "or timed out, and importing it again took %.1f s beyond what an import "
                    "is given (%g s of CPU time, or %g s of wall-clock time for one that "
                    "waits; at most %g s are spent on that)" % (
                        self._calls_started - 1, self._restart_import_seconds,
                        self.limits.free_import_seconds, self.limits.free_import_wall_seconds,
                        self.limits.restart_import_seconds)))
            self._calls = self._start({"mode": "calls", "output_limit": self.limits.output_bytes,
                                       "value_limit": self.limits.value_bytes // 2},
                                      stdin=subprocess.DEVNULL)
            self._calls_started += 1
            self._known = codec.KnownLists(define_new=True)   # what this child was sent
        elif module in self._calls.imported:
            return None
        started = time.monotonic()
        reply, stdout = self._calls.request({"op": "import", "module": module},
                                            self.limits.import_timeout,
                                            cpu_limit=self.limits.import_cpu_seconds)
        self._last_import_seconds = self.limits.import_charge(time.monotonic() - started,
                                                              self._calls.last_cpu_seconds)
        if self._calls_started > 1:
            self._restart_import_seconds += self._last_import_seconds
        status = reply.get("status")
        if status == Status.OK:
            self._calls.imported.add(module)
            return None
        detail = capped(reply.get("detail") or status)
        failure = CallResult(Status.IMPORT_FAILED, detail=f"importing {module} failed: {detail}",
                             stdout=stdout)
        self._imports[module] = failure
        return failure

    # ------------------------------------------------------------ program runs

    def import_module(self, module):
        """Import MODULE (not as __main__) with empty stdin, within the limits' import time;
        see RunResult.  An import that does not finish is remembered: calls into the module
        then fail at once instead of importing it again."""
        result = self._run_once({"mode": "import", "module": module}, "",
                                self.limits.import_timeout, cpu_limit=self.limits.import_cpu_seconds)
        if result.cpu_exhausted:
            result.status = Status.TIMEOUT
            result.detail = f"used up its CPU time limit of {self.limits.import_cpu_seconds:g} s"
        if result.status == Status.TIMEOUT:
            self._imports.setdefault(module, CallResult(
                Status.IMPORT_FAILED, stdout=result.stdout,
                detail=f"importing {module} failed: it did not finish ({result.detail})"))
        return result

    def run_program(self, module, stdin, seed, timeout=10.0, quiet_timeout=None, cpu_limit=None,
                    honour_seeds=False, clock=None):
        """Run `python MODULE.py` with STDIN and random seeded with SEED; see RunResult.

        The program's own seedings of random with a value are reported and do nothing, unless
        honour_seeds: then they take effect, the program's clock reads clock (seconds since
        the epoch) as it starts, and its process id and hash seed follow from clock, so that a
        seeding from any of them differs between runs with different clocks and not between
        gradings. With a quiet_timeout the run also
        times out when it prints nothing for that long, so a slow program that keeps printing
        may use all of timeout, a stuck one may not. cpu_limit (seconds, rounded up) replaces
        the limits' cpu_seconds for this run.
        """
        config = {"mode": "program", "module": module, "seed": seed, "honour_seeds": honour_seeds}
        if honour_seeds:
            config.update(clock=clock, hash_seed=clock % 2 ** 32)
        return self._run_once(config, stdin, timeout, quiet_timeout, cpu_limit)

    def _run_once(self, config, stdin_text, timeout, quiet_timeout=None, cpu_limit=None):
        module = config["module"]
        if f"{module}.py" not in self.files:
            return RunResult(Status.MISSING_MODULE, detail=f"{module}.py was not submitted")
        with self._runs_lock:
            if self.temp is None:   # closed: grading was interrupted
                raise SandboxError("the sandbox is closed")
            # An unnamed file per run: runs in other threads cannot overwrite its input.
            with tempfile.TemporaryFile(dir=self.temp) as stdin:
                stdin.write(stdin_text.encode("utf-8"))
                stdin.seek(0)
                child = self._start(config, stdin=stdin, cpu_limit=cpu_limit)
            self._runs.add(child)
        try:
            finished = child.wait_for_exit(timeout, quiet_timeout)
        finally:
            with self._runs_lock:
                self._runs.discard(child)
            self._end(child)
        return run_result(child, finished)

    def start_program(self, module, seed, cpu_limit=None):
        """Start `python MODULE.py` as run_program does, but live: its stdin a pipe the caller
        writes to (the child's process.stdin), its output read as it comes (ChildProcess.
        read_for), its game ended where that input ends (the worker exits at the end of its
        input instead of raising EOFError).  No wall-clock limit: end it with end_program()
        (close() ends it too)."""
        if f"{module}.py" not in self.files:
            raise SandboxError(f"{module}.py was not submitted")
        with self._runs_lock:
            if self.temp is None:
                raise SandboxError("the sandbox is closed")
            child = self._start({"mode": "program", "module": module, "seed": seed,
                                 "honour_seeds": False, "end_at_eof": True},
                                stdin=subprocess.PIPE, cpu_limit=cpu_limit)
            self._runs.add(child)
        return child

    def end_program(self, child):
        """End a child of start_program with everything it started; its RunResult."""
        with self._runs_lock:
            self._runs.discard(child)
        self._end(child)
        return run_result(child, True)

    # ------------------------------------------------------------ children

    def _end(self, child):
        """Kill child with everything it started and keep what its clean-up removed."""
        child.kill()
        self.removed += child.removed

    def _start(self, config, stdin, cpu_limit=None):
        limits = self.limits.rlimits(calls=config["mode"] == "calls")
        if cpu_limit is not None:
            limits["RLIMIT_CPU"] = math.ceil(cpu_limit)
        config = dict(config, box=str(self.temp / "box"), limits=limits, grader_pid=os.getpid())
        if self.allowed_imports is not None:
            config["imports"] = {"allowed": list(self.allowed_imports),
                                 "unwatched": list(self.unwatched_modules)}
        uid = None
        if self.privileged and self.mode != UNSAFE:
            uid = JAIL_UID_BASE + int.from_bytes(os.urandom(2), "little")
            self.child_uids.add(uid)
        if self.cgroup is not None:
            config["cgroup_procs"] = self.cgroup.procs_files
        if self.mode != UNSAFE:
            try:
                config["seal"] = sealing.config(self.python, self.temp / "box",
                                                self.mode in (JAIL, USERNS), self.seal_required)
            except sealing.SealingError as error:
                raise SandboxError(str(error)) from None
        if self.mode == UID:
            config["drop"] = {"uid": uid, "gid": uid}
        elif self.mode in (JAIL, USERNS):
            root = self.temp / "jail"
            root.mkdir(exist_ok=True)
            config["jail"] = {"root": str(root), "uid": uid, "gid": uid,
                              "tmpfs_bytes": self.limits.tmpfs_bytes,
                              "tmpfs_inodes": self.limits.tmpfs_inodes,
                              "system_paths": jail_paths(self.python)}
            if self.mode == USERNS:
                config["jail"].update(user_namespace=True, uid=JAIL_USER, gid=JAIL_USER)
                if uid is not None:
                    config["jail"]["outer"] = {"uid": uid, "gid": uid}
        try:
            return ChildProcess(self.python, self.temp / "runtime" / "start.py", self.limits,
                                config, stdin)
        except OSError as error:
            raise SandboxError(f"cannot start the sandbox child: {error}") from None


def call_result(reply, stdout, argument_count, known=None):
    """Turn the child's reply to a call into a CallResult, trusting none of it: anything
    malformed (an unknown status, an undecodable value, an index out of range) is a failure.
    known: the KnownLists the child was sent (it may name them back)."""
    status = reply.get("status")
    detail = capped(reply.get("detail", ""))
    if status in (Status.TIMEOUT, Status.CRASHED, Status.RAISED, Status.BAD_VALUE,
                  Status.MISSING_FUNCTION):
        return CallResult(status, detail=detail, stdout=stdout)
    if status != Status.OK:
        return CallResult(Status.CRASHED, stdout=stdout,
                          detail=f"the child sent an unknown status {capped(status, 80)!r}")
    result = CallResult(status, detail=detail, stdout=stdout)
    try:
        result.value = codec.decode(reply.get("value"), known=known and known.at_most(1))
    except (codec.BadValue, RecursionError) as error:
        return CallResult(Status.BAD_VALUE, detail=str(error), stdout=stdout)
    try:
        args_after = codec.decode(reply["args_after"],
                                  known=known and known.at_most(argument_count))
    except (KeyError, codec.BadValue, RecursionError) as error:
        args_after = error
    if type(args_after) is list and len(args_after) == argument_count:
        result.args_after = args_after
    else:
        why = (str(args_after) if isinstance(args_after, codec.BadValue) else
               reply.get("args_after_error") or "no readable report of them came back")
        result.args_problem = capped(why, 200)
    returned = reply.get("returned_argument")
    if returned is not None and not (type(returned) is int and 0 <= returned < argument_count):
        return CallResult(Status.CRASHED, stdout=stdout,
                          detail=f"the child sent a malformed reply (argument index "
                          f"{capped(returned, 40)!r} of {argument_count})")
    result.returned_argument = returned
    return result


def run_result(child, finished):
    """Turn what a program/import child reported into a RunResult."""
    result = RunResult(Status.OK, stdout=child.text("stdout"), stderr=child.text("stderr"),
                       exit_code=child.exit_code, timed_out=not finished,
                       output_truncated=child.truncated)
    ends = []
    for message in child.messages:
        name = message.get("forbidden_import")
        seeded = message.get("seeded")
        if type(name) is str and len(result.forbidden_imports) < MAX_FORBIDDEN_IMPORTS:
            result.forbidden_imports.append(capped(name, 60))
        elif reported_seeding(seeded) is not None and len(result.seedings) < MAX_SEEDINGS:
            result.seedings.append(reported_seeding(seeded))
        elif reported_seeding(message.get("seeded_at_start")) is not None:
            result.seeding_at_start = reported_seeding(message["seeded_at_start"])
        elif type(message.get("drew")) is dict and len(result.draws) < MAX_DRAWS:
            draw = reported_draw(message["drew"])
            if draw is not None:
                result.draws.append(draw)
        elif "end" in message:
            ends.append(message)
    saw_eof = any(message.get("eof") is True for message in child.messages)
    end = ends[0] if ends else {}
    result.detail = capped(end.get("detail", ""))
    if child.protocol_error:
        result.detail = (result.detail + "; " if result.detail else "") + child.protocol_error
    if child.stopped:
        result.status = Status.CRASHED
        result.detail = STOPPED_DETAIL
    elif child.violated:
        result.status = Status.CRASHED
        result.detail = child.protocol_error
    elif saw_eof and end.get("end") != End.FINISHED:
        result.status = Status.WAITED_FOR_INPUT
        result.detail = result.detail or "read past the end of its input"
    elif not finished:
        result.status = Status.TIMEOUT
        result.detail = "did not finish in time"
    elif child.truncated:
        result.status = Status.CRASHED
        result.detail = "stopped: printed more than the output limit"
    elif end.get("end") == End.RAISED:
        result.status = Status.RAISED
    elif end.get("end") == End.EXITED:
        result.status = Status.EXITED if child.exit_code != 0 or child.mode == "import" else Status.OK
    elif end.get("end") == End.FINISHED and child.exit_code == 0:
        result.status = Status.OK
    elif child.exit_code is not None and child.exit_code < 0:
        result.status = Status.CRASHED
        result.detail = f"killed by signal {signal_name(-child.exit_code)}"
        # SIGXCPU at the CPU limit, or SIGKILL a second later for code that ignores SIGXCPU
        result.cpu_exhausted = child.exit_code == -signal.SIGXCPU or (
            child.exit_code == -signal.SIGKILL and child.cpu_limit is not None
            and child.cpu_seen >= child.cpu_limit)
    else:
        result.status = Status.EXITED
        result.detail = f"exited with status {child.exit_code} (os._exit or similar)"
    return result


def reported_seeding(seeding):
    """A seeding the child reported, as (value's repr, line), or None if malformed."""
    if type(seeding) is not dict or type(seeding.get("value")) is not str \
            or type(seeding.get("line")) is not str:
        return None
    return capped(seeding["value"], 80), capped(seeding["line"], 80)


def reported_draw(draw):
    """A draw the child reported, as RunResult.draws holds it, or None if malformed."""
    function, size, drawn, line = (draw.get(key) for key in ("function", "size", "drawn", "line"))
    if not (type(function) is str and (size is None or type(size) is int) and type(drawn) is list
            and len(drawn) <= MAX_DRAWN_ITEMS and type(line) is str
            and all(type(item) in (str, int) for item in drawn)):
        return None
    return (capped(function, 20), size, tuple(capped(item, 20) if type(item) is str else item
                                               for item in drawn), capped(line, 80))


def unprotectable(path):
    """Why path cannot be closed to student code: the grader changes no folder not its own."""
    info = os.stat(path)
    whose = (f"it belongs to another user (uid {info.st_uid})" if info.st_uid != os.geteuid()
             else "every user may write to it (a sticky folder such as /tmp)")
    return (f"{path} must be closed to student code, which runs under a uid of its own here, "
            f"but it is open to other users and {whose}, so the grader will not change it: "
            "close it to others (chmod o-rwx) or choose a folder of the grading user's "
            "(WORDLE_KIT_CACHE for the cache, --out for results)")


def is_inside(path, folder):
    path, folder = os.path.realpath(path), os.path.realpath(folder)
    return path == folder or path.startswith(folder.rstrip("/") + "/")


def own_python():
    """The interpreter running the grader, its links resolved (a venv's python is a link to
    its base interpreter, which finds its standard library from its own place)."""
    return os.path.realpath(sys.executable)


def jail_paths(python):
    """The read-only system paths a jail holds, with the installation of python when it lies
    outside them (a pyenv or conda interpreter of the grading user)."""
    paths = [p for p in SYSTEM_PATHS if os.path.lexists(p)]
    prefix = os.path.dirname(os.path.dirname(python))
    if not any(prefix == p or prefix.startswith(p + "/") for p in paths):
        paths.append(prefix)
    return paths


@functools.lru_cache(maxsize=1)
def find_system_python():
    """A python3 >= 3.10 outside any private directory, so an unprivileged user can run it.
    Its version is read with its layout (sealing.python_paths), which the children's seal
    needs next: one interpreter start for both."""
    for candidate in SYSTEM_PYTHONS + (sys.executable,):
        real = os.path.realpath(candidate)
        if not real.startswith("/usr/") or not _world_executable(real):
            continue
        try:
            version = sealing.python_paths(real)["version"]
        except sealing.SealingError:
            continue
        if version >= [3, 10]:
            return real
    return None


def _world_executable(path):
    """True when every directory on the way is world-searchable and the file world-executable."""
    current = Path(path)
    if not os.stat(current).st_mode & 0o001:
        return False
    return all(os.stat(parent).st_mode & 0o001 for parent in current.parents)
