"""Row builder shared by the Drive seed and its scenario fixtures: ids, defaults and the
consistency rules (owner permission for My Drive items, head revision, sizes)."""

from __future__ import annotations

import datetime as dt
import hashlib
from collections import defaultdict
from typing import Any

INTERNAL = "arcturus.example"
NOW = dt.datetime(2025, 12, 5, 10, 0, 0)
FOLDER = "application/vnd.google-apps.folder"
SHORTCUT = "application/vnd.google-apps.shortcut"
NATIVE = "application/vnd.google-apps."

FILE_COLS = ["file_id", "name", "mime_type", "parent_id", "drive_id", "owner_id", "description", "starred", "trashed",
             "explicitly_trashed", "trashed_time", "trashing_user_id", "created_time", "modified_time",
             "last_modifying_user_id", "size_bytes", "md5_checksum", "version", "head_revision_id", "shortcut_target_id",
             "copied_from_id", "writers_can_share", "copy_requires_writer_permission", "inherited_permissions_disabled",
             "is_root"]
PERM_COLS = ["permission_id", "file_id", "type", "role", "person_id", "external_id", "group_id", "domain",
             "email_address", "allow_file_discovery", "expiration_time", "pending_owner", "created_time", "granted_by"]
MEMBER_COLS = ["permission_id", "drive_id", "type", "role", "person_id", "external_id", "group_id", "domain",
               "email_address", "added_time", "added_by"]
REV_COLS = ["revision_id", "file_id", "revision_number", "modified_time", "last_modifying_user_id", "size_bytes",
            "md5_checksum", "keep_forever", "published", "publish_auto", "original_filename", "change_summary"]


def md5(text: str) -> str:
    return hashlib.md5(text.encode()).hexdigest()


