"""The held-out split of the recall benchmark: never tuned on.

Written apart from the tuning split (benchmarks/recall_tune.py) and from the ranking rules: another
project (a data pipeline with a mobile client), other people's way of putting things, its own
filler vocabulary and seed. Same shape: topics with facts, leads and corrections; questions direct,
paraphrased, about what was never said and about what changed; chains that need two facts.
"""

from __future__ import annotations

from benchmarks.corpus import COMMON

SEED = 4242

# Filler words of this project, written for it (not the tuning split's CODING list).
DOMAIN = """pipeline stage dag airflow operator sensor spark executor partition parquet
delta warehouse snowflake dbt model seed snapshot source freshness lineage catalog glue
kafka topic consumer producer offset lag schema registry avro protobuf ingestion backfill
watermark window late event dedupe idempotent upsert merge cdc debezium replica lakehouse
notebook kernel cluster autoscale spot preemptible quota cost tag label owner steward
android ios swift kotlin gradle cocoapods simulator emulator build variant flavor release
store review crash symbolicate dsym proguard minify bundle hermes metro expo push fcm apns
deeplink universal link onboarding paywall subscription receipt entitlement analytics
amplitude segment mixpanel funnel cohort retention churn dashboard looker tile filter
drilldown metric dimension grain fanout join skew shuffle spill broadcast cache persist
checkpoint retry sla alert pager escalation runbook postmortem toil oncall handoff sprint
ticket jira epic story estimate standup retro demo stakeholder roadmap okr""".split()
VOCABULARY = (*COMMON, *DOMAIN)

