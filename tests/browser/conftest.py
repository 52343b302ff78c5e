"""Browser tests: Playwright drives Debian's chromium (/usr/bin/chromium) against the live
test server. Screenshots go to test-artifacts/ (not committed).

Database set-up belongs in fixtures listed before ``page``: the ORM refuses to run while
Playwright's event loop is active in the same thread.
"""

import pytest
from playwright.sync_api import sync_playwright

from tests.browser.helpers import ARTIFACTS, CHROMIUM, PHONE, table_against_bots

CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


# Reports every Content-Security-Policy violation of every page the context opens.
REPORT_VIOLATIONS = """
document.addEventListener("securitypolicyviolation", (event) => {
  window.kadiPolicyViolation(`${event.violatedDirective} blocked ${event.blockedURI || "inline"} `
    + `at ${event.sourceFile}:${event.lineNumber} (${event.sample})`);
});
"""


def watch_policy(context):
    """Collect the context's CSP violations (and Chrome's console reports of them) in a
    list that ``assert_no_violations`` checks when the test is done."""
    violations = []
    context.expose_function("kadiPolicyViolation", lambda report: violations.append(report))
    context.add_init_script(REPORT_VIOLATIONS)
    context.on(
        "console",
        lambda message: violations.append(message.text)
        if message.type == "error" and "Content Security Policy" in message.text
        else None,
    )
    return violations


def assert_no_violations(violations):
    assert not violations, "Content-Security-Policy violations:\n" + "\n".join(violations)


@pytest.fixture
def page():
    """A phone-sized page in a fresh chromium; the test fails on any CSP violation."""
    ARTIFACTS.mkdir(exist_ok=True)
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=str(CHROMIUM), args=CHROMIUM_ARGS)
        context = browser.new_context(viewport=PHONE, device_scale_factor=2)
        violations = watch_policy(context)
        yield context.new_page()
        browser.close()
    assert_no_violations(violations)


@pytest.fixture
def kona(make_user):
    """Wanjiru's turn at a friendly table with two bots, in a known position: 7H, AD and JKR
    may begin a play; the greedy bot has declared "Niko Kadi!"; the next card drawn is 5H."""
    position = {
        "hands": ("7H 5S 4C AD 9H QC JKR", "KD QD 9C 6S", "KC 8C 9S 3H 4D"),
        "discard": ("4H", "6H", "10D", "7D"),
        "declared": (False, True, False),
        "draws": ("5H",),
    }
    return table_against_bots(make_user("wanjiru"), "Kona", bots=("greedy", "random"), position=position)
