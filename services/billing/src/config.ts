// Environment of the billing service, validated at boot.
import { baseServiceConfig } from '@castbook/platform';

export const billingConfig = baseServiceConfig;
