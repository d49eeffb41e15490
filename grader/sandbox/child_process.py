"""One sandbox child process: its pipes, its protocol socket, and how to end it with
everything it started.

Sandbox (sandbox/box.py) decides what a child runs and with which limits;
this module starts the child, reads its output and messages within the caps and
time limits, and kills its whole session (and, without a PID namespace, the
processes that carry its environment marker).
"""

import os
import selectors
import signal
import socket
import subprocess
import time

from grader.sandbox import cpu_quota, endless_loops, leftovers
from grader.sandbox.child import codec
from grader.sandbox.child.codec import Status
from grader.sandbox.child.stack import SAMPLE_SIGNAL

MARKER_VARIABLE = "WORDLE_KIT_SANDBOX"
DRAIN_AFTER_EXIT = 0.1      # seconds to collect output after a program exits
CPU_POLL_INTERVAL = 0.05    # how often a call with a CPU limit reads the worker's CPU time
EXIT_POLL_INTERVAL = 0.02   # how often a program run checks whether the child has exited
STOPPED_GRACE = 1.0         # seconds a stopped worker (SIGSTOP) is given before it counts as such
STOPPED_DETAIL = ("the process stopped itself (SIGSTOP or similar), so it could never finish: "
                  "ended after %g s" % STOPPED_GRACE)


