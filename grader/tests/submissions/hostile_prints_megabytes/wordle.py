"""Hostile: check_word prints 20 MB (to sys.stdout and straight to fd 1) before a correct-looking answer;
the program prints megabytes forever."""
import os


def check_word(secret, guess):
    print("x" * 10_000_000)
    os.write(1, b"y" * 10_000_000)
    return ["green" if secret[i] == guess[i] else "grey" for i in range(5)]


if __name__ == "__main__":
    while True:
        print("spam " * 10_000)
