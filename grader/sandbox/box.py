"""Run student code in a child process with limits, and bring back plain data only.

    with Sandbox({"wordle.py": path, ...}, allowed_imports=("math", ...)) as box:
        result = box.call("wordle", "check_word", ["lered", "radio"])
        run = box.run_program("wordle", stdin="radio\\n", seed=1)

The grading process never imports student code.  Each Sandbox owns a private
temp dir holding the files it was given (the student's and the course's) and
the child-side code (grader/sandbox/child/, standard library only).  It knows
nothing of the assignment: what to call, with which time limit, and when to
stop calling a function that keeps failing are the caller's to decide.  Function calls go to
a long-lived child (restarted after a timeout or crash; calls_in keeps others beside it, by
name); each program run and import check is a child of its own.
Values come back through a socket that is not the student's stdout, encoded by
sandbox/child/codec.py and decoded into exact plain types (child_reports.py); the pipes, the
socket and the killing of each child are sandbox/child_process.py's.

Threads: call() may run in one thread while import_module() / run_program()
run in others, as grading.py does (each run reads its input from its own
unnamed file, and a jailed child mounts its own tmpfs); close() from the
thread that opened the box ends runs in flight.

Protections (:attr:`Sandbox.protections`, what is missing in missing_protections): always
resource limits, time limits and caps on what the child sends, its session killed as a whole
(sandbox/child_process.py), then the safest mode the machine allows (:attr:`Sandbox.mode`;
sandbox/modes.py), which keeps the private paths from the children where a uid of their own is
all that separates them (sandbox/private_paths.py), and a cgroup where one can be made.
"""

import dataclasses
import math
import os
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

from grader.sandbox import (FIRST_CALLS, bytecode, cgroup, endless_loops, modes, sealing,
                            temp_folders, uids)
from grader.sandbox.child import codec
from grader.sandbox.child.codec import Status, capped
from grader.sandbox.child.configuration import ChildConfig, ImportRules, SealRequired
from grader.sandbox.child_process import ChildProcess
from grader.sandbox.child_reports import CallResult, RunResult, call_result, run_result
from grader.sandbox.interpreters import find_system_python, own_python
from grader.sandbox.limits import Limits
from grader.sandbox.modes import UNSAFE
from grader.sandbox.private_paths import HidingError, PrivatePaths

CHILD_CODE = Path(__file__).resolve().parent / "child"
CHILD_MODULES = ("worker.py", "jail.py", "codec.py", "seal.py", "stack.py", "counting.py",
                 "configuration.py")
CHILD_FILES = ("start.py",) + CHILD_MODULES     # start.py imports the others: they are precompiled


