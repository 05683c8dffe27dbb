// One toast at a time in the project screens (SPEC §9): each replaces the last.
import { toast } from 'sonner';

export const TOAST_ID = 'workspace';

export const failed = (description: string, title = 'Error') => toast.error(title, { id: TOAST_ID, description });

export const succeeded = (title: string, description?: string) =>
  toast.success(title, { id: TOAST_ID, ...(description !== undefined && { description }) });
