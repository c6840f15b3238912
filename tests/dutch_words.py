"""A small language check for the Dutch interface (issue 35 §1): a word list of English words that
are not Dutch words, and a text fails where a piece of it reads as English: two such words in one
clause, or one in a label of at most three words ("Pass", "Copy link"). What may stay English is
allowed by name: the language switch's "English", the notation and the article ids (they hold no
words), the titles of the sources (proper names, read from the data), and English marked as such
("(nog niet in het Nederlands)", "(nog geen Nederlandse samenvatting)", or lang="en" in HTML)."""

from __future__ import annotations

import re

#: English words that are not Dutch words (a Dutch word spelt the same is left out: "is", "in",
#: "was", "over", "door", "die", "been", "start", "partner", "link", "corpus", "score", "quiz",
#: "matrix", "scenario", "supplement", "word", "here", "as", "at", "me", "he", "do", "so", "no").
ENGLISH = frozenset("""
the and to with which what who whom whose must may might each every only after before when where
this that these those their his her its has have are were not or it an for from by on than then there
also but if into upon would should could will shall does did any other same both either neither
ruled referenced excerpt assumption inherited auction bid bids bidding call calls called pass passes
passed double doubled doubles redouble redoubled card cards player players turn turns dealer north south
east opponent opponents offender cancelled canceled stands deemed replaces replaced void barred outside
source sources read text texts case cases rule rules ruling rulings law laws search words answer answers
question questions check my your you try again right wrong exercise exercises layer language step steps
next previous copy show hide choose example typed token tokens page pages how use edition editions
mechanic mechanics unknown error give given given none nothing everything article articles paragraph
paragraphs record records translation english dutch wrote written writes file files lines line
first international
""".split())

#: Marks after which the rest of a line is English on purpose (the data's English, not yet translated).
MARKS = ("(nog niet in het Nederlands)", "(nog geen Nederlandse samenvatting)")

_NOTATION = re.compile(r"\{[^}]*\}|[\w./-]+/[\w./-]+|\b\d{4}:[\w.\-]+|\b[1-7](?:NT|[CDHS])\b|[NESW]:\S+|\b(?:XX|X|P)\b|(?:https?|file)://\S*|\S+\.(?:txt|yaml|json|pbn)\b")
#: A quotation: the corpus's Dutch, or a source's English quoted in a Dutch sentence (as a quotation).
_QUOTED = re.compile(r'"[^"\n]{1,200}"|“[^”\n]{1,200}”|„[^”\n]{1,200}”|`[^`\n]+`|\?[\w%=&.,]+')  # and code, a query
_PLACEHOLDER = re.compile(r"\{[^}]*\}|\b[A-Z][A-Z_]+\b")  # a placeholder, or a metavar (FILE, SOURCE_DATE_EPOCH)
#: A command line named in the text: a word and its option ("editions --json", "bridgelaws judge").
_COMMAND = re.compile(r"\b[\w-]+ --[\w-]+|\bbridgelaws(?: [a-z-]+)?|--[\w-]+")
#: An identifier (a case, mechanic or exercise id: "call-when-barred", "page_address"; a mechanic's id
#: in a listing's first column: "double      mechaniek") or a word quoted as typed ('dealer', a search's
#: query; 'editions', a command's name).
_IDENTIFIER = re.compile(r"\b[a-z0-9]+(?:[-_][a-z0-9]+)+\b|'[^'\s]+'|‘[^’\s]+’|^ *[a-z]+(?= {2,}\S)", re.M)
_WORD = re.compile(r"[A-Za-z']+")


def without_marked(text: str) -> str:
    """``text`` less every line (or clause) that ends with a mark of English shown on purpose, and the
    command line's lines of the project's English ("en: ..." and the lines indented under it)."""
    kept, under = [], None
    for line in text.split("\n"):
        indent = len(line) - len(line.lstrip())
        if under is not None and line.strip() and indent > under:
            continue
        under = indent if line.lstrip().startswith("en: ") else None
        kept.append("" if under is not None else line)
    text = "\n".join(kept)
    for mark in MARKS:
        text = re.sub(rf"[^\n]*{re.escape(mark)}", " ", text)
    return text


def english_pieces(text: str, allowed: tuple[str, ...] = ()) -> list[str]:
    """The clauses of ``text`` that read as English (see the module's docstring); ``allowed``: names
    that may stand in the text as they are (source titles, the language switch's "English")."""
    text = without_marked(text)
    for name in sorted(allowed, key=len, reverse=True):
        text = text.replace(name, " ")
    text = re.sub(r"(?:https?|file)://\S*", " ", text)  # an address, before the split at ':'
    text = _IDENTIFIER.sub(" ", _PLACEHOLDER.sub(" ", _COMMAND.sub(" ", _QUOTED.sub(" ", text))))
    found = []
    for clause in re.split(r"[\n.;:!?()\[\]|·•→—–\"“”„]+|, ", text):
        words = [w.strip("'").lower() for w in _WORD.findall(_NOTATION.sub(" ", clause))]
        words = [w.removesuffix("'s") for w in words if w]
        english = [w for w in words if w in ENGLISH]
        if len(english) >= 2 or (english and len(words) <= 3):
            found.append(clause.strip()[:120])
    return found
