"""Labels (classification, retention, legal hold, document status): the catalogue, and labels with
field values applied to files."""

from __future__ import annotations

from pytest_enterpriseops import Ctx, ToolError, tool

from .common import audit, change, file_row, now, parse_date, require, require_account


def _label(ctx: Ctx, label_id: str) -> dict:
    lab = ctx.one("SELECT * FROM drive.label WHERE label_id = ? OR lower(name) = lower(?)", label_id, label_id)
    if lab is None:
        raise ToolError(f"label '{label_id}' not found (use drive_list_labels)")
    return lab


@tool
def drive_list_labels(ctx: Ctx, include_disabled: bool = False) -> list:
    """List the label catalogue with each label's fields and, for selection fields, their choices.

    Default order: by label id, ascending.

    Args:
        include_disabled: Include disabled labels.
    """
    require_account(ctx)
    labels = ctx.all("SELECT * FROM drive.label" + ("" if include_disabled else " WHERE state = 'published'") + " ORDER BY label_id")
    for lab in labels:
        lab["fields"] = drive_get_label.fn(ctx, lab["label_id"])["fields"]
    return labels


@tool
def drive_get_label(ctx: Ctx, label_id: str) -> dict:
    """Get a label with its fields (type, required) and selection choices.

    Args:
        label_id: The label id (LBL01) or its name.
    """
    require_account(ctx)
    lab = _label(ctx, label_id)
    lab["fields"] = ctx.all("SELECT * FROM drive.label_field WHERE label_id = ? ORDER BY field_id", lab["label_id"])
    for fld in lab["fields"]:
        if fld["value_type"] == "selection":
            fld["choices"] = ctx.all("SELECT choice_id, display_name FROM drive.label_choice WHERE field_id = ? ORDER BY rank",
                                     fld["field_id"])
    return lab


def file_labels(ctx: Ctx, file_id: str) -> list:
    rows = ctx.all("SELECT l.label_id, b.name, l.applied_by, l.applied_time FROM drive.file_label l JOIN drive.label b "
                   "USING (label_id) WHERE l.file_id = ? ORDER BY l.label_id", file_id)
    for r in rows:
        r["fields"] = ctx.all(
            "SELECT v.field_id, f.name, coalesce(c.display_name, v.text_value, CAST(v.date_value AS VARCHAR), a.email, "
            "CAST(v.integer_value AS VARCHAR)) AS value, v.choice_id FROM drive.file_label_value v JOIN drive.label_field f "
            "USING (field_id) LEFT JOIN drive.label_choice c ON c.choice_id = v.choice_id "
            "LEFT JOIN drive.account a ON a.person_id = v.person_id WHERE v.file_id = ? AND v.label_id = ? ORDER BY v.field_id",
            file_id, r["label_id"])
    return rows


