import { typicalCost } from "~/lib/projects/price-guide";
import { formatCostBand } from "~/lib/projects/project";
import type { Db } from "../db/client.server";
import { getProjectSettings, listPublishedProjects } from "./projects.server";

/** The typical cost as a page shows it: "£340–£510", and how many jobs the range rests on. */
export type ServiceProjects = { projects: number; typicalCost: { band: string; jobs: number } | null };

/**
 * For each service with published projects: how many, and their typical cost (lib/projects/price-guide.ts) when
 * the owner has the price guide on and at least three of them have a cost band. Formatted here, as a project's
 * own cost is (project-view.server.ts): the formatter's module holds the project form's schemas, which must not
 * reach the browser.
 */
export async function listServiceProjects(db: Db): Promise<Map<string, ServiceProjects>> {
  const [projects, settings] = await Promise.all([listPublishedProjects(db), getProjectSettings(db)]);
  const byService = new Map<string, typeof projects>();
  for (const project of projects) byService.set(project.serviceId, [...(byService.get(project.serviceId) ?? []), project]);
  return new Map(
    [...byService].map(([serviceId, list]) => {
      const bands = list.flatMap((project) => (project.costFrom !== null && project.costTo !== null ? [{ from: project.costFrom, to: project.costTo }] : []));
      const cost = settings.priceGuide ? typicalCost(bands) : null;
      return [serviceId, { projects: list.length, typicalCost: cost ? { band: formatCostBand(cost.low, cost.high), jobs: cost.jobs } : null }];
    }),
  );
}
