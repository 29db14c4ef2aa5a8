#!/usr/bin/env bash
# The Binder dry run: what repo2docker would do with binder/, short of building an image.
#
#   scripts/binder-dry-run.sh [NOTEBOOK]     (default: notebooks/04-klab-t2000.ipynb)
#
# In a clean clone of HEAD (what is committed, nothing else) in a temporary folder, it runs
# binder/postBuild (the build through ./mvnw, the kernelspec) and binder/start (the lower cap and
# kernel heap), then, as the command start execs, one notebook headless with the kernel postBuild
# installed, checked by scripts/check_notebook.py. The kernelspec goes to a temporary Jupyter data
# folder, so the user's own "Java (loomlab)" is untouched. Maven runs offline (MAVEN_ARGS=-o) on
# the local repository the main build filled, so nothing is downloaded: run it after a build (./loomlab
# test does). LOOMLAB_CAP defaults to 1,000 here, below start's own default, to keep it short.
# What it cannot try: conda solving binder/environment.yml, repo2docker's image, Binder itself.
# Works with bash 3.2 (macOS) and later.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
notebook=${1:-notebooks/04-klab-t2000.ipynb}

say() { echo "binder-dry-run: $*"; }
fail() { echo "binder-dry-run: FAILED: $*" >&2; exit 1; }

for f in binder/postBuild binder/start binder/environment.yml; do
  git -C "$root" cat-file -e "HEAD:$f" 2>/dev/null || fail "$f is not committed (the dry run clones HEAD)"
done
if grep -Eq '^[[:space:]]*-[[:space:]]*maven' "$root/binder/environment.yml"; then
  fail "binder/environment.yml lists maven, which nothing uses (the build goes through ./mvnw)"
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/loomlab-binder.XXXXXX")
trap 'rm -rf "$tmp"' EXIT
git clone -q "$root" "$tmp/repo"
say "clean clone of HEAD ($(git -C "$tmp/repo" rev-parse --short HEAD)) in $tmp/repo"

export JUPYTER_DATA_DIR="$tmp/jupyter"
export MAVEN_ARGS="${MAVEN_ARGS:-} -o"
export LOOMLAB_CAP=${LOOMLAB_CAP:-1000}
unset LOOMLAB_KERNEL_HEAP

cd "$tmp/repo"
[ -x binder/postBuild ] && [ -x binder/start ] || fail "binder/postBuild and binder/start must be executable (git mode 755)"
say "binder/postBuild ..."
binder/postBuild >"$tmp/postBuild.log" 2>&1 || { tail -n 20 "$tmp/postBuild.log" >&2; fail "binder/postBuild (log above)"; }
spec="$JUPYTER_DATA_DIR/kernels/loomlab-java/kernel.json"
[ -f "$spec" ] || fail "postBuild installed no kernelspec at $spec"

say "binder/start, then $notebook at a cap of $LOOMLAB_CAP ..."
# what start execs is Jupyter on Binder; here, the headless run of one notebook
binder/start bash -c 'source scripts/notebooks.sh && loomlab_run_notebooks "$PWD" "$1"' start "$notebook" \
  || fail "$notebook did not run cleanly after binder/start (see $tmp/repo/build/notebooks/, kept only while this runs)"

grep -q '"-Xmx768m"' "$spec" || fail "binder/start did not give the kernel its Binder heap (-Xmx768m) in $spec"
grep -q "\"LOOMLAB_HOME\": \"$tmp/repo\"" "$spec" || fail "the kernelspec does not point at the clone ($spec)"
say "ok: postBuild built and installed the kernel, start lowered the cap and heap, $notebook ran"
echo "binder-dry-run: 1 passed, 0 failed"
