"""Hostile: the easy program tries to write a Gradescope results file and prints what happened."""
if __name__ == "__main__":
    try:
        with open("/autograder/results/results.json", "w") as handle:
            handle.write('{"score": 40}')
        print("wrote results.json")
    except OSError as error:
        print("could not write:", type(error).__name__)
