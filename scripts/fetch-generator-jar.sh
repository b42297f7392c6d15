#!/bin/sh
# Fetch the openapi-generator-cli jar pinned in openapitools.json from Maven Central and place it
# where @openapitools/openapi-generator-cli (and scripts/generate.mjs) expect it:
# <storageDir>/<version>.jar, so code generation runs fully offline afterwards.
# Usage: npm run fetch-generator   (idempotent: does nothing if the jar is already there)
set -eu

cd "$(dirname "$0")/.."

die() { echo "fetch-generator: $*" >&2; exit 1; }

command -v node >/dev/null 2>&1 || die "node is required to read openapitools.json"
command -v java >/dev/null 2>&1 || die "java is not installed (a JRE 11+ is needed to run openapi-generator); install e.g. openjdk-17-jre-headless"

[ -f openapitools.json ] || die "openapitools.json not found in $(pwd)"

# version and storageDir from openapitools.json (one per line)
cfg=$(node -e '
  const c = JSON.parse(require("fs").readFileSync("openapitools.json", "utf8"))["generator-cli"] || {};
  if (!c.version) { console.error("generator-cli.version is not set"); process.exit(1); }
  if (!/^[0-9]+\.[0-9]+\.[0-9]+$/.test(c.version)) { console.error("generator-cli.version must be an exact version, got " + c.version); process.exit(1); }
  process.stdout.write(c.version + "\n" + (c.storageDir || ".generator") + "\n");
') || die "cannot read generator-cli.version/storageDir from openapitools.json"
version=$(printf '%s\n' "$cfg" | sed -n 1p)
storage=$(printf '%s\n' "$cfg" | sed -n 2p)
case "$storage" in "~"*) storage="$HOME${storage#"~"}" ;; esac

target="$storage/$version.jar"
if [ -s "$target" ]; then
  echo "fetch-generator: $target already present (openapi-generator-cli $version)"
  exit 0
fi

command -v mvn >/dev/null 2>&1 || die "mvn is not installed (needed to fetch openapi-generator-cli $version from Maven Central); install maven"
m2="${MAVEN_REPO_LOCAL:-$HOME/.m2/repository}"
src="$m2/org/openapitools/openapi-generator-cli/$version/openapi-generator-cli-$version.jar"
echo "fetch-generator: mvn dependency:get org.openapitools:openapi-generator-cli:$version"
# (output shown only on failure: quiet mode still prints terminal escape codes)
if ! out=$(mvn -B -q dependency:get -Dmaven.repo.local="$m2" -Dtransitive=false \
  -Dartifact="org.openapitools:openapi-generator-cli:$version" 2>&1); then
  printf '%s\n' "$out" >&2
  die "mvn dependency:get failed for org.openapitools:openapi-generator-cli:$version"
fi
[ -s "$src" ] || die "mvn finished but $src is missing"

mkdir -p "$storage"
tmp="$target.tmp.$$"
cp "$src" "$tmp"
# check the copy is a usable jar before putting it in place
java -jar "$tmp" version >/dev/null 2>&1 || { rm -f "$tmp"; die "$src does not run with java -jar"; }
mv "$tmp" "$target"
echo "fetch-generator: installed $target (openapi-generator-cli $version)"
