import { render } from "@react-email/render";
import type { MailMessage } from "../platform/mail/outbox";
import type { MailContent } from "./content";
import { MailLayout } from "./layout";
import { mailText } from "./text";

/**
 * Rendering with React Email costs several milliseconds a message, and "report ready" e-mails are
 * queued 500 at a time inside the bulk send's transaction (which, on the embedded database, holds
 * every other request). So a message's HTML is rendered once per *shape* (its structure: which
 * blocks, how many rows) with a marker in place of every string, kept, and filled with the
 * message's own escaped strings: microseconds per message after the first of its shape. A line
 * break in a string becomes <br> there (a paragraph keeps its lines, as the text part does).
 */
const SLOT = /\uE000(\d+)\uE001/g;
const slot = (index: number) => `\uE000${index}\uE001`;

/** Replaces every string of the content (but a block's `kind`) by a marker; returns the strings in order. */
function toSkeleton(content: MailContent): { skeleton: MailContent; values: string[] } {
  const values: string[] = [];
  const walk = (value: unknown, key?: string): unknown => {
    if (typeof value === "string") {
      if (key === "kind") return value;
      values.push(value);
      return slot(values.length - 1);
    }
    if (Array.isArray(value)) return value.map((item) => walk(item));
    if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, walk(v, k)]));
    return value;
  };
  return { skeleton: walk(content) as MailContent, values };
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#x27;" })[c]!);

/** A handful of shapes per e-mail; the bound only guards against a caller that makes shapes from data. */
const MAX_SHAPES = 200;
const shapes = new Map<string, Promise<string>>();

async function renderShape(skeleton: MailContent): Promise<string> {
  const key = JSON.stringify(skeleton);
  let html = shapes.get(key);
  if (!html) {
    if (shapes.size >= MAX_SHAPES) shapes.delete(shapes.keys().next().value!);
    html = render(<MailLayout content={skeleton} />);
    shapes.set(key, html);
    html.catch(() => shapes.delete(key));
  }
  return html;
}

/** The inbox preview line: mail clients show about this much, and React Email pads after it. */
const PREVIEW_CHARS = 140;

/** The message to queue: HTML (the brand layout) and its plain-text alternative, from one description. */
export async function composeMail(content: MailContent): Promise<MailMessage> {
  const trimmed = { ...content, preview: content.preview.length > PREVIEW_CHARS ? `${content.preview.slice(0, PREVIEW_CHARS - 1)}…` : content.preview };
  const { skeleton, values } = toSkeleton(trimmed);
  const html = (await renderShape(skeleton)).replace(SLOT, (_, index: string) => escapeHtml(values[Number(index)]!).replace(/\r?\n/g, "<br>"));
  return { to: content.to, subject: content.subject, text: mailText(content), html, priority: content.priority };
}
