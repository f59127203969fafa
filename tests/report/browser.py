"""Headless system Chromium through selenium + the Debian chromedriver (no browser download)."""

from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

CHROMIUM_CANDIDATES = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
DRIVER_CANDIDATES = ("/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver")
FLAGS = ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
         "--disable-background-networking", "--disable-component-update", "--disable-sync", "--no-first-run",
         "--disable-extensions", "--disable-default-apps", "--window-size=1400,1000")


def find(cands) -> str | None:
    for c in cands:
        if Path(c).exists():
            return c
    return None


def missing_reason() -> str | None:
    """Why the browser test cannot run here, or None."""
    if find(CHROMIUM_CANDIDATES) is None:
        return ("chromium is not installed (apt-get install -y chromium chromium-driver) — "
                "the real-browser report test needs it")
    if find(DRIVER_CANDIDATES) is None:
        return "chromedriver is not installed (apt-get install -y chromium-driver)"
    return None


def make_driver(profile_dir: Path | None = None):
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    opts = webdriver.ChromeOptions()
    opts.binary_location = find(CHROMIUM_CANDIDATES)
    for f in FLAGS:
        opts.add_argument(f)
    profile = Path(profile_dir or tempfile.mkdtemp(prefix="eops-chromium-"))
    opts.add_argument(f"--user-data-dir={profile}")
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(executable_path=find(DRIVER_CANDIDATES)), options=opts)
    driver.set_page_load_timeout(120)
    return driver


def cleanup(driver, profile_dir: Path | None = None) -> None:
    try:
        driver.quit()
    finally:
        if profile_dir is not None:
            shutil.rmtree(profile_dir, ignore_errors=True)
