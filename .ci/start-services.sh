#!/usr/bin/env bash
# Starts PostgreSQL (trust auth, loopback :5432, database "bazaar") and Redis (loopback :6379)
# when they are not already answering. Used by .ci/run and by developers before `npm test`.
set -euo pipefail
PGDATA_DIR=${PGDATA_DIR:-/tmp/bazaar-pgdata}

if ! pg_isready -q -h 127.0.0.1 -p 5432; then
  PGBIN=$(ls -d /usr/lib/postgresql/*/bin | sort -V | tail -n 1)
  if [ ! -f "$PGDATA_DIR/PG_VERSION" ]; then
    mkdir -p "$PGDATA_DIR" && chown postgres:postgres "$PGDATA_DIR"
    su postgres -c "$PGBIN/initdb -D $PGDATA_DIR -A trust -U postgres" >/dev/null
  fi
  su postgres -c "$PGBIN/pg_ctl -D $PGDATA_DIR -l $PGDATA_DIR/server.log -w -o '-p 5432 -c listen_addresses=127.0.0.1 -c max_connections=200 -c fsync=on' start" >/dev/null
fi
pg_isready -h 127.0.0.1 -p 5432
psql -h 127.0.0.1 -U postgres -tAc "select 1 from pg_database where datname = 'bazaar'" | grep -q 1 \
  || createdb -h 127.0.0.1 -U postgres bazaar

if ! redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1; then
  redis-server --port 6379 --bind 127.0.0.1 --daemonize yes --save '' --appendonly no >/dev/null
  for _ in $(seq 1 50); do redis-cli -h 127.0.0.1 -p 6379 ping >/dev/null 2>&1 && break; sleep 0.1; done
fi
redis-cli -h 127.0.0.1 -p 6379 ping
