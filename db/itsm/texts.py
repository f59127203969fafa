"""Ticket text for the ITSM seed: descriptions, work notes, resolutions, plans — templated per
category and varied, so records read like a real service desk's (no filler text).

Every function takes a `key` (the record id and field) and draws from its own `random.Random(key)`:
the text never consumes the seed's main random stream, so ids, dates and people stay put when a
template changes.
"""

from __future__ import annotations

import random

SINCE = ["since this morning", "since yesterday afternoon", "since Monday", "for about an hour", "since the weekend",
         "on and off for two days", "since the update last night", "since I came back from leave"]
IMPACT = ["I can still work but it is slowing me down.", "I cannot work on anything else until this is fixed.",
          "Two colleagues next to me have the same problem.", "It blocks a customer deadline today.",
          "Not urgent, but it happens every day.", "The whole team is affected."]

# first segment of the category -> (details the caller gives, what they already tried, triage findings, fixes)
FAMILY = {
    "hardware": (["The device is about {age} old, asset tag on the bottom.", "It started after I docked it at a hot desk.",
                  "The light blinks amber twice and then nothing.", "It makes a clicking noise before it stops."],
                 ["restarted twice", "tried another power socket", "unplugged the dock", "checked the cables"],
                 ["Asked caller for the asset tag; warranty valid until next year.", "Reproduced remotely; hardware fault likely.",
                  "Diagnostics show a failing component; spare requested from stores."],
                 ["Replaced the faulty part under warranty; device tested with the caller.",
                  "Swapped the device for a loaner and re-imaged the original.", "Reseated the connector and updated firmware; working."]),
    "software": (["The error dialog says the application has stopped working.", "It happens as soon as I open a file from the shared drive.",
                  "The add-in disappeared after the monthly update.", "Installer stops at about 80% with an error."],
                 ["reinstalled it from the software centre", "restarted", "cleared the cache", "tried in safe mode"],
                 ["Event log shows a faulting module from the latest update.", "Licence check fails for this user; looking at the assignment.",
                  "Same error reported by two other users on the same build."],
                 ["Repaired the installation and reapplied the licence; caller confirmed.",
                  "Rolled back the add-in to the previous version; fix tracked with the vendor.", "Cleared the local profile cache; app starts normally."]),
    "network": (["It affects video calls the most.", "Speed tests show less than 2 Mbit/s.", "It happens both on site and from home.",
                 "The connection drops and reconnects after about a minute."],
                ["reconnected", "rebooted the router", "tried a cable instead of Wi-Fi", "forgotten the network and rejoined"],
                ["Interface counters show errors on the access port.", "Client logs show repeated re-authentication.",
                 "Latency spikes correlate with backup traffic on the link."],
                ["Moved the user to a healthy port and replaced the patch cable.", "Updated the client profile and certificate; stable for two hours.",
                 "QoS policy corrected on the branch router; latency back to normal."]),
    "access": (["I get 'access denied' even though my manager approved it.", "The reset email never arrives.",
                "My account shows as disabled in the portal.", "I changed roles last week and lost access."],
               ["tried the self-service reset", "asked my manager", "logged out and back in", "cleared saved passwords"],
               ["Account locked after repeated failed sign-ins; verified identity by call-back.",
                "Group membership missing in the directory; request approval found.", "Sync job had not run since the role change."],
               ["Unlocked the account and issued a temporary password after identity check.",
                "Added the missing group membership per the approved request.", "Forced a directory sync; access restored."]),
    "email": (["Messages sit in the outbox for minutes.", "Meeting invites from outside never arrive.",
               "The shared mailbox vanished from my folder list.", "I get a quota warning every hour."],
              ["restarted the mail client", "checked the junk folder", "tried the web client", "deleted old items"],
              ["Mailbox at 99% of quota.", "Transport rule quarantined external invites.", "Shared mailbox permission was removed in a clean-up."],
              ["Enabled the archive and moved old items; quota back under 60%.", "Released the quarantined items and fixed the rule.",
               "Re-granted full access to the shared mailbox."]),
    "server": (["Monitoring alerted at {time} and the service is degraded.", "Users report timeouts on the application hosted there.",
                "The host rebooted without a planned change.", "Disk usage grew quickly overnight."],
               ["checked the monitoring dashboard", "restarted the service", "cleared temp files"],
               ["CPU pinned by a runaway process; captured a dump.", "System log shows a kernel update pending reboot.",
                "Log rotation had stopped; the log volume is full."],
               ["Killed the runaway process and applied the vendor fix.", "Rebooted in the maintenance window after patching.",
                "Restored log rotation and freed 40 GB; alert cleared."]),
    "database": (["Reports that normally take seconds now take minutes.", "The application logs 'connection pool exhausted'.",
                  "The backup job reported failure in the morning summary.", "Deadlock errors appear during month-end runs."],
                 ["re-run the job", "checked the job history"],
                 ["Missing index on a large table after the last release.", "Connection leak in the reporting service.",
                  "Backup target ran out of space."],
                 ["Added the index through a standard change; query times back to baseline.",
                  "Restarted the leaking service and raised a problem for the vendor fix.", "Expanded the backup volume and re-ran the backup successfully."]),
    "application": (["The page shows error 500 after login.", "Saving a record spins and then times out.",
                     "It works for colleagues in another office.", "The nightly interface did not deliver the file."],
                    ["refreshed", "tried another browser", "cleared cookies", "re-run the export"],
                    ["Application log shows a failed call to the integration service.", "Session cookie issue after the SSO change.",
                     "The interface job failed on a malformed record."],
                    ["Restarted the integration service and reprocessed the queue.", "Corrected the SSO redirect setting; login works.",
                     "Fixed the malformed record and re-ran the interface."]),
    "security": (["I clicked the link before noticing the sender address.", "The antivirus popup says a threat was quarantined.",
                  "The email asks me to confirm my payroll details.", "A window asks for payment to unlock files."],
                 ["disconnected from the network", "changed my password", "reported it with the phishing button"],
                 ["Sender domain is a look-alike registered last week.", "Endpoint scan found and quarantined one file.",
                  "No credential use seen in the sign-in logs."],
                 ["Blocked the sender domain, purged the message from all mailboxes and reset the password.",
                  "Full scan clean after quarantine; device returned to the user.", "Isolated the device, re-imaged it and restored files from backup."]),
    "telephony": (["The phone display is blank.", "The meeting room screen does not show my laptop.", "Calls drop after ten seconds."],
                  ["replugged the cable", "restarted the device"],
                  ["Phone lost its registration after a network change.", "Room display firmware out of date."],
                  ["Re-registered the phone; dial tone restored.", "Updated the room display firmware; screen sharing works."]),
    "inquiry": (["I could not find the answer on the intranet.", "My manager asked me to check the rules first."],
                ["searched the knowledge base"],
                ["Pointed the caller to the catalog and policy articles."],
                ["Answered the question and linked the knowledge article."]),
}
FALLBACK = FAMILY["software"]


