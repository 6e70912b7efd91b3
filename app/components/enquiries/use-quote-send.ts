import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import type { EnquiryErrors } from "~/lib/enquiry-form";
import { loadQuoteExtras } from "./load-quote-extras";
import type { PickedPhoto } from "./picked-photo";
import type { PowHandle } from "./pow-widget";

const FIELD_ORDER = ["name", "email", "phone", "postcode", "service", "description", "photos", "consent"] as const;

type Options = {
  enhanced: boolean;
  serviceIds: string[];
  errors: EnquiryErrors;
  started: string;
  question: string;
};

/**
 * The quote form's sending once it is interactive: checks the fields first, solves the proof of work, sends with a
 * progress bar per photo to /contact/quote and goes to the thanks page, or shows the server's messages (focusing
 * the first) with the new timestamp and question it sent. Nothing typed is lost on any refusal.
 */
export function useQuoteSend({ enhanced, serviceIds, errors: serverErrors, started: initialStarted, question }: Options) {
  const navigate = useNavigate();
  const pow = useRef<PowHandle | null>(null);
  const [errors, setErrors] = useState<EnquiryErrors>(serverErrors);
  const [started, setStarted] = useState(initialStarted);
  const [questionText, setQuestionText] = useState(question);
  const [powUnavailable, setPowUnavailable] = useState(false);
  const [photos, setPhotos] = useState<PickedPhoto[]>([]);
  const [progress, setProgress] = useState<number[] | null>(null);
  const [sending, setSending] = useState(false);
  // Previews are object URLs: those still chosen are freed when the form goes away.
  const photosRef = useRef(photos);
  useEffect(() => {
    photosRef.current = photos;
  }, [photos]);
  useEffect(() => () => photosRef.current.forEach((p) => URL.revokeObjectURL(p.preview)), []);
  const onPowUnavailable = useCallback(() => setPowUnavailable(true), []);

  const showErrors = (next: EnquiryErrors) => {
    setErrors(next);
    const first = FIELD_ORDER.find((name) => next[name]);
    requestAnimationFrame(() => {
      if (first) document.getElementById(`quote-${first}`)?.focus();
      else if (next.form) document.getElementById("quote-form-error")?.focus();
    });
  };

  const onSubmit = async (event: React.FormEvent<HTMLFormElement>) => {
    if (!enhanced) return;
    event.preventDefault();
    if (sending) return;
    const body = new FormData(event.currentTarget);
    const fields = Object.fromEntries([...body].filter(([, v]) => typeof v === "string")) as Record<string, string>;
    let submit: Awaited<ReturnType<typeof loadQuoteExtras>>;
    try {
      submit = await loadQuoteExtras();
    } catch {
      return showErrors({ form: "The form could not get ready to send. Please check your signal and send again; nothing you typed is lost." });
    }
    const next = submit.checkQuote(serviceIds, fields, photos);
    if (Object.keys(next).length > 0) return showErrors(next);

    setSending(true);
    setErrors({});
    try {
      if (!powUnavailable) {
        const payload = await pow.current?.solve();
        if (payload) body.set("altcha", payload);
      }
      for (const photo of photos) body.append("photos", photo.file, photo.file.name);
      setProgress(photos.map(() => 0));
      const result = await submit.sendQuote(body, (loaded, total) => setProgress(submit.photoProgress(photos, loaded, total)));
      if (result.ok) {
        navigate(`/contact/thanks?ref=${encodeURIComponent(result.reference)}`);
        return;
      }
      setStarted(result.started);
      setQuestionText(result.question);
      if (result.powRefused) pow.current?.reset();
      showErrors(result.errors);
    } catch (error) {
      showErrors({ form: (error as Error).message });
    } finally {
      setSending(false);
      setProgress(null);
    }
  };

  return { pow, errors, started, questionText, powUnavailable, onPowUnavailable, photos, setPhotos, progress, sending, onSubmit };
}
