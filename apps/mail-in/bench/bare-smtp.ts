// The SMTP benchmark's anchor (issue 30): a bare smtp-server in a process of its own, with the intake's
// SMTP settings, that reads each message to its end and answers 250 at once (no parsing, no database).
// The benchmark sends it the same mails with the same client in the same run, so its rate is what this
// machine's SMTP exchange alone allows right now.
//
//   node --import tsx bench/bare-smtp.ts <port>
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2]);
const server = new SMTPServer({
  banner: 'anchor',
  size: 5 * 1024 * 1024,
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  maxClients: 100,
  disableReverseLookup: true,
  logger: false,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => callback(null, 'OK: received'));
  },
});
server.listen(port, '127.0.0.1');
process.on('SIGTERM', () => server.close(() => process.exit(0)));
