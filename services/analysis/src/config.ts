// Environment of the analysis service, validated at boot.
import { baseServiceConfig } from '@castbook/platform';

export const analysisConfig = baseServiceConfig;
