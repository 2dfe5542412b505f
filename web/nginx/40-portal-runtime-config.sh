#!/bin/sh
# Runs at container start (the nginx image runs /docker-entrypoint.d/*.sh before nginx), so one
# image serves any backend. It writes:
#   - $PORTAL_HTML_DIR/runtime-config.json from the PORTAL_* environment variables, with the same
#     rules as web/runtime-config.mjs (buildRuntimeConfig);
#   - $PORTAL_HEADERS_FILE, the nginx add_header lines of the security headers, with the content
#     security policy computed as web/scripts/security-headers.mjs does.
# tests/ runs this script outside Docker and checks both files against the Node modules.
set -eu

html_dir="${PORTAL_HTML_DIR:-/usr/share/nginx/html}"
headers_file="${PORTAL_HEADERS_FILE:-/etc/nginx/portal/security-headers.conf}"

# trimmed value of a variable; empty when unset or blank
text() {
  eval "value=\${$1:-}"
  printf '%s' "$value" | sed -e 's/^[[:space:]]*//' -e 's/[[:space:]]*$//'
}
# A value with a line break or another control character would split the nginx header lines and
# add origins to the content security policy: refuse it at start, as Node refuses such a header.
for name in PORTAL_API_URL PORTAL_TEST_API_URL PORTAL_TEST_ENV PORTAL_DEFAULT_URL PORTAL_DOCUMENT_URL \
  PORTAL_TILE_URL PORTAL_GEOCODER_URL PORTAL_SITE_CODE PORTAL_MOCK_PORT PORTAL_REQUEST_TIMEOUT_MS \
  PORTAL_TRACKER_URL PORTAL_TRACKER_SITE_ID PORTAL_RUM_APPLICATION_ID PORTAL_RUM_CLIENT_TOKEN \
  PORTAL_RUM_SITE PORTAL_RUM_SERVICE PORTAL_RUM_ENV PORTAL_CSP_EXTRA_ORIGINS; do
  eval "raw=\${$name:-}"
  if [ "$(printf '%s.' "$raw" | tr -d '\000-\037')" != "$raw." ]; then
    echo "portal: $name holds a line break or another control character; refused" >&2
    exit 1
  fi
done
strip_slashes() { printf '%s' "$1" | sed -e 's|/*$||'; }
# a JSON string literal, or null when empty
json() {
  if [ -z "$1" ]; then
    printf 'null'
  else
    printf '"%s"' "$(printf '%s' "$1" | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g' | tr -d '\000-\037')"
  fi
}

# PORTAL_MOCK_PORT (the compose stack passes MOCK_PORT): the addresses not given explicitly are the
# mock's on that port of the user's machine (API, offline tiles, offline geocoder)
mock_port="$(text PORTAL_MOCK_PORT)"
case "$mock_port" in
  '' | *[!0-9]*) mock="" ;;
  *) if [ "${#mock_port}" -le 5 ]; then mock="http://localhost:$mock_port"; else mock=""; fi ;;
esac
api="$(text PORTAL_API_URL)"; api="$(strip_slashes "${api:-${mock:-http://localhost:3001}}")"
test_api="$(text PORTAL_TEST_API_URL)"; [ -n "$test_api" ] && test_api="$(strip_slashes "$test_api")"
test_env_text="$(text PORTAL_TEST_ENV | tr '[:upper:]' '[:lower:]')"
case "$test_env_text" in true | 1 | yes) test_env=true ;; *) test_env=false ;; esac
default_url="$(text PORTAL_DEFAULT_URL)"
documents="$(text PORTAL_DOCUMENT_URL)"; documents="$(strip_slashes "${documents:-$api/documents}")"
tiles="$(text PORTAL_TILE_URL)"
if [ -z "$tiles" ]; then
  if [ -n "$mock" ]; then tiles="$mock/tiles/{z}/{x}/{y}.png"; else tiles='https://{s}.tile.openstreetmap.org/{z}/{x}/{y}.png'; fi
fi
geocoder="$(text PORTAL_GEOCODER_URL)"
if [ -z "$geocoder" ]; then
  if [ -n "$mock" ]; then geocoder="$mock/geocoder"; else geocoder=https://api-adresse.data.gouv.fr; fi
fi
geocoder="$(strip_slashes "$geocoder")"
site_code="$(text PORTAL_SITE_CODE)"; site_code="${site_code:-portal}"
# a positive whole number of milliseconds (at most 7 digits), else the default
timeout_ms="$(text PORTAL_REQUEST_TIMEOUT_MS)"
case "$timeout_ms" in
  '' | *[!0-9]*) timeout_ms=30000 ;;
  *)
    if [ "${#timeout_ms}" -gt 7 ]; then timeout_ms=30000; fi
    timeout_ms="$(printf '%s' "$timeout_ms" | sed -e 's/^0*//')"
    timeout_ms="${timeout_ms:-30000}"
    ;;
