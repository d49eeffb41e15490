"""The limits every child of a sandbox runs under: resources (set with setrlimit in
the child, so they hold for everything it starts), output and reply sizes, and
the time an import for calls may take.  Time limits of single calls and runs are
the caller's, given with each request.
"""
from dataclasses import dataclass


@dataclass(frozen=True)
class Limits:
    """Resource limits for student code.  Times are wall-clock seconds."""

    # Per process; with processes they bound a run's memory where no cgroup caps it
    # (8 x 256 MiB; a correct submission's process takes under 50 MB; threads count as processes).
    memory_bytes: int = 256 * 1024 ** 2
    cpu_seconds: int = 30                # one program run or import
    calls_cpu_seconds: int = 1800        # the long-lived calls child, all its calls (each call
                                         # has its own CPU limit, enforced by the grader)
    file_size_bytes: int = 1024 ** 2
    processes: int = 8
    open_files: int = 64
    output_bytes: int = 256 * 1024       # per stream per run, and per call's printing
    # One encoded reply of a call (the value at most half of it): the grader parses it whole,
    # and 6 MiB of the densest JSON ([[],[],...]) takes it about 300 MB to hold and decode.
    value_bytes: int = 6 * 1024 ** 2
    # What a program run or import check may send on the protocol socket in all: the worker
    # sends a few short reports (the end, read past the input, at most 50 forbidden imports,
    # at most endless_loops.RUN_SAMPLES samples),
    # so more is a student's code writing to the socket, ended as a protocol violation.
    run_message_bytes: int = 64 * 1024
    run_messages: int = 150     # with the samples of where the program is (endless_loops.py)
    # Importing a module (an import check, or for calls): its CPU limit, as much as a game's
    # least (assignment.GAME_CPU_FLOOR: a whole process importing a correct module takes tens
    # of ms of CPU), and a wall-clock safety net for imports that wait.
    import_cpu_seconds: float = 2.0
    import_timeout: float = 10.0
    # The calls child is started again after a call that crashed or timed out, and imports
    # the modules again: each such import is charged its CPU time beyond free_import_seconds
    # or, if more, its wall-clock time beyond free_import_wall_seconds (an import that
    # waits), and no child is started once the charges would pass restart_import_seconds,
    # so code that crashes on every call after a slow import costs that import a few times,
    # not once per call.  A correct module imports in tens of ms of CPU, and in well under
    # the free wall-clock time however busy the machine, so it is never charged: its calls
    # never depend on the machine's speed.
    restart_import_seconds: float = 10.0
    free_import_seconds: float = 0.5
    free_import_wall_seconds: float = 1.5
    tmpfs_bytes: int = 16 * 1024 ** 2    # the jail's in-memory file system (root only)
    tmpfs_inodes: int = 4096             # its files (empty files cost kernel memory too)
    sandbox_memory_bytes: int = 1024 ** 3  # all the processes of one sandbox (a cgroup, root only)
    sandbox_processes: int = 32          # same (children run 3 at a time, each with 2 jail helpers)

    def import_charge(self, wall_seconds, cpu_seconds):
        """What a restart's import is charged, given its wall-clock and CPU seconds (None when
        they could not be read)."""
        return max(0.0, wall_seconds - self.free_import_wall_seconds,
                   (cpu_seconds or 0.0) - self.free_import_seconds)

    def restarts_spent(self, restarts, charged_seconds):
        """Why no call is made any more: restarts' imports were charged beyond their budget."""
        return ("the student's code was started again %d times after calls that crashed or "
                "timed out, and importing it again took %.1f s beyond what an import is given "
                "(%g s of CPU time, or %g s of wall-clock time for one that waits; at most %g s "
                "are spent on that)" % (restarts, charged_seconds, self.free_import_seconds,
                                        self.free_import_wall_seconds,
                                        self.restart_import_seconds))

    def rlimits(self, calls=False):
        """{resource name: value} for the child's setrlimit calls (for the calls child if calls)."""
        cpu = self.calls_cpu_seconds if calls else self.cpu_seconds
        return {"RLIMIT_AS": self.memory_bytes, "RLIMIT_CPU": cpu,
                "RLIMIT_FSIZE": self.file_size_bytes, "RLIMIT_NPROC": self.processes,
                "RLIMIT_NOFILE": self.open_files, "RLIMIT_CORE": 0}
