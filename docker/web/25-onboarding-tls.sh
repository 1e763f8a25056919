#!/bin/sh
# Onboarding Console, web image: HTTPS with HTTP/2 beside the plain-http port, when NGINX_TLS_CERT
# and NGINX_TLS_KEY name a certificate chain and its private key (PEM files, e.g. secrets mounted
# under /run/secrets). Run by the image's entrypoint from /docker-entrypoint.d before nginx starts
# (docker/test/support/nginx.ts runs it the same way). It writes the listen and certificate lines
# that the site's server block includes (docker/web/default.conf.template:
# conf.d/onboarding-tls/*.conf), so both ports share one server block: the same headers,
# compression, proxying and routes. With neither variable set it writes nothing: plain http only.
#
#   NGINX_TLS_CERT    the certificate chain, leaf first (fullchain.pem); readable by uid 101
#   NGINX_TLS_KEY     its private key, unencrypted; readable by uid 101
#   NGINX_TLS_LISTEN  address:port or port for HTTPS (8443: the image runs unprivileged)
set -eu

ME=$(basename "$0")
out_dir="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}/onboarding-tls"
out="$out_dir/listen.conf"
cert="${NGINX_TLS_CERT:-}"
key="${NGINX_TLS_KEY:-}"
listen="${NGINX_TLS_LISTEN:-8443}"

fail() {
    echo "$ME: ERROR: $*" >&2
    exit 1
}

mkdir -p "$out_dir"
rm -f "$out"

if [ -z "$cert" ] && [ -z "$key" ]; then
    echo "$ME: NGINX_TLS_CERT and NGINX_TLS_KEY are not set: plain http only"
    exit 0
fi
[ -n "$cert" ] || fail "NGINX_TLS_KEY is set but NGINX_TLS_CERT is not: set both, or neither"
[ -n "$key" ] || fail "NGINX_TLS_CERT is set but NGINX_TLS_KEY is not: set both, or neither"
# The values are written into nginx's configuration: plain paths and addresses only.
for pair in "NGINX_TLS_CERT=$cert" "NGINX_TLS_KEY=$key"; do
    case "${pair#*=}" in
        /*) ;;
        *) fail "${pair%%=*} must be an absolute path (got '${pair#*=}')" ;;
    esac
    case "${pair#*=}" in
        *[!A-Za-z0-9._/@+=-]*) fail "${pair%%=*} may hold letters, digits and ._/@+=- only (got '${pair#*=}')" ;;
    esac
done
case "$listen" in
    '' | *[!]0-9A-Za-z.:[-]*) fail "NGINX_TLS_LISTEN must be a port or address:port (got '$listen')" ;;
esac
[ -f "$cert" ] && [ -r "$cert" ] || fail "NGINX_TLS_CERT=$cert is not a file that uid $(id -u) can read"
[ -f "$key" ] && [ -r "$key" ] || fail "NGINX_TLS_KEY=$key is not a file that uid $(id -u) can read"

# nginx 1.25.1 made HTTP/2 a server directive (`http2 on;`) and deprecated `listen … http2`,
# which still works with a warning at every start; older nginx (Debian bookworm's 1.22: the tests
# and the podman stand-in image) knows only the listen parameter. The production image's 1.28
# gets the directive. On 1.25.1+ it also lets the plain port take HTTP/2 with prior knowledge
# (h2c); HTTP/1.1 there is unchanged.
version=$(nginx -v 2>&1 | sed -n 's|^nginx version: [^/]*/\([0-9][0-9.]*\).*|\1|p')
if [ -n "$version" ] && echo "$version" | awk -F. '{ exit !($1 > 1 || ($1 == 1 && ($2 > 25 || ($2 == 25 && $3 >= 1)))) }'; then
    listen_lines="listen $listen ssl;
http2 on;"
else
    listen_lines="listen $listen ssl http2;"
fi

cat > "$out" <<EOF
# Written by $ME at container start from NGINX_TLS_CERT, NGINX_TLS_KEY and
# NGINX_TLS_LISTEN (nginx ${version:-of unknown version}). The TLS settings are the site's own.
$listen_lines
ssl_certificate "$cert";
ssl_certificate_key "$key";
EOF
echo "$ME: HTTPS with HTTP/2 on $listen (nginx ${version:-of unknown version}), certificate $cert"