class SandboxError(Exception):
    """The sandbox itself could not be set up (not the student's fault)."""


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
        self._private = PrivatePaths(private_paths, output_files)
        self.mode = None
        self.cgroup = None
        self.accounting = None      # where each child's CPU account is made (cgroup.py), or None
        self.temp = None
        self.python = None
        self.protections = []
        self.missing_protections = []
        self.child_uids = set()
        self.seal_required = SealRequired()     # what every child must seal as the probe did
        self.removed = []           # what children's uids left, removed after them (staff output)
        self._calls = None
        self._known = None      # the long lists the calls child was sent (codec.KnownLists)
        self._process = FIRST_CALLS     # the name of the calls child (calls_in)
        self._parked = {}   # name: (child, its KnownLists, its starts) of the others
        self._runs = set()      # program/import children running now (another thread waits on them)
        self._runs_lock = threading.Lock()  # close() and starting a run exclude each other
        self._imports = {}
        self._calls_started = 0         # calls children of this name started so far
        self._restart_import_seconds = 0.0  # time charged for the imports of those restarted
        self._import_own = 0.0          # the own time of the current call's import
        self._last_import_seconds = 0.0     # the charge of the latest import for calls
        self.stop_places = endless_loops.StopPlaces()   # where calls were stopped for time

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
        box, runtime = self.temp / "box", self.temp / "runtime"
        for folder in (box, runtime):
            folder.mkdir()
        for name, path in self.files.items():
            shutil.copyfile(path, box / name)
        for name in CHILD_FILES:
            shutil.copyfile(CHILD_CODE / name, runtime / name)
        self._choose_mode()
        bytecode.precompile(self.python, runtime, CHILD_MODULES)
        bytecode.precompile(self.python, box, [name for name in self.precompiled
                                               if name in self.files])

    def close(self):
        """Stop every child and remove the temp dir.

        A program run still going (grading was interrupted) is only signalled: the
        thread waiting on it ends it and closes its pipes itself.
        """
        for child in [self._calls] + [parked[0] for parked in self._parked.values()]:
            if child is not None:
                self._end(child)
        self._calls, self._parked = None, {}
        with self._runs_lock:
            for child in self._runs:
                child.signal_session(signal.SIGKILL)
            if self.cgroup is not None:
                self.cgroup.remove()
                self.cgroup = None
            if self.temp is not None:
                temp_folders.remove(self.temp)
                self.temp = None
        self._private.give_back()

    def _choose_mode(self):
        """The safest mode this machine allows (modes.py, tried safest first), else UNSAFE
        (only when asked for: student code would run as the grading user)."""
        self.protections = list(modes.ALWAYS)
        self.missing_protections = []
        self.python, self.mode = sys.executable, UNSAFE
        python = find_system_python() if self.privileged else own_python()
        if python is None:
            self.missing_protections.append(modes.NO_SYSTEM_PYTHON)
        else:
            self._probe_modes(python)
        if self.mode == UNSAFE:
            if not self.unsafe_no_jail:
                raise SandboxError(modes.NO_SAFE_MODE + "; ".join(
                    self.missing_protections or ["the grader does not run as root"]))
            self.privileged = False
            self.missing_protections += modes.UNSAFE_MISSING
            return
        report = modes.seal_report(self.python, self.mode)
        held, missing = sealing.protections(report, uid_mode=self.mode == modes.UID)
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
        self.accounting = cgroup.accounting() if self.privileged else None
        if self.accounting is not None:
            self.protections.append("the CPU time of everything each run starts counted in a "
                                    "cgroup of its own, wherever its processes go")
        elif self.mode == modes.UID and not self.seal_required.seccomp:
            self.missing_protections.append(
                "no seccomp and no cgroup to count CPU time in: an orphan whose parent clears "
                "the child-subreaper flag goes to init, its CPU time counted nowhere")

    def _probe_modes(self, python):
        """Probe the modes this machine may allow with python, safest first; the first that
        holds is the sandbox's, the others' reasons go to missing_protections."""
        for mode in modes.tried(self.privileged):
            if mode.uid_outside and self.privileged and not self._private.hidden:
                self._hide_private_paths(python)
            problem = modes.probe_problem(
                lambda: self._start(ChildConfig("probe"), subprocess.DEVNULL, mode=mode.name,
                                    python=python), python, mode.name)
            if problem is None:
                self.python, self.mode = python, mode.name
                self.protections += mode.protects(self.privileged, self._private.guarded)
                return
            self.missing_protections.append(f"{mode.refusal}: {problem}")
        self._private.give_back()

    def _hide_private_paths(self, python):
        """Keep the private paths from the children's uids (private_paths.py); where Landlock
        does, every child must be held by it."""
        try:
            landlock = self._private.hide(self.temp, python)
        except HidingError as error:
            raise SandboxError(str(error)) from None
        if landlock:
            self.seal_required = SealRequired(self.seal_required.seccomp, landlock=1)
            self.protections.append("the kit, the cache and the results are out of Landlock's "
                                    "reach: their modes are left as they are")

    # ------------------------------------------------------------ function calls

    def call(self, module, function, args, timeout=2.0, cpu_limit=None, own_limit=None,
             wait_limit=None, largest_limit=None):
        """Call module.function(*args) in the long-lived child; see CallResult.

        timeout is wall seconds; with cpu_limit, the call also times out once it has used
        that many seconds of the child's CPU time (which the grader reads, not the child),
        with own_limit once it has taken that many seconds of its own time (the wall-clock
        time less what it waited for a CPU: ChildProcess.own_seconds).  A call with a
        cpu_limit stopped at it says where the student's code was (stopped_at), and one found
        in an endless loop where an earlier call was stopped so is stopped at once, as if at
        its limit (stopped_early: sandbox/endless_loops.py; largest_limit, the most CPU time
        any call of the function is given, bounds what calls of other functions may spend
        where this one was stopped: cpu_limit when not given).  With wait_limit (and cpu_limit)
        it times out once it has waited that many seconds instead of computing (sleeps,
        blocked reads: its own time less its CPU time, where that is measured), and says how
        long (waited) and where (stopped_at); a program run found waiting in the same function
        is then stopped at once (endless_loops.py).
        """
        if f"{module}.py" not in self.files:
            return CallResult(Status.MISSING_MODULE, detail=f"{module}.py was not submitted")
        self._import_own = 0.0
        import_failure = self._ensure_imported(module)
        if import_failure is not None:
            return dataclasses.replace(import_failure, own_seconds=self._import_own)
        request = {"op": "call", "module": module, "function": function,
                   "args": codec.encode(args, known=self._known)}
        if definitions := self._known.take_new():
            request["define"] = definitions
        watch = None if cpu_limit is None else self.stop_places.watch(
            cpu_limit, f"{module}.{function}", largest_limit)
        reply, stdout = self._calls.request(request, timeout, cpu_limit, own_limit, watch,
                                            wait_limit)
        result = call_result(reply, stdout, len(args), self._known)
        result.cpu_seconds = self._calls.last_cpu_seconds
        result.own_time_out = self._calls.own_limit_reached
        result.own_seconds = self._import_own + self._calls.last_own_seconds
        if self._calls.stopped_early:
            result.stopped_early = self._calls.stopped_early
            result.counters = self._calls.counters
            result.detail = f"stopped before its CPU time limit of {cpu_limit:g} s"
        elif self._calls.cpu_exceeded:
            result.detail = f"used more than {cpu_limit:g} s of CPU time"
        elif self._calls.waited is not None:
            result.waited = self._calls.waited
        if watch is not None and (self._calls.cpu_exceeded or result.waited is not None):
            result.stopped_at = watch.stopped_at
        return result

    def calls_in(self, process):
        """Make the next calls in the calls child named process (any name; FIRST_CALLS is the
        one calls go to until this is called), keeping the current one alive under its own
        name: a name not used before gets a new child, which imports the student's code
        afresh and holds nothing of the calls made in the others (not charged as a restart
        after a crash)."""
        if process == self._process:
            return
        self._parked[self._process] = (self._calls, self._known, self._calls_started)
        self._calls, self._known, self._calls_started = self._parked.pop(process, (None, None, 0))
        self._process = process

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
                return CallResult(Status.RESTARTS_SPENT, detail=self.limits.restarts_spent(
                    self._calls_started - 1, self._restart_import_seconds))
            self._calls = self._start(ChildConfig("calls", output_limit=self.limits.output_bytes,
                                                  value_limit=self.limits.value_bytes // 2),
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
        self._import_own = self._calls.last_own_seconds
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
        result = self._run_once(ChildConfig("import", module=module), "",
                                self.limits.import_timeout,
                                cpu_limit=self.limits.import_cpu_seconds)
        if result.cpu_exhausted:
            result.status = Status.TIMEOUT
            result.detail = f"used up its CPU time limit of {self.limits.import_cpu_seconds:g} s"
        if result.status == Status.TIMEOUT:
            self._imports.setdefault(module, CallResult(
                Status.IMPORT_FAILED, stdout=result.stdout,
                detail=f"importing {module} failed: it did not finish ({result.detail})"))
        return result

    def run_program(self, module, stdin, seed, timeout=10.0, quiet_timeout=None, cpu_limit=None,
                    honour_seeds=False, clock=None, own_limit=None):
        """Run `python MODULE.py` with STDIN and random seeded with SEED; see RunResult.

        The program's own seedings of random with a value are reported and do nothing, unless
        honour_seeds: then they take effect, the program's clock reads clock (seconds since
        the epoch) as it starts, and its process id and hash seed follow from clock, so that a
        seeding from any of them differs between runs with different clocks and not between
        gradings. With a quiet_timeout the run also
        times out when it prints nothing for that long, so a slow program that keeps printing
        may use all of timeout, a stuck one may not. cpu_limit (seconds, rounded up) replaces
        the limits' cpu_seconds for this run. With own_limit it also times out once it has
        taken that many seconds of its own time (as call's).
        """
        config = ChildConfig("program", module=module, seed=seed, honour_seeds=honour_seeds)
        if honour_seeds:
            config.clock, config.hash_seed = clock, clock % 2 ** 32
        return self._run_once(config, stdin, timeout, quiet_timeout, cpu_limit, own_limit)

    def _run_once(self, config, stdin_text, timeout, quiet_timeout=None, cpu_limit=None,
                  own_limit=None):
        module = config.module
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
        watch = None if cpu_limit is None else self.stop_places.watch(cpu_limit, module,
                                                                      run=True)
        try:
            finished = child.wait_for_exit(timeout, quiet_timeout, own_limit, watch)
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
            child = self._start(ChildConfig("program", module=module, seed=seed, end_at_eof=True),
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

    def _start(self, config, stdin, cpu_limit=None, mode=None, python=None):
        """Start a child for config (its mode, what it runs) in the sandbox's mode with its
        interpreter, or in mode with python (a probe)."""
        mode = modes.MODES[mode or self.mode]
        python = python or self.python
        config.limits = self.limits.rlimits(calls=config.mode == "calls")
        if cpu_limit is not None:
            config.limits["RLIMIT_CPU"] = math.ceil(cpu_limit)
        config.box, config.grader_pid = str(self.temp / "box"), os.getpid()
        if self.allowed_imports is not None:
            config.imports = ImportRules(list(self.allowed_imports), list(self.unwatched_modules))
        if self.cgroup is not None:
            config.cgroup_procs = self.cgroup.procs_files
        if mode.sealed:
            try:
                config.seal = sealing.config(python, self.temp / "box", mode.jailed,
                                             self.seal_required)
            except sealing.SealingError as error:
                raise SandboxError(str(error)) from None
        held = account = None
        if self.privileged and mode.name != UNSAFE:
            held = uids.hold()
            self.child_uids.add(held.uid)
        try:
            if self.accounting is not None:
                account = self.accounting.make()
            if account is not None:
                config.cgroup_procs = config.cgroup_procs + account.procs_files
            place = modes.Place(held.uid if held else None, self.temp / "jail", python,
                                self.limits)
            for name, value in mode.child_part(place).items():
                setattr(config, name, value)
            return ChildProcess(python, self.temp / "runtime" / "start.py", self.limits,
                                config, stdin, held, account)
        except BaseException as error:
            if held is not None:
                held.release()
            if account is not None:
                account.remove()
            if isinstance(error, OSError):
                raise SandboxError(f"cannot start the sandbox child: {error}") from None
            raise
