export { authTarget } from './main.js';