esac
tracker_url="$(text PORTAL_TRACKER_URL)"
tracker_site="$(text PORTAL_TRACKER_SITE_ID)"
rum_app="$(text PORTAL_RUM_APPLICATION_ID)"
rum_token="$(text PORTAL_RUM_CLIENT_TOKEN)"
rum_site="$(text PORTAL_RUM_SITE)"; rum_site="${rum_site:-datadoghq.eu}"
rum_service="$(text PORTAL_RUM_SERVICE)"; rum_service="${rum_service:-$site_code}"
rum_env="$(text PORTAL_RUM_ENV)"
if [ -z "$rum_env" ]; then
  if [ "$test_env" = true ]; then rum_env=test; else rum_env=production; fi
fi

if [ -n "$tracker_url" ] && [ -n "$tracker_site" ]; then
  tracker="{\"url\": $(json "$tracker_url"), \"siteId\": $(json "$tracker_site")}"
else
  tracker=null
  tracker_url=""
fi
if [ -n "$rum_app" ] && [ -n "$rum_token" ]; then
  rum="{\"applicationId\": $(json "$rum_app"), \"clientToken\": $(json "$rum_token"), \"site\": $(json "$rum_site"), \"service\": $(json "$rum_service"), \"env\": $(json "$rum_env")}"
  rum_intake="$(printf '%s' "https://browser-intake-$rum_site" | grep -E '^[a-zA-Z][a-zA-Z0-9+.-]*://[]A-Za-z0-9*.:_[-]+$' || true)"
  # the monitoring agent's script origin (RUM_SCRIPT_ORIGIN in security-headers.mjs)
  rum_script="https://www.datadoghq-browser-agent.com"
else
  rum=null
  rum_intake=""
  rum_script=""
fi

mkdir -p "$html_dir"
cat > "$html_dir/runtime-config.json" <<JSON
{
  "apiBaseUrl": $(json "$api"),
  "testApiBaseUrl": $(json "$test_api"),
  "testEnv": $test_env,
  "defaultUrl": $(json "$default_url"),
  "documentServiceUrl": $(json "$documents"),
  "tileUrl": $(json "$tiles"),
  "geocoderUrl": $(json "$geocoder"),
  "siteCode": $(json "$site_code"),
  "requestTimeoutMs": $timeout_ms,
  "tracker": $tracker,
  "rum": $rum
}
JSON

# scheme://host[:port] of a URL or tile template ({s} subdomains become *); empty if not one
origin() {
  printf '%s' "$1" | sed -nE 's|^([a-zA-Z][a-zA-Z0-9+.-]*://[^/?#]+).*|\1|p' | sed -E 's/\{[a-z]\}/*/g' |
    grep -E '^[a-zA-Z][a-zA-Z0-9+.-]*://[]A-Za-z0-9*.:_[-]+$' || true
}
# space-separated sources, without duplicates or blanks
sources() {
  out=""
  for item in "$@"; do
    [ -n "$item" ] || continue
    case " $out " in *" $item "*) ;; *) out="${out:+$out }$item" ;; esac
  done
  printf '%s' "$out"
}

o_api="$(origin "$api")"
o_test="$(origin "$test_api")"
o_docs="$(origin "$documents")"
o_tiles="$(origin "$tiles")"
o_geocoder="$(origin "$geocoder")"
o_tracker="$(origin "$tracker_url")"
extra=""
for item in ${PORTAL_CSP_EXTRA_ORIGINS:-}; do
  checked="$(printf '%s' "$item" | grep -E '^[a-zA-Z][a-zA-Z0-9+.-]*://[]A-Za-z0-9*.:_[-]+$' || true)"
  extra="${extra:+$extra }$checked"
done

# index.html's one inline script, allowed by its hash (FIRST_LOAD_HINT_SOURCE of
# web/scripts/first-load-hint.mjs; tests/ checks the two agree)
first_load_hint="'sha256-G4rhIN121AC+z9dXLj6rHIQ2t5DzW3R2l9vJ+3m/k5Q='"

# shellcheck disable=SC2086 # $extra is a list on purpose
csp="default-src 'self'; \
script-src $(sources "'self'" "$first_load_hint" "$o_tracker" "$rum_script"); \
style-src 'self' 'unsafe-inline'; \
img-src $(sources "'self'" data: blob: "$o_api" "$o_test" "$o_docs" "$o_tiles" "$o_tracker" $extra); \
font-src 'self' data:; \
connect-src $(sources "'self'" "$o_api" "$o_test" "$o_docs" "$o_geocoder" "$o_tracker" "$rum_intake" $extra); \
frame-src $(sources "'self'" "$o_api" "$o_test" "$o_docs" $extra); \
worker-src 'self' blob:; \
manifest-src 'self'; \
object-src 'none'; \
base-uri 'self'; \
form-action 'self'; \
frame-ancestors 'none'"

mkdir -p "$(dirname "$headers_file")"
cat > "$headers_file" <<CONF
# Written by 40-portal-runtime-config.sh at container start; included by every location.
add_header Content-Security-Policy "$csp" always;
add_header X-Content-Type-Options "nosniff" always;
add_header X-Frame-Options "DENY" always;
add_header Referrer-Policy "strict-origin-when-cross-origin" always;
add_header Permissions-Policy "camera=(), microphone=(), payment=(), usb=()" always;
CONF

echo "portal: runtime configuration written for API $api (CSP: $csp)"
