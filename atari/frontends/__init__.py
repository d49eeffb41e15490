"""Ways to show and drive the machine: scripted runs, PNG pictures, the terminal."""
