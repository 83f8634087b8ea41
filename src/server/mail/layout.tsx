import { Body, Button, Column, Container, Head, Heading, Hr, Html, Link, Preview, Row, Section, Text } from "@react-email/components";
import type { CSSProperties } from "react";
import { SITE_NAME } from "~/shared/constants";
import type { MailBlock, MailContent } from "./content";

/** The site's identity (src/web/theme.css): indigo brand, slate text, Inter with safe fallbacks. */
export const BRAND = {
  brand50: "#eef2ff",
  brand700: "#3730a3",
  brand900: "#1e1b4b",
  accent: "#f59e0b",
  text: "#334155",
  heading: "#0f172a",
  muted: "#64748b",
  rule: "#e2e8f0",
  page: "#f1f5f9",
  font: "Inter, -apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif",
} as const;

const paragraph: CSSProperties = { fontSize: "16px", lineHeight: "24px", color: BRAND.text, margin: "0 0 16px" };

function Block({ block }: { block: MailBlock }) {
  switch (block.kind) {
    case "text":
      return <Text style={paragraph}>{block.text}</Text>;
    case "code":
      return (
        <>
          <Text style={paragraph}>{block.lead}</Text>
          <Text
            style={{
              ...paragraph,
              fontFamily: "'SFMono-Regular', Consolas, 'Liberation Mono', Menlo, monospace",
              fontSize: "32px",
              lineHeight: "40px",
              fontWeight: 700,
              letterSpacing: "6px",
              color: BRAND.brand900,
              backgroundColor: BRAND.brand50,
              borderRadius: "8px",
              padding: "12px 16px",
              textAlign: "center",
            }}
          >
            {block.code}
          </Text>
        </>
      );
    case "facts":
      return (
        <Text style={paragraph}>
          {block.rows.map((row, i) => (
            <span key={i}>
              {i > 0 && <br />}
              <strong style={{ color: BRAND.heading }}>{row.label}:</strong> {row.value}
            </span>
          ))}
        </Text>
      );
    case "quote":
      return (
        <Text style={{ ...paragraph, borderLeft: `4px solid ${BRAND.rule}`, paddingLeft: "12px", color: BRAND.heading }}>{block.text}</Text>
      );
    case "list":
      return (
        <Text style={paragraph}>
          {block.items.map((item, i) => (
            <span key={i}>
              {i > 0 && <br />}• {item}
            </span>
          ))}
        </Text>
      );
    case "links":
      return (
        <Text style={paragraph}>
          {block.items.map((item, i) => (
            <span key={i}>
              {i > 0 && <br />}•{" "}
              <Link href={item.url} style={{ color: BRAND.brand700, textDecoration: "underline" }}>
                {item.label}
              </Link>
            </span>
          ))}
        </Text>
      );
  }
}

/** Every e-mail's frame: the wordmark, the message, one clear button, and a footer saying why it came. */
export function MailLayout({ content }: { content: MailContent }) {
  return (
    <Html lang="en" dir="ltr">
      <Head>
        <meta name="color-scheme" content="light" />
        <meta name="supported-color-schemes" content="light" />
      </Head>
      <Preview>{content.preview}</Preview>
      <Body style={{ backgroundColor: BRAND.page, fontFamily: BRAND.font, margin: 0, padding: "24px 0" }}>
        <Container style={{ maxWidth: "560px", backgroundColor: "#ffffff", borderRadius: "12px", padding: "32px 28px" }}>
          {content.notice && (
            <Text
              style={{ ...paragraph, backgroundColor: "#fef3c7", border: `1px solid ${BRAND.accent}`, borderRadius: "8px", padding: "10px 14px", color: "#78350f", fontWeight: 600 }}
            >
              {content.notice}
            </Text>
          )}
          <Row style={{ marginBottom: "24px" }}>
            <Column
              data-skip-in-text="true"
              style={{ width: "32px", height: "32px", backgroundColor: BRAND.brand700, borderRadius: "7px", color: "#ffffff", fontWeight: 800, fontSize: "18px", textAlign: "center" }}
            >
              F
            </Column>
            <Column style={{ paddingLeft: "10px" }}>
              <Text style={{ margin: 0, fontSize: "18px", lineHeight: "28px", fontWeight: 700, color: BRAND.brand900 }}>{SITE_NAME}</Text>
            </Column>
          </Row>
          <Heading as="h1" style={{ fontSize: "22px", lineHeight: "28px", fontWeight: 700, color: BRAND.heading, margin: "0 0 16px" }}>
            {content.heading}
          </Heading>
          {content.blocks.map((block, i) => (
            <Block key={i} block={block} />
          ))}
          <Section style={{ margin: "8px 0 24px" }}>
            <Button
              href={content.button.url}
              style={{ backgroundColor: BRAND.brand700, color: "#ffffff", fontSize: "16px", fontWeight: 600, borderRadius: "8px", padding: "12px 24px", textDecoration: "none" }}
            >
              {content.button.label}
            </Button>
          </Section>
          {(content.after ?? []).map((block, i) => (
            <Block key={i} block={block} />
          ))}
          <Hr style={{ borderColor: BRAND.rule, margin: "24px 0 16px" }} />
          <Text style={{ fontSize: "13px", lineHeight: "20px", color: BRAND.muted, margin: 0 }}>{content.reason}</Text>
          {content.footerLinks?.map((link, i) => (
            <Text key={i} style={{ fontSize: "13px", lineHeight: "20px", color: BRAND.muted, margin: "8px 0 0" }}>
              <Link href={link.url} style={{ color: BRAND.brand700, textDecoration: "underline" }}>
                {link.label}
              </Link>
            </Text>
          ))}
        </Container>
      </Body>
    </Html>
  );
}
