"""What hosts run on each event: `<python> -S <this file> <Event>`, as `graphmem hook <Event>`.

The hook path needs only the standard library, so hosts start it without `site`: no .pth file of
whatever else is installed is imported on every event (that was ~30 ms per hook on the CI
machines) and none can break a hook. `-S` also leaves site-packages off sys.path, and Python put
this file's folder first instead. That entry goes, and the folder holding the graphmem package
comes after the standard library, where `site` would have put it: nothing installed there can
shadow a standard module.

The cyclic garbage collector is off: a hook lives for tens of milliseconds and makes almost no
reference cycles (reference counting frees the rest), while the collections that its imports
alone set off cost ~0.4 ms of every hook (1.5% of a first prompt at 100k episodes, measured).
"""

import gc
import os
import sys

gc.disable()

del sys.path[0]
sys.path.append(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from graphmem.hooks.runner import main  # noqa: E402 (needs the path set above)

main(sys.argv[1:])
