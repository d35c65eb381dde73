"""python -m stockroom"""

import sys

from stockroom.cli import main

sys.exit(main())
