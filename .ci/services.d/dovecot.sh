#!/usr/bin/env bash
# Dovecot for the IMAP tests of apps/mail-in. Only installs the package: each test file starts its own
# throwaway instance (temp dir, loopback, free port, passwd-file user), see
# apps/mail-in/test/helpers/dovecot.ts. Idempotent; returns at once when Dovecot is installed.
# A failed install does not stop CI here: the IMAP tests then fail and say what is missing.
set -uo pipefail
if command -v dovecot >/dev/null 2>&1 || [ -x /usr/sbin/dovecot ]; then
  exit 0
fi
echo "== installing dovecot-imapd (for the mail-in IMAP tests)"
export DEBIAN_FRONTEND=noninteractive
if ! { apt-get update -qq && apt-get install -y -qq --no-install-recommends dovecot-imapd >/dev/null; }; then
  echo "WARNING: could not install dovecot-imapd; the mail-in IMAP tests will fail" >&2
  exit 0
fi
# The package may start a system instance on ports 143/993; the tests do not use it.
if [ -f /run/dovecot/master.pid ]; then
  kill "$(cat /run/dovecot/master.pid)" 2>/dev/null || true
fi
/usr/sbin/dovecot --version
