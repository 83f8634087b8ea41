// Writes every e-mail the system sends, rendered with sample data, to test-results/mail-preview/:
// <name>.html to open in a browser, <name>.txt the plain-text part, and index.html linking them.
// The sign-in code's placeholder (as the outbox stores it) is filled with a sample code, as the worker does.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { mailSamples } from "../src/server/mail/samples";
import { MAIL_SECRET_PLACEHOLDER } from "../src/server/platform/mail/outbox";

const dir = path.resolve(import.meta.dirname, "../test-results/mail-preview");
mkdirSync(dir, { recursive: true });
const escape = (text: string) => text.replace(/[&<>"]/g, (c) => `&#${c.charCodeAt(0)};`);
const rows: string[] = [];
for (const [name, build] of Object.entries(mailSamples)) {
  const started = performance.now();
  const built = await build();
  const ms = performance.now() - started;
  const fill = (body: string) => body.replaceAll(MAIL_SECRET_PLACEHOLDER, "482913");
  const mail = { subject: fill(built.subject), text: fill(built.text), html: fill(built.html ?? "") };
  writeFileSync(path.join(dir, `${name}.html`), mail.html);
  writeFileSync(path.join(dir, `${name}.txt`), `Subject: ${mail.subject}\n\n${mail.text}`);
  rows.push(`<li><a href="${name}.html">${name}</a> (<a href="${name}.txt">text</a>): ${escape(mail.subject)}</li>`);
  console.log(`${name.padEnd(26)} ${ms.toFixed(1).padStart(6)} ms  ${mail.subject}`);
}
writeFileSync(path.join(dir, "index.html"), `<!doctype html><meta charset="utf-8"><title>E-mails</title><ul>${rows.join("")}</ul>`);
console.log(`\nOpen ${path.join(dir, "index.html")}`);
