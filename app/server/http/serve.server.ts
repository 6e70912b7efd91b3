import http from "node:http";

/** What listening needs of the app (app.server.ts's App): where to listen, and how to close it. */
type Listening = { listen: { port: number; host: string; publicUrl: string }; close(): Promise<void> };

/**
 * Listens, and stops cleanly on SIGTERM/SIGINT: finishes open requests (cut off after 10 s), then closes the app
 * (which writes what it still holds in memory, the visits counted, and closes the database).
 */
export function listenAndServe(app: Listening, listener: http.RequestListener, options: { dev?: boolean; onClose?: () => Promise<void> } = {}): void {
  const server = http.createServer(listener);
  const { port, host, publicUrl } = app.listen;
  server.listen(port, host, () => {
    console.log(`Site listening on http://${host}:${port} (public address ${publicUrl})${options.dev ? ", development mode" : ""}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal} received: finishing open requests, then stopping.`);
    server.close(async () => {
      await options.onClose?.();
      await app.close();
      process.exit(0);
    });
    server.closeIdleConnections();
    // Requests still open after 10 s are cut off rather than holding the shutdown forever.
    setTimeout(() => {
      server.closeAllConnections();
      process.exit(0);
    }, 10_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
