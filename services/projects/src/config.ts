// Environment of the projects service, validated at boot.
import { baseServiceConfig } from '@castbook/platform';

export const projectsConfig = baseServiceConfig;
