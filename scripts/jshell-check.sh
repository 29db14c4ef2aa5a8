#!/usr/bin/env bash
# ./loomlab jshell shows a value whole: a helper's table runs past jshell's default of 1,000
# characters. Run by ./loomlab test once the jars are built: bash scripts/jshell-check.sh ROOT.
set -euo pipefail
root=$1
longest=$(printf '%s\n' '"y".repeat(3000)' '/exit' | "$root/loomlab" jshell 2>&1 \
  | awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }')
if [ "$longest" -lt 3000 ]; then
  echo "FAILED: ./loomlab jshell showed a 3,000-character value in $longest characters" >&2
  exit 1
fi
echo "loomlab: jshell shows a 3,000-character value whole"
