"""How student code runs: the sandbox that runs a submission's files in child processes with
limits, and the child itself (child/: the worker, the jail, the seal, the codec, its
configuration).  Nothing here knows what Wordle is.

Its public face: Sandbox and SandboxError (box.py), CallResult and RunResult
(child_reports.py), the mode names (modes.py), and Status, the statuses a call or a run ends
with, exported here so that no caller reads the child's wire format (child/codec.py) for them,
with FIRST_CALLS, the name of the calls child calls go to until Sandbox.calls_in names another,
and the words for where a call or run stopped for time or for waiting was (endless_loops.py:
its stopped_at).
"""
from grader.sandbox.child.codec import Status
from grader.sandbox.endless_loops import WAITED, place_text, why_stopped_early, why_stopped_waiting

FIRST_CALLS = "first"

__all__ = ["FIRST_CALLS", "Status", "WAITED", "place_text", "why_stopped_early",
           "why_stopped_waiting"]
