import { expect } from "vitest";
import { signedIn, type TestContext } from "../../helpers/app";

export interface RouteCall {
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  url: string;
  payload?: object;
}

/** Each route answers 401 to an anonymous caller and 403 to staff without Sales or Admin, and writes nothing. */
export async function expectSalesOnly(ctx: TestContext, routes: RouteCall[]): Promise<void> {
  const admissions = await signedIn(ctx, ["admissions", "content"]);
  for (const route of routes) {
    const anonymous = await ctx.app.inject({ method: route.method, url: route.url, payload: route.payload });
    expect(anonymous.statusCode, `anonymous ${route.method} ${route.url}`).toBe(401);
    const refused = await ctx.app.inject({ method: route.method, url: route.url, payload: route.payload, headers: { cookie: admissions.cookie } });
    expect(refused.statusCode, `admissions ${route.method} ${route.url}`).toBe(403);
    expect(refused.json().error.code).toBe("forbidden");
  }
}
