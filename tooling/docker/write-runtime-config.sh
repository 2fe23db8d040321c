#!/bin/sh
# Renders the shell's runtime-config.json from the environment at container start, so a remote
# can move without rebuilding the shell image, and the response headers whose Content-Security-
# Policy names exactly those origins (the same policy as scripts/lib/security-headers.mjs), and
# Stripe's when STRIPE_PUBLISHABLE_KEY is set. The two arguments (other output paths) are for
# tests.
set -eu
html_dir="${1:-/usr/share/nginx/html}"
headers_file="${2:-/etc/nginx/store-headers.conf}"
API_BASE_URL="${API_BASE_URL:-/api}"
REMOTE_CATALOG_URL="${REMOTE_CATALOG_URL:-http://localhost:3001/mf-manifest.json}"
REMOTE_ACCOUNT_URL="${REMOTE_ACCOUNT_URL:-http://localhost:3002/mf-manifest.json}"
REMOTE_CHECKOUT_URL="${REMOTE_CHECKOUT_URL:-http://localhost:3003/mf-manifest.json}"
REMOTE_ADMIN_URL="${REMOTE_ADMIN_URL:-http://localhost:3004/mf-manifest.json}"
stripe_key="${STRIPE_PUBLISHABLE_KEY:-}"

# The runtime config is public, so only a publishable key may go there (the same rules as
# scripts/lib/stripe-publishable-key.mjs); anything else stops the container.
refuse() {
  echo "$1" >&2
  exit 1
}
if [ -n "$stripe_key" ]; then
  case "$stripe_key" in
    sk_* | rk_*)
      refuse "STRIPE_PUBLISHABLE_KEY holds a secret or restricted key (sk_/rk_), which would be \
published in the shell's runtime-config.json. Give the shell the publishable key (pk_test_... or \
pk_live_...) and the api the secret one (STRIPE_SECRET_KEY)."
      ;;
  esac
  case "$stripe_key" in
    pk_test_?* | pk_live_?*) ;;
    *) refuse "STRIPE_PUBLISHABLE_KEY is not a Stripe publishable key (pk_test_... or pk_live_...)" ;;
  esac
  case "$stripe_key" in
    *[!A-Za-z0-9_]*)
      refuse "STRIPE_PUBLISHABLE_KEY is not a Stripe publishable key (pk_test_... or pk_live_...)"
      ;;
  esac
fi

stripe_json=''
stripe_script=''
stripe_connect=''
stripe_frame=''
if [ -n "$stripe_key" ]; then
  stripe_json=",
  \"stripePublishableKey\": \"${stripe_key}\""
  stripe_script=' https://js.stripe.com https://*.js.stripe.com'
  stripe_connect=' https://api.stripe.com https://checkout.stripe.com'
  stripe_frame="; frame-src 'self' https://js.stripe.com https://*.js.stripe.com \
https://checkout.stripe.com https://hooks.stripe.com"
fi

simulated_json=''
if [ "${PAYMENT_PROVIDER:-}" = local ]; then
  simulated_json=",
  \"paymentsSimulated\": true"
fi

cat > "$html_dir/runtime-config.json" <<JSON
{
  "apiBaseUrl": "${API_BASE_URL}",
  "remotes": {
    "catalog": "${REMOTE_CATALOG_URL}",
    "account": "${REMOTE_ACCOUNT_URL}",
    "checkout": "${REMOTE_CHECKOUT_URL}",
    "admin": "${REMOTE_ADMIN_URL}"
  }${stripe_json}${simulated_json}
}
JSON

origins=$(for url in "$API_BASE_URL" "$REMOTE_CATALOG_URL" "$REMOTE_ACCOUNT_URL" \
  "$REMOTE_CHECKOUT_URL" "$REMOTE_ADMIN_URL"; do
  echo "$url" | sed -n 's#^\(https\{0,1\}://[^/]*\).*#\1#p'
done | sort -u | tr '\n' ' ' | sed 's/ $//')
extra=${origins:+ $origins}

cat > "$headers_file" <<CONF
add_header Access-Control-Allow-Origin "${CORS_ORIGIN:-*}" always;
add_header X-Content-Type-Options nosniff always;
add_header Referrer-Policy strict-origin-when-cross-origin always;
add_header X-Frame-Options DENY always;
add_header Content-Security-Policy "default-src 'self'; script-src 'self'${stripe_script}${extra}; connect-src 'self'${stripe_connect}${extra}${stripe_frame}; img-src 'self' data: blob:${extra}; style-src 'self' 'unsafe-inline'${extra}; font-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'" always;
CONF
