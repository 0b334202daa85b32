"""``python -m pedron``: the pedron command line."""

import sys

from pedron.cli import main

if __name__ == "__main__":
    sys.exit(main())