def _family(category: str):
    return FAMILY.get(category.split(".")[0], FALLBACK)


def incident_description(key: str, category: str, summary: str, ci_name: str | None) -> str:
    r = random.Random(key)
    details, tried, _, _ = _family(category)
    where = f" on {ci_name}" if ci_name else ""
    text = (f"{summary}{where} {r.choice(SINCE)}. " + r.choice(details).format(age=r.choice(["two years", "18 months", "a year"]),
                                                                              time=f"{r.randint(0, 23):02d}:{r.choice(['05', '20', '40'])}")
            + f" I have already {r.choice(tried)}. " + r.choice(IMPACT))
    return text


def triage_note(key: str, category: str) -> str:
    r = random.Random(key)
    return r.choice(_family(category)[2])


def first_comment(key: str) -> str:
    r = random.Random(key)
    return r.choice(["thanks for reporting this. I am looking into it now and will update you here.",
                     "I have picked this up. Could you keep the device powered on so I can connect remotely?",
                     "we are on it. I will call you within the hour to go through it together.",
                     "thanks, I can reproduce it on my side and I am working on a fix."])


def resolution_notes(key: str, category: str, code: str) -> str:
    r = random.Random(key)
    if code == "not_reproducible":
        return "Could not reproduce with the caller after several attempts; monitoring shows no errors. Caller agreed to close."
    if code == "duplicate":
        return "Duplicate of an incident already being worked for the same issue; the caller is updated there."
    if code == "resolved_by_caller":
        return "Caller reports the issue went away after a restart; no further action needed."
    fix = r.choice(_family(category)[3])
    return fix + (" A workaround is in place until the permanent fix." if code == "solved_workaround" else "")


