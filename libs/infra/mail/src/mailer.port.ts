/** A plain-text message to one recipient. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /**
   * A stable id for a message that may be sent again (a notification repeated after a crash): the outbox
   * keeps one copy under it, the relay sends it as the Message-ID (`<id>`) so the copy is recognisable.
   */
  messageId?: string;
}

/** The outgoing mail port: an SMTP relay in production, the embedded outbox directory otherwise. */
export abstract class Mailer {
  /** Sends (or, embedded, stores) one message; rejects when the relay refuses it. */
  abstract send(mail: OutgoingMail): Promise<void>;

  /** Releases connections. */
  abstract close(): Promise<void>;
}
