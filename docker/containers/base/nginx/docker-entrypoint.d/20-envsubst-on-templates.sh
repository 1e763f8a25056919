#!/bin/sh
# As the published nginx images' script: every $NGINX_ENVSUBST_TEMPLATE_DIR/**/*.template
# (/etc/nginx/templates) is rendered with envsubst into $NGINX_ENVSUBST_OUTPUT_DIR
# (/etc/nginx/conf.d) without its suffix. Only the variables whose names match the extended
# regular expression NGINX_ENVSUBST_FILTER are replaced (all of them when it is empty), so
# nginx's own $variables stay as they are.
set -e

ME=$(basename "$0")

entrypoint_log() {
    if [ -z "${NGINX_ENTRYPOINT_QUIET_LOGS:-}" ]; then
        echo "$@"
    fi
}

auto_envsubst() {
    template_dir="${NGINX_ENVSUBST_TEMPLATE_DIR:-/etc/nginx/templates}"
    suffix="${NGINX_ENVSUBST_TEMPLATE_SUFFIX:-.template}"
    output_dir="${NGINX_ENVSUBST_OUTPUT_DIR:-/etc/nginx/conf.d}"
    filter="${NGINX_ENVSUBST_FILTER:-}"

    # shellcheck disable=SC2016,SC2046
    defined_envs=$(printf '${%s} ' $(awk "END { for (name in ENVIRON) { print ( name ~ /${filter}/ ) ? name : \"\" } }" < /dev/null))
    [ -d "$template_dir" ] || return 0
    if [ ! -w "$output_dir" ]; then
        entrypoint_log "$ME: ERROR: $template_dir exists, but $output_dir is not writable"
        return 0
    fi
    find "$template_dir" -follow -type f -name "*$suffix" -print | while read -r template; do
        relative_path="${template#"$template_dir/"}"
        output_path="$output_dir/${relative_path%"$suffix"}"
        subdir=$(dirname "$relative_path")
        mkdir -p "$output_dir/$subdir"
        entrypoint_log "$ME: Running envsubst on $template to $output_path"
        envsubst "$defined_envs" < "$template" > "$output_path"
    done
}

auto_envsubst

exit 0
