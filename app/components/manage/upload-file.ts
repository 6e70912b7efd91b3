export type UploadItem = {
  key: string;
  file: File;
  name: string;
  preview: string;
  /** 0-100 */
  progress: number;
  state: "waiting" | "sending" | "processing" | "done" | "failed";
  error?: string;
};

export type UploadResult = { ok: true } | { ok: false; field?: string; message: string };

/** "Kitchen worktop.final.JPG" → "Kitchen worktop.final": the name an admin most likely wants. */
export function nameFromFile(fileName: string): string {
  return fileName.replace(/\.[A-Za-z0-9]{1,5}$/, "").trim();
}

/**
 * Sends the bytes through the resumable endpoint (tus: a dropped connection resumes where it stopped, the client
 * retrying for about a minute) and answers the upload's id, for the server to turn into an image. Throws with the
 * message to show when the bytes could not be sent.
 */
export async function sendFile(file: File, onProgress: (percent: number) => void): Promise<string> {
  try {
    const { Upload } = await import("tus-js-client");
    return await new Promise<string>((resolve, reject) => {
      const upload = new Upload(file, {
        endpoint: "/api/uploads",
        chunkSize: 1024 * 1024,
        retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000, 30_000],
        removeFingerprintOnSuccess: true,
        metadata: { filename: file.name, filetype: file.type },
        onProgress: (sent, total) => onProgress(Math.min(99, Math.floor((sent / total) * 100))),
        onError: reject,
        onSuccess: () => resolve(String(upload.url).split("/").pop() ?? ""),
      });
      // Resume an earlier attempt at the same file if the browser remembers one.
      void upload.findPreviousUploads().then((previous) => {
        if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
        upload.start();
      });
    });
  } catch (error) {
    throw new Error(`Error uploading image to storage${error instanceof Error && /413|too large/i.test(error.message) ? ": the file is larger than 25 MB" : ""}`, { cause: error });
  }
}

/** Sends the bytes (sendFile), then asks the server to turn them into an image in the category. */
export async function uploadOne(
  item: UploadItem,
  details: { categoryId: number; title: string; caption: string },
  report: (change: Partial<UploadItem>) => void,
): Promise<UploadResult> {
  report({ state: "sending", progress: 0, error: undefined });
  let uploadId: string;
  try {
    uploadId = await sendFile(item.file, (progress) => report({ progress }));
  } catch (error) {
    const message = (error as Error).message;
    report({ state: "failed", error: message });
    return { ok: false, message };
  }

  report({ state: "processing", progress: 99 });
  const body = new FormData();
  body.set("uploadId", uploadId);
  body.set("categoryId", String(details.categoryId));
  body.set("name", item.name.trim());
  body.set("title", details.title);
  body.set("caption", details.caption);
  const result = await completeUpload(body);
  if (result.ok) report({ state: "done", progress: 100 });
  else report({ state: "failed", error: result.message });
  return result;
}

/**
 * Asks the server to make the image. Every way this can go wrong ends in a message for the owner, never in a
 * rejection: an upload left "processing" would sit at 99 % with the page busy for good.
 */
async function completeUpload(body: FormData): Promise<UploadResult> {
  let response: Response;
  try {
    response = await fetch("/manage/uploads/complete", { method: "POST", body });
  } catch {
    return { ok: false, message: "The server did not answer. Please check the connection and try again." };
  }
  const answer = (await response.json().catch(() => null)) as Partial<UploadResult> | null;
  if (answer?.ok === true) return { ok: true };
  const message = answer && "message" in answer && typeof answer.message === "string" ? answer.message : `The server answered ${response.status}. Please try again.`;
  return { ok: false, message, ...(answer && "field" in answer && typeof answer.field === "string" ? { field: answer.field } : {}) };
}
