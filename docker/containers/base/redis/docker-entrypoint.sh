#!/bin/sh
# As the published redis image's entrypoint.
set -e

# First argument `-f` or `--some-option`, or a .conf file: the arguments are redis-server's.
if [ "${1#-}" != "$1" ] || [ "${1%.conf}" != "$1" ]; then
    set -- redis-server "$@"
fi

# As root: /data belongs to redis, then drop to that user (the published image uses gosu).
if [ "$1" = 'redis-server' ] && [ "$(id -u)" = '0' ]; then
    find . \! -user redis -exec chown redis '{}' +
    exec setpriv --reuid=redis --regid=redis --init-groups "$0" "$@"
fi

# Files it creates are its own only, unless a umask was set on purpose.
um="$(umask)"
if [ "$um" = '0022' ]; then
    umask 0077
fi

exec "$@"
