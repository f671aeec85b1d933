"""How well the correction detector classifies prompts, on the split it is tuned on and on the
held-out split it never is (tests/data/corrections_tuning.py, corrections_heldout.py).

Run from the repository root: `python -m benchmarks.correction_accuracy [--misses]`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))  # for tests.data when run as a script

from graphmem.hooks.corrections import classify_prompt
from tests.data import corrections_heldout, corrections_tuning

SPLITS = {"tuning": corrections_tuning, "held-out": corrections_heldout}


def wrong(split: ModuleType) -> dict[str, list[tuple[str, str | None]]]:
    """Each table's prompts that were classified otherwise than expected, with what they got."""
    expected = {"CORRECTIONS": "correction", "PREFERENCES": "preference", "ORDINARY": None}
    return {
        table: [(p, got) for p in getattr(split, table) if (got := classify_prompt(p)) != want]
        for table, want in expected.items()
    }


def figures(split: ModuleType) -> str:
    """One line: corrections and preferences recognised, ordinary prompts that fired."""
    missed = wrong(split)
    n = {table: len(getattr(split, table)) for table in missed}
    right = {table: n[table] - len(missed[table]) for table in missed}
    return (
        f"corrections {right['CORRECTIONS']}/{n['CORRECTIONS']}, "
        f"preferences {right['PREFERENCES']}/{n['PREFERENCES']}, "
        f"ordinary prompts that fired {len(missed['ORDINARY'])}/{n['ORDINARY']}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument(
        "--misses",
        action="store_true",
        help="list the tuning split's wrong classifications (never the held-out split's: reading "
        "them is the first step of tuning on them)",
    )
    args = parser.parse_args()
    for name, split in SPLITS.items():
        print(f"{name}: {figures(split)}")
        if args.misses and split is corrections_tuning:
            for table, cases in wrong(split).items():
                for prompt, got in cases:
                    print(f"  {table.lower()}: {prompt!r} -> {got}")


if __name__ == "__main__":
    main()
