/**
 * Google Analytics 4, only when GA_MEASUREMENT_ID is configured: without it no third-party
 * script loads. Page views are sent by our own track() (one per route change), not by gtag.
 */
export function GoogleAnalytics({ measurementId, nonce }: { measurementId: string | null; nonce: string | undefined }) {
  if (!measurementId) return null;
  const id = JSON.stringify(measurementId);
  return (
    <>
      <script async nonce={nonce} suppressHydrationWarning src={`https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(measurementId)}`} />
      <script
        nonce={nonce}
        // Browsers hide a checked nonce from the page, so the client never sees the server's value.
        suppressHydrationWarning
        // A fixed snippet; the id is validated by the server's configuration (G-XXXX).
        dangerouslySetInnerHTML={{
          __html: `window.dataLayer=window.dataLayer||[];function gtag(){dataLayer.push(arguments)}gtag("js",new Date());gtag("config",${id},{send_page_view:false});`,
        }}
      />
    </>
  );
}
