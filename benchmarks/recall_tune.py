"""The tuning split of the recall benchmark: ranking changes are kept or dropped on these figures.

Each topic plants one fact (a decision, convention, fix or configuration) in a coding session, in
the user's prompt or the agent's answer, sometimes after a `lead` turn that names its subject, and
sometimes corrected in a later session. Questions come sessions later: `direct` uses the fact's
words, `paraphrase` avoids them, `never` asks about something never said (the evidence is the
related fact that lets the model say so), and a topic with a correction gets a `changed` question
whose evidence is both. Chains need two facts from different sessions. The held-out split
(benchmarks/recall_heldout.py) is written apart, with other topics, wording and vocabulary.
"""

from __future__ import annotations

from benchmarks.corpus import CODING, COMMON

SEED = 11
VOCABULARY = (*COMMON, *CODING)

TOPICS = [
    {
        "fact": "We decided to use Redis for the session cache instead of memcached.",
        "by": "user",
        "correction": "No, stop using Redis for the session cache: move it to the Postgres "
        "unlogged table sessions_kv, Redis keeps evicting keys.",
        "q": [
            ("direct", "What do we use for the session cache?"),
            ("paraphrase", "Where do logged-in users' data live between requests now?"),
            ("never", "Which Cassandra keyspace stores the session cache?"),
        ],
        "changed": "How did our session cache backend change over time?",
    },
    {
        "lead": "Let's sort out how the background worker pool is sized, it keeps starving.",
        "fact": "Set it to 12 workers per node and bound the job queue at 500 entries.",
        "by": "user",
        "q": [
            ("direct", "How many workers per node does the worker pool run?"),
            ("paraphrase", "How much concurrency do the background job processors get?"),
        ],
    },
    {
        "lead": "The invoice rounding test fails again on totals like 10.005.",
        "fact": "The cause was binary floats in ledger totals; amounts are now Decimal with "
        "ROUND_HALF_EVEN, quantized to cents.",
        "by": "assistant",
        "kept": True,
        "q": [
            ("direct", "Why did the invoice rounding test fail?"),
            ("paraphrase", "What did we change so money sums stop being off by a cent?"),
            ("never", "Did we switch the ledger to integer microdollars?"),
        ],
    },
    {
        "fact": "Convention: test files are named test_<module>.py and live next to the module, "
        "not in a top-level tests folder.",
        "by": "user",
        "correction": "Actually, put the tests back in the top-level tests/ directory, the "
        "colocated layout broke packaging.",
        "q": [
            ("direct", "Where do test files go in this repo?"),
            (
                "paraphrase",
                "If I write a new unit check for the parser, which folder should it sit in?",
            ),
        ],
        "changed": "Did the rule for where tests live change, and why?",
    },
    {
        "fact": "The API listens on port 8431 in development; 8080 clashes with the docs server.",
        "by": "user",
        "q": [
            ("direct", "Which port does the API use in development?"),
            ("paraphrase", "Where should my browser point to reach the local backend?"),
            ("never", "What port does the API use in production?"),
        ],
    },
    {
        "fact": "Migrations run with alembic upgrade head from the deploy job, never from "
        "application start-up.",
        "by": "assistant",
        "kept": True,
        "q": [
            ("direct", "When do the alembic migrations run?"),
            ("paraphrase", "Does the app alter the database schema by itself when it boots?"),
        ],
    },
    {
        "lead": "The nightly export to the reporting bucket timed out again.",
        "fact": "Root cause: the export streamed row by row; it now pages with keyset "
        "pagination, 5,000 rows per page, and finishes in four minutes.",
        "by": "assistant",
        "q": [
            ("direct", "Why did the nightly export time out?"),
            ("paraphrase", "How did we make the overnight dump to reporting fast enough?"),
        ],
    },
    {
        "fact": "Use ruff format with a line length of 100; black is no longer used here.",
        "by": "user",
        "q": [
            ("direct", "What line length does ruff format use?"),
            ("paraphrase", "Which tool styles the Python code, and how wide may lines be?"),
            ("never", "Which isort profile did we configure?"),
        ],
    },
    {
        "fact": "Feature flags live in config/flags.toml and are read once at start-up by "
        "FlagStore.",
        "by": "assistant",
        "correction": "Wrong file: feature flags moved to the settings table in the database so "
        "support can toggle them without a deploy.",
        "q": [
            ("direct", "Where are feature flags stored?"),
            (
                "paraphrase",
                "How can support turn a toggle on for a customer without shipping code?",
            ),
        ],
        "changed": "Where were the feature flags kept before, and where are they now?",
    },
    {
        "fact": "Retries on the payment gateway use exponential backoff starting at 200 ms, "
        "capped at 5 attempts, with jitter.",
        "by": "assistant",
        "q": [
            ("direct", "What retry backoff does the payment gateway use?"),
            (
                "paraphrase",
                "How often do we try charging a card again after the provider errors out?",
            ),
        ],
    },
    {
        "lead": "Login started failing for SSO users after the upgrade.",
        "fact": "The SAML clock skew was the culprit: allowed skew is now 90 seconds and the "
        "servers sync time with chrony.",
        "by": "assistant",
        "kept": True,
        "q": [
            ("direct", "Why did SSO login fail after the upgrade?"),
            ("paraphrase", "What broke single sign-on, and what was the remedy?"),
            ("never", "Did we rotate the SAML signing certificate to fix login?"),
        ],
    },
    {
        "fact": "Please always open pull requests as drafts and squash-merge them; no merge "
        "commits on main.",
        "by": "user",
        "q": [
            ("direct", "How should pull requests be merged?"),
            ("paraphrase", "What's the house rule for getting a branch into the trunk?"),
        ],
    },
    {
        "fact": "The search index is rebuilt by the reindex cron at 03:15 UTC, and the old index "
        "is kept for 48 hours.",
        "by": "assistant",
        "q": [
            ("direct", "When does the search reindex cron run?"),
            ("paraphrase", "At what time of night is the full-text catalogue regenerated?"),
        ],
    },
    {
        "fact": "We pinned pydantic to 2.7 because 2.8 changed how validators see None.",
        "by": "user",
        "correction": "We can unpin pydantic now, the validator issue is fixed in 2.9.2, so "
        "require pydantic>=2.9.2.",
        "q": [
            ("direct", "Which pydantic version do we require?"),
            ("paraphrase", "Is the data-validation library still held back to an old release?"),
        ],
        "changed": "What happened to the pydantic pin over time?",
    },
    {
        "lead": "CI is red on the Windows runner only.",
        "fact": "Windows CI failed on path separators in snapshot names; snapshots now use "
        "posix paths via PurePosixPath.",
        "by": "assistant",
        "q": [
            ("direct", "Why was the Windows CI runner failing?"),
            ("paraphrase", "What made the pipeline break on one operating system only?"),
        ],
    },
    {
        "fact": "Logging is structured JSON through structlog, one event per line, with the "
        "request id bound in middleware.",
        "by": "assistant",
        "kept": True,
        "q": [
            ("direct", "What logging library and format do we use?"),
            ("paraphrase", "How do I find every line produced by one HTTP call in the output?"),
            ("never", "Which log shipping agent forwards logs to Splunk?"),
        ],
    },
    {
        "fact": "Tenants are isolated by a tenant_id column with row-level security, not "
        "separate schemas.",
        "by": "user",
        "q": [
            ("direct", "How are tenants isolated in the database?"),
            ("paraphrase", "Does each customer get their own schema?"),
        ],
    },
    {
        "fact": "The maximum upload size is 25 MB, enforced in nginx with client_max_body_size.",
        "by": "user",
        "correction": "No, raise the upload limit to 100 MB, customers send large PDFs; keep it "
        "in nginx.",
        "q": [
            ("direct", "What is the maximum upload size?"),
            ("paraphrase", "How big a file can a customer attach?"),
        ],
        "changed": "When did the upload size limit change and from what to what?",
    },
    {
        "lead": "Memory keeps growing in the websocket gateway.",
        "fact": "The leak came from listeners never removed on disconnect; the gateway now "
        "uses a WeakSet for subscribers.",
        "by": "assistant",
        "q": [
            ("direct", "What caused the memory leak in the websocket gateway?"),
            ("paraphrase", "Why did the realtime push service keep eating RAM?"),
        ],
    },
    {
        "fact": "Secrets come from Vault through the vault-agent sidecar; nothing secret goes "
        "in environment files.",
        "by": "user",
        "q": [
            ("direct", "Where do secrets come from?"),
            ("paraphrase", "How should I hand the database password to the service?"),
            ("never", "Which AWS Secrets Manager prefix do we use?"),
        ],
    },
    {
        "fact": "Dates in the API are ISO 8601 strings in UTC with a Z suffix; never epoch "
        "integers.",
        "by": "user",
        "q": [
            ("direct", "What date format does the API use?"),
            ("paraphrase", "How should timestamps look in JSON responses?"),
        ],
    },
    {
        "fact": "The frontend state lives in Zustand stores; we dropped Redux in March.",
        "by": "assistant",
        "q": [
            ("direct", "What do we use for frontend state?"),
            ("paraphrase", "Which library holds the client-side app data in the browser?"),
        ],
    },
]

