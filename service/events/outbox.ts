/**
 * @module service/events/outbox
 * E-mails the service would send (team invitations, template shares, report links).
 * Kept in memory for GET /_local/outbox.
 */
import type { Mail, Outbox } from "../kernel";
import { newId } from "../http/ids";

export interface SentMail extends Mail {
  id: string;
  time: number;
}

export class MemoryOutbox implements Outbox {
  private mails: SentMail[] = [];

  constructor(private readonly now: () => number) {}

  send(mail: Mail): void {
    this.mails.push({ ...mail, id: newId(), time: this.now() });
  }

  list(filter: { to?: string; kind?: string } = {}): SentMail[] {
    const to = filter.to?.toLowerCase();
    return this.mails.filter((m) => (to === undefined || m.to.toLowerCase() === to) && (filter.kind === undefined || m.kind === filter.kind));
  }

  clear(): void {
    this.mails = [];
  }
}
