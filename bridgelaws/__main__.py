import sys

from .interfaces._entry import main

sys.exit(main())
