import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "~/server/config";

describe("configuration", () => {
  it("has working defaults: port 3000, ./data, embedded database", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDir).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeNull();
    expect(config.publicBaseUrl).toBe("http://localhost:3000");
    expect(config.smtpUrl).toBeNull();
  });

  it("treats blank variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: " " }).databaseUrl).toBeNull();
  });

  it("names each wrong variable and why", () => {
    const attempt = () =>
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SESSION_SECRET: "short", SMTP_URL: "http://mail", PUBLIC_BASE_URL: "ftp://x" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "DATABASE_URL", "SESSION_SECRET", "SMTP_URL", "PUBLIC_BASE_URL"]) expect(message).toContain(name);
      expect(message).toContain("must be at least 32 characters");
    }
  });

  it("drops a trailing slash from the public URL", () => {
    expect(loadConfig({ PUBLIC_BASE_URL: "https://example.org/" }).publicBaseUrl).toBe("https://example.org");
  });
});
