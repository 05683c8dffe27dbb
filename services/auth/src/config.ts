// Environment of the auth service, validated at boot.
import { baseServiceConfig } from '@castbook/platform';

export const authConfig = baseServiceConfig;