@tool
def drive_list_file_labels(ctx: Ctx, file_id: str) -> list:
    """List the labels applied to a file with their field values (e.g. Classification: Sensitivity =
    Confidential; Legal Hold: Matter number). Needs reader access.

    Default order: by label id.

    Args:
        file_id: The file.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "read")
    return file_labels(ctx, file_id)


def _value(ctx: Ctx, fld: dict, raw: str) -> dict:
    v = {"choice_id": None, "text_value": None, "date_value": None, "person_id": None, "integer_value": None}
    if fld["value_type"] == "selection":
        c = ctx.one("SELECT choice_id FROM drive.label_choice WHERE field_id = ? AND (choice_id = ? OR lower(display_name) = lower(?))",
                    fld["field_id"], raw, raw)
        if c is None:
            names = [r["display_name"] for r in ctx.all("SELECT display_name FROM drive.label_choice WHERE field_id = ? ORDER BY rank",
                                                        fld["field_id"])]
            raise ToolError(f"'{raw}' is not a choice of {fld['name']}; choices: {', '.join(names)}")
        v["choice_id"] = c["choice_id"]
    elif fld["value_type"] == "date":
        v["date_value"] = parse_date(raw, fld["name"])
    elif fld["value_type"] == "user":
        pid = ctx.scalar("SELECT person_id FROM drive.account WHERE lower(email) = lower(?)", raw)
        if pid is None:
            raise ToolError(f"{fld['name']} needs the e-mail of an account; '{raw}' is not one")
        v["person_id"] = pid
    elif fld["value_type"] == "integer":
        try:
            v["integer_value"] = int(raw)
        except ValueError:
            raise ToolError(f"{fld['name']} needs a whole number") from None
    else:
        if not raw.strip() or len(raw) > 500:
            raise ToolError(f"{fld['name']} needs 1-500 characters of text")
        v["text_value"] = raw.strip()
    return v


@tool
def drive_apply_label(ctx: Ctx, file_id: str, label_id: str, field_values: dict[str, str] | None = None) -> list:
    """Apply a label to a file or change field values of a label already on it. Field values are given
    by field id or field name: selection fields take a choice name or id, dates YYYY-MM-DD, user fields an
    e-mail. Every required field must have a value once the label is on the file. Needs writer access.
    Changing the values of a label already on the file keeps its applied_by/applied_time (who applied it first);
    the change itself is in the audit log.

    Args:
        file_id: The file.
        label_id: The label id (LBL01) or name.
        field_values: Field (id or name) -> value, e.g. {"Sensitivity": "Confidential"}.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "edit")
    lab = _label(ctx, label_id)
    if lab["state"] != "published":
        raise ToolError(f"label {lab['name']} is disabled and cannot be applied")
    fields = ctx.all("SELECT * FROM drive.label_field WHERE label_id = ? ORDER BY field_id", lab["label_id"])
    by_key = {k: fld for fld in fields for k in (fld["field_id"].lower(), fld["name"].lower())}
    values = {}
    for key, raw in (field_values or {}).items():
        fld = by_key.get(key.lower())
        if fld is None:
            raise ToolError(f"label {lab['name']} has no field '{key}'; fields: {', '.join(x['name'] for x in fields)}")
        values[fld["field_id"]] = _value(ctx, fld, str(raw))
    applied = ctx.scalar("SELECT count(*) FROM drive.file_label WHERE file_id = ? AND label_id = ?", file_id, lab["label_id"])
    have = {r["field_id"] for r in ctx.all("SELECT field_id FROM drive.file_label_value WHERE file_id = ? AND label_id = ?",
                                           file_id, lab["label_id"])} if applied else set()
    missing = [fld["name"] for fld in fields if fld["required"] and fld["field_id"] not in values and fld["field_id"] not in have]
    if missing:
        raise ToolError(f"label {lab['name']} needs a value for: {', '.join(missing)}")
    if not applied:
        ctx.insert("drive.file_label", {"file_id": file_id, "label_id": lab["label_id"], "applied_by": ctx.user_id,
                                        "applied_time": now(ctx)})
    elif not values:
        raise ToolError(f"label {lab['name']} is already on the file; give field_values to change it")
    else:
        cur = {r["field_id"]: r for r in ctx.all("SELECT * FROM drive.file_label_value WHERE file_id = ? AND label_id = ?",
                                                 file_id, lab["label_id"])}
        if all(fid in cur and all(str(cur[fid][k]) == str(v[k]) for k in v) for fid, v in values.items()):
            raise ToolError(f"label {lab['name']} already has these values on the file; nothing to change")
    for field_id, v in values.items():
        if field_id in have:
            ctx.update("drive.file_label_value", {"file_id": file_id, "field_id": field_id}, v)
        else:
            ctx.insert("drive.file_label_value", {"file_id": file_id, "label_id": lab["label_id"], "field_id": field_id, **v})
    change(ctx, "labels changed", file_id, f["drive_id"])
    audit(ctx, "label.apply", "file", file_id, f"{lab['name']}: " + ", ".join(
        f"{k}={raw}" for k, raw in (field_values or {}).items()), file_id, f["drive_id"])
    return file_labels(ctx, file_id)


@tool
def drive_remove_label(ctx: Ctx, file_id: str, label_id: str) -> list:
    """Remove a label (and its field values) from a file. Needs writer access.

    Args:
        file_id: The file.
        label_id: The label id or name.
    """
    require_account(ctx)
    f = file_row(ctx, file_id)
    require(ctx, f, "edit")
    lab = _label(ctx, label_id)
    if not ctx.scalar("SELECT count(*) FROM drive.file_label WHERE file_id = ? AND label_id = ?", file_id, lab["label_id"]):
        raise ToolError(f"label {lab['name']} is not on file {file_id}")
    ctx.execute("DELETE FROM drive.file_label_value WHERE file_id = ? AND label_id = ?", file_id, lab["label_id"])
    ctx.execute("DELETE FROM drive.file_label WHERE file_id = ? AND label_id = ?", file_id, lab["label_id"])
    change(ctx, "labels changed", file_id, f["drive_id"])
    audit(ctx, "label.remove", "file", file_id, lab["name"], file_id, f["drive_id"])
    return file_labels(ctx, file_id)
