"""Hostile: check_word leaves sleeping processes behind (a child, and a double-forked daemon in its own session)."""
import os
import subprocess
import time


def check_word(secret, guess):
    subprocess.Popen(["sleep", "300"])
    if os.fork() == 0:
        os.setsid()
        if os.fork() == 0:
            time.sleep(300)
        os._exit(0)
    return ["green" if secret[i] == guess[i] else "grey" for i in range(5)]


if __name__ == "__main__":
    subprocess.Popen(["sleep", "300"])
    print("started a sleeper")
