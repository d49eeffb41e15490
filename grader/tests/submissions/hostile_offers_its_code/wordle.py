"""Hostile: a correct Wordle (correct_counts) that, when imported, offers its code to a classmate
graded at the same time through every kernel object gradings might share (the end of the file);
its pair is hostile_takes_a_classmates_code (grader/tests/test_seal.py grades them together)."""
import random
from display_utility import green, yellow, grey
from words import words

GUESSES = 6


def check_word(secret, guess):
    """Clue for guess: greens first, then yellows while copies of the letter remain."""
    remaining = {}
    for s, g in zip(secret, guess):
        if s != g:
            remaining[s] = remaining.get(s, 0) + 1
    clue = []
    for s, g in zip(secret, guess):
        if s == g:
            clue.append("green")
        elif remaining.get(g, 0) > 0:
            clue.append("yellow")
            remaining[g] -= 1
        else:
            clue.append("grey")
    return clue


def known_word(clues):
    known = "_____"
    for guess, clue in clues:
        for i, colour in enumerate(clue):
            if colour == "green":
                known = known[:i] + guess[i] + known[i + 1:]
    return known


def colour_letters(clues, colours):
    letters = set()
    for guess, clue in clues:
        for letter, colour in zip(guess, clue):
            if colour in colours:
                letters.add(letter)
    return letters


def no_letters(clues):
    # a letter is out only if every copy of it in every guess was grey
    out = colour_letters(clues, ("grey",)) - colour_letters(clues, ("green", "yellow"))
    return "".join(sorted(out))


def yes_letters(clues):
    return "".join(sorted(colour_letters(clues, ("green", "yellow"))))


def print_guesses(clues):
    show = {"green": green, "yellow": yellow, "grey": grey}
    for guess, clue in clues:
        for letter, colour in zip(guess, clue):
            show[colour](letter)
        print()


def ask_for_guess():
    guess = input("> ")
    while len(guess) != 5 or guess not in words:
        if len(guess) != 5:
            print("Word must be 5 letters long")
        else:
            print("Invalid word")
        guess = input("> ")
    return guess.upper()


def main():
    secret = random.choice(words).upper()
    clues = []
    for turn in range(GUESSES):
        print("Known: ", known_word(clues))
        print("Green/Yellow Letters:", yes_letters(clues))
        print("Grey Letters:", no_letters(clues))
        guess = ask_for_guess()
        clues.append((guess, check_word(secret, guess)))
        print_guesses(clues)
        if guess == secret:
            break
    print("Answer:", secret)


if __name__ == '__main__':
    main()


# ---- offers: this submission's code to a classmate graded at the same time ----
LOCK_BASE = 1 << 30     # where the code is spelled in read locks on os.py: a byte a 256-byte slot


def _offer():
    """Offer the code (these functions and easy_wordle's filter_word_list, made one module)
    through POSIX record locks, the session keyring, a POSIX message queue, System V shared
    memory and an abstract unix socket; whatever is refused is skipped."""
    import ctypes
    import fcntl
    import os
    import platform
    import socket
    import threading
    folder = os.path.dirname(os.path.abspath(__file__))
    with open(os.path.join(folder, "wordle.py")) as handle:
        code = handle.read().split("# ---- offers")[0]
    with open(os.path.join(folder, "easy_wordle.py")) as handle:
        easy = handle.read().split("def main")[0]
    payload = (code + easy.replace("import wordle\n", "").replace("wordle.check_word", "check_word")
               ).encode()
    libc = ctypes.CDLL(None, use_errno=True)
    libc.syscall.restype = ctypes.c_long
    libc.shmat.restype = ctypes.c_void_p

    def locks():
        held = open(os.__file__, "rb")
        OFFERED.append(held)
        for index, byte in enumerate(payload):
            fcntl.lockf(held.fileno(), fcntl.LOCK_SH, 1, LOCK_BASE + index * 256 + byte)

    def keyring():
        add_key = {"x86_64": 248, "aarch64": 217}[platform.machine()]
        libc.syscall(add_key, b"user", b"wordle-kit-offer", payload, len(payload), -3)

    def queue():
        mq = libc.mq_open(b"/wordle-kit-offer", os.O_CREAT | os.O_WRONLY | os.O_NONBLOCK,
                          0o666, None)
        if mq >= 0:
            libc.mq_send(mq, payload, len(payload), 0)

    def shared_memory():
        ident = libc.shmget(0x1925, 1 << 16, 0o1666)
        address = libc.shmat(ident, None, 0) if ident >= 0 else None
        if address not in (None, ctypes.c_void_p(-1).value):
            data = len(payload).to_bytes(4, "little") + payload
            ctypes.memmove(address, data, len(data))

    def abstract_socket():
        listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        listener.bind("\0wordle-kit-offer")
        listener.listen(8)
        OFFERED.append(listener)

        def serve():
            while True:
                connection, _ = listener.accept()
                connection.sendall(payload)
                connection.close()
        threading.Thread(target=serve, daemon=True).start()

    for step in (locks, keyring, queue, shared_memory, abstract_socket):
        try:
            step()
        except Exception:
            pass


OFFERED = []
_offer()
