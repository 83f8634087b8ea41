/**
 * What an e-mail says, independent of how it is drawn: one description gives both the HTML part
 * (layout.tsx, React Email) and the plain-text part (text.ts), so the two always carry the same words.
 *
 * Adding an e-mail (for example the erase-confirmation code of the data-export feature):
 *   1. In the feature's own `mail.ts`, write a function that returns `composeMail({ ... })` with a
 *      MailContent: subject, preview, heading, blocks, one button, and the footer's `reason`
 *      ("You got this e-mail because …": every message says why it came).
 *   2. A one-time code goes in a `code` block holding MAIL_SECRET_PLACEHOLDER (and, if wanted, in the
 *      subject): queue it with `queueMailWithSecret`, which stores it sealed and fills it in at send time.
 *   3. Add a sample to `samples.ts`: `npm run mail:preview` then writes it out for a look, and the unit
 *      test (tests/unit/mail-templates.test.ts) snapshots its text part and checks its HTML.
 */

/** A paragraph-level piece of an e-mail's body. Strings are plain text: never HTML. */
export type MailBlock =
  /** A paragraph; a line break in the text is kept. */
  | { kind: "text"; text: string }
  /** A one-time code shown large, after the sentence that introduces it ("Your … code is"). */
  | { kind: "code"; lead: string; code: string }
  /** Label: value lines (who wrote, which role, …). */
  | { kind: "facts"; rows: { label: string; value: string }[] }
  /** Someone else's words (a contact message), set apart from ours. */
  | { kind: "quote"; text: string }
  /** A short bulleted list. */
  | { kind: "list"; items: string[] }
  /** A bulleted list of links (a digest's leads): in the text part each label is followed by its address. */
  | { kind: "links"; items: MailLink[] };

export interface MailLink {
  label: string;
  url: string;
}

export interface MailContent {
  to: string;
  subject: string;
  /** The line a mail client shows after the subject in the inbox list (HTML only: hidden in the body). */
  preview: string;
  /** Shown above everything else: marks a staff test send, for example. */
  notice?: string;
  heading: string;
  blocks: MailBlock[];
  /** The one thing to do: a clear button (in the text part, its label and the address). */
  button: MailLink;
  /** Below the button: how the link works, the sign-off. */
  after?: MailBlock[];
  /** Why the reader got this e-mail; the footer of every message says so. */
  reason: string;
  /** Further footer links (Unsubscribe). */
  footerLinks?: MailLink[];
  priority?: number;
}

/** "a", "a and b", "a, b and c". */
export function joinWords(items: string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
