import sys

from faqbot.ui.cli import main

sys.exit(main())
