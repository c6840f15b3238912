"""Run the bridgelaws CLI with the given arguments, then print this process's peak memory.

Used by benchmarks/run.py and tests/test_large_input.py:
    python benchmarks/peak_memory.py pbn FILE -o OUT   ->  stderr ends with "peak-kb N"
The peak is VmHWM of /proc/self/status on Linux (ru_maxrss after a fork and exec also counts the
parent's pages), else ru_maxrss.
"""

import resource
import sys

from bridgelaws.interfaces.cli import main

code = main(sys.argv[1:])
sys.stdout.flush()
try:
    with open("/proc/self/status") as status:
        peak = next(int(line.split()[1]) for line in status if line.startswith("VmHWM:"))
except (OSError, StopIteration):
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
print(f"peak-kb {peak}", file=sys.stderr)
sys.exit(code)
