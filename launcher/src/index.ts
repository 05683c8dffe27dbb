export { parseTargets, TARGET_NAMES } from './args.js';
