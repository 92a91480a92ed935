#!/bin/sh
# A stand-in for an older qgemm-opt (scripts/ab-chains.py --old-opt): the
# qgemm-opt under test ($QGEMM_OPT), whose W8A8 register variants of
# 16-column blocks end at M = 32 where they end at 16 (the chain before
# v80's rule for wider layers).
"${QGEMM_OPT:-qgemm-opt}" "$@" | sed 's/warp_tile = \[16, 16\], stages = 2, max_m = 16, operands = registers/warp_tile = [16, 16], stages = 2, max_m = 32, operands = registers/'
