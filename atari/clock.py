"""The virtual clock: the Atari's time, counted in 6502 cycles, and the frames it makes.

The interpreter charges each statement's cost here as it runs it; every NTSC frame
(262 scan lines of 114 cycles) the machine's vertical blank runs, as the OS's does,
advancing RTCLOK and the attract-mode counter. Front-ends read ``seconds`` to keep
pace with a real Atari, or ignore it to run flat out; either way the Atari's own
time, as a program sees it through PEEK(20) or hears it in SOUND, is this clock's.
"""

CPU_HZ = 1_789_772.5                    # NTSC 6502 clock (3.579545 MHz / 2)
CYCLES_PER_FRAME = 262 * 114            # scan lines x cycles per line
FRAME_HZ = CPU_HZ / CYCLES_PER_FRAME    # about 59.92


class VirtualClock:
    """Cycles since power-up; ``on_frame`` runs once for every frame completed."""

    def __init__(self, on_frame=None):
        self.cycles = 0
        self.next_frame = CYCLES_PER_FRAME
        self.on_frame = on_frame

    @property
    def seconds(self):
        return self.cycles / CPU_HZ

    @property
    def frame_seconds(self):
        """When the last frame completed (inside ``on_frame``: the frame being run)."""
        return (self.next_frame - CYCLES_PER_FRAME) / CPU_HZ

    @property
    def frames(self):
        return self.cycles // CYCLES_PER_FRAME

    def advance(self, cycles):
        """Let ``cycles`` pass."""
        self.cycles += cycles
        if self.cycles >= self.next_frame:
            self.catch_up()

    def advance_seconds(self, seconds):
        self.advance(self.seconds_to_cycles(seconds))

    @staticmethod
    def seconds_to_cycles(seconds):
        return int(seconds * CPU_HZ)

    def catch_up(self):
        """Run the frames that ``cycles`` has passed (the run loop adds cycles itself
        and calls this only when a frame is due)."""
        while self.cycles >= self.next_frame:
            self.next_frame += CYCLES_PER_FRAME
            if self.on_frame is not None:
                self.on_frame()
