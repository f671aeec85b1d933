"""classify_prompt on realistic prompts: corrections, preferences, and ordinary prompts that must
not fire. Precision matters more than recall: a false correction triggers a curation run."""

from __future__ import annotations

import pytest

from graphmem.hooks.corrections import classify_prompt

CORRECTIONS = [
    "Don't do that.",
    "no, don't do that, revert it",
    "Not like that. Put the helper in utils.py",
    "I said use tabs, not spaces",
    "I told you not to touch the migrations",
    "I've told you twice already: the API key lives in .env",
    "We already discussed this, the cache stays in Redis",
    "that's not what I asked for",
    "That's not what I meant, I wanted a CLI flag",
    "You forgot to update the changelog",
    "you forgot the tests again",
    "Stop doing that, the lint config is fine as it is",
    "stop adding comments to every line",
    "Never do that again without asking me",
    "Wrong file, the handler is in api/routes.py",
    "You edited the wrong file",
    "No, use pytest fixtures instead of setUp",
    "No. Use the existing logger",
    "nope, revert that change",
    "Wrong, it should return None when the key is missing",
    "Actually, use Postgres instead of SQLite",
    "actually don't bother with the migration",
    "Stop, that's the production database",
    "No, not that one, the other config",
    "no no no, I meant the staging server",
    "No, you should keep the old endpoint for compatibility",
    "Like I said, we don't use ORMs here",
    "As I said before, the port is 8443",
    "That's wrong, the timeout is in seconds",
    "That is incorrect: the function is async",
    "Why did you delete the integration tests?",
    "You broke the build, fix it",
    "Undo that, it was correct before",
    "Please revert your last change",
    "Put it back the way it was",
    "Change it back to the previous version",
    "No, instead keep the retry logic in the client",
    "Nope, that's not right, the header is X-Api-Key",
    "Wait, don't push to main",
    "Hold on, never force push here",
    "You didn't read the error message",
    "Stop using print for debugging",
    "no that's the wrong approach, go back to the queue version",
    "Please don't do that, it breaks the build",
    "You forgot about the edge case with empty lists",
    "Not like that, the config goes in pyproject",
    "I told you we use poetry",
    "you deleted my comments, put them back",
    "Stop guessing and read the docs",
    "that's not what I wanted, I need JSON output",
    "No! Don't run migrations on prod",
    "actually, keep the old name for now",
    "Wrong branch, we work on develop",
    "Hmm, no, use the async client",
    "We already agreed on snake_case",
    "Why did you remove the type hints?",
    "nope. rename it back to fetch_user",
    "You ignored my instructions about the tests",
    "That isn't right, the endpoint returns 204",
    "no, the other way around",
    "You're using the wrong database",
    "I didn't ask for a refactor",
    "No, put the constants in settings.py",
    "That's not what we agreed, keep the v1 API",
    "you forgot to handle the timeout",
    "stop changing the test expectations to make them pass",
    "Actually no, don't add a new dependency for that",
    "Wrong. The limit is per user, not per IP",
    "I told you to use the staging bucket",
    "No, use the existing `retry` decorator",
    "You removed the feature flag, I needed it",
    "that is not what i meant at all",
    "nah, leave the README alone",
    "don't ever do that again",
    "why did you change the port?",
    "Roll that back please",
]

PREFERENCES = [
    "Remember that the staging DB is read-only.",
    "remember: we deploy on Tuesdays only",
    "Please remember to run the linter before committing",
    "From now on, write commit messages in English",
    "from now on use pnpm, not npm",
    "Always use type hints in new code",
    "Never use print for logging in this repo",
    "I prefer small functions with early returns",
    "I'd prefer if you asked before adding a dependency",
    "Please note the CI runs on ARM machines",
    "Keep in mind that the API is rate limited to 10 req/s",
    "For future reference, the VPN must be on to reach the registry",
    "We always use UTC for timestamps",
    "Going forward, put new endpoints under /v2",
    "Add this to your memory: the owner of billing is Dana",
    "Save this to memory: tests need Docker running",
    "You should always run mypy after changing types",
    "Bear in mind that Windows paths must work too",
    "Make a note that the old cron job is deprecated",
    "Don't forget that the staging cluster uses a different kube context",
    "Remember this: prod deploys need two approvals",
    "From now on please answer in German",
    "always run black before you commit",
    "Never commit generated files",
    "I'd rather you use dataclasses than dicts",
    "note for the future: the staging URL changed to staging2",
    "Keep in mind we support Python 3.9 still",
    "My preference is tabs",
    "we never push on fridays",
    "In future, ask before deleting files",
    "Always write docstrings in Google style",
    "Remember that the prod DB is in eu-west-1",
    "From now on, don't run the full suite, just the unit tests",
    "i prefer pathlib over os.path",
    "please note that the mobile app pins API v3",
    "for future reference: the grafana password is in 1password",
]

