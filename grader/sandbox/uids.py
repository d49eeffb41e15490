"""Each root-run child's uid: one no other grading on this machine holds meanwhile.

As root, each child runs as a uid of its own (JAIL_UID_BASE + 0..65535), and its clean-up
kills every process of that uid and removes what it left (sandbox/leftovers.py).  Two gradings
drawing the same uid at once (grade-all --jobs N, two staff runs on one machine) would end each
other's children: a student would lose points for a race.  So a uid is held by binding the
abstract Unix socket name "\\0wordle-kit-uid-<uid>" for as long as the child and its clean-up
last: the kernel refuses a name already bound, and frees it when its holder closes it or dies
(SIGKILL included), so nothing is left on the machine.
"""
import secrets
import socket

from grader.sandbox.modes import JAIL_UID_BASE, JAIL_UID_COUNT

NAME = "\0wordle-kit-uid-%d"
# a child can bind some names itself (as many as its open-file limit lets it): far fewer
DRAWS = 1024


def _draw():
    return JAIL_UID_BASE + secrets.randbelow(JAIL_UID_COUNT)


class HeldUid:
    """A uid and the socket whose name holds it (None: held by nothing, see hold())."""

    def __init__(self, uid, holder):
        self.uid = uid
        self._holder = holder

    def release(self):
        """Give the uid back; idempotent."""
        if self._holder is not None:
            self._holder.close()
            self._holder = None


def hold():
    """A uid that no other holder holds, held until release(); if every draw is held (which
    only a machine full of gradings and squatters could do), the last draw, unheld."""
    for _ in range(DRAWS):
        uid = _draw()
        holder = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        try:
            holder.bind(NAME % uid)
        except OSError:
            holder.close()
            continue
        return HeldUid(uid, holder)
    return HeldUid(uid, None)
