#!/usr/bin/env bash
# sanitize: yes
# The results library's host test (tests/host/library_host.sh) on a PostgreSQL library: every
# check of it against a throw-away server of this machine's PostgreSQL, and a password never
# printed, a server refusing or down (docs/library.md, "A team's library").
exec env SSDENG_TEST_LIBRARY=postgresql bash "$(dirname "$0")/library_host.sh"
