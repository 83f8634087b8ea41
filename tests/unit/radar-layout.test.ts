import { describe, expect, it } from "vitest";
import { SAMPLE_DIMENSIONS } from "~/shared/sample-report";
import { layoutRadar, layoutSteadyRadar, steadyRatio } from "~/web/features/reports/radar-layout";

const dimensions = SAMPLE_DIMENSIONS.map((d) => d.name);
const skills = ["Technical literacy", "Tool selection", "Process automation"];

describe("a radar chart keeps one shape at every width", () => {
  for (const axes of [dimensions, skills]) {
    it(`${axes.length} axes: the box is width × ratio from a phone's card to a desktop column`, () => {
      const ratio = steadyRatio(axes);
      for (const width of [260, 300, 320, 360, 448, 500, 640, 720]) {
        const layout = layoutSteadyRadar(axes, width, ratio);
        expect(layout.height, `at ${width} px`).toBe(Math.ceil(width * ratio));
        // The drawing, labels included, still fits inside that box.
        const natural = layoutRadar(axes, width, width < 420 ? 12 : 13);
        expect(layout.top, `at ${width} px`).toBeLessThanOrEqual(natural.top);
        expect(layout.top + layout.height, `at ${width} px`).toBeGreaterThanOrEqual(natural.top + natural.height);
      }
    });
  }

  it("the ratio is no taller than the chart needs at its tallest width", () => {
    const ratio = steadyRatio(dimensions);
    const tallest = Math.max(...[240, 360, 500, 760].map((w) => layoutRadar(dimensions, w, w < 420 ? 12 : 13).height / w));
    expect(ratio).toBeGreaterThanOrEqual(tallest);
    expect(ratio).toBeLessThan(1);
  });
});