class ChildProcess:
    """One running child: its pipes, its protocol socket, and how to end it."""

    def __init__(self, python, script, limits, config, stdin, held_uid=None, account=None):
        """Start `python script CONFIG` in a session of its own, reading stdin; OSError if it
        cannot start.  held_uid (uids.HeldUid), the child's uid as root, is given back once
        the child and what its uid left are gone; account (cgroup.CpuAccount), the cgroup
        the child joins that counts its CPU time, is read with its tree of processes and
        removed with it."""
        self.held_uid = held_uid
        self.account = account
        self.mode = config.mode
        self.limits = limits
        self.cpu_limit = config.limits.get("RLIMIT_CPU")  # the kernel's, in seconds
        self.imported = set()
        self.messages = []
        self.protocol_error = ""
        self.violated = False         # ended for writing past the protocol socket's caps
        self.protocol_bytes = 0       # bytes read from the protocol socket, in all
        self.message_count = 0        # messages read from it, in all
        self.truncated = False
        self.exit_code = None
        self.timed_out = False
        self.cpu_exceeded = False
        self.last_cpu_seconds = None  # CPU seconds the worker used for the last request
        self.last_own_seconds = None  # the worker's own time in the last request or run
        self.own_limit_reached = False  # the last request or run was ended at its own_limit
        self._throttled_at_start = cpu_quota.throttled_seconds()
        self.stopped_early = None     # why the last request was stopped before its cpu_limit
                                      # (endless_loops.py), or None
        self.stopped_at = None        # and where: (file, line, function)
        self.counters = ()            # and, found endless, the counters it was found so but for
        self.waited = None            # seconds the last request waited, stopped for waiting
        self._worker_pid = None
        self._init_pid = None         # in a jail, the namespace's init (the worker's parent)
        self._proc_fds = {}           # (pid, name): an open /proc file (see _proc_file)
        self._seen = set()            # (pid, start time) of each process seen under the worker
                                      # (what kill() may have to reap: see _left)
        self._cpu_before = None       # cpu_reading() when the request was sent
        self._delayed_before_read = 0.0  # grader_run_delay() before the last read of a request
        self.cpu_seen = 0.0           # the most CPU seconds the worker was seen to have used
        self.stopped = False          # the worker stopped itself and was ended for it
        self._stopped_since = None
        self.last_output = time.monotonic()
        self._closed = False
        self._next_id = 0
        self.jailed = config.jail is not None
        self.uid = config.drop.uid if config.drop is not None else None
        self.removed = []             # what the uid left and the clean-up removed (leftovers.py)
        self.marker = f"{MARKER_VARIABLE}={os.urandom(8).hex()}"
        self.environment = child_environment("/box" if self.jailed else config.box, self.marker,
                                             config.hash_seed)
        ours, theirs = socket.socketpair()
        config.fd = theirs.fileno()
        # -u: output reaches us as it is printed, so a run that keeps printing is not "quiet";
        # -s -S -B, not -I: the environment (ours alone) sets the hash seed, so the order of a
        # set of strings is the same in every run of a grading, as a replay needs
        command = [python, "-s", "-S", "-B", "-u", str(script), config.to_json()]
        try:
            self.process = subprocess.Popen(
                command, stdin=stdin, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                pass_fds=(theirs.fileno(),), cwd=config.box, env=self.environment,
                start_new_session=True)
        except OSError:
            ours.close()
            raise
        finally:
            theirs.close()
        self.socket = ours
        self.buffers = {"protocol": bytearray(), "stdout": bytearray(), "stderr": bytearray()}
        self.selector = selectors.DefaultSelector()
        self.selector.register(self.socket, selectors.EVENT_READ, "protocol")
        self.selector.register(self.process.stdout, selectors.EVENT_READ, "stdout")
        self.selector.register(self.process.stderr, selectors.EVENT_READ, "stderr")

    def alive(self):
        """Running, and nothing was written to the socket since the last reply."""
        self._pump(time.monotonic() + 1.0, longest_wait=0)
        if self._take_messages() or self.buffers["protocol"]:
            self.protocol_error = "something other than the worker wrote to the protocol socket"
        return self.process.poll() is None and not self.protocol_error and not self._closed

    def read_for(self, seconds):
        """Read what the child writes for at most seconds (less once something came), within
        the caps; its complete messages are added to messages.  False once every stream is
        closed or the child was ended for its output."""
        reading = self._pump(time.monotonic() + seconds, seconds)
        self.messages.extend(self._take_messages())
        return reading

    def text(self, stream):
        return bytes(self.buffers[stream]).decode("utf-8", errors="replace")

    def request(self, message, timeout, cpu_limit=None, own_limit=None, watch=None,
                wait_limit=None):
        """Send one request; return (reply, raw output printed meanwhile).

        timeout is wall seconds; with cpu_limit the request also fails (as a timeout) once
        the worker has used that many CPU seconds on it, or once watch (an endless_loops.
        CallWatch, given with cpu_limit) stops it (self.stopped_early says why); watch is
        told where the worker was when it was stopped at cpu_limit.  With own_limit it fails
        once that many seconds of its own time have passed (see own_seconds;
        own_limit_reached says so).  With wait_limit (and cpu_limit) it fails, as a timeout,
        once it has waited that many seconds by its own doing (waited_seconds: sleeps, blocked
        reads), where that is measured; waited says how long, and watch is told where the
        worker was.  The CPU
        seconds it used are left in last_cpu_seconds, its own time in last_own_seconds, read
        by this process from /proc, never taken from the child.  Its own time leaves out
        this thread's waits for a CPU while the worker could only wait for it (sending the
        request, and reading the reply once it came), so a busy grader is not the student's
        cost.

        Each request carries a fresh random nonce that the genuine reply echoes,
        so bytes a student writes to the socket (a forged reply, garbage) make
        the call fail instead of being taken for its result.
        """
        self._next_id += 1
        nonce = os.urandom(16).hex()
        message = dict(message, id=self._next_id, nonce=nonce)
        printed_before = len(self.buffers["stdout"])
        self._cpu_before = self.cpu_reading()
        queued_before, started = self.withheld_marks(), time.monotonic()
        delayed_before = self._delayed_before_read = grader_run_delay()
        self.own_limit_reached, self.stopped_early, self.waited = False, None, None
        self.counters = ()
        reply = None
        excused = 0.0
        if self._send(codec.dump_message(message), timeout):
            # the worker waits for the whole request: this thread's waits for a CPU meanwhile
            # are the grader's, not the student's
            excused = grader_run_delay() - delayed_before
            reply = self._wait_for_reply(self._next_id, nonce, timeout, cpu_limit,
                                         (own_limit, started, queued_before, excused), watch,
                                         wait_limit)
        self.last_cpu_seconds = self._cpu_used()
        if reply is not None:
            # and the worker waits while this thread, woken by the reply, waits for a CPU
            excused += grader_run_delay() - self._delayed_before_read
        # (each wait excused lies within the time measured: the excuse never exceeds it)
        self.last_own_seconds = max(self.own_seconds(started, queued_before) - excused,
                                    self.last_cpu_seconds or 0.0)
        printed = bytes(self.buffers["stdout"][printed_before:]).decode("utf-8", errors="replace")
        if reply is None:
            reply = self._failure_reply()
            self.kill()
        stdout = (reply.get("stdout") if type(reply.get("stdout")) is str else "") + printed
        return reply, stdout[: self.limits.output_bytes]

    def _send(self, data, timeout):
        """Send data within the timeout (a child that stops reading must not block the grader);
        False, with the reason noted, when it cannot."""
        self.timed_out = self.cpu_exceeded = False
        self.socket.settimeout(timeout)
        try:
            self.socket.sendall(data)
            return True
        except socket.timeout:
            self.timed_out = True
        except OSError as error:
            self.protocol_error = f"the child closed its end ({error})"
        finally:
            self.socket.settimeout(None)
        return False

    def _cpu_used(self):
        """CPU seconds the worker and all it started used since the request was sent, by its
        tree of processes or by its CPU account, whichever counted more; None when it cannot
        be read.  A worker that could not be found then (a jail's, still starting) has all
        its time counted."""
        now = self.cpu_reading()
        if now is None:
            return None
        if self._cpu_before is None:
            self._cpu_before = (0.0, 0.0)
        return max(0.0, *(after - before for after, before in zip(now, self._cpu_before)))

    def _wait_for_reply(self, wanted_id, nonce, timeout, cpu_limit=None,
                        own=(None, 0.0, None, 0.0), watch=None, wait_limit=None):
        deadline = time.monotonic() + timeout
        self.timed_out = self.cpu_exceeded = False
        watch_cpu = cpu_limit is not None or own[0] is not None
        waited = False  # a quick reply (most of them) costs no read of the CPU time meanwhile
        pumping = True
        while True:
            # what came is looked at before the deadline is: a reply this process read late
            # (a busy machine) is the call's reply
            for message in self._take_messages():
                if message.get("id") != wanted_id or message.get("nonce") != nonce:
                    self.protocol_error = ("something other than the worker wrote to the "
                                           "protocol socket")
                elif "sample" not in message:
                    return message
                elif watch is not None and watch.seen(message["sample"]):
                    self.timed_out = self.cpu_exceeded = True
                    self.stopped_early, self.counters = watch.stopped_early, watch.counters
                    return None
            if self.protocol_error or self.truncated:
                return None
            if not pumping:
                self.timed_out = time.monotonic() >= deadline
                return None
            if watch_cpu and waited:
                used = self._cpu_used()
                if used is not None and cpu_limit is not None and used > cpu_limit:
                    self.timed_out = self.cpu_exceeded = True
                    if watch is not None:
                        watch.stopped(self._final_sample(wanted_id, nonce))
                    return None
                if used is not None and watch is not None and watch.due(used):
                    self._signal_worker(SAMPLE_SIGNAL)
                own_limit, started, queued_before, excused = own
                if own_limit is not None and time.monotonic() - started >= own_limit and max(
                        self.own_seconds(started, queued_before) - excused,
                        used or 0.0) >= own_limit:
                    self.timed_out = self.own_limit_reached = True
                    return None
                # (own time is at most the wall-clock time: most polls need not read it)
                if wait_limit is not None and used is not None and \
                        time.monotonic() - started - used >= wait_limit:
                    waited = self.waited_seconds(started, queued_before, used + excused)
                    # a reply already written is the call's (this thread may have been slow)
                    if waited is not None and waited >= wait_limit and \
                            self._read_ready(0) is False:
                        self.timed_out, self.waited = True, waited
                        if watch is not None:
                            watch.waited_out(self._final_sample(wanted_id, nonce))
                        return None
                if self.stopped_too_long():
                    return None
            self._delayed_before_read = grader_run_delay()
            pumping = self._pump(deadline, CPU_POLL_INTERVAL if watch_cpu else None)
            waited = True

    def _final_sample(self, wanted_id, nonce):
        """Where the worker is now (its sample, for the request wanted_id), asked before it
        is stopped; None when no sample came within endless_loops.FINAL_SAMPLE_WAIT (code
        that does not let Python run its signal handlers, as a long call into C)."""
        if not self._signal_worker(SAMPLE_SIGNAL):
            return None
        deadline = time.monotonic() + endless_loops.FINAL_SAMPLE_WAIT
        while self._pump(deadline, endless_loops.FINAL_SAMPLE_WAIT):
            for message in self._take_messages():
                if message.get("id") == wanted_id and message.get("nonce") == nonce \
                        and "sample" in message:
                    return message["sample"]
        return None

    def _signal_worker(self, signum):
        """Send signum to the worker (while the child it runs under is not reaped, so its pid
        is not another process's); False when it cannot be sent."""
        pid = self._find_worker()
        if pid is None or self.process.poll() is not None:
            return False
        try:
            os.kill(pid, signum)
        except OSError:
            return False
        return True

    def _failure_reply(self):
        if self.stopped:
            return {"status": Status.CRASHED, "detail": STOPPED_DETAIL}
        if self.stopped_early:
            return {"status": Status.TIMEOUT, "detail": "stopped before its CPU time limit"}
        if self.cpu_exceeded:
            return {"status": Status.TIMEOUT, "detail": "went over its CPU time limit"}
        if self.waited is not None:
            return {"status": Status.TIMEOUT, "detail": "waited %.1f s without computing"
                    % self.waited}
        if self.timed_out:
            return {"status": Status.TIMEOUT,
                    "detail": "did not return in time (or stopped reading)"}
        if self.truncated:
            return {"status": Status.CRASHED, "detail": "stopped: printed more than the output limit"}
        self.kill()
        if self.protocol_error:
            detail = self.protocol_error
        elif self.exit_code < 0:
            detail = f"the child process was killed by signal {signal_name(-self.exit_code)}"
        else:
            detail = f"the child process exited with status {self.exit_code}"
        return {"status": Status.CRASHED, "detail": detail}

    def wait_for_exit(self, timeout, quiet_timeout=None, own_limit=None, watch=None):
        """Read the child's output until it exits (plus a short drain); False on timeout
        (after timeout in all, quiet_timeout without any output, or own_limit seconds of the
        worker's own time since it started: own_limit_reached says so; its last reading is
        kept in last_own_seconds).  With watch (an endless_loops.CallWatch) the run is also
        stopped, as at its CPU limit or for waiting, once watch finds it must be (stopped_early
        says why).

        A process the student left behind may hold the pipes open, so the end
        of the run is the child's own exit, not the end of its output.
        """
        deadline = time.monotonic() + timeout
        exited_at = None
        self.own_limit_reached = False
        self.last_own_seconds = None
        while True:
            if exited_at is None:
                own = self._worker_own_seconds()   # read while the worker is there to be read
                # its waits by its own doing since it started, where they are measured (as
                # waited_seconds)
                waited = None if own is None or self.queued_seconds() is None else \
                    own - self.cpu_seen
                if own is not None and own_limit is not None and own >= own_limit:
                    self.own_limit_reached = True
                    return False
            if exited_at is None and self.process.poll() is not None:
                exited_at = time.monotonic()
            until = self._give_up_at(deadline, quiet_timeout) if exited_at is None else min(
                deadline, exited_at + DRAIN_AFTER_EXIT)
            pumping = self._pump(until, EXIT_POLL_INTERVAL)
            self.messages.extend(self._take_messages())
            if watch is not None and self._stopped_by_samples(watch):
                self.kill()
                return True
            if not pumping or time.monotonic() >= until:
                break
            if exited_at is None and self.stopped_too_long():
                return False
            if exited_at is None and watch is not None and watch.due(self.cpu_seen, waited):
                self._signal_worker(SAMPLE_SIGNAL)
            if exited_at is None and self.cpu_limit is not None and \
                    self.cpu_seen > self.cpu_limit:
                # its processes together: each has the kernel's limit, all of them this one
                self.kill()
                return True
        if self.truncated:
            return True
        try:
            give_up_at = self._give_up_at(deadline, quiet_timeout)
            self.exit_code = self.process.wait(max(0.0, give_up_at - time.monotonic()))
        except subprocess.TimeoutExpired:
            return False
        return True

    def _stopped_by_samples(self, watch):
        """Take the samples among the messages to watch; True (stopped_early set) once it
        finds the run must be stopped."""
        samples = [message for message in self.messages if "sample" in message]
        if samples:
            self.messages = [message for message in self.messages if "sample" not in message]
        for message in samples:
            if watch.seen(message["sample"]):
                self.stopped_early, self.stopped_at = watch.stopped_early, watch.stopped_at
                self.counters = watch.counters
                return True
        return False

    def stopped_too_long(self):
        """True (and self.stopped) once the worker has been stopped (state T: SIGSTOP, SIGTSTP
        and the like) for STOPPED_GRACE: nothing but a signal from outside could wake it."""
        fields = self._worker_stat()
        self._cpu_reading(fields)
        if not fields or fields[0] not in (b"T", b"t"):
            self._stopped_since = None
            return False
        now = time.monotonic()
        if self._stopped_since is None:
            self._stopped_since = now
        self.stopped = now - self._stopped_since >= STOPPED_GRACE
        return self.stopped

    def _give_up_at(self, deadline, quiet_timeout):
        if quiet_timeout is None:
            return deadline
        return min(deadline, self.last_output + quiet_timeout)

    def queued_seconds(self):
        """Seconds the worker (its main thread, where the student's code runs) has spent ready
        to run but waiting for a CPU since it started (the kernel's run delay, read from its
        /proc schedstat by this process); None when it cannot be read."""
        pid = None if self._closed else self._find_worker()
        return run_delay(None if pid is None else self._proc_file(pid, "schedstat"))

    def withheld_marks(self):
        """(queued_seconds(), the seconds a CPU quota throttled the grader's cgroup) now:
        own_seconds counts from them."""
        return self.queued_seconds(), cpu_quota.throttled_seconds()

    def own_seconds(self, started, marks):
        """The worker's own time since started (time.monotonic()): the wall-clock time less
        what the kernel withheld a CPU from it (marks: withheld_marks() then), so the time
        it ran or waited by its own doing (sleeps, blocked reads), alike on a quiet machine,
        a busy one and one with a CPU quota. Where the wait cannot be read, all the wall-clock
        time. (Callers take the CPU time of the worker and all it started instead where that
        is more: code that keeps its own main thread waiting for a CPU, by threads or
        processes that compute, spends their time.)"""
        queued_before, throttled_before = marks
        return time.monotonic() - started - self._withheld_since(queued_before, throttled_before)

    def waited_seconds(self, started, marks, spent):
        """The seconds the worker waited by its own doing (sleeps, blocked reads) since
        started: its own time less spent (the CPU time it used meanwhile, and any time not
        its own); None where its waits for a CPU cannot be read (its own time is then all the
        wall-clock time, and a busy machine must never be taken for waiting)."""
        if marks[0] is None or self.queued_seconds() is None:
            return None
        return self.own_seconds(started, marks) - spent

    def _withheld_since(self, queued_before, throttled_before):
        """Seconds the worker has been kept from a CPU since its queued_seconds() were
        queued_before and the quota's throttled time throttled_before: waiting for a CPU or
        throttled, the longer of the two (a kernel counts a throttled task's wait in its run
        delay or not: where it does, the run delay holds the throttling already)."""
        queued = self.queued_seconds()
        waited = 0.0 if queued is None else max(0.0, queued - (queued_before or 0.0))
        return max(waited, cpu_quota.throttled_seconds() - throttled_before)

    def _worker_own_seconds(self):
        """The worker's own time since it started (as own_seconds; the sandbox's start before
        it is not the student's), kept in last_own_seconds; None before it can be read, and
        once it has exited (its stat, read each time, says so: a game's last loops, while the
        jail's processes end, must not count as its own time)."""
        pid = None if self._closed else self._find_worker()
        fields = None if pid is None else self._proc_fields(pid, "stat")
        try:
            started = int(fields[START_TIME]) / CLOCK_TICKS
        except (TypeError, IndexError, ValueError):
            return None
        own = time.clock_gettime(time.CLOCK_BOOTTIME) - started - self._withheld_since(
            0.0, self._throttled_at_start)
        self.last_own_seconds = max(own, self.cpu_seen)
        return self.last_own_seconds

    def cpu_reading(self):
        """(CPU seconds (user + system) the worker and every process under it have used so
        far, those its CPU account counted so far (0.0 without one)), read by this trusted
        process (/proc, the cgroup); None when the worker cannot be read."""
        return self._cpu_reading(self._worker_stat())

    def _cpu_reading(self, fields):
        """cpu_reading() from the worker's stat fields (None if unreadable); the larger of
        its two counts kept in cpu_seen.

        The account (where a cgroup can be made) counts every process the child started
        wherever it went, but not the child's own start before it joined it (its Python's
        start, a few tens of ms): so each count is compared with its own earlier reading.
        """
        tree = self._tree_seconds(fields)
        if tree is None:
            return None
        counted = 0.0 if self.account is None else self.account.cpu_seconds()
        self.cpu_seen = max(self.cpu_seen, tree, counted)
        return tree, counted

    def _tree_seconds(self, fields):
        """The CPU seconds of the worker (its stat fields; None if unreadable) and of every
        process under it.

        The worker is a child subreaper (worker.py), so a process its code starts stays
        under it however it detaches (double fork, setsid): a live or unreaped one is
        counted from its own stat, a reaped one in its parent's reaped children's time.
        The worker is read before its descendants, so a process reaped meanwhile is at
        worst missed until the next reading, never counted twice.  (Where the kernel does not
        list a process's children, only the worker and what it reaped are counted.)

        The seccomp filter (child/seal.py) keeps student code from clearing the worker's
        subreaper flag; where there is no filter (another architecture) an orphan whose flag
        was cleared goes to the namespace's init in a jail, so init's reaped children's time
        and its other children count too, and without a jail only the child's CPU account
        counts it (docs/grader.md: limits say so)."""
        ticks = _cpu_ticks(fields)
        if ticks is None:
            return None
        pending, watched = self._listed_children(self._worker_pid, fields), 0
        if self._init_pid is not None:
            init_fields = self._proc_fields(self._init_pid, "stat")
            ticks += _reaped_ticks(init_fields)
            pending.extend(pid for pid in self._listed_children(self._init_pid, init_fields)
                           if pid != self._worker_pid)
        while pending and watched < WATCHED_PROCESSES:
            pid = pending.pop()
            watched += 1
            fields = _stat_fields(pid)
            ticks += _cpu_ticks(fields) or 0
            if fields and len(fields) > START_TIME:
                self._seen.add((pid, fields[START_TIME]))
            pending.extend(_children(pid, scan=False))
        return ticks / CLOCK_TICKS

    def _worker_stat(self):
        """The fields of the worker's /proc stat after its name, or None."""
        if self._closed:
            return None
        pid = self._find_worker()
        return None if pid is None else self._proc_fields(pid, "stat")

    def _proc_fields(self, pid, name):
        text = self._proc_file(pid, name)
        return None if text is None else _fields_after_name(text)

    def _listed_children(self, pid, fields):
        """pid's children.  While it has one thread (fields: its stat's), the one list of its
        children is read in place; the grader reads it twice a call."""
        if fields and len(fields) > NUM_THREADS and fields[NUM_THREADS] == b"1":
            listed = self._proc_file(pid, f"task/{pid}/children")
            if listed is not None:
                return [int(child) for child in listed.split()]
        return _children(pid, scan=False)

    def _proc_file(self, pid, name):
        """The text of /proc/PID/NAME, or None.  The file is opened once and read again in
        place: a read costs no lookup by pid, and once the process is gone the reads fail
        even if its pid is given to another process."""
        fd = self._proc_fds.get((pid, name))
        if fd is None:
            try:
                fd = self._proc_fds[pid, name] = os.open(f"/proc/{pid}/{name}",
                                                         os.O_RDONLY | os.O_CLOEXEC)
            except OSError:
                return None
        try:
            return os.pread(fd, PROC_READ_BYTES, 0)
        except OSError:
            return None

    def _find_worker(self):
        """The pid of the process that runs the student's code: the child itself, or in a
        jail the child's grandchild (the child relays, its child is the namespace's init,
        whose first child, pid 2 of the namespace, is the worker: orphans the student's code
        leaves to init do not hide it)."""
        if self._worker_pid is None and self.exit_code is None:
            if not self.jailed:
                self._worker_pid = self.process.pid
            else:
                init = _children(self.process.pid)
                worker = [pid for pid in (_children(init[0]) if len(init) == 1 else [])
                          if _namespace_pid(pid) == WORKER_NAMESPACE_PID]
                if len(worker) == 1:
                    self._init_pid, self._worker_pid = init[0], worker[0]
        return self._worker_pid

    def _pump(self, deadline, longest_wait=None):
        """Read what is ready; False when the deadline passed or every stream is closed.

        What is already written is read even when the deadline has passed: on a busy machine
        this process may wake long after it, and a program's last output (written just
        before it exited) must not be lost to that.  Reading what is ready is bounded by the
        output and message caps."""
        if not self.selector.get_map():
            return False
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            while self.selector.get_map() and self._read_ready(0) is True:
                pass
            return False
        wait = remaining if longest_wait is None else min(remaining, longest_wait)
        return self._read_ready(wait) is not None

    def _read_ready(self, wait):
        """One look at the streams (waiting at most wait seconds): True when something was
        read, False when nothing was ready, None when the child was ended for its output."""
        read = False
        for key, _ in self.selector.select(wait):
            name = key.data
            try:
                chunk = os.read(key.fileobj.fileno(), 65536)
            except OSError:
                chunk = b""
            read = True
            if not chunk:
                self.selector.unregister(key.fileobj)
                continue
            self.buffers[name] += chunk
            self.last_output = time.monotonic()
            if name == "protocol":
                self.protocol_bytes += len(chunk)
                if self._over_message_caps():
                    return None
                continue
            if len(self.buffers[name]) > self.limits.output_bytes:
                del self.buffers[name][self.limits.output_bytes:]
                self.truncated = True
                self.kill()
                return None
        return read

    def _over_message_caps(self):
        """True, with the child ended as a protocol violation, once the protocol socket has
        carried more than the caps: one message (a call's reply) at most value_bytes, and a
        program run or import check, whose worker sends a few short reports, at most
        run_message_bytes and run_messages in all.  What the grader holds and parses of the
        socket is bounded by them, whatever student code writes to it."""
        limits = self.limits
        if self.mode == "calls":
            if len(self.buffers["protocol"]) <= limits.value_bytes:
                return False
            self.protocol_error = ("protocol violation: the child sent a message larger than "
                                   "the limit of %d bytes" % limits.value_bytes)
        elif self.protocol_bytes <= limits.run_message_bytes and \
                self.message_count <= limits.run_messages:
            return False
        else:
            self.protocol_error = (
                "protocol violation: more than %d bytes or %d messages were written to the "
                "grader's protocol socket (the run's own reports take a few hundred bytes): "
                "student code wrote to it, and the run was ended" % (
                    limits.run_message_bytes, limits.run_messages))
        self.violated = True
        self.buffers["protocol"].clear()
        self.kill()
        return True

    def _take_messages(self):
        """The complete messages read so far (each line parsed once: a flood of tiny messages
        costs the grader one pass over its bytes)."""
        buffer = self.buffers["protocol"]
        end = buffer.rfind(b"\n")
        if end < 0:
            return []
        lines = bytes(buffer[:end]).split(b"\n")
        del buffer[:end + 1]
        messages = []
        for line in lines:
            self.message_count += 1
            if self.mode != "calls" and self._over_message_caps():
                return messages
            try:
                messages.append(codec.load_message(line))
            except codec.BadValue as error:
                self.protocol_error = f"the child sent an unreadable message ({error})"
        return messages

    def signal_session(self, signum):
        """Send signum to the child's whole session (as root that ends its PID namespace too)."""
        try:
            os.killpg(self.process.pid, signum)
        except ProcessLookupError:
            pass

    def kill(self):
        """Kill the child's whole session (and, as root, its PID namespace); idempotent."""
        if self.exit_code is None:
            self.cpu_reading()      # the last look at what it started, its zombies included
            self.signal_session(signal.SIGKILL)
            self.exit_code = self.process.wait()
        marked = set()
        if self.uid is not None:
            self.removed += leftovers.remove_all(self.uid)
        elif not self.jailed:
            marked = kill_marked_processes(self.marker)
        if self.account is not None:
            # what ran after the worker was last read (an orphan, as the worker ended) counts
            self.account.kill_all()
            self.cpu_seen = max(self.cpu_seen, self.account.cpu_seconds())
            self.account.remove()
            self.account = None
        reap_children(lambda pid, fields: self._left(pid, fields, marked))
        if self.held_uid is not None:
            self.held_uid.release()
        if not self._closed:
            self._closed = True
            for fd in self._proc_fds.values():
                os.close(fd)
            self._proc_fds.clear()
            self.selector.close()
            for stream in (self.socket, self.process.stdout, self.process.stderr):
                stream.close()
            if self.process.stdin is not None:     # a live game's input (Sandbox.start_program)
                try:
                    self.process.stdin.close()
                except OSError:     # input it never read: nobody reads it now
                    pass

    def _left(self, pid, fields, marked):
        """Whether a process (its stat fields) is one this child left: seen under the worker,
        in its session (the child itself aside, which its Popen waits for), of its uid, or
        among marked."""
        if pid == self.process.pid:
            return False
        if pid in marked or fields[SESSION] == str(self.process.pid).encode() or \
                (pid, fields[START_TIME]) in self._seen:
            return True
        try:
            return self.uid is not None and os.stat(f"/proc/{pid}").st_uid == self.uid
        except OSError:
            return False


