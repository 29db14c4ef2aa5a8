#!/usr/bin/env bash
# Tests scripts/java.sh's choice of JDK with fake java binaries: the user's choice (LOOMLAB_JAVA,
# then JAVA_HOME) wins over the newest JDK found; an older one gets one line. Run by ./loomlab test.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../java.sh
source "$here/../java.sh"

tmp=$(mktemp -d "${TMPDIR:-/tmp}/loomlab-find-java.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0

# A fake JDK folder $tmp/jdk-V whose bin/java says it is version V (as -XshowSettings:properties does).
fake_jdk() {
  mkdir -p "$tmp/jdk-$1/bin"
  cat >"$tmp/jdk-$1/bin/java" <<FAKE
#!/bin/sh
echo "    java.home = $tmp/jdk-$1" >&2
echo "    java.specification.version = $1" >&2
echo "openjdk version \"$1\"" >&2
FAKE
  chmod +x "$tmp/jdk-$1/bin/java"
}

check() {
  local what=$1 expected=$2 actual=$3
  if [ "$expected" = "$actual" ]; then
    passed=$((passed + 1))
  else
    failed=$((failed + 1))
    echo "FAILED: $what: expected [$expected], got [$actual]" >&2
  fi
}

fake_jdk 17
fake_jdk 21
fake_jdk 22

# LOOMLAB_JAVA at a JDK 21 wins, whatever newer JDK the machine has (and over JAVA_HOME)
(
  unset JAVA; LOOMLAB_JAVA="$tmp/jdk-21/bin/java" JAVA_HOME="$tmp/jdk-22" loomlab_find_java
  echo "$JAVA $JAVA_FEATURE $JAVA_HOME"
) >"$tmp/out" 2>"$tmp/err"
check "LOOMLAB_JAVA=jdk-21 is used" "$tmp/jdk-21/bin/java 21 $tmp/jdk-21" "$(cat "$tmp/out")"

# LOOMLAB_JAVA may name the JDK folder
(LOOMLAB_JAVA="$tmp/jdk-21" loomlab_find_java; echo "$JAVA") >"$tmp/out" 2>/dev/null
check "LOOMLAB_JAVA=a JDK folder" "$tmp/jdk-21/bin/java" "$(cat "$tmp/out")"

# JAVA_HOME at a JDK 21 wins over the newest found
(unset LOOMLAB_JAVA; JAVA_HOME="$tmp/jdk-21" loomlab_find_java; echo "$JAVA $JAVA_FEATURE") >"$tmp/out" 2>/dev/null
check "JAVA_HOME=jdk-21 is used" "$tmp/jdk-21/bin/java 21" "$(cat "$tmp/out")"

# LOOMLAB_JAVA older than 21: one line, exit 2
rc=0
(LOOMLAB_JAVA="$tmp/jdk-17/bin/java" loomlab_find_java) >"$tmp/out" 2>"$tmp/err" || rc=$?
check "LOOMLAB_JAVA=jdk-17 exits 2" 2 "$rc"
check "LOOMLAB_JAVA=jdk-17 says so in one line" 1 "$(wc -l <"$tmp/err" | tr -d ' ')"
check "the line names the version" 1 "$(grep -c 'is JDK 17; loomlab needs 21 or later' "$tmp/err" || true)"

# LOOMLAB_JAVA that is no java: one line, exit 2
rc=0
(LOOMLAB_JAVA="$tmp/nothing-here" loomlab_find_java) >"$tmp/out" 2>"$tmp/err" || rc=$?
check "LOOMLAB_JAVA=missing exits 2" 2 "$rc"
check "LOOMLAB_JAVA=missing says so in one line" 1 "$(wc -l <"$tmp/err" | tr -d ' ')"

# JAVA_HOME older than 21: a one-line note, then the search goes on (never picks the old one)
rc=0
(unset LOOMLAB_JAVA; JAVA_HOME="$tmp/jdk-17" loomlab_find_java; echo "$JAVA") >"$tmp/out" 2>"$tmp/err" || rc=$?
check "JAVA_HOME=jdk-17 gets a note" 1 "$(grep -c 'JAVA_HOME=.*is JDK 17, not a JDK 21 or later' "$tmp/err" || true)"
if [ "$rc" = 0 ]; then
  check "JAVA_HOME=jdk-17 is not used" "" "$(grep -F "$tmp/jdk-17" "$tmp/out" || true)"
fi

echo "find-java: $passed passed, $failed failed"
[ "$failed" = 0 ]
