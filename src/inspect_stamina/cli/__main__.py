"""`python -m inspect_stamina.cli`: the same command line as `inspect-stamina`."""

import sys

from inspect_stamina.cli import main

sys.exit(main())
