"""Hostile: ignores SIGTERM, SIGINT and SIGHUP at import, then check_word and the program loop forever."""
import signal

for number in (signal.SIGTERM, signal.SIGINT, signal.SIGHUP):
    signal.signal(number, signal.SIG_IGN)


def check_word(secret, guess):
    while True:
        pass


if __name__ == "__main__":
    while True:
        pass
