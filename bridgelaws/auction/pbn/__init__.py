"""Reading and writing the auction data of PBN files (Portable Bridge Notation 1.0 - 2.1).

The reader follows the PBN 2.1 standard (Tis Veugen, 2017; the chapter numbers below are its own):

* Games (ch. 3): a game ends at a semi-empty line (empty, or only spaces/tabs), except inside a brace
  comment. A block that has no tag yet (only comments, or nothing) does not end there: its comments
  belong to the game whose first tag follows. A line with ``%`` in the first column is ignored
  (2.4). Comments are ``{...}`` (may span lines, do not nest) and ``;`` to the end of the line (3.8).
* Tag pairs ``[Name "value"]`` (3.3), with the string escapes ``\\"`` and ``\\\\`` (3.2); import format
  allows spaces and line breaks between the four tokens and several tags on a line. A tag that
  already occurred in the game is ignored (3.4).
* Tag value inheritance (4.8): ``"#"`` takes the value of the same tag in the nearest previous game
  (``""`` if none); ``"##text"`` sets the value and makes it the value of every later game that does
  not give the tag. ``#`` is forbidden for Dealer, Declarer, Contract, Auction and Note (an error
  here) and for Vulnerable, Deal, Play (kept verbatim, not resolved: this module does not read them).
* The auction section (3.5): ``[Auction "<seat>"]`` then call tokens ``Pass``, ``X``, ``XX``,
  ``<k><denomination>`` (``NT``; ``N`` is read as NT too), ``AP`` (all players pass: the passes that
  end the auction), ``-`` (it is not yet this player's turn: the players before the dealer when the
  grid starts at another seat), each optionally followed by a suffix (``! ? !! ?? !? ?!``), a note
  reference ``=n=`` and NAGs ``$n`` (3.5.2-3.5.4, 3.7); ``*`` ends an incomplete auction section and
  ``+`` stands for the next call of an auction to be continued; the ``Note`` tags ``"n:text"`` follow
  the calls (3.5.5). Lower case is accepted (3.11).
* Irregularities (3.9): ``^I`` precedes an insufficient bid that was accepted; ``^S`` stands in the
  place of a player who could not call because another player called out of rotation. Both are
  kept as marks on the call they belong to (a ``^S`` belongs to the out-of-rotation call after it).
  ``Declarer "^N"``: "the declarer and the dummy are swapped ... The tag value becomes a caret (^)
  followed by the direction of the irregular declarer" (3.4.13): North played the hand, so the
  declarer the auction names is North's partner, South.

Sections this package does not read (Play, supplemental tables, user sections) are kept verbatim, so
:func:`write_games` can write them back.

The rules of the auction are not written here: :meth:`Game.auction` replays the calls through the
:class:`~bridgelaws.auction.auction.Auction` of the edition asked for (is a call proper, why not, is the
auction over; ``AP`` is "pass until it is over"), and :func:`game_results` walks the editions'
transition tables of :mod:`bridgelaws.auction.fast`. Only where the written calls end the auction is decided
while reading, before any edition is chosen: under :data:`bridgelaws.auction.editions.DEFAULT_EDITION`.

Limits (``limits.py``): a line of at most 65,536 characters (PBN allows 255), a tag value of 16,384,
a game of 1,048,576; a game beyond one is one error and reading goes on with the next game, and a
line too long is never held whole (CR-only line ends and files without line ends included).

Speed: a file is read in pieces of a megabyte (bounded memory whatever its size); a game of the plain
shape of most archives (one tag pair a line, no comments) is read with a few regular expressions,
any other game line by line by the reference reader, with the same result (tests/test_fuzz.py and
tests/test_large_input.py compare them). Every problem is a :class:`BridgeLawsError` whose one line
names the file, the game number (and board when known), the line, and the problem.

The modules, in the order of the flow:

* ``sources``: a path, text, bytes or a file as lines or as pieces of whole lines, decoded;
  ``limits``: what a line, a tag value and a game may hold;
* ``lexer``: the tokens of a line; ``tags``: the values of the tags read, and inheritance rules;
* ``reader``: the reference reader, line by line (``grid``: its auction section);
* ``fastpath``: the fast reader of plain games; ``reading``: :func:`iter_games` chooses between them;
* ``model``: :class:`Game` and :class:`AuctionToken`; ``replay``: :meth:`Game.auction`;
* ``writer``: :func:`write_games`; ``report``: :func:`game_results`, :func:`game_report` and the
  terminal table.
"""

from __future__ import annotations

from .model import SUFFIX_NAGS, AuctionToken, Game
from .reading import iter_games, read_games
from .report import ReportTable, format_report_lines, game_report, game_results
from .sources import open_file
from .writer import write_games

__all__ = [
    "AuctionToken", "Game", "iter_games", "read_games", "write_games", "game_report", "game_results",
    "format_report_lines", "ReportTable", "SUFFIX_NAGS", "open_file",
]
