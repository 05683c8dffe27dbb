// Container health check (HEALTHCHECK in infra/docker/Dockerfile): 200 from the target's health
// route on localhost. Exit 0 = healthy, 1 = not.
const url = `http://127.0.0.1:${process.env.PORT ?? 8080}${process.env.HEALTH_PATH ?? '/health'}`;
try {
  const res = await fetch(url, { signal: AbortSignal.timeout(4000) });
  process.exit(res.ok ? 0 : 1);
} catch {
  process.exit(1);
}
