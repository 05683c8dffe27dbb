export { analysisTarget } from './main.js';
