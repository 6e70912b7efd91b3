import { PhotoPicker, type PickablePhoto } from "~/components/content/content-field";
import { PROJECT_LIMITS, type ProjectDraft } from "~/lib/projects/project";
import { ProjectTextInput } from "./project-text-input";

type Props = { project: ProjectDraft; photos: PickablePhoto[]; upload?: React.ReactNode };

/** The project's photos: before-and-after pairs, then further photos, each picked from the galleries with its alt text. */
export function ProjectPhotoFields({ project, photos, upload }: Props) {
  // One empty pair more than there are, so a pair can be added without script: fill it and save.
  const pairSlots = project.pairs.length < PROJECT_LIMITS.pairs ? [...project.pairs, { before: "", after: "", beforeAlt: "", afterAlt: "" }] : project.pairs;
  return (
    <>
      <h2 className="h4 mt-4">Before and after</h2>
      <p className="form-text">Pick a before photo and an after photo of the same view, or upload them below. Save to get room for another pair.</p>
      {pairSlots.map((pair, index) => (
        <fieldset key={index} className="border rounded p-2 mb-3">
          <legend className="fs-6 fw-semibold float-none w-auto px-1">Pair {index + 1}</legend>
          {(["before", "after"] as const).map((side) => (
            <div key={side}>
              <PhotoPicker
                spec={{ kind: "photos", name: `pair-${index}-${side}`, label: side === "before" ? "Before" : "After", maxItems: 1 }}
                path={`pair-${index}-${side}`}
                id={`pair-${index}-${side}`}
                value={pair[side]}
                photos={photos}
                noneLabel="None"
              />
              <ProjectTextInput
                name={`pair-${index}-${side}Alt`}
                label={`${side === "before" ? "Before" : "After"} photo: alt text`}
                value={pair[`${side}Alt`]}
                max={PROJECT_LIMITS.alt}
                hint="What the photo shows, for people who cannot see it."
              />
            </div>
          ))}
          {index < project.pairs.length ? (
            <div className="form-check">
              <input type="checkbox" className="form-check-input" id={`pair-${index}-remove`} name={`pair-${index}-remove`} />
              <label className="form-check-label" htmlFor={`pair-${index}-remove`}>
                Remove this pair
              </label>
            </div>
          ) : null}
        </fieldset>
      ))}

      <h2 className="h4 mt-4">Further photos</h2>
      <PhotoPicker
        spec={{ kind: "photos", name: "photos", label: "Further photos", maxItems: PROJECT_LIMITS.photos }}
        path="photos"
        id="project-photos"
        value={project.photos.map((photo) => photo.id)}
        photos={photos}
      />
      {project.photos.map((photo, index) => (
        <ProjectTextInput key={photo.id} name={`photo-alt-${photo.id}`} label={`Further photo ${index + 1}: alt text`} value={photo.alt} max={PROJECT_LIMITS.alt} />
      ))}
      {upload}
    </>
  );
}
