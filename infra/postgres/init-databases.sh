#!/bin/bash
# Run once by the postgres image on an empty data volume (/docker-entrypoint-initdb.d): one database
# per service, as in ARCHITECTURE.md. Services also create their database when it is missing, so
# this only saves them the first-boot race; it is idempotent either way.
set -euo pipefail
for db in ${CASTBOOK_DATABASES:-castbook_auth castbook_projects castbook_authors castbook_analysis castbook_billing}; do
  psql -v ON_ERROR_STOP=1 --username "$POSTGRES_USER" --dbname postgres <<SQL
SELECT 'CREATE DATABASE $db' WHERE NOT EXISTS (SELECT FROM pg_database WHERE datname = '$db')\gexec
SQL
done
