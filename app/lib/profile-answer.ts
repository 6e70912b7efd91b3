/** What the profile page's action answers, for each of its forms (the `intent` posted). */
export type ProfileAnswer = {
  intent: string;
  ok: boolean;
  /** The field an error belongs under. */
  field?: string;
  error?: string;
  /** A message the spec shows in a modal (with scripts) or in the form (a plain post). */
  modal?: { title: string; message: string };
};
