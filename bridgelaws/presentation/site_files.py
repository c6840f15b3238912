"""Writing the static site's files (:mod:`bridgelaws.presentation.static_site`) without ever following a
link inside the site's directory: every removal and write goes through descriptors of the site's
folders, each opened relative to the one above without following a link (O_NOFOLLOW)."""

from __future__ import annotations

import os
from collections.abc import Iterable
from pathlib import Path

from ..text.errors import BridgeLawsError


def _inside(name: str) -> bool:
    """True for a '/'-separated relative name that stays inside the directory (no '..', not absolute)."""
    parts = name.split("/")
    return bool(name) and not name.startswith("/") and ".." not in parts and "\\" not in name and ":" not in name


def _linked(where: Path) -> BridgeLawsError:
    return BridgeLawsError(f"{where} is a symbolic link: export-site never follows a link inside the site's "
                           "directory; remove it, or choose a new or empty directory")


def check_no_linked_folder(directory: Path, names: Iterable[str]) -> None:
    """Refuse (one line, before anything is removed or written) a folder of the site that is a
    symbolic link: the export would remove and write files wherever it points."""
    seen: set[str] = set()
    for name in names:
        if not _inside(name):
            continue
        parts = name.split("/")
        for depth in range(1, len(parts)):
            folder = "/".join(parts[:depth])
            if folder not in seen:
                seen.add(folder)
                if (directory / folder).is_symlink():
                    raise _linked(directory / folder)


# Every removal and write below goes through descriptors of the site's folders, each opened relative
# to the one above without following a link (O_NOFOLLOW): a link put in place of a folder after the
# check above is refused too, never followed.
FOLDER_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)


def _open_folder(root: int, parts: list[str], create: bool, shown: Path) -> int | None:
    """A descriptor of the folder ``parts`` under ``root`` (a descriptor), never through a link;
    None when it is missing and ``create`` is false."""
    import errno

    fd = os.dup(root)
    try:
        for depth, part in enumerate(parts, start=1):
            try:
                child = os.open(part, FOLDER_FLAGS | _NOFOLLOW, dir_fd=fd)
            except FileNotFoundError:
                if not create:
                    os.close(fd)
                    return None
                os.mkdir(part, 0o777, dir_fd=fd)
                child = os.open(part, FOLDER_FLAGS | _NOFOLLOW, dir_fd=fd)
            except OSError as exc:
                if exc.errno in (errno.ELOOP, errno.ENOTDIR):
                    raise _linked(shown / "/".join(parts[:depth])) from None
                raise
            os.close(fd)
            fd = child
        return fd
    except BaseException:
        os.close(fd)
        raise


def remove_previous(directory: Path, root: int, names: Iterable[str]) -> None:
    """Remove the files a previous export listed, and the folders they leave empty; nothing else.
    A listed name that would lead outside the directory is ignored; a link is removed, never followed."""
    import stat

    folders: set[tuple[str, ...]] = set()
    for name in names:
        if not _inside(name):
            continue
        parts = name.split("/")
        folder = _open_folder(root, parts[:-1], False, directory)
        if folder is None:
            continue
        try:
            try:
                found = os.stat(parts[-1], dir_fd=folder, follow_symlinks=False)
            except FileNotFoundError:
                continue
            if stat.S_ISREG(found.st_mode) or stat.S_ISLNK(found.st_mode):
                os.unlink(parts[-1], dir_fd=folder)
                folders.update(tuple(parts[:depth]) for depth in range(1, len(parts)))
        finally:
            os.close(folder)
    for path_parts in sorted(folders, key=len, reverse=True):
        parent = _open_folder(root, list(path_parts[:-1]), False, directory)
        if parent is None:
            continue
        try:
            os.rmdir(path_parts[-1], dir_fd=parent)  # only an empty folder, never a link (ENOTDIR)
        except OSError:
            pass
        finally:
            os.close(parent)


def write_file(directory: Path, root: int, name: str, text: str | bytes) -> None:
    """Write one file of the site at ``name`` (below ``root``), never through a link."""
    import errno

    parts = name.split("/")
    folder = _open_folder(root, parts[:-1], True, directory)
    assert folder is not None
    try:
        try:
            fd = os.open(parts[-1], os.O_WRONLY | os.O_CREAT | os.O_TRUNC | _NOFOLLOW, 0o666, dir_fd=folder)
        except OSError as exc:
            if exc.errno == errno.ELOOP:
                raise _linked(directory / name) from None
            raise
        if isinstance(text, bytes):
            with open(fd, "wb") as binary:
                binary.write(text)
            return
        with open(fd, "w", encoding="utf-8", newline="\n") as handle:
            handle.write(text)
    finally:
        os.close(folder)
