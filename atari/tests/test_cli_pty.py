"""`python -m atari run` played in a pseudo-terminal: draws, takes keys, quits with
Ctrl-Q, and leaves the terminal as it found it."""

import fcntl
import os
import select
import struct
import subprocess
import sys
import termios
import time

DEADLINE_SECONDS = 30


class PseudoTerminal:
    def __init__(self):
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 30, 100, 0, 0))
        self.output = b""

    def read_until(self, wanted, start=0):
        """Collect output until `wanted` appears after offset `start`; True if it did."""
        deadline = time.monotonic() + DEADLINE_SECONDS
        while wanted not in self.output[start:] and time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], 0.1)
            if ready:
                try:
                    self.output += os.read(self.master, 65536)
                except OSError:
                    break
        return wanted in self.output[start:]

    def close(self):
        os.close(self.master)
        os.close(self.slave)


def test_game_in_a_pseudo_terminal(tmp_path):
    program = tmp_path / "KEYS.LST"
    program.write_bytes(b'10 GRAPHICS 18:PRINT #6;"PRESS":OPEN #1,4,0,"K"\x9b'
                        b'20 GET #1,K:POSITION 0,2:PRINT #6;CHR$(K):GOTO 20\x9b')
    terminal = PseudoTerminal()
    settings_before = termios.tcgetattr(terminal.slave)
    child = subprocess.Popen([sys.executable, "-m", "atari", "run", str(program)],
                             stdin=terminal.slave, stdout=terminal.slave, stderr=subprocess.PIPE)
    try:
        assert terminal.read_until(b"Ctrl-Q quits"), terminal.output[-500:]
        assert terminal.read_until(b"P R E S S ")
        mark = len(terminal.output)
        os.write(terminal.master, b"x")
        assert terminal.read_until(b"X ", mark), terminal.output[mark:]
        os.write(terminal.master, b"\x11")
        assert child.wait(timeout=DEADLINE_SECONDS) == 0
        terminal.read_until(b"\x1b[?1049l", mark)
        assert b"\x1b[?1049l" in terminal.output[mark:]  # left the alternate screen
        assert termios.tcgetattr(terminal.slave) == settings_before
        assert b"Traceback" not in child.stderr.read()
    finally:
        if child.poll() is None:
            child.kill()
            child.wait()
        child.stderr.close()
        terminal.close()
