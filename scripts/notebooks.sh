# shellcheck shell=bash
# Jupyter helpers for ./loomlab. Source this file; it only defines functions.
#
#   loomlab_install_jupyter                      Jupyter + fonts from Debian packages if missing
#   loomlab_install_kernelspec ROOT JAVA [JAR]   the "Java (loomlab)" kernel, named loomlab-java
#   loomlab_run_notebooks ROOT [NOTEBOOK...]     run notebooks headless, check them, one line each
#
# Which Jupyter: the conda environment's when one is active, else Debian's /usr/bin/python3,
# else a python3 on PATH, whichever can import jupyter_client, nbclient and nbconvert. (The pyenv
# python3 first on PATH on some machines has no Jupyter modules: it is never picked by accident.)
# Works with bash 3.2 (macOS) and later.

# The python3 that has Jupyter's modules, printed; returns 1 if there is none.
_loomlab_python() {
  local c
  for c in ${CONDA_PREFIX:+"$CONDA_PREFIX/bin/python3"} /usr/bin/python3 "$(command -v python3 2>/dev/null)"; do
    if [ -n "$c" ] && [ -x "$c" ] && "$c" -c 'import jupyter_client, nbclient, nbconvert' >/dev/null 2>&1; then
      echo "$c"
      return 0
    fi
  done
  return 1
}

# Runs `jupyter ARGS...` from the same installation as _loomlab_python.
_loomlab_jupyter() {
  local py dir
  py=$(_loomlab_python) || {
    echo "loomlab: Jupyter is not installed; run ./loomlab setup" >&2
    return 1
  }
  dir=$(dirname "$py")
  if [ -x "$dir/jupyter" ]; then
    "$dir/jupyter" "$@"
  else
    "$py" -m jupyter "$@"
  fi
}

# Milliseconds since the epoch (bash 5 has EPOCHREALTIME; older bash gets whole seconds).
_loomlab_now_ms() {
  if [ -n "${EPOCHREALTIME:-}" ]; then
    local t=${EPOCHREALTIME/[.,]/}
    echo $((t / 1000))
  else
    echo $(($(date +%s) * 1000))
  fi
}

