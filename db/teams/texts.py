"""Message and description templates for the Teams seed (realistic, varied per channel topic)."""

TOPIC_MESSAGES = {
    "general": [
        "Reminder: the {month} all-hands is on {day}. Please submit questions in the Forms tab before Wednesday.",
        "Welcome {name} to the team! {first} joins us from {city} and will be working on {project}.",
        "The office in {city} will be closed on {day} for maintenance. Remote work applies.",
        "Please update your status message if you are out of office over the holidays.",
        "New starter checklist has moved to the Wiki tab. Shout if anything is out of date.",
        "Thanks everyone for a great quarter. Slides from today's review are in the Files tab.",
        "Heads-up: expense reports for {month} are due by the 5th business day.",
        "Lunch and learn on {day}: '{project} in five slides'. Join in person or on the call.",
    ],
    "engineering": [
        "PR #{num} for {project} is ready for review - mostly refactoring of the retry logic.",
        "Build {num} failed on the integration suite again; looks like the flaky checkout test.",
        "Design doc for {project} v2 is up for comments until {day}.",
        "We are rolling out feature flag `{flag}` to 10% of tenants this afternoon.",
        "Staging will be redeployed at 15:00 UTC, expect 10 minutes of downtime.",
        "Can someone pair with me on the {project} migration script? The batch size needs tuning.",
        "Post-mortem for last week's latency spike is scheduled for {day}.",
        "Dependency upgrade: we are moving to Python 3.12 across all services next sprint.",
        "Sprint {num} retro notes are in the OneNote tab.",
    ],
    "finance": [
        "Accruals for {month} close are due by {day}. Please tag late invoices in the tracker.",
        "The Q{q} forecast template has been updated with the new FX rates.",
        "Reminder: purchase orders above 25k need a second approver from Procurement.",
        "Variance commentary for cost center {cc} is still missing for {month}.",
        "Audit sample list from the external auditors is in the Files tab - {num} items this year.",
        "Intercompany reconciliation for {month} is complete, two differences under review.",
    ],
    "sales": [
        "Closed-won: {company} renewal, 3 years. Great work {first}!",
        "Pipeline review moved to {day} 16:00. Please update opportunity stages before then.",
        "{company} asked for a security questionnaire - who owns the latest version?",
        "New pricing sheet for {month} is pinned in the Files tab.",
        "Heads-up: {company} procurement wants redlines back by {day}.",
        "QBR deck for {company} is in draft; feedback welcome by end of day.",
    ],
    "support": [
        "Escalation from {company}: users cannot sign in since the morning release. Investigating.",
        "Backlog is at {num} open cases, SLA breaches at 2. Please pick up the oldest first.",
        "Known issue article for the export timeout is published - link it in your replies.",
        "Shift handover: two P2 cases waiting on customer, nothing urgent for the next shift.",
        "CSAT for {month} came in at 4.{num1}. Thanks for the effort on the weekend queue.",
        "Reminder to attach logs before escalating to engineering.",
    ],
    "hr": [
        "Open enrollment closes on {day}. Please remind your teams.",
        "Interview panel for the {project} role needs one more volunteer on {day}.",
        "The updated travel policy is in the Files tab; changes apply from {month}.",
        "Performance calibration sessions are booked for the week of {day}.",
    ],
    "incident": [
        "SEV{sev} opened: elevated error rates on {service}. Bridge is up, join via the channel meeting.",
        "Mitigation applied on {service}: traffic shifted to the secondary region. Monitoring.",
        "Root cause for the {service} incident: expired certificate on the internal load balancer.",
        "Incident closed. Timeline and action items will be in the post-incident review on {day}.",
        "Paging the on-call for {service}; latency above threshold for 15 minutes.",
        "Status page updated for {service}: degraded performance.",
    ],
    "project": [
        "Milestone '{milestone}' for {project} is at risk: vendor delivery slipped to {day}.",
        "Steering committee notes for {project} are in the OneNote tab.",
        "Updated RAID log for {project}: two new risks, one issue closed.",
        "Kick-off for the {milestone} phase is on {day}. Agenda in the Planner tab.",
        "Budget burn for {project} is at {num}% with 60% of the scope delivered.",
        "Can owners confirm the resource plan for {milestone} by {day}?",
    ],
    "partner": [
        "{company} shared the updated delivery schedule for {month}.",
        "Joint review with {company} moved to {day}. Agenda in the meeting invite.",
        "Please do not share internal pricing in this channel - it is visible to {company}.",
        "The SOW amendment from {company} is ready for signature.",
    ],
    "event": [
        "Speaker line-up for {event} is confirmed except the closing keynote.",
        "Registration for {event} is at {num}% of capacity.",
        "Run-of-show for {event} v{num1} is in the Files tab; please review your segments.",
        "Tech rehearsal for {event} is on {day}, producers and presenters only.",
    ],
}

REPLIES = [
    "Thanks, on it.", "Looks good to me.", "+1, approved from my side.", "Can you share the link?",
    "I'll take this one.", "Noted - will update the tracker.", "Let's discuss in tomorrow's stand-up.",
    "Done, please double-check.", "Not from my side, sorry - conflict on that day.",
    "Adding this to the agenda.", "Agreed. Let's move forward.", "I have a question about the scope, will DM you.",
]

CHAT_MESSAGES = [
    "Hi {first}, do you have 10 minutes today to go through the {project} numbers?",
    "Sent you the draft - comments welcome.", "Running 5 minutes late to the call.",
    "Can you approve my access request when you get a chance?", "Thanks for covering for me yesterday!",
    "Is the {project} review still on for {day}?", "Just shared the deck in the channel.",
    "Quick one: who owns the {service} dashboard now?", "Lunch at 12:30?",
    "I updated the tracker with the latest status.", "Let's move our 1:1 to {day}.",
]

PROJECTS = ["Falcon", "Atlas", "Orion", "Helios", "Nimbus", "Vega", "Apollo", "Juniper", "Mercury", "Sequoia",
            "Cobalt", "Aurora", "Polaris", "Tundra"]
SERVICES = ["payments-api", "identity-sso", "checkout-web", "core-network", "data-warehouse", "mobile-gateway",
            "billing-batch", "search-index"]
MILESTONES = ["Discovery", "Design sign-off", "Build", "Pilot", "Cutover", "Hypercare"]
COMPANIES = ["Northwind Logistics", "Fabrikam Manufacturing", "Tailspin Toys", "Adatum Health", "Wide World Importers",
             "Proseware Capital", "Litware Analytics", "Woodgrove Retail"]
FLAGS = ["new-checkout-flow", "async-exports", "sso-v2", "smart-routing", "bulk-invite"]
EVENTS = ["Arcturus Summit 2026", "Q1 All Hands", "Customer Success Forum", "Partner Kickoff"]
MONTHS = ["June", "July", "August", "September", "October", "November"]