def reap_children(left):
    """Wait for the children of this process that left(pid, stat fields) says a run left.

    A process whose parent dies comes to this one where it is a child subreaper or PID 1 (a
    container's init), and once killed would stay its zombie until it ends.  Each is dead or
    killed already (a jail's init ends once the namespace's processes have), so they are
    waited for REAP_SECONDS at most; only they are waited for (a child of a Popen's, waited
    for by its thread, is never taken from it)."""
    deadline = time.monotonic() + REAP_SECONDS
    while True:
        waiting = False
        for pid in _children(os.getpid()):
            fields = _stat_fields(pid)
            if not fields or len(fields) <= START_TIME or not left(pid, fields):
                continue
            try:
                reaped, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                continue
            waiting = waiting or reaped == 0
        if not waiting or time.monotonic() >= deadline:
            return
        time.sleep(REAP_WAIT)


def run_delay(schedstat):
    """The seconds of a /proc schedstat's run delay (time spent ready to run but waiting for a
    CPU); None for no text or a malformed one."""
    try:
        return int(schedstat.split()[1]) / 1e9
    except (AttributeError, IndexError, ValueError):
        return None


def grader_run_delay():
    """Seconds the calling thread of the grader has spent ready to run but waiting for a CPU,
    0.0 where that cannot be read."""
    try:
        with open("/proc/thread-self/schedstat", "rb") as file:
            delay = run_delay(file.read())
    except OSError:
        delay = None
    return 0.0 if delay is None else delay


