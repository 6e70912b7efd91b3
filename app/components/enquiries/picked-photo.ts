/** A photo chosen in the quote form, before it is sent: the file and its preview's object URL. */
export type PickedPhoto = { id: string; file: File; preview: string };
