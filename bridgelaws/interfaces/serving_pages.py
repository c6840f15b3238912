"""The pages the served app answers with instead of Voilà's (``make app``): a page refused by a cap, in
the language of its address, for the pupil and for the teacher; and the end of a page's request
that is still open at its deadline. :mod:`bridgelaws.interfaces.serving`'s kernel manager uses them."""

from __future__ import annotations

from typing import Any

from tornado import web

__all__ = ["CAP_SETTINGS", "PagesRefused", "end_request", "page_language", "refused_page", "speak_refusals"]


class PagesRefused(web.HTTPError):
    """A page refused by a cap: 429 (``scope`` "client": one address's share) or 503 ("server": the
    server's cap; "start": its kernel could not start). ``cap`` is the number reached (0 for "start").
    The status line keeps its English reason; the page itself (:func:`refused_page`) speaks the
    page's language."""

    def __init__(self, scope: str, cap: int, reason: str) -> None:
        super().__init__(429 if scope == "client" else 503, reason=reason)
        self.scope, self.cap = scope, cap


#: What ``make app`` calls each cap (the page tells the teacher the setting to change).
CAP_SETTINGS = {"client": "MAX_PER_ADDRESS", "server": "MAX_KERNELS"}


def page_language(query_lang: str | None) -> str:
    """The language of a page: its address's ``lang`` (``?lang=nl``) when it is one of the
    catalogue's, else English."""
    from ..text.i18n import LANGUAGES

    return query_lang if query_lang in LANGUAGES else LANGUAGES[0]


def refused_page(refused: PagesRefused, lang: str) -> str:
    """The page a refused visitor sees, in ``lang``: what happened, what a pupil does (close a page,
    ask the teacher), and for the teacher the setting of ``make app`` and the static stepper."""
    from html import escape
    from ..text.i18n import t

    scope = refused.scope
    # a class of thirty behind one address; the server: twice the memory, if the machine has it
    suggested = max(40, 2 * refused.cap) if scope == "client" else 2 * refused.cap
    setting = f"make app {CAP_SETTINGS.get(scope, 'MAX_KERNELS')}={suggested}"
    title = t(f"app.refused.title_{scope}", lang)
    paragraphs = [t(f"app.refused.why_{scope}", lang, cap=refused.cap),
                  t("app.refused.pupil_start" if scope == "start" else "app.refused.pupil", lang),
                  t(f"app.refused.teacher_{scope}", lang, setting=setting)]
    body = "".join(f"<p>{escape(text)}</p>" for text in paragraphs)
    return (f'<!DOCTYPE html>\n<html lang="{lang}"><head><meta charset="utf-8"><title>{escape(title)}</title>'
            '<meta name="viewport" content="width=device-width, initial-scale=1"></head>'
            '<body style="font-family:sans-serif;max-width:40em;margin:2em auto;padding:0 1em;line-height:1.4">'
            f"<h1>{escape(title)}</h1>{body}</body></html>\n")


def end_request(handler: Any, kernel_id: str, log: Any) -> None:
    """End a page's request still open at its deadline: HTTP 503 if nothing was sent yet (its page in
    the language of the page's address), else its connection closed (the page is then a page that
    never connected: the reaper takes its kernel)."""
    if getattr(handler, "_finished", True):
        return
    log.warning("The page of kernel %s was not answered in time: its request is ended.", kernel_id)
    try:
        if not handler._headers_written:
            from html import escape
            from ..text.i18n import t

            lang = page_language(handler.get_argument("lang", None))
            handler.clear()
            handler.set_status(503, reason="The page took too long: load it again.")  # the status line: English
            handler.finish(f'<!DOCTYPE html><html lang="{lang}"><meta charset="utf-8"><title>503</title>'
                           f"<p>{escape(t('app.too_long', lang))}</p></html>")
        else:
            handler.request.connection.close()
    except Exception as exc:  # noqa: BLE001 - the connection may be gone already
        log.debug("Ending the request of kernel %s: %s", kernel_id, exc)


def speak_refusals(handler: Any) -> None:
    """Make ``handler`` (the request of one page) answer a cap's refusal with :func:`refused_page`
    in the language of the page's address; every other error keeps the server's own page."""
    own = handler.write_error
    lang = page_language(handler.get_argument("lang", None))

    def write_error(status_code: int, **kwargs: Any) -> None:
        refused = (kwargs.get("exc_info") or (None, None))[1]
        if not isinstance(refused, PagesRefused):
            own(status_code, **kwargs)
            return
        handler.set_header("Content-Type", "text/html; charset=UTF-8")
        handler.write(refused_page(refused, lang))

    handler.write_error = write_error
