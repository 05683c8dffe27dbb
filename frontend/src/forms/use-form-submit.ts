// The submit block the account and author forms share: the last server error cleared, the save run,
// the server's words (or the form's own message) shown above the form on failure, and the toasts.
import { useCallback, useState } from 'react';
import { toast } from 'sonner';
import { formErrorOf } from './errors';

export interface SubmitMessages<T> {
  /** The form's own words when the server gives none (SPEC §8); also the failure toast's title. */
  failure: string;
  /** Toast the failure too (the settings forms do; the public pages show the alert only). */
  toastFailure?: boolean;
  /** The success toast, if any. */
  success?: string | ((result: T) => string);
}

export type Submitted<T> = { ok: true; value: T } | { ok: false; error: string };

export function useFormSubmit() {
  const [serverError, setServerError] = useState<string | null>(null);

  const submit = useCallback(async <T>(save: () => Promise<T>, messages: SubmitMessages<T>): Promise<Submitted<T>> => {
    setServerError(null);
    let value: T;
    try {
      value = await save();
    } catch (err) {
      const error = formErrorOf(err, messages.failure);
      setServerError(error);
      if (messages.toastFailure) toast.error(messages.failure);
      return { ok: false, error };
    }
    const { success } = messages;
    if (success) toast.success(typeof success === 'function' ? success(value) : success);
    return { ok: true, value };
  }, []);

  return { serverError, setServerError, submit };
}