_loomlab_json_string() {
  local s=${1//\\/\\\\}
  s=${s//\"/\\\"}
  printf '"%s"' "$s"
}

# Installs Jupyter (notebook, nbconvert, nbclient, jupyter_client, ipykernel) and the fonts XChart
# needs, from Debian packages, when they are missing and we are root with apt-get. Otherwise
# prints what to install and returns 1. Does nothing when everything is there.
loomlab_install_jupyter() {
  local need_jupyter=0 need_fonts=0
  _loomlab_python >/dev/null || need_jupyter=1
  if [ "$(uname -s)" = Linux ] && ! { command -v fc-list >/dev/null 2>&1 && [ -n "$(fc-list 2>/dev/null | head -n 1)" ]; }; then
    need_fonts=1
  fi
  if [ "$need_jupyter" = 0 ] && [ "$need_fonts" = 0 ]; then
    return 0
  fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "loomlab: installing Jupyter and fonts from Debian packages..."
    if [ -z "${_LOOMLAB_APT_UPDATED:-}" ]; then
      DEBIAN_FRONTEND=noninteractive apt-get update -qq || return 1
      _LOOMLAB_APT_UPDATED=1
    fi
    # the same package names on Debian 12/13 and Ubuntu 22.04/24.04 (where they are in universe)
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      jupyter-notebook jupyter-nbconvert python3-nbclient python3-jupyter-client python3-ipykernel \
      fontconfig fonts-dejavu-core >/dev/null || {
      echo "loomlab: could not install Jupyter's packages (see above); on Ubuntu they are in universe: sudo add-apt-repository universe, then ./loomlab again" >&2
      return 1
    }
    _loomlab_python >/dev/null || {
      echo "loomlab: Jupyter packages installed, but /usr/bin/python3 still cannot import jupyter_client" >&2
      return 1
    }
    return 0
  fi
  if [ "$need_jupyter" = 1 ]; then
    echo "loomlab: Jupyter is missing. Install it with: sudo apt-get install jupyter-notebook jupyter-nbconvert python3-nbclient python3-jupyter-client python3-ipykernel fontconfig fonts-dejavu-core   (or: conda env create -f binder/environment.yml && conda activate loomlab)" >&2
    return 1
  fi
  echo "loomlab: warning: no fonts found; plots need them: sudo apt-get install fontconfig fonts-dejavu-core" >&2
  return 0
}

# Installs the kernelspec loomlab-java ("Java (loomlab)") for the current user (Jupyter's user data
# dir, or $JUPYTER_DATA_DIR/kernels), replacing an older one. JAVA is a java >= 21;
# JAR defaults to ROOT/kernel/target/loomlab-kernel.jar. The kernel evaluates
# ROOT/notebooks/loomlab.jsh at start. LOOMLAB_KERNEL_HEAP (default 4g) sets its -Xmx.
loomlab_install_kernelspec() {
  local root=$1 java=$2 jar=${3:-}
  if [ -z "$root" ] || [ -z "$java" ]; then
    echo "usage: loomlab_install_kernelspec ROOT JAVA [JAR]" >&2
    return 2
  fi
  root=$(cd "$root" && pwd) || return 1
  [ -n "$jar" ] || jar="$root/kernel/target/loomlab-kernel.jar"
  if [ ! -f "$jar" ]; then
    echo "loomlab: kernel jar $jar not found; build it first (./mvnw -B -pl kernel -am package -DskipTests)" >&2
    return 1
  fi
  jar="$(cd "$(dirname "$jar")" && pwd)/$(basename "$jar")"
  case "$java" in
    */*) java="$(cd "$(dirname "$java")" && pwd)/$(basename "$java")" ;;
    *) java=$(command -v "$java") || { echo "loomlab: $2 not found" >&2; return 1; } ;;
  esac
  local real_java java_home
  real_java=$(readlink -f "$java" 2>/dev/null || echo "$java")
  java_home=$(dirname "$(dirname "$real_java")")

  local dir
  dir=$(mktemp -d "${TMPDIR:-/tmp}/loomlab-kernelspec.XXXXXX") || return 1
  mkdir -p "$dir/loomlab-java"
  local argv="" a
  for a in "$java" "-Xmx${LOOMLAB_KERNEL_HEAP:-4g}" -XX:+UseG1GC --add-modules=jdk.unsupported \
           --enable-native-access=ALL-UNNAMED -Djava.awt.headless=true \
           "-Dloomlab.startup=$root/notebooks/loomlab.jsh" -jar "$jar" "{connection_file}"; do
    argv="$argv${argv:+, }$(_loomlab_json_string "$a")"
  done
  cat >"$dir/loomlab-java/kernel.json" <<EOF
{
  "argv": [$argv],
  "display_name": "Java (loomlab)",
  "language": "java",
  "interrupt_mode": "message",
  "env": {
    "JAVA_HOME": $(_loomlab_json_string "$java_home"),
    "LOOMLAB_JAVA": $(_loomlab_json_string "$java"),
    "LOOMLAB_HOME": $(_loomlab_json_string "$root")
  },
  "metadata": {"debugger": false}
}
EOF
  local rc=0 py
  if py=$(_loomlab_python); then
    # jupyter_client's own installer (Debian has no jupyter-kernelspec command without jupyter-client)
    "$py" -c 'import sys; from jupyter_client.kernelspec import KernelSpecManager as M
M().install_kernel_spec(sys.argv[1], sys.argv[2], user=True)' \
      "$dir/loomlab-java" loomlab-java || rc=$?
  else
    # no Jupyter yet: write it where Jupyter will look for the user's kernels
    local data=${JUPYTER_DATA_DIR:-}
    if [ -z "$data" ]; then
      if [ "$(uname -s)" = Darwin ]; then data="$HOME/Library/Jupyter"; else data="${XDG_DATA_HOME:-$HOME/.local/share}/jupyter"; fi
    fi
    mkdir -p "$data/kernels/loomlab-java" &&
      cp "$dir/loomlab-java/kernel.json" "$data/kernels/loomlab-java/" || rc=$?
  fi
  rm -rf "$dir"
  if [ "$rc" != 0 ]; then
    echo "loomlab: could not install the kernelspec loomlab-java" >&2
    return 1
  fi
  echo "loomlab: kernel \"Java (loomlab)\" (loomlab-java) installed: $java, $jar"
}

# Runs notebooks headless (all of ROOT/notebooks/*.ipynb, or the ones given) with the loomlab-java
# kernel, into ROOT/build/notebooks/NAME.ipynb and NAME.html (NAME.log has Jupyter's output).
# Prints one line per notebook: name, seconds, "ok" or "FAILED: <first problem>" as found by
# scripts/check_notebook.py. Returns 1 if any notebook failed.
loomlab_run_notebooks() {
  local root=$1
  if [ -z "$root" ]; then
    echo "usage: loomlab_run_notebooks ROOT [NOTEBOOK...]" >&2
    return 2
  fi
  shift
  local py scripts out
  py=$(_loomlab_python) || {
    echo "loomlab: Jupyter is not installed; run ./loomlab setup" >&2
    return 1
  }
  scripts=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
  out="$root/build/notebooks"
  mkdir -p "$out" || return 1
  if [ "$#" -eq 0 ]; then
    set -- "$root"/notebooks/*.ipynb
    if [ ! -e "$1" ]; then
      echo "loomlab: no notebooks in $root/notebooks" >&2
      return 1
    fi
  fi
  local failed=0 nb name start secs status passed=0 broken=0
  for nb in "$@"; do
    case "$nb" in
      -h|--help)
        echo "usage: loomlab run [NOTEBOOK.ipynb ...]: runs the notebooks headless (all of notebooks/ by default) into build/notebooks/"
        return 0 ;;
      *.ipynb) [ -f "$nb" ] || { echo "loomlab run: no notebook $nb: name .ipynb files, e.g. notebooks/01-un-million-de-processus.ipynb" >&2; return 2; } ;;
      *) echo "loomlab run: $nb is not a notebook: name .ipynb files, or none for all of notebooks/" >&2; return 2 ;;
    esac
  done
  for nb in "$@"; do
    name=$(basename "$nb" .ipynb)
    start=$(_loomlab_now_ms)
    # allow_errors: the notebook is always saved, errors included; check_notebook.py fails it
    if _loomlab_jupyter nbconvert --to notebook --execute \
        --ExecutePreprocessor.kernel_name=loomlab-java \
        --ExecutePreprocessor.timeout=600 \
        --ExecutePreprocessor.allow_errors=True \
        --output-dir "$out" --output "$name" "$nb" >"$out/$name.log" 2>&1; then
      status=$("$py" "$scripts/check_notebook.py" "$out/$name.ipynb" 2>>"$out/$name.log") || failed=1
      _loomlab_jupyter nbconvert --to html --output-dir "$out" --output "$name" "$out/$name.ipynb" \
        >>"$out/$name.log" 2>&1 || status="$status (no HTML: see $out/$name.log)"
    else
      failed=1
      status=$(grep -E '^[A-Za-z_.]*(Error|Exception|Kernel)[A-Za-z_]*: ' "$out/$name.log" | tail -n 1)
      status="FAILED: ${status:-nbconvert failed} (see $out/$name.log)"
    fi
    secs=$(( ($(_loomlab_now_ms) - start) / 100 ))
    printf '%-44s %5d.%ds  %s\n' "$name" $((secs / 10)) $((secs % 10)) "$status"
    if [ "$status" = ok ]; then passed=$((passed + 1)); else broken=$((broken + 1)); fi
  done
  echo "notebooks: $passed passed, $broken failed"
  return "$failed"
}
