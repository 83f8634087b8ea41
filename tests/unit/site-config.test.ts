import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/server/config";

describe("public site settings", () => {
  it("default to no booking widget, no Google Analytics, and /simulations for Try Job Simulation", () => {
    expect(loadConfig({}).site).toEqual({ bookingUrl: null, trySimulationUrl: "/simulations", gaMeasurementId: null });
  });

  it("take a booking page, an external simulation and a measurement id", () => {
    const site = loadConfig({
      BOOKING_URL: "https://cal.com/founders-find/intro",
      TRY_SIMULATION_URL: "https://sim.example.com/try",
      GA_MEASUREMENT_ID: "G-AB12CD34EF",
    }).site;
    expect(site).toEqual({ bookingUrl: "https://cal.com/founders-find/intro", trySimulationUrl: "https://sim.example.com/try", gaMeasurementId: "G-AB12CD34EF" });
  });

  it("refuse values that would break the page or inject script", () => {
    const attempt = () => loadConfig({ BOOKING_URL: "http://cal.com/x", TRY_SIMULATION_URL: "javascript:alert(1)", GA_MEASUREMENT_ID: "G-1');alert(1)//" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      for (const name of ["BOOKING_URL", "TRY_SIMULATION_URL", "GA_MEASUREMENT_ID"]) expect((error as Error).message).toContain(name);
    }
  });
});
