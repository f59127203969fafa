"""Drive tools: files and folders, lifecycle, permissions and inheritance, shared drives, directory
(accounts and groups), comments, revisions, labels, access proposals, changes/watches, quota and audit."""

from . import (changes, comments, directory, drives, files, labels, lifecycle, permissions, proposals,  # noqa: F401
               revisions)
