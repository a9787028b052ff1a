#!/bin/sh
# Install the Debian packages regspec needs to build, test and plot.
# Idempotent: packages already present are left as they are.
set -eu

PKGS="build-essential autoconf automake libtool pkg-config make
liblapacke-dev libopenblas-dev libarpack2-dev libreadline-dev libncurses-dev
zlib1g-dev bzip2 xz-utils zstd libigraph-dev clang libclang-rt-14-dev gnuplot-nox groff-base groff tmux valgrind time python3 python3-scipy python3-numpy python3-networkx python3-igraph python3-sklearn git ca-certificates
graphviz graphviz-doc"

SUDO=""
if [ "$(id -u)" -ne 0 ]; then
    if command -v sudo >/dev/null 2>&1; then SUDO="sudo"; else
        echo "install-deps: run as root or install sudo" >&2; exit 2
    fi
fi

missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing="$missing $p"
done

if [ -z "$missing" ]; then
    echo "install-deps: all packages present"
    exit 0
fi

echo "install-deps: installing:$missing"
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -q
# shellcheck disable=SC2086
$SUDO apt-get install -y -q --no-install-recommends $missing
