export { OWN_X_LOOP, composeMail, reportMessageId, outboxMessageId, messageIdDomain, validateOutgoing } from './compose.ts';
export type { OutgoingMail, OutgoingAttachment, ComposeOptions } from './compose.ts';
export { classifySendError, retryDelayMs, DEFAULT_RETRY_POLICY } from './delivery.ts';
export type { SendFailure, RetryPolicy } from './delivery.ts';
export { createSmtpTransport, checkSmtpUrl } from './transport.ts';
export type { MailTransport } from './transport.ts';
export { sendOutboxBatch, outgoingFromRow, SECRET_PLACEHOLDER } from './outbox.ts';
export type { SendOutboxOptions, SendOutboxResult, AttachmentResolver } from './outbox.ts';
