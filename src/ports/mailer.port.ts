/** A plain-text mail to one recipient. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
}

/** Sends mail (verification codes, notices); rejects when the message could not be handed over. */
export interface MailerPort {
  send(mail: OutgoingMail): Promise<void>;
}
