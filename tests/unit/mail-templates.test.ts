// Every e-mail the system sends (src/server/mail/samples.ts lists them): its text part as a snapshot,
// its HTML part branded, with the button's link and the footer, and saying the same words as the text.
import { toPlainText } from "@react-email/render";
import { describe, expect, it } from "vitest";
import { loginCodeMail, reportReadyMail, testReportReadyMail } from "~/server/features/reports/mail";
import { composeMail } from "~/server/mail/compose";
import { mailSamples, sampleFullReport, sampleImportedReport } from "~/server/mail/samples";
import { MAIL_SECRET_PLACEHOLDER } from "~/server/platform/mail/outbox";

const URL_PATTERN = /https?:\/\/\S+/g;

/** What a reader sees in the HTML part, as words: hidden preview, logo mark and link addresses left out. */
const htmlWords = (html: string) =>
  words(
    toPlainText(html, {
      selectors: [
        { selector: "a", options: { ignoreHref: true } },
        { selector: "h1", options: { uppercase: false } },
      ],
    }),
  );

/** The words of a text, without link addresses, list marks and the punctuation that only sets them off. */
const words = (text: string) =>
  text
    .replace(URL_PATTERN, " ")
    .split(/\s+/)
    .map((word) => word.replace(/^[>•-]+$/, "").replace(/[.:,]+$/, ""))
    .filter(Boolean);

const decode = (html: string) => html.replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/** The button of the HTML part (React Email's Button: a link whose label sits in a span after Outlook's spacer). */
const buttonOf = (html: string) => {
  const found = /<a href="([^"]+)"[^>]*target="_blank"><span><!--\[if mso\]>.*?<\/span><span[^>]*>([^<]+)<\/span>/.exec(html);
  return found ? { url: decode(found[1]!), label: decode(found[2]!) } : null;
};

describe("every e-mail", () => {
  for (const [name, build] of Object.entries(mailSamples)) {
    describe(name, () => {
      it("has a plain-text part (snapshot)", async () => {
        const mail = await build();
        expect(`Subject: ${mail.subject}\n\n${mail.text}`).toMatchSnapshot();
      });

      it("has a branded HTML part with the button's link and a footer saying why it came", async () => {
        const mail = await build();
        expect(mail.html).toMatch(/^<!DOCTYPE html/);
        expect(mail.html).toContain('<html dir="ltr" lang="en">');
        expect(mail.html).toContain("#3730a3"); // the site's brand-700 (src/web/theme.css)
        expect(mail.html).toContain("Founder&#x27;s Find");
        const button = buttonOf(mail.html!);
        expect(button).not.toBeNull();
        expect(mail.text).toContain(`${button!.label}: ${button!.url}\n`);
        expect(mail.text).toMatch(/You got this (e-mail|test) because/);
        expect(toPlainText(mail.html!)).toMatch(/You got this (e-mail|test) because/);
      });

      it("says the same words in its text part as a reader sees in the HTML part", async () => {
        const mail = await build();
        expect(words(mail.text)).toEqual(htmlWords(mail.html!));
      });
    });
  }
});

describe("report ready", () => {
  it("links straight to the report, not to the sign-in page", async () => {
    const mail = await reportReadyMail(sampleFullReport, "https://ff.example");
    expect(mail.text).toContain(`Open my report: https://ff.example/simulation-report/${sampleFullReport.slug}`);
    expect(mail.html).toContain(`href="https://ff.example/simulation-report/${sampleFullReport.slug}"`);
    expect(mail.text).not.toContain("/simulation-login");
  });

  it("promises only what the report holds: an imported report has dimension averages alone", async () => {
    const full = await reportReadyMail(sampleFullReport, "https://ff.example");
    expect(full.text).toContain("your scores by skill, written feedback on your skills");
    const imported = await reportReadyMail(sampleImportedReport, "https://ff.example");
    expect(imported.text).toContain("The full report shows your score in each of its 6 dimensions.");
    for (const mail of [imported.text, imported.html!]) {
      expect(mail).not.toMatch(/by skill|feedback|summary|answers/i);
    }
    const bare = await reportReadyMail({ ...sampleImportedReport, dimensionScores: {} }, "https://ff.example");
    expect(bare.text).not.toContain("The full report shows");
  });

  it("marks the staff test send as a test in the subject and the body, on the form's slug", async () => {
    const mail = await testReportReadyMail({ email: "t@example.com", fullName: "T", simulationType: "Diagnostic", totalScore: 77, slug: "abc-1" }, "https://ff.example");
    expect(mail.subject).toBe("[Test] Your Diagnostic report is ready");
    expect(mail.text.startsWith("Test e-mail")).toBe(true);
    expect(toPlainText(mail.html!)).toContain("Test e-mail");
    expect(mail.text).toContain("https://ff.example/simulation-report/abc-1");
  });
});

describe("the sign-in code e-mail", () => {
  it("carries the code in the subject, as the outbox's placeholder that the worker fills in", async () => {
    const mail = await loginCodeMail("a@example.com", 1, "https://ff.example");
    expect(mail.subject).toBe(`${MAIL_SECRET_PLACEHOLDER} is your Founder's Find code`);
    expect(mail.subject.replaceAll(MAIL_SECRET_PLACEHOLDER, "482913")).toBe("482913 is your Founder's Find code");
    expect(mail.text).toContain(`sign-in code is ${MAIL_SECRET_PLACEHOLDER}.`);
    expect(mail.html).toContain(MAIL_SECRET_PLACEHOLDER);
  });
});

describe("composing", () => {
  const base = { to: "x@example.com", subject: "S", preview: "P", heading: "H", button: { label: "Go", url: "https://ff.example/?a=1&b=2" }, reason: "You got this e-mail because." };

  it("escapes every string in the HTML and keeps a paragraph's line breaks", async () => {
    const mail = await composeMail({ ...base, blocks: [{ kind: "text", text: `<script>alert("x")</script>\nsecond line` }] });
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;<br>second line");
    expect(mail.html).toContain('href="https://ff.example/?a=1&amp;b=2"');
    expect(mail.text).toContain(`<script>alert("x")</script>\nsecond line`);
  });

  it("does not take a value's look-alike of a template marker for one", async () => {
    const mail = await composeMail({ ...base, blocks: [{ kind: "text", text: "\uE0000\uE001 and more" }] });
    expect(mail.html).toContain("\uE0000\uE001 and more");
  });

  it("renders a message of a known shape in well under a millisecond (a bulk send queues 500 in one transaction)", async () => {
    await reportReadyMail(sampleFullReport, "https://ff.example");
    const started = performance.now();
    for (let i = 0; i < 500; i++) await reportReadyMail({ ...sampleFullReport, fullName: `Candidate ${i}`, slug: `slug${i}` }, "https://ff.example");
    const perMessage = (performance.now() - started) / 500;
    console.log(`report ready, cached layout: ${perMessage.toFixed(3)} ms a message`);
    expect(perMessage).toBeLessThan(2);
  });
});
