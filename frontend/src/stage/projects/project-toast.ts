// Toasts of the project screens: one at a time (SPEC §9), titled as SPEC §8 says ('Error' unless
// noted), the detail underneath.
import { toast, type ExternalToast } from 'sonner';

type Kind = 'success' | 'error' | 'warning' | 'info';

function show(kind: Kind, title: string, description?: string, options?: ExternalToast) {
  // A new toast replaces whatever the project screens showed before.
  toast.dismiss();
  return toast[kind](title, { description, ...options });
}

export const projectToast = {
  success: (title: string, description?: string, options?: ExternalToast) =>
    show('success', title, description, options),
  /** SPEC §8: an error toast is titled 'Error' and says what failed. */
  error: (description: string, title = 'Error', options?: ExternalToast) => show('error', title, description, options),
  warning: (title: string, description?: string, options?: ExternalToast) =>
    show('warning', title, description, options),
  info: (title: string, description?: string, options?: ExternalToast) => show('info', title, description, options),
};
