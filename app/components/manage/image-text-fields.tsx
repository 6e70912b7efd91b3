import { TextAreaField } from "~/components/forms/text-area-field";
import { LIMITS } from "~/lib/schemas/gallery";

export type ImageTexts = { title: string; caption: string };

const FIELDS = [
  { field: "title", label: "Title / Alt", rows: 2, className: undefined },
  { field: "caption", label: "Caption", rows: 3, className: "mb-3" },
] as const;

type Props = {
  /** The fields' ids are `${idPrefix}-title` and `${idPrefix}-caption`. */
  idPrefix: string;
  texts: ImageTexts;
  onChange: (texts: ImageTexts) => void;
  /** Posted with the form as "title" and "caption"; the upload panel sends them with each file instead. */
  named?: boolean;
  errors?: Partial<Record<keyof ImageTexts, string | null>>;
};

/** The Title / Alt and Caption of an image, as it is uploaded and as it is edited. */
export function ImageTextFields({ idPrefix, texts, onChange, named = false, errors }: Props) {
  return FIELDS.map(({ field, label, rows, className }) => (
    <TextAreaField
      key={field}
      id={`${idPrefix}-${field}`}
      label={label}
      name={named ? field : undefined}
      rows={rows}
      maxLength={LIMITS[field]}
      value={texts[field]}
      onChange={(value) => onChange({ ...texts, [field]: value })}
      error={errors?.[field]}
      className={className}
    />
  ));
}
