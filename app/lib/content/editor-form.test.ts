import { describe, expect, it } from "vitest";
import { EDITOR_FIELDS } from "./editor-fields";
import { CARRIED, PRESENT, applyForm, changeStructure, describeIssues, parseStructureChange, structureIntent, unshownValues, withOrder } from "./editor-form";
import { ServicesSchema } from "../site-config";

const services = [
  { id: "plastering", name: "Plastering", title: "T", description: "D", summary: "S", items: ["a", "b"], artwork: [{ src: "/x.svg", alt: "x", width: 1, height: 1 }] },
  { id: "tiling", name: "Tiling", title: "T", description: "D", summary: "S", items: ["c"] },
];

function form(entries: [string, string][]): FormData {
  const data = new FormData();
  for (const [name, value] of entries) data.append(name, value);
  return data;
}

describe("the editor's form", () => {
  it("reads a post onto the document it was made from, keeping what the form does not show", () => {
    const post = form([
      [PRESENT(""), "1"],
      [PRESENT("0"), "1"],
      ["0.name", "Plastering and rendering"],
      ["0.items", "one\r\n\r\n  two  \n"],
      ["0.prose", ""],
      [PRESENT("1"), "1"],
      ["1.items", ""],
      ["1.prose", "First.\n\nSecond."],
    ]);
    const result = applyForm(EDITOR_FIELDS.services, services, post) as typeof services;
    expect(result[0]).toMatchObject({ name: "Plastering and rendering", items: ["one", "two"], artwork: services[0]!.artwork });
    expect(result[0]).not.toHaveProperty("prose");
    expect(result[1]).not.toHaveProperty("items");
    expect(result[1]).toMatchObject({ prose: ["First.", "Second."] });
  });

  it("keeps an item's unshown values with it when the browser moved it before posting", () => {
    // The form as the editor renders it after dragging Tiling above Plastering: names follow the new places.
    const shown = withOrder(services, "", [1, 0]) as typeof services;
    expect(shown.map((s) => s.id)).toEqual(["tiling", "plastering"]);
    const post = form(
      shown.flatMap((service, index): [string, string][] => [
        [PRESENT(String(index)), "1"],
        [CARRIED(String(index)), JSON.stringify(unshownValues(EDITOR_FIELDS.services[0]!.kind === "group" ? EDITOR_FIELDS.services[0]!.fields : [], service))],
        [`${index}.id`, service.id],
        [`${index}.name`, service.name],
        [`${index}.items`, service.items.join("\n")],
      ]),
    );
    const result = applyForm(EDITOR_FIELDS.services, services, post) as typeof services;
    expect(result.map((s) => s.id)).toEqual(["tiling", "plastering"]);
    expect(result[0]).not.toHaveProperty("artwork");
    expect(result[1]).toMatchObject({ id: "plastering", artwork: services[0]!.artwork });
  });

  it("moves, adds and deletes list items, and refuses moves past either end", () => {
    const up = parseStructureChange(structureIntent("move-up", "", 1))!;
    expect((changeStructure(EDITOR_FIELDS.services, services, up) as typeof services).map((s) => s.id)).toEqual(["tiling", "plastering"]);
    expect(changeStructure(EDITOR_FIELDS.services, services, parseStructureChange(structureIntent("move-up", "", 0))!)).toBeNull();
    const added = changeStructure(EDITOR_FIELDS.services, services, parseStructureChange(structureIntent("add", ""))!) as typeof services;
    expect(added).toHaveLength(3);
    expect(ServicesSchema.safeParse(added).success).toBe(true);
    const deleted = changeStructure(EDITOR_FIELDS.services, services, parseStructureChange(structureIntent("delete", "", 0))!) as typeof services;
    expect(deleted.map((s) => s.id)).toEqual(["tiling"]);
    expect(parseStructureChange("publish")).toBeNull();
  });

  it("names the field and the reason of each refusal", () => {
    const bad = [services[0], { ...services[1], id: "plastering", items: ["ok", "x".repeat(201)] }];
    const parsed = ServicesSchema.safeParse(bad);
    expect(describeIssues(EDITOR_FIELDS.services, bad, parsed.error!.issues)).toEqual([
      { path: "1.items", label: "Service 2 (Tiling): Work offered", message: "line 2 must be at most 200 characters" },
      { path: "1.id", label: "Service 2 (Tiling): Address id (/services#id)", message: '"plastering" is already the address of another service' },
    ]);
  });
});
