// The image's HEALTHCHECK (and compose.yaml's): healthy when GET /api/health/ready answers 2xx, that
// is, the database answers and its migrations are current. Node's own fetch: the slim image has no curl.
const port = process.env.PORT || "3000";
try {
  const response = await fetch(`http://127.0.0.1:${port}/api/health/ready`, { signal: AbortSignal.timeout(4000) });
  process.exit(response.ok ? 0 : 1);
} catch {
  process.exit(1);
}
