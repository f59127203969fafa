"""The report in a real browser: headless system Chromium opens the file from disk (no server, no network),
filters to a failed task, expands it, and the rendered DOM shows its verifiers, diff and transcript."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from pytest_enterpriseops.report.data import load_run
from pytest_enterpriseops.report.html import write_report

from .browser import cleanup, make_driver, missing_reason

ARTIFACTS = Path(__file__).resolve().parents[2] / ".eops" / "artifacts"


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    reason = missing_reason()
    if reason:
        pytest.skip(reason)
    try:
        import selenium  # noqa: F401
    except ImportError:
        if os.environ.get("CI"):
            raise
        pytest.skip("selenium is not installed (pip install selenium) — the real-browser report test needs it")
    profile = tmp_path_factory.mktemp("chromium-profile")
    driver = make_driver(profile)
    yield driver
    cleanup(driver)


def wait(driver, script: str, timeout: float = 30):
    from selenium.webdriver.support.ui import WebDriverWait

    return WebDriverWait(driver, timeout, poll_frequency=0.05).until(lambda d: d.execute_script(script))


def js_errors(driver) -> list[str]:
    try:
        logs = driver.get_log("browser")
    except Exception:  # the driver does not expose console logs
        return []
    return [e["message"] for e in logs if e.get("level") == "SEVERE"]


def save_screenshot(driver, tmp_path: Path, name: str) -> Path:
    shot = tmp_path / name
    driver.save_screenshot(str(shot))
    try:
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        shutil.copy(shot, ARTIFACTS / name)
    except OSError:
        pass
    return shot


def test_failed_task_renders_verifiers_diff_and_transcript(browser, saved_runs, tmp_path):
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import Select

    report = write_report([saved_runs["oracle"], saved_runs["sloppy"]], tmp_path / "report.html")
    d = browser
    d.set_window_size(1400, 1000)
    d.get(report.as_uri())
    assert wait(d, "return document.body.dataset.ready") == "1"
    assert d.find_element(By.CSS_SELECTOR, "#compare").is_displayed()
    assert len(d.find_elements(By.CSS_SELECTOR, "#figures figure img")) == 3
    rows = d.find_elements(By.CSS_SELECTOR, "#task-list .task")
    assert len(rows) == 15  # 5 oracle + 10 sloppy task runs

    # filter like a user: failed runs, then search for the task
    Select(d.find_element(By.CSS_SELECTOR, "select[data-filter=outcome]")).select_by_value("failed")
    failed = d.find_elements(By.CSS_SELECTOR, "#task-list .task")
    assert len(failed) == 5 and {r.get_attribute("data-outcome") for r in failed} == {"failed"}
    search = d.find_element(By.CSS_SELECTOR, "#filters input[type=search]")
    search.send_keys("assign-to-lead")
    wait(d, "return document.querySelectorAll('#task-list .task').length === 1")
    row = d.find_element(By.CSS_SELECTOR, "#task-list .task")
    assert row.get_attribute("data-task") == "demo-assign-to-lead"
    assert "FAILED" in row.text.upper()

    # expand: details are decoded lazily
    assert not row.find_elements(By.CSS_SELECTOR, ".detail")
    row.find_element(By.CSS_SELECTOR, ".task-head").click()
    wait(d, "return document.querySelector('.task.open .verifiers-section') !== null")
    detail = row.find_element(By.CSS_SELECTOR, ".detail")
    verifiers = detail.find_elements(By.CSS_SELECTOR, "tr.verifier")
    assert len(verifiers) == 6
    failing = detail.find_elements(By.CSS_SELECTOR, "tr.verifier.fail")
    assert len(failing) == 1 and "internal routing note" in failing[0].text
    assert "✗" in failing[0].text and "0" in failing[0].find_element(By.CSS_SELECTOR, ".val.act").text
    assert len(detail.find_elements(By.CSS_SELECTOR, "tr.verifier.pass")) == 5
    # the SQL is there, folded
    sql = failing[0].find_element(By.CSS_SELECTOR, "details.sql")
    sql.find_element(By.TAG_NAME, "summary").click()
    assert "ticket_comment" in sql.find_element(By.TAG_NAME, "pre").text

    # database diff: the assignment changed the ticket and wrote an audit row; the comment is missing
    tables = [t.get_attribute("data-table") for t in detail.find_elements(By.CSS_SELECTOR, ".dtable")]
    assert tables == ["demo.audit_log", "demo.ticket"]
    changed = detail.find_element(By.CSS_SELECTOR, '.dtable[data-table="demo.ticket"] tr.drow.chg')
    assert "assignee_id" in changed.text and "U004" in changed.text and "in_progress" in changed.text
    added = detail.find_elements(By.CSS_SELECTOR, '.dtable[data-table="demo.audit_log"] tr.drow.add')
    assert len(added) == 1 and "assign" in added[0].text

    # transcript: the bad tool call is an error line; model text and thinking are shown
    errs = detail.find_elements(By.CSS_SELECTOR, ".ev.call.err")
    assert len(errs) == 1 and "lookup_everything" in errs[0].text and "unknown tool" in errs[0].text
    assert [e.get_attribute("data-tool") for e in detail.find_elements(By.CSS_SELECTOR, ".ev.call")] == [
        "lookup_everything", "get_ticket", "list_ticket_teams", "assign_ticket"]
    think = detail.find_element(By.CSS_SELECTOR, ".ev.msg details.think")
    think.find_element(By.TAG_NAME, "summary").click()
    assert "<b>not html</b>" in think.text  # model text is shown as text, never as markup
    assert "I made the changes." in detail.find_element(By.CSS_SELECTOR, ".box.answer").text

    d.execute_script("arguments[0].scrollIntoView({block: 'start'}); window.scrollBy(0, -110);", row)
    shot = save_screenshot(d, tmp_path, "report-failed-task.png")
    assert shot.stat().st_size > 10_000

    # filter by failed verifier category; reset shows everything again
    search.send_keys(Keys.CONTROL, "a")
    search.send_keys(Keys.BACKSPACE)
    expected = {r["task_id"] for r in load_run(saved_runs["sloppy"]).records
                if any(v["category"] == "policy" and v["passed"] is False for v in r["verifiers"])}
    assert len(expected) >= 2
    Select(d.find_element(By.CSS_SELECTOR, "select[data-filter=cat]")).select_by_value("policy")
    wait(d, f"return document.querySelectorAll('#task-list .task').length === {len(expected)}")
    assert {r.get_attribute("data-task") for r in d.find_elements(By.CSS_SELECTOR, "#task-list .task")} == expected
    d.find_element(By.XPATH, "//div[@id='filters']/button[text()='Reset']").click()
    wait(d, "return document.querySelectorAll('#task-list .task').length === 15")
    assert js_errors(d) == []


def test_deep_link_from_the_comparison_opens_the_task(browser, saved_runs, tmp_path):
    from selenium.webdriver.common.by import By

    report = write_report([saved_runs["oracle"], saved_runs["sloppy"]], tmp_path / "report.html", figures=False)
    browser.get(report.as_uri())
    wait(browser, "return document.body.dataset.ready")
    link = browser.find_element(By.CSS_SELECTOR, '#compare a[href="#task=1/demo-close-resolved"]')
    browser.execute_script("arguments[0].click()", link)
    wait(browser, "return document.querySelector('.task.open .verifiers-section') !== null")
    open_rows = browser.find_elements(By.CSS_SELECTOR, ".task.open")
    assert len(open_rows) == 1 and open_rows[0].get_attribute("data-task") == "demo-close-resolved"
    assert js_errors(browser) == []


def _in_view_below_the_sticky_bars(driver, css: str) -> bool:
    return driver.execute_script("""
        const el = document.querySelector(arguments[0]);
        const r = el.getBoundingClientRect();
        const bars = [document.querySelector('header.top'), document.getElementById('filters')]
            .map((b) => b.getBoundingClientRect().bottom);
        return r.top >= Math.max(...bars) - 1 && r.top < window.innerHeight;""", css)


def test_one_task_side_by_side_across_runs_and_its_links(browser, saved_runs, tmp_path):
    from selenium.webdriver.common.by import By

    report = write_report([saved_runs["oracle"], saved_runs["noop"]], tmp_path / "report.html")
    d = browser
    d.set_window_size(1400, 900)
    d.get(report.as_uri() + "#task=0/demo-close-resolved")
    wait(d, "return document.querySelector('.task.open .across-runs') !== null")
    table = d.find_element(By.CSS_SELECTOR, ".task.open .across-runs table")
    rows = table.find_elements(By.CSS_SELECTOR, "tbody tr")
    assert [(r.get_attribute("data-run"), r.get_attribute("data-k"), r.get_attribute("data-outcome")) for r in rows] \
        == [("0", "1", "passed"), ("1", "1", "failed"), ("1", "2", "failed"), ("1", "3", "failed")]
    noop = load_run(saved_runs["noop"])
    failed = [v["name"] for r in noop.records if r["task_id"] == "demo-close-resolved" and r["run_index"] == 3
              for v in r["verifiers"] if v["passed"] is False]
    assert failed and rows[3].find_element(By.CSS_SELECTOR, "td.fv").text.startswith(failed[0])
    assert "here" in rows[0].get_attribute("class")
    # the link of noop's third run opens that task run's transcript, in view
    d.execute_script("arguments[0].click()", rows[3].find_element(By.TAG_NAME, "a"))
    wait(d, "return location.hash === '#task=1/demo-close-resolved/r3'")
    wait(d, "const o = document.querySelectorAll('.task.open'); return o.length === 1 && "
            "DATA_K(o[0]) === '3' && o[0].querySelector('.transcript') !== null".replace(
                "DATA_K(o[0])", "o[0].querySelector('.task-id .rk').textContent.slice(1)"))
    assert _in_view_below_the_sticky_bars(d, ".task.open")
    assert js_errors(d) == []


def test_deep_link_scrolls_the_task_into_view_below_the_figures(browser, saved_runs, tmp_path):
    report = write_report([saved_runs["oracle"], saved_runs["noop"]], tmp_path / "report.html")  # with figures
    d = browser
    d.set_window_size(1400, 800)
    d.get("about:blank")
    d.get(report.as_uri() + "#task=1/demo-triage-network/r2")
    wait(d, "return document.querySelector('.task.open.linked .verifiers-section') !== null")
    assert d.execute_script("return window.scrollY") > 500  # below the runs, summary and figures
    assert _in_view_below_the_sticky_bars(d, ".task.open")
    assert d.execute_script("return document.querySelector('.task.open .task-id').textContent") \
        == "demo-triage-networkr2"
    assert js_errors(d) == []


def test_markdown_prompt_and_policy_render_and_task_html_does_not_run(browser, saved_runs, tmp_path):
    from selenium.webdriver.common.by import By

    from .test_polish import HOSTILE, with_prompt

    run = with_prompt(saved_runs["noop"], tmp_path / "noop", HOSTILE)
    report = write_report([run], tmp_path / "report.html", figures=False)
    d = browser
    d.get(report.as_uri() + "#task=0/demo-close-resolved")
    wait(d, "return document.querySelector('.task.open .prompt') !== null")
    prompt = d.find_element(By.CSS_SELECTOR, ".task.open .prompt")
    assert prompt.find_element(By.TAG_NAME, "strong").text == "Close"
    assert len(prompt.find_elements(By.TAG_NAME, "li")) == 2
    assert prompt.find_elements(By.TAG_NAME, "img") == [] and prompt.find_elements(By.TAG_NAME, "script") == []
    assert "<script>window.__pwned = 1</script>" in prompt.text  # shown as text
    assert [a.get_attribute("href") for a in prompt.find_elements(By.TAG_NAME, "a")] == ["https://example.com/a?b=1&c=2"]
    assert d.execute_script("return window.__pwned === undefined")
    policy = d.find_element(By.CSS_SELECTOR, ".task.open details.policy")
    policy.find_element(By.TAG_NAME, "summary").click()
    assert policy.find_element(By.CSS_SELECTOR, ".md h1").text == "Demo helpdesk policy"
    assert len(policy.find_elements(By.CSS_SELECTOR, ".md li")) >= 3
    assert js_errors(d) == []
