import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { S3Config } from "~/server/storage/s3.server";
import { once } from "./databases";

export type TestS3 = { config: S3Config; description: string; stop(): Promise<void> };

/**
 * An S3-compatible server for tests: TEST_S3_URL (s3://bucket?endpoint=...) when given, otherwise
 * s3rver from npm started on 127.0.0.1. If neither works the suite is skipped with the reason,
 * unless REQUIRE_S3=1 (CI), where that is a failure.
 */
export async function startS3Server(): Promise<{ server?: TestS3; skipReason?: string }> {
  const given = process.env.TEST_S3_URL;
  if (given) {
    const url = new URL(given);
    const config: S3Config = {
      bucket: url.hostname,
      endpoint: url.searchParams.get("endpoint") ?? undefined,
      region: url.searchParams.get("region") ?? "us-east-1",
      accessKeyId: process.env.AWS_ACCESS_KEY_ID,
      secretAccessKey: process.env.AWS_SECRET_ACCESS_KEY,
    };
    return { server: { config, description: given, stop: async () => {} } };
  }
  try {
    const { default: S3rver } = await import("s3rver");
    const directory = mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
    const bucket = "site-test";
    const instance = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory });
    const { port } = await instance.run();
    const config: S3Config = {
      bucket,
      endpoint: `http://127.0.0.1:${port}`,
      region: "us-east-1",
      accessKeyId: "S3RVER",
      secretAccessKey: "S3RVER",
    };
    const client = new S3Client({
      region: config.region,
      endpoint: config.endpoint,
      forcePathStyle: true,
      credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    });
    await client.send(new CreateBucketCommand({ Bucket: bucket }));
    client.destroy();
    return {
      server: {
        config,
        description: `s3rver on 127.0.0.1:${port}`,
        stop: once(async () => {
          await instance.close();
          rmSync(directory, { recursive: true, force: true });
        }),
      },
    };
  } catch (error) {
    const reason = `no S3-compatible server: set TEST_S3_URL, or install s3rver (${(error as Error).message})`;
    if (process.env.REQUIRE_S3 === "1") throw new Error(`REQUIRE_S3=1 but ${reason}`, { cause: error });
    return { skipReason: reason };
  }
}
