import type { SimulationInput } from "~/shared/schemas/simulations";

/** Demo library for a new installation (PRODUCT.md "Reference data"); images are drawn at seed time. */
export const DEMO_SIMULATIONS: (SimulationInput & { colors: [string, string] })[] = [
  {
    title: "Founder's Office Diagnostic",
    subtitle: "Sales fell 20% month over month and the founder wants a plan in 48 hours. Find the cause and own the fix.",
    tags: ["Founder's Office", "Diagnostic", "Strategy", "Free"],
    instructions:
      "Set aside 40 minutes in a quiet place. 1. Read the company background - note the numbers that look off - keep a scratch pad open. 2. Answer each scene as you would at work - be specific - show your reasoning. 3. Submit your final recommendation. Your report arrives by e-mail once you finish.",
    typebotUrl: "https://typebot.io/founders-office-diagnostic",
    colors: ["#4338ca", "#0ea5e9"],
  },
  {
    title: "Category Manager: Festive Season Launch",
    subtitle: "Plan assortment, pricing and vendor terms for a quick-commerce category ahead of Diwali.",
    tags: ["Category Management", "Quick Commerce", "Unit Economics"],
    instructions:
      "1. Review last year's festive sales data. 2. Choose the assortment - ten hero products - a long-tail budget. 3. Negotiate vendor terms with the chatbot buyer. 4. Present the launch plan to the business head.",
    typebotUrl: "https://typebot.io/category-festive-launch",
    colors: ["#b45309", "#f43f5e"],
  },
  {
    title: "Go-To-Market for a B2B SaaS Tool",
    subtitle: "Pick the first segment, the channel and the pricing for an HR software start-up entering India.",
    tags: ["Strategy & GTM", "SaaS", "Pricing"],
    instructions:
      "1. Read the product brief and the three customer interviews. 2. Size the first segment - show your assumptions. 3. Pick one acquisition channel and defend it. 4. Propose a price and a 90-day plan.",
    typebotUrl: "https://typebot.io/b2b-saas-gtm",
    colors: ["#047857", "#84cc16"],
  },
  {
    title: "VC Platform: Portfolio Hiring Sprint",
    subtitle: "Three portfolio founders need key hires this quarter. Prioritise, build the pipeline and report to partners.",
    tags: ["VC/Platform", "Hiring", "Stakeholders"],
    instructions:
      "1. Meet the three founders and note each one's need. 2. Rank the hires by impact - explain the trade-off. 3. Draft the update for the partners' meeting.",
    typebotUrl: "https://typebot.io/vc-platform-hiring",
    colors: ["#7c3aed", "#ec4899"],
  },
  {
    title: "Growth Engineer: Fix the Signup Funnel",
    subtitle: "Activation dropped after a release. Use the funnel data to find the leak, automate a fix and measure it.",
    tags: ["Growth", "Tech & Automation", "Metrics"],
    instructions:
      "Bring a laptop: you will read a small data table. 1. Find the step where users drop. 2. Form two hypotheses - pick the cheaper test first. 3. Describe the automation you would build and the metric that proves it worked.",
    typebotUrl: "https://typebot.io/growth-signup-funnel",
    colors: ["#0f766e", "#6366f1"],
  },
];

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** A 1200×630 gradient card with the title, drawn as SVG (sharp renders it to PNG). */
export function demoImageSvg(title: string, [from, to]: [string, string]): string {
  const words = title.split(" ");
  const lines: string[] = [];
  for (const word of words) {
    const last = lines[lines.length - 1];
    if (last && (last + " " + word).length <= 22) lines[lines.length - 1] = `${last} ${word}`;
    else lines.push(word);
  }
  const text = lines
    .slice(0, 3)
    .map((line, i) => `<text x="80" y="${300 + i * 84 - (lines.length - 1) * 42}" font-size="72" font-weight="700" fill="#fff" font-family="DejaVu Sans, sans-serif">${escapeXml(line)}</text>`)
    .join("");
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630"><defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs><rect width="1200" height="630" fill="url(#g)"/><circle cx="1050" cy="120" r="220" fill="#fff" opacity="0.12"/><circle cx="980" cy="560" r="140" fill="#fff" opacity="0.08"/>${text}</svg>`;
}
