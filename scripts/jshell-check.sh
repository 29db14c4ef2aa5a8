#!/usr/bin/env bash
# ./loomlab jshell shows a value whole: a helper's table runs past jshell's default of 1,000
# characters. Run by ./loomlab test once the jars are built: bash scripts/jshell-check.sh ROOT.
set -euo pipefail
root=$1
# a deadline on the session: coreutils' timeout where there is one, else an alarm that survives exec (macOS)
deadline() {
  if command -v timeout >/dev/null 2>&1; then timeout 180 "$@"; else perl -e 'alarm shift; exec @ARGV' 180 "$@"; fi
}
longest=$(printf '%s\n' '"y".repeat(3000)' '/exit' | deadline "$root/loomlab" jshell 2>&1 \
  | awk '{ if (length($0) > n) n = length($0) } END { print n + 0 }') || longest=0
if [ "$longest" -lt 3000 ]; then
  echo "FAILED: ./loomlab jshell showed a 3,000-character value in $longest characters (or did not end within 180 s)" >&2
  exit 1
fi
echo "loomlab: jshell shows a 3,000-character value whole"
