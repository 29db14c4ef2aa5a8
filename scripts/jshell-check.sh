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

# Every line of Java in docs/helpers.md compiles against the toolkit: each becomes the body of a
# method that jshell compiles and never calls, so nothing is measured. A name jshell cannot resolve
# fails the check, unless the page declares it on another line (spec, ring) or leaves it to the
# reader (threads, oneRun, yours), or it is the notebook kernel's (display).
snippets=$(awk '/^```java/ { f = 1; next } /^```/ { f = 0 } f' "$root/docs/helpers.md" \
  | grep -v '^%' | grep -v '\.\.\.' | sed 's#[[:space:]]*//.*##' | grep -v '^[[:space:]]*$' \
  | awk '{ s = $0; if (s !~ /[;}]$/) s = s ";"; if (s !~ /^(var |long |try )/) s = "Object v = " s;
           printf "void helpersLine%d() throws Exception { %s }\n", NR, s }')
count=$(printf '%s\n' "$snippets" | wc -l | tr -d ' ')
replies=$( { printf '%s\n' "$snippets"; echo '/exit'; } | deadline "$root/loomlab" jshell 2>&1 ) || true
errors=$(printf '%s\n' "$replies" | grep -A3 'Error:') || true
unresolved=$(printf '%s\n' "$replies" | grep -o 'cannot be invoked until .*' | grep -oE '(variable|method|class) [A-Za-z_]+' \
  | awk '{ print $2 }' | grep -vxE 'spec|ring|threads|oneRun|yours|display' | sort -u | tr '\n' ' ') || true
if [ "$count" -lt 20 ] || [ -n "$errors" ] || [ -n "$unresolved" ]; then
  echo "FAILED: docs/helpers.md: $count lines of Java read; in ./loomlab jshell they do not compile${unresolved:+, or name what nothing declares: $unresolved}" >&2
  [ -z "$errors" ] || printf '%s\n' "$errors" >&2
  exit 1
fi
echo "loomlab: the $count lines of Java in docs/helpers.md compile in ./loomlab jshell"
