"""Headless Chromium through Selenium, from Debian's chromium and chromium-driver packages."""
import shutil
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
CHROMEDRIVER = shutil.which("chromedriver") or "/usr/bin/chromedriver"

# What the web test and the benchmark read from a page, in one round trip.
READ_PAGE = """
const text = (id) => document.getElementById(id).textContent;
return Object.assign(window.pacerPage ? window.pacerPage.reading() : {}, {
  name: text('name'), kind: text('kind'), shownDigits: text('digits'), round: text('round'),
  next: text('next'), cue: text('cue'), pauseButton: text('pause'), link: text('link'),
  bodyStatus: document.body.dataset.status, summary: text('summary'), notice: text('notice'),
  focused: document.activeElement ? document.activeElement.tagName : null,
});
"""


def new_browser(width, height, scale=1):
    """A headless Chromium whose page area is exactly width × height CSS pixels."""
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for argument in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                     "--hide-scrollbars", "--mute-audio", "--no-first-run", f"--window-size={width},{height}"):
        options.add_argument(argument)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": width, "height": height, "deviceScaleFactor": scale, "mobile": width < height})
    return driver


def read_page(driver):
    """What the page shows now, with the harness's monotonic time before and after reading."""
    before = time.monotonic()
    shown = driver.execute_script(READ_PAGE)
    shown["read_between"] = (before, time.monotonic())
    return shown


def wait_for_page(driver, condition, timeout, what):
    """Reads the page until `condition(shown)` holds; returns that reading."""
    deadline = time.monotonic() + timeout
    shown = None
    while time.monotonic() < deadline:
        shown = read_page(driver)
        if condition(shown):
            return shown
        time.sleep(0.05)
    raise TimeoutError(f"page never showed {what} within {timeout} s; last: {summarise(shown)}")


def summarise(shown):
    if not shown:
        return "nothing"
    return ", ".join(f"{k}={shown.get(k)!r}" for k in ("bodyStatus", "kind", "name", "shownDigits", "link"))
