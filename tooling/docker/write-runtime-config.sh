#!/bin/sh
# Renders the shell's runtime-config.json from the environment at container start, so a remote
# can move without rebuilding the shell image, and the response headers whose Content-Security-
# Policy names exactly those origins (the same policy as scripts/lib/security-headers.mjs).
set -eu
API_BASE_URL="${API_BASE_URL:-/api}"
REMOTE_CATALOG_URL="${REMOTE_CATALOG_URL:-http://localhost:3001/mf-manifest.json}"
REMOTE_ACCOUNT_URL="${REMOTE_ACCOUNT_URL:-http://localhost:3002/mf-manifest.json}"
REMOTE_CHECKOUT_URL="${REMOTE_CHECKOUT_URL:-http://localhost:3003/mf-manifest.json}"
REMOTE_ADMIN_URL="${REMOTE_ADMIN_URL:-http://localhost:3004/mf-manifest.json}"

cat > /usr/share/nginx/html/runtime-config.json <<JSON
{
  "apiBaseUrl": "${API_BASE_URL}",
  "remotes": {
    "catalog": "${REMOTE_CATALOG_URL}",
    "account": "${REMOTE_ACCOUNT_URL}",
    "checkout": "${REMOTE_CHECKOUT_URL}",
    "admin": "${REMOTE_ADMIN_URL}"
  }
}
JSON

origins=$(for url in "$API_BASE_URL" "$REMOTE_CATALOG_URL" "$REMOTE_ACCOUNT_URL" \
  "$REMOTE_CHECKOUT_URL" "$REMOTE_ADMIN_URL"; do
  echo "$url" | sed -n 's#^\(https\{0,1\}://[^/]*\).*#\1#p'
done | sort -u | tr '\n' ' ' | sed 's/ $//')
extra=${origins:+ $origins}

cat > /etc/nginx/store-headers.conf <<CONF
add_header Access-Control-Allow-Origin "${CORS_ORIGIN:-*}" always;
add_header X-Content-Type-Options nosniff always;
add_header Referrer-Policy strict-origin-when-cross-origin always;
add_header X-Frame-Options DENY always;
add_header Content-Security-Policy "default-src 'self'; script-src 'self'${extra}; connect-src 'self'${extra}; img-src 'self' data: blob:${extra}; style-src 'self' 'unsafe-inline'; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'" always;
CONF
