# shellcheck shell=bash
# Sourced by ./loomlab test. Chromium and its driver, for the one test that needs a browser (the
# workshop page's, through Selenium). Nothing else needs them: the notebooks, `run` and `report` never do.
#   loomlab_install_browser   chromium + chromium-driver from Debian packages when missing, as root with apt-get
# Works with bash 3.2 (macOS) and later.

# True on Ubuntu and its derivatives (/etc/os-release names ubuntu as ID or ID_LIKE).
_loomlab_is_ubuntu() {
  [ -r /etc/os-release ] || return 1
  grep -Eq '^(ID|ID_LIKE)=.*ubuntu' /etc/os-release
}

# Installs Debian's chromium and chromium-driver when /usr/bin/chromium or /usr/bin/chromedriver is
# missing, as root with apt-get. Always returns 0, saying in one line what it did not do: without
# them the browser test is skipped (it fails only when CI=true). Ubuntu has no such packages (its
# chromium-browser and chromium-chromedriver install a snap, under other names): there it only says so.
loomlab_install_browser() {
  if [ -x /usr/bin/chromium ] && [ -x /usr/bin/chromedriver ]; then
    return 0
  fi
  if _loomlab_is_ubuntu; then
    echo "loomlab: note: Ubuntu ships Chromium only as a snap (chromium-browser, chromium-chromedriver), not as /usr/bin/chromium and /usr/bin/chromedriver: the workshop page's browser test will be skipped" >&2
    return 0
  fi
  if [ "$(uname -s)" = Linux ] && [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
    echo "loomlab: installing chromium and chromium-driver from Debian packages (the workshop page's browser test)..."
    if [ -z "${_LOOMLAB_APT_UPDATED:-}" ]; then
      DEBIAN_FRONTEND=noninteractive apt-get update -qq || true
      _LOOMLAB_APT_UPDATED=1
    fi
    if DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium chromium-driver >/dev/null; then
      return 0
    fi
    echo "loomlab: note: could not install chromium and chromium-driver: the workshop page's browser test will be skipped" >&2
    return 0
  fi
  echo "loomlab: note: no /usr/bin/chromium and /usr/bin/chromedriver: the workshop page's browser test will be skipped; on Debian: sudo apt-get install chromium chromium-driver" >&2
  return 0
}