def signal_name(number):
    """SIGKILL for 9, SIGRTMIN+5 for a real-time signal, "signal 99" for any other number."""
    try:
        return signal.Signals(number).name
    except ValueError:
        if signal.SIGRTMIN <= number <= signal.SIGRTMAX:
            return f"SIGRTMIN+{number - signal.SIGRTMIN}"
        return f"signal {number}"


CLOCK_TICKS = os.sysconf("SC_CLK_TCK")
SESSION = 3             # the index of session in a stat's fields after the name
REAP_SECONDS = 2.0
REAP_WAIT = 0.005
NUM_THREADS = 17        # the index of num_threads in a stat's fields after the name
START_TIME = 19         # and of starttime (clock ticks after boot)
PROC_READ_BYTES = 65536  # a stat, or the children of a process (at most WATCHED_PROCESSES)


def _cpu_ticks(fields):
    """utime + stime + cutime + cstime of a process's stat fields, or None."""
    try:
        return sum(int(value) for value in fields[11:15]) if fields else None
    except ValueError:
        return None


def _reaped_ticks(fields):
    """cutime + cstime (the CPU time of the children a process reaped) of its stat fields, or
    0 when they cannot be read."""
    try:
        return sum(int(value) for value in fields[13:15]) if fields else 0
    except ValueError:
        return 0


