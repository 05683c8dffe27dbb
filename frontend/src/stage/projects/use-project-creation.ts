import { useEffect, useState } from 'react';
import { useProjects } from '../../api/projects-api';
import { useSubscription } from '../subscription';
import { creationState, type CreationState } from './project-limit';

/**
 * Whether the caller may create a project now (SPEC §5), from their limits and their projects.
 * Once the form is shown it stays: the project it creates must not swap it for the limit panel
 * halfway through creating, detecting and analysing (the server enforces the limit anyway).
 */
export function useProjectCreation(): CreationState {
  const subscription = useSubscription();
  const projects = useProjects();
  const state = creationState(
    subscription.data?.limits,
    projects.data?.length ?? (projects.error ? 0 : undefined),
    subscription.isLoading,
  );
  const [allowedOnce, setAllowedOnce] = useState<CreationState | null>(null);
  if (state.kind === 'allowed' && !allowedOnce) setAllowedOnce(state);

  const disabled = state.kind === 'disabled' && !subscription.isLoading;
  useEffect(() => {
    // SPEC §5: limits without a numeric maxProjects are logged and creation is disabled.
    if (disabled) console.error('Subscription limits have no numeric maxProjects; project creation is disabled');
  }, [disabled]);
  return allowedOnce ?? state;
}
