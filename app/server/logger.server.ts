import pino from "pino";

/** Structured JSON logs on stdout. LOG_LEVEL is read here directly so logging works even when the rest of the configuration is invalid. */
export const logger = pino({
  level: process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "error" : "info"),
  base: undefined,
  redact: { paths: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'], remove: true },
});
