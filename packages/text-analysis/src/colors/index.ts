export { assignColors, hashName, normaliseName } from './assignColors.js';
