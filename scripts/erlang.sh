# Sourced by ./loomlab. Erlang for the "BEAM here" measurements (optional: without it every BEAM
# cell says how to install it, and everything else runs as before).
#   loomlab_install_erlang    erlang-nox from Debian packages when erl is missing and we are root with apt-get

# Installs erlang-nox (erl, erlc; no GUI) when erl is missing, as root with apt-get; otherwise says
# how to get it. Always returns 0: Erlang is optional.
loomlab_install_erlang() {
  if command -v erl >/dev/null 2>&1; then
    return 0
  fi
  if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "loomlab: installing Erlang (erlang-nox) from Debian packages, for the BEAM-here columns..."
    if [ -z "${_LOOMLAB_APT_UPDATED:-}" ]; then
      DEBIAN_FRONTEND=noninteractive apt-get update -qq || true
      _LOOMLAB_APT_UPDATED=1
    fi
    if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq erlang-nox >/dev/null; then
      return 0
    fi
    echo "loomlab: warning: could not install erlang-nox; the BEAM-here columns will say how to install it" >&2
    return 0
  fi
  echo "loomlab: note: Erlang is not installed, so there is no BEAM here: sudo apt-get install erlang-nox (or conda install -c conda-forge erlang); everything else runs without it" >&2
  return 0
}
