"""For every test of the kit: Ctrl-C reaches the programs the tests start, as from a terminal.

A shell that runs a command in the background without job control (`python -m pytest &`
in a script, a CI step) starts it with SIGINT ignored, and every process it starts
inherits that: Python then installs no KeyboardInterrupt handler, and the tests that
press Ctrl-C on the tester, grade-all or the Atari interpreter would see it ignored.
The programs rightly keep an ignored SIGINT ignored; the tests restore the terminal's
default for what they start.
"""
import signal

if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)
