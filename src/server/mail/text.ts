import { SITE_NAME } from "~/shared/constants";
import type { MailBlock, MailContent } from "./content";

const blockText = (block: MailBlock): string => {
  switch (block.kind) {
    case "text":
      return block.text;
    case "code":
      return `${block.lead} ${block.code}.`;
    case "facts":
      return block.rows.map((row) => `${row.label}: ${row.value}`).join("\n");
    case "quote":
      return block.text
        .split("\n")
        .map((line) => `> ${line}`.trimEnd())
        .join("\n");
    case "list":
      return block.items.map((item) => `- ${item}`).join("\n");
    case "links":
      return block.items.map((item) => `- ${item.label}: ${item.url}`).join("\n");
  }
};

/**
 * The plain-text part: the same words as the HTML part, in reading order, with each link's address
 * written out after its label (a plain-text client cannot hide it behind a button).
 */
export function mailText(content: MailContent): string {
  const parts = [
    content.notice,
    SITE_NAME,
    content.heading,
    ...content.blocks.map(blockText),
    `${content.button.label}: ${content.button.url}`,
    ...(content.after ?? []).map(blockText),
    content.reason,
    ...(content.footerLinks ?? []).map((link) => `${link.label}: ${link.url}`),
  ];
  return parts.filter((part): part is string => !!part).join("\n\n") + "\n";
}
