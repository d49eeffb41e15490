"""uids.py: two gradings on one machine never hold the same child uid at once, and a uid
is free again once its holder gives it back or dies."""
import signal
import subprocess
import sys

from grader import KIT_ROOT
from grader.sandbox import uids
from grader.sandbox.modes import JAIL_UID_BASE


def draws(monkeypatch, *offsets):
    sequence = iter(JAIL_UID_BASE + offset for offset in offsets)
    monkeypatch.setattr(uids, "_draw", lambda: next(sequence))


def test_a_uid_held_is_passed_over_until_it_is_given_back(monkeypatch):
    draws(monkeypatch, 7, 7, 8, 7)
    first = uids.hold()
    second = uids.hold()
    assert (first.uid, second.uid) == (JAIL_UID_BASE + 7, JAIL_UID_BASE + 8)
    first.release()
    first.release()
    again = uids.hold()
    assert again.uid == JAIL_UID_BASE + 7
    second.release()
    again.release()


HOLD_THEN_WAIT = """
import time
from grader.sandbox import uids
uids._draw = lambda: %d
held = uids.hold()
print(held.uid, flush=True)
time.sleep(600)
"""


def test_a_grader_killed_by_sigkill_gives_its_uid_back(monkeypatch):
    uid = JAIL_UID_BASE + 65535
    other = subprocess.Popen([sys.executable, "-c", HOLD_THEN_WAIT % uid], cwd=KIT_ROOT,
                             stdout=subprocess.PIPE, text=True)
    try:
        assert other.stdout.readline() == "%d\n" % uid
        draws(monkeypatch, 65535, 65534)
        held = uids.hold()
        assert held.uid == uid - 1        # the other process holds uid
        held.release()
    finally:
        other.send_signal(signal.SIGKILL)
        other.wait()
        other.stdout.close()
    draws(monkeypatch, 65535)
    held = uids.hold()
    assert held.uid == uid
    held.release()


def test_when_every_draw_is_held_the_last_is_taken_unheld(monkeypatch):
    monkeypatch.setattr(uids, "DRAWS", 3)
    draws(monkeypatch, 1, 1, 1, 1)
    first = uids.hold()
    second = uids.hold()
    assert second.uid == first.uid and second._holder is None
    first.release()
