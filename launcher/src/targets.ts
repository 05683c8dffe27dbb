// Every target the launcher can start, in start order: services first, the gateway last.
import type { Target } from '@castbook/platform';
import { authTarget } from '@castbook/auth-service';
import { projectsTarget } from '@castbook/projects-service';
import { authorsTarget } from '@castbook/authors-service';
import { analysisTarget } from '@castbook/analysis-service';
import { billingTarget } from '@castbook/billing-service';
import { gatewayTarget } from '@castbook/gateway';

export const SERVICE_TARGETS: Target[] = [authTarget, projectsTarget, authorsTarget, analysisTarget, billingTarget];
export const ALL_TARGETS: Target[] = [...SERVICE_TARGETS, gatewayTarget];
