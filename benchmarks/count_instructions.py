"""Deterministic cost of the search: instructions per solved full deal.

Wall-clock figures on a shared virtual machine move by ±25% from run to run;
instruction counts do not. Run under callgrind on a build without AVX-512
(valgrind does not decode it), for example:

    CFLAGS=-march=x86-64-v3 ALTBAUMER_PORTABLE=1 python setup.py build_ext --inplace --force
    valgrind --tool=callgrind --callgrind-out-file=cg.out python benchmarks/count_instructions.py
    callgrind_annotate --inclusive=yes cg.out | grep solve_rows

and divide the inclusive count of ``solve_rows`` by the number of deals
printed. Rebuild normally afterwards (``python setup.py build_ext --inplace
--force``: without ``--force`` the portable modules look up to date).
"""

import argparse

from altbaumer.dd.workloads import full_deal_rows
from altbaumer.dd.solver import Solver

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--deals", type=int, default=3000)
parser.add_argument("--seed", type=int, default=1)
args = parser.parse_args()
solver = Solver(threads=1)  # one thread: callgrind counts the calling thread's solve_rows
solver.solve_batch(full_deal_rows(args.deals, args.seed, 0))
print(f"{args.deals} full deals, {solver.last_nodes / args.deals:.1f} nodes per deal")