TOPICS = [
    {
        "fact": "Going forward the orders DAG is scheduled hourly at minute 7, not at the top "
        "of the hour, to dodge the warehouse rush.",
        "by": "user",
        "q": [
            ("direct", "At which minute does the orders DAG run?"),
            ("paraphrase", "Why doesn't our purchase-ingestion job start exactly on the hour?"),
            ("never", "Which day of the week is the orders DAG paused for maintenance?"),
        ],
    },
    {
        "lead": "The Kafka consumer for clickstream is lagging by millions of messages.",
        "fact": "Lag was caused by a single partition key (tenant) creating a hot partition; "
        "we rekeyed on session id and went from 12 to 48 partitions.",
        "by": "assistant",
        "kept": True,
        "q": [
            ("direct", "What caused the clickstream consumer lag?"),
            ("paraphrase", "Why were the web-analytics events falling behind, and what fixed it?"),
        ],
    },
    {
        "fact": "dbt models are named stg_, int_ and mart_ by layer, and every mart model needs "
        "a unique test on its grain.",
        "by": "user",
        "q": [
            ("direct", "How are dbt models named?"),
            ("paraphrase", "What prefix should a new warehouse transformation for reporting get?"),
        ],
    },
    {
        "fact": "The Android app targets SDK 34 with minSdk 26.",
        "by": "assistant",
        "correction": "Wrong version: minSdk goes up to 28, Play Console stats show under 1% on "
        "26 and 27.",
        "q": [
            ("direct", "What is the Android minSdk?"),
            ("paraphrase", "What's the oldest phone OS release our mobile client still supports?"),
            ("never", "What is the iOS deployment target?"),
        ],
        "changed": "How has the Android minimum SDK moved?",
    },
    {
        "fact": "Snowflake warehouse TRANSFORM_WH is XSMALL with auto-suspend after 60 seconds.",
        "by": "user",
        "q": [
            ("direct", "What size is the TRANSFORM_WH warehouse?"),
            ("paraphrase", "How do we keep compute spend down when nothing is querying?"),
        ],
    },
    {
        "lead": "iOS builds crash at launch on TestFlight but not in the simulator.",
        "fact": "Hermes bytecode was stripped by the release bundle script; we turned off "
        "bitcode and re-enabled Hermes in the Podfile.",
        "by": "assistant",
        "q": [
            ("direct", "Why did the iOS TestFlight build crash at launch?"),
            ("paraphrase", "What made the iPhone beta die on startup when the local run was fine?"),
            ("never", "Did we downgrade React Native to fix the TestFlight crash?"),
        ],
    },
    {
        "fact": "Backfills go through the backfill CLI with --dry-run first and must be "
        "announced in #data-ops.",
        "by": "user",
        "correction": "I said announce them, but not in #data-ops: backfills are announced in "
        "#pipeline-changes from now on.",
        "q": [
            ("direct", "Where are backfills announced?"),
            ("paraphrase", "Which Slack room should hear about it before I reprocess last month?"),
        ],
        "changed": "Which channel did backfill announcements move from and to?",
    },
    {
        "fact": "Late events up to 3 days are accepted; the watermark is event time minus 72 "
        "hours.",
        "by": "assistant",
        "kept": True,
        "q": [
            ("direct", "How late can events arrive and still be counted?"),
            ("paraphrase", "If a phone was offline for two days, do its taps still make it in?"),
        ],
    },
    {
        "fact": "Schemas are Avro in the Confluent registry with BACKWARD compatibility.",
        "by": "user",
        "correction": "No, switch the registry to FULL_TRANSITIVE compatibility, BACKWARD let a "
        "breaking change through last week.",
        "q": [
            ("direct", "What compatibility mode does the schema registry use?"),
            ("paraphrase", "How strict is the check on evolving message formats?"),
        ],
        "changed": "Did the schema compatibility level change? What was it before?",
    },
    {
        "lead": "Looker dashboards show revenue doubled overnight.",
        "fact": "A fanout join between orders and order_items double counted revenue; the "
        "explore now uses sum_distinct on order_id.",
        "by": "assistant",
        "q": [
            ("direct", "Why did revenue double in the Looker dashboards?"),
            ("paraphrase", "What made the money figures look twice as large overnight?"),
        ],
    },
    {
        "fact": "Push notifications go through FCM for both platforms; APNs certificates are "
        "uploaded to Firebase.",
        "by": "user",
        "q": [
            ("direct", "Which service sends push notifications?"),
            ("paraphrase", "How do alerts reach iPhones and Android phones?"),
            ("never", "Which OneSignal app id is used?"),
        ],
    },
    {
        "fact": "Spark jobs run on spot instances with at most 40% on-demand fallback.",
        "by": "assistant",
        "q": [
            ("direct", "What instances do Spark jobs run on?"),
            ("paraphrase", "Do our big batch computations use cheap interruptible machines?"),
        ],
    },
    {
        "fact": "The paywall shows after the third session, never during onboarding.",
        "by": "user",
        "correction": "Change that: the paywall now appears after the fifth session, the third "
        "hurt retention.",
        "q": [
            ("direct", "When is the paywall shown?"),
            ("paraphrase", "After how many app opens are people asked to subscribe?"),
        ],
        "changed": "How did the paywall timing change over time?",
    },
    {
        "lead": "Freshness checks on the payments source keep failing at night.",
        "fact": "The vendor's SFTP drop moved to 04:30 UTC, so the freshness window for "
        "payments is now 8 hours instead of 2.",
        "by": "assistant",
        "q": [
            ("direct", "Why do payments freshness checks fail at night?"),
            ("paraphrase", "How stale may the card-processor data get before we're warned?"),
        ],
    },
    {
        "fact": "Every table needs an owner tag and a PII classification in the catalog before "
        "it can be queried from Looker.",
        "by": "user",
        "q": [
            ("direct", "What tags does a table need in the catalog?"),
            ("paraphrase", "What must I fill in before analysts can see my new dataset?"),
        ],
    },
    {
        "fact": "Amplitude is the analytics source of truth; Segment only forwards events.",
        "by": "assistant",
        "q": [
            ("direct", "Which analytics tool is the source of truth?"),
            ("paraphrase", "If two product-usage numbers disagree, which one wins?"),
            ("never", "When did we migrate from Mixpanel?"),
        ],
    },
    {
        "lead": "Gradle builds on CI take 25 minutes.",
        "fact": "Remote build cache on the Gradle Enterprise node plus configuration cache cut "
        "CI builds to 7 minutes.",
        "by": "assistant",
        "kept": True,
        "q": [
            ("direct", "How did we speed up the Gradle CI builds?"),
            ("paraphrase", "What made the Android pipeline so much quicker?"),
        ],
    },
    {
        "fact": "Idempotent upserts use MERGE on (source, event_id); never INSERT for fact tables.",
        "by": "user",
        "q": [
            ("direct", "How do we write into fact tables?"),
            ("paraphrase", "What's the safe way to load rows so replays don't duplicate them?"),
        ],
    },
]

CHAINS = [
    {
        "first": "The churn model is retrained by the ml_retrain DAG.",
        "second": "ml_retrain runs every Sunday at 02:00 UTC on the gpu-batch pool.",
        "q": "When does the churn model get retrained?",
    },
    {
        "first": "Crash reports are symbolicated by the upload-dsyms lane in fastlane.",
        "second": "The upload-dsyms lane needs the SENTRY_AUTH_TOKEN from 1Password vault "
        "Mobile-CI.",
        "q": "What secret do we need for crash symbolication, and where is it?",
    },
    {
        "first": "Partner exports land in the bucket given by EXPORT_BUCKET.",
        "second": "EXPORT_BUCKET is gs://acme-partner-drop with a 30 day lifecycle rule.",
        "q": "How long do partner export files stay around?",
    },
    {
        "first": "The retention dashboard is owned by the growth squad.",
        "second": "Growth squad escalations go to the #growth-oncall channel.",
        "q": "Where do I report a broken retention dashboard?",
    },
]

GLOBAL = [
    {
        "fact": "Prefer small PRs under 300 lines; split refactors from behaviour changes.",
        "q": [("paraphrase", "How big should a change be when I send it for review?")],
    },
    {
        "fact": "Never print secrets in logs, even masked.",
        "q": [("direct", "Is it fine to log a masked secret?")],
    },
]
