import { describe, expect, it } from "vitest";
import { artworkThemes, simulationArtworkSvg } from "~/server/features/simulations/artwork";

describe("simulation card artwork", () => {
  it("is drawn from the tags, never from the title, and the same simulation always gets the same picture", () => {
    const svg = simulationArtworkSvg("Growth Engineer: Fix the Signup Funnel", ["Growth", "Tech & Automation", "Metrics"]);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" width="1200" height="630"/);
    expect(svg).not.toContain("Growth Engineer");
    expect(svg).not.toContain("<text");
    expect(svg).toBe(simulationArtworkSvg("Growth Engineer: Fix the Signup Funnel", ["Growth", "Tech & Automation", "Metrics"]));
    // The first tag with a theme sets the palette; the others add their icons.
    expect(svg).toContain('stop-color="#0f766e"');
    expect(svg.match(/viewBox="0 0 24 24"/g)).toHaveLength(3);
  });

  it("gives unknown tags a fallback icon and palette, and different titles different patterns", () => {
    const { main, others } = artworkThemes(["Something new"]);
    expect(main.colors).toEqual(["#3730a3", "#7c3aed"]);
    expect(others).toHaveLength(1);
    const patterns = new Set(["A", "B", "C", "D", "E", "F", "G", "H"].map((title) => simulationArtworkSvg(title, ["Strategy"]).slice(0, 600)));
    expect(patterns.size).toBeGreaterThan(1);
  });
});
