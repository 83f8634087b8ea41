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
    expect(config.mailRetrySeconds).toBe(30);
  });

  it("treats blank variables as unset", () => {
    expect(loadConfig({ DATABASE_URL: "", PORT: " " }).databaseUrl).toBeNull();
  });

  it("names each wrong variable and why", () => {
    const attempt = () =>
      loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x", SESSION_SECRET: "short", SMTP_URL: "http://mail", PUBLIC_BASE_URL: "ftp://x", MAIL_RETRY_SECONDS: "0" });
    expect(attempt).toThrow(ConfigError);
    try {
      attempt();
    } catch (error) {
      const message = (error as Error).message;
      for (const name of ["PORT", "DATABASE_URL", "SESSION_SECRET", "SMTP_URL", "PUBLIC_BASE_URL", "MAIL_RETRY_SECONDS"]) expect(message).toContain(name);
      expect(message).toContain("must be at least 32 characters");
    }
  });

  it("reads LOG_FORMAT (json or text), unset by default, and names it when wrong", () => {
    expect(loadConfig({}).logFormat).toBeNull();
    expect(loadConfig({ LOG_FORMAT: "text" }).logFormat).toBe("text");
    expect(() => loadConfig({ LOG_FORMAT: "pretty" })).toThrow(/LOG_FORMAT.*must be json or text/);
  });

  it("drops a trailing slash from the public URL", () => {
    expect(loadConfig({ PUBLIC_BASE_URL: "https://example.org/" }).publicBaseUrl).toBe("https://example.org");
  });

  it("reads who may see the metrics: loopback by default, a list of addresses and ranges, or none", () => {
    expect(loadConfig({}).metrics).toEqual({ allow: ["loopback"], token: null });
    expect(loadConfig({ METRICS_ALLOW: " 10.0.0.0/8, 192.168.1.7 ,::1 " }).metrics.allow).toEqual(["10.0.0.0/8", "192.168.1.7", "::1"]);
    expect(loadConfig({ METRICS_ALLOW: "none" }).metrics.allow).toEqual([]);
    expect(loadConfig({ METRICS_TOKEN: "t".repeat(32) }).metrics.token).toBe("t".repeat(32));
  });

  it("refuses a wrong METRICS_ALLOW or a short METRICS_TOKEN, naming the variable", () => {
    for (const [name, value, reason] of [
      ["METRICS_ALLOW", "10.0.0.0/33", "not understood: 10.0.0.0/33"],
      ["METRICS_ALLOW", "loopback,example.com", "not understood: example.com"],
      ["METRICS_ALLOW", "*", "not understood: *"],
      ["METRICS_TOKEN", "short", "must be at least 32 characters"],
    ]) {
      expect(() => loadConfig({ [name!]: value })).toThrow(ConfigError);
      expect(() => loadConfig({ [name!]: value })).toThrow(`${name}: `);
      expect(() => loadConfig({ [name!]: value })).toThrow(reason);
    }
  });
});
