"""Hostile: the program imports forbidden modules (socket, subprocess) besides math and random."""
import math
import random
import socket
import subprocess

if __name__ == "__main__":
    print(math.floor(random.random()), socket.AF_INET > 0, subprocess.PIPE)
