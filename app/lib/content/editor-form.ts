import { type FieldSpec, joinPath } from "./editor-fields";

/**
 * Between a document and the editor's form: the form's fields are named by the path of their value, and reading a
 * post starts from the document it was made from, so anything the form does not show (a service's artwork) stays.
 */

export type FormSource = { get(name: string): FormDataEntryValue | null; getAll(name: string): FormDataEntryValue[]; has(name: string): boolean };
type Json = unknown;

/** Marks that a checkbox, a photo picker or a list item was in the form (an unticked box sends nothing). */
export const PRESENT = (path: string) => `${path}:shown`;

/**
 * A list item's values that the form has no field for (a service's artwork, a project card's image), as JSON. They
 * travel with the item, so an item moved in the browser (dragged, before the autosave) keeps its own.
 */
export const CARRIED = (path: string) => `${path}:carried`;

/** The values of a list item that none of its fields show, to carry in the form (see CARRIED). */
export function unshownValues(fields: FieldSpec[], item: Json): Record<string, Json> {
  const shown = new Set(fields.map((spec) => spec.name));
  return Object.fromEntries(Object.entries(record(item)).filter(([name]) => !shown.has(name)));
}

/** What was carried for a list item, or null when nothing (or nothing readable) was. */
function readCarried(form: FormSource, path: string): Record<string, Json> | null {
  const raw = form.get(CARRIED(path));
  if (typeof raw !== "string") return null;
  try {
    const value: Json = JSON.parse(raw);
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, Json>) : null;
  } catch {
    return null;
  }
}

const asString = (value: FormDataEntryValue | null) => (typeof value === "string" ? value.replace(/\r\n?/g, "\n") : null);
const record = (value: Json): Record<string, Json> => (value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, Json>) : {});

export function splitParagraphs(text: string): string[] {
  return text.split(/\n[ \t]*\n/).map((p) => p.trim()).filter(Boolean);
}

export function splitLines(text: string): string[] {
  return text.split("\n").map((line) => line.trim()).filter(Boolean);
}

function readField(spec: FieldSpec, base: Json, path: string, form: FormSource): Json {
  switch (spec.kind) {
    case "text":
    case "email":
    case "tel":
    case "url":
    case "textarea": {
      const value = asString(form.get(path));
      if (value === null) return base;
      return spec.optional && value.trim() === "" ? undefined : value;
    }
    case "paragraphs":
    case "lines": {
      const value = asString(form.get(path));
      if (value === null) return base;
      const list = spec.kind === "lines" ? splitLines(value) : splitParagraphs(value);
      return spec.optional && list.length === 0 ? undefined : list;
    }
    case "checkbox":
      return form.has(PRESENT(path)) ? form.has(path) : base;
    case "number": {
      const value = asString(form.get(path));
      if (value === null) return base;
      return /^\s*\d+\s*$/.test(value) ? Number(value) : value;
    }
    case "photos": {
      if (!form.has(PRESENT(path))) return base;
      const ids = form.getAll(path).map(String).filter((id) => id !== "");
      if (spec.maxItems === 1) return ids[0];
      return ids.length === 0 && spec.optional ? undefined : ids;
    }
    case "object": {
      const value = readObject(spec.fields, base ?? {}, path, form);
      const empty = Object.values(record(value)).every((inner) => inner === undefined || inner === "");
      return spec.optional && empty ? undefined : value;
    }
    case "group": {
      const items: Json[] = [];
      const old = Array.isArray(base) ? base : [];
      for (let index = 0; form.has(PRESENT(joinPath(path, index))); index++) {
        const itemPath = joinPath(path, index);
        // The item's own unshown values when the form carries them (it may have been moved in the browser), else
        // those of the item that was at this place.
        const carried = readCarried(form, itemPath);
        const base = carried ?? old[index] ?? spec.newItem(index);
        items.push(readObject(spec.fields, base, itemPath, form));
      }
      return items.length === 0 && !form.has(PRESENT(path)) ? base : items;
    }
  }
}

function readObject(fields: FieldSpec[], base: Json, prefix: string, form: FormSource): Json {
  const result: Record<string, Json> = { ...record(base) };
  for (const spec of fields) {
    const value = readField(spec, record(base)[spec.name], joinPath(prefix, spec.name), form);
    if (value === undefined) delete result[spec.name];
    else result[spec.name] = value;
  }
  return result;
}

/** The document as the posted form has it. A document that is a list (the services) is one group named "". */
export function applyForm(fields: FieldSpec[], base: Json, form: FormSource): Json {
  const root = fields.length === 1 && fields[0]!.kind === "group" && fields[0]!.name === "" ? fields[0]! : null;
  return root ? readField(root, base, "", form) : readObject(fields, base, "", form);
}

export type StructureChange = { action: "add" | "move-up" | "move-down" | "delete"; group: string; index: number };

/** An intent such as "move-up:services.3" or "add:sections" (add has no index), or null. */
export function parseStructureChange(intent: string): StructureChange | null {
  const match = /^(add|move-up|move-down|delete):([\w.-]*?)(?:@(\d+))?$/.exec(intent);
  if (!match) return null;
  return { action: match[1] as StructureChange["action"], group: match[2]!, index: match[3] === undefined ? -1 : Number(match[3]) };
}

