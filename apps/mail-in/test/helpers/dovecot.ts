// A throwaway Dovecot IMAP server on loopback for the IMAP tests: its own config, passwd-file user and
// maildir under a temp dir, on a free port. Needs Debian's dovecot-imapd (.ci/services.d/dovecot.sh).
import { execFileSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chmod, chown, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort, waitForPort } from './net.ts';

/** Runs the dovecot master, which forks into the background; resolves when the launcher exits. */
function launch(binary: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    // stdio ignored: the daemon inherits the launcher's descriptors and would keep pipes open.
    const child = spawn(binary, args, { stdio: 'ignore' });
    child.once('error', reject);
    child.once('exit', (code) => (code === 0 ? resolve() : reject(new Error(`dovecot exited with code ${code}`))));
  });
}

export interface Dovecot {
  host: string;
  /** Plain IMAP (STARTTLS offered when started with tls). */
  port: number;
  /** IMAPS (implicit TLS, self-signed certificate) when started with tls, else null. */
  tlsPort: number | null;
  user: string;
  password: string;
  stop(): Promise<void>;
}

const DOVECOT = ['/usr/sbin/dovecot', '/usr/local/sbin/dovecot'].find((p) => existsSync(p));

export async function startDovecot(options: { tls?: boolean } = {}): Promise<Dovecot> {
  if (DOVECOT === undefined) {
    throw new Error('Dovecot is not installed: run `bash .ci/services.d/dovecot.sh` (apt-get install dovecot-imapd)');
  }
  const dir = await mkdtemp(join(tmpdir(), 'arbiter-dovecot-'));
  // Dovecot's auth and mail processes run as other users: they must reach the files inside.
  await chmod(dir, 0o755);
  const port = await freePort();
  const tlsPort = options.tls === true ? await freePort() : null;
  if (tlsPort !== null) {
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'key.pem'), '-out', join(dir, 'cert.pem'), '-days', '1', '-subj', '/CN=127.0.0.1'], { stdio: 'ignore' });
  }
  const user = 'orders@arbiter.test';
  const password = 'imap-test-password';
  // Dovecot refuses mail uid 0; as root the mailbox belongs to nobody, otherwise to the current user.
  const uid = process.getuid?.() === 0 ? 65534 : (process.getuid?.() ?? 65534);
  const gid = process.getgid?.() === 0 ? 65534 : (process.getgid?.() ?? 65534);
  const home = join(dir, 'home');
  await mkdir(join(home, user), { recursive: true });
  if (process.getuid?.() === 0) await chown(join(home, user), uid, gid);
  await writeFile(join(dir, 'users'), `${user}:{PLAIN}${password}\n`);
  const conf = `
base_dir = ${dir}/run
state_dir = ${dir}/state
log_path = ${dir}/dovecot.log
protocols = imap
listen = 127.0.0.1
${tlsPort === null ? 'ssl = no' : `ssl = yes\nssl_cert = <${dir}/cert.pem\nssl_key = <${dir}/key.pem`}
disable_plaintext_auth = no
auth_mechanisms = plain login
first_valid_uid = 1
passdb {
  driver = passwd-file
  args = scheme=PLAIN username_format=%u ${dir}/users
}
userdb {
  driver = static
  args = uid=${uid} gid=${gid} home=${home}/%u
}
mail_location = maildir:~/Maildir
namespace inbox {
  inbox = yes
  separator = /
}
service imap-login {
  inet_listener imap {
    address = 127.0.0.1
    port = ${port}
  }
  inet_listener imaps {
    address = 127.0.0.1
    port = ${tlsPort ?? 0}
    ssl = yes
  }
  chroot =
}
service anvil {
  chroot =
}
`;
  await writeFile(join(dir, 'dovecot.conf'), conf);
  try {
    await launch(DOVECOT, ['-c', join(dir, 'dovecot.conf')]);
  } catch (e) {
    const log = await readFile(join(dir, 'dovecot.log'), 'utf8').catch(() => '');
    throw new Error(`Dovecot did not start: ${(e as Error).message}\n${log}`);
  }
  // Wait until it accepts connections.
  if ((await waitForPort(port, { attempts: 102, intervalMs: 50 })) !== 'listening') {
    throw new Error(`Dovecot did not listen on port ${port} within 5 s`);
  }
  return {
    host: '127.0.0.1',
    port,
    tlsPort,
    user,
    password,
    async stop() {
      const pid = Number((await readFile(join(dir, 'run', 'master.pid'), 'utf8').catch(() => '')).trim());
      if (pid > 0) {
        try {
          process.kill(pid, 'SIGTERM');
        } catch {
          // already gone
        }
        for (let i = 0; i < 100; i++) {
          try {
            process.kill(pid, 0);
          } catch {
            break;
          }
          await new Promise((r) => setTimeout(r, 50));
        }
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
