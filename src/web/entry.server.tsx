import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type AppLoadContext, type EntryContext } from "react-router";
import { NonceContext } from "./lib/nonce";

/** How long a page may go on streaming before what is still pending is abandoned (React Router reads it). */
export const streamTimeout = 5_000;

/**
 * Renders a page to HTML. Ours rather than React Router's default for one reason: every inline script
 * (React Router's hydration data, React's streaming scripts, the analytics snippet) must carry the
 * request's Content-Security-Policy nonce (src/server/platform/csp.ts).
 */
export default function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Promise<Response> {
  if (request.method === "HEAD") return Promise.resolve(new Response(null, { status, headers }));
  // No nonce: a render for the public cache, allowed by its scripts' hashes instead (platform/csp.ts).
  const nonce = loadContext.cspNonce ?? undefined;
  // Crawlers, React Router's SPA mode and the public cache get the finished page in one piece; browsers
  // rendered for alone get it streamed.
  const whole = isbot(request.headers.get("user-agent")) || routerContext.isSpaMode || loadContext.cspNonce === null;

  return new Promise((resolve, reject) => {
    const send = () => {
      const body = new PassThrough();
      body.on("close", () => clearTimeout(timeout));
      headers.set("Content-Type", "text/html; charset=utf-8");
      resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
      pipe(body);
    };
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext>,
      {
        nonce,
        // A page sent in one piece has every Suspense boundary's content in place: without this React
        // moves a finished boundary past the first 12,800 bytes (the program page's application form)
        // to the end of the page, hidden, and a script swaps it in after the first paint.
        progressiveChunkSize: whole ? Number.POSITIVE_INFINITY : undefined,
        onShellReady: whole ? undefined : send,
        onAllReady: whole ? send : undefined,
        onShellError: reject,
        onError(error) {
          status = 500;
          // Logged here, whenever it happens: an error inside a Suspense boundary (the wizard) does not
          // fail the shell, so React Router never sees it. A shell error may be logged twice; none is lost.
          console.error(error);
        },
      },
    );
    const timeout = setTimeout(abort, streamTimeout + 1000);
  });
}
