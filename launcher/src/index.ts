export { parseTargets, TARGET_NAMES } from './args.js';
export { startTargets, type StartTargetsOptions } from './start-targets.js';
