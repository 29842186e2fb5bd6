"""``python -m jantaku``: the command line."""

from jantaku.cli import main

if __name__ == "__main__":
    main()