def problem_texts(key: str, category: str, summary: str) -> dict[str, str]:
    r = random.Random(key)
    _, _, findings, fixes = _family(category)
    return {"description": f"{summary}. Several incidents over the last weeks share this pattern; "
                           f"first analysis: {r.choice(findings).lower()}",
            "root_cause": r.choice(["A configuration drift after the last release: ", "Vendor defect confirmed: ",
                                    "Capacity was sized for last year's load: "]) + r.choice(findings).lower(),
            "workaround": r.choice(["Restart the affected service when the alert fires; ", "Route users to the secondary node; ",
                                    "Apply the manual step from the linked article; "]) + "see the knowledge article for the steps.",
            "investigation": r.choice(["Collected logs from the last three occurrences; pattern matches the incident timestamps.",
                                       "Opened a vendor ticket and shared the dumps.", "Compared configuration with the healthy node."]),
            "fix": r.choice(fixes)}


CHANGE_VERBS = {"Upgrade": "upgrade {ci} to the supported version", "Patch": "apply this month's security patches to {ci}",
                "Reconfigure": "apply the reviewed configuration to {ci}", "Migrate": "migrate {ci} to the new cluster",
                "Replace": "replace end-of-support hardware behind {ci}", "Resize": "resize {ci} for the forecast load"}


def change_texts(key: str, short_description: str, ci_name: str) -> dict[str, str]:
    r = random.Random(key)
    verb = short_description.split(" - ")[0]
    if verb in CHANGE_VERBS:
        goal = CHANGE_VERBS[verb].format(ci=ci_name)
        description = (f"We will {goal}. The work is done in the maintenance window with the service owner informed; "
                       "monitoring stays on during the change.")
    else:
        goal = f"run the standard change '{verb}' on {ci_name}"
        description = (f"Standard change from the template '{verb}' on {ci_name}: pre-approved steps, done in the "
                       "maintenance window with the service owner informed.")
    return {"description": description,
            "justification": r.choice(["Vendor support for the current version ends next quarter.",
                                       "Closes findings from the last vulnerability scan.",
                                       "Recurring incidents trace back to this component.",
                                       "Capacity forecast shows the limit is reached within two months."]),
            "implementation_plan": f"1. Announce the start. 2. Take a backup/snapshot of {ci_name}. 3. {goal[0].upper() + goal[1:]}. "
                                   "4. Run the smoke tests. 5. Announce completion.",
            "backout_plan": f"Restore {ci_name} from the snapshot taken in step 2 and restart the service; expected 30 minutes.",
            "test_plan": r.choice(["Smoke tests of the main transactions plus a login test from two sites.",
                                   "Service health checks green for 30 minutes; synthetic transaction passes.",
                                   "Application owner signs off after a functional check."]),
            "planning_note": r.choice(["Window confirmed with the service owner.", "Backup verified ahead of the window.",
                                       "Dependencies checked in the CMDB; no other service affected."])}


def change_close_notes(key: str, code: str) -> str:
    return {"successful": "Implemented as planned; tests passed and monitoring is green.",
            "successful_with_issues": "Implemented; one step took longer than planned and a minor issue was fixed during the window.",
            "unsuccessful": "Backed out after the smoke tests failed; a new change will be raised."}[code]


JUSTIFY = {"hardware": ["Current device is out of warranty and slow.", "New starter in the team next week.", "Replacement for a broken one."],
           "software": ["Needed for the project starting this month.", "Required by the client's file formats.", "Licence for a new team member."],
           "access": ["Required for my new role; manager informed.", "Month-end close needs read access.", "Covering for a colleague on leave."],
           "email": ["Team inbox for the new customer programme.", "Distribution list for the regional leads."],
           "server": ["Test environment for the integration project."], "database": ["Schema for the reporting project.", "Restore of a deleted table."],
           "network": ["Partner needs to reach the file transfer service.", "Guest workshop on Thursday."],
           "telephony": ["Board meeting next week in this room.", "Field role needs a phone."]}


def request_justification(key: str, category: str) -> str:
    return random.Random(key).choice(JUSTIFY.get(category, ["Needed for my work."]))


def kb_body(key: str, title: str, category: str) -> str:
    r = random.Random(key)
    _, tried, findings, fixes = _family(category)
    return (f"Symptoms: {title.removeprefix('How to fix: ')}.\n"
            f"Before you start: check that the user has already {r.choice(tried)}.\n"
            f"Cause: {r.choice(findings)}\n"
            f"Resolution: {r.choice(fixes)}\n"
            "If this does not help, assign the incident to the resolver group named in the category.")
