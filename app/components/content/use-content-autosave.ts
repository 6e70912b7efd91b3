import { useCallback, useEffect, useRef, useState } from "react";
import type { FieldError } from "~/lib/content/editor-form";
import { useHydrated } from "../use-hydrated";

/** How long after the last keystroke a draft is saved. */
export const AUTOSAVE_DELAY_MS = 2000;

export type AutosaveStatus = { state: "idle" | "changed" | "saving" | "saved" | "failed"; message?: string };
export type ConflictView = { by: string | null; at: string | null; revision: number; fields: { label: string; theirs: string; mine: string }[] };
type KeptDraft = { at: number; entries: [string, string][] };

/**
 * `docKey` names the document in this browser's kept drafts; `autosaveUrl` is where the form is saved (the
 * content editor's own by default; the project editor passes its own).
 */
type Options = { docKey: string; revision: number; draftSavedAt: string | null; autosaveUrl?: string };

const storageKey = (docKey: string) => `content-draft:${docKey}`;

function readKept(docKey: string): KeptDraft | null {
  try {
    const raw = window.localStorage.getItem(storageKey(docKey));
    return raw ? (JSON.parse(raw) as KeptDraft) : null;
  } catch {
    return null;
  }
}

function formEntries(form: HTMLFormElement): [string, string][] {
  return [...new FormData(form)].flatMap(([name, value]) => (typeof value === "string" ? [[name, value] as [string, string]] : []));
}

/** Puts kept values back into the form's fields, as if typed. */
function fillForm(form: HTMLFormElement, entries: [string, string][]) {
  const byName = new Map<string, string[]>();
  for (const [name, value] of entries) byName.set(name, [...(byName.get(name) ?? []), value]);
  for (const element of Array.from(form.elements)) {
    if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) || !element.name || element.type === "hidden") continue;
    const values = byName.get(element.name);
    if (element instanceof HTMLInputElement && (element.type === "checkbox" || element.type === "radio")) {
      if (form.querySelector(`input[type=hidden][name="${CSS.escape(`${element.name}:shown`)}"]`)) element.checked = values?.includes(element.value) ?? false;
    } else if (values) {
      element.value = values[0]!;
      element.dispatchEvent(new Event("input", { bubbles: true }));
    }
  }
}

/**
 * The editor's safety net: saves the draft a couple of seconds after typing stops, says how that went, warns before
 * leaving with unsaved changes, keeps the form in this browser when the network is down (and offers it back on
 * the next visit), and reports a version another admin saved meanwhile instead of writing over it.
 */
export function useContentAutosave(formRef: React.RefObject<HTMLFormElement | null>, { docKey, revision: initialRevision, draftSavedAt, autosaveUrl = `/manage/content/${docKey}/autosave` }: Options) {
  const [status, setStatus] = useState<AutosaveStatus>({ state: "idle" });
  const [revision, setRevision] = useState(initialRevision);
  const [conflict, setConflict] = useState<ConflictView | null>(null);
  const hydrated = useHydrated();
  const [keptDismissed, setKeptDismissed] = useState(false);
  const dirty = useRef(false);
  const leaving = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const revisionRef = useRef(initialRevision);

  const save = useCallback(async () => {
    const form = formRef.current;
    if (!form) return;
    clearTimeout(timer.current);
    const body = new FormData(form);
    body.set("intent", "save");
    body.set("revision", String(revisionRef.current));
    setStatus({ state: "saving" });
    let response: Response;
    try {
      response = await fetch(autosaveUrl, { method: "POST", body, headers: { Accept: "application/json" } });
    } catch {
      window.localStorage.setItem(storageKey(docKey), JSON.stringify({ at: Date.now(), entries: formEntries(form) } satisfies KeptDraft));
      setStatus({ state: "failed", message: "no connection. Your changes are kept on this device and saved when the connection is back." });
      return;
    }
    const result = (await response.json().catch(() => null)) as
      | { status: "saved"; revision: number }
      | { status: "invalid"; errors: FieldError[] }
      | { status: "conflict"; theirs: ConflictView }
      | { error?: string; status?: undefined }
      | null;
    if (result?.status === "saved") {
      revisionRef.current = result.revision;
      setRevision(result.revision);
      dirty.current = false;
      window.localStorage.removeItem(storageKey(docKey));
      setStatus({ state: "saved" });
    } else if (result?.status === "invalid") {
      const [first] = result.errors;
      setStatus({ state: "failed", message: first ? `${first.label}: ${first.message}` : "a field is not valid." });
    } else if (result?.status === "conflict") {
      setConflict(result.theirs);
      setStatus({ state: "failed", message: "someone else saved this page meanwhile. Both versions are shown above." });
    } else {
      setStatus({ state: "failed", message: result && "error" in result && result.error ? result.error : `the server answered ${response.status}.` });
    }
  }, [autosaveUrl, docKey, formRef]);

  useEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const changed = (event: Event) => {
      if ((event.target as HTMLElement | null)?.closest?.("[data-no-autosave]")) return;
      dirty.current = true;
      setStatus({ state: "changed" });
      clearTimeout(timer.current);
      timer.current = setTimeout(() => void save(), AUTOSAVE_DELAY_MS);
    };
    const submitted = () => {
      leaving.current = true;
      clearTimeout(timer.current);
    };
    const beforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current || leaving.current) return;
      event.preventDefault();
      event.returnValue = "";
    };
    const online = () => {
      if (readKept(docKey)) void save();
    };
    form.addEventListener("input", changed);
    form.addEventListener("change", changed);
    form.addEventListener("submit", submitted);
    window.addEventListener("beforeunload", beforeUnload);
    window.addEventListener("online", online);
    return () => {
      form.removeEventListener("input", changed);
      form.removeEventListener("change", changed);
      form.removeEventListener("submit", submitted);
      window.removeEventListener("beforeunload", beforeUnload);
      window.removeEventListener("online", online);
      clearTimeout(timer.current);
    };
  }, [docKey, formRef, save]);

  // Changes kept in this browser when the network was down, newer than the saved draft: offered back.
  const stored = hydrated && !keptDismissed ? readKept(docKey) : null;
  const kept = stored && stored.at > Date.parse(draftSavedAt ?? "1970-01-01") ? stored : null;

  const restoreKept = useCallback(() => {
    if (!kept || !formRef.current) return;
    fillForm(formRef.current, kept.entries);
    setKeptDismissed(true);
    dirty.current = true;
    void save();
  }, [formRef, kept, save]);

  const dropKept = useCallback(() => {
    window.localStorage.removeItem(storageKey(docKey));
    setKeptDismissed(true);
  }, [docKey]);

  /** After a conflict: save one's own version over theirs, knowingly. */
  const keepMine = useCallback(() => {
    if (!conflict) return;
    revisionRef.current = conflict.revision;
    setRevision(conflict.revision);
    setConflict(null);
    void save();
  }, [conflict, save]);

  return { status, revision, conflict, kept, restoreKept, dropKept, keepMine, save };
}
