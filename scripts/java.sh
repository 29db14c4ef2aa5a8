# shellcheck shell=bash
# The JDK for ./loomlab. Source this file; it only defines functions. Works with bash 3.2 (macOS).
#
#   loomlab_java_property JAVA NAME   one system property of a java binary (java.home, ...), or nothing
#   loomlab_find_java                 sets JAVA, JAVA_FEATURE and JAVA_HOME (exported), or says why not
#
# Which JDK: the user's choice wins over everything found.
#   1. $LOOMLAB_JAVA (a bin/java or a JDK folder): used when it is 21 or later; otherwise one line
#      saying what it is, and loomlab_find_java returns 2;
#   2. $JAVA_HOME: used when it is 21 or later; an older one gets a one-line note, and the search goes on;
#   3. the newest 21 or later among /usr/lib/jvm/*, macOS's JavaVirtualMachines, sdkman, /opt/java,
#      $CONDA_PREFIX, then the java on PATH.

# One system property of a java binary (java.home, java.specification.version, ...), or nothing.
loomlab_java_property() {
  "$1" -XshowSettings:properties -version 2>&1 | awk -F'= ' -v name="$2" '$1 ~ "^ *" name " *$" {print $2; exit}'
}

# The feature version of a java binary (17, 21, 25, ...), or nothing.
_loomlab_java_feature() {
  local v
  v=$(loomlab_java_property "$1" java.specification.version)
  v=${v%%.*}
  case "$v" in
    ''|*[!0-9]*) return 1 ;;
  esac
  echo "$v"
}

# Sets JAVA, JAVA_FEATURE and JAVA_HOME (exported) from a java binary of version $2.
_loomlab_take_java() {
  local home
  JAVA=$1
  JAVA_FEATURE=$2
  home=$(loomlab_java_property "$1" java.home)
  [ -n "$home" ] && [ -d "$home" ] || home=$(cd "$(dirname "$1")/.." && pwd)
  JAVA_HOME=$home
  export JAVA_HOME
}

# A java binary for what the user named: a bin/java, or a JDK folder holding one.
_loomlab_java_binary() {
  if [ -d "$1" ]; then
    echo "$1/bin/java"
  else
    echo "$1"
  fi
}

loomlab_find_java() {
  local java v
  if [ -n "${LOOMLAB_JAVA:-}" ]; then
    java=$(_loomlab_java_binary "$LOOMLAB_JAVA")
    if [ ! -x "$java" ]; then
      echo "loomlab: LOOMLAB_JAVA=$LOOMLAB_JAVA is not a java binary or a JDK folder: point it at a JDK 21 or later's bin/java, or unset it to let loomlab find one" >&2
      return 2
    fi
    if ! v=$(_loomlab_java_feature "$java"); then
      echo "loomlab: LOOMLAB_JAVA=$LOOMLAB_JAVA does not run (java -version fails): point it at a JDK 21 or later, or unset it" >&2
      return 2
    fi
    if [ "$v" -lt 21 ]; then
      echo "loomlab: LOOMLAB_JAVA=$LOOMLAB_JAVA is JDK $v; loomlab needs 21 or later: point it at a newer JDK, or unset it to let loomlab find one" >&2
      return 2
    fi
    _loomlab_take_java "$java" "$v"
    return 0
  fi
  if [ -n "${JAVA_HOME:-}" ]; then
    java="$JAVA_HOME/bin/java"
    if [ -x "$java" ] && v=$(_loomlab_java_feature "$java") && [ "$v" -ge 21 ]; then
      _loomlab_take_java "$java" "$v"
      return 0
    fi
    echo "loomlab: note: JAVA_HOME=$JAVA_HOME is ${v:+JDK $v, }not a JDK 21 or later; looking for one elsewhere (set LOOMLAB_JAVA to choose)" >&2
  fi
  local c best="" best_v=0
  for c in /usr/lib/jvm/*/bin/java /Library/Java/JavaVirtualMachines/*/Contents/Home/bin/java \
           "$HOME"/.sdkman/candidates/java/*/bin/java /opt/java/*/bin/java "${CONDA_PREFIX:-/nonexistent}/bin/java" \
           "$(command -v java 2>/dev/null || echo /nonexistent)"; do
    [ -x "$c" ] || continue
    v=$(_loomlab_java_feature "$c") || continue
    if [ "$v" -ge 21 ] && [ "$v" -gt "$best_v" ]; then
      best=$c
      best_v=$v
    fi
  done
  if [ -z "$best" ]; then
    cat >&2 <<MSG
loomlab: no JDK 21 or later found (looked at \$LOOMLAB_JAVA, \$JAVA_HOME, /usr/lib/jvm/*, macOS JavaVirtualMachines, sdkman, /opt/java, \$CONDA_PREFIX, PATH).
Install one, for example:  sudo apt-get install openjdk-21-jdk   or   brew install openjdk@21   or   sdk install java 21-tem
or use conda:  conda env create -f binder/environment.yml && conda activate loomlab
then run ./loomlab again (or point LOOMLAB_JAVA at its bin/java).
MSG
    return 2
  fi
  _loomlab_take_java "$best" "$best_v"
}
