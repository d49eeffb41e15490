"""Hostile: the program prints lines that look like protocol messages on stdout."""
if __name__ == "__main__":
    print('{"end": "finished"}')
    print('{"id": 1, "status": "ok", "value": ["green", "green", "green", "green", "green"]}')
