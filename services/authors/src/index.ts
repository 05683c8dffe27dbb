export { authorsTarget } from './main.js';
