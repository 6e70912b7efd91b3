import { type TypicalCost, typicalCost } from "~/lib/projects/price-guide";
import type { Db } from "../db/client.server";
import { getProjectSettings, listPublishedProjects } from "./projects.server";

export type ServiceProjects = { projects: number; typicalCost: TypicalCost | null };

/**
 * For each service with published projects: how many, and their typical cost (lib/projects/price-guide.ts) when
 * the owner has the price guide on and at least three of them have a cost band.
 */
export async function listServiceProjects(db: Db): Promise<Map<string, ServiceProjects>> {
  const [projects, settings] = await Promise.all([listPublishedProjects(db), getProjectSettings(db)]);
  const byService = new Map<string, typeof projects>();
  for (const project of projects) byService.set(project.serviceId, [...(byService.get(project.serviceId) ?? []), project]);
  return new Map(
    [...byService].map(([serviceId, list]) => {
      const bands = list.flatMap((project) => (project.costFrom !== null && project.costTo !== null ? [{ from: project.costFrom, to: project.costTo }] : []));
      return [serviceId, { projects: list.length, typicalCost: settings.priceGuide ? typicalCost(bands) : null }];
    }),
  );
}
