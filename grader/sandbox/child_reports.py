"""What a child reported, turned into plain results trusting none of it: CallResult for a
function call, RunResult for a program run or an import check."""

import signal
from dataclasses import dataclass, field

from grader.sandbox.child import codec
from grader.sandbox.child.codec import (MAX_DRAWN_ITEMS, MAX_DRAWS, MAX_FORBIDDEN_IMPORTS,
                                        MAX_SEEDINGS, End, Status, capped)
from grader.sandbox.child_process import STOPPED_DETAIL, signal_name
from grader.sandbox.endless_loops import WAITED


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
    own_seconds: object = None  # its own time (ChildProcess.own_seconds), measured so too
    own_time_out: bool = False  # ended at the own-time limit it was given (Sandbox.call)
    stopped_at: object = None   # (file, line, function) where the student's code was when the
                                # call was stopped for time, if known (sandbox/endless_loops.py)
    stopped_early: object = None    # why it was stopped before its CPU limit, as at it
                                    # (endless_loops.ENDLESS or OUTLASTED), or None
    counters: tuple = ()    # ENDLESS but for these counters (endless_loops.counters_of)
    waited: object = None   # seconds it waited without computing, stopped for it (its wait
                            # limit), or None


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
    cpu_seconds: object = None      # the CPU time of the worker and all it started, as last
    # read by the grader (the kernel's limits hold in the child)
    own_seconds: object = None      # the worker's own time (ChildProcess.own_seconds) as
    # last read by the grader (None: it could not be read)
    own_time_out: bool = False      # ended at the own-time limit it was given (run_program)
    stopped_at: object = None       # as CallResult's, for a run stopped early
    stopped_early: object = None    # as CallResult's (it is cpu_exhausted too), or
                                    # endless_loops.WAITED (a TIMEOUT)
    counters: tuple = ()            # as CallResult's


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
                       output_truncated=child.truncated, cpu_seconds=child.cpu_seen,
                       own_seconds=child.last_own_seconds,
                       own_time_out=child.own_limit_reached)
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
    elif child.stopped_early == WAITED:
        result.status, result.detail = Status.TIMEOUT, "stopped for waiting"
        result.stopped_early, result.stopped_at = child.stopped_early, child.stopped_at
    elif child.stopped_early:
        result.status, result.cpu_exhausted = Status.CRASHED, True
        result.stopped_early, result.stopped_at = child.stopped_early, child.stopped_at
        result.counters = child.counters
        result.detail = "stopped before its CPU time limit"
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
