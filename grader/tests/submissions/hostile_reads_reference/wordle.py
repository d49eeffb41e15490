"""Hostile: known_word looks for the kit's reference wordle.py, the grader and its tests, and returns
what it could read (empty string when it found nothing)."""
import os

GUESSES = ["/work/main/wordle.py", "/work/main/grader/sandbox.py", "/work/main/test_wordle_funcs.py",
           "/autograder/source/wordle.py", "/root", "/etc/shadow"]


def readable_kit_files():
    found = []
    for path in GUESSES:
        try:
            if os.path.isdir(path):
                os.listdir(path)
            else:
                with open(path) as handle:
                    handle.read(10)
            found.append(path)
        except OSError:
            pass
    folder = os.path.dirname(os.path.abspath(__file__))
    while folder != os.path.dirname(folder):
        folder = os.path.dirname(folder)
        for name in ("wordle.py", "grader", "tests"):
            if os.path.exists(os.path.join(folder, name)):
                found.append(os.path.join(folder, name))
    return found


def known_word(clues):
    return ";".join(readable_kit_files())


if __name__ == "__main__":
    print(known_word([]))
