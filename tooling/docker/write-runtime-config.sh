#!/bin/sh
# Renders the shell's runtime-config.json from the environment at container start, so a remote
# can move without rebuilding the shell image.
set -eu
cat > /usr/share/nginx/html/runtime-config.json <<JSON
{
  "apiBaseUrl": "${API_BASE_URL:-/api}",
  "remotes": {
    "catalog": "${REMOTE_CATALOG_URL:-http://localhost:3001/mf-manifest.json}",
    "account": "${REMOTE_ACCOUNT_URL:-http://localhost:3002/mf-manifest.json}",
    "checkout": "${REMOTE_CHECKOUT_URL:-http://localhost:3003/mf-manifest.json}",
    "admin": "${REMOTE_ADMIN_URL:-http://localhost:3004/mf-manifest.json}"
  }
}
JSON
