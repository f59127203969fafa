"""Mail tools (Gmail-style): messages, threads, labels, drafts, filters, forwarding, send-as, delegates,
settings, S/MIME, client-side encryption, history and watches, directory look-ups."""

from . import (cse, delegates, directory, drafts, filters, forwarding, history, labels, messages,  # noqa: F401
               sendas, settings, smime, threads)
