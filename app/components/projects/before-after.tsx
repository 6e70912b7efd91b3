import { useState } from "react";
import { PhotoView } from "~/components/public/photo-view";
import type { Photo } from "~/lib/photo";

type Props = {
  before: Photo;
  after: Photo;
  /** Which pair, for the slider's name: "Compare before and after, pair 2 of 3". */
  name: string;
  /**
   * Not the first pair: fetched as it comes near, and only once the first pair's photos have been drawn even when it
   * shows on the first screen (`photo-held`, styles/projects.css), so on a weak signal the first comparison does not
   * share the connection with the next. In the first pair the "before" photo comes first (the page's priority
   * photo, filling the frame) and the "after" photo once it is drawn (`photo-next`); without script, both at once.
   */
  lazy?: boolean;
};

/** Both photos use one `sizes`, so the two layouts ask for the same files and the browser fetches each once. */
const SIZES = "(min-width: 992px) 880px, calc(100vw - 24px)";

/**
 * One before-and-after pair, our own and small. The server sends two layouts; CSS shows one (styles/projects.css):
 *
 * - without script (`@media (scripting: none)`, and in browsers that do not know the media feature), two figures
 *   captioned "Before" and "After", side by side, stacked on a phone;
 * - with script, one frame: the "before" photo with the "after" photo over it, cut off by `clip-path` at the
 *   handle. The handle is a native range input over the whole frame, so the pointer, touch and the keyboard
 *   (arrows 1 %, Page Up and Page Down 10 %, Home and End) all come from the browser, with its slider role.
 *
 * "After" is on the left and grows as the handle moves right, so the value reads as "62 % after". Both photos
 * fill a frame of the "after" photo's proportions, and the frame's space is reserved before anything loads.
 */
export function BeforeAfter({ before, after, name, lazy = false }: Props) {
  const [position, setPosition] = useState(50);
  const ratio = `${after.width} / ${after.height}`;
  return (
    <div className={lazy ? "ba photo-held" : "ba"} style={{ "--ba-ratio": ratio } as React.CSSProperties}>
      <div className="ba-figures">
        <figure className="ba-figure">
          <PhotoView photo={before} sizes={SIZES} lazy={lazy} priority={!lazy} later={lazy} className="ba-img" />
          <figcaption>Before</figcaption>
        </figure>
        <figure className="ba-figure">
          <PhotoView photo={after} sizes={SIZES} lazy later={lazy} className="ba-img" />
          <figcaption>After</figcaption>
        </figure>
      </div>
      <div className="ba-slider" style={{ "--ba-pos": `${position}%`, backgroundColor: before.placeholderColor } as React.CSSProperties}>
        <div className="ba-layer">
          <PhotoView photo={before} sizes={SIZES} lazy={lazy} priority={!lazy} later={lazy} className="ba-img" />
        </div>
        <div className={lazy ? "ba-layer ba-after" : "ba-layer ba-after photo-next"} style={{ backgroundColor: after.placeholderColor }}>
          <PhotoView photo={after} sizes={SIZES} lazy later={lazy} className="ba-img" />
        </div>
        <span className="ba-label ba-label-after" aria-hidden="true">
          After
        </span>
        <span className="ba-label ba-label-before" aria-hidden="true">
          Before
        </span>
        <span className="ba-handle" aria-hidden="true" />
        <input
          type="range"
          className="ba-range"
          min={0}
          max={100}
          step={1}
          value={position}
          aria-label={`Compare before and after: ${name}`}
          aria-valuetext={`${position} % after`}
          onChange={(event) => setPosition(Number(event.currentTarget.value))}
        />
      </div>
    </div>
  );
}