ORDINARY = [
    "no tests fail now?",
    "Actually, what does this do?",
    "remember the file we looked at?",
    "Do you remember that bug with the parser?",
    "No worries, take your time",
    "no problem, continue",
    "No thanks, that's all for today",
    "Actually looks great, ship it",
    "actually that works perfectly",
    "No, that's fine",
    "Nope, that's everything",
    "Stop the dev server when you're done",
    "Wrong answers from the API are logged where?",
    "Can you tell me what I said earlier about the API?",
    "Fix the test that uses the wrong version of requests",
    "Never mind, let's look at the logging instead",
    "Always the same error: ModuleNotFoundError",
    "Does it always use UTF-8?",
    "Why do we always use pnpm?",
    "What changes from now on with the new release?",
    "Add a retry to the HTTP client",
    "Please refactor the parser into smaller functions",
    "Write tests for the billing module",
    "What does the `stop` command do in the CLI?",
    "Implement `--no-color` so the output has no ANSI codes",
    "Run the tests and tell me what fails",
    "Why did you choose SQLite over Postgres?",
    "Have you missed any file in the rename?",
    "Did you break anything with that change?",
    "No rush, but can you also update the README?",
    "Actually, could you also add logging?",
    "Remember that function we wrote yesterday? Reuse it.",
    "Note: the logs are in /var/log/app",
    "How do I stop the watcher?",
    "Revert the migration from last week and add a new one",
    "Summarize what we already have in the docs folder",
    "The user said 'don't do that' in the issue, how should we respond?",
    "explain the difference between always_use_ssl and force_ssl",
    "No output is printed when I run it, why?",
    "wrong_file_error is raised in loader.py, can you look?",
    "Great, that works. Now the frontend.",
    "Looks good. Commit it.",
    "I prefer? what do you mean by that option",
    "stop.py has a bug in line 40",
    "No idea why this fails, can you look?",
    "Actually, let me think about it",
    "stop words should be removed from the index",
    "Wrong password errors should return 401",
    "Remember me checkbox doesn't persist the session",
    "Implement a 'remember that device' option on login",
    "Wait for the build to finish then run the e2e tests",
    "Hold on a sec, I'm checking something",
    "what did I say about the logging format?",
    "Is this the wrong approach?",
    "No, it works now, thanks!",
    "Nope, nothing else",
    "Actually it's perfect",
    "Why did you pick that library?",
    "Add an 'always on top' option to the window",
    "The test asserts the function never returns None; check it",
    "Can you keep the PR small?",
    "Explain what 'from now on' means in the scheduler docs",
    "Please write a note about the release in CHANGELOG",
    "Stop condition for the loop is wrong, fix it",
    "Make sure the retry never exceeds 5 attempts",
    "We prefer-dark mode CSS media query isn't applied",
    "no-cache header is missing on /api",
    "Undo history in the editor is broken",
    "Revert commit abc123 on the release branch",
    "The function should never raise, add a try/except",
    "Actually, one more thing: add a --verbose flag",
    "Can you remember to check the mobile layout too?",
    "I said hello to the team in the README, remove it",
    "Use the wrong-key test fixture for this case",
    "No one uses the legacy endpoint anymore, can we delete it?",
    "Actually, how long does the build take?",
    "Please stop the container and rebuild",
    "Why is the wrong locale being picked up?",
    "Undo support for the text editor: implement ctrl+z",
    "Can you note down the steps in the runbook?",
    "That's great, now add tests",
    "no more questions, just do it",
    "Remember me tokens expire after 30 days; make that configurable",
    "Write a function that never blocks the event loop",
    "The docs say we should always use https, is that enforced?",
    "actually the tests pass now",
    "Wait until the migration finishes before starting the worker",
    "nope, it's all good",
    "Stop-loss orders are not triggered in the simulator",
    "Keep the changes minimal",
    "I said in the PR description that we'd add metrics",
    "Use the prefer-offline flag for npm",
    "Go back to the previous screen after saving",
    "Does the linter always run before commit?",
]


@pytest.mark.parametrize("prompt", CORRECTIONS)
def test_corrections_fire(prompt: str) -> None:
    assert classify_prompt(prompt) == "correction"


@pytest.mark.parametrize("prompt", PREFERENCES)
def test_preferences_fire(prompt: str) -> None:
    assert classify_prompt(prompt) == "preference"


@pytest.mark.parametrize("prompt", ORDINARY)
def test_ordinary_prompts_do_not_fire(prompt: str) -> None:
    assert classify_prompt(prompt) is None


def test_table_is_large_enough() -> None:
    assert len(CORRECTIONS) + len(PREFERENCES) >= 40
    assert len(ORDINARY) >= 40


@pytest.mark.parametrize("prompt", ["", "   ", "\n", "no", "Actually", "stop"])
def test_degenerate_prompts_do_not_fire(prompt: str) -> None:
    assert classify_prompt(prompt) is None


def test_curly_apostrophes_and_case_are_normalized() -> None:
    assert classify_prompt("DON\u2019T DO THAT") == "correction"
    assert classify_prompt("That\u2019s not what I asked") == "correction"


def test_correction_wins_over_preference_in_the_same_prompt() -> None:
    assert classify_prompt("No, don't do that. From now on use tabs.") == "correction"


def test_a_long_prompt_is_bounded_and_still_classified() -> None:
    prompt = "I told you not to do that. " + "word " * 200_000
    assert classify_prompt(prompt) == "correction"


def test_a_line_break_ends_a_sentence() -> None:
    assert classify_prompt("Remember: deploys happen on Tuesdays\nWhat else do you need?") == (
        "preference"
    )
    assert classify_prompt("no, use the v2 client\nwhy did it fail?") == "correction"
    assert classify_prompt("Remember that parser bug?\nIt is back, look at utils.py") is None


def test_quoted_text_is_not_the_users_instruction() -> None:
    assert classify_prompt('The issue says "I told you so", can you reply politely?') is None
    assert classify_prompt("Document the `stop doing` flag") is None
