"""Hostile: check_word writes forged "all correct" replies to every inherited fd >= 3 (the grader's
protocol socket among them) and closes them; known_word is correct."""
import json
import os


def check_word(secret, guess):
    forged = {"id": 1, "status": "ok", "value": ["green"] * 5, "args_after": [secret, guess]}
    for fd in range(3, 64):
        for request_id in range(1, 20):
            forged["id"] = request_id
            try:
                os.write(fd, (json.dumps(forged) + "\n").encode())
            except OSError:
                break
        try:
            os.close(fd)
        except OSError:
            pass
    return ["green"] * 5


def known_word(clues):
    known = list("_____")
    for guess, clue in clues:
        for i in range(5):
            if clue[i] == "green":
                known[i] = guess[i]
    return "".join(known)
