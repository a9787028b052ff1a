#!/bin/sh
# The one command of the README: install what regspec needs (Debian
# packages), build it, and run the paper's toy demonstration.
#   sh scripts/demo.sh
set -eu
cd "$(dirname "$0")/.."
sh scripts/install-deps.sh
autoreconf -fi >/dev/null 2>&1 || autoreconf -fi
[ -f Makefile ] || ./configure --quiet
make -j"$(nproc 2>/dev/null || echo 2)" >/dev/null
echo "regspec built: ./src/regspec. The paper's toy graph (section 5.1):"
echo
./src/regspec examples/toy.regspec
