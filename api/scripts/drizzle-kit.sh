#!/bin/sh
# drizzle-kit is hoisted to the root node_modules while drizzle-orm lives in api/node_modules, and
# drizzle-kit finds drizzle-orm with import() from its own folder. A throwaway folder of symlinks
# plus --preserve-symlinks lets it see both without touching the root install.
set -e
API_DIR=$(cd "$(dirname "$0")/.." && pwd)
ROOT_MODULES="$API_DIR/../node_modules"
SHIM=$(mktemp -d)
trap 'rm -rf "$SHIM"' EXIT
mkdir -p "$SHIM/node_modules"
for dep in "$ROOT_MODULES"/* "$ROOT_MODULES"/.bin; do
  ln -s "$dep" "$SHIM/node_modules/$(basename "$dep")"
done
rm -f "$SHIM/node_modules/drizzle-orm"
ln -s "$API_DIR/node_modules/drizzle-orm" "$SHIM/node_modules/drizzle-orm"
cd "$API_DIR"
node --preserve-symlinks --preserve-symlinks-main "$SHIM/node_modules/drizzle-kit/bin.cjs" "$@"
