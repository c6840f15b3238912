"""Thin ipywidgets front ends for the notebooks. Each keeps a little state and shows the HTML of a
pure function of :mod:`bridgelaws.presentation.views`; every callback catches :class:`BridgeLawsError` and shows
its one-line message in the widget's message area, never a traceback.

:class:`AuctionStepper` is the auction stepper of notebook 02. Tests drive it as a user would::

    stepper = AuctionStepper()
    stepper.editions.value = ("1936", "1949")
    stepper.click("1S"); stepper.seat.value = "W"; stepper.click("X")   # West doubles out of turn
    stepper.step.value = 1                                              # back to the first call
    stepper.output_html                                                 # what the user sees

The widgets live in modules beside this one (``widgets_common``: what they share; ``widgets_stepper``,
``widgets_explorers``, ``widgets_quiz``, ``widgets_matrix``); their public names are imported from here.
This module imports ipywidgets; ``import bridgelaws`` does not import it.
"""

from __future__ import annotations

from .widgets_common import MAX_TYPED_CHARS, YEARS, EditionChoice
from .widgets_common import _message as _message
from .widgets_explorers import (CompareExplorer, LanguageSwitch, ParallelTextExplorer, TextSearch,
                                TextsExplorer)
from .widgets_matrix import MatrixExplorer
from .widgets_quiz import ExerciseCard, QuizCard
from .widgets_page import PageText
from .widgets_stepper import YOUR_AUCTION, AuctionStepper

__all__ = ["AuctionStepper", "ExerciseCard", "QuizCard", "CompareExplorer", "LanguageSwitch", "TextsExplorer",
           "ParallelTextExplorer", "TextSearch", "MatrixExplorer", "PageText", "EditionChoice", "MAX_TYPED_CHARS", "YEARS", "YOUR_AUCTION"]
