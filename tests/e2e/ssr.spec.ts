import { expect, test } from "@playwright/test";
import { decode } from "./support";

test("the home page is rendered on the server with its meta tags and headings", async ({ request, baseURL }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  const html = await response.text();
  const head = html.slice(0, html.indexOf("</head>"));

  const title = /<title>([^<]*)<\/title>/.exec(head)?.[1];
  expect(decode(title)).toBe("Founder's Find");
  const attr = (pattern: RegExp) => decode(pattern.exec(head)?.[1]);
  expect(attr(/<meta name="description" content="([^"]*)"/)).toBe(
    "Startups find generalist talent through job simulations; aspirants become job-ready in the 6-week Founder's Find program.",
  );
  expect(attr(/<meta property="og:title" content="([^"]*)"/)).toBe("Founder's Find");
  expect(attr(/<meta name="twitter:card" content="([^"]*)"/)).toBe("summary");
  expect(attr(/<link rel="canonical" href="([^"]*)"/)).toBe(new URL("/", baseURL).href);

  const body = html.slice(html.indexOf("<body"));
  expect(body).toMatch(/<h2[^>]*>For Employers<\/h2>/);
  expect(body).toMatch(/<h2[^>]*>For Aspirants<\/h2>/);
});
