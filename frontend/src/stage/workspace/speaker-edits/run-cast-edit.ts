// The shape of the workspace's undoable cast edit (use-workspace-edits' `castEdit`):
// it calls a route answering {characters, quotes}, puts the answer in the project's cache, toasts
// `done` or the server's words, and answers whether it was applied.
import type { Cast } from '../../../api/cast-api';

export type RunCastEdit = (label: string, call: () => Promise<Cast>, options?: { done?: string }) => Promise<boolean>;