class Builder:
    def __init__(self, people: dict[str, dict], externals: dict[str, dict] | None = None):
        self.rows: dict[str, list[dict[str, Any]]] = defaultdict(list)
        self.people = people            # person_id -> org row
        self.externals = externals if externals is not None else {}  # external_id -> row
        self.groups: dict[str, dict] = {}
        self.files: dict[str, dict] = {}
        self.counters: dict[str, int] = defaultdict(int)
        self.by_email = {p["email"]: pid for pid, p in people.items()}

    def next(self, prefix: str, width: int) -> str:
        self.counters[prefix] += 1
        return f"{prefix}{self.counters[prefix]:0{width}d}"

    def add(self, table: str, row: dict[str, Any]) -> dict[str, Any]:
        self.rows[table].append(row)
        return row

    # -- principals ---------------------------------------------------------
    def principal(self, who: str) -> dict[str, Any]:
        """'P0123' | 'EXT004' | 'GRP003' | 'domain:x' | 'anyone' -> permission principal columns."""
        base = {"person_id": None, "external_id": None, "group_id": None, "domain": None, "email_address": None}
        if who == "anyone":
            return {**base, "type": "anyone"}
        if who.startswith("domain:"):
            return {**base, "type": "domain", "domain": who[7:]}
        if who.startswith("GRP"):
            return {**base, "type": "group", "group_id": who, "email_address": self.groups[who]["email"]}
        if who.startswith("EXT"):
            return {**base, "type": "user", "external_id": who, "email_address": self.externals[who]["email"]}
        return {**base, "type": "user", "person_id": who, "email_address": self.people[who]["email"]}

    # -- files ---------------------------------------------------------------
    def file(self, name: str, mime: str, parent: str | None, *, drive: str | None = None, owner: str | None = None,
             created: dt.datetime, modified: dt.datetime | None = None, modifier: str | None = None, size: int = 0,
             file_id: str | None = None, revisions: int = 1, **extra: Any) -> dict[str, Any]:
        fid = file_id or self.next("FIL", 5)
        if parent and drive is None and owner is None:
            p = self.files[parent]
            drive, owner = p["drive_id"], p["owner_id"]
        modified = modified or created
        binary = not mime.startswith(NATIVE)
        row = {c: None for c in FILE_COLS}
        row.update(file_id=fid, name=name, mime_type=mime, parent_id=parent, drive_id=drive, owner_id=owner,
                   starred=False, trashed=False, explicitly_trashed=False, created_time=created, modified_time=modified,
                   last_modifying_user_id=modifier or owner, size_bytes=size if mime not in (FOLDER, SHORTCUT) else 0,
                   md5_checksum=md5(fid + name) if binary else None, version=1, writers_can_share=True,
                   copy_requires_writer_permission=False, inherited_permissions_disabled=False, is_root=False)
        row.update(extra)
        self.files[fid] = row
        self.add("drive.file", row)
        if owner and not row["is_root"]:
            self.perm(fid, owner, "owner", created, granted_by=owner)
        if mime not in (FOLDER, SHORTCUT) and revisions:
            self.revisions(row, revisions)
        return row

    def revisions(self, f: dict[str, Any], n: int, keep: int | None = None, published: int | None = None,
                  summaries: list[str] | None = None) -> list[dict[str, Any]]:
        span = (f["modified_time"] - f["created_time"]) / max(n - 1, 1) if n > 1 else dt.timedelta(0)
        out = []
        for i in range(n):
            t = f["created_time"] + span * i if i < n - 1 else f["modified_time"]
            size = max(1, int(f["size_bytes"] * (0.55 + 0.45 * (i + 1) / n)))
            r = {c: None for c in REV_COLS}
            r.update(revision_id=self.next("REV", 5), file_id=f["file_id"], revision_number=i + 1, modified_time=t,
                     last_modifying_user_id=f["last_modifying_user_id"] if i == n - 1 else (f["owner_id"] or f["last_modifying_user_id"]),
                     size_bytes=size if i < n - 1 else f["size_bytes"],
                     md5_checksum=md5(f"{f['file_id']}-{i}") if f["md5_checksum"] else None,
                     keep_forever=(keep == i + 1), published=(published == i + 1), publish_auto=False,
                     original_filename=f["name"] if f["md5_checksum"] else None,
                     change_summary=(summaries[i] if summaries and i < len(summaries) else
                                     ("Created" if i == 0 else "Edited content")))
            out.append(self.add("drive.revision", r))
        f["head_revision_id"] = out[-1]["revision_id"]
        f["version"] = n + (1 if n > 1 else 0)
        return out

    def perm(self, file_id: str, who: str, role: str, created: dt.datetime, *, granted_by: str | None = None,
             expires: dt.datetime | None = None, discoverable: bool | None = None, perm_id: str | None = None) -> dict:
        r = {c: None for c in PERM_COLS}
        r.update(permission_id=perm_id or self.next("PRM", 5), file_id=file_id, role=role, expiration_time=expires,
                 pending_owner=False, created_time=created, granted_by=granted_by, **self.principal(who))
        if r["type"] in ("domain", "anyone"):
            r["allow_file_discovery"] = bool(discoverable)
        return self.add("drive.permission", r)

    def member(self, drive_id: str, who: str, role: str, added: dt.datetime, added_by: str | None = None) -> dict:
        p = self.principal(who)
        r = {c: None for c in MEMBER_COLS}
        r.update(permission_id=self.next("DPM", 4), drive_id=drive_id, role=role, added_time=added, added_by=added_by, **p)
        return self.add("drive.drive_member", r)

    def label(self, file_id: str, label_id: str, applied_by: str, when: dt.datetime, **values: Any) -> None:
        """values: field_id -> choice_id (LBC…), date, person id (P…), int or text."""
        self.add("drive.file_label", {"file_id": file_id, "label_id": label_id, "applied_by": applied_by, "applied_time": when})
        for field_id, v in values.items():
            row = {"file_id": file_id, "label_id": label_id, "field_id": field_id, "choice_id": None, "text_value": None,
                   "date_value": None, "person_id": None, "integer_value": None}
            if isinstance(v, dt.date):
                row["date_value"] = v
            elif isinstance(v, int):
                row["integer_value"] = v
            elif isinstance(v, str) and v.startswith("LBC"):
                row["choice_id"] = v
            elif isinstance(v, str) and v[:1] == "P" and v[1:].isdigit():
                row["person_id"] = v
            else:
                row["text_value"] = v
            self.add("drive.file_label_value", row)

    def change(self, when: dt.datetime, summary: str, file_id: str | None = None, drive_id: str | None = None,
               actor: str | None = None, removed: bool = False) -> None:
        self.add("drive.change", {"change_id": 0, "change_time": when, "change_type": "file" if file_id else "drive",
                                  "file_id": file_id, "drive_id": drive_id, "removed": removed, "actor_id": actor,
                                  "summary": summary})

    def audit(self, when: dt.datetime, actor: str | None, action: str, target_type: str, target_id: str,
              details: str | None = None, file_id: str | None = None, drive_id: str | None = None) -> None:
        self.add("drive.audit_log", {"audit_id": "", "actor_id": actor, "action": action, "target_type": target_type,
                                     "target_id": target_id, "file_id": file_id, "drive_id": drive_id,
                                     "details": details, "created_time": when})

    def finish(self) -> None:
        """Number the changes feed and audit log in time order (ids follow time, as the real feed does)."""
        for i, c in enumerate(sorted(self.rows["drive.change"], key=lambda r: (r["change_time"], r["summary"])), 1):
            c["change_id"] = 1000 + i
        self.rows["drive.change"].sort(key=lambda r: r["change_id"])
        for i, a in enumerate(sorted(self.rows["drive.audit_log"], key=lambda r: (r["created_time"], r["action"])), 1):
            a["audit_id"] = f"AUD{i:06d}"
        self.rows["drive.audit_log"].sort(key=lambda r: r["audit_id"])
