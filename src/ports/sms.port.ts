/** A text message to one phone number. */
export interface OutgoingSms {
  to: string;
  text: string;
}

/** Sends text messages (verification codes); rejects when the message could not be handed over. */
export interface SmsPort {
  send(sms: OutgoingSms): Promise<void>;
}
