"""Case text for the CSM seed: case bodies, comments, resolutions and knowledge articles, templated
per product family and varied, so records read like a real support desk's (no filler text).

Every function draws from its own `random.Random(key)` (key = record id and field), never from the
seed's main random stream, so ids, dates and people do not move when a template changes.
"""

from __future__ import annotations

import random

# family -> (what the customer adds, what support asks for / finds, fixes)
FAMILY = {
    "servers": (["It started after we applied the latest firmware bundle.", "The front panel shows an amber health LED.",
                 "This is a production node in our main data centre.", "The event log has the same entry every few minutes."],
                ["Requested the system event log and a support bundle from the BMC.",
                 "Firmware level is two releases behind the recommended baseline.",
                 "Telemetry confirms the component warning; part is covered by the entitlement."],
                ["Dispatched a replacement part; the field engineer swapped it and health is green.",
                 "Guided the customer through the firmware rollback; node boots normally.",
                 "Applied the recommended BIOS settings from the article; no recurrence in 48 hours."]),
    "storage": (["Our database team sees slow commits since last night.", "The array dashboard shows the alert on both controllers.",
                 "We run replication to the DR site from this system.", "No configuration change on our side this week."],
                ["Asked for the array diagnostic bundle and the performance export.",
                 "Latency spikes match the snapshot schedule on the busiest volume.",
                 "Drive telemetry shows rising media errors on one disk."],
                ["Replaced the predictive-failure drive; rebuild completed without errors.",
                 "Moved the snapshot schedule out of business hours; latency back under 5 ms.",
                 "Applied the controller software fix; failover test passed with the customer."]),
    "networking": (["Users at the branch lose their sessions when it happens.", "It started after the maintenance window on Saturday.",
                    "We see the issue on both members of the pair.", "Our monitoring shows the interface going up and down."],
                   ["Requested `show tech` output and the syslog for the last 24 hours.",
                    "Optic on the uplink reports low receive power.", "Timers on the customer side differ from the peer."],
                   ["Replaced the optic and cleaned the fibre; the link is stable.",
                    "Aligned the protocol timers with the peer; sessions stable for a day.",
                    "Upgraded to the fixed release in the customer's window; CPU back to normal."]),
    "software": (["It worked until we upgraded to the new version.", "All users in the tenant are affected.",
                  "The error appears in the log at every start.", "We restored the previous config but it did not help."],
                 ["Asked for the application logs and the exact version/build.",
                  "Licence file on the server expired at the end of last month.", "Identity provider sends a changed claim after their update."],
                 ["Issued a renewed licence file; service starts and validates.",
                  "Corrected the SSO claim mapping; users can log in.", "Applied the hotfix build; jobs complete within the window."]),
}
OPENERS = ["Hello, ", "Hi team, ", "Good morning, ", ""]
URGENCY = ["Please treat this as urgent.", "We need a fix before our change freeze.", "Not urgent, but please advise.",
           "This affects our customers.", "Our operations manager is following this case."]


def case_description(key: str, family: str, serial: str, symptom: str) -> str:
    r = random.Random(key)
    adds = FAMILY.get(family, FAMILY["software"])[0]
    opener = r.choice(OPENERS)
    return f"{opener}{'serial' if opener else 'Serial'} {serial}: {symptom}. {r.choice(adds)} {r.choice(URGENCY)}"


def case_comment(key: str, family: str, kind: str) -> str:
    r = random.Random(key)
    _, asks, fixes = FAMILY.get(family, FAMILY["software"])
    if kind == "customer_comment":
        return r.choice(["Thanks, the bundle is attached as requested.", "We can offer a window tonight after 22:00.",
                         "Same behaviour again this morning; see the new log.", "Confirmed: the issue has not come back since."])
    return r.choice(asks + [fixes[0].split(";")[0] + " planned."])


def resolution_notes(key: str, family: str, code: str) -> str:
    r = random.Random(key)
    fixes = FAMILY.get(family, FAMILY["software"])[2]
    if code == "not_reproducible":
        return "Could not reproduce with the customer; logs show no recurrence. Customer agreed to resolve."
    if code == "solved_by_kb":
        return "Customer followed the linked knowledge article; issue resolved."
    if code == "hardware_replaced":
        return "Replacement part shipped and installed under the entitlement; diagnostics pass."
    return r.choice(fixes) + (" Workaround in place until the permanent fix ships." if code == "solved_workaround" else "")


def kb_body(key: str, product: str, family: str, title: str) -> str:
    r = random.Random(key)
    _, asks, fixes = FAMILY.get(family, FAMILY["software"])
    return (f"Applies to {product}.\nSymptom: {title}.\n"
            f"Before you start: {r.choice(asks)}\n"
            f"Resolution: {r.choice(fixes)}\n"
            "If the symptom remains, open a case with the diagnostic bundle attached.")
