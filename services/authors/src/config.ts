// Environment of the authors service, validated at boot.
import { baseServiceConfig } from '@castbook/platform';

export const authorsConfig = baseServiceConfig;
