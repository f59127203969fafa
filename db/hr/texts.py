"""Case text for the HR seed: case descriptions and notes, resolutions, confidential-record summaries,
compensation justifications, investigation findings and knowledge articles — templated per
category and varied, so records read like a real HR service centre's (no filler text).

Every function draws from its own `random.Random(key)` (key = record id and field), never from the
seed's random streams, so ids, dates and people do not move when a template changes.
"""

from __future__ import annotations

import random

# category -> (what the employee writes, what HR notes, how it is resolved)
CATEGORY = {
    "CAT01": (["My last pay statement is missing {x}.", "The amount paid does not match my approved hours.",
               "I changed banks and want the next salary paid to the new account."],
              ["Checked the payroll register for the period.", "Asked payroll for the calculation breakdown."],
              ["Difference paid in an off-cycle payment.", "Explained the deduction line by line; no error found."]),
    "CAT02": (["I would like to add my spouse to the medical plan.", "We had a baby and need to update coverage.",
               "I want to raise my retirement contribution from next month."],
              ["Life event within the 30-day window; documents requested.", "Enrollment window confirmed with the benefits provider."],
              ["Coverage updated from the first of next month.", "Contribution change submitted to the provider."]),
    "CAT03": (["I would like advice about a recurring conflict in my team.", "I am concerned about how a colleague treats others."],
              ["Spoke with the employee; agreed next steps.", "Manager informed with the employee's consent."],
              ["Facilitated conversation held; both parties agreed on working rules.", "Guidance given; employee will come back if it recurs."]),
    "CAT04": (["I need a letter confirming my employment for a rental application.", "I moved and need my address updated.",
               "My name changed after marriage; the documents are attached."],
              ["Identity document checked.", "Record updated in the HR system; payroll informed."],
              ["Letter issued and sent to the employee.", "Personal details updated."]),
    "CAT05": (["Paperwork for a new starter in my team who joins next month.", "I have handed in my notice and need the next steps.",
               "Please arrange the exit interview before the last day."],
              ["Checklist sent to the hiring manager.", "Last day and final pay items confirmed."],
              ["All onboarding items completed.", "Exit steps completed and documented."]),
    "CAT06": (["I would like to enrol in the leadership course.", "Please reimburse my certification exam fee; receipt attached."],
              ["Budget confirmed with the manager."], ["Enrolled in the next cohort.", "Reimbursement approved for the next payroll."]),
    "CAT07": (["I have accepted an internal role in another department.", "My work permit expires in three months."],
              ["Start date agreed between both managers.", "Immigration adviser engaged."], ["Transfer processed.", "Renewal filed on time."]),
    "CAT08": (["Under the data protection law I ask for a copy of my personal data.", "Please correct my personal details."],
              ["Identity verified; deadline noted in the request."], ["Request fulfilled within the statutory deadline."]),
    "CAT09": (["I am planning parental leave from the date below.", "I will be returning from leave next month."],
              ["Leave dates confirmed with the manager.", "Return-to-work meeting scheduled."], ["Leave recorded.", "Return processed."]),
    "CAT10": (["My manager submitted a salary adjustment; I have a question about its timing."],
              ["Checked the compensation cycle calendar."], ["Explained the effective date."]),
    "CAT11": (["I need to change my tax withholding.", "Please send me a copy of last year's tax form."],
              ["Form received and checked."], ["Change applied from the next payroll.", "Form reissued."]),
    "CAT12": (["Does the remote work policy allow working from abroad for two weeks?", "Which travel class applies to a 7-hour flight?"],
              ["Policy section identified."], ["Answered with a link to the policy article."]),
    "CAT13": (["I want to report behaviour that I believe breaks the code of conduct."],
              ["Report logged confidentially; intake interview scheduled."], ["Referred to the investigation team."]),
    "CAT14": (["Please post me a paper copy of my tax statement."], ["Legacy service; checked alternatives."], ["Digital copy provided."]),
}
DEFAULT = CATEGORY["CAT12"]


def case_description(key: str, category: str, topic: str) -> str:
    r = random.Random(key)
    asks = CATEGORY.get(category, DEFAULT)[0]
    return f"{topic}: " + r.choice(asks).format(x=r.choice(["overtime", "the shift allowance", "the bonus"]))


def case_note(key: str, category: str, note_type: str) -> str:
    r = random.Random(key)
    if note_type == "comment":
        return r.choice(["Thank you, we have received your request and are working on it.",
                         "Could you send the supporting document so we can continue?",
                         "Quick update: this is with the specialist team and on track for the due date."])
    return r.choice(CATEGORY.get(category, DEFAULT)[1])


def resolution_notes(key: str, category: str) -> str:
    return random.Random(key).choice(CATEGORY.get(category, DEFAULT)[2])


def record_summary(key: str, record_type: str) -> str:
    r = random.Random(key)
    return r.choice({
        "compensation": ["Annual merit review with the manager's recommendation and the band position.",
                         "Off-cycle adjustment after a scope change of the role."],
        "payroll": ["Correction of a mis-keyed allowance over two pay periods.", "Back-pay for a late-approved timesheet."],
        "misconduct_investigation": ["Intake notes, witness list and the investigator's plan.",
                                     "Complaint received through the ethics line; evidence log attached."],
        "medical_accommodation": ["Agreed workplace adjustments and the occupational health letter.",
                                  "Phased return plan with review dates."],
    }.get(record_type, ["Restricted file."]))


def change_justification(key: str, change_type: str) -> str:
    r = random.Random(key)
    if change_type == "payroll_correction":
        return r.choice(["Allowance entered with the wrong code in two periods.", "Timesheet approved after the payroll cut-off."])
    return r.choice(["Exceeds expectations in the annual review; below the band midpoint.",
                     "Took over the team's vendor portfolio this year.", "Market data shows the role below the 40th percentile."])


def investigation_findings(key: str, allegation: str) -> str:
    r = random.Random(key)
    return r.choice([f"Allegation of {allegation.replace('_', ' ')} not substantiated; guidance given to both parties.",
                     f"Allegation of {allegation.replace('_', ' ')} partly substantiated; written warning issued and training assigned.",
                     f"Allegation of {allegation.replace('_', ' ')} substantiated; outcome recorded and actions agreed with the manager."])


def kb_body(key: str, category: str, topic: str) -> str:
    r = random.Random(key)
    asks, notes, outcomes = CATEGORY.get(category, DEFAULT)
    return (f"Who this is for: employees asking about {topic.lower()}.\n"
            f"How to ask: open an HR case under '{topic}' and describe it, e.g. \"{asks[0].format(x='overtime')}\"\n"
            f"What HR does: {r.choice(notes)}\n"
            f"Typical outcome: {r.choice(outcomes)}")
