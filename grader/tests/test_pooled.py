"""Gradings in a pool survive a busy machine (pooled.py)."""
import pytest

from grader.grading import GraderFailed, MachineTooBusy
from grader.tests import pooled


def busy_once(marker):
    """MachineTooBusy the first time (marker, a path, not yet there), "graded" after."""
    if not marker.exists():
        marker.write_text("busy")
        raise MachineTooBusy("the machine was too busy")
    return "graded"


def always(value):
    if isinstance(value, Exception):
        raise value
    return value


def test_a_grading_the_machine_was_too_busy_for_is_graded_again_and_others_stay_theirs(
        tmp_path):
    results = pooled.run({"busy": (busy_once, tmp_path / "busy"), "fine": (always, 40),
                          "failed": (always, GraderFailed("the grader's own fault")),
                          "busy twice": (always, MachineTooBusy("too busy again"))}, 2)
    assert results["busy"] == "graded" and results["fine"] == 40
    assert isinstance(results["failed"], GraderFailed)
    assert isinstance(results["busy twice"], MachineTooBusy)
    assert pooled.value(results, "fine") == 40
    with pytest.raises(GraderFailed, match="own fault"):
        pooled.value(results, "failed")