CHAINS = [
    {
        "first": "The billing worker reads its batch size from BILLING_BATCH in the worker "
        "environment.",
        "second": "In staging BILLING_BATCH is set to 250, in production to 1000.",
        "q": "How many invoices does the billing worker process per batch in production?",
    },
    {
        "first": "The thumbnail service stores its output in the bucket named by MEDIA_BUCKET.",
        "second": "MEDIA_BUCKET points at acme-media-eu-west-1 since the move to Ireland.",
        "q": "Which bucket do thumbnails end up in?",
    },
    {
        "first": "The status page is generated by the healthcheck job owned by the platform team.",
        "second": "The platform team's on-call rota is in PagerDuty schedule PLAT-PRIMARY.",
        "q": "Who gets paged when the status page generation breaks?",
    },
    {
        "first": "The rate limiter uses the token bucket in ratelimit/bucket.py.",
        "second": "bucket.py refills 20 tokens per second with a burst of 40.",
        "q": "How many requests per second does the rate limiter allow?",
    },
    {
        "first": "Emails are rendered from MJML templates in templates/email.",
        "second": "Everything in templates/email is compiled by the mjml step of make assets.",
        "q": "What command rebuilds the email templates?",
    },
]

GLOBAL = [
    {
        "fact": "I prefer commit messages in the imperative mood with a body that explains why.",
        "q": [("paraphrase", "How should I phrase the message when I commit?")],
    },
    {
        "fact": "Always run the test suite with pytest -x -q before saying a task is done.",
        "q": [("direct", "What should I run with pytest before finishing a task?")],
    },
]
