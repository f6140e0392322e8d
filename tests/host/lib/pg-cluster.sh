# pg-cluster.sh - a throw-away PostgreSQL server for a host test: source it, then
#   pg_cluster_start DIR   initdb + pg_ctl start into DIR (a folder of its own, removed by the
#                          caller), listening only on a Unix socket in DIR; run as nobody when the
#                          test runs as root (initdb refuses root). Sets $PG_BIN, $PG_HOST (the
#                          socket's folder), $PG_PORT, $PG_USER (the superuser, trusted on the
#                          socket) and pg_uri DB prints the library URI of database DB.
#                          Returns 1 with $PG_WHY set when it cannot (no binaries, initdb or the
#                          server failed: the log's last lines).
#   pg_cluster_stop        pg_ctl stop (fast), when started.
#   pg_sql DB SQL          psql -At of SQL on database DB.
# The binaries: $PG_BIN, else the newest /usr/lib/postgresql/*/bin (Debian's postgresql).
PG_BIN=${PG_BIN:-$(ls -d /usr/lib/postgresql/*/bin 2>/dev/null | sort -V | tail -1)}
PG_USER=ssdeng
PG_STARTED=
pg_as() { if [ "$(id -u)" = 0 ]; then runuser -u nobody -- "$@"; else "$@"; fi; }
pg_uri() { echo "postgresql:///$1?host=$PG_HOST&port=$PG_PORT&user=$PG_USER"; }
pg_sql() { "$PG_BIN/psql" -X -q -At -v ON_ERROR_STOP=1 -h "$PG_HOST" -p "$PG_PORT" -U "$PG_USER" -d "$1" -c "$2"; }
pg_cluster_start() {
	local dir=$1
	if [ -z "$PG_BIN" ] || [ ! -x "$PG_BIN/initdb" ] || [ ! -x "$PG_BIN/pg_ctl" ]; then
		PG_WHY="PostgreSQL's initdb and pg_ctl not found (/usr/lib/postgresql/*/bin: Debian package postgresql, scripts/install-deps)"
		return 1
	fi
	mkdir -p "$dir/data" && chmod 755 "$dir" && chmod 700 "$dir/data" &&
		chmod o+x "$(dirname "$dir")" # nobody reaches DIR
	[ "$(id -u)" = 0 ] && chown -R nobody "$dir"
	PG_HOST=$dir
	# a port free of other servers' sockets (the socket is DIR/.s.PGSQL.PORT, TCP is off)
	PG_PORT=$((20000 + RANDOM % 20000))
	if ! pg_as "$PG_BIN/initdb" -D "$dir/data" -U "$PG_USER" -A trust -E UTF8 --no-sync \
		>"$dir/initdb.log" 2>&1; then
		PG_WHY="initdb failed: $(tail -2 "$dir/initdb.log" | tr '\n' ' ')"
		return 1
	fi
	if ! pg_as "$PG_BIN/pg_ctl" -D "$dir/data" -l "$dir/server.log" -w -t 60 \
		-o "-c listen_addresses= -c unix_socket_directories=$dir -p $PG_PORT -c fsync=off" \
		start >"$dir/pg_ctl.log" 2>&1; then
		PG_WHY="the server did not start: $(tail -3 "$dir/server.log" 2>/dev/null | tr '\n' ' ')"
		return 1
	fi
	PG_STARTED=$dir
}
pg_cluster_stop() {
	[ -n "$PG_STARTED" ] && pg_as "$PG_BIN/pg_ctl" -D "$PG_STARTED/data" -m fast -w stop >/dev/null 2>&1
	PG_STARTED=
}