export function structureIntent(action: StructureChange["action"], group: string, index?: number): string {
  return `${action}:${group}${index === undefined ? "" : `@${index}`}`;
}

function findGroup(fields: FieldSpec[], path: string): Extract<FieldSpec, { kind: "group" }> | null {
  const steps = path === "" ? [""] : path.split(".");
  let current: FieldSpec[] = fields;
  let found: FieldSpec | undefined;
  for (const step of steps) {
    if (/^\d+$/.test(step) && found?.kind === "group") continue;
    found = current.find((spec) => spec.name === step);
    if (!found) return null;
    current = found.kind === "group" || found.kind === "object" ? found.fields : [];
  }
  return found?.kind === "group" ? found : null;
}

export function getAt(doc: Json, path: string): Json {
  if (path === "") return doc;
  return path.split(".").reduce<Json>((value, step) => (value as Record<string, Json> | undefined)?.[step], doc);
}

function setAt(doc: Json, path: string, value: Json): Json {
  if (path === "") return value;
  const copy = structuredClone(doc) as Record<string, Json>;
  const steps = path.split(".");
  let target = copy;
  for (const step of steps.slice(0, -1)) target = target[step] as Record<string, Json>;
  target[steps.at(-1)!] = value;
  return copy;
}

/** The document with an item added to, moved in or deleted from one of its lists; null when that makes no sense. */
export function changeStructure(fields: FieldSpec[], doc: Json, change: StructureChange): Json | null {
  const group = findGroup(fields, change.group);
  const list = getAt(doc, change.group);
  if (!group || !Array.isArray(list)) return null;
  const items = [...list];
  const { index } = change;
  if (change.action === "add") {
    if (items.length >= group.maxItems) return null;
    items.push(group.newItem(items.length));
  } else if (index < 0 || index >= items.length) {
    return null;
  } else if (change.action === "delete") {
    items.splice(index, 1);
  } else {
    const to = change.action === "move-up" ? index - 1 : index + 1;
    if (to < 0 || to >= items.length) return null;
    [items[index], items[to]] = [items[to], items[index]];
  }
  return setAt(doc, change.group, items);
}

/** The document with the list at `path` in a new order: `order[i]` is the index of the item now at place i. */
export function withOrder(doc: Json, path: string, order: number[]): Json {
  const list = getAt(doc, path);
  if (!Array.isArray(list)) return doc;
  return setAt(doc, path, order.map((index) => list[index]));
}

/** Calls `visit` for every field of a document as it is now (list items numbered), with its path and full label. */
function walkFields(fields: FieldSpec[], doc: Json, prefix: string, outer: string, visit: (path: string, label: string, spec: FieldSpec | null) => void) {
  for (const spec of fields) {
    const path = joinPath(prefix, spec.name);
    const label = outer ? `${outer}: ${spec.label}` : spec.label;
    visit(path, spec.kind === "group" ? spec.label : label, spec);
    if (spec.kind === "group") {
      const list = getAt(doc, path);
      (Array.isArray(list) ? list : []).forEach((item, index) => {
        const name = record(item).name ?? record(item).question ?? record(item).heading;
        const itemLabel = `${spec.itemLabel} ${index + 1}${typeof name === "string" ? ` (${name})` : ""}`;
        visit(joinPath(path, index), itemLabel, null);
        walkFields(spec.fields, doc, joinPath(path, index), outer ? `${outer}, ${itemLabel}` : itemLabel, visit);
      });
    } else if (spec.kind === "object") {
      walkFields(spec.fields, doc, path, label, visit);
    }
  }
}

/** Every field's path and label in a document as it is now (list items numbered). */
export function fieldLabels(fields: FieldSpec[], doc: Json): Map<string, string> {
  const labels = new Map<string, string>();
  walkFields(fields, doc, "", "", (path, label) => labels.set(path, label));
  return labels;
}

export type FieldError = { path: string; label: string; message: string };

/** Zod's issues as the form shows them: on the field they concern (a list's field for one of its lines), named. */
export function describeIssues(fields: FieldSpec[], doc: Json, issues: readonly { path: PropertyKey[]; message: string }[]): FieldError[] {
  const labels = new Map<string, string>();
  const kinds = new Map<string, FieldSpec["kind"]>();
  walkFields(fields, doc, "", "", (path, label, spec) => {
    labels.set(path, label);
    if (spec) kinds.set(path, spec.kind);
  });
  const errors: FieldError[] = [];
  for (const issue of issues) {
    const steps = issue.path.map(String);
    let path = steps.join(".");
    let item = -1;
    while (path !== "" && !labels.has(path)) {
      const last = steps.pop()!;
      if (/^\d+$/.test(last) && item < 0) item = Number(last);
      path = steps.join(".");
    }
    const kind = kinds.get(path);
    const line = item < 0 ? "" : kind === "paragraphs" ? `paragraph ${item + 1} ` : kind === "lines" ? `line ${item + 1} ` : kind === "photos" ? "" : `item ${item + 1} `;
    if (errors.some((error) => error.path === path)) continue;
    errors.push({ path, label: labels.get(path) ?? "This page", message: `${line}${issue.message}` });
  }
  return errors;
}