def _stat_fields(pid):
    """The fields of /proc/PID/stat after the command name (state, ppid, ...), or None."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            text = handle.read()
    except OSError:
        return None
    return _fields_after_name(text)


def _fields_after_name(text):
    """The fields of a /proc stat text after the command name (which may hold spaces and
    parentheses: it ends at the last ")")."""
    return text[text.rfind(b")") + 2:].split()


WATCHED_PROCESSES = 256    # descendants of a worker whose CPU time is read (a run may start
                           # at most its process limit, 32 in a cgroup, at a time)
WORKER_NAMESPACE_PID = b"2"   # in a jail the worker is the first process its init starts


def _namespace_pid(pid):
    """pid's number in its own (innermost) PID namespace, as bytes, or None."""
    try:
        with open(f"/proc/{pid}/status", "rb") as handle:
            for line in handle:
                if line.startswith(b"NSpid:"):
                    return line.split()[-1]
    except OSError:
        pass
    return None


def _children(pid, scan=True):
    """The pids of pid's children: listed by the kernel for each of its threads, or, where it
    does not list them (a kernel without CONFIG_PROC_CHILDREN), found among every process's
    parent when scan (a look at every process: too slow to repeat for each call)."""
    try:
        found = []
        for task in os.listdir(f"/proc/{pid}/task"):
            with open(f"/proc/{pid}/task/{task}/children", "rb") as handle:
                found.extend(int(child) for child in handle.read().split())
        return found
    except FileNotFoundError:
        if not scan or not os.path.exists(f"/proc/{pid}"):
            return []
    except OSError:
        return []
    return [int(entry.name) for entry in os.scandir("/proc") if entry.name.isdigit()
            and (_stat_fields(entry.name) or [None, None])[1] == str(pid).encode()]


def child_environment(home, marker, hash_seed=0):
    """A minimal environment: nothing from the grader's (no PYTHONPATH, no tokens), plus a
    marker and the hash seed (str and bytes hashes, so the order of a set of strings)."""
    name, _, value = marker.partition("=")
    return {"PATH": "/usr/bin:/bin", "HOME": home, "LANG": "C.UTF-8",
            "PYTHONHASHSEED": str(hash_seed), name: value}


def kill_marked_processes(marker):
    """Without a PID namespace: kill processes that inherited this child's marker but left its
    session; the pids killed.

    Best effort: a process that replaced its environment before exec escapes it.
    """
    needle = marker.encode() + b"\0"
    killed = set()
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/environ", "rb") as handle:
                environment = handle.read()
        except OSError:
            continue
        if needle in environment:
            try:
                os.kill(int(entry.name), signal.SIGKILL)
                killed.add(int(entry.name))
            except (ProcessLookupError, PermissionError):
                pass
    return killed
