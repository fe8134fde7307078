// @arbiter/mail-in: orders by email. The SMTP intake and the IMAP poller feed one pipeline that
// reads the mail, screens out robots, extracts the submission and hands it to @arbiter/intake.
export * from './extract.ts';
export * from './parse.ts';
export * from './screen.ts';
export * from './text.ts';
export * from './processor.ts';
export * from './pipeline.ts';
export * from './smtp.ts';
export * from './imap.ts';
export * from './wiring.ts';
export * from './order-files.ts';
