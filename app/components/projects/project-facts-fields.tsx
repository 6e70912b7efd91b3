import { PROJECT_LIMITS, type ProjectDraft } from "~/lib/projects/project";
import { ProjectFieldError, ProjectTextInput } from "./project-text-input";

type Props = { project: ProjectDraft; services: { id: string; name: string }[]; errorFor: (name: string) => string | undefined };

/** The project's facts and story: what the page's heading, facts list and text show. */
export function ProjectFactsFields({ project, services, errorFor }: Props) {
  return (
    <>
      <ProjectTextInput name="title" label="Title" value={project.title} max={PROJECT_LIMITS.title} error={errorFor("title")} />
      <div className="mb-3">
        <label htmlFor="project-serviceId" className="form-label">
          Service
        </label>
        <select id="project-serviceId" name="serviceId" className={`form-select${errorFor("serviceId") ? " is-invalid" : ""}`} defaultValue={project.serviceId}>
          <option value="">Choose…</option>
          {services.map((service) => (
            <option key={service.id} value={service.id}>
              {service.name}
            </option>
          ))}
        </select>
        <ProjectFieldError name="serviceId" error={errorFor("serviceId")} />
      </div>
      <ProjectTextInput name="town" label="Town" value={project.town} max={PROJECT_LIMITS.town} error={errorFor("town")} hint="The town or village only, never the street: the page is public." />
      <div className="row g-2">
        <div className="col-sm-6">
          <ProjectTextInput name="month" label="Month" type="month" value={project.month} max={7} error={errorFor("month")} hint="Month and year the job was done (YYYY-MM)." />
        </div>
        <div className="col-sm-6">
          <ProjectTextInput name="duration" label="How long it took" value={project.duration} max={PROJECT_LIMITS.duration} error={errorFor("duration")} hint="For example “3 days” (optional)." />
        </div>
        <div className="col-6">
          <ProjectTextInput name="costFrom" label="Cost from" value={project.costFrom === null ? "" : String(project.costFrom)} max={10} inputMode="numeric" error={errorFor("costFrom")} hint="Pounds (optional)" />
        </div>
        <div className="col-6">
          <ProjectTextInput name="costTo" label="Cost to" value={project.costTo === null ? "" : String(project.costTo)} max={10} inputMode="numeric" error={errorFor("costTo")} hint="Pounds (optional)" />
        </div>
      </div>
      <div className="mb-3">
        <label htmlFor="project-story" className="form-label">
          Story
        </label>
        <textarea id="project-story" name="story" className={`form-control${errorFor("story") ? " is-invalid" : ""}`} rows={8} defaultValue={project.story} aria-describedby="project-story-hint" />
        <div id="project-story-hint" className="form-text">
          What the job was and how it went. **bold**, *italic*, [links](https://…) and lists; an empty line starts a new paragraph. At most {PROJECT_LIMITS.story} characters.
        </div>
        <ProjectFieldError name="story" error={errorFor("story")} />
      </div>
    </>
  );
}

/** The customer's review of the job, shown on the project page while it is published. */
export function LinkedReviewField({ reviewId, reviews }: { reviewId: string | null; reviews: { id: string; label: string }[] }) {
  return (
    <div className="mb-3 mt-4">
      <label htmlFor="project-reviewId" className="form-label h4 d-block">
        Linked review
      </label>
      <select id="project-reviewId" name="reviewId" className="form-select" defaultValue={reviewId ?? ""} aria-describedby="project-reviewId-hint">
        <option value="">None</option>
        {reviews.map((review) => (
          <option key={review.id} value={review.id}>
            {review.label}
          </option>
        ))}
      </select>
      <div id="project-reviewId-hint" className="form-text">
        The customer&apos;s review of this job, if they left one. It shows on the project page while the review is published.
      </div>
    </div>
  );
}
